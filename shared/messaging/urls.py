"""Brokers named by URL: `memory` (in-process) or `amqp://user:pass@host/vhost` (RabbitMQ)."""

from __future__ import annotations

from shared.messaging.port import Broker, Topology

DEFAULT_BROKER = "memory"


def broker_from_url(url: str, topology: Topology = Topology(), prefix: str = "senet") -> Broker:  # noqa: B008
    """The broker adapter for a URL; ValueError on an unknown scheme."""
    if url == "memory":
        from shared.messaging.memory import MemoryBroker

        return MemoryBroker(topology, prefix)
    if url.startswith(("amqp://", "amqps://")):
        from shared.messaging.amqp import AmqpBroker

        return AmqpBroker(url, topology, prefix)
    raise ValueError(f"unknown broker URL {url!r}: expected 'memory' or 'amqp[s]://host/vhost'")
