"""Who may watch a table, as one pure rule over its state (`shared.tables.access`): what a
socket asks again at every version, so any change of seat, visibility or spectators option
takes effect at the next frame."""

from __future__ import annotations

import uuid

import msgspec
import pytest

from shared.chat.rules import check_channel
from shared.contracts.envelopes import CreateTable
from shared.contracts.errors import SenetError
from shared.tables import state as table_state
from shared.tables.access import invitation_hash, watch_seat
from shared.tables.decide import new_table, opening
from shared.tables.state import TableState

TABLE = str(uuid.UUID(int=42))


def table(**options: str) -> TableState:
    """An open Ra table of `alice` (seat 0) with `bob` in seat 1."""
    action = CreateTable(game="ra", seats=3, player_name="A", **options)  # type: ignore[arg-type]
    created = new_table(TABLE, "alice", action, "ef" * 32)
    state = table_state.created(TABLE, created)
    for event in opening(created, "Alice").events[1:]:
        state = table_state.evolve(state, event)
    return msgspec.structs.replace(state, players=("alice", "bob", None))


def refused(state: TableState, player: str | None, code_hash: str = "") -> str:
    with pytest.raises(SenetError) as caught:
        watch_seat(state, player, code_hash)
    return caught.value.code


def test_a_seat_that_changed_hands_is_watched_as_a_spectator_or_not_at_all() -> None:
    state = table()
    assert watch_seat(state, "bob") == 1
    left = msgspec.structs.replace(state, players=("alice", "carol", None))
    assert watch_seat(left, "bob") is None  # bob now sees what no seat hides
    assert watch_seat(left, "carol") == 1
    closed = msgspec.structs.replace(left, spectators="none")
    assert refused(closed, "bob") == "no_spectators"


def test_a_table_turned_private_shows_nothing_to_strangers() -> None:
    state = table(spectators="anyone")
    assert watch_seat(state, None) is None and watch_seat(state, "stranger") is None
    private = msgspec.structs.replace(state, visibility="private")
    assert refused(private, "stranger") == "private_table"
    assert refused(private, None) == "missing_token"
    assert watch_seat(private, "bob") == 1  # its players still watch
    invited = msgspec.structs.replace(private, invited=(("dora", "Dora"),))
    assert watch_seat(invited, "dora") is None
    linked = msgspec.structs.replace(private, invitation=invitation_hash("code"))
    assert watch_seat(linked, "eve", invitation_hash("code")) is None
    assert refused(linked, "eve", invitation_hash("old")) == "private_table"


def test_the_spectators_option_is_asked_at_every_version() -> None:
    state = table(spectators="anyone")
    assert watch_seat(state, None) is None
    players_only = msgspec.structs.replace(state, spectators="players")
    assert refused(players_only, None) == "missing_token"
    assert watch_seat(players_only, "stranger") is None
    nobody = msgspec.structs.replace(state, spectators="none")
    assert refused(nobody, "stranger") == "no_spectators"


def test_chat_channels_follow_the_same_rule() -> None:
    state = table()
    check_channel(state, "bob", "players")
    left = msgspec.structs.replace(state, players=("alice", None, None))
    with pytest.raises(SenetError) as caught:
        check_channel(left, "bob", "players")
    assert caught.value.code == "not_seated"
    check_channel(left, "bob", "spectators")  # a spectator now
    playing = msgspec.structs.replace(state, status="playing")
    with pytest.raises(SenetError) as caught:
        check_channel(playing, "bob", "spectators")
    assert caught.value.code == "spectator_chat_closed"
