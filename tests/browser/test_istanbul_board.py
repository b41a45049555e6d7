"""Istanbul in the browser: its own board (not the generic one), moves made by clicking a
place and then one of its choices, the other seat's bonus cards never on a page, the log
in sentences; one page in English at desktop size, the other in German at phone size, neither
wider than its window nor with a number from zero, the German one without English; the end
with its breakdown of rubies and the tie-breaks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from tests.browser.conftest import Server
from tests.browser.kit import (
    attr,
    axe_violations,
    call,
    create_table,
    join_from_lobby,
    save_screenshot,
    sign_up,
    wait_for,
)
from tests.browser.test_boards import (
    PHONE,
    SHOOT,
    at_desktop_width,
    layout_problems,
    screenshots,
)
from tests.platform import ISTANBUL_PREFERRED, towards_the_end

SHORT = 1  # rubies the clicks must still win
PREFERRED = sorted(ISTANBUL_PREFERRED)  # the moves that bring rubies nearer

CLICK = """
const page = document.querySelector('[data-board="istanbul"]');
if (!page || document.querySelector('[data-your-turn]').dataset.yourTurn !== 'true') return null;
const open = [...page.querySelectorAll('.ist-place.ist-open button.ist-place-name')];
return open.length ? open[Math.floor(arguments[0] * open.length)] : null;
"""
CHOICE = """
const buttons = [...document.querySelectorAll('[data-board="istanbul"] .ist-choices [data-move]')]
  .filter((e) => !e.disabled);
return buttons.length ? buttons[Math.floor(arguments[0] * buttons.length)] : null;
"""


def _click_board(pages: list[Any], rng: random.Random, moves: int) -> int:
    """Click a place with choices, then a choice, on the page whose turn it is."""
    made = 0
    deadline = time.monotonic() + 240
    while made < moves and time.monotonic() < deadline:
        for page in pages:
            try:
                place = page.execute_script(CLICK, rng.random())
                if place is None:
                    continue
                version = attr(page, "data-version")
                place.click()
                choice = wait_for(
                    lambda p=page: p.execute_script(CHOICE, rng.random()), what="a choice"
                )
                choice.click()
                wait_for(
                    lambda p=page, v=version: attr(p, "data-version") != v, what="the move's answer"
                )
                made += 1
            except WebDriverException:
                continue
        time.sleep(0.05)
    return made


# One whole move clicked inside the page (one WebDriver call a move, no fixed wait): a place
# with choices, then one of its choices, then the wait for the move's answer (a new
# data-version). With `prefer` (85% of moves, as `_near_its_end` picks them) the place of the
# turn's action and a choice that brings rubies nearer (`preferred`, never declining to pay)
# when there is one. Only enabled, visible buttons are clicked; the answer is "moved", or
# null when it is not this page's turn.
MOVE = """
const [place, pick, prefer, preferred, done] = arguments;
const visible = (e) => !e.disabled && e.getClientRects().length > 0;
const turn = document.querySelector('[data-your-turn]');
const board = document.querySelector('[data-board="istanbul"]');
if (!board || !turn || turn.dataset.yourTurn !== 'true') return done(null);
const open = [...board.querySelectorAll('.ist-place.ist-open button.ist-place-name')]
  .filter(visible);
