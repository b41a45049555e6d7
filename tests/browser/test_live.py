"""Live updates between pages, reload, the mail's link, languages, a phone-sized window, replay."""

from __future__ import annotations

import json
import os
import random
import re
import time
import urllib.request
from typing import Any

from aiosmtpd.controller import Controller
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from shared.ports import free_port
from tests.browser.conftest import Server, require_browser
from tests.browser.kit import attr, call, save_screenshot, wait_for
from tests.browser.test_play import SCREENSHOTS
from tests.notify.conftest import Inbox, plain_text


def open_ra_table(base: str, names: tuple[str, str] = ("alice", "zoe")) -> tuple[str, list[str]]:
    """Two players and a started Ra table, through the API; (table id, tokens by seat)."""
    tokens = [call(base, "POST", "/api/players", {"name": n})["token"] for n in names]
    table_id = call(base, "POST", "/api/tables", {"game": "ra", "seats": 2}, tokens[0])["table_id"]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
    return table_id, tokens


def open_page(driver: Any, base: str, path: str, token: str) -> None:
    """Open a page signed in through the `#token=` fragment (which must leave the address)."""
    driver.get(f"{base}{path}#token={token}")
    wait_for(lambda: attr(driver, "data-status"), what="the table page")
    assert "#token" not in driver.current_url
    assert driver.execute_script("return localStorage.getItem('senet.token')") == token


def version_of(driver: Any) -> int:
    """The version of the view the page shows."""
    return int(attr(driver, "data-version") or 0)


def play_randomly(base: str, table_id: str, tokens: list[str], seed: int) -> None:
    """Finish the game through the API with random legal moves."""
    rng = random.Random(seed)
    while True:
        views = [call(base, "GET", f"/api/tables/{table_id}/view", token=t) for t in tokens]
        if views[0]["result"] is not None:
            return
        seat = rng.choice(views[0]["to_act"])
        move = rng.choice(views[seat]["legal_moves"])
        call(base, "POST", f"/api/tables/{table_id}/moves", {"move": move}, tokens[seat])


def test_a_move_in_one_tab_reaches_every_other_page_live_and_a_reload_resumes(
    server: Server, browser: Any
) -> None:
    table_id, tokens = open_ra_table(server.base)
    first = call(server.base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])
    actor = first["to_act"][0]
    mover, same_player, other = browser(), browser(), browser()
    open_page(mover, server.base, f"/tables/{table_id}", tokens[actor])
    open_page(same_player, server.base, f"/tables/{table_id}", tokens[actor])  # a second tab
    open_page(other, server.base, f"/tables/{table_id}", tokens[1 - actor])
    for page in (mover, same_player, other):
        wait_for(lambda p=page: attr(p, "data-live") == "true", what="the socket")
        assert version_of(page) == first["table"]["version"]
    assert attr(mover, "data-your-turn") == "true" and attr(other, "data-your-turn") == "false"
    before = first["table"]["version"]
    mover.find_element(By.CSS_SELECTOR, "[data-move]").click()
    wait_for(lambda: version_of(mover) > before, what="the mover's own page")
    now = call(server.base, "GET", f"/api/tables/{table_id}/view", token=tokens[actor])
    started = time.monotonic()
    for page in (same_player, other):  # neither page asks the server: only the socket brings it
        wait_for(lambda p=page: version_of(p) == now["table"]["version"], timeout=5, what="push")
    print(f"pushed to both other pages within {time.monotonic() - started:.2f}s")
    assert mover.find_element(By.CSS_SELECTOR, "[data-move]").get_attribute("data-move") in {
        json.dumps(m, separators=(",", ":")) for m in now["legal_moves"]
    }
    other.refresh()  # a reload resumes where the table is
    wait_for(lambda: version_of(other) == now["table"]["version"], what="the reloaded page")
    assert attr(other, "data-your-turn") == "false" and attr(other, "data-status") == "playing"
    events = call(server.base, "GET", f"/api/tables/{table_id}/events", token=tokens[1 - actor])
    count = len(events) if isinstance(events, list) else len(events["items"])
    lines = lambda: other.find_elements(By.CSS_SELECTOR, ".log-lines li")  # noqa: E731
    wait_for(lambda: len(lines()) == count, what="one log line per event")


