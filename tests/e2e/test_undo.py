"""Take-backs by consent over HTTP (Can't Stop: a roll draws, a choice of sums does not):
asked and accepted, the game is back where it was; declined, nothing changes and it cannot
be asked again; never after a roll, after the next player moved, at a table without
take-backs, or by anyone but the mover; the record with its take-backs verifies."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from shared.audit.record import decode_record
from shared.audit.verify import verify_record
from tests.harness.requests import post
from tests.platform import Player, open_table, view


async def _move(client: TestClient, table_id: str, player: Player, move: dict[str, Any]) -> None:
    status, body = await post(client, f"/api/tables/{table_id}/moves", player, {"move": move})
    assert status == 200, body


async def _roll_and_choose(
    client: TestClient, table_id: str, players: list[Player]
) -> tuple[Player, Player, dict[str, Any]]:
    """The player to act rolls and chooses the first sums offered; (mover, other, the
    mover's view after the roll)."""
    seat = (await view(client, table_id, players[0]))["to_act"][0]
    mover, other = players[seat], players[1 - seat]
    await _move(client, table_id, mover, {"type": "Roll"})
    after_roll = await view(client, table_id, mover)
    choices = [m for m in after_roll["legal_moves"] if m["type"] == "Choose"]
    while not choices:  # busted: the other player's turn now
        mover, other = other, mover
        await _move(client, table_id, mover, {"type": "Roll"})
        after_roll = await view(client, table_id, mover)
        choices = [m for m in after_roll["legal_moves"] if m["type"] == "Choose"]
    await _move(client, table_id, mover, choices[0])
    return mover, other, after_roll


async def test_an_accepted_take_back_restores_the_game(client: TestClient) -> None:
    table_id, players = await open_table(client, "cantstop", 2, takebacks=True)
    mover, other, after_roll = await _roll_and_choose(client, table_id, players)
    chosen = await view(client, table_id, mover)
    assert chosen["table"]["takebacks"] is True
    assert chosen["table"]["undo_seat"] == chosen["seat"] and chosen["game"] != after_roll["game"]

    status, outcome = await post(client, f"/api/tables/{table_id}/undo", mover, {})
    assert status == 200 and outcome["events"] == ["UndoRequested"]
    asked = await view(client, table_id, other)
    assert asked["table"]["undo_asked"] == []
    assert asked["table"]["undo_voters"] == [asked["seat"]]  # whose consent it needs
    status, body = await post(
        client, f"/api/tables/{table_id}/undo/answer", mover, {"accept": True}
    )
    assert (status, body["code"]) == (409, "own_undo")
    status, outcome = await post(
        client, f"/api/tables/{table_id}/undo/answer", other, {"accept": True}
    )
    assert status == 200 and outcome["events"] == ["UndoAccepted", "MoveUndone"]

    back = await view(client, table_id, mover)
    assert back["game"] == after_roll["game"]  # the same dice, the same board
    assert back["legal_moves"] == after_roll["legal_moves"]
    assert back["table"]["version"] > chosen["table"]["version"]  # nothing is erased
    assert back["table"]["undo_seat"] == -1 and back["table"]["undo_asked"] is None
    status, body = await post(client, f"/api/tables/{table_id}/undo", mover, {})
    assert (status, body["code"]) == (409, "not_last_move")  # one step back only

    await _move(client, table_id, mover, after_roll["legal_moves"][-1])  # chooses again
    status, outcome = await post(client, f"/api/tables/{table_id}/resign", other, {})
    assert status == 200
    response = await client.get(f"/api/tables/{table_id}/record", headers=mover.auth)
    record = decode_record(await response.read())
    assert record.takebacks is True
    kinds = [c.kind for c in record.commands]
    assert kinds.count("undo") == 1 and kinds.count("undo_answer") == 1
    assert "MoveUndone" in [e.name for e in record.events]
    report = verify_record(record)
    assert report.ok, report.problem


async def test_a_declined_take_back_changes_nothing(client: TestClient) -> None:
    table_id, players = await open_table(client, "cantstop", 2, takebacks=True)
    mover, other, _ = await _roll_and_choose(client, table_id, players)
    chosen = await view(client, table_id, mover)
    await post(client, f"/api/tables/{table_id}/undo", mover, {})
    status, body = await post(client, f"/api/tables/{table_id}/undo", mover, {})
    assert (status, body["code"]) == (409, "undo_pending")
    status, outcome = await post(
        client, f"/api/tables/{table_id}/undo/answer", other, {"accept": False}
    )
    assert status == 200 and outcome["events"] == ["UndoDeclined"]
    after = await view(client, table_id, mover)
    assert after["game"] == chosen["game"] and after["legal_moves"] == chosen["legal_moves"]
    assert after["table"]["undo_seat"] == -1
    status, body = await post(client, f"/api/tables/{table_id}/undo", mover, {})
    assert (status, body["code"]) == (409, "undo_declined")
    status, body = await post(
        client, f"/api/tables/{table_id}/undo/answer", other, {"accept": True}
    )
    assert (status, body["code"]) == (409, "no_undo_asked")


async def test_no_take_back_after_a_roll_or_the_next_players_move(client: TestClient) -> None:
    table_id, players = await open_table(client, "cantstop", 2, takebacks=True)
    mover, other, _ = await _roll_and_choose(client, table_id, players)
    assert "Stop" in [m["type"] for m in (await view(client, table_id, mover))["legal_moves"]]
    await _move(client, table_id, mover, {"type": "Stop"})
    await _move(client, table_id, other, {"type": "Roll"})  # the next player moved
    before = (await view(client, table_id, mover))["table"]["version"]
    status, body = await post(client, f"/api/tables/{table_id}/undo", mover, {})
    assert (status, body["code"]) == (409, "not_last_move")
    status, body = await post(client, f"/api/tables/{table_id}/undo", other, {})
    assert (status, body["code"]) == (409, "move_not_undoable")  # a die roll
    assert (await view(client, table_id, mover))["table"]["version"] == before
    status, body = await post(
        client, f"/api/tables/{table_id}/undo", other, {"command_id": "x" * 200}
    )
    assert status == 400  # a command id over 128 characters


async def test_no_take_backs_where_the_table_does_not_allow_them(client: TestClient) -> None:
    table_id, players = await open_table(client, "cantstop", 2)
    mover, _, _ = await _roll_and_choose(client, table_id, players)
    assert (await view(client, table_id, mover))["table"]["takebacks"] is False
    status, body = await post(client, f"/api/tables/{table_id}/undo", mover, {})
    assert (status, body["code"]) == (409, "takebacks_off")
    status, body = await post(
        client, f"/api/tables/{table_id}/undo/answer", mover, {"accept": "yes"}
    )
    assert status == 400


async def test_a_resigned_seat_is_no_voter_and_the_others_consent_suffices(
    client: TestClient,
) -> None:
    table_id, players = await open_table(client, "cantstop", 3, takebacks=True)
    first = await view(client, table_id, players[0])
    resigning = next(s for s in range(3) if s not in first["to_act"])
    status, _ = await post(client, f"/api/tables/{table_id}/resign", players[resigning], {})
    assert status == 200
    while True:  # the player to act rolls until a roll offers sums, then chooses
        seat = (await view(client, table_id, players[0]))["to_act"][0]
        await _move(client, table_id, players[seat], {"type": "Roll"})
        mine = await view(client, table_id, players[seat])
        choices = [m for m in mine["legal_moves"] if m["type"] == "Choose"]
        if choices:
            await _move(client, table_id, players[seat], choices[0])
            break
    status, _ = await post(client, f"/api/tables/{table_id}/undo", players[seat], {})
    assert status == 200
    (voter,) = [s for s in range(3) if s not in (seat, resigning)]
    asked = await view(client, table_id, players[voter])
    assert asked["table"]["undo_voters"] == [voter]
    answer = f"/api/tables/{table_id}/undo/answer"
    status, body = await post(client, answer, players[resigning], {"accept": True})
    assert (status, body["code"]) == (409, "resigned")
    status, outcome = await post(
        client, f"/api/tables/{table_id}/undo/answer", players[voter], {"accept": True}
    )
    assert status == 200 and outcome["events"] == ["UndoAccepted", "MoveUndone"]
