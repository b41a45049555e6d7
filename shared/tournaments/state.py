"""A tournament's state as a fold of its events (one mutator per event type)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

import msgspec

from shared.tournaments.events import (
    TOURNAMENT_EVENTS,
    MatchForfeited,
    MatchRescored,
    MatchTablesOpened,
    PlayerJoined,
    PlayerWithdrew,
    ResultRecorded,
    RoundPaired,
    TournamentCancelled,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    TournamentStarted,
)

Status = Literal["open", "running", "finished", "cancelled"]
OPEN: Final = "open"
RUNNING: Final = "running"
FINISHED: Final = "finished"
CANCELLED: Final = "cancelled"


class Entrant(msgspec.Struct, frozen=True, kw_only=True):
    """A player signed up: id, name, rating at sign-up."""

    player_id: str
    name: str
    rating: float = 0.0


class MatchRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A match table of some round and, once over, its result."""

    round: int
    table_id: str
    players: tuple[str, ...]
    ranks: tuple[int, ...] | None = None  # per seat, None while the match is played
    forfeited: tuple[str, ...] = ()  # players who forfeited there
    # An arbiter's ruling (MatchRescored, the latest wins): "annulled" or "replayed" (the
    # match counts for no one) or "forfeit" (`ruled_out` loses it); "" none.
    ruling: str = ""
    ruled_out: tuple[str, ...] = ()
    ruled_in_round: int = 0  # the tournament's round when ruled (see `bracket_follows`)
    disputes: tuple[str, ...] = ()  # the disputes whose verdicts were applied

    @property
    def is_over(self) -> bool:
        """True once its result is recorded."""
        return self.ranks is not None

    @property
    def is_void(self) -> bool:
        """True when a ruling made the match count for no one."""
        return self.ruling in ("annulled", "replayed")

    @property
    def bracket_follows(self) -> bool:
        """True when a knockout's bracket follows the ruling: it came before the next round
        was paired (pairings already made stand)."""
        return bool(self.ruling) and self.ruled_in_round == self.round


class TournamentState(msgspec.Struct, frozen=True, kw_only=True):
    """Everything known about a tournament after some of its events."""

    tournament_id: str
    created: TournamentCreated
    status: Status = OPEN
    version: int = 0
    entrants: tuple[Entrant, ...] = ()
    withdrawn: tuple[str, ...] = ()
    seeding: tuple[str, ...] = ()
    rounds: int = 0  # rounds to play, fixed at the start
    round: int = 0  # the round paired last
    matches: tuple[MatchRecord, ...] = ()
    byes: tuple[tuple[int, str], ...] = ()  # (round, player)
    opened: tuple[int, ...] = ()  # rounds whose tables are open
    ranking: tuple[str, ...] = ()  # the final order, once finished

    @property
    def player_ids(self) -> tuple[str, ...]:
        """Everyone who signed up and has not withdrawn before the start."""
        return tuple(e.player_id for e in self.entrants)

    def entrant(self, player_id: str) -> Entrant | None:
        """The sign-up of a player, if any."""
        return next((e for e in self.entrants if e.player_id == player_id), None)

    def is_active(self, player_id: str) -> bool:
        """Signed up and not withdrawn."""
        return self.entrant(player_id) is not None and player_id not in self.withdrawn

    def match(self, table_id: str) -> MatchRecord | None:
        """The match played at a table."""
        return next((m for m in self.matches if m.table_id == table_id), None)

    def round_matches(self, number: int) -> tuple[MatchRecord, ...]:
        """The matches of one round."""
        return tuple(m for m in self.matches if m.round == number)

    def is_round_over(self) -> bool:
        """True when every match of the current round has its result."""
        return all(m.is_over for m in self.round_matches(self.round))


def created(tournament_id: str, event: TournamentCreated) -> TournamentState:
    """The state right after TournamentCreated."""
    return TournamentState(tournament_id=tournament_id, created=event, version=1)


def _joined(s: TournamentState, e: PlayerJoined) -> TournamentState:
    entrant = Entrant(player_id=e.player_id, name=e.name, rating=e.rating)
    return msgspec.structs.replace(s, entrants=(*s.entrants, entrant))


