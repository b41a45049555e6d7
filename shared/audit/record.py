"""The self-contained game record: everything needed to check a finished game offline."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from shared.contracts.envelopes import Spectators, TimeoutPolicy, Visibility
from shared.contracts.errors import BadRequest
from shared.games.contract import GameResult

FORMAT = "senet-game-record/1"


class SeatRecord(msgspec.Struct, frozen=True, kw_only=True):
    """Who sat where."""

    seat: int
    player_id: str
    name: str


CommandKind = Literal[
    "create",
    "join",
    "seat_bot",
    "start",
    "move",
    "timeout",
    "leave",
    "kick",
    "cancel",
    "expire",
    "resign",
    "invite",
    "rematch",
    "rematch_offer",
    "invite_player",
    "decline",
    "withdraw",
    "undo",
    "undo_answer",
    "timing",
]


class CommandRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One accepted command: `create`, `join`, `start`, `move` (with the move's JSON),
    `timeout` (a turn past its deadline: the policy, the turn, and the bot's move), `leave`,
    `kick` (the creator removed the player in seat `target`), `cancel` (by the creator),
    `expire` (cancelled when idle since version `turn`), `resign` (the seat's player gave
    up, handing the seat to `stand_in`, whose moves are the seat's `move` commands; with
    none, in older records, the bot moves that follow are re-drawn from the seed),
    `rematch_offer` (after the end: offered or accepted (`accept`), or declined) or
    `rematch` (this table opened as the agreed rematch of `rematch_of`, with `seated` in
    their seats and the game started, in one command), `invite_player` (the creator
    invited `invitee`, named `player_name`), `decline` (the invitee `player_id`) or
    `withdraw` (the creator withdrew the invitation of `invitee`), `undo` (the seat's player
    asked to take back their last move) or `undo_answer` (another seat accepted (`accept`)
    or declined it; the last acceptance takes the move back), `timing` (the creator chose the
    turn timing, `timing`), `seat_bot` (the creator seated the bot account of kind `bot` and
    level `level`)."""

    command_id: str
    kind: CommandKind
    seat: int | None
    player_id: str = ""
    player_name: str = ""
    move: Any = None
    policy: TimeoutPolicy | Literal[""] = ""
    turn: int = 0
    target: int | None = None
    code_hash: str = ""  # invite: the invitation's new hash ("" revoked)
    accept: bool = True  # rematch_offer, undo_answer: accepted (False: declined)
    seated: list[SeatRecord] = []  # rematch: who sat where
    invitee: str = ""  # invite_player, withdraw: the player invited
    # join: the invitation hash it named; None for a join stored before the table checked it
    # (the gateway did then): re-decided with the table's invitation of that time
    join_hash: str | None = None
    rematch_table: str = ""  # rematch_offer: the table it agreed on (the last acceptance)
    timing: dict[str, Any] | None = None  # timing: the reminders, deadline and policy chosen
    bot: str = ""  # seat_bot: the bot's kind
    # timeout, resign: the bot the turn or the seat was handed to ("": it moved within)
    stand_in: str = ""
    level: int = 0  # seat_bot: the bot's level


class EventRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One stored event: its number at the table, name, command and payload."""

    version: int
    name: str
    command_id: str
    seat: int | None
    payload: dict[str, Any]


class StoredEvent(msgspec.Struct, frozen=True, kw_only=True):
    """A table event as the store holds it (the move only on a PlayMove's first event)."""

    version: int
    name: str
    command_id: str
    seat: int | None
    payload: dict[str, Any]
    move: Any = None


class VerdictRecord(msgspec.Struct, frozen=True, kw_only=True):
    """An arbiter's verdict on a dispute about the table (see docs/disputes.md): `annulled`
    and `replayed` games count for no one, `forfeit` makes `seat` lose."""

    dispute_id: str
    opened_by: str  # the player who opened the case
    reason: str  # the case's reason: wrong_rule, wrong_score, timing, abuse, other
    verdict: str  # stands, replayed, annulled, forfeit
    verdict_reason: str
    arbiter: str
    at: str  # ISO 8601, UTC
    seat: int | None = None
    from_version: int | None = None


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A finished table: setup, seed, commands in order and every event they caused."""

    format: str = FORMAT
    table_id: str
    game: str
    rules_version: int
    options: dict[str, Any]
    seats: int
    creator: str
    players: list[SeatRecord]
    commitment: str
    seed: str
    commands: list[CommandRecord]
    events: list[EventRecord]
    result: GameResult | None
    spectators: Spectators = "players"  # who could watch (records before: players)
    visibility: Visibility = "public"
    rematch_of: str = ""  # the finished table whose players agreed on this one
    takebacks: bool = False  # moves could be taken back by consent
    start_when_full: bool = False  # the seat that filled the table started the game
    tournament: str = ""  # the tournament whose match this table was
    verdicts: list[VerdictRecord] = []  # arbiters' verdicts on disputes, when they were given


class BadRecord(BadRequest):
    """A file that is not a readable game record."""

    code = "bad_record"


def encode_record(record: GameRecord) -> bytes:
    """The record as indented JSON."""
    return msgspec.json.format(msgspec.json.encode(record), indent=1) + b"\n"


def decode_record(raw: bytes | str) -> GameRecord:
    """A record from its JSON; raises BadRecord when it does not fit the format."""
    try:
        record = msgspec.json.decode(raw, type=GameRecord)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise BadRecord(f"not a game record: {exc}") from exc
    if record.format != FORMAT:
        raise BadRecord(f"unknown record format {record.format!r} (expected {FORMAT})")
    return record


def commands_of(events: list[StoredEvent]) -> list[CommandRecord]:
    """The commands behind a table's events: one per run of events with the same command id."""
    commands: list[CommandRecord] = []
    players: dict[int, str] = {}
    index = 0
    while index < len(events):
        first = events[index]
        run = [first]
        while index + len(run) < len(events) and events[index + len(run)].command_id == (
            first.command_id
        ):
            run.append(events[index + len(run)])
        for event in run:
            if event.name == "SeatTaken":
                players[int(event.payload["seat"])] = str(event.payload["player_id"])
        commands.append(_command(first, run, players))
        index += len(run)
    return commands


def _command(first: StoredEvent, run: list[StoredEvent], players: dict[int, str]) -> CommandRecord:
    if first.name == "TableCreated":
        seat = next((e for e in run if e.name == "SeatTaken"), None)
        name = str(seat.payload.get("player_name", seat.payload.get("name", ""))) if seat else ""
        creator = str(first.payload.get("creator", ""))
        # A rematch, or a tournament's match table: opened with everyone seated, started.
        if first.payload.get("rematch_of") or first.payload.get("tournament"):
            seated = [_seat_record(e.payload) for e in run if e.name == "SeatTaken"]
            # A match table's opening ends with the tournament's timing, if it set one.
            chosen = next((e for e in run if e.name == "TimingChosen"), None)
            timing = {k: v for k, v in chosen.payload.items() if k != "type"} if chosen else None
            return CommandRecord(
                command_id=first.command_id, kind="rematch", seat=0, player_id=creator,
                seated=seated, timing=timing,
            )  # fmt: skip
        return CommandRecord(
            command_id=first.command_id, kind="create", seat=0, player_id=creator, player_name=name
        )
    if first.name == "SeatTaken" and isinstance(first.move, dict) and "bot" in first.move:
        return CommandRecord(
            command_id=first.command_id, kind="seat_bot", seat=first.seat,
            player_id=players.get(first.seat, "") if first.seat is not None else "",
            bot=str(first.move["bot"]), level=int(first.move["level"]),
        )  # fmt: skip
    if first.name == "SeatTaken":
        payload = first.payload
        return CommandRecord(
            command_id=first.command_id,
            kind="join",
            seat=first.seat,
            player_id=str(payload["player_id"]),
            player_name=str(payload.get("player_name", payload.get("name", ""))),
            join_hash=str(first.move["invitation"]) if isinstance(first.move, dict) else None,
        )
    player = players.get(first.seat, "") if first.seat is not None else ""
    if first.name == "TurnTimedOut":
        return CommandRecord(
            command_id=first.command_id,
            kind="timeout",
            seat=int(first.payload["seat"]),
            player_id=player,
            move=first.move,
            policy=_policy(first.payload["policy"]),
            turn=int(first.payload["turn"]),
            stand_in=str(first.payload.get("stand_in", "")),
        )
    lobby = _lobby_command(first, player, run)
    if lobby is not None:
        return lobby
    kind: CommandKind = "start" if first.name == "TableStarted" else "move"
    return CommandRecord(
        command_id=first.command_id,
        kind=kind,
        seat=first.seat,
        player_id=player,
        move=first.move if kind == "move" else None,
    )


def _seat_record(payload: dict[str, Any]) -> SeatRecord:
    name = str(payload["player_name"])
    return SeatRecord(seat=int(payload["seat"]), player_id=str(payload["player_id"]), name=name)


def _policy(value: Any) -> TimeoutPolicy:
    if value not in ("bot", "forfeit"):
        raise BadRecord(f"unknown timeout policy {value!r}")
    return "bot" if value == "bot" else "forfeit"


def _lobby_command(first: StoredEvent, player: str, run: list[StoredEvent]) -> CommandRecord | None:
    """The leave, kick, cancel or expire command behind a lobby event (None: not one)."""
    payload = first.payload
    if first.name == "PlayerLeft":
        return CommandRecord(
            command_id=first.command_id, kind="leave", seat=first.seat, player_id=player
        )
    if first.name == "PlayerRemoved":
        return CommandRecord(
            command_id=first.command_id, kind="kick", seat=first.seat,
            player_id=str(payload["by"]), target=int(payload["seat"]),
        )  # fmt: skip
    if first.name == "TimingChosen":
        chosen = {k: v for k, v in payload.items() if k != "type"}
        return CommandRecord(
            command_id=first.command_id, kind="timing", seat=first.seat, player_id=player,
            timing=chosen,
        )  # fmt: skip
    if first.name == "InvitationChanged":
        return CommandRecord(
            command_id=first.command_id, kind="invite", seat=first.seat, player_id=player,
            code_hash=str(payload["code_hash"]),
        )  # fmt: skip
    if first.name in ("RematchOffered", "RematchAccepted", "RematchDeclined"):
        agreed = next((e for e in run if e.name == "RematchAgreed"), None)
        return CommandRecord(
            command_id=first.command_id, kind="rematch_offer", seat=int(payload["seat"]),
            player_id=str(payload["player_id"]), accept=first.name != "RematchDeclined",
            rematch_table=str(agreed.payload["table_id"]) if agreed is not None else "",
        )  # fmt: skip
    if first.name in ("UndoRequested", "UndoAccepted", "UndoDeclined"):
        return CommandRecord(
            command_id=first.command_id,
            kind="undo" if first.name == "UndoRequested" else "undo_answer",
            seat=int(payload["seat"]), player_id=str(payload["player_id"]),
            accept=first.name != "UndoDeclined",
        )  # fmt: skip
    if first.name == "PlayerInvited":
        return CommandRecord(
            command_id=first.command_id, kind="invite_player", seat=first.seat,
            player_id=player, invitee=str(payload["player_id"]),
            player_name=str(payload["name"]),
        )  # fmt: skip
    if first.name == "InvitationDeclined":
        return CommandRecord(
            command_id=first.command_id, kind="decline", seat=None,
            player_id=str(payload["player_id"]),
        )  # fmt: skip
    if first.name == "InvitationWithdrawn":
        return CommandRecord(
            command_id=first.command_id, kind="withdraw", seat=first.seat, player_id=player,
            invitee=str(payload["player_id"]),
        )  # fmt: skip
    if first.name == "SeatResigned":
        return CommandRecord(
            command_id=first.command_id, kind="resign", seat=int(payload["seat"]),
            player_id=str(payload["player_id"]), stand_in=str(payload.get("stand_in", "")),
        )  # fmt: skip
    if first.name == "TableCancelled" and payload.get("reason") == "inactive":
        return CommandRecord(
            command_id=first.command_id, kind="expire", seat=None, turn=first.version - 1
        )
    if first.name == "TableCancelled":
        return CommandRecord(
            command_id=first.command_id, kind="cancel", seat=first.seat,
            player_id=str(payload.get("by", "")),
        )  # fmt: skip
    return None
