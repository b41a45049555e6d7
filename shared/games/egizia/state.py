"""The Egizia state: frozen Structs folded from events."""

from __future__ import annotations

import msgspec


class EgiziaOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Options: `variant` drops the Nile card "+2 Sphinx cards" and the Sphinx "1 per 10"."""

    variant: bool = False


class Player(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One seat's tableau, cards, markers and per-round flags."""

    tile: int = 0
    score: int = 0
    stamp: int = 0
    stones: int = 0
    crews: tuple[int, ...] = (1, 1, 1, 2)
    used: tuple[bool, ...] = (False, False, False, False)
    stone_sale: int = 0
    grain_market: int = 0
    cards: tuple[int, ...] = ()
    upgrades: tuple[int, ...] = ()
    sphinx: tuple[int, ...] = ()
    tombs: tuple[int, ...] = ()
    ships: int = 0
    last_stop: int = -1
    flags: tuple[str, ...] = ()
    built: tuple[int, ...] = ()


class Site(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A site: berths (nearest the Nile first), reserve ships in arrival order, card marks."""

    berths: tuple[int | None, ...] = ()
    reserve: tuple[int, ...] = ()
    safe: tuple[int, ...] = ()
    first: int | None = None


class Candidate(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A ship waiting to build here: seat and how it stands (berth, reserve, safe, first)."""

    seat: int
    how: str


class Pending(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The decision the game waits for: who, what kind, and its context."""

    seat: int
    kind: str
    steps: int = 0
    site: int = -1
    origin: str = ""
    second: bool = False


class Build(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The build in progress at a site: crews and boost cards chosen, value built so far."""

    seat: int
    site: int
    how: str = "berth"
    slot_used: bool = False
    crews: tuple[int, ...] = ()
    boosts: tuple[int, ...] = ()
    strength: int = 0
    value: int = 0
    placed: int = 0
    drawn: tuple[int, ...] = ()


class EgiziaState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The whole game state."""

    seats: int
    variant: bool = False
    # The rules version the table plays (docs/games/egizia.md, "Rules versions"): 1 is
    # without the two rulings of version 2 (join card on an own ship, participation).
    rules: int = 2
    round: int = 0
    phase: str = "setup"
    ring: int = 1
    next_stamp: int = 1
    players: tuple[Player, ...] = ()
    river_cards: tuple[int | None, ...] = ()
    occupancy: tuple[tuple[int, ...], ...] = ()
    sites: tuple[Site, ...] = ()
    nile_decks: tuple[tuple[int, ...], ...] = ((), (), ())
    sphinx_deck: tuple[int, ...] = ()
    tombs: tuple[int, ...] = ()
    tombs_taken: int = 0
    obelisk: tuple[int | None, ...] = ()
    pyramid: tuple[tuple[int | None, ...], ...] = ()
    temple: tuple[int | None, ...] = ()
    pending: Pending | None = None
    build: Build | None = None
    site: int = -1
    queue: tuple[Candidate, ...] = ()
    free_slots: int = 0
    feed_queue: tuple[int, ...] = ()
    leftover_done: bool = False
    over: bool = False
    ranking: tuple[int, ...] = ()

    def order(self) -> list[int]:
        """Seats in order-tile order (tile 1 first)."""
        return sorted(range(self.seats), key=lambda s: self.players[s].tile)

    def score_order(self) -> list[int]:
        """Seats from the front of the score track: more points first, earlier arrival first."""
        return sorted(
            range(self.seats), key=lambda s: (-self.players[s].score, self.players[s].stamp)
        )
