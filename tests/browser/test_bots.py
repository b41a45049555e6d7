"""The lobby's "Play against bots": a person opens a table with a strong bot in Chromium and
plays tic-tac-toe against it to the end; the bots role of `senet serve` plays the bot's
turns, which reach the page like anyone's moves."""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import Server
from tests.browser.kit import call, play_to_end, sign_up, wait_for


def test_the_lobby_seats_a_bot_and_a_person_plays_against_it(server: Server, browser: Any) -> None:
    page = browser()
    me = sign_up(page, server.base, "Ines")
    page.get(server.base + "/")
    Select(wait_for(lambda: page.find_element(By.ID, "create-game"))).select_by_value("tictactoe")
    page.find_element(By.ID, "create-bots").click()
    Select(wait_for(lambda: page.find_element(By.ID, "create-bot"))).select_by_value("strong:1")
    page.find_element(By.CSS_SELECTOR, "#create-h ~ form button[type=submit]").click()
    wait_for(lambda: "/tables/" in page.current_url, what="the new table's page")
    table_id = page.current_url.split("/tables/")[1].split("?")[0]
    wait_for(lambda: "Bot strong 1" in page.find_element(By.TAG_NAME, "main").text,
             what="the bot's name on the table page")  # fmt: skip
    play_to_end([page], seed=3)
    table = call(server.base, "GET", f"/api/tables/{table_id}", token=me["token"])
    assert table["status"] == "over"
    assert [(s["name"], s.get("bot", False)) for s in table["seats"]] == [
        ("Ines", False),
        ("Bot strong 1", True),
    ]
    log = call(server.base, "GET", f"/api/tables/{table_id}/events?limit=200", token=me["token"])
    movers = {item["seat"] for item in log["items"] if item["name"] == "Marked"}
    assert movers == {0, 1}, "both the person and the bot moved"
