"""What a replay costs the store: a past view reads one snapshot and the events since it.

Issue 34 defect 2: `view?at=N` read the whole log and then made 1+N more store round trips
for turn times, once per step of the replay slider. The store's reads are counted here
(its recorders' `select_events`, the rows they return): a past view, however late in the
game, reads at most one snapshot and fewer than `CHECKPOINT` events once the table has been
read, and a range of views is one request with the same cost plus the range's events.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.http.limits import HISTORY_QUEUE
from services.gateway.keys import LIMITER, GatewaySettings
from services.gateway.tables import view_at
from services.gateway.tables.view_at import MAX_VIEWS
from shared.tables.reader import CHECKPOINT
from tests.platform import Player, embedded_config, open_table, play_moves, register, view


@dataclass
class Reads:
    """Calls of the store's recorders and the rows they returned."""

    calls: dict[str, int] = field(default_factory=dict)
    rows: dict[str, int] = field(default_factory=dict)

    def clear(self) -> None:
        self.calls.clear()
        self.rows.clear()


@pytest.fixture
def reads(platform: Platform, monkeypatch: pytest.MonkeyPatch) -> Iterator[Reads]:
    """Count every `select_events` of the store's event and snapshot recorders."""
    counted = Reads()
    store = platform.store
    assert store.snapshots is not None
    for kind, recorder in (("events", store.recorder), ("snapshots", store.snapshots.recorder)):
        real = recorder.select_events

        def counting(*args: Any, _real: Any = real, _kind: str = kind, **kwargs: Any) -> Any:
            found = _real(*args, **kwargs)
            counted.calls[_kind] = counted.calls.get(_kind, 0) + 1
            counted.rows[_kind] = counted.rows.get(_kind, 0) + len(found)
            return found

        monkeypatch.setattr(recorder, "select_events", counting)
    yield counted


async def _long_table(client: TestClient) -> tuple[str, list[Player], int]:
    table_id, players = await open_table(client, "istanbul", 2)  # long: not over soon
    await play_moves(client, table_id, players, seed=4, limit=110)
    last = (await view(client, table_id, players[0]))["table"]["version"]
    assert last > 3 * CHECKPOINT + 10, last
    return table_id, players, last


async def _past(client: TestClient, path: str, player: Player) -> Any:
    response = await client.get(path, headers=player.auth)
    assert response.status == 200, await response.text()
    return await response.json()


async def test_a_past_view_reads_one_snapshot_and_the_events_since_it(
    client: TestClient, reads: Reads
) -> None:
    table_id, players, last = await _long_table(client)
    base = f"/api/tables/{table_id}/view?at="
    await _past(client, f"{base}{last - 1}", players[0])  # the first read saves checkpoints
    for at in (last - 2, 2 * CHECKPOINT + 7, CHECKPOINT + 3, 5, last - CHECKPOINT - 1):
        reads.clear()
        shown = await _past(client, f"{base}{at}", players[0])
        assert shown["table"]["version"] == at
        assert reads.calls == {"snapshots": 1, "events": 1}, (at, reads.calls)
        assert reads.rows["snapshots"] <= 1
        assert reads.rows["events"] < CHECKPOINT, (at, reads.rows)
    reads.clear()  # asked again: kept, no store read at all
    await _past(client, f"{base}{CHECKPOINT + 3}", players[1])
    assert reads.calls == {}


async def test_turn_times_of_a_past_view_cost_no_more_reads(
    client: TestClient, reads: Reads
) -> None:
    table_id, players = await open_table(client, "istanbul", 2)  # long: not over soon
    await play_moves(client, table_id, players, seed=4, limit=60)
    live = await view(client, table_id, players[0])
    last = live["table"]["version"]
    assert last > CHECKPOINT and live["turn_since"], "somebody must act: since when"
    await _past(client, f"/api/tables/{table_id}/view?at={last - 1}", players[0])  # checkpoints
    reads.clear()
    past = await _past(client, f"/api/tables/{table_id}/view?at={last}", players[0])
    assert past["turn_since"] == live["turn_since"]
    assert reads.calls == {"snapshots": 1, "events": 1}


