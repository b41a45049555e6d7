"""A tournament's match table opened by the manager tells each of its players that their
table is ready (`match_ready`), with links to the table and the tournament."""

from __future__ import annotations

import msgspec

from services.notify.messages import render
from services.notify.turns import TurnTracker
from shared.contracts.envelopes import EventEnvelope
from shared.tables.state import event_payload
from shared.tournaments.actions import MATCH_OPENING
from shared.tournaments.tables import match_opening
from tests.tournamentkit import signed_up, started


def test_every_player_of_an_opened_match_table_is_told_it_is_ready() -> None:
    state = started(signed_up("swiss", 2, game="cantstop"))
    (match,) = state.matches
    events = match_opening(state, match.table_id, "cd" * 32)
    tracker = TurnTracker("https://senet.test")
    for version, event in enumerate(events, start=1):
        payload = event_payload(event)
        envelope = EventEnvelope(
            position=version, table_id=match.table_id, game="cantstop", version=version,
            name=type(event).__name__, time="2026-01-01T00:00:00+00:00",
            payload=msgspec.Raw(msgspec.json.encode(payload)), seat=0,
            command_id=f"{MATCH_OPENING}{match.table_id}",
        )  # fmt: skip
        assert tracker.apply(envelope) == []
    changes = tracker.close()
    ready = [c for c in changes if c.kind == "match_ready"]
    assert [c.player_id for c in ready] == list(match.players)
    facts = ready[0].facts
    assert facts["tournament_link"] == f"https://senet.test/tournaments/{state.tournament_id}"
    message = render("match_ready", facts)
    assert "tournament table is ready" in message.subject
    assert match.table_id in message.text and facts["tournament_link"] in message.text
    assert any(c.kind == "your_turn" for c in changes)  # the first to move is told as usual
