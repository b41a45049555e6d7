"""The pages around the boards, on one server for the module: a log of 10,000 events (loaded a
page at a time, one request in flight, to its end, numbered for people), a replay that
cannot act (every game), the table and tournament forms and the tournament's page.

The long game is written through the table worker itself (the deciders and the store, no
HTTP): the server is stopped meanwhile and started again on the same store.
"""

from __future__ import annotations

import os
import random
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from services.table.worker import TableWorker
from shared.contracts.envelopes import AnswerUndo, Command, PlayMove, RequestUndo
from shared.games.tictactoe.rules import Mark
from shared.store import open_store
from tests.browser.conftest import Server, require_browser
from tests.browser.kit import WAIT, attr, call, save_screenshot, wait_for

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SHOOT = bool(os.environ.get("SENET_SCREENSHOTS"))  # rewrite docs/screenshots/
CYCLES = 2000  # a mark, its take-back asked and allowed: 5 events each
LIVE_CYCLES = 100  # a table still in play, 500 events long
LONG_LOAD = 300.0  # seconds the first view of the long table may take on a busy machine
GAMES = ("ra", "egizia", "sobek", "cantstop", "herazeus", "istanbul", "tictactoe")


def _players(base: str, *names: str) -> list[dict[str, Any]]:
    return [call(base, "POST", "/api/players", {"name": n}) for n in names]


def _table(base: str, game: str, seated: list[dict[str, Any]], **more: Any) -> str:
    body = {"game": game, "seats": len(seated), **more}
    table_id = call(base, "POST", "/api/tables", body, seated[0]["token"])["table_id"]
    for p in seated[1:]:
        call(base, "POST", f"/api/tables/{table_id}/join", {}, p["token"])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, seated[0]["token"])
    return table_id


def _write_moves(db: str, table_id: str, ids: list[str], cycles: int, finish: bool) -> None:
    """Play tic-tac-toe at a table with take-backs straight through the table worker: marks
    taken back `cycles` times, then (with `finish`) seat 0's three in a row."""
    worker = TableWorker(open_store(db), None)  # type: ignore[arg-type]  # no broker: no rematch

    def command(seat: int, action: Any) -> Command:
        return Command(command_id=uuid.uuid4().hex, table_id=table_id, player_id=ids[seat],
                       action=action)  # fmt: skip

    def mark(cell: int) -> PlayMove:
        return PlayMove(move=msgspec.Raw(msgspec.json.encode(Mark(cell=cell))))

    commands = []
    for _ in range(cycles):
        commands += [command(0, mark(0)), command(0, RequestUndo()),
                     command(1, AnswerUndo(accept=True))]  # fmt: skip
    if finish:
        commands += [command(s, mark(c)) for s, c in ((0, 0), (1, 3), (0, 1), (1, 4), (0, 2))]
    for at in range(0, len(commands), 60):
        outcomes = worker.decide_and_store_many(commands[at : at + 60])
        assert all(o.accepted for o in outcomes), [o.error for o in outcomes if not o.accepted]


class Site:
    """The module's server, its players and the tables made before the browsers come."""

    def __init__(self, tmp: Path) -> None:
        self.server = Server(tmp)
        self.base = self.server.base
        self.ann, self.bob = _players(self.base, "ann", "bob")
        ids = [self.ann["player_id"], self.bob["player_id"]]
        pair = [self.ann, self.bob]
        self.long = _table(self.base, "tictactoe", pair, takebacks=True)
        self.live = _table(self.base, "tictactoe", pair, takebacks=True)
        self.server.stop()
        db = f"sqlite:///{tmp}/senet-{self.server.port}.db"
        _write_moves(db, self.long, ids, CYCLES, finish=True)
        _write_moves(db, self.live, ids, LIVE_CYCLES, finish=False)
        self.server.start()
        # The first view of a table of 10,000 events folds it and saves a snapshot every
        # 50 versions (seconds, and many more on a busy machine, while the restarted
        # server's projections catch up on the same events): done here, once, with room.
        for table_id in (self.long, self.live):
            call(self.base, "GET", f"/api/tables/{table_id}/view", token=self.ann["token"],
                 timeout=LONG_LOAD)  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    require_browser()
    made = Site(tmp_path_factory.mktemp("pages"))
    yield made
    made.server.stop()


def _sign_in(driver: Any, base: str, token: str, path: str) -> None:
    driver.get(f"{base}/#token={token}")
    wait_for(lambda: driver.execute_script("return localStorage.getItem('senet.token')"))
    driver.get(base + path)


