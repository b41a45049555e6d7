"""The command line of every verb from typed settings (shared/settings.py explains them):
`add_settings` gives a verb a flag for each setting of its settings type (the roles' in
services/cli/settings.py, a tool's in its verb module), `apply_env` sets each flag's default
from its `SENET_*` variable once, at start-up, and `unknown_variables` names the SENET_*
variables nothing reads. A flag wins over its variable, a variable over the default.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from services.cli.event_loop import Loop
from shared.settings import Setting, setting, settings_in, values

ENV_HELP = """
Every option can also be set by an environment variable, named in its help: SENET_STORE,
SENET_BROKER, SENET_PORT, SENET_RATE_LIMIT, ... (`senet VERB --help` lists them, and
docs/operations.md every setting of every role); a flag wins over its variable. Stores are
URLs: memory, sqlite:///path/file.db (relative) or sqlite:////abs/file.db,
postgresql://user@host:port/db[?schema=NAME] (schema `senet` by default, created if
missing). Brokers: memory or amqp://user:password@host:port/vhost.
"""


class LogSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Logging (before or after the verb)."""

    log_json: Annotated[
        bool | None,
        setting("JSON log lines", shown_default="JSON unless stderr is a terminal"),
    ] = None
    log_level: Annotated[
        Literal["DEBUG", "INFO", "WARNING", "ERROR"],
        setting("DEBUG, INFO, WARNING or ERROR (DEBUG also prints start-up tracebacks)",
                parse=str.upper, metavar="LEVEL"),
    ] = "INFO"  # fmt: skip


class LoopSettings(msgspec.Struct, frozen=True, kw_only=True):
    """The event loop (before or after the verb)."""

    event_loop: Annotated[
        Loop,
        setting("uvloop (libuv's loop, less CPU a request; asyncio's where uvloop is not "
                "installed) or asyncio (the standard library's)", parse=str.lower,
                metavar="LOOP"),
    ] = "uvloop"  # fmt: skip


def add_process_options(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """`--log-json`, `--log-level` and `--event-loop`, before the verb (top: read from
    their variables) or after it (each verb: given only when typed)."""
    add_flags(parser, LogSettings, suppress=not top)
    add_flags(parser, LoopSettings, suppress=not top)


def add_settings(parser: argparse.ArgumentParser, settings: type[msgspec.Struct]) -> None:
    """The flags of a verb's settings type (`add_flags`); `settings_of(args)` builds the
    settings object of the parsed arguments."""
    parser.set_defaults(settings_type=settings)
    add_flags(parser, settings)


def add_flags(
    parser: argparse.ArgumentParser, settings: type[msgspec.Struct], *, suppress: bool = False
) -> None:
    """A flag for every setting of a settings type, in one help group per settings group.
    Each flag's default is set later from its variable by `apply_env` (`suppress`: no
    default, the flag is in the arguments only when typed)."""
    groups: dict[type, Any] = {}
    for item in settings_in(settings):
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
            item.flag,
            dest=item.name,
            help=text,
            **options,
            default=argparse.SUPPRESS if suppress else item.default,
        )
        action.setting = item  # type: ignore[attr-defined]  # read by apply_env


def flags_of(settings: msgspec.Struct) -> list[str]:
    """The flags that give every setting of a settings object (for a child process, so no
    variable it inherits decides instead); a setting at None has no flag to give it."""
    given = values(settings)
    flags: list[str] = []
    for item in settings_in(type(settings)):
        value = given[item.name]
        if value is None:
            continue
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
    if item.is_number:
        return "SECONDS" if "seconds" in item.help else "N"
    return "TEXT"


def _flag_type(item: Setting) -> Any:
    def convert(raw: str) -> Any:
        try:
            return item.convert(raw)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{raw!r}: {exc}") from None

    convert.__name__ = item.name
    return convert


def log_json(args: argparse.Namespace) -> bool:
    """JSON logs when asked, else when stderr is not a terminal (a service, a pipe)."""
    chosen = getattr(args, "log_json", None)
    return chosen if chosen is not None else not sys.stderr.isatty()


def apply_env(parser: argparse.ArgumentParser, env: Mapping[str, str]) -> None:
    """Set each flag's default from its setting's variable (or an older name), in every
    verb; ValueError naming the variable and why for a value the setting refuses."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                apply_env(sub, env)
        item: Setting | None = getattr(action, "setting", None)
        if item is not None and action.default is not argparse.SUPPRESS:
            _apply_setting(action, item, env)


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


def variables(parser: argparse.ArgumentParser) -> set[str]:
    """Every SENET_* variable the verbs of a parser read (older names included)."""
    found: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found |= variables(sub)
        item: Setting | None = getattr(action, "setting", None)
        if item is not None:
            found |= {item.variable, *item.older}
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
