"""The turn clock: a table with a deadline shows, for the seat to act, the time left before
it (counted from the view's `turn_since`); a table without a deadline shows no clock."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.conftest import Server
from tests.browser.kit import attr, call, save_screenshot, wait_for
from tests.browser.test_live import open_page

OFF = {"first_reminder": 0, "repeat_every": 0, "last_warning": 0, "policy": "bot"}


def _table(base: str, tokens: dict[str, str], deadline: float) -> str:
    """A started tic-tac-toe table whose host chose that deadline (hours; 0: none)."""
    table_id = call(base, "POST", "/api/tables", {"game": "tictactoe", "seats": 2}, tokens["ann"])[
        "table_id"
    ]
    timing = {**OFF, "deadline": deadline}
    call(base, "PUT", f"/api/tables/{table_id}/timing", timing, tokens["ann"])
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens["bob"])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens["ann"])
    return table_id


def test_a_table_with_a_deadline_shows_the_clock_and_one_without_shows_none(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    base = server.base
    tokens = {n: call(base, "POST", "/api/players", {"name": n})["token"] for n in ("ann", "bob")}
    timed = _table(base, tokens, 5)
    untimed = _table(base, tokens, 0)
    page = browser()

    open_page(page, base, f"/tables/{timed}", tokens["ann"])
    clock = wait_for(
        lambda: page.find_elements(By.CSS_SELECTOR, "[data-turn-clock] [data-clock-seat]"),
        what="the turn clock",
    )
    view = call(base, "GET", f"/api/tables/{timed}/view", token=tokens["ann"])
    assert [int(c.get_attribute("data-clock-seat")) for c in clock] == view["to_act"]
    left = int(clock[0].get_attribute("data-clock-left"))
    assert 5 * 3600 - 120 < left <= 5 * 3600  # five hours, less the moments since the start
    text = page.find_element(By.CSS_SELECTOR, "[data-turn-clock]").text
    assert re.search(r"you have (4 h 5\d|5 h 0) min left before the deadline", text), text
    save_screenshot(page, tmp_path / "turn-clock.png")

    # The seat to act moves: the clock follows the turn to the other seat, full again.
    seat = view["to_act"][0]
    mover = tokens["ann"] if seat == view["seat"] else tokens["bob"]
    mine = call(base, "GET", f"/api/tables/{timed}/view", token=mover)
    call(base, "POST", f"/api/tables/{timed}/moves", {"move": mine["legal_moves"][0]}, mover)
    wait_for(
        lambda: attr(page, "data-clock-seat") == str(1 - seat), what="the clock of the next seat"
    )
    text = page.find_element(By.CSS_SELECTOR, "[data-turn-clock]").text
    assert re.search(r"bob has (4 h 5\d|5 h 0) min left before the deadline", text), text
    save_screenshot(page, tmp_path / "turn-clock-other.png")

    open_page(page, base, f"/tables/{untimed}", tokens["ann"])
    wait_for(lambda: attr(page, "data-table") == untimed, what="the table without a deadline")
    wait_for(lambda: page.find_elements(By.CSS_SELECTOR, "[data-board]"), what="the board")
    assert not page.find_elements(By.CSS_SELECTOR, "[data-turn-clock]")
