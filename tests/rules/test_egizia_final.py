"""Sphinx cards and the final scoring (stone sale, tombs, Sphinx cards, ranking, no draw)."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.egizia import GAME
from shared.games.egizia import events as ev
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA
from shared.games.egizia.final import sphinx_points, tomb_points
from shared.games.egizia.state import EgiziaState
from tests.gamekit import rejects
from tests.rules.test_egizia_fixtures import cid, fresh, give, last_ship, of, play, player, well_fed


def _card(condition: str, **match: object):
    for card in DATA.sphinx:
        if card.condition == condition and all(getattr(card, k) == v for k, v in match.items()):
            return card
    raise KeyError(condition)


def _state() -> EgiziaState:
    return fresh(4)


def test_tomb_table_1_10_gives_2_11_20_gives_5_21_plus_gives_9() -> None:
    assert [tomb_points(v) for v in (0, 1, 10, 11, 20, 21, 40)] == [0, 2, 2, 5, 5, 9, 9]


def test_obelisk_row_cards_score_when_the_row_is_reached_by_anyone() -> None:
    state = _state()
    card = _card("obelisk_row", row=7)
    assert sphinx_points(state, 0, card) == 0
    first_7 = DATA.obelisk.index(7)
    obelisk = tuple(2 if i <= first_7 else None for i in range(len(DATA.obelisk)))
    state = replace(state, obelisk=obelisk)
    assert sphinx_points(state, 0, card) == card.points
    assert sphinx_points(state, 0, _card("obelisk_row", row=8)) == 0


def test_building_complete_cards() -> None:
    state = _state()
    full_pyramid = tuple((1,) * n for n in DATA.pyramid_sizes)
    full_temple = (3,) * len(state.temple)
    done = replace(state, pyramid=full_pyramid, temple=full_temple, tombs_taken=12)
    for condition in ("pyramid_done", "temple_done", "tombs_done", "pillars_done"):
        card = _card(condition)
        assert sphinx_points(state, 0, card) == 0
        assert sphinx_points(done, 0, card) == card.points
    card = _card("pyramid_row", row=1)
    rows = ((1,) * DATA.pyramid_sizes[0], *state.pyramid[1:])
    assert sphinx_points(replace(state, pyramid=rows), 0, card) == card.points


def test_last_level_reached_by_any_player_scores_by_table_3_players_give_7() -> None:
    state = _state()
    bottom = DATA.stone_sale_levels - 1
    for s in range(3):
        state = player(state, s, stone_sale=bottom)
    card = _card("last_level_any", track="stone_sale")
    assert sphinx_points(state, 3, card) == 7
    assert sphinx_points(_state(), 3, card) == 0


def test_own_stones_cards_need_the_holders_own_stones() -> None:
    state = _state()
    temple = (0, 0, 0, 0, 1, 1, None, None, None, None)
    state = replace(state, temple=temple)
    card = _card("own_stones", building="temple")
    assert sphinx_points(state, 0, card) == card.points
    assert sphinx_points(state, 1, card) == 0
    card6 = _card("own_stones", building="pyramid", at_least=6)
    rows = ((2, 2, 2, 2, 2), (2, None, None, None), *state.pyramid[2:])
    assert sphinx_points(replace(state, pyramid=rows), 2, card6) == card6.points
    card7 = _card("own_stones", building="pyramid", at_least=7)
    assert sphinx_points(replace(state, pyramid=rows), 2, card7) == 0
    card4 = _card("own_stones", building="obelisk", at_least=4)
    obelisk = (3, 3, 3, 3, *state.obelisk[4:])
    assert sphinx_points(replace(state, obelisk=obelisk), 3, card4) == card4.points
    card5 = _card("own_stones", building="obelisk", at_least=5)
    assert sphinx_points(replace(state, obelisk=obelisk), 3, card5) == 0


def test_two_stones_in_each_building_card() -> None:
    state = _state()
    card = _card("each_building")
    state = replace(
        state,
        obelisk=(0, 0, *state.obelisk[2:]),
        pyramid=((0, 0, None, None, None), *state.pyramid[1:]),
        temple=(0, None, None, 0, *state.temple[4:]),
    )
    assert sphinx_points(state, 0, card) == card.points
    state = replace(state, temple=(0, *state.temple[1:3], None, *state.temple[4:]))
    assert sphinx_points(state, 0, card) == 0


def test_a_point_per_own_stone_in_the_tombs() -> None:
    state = player(_state(), 1, tombs=(4, 1, 2))
    assert sphinx_points(state, 1, _card("tomb_stones")) == 3


def test_crew_cards_score_the_crews_final_strength() -> None:
    state = player(_state(), 0, crews=(4, 2, 6, 3))
    assert [sphinx_points(state, 0, _card("crew", crew=c)) for c in range(4)] == [4, 2, 6, 3]


def test_richest_fields_card_example_two_yellow_fields_of_11_nobody_more_gives_7() -> None:
    state = _state()
    state = give(state, 0, "yellow_5", "yellow_6")
    state = give(state, 1, "yellow_5")
    card = _card("richest", source="yellow")
    assert sphinx_points(state, 0, card) == 7
    assert sphinx_points(state, 1, card) == 0
    assert sphinx_points(state, 2, card) == 0  # nothing of that kind: no points


def test_richest_quarries_counts_the_start_quarry() -> None:
    state = give(_state(), 2, "quarry_2")
    card = _card("richest", source="quarry")
    assert sphinx_points(state, 2, card) == card.points
    assert sphinx_points(state, 0, card) == 0


def test_own_last_level_cards() -> None:
    state = player(_state(), 0, grain_market=len(DATA.grain_penalty) - 1)
    assert sphinx_points(state, 0, _card("last_level_own", track="grain_market")) == 4
    assert sphinx_points(state, 0, _card("last_level_own", track="stone_sale")) == 0


def test_two_points_per_own_permanent_card_not_fields_or_quarries() -> None:
    state = give(_state(), 0, "upstream", "leftover", "quarry_2", "green_2", "stones_6")
    assert sphinx_points(state, 0, _card("permanents")) == 4


def test_one_point_per_10_points() -> None:
    state = player(_state(), 0, score=47)
    assert sphinx_points(state, 0, _card("ten_percent")) == 4
    assert sphinx_points(player(state, 0, score=-5), 0, _card("ten_percent")) == 0


def test_variant_removes_the_ten_percent_sphinx_card_and_the_plus_2_nile_card() -> None:
    plain, variant = fresh(4), fresh(4, variant=True)
    ten = _card("ten_percent").id

    def sphinx_all(s: EgiziaState) -> list[int]:
        return list(s.sphinx_deck) + [c for p in s.players for c in p.sphinx]

    def nile_all(s: EgiziaState) -> list[int]:
        return [c for d in s.nile_decks for c in d] + list(s.river_cards)

    assert ten in sphinx_all(plain) and ten not in sphinx_all(variant)
    assert cid("sphinx_plus_2") in nile_all(plain)
    assert cid("sphinx_plus_2") not in nile_all(variant)
    assert len(sphinx_all(plain)) == 29 and len(sphinx_all(variant)) == 28


def _final(state: EgiziaState):
    """Round 5: the last ship ends the game."""
    state = well_fed(replace(state, round=5))
    stop = DATA.site_stops[2]
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=stop, berth=0))
    state, more = play(state, 0, mv.PassBuild())
    events += more
    assert state.over
    return state, events


def test_final_scoring_in_tile_order_4_3_2_1_stones_tombs_then_sphinx() -> None:
    state = fresh(4)
    bottom = DATA.stone_sale_levels - 1
    ten = _card("ten_percent").id
    crew0 = _card("crew", crew=0).id
    state = player(
        state,
        0,
        stone_sale=bottom - 1,
        stones=9,
        tombs=(4, 5, 3),
        sphinx=(ten, crew0),
        cards=(DATA.start_grain,),
    )
    state = player(state, 1, stone_sale=bottom - 2, stones=9)
    state = player(state, 2, score=30, sphinx=())
    state = player(state, 3, sphinx=())
    state, events = _final(state)
    seats = [e.seat for e in of(events, ev.FinalScored)]
    tiles_before = of(events, ev.TurnOrderSet)[-1].tiles
    assert [tiles_before[s] for s in seats] == [4, 3, 2, 1]
    mine = [
        e
        for e in events
        if getattr(e, "seat", None) == 0
        and type(e).__name__ in ("StonesSold", "TombsScored", "SphinxCardScored")
    ]
    assert [type(e).__name__ for e in mine] == [
        "StonesSold",
        "TombsScored",
        "SphinxCardScored",
        "SphinxCardScored",
    ]
    assert mine[0].points == 4  # 9 stones from the second-lowest row: 4 points, 1 lost
    assert mine[1] == ev.TombsScored(seat=0, value=12, points=5)
    assert mine[2].card == crew0 and mine[3].card == ten  # "1 per 10" last
    assert not [e for e in of(events, ev.StonesSold) if e.seat == 1]
    assert state.players[0].stones == 0


def test_game_ends_with_a_strict_ranking_ties_to_the_earlier_arrival() -> None:
    state = fresh(3)
    for s in range(3):
        state = player(state, s, score=20, stamp=10 + s, sphinx=(), stones=0)
    state = replace(state, next_stamp=20)
    state, events = _final(state)
    result = GAME.result(state)
    assert result is not None
    assert result.ranks == [1, 2, 3] and result.winners == [0]
    assert of(events, ev.GameEnded)[0].ranking == (0, 1, 2)
    assert GAME.to_act(state) == []
    assert rejects(GAME, state, 0, mv.EndTurn()) == "game_over"
    assert GAME.prompt(state, 0) == "the game is over"


def test_sphinx_cards_become_visible_to_all_at_the_end() -> None:
    state = fresh(2)
    assert GAME.view(state, 1).players[0].sphinx == ()
    assert GAME.view(state, 0).players[0].sphinx == state.players[0].sphinx
    state, _ = _final(state)
    assert GAME.view(state, 1).players[0].sphinx == state.players[0].sphinx


def _everything_for_seat_0() -> EgiziaState:
    """A finished-looking board where seat 0 meets every Sphinx condition."""
    state = fresh(4)
    bottom_sale = DATA.stone_sale_levels - 1
    bottom_grain = len(DATA.grain_penalty) - 1
    state = replace(
        state,
        obelisk=(0,) * len(DATA.obelisk),
        pyramid=tuple((0,) * n for n in DATA.pyramid_sizes),
        temple=(0,) * len(state.temple),
        tombs_taken=12,
    )
    state = player(
        state,
        0,
        stone_sale=bottom_sale,
        grain_market=bottom_grain,
        tombs=(1, 2, 3),
        score=35,
        crews=(3, 3, 3, 3),
    )
    return give(state, 0, "quarry_4", "green_4", "yellow_6", "brown_9", "upstream")


def test_every_sphinx_card_scores_when_its_condition_is_met() -> None:
    full = _everything_for_seat_0()
    for card in DATA.sphinx:
        assert sphinx_points(full, 0, card) > 0, card


def test_every_conditional_sphinx_card_scores_nothing_on_an_empty_board() -> None:
    empty = player(fresh(4), 0, score=5)
    always = {"crew"}  # a crew always has some strength
    for card in DATA.sphinx:
        points = sphinx_points(empty, 0, card)
        if card.condition in always:
            assert points == DATA.crew_start[card.crew]
        elif card.condition == "richest" and card.source in ("quarry", "green"):
            # everyone holds the start quarry and the green start field: a tie, which counts
            assert points == card.points
        else:
            assert points == 0, card


def test_richest_green_and_brown_cards() -> None:
    state = give(fresh(4), 1, "green_4", "brown_8")
    green, brown = _card("richest", source="green"), _card("richest", source="brown")
    assert sphinx_points(state, 1, green) == green.points
    assert sphinx_points(state, 0, green) == 0  # 6 against 10
    assert sphinx_points(state, 1, brown) == brown.points


def test_last_level_grain_market_table_counts_players_there() -> None:
    state = fresh(4)
    bottom = len(DATA.grain_penalty) - 1
    card = _card("last_level_any", track="grain_market")
    for k in range(1, 5):
        state = player(state, k - 1, grain_market=bottom)
        assert sphinx_points(state, 0, card) == card.table[k - 1]
