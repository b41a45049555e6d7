"""The gateway's services each start with the app and stop with it (one cleanup context
per service)."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import CHAT, READMODELS, REVOCATIONS, SIGN_INS, TABLE_CACHE


async def test_each_gateway_service_stops_with_the_app(
    client: TestClient, platform: Platform
) -> None:
    app = platform.app
    assert app is not None
    desk = app[SIGN_INS]
    assert app[TABLE_CACHE].ready and app[CHAT].running and app[REVOCATIONS].running
    assert desk.task is not None and not desk.task.done()
    users = app[READMODELS].users
    assert users >= 1

    await client.close()  # the app's shutdown and cleanup

    assert app[TABLE_CACHE].stopped and not app[TABLE_CACHE].ready
    assert not app[CHAT].running and not app[REVOCATIONS].running
    assert desk.task.done()
    assert app[READMODELS].users == users - 1
