"""Every field of a table's state survives a snapshot: a field added to `TableState` is
stored and read back (a snapshot once dropped resignations, spectators, visibility and the
rematch agreement, so a table loaded from one forgot them)."""

from __future__ import annotations

import msgspec

from shared.games.registry import get_game
from shared.games.rng import Rng
from shared.tables.codec import decode_state, encode_state
from shared.tables.events import SeatTaken, TableCreated, TableStarted
from shared.tables.state import TableState, created, evolve
from shared.tables.timing import Timing

TABLE = "00000000-0000-4000-8000-000000000042"


def _started() -> TableState:
    game = get_game("ra")
    state = created(
        TABLE,
        TableCreated(game="ra", seats=2, options={}, rules_version=game.rules_version,
                     creator="p0", commitment="c" * 64, seed="ab" * 32),
    )  # fmt: skip
    for seat in range(2):
        state = evolve(state, SeatTaken(seat=seat, player_id=f"p{seat}", player_name=f"P{seat}"))
    state = evolve(state, TableStarted(players=["p0", "p1"], commitment="c" * 64))
    for event in game.setup(2, state.options, Rng(1)):
        state = evolve(state, event)
    return state


# A value other than the default for every field that has one.
CHANGED = {
    "status": "over",
    "revealed_seed": "ab" * 32,
    "forfeited": (1,),
    "resigned": (1,),
    "stand_ins": ((1, "strong:2"),),
    "spectators": "anyone",
    "visibility": "private",
    "invitation": "0f" * 32,
    "invited": (("p2", "P2"),),
    "rematch": (0,),
    "rematch_offers": 2,
    "rematch_table": "00000000-0000-4000-8000-000000000043",
    "rematch_players": ("p1", "p0"),
    "rematch_names": ("P1", "P0"),
    "rematch_of": "00000000-0000-4000-8000-000000000041",
    "takebacks": True,
    "start_when_full": True,
    "tournament": "00000000-0000-4000-8000-000000000044",
    "undo_seat": 1,
    "undo_version": 7,
    "undo_asked": (0,),
    "undo_declined": True,
    "turn_began": (0, 9),
    "timing": Timing(first_reminder=2, repeat_every=0, last_warning=1, deadline=5),
}


def test_a_snapshot_keeps_every_field_of_the_state() -> None:
    started = _started()
    state = msgspec.structs.replace(started, undo_from=started.game_state, **CHANGED)
    for field in msgspec.structs.fields(TableState):
        if field.required or field.name in ("version", "game_state", "undo_from"):
            continue
        default = (
            field.default_factory() if field.default_factory is not msgspec.NODEFAULT
            else field.default
        )  # fmt: skip
        assert getattr(state, field.name) != default, f"give {field.name} a value in CHANGED"
    assert decode_state(encode_state(state)) == state
