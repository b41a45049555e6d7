"""Abuse limits as plain policy: a token bucket per bearer token, bounded in-flight writes,
and the WebSocket origin rule. `guards.py` applies them to requests."""

from __future__ import annotations

import contextlib
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

from shared.contracts.errors import TooManyRequests

Clock = Callable[[], float]


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


class Limiter:
    """Per-token rate limits and in-flight bounds of one gateway process (0 disables one)."""

    def __init__(
        self,
        *,
        rate: float,
        burst: int,
        per_player: int,
        total: int,
        clock: Clock = time.monotonic,
        max_buckets: int = 100_000,
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

    def take(self, key: str) -> None:
        """Count one request of a token; TooManyRequests (`rate_limited`) past its rate."""
        if self.rate <= 0:
            return
        now = self.clock()
        bucket = self._buckets.pop(key, None) or TokenBucket(float(self.burst), now)
        self._buckets[key] = bucket
        if len(self._buckets) > self.max_buckets:
            # Forgetting the least recent token only gives it a fresh (full) bucket.
            del self._buckets[next(iter(self._buckets))]
        wait = bucket.take(now, self.rate, self.burst)
        if wait > 0:
            raise TooManyRequests(
                f"more than {self.rate:g} requests per second for this token",
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
