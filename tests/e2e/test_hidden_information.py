"""Over HTTP, each seat's feed and view carry only what the game lets that seat see."""

from __future__ import annotations

import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import PROJECTOR
from shared.games.registry import get_game
from shared.tables.state import decode_event
from tests.platform import open_table, play_moves, view


@pytest.mark.parametrize(
    ("game", "options", "hidden"),
    [
        ("sobek", {"variant": "original"}, True),
        ("sobek", {"variant": "async"}, True),
        ("egizia", {}, True),
        ("cantstop", {"target": 4}, False),  # all public: the feed is every event unchanged
    ],
)
async def test_each_seat_gets_exactly_the_redacted_feed_and_its_own_view(
    client: TestClient, platform: Platform, game: str, options: dict, hidden: bool
) -> None:
    spec = get_game(game)
    table_id, players = await open_table(client, game, 3, options)
    await play_moves(client, table_id, players, seed=9, limit=60)
    assert platform.app is not None
    model = platform.app[PROJECTOR].get(table_id)
    assert model is not None
    stored = [(envelope, event) for envelope, event in model.log]
    for seat, player in enumerate(players):
        response = await client.get(f"/api/tables/{table_id}/events", headers=player.auth)
        feed = await response.json()
        expected = []
        for envelope, _ in stored[1:]:  # TableCreated is checked below (seed removed)
            event = decode_event(spec, envelope.name, msgspec.json.decode(envelope.payload))
            visible = (
                event
                if envelope.name in {"SeatTaken", "TableStarted"}
                else spec.redact(event, seat)
            )
            if visible is not None:
                expected.append(_as_json(visible))
        assert [entry["payload"] for entry in feed[1:]] == expected
        assert feed[0]["payload"]["seed"] == ""
        mine = await view(client, table_id, player)
        assert mine["game"] == _as_json(spec.view(model.state.game_state, seat))
        if not hidden:
            assert len(expected) == len(stored) - 1
            continue
        others = [s for s in range(3) if s != seat]
        for other in others:
            theirs = _as_json(spec.view(model.state.game_state, other))
            if theirs != mine["game"]:
                break
        else:
            pytest.fail("every seat sees the same view in a game with hidden information")


def _as_json(value: object) -> object:
    """A value as it looks after a trip through JSON (tuples become lists)."""
    return msgspec.json.decode(msgspec.json.encode(value))
