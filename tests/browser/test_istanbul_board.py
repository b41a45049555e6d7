"""Istanbul in the browser: its own board (not the generic one), moves made by clicking a
place and then one of its choices, the other seat's bonus cards never on a page, the log
in sentences; one page in English at desktop size, the other in German at phone size, neither
wider than its window nor with a number from zero, the German one without English; the end
with its breakdown of rubies and the tie-breaks."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from tests.browser.conftest import Server
from tests.browser.kit import (
    attr,
    axe_violations,
    call,
    create_table,
    join_from_lobby,
    save_screenshot,
    sign_up,
    wait_for,
)
from tests.browser.test_boards import PHONE, SHOOT, layout_problems, screenshots

PREFERRED = ("Sultan", "Act", "Sell", "TakeTile", "UseGovernor", "UseSmuggler", "Enter")

CLICK = """
const page = document.querySelector('[data-board="istanbul"]');
if (!page || document.querySelector('[data-your-turn]').dataset.yourTurn !== 'true') return null;
const open = [...page.querySelectorAll('.ist-place.ist-open button.ist-place-name')];
return open.length ? open[Math.floor(arguments[0] * open.length)] : null;
"""
CHOICE = """
const buttons = [...document.querySelectorAll('[data-board="istanbul"] .ist-choices [data-move]')]
  .filter((e) => !e.disabled);
