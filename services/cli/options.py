"""The command line of every verb: a role's settings become flags (`add_settings`, from the
typed definitions in services/cli/settings.py), a tool's options are its own arguments; then
`apply_env` gives every flag its default from its `SENET_*` variable, once, at start-up.

A setting's variable is its own (shared/settings.py); a tool option's follows the option:
`--timeout` of `senet selfplay` is SENET_TIMEOUT, options of `senet bench` (and its kinds)
SENET_BENCH_<NAME>. `unknown_variables` names the SENET_* variables nothing reads.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Mapping
from typing import Any

import msgspec

from shared.settings import FALSE, TRUE, Setting, values
from shared.settings import settings_of as settings_of_type

ENV_HELP = """
Every option can also be set by an environment variable, named in its help: SENET_STORE,
SENET_BROKER, SENET_PORT, SENET_RATE_LIMIT, ... (`senet VERB --help` lists them, and
docs/operations.md every setting of every role); a flag wins over its variable. Stores are
URLs: memory, sqlite:///path/file.db (relative) or sqlite:////abs/file.db,
postgresql://user@host:port/db[?schema=NAME] (schema `senet` by default, created if
missing). Brokers: memory or amqp://user:password@host:port/vhost.
"""


def env_name(verb: str, dest: str) -> str:
    """The SENET_* variable of a tool's option ("" for the top level; settings name theirs)."""
    name = dest.upper()
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


def add_settings(parser: argparse.ArgumentParser, settings: type[msgspec.Struct]) -> None:
    """A flag for every setting of a role's settings type, in one help group per settings
    group. Each flag's default is set later from its variable by `apply_env`;
    `settings_of(args)` builds the object."""
    parser.set_defaults(settings_type=settings)
    groups: dict[type, Any] = {}
    for item in settings_of_type(settings):
        if item.group not in groups:
            groups[item.group] = parser.add_argument_group(_title(item.group))
        text = f"{item.help} [{item.shown()}] [{item.variable}]".replace("%", "%%")
        if item.is_bool and item.name.startswith("no_"):
            options: dict[str, Any] = {"action": "store_true"}
        elif item.is_bool:
            options = {"action": argparse.BooleanOptionalAction}
        else:
            options = {"type": _flag_type(item), "metavar": item.metavar or _metavar(item)}
        action = groups[item.group].add_argument(
            item.flag, dest=item.name, default=item.default, help=text, **options
        )
        action.setting = item  # type: ignore[attr-defined]  # read by apply_env


def flags_of(settings: msgspec.Struct) -> list[str]:
    """The flags that give every setting of a settings object (for a child process, so no
    variable it inherits decides instead)."""
    given = values(settings)
    flags: list[str] = []
    for item in settings_of_type(type(settings)):
        value = given[item.name]
        if item.is_bool and item.name.startswith("no_"):
            flags += [item.flag] if value else []
        elif item.is_bool:
            flags.append(item.flag if value else "--no-" + item.flag.removeprefix("--"))
        else:
            flags.append(f"{item.flag}={item.text(value)}")
    return flags


def _title(group: type) -> str:
    """A group's heading in `--help`: its docstring up to the first "(" or "."."""
    first = " ".join((group.__doc__ or group.__name__).split("\n\n")[0].split())
    return first.split(" (")[0].split(". ")[0].rstrip(".")


def _metavar(item: Setting) -> str:
    if isinstance(item.default, int | float) and "seconds" in item.help:
        return "SECONDS"
    return "N" if isinstance(item.default, int | float) else "TEXT"


def _flag_type(item: Setting) -> Any:
    def convert(raw: str) -> Any:
        try:
            return item.convert(raw)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = item.name
    return convert


def log_json(args: argparse.Namespace) -> bool:
    """JSON logs when asked, else when stderr is not a terminal (a service, a pipe)."""
    chosen = getattr(args, "log_json", None)
    return chosen if chosen is not None else not sys.stderr.isatty()


def apply_env(parser: argparse.ArgumentParser, env: Mapping[str, str], verb: str = "") -> None:
    """Set each option's default from its variable (recursively for verbs); name the
    variable in its help. ValueError for a value the option would refuse."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                apply_env(sub, env, f"{verb} {name}".strip())
            continue
        if not action.option_strings or isinstance(action, argparse._HelpAction):
            continue
        item: Setting | None = getattr(action, "setting", None)
        if item is not None:
            _apply_setting(action, item, env)
            continue
        variable = env_name(verb, action.dest)
        if action.help is not None and variable not in action.help:
            action.help = f"{action.help} [{variable}]"
        raw = env.get(variable)
        if raw is None or action.default is argparse.SUPPRESS:
            continue
        action.default = _convert(action, variable, raw)


def _apply_setting(action: argparse.Action, item: Setting, env: Mapping[str, str]) -> None:
    """A setting's default from its variable (else an older one); ValueError naming it."""
    for variable in (item.variable, *item.older):
        raw = env.get(variable)
        if raw is not None:
            try:
                action.default = item.convert(raw)
            except ValueError as exc:
                raise ValueError(f"{variable}={raw!r}: {exc}") from None
            return


def variables(parser: argparse.ArgumentParser, verb: str = "") -> set[str]:
    """Every SENET_* variable the verbs of a parser read (settings, older names, options)."""
    found: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found |= variables(sub, f"{verb} {name}".strip())
        elif action.option_strings and not isinstance(action, argparse._HelpAction):
            item: Setting | None = getattr(action, "setting", None)
            found |= {item.variable, *item.older} if item else {env_name(verb, action.dest)}
    return found


def unknown_variables(parser: argparse.ArgumentParser, env: Mapping[str, str]) -> list[str]:
    """`SENET_X (did you mean SENET_Y?)` for each SENET_* variable no verb reads."""
    known = variables(parser)
    unknown = sorted(name for name in env if name.startswith("SENET_") and name not in known)
    out = []
    for name in unknown:
        close = difflib.get_close_matches(name, known, n=1)
        out.append(f"{name} (did you mean {close[0]}?)" if close else name)
    return out


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
