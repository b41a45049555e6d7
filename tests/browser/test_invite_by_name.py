"""Inviting by name in the browser: the host invites a player from the table page, the
invitee finds the table under Invitations on the start page and joins it there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.conftest import Server
from tests.browser.kit import attr, call, save_screenshot, wait_for
from tests.browser.test_live import open_page


def test_the_host_invites_by_name_and_the_invitee_joins(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    base = server.base
    host = call(base, "POST", "/api/players", {"name": "hostess"})
    ann = call(base, "POST", "/api/players", {"name": "annika"})
    body = {"game": "ra", "seats": 2, "visibility": "private"}
    table_id = call(base, "POST", "/api/tables", body, host["token"])["table_id"]
    page = browser()
    open_page(page, base, f"/tables/{table_id}", host["token"])
    wait_for(lambda: page.find_elements(By.ID, "invitee"), what="the invite form")
    page.find_element(By.ID, "invitee").send_keys("Annika")
    page.find_element(By.CSS_SELECTOR, "[data-invite-name]").click()
    wait_for(lambda: page.find_elements(By.CSS_SELECTOR, f"[data-invitee='{ann['player_id']}']"),
             what="ann in the invited list")  # fmt: skip
    save_screenshot(page, tmp_path / "invite-host.png")

    guest = browser()
    guest.get(f"{base}/#token={ann['token']}")
    wait_for(lambda: f"/tables/{table_id}" in " ".join(
        a.get_attribute("href") or "" for a in guest.find_elements(By.CSS_SELECTOR, "a")
    ), what="the invitation on ann's start page")  # fmt: skip
    guest.get(f"{base}/tables/{table_id}")
    wait_for(lambda: attr(guest, "data-invited") == "true", what="ann sees her invitation")
    guest.find_element(By.CSS_SELECTOR, "[data-lobby='join']").click()
    wait_for(lambda: attr(page, "data-table") and page.find_elements(
        By.CSS_SELECTOR, "[data-lobby='start']"
    ), what="the host may start: the table is full")  # fmt: skip
    seats = call(base, "GET", f"/api/tables/{table_id}", token=host["token"])["seats"]
    assert [s["player_id"] for s in seats] == [host["player_id"], ann["player_id"]]
