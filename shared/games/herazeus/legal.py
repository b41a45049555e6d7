"""The checks of every move (one per move type) and the candidate moves legal_moves tries.

A check reads the state and raises IllegalMove with a rule code; it never changes anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import permutations
from typing import Any

from shared.contracts.errors import IllegalMove
from shared.games.herazeus import moves as mv
from shared.games.herazeus.components import FIGURE, N, card, is_type
from shared.games.herazeus.state import HeraZeusState
from shared.games.kit import need

S = HeraZeusState

NEVER_CHALLENGE = ("hostage", "medusa", "pandora")
"""RULES, The Challenge: Io, Argus, Medusa, Pandora (and the figures) never initiate."""


def _holds(s: S, seat: int, card_id: int, type_: str) -> None:
    need(card_id in s.hands[seat], "card_not_in_hand", "that card is not in your hand")
    need(is_type(card_id, type_), "wrong_card", f"that card is not {type_}")


def _column_index(col: int) -> None:
    need(0 <= col < N.columns, "no_such_column", "columns are 0, 1 and 2")


def _challenges_open(s: S, seat: int) -> None:
    need(
        s.turns[seat] >= N.first_challenge_turn,
        "first_turn",
        "challenges start with your second turn",
    )


def room(s: S, seat: int, col: int) -> bool:
    """The column takes one more card (figure counted as a place)."""
    return len(s.column(seat, col)) < N.column_depth


def check_opening(s: S, seat: int, m: mv.PlaceOpening) -> None:
    """RULES, The Playing Field: 3 different hand cards that can lie on the field."""
    need(not s.opened[seat], "already_placed", "your first row is already placed")
    usable = [c for c in s.hands[seat] if card(c).on_field]
    need(
        len(m.cards) == min(N.opening_row, len(usable)),
        "opening_size",
        f"place {min(N.opening_row, len(usable))} cards",
    )
    need(len(set(m.cards)) == len(m.cards), "duplicate_card", "each card once")
    need(all(c in usable for c in m.cards), "card_not_in_hand", "field cards from your hand")


def check_draw(s: S, seat: int, m: mv.Draw) -> None:
    """RULES, Draw: only while the deck lasts and the hand holds fewer than 12."""
    need(s.decks[seat], "deck_empty", "your deck is exhausted")
    need(len(s.hands[seat]) < N.hand_limit, "hand_full", "your hand holds 12 cards")


def _insert_ok(s: S, seat: int, col: int, position: int, length: int) -> None:
    need(0 <= position <= length, "no_such_position", "a place in or at the end of the column")
    front = s.front(seat, col)
    need(
        not (position == 0 and front == FIGURE),
        "figure_fixed",
        "nothing goes in front of the figure",
    )


def check_play(s: S, seat: int, m: mv.PlayCard) -> None:
    """RULES, Play a card: a strength card into any place of a column with fewer than 4."""
    need(m.card in s.hands[seat], "card_not_in_hand", "that card is not in your hand")
    need(card(m.card).on_field, "myth_only", "a mythology-only card never goes to the field")
    _column_index(m.column)
    need(room(s, seat, m.column), "column_full", "a column holds at most 4 cards")
    _insert_ok(s, seat, m.column, m.position, len(s.column(seat, m.column)))


def check_challenge(s: S, seat: int, m: mv.Challenge) -> None:
    """RULES, The Challenge: row 1 against row 1 opposite, from the second turn on."""
    _column_index(m.column)
    _challenges_open(s, seat)
    mine, theirs = s.front(seat, m.column), s.front(1 - seat, m.column)
    need(mine is not None and theirs is not None, "empty_column", "both columns need a card")
    need(FIGURE not in (mine, theirs), "figure_blocks", "no challenge across a figure")
    assert mine is not None
    need(
        card(mine).type not in NEVER_CHALLENGE,
        "cannot_challenge",
        f"{card(mine).name} never initiates a challenge",
    )


def check_hera_zeus(s: S, seat: int, m: mv.PlayHeraZeus) -> None:
    """RULES, Hera and Zeus: the figure goes into a column that has cards and room."""
    _holds(s, seat, m.card, "hera_zeus")
    need(not s.has_figure(seat), "figure_in_play", "your figure is already on the field")
    _column_index(m.column)
    need(s.column(seat, m.column), "empty_column", "not into an empty column")
    need(room(s, seat, m.column), "column_full", "not into a column of 4")


def check_remove_figure(s: S, seat: int, m: mv.RemoveFigure) -> None:
    """RULES, Hera and Zeus: 1 AP, or (optional rule) a Pegasus from the hand."""
    need(s.has_figure(seat), "no_figure", "your figure is not on the field")
    if s.figure_removal == "pegasus":
        need(m.pegasus is not None, "needs_pegasus", "this table removes it with a Pegasus")
        assert m.pegasus is not None
        _holds(s, seat, m.pegasus, "pegasus")
    else:
        need(m.pegasus is None, "no_pegasus_needed", "this table removes it for 1 AP alone")


def check_pegasus_hand(s: S, seat: int, m: mv.PegasusHand) -> None:
    """RULES, Pegasus: a random card of the opponent's hand; a challenge (not on turn 1)."""
    _holds(s, seat, m.card, "pegasus")
    _challenges_open(s, seat)
    need(s.hands[1 - seat], "empty_hand", "the opponent holds no cards")


