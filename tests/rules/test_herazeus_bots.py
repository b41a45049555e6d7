"""Hera und Zeus's evaluation for the bots: the dangers that end the game at once weigh."""

from __future__ import annotations

import msgspec

from shared.games.herazeus.bots import evaluate, risk
from shared.games.herazeus.components import HOSTAGES
from tests.rules.herazeus_fixtures import HERA, ZEUS, col, fresh, num, position


def _even() -> tuple:
    fresh()
    fields = (
        (col(num(HERA, 4)), col(num(HERA, 3)), col(num(HERA, 5))),
        (col(num(ZEUS, 4)), col(num(ZEUS, 3)), col(num(ZEUS, 5))),
    )
    hands = ((num(HERA, 2), num(HERA, 6)), (num(ZEUS, 2), num(ZEUS, 6)))
    decks = ((HOSTAGES[HERA], num(HERA, 7)), (HOSTAGES[ZEUS], num(ZEUS, 7)))
    return position(hands=hands, fields=fields, decks=decks), fields, hands, decks


def test_an_even_position_is_even() -> None:
    state, *_ = _even()
    assert evaluate(state, HERA) == evaluate(state, ZEUS) == 0.5


def test_a_hostage_in_row_one_is_a_danger_and_face_up_the_most() -> None:
    state, fields, _, decks = _even()
    hera = fields[HERA]
    exposed = []
    for up in (False, True):
        front = (col(HOSTAGES[HERA], *[c for c, _ in hera[0]], up=up), hera[1], hera[2])
        moved = msgspec.structs.replace(
            state, fields=(front, fields[ZEUS]), decks=((decks[HERA][1],), decks[ZEUS])
        )
        exposed.append(risk(moved, HERA))
        assert evaluate(moved, HERA) < 0.5 < evaluate(moved, ZEUS)
    assert exposed[0] < exposed[1]
    behind = (col(*[c for c, _ in hera[0]], HOSTAGES[HERA]), hera[1], hera[2])
    deeper = msgspec.structs.replace(
        state, fields=(behind, fields[ZEUS]), decks=((decks[HERA][1],), decks[ZEUS])
    )
    assert risk(state, HERA) < risk(deeper, HERA) < exposed[0]


def test_a_thin_field_and_a_full_hand_with_full_columns_are_dangers() -> None:
    state, fields, hands, decks = _even()
    thin = msgspec.structs.replace(state, fields=(((col(num(HERA, 6))), (), ()), fields[ZEUS]))
    assert evaluate(thin, HERA) < 0.5 < evaluate(thin, ZEUS)
    full_columns = tuple(col(*(num(HERA, s) for s in (2, 3, 4, 5))) for _ in range(3))
    stuck = msgspec.structs.replace(
        state, fields=(full_columns, fields[ZEUS]),
        hands=((num(HERA, 6), num(HERA, 7), *hands[HERA]), hands[ZEUS]),
        decks=((), decks[ZEUS]),
    )  # fmt: skip
    assert risk(stuck, HERA) > risk(state, HERA)
