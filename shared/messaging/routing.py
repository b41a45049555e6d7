"""Which command shard a table belongs to: a stable hash of its id."""

from __future__ import annotations

import zlib


def shard_of(table_id: str, shards: int) -> int:
    """The shard queue for a table; stable across processes and restarts."""
    return zlib.crc32(table_id.encode()) % shards
