"""Effects shared by cities, Nile cards and building: markers, crews, stones, taking a card."""

from __future__ import annotations

from shared.games.egizia import events as ev
from shared.games.egizia.components import DATA, JOKER
from shared.games.egizia.ctx import Ctx
from shared.games.egizia.queries import can_advance, own_stones


def gain_stones(ctx: Ctx, seat: int, delta: int, reason: str) -> None:
    """Change a tableau's stones; the track holds 0..25 and the excess is lost (Rules phase 4)."""
    now = ctx.state.players[seat].stones
    new = max(0, min(DATA.max_stones, now + delta))
    ctx.emit(ev.StonesGained(seat=seat, delta=new - now, stones=new, reason=reason))


def move_marker(ctx: Ctx, seat: int, track: str, steps: int) -> None:
    """Markers step down; reaching the bottom, or a step beyond it, gives 3 stones or 2 points."""
    bottom = DATA.track_levels(track) - 1
    for _ in range(steps):
        pos = getattr(ctx.state.players[seat], track)
        if pos < bottom:
            ctx.emit(ev.MarkerMoved(seat=seat, track=track, position=pos + 1))
            if pos + 1 < bottom:
                continue
        stones_now = ctx.state.players[seat].stones
        if track == "stone_sale":
            gain = DATA.stone_sale_bottom_stones
            stones_now = min(DATA.max_stones, stones_now + gain)
            ctx.emit(
                ev.BottomFieldReached(
                    seat=seat, track=track, stones=gain, points=0, stones_now=stones_now
                )
            )
        else:
            ctx.emit(
                ev.BottomFieldReached(
                    seat=seat,
                    track=track,
                    stones=0,
                    points=DATA.grain_bottom_points,
                    stones_now=stones_now,
                )
            )


def advance_crew(ctx: Ctx, seat: int, crew: int, steps: int = 1) -> None:
    """A crew moves right (stronger); a crew at the end of its track stays."""
    now = ctx.state.players[seat].crews[crew]
    new = min(DATA.crew_max[crew], now + steps)
    if new != now:
        ctx.emit(ev.CrewAdvanced(seat=seat, crew=crew, strength=new))


def offer_crew_choice(ctx: Ctx, seat: int, steps: int, origin: str) -> bool:
    """Ask the seat which crew to advance (steps times); False when no crew can move."""
    p = ctx.state.players[seat]
    if steps <= 0 or not any(can_advance(p, c) for c in range(4)):
        return False
    ctx.emit(ev.ChoiceOffered(seat=seat, kind="crew", steps=steps, origin=origin))
    return True


def take_card(
    ctx: Ctx, seat: int, card_id: int, field: int, origin: str, ship: ev.ShipPlaced | None = None
) -> bool:
    """Take a card, put the ship on its field, carry the card out; True if a choice waits."""
    card = DATA.nile[card_id]
    ctx.emit(ev.NileCardTaken(seat=seat, card=card_id, field=field, kept=card.kind != "instant"))
    if ship is not None:
        ctx.emit(ship)
    effect = card.effect
    if effect == "grain" and card.bonus:
        # Online table, brown fields: a one-time bonus on taking the card.
        if card.bonus in ("grain_market", "stone_sale"):
            move_marker(ctx, seat, card.bonus, 1)
        elif card.bonus == "points3":
            ctx.emit(ev.PointsScored(seat=seat, points=3, reason="brown_field"))
        elif card.bonus == "stones4":
            gain_stones(ctx, seat, 4, "brown_field")
    elif effect in ("stone_sale", "grain_market"):
        move_marker(ctx, seat, effect, card.amount)
    elif effect == "crews_choice":
        return offer_crew_choice(ctx, seat, card.amount, origin)
    elif effect == "crews_pictured":
        for crew in card.crews:
            advance_crew(ctx, seat, crew)
    elif effect == "building_points":
        points = sum(own_stones(ctx.state, seat, b) for b in card.buildings)
        if points:
            ctx.emit(ev.PointsScored(seat=seat, points=points, reason="building_card"))
    return False


def visit_city(ctx: Ctx, seat: int, city: str, doubled: bool, origin: str) -> bool:
    """Rules, round fields: the city's action (twice if doubled); True if a choice waits."""
    ctx.emit(ev.CityVisited(seat=seat, city=city, doubled=doubled))
    times = 2 if doubled else 1
    if city == "edfu":
        move_marker(ctx, seat, "stone_sale", times)
        move_marker(ctx, seat, "grain_market", times)
    elif city in DATA.city_crews:
        for crew in DATA.city_crews[city]:
            advance_crew(ctx, seat, crew, times)
    elif city in ("passalon", "heliopolis"):
        advance_crew(ctx, seat, JOKER, times)
        ctx.emit(ev.ChoiceOffered(seat=seat, kind="ring", steps=times, origin=origin))
        return True
    elif city == "alyi":
        gain_stones(ctx, seat, 2 * times, "alyi")
        return offer_crew_choice(ctx, seat, times, origin)
    return False
