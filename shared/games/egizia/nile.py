"""Phase 2, "Nil befahren": placing ships, city and card effects, choices, the remaining card."""

from __future__ import annotations

from shared.games.egizia import events as ev
from shared.games.egizia.building import end_build_turn
from shared.games.egizia.components import DATA
from shared.games.egizia.ctx import Ctx
from shared.games.egizia.effects import advance_crew, take_card, visit_city
from shared.games.egizia.flow import after_placement, end_nile, next_nile_turn, resume
from shared.games.egizia.moves import (
    AdvanceCrew,
    EndTurn,
    MoveWaterRing,
    PlaceShip,
    TakeLeftoverCard,
)
from shared.games.egizia.queries import at_site, can_advance, holds, placements
from shared.games.egizia.state import EgiziaState
from shared.games.kit import fail


def check_place(state: EgiziaState, seat: int, move: PlaceShip) -> None:
    """Rules phase 2: one ship per field, downstream of the last ship, one per player per site."""
    p = state.players[seat]
    if not 0 <= move.stop < len(DATA.stops):
        fail("no_such_stop", "there is no such field on the Nile")
    if p.ships <= 0:
        fail("no_ships_left", "you have no ship left")
    kind = DATA.stops[move.stop]
    options = [t for t in placements(state, seat) if t[0] == move.stop]
    if move.doubled:
        if kind == "card" or move.stop in DATA.site_stops:
            fail("double_only_on_round_field", "the double card works on round fields only")
        if kind == "heliopolis":
            fail("double_not_on_heliopolis", "the double card may not be used on Heliopolis")
        if holds(p, "double_city") is None:
            fail("card_not_held", "you do not hold the double card")
    if any(t[1] == move.berth for t in options):
        return
    if move.stop == p.last_stop or (move.stop < p.last_stop and not options):
        fail("must_place_downstream", "a new ship must go further downstream")
    if move.stop in DATA.site_stops:
        site_index = DATA.site_stops.index(move.stop)
        if at_site(state, seat, site_index):
            fail("one_ship_per_site", "you already have a ship at this site")
        if move.berth is None:
            fail("reserve_only_when_full", "the reserve place is only for a full site")
        fail("berth_taken", "that berth is not free")
    if move.berth is not None:
        fail("no_berth_here", "only construction sites have berths")
    fail("field_occupied", "that field is taken")


def do_place(ctx: Ctx, seat: int, move: PlaceShip) -> None:
    """Place the ship, take the card or visit the city, then pass the turn on."""
    state = ctx.state
    p = state.players[seat]
    option = next(t for t in placements(state, seat) if t[0] == move.stop and t[1] == move.berth)
    stop, berth, upstream, joined = option
    kind = DATA.stops[stop]
    if kind == "card":
        # Rules: take the card first, put the ship on the emptied field, then carry the card out.
        field = DATA.card_stops.index(stop)
        card_id = state.river_cards[field]
        assert card_id is not None
        ship = ev.ShipPlaced(seat=seat, stop=stop, upstream=upstream)
        if take_card(ctx, seat, card_id, field, "nile", ship):
            return
    elif stop in DATA.site_stops:
        ctx.emit(ev.ShipPlaced(seat=seat, stop=stop, berth=berth, upstream=upstream))
    else:
        ctx.emit(ev.ShipPlaced(seat=seat, stop=stop, upstream=upstream, joined=joined))
        if move.doubled:
            double = holds(p, "double_city")
            assert double is not None
            ctx.emit(ev.NileCardPlayed(seat=seat, card=double, consumed=True))
        if visit_city(ctx, seat, kind, move.doubled, "nile"):
            return
    after_placement(ctx, seat)


def check_end_turn(state: EgiziaState, seat: int, move: EndTurn) -> None:
    """EndTurn is always possible when offered."""


def do_end_turn(ctx: Ctx, seat: int, move: EndTurn) -> None:
    """Pass the Nile turn on (or end the build turn)."""
    assert ctx.state.pending is not None
    if ctx.state.pending.kind == "build_end":
        end_build_turn(ctx)
    else:
        next_nile_turn(ctx, seat)


def check_advance(state: EgiziaState, seat: int, move: AdvanceCrew) -> None:
    """A crew choice: any crew that is not at the end of its track."""
    if not 0 <= move.crew < 4:
        fail("no_such_crew", "crews are 0-2 and the joker 3")
    if not can_advance(state.players[seat], move.crew):
        fail("crew_at_maximum", "that crew cannot move further")


def do_advance(ctx: Ctx, seat: int, move: AdvanceCrew) -> None:
    """Advance the crew; ask again while steps remain."""
    pending = ctx.state.pending
    assert pending is not None
    advance_crew(ctx, seat, move.crew)
    p = ctx.state.players[seat]
    if pending.steps > 1 and any(can_advance(p, c) for c in range(4)):
        ctx.emit(
            ev.ChoiceOffered(seat=seat, kind="crew", steps=pending.steps - 1, origin=pending.origin)
        )
        return
    ctx.emit(ev.ChoiceClosed(seat=seat))
    resume(ctx, pending.origin, seat)


def check_ring(state: EgiziaState, seat: int, move: MoveWaterRing) -> None:
    """Passalon/Heliopolis: the ring moves one field left or right and stays on the three fields."""
    if move.direction not in (-1, 0, 1):
        fail("bad_direction", "move the ring -1, 0 or +1")
    if not 0 <= state.ring + move.direction <= 2:
        fail("ring_off_the_board", "the ring must stay over one of the three fields")


def do_ring(ctx: Ctx, seat: int, move: MoveWaterRing) -> None:
    """Move the ring (or leave it); a doubled city may move it a second time."""
    pending = ctx.state.pending
    assert pending is not None
    if move.direction:
        ctx.emit(ev.WaterRingMoved(seat=seat, position=ctx.state.ring + move.direction))
        if pending.steps > 1:
            ctx.emit(
                ev.ChoiceOffered(
                    seat=seat, kind="ring", steps=pending.steps - 1, origin=pending.origin
                )
            )
            return
    ctx.emit(ev.ChoiceClosed(seat=seat))
    resume(ctx, pending.origin, seat)


def check_leftover(state: EgiziaState, seat: int, move: TakeLeftoverCard) -> None:
    """The remaining-card turn: a field that still holds a card, or None to take nothing."""
    if move.field is None:
        return
    if not 0 <= move.field < len(state.river_cards) or state.river_cards[move.field] is None:
        fail("no_card_there", "no card lies on that field")


def do_leftover(ctx: Ctx, seat: int, move: TakeLeftoverCard) -> None:
    """Take the card (and carry it out), then end the phase."""
    if move.field is not None:
        card_id = ctx.state.river_cards[move.field]
        assert card_id is not None
        if take_card(ctx, seat, card_id, move.field, "leftover"):
            return
    else:
        ctx.emit(ev.RemainingCardDeclined(seat=seat))
    end_nile(ctx)
