"""The table decider: every rule of a table's life in one place, pure and replayable.

`decide(state, player_id, action)` gives the events a command causes at an existing table
(or raises a `SenetError` with a stable code); `open_table` gives the opening events of a
new one. The table worker and the audit re-decider both call these, so a recorded game is
re-decided by exactly the rules that accepted it. The rules, by concern:

- version: a command naming `expected_version` is refused unless the table is there;
- idempotency: a command id already accepted is a repeat if its fingerprint matches
  (`is_repeat`), else `duplicate_command`;
- lobby: join, leave, cancel, remove a player, start (creator only), expire when idle;
- seats: who may act for which seat; a timed-out turn is played by a bot;
- the game's rules (`spec.decide`), with randomness from `Rng.for_step(seed, table_id,
  version)` at the version before the command, so re-running gives the same events.

`spec` lets the auditor use the rules version a table was pinned to.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, Protocol
from uuid import NAMESPACE_URL, uuid5

import msgspec

from shared.bots import Budget, SeatKnowledge, choose
from shared.bots.seats import bot_account, stand_in_account
from shared.contracts.envelopes import (
    Action,
    AnswerUndo,
    CancelTable,
    ChooseTiming,
    CreateTable,
    DeclineInvitation,
    ExpireTable,
    InvitePlayer,
    JoinTable,
    LeaveTable,
    OpenMatch,
    OpenRematch,
    PlayMove,
    Rematch,
    RemovePlayer,
    RequestUndo,
    Resign,
    SeatBot,
    SetInvitation,
    StartTable,
    TimeOutTurn,
    WithdrawInvitation,
)
from shared.contracts.errors import (
    BadRequest,
    Conflict,
    DuplicateCommand,
    Forbidden,
    IllegalMove,
    NotFound,
    NotYourTurn,
    StaleVersion,
)
from shared.games.contract import GameSpec
from shared.games.registry import get_game
from shared.games.rng import Rng
from shared.tables.access import holds_link, is_invited
from shared.tables.events import (
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
    TableStarted,
    TimingChosen,
    TurnTimedOut,
    UndoAccepted,
    UndoDeclined,
    UndoRequested,
)
from shared.tables.outcome import table_result
from shared.tables.state import CANCELLED, OPEN, OVER, PLAYING, TableState, created, evolve
from shared.tables.timing import Timing, timing_refusal

MAX_SEAT_NAME = 40
MAX_INVITED = 20  # open invitations by name at one table
MAX_REMATCH_OFFERS = 10  # offers a finished table takes (declined ones count)
_REMATCH_NAMESPACE = uuid5(NAMESPACE_URL, "senet:rematch")


class Decision(msgspec.Struct, frozen=True, kw_only=True):
    """What a command causes: its events, the seat it acted for, the move it stored, and
    the table's state after the events when the decider already folded them (None: the
    recorder folds them), so that a move is folded once."""

    events: list[Any]
    seat: int | None
    move: dict[str, Any] | None = None
    state: TableState | None = None


# ---- idempotency and opening --------------------------------------------------------


class Asking(Protocol):
    """A command of any aggregate (a table's `Command`, a `TournamentCommand`)."""

    @property
    def player_id(self) -> str: ...

    @property
    def action(self) -> Any: ...


def fingerprint(command: Asking) -> str:
    """A digest of what the command asks (who, what), to tell a repeat from a reused id:
    the one fingerprint of table and tournament commands, computed once per command."""
    body = msgspec.json.encode([command.player_id, command.action])
    return hashlib.sha256(body).hexdigest()[:32]


def is_repeat(known_fingerprint: str | None, digest: str) -> bool:
    """True if this command id was accepted before for the same command (answer it again);
    False if the id is new; raises `duplicate_command` if it was used for another command."""
    if known_fingerprint is None:
        return False
    if known_fingerprint != digest:
        raise DuplicateCommand("command id already used for another command")
    return True


def commitment_of(table_id: str, seed_hex: str) -> str:
    """The public commitment to a table's secret seed: SHA-256 over table id and seed."""
    return hashlib.sha256(table_id.encode() + bytes.fromhex(seed_hex)).hexdigest()


def new_table(table_id: str, player_id: str, action: CreateTable, seed: str) -> TableCreated:
    """The TableCreated of a CreateTable command; raises on a bad seat count or options."""
    game = get_game(action.game)
    if not game.min_players <= action.seats <= game.max_players:
        raise BadRequest(
            f"{game.title} is for {game.min_players}-{game.max_players} players",
            code="bad_seat_count",
        )
    try:
        options = game.convert_options(msgspec.json.decode(action.options))
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"bad options: {exc}", code="bad_options") from exc
    return TableCreated(
        game=game.name,
        seats=action.seats,
        options=msgspec.to_builtins(options),
        rules_version=game.rules_version,
        spectators=action.spectators,
        visibility=action.visibility,
        takebacks=action.takebacks,
        start_when_full=action.start_when_full,
        creator=player_id,
        commitment=commitment_of(table_id, seed),
        seed=seed,
    )


