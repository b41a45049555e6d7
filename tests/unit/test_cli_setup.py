"""An operator's first contact: settings, start-up lines and failures, read-only commands."""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from services.cli.main import build_parser
from services.cli.options import options_without_help
from services.cli.roles import start_line
from shared.ports import free_port
from shared.redact import redact, redact_event
from shared.store import open_store
from shared.store.urls import store_env

SENET = [sys.executable, "-m", "services.cli.main"]
ROOT = Path(__file__).resolve().parents[2]


def _all_options(parser: argparse.ArgumentParser, verb: str = "") -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _all_options(sub, f"{verb} {name}".strip())
        elif action.option_strings and not isinstance(action, argparse._HelpAction):
            found.append((verb, action.dest))
    return found


def test_every_option_of_every_verb_has_help_naming_its_variable() -> None:
    parser = build_parser(env={})
    assert options_without_help(parser) == []
    verbs = {verb for verb, _ in _all_options(parser)}
    assert {"serve", "gateway", "selfplay", "notify", "replay", "bench load"} <= verbs
    for action in _walk(parser):
        assert "SENET_" in (action.help or ""), action.option_strings


def _walk(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    out: list[argparse.Action] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out += _walk(sub)
        elif action.option_strings and not isinstance(action, argparse._HelpAction):
            out.append(action)
    return out


def test_one_reader_sets_any_option_from_its_variable_and_flags_win() -> None:
    env = {"SENET_PORT": "9001", "SENET_TIMEOUT": "3.5", "SENET_AT": "4", "SENET_PUSH_HOSTS": "x",
           "SENET_BENCH_TABLES": "7", "SENET_LOG_JSON": "0"}  # fmt: skip
    parser = build_parser(env=env)
    assert parser.parse_args(["serve"]).port == 9001
    assert parser.parse_args(["serve", "--port", "9002"]).port == 9002
    assert parser.parse_args(["selfplay"]).timeout == 3.5
    assert parser.parse_args(["replay", "t"]).at == 4
    assert parser.parse_args(["notify"]).push_hosts == ("x",)
    assert parser.parse_args(["bench", "load"]).tables == 7
    assert parser.parse_args(["serve"]).log_json is False


def test_a_bad_variable_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="SENET_PORT='abc'"):
        build_parser(env={"SENET_PORT": "abc"})


def test_log_options_are_accepted_after_the_verb_too() -> None:
    args = build_parser(env={}).parse_args(["serve", "--log-json", "--log-level", "DEBUG"])
    assert (args.log_json, args.log_level) == (True, "DEBUG")
    args = build_parser(env={}).parse_args(["--log-level", "WARNING", "replay", "t"])
    assert args.log_level == "WARNING" and args.log_json is None  # None: JSON unless a tty


def test_credentials_are_redacted_in_the_start_line_and_log_fields() -> None:
    args = build_parser(env={}).parse_args(
        [
            "serve",
            "--broker",
            "amqp://guest:s3cret@rabbit:5672/",
            "--store",
            "postgresql://senet:pw@db/app?schema=games",
            "--prefix",
            "prod",
        ]
    )
    line = start_line(args, frozenset({"gateway"}))
    assert "s3cret" not in str(line) and ":pw@" not in str(line)
    assert line["broker"] == "amqp://guest:***@rabbit:5672/"
    assert (line["schema"], line["prefix"]) == ("games", "prod")
    event = {"event": "x", "error": "connect amqp://u:p4ss@h/ failed", "n": 1}
    assert "p4ss" not in str(redact_event(None, "info", event))
    assert redact("smtp://mail:pw@host:25 and amqp://h/") == "smtp://mail:***@host:25 and amqp://h/"


def test_a_table_worker_on_the_in_memory_broker_says_it_reaches_no_gateway() -> None:
    parser = build_parser(env={})
    line = start_line(parser.parse_args(["table"]), frozenset({"table", "relay"}))
    assert "reaches no other process" in line["warning"] and "--broker amqp://" in line["warning"]
    served = start_line(parser.parse_args(["serve"]), frozenset({"table", "gateway"}))
    assert "warning" not in served  # one process: the broker reaches everything in it
    real = parser.parse_args(["table", "--broker", "amqp://guest:guest@127.0.0.1/"])
    assert "warning" not in start_line(real, frozenset({"table", "relay"}))


def test_postgresql_stores_default_to_their_own_schema() -> None:
    assert store_env("postgresql://127.0.0.1/test")["POSTGRES_SCHEMA"] == "senet"
    assert store_env("postgresql://127.0.0.1/test?schema=x")["POSTGRES_SCHEMA"] == "x"


def _run(
    *argv: str, cwd: Path | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [*SENET, *argv], capture_output=True, text=True, timeout=60, cwd=cwd or ROOT,
        env=env, check=False,
    )  # fmt: skip


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    [line] = [x for x in done.stderr.splitlines() if x.startswith("senet:")]
    return line


def test_start_up_failures_are_one_clear_line_without_a_traceback() -> None:
    dead = free_port()
    with socket.socket() as held, ThreadPoolExecutor(4) as pool:  # four processes at once
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        store, broker, in_use, debug = pool.map(
            lambda argv: _run(*argv),
            [
                ("gateway", "--store", f"postgresql://u:pw@127.0.0.1:{dead}/test"),
                (
                    "relay",
                    "--store",
                    "memory",
                    "--broker",
                    f"amqp://guest:s3cret@127.0.0.1:{dead}/",
                ),
                ("gateway", "--store", "memory", "--port", str(port)),
                ("--log-level", "DEBUG", "gateway", "--store", f"postgresql://127.0.0.1:{dead}/t"),
            ],
        )
    line = _one_line(store)
    assert f"port {dead}" in line and "--store" in line and "pw@" not in line
    line = _one_line(broker)
    assert "broker" in line and "s3cret" not in line
    line = _one_line(in_use)
    assert "in use" in line and "--port" in line
    assert "Traceback" in debug.stderr  # kept for DEBUG


def test_replay_in_a_folder_without_a_store_creates_nothing(tmp_path: Path) -> None:
    done = _run("replay", "00000000-0000-0000-0000-000000000000", "--verify", cwd=tmp_path)
    assert done.returncode == 2
    assert "no event store" in done.stderr
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(Exception, match="no event store"):
        open_store(f"sqlite:///{tmp_path}/absent.db", create=False)


def test_selfplay_against_a_dead_gateway_says_so_and_gives_up_at_its_timeout() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    done = _run("selfplay", "--url", url, "--timeout", "1")
    assert done.returncode == 1
    assert f"waiting up to 1 s for the gateway at {url}" in done.stderr
    assert "no gateway at" in done.stderr


def test_selfplay_at_info_logs_what_an_operator_needs_not_every_move() -> None:
    done = _run("selfplay", "--game", "ra", "--players", "2", "--games", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert all(line.startswith("{") for line in lines)  # JSON: stderr is not a terminal
    moves = sum(json.loads(line)["moves"] for line in done.stdout.splitlines()[:2])
    assert moves > 20 and len(lines) < 15, lines  # before: two lines per move
