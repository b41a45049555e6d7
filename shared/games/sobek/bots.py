"""Sobek's help for the bots (shared/bots): states sampled from what a seat may see.

Hidden from a seat: the pile's order and the cards out of play, the other players' hands
and pots (their backs are seen), the characters face down on the quays (seen as characters
with their backs) and the round's event chips until it chose one. `sample` pools every such
card (sorted, so the pool depends only on what the seat sees), shuffles it with the bot's
rng and deals it back: face-down quay cards get characters of the same back, hands and pots
cards of the same backs, the pile and the out-of-play cards the rest. The async variant's
memories are not used (a bot knows less there than it could, never more).
"""

from __future__ import annotations

from collections import defaultdict

import msgspec

from shared.games.rng import Rng
from shared.games.sobek.components import CARDS, CHIPS
from shared.games.sobek.state import SobekState


def sample(state: SobekState, seat: int, rng: Rng) -> SobekState:
    """A state that seat cannot tell from `state`, the hidden cards and chips redealt."""
    if not state.hands:
        return state
    seen_pot = state.vizier_victim if state.phase == "vizier" and seat == state.active else None
    row_hidden = [i for i, c in enumerate(state.row) if CARDS[c].character]
    others = [p for p in range(state.seats) if p != seat]
    pots_hidden = [p for p in others if p != seen_pot]
    pool = sorted(
        [*state.pile, *state.out, *(state.row[i] for i in row_hidden)]
        + [c for p in others for c in state.hands[p]]
        + [c for p in pots_hidden for c in state.pots[p]]
    )
    by_kind: dict[tuple[str, bool], list[int]] = defaultdict(list)
    for card in rng.shuffled(pool):
        by_kind[(CARDS[card].back, CARDS[card].character is not None)].append(card)

    def deal(back: str, characters_only: bool) -> int:
        if characters_only:
            return by_kind[(back, True)].pop()
        kinds = [by_kind[(back, False)], by_kind[(back, True)]]
        # Either kind of that back: draw in proportion to what is left of each.
        total = len(kinds[0]) + len(kinds[1])
        pick = kinds[0] if rng.randint(1, total) <= len(kinds[0]) else kinds[1]
        return pick.pop()

    row = list(state.row)
    for i in row_hidden:
        row[i] = deal(CARDS[state.row[i]].back, True)
    hands = list(state.hands)
    pots = list(state.pots)
    for p in others:
        hands[p] = tuple(deal(CARDS[c].back, False) for c in state.hands[p])
    for p in pots_hidden:
        pots[p] = tuple(deal(CARDS[c].back, False) for c in state.pots[p])
    rest = [c for cards in by_kind.values() for c in cards]
    rest = rng.shuffled(sorted(rest))
    pile, out = tuple(rest[: len(state.pile)]), tuple(rest[len(state.pile) :])
    chips = state.chips
    sees_chips = (state.phase == "choose_event" and seat == state.active) or (
        state.is_async and state.chips_seen and state.chips_seen[seat]
    )
    if not sees_chips:
        unused = sorted(c.id for c in CHIPS if c.id not in state.chips_used)
        chips = tuple(sorted(rng.sample(unused, len(state.chips))))
    return msgspec.structs.replace(
        state, row=tuple(row), hands=tuple(hands), pots=tuple(pots), pile=pile, out=out,
        chips=chips,
    )  # fmt: skip
