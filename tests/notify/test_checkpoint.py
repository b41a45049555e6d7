"""Notify resumes from its checkpoint: its start reads only what came after, and mails stay
exactly once (a lost checkpoint costs one full fold, nothing else)."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from services.cli.platform import Platform
from services.notify import checkpoint
from tests.notify.conftest import Inbox, notify_settings, start_notify
from tests.notify.helpers import drained, players_with_emails, seat
from tests.notify.oracle import expected_notices
from tests.platform import play_moves


async def test_a_restart_reads_only_the_events_after_the_checkpoint(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    settings = notify_settings(url)
    players = await players_with_emails(client, 2)
    finished, running = await seat(client, "ra", players), await seat(client, "ra", players)
    first = await start_notify(game_platform, settings)
    await play_moves(client, finished, players, seed=3)
    await play_moves(client, running, players, seed=5, limit=15)
    await drained(first)
    acting = first.tracker.acting(running)
    assert set(first.tracker.tables) == {running} and acting
    await first.stop()  # a clean stop writes the checkpoint
    saved = await asyncio.to_thread(first.checkpoints.load)
    assert saved is not None and [t.table_id for t in saved.tables] == [running]

    second = await start_notify(game_platform, settings)
    last = await asyncio.to_thread(game_platform.store.last_position)
    assert last > 150  # a whole game and a half (their lengths vary with the secret seed)
    assert second.folded == last - saved.position  # not the whole log
    assert second.folded < 20  # only what the first one wrote after its last round
    assert set(second.tracker.tables) == {running}
    assert second.tracker.acting(running) == acting
    await play_moves(client, running, players, seed=6)
    await drained(second)
    assert second.tracker.tables == {}

    expected = await asyncio.to_thread(expected_notices, game_platform.store)
    counts = Counter(inbox.sent_keys())
    assert all(n == 1 for n in counts.values()), counts.most_common(3)
    assert set(counts) == {f"{t}:{turn}:{s}:{kind}:email" for t, turn, s, kind in expected}
    await second.stop()


async def test_without_its_checkpoint_notify_folds_the_whole_log_and_sends_nothing_twice(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    settings = notify_settings(url)
    players = await players_with_emails(client, 2)
    running = await seat(client, "ra", players)
    first = await start_notify(game_platform, settings)
    await play_moves(client, running, players, seed=8, limit=10)
    await drained(first)
    sent = sorted(inbox.sent_keys())
    await first.stop()
    await asyncio.to_thread(first.checkpoints.clear)

    again = await start_notify(game_platform, settings)
    await drained(again)
    assert again.folded == await asyncio.to_thread(game_platform.store.last_position)
    assert set(again.tracker.tables) == {running}
    assert sorted(inbox.sent_keys()) == sent  # decided before: nothing is sent again
    await again.stop()


def test_a_checkpoint_is_taken_between_commands_only() -> None:
    from services.notify.turns import TurnTracker

    tracker = TurnTracker("https://senet.test")
    tracker.open = "a-table"
    try:
        checkpoint.capture(5, tracker, set(), {})
    except AssertionError:
        return
    raise AssertionError("a checkpoint inside a command was taken")
