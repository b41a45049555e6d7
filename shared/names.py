"""Display names: what may be one (printable text, NFKC-normalised) and when two look alike.

A name is shown in chat, in the lobby and in mails, so it holds only characters that render
as themselves: letters, marks, digits, punctuation, symbols and plain spaces. Controls (NUL,
ESC, newlines), format characters (bidi overrides and isolates, zero-width spaces and
joiners), private-use, unassigned and invisible "filler" characters are refused.

Two names look alike when their skeletons are equal (after Unicode TS #39): each character
is replaced by one representative of its class in Unicode's confusables data (`а` Cyrillic
and `a` Latin, `l`, `I`, `1` and `|`, `0` and `O`), then case is folded.
"""

from __future__ import annotations

import functools
import unicodedata

from shared.contracts.errors import BadRequest

MAX_NAME = 40  # characters, after normalisation
MAX_MARKS = 4  # combining marks in a row (more stacks them over other lines)
# Categories that render as themselves (the first letter: Letter, Mark, Number,
# Punctuation, Symbol); of the separators only the plain space.
_RENDERED = frozenset("LMNPS")
# Default-ignorable characters outside the format category: they show nothing.
_INVISIBLE = frozenset(
    [
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0),
        *range(0x180B, 0x1810),  # Mongolian variation selectors, vowel separator
        *range(0xFE00, 0xFE10),  # variation selectors
        *range(0xE0100, 0xE01F0),  # variation selectors supplement
    ]
)


def display_name(raw: str, most: int = MAX_NAME, kind: str = "player") -> str:
    """A display name from what a player typed: NFKC-normalised, trimmed, runs of spaces
    made one; 400 `bad_name` unless it is 1-`most` printable characters with a letter or
    digit. `kind` names what is named in the message (a player, a tournament)."""
    name = " ".join(part for part in unicodedata.normalize("NFKC", raw).split(" ") if part)
    problem = _problem(name, most)
    if problem:
        raise BadRequest(f"a {kind} name {problem}", code="bad_name")
    return name


def _problem(name: str, most: int) -> str:
    if not 1 <= len(name) <= most:
        return f"has 1-{most} characters"
    if unicodedata.category(name[0])[0] == "M":
        return "does not start with a combining mark"
    marks = 0
    for char in name:
        kind = unicodedata.category(char)
        if char != " " and (kind[0] not in _RENDERED or ord(char) in _INVISIBLE):
            return f"has only printable characters (not U+{ord(char):04X})"
        marks = marks + 1 if kind[0] == "M" else 0
        if marks > MAX_MARKS:
            return "does not stack combining marks"
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        return "has a letter or a digit"
    return ""


def skeleton(name: str) -> str:
    """The form in which look-alike names are equal (`Ann`, `ANN`, `Аnn` with a Cyrillic A,
    `Ann` in fullwidth letters; `bill`, `biII`, `bi11`)."""
    classes = _classes()
    mapped = "".join(classes.get(char, char) for char in unicodedata.normalize("NFKC", name))
    return "".join(classes.get(char, char) for char in mapped.casefold())


@functools.cache
def _classes() -> dict[str, str]:
    """Character -> the smallest character it can be confused with (transitively), from the
    confusables data of Unicode that `confusable_homoglyphs` ships; loaded on first use."""
    from confusable_homoglyphs.confusables import confusables_data  # 1 MB: only when needed

    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.setdefault(char, char) != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"].replace("\u200e", "").replace("\u200f", "")  # bidi marks
            if len(char) == 1 and len(other) == 1:
                first, second = sorted((root(char), root(other)))
                parent[second] = first
    return {char: root(char) for char in parent if root(char) != char}
