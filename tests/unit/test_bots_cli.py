"""`senet selfplay --bots` and `senet bench bots`."""

from __future__ import annotations

import json

import pytest

from services.cli.main import main


def test_selfplay_seats_bot_kinds_in_turn_and_names_the_winners(
    capsys: pytest.CaptureFixture,
) -> None:
    code = main(["--log-level", "WARNING", "selfplay", "--game", "tictactoe", "--players", "2",
                 "--games", "2", "--bots", "strong,random", "--think-ms", "20",
                 "--concurrency", "1"])  # fmt: skip
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    games = lines[:-1]
    assert sorted(tuple(g["bots"]) for g in games) == [("random", "strong"), ("strong", "random")]
    for game in games:
        assert game["winners"] and set(game["winners"]) <= {0, 1}


def test_selfplay_refuses_informed_bots_at_a_game_with_hidden_information(
    capsys: pytest.CaptureFixture,
) -> None:
    assert main(["--log-level", "WARNING", "selfplay", "--game", "sobek", "--bots", "greedy"]) == 2
    assert "sobek hides information" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["selfplay", "--bots", "clever"])
    assert "random, greedy, strong" in capsys.readouterr().err


def test_bench_bots_reports_win_shares_and_think_times(capsys: pytest.CaptureFixture) -> None:
    args = ["--log-level", "WARNING", "bench", "bots", "--game", "tictactoe", "--games", "2",
            "--playouts", "40", "--seed", "3", "--workers", "1"]  # fmt: skip
    reports = []
    for _ in range(2):
        assert main(args) == 0
        reports.append(json.loads(capsys.readouterr().out))
    figures = reports[0]["games"]["tictactoe"]
    for opponent in ("vs_random", "vs_greedy"):
        assert figures[opponent]["played"] == 2
        assert 0.0 <= figures[opponent]["win_share"] <= 1.0
        assert figures[opponent]["think_ms_p99"] >= figures[opponent]["think_ms_p50"] > 0
        # With a playout budget the games are the same from one run to the next.
        again = reports[1]["games"]["tictactoe"][opponent]
        assert again["win_share"] == figures[opponent]["win_share"]


@pytest.mark.parametrize("players", ["1", "5", "two"])
def test_bench_bots_refuses_players_out_of_bounds(
    players: str, capsys: pytest.CaptureFixture
) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "bots", "--players", players])
    assert "--players" in capsys.readouterr().err


def test_bench_bots_refuses_a_game_that_does_not_seat_the_players(
    capsys: pytest.CaptureFixture,
) -> None:
    args = ["--log-level", "WARNING", "bench", "bots", "--players", "3", "--game",
            "cantstop,herazeus", "--games", "1", "--playouts", "4", "--workers", "1"]  # fmt: skip
    assert main(args) == 2
    captured = capsys.readouterr()
    assert "herazeus is for 2-2 players, not 3" in captured.err and captured.out == ""


def test_bench_bots_with_more_players_plays_against_random_and_names_the_fair_share(
    capsys: pytest.CaptureFixture,
) -> None:
    args = ["--log-level", "WARNING", "bench", "bots", "--players", "3", "--game", "cantstop",
            "--games", "3", "--playouts", "4", "--seed", "2", "--workers", "1"]  # fmt: skip
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 3
    figures = report["games"]["cantstop"]
    assert list(figures) == ["vs_random"]  # more than two players: random opponents only
    assert figures["vs_random"]["played"] == 3
    assert figures["vs_random"]["fair_share"] == 0.333
    assert 0.0 <= figures["vs_random"]["win_share"] <= 1.0
