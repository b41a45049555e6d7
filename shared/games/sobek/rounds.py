"""Round set-up, deliveries, round end, scoring and the bribery penalty."""

from __future__ import annotations

from shared.games.rng import Rng
from shared.games.sobek.components import CARDS, CHIPS, GREEN_CARDS, PILE_CARDS, RULES, symbol_at
from shared.games.sobek.events import (
    BriberyPenalty,
    GameEnded,
    GoodsDelivered,
    HandsBribed,
    RoundEnded,
    RoundPrepared,
    RoundScored,
    TurnBegan,
)
from shared.games.sobek.flow import Step, end_turn, refs, to_act
from shared.games.sobek.sets import score
from shared.games.sobek.state import SobekState


def prepare(seats: int, round_no: int, scores: tuple[int, ...], rng: Rng) -> list:
    """Rules, Spielvorbereitung / Neue Runde: the events that set up a round."""
    greens = rng.shuffled(GREEN_CARDS)
    per = RULES.green_per_player
    hands = tuple(tuple(greens[per * s : per * (s + 1)]) for s in range(seats))
    set_aside = tuple(greens[per * seats :])
    pile = tuple(rng.shuffled(PILE_CARDS))
    if seats == 2:  # Rules, Spielvorbereitung 5: the first 9 cards stay out with 2 players
        set_aside += pile[: RULES.removed_two_players]
        pile = pile[RULES.removed_two_players :]
    chips = tuple(sorted(rng.sample([c.id for c in CHIPS], RULES.chips_per_round)))
    start = chooser = None
    if round_no == 1:  # Rules, Spielvorbereitung 8: a random start player
        start = rng.randint(0, seats - 1)
    else:  # Neue Runde + online clarification: random among the tied last players
        low = min(scores)
        chooser = rng.choice([s for s in range(seats) if scores[s] == low])
    prepared = RoundPrepared(
        round=round_no,
        hands=tuple(refs(h) for h in hands),
        set_aside=refs(set_aside),
        pile=refs(pile),
        pile_size=len(pile),
        chips=chips,
        start_player=start,
        chooser=chooser,
    )
    events: list = [prepared, delivery(pile, 1)]
    if start is not None:
        events.append(TurnBegan(seat=start))
    return events


def delivery(pile: tuple[int, ...], number: int) -> GoodsDelivered:
    """Rules, Spielvorbereitung 6: 9 cards from the pile, laid from the temple end.

    The first card drawn lies at the temple; the row lists the cards nearest field zero
    first, so it is the drawn cards in reverse (assumed: field zero lies away from the temple).
    """
    drawn = pile[: RULES.quay_size]
    return GoodsDelivered(delivery=number, row=refs(tuple(reversed(drawn))))


def after_take(step: Step, rng: Rng) -> None:
    """Rules, Anlieferung / Ende der Runde: an empty row is refilled, or the round ends."""
    s = step.state
    if s.row:
        end_turn(step)
    elif s.pile:
        step.emit(delivery(s.pile, s.deliveries + 1))
        end_turn(step)
    else:
        step.emit(RoundEnded(round=s.round))
        settle_if_done(step, rng)


def settle_if_done(step: Step, rng: Rng) -> None:
    """When nobody may still lay sideways sets: hands to pots, scoring, penalty, next round."""
    if to_act(step.state):
        return
    s = step.state
    # Rules, Ende der Runde: the cards still in hand go under the pot.
    step.emit(HandsBribed(hands=tuple(refs(h) for h in s.hands)))
    s = step.state
    points = tuple(sum(score(laid) for laid in s.sets[p]) for p in range(s.seats))
    scores = tuple(s.scores[p] + points[p] for p in range(s.seats))
    bribes = tuple(s.bribes(p) for p in range(s.seats))
    scarabs = tuple(sum(CARDS[c].scarabs for c in s.pots[p]) for p in range(s.seats))
    step.emit(
        RoundScored(
            round=s.round, points=points, scores=scores, bribes=bribes, bribe_scarabs=scarabs
        )
    )
    for seat in most_corrupt(bribes, scarabs):
        step.emit(penalty(seat, points[seat], scores[seat]))
    finish_or_continue(step, rng)


def most_corrupt(bribes: tuple[int, ...], scarabs: tuple[int, ...]) -> list[int]:
    """Rules, Hinweise: most bribery cards; tie: more scarabs in the pot; still tied: all.

    Assumed: with no bribery card anywhere nobody is penalised.
    """
    top = max(bribes)
    if top == 0:
        return []
    tied = [p for p, b in enumerate(bribes) if b == top]
    best = max(scarabs[p] for p in tied)
    return [p for p in tied if scarabs[p] == best]


def previous_field(score_now: int, symbol: str) -> int | None:
    """The nearest lower field with that symbol, None if there is none above field 0."""
    for field in range(score_now - 1, -1, -1):
        if symbol_at(field) == symbol:
            return field
    return None


def next_field(score_now: int, symbol: str) -> int:
    """The nearest higher field with that symbol (the track wraps past 100)."""
    field = score_now + 1
    while symbol_at(field) != symbol:
        field += 1
    return field


def penalty(seat: int, round_points: int, landing: int) -> BriberyPenalty:
    """Rules, Minuspunkte wegen Bestechung: back 1 field of the landing symbol per full 10.

    Never below 0: with no lower field of that symbol the stone stops on field 0.
    """
    tens = round_points // RULES.penalty_per
    symbol = symbol_at(landing)
    field = landing
    for _ in range(tens):
        lower = previous_field(field, symbol)
        field = 0 if lower is None else lower
    return BriberyPenalty(
        seat=seat,
        round_points=round_points,
        tens=tens,
        symbol=symbol,
        score_from=landing,
        score_to=field,
    )


def is_game_over(state: SobekState) -> bool:
    """Rules, Spielende: after round 3, or after round 2 when someone has more than 100."""
    if state.round >= RULES.rounds:
        return True
    return state.round == RULES.early_end_round and max(state.scores) > RULES.early_end_above


def finish_or_continue(step: Step, rng: Rng) -> None:
    """End the game, or prepare the next round for the player furthest behind to start."""
    s = step.state
    if is_game_over(s):
        top = max(s.scores)
        winners = tuple(p for p in range(s.seats) if s.scores[p] == top)
        step.emit(GameEnded(scores=s.scores, winners=winners))
        return
    for event in prepare(s.seats, s.round + 1, s.scores, rng):
        step.emit(event)
