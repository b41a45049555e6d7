"""Random games of every game at tables with take-backs: moves asked back at random, accepted
or declined at random. An accepted take-back puts the game back exactly where it was before
the move; a declined one changes nothing; a move that drew at random is never taken back;
games whose rules say nothing may be taken back refuse every request; snapshots keep the
take-back state; the unfinished table re-decides (`senet replay --verify`) and the finished
record verifies offline."""

from __future__ import annotations

import random
import uuid

import msgspec
import pytest

from services.table.replay import verify_table
from shared.audit.export import export_table
from shared.audit.verify import verify_record
from shared.contracts.envelopes import (
    AnswerUndo,
    PlayMove,
    RequestUndo,
    Resign,
)
from shared.games.registry import available_games, get_game
from shared.store import open_store
from shared.tables.codec import decode_state, encode_state
from tests.audit.kit import Driver


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_take_backs_rewind_exactly_and_the_game_verifies(game: str, seed: int) -> None:
    store = open_store("memory")
    driver = Driver(store)
    rng = random.Random(f"undo-{game}-{seed}")
    spec = get_game(game)
    seats = max(spec.min_players, min(spec.max_players, 2 + seed % 2))
    table_id = str(uuid.UUID(int=seed, version=4))
    players = [f"p{i}" for i in range(seats)]
    driver.start_table(table_id, game, players, takebacks=True)
    undone = declined = 0
    state = driver.state(table_id)
    for _ in range(rng.randrange(20, 80)):
        if state.status != "playing":
            break
        before = state.game_state
        seat = rng.choice(list(spec.to_act(before)))
        move = rng.choice(list(spec.legal_moves(before, seat)))
        driver.send(table_id, players[seat], PlayMove(move=msgspec.Raw(msgspec.json.encode(move))))
        state = driver.state(table_id)
        if state.status != "playing" or rng.random() < 0.5:
            continue
        if state.undo_open() != seat:
            code = driver.refused(table_id, players[seat], RequestUndo())
            assert code == "move_not_undoable"
            continue
        assert spec.undoable is not None, "a game without the hook takes nothing back"
        after = state.game_state
        driver.send(table_id, players[seat], RequestUndo())
        others = [s for s in range(seats) if s != seat]
        refuse = rng.random() < 0.3
        for other in others:
            answer = not (refuse and other == others[-1])
            driver.send(table_id, players[other], AnswerUndo(accept=answer))
        state = driver.state(table_id)
        assert decode_state(encode_state(state)) == state
        if refuse:
            declined += 1
            assert state.game_state == after and state.undo_declined
            code = driver.refused(table_id, players[seat], RequestUndo())
            assert code == "undo_declined"
        else:
            undone += 1
            assert state.game_state == before and state.undo_open() == -1
    assert verify_table(store, table_id).ok  # the unfinished table, with the secret seed
    while state.status == "playing":
        driver.send(table_id, players[state.playing_seats()[-1]], Resign())
        state = driver.state(table_id)
    report = verify_record(export_table(store, table_id))
    assert report.ok, report.problem
    assert verify_table(store, table_id).ok
    if spec.undoable is not None and seed == 1:
        assert undone + declined > 0, "the test asked no take-back at all"
