"""The moves an Istanbul player can submit, and the table options.

Places are named by their place number (1-16, FAQ ruling 2), goods by name, bonus cards
by kind (cards of one kind are identical, so a hand is a list of kinds).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from shared.games.contract import GameMove

Good = Literal["fabric", "spice", "fruit", "jewelry"]
CardKind = Literal[
    "good", "lira5", "sultan2", "post2", "gemstone2",
    "family", "stay", "move34", "assistant", "small_market",
]  # fmt: skip


class IstanbulOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options.

    `layout`: the 4x4 arrangement of the places: the printed "short" paths (recommended for
    a first game), "long" paths, "number" order, or "random" within the recommended limits
    (Fountain on an inner place, Black Market and Tea House at least 3 steps apart).
    """

    layout: Literal["short", "long", "number", "random"] = "short"


# Phase 1: movement.
class Move(GameMove, frozen=True, kw_only=True):
    """Move the merchant stack 1 or 2 orthogonal steps to place `to`."""

    to: int


class MoveFar(GameMove, frozen=True, kw_only=True):
    """Bonus card "move 3-4": move the stack 3 or 4 steps to place `to` instead."""

    to: int


class Stay(GameMove, frozen=True, kw_only=True):
    """Bonus card "stay": do not move; phases 2-4 happen at the current place again."""


# Phase 1 end / phase 2: the assistant step and paying other merchants.
class Enter(GameMove, frozen=True, kw_only=True):
    """Leave or collect an assistant here; `pay`: pay the other merchants (else the turn ends)."""

    pay: bool = True


class EndTurn(GameMove, frozen=True, kw_only=True):
    """End the turn now (skip what is left of it; optional phases only)."""


# Phase 3: place actions.
class Act(GameMove, frozen=True, kw_only=True):
    """The action of a place without choices (Wainwright, warehouses, Post Office,
    Caravansary, Gemstone Dealer)."""


class Skip(GameMove, frozen=True, kw_only=True):
    """Do not carry out the place action (phase 4 still follows)."""


class Fountain(GameMove, frozen=True, kw_only=True):
    """Fountain: return the own assistants at these places to the stack."""

    places: tuple[int, ...]


class BlackMarket(GameMove, frozen=True, kw_only=True):
    """Black Market: take one `good` (not jewelry), then roll for jewelry."""

    good: Good


class TeaHouse(GameMove, frozen=True, kw_only=True):
    """Tea House: announce `call` (3-12), then roll."""

    call: int


class Sell(GameMove, frozen=True, kw_only=True):
    """A market: sell `goods` (fabric, spice, fruit, jewelry counts); `card`: play the
    "Small Market" bonus card (any goods, at the Small Market only)."""

    goods: tuple[int, int, int, int]
    card: bool = False


class SendFamily(GameMove, frozen=True, kw_only=True):
    """Police Station: send the family member to place `to` and do that place's action."""

    to: int


class Sultan(GameMove, frozen=True, kw_only=True):
    """Sultan's Palace: hand over the goods shown; `any`: the goods given for the
    four-colour spaces, in order."""

    any: tuple[Good, ...] = ()


class TakeTile(GameMove, frozen=True, kw_only=True):
    """A mosque: take the top tile of the `good`'s stack (pay 1 of that good)."""

    good: Good


class TakeCard(GameMove, frozen=True, kw_only=True):
    """Caravansary: take a bonus card from the deck or the top of the discard pile."""

    source: Literal["deck", "discard"]


class DiscardCard(GameMove, frozen=True, kw_only=True):
    """Caravansary: discard one bonus card from the hand face up."""

    card: CardKind


class KeepDice(GameMove, frozen=True, kw_only=True):
    """Accept the dice just rolled at the Black Market or Tea House."""


class RedTile(GameMove, frozen=True, kw_only=True):
    """Red mosque tile: turn die `die` (0 or 1) to show 4, or (`die` None) re-roll both."""

    die: int | None = None


# Phase 4: encounters.
class Reward(GameMove, frozen=True, kw_only=True):
    """For a caught family member: take 3 Lira or 1 bonus card."""

    take: Literal["lira", "card"]


class UseGovernor(GameMove, frozen=True, kw_only=True):
    """Governor: draw a bonus card, then pay 2 Lira or discard a card."""


class PayGovernor(GameMove, frozen=True, kw_only=True):
    """Pay the Governor: 2 Lira (`card` None) or discard that bonus card."""

    card: CardKind | None = None


class UseSmuggler(GameMove, frozen=True, kw_only=True):
    """Smuggler: take `good`, then pay 2 Lira (`pay` "lira") or one good."""

    good: Good
    pay: Literal["lira", "fabric", "spice", "fruit", "jewelry"]


# Any time on one's own turn, within each card's or tile's timing.
class PlayCard(GameMove, frozen=True, kw_only=True):
    """Play a bonus card: "lira5"; "good" (`good`); "family" (`take` lira or card);
    "assistant" (`place`: the own assistant to return, phase 1 only); "sultan2", "post2",
    "gemstone2" right after that action (`any` as for Sultan)."""

    card: CardKind
    good: Good | None = None
    take: Literal["lira", "card"] | None = None
    place: int | None = None
    any: tuple[Good, ...] = ()


class BuyBack(GameMove, frozen=True, kw_only=True):
    """Yellow mosque tile (once per turn): pay 2 Lira, an own assistant at `place` returns."""

    place: int


class ExtraGood(GameMove, frozen=True, kw_only=True):
    """Green mosque tile, right after a warehouse action: pay 2 Lira for one `good`."""

    good: Good


IstanbulMove = (
    Move | MoveFar | Stay | Enter | EndTurn | Act | Skip | Fountain | BlackMarket | TeaHouse
    | Sell | SendFamily | Sultan | TakeTile | TakeCard | DiscardCard | KeepDice | RedTile
    | Reward | UseGovernor | PayGovernor | UseSmuggler | PlayCard | BuyBack | ExtraGood
)  # fmt: skip
