"""What a viewer may see of a table: the player view and the redacted event log.

A view's `table` is the read models' `TableSummary`, built by the one builder the lobby and
the lists use (`shared.readmodels.tables.summary_of`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from services.gateway.views.table_cache import TableModel
from shared.games.contract import GameResult
from shared.games.prompts import NO_PROMPT
from shared.observability import metrics
from shared.readmodels.rows import TableSummary
from shared.readmodels.tables import summary_of
from shared.tables.events import SeedRevealed, TableCreated, TableEvent
from shared.tables.outcome import table_result
from shared.tables.reader import LoggedEvent
from shared.tables.state import PLAYING


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
    # What the seat is asked as a code of the game's prompts (shared/games/prompts.py) and its
    # parameters (`seat`: a seat number); `prompt` is the same in English, for older clients.
    prompt_code: str = ""
    prompt_params: dict[str, int | str] = msgspec.field(default_factory=dict)
    # Seat -> when its current turn began (ISO 8601), for each seat in `to_act`: the start of
    # the notify service's clock, so a page can count down to the table's deadline.
    turn_since: dict[int, str] = msgspec.field(default_factory=dict)


_encode = msgspec.json.Encoder().encode


class LogEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One event of the table log as a viewer may see it."""

    version: int
    name: str
    time: str
    seat: int | None
    payload: Any


def player_frame(model: TableModel, seat: int | None) -> bytes:
    """A seat's view as the JSON a WebSocket frame carries: encoded once per version and
    seat, the same bytes for every socket of that seat (or of the spectators)."""
    frame = model.frames.get(seat)
    if frame is None:
        frame = model.frames[seat] = _encode(player_view(model, seat))
        metrics.VIEW_FRAMES_ENCODED.inc()
    return frame


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
        mine = False
        game_view = None
        moves: list[Any] = []
        prompt = "wait for the table to fill" if state.free_seat() is not None else "start"
        code = NO_PROMPT
        result = None
    else:
        # nobody acts at a finished table (a game ended by resignation may still say who)
        to_act = list(spec.to_act(game_state)) if state.status == PLAYING else []
        # a seat handed to a stand-in bot is its turn, not the person's
        mine = seat is not None and seat in to_act and not state.stand_in(seat)
        game_view = spec.view(game_state, seat)
        if seat is not None and mine and state.status == PLAYING:
            moves = list(spec.legal_moves(game_state, seat))
            prompt = spec.prompt(game_state, seat)
            code = spec.prompt_code(game_state, seat) if spec.prompt_code else NO_PROMPT
        else:
            moves, prompt, code = [], "", NO_PROMPT
        result = table_result(state)  # the game's, with the table's forfeits and resignations
    summary = model.summary  # the same for every seat: made once a version
    if summary is None or summary.version != state.version:
        summary = model.summary = summary_of(
            state, model.created_at, model.updated_at, acting=to_act, outcome=result
        )
    view = PlayerView(
        table=summary,
        seat=seat,
        to_act=to_act,
        your_turn=mine,
        prompt=prompt,
        legal_moves=moves,
        game=game_view,
        result=result,
        seed=state.revealed_seed or None,
        prompt_code=code.code,
        prompt_params=dict(code.params),
        turn_since={s: t for s, t in model.turn_since().items() if s in to_act},
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
