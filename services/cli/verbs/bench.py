"""`senet bench [KIND]`: the benchmarks (services/bench/); without a kind, the engine, raw
floor and end-to-end figures."""

from __future__ import annotations

import argparse
from typing import Annotated, Any, ClassVar

import msgspec

from services.bench import audit, bots, load, peers, scale
from services.cli.options import add_settings
from shared.settings import setting

VERB = "bench"


class BenchSettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet bench` (also the servers of its kinds)."""

    variable_prefix: ClassVar[str] = "SENET_BENCH_"
    quick: Annotated[bool, setting("small run (for tests)")] = False
    postgres: Annotated[str, setting("PostgreSQL for the server figures", metavar="URL")] = (
        "postgresql://postgres@127.0.0.1:5432/test"
    )
    amqp: Annotated[str, setting("RabbitMQ for the server figures", metavar="URL")] = (
        "amqp://guest:guest@127.0.0.1:5672/"
    )
    skip_servers: Annotated[bool, setting("embedded figures only")] = False


def register(verbs: Any) -> None:
    """Register the verb and its kinds (each kind module: `register(kinds)`, setting the
    `bench_run` of its arguments)."""
    bench = verbs.add_parser(VERB, help="measure engine, raw floor and end-to-end figures")
    add_settings(bench, BenchSettings)
    kinds = bench.add_subparsers(dest="bench_kind", metavar="KIND")
    for kind in (load, audit, scale, peers, bots):
        kind.register(kinds)


async def run(args: argparse.Namespace) -> int:
    """The chosen kind's run; the JSON report on stdout."""
    if getattr(args, "bench_run", None) is not None:
        return int(await args.bench_run(args))
    from services.bench.floor import run_bench

    return await run_bench(args)
