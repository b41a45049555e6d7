"""What a viewer may see of a table: the player view and the redacted event log.

`TableSummary` and `SeatInfo` are the read models' (`shared.readmodels.rows`): one shape
for the lobby, the lists and the `table` of a view.
"""

from __future__ import annotations

from typing import Any

import msgspec

from services.gateway.projector import TableModel
from shared.games.contract import GameResult
from shared.readmodels.rows import Invitee, SeatInfo, TableSummary
from shared.tables.events import SeedRevealed, TableCreated, TableEvent
from shared.tables.loading import LoggedEvent
from shared.tables.outcome import table_result
from shared.tables.state import PLAYING, TableState


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """A viewer's view of a table: the game's view, whose turn, the viewer's legal moves."""

    table: TableSummary
    seat: int | None
    to_act: list[int]
    your_turn: bool
    prompt: str
    legal_moves: list[Any]
    game: Any
    result: GameResult | None
    seed: str | None = None


class LogEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One event of the table log as a viewer may see it."""

    version: int
    name: str
    time: str
    seat: int | None
    payload: Any


def summary(
    state: TableState,
    to_act: list[int] | None = None,
    result: GameResult | None = None,
    created_at: str = "",
    updated_at: str = "",
) -> TableSummary:
    """The public summary of a table (who must act and the result when the caller knows)."""
    seats = [
        SeatInfo(seat=i, player_id=pid, name=state.names[i]) for i, pid in enumerate(state.players)
    ]
    return TableSummary(
        table_id=state.table_id,
        game=state.game,
        status=state.status,
        version=state.version,
        seats=seats,
        options=state.options,
        commitment=state.commitment,
        rules_version=state.rules_version,
        to_act=to_act or [],
        creator=state.creator,
        resigned=list(state.resigned),
        spectators=state.spectators,
        visibility=state.visibility,
        invited=[Invitee(player_id=p, name=n) for p, n in state.invited],
        rematch_accepted=list(state.rematch or ()),
        rematch_table=state.rematch_table,
        rematch_of=state.rematch_of,
        takebacks=state.takebacks,
        undo_seat=state.undo_open(),
        undo_asked=None if state.undo_asked is None else list(state.undo_asked),
        created_at=created_at,
        updated_at=updated_at,
        result=result,
    )


def player_view(model: TableModel, seat: int | None) -> PlayerView:
    """The view of one seat (None: a spectator), cached until the next event."""
    cached = model.views.get(seat)
    if cached is not None:
        return cached
    state = model.state
    spec = state.spec
    game_state = state.game_state
    if game_state is None:
        to_act: list[int] = []
        game_view = None
        moves: list[Any] = []
        prompt = "wait for the table to fill" if state.free_seat() is not None else "start"
        result = None
    else:
        # nobody acts at a finished table (a game ended by resignation may still say who)
        to_act = list(spec.to_act(game_state)) if state.status == PLAYING else []
        game_view = spec.view(game_state, seat)
        if seat is not None and seat in to_act and state.status == PLAYING:
            moves = list(spec.legal_moves(game_state, seat))
            prompt = spec.prompt(game_state, seat)
        else:
            moves, prompt = [], ""
        result = table_result(state)  # the game's, with the table's forfeits and resignations
    view = PlayerView(
        table=summary(state, to_act, result, model.created_at, model.updated_at),
        seat=seat,
        to_act=to_act,
        your_turn=seat is not None and seat in to_act,
        prompt=prompt,
        legal_moves=moves,
        game=game_view,
        result=result,
        seed=state.revealed_seed or None,
    )
    model.views[seat] = view
    return view


def log_for(spec: Any, events: list[LoggedEvent], seat: int | None) -> list[LogEntry]:
    """Stored events of a table, each as the viewer may see it (hidden ones left out)."""
    entries = []
    for logged in events:
        visible = _visible(spec, logged.event, seat)
        if visible is not None:
            entries.append(
                LogEntry(
                    version=logged.version, name=logged.name, time=logged.time,
                    seat=logged.seat, payload=visible,
                )
            )  # fmt: skip
    return entries


class LogPage(msgspec.Struct, frozen=True, kw_only=True):
    """A page of the table log: `next` is the `after` of the next page (null: the end)."""

    items: list[LogEntry]
    next: int | None


def _visible(spec: Any, event: Any, seat: int | None) -> Any:
    if isinstance(event, TableCreated):
        return msgspec.structs.replace(event, seed="")  # secret until SeedRevealed
    if isinstance(event, TableEvent | SeedRevealed):
        return event
    return spec.redact(event, seat)
