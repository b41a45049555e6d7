"""Random legal-move bots playing full games through the HTTP API (`senet selfplay`)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sys
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from services.cli.selfplay_bots import SeatLog, informed_move, seat_kinds
from shared.games.registry import get_game


class ApiError(Exception):
    """An HTTP answer that was not a success."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('message')}")
        self.status = status
        self.code = str(body.get("code", ""))
        details = body.get("details")
        self.details: dict[str, Any] = details if isinstance(details, dict) else {}


@dataclass
class Bot:
    """One registered player driving one seat."""

    name: str
    token: str
    player_id: str


# What a client sees while a service restarts: the gateway is gone, or it answers 503.
_LOST = (aiohttp.ClientConnectionError, asyncio.TimeoutError)
FIRST_PAUSE = 0.2  # seconds before the first repeat when no Retry-After came
LONGEST_PAUSE = 2.0


@dataclass
class Transients:
    """What a client met on the way: answers by status, repeats by cause."""

    statuses: Counter[int] = field(default_factory=Counter)
    repeats: Counter[str] = field(default_factory=Counter)
    without_retry_after: int = 0  # 503 answers that did not say when to come back


class Api:
    """A thin client of the gateway's HTTP API that rides out restarts and outages.

    A 503 (`Retry-After` honoured) or a lost connection repeats the same request, body
    included, so a command keeps its `command_id` and the table applies it at most once.
    """

    def __init__(
        self, session: aiohttp.ClientSession, base: str, *, patience: float = 60.0
    ) -> None:
        self.session = session
        self.base = base.rstrip("/")
        self.patience = patience  # seconds of repeats before a request gives up
        self.seen = Transients()

    async def table_log(self, table_id: str, bot: Bot) -> list[Any]:
        """Every page of a table's log as a bot may see it."""
        entries: list[Any] = []
        after: int | None = 0
        while after is not None:
            path = f"/api/tables/{table_id}/events?after={after}&limit=200"
            page = await self.call("GET", path, bot)
            entries.extend(page["items"])
            after = page["next"]
        return entries

    async def call(self, method: str, path: str, bot: Bot | None = None, body: Any = None) -> Any:
        """One request, repeated while the platform is unavailable; ApiError on a non-2xx."""
        headers = {"Authorization": f"Bearer {bot.token}"} if bot else {}
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.patience
        pause = FIRST_PAUSE
        while True:
            try:
                status, data, retry_after = await self._once(method, path, headers, body)
            except _LOST as exc:
                if loop.time() >= deadline:
                    raise
                self.seen.repeats[type(exc).__name__] += 1
                await asyncio.sleep(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
                continue
            self.seen.statuses[status] += 1
            if status == 503 and loop.time() < deadline:
                self.seen.repeats[f"503 {data.get('code')}"] += 1
                if retry_after is None:
                    self.seen.without_retry_after += 1
                    retry_after = pause
                await asyncio.sleep(min(retry_after, LONGEST_PAUSE))
                pause = min(pause * 2, LONGEST_PAUSE)
                continue
            if status >= 300:
                raise ApiError(status, data)
            return data

    async def _once(
        self, method: str, path: str, headers: dict[str, str], body: Any
    ) -> tuple[int, Any, float | None]:
        async with self.session.request(
            method, self.base + path, json=body, headers=headers
        ) as response:
            try:
                data = await response.json(content_type=None)
            except ValueError:
                data = {}  # not JSON (a proxy's page, say): the status tells
            if response.status >= 300 and not isinstance(data, dict):
                data = {}
            return response.status, data, _seconds(response.headers.get("Retry-After"))

    async def register(self, name: str, email: str | None = None) -> Bot:
        """A new player. Names are unique on a server: a registration repeated after an outage
        may find its own first attempt holding the name, so a taken name gets a suffix."""
        try:
            data = await self.call("POST", "/api/players", body={"name": name})
        except ApiError as exc:
            if exc.code != "name_taken":
                raise
            name = f"{name[:33]}-{uuid.uuid4().hex[:6]}"
            data = await self.call("POST", "/api/players", body={"name": name})
        bot = Bot(name=name, token=data["token"], player_id=data["player_id"])
        if email is not None:
            await self.call("POST", "/api/me/email", bot, {"email": email})
        return bot


def _seconds(header: str | None) -> float | None:
    """A Retry-After header given in seconds (the HTTP-date form is not used here)."""
    try:
        return max(0.0, float(header)) if header is not None else None
    except ValueError:
        return None


# Called with (request path, command id, accepted outcome) for every accepted command.
OnAccepted = Callable[[str, str, dict[str, Any]], None]


async def play_game(
    api: Api,
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    emails: bool = False,
    on_accepted: OnAccepted | None = None,
    bots: list[Bot] | None = None,
    table_seed: str | None = None,
    kinds: list[str] | None = None,
    think_ms: float = 100.0,
) -> dict[str, Any]:
    """Play one full game with random bots (or the bot `kinds`, one per seat, thinking
    `think_ms` a move: services/cli/selfplay_bots.py); returns the per-game summary line.

    Every command carries a fresh `command_id`, so a request repeated after an outage is
    recognised by the table; `on_accepted` sees each accepted command once per answer.
    `bots` are registered players to seat (default: new ones). `table_seed` names the
    table's seed (only a gateway with `client_seeds` accepts it).
    """
    rng = random.Random(seed)
    if bots is None:
        tag = uuid.uuid4().hex[:6]
        names = [f"bot{i}-{tag}" for i in range(players)]
        bots = [await api.register(n, f"{n}@example.test" if emails else None) for n in names]

    async def command(path: str, bot: Bot, body: dict[str, Any]) -> dict[str, Any]:
        body = {**body, "command_id": uuid.uuid4().hex}
        outcome: dict[str, Any] = await api.call("POST", path, bot, body)
        if on_accepted is not None:
            on_accepted(path, body["command_id"], outcome)
        return outcome

    create: dict[str, Any] = {"game": game, "seats": players, "options": options or {}}
    if table_seed is not None:
        create["seed"] = table_seed
    created = await command("/api/tables", bots[0], create)
    table_id = created["table_id"]
    for bot in bots[1:]:
        await command(f"/api/tables/{table_id}/join", bot, {})
    outcome = await command(f"/api/tables/{table_id}/start", bots[0], {})
    version = outcome["version"]
    moves = 0
    logs: dict[int, SeatLog] = {}  # each informed bot's fold of the log it may read
    known: dict[str, Any] | None = None  # the newest view we hold (a move's answer brings one)
    while True:
        path = f"/api/tables/{table_id}/view?min_version={version}"
        view = known or await api.call("GET", path, bots[0])
        if view["result"] is not None:
            break
        seat = rng.choice(view["to_act"])
        mine = view if view["seat"] == seat else await api.call("GET", path, bots[seat])
        known = None
        if not mine["legal_moves"]:
            continue
        if kinds is None or kinds[seat] == "random":
            move = rng.choice(mine["legal_moves"])
        else:
            seat_log = logs.setdefault(seat, SeatLog(get_game(game)))
            move = await informed_move(
                api, table_id, bots[seat], seat, kinds[seat], seat_log, think_ms, rng.random()
            )
        body = {"move": move, "expected_version": mine["table"]["version"]}
        try:
            outcome = await command(f"/api/tables/{table_id}/moves", bots[seat], body)
        except ApiError as exc:
            if exc.code in {"stale_version", "not_your_turn"}:
                # Someone else moved first (simultaneous choices), or our view lagged.
                version = max(version, int(exc.details.get("version", version)))
                continue
            raise
        version = outcome["version"]
        known = outcome.get("view")  # the mover's view after the move: no second request
        moves += 1
    log = await api.table_log(table_id, bots[0])
    result = view["result"]
    winners = result["winners"]
    line = {
        "table_id": table_id,
        "game": game,
        "moves": moves,
        "events": len(log),
        "scores": result["scores"],
        "winner": winners[0] if len(winners) == 1 else winners,
    }
    if kinds is not None:
        line.update(bots=kinds, winners=winners)
    return line


def derived_seed(seed: int, index: int) -> str:
    """The seed of self-play's table `index` under `--seed` (64 hex digits)."""
    return hashlib.sha256(f"senet-selfplay:{seed}:{index}".encode()).hexdigest()


DEFAULT_TIMEOUT = 10.0  # seconds a gateway may stay unreachable before selfplay gives up


async def reach(api: Api, timeout: float) -> str | None:
    """Wait (saying so) until the gateway answers; None when it does, else why not."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    said = False
    while True:
        try:
            status, _, _ = await api._once("GET", "/api/games", {}, None)
            if status < 500:
                return None
            problem = f"it answers {status}"
        except _LOST as exc:
            problem = str(exc) or type(exc).__name__
        if loop.time() >= deadline:
            return f"no gateway at {api.base} after {timeout:g} s ({problem}); is it running?"
        if not said:
            print(f"selfplay: waiting up to {timeout:g} s for the gateway at {api.base} "
                  f"({problem})", file=sys.stderr, flush=True)  # fmt: skip
            said = True
        await asyncio.sleep(min(0.5, max(0.0, deadline - loop.time())))


async def run_selfplay(
    base: str,
    game: str,
    players: int,
    games: int,
    seed: int,
    concurrency: int,
    options: dict[str, Any] | None = None,
    emails: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    table_seeds: bool = False,
    kinds: list[str] | None = None,
    think_ms: float = 100.0,
) -> int:
    """Play the games, print one JSON line each and a summary; returns the exit code.

    `kinds` (bot kinds, shared/bots) sit at the seats in turn, rotated one seat a game.

    With `table_seeds` (a gateway that allows client seeds: the embedded platform) each
    table's seed derives from `seed` too, so the same command plays the same games.
    """
    started = time.perf_counter()
    finished = failed = total_moves = 0
    limit = asyncio.Semaphore(concurrency)
    client_timeout = aiohttp.ClientTimeout(total=max(timeout, 5.0), connect=timeout)
    async with aiohttp.ClientSession(timeout=client_timeout) as session:
        api = Api(session, base, patience=timeout)
        problem = await reach(api, timeout)
        if problem is not None:
            print(f"senet selfplay: {problem}", file=sys.stderr, flush=True)
            return 1

        async def one(index: int) -> None:
            nonlocal finished, failed, total_moves
            async with limit:
                try:
                    line = await play_game(
                        api, game, players, seed * 1000 + index, options, emails,
                        table_seed=derived_seed(seed, index) if table_seeds else None,
                        kinds=seat_kinds(kinds, players, index) if kinds else None,
                        think_ms=think_ms,
                    )  # fmt: skip
                except Exception as exc:  # report and go on with the other games
                    failed += 1
                    print(json.dumps({"game": game, "error": str(exc)}), flush=True)
                    print(f"game {index} failed: {exc!r}", file=sys.stderr)
                    return
                finished += 1
                total_moves += line["moves"]
                print(json.dumps(line), flush=True)

        await asyncio.gather(*(one(i) for i in range(games)))
    elapsed = time.perf_counter() - started
    summary = {
        "games": games,
        "finished": finished,
        "failed": failed,
        "moves": total_moves,
        "seconds": round(elapsed, 3),
        "moves_per_s": round(total_moves / elapsed, 1) if elapsed > 0 else 0.0,
        "repeats": sum(api.seen.repeats.values()),  # requests repeated after a 503 or drop
    }
    print(json.dumps(summary), flush=True)
    return 0 if finished == games else 1
