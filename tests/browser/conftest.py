"""Headless Chromium (Debian's chromium + chromium-driver, driven by selenium) and a real server.

`.ci/browser` installs the browser; under CI=true a missing one fails these tests, never skips.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from shared.ports import free_port
from tests.conftest import IN_CI

CHROMIUM = os.environ.get("SENET_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("SENET_CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=PaintHolding,BackForwardCache,Translate,OptimizationHints,MediaRouter",
    "--disable-extensions",
    "--disable-renderer-backgrounding",
    "--disable-lcd-text",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is a browser test."""
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def require_browser() -> None:
    """Skip locally without chromium; under CI=true that is a failure."""
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).exists()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    if not missing:
        return
    message = f"missing {', '.join(missing)} (run .ci/browser)"
    if IN_CI:
        pytest.fail(message + " (CI=true: the browser tests must run)")
    pytest.skip(message)


class Server:
    """A `senet serve` process on a free port."""

    def __init__(self, tmp: Path, *args: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp / f"serve-{self.port}.log"
        command = [sys.executable, "-m", "services.cli.main", "--log-level", "WARNING", "serve"]
        command += ["--port", str(self.port), *(a.replace("{base}", self.base) for a in args)]
        if "--store" not in args:
            command += ["--store", f"sqlite:///{tmp}/senet-{self.port}.db"]
        self.command = command
        self.start()

    def start(self) -> None:
        """Run the process (again: same port, same store) and wait until it is ready."""
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(self.command, stdout=out, stderr=subprocess.STDOUT)
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"senet serve stopped: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/readyz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"senet serve never became ready: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        """Stop the process (and wait for it)."""
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start `senet serve` with extra arguments (`{base}` becomes its URL); all are stopped."""
    started: list[Server] = []

    def start(*args: str) -> Server:
        server = Server(tmp_path, *args)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def server(serve: Callable[..., Server]) -> Server:
    """The embedded default (in-process broker, SQLite)."""
    require_browser()
    return serve()


@pytest.fixture
def browser() -> Iterator[Callable[..., Any]]:
    """Open a headless Chromium window (each its own profile: one player each)."""
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers: list[Any] = []

    def open_window(width: int = 1280, height: int = 1000, network_log: bool = False) -> Any:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (*FLAGS, f"--window-size={width},{height}", "--lang=en-US"):
            options.add_argument(flag)
        if network_log:
            options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_script_timeout(30)
        drivers.append(driver)
        return driver

    yield open_window
    for driver in drivers:
        driver.quit()