SCROLL_DOWN = "const o = document.querySelector('[data-log-lines]'); o.scrollTop = o.scrollHeight;"
LOG = "return window.__senetLog || {requests: 0, inFlight: 0, most: 0}"
LINES = """
const ol = document.querySelector('[data-log-lines]');
if (!ol) return null;
const numbers = [...ol.querySelectorAll('li[data-line]')].map((li) => li.dataset.line);
const clipped = [...ol.querySelectorAll('.log-n')]
  .filter((n) => n.scrollWidth > n.clientWidth + 1).length;
return {count: Number(ol.dataset.logLines), start: ol.dataset.logStart === 'true', numbers, clipped,
        end: (ol.querySelector('[data-log-end]') || {}).textContent || ''};
"""


def test_a_log_of_10000_events_loads_a_page_at_a_time_to_its_end_numbered_for_people(
    site: Site, browser: Any
) -> None:
    view = call(site.base, "GET", f"/api/tables/{site.long}/view", token=site.ann["token"])
    assert view["table"]["status"] == "over" and view["table"]["version"] > 10_000
    page = browser()
    _sign_in(page, site.base, site.ann["token"], f"/tables/{site.long}")
    # the end shows at once (the newest page comes first), then the rest, a page at a time
    wait_for(lambda: "Game over" in page.find_element(By.CSS_SELECTOR, "[data-log-end]").text,
             what="the log's end")  # fmt: skip
    wait_for(lambda: attr(page, "data-log-start") == "true", timeout=120, what="the whole log")
    state = page.execute_script(LINES)
    # every line but the MoveBegan markers: MoveBegan, Marked, UndoRequested, UndoAccepted,
    # MoveUndone per cycle, and TableCreated, 2 SeatTaken, TableStarted, 5 marks, the seed
    log_lines = state["count"]
    assert log_lines == CYCLES * 4 + 4 + 5 + 1
    assert state["numbers"][0] == str(log_lines) and state["numbers"][-1] == "1"
    assert [int(n) for n in state["numbers"]] == list(range(log_lines, 0, -1))  # no skips
    assert state["clipped"] == 0  # five-digit numbers fit
    assert "three in a row" in state["end"]
    stats = page.execute_script(LOG)
    assert stats["most"] == 1  # never two requests at once
    assert stats["requests"] <= view["table"]["version"] // 200 + 3
    assert page.find_element(By.CSS_SELECTOR, "[data-status]").text == "Game over"
    page.execute_script("document.querySelector('[data-log-lines]').scrollTop = 0")
    page.execute_script("document.querySelector('.log').scrollIntoView()")
    if SHOOT:
        _shot(page, DOCS / "log-long-game.png", ".log")


def _more_or_start(page: Any, count: int) -> bool:
    shown = page.execute_script(LINES)
    return bool(shown["count"] > count or shown["start"])


def _shot(page: Any, path: Path, css: str) -> None:
    """A PNG of one element of the page."""
    element = page.find_element(By.CSS_SELECTOR, css)
    path.write_bytes(element.screenshot_as_png)


def test_a_live_log_loads_older_lines_on_scroll_and_coalesces_pushes(
    site: Site, browser: Any
) -> None:
    page = browser()
    _sign_in(page, site.base, site.bob["token"], f"/tables/{site.live}")
    first = wait_for(lambda: (s := page.execute_script(LINES)) and s["count"] and s,
                     what="the newest lines")  # fmt: skip
    assert not first["start"] and first["count"] < LIVE_CYCLES * 4  # only the newest page
    assert set(first["numbers"]) == {""}  # no number before the first line is known
    page.execute_script("document.querySelector('[data-log-lines]').scrollIntoView()")
    for _ in range(10):  # scrolled to the bottom of the log: older pages come
        page.execute_script(SCROLL_DOWN)
        shown = page.execute_script(LINES)
        if shown["start"]:
            break
        wait_for(lambda c=shown["count"]: _more_or_start(page, c), what="an older page")
    state = wait_for(
        lambda: (s := page.execute_script(LINES)) and s["start"] and s, what="the first line"
    )
    assert state["numbers"][-1] == "1"
    before = page.execute_script(LOG)["requests"]
    # fast moves (a mark, its take-back) while the page watches: pushes come faster than pages
    ann, bob = site.ann["token"], site.bob["token"]
    path = f"/api/tables/{site.live}"
    for _ in range(15):
        call(site.base, "POST", f"{path}/moves", {"move": {"type": "Mark", "cell": 4}}, ann)
        call(site.base, "POST", f"{path}/undo", {}, ann)
        call(site.base, "POST", f"{path}/undo/answer", {"accept": True}, bob)
    final = call(site.base, "GET", f"{path}/view", token=bob)["table"]["version"]
    wait_for(lambda: page.execute_script(
        "const l = document.querySelector('[data-log-lines] li[data-version]');"
        " return l && Number(l.dataset.version)") == final, what="the newest line")  # fmt: skip
    stats = page.execute_script(LOG)
    assert stats["most"] == 1
    assert stats["requests"] - before < 45  # fewer requests than pushes (75 events)
    numbers = [int(n) for n in page.execute_script(LINES)["numbers"]]
    assert numbers == list(range(len(numbers), 0, -1))


