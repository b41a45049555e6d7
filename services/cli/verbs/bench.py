"""`senet bench [KIND]`: the benchmarks (services/bench/); without a kind, the engine, raw
floor and end-to-end figures."""

from __future__ import annotations

import argparse
from typing import Any

from services.bench import audit, bots, load, peers, scale

VERB = "bench"


def register(verbs: Any) -> None:
    """Register the verb and its kinds (each kind module: `register(kinds)`, setting the
    `bench_run` of its arguments)."""
    bench = verbs.add_parser(VERB, help="measure engine, raw floor and end-to-end figures")
    bench.add_argument("--quick", action="store_true", help="small run (for tests)")
    bench.add_argument(
        "--postgres", default="postgresql://postgres@127.0.0.1:5432/test",
        help="PostgreSQL for the server figures [%(default)s]",
    )  # fmt: skip
    bench.add_argument(
        "--amqp", default="amqp://guest:guest@127.0.0.1:5672/",
        help="RabbitMQ for the server figures [%(default)s]",
    )  # fmt: skip
    bench.add_argument("--skip-servers", action="store_true", help="embedded figures only")
    kinds = bench.add_subparsers(dest="bench_kind", metavar="KIND")
    for kind in (load, audit, scale, peers, bots):
        kind.register(kinds)


async def run(args: argparse.Namespace) -> int:
    """The chosen kind's run; the JSON report on stdout."""
    if getattr(args, "bench_run", None) is not None:
        return int(await args.bench_run(args))
    from services.bench.floor import run_bench

    return await run_bench(args)
