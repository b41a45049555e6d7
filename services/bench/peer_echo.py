"""The echo server `senet bench peers` calibrates its driver against: HTTP POST /echo answers
the body it got, and socket.io namespace /echo answers each `ping` with a `pong`; nothing
else, so the driver's own ceiling shows. Run as `python -m services.bench.peer_echo PORT`."""

from __future__ import annotations

import sys
from typing import Any

from aiohttp import web


def app() -> web.Application:
    """The echo application (HTTP and socket.io on one port)."""
    import socketio  # python-socketio: the `bench` extra

    sio = socketio.AsyncServer(async_mode="aiohttp", cors_allowed_origins="*")
    application = web.Application()
    sio.attach(application)

    async def pong(sid: str, data: Any) -> None:
        await sio.emit("pong", data, to=sid, namespace="/echo")

    sio.on("ping", pong, namespace="/echo")

    async def echo(request: web.Request) -> web.Response:
        return web.Response(body=await request.read(), content_type="application/json")

    application.router.add_post("/echo", echo)
    return application


if __name__ == "__main__":
    web.run_app(app(), host="127.0.0.1", port=int(sys.argv[1]), print=None)
