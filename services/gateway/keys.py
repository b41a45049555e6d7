"""Typed application keys of the gateway (one place for all of them) and its settings."""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field

import msgspec
from aiohttp import web

from services.gateway.accounts.revocations import Revocations
from services.gateway.chat.hub import ChatHub
from services.gateway.http.limits import Limiter
from services.gateway.views.projector import ViewProjector
from shared.messaging.port import Broker
from shared.notify.asks import SignInDesk
from shared.notify.endpoints import EndpointPolicy
from shared.readmodels import ReadModels
from shared.store import EventStore
from shared.tables.client import TableClient
from shared.tables.timing import Timing


class GatewaySettings(msgspec.Struct, frozen=True, kw_only=True):
    """Gateway limits and timeouts; each field can be set by SENET_<FIELD> (see `from_env`)."""

    max_body: int = 64 * 1024  # bytes; larger requests get 413
    command_timeout: float = 10.0  # seconds to wait for the table service's outcome
    store_timeout: float = 10.0  # seconds a request waits for the event store (then 503)
    view_wait: float = 5.0  # longest wait for ?min_version on a view
    # Tables whose state the views cache holds (LRU; a table is a few tens of KB: 2,000
    # are well under 200 MB); others are loaded from the store when asked for.
    table_cache: int = 2000
    ws_max_message: int = 4 * 1024  # bytes; a larger client message closes the socket (1009)
    # Frames a client may send on one socket (they only push: a client sends its pongs and
    # its close): a bucket of ws_message_burst refilled at ws_message_rate per second; past
    # it the socket is closed with 4429 (0: no limit).
    ws_message_rate: float = 10.0
    ws_message_burst: int = 100
    # Generous defaults: they stop runaway clients without slowing bots, benchmarks or
    # tests; a deployment for people sets them lower (docs/operations.md, API hardening).
    # per bearer token; calls without a known token: per client address
    rate_limit: float = 1000.0  # requests per second (0: no limit)
    rate_burst: int = 2000  # requests a caller may send at once before the rate applies
    max_in_flight_per_player: int = 8  # unanswered writes per token (0: no limit)
    max_in_flight: int = 1024  # unanswered writes in this gateway (0: no limit)
    max_sockets_per_player: int = 32  # open WebSockets per token (0: no limit)
    max_sockets_per_address: int = 512  # open WebSockets per client address (0: no limit)
    # Slow senders: a request's headers, and a write's body, must arrive within these
    # seconds (the headers: also the longest idle time of a kept-alive connection); a write
    # takes its in-flight slot only once its body is in. Requests of one client address
    # whose body is still arriving are capped (0: no limit).
    header_timeout: float = 15.0
    body_timeout: float = 10.0
    max_arriving_per_address: int = 128
    retry_after: int = 1  # seconds suggested with a 503
    allowed_origins: tuple[str, ...] = ()  # WebSocket origins besides our own; "*": any
    # Self-play and benches only: a create may name its table's seed (`seed`), so the same
    # command plays the same games. Off: real tables keep secret random seeds (400 otherwise).
    client_seeds: bool = False
    # SHA-256 of admin tokens (hex); set from SENET_ADMIN_TOKENS by the CLI (`admin_hashes`)
    admin_token_hashes: frozenset[str] = frozenset()

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> GatewaySettings:
        """Defaults overridden by SENET_MAX_BODY, SENET_RATE_LIMIT ... (lists: comma-separated)."""
        given: dict[str, object] = {}
        for name in cls.__struct_fields__:
            if name == "admin_token_hashes":
                continue  # SENET_ADMIN_TOKENS: checked by accounts.admin.admin_hashes
            raw = env.get(f"SENET_{name.upper()}")
            if raw is not None:
                given[name] = _origins(raw) if name == "allowed_origins" else raw
        try:
            return msgspec.convert(given, cls, strict=False)
        except msgspec.ValidationError as exc:
            raise ValueError(f"gateway setting: {exc}") from exc


def _origins(raw: str) -> list[str]:
    return [origin.strip() for origin in raw.split(",") if origin.strip()]


@dataclass
class NotifyContext:
    """What the notification settings routes need from the notify configuration."""

    vapid_public_key: str = ""
    signing_key: bytes = b""
    endpoints: EndpointPolicy = field(default_factory=EndpointPolicy)
    timing: Timing = field(default_factory=Timing)  # notify's defaults: a table chose none
    # table id -> an old store's TableTiming record of it (read once a table, bounded)
    legacy_timings: dict[str, Timing | None] = field(default_factory=dict)


SETTINGS = web.AppKey("settings", GatewaySettings)
STORE = web.AppKey("store", EventStore)
BROKER = web.AppKey("broker", Broker)
TABLES = web.AppKey("tables", TableClient)  # commands to the shards, the one client
PROJECTOR = web.AppKey("projector", ViewProjector)
LIMITER = web.AppKey("limiter", Limiter)
IDENTITIES = web.AppKey("identities", dict)  # token hash -> Identity, bounded
SOCKETS = web.AppKey("sockets", weakref.WeakSet)  # of web.WebSocketResponse
CHAT = web.AppKey("chat", ChatHub)  # this gateway's chat sockets, fed from the broker
REVOCATIONS = web.AppKey("revocations", Revocations)  # revoked tokens, on every gateway
SIGN_INS = web.AppKey("sign_ins", SignInDesk)  # sign-in requests, recorded off the request path
READMODELS = web.AppKey("readmodels", ReadModels)  # lists and pages, from the read models
NOTIFY = web.AppKey("notify", NotifyContext)  # what the settings routes need from notify
