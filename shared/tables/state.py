"""A table's state as a fold of its events: lobby, seats, and the game's own state."""

from __future__ import annotations

import functools
import typing
from typing import Any, Final

import msgspec

from shared.contracts.envelopes import Spectators, TableStatus, Visibility
from shared.games.contract import GameSpec
from shared.games.registry import pinned_game
from shared.tables.events import (
    TABLE_EVENTS,
    InvitationChanged,
    InvitationDeclined,
    InvitationWithdrawn,
    MoveBegan,
    MoveUndone,
    PlayerInvited,
    PlayerLeft,
    PlayerRemoved,
    RematchAccepted,
    RematchAgreed,
    RematchDeclined,
    RematchOffered,
    SeatForfeited,
    SeatResigned,
    SeatTaken,
    SeedRevealed,
    TableCancelled,
    TableCreated,
    TableEvent,
    TableStarted,
    TimingChosen,
    TurnTimedOut,
    UndoAccepted,
    UndoDeclined,
    UndoRequested,
)
from shared.tables.timing import Timing
from shared.tables.upcasting import has_upcasters, upcast

Status = TableStatus  # open, playing, over, cancelled
OPEN: Final = "open"
PLAYING: Final = "playing"
OVER: Final = "over"
CANCELLED: Final = "cancelled"


class TableState(msgspec.Struct, frozen=True, kw_only=True):
    """Everything known about a table after some of its events."""

    table_id: str
    game: str
    seats: int
    options: Any
    rules_version: int
    creator: str
    commitment: str
    seed: str
    players: tuple[str | None, ...]
    names: tuple[str, ...]
    status: Status = OPEN
    version: int = 0
    game_state: Any = None
    revealed_seed: str = ""
    forfeited: tuple[int, ...] = ()  # seats a bot plays after a forfeit on timeout
    resigned: tuple[int, ...] = ()  # seats whose players resigned, in that order
    # (seat, "kind:level"): resigned or forfeited seats a stand-in bot plays through the bots
    # role (older records name none: the table decider's random stand-in plays them)
    stand_ins: tuple[tuple[int, str], ...] = ()
    spectators: Spectators = "players"  # who may watch without a seat
    visibility: Visibility = "public"  # private: not in the lobby, joined by invitation
    invitation: str = ""  # SHA-256 of the invitation code ("": none, or revoked)
    invited: tuple[tuple[str, str], ...] = ()  # (player id, name) invited by name
    rematch: tuple[int, ...] | None = None  # seats that accepted the open offer (None: none)
    rematch_offers: int = 0  # offers made (bounded: no endless offer and decline)
    rematch_table: str = ""  # the table agreed on as the rematch
    rematch_players: tuple[str, ...] = ()  # its players in its seat order
    rematch_names: tuple[str, ...] = ()
    rematch_of: str = ""  # the finished table this one is the rematch of
    takebacks: bool = False  # a move may be taken back when all the others agree
    start_when_full: bool = False  # the seat that fills the table starts the game
    tournament: str = ""  # the tournament whose match this table is
    timing: Timing | None = None  # the last TimingChosen (None: notify's defaults apply)
    undo_seat: int = -1  # the seat that made the last move (-1: none since a bot or timeout)
    undo_version: int = 0  # the table version before that move
    undo_from: Any = None  # the game state before it, when it may be taken back
    undo_asked: tuple[int, ...] | None = None  # asked: the seats that accepted so far
    undo_declined: bool = False  # a take-back of the last move was declined
    # Per seat, the version at which its current turn began (0: it need not act); see
    # `_turns`. A state folded or snapshotted before this field reads back as ().
    turn_began: tuple[int, ...] = ()

    def undo_open(self) -> int:
        """The seat that may ask (or has asked) to take back its last move; -1: none."""
        if self.undo_from is None or self.undo_declined:
            return -1
        return self.undo_seat

    def playing_seats(self) -> list[int]:
        """The seats still played by their players (not resigned)."""
        return [s for s in range(self.seats) if s not in self.resigned]

    def stand_in(self, seat: int | None) -> str:
        """The stand-in bot ("kind:level") that holds the seat; "" for none."""
        return next((bot for held, bot in self.stand_ins if held == seat), "")

    def undo_voters(self) -> list[int]:
        """The seats that must agree to a take-back: every other seat its player still plays
        (not resigned, not forfeited to a bot)."""
        return [s for s in self.playing_seats() if s != self.undo_seat and s not in self.forfeited]

    @property
    def spec(self) -> GameSpec:
        """The game played at this table, in the rules version the table was opened with."""
        return pinned_game(self.game, self.rules_version)

    def seat_of(self, player_id: str) -> int | None:
        """The seat of a player, or None if not seated."""
        for seat, pid in enumerate(self.players):
            if pid == player_id:
                return seat
        return None

    def free_seat(self) -> int | None:
        """The lowest free seat, or None when the table is full."""
        for seat, pid in enumerate(self.players):
            if pid is None:
                return seat
        return None


