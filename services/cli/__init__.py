"""The `senet` command line: one module per verb in `verbs/`, what the verbs share beside it."""
