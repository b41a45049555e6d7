"""Egizia's help for the bots (shared/bots): sampled states and an evaluation.

Hidden from a seat: the order of the three Nile decks, of the Sphinx deck and of the face-
down tombs, the other seats' Sphinx cards and the cards another builder drew from the
Sphinx deck. `sample` shuffles each Nile deck and the face-down tombs, and redeals the
Sphinx deck, the others' Sphinx cards and another's drawn cards among themselves
(`shared.games.redeal`); which returned cards went under the deck is not used (a bot knows
less than it could, never more). Playouts stop early and `evaluate` reads the score track
and the stones in hand.
"""

from __future__ import annotations

import math

import msgspec

from shared.games.egizia.components import DATA
from shared.games.egizia.state import EgiziaState
from shared.games.redeal import redeal
from shared.games.rng import Rng


def sample(state: EgiziaState, seat: int, rng: Rng) -> EgiziaState:
    """A state that seat cannot tell from `state`, the hidden cards redealt."""
    if not state.players:
        return state
    nile = tuple(tuple(rng.shuffled(sorted(deck))) for deck in state.nile_decks)
    open_end = min(len(state.tombs), state.tombs_taken + DATA.tombs_open)
    tombs = state.tombs[:open_end] + tuple(rng.shuffled(sorted(state.tombs[open_end:])))
    others = [p for p in range(state.seats) if p != seat]
    build = state.build
    theirs = build is not None and build.seat != seat
    cards = [*state.sphinx_deck, *(c for p in others for c in state.players[p].sphinx)]
    if theirs:
        assert build is not None
        cards += build.drawn
    dealt = iter(redeal([(0, c) for c in cards], rng))
    deck = tuple(next(dealt) for _ in state.sphinx_deck)
    players = list(state.players)
    for p in others:
        sphinx = tuple(next(dealt) for _ in players[p].sphinx)
        players[p] = msgspec.structs.replace(players[p], sphinx=sphinx)
    if theirs:
        assert build is not None
        build = msgspec.structs.replace(build, drawn=tuple(next(dealt) for _ in build.drawn))
    return msgspec.structs.replace(
        state, nile_decks=nile, tombs=tombs, sphinx_deck=deck, players=tuple(players),
        build=build,
    )  # fmt: skip


def evaluate(state: EgiziaState, seat: int) -> float:
    """The seat's prospects in [0, 1]: its lead on the score track (stones a little)."""
    if not state.players:
        return 0.5

    def worth(p: int) -> float:
        player = state.players[p]
        return player.score + 0.5 * player.stones + 1.0 * len(player.sphinx)

    mine = worth(seat)
    best = max(worth(p) for p in range(state.seats) if p != seat)
    return 0.5 + 0.5 * math.tanh((mine - best) / 12.0)
