"""The turn's course: drawing cards, rolling figures, arriving, encounters, the end."""

from __future__ import annotations

from shared.games.istanbul import events as ev
from shared.games.istanbul import moves as mv
from shared.games.istanbul.components import FOUNTAIN, GOODS, NONE, N, one
from shared.games.istanbul.events import IstanbulEvent as E
from shared.games.istanbul.state import IstanbulState
from shared.games.kit import Step

S = IstanbulState


def roll(step: Step[S, E]) -> tuple[int, int]:
    """Two dice from the table's seeded generator."""
    return (step.rng.randint(1, 6), step.rng.randint(1, 6))


def place_figure(step: Step[S, E], figure: str, index: int = 0) -> None:
    """Governor, smuggler or a neutral merchant to the place the dice show (FAQ 2, 3)."""
    dice = roll(step)
    step.emit(ev.FigurePlaced(figure=figure, index=index, place=sum(dice), dice=dice))


def draw(step: Step[S, E], seat: int) -> bool:
    """The deck's top card to the seat; an empty deck is first refilled from the discard
    pile (B02, assumed U6). False when there is no card at all."""
    s = step.state
    if not s.deck and s.discard:
        order = tuple(step.rng.shuffled(s.discard))
        step.emit(ev.DeckShuffled(count=len(order), order=order))
    if not step.state.deck:
        return False
    step.emit(ev.CardDrawn(seat=seat, source="deck", card=step.state.deck[0]))
    return True


def gain(
    step: Step[S, E], seat: int, goods: tuple[int, int, int, int], why: str, lira: int = 0
) -> None:
    """Goods (and Lira) to a seat; goods above capacity are lost (P04)."""
    p = step.state.players[seat]
    got = tuple(min(g, p.capacity - have) for g, have in zip(goods, p.goods, strict=True))
    if any(got) or lira:
        step.emit(ev.Changed(seat=seat, why=why, lira=lira, goods=got))  # type: ignore[arg-type]


def gain_good(step: Step[S, E], seat: int, good: str, why: str, lira: int = 0) -> None:
    """One good of a kind (and Lira)."""
    gain(step, seat, one(good), why, lira)


def arrive(step: Step[S, E], seat: int) -> None:
    """After the move: the Fountain needs no assistant and pays no one (T06); elsewhere the
    assistant step must be possible (T05) or the turn ends at once."""
    s = step.state
    p = s.players[seat]
    if s.place == FOUNTAIN:
        open_action(step, FOUNTAIN)
    elif s.place not in p.assistants and p.stack == 0:
        end_turn(step)


def open_action(step: Step[S, E], place: int) -> None:
    """Phase 3 at the place; skipped by itself when there is nothing to choose."""
    step.emit(ev.PhaseChanged(phase="action", place=place))
    settle(step)


def to_encounters(step: Step[S, E]) -> None:
    """Phase 4: other family members at the merchant's place are caught (T10; not at the
    Police Station), then the governor and smuggler may be used."""
    s = step.state
    here = s.me().merchant
    caught = tuple(
        seat
        for seat, p in enumerate(s.players)
        if seat != s.active and p.family == here and here != 12
    )
    if caught:
        step.emit(ev.CatchesFound(seats=caught))
    step.emit(ev.PhaseChanged(phase="encounter"))
    settle(step)


def settle(step: Step[S, E]) -> None:
    """Move on by itself where the rules leave only one choice: skip an action nobody can
    carry out, end a turn with nothing left to do."""
    from shared.games.istanbul.legal import candidates, is_legal  # the checks read flow

    s = step.state
    if s.phase not in ("action", "encounter"):
        return
    options = {type(m) for m in candidates(s, s.active) if is_legal(s, s.active, m)}
    if s.phase == "action" and options <= {mv.Skip}:
        to_encounters(step)
    elif s.phase == "encounter" and options <= {mv.EndTurn}:
        end_turn(step)


def end_turn(step: Step[S, E]) -> None:
    """The next seat clockwise; once the round that reached the ruby target is over, the end."""
    s = step.state
    step.emit(ev.TurnFinished(seat=s.active))
    following = (s.active + 1) % s.seats
    target = N.ruby_target[s.seats]
    if following == s.start and any(p.rubies >= target for p in s.players):
        finish(step)
        return
    step.emit(ev.TurnBegan(seat=following, round=s.round + (following == s.start)))


def finish(step: Step[S, E]) -> None:
    """T19 (assumed U5): Lira and goods cards still count; playing them can only improve a
    rank (Lira and goods come before cards in the tie-break), so they are played for everyone.
    Then the ranking (T20): rubies, Lira, goods, bonus cards; equal keys share a rank."""
    for seat in range(step.state.seats):
        for card in step.state.players[seat].hand:
            if card == "lira5":
                step.emit(ev.CardDiscarded(seat=seat, card=card, played=True))
                step.emit(ev.Changed(seat=seat, why="card", lira=N.lira5_amount))
        while "good" in step.state.players[seat].hand:
            p = step.state.players[seat]
            room = [g for g, have in zip(GOODS, p.goods, strict=True) if have < p.capacity]
            if not room:
                break
            step.emit(ev.CardDiscarded(seat=seat, card="good", played=True))
            step.emit(ev.Changed(seat=seat, why="card", goods=one(room[0])))
    players = step.state.players
    keys = [(p.rubies, p.money, sum(p.goods), len(p.hand)) for p in players]
    ranks = tuple(1 + sum(other > mine for other in keys) for mine in keys)
    step.emit(
        ev.GameEnded(
            scores=tuple(p.rubies for p in players),
            lira=tuple(p.money for p in players),
            goods=tuple(sum(p.goods) for p in players),
            cards=tuple(len(p.hand) for p in players),
            ranks=ranks,
        )
    )


__all__ = ["NONE", "arrive", "draw", "end_turn", "gain", "open_action", "roll", "settle"]
