"""Hera und Zeus: row-1 challenges, Medusa, Pythia, Poseidon/Nemesis, Pandora, hostages."""

from __future__ import annotations

import pytest

from shared.games.herazeus import GAME
from shared.games.herazeus import moves as mv
from shared.games.herazeus.events import GameWon
from shared.games.herazeus.flow import HOSTAGE_CHALLENGED, PANDORA_HOSTAGE
from tests.gamekit import rejects
from tests.rules.herazeus_fixtures import (
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


def duel(attacker: int, defender: int, behind: tuple[int, ...] = ()) -> tuple:
    """Hera's row-1 attacker challenges Zeus' row-1 defender in column 0."""
    keep_h, keep_z = num(0, 3), num(1, 3)
    state = position(
        fields=((col(attacker), col(keep_h), ()), (col(defender, *behind), col(keep_z), ()))
    )
    return play(state, HERA, mv.Challenge(column=0))


def test_the_higher_card_wins_stays_face_up_and_the_column_closes_up() -> None:
    att, dfn, behind = num(0, 6), num(1, 4), num(1, 5)
    state, _ = duel(att, dfn, (behind,))
    assert state.fields[HERA][0] == ((att, True),)
    assert state.fields[ZEUS][0] == ((behind, False),)
    assert state.discards[ZEUS] == (dfn,) and state.ap_left == 2


def test_the_weaker_challenger_is_lost_and_the_defender_stays_face_up() -> None:
    att, dfn = num(0, 3), num(1, 7)
    state, _ = duel(att, dfn)
    assert state.fields[HERA][0] == () and state.discards[HERA] == (att,)
    assert state.fields[ZEUS][0] == ((dfn, True),)


def test_equal_strength_discards_both() -> None:
    state, _ = duel(num(0, 5), num(1, 5))
    assert state.fields[HERA][0] == () and state.fields[ZEUS][0] == ()


def test_io_argus_medusa_and_pandora_never_initiate_a_challenge() -> None:
    for kind in ("hostage", "medusa", "pandora"):
        fresh()
        state = position(fields=((col(take(0, kind)), (), ()), (col(num(1, 3)), (), ())))
        assert rejects(GAME, state, HERA, mv.Challenge(column=0)) == "cannot_challenge"


def test_no_challenge_into_or_out_of_an_empty_column() -> None:
    state = position(fields=((col(num(0, 5)), (), ()), ((), col(num(1, 3)), ())))
    assert rejects(GAME, state, HERA, mv.Challenge(column=0)) == "empty_column"


def test_medusa_beats_every_challenger_but_hero_or_amazon() -> None:
    medusa = take(1, "medusa")
    state, _ = duel(num(0, 7), medusa)
    assert state.fields[ZEUS][0] == ((medusa, True),) and state.fields[HERA][0] == ()
    fresh()
    amazon, medusa = take(0, "hero"), take(1, "medusa")
    state, _ = duel(amazon, medusa)
    assert state.fields[HERA][0] == ((amazon, True),) and state.discards[ZEUS] == (medusa,)


def test_pythia_loses_whenever_she_is_challenged() -> None:
    pythia = take(1, "pythia")
    state, _ = duel(take(0, "pegasus"), pythia)
    assert state.discards[ZEUS] == (pythia,) and state.fields[HERA][0][0][1] is True


def test_pythia_beats_poseidon_and_nemesis_and_otherwise_compares_strength() -> None:
    pythia, poseidon = take(0, "pythia"), take(1, "top")
    state, _ = duel(pythia, poseidon)
    assert state.discards[ZEUS] == (poseidon,) and state.fields[HERA][0] == ((pythia, True),)
    fresh()
    pythia = take(0, "pythia")
    state, _ = duel(pythia, num(1, 5))
    assert state.discards[HERA] == (pythia,)


def test_poseidon_and_nemesis_beat_a_seven_and_tie_with_each_other() -> None:
    nemesis = take(0, "top")
    state, _ = duel(nemesis, num(1, 7))
    assert state.fields[HERA][0] == ((nemesis, True),)
    fresh()
    seven, poseidon = num(0, 7), take(1, "top")
    state, _ = duel(seven, poseidon)
    assert state.discards[HERA] == (seven,)
    fresh()
    state, _ = duel(take(0, "top"), take(1, "top"))
    assert state.fields[HERA][0] == () and state.fields[ZEUS][0] == ()


def test_challenging_the_opposing_hostage_wins() -> None:
    _, events = duel(num(0, 2), HOSTAGES[ZEUS])
    assert events[-1] == GameWon(winner=HERA, reason=HOSTAGE_CHALLENGED)


def _pandora(hera_col: tuple[int, ...], zeus_col: tuple[int, ...]) -> tuple:
    state = position(
        fields=((col(*hera_col), col(num(0, 3)), ()), (col(*zeus_col), col(num(1, 3)), ()))
    )
    return play(state, HERA, mv.Challenge(column=0))


def test_pandora_wipes_the_column_on_both_sides() -> None:
    h = (num(0, 6), num(0, 5))
    z = (take(1, "pandora"), num(1, 7), num(1, 4))
    state, _ = _pandora(h, z)
    assert state.fields[HERA][0] == () and state.fields[ZEUS][0] == ()
    assert state.pending == (h, z) and state.winner is None
    # Each player puts his own lost cards onto his pile in the order he wants, both at once.
    assert GAME.to_act(state) == [HERA, ZEUS] and state.phase == "order"
    assert rejects(GAME, state, HERA, mv.DiscardNext(card=z[0])) == "not_pending"
    state, _ = play(state, ZEUS, mv.DiscardNext(card=z[2]))
    state, _ = play(state, ZEUS, mv.DiscardNext(card=z[0]))
    assert state.discards[ZEUS] == (z[2], z[0], z[1]) and GAME.to_act(state) == [HERA]
    state, _ = play(state, HERA, mv.DiscardNext(card=h[1]))
    assert state.discards[HERA] == (h[1], h[0])
    assert state.phase == "turn" and GAME.to_act(state) == [HERA] and state.ap_left == 2


def test_a_single_lost_card_goes_onto_the_pile_without_a_choice() -> None:
    h, pandora = num(0, 6), take(1, "pandora")
    state, _ = _pandora((h,), (pandora,))
    assert state.discards == ((h,), (pandora,)) and state.phase == "turn"


def test_pandora_with_the_opponents_hostage_in_the_column_wins() -> None:
    _, events = _pandora((num(0, 6),), (take(1, "pandora"), HOSTAGES[ZEUS]))
    assert events[-1] == GameWon(winner=HERA, reason=PANDORA_HOSTAGE)


def test_pandora_with_the_own_hostage_behind_the_challenger_loses() -> None:
    _, events = _pandora((num(0, 6), HOSTAGES[HERA]), (take(1, "pandora"),))
    assert events[-1] == GameWon(winner=ZEUS, reason=PANDORA_HOSTAGE)


def test_pandora_with_both_hostages_in_the_column_loses_for_the_challenger() -> None:
    _, events = _pandora((num(0, 6), HOSTAGES[HERA]), (take(1, "pandora"), HOSTAGES[ZEUS]))
    assert events[-1] == GameWon(winner=ZEUS, reason=PANDORA_HOSTAGE)
