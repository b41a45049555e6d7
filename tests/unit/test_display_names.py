"""Display names: printable text only, NFKC-normalised, and look-alikes share a skeleton."""

from __future__ import annotations

import pytest

from shared.contracts.errors import BadRequest
from shared.names import display_name, skeleton


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ann   Lee ", "Ann Lee"),  # trimmed, runs of spaces made one
        ("Ｚｏｅ", "Zoe"),  # NFKC: fullwidth letters
        ("e\u0301mile", "émile"),  # NFKC composes
        ("a\u00a0b", "a b"),  # a no-break space is a space
        ("Ra-fan #1", "Ra-fan #1"),
        ("Сергей", "Сергей"),
        ("太郎", "太郎"),
    ],
)
def test_a_display_name_is_normalised(typed: str, kept: str) -> None:
    assert display_name(typed) == kept


@pytest.mark.parametrize(
    "typed",
    ["a\x00b", "a\nb", "a\tb", "a\u202eb", "a\u2066b", "a\u200bb", "a\u200db", "\u3164", "a\u2028b",
     "a\ue000", "a\U000e0041", "\u0301a", "a" + "\u0301" * 6, "...", "", "x" * 41],
)  # fmt: skip
def test_a_display_name_that_does_not_render_as_itself_is_bad_name(typed: str) -> None:
    with pytest.raises(BadRequest) as refused:
        display_name(typed)
    assert refused.value.code == "bad_name"


def test_look_alikes_share_a_skeleton_and_different_names_do_not() -> None:
    assert skeleton("bill") == skeleton("biII") == skeleton("bi1l") == skeleton("bіll")
    assert skeleton("Oscar") == skeleton("0scar") == skeleton("Оscar") == skeleton("OSCAR")
    assert skeleton("Ann") == skeleton("Ａnn")
    assert skeleton("bill") != skeleton("bell")
    assert skeleton("ann") != skeleton("anna")
