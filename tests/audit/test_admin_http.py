"""`/api/admin/flagged` is for operators' admin tokens and lists the scoring service's flags."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from aiohttp.test_utils import TestClient

from services.cli.main import build_parser, main
from services.cli.platform import SERVE_ROLES, Platform
from services.cli.verbs import keys as keys_verb
from services.gateway.keys import GatewaySettings, admin_hashes
from services.scoring.service import ScoringService
from tests.audit.kit import play_table
from tests.platform import embedded_config, register

ADMIN_TOKEN = "an-operator-token"


@pytest.fixture
async def platform(tmp_path) -> AsyncIterator[Platform]:
    """The embedded platform with the scoring service and one admin token."""
    config = replace(
        embedded_config(f"sqlite:///{tmp_path}/senet.db"),
        roles=SERVE_ROLES,
        gateway=GatewaySettings(admin_token_hashes=admin_hashes(_sha256(ADMIN_TOKEN))),
    )
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
async def client(platform: Platform, aiohttp_client) -> TestClient:
    """An HTTP client of the platform's gateway."""
    assert platform.app is not None
    return await aiohttp_client(platform.app)


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def _verdict_saved(scoring: ScoringService, table_id: str) -> None:
    for _ in range(400):  # the relay publishes the game's end, then the service verifies it
        db = scoring.readmodels.db
        if db.query("SELECT 1 FROM rm_verdicts WHERE table_id = ?", (table_id,)):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"no verdict for {table_id}")


async def _error(client: TestClient, headers: dict[str, str], status: int, code: str) -> None:
    response = await client.get("/api/admin/flagged", headers=headers)
    body = await response.json()
    assert (response.status, body["code"], body["status"]) == (status, code, status)


async def test_without_a_token_401_with_a_player_token_403_unknown_token_401(
    client: TestClient,
) -> None:
    player = await register(client, "someone")
    await _error(client, {}, 401, "missing_token")
    await _error(client, player.auth, 403, "not_admin")
    await _error(client, {"Authorization": "Bearer not-a-token"}, 401, "bad_token")
    # The configured value is the hash: presenting the hash itself is not the token.
    await _error(client, {"Authorization": f"Bearer {_sha256(ADMIN_TOKEN)}"}, 401, "bad_token")


async def test_an_admin_sees_the_flagged_table_with_its_first_divergence(
    platform: Platform, client: TestClient
) -> None:
    assert platform.scoring is not None
    honest = play_table(platform.store, "sobek", 1)
    forged = play_table(platform.store, "sobek", 2, forged=True)
    await _verdict_saved(platform.scoring, honest)
    await _verdict_saved(platform.scoring, forged)

    response = await client.get(
        "/api/admin/flagged", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}
    )

    assert response.status == 200
    page = await response.json()
    assert page["next"] is None
    flagged = page["items"]
    assert [(f["table_id"], f["game"], f["outcome"]) for f in flagged] == [
        (forged, "sobek", "mismatch")
    ]
    divergence = flagged[0]["divergence"]
    assert divergence["kind"] == "seed_mismatch"
    assert "commitment" in divergence["message"]
    assert flagged[0]["verified_at"].endswith("+00:00")
    assert flagged[0]["ended_at"] > 0


def test_admin_tokens_are_configured_as_hashes_only() -> None:
    digest = _sha256("x")
    assert admin_hashes(f" {digest.upper()} ,, {digest}") == frozenset({digest})
    assert admin_hashes("") == frozenset()
    with pytest.raises(ValueError, match="SHA-256"):
        admin_hashes("a-plain-token")


def test_keys_admin_token_prints_a_fresh_token_and_its_hash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = build_parser().parse_args(["keys", "admin-token"])
    assert keys_verb.run(args) == 0
    first, env_line = capsys.readouterr().out.splitlines()
    assert keys_verb.run(args) == 0
    second = json.loads(capsys.readouterr().out.splitlines()[0])
    pair = json.loads(first)
    assert pair["hash"] == _sha256(pair["token"])
    assert env_line == f"SENET_ADMIN_TOKENS={pair['hash']}"
    assert second["token"] != pair["token"] and len(pair["token"]) >= 40


@pytest.mark.timeout(60)  # a broken check would start serving instead of exiting
def test_a_plain_token_in_the_environment_is_refused_at_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SENET_ADMIN_TOKENS", "a-plain-token")
    assert main(["--log-level", "WARNING", "serve", "--store", "memory", "--port", "0"]) == 2
