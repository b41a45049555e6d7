"""Every Prometheus metric of senet, in the default registry (one set per process).

Services only call the helpers and objects here; `docs/operations.md` ("Observability")
lists the names. The notify service keeps its own registry (`services/notify/metrics.py`),
served on the same `/metrics`.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

from shared.contracts.envelopes import Outcome

# Deciding a move takes well under a millisecond; a commit a few milliseconds.
_FAST = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

COMMANDS = Counter(
    "senet_commands", "Commands decided by the table workers, by outcome and error code",
    ["outcome", "code"],
)  # fmt: skip
DECIDE_SECONDS = Histogram(
    "senet_decide_seconds", "Deciding one command with the game's rules", buckets=_FAST
)
STORE_SECONDS = Histogram(
    "senet_store_save_seconds", "One event-store commit (a group commit is one)", buckets=_FAST
)
GROUP_COMMIT_BATCH = Histogram(
    "senet_group_commit_batch_size", "Commands decided and stored in one transaction",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128),
)  # fmt: skip
PUBLISH_SECONDS = Histogram(
    "senet_publish_seconds", "The relay publishing one batch until the broker confirms all of it",
    buckets=_FAST,
)  # fmt: skip
RELAY_PUBLISHED = Counter("senet_relay_published_events", "Events the relay published")
BROKER_MESSAGES = Counter(
    "senet_broker_messages",
    "Messages this process published to the broker, or had delivered by it",
    ["direction"],  # published | delivered
)
BROKER_PUBLISHED = BROKER_MESSAGES.labels("published")
BROKER_DELIVERED = BROKER_MESSAGES.labels("delivered")
RELAY_ACTIVE = Gauge("senet_relay_active", "1 while this process's relay holds the lease")
HEAP_FROZEN = Gauge(
    "senet_heap_frozen_objects",
    "objects of start-up that full garbage collections no longer walk (gc.freeze)",
)
READMODELS_ACTIVE = Gauge(
    "senet_readmodels_active", "1 while this process's read-model projector folds (holds the lease)"
)
EVENTS_APPLIED = Counter(
    "senet_projector_applied_events", "Table events applied by a projector", ["projector"]
)
VIEW_FRAMES_ENCODED = Counter(
    "senet_view_frames_encoded",
    "WebSocket view frames encoded (once per table version and seat, shared by its sockets)",
)
WS_MESSAGES = Counter(
    "senet_ws_messages",
    "Client messages on table sockets (moves, resignations): accepted, refused, malformed",
    ["outcome"],
)
PROJECTOR_POSITION = Gauge(
    "senet_projector_position", "The last store position a projector applied", ["projector"]
)
PROJECTOR_LAG_EVENTS = Gauge(
    "senet_projector_lag_events", "Table events in the store the projector has not applied",
    ["projector"],
)  # fmt: skip
PROJECTOR_LAG_SECONDS = Gauge(
    "senet_projector_lag_seconds", "Age of the oldest table event the projector has not applied",
    ["projector"],
)  # fmt: skip
QUEUE_DEPTH = Gauge("senet_queue_depth", "Messages waiting in a broker queue (sampled)", ["queue"])
HTTP_REQUESTS = Counter(
    "senet_http_requests", "HTTP requests answered by the gateway", ["method", "route", "status"]
)
HTTP_SECONDS = Histogram(
    "senet_http_request_seconds", "Gateway request handling time", ["method", "route"]
)
GAMES_FINISHED = Counter("senet_games_finished", "Finished games the scoring service folded")
AUDIT_VERIFICATIONS = Counter(
    "senet_audit_verifications",
    "Finished games verified by the scoring service, by outcome (ok or mismatch)",
    ["outcome"],
)
for _outcome in ("ok", "mismatch"):  # shared.audit.verdicts.OK, MISMATCH
    AUDIT_VERIFICATIONS.labels(outcome=_outcome)  # both series exist from the start, at 0


def count_command(outcome: Outcome) -> None:
    """Count one decided command: accepted, replayed (a repeated id) or rejected by code."""
    if not outcome.accepted:
        COMMANDS.labels("rejected", outcome.error.code if outcome.error else "").inc()
    elif outcome.replayed:
        COMMANDS.labels("replayed", "").inc()
    else:
        COMMANDS.labels("accepted", "").inc()
