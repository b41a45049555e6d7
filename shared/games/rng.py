"""Deterministic randomness for games: every draw follows from the table's committed seed."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A seeded generator handed to `setup` and `decide`; rules never use global random."""

    __slots__ = ("_random", "draws")

    def __init__(self, seed: int | bytes | str) -> None:
        if isinstance(seed, bytes | str):
            seed = int.from_bytes(hashlib.sha256(_as_bytes(seed)).digest(), "big")
        self._random = random.Random(seed)
        self.draws = 0  # how many draws were made (a move that drew is never undoable)

    @classmethod
    def for_step(cls, seed: bytes, table_id: str, step: int) -> Rng:
        """The generator for one decision of a table: a pure function of seed, table and step."""
        material = seed + b"|" + table_id.encode() + b"|" + str(step).encode()
        return cls(hashlib.sha256(material).digest())

    def randint(self, low: int, high: int) -> int:
        """A whole number in [low, high], both included."""
        self.draws += 1
        return self._random.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        self.draws += 1
        return items[self._random.randrange(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in random order."""
        self.draws += 1
        out = list(items)
        self._random.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items in random order."""
        self.draws += 1
        return self._random.sample(list(items), k)


def _as_bytes(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode()
