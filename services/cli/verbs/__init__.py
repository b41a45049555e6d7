"""CLI verbs in their own modules: each has VERB, `add_parser(subparsers)` and `run(args)`."""
