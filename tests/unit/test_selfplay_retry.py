"""The selfplay bots' client repeats a request unchanged through 503s and lost connections."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest
from aiohttp import web

from services.cli.selfplay import Api, ApiError

Answer = web.StreamResponse


async def _serve(aiohttp_server: Any, answers: list[str]) -> tuple[str, list[Any]]:
    """A server that answers POST /move with the scripted kinds, in order; returns the bodies."""
    bodies: list[Any] = []

    async def move(request: web.Request) -> Answer:
        bodies.append(await request.json())
        kind = answers[len(bodies) - 1]
        if kind == "drop":
            assert request.transport is not None
            request.transport.close()  # the client sees the connection go away
            return web.Response()
        if kind == "503":
            body = {"code": "broker_timeout", "message": "no reply"}
            return web.json_response(body, status=503, headers={"Retry-After": "0"})
        if kind == "500":
            return web.json_response({"code": "internal_error", "message": "bug"}, status=500)
        return web.json_response({"accepted": True, "version": 7})

    app = web.Application()
    app.router.add_post("/move", move)
    server = await aiohttp_server(app)
    return str(server.make_url("")), bodies


async def test_a_503_is_repeated_with_the_same_command_id_after_retry_after(
    aiohttp_server: Any,
) -> None:
    base, bodies = await _serve(aiohttp_server, ["503", "503", "ok"])
    async with aiohttp.ClientSession() as session:
        api = Api(session, base)
        answer = await api.call("POST", "/move", body={"command_id": "c1", "move": {}})
    assert answer["version"] == 7
    assert bodies == [{"command_id": "c1", "move": {}}] * 3
    assert api.seen.repeats == {"503 broker_timeout": 2}
    assert api.seen.without_retry_after == 0


async def test_a_lost_connection_is_repeated_but_a_500_is_not(aiohttp_server: Any) -> None:
    base, bodies = await _serve(aiohttp_server, ["drop", "500"])
    async with aiohttp.ClientSession() as session:
        api = Api(session, base)
        with pytest.raises(ApiError) as error:
            await api.call("POST", "/move", body={"command_id": "c2"})
    assert error.value.status == 500
    assert bodies == [{"command_id": "c2"}] * 2
    assert sum(api.seen.repeats.values()) == 1
