"""evolve: one mutator per Sobek event, each returning a new frozen state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from shared.games.sobek import knowledge as kn
from shared.games.sobek import transfers
from shared.games.sobek.events import (
    BriberyPenalty,
    BribesRemoved,
    BribeTaken,
    CardDiscarded,
    CardsAdded,
    CardsDrawn,
    CardStolen,
    CardTaken,
    CharacterPlayed,
    CurseLaid,
    FloodChosen,
    GameEnded,
    GoodsDelivered,
    HandsBribed,
    KollegiumMoved,
    LayingFinished,
    PotEmbalmed,
    ProsperityPlaced,
    RoundEnded,
    RoundPrepared,
    RoundScored,
    SetLaid,
    SidewaysSetLaid,
    StartPlayerChosen,
    TurnBegan,
    VillainyScored,
    ids,
)
from shared.games.sobek.state import SobekState, at


def _round_prepared(s: SobekState, e: RoundPrepared) -> SobekState:
    n = s.seats
    hands = tuple(ids(h) for h in e.hands)
    s = replace(
        s,
        round=e.round,
        phase="choose_start" if e.chooser is not None else "turn",
        active=e.start_player if e.start_player is not None else s.active,
        chooser=e.chooser,
        pile=ids(e.pile),
        row=(),
        hands=hands,
        pots=((),) * n,
        sets=((),) * n,
        played=(),
        out=ids(e.set_aside),
        chips=tuple(c for c in e.chips if c is not None),
        chips_used=(),
        curses=(0,) * n,
        deliveries=0,
        delivered=(),
        vizier_victim=None,
        laying_done=(False,) * n,
        chips_seen=(False,) * n,
        last_points=s.last_points or (0,) * n,
    )
    if s.is_async:
        s = replace(s, knowledge=kn.fresh(s, hands))
    return s


def _goods_delivered(s: SobekState, e: GoodsDelivered) -> SobekState:
    row = ids(e.row)
    return replace(
        s,
        row=row,
        pile=s.pile[len(row) :],
        deliveries=e.delivery,
        delivered=s.delivered + row,
    )


def _start_player_chosen(s: SobekState, e: StartPlayerChosen) -> SobekState:
    return replace(s, chooser=None, active=e.start)


def _turn_began(s: SobekState, e: TurnBegan) -> SobekState:
    return replace(s, phase="turn", active=e.seat, vizier_victim=None)


def _kollegium_moved(s: SobekState, e: KollegiumMoved) -> SobekState:
    scores = at(s.scores, e.seat, e.score_to)
    if e.target is not None and e.target_to is not None:
        scores = at(scores, e.target, e.target_to)
    return _chip_used(replace(s, scores=scores), e.seat, e.chip)


def _chip_used(s: SobekState, seat: int, chip: int) -> SobekState:
    return replace(
        s,
        chips=tuple(c for c in s.chips if c != chip),
        chips_used=(*s.chips_used, chip),
        chips_seen=at(s.chips_seen, seat, True),
    )


def _flood_chosen(s: SobekState, e: FloodChosen) -> SobekState:
    return _chip_used(s, e.seat, e.chip)


def _curse_laid(s: SobekState, e: CurseLaid) -> SobekState:
    s = replace(s, curses=at(s.curses, e.target, s.curses[e.target] + 1))
    return _chip_used(s, e.seat, e.chip)


def _prosperity_placed(s: SobekState, e: ProsperityPlaced) -> SobekState:
    if e.onto is not None:
        old = s.sets[e.seat][e.onto]
        new = replace(old, prosperity=old.prosperity + 1)
        s = replace(s, sets=at(s.sets, e.seat, at(s.sets[e.seat], e.onto, new)))
    return _chip_used(s, e.seat, e.chip)


def _pot_embalmed(s: SobekState, e: PotEmbalmed) -> SobekState:
    return _chip_used(transfers.pot_to_hand(s, e.seat), e.seat, e.chip)


def _villainy_scored(s: SobekState, e: VillainyScored) -> SobekState:
    return _chip_used(replace(s, scores=at(s.scores, e.seat, e.score_to)), e.seat, e.chip)


def _round_ended(s: SobekState, e: RoundEnded) -> SobekState:
    return replace(s, phase="sideways", laying_done=(False,) * s.seats)


def _laying_finished(s: SobekState, e: LayingFinished) -> SobekState:
    return replace(s, laying_done=at(s.laying_done, e.seat, True))


def _round_scored(s: SobekState, e: RoundScored) -> SobekState:
    return replace(s, scores=e.scores, last_points=e.points)


def _bribery_penalty(s: SobekState, e: BriberyPenalty) -> SobekState:
    return replace(s, scores=at(s.scores, e.seat, e.score_to))


def _game_ended(s: SobekState, e: GameEnded) -> SobekState:
    return replace(s, phase="over", scores=e.scores, winners=e.winners)


MUTATORS: dict[type, Callable[[SobekState, Any], SobekState]] = {
    RoundPrepared: _round_prepared,
    GoodsDelivered: _goods_delivered,
    StartPlayerChosen: _start_player_chosen,
    TurnBegan: _turn_began,
    CardTaken: transfers.card_taken,
    SetLaid: transfers.set_laid,
    CardsAdded: transfers.cards_added,
    CharacterPlayed: transfers.character_played,
    CardsDrawn: transfers.cards_drawn,
    BribesRemoved: transfers.bribes_removed,
    BribeTaken: transfers.bribe_taken,
    CardStolen: transfers.card_stolen,
    CardDiscarded: transfers.card_discarded,
    KollegiumMoved: _kollegium_moved,
    FloodChosen: _flood_chosen,
    CurseLaid: _curse_laid,
    ProsperityPlaced: _prosperity_placed,
    PotEmbalmed: _pot_embalmed,
    VillainyScored: _villainy_scored,
    RoundEnded: _round_ended,
    SidewaysSetLaid: transfers.sideways_set_laid,
    LayingFinished: _laying_finished,
    HandsBribed: transfers.hands_bribed,
    RoundScored: _round_scored,
    BriberyPenalty: _bribery_penalty,
    GameEnded: _game_ended,
}


def evolve(state: SobekState, event: Any) -> SobekState:
    """The state after one event."""
    return MUTATORS[type(event)](state, event)
