"""`senet bench load` in the deployed layout: gateway, table worker and relay as separate
processes on RabbitMQ + PostgreSQL, each with its CPU time per move."""

from __future__ import annotations

import asyncio
import json

import aio_pika
import pytest

from services.cli.main import main

pytestmark = pytest.mark.pg_processes  # platform processes on PostgreSQL (tests/conftest.py)


def test_a_tiny_deployed_load_run_reports_each_process(
    amqp_url: str, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = postgres_url.split("?")[0]  # the bench makes (and drops) a schema per run
    args = ["--log-level", "WARNING", "bench", "load", "--tables", "3", "--duration", "2",
            "--floor-seconds", "0.5", "--store", base, "--broker", amqp_url]  # fmt: skip
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)  # the processes' own output stays off it
    (run,) = report["runs"]
    assert run["moves"] > 0 and run["errors"] == 0
    assert run["views_fetched"] < run["moves"]  # views come from the sockets' pushes
    cpu = run["cpu_ms_per_move"]
    assert set(cpu) == {"gateway", "table_workers", "relay", "rabbitmq", "postgresql", "bots",
                        "total"}  # fmt: skip
    assert all(cpu[part] > 0 for part in ("gateway", "table_workers", "relay", "bots"))
    # A move: its command and reply, and at most one relay batch delivered to the gateway
    # (one per commit, not one per event; no commit signal beside PostgreSQL's NOTIFY). Three
    # tables commit their moves one by one, so a run measures close to 3.0; the slack is for
    # the few messages of a run that are no move's (a busy machine makes fewer moves), while
    # a batch per event or a commit signal per commit would each add a whole message a move.
    messages = run["broker_messages_per_move"]
    assert 2.0 <= messages["delivered"] <= 3.25, messages
    assert 2.0 <= messages["published"] <= 3.25, messages
    assert run["store_transactions_per_move"] > 0
    declared = asyncio.run(_declared(amqp_url, f"{run['prefix']}.commands.0"))
    assert declared is False  # the run deleted the shard queues its workers declared


async def _declared(url: str, queue: str) -> bool:
    connection = await aio_pika.connect(url)
    try:
        channel = await connection.channel()
        try:
            await channel.declare_queue(queue, passive=True)
        except aio_pika.exceptions.ChannelClosed:
            return False
        return True
    finally:
        await connection.close()
