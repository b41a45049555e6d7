"""Re-deciding a table from its commands and comparing with its recorded events, one by one."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from shared.audit.record import CommandRecord, EventRecord
from shared.bots.seats import stand_in_account
from shared.contracts.envelopes import (
    Action,
    AnswerUndo,
    CancelTable,
    ChooseTiming,
    DeclineInvitation,
    ExpireTable,
    InvitePlayer,
    JoinTable,
    LeaveTable,
    PlayMove,
    Rematch,
    RemovePlayer,
    RequestUndo,
    Resign,
    SeatBot,
    SetInvitation,
    Spectators,
    StartTable,
    TimeOutTurn,
    Visibility,
    WithdrawInvitation,
)
from shared.contracts.errors import SenetError
from shared.games.contract import GameSpec
from shared.games.registry import pinned_game
from shared.tables import decide as decider
from shared.tables import state as table_state
from shared.tables.events import TableCreated, TimingChosen
from shared.tables.state import TableState
from shared.tables.timing import EndlessReminders, Timing

DivergenceKind = Literal[
    "event_added", "event_removed", "event_differs", "events_reordered", "command_refused",
    "unreplayable", "empty", "not_finished", "result_differs", "seats_differ", "seed_mismatch",
]  # fmt: skip


class Divergence(msgspec.Struct, frozen=True, kw_only=True):
    """The first place where the record and the rules disagree, in plain words."""

    kind: DivergenceKind
    version: int | None
    expected: str
    recorded: str
    message: str


class Header(msgspec.Struct, frozen=True, kw_only=True):
    """What a table was opened with (the TableCreated of its record)."""

    table_id: str
    game: str
    rules_version: int
    options: dict[str, Any]
    seats: int
    creator: str
    commitment: str
    seed: str
    spectators: Spectators = "players"
    visibility: Visibility = "public"
    rematch_of: str = ""
    takebacks: bool = False
    tournament: str = ""
    start_when_full: bool = False

    @classmethod
    def of(cls, table_id: str, created: TableCreated) -> Header:
        """The header of a table opened by `created` (its fields are TableCreated's: a field
        added there and not here fails at once)."""
        return cls(table_id=table_id, **msgspec.structs.asdict(created))

    def opened(self) -> TableCreated:
        """The TableCreated this header stands for."""
        fields = msgspec.structs.asdict(self)
        del fields["table_id"]
        return TableCreated(**fields)


class Replayed(msgspec.Struct, frozen=True, kw_only=True):
    """The state the rules reach, and the first divergence (None: identical)."""

    state: TableState | None
    divergence: Divergence | None


def redecide(header: Header, commands: list[CommandRecord], events: list[EventRecord]) -> Replayed:
    """Re-run every command with the pinned rules and the seed; compare event by event."""
    spec = pinned_game(header.game, header.rules_version)
    order = _order_problem(events)
    if order is not None:
        return Replayed(state=None, divergence=order)
    state: TableState | None = None
    position = 0
    for number, command in enumerate(commands, 1):
        try:
            expected = _expected(header, spec, state, command)
        except SenetError as exc:
            return Replayed(state=state, divergence=_refused(number, command, position, exc))
        for event in expected:
            recorded = events[position] if position < len(events) else None
            divergence = _compare(spec, position + 1, command, event, recorded)
            if divergence is not None:
                return Replayed(state=state, divergence=divergence)
            state = _fold(header, spec, state, event)
            position += 1
    if position < len(events):
        extra = events[position]
        return Replayed(
            state=state,
            divergence=Divergence(
                kind="event_added",
                version=extra.version,
                expected="no further event",
                recorded=extra.name,
                message=f"event {extra.version} ({extra.name}) follows from no command",
            ),
        )
    return Replayed(state=state, divergence=None)


def _expected(
    header: Header, spec: GameSpec, state: TableState | None, command: CommandRecord
) -> list[Any]:
    """The events the table decider gives for a recorded command (raises if it refuses)."""
    if command.kind == "create":
        if state is not None:
            raise SenetError("the table is created twice", code="table_exists")
        return decider.opening(header.opened(), command.player_name).events
    if command.kind == "rematch":
        if state is not None:
            raise SenetError("the table is created twice", code="table_exists")
        seated = sorted(command.seated, key=lambda s: s.seat)
        players = [s.player_id for s in seated]
        names = [s.name for s in seated]
        # Only a tournament's match table chooses a timing in its opening.
        chosen = command.timing if header.tournament else None
        timing = msgspec.convert(chosen, Timing) if chosen else None
        opened = header.opened()
        return decider.match_opening(header.table_id, opened, players, names, timing).events
    if state is None:
        raise SenetError("the first command does not create the table", code="no_table")
    decision = _decided(state, _actor(state, command), _action(command, state), spec)
    bot_move = command.move if command.kind == "timeout" else None
    if bot_move is not None and _plain(bot_move) != _plain(decision.move):
        raise SenetError(
            f"the recorded bot move {bot_move} is not the one the seed draws ({decision.move})",
            code="bot_move_differs",
        )
    return decision.events


def _decided(state: TableState, actor: str, action: Action, spec: GameSpec) -> decider.Decision:
    """The decider's decision; a timing recorded before reminders had to end (an endless
    one) is re-decided by every other rule of its time (docs/notifications.md)."""
    try:
        return decider.decide(state, actor, action, spec=spec)
    except EndlessReminders:
        if not isinstance(action, ChooseTiming):
            raise
    ending = msgspec.structs.replace(action, repeat_every=0.0)
    decision = decider.decide(state, actor, ending, spec=spec)
    recorded = TimingChosen(**msgspec.structs.asdict(action))
    return msgspec.structs.replace(decision, events=[recorded])


def _action(command: CommandRecord, state: TableState) -> Action:
    """The command a record stands for, as the table worker received it."""
    kind = command.kind
    if kind == "join":  # a join from before the table checked codes: the gateway did
        named = state.invitation if command.join_hash is None else command.join_hash
        return JoinTable(player_name=command.player_name, invitation_hash=named)
    if kind == "seat_bot":
        return SeatBot(kind=command.bot, level=command.level)
    if kind == "start":
        return StartTable()
    if kind == "move":
        held = state.stand_in(command.seat)  # a stand-in's move names the seat it plays
        seat = command.seat if held else None
        return PlayMove(move=msgspec.Raw(msgspec.json.encode(command.move)), seat=seat)
    if kind == "timeout":
        assert command.seat is not None and command.policy != ""
        return TimeOutTurn(
            seat=command.seat, policy=command.policy, turn=command.turn, stand_in=command.stand_in
        )
    if kind == "leave":
        return LeaveTable()
    if kind == "kick":
        return RemovePlayer(seat=command.target)
    if kind == "cancel":
        return CancelTable()
    if kind == "expire":
        return ExpireTable(version=command.turn)
    if kind == "resign":
        return Resign(stand_in=command.stand_in)
    if kind == "invite":
        return SetInvitation(code_hash=command.code_hash)
    if kind == "rematch_offer":
        return Rematch(accept=command.accept, new_table=command.rematch_table)
    if kind == "undo":
        return RequestUndo()
    if kind == "undo_answer":
        return AnswerUndo(accept=command.accept)
    if kind == "invite_player":
        return InvitePlayer(player_id=command.invitee, player_name=command.player_name)
    if kind == "decline":
        return DeclineInvitation()
    if kind == "withdraw":
        return WithdrawInvitation(player_id=command.invitee)
    if kind == "timing":
        return msgspec.convert(command.timing or {}, type=ChooseTiming)
    raise SenetError(f"unknown command kind {kind!r}", code="bad_command")


def _actor(state: TableState, command: CommandRecord) -> str:
    """Who sent a recorded command: the player in its seat (checked against the record),
    or for a move at a seat handed to a stand-in, that bot's account (only it moves there)."""
    if command.kind in (
        "join", "timeout", "expire", "cancel", "kick", "invite", "rematch_offer",
        "invite_player", "decline", "withdraw",
    ):  # fmt: skip
        return command.player_id
    if command.seat is None or not 0 <= command.seat < state.seats:
        raise SenetError(f"seat {command.seat} is not a seat of this table", code="bad_seat")
    held = state.stand_in(command.seat)
    if command.kind == "move" and held:
        return stand_in_account(state.game, held).player_id
    seated = state.players[command.seat] or ""
    if command.player_id and seated != command.player_id:
        raise SenetError(f"seat {command.seat} is not {command.player_id}", code="not_seated")
    return seated


