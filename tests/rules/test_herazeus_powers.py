"""Hera und Zeus: every mythology power (Pegasus, Pythia, Sirens, Hades, Persephone, Dionysus)."""

from __future__ import annotations

import pytest

from shared.games.herazeus import GAME
from shared.games.herazeus import moves as mv
from shared.games.herazeus.events import GameWon, HandShown
from shared.games.herazeus.flow import (
    HOSTAGE_CHALLENGED,
    HOSTAGE_PICKED,
    PANDORA_HOSTAGE,
    PANDORA_PICKED_HOSTAGE,
)
from tests.gamekit import rejects
from tests.rules.herazeus_fixtures import (
    FIGURE,
    HERA,
    HOSTAGES,
    ZEUS,
    col,
    fresh,
    num,
    play,
    position,
    take,
)


@pytest.fixture(autouse=True)
def _fresh() -> None:
    fresh()


def pick(zeus_hand: tuple[int, ...], zeus_field=None) -> tuple:
    """Hera's Pegasus picks from Zeus' hand (a one-card hand makes the pick certain)."""
    peg = take(0, "pegasus")
    fields = None
    if zeus_field is not None:
        fields = ((col(num(0, 5)), (), ()), zeus_field)
    state = position(hands=((peg,), zeus_hand), fields=fields)
    return play(state, HERA, mv.PegasusHand(card=peg))


def test_pegasus_finding_the_hostage_in_the_hand_wins() -> None:
    _, events = pick((HOSTAGES[ZEUS],))
    assert events[-1] == GameWon(winner=HERA, reason=HOSTAGE_PICKED)


def test_pegasus_finding_pandora_empties_the_hand() -> None:
    for seed in range(40):  # some seed picks Pandora out of two cards
        fresh()
        peg, pandora, other = take(0, "pegasus"), take(1, "pandora"), num(1, 6)
        state = position(hands=((peg,), (pandora, other)))
        state, _ = play(state, HERA, mv.PegasusHand(card=peg), seed)
        if state.discards[ZEUS][:1] == (pandora,):
            assert state.hands[ZEUS] == () and state.discards[ZEUS] == (pandora, other)
            assert state.winner is None
            return
    pytest.fail("no seed picked Pandora")


def test_after_pegasus_finds_pandora_the_victim_orders_his_lost_hand() -> None:
    for seed in range(60):
        fresh()
        peg, pandora, a, b = take(0, "pegasus"), take(1, "pandora"), num(1, 6), num(1, 7)
        state = position(hands=((peg,), (pandora, a, b)))
        state, _ = play(state, HERA, mv.PegasusHand(card=peg), seed)
        if state.discards[ZEUS][:1] == (pandora,):
            assert state.phase == "order" and GAME.to_act(state) == [ZEUS]
            state, _ = play(state, ZEUS, mv.DiscardNext(card=b))
            assert state.discards[ZEUS] == (pandora, b, a)
            assert GAME.to_act(state) == [HERA] and state.ap_left == 2
            return
    pytest.fail("no seed picked Pandora")


def test_pegasus_finding_pandora_beside_the_hostage_wins() -> None:
    pandora = take(1, "pandora")
    for seed in range(40):
        fresh()
        peg = take(0, "pegasus")
        state = position(hands=((peg,), (pandora, HOSTAGES[ZEUS])))
        after, events = play(state, HERA, mv.PegasusHand(card=peg), seed)
        if events[-1] == GameWon(winner=HERA, reason=PANDORA_PICKED_HOSTAGE):
            assert after.hands[ZEUS] == ()
            return
    pytest.fail("no seed picked Pandora")


@pytest.mark.parametrize(
    "kind", ["medusa", "pythia", "hera_zeus", "sirens", "hades", "persephone", "dionysus"]
)
def test_pegasus_discards_the_named_mythology_cards(kind: str) -> None:
    card = take(1, kind)
    state, _ = pick((card,))
    assert state.discards[ZEUS] == (card,) and state.phase == "turn"


def test_pegasus_discards_a_picked_pegasus() -> None:
    card = take(1, "pegasus")
    state, _ = pick((card,))
    assert state.discards[ZEUS] == (card,)


def test_a_picked_strength_2_to_7_card_goes_face_up_into_a_row_1_of_the_pickers_choice() -> None:
    hero = take(1, "hero")
    state, _ = pick((hero,), (col(num(1, 3)), col(FIGURE, num(1, 4)), ()))
    assert state.phase == "place" and GAME.to_act(state) == [HERA]
    assert rejects(GAME, state, HERA, mv.PlacePicked(column=1)) == "column_closed"
    assert {m.column for m in GAME.legal_moves(state, HERA)} == {0, 2}
    state, _ = play(state, HERA, mv.PlacePicked(column=0))
    assert state.fields[ZEUS][0][0] == (hero, True) and state.phase == "turn"


def test_a_picked_card_with_no_column_to_take_it_is_discarded() -> None:
    four = col(num(1, 3), num(1, 3), num(1, 4), num(1, 4))
    seven = num(1, 7)
    four_more = col(num(1, 6), num(1, 6), num(1, 6), num(1, 5))
    state, _ = pick((seven,), (four, col(FIGURE, num(1, 5)), four_more))
    assert state.discards[ZEUS] == (seven,) and state.phase == "turn"


def row(target_col, own_col=None) -> tuple:
    """Hera's Pegasus challenges Zeus' row 1 of column 0."""
    peg = take(0, "pegasus")
    own = own_col if own_col is not None else col(num(0, 5))
    state = position(hands=((peg,), ()), fields=((own, (), ()), (target_col, col(num(1, 3)), ())))
    return play(state, HERA, mv.PegasusRow(card=peg, column=0))