def opening(created: TableCreated, player_name: str) -> Decision:
    """A new table's events: TableCreated, then its creator in seat 0."""
    seat = SeatTaken(seat=0, player_id=created.creator, player_name=seat_name(player_name))
    return Decision(events=[created, seat], seat=0)


def rematch_id(table_id: str) -> str:
    """The id older tables gave their rematch, derived from theirs (a Rematch command
    without `new_table`, as recorded before the worker drew it at random)."""
    return str(uuid5(_REMATCH_NAMESPACE, table_id))


def rematch_created(old: TableState, seed: str) -> TableCreated:
    """The TableCreated of an agreed rematch: the old table's game (in today's rules version),
    options, spectators and visibility; the first player of the agreed order hosts it."""
    if not old.rematch_table:
        raise Conflict("no rematch was agreed at that table", code="no_rematch_agreed")
    game = get_game(old.game)
    agreed = old.rematch_table
    return TableCreated(
        game=old.game,
        seats=old.seats,
        options=msgspec.to_builtins(game.convert_options(msgspec.to_builtins(old.options))),
        rules_version=game.rules_version,
        creator=old.rematch_players[0],
        commitment=commitment_of(agreed, seed),
        seed=seed,
        spectators=old.spectators,
        visibility=old.visibility,
        rematch_of=old.table_id,
        takebacks=old.takebacks,
    )


def rematch_opening(
    table_id: str, opened: TableCreated, players: list[str], names: list[str]
) -> Decision:
    """A rematch's events in one command: TableCreated, every seat taken in the agreed order,
    and the start (its setup drawn as a StartTable at that version would draw it)."""
    state = created(table_id, opened)
    events: list[Any] = [opened]
    for seat, (player_id, name) in enumerate(zip(players, names, strict=True)):
        taken = SeatTaken(seat=seat, player_id=player_id, player_name=name)
        events.append(taken)
        state = evolve(state, taken)
    started = TableStarted(players=list(players), commitment=opened.commitment)
    events += [started, *state.spec.setup(state.seats, state.options, step_rng(state))]
    return Decision(events=events, seat=0)


def match_opening(
    table_id: str, opened: TableCreated, players: list[str], names: list[str],
    timing: Timing | None,
) -> Decision:  # fmt: skip
    """A tournament's match table in one command: opened as a rematch is, then the
    tournament's turn timing (if it sets one) chosen by the timing rules (after the setup,
    which it leaves as a rematch's)."""
    events = rematch_opening(table_id, opened, players, names).events
    return Decision(events=[*events, timing_chosen(timing)] if timing else events, seat=0)


# ---- commands at an existing table --------------------------------------------------


