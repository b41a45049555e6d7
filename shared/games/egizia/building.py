"""Phase 5 decisions: crews, the Sphinx, Obelisk and tombs, Pyramid and Temple."""

from __future__ import annotations

from msgspec.structs import replace

from shared.contracts.errors import IllegalMove
from shared.games.egizia import events as ev
from shared.games.egizia.cards import ALLOWED, card_candidates, check_card
from shared.games.egizia.components import DATA, JOKER, SITES, TRACKS
from shared.games.egizia.ctx import Ctx
from shared.games.egizia.effects import move_marker
from shared.games.egizia.flow import continue_building
from shared.games.egizia.moves import (
    AssignCrew,
    BuildObelisk,
    BuildPyramid,
    BuildTemple,
    DrawSphinxCards,
    FinishBuild,
    KeepSphinxCards,
    PassBuild,
    TakeTomb,
)
from shared.games.egizia.queries import holds, next_obelisk, pyramid_spot, temple_ready
from shared.games.egizia.state import Build, EgiziaState, Pending
from shared.games.kit import fail


def _build(state: EgiziaState) -> Build:
    assert state.build is not None
    return state.build


def check_pass(state: EgiziaState, seat: int, move: PassBuild) -> None:
    """Rules: a player may give up building; not once stones are set."""
    if _build(state).placed:
        fail("already_built", "you have already built here")


def do_pass(ctx: Ctx, seat: int, move: PassBuild) -> None:
    """The ship leaves the site; a berth (or a used freed place) becomes free for the reserve."""
    b = _build(ctx.state)
    frees = b.how == "berth" or b.slot_used
    ctx.emit(ev.BuildDeclined(seat=seat, site=b.site, frees_place=frees))
    continue_building(ctx)


def check_assign(state: EgiziaState, seat: int, move: AssignCrew) -> None:
    """One crew per build (two with the card), plus the joker, never alone; each once a round."""
    b = _build(state)
    p = state.players[seat]
    if b.placed:
        fail("crews_before_building", "choose crews before building")
    if not 0 <= move.crew < 4:
        fail("no_such_crew", "crews are 0-2 and the joker 3")
    if p.used[move.crew] or move.crew in b.crews:
        fail("crew_already_used", "that crew has worked this round")
    normals = [c for c in b.crews if c != JOKER]
    if move.crew == JOKER:
        if not normals:
            fail("joker_never_alone", "the joker only joins another crew")
        return
    if normals and (len(normals) >= 2 or holds(p, "two_crews") is None):
        fail("one_crew_per_build", "one crew per build (two with the card)")


def do_assign(ctx: Ctx, seat: int, move: AssignCrew) -> None:
    """Add the crew's strength; a second normal crew uses up the two-crews card."""
    b = _build(ctx.state)
    p = ctx.state.players[seat]
    second = move.crew != JOKER and any(c != JOKER for c in b.crews)
    card = holds(p, "two_crews") if second else None
    ctx.emit(
        ev.CrewAssigned(
            seat=seat, crew=move.crew, card=card, strength=b.strength + p.crews[move.crew]
        )
    )


def _ready(state: EgiziaState, site: str) -> Build:
    b = _build(state)
    if SITES[b.site] != site:
        fail("wrong_site", "you cannot build that at this site")
    if not b.crews:
        fail("assign_a_crew_first", "choose a crew first")
    return b


def _fits(state: EgiziaState, seat: int, b: Build, value: int) -> None:
    if b.value + value > b.strength:
        fail("crew_too_weak", "the crew strength must cover the value built")
    if value > state.players[seat].stones:
        fail("not_enough_stones", "you need as many stones as the value")


def max_sphinx_paid(state: EgiziaState, seat: int) -> int:
    """Stones payable at the Sphinx: up to strength, at most 5 cards (+2 card: two free)."""
    b = _build(state)
    p = state.players[seat]
    extra = DATA.sphinx_extra if holds(p, "sphinx_plus") is not None else 0
    limit = min(b.strength, DATA.sphinx_draw_max - extra, p.stones, len(state.sphinx_deck))
    return max(limit, 0)


