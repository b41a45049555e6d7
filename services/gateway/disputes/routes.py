"""HTTP handlers of disputes: a seated player opens a case and the others add a statement;
arbiters read the queue and a case's evidence, may choose to see every hand (logged), and
give the verdict; operators name arbiters."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import bearer_token, caller
from services.gateway.disputes import evidence
from services.gateway.disputes.arbiters import admin_name, arbiter
from services.gateway.http.request import decode_body, json_response, table_model
from services.gateway.http.routes import UUID_PATTERN, Route
from services.gateway.http.storecall import in_store
from services.gateway.keys import READMODELS, STORE, TABLE_CACHE
from shared.contracts.errors import BadRequest, NotFound
from shared.disputes import cases
from shared.disputes.aggregate import Dispute
from shared.disputes.bounds import MAX_TEXT, MAX_VERDICT_REASON, OPEN, SETTLED, Reason, Ruling
from shared.disputes.summary import DisputeSummary, summary_of
from shared.readmodels.queries import decode_cursor, encode_cursor, limit_of
from shared.readmodels.rows import Page
from shared.tables.state import OVER

FRESH_WAIT = 1.0  # seconds the queue waits for the read models to reach the newest position
Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]
# `version` and `from_version` are table versions: bounded by the table's version in
# `shared.disputes.cases`, and by this before.
Version = Annotated[int, msgspec.Meta(ge=1, le=10_000_000)]


class NewDispute(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{table_id}/disputes."""

    reason: Reason
    version: Version  # the table version the case concerns (1 to the table's version)
    text: Text  # plain text, 1 to 2000 characters