def decode_stored(game: GameSpec | None, name: str, payload: Any) -> Any:
    """The one entry point for a stored payload: the `TableCreated` (no game needed), table
    or game event named `name`, from JSON (bytes or `msgspec.Raw`) or builtins."""
    if name == "TableCreated":
        if isinstance(payload, bytes | msgspec.Raw):
            return msgspec.json.decode(payload, type=TableCreated)
        return msgspec.convert(payload, type=TableCreated)
    assert game is not None, "a table or game event is decoded with its game's rules"
    if isinstance(payload, bytes | msgspec.Raw):
        return decode_event_json(game, name, payload)
    return decode_event(game, name, payload)


def decode_event(game: GameSpec, name: str, payload: Any) -> Any:
    """A table or game event from its stored builtins form (older schemas upcast first)."""
    payload = upcast(name, payload)
    cls = TABLE_EVENTS.get(name)
    if cls is not None:
        return msgspec.convert(payload, type=cls)
    tag_field, classes = _tagged_classes(game.event_type)
    tag = payload.get(tag_field) if isinstance(payload, dict) else None
    tagged = classes.get(tag) if isinstance(tag, str | int) else None
    if tagged is not None:
        # The class the union would pick by the tag: msgspec caches a Struct's type info
        # but rebuilds a union's on every convert (20-100 µs an event, 1-2 µs this way).
        return msgspec.convert(payload, type=tagged)
    return game.convert_event(payload)


def decode_event_json(game: GameSpec, name: str, raw: bytes | msgspec.Raw) -> Any:
    """`decode_event` of a payload still in JSON: straight into the event's class (found by
    its name, which is its tag) unless its schema has upcasters."""
    cls = TABLE_EVENTS.get(name) or _tagged_classes(game.event_type)[1].get(name)
    if cls is None or has_upcasters(name):
        return decode_event(game, name, msgspec.json.decode(raw))
    return _decoder(cls).decode(raw)


@functools.cache
def _decoder(cls: type) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(cls)


@functools.cache
def _tagged_classes(event_type: Any) -> tuple[str, dict[Any, type]]:
    """(tag field, tag -> class) of a union of tagged Structs; empty if it is not one."""
    field = ""
    classes: dict[Any, type] = {}
    for cls in typing.get_args(event_type) or (event_type,):
        config = getattr(cls, "__struct_config__", None)
        if config is None or config.tag is None or field not in ("", config.tag_field):
            return "", {}
        field = config.tag_field
        classes[config.tag] = cls
    return field, classes


def event_payload(event: Any) -> dict[str, Any]:
    """The stored builtins form of a table or game event (tag included)."""
    return msgspec.to_builtins(event)


def created(table_id: str, event: TableCreated) -> TableState:
    """The state of a table just opened."""
    spec = pinned_game(event.game, event.rules_version)
    return TableState(
        table_id=table_id,
        game=event.game,
        seats=event.seats,
        options=spec.convert_options(event.options),
        rules_version=event.rules_version,
        spectators=event.spectators,
        visibility=event.visibility,
        rematch_of=event.rematch_of,
        takebacks=event.takebacks,
        start_when_full=event.start_when_full,
        tournament=event.tournament,
        creator=event.creator,
        commitment=event.commitment,
        seed=event.seed,
        players=(None,) * event.seats,
        names=("",) * event.seats,
        version=1,
    )


