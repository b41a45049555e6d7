"""setup: order tiles, start stones, Sphinx deal, shuffled decks, dealt tombs, then round 1."""

from __future__ import annotations

from typing import Any

from shared.games.egizia import events as ev
from shared.games.egizia.components import DATA
from shared.games.egizia.ctx import new_ctx
from shared.games.egizia.evolve import initial_state
from shared.games.egizia.flow import lay_round
from shared.games.rng import Rng


def nile_deck(deck: int, seats: int, variant: bool) -> list[int]:
    """The cards of one Nile deck for this table (variant and 2-player removals applied)."""
    out = []
    for card in DATA.nile:
        if card.deck != deck:
            continue
        if variant and card.effect == "sphinx_plus":
            continue  # online variant: without the "+2 Sphinx cards" card
        if seats == 2 and card.effect == "safe_build":
            continue  # online FAQ: with 2 players everyone gets a field
        out.append(card.id)
    return out


def sphinx_cards(variant: bool) -> list[int]:
    """The Sphinx cards in play (the variant removes "1 point per 10 points")."""
    return [c.id for c in DATA.sphinx if not (variant and c.condition == "ten_percent")]


def setup(seats: int, options: Any, rng: Rng) -> list[ev.EgiziaEvent]:
    """The opening events; every shuffle is recorded so that replay never reshuffles."""
    variant = bool(getattr(options, "variant", False))
    tiles = tuple(rng.shuffled(range(1, seats + 1)))
    sphinx = rng.shuffled(sphinx_cards(variant))
    decks = tuple(tuple(rng.shuffled(nile_deck(d, seats, variant))) for d in range(3))
    tombs = tuple(rng.sample(DATA.tomb_values, DATA.tombs_dealt))
    ctx = new_ctx(initial_state(seats, options))
    ctx.emit(
        ev.GameSetUp(
            tiles=tiles,
            stones=tuple(DATA.start_stones[t - 1] for t in tiles),
            sphinx_dealt=tuple(sphinx[:seats]),
            sphinx_deck=tuple(sphinx[seats:]),
            nile_decks=decks,
            tombs=tombs,
            berths=DATA.berths_full if seats == 4 else DATA.berths_small,
        )
    )
    lay_round(ctx, 1)
    return ctx.events
