"""`senet bench peers` plays senet each of its ways (a player socket across matches, a table
socket a match, HTTP moves): whole matches, no errors, every acknowledged move stored."""

from __future__ import annotations

import time

import pytest
from aiohttp.test_utils import TestClient

from services.bench import peer_drivers


@pytest.mark.parametrize("path", peer_drivers.PATHS)
async def test_each_move_path_plays_whole_matches(client: TestClient, path: str) -> None:
    samples = peer_drivers.Samples()
    loop = peer_drivers.senet_loop(client, seed=3, path=path)  # type: ignore[arg-type]
    for _ in range(3):  # one call plays one match to its end (the same two players)
        await loop(0, time.monotonic() + 600, samples)
    assert samples.errors == 0, samples.causes
    assert samples.matches == 3 and samples.moves >= 15
    assert len(samples.mover_ms) == len(samples.opponent_ms) == samples.moves
    for table_id, cells in samples.acked.items():
        token = samples.tokens[table_id]
        marked = await peer_drivers.senet_marks(client, table_id, token)  # type: ignore[arg-type]
        assert cells <= marked


def test_an_unknown_path_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown move path"):
        peer_drivers.senet_loop(None, seed=1, path="pigeon")  # type: ignore[arg-type]