def check_pegasus_row(s: S, seat: int, m: mv.PegasusRow) -> None:
    """RULES, Pegasus: the opponent's row-1 card or figure; a challenge (not on turn 1)."""
    _holds(s, seat, m.card, "pegasus")
    _challenges_open(s, seat)
    _column_index(m.column)
    need(s.front(1 - seat, m.column) is not None, "empty_column", "that column is empty")


def check_pythia_spy(s: S, seat: int, m: mv.PythiaSpy) -> None:
    """RULES, Pythia: look at the opponent's hand (allowed on the first turn)."""
    _holds(s, seat, m.card, "pythia")
    need(s.hands[1 - seat], "empty_hand", "the opponent holds no cards")


def check_pythia_reveal(s: S, seat: int, m: mv.PythiaReveal) -> None:
    """RULES, Pythia: turn over one opponent column (one that holds cards)."""
    _holds(s, seat, m.card, "pythia")
    _column_index(m.column)
    need(s.column(1 - seat, m.column), "empty_column", "that column is empty")


def sirens_target(s: S, seat: int) -> int | None:
    """The top of the opponent's discard pile if Sirens may take it (strength 1-7)."""
    pile = s.discards[1 - seat]
    if not pile:
        return None
    strength = card(pile[-1]).strength
    if strength is None or not N.sirens_min <= strength <= N.sirens_max:
        return None
    return pile[-1]


def check_sirens(s: S, seat: int, m: mv.PlaySirens) -> None:
    """RULES, Sirens: only when the opponent's top discard has strength 1-7."""
    _holds(s, seat, m.card, "sirens")
    need(sirens_target(s, seat) is not None, "nothing_to_take", "no strength 1-7 card on top")


def check_hades(s: S, seat: int, m: mv.PlayHades) -> None:
    """RULES, Hades: any card of one's own discard pile (Hades itself is not there yet)."""
    _holds(s, seat, m.card, "hades")
    need(m.take in s.discards[seat], "not_discarded", "that card is not on your discard pile")


def pegasus_to_take(s: S, seat: int) -> list[int]:
    """Persephone: the Pegasus cards she brings back (up to 3, within the hand limit)."""
    found = [c for c in reversed(s.discards[seat]) if is_type(c, "pegasus")]
    space = N.hand_limit - (len(s.hands[seat]) - 1)
    return found[: min(N.persephone_takes, space)]


def check_persephone(s: S, seat: int, m: mv.PlayPersephone) -> None:
    """RULES, Persephone: at least one Pegasus must lie on the own discard pile."""
    _holds(s, seat, m.card, "persephone")
    need(pegasus_to_take(s, seat), "no_pegasus", "no Pegasus on your discard pile")


def check_dionysus(s: S, seat: int, m: mv.PlayDionysus) -> None:
    """RULES, Dionysus: one own card (never the figure) to another place; no 5th card."""
    _holds(s, seat, m.card, "dionysus")
    _column_index(m.column)
    _column_index(m.to_column)
    column = s.column(seat, m.column)
    need(0 <= m.position < len(column), "no_such_position", "no card there")
    need(column[m.position][0] != FIGURE, "figure_fixed", "the figure never moves")
    if m.to_column == m.column:
        length = len(column) - 1
        need(m.to_position != m.position, "no_change", "the card must move")
    else:
        need(room(s, seat, m.to_column), "column_full", "a column holds at most 4 cards")
        length = len(s.column(seat, m.to_column))
    need(0 <= m.to_position <= length, "no_such_position", "a place in the column")
    target = s.column(seat, m.to_column)
    if m.to_column == m.column:
        target = column[: m.position] + column[m.position + 1 :]
    need(
        not (m.to_position == 0 and target and target[0][0] == FIGURE),
        "figure_fixed",
        "nothing goes in front of the figure",
    )