async def test_a_range_of_past_views_is_one_request_of_bounded_reads(
    client: TestClient, reads: Reads
) -> None:
    table_id, players, last = await _long_table(client)
    await _past(client, f"/api/tables/{table_id}/view?at={last}", players[1])  # checkpoints
    first = CHECKPOINT + 5
    reads.clear()
    page = await _past(
        client, f"/api/tables/{table_id}/views?from={first}&to={first + MAX_VIEWS - 1}", players[1]
    )
    assert [v["table"]["version"] for v in page["items"]] == list(range(first, first + MAX_VIEWS))
    assert (page["from"], page["to"], page["version"]) == (first, first + MAX_VIEWS - 1, last)
    assert reads.calls["snapshots"] == 1 and reads.calls["events"] <= 2
    assert reads.rows["events"] < CHECKPOINT + MAX_VIEWS
    for step in (first, first + 17, first + MAX_VIEWS - 1):  # each equals the single view
        alone = await _past(client, f"/api/tables/{table_id}/view?at={step}", players[1])
        assert page["items"][step - first] == alone


@pytest.mark.parametrize(
    "query", ["from=0&to=3", "from=3&to=2", "from=1&to=51", "from=x&to=3", "from=1", "to=4"]
)
async def test_a_bad_range_is_400_bad_version(client: TestClient, query: str) -> None:
    table_id, players = await open_table(client, "ra", 2)
    response = await client.get(f"/api/tables/{table_id}/views?{query}", headers=players[0].auth)
    assert response.status == 400, query
    assert (await response.json())["code"] == "bad_version"


@pytest.fixture
async def bounded(aiohttp_client: Any) -> AsyncIterator[TestClient]:
    """A gateway that lets a token fold one past view at a time, and two in all."""
    config = embedded_config()
    config.gateway = GatewaySettings(max_history_in_flight_per_player=1, max_history_in_flight=2)
    platform = Platform(config)
    await platform.start()
    try:
        yield await aiohttp_client(platform.app)
    finally:
        await platform.stop()


async def test_past_views_wait_their_turn_per_token_and_are_bounded_per_gateway(
    bounded: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, (ann, bob) = await open_table(bounded, "ra", 2)
    cy = await register(bounded, "cy")
    release = threading.Event()
    real = view_at.load_state

    def held(*args: Any, **kwargs: Any) -> Any:  # the store read waits until released
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(view_at, "load_state", held)
    limiter = bounded.app[LIMITER]
    base = f"/api/tables/{table_id}"

    async def until(condition: Any) -> None:
        async with asyncio.timeout(10):  # a bound instead of a hang if it never comes
            while not condition():
                await asyncio.sleep(0.01)

    def ask(who: Player, path: str) -> asyncio.Task[Any]:
        return asyncio.create_task(bounded.get(f"{base}/{path}", headers=who.auth))

    first = ask(ann, "view?at=2")
    await until(lambda: limiter.history_in_flight == 1)
    queued = [ask(ann, f"view?at={3 + i % 2}") for i in range(HISTORY_QUEUE)]
    second = ask(bob, "views?from=1&to=3")
    await until(lambda: limiter.history_in_flight == 2)  # ann's others wait their turn
    refused = await bounded.get(f"{base}/view?at=4", headers=cy.auth)
    assert (refused.status, (await refused.json())["code"]) == (429, "too_many_in_flight")
    assert (await bounded.get(f"{base}/events", headers=cy.auth)).status == 200  # not history
    release.set()
    answers = await asyncio.gather(first, second, *queued)
    assert {r.status for r in answers} == {200}
    assert limiter.history_in_flight == 0
    assert (await bounded.get(f"{base}/view?at=4", headers=cy.auth)).status == 200