CLICK_ALL = """
const root = document.querySelector('.replay');
const posts = [];
const fetch0 = window.fetch;
window.fetch = (url, init) => {
  if (init && init.method && init.method !== 'GET') posts.push(String(url));
  return fetch0(url, init);
};
const controls = root.querySelector('.replay-controls');
const all = [...root.querySelectorAll('.main-col *, .side-col *')]
  .filter((e) => !controls.contains(e) && e.tagName !== 'A');
for (const e of all) { try { e.click(); } catch (err) { /* not clickable */ } }
return [all.length, posts];
"""


def _random_moves(
    base: str, table_id: str, seated: list[dict[str, Any]], count: int, seed: int
) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        views = [
            call(base, "GET", f"/api/tables/{table_id}/view", token=p["token"]) for p in seated
        ]
        if views[0]["result"] is not None or not views[0]["to_act"]:
            return
        seat = rng.choice(views[0]["to_act"])
        move = rng.choice(views[seat]["legal_moves"])
        call(base, "POST", f"/api/tables/{table_id}/moves", {"move": move}, seated[seat]["token"])


@pytest.mark.parametrize("game", GAMES)
def test_clicking_everything_on_a_replay_changes_nothing(
    site: Site, browser: Any, game: str
) -> None:
    seated = [site.ann, site.bob]
    table_id = _table(site.base, game, seated)
    _random_moves(site.base, table_id, seated, 6, seed=len(game))
    views = [
        call(site.base, "GET", f"/api/tables/{table_id}/view", token=p["token"]) for p in seated
    ]
    version = views[0]["table"]["version"]
    actor = seated[views[0]["to_act"][0]] if views[0]["to_act"] else site.ann
    page = browser()
    _sign_in(page, site.base, actor["token"], f"/tables/{table_id}/replay?at={version}")
    for k in (version, max(1, version - 2)):  # the newest step (the actor's turn) and one before
        page.get(f"{site.base}/tables/{table_id}/replay?at={k}")
        wait_for(lambda k=k: attr(page, "data-replay-version") == str(k), what=f"step {k}")
        wait_for(
            lambda: page.find_elements(By.CSS_SELECTOR, "[data-read-only] [data-board]"),
            what="the board",
        )
        assert (
            page.find_elements(
                By.CSS_SELECTOR, "[data-resign], [data-rematch], textarea, [data-prompt]"
            )
            == []
        )
        assert page.find_elements(By.CSS_SELECTOR, ".replay [data-move]:not([disabled])") == []
        link = page.find_element(By.CSS_SELECTOR, "[data-report-link]")  # a link, not a form
        assert link.get_attribute("href").endswith(f"/tables/{table_id}?report={k}")
        clicked, posts = page.execute_script(CLICK_ALL)
        assert clicked > 0 and posts == []
        board = page.find_element(By.CSS_SELECTOR, "[data-read-only]")
        ActionChains(page).move_to_element(board).click().perform()  # a real click: it is inert
    after = call(site.base, "GET", f"/api/tables/{table_id}/view", token=site.ann["token"])
    assert after["table"]["version"] == version  # nothing was played, offered or resigned


def test_the_replays_last_event_shows_the_end_reason(site: Site, browser: Any) -> None:
    seated = [site.ann, site.bob]
    table_id = _table(site.base, "tictactoe", seated)
    _random_moves(site.base, table_id, seated, 20, seed=3)
    last = call(site.base, "GET", f"/api/tables/{table_id}/view", token=site.ann["token"])
    assert last["result"] is not None
    page = browser()
    final = last["table"]["version"]
    _sign_in(page, site.base, site.ann["token"], f"/tables/{table_id}/replay?at={final}")
    wait_for(lambda: attr(page, "data-replay-version") == str(final), what="the last event")
    reason = wait_for(
        lambda: page.find_elements(By.CSS_SELECTOR, "[data-end-reason]"), what="the reason"
    )
    assert reason[0].text in ("A draw.",) or "three in a row" in reason[0].text
    wait_for(lambda: "Game over" in page.find_element(By.CSS_SELECTOR, "[data-log-end]").text)
    assert page.find_element(By.CSS_SELECTOR, "[data-replay-status]").text == "Game over"


