"""The table page's lobby controls: only the host starts, removes players and cancels; the
others may leave (the rules are the table decider's; the page offers only what they allow)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import Server
from tests.browser.kit import attr, call, join_from_lobby, save_screenshot, sign_up, wait_for
from tests.browser.test_live import open_page


def _buttons(driver: Any) -> set[str]:
    found = driver.find_elements(By.CSS_SELECTOR, "[data-lobby]")
    return {b.get_attribute("data-lobby") for b in found}


def _seated(base: str, table_id: str, token: str) -> list[str]:
    view = call(base, "GET", f"/api/tables/{table_id}/view", token=token)
    return [s["player_id"] for s in view["table"]["seats"] if s["player_id"]]


def test_only_the_host_starts_removes_and_cancels_and_a_guest_may_leave(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    base = server.base
    players = {n: call(base, "POST", "/api/players", {"name": n}) for n in ("host", "bob", "cy")}
    token = {n: p["token"] for n, p in players.items()}
    table_id = call(base, "POST", "/api/tables", {"game": "ra", "seats": 3}, token["host"])[
        "table_id"
    ]
    for guest in ("bob", "cy"):
        call(base, "POST", f"/api/tables/{table_id}/join", {}, token[guest])

    host, bob = browser(), browser()
    open_page(host, base, f"/tables/{table_id}", token["host"])
    open_page(bob, base, f"/tables/{table_id}", token["bob"])
    wait_for(lambda: _buttons(host) == {"start", "cancel"}, what="the host's controls")
    wait_for(lambda: _buttons(bob) == {"leave"}, what="a guest's controls")
    assert attr(bob, "data-waiting") == "creator"
    assert not bob.find_elements(By.CSS_SELECTOR, "[data-kick]")  # only the host removes
    kicks = host.find_elements(By.CSS_SELECTOR, "[data-kick]")
    assert sorted(k.get_attribute("data-kick") for k in kicks) == ["1", "2"]
    save_screenshot(host, tmp_path / "lobby-host.png")

    host.find_element(By.CSS_SELECTOR, "[data-kick='2']").click()  # cy is removed
    wait_for(lambda: len(host.find_elements(By.CSS_SELECTOR, "[data-kick]")) == 1, what="kick")
    assert players["cy"]["player_id"] not in _seated(base, table_id, token["host"])
    assert "start" not in _buttons(host)  # a free seat again: nothing to start

    bob.find_element(By.CSS_SELECTOR, "[data-lobby='leave']").click()
    wait_for(lambda: _buttons(bob) == {"join"}, what="the join button after leaving")
    assert _seated(base, table_id, token["host"]) == [players["host"]["player_id"]]

    host.refresh()
    wait_for(lambda: "cancel" in _buttons(host), what="the host's cancel button")
    host.find_element(By.CSS_SELECTOR, "[data-lobby='cancel']").click()
    assert attr(host, "data-cancelled") is None  # a second click confirms
    wait_for(lambda: host.find_element(By.CSS_SELECTOR, "[data-cancel='confirm']")).click()
    wait_for(lambda: attr(host, "data-cancelled") == "true", what="the cancelled table")
    assert attr(host, "data-status") == "cancelled"
    log = host.find_element(By.CSS_SELECTOR, ".log-lines").text
    for line in ("removed the player in seat 3", "seat 2 left the table", "cancelled the table"):
        wait_for(lambda s=line: s in host.find_element(By.CSS_SELECTOR, ".log-lines").text,
                 what=f"the log line {line!r}")  # fmt: skip
    assert "sat down" in log
    lobby = call(base, "GET", "/api/tables?status=open")
    assert table_id not in {t["table_id"] for t in lobby["items"]}


def test_resigning_takes_two_clicks_and_the_other_page_sees_the_game_end(
    server: Server, browser: Any
) -> None:
    from tests.browser.test_live import open_ra_table

    table_id, tokens = open_ra_table(server.base)
    quitter, winner = browser(), browser()
    open_page(quitter, server.base, f"/tables/{table_id}", tokens[1])
    open_page(winner, server.base, f"/tables/{table_id}", tokens[0])
    wait_for(lambda: attr(winner, "data-live") == "true", what="the winner's socket")
    wait_for(lambda: quitter.find_elements(By.CSS_SELECTOR, "[data-resign='ask']"), what="resign")
    quitter.find_element(By.CSS_SELECTOR, "[data-resign='ask']").click()
    quitter.find_element(By.CSS_SELECTOR, "[data-resign='keep']").click()  # changed its mind
    assert attr(quitter, "data-status") == "playing"
    quitter.find_element(By.CSS_SELECTOR, "[data-resign='ask']").click()
    quitter.find_element(By.CSS_SELECTOR, "[data-resign='confirm']").click()
    for page in (quitter, winner):
        wait_for(lambda p=page: attr(p, "data-status") == "over", what="the end on both pages")
    result = call(server.base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])["result"]
    assert result["winners"] == [0] and result["resigned"] == [1]
    log = lambda: winner.find_element(By.CSS_SELECTOR, ".log-lines").text  # noqa: E731
    wait_for(lambda: "resigned" in log(), what="the log line")


def test_a_table_anyone_may_watch_plays_live_in_a_browser_without_an_account(
    server: Server, browser: Any
) -> None:
    base = server.base
    tokens = [call(base, "POST", "/api/players", {"name": n})["token"] for n in ("ann", "ben")]
    table_id = call(
        base, "POST", "/api/tables", {"game": "ra", "seats": 2, "spectators": "anyone"}, tokens[0]
    )["table_id"]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
    guest = browser()
    guest.get(f"{base}/tables/{table_id}")  # no sign-in at all
    wait_for(lambda: attr(guest, "data-status") == "playing", what="the spectator's page")
    wait_for(lambda: attr(guest, "data-live") == "true", what="the spectator's socket")
    assert not guest.find_elements(By.CSS_SELECTOR, "[data-move]")  # nothing to play
    assert guest.execute_script("return localStorage.getItem('senet.token')") is None
    before = int(attr(guest, "data-version") or 0)
    view = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])
    actor = view["to_act"][0]
    mine = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[actor])
    call(base, "POST", f"/api/tables/{table_id}/moves", {"move": mine["legal_moves"][0]},
         tokens[actor])  # fmt: skip
    wait_for(lambda: int(attr(guest, "data-version") or 0) > before, what="the pushed move")


def test_a_private_table_made_in_the_lobby_is_joined_through_its_link(
    server: Server, browser: Any
) -> None:
    from selenium.webdriver.support.ui import Select

    from tests.browser.kit import sign_up

    base = server.base
    host = browser()
    sign_up(host, base, "host")
    host.get(base + "/")
    Select(wait_for(lambda: host.find_element(By.ID, "create-game"))).select_by_value("ra")
    host.find_element(By.ID, "create-private").click()
    host.find_element(By.CSS_SELECTOR, "#create-h ~ form button[type=submit]").click()
    link = wait_for(lambda: host.find_element(By.CSS_SELECTOR, "[data-invite-link]"), what="link")
    href = link.get_attribute("href")
    assert "?invite=" in href
    table_id = href.split("/tables/")[1].split("?")[0]
    lobby = call(base, "GET", "/api/tables?status=open")
    assert table_id not in {t["table_id"] for t in lobby["items"]}

    guest = browser()
    token = call(base, "POST", "/api/players", {"name": "guest"})["token"]
    guest.get(f"{href}#token={token}")
    wait_for(lambda: "join" in _buttons(guest), what="the join button")
    guest.find_element(By.CSS_SELECTOR, "[data-lobby='join']").click()
    wait_for(lambda: _buttons(guest) == {"leave"}, what="the guest seated")
    seats = call(base, "GET", f"/api/tables/{table_id}/view", token=token)["table"]["seats"]
    assert [s["name"] for s in seats] == ["host", "guest"]


def test_a_removed_players_page_changes_within_a_second(server: Server, browser: Any) -> None:
    """The host removes a guest: the guest's page drops its seat (no Leave that would fail)."""
    import time

    base = server.base
    players = {n: call(base, "POST", "/api/players", {"name": n}) for n in ("host", "dee")}
    token = {n: p["token"] for n, p in players.items()}
    table_id = call(base, "POST", "/api/tables", {"game": "ra", "seats": 3}, token["host"])[
        "table_id"
    ]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, token["dee"])
    dee = browser()
    open_page(dee, base, f"/tables/{table_id}", token["dee"])
    wait_for(lambda: _buttons(dee) == {"leave"}, what="the guest's Leave")
    wait_for(lambda: attr(dee, "data-live") == "true", what="the live socket")
    kick = {"player_id": players["dee"]["player_id"]}
    call(base, "POST", f"/api/tables/{table_id}/kick", kick, token["host"])
    started = time.monotonic()
    wait_for(lambda: "leave" not in _buttons(dee), timeout=1.0, what="the page without Leave")
    assert time.monotonic() - started <= 1.0
    wait_for(lambda: dee.find_elements(By.CSS_SELECTOR, "[data-removed], [data-lobby='join']"))


