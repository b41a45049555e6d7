"""Prometheus metrics of the notify service (one registry per service instance)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram


class NotifyMetrics:
    """Sent, failed and retried notifications by channel; event-to-send latency; timers."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        self.sent = Counter(
            "senet_notifications_sent", "Notifications delivered", ["channel"],
            registry=self.registry,
        )  # fmt: skip
        self.failed = Counter(
            "senet_notifications_failed", "Notifications dead-lettered", ["channel"],
            registry=self.registry,
        )  # fmt: skip
        self.retried = Counter(
            "senet_notifications_retried", "Delivery attempts that will be retried", ["channel"],
            registry=self.registry,
        )  # fmt: skip
        self.latency = Histogram(
            "senet_notification_latency_seconds", "From the turn to the delivery", ["channel"],
            registry=self.registry,
        )  # fmt: skip
        self.pending_reminders = Gauge(
            "senet_pending_reminders", "Turns with a running clock", registry=self.registry
        )

    def value(self, name: str, **labels: str) -> float:
        """One sample's value (tests and `senet notify --stats`)."""
        return self.registry.get_sample_value(name, labels) or 0.0