def decide(
    state: TableState | None,
    player_id: str,
    action: Action,
    *,
    expected_version: int | None = None,
    spec: GameSpec | None = None,
) -> Decision:
    """The events `player_id`'s action causes at the table (None: no such table yet)."""
    if state is None:
        if isinstance(action, CreateTable | OpenRematch | OpenMatch):
            raise BadRequest("a new table is opened with `open_table`", code="bad_command")
        raise NotFound("no such table", code="unknown_table")
    if expected_version is not None and expected_version != state.version:
        raise StaleVersion(
            f"table is at version {state.version}, not {expected_version}",
            details={"version": state.version},
        )
    if state.status == CANCELLED and not isinstance(action, CreateTable):
        raise Conflict("the table was cancelled", code="table_cancelled")
    return _DECIDERS[type(action)](state, player_id, action, spec or state.spec)


def _exists(state: TableState, player_id: str, action: Any, spec: GameSpec) -> Decision:
    raise Conflict("table already exists", code="table_exists")


def _join(state: TableState, player_id: str, action: JoinTable, spec: GameSpec) -> Decision:
    """Take the lowest free seat; a private table lets in its invitees by name and whoever
    names its current invitation (a renewed or revoked code is refused). The hash named is
    stored as the command's move, so the audit re-checks it."""
    _lobby_open(state)
    if state.seat_of(player_id) is not None:
        raise Conflict("you already have a seat at this table", code="already_seated")
    if (
        state.visibility == "private"
        and not is_invited(state, player_id)
        and not holds_link(state, action.invitation_hash)
    ):
        raise Forbidden("this private table needs its current invitation", code="bad_invitation")
    seat = state.free_seat()
    if seat is None:
        raise Conflict("the table is full", code="table_full")
    name = seat_name(action.player_name)
    taken = SeatTaken(seat=seat, player_id=player_id, player_name=name)
    events = [taken, *_started_when_full(state, taken, spec)]
    return Decision(events=events, seat=seat, move={"invitation": action.invitation_hash})


def _seat_bot(state: TableState, player_id: str, action: SeatBot, spec: GameSpec) -> Decision:
    """The creator seats a bot account (one per game, kind and level) in the lowest free
    seat; the same bot takes one seat of a table."""
    seat = _creator(state, player_id, "seat bots")
    _lobby_open(state)
    bot = bot_account(state.game, action.kind, action.level)
    if state.seat_of(bot.player_id) is not None:
        raise Conflict(
            f"{bot.name} has a seat here already; seat another level or kind",
            code="bot_seated",
        )
    free = state.free_seat()
    if free is None:
        raise Conflict("the table is full", code="table_full")
    taken = SeatTaken(seat=free, player_id=bot.player_id, player_name=bot.name)
    events = [taken, *_started_when_full(state, taken, spec)]
    return Decision(events=events, seat=seat, move={"bot": action.kind, "level": action.level})


def _leave(state: TableState, player_id: str, action: LeaveTable, spec: GameSpec) -> Decision:
    seat = _seated(state, player_id)
    _lobby_open(state)
    if player_id == state.creator:
        raise Conflict(
            "the creator cannot leave; cancel the table instead", code="creator_cannot_leave"
        )
    return Decision(events=[PlayerLeft(seat=seat, player_id=player_id)], seat=seat)


def _cancel(state: TableState, player_id: str, action: CancelTable, spec: GameSpec) -> Decision:
    seat = _creator(state, player_id, "cancel the table")
    _lobby_open(state)
    return Decision(events=[TableCancelled(reason="creator", by=player_id)], seat=seat)


def _remove(state: TableState, player_id: str, action: RemovePlayer, spec: GameSpec) -> Decision:
    seat = _creator(state, player_id, "remove a player")
    _lobby_open(state)
    target = _target_seat(state, action)
    if target == seat:
        raise Conflict("the creator cannot remove itself", code="cannot_remove_creator")
    removed = state.players[target] or ""
    return Decision(events=[PlayerRemoved(seat=target, player_id=removed, by=player_id)], seat=seat)


def _invite(state: TableState, player_id: str, action: SetInvitation, spec: GameSpec) -> Decision:
    seat = _creator(state, player_id, "invite players")
    _lobby_open(state)
    if action.code_hash and not _is_sha256(action.code_hash):
        raise BadRequest("code_hash must be 64 lowercase hex digits", code="bad_invitation")
    return Decision(events=[InvitationChanged(code_hash=action.code_hash)], seat=seat)


