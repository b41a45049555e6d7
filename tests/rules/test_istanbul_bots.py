"""Istanbul's evaluation for the bots: lira are worth the rubies they buy, not more."""

from __future__ import annotations

from shared.games.istanbul.bots import evaluate, worth
from tests.rules.istanbul_fixtures import table, with_player


def test_even_seats_are_even() -> None:
    state = with_player(table(seats=2), 1, money=2)
    assert evaluate(state, 0) == evaluate(state, 1) == 0.5


def test_lira_beyond_the_dealers_rubies_count_little() -> None:
    """The 2-player losses to `random` before the fix: the strong bot sat on 200-300 lira
    with 2 rubies while its opponent reached the target; lira counted 0.06 a ruby each
    without bound. Now they count as the rubies the Gemstone Dealer sells (9 for 171 lira
    with two seats), and little beyond."""
    state = with_player(table(seats=2), 1, money=2)
    rich, richer = (with_player(state, 0, money=m, rubies=2) for m in (200, 400))
    assert worth(richer.players[0], richer) - worth(rich.players[0], rich) < 3.0
    assert worth(rich.players[0], rich) < 2 + 9


def test_a_ruby_held_counts_more_than_the_lira_it_costs() -> None:
    state = with_player(table(seats=2), 1, money=2)
    bought = with_player(state, 0, money=0, rubies=1)
    saved = with_player(state, 0, money=15, rubies=0)
    assert evaluate(bought, 0) > evaluate(saved, 0) > 0.5


def test_lira_count_towards_the_next_ruby() -> None:
    state = with_player(table(seats=2), 1, money=2)
    poorer, richer = (evaluate(with_player(state, 0, money=m), 0) for m in (5, 15))
    assert 0.5 < poorer < richer
