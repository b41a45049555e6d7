"""Playing anytime cards and once-per-round permanent cards, with the online timing rules."""

from __future__ import annotations

from shared.games.egizia import events as ev
from shared.games.egizia.components import DATA
from shared.games.egizia.ctx import Ctx
from shared.games.egizia.effects import advance_crew, gain_stones
from shared.games.egizia.moves import PlayNileCard
from shared.games.egizia.queries import at_site, can_advance, can_place, colour, grain_fields
from shared.games.egizia.state import EgiziaState
from shared.games.kit import fail

# Online: cards a player may play on his own turn in phase 2 and at the start or end of a build.
_TURN_CARDS = frozenset({"stones", "sell_stones", "grain_upgrade", "crew_plus", "pay_crew"})
# Online table: safe build and first place must be played in phase 2; the second ship after a ship.
ALLOWED = {
    "nile": _TURN_CARDS | {"safe_build", "first_place"},
    "nile_after": _TURN_CARDS | {"safe_build", "first_place", "second_ship"},
    "feed": frozenset({"grain_plus", "grain_upgrade"}),
    "build": _TURN_CARDS | {"strength"},
    "build_end": _TURN_CARDS,
}


def check_card(state: EgiziaState, seat: int, move: PlayNileCard) -> None:
    """Raise IllegalMove unless the seat may play this card now with these parameters."""
    assert state.pending is not None
    context = state.pending.kind
    p = state.players[seat]
    if not 0 <= move.card < len(DATA.nile) or move.card not in p.cards:
        fail("card_not_held", "you do not hold that card")
    card = DATA.nile[move.card]
    effect = card.effect
    if card.kind == "instant" or effect not in ALLOWED.get(context, frozenset()):
        fail("card_not_playable_now", "that card cannot be played now")
    build = state.build
    if context == "build" and build is not None:
        # Online: cards at the start or end of a build, never while building; strength cards
        # only in the crew selection, after a crew is chosen.
        if effect == "strength":
            if not build.crews:
                fail("assign_a_crew_first", "choose a crew before adding strength")
            if build.placed:
                fail("card_not_playable_now", "strength cards only before building")
            if move.card in build.boosts:
                fail("card_already_played", "that card is already in this build")
        elif build.crews or build.placed:
            fail("card_not_playable_now", "cards only at the start or end of a build")
    extras = (move.crew, move.site, move.field, move.count)
    needs = {
        "crew_plus": 0,
        "pay_crew": 0,
        "safe_build": 1,
        "grain_upgrade": 2,
        "sell_stones": 3,
    }.get(effect)
    for i, value in enumerate(extras):
        if (value is not None) != (i == needs):
            fail("bad_card_parameters", "wrong parameters for that card")
    if effect in ("crew_plus", "pay_crew"):
        if effect in p.flags:
            fail("once_per_round", "that card was already used this round")
        assert move.crew is not None
        if not 0 <= move.crew < 4 or not can_advance(p, move.crew):
            fail("crew_at_maximum", "that crew cannot move further")
        if effect == "pay_crew" and p.stones < card.amount:
            fail("not_enough_stones", "the card costs 2 stones")
    elif effect == "sell_stones":
        assert move.count is not None
        if not 1 <= move.count <= min(card.amount, p.stones):
            fail("bad_count", "sell 1 to 10 of your stones")
    elif effect == "grain_upgrade":
        if move.field not in grain_fields(p) or colour(p, move.field) == 0:
            fail("field_cannot_be_improved", "choose a yellow-green or brown field of yours")
    elif effect == "safe_build":
        assert move.site is not None
        site = state.sites[move.site] if 0 <= move.site < 3 else None
        if site is None or seat not in site.reserve or seat in site.safe:
            fail("no_reserve_ship_there", "you have no reserve ship there")
    elif effect == "first_place":
        if not any(at_site(state, seat, i) for i in range(3)):
            fail("no_ship_at_a_site", "you have no ship at a construction site")
    elif effect == "second_ship" and not can_place(state, seat):
        fail("no_place_for_second_ship", "you cannot place another ship")


def do_card(ctx: Ctx, seat: int, move: PlayNileCard) -> None:
    """Carry out a checked card play (the caller continues the flow)."""
    card = DATA.nile[move.card]
    effect = card.effect
    if effect == "stones":
        ctx.emit(ev.NileCardPlayed(seat=seat, card=card.id, consumed=True))
        gain_stones(ctx, seat, card.amount, "card")
    elif effect == "sell_stones":
        assert move.count is not None
        ctx.emit(ev.NileCardPlayed(seat=seat, card=card.id, consumed=True))
        gain_stones(ctx, seat, -move.count, "sold")
        ctx.emit(ev.PointsScored(seat=seat, points=move.count, reason="stones_sold"))
    elif effect == "grain_upgrade":
        assert move.field is not None
        ctx.emit(ev.NileCardPlayed(seat=seat, card=card.id, consumed=True))
        ctx.emit(ev.GrainFieldImproved(seat=seat, field=move.field))
    elif effect == "crew_plus":
        assert move.crew is not None
        ctx.emit(ev.NileCardPlayed(seat=seat, card=card.id, consumed=False, flag="crew_plus"))
        advance_crew(ctx, seat, move.crew)
    elif effect == "pay_crew":
        assert move.crew is not None
        ctx.emit(ev.NileCardPlayed(seat=seat, card=card.id, consumed=False, flag="pay_crew"))
        gain_stones(ctx, seat, -card.amount, "card")
        advance_crew(ctx, seat, move.crew)
    elif effect == "safe_build":
        ctx.emit(
            ev.NileCardPlayed(seat=seat, card=card.id, consumed=True, flag=f"safe:{move.site}")
        )
    elif effect == "first_place":
        ctx.emit(ev.NileCardPlayed(seat=seat, card=card.id, consumed=True, flag="first"))
    elif effect == "second_ship":
        ctx.emit(ev.NileCardPlayed(seat=seat, card=card.id, consumed=True))
        ctx.emit(ev.NileTurnBegan(seat=seat, kind="nile", second=True))
    elif effect == "grain_plus":
        ctx.emit(ev.NileCardPlayed(seat=seat, card=card.id, consumed=True))
    elif effect == "strength":
        build = ctx.state.build
        assert build is not None
        ctx.emit(
            ev.CrewAssigned(
                seat=seat, crew=None, card=card.id, strength=build.strength + card.amount
            )
        )


def card_candidates(state: EgiziaState, seat: int) -> list[PlayNileCard]:
    """Every parameter combination worth checking for the seat's cards (legal_moves filters)."""
    p = state.players[seat]
    out: list[PlayNileCard] = []
    seen: set[str] = set()
    for card_id in p.cards:
        card = DATA.nile[card_id]
        if card.kind == "instant" or card.effect in ("grain", "quarry"):
            continue
        if card.key in seen:
            continue  # two copies of a card offer the same moves
        seen.add(card.key)
        effect = card.effect
        if effect in ("crew_plus", "pay_crew"):
            out += [PlayNileCard(card=card_id, crew=c) for c in range(4)]
        elif effect == "sell_stones":
            out += [PlayNileCard(card=card_id, count=n) for n in range(1, card.amount + 1)]
        elif effect == "grain_upgrade":
            out += [PlayNileCard(card=card_id, field=f) for f in grain_fields(p)]
        elif effect == "safe_build":
            out += [PlayNileCard(card=card_id, site=i) for i in range(3)]
        else:
            out.append(PlayNileCard(card=card_id))
    return out
