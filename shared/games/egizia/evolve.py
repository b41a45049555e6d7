"""evolve: one mutator per Egizia event, each returning a new frozen state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from shared.games.egizia import events as ev
from shared.games.egizia.components import DATA, JOKER
from shared.games.egizia.state import Build, Candidate, EgiziaState, Pending, Player, Site


def _player(state: EgiziaState, seat: int, **changes: Any) -> EgiziaState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _score(state: EgiziaState, seat: int, points: int) -> EgiziaState:
    """Move a score marker; a marker that moves arrives behind those already on the field."""
    if points == 0:
        return state
    p = state.players[seat]
    state = _player(state, seat, score=p.score + points, stamp=state.next_stamp)
    return replace(state, next_stamp=state.next_stamp + 1)


def _built(state: EgiziaState, seat: int, value: int, stones: int) -> EgiziaState:
    state = _player(state, seat, stones=stones)
    state = _score(state, seat, value)
    if state.build is not None:
        b = state.build
        state = replace(state, build=replace(b, value=b.value + value, placed=b.placed + 1))
    return state


def _set_site(state: EgiziaState, index: int, site: Site) -> EgiziaState:
    sites = list(state.sites)
    sites[index] = site
    return replace(state, sites=tuple(sites))


def _game_set_up(state: EgiziaState, e: ev.GameSetUp) -> EgiziaState:
    n = state.seats
    players = tuple(
        Player(
            tile=e.tiles[s],
            # Rules setup: tile "1" sits last on the score field 0, so it arrived last.
            stamp=n + 1 - e.tiles[s],
            stones=e.stones[s],
            crews=DATA.crew_start,
            cards=(DATA.start_grain, DATA.start_quarry),
            sphinx=(e.sphinx_dealt[s],),
        )
        for s in range(n)
    )
    return replace(
        state,
        players=players,
        next_stamp=n + 1,
        ring=DATA.ring_start,
        sphinx_deck=e.sphinx_deck,
        nile_decks=e.nile_decks,
        tombs=e.tombs,
        sites=tuple(Site(berths=(None,) * e.berths) for _ in range(3)),
        obelisk=(None,) * len(DATA.obelisk),
        pyramid=tuple((None,) * size for size in DATA.pyramid_sizes),
        temple=(None,) * len(DATA.temple_values()),
    )


def _nile_cards_laid(state: EgiziaState, e: ev.NileCardsLaid) -> EgiziaState:
    deck = deck_for_round(e.round)
    decks = list(state.nile_decks)
    decks[deck] = decks[deck][len(e.cards) :]
    players = tuple(
        replace(
            p,
            ships=DATA.ships,
            last_stop=-1,
            flags=(),
            built=(),
            used=(False,) * 4,
        )
        for p in state.players
    )
    berths = len(state.sites[0].berths)
    return replace(
        state,
        round=e.round,
        phase="nile",
        players=players,
        nile_decks=tuple(decks),
        river_cards=e.cards,
        occupancy=((),) * len(DATA.stops),
        sites=tuple(Site(berths=(None,) * berths) for _ in range(3)),
        leftover_done=False,
        site=-1,
    )


def deck_for_round(round_: int) -> int:
    """Rules phase 1: rounds 1-2 draw from "1/2", 3-4 from "3/4", 5 from "5"."""
    return (round_ - 1) // 2


def _nile_turn_began(state: EgiziaState, e: ev.NileTurnBegan) -> EgiziaState:
    state = replace(state, pending=Pending(seat=e.seat, kind=e.kind, second=e.second))
    if e.kind == "leftover":
        state = replace(state, leftover_done=True)
    return state


def _ship_placed(state: EgiziaState, e: ev.ShipPlaced) -> EgiziaState:
    p = state.players[e.seat]
    flags = p.flags + (("upstream",) if e.upstream else ()) + (("join",) if e.joined else ())
    state = _player(state, e.seat, ships=p.ships - 1, last_stop=e.stop, flags=flags)
    if e.stop in DATA.site_stops:
        index = DATA.site_stops.index(e.stop)
        site = state.sites[index]
        if e.berth is None:
            site = replace(site, reserve=(*site.reserve, e.seat))
        else:
            berths = list(site.berths)
            berths[e.berth] = e.seat
            site = replace(site, berths=tuple(berths))
        state = _set_site(state, index, site)
    else:
        occupancy = list(state.occupancy)
        occupancy[e.stop] = (*occupancy[e.stop], e.seat)
        state = replace(state, occupancy=tuple(occupancy))
    return replace(state, pending=None)


def _nile_card_taken(state: EgiziaState, e: ev.NileCardTaken) -> EgiziaState:
    river = list(state.river_cards)
    river[e.field] = None
    state = replace(state, river_cards=tuple(river))
    if e.kept:
        state = _player(state, e.seat, cards=(*state.players[e.seat].cards, e.card))
    return state


def _nile_card_played(state: EgiziaState, e: ev.NileCardPlayed) -> EgiziaState:
    p = state.players[e.seat]
    cards = list(p.cards)
    if e.consumed:
        cards.remove(e.card)
    flags = p.flags + ((e.flag,) if e.flag else ())
    state = _player(state, e.seat, cards=tuple(cards), flags=flags)
    if e.flag.startswith("safe:"):
        index = int(e.flag[5:])
        site = state.sites[index]
        state = _set_site(state, index, replace(site, safe=(*site.safe, e.seat)))
    elif e.flag == "first":
        state = _first_place(state, e.seat)
    return state


def _first_place(state: EgiziaState, seat: int) -> EgiziaState:
    """Card "first place": own ship to berth 1 at every site; on reserve the "1." mark."""
    for index, site in enumerate(state.sites):
        if seat in site.berths:
            others = [s for s in site.berths if s is not None and s != seat]
            berths: list[int | None] = [seat, *others]
            berths += [None] * (len(site.berths) - len(berths))
            state = _set_site(state, index, replace(site, berths=tuple(berths)))
        elif seat in site.reserve:
            state = _set_site(state, index, replace(site, first=seat))
    return state


def _choice_offered(state: EgiziaState, e: ev.ChoiceOffered) -> EgiziaState:
    return replace(state, pending=Pending(seat=e.seat, kind=e.kind, steps=e.steps, origin=e.origin))


def _choice_closed(state: EgiziaState, e: ev.ChoiceClosed) -> EgiziaState:
    return replace(state, pending=None)


def _crew_advanced(state: EgiziaState, e: ev.CrewAdvanced) -> EgiziaState:
    crews = list(state.players[e.seat].crews)
    crews[e.crew] = e.strength
    return _player(state, e.seat, crews=tuple(crews))


def _water_ring_moved(state: EgiziaState, e: ev.WaterRingMoved) -> EgiziaState:
    return replace(state, ring=e.position)


def _marker_moved(state: EgiziaState, e: ev.MarkerMoved) -> EgiziaState:
    return _player(state, e.seat, **{e.track: e.position})


def _bottom_field_reached(state: EgiziaState, e: ev.BottomFieldReached) -> EgiziaState:
    state = _player(state, e.seat, stones=e.stones_now)
    return _score(state, e.seat, e.points)


def _stones_gained(state: EgiziaState, e: ev.StonesGained) -> EgiziaState:
    return _player(state, e.seat, stones=e.stones)


def _points_scored(state: EgiziaState, e: ev.PointsScored) -> EgiziaState:
    return _score(state, e.seat, e.points)


def _grain_field_improved(state: EgiziaState, e: ev.GrainFieldImproved) -> EgiziaState:
    return _player(state, e.seat, upgrades=(*state.players[e.seat].upgrades, e.field))


def _ships_returned(state: EgiziaState, e: ev.ShipsReturned) -> EgiziaState:
    return replace(state, occupancy=((),) * len(DATA.stops), pending=None)


def _feeding_began(state: EgiziaState, e: ev.FeedingBegan) -> EgiziaState:
    return replace(state, phase="feeding", feed_queue=e.order)


def _feeding_help_offered(state: EgiziaState, e: ev.FeedingHelpOffered) -> EgiziaState:
    return replace(state, pending=Pending(seat=e.seat, kind="feed", steps=e.extra))


def _fed(state: EgiziaState, seat: int) -> EgiziaState:
    return replace(state, feed_queue=tuple(s for s in state.feed_queue if s != seat), pending=None)


def _crews_fed(state: EgiziaState, e: ev.CrewsFed) -> EgiziaState:
    return _fed(state, e.seat)


def _feeding_penalty(state: EgiziaState, e: ev.FeedingPenalty) -> EgiziaState:
    return _score(_fed(state, e.seat), e.seat, -e.points)


def _stones_produced(state: EgiziaState, e: ev.StonesProduced) -> EgiziaState:
    return replace(_player(state, e.seat, stones=e.stones), phase="production")


def _site_opened(state: EgiziaState, e: ev.SiteOpened) -> EgiziaState:
    queue = tuple(Candidate(seat=s, how=how) for s, how in e.queue)
    return replace(state, phase="building", site=e.site, queue=queue, free_slots=0)


def _building_turn_began(state: EgiziaState, e: ev.BuildingTurnBegan) -> EgiziaState:
    return replace(
        state,
        queue=state.queue[1:],
        free_slots=state.free_slots - (1 if e.slot_used else 0),
        pending=Pending(seat=e.seat, kind="build", site=e.site),
        build=Build(seat=e.seat, site=e.site, how=e.how, slot_used=e.slot_used),
    )


def _reserve_ship_skipped(state: EgiziaState, e: ev.ReserveShipSkipped) -> EgiziaState:
    return replace(state, queue=state.queue[1:])


def _crew_assigned(state: EgiziaState, e: ev.CrewAssigned) -> EgiziaState:
    b = state.build
    assert b is not None
    crews = b.crews + ((e.crew,) if e.crew is not None else ())
    boosts = b.boosts + ((e.card,) if e.card is not None else ())
    return replace(state, build=replace(b, crews=crews, boosts=boosts, strength=e.strength))


def _sphinx_cards_drawn(state: EgiziaState, e: ev.SphinxCardsDrawn) -> EgiziaState:
    b = state.build
    assert b is not None and state.pending is not None
    return replace(
        _player(state, e.seat, stones=e.stones),
        sphinx_deck=state.sphinx_deck[len(e.cards) :],
        build=replace(b, drawn=e.cards, value=b.value + e.paid, placed=b.placed + 1),
        pending=replace(state.pending, kind="sphinx_keep"),
    )


def _sphinx_cards_kept(state: EgiziaState, e: ev.SphinxCardsKept) -> EgiziaState:
    p = state.players[e.seat]
    state = _player(state, e.seat, sphinx=p.sphinx + e.kept)
    state = replace(state, sphinx_deck=state.sphinx_deck + e.returned)
    if state.build is not None:
        state = replace(state, build=replace(state.build, drawn=()))
    return _score(state, e.seat, e.points)


def _obelisk_built(state: EgiziaState, e: ev.ObeliskBuilt) -> EgiziaState:
    obelisk = list(state.obelisk)
    obelisk[e.field] = e.seat
    return _built(replace(state, obelisk=tuple(obelisk)), e.seat, e.value, e.stones)


def _tomb_taken(state: EgiziaState, e: ev.TombTaken) -> EgiziaState:
    p = state.players[e.seat]
    state = _player(state, e.seat, tombs=(*p.tombs, e.value))
    state = replace(state, tombs_taken=state.tombs_taken + 1)
    return _built(state, e.seat, e.value, e.stones)


def _tomb_revealed(state: EgiziaState, e: ev.TombRevealed) -> EgiziaState:
    return state


def _pyramid_built(state: EgiziaState, e: ev.PyramidBuilt) -> EgiziaState:
    rows = [list(r) for r in state.pyramid]
    rows[e.row][e.position] = e.seat
    state = replace(state, pyramid=tuple(tuple(r) for r in rows))
    return _built(state, e.seat, e.value, e.stones)


def _pyramid_row_scored(state: EgiziaState, e: ev.PyramidRowScored) -> EgiziaState:
    return _score(state, e.seat, e.points)


def _temple_built(state: EgiziaState, e: ev.TempleBuilt) -> EgiziaState:
    temple = list(state.temple)
    temple[e.field] = e.seat
    return _built(replace(state, temple=tuple(temple)), e.seat, e.value, e.stones)


def _build_finished(state: EgiziaState, e: ev.BuildFinished) -> EgiziaState:
    p = state.players[e.seat]
    used = list(p.used)
    for crew in e.crews:
        used[crew] = True
    cards = list(p.cards)
    if state.build is not None:
        for card in state.build.boosts:
            cards.remove(card)
    state = _player(state, e.seat, used=tuple(used), cards=tuple(cards), built=(*p.built, e.site))
    return replace(state, build=None, pending=None)


def _build_declined(state: EgiziaState, e: ev.BuildDeclined) -> EgiziaState:
    site = state.sites[e.site]
    berths = tuple(None if s == e.seat else s for s in site.berths)
    reserve = tuple(s for s in site.reserve if s != e.seat)
    state = _set_site(state, e.site, replace(site, berths=berths, reserve=reserve))
    return replace(
        state,
        build=None,
        pending=None,
        free_slots=state.free_slots + (1 if e.frees_place else 0),
    )


def _participation_bonus(state: EgiziaState, e: ev.ParticipationBonus) -> EgiziaState:
    return _score(replace(state, phase="bonus"), e.seat, e.points)


def _turn_order_set(state: EgiziaState, e: ev.TurnOrderSet) -> EgiziaState:
    players = tuple(replace(p, tile=e.tiles[s]) for s, p in enumerate(state.players))
    berths = len(state.sites[0].berths)
    return replace(
        state,
        players=players,
        phase="order",
        site=-1,
        queue=(),
        sites=tuple(Site(berths=(None,) * berths) for _ in range(3)),
    )


def _stones_sold(state: EgiziaState, e: ev.StonesSold) -> EgiziaState:
    state = replace(state, phase="final")
    p = state.players[e.seat]
    return _score(_player(state, e.seat, stones=p.stones - e.stones), e.seat, e.points)


def _tombs_scored(state: EgiziaState, e: ev.TombsScored) -> EgiziaState:
    return _score(replace(state, phase="final"), e.seat, e.points)


def _sphinx_card_scored(state: EgiziaState, e: ev.SphinxCardScored) -> EgiziaState:
    return _score(replace(state, phase="final"), e.seat, e.points)


def _final_scored(state: EgiziaState, e: ev.FinalScored) -> EgiziaState:
    return replace(state, phase="final")


def _game_ended(state: EgiziaState, e: ev.GameEnded) -> EgiziaState:
    return replace(state, phase="over", over=True, ranking=e.ranking, pending=None)


_MUTATORS: dict[type, Callable[[EgiziaState, Any], EgiziaState]] = {
    ev.GameSetUp: _game_set_up,
    ev.NileCardsLaid: _nile_cards_laid,
    ev.NileTurnBegan: _nile_turn_began,
    ev.ShipPlaced: _ship_placed,
    ev.NileCardTaken: _nile_card_taken,
    ev.NileCardPlayed: _nile_card_played,
    ev.RemainingCardDeclined: lambda state, e: replace(state, pending=None),
    ev.CityVisited: lambda state, e: state,
    ev.ChoiceOffered: _choice_offered,
    ev.ChoiceClosed: _choice_closed,
    ev.CrewAdvanced: _crew_advanced,
    ev.WaterRingMoved: _water_ring_moved,
    ev.MarkerMoved: _marker_moved,
    ev.BottomFieldReached: _bottom_field_reached,
    ev.StonesGained: _stones_gained,
    ev.PointsScored: _points_scored,
    ev.GrainFieldImproved: _grain_field_improved,
    ev.ShipsReturned: _ships_returned,
    ev.FeedingBegan: _feeding_began,
    ev.FeedingHelpOffered: _feeding_help_offered,
    ev.CrewsFed: _crews_fed,
    ev.FeedingPenalty: _feeding_penalty,
    ev.StonesProduced: _stones_produced,
    ev.SiteOpened: _site_opened,
    ev.BuildingTurnBegan: _building_turn_began,
    ev.ReserveShipSkipped: _reserve_ship_skipped,
    ev.CrewAssigned: _crew_assigned,
    ev.SphinxCardsDrawn: _sphinx_cards_drawn,
    ev.SphinxCardsKept: _sphinx_cards_kept,
    ev.ObeliskBuilt: _obelisk_built,
    ev.TombTaken: _tomb_taken,
    ev.TombRevealed: _tomb_revealed,
    ev.PyramidBuilt: _pyramid_built,
    ev.PyramidRowScored: _pyramid_row_scored,
    ev.TempleBuilt: _temple_built,
    ev.BuildTurnEnding: lambda state, e: replace(
        state, pending=Pending(seat=e.seat, kind="build_end")
    ),
    ev.BuildFinished: _build_finished,
    ev.BuildDeclined: _build_declined,
    ev.ParticipationBonus: _participation_bonus,
    ev.TurnOrderSet: _turn_order_set,
    ev.StonesSold: _stones_sold,
    ev.TombsScored: _tombs_scored,
    ev.SphinxCardScored: _sphinx_card_scored,
    ev.FinalScored: _final_scored,
    ev.GameEnded: _game_ended,
}


def evolve(state: EgiziaState, event: ev.EgiziaEvent) -> EgiziaState:
    """The state after one event (the only way state changes)."""
    return _MUTATORS[type(event)](state, event)


def initial_state(seats: int, options: Any) -> EgiziaState:
    """The empty state the setup events are folded onto."""
    return EgiziaState(seats=seats, variant=bool(getattr(options, "variant", False)))


__all__ = ["JOKER", "deck_for_round", "evolve", "initial_state"]
