"""The load of `senet bench peers`: tic-tac-toe matches played flat out against senet (moves
over the player socket each player holds across its matches, over a table socket a match,
or as HTTP requests; pushes over the WebSocket) or boardgame.io (socket.io), and the echo
calibration.

Every match has two players, each with its own socket. The mover sends a random empty cell;
its latency ends when its own client holds the new state (senet: the move's answer, which
over HTTP carries the mover's view and over the socket follows its push; boardgame.io: the
mover's `update`), the opponent's when the opponent's socket receives it. A finished match
is followed by a new one. A move counts as acknowledged once the mover holds its new state:
the durability check compares these with what a restarted server still has.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

CELLS = 9
CALL_TIMEOUT = 30.0  # seconds a move, a push or a sync may take before it counts as an error


@dataclass
class Samples:
    """What the driver saw: latencies in ms, moves, errors, and the acknowledged marks."""

    mover_ms: list[float] = field(default_factory=list)
    opponent_ms: list[float] = field(default_factory=list)
    moves: int = 0
    matches: int = 0  # finished
    errors: int = 0
    causes: dict[str, int] = field(default_factory=dict)  # error kind and message -> count
    acked: dict[str, set[int]] = field(default_factory=dict)  # match -> cells acknowledged
    tokens: dict[str, str] = field(default_factory=dict)  # senet: match -> a player's token
    credentials: dict[str, str] = field(default_factory=dict)  # bgio: match -> player 0's
    moved: set[int] = field(default_factory=set)  # the loops that made a move
    patience: float = CALL_TIMEOUT  # seconds past the deadline a loop may take to move once

    def going(self, index: int, deadline: float) -> bool:
        """Whether loop `index` plays on: until the deadline, and past it (for at most
        `patience`) until its first move, so that a run shorter than a busy machine's
        set-up of a match still measures moves rather than none."""
        now = time.monotonic()
        return now < deadline or (index not in self.moved and now < deadline + self.patience)


Loop = Callable[[int, float, Samples], Awaitable[None]]


async def run_matches(loop: Loop, concurrency: int, seconds: float, samples: Samples) -> None:
    """`concurrency` matches at once (each followed by another) until the time is up (and
    each has made a move); a match cut by the deadline, or by a dying server, leaves what
    it acknowledged."""
    deadline = time.monotonic() + seconds
    tasks = [asyncio.create_task(_guarded(loop, i, deadline, samples)) for i in range(concurrency)]
    await asyncio.gather(*tasks)


async def _guarded(loop: Loop, index: int, deadline: float, samples: Samples) -> None:
    while samples.going(index, deadline):
        try:
            await loop(index, deadline, samples)
        except Exception as exc:
            samples.errors += 1
            cause = f"{type(exc).__name__}: {exc}"[:160]
            samples.causes[cause] = samples.causes.get(cause, 0) + 1
            await asyncio.sleep(0.2)  # a server being killed: do not spin


# ---- senet ------------------------------------------------------------------------------


class _Watched:
    """A player's WebSocket: the latest pushed view and when each version arrived."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.view: dict[str, Any] = {}
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.closed = False  # the server closed the socket (or died): no view will come
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()  # to this socket's moves
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                data = message.json()
                if isinstance(data, dict) and data.get("type") == "answer":
                    self.answers.put_nowait(data)
                    self.changed.set()
                    continue
                version = data.get("table", {}).get("version") if isinstance(data, dict) else None
                if version is None:
                    continue
                self.arrived.setdefault(version, time.perf_counter())
                if version >= self.view.get("table", {}).get("version", 0):
                    self.view = data
                self.changed.set()
        finally:
            self.closed = True
            self.changed.set()

    async def until(self, version: int) -> float:
        """When a view of at least `version` arrived."""
        await _wait(self, lambda: self.view.get("table", {}).get("version", 0) >= version)
        return min(t for v, t in self.arrived.items() if v >= version)

    async def move(self, body: dict[str, Any]) -> dict[str, Any]:
        """Send a move over the socket: its accepted outcome (RuntimeError if refused)."""
        await self.socket.send_json({"type": "move", **body})
        return await _answer(self, "move")

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()


