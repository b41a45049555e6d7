"""Typed application keys of the gateway (one place for all of them) and its settings."""

from __future__ import annotations

import re
import weakref
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Annotated

import msgspec
from aiohttp import web

from services.gateway.accounts.revocations import Revocations
from services.gateway.chat.hub import ChatHub
from services.gateway.http.limits import Limiter
from services.gateway.live.presence import PresenceBoard
from services.gateway.views.table_cache import TableCache, TableModel
from shared.messaging.port import Broker
from shared.notify.asks import SignInDesk
from shared.notify.endpoints import EndpointPolicy
from shared.readmodels import ReadModels
from shared.settings import setting
from shared.store import EventStore
from shared.tables.client import TableClient
from shared.tables.reader import PastStates
from shared.tables.timing import Timing

_HASH = re.compile(r"[0-9a-f]{64}")


def admin_hashes(value: str) -> frozenset[str]:
    """The hashes of a `SENET_ADMIN_TOKENS` value; ValueError for one that is not SHA-256 hex."""
    hashes = frozenset(part.strip().lower() for part in value.split(",") if part.strip())
    for digest in hashes:
        if not _HASH.fullmatch(digest):
            raise ValueError(
                "SENET_ADMIN_TOKENS holds SHA-256 hashes (64 hex digits), not tokens: "
                "see `senet keys admin-token`"
            )
    return hashes


class GatewaySettings(msgspec.Struct, frozen=True, kw_only=True):
    """Gateway limits and timeouts (each has a flag and a SENET_* variable; 0: no limit where
    said). Generous defaults stop runaway clients without slowing bots, benchmarks or tests;
    a deployment for people sets them lower (docs/operations.md, API hardening). Per-caller
    limits count per bearer token; calls without a known token: per client address."""

    max_body: Annotated[int, setting("bytes of a request body; larger: 413", gt=0)] = 64 * 1024
    command_timeout: Annotated[
        float, setting("seconds to wait for the table service's outcome", gt=0)
    ] = 10.0
    store_timeout: Annotated[
        float, setting("seconds a request waits for the event store (then 503)", gt=0)
    ] = 10.0
    view_wait: Annotated[
        float, setting("seconds of the longest wait for ?min_version on a view", ge=0)
    ] = 5.0
    table_cache: Annotated[
        int,
        setting("tables whose state the views cache holds (LRU; a table is a few tens of KB); "
                "others are loaded from the store when asked for", ge=1, metavar="N"),
    ] = 2000  # fmt: skip
    ws_max_message: Annotated[
        int, setting("bytes of a client WebSocket message; larger closes the socket (1009)", gt=0)
    ] = 4 * 1024
    # A client sends its pongs, its close and its moves (`live.moves`): past the burst,
    # refilled at the rate, the socket is closed with 4429.
    ws_message_rate: Annotated[
        float, setting("frames per second a client may send on one socket (0: no limit)", ge=0)
    ] = 10.0
    # A player's socket carries all of its tables (`live.player_socket`), as many messages
    # as the HTTP requests they stand for (each command also spends the token's rate): a
    # bot playing one game after another sends many more than a table socket's client.
    ws_player_message_rate: Annotated[
        float,
        setting("frames per second a client may send on its player socket (0: no limit)", ge=0),
    ] = 1000.0
    player_socket_tables: Annotated[
        int, setting("tables one player socket may follow at once", ge=1, le=10_000)
    ] = 64
    ws_message_burst: Annotated[
        int, setting("frames a client may send on one socket at once before the rate applies",
                     ge=1)
    ] = 100  # fmt: skip
    rate_limit: Annotated[float, setting("requests per second per caller (0: no limit)", ge=0)] = (
        1000.0
    )
    rate_burst: Annotated[
        int, setting("requests a caller may send at once before the rate applies", ge=1)
    ] = 2000
    max_in_flight_per_player: Annotated[
        int, setting("unanswered writes per token (0: no limit)", ge=0)
    ] = 8
    max_in_flight: Annotated[
        int, setting("unanswered writes in this gateway (0: no limit)", ge=0)
    ] = 1024
    # Reads of a table's history (`view?at=`, `/views`) run on threads of their own, as many
    # as `max_history_in_flight`, so they never hold the threads other requests read with.
    max_history_in_flight_per_player: Annotated[
        int,
        setting("reads of a table's history served at once per token (more wait their turn, "
                "16 times as many at most; 0: no limit)", ge=0),
    ] = 2  # fmt: skip
    max_history_in_flight: Annotated[
        int, setting("reads of a table's history in this gateway (0: no limit)", ge=0)
    ] = 4
    history_rate: Annotated[
        float,
        setting("reads of a table's history per second per token past the burst; more wait "
                "(0: no pace)", ge=0),
    ] = 20.0  # fmt: skip
    history_burst: Annotated[
        int,
        setting("reads of a table's history a token may make at once before the pace applies",
                ge=1),
    ] = 40  # fmt: skip
    past_states: Annotated[
        int,
        setting("table states at past versions kept for replays (LRU; a few tens of KB each)",
                ge=0, metavar="N"),
    ] = 512  # fmt: skip
    max_sockets_per_player: Annotated[
        int, setting("open WebSockets per token (0: no limit)", ge=0)
    ] = 32
    max_sockets_per_address: Annotated[
        int, setting("open WebSockets per client address (0: no limit)", ge=0)
    ] = 512
    # Slow senders: a write takes its in-flight slot only once its body is in.
    header_timeout: Annotated[
        float,
        setting("seconds for a request's headers to arrive (also the longest idle time of a "
                "kept-alive connection)", gt=0),
    ] = 15.0  # fmt: skip
    body_timeout: Annotated[float, setting("seconds for a write's body to arrive", gt=0)] = 10.0
    max_arriving_per_address: Annotated[
        int,
        setting("requests of one client address whose body is still arriving (0: no limit)",
                ge=0),
    ] = 128  # fmt: skip
    retry_after: Annotated[int, setting("seconds suggested with a 503", ge=0)] = 1
    allowed_origins: Annotated[
        tuple[str, ...],
        setting("WebSocket origins besides our own, comma-separated (*: any)", metavar="ORIGINS"),
    ] = ()
    client_seeds: Annotated[
        bool,
        setting("self-play and benches only: a create may name its table's seed (off: real "
                "tables keep secret random seeds; a seed is refused with 400)"),
    ] = False  # fmt: skip
    admin_token_hashes: Annotated[
        frozenset[str],
        setting("SHA-256 hashes of admin tokens, comma-separated (`senet keys admin-token`)",
                flag="--admin-tokens", parse=admin_hashes, metavar="HASHES"),
    ] = frozenset()  # fmt: skip


