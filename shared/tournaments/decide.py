"""The tournament decider: every rule of a tournament's life, pure and replayable.

`decide(state, player_id, action)` gives the events a command causes (or raises a
`SenetError` with a stable code); `new_tournament` gives a new one's first event. The
tournament worker and the audit both call these: pairings are derived here from the seeding,
the results and the public seed, so a record re-derives every round. The rules, by concern:

- sign-up: join (not full, private by invitation), withdraw, cancel (creator, before start);
- start: the creator, or anyone once the sign-up deadline is past; at least `min_players`;
  the seeding (by rating for a knockout, else by the seed's draw) and round 1;
- the process manager's facts: tables opened, results (repeats change nothing), and an
  arbiter's verdict on a match table's dispute (`RescoreMatch`: once per dispute);
- a round complete: the next round paired (byes and all), or the tournament finished.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import msgspec

from shared.contracts.errors import BadRequest, Conflict, Forbidden, NotFound
from shared.games.registry import available_games, get_game
from shared.names import display_name
from shared.tournaments import pairing, scoring
from shared.tournaments.actions import (
    MANAGER,
    CancelTournament,
    CreateTournament,
    JoinTournament,
    NoteTablesOpened,
    RecordResult,
    RescoreMatch,
    StartTournament,
    TournamentAction,
    WithdrawFromTournament,
)
from shared.tournaments.events import (
    Match,
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
from shared.tournaments.standings import standings
from shared.tournaments.state import (
    FINISHED,
    OPEN,
    RUNNING,
    MatchRecord,
    TournamentState,
    evolve,
)

MAX_PLAYERS = 256
MAX_NAME = 40
MAX_TOURNAMENT_NAME = 60  # characters, after normalisation (`shared.names.display_name`)


def new_tournament(player_id: str, action: CreateTournament, seed: str) -> TournamentCreated:
    """The TournamentCreated of a CreateTournament; raises on options that cannot work and
    on a name that is no display name (400 `bad_name`: it goes into lists and mail headers)."""
    name = display_name(action.name, MAX_TOURNAMENT_NAME, "tournament")
    if action.game not in available_games():
        raise NotFound(f"no game {action.game!r}", code="unknown_game")
    game = get_game(action.game)
    if not game.min_players <= action.seats <= game.max_players:
        raise BadRequest(
            f"{game.title} is for {game.min_players}-{game.max_players} players",
            code="bad_seat_count",
        )
    if action.format == "knockout" and action.seats != 2:
        raise BadRequest("a knockout is played at 2-seat tables", code="bad_seat_count")
    if not 2 <= action.min_players <= action.max_players <= MAX_PLAYERS:
        raise BadRequest(
            f"2 <= min_players <= max_players <= {MAX_PLAYERS}", code="bad_player_limits"
        )
    if action.rounds < 0 or not (action.move_deadline == 0 or 1 <= action.move_deadline <= 1440):
        raise BadRequest(
            "rounds is 0 or more, move_deadline 0 (the platform's) or 1-1440 hours",
            code="bad_options",
        )
    try:
        options = game.convert_options(msgspec.json.decode(action.options))
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"bad options: {exc}", code="bad_options") from exc
    deadline = _utc(action.signup_deadline) if action.signup_deadline else ""
    if action.visibility == "private" and not action.invitation:
        raise BadRequest("a private tournament needs an invitation", code="bad_invitation")
    return TournamentCreated(
        name=name, creator=player_id, format=action.format, game=game.name,
        options=msgspec.to_builtins(options), seats=action.seats, rounds=action.rounds,
        min_players=action.min_players, max_players=action.max_players,
        signup_deadline=deadline, move_deadline=action.move_deadline,
        timeout_policy=action.timeout_policy, forfeits=action.forfeits,
        visibility=action.visibility, invitation=action.invitation, seed=seed,
        chosen_seed=bool(action.seed),
    )  # fmt: skip


def _utc(moment: str) -> str:
    """An ISO 8601 time as UTC `YYYY-MM-DDTHH:MM:SSZ` (so that times compare as strings)."""
    try:
        parsed = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    except ValueError as exc:
        raise BadRequest("a time is ISO 8601", code="bad_options") from exc
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def decide(state: TournamentState | None, player_id: str, action: TournamentAction) -> list[Any]:
    """The events `player_id`'s action causes (None: no such tournament yet)."""
    if state is None:
        raise NotFound("no such tournament", code="unknown_tournament")
    return _DECIDERS[type(action)](state, player_id, action)


def _exists(state: TournamentState, player_id: str, action: Any) -> list[Any]:
    raise Conflict("tournament already exists", code="tournament_exists")


