"""Every game has its words in each language's catalogue (web/src/games/<game>/<lang>.js): a
name for each kind of move, words for each field of a move, a template for each prompt code of
its prompts.toml, a label, a description and value words for each table option, and the rules in
short. A missing word fails here (the page would show a raw name instead)."""

from __future__ import annotations

import inspect
import typing
from typing import Any

import msgspec
import pytest

from shared.games.prompts import words as prompt_words
from shared.games.registry import GAME_PACKAGES, get_game
from tests.unit.test_log_sentences import ROOT, node

LANGS = ("en", "de")
GAMES = ROOT / "web" / "src" / "games" / "index.js"


def catalogues() -> dict[str, Any]:
    """Each registered game's catalogue per language, as the web client has it (functions
    dropped, so `end` shows as present or not)."""
    script = f"""
import('{GAMES.as_uri()}').then((games) => {{
  const out = {{}};
  for (const [name, game] of Object.entries(games)) {{
    out[name] = {{}};
    for (const [l, words] of Object.entries(game.words)) {{
      const keep = (k, v) => (typeof v === 'function' ? 'fn' : v);
      out[name][l] = JSON.parse(JSON.stringify(words, keep));
    }}
  }}
  console.log(JSON.stringify(out));
}});
"""
    return node(script)


def move_kinds(game: str) -> dict[str, list[str]]:
    """A game's kinds of move (their tags) and each one's fields."""
    move_type = get_game(game).move_type
    classes = [c for c in typing.get_args(move_type) if inspect.isclass(c)] or [move_type]
    out = {}
    for c in classes:
        tag = c.__struct_config__.tag
        out[tag if isinstance(tag, str) else c.__name__] = list(c.__struct_fields__)
    return out


def option_values(game: str) -> dict[str, list[str]]:
    """A game's table options and, for an option with named values, those values."""
    options = get_game(game).options_type
    out: dict[str, list[str]] = {}
    for field in msgspec.structs.fields(options):
        args = typing.get_args(field.type)
        names = [a for a in args if isinstance(a, str)]
        out[field.name] = names
    return out


@pytest.fixture(scope="module")
def words() -> dict[str, Any]:
    return catalogues()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAME_PACKAGES))
def test_every_move_field_prompt_and_option_has_words(
    words: dict[str, Any], game: str, lang: str
) -> None:
    assert game in words, f"{game} has no folder registered in web/src/games/index.js"
    have = words[game][lang]
    missing: list[str] = []
    for kind, fields in move_kinds(game).items():
        if not have["moves"].get(kind):
            missing.append(f"move {kind}")
        missing += [f"field {f} (of {kind})" for f in fields if not have["fields"].get(f)]
    for code in prompt_words(GAME_PACKAGES[game])["en"]:
        if not have["prompts"].get(code):
            missing.append(f"prompt {code}")
    for option, values in option_values(game).items():
        entry = have["options"].get(option)
        if not entry or not entry[0] or not entry[1]:
            missing.append(f"option {option}")
            continue
        missing += [f"option {option} = {v}" for v in values if not entry[2].get(v)]
    if not have.get("help"):
        missing.append("the rules in short (help)")
    assert not missing, f"{game} ({lang}) lacks words for: {', '.join(sorted(set(missing)))}"


@pytest.mark.parametrize("game", sorted(GAME_PACKAGES))
def test_every_prompt_code_has_words_in_every_language(game: str) -> None:
    """The prompts.toml (the mails' words and the client's) says each code in each language."""
    table = prompt_words(GAME_PACKAGES[game])
    codes = set(table["en"])
    for lang in LANGS:
        assert set(table[lang]) == codes, f"{game}: prompts.toml [{lang}] differs from [en]"


@pytest.mark.parametrize("game", sorted(GAME_PACKAGES))
def test_every_prompt_a_game_gives_is_a_code_of_its_prompts_file(game: str) -> None:
    """Along random games, each seat's prompt code is an entry of prompts.toml, its
    parameters fill the entry, and the English phrase (the API's `prompt`) follows from it."""
    from shared.games.prompts import render
    from shared.games.rng import Rng
    from tests.gamekit import start

    spec = get_game(game)
    assert spec.prompt_code is not None, f"{game} gives no prompt codes"
    table = prompt_words(GAME_PACKAGES[game])
    rng = Rng(7)
    state, _ = start(spec, spec.max_players, None, 3)
    for step in range(400):
        for seat in range(spec.max_players):
            asked = spec.prompt_code(state, seat)
            if asked.code:
                assert asked.code in table["en"], f"{game}: {asked.code} not in prompts.toml"
                for lang in LANGS:
                    assert "{" not in render(table[lang], asked, str), (game, asked)
            assert spec.prompt(state, seat) == render(table["en"], asked, lambda s: f"player {s}")
        if spec.result(state) is not None:
            break
        seat = next(iter(spec.to_act(state)))
        move = rng.choice(list(spec.legal_moves(state, seat)))
        for event in spec.decide(state, seat, move, Rng(step)):
            state = spec.evolve(state, event)


def _keys(tree: Any, path: str = "") -> set[str]:
    """Every key path of a nested catalogue entry (lists and words are leaves)."""
    if not isinstance(tree, dict):
        return {path}
    return {k for key, value in tree.items() for k in _keys(value, f"{path}.{key}")} | {path}


@pytest.mark.parametrize("game", sorted(GAME_PACKAGES))
def test_the_board_words_are_in_the_catalogues_in_every_language(
    words: dict[str, Any], game: str
) -> None:
    """A board's words live in its catalogues (`board`), none in board.js; every word one
    language has, the other has too (a German page never falls back to English)."""
    boards = {lang: words[game][lang].get("board") for lang in LANGS}
    assert all(boards.values()), f"{game}: a catalogue has no board words"
    en, de = (_keys(boards[lang]) for lang in LANGS)
    only = sorted((en ^ de) - {".names"} - {k for k in en ^ de if k.startswith(".names.")})
    assert not only, f"{game}: board words in one language only: {only}"
    source = (ROOT / "web" / "src" / "games" / game / "board.js").read_text()
    assert "lang() === 'de'" not in source and "de: {" not in source, f"{game}: words in board.js"


def test_every_hera_und_zeus_end_reason_has_words_in_every_language(
    words: dict[str, Any],
) -> None:
    """Why a Hera und Zeus game ended (the rules' `REASONS`) is said in each catalogue's
    board words (the end line and the log's last sentence take them from there)."""
    from shared.games.herazeus.flow import REASONS

    for lang in LANGS:
        said = words["herazeus"][lang]["board"]["reasons"]
        assert set(said) == set(REASONS), f"{lang}: {set(REASONS) ^ set(said)}"
        assert all(said.values()), lang
