"""Abuse limits as plain policy: a token bucket per caller (a hash of the bearer token, or
the client address when there is none), bounded in-flight writes and WebSockets, and the
WebSocket origin rule. `guards.py` applies them to requests."""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

from shared.contracts.errors import TooManyRequests

Clock = Callable[[], float]
HISTORY_QUEUE = 16  # a caller's history reads that may wait, per slot of its own


@dataclass
class TokenBucket:
    """Holds up to `burst` requests and refills at `rate` per second."""

    tokens: float
    stamp: float

    def take(self, now: float, rate: float, burst: int) -> float:
        """Take one request: 0.0 if allowed, else the seconds until one is available."""
        self.tokens = min(float(burst), self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / rate


def hashed_token_key(digest: str) -> str:
    """The bucket of a bearer token, by its SHA-256 (hex): no plain token is ever kept as a
    key; "" without a token (such a caller is known by its address alone)."""
    return "t:" + digest if digest else ""


def address_key(address: str | None) -> str:
    """The bucket of a client address (unauthenticated calls, unknown tokens, sockets)."""
    return "a:" + (address or "unknown")


class Limiter:
    """Per-caller rate limits and in-flight bounds of one gateway process (0 disables one)."""

    def __init__(
        self,
        *,
        rate: float,
        burst: int,
        per_player: int,
        total: int,
        clock: Clock = time.monotonic,
        max_buckets: int = 100_000,
        sockets_per_player: int = 0,
        sockets_per_address: int = 0,
        arriving_per_address: int = 0,
        history_per_player: int = 0,
        history_total: int = 0,
        history_rate: float = 0.0,
        history_burst: int = 1,
    ) -> None:
        self.rate = rate
        self.burst = max(burst, 1)
        self.per_player = per_player
        self.total = total
        self.clock = clock
        self.max_buckets = max_buckets
        self._buckets: dict[str, TokenBucket] = {}  # least recently used first
        self._in_flight: Counter[str] = Counter()
        self.in_flight_total = 0
        self.sockets_per_player = sockets_per_player
        self.sockets_per_address = sockets_per_address
        self._sockets: Counter[str] = Counter()
        self.arriving_per_address = arriving_per_address
        self._arriving: Counter[str] = Counter()
        self.history_per_player = history_per_player
        self.history_total = history_total
        self._history: Counter[str] = Counter()  # reads running or waiting, per caller
        self._history_turns: dict[str, asyncio.Semaphore] = {}
        self.history_rate = history_rate
        self.history_burst = max(history_burst, 1)
        self._history_buckets: dict[str, TokenBucket] = {}  # least recently used first
        self.history_in_flight = 0

    def take(self, key: str) -> None:
        """Count one request of a caller (`hashed_token_key` or `address_key`); TooManyRequests
        (`rate_limited`) past its rate."""
        self._spend(key, fail=True)

    def check(self, key: str) -> None:
        """TooManyRequests if the caller's bucket is empty now; spends nothing."""
        if self.rate <= 0:
            return
        bucket = self._buckets.get(key)
        if bucket is None:
            return
        now = self.clock()
        tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) * self.rate)
        if tokens < 1.0:
            self._refuse((1.0 - tokens) / self.rate)

    def charge(self, key: str) -> None:
        """Spend one request of a caller after the fact (never raises)."""
        self._spend(key, fail=False)

    def _spend(self, key: str, *, fail: bool) -> None:
        if self.rate <= 0:
            return
        now = self.clock()
        bucket = self._buckets.pop(key, None) or TokenBucket(float(self.burst), now)
        self._buckets[key] = bucket
        if len(self._buckets) > self.max_buckets:
            # Forgetting the least recent caller only gives it a fresh (full) bucket.
            del self._buckets[next(iter(self._buckets))]
        wait = bucket.take(now, self.rate, self.burst)
        if wait > 0 and fail:
            self._refuse(wait)

    def _refuse(self, wait: float) -> None:
        raise TooManyRequests(
            f"more than {self.rate:g} requests per second from this caller",
            code="rate_limited",
            retry_after=max(1, math.ceil(wait)),
        )

    @contextlib.contextmanager
    def in_flight(self, key: str | None) -> Iterator[None]:
        """Hold a slot for one write while it runs; TooManyRequests (`too_many_in_flight`)."""
        if self.total and self.in_flight_total >= self.total:
            raise TooManyRequests(
                "the gateway has too many commands in flight", code="too_many_in_flight"
            )
        if key and self.per_player and self._in_flight[key] >= self.per_player:
            raise TooManyRequests(
                f"more than {self.per_player} of your commands are in flight",
                code="too_many_in_flight",
            )
        self.in_flight_total += 1
        if key:
            self._in_flight[key] += 1
        try:
            yield
        finally:
            self.in_flight_total -= 1
            if key:
                self._in_flight[key] -= 1
                if not self._in_flight[key]:
                    del self._in_flight[key]

    @contextlib.asynccontextmanager
    async def folding(self, key: str) -> AsyncIterator[None]:
        """Hold a slot for one read of a table's history (a past view, a range of them)
        while it runs. A caller's reads beyond `history_per_player` wait their turn (so a
        loop of replays by one token is served a few at a time, not ahead of everybody
        else), up to `HISTORY_QUEUE` times that many; past that, or past `history_total`
        reads in this gateway, TooManyRequests (`too_many_in_flight`). Its turn come, a
        read also waits for the caller's pace (`history_rate`)."""
        if self.history_total and self.history_in_flight >= self.history_total:
            raise TooManyRequests(
                "the gateway is reading too many past views now", code="too_many_in_flight"
            )
        per = self.history_per_player
        if per and self._history[key] >= per * (1 + HISTORY_QUEUE):
            raise TooManyRequests(
                f"more than {per} of your past-view reads are in flight",
                code="too_many_in_flight",
            )
        self._history[key] += 1
        try:
            turn = self._history_turns.setdefault(key, asyncio.Semaphore(per)) if per else None
            async with turn if turn is not None else contextlib.nullcontext():
                await self._paced(key)  # its turn, then its rate (waiting costs no CPU)
                if self.history_total and self.history_in_flight >= self.history_total:
                    raise TooManyRequests(
                        "the gateway is reading too many past views now",
                        code="too_many_in_flight",
                    )
                self.history_in_flight += 1
                try:
                    yield
                finally:
                    self.history_in_flight -= 1
        finally:
            self._history[key] -= 1
            if not self._history[key]:
                del self._history[key]
                self._history_turns.pop(key, None)

    async def _paced(self, key: str) -> None:
        """Wait until the caller's history reads are within `history_rate` per second
        (after a burst of `history_burst`); 0: no pace."""
        if self.history_rate <= 0:
            return
        now = self.clock()
        bucket = self._history_buckets.pop(key, None) or TokenBucket(float(self.history_burst), now)
        self._history_buckets[key] = bucket
        if len(self._history_buckets) > self.max_buckets:
            del self._history_buckets[next(iter(self._history_buckets))]
        wait = bucket.take(now, self.history_rate, self.history_burst)
        if wait > 0:
            bucket.tokens -= 1.0  # this read is owed: the next one waits after it
            await asyncio.sleep(wait)

    @contextlib.contextmanager
    def arriving(self, address: str) -> Iterator[None]:
        """Hold a slot of a client address while a request's body is still arriving;
        TooManyRequests (`too_many_open`) past the address's cap."""
        cap = self.arriving_per_address
        if cap and self._arriving[address] >= cap:
            raise TooManyRequests(
                f"more than {cap} requests from this address are still sending their body",
                code="too_many_open",
            )
        self._arriving[address] += 1
        try:
            yield
        finally:
            self._arriving[address] -= 1
            if not self._arriving[address]:
                del self._arriving[address]

    @contextlib.contextmanager
    def socket(self, player: str, address: str) -> Iterator[None]:
        """Hold a WebSocket slot of a player (token key) and of an address while it is open;
        TooManyRequests (`too_many_sockets`) past either cap. The anonymous sockets of an
        address (no token: `player` "") share one player's cap."""
        player = player or "n:" + address
        caps = ((player, self.sockets_per_player), (address, self.sockets_per_address))
        for key, cap in caps:
            if cap and self._sockets[key] >= cap:
                raise TooManyRequests(
                    f"more than {cap} WebSockets open for this caller", code="too_many_sockets"
                )
        for key, _ in caps:
            self._sockets[key] += 1
        try:
            yield
        finally:
            for key, _ in caps:
                self._sockets[key] -= 1
                if not self._sockets[key]:
                    del self._sockets[key]


def is_allowed_origin(origin: str | None, host: str, allowed: tuple[str, ...]) -> bool:
    """A WebSocket handshake's Origin: absent (not a browser), our own host, or listed."""
    if origin is None:
        return True
    if "*" in allowed or origin.rstrip("/").lower() in {a.rstrip("/").lower() for a in allowed}:
        return True
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(netloc) and netloc.lower() == host.lower()