return buttons.length ? buttons[Math.floor(arguments[0] * buttons.length)] : null;
"""


def _click_board(pages: list[Any], rng: random.Random, moves: int, until_over: bool = False) -> int:
    """Click a place with choices, then a choice, on the page whose turn it is: `moves`
    moves, or with `until_over` until the game is over (failing after `moves`)."""
    made = 0
    deadline = time.monotonic() + 240
    while made < moves and time.monotonic() < deadline:
        if until_over and all(attr(p, "data-status") == "over" for p in pages):
            return made
        for page in pages:
            try:
                place = page.execute_script(CLICK, rng.random())
                if place is None:
                    continue
                version = attr(page, "data-version")
                place.click()
                choice = wait_for(
                    lambda p=page: p.execute_script(CHOICE, rng.random()), what="a choice"
                )
                choice.click()
                wait_for(
                    lambda p=page, v=version: attr(p, "data-version") != v, what="the move's answer"
                )
                made += 1
            except WebDriverException:
                continue
        time.sleep(0.05)
    assert not until_over, f"the game did not end after {made} clicked moves"
    return made


def test_istanbul_is_played_by_clicking_places_and_their_choices(
    server: Server, browser: Any
) -> None:
    alice, zoe = browser(), browser()
    players = [sign_up(alice, server.base, "alice-ist"), sign_up(zoe, server.base, "zoe-ist")]
    zoe.execute_script("localStorage.setItem('senet.lang', 'de')")
    zoe.set_window_size(PHONE, 900)
    table_id = create_table(alice, server.base, "istanbul")
    join_from_lobby(zoe, server.base, table_id)
    wait_for(
        lambda: alice.find_element("xpath", "//button[normalize-space()='Start the game']")
    ).click()
    for page in (alice, zoe):
        page.get(f"{server.base}/tables/{table_id}")
        wait_for(lambda p=page: attr(p, "data-status") == "playing", what="a playing table")
        wait_for(
            lambda p=page: p.find_elements(By.CSS_SELECTOR, '[data-board="istanbul"]'),
            what="the board",
        )
        assert len(page.find_elements(By.CSS_SELECTOR, "[data-place]")) == 16
        assert page.find_elements(By.CSS_SELECTOR, "[data-legend]"), "no legend of the pieces"
    assert _click_board([alice, zoe], random.Random(3), 30) >= 30
    for page, german in ((alice, False), (zoe, True)):
        problems = layout_problems(page, german)
        assert not problems, problems[:10]
    for seat, page in enumerate((alice, zoe)):
        view = call(
            server.base, "GET", f"/api/tables/{table_id}/view", token=players[seat]["token"]
        )
        other = view["game"]["players"][1 - seat]
        assert other["hand"] is None
        shown = {
            e.get_attribute("data-card")
            for e in page.find_elements(By.CSS_SELECTOR, f'[data-player="{1 - seat}"] [data-card]')
        }
        assert shown == set()
    english = alice.find_element(By.CSS_SELECTOR, ".log-lines").text
    assert "moved to" in english or "took" in english
    german = zoe.find_element(By.CSS_SELECTOR, ".log-lines").text
    assert "zog auf" in german or "nahm" in german
    assert "Next:" not in german and "Weiter: encounter" not in german
    assert axe_violations(alice) == []
    screenshots(alice, server.base, table_id, "istanbul")
    screenshots(zoe, server.base, table_id, "istanbul-de")


def _near_its_end(base: str, tokens: list[str], rng: random.Random) -> str:
    """A new table played with random legal moves over the API (most of them ones that
    bring rubies nearer; about 600 moves) until a player holds the rubies that end the game:
    the last round is under way, or the game is over already."""
    table_id = call(base, "POST", "/api/tables", {"game": "istanbul", "seats": 2}, tokens[0])[
        "table_id"
    ]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
    view = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])
    for _ in range(5_000):
        game = view["game"]
        if max(p["rubies"] for p in game["players"]) >= game["ruby_target"]:
            return table_id
        if not view["your_turn"]:
            seat = view["to_act"][0]
            view = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[seat])
        seat = view["seat"]
        moves = view["legal_moves"]
        good = [m for m in moves if m["type"] in PREFERRED and m.get("pay", True) is not False]
        move = rng.choice(good if good and rng.random() < 0.85 else moves)
        answer = call(base, "POST", f"/api/tables/{table_id}/moves", {"move": move}, tokens[seat])
        view = answer["view"] or call(
            base, "GET", f"/api/tables/{table_id}/view", token=tokens[seat]
        )
    raise AssertionError("nobody reached the rubies that end the game")


def test_istanbul_ends_with_its_rubies_and_tie_breaks_in_english_and_german(
    server: Server, browser: Any
) -> None:
    """A game played until a player holds the rubies that end it (`_near_its_end`; the
    first game whose last round still has a turn to play), then to its end by clicking
    places and their choices on both pages (English at desktop size, German at a phone's);
    then both pages show the end reason, the rubies by source adding up to the score and
    the three tie-breaks in order."""
    base = server.base
    tokens = [call(base, "POST", "/api/players", {"name": n})["token"] for n in ("ida", "ugo")]
    rng = random.Random(5)
    for _ in range(8):  # a game whose ending round still has a turn to click (about half)
        table_id = _near_its_end(base, tokens, rng)
        if call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])["result"] is None:
            break
    else:
        raise AssertionError("every game ended with the move that reached the rubies")
    from tests.browser.test_live import open_page

    ida, ugo = browser(), browser()
    ugo.set_window_size(PHONE, 900)
    for page, token, lang in ((ida, tokens[0], "en"), (ugo, tokens[1], "de")):
        open_page(page, base, f"/tables/{table_id}", token)
        page.execute_script(f"localStorage.setItem('senet.lang', '{lang}')")
        page.refresh()
        wait_for(lambda p=page: attr(p, "data-status"), what="the table page")
    clicked = _click_board([ida, ugo], random.Random(7), 200, until_over=True)
    assert clicked >= 1  # the end was reached by clicking the board
    for page in (ida, ugo):
        wait_for(
            lambda p=page: p.find_elements(By.CSS_SELECTOR, "[data-breakdown]"), what="the end"
        )
    views = [call(base, "GET", f"/api/tables/{table_id}/view", token=t) for t in tokens]
    assert views[0]["table"]["status"] == "over"
    scores = views[0]["result"]["scores"]
    for page, german in ((ida, False), (ugo, True)):
        problems = layout_problems(page, german)
        assert not problems, problems[:10]
        rows = page.find_elements(By.CSS_SELECTOR, "[data-breakdown] tbody tr")
        labels = [r.find_element(By.CSS_SELECTOR, "th").text for r in rows]
        ties = [x for x in labels if ("Tie-break" if not german else "Gleichstand") in x]
        assert len(ties) == 3, labels
        assert (
            len(labels) > 3
            and "Not broken down" not in labels
            and "Nicht aufgeschlüsselt" not in labels
        )
        assert page.find_element(By.CSS_SELECTOR, "[data-end-reason]").text
    assert scores
    if SHOOT:
        shots = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
        save_screenshot(ida, shots / "istanbul-over.png")
        save_screenshot(ugo, shots / "istanbul-de-over-phone.png", max_height=4000)
