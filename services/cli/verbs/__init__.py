"""The verbs of `senet`, one module each, all alike: `VERB` (its name), `register(verbs)`
(adds its parser to the verbs' subparsers) and `run(args)` (its exit status; may be a
coroutine function). `services.cli.main.VERBS` lists them in `senet --help` order."""
