"""Figures of a list of samples, for the benches."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank `q`th percentile (0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))
    return ordered[index]
