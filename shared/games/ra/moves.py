"""The moves a Ra player can submit; dice are named by index 0-4 (the order of data colours)."""

from __future__ import annotations

from typing import Literal, get_args

from shared.games.contract import GameMove

Disaster = Literal["pharaoh", "nile", "civilization", "monuments"]
"""Rules, Disaster: the four disasters a player may declare."""

DISASTERS: tuple[Disaster, ...] = get_args(Disaster)


class RollDice(GameMove, frozen=True, kw_only=True):
    """Rules, Play: start the turn by rolling all five dice."""


class RerollDice(GameMove, frozen=True, kw_only=True):
    """Rules, Play: reroll any of the dice not showing a Sun (at most twice a turn)."""

    dice: tuple[int, ...]


class StopRolling(GameMove, frozen=True, kw_only=True):
    """Keep the dice as they are and start applying them."""


class AdvancePharaoh(GameMove, frozen=True, kw_only=True):
    """Rules, Pharaoh: one space per die; Ankhs count only with a real Pharaoh among them."""

    dice: tuple[int, ...]


class AdvanceNile(GameMove, frozen=True, kw_only=True):
    """Rules, Nile: one space per die; Ankhs count only with a real Nile among them."""

    dice: tuple[int, ...]


class FloodNile(GameMove, frozen=True, kw_only=True):
    """Rules, Nile: three Nile dice (one or two may be Ankhs) add a flood marker."""

    dice: tuple[int, ...]


class PlaceCivilization(GameMove, frozen=True, kw_only=True):
    """Rules, Civilization: 3/4/5 dice place 1/2/3 markers on the named colour spaces."""

    dice: tuple[int, ...]
    colours: tuple[str, ...]


class PlaceMonument(GameMove, frozen=True, kw_only=True):
    """Rules, Monuments: one marker on the row of `die`'s colour in `column` (0-7).

    The turn's first marker needs only `die`; each further one also needs `extra_die`.
    """

    die: int
    column: int
    extra_die: int | None = None


class ScoreAnkhPair(GameMove, frozen=True, kw_only=True):
    """Rules, Ankh: two unused Ankhs score an immediate 2 points."""

    dice: tuple[int, ...]


class DeclareDisaster(GameMove, frozen=True, kw_only=True):
    """Rules, Ra: with four or five Suns the player may declare one disaster."""

    disaster: Disaster


class RetrieveMarker(GameMove, frozen=True, kw_only=True):
    """Rules, Disaster: a victim takes back one own marker of their choice.

    Civilization: name the colour space. Monuments: name the colour row and the column.
    """

    colour: str
    column: int | None = None


class EndTurn(GameMove, frozen=True, kw_only=True):
    """Finish applying dice: the Suns then move Ra or score, and play passes on."""


RaMove = (
    RollDice
    | RerollDice
    | StopRolling
    | AdvancePharaoh
    | AdvanceNile
    | FloodNile
    | PlaceCivilization
    | PlaceMonument
    | ScoreAnkhPair
    | DeclareDisaster
    | RetrieveMarker
    | EndTurn
)
"""Every Ra move, as a tagged union (the class name is the `type` on the wire)."""
