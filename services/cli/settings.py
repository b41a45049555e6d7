"""The settings of each role verb, one typed definition each (`shared/settings.py` explains
what a setting is): the verb's flags, `SENET_*` variables, `--help` and the table in
docs/operations.md all come from these Structs, and `settings_of(args)` is the object a role
runs with. The gateway's limits are `GatewaySettings` (services/gateway/keys.py), notify's
`NotifySettings` (services/notify/settings.py).

To add a setting: a field with `setting(...)` in the group that uses it (below, or one of
those two). To give a verb a group: a field of that group's type in the verb's Struct.
"""

from __future__ import annotations

import argparse
from typing import Annotated

import msgspec

from services.bots.settings import BotsSettings
from services.gateway.keys import GatewaySettings
from services.notify.settings import NotifySettings
from services.table.sweeper import DEFAULT_TTL, open_table_ttl
from shared.settings import build, setting
from shared.store import DEFAULT_STORE


class PlatformSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Where the platform keeps its events and messages, and its background jobs."""

    store: Annotated[str, setting("event store URL", metavar="URL")] = DEFAULT_STORE
    broker: Annotated[str, setting("broker URL", metavar="URL")] = "memory"
    prefix: Annotated[str, setting("name prefix of this platform's queues and exchanges")] = "senet"
    shards: Annotated[int, setting("command shards", ge=1)] = 8
    open_table_ttl: Annotated[
        float,
        setting("an open table idle this long is cancelled (more than 0, under ten years)",
                parse=open_table_ttl, metavar="SECONDS"),
    ] = DEFAULT_TTL  # fmt: skip
    readmodels_projector: Annotated[
        bool,
        setting("run the read-model projector in this process (off: lists are as current as "
                "the projectors elsewhere keep them)"),
    ] = True  # fmt: skip
    readmodels_pause: Annotated[
        float,
        setting("a test hook: pause after each committed read-model batch", ge=0,
                metavar="SECONDS"),
    ] = 0.0  # fmt: skip
    tournament_pause: Annotated[
        float,
        setting("a test hook: the tournament manager pauses after each effect", ge=0,
                metavar="SECONDS"),
    ] = 0.0  # fmt: skip


class HttpSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Where the gateway listens."""

    host: Annotated[str, setting("bind address")] = "127.0.0.1"
    port: Annotated[int, setting("HTTP port", ge=0, le=65535)] = 8080


class MetricsSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Probes of a role without HTTP: /metrics, /healthz and /readyz."""

    metrics_port: Annotated[
        int, setting("serve /metrics, /healthz and /readyz on this port (0: off)", ge=0, le=65535)
    ] = 0
    metrics_host: Annotated[
        str, setting("bind address of the metrics port", variable="SENET_HOST")
    ] = "127.0.0.1"


class NotifyMetricsSettings(MetricsSettings, frozen=True, kw_only=True):
    """Probes of `senet notify` (its metrics port also read from an older variable)."""

    metrics_port: Annotated[
        int,
        setting("serve /metrics, /healthz and /readyz on this port (0: off)", ge=0, le=65535,
                older=("SENET_NOTIFY_METRICS_PORT",)),
    ] = 0  # fmt: skip


class WorkerSettings(msgspec.Struct, frozen=True, kw_only=True):
    """How `senet table` runs its workers."""

    no_relay: Annotated[bool, setting("do not run the outbox relay")] = False
    workers: Annotated[
        int,
        setting("worker processes sharing the shards (needs amqp:// and a shared store)",
                variable="SENET_TABLE_WORKERS", ge=1),
    ] = 1  # fmt: skip


class ServeSettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet serve`: every role in one process."""

    platform: PlatformSettings = PlatformSettings()
    http: HttpSettings = HttpSettings()
    gateway: GatewaySettings = GatewaySettings()
    notify: NotifySettings = NotifySettings(public_url="")  # "": this gateway's address
    bots: BotsSettings = BotsSettings()


class GatewayRoleSettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet gateway`."""

    platform: PlatformSettings = PlatformSettings()
    http: HttpSettings = HttpSettings()
    gateway: GatewaySettings = GatewaySettings()


class TableRoleSettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet table` (with its relay and tournament manager unless --no-relay)."""

    platform: PlatformSettings = PlatformSettings()
    workers: WorkerSettings = WorkerSettings()
    metrics: MetricsSettings = MetricsSettings()


class FollowerRoleSettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet relay` and `senet scoring`: a follower of the log with probes."""

    platform: PlatformSettings = PlatformSettings()
    metrics: MetricsSettings = MetricsSettings()


class NotifyRoleSettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet notify`."""

    platform: PlatformSettings = PlatformSettings()
    notify: NotifySettings = NotifySettings(public_url="")  # "": this gateway's address
    metrics: NotifyMetricsSettings = NotifyMetricsSettings()


class BotsRoleSettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet bots`."""

    platform: PlatformSettings = PlatformSettings()
    bots: BotsSettings = BotsSettings()
    metrics: MetricsSettings = MetricsSettings()


class StoreSettings(msgspec.Struct, frozen=True, kw_only=True):
    """The store a tool reads (`replay`, `export`, `rebuild`)."""

    store: Annotated[str, setting("event store URL", metavar="URL")] = DEFAULT_STORE


def settings_of(args: argparse.Namespace) -> msgspec.Struct:
    """The settings object of a role verb's parsed arguments (`add_settings` set them up)."""
    return build(args.settings_type, vars(args))