def check_draw(state: EgiziaState, seat: int, move: DrawSphinxCards) -> None:
    """Sphinx: pay 1 stone per card drawn (online: at least 1), strength and 5 cards the limit."""
    b = _ready(state, "sphinx")
    if b.placed:
        fail("already_built", "you have drawn already")
    if move.count < 1:
        fail("bad_count", "draw at least one card")
    if move.count > state.players[seat].stones:
        fail("not_enough_stones", "a stone per card")
    if move.count > max_sphinx_paid(state, seat):
        fail("too_many_cards", "no more cards than the crew's strength, at most 5")


def do_draw(ctx: Ctx, seat: int, move: DrawSphinxCards) -> None:
    """Draw the cards (two more with the +2 card, never more than 5)."""
    p = ctx.state.players[seat]
    extra = DATA.sphinx_extra if holds(p, "sphinx_plus") is not None else 0
    drawn = min(move.count + extra, DATA.sphinx_draw_max, len(ctx.state.sphinx_deck))
    ctx.emit(
        ev.SphinxCardsDrawn(
            seat=seat,
            cards=ctx.state.sphinx_deck[:drawn],
            paid=move.count,
            stones=p.stones - move.count,
        )
    )


def keep_limit(state: EgiziaState, seat: int) -> int:
    """One card kept, two with the keep-two card."""
    p = state.players[seat]
    return (
        DATA.sphinx_keep_with_card if holds(p, "keep_two_sphinx") is not None else DATA.sphinx_keep
    )


def check_keep(state: EgiziaState, seat: int, move: KeepSphinxCards) -> None:
    """Keep 0 or 1 (2) of the drawn cards."""
    drawn = _build(state).drawn
    if len(set(move.cards)) != len(move.cards) or any(c not in drawn for c in move.cards):
        fail("card_not_drawn", "keep only cards you drew")
    if len(move.cards) > keep_limit(state, seat):
        fail("too_many_kept", "you may keep one card (two with the card)")


def do_keep(ctx: Ctx, seat: int, move: KeepSphinxCards) -> None:
    """Returned cards go under the deck, a point each; the build ends."""
    drawn = _build(ctx.state).drawn
    kept = tuple(c for c in drawn if c in move.cards)
    returned = tuple(c for c in drawn if c not in move.cards)
    ctx.emit(ev.SphinxCardsKept(seat=seat, kept=kept, returned=returned, points=len(returned)))
    _finish(ctx, seat, None)


def check_obelisk(state: EgiziaState, seat: int, move: BuildObelisk) -> None:
    """Obelisk bottom-up: the lowest free field."""
    b = _ready(state, "obelisk")
    field = next_obelisk(state)
    if field is None:
        fail("obelisk_complete", "the obelisk is complete")
    _fits(state, seat, b, DATA.obelisk[field])


def do_obelisk(ctx: Ctx, seat: int, move: BuildObelisk) -> None:
    """A stone on the obelisk: stones and points equal to the value."""
    field = next_obelisk(ctx.state)
    assert field is not None
    value = DATA.obelisk[field]
    stones = ctx.state.players[seat].stones - value
    ctx.emit(ev.ObeliskBuilt(seat=seat, field=field, value=value, stones=stones))


def check_tomb(state: EgiziaState, seat: int, move: TakeTomb) -> None:
    """Tombs in order: the first open tile."""
    b = _ready(state, "obelisk")
    if state.tombs_taken >= len(state.tombs):
        fail("no_tomb_left", "all tombs are taken")
    _fits(state, seat, b, state.tombs[state.tombs_taken])


def do_tomb(ctx: Ctx, seat: int, move: TakeTomb) -> None:
    """Take the tile, reveal the next face-down one so that 4 stay open."""
    slot = ctx.state.tombs_taken
    value = ctx.state.tombs[slot]
    stones = ctx.state.players[seat].stones - value
    ctx.emit(ev.TombTaken(seat=seat, slot=slot, value=value, stones=stones))
    reveal = slot + DATA.tombs_open
    if reveal < len(ctx.state.tombs):
        ctx.emit(ev.TombRevealed(slot=reveal, value=ctx.state.tombs[reveal]))


