"""The gateway's limit policy: token buckets, in-flight bounds, origins, limits from the
command line (every setting: tests/unit/test_settings.py)."""

from __future__ import annotations

import asyncio

import pytest

from services.cli.main import build_parser, main
from services.cli.roles import platform_config
from services.gateway.http import limits
from services.gateway.http.limits import (
    HISTORY_QUEUE,
    Limiter,
    hashed_token_key,
    is_allowed_origin,
)
from shared.contracts.errors import TooManyRequests


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _limiter(clock: Clock, **overrides: int | float) -> Limiter:
    limits: dict[str, int | float] = {"rate": 2.0, "burst": 3, "per_player": 2, "total": 3}
    limits.update(overrides)
    return Limiter(clock=clock, **limits)  # type: ignore[arg-type]


def test_a_token_may_send_its_burst_then_is_rate_limited_with_a_retry_after() -> None:
    limiter = _limiter(Clock())
    for _ in range(3):
        limiter.take("t")
    with pytest.raises(TooManyRequests) as caught:
        limiter.take("t")
    assert caught.value.code == "rate_limited"
    assert caught.value.status == 429
    assert caught.value.retry_after == 1  # half a second to the next request, rounded up


def test_the_bucket_refills_at_the_rate() -> None:
    clock = Clock()
    limiter = _limiter(clock, rate=0.25)
    for _ in range(3):
        limiter.take("t")
    with pytest.raises(TooManyRequests) as caught:
        limiter.take("t")
    assert caught.value.retry_after == 4
    clock.now += 4.0
    limiter.take("t")
    with pytest.raises(TooManyRequests):
        limiter.take("t")


def test_tokens_have_separate_buckets() -> None:
    limiter = _limiter(Clock(), burst=1)
    limiter.take("a")
    limiter.take("b")
    with pytest.raises(TooManyRequests):
        limiter.take("a")


def test_a_forgotten_bucket_only_starts_full_again() -> None:
    limiter = _limiter(Clock(), burst=1, max_buckets=2)
    limiter.take("a")
    limiter.take("b")
    limiter.take("c")  # "a" is the least recently used: forgotten
    limiter.take("a")
    with pytest.raises(TooManyRequests):
        limiter.take("c")


def test_a_rate_of_zero_is_no_limit() -> None:
    limiter = _limiter(Clock(), rate=0, burst=1)
    for _ in range(100):
        limiter.take("t")


def test_in_flight_writes_are_bounded_per_player_and_in_total() -> None:
    limiter = _limiter(Clock())
    with limiter.in_flight("a"), limiter.in_flight("a"):
        with pytest.raises(TooManyRequests) as caught, limiter.in_flight("a"):
            pass
        assert caught.value.code == "too_many_in_flight"
        with limiter.in_flight("b"):
            with pytest.raises(TooManyRequests), limiter.in_flight("c"):
                pass
            with pytest.raises(TooManyRequests), limiter.in_flight(None):
                pass
    assert limiter.in_flight_total == 0
    with limiter.in_flight("a"), limiter.in_flight("a"):
        pass  # the slots were given back


def test_bodies_still_arriving_are_capped_per_address_and_given_back() -> None:
    limiter = Limiter(rate=0, burst=1, per_player=0, total=0, arriving_per_address=2)
    with limiter.arriving("a:1"), limiter.arriving("a:1"):
        with pytest.raises(TooManyRequests) as caught, limiter.arriving("a:1"):
            pass
        assert caught.value.code == "too_many_open"
        with limiter.arriving("a:2"):
            pass  # another address is not held up
    with limiter.arriving("a:1"), limiter.arriving("a:1"):
        pass  # the slots were given back


def test_anonymous_sockets_share_a_cap_per_address_not_one_for_everyone() -> None:
    limiter = Limiter(rate=0, burst=1, per_player=0, total=0, sockets_per_player=1)
    anonymous = hashed_token_key("")  # no token
    with limiter.socket(anonymous, "a:1"):
        with pytest.raises(TooManyRequests), limiter.socket(anonymous, "a:1"):
            pass
        with limiter.socket(anonymous, "a:2"):
            pass


