"""The events of Ra: every die face, marker move and point is recorded here."""

from __future__ import annotations

import msgspec

from shared.games.contract import GameEvent


class Space(msgspec.Struct, frozen=True, kw_only=True):
    """A marker's place: a Civilization colour space, or a Monument row (colour) and column."""

    colour: str
    column: int | None = None


class GameStarted(GameEvent, frozen=True, kw_only=True):
    """Rules, Preparation: start scores in seat order and Ra on its player-count space."""

    players: int
    scores: tuple[int, ...]
    ra: int
    last_space: int


class EpochStarted(GameEvent, frozen=True, kw_only=True):
    """An epoch begins: Ra on its start space, `start_player` to roll."""

    epoch: int
    start_player: int
    ra: int


class DiceRolled(GameEvent, frozen=True, kw_only=True):
    """The named dice were rolled (`roll` 1 is the first roll, 2-3 the rerolls)."""

    seat: int
    roll: int
    dice: tuple[int, ...]
    faces: tuple[str, ...]


class SunsLocked(GameEvent, frozen=True, kw_only=True):
    """Rules, Play: dice showing Suns go onto the Sun track in front of Ra, in this order.

    `spaces` are their Sun-track spaces (None: beside the track, past its last space);
    `suns` is the number of Suns locked this turn so far.
    """

    seat: int
    dice: tuple[int, ...]
    spaces: tuple[int | None, ...]
    suns: int


class RollingStopped(GameEvent, frozen=True, kw_only=True):
    """The player kept the dice and starts applying them."""

    seat: int


class PharaohAdvanced(GameEvent, frozen=True, kw_only=True):
    """Rules, Pharaoh: the marker moved `spaces` forward using the dice."""

    seat: int
    dice: tuple[int, ...]
    spaces: int
    position: int


class NileAdvanced(GameEvent, frozen=True, kw_only=True):
    """Rules, Nile: the marker (and its flood markers) moved `spaces` forward."""

    seat: int
    dice: tuple[int, ...]
    spaces: int
    position: int


class NileFlooded(GameEvent, frozen=True, kw_only=True):
    """Rules, Nile: a flood marker was put on the player's Nile marker."""

    seat: int
    dice: tuple[int, ...]
    floods: int


class CivilizationPlaced(GameEvent, frozen=True, kw_only=True):
    """Rules, Civilization: markers placed on these colour spaces using the dice."""

    seat: int
    dice: tuple[int, ...]
    colours: tuple[str, ...]


class MonumentPlaced(GameEvent, frozen=True, kw_only=True):
    """Rules, Monuments: one marker placed on the space (row `colour`, `column`)."""

    seat: int
    dice: tuple[int, ...]
    colour: str
    column: int


class AnkhPairScored(GameEvent, frozen=True, kw_only=True):
    """Rules, Ankh: a pair of unused Ankhs scored `points`."""

    seat: int
    dice: tuple[int, ...]
    points: int


class DisasterDeclared(GameEvent, frozen=True, kw_only=True):
    """Rules, Disaster: the player with four or five Suns declared this disaster."""

    seat: int
    disaster: str


class PharaohRetreated(GameEvent, frozen=True, kw_only=True):
    """Rules, Disaster: Pharaoh: a victim's Pharaoh marker moved back (not below 0)."""

    seat: int
    spaces: int
    position: int


class FloodRetrieved(GameEvent, frozen=True, kw_only=True):
    """Rules, Disaster: Nile: a victim took back one flood marker."""

    seat: int
    floods: int


class NileRetreated(GameEvent, frozen=True, kw_only=True):
    """Rules, Disaster: Nile: a victim without flood marker moved back (not below 0)."""

    seat: int
    spaces: int
    position: int


class MarkersRemoved(GameEvent, frozen=True, kw_only=True):
    """Rules, Disaster: a victim's markers were taken from the area (chosen or forced)."""

    seat: int
    area: str
    spaces: tuple[Space, ...]
    chosen: bool


class SunsScored(GameEvent, frozen=True, kw_only=True):
    """Rules, Ra: three Suns score points instead of moving Ra."""

    seat: int
    suns: int
    points: int


class RaAdvanced(GameEvent, frozen=True, kw_only=True):
    """Rules, Ra: one or two Suns move Ra that many spaces (it stops on the last space)."""

    seat: int
    spaces: int
    position: int


class TurnEnded(GameEvent, frozen=True, kw_only=True):
    """The turn is over; `next_seat` rolls next (after any epoch scoring)."""

    seat: int
    next_seat: int


class EpochScored(GameEvent, frozen=True, kw_only=True):
    """Rules, Scoring an Epoch: points per seat and area; `totals` is their sum per seat.

    `pharaoh_after` holds the Pharaoh markers after the scoring moves (+5: back 2, -2: on 1).
    """

    epoch: int
    pharaoh: tuple[int, ...]
    nile: tuple[int, ...]
    civilization: tuple[int, ...]
    monuments: tuple[int, ...]
    totals: tuple[int, ...]
    pharaoh_after: tuple[int, ...]


class GameEnded(GameEvent, frozen=True, kw_only=True):
    """Rules, Game End: after the third epoch; the most points win (ties share)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]


RaEvent = (
    GameStarted
    | EpochStarted
    | DiceRolled
    | SunsLocked
    | RollingStopped
    | PharaohAdvanced
    | NileAdvanced
    | NileFlooded
    | CivilizationPlaced
    | MonumentPlaced
    | AnkhPairScored
    | DisasterDeclared
    | PharaohRetreated
    | FloodRetrieved
    | NileRetreated
    | MarkersRemoved
    | SunsScored
    | RaAdvanced
    | TurnEnded
    | EpochScored
    | GameEnded
)
"""Every Ra event, as a tagged union (the class name is the event's name)."""

SCORING_EVENTS = (AnkhPairScored, SunsScored, EpochScored)
"""The only events that change a score."""
