"""Istanbul's hidden information: hands (kinds seen by their holder only), the deck's
order and the demand tiles below each market's top are never shown."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from shared.games.istanbul import GAME
from shared.games.istanbul import events as ev
from tests.gamekit import start


def test_only_the_holder_sees_the_kinds_of_its_bonus_cards() -> None:
    state, _ = start(GAME, 4, {}, seed=2)
    for viewer in (None, 0, 1, 2, 3):
        seen = GAME.view(state, viewer)
        for p in seen.players:
            assert p.hand_count == 1
            assert (p.hand is not None) == (p.seat == viewer)


def test_deck_and_demand_order_do_not_change_any_view() -> None:
    state, _ = start(GAME, 3, {}, seed=4)
    other = replace(
        state,
        deck=tuple(reversed(state.deck)),
        small=(state.small[0], *reversed(state.small[1:])),
        large=(state.large[0], *reversed(state.large[1:])),
    )
    for viewer in (None, 0, 1, 2):
        assert msgspec.json.encode(GAME.view(state, viewer)) == msgspec.json.encode(
            GAME.view(other, viewer)
        )


def test_redaction_hides_orders_and_other_seats_drawn_cards() -> None:
    _, events = start(GAME, 3, {}, seed=6)
    for viewer in (None, 0, 1, 2):
        for event in events:
            seen = GAME.redact(event, viewer)
            assert seen is not None
            if isinstance(event, ev.DeckShuffled | ev.DemandShuffled):
                assert seen.order == () and seen.count == event.count  # type: ignore[union-attr]
            if isinstance(event, ev.DemandShuffled):
                assert seen.top == event.top  # type: ignore[union-attr]
            if isinstance(event, ev.CardDrawn):
                assert (seen.card is not None) == (event.seat == viewer)  # type: ignore[union-attr]


def test_a_card_taken_from_the_discard_pile_is_public() -> None:
    taken = ev.CardDrawn(seat=1, source="discard", card="stay")
    assert GAME.redact(taken, 0) == taken and GAME.redact(taken, None) == taken
