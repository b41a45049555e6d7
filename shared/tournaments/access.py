"""Who may read a tournament, pure: the private-table rule (`shared.tables.access`) for
tournaments.

A public tournament is read by anyone, without an account. A private one only by its
creator, the players signed up for it (a player who withdrew after the start stays one) and
whoever holds its invitation code: 401 `missing_token` without an account, 403
`private_table` otherwise, the codes a private table answers.
"""

from __future__ import annotations

from shared.contracts.errors import Forbidden, Unauthorized
from shared.tournaments.state import TournamentState


def check_reader(state: TournamentState, player_id: str | None, code_hash: str = "") -> None:
    """Raise 401 or 403 unless `player_id` (None: no account), holding the invitation code
    whose hash is `code_hash` ("" none), may read the tournament."""
    created = state.created
    if created.visibility != "private":
        return
    if player_id is None:
        raise Unauthorized("missing bearer token", code="missing_token")
    if player_id == created.creator or state.entrant(player_id) is not None:
        return
    if code_hash and code_hash == created.invitation:
        return
    raise Forbidden("this tournament is private", code="private_table")
