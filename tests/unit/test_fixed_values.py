"""Fields with a fixed set of values are Literal types that msgspec checks on decoding."""

from __future__ import annotations

import msgspec
import pytest

from shared.games.egizia.components import DATA, NileCard, SphinxCard
from shared.games.sobek.components import CHIPS, Chip


def test_egizia_card_kinds_and_sphinx_conditions_come_from_their_sets() -> None:
    assert {card.kind for card in DATA.nile} <= {"permanent", "anytime", "instant"}
    assert "ten_percent" in {card.condition for card in DATA.sphinx}


def test_sobek_chip_kinds_are_the_six_of_the_box() -> None:
    kinds = {chip.kind for chip in CHIPS}
    assert kinds == {"curse", "embalming", "flood", "kollegium", "prosperity", "villainy"}


@pytest.mark.parametrize(
    ("raw", "type_"),
    [
        ({"id": 0, "key": "x", "deck": 0, "effect": "grain", "kind": "sometimes"}, NileCard),
        ({"id": 0, "condition": "most_camels"}, SphinxCard),
        ({"id": 0, "kind": "plague"}, Chip),
    ],
)
def test_a_value_outside_the_set_is_refused(raw: dict[str, object], type_: type) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(raw, type_)
