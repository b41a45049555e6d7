"""The command line: verbs, options and their SENET_* environment variables."""

from __future__ import annotations

import json

import pytest

from services.bench import engine
from services.cli.main import build_parser, main
from shared.store.urls import store_env


def test_store_and_broker_default_to_the_embedded_platform() -> None:
    args = build_parser().parse_args(["serve"])
    assert args.store == "sqlite:///var/senet.db"
    assert args.broker == "memory"
    assert args.port == 8080


def test_environment_variables_set_the_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENET_STORE", "postgresql://db.example/senet")
    monkeypatch.setenv("SENET_BROKER", "amqp://guest:guest@rabbit/")
    monkeypatch.setenv("SENET_SHARDS", "16")
    args = build_parser().parse_args(["table"])
    assert (args.store, args.broker, args.shards) == (
        "postgresql://db.example/senet",
        "amqp://guest:guest@rabbit/",
        16,
    )


def test_flags_override_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENET_STORE", "memory")
    args = build_parser().parse_args(["gateway", "--store", "sqlite:////tmp/x.db"])
    assert args.store == "sqlite:////tmp/x.db"


def test_store_urls_map_to_eventsourcing_settings() -> None:
    assert store_env("memory") == {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    assert store_env("sqlite:////tmp/senet/a.db")["SQLITE_DBNAME"] == "/tmp/senet/a.db"
    pg = store_env("postgresql://alice:s3cret@db:6432/games?schema=s1")
    assert (pg["POSTGRES_HOST"], pg["POSTGRES_PORT"], pg["POSTGRES_DBNAME"]) == (
        "db",
        "6432",
        "games",
    )
    assert (pg["POSTGRES_USER"], pg["POSTGRES_PASSWORD"], pg["POSTGRES_SCHEMA"]) == (
        "alice",
        "s3cret",
        "s1",
    )


def test_a_store_urls_pool_options_are_bounded_whole_numbers() -> None:
    assert (store_env("postgresql://db/x")["POSTGRES_POOL_SIZE"],
            store_env("postgresql://db/x")["POSTGRES_MAX_OVERFLOW"]) == ("8", "8")  # fmt: skip
    pg = store_env("postgresql://db/x?schema=s&pool_size=2&max_overflow=0&pool_size=1")
    assert (pg["POSTGRES_POOL_SIZE"], pg["POSTGRES_MAX_OVERFLOW"]) == ("1", "0")  # the last
    for bad in ("pool_size=0", "pool_size=101", "max_overflow=-1", "max_overflow=x"):
        with pytest.raises(ValueError, match="a whole number from"):
            store_env(f"postgresql://db/x?{bad}")


def test_an_unknown_store_url_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown store URL"):
        store_env("mysql://db/x")


@pytest.mark.slow
def test_selfplay_prints_one_line_per_game_and_a_summary(capsys: pytest.CaptureFixture) -> None:
    code = main(["--log-level", "WARNING", "selfplay", "--game", "ra", "--players", "2",
                 "--games", "2", "--seed", "5"])  # fmt: skip
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    games, summary = lines[:-1], lines[-1]
    assert len(games) == 2
    for game in games:
        assert set(game) == {"table_id", "game", "moves", "events", "scores", "winner"}
        assert game["events"] > game["moves"] > 0 and len(game["scores"]) == 2
    assert summary["games"] == summary["finished"] == 2 and summary["failed"] == 0
    assert summary["moves_per_s"] > 0


def _selfplay_games(capsys: pytest.CaptureFixture, seed: int) -> list[str]:
    code = main(["--log-level", "WARNING", "selfplay", "--game", "ra", "--players", "3",
                 "--games", "2", "--seed", str(seed)])  # fmt: skip
    assert code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()][:-1]
    # Table ids are new at every run, and lines come in the order games end.
    return sorted(json.dumps({k: v for k, v in g.items() if k != "table_id"}) for g in lines)


def test_selfplay_with_the_same_seed_plays_the_same_games(capsys: pytest.CaptureFixture) -> None:
    first = _selfplay_games(capsys, 7)
    assert len(first) == 2
    assert _selfplay_games(capsys, 7) == first
    assert _selfplay_games(capsys, 8) != first


def test_selfplay_refuses_an_unknown_game_before_starting_and_names_the_games(
    capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from services.cli import platform

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the platform was started")

    monkeypatch.setattr(platform.Platform, "__init__", started)
    with pytest.raises(SystemExit) as exited:
        main(["selfplay", "--game", "chess"])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert "senet selfplay" in error and "'chess'" in error
    assert all(name in error for name in ("ra", "istanbul", "cantstop", "tictactoe"))
    with pytest.raises(SystemExit):
        main(["selfplay", "--help"])
    assert "herazeus, istanbul, tictactoe" in " ".join(capsys.readouterr().out.split())


def test_an_unknown_option_shows_the_verbs_usage_and_the_nearest_option(
    capsys: pytest.CaptureFixture,
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--prot", "8081"])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("usage: senet serve ")
    assert "unrecognized arguments: --prot 8081" in error and "did you mean --port?" in error


def _tournament_lines(capsys: pytest.CaptureFixture, seed: int) -> list[dict]:
    code = main(["--log-level", "WARNING", "selfplay", "--tournament", "swiss", "--players",
                 "4", "--game", "tictactoe", "--rounds", "2", "--seed", str(seed)])  # fmt: skip
    assert code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    lines[-1].pop("seconds")
    return lines


@pytest.mark.slow
def test_a_seeded_tournament_selfplay_repeats_ids_names_pairings_and_standings(
    capsys: pytest.CaptureFixture,
) -> None:
    first = _tournament_lines(capsys, 9)
    assert len(first) == 4 + 1  # two rounds of two matches, then the standings
    assert _tournament_lines(capsys, 9) == first  # the same tournament id, tables, names, moves
    other = _tournament_lines(capsys, 10)
    assert other[-1]["tournament_id"] != first[-1]["tournament_id"]


def test_engine_benchmark_reports_per_move_time_and_games_per_second() -> None:
    figures = engine.engine_figures("ra", 2, 2)
    assert figures["moves"] > 50
    assert 0 < figures["median_us_per_move"] <= figures["p99_us_per_move"]
    assert figures["games_per_s"] > 0