def test_a_missing_table_or_a_mistyped_address_shows_a_page_in_words(
    server: Server, browser: Any
) -> None:
    base = server.base
    token = call(base, "POST", "/api/players", {"name": "lost"})["token"]
    page = browser()
    page.get(f"{base}/tables/00000000-0000-4000-8000-000000000000#token={token}")
    wait_for(lambda: attr(page, "data-missing") == "true", timeout=15, what="the missing table")
    assert "{" not in page.find_element(By.TAG_NAME, "main").text
    assert attr(page, "data-live") is None  # no socket keeps retrying
    page.get(base + "/no/such/page")
    wait_for(lambda: attr(page, "data-missing") == "true", what="the unknown address")


def test_a_removed_player_is_told_why_the_table_went_quiet(server: Server, browser: Any) -> None:
    """At a table without spectators, the removed player's socket is closed with 4403: the
    page says so (and stops reconnecting) instead of showing "reconnecting"."""
    base = server.base
    host_player = call(base, "POST", "/api/players", {"name": "quiet-host"})
    guest_player = call(base, "POST", "/api/players", {"name": "quiet-guest"})
    body = {"game": "ra", "seats": 2, "spectators": "none"}
    table_id = call(base, "POST", "/api/tables", body, host_player["token"])["table_id"]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, guest_player["token"])
    guest = browser()
    open_page(guest, base, f"/tables/{table_id}", guest_player["token"])
    wait_for(lambda: attr(guest, "data-live") == "true", what="the live socket")
    kick = {"player_id": guest_player["player_id"]}
    call(base, "POST", f"/api/tables/{table_id}/kick", kick, host_player["token"])
    notice = wait_for(
        lambda: guest.find_elements(By.CSS_SELECTOR, "[data-closed='4403']"), what="the notice"
    )
    assert notice[0].text.strip()  # explained in words (the strings are web/src/i18n.js's)


def test_a_table_created_to_start_when_full_starts_with_the_join_that_fills_it(
    server: Server, browser: Any
) -> None:
    """The create form's "start when full" (unticked by default): ticked, the second
    player's join starts the game, with no Start button pressed."""
    base = server.base
    alice, zoe = browser(), browser()
    sign_up(alice, base, "alice-full")
    sign_up(zoe, base, "zoe-full")
    alice.get(base + "/")
    Select(wait_for(lambda: alice.find_element(By.ID, "create-game"))).select_by_value("tictactoe")
    box = wait_for(lambda: alice.find_element(By.ID, "create-start-full"), what="the checkbox")
    assert not box.is_selected()  # off by default
    box.click()
    alice.find_element(By.CSS_SELECTOR, "#create-h ~ form button[type=submit]").click()
    wait_for(lambda: "/tables/" in alice.current_url, what="the new table's page")
    table_id = alice.current_url.split("/tables/")[1].split("?")[0]
    wait_for(lambda: attr(alice, "data-status") == "open", what="an open table")
    join_from_lobby(zoe, base, table_id)
    for page in (alice, zoe):
        wait_for(lambda p=page: attr(p, "data-status") == "playing", what="the game under way")
    assert "start" not in _buttons(alice)