PATHS = ("player", "table", "http")  # senet's ways to play a match (`senet_loop`)


async def _wait(client: _Watched | _PlayerSocket, reached: Callable[[], bool]) -> None:
    """Until `reached()`, woken by the client's reader (ConnectionError once senet closed
    the socket, TimeoutError after `CALL_TIMEOUT`)."""
    async with asyncio.timeout(CALL_TIMEOUT):
        while not reached():
            if client.closed:
                raise ConnectionError("senet closed the WebSocket")
            client.changed.clear()
            await client.changed.wait()


async def _answer(client: _Watched | _PlayerSocket, what: str) -> dict[str, Any]:
    """The socket's next answer, accepted (RuntimeError if refused)."""
    await _wait(client, lambda: not client.answers.empty())
    answer = client.answers.get_nowait()
    if not answer["accepted"]:
        raise RuntimeError(f"{what} refused: {answer['error']}")
    return answer


def senet_loop(http: aiohttp.ClientSession, seed: int, *, path: str = "player") -> Loop:
    """One senet match after another through `http` (its base URL is the gateway).

    `path` "player": each player holds one player socket (`/api/ws`) across its matches and
    opens, joins, follows and plays each match over it; "table": each match is opened by
    two HTTP requests and played over a table socket per player; "http": as "table", the
    moves as `POST /moves` requests."""
    if path == "player":
        return _player_socket_loop(http, seed)
    if path not in PATHS:
        raise ValueError(f"unknown move path {path!r}: one of {', '.join(PATHS)}")
    http_moves = path == "http"
    players: dict[int, list[str]] = {}  # each loop's two players play all its matches

    async def play(index: int, deadline: float, samples: Samples) -> None:
        rng = random.Random(f"{seed}-{index}-{samples.moves}")
        if index not in players:
            players[index] = await _two_players(http)
        tokens = players[index]
        # Two requests open a match, as boardgame.io's create and two joins: the join that
        # fills the table starts it.
        body = {"game": "tictactoe", "seats": 2, "start_when_full": True}
        table_id = (await _call(http, "POST", "/api/tables", tokens[0], body))["table_id"]
        started = await _call(http, "POST", f"/api/tables/{table_id}/join", tokens[1], {})
        samples.tokens[table_id] = tokens[0]
        sockets = [
            _Watched(await http.ws_connect(f"/api/tables/{table_id}/ws?token={t}")) for t in tokens
        ]
        try:
            version = started["version"]
            for watched in sockets:  # each socket's first frame: the view at the start
                await watched.until(version)
            while samples.going(index, deadline):
                view = sockets[0].view
                if view.get("result") is not None:
                    samples.matches += 1
                    return
                mover = view["to_act"][0]
                move = _random_mark(rng, sockets[mover].view, version)
                started = time.perf_counter()
                if http_moves:
                    answer = await _call(http, "POST", f"/api/tables/{table_id}/moves",
                                         tokens[mover], move)  # fmt: skip
                else:
                    answer = await sockets[mover].move(move)
                answered = time.perf_counter()
                version = answer["version"]
                _moved(samples, index, table_id, move, started, answered)
                seen = await sockets[1 - mover].until(version)
                samples.opponent_ms.append((seen - started) * 1000)
                await sockets[mover].until(version)
        finally:
            for watched in sockets:
                await watched.close()

    return play


async def _two_players(http: aiohttp.ClientSession) -> list[str]:
    """The tokens of two new players."""
    tokens = []
    for seat in range(2):
        name = f"peer-{uuid.uuid4().hex[:12]}-{seat}"
        tokens.append((await _call(http, "POST", "/api/players", None, {"name": name}))["token"])
    return tokens