def evolve(state: TableState, event: Any, spec: GameSpec | None = None) -> TableState:
    """The state after one more event (table-level or the game's); `spec` gives the game's
    rules (by default the table's pinned version, `state.spec`)."""
    version = state.version + 1
    game = spec or state.spec
    if isinstance(event, TableEvent):
        after = _evolve_table(state, event, version, game)
        same = after.status == state.status and after.game_state is state.game_state
        if same and not isinstance(event, MoveBegan | TurnTimedOut):
            return after  # nobody's turn changed
    else:
        game_state = game.evolve(state.game_state, event)
        status = OVER if game.result(game_state) is not None else state.status
        after = msgspec.structs.replace(
            state, game_state=game_state, status=status, version=version
        )
    return _turns(state.turn_began, after, event, game)


def _turns(before: tuple[int, ...], state: TableState, event: Any, game: GameSpec) -> TableState:
    """When each seat's turn began, the rule of the notify service's clock (reminders and
    deadline, docs/notifications.md) judged event by event: a seat's turn begins at the event
    after which it must act and before which it need not, or at which it acted and must act
    again. It acted at its `MoveBegan` or `TurnTimedOut`, and at a game event while it is
    the only seat to act before and after (or, with several to act, at a game event naming
    it as `seat`)."""
    if state.status != PLAYING or state.game_state is None:
        return msgspec.structs.replace(state, turn_began=()) if state.turn_began else state
    version = state.version
    now = set(game.to_act(state.game_state))
    acting = {s for s, v in enumerate(before) if v}
    began = list(before) if len(before) == state.seats else [0] * state.seats
    actor: Any = None
    if isinstance(event, MoveBegan | TurnTimedOut):
        actor = event.seat
    elif not isinstance(event, TableEvent):
        if len(acting) == 1 and now == acting:
            actor = next(iter(now))
        elif len(acting) > 1:
            actor = getattr(event, "seat", None)
    for seat in range(state.seats):
        if seat not in now:
            began[seat] = 0
        elif seat not in acting or seat == actor:
            began[seat] = version
    return msgspec.structs.replace(state, turn_began=tuple(began))


