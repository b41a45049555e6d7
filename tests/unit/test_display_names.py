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


# The ends of every range `shared.names` refuses by code point (`_INVISIBLE`) and of the
# categories it refuses (controls, format, private use, unassigned, line separators), each
# at the end of an otherwise good name, and the first characters outside that render.
REFUSED_ENDS = [
    0x0000, 0x001F, 0x007F, 0x0080, 0x009F,  # controls (Cc)
    0x00AD, 0x0600, 0x0605, 0x061C, 0x180E, 0x200B, 0x200F, 0x202A, 0x202E, 0x2060, 0x2064,
    0x2066, 0x206F, 0xFEFF, 0xFFF9, 0xFFFB, 0xE0001, 0xE0020, 0xE007F,  # format (Cf)
    0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD,  # private use (Co)
    0x0378, 0xFFFE, 0xFFFF, 0x10FFFF,  # unassigned (Cn)
    0x1680, 0x2028, 0x2029,  # separators other than the space
    0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0,  # invisible fillers
    0x180B, 0x180F,  # Mongolian variation selectors, vowel separator
    0xFE00, 0xFE0F,  # variation selectors (U+FE0F: the emoji presentation selector)
    0xE0100, 0xE01EF,  # variation selectors supplement
]  # fmt: skip
RENDERED_NEIGHBOURS = [0x180A, 0x1810, 0xFE10, 0x17B3, 0x17B6, 0x2801, 0x3165]


@pytest.mark.parametrize("code", REFUSED_ENDS, ids=lambda code: f"U+{code:04X}")
def test_the_ends_of_every_refused_range_are_refused(code: int) -> None:
    for typed in (f"ann{chr(code)}", f"an{chr(code)}n"):
        with pytest.raises(BadRequest) as refused:
            display_name(typed)
        assert refused.value.code == "bad_name"


@pytest.mark.parametrize("code", RENDERED_NEIGHBOURS, ids=lambda code: f"U+{code:04X}")
def test_the_characters_just_outside_a_refused_range_are_kept(code: int) -> None:
    assert display_name(f"ann{chr(code)}").startswith("ann")
