"""`senet replay`: a seat sees at event N only what it could see then; --verify finds tampering."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from services.cli.main import build_parser
from services.cli.verbs import replay as replay_verb
from services.table.replay import snapshot, verify_table
from shared.audit.export import export_table, fold, stored_events
from shared.contracts.errors import Conflict
from shared.games.registry import available_games
from shared.store import open_store
from shared.tables import state as table_state
from shared.tables.events import TableEvent
from tests.audit.kit import Driver, play_table
from tests.harness.errors import plain

GAMES = available_games()


@pytest.mark.parametrize("game", GAMES)
def test_replay_at_n_for_a_seat_shows_exactly_the_games_view_then(game: str) -> None:
    store = open_store("memory")
    table_id = play_table(store, game, 11)
    events = stored_events(store, table_id)
    last = events[-1].version
    for at in sorted({1, 2, 3, 5, *range(4, last + 1, max(1, last // 12)), last - 1, last}):
        state = fold(table_id, events, at)
        for seat in range(state.seats):
            shot = snapshot(table_id, events, at, seat)
            assert shot.version == at
            try:
                expected = state.spec.view(state.game_state, seat) if state.game_state else None
            except IndexError:  # a half-applied command (setup under way): no view at all
                expected = None
            assert shot.game_state == plain(expected)
            for entry in shot.log:
                assert entry["version"] <= at
                if entry["name"] == "TableCreated":
                    assert entry["payload"]["seed"] == ""
            revealed = any(e["name"] == "SeedRevealed" for e in shot.log)
            assert (shot.seed is not None) == revealed


@pytest.mark.parametrize("game", GAMES)
def test_replay_for_a_seat_hides_the_events_the_game_redacts(game: str) -> None:
    store = open_store("memory")
    table_id = play_table(store, game, 12)
    events = stored_events(store, table_id)
    spec = fold(table_id, events, 1).spec
    for seat in range(fold(table_id, events, 1).seats):
        shot = snapshot(table_id, events, None, seat)
        shown = {entry["version"]: entry["payload"] for entry in shot.log}
        for stored in events[1:]:
            event = table_state.decode_event(spec, stored.name, stored.payload)
            if isinstance(event, TableEvent):
                continue
            redacted = spec.redact(event, seat)
            if redacted is None:
                assert stored.version not in shown
            else:
                assert shown[stored.version] == plain(redacted)


def test_replay_without_a_seat_shows_the_whole_state_and_the_seed() -> None:
    store = open_store("memory")
    table_id = play_table(store, GAMES[0], 13)
    events = stored_events(store, table_id)
    shot = snapshot(table_id, events, 3, None)
    assert shot.seed is not None and len(shot.seed) == 64


def main(argv: list[str]) -> int:
    """Run `senet replay` in process (without reconfiguring logging as the entry point does)."""
    return replay_verb.run(build_parser().parse_args(argv))


def _tamper_stored_dice(path: Path) -> None:
    db = sqlite3.connect(path)
    rows = db.execute("select rowid, state from stored_events order by rowid").fetchall()
    for rowid, state in rows:
        text = bytes(state).decode()
        if '"DiceRolled"' in text:
            bump = lambda m: f'"dice":[{(int(m[1]) + 1) % 8}'  # noqa: E731
            changed = re.sub(r'"dice":\[(\d)', bump, text, count=1)
            assert changed != text
            db.execute("update stored_events set state=? where rowid=?", (changed.encode(), rowid))
            db.commit()
            return
    raise AssertionError("no DiceRolled stored")


def test_replay_verify_exits_zero_when_identical_and_names_the_first_divergence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if "ra" not in GAMES:
        pytest.skip("Ra is not available")
    path = tmp_path / "s.db"
    url = f"sqlite:///{path}"
    table_id = play_table(open_store(url), "ra", 14)
    assert main(["replay", table_id, "--verify", "--store", url]) == 0
    assert main(["replay", table_id, "--at", "5", "--seat", "1", "--store", url]) == 0
    capsys.readouterr()
    _tamper_stored_dice(path)
    assert main(["replay", table_id, "--verify", "--store", url]) == 1
    err = capsys.readouterr().err
    assert "DiceRolled" in err and "expected" in err and "recorded" in err


def test_replay_verify_checks_an_unfinished_table_with_the_secret_seed() -> None:
    store = open_store("memory")
    driver = Driver(store)
    from shared.contracts.envelopes import CreateTable, JoinTable, StartTable

    table_id = "6f1c5a52-1111-4c1b-9c44-0123456789ab"
    seats = 2 if GAMES[0] == "sobek" else 3
    driver.send(table_id, "a", CreateTable(game=GAMES[0], seats=seats, player_name="A"))
    for index in range(1, seats):
        driver.send(table_id, f"p{index}", JoinTable(player_name=f"P{index}"))
    driver.send(table_id, "a", StartTable())
    assert verify_table(store, table_id).ok
    with pytest.raises(Conflict, match="not over"):
        export_table(store, table_id)


def test_replay_of_an_unknown_table_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    open_store(url).close()  # an empty store (an absent one is `no_store`, tests/unit)
    code = main(["replay", "00000000-0000-4000-8000-000000000000", "--store", url])
    assert code == 2
    assert "no table" in capsys.readouterr().err
