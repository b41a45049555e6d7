"""What one player must not be able to do to notifications: stop them for everyone (absurd
timing), aim the server at internal addresses (SSRF), or delay other players' mail."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlparse

import msgspec
import pytest
from aiohttp import web

from services.cli.platform import Platform
from services.cli.verbs.keys import vapid_pair
from services.gateway.settings.notifications import setup_notify
from services.notify.clock import FakeClock
from services.notify.service import NotifyService
from services.notify.settings import HOUR
from shared.notify.endpoints import EndpointPolicy, EndpointRefused
from shared.notify.preferences import load_or_open
from shared.notify.timing import TableTiming
from shared.tables.timing import Timing, timing_problem
from tests.helpers import until_true
from tests.notify.conftest import Inbox, notify_settings, plain_text, start_notify
from tests.notify.helpers import (
    drained,
    email_of,
    events,
    kinds,
    play_until_back,
    players_with_emails,
    seat,
)
from tests.notify.pushservice import Browser, PushService
from tests.platform import play_moves, register

ABSURD = [
    {"deadline": 1e8, "last_warning": 1e8},
    {"repeat_every": 1e-320},
    {"first_reminder": 0.01},
    {"deadline": 0.5},
    {"deadline": 24 * 61},
    {"deadline": 10, "last_warning": 10},
    {"policy": "explode"},
]


@pytest.mark.parametrize("body", [*ABSURD, {"deadline": 0}])
async def test_timing_outside_the_bounds_is_refused_with_422(
    game_platform: Platform, aiohttp_client: Any, body: dict[str, Any]
) -> None:
    client = await aiohttp_client(game_platform.app)
    creator = await register(client, "timer")
    response = await client.post(
        "/api/tables", json={"game": "ra", "seats": 2}, headers=creator.auth
    )
    table_id = (await response.json())["table_id"]
    response = await client.put(f"/api/tables/{table_id}/timing", json=body, headers=creator.auth)
    assert response.status == 422, await response.text()
    endless = body == {"deadline": 0}  # the default reminders, repeated, with no end
    assert (await response.json())["code"] == ("endless_reminders" if endless else "bad_timing")
    names = [e["name"] for e in await events(client, table_id, creator)]
    assert "TimingChosen" not in names  # nothing changed
    ok = {"first_reminder": 1, "repeat_every": 1, "last_warning": 1, "deadline": 1440}
    response = await client.put(f"/api/tables/{table_id}/timing", json=ok, headers=creator.auth)
    assert response.status == 200, await response.text()


async def test_a_bad_timing_record_already_in_the_store_stops_nobody_elses_deadline(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    timing = Timing(first_reminder=2, repeat_every=2, last_warning=1, deadline=3)
    service = await start_notify(game_platform, notify_settings(url, timing=timing), clock)
    players = await players_with_emails(client, 2)
    poisoned = await seat(client, "ra", players)
    # Written before the bounds existed (the route refuses it now): it must not matter.
    bad = Timing(deadline=1e8, last_warning=1e8, repeat_every=1e-320)
    assert timing_problem(bad) is not None
    game_platform.store.save(TableTiming(table_id=poisoned, timing=msgspec.to_builtins(bad)))
    healthy = await seat(client, "ra", players)
    await drained(service)
    clock.advance(2.1 * HOUR)
    await drained(service)
    assert kinds(inbox).count("last_warning") == 2  # the bad record counts as "no choice"
    clock.advance(1 * HOUR)
    await drained(service)
    for table_id in (poisoned, healthy):
        names = [e["name"] for e in await events(client, table_id, players[0])]
        assert "TurnTimedOut" in names, table_id


def test_the_timing_bounds_accept_the_defaults_and_none() -> None:
    assert timing_problem(Timing()) is None
    assert (
        timing_problem(Timing(first_reminder=0, repeat_every=0, last_warning=0, deadline=0)) is None
    )
    assert timing_problem(Timing(deadline=float("nan"))) is not None
    assert timing_problem(Timing(deadline=float("inf"))) is not None
    assert timing_problem(Timing(deadline=0)) is not None  # reminders every 24 h, forever
    assert timing_problem(Timing(repeat_every=0, last_warning=0, deadline=0)) is None  # one


async def test_a_push_endpoint_on_loopback_is_refused_and_nothing_is_sent_there(
    game_platform: Platform, aiohttp_client: Any, aiohttp_server: Any
) -> None:
    private, public = vapid_pair()
    pushes = PushService(vapid_public_key=public)
    hits: list[str] = []

    async def count(request: web.Request) -> web.StreamResponse:
        hits.append(request.path)
        return await pushes.handle(request)

    app = web.Application()
    app.router.add_post("/push/{name}", count)
    server = await aiohttp_server(app)
    assert game_platform.app is not None
    setup_notify(game_platform.app, public)  # the production policy
    client = await aiohttp_client(game_platform.app)
    players = [await register(client, f"ssrf{i}") for i in range(2)]
    for endpoint in [
        str(server.make_url("/push/b0")),  # http://127.0.0.1:port
        str(server.make_url("/push/b0")).replace("http://", "https://"),
        "https://localhost/push",
        "https://169.254.169.254/latest/meta-data",
        "https://10.0.0.1/x",
        "https://[::1]/x",
        "https://[::ffff:127.0.0.1]/x",
        "ftp://push.example.com/x",
    ]:
        browser = Browser(endpoint=endpoint)
        response = await client.post(
            "/api/me/push-subscriptions", json=browser.subscription(), headers=players[0].auth
        )
        assert response.status == 400, endpoint
        assert (await response.json())["code"] == "bad_push_endpoint"
    # A loopback subscription stored earlier (before this check existed) is refused at send.
    for index, player in enumerate(players):
        browser = Browser(endpoint=str(server.make_url(f"/push/b{index}")))
        pushes.browsers[f"b{index}"] = browser
        prefs = load_or_open(game_platform.store, player.player_id)
        prefs.add_push(browser.subscription())
        game_platform.store.save(prefs)
    settings = notify_settings(
        "", vapid_private_key=private, vapid_public_key=public, push_allow_private_for_tests=False
    )
    service = await start_notify(game_platform, settings)
    await seat(client, "ra", players)
    await drained(service)
    assert hits == []
    assert pushes.received == []


async def test_push_subscriptions_are_capped_per_player(
    game_platform: Platform, aiohttp_client: Any
) -> None:
    assert game_platform.app is not None
    setup_notify(game_platform.app, "", EndpointPolicy(allow_private=True))  # test-only
    client = await aiohttp_client(game_platform.app)
    player = await register(client, "collector")
    for index in range(10):
        browser = Browser(endpoint=f"http://127.0.0.1:9/push/{index}")
        response = await client.post(
            "/api/me/push-subscriptions", json=browser.subscription(), headers=player.auth
        )
        assert response.status == 201, await response.text()
    browser = Browser(endpoint="http://127.0.0.1:9/push/10")
    response = await client.post(
        "/api/me/push-subscriptions", json=browser.subscription(), headers=player.auth
    )
    assert response.status == 409
    assert (await response.json())["code"] == "too_many_subscriptions"


async def test_the_push_host_allow_list_refuses_other_hosts() -> None:
    policy = EndpointPolicy(hosts=(".push.example.net", "fcm.googleapis.com"))
    assert policy.check_url("https://a.push.example.net/x") == "a.push.example.net"
    assert policy.check_url("https://fcm.googleapis.com/fcm/send/x") == "fcm.googleapis.com"
    for endpoint in ["https://evil.example/x", "https://fcm.googleapis.com.evil/x"]:
        with pytest.raises(EndpointRefused):
            policy.check_url(endpoint)
    with pytest.raises(EndpointRefused):
        EndpointPolicy().check_url("https://user:pw@push.example.net/x")
    with pytest.raises(EndpointRefused):
        EndpointPolicy().check_url("https://push.example.net:8443/x")


async def test_a_never_answering_push_endpoint_does_not_delay_another_players_mail(
    game_platform: Platform,
    aiohttp_client: Any,
    aiohttp_server: Any,
    smtp_server: tuple[str, Inbox],
) -> None:
    url, inbox = smtp_server
    private, public = vapid_pair()
    entered = asyncio.Event()
    release = asyncio.Event()

    async def hang(request: web.Request) -> web.Response:
        entered.set()
        await release.wait()  # answers only once the test saw the other player's mail
        return web.Response(status=201)

    app = web.Application()
    app.router.add_post("/push/{name}", hang)
    server = await aiohttp_server(app)
    assert game_platform.app is not None
    setup_notify(game_platform.app, public, EndpointPolicy(allow_private=True))  # test-only
    client = await aiohttp_client(game_platform.app)
    [mailed] = await players_with_emails(client, 1)
    slow = await register(client, "slowpush")
    browser = Browser(endpoint=str(server.make_url("/push/slow")))
    response = await client.post(
        "/api/me/push-subscriptions", json=browser.subscription(), headers=slow.auth
    )
    assert response.status == 201
    settings = notify_settings(
        url, vapid_private_key=private, vapid_public_key=public, send_timeout=120.0,
        push_timeout=120.0,
    )  # fmt: skip
    service = await start_notify(game_platform, settings)
    facts = {"game": "Ra", "link": "https://senet.test/t", "name": "x", "opponents": [],
             "prompt": "roll"}  # fmt: skip
    # The slow player's notice sorts first (its table id), as the one that blocked before.
    for table_id, who in [("aaaa", slow), ("zzzz", mailed)]:
        await service.outbox.create(
            table_id=table_id, turn=1, seat=0, kind="your_turn", player_id=who.player_id,
            facts=facts | {"table_id": table_id},
        )  # fmt: skip
    delivering = asyncio.create_task(service.outbox.deliver_due())
    try:
        # The mail needs no push to finish; the push is sent and left hanging meanwhile.
        await until_true(lambda: bool(inbox.messages) and entered.is_set(), "mail and push")
        assert [m["X-Senet-Key"] for m in inbox.messages] == ["zzzz:1:0:your_turn:email"]
        assert not delivering.done()  # the push is still hanging
    finally:
        release.set()
    assert await delivering == 2


async def test_mail_carries_an_unfolded_list_unsubscribe_and_get_only_asks(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    players = await players_with_emails(client, 2)
    await seat(client, "ra", players)
    await drained(service)
    [raw] = inbox.raw
    assert b"\r\nList-Unsubscribe: <https://senet.test/api/unsubscribe/" in raw  # RFC 8058
    assert b"=?utf-8?" not in raw.split(b"\r\n\r\n", 1)[0]  # no encoded-word header
    [mail] = inbox.messages
    path = urlparse(str(mail["List-Unsubscribe"]).strip("<>")).path
    who = next(p for p in players if email_of(p) == mail["To"])
    for _ in range(2):  # a link scanner's GETs change nothing
        page = await client.get(path)
        assert page.status == 200 and 'method="post"' in await page.text()
    prefs = load_or_open(game_platform.store, who.player_id)
    assert prefs.unsubscribed == []
    response = await client.post(path, data={"List-Unsubscribe": "One-Click", "from_page": "1"})
    assert response.status == 200 and "no more email" in await response.text()
    assert load_or_open(game_platform.store, who.player_id).unsubscribed == ["email"]


@pytest.mark.parametrize(
    "address", ["a\x00b@example.com", "a\tb@example.com", "a@exa\u2028mple.com",
                "a@b@example.com", "a@example..com", "<a@example.com>", "a@", ""],
)  # fmt: skip
async def test_an_address_with_control_characters_or_bad_syntax_is_refused(
    game_platform: Platform, aiohttp_client: Any, address: str
) -> None:
    client = await aiohttp_client(game_platform.app)
    player = await register(client, "mailer")
    response = await client.post("/api/me/email", json={"email": address}, headers=player.auth)
    assert response.status == 400
    assert (await response.json())["code"] == "bad_email"
    assert load_or_open(game_platform.store, player.player_id).email is None


async def test_a_new_address_gets_only_a_confirmation_mail_until_confirmed(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    players = [await register(client, f"stranger{i}") for i in range(2)]
    for player in players:
        response = await client.post(
            "/api/me/email", json={"email": email_of(player)}, headers=player.auth
        )
        assert response.status == 200 and (await response.json())["email_confirmed"] is False
    table_id = await seat(client, "ra", players)
    await drained(service)
    assert sorted(m["To"] for m in inbox.messages) == sorted(email_of(p) for p in players)
    assert {str(m["Subject"]) for m in inbox.messages} == {"[senet] confirm your address"}
    [acting] = service.tracker.acting(table_id)
    mail = next(m for m in inbox.messages if m["To"] == email_of(players[acting]))
    link = next(w for w in plain_text(mail).split() if "/api/email-confirmations/" in w)
    path = urlparse(link).path
    assert (await client.get(path)).status == 200  # a page: a scanner's GET confirms nothing
    assert not load_or_open(game_platform.store, players[acting].player_id).email_confirmed
    assert (await client.post(path)).status == 200
    await play_until_back(client, table_id, players, acting)
    await drained(service)
    turn_mails = [m for m in inbox.messages if ":your_turn:" in str(m["X-Senet-Key"])]
    assert turn_mails and {m["To"] for m in turn_mails} == {email_of(players[acting])}


async def test_a_confirmation_mail_goes_out_without_waiting_for_a_table_event(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    # Its own loop, with a tick of an hour: only a wake-up can make it look again.
    service = NotifyService(game_platform.store, game_platform.broker,
                            notify_settings(url, tick=3600.0))  # fmt: skip
    await service.start()
    try:
        await asyncio.sleep(0.5)  # its first round is over: it now waits for a wake-up
        player = await register(client, "newcomer")
        response = await client.post(
            "/api/me/email", json={"email": email_of(player)}, headers=player.auth
        )
        assert response.status == 200
        await until_true(lambda: bool(inbox.messages), "the confirmation mail")
        assert [str(m["Subject"]) for m in inbox.messages] == ["[senet] confirm your address"]
        assert inbox.messages[0]["To"] == email_of(player)
    finally:
        await service.stop()


async def test_notify_forgets_a_table_once_its_game_is_over(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    players = await players_with_emails(client, 2)
    # The finished table is a short game (what is tested is forgetting it, not its turns).
    finished, running = await seat(client, "tictactoe", players), await seat(client, "ra", players)
    await play_moves(client, finished, players, seed=4)
    await drained(service)
    assert set(service.tracker.tables) == {running}  # memory bounded by active tables
    assert service.tracker.finished == 1
    game_over = [k for k in inbox.sent_keys() if k.startswith(finished) and ":game_over:" in k]
    assert len(game_over) == 2  # judged before it was forgotten
    again = await start_notify(game_platform, notify_settings(url))  # a restart folds again
    assert set(again.tracker.tables) == {running}


@pytest.mark.parametrize(
    "address",
    [
        "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
        "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254 (cloud metadata)
        "64:ff9b:1::a00:1",  # local-use NAT64 of 10.0.0.1
        "2002:7f00:1::1",  # 6to4 of 127.0.0.1
        "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
        "::ffff:127.0.0.1",  # IPv4-mapped
        "::ffff:0:7f00:1",  # IPv4-translated
        "::127.0.0.1",  # IPv4-compatible
    ],
)
def test_a_push_address_embedding_a_private_ipv4_is_refused(address: str) -> None:
    with pytest.raises(EndpointRefused):
        EndpointPolicy().check_address(address)


@pytest.mark.parametrize("address", ["64:ff9b::808:808", "2002:808:808::1", "2606:4700::1111"])
def test_a_push_address_embedding_a_public_ipv4_is_accepted(address: str) -> None:
    EndpointPolicy().check_address(address)


def test_a_push_host_allow_list_entry_matches_whole_labels() -> None:
    policy = EndpointPolicy(hosts=(".example.net", "push.example.org"))
    assert policy.check_url("https://a.example.net/x") == "a.example.net"
    assert policy.check_url("https://example.net/x") == "example.net"
    for endpoint in ["https://evilexample.net/x", "https://a.push.example.org/x"]:
        with pytest.raises(EndpointRefused):
            policy.check_url(endpoint)
