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

from shared.games.istanbul.components import N, gem_rubies
from shared.games.istanbul.legal import can_gem, gem_price
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


def worth(player: Player, state: IstanbulState) -> float:
    """A seat's progress, in rubies. Lira count for the rubies they buy at the Gemstone
    Dealer at its rising prices (a little less than a ruby held: the merchant still has to
    go there), and little beyond: valued flat, hoarded lira looked like a win while the
    rubies went to the other seat."""
    return (
        player.rubies
        + _lira(player.money, state)
        + 0.04 * sum(player.goods)
        + 0.25 * player.extensions
        + 0.3 * len(player.tiles)
        + 0.05 * len(player.hand)
    )


def _lira(money: int, state: IstanbulState) -> float:
    if not can_gem(state):
        return 0.02 * money
    price, left, bought = gem_price(state), gem_rubies(state.seats) - state.gem_taken, 0.0
    while left and money >= price and price <= N.gem_last_price:
        money, price, left, bought = money - price, price + 1, left - 1, bought + 1
    value = 0.75 * bought + 0.01 * money
    if money and left and price <= N.gem_last_price:
        value += 0.6 * money / price  # on the way to the next ruby
    return value


def evaluate(state: IstanbulState, seat: int) -> float:
    """The seat's prospects in [0, 1]."""
    if not state.players:
        return 0.5
    target = N.ruby_target[len(state.players)]
    mine = worth(state.players[seat], state)
    best = max(worth(p, state) for i, p in enumerate(state.players) if i != seat)
    return 0.5 + 0.5 * math.tanh(2.0 * (mine - best) / max(target, 1) * 2)
