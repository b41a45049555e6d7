"""Rematch on RabbitMQ + PostgreSQL: the new table lands on its own shard, opened by the
agreement stored at the old one, and both records verify."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.table.replay import verify_table
from tests.e2e.rematchkit import finished_game, rematch
from tests.platform import view

pytestmark = pytest.mark.integration


async def test_a_rematch_opens_on_real_servers_and_verifies(
    real_client: TestClient, real_platform: Platform
) -> None:
    old_id, (ann, bob) = await finished_game(real_client)
    await rematch(real_client, old_id, bob)
    status, state = await rematch(real_client, old_id, ann)
    new_id = state["rematch_table"]
    assert status == 200 and new_id
    seen = await view(real_client, new_id, ann)
    assert seen["table"]["status"] == "playing" and seen["seat"] == 1
    assert verify_table(real_platform.store, new_id).ok  # unfinished: re-decided with its seed
    assert verify_table(real_platform.store, old_id).ok
