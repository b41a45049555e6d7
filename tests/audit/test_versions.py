"""Rules versions are pinned per table; events of an older schema are upcast and verify."""

from __future__ import annotations

import pytest

from shared.audit.verify import verify_record
from shared.games.registry import (
    UnknownRulesVersion,
    available_games,
    get_game,
    known_versions,
    pinned_game,
)
from shared.store import open_store
from shared.tables.events import SeatTaken
from shared.tables.state import decode_event
from shared.tables.upcasting import upcast
from tests.audit.kit import as_builtins, from_builtins, record

GAMES = available_games()


def test_a_seat_taken_of_schema_1_is_upcast_to_the_current_schema() -> None:
    old = {"type": "SeatTaken", "seat": 1, "player_id": "p", "name": "Nefertari"}
    assert upcast("SeatTaken", old)["player_name"] == "Nefertari"
    event = decode_event(get_game(GAMES[0]), "SeatTaken", old)
    assert event == SeatTaken(seat=1, player_id="p", player_name="Nefertari")


def test_a_current_payload_is_left_as_it_is() -> None:
    new = {"type": "SeatTaken", "seat": 1, "player_id": "p", "player_name": "Ay"}
    assert upcast("SeatTaken", new) == new


@pytest.mark.parametrize("game", GAMES)
def test_a_record_with_older_schema_events_verifies(game: str) -> None:
    data = as_builtins(record(open_store("memory"), game, 21))
    rewritten = 0
    for event in data["events"]:
        if event["name"] == "SeatTaken":
            payload = event["payload"]
            payload["name"] = payload.pop("player_name")
            rewritten += 1
    assert rewritten == data["seats"]
    report = verify_record(from_builtins(data))
    assert report.ok, report.problem


@pytest.mark.parametrize("game", GAMES)
def test_replay_uses_the_pinned_rules_version(game: str) -> None:
    spec = get_game(game)
    assert pinned_game(game, spec.rules_version) is spec
    assert spec.rules_version in known_versions(game)


def test_an_unknown_pinned_rules_version_is_refused_clearly() -> None:
    game = GAMES[0]
    with pytest.raises(UnknownRulesVersion, match="rules version 99 is not available"):
        pinned_game(game, 99)
    data = as_builtins(record(open_store("memory"), game, 22))
    data["rules_version"] = 99
    report = verify_record(from_builtins(data))
    assert report.problem is not None
    assert report.problem.kind == "unreplayable"
    assert report.problem.recorded == "unknown_rules_version"
