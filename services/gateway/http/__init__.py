"""HTTP plumbing: request bodies and query numbers, errors, guards, limits, metrics and
logs of requests, store calls. `Handler` is the type of every route handler."""

from collections.abc import Awaitable, Callable

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
