"""view and redact: the only place hidden information (Sphinx cards, decks, tombs) is removed."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from shared.games.egizia import events as ev
from shared.games.egizia.components import DATA
from shared.games.egizia.queries import open_tombs
from shared.games.egizia.state import EgiziaState, Pending, Site

HIDDEN = -1


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One seat as the viewer sees it; Sphinx cards only its own (all once the game is over)."""

    tile: int
    score: int
    stamp: int
    stones: int
    crews: tuple[int, ...]
    used: tuple[bool, ...]
    stone_sale: int
    grain_market: int
    cards: tuple[int, ...]
    upgrades: tuple[int, ...]
    sphinx: tuple[int, ...]
    sphinx_count: int
    tombs: tuple[int, ...]
    ships: int
    last_stop: int
    flags: tuple[str, ...]
    built: tuple[int, ...]


class BuildView(msgspec.Struct, frozen=True, kw_only=True):
    """The build in progress; drawn Sphinx cards only for the drawer."""

    seat: int
    site: int
    crews: tuple[int, ...]
    boosts: tuple[int, ...]
    strength: int
    value: int
    drawn: tuple[int, ...]


class EgiziaView(msgspec.Struct, frozen=True, kw_only=True):
    """What one seat (None: a spectator) may see."""

    seat: int | None
    round: int
    phase: str
    ring: int
    players: tuple[PlayerView, ...]
    river_cards: tuple[int | None, ...]
    occupancy: tuple[tuple[int, ...], ...]
    sites: tuple[Site, ...]
    nile_deck_sizes: tuple[int, ...]
    sphinx_deck_size: int
    open_tombs: tuple[int, ...]
    tombs_taken: int
    tombs_face_down: int
    obelisk: tuple[int | None, ...]
    pyramid: tuple[tuple[int | None, ...], ...]
    temple: tuple[int | None, ...]
    pending: Pending | None
    build: BuildView | None
    over: bool
    ranking: tuple[int, ...]


def view(state: EgiziaState, seat: int | None) -> EgiziaView:
    """The state as `seat` may see it."""
    players = tuple(
        PlayerView(
            tile=p.tile,
            score=p.score,
            stamp=p.stamp,
            stones=p.stones,
            crews=p.crews,
            used=p.used,
            stone_sale=p.stone_sale,
            grain_market=p.grain_market,
            cards=p.cards,
            upgrades=p.upgrades,
            sphinx=p.sphinx if (s == seat or state.over) else (),
            sphinx_count=len(p.sphinx),
            tombs=p.tombs,
            ships=p.ships,
            last_stop=p.last_stop,
            flags=p.flags,
            built=p.built,
        )
        for s, p in enumerate(state.players)
    )
    build = None
    if state.build is not None:
        b = state.build
        build = BuildView(
            seat=b.seat,
            site=b.site,
            crews=b.crews,
            boosts=b.boosts,
            strength=b.strength,
            value=b.value,
            drawn=b.drawn if b.seat == seat else (HIDDEN,) * len(b.drawn),
        )
    open_end = min(len(state.tombs), state.tombs_taken + DATA.tombs_open)
    return EgiziaView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        ring=state.ring,
        players=players,
        river_cards=state.river_cards,
        occupancy=state.occupancy,
        sites=state.sites,
        nile_deck_sizes=tuple(len(d) for d in state.nile_decks),
        sphinx_deck_size=len(state.sphinx_deck),
        open_tombs=open_tombs(state),
        tombs_taken=state.tombs_taken,
        tombs_face_down=len(state.tombs) - open_end,
        obelisk=state.obelisk,
        pyramid=state.pyramid,
        temple=state.temple,
        pending=state.pending,
        build=build,
        over=state.over,
        ranking=state.ranking,
    )


def redact(event: ev.EgiziaEvent, seat: int | None) -> ev.EgiziaEvent | None:
    """The event as `seat` may see it: deck orders, others' Sphinx cards and hidden tombs masked."""
    if isinstance(event, ev.GameSetUp):
        return replace(
            event,
            sphinx_dealt=tuple(
                c if s == seat else HIDDEN for s, c in enumerate(event.sphinx_dealt)
            ),
            sphinx_deck=(),
            nile_decks=((), (), ()),
            tombs=tuple(v if i < DATA.tombs_open else HIDDEN for i, v in enumerate(event.tombs)),
        )
    if isinstance(event, ev.SphinxCardsDrawn) and event.seat != seat:
        return replace(event, cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, ev.SphinxCardsKept) and event.seat != seat:
        return replace(
            event,
            kept=(HIDDEN,) * len(event.kept),
            returned=(HIDDEN,) * len(event.returned),
        )
    return event
