"""Disputes in three browsers: a player reports a problem from the table page, the other
player adds a statement on the case page, an arbiter (admin token) finds the case in the
queue with the record's check and annuls the game; both sides in English and German.
With SENET_SCREENSHOTS set, the pages are saved under docs/screenshots/ for docs/disputes.md."""

from __future__ import annotations

import hashlib
import os
import uuid
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import Server
from tests.browser.kit import attr, call, save_screenshot, wait_for
from tests.browser.test_live import open_page, play_randomly

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
ADMIN = "a-browser-arbiter-token"
TEXT = "The score <b>after</b> round 2 looks wrong"


def _shot(driver: Any, name: str, tmp: Path, selector: str = "") -> None:
    """The page (or only the element `selector` names) as a PNG."""
    paths = [tmp / f"{name}.png"]
    if os.environ.get("SENET_SCREENSHOTS"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        paths.append(SCREENSHOTS / f"{name}.png")
    for path in paths:
        if selector:
            element = driver.find_element(By.CSS_SELECTOR, selector)
            driver.execute_script("arguments[0].scrollIntoView()", element)
            element.screenshot(str(path))
        else:
            save_screenshot(driver, path)


def _finished_table(base: str) -> tuple[str, list[str]]:
    tokens = [
        call(base, "POST", "/api/players", {"name": f"disp-{uuid.uuid4().hex[:6]}"})["token"]
        for _ in range(2)
    ]
    table_id = call(base, "POST", "/api/tables", {"game": "sobek", "seats": 2}, tokens[0])[
        "table_id"
    ]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
    play_randomly(base, table_id, tokens, seed=5)
    return table_id, tokens


def _german(driver: Any) -> None:
    driver.execute_script("localStorage.setItem('senet.lang', 'de')")
    driver.refresh()


def _css(driver: Any, selector: str, what: str) -> Any:
    return wait_for(lambda: driver.find_element(By.CSS_SELECTOR, selector), what=what)


def test_a_report_reaches_the_arbiter_who_annuls_the_game_in_both_languages(
    serve: Any, browser: Any, tmp_path: Path
) -> None:
    digest = hashlib.sha256(ADMIN.encode()).hexdigest()
    server: Server = serve("--admin-tokens", digest)
    base = server.base
    table_id, tokens = _finished_table(base)
    reporter, other, arbiter = browser(), browser(), browser()

    # the player's side: "Report a problem" on the finished table's page
    open_page(reporter, base, f"/tables/{table_id}", tokens[1])
    _css(reporter, "[data-report] summary", "the report form").click()
    Select(_css(reporter, "select[name=reason]", "reasons")).select_by_value("wrong_score")
    reporter.find_element(By.CSS_SELECTOR, "textarea[name=text]").send_keys(TEXT)
    _shot(reporter, "dispute-report", tmp_path, "[data-report]")
    reporter.find_element(By.CSS_SELECTOR, "[data-report] button[type=submit]").click()
    dispute = wait_for(lambda: attr(reporter, "data-report-done"), what="the report sent")

    # the other player is told and adds a statement on the case page
    other.get(f"{base}/disputes/{dispute}#token={tokens[0]}")
    field = _css(other, "textarea[name=statement]", "the statement form")
    assert _css(other, "[data-case-text]", "the case").text == TEXT  # shown as text
    field.send_keys("All was fine")
    other.find_element(By.CSS_SELECTOR, "[data-statement-form] button").click()
    wait_for(lambda: other.find_elements(By.CSS_SELECTOR, "[data-statement]"), what="statement")
    _shot(other, "dispute-case", tmp_path)

    # the arbiter's side: the queue with the record's check, the case, the verdict
    arbiter.get(f"{base}/arbiter")
    _css(arbiter, "input[name=arbiter-token]", "the token field").send_keys(ADMIN)
    arbiter.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    row = _css(arbiter, f"[data-queue-item='{dispute}']", "the case in the queue")
    assert (
        row.find_element(By.CSS_SELECTOR, "[data-verified]").get_attribute("data-verified") == "ok"
    )
    _shot(arbiter, "dispute-queue", tmp_path)
    row.find_element(By.CSS_SELECTOR, "a").click()
    _css(arbiter, "[data-verdict-form]", "the verdict form")
    seats = arbiter.find_elements(By.CSS_SELECTOR, "[data-seat-state]")
    assert [s.get_attribute("data-seat-state") for s in seats] == ["0", "1"]  # game over
    _shot(arbiter, "dispute-arbiter", tmp_path)
    Select(arbiter.find_element(By.CSS_SELECTOR, "select[name=verdict]")).select_by_value(
        "annulled"
    )
    arbiter.find_element(By.CSS_SELECTOR, "textarea[name=reason]").send_keys("Scored wrongly")
    arbiter.find_element(By.CSS_SELECTOR, "[data-verdict-form] button[type=submit]").click()
    wait_for(lambda: attr(arbiter, "data-verdict") == "annulled", what="the verdict shown")
    wait_for(lambda: not arbiter.find_elements(By.CSS_SELECTOR, "[data-verdict-form]"),
             what="the case closed")  # fmt: skip

    # both players see the verdict; the game left their results
    other.refresh()
    wait_for(lambda: attr(other, "data-verdict") == "annulled", what="the player sees it")
    for token in tokens:
        me = call(base, "GET", "/api/me", token=token)["player_id"]
        results = call(base, "GET", f"/api/players/{me}/results", token=token)["items"]
        assert table_id not in [r["table_id"] for r in results]

    # the same pages in German
    _german(other)
    wait_for(lambda: "Schiedsspruch" in other.page_source, what="the German case page")
    _shot(other, "dispute-case-de", tmp_path)
    arbiter.get(f"{base}/arbiter?state=settled")
    _german(arbiter)  # the admin token is kept for this tab: no need to give it again
    _css(arbiter, f"[data-queue-item='{dispute}']", "the settled case")
    assert "Zu entscheidende Streitfälle" in arbiter.page_source
    _shot(arbiter, "dispute-queue-de", tmp_path)
    arbiter.get(f"{base}/arbiter/{dispute}")
    wait_for(lambda: attr(arbiter, "data-verdict") == "annulled", what="the German case")
    _shot(arbiter, "dispute-arbiter-de", tmp_path)
    _german(reporter)
    _css(reporter, "[data-report] summary", "the German report form").click()
    assert "Problem melden" in reporter.page_source
    form = "[data-report] textarea"
    wait_for(lambda: reporter.find_element(By.CSS_SELECTOR, form).is_displayed(), what="the form")
    _shot(reporter, "dispute-report-de", tmp_path, "[data-report]")