def _invite_player(
    state: TableState, player_id: str, action: InvitePlayer, spec: GameSpec
) -> Decision:
    seat = _creator(state, player_id, "invite players")
    _lobby_open(state)
    if state.seat_of(action.player_id) is not None:
        raise Conflict("that player has a seat here already", code="already_seated")
    if any(invited == action.player_id for invited, _ in state.invited):
        raise Conflict("that player is invited already", code="already_invited")
    if len(state.invited) >= MAX_INVITED:
        raise Conflict(f"at most {MAX_INVITED} open invitations", code="too_many_invitations")
    event = PlayerInvited(player_id=action.player_id, name=seat_name(action.player_name))
    return Decision(events=[event], seat=seat)


def _decline(
    state: TableState, player_id: str, action: DeclineInvitation, spec: GameSpec
) -> Decision:
    _lobby_open(state)
    if not any(invited == player_id for invited, _ in state.invited):
        raise Conflict("you have no invitation to this table", code="not_invited")
    return Decision(events=[InvitationDeclined(player_id=player_id)], seat=None)


def _withdraw(
    state: TableState, player_id: str, action: WithdrawInvitation, spec: GameSpec
) -> Decision:
    seat = _creator(state, player_id, "withdraw invitations")
    _lobby_open(state)
    if not any(invited == action.player_id for invited, _ in state.invited):
        raise Conflict("that player has no invitation here", code="not_invited")
    return Decision(events=[InvitationWithdrawn(player_id=action.player_id)], seat=seat)


def _choose_timing(
    state: TableState, player_id: str, action: ChooseTiming, spec: GameSpec
) -> Decision:
    """The creator chooses the turn timing, before the start, within the timing rules
    (`shared.tables.timing`: bounds, and reminders that end)."""
    seat = _creator(state, player_id, "choose its timing")
    _lobby_open(state)
    return Decision(events=[timing_chosen(Timing(**msgspec.structs.asdict(action)))], seat=seat)


def timing_chosen(timing: Timing) -> TimingChosen:
    """The `TimingChosen` of a timing the rules accept; raises `bad_timing` or
    `endless_reminders` (422) otherwise."""
    refusal = timing_refusal(timing)
    if refusal is not None:
        raise refusal
    return TimingChosen(**msgspec.structs.asdict(timing))


def _is_sha256(value: str) -> bool:
    return len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def _expire(state: TableState, player_id: str, action: ExpireTable, spec: GameSpec) -> Decision:
    _lobby_open(state)
    if action.version != state.version:
        raise Conflict("the table saw activity since", code="table_active")
    return Decision(events=[TableCancelled(reason="inactive")], seat=None)


def _start(state: TableState, player_id: str, action: StartTable, spec: GameSpec) -> Decision:
    seat = _creator(state, player_id, "start the game")
    _lobby_open(state)
    if state.free_seat() is not None:
        raise Conflict("not every seat is taken yet", code="table_not_full")
    return Decision(events=_started(state, spec), seat=seat)


def _started(state: TableState, spec: GameSpec) -> list[Any]:
    """The start of a full table: TableStarted and the game's setup (drawn at this version)."""
    started = TableStarted(players=[p or "" for p in state.players], commitment=state.commitment)
    return [started, *spec.setup(state.seats, state.options, step_rng(state))]


def _started_when_full(state: TableState, taken: SeatTaken, spec: GameSpec) -> list[Any]:
    """A table created `start_when_full` starts with the seat that fills it, in the same
    command: as a StartTable right after it would (its setup drawn at the seat's version)."""
    if not state.start_when_full:
        return []
    seated = evolve(state, taken, spec)
    return _started(seated, spec) if seated.free_seat() is None else []


