"""The table page moves over its WebSocket while it is open, and over HTTP when it is not.

Chromium's own network log tells which way each move went: a text frame `{"type": "move"}`
sent on the table socket, or a `POST /api/tables/{id}/moves`.
"""

from __future__ import annotations

import json
from typing import Any

from tests.browser.conftest import Server
from tests.browser.kit import attr, call, play_to_end, wait_for
from tests.browser.test_live import open_page

# A page whose WebSocket never opens (as behind a proxy that drops them): its moves go over
# HTTP and it learns of the other seat's moves only when reloaded.
NO_SOCKET = """
window.WebSocket = class {
  static OPEN = 1;
  constructor() { this.readyState = 0; }
  send() { throw new Error('never open'); }
  close() {}
};
"""


def _moves_sent(driver: Any) -> tuple[int, int]:
    """(moves sent over the socket, move requests over HTTP) since the last call."""
    frames = posts = 0
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.webSocketFrameSent":
            data = json.loads(params["response"]["payloadData"])
            frames += data.get("type") == "move"
        elif method == "Network.requestWillBeSent":
            request = params["request"]
            posts += request["method"] == "POST" and request["url"].endswith("/moves")
    return frames, posts


def _tictactoe(base: str) -> tuple[str, list[str]]:
    tokens = [call(base, "POST", "/api/players", {"name": n})["token"] for n in ("ann", "bob")]
    body = {"game": "tictactoe", "seats": 2}
    table_id = call(base, "POST", "/api/tables", body, tokens[0])["table_id"]
    call(base, "POST", f"/api/tables/{table_id}/join", {}, tokens[1])
    call(base, "POST", f"/api/tables/{table_id}/start", {}, tokens[0])
    return table_id, tokens


def test_a_game_whose_moves_go_over_the_table_socket(server: Server, browser: Any) -> None:
    table_id, tokens = _tictactoe(server.base)
    pages = [browser(network_log=True) for _ in tokens]
    for page, token in zip(pages, tokens, strict=True):
        open_page(page, server.base, f"/tables/{table_id}", token)
        wait_for(lambda p=page: attr(p, "data-live") == "true", what="the open socket")
        _moves_sent(page)  # the log so far: loading the page
    play_to_end(pages, seed=3)
    sent = [_moves_sent(page) for page in pages]
    assert sum(frames for frames, _ in sent) == _marks(server.base, table_id, tokens[0]), sent
    assert all(posts == 0 for _, posts in sent), sent


def _view(base: str, table_id: str, token: str) -> Any:
    return call(base, "GET", f"/api/tables/{table_id}/view", token=token)


def _marks(base: str, table_id: str, token: str) -> int:
    """The moves made at the table (its marked cells)."""
    return sum(owner != -1 for owner in _view(base, table_id, token)["game"]["cells"])


def test_a_page_without_its_socket_moves_over_http(server: Server, browser: Any) -> None:
    table_id, tokens = _tictactoe(server.base)
    live, cut = browser(network_log=True), browser(network_log=True)
    cut.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_SOCKET})
    open_page(live, server.base, f"/tables/{table_id}", tokens[0])
    open_page(cut, server.base, f"/tables/{table_id}", tokens[1])
    wait_for(lambda: attr(live, "data-live") == "true", what="the open socket")
    assert attr(cut, "data-live") != "true"
    for page in (live, cut):
        _moves_sent(page)  # the log so far: loading the page

    def reload_the_cut_page(step: int) -> None:
        """Once the click's move is made: the page without a socket learns of the other
        seat's moves by reloading."""
        made = wait_for(lambda: _marks(server.base, table_id, tokens[0]) >= step, what="the move")
        version = _view(server.base, table_id, tokens[0])["table"]["version"]
        cut.get(f"{server.base}/tables/{table_id}")
        wait_for(lambda: int(attr(cut, "data-version") or 0) >= version, what="the reload")
        assert made

    play_to_end([live, cut], seed=4, each_step=reload_the_cut_page)
    over_socket, over_http = _moves_sent(live), _moves_sent(cut)
    assert over_socket[1] == 0 and over_socket[0] > 0, over_socket
    assert over_http[0] == 0 and over_http[1] > 0, over_http
    assert over_socket[0] + over_http[1] == _marks(server.base, table_id, tokens[0])