if (!open.length) return done(null);
const version = document.querySelector('[data-version]').dataset.version;
const here = open.filter((e) => e.closest('.ist-current'));
const places = prefer && here.length ? here : open;
places[Math.floor(place * places.length)].click();
const until = Date.now() + 20000;
let chosen = false;
const step = () => {
  if (Date.now() > until) return done(chosen ? 'no answer' : 'no choice');
  if (!chosen) {
    const choices = '[data-board="istanbul"] .ist-choices [data-move]';
    const buttons = [...document.querySelectorAll(choices)].filter(visible);
    const good = buttons.filter((e) => {
      const m = JSON.parse(e.dataset.move);
      return preferred.includes(m.type) && m.pay !== false;
    });
    const from = prefer && good.length ? good : buttons;
    if (from.length) { from[Math.floor(pick * from.length)].click(); chosen = true; }
  } else if (document.querySelector('[data-version]').dataset.version !== version) {
    return done('moved');
  }
  setTimeout(step, 5);
};
step();
"""


def _click_to_end(pages: list[Any], seed: int, limit: int) -> int:
    """Click whole moves (MOVE) on the page whose turn it is until both pages show the game
    over; the number of moves clicked (failing after `limit`). The draws of each move come
    from `seed` and the move's number, so a seeded table plays the same game every run."""
    for page in pages:
        page.set_script_timeout(30)
    made = 0
    deadline = time.monotonic() + 300
    while made < limit and time.monotonic() < deadline:
        if all(attr(p, "data-status") == "over" for p in pages):
            return made
        moved = False
        for page in pages:
            rng = random.Random(seed * 100_000 + made)
            args = (rng.random(), rng.random(), rng.random() < 0.85, PREFERRED)
            try:
                answer = page.execute_async_script(MOVE, *args)
            except WebDriverException:
                continue
            assert answer in (None, "moved"), answer
            if answer:
                made, moved = made + 1, True
        if not moved:
            time.sleep(0.02)  # the other page's live update is on its way
    raise AssertionError(f"the game did not end after {made} clicked moves")


def test_istanbul_is_played_by_clicking_places_and_their_choices(
    server: Server, browser: Any
) -> None:
    alice, zoe = browser(), browser()
    players = [sign_up(alice, server.base, "alice-ist"), sign_up(zoe, server.base, "zoe-ist")]
    zoe.execute_script("localStorage.setItem('senet.lang', 'de')")
    zoe.set_window_size(PHONE, 900)
    table_id = create_table(alice, server.base, "istanbul")
    join_from_lobby(zoe, server.base, table_id)
    wait_for(
        lambda: alice.find_element("xpath", "//button[normalize-space()='Start the game']")
    ).click()
    for page in (alice, zoe):
        page.get(f"{server.base}/tables/{table_id}")
        wait_for(lambda p=page: attr(p, "data-status") == "playing", what="a playing table")
        wait_for(
            lambda p=page: p.find_elements(By.CSS_SELECTOR, '[data-board="istanbul"]'),
            what="the board",
        )
        assert len(page.find_elements(By.CSS_SELECTOR, "[data-place]")) == 16
        assert page.find_elements(By.CSS_SELECTOR, "[data-legend]"), "no legend of the pieces"
    assert _click_board([alice, zoe], random.Random(3), 30) >= 30
    for page, german in ((alice, False), (zoe, True)):
        problems = layout_problems(page, german)
        assert not problems, problems[:10]
    for seat, page in enumerate((alice, zoe)):
        view = call(
            server.base, "GET", f"/api/tables/{table_id}/view", token=players[seat]["token"]
        )
        other = view["game"]["players"][1 - seat]
        assert other["hand"] is None
        shown = {
            e.get_attribute("data-card")
            for e in page.find_elements(By.CSS_SELECTOR, f'[data-player="{1 - seat}"] [data-card]')
        }
        assert shown == set()
    english = alice.find_element(By.CSS_SELECTOR, ".log-lines").text
    assert "moved to" in english or "took" in english
    german = zoe.find_element(By.CSS_SELECTOR, ".log-lines").text
    assert "zog auf" in german or "nahm" in german
    assert "Next:" not in german and "Weiter: encounter" not in german
    assert axe_violations(alice) == []
    screenshots(alice, server.base, table_id, "istanbul")
    screenshots(zoe, server.base, table_id, "istanbul-de")


