"""A match table's opening events: the tournament's game and options, its players seated in
the pairing's order, the game started (the same shape as an agreed rematch)."""

from __future__ import annotations

from typing import Any

import msgspec

from shared.contracts.errors import Conflict, NotFound
from shared.games.registry import get_game
from shared.tables.decide import commitment_of, rematch_opening
from shared.tables.events import TableCreated
from shared.tournaments.state import TournamentState


def match_opening(state: TournamentState, table_id: str, seed: str) -> list[Any]:
    """TableCreated (naming the tournament), a SeatTaken per player, TableStarted and the
    game's setup, for a match of the tournament's pairing."""
    match = state.match(table_id)
    if match is None:
        raise NotFound("no match of this tournament at that table", code="unknown_match")
    if match.round not in range(1, state.round + 1):
        raise Conflict("that round is not paired", code="round_not_paired")
    created = state.created
    game = get_game(created.game)
    players = list(match.players)
    opened = TableCreated(
        game=game.name,
        seats=len(players),
        options=msgspec.to_builtins(game.convert_options(created.options)),
        rules_version=game.rules_version,
        creator=players[0],
        commitment=commitment_of(table_id, seed),
        seed=seed,
        visibility=created.visibility,
        tournament=state.tournament_id,
    )
    known = {e.player_id: e.name for e in state.entrants}
    names = [known.get(p, p) for p in players]
    return list(rematch_opening(table_id, opened, players, names).events)
