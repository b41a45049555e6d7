"""Every setting of every role: its flag, its variable (and older names) and its default each
reach the object the role runs with; a bad value says why; unknown variables are reported;
nothing reads the environment once the settings are built; the docs list every setting."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import types
import typing
from pathlib import Path
from typing import Any

import msgspec
import pytest

from services.cli.main import build_parser, main
from services.cli.platform import Platform
from services.cli.roles import platform_config
from services.cli.settings import TableRoleSettings, WorkerSettings, settings_of
from services.cli.settings_doc import BEGIN, END, markdown
from services.cli.supervise import child_command
from services.gateway.keys import SETTINGS, GatewaySettings
from shared.readmodels import MODELS
from shared.settings import Setting, settings_in, values

ROOT = Path(__file__).resolve().parents[2]
ROLE_VERBS = ("serve", "gateway", "table", "relay", "scoring", "notify")
TOOLS = (["selfplay"], ["rebuild"], ["replay", "t"], ["export", "t"], ["bench"],
         ["bench", "load"], ["bench", "audit"], ["bench", "peers"], ["bench", "scale"],
         ["bench", "bots"])  # fmt: skip
VERBS = [[verb] for verb in ROLE_VERBS] + list(TOOLS)
HASH = "ab" * 32
# Settings with a closed set of values.
CHOSEN = {
    "only": sorted(MODELS)[0],
    "game": "cantstop",
    "bots": "strong,random",
    "bot_shards": "0,1,2",
}


def _value(item: Setting) -> Any:
    """A valid value of a setting that is not its default."""
    default = item.default
    base = item.type.__origin__  # under Annotated
    if typing.get_origin(base) in (typing.Union, types.UnionType):
        base = typing.get_args(base)[0]
    if item.name in CHOSEN:
        return CHOSEN[item.name]
    if typing.get_origin(base) is typing.Literal:
        return typing.get_args(base)[0]
    if default is None:
        return 3 if item.is_number else f"x-{item.name}"
    if isinstance(default, bool):
        return not default
    if isinstance(default, int | float):
        return default + (1 if isinstance(default, int) else 1.5)
    if isinstance(default, frozenset):
        return frozenset({HASH})
    if isinstance(default, tuple):
        return ("a.example", "b.example")
    if isinstance(default, msgspec.Struct):
        return msgspec.structs.replace(default, deadline=48.0, policy="forfeit")
    return f"x-{item.name}"


def _text(value: Any) -> str:
    """A value as a flag or a variable gives it."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, tuple | frozenset):
        return ",".join(sorted(value))
    if isinstance(value, msgspec.Struct):
        return msgspec.json.encode(value).decode()
    return str(value)


PLAIN = build_parser({})  # no variable set


def _cases() -> list[tuple[list[str], Setting]]:
    return [
        (verb, item) for verb in VERBS for item in settings_in(PLAIN.parse_args(verb).settings_type)
    ]


def _flag_args(item: Setting, value: Any) -> list[str]:
    if item.is_bool:
        return [item.flag] if value else [f"--no-{item.flag.removeprefix('--')}"]
    return [item.flag, _text(value)]


@pytest.mark.parametrize("verb", VERBS, ids=" ".join)
def test_flag_variable_older_name_and_default_each_reach_the_running_settings(
    verb: list[str],
) -> None:
    """For every setting of the verb: its default when nothing is given, its variable's value
    (an older name's too), its flag's value, and the flag over the variable."""
    items = settings_in(PLAIN.parse_args(verb).settings_type)
    wanted = {item.name: _value(item) for item in items}
    env = {item.variable: _text(wanted[item.name]) for item in items}
    older = {name: _text(wanted[item.name]) for item in items for name in item.older}
    flags = [arg for item in items for arg in _flag_args(item, wanted[item.name])]
    back = [arg for item in items if _flag_back(item) for arg in _flag_args(item, item.default)]
    assert values(settings_of(PLAIN.parse_args(verb))) == {i.name: i.default for i in items}
    assert values(settings_of(build_parser(env).parse_args(verb))) == wanted
    from_older = values(settings_of(build_parser(older).parse_args(verb)))
    assert {item.name: from_older[item.name] for item in items if item.older} == {
        item.name: wanted[item.name] for item in items if item.older
    }
    assert values(settings_of(PLAIN.parse_args([*verb, *flags]))) == wanted
    over = values(settings_of(build_parser(env).parse_args([*verb, *back])))
    assert {i.name: over[i.name] for i in items if _flag_back(i)} == {
        i.name: i.default for i in items if _flag_back(i)
    }


def _flag_back(item: Setting) -> bool:
    """A flag can give the default back (not a None, not --no-relay's off)."""
    return item.default is not None and not (item.is_bool and item.name.startswith("no_"))


def test_no_variable_is_read_as_two_types() -> None:
    """A variable read by two verbs means the same to both (else setting it for one would
    stop the other)."""
    kinds: dict[str, set[Any]] = {}
    for _, item in _cases():
        base = item.type.__origin__
        kinds.setdefault(item.variable, set()).add(
            next(a for a in typing.get_args(base) if a is not type(None))
            if typing.get_origin(base) in (typing.Union, types.UnionType)
            else base
        )
    assert {name: kind for name, kind in kinds.items() if len(kind) > 1} == {}


