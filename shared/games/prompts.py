"""A game's prompt as a code with parameters, and the words for each code.

A game says what a seat is asked as a `Prompt` (a code such as `roll` or `wait_for`, and
parameters such as `seat` or `count`); its words live in the game's `prompts.toml`, one table
per language (`en`, `de`), one entry per code. An entry is a template (`"wait for {seat}"`) or,
for a count, a table of `one` and `other`. The web client (a module generated from these files)
and the mails and push texts render the same entries; `phrase` gives the old English prompt
(seats as `player N`, counted from 0) that the API still sends beside the code.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

import msgspec

LANGUAGES = ("en", "de")


class Prompt(msgspec.Struct, frozen=True):
    """What a seat is asked: a code of the game's prompts and its parameters."""

    code: str
    params: dict[str, int | str] = {}


NO_PROMPT = Prompt("")


@cache
def words(package: str) -> Mapping[str, Mapping[str, Any]]:
    """The prompts of a game package per language (`{"en": {code: entry}, "de": ...}`)."""
    text = resources.files(package).joinpath("prompts.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def render(entries: Mapping[str, Any], prompt: Prompt, name: Callable[[int], str] = str) -> str:
    """A prompt in the words of one language; `name(seat)` says a seat (unknown codes: '')."""
    entry = entries.get(prompt.code)
    if entry is None:
        return ""
    if isinstance(entry, Mapping):
        entry = entry["one" if prompt.params.get("count") == 1 else "other"]
    params = {
        k: name(v) if k in ("seat", "by") and isinstance(v, int) else v
        for k, v in prompt.params.items()
    }
    return str(entry).format(**params)


def phrase(package: str, prompt: Prompt) -> str:
    """The English prompt as the API has always sent it (seats as `player N`, from 0)."""
    return render(words(package)["en"], prompt, lambda seat: f"player {seat}")


def in_language(package: str, prompt: Prompt, language: str, name: Callable[[int], str]) -> str:
    """A prompt in a person's language (English for an unknown one), seats by name."""
    table = words(package)
    return render(table.get(language) or table["en"], prompt, name)
