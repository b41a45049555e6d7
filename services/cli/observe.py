"""`--metrics-port` of the roles that serve no HTTP: /metrics, /healthz and /readyz."""

from __future__ import annotations

import argparse

from aiohttp import web

from shared.observability.http import serve_probes
from shared.observability.probes import Probes


def add_metrics_options(parser: argparse.ArgumentParser) -> None:
    """--metrics-port (SENET_METRICS_PORT; 0: off) and --metrics-host (SENET_HOST)."""
    parser.add_argument(
        "--metrics-port", type=int, default=0,
        help="serve /metrics, /healthz and /readyz on this port (0: off) [%(default)s]",
    )  # fmt: skip
    parser.add_argument(
        "--metrics-host", default="127.0.0.1",
        help="bind address of the metrics port [%(default)s]",
    )  # fmt: skip


async def start_probes(args: argparse.Namespace, probes: Probes) -> web.AppRunner | None:
    """Serve the probes if a metrics port was asked for; the runner to clean up, or None."""
    port = getattr(args, "metrics_port", 0)
    if not port:
        return None
    return await serve_probes(probes, args.metrics_host, port)
