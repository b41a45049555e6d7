"""The pure rules of table chat (`shared.chat.rules`), each with its stable code: what a
message may hold, where a caller writes, how fast and how much, and whom one may mute."""

from __future__ import annotations

import uuid

import pytest

from shared.chat import rules
from tests.harness.errors import refusal


def test_a_message_is_trimmed_text_without_control_characters() -> None:
    assert rules.clean_text("  good move\n\tthere ") == "good move\n\tthere"
    assert rules.clean_text("e\u0301") == "\u00e9"  # NFC
    assert len(rules.clean_text("x" * rules.MAX_TEXT)) == rules.MAX_TEXT
    for bad in ("", "   ", "x" * (rules.MAX_TEXT + 1), "a\x1b[31m", "a\u202eb", "a\u2028b"):
        assert refusal(rules.clean_text, bad) == "bad_chat_text"


def test_seated_players_write_to_players_and_others_to_spectators_where_allowed() -> None:
    assert rules.write_channel(True, "none", "playing") == "players"
    assert rules.write_channel(False, "anyone", "playing") == "spectators"
    assert refusal(rules.write_channel, False, "none", "playing") == "no_spectators"
    assert refusal(rules.write_channel, True, "anyone", "cancelled") == "table_cancelled"


def test_reading_a_channel() -> None:
    rules.check_read("players", True, True, "none", False)
    assert refusal(rules.check_read, "players", False, True, "anyone", False) == "not_seated"
    assert refusal(rules.check_read, "spectators", True, True, "anyone", False) == (
        "spectator_chat_closed"
    )
    rules.check_read("spectators", True, True, "anyone", True)  # open to players at the end
    assert refusal(rules.check_read, "spectators", False, False, "players", False) == (
        "no_spectators"
    )
    rules.check_read("spectators", False, False, "anyone", False)


def test_a_burst_then_a_wait_until_the_oldest_leaves_the_window() -> None:
    recent = [100.0 + i for i in range(rules.BURST)]
    rules.check_rate(recent[:-1], 105.0)
    with pytest.raises(rules.ChatRateLimited) as caught:
        rules.check_rate(recent, 105.0)
    assert caught.value.code == "chat_rate_limited"
    assert caught.value.retry_after == 6  # the oldest (100) leaves the 10 s window at 110
    rules.check_rate(recent, 100.0 + rules.WINDOW + 0.1)


def test_a_channel_and_its_authors_have_their_shares() -> None:
    rules.check_room(rules.MAX_MESSAGES - 1)
    assert refusal(rules.check_room, rules.MAX_MESSAGES) == "chat_full"
    rules.check_share(rules.AUTHOR_SHARE - 1, rules.NEWCOMERS_SHARE, False)
    assert refusal(rules.check_share, rules.AUTHOR_SHARE, 0, False) == "chat_author_full"
    assert refusal(rules.check_share, 0, rules.NEWCOMERS_SHARE, True) == "chat_newcomers_full"
    assert rules.is_new_account(0.0, rules.NEW_ACCOUNT - 1)
    assert not rules.is_new_account(0.0, rules.NEW_ACCOUNT)


def test_one_mutes_another_player_by_id_never_oneself() -> None:
    me, other = str(uuid.uuid4()), uuid.uuid4()
    assert rules.mute_target(me, str(other).upper()) == str(other)
    assert refusal(rules.mute_target, me, "bob") == "bad_player_id"
    assert refusal(rules.mute_target, me, me) == "bad_player_id"