def place_columns(s: S, holder: int) -> list[int]:
    """Columns whose row 1 may take a picked card: not full, no figure in front."""
    return [c for c in range(N.columns) if room(s, holder, c) and s.front(holder, c) != FIGURE]


def check_place_picked(s: S, seat: int, m: mv.PlacePicked) -> None:
    """RULES, Pegasus: not into a column of 4 or one with the figure in row 1."""
    _column_index(m.column)
    need(m.column in place_columns(s, 1 - seat), "column_closed", "that column cannot take it")


def check_discard_next(s: S, seat: int, m: mv.DiscardNext) -> None:
    """RULES, Pandora: each player orders only his own lost cards."""
    need(m.card in s.pending[seat], "not_pending", "that card is not waiting for your pile")


CHECKS: dict[type, Callable[[S, int, Any], None]] = {
    mv.PlaceOpening: check_opening,
    mv.Draw: check_draw,
    mv.PlayCard: check_play,
    mv.Challenge: check_challenge,
    mv.PlayHeraZeus: check_hera_zeus,
    mv.RemoveFigure: check_remove_figure,
    mv.PegasusHand: check_pegasus_hand,
    mv.PegasusRow: check_pegasus_row,
    mv.PythiaSpy: check_pythia_spy,
    mv.PythiaReveal: check_pythia_reveal,
    mv.PlaySirens: check_sirens,
    mv.PlayHades: check_hades,
    mv.PlayPersephone: check_persephone,
    mv.PlayDionysus: check_dionysus,
    mv.PlacePicked: check_place_picked,
    mv.DiscardNext: check_discard_next,
}


def _opening_candidates(s: S, seat: int) -> Iterator[Any]:
    usable = [c for c in s.hands[seat] if card(c).on_field]
    for cards in permutations(usable, min(N.opening_row, len(usable))):
        yield mv.PlaceOpening(cards=cards)


def _card_candidates(s: S, seat: int, c: int) -> Iterator[Any]:
    info = card(c)
    cols = range(N.columns)
    if info.on_field:
        for col in cols:
            for pos in range(len(s.column(seat, col)) + 1):
                yield mv.PlayCard(card=c, column=col, position=pos)
    kind = info.type
    if kind == "hera_zeus":
        yield from (mv.PlayHeraZeus(card=c, column=col) for col in cols)
    elif kind == "pegasus":
        yield mv.PegasusHand(card=c)
        yield from (mv.PegasusRow(card=c, column=col) for col in cols)
        yield mv.RemoveFigure(pegasus=c)
    elif kind == "pythia":
        yield mv.PythiaSpy(card=c)
        yield from (mv.PythiaReveal(card=c, column=col) for col in cols)
    elif kind == "sirens":
        yield mv.PlaySirens(card=c)
    elif kind == "hades":
        yield from (mv.PlayHades(card=c, take=t) for t in dict.fromkeys(s.discards[seat]))
    elif kind == "persephone":
        yield mv.PlayPersephone(card=c)
    elif kind == "dionysus":
        for col in cols:
            for pos in range(len(s.column(seat, col))):
                for to in cols:
                    for tp in range(len(s.column(seat, to)) + 1):
                        yield mv.PlayDionysus(
                            card=c, column=col, position=pos, to_column=to, to_position=tp
                        )


def candidates(s: S, seat: int) -> Iterator[Any]:
    """Every move worth checking now (legal_moves keeps those whose check passes)."""
    if s.phase == "opening":
        yield from _opening_candidates(s, seat)
    elif s.phase == "order":
        yield from (mv.DiscardNext(card=c) for c in s.pending[seat])
    elif s.phase == "place":
        yield from (mv.PlacePicked(column=c) for c in range(N.columns))
    elif s.phase == "turn":
        yield mv.Draw()
        yield from (mv.Challenge(column=c) for c in range(N.columns))
        yield mv.RemoveFigure()
        for c in dict.fromkeys(s.hands[seat]):
            yield from _card_candidates(s, seat, c)


def passes(s: S, seat: int, move: Any) -> bool:
    """The move passes its check."""
    try:
        CHECKS[type(move)](s, seat, move)
    except IllegalMove:
        return False
    return True


def can_act(s: S, seat: int) -> bool:
    """The seat has at least one legal move in the turn phase."""
    return any(passes(s, seat, m) for m in candidates(s, seat))
