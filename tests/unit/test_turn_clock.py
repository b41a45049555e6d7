"""The table state knows when each seat's turn began (`TableState.turn_began`), by the notify
service's rule: random games are played command by command through the table decider, and
after every command the state's turn start is checked against notify's `TurnTracker` (the
clock of reminders and deadlines), seat by seat."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import pytest

from services.notify.turns import TurnTracker
from shared.contracts.envelopes import (
    CreateTable,
    EventEnvelope,
    PlayMove,
    Resign,
    StartTable,
    TimeOutTurn,
)
from shared.tables import state as table_state
from shared.tables.decide import decide, new_table, opening
from shared.tables.events import SeatTaken
from shared.tables.state import PLAYING, TableState

TABLE = "00000000-0000-4000-8000-0000000000c1"
START = datetime(2026, 1, 1, tzinfo=UTC)


class _Table:
    """A table played through the decider, its events handed to a TurnTracker as envelopes."""

    def __init__(self, game: str, seats: int, seed: int, takebacks: bool) -> None:
        self.tracker = TurnTracker("https://senet.test")
        self.times: dict[int, str] = {}  # version -> stored time of its command
        self.commands = 0
        action = CreateTable(game=game, seats=seats, player_name="P0", takebacks=takebacks)
        created = new_table(TABLE, "p0", action, f"{seed:064x}")
        self.state: TableState | None = None
        self._record(opening(created, "P0").events, seat=0)
        for seat in range(1, seats):
            self._record([SeatTaken(seat=seat, player_id=f"p{seat}", player_name=f"P{seat}")], seat)
        self.command("p0", StartTable())

    def command(self, player_id: str, action: Any) -> None:
        assert self.state is not None
        decision = decide(self.state, player_id, action)
        self._record(decision.events, decision.seat)

    def _record(self, events: list[Any], seat: int | None) -> None:
        self.commands += 1
        time = (START + timedelta(minutes=self.commands)).isoformat()
        for event in events:
            if self.state is None:
                self.state = table_state.created(TABLE, event)
            else:
                self.state = table_state.evolve(self.state, event)
            version = self.state.version
            self.times[version] = time
            name = type(event).__name__
            payload = msgspec.json.encode(table_state.event_payload(event))
            self.tracker.apply(
                EventEnvelope(
                    position=0, table_id=TABLE, game=self.state.game, version=version,
                    name=name, time=time, payload=msgspec.Raw(payload), seat=seat,
                    command_id=f"c{self.commands}",
                )
            )  # fmt: skip
        self.tracker.close()

    def check(self) -> None:
        """Every seat notify clocks began its turn when the state says, and no other."""
        state = self.state
        assert state is not None
        tracked = self.tracker.acting(TABLE)
        began = {s: v for s, v in enumerate(state.turn_began) if v}
        assert set(began) == set(tracked), (began, tracked)
        for seat, (_, since) in tracked.items():
            stamp = datetime.fromisoformat(self.times[began[seat]]).timestamp()
            assert stamp == since, (seat, began[seat], state.version)


@pytest.mark.parametrize(
    ("game", "seats", "seed", "takebacks"),
    [
        ("tictactoe", 2, 1, False),
        ("cantstop", 2, 2, False),
        ("cantstop", 3, 3, True),
        ("ra", 3, 4, False),
        ("herazeus", 2, 5, False),
        ("herazeus", 2, 6, True),
        ("sobek", 3, 7, False),
        ("egizia", 3, 8, False),
        ("istanbul", 3, 9, False),
    ],
)
def test_the_state_knows_when_each_turn_began_as_notify_does(
    game: str, seats: int, seed: int, takebacks: bool
) -> None:
    table = _Table(game, seats, seed, takebacks)
    pick = random.Random(seed)
    table.check()
    for step in range(400):
        state = table.state
        assert state is not None
        if state.status != PLAYING:
            break
        spec = state.spec
        seat = pick.choice(list(spec.to_act(state.game_state)))
        if step == 40 and seats > 2:
            table.command(f"p{seat}", Resign())  # a bot plays that seat from now on
        elif step % 17 == 5:
            turn = state.turn_began[seat]
            table.command("senet:notify", TimeOutTurn(seat=seat, policy="bot", turn=turn))
        else:
            move = pick.choice(list(spec.legal_moves(state.game_state, seat)))
            raw = msgspec.Raw(msgspec.json.encode(move))
            table.command(f"p{seat}", PlayMove(move=raw))
        table.check()
    assert table.state is not None and table.state.version > 10


def test_a_turn_start_moves_on_when_the_turn_passes() -> None:
    table = _Table("tictactoe", 2, 11, False)
    state = table.state
    assert state is not None
    first = state.turn_began
    (seat,) = state.spec.to_act(state.game_state)
    assert first[seat] == state.version and first[1 - seat] == 0
    move = state.spec.legal_moves(state.game_state, seat)[0]
    table.command(f"p{seat}", PlayMove(move=msgspec.Raw(msgspec.json.encode(move))))
    after = table.state
    assert after is not None
    assert after.turn_began[seat] == 0 and after.turn_began[1 - seat] == after.version
