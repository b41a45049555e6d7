"""The one reader of settings: every option of every verb from its flag, else its `SENET_*`
environment variable, else its default, with the variable named in its `--help`.

Variable names follow the option: `--store` is SENET_STORE, `--rate-limit` SENET_RATE_LIMIT;
options of `senet bench` (and its kinds) are SENET_BENCH_<NAME>; a few keep older names
(`RENAMED`). `apply_env` walks a finished parser, so every verb (a module of
`services/cli/verbs/`) gets the same treatment without code of its own.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from typing import Any

from services.table.sweeper import DEFAULT_TTL, open_table_ttl

ENV_HELP = """
Every option can also be set by an environment variable, named in its help: SENET_STORE,
SENET_BROKER, SENET_PREFIX, SENET_PORT, ... (`senet VERB --help` lists them); also
SENET_ADMIN_TOKENS (SHA-256 hashes of admin tokens, comma-separated; see `senet keys
admin-token`) and the gateway's limits: SENET_RATE_LIMIT, SENET_RATE_BURST,
SENET_MAX_IN_FLIGHT, SENET_MAX_IN_FLIGHT_PER_PLAYER, SENET_MAX_SOCKETS_PER_PLAYER,
SENET_MAX_SOCKETS_PER_ADDRESS, SENET_MAX_BODY, SENET_WS_MAX_MESSAGE, SENET_WS_MESSAGE_RATE,
SENET_WS_MESSAGE_BURST, SENET_ALLOWED_ORIGINS,
SENET_COMMAND_TIMEOUT, SENET_STORE_TIMEOUT, SENET_RETRY_AFTER (docs/operations.md).
Stores are URLs: memory, sqlite:///path/file.db (relative) or sqlite:////abs/file.db,
postgresql://user@host:port/db[?schema=NAME] (schema `senet` by default, created if
missing). Brokers: memory or amqp://user:password@host:port/vhost.
"""

RENAMED = {"smtp": "SMTP_URL", "timing": "NOTIFY_TIMING", "metrics_host": "HOST"}
# Older names still read when the option's own variable is not set.
OLDER = {("notify", "metrics_port"): "SENET_NOTIFY_METRICS_PORT"}
RENAMED_IN = {("table", "workers"): "TABLE_WORKERS"}
TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_name(verb: str, dest: str) -> str:
    """The SENET_* variable of an option of a verb ("" for the top level)."""
    name = RENAMED_IN.get((verb, dest)) or RENAMED.get(dest) or dest.upper()
    return f"SENET_BENCH_{name}" if verb.split(" ")[0] == "bench" else f"SENET_{name}"


def add_log_options(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """`--log-json` and `--log-level`, before the verb (top) or after it (each verb)."""
    parser.add_argument(
        "--log-json", action=argparse.BooleanOptionalAction,
        default=None if top else argparse.SUPPRESS,
        help="JSON log lines (the default when stderr is not a terminal)",
    )  # fmt: skip
    parser.add_argument(
        "--log-level", default="INFO" if top else argparse.SUPPRESS,
        help="DEBUG, INFO, WARNING or ERROR (DEBUG also prints start-up tracebacks)",
    )  # fmt: skip


def add_platform_options(parser: argparse.ArgumentParser, store_default: str) -> None:
    """Where a platform keeps its events and messages: --store, --broker, --prefix, --shards."""
    parser.add_argument("--store", default=store_default, help="event store URL [%(default)s]")
    parser.add_argument("--broker", default="memory", help="broker URL [%(default)s]")
    parser.add_argument(
        "--prefix", default="senet",
        help="name prefix of this platform's queues and exchanges [%(default)s]",
    )  # fmt: skip
    parser.add_argument("--shards", type=int, default=8, help="command shards [%(default)s]")
    parser.add_argument(
        "--open-table-ttl", type=_ttl, default=DEFAULT_TTL, metavar="SECONDS",
        help="an open table idle this long is cancelled (more than 0, under ten years) "
        "[%(default)s]",
    )  # fmt: skip
    parser.add_argument(
        "--readmodels-projector", action=argparse.BooleanOptionalAction, default=True,
        help="run the read-model projector in this process (off: lists are as current as "
        "the projectors elsewhere keep them) [on]",
    )  # fmt: skip
    parser.add_argument(
        "--readmodels-pause", type=float, default=0.0, metavar="SECONDS",
        help="a test hook: pause after each committed read-model batch [%(default)s]",
    )  # fmt: skip
    parser.add_argument(
        "--tournament-pause", type=float, default=0.0, metavar="SECONDS",
        help="a test hook: the tournament manager pauses after each effect [%(default)s]",
    )  # fmt: skip


def _ttl(raw: str) -> float:
    """`open_table_ttl`, its reason shown by argparse."""
    try:
        return open_table_ttl(raw)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def settings_env() -> Mapping[str, str]:
    """The environment settings are read from (`GatewaySettings.from_env` parses its part)."""
    return os.environ


def add_http_options(parser: argparse.ArgumentParser) -> None:
    """Where the gateway listens: --host, --port, and its --table-cache."""
    parser.add_argument("--host", default="127.0.0.1", help="bind address [%(default)s]")
    parser.add_argument("--port", type=int, default=8080, help="HTTP port [%(default)s]")
    parser.add_argument(
        "--table-cache", type=int, default=None, metavar="N",
        help="tables the views cache holds [2000]",
    )  # fmt: skip


def log_json(args: argparse.Namespace) -> bool:
    """JSON logs when asked, else when stderr is not a terminal (a service, a pipe)."""
    chosen = getattr(args, "log_json", None)
    return chosen if chosen is not None else not sys.stderr.isatty()


def apply_env(
    parser: argparse.ArgumentParser, env: Mapping[str, str] | None = None, verb: str = ""
) -> None:
    """Set each option's default from its variable (recursively for verbs); name the
    variable in its help. ValueError for a value the option would refuse."""
    env = os.environ if env is None else env
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                apply_env(sub, env, f"{verb} {name}".strip())
            continue
        if not action.option_strings or isinstance(action, argparse._HelpAction):
            continue
        variable = env_name(verb, action.dest)
        if action.help is not None and variable not in action.help:
            action.help = f"{action.help} [{variable}]"
        raw = env.get(variable)
        if raw is None and (verb, action.dest) in OLDER:
            raw = env.get(OLDER[verb, action.dest])
        if raw is None or action.default is argparse.SUPPRESS:
            continue
        action.default = _convert(action, variable, raw)


def _convert(action: argparse.Action, variable: str, raw: str) -> Any:
    if isinstance(action, argparse._StoreTrueAction | argparse.BooleanOptionalAction):
        if raw.strip().lower() not in TRUE | FALSE:
            raise ValueError(f"{variable}={raw!r}: use 1 or 0")
        return raw.strip().lower() in TRUE
    try:
        value = action.type(raw) if callable(action.type) else raw
    except (TypeError, ValueError, argparse.ArgumentTypeError) as exc:
        raise ValueError(f"{variable}={raw!r}: {exc}") from exc
    if action.choices is not None and value not in action.choices:
        raise ValueError(f"{variable}={raw!r}: one of {', '.join(map(str, action.choices))}")
    return value


def options_without_help(parser: argparse.ArgumentParser, verb: str = "") -> list[str]:
    """Every `verb --option` that has no help text (a test keeps this empty)."""
    missing: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                missing += options_without_help(sub, f"{verb} {name}".strip())
        elif action.option_strings and not action.help:
            missing.append(f"{verb} {action.option_strings[-1]}".strip())
    return missing
