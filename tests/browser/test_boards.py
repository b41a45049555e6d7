"""Can't Stop, Hera und Zeus, Ra, Egizia, Sobek and Tic-tac-toe played to the end by clicking
the board itself (no list of moves), one player's page in English at desktop size and the
other's in German at phone size (390 px): each game has its own board (not the generic one),
every log line, prompt and button is words (no brackets, braces, underscores or ids), no number
on the board or the moves panel counts from zero, neither page is wider than its window, the
German page has no English sentence or English word (looked at on a desktop's width
too, where no board's table may be cut), and the end screen says why the game ended
and where the points came from. Screenshots of each board (desktop and phone, English and
German, mid-game and end) with SENET_SCREENSHOTS=1."""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, require_browser
from tests.browser.kit import (
    CLICK_ON_TOP,
    attr,
    axe_violations,
    call,
    create_table,
    join_from_lobby,
    save_screenshot,
    scores_on_page,
    sign_up,
    wait_for,
)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SHOOT = bool(os.environ.get("SENET_SCREENSHOTS"))
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}")

# Every text a person reads as the game's words: log lines, the prompt, the buttons and labels
# of the board and the moves panel, the end screen.
TEXTS = """
const all = (sel) => [...document.querySelectorAll(sel)];
const pick = (sel) => all(sel).map((e) => e.textContent.trim()).filter(Boolean);
return {
  log: all('[data-event]').map((e) => [e.dataset.event, e.textContent.trim()]),
  prompt: pick('[data-prompt]'),
  buttons: pick('main button').concat([...document.querySelectorAll('[data-board] [aria-label]')]
    .map((e) => e.getAttribute('aria-label'))),
  reason: pick('[data-end-reason]'),
  title: document.title + ' ' + pick('h1').join(' '),
};
"""


PHONE = 390  # px: the German page plays at a phone's width

# The page's width beyond its window, and the words of the board, the moves panel and the prompt.
LAYOUT = """
const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.innerText).join('\\n');
return {
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  wide: [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.scroll'))
    .slice(-3).map((e) => `${e.tagName}.${e.className} ${e.textContent.slice(0, 30)}`),
  board: text('[data-board], .moves, [data-prompt], .result'),
  cut: [...document.querySelectorAll('[data-board] .scroll')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1)
    .map((e) => `${e.scrollWidth - e.clientWidth} px: ${e.textContent.slice(0, 40)}`),
  desktop: window.innerWidth >= 1000,
};
"""
ZERO = re.compile(
    r"\b(row|column|field|berth|crew|seat|round|Reihe|Spalte|Feld|Liegeplatz|Crew|Platz|Runde)"
    r" 0\b"
)
# English words that never belong on a German page (names of pieces and places aside).
ENGLISH = re.compile(
    r"\b(the|and|your|with|from|Take|Play|Move|End|Roll|Choose|Build|cards?|dice|turn|Score"
    r"|Players|Round|Sets|wants|left|gives|price|free|empty|Wait|none|Other)\b"
)


def layout_problems(page: Any, german: bool) -> list[str]:
    """What is wrong with the page's layout and words: overflow, a board's table cut at a
    desktop's width, numbers from zero, English."""
    got = page.execute_script(LAYOUT)
    problems = []
    if got["overflow"] > 1:
        problems.append(f"the page is {got['overflow']} px wider than its window: {got['wide']}")
    if got["desktop"]:  # at a desktop's width no table of a board needs scrolling
        problems += [f"a board's table is cut by {cut}" for cut in got["cut"]]
    problems += [f"from zero: {m.group(0)}" for m in ZERO.finditer(got["board"])]
    if german:
        problems += [
            f"English: {line}" for line in got["board"].splitlines() if ENGLISH.search(line)
        ]
    return problems


def at_desktop_width(page: Any, german: bool) -> list[str]:
    """`layout_problems` of a phone-size page looked at once at a desktop's width (then back)."""
    size = page.get_window_size()
    width = "return window.innerWidth"
    page.set_window_size(1280, 900)
    wait_for(lambda: page.execute_script(width) >= 1000, what="a desktop's width")
    problems = layout_problems(page, german)
    page.set_window_size(size["width"], size["height"])
    wait_for(lambda: page.execute_script(width) < 1000, what="the phone's width again")
    return problems