def _fold(header: Header, spec: GameSpec, state: TableState | None, event: Any) -> TableState:
    if state is None:
        return table_state.created(header.table_id, event)
    return table_state.evolve(state, event, spec)


def _compare(
    spec: GameSpec,
    version: int,
    command: CommandRecord,
    expected: Any,
    recorded: EventRecord | None,
) -> Divergence | None:
    name = type(expected).__name__
    want = _plain(expected)
    if recorded is None:
        return Divergence(
            kind="event_removed",
            version=version,
            expected=f"{name} {_short(want)}",
            recorded="nothing",
            message=f"event {version} ({name}) is missing: the record ends before it",
        )
    if recorded.name != name:
        return Divergence(
            kind="event_differs",
            version=version,
            expected=name,
            recorded=recorded.name,
            message=(
                f"event {version} should be {name} but the record has {recorded.name} "
                "(an event was changed, removed or moved)"
            ),
        )
    try:
        got = _normal(spec, name, recorded.payload)
    except (msgspec.ValidationError, TypeError, ValueError) as exc:
        return Divergence(
            kind="event_differs",
            version=version,
            expected=_short(want),
            recorded=_short(recorded.payload),
            message=f"event {version} ({name}) cannot be read: {exc}",
        )
    if got != want:
        field, exp, rec = _first_difference(want, got)
        return Divergence(
            kind="event_differs",
            version=version,
            expected=_short(exp),
            recorded=_short(rec),
            message=(
                f"event {version} ({name}) does not follow from the commands and the seed: "
                f"{field} should be {_short(exp)} but the record has {_short(rec)}"
            ),
        )
    if recorded.command_id != command.command_id:
        return Divergence(
            kind="event_differs",
            version=version,
            expected=command.command_id,
            recorded=recorded.command_id,
            message=f"event {version} ({name}) is attributed to another command",
        )
    return None


