"""Reminders, the last warning and the deadline on a fake clock; vacations pause the clock."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from services.bots.player import move_command_id
from services.cli.platform import Platform, PlatformConfig
from services.notify.clock import FakeClock
from services.notify.settings import HOUR, Timing
from shared.audit.export import export_table
from shared.audit.verify import verify_record
from shared.bots.seats import STAND_IN
from shared.notify.preferences import load_or_open
from shared.notify.timing import TableTiming
from shared.tables.reader import all_events
from tests.notify.conftest import Inbox, notify_settings, plain_text, start_notify
from tests.notify.helpers import drained, events, kinds, players_with_emails, seat
from tests.platform import embedded_config, play_moves, view


@pytest.fixture
async def game_platform(tmp_path: Path) -> AsyncIterator[Platform]:
    """Table, relay, gateway and the bots role, which plays the turns handed to the strong
    bot (no notify: each test runs its own NotifyService)."""
    config: PlatformConfig = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    config.roles = frozenset({"table", "relay", "gateway", "bots"})
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


TIMING = Timing(first_reminder=2, repeat_every=2, last_warning=3, deadline=10, policy="bot")


async def test_idle_turn_gets_reminders_a_last_warning_then_a_bot_move(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url, timing=TIMING), clock)
    players = await players_with_emails(client, 2)
    table_id = await seat(client, "ra", players)
    await drained(service)
    assert kinds(inbox) == ["your_turn"]
    [(seat_no, (turn, _))] = service.tracker.acting(table_id).items()
    for hours, expected in [
        (1, []),
        (1.5, ["reminder1"]),  # 2.5 h idle
        (1, []),  # 3.5 h
        (1, ["reminder2"]),  # 4.5 h: every 2 h
        (2, ["reminder3"]),  # 6.5 h
        (0.6, ["last_warning"]),  # 7.1 h: 3 h before the 10 h deadline
        (2, []),  # 9.1 h: one warning only
    ]:
        before = len(inbox.sent_keys())
        clock.advance(hours * HOUR)
        await drained(service)
        assert kinds(inbox)[before:] == expected, hours
    warning = plain_text(inbox.messages[-1])
    assert "times out at" in warning
    clock.advance(1 * HOUR)  # 10.1 h: the deadline
    await drained(service)
    log = await events(client, table_id, players[0])
    timed_out = [e for e in log if e["name"] == "TurnTimedOut"]
    assert len(timed_out) == 1
    assert timed_out[0]["payload"]["seat"] == seat_no
    assert timed_out[0]["payload"]["policy"] == "bot"
    assert timed_out[0]["payload"]["turn"] == turn
    assert timed_out[0]["payload"]["stand_in"] == STAND_IN  # handed to the strong bot
    while log[-1]["name"] == "TurnTimedOut":  # the bots role plays it through the commands
        log = await events(client, table_id, players[0])
    handed_at = timed_out[0]["version"]
    after = log[log.index(timed_out[0]) + 1]
    assert after["name"] not in {"TurnTimedOut", "SeatForfeited"}  # the bot's move's events
    stored = await asyncio.to_thread(all_events, game_platform.store, table_id)
    moved = next(e for e in stored if e.version == handed_at + 1)
    assert moved.command_id == move_command_id(table_id, handed_at, seat_no)  # the bots role's
    assert moved.seat == seat_no and moved.move is not None  # an ordinary move of the seat
    await drained(service)
    acting = service.tracker.acting(table_id)  # play goes on with a new turn
    assert acting and all(began > turn for began, _ in acting.values())
    # To the end (the audit verifies it); the bot may still be finishing the turn it holds.
    await play_moves(client, table_id, players, seed=4, bots_move=True)
    report = verify_record(await asyncio.to_thread(export_table, game_platform.store, table_id))
    assert report.ok, report.problem


async def test_forfeit_replaces_the_player_by_a_bot_for_the_rest_of_the_game(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    timing = Timing(first_reminder=0, last_warning=0, deadline=1, policy="forfeit")
    service = await start_notify(game_platform, notify_settings(url, timing=timing), clock)
    players = await players_with_emails(client, 2)
    table_id = await seat(client, "ra", players)
    await drained(service)
    [seat_no] = service.tracker.acting(table_id)
    clock.advance(1.1 * HOUR)
    await drained(service)
    log = await events(client, table_id, players[0])
    names = [e["name"] for e in log]
    assert names.count("SeatForfeited") == 1
    forfeited = next(e for e in log if e["name"] == "SeatForfeited")
    assert forfeited["payload"]["seat"] == seat_no
    assert forfeited["payload"]["stand_in"] == STAND_IN  # the strong bot takes the seat
    model = game_platform.app  # the table's state records the forfeit
    assert model is not None
    state = service.tracker.tables[table_id].state
    assert state.forfeited == (seat_no,) and state.stand_in(seat_no) == STAND_IN
    # From now on the bots role plays that seat, with no deadline and no mail to it.
    mails_to_forfeited = [k for k in inbox.sent_keys() if k.split(":")[2] == str(seat_no)]
    deadline = asyncio.get_running_loop().time() + 60
    while set(service.tracker.acting(table_id)) != {1 - seat_no}:  # the bot plays it
        assert asyncio.get_running_loop().time() < deadline, "the bot never played the seat"
        await drained(service)
    assert [k for k in inbox.sent_keys() if k.split(":")[2] == str(seat_no)] == mails_to_forfeited


async def test_vacation_pauses_the_turn_clock(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url, timing=TIMING), clock)
    players = await players_with_emails(client, 2)
    table_id = await seat(client, "ra", players)
    await drained(service)
    [seat_no] = service.tracker.acting(table_id)
    away = players[seat_no]
    response = await client.post("/api/me/vacation", json={"days": 1}, headers=away.auth)
    assert response.status == 200, await response.text()
    clock.advance(20 * HOUR)  # on vacation: no reminder, no deadline
    await drained(service)
    assert kinds(inbox) == ["your_turn"]
    assert not [e for e in await events(client, table_id, away) if e["name"] == "TurnTimedOut"]
    # Back early: the clock runs again from the vacation's end.
    prefs = load_or_open(game_platform.store, away.player_id)
    prefs.set_vacation(prefs.vacation[0], time.time())
    game_platform.store.save(prefs)
    clock.advance(2.5 * HOUR)
    await drained(service)
    assert kinds(inbox) == ["your_turn", "reminder1"]


async def test_a_tables_creator_chooses_its_deadline_and_policy(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, _ = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url, timing=TIMING), clock)
    players = await players_with_emails(client, 2)
    response = await client.post(
        "/api/tables", json={"game": "ra", "seats": 2}, headers=players[0].auth
    )
    table_id = (await response.json())["table_id"]
    chosen = {"first_reminder": 0, "last_warning": 0, "deadline": 1, "policy": "forfeit"}
    response = await client.put(
        f"/api/tables/{table_id}/timing", json=chosen, headers=players[1].auth
    )
    assert response.status == 403
    response = await client.put(
        f"/api/tables/{table_id}/timing", json=chosen, headers=players[0].auth
    )
    assert response.status == 200, await response.text()
    shown = await client.get(f"/api/tables/{table_id}/timing", headers=players[0].auth)
    assert shown.status == 200 and (await shown.json())["deadline"] == 1
    await client.post(f"/api/tables/{table_id}/join", json={}, headers=players[1].auth)
    await client.post(f"/api/tables/{table_id}/start", json={}, headers=players[0].auth)
    await drained(service)
    clock.advance(1.1 * HOUR)  # past this table's deadline, far from the default's
    await drained(service)
    names = [e["name"] for e in await events(client, table_id, players[0])]
    assert "SeatForfeited" in names


async def test_an_old_stores_timing_record_is_enforced_for_a_table_whose_log_chose_none(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, _ = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url, timing=TIMING), clock)
    players = await players_with_emails(client, 2)
    response = await client.post(
        "/api/tables", json={"game": "ra", "seats": 2}, headers=players[0].auth
    )
    table_id = (await response.json())["table_id"]
    old = Timing(first_reminder=0, repeat_every=0, last_warning=0, deadline=1, policy="forfeit")
    # Written the old way: a TableTiming aggregate beside the table's log.
    game_platform.store.save(TableTiming(table_id=table_id, timing=msgspec.to_builtins(old)))
    await client.post(f"/api/tables/{table_id}/join", json={}, headers=players[1].auth)
    await client.post(f"/api/tables/{table_id}/start", json={}, headers=players[0].auth)
    await drained(service)
    assert await service.timers.timing(table_id) == old
    clock.advance(1.1 * HOUR)  # past the old record's deadline, far from the default's
    await drained(service)
    names = [e["name"] for e in await events(client, table_id, players[0])]
    assert "SeatForfeited" in names


async def test_a_forfeited_seat_is_played_to_the_end_by_the_strong_bot(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    """The policy `forfeit` hands the seat to the strong bot for good: the bots role plays
    its every turn from the stand-in's account, the person who forfeited may not, and the
    record verifies."""
    url, _ = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    timing = Timing(first_reminder=0, last_warning=0, deadline=1, policy="forfeit")
    service = await start_notify(game_platform, notify_settings(url, timing=timing), clock)
    players = await players_with_emails(client, 2)
    table_id = await seat(client, "tictactoe", players)
    await drained(service)
    [gone] = service.tracker.acting(table_id)
    clock.advance(1.1 * HOUR)
    await drained(service)
    rng, refused = random.Random(3), False
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        assert asyncio.get_running_loop().time() < deadline, "the game never ended"
        seen = await view(client, table_id, players[1 - gone])
        if seen["result"] is not None:
            break
        version = seen["table"]["version"]
        if not refused:  # the person who forfeited: not their seat any more
            body = {"move": {"cell": 0}, "expected_version": version}
            answer = await client.post(
                f"/api/tables/{table_id}/moves", json=body, headers=players[gone].auth
            )
            assert (answer.status, (await answer.json())["code"]) == (409, "forfeited")
            refused = True
        if seen["your_turn"]:
            body = {"move": rng.choice(seen["legal_moves"]), "expected_version": version}
            answer = await client.post(
                f"/api/tables/{table_id}/moves", json=body, headers=players[1 - gone].auth
            )
            assert answer.status == 200, await answer.text()
        else:  # the stand-in's turn: its move arrives through the log
            await view(client, table_id, players[1 - gone], at_least=version + 1)
    record = await asyncio.to_thread(export_table, game_platform.store, table_id)
    names = [e.name for e in record.events]
    assert names.count("SeatForfeited") == 1 and names.count("TurnTimedOut") == 1
    by_stand_in = [c for c in record.commands if c.kind == "move" and c.seat == gone]
    assert by_stand_in  # the strong bot's moves, the seat's own commands
    report = verify_record(record)
    assert report.ok, report.problem
