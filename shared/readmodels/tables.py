"""The `tables` model: one summary row per table, and one row per seated player.

A player's row carries the group their table is in for them: 0 when it is their turn (or
they were invited by name and have not answered), 1 while waiting (the table is open, or
someone else must act), 2 once over or cancelled.
Rows are written once per table per batch, from the table's state after the batch.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from shared.bots.seats import bot_of
from shared.games.contract import GameResult
from shared.readmodels.db import Cursor
from shared.readmodels.rows import Invitee, SeatInfo, TableSummary
from shared.readmodels.states import CANCELLED
from shared.tables.outcome import table_result
from shared.tables.state import OVER, PLAYING, TableState

MINE, WAITING, DONE = 0, 1, 2
INVITED_SEAT = -1  # the seat of an invitee's row: none yet
_encode = msgspec.json.Encoder()


@dataclass
class TableChange:
    """A table's state after the last of its events in a batch."""

    state: TableState
    created_at: str
    created_pos: int
    updated_at: str
    finished_pos: int | None = None


def to_act(state: TableState) -> list[int]:
    """The seats that must act now (none unless the game is being played)."""
    if state.status != PLAYING or state.game_state is None:
        return []
    return list(state.spec.to_act(state.game_state))


def result(state: TableState) -> GameResult | None:
    """The result of a finished table, forfeits and resignations included."""
    if state.status != OVER:
        return None
    return table_result(state)


def summary(change: TableChange) -> TableSummary:
    """The summary row of a table."""
    return summary_of(change.state, change.created_at, change.updated_at)


def summary_of(
    state: TableState,
    created_at: str = "",
    updated_at: str = "",
    *,
    acting: list[int] | None = None,
    outcome: GameResult | None = None,
) -> TableSummary:
    """The public summary of a table, the one shape of the lobby, the lists and views;
    `acting` and `outcome` when the caller has them at hand (else computed)."""
    return TableSummary(
        table_id=state.table_id,
        game=state.game,
        status=state.status,
        version=state.version,
        seats=[
            SeatInfo(seat=i, player_id=pid, name=state.names[i], bot=bot_of(pid) is not None)
            for i, pid in enumerate(state.players)
        ],
        options=state.options,
        commitment=state.commitment,
        rules_version=state.rules_version,
        to_act=to_act(state) if acting is None else acting,
        creator=state.creator,
        resigned=list(state.resigned),
        spectators=state.spectators,
        visibility=state.visibility,
        invited=[Invitee(player_id=p, name=n) for p, n in state.invited],
        rematch_accepted=list(state.rematch or ()),
        rematch_table=state.rematch_table,
        rematch_of=state.rematch_of,
        takebacks=state.takebacks,
        start_when_full=state.start_when_full,
        undo_seat=state.undo_open(),
        undo_asked=None if state.undo_asked is None else list(state.undo_asked),
        undo_voters=[] if state.undo_asked is None else state.undo_voters(),
        tournament=state.tournament,
        created_at=created_at,
        updated_at=updated_at,
        result=result(state) if outcome is None else outcome,
    )


def group(state: TableState, seat: int, acting: list[int]) -> int:
    """The group of a seat's table in its player's list."""
    if state.status in (OVER, CANCELLED):
        return DONE
    return MINE if seat in acting else WAITING


def write(cur: Cursor, changes: dict[str, TableChange]) -> None:
    """Upsert the summaries and replace the seat rows of the changed tables."""
    tables = []
    seats = []
    for table_id, change in changes.items():
        row = summary(change)
        tables.append(
            (
                table_id, change.created_pos, row.game, row.status, row.version,
                row.created_at, row.updated_at, change.finished_pos, _encode.encode(row).decode(),
            )
        )  # fmt: skip
        for seat, player in enumerate(change.state.players):
            if player:
                grp = group(change.state, seat, row.to_act)
                seats.append((player, seat, grp, table_id))
        for invitee, _ in change.state.invited:  # an invitation waits for an answer: "mine"
            if change.state.status == "open":
                seats.append((invitee, INVITED_SEAT, MINE, table_id))
    cur.many_rows(
        "INSERT INTO rm_tables (table_id, created_pos, game, status, version, created_at,"
        " updated_at, finished_pos, body) {values}"
        " ON CONFLICT (table_id) DO UPDATE SET status = excluded.status,"
        " version = excluded.version, updated_at = excluded.updated_at,"
        " finished_pos = COALESCE(rm_tables.finished_pos, excluded.finished_pos),"
        " body = excluded.body",
        tables,
    )
    private = [(t,) for t, c in changes.items() if c.state.visibility == "private"]
    cur.many_rows(  # kept out of the lobby
        "INSERT INTO rm_private (table_id) {values} ON CONFLICT (table_id) DO NOTHING", private
    )
    cur.many_rows("DELETE FROM rm_seats WHERE table_id IN ({values})", [(t,) for t in changes])
    cur.many_rows(  # the table's position of creation is on its row (new or not)
        "INSERT INTO rm_seats (player_id, table_id, seat, grp, created_pos)"
        " SELECT v.column1, v.column4, v.column2, v.column3, t.created_pos"
        " FROM ({values}) AS v JOIN rm_tables t ON t.table_id = v.column4"
        " WHERE true ON CONFLICT (player_id, table_id) DO NOTHING",
        seats,
    )
