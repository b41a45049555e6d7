"""Egizia events: past tense, named by the rulebook; each carries the values it sets."""

from __future__ import annotations

from typing import Annotated

import msgspec

from shared.games.contract import GameEvent

# A NileCardPlayed flag: what the card did ("safe:N": site N is safe this round).
CardFlag = Annotated[str, msgspec.Meta(pattern=r"^(|crew_plus|pay_crew|first|safe:[0-9]+)$")]


class GameSetUp(GameEvent, frozen=True, kw_only=True):
    """Order tiles, start stones, Sphinx deal, shuffled decks, dealt tombs (decks hidden)."""

    tiles: tuple[int, ...]
    stones: tuple[int, ...]
    sphinx_dealt: tuple[int, ...]
    sphinx_deck: tuple[int, ...]
    nile_decks: tuple[tuple[int, ...], ...]
    tombs: tuple[int, ...]
    berths: int


class NileCardsLaid(GameEvent, frozen=True, kw_only=True):
    """Phase 1: a new round begins and 10 Nile cards are laid from the top field down."""

    round: int
    cards: tuple[int, ...]


class NileTurnBegan(GameEvent, frozen=True, kw_only=True):
    """A seat is to place a ship (or take a remaining card: kind "leftover")."""

    seat: int
    kind: str = "nile"
    second: bool = False


class ShipPlaced(GameEvent, frozen=True, kw_only=True):
    """A ship on a stop; at a site on a berth (0 nearest the Nile) or on reserve (berth None)."""

    seat: int
    stop: int
    berth: int | None = None
    upstream: bool = False
    joined: bool = False


class NileCardTaken(GameEvent, frozen=True, kw_only=True):
    """A Nile card taken from its field (kept if permanent or anytime)."""

    seat: int
    card: int
    field: int
    kept: bool


class NileCardPlayed(GameEvent, frozen=True, kw_only=True):
    """An anytime card used up, or a once-per-round permanent card used this round."""

    seat: int
    card: int
    consumed: bool
    flag: CardFlag = ""


class RemainingCardDeclined(GameEvent, frozen=True, kw_only=True):
    """The holder of the "remaining card" card takes none this time."""

    seat: int


class CityVisited(GameEvent, frozen=True, kw_only=True):
    """A ship on a round field: the city's action runs (twice when doubled)."""

    seat: int
    city: str
    doubled: bool = False


class ChoiceOffered(GameEvent, frozen=True, kw_only=True):
    """The seat must choose: "crew" (advance a crew) or "ring" (move the ring), steps left."""

    seat: int
    kind: str
    steps: int
    origin: str


class ChoiceClosed(GameEvent, frozen=True, kw_only=True):
    """The pending choice is finished."""

    seat: int


class CrewAdvanced(GameEvent, frozen=True, kw_only=True):
    """A crew moves right on the tableau to a new strength."""

    seat: int
    crew: int
    strength: int


class WaterRingMoved(GameEvent, frozen=True, kw_only=True):
    """The water ring moves to position 0 (left), 1 (middle) or 2 (right)."""

    seat: int
    position: int


class MarkerMoved(GameEvent, frozen=True, kw_only=True):
    """A marker moves down the stone sale or the grain market."""

    seat: int
    track: str
    position: int


class BottomFieldReached(GameEvent, frozen=True, kw_only=True):
    """A step onto (or beyond) a bottom field: 3 stones (stone sale) or 2 points (grain)."""

    seat: int
    track: str
    stones: int
    points: int
    stones_now: int


class StonesGained(GameEvent, frozen=True, kw_only=True):
    """Stones added to (or removed from) a tableau, capped at 25; `stones` is the new count."""

    seat: int
    delta: int
    stones: int
    reason: str


class PointsScored(GameEvent, frozen=True, kw_only=True):
    """Points from a card or a sale (not from building, which has its own events)."""

    seat: int
    points: int
    reason: str


class GrainFieldImproved(GameEvent, frozen=True, kw_only=True):
    """A grain upgrade card is assigned to a yellow-green or brown field."""

    seat: int
    field: int


class ShipsReturned(GameEvent, frozen=True, kw_only=True):
    """End of phase 2: ships leave the river except those on construction sites."""

    round: int


class FeedingBegan(GameEvent, frozen=True, kw_only=True):
    """Phase 3 starts; seats will be checked in this order (front of the score track first)."""

    order: tuple[int, ...]


class FeedingHelpOffered(GameEvent, frozen=True, kw_only=True):
    """A seat cannot feed its crews but holds a helping card (`extra` grain so far)."""

    seat: int
    extra: int = 0


class CrewsFed(GameEvent, frozen=True, kw_only=True):
    """A seat has at least as much grain as crew strength."""

    seat: int
    grain: int
    strength: int


class FeedingPenalty(GameEvent, frozen=True, kw_only=True):
    """A seat lacks grain and loses points per missing grain (grain-market position)."""

    seat: int
    grain: int
    strength: int
    missing: int
    points: int


class StonesProduced(GameEvent, frozen=True, kw_only=True):
    """Phase 4: quarries deliver stones, capped at 25."""

    seat: int
    produced: int
    stones: int


class SiteOpened(GameEvent, frozen=True, kw_only=True):
    """Phase 5: a site starts; ships will be asked in this order."""

    site: int
    queue: tuple[tuple[int, str], ...]


