"""Events the read models do not know are harmless; a cancelled table leaves the lobby."""

from __future__ import annotations

from services.bench.autoplay import SelfPlay
from shared.readmodels import ReadModelDB, queries
from shared.readmodels import tables as tables_model
from shared.readmodels.schema import create_schema
from shared.readmodels.states import CANCELLED, advance
from shared.readmodels.tables import DONE, TableChange


def test_table_cancelled_sets_the_status_and_an_unknown_event_only_counts_a_version() -> None:
    table = SelfPlay(3).play("ra", moves=0)
    state = table.table
    mystery = advance(state, "Mystery", b'{"type":"Mystery","x":1}')
    assert (mystery.status, mystery.version) == (state.status, state.version + 1)
    cancelled = advance(mystery, "TableCancelled", b'{"type":"TableCancelled"}')
    assert (cancelled.status, cancelled.version) == (CANCELLED, state.version + 2)

    db = ReadModelDB.for_url("memory")
    create_schema(db)
    change = TableChange(cancelled, "2026-01-01T00:00:00+00:00", 7, "2026-01-01T00:01:00+00:00")
    with db.transaction() as cur:
        tables_model.write(cur, {cancelled.table_id: change})
    assert queries.lobby(db, None, None, None, 50).items == []
    creator = cancelled.players[0]
    assert creator is not None
    mine = queries.my_tables(db, creator, "over", None, 50).items
    assert [(t.table_id, t.status, t.to_act) for t in mine] == [(cancelled.table_id, CANCELLED, [])]
    assert tables_model.group(cancelled, 0, []) == DONE
