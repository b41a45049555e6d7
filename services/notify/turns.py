"""Who must act now: folds table events and reports turn changes at command boundaries.

A command's events are stored in one transaction, so they are contiguous in the store's
log: a command is complete when a later stored event exists or the log ends. Turns are
judged only then, never on an intermediate state inside one command.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import msgspec

from shared.contracts.envelopes import EventEnvelope
from shared.tables import state as table_state
from shared.tables.events import TableCreated
from shared.tables.outcome import table_result
from shared.tables.state import OVER, PLAYING, TableState
from shared.tournaments.actions import MATCH_OPENING

INVITEE_SEAT = -1  # the seat of an `invited` notice: the invitee has none yet


class TurnChange(msgspec.Struct, frozen=True, kw_only=True):
    """A seat began a turn (kind `your_turn`), the game ended (`game_over`, every seat), a
    player was invited by name (`invited`, seat INVITEE_SEAT), or a tournament's match table
    was opened (`match_ready`, every seat)."""

    kind: str
    table_id: str
    turn: int  # the table version after the command that caused it
    seat: int
    player_id: str
    facts: dict[str, Any]
    time: float  # when the command that caused it was stored (epoch seconds)


@dataclass
class Track:
    """One table: its state, who had to act at the last boundary and since which version."""

    state: TableState
    acting: dict[int, tuple[int, float]] = field(default_factory=dict)  # seat -> (turn, since)
    command: str | None = None
    seat: int | None = None  # the seat of the last command
    time: float = 0.0  # when the last event was stored (epoch seconds)
    done: bool = False
    invited: list[str] = field(default_factory=list)  # invited by the open command


class TurnTracker:
    """Table states of the tables not yet over, and the turn changes of each completed
    command. A table is forgotten once its game-over is judged, so memory is bounded by
    the active tables; its later events (the revealed seed) are skipped."""

    def __init__(self, public_url: str) -> None:
        self.public_url = public_url.rstrip("/")
        self.tables: dict[str, Track] = {}
        self.open: str | None = None  # the table whose last command may still be open
        self.finished = 0  # tables over and forgotten

    def apply(self, envelope: EventEnvelope) -> list[TurnChange]:
        """Fold one event; returns the changes of a command this event shows complete."""
        changes: list[TurnChange] = []
        track = self.tables.get(envelope.table_id)
        if self.open is not None and (
            self.open != envelope.table_id or track is None or track.command != envelope.command_id
        ):
            changes = self.close()
        payload = msgspec.json.decode(envelope.payload)
        if envelope.name == "TableCreated":
            created = msgspec.convert(payload, type=TableCreated)
            track = Track(state=table_state.created(envelope.table_id, created))
            self.tables[envelope.table_id] = track
        elif track is None:  # a finished (forgotten) table: nothing more to say about it
            return changes
        else:
            event = table_state.decode_event(track.state.spec, envelope.name, payload)
            track.state = table_state.evolve(track.state, event)
            if envelope.name == "PlayerInvited":
                track.invited.append(str(payload["player_id"]))
        track.command = envelope.command_id
        track.seat = envelope.seat
        track.time = datetime.fromisoformat(envelope.time).timestamp()
        self.open = envelope.table_id
        return changes

    def close(self) -> list[TurnChange]:
        """Judge the open command (the log has moved past it or ended)."""
        if self.open is None:
            return []
        track = self.tables[self.open]
        self.open = None
        changes = self._judge(track)
        if track.done:
            del self.tables[track.state.table_id]
            self.finished += 1
        return changes

    def _judge(self, track: Track) -> list[TurnChange]:
        return self._match_ready(track) + self._invitations(track) + self._turns(track)

    def _match_ready(self, track: Track) -> list[TurnChange]:
        """Every player of a tournament's match table, when the manager opened it:
        `match_ready` ("your round N table is ready")."""
        state = track.state
        if not state.tournament or track.command != f"{MATCH_OPENING}{state.table_id}":
            return []
        facts = self.facts(state, None) | {
            "tournament_id": state.tournament,
            "tournament_link": f"{self.public_url}/tournaments/{state.tournament}",
        }
        return [
            TurnChange(kind="match_ready", table_id=state.table_id, turn=state.version,
                       seat=seat, player_id=pid or "", facts=facts, time=track.time)
            for seat, pid in enumerate(state.players)
        ]  # fmt: skip

    def _invitations(self, track: Track) -> list[TurnChange]:
        """One `invited` notice per player the command invited by name (and still invited)."""
        state, invited, track.invited = track.state, track.invited, []
        still = {player for player, _ in state.invited}
        host = state.names[0] if state.names else ""
        facts = self.facts(state, None) | {"host": host, "host_id": state.creator}
        return [
            TurnChange(kind="invited", table_id=state.table_id, turn=state.version,
                       seat=INVITEE_SEAT, player_id=player, facts=facts, time=track.time)
            for player in invited
            if player in still
        ]  # fmt: skip

    def _turns(self, track: Track) -> list[TurnChange]:
        state = track.state
        if state.status == OVER and not track.done:
            track.done = True
            track.acting = {}
            facts = self.facts(state, None)
            return [
                TurnChange(kind="game_over", table_id=state.table_id, turn=state.version,
                           seat=seat, player_id=pid or "", facts=facts, time=track.time)
                for seat, pid in enumerate(state.players)
            ]  # fmt: skip
        if state.status != PLAYING:
            return []
        now = set(state.spec.to_act(state.game_state))
        bots = {*state.forfeited, *state.resigned}
        began = sorted(now - track.acting.keys() - bots)  # bots get no mail
        # A seat that acted and must act again starts a new turn for its clock, unmailed.
        fresh = {s for s in now if s not in track.acting or s == track.seat}
        track.acting = {
            s: (state.version, track.time) if s in fresh else track.acting[s] for s in now
        }
        return [
            TurnChange(kind="your_turn", table_id=state.table_id, turn=state.version, seat=seat,
                       player_id=state.players[seat] or "", facts=self.facts(state, seat),
                       time=track.time)
            for seat in began
        ]  # fmt: skip

    def facts(self, state: TableState, seat: int | None) -> dict[str, Any]:
        """What a message about this table says (for a seat, or None for everyone)."""
        spec = state.spec
        facts: dict[str, Any] = {
            "game": spec.title,
            "game_name": spec.name,  # the title in the reader's language (messages.game_title)
            "table_id": state.table_id,
            "link": f"{self.public_url}/tables/{state.table_id}",
            "players": list(state.names),
        }
        if seat is not None:
            facts["name"] = state.names[seat]
            facts["opponents"] = [n for i, n in enumerate(state.names) if i != seat]
            facts["prompt"] = spec.prompt(state.game_state, seat)
            if spec.prompt_code is not None:
                asked = spec.prompt_code(state.game_state, seat)
                facts["prompt_code"], facts["prompt_params"] = asked.code, dict(asked.params)
        if state.forfeited:
            facts["forfeited"] = [state.names[s] for s in state.forfeited]
        result = table_result(state)
        if result is not None:
            order = sorted(range(state.seats), key=lambda s: (result.ranks[s], s))
            facts["ranking"] = [
                {"rank": result.ranks[s], "name": state.names[s], "score": result.scores[s]}
                for s in order
            ]
        return facts

    def acting(self, table_id: str) -> dict[int, tuple[int, float]]:
        """The seats that must act at a table, with the turn (version) and time each began."""
        track = self.tables.get(table_id)
        return dict(track.acting) if track else {}
