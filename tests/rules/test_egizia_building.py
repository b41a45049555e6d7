"""Phase 5 building rules, phase 6 participation bonus, setup and hidden information."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.egizia import GAME
from shared.games.egizia import events as ev
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA, JOKER
from shared.games.egizia.views import redact
from tests.gamekit import rejects, start
from tests.rules.test_egizia_fixtures import builder, fresh, last_ship, of, on_site, play, player

OBELISK_STOP = DATA.site_stops[1]


def test_sites_are_built_from_the_sphinx_to_the_pyramid_berth_nearest_the_nile_first() -> None:
    state = fresh(4)
    for s in range(4):
        state = player(state, s, crews=(1, 1, 1, 2), cards=(DATA.start_grain,))
    state = on_site(state, 0, (2, 1, None))
    state = on_site(state, 2, (3, None, None))
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=OBELISK_STOP, berth=0))
    assert of(events, ev.SiteOpened)[0] == ev.SiteOpened(site=0, queue=((2, "berth"), (1, "berth")))
    order = []
    while not state.over and state.phase == "building":
        seat = state.pending.seat
        order.append((state.site, seat))
        state, _ = play(state, seat, mv.PassBuild())
    assert order == [(0, 2), (0, 1), (1, 0), (2, 3)]


def test_each_crew_once_a_round_and_the_joker_once_a_round() -> None:
    state = builder(2, stones=20, crews=(3, 1, 1, 2))
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.AssignCrew(crew=JOKER))
    assert rejects(GAME, state, 0, mv.AssignCrew(crew=JOKER)) == "crew_already_used"
    state = replace(
        state,
        players=tuple(
            replace(p, used=(True, False, False, True)) if i == 0 else p
            for i, p in enumerate(state.players)
        ),
    )
    state = replace(state, build=replace(state.build, crews=()))
    assert rejects(GAME, state, 0, mv.AssignCrew(crew=0)) == "crew_already_used"
    assert rejects(GAME, state, 0, mv.AssignCrew(crew=4)) == "no_such_crew"


def test_crews_are_chosen_before_building_and_a_build_needs_a_crew() -> None:
    state = builder(2, stones=20, crews=(3, 1, 1, 2))
    assert rejects(GAME, state, 0, mv.BuildTemple(field=0)) == "assign_a_crew_first"
    assert rejects(GAME, state, 0, mv.FinishBuild()) == "nothing_built"
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.BuildTemple(field=0))
    assert rejects(GAME, state, 0, mv.AssignCrew(crew=1)) == "crews_before_building"
    assert rejects(GAME, state, 0, mv.PassBuild()) == "already_built"
    assert rejects(GAME, state, 0, mv.FinishBuild(marker="stone_sale")) == "no_marker_here"


def test_wrong_site_builds_are_rejected() -> None:
    state = builder(2, stones=20, crews=(3, 1, 1, 2))
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert rejects(GAME, state, 0, mv.BuildObelisk()) == "wrong_site"
    assert rejects(GAME, state, 0, mv.TakeTomb()) == "wrong_site"
    assert rejects(GAME, state, 0, mv.DrawSphinxCards(count=1)) == "wrong_site"


def test_obelisk_marker_move_is_required_after_obelisk_or_tombs() -> None:
    state = builder(1, stones=20, crews=(3, 1, 1, 2))
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.BuildObelisk())
    assert rejects(GAME, state, 0, mv.FinishBuild()) == "choose_a_marker"
    state, events = play(state, 0, mv.FinishBuild(marker="stone_sale"))
    assert ev.MarkerMoved(seat=0, track="stone_sale", position=1) in events


def test_tombs_are_taken_in_order_and_four_stay_open() -> None:
    state = builder(1, stones=20, crews=(8, 1, 1, 6))
    tombs = state.tombs
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.AssignCrew(crew=JOKER))
    state, events = play(state, 0, mv.TakeTomb())
    assert of(events, ev.TombTaken)[0].value == tombs[0]
    view = GAME.view(state, 1)
    assert view.open_tombs == tombs[1:5] and view.tombs_face_down == 12 - 5


def test_all_tombs_taken() -> None:
    state = builder(1, stones=20, crews=(8, 1, 1, 2))
    state = replace(state, tombs_taken=12)
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert rejects(GAME, state, 0, mv.TakeTomb()) == "no_tomb_left"


def test_obelisk_is_built_bottom_up() -> None:
    state = builder(1, stones=20, crews=(8, 1, 1, 2))
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    state, events = play(state, 0, mv.BuildObelisk(), mv.BuildObelisk(), mv.BuildObelisk())
    assert [e.field for e in of(events, ev.ObeliskBuilt)] == [0, 1, 2]
    assert [e.value for e in of(events, ev.ObeliskBuilt)] == list(DATA.obelisk[:3])
    full = replace(state, obelisk=(1,) * len(DATA.obelisk))
    assert rejects(GAME, full, 0, mv.BuildObelisk()) == "obelisk_complete"


def test_temple_pillars_bottom_up_then_columns_then_top() -> None:
    state = builder(2, stones=25, crews=(8, 1, 1, 6))
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.AssignCrew(crew=JOKER))
    assert rejects(GAME, state, 0, mv.BuildTemple(field=1)) == "temple_field_not_ready"
    assert rejects(GAME, state, 0, mv.BuildTemple(field=6)) == "temple_field_not_ready"
    state, _ = play(state, 0, mv.BuildTemple(field=0), mv.BuildTemple(field=3))
    state, _ = play(state, 0, mv.BuildTemple(field=1))
    state = replace(state, temple=(1, 1, 1, 1, 1, 1, None, None, None, None))
    assert rejects(GAME, state, 0, mv.BuildTemple(field=8)) == "temple_field_not_ready"
    legal = [m.field for m in GAME.legal_moves(state, 0) if isinstance(m, mv.BuildTemple)]
    assert legal == [6]


def test_pyramid_row_starts_at_the_left_without_gaps() -> None:
    state = builder(2, stones=25, crews=(8, 1, 1, 2))
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    state, events = play(state, 0, mv.BuildPyramid(row=0), mv.BuildPyramid(row=0))
    assert [e.position for e in of(events, ev.PyramidBuilt)] == [0, 1]
    # a field of the second row stands on the two fields below it
    state, events = play(state, 0, mv.BuildPyramid(row=1))
    assert of(events, ev.PyramidBuilt)[0].position == 0
    assert rejects(GAME, state, 0, mv.BuildPyramid(row=1)) == "pyramid_field_not_ready"
    assert rejects(GAME, state, 0, mv.BuildPyramid(row=7)) == "no_such_row"


def test_participation_bonus_1_3_6_for_1_2_3_sites_with_a_stone() -> None:
    state = fresh(4)
    for s in range(4):
        state = player(
            state, s, crews=(3, 3, 3, 2), cards=(DATA.start_grain, DATA.nile[0].id), stones=20
        )
    state = on_site(state, 0, (0, None, None))
    state = on_site(state, 1, (0, None, None))
    state, _ = play(last_ship(state, 0), 0, mv.PlaceShip(stop=DATA.site_stops[2], berth=0))
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=1))
    state, _ = play(state, 0, mv.KeepSphinxCards())
    state, _ = play(state, 0, mv.AssignCrew(crew=1), mv.BuildObelisk())
    state, _ = play(state, 0, mv.FinishBuild(marker="grain_market"))
    state, events = play(state, 0, mv.AssignCrew(crew=2), mv.BuildTemple(field=0), mv.FinishBuild())
    assert ev.ParticipationBonus(seat=0, sites=3, points=6) in events
    assert DATA.participation == (0, 1, 3, 6)


def test_giving_up_a_place_earns_no_participation() -> None:
    state = builder(2, stones=20, crews=(3, 1, 1, 2))
    state, events = play(state, 0, mv.PassBuild())
    assert ev.BuildDeclined(seat=0, site=2, frees_place=True) in events
    assert not [e for e in of(events, ev.ParticipationBonus) if e.seat == 0]


def test_setup_deals_tiles_stones_crews_cards_sphinx_tombs_and_lays_10_cards() -> None:
    state, events = start(GAME, 4, {}, 3)
    setup = events[0]
    assert isinstance(setup, ev.GameSetUp)
    assert sorted(setup.tiles) == [1, 2, 3, 4]
    assert len(setup.tombs) == 12 and len(setup.sphinx_deck) == 29 - 4
    for p in state.players:
        assert p.crews == (1, 1, 1, 2)
        assert p.cards == (DATA.start_grain, DATA.start_quarry)
        assert len(p.sphinx) == 1 and p.ships == 8
        assert p.stone_sale == 0 and p.grain_market == 0
    assert state.ring == 1
    assert len(state.river_cards) == 10 and state.round == 1
    assert state.pending.seat == state.order()[0]
    assert GAME.prompt(state, state.pending.seat) == "place a ship on the Nile"


def test_setup_event_is_redacted_for_every_seat_and_spectators() -> None:
    _, events = start(GAME, 3, {}, 5)
    setup = events[0]
    for viewer in (0, 1, 2, None):
        r = redact(setup, viewer)
        assert r.sphinx_deck == () and r.nile_decks == ((), (), ())
        assert [c for s, c in enumerate(r.sphinx_dealt) if s != viewer] == [-1] * (
            2 if viewer is not None else 3
        )
        assert r.tombs[:4] == setup.tombs[:4] and set(r.tombs[4:]) == {-1}


def test_sphinx_draw_is_seen_only_by_the_drawer() -> None:
    state = builder(0, stones=5, crews=(3, 1, 1, 2))
    state, events = play(state, 0, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=2))
    drawn = of(events, ev.SphinxCardsDrawn)[0]
    assert redact(drawn, 0) == drawn
    assert redact(drawn, 1).cards == (-1, -1) and redact(drawn, None).cards == (-1, -1)
    assert GAME.view(state, 1).build.drawn == (-1, -1)
    assert GAME.view(state, 0).build.drawn == drawn.cards
    assert GAME.view(state, 1).sphinx_deck_size == len(state.sphinx_deck)