def _play(state: TableState, player_id: str, action: PlayMove, spec: GameSpec) -> Decision:
    seat = _acting_seat(state, player_id, action)
    rng = step_rng(state)
    events, move, final = folded_play(state, seat, action.move, spec, rng)
    bots = bots_for_resigned(state, events, spec)
    if not state.takebacks and not bots:
        return Decision(events=events, seat=seat, move=msgspec.to_builtins(move), state=final)
    if state.takebacks:
        undoable = (
            rng.draws == 0
            and not bots
            and not state.stand_in(seat)  # a stand-in's move: nobody takes it back
            and not isinstance(events[-1], SeedRevealed)  # the game ended
            and spec.undoable is not None
            and spec.undoable(state.game_state, seat, move, events)
        )
        events.insert(0, MoveBegan(seat=seat, undoable=undoable))
    return Decision(events=events + bots, seat=seat, move=msgspec.to_builtins(move))


def _acting_seat(state: TableState, player_id: str, action: PlayMove) -> int:
    """The seat a move is for: the caller's own, unless they resigned or a stand-in holds
    it; or a seat handed to a stand-in (`state.stand_ins`), moved only by that bot's account
    naming the seat (403 `not_stand_in` for anyone else naming it)."""
    named = action.seat
    held = state.stand_in(named)
    if held and named is not None:
        if player_id == stand_in_account(state.game, held).player_id:
            return named
        if player_id != state.players[named]:
            raise Forbidden(f"seat {named} is played by its stand-in bot", code="not_stand_in")
    seat = _seated(state, player_id)
    if named is not None and named != seat:
        raise Forbidden(f"seat {named} is not yours", code="not_your_seat")
    if seat in state.resigned:
        raise Conflict("you resigned this game", code="resigned")
    if state.stand_in(seat):
        raise Conflict("a bot plays your seat since your forfeit", code="forfeited")
    return seat


def _request_undo(
    state: TableState, player_id: str, action: RequestUndo, spec: GameSpec
) -> Decision:
    """Ask to take back one's last move; with nobody left to ask it is taken back at once."""
    _in_play(state)
    seat = _seated(state, player_id)
    if not state.takebacks:
        raise Conflict("this table does not allow take-backs", code="takebacks_off")
    if state.stand_in(seat):  # the stand-in's moves are its own
        gone = "resigned" if seat in state.resigned else "forfeited"
        raise Conflict(f"a bot plays your seat since you {gone}", code=gone)
    if state.undo_seat != seat:
        raise Conflict(
            "only the last move can be taken back, by the player who made it",
            code="not_last_move",
        )
    if state.undo_asked is not None:
        raise Conflict("the take-back is asked already", code="undo_pending")
    if state.undo_declined:
        raise Conflict("the take-back of that move was declined", code="undo_declined")
    if state.undo_from is None:
        raise Conflict(
            "that move drew at random, revealed something hidden or ended the game",
            code="move_not_undoable",
        )
    events: list[Any] = [UndoRequested(seat=seat, player_id=player_id)]
    if not state.undo_voters():
        events.append(MoveUndone(seat=seat, version=state.undo_version))
    return Decision(events=events, seat=seat)


def _answer_undo(state: TableState, player_id: str, action: AnswerUndo, spec: GameSpec) -> Decision:
    """Accept or decline the take-back asked; the last acceptance takes the move back."""
    _in_play(state)
    seat = _seated(state, player_id)
    if state.undo_asked is None:
        raise Conflict("no take-back is asked", code="no_undo_asked")
    if seat == state.undo_seat:
        raise Conflict("the others answer your take-back", code="own_undo")
    if seat not in state.undo_voters():  # resigned, or forfeited to a bot
        raise Conflict("your seat no longer answers take-backs", code="resigned")
    if seat in state.undo_asked:
        raise Conflict("you accepted the take-back already", code="already_accepted")
    if not action.accept:
        return Decision(events=[UndoDeclined(seat=seat, player_id=player_id)], seat=seat)
    events: list[Any] = [UndoAccepted(seat=seat, player_id=player_id)]
    if set(state.undo_voters()) <= {*state.undo_asked, seat}:
        events.append(MoveUndone(seat=state.undo_seat, version=state.undo_version))
    return Decision(events=events, seat=seat)


