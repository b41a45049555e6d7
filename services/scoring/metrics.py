"""Prometheus metrics of the scoring service, in prometheus_client's default registry.

The default registry is process-wide and is what a `/metrics` endpoint serves, so the
metric is defined once, here, when the module is first imported.
"""

from __future__ import annotations

from prometheus_client import Counter

from shared.audit.verdicts import MISMATCH, OK

VERIFICATIONS = Counter(
    "senet_audit_verifications",
    "Finished games verified by the scoring service, by outcome (ok or mismatch)",
    ["outcome"],
)
for _outcome in (OK, MISMATCH):
    VERIFICATIONS.labels(outcome=_outcome)  # both series exist from the start, at 0
