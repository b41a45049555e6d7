"""What must hold after any fault: nothing lost, nothing twice, every projection = a rebuild."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import aiohttp

from services.bench.rebuilt_views import rebuilt_views
from services.cli.selfplay import Api, Bot
from services.gateway.views.player import log_for, player_view
from shared.projections.tracking import Positions
from shared.readmodels.db import ReadModelDB
from shared.standings.board import Result, board_of
from shared.store import EventStore
from shared.tables.aggregate import Table
from shared.tables.envelopes import envelope_of, is_table_notification
from tests.faults.cluster import Cluster
from tests.faults.load import GAME, Load
from tests.harness.errors import plain
from tests.resultfold import ResultFold

CATCH_UP_PATIENCE = 120.0  # seconds a consumer may take to reach the end of the log


@dataclass(frozen=True)
class StoredEvent:
    """A stored table event as the checks need it."""

    table_id: str
    version: int
    command_id: str
    move: bool


def stored_events(store: EventStore) -> list[StoredEvent]:
    """Every table event in the store, in log order."""
    out = []
    for note in store.notifications(0, 1_000_000):
        if is_table_notification(note):
            event = store.decode(note)
            move = (  # a game move (a join stores the invitation it named as its move)
                isinstance(event, Table.Recorded)
                and event.move is not None
                and event.name != "SeatTaken"
            )
            out.append(
                StoredEvent(str(event.originator_id), event.originator_version,
                            event.command_id, move)
            )  # fmt: skip
    return out


def assert_every_accepted_command_stored_once(load: Load, store: EventStore) -> None:
    """0 lost, 0 duplicated: the store holds exactly the commands the bots saw accepted."""
    events = stored_events(store)
    versions: dict[str, list[int]] = defaultdict(list)
    by_command: dict[tuple[str, str], list[int]] = defaultdict(list)
    for event in events:
        versions[event.table_id].append(event.version)
        by_command[(event.table_id, event.command_id)].append(event.version)
    assert set(versions) == {a.table_id for a in load.accepted}
    for table_id, seen in versions.items():
        assert seen == list(range(1, len(seen) + 1)), f"gap or duplicate in {table_id}"
    for key, seen in by_command.items():
        # One command, one commit: its events are one run of consecutive versions.
        assert seen == list(range(seen[0], seen[0] + len(seen))), f"{key} stored twice"
    answers = {(a.table_id, a.command_id): a.version for a in load.accepted}
    assert answers.keys() == by_command.keys()  # nothing lost, nothing unasked-for
    for key, version in answers.items():
        assert by_command[key][-1] == version, f"{key} answered {version}"
    moves = [e for e in events if e.move]
    assert len(moves) == len({(a.table_id, a.command_id) for a in load.accepted if a.move})
    assert len(moves) == len({(e.table_id, e.command_id) for e in moves})


async def assert_gateway_views_equal_rebuild(
    load: Load, cluster: Cluster, store: EventStore
) -> None:
    """Each seat's view and log (and a spectator's) served by the gateway = a rebuild's."""
    rebuilt = await rebuilt_views(store)
    spectator = next(iter(load.players.values()))[0]
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
        api = Api(session, cluster.url)
        for table_id, bots in load.players.items():
            model = rebuilt.tables[table_id]
            version = model.state.version
            viewers: list[tuple[Bot, int | None]] = list(zip(bots, range(len(bots)), strict=True))
            if spectator not in bots:
                viewers.append((spectator, None))
            for bot, seat in viewers:
                path = f"/api/tables/{table_id}/view?min_version={version}"
                served = await api.call("GET", path, bot)
                assert served == plain(player_view(model, seat)), (table_id, seat)
                served_log = await api.table_log(table_id, bot)
                expected = log_for(model.state.spec, rebuilt.logs[table_id], seat)
                assert served_log == plain(expected), (table_id, seat)


def rebuilt_results(store: EventStore) -> list[Result]:
    """Every finished game's result, folded from the store alone."""
    fold = ResultFold()
    results = []
    for note in store.notifications(0, 1_000_000):
        if is_table_notification(note):
            result = fold.apply(envelope_of(store, note))
            if result is not None:
                results.append(result)
    return results


async def assert_gateway_results_equal_rebuild(
    load: Load, cluster: Cluster, store: EventStore
) -> None:
    """Standings, ratings and every player's results served = a rebuild from the store."""
    results = rebuilt_results(store)
    assert {r.table_id for r in results} == set(load.players)  # every game finished
    board = board_of(results)
    some_bot = next(iter(load.players.values()))[0]
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
        api = Api(session, cluster.url)
        # Pages of up to 200 (more than the players here), newest results first.
        standings = await api.call("GET", f"/api/games/{GAME}/standings?limit=200", some_bot)
        assert standings["items"] == plain(board.standings(GAME))
        ratings = await api.call("GET", f"/api/games/{GAME}/ratings?limit=200", some_bot)
        assert ratings["items"] == plain(board.rating_table(GAME))
        for bots in load.players.values():
            for bot in bots:
                path = f"/api/players/{bot.player_id}/results?limit=200"
                served = await api.call("GET", path, bot)
                assert served["items"] == plain(board.player_results(bot.player_id))[::-1]


async def consumer_reaches_end(store: EventStore, consumer: str) -> None:
    """Wait until a tracked consumer (relay, scoring) recorded the store's last position."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CATCH_UP_PATIENCE
    # The last table event: records the services write themselves (audit verdicts, say)
    # come after it and are not theirs to follow.
    last = max(n.id for n in store.notifications(0, 1_000_000) if is_table_notification(n))
    positions = Positions(ReadModelDB.of(store))
    while (position := positions.get(consumer)) < last:
        assert loop.time() < deadline, f"{consumer} stuck at {position} of {last}"
        await asyncio.sleep(0.2)


async def assert_scoring_equals_rebuild(cluster: Cluster, store: EventStore) -> None:
    """The scoring service scored every game as a rebuild does and found no mismatch."""
    await consumer_reaches_end(store, "scoring")
    scored: dict[str, dict[str, Any]] = {}
    for line in cluster.log_lines("scoring"):
        assert line.get("event") != "audit_mismatch", line
        if line.get("event") == "game_scored":
            scored[line["table_id"]] = line  # the latest incarnation's word counts
    expected = {r.table_id: r for r in rebuilt_results(store)}
    assert scored.keys() == expected.keys()
    for table_id, result in expected.items():
        line = scored[table_id]
        assert (line["position"], line["scores"], line["ranks"], line["winners"]) == (
            result.position, result.scores, result.ranks, result.winners
        )  # fmt: skip


def assert_clients_saw_no_server_error(load: Load) -> None:
    """Every answer was a success, a conflict the bot handles, or a 503 with Retry-After."""
    assert load.api is not None
    seen = load.api.seen
    assert all(status < 500 or status == 503 for status in seen.statuses), seen.statuses
    assert seen.without_retry_after == 0


async def assert_survived(load: Load, cluster: Cluster, store: EventStore) -> None:
    """The properties every fault test checks once the bots have finished their games."""
    assert len(load.summaries) == load.tables
    assert_clients_saw_no_server_error(load)
    assert_every_accepted_command_stored_once(load, store)
    await consumer_reaches_end(store, "relay")
    await assert_gateway_views_equal_rebuild(load, cluster, store)
    await assert_gateway_results_equal_rebuild(load, cluster, store)
    await assert_scoring_equals_rebuild(cluster, store)
