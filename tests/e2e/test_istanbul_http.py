"""Istanbul over HTTP: each seat's feed and view hide the other hands, the deck order and
the demand tiles below the top, and show the seat its own drawn cards."""

from __future__ import annotations

import msgspec
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import STORE, TABLE_CACHE
from shared.games.registry import get_game
from shared.tables.reader import events
from tests.platform import full_log, open_table, play_moves, view


def _as_json(value: object) -> object:
    return msgspec.json.decode(msgspec.json.encode(value))


async def test_each_seat_gets_exactly_its_redacted_feed_and_sees_only_its_own_hand(
    client: TestClient, platform: Platform
) -> None:
    spec = get_game("istanbul")
    table_id, players = await open_table(client, "istanbul", 3, {"layout": "random"})
    await play_moves(client, table_id, players, seed=7, limit=250)
    assert platform.app is not None
    model = await platform.app[TABLE_CACHE].get(table_id)
    assert model is not None
    state = model.state.game_state
    stored = events(platform.app[STORE], table_id)
    for seat, player in enumerate(players):
        feed = await full_log(client, table_id, player)
        expected = []
        for logged in stored[1:]:
            event = logged.event
            if logged.name not in {"SeatTaken", "TableStarted"}:
                event = spec.redact(event, seat)
            expected.append(_as_json(event))
        assert [entry["payload"] for entry in feed[1:]] == expected
        orders = [e["payload"] for e in feed if e["name"] in ("DeckShuffled", "DemandShuffled")]
        assert len(orders) >= 3 and all(p["order"] == [] for p in orders)
        drawn = [e["payload"] for e in feed if e["name"] == "CardDrawn"]
        assert any(p["seat"] == seat and p["card"] for p in drawn)
        hidden = [p for p in drawn if p["seat"] != seat and p["source"] == "deck"]
        assert hidden and all(p["card"] is None for p in hidden)
        mine = await view(client, table_id, player)
        assert mine["game"] == _as_json(spec.view(state, seat))
        for other in mine["game"]["players"]:
            assert (other["hand"] is None) == (other["seat"] != seat)
