"""A write that loses a race on one aggregate: retried while it loses, then 409, never 500."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp import web
from eventsourcing.persistence import IntegrityError

from services.gateway.http.errors import errors_middleware
from shared.contracts.errors import Conflict
from shared.store import retries


def test_a_lost_race_is_tried_again_until_it_wins() -> None:
    lost = iter([True, True, False])

    def change() -> str:
        if next(lost):
            raise IntegrityError("UNIQUE constraint failed")
        return "saved"

    assert retries.retried(change, "it") == "saved"


def test_a_write_that_always_loses_answers_409() -> None:
    calls = []

    def change() -> None:
        calls.append(1)
        raise IntegrityError("UNIQUE constraint failed")

    with pytest.raises(Conflict) as raised:
        retries.retried(change, "your preferences")
    assert (raised.value.status, raised.value.code) == (409, "write_conflict")
    assert len(calls) == retries.ATTEMPTS


async def test_a_lost_race_nobody_retried_answers_409_not_500(aiohttp_client: Any) -> None:
    async def racing(request: web.Request) -> web.Response:
        raise IntegrityError("UNIQUE constraint failed: stored_events.originator_id")

    app = web.Application(middlewares=[errors_middleware])
    app.router.add_post("/w", racing)
    client = await aiohttp_client(app)
    response = await client.post("/w")
    assert response.status == 409
    assert (await response.json())["code"] == "write_conflict"
