"""decide and legal_moves: one (check, do) pair per move and pending decision (the game kit)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from shared.games.egizia import building, cards, feeding, nile
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA, TRACKS
from shared.games.egizia.ctx import Ctx
from shared.games.egizia.events import EgiziaEvent
from shared.games.egizia.evolve import evolve
from shared.games.egizia.flow import after_placement
from shared.games.egizia.queries import holds, placements
from shared.games.egizia.state import EgiziaState
from shared.games.kit import Check, Do, Rules


def _do_turn_card(ctx: Ctx, seat: int, move: mv.PlayNileCard) -> None:
    """A card on the seat's own turn; in the open Nile turn the turn then goes on or passes."""
    pending = ctx.state.pending
    assert pending is not None
    cards.do_card(ctx, seat, move)
    if pending.kind == "nile_after" and DATA.nile[move.card].effect != "second_ship":
        after_placement(ctx, seat)


_CARD = (cards.check_card, _do_turn_card)

HANDLERS: dict[str, dict[type, tuple[Check[EgiziaState], Do[EgiziaState, EgiziaEvent]]]] = {
    "nile": {
        mv.PlaceShip: (nile.check_place, nile.do_place),
        mv.PlayNileCard: _CARD,
    },
    "nile_after": {
        mv.PlayNileCard: _CARD,
        mv.EndTurn: (nile.check_end_turn, nile.do_end_turn),
    },
    "crew": {mv.AdvanceCrew: (nile.check_advance, nile.do_advance)},
    "ring": {mv.MoveWaterRing: (nile.check_ring, nile.do_ring)},
    "leftover": {mv.TakeLeftoverCard: (nile.check_leftover, nile.do_leftover)},
    "feed": {
        mv.PlayNileCard: (cards.check_card, feeding.do_feed_card),
        mv.TradeStonesForGrain: (feeding.check_trade, feeding.do_trade),
        mv.AcceptFeeding: (feeding.check_accept, feeding.do_accept),
    },
    "build": {
        mv.PassBuild: (building.check_pass, building.do_pass),
        mv.AssignCrew: (building.check_assign, building.do_assign),
        mv.PlayNileCard: _CARD,
        mv.DrawSphinxCards: (building.check_draw, building.do_draw),
        mv.BuildObelisk: (building.check_obelisk, building.do_obelisk),
        mv.TakeTomb: (building.check_tomb, building.do_tomb),
        mv.BuildPyramid: (building.check_pyramid, building.do_pyramid),
        mv.BuildTemple: (building.check_temple, building.do_temple),
        mv.FinishBuild: (building.check_finish, building.do_finish),
    },
    "sphinx_keep": {mv.KeepSphinxCards: (building.check_keep, building.do_keep)},
    "build_end": {
        mv.PlayNileCard: _CARD,
        mv.EndTurn: (nile.check_end_turn, nile.do_end_turn),
    },
}


def _candidates(state: EgiziaState, seat: int) -> list[Any]:
    assert state.pending is not None
    kind = state.pending.kind
    out: list[Any] = []
    if kind == "nile":
        double = holds(state.players[seat], "double_city") is not None
        for stop, berth, _, _ in placements(state, seat):
            out.append(mv.PlaceShip(stop=stop, berth=berth))
            if double and DATA.field_at[stop] is None and DATA.site_at[stop] is None:
                out.append(mv.PlaceShip(stop=stop, doubled=True))
        out += cards.card_candidates(state, seat)
    elif kind in ("nile_after", "build_end"):
        out += cards.card_candidates(state, seat)
        out.append(mv.EndTurn())
    elif kind == "crew":
        out += [mv.AdvanceCrew(crew=c) for c in range(4)]
    elif kind == "ring":
        out += [mv.MoveWaterRing(direction=d) for d in (-1, 0, 1)]
    elif kind == "leftover":
        out += [mv.TakeLeftoverCard(field=f) for f in range(len(state.river_cards))]
        out.append(mv.TakeLeftoverCard())
    elif kind == "feed":
        out += cards.card_candidates(state, seat)
        out += [mv.TradeStonesForGrain(count=n) for n in range(1, feeding.missing(state, seat) + 1)]
        out.append(mv.AcceptFeeding())
    elif kind == "build":
        out.append(mv.PassBuild())
        out += [mv.AssignCrew(crew=c) for c in range(4)]
        out += cards.card_candidates(state, seat)
        out += [mv.DrawSphinxCards(count=n) for n in range(1, DATA.sphinx_draw_max + 1)]
        out += [mv.BuildObelisk(), mv.TakeTomb()]
        out += [mv.BuildPyramid(row=r) for r in range(len(DATA.pyramid_sizes))]
        out += [mv.BuildTemple(field=f) for f in range(len(state.temple))]
        out += [mv.FinishBuild(marker=m) for m in (None, *TRACKS)]
    elif kind == "sphinx_keep":
        assert state.build is not None
        drawn = state.build.drawn
        for k in range(building.keep_limit(state, seat) + 1):
            out += [mv.KeepSphinxCards(cards=c) for c in combinations(drawn, k)]
    return out


RULES: Rules[EgiziaState, Any, EgiziaEvent] = Rules(
    evolve=evolve,
    phase=lambda s: s.pending.kind if s.pending is not None else "",
    over=lambda s: s.over,
    to_act=lambda s: [] if s.pending is None else [s.pending.seat],
    handlers=HANDLERS,
    candidates=_candidates,
)
decide = RULES.decide
is_legal = RULES.is_legal
legal_moves = RULES.legal_moves
random_move = RULES.random_move  # a bot playout's step (BotHooks.random_move)
to_act = RULES.to_act