def _resign(state: TableState, player_id: str, action: Resign, spec: GameSpec) -> Decision:
    """Resign: ranked last. With one seat left playing the table is over (its seed revealed);
    otherwise a bot plays the seat's turns from now on: the command's `stand_in` through the
    bots role (the SeatResigned names it), or without one (older commands) the random
    stand-in within the commands that reach the seat."""
    _in_play(state)
    seat = _seated(state, player_id)
    if seat in state.resigned:
        raise Conflict("you resigned this game already", code="already_resigned")
    if action.stand_in:
        stand_in_account(state.game, action.stand_in)
    resigned = SeatResigned(seat=seat, player_id=player_id)
    if evolve(state, resigned, spec).status == OVER:  # nobody plays on: no stand-in
        revealed = SeedRevealed(seed=state.seed, commitment=state.commitment)
        return Decision(events=[resigned, revealed], seat=seat)
    events: list[Any] = [msgspec.structs.replace(resigned, stand_in=action.stand_in)]
    events += bots_for_resigned(state, events, spec)
    return Decision(events=events, seat=seat)


def _rematch(state: TableState, player_id: str, action: Rematch, spec: GameSpec) -> Decision:
    """Offer, accept or decline a rematch of a finished game; the last acceptance agrees on
    the new table and who sits where (`GameSpec.seats_at_rematch`)."""
    seat = _seated(state, player_id)
    if state.status != OVER:
        raise Conflict("a rematch is offered once the game is over", code="game_not_over")
    if state.rematch_table:
        raise Conflict(
            "the rematch is agreed", code="rematch_agreed",
            details={"table_id": state.rematch_table},
        )  # fmt: skip
    event: Any
    if state.rematch is None:
        if not action.accept:
            raise Conflict("no rematch is offered", code="no_rematch_offer")
        if state.rematch_offers >= MAX_REMATCH_OFFERS:
            raise Conflict(
                f"a table takes {MAX_REMATCH_OFFERS} rematch offers", code="too_many_offers"
            )
        event = RematchOffered(seat=seat, player_id=player_id)
    elif not action.accept:
        event = RematchDeclined(seat=seat, player_id=player_id)
    elif seat in state.rematch:
        raise Conflict("you accepted the rematch already", code="already_accepted")
    else:
        event = RematchAccepted(seat=seat, player_id=player_id)
    events: list[Any] = [event]
    after = evolve(state, event, spec)
    if after.rematch is not None and len(after.rematch) == state.seats:
        result = table_result(state)
        assert result is not None
        order = spec.seats_at_rematch(result, state.seats)
        events.append(
            RematchAgreed(
                table_id=action.new_table or rematch_id(state.table_id),
                players=[state.players[s] or "" for s in order],
                names=[state.names[s] for s in order],
            )
        )
    return Decision(events=events, seat=seat)


MAX_BOT_MOVES = 10_000  # a bound on the resigned seats' moves played within one command
# The bot kind (shared/bots) that plays, within the command, the timed-out turns and the
# resigned seats that name no stand-in (older records). The audit re-decides its moves
# from `bot_rng`, so a change of kind needs a rules-version care.
SEAT_BOT = "random"


def bot_move(state: TableState, seat: int, legal: list[Any], spec: GameSpec) -> Any:
    """The move the seat's stand-in bot plays now (drawn from `bot_rng`)."""
    knowledge = SeatKnowledge(spec, state.game_state, seat)
    return choose(SEAT_BOT, knowledge, legal, Budget(playouts=1), bot_rng(state))


