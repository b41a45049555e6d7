"""`verify` passes on random games of every game and names every kind of tampering."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from shared.audit.record import decode_record, encode_record
from shared.audit.verify import verify_record
from shared.games.registry import available_games
from shared.store import open_store
from shared.tables.decide import commitment_of
from tests.audit.kit import as_builtins, from_builtins, record

GAMES = available_games()


@pytest.fixture(scope="module")
def records() -> dict[str, Any]:
    """One finished game of each available game, exported."""
    store = open_store("memory")
    return {game: record(store, game, 7) for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_verify_passes_on_many_random_games(game: str) -> None:
    store = open_store("memory")
    for seed in range(6):
        rec = record(store, game, 100 + seed)
        report = verify_record(decode_record(encode_record(rec)))
        assert report.ok, report.problem
        assert report.events == len(rec.events)


def _verify(data: dict[str, Any]) -> Any:
    report = verify_record(from_builtins(data))
    assert not report.ok
    assert report.problem is not None
    return report.problem


def _first_list_event(data: dict[str, Any], after: str) -> tuple[int, str]:
    started = False
    for index, event in enumerate(data["events"]):
        if event["name"] == after:
            started = True
            continue
        if not started:
            continue
        for key, value in event["payload"].items():
            if isinstance(value, list) and len({repr(v) for v in value}) > 1:
                return index, key
    return _first_number(data, after)


def _first_number(data: dict[str, Any], after: str) -> tuple[int, str]:
    """A game that deals nothing (tic-tac-toe): the first number of its first move."""
    names = [e["name"] for e in data["events"]]
    for index in range(names.index(after) + 1, len(names)):
        for key, value in data["events"][index]["payload"].items():
            if key != "seat" and type(value) is int:
                return index, key
    raise AssertionError("no event with a list or a number to tamper with")


def test_a_changed_die_face_is_named() -> None:
    if "ra" not in GAMES:
        pytest.skip("Ra is not available")
    data = as_builtins(record(open_store("memory"), "ra", 3))
    index = next(i for i, e in enumerate(data["events"]) if e["name"] == "DiceRolled")
    dice = data["events"][index]["payload"]["dice"]
    dice[0] = dice[0] + 1 if dice[0] < 7 else 0
    problem = _verify(data)
    assert problem.kind == "event_differs"
    assert problem.version == data["events"][index]["version"]
    assert "DiceRolled" in problem.message and "dice[0]" in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_card_in_the_deal_is_named(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    index, key = _first_list_event(data, "TableStarted")
    payload = data["events"][index]["payload"]
    values = payload[key]
    if isinstance(values, list):
        other = next(i for i, v in enumerate(values) if repr(v) != repr(values[0]))
        values[0], values[other] = values[other], values[0]
    else:
        payload[key] = values + 1
    problem = _verify(data)
    assert problem.kind == "event_differs"
    assert problem.version == data["events"][index]["version"]
    assert key in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_final_score_is_named(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    data["result"]["scores"][0] += 1
    problem = _verify(data)
    assert problem.kind == "result_differs"
    assert "final result" in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_score_in_an_event_is_named(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    for event in reversed(data["events"]):
        scores = [k for k, v in event["payload"].items() if "score" in k and v]
        if scores:
            value = event["payload"][scores[0]]
            if isinstance(value, list):
                value[0] = value[0] + 5 if isinstance(value[0], int) else value[0]
            elif isinstance(value, int):
                event["payload"][scores[0]] = value + 5
            else:
                continue
            break
    else:
        pytest.skip(f"{game} records no score in its events")
    problem = _verify(data)
    assert problem.kind == "event_differs"
    assert str(event["version"]) in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_a_removed_event_is_named(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    removed = data["events"].pop(len(data["events"]) // 2)
    problem = _verify(data)
    assert problem.kind == "event_removed"
    assert problem.version == removed["version"]
    assert "removed" in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_reordered_events_are_named(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    events = data["events"]
    middle = len(events) // 2
    events[middle], events[middle + 1] = events[middle + 1], events[middle]
    problem = _verify(data)
    assert problem.kind == "events_reordered"
    assert problem.version == middle + 1
    assert "out of order" in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_a_removed_and_renumbered_event_is_still_caught(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    events = data["events"]
    cut = len(events) // 2
    del events[cut]
    for number, event in enumerate(events, 1):
        event["version"] = number
    problem = _verify(data)
    assert problem.kind in {"event_differs", "event_removed", "command_refused", "event_added"}
    assert problem.version is not None and problem.version <= cut + 1


@pytest.mark.parametrize("game", GAMES)
def test_a_different_seed_is_named(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    data["seed"] = secrets.token_bytes(32).hex()
    problem = _verify(data)
    assert problem.kind == "seed_mismatch"
    assert "commitment" in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_a_different_seed_with_a_matching_commitment_fails_on_the_events(
    game: str, records: dict[str, Any]
) -> None:
    data = as_builtins(records[game])
    seed = secrets.token_bytes(32).hex()
    data["seed"] = seed
    data["commitment"] = commitment_of(data["table_id"], seed)
    problem = _verify(data)
    assert problem.kind == "event_differs"
    assert problem.version == 1  # TableCreated holds the commitment published at the start


def test_an_unreadable_record_is_refused() -> None:
    with pytest.raises(Exception, match="not a game record"):
        decode_record(b'{"format": 3}')


@pytest.mark.parametrize("game", GAMES)
def test_an_event_moved_to_another_command_is_named(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    events = data["events"]
    # The last event of one move, handed to the next command: every payload stays the same.
    index = next(
        i
        for i in range(len(events) // 2, len(events) - 1)
        if events[i]["command_id"] != events[i + 1]["command_id"]
    )
    moved = events[index]
    moved["command_id"] = events[index + 1]["command_id"]
    problem = _verify(data)
    assert problem.kind == "event_differs"
    assert problem.version == moved["version"]
    assert "another command" in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_changed_seats_in_the_record_are_named(game: str, records: dict[str, Any]) -> None:
    renamed = as_builtins(records[game])
    renamed["players"][1]["name"] = "Mallory"
    problem = _verify(renamed)
    assert problem.kind == "seats_differ"
    assert "Mallory" in problem.recorded and "Mallory" not in problem.expected

    swapped = as_builtins(records[game])
    players = swapped["players"]
    players[0]["player_id"], players[1]["player_id"] = (
        players[1]["player_id"],
        players[0]["player_id"],
    )
    assert _verify(swapped).kind == "seats_differ"


def test_a_record_without_a_seed_is_not_finished(records: dict[str, Any]) -> None:
    data = as_builtins(records[GAMES[0]])
    data["seed"] = ""
    problem = _verify(data)
    assert problem.kind == "not_finished"
    assert "no seed" in problem.message


@pytest.mark.parametrize("game", GAMES)
def test_a_record_cut_before_the_end_is_not_finished(game: str, records: dict[str, Any]) -> None:
    data = as_builtins(records[game])
    kept = data["commands"][: len(data["commands"]) // 2]
    ids = {command["command_id"] for command in kept}
    data["commands"] = kept
    data["events"] = [event for event in data["events"] if event["command_id"] in ids]
    problem = _verify(data)
    assert problem.kind == "not_finished"
    assert "do not reach the end" in problem.message


def test_a_record_with_no_event_is_empty(records: dict[str, Any]) -> None:
    data = as_builtins(records[GAMES[0]])
    data["commands"], data["events"] = [], []
    problem = _verify(data)
    assert problem.kind == "empty"
