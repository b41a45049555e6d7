"""Hera und Zeus's evaluation for the bots: the dangers that end the game at once weigh."""

from __future__ import annotations

import msgspec

from shared.games.herazeus.bots import evaluate, risk, turns_left
from shared.games.herazeus.components import HOSTAGES
from tests.rules.herazeus_fixtures import HERA, ZEUS, col, fresh, num, position, take


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


def test_a_thin_field_is_a_danger() -> None:
    state, fields, *_ = _even()
    thin = msgspec.structs.replace(state, fields=(((col(num(HERA, 6))), (), ()), fields[ZEUS]))
    assert evaluate(thin, HERA) < 0.5 < evaluate(thin, ZEUS)


def test_too_few_actions_for_the_turns_to_come_are_a_danger_unless_a_challenge_is_left() -> None:
    """Full columns and an empty deck leave Hera no action without a challenge; where Medusa
    fronts the one column Zeus holds she has no challenge either."""
    fresh()
    medusa, hero = take(HERA, "medusa"), take(HERA, "hero")
    tail = tuple(num(HERA, 6) for _ in range(3))
    full = tuple(col(*(num(HERA, s) for s in (2, 3, 4, 5))) for _ in range(2))
    hand = tuple(num(HERA, s) for s in (2, 2, 3, 3, 4, 4, 5, 5, 7, 7, 7))
    zeus_fields = (col(num(ZEUS, 4)), (), ())
    decks = ((), (HOSTAGES[ZEUS], num(ZEUS, 7)))

    def with_front(front: int) -> object:
        third = col(front, *tail)
        return position(hands=(hand, (num(ZEUS, 2),)), decks=decks,
                        fields=((third, *full), zeus_fields))  # fmt: skip

    stuck, challenging = with_front(medusa), with_front(hero)
    assert turns_left(stuck, HERA) == 0  # no draw, and no place for a card
    assert risk(stuck, HERA) > 0.8 > risk(challenging, HERA)


def test_pandora_beside_her_own_hostage_exposes_it_the_more_the_nearer_she_is_to_row_one() -> None:
    risks = []
    for row in (0, 1, 2, None):
        fresh()
        pandora, hostage = take(HERA, "pandora"), HOSTAGES[HERA]
        numbers = [num(HERA, s) for s in (3, 4, 5)]
        column = [*numbers[:2], hostage]
        if row is not None:
            column.insert(row, pandora)
        elsewhere = col(pandora) if row is None else col(numbers[2])
        fields = ((col(*column), elsewhere, col(num(HERA, 6))),
                  (col(num(ZEUS, 4)), col(num(ZEUS, 3)), col(num(ZEUS, 5))))  # fmt: skip
        state = position(fields=fields, hands=((num(HERA, 2),), (num(ZEUS, 2),)))
        risks.append(risk(state, HERA))
    assert risks[0] > risks[1] > risks[2] > risks[3]
    assert risks[0] >= 0.9
