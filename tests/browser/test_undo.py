"""Take-backs in two browsers: the mover asks from the table page, the other player is asked
live and allows it, and both pages show the game as it was before the move."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import Server
from tests.browser.kit import attr, call, create_table, save_screenshot, sign_up, wait_for
from tests.browser.test_live import open_page, version_of


def _cantstop_table(base: str) -> tuple[str, list[str]]:
    names = [f"undo-{uuid.uuid4().hex[:6]}" for _ in range(2)]
    tokens = [call(base, "POST", "/api/players", {"name": n})["token"] for n in names]
    body = {"game": "cantstop", "seats": 2, "takebacks": True}
    table_id = call(base, "POST", "/api/tables", body, tokens[0])["table_id"]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
    return table_id, tokens


def _move(base: str, table_id: str, token: str, move: dict[str, Any]) -> None:
    call(base, "POST", f"/api/tables/{table_id}/moves", {"move": move}, token)


def test_a_take_back_asked_on_the_page_is_allowed_by_the_other_player_live(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    base = server.base
    table_id, tokens = _cantstop_table(base)
    while True:  # roll until the player to act can choose sums (a bust passes the turn)
        seat = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])["to_act"][0]
        _move(base, table_id, tokens[seat], {"type": "Roll"})
        rolled = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[seat])
        choices = [m for m in rolled["legal_moves"] if m["type"] == "Choose"]
        if choices:
            break
    _move(base, table_id, tokens[seat], choices[0])
    mover, other = browser(), browser()
    open_page(mover, base, f"/tables/{table_id}", tokens[seat])
    open_page(other, base, f"/tables/{table_id}", tokens[1 - seat])
    wait_for(lambda: mover.find_elements(By.CSS_SELECTOR, "[data-undo='ask']"),
             what="the take-back button")  # fmt: skip
    assert not other.find_elements(By.CSS_SELECTOR, "[data-undo='ask']")
    before = version_of(other)
    mover.find_element(By.CSS_SELECTOR, "[data-undo='ask']").click()
    wait_for(lambda: attr(mover, "data-undo-waiting") == "true", what="the mover waits")
    wait_for(lambda: other.find_elements(By.CSS_SELECTOR, "[data-undo='accept']"),
             what="the other player is asked, live")  # fmt: skip
    save_screenshot(other, tmp_path / "undo-asked.png")
    other.find_element(By.CSS_SELECTOR, "[data-undo='accept']").click()
    for page in (mover, other):
        wait_for(lambda p=page: version_of(p) >= before + 3, what="the taken-back view")
        wait_for(lambda p=page: not p.find_elements(By.CSS_SELECTOR, "[data-undo]"),
                 what="no take-back left to ask")  # fmt: skip
    back = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[seat])
    assert back["game"] == rolled["game"] and back["legal_moves"] == rolled["legal_moves"]
    log = mover.find_element(By.CSS_SELECTOR, ".log-lines").text
    assert "taken back" in log and "Move began" not in log


def test_the_create_form_offers_take_backs_only_for_games_that_allow_them(
    server: Server, browser: Any
) -> None:
    base = server.base
    page = browser()
    me = sign_up(page, base, f"form-{uuid.uuid4().hex[:6]}")
    page.get(base + "/")
    games = Select(wait_for(lambda: page.find_element(By.ID, "create-game")))
    games.select_by_value("egizia")  # it hides cards and marks no move as undoable
    wait_for(lambda: not page.find_elements(By.ID, "create-takebacks"), what="no take-backs")
    table_id = create_table(page, base, "cantstop")  # the box is ticked by default
    summary = call(base, "GET", f"/api/tables/{table_id}", token=me["token"])
    assert summary["takebacks"] is True and summary["game"] == "cantstop"