def _join(state: TournamentState, player_id: str, action: JoinTournament) -> list[Any]:
    _signing_up(state)
    if state.entrant(player_id) is not None:
        raise Conflict("you have signed up already", code="already_joined")
    if len(state.entrants) >= state.created.max_players:
        raise Conflict("the tournament is full", code="tournament_full")
    if state.created.visibility == "private" and action.invitation != state.created.invitation:
        raise Forbidden("a private tournament is joined by invitation", code="bad_invitation")
    name = action.player_name.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise BadRequest(f"a player name has 1-{MAX_NAME} characters", code="bad_name")
    rating = action.rating if math.isfinite(action.rating) else 0.0
    return [PlayerJoined(player_id=player_id, name=name, rating=rating)]


def _withdraw(state: TournamentState, player_id: str, action: WithdrawFromTournament) -> list[Any]:
    if not state.is_active(player_id):
        raise Conflict("you are not in this tournament", code="not_joined")
    if state.status not in (OPEN, RUNNING):
        raise Conflict("the tournament is over", code="tournament_over")
    events: list[Any] = [PlayerWithdrew(player_id=player_id)]
    for match in state.matches:
        if not match.is_over and player_id in match.players:
            events.append(MatchForfeited(table_id=match.table_id, player_id=player_id))
    return events


def _cancel(state: TournamentState, player_id: str, action: CancelTournament) -> list[Any]:
    _creator(state, player_id)
    _signing_up(state)
    return [TournamentCancelled()]


def _start(state: TournamentState, player_id: str, action: StartTournament) -> list[Any]:
    _signing_up(state)
    deadline = state.created.signup_deadline
    now = _utc(action.now) if action.now else ""
    if player_id != state.created.creator and not (deadline and now and now >= deadline):
        raise Forbidden("only the creator starts the tournament", code="not_creator")
    count = len(state.entrants)
    if count < max(2, state.created.min_players):
        raise Conflict(
            f"{count} players signed up; at least {state.created.min_players} needed",
            code="too_few_players",
        )
    started = start_of(state)
    return [started, *_advance(evolve(state, started))]


def start_of(state: TournamentState) -> TournamentStarted:
    """The TournamentStarted of the field signed up: its seeding and its number of rounds."""
    count = len(state.entrants)
    fmt = state.created.format
    if fmt == "knockout":
        rounds = pairing.knockout_rounds(count)
    elif fmt == "swiss":
        rounds = pairing.swiss_rounds(count, state.created.rounds)
    else:
        rounds = pairing.round_robin_rounds(count, state.created.seats)
    return TournamentStarted(seeding=seeding_of(state), rounds=rounds)


def seeding_of(state: TournamentState) -> list[str]:
    """Best seed first: a knockout by rating (the seed's draw between equal ratings), the
    other formats by the seed's draw alone."""
    rng = pairing.rng_for(state.created.seed, 0, "seeding")
    drawn = [e.player_id for e in state.entrants]
    rng.shuffle(drawn)
    if state.created.format != "knockout":
        return drawn
    rating = {e.player_id: e.rating for e in state.entrants}
    return sorted(drawn, key=lambda p: -rating[p])


def _opened(state: TournamentState, player_id: str, action: NoteTablesOpened) -> list[Any]:
    _manager(player_id)
    if action.round < 1 or action.round > state.round:
        raise Conflict(f"round {action.round} is not paired", code="round_not_paired")
    if action.round in state.opened:
        return []  # noted already (a repeat under another id: nothing new)
    return [MatchTablesOpened(round=action.round)]


def _result(state: TournamentState, player_id: str, action: RecordResult) -> list[Any]:
    _manager(player_id)
    match = state.match(action.table_id)
    if match is None:
        raise NotFound("no match of this tournament at that table", code="unknown_match")
    if match.is_over:
        return []  # recorded already
    seats = len(match.players)
    if len(action.ranks) != seats or any(not 1 <= r <= seats for r in action.ranks):
        raise BadRequest("one rank per seat, 1 to seats", code="bad_result")
    if any(not 0 <= s < seats for s in action.forfeited):
        raise BadRequest("forfeited names seats of the table", code="bad_result")
    recorded = ResultRecorded(
        table_id=action.table_id, ranks=list(action.ranks), forfeited=sorted(set(action.forfeited))
    )
    return [recorded, *_advance(evolve(state, recorded))]


def _rescore(state: TournamentState, player_id: str, action: RescoreMatch) -> list[Any]:
    _manager(player_id)
    match = state.match(action.table_id)
    if match is None:
        raise NotFound("no match of this tournament at that table", code="unknown_match")
    if action.dispute_id in match.disputes:
        return []  # applied already
    if action.verdict not in ("annulled", "replayed", "forfeit"):
        raise BadRequest("a match is re-scored annulled, replayed or forfeit", code="bad_verdict")
    if (action.verdict == "forfeit") != (action.seat is not None) or not (
        action.seat is None or 0 <= action.seat < len(match.players)
    ):
        raise BadRequest("a forfeit (only) names a seat of the table", code="bad_seat")
    return [rescored(state, action.table_id, action.dispute_id, action.verdict, action.seat)]


