"""Fixtures shared by every test layer: the machine's real servers, unique names per run."""

from __future__ import annotations

import contextlib
import fcntl
import gc
import logging
import os
import socket
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import structlog

AMQP_URL = os.environ.get("SENET_TEST_AMQP", "amqp://guest:guest@127.0.0.1:5672/")
PG_URL = os.environ.get("SENET_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
TEST_POOL = "pool_size=2&max_overflow=6"  # each store's connections kept, and more at need
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1.0):
            return True
    except OSError:
        return False


def require_server(name: str, host: str, port: int) -> None:
    """Skip locally when a server is down; under CI=true a missing server is a failure."""
    if _reachable(host, port):
        return
    message = f"{name} is not reachable on {host}:{port}"
    if IN_CI:
        pytest.fail(message + " (CI=true: real servers are required)")
    pytest.skip(message)


@pytest.fixture(autouse=True)
def _logging_restored() -> Iterator[None]:
    """A test that configures logging (`senet ...` run in-process) leaves no trace on the next."""
    config = structlog.get_config()
    root = logging.getLogger()
    level = root.level
    yield
    structlog.configure(**config)
    ours = structlog.stdlib.ProcessorFormatter  # the formatter of `configure()`'s handler
    root.handlers[:] = [h for h in root.handlers if not isinstance(h.formatter, ours)]
    root.setLevel(level)


_LOCKS = Path(tempfile.gettempdir())


@contextlib.contextmanager
def _flock(name: str, mode: int) -> Iterator[None]:
    with (_LOCKS / f"senet-tests-{name}.lock").open("a") as file:
        fcntl.flock(file, mode)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


@contextlib.contextmanager
def _broker_lock(exclusive: bool) -> Iterator[None]:
    """Every test shares the machine's RabbitMQ; a test that stops it holds it alone.

    Tests run in several processes (pytest-xdist) and other runs may share the machine: a
    shared `flock` per test, an exclusive one for the test that stops the server. The
    turnstile lets a waiting exclusive taker in before later shared ones (no starvation)."""
    with contextlib.ExitStack() as held:
        with _flock("rabbitmq-turnstile", fcntl.LOCK_EX):
            held.enter_context(_flock("rabbitmq", fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH))
        yield


@pytest.fixture(autouse=True)
def _servers_in_use(request: pytest.FixtureRequest) -> Iterator[None]:
    """Hold the machine's servers for the test: RabbitMQ shared (alone for `stops_rabbitmq`),
    and for `pg_processes` the one slot for platform processes on PostgreSQL (each takes
    tens of the server's 100 connections). Always in this order: no two tests wait on each
    other. A test that talks to no real server (no `integration` mark, the mark every user
    of the servers' fixtures gets) takes no lock: it runs while RabbitMQ is down."""
    node = request.node
    stops = node.get_closest_marker("stops_rabbitmq") is not None
    with contextlib.ExitStack() as held:
        if stops or any(node.get_closest_marker(m) for m in ("integration", "pg_processes")):
            held.enter_context(_broker_lock(stops))
        if node.get_closest_marker("pg_processes") is not None:
            held.enter_context(_flock("pg-processes", fcntl.LOCK_EX))
        yield


@pytest.fixture(autouse=True)
def _no_postgresql_connection_left(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test on PostgreSQL closes every connection it opened (a pool left open holds its
    connections for the rest of the run, and the suite shares the server's 100): its
    connections carry a name of their own (libpq's `PGAPPNAME`), counted after teardown."""
    if request.node.get_closest_marker("integration") is None:
        yield
        return
    name = "senet-test-" + uuid.uuid4().hex[:12]
    os.environ["PGAPPNAME"] = name
    try:
        yield
    finally:
        os.environ.pop("PGAPPNAME", None)
    if not _connections_named(name, wait=0.0):
        return
    gc.collect()  # what the test dropped without closing is closed now, or never
    left = _connections_named(name)
    if left:
        pytest.fail(f"PostgreSQL connection(s) of this test still open after it ended: {left}")


def _connections_named(name: str, wait: float = 10.0) -> list[tuple[str, str]]:
    """The connections of that application name the server still has, once those
    being closed are gone (a closed connection leaves `pg_stat_activity` soon after)."""
    import psycopg

    deadline = time.monotonic() + wait
    with psycopg.connect(PG_URL, autocommit=True, application_name="senet-tests") as conn:
        while True:
            rows = conn.execute(
                "SELECT state, left(query, 80) FROM pg_stat_activity WHERE application_name = %s",
                (name,),
            ).fetchall()
            if not rows or time.monotonic() > deadline:
                return [(str(state), str(query)) for state, query in rows]
            time.sleep(0.05)


@pytest.fixture
def unique_name() -> str:
    """A fresh name for queues, schemas and tables of one test."""
    return "t" + uuid.uuid4().hex[:12]


@pytest.fixture
def amqp_url() -> str:
    """The real RabbitMQ of the machine."""
    require_server("RabbitMQ", "127.0.0.1", 5672)
    return AMQP_URL


@pytest.fixture
def postgres_url(unique_name: str) -> Iterator[str]:
    """A PostgreSQL URL whose schema is private to this test and dropped afterwards, with
    small connection pools (`TEST_POOL`): three test processes share the server's 100."""
    require_server("PostgreSQL", "127.0.0.1", 5432)
    import psycopg

    schema = f"senet_{unique_name}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG_URL}?schema={schema}&{TEST_POOL}"
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


# What a test needs of the real servers: these fixtures, or a backend parameter by these ids.
_REAL_FIXTURES = {"amqp_url", "postgres_url", "real_config", "real_platform", "real_client"}
_REAL_PARAMS = ("amqp", "postgres")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--reverse", action="store_true", help="run the tests in reverse collection order"
    )


def _needs_real_servers(item: pytest.Item) -> bool:
    if _REAL_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    callspec = getattr(item, "callspec", None)
    return callspec is not None and any(
        isinstance(value, str) and value.startswith(_REAL_PARAMS)
        for value in callspec.params.values()
    )


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark `integration` every test that talks to RabbitMQ or PostgreSQL, and
    `pg_processes` every test of a platform of processes (`cluster`, tests/faults)."""
    if _needs_real_servers(item):
        item.add_marker(pytest.mark.integration)
    if "cluster" in getattr(item, "fixturenames", ()):
        item.add_marker(pytest.mark.pg_processes)


@pytest.hookimpl(trylast=True)  # after pytest-randomly (give -p no:randomly with --reverse)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--reverse"):
        items.reverse()


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Name the random order's seed even with -q (pytest-randomly puts it only in the
    header, which -q hides), so a failing order can be replayed from a CI log. Printed by
    the controlling process (pytest-xdist's workers print nothing)."""
    config = session.config
    if hasattr(config, "workerinput"):
        return
    seed = getattr(config.option, "randomly_seed", None)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if config.pluginmanager.has_plugin("randomly") and isinstance(seed, int) and reporter:
        reporter.write_line(f"random order: --randomly-seed={seed} repeats it")
