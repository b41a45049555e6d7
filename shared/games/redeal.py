"""Redealing hidden cards for the bots' sampled states (shared/bots; docs/bots.md).

A hidden place holds a card of which a seat may know only a class (its back, say). `redeal`
takes the hidden places' cards, pools them by class in a canonical order (so the result
depends only on what the seat sees, not on where the cards really are), shuffles each
pool with the rng and deals it back, every place getting a card of its class.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence

from shared.games.rng import Rng


def redeal(places: Sequence[tuple[Hashable, int]], rng: Rng) -> list[int]:
    """New cards for `places` ((class, card) each, in a fixed order), classes kept."""
    pools: dict[Hashable, list[int]] = defaultdict(list)
    for cls, card in places:
        pools[cls].append(card)
    for cls in sorted(pools, key=repr):
        pools[cls] = rng.shuffled(sorted(pools[cls]))
    return [pools[cls].pop() for cls, _ in places]
