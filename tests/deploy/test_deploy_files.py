"""The deployment files parse and agree with the code (compose, RabbitMQ definitions, k8s)."""

from __future__ import annotations

import asyncio
import base64
import copy
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path
from typing import Any

import aio_pika
import kubernetes_validate
import pytest
import yaml

from shared.messaging.amqp import AmqpBroker
from shared.messaging.port import Topology

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
PREFIX = "senet"  # the default prefix the deployment uses (SENET_PREFIX)
SHARDS = 8  # the default shard count (SENET_SHARDS)


def _compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def _definitions() -> dict[str, Any]:
    return json.loads((DEPLOY / "rabbitmq" / "definitions.json").read_text())


class _Recorded:
    """What `AmqpBroker._declare_topology` declared: exchanges, queues and bindings."""

    def __init__(self) -> None:
        self.exchanges: dict[str, str] = {}
        self.queues: dict[str, dict[str, Any]] = {}
        self.bindings: set[tuple[str, str, str]] = set()


class _Queue:
    def __init__(self, recorded: _Recorded, name: str) -> None:
        self.recorded, self.name = recorded, name

    async def bind(self, exchange: Any, routing_key: str) -> None:
        source = exchange if isinstance(exchange, str) else exchange.name
        self.recorded.bindings.add((source, routing_key, self.name))


class _Exchange:
    def __init__(self, name: str) -> None:
        self.name = name


class _RecordingChannel:
    """Stands in for an aio-pika channel and only records the declarations it is asked for."""

    def __init__(self) -> None:
        self.recorded = _Recorded()

    async def declare_exchange(self, name: str, kind: Any, durable: bool = False) -> _Exchange:
        assert durable, f"exchange {name} must be durable"
        self.recorded.exchanges[name] = kind.value
        return _Exchange(name)

    async def declare_queue(
        self, name: str, durable: bool = False, arguments: dict[str, Any] | None = None
    ) -> _Queue:
        assert durable, f"queue {name} must be durable"
        self.recorded.queues[name] = dict(arguments or {})
        return _Queue(self.recorded, name)


def _declared_by_code(prefix: str = PREFIX) -> _Recorded:
    """Run the broker's own topology declaration against the recording channel."""
    broker = AmqpBroker("amqp://unused/", Topology(shards=SHARDS), prefix=prefix)
    channel = _RecordingChannel()
    asyncio.run(broker._declare_topology(channel))  # type: ignore[arg-type]
    return channel.recorded


# Compose


def test_compose_names_every_service() -> None:
    services = _compose()["services"]
    assert {"rabbitmq", "postgres", "gateway", "table", "relay", "scoring"} <= set(services)


def test_compose_table_workers_can_be_scaled() -> None:
    table = _compose()["services"]["table"]
    assert "container_name" not in table
    assert "ports" not in table
    assert table["command"][0] == "table"
    assert "--no-relay" in table["command"], "the relay runs once, in its own container"


def test_compose_runs_one_relay() -> None:
    relay = _compose()["services"]["relay"]
    assert relay["command"] == ["relay"]
    assert relay.get("deploy", {}).get("replicas", 1) == 1


def test_compose_services_build_from_the_dockerfile_and_share_settings() -> None:
    services = _compose()["services"]
    for name in ("gateway", "table", "relay", "scoring"):
        service = services[name]
        assert service["build"]["dockerfile"] == "deploy/Dockerfile"
        assert (DEPLOY / service["build"]["context"]).resolve() == DEPLOY.parent
        env = service["environment"]
        assert env["SENET_STORE"] == "postgresql://senet:senet@postgres/senet"
        assert env["SENET_BROKER"] == "amqp://senet:senet@rabbitmq/"
        assert env["SENET_PREFIX"] == PREFIX and int(env["SENET_SHARDS"]) == SHARDS
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert service["depends_on"]["rabbitmq"]["condition"] == "service_healthy"