def test_pegasus_removes_the_opposing_figure() -> None:
    behind = num(1, 5)
    state, _ = row(col(FIGURE, behind))
    assert state.fields[ZEUS][0] == ((behind, False),) and not state.has_figure(ZEUS)


def test_pegasus_on_row_1_discards_strength_0_or_1_and_turns_2_to_7_face_up() -> None:
    weak = take(1, "pegasus")
    state, _ = row(col(weak))
    assert state.discards[ZEUS] == (weak,)
    fresh()
    strong = num(1, 6)
    state, _ = row(col(strong))
    assert state.fields[ZEUS][0] == ((strong, True),)
    fresh()
    medusa = take(1, "medusa")
    state, _ = row(col(medusa))
    assert state.fields[ZEUS][0] == ((medusa, True),)


def test_pegasus_on_pandora_opens_the_box() -> None:
    state, events = row(col(take(1, "pandora"), HOSTAGES[ZEUS]))
    assert events[-1] == GameWon(winner=HERA, reason=PANDORA_HOSTAGE)
    assert state.fields[HERA][0] == ()


def test_pegasus_on_the_row_1_hostage_wins() -> None:
    _, events = row(col(HOSTAGES[ZEUS]))
    assert events[-1] == GameWon(winner=HERA, reason=HOSTAGE_CHALLENGED)


def test_pythia_sees_the_hand_and_discards_poseidon_or_nemesis() -> None:
    pythia, poseidon, other = take(0, "pythia"), take(1, "top"), num(1, 5)
    state = position(hands=((pythia,), (poseidon, other)), turns=(1, 1))  # allowed on turn 1
    state, events = play(state, HERA, mv.PythiaSpy(card=pythia))
    shown = next(e for e in events if isinstance(e, HandShown))
    assert set(shown.cards) == {poseidon, other} and shown.to == HERA
    assert state.hands[ZEUS] == (other,) and state.discards[ZEUS] == (poseidon,)


def test_pythia_turns_over_one_opposing_column() -> None:
    pythia = take(0, "pythia")
    zeus_col = col(num(1, 3), HOSTAGES[ZEUS], take(1, "pandora"))
    state = position(hands=((pythia,), ()), fields=((col(num(0, 5)), (), ()), (zeus_col, (), ())))
    state, _ = play(state, HERA, mv.PythiaReveal(card=pythia, column=0))
    assert all(up for _, up in state.fields[ZEUS][0]) and state.winner is None


def test_sirens_take_the_opponents_top_discard_of_strength_1_to_7() -> None:
    sirens, top = take(0, "sirens"), num(1, 6)
    state = position(hands=((sirens,), ()), discards=((), (num(1, 3), top)))
    state, _ = play(state, HERA, mv.PlaySirens(card=sirens))
    assert state.hands[HERA] == (top,) and state.discards[ZEUS] == state.discards[ZEUS][:1]
    assert state.discards[HERA] == (sirens,)
    fresh()
    sirens = take(0, "sirens")
    blocked = position(hands=((sirens,), ()), discards=((), (take(1, "medusa"),)))
    assert rejects(GAME, blocked, HERA, mv.PlaySirens(card=sirens)) == "nothing_to_take"


def test_hades_takes_any_own_discard_back_but_not_itself() -> None:
    hades, old = take(0, "hades"), num(0, 7)
    state = position(hands=((hades,), ()), discards=((old, num(0, 3)), ()))
    assert rejects(GAME, state, HERA, mv.PlayHades(card=hades, take=hades)) == "not_discarded"
    state, _ = play(state, HERA, mv.PlayHades(card=hades, take=old))
    assert state.hands[HERA] == (old,) and state.discards[HERA][-1] == hades


def test_persephone_brings_back_up_to_three_pegasus_within_the_hand_limit() -> None:
    pers = take(0, "persephone")
    pegs = tuple(take(0, "pegasus") for _ in range(4))
    state = position(hands=((pers,), ()), discards=(pegs, ()))
    after, _ = play(state, HERA, mv.PlayPersephone(card=pers))
    assert len(after.hands[HERA]) == 3 and after.discards[HERA] == (pegs[0], pers)
    hand = (pers, *(num(0, s) for s in (3, 3, 3, 3, 5, 5, 5, 5, 6, 6, 6)))  # 12 cards
    full = position(hands=(hand, ()), discards=(pegs, ()))
    after, _ = play(full, HERA, mv.PlayPersephone(card=pers))
    assert len(after.hands[HERA]) == 12


def test_dionysus_moves_one_own_card_never_the_figure_never_into_a_full_column() -> None:
    dio, a, b = take(0, "dionysus"), num(0, 3), num(0, 5)
    full = col(num(0, 3), num(0, 3), num(0, 4), num(0, 4))
    hera = (col(FIGURE, a), col(b), full)
    state = position(hands=((dio,), ()), fields=(hera, (col(num(1, 3)), (), ())))
    move = mv.PlayDionysus
    assert (
        rejects(GAME, state, HERA, move(card=dio, column=0, position=0, to_column=1, to_position=0))
        == "figure_fixed"
    )
    assert (
        rejects(GAME, state, HERA, move(card=dio, column=1, position=0, to_column=2, to_position=0))
        == "column_full"
    )
    assert (
        rejects(GAME, state, HERA, move(card=dio, column=1, position=0, to_column=0, to_position=0))
        == "figure_fixed"
    )
    after, _ = play(state, HERA, move(card=dio, column=1, position=0, to_column=0, to_position=1))
    assert after.fields[HERA][0] == ((FIGURE, True), (b, False), (a, False))
    assert after.fields[HERA][1] == ()
