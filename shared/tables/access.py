"""Who may watch a table, pure: the one rule behind every view, log page, socket frame and
chat message a viewer is sent.

Rights are a function of the table's state, so a socket asks again at every version it is
sent (a seat that changed hands, a player who left or was removed, a withdrawn invitation):
what a viewer receives is what this function allows at the version the frame carries.

- a seated player watches from their seat;
- at a private table, only its players, the players invited by name and whoever holds its
  current invitation link watch (403 `private_table`): a private table's id alone shows
  nothing to a stranger, and a renewed or revoked link stops showing it;
- otherwise `spectators` decides: `anyone` (no account needed), `players` (signed in), or
  `none` (403 `no_spectators`); without an account where one is needed, 401 `missing_token`.
"""

from __future__ import annotations

import hashlib

from shared.contracts.errors import Forbidden, Unauthorized
from shared.tables.state import TableState


def invitation_hash(code: str) -> str:
    """What a table records of an invitation code, and what a join carries: its SHA-256
    ("" for no code)."""
    return hashlib.sha256(code.encode()).hexdigest() if code else ""


def holds_link(state: TableState, code_hash: str) -> bool:
    """True if `code_hash` is the table's current invitation (none matches a revoked link)."""
    return bool(code_hash) and code_hash == state.invitation


def is_invited(state: TableState, player_id: str) -> bool:
    """True if the player holds an open invitation by name to the table."""
    return any(invited == player_id for invited, _ in state.invited)


def watch_seat(state: TableState, player_id: str | None, code_hash: str = "") -> int | None:
    """The seat `player_id` (None: no account) watches the table from (None: a spectator's
    view), holding the invitation `code_hash` if any; raises 401 or 403 when they may not
    watch it at all."""
    if player_id is not None:
        seat = state.seat_of(player_id)
        if seat is not None:
            return seat
    if state.visibility == "private":
        if player_id is None:
            raise Unauthorized("missing bearer token", code="missing_token")
        if not is_invited(state, player_id) and not holds_link(state, code_hash):
            raise Forbidden("this table is private", code="private_table")
    if player_id is None and state.spectators != "anyone":
        raise Unauthorized("missing bearer token", code="missing_token")
    if state.spectators == "none":
        raise Forbidden("this table has no spectators", code="no_spectators")
    return None
