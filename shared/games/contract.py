"""The game contract: the small functional interface every game package exposes.

A game is a "decider": state is a fold of events (`evolve`), a move is validated and
turned into events by `decide`, and hidden information is removed only by `view` and
`redact`. Seats are numbered 0..n-1 in table order. Rules code is pure: randomness comes
in as an `Rng`, never from a global, and nothing here does I/O.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec

from shared.contracts.errors import IllegalMove
from shared.games.prompts import Prompt
from shared.games.rng import Rng

__all__ = [
    "BotHooks",
    "GameEvent",
    "GameMove",
    "GameResult",
    "GameSpec",
    "IllegalMove",
    "Rng",
]


class GameEvent(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """Base of every game event; the class name is the event's name (`DiceRolled`)."""


class GameMove(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Base of every move a player can submit; the class name is the move's `type`."""


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """The final outcome: per-seat scores and ranks (1 = best; tied seats share a rank)."""

    scores: list[int]
    ranks: list[int]
    winners: list[int]
    forfeited: list[int] = []
    resigned: list[int] = []  # in the order they resigned (ranked last, the first lowest)


S = TypeVar("S")  # the game's state
M = TypeVar("M", bound=GameMove)  # its move (usually a union of GameMove Structs)
E = TypeVar("E", bound=GameEvent)  # its event (usually a union of GameEvent Structs)


@dataclass(frozen=True, slots=True)
class BotHooks:
    """A game's optional help for the bots (shared/bots; docs/bots.md), all pure.

    - `evaluate(state, seat)`: the seat's prospects in [0, 1] (0.5: even), read where a
      playout stops early and by the greedy bot; None: from `result` and `state.scores`.
    - `sample(state, seat, rng)`: a state the seat cannot tell from this one: everything it
      may not see (other hands, decks' order, face-down cards) redealt at random. It must
      depend only on what the seat may see. None: the game hides nothing.
    - `playout_moves`: moves a random playout runs before `evaluate` judges it.
    - `root_evaluation`: the strong bot first judges every legal move once with `evaluate`
      right after it (on one sampled state, no playout), then searches: for a game whose
      moves are more than the playouts a think time buys.
    - `random_move(state, seat, rng)`: one legal move, each as likely, or None; a random
      playout's step without listing every legal move (the game kit's `Rules.random_move`).
      None: `rng.choice(legal_moves(...))`.
    """

    evaluate: Callable[[Any, int], float] | None = None
    sample: Callable[[Any, int, Rng], Any] | None = None
    playout_moves: int = 200
    root_evaluation: bool = False
    random_move: Callable[[Any, int, Rng], Any] | None = None


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[S, M, E]):
    """Everything the platform needs to host a game; one instance per game package (`GAME`).

    Generic in the game's state `S`, move `M` and event `E`: a game declares
    `GAME: GameSpec[RaState, RaMove, RaEvent] = GameSpec(...)` (or lets the type be
    inferred) and its functions are checked against each other; the platform holds games as
    `GameSpec[Any, Any, Any]` (plain `GameSpec`).

    - `initial_state(seats, options)`: the empty state the setup events are folded onto.
    - `setup(seats, options, rng)`: the opening events (shuffles and deals recorded in them).
    - `evolve(state, event)`: the only way state changes.
    - `decide(state, seat, move, rng)`: the events a legal move causes, including everything
      the rules then do automatically up to the next decision; raises `IllegalMove`.
      An accepted move always yields at least one event.
    - `to_act(state)`: the seats that must decide now (empty when the game is over).
    - `legal_moves(state, seat)`: every move that seat may make now (empty if none).
    - `view(state, seat)`: what that seat (None: a spectator) may see, as a Struct.
    - `redact(event, seat)`: the event as that seat may see it, or None to hide it.
    - `result(state)`: the final result once the game is over, else None.
    - `prompt(state, seat)`: a short phrase of what the seat is asked ("choose a disaster"),
      in English (kept for older clients).
    - `prompt_code(state, seat)` (optional): the same as a `Prompt` (a code of the game's
      prompts.toml and its parameters), which the web client and the mails put in words.
    - `titles` (optional): the game's title in other languages (`{"de": ...}`).
    - `rematch_order(result, seats)` (optional): who sits where at a rematch, as the old
      seats in new seat order (a game whose rules say who starts, e.g. the loser).
    - `undoable(state_before, seat, move, events)` (optional): whether a move may be taken
      back at a table with take-backs; the platform already refuses a move that drew at
      random, ended the game or was followed by a bot's move, so this only has to refuse
      moves that revealed something the game hides. None: no move may be taken back.
    - `bot_hooks` (optional): evaluation and sampling for the bots (`BotHooks`).
    """

    name: str
    title: str
    rules_version: int
    min_players: int
    max_players: int
    options_type: type[msgspec.Struct]
    move_type: Any
    event_type: Any
    initial_state: Callable[[int, Any], S]
    setup: Callable[[int, Any, Rng], Sequence[E]]
    evolve: Callable[[S, E], S]
    decide: Callable[[S, int, M, Rng], Sequence[E]]
    to_act: Callable[[S], Sequence[int]]
    legal_moves: Callable[[S, int], Sequence[M]]
    view: Callable[[S, int | None], msgspec.Struct]
    redact: Callable[[E, int | None], E | None]
    result: Callable[[S], GameResult | None]
    prompt: Callable[[S, int], str]
    # What the seat is asked as a code with parameters (words in the game's prompts.toml).
    prompt_code: Callable[[S, int | None], Prompt] | None = None
    # The title in other languages than English, by language code.
    titles: dict[str, str] = dataclasses.field(default_factory=dict)
    # The old seats in the order they sit at a rematch (index: new seat); None: rotated,
    # everyone one seat on, so the second player starts (`rotated_seats`).
    rematch_order: Callable[[GameResult, int], Sequence[int]] | None = None
    # Whether a move (which drew nothing at random) may be taken back; None: never.
    undoable: Callable[[S, int, M, Sequence[E]], bool] | None = None
    # The game's help for the bots' search and evaluation; None: the generic bots.
    bot_hooks: BotHooks | None = None

    def seats_at_rematch(self, result: GameResult, seats: int) -> list[int]:
        """The old seats in new seat order for a rematch (the game's order, else rotated)."""
        order = list(self.rematch_order(result, seats)) if self.rematch_order else None
        if order is None or sorted(order) != list(range(seats)):
            return rotated_seats(seats)
        return order

    def fold(self, seats: int, options: Any, events: Sequence[E]) -> S:
        """The state after applying events to the initial state."""
        state = self.initial_state(seats, options)
        for event in events:
            state = self.evolve(state, event)
        return state

    def decode_move(self, raw: bytes | str) -> M:
        """A move from its JSON form; raises msgspec.ValidationError on a bad shape."""
        decoded: M = _json_decoder(self.move_type).decode(raw)
        return decoded

    def decode_event(self, raw: bytes | str) -> E:
        """An event from its JSON form."""
        decoded: E = _json_decoder(self.event_type).decode(raw)
        return decoded

    def convert_move(self, data: Any) -> M:
        """A move from already-decoded builtins (dicts and lists)."""
        return msgspec.convert(data, type=self.move_type)

    def convert_event(self, data: Any) -> E:
        """An event from already-decoded builtins."""
        return msgspec.convert(data, type=self.event_type)

    def convert_options(self, data: Any) -> msgspec.Struct:
        """Table options from builtins, defaults filled in."""
        return msgspec.convert(data or {}, type=self.options_type)


@functools.cache
def _json_decoder(type_: Any) -> msgspec.json.Decoder[Any]:
    """One decoder per type: building one for a union of moves costs ~80x a decode."""
    return msgspec.json.Decoder(type_)


def nothing_hidden(state: Any, seat: int, move: Any, events: Sequence[Any]) -> bool:
    """`undoable` of a game with no hidden information: every move that drew nothing at
    random may be taken back."""
    return True


def rotated_seats(seats: int) -> list[int]:
    """Everyone one seat on: the old seat 1 sits first, the old seat 0 last."""
    return [(seat + 1) % seats for seat in range(seats)]
