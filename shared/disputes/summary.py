"""A case as lists show it: the arbiters' queue, a player's page (`rm_disputes` rows)."""

from __future__ import annotations

import msgspec

from shared.disputes.aggregate import Dispute


class Statement(msgspec.Struct, frozen=True, kw_only=True):
    """Another player's statement on a case."""

    player_id: str
    seat: int
    text: str  # plain text: clients show it escaped
    at: str  # ISO 8601, UTC


class ArbiterAction(msgspec.Struct, frozen=True, kw_only=True):
    """An arbiter's logged action on a case: who, what, when."""

    arbiter: str  # a player id, or "admin:" and the first 12 hex digits of an admin token's hash
    action: str  # hands_shown, verdict:<verdict>
    at: str


class VerdictInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A case's verdict."""

    verdict: str  # stands, replayed, annulled, forfeit
    reason: str
    arbiter: str
    at: str
    seat: int | None = None  # forfeit: the seat that forfeits
    from_version: int | None = None  # replayed: the version the game is re-decided from


class DisputeSummary(msgspec.Struct, frozen=True, kw_only=True):
    """A case: who opened it about which table and version, why, statements, verdict."""

    dispute_id: str
    table_id: str
    game: str
    player_id: str
    seat: int
    reason: str
    version: int
    text: str
    state: str  # open, settled
    opened_at: str
    game_over: bool  # when it was opened
    players: list[str]
    statements: list[Statement] = []
    actions: list[ArbiterAction] = []
    verdict: VerdictInfo | None = None


def summary_of(case: Dispute) -> DisputeSummary:
    """The list form of a case."""
    return DisputeSummary(
        dispute_id=str(case.id), table_id=case.table_id, game=case.game,
        player_id=case.player_id, seat=case.seat, reason=case.reason, version=case.table_version,
        text=case.text, state=case.state, opened_at=case.created_on.isoformat(),
        game_over=case.game_over, players=list(case.players),
        statements=[msgspec.convert(s, Statement) for s in case.statements],
        actions=[msgspec.convert(a, ArbiterAction) for a in case.actions],
        verdict=None if case.verdict is None else msgspec.convert(case.verdict, VerdictInfo),
    )  # fmt: skip