def test_the_create_form_sets_the_time_per_move_and_the_timeout_policy(
    site: Site, browser: Any
) -> None:
    page = browser()
    _sign_in(page, site.base, site.ann["token"], "/")
    Select(wait_for(lambda: page.find_element(By.ID, "create-game"))).select_by_value("cantstop")
    wait_for(lambda: page.find_elements(By.CSS_SELECTOR, "#create-h ~ form fieldset [id^=opt-]"),
             what="the game's options")  # fmt: skip
    Select(page.find_element(By.ID, "create-move-time")).select_by_value("12")
    Select(page.find_element(By.ID, "create-policy")).select_by_value("forfeit")
    assert "12 hours" in page.find_element(By.ID, "create-move-time").text
    page.find_element(By.CSS_SELECTOR, "#create-h ~ form button[type=submit]").click()
    wait_for(lambda: "/tables/" in page.current_url, what="the new table")
    table_id = page.current_url.split("/tables/")[1].split("?")[0]
    timing = call(site.base, "GET", f"/api/tables/{table_id}/timing", token=site.ann["token"])
    assert timing["deadline"] == 12 and timing["policy"] == "forfeit"


def _play_tournament(base: str, tid: str, players: list[dict[str, Any]]) -> None:
    by_id = {p["player_id"]: p for p in players}
    rng = random.Random(7)
    deadline = time.monotonic() + 4 * WAIT  # the condition is the end, the bound generous
    while time.monotonic() < deadline:
        view = call(base, "GET", f"/api/tournaments/{tid}")
        if view["summary"]["status"] == "finished":
            return
        moved = False
        for r in view["rounds"]:
            for m in r["matches"]:
                if m["ranks"] is not None or not m["opened"]:
                    continue
                seated = [by_id[p] for p in m["players"]]
                seen = call(
                    base, "GET", f"/api/tables/{m['table_id']}/view", token=seated[0]["token"]
                )
                if seen["table"]["status"] != "playing" or not seen["to_act"]:
                    continue
                seat = seen["to_act"][0]
                mine = call(
                    base, "GET", f"/api/tables/{m['table_id']}/view", token=seated[seat]["token"]
                )
                move = rng.choice(mine["legal_moves"])
                call(
                    base,
                    "POST",
                    f"/api/tables/{m['table_id']}/moves",
                    {"move": move},
                    seated[seat]["token"],
                )
                moved = True
        if not moved:  # nothing to play yet: the manager is opening the next round
            time.sleep(0.05)
    raise AssertionError("the tournament did not finish")


def test_the_tournament_form_and_page(site: Site, browser: Any) -> None:
    page = browser(1280, 1100)
    _sign_in(page, site.base, site.ann["token"], "/tournaments")
    Select(wait_for(lambda: page.find_element(By.ID, "tournament-game"))).select_by_value(
        "tictactoe"
    )
    page.find_element(By.ID, "tournament-name").send_keys("Autumn Swiss")
    Select(page.find_element(By.ID, "tournament-move-time")).select_by_value("24")
    Select(page.find_element(By.ID, "tournament-policy")).select_by_value("forfeit")
    assert page.find_elements(By.ID, "tournament-closes")  # the sign-up deadline
    Select(wait_for(lambda: page.find_element(By.ID, "tournament-game"))).select_by_value(
        "cantstop"
    )
    wait_for(lambda: page.find_elements(By.CSS_SELECTOR, "#tcreate-h ~ form fieldset [id^=opt-]"),
             what="the game's options in the tournament form")  # fmt: skip
    Select(page.find_element(By.ID, "tournament-game")).select_by_value("tictactoe")
    rounds = page.find_element(By.ID, "tournament-rounds")
    rounds.clear()
    rounds.send_keys("2")
    page.find_element(By.CSS_SELECTOR, "#tcreate-h ~ form button[type=submit]").click()
    wait_for(lambda: page.current_url.split("/tournaments")[1].startswith("/"), what="its page")
    tid = page.current_url.split("/tournaments/")[1].split("?")[0]
    made = call(site.base, "GET", f"/api/tournaments/{tid}")
    assert made["move_deadline"] == 24 and made["timeout_policy"] == "forfeit"
    players = [site.ann, site.bob, *_players(site.base, "cleo", "dan")]
    for p in players:
        call(site.base, "POST", f"/api/tournaments/{tid}/join", {}, p["token"])
    call(site.base, "POST", f"/api/tournaments/{tid}/start", {}, site.ann["token"])
    _play_tournament(site.base, tid, players)
    page.get(f"{site.base}/tournaments/{tid}")
    wait_for(lambda: attr(page, "data-tournament-status") == "finished", what="finished")
    game = wait_for(lambda: page.find_element(By.CSS_SELECTOR, "[data-tournament-game]").text)
    assert game == "Tic-tac-toe"
    heads = [h.text for h in page.find_elements(By.CSS_SELECTOR, "[data-standings] th")]
    assert "Buchholz" in heads and "Sonneborn-Berger" in heads
    seed = page.find_element(By.CSS_SELECTOR, "[data-tournament-seed]").text
    assert seed == made["seed"] and len(seed) == 64
    standings = call(site.base, "GET", f"/api/tournaments/{tid}")["standings"]
    winner = page.find_element(By.CSS_SELECTOR, "[data-tournament-winner]").text
    assert standings[0]["name"] in winner
    if SHOOT:
        save_screenshot(page, DOCS / "tournament.png")
    page.set_window_size(360, 900)  # a phone: the standings scroll in their box, not the page
    wide = "return document.documentElement.scrollWidth <= window.innerWidth + 1"
    wait_for(lambda: page.execute_script(wide), what="a page as wide as the phone")
    if SHOOT:
        save_screenshot(page, DOCS / "tournament-phone.png", max_height=2600)
    page.set_window_size(1280, 1100)
    # a match table: back to its tournament, no rematch, nobody called host
    match = page.find_element(By.CSS_SELECTOR, "[data-match]").get_attribute("data-match")
    page.get(f"{site.base}/tables/{match}")
    wait_for(
        lambda: page.find_elements(By.CSS_SELECTOR, f"[data-tournament-link='{tid}'] a"),
        what="the link back",
    )
    assert page.find_elements(By.CSS_SELECTOR, "[data-rematch]") == []
    assert (
        "host"
        not in page.find_element(By.CSS_SELECTOR, "#seats-h").find_element(By.XPATH, "..").text
    )
    page.find_element(By.CSS_SELECTOR, f"[data-tournament-link='{tid}'] a").click()
    wait_for(
        lambda: attr(page, "data-tournament-status") == "finished", what="back on the tournament"
    )


def test_a_finished_table_says_so_in_words_in_german(site: Site, browser: Any) -> None:
    seated = [site.ann, site.bob]
    table_id = _table(site.base, "tictactoe", seated)
    _random_moves(site.base, table_id, seated, 20, seed=5)
    page = browser()
    page.get(f"{site.base}/#token={site.bob['token']}")
    wait_for(lambda: page.execute_script("return localStorage.getItem('senet.token')"))
    page.execute_script("localStorage.setItem('senet.lang', 'de')")
    page.get(f"{site.base}/tables/{table_id}")
    wait_for(lambda: attr(page, "data-status") == "over", what="the finished table")
    assert page.find_element(By.CSS_SELECTOR, "[data-status]").text == "Spiel beendet"
    end = wait_for(lambda: page.find_element(By.CSS_SELECTOR, "[data-log-end]").text)
    assert "Spiel beendet." in end and "Endstand" in end
    assert "over" not in page.find_element(By.CSS_SELECTOR, ".status-bar").text
    numbers = [n.text for n in page.find_elements(By.CSS_SELECTOR, "[data-log-lines] .log-n")]
    assert numbers[-1] == "1" and "·" not in numbers


def test_the_replays_last_event_shows_where_the_points_came_from(site: Site, browser: Any) -> None:
    seated = [site.ann, site.bob]
    table_id = _table(site.base, "sobek", seated)
    _random_moves(site.base, table_id, seated, 2000, seed=2)
    last = call(site.base, "GET", f"/api/tables/{table_id}/view", token=site.ann["token"])
    assert last["result"] is not None
    final = last["table"]["version"]
    page = browser()
    _sign_in(page, site.base, site.ann["token"], f"/tables/{table_id}/replay?at={final}")
    wait_for(lambda: attr(page, "data-replay-version") == str(final), what="the last event")
    assert page.find_element(By.CSS_SELECTOR, "[data-end-reason]").text
    rows = wait_for(lambda: page.find_elements(By.CSS_SELECTOR, "[data-breakdown] tbody tr"),
                    what="the breakdown")  # fmt: skip
    assert len(rows) >= 2
    wait_for(lambda: page.find_elements(By.CSS_SELECTOR, "[data-log-end] [data-log-breakdown]"),
             what="the breakdown in the log's end")  # fmt: skip
