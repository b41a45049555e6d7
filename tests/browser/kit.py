"""Helpers of the browser tests: the API by urllib, waiting on the DOM, playing by clicks."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
WAIT = 30.0  # a generous bound for anything the page must show


def call(
    base: str, method: str, path: str, body: Any = None, token: str | None = None,
    timeout: float = 20.0,
) -> Any:  # fmt: skip
    """One API call; the decoded JSON answer (`timeout`: seconds for the answer to come)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.loads(answer.read())


def wait_for(check: Callable[[], Any], timeout: float = WAIT, what: str = "the page") -> Any:
    """Poll until `check()` is truthy (a WebDriver hiccup while re-rendering counts as not yet)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = check()
        except (StaleElementReferenceException, WebDriverException):
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g}s waiting for {what}")
        time.sleep(0.05)


def attr(driver: Any, name: str) -> str | None:
    """The first element's value of a `data-*` hook, or None."""
    return driver.execute_script(
        "const e = document.querySelector(`[${arguments[0]}]`);"
        " return e && e.getAttribute(arguments[0]);",
        name,
    )


def sign_up(driver: Any, base: str, name: str) -> dict[str, str]:
    """Sign up through the form (input `name`); the token and player id the page kept."""
    driver.get(base + "/")
    field = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "input[name=name]"))
    field.send_keys(name)
    field.submit()
    token = wait_for(lambda: driver.execute_script("return localStorage.getItem('senet.token')"))
    who = json.loads(driver.execute_script("return localStorage.getItem('senet.who')"))
    return {"token": token, "player_id": who["player_id"], "name": name}


def create_table(driver: Any, base: str, game: str, options: dict[str, Any] | None = None) -> str:
    """Create a two-seat table from the lobby's form; the table id the page went to."""
    driver.get(base + "/")
    Select(wait_for(lambda: driver.find_element(By.ID, "create-game"))).select_by_value(game)
    for name, value in (options or {}).items():  # the fields drawn from the game's schema
        field = wait_for(
            lambda n=name: driver.find_element(By.ID, f"opt-{n}"), what=f"option {name}"
        )
        if isinstance(value, bool):
            if field.is_selected() != value:
                field.click()
        else:
            # the labels are words; each option's value (property) is the enum's value
            wanted = [o for o in Select(field).options if o.get_property("value") == str(value)]
            assert wanted, f"no option {value!r} for {name}"
            Select(field).select_by_index(Select(field).options.index(wanted[0]))
    driver.find_element(By.CSS_SELECTOR, "#create-h ~ form button[type=submit]").click()
    wait_for(lambda: "/tables/" in driver.current_url, what="the new table's page")
    return driver.current_url.split("/tables/")[1].split("?")[0]


def join_from_lobby(driver: Any, base: str, table_id: str) -> None:
    """Find the table in the lobby and press its Join button."""
    driver.get(base + "/")
    row = f"li[data-table='{table_id}'] button"
    wait_for(
        lambda: driver.find_element(By.CSS_SELECTOR, row), what="the table in the lobby"
    ).click()
    wait_for(lambda: table_id in driver.current_url, what="the table page after joining")


# Clicks a part of the page where a person would: scrolled into view, on its centre, only if
# nothing covers it there; `clickOnTop(part)` answers null, or what covers the part.
CLICK_ON_TOP = """
const clickOnTop = (part) => {
  part.scrollIntoView({block: 'center', inline: 'center'});
  const box = part.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!top || !(top === part || part.contains(top))) {
    return top ? top.outerHTML.slice(0, 120) : 'nothing';
  }
  part.click();
  return null;
};
"""

# A random legal-move control on the page; clicked if it is the page's turn. Answers
# [status, your turn, clicked, version, what covers the control].
PICK = (
    CLICK_ON_TOP
    + """
const status = document.querySelector('[data-status]');
const turn = document.querySelector('[data-your-turn]');
const controls = [...document.querySelectorAll('[data-move]')]
  .filter((e) => !e.disabled && e.offsetParent !== null);
const version = document.querySelector('[data-version]');
const control = controls.length ? controls[Math.floor(arguments[0] * controls.length)] : null;
const mine = turn && turn.dataset.yourTurn === 'true' && control !== null;
const covered = mine ? clickOnTop(control) : null;
return [status && status.dataset.status, turn && turn.dataset.yourTurn,
        mine && covered === null, version && version.dataset.version, covered];
"""
)


def play_to_end(
    pages: list[Any], seed: int, each_step: Callable[[int], None] | None = None, limit: int = 3000
) -> int:
    """Click random legal-move controls on each page whose turn it is until every page is
    over (one script per page and look; a covered control fails, as nobody could click it)."""
    rng = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and clicks < limit:
        states = []
        for page in pages:
            try:
                state = page.execute_script(PICK, rng.random())
            except WebDriverException:  # a page being reloaded: look again
                state = [None, None, False, None, None]
            assert state[4] is None, f"a move's control is covered: {state[4]}"
            states.append(state)
            if state[2]:
                clicks += 1
                if each_step is not None:
                    each_step(clicks)
        if all(s[0] == "over" for s in states):
            return clicks
        if not any(s[2] for s in states):
            time.sleep(0.05)
    raise AssertionError(f"the game did not end ({clicks} clicks)")


def axe_violations(driver: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the current page."""
    driver.execute_script(AXE.read_text())
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations))"
        ".catch((e) => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));"
    )
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["target"] for n in v["nodes"]][:5],
        }
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def scores_on_page(driver: Any) -> dict[int, int]:
    """The final scores the result table shows, by seat."""
    cells = driver.find_elements(By.CSS_SELECTOR, "[data-score-seat]")
    return {int(c.get_attribute("data-score-seat")): int(c.text) for c in cells}


class NetworkTap:
    """Every JSON body a page received (API answers and socket frames), from Chromium's log."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.pending: dict[str, str] = {}  # request id -> URL, until its body has loaded
        self.missed = 0

    def drain(self) -> list[tuple[str, Any]]:
        """The bodies received since the last call."""
        out: list[tuple[str, Any]] = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message.get("method"), message.get("params", {})
            if method == "Network.webSocketFrameReceived":
                out.append(("ws", json.loads(params["response"]["payloadData"])))
            elif method == "Network.responseReceived" and "/api/" in params["response"]["url"]:
                self.pending[params["requestId"]] = params["response"]["url"]
            elif method == "Network.loadingFinished" and params["requestId"] in self.pending:
                url = self.pending.pop(params["requestId"])
                try:
                    body = self.driver.execute_cdp_cmd(
                        "Network.getResponseBody", {"requestId": params["requestId"]}
                    )
                    out.append((url, json.loads(body["body"])))
                except (WebDriverException, ValueError):
                    self.missed += 1  # no body kept (or not JSON)
        return out


def save_screenshot(driver: Any, path: Path, max_height: int = 1800) -> None:
    """A PNG of the page from its top (beyond the window, up to `max_height` pixels)."""
    import base64

    driver.execute_script("window.scrollTo(0, 0)")
    height = min(max_height, int(driver.execute_script("return document.body.scrollHeight")))
    width = int(driver.execute_script("return window.innerWidth"))
    clip = {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}
    )
    path.write_bytes(base64.b64decode(shot["data"]))
