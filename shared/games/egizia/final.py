"""Final scoring: stone sale, tombs, Sphinx cards (the "1 per 10" card last), then the ranking."""

from __future__ import annotations

from shared.games.egizia import events as ev
from shared.games.egizia.components import DATA, SphinxCard
from shared.games.egizia.ctx import Ctx
from shared.games.egizia.queries import colour, grain_fields, holds, own_stones
from shared.games.egizia.state import EgiziaState


def tomb_points(value: int) -> int:
    """Rulebook table: 1-10: 2, 11-20: 5, 21+: 9."""
    points = 0
    for threshold, pts in zip(DATA.tomb_thresholds, DATA.tomb_points, strict=True):
        if value >= threshold:
            points = pts
    return points


def tomb_value(state: EgiziaState, seat: int) -> int:
    """The summed tomb tiles, plus 8 for the "+8 tombs" card."""
    p = state.players[seat]
    bonus = DATA.tomb_bonus_card if holds(p, "tombs_bonus") is not None else 0
    return sum(p.tombs) + bonus


def _richest(state: EgiziaState, seat: int, source: str) -> int:
    p = state.players[seat]
    if source == "quarry":
        return sum(DATA.nile[c].amount for c in p.cards if DATA.nile[c].effect == "quarry")
    want = {"green": 0, "yellow": 1, "brown": 2}[source]
    return sum(DATA.nile[f].amount for f in grain_fields(p) if colour(p, f) == want)


def sphinx_points(state: EgiziaState, seat: int, card: SphinxCard) -> int:
    """The points one Sphinx card gives at the end (0 if its condition is not met)."""
    c = card.condition
    p = state.players[seat]
    if c == "obelisk_row":
        # assumed: a row is "besetzt" as soon as one of its fields holds a stone
        return (
            card.points
            if any(
                s is not None and v == card.row
                for s, v in zip(state.obelisk, DATA.obelisk, strict=True)
            )
            else 0
        )
    if c == "pyramid_done":
        return card.points if all(s is not None for r in state.pyramid for s in r) else 0
    if c == "temple_done":
        return card.points if all(s is not None for s in state.temple) else 0
    if c == "tombs_done":
        return card.points if state.tombs_taken >= len(state.tombs) else 0
    if c == "pyramid_row":
        return card.points if all(s is not None for s in state.pyramid[card.row - 1]) else 0
    if c == "pillars_done":
        n = 2 * len(DATA.temple_pillar)
        return card.points if all(s is not None for s in state.temple[:n]) else 0
    if c == "last_level_any":
        bottom = DATA.track_levels(card.track) - 1
        k = sum(1 for q in state.players if getattr(q, card.track) == bottom)
        return card.table[k - 1] if k else 0
    if c == "own_stones":
        return card.points if own_stones(state, seat, card.building) >= card.at_least else 0
    if c == "each_building":
        ok = all(
            own_stones(state, seat, b) >= card.at_least for b in ("obelisk", "pyramid", "temple")
        )
        return card.points if ok else 0
    if c == "tomb_stones":
        return card.points * len(p.tombs)
    if c == "crew":
        return p.crews[card.crew]
    if c == "richest":
        mine = _richest(state, seat, card.source)
        best = max(_richest(state, s, card.source) for s in range(state.seats))
        return card.points if mine > 0 and mine >= best else 0
    if c == "last_level_own":
        bottom = DATA.track_levels(card.track) - 1
        return card.points if getattr(p, card.track) == bottom else 0
    if c == "permanents":
        count = sum(
            1
            for cid in p.cards
            if DATA.nile[cid].kind == "permanent"
            and DATA.nile[cid].effect not in ("grain", "quarry")
        )
        return card.points * count
    if c == "ten_percent":
        return max(0, p.score) // DATA.ten_percent_step * card.points
    raise ValueError(c)


def final_scoring(ctx: Ctx) -> None:
    """Rules, Schlusswertung: seats in tile order 4, 3, 2, 1; each does its three steps."""
    state = ctx.state
    for seat in sorted(range(state.seats), key=lambda s: -state.players[s].tile):
        p = ctx.state.players[seat]
        selling_from = DATA.stone_sale_levels - DATA.stone_sale_selling_rows
        if p.stone_sale >= selling_from and p.stones >= DATA.final_stone_rate:
            ctx.emit(
                ev.StonesSold(seat=seat, stones=p.stones, points=p.stones // DATA.final_stone_rate)
            )
        value = tomb_value(ctx.state, seat)
        if value:
            ctx.emit(ev.TombsScored(seat=seat, value=value, points=tomb_points(value)))
        cards = sorted(p.sphinx, key=lambda c: DATA.sphinx[c].condition == "ten_percent")
        for card_id in cards:
            points = sphinx_points(ctx.state, seat, DATA.sphinx[card_id])
            ctx.emit(ev.SphinxCardScored(seat=seat, card=card_id, points=points))
        ctx.emit(ev.FinalScored(seat=seat, score=ctx.state.players[seat].score))
    final = ctx.state
    ranking = tuple(final.score_order())
    ctx.emit(ev.GameEnded(ranking=ranking, scores=tuple(q.score for q in final.players)))