def _random_mark(rng: random.Random, view: dict[str, Any], version: int) -> dict[str, Any]:
    cells = view["game"]["cells"]
    cell = rng.choice([i for i in range(CELLS) if cells[i] == -1])
    return {"move": {"type": "Mark", "cell": cell}, "expected_version": version}


def _moved(
    samples: Samples, index: int, table_id: str, move: dict[str, Any], started: float,
    answered: float,
) -> None:  # fmt: skip
    samples.acked.setdefault(table_id, set()).add(move["move"]["cell"])
    samples.moves += 1
    samples.moved.add(index)
    samples.mover_ms.append((answered - started) * 1000)


class _PlayerSocket:
    """A player's socket (`/api/ws`): the latest view of each followed table, the answers."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.views: dict[str, dict[str, Any]] = {}
        self.arrived: dict[str, dict[int, float]] = {}  # table -> version -> when
        self.changed = asyncio.Event()
        self.closed = False
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.unwatched = 0  # answers still to come to unwatches sent (dropped: in order)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                data = message.json()
                kind = data.get("type")
                if kind == "answer" and self.unwatched:
                    self.unwatched -= 1
                elif kind == "answer":
                    self.answers.put_nowait(data)
                elif kind is None:
                    table = data["table"]
                    table_id, version = table["table_id"], table["version"]
                    self.arrived.setdefault(table_id, {}).setdefault(version, time.perf_counter())
                    held = self.views.get(table_id)
                    if held is None or version >= held["table"]["version"]:
                        self.views[table_id] = data
                self.changed.set()
        finally:
            self.closed = True
            self.changed.set()

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a message and wait for its answer (RuntimeError if refused)."""
        await self.socket.send_json(message)
        return await _answer(self, message["type"])

    async def until(self, table_id: str, version: int) -> float:
        """When a view of the table of at least `version` arrived."""
        await _wait(
            self, lambda: self.views.get(table_id, {}).get("table", {}).get("version", 0) >= version
        )
        return min(t for v, t in self.arrived[table_id].items() if v >= version)

    async def unwatch(self, table_id: str) -> None:
        """Stop following a table; its answer is not waited for (the socket's answers
        come in order: the next one is the unwatch's, and is dropped)."""
        self.unwatched += 1
        await self.socket.send_json({"type": "unwatch", "table_id": table_id})
        self.views.pop(table_id, None)
        self.arrived.pop(table_id, None)

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()


def _player_socket_loop(http: aiohttp.ClientSession, seed: int) -> Loop:
    players: dict[int, tuple[list[str], list[_PlayerSocket]]] = {}

    async def connected(index: int) -> tuple[list[str], list[_PlayerSocket]]:
        """The loop's two players and their sockets (opened again after a server died)."""
        if index not in players:
            players[index] = (await _two_players(http), [])
        tokens, sockets = players[index]
        if not sockets or any(s.closed for s in sockets):
            for old in sockets:
                await old.close()
            sockets[:] = [
                _PlayerSocket(await http.ws_connect(f"/api/ws?token={t}")) for t in tokens
            ]
        return tokens, sockets

    async def play(index: int, deadline: float, samples: Samples) -> None:
        rng = random.Random(f"{seed}-{index}-{samples.moves}")
        tokens, sockets = await connected(index)
        body = {"type": "create", "game": "tictactoe", "seats": 2, "start_when_full": True}
        table_id = (await sockets[0].ask(body))["table_id"]
        samples.tokens[table_id] = tokens[0]
        try:
            version = (await sockets[1].ask({"type": "join", "table_id": table_id}))["version"]
            await sockets[0].until(table_id, version)
            while samples.going(index, deadline):
                view = sockets[0].views[table_id]
                if view.get("result") is not None:
                    samples.matches += 1
                    return
                mover = view["to_act"][0]
                move = _random_mark(rng, sockets[mover].views[table_id], version)
                started = time.perf_counter()
                answer = await sockets[mover].ask({"type": "move", "table_id": table_id, **move})
                answered = time.perf_counter()
                version = answer["version"]
                _moved(samples, index, table_id, move, started, answered)
                seen = await sockets[1 - mover].until(table_id, version)
                samples.opponent_ms.append((seen - started) * 1000)
                await sockets[mover].until(table_id, version)
        finally:
            for socket in sockets:
                if not socket.closed:
                    with contextlib.suppress(Exception):
                        await socket.unwatch(table_id)

    return play


