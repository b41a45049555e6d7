"""Typed settings: a setting is a field of a frozen msgspec Struct, annotated with `setting()`.

From that one definition come its flag (`--rate-limit`), its variable (`SENET_RATE_LIMIT`,
older names still read), its `--help` line, its row in docs/operations.md and the check of a
value (its type and bounds; a reason, never a traceback). A field whose type is a Struct
without `setting()` is a group of settings (a role's settings are groups). Nothing here reads
the environment: the CLI reads it once, at start-up (`services/cli/options.py`).

To add a setting: add the field, with its default, to the Struct that uses it, annotated
`Annotated[T, setting("what it does (units; 0: off)", ge=0)]` (bounds only on a type without
`| None`), and for a role's setting refresh the table (`python -m services.cli.settings_doc`;
a test says when). Nothing else: the flag, the variable, the help and the check follow. A
Struct's `variable_prefix` ClassVar (default "SENET_") starts the variables of its settings.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec

TRUE = frozenset({"1", "true", "yes", "on"})
FALSE = frozenset({"0", "false", "no", "off", ""})
_KEY = "senet_setting"
S = typing.TypeVar("S", bound=msgspec.Struct)


def setting(
    help: str,
    *,
    flag: str = "",
    variable: str = "",
    older: tuple[str, ...] = (),
    parse: Callable[[str], Any] | None = None,
    shown_default: str = "",
    metavar: str | None = None,
    **bounds: Any,
) -> msgspec.Meta:
    """The metadata of a setting: its help; `flag` (default: `--field-name`); `variable`
    (default: the flag as SENET_FLAG_NAME); `older` variables still read; `parse` for a text
    form of its own (ValueError with a reason); `bounds` are msgspec's (ge=0, gt=0, ...)."""
    extra = {"help": help, "flag": flag, "variable": variable, "older": older,
             "parse": parse, "shown_default": shown_default, "metavar": metavar}  # fmt: skip
    return msgspec.Meta(description=help, extra={_KEY: extra}, **bounds)


@dataclass(frozen=True)
class Setting:
    """One setting of a group: where it lives and how it is given."""

    name: str  # the field (and argparse dest)
    group: type[msgspec.Struct]
    type: Any  # the annotated type, bounds included
    help: str
    flag: str
    variable: str
    older: tuple[str, ...]
    default: Any
    shown_default: str
    metavar: str | None
    parse: Callable[[str], Any] | None

    @property
    def is_number(self) -> bool:
        """An int or a float (a bool is neither)."""
        return _base(self.type) in (int, float)

    @property
    def is_bool(self) -> bool:
        """A switch: `--flag/--no-flag` (or only `--no-x` for a field named no_x)."""
        return _base(self.type) is bool

    def convert(self, raw: str) -> Any:
        """The value of a flag's or variable's text; ValueError saying why not."""
        base = _base(self.type)
        if self.parse is not None:
            value = self.parse(raw)
        elif base is bool:
            if raw.strip().lower() not in TRUE | FALSE:
                raise ValueError("use 1 or 0")
            value = raw.strip().lower() in TRUE
        elif typing.get_origin(base) in (tuple, frozenset, list):
            value = [part.strip() for part in raw.split(",") if part.strip()]
        elif isinstance(base, type) and issubclass(base, msgspec.Struct):
            value = msgspec.json.decode(raw or "{}")
        else:
            value = raw.strip()
        try:
            return msgspec.convert(value, self.type, strict=False)
        except msgspec.ValidationError as exc:
            reason = str(exc).replace("`", "")
            if typing.get_origin(base) is typing.Literal:
                reason = "one of " + ", ".join(map(str, typing.get_args(base)))
            for name, plain in (("int", "a whole number"), ("float", "a number")):
                reason = reason.replace(f"Expected {name}, got str", f"expected {plain}")
            raise ValueError(reason) from None

    def text(self, value: Any) -> str:
        """The text a flag or variable gives for a value (`convert` reads it back)."""
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, msgspec.Struct):
            return msgspec.json.encode(value).decode()
        if isinstance(value, tuple | frozenset | list):
            return ",".join(sorted(map(str, value)))
        return str(value)

    def shown(self) -> str:
        """The default as the help and the docs show it."""
        if self.shown_default:
            return self.shown_default
        value = self.default
        if isinstance(value, bool):
            return "on" if value else "off"
        if isinstance(value, msgspec.Struct):
            return msgspec.json.encode(value).decode()
        if isinstance(value, tuple | frozenset | list):
            return ",".join(sorted(map(str, value))) or "none"
        return "" if value == "" else str(value)


def settings_in(group: type[msgspec.Struct], given: msgspec.Struct | None = None) -> list[Setting]:
    """Every setting of a Struct, groups walked in field order; TypeError for a field that is
    neither a setting nor a group (every field of a settings Struct has a flag). A group's
    default instance gives its settings' defaults (`PlatformSettings(store="memory")`)."""
    hints = typing.get_type_hints(group, include_extras=True)
    found: list[Setting] = []
    for field in msgspec.structs.fields(group):
        hint = hints[field.name]
        meta = _meta(hint)
        default = field.default_factory() if field.default is msgspec.NODEFAULT else field.default
        if given is not None:
            default = getattr(given, field.name)
        if meta is None:
            if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
                found += settings_in(hint, default)
                continue
            raise TypeError(f"{group.__name__}.{field.name} needs setting(...) or a group type")
        flag = meta["flag"] or "--" + field.name.replace("_", "-")
        prefix = getattr(group, "variable_prefix", "SENET_")
        variable = meta["variable"] or prefix + flag.lstrip("-").replace("-", "_").upper()
        found.append(
            Setting(
                name=field.name,
                group=group,
                type=hint,
                help=meta["help"],
                flag=flag,
                variable=variable,
                older=meta["older"],
                default=default,
                shown_default=meta["shown_default"],
                metavar=meta["metavar"],
                parse=meta["parse"],
            )
        )
    return found


def build(group: type[S], values: Mapping[str, Any]) -> S:
    """The settings object of a group from its settings' values by name (missing: default)."""
    hints = typing.get_type_hints(group, include_extras=True)
    given: dict[str, Any] = {}
    for field in msgspec.structs.fields(group):
        hint = hints[field.name]
        if _meta(hint) is None:
            given[field.name] = build(hint, values)
        elif field.name in values:
            given[field.name] = values[field.name]
    return group(**given)


def values(settings: msgspec.Struct) -> dict[str, Any]:
    """Every setting's value in a settings object, by name (the inverse of `build`)."""
    hints = typing.get_type_hints(type(settings), include_extras=True)
    found: dict[str, Any] = {}
    for field in msgspec.structs.fields(type(settings)):
        value = getattr(settings, field.name)
        if _meta(hints[field.name]) is None:
            found |= values(value)
        else:
            found[field.name] = value
    return found


def _meta(hint: Any) -> dict[str, Any] | None:
    if typing.get_origin(hint) is not Annotated:
        return None
    for meta in hint.__metadata__:
        if isinstance(meta, msgspec.Meta) and meta.extra and _KEY in meta.extra:
            return typing.cast(dict[str, Any], meta.extra[_KEY])
    return None


def _base(hint: Any) -> Any:
    """The type under Annotated and `X | None`."""
    while typing.get_origin(hint) is Annotated:
        hint = hint.__origin__
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        hint = next(arg for arg in typing.get_args(hint) if arg is not type(None))
    return hint