def test_the_page_reconnects_after_the_server_restarts_and_catches_up(
    server: Server, browser: Any
) -> None:
    table_id, tokens = open_ra_table(server.base, ("rhea", "set"))
    view = call(server.base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])
    actor = view["to_act"][0]
    page = browser()
    open_page(page, server.base, f"/tables/{table_id}", tokens[1 - actor])
    wait_for(lambda: attr(page, "data-live") == "true", what="the socket")
    server.stop()
    wait_for(lambda: attr(page, "data-live") == "false", what="the page to notice")
    server.start()  # same port, same store
    roll = {"move": {"type": "RollDice"}}
    moved = call(server.base, "POST", f"/api/tables/{table_id}/moves", roll, tokens[actor])
    wait_for(lambda: version_of(page) == moved["version"], what="the move made while it was away")
    assert attr(page, "data-live") == "true"


def test_the_language_switch_turns_the_page_and_its_log_german(
    server: Server, browser: Any
) -> None:
    table_id, tokens = open_ra_table(server.base, ("anna", "bernd"))
    page = browser()
    open_page(page, server.base, f"/tables/{table_id}", tokens[0])
    actor = call(server.base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])["to_act"][0]
    roll = {"move": {"type": "RollDice"}}
    call(server.base, "POST", f"/api/tables/{table_id}/moves", roll, tokens[actor])
    wait_for(lambda: "rolled" in page.find_element(By.CSS_SELECTOR, ".log-lines").text)
    Select(page.find_element(By.CSS_SELECTOR, "select[aria-label=Language]")).select_by_value("de")
    wait_for(lambda: page.find_element(By.ID, "log-h").text == "Spielverlauf")
    wait_for(lambda: "würfelte" in page.find_element(By.CSS_SELECTOR, ".log-lines").text)
    page.refresh()  # the choice is kept
    wait_for(lambda: page.find_element(By.ID, "log-h").text == "Spielverlauf")


def test_a_phone_sized_window_shows_the_board_without_sideways_scrolling_and_plays_by_keyboard(
    server: Server, browser: Any
) -> None:
    table_id, tokens = open_ra_table(server.base)
    actor = call(server.base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])["to_act"][0]
    phone = browser()
    phone.execute_cdp_cmd(  # a phone's viewport (a desktop window is at least 500 px wide)
        "Emulation.setDeviceMetricsOverride",
        {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True},
    )
    open_page(phone, server.base, f"/tables/{table_id}", tokens[actor])
    assert phone.execute_script("return window.innerWidth") <= 360
    assert phone.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"
    ), "the page scrolls sideways at 360 px"
    if os.environ.get("SENET_SCREENSHOTS"):
        save_screenshot(phone, SCREENSHOTS / "ra-phone.png", max_height=2400)
    before = version_of(phone)
    for _ in range(80):  # Tab through the page to the first move control, then press Enter
        if phone.execute_script("return !!document.activeElement.dataset.move"):
            break
        ActionChains(phone).send_keys(Keys.TAB).perform()
    assert phone.execute_script("return !!document.activeElement.dataset.move")
    ActionChains(phone).send_keys(Keys.ENTER).perform()
    wait_for(lambda: version_of(phone) > before, what="the move sent by keyboard")