def test_compose_gateway_serves_8080_with_a_readiness_healthcheck() -> None:
    gateway = _compose()["services"]["gateway"]
    assert gateway["command"] == ["gateway"]
    assert "8080:8080" in gateway["ports"]
    assert gateway["environment"]["SENET_HOST"] == "0.0.0.0"
    assert any("/readyz" in part for part in gateway["healthcheck"]["test"])


def test_compose_servers_have_healthchecks_and_rabbitmq_loads_the_definitions() -> None:
    services = _compose()["services"]
    assert services["postgres"]["image"].startswith("postgres:16")
    assert "healthcheck" in services["postgres"]
    rabbitmq = services["rabbitmq"]
    assert rabbitmq["image"] == "rabbitmq:3.13-management"
    assert "healthcheck" in rabbitmq
    mounted = {volume.split(":")[0] for volume in rabbitmq["volumes"]}
    for name in ("rabbitmq.conf", "definitions.json", "enabled_plugins"):
        assert f"./rabbitmq/{name}" in mounted
        assert (DEPLOY / "rabbitmq" / name).is_file()
    conf = (DEPLOY / "rabbitmq" / "rabbitmq.conf").read_text()
    assert "load_definitions = /etc/rabbitmq/definitions.json" in conf
    plugins = (DEPLOY / "rabbitmq" / "enabled_plugins").read_text()
    assert plugins.strip().startswith("[") and plugins.strip().endswith("].")
    assert "rabbitmq_management" in plugins


def test_dockerfile_installs_the_project_as_a_non_root_user() -> None:
    text = (DEPLOY / "Dockerfile").read_text()
    assert text.startswith("#") and "FROM python:3.11-slim" in text
    assert "pip install ." in text
    assert "\nUSER senet" in text
    assert 'ENTRYPOINT ["senet"]' in text


# RabbitMQ definitions


def test_top_level_definitions_link_is_the_rabbitmq_definitions_file() -> None:
    # deploy/rabbitmq-definitions.json is a symlink, so tools that look in deploy/ find it.
    link = DEPLOY / "rabbitmq-definitions.json"
    assert link.resolve() == (DEPLOY / "rabbitmq" / "definitions.json").resolve()


def test_definitions_declare_exactly_the_exchanges_the_code_declares() -> None:
    declared = _declared_by_code()
    exchanges = {e["name"]: e["type"] for e in _definitions()["exchanges"]}
    assert exchanges == declared.exchanges
    assert all(e["durable"] and not e["auto_delete"] for e in _definitions()["exchanges"])


def test_definitions_declare_exactly_the_queues_and_arguments_the_code_declares() -> None:
    declared = _declared_by_code()
    queues = {q["name"]: q["arguments"] for q in _definitions()["queues"]}
    assert queues == declared.queues
    assert all(q["durable"] and not q["auto_delete"] for q in _definitions()["queues"])
    assert all(q["vhost"] == "/" for q in _definitions()["queues"])


def test_definitions_declare_exactly_the_bindings_the_code_declares() -> None:
    declared = _declared_by_code()
    bindings = {
        (b["source"], b["routing_key"], b["destination"])
        for b in _definitions()["bindings"]
        if b["destination_type"] == "queue"
    }
    assert bindings == declared.bindings
    assert len(bindings) == len(_definitions()["bindings"])


def test_definitions_user_senet_has_password_senet_and_full_permissions() -> None:
    definitions = _definitions()
    (user,) = definitions["users"]
    assert user["name"] == "senet"
    assert user["hashing_algorithm"] == "rabbit_password_hashing_sha256"
    raw = base64.b64decode(user["password_hash"])
    salt, digest = raw[:4], raw[4:]
    assert hashlib.sha256(salt + b"senet").digest() == digest
    (grant,) = definitions["permissions"]
    assert grant == {"user": "senet", "vhost": "/", "configure": ".*", "write": ".*", "read": ".*"}
    assert {"name": "/"} in definitions["vhosts"]


def test_definitions_policies_do_not_override_the_code_arguments() -> None:
    # A delivery-limit policy would take the minimum with x-delivery-limit: keep it out.
    for policy in _definitions()["policies"]:
        assert policy["pattern"].startswith(r"^senet\.")
        assert not {"delivery-limit", "dead-letter-exchange", "dead-letter-routing-key"} & set(
            policy["definition"]
        )