def test_a_slot_is_given_back_when_the_write_fails() -> None:
    limiter = _limiter(Clock(), per_player=1)
    with pytest.raises(ValueError), limiter.in_flight("a"):
        raise ValueError("boom")
    with limiter.in_flight("a"):
        assert limiter.in_flight_total == 1


@pytest.mark.parametrize(
    ("origin", "allowed", "ok"),
    [
        (None, (), True),  # no Origin: not a browser
        ("http://games.example:8080", (), True),  # our own origin
        ("http://evil.example", (), False),
        ("null", (), False),  # a sandboxed page or a file
        ("https://app.example/", ("https://app.example",), True),
        ("https://APP.example", ("https://app.example",), True),
        ("https://other.example", ("https://app.example",), False),
        ("https://other.example", ("*",), True),
    ],
)
def test_websocket_origins(origin: str | None, allowed: tuple[str, ...], ok: bool) -> None:
    assert is_allowed_origin(origin, "games.example:8080", allowed) is ok


def test_the_gateway_verb_reads_its_limits_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SENET_MAX_IN_FLIGHT_PER_PLAYER", "2")
    monkeypatch.setenv("SENET_ALLOWED_ORIGINS", "https://app.example")
    args = build_parser().parse_args(["gateway"])
    settings = platform_config(args, frozenset({"gateway"})).gateway
    assert settings.max_in_flight_per_player == 2
    assert settings.allowed_origins == ("https://app.example",)


def test_a_malformed_limit_stops_the_command_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SENET_RATE_LIMIT", "fast")
    assert main(["--log-level", "WARNING", "gateway", "--store", "memory"]) == 2
    assert "SENET_RATE_LIMIT='fast'" in capsys.readouterr().err


async def test_reads_of_history_wait_their_turn_per_caller_and_are_bounded_in_total() -> None:
    limiter = Limiter(rate=0, burst=1, per_player=0, total=0, history_per_player=1, history_total=2)
    release = asyncio.Event()

    async def read(key: str) -> None:
        async with limiter.folding(key):
            await release.wait()

    first = asyncio.create_task(read("a"))
    await asyncio.sleep(0)
    queued = [asyncio.create_task(read("a")) for _ in range(HISTORY_QUEUE)]
    await asyncio.sleep(0)
    assert limiter.history_in_flight == 1  # a's others wait for its one slot
    with pytest.raises(TooManyRequests) as caught:
        async with limiter.folding("a"):  # past the queue
            pass
    assert caught.value.code == "too_many_in_flight"
    other = asyncio.create_task(read("b"))
    await asyncio.sleep(0)
    assert limiter.history_in_flight == 2
    with pytest.raises(TooManyRequests):
        async with limiter.folding("c"):  # past the gateway's bound
            pass
    release.set()
    await asyncio.gather(first, other, *queued)
    assert limiter.history_in_flight == 0
    async with limiter.folding("a"):
        pass  # the slots were given back


async def test_reads_of_history_past_their_burst_wait_for_the_callers_pace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    limiter = Limiter(
        rate=0, burst=1, per_player=0, total=0, clock=clock,
        history_per_player=2, history_rate=10.0, history_burst=2,
    )  # fmt: skip
    waits: list[float] = []

    async def sleep(seconds: float) -> None:  # the pace asks to wait: recorded, not slept
        waits.append(seconds)

    monkeypatch.setattr(limits.asyncio, "sleep", sleep)
    for _ in range(4):
        async with limiter.folding("a"):
            pass
    assert waits == [pytest.approx(0.1), pytest.approx(0.2)]  # the third and fourth owe
    async with limiter.folding("b"):  # another caller has its own pace
        pass
    assert len(waits) == 2
    clock.now += 10  # later: the burst again
    async with limiter.folding("a"):
        pass
    assert len(waits) == 2