def check_pyramid(state: EgiziaState, seat: int, move: BuildPyramid) -> None:
    """Pyramid rows from the left without gaps, on top of two built fields."""
    b = _ready(state, "pyramid")
    if not 0 <= move.row < len(DATA.pyramid_sizes):
        fail("no_such_row", "no such pyramid row")
    if pyramid_spot(state, move.row) is None:
        fail("pyramid_field_not_ready", "that row has no buildable field")
    _fits(state, seat, b, DATA.pyramid_values[move.row])


def do_pyramid(ctx: Ctx, seat: int, move: BuildPyramid) -> None:
    """A stone on the pyramid; a completed row scores its majority holder a point per stone."""
    pos = pyramid_spot(ctx.state, move.row)
    assert pos is not None
    value = DATA.pyramid_values[move.row]
    stones = ctx.state.players[seat].stones - value
    ctx.emit(ev.PyramidBuilt(seat=seat, row=move.row, position=pos, value=value, stones=stones))
    row = ctx.state.pyramid[move.row]
    if None not in row:
        winner = row_majority(row)
        ctx.emit(ev.PyramidRowScored(seat=winner, row=move.row, points=len(row)))


def row_majority(row: tuple[int | None, ...]) -> int:
    """Most stones in the row; a tie goes to the tied player with the first stone from the left."""
    counts = {s: row.count(s) for s in row if s is not None}
    best = max(counts.values())
    return next(s for s in row if s is not None and counts[s] == best)


def check_temple(state: EgiziaState, seat: int, move: BuildTemple) -> None:
    """Temple: pillars bottom-up, then columns, then the top."""
    b = _ready(state, "pyramid")
    if not 0 <= move.field < len(state.temple) or not temple_ready(state, move.field):
        fail("temple_field_not_ready", "that temple field cannot be built yet")
    _fits(state, seat, b, DATA.temple_values()[move.field])


def do_temple(ctx: Ctx, seat: int, move: BuildTemple) -> None:
    """A stone on the temple."""
    value = DATA.temple_values()[move.field]
    stones = ctx.state.players[seat].stones - value
    ctx.emit(ev.TempleBuilt(seat=seat, field=move.field, value=value, stones=stones))


def check_finish(state: EgiziaState, seat: int, move: FinishBuild) -> None:
    """A build ends after at least one stone; Obelisk/Tombs then move a marker down."""
    b = _build(state)
    site = SITES[b.site]
    if site == "sphinx":
        fail("wrong_site", "the Sphinx build ends when you keep cards")
    if not b.placed:
        fail("nothing_built", "build something or give up the place")
    if site == "obelisk" and move.marker not in TRACKS:
        fail("choose_a_marker", "move the stone-sale or the grain-market marker")
    if site == "pyramid" and move.marker is not None:
        fail("no_marker_here", "only Obelisk/Tombs move a marker")


def do_finish(ctx: Ctx, seat: int, move: FinishBuild) -> None:
    """Turn the crews over, move the marker, offer end-of-turn cards."""
    _finish(ctx, seat, move.marker)


def _finish(ctx: Ctx, seat: int, marker: str | None) -> None:
    b = _build(ctx.state)
    ctx.emit(ev.BuildFinished(seat=seat, site=b.site, crews=b.crews))
    if marker is not None:
        move_marker(ctx, seat, marker, 1)
    if end_cards(ctx.state, seat):
        ctx.emit(ev.BuildTurnEnding(seat=seat))
    else:
        continue_building(ctx)


def end_cards(state: EgiziaState, seat: int) -> bool:
    """Online: cards can be played at the end of a build turn; is there one to play?"""
    probe = replace(state, pending=Pending(seat=seat, kind="build_end"))
    for move in card_candidates(state, seat):
        if DATA.nile[move.card].effect not in ALLOWED["build_end"]:
            continue
        try:
            check_card(probe, seat, move)
        except IllegalMove:
            continue
        return True
    return False


def end_build_turn(ctx: Ctx) -> None:
    """The end-of-turn cards are done: the next builder."""
    continue_building(ctx)
