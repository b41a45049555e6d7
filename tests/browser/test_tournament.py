"""A tournament in two browsers: two players sign up on the tournament's page, the creator
starts it, both follow the link to their match table, play it by clicks, and the page shows
the tournament finished with its standings; an arbiter's forfeit verdict on the match then
shows on the page as the match's ruling."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.conftest import Server
from tests.browser.kit import (
    attr,
    axe_violations,
    call,
    play_to_end,
    save_screenshot,
    sign_up,
    wait_for,
)


def _click(driver: Any, css: str, what: str) -> None:
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, css), what=what)[0].click()


ADMIN = "a-browser-tournament-arbiter"


def test_two_players_sign_up_on_the_page_and_play_their_match(
    serve: Callable[..., Server], browser: Any, tmp_path: Path
) -> None:
    base = serve("--admin-tokens", hashlib.sha256(ADMIN.encode()).hexdigest()).base
    ann, bob = browser(), browser()
    ann_id = sign_up(ann, base, "ann")
    bob_id = sign_up(bob, base, "bob")
    # Ann creates the tournament with the form on the tournaments page.
    ann.get(base + "/tournaments")
    wait_for(lambda: ann.find_elements(By.ID, "tournament-game"), what="the create form")
    ann.execute_script(
        "const s = document.getElementById('tournament-game'); s.value = 'tictactoe';"
        " s.dispatchEvent(new Event('change', {bubbles: true}));"
    )
    ann.find_element(By.ID, "tournament-name").send_keys("Spring cup")
    ann.find_element(By.CSS_SELECTOR, "#tcreate-h ~ form button[type=submit]").click()
    wait_for(lambda: "/tournaments/" in ann.current_url, what="the tournament's page")
    tid = ann.current_url.split("/tournaments/")[1].split("?")[0]
    _click(ann, "[data-action='join-tournament']", "ann's sign-up button")
    bob.get(f"{base}/tournaments/{tid}")
    _click(bob, "[data-action='join-tournament']", "bob's sign-up button")
    wait_for(lambda: len(call(base, "GET", f"/api/tournaments/{tid}")["players"]) == 2,
             what="both signed up")  # fmt: skip
    ann.get(f"{base}/tournaments/{tid}")
    _click(ann, "[data-action='start-tournament']", "the start button")
    link = "[data-match] a"
    for page in (ann, bob):
        wait_for(lambda p=page: p.find_elements(By.CSS_SELECTOR, link), what="the match's link")
    save_screenshot(ann, tmp_path / "tournament-running.png")
    assert axe_violations(ann) == []  # the tournament's page, running
    table_id = ann.find_element(By.CSS_SELECTOR, "[data-match]").get_attribute("data-match")
    ann.find_element(By.CSS_SELECTOR, link).click()  # the page links to the match table
    wait_for(lambda: attr(ann, "data-table") == table_id, what="the match table")
    for page in (ann, bob):  # every legal move as a control (a game without its own board)
        page.get(f"{base}/tables/{table_id}?all-moves=1")
        wait_for(lambda p=page: attr(p, "data-status") == "playing", what="the game")
    play_to_end([ann, bob], seed=5)  # tic-tac-toe: a short game by clicks
    ann.get(f"{base}/tournaments/{tid}")
    wait_for(lambda: attr(ann, "data-tournament-status") == "finished", timeout=60,
             what="the tournament finished")  # fmt: skip
    rows = ann.find_elements(By.CSS_SELECTOR, "[data-standings] tbody tr")
    assert len(rows) == 2
    ann.get(f"{base}/tournaments")
    wait_for(lambda: ann.find_elements(By.CSS_SELECTOR, "[data-tournament]"), what="the list")
    assert axe_violations(ann) == []  # the list and the create form
    standings = call(base, "GET", f"/api/tournaments/{tid}/standings")["items"]
    assert {s["name"] for s in standings} == {"ann", "bob"}
    assert call(base, "GET", f"/api/tournaments/{tid}")["summary"]["creator"] == ann_id["player_id"]
    # Bob reports the match; an arbiter rules that Ann forfeits it; the page says so.
    view = call(base, "GET", f"/api/tournaments/{tid}")
    seat = view["rounds"][0]["matches"][0]["players"].index(ann_id["player_id"])
    body = {"reason": "abuse", "version": 3, "text": "help from outside"}
    case = call(base, "POST", f"/api/tables/{table_id}/disputes", body, bob_id["token"])
    verdict = {"verdict": "forfeit", "reason": "help from outside", "seat": seat}
    call(base, "POST", f"/api/admin/disputes/{case['dispute_id']}/verdict", verdict, ADMIN)
    ann.get(f"{base}/tournaments/{tid}")
    ruling = wait_for(lambda: ann.find_elements(By.CSS_SELECTOR, "[data-ruling='forfeit']"),
                      what="the match's ruling")[0]  # fmt: skip
    assert "ann loses by an arbiter" in ruling.text
    first = ann.find_element(By.CSS_SELECTOR, "[data-standings] tbody tr")
    assert "bob" in first.text  # the standings follow the ruling
