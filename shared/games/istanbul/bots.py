"""Istanbul's help for the bots (shared/bots): sampled states and an evaluation.

Hidden from a seat: the bonus deck's order, the other seats' bonus cards (all backs alike)
and the demand tiles under each market's top one. `sample` redeals the deck and the other
hands together (`shared.games.redeal`) and shuffles each market's hidden tiles. Random
playouts of Istanbul run to thousands of moves, so they stop early and `evaluate` judges
the race to the ruby target: rubies, then money, goods, wheelbarrow, tiles and cards.
"""

from __future__ import annotations

import math

import msgspec

from shared.games.istanbul.components import N
from shared.games.istanbul.state import IstanbulState, Player
from shared.games.redeal import redeal
from shared.games.rng import Rng


def sample(state: IstanbulState, seat: int, rng: Rng) -> IstanbulState:
    """A state that seat cannot tell from `state`, the hidden cards and tiles redealt."""
    if not state.players:
        return state
    others = [p for p in range(len(state.players)) if p != seat]
    cards = [*state.deck, *(c for p in others for c in state.players[p].hand)]
    names = sorted(set(cards))
    places = [(0, names.index(c)) for c in cards]
    dealt = iter(names[i] for i in redeal(places, rng))
    deck = tuple(next(dealt) for _ in state.deck)
    players = list(state.players)
    for p in others:
        hand = tuple(next(dealt) for _ in players[p].hand)
        players[p] = msgspec.structs.replace(players[p], hand=hand)
    small = state.small[:1] + tuple(rng.shuffled(sorted(state.small[1:])))
    large = state.large[:1] + tuple(rng.shuffled(sorted(state.large[1:])))
    return msgspec.structs.replace(
        state, deck=deck, players=tuple(players), small=small, large=large
    )


def worth(player: Player) -> float:
    """A seat's progress, in rubies."""
    return (
        player.rubies
        + 0.06 * player.money
        + 0.04 * sum(player.goods)
        + 0.25 * player.extensions
        + 0.3 * len(player.tiles)
        + 0.05 * len(player.hand)
    )


def evaluate(state: IstanbulState, seat: int) -> float:
    """The seat's prospects in [0, 1]."""
    if not state.players:
        return 0.5
    target = N.ruby_target[len(state.players)]
    mine = worth(state.players[seat])
    best = max(worth(p) for i, p in enumerate(state.players) if i != seat)
    return 0.5 + 0.5 * math.tanh(2.0 * (mine - best) / max(target, 1) * 2)
