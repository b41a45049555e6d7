"""The automatic parts of a round: turns, phase ends, feeding, production, bonus, order."""

from __future__ import annotations

from shared.games.egizia import events as ev
from shared.games.egizia.components import DATA
from shared.games.egizia.ctx import Ctx
from shared.games.egizia.evolve import deck_for_round
from shared.games.egizia.final import final_scoring
from shared.games.egizia.queries import (
    at_site,
    can_place,
    colour,
    grain,
    grain_fields,
    holds,
    production,
    strength,
    took_part,
)


def lay_round(ctx: Ctx, round_: int) -> None:
    """Phase 1: 10 Nile cards from the round's deck, then tile 1 places first."""
    deck = ctx.state.nile_decks[deck_for_round(round_)]
    ctx.emit(ev.NileCardsLaid(round=round_, cards=deck[: DATA.cards_per_round]))
    next_nile_turn(ctx, None)


def next_nile_turn(ctx: Ctx, after: int | None) -> None:
    """Phase 2: the next seat in tile order that can still place; none left ends the phase."""
    order = ctx.state.order()
    start = 0 if after is None else order.index(after) + 1
    for i in range(len(order)):
        seat = order[(start + i) % len(order)]
        if can_place(ctx.state, seat):
            ctx.emit(ev.NileTurnBegan(seat=seat))
            return
    end_nile(ctx)


def turn_stays_open(ctx: Ctx, seat: int) -> bool:
    """Online: second ship, safe build and first place are played in phase 2 after a ship."""
    state = ctx.state
    p = state.players[seat]
    if holds(p, "second_ship") is not None and can_place(state, seat):
        return True
    if holds(p, "safe_build") is not None and any(
        seat in site.reserve and seat not in site.safe for site in state.sites
    ):
        return True
    return holds(p, "first_place") is not None and any(at_site(state, seat, i) for i in range(3))


def after_placement(ctx: Ctx, seat: int) -> None:
    """After a ship and its effects: the turn stays open for the phase-2 cards, or passes on."""
    if turn_stays_open(ctx, seat):
        ctx.emit(ev.NileTurnBegan(seat=seat, kind="nile_after"))
    else:
        next_nile_turn(ctx, seat)


def resume(ctx: Ctx, origin: str, seat: int) -> None:
    """Continue after a pending choice is closed."""
    if origin == "leftover":
        end_nile(ctx)
    else:
        after_placement(ctx, seat)


def end_nile(ctx: Ctx) -> None:
    """End of phase 2: the "remaining card" holder takes a separate turn, then ships leave."""
    state = ctx.state
    if not state.leftover_done and any(c is not None for c in state.river_cards):
        for seat in state.order():
            if holds(state.players[seat], "leftover") is not None:
                ctx.emit(ev.NileTurnBegan(seat=seat, kind="leftover"))
                return
    ctx.emit(ev.ShipsReturned(round=state.round))
    ctx.emit(ev.FeedingBegan(order=tuple(ctx.state.score_order())))
    continue_feeding(ctx)


def can_be_helped(ctx: Ctx, seat: int) -> bool:
    """Online phase 3: a seat is asked only if it holds a card that can help it feed."""
    state = ctx.state
    p = state.players[seat]
    if holds(p, "grain_plus") is not None:
        return True
    if holds(p, "stones_for_grain") is not None and p.stones > 0:
        return True
    if holds(p, "grain_upgrade") is not None:
        return any(colour(p, f) == state.ring + 1 for f in grain_fields(p))
    return False


def resolve_feeding(ctx: Ctx, seat: int, extra: int) -> bool:
    """Feed one seat; True if it must decide about a helping card."""
    state = ctx.state
    p = state.players[seat]
    have, need = grain(state, seat) + extra, strength(p)
    if have >= need:
        ctx.emit(ev.CrewsFed(seat=seat, grain=have, strength=need))
        return False
    if can_be_helped(ctx, seat):
        ctx.emit(ev.FeedingHelpOffered(seat=seat, extra=extra))
        return True
    missing = need - have
    points = missing * DATA.grain_penalty[p.grain_market]
    ctx.emit(
        ev.FeedingPenalty(seat=seat, grain=have, strength=need, missing=missing, points=points)
    )
    return False


def continue_feeding(ctx: Ctx) -> None:
    """Phase 3 in score order, then phase 4 and the building phase."""
    while ctx.state.feed_queue:
        if resolve_feeding(ctx, ctx.state.feed_queue[0], 0):
            return
    # Rules phase 4: in tile order, capped at 25.
    for seat in ctx.state.order():
        p = ctx.state.players[seat]
        produced = production(p)
        ctx.emit(
            ev.StonesProduced(
                seat=seat, produced=produced, stones=min(DATA.max_stones, p.stones + produced)
            )
        )
    open_site(ctx, 0)


def open_site(ctx: Ctx, index: int) -> None:
    """Phase 5: a site's builders: a "first" reserve ship, berths from the Nile, reserve."""
    site = ctx.state.sites[index]
    queue: list[tuple[int, str]] = []
    if site.first is not None:
        queue.append((site.first, "first"))
    queue += [(s, "berth") for s in site.berths if s is not None]
    queue += [(s, "safe" if s in site.safe else "reserve") for s in site.reserve if s != site.first]
    ctx.emit(ev.SiteOpened(site=index, queue=tuple(queue)))
    continue_building(ctx)


def continue_building(ctx: Ctx) -> None:
    """The next builder at this site; a plain reserve ship builds only on a freed place."""
    while ctx.state.queue:
        state = ctx.state
        head = state.queue[0]
        if head.how != "reserve":
            ctx.emit(ev.BuildingTurnBegan(seat=head.seat, site=state.site, how=head.how))
            return
        if state.free_slots > 0:
            ctx.emit(
                ev.BuildingTurnBegan(seat=head.seat, site=state.site, how="reserve", slot_used=True)
            )
            return
        ctx.emit(ev.ReserveShipSkipped(seat=head.seat, site=state.site))
    if ctx.state.site < 2:
        open_site(ctx, ctx.state.site + 1)
    else:
        end_round(ctx)


def end_round(ctx: Ctx) -> None:
    """Phases 6 and 7: participation bonus in score order, new order tiles, then go on."""
    for seat in ctx.state.score_order():
        sites = len(set(ctx.state.players[seat].built))
        if sites and took_part(ctx.state, seat):
            ctx.emit(
                ev.ParticipationBonus(seat=seat, sites=sites, points=DATA.participation[sites])
            )
    state = ctx.state
    # Rules phase 7: fewest points get tile 1; on one field the later arrival gets the lower tile.
    ranked = sorted(
        range(state.seats), key=lambda s: (state.players[s].score, -state.players[s].stamp)
    )
    tiles = [0] * state.seats
    for i, seat in enumerate(ranked):
        tiles[seat] = i + 1
    ctx.emit(ev.TurnOrderSet(tiles=tuple(tiles)))
    if state.round < DATA.rounds:
        lay_round(ctx, state.round + 1)
    else:
        final_scoring(ctx)
