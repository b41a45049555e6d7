"""The broker names a platform declares by name come from one place, `Topology.named`."""

from __future__ import annotations

from shared.messaging.port import Topology


def test_named_lists_the_shards_their_dead_letters_and_every_exchange() -> None:
    queues, exchanges = Topology(shards=3).named()
    assert queues == ["commands.0", "commands.1", "commands.2", "commands.dlq"]
    assert set(exchanges) == {"commands", "events", "signals", "dlx"}
    assert Topology().dead_letter_queue("notify.events") == "notify.events.dlq"
