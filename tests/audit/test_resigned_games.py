"""Games with resignations end, rank the resigned last, and their records verify."""

from __future__ import annotations

import random

import msgspec
import pytest

from shared.audit.export import export_table
from shared.audit.verify import verify_record
from shared.contracts.envelopes import PlayMove, Resign
from shared.games.registry import available_games, get_game
from shared.store import open_store
from shared.tables.outcome import final_result
from tests.audit.kit import Driver


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_with_random_resignations_ends_and_verifies(game: str, seed: int) -> None:
    store = open_store("memory")
    driver = Driver(store)
    rng = random.Random(f"resign-{game}-{seed}")
    seats = min(get_game(game).max_players, 3)
    table_id = f"00000000-0000-4000-8000-{seed:012d}"
    players = [f"p{i}" for i in range(seats)]
    driver.start_table(table_id, game, players)
    state = driver.state(table_id)
    order: list[int] = []
    # The first resignation early (every game is longer than that), maybe a second later.
    plan = {rng.randrange(1, 7)}
    if seats > 2 and rng.random() < 0.5:
        plan.add(rng.randrange(20, 60))
    for step in range(20_000):
        if state.status == "over":
            break
        spec = state.spec
        if step in plan and len(state.playing_seats()) > 1:
            seat = rng.choice(state.playing_seats())
            driver.send(table_id, players[seat], Resign())
            order.append(seat)
        else:
            seat = rng.choice(list(spec.to_act(state.game_state)))
            assert seat not in state.resigned  # a bot played the resigned seats' turns
            move = rng.choice(list(spec.legal_moves(state.game_state, seat)))
            raw = msgspec.Raw(msgspec.json.encode(move))
            driver.send(table_id, players[seat], PlayMove(move=raw))
        state = driver.state(table_id)
    assert state.status == "over" and state.revealed_seed
    assert order, "no resignation in this game: pick other seeds"
    assert list(state.resigned) == order
    result = final_result(state)
    assert result is not None and result.resigned == order
    for place, seat in enumerate(reversed(order), start=seats - len(order) + 1):
        assert result.ranks[seat] == place  # the first to resign is last
    assert not set(result.winners) & set(order)
    report = verify_record(export_table(store, table_id))
    assert report.ok, report.problem