# Kubernetes

K8S_VERSION = "1.29"  # the oldest Kubernetes the manifests must validate against


def _manifests() -> list[tuple[str, dict[str, Any]]]:
    """(file name, document) of every Kubernetes object in deploy/k8s."""
    found = []
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if document and document["kind"] != "Kustomization":
                found.append((path.name, document))
    return found


def _object(kind: str, name: str) -> dict[str, Any]:
    (found,) = [d for _, d in _manifests() if d["kind"] == kind and d["metadata"]["name"] == name]
    return found


def test_every_k8s_manifest_validates_against_the_kubernetes_schema() -> None:
    # kubernetes-validate ships the schemas: this runs offline. strict: unknown fields fail.
    assert _manifests()
    for file, document in _manifests():
        try:
            kubernetes_validate.validate(document, K8S_VERSION, strict=True)
        except kubernetes_validate.ValidationError as error:
            pytest.fail(f"{file}: {document['kind']}: {error.message} at {list(error.path)}")


def test_the_validator_rejects_a_broken_manifest() -> None:
    broken = copy.deepcopy(_object("Deployment", "table"))
    broken["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, K8S_VERSION, strict=True)


def test_kustomization_lists_every_manifest() -> None:
    kustomization = yaml.safe_load((DEPLOY / "k8s" / "kustomization.yaml").read_text())
    files = {path.name for path in (DEPLOY / "k8s").glob("*.yaml")} - {"kustomization.yaml"}
    assert set(kustomization["resources"]) == files


def test_k8s_has_the_namespace_settings_and_example_secret() -> None:
    kinds = {(d["kind"], d["metadata"]["name"]) for _, d in _manifests()}
    expected = {("Namespace", "senet"), ("ConfigMap", "senet-config"), ("Secret", "senet-secrets")}
    assert expected <= kinds
    assert all(d["metadata"].get("namespace", "senet") == "senet" for _, d in _manifests())
    config = _object("ConfigMap", "senet-config")["data"]
    assert config["SENET_PREFIX"] == PREFIX and int(config["SENET_SHARDS"]) == SHARDS
    secret = _object("Secret", "senet-secrets")
    assert "EXAMPLE" in json.dumps(secret["metadata"]["annotations"])
    assert {"SENET_STORE", "SENET_BROKER"} <= set(secret["stringData"])


def _container(name: str) -> dict[str, Any]:
    (container,) = _object("Deployment", name)["spec"]["template"]["spec"]["containers"]
    return container


def test_k8s_gateway_probes_readyz_and_healthz_behind_a_service() -> None:
    gateway = _container("gateway")
    assert gateway["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert gateway["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert gateway["args"] == ["gateway"]
    service = _object("Service", "gateway")
    assert service["spec"]["selector"] == {"app.kubernetes.io/name": "gateway"}


def test_k8s_table_workers_have_resources_and_run_without_the_relay() -> None:
    table = _container("table")
    assert table["args"] == ["table", "--no-relay"]
    assert table["resources"]["requests"]["cpu"]


def test_k8s_runs_exactly_one_relay() -> None:
    relay = _object("Deployment", "relay")
    assert relay["spec"]["replicas"] == 1
    assert relay["spec"]["strategy"]["type"] == "Recreate"
    assert _container("relay")["args"] == ["relay"]


def test_k8s_runs_the_scoring_service_with_probes() -> None:
    scoring = _container("scoring")
    assert scoring["args"] == ["scoring"]
    assert scoring["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert _object("Deployment", "scoring")["spec"]["replicas"] == 1


def test_k8s_hpa_targets_the_table_deployment_up_to_one_worker_per_shard() -> None:
    (hpa,) = [d for _, d in _manifests() if d["kind"] == "HorizontalPodAutoscaler"]
    assert hpa["apiVersion"] == "autoscaling/v2"
    target = hpa["spec"]["scaleTargetRef"]
    assert (target["apiVersion"], target["kind"], target["name"]) == (
        "apps/v1",
        "Deployment",
        "table",
    )
    assert 1 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"] <= SHARDS


def test_k8s_deployments_select_their_own_pods_and_use_the_settings() -> None:
    for _, document in _manifests():
        if document["kind"] != "Deployment":
            continue
        spec = document["spec"]
        labels = spec["template"]["metadata"]["labels"]
        assert spec["selector"]["matchLabels"].items() <= labels.items()
        (container,) = spec["template"]["spec"]["containers"]
        sources = {next(iter(source.values()))["name"] for source in container["envFrom"]}
        assert sources == {"senet-config", "senet-secrets"}
        assert spec["template"]["spec"]["securityContext"]["runAsNonRoot"] is True


# RabbitMQ definitions against the real server


def _with_prefix(definitions: dict[str, Any], prefix: str) -> dict[str, Any]:
    """The topology part of the definitions, renamed from `senet.` to `<prefix>.`."""
    text = json.dumps(
        {key: definitions[key] for key in ("exchanges", "queues", "bindings", "policies")}
    )
    text = text.replace('"senet.', f'"{prefix}.').replace(r'"^senet\\.', rf'"^{prefix}\\.')
    renamed = json.loads(text)
    for policy in renamed["policies"]:
        policy["name"] = f"{prefix}-{policy['name']}"
    return renamed


@pytest.mark.integration
async def test_services_declare_over_the_imported_definitions_without_precondition_failed(
    amqp_url: str,
) -> None:
    """Import the definitions into the real RabbitMQ, then let the broker declare on top."""
    if shutil.which("rabbitmqctl") is None:
        pytest.skip("rabbitmqctl is not installed")
    prefix = "t" + uuid.uuid4().hex[:12]
    renamed = _with_prefix(_definitions(), prefix)
    # rabbitmqctl runs as the rabbitmq user: the file must be readable by others.
    with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
        json.dump(renamed, file)
        file.flush()
        os.chmod(file.name, 0o644)
        subprocess.run(
            ["rabbitmqctl", "-q", "import_definitions", file.name], check=True, timeout=60
        )
    broker = AmqpBroker(amqp_url, Topology(shards=SHARDS), prefix=prefix)
    try:
        await broker.connect()  # PRECONDITION_FAILED here would mean a drift
        listed = subprocess.run(
            ["rabbitmqctl", "-q", "list_queues", "name", "durable"],
            check=True, capture_output=True, text=True, timeout=60,
        ).stdout  # fmt: skip
        durable = {
            line.split()[0]
            for line in listed.splitlines()
            if line.startswith(prefix + ".") and line.split()[1] == "true"
        }
        assert durable == {q["name"] for q in renamed["queues"]}
    finally:
        await broker.cleanup()
        await _delete(amqp_url, renamed)


async def _delete(amqp_url: str, renamed: dict[str, Any]) -> None:
    """Remove what the import created, even if the broker never declared it."""
    connection = await aio_pika.connect(amqp_url)
    try:
        channel = await connection.channel()
        for queue in renamed["queues"]:
            await channel.queue_delete(queue["name"])
        for exchange in renamed["exchanges"]:
            await channel.exchange_delete(exchange["name"])
    finally:
        await connection.close()
    for policy in renamed["policies"]:
        command = ["rabbitmqctl", "-q", "clear_policy", policy["name"]]
        subprocess.run(command, check=False, timeout=60)


def test_the_bots_role_is_deployed_split_by_shard() -> None:
    bots = _compose()["services"]["bots"]
    assert bots["command"] == ["bots"]
    assert "SENET_BOT_SHARDS" in bots["environment"]
    shards = []
    for name in ("bots-0", "bots-1"):
        container = _container(name)
        assert container["args"] == ["bots"]
        assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
        [value] = [e["value"] for e in container["env"] if e["name"] == "SENET_BOT_SHARDS"]
        low, high = map(int, value.split("-"))
        shards += range(low, high + 1)
    assert sorted(shards) == list(range(SHARDS)), "each shard's bots played by one Deployment"
