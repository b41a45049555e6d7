"""Istanbul in the browser: its own board (not the generic one), moves made by clicking a
place and then one of its choices, the other seat's bonus cards never on a page, the log
in sentences."""

from __future__ import annotations

import os
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


def _click_board(pages: list[Any], rng: random.Random, moves: int) -> int:
    """Click a place with choices, then a choice, on the page whose turn it is."""
    made = 0
    deadline = time.monotonic() + 240
    while made < moves and time.monotonic() < deadline:
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
    return made


def test_istanbul_is_played_by_clicking_places_and_their_choices(
    server: Server, browser: Any
) -> None:
    alice, zoe = browser(), browser()
    players = [sign_up(alice, server.base, "alice-ist"), sign_up(zoe, server.base, "zoe-ist")]
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
    assert _click_board([alice, zoe], random.Random(3), 30) >= 30
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
        log = page.find_element(By.CSS_SELECTOR, ".log-lines").text
        assert "moved to" in log or "took" in log
    assert axe_violations(alice) == []
    if os.environ.get("SENET_SCREENSHOTS"):
        shots = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        save_screenshot(alice, shots / "istanbul.png")
