"""Sets of goods: which cards form or extend a set, what a set scores, and set choices."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from shared.games.sobek.components import CARDS, RULES
from shared.games.sobek.state import LaidSet

MIXED = "mixed"


def goods_of(cards: tuple[int, ...]) -> str | None:
    """The one goods type of the cards (amulets are wild), None if all amulets, else MIXED.

    Rules, Einen Satz auslegen: a character counts as a card of its goods type.
    """
    goods: str | None = None
    for c in cards:
        g = CARDS[c].goods
        if g is None:
            continue
        if goods is None:
            goods = g
        elif g != goods:
            return MIXED
    return goods


def fits(laid: LaidSet, goods: str | None) -> bool:
    """Whether cards of that goods type (None: amulets only) may join the laid set."""
    if goods is None:
        return True
    if laid.goods is not None:
        return goods == laid.goods
    # Rules, Wohlstand: an all-amulet set with Prosperity takes only fish, cattle, wheat.
    return laid.prosperity == 0 or goods in RULES.prosperity_goods


def score(laid: LaidSet) -> int:
    """Rules, Abrechnung: scarabs times cards; a sideways set scores its scarabs only."""
    scarabs = sum(CARDS[c].scarabs for c in laid.cards)
    scarabs += RULES.prosperity_scarabs * laid.prosperity
    return scarabs if laid.sideways else scarabs * len(laid.cards)


def can_prosper(laid: LaidSet) -> bool:
    """Rules, Wohlstand: Prosperity goes on a laid fish, cattle or wheat set (or all amulets)."""
    return not laid.sideways and (laid.goods is None or laid.goods in RULES.prosperity_goods)


def _groups(hand: tuple[int, ...]) -> dict[str, list[int]]:
    """Hand cards by face (cards of one face are interchangeable in a set)."""
    groups: dict[str, list[int]] = {}
    for c in sorted(hand):
        groups.setdefault(CARDS[c].face, []).append(c)
    return groups


def choices(
    hand: tuple[int, ...], low: int, high: int
) -> Iterator[tuple[str | None, tuple[int, ...]]]:
    """Every way to pick low..high cards of one goods type (or amulets only) from the hand.

    Picks that differ only in which of identical cards they use are given once.
    """
    groups = _groups(hand)
    amulets = groups.get("amulet", [])
    by_goods: dict[str, list[list[int]]] = {}
    for cards in groups.values():
        g = CARDS[cards[0]].goods
        if g is not None:
            by_goods.setdefault(g, []).append(cards)
    for goods, lists in sorted(by_goods.items()):
        lists = [*lists, amulets]
        for counts in product(*(range(len(cs) + 1) for cs in lists)):
            total = sum(counts)
            if low <= total <= high and sum(counts[:-1]) > 0:
                yield goods, tuple(c for cs, k in zip(lists, counts, strict=True) for c in cs[:k])
    for k in range(max(low, 1), min(high, len(amulets)) + 1):
        yield None, tuple(amulets[:k])
