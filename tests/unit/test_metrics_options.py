"""`--metrics-port` on every role without HTTP, from SENET_METRICS_PORT by default."""

from __future__ import annotations

import pytest

from services.cli.main import build_parser


@pytest.mark.parametrize("verb", ["table", "relay", "scoring", "notify"])
def test_metrics_port_defaults_to_off_and_follows_the_environment(
    verb: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SENET_METRICS_PORT", raising=False)
    monkeypatch.delenv("SENET_NOTIFY_METRICS_PORT", raising=False)
    assert build_parser().parse_args([verb]).metrics_port == 0
    monkeypatch.setenv("SENET_METRICS_PORT", "9101")
    assert build_parser().parse_args([verb]).metrics_port == 9101
    assert build_parser().parse_args([verb, "--metrics-port", "9200"]).metrics_port == 9200


def test_notify_still_reads_its_older_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SENET_METRICS_PORT", raising=False)
    monkeypatch.setenv("SENET_NOTIFY_METRICS_PORT", "9102")
    assert build_parser().parse_args(["notify"]).metrics_port == 9102
