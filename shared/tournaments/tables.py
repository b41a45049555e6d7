"""A match table's opening events: the tournament's game and options, its players seated in
the pairing's order, the game started (the same shape as an agreed rematch), and the turn
timing the tournament asks of its tables (`TimingChosen`). The table worker decides them
(`OpenMatch`, `services.table.commands.open_match`): it is the one writer of tables."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from shared.contracts.errors import Conflict, NotFound
from shared.games.registry import get_game
from shared.tables import decide as decider
from shared.tables.decide import commitment_of
from shared.tables.events import TableCreated
from shared.tables.timing import Timing
from shared.tournaments.events import TournamentCreated
from shared.tournaments.state import TournamentState


def match_opening(state: TournamentState, table_id: str, seed: str) -> list[Any]:
    """TableCreated (naming the tournament), a SeatTaken per player, TableStarted, the
    game's setup and the tournament's TimingChosen (if it sets one), for a match of the
    tournament's pairing."""
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
    timing = match_timing(created)
    return list(decider.match_opening(table_id, opened, players, names, timing).events)


def match_seed(created: TournamentCreated, table_id: str) -> str | None:
    """The seed of a match table when the tournament's seed was chosen by self-play (the
    tables repeat with it); None: a real tournament, whose tables draw secret seeds."""
    if not created.chosen_seed:
        return None
    return hashlib.sha256(f"senet:match:{created.seed}:{table_id}".encode()).hexdigest()


def match_timing(created: TournamentCreated) -> Timing | None:
    """The timing of the tournament's match tables (None: the platform's defaults): its
    per-move deadline in hours and its timeout policy, reminders at half the deadline and a
    last warning 6 hours before it (when the deadline leaves room for them)."""
    if not created.move_deadline and created.timeout_policy == "bot":
        return None
    default = Timing()
    deadline = float(created.move_deadline) or default.deadline
    return Timing(
        first_reminder=deadline / 2 if deadline >= 2 else 0.0,
        repeat_every=default.repeat_every,
        last_warning=6.0 if deadline > 6 else 0.0,
        deadline=deadline,
        policy=created.timeout_policy,
    )
