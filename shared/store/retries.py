"""Read-modify-write of one aggregate that concurrent writers may race on.

Two requests that load the same aggregate (or find it missing and create it) and save it
both write its next version: the store keeps one and refuses the other with an
IntegrityError. The loser re-reads and applies its change again; after `ATTEMPTS` lost
races it answers 409 `write_conflict` (try again), never a 500.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from eventsourcing.persistence import IntegrityError

from shared.contracts.errors import Conflict

T = TypeVar("T")
ATTEMPTS = 10
PAUSE = 0.005  # seconds, times the attempt and a random factor, between two attempts


def retried(change: Callable[[], T], what: str, code: str = "write_conflict") -> T:
    """`change()` (load, change, save: blocking, so call it in a thread) again while its
    save loses a race; 409 `code` naming `what` after ATTEMPTS lost races."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return change()
        except IntegrityError:
            if attempt < ATTEMPTS:  # another writer saved it first: re-read, change again
                time.sleep(PAUSE * attempt * random.random())
    raise Conflict(f"{what} changed at the same time too often; try again", code=code)