@dataclass
class HistoryReads:
    """What reads of a table's history run on: their own threads, the past states kept
    (to fold from), and the past tables whose views were asked for (LRU, as many)."""

    pool: ThreadPoolExecutor
    past: PastStates
    models: OrderedDict[tuple[str, int], TableModel] = field(default_factory=OrderedDict)

    async def start(self) -> None:
        """Nothing to start: the threads start with the first read."""

    async def stop(self) -> None:
        """Stop the threads (a read still running finishes; queued ones are dropped)."""
        self.pool.shutdown(wait=False, cancel_futures=True)

    def kept(self, table_id: str, version: int) -> TableModel | None:
        """The past table kept at that version, if any."""
        model = self.models.get((table_id, version))
        if model is not None:
            self.models.move_to_end((table_id, version))
        return model

    def keep(self, model: TableModel) -> None:
        """Keep a past table (by its id and version); the least recently used one goes."""
        key = (model.state.table_id, model.state.version)
        self.models[key] = model
        self.models.move_to_end(key)
        while len(self.models) > max(self.past.size, 1):
            self.models.popitem(last=False)


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
TABLE_CACHE = web.AppKey("table_cache", TableCache)
LIMITER = web.AppKey("limiter", Limiter)
IDENTITIES = web.AppKey("identities", dict)  # token hash -> Identity, bounded
SOCKETS = web.AppKey("sockets", weakref.WeakSet)  # of web.WebSocketResponse
CHAT = web.AppKey("chat", ChatHub)  # this gateway's chat sockets, fed from the broker
REVOCATIONS = web.AppKey("revocations", Revocations)  # revoked tokens, on every gateway
PRESENCE = web.AppKey("presence", PresenceBoard)  # open sockets, said to notify in batches
SIGN_INS = web.AppKey("sign_ins", SignInDesk)  # sign-in requests, recorded off the request path
READMODELS = web.AppKey("readmodels", ReadModels)  # lists and pages, from the read models
NOTIFY = web.AppKey("notify", NotifyContext)  # what the settings routes need from notify
HISTORY = web.AppKey("history", HistoryReads)  # past views: threads and folded states
