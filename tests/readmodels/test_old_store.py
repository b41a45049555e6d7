"""A store made before the persisted read models starts, builds them, and serves the same."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.readmodels.schema import positions
from tests.platform import embedded_config

FIXTURE = Path(__file__).parent.parent / "fixtures" / "old-store"
NEW_FIELDS = (  # added since
    "to_act", "created_at", "updated_at", "result", "creator", "resigned", "visibility",
    "spectators", "rematch_accepted", "rematch_table", "rematch_of", "invited", "takebacks",
    "undo_seat", "undo_asked", "undo_voters", "tournament", "start_when_full",
)  # fmt: skip


NEW_RESULT_FIELDS = ("resigned",)  # added to a result since
NEW_VIEW_FIELDS = ("turn_since", "prompt_code", "prompt_params")  # added to a view since


def _old_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    return result and {k: v for k, v in result.items() if k not in NEW_RESULT_FIELDS}


def _old_shape(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in NEW_FIELDS}


async def _all(client: TestClient, path: str) -> list[Any]:
    items: list[Any] = []
    cursor = None
    while True:
        query = {"limit": "2"} | ({"cursor": cursor} if cursor else {})
        page = await (await client.get(path, params=query)).json()
        items += page["items"]
        cursor = page["next"]
        if cursor is None:
            return items


async def test_an_old_store_builds_its_read_models_and_serves_what_it_served(
    tmp_path: Path, aiohttp_client: Any
) -> None:
    shutil.copy(FIXTURE / "senet.db", tmp_path / "senet.db")
    served = json.loads((FIXTURE / "served.json").read_text())
    platform = Platform(embedded_config(f"sqlite:///{tmp_path}/senet.db"))
    await platform.start()
    try:
        assert platform.app is not None and platform.readmodels is not None
        client = await aiohttp_client(platform.app)
        # The first build of an old store (a list waits for it only a second: a busy machine)
        last = platform.store.last_position()
        assert await platform.readmodels.runner.wait(last, timeout=120)
        lobby = await _all(client, "/api/tables")
        db = platform.readmodels.db
        assert set(positions(db).values()) == {platform.store.last_position()}

        assert {t["table_id"]: _old_shape(t) for t in lobby} == {
            t["table_id"]: t for t in served["tables"]
        }
        assert len(lobby) == 6 and lobby[0]["table_id"] == served["lonely"]  # newest first
        assert sum(t["status"] == "over" and t["result"] is not None for t in lobby) == 3
        for key, view in served["views"].items():
            table_id, _ = key.split("/")
            token = served["tokens"][view["table"]["seats"][view["seat"]]["player_id"]]
            response = await client.get(
                f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {token}"}
            )
            now = {k: v for k, v in (await response.json()).items() if k not in NEW_VIEW_FIELDS}
            now["table"] = _old_shape(now["table"])
            now["result"] = _old_result(now["result"])
            assert now == view
        for player_id, results in served["results"].items():
            # Then oldest first, now newest first.
            assert await _all(client, f"/api/players/{player_id}/results") == results[::-1]
        for game in ("ra", "sobek"):
            for kind in ("standings", "ratings"):
                assert await _all(client, f"/api/games/{game}/{kind}") == served[f"{game}/{kind}"]
    finally:
        await platform.stop()