class BuildingTurnBegan(GameEvent, frozen=True, kw_only=True):
    """A ship's owner may build at the site (a reserve ship may use a freed place)."""

    seat: int
    site: int
    how: str = "berth"
    slot_used: bool = False


class ReserveShipSkipped(GameEvent, frozen=True, kw_only=True):
    """A reserve ship finds no freed place and does not build."""

    seat: int
    site: int


class CrewAssigned(GameEvent, frozen=True, kw_only=True):
    """A crew (or the joker, or a strength card) is added to the build; `strength` is the total."""

    seat: int
    crew: int | None
    card: int | None
    strength: int


class SphinxCardsDrawn(GameEvent, frozen=True, kw_only=True):
    """Sphinx cards drawn (seen only by the drawer); `paid` stones."""

    seat: int
    cards: tuple[int, ...]
    paid: int
    stones: int


class SphinxCardsKept(GameEvent, frozen=True, kw_only=True):
    """Kept cards (hidden from others) and returned cards under the deck, a point each."""

    seat: int
    kept: tuple[int, ...]
    returned: tuple[int, ...]
    points: int


class ObeliskBuilt(GameEvent, frozen=True, kw_only=True):
    """A stone on an obelisk field: value in stones and points."""

    seat: int
    field: int
    value: int
    stones: int


class TombTaken(GameEvent, frozen=True, kw_only=True):
    """The first open tomb tile taken (a stone on its place): value in stones and points."""

    seat: int
    slot: int
    value: int
    stones: int


class TombRevealed(GameEvent, frozen=True, kw_only=True):
    """A face-down tomb is turned face up so that 4 stay open."""

    slot: int
    value: int


class PyramidBuilt(GameEvent, frozen=True, kw_only=True):
    """A stone on the pyramid: row, position from the left, value."""

    seat: int
    row: int
    position: int
    value: int
    stones: int


class PyramidRowScored(GameEvent, frozen=True, kw_only=True):
    """A completed pyramid row: the majority holder scores a point per stone in it."""

    seat: int
    row: int
    points: int


class TempleBuilt(GameEvent, frozen=True, kw_only=True):
    """A stone on a temple field."""

    seat: int
    field: int
    value: int
    stones: int


class BuildTurnEnding(GameEvent, frozen=True, kw_only=True):
    """After building the seat may still play anytime cards before its turn ends."""

    seat: int


class BuildFinished(GameEvent, frozen=True, kw_only=True):
    """The build ends: crews turn over, boost cards leave the game."""

    seat: int
    site: int
    crews: tuple[int, ...]


class BuildDeclined(GameEvent, frozen=True, kw_only=True):
    """The seat gives up its place: the ship leaves the site and frees a place."""

    seat: int
    site: int
    frees_place: bool


class ParticipationBonus(GameEvent, frozen=True, kw_only=True):
    """Phase 6: 1/3/6 points for building on 1/2/3 sites."""

    seat: int
    sites: int
    points: int


class TurnOrderSet(GameEvent, frozen=True, kw_only=True):
    """Phase 7: new order tiles by score, lowest first, later arrival first; crews turn face up."""

    tiles: tuple[int, ...]


class StonesSold(GameEvent, frozen=True, kw_only=True):
    """Final scoring: stones sold 2:1 from the two lowest stone-sale rows."""

    seat: int
    stones: int
    points: int


class TombsScored(GameEvent, frozen=True, kw_only=True):
    """Final scoring: the summed tomb value scores 2/5/9."""

    seat: int
    value: int
    points: int


class SphinxCardScored(GameEvent, frozen=True, kw_only=True):
    """Final scoring: one Sphinx card, now revealed, and its points."""

    seat: int
    card: int
    points: int


class FinalScored(GameEvent, frozen=True, kw_only=True):
    """Final scoring of one seat is complete."""

    seat: int
    score: int


class GameEnded(GameEvent, frozen=True, kw_only=True):
    """The game is over: seats from first to last (never a draw)."""

    ranking: tuple[int, ...]
    scores: tuple[int, ...]


EgiziaEvent = (
    GameSetUp
    | NileCardsLaid
    | NileTurnBegan
    | ShipPlaced
    | NileCardTaken
    | NileCardPlayed
    | RemainingCardDeclined
    | CityVisited
    | ChoiceOffered
    | ChoiceClosed
    | CrewAdvanced
    | WaterRingMoved
    | MarkerMoved
    | BottomFieldReached
    | StonesGained
    | PointsScored
    | GrainFieldImproved
    | ShipsReturned
    | FeedingBegan
    | FeedingHelpOffered
    | CrewsFed
    | FeedingPenalty
    | StonesProduced
    | SiteOpened
    | BuildingTurnBegan
    | ReserveShipSkipped
    | CrewAssigned
    | SphinxCardsDrawn
    | SphinxCardsKept
    | ObeliskBuilt
    | TombTaken
    | TombRevealed
    | PyramidBuilt
    | PyramidRowScored
    | TempleBuilt
    | BuildTurnEnding
    | BuildFinished
    | BuildDeclined
    | ParticipationBonus
    | TurnOrderSet
    | StonesSold
    | TombsScored
    | SphinxCardScored
    | FinalScored
    | GameEnded
)
