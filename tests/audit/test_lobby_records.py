"""A game whose lobby saw a leave and a removal records, exports and verifies like any other."""

from __future__ import annotations

import random
import uuid

import msgspec

from shared.audit.export import export_table
from shared.audit.record import GameRecord
from shared.audit.verify import verify_record
from shared.contracts.envelopes import (
    ChooseTiming,
    CreateTable,
    InvitePlayer,
    JoinTable,
    LeaveTable,
    PlayMove,
    RemovePlayer,
    Resign,
    SetInvitation,
    StartTable,
)
from shared.store import open_store
from shared.tables.access import invitation_hash
from tests.audit.kit import Driver, as_builtins, from_builtins


def _game_with_lobby_changes() -> GameRecord:
    store = open_store("memory")
    driver = Driver(store)
    table_id = str(uuid.uuid4())
    driver.send(table_id, "p0", CreateTable(game="ra", seats=3, player_name="P0"))
    driver.send(table_id, "p1", JoinTable(player_name="P1"))
    driver.send(table_id, "x", JoinTable(player_name="X"))
    driver.send(table_id, "p1", LeaveTable())  # seat 1 is free again
    driver.send(table_id, "p0", RemovePlayer(player_id="x"))  # and seat 2
    driver.send(table_id, "p1", JoinTable(player_name="P1"))
    driver.send(table_id, "p2", JoinTable(player_name="P2"))
    driver.send(table_id, "p0", StartTable())
    bots = random.Random(3)
    state = driver.state(table_id)
    spec = state.spec
    while spec.result(state.game_state) is None:
        seat = bots.choice(list(spec.to_act(state.game_state)))
        move = bots.choice(list(spec.legal_moves(state.game_state, seat)))
        driver.send(
            table_id,
            state.players[seat] or "",
            PlayMove(move=msgspec.Raw(msgspec.json.encode(move))),
        )
        state = driver.state(table_id)
    return export_table(store, table_id)


def test_a_game_with_a_leave_and_a_removal_verifies() -> None:
    record = _game_with_lobby_changes()
    kinds = [c.kind for c in record.commands]
    assert kinds[:8] == ["create", "join", "join", "leave", "kick", "join", "join", "start"]
    report = verify_record(record)
    assert report.ok, report


def test_a_removal_of_another_seat_in_the_record_is_detected() -> None:
    data = as_builtins(_game_with_lobby_changes())
    kick = next(c for c in data["commands"] if c["kind"] == "kick")
    kick["target"] = 1  # the record claims seat 1 was removed; its event says seat 2
    report = verify_record(from_builtins(data))
    assert not report.ok and report.problem is not None


def _private_game() -> GameRecord:
    """A private Ra game: p1 joins by the link, p2 by name, then it is played out."""
    store = open_store("memory")
    driver = Driver(store)
    table_id = str(uuid.uuid4())
    create = CreateTable(game="ra", seats=3, player_name="P0", visibility="private")
    driver.send(table_id, "p0", create)
    driver.send(table_id, "p0", SetInvitation(code_hash=invitation_hash("link")))
    driver.send(
        table_id, "p1", JoinTable(player_name="P1", invitation_hash=invitation_hash("link"))
    )
    driver.send(table_id, "p0", InvitePlayer(player_id="p2", player_name="P2"))
    driver.send(table_id, "p2", JoinTable(player_name="P2"))
    driver.send(table_id, "p0", StartTable())
    bots = random.Random(5)
    state = driver.state(table_id)
    spec = state.spec
    while spec.result(state.game_state) is None:
        seat = bots.choice(list(spec.to_act(state.game_state)))
        move = bots.choice(list(spec.legal_moves(state.game_state, seat)))
        raw = msgspec.Raw(msgspec.json.encode(move))
        driver.send(table_id, state.players[seat] or "", PlayMove(move=raw))
        state = driver.state(table_id)
    return export_table(store, table_id)


def test_a_private_games_joins_are_re_checked_by_the_audit() -> None:
    record = _private_game()
    joins = [c.join_hash for c in record.commands if c.kind == "join"]
    assert joins == [invitation_hash("link"), ""]
    assert verify_record(record).ok
    data = as_builtins(record)
    link_join = next(c for c in data["commands"] if c["kind"] == "join")
    link_join["join_hash"] = invitation_hash("a guess")  # a join the table would refuse
    report = verify_record(from_builtins(data))
    assert not report.ok and report.problem is not None and "bad_invitation" in str(report)


def test_a_join_recorded_before_the_table_checked_codes_still_verifies() -> None:
    """Joins stored before the decider checked the code carry no hash (the gateway checked
    it then): the audit re-decides them with the table's invitation of that time."""
    data = as_builtins(_private_game())
    for command in data["commands"]:
        command.pop("join_hash", None)
    report = verify_record(from_builtins(data))
    assert report.ok, report


def test_a_timing_choice_is_re_decided_by_the_audit() -> None:
    store = open_store("memory")
    driver = Driver(store)
    table_id = str(uuid.uuid4())
    driver.send(table_id, "p0", CreateTable(game="ra", seats=2, player_name="P0"))
    timing = ChooseTiming(
        first_reminder=12, repeat_every=12, last_warning=6, deadline=48, policy="forfeit"
    )
    assert driver.refused(table_id, "p1", timing) == "not_seated"
    driver.send(table_id, "p1", JoinTable(player_name="P1"))
    assert driver.refused(table_id, "p1", timing) == "not_creator"
    driver.send(table_id, "p0", timing)
    driver.send(table_id, "p0", StartTable())
    assert driver.refused(table_id, "p0", timing) == "table_not_open"
    driver.send(table_id, "p1", Resign())
    record = export_table(store, table_id)
    [chosen] = [c for c in record.commands if c.kind == "timing"]
    assert chosen.timing is not None and chosen.timing["policy"] == "forfeit"
    assert verify_record(record).ok
    data = as_builtins(record)
    for command in data["commands"]:
        if command["kind"] == "timing":
            command["seat"], command["player_id"] = 1, "p1"  # claims the guest chose it
    report = verify_record(from_builtins(data))
    assert not report.ok


def test_an_endless_timing_recorded_before_reminders_had_to_end_still_verifies() -> None:
    store = open_store("memory")
    driver = Driver(store)
    table_id = str(uuid.uuid4())
    driver.send(table_id, "p0", CreateTable(game="ra", seats=2, player_name="P0"))
    driver.send(table_id, "p1", JoinTable(player_name="P1"))
    timing = ChooseTiming(
        first_reminder=1, repeat_every=1, last_warning=0, deadline=0, policy="bot"
    )
    assert driver.refused(table_id, "p0", timing) == "endless_reminders"  # the rule today
    driver.send(table_id, "p0", msgspec.structs.replace(timing, repeat_every=0))
    driver.send(table_id, "p0", StartTable())
    driver.send(table_id, "p1", Resign())

    def recorded(change: dict[str, float], by_guest: bool = False) -> GameRecord:
        """The record as an older platform would have written it: repeated reminders."""
        data = as_builtins(export_table(store, table_id))
        for command in data["commands"]:
            if command["kind"] == "timing":
                command["timing"].update(change)
                if by_guest:
                    command["seat"], command["player_id"] = 1, "p1"
        for event in data["events"]:
            if event["name"] == "TimingChosen":
                event["payload"].update(change)
        return from_builtins(data)

    assert verify_record(recorded({"repeat_every": 1.0})).ok  # the rules of its time
    assert not verify_record(recorded({"repeat_every": 1.0}, by_guest=True)).ok
    assert not verify_record(recorded({"repeat_every": 1e-9})).ok  # out of bounds, ever
