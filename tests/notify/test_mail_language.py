"""Turn mails and pushes speak the player's language (English unless German is chosen)."""

from __future__ import annotations

import json

import msgspec

from services.notify.messages import push_payload, render, render_digest
from shared.notify.preferences import Settings

FACTS = {
    "game": "Can't Stop",
    "link": "https://senet.example/tables/t1",
    "table_id": "t1",
    "name": "Zoe",
    "opponents": ["Alice"],
    "prompt": "roll again or stop",
    "game_name": "cantstop",
    "prompt_code": "roll_or_stop",
    "prompt_params": {},
    "players": ["Alice", "Zoe"],
}


def test_a_turn_mail_in_german_says_it_all_in_german() -> None:
    mail = render("your_turn", FACTS, "de")
    assert "du bist dran" in mail.subject and "Würfle weiter oder hör auf" in mail.subject
    assert "Zoe, du bist dran in Can't Stop gegen Alice." in mail.text
    assert "Zum Tisch" in mail.html and "your turn" not in mail.text


def test_english_stays_the_default() -> None:
    assert render("your_turn", FACTS).subject == render("your_turn", FACTS, "").subject
    assert "it is your turn" in render("your_turn", FACTS, "en").text


def test_digest_game_over_invitation_and_push_follow_the_language() -> None:
    over = {**FACTS, "ranking": [{"rank": 1, "name": "Zoe", "score": 3}]}
    assert "Spielende" in render("game_over", over, "de").subject
    assert "Züge warten" in render_digest([("your_turn", FACTS), ("reminder", FACTS)], "de").subject
    invited = {**FACTS, "host": "Alice", "players": ["Alice"]}
    assert "lädt dich" in render("invited", invited, "de").text
    push = json.loads(push_payload("your_turn", FACTS, "de"))
    assert "du bist dran" in push["title"]


def test_a_stored_setting_without_a_language_still_reads() -> None:
    old = {"channels": ["email"], "quiet": None, "digest": False}
    assert msgspec.convert(old, type=Settings).language == ""


def test_a_prompt_is_its_code_in_the_words_of_the_game() -> None:
    """The mail says the code of the game's prompts.toml, the same words as the web client;
    a notice queued before the codes existed says its English prompt."""
    retrieve = {**FACTS, "game_name": "ra", "prompt_code": "retrieve_monument"}
    one = render("your_turn", {**retrieve, "prompt_params": {"count": 1}}, "de")
    assert "Gib 1 Monument-Marker zurück" in one.text
    two = render("your_turn", {**retrieve, "prompt_params": {"count": 2}}, "en")
    assert "retrieve 2 Monument markers" in two.text
    old = {k: v for k, v in FACTS.items() if not k.startswith("prompt_")}
    assert "roll again or stop" in render("your_turn", old, "de").text


def test_the_game_title_is_the_readers_language() -> None:
    """Every notice names the game by its title in the reader's language (the game's
    `titles`, as the web client shows them), never by its id; a notice queued without the
    game's id keeps the title it came with."""
    ra = {**FACTS, "game": "Ra: The Dice Game", "game_name": "ra", "prompt_code": ""}
    assert "[senet] Ra: Das Würfelspiel:" in render("your_turn", ra, "de").subject
    assert "[senet] Ra: The Dice Game:" in render("your_turn", ra, "en").subject
    over = {**ra, "ranking": [{"rank": 1, "name": "Zoe", "score": 3}]}
    assert "Die Partie Ra: Das Würfelspiel ist vorbei" in render("game_over", over, "de").text
    case = {**ra, "reason": "timing", "version": 3, "dispute_id": "d1",
            "link": "https://senet.example/disputes/d1"}  # fmt: skip
    assert "Ra: Das Würfelspiel" in render("dispute_opened", case, "de").subject
    cup = {**ra, "tournament": "Cup", "players": ["Zoe"]}
    assert "(Ra: Das Würfelspiel)" in render("tournament_started", cup, "de").subject
    old = {k: v for k, v in ra.items() if k != "game_name"}
    assert "[senet] Ra: The Dice Game:" in render("your_turn", old, "de").subject
    push = json.loads(push_payload("your_turn", ra, "de"))  # a push's title is the subject
    assert "Ra: Das Würfelspiel" in push["title"] and "Dice Game" not in push["title"]
    digest = render_digest([("your_turn", ra), ("your_turn", ra)], "de")
    assert "Ra: Das Würfelspiel" in digest.text and "Dice Game" not in digest.text
