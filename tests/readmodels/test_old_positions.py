"""A store made before the one tracking table resumes where it was: the read models'
`rm_positions` rows and the relay's and scoring's eventsourcing tracking records are read
once into `consumer_positions`; nothing is applied again."""

from __future__ import annotations

from pathlib import Path

from services.table.relay import Relay
from shared.messaging.memory import MemoryBroker
from shared.projections.tracking import Positions
from shared.readmodels import ReadModelDB
from shared.readmodels.schema import MODELS, create_schema, positions
from shared.store import open_store
from tests.audit.kit import play_table


def test_old_positions_are_read_once_into_the_tracking_table(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/old.db")
    play_table(store, "cantstop", 3)
    last = store.last_position()
    db = ReadModelDB.of(store)
    with db.transaction() as cur:  # where an old store kept the models' positions
        cur.execute("CREATE TABLE rm_positions (model TEXT PRIMARY KEY, position BIGINT NOT NULL)")
        for at, model in enumerate(MODELS):
            cur.execute("INSERT INTO rm_positions VALUES (?, ?)", (model, last - at))
    store.record_position("relay", last - 5)  # and the relay's, in eventsourcing's table

    create_schema(db)
    assert positions(db) == {model: last - at for at, model in enumerate(MODELS)}
    relay = Relay(store, MemoryBroker())
    assert relay.max_tracking_id() == last - 5
    assert Positions(db).get("relay") == last - 5
