"""Hera und Zeus over HTTP: a whole game, each seat's feed and view hide what they must.

(The shared hidden-information test opens 3-seat tables; this one is the 2-seat duel.)
"""

from __future__ import annotations

import msgspec
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import STORE, TABLE_CACHE
from shared.games.registry import get_game
from shared.tables.reader import events as table_log
from tests.platform import full_log, open_table, play_moves, view


def _as_json(value: object) -> object:
    return msgspec.json.decode(msgspec.json.encode(value))


async def test_a_game_ends_and_each_seat_gets_exactly_its_redacted_feed(
    client: TestClient, platform: Platform
) -> None:
    spec = get_game("herazeus")
    table_id, players = await open_table(client, "herazeus", 2, {})
    await play_moves(client, table_id, players, seed=5)
    assert platform.app is not None
    model = await platform.app[TABLE_CACHE].get(table_id)
    assert model is not None
    state = model.state.game_state
    stored = table_log(platform.app[STORE], table_id)
    assert spec.result(state) is not None and state.winner in (0, 1)
    for seat, player in enumerate(players):
        feed = await full_log(client, table_id, player)
        expected = []
        for logged in stored[1:]:
            event = logged.event
            if logged.name not in {"SeatTaken", "TableStarted"}:
                event = spec.redact(event, seat)
            expected.append(_as_json(event))
        assert [entry["payload"] for entry in feed[1:]] == expected
        shuffles = [e["payload"] for e in feed if e["name"] == "DeckShuffled"]
        assert shuffles and all(p["order"] == [] for p in shuffles)
        theirs = [
            e["payload"] for e in feed if e["name"] == "HandDealt" and e["payload"]["seat"] != seat
        ]
        assert theirs and all(p["cards"] == [] for p in theirs)
        mine = await view(client, table_id, player)
        assert mine["game"] == _as_json(spec.view(state, seat))
        assert mine["game"]["players"][1 - seat]["hand"] is None
