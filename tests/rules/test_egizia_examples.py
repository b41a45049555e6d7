"""The worked examples of the two Egizia rule texts, with their exact numbers."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.egizia import GAME
from shared.games.egizia import events as ev
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA
from shared.games.egizia.evolve import evolve
from shared.games.egizia.state import Pending
from tests.gamekit import rejects
from tests.rules.test_egizia_fixtures import (
    cid,
    fresh,
    last_ship,
    of,
    play,
    player,
    well_fed,
)

PYRAMID_STOP = DATA.site_stops[2]
START = (DATA.start_grain, DATA.start_quarry)


def _feeding_state(seat: int, crews: tuple, fields: tuple, ring: int, **kw: object):
    state = well_fed(fresh(3))
    state = player(state, seat, crews=crews, cards=(*fields, DATA.start_quarry), **kw)
    return last_ship(replace(state, ring=ring), seat)


def test_blue_strength_9_is_fed_by_11_grain_with_the_ring_in_the_middle() -> None:
    # Blue: crews 1, 2, 3, 3 = 9; start field 6 + a yellow-green 5 = 11, ring in the middle.
    state = _feeding_state(0, (1, 3, 3, 2), (DATA.start_grain, cid("yellow_5")), ring=1)
    _, events = play(state, 0, mv.PlaceShip(stop=PYRAMID_STOP, berth=0))
    assert ev.CrewsFed(seat=0, grain=11, strength=9) in events
    assert not [e for e in of(events, ev.FeedingPenalty) if e.seat == 0]


def test_red_strength_10_with_8_grain_uses_the_plus_4_card_and_is_fed() -> None:
    # Red: crews 2, 2, 2, 4 = 10; two green fields 6 + 2 = 8 with the ring left; the +4 card.
    state = _feeding_state(
        1, (2, 2, 4, 2), (DATA.start_grain, cid("green_2"), cid("grain_plus_4")), ring=0
    )
    state, events = play(state, 1, mv.PlaceShip(stop=PYRAMID_STOP, berth=0))
    assert ev.FeedingHelpOffered(seat=1) in events
    assert GAME.to_act(state) == [1]
    assert mv.PlayNileCard(card=cid("grain_plus_4")) in GAME.legal_moves(state, 1)
    state, events = play(state, 1, mv.PlayNileCard(card=cid("grain_plus_4")))
    # the surplus grain is lost: 12 grain for strength 10
    assert ev.CrewsFed(seat=1, grain=12, strength=10) in events
    assert cid("grain_plus_4") not in state.players[1].cards


def test_red_need_not_use_the_plus_4_card_and_then_loses_points() -> None:
    state = _feeding_state(
        1, (2, 2, 4, 2), (DATA.start_grain, cid("green_2"), cid("grain_plus_4")), ring=0
    )
    state, _ = play(state, 1, mv.PlaceShip(stop=PYRAMID_STOP, berth=0))
    state, events = play(state, 1, mv.AcceptFeeding())
    penalty = DATA.grain_penalty[0] * 2
    assert ev.FeedingPenalty(seat=1, grain=8, strength=10, missing=2, points=penalty) in events
    assert cid("grain_plus_4") in state.players[1].cards


def test_green_misses_2_grain_pays_2_points_each_and_falls_behind_red() -> None:
    # Green: crews 3, 3, 4, 4 = 14; fields 6 + 6 irrigated, the brown one not (ring middle);
    # its grain-market marker on a "2 points" field; 4 points back, behind Red on that field.
    state = well_fed(fresh(3))
    state = player(
        state,
        2,
        crews=(3, 4, 4, 3),
        cards=(DATA.start_grain, cid("yellow_6"), cid("brown_7"), DATA.start_quarry),
        grain_market=2,
        score=10,
        stamp=50,
    )
    state = player(state, 1, score=6, stamp=40)
    state = player(state, 0, score=0, stamp=30)
    state = replace(state, next_stamp=60)
    assert DATA.grain_penalty[2] == 2
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=PYRAMID_STOP, berth=0))
    assert ev.FeedingPenalty(seat=2, grain=12, strength=14, missing=2, points=4) in events
    assert state.players[2].score == 6 == state.players[1].score
    assert state.score_order().index(1) < state.score_order().index(2)
    # Green was at the front, so it was checked first
    feeding = [e.seat for e in events if isinstance(e, ev.CrewsFed | ev.FeedingPenalty)]
    assert feeding == [2, 1, 0]


def test_stone_production_one_stone_plus_two_quarries_of_5_gives_6() -> None:
    state = well_fed(fresh(2))
    state = player(state, 0, stones=1, cards=(*START, cid("quarry_2")))
    _, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=PYRAMID_STOP, berth=0))
    assert ev.StonesProduced(seat=0, produced=5, stones=6) in events


def test_stone_production_is_capped_at_25() -> None:
    state = well_fed(fresh(2))
    state = player(state, 0, stones=24)
    _, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=PYRAMID_STOP, berth=0))
    assert ev.StonesProduced(seat=0, produced=3, stones=25) in events


def _builder(site: int, seat: int = 0, seats: int = 2, **kw: object):
    """`seat` places its last ship on berth 0 of `site` and gets its building turn."""
    state = well_fed(fresh(seats))
    state = player(state, seat, cards=(DATA.start_grain,), **kw)
    state, _ = play(last_ship(state, seat), seat, mv.PlaceShip(stop=DATA.site_stops[site], berth=0))
    assert state.pending == Pending(seat=seat, kind="build", site=site)
    return state


def test_sphinx_example_strength_2_draws_2_keeps_1_scores_1_and_pays_2_stones() -> None:
    state = _builder(0, stones=5, crews=(2, 1, 1, 2))
    top = state.sphinx_deck[:2]
    score = state.players[0].score
    assert rejects(GAME, state, 0, mv.DrawSphinxCards(count=1)) == "assign_a_crew_first"
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert rejects(GAME, state, 0, mv.DrawSphinxCards(count=3)) == "too_many_cards"
    state, events = play(state, 0, mv.DrawSphinxCards(count=2))
    assert ev.SphinxCardsDrawn(seat=0, cards=top, paid=2, stones=3) in events
    state, events = play(state, 0, mv.KeepSphinxCards(cards=(top[0],)))
    assert ev.SphinxCardsKept(seat=0, kept=(top[0],), returned=(top[1],), points=1) in events
    assert ev.BuildFinished(seat=0, site=0, crews=(0,)) in events
    # the round then ends: +1 participation bonus for one site
    assert ev.ParticipationBonus(seat=0, sites=1, points=1) in events
    p = state.players[0]
    assert p.score == score + 1 + 1 and p.stones == 3 and top[0] in p.sphinx
    assert state.sphinx_deck[-1] == top[1]  # under the deck


def test_obelisk_example_1_plus_2_plus_tomb_4_is_7_with_crews_5_and_joker_2() -> None:
    state = _builder(1, stones=9, crews=(5, 1, 1, 2))
    state = replace(state, tombs=(4, *state.tombs[1:]))
    revealed = state.tombs[4]
    before = state.players[0].score
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.AssignCrew(crew=3))
    assert state.build is not None and state.build.strength == 7
    state, events = play(state, 0, mv.BuildObelisk(), mv.BuildObelisk(), mv.TakeTomb())
    assert [e.value for e in of(events, ev.ObeliskBuilt)] == [1, 2]
    assert ev.TombTaken(seat=0, slot=0, value=4, stones=2) in events
    assert ev.TombRevealed(slot=4, value=revealed) in events
    assert rejects(GAME, state, 0, mv.BuildObelisk()) == "crew_too_weak"
    assert state.players[0].score == before + 7
    state, events = play(state, 0, mv.FinishBuild(marker="grain_market"))
    assert ev.BuildFinished(seat=0, site=1, crews=(0, 3)) in events
    assert ev.MarkerMoved(seat=0, track="grain_market", position=1) in events
    p = state.players[0]
    assert p.stones == 2 and p.tombs == (4,)


def test_pyramid_example_strength_3_with_2_stones_builds_a_2_field() -> None:
    state = _builder(2, stones=2, crews=(3, 1, 1, 2))
    pyramid = ((1, 1, None, None, None), *state.pyramid[1:])
    state = replace(state, pyramid=pyramid)
    before = state.players[0].score
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert rejects(GAME, state, 0, mv.BuildPyramid(row=2)) == "pyramid_field_not_ready"
    state, events = play(state, 0, mv.BuildPyramid(row=1))
    assert ev.PyramidBuilt(seat=0, row=1, position=0, value=2, stones=0) in events
    assert state.players[0].score == before + 2 and state.players[0].stones == 0
    assert rejects(GAME, state, 0, mv.BuildPyramid(row=0)) == "not_enough_stones"


def test_completed_pyramid_row_gives_majority_a_point_per_stone_tie_to_first_from_left() -> None:
    state = _builder(2, stones=10, crews=(4, 1, 1, 2))
    rows = list(state.pyramid)
    rows[0] = (1, 1, 0, 0, 1)
    rows[1] = (1, 0, 1, None)
    state = replace(state, pyramid=tuple(rows))
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    state, events = play(state, 0, mv.BuildPyramid(row=1))
    # row 1 is now 1, 0, 1, 0: two stones each; seat 1 placed the first stone from the left
    assert ev.PyramidRowScored(seat=1, row=1, points=4) in events


def test_stone_sale_bottom_field_gives_6_stones_for_a_2_step_card() -> None:
    state = well_fed(fresh(2))
    bottom = DATA.stone_sale_levels - 1
    state = player(state, 0, stone_sale=bottom, stones=3)
    river = (cid("stone_sale_2"), *state.river_cards[1:])
    state = replace(last_ship(replace(state, river_cards=river), 0))
    state, events = play(state, 0, mv.PlaceShip(stop=DATA.card_stops[0]))
    bonus = of(events, ev.BottomFieldReached)
    assert [b.stones for b in bonus] == [3, 3]
    assert bonus[-1].stones_now == 9
    assert not of(events, ev.MarkerMoved)


def test_grain_market_bottom_field_gives_2_points_each_time() -> None:
    state = fresh(2)
    seat = state.pending.seat
    bottom = len(DATA.grain_penalty) - 1
    state = player(state, seat, grain_market=bottom - 1)
    river = (cid("grain_market_2"), *state.river_cards[1:])
    state = replace(state, river_cards=river)
    state, events = play(state, seat, mv.PlaceShip(stop=DATA.card_stops[0]))
    assert [e.position for e in of(events, ev.MarkerMoved)] == [bottom]
    assert [b.points for b in of(events, ev.BottomFieldReached)] == [2, 2]
    assert state.players[seat].score == 4


def test_score_track_arrival_red_6_then_blue_3_onto_the_same_field_goes_behind() -> None:
    state = fresh(2)
    state = player(state, 0, score=0)
    state = player(state, 1, score=3)
    state = evolve(state, ev.PointsScored(seat=0, points=6, reason="build"))
    state = evolve(state, ev.PointsScored(seat=1, points=3, reason="build"))
    assert state.players[0].score == state.players[1].score == 6
    assert state.score_order() == [0, 1]


def test_turn_order_fewest_points_first_and_on_a_tie_the_later_arrival_first() -> None:
    state = well_fed(fresh(4))
    state = player(state, 0, score=5, stamp=10)
    state = player(state, 1, score=5, stamp=20)
    state = player(state, 2, score=3, stamp=5)
    state = player(state, 3, score=9, stamp=1)
    state = replace(state, next_stamp=30)
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=1))  # Edfu: no points
    assert ev.TurnOrderSet(tiles=(3, 2, 1, 4)) in events
    assert state.round == 2


def test_initial_score_track_puts_tile_1_last_so_ties_keep_tile_order() -> None:
    state = fresh(4)
    order = state.score_order()
    assert [state.players[s].tile for s in order] == [4, 3, 2, 1]


def test_start_stones_follow_the_order_tiles() -> None:
    state = fresh(4)
    for p in state.players:
        assert p.stones == DATA.start_stones[p.tile - 1]
