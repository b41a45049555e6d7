"""Every deployed role is probed on /healthz and /readyz and scraped on /metrics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def _deployment(name: str) -> dict[str, Any]:
    documents = yaml.safe_load_all((DEPLOY / "k8s" / f"{name}.yaml").read_text())
    (found,) = [d for d in documents if d and d["kind"] == "Deployment"]
    return found


def test_k8s_table_and_relay_are_probed_and_scraped_on_the_metrics_port() -> None:
    config = yaml.safe_load((DEPLOY / "k8s" / "configmap.yaml").read_text())["data"]
    port = int(config["SENET_METRICS_PORT"])
    for name in ("table", "relay"):
        template = _deployment(name)["spec"]["template"]
        (container,) = template["spec"]["containers"]
        assert {"name": "metrics", "containerPort": port} in container["ports"]
        assert container["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "metrics"}
        assert container["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "metrics"}
        annotations = template["metadata"]["annotations"]
        assert annotations["prometheus.io/scrape"] == "true"
        assert annotations["prometheus.io/port"] == str(port)


def test_k8s_gateway_is_scraped_on_its_http_port() -> None:
    annotations = _deployment("gateway")["spec"]["template"]["metadata"]["annotations"]
    assert (annotations["prometheus.io/port"], annotations["prometheus.io/path"]) == (
        "8080",
        "/metrics",
    )


def test_compose_roles_without_http_check_readyz_on_their_metrics_port() -> None:
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    for name in ("table", "relay", "notify"):
        service = services[name]
        port = service["environment"]["SENET_METRICS_PORT"]
        assert service["environment"]["SENET_HOST"] == "0.0.0.0"
        assert any(f":{port}/readyz" in part for part in service["healthcheck"]["test"])
