"""Hera und Zeus properties over random legal games.

Random games end; every turn spends all its points or the game ends with that player's
loss; the 86 cards are always all somewhere; no view or redacted event shows a seat a
card it may not see (tracked here from the rules, independently of views.py); a rebuild
equals the live state; legal_moves and decide agree on probe moves.
"""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.contracts.errors import IllegalMove
from shared.games.herazeus import GAME
from shared.games.herazeus import events as ev
from shared.games.herazeus import moves as mv
from shared.games.herazeus.components import CARDS, FIGURE
from shared.games.herazeus.flow import STUCK
from shared.games.herazeus.state import HeraZeusState
from shared.games.rng import Rng
from tests.gamekit import start

SEEDS = st.integers(0, 2**20)
OPTIONS = st.sampled_from([{}, {"first": "zeus"}, {"figure_removal": "pegasus"}])
VIEWERS = (0, 1, None)


def every_card(s: HeraZeusState) -> list[int]:
    """Every card in every zone (the figure is not a card)."""
    found = [
        c
        for seat in (0, 1)
        for c in (*s.decks[seat], *s.hands[seat], *s.discards[seat], *s.pending[seat])
    ]
    found += [c for seat in (0, 1) for column in s.fields[seat] for c, _ in column if c != FIGURE]
    if s.placing is not None:
        found.append(s.placing)
    return found


def may_see(s: HeraZeusState, seat: int | None) -> set[int]:
    """What the rules let a seat see: its hand and field, face-up cards, discard piles."""
    seen = {c for p in (0, 1) for column in s.fields[p] for c, up in column if up or p == seat}
    seen |= {c for p in (0, 1) for c in (*s.discards[p], *s.pending[p])}
    if seat is not None:
        seen |= set(s.hands[seat])
    if s.placing is not None:
        seen.add(s.placing)
    return seen - {FIGURE}


def event_cards(event: Any) -> set[int]:
    """Card ids an event names."""
    data = msgspec.structs.asdict(event)
    found: set[int] = set()
    for key in ("card", "attacker", "defender", "take"):
        if isinstance(data.get(key), int):
            found.add(data[key])
    for key in ("cards", "order"):
        for item in data.get(key, ()):
            found.add(item[1] if isinstance(item, tuple) else item)
    for lost in data.get("lost", ()):
        found |= set(lost)
    return found


def view_cards(value: Any) -> set[int]:
    """Card ids a view names (card dicts carry a back and an id)."""
    found: set[int] = set()

    def walk(o: Any) -> None:
        if isinstance(o, dict):
            if "back" in o and isinstance(o.get("id"), int):
                found.add(o["id"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    walk(msgspec.to_builtins(value))
    return found


def check_event(
    before: HeraZeusState, after: HeraZeusState, event: Any, counted: bool = True
) -> None:
    """Counts conserved, and each seat's copy of the event names only cards it may see."""
    if counted:
        assert sorted(every_card(after)) == list(range(len(CARDS)))
    for seat in VIEWERS:
        shown = GAME.redact(event, seat)
        assert shown is not None
        if isinstance(shown, ev.DeckShuffled):
            assert shown.order == ()  # the deck order: nobody
        allowed = may_see(before, seat) | may_see(after, seat)
        if isinstance(event, ev.HostageShown):
            allowed.add(event.card)  # RULES: shown to the opponent
        if isinstance(event, ev.HandShown) and seat in (event.seat, event.to):
            allowed |= set(event.cards)
        assert event_cards(shown) <= allowed, (type(event).__name__, seat)


def check_views(s: HeraZeusState) -> None:
    """Views show only what the seat may see; the opponent's hand only as a count."""
    for seat in VIEWERS:
        v = GAME.view(s, seat)
        assert view_cards(v) <= may_see(s, seat)
        for p in v.players:
            assert (p.hand is not None) == (p.seat == seat)
            assert p.hand_count == len(s.hands[p.seat])


def probes(s: HeraZeusState, seat: int, rng: Rng) -> list[Any]:
    """Moves of every type with plausible and implausible arguments."""
    hand = list(s.hands[seat]) or [0]

    def c() -> int:
        return rng.choice(hand) if rng.randint(0, 4) else rng.randint(0, len(CARDS) - 1)

    def r() -> int:
        return rng.randint(-1, 3)

    def p() -> int:
        return rng.randint(-1, 4)

    pile = list(s.discards[seat]) or [0]
    return [
        mv.Draw(),
        mv.Challenge(column=r()),
        mv.PlayCard(card=c(), column=r(), position=p()),
        mv.PlayHeraZeus(card=c(), column=r()),
        mv.RemoveFigure(pegasus=rng.choice([None, c()])),
        mv.PegasusHand(card=c()),
        mv.PegasusRow(card=c(), column=r()),
        mv.PythiaSpy(card=c()),
        mv.PythiaReveal(card=c(), column=r()),
        mv.PlaySirens(card=c()),
        mv.PlayHades(card=c(), take=rng.choice(pile)),
        mv.PlayPersephone(card=c()),
        mv.PlayDionysus(card=c(), column=r(), position=p(), to_column=r(), to_position=p()),
        mv.PlacePicked(column=r()),
        mv.PlaceOpening(cards=tuple(rng.sample(hand, min(3, len(hand))))),
        mv.DiscardNext(card=rng.choice([*s.pending[seat], c()])),
    ]


def accepted(s: HeraZeusState, seat: int, move: Any) -> bool:
    try:
        GAME.decide(s, seat, move, Rng(0))
    except IllegalMove:
        return False
    return True


def check_ap(events: list[Any]) -> None:
    """Each turn spends all its points, or the game ends during it (a stuck player loses)."""
    seat, left = None, 0
    for e in events:
        if isinstance(e, ev.TurnBegan):
            assert seat is None or left == 0, "a turn passed with points unspent"
            seat, left = e.seat, e.ap
        elif isinstance(e, ev.ActionTaken):
            assert e.seat == seat and (e.action == "hera_zeus" or e.ap_left == left - 1)
            left = e.ap_left
            assert left >= 0
        elif isinstance(e, ev.GameWon) and e.reason == STUCK:
            assert left > 0 and e.winner == 1 - seat


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, options=OPTIONS)
def test_random_games_end_and_keep_every_invariant(seed: int, options: dict) -> None:
    opts = GAME.convert_options(options)
    state, events = start(GAME, 2, options, seed)
    prev = GAME.initial_state(2, opts)
    for e in events:  # during setup the second deck is not yet shuffled into place
        nxt = GAME.evolve(prev, e)
        check_event(prev, nxt, e, counted=False)
        prev = nxt
    assert sorted(every_card(state)) == list(range(len(CARDS)))
    bots = Rng(seed + 1)
    moves = 0
    while GAME.result(state) is None:
        seat = bots.choice(GAME.to_act(state))
        legal = GAME.legal_moves(state, seat)
        assert legal
        check_views(state)
        if moves % 3 == 0:
            for probe in probes(state, seat, bots):
                assert (probe in legal) == accepted(state, seat, probe), probe
        move = bots.choice(legal)
        new = GAME.decide(state, seat, move, Rng(seed * 7919 + moves))
        for e in new:
            after = GAME.evolve(state, e)
            check_event(state, after, e)
            state = after
        events += new
        moves += 1
        assert moves < 5_000, "the game did not end"
    check_views(state)
    check_ap(events)
    assert GAME.fold(2, opts, events) == state
    assert GAME.to_act(state) == [] and GAME.result(state).winners == [state.winner]
