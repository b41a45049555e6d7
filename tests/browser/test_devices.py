"""Devices in the browser: add a device from my page (its link signs the new browser in with
a token of its own), revoke it (it stops at once), and the mailed sign-in link's page."""

from __future__ import annotations

import time
import urllib.error
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By

from shared.notify import links
from shared.notify.owners import sign_in_purpose
from shared.store import open_store
from tests.browser.conftest import Server
from tests.browser.kit import attr, call, save_screenshot, wait_for


def _me_status(base: str, token: str) -> int:
    try:
        call(base, "GET", "/api/me", token=token)
    except urllib.error.HTTPError as error:
        return error.code
    return 200


def test_a_device_is_added_by_its_link_and_revoked_at_once(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    base = server.base
    ann = call(base, "POST", "/api/players", {"name": "ann"})
    desk, phone = browser(), browser()
    desk.get(f"{base}/players/{ann['player_id']}#token={ann['token']}")
    wait_for(lambda: desk.find_elements(By.CSS_SELECTOR, "[data-token]"), what="my tokens")
    desk.find_element(By.ID, "device-name").send_keys("phone")
    desk.find_element(By.CSS_SELECTOR, "[data-add-device]").click()
    wait_for(lambda: desk.find_elements(By.CSS_SELECTOR, "[data-new-device]"), what="the link")
    new_id = attr(desk, "data-new-device")
    link = desk.find_element(By.CSS_SELECTOR, "[data-carry-link]").get_attribute("href")
    assert len(desk.find_elements(By.CSS_SELECTOR, "[data-token]")) == 2
    save_screenshot(desk, tmp_path / "devices.png")

    phone.get(link)
    wait_for(lambda: phone.execute_script("return localStorage.getItem('senet.token')"),
             what="the phone signed in")  # fmt: skip
    phone_token = phone.execute_script("return localStorage.getItem('senet.token')")
    assert phone_token != ann["token"]
    assert call(base, "GET", "/api/me", token=phone_token)["player_id"] == ann["player_id"]

    desk.find_element(By.CSS_SELECTOR, f"[data-revoke='{new_id}']").click()
    wait_for(
        lambda: desk.find_element(By.CSS_SELECTOR, f"[data-token='{new_id}']").get_attribute(
            "data-revoked"
        ) == "true",
        what="the revoked device",
    )  # fmt: skip
    assert _me_status(base, phone_token) == 401
    assert _me_status(base, ann["token"]) == 200


def test_the_mailed_sign_in_link_gives_the_browser_a_token(server: Server, browser: Any) -> None:
    base = server.base
    bob = call(base, "POST", "/api/players", {"name": "bob"})
    store = open_store(f"sqlite:///{server.log.parent}/senet-{server.port}.db")
    try:  # the link the notify service would mail
        key = links.signing_key(store)
        code = links.sign(key, bob["player_id"], sign_in_purpose("abc123", int(time.time()) + 600))
    finally:
        store.close()
    page = browser()
    page.get(f"{base}/sign-in#{code}")
    wait_for(lambda: attr(page, "data-sign-in") == "signedInNow", what="signed in")
    assert "#" not in page.current_url  # the code left the address bar
    token = page.execute_script("return localStorage.getItem('senet.token')")
    assert call(base, "GET", "/api/me", token=token)["player_id"] == bob["player_id"]
    again = browser()
    again.get(f"{base}/sign-in#{code}")
    wait_for(lambda: attr(again, "data-sign-in") == "failed", what="the used link refused")
    refused = again.find_element(By.CSS_SELECTOR, "[data-sign-in='failed']").text
    assert "used already" in refused and "link_used" not in refused  # words, not the code


def test_mails_speak_the_browsers_language_until_the_player_chooses(
    server: Server, browser: Any
) -> None:
    """A German browser sets the mail language once; the settings page changes it."""
    from selenium.webdriver.support.ui import Select

    base = server.base
    who = call(base, "POST", "/api/players", {"name": "greta"})
    page = browser()
    page.get(f"{base}/standings")  # (another address: a fragment alone would not reload)
    page.execute_script("localStorage.setItem('senet.lang', 'de')")  # as a German browser
    page.get(f"{base}/#token={who['token']}")

    def language() -> str:
        prefs = call(base, "GET", "/api/me/preferences", token=who["token"])
        return prefs["settings"]["language"]

    wait_for(lambda: language() == "de", what="the browser's language as the mail language")
    page.get(f"{base}/settings")
    field = wait_for(lambda: page.find_element(By.CSS_SELECTOR, "[data-mail-language]"))
    Select(field).select_by_index(0)  # English
    field.find_element(By.XPATH, "ancestor::form").find_element(
        By.CSS_SELECTOR, "button[type=submit]"
    ).click()
    wait_for(lambda: language() == "en", what="the chosen mail language")
    page.get(f"{base}/")  # a chosen language is never overwritten by the browser's
    time.sleep(1)
    assert language() == "en"
