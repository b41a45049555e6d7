"""The probes of the roles that serve no HTTP (`--metrics-port`): /metrics, /healthz, /readyz."""

from __future__ import annotations

import argparse

from aiohttp import web

from shared.observability.http import serve_probes
from shared.observability.probes import Probes


async def start_probes(args: argparse.Namespace, probes: Probes) -> web.AppRunner | None:
    """Serve the probes if a metrics port was asked for; the runner to clean up, or None."""
    port = getattr(args, "metrics_port", 0)
    if not port:
        return None
    return await serve_probes(probes, args.metrics_host, port)
