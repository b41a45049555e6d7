"""view, redact and prompt: the only places hidden information is removed.

Hidden: the kinds of the bonus cards in a hand (only its holder sees them; others see the
count), the deck's order (nobody), the demand tiles below each market's top (nobody).
Everything else lies open on the table.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from shared.games.istanbul import events as ev
from shared.games.istanbul.components import GOODS, NAMES, N, gem_rubies, sultan_rubies
from shared.games.istanbul.legal import gem_price, post_gain, sultan_cost
from shared.games.istanbul.rules import to_act
from shared.games.istanbul.state import IstanbulState, Player
from shared.games.prompts import Prompt, phrase


class PlaceView(msgspec.Struct, frozen=True, kw_only=True):
    """One place on the grid and who stands there (seats)."""

    number: int
    name: str
    row: int
    col: int
    merchants: list[int]
    assistants: list[int]
    families: list[int]
    neutrals: int
    governor: bool
    smuggler: bool


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's pieces; `hand` is None except for the seat itself."""

    seat: int
    money: int
    goods: dict[str, int]
    capacity: int
    extensions: int
    rubies: int
    merchant: int
    stack: int
    assistants: list[int]
    reserve: int
    family: int
    tiles: list[str]
    hand_count: int
    hand: list[str] | None = None


class MarketView(msgspec.Struct, frozen=True, kw_only=True):
    """A market's current demand (the tile below is hidden) and its payouts."""

    demand: dict[str, int]
    tiles: int
    payout: list[int]


class IstanbulView(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one seat (None: a spectator) may see of a game."""

    game: str
    seat: int | None
    phase: str
    active: int
    start: int
    round: int
    to_act: list[int]
    prompt: str
    layout: str
    ruby_target: int
    places: list[PlaceView]
    players: list[PlayerView]
    action_place: int
    dice: list[int]
    call: int
    catches: list[int]
    used: list[str]
    done: int
    deck_count: int
    discard: list[str]
    large_market: MarketView
    small_market: MarketView
    mail: int
    post_office: dict[str, int]
    sultan_cost: list[str]
    sultan_rubies: int
    gem_price: int
    gem_rubies: int
    wainwright_rubies: int
    mosque_rubies: list[int]
    mosque_tiles: dict[str, list[int]]
    ranks: list[int]


def _goods(goods: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(GOODS, goods, strict=True))


def _market(goods: tuple[int, ...], tiles: int, payout: tuple[int, ...]) -> MarketView:
    return MarketView(demand=_goods(goods), tiles=tiles, payout=list(payout))


def _player(seat: int, p: Player, viewer: int | None) -> PlayerView:
    return PlayerView(
        seat=seat, money=p.money, goods=_goods(p.goods), capacity=p.capacity,
        extensions=p.extensions, rubies=p.rubies, merchant=p.merchant, stack=p.stack,
        assistants=list(p.assistants), reserve=p.reserve, family=p.family, tiles=list(p.tiles),
        hand_count=len(p.hand), hand=list(p.hand) if seat == viewer else None,
    )  # fmt: skip


def _place(s: IstanbulState, pos: int, number: int) -> PlaceView:
    ps = list(enumerate(s.players))
    return PlaceView(
        number=number, name=NAMES[number], row=pos // 4, col=pos % 4,
        merchants=[i for i, p in ps if p.merchant == number],
        assistants=[i for i, p in ps if number in p.assistants],
        families=[i for i, p in ps if p.family == number],
        neutrals=len(s.neutrals_at(number)),
        governor=s.governor == number, smuggler=s.smuggler == number,
    )  # fmt: skip


def view(state: IstanbulState, seat: int | None) -> IstanbulView:
    """What that seat may see: its own hand; everything else but hidden orders."""
    s = state
    goods, lira = post_gain(s.mail) if s.players else ((0, 0, 0, 0), 0)
    large = N.large_demand[s.large[0]] if s.large else (0, 0, 0, 0)
    small = N.small_demand[s.small[0]] if s.small else (0, 0, 0, 0)
    return IstanbulView(
        game="istanbul", seat=seat, phase=s.phase, active=s.active, start=s.start,
        round=s.round, to_act=to_act(s), prompt=prompt(s, seat), layout=s.layout,
        ruby_target=N.ruby_target[s.seats],
        places=[_place(s, pos, number) for pos, number in enumerate(s.grid)],
        players=[_player(i, p, seat) for i, p in enumerate(s.players)],
        action_place=s.place, dice=list(s.dice), call=s.call, catches=list(s.catches),
        used=list(s.used), done=s.done, deck_count=len(s.deck), discard=list(s.discard),
        large_market=_market(large, len(s.large), N.large_payout),
        small_market=_market(small, len(s.small), N.small_payout),
        mail=s.mail, post_office={**_goods(goods), "lira": lira},
        sultan_cost=list(sultan_cost(s)), sultan_rubies=sultan_rubies(s.seats) - s.sultan_taken,
        gem_price=gem_price(s), gem_rubies=gem_rubies(s.seats) - s.gem_taken,
        wainwright_rubies=s.wainwright_left, mosque_rubies=list(s.mosque_left),
        mosque_tiles={g: list(st) for g, st in zip(GOODS, s.stacks, strict=True)},
        ranks=list(s.ranks),
    )  # fmt: skip


def redact(event: ev.IstanbulEvent, seat: int | None) -> ev.IstanbulEvent:
    """The event as that seat may see it: shuffled orders and others' drawn cards emptied."""
    if isinstance(event, ev.DemandShuffled | ev.DeckShuffled):
        return replace(event, order=())
    if isinstance(event, ev.CardDrawn) and event.source == "deck" and event.seat != seat:
        return replace(event, card=None)
    return event


PHASES = ("move", "arrive", "action", "caravan", "dice", "encounter", "governor")


def prompt_code(state: IstanbulState, seat: int | None) -> Prompt:
    """What the seat is asked now, as a code of prompts.toml."""
    if state.over:
        return Prompt("over")
    if seat != state.active:
        return Prompt("wait_for", {"seat": state.active})
    return Prompt(state.phase if state.phase in PHASES else "wait")


def prompt(state: IstanbulState, seat: int | None) -> str:
    """A short phrase of what the seat is asked now (English)."""
    return phrase(__package__, prompt_code(state, seat))
