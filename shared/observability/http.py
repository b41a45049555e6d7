"""/metrics, /healthz and /readyz: handlers for the gateway and a tiny app for other roles."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import msgspec
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector

from shared.contracts.envelopes import ErrorBody
from shared.observability.probes import Probes, failures

PROBES = web.AppKey("probes", Probes)


class _Chained(Collector):
    """Several registries exposed as one."""

    def __init__(self, registries: Iterable[Collector]) -> None:
        self.registries = list(registries)

    def collect(self) -> Iterator[Metric]:
        """Every metric of every registry."""
        for registry in self.registries:
            yield from registry.collect()


async def metrics(request: web.Request) -> web.Response:
    """Prometheus text exposition of the process's metrics."""
    body = generate_latest(_Chained(request.app[PROBES].registries))
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


async def healthz(request: web.Request) -> web.Response:
    """Alive: the event loop answered, and no background task that must run has ended."""
    problems = await failures(request.app[PROBES].live)
    if problems:
        return _failed("unhealthy", problems)
    return web.json_response({"status": "ok"})


async def readyz(request: web.Request) -> web.Response:
    """Ready for traffic: broker connected, store reachable, the role's own checks pass."""
    problems = await failures(request.app[PROBES].ready)
    if problems:
        return _failed("not_ready", problems)
    return web.json_response({"status": "ready"})


def _failed(code: str, problems: dict[str, str]) -> web.Response:
    """503 as every error of the API: `{code, message, status, details}` (details: reasons)."""
    message = "; ".join(f"{name}: {why}" for name, why in problems.items())
    body = ErrorBody(code=code, message=message, status=503, details=problems)
    return web.Response(status=503, body=msgspec.json.encode(body), content_type="application/json")


def probes_app(probes: Probes) -> web.Application:
    """The three endpoints alone, for roles that serve no other HTTP."""
    app = web.Application()
    app[PROBES] = probes
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    return app


async def serve_probes(probes: Probes, host: str, port: int) -> web.AppRunner:
    """Serve `probes_app` on host:port in this event loop; returns the runner to clean up."""
    runner = web.AppRunner(probes_app(probes), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner
