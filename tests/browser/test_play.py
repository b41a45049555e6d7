"""Two players in two browser windows sign up, open and join a table in the lobby, and play a
whole game by clicking legal moves; hidden cards never reach the other seat's page."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server, require_browser
from tests.browser.kit import (
    NetworkTap,
    attr,
    axe_violations,
    call,
    create_table,
    join_from_lobby,
    play_to_end,
    save_screenshot,
    scores_on_page,
    sign_up,
    wait_for,
)
from tests.faults.cluster import Cluster

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def hidden_cards(game: str, view: dict[str, Any]) -> set[int]:
    """The cards only this view's own seat may see (its hand and pot, its Sphinx cards)."""
    me = view["game"]["players"][view["seat"]]
    if game == "sobek":
        return {c["id"] for c in (me["hand"] or []) + (me["pot"] or []) if c.get("id") is not None}
    return set(me["sphinx"]) if game == "egizia" else set()


def ids_in(value: Any) -> set[int]:
    """Every card id anywhere in a JSON value."""
    if isinstance(value, dict):
        found = {value["id"]} if isinstance(value.get("id"), int) and "back" in value else set()
        return found.union(*(ids_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(ids_in(v) for v in value))
    return set()


def check_view_hides_the_other_seat(game: str, view: dict[str, Any], theirs: set[int]) -> None:
    """A view of one seat carries nothing of the other seat's hidden cards."""
    me, state = view["seat"], view["game"]
    for seat, player in enumerate(state["players"]):
        if seat == me:
            continue
        if game == "sobek":
            assert player["hand"] is None and player["pot"] is None, player
        if game == "egizia" and not state["over"]:
            assert player["sphinx"] == [], player
    if game == "egizia" and state["build"] and state["build"]["seat"] != me:
        assert set(state["build"]["drawn"]) <= {-1}  # another's drawn Sphinx cards: backs only
    if game == "sobek":
        # The Vizier's player looks through the victim's pot (rules): only they, only then.
        if state["vizier_pot"] is not None:
            assert state["phase"] == "vizier" and state["active"] == me
        public = {k: v for k, v in state.items() if k != "vizier_pot"}
        assert not ids_in(public) & theirs, ids_in(public) & theirs


class HiddenCardWatch:
    """After every click: neither page's DOM nor anything it received holds the other's cards."""

    def __init__(
        self, server: Server, game: str, table_id: str, pages: list[Any], tokens: list[str]
    ) -> None:
        self.server, self.game, self.table_id = server, game, table_id
        self.pages, self.tokens = pages, tokens
        self.taps = [NetworkTap(p) for p in pages]
        self.views_checked = 0
        self._hidden: dict[tuple[int, int], set[int]] = {}

    def hidden_at(self, seat: int, version: int) -> set[int]:
        """Seat's own hidden cards after `version` (the API's view at that version)."""
        key = (seat, version)
        if key not in self._hidden:
            view = call(
                self.server.base,
                "GET",
                f"/api/tables/{self.table_id}/view?at={version}",
                token=self.tokens[seat],
            )
            self._hidden[key] = hidden_cards(self.game, view) if view["game"] else set()
        return self._hidden[key]

    def learn_now(self) -> None:
        """Each seat's hidden cards at the current version (its live view: no fold needed)."""
        for seat, token in enumerate(self.tokens):
            view = call(self.server.base, "GET", f"/api/tables/{self.table_id}/view", token=token)
            key = (seat, view["table"]["version"])
            self._hidden[key] = hidden_cards(self.game, view) if view["game"] else set()

    def __call__(self, _step: int) -> None:
        self.learn_now()
        for seat, (page, tap) in enumerate(zip(self.pages, self.taps, strict=True)):
            other = 1 - seat
            shown = page.execute_script(
                "const v = document.querySelector('[data-version]');"
                "return [v && v.dataset.version,"
                # (the Vizier's player looks through the victim's pot: the views are checked)
                " [...document.querySelectorAll('[data-card]:not([aria-labelledby=sb-vizier] *)')]"
                "   .map((e) => e.dataset.card),"
                " [...document.querySelectorAll('[data-sphinx-card]')]"
                "   .map((e) => e.dataset.sphinxCard)];"
            )
            if shown[0]:
                theirs = self.hidden_at(other, int(shown[0]))
                on_page = {int(x) for x in shown[1] + shown[2] if x}
                assert not on_page & theirs, (
                    f"seat {seat}'s page at version {shown[0]} shows seat {other}'s cards"
                    f" {on_page & theirs}"
                )
            for _url, body in tap.drain():
                for view in _views_in(body):
                    if view.get("seat") != seat or not view.get("game"):
                        continue
                    theirs = self.hidden_at(other, view["table"]["version"])
                    check_view_hides_the_other_seat(self.game, view, theirs)
                    self.views_checked += 1


def _views_in(body: Any) -> list[dict[str, Any]]:
    if isinstance(body, dict) and "legal_moves" in body and "table" in body:
        return [body]
    return []


def play_a_game_in_two_windows(
    server: Server,
    browser: Any,
    game: str,
    options: dict[str, Any] | None = None,
    seed: int = 5,
    watch: bool = True,
    min_clicks: int = 10,
) -> None:
    watch_network = watch and game in ("sobek", "egizia")
    alice, zoe = (browser(network_log=watch_network) for _ in range(2))
    players = [
        sign_up(alice, server.base, f"alice-{game}"),
        sign_up(zoe, server.base, f"zoe-{game}"),
    ]
    assert axe_violations(alice) == [], "the lobby has serious accessibility violations"
    table_id = create_table(alice, server.base, game, options)
    join_from_lobby(zoe, server.base, table_id)
    start = wait_for(
        lambda: alice.find_element("xpath", "//button[normalize-space()='Start the game']"),
        what="Start",
    )
    start.click()  # alice's page learned of zoe's seat through its socket
    for page in (alice, zoe):
        page.get(f"{server.base}/tables/{table_id}?all-moves=1")
        wait_for(lambda p=page: attr(p, "data-status") == "playing", what="a playing table")
    summary = call(server.base, "GET", f"/api/tables/{table_id}")
    for name, value in (options or {}).items():  # the options chosen in the form reached the table
        assert summary["options"][name] == value
    watcher = HiddenCardWatch(server, game, table_id, [alice, zoe], [p["token"] for p in players])
    shot = {"taken": False}

    def each_step(step: int) -> None:
        if watch_network:
            watcher(step)
        if step == 14 and not shot["taken"]:
            shot["taken"] = True
            page = alice if attr(alice, "data-your-turn") == "true" else zoe
            page.get(f"{server.base}/tables/{table_id}")  # as a player sees it (no move list)
            wait_for(lambda: attr(page, "data-status") == "playing", what="the table again")
            problems = axe_violations(page)
            assert problems == [], f"serious accessibility violations on {game}: {problems}"
            if os.environ.get("SENET_SCREENSHOTS"):
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                save_screenshot(page, SCREENSHOTS / f"{game}.png")
            page.get(f"{server.base}/tables/{table_id}?all-moves=1")
            wait_for(lambda: attr(page, "data-status") == "playing", what="the table again")

    clicks = play_to_end([alice, zoe], seed=seed, each_step=each_step)
    assert clicks > min_clicks
    api = call(server.base, "GET", f"/api/tables/{table_id}/view", token=players[0]["token"])
    assert api["table"]["status"] == "over"
    expected = dict(enumerate(api["result"]["scores"]))
    for page in (alice, zoe):
        assert wait_for(lambda p=page: scores_on_page(p)) == expected
    if watch_network:
        watcher(clicks)
        assert watcher.views_checked > clicks  # every view the pages received was checked


# The games that hide cards, their views watched on the network; every game is played to its
# end by clicking its own board in test_boards.py.
@pytest.mark.parametrize(
    ("game", "options"),
    [("egizia", {"variant": True}), ("sobek", {"variant": "original"})],
)
def test_two_players_play_a_whole_game_by_clicking_legal_moves(
    server: Server, browser: Any, game: str, options: dict[str, Any] | None
) -> None:
    play_a_game_in_two_windows(server, browser, game, options)


@pytest.mark.integration
def test_a_whole_game_in_the_browser_on_rabbitmq_and_postgresql(
    serve: Any, browser: Any, amqp_url: str, postgres_url: str, unique_name: str, tmp_path: Path
) -> None:
    require_browser()
    deployment = Cluster(store=postgres_url, broker=amqp_url, prefix=unique_name, logs=tmp_path)
    try:
        server = serve(
            "--broker", amqp_url, "--store", postgres_url, "--prefix", unique_name,
            "--shards", str(deployment.shards),
        )  # fmt: skip
        # tic-tac-toe: the deployed layout is what is tested here, not a long game
        play_a_game_in_two_windows(server, browser, "tictactoe", seed=9, min_clicks=4)
        server.stop()
    finally:
        asyncio.run(deployment.delete_broker_objects())  # durable queues outlive the process