def test_the_turn_mail_link_opens_that_table_page(serve: Any, browser: Any) -> None:
    require_browser()
    inbox = Inbox()
    port = free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        server = serve("--smtp", f"smtp://127.0.0.1:{port}", "--public-url", "{base}")
        names = ("al", "zo")
        tokens = [call(server.base, "POST", "/api/players", {"name": n})["token"] for n in names]
        for token, address in zip(tokens, ("al@example.org", "zo@example.org"), strict=True):
            call(server.base, "POST", "/api/me/email", {"email": address}, token)
        table_id = call(server.base, "POST", "/api/tables", {"game": "ra", "seats": 2}, tokens[0])[
            "table_id"
        ]  # a table event: notify wakes and sends the confirmation mails
        for address in ("al@example.org", "zo@example.org"):
            # A new address gets only a confirmation mail until its owner follows the link.
            sent = wait_for(lambda a=address: inbox.to(a), what="the confirmation mail")[0]
            confirm = re.search(r"https?://\S+/api/email-confirmations/\S+", plain_text(sent))
            assert confirm is not None
            path = confirm.group(0).split("/api/", 1)[1]
            request = urllib.request.Request(f"{server.base}/api/{path}", data=b"", method="POST")
            with urllib.request.urlopen(request, timeout=10) as answer:  # an HTML page
                assert answer.status == 200
        call(server.base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
        call(server.base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
        actor = call(server.base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])
        seat = actor["to_act"][0]
        address = ("al@example.org", "zo@example.org")[seat]
        mail = wait_for(
            lambda: [m for m in inbox.to(address) if "/tables/" in plain_text(m)],
            what="the turn mail",
        )[0]
    finally:
        smtp.stop()
    link = re.search(r"https?://\S+/tables/[0-9a-f-]+", plain_text(mail))
    assert link is not None
    assert link.group(0) == f"{server.base}/tables/{table_id}"
    page = browser()
    page.get(f"{server.base}/#token={tokens[seat]}")
    wait_for(lambda: page.execute_script("return localStorage.getItem('senet.token')"))
    page.get(link.group(0))
    wait_for(lambda: attr(page, "data-table") == table_id, what="the table page of the mail")
    wait_for(lambda: attr(page, "data-your-turn") == "true", what="my turn")


def test_the_replay_at_event_k_shows_the_view_the_api_gives_for_version_k(
    server: Server, browser: Any
) -> None:
    table_id, tokens = open_ra_table(server.base)
    play_randomly(server.base, table_id, tokens, seed=4)
    last = call(server.base, "GET", f"/api/tables/{table_id}/view", token=tokens[1])
    page = browser()
    page.get(f"{server.base}/#token={tokens[1]}")
    wait_for(lambda: page.execute_script("return localStorage.getItem('senet.token')"))
    final = last["table"]["version"]
    for k in (3, final // 2, final):
        page.get(f"{server.base}/tables/{table_id}/replay?at={k}")
        wait_for(lambda k=k: attr(page, "data-replay-version") == str(k), what=f"event {k}")
        shown = json.loads(
            page.find_element(By.CSS_SELECTOR, "[data-view-json]").get_attribute("textContent")
        )
        api = call(server.base, "GET", f"/api/tables/{table_id}/view?at={k}", token=tokens[1])
        assert shown == api
        if api["game"]:  # the board draws that view's scores
            cells = page.find_elements(By.CSS_SELECTOR, "[data-board-score]")
            drawn = {int(c.get_attribute("data-board-score")): int(c.text) for c in cells}
            assert drawn == {p["seat"]: p["score"] for p in api["game"]["players"]}
    assert shown == last  # the replay's last event is the live view of the finished table
    page.find_element(By.XPATH, "//button[contains(., 'Previous')]").click()  # step back one
    wait_for(lambda: attr(page, "data-replay-version") == str(final - 1), what="one step back")


BUILD_STEP = """
const turn = document.querySelector('[data-your-turn]');
if (!turn || turn.dataset.yourTurn !== 'true') return null;
const free = (e) => !e.disabled && e.offsetParent !== null;
const moves = [...document.querySelectorAll('[data-move]')].filter(free);
const choices = [...document.querySelectorAll('button.choice')].filter(free);
const all = [...moves, ...choices];
if (!all.length) return null;
const pick = all[Math.floor(arguments[0] * all.length)];
const version = Number(document.querySelector('[data-version]').dataset.version);
return [pick, pick.dataset.move || null, version];
"""


def test_the_generic_board_plays_a_game_built_step_by_step_from_legal_moves_only(
    server: Server, browser: Any
) -> None:
    """Any game is playable on the generic board; a move with choices is built a field at a
    time and the final control sends a move exactly as legal_moves lists it."""
    table_id, tokens = open_ra_table(server.base, ("gen1", "gen2"))
    pages = [browser(), browser()]
    for page, token in zip(pages, tokens, strict=True):
        open_page(page, server.base, f"/tables/{table_id}?board=generic", token)
    board = pages[0].find_element(By.CSS_SELECTOR, ".generic-board").text
    assert "gen1" in board and "sun track" in board  # the view's data, drawn generically
    rng = random.Random(3)
    sent, built = 0, 0
    while sent < 40:
        for seat, page in enumerate(pages):
            step = page.execute_script(BUILD_STEP, rng.random())
            if step is None:
                continue
            element, move, version = step
            if move is not None:  # a final control: exactly one of the legal moves at its version
                legal = call(server.base, "GET", f"/api/tables/{table_id}/view?at={version}",
                             token=tokens[seat])["legal_moves"]  # fmt: skip
                assert move in {json.dumps(m, separators=(",", ":")) for m in legal}
                sent += 1
            else:
                built += 1
            element.click()
            if move is not None:
                wait_for(lambda p=page, v=version: version_of(p) > v, what="the move's effect")
            break
        else:
            time.sleep(0.05)
    assert built > 10  # choices were made on the way to some of those moves
