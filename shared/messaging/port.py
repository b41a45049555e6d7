"""The broker port: what the services need from a message broker, nothing more.

Two adapters implement it: `memory.MemoryBroker` (in-process, the embedded default) and
`amqp.AmqpBroker` (RabbitMQ through aio-pika). Names of exchanges and queues are given
without the prefix; each adapter prepends `<prefix>.` so that runs and tests sharing one
RabbitMQ never see each other's messages.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol

import msgspec


class Delivery(msgspec.Struct, frozen=True, kw_only=True):
    """One message as a consumer receives it."""

    body: bytes
    routing_key: str
    headers: dict[str, str] = {}
    redelivered: bool = False


# A command handler returns the reply body; it is sent to the requester before the ack.
CommandHandler = Callable[[Delivery], Awaitable[bytes]]
# An event handler returns nothing; the message is acked after it returns.
EventHandler = Callable[[Delivery], Awaitable[None]]
# Whether this process should keep being the active consumer of a shard (see `serve_shard`).
Keep = Callable[[int], bool]


class Membership(msgspec.Struct, frozen=True, kw_only=True):
    """The slots of a group held by live processes, and the one this broker holds."""

    slot: int | None  # None: every slot is taken (or the broker could not claim one yet)
    live: tuple[int, ...]  # ascending; includes `slot`


class ShardConsumer(Protocol):
    """This process's consumer of one shard queue (active, or waiting in line)."""

    shard: int

    async def step_back(self) -> None:
        """Let the next consumer in line take the shard; this one rejoins at the back.

        The commands in hand are decided, replied to and acked first; what was delivered
        but not yet taken goes back to the head of the queue before the next consumer is
        active, so the next consumer only ever sees later commands.
        """


class Topology(msgspec.Struct, frozen=True, kw_only=True):
    """The broker objects of the platform (docs/architecture.md, "A move, end to end")."""

    shards: int = 8
    commands_exchange: str = "commands"  # direct: routing key = shard number
    # topic: one `EventBatch` per relay read (routing key `events`), for the gateways' table
    # caches only; the log consumers read the store (shared/projections/runner.py)
    events_exchange: str = "events"
    # topic: small signals that say "something changed, look": `committed` (a table worker
    # stored events: relays and notify read the store), `presence` and `preferences` (from
    # gateways, for notify), chat.<table_id>, mutes.<player_id>, revoked.<player_id> (for
    # every gateway). Each consumer binds only the keys it needs.
    signals_exchange: str = "signals"
    delivery_limit: int = 5  # redeliveries before a command goes to the dead-letter queue
    dead_letters: str = "dlx"  # direct: messages dead-lettered from durable queues

    def shard_queue(self, shard: int) -> str:
        """The queue name of a command shard."""
        return f"commands.{shard}"

    def dead_letter_queue(self, queue: str) -> str:
        """Where a durable queue's dead letters go (the shards share `commands.dlq`)."""
        return f"{queue}.dlq"

    def named(self) -> tuple[list[str], list[str]]:
        """The queues and the exchanges every platform of this topology declares by name,
        without its prefix (the projectors' own queues are not among them); the dead-letter
        exchange first, since the queues' arguments name it."""
        queues = [self.shard_queue(shard) for shard in range(self.shards)]
        queues.append(self.dead_letter_queue(self.commands_exchange))
        exchanges = [
            self.dead_letters, self.commands_exchange, self.events_exchange, self.signals_exchange
        ]  # fmt: skip
        return queues, exchanges


class Broker(Protocol):
    """The messaging port; every method may raise `shared.contracts.errors.Unavailable`."""

    topology: Topology

    async def connect(self) -> None:
        """Open connections and declare the topology (idempotent)."""

    async def close(self) -> None:
        """Stop consumers and close connections."""

    async def request(
        self, shard: int, body: bytes, *, timeout: float, headers: Mapping[str, str] | None = None
    ) -> bytes:
        """Send a command to a shard queue and wait for its reply; Unavailable on timeout."""
        ...

    async def serve_shard(
        self,
        shard: int,
        handler: CommandHandler,
        *,
        keep: Keep | None = None,
        prefetch: int = 1,
    ) -> ShardConsumer:
        """Consume one shard queue (single active consumer) in batches: what has arrived,
        up to `prefetch` messages, is handled together (the handlers start in queue order,
        so a handler that queues its work keeps that order), each reply goes to its
        requester, then the batch is acked; if a handler raises, its message is requeued
        (and dead-lettered past the delivery limit). After each batch, `keep(shard)` False
        makes the consumer step back (see `ShardConsumer.step_back`): a process that finds
        itself active on a shard it does not own hands it on after one batch.
        """
        ...

    async def members(self, group: str, size: int, *, claim: bool = True) -> Membership:
        """Hold the lowest free slot `0..size-1` of a group, if none held yet (and `claim`),
        and list the slots that live processes hold. A slot lives as long as its broker's
        connection: a process that dies frees its slot (on RabbitMQ an exclusive queue)."""
        ...

    async def publish(
        self, exchange: str, routing_key: str, body: bytes, headers: Mapping[str, str] | None = None
    ) -> None:
        """Publish with confirmation: returns only once the broker has taken the message."""

    async def subscribe(
        self,
        exchange: str,
        binding: str,
        handler: EventHandler,
        *,
        queue: str | None = None,
        prefetch: int = 100,
    ) -> None:
        """Consume an exchange: a durable named queue (with a dead-letter queue `<queue>.dlq`),
        or with queue=None a private queue that lives as long as the subscription. The
        message is acked after the handler returns; a handler that raises twice on the
        same message sends it to the dead-letter queue and the rest flow on."""

    def is_connected(self) -> bool:
        """True while the broker can be used (RabbitMQ: False while it reconnects)."""
        ...

    async def queue_depths(self) -> dict[str, int]:
        """Messages ready in each durable queue this broker declared, by full queue name."""
        ...

    async def cleanup(self) -> None:
        """Delete every exchange and queue this broker's prefix owns (tests only)."""
