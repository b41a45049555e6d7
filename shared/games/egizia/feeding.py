"""Phase 3 decisions: a seat that cannot feed its crews may use its helping cards."""

from __future__ import annotations

from shared.contracts.errors import IllegalMove
from shared.games.egizia import events as ev
from shared.games.egizia.cards import do_card
from shared.games.egizia.components import DATA
from shared.games.egizia.ctx import Ctx
from shared.games.egizia.effects import gain_stones
from shared.games.egizia.flow import continue_feeding, resolve_feeding
from shared.games.egizia.moves import AcceptFeeding, PlayNileCard, TradeStonesForGrain
from shared.games.egizia.queries import grain, holds, strength
from shared.games.egizia.state import EgiziaState


def missing(state: EgiziaState, seat: int) -> int:
    """Grain still missing for the seat being fed (with the extra grain gained so far)."""
    assert state.pending is not None
    have = grain(state, seat) + state.pending.steps
    return max(0, strength(state.players[seat]) - have)


def check_trade(state: EgiziaState, seat: int, move: TradeStonesForGrain) -> None:
    """Stones-for-grain card: 1:1, at most the missing grain and the stones held."""
    p = state.players[seat]
    if holds(p, "stones_for_grain") is None:
        raise IllegalMove("you do not hold the stones-for-grain card", code="card_not_held")
    if not 1 <= move.count <= min(p.stones, missing(state, seat)):
        raise IllegalMove("trade 1 up to the missing grain", code="bad_count")


def do_trade(ctx: Ctx, seat: int, move: TradeStonesForGrain) -> None:
    """Pay the stones, count them as grain, and feed again."""
    assert ctx.state.pending is not None
    extra = ctx.state.pending.steps + move.count
    gain_stones(ctx, seat, -move.count, "grain")
    _refeed(ctx, seat, extra)


def do_feed_card(ctx: Ctx, seat: int, move: PlayNileCard) -> None:
    """+4 grain or a grain-field upgrade during feeding, then feed again."""
    assert ctx.state.pending is not None
    extra = ctx.state.pending.steps
    do_card(ctx, seat, move)
    if DATA.nile[move.card].effect == "grain_plus":
        extra += DATA.nile[move.card].amount
    _refeed(ctx, seat, extra)


def _refeed(ctx: Ctx, seat: int, extra: int) -> None:
    if not resolve_feeding(ctx, seat, extra):
        continue_feeding(ctx)


def check_accept(state: EgiziaState, seat: int, move: AcceptFeeding) -> None:
    """Declining the helping cards is always allowed (the penalty follows)."""


def do_accept(ctx: Ctx, seat: int, move: AcceptFeeding) -> None:
    """Rules phase 3: lose points per missing grain by the grain-market position."""
    state = ctx.state
    assert state.pending is not None
    p = state.players[seat]
    have = grain(state, seat) + state.pending.steps
    need = strength(p)
    lack = need - have
    ctx.emit(
        ev.FeedingPenalty(
            seat=seat,
            grain=have,
            strength=need,
            missing=lack,
            points=lack * DATA.grain_penalty[p.grain_market],
        )
    )
    continue_feeding(ctx)