def words_only(texts: dict[str, Any], ids: list[str]) -> list[str]:
    """The texts that carry data rather than words."""
    bad = []
    lines = [t for _, t in texts["log"]] + texts["prompt"] + texts["buttons"] + [texts["title"]]
    for text in lines:
        if any(c in text for c in "[]{}_") or UUID.search(text) or any(i in text for i in ids):
            bad.append(text)
    return bad


# A clicker that ends a long game soon: the board's clickable parts, each with the kinds of move
# it leads to (data-move-kind / data-move-kinds, else the type in data-move). A part already
# chosen is completed first (one of its choices); otherwise the kinds are tried in the game's
# order, each with its chance (a kind passed over falls to the next), and with the chance
# `explore` any part at all is clicked.
BOARD_PARTS = """
const pick = (order, draws, explore) => {
const board = document.querySelector('[data-board]');
const status = document.querySelector('[data-status]');
const turn = document.querySelector('[data-your-turn]');
const state = [status && status.dataset.status, turn && turn.dataset.yourTurn, null,
               board && board.dataset.board];
if (!board) return state;
const parts = [...board.querySelectorAll('[data-move], [data-pick]')]
  .filter((e) => !e.disabled && e.offsetParent !== null);
const kinds = (e) => (e.dataset.moveKind ? [e.dataset.moveKind]
  : e.dataset.moveKinds ? e.dataset.moveKinds.split(' ')
  : e.dataset.move ? [JSON.parse(e.dataset.move).type] : []);
let d = 0;
const draw = () => draws[d++ % draws.length];
const any = (xs) => (xs.length ? xs[Math.floor(draw() * xs.length)] : null);
const moves = parts.filter((e) => e.dataset.move);
const chosen = parts.find((e) => e.dataset.pick && e.getAttribute('aria-pressed') === 'true');
if (chosen) {
  const want = kinds(chosen);
  state[2] = any(moves.filter((e) => e.closest('.part-choices') && want.includes(kinds(e)[0])));
  if (state[2]) return state;
}
if (draw() < explore) { state[2] = any(parts); return state; }
for (const [kind, chance] of order) {
  if (draw() >= chance) continue;
  const done = moves.filter((e) => kinds(e).includes(kind));
  const open = parts.filter((e) => e.dataset.pick && e !== chosen && kinds(e).includes(kind));
  state[2] = any(done.length ? done : open);
  if (state[2]) return state;
}
state[2] = any(parts);
return state;
};
"""

# After BOARD_PARTS: on the page whose turn it is, click the picked part where a person would
# (scrolled into view, on top at its centre); the state's [2] says whether it clicked, its [4]
# what covers a part that could not be clicked.
CLICK = (
    CLICK_ON_TOP
    + """
const state = pick(...arguments);
const part = state[1] === 'true' ? state[2] : null;
const covered = part ? clickOnTop(part) : null;
state[2] = part !== null && covered === null;
state.push(covered);
return state;
"""
)

# Per game: the kinds of move in the order the clicker prefers them, each with its chance, and
# the chance of clicking any part. Ra: roll, stop rolling, apply a die now and then, end the
# turn (re-rolling and applying every die make a game three times as long).
ORDERS: dict[str, tuple[list[tuple[str, float]], float]] = {
    "ra": (
        [
            ("RollDice", 1.0),
            ("DeclareDisaster", 1.0),
            ("RetrieveMarker", 1.0),
            ("StopRolling", 0.9),
            ("PlaceMonument", 0.4),
            ("PlaceCivilization", 0.4),
            ("AdvancePharaoh", 0.3),
            ("FloodNile", 0.4),
            ("AdvanceNile", 0.2),
            ("ScoreAnkhPair", 1.0),
            ("EndTurn", 1.0),
        ],
        0.05,
    ),
    "egizia": ([], 1.0),  # any part at all: these games end within about 100 clicks
    "sobek": ([], 1.0),
    "cantstop": ([], 1.0),
    # Challenges empty fields and find hostages: games about a third shorter.
    "herazeus": ([("Challenge", 0.9)], 0.3),
    "tictactoe": ([], 1.0),
}