def bots_for_resigned(state: TableState, events: list[Any], spec: GameSpec) -> list[Any]:
    """After `events`, the moves a bot plays for resigned seats that name no stand-in
    (older records) until another seat must act or the game ends (random legal moves drawn
    from `bot_rng`, so the audit re-decides them exactly). A table without such
    resignations gets none: a stand-in's seat waits for the bots role."""
    if not state.resigned and not any(isinstance(e, SeatResigned) for e in events):
        return []
    for event in events:
        state = evolve(state, event, spec)
    played: list[Any] = []
    for _ in range(MAX_BOT_MOVES):
        if state.status != PLAYING:
            break
        due = [
            s for s in spec.to_act(state.game_state)
            if s in state.resigned and not state.stand_in(s)
        ]  # fmt: skip
        legal = list(spec.legal_moves(state.game_state, due[0])) if due else []
        if not legal:
            break
        chosen = msgspec.to_builtins(bot_move(state, due[0], legal, spec))
        more, _ = play_events(state, due[0], chosen, spec)
        for event in more:
            state = evolve(state, event, spec)
        played += more
    return played


def _time_out(state: TableState, player_id: str, action: TimeOutTurn, spec: GameSpec) -> Decision:
    """Sent by the notify service only (the gateway has no route that makes one). With a
    `stand_in`: the turn is handed to that bot, recorded as a TurnTimedOut naming it, under
    `forfeit` followed by a SeatForfeited naming it (the seat is the bot's for good); the
    bots role plays the turn through the command path. Otherwise (older commands): a bot
    plays a random legal move for the seat, drawn from `bot_rng`, within this command;
    `forfeit` also hands the seat to that random bot for good. The game's events are
    `play_events` of that move. A seat a stand-in holds already is not timed out (409
    `stand_in_plays`): the bots role plays it."""
    _in_play(state)
    seat = action.seat
    if not 0 <= seat < state.seats or seat not in spec.to_act(state.game_state):
        raise NotYourTurn(f"seat {seat} does not have to act")
    if state.stand_in(seat):
        raise Conflict(f"seat {seat} is played by its stand-in bot", code="stand_in_plays")
    legal = list(spec.legal_moves(state.game_state, seat))
    if not legal:
        raise Conflict(f"seat {seat} has no legal move", code="no_legal_move")
    owner = state.players[seat] or ""
    if action.stand_in:  # handed to the bots role, which moves through the command path
        stand_in_account(state.game, action.stand_in)
        events: list[Any] = [
            TurnTimedOut(seat=seat, player_id=owner, policy=action.policy, turn=action.turn,
                         stand_in=action.stand_in)
        ]  # fmt: skip
        if action.policy == "forfeit":
            events.append(SeatForfeited(seat=seat, player_id=owner, stand_in=action.stand_in))
        return Decision(events=events, seat=seat)
    chosen: dict[str, Any] = msgspec.to_builtins(bot_move(state, seat, legal, spec))
    played, _ = play_events(state, seat, chosen, spec)
    events = [TurnTimedOut(seat=seat, player_id=owner, policy=action.policy, turn=action.turn)]
    if action.policy == "forfeit" and seat not in state.forfeited:
        events.append(SeatForfeited(seat=seat, player_id=owner))
    events += played
    events += bots_for_resigned(state, events, spec)
    return Decision(events=events, seat=seat, move=chosen)


_DECIDERS: dict[type, Callable[[TableState, str, Any, GameSpec], Decision]] = {
    CreateTable: _exists,
    OpenRematch: _exists,
    OpenMatch: _exists,
    Rematch: _rematch,
    RequestUndo: _request_undo,
    AnswerUndo: _answer_undo,
    InvitePlayer: _invite_player,
    DeclineInvitation: _decline,
    WithdrawInvitation: _withdraw,
    JoinTable: _join,
    SeatBot: _seat_bot,
    LeaveTable: _leave,
    CancelTable: _cancel,
    RemovePlayer: _remove,
    ExpireTable: _expire,
    StartTable: _start,
    PlayMove: _play,
    TimeOutTurn: _time_out,
    Resign: _resign,
    SetInvitation: _invite,
    ChooseTiming: _choose_timing,
}


# ---- the game's rules behind a move ------------------------------------------------


