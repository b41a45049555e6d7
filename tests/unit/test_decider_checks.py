"""Table rules the gateway used to decide, now the table decider's: a private table's join
names the hash of its current invitation, and a move that names a seat names the caller's.

Given / when / then on the pure decider; the fingerprint of a command that names neither is
what it was before, so a command repeated across the upgrade is still a repeat.
"""

from __future__ import annotations

import uuid

import msgspec
import pytest

from shared.contracts.envelopes import (
    AnswerUndo,
    CreateTable,
    InvitePlayer,
    JoinTable,
    PlayMove,
    RequestUndo,
    SetInvitation,
    StartTable,
    TimeOutTurn,
    WithdrawInvitation,
)
from shared.contracts.errors import SenetError
from shared.tables import state as table_state
from shared.tables.access import invitation_hash
from shared.tables.decide import decide, new_table, opening
from shared.tables.events import MoveBegan, MoveUndone
from shared.tables.state import TableState

TABLE = str(uuid.UUID(int=26))
SEED = "cd" * 32
CODE = "the-current-code"


def private_table(code: str = CODE) -> TableState:
    """A private three-seat Ra table of `alice` whose link has `code`."""
    action = CreateTable(game="ra", seats=3, player_name="A", visibility="private")
    created = new_table(TABLE, "alice", action, SEED)
    state = table_state.created(TABLE, created)
    for event in opening(created, "Alice").events[1:]:
        state = table_state.evolve(state, event)
    return then(state, "alice", SetInvitation(code_hash=invitation_hash(code)))


def then(state: TableState, player: str, action: object) -> TableState:
    for event in decide(state, player, action).events:  # type: ignore[arg-type]
        state = table_state.evolve(state, event)
    return state


def refused(state: TableState, player: str, action: object) -> str:
    with pytest.raises(SenetError) as caught:
        decide(state, player, action)  # type: ignore[arg-type]
    return caught.value.code


def test_a_private_join_needs_the_hash_of_the_current_code() -> None:
    state = private_table()
    assert refused(state, "bob", JoinTable(player_name="Bob")) == "bad_invitation"
    wrong = JoinTable(player_name="Bob", invitation_hash=invitation_hash("guessed"))
    assert refused(state, "bob", wrong) == "bad_invitation"
    right = JoinTable(player_name="Bob", invitation_hash=invitation_hash(CODE))
    assert then(state, "bob", right).seat_of("bob") == 1


def test_a_revoked_or_renewed_link_no_longer_lets_anyone_in() -> None:
    old = JoinTable(player_name="Bob", invitation_hash=invitation_hash(CODE))
    revoked = then(private_table(), "alice", SetInvitation(code_hash=""))
    assert refused(revoked, "bob", old) == "bad_invitation"
    empty = JoinTable(player_name="Bob", invitation_hash="")
    assert refused(revoked, "bob", empty) == "bad_invitation"  # "" never matches "" revoked
    renewed = then(private_table(), "alice", SetInvitation(code_hash=invitation_hash("new")))
    assert refused(renewed, "bob", old) == "bad_invitation"


def test_an_invitee_by_name_joins_without_the_code_until_withdrawn() -> None:
    state = then(private_table(), "alice", InvitePlayer(player_id="bob", player_name="Bob"))
    assert then(state, "bob", JoinTable(player_name="Bob")).seat_of("bob") == 1
    withdrawn = then(state, "alice", WithdrawInvitation(player_id="bob"))
    assert refused(withdrawn, "bob", JoinTable(player_name="Bob")) == "bad_invitation"


def test_a_join_stores_the_hash_it_named_for_the_audit() -> None:
    right = JoinTable(player_name="Bob", invitation_hash=invitation_hash(CODE))
    assert decide(private_table(), "bob", right).move == {"invitation": invitation_hash(CODE)}


def test_a_move_naming_another_seat_is_refused_with_not_your_seat() -> None:
    state = private_table()
    for player in ("bob", "carol"):
        hashed = invitation_hash(CODE)
        state = then(state, player, JoinTable(player_name=player, invitation_hash=hashed))
    state = then(state, "alice", StartTable())
    move = state.spec.legal_moves(state.game_state, 0)[0]
    raw = msgspec.Raw(msgspec.json.encode(move))
    assert refused(state, "alice", PlayMove(move=raw, seat=1)) == "not_your_seat"
    assert decide(state, "alice", PlayMove(move=raw, seat=0)).seat == 0
    assert decide(state, "alice", PlayMove(move=raw)).seat == 0


def test_commands_naming_no_code_or_seat_encode_as_before() -> None:
    """The fingerprint of a command is over its encoding: the new fields are left out."""
    assert msgspec.json.encode(JoinTable(player_name="Bob")) == (
        b'{"type":"JoinTable","player_name":"Bob"}'
    )
    assert msgspec.json.encode(PlayMove(move=msgspec.Raw(b"{}"))) == (
        b'{"type":"PlayMove","move":{}}'
    )


def _undoable_move(state: TableState) -> tuple[int, msgspec.Raw] | None:
    """A seat to act and a move of theirs that may be taken back (None: none now)."""
    for seat in state.spec.to_act(state.game_state):
        if seat in state.forfeited:
            continue
        for move in state.spec.legal_moves(state.game_state, seat):
            raw = msgspec.Raw(msgspec.json.encode(move))
            player = state.players[seat] or ""
            events = decide(state, player, PlayMove(move=raw)).events
            if isinstance(events[0], MoveBegan) and events[0].undoable:
                return seat, raw
    return None


def test_a_take_back_next_to_a_forfeited_seat_needs_only_the_remaining_seats_consent() -> None:
    action = CreateTable(game="ra", seats=3, player_name="A", takebacks=True)
    created = new_table(TABLE, "alice", action, SEED)
    state = table_state.created(TABLE, created)
    for event in opening(created, "Alice").events[1:]:
        state = table_state.evolve(state, event)
    for player in ("bob", "carol"):
        state = then(state, player, JoinTable(player_name=player))
    state = then(state, "alice", StartTable())
    first = state.spec.to_act(state.game_state)[0]
    timeout = TimeOutTurn(seat=first, policy="forfeit", turn=state.version)
    state = then(state, "", timeout)
    assert state.forfeited == (first,)
    found = None
    for _ in range(200):  # play on (the bot too) until a playing seat makes an undoable move
        found = _undoable_move(state)
        if found is not None:
            break
        seat = state.spec.to_act(state.game_state)[0]
        move = state.spec.legal_moves(state.game_state, seat)[0]
        raw = msgspec.Raw(msgspec.json.encode(move))
        state = then(state, state.players[seat] or "", PlayMove(move=raw))
    assert found is not None
    mover, raw = found
    state = then(state, state.players[mover] or "", PlayMove(move=raw))
    state = then(state, state.players[mover] or "", RequestUndo())
    [other] = [s for s in range(3) if s not in (mover, first)]
    assert state.undo_voters() == [other]  # the forfeited seat is not asked
    events = decide(state, state.players[other] or "", AnswerUndo(accept=True)).events
    assert isinstance(events[-1], MoveUndone)