async def _call(
    http: aiohttp.ClientSession, method: str, path: str, token: str | None, body: Any = None
) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    timeout = aiohttp.ClientTimeout(total=CALL_TIMEOUT)
    async with http.request(method, path, json=body, headers=headers, timeout=timeout) as answer:
        data = await answer.json()
        if answer.status >= 300:
            raise RuntimeError(f"{method} {path}: {answer.status} {data}")
        return data


async def senet_marks(http: aiohttp.ClientSession, table_id: str, token: str) -> set[int]:
    """The cells a (restarted) senet still has marked at a table."""
    view = await _call(http, "GET", f"/api/tables/{table_id}/view", token)
    return {i for i, owner in enumerate(view["game"]["cells"]) if owner != -1}


# ---- boardgame.io -----------------------------------------------------------------------


class _Player:
    """One boardgame.io client (socket.io, the game's namespace): the latest state."""

    def __init__(self, base: str, match_id: str, player_id: str, credentials: str) -> None:
        import socketio  # python-socketio: the `bench` extra

        self.client = socketio.AsyncClient(reconnection=False)
        self.base, self.match_id = base, match_id
        self.player_id, self.credentials = player_id, credentials
        self.state: dict[str, Any] = {}
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.closed = False  # disconnected (a killed server): no state will come
        self.client.on("sync", self._sync, namespace="/tictactoe")
        self.client.on("update", self._update, namespace="/tictactoe")
        self.client.on("disconnect", self._gone, namespace="/tictactoe")

    async def _sync(self, match_id: str, info: dict[str, Any], *rest: Any) -> None:
        self._hold(info["state"])

    async def _update(self, match_id: str, state: dict[str, Any], *rest: Any) -> None:
        self._hold(state)  # then the delta log

    async def _gone(self, *reason: Any) -> None:
        self.closed = True
        self.changed.set()

    def _hold(self, state: dict[str, Any]) -> None:
        self.arrived.setdefault(state["_stateID"], time.perf_counter())
        if state["_stateID"] >= self.state.get("_stateID", -1):
            self.state = state
        self.changed.set()

    async def connect(self) -> None:
        await self.client.connect(self.base, namespaces=["/tictactoe"], transports=["websocket"])
        await self.client.emit(
            "sync", (self.match_id, self.player_id, self.credentials, 2), namespace="/tictactoe"
        )
        await self.until(0)

    async def until(self, state_id: int) -> float:
        async with asyncio.timeout(CALL_TIMEOUT):
            while self.state.get("_stateID", -1) < state_id:
                if self.closed:
                    raise ConnectionError("boardgame.io disconnected")
                self.changed.clear()
                await self.changed.wait()
        return min(t for s, t in self.arrived.items() if s >= state_id)

    async def mark(self, cell: int) -> None:
        action = {
            "type": "MAKE_MOVE",
            "payload": {"type": "mark", "args": [cell], "playerID": self.player_id,
                        "credentials": self.credentials},
        }  # fmt: skip
        state_id = self.state["_stateID"]
        await self.client.emit(
            "update", (action, state_id, self.match_id, self.player_id), namespace="/tictactoe"
        )

    async def close(self) -> None:
        await self.client.disconnect()


