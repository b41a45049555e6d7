"""A table's timing is a fact of its log: `GET /timing` answers from the table's state with
the `/view` access rule, and an old store's `TableTiming` record still counts for a table
whose log chose no timing, until the table chooses one."""

from __future__ import annotations

import uuid

import msgspec
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.notify.timing import TableTiming
from shared.tables.timing import Timing
from tests.platform import register


async def _table(client: TestClient, **options: str) -> tuple[str, dict[str, str]]:
    host = await register(client, f"h-{uuid.uuid4().hex[:6]}")
    body = {"game": "ra", "seats": 2, **options}
    response = await client.post("/api/tables", json=body, headers=host.auth)
    assert response.status == 201, await response.text()
    return (await response.json())["table_id"], host.auth


async def test_a_stranger_gets_the_same_refusal_on_a_private_tables_timing_as_on_its_view(
    client: TestClient,
) -> None:
    table_id, host = await _table(client, visibility="private")
    stranger = await register(client, f"s-{uuid.uuid4().hex[:6]}")
    for headers, status, code in (({}, 401, "missing_token"),
                                  (stranger.auth, 403, "private_table")):  # fmt: skip
        for path in ("view", "timing"):
            response = await client.get(f"/api/tables/{table_id}/{path}", headers=headers)
            body = await response.json()
            assert (response.status, body["code"]) == (status, code), (path, body)
    response = await client.get(f"/api/tables/{table_id}/timing", headers=host)
    assert response.status == 200, await response.text()
    made = await client.post(f"/api/tables/{table_id}/invitation", headers=host)
    code = (await made.json())["code"]  # the link lets its holder look before joining
    path = f"/api/tables/{table_id}/timing?invite={code}"
    assert (await client.get(path, headers=stranger.auth)).status == 200


async def test_an_old_stores_timing_record_counts_until_the_tables_log_chooses_one(
    platform: Platform, client: TestClient
) -> None:
    table_id, host = await _table(client)
    defaults = msgspec.to_builtins(platform.config.notify.timing)
    path = f"/api/tables/{table_id}/timing"
    assert await (await client.get(path, headers=host)).json() == defaults
    old = Timing(first_reminder=3, repeat_every=3, last_warning=2, deadline=9, policy="forfeit")
    # Written the old way, beside the table's log (before the timing was a table fact).
    other, other_host = await _table(client)
    for table in (table_id, other):
        platform.store.save(TableTiming(table_id=table, timing=msgspec.to_builtins(old)))
    assert await (await client.get(f"/api/tables/{other}/timing", headers=other_host)).json() == (
        msgspec.to_builtins(old)
    )
    chosen = {**defaults, "deadline": 5.0, "last_warning": 1.0}
    response = await client.put(path, json=chosen, headers=host)
    assert response.status == 200, await response.text()
    assert await (await client.get(path, headers=host)).json() == chosen  # the log wins
