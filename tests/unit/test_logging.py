"""Logging is test-safe: no logger keeps writing to a stream that a finished test closed."""

from __future__ import annotations

import io
import logging
from contextlib import redirect_stderr

import structlog
from structlog.testing import capture_logs

from shared.logging import configure

log = structlog.get_logger("senet.test_logging")


def test_lines_go_to_the_stderr_of_the_moment_not_the_one_configured_with() -> None:
    with redirect_stderr(io.StringIO()) as first:
        configure()  # as `senet ...` run in-process by a test does, under its captured stderr
        log.info("first_line")
        logging.getLogger("senet.stdlib").warning("first stdlib line")
    first.close()  # the test that configured is over: its stream is gone
    with redirect_stderr(io.StringIO()) as second:
        log.info("second_line")  # no ValueError: I/O operation on closed file
        logging.getLogger("senet.stdlib").warning("second stdlib line")
    assert "second_line" in second.getvalue()
    assert "second stdlib line" in second.getvalue()


def test_a_later_capture_sees_a_logger_used_before_it() -> None:
    configure()
    with redirect_stderr(io.StringIO()):
        log.info("used_once")  # a cached logger would keep the processors of this moment
    with capture_logs() as captured:
        log.info("captured_line", table_id="t1")
    assert [(e["event"], e["table_id"]) for e in captured] == [("captured_line", "t1")]


def test_configure_again_takes_effect_on_loggers_already_used() -> None:
    with redirect_stderr(io.StringIO()) as out:
        configure(level="INFO")
        log.debug("hidden_line")
        configure(level="DEBUG")
        log.debug("shown_line")
    assert "hidden_line" not in out.getvalue() and "shown_line" in out.getvalue()
