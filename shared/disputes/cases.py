"""Opening a case, adding a statement, settling it, and naming arbiters: the checks, then
one save (blocking: call these in a thread). Every refusal is a SenetError with a stable
code and changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from shared.accounts import ledger
from shared.contracts.errors import BadRequest, Conflict, Forbidden, NotFound, TooManyRequests
from shared.disputes.aggregate import (
    ROSTER_ID,
    Arbiters,
    Dispute,
    DisputeQuota,
    dispute_id,
    quota_id,
)
from shared.disputes.bounds import (
    CHANGES_RESULT,
    MAX_TEXT,
    MAX_VERDICT_REASON,
    OPEN,
    PER_DAY,
    REASONS,
    RULINGS,
    plain,
)
from shared.store import EventStore
from shared.store.retries import retried
from shared.tables.state import OVER, TableState


def now_iso() -> str:
    """The current time, ISO 8601 UTC."""
    return datetime.now(UTC).isoformat()


def _text(raw: str, field: str, most: int) -> str:
    text = plain(raw)
    if not text:
        raise BadRequest(f"{field} must not be empty", code="bad_text", details={"field": field})
    if len(text) > most:
        raise BadRequest(
            f"{field} has at most {most} characters", code="text_too_long",
            details={"field": field, "maximum": most},
        )  # fmt: skip
    return text


def open_case(
    store: EventStore, state: TableState, player_id: str, reason: str, version: int, text: str,
    *, day: str | None = None,
) -> Dispute:  # fmt: skip
    """A seated player's new case about the table at `version` (1 to the table's version).
    403 `not_a_player`; 400 `bad_reason`, `bad_version`, `bad_text`, `text_too_long`;
    409 `dispute_exists` (one per player and table), 429 `too_many_disputes` (PER_DAY)."""
    seat = state.seat_of(player_id)
    if seat is None:
        raise Forbidden("only a player of this table may open a dispute", code="not_a_player")
    if reason not in REASONS:
        raise BadRequest(
            f"reason must be one of {', '.join(REASONS)}", code="bad_reason",
            details={"allowed": list(REASONS)},
        )  # fmt: skip
    if not 1 <= version <= state.version:
        raise BadRequest(
            f"version must be between 1 and {state.version}", code="bad_version",
            details={"maximum": state.version},
        )  # fmt: skip
    kept = _text(text, "text", MAX_TEXT)
    day = day or datetime.now(UTC).date().isoformat()

    def attempt() -> Dispute:
        if _exists(store, dispute_id(state.table_id, player_id)):
            raise Conflict("you have a dispute on this table already", code="dispute_exists")
        try:
            quota: DisputeQuota = store.repository.get(quota_id(player_id, day))
        except AggregateNotFoundError:
            quota = DisputeQuota(player_id=player_id, day=day)
        if len(quota.opened) >= PER_DAY:
            raise TooManyRequests(
                f"at most {PER_DAY} disputes a day", code="too_many_disputes",
                details={"per_day": PER_DAY}, retry_after=3600,
            )  # fmt: skip
        quota.use(table_id=state.table_id)
        case = Dispute(
            table_id=state.table_id, game=state.game, player_id=player_id, seat=seat,
            reason=reason, table_version=version, text=kept,
            players=[p or "" for p in state.players], game_over=state.status == OVER,
        )  # fmt: skip
        store.save(case, quota)
        return case

    return retried(attempt, "the dispute")


def _exists(store: EventStore, aggregate_id: UUID) -> bool:
    try:
        store.repository.get(aggregate_id)
    except AggregateNotFoundError:
        return False
    return True


def load_case(store: EventStore, case_id: str) -> Dispute:
    """A case by its id; 404 `unknown_dispute` (a malformed id too)."""
    try:
        key = UUID(case_id)
        found: Any = store.repository.get(key)
    except (ValueError, AggregateNotFoundError) as exc:
        raise NotFound("no such dispute", code="unknown_dispute") from exc
    if not isinstance(found, Dispute):
        raise NotFound("no such dispute", code="unknown_dispute")
    return found


def add_statement(store: EventStore, case_id: str, player_id: str, text: str) -> Dispute:
    """Another player's one statement on an open case. 403 `not_a_player` (not seated at the
    table, or the opener: their text is the case), 409 `already_stated`, `dispute_settled`."""
    kept = _text(text, "text", MAX_TEXT)

    def attempt() -> Dispute:
        case = load_case(store, case_id)
        if player_id not in case.players or player_id == case.player_id:
            raise Forbidden(
                "only the table's other players may add a statement", code="not_a_player"
            )
        if case.state != OPEN:
            raise Conflict("the dispute is settled", code="dispute_settled")
        if case.stated(player_id):
            raise Conflict("you added your statement already", code="already_stated")
        case.add_statement(
            player_id=player_id, seat=case.players.index(player_id), text=kept, at=now_iso()
        )
        store.save(case)
        return case

    return retried(attempt, "the dispute")


def check_arbiter(case: Dispute, arbiter_player: str | None) -> None:
    """403 `own_table` when the arbiter is a player account that sat at the case's table."""
    if arbiter_player is not None and arbiter_player in case.players:
        raise Forbidden("an arbiter never decides a case of a table they sat at", code="own_table")