def play_by_parts(pages: list[Any], game: str, seed: int, check: Any, limit: int = 4000) -> int:
    """Click board parts by the game's order (ORDERS) on each page whose turn it is until the
    end: one script per page and look, which picks the part and clicks it where it is on top
    (a covered part fails the test, as a person could not click it)."""
    rng = random.Random(seed)
    order, explore = ORDERS[game]
    clicks = 0
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline and clicks < limit:
        states = []
        for page in pages:
            draws = [rng.random() for _ in range(16)]
            state = page.execute_script(BOARD_PARTS + CLICK, order, draws, explore)
            assert state[3] == game, f"the board of {game} is {state[3]!r}"
            assert state[4] is None, f"a part of the {game} board is covered: {state[4]}"
            states.append(state)
            if state[2]:
                clicks += 1
                if clicks % 40 == 0 or (SHOOT and clicks % 3 == 0):
                    check()
        if all(s[0] == "over" for s in states):
            return clicks
        if not any(s[2] for s in states):
            time.sleep(0.05)
    raise AssertionError(f"the game did not end ({clicks} clicks)")


# For a screenshot: the page's turn with moves on the board (a part with several chosen; with
# arguments[0], only once there is such a part).
CHOOSING = """
const turn = document.querySelector('[data-your-turn]');
const part = document.querySelector('[data-board] [data-pick]:not([disabled])');
const move = document.querySelector('[data-board] [data-move]:not([disabled])');
if (!turn || turn.dataset.yourTurn !== 'true' || !(part || (move && !arguments[0]))) return false;
if (part && part.getAttribute('aria-pressed') === 'false') part.click();
return true;
"""