def step_rng(state: TableState) -> Rng:
    """The generator of the table's next decision."""
    return Rng.for_step(bytes.fromhex(state.seed), state.table_id, state.version)


def bot_rng(state: TableState) -> Rng:
    """The generator of a timed-out seat's bot move (apart from the game's own draws)."""
    return Rng.for_step(bytes.fromhex(state.seed), f"{state.table_id}/timeout", state.version)


def play_events(
    state: TableState,
    seat: int,
    raw_move: Any,
    spec: GameSpec | None = None,
    rng: Rng | None = None,
) -> tuple[list[Any], Any]:
    """The events a move (JSON, Raw or builtins) causes, SeedRevealed last if the game ends;
    `rng` (by default `step_rng(state)`) counts the draws the move made."""
    events, move, _ = folded_play(state, seat, raw_move, spec, rng)
    return events, move


def folded_play(
    state: TableState,
    seat: int,
    raw_move: Any,
    spec: GameSpec | None = None,
    rng: Rng | None = None,
) -> tuple[list[Any], Any, TableState]:
    """`play_events`, and the table's state after those events (folded once, here)."""
    _in_play(state)
    game = spec or state.spec
    try:
        if isinstance(raw_move, msgspec.Raw):
            move = game.decode_move(bytes(raw_move))
        elif isinstance(raw_move, bytes | str):
            move = game.decode_move(raw_move)
        else:
            move = game.convert_move(raw_move)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"not a {game.title} move: {exc}", code="bad_move") from exc
    if seat not in game.to_act(state.game_state):
        raise NotYourTurn("it is not your turn")
    try:
        events: list[Any] = list(game.decide(state.game_state, seat, move, rng or step_rng(state)))
    except IllegalMove as exc:
        raise IllegalMove(exc.message, code="illegal_move", details={"rule": exc.code}) from exc
    if not events:
        raise IllegalMove("the move changes nothing", code="illegal_move")
    final = state
    for event in events:
        final = evolve(final, event, game)
    if final.status == OVER:
        revealed = SeedRevealed(seed=state.seed, commitment=state.commitment)
        events.append(revealed)
        final = evolve(final, revealed, game)
    return events, move, final


# ---- checks shared by the rules above ----------------------------------------------


def seat_name(name: str) -> str:
    """A player's name at a table, trimmed; raises BadRequest when empty or too long."""
    name = name.strip()
    if not name or len(name) > MAX_SEAT_NAME:
        raise BadRequest(f"a player name has 1-{MAX_SEAT_NAME} characters", code="bad_name")
    return name


def _lobby_open(state: TableState) -> None:
    if state.status != OPEN:
        raise Conflict("the game has already started", code="table_not_open")


def _in_play(state: TableState) -> None:
    if state.status == OPEN:
        raise Conflict("the game has not started", code="table_not_started")
    if state.status == OVER:
        raise Conflict("the game is over", code="game_over")


def _seated(state: TableState, player_id: str) -> int:
    seat = state.seat_of(player_id)
    if seat is None:
        raise Forbidden("you have no seat at this table", code="not_seated")
    return seat


def _creator(state: TableState, player_id: str, what: str) -> int:
    seat = _seated(state, player_id)
    if player_id != state.creator:
        raise Forbidden(f"only the table's creator may {what}", code="not_creator")
    return seat


def _target_seat(state: TableState, action: RemovePlayer) -> int:
    if (action.seat is None) == (action.player_id is None):
        raise BadRequest("name the player to remove by seat or by player_id", code="bad_target")
    if action.player_id is not None:
        seat = state.seat_of(action.player_id)
        if seat is None:
            raise Conflict("that player has no seat here", code="player_not_seated")
        return seat
    assert action.seat is not None
    if not 0 <= action.seat < state.seats:
        raise BadRequest(
            f"seat {action.seat} is not a seat of this table", code="bad_seat",
            details={"seat": action.seat, "seats": state.seats},
        )  # fmt: skip
    if state.players[action.seat] is None:
        raise Conflict(f"seat {action.seat} is empty", code="seat_empty")
    return action.seat