def show_hands(
    store: EventStore, case_id: str, arbiter: str, arbiter_player: str | None
) -> Dispute:
    """Log an arbiter's choice to see every hand of the case's table."""

    def attempt() -> Dispute:
        case = load_case(store, case_id)
        check_arbiter(case, arbiter_player)
        case.show_hands(arbiter=arbiter, at=now_iso())
        store.save(case)
        return case

    return retried(attempt, "the dispute")


def settle(
    store: EventStore, case_id: str, state: TableState, arbiter: str, arbiter_player: str | None,
    verdict: str, reason: str, seat: int | None, from_version: int | None,
) -> Dispute:  # fmt: skip
    """The verdict on an open case. 400 `bad_verdict`, `bad_seat`, `bad_version`, `bad_text`,
    `text_too_long`; 403 `own_table`; 409 `dispute_settled`, `game_not_over` (a verdict that
    changes the result waits for the end of the game)."""
    if verdict not in RULINGS:
        raise BadRequest(
            f"verdict must be one of {', '.join(RULINGS)}", code="bad_verdict",
            details={"allowed": list(RULINGS)},
        )  # fmt: skip
    kept = _text(reason, "reason", MAX_VERDICT_REASON)
    if verdict == "forfeit":
        if seat is None or not 0 <= seat < len(state.players):
            raise BadRequest(
                f"a forfeit names a seat from 0 to {len(state.players) - 1}", code="bad_seat"
            )
    elif seat is not None:
        raise BadRequest("only a forfeit names a seat", code="bad_seat")
    if verdict == "replayed":
        if from_version is None or not 1 <= from_version <= state.version:
            raise BadRequest(
                f"a replayed verdict names from_version from 1 to {state.version}",
                code="bad_version",
            )
    elif from_version is not None:
        raise BadRequest("only a replayed verdict names from_version", code="bad_version")
    if verdict in CHANGES_RESULT and state.status != OVER:
        raise Conflict("this verdict waits for the end of the game", code="game_not_over")

    def attempt() -> Dispute:
        case = load_case(store, case_id)
        check_arbiter(case, arbiter_player)
        if case.state != OPEN:
            raise Conflict("the dispute is settled", code="dispute_settled")
        case.settle(
            arbiter=arbiter, verdict=verdict, reason=kept, seat=seat, from_version=from_version,
            at=now_iso(),
        )  # fmt: skip
        store.save(case)
        return case

    return retried(attempt, "the dispute")


def roster(store: EventStore) -> list[str]:
    """The player accounts named arbiters."""
    try:
        found: Arbiters = store.repository.get(ROSTER_ID)
    except AggregateNotFoundError:
        return []
    return list(found.players)


def name_arbiter(store: EventStore, player_id: str, by: str, named: bool = True) -> list[str]:
    """Name a player an arbiter (or take the role back); the roster after it. 404
    `unknown_player` for an id no player has."""
    if named:
        ledger.load_player(store, player_id)

    def attempt() -> list[str]:
        try:
            found: Arbiters = store.repository.get(ROSTER_ID)
        except AggregateNotFoundError:
            found = Arbiters()
        if named:
            found.name(player_id=player_id, by=by, at=now_iso())
        else:
            found.unname(player_id=player_id, by=by, at=now_iso())
        store.save(found)
        return list(found.players)

    return retried(attempt, "the arbiters' roster")