def _withdrew(s: TournamentState, e: PlayerWithdrew) -> TournamentState:
    if s.status == OPEN:  # before the start the place is simply free
        kept = tuple(x for x in s.entrants if x.player_id != e.player_id)
        return msgspec.structs.replace(s, entrants=kept)
    return msgspec.structs.replace(s, withdrawn=(*s.withdrawn, e.player_id))


def _started(s: TournamentState, e: TournamentStarted) -> TournamentState:
    return msgspec.structs.replace(s, status=RUNNING, seeding=tuple(e.seeding), rounds=e.rounds)


def _paired(s: TournamentState, e: RoundPaired) -> TournamentState:
    new = tuple(
        MatchRecord(round=e.round, table_id=m.table_id, players=tuple(m.players)) for m in e.matches
    )
    byes = tuple((e.round, p) for p in e.byes)
    return msgspec.structs.replace(
        s, round=e.round, matches=(*s.matches, *new), byes=(*s.byes, *byes)
    )


def _opened(s: TournamentState, e: MatchTablesOpened) -> TournamentState:
    return msgspec.structs.replace(s, opened=(*s.opened, e.round))


def _replace_match(s: TournamentState, table_id: str, **changes: Any) -> TournamentState:
    matches = tuple(
        msgspec.structs.replace(m, **changes) if m.table_id == table_id else m for m in s.matches
    )
    return msgspec.structs.replace(s, matches=matches)


def _result(s: TournamentState, e: ResultRecorded) -> TournamentState:
    match = s.match(e.table_id)
    assert match is not None
    forfeited = {*match.forfeited, *(match.players[seat] for seat in e.forfeited)}
    ordered = tuple(p for p in match.players if p in forfeited)
    return _replace_match(s, e.table_id, ranks=tuple(e.ranks), forfeited=ordered)


def _forfeited(s: TournamentState, e: MatchForfeited) -> TournamentState:
    match = s.match(e.table_id)
    assert match is not None
    return _replace_match(s, e.table_id, forfeited=(*match.forfeited, e.player_id))


def _rescored(s: TournamentState, e: MatchRescored) -> TournamentState:
    match = s.match(e.table_id)
    assert match is not None
    out = (match.players[e.seat],) if e.verdict == "forfeit" and e.seat is not None else ()
    after = _replace_match(
        s, e.table_id, ruling=e.verdict, ruled_out=out, ruled_in_round=s.round,
        disputes=(*match.disputes, e.dispute_id),
    )  # fmt: skip
    return msgspec.structs.replace(after, ranking=tuple(e.ranking)) if e.ranking else after


def _finished(s: TournamentState, e: TournamentFinished) -> TournamentState:
    return msgspec.structs.replace(s, status=FINISHED, ranking=tuple(e.ranking))


def _cancelled(s: TournamentState, e: TournamentCancelled) -> TournamentState:
    return msgspec.structs.replace(s, status=CANCELLED)


_MUTATORS: dict[type, Callable[[TournamentState, Any], TournamentState]] = {
    PlayerJoined: _joined,
    PlayerWithdrew: _withdrew,
    TournamentStarted: _started,
    RoundPaired: _paired,
    MatchTablesOpened: _opened,
    ResultRecorded: _result,
    MatchForfeited: _forfeited,
    MatchRescored: _rescored,
    TournamentFinished: _finished,
    TournamentCancelled: _cancelled,
}


def evolve(state: TournamentState, event: TournamentEvent) -> TournamentState:
    """The state after one more event (every event type but the first has one mutator)."""
    after = _MUTATORS[type(event)](state, event)
    return msgspec.structs.replace(after, version=state.version + 1)


def fold(tournament_id: str, events: list[TournamentEvent]) -> TournamentState:
    """The state after a whole list of events, TournamentCreated first."""
    first = events[0]
    assert isinstance(first, TournamentCreated)
    state = created(tournament_id, first)
    for event in events[1:]:
        state = evolve(state, event)
    return state


def decode_event(name: str, payload: dict[str, Any]) -> TournamentEvent:
    """A stored event back as its Struct."""
    return msgspec.convert(payload, type=TOURNAMENT_EVENTS[name])


def event_payload(event: TournamentEvent) -> dict[str, Any]:
    """An event as the JSON object the store keeps (without its tag)."""
    data: dict[str, Any] = msgspec.to_builtins(event)
    data.pop("type", None)
    return data