def _near_its_end(base: str, tokens: list[str], rng: random.Random, short: int) -> str:
    """A new table (its seed chosen: the same game every run) played with random legal moves
    over the API (most of them ones that bring rubies nearer; about 100 moves a ruby) until a
    player is `short` rubies short of the rubies that end the game."""
    create = {"game": "istanbul", "seats": 2, "seed": "5" * 64}
    table_id = call(base, "POST", "/api/tables", create, tokens[0])["table_id"]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
    view = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])
    for _ in range(5_000):
        game = view["game"]
        if max(p["rubies"] for p in game["players"]) >= game["ruby_target"] - short:
            return table_id
        if not view["your_turn"]:
            seat = view["to_act"][0]
            view = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[seat])
        seat = view["seat"]
        moves = view["legal_moves"]
        good = [m for m in moves if towards_the_end(m)]
        move = rng.choice(good if good and rng.random() < 0.85 else moves)
        answer = call(base, "POST", f"/api/tables/{table_id}/moves", {"move": move}, tokens[seat])
        view = answer["view"] or call(
            base, "GET", f"/api/tables/{table_id}/view", token=tokens[seat]
        )
    raise AssertionError("nobody came near the rubies that end the game")


def test_istanbul_ends_with_its_rubies_and_tie_breaks_in_english_and_german(
    serve: Callable[..., Server], browser: Any
) -> None:
    """A game played over the API until a player is two rubies short of the end
    (`_near_its_end`), then to its end by clicking places and their choices on both pages
    (English at desktop size, German at a phone's): the last rubies, the last round and the
    end; then both pages show the end reason, the rubies by source adding up to the score
    and the three tie-breaks in order."""
    base = serve("--client-seeds").base  # a seeded table: the same game, the same clicks
    tokens = [call(base, "POST", "/api/players", {"name": n})["token"] for n in ("ida", "ugo")]
    table_id = _near_its_end(base, tokens, random.Random(5), short=SHORT)
    game = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])["game"]
    assert max(p["rubies"] for p in game["players"]) < game["ruby_target"]  # left to the clicks
    from tests.browser.test_live import open_page

    ida, ugo = browser(), browser()
    ugo.set_window_size(PHONE, 900)
    for page, token, lang in ((ida, tokens[0], "en"), (ugo, tokens[1], "de")):
        open_page(page, base, f"/tables/{table_id}", token)
        page.execute_script(f"localStorage.setItem('senet.lang', '{lang}')")
        page.refresh()
        wait_for(lambda p=page: attr(p, "data-status"), what="the table page")
    # 88 moves clicked (some 20 s): the ruby that ends the game, the last round, the end.
    assert _click_to_end([ida, ugo], 7, 2_000) >= 10
    for page in (ida, ugo):
        wait_for(
            lambda p=page: p.find_elements(By.CSS_SELECTOR, "[data-breakdown]"), what="the end"
        )
    views = [call(base, "GET", f"/api/tables/{table_id}/view", token=t) for t in tokens]
    assert views[0]["table"]["status"] == "over"
    scores = views[0]["result"]["scores"]
    for page, german in ((ida, False), (ugo, True)):
        problems = layout_problems(page, german)
        assert not problems, problems[:10]
        rows = page.find_elements(By.CSS_SELECTOR, "[data-breakdown] tbody tr")
        labels = [r.find_element(By.CSS_SELECTOR, "th").text for r in rows]
        ties = [x for x in labels if ("Tie-break" if not german else "Gleichstand") in x]
        assert len(ties) == 3, labels
        assert (
            len(labels) > 3
            and "Not broken down" not in labels
            and "Nicht aufgeschlüsselt" not in labels
        )
        assert page.find_element(By.CSS_SELECTOR, "[data-end-reason]").text
    assert scores
    problems = at_desktop_width(ugo, german=True)  # the German end at a desktop's width too
    assert not problems, problems[:10]
    if SHOOT:
        shots = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
        save_screenshot(ida, shots / "istanbul-over.png")
        save_screenshot(ugo, shots / "istanbul-de-over-phone.png", max_height=4000)
