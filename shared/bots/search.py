"""The strong bot: information-set Monte Carlo tree search over the game's pure rules.

Each iteration draws a state consistent with what the seat may see (`SeatKnowledge.sample`,
a determinization), walks an open-loop tree keyed by the moves played so far (so the
game's own dice and draws inside `decide` and the hidden cards differ from one iteration to
the next while the statistics are shared), expands one move, plays random moves for at most
the game's `playout_moves`, and scores the end with `estimate` for every seat on the path.
Selection is UCB1 over the moves legal in this iteration's state, with each move's
availability counted (SO-ISMCTS). The answer is the most visited move at the root.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import msgspec

from shared.bots.knowledge import Budget, SeatKnowledge, apply, estimate
from shared.contracts.errors import IllegalMove
from shared.games.rng import Rng

EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]


class _Edge:
    """One move out of a node: visits, summed reward of its mover, availability, child."""

    __slots__ = ("available", "child", "move", "reward", "visits")

    def __init__(self, move: Any) -> None:
        self.move = move
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.child: dict[bytes, _Edge] = {}


def _key(move: Any) -> bytes:
    return msgspec.json.encode(move)


def search(knowledge: SeatKnowledge, legal: Sequence[Any], budget: Budget, rng: Rng) -> Any:
    """The most visited of `legal` after searching within `budget`."""
    if len(legal) == 1:
        return legal[0]
    spec, seat, hooks = knowledge.spec, knowledge.seat, knowledge.hooks
    root: dict[bytes, _Edge] = {}
    root_keys = [(_key(m), m) for m in legal]
    playouts = _judge_root(knowledge, root, root_keys, budget, rng) if hooks.root_evaluation else 0
    while not budget.spent(playouts):
        playouts += 1
        state = knowledge.sample(rng)
        path: list[tuple[_Edge, int]] = []
        node = root
        expanded = False
        try:
            while spec.result(state) is None:
                if node is root:
                    mover, options = seat, root_keys
                else:
                    due = spec.to_act(state)
                    if not due:
                        break
                    mover = due[0]
                    options = [(_key(m), m) for m in spec.legal_moves(state, mover)]
                    if not options:
                        break
                fresh = [(k, m) for k, m in options if k not in node]
                for k, _ in options:
                    if k in node:
                        node[k].available += 1
                if fresh:
                    k, move = fresh[rng.randint(0, len(fresh) - 1)]
                    edge = node[k] = _Edge(move)
                    expanded = True
                else:
                    edge = max((node[k] for k, _ in options), key=_ucb)
                    move = edge.move
                state = apply(spec, state, mover, move, rng)
                path.append((edge, mover))
                node = edge.child
                if expanded:
                    break
            state = _playout(knowledge, state, hooks.playout_moves, rng)
        except IllegalMove:
            continue  # a move of the tree that this sampled state does not allow
        values: dict[int, float] = {}
        for edge, mover in path:
            if mover not in values:
                values[mover] = estimate(spec, state, mover)
            edge.visits += 1
            edge.reward += values[mover]
    best = max(
        range(len(root_keys)),
        key=lambda i: (e.visits, e.reward) if (e := root.get(root_keys[i][0])) else (0, 0.0),
    )
    return legal[best]


def _judge_root(
    knowledge: SeatKnowledge,
    root: dict[bytes, _Edge],
    root_keys: list[tuple[bytes, Any]],
    budget: Budget,
    rng: Rng,
) -> int:
    """Every root move judged once, right after it on one sampled state (a playout of no
    moves, counted as one); the playouts spent."""
    spec, seat = knowledge.spec, knowledge.seat
    state = knowledge.sample(rng)
    playouts = 0
    for key, move in root_keys:
        if budget.spent(playouts):
            break
        playouts += 1
        try:
            after = apply(spec, state, seat, move, rng)
        except IllegalMove:
            continue  # not allowed in this sampled state: the search tries it later
        edge = root[key] = _Edge(move)
        edge.visits, edge.reward = 1, estimate(spec, after, seat)
    return playouts


def _ucb(edge: _Edge) -> float:
    if edge.visits == 0:
        return math.inf
    return edge.reward / edge.visits + EXPLORATION * math.sqrt(
        math.log(max(edge.available, 1)) / edge.visits
    )


def _playout(knowledge: SeatKnowledge, state: Any, moves: int, rng: Rng) -> Any:
    """Random legal moves from `state` until the game ends or `moves` were played."""
    spec = knowledge.spec
    draw = knowledge.hooks.random_move
    for _ in range(moves):
        if spec.result(state) is not None:
            break
        due = spec.to_act(state)
        if not due:
            break
        mover = due[0]
        if draw is not None:
            move = draw(state, mover, rng)
            if move is None:
                break
        else:
            legal = spec.legal_moves(state, mover)
            if not legal:
                break
            move = rng.choice(legal)
        state = apply(spec, state, mover, move, rng)
    return state
