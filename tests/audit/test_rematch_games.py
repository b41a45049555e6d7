"""Rematches of every game: offers declined and renewed at random, then agreed; the new table
opens with the players one seat on, plays on, and both records verify."""

from __future__ import annotations

import random

import msgspec
import pytest

from shared.audit.export import export_table
from shared.audit.verify import verify_record
from shared.contracts.envelopes import (
    OpenRematch,
    PlayMove,
    Rematch,
    Resign,
)
from shared.games.registry import available_games, get_game
from shared.store import open_store
from shared.tables.state import TableState
from tests.audit.kit import Driver


def _play(
    driver: Driver, table_id: str, players: list[str], rng: random.Random, moves: int
) -> None:
    """Random legal moves, then the last seat to act resigns (the game ends either way)."""
    state = driver.state(table_id)
    for _ in range(moves):
        if state.status == "over":
            return
        seat = rng.choice(list(state.spec.to_act(state.game_state)))
        move = rng.choice(list(state.spec.legal_moves(state.game_state, seat)))
        driver.send(table_id, players[seat], PlayMove(move=msgspec.Raw(msgspec.json.encode(move))))
        state = driver.state(table_id)
    while state.status != "over":
        driver.send(table_id, players[state.playing_seats()[-1]], Resign())
        state = driver.state(table_id)


def _agree(driver: Driver, table_id: str, players: list[str], rng: random.Random) -> TableState:
    """Offers and declines at random until every seat has accepted one offer."""
    state = driver.state(table_id)
    while not state.rematch_table:
        seat = rng.randrange(len(players))
        if state.rematch is None:
            driver.send(table_id, players[seat], Rematch())
        elif seat not in state.rematch:
            accept = rng.random() < 0.8 or state.rematch_offers >= 9
            driver.send(table_id, players[seat], Rematch(accept=accept))
        state = driver.state(table_id)
    return state


@pytest.mark.parametrize("game", available_games())
@pytest.mark.parametrize("seed", [1, 2])
def test_a_rematch_of_every_game_opens_one_seat_on_and_both_records_verify(
    game: str, seed: int
) -> None:
    store = open_store("memory")
    driver = Driver(store)
    rng = random.Random(f"rematch-{game}-{seed}")
    seats = min(get_game(game).max_players, 3)
    table_id = f"00000000-0000-4000-8000-{seed:012d}"
    players = [f"p{i}" for i in range(seats)]
    driver.start_table(table_id, game, players)
    _play(driver, table_id, players, rng, rng.randrange(0, 40))
    agreed = _agree(driver, table_id, players, rng)
    new_id = agreed.rematch_table
    driver.send(new_id, rng.choice(players), OpenRematch(from_table=table_id))
    fresh = driver.state(new_id)
    assert fresh.status == "playing" and fresh.rematch_of == table_id
    assert list(fresh.players) == players[1:] + players[:1]  # one seat on
    assert fresh.seed != agreed.seed
    _play(driver, new_id, list(fresh.players), rng, rng.randrange(0, 40))
    for finished in (table_id, new_id):
        report = verify_record(export_table(store, finished))
        assert report.ok, (finished, report.problem)
