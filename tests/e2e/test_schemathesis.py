"""schemathesis against a live gateway's /api/openapi.json: no 5xx, every answer fits the schema.

The suite runs a bounded number of examples per operation, the same ones every time
(SENET_SCHEMATHESIS_EXAMPLES, default 15; SENET_SCHEMATHESIS_SEED=N draws others);
docs/operations.md ("API hardening") has the longer run.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import CheckFunction, not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from services.cli.platform import Platform, serve_http
from services.gateway.keys import GatewaySettings
from tests.helpers import free_port
from tests.platform import embedded_config

EXAMPLES = int(os.environ.get("SENET_SCHEMATHESIS_EXAMPLES", "15"))
SEED = os.environ.get("SENET_SCHEMATHESIS_SEED")
CHECKS: list[CheckFunction] = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


async def _players_and_tables(base: str) -> tuple[list[str], list[str]]:
    """Two seated players' tokens plus a stranger's; an open and a started table."""
    async with aiohttp.ClientSession(base) as http:
        tokens = []
        for name in ("ann", "bob", "cy"):
            async with http.post("/api/players", json={"name": name}) as response:
                tokens.append((await response.json())["token"])
        auth = [{"Authorization": f"Bearer {token}"} for token in tokens]
        tables = []
        for _ in range(2):
            body = {"game": "ra", "seats": 2}
            async with http.post("/api/tables", json=body, headers=auth[0]) as response:
                tables.append((await response.json())["table_id"])
        started = tables[1]
        async with http.post(f"/api/tables/{started}/join", json={}, headers=auth[1]):
            pass
        async with http.post(f"/api/tables/{started}/start", json={}, headers=auth[0]):
            pass
    return tokens, tables


def _operations(schema: Any) -> Iterator[Any]:
    for result in schema.get_all_operations():
        yield result.ok()


def _strategy(operation: Any, tables: list[str]) -> st.SearchStrategy[Any]:
    """Positive and negative cases; a table id from the platform half of the time."""
    options = []
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
        options.append(operation.as_strategy(mode))
        if "{table_id}" in operation.path:
            for table_id in tables:
                options.append(operation.as_strategy(mode, path_parameters={"table_id": table_id}))
    return st.one_of(options)


def _run(base: str, tokens: list[str], tables: list[str]) -> list[str]:
    """Every operation with bounded examples; returns the failure reports."""
    schema = schemathesis.openapi.from_url(f"{base}/api/openapi.json")
    # Tokens come from `who` below; unknown query parameters are ignored, as on most APIs.
    schema.config.generation.update(allow_extra_parameters=False, with_security_parameters=False)
    identities = [*tokens, "not-a-token", None]
    failures = []
    for operation in _operations(schema):

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=SEED is None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @seed(int(SEED or 0))
        @given(case=_strategy(operation, tables), who=st.sampled_from(identities))
        def check(case: Any, who: str | None) -> None:
            headers = {"Authorization": f"Bearer {who}"} if who else {}
            case.call_and_validate(base_url=base, headers=headers, checks=CHECKS, timeout=15)

        try:
            check()
        except (Exception, BaseExceptionGroup) as exc:  # report every operation at the end
            failures.append(f"{operation.method.upper()} {operation.path}: {exc}")
    return failures


@pytest.mark.slow
@pytest.mark.timeout(120 + 2 * EXAMPLES)
async def test_every_answer_of_the_api_conforms_to_its_openapi_document(tmp_path: Path) -> None:
    config = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    # A generated ?min_version= beyond the table's waits this long; a short wait keeps it fast.
    config.gateway = GatewaySettings(view_wait=0.2)
    platform = Platform(config)
    await platform.start()
    assert platform.app is not None
    port = free_port()
    runner = await serve_http(platform.app, "127.0.0.1", port)
    try:
        base = f"http://127.0.0.1:{port}"
        tokens, tables = await _players_and_tables(base)
        failures = await asyncio.to_thread(_run, base, tokens, tables)
    finally:
        await runner.cleanup()
        await platform.stop()
    assert not failures, "\n\n".join(failures)
