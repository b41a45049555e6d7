"""The table chat in two browsers: a player's message appears live on the other's page,
a spectator talks in the spectators' channel only, and a mute hides an author."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.conftest import Server
from tests.browser.kit import call, save_screenshot, wait_for
from tests.browser.test_live import open_page


def _lines(driver: Any) -> list[str]:
    found = driver.find_elements(By.CSS_SELECTOR, "[data-chat-message] .chat-text")
    return [line.text for line in found]


def _say(driver: Any, text: str) -> None:
    box = driver.find_element(By.CSS_SELECTOR, "[data-chat-input]")
    box.send_keys(text)
    driver.find_element(By.CSS_SELECTOR, "[data-chat-send]").click()


def test_players_chat_live_spectators_apart_and_a_mute_hides(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    base = server.base
    people = {n: call(base, "POST", "/api/players", {"name": n}) for n in ("ann", "ben", "kib")}
    token = {n: p["token"] for n, p in people.items()}
    table_id = call(base, "POST", "/api/tables", {"game": "ra", "seats": 2}, token["ann"])[
        "table_id"
    ]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, token["ben"])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, token["ann"])
    ann, ben, kib = browser(), browser(), browser()
    for driver, name in ((ann, "ann"), (ben, "ben"), (kib, "kib")):
        open_page(driver, base, f"/tables/{table_id}", token[name])
        wait_for(lambda d=driver: d.find_elements(By.CSS_SELECTOR, "[data-chat]"), what="chat")
    assert ann.find_element(By.CSS_SELECTOR, "[data-chat]").get_attribute("data-chat") == "players"
    assert kib.find_element(By.CSS_SELECTOR, "[data-chat]").get_attribute("data-chat") == (
        "spectators"
    )

    _say(ann, "good luck, ben")
    wait_for(lambda: _lines(ben) == ["good luck, ben"], what="ann's message on ben's page")
    _say(kib, "ben should bid the sun")
    wait_for(lambda: _lines(kib) == ["ben should bid the sun"], what="kib's own message")
    _say(ben, "thanks")
    wait_for(lambda: _lines(ann) == ["good luck, ben", "thanks"], what="ben's answer")
    assert "ben should bid the sun" not in _lines(ben)  # no kibitzing during play
    save_screenshot(ben, tmp_path / "chat.png")

    ben.find_element(By.CSS_SELECTOR, f"[data-mute='{people['ann']['player_id']}']").click()
    wait_for(lambda: _lines(ben) == ["thanks"], what="ann muted on ben's page")
    _say(ann, "are you there?")
    wait_for(lambda: _lines(ann)[-1:] == ["are you there?"], what="ann's own line")
    assert _lines(ben) == ["thanks"]
    assert call(base, "GET", "/api/me/mutes", token=token["ben"]) == {
        "muted": [people["ann"]["player_id"]]
    }