def _evolve_table(state: TableState, event: TableEvent, version: int, game: GameSpec) -> TableState:
    if isinstance(event, SeatTaken):
        return _seat(state, event.seat, event.player_id, event.player_name, version)
    if isinstance(event, PlayerLeft | PlayerRemoved):
        return _seat(state, event.seat, None, "", version)
    if isinstance(event, TableCancelled):
        freed = (None,) * state.seats
        return msgspec.structs.replace(
            state, status=CANCELLED, players=freed, names=("",) * state.seats, version=version
        )
    if isinstance(event, TableStarted):
        return msgspec.structs.replace(
            state,
            invited=(),  # the game began: open invitations lapse
            status=PLAYING,
            game_state=game.initial_state(state.seats, state.options),
            version=version,
        )
    if isinstance(event, SeedRevealed):
        return msgspec.structs.replace(state, revealed_seed=event.seed, version=version)
    if isinstance(event, TurnTimedOut | SeatForfeited):
        state = _no_undo(state)  # a bot moved (or takes the seat): nothing to take back
        if isinstance(event, SeatForfeited):
            forfeited = tuple(sorted({*state.forfeited, event.seat}))
            stand_ins = _held(state, event.seat, event.stand_in)
            return msgspec.structs.replace(
                state, forfeited=forfeited, stand_ins=stand_ins, version=version
            )
        return msgspec.structs.replace(state, version=version)
    if isinstance(event, MoveBegan | UndoRequested | UndoAccepted | UndoDeclined | MoveUndone):
        return _evolve_undo(state, event, version)
    if isinstance(event, InvitationChanged):
        return msgspec.structs.replace(state, invitation=event.code_hash, version=version)
    if isinstance(event, PlayerInvited):
        invited = (*state.invited, (event.player_id, event.name))
        return msgspec.structs.replace(state, invited=invited, version=version)
    if isinstance(event, InvitationDeclined | InvitationWithdrawn):
        invited = tuple(i for i in state.invited if i[0] != event.player_id)
        return msgspec.structs.replace(state, invited=invited, version=version)
    if isinstance(event, RematchOffered):
        offers = state.rematch_offers + 1
        return msgspec.structs.replace(
            state, rematch=(event.seat,), rematch_offers=offers, version=version
        )
    if isinstance(event, RematchAccepted):
        accepted = (*(state.rematch or ()), event.seat)
        return msgspec.structs.replace(state, rematch=accepted, version=version)
    if isinstance(event, RematchDeclined):
        return msgspec.structs.replace(state, rematch=None, version=version)
    if isinstance(event, RematchAgreed):
        return msgspec.structs.replace(
            state, rematch_table=event.table_id, rematch_players=tuple(event.players),
            rematch_names=tuple(event.names), version=version,
        )  # fmt: skip
    if isinstance(event, TimingChosen):
        return msgspec.structs.replace(state, timing=chosen_timing(event), version=version)
    if isinstance(event, SeatResigned):
        state = _no_undo(state)
        resigned = (*state.resigned, event.seat)
        left = [s for s in range(state.seats) if s not in resigned]
        status = OVER if len(left) <= 1 else state.status
        stand_ins = _held(state, event.seat, event.stand_in)
        return msgspec.structs.replace(
            state, resigned=resigned, status=status, stand_ins=stand_ins, version=version
        )
    raise TypeError(f"unexpected table event {type(event).__name__}")


def _held(state: TableState, seat: int, stand_in: str) -> tuple[tuple[int, str], ...]:
    """The stand-ins after `seat` is handed to `stand_in` ("": to none, as before)."""
    if not stand_in:
        return state.stand_ins
    return (*((s, bot) for s, bot in state.stand_ins if s != seat), (seat, stand_in))


def chosen_timing(event: TimingChosen) -> Timing:
    """The timing a `TimingChosen` records."""
    return Timing(**{name: getattr(event, name) for name in Timing.__struct_fields__})


def _evolve_undo(state: TableState, event: TableEvent, version: int) -> TableState:
    """Take-backs: a move begins, is asked back, accepted, declined, or taken back."""
    if isinstance(event, MoveBegan):
        return msgspec.structs.replace(
            state, undo_seat=event.seat, undo_version=state.version,
            undo_from=state.game_state if event.undoable else None, undo_asked=None,
            undo_declined=False, version=version,
        )  # fmt: skip
    if isinstance(event, UndoRequested):
        return msgspec.structs.replace(state, undo_asked=(), version=version)
    if isinstance(event, UndoAccepted):
        accepted = (*(state.undo_asked or ()), event.seat)
        return msgspec.structs.replace(state, undo_asked=accepted, version=version)
    if isinstance(event, UndoDeclined):
        return msgspec.structs.replace(state, undo_asked=None, undo_declined=True, version=version)
    assert isinstance(event, MoveUndone)
    return msgspec.structs.replace(_no_undo(state), game_state=state.undo_from, version=version)


def _no_undo(state: TableState) -> TableState:
    """The state with nothing left to take back."""
    if state.undo_seat < 0 and state.undo_from is None and state.undo_asked is None:
        return state
    return msgspec.structs.replace(
        state, undo_seat=-1, undo_version=0, undo_from=None, undo_asked=None,
        undo_declined=False,
    )  # fmt: skip


def _seat(
    state: TableState, seat: int, player_id: str | None, name: str, version: int
) -> TableState:
    invited = tuple(i for i in state.invited if i[0] != player_id)  # an invitee sat down
    state = msgspec.structs.replace(state, invited=invited)
    players = list(state.players)
    names = list(state.names)
    players[seat] = player_id
    names[seat] = name
    return msgspec.structs.replace(
        state, players=tuple(players), names=tuple(names), version=version
    )
