"""Property tests: random legal Egizia games for 2-4 players, with and without the variant."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.contracts.errors import IllegalMove
from shared.games.egizia import GAME
from shared.games.egizia import events as ev
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA
from shared.games.egizia.state import EgiziaState
from shared.games.rng import Rng
from tests.gamekit import play_random, start

SCORING = {
    ev.PointsScored: lambda e: e.points,
    ev.BottomFieldReached: lambda e: e.points,
    ev.FeedingPenalty: lambda e: -e.points,
    ev.SphinxCardsKept: lambda e: e.points,
    ev.ObeliskBuilt: lambda e: e.value,
    ev.TombTaken: lambda e: e.value,
    ev.PyramidBuilt: lambda e: e.value,
    ev.PyramidRowScored: lambda e: e.points,
    ev.TempleBuilt: lambda e: e.value,
    ev.ParticipationBonus: lambda e: e.points,
    ev.StonesSold: lambda e: e.points,
    ev.TombsScored: lambda e: e.points,
    ev.SphinxCardScored: lambda e: e.points,
}


def _random_moves(rng: Rng) -> list[Any]:
    """Moves of every shape with random, often illegal, parameters."""
    return [
        mv.PlaceShip(stop=rng.randint(-1, 20), berth=rng.choice([None, 0, 1, 2, 3])),
        mv.PlaceShip(stop=rng.randint(0, 19), doubled=True),
        mv.PlayNileCard(card=rng.randint(-1, 60), crew=rng.choice([None, 0, 3, 4])),
        mv.PlayNileCard(card=rng.randint(0, 57), count=rng.randint(0, 12)),
        mv.EndTurn(),
        mv.AdvanceCrew(crew=rng.randint(-1, 4)),
        mv.MoveWaterRing(direction=rng.randint(-2, 2)),
        mv.TakeLeftoverCard(field=rng.choice([None, -1, 0, 5, 9, 10])),
        mv.TradeStonesForGrain(count=rng.randint(0, 30)),
        mv.AcceptFeeding(),
        mv.AssignCrew(crew=rng.randint(-1, 4)),
        mv.PassBuild(),
        mv.DrawSphinxCards(count=rng.randint(0, 6)),
        mv.KeepSphinxCards(cards=(rng.randint(0, 28),)),
        mv.BuildObelisk(),
        mv.TakeTomb(),
        mv.BuildPyramid(row=rng.randint(-1, 5)),
        mv.BuildTemple(field=rng.randint(-1, 10)),
        mv.FinishBuild(marker=rng.choice([None, "stone_sale", "grain_market", "x"])),
    ]


def _check_state(state: EgiziaState) -> None:
    for p in state.players:
        assert 0 <= p.stones <= DATA.max_stones
        assert 0 <= p.ships <= DATA.ships
        for crew, strength in enumerate(p.crews):
            assert DATA.crew_start[crew] <= strength <= DATA.crew_max[crew]
    for stop, ships in enumerate(state.occupancy):
        # one ship per field; a round field may hold a second ship only through the join card,
        # since rules version 2 also beside the player's own ship
        assert len(ships) <= (2 if DATA.stops[stop] not in ("card", "heliopolis") else 1)
        assert len(set(ships)) == len(ships) or state.rules >= 2
    for site in state.sites:
        seats = [s for s in site.berths if s is not None] + list(site.reserve)
        assert len(seats) == len(set(seats))  # one ship per player per site


BUILDING = (mv.BuildObelisk, mv.TakeTomb, mv.BuildPyramid, mv.BuildTemple, mv.DrawSphinxCards)


def _pick(state: EgiziaState, legal: list[Any], bots: Rng, greedy: bool) -> Any:
    """A uniform random move, or (greedy) mostly sites in phase 2 and stones in phase 5."""
    if greedy and bots.randint(0, 9) < 9:
        assert state.pending is not None
        if state.pending.kind == "nile":
            sites = [m for m in legal if isinstance(m, mv.PlaceShip) and m.stop in DATA.site_stops]
            if sites:
                return bots.choice(sites)
        builds = [m for m in legal if isinstance(m, (*BUILDING, mv.AssignCrew))]
        if builds:
            return bots.choice(builds)
        finish = [m for m in legal if isinstance(m, mv.FinishBuild)]
        if finish:
            return bots.choice(finish)
    return bots.choice(legal)


def _walk(
    seats: int, variant: bool, seed: int, deep: bool, greedy: bool = False
) -> tuple[EgiziaState, list]:
    """Play a random game checking the invariants after every move."""
    opts = {"variant": variant}
    state, events = start(GAME, seats, opts, seed)
    bots = Rng(seed + 7)
    step = 0
    while GAME.result(state) is None:
        actors = list(GAME.to_act(state))
        assert len(actors) == 1
        seat = actors[0]
        legal = list(GAME.legal_moves(state, seat))
        assert legal
        for other in range(seats):
            if other != seat:
                assert GAME.legal_moves(state, other) == []
                with pytest.raises(IllegalMove) as err:
                    GAME.decide(state, other, legal[0], Rng(0))
                assert err.value.code == "not_your_turn"
        if deep:
            for move in legal:  # legal_moves never offers a move decide rejects
                assert GAME.decide(state, seat, move, Rng(step))
            for move in _random_moves(bots):
                if move in legal:
                    continue
                with pytest.raises(IllegalMove):
                    GAME.decide(state, seat, move, Rng(step))
        move = _pick(state, legal, bots, greedy)
        new = list(GAME.decide(state, seat, move, Rng(step)))
        assert new
        if deep:  # the audit replay re-decides with the table's rng: the same events
            assert list(GAME.decide(state, seat, move, Rng(step + 1))) == new
        for event in new:
            if isinstance(event, ev.ShipPlaced):
                before = state.players[event.seat]
                if not event.upstream:
                    assert event.stop > before.last_stop  # always further downstream
                else:
                    assert any(DATA.nile[c].effect == "upstream" for c in before.cards)
                    assert "upstream" not in before.flags
            state = GAME.evolve(state, event)
        _check_state(state)
        events += new
        step += 1
        assert step < 5000
    return state, events


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("variant", [False, True])
def test_random_games_satisfy_the_contract_and_end(seats: int, variant: bool) -> None:
    for seed in range(3):
        played = play_random(GAME, seats, {"variant": variant}, seed=seed)
        assert GAME.result(played.state) is not None


@settings(max_examples=60, deadline=None)
@given(
    seats=st.sampled_from([2, 3, 4]),
    variant=st.booleans(),
    seed=st.integers(0, 10**6),
    greedy=st.booleans(),
)
def test_random_games_end_after_5_rounds_with_a_strict_ranking(
    seats: int, variant: bool, seed: int, greedy: bool
) -> None:
    state, events = _walk(seats, variant, seed, deep=False, greedy=greedy)
    assert [e.round for e in events if isinstance(e, ev.NileCardsLaid)] == [1, 2, 3, 4, 5]
    result = GAME.result(state)
    assert result is not None
    assert sorted(result.ranks) == list(range(1, seats + 1))  # never a draw
    assert len(result.winners) == 1
    # the winner has the most points; equal points are ordered by arrival on the field
    ranking = sorted(range(seats), key=lambda s: result.ranks[s])
    for a, b in pairwise(ranking):
        pa, pb = state.players[a], state.players[b]
        assert (pa.score, -pa.stamp) > (pb.score, -pb.stamp)
    # score equals the start score plus the sum of the scoring events
    for seat in range(seats):
        total = sum(SCORING[type(e)](e) for e in events if type(e) in SCORING and e.seat == seat)
        assert state.players[seat].score == total
    # rebuilding from the events gives the live state
    assert GAME.fold(seats, GAME.convert_options({"variant": variant}), events) == state
    # after the end every move is rejected with game_over
    with pytest.raises(IllegalMove) as err:
        GAME.decide(state, 0, mv.EndTurn(), Rng(0))
    assert err.value.code == "game_over"


@settings(max_examples=12, deadline=None)
@given(seats=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), greedy=st.booleans())
def test_legal_moves_and_decide_agree_and_illegal_moves_yield_no_events(
    seats: int, seed: int, greedy: bool
) -> None:
    _walk(seats, seed % 2 == 0, seed, deep=True, greedy=greedy)


def _known(events: list, seat: int) -> set[int]:
    """The Sphinx cards `seat` has legitimately seen: its deal and its own draws."""
    seen: set[int] = set()
    for e in events:
        if isinstance(e, ev.GameSetUp):
            seen.add(e.sphinx_dealt[seat])
        elif isinstance(e, ev.SphinxCardsDrawn) and e.seat == seat:
            seen.update(e.cards)
    return seen


@settings(max_examples=16, deadline=None)
@given(seats=st.sampled_from([2, 3, 4]), variant=st.booleans(), seed=st.integers(0, 10**6))
def test_no_view_or_feed_shows_another_seats_sphinx_cards_or_a_deck(
    seats: int, variant: bool, seed: int
) -> None:
    opts = {"variant": variant}
    bots = Rng(seed)
    state, events = start(GAME, seats, opts, seed)
    viewers: list[int | None] = [*range(seats), None]
    step = 0
    while True:
        for viewer in viewers:
            v = GAME.view(state, viewer)
            msgspec.json.encode(v)
            for s, p in enumerate(v.players):
                if s != viewer and not state.over:
                    assert p.sphinx == ()
                assert p.sphinx_count == len(state.players[s].sphinx)
            if v.build is not None and v.build.seat != viewer:
                assert all(c == -1 for c in v.build.drawn)
            assert v.tombs_face_down + len(v.open_tombs) + v.tombs_taken == len(state.tombs)
        if GAME.result(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        move = bots.choice(list(GAME.legal_moves(state, seat)))
        new = list(GAME.decide(state, seat, move, Rng(step)))
        for event in new:
            state = GAME.evolve(state, event)
        events += new
        step += 1
    for viewer in viewers:
        for e in events:
            r = GAME.redact(e, viewer)
            assert r is not None
            assert GAME.decode_event(msgspec.json.encode(r)) == r
            if isinstance(r, ev.GameSetUp):
                assert r.sphinx_deck == () and r.nile_decks == ((), (), ())
                assert all(c == -1 for s, c in enumerate(r.sphinx_dealt) if s != viewer)
                assert all(t == -1 for t in r.tombs[DATA.tombs_open :])
            elif isinstance(r, ev.SphinxCardsDrawn | ev.SphinxCardsKept) and r.seat != viewer:
                cards = r.cards if isinstance(r, ev.SphinxCardsDrawn) else r.kept + r.returned
                assert all(c == -1 for c in cards)
            else:
                assert r == e  # nothing else is hidden
    # a seat's own view shows its own cards, and after the end everyone's
    final = GAME.view(state, None)
    assert [p.sphinx for p in final.players] == [p.sphinx for p in state.players]
    for seat in range(seats):
        own = {c for c in state.players[seat].sphinx}
        assert own <= _known(events, seat)
