"""Rematch in two browsers: one offers, the other accepts, and both pages move to the new
table, where everyone is seated one seat on and the game is under way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.conftest import Server
from tests.browser.kit import attr, call, save_screenshot, wait_for
from tests.browser.test_live import open_page, open_ra_table


def test_an_offer_accepted_takes_both_players_to_the_new_table(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    base = server.base
    old_id, tokens = open_ra_table(base)
    call(base, "POST", f"/api/tables/{old_id}/resign", {}, tokens[1])
    ann, bob = browser(), browser()
    open_page(ann, base, f"/tables/{old_id}", tokens[0])
    open_page(bob, base, f"/tables/{old_id}", tokens[1])
    for page in (ann, bob):
        wait_for(lambda p=page: p.find_elements(By.CSS_SELECTOR, "[data-rematch='offer']"),
                 what="the offer button")  # fmt: skip
    ann.find_element(By.CSS_SELECTOR, "[data-rematch='offer']").click()
    wait_for(lambda: attr(ann, "data-rematch-waiting") == "true", what="ann waits")
    wait_for(lambda: bob.find_elements(By.CSS_SELECTOR, "[data-rematch='accept']"),
             what="bob is offered the rematch")  # fmt: skip
    save_screenshot(bob, tmp_path / "rematch-offer.png")
    bob.find_element(By.CSS_SELECTOR, "[data-rematch='accept']").click()
    new_id = wait_for(  # the click's request runs in the page: the rematch follows it
        lambda: call(base, "GET", f"/api/tables/{old_id}", token=tokens[0])["rematch_table"],
        what="the agreed rematch",
    )
    for page in (bob, ann):  # bob by his click, ann by the pushed view
        wait_for(lambda p=page: attr(p, "data-table") == new_id, what="the new table's page")
        wait_for(lambda p=page: attr(p, "data-status") == "playing", what="the new game")
    assert attr(ann, "data-rematch-of") == old_id
    view = call(base, "GET", f"/api/tables/{new_id}/view", token=tokens[1])
    assert view["seat"] == 0  # one seat on: bob sits first now
