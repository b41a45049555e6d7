"""The `senet` command line: run the platform or one of its services, play, measure.

Every verb is a module of `services.cli.verbs` listed in `VERBS` (its `senet --help` order),
each with `VERB`, `register(verbs)` and `run(args)`."""

from __future__ import annotations

import argparse
import contextlib
import difflib
import faulthandler
import inspect
import os
import sys
import traceback
from collections.abc import Awaitable, Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

import structlog

from services.cli.event_loop import run_coroutine
from services.cli.failures import explain
from services.cli.options import (
    ENV_HELP,
    add_process_options,
    apply_env,
    log_json,
    unknown_variables,
)
from services.cli.verbs import (
    bench,
    bots,
    export,
    gateway,
    keys,
    notify,
    rebuild,
    relay,
    replay,
    scoring,
    selfplay,
    serve,
    table,
    verify,
)
from shared.logging import configure
from shared.redact import redact

VERBS: tuple[ModuleType, ...] = (
    serve, gateway, table, relay, scoring, bots, selfplay, bench,
    export, keys, notify, rebuild, replay, verify,
)  # fmt: skip


def build_parser(env: Mapping[str, str] | None = None) -> argparse.ArgumentParser:
    """The argument parser of every verb, defaults read from `SENET_*` variables (`env`,
    the process environment by default: the one place it is read, once, at start-up);
    ValueError for a variable with a bad value."""
    parser = argparse.ArgumentParser(
        prog="senet",
        description="senet: an event-sourced backend for asynchronous online board games.",
        epilog=ENV_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_process_options(parser, top=True)
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
    for verb in VERBS:
        verb.register(verbs)
    for sub in verbs.choices.values():
        add_process_options(sub, top=False)
        sub.set_defaults(verb_parser=sub)  # its usage, for an option it does not know
    apply_env(parser, os.environ if env is None else env)
    return parser


def runner(name: str) -> Callable[[argparse.Namespace], int | Awaitable[int]]:
    """The `run` of the verb called `name` (KeyError for no such verb)."""
    return {verb.VERB: verb.run for verb in VERBS}[name]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    try:
        parser = build_parser()
    except ValueError as exc:  # a SENET_* variable with a value its option refuses
        print(f"senet: {redact(str(exc))}", file=sys.stderr)
        return 2
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        refuse_unknown(args.verb_parser, unknown)
    configure(json=log_json(args), level=args.log_level)
    for variable in unknown_variables(parser, os.environ):
        structlog.get_logger("senet").warning("unknown_variable_ignored", variable=variable)
    # A crash in a C extension (a signal such as SIGSEGV) prints every thread's Python stack
    # to stderr before the process dies, so the log names where it happened.
    if not faulthandler.is_enabled():
        with contextlib.suppress(ValueError, OSError):  # stderr without a file descriptor
            faulthandler.enable()
    try:
        return _dispatch(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        # A known start-up failure is one line (what, where, how to fix); the traceback
        # only at --log-level DEBUG. Anything else is a bug and keeps its traceback.
        message = explain(exc, args)
        if message is None:
            raise
        print(f"senet: {redact(message)}", file=sys.stderr, flush=True)
        if str(args.log_level).upper() == "DEBUG":
            print(redact(traceback.format_exc()), file=sys.stderr)
        return 2 if isinstance(exc, ValueError) else 1


def refuse_unknown(parser: argparse.ArgumentParser, unknown: Sequence[str]) -> None:
    """Exit 2 with the verb's own usage, naming the options it does not know and the
    nearest ones it does (`senet serve --prot 8081`: did you mean --port?)."""
    known = [option for action in parser._actions for option in action.option_strings]
    hints = []
    for word in unknown:
        if word.startswith("-"):
            close = difflib.get_close_matches(word.split("=", 1)[0], known, n=1, cutoff=0.6)
            hints += [f"{word.split('=', 1)[0]}: did you mean {close[0]}?"] if close else []
    message = f"unrecognized arguments: {' '.join(unknown)}"
    parser.error(message + (f" ({'; '.join(hints)})" if hints else ""))


def _dispatch(args: argparse.Namespace) -> int:
    outcome: Any = runner(args.verb)(args)
    if inspect.iscoroutine(outcome):
        outcome = run_coroutine(outcome, args.event_loop)
    return int(outcome)


if __name__ == "__main__":
    raise SystemExit(main())
