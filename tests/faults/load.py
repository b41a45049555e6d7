"""A bot load on the gateway: several Ra games at once, every accepted command journaled."""

from __future__ import annotations

import asyncio
import itertools
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from services.cli.selfplay import Api, Bot, play_game

GAME = "ra"
PLAYERS = 2
PATIENCE = 120.0  # seconds a bot keeps repeating one request through an outage


@dataclass(frozen=True)
class Accepted:
    """One accepted answer a bot received."""

    table_id: str
    command_id: str
    version: int
    replayed: bool
    move: bool
    at: float  # time.monotonic() when the answer arrived


@dataclass
class Load:
    """Bots playing `tables` games through the gateway; what they saw accepted."""

    url: str
    tables: int = 6
    seed: int = 1
    accepted: list[Accepted] = field(default_factory=list)
    players: dict[str, list[Bot]] = field(default_factory=dict)  # table id -> bots by seat
    summaries: list[dict[str, Any]] = field(default_factory=list)
    api: Api | None = None
    _task: asyncio.Task[None] | None = None
    _progress: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def moves(self) -> int:
        """Accepted moves so far."""
        return sum(1 for answer in self.accepted if answer.move)

    def start(self) -> None:
        """Start the games in the background."""
        self._task = asyncio.create_task(self._run(), name="bot load")

    async def _run(self) -> None:
        timeout = aiohttp.ClientTimeout(total=60)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            self.api = Api(session, self.url, patience=PATIENCE)
            seats = [await self._register(self.api, index) for index in range(self.tables)]
            games = [
                play_game(self.api, GAME, PLAYERS, self.seed * 1000 + index,
                          on_accepted=self._on_accepted, bots=bots)
                for index, bots in enumerate(seats)
            ]  # fmt: skip
            self.summaries = list(await asyncio.gather(*games))
            for summary, bots in zip(self.summaries, seats, strict=True):
                self.players[summary["table_id"]] = bots

    async def _register(self, api: Api, index: int) -> list[Bot]:
        tag = uuid.uuid4().hex[:6]
        return [await api.register(f"bot{seat}-{index}-{tag}") for seat in range(PLAYERS)]

    def _on_accepted(self, path: str, command_id: str, outcome: dict[str, Any]) -> None:
        self.accepted.append(
            Accepted(outcome["table_id"], command_id, outcome["version"],
                     bool(outcome.get("replayed")), path.endswith("/moves"), time.monotonic())
        )  # fmt: skip
        self._progress.set()

    async def until_moves(self, count: int, patience: float = 150.0) -> None:
        """Wait until the bots had `count` moves accepted (the load must still be running)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        while self.moves < count:
            assert self._task is not None
            if self._task.done():
                self._task.result()  # raises what stopped the bots
                raise AssertionError(f"the games ended after {self.moves} moves")
            assert loop.time() < deadline, f"only {self.moves} moves accepted"
            self._progress.clear()
            try:
                await asyncio.wait_for(self._progress.wait(), 1.0)
            except TimeoutError:
                continue

    async def finish(self, patience: float = 200.0) -> None:
        """Wait until every game is over (raises what stopped a bot)."""
        assert self._task is not None
        await asyncio.wait_for(self._task, patience)

    def report(self, fault: str, since: float) -> str:
        """One line on how the bots fared since a fault (printed; the docs quote it)."""
        assert self.api is not None
        replays = sum(1 for answer in self.accepted if answer.replayed)
        return (f"{fault}: longest pause between accepted answers "
                f"{self.longest_pause(since):.1f}s, replayed answers {replays}, "
                f"repeats {dict(self.api.seen.repeats)}")  # fmt: skip

    def longest_pause(self, after: float) -> float:
        """The longest time without an accepted answer since `after` (monotonic seconds)."""
        times = sorted(a.at for a in self.accepted if a.at >= after)
        if not times:
            return 0.0
        gaps = [times[0] - after] + [b - a for a, b in itertools.pairwise(times)]
        return max(gaps)