async def bgio_match(http: aiohttp.ClientSession) -> tuple[str, list[str]]:
    """A new match with both seats joined: (match id, credentials by player)."""
    created = await _call(http, "POST", "/games/tictactoe/create", None, {"numPlayers": 2})
    match_id = created["matchID"]
    credentials = []
    for player in ("0", "1"):
        body = {"playerID": player, "playerName": f"peer-{player}"}
        joined = await _call(http, "POST", f"/games/tictactoe/{match_id}/join", None, body)
        credentials.append(joined["playerCredentials"])
    return match_id, credentials


def bgio_loop(http: aiohttp.ClientSession, base: str, seed: int) -> Loop:
    """One boardgame.io match after another (lobby API over `http`, moves over socket.io)."""

    async def play(index: int, deadline: float, samples: Samples) -> None:
        rng = random.Random(f"{seed}-{index}-{samples.moves}")
        match_id, credentials = await bgio_match(http)
        samples.credentials[match_id] = credentials[0]
        players = [_Player(base, match_id, str(p), credentials[p]) for p in range(2)]
        try:
            for player in players:
                await player.connect()
            while samples.going(index, deadline):
                state = players[0].state
                if state["ctx"].get("gameover") is not None:
                    samples.matches += 1
                    return
                mover = int(state["ctx"]["currentPlayer"])
                cells = players[mover].state["G"]["cells"]
                cell = rng.choice([i for i in range(CELLS) if cells[i] is None])
                next_id = players[mover].state["_stateID"] + 1
                started = time.perf_counter()
                await players[mover].mark(cell)
                answered = await players[mover].until(next_id)
                samples.acked.setdefault(match_id, set()).add(cell)
                samples.moves += 1
                samples.moved.add(index)
                samples.mover_ms.append((answered - started) * 1000)
                seen = await players[1 - mover].until(next_id)
                samples.opponent_ms.append((seen - started) * 1000)
        finally:
            for player in players:
                await player.close()

    return play


async def bgio_marks(base: str, match_id: str, credentials: str) -> set[int]:
    """The cells a (restarted) boardgame.io still has marked in a match."""
    player = _Player(base, match_id, "0", credentials)
    try:
        await player.connect()
        return {i for i, mark in enumerate(player.state["G"]["cells"]) if mark is not None}
    finally:
        await player.close()


# ---- calibration ------------------------------------------------------------------------


async def echo_http(base: str, concurrency: int, seconds: float) -> tuple[int, float]:
    """HTTP round trips against the echo server: (count, driver CPU seconds)."""
    done = 0
    deadline = time.monotonic() + seconds
    cpu = time.process_time()
    async with aiohttp.ClientSession(base) as http:

        async def loop() -> None:
            nonlocal done
            body = {"move": {"type": "Mark", "cell": 4}, "expected_version": 7}
            while time.monotonic() < deadline:
                async with http.post("/echo", json=body) as answer:
                    await answer.read()
                done += 1

        await asyncio.gather(*(loop() for _ in range(concurrency)))
    return done, time.process_time() - cpu


async def echo_socketio(base: str, concurrency: int, seconds: float) -> tuple[int, float]:
    """socket.io round trips (one client per loop, as one per player): (count, CPU s)."""
    import socketio

    done = 0
    deadline = time.monotonic() + seconds
    cpu = time.process_time()

    async def loop() -> None:
        nonlocal done
        client = socketio.AsyncClient(reconnection=False)
        answered = asyncio.Event()

        async def pong(data: Any) -> None:
            answered.set()

        client.on("pong", pong, namespace="/echo")
        await client.connect(base, namespaces=["/echo"], transports=["websocket"])
        try:
            while time.monotonic() < deadline:
                answered.clear()
                await client.emit("ping", {"cell": 4, "stateID": 7}, namespace="/echo")
                async with asyncio.timeout(CALL_TIMEOUT):
                    await answered.wait()
                done += 1
        finally:
            await client.disconnect()

    await asyncio.gather(*(loop() for _ in range(concurrency)))
    return done, time.process_time() - cpu
