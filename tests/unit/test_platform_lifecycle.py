"""The platform's lifecycle on the embedded default: one exit stack, undone in reverse."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from services.cli.platform import Platform, PlatformConfig


async def test_an_unknown_role_is_refused_before_anything_starts() -> None:
    platform = Platform(PlatformConfig(store="memory", roles=frozenset({"table", "tabel"})))
    with pytest.raises(ValueError, match="tabel"):
        await platform.start()
    assert not platform.broker.is_connected() and platform.workers == []


async def test_roles_stop_in_reverse_start_order_and_a_failed_start_undoes_the_rest() -> None:
    events: list[str] = []
    platform = Platform(
        PlatformConfig(store="memory", roles=frozenset({"relay", "table", "gateway", "scoring"}))
    )

    def recorded(name: str, fail: bool = False):  # type: ignore[no-untyped-def]
        @asynccontextmanager
        async def role() -> AsyncIterator[None]:
            events.append(f"start {name}")
            if fail:
                raise RuntimeError(f"{name} could not start")
            try:
                yield
            finally:
                events.append(f"stop {name}")

        return role

    started = platform.roles["relay"]

    @asynccontextmanager
    async def real_relay() -> AsyncIterator[None]:
        async with started():
            events.append("start relay")
            try:
                yield
            finally:
                events.append("stop relay")

    platform.roles.update(
        relay=real_relay, table=recorded("table"), gateway=recorded("gateway"),
        scoring=recorded("scoring", fail=True),
    )  # fmt: skip
    with pytest.raises(RuntimeError, match="scoring could not start"):
        await platform.start()
    assert events == [
        "start relay", "start table", "start gateway", "start scoring",
        "stop gateway", "stop table", "stop relay",
    ]  # fmt: skip
    assert platform.tasks == [] and not platform.started
    assert not platform.broker.is_connected()
    assert all(task.get_name() != "relay" for task in asyncio.all_tasks() if not task.done())


async def test_stop_is_idempotent_and_a_running_platform_is_not_started_twice() -> None:
    platform = Platform(PlatformConfig(store="memory", sample_interval=0.0))
    async with platform:
        names = {task.get_name() for task in platform.tasks}
        assert platform.started and names == {
            "relay", "metrics-sampler", "open-table-sweep", "tournament-manager",
        }  # fmt: skip
        with pytest.raises(RuntimeError, match="running already"):
            await platform.start()
    assert not platform.started and platform.tasks == []
    await platform.stop()