def rescored(
    state: TournamentState, table_id: str, dispute_id: str, verdict: Any, seat: int | None
) -> MatchRescored:
    """The MatchRescored of a verdict, with the final ranking after it when the tournament
    is over (the standings re-ranked; the audit derives it again)."""
    event = MatchRescored(table_id=table_id, dispute_id=dispute_id, verdict=verdict, seat=seat)
    if state.status != FINISHED:
        return event
    ranking = [s.player_id for s in standings(evolve(state, event))]
    return msgspec.structs.replace(event, ranking=ranking)


def _advance(state: TournamentState) -> list[Any]:
    """While the round is complete: the next round, or the end. A round with no match
    (everyone's opponent withdrew) is complete at once."""
    events: list[Any] = []
    while state.status == RUNNING and state.is_round_over():
        event = next_round(state)
        events.append(event)
        state = evolve(state, event)
    return events


def next_round(state: TournamentState) -> TournamentEvent:
    """The next round's pairing, or TournamentFinished after the last."""
    created = state.created
    number = state.round + 1
    previous = [m.players for m in state.matches]
    active = [p for p in state.seeding if p not in state.withdrawn]
    if created.format == "knockout":
        slots = knockout_slots(state)
        if number > state.rounds or sum(1 for s in slots if s is not None) <= 1:
            return _finished(state)
        tables, byes = pairing.knockout(slots, number, previous, created.seed)
    elif number > state.rounds or len(active) < 2:
        return _finished(state)
    elif created.format == "swiss":
        ranked = [s.player_id for s in standings(state) if s.player_id in set(active)]
        had_bye = {p for _, p in state.byes}
        tables, byes = pairing.swiss(ranked, created.seats, number, previous, had_bye, created.seed)
    else:
        tables, byes = pairing.round_robin(
            state.seeding, created.seats, number, previous, created.seed
        )
        tables, byes = _without_withdrawn(tables, byes, set(state.withdrawn))
    matches = [
        Match(table_id=pairing.table_id_for(state.tournament_id, number, i), players=list(t))
        for i, t in enumerate(tables)
    ]
    return RoundPaired(round=number, matches=matches, byes=byes)


def _without_withdrawn(
    tables: list[tuple[str, ...]], byes: list[str], withdrawn: set[str]
) -> tuple[list[tuple[str, ...]], list[str]]:
    """A fixed schedule after withdrawals: a table keeps its players still in (a bye for
    one left alone); a withdrawn player has no bye."""
    kept: list[tuple[str, ...]] = []
    alone: list[str] = [p for p in byes if p not in withdrawn]
    for table in tables:
        left = tuple(p for p in table if p not in withdrawn)
        if len(left) >= 2:
            kept.append(left)
        else:
            alone += left
    return kept, alone


def knockout_slots(state: TournamentState) -> list[str | None]:
    """The bracket after the rounds played: each slot the player still in (None: empty or
    withdrawn). Round 1 is the seeding in bracket order; each later round keeps the winner
    of each neighbouring pair (or the one present)."""
    policy = state.created.forfeits
    slots = pairing.first_slots(state.seeding)
    for number in range(1, state.round + 1):
        played: dict[frozenset[str | None], MatchRecord] = {
            frozenset(m.players): m for m in state.round_matches(number)
        }
        nxt: list[str | None] = []
        for i in range(0, len(slots), 2):
            a, b = slots[i], slots[i + 1]
            match = played.get(frozenset((a, b)))
            if match is not None:
                nxt.append(scoring.advancer(match, policy, state.seeding))
            elif a is not None and b is not None:  # one had withdrawn: the other had a bye
                nxt.append(a if (number, a) in state.byes else b)
            else:
                nxt.append(a if a is not None else b)
        slots = nxt
    return [s if s is not None and s not in state.withdrawn else None for s in slots]


def _finished(state: TournamentState) -> TournamentFinished:
    return TournamentFinished(ranking=[s.player_id for s in standings(state)])


def _signing_up(state: TournamentState) -> None:
    if state.status != OPEN:
        raise Conflict("sign-up is closed", code="tournament_not_open")


def _creator(state: TournamentState, player_id: str) -> None:
    if player_id != state.created.creator:
        raise Forbidden("only the tournament's creator may do that", code="not_creator")


def _manager(player_id: str) -> None:
    if player_id != MANAGER:
        raise Forbidden("only the tournament manager records that", code="not_manager")


_DECIDERS: dict[type, Callable[[TournamentState, str, Any], list[Any]]] = {
    CreateTournament: _exists,
    JoinTournament: _join,
    WithdrawFromTournament: _withdraw,
    StartTournament: _start,
    CancelTournament: _cancel,
    NoteTablesOpened: _opened,
    RecordResult: _result,
    RescoreMatch: _rescore,
}
