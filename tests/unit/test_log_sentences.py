"""Every event of every registered game (and of the table) has a sentence in English and in
German (web/src/log/), and the sentences of real events read as words: no brackets, braces,
underscores, `undefined` or ids, and the German differs from the English."""

from __future__ import annotations

import importlib
import inspect
import json
import re
import shutil
import subprocess
import typing
from pathlib import Path
from typing import Any

import msgspec
import pytest

from shared.games.contract import GameEvent
from shared.games.registry import GAME_PACKAGES, get_game
from shared.tables import events as table_events
from tests.conftest import IN_CI
from tests.gamekit import play_random

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "web" / "src" / "log" / "index.js"
STUBS = Path(__file__).with_name("webnode.mjs")  # preact and htm stubbed: no node_modules needed
NAMES = ["Alice", "Zoe", "Mia", "Ben"]
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-")
BAD = ("[", "]", "{", "}", "_", "undefined", "NaN", "null", "[object", "#")


def node(script: str, stdin: str = "") -> Any:
    """Run an ES module script with node in web/ and decode its JSON output."""
    exe = shutil.which("node")
    if exe is None:
        if IN_CI:
            pytest.fail("node is missing (CI=true: the web client's tests must run)")
        pytest.skip("node is missing")
    done = subprocess.run(
        [exe, "--no-warnings", "--import", str(STUBS), "--input-type=module", "-e", script],
        cwd=ROOT / "web",
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def event_types(game: str) -> set[str]:
    """The event classes of a game: its GameSpec's event union and its events module."""
    spec = get_game(game)
    found = {c.__name__ for c in typing.get_args(spec.event_type) if inspect.isclass(c)}
    if not found and inspect.isclass(spec.event_type):
        found = {spec.event_type.__name__}
    try:
        module = importlib.import_module(f"{GAME_PACKAGES[game]}.events")
    except ImportError:
        module = None
    if module is not None:
        found |= {
            name
            for name, c in vars(module).items()
            if inspect.isclass(c)
            and issubclass(c, GameEvent)
            and c is not GameEvent
            and c.__module__ == module.__name__
        }
    return found


def table_event_types() -> set[str]:
    return {
        name
        for name, c in vars(table_events).items()
        if inspect.isclass(c)
        and issubclass(c, table_events.TableEvent)
        and c is not table_events.TableEvent
    }


def coverage() -> dict[str, dict[str, list[str]]]:
    return node(f"import('{LOG.as_uri()}').then((m) => console.log(JSON.stringify(m.coverage())));")


def test_every_event_of_every_game_has_a_sentence_in_both_languages() -> None:
    have = coverage()
    missing = []
    for game in GAME_PACKAGES:
        for name in sorted(event_types(game)):
            for lang in ("en", "de"):
                if name not in have.get(game, {}).get(lang, []):
                    missing.append(f"{game}.{name} ({lang})")
    for name in sorted(table_event_types()):
        for lang in ("en", "de"):
            if name not in have["table"][lang]:
                missing.append(f"table.{name} ({lang})")
    assert not missing, f"events without a sentence: {missing}"


RENDER = """
import { sentence } from '%s';
let text = '';
process.stdin.on('data', (d) => { text += d; });
process.stdin.on('end', () => {
  const items = JSON.parse(text);
  const names = %s;
  const out = items.map(([game, entry]) => ({
    game, name: entry.name,
    en: sentence(game, 'en', entry, names), de: sentence(game, 'de', entry, names),
  }));
  console.log(JSON.stringify(out));
});
"""

GAMES_PLAYED = [
    ("ra", 3, None),
    ("egizia", 3, None),
    ("egizia", 2, {"variant": True}),
    ("sobek", 3, None),
    ("sobek", 2, None),
    ("cantstop", 3, None),
    ("herazeus", 2, None),
    ("tictactoe", 2, None),
    ("istanbul", 3, None),
]


def sample_events() -> list[tuple[str, dict[str, Any]]]:
    """Real events of seeded random games, as each seat sees them (redacted) and unredacted."""
    items: list[tuple[str, dict[str, Any]]] = []
    seen: set[tuple[str, str, str]] = set()
    for game, seats, options in GAMES_PLAYED:
        spec = get_game(game)
        for seed in range(2):
            played = play_random(spec, seats, options, seed=seed, check=False)
            for event in played.events:
                for seat in (None, *range(seats)):
                    shown = spec.redact(event, seat) if seat is not None else event
                    if shown is None:
                        continue
                    payload = msgspec.to_builtins(shown)
                    name = payload.pop("type")
                    key = (game, name, json.dumps(payload, sort_keys=True))
                    if key in seen:
                        continue
                    seen.add(key)
                    items.append((game, {"name": name, "payload": payload}))
    items.append(("ra", {"name": "TableCreated", "payload": {"game": "ra", "seats": 2}}))
    items.append(("ra", {"name": "SeatTaken", "payload": {"seat": 0, "player_name": "Alice"}}))
    items.append(("ra", {"name": "TableStarted", "payload": {}}))
    return items


def test_the_sentences_of_real_events_are_words_in_both_languages() -> None:
    items = sample_events()
    rendered = node(RENDER % (LOG.as_uri(), json.dumps(NAMES)), json.dumps(items))
    assert len(rendered) == len(items)
    problems = []
    for line in rendered:
        for lang in ("en", "de"):
            text = line[lang]
            if not text or any(bad in text for bad in BAD) or UUID.search(text):
                problems.append(f"{line['game']}.{line['name']} ({lang}): {text!r}")
        if line["en"] == line["de"]:
            problems.append(f"{line['game']}.{line['name']}: German equals English: {line['en']!r}")
    assert not problems, "\n".join(problems[:40])