class NewStatement(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/disputes/{dispute_id}/statements."""

    text: Text


class NewVerdict(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/admin/disputes/{dispute_id}/verdict."""

    verdict: Ruling
    reason: Annotated[str, msgspec.Meta(max_length=MAX_VERDICT_REASON)]
    seat: Annotated[int, msgspec.Meta(ge=0, le=64)] | None = None  # forfeit: who forfeits
    from_version: Version | None = None  # replayed: the version the game is re-decided from


class QueueItem(DisputeSummary, frozen=True, kw_only=True):
    """A case in the arbiters' queue, with the record's verification result."""

    verified: evidence.Verification


class CasePage(msgspec.Struct, frozen=True, kw_only=True):
    """A case's page: the case, the verification, and the state at the disputed version.

    A player sees their own seat's view. An arbiter sees every seat's once the game is over
    or after choosing to (`POST .../hands`, logged), else a spectator's; and the record (a
    finished game), the timing in effect and the table's chat."""

    dispute: DisputeSummary
    verified: evidence.Verification
    table_status: str
    table_version: int
    states: list[evidence.SeatState]
    all_hands: bool
    timing: Any = None
    notices: list[evidence.NoticeSent] | None = None  # about the turns then, arbiters only
    record: Any = None  # the game's record (`senet export`), arbiters only
    chat: dict[str, list[Any]] | None = None  # arbiters only


class ArbiterRoster(msgspec.Struct, frozen=True, kw_only=True):
    """The player accounts named arbiters."""

    players: list[str]


async def open_dispute(request: web.Request) -> web.Response:
    """A seated player's case about the table (during or after the game); the game is not
    touched. 403 `not_a_player`, 409 `dispute_exists`, 429 `too_many_disputes`."""
    who = caller(request)
    model = await table_model(request)
    body = await decode_body(request, NewDispute)
    case = await in_store(
        request, cases.open_case, request.app[STORE], model.state, who.player_id, body.reason,
        body.version, body.text,
    )  # fmt: skip
    await _landed(request)
    return json_response(summary_of(case), 201)


async def add_statement(request: web.Request) -> web.Response:
    """Another player's one statement on an open case."""
    who = caller(request)
    body = await decode_body(request, NewStatement)
    case = await in_store(
        request, cases.add_statement, request.app[STORE], request.match_info["dispute_id"],
        who.player_id, body.text,
    )  # fmt: skip
    await _landed(request)
    return json_response(summary_of(case), 201)


async def read_dispute(request: web.Request) -> web.Response:
    """A case as a player of its table sees it (a stranger: 404 `unknown_dispute`)."""
    who = caller(request)
    case = await _case(request)
    if who.player_id not in case.players:
        raise NotFound("no such dispute", code="unknown_dispute")  # a stranger learns nothing
    seat = case.players.index(who.player_id)
    return json_response(await _page(request, case, [seat], all_hands=False, arbiter=False))


async def arbiter_queue(request: web.Request) -> web.Response:
    """GET /api/admin/disputes?state=open|settled: cases in the order they were opened."""
    arbiter(request)
    state = request.query.get("state", OPEN)
    if state not in (OPEN, SETTLED):
        raise BadRequest("state must be open or settled", code="bad_query",
                         details={"parameter": "state"})  # fmt: skip
    limit = limit_of(request.query.get("limit"))
    after = decode_cursor(request.query.get("cursor"), (int,))
    models = request.app[READMODELS]
    await models.runner.wait(request.app[TABLE_CACHE].newest_heard, FRESH_WAIT)
    rows = await in_store(
        request, models.db.query,
        "SELECT opened_pos, body FROM rm_disputes WHERE state = ? AND opened_pos > ?"
        " ORDER BY opened_pos LIMIT ?",
        (state, after[0] if after else 0, limit + 1),
    )  # fmt: skip
    items = []
    for _, body in rows[:limit]:
        summary = msgspec.json.decode(str(body), type=DisputeSummary)
        verified = await in_store(
            request, evidence.verification, request.app[STORE], models.db, summary.table_id
        )
        items.append(QueueItem(**msgspec.structs.asdict(summary), verified=verified))
    more = encode_cursor([int(rows[limit - 1][0])]) if len(rows) > limit else None
    return json_response(Page(items=items, next=more))


async def arbiter_case(request: web.Request) -> web.Response:
    """A case with its evidence, as an arbiter sees it (403 `own_table` for a table they
    sat at)."""
    found = arbiter(request)
    case = await _case(request)
    cases.check_arbiter(case, found.player_id)
    shown = any(a["action"] == "hands_shown" for a in case.actions)
    model = await request.app[TABLE_CACHE].get(case.table_id)
    over = model is not None and model.state.status == OVER
    every = evidence.all_hands(over, shown)
    seats: list[int | None] = list(range(len(case.players))) if every else [None]
    return json_response(await _page(request, case, seats, all_hands=every, arbiter=True))


async def show_hands(request: web.Request) -> web.Response:
    """An arbiter's explicit choice to see every hand of a live game: logged on the case."""
    found = arbiter(request)
    case = await in_store(
        request, cases.show_hands, request.app[STORE], request.match_info["dispute_id"],
        found.who, found.player_id,
    )  # fmt: skip
    await _landed(request)
    return json_response(summary_of(case))


async def give_verdict(request: web.Request) -> web.Response:
    """The verdict on an open case; results, standings and ratings follow it (the read
    models fold it), and every player of the table is told."""
    found = arbiter(request)
    body = await decode_body(request, NewVerdict)
    case = await _case(request)
    cases.check_arbiter(case, found.player_id)
    model = await request.app[TABLE_CACHE].get(case.table_id)
    if model is None:
        raise NotFound("no such table", code="unknown_table")
    settled = await in_store(
        request, cases.settle, request.app[STORE], str(case.id), model.state, found.who,
        found.player_id, body.verdict, body.reason, body.seat, body.from_version,
    )  # fmt: skip
    await _landed(request)
    return json_response(summary_of(settled))


async def name_arbiter(request: web.Request) -> web.Response:
    """PUT /api/admin/arbiters/{player_id}: name a player account an arbiter (admin tokens)."""
    return await _roster(request, named=True)


async def unname_arbiter(request: web.Request) -> web.Response:
    """DELETE /api/admin/arbiters/{player_id}: take the role back (admin tokens)."""
    return await _roster(request, named=False)


async def _roster(request: web.Request, *, named: bool) -> web.Response:
    player_id = request.match_info["player_id"]
    players = await in_store(
        request, cases.name_arbiter, request.app[STORE], player_id,
        admin_name(bearer_token(request)), named,
    )  # fmt: skip
    return json_response(ArbiterRoster(players=players))


async def _landed(request: web.Request) -> None:
    """After a case's event is stored: lists wait for its position (read your writes), and
    this process's read models look at the store now (other processes poll, or hear
    PostgreSQL's NOTIFY)."""
    position = await in_store(request, request.app[STORE].last_position)
    request.app[TABLE_CACHE].heard(position)
    models = request.app[READMODELS]
    models.runner.wake()
    await models.runner.wait(position, FRESH_WAIT)


async def _case(request: web.Request) -> Dispute:
    return await in_store(
        request, cases.load_case, request.app[STORE], request.match_info["dispute_id"]
    )


async def _page(
    request: web.Request, case: Dispute, seats: list[int | None], *, all_hands: bool,
    arbiter: bool,
) -> CasePage:  # fmt: skip
    store = request.app[STORE]
    db = request.app[READMODELS].db
    model = await request.app[TABLE_CACHE].get(case.table_id)
    if model is None:
        raise NotFound("no such table", code="unknown_table")
    verified = await in_store(request, evidence.verification, store, db, case.table_id)
    states, timing, turns = await in_store(
        request, evidence.seat_states, store, case.table_id, case.table_version, seats
    )
    sent = (
        await in_store(request, evidence.notices, store, case.table_id, turns) if arbiter else None
    )
    return CasePage(
        dispute=summary_of(case), verified=verified, table_status=model.state.status,
        table_version=model.state.version, states=states, all_hands=all_hands, timing=timing,
        notices=sent,
        record=await in_store(request, evidence.record, store, case.table_id) if arbiter else None,
        chat=await in_store(request, evidence.chat, store, case.table_id) if arbiter else None,
    )  # fmt: skip


_DISPUTE = (("dispute_id", UUID_PATTERN),)
_PLAYER = (("player_id", UUID_PATTERN),)

ROUTES = [
    Route("POST", "/api/tables/{table_id}/disputes", open_dispute,
          "Open a dispute about the table (its seated players; the game is not touched)",
          body=NewDispute, answer=DisputeSummary, status=201),
    Route("GET", "/api/disputes/{dispute_id}", read_dispute,
          "A dispute as a player of its table sees it", answer=CasePage, patterns=_DISPUTE),
    Route("POST", "/api/disputes/{dispute_id}/statements", add_statement,
          "Another player's one statement on an open dispute", body=NewStatement,
          answer=DisputeSummary, status=201, patterns=_DISPUTE),
    Route("GET", "/api/admin/disputes", arbiter_queue,
          "The arbiters' queue: open or settled disputes with the record's verification",
          answer=Page[QueueItem], arbiter=True, query=("state", "limit", "cursor")),
    Route("GET", "/api/admin/disputes/{dispute_id}", arbiter_case,
          "A dispute with its evidence (arbiters)", answer=CasePage, arbiter=True,
          patterns=_DISPUTE),
    Route("POST", "/api/admin/disputes/{dispute_id}/hands", show_hands,
          "See every hand of a live game's dispute (arbiters; logged)", answer=DisputeSummary,
          arbiter=True, patterns=_DISPUTE),
    Route("POST", "/api/admin/disputes/{dispute_id}/verdict", give_verdict,
          "The verdict on a dispute (arbiters)", body=NewVerdict, answer=DisputeSummary,
          arbiter=True, patterns=_DISPUTE),
    Route("PUT", "/api/admin/arbiters/{player_id}", name_arbiter,
          "Name a player account an arbiter (admin tokens)", answer=ArbiterRoster,
          admin=True, patterns=_PLAYER),
    Route("DELETE", "/api/admin/arbiters/{player_id}", unname_arbiter,
          "Take the arbiter role back (admin tokens)", answer=ArbiterRoster, admin=True,
          patterns=_PLAYER),
]  # fmt: skip