def _normal(spec: GameSpec, name: str, payload: dict[str, Any]) -> Any:
    if name == "TableCreated":
        return _plain(msgspec.convert(payload, type=TableCreated))
    return _plain(table_state.decode_event(spec, name, payload))


def _plain(value: Any) -> Any:
    """JSON builtins (lists, not tuples), so expected and recorded compare alike."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _first_difference(want: Any, got: Any, path: str = "") -> tuple[str, Any, Any]:
    if isinstance(want, dict) and isinstance(got, dict):
        for key in list(want) + [k for k in got if k not in want]:
            if want.get(key) != got.get(key):
                return _first_difference(want.get(key), got.get(key), f"{path}.{key}".lstrip("."))
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        for index, (a, b) in enumerate(zip(want, got, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{index}]")
    return path or "the payload", want, got


def _order_problem(events: list[EventRecord]) -> Divergence | None:
    seen = {event.version for event in events}
    for index, event in enumerate(events, 1):
        if event.version == index:
            continue
        if index not in seen:
            return Divergence(
                kind="event_removed",
                version=index,
                expected=f"event {index}",
                recorded=f"event {event.version} ({event.name})",
                message=f"event {index} was removed from the record",
            )
        return Divergence(
            kind="events_reordered",
            version=index,
            expected=f"event {index}",
            recorded=f"event {event.version} ({event.name})",
            message=(
                f"events are out of order: position {index} holds event {event.version} "
                f"({event.name})"
            ),
        )
    return None


def _refused(number: int, command: CommandRecord, position: int, exc: SenetError) -> Divergence:
    who = f" by seat {command.seat}" if command.seat is not None else ""
    return Divergence(
        kind="command_refused",
        version=position + 1,
        expected="a command the rules accept",
        recorded=f"{command.kind}{who}",
        message=(
            f"command {number} ({command.kind}{who}), recorded at event {position + 1}, "
            f"is refused by the rules: {exc.message} [{exc.code}]"
        ),
    )


def _short(value: Any, limit: int = 160) -> str:
    text = msgspec.json.encode(value).decode() if not isinstance(value, str) else value
    return text if len(text) <= limit else text[: limit - 1] + "…"
