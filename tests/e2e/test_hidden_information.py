"""Over HTTP, each seat's feed names only what that seat was dealt, drew or was shown.

The expected knowledge is tracked here, from the full stored events and the rules' own
words about who sees what (docs/games/sobek.md and egizia.md, "Hidden information"), not
by calling the game's `redact`: a leak inside `redact` must fail this test.

- Sobek: a card id may appear in a seat's feed only once the seat holds or held the card
  (dealt, taken, drawn, stolen, bribed: as owner, thief, vizier or victim) or it lay face
  up for everybody (goods delivered to the quays, cards shown in the async variant, sets
  laid, characters played). Every card a seat is dealt, takes or draws is named to it.
- Egizia: a Sphinx card id only to its holder (dealt, drawn, kept, returned) until it is
  scored at the end; no Nile deck order and no face-down tomb to anybody.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.games.egizia import events as egizia
from shared.games.egizia.components import DATA as EGIZIA
from shared.games.registry import get_game
from shared.games.sobek import events as sobek
from shared.games.sobek.components import CARDS as SOBEK_CARDS
from shared.tables.reader import events
from shared.tables.state import decode_event
from tests.platform import Player, full_log, open_table, play_moves, register, view

SEATS = 3
# Moves that move hidden cards: played whenever legal, so the game reaches those events.
FAVOURED = {
    "PlayQueen", "PlayVizier", "PlayThief", "PlayScribe", "TakeBribe", "DiscardCard",
    "DrawSphinxCards", "KeepSphinxCards",
}  # fmt: skip


@dataclass
class Knowledge:
    """What each viewer (a seat, or None for a player with no seat) may know so far."""

    own: dict[int | None, set[int]] = field(default_factory=dict)
    public: set[int] = field(default_factory=set)

    def learn(self, seat: int | None, ids: Any) -> None:
        self.own.setdefault(seat, set()).update(i for i in ids if i is not None and i >= 0)

    def known(self, seat: int | None) -> set[int]:
        return self.own.get(seat, set()) | self.public


def _refs(value: Any) -> list[sobek.CardRef]:
    """Every Sobek CardRef inside an event (fields, tuples, tuples of tuples)."""
    if isinstance(value, sobek.CardRef):
        return [value]
    if isinstance(value, tuple | list):
        return [ref for item in value for ref in _refs(item)]
    if isinstance(value, msgspec.Struct):
        return [ref for name in value.__struct_fields__ for ref in _refs(getattr(value, name))]
    return []


def _named(event: Any) -> set[int]:
    return {ref.id for ref in _refs(event) if ref.id is not None}


def _sobek_learns(truth: Any, seat: int | None, known: Knowledge) -> set[int]:
    """Fold one true Sobek event into the knowledge; returns the ids `seat` must be told."""
    if isinstance(truth, sobek.GoodsDelivered):  # goods face up; characters face down
        known.public |= {r.id for r in truth.row if SOBEK_CARDS[r.id].character is None}
    elif isinstance(truth, sobek.SetLaid | sobek.CardsAdded | sobek.SidewaysSetLaid):
        known.public |= set(truth.cards)
    elif isinstance(truth, sobek.CharacterPlayed):
        known.public.add(truth.card)
    elif isinstance(truth, sobek.CardTaken) and truth.shown:  # async: taken face up
        taken = (truth.card, *truth.skipped)
        known.public |= {r.id for r in taken if SOBEK_CARDS[r.id].character is None}
    elif isinstance(truth, sobek.BribesRemoved) and truth.shown:
        known.public |= {r.id for r in truth.cards}
    told: set[int] = set()
    if isinstance(truth, sobek.RoundPrepared | sobek.HandsBribed) and seat is not None:
        told = {r.id for r in truth.hands[seat]}
    elif isinstance(truth, sobek.CardTaken) and truth.seat == seat:
        told = {r.id for r in (truth.card, *truth.skipped)}
    elif isinstance(truth, sobek.CardsDrawn | sobek.PotEmbalmed | sobek.BribesRemoved):
        told = {r.id for r in truth.cards} if truth.seat == seat else set()
    elif isinstance(truth, sobek.CardDiscarded) and truth.seat == seat:
        told = {truth.card.id}
    elif isinstance(truth, sobek.BribeTaken | sobek.CardStolen):
        told = {truth.card.id} if seat in (truth.seat, truth.victim) else set()
    told.discard(None)  # type: ignore[arg-type]
    known.learn(seat, told)
    return told  # type: ignore[return-value]


def _egizia_sphinx(event: Any) -> set[int]:
    """The Sphinx card ids an Egizia event names (hidden ones are negative)."""
    if isinstance(event, egizia.GameSetUp):
        ids = (*event.sphinx_dealt, *event.sphinx_deck)
    elif isinstance(event, egizia.SphinxCardsDrawn):
        ids = event.cards
    elif isinstance(event, egizia.SphinxCardsKept):
        ids = (*event.kept, *event.returned)
    elif isinstance(event, egizia.SphinxCardScored):
        ids = (event.card,)
    else:
        ids = ()
    return {i for i in ids if i >= 0}


def _egizia_learns(truth: Any, seat: int | None, known: Knowledge) -> set[int]:
    """Fold one true Egizia event into the knowledge; returns the ids `seat` must be told."""
    told: set[int] = set()
    if isinstance(truth, egizia.GameSetUp) and seat is not None:
        told = {truth.sphinx_dealt[seat]}
    elif isinstance(truth, egizia.SphinxCardsDrawn | egizia.SphinxCardsKept):
        told = _egizia_sphinx(truth) if truth.seat == seat else set()
    elif isinstance(truth, egizia.SphinxCardScored):  # the final scoring reveals it
        known.public.add(truth.card)
    known.learn(seat, told)
    return told


def _egizia_other_leaks(truth: Any, seen: Any) -> list[str]:
    """Nile deck orders and face-down tombs are shown to nobody."""
    if not isinstance(truth, egizia.GameSetUp):
        return []
    leaks = []
    if any(deck for deck in seen.nile_decks):
        leaks.append("a Nile deck order")
    hidden = range(EGIZIA.tombs_open, len(truth.tombs))
    if any(seen.tombs[i] == truth.tombs[i] for i in hidden):
        leaks.append("a face-down tomb")
    return leaks


async def _play_favouring_hidden_moves(
    client: TestClient, table_id: str, players: list[Player], limit: int
) -> None:
    rng = random.Random(9)
    for _ in range(limit):
        first = await view(client, table_id, players[0])
        if first["result"] is not None:
            return
        seat = rng.choice(first["to_act"])
        mine = await view(client, table_id, players[seat])
        favoured = [m for m in mine["legal_moves"] if m["type"] in FAVOURED]
        move = rng.choice(favoured or mine["legal_moves"])
        response = await client.post(
            f"/api/tables/{table_id}/moves", json={"move": move}, headers=players[seat].auth
        )
        assert response.status == 200, await response.text()


async def _feed(client: TestClient, table_id: str, player: Player) -> dict[int, Any]:
    return {entry["version"]: entry for entry in await full_log(client, table_id, player)}


@pytest.mark.parametrize(
    ("game", "options"),
    [("sobek", {"variant": "original"}), ("sobek", {"variant": "async"}), ("egizia", {})],
)
async def test_each_seat_is_told_exactly_what_it_was_dealt_drew_or_was_shown(
    client: TestClient, platform: Platform, game: str, options: dict[str, Any]
) -> None:
    spec = get_game(game)
    table_id, players = await open_table(client, game, SEATS, options)
    await _play_favouring_hidden_moves(client, table_id, players, limit=150)
    onlooker = await register(client, "onlooker")  # seated nowhere
    assert platform.app is not None
    stored = events(platform.store, table_id)
    learns = _sobek_learns if game == "sobek" else _egizia_learns
    named = _named if game == "sobek" else _egizia_sphinx
    viewers: list[tuple[int | None, Player]] = [*enumerate(players), (None, onlooker)]
    told_any = 0
    for seat, player in viewers:
        feed = await _feed(client, table_id, player)
        assert feed[1]["payload"]["seed"] == ""  # TableCreated: the seed only at the end
        known = Knowledge()
        for logged in stored[1:]:
            truth = logged.event
            must_tell = learns(truth, seat, known)
            entry = feed.get(logged.version)
            assert entry is not None, f"seat {seat} misses event {logged.version}"
            seen = decode_event(spec, entry["name"], entry["payload"])
            where = f"seat {seat}, event {logged.version} {entry['name']}"
            leaked = named(seen) - known.known(seat)
            assert not leaked, f"{where} names cards it never saw: {sorted(leaked)}"
            assert must_tell <= named(seen), f"{where} hides the seat's own cards"
            if game == "egizia":
                assert not _egizia_other_leaks(truth, seen), where
            told_any += len(must_tell)
    assert told_any > 0  # the game dealt or drew hidden cards: the check had work to do
    if game == "sobek":
        for seat, player in viewers:
            mine = await view(client, table_id, player)
            shown = _view_card_ids(mine["game"])
            final = Knowledge()
            for logged in stored[1:]:
                learns(logged.event, seat, final)
            assert shown <= final.known(seat), f"seat {seat}'s view names unseen cards"


async def test_a_game_without_hidden_information_shows_every_event_unchanged(
    client: TestClient, platform: Platform
) -> None:
    table_id, players = await open_table(client, "cantstop", 3, {"target": 4})
    await play_moves(client, table_id, players, seed=9, limit=40)
    stored = events(platform.store, table_id)
    truth = [msgspec.json.decode(msgspec.json.encode(logged.event)) for logged in stored[1:]]
    for player in players:
        feed = await full_log(client, table_id, player)
        assert [entry["payload"] for entry in feed[1:]] == truth


def _view_card_ids(value: Any) -> set[int]:
    """Every card id in a Sobek view (a CardView is an object with a `back`)."""
    if isinstance(value, dict):
        own = {value["id"]} if "back" in value and value.get("id") is not None else set()
        return own.union(*(_view_card_ids(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_view_card_ids(v) for v in value))
    return set()