def test_every_gateway_limit_has_a_flag_and_a_variable_on_the_gateway_verbs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for verb in ("serve", "gateway"):
        with pytest.raises(SystemExit):
            PLAIN.parse_args([verb, "--help"])
        help_text = capsys.readouterr().out
        for item in settings_in(GatewaySettings):
            assert item.flag in help_text and item.variable in help_text, (verb, item.flag)


def test_a_bad_value_says_why_for_a_flag_and_for_a_variable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser({}).parse_args(["gateway", "--rate-burst", "many"])
    assert exit_.value.code == 2
    assert "argument --rate-burst: 'many': expected a whole number" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser({}).parse_args(["gateway", "--max-in-flight", "-1"])
    assert "argument --max-in-flight: '-1': Expected int >= 0" in capsys.readouterr().err
    with pytest.raises(ValueError, match=r"SENET_NOTIFY_TIMING='\{\"deadline\": 1\}': "):
        build_parser({"SENET_NOTIFY_TIMING": '{"deadline": 1}'})
    with pytest.raises(ValueError, match=r"SENET_ADMIN_TOKENS='plain'.*SHA-256"):
        build_parser({"SENET_ADMIN_TOKENS": "plain"})
    with pytest.raises(ValueError, match="SENET_CLIENT_SEEDS='maybe': use 1 or 0"):
        build_parser({"SENET_CLIENT_SEEDS": "maybe"})


def test_a_bad_variable_stops_the_command_with_one_line() -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "SENET_RATE_LIMIT": "fast"}
    done = subprocess.run(
        [sys.executable, "-m", "services.cli.main", "gateway", "--store", "memory"],
        capture_output=True, text=True, timeout=60, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip() == "senet: SENET_RATE_LIMIT='fast': expected a number"


def test_an_unknown_senet_variable_is_reported_with_the_closest_name() -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "SENET_RATE_LIMT": "5"}
    done = subprocess.run(
        [sys.executable, "-m", "services.cli.main", "--log-json", "keys", "admin-token"],
        capture_output=True, text=True, timeout=60, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    [line] = [x for x in done.stderr.splitlines() if "unknown_variable_ignored" in x]
    assert "SENET_RATE_LIMT (did you mean SENET_RATE_LIMIT?)" in line


async def test_the_environment_is_read_once_when_the_settings_are_built() -> None:
    """Set every variable to another value after the parser read the environment: neither
    the settings, nor the configuration, nor the running gateway see it."""
    parser = build_parser({})
    args = parser.parse_args(["serve", "--store", "memory"])
    before = platform_config(args, frozenset({"gateway", "table"}))
    changed = {item.variable: _text(_value(item)) for verb, item in _cases() if verb == ["serve"]}
    changed.pop("SENET_STORE")
    saved = {name: os.environ.get(name) for name in changed}
    os.environ.update(changed)
    try:
        again = parser.parse_args(["serve", "--store", "memory"])
        config = platform_config(again, frozenset({"gateway", "table"}))
        assert config.gateway == before.gateway == GatewaySettings()
        assert config.notify == before.notify
        async with Platform(config) as platform:
            assert platform.app is not None
            assert platform.app[SETTINGS] == GatewaySettings()
    finally:
        for name, old in saved.items():
            if old is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = old


def test_main_reads_the_process_environment(capsys: pytest.CaptureFixture[str]) -> None:
    """The one place the environment is read: `main` (here a bad value proves it)."""
    os.environ["SENET_SHARDS"] = "none"
    try:
        assert main(["keys", "admin-token"]) == 2
    finally:
        del os.environ["SENET_SHARDS"]
    assert "SENET_SHARDS='none': expected a whole number" in capsys.readouterr().err


def test_every_role_setting_is_in_docs_operations() -> None:
    text = (ROOT / "docs" / "operations.md").read_text()
    documented = text[text.index(BEGIN) : text.index(END) + len(END)]
    assert documented == markdown(), "regenerate: python -m services.cli.settings_doc"


def test_every_field_of_a_settings_group_is_a_setting() -> None:
    class Loose(msgspec.Struct):
        port: int = 1

    with pytest.raises(TypeError, match=r"Loose\.port needs setting"):
        settings_in(Loose)
    assert isinstance(build_parser({}).parse_args(["table"]), argparse.Namespace)


def test_a_worker_child_gets_every_setting_of_its_parent_whatever_it_inherits() -> None:
    """`senet table --workers N` passes its settings on as flags: a variable the child
    inherits (or one set only for the parent) decides nothing."""
    parent_env = {"SENET_OPEN_TABLE_TTL": "60", "SENET_METRICS_PORT": "9100"}
    args = build_parser(parent_env).parse_args(["table", "--workers", "3", "--shards", "4"])
    command = child_command(args, 1)
    child_env = {item.variable: _text(_value(item)) for item in settings_in(args.settings_type)}
    child = settings_of(build_parser(child_env).parse_args(command[command.index("table") :]))
    parent = settings_of(args)
    assert isinstance(child, TableRoleSettings) and isinstance(parent, TableRoleSettings)
    assert child.platform == parent.platform and child.platform.open_table_ttl == 60
    assert child.workers == WorkerSettings(no_relay=True, workers=1)
    assert child.metrics.metrics_port == 9102
