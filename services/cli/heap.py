"""The garbage collector of a long-running process, settled once it has started.

A full (generation 2) collection walks every tracked object. Right after start-up most of
them are the modules, settings and long-lived objects of the roles, which live as long as
the process: under load every full collection walked them again and stalled the event loop
for 50-130 ms (the gateway, about 140,000 objects) or 80 ms (a table worker), the tail of
every move in flight at that moment. `settle_heap` collects once and then freezes what is
left (`gc.freeze`: those objects are never walked again), so a full collection walks only
what the process allocated since. Called by each role's process once it serves (not in the
test processes, which start many platforms one after the other).
"""

from __future__ import annotations

import gc

from shared.observability import metrics


def settle_heap() -> int:
    """Collect, then move every object left out of the collector's sight; how many (also
    the gauge `senet_heap_frozen_objects`)."""
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    metrics.HEAP_FROZEN.set(frozen)
    return frozen
