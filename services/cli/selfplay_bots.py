"""Selfplay's bot kinds (`senet selfplay --bots`): a seat's move chosen by a kind of
shared/bots from what that seat may know through the HTTP API.

`random` picks among the view's legal moves, as selfplay always did. The other kinds need
the game's state: the driver folds the table's log as the seat reads it (`/events`, each
event redacted for the seat) with the game's own `evolve`. That log is the whole state only
for games without hidden information; a game with hidden information (its bot hooks can
`sample`) is refused until the platform seats bots itself (issue 37, item 2).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import msgspec

from shared.bots import KINDS, Budget, SeatKnowledge, choose
from shared.games.contract import GameSpec
from shared.games.registry import get_game
from shared.games.rng import Rng


def seat_kinds(kinds: list[str], players: int, index: int) -> list[str]:
    """The kinds at game `index`'s seats: the list repeated, rotated one seat a game."""
    return [kinds[(seat + index) % len(kinds)] for seat in range(players)]


def refusal(kinds: list[str], game: str) -> str | None:
    """Why selfplay cannot seat these kinds at this game (None: it can)."""
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        return f"unknown bot kind {unknown[0]!r}: one of {', '.join(KINDS)}"
    hooks = get_game(game).bot_hooks
    if any(k != "random" for k in kinds) and hooks is not None and hooks.sample is not None:
        return (
            f"{game} hides information: its log through the API is not its state, so only "
            "'random' bots play it in selfplay until the platform seats bots"
        )
    return None


@dataclass
class SeatLog:
    """A seat's fold of a table's log so far."""

    spec: GameSpec
    state: Any = None
    after: int = 0
    events: list[Any] = field(default_factory=list)

    def take(self, entries: list[dict[str, Any]]) -> None:
        """Fold the new entries: the table's creation, then the game's events."""
        for entry in entries:
            name, payload = entry["name"], entry["payload"]
            if name == "TableCreated":
                options = self.spec.convert_options(payload["options"])
                self.state = self.spec.initial_state(payload["seats"], options)
                continue
            try:
                event = self.spec.convert_event({**payload, "type": name})
            except msgspec.ValidationError:
                continue  # a table event
            self.state = self.spec.evolve(self.state, event)


async def informed_move(
    api: Any, table_id: str, bot: Any, seat: int, kind: str, log: SeatLog, think_ms: float,
    seed: float,
) -> Any:  # fmt: skip
    """The move (as builtins) the kind chooses for the seat after reading the new log."""
    after: int | None = log.after
    while after is not None:
        path = f"/api/tables/{table_id}/events?after={after}&limit=200"
        page = await api.call("GET", path, bot)
        log.take(page["items"])
        if page["items"]:
            log.after = page["items"][-1]["version"]
        after = page["next"]
    spec, state = log.spec, log.state
    legal = list(spec.legal_moves(state, seat))
    knowledge = SeatKnowledge(spec, state, seat)
    move = await asyncio.to_thread(
        choose, kind, knowledge, legal, Budget(ms=think_ms), Rng(str(seed))
    )
    return msgspec.to_builtins(move)
