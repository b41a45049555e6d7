"""Engine-level self-play: bots play whole games through the table worker's own decisions.

No broker, no HTTP, no store: each command is decided by `shared.tables.decide` exactly
as the table worker decides it and recorded on a `Table` aggregate, so saving the
aggregate writes what a live table would have written (commitment, seed, moves, events).
`senet bench audit` fills stores with these games.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

import msgspec

from services.table.commands import decide, fingerprint, open_table, record
from shared.contracts.envelopes import Command, CreateTable, JoinTable, PlayMove, StartTable
from shared.games.registry import get_game
from shared.tables.aggregate import Table


def bench_seats(game: str) -> int:
    """The number of seats self-play uses for `game` when none is asked: the most the game
    allows, capped at four (every registered game, so a new game needs nothing here)."""
    return min(get_game(game).max_players, 4)


class SelfPlay:
    """Plays games for a pool of player ids, reproducibly from a seed (the tables' own seeds
    are secret random, as at a live table)."""

    def __init__(self, seed: int, players: int = 300) -> None:
        self.bots = random.Random(seed)
        self.pool = [self._uuid() for _ in range(players)]

    def play(self, game: str, seats: int | None = None, moves: int | None = None) -> Table:
        """A finished game at a new table, not yet saved (or one under way after `moves`)."""
        seats = seats or bench_seats(game)
        table_id = self._uuid()
        players = self.bots.sample(self.pool, seats)
        create = self._command(table_id, players[0], CreateTable(game=game, seats=seats,
                                                                  player_name="bot0"))  # fmt: skip
        assert isinstance(create.action, CreateTable)
        table = open_table(create, create.action, fingerprint(create))
        for index, player in enumerate(players[1:], 1):
            self._send(table, player, JoinTable(player_name=f"bot{index}"))
        self._send(table, players[0], StartTable())
        spec = table.table.spec
        while spec.result(table.table.game_state) is None:
            if moves is not None and moves <= 0:
                break
            moves = None if moves is None else moves - 1
            state = table.table.game_state
            seat = self.bots.choice(list(spec.to_act(state)))
            move = self.bots.choice(list(spec.legal_moves(state, seat)))
            self._send(table, players[seat], PlayMove(move=msgspec.Raw(msgspec.json.encode(move))))
        return table

    def _send(self, table: Table, player: str, action: Any) -> None:
        command = self._command(str(table.id), player, action)
        record(table, command, decide(table, command), fingerprint(command))

    def _command(self, table_id: str, player: str, action: Any) -> Command:
        command_id = self._uuid().replace("-", "")
        return Command(command_id=command_id, table_id=table_id, player_id=player, action=action)

    def _uuid(self) -> str:
        return str(uuid.UUID(int=self.bots.getrandbits(128), version=4))
