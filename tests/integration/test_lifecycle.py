"""Each role starts and stops on the real RabbitMQ, again and again, within a short time.

The metrics sampler samples without pause here, so a stop nearly always lands in the
middle of a sample (a channel open, passive declares, a channel close): the moment where
aio-pika once swallowed the cancellation and `stop()` waited for good.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from services.cli.platform import Platform, PlatformConfig
from services.scoring.service import ScoringService

pytestmark = pytest.mark.integration

CYCLES = 3
STOP_SECONDS = 15.0  # a clean stop takes well under a second; a hang is caught here
PLATFORM_TASKS = (
    "relay", "metrics-sampler", "shard-assigner", "shard ", "consume ", "notify",
    "open-table-sweep", "tournament-manager",
)  # fmt: skip


def _platform_tasks() -> set[str]:
    """Names of the platform's own background tasks still running."""
    current = asyncio.current_task()
    return {
        task.get_name()
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(PLATFORM_TASKS)
    }


@pytest.mark.timeout(120)
@pytest.mark.parametrize("role", ["relay", "table", "gateway", "scoring", "notify", "tournaments"])
async def test_each_role_starts_and_stops_repeatedly(
    role: str, amqp_url: str, unique_name: str, tmp_path: Path
) -> None:
    config = PlatformConfig(
        store=f"sqlite:///{tmp_path}/senet.db", broker=amqp_url, prefix=unique_name, shards=2,
        roles=frozenset({role}), sample_interval=0.0,
    )  # fmt: skip
    for _ in range(CYCLES):
        platform = Platform(config)
        try:
            async with asyncio.timeout(STOP_SECONDS):
                await platform.start()
                assert platform.started and platform.broker.is_connected()
                await asyncio.sleep(0.05)  # let the loops get going
                await platform.stop()
            assert not platform.started and not platform.broker.is_connected()
            assert platform.tasks == []
            assert _platform_tasks() == set()
        finally:
            await platform.broker.cleanup()


@pytest.mark.timeout(60)
async def test_a_role_that_fails_to_start_stops_the_ones_started_before_it(
    amqp_url: str, unique_name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken_start(self: ScoringService) -> None:
        raise RuntimeError("scoring could not start")

    monkeypatch.setattr(ScoringService, "start", broken_start)
    config = PlatformConfig(
        store=f"sqlite:///{tmp_path}/senet.db", broker=amqp_url, prefix=unique_name, shards=2,
        roles=frozenset({"relay", "table", "gateway", "scoring"}),
    )  # fmt: skip
    platform = Platform(config)
    try:
        with pytest.raises(RuntimeError, match="scoring could not start"):
            async with asyncio.timeout(STOP_SECONDS):
                await platform.start()
        # The relay and the table worker had started; they are stopped again.
        assert platform.relay is not None and platform.assigners
        assert not platform.started and not platform.broker.is_connected()
        assert platform.tasks == []
        assert _platform_tasks() == set()
        # The platform can be stopped after a failed start (a no-op).
        await platform.stop()
    finally:
        await platform.broker.cleanup()