def screenshots(page: Any, base: str, table_id: str, name: str) -> None:
    """The page as it is and at the other size (desktop and phone)."""
    if not SHOOT:
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.get_window_size()
    phone = int(page.execute_script("return window.innerWidth")) <= PHONE
    save_screenshot(page, SCREENSHOTS / f"{name}{'-phone' if phone else ''}.png", max_height=3200)
    page.set_window_size(1280 if phone else PHONE, 900)
    time.sleep(0.5)
    other = f"{name}{'' if phone else '-phone'}.png"
    save_screenshot(page, SCREENSHOTS / other, max_height=3200)
    page.set_window_size(size["width"], size["height"])
    time.sleep(0.3)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One `senet serve` (embedded default) for this module: each test signs up its own
    players and opens its own table, so they need no server of their own."""
    require_browser()
    started = Server(tmp_path_factory.mktemp("boards"))
    yield started
    started.stop()


@pytest.mark.parametrize(
    ("game", "seed", "options"),
    [
        ("cantstop", 3, {}),
        ("herazeus", 7, {}),
        ("herazeus", 19, {}),
        ("ra", 5, {}),
        ("egizia", 11, {}),
        ("sobek", 13, {}),
        ("sobek", 17, {"variant": "async"}),
        ("tictactoe", 23, {}),
    ],
)
def test_a_game_is_played_by_clicking_its_board_in_english_and_german(
    server: Server, browser: Any, game: str, seed: int, options: dict[str, Any]
) -> None:
    alice, zoe = browser(), browser()
    players = [
        sign_up(alice, server.base, f"alice-{game}-{seed}"),
        sign_up(zoe, server.base, f"zoe-{game}-{seed}"),
    ]
    zoe.execute_script("localStorage.setItem('senet.lang', 'de')")
    zoe.set_window_size(PHONE, 900)
    table_id = create_table(alice, server.base, game, options)
    join_from_lobby(zoe, server.base, table_id)
    wait_for(lambda: alice.find_element("css selector", "[data-lobby=start]"), what="Start").click()
    for page in (alice, zoe):
        page.get(f"{server.base}/tables/{table_id}")
        wait_for(lambda p=page: attr(p, "data-status") == "playing", what="a playing table")
        assert attr(page, "data-board") == game
    ids = [table_id] + [p["player_id"] for p in players]
    shot: dict[str, bool] = {"done": False}

    def check() -> None:
        for page in (alice, zoe):
            texts = page.execute_script(TEXTS)
            assert not words_only(texts, ids), words_only(texts, ids)[:10]
        for page, german in ((alice, False), (zoe, True)):
            problems = layout_problems(page, german)
            assert not problems, problems[:10]
        english = {v: t for v, t in alice.execute_script(TEXTS)["log"]}
        german = zoe.execute_script(TEXTS)["log"]
        same = [t for e, t in german if t in english.values() and e != "SeatTaken"]
        assert not same, f"English sentences on the German page: {same[:5]}"
        if not shot["done"]:
            shot["done"] = True
            problems = axe_violations(alice)
            assert problems == [], f"serious accessibility violations on {game}: {problems}"
            problems = at_desktop_width(zoe, german=True)  # German words are longer
            assert not problems, problems[:10]
        for page, name in ((alice, game), (zoe, f"{game}-de")):
            picks = game not in ("cantstop", "tictactoe")  # boards whose parts choose
            if SHOOT and name not in shot and page.execute_script(CHOOSING, picks):
                time.sleep(0.3)  # the chosen part's moves shown
                shot[name] = True
                screenshots(page, server.base, table_id, name)

    clicks = play_by_parts([alice, zoe], game, seed, check)
    assert clicks >= 5  # tic-tac-toe's shortest game
    check()
    api = call(server.base, "GET", f"/api/tables/{table_id}/view", token=players[0]["token"])
    assert api["table"]["status"] == "over"
    expected = dict(enumerate(api["result"]["scores"]))
    for page in (alice, zoe):
        assert wait_for(lambda p=page: scores_on_page(p)) == expected
        reason = wait_for(lambda p=page: p.execute_script(TEXTS)["reason"], what="the end reason")
        assert reason and reason[0]
    said = zoe.execute_script(TEXTS)["reason"][0]
    assert any(w in said for w in ("gewinnt", "Spalten", "Reihe", "Unentschieden")), said
    for page, german in ((alice, False), (zoe, True)):
        problems = layout_problems(page, german)
        assert not problems, problems[:10]
    problems = at_desktop_width(zoe, german=True)
    assert not problems, problems[:10]
    if game in ("ra", "egizia", "sobek"):  # a breakdown that adds up without a vague row
        rows = zoe.find_elements("css selector", "[data-breakdown] tbody th")
        labels = [r.text for r in rows]
        assert labels and "Nicht aufgeschlüsselt" not in labels and "Sonstiges" not in labels, (
            labels
        )
    if SHOOT:
        save_screenshot(alice, SCREENSHOTS / f"{game}-over.png")
        save_screenshot(zoe, SCREENSHOTS / f"{game}-de-over-phone.png", max_height=4000)


def test_ra_rerolls_the_dice_not_clicked_to_keep(server: Server, browser: Any) -> None:
    """Re-rolling in Ra: the free dice are buttons; those clicked are kept, the rest roll again."""
    from tests.browser.test_live import open_page

    base = server.base
    tokens = [call(base, "POST", "/api/players", {"name": n})["token"] for n in ("ray", "sue")]
    table_id = call(base, "POST", "/api/tables", {"game": "ra", "seats": 2}, tokens[0])["table_id"]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
    for _ in range(40):  # roll until some dice may be re-rolled
        view = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[0])
        if any(m["type"] == "RerollDice" for m in view["legal_moves"]):
            break
        mover = 0 if view["your_turn"] else 1
        mine = call(base, "GET", f"/api/tables/{table_id}/view", token=tokens[mover])
        move = next(
            m for m in mine["legal_moves"] if m["type"] in ("RollDice", "StopRolling", "EndTurn")
        )
        call(base, "POST", f"/api/tables/{table_id}/moves", {"move": move}, tokens[mover])
    else:
        pytest.skip("no re-roll came up")
    rerolls = [m for m in view["legal_moves"] if m["type"] == "RerollDice"]
    free = sorted({d for m in rerolls for d in m["dice"]})
    page = browser()
    open_page(page, base, f"/tables/{table_id}", tokens[0])
    dice = wait_for(lambda: page.find_elements("css selector", "[data-board=ra] [data-die]"))
    assert sorted(int(d.get_attribute("data-die")) for d in dice) == free
    kept: list[int] = []
    if len(free) > 1:  # keep one (re-rolling nothing is no move)
        dice[0].click()
        assert wait_for(lambda: dice[0].get_attribute("aria-pressed") == "true")
        kept.append(int(dice[0].get_attribute("data-die")))
    button = wait_for(
        lambda: page.find_element("css selector", "[data-board=ra] button[data-move*=RerollDice]")
    )
    sent = json.loads(button.get_attribute("data-move"))
    assert sorted(sent["dice"]) == [d for d in free if d not in kept]
    assert sent in rerolls
    before = view["table"]["version"]
    button.click()
    wait_for(lambda: int(attr(page, "data-version")) > before, what="the re-roll")
