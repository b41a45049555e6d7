"""The pure rules of players and tokens (`shared.accounts.players`): issuing, renaming and
revoking tokens are decided on the aggregate alone, and old stored topics still resolve."""

from __future__ import annotations

from eventsourcing.utils import resolve_topic

from shared.accounts import players
from tests.harness.errors import refusal


def _player() -> players.Player:
    return players.Player(name="Ann", token_hash=players.hash_token("first"))


def test_a_player_holds_its_first_token_and_no_other() -> None:
    player = _player()
    assert player.holds(players.hash_token("first"))
    assert not player.holds(players.hash_token("second"))
    assert player.active() == 1


def test_a_token_past_the_limit_or_from_a_used_link_is_refused() -> None:
    player = _player()
    for number in range(players.MAX_TOKENS - 1):
        players.check_issue(player, "")
        player.issue(token_hash=players.hash_token(f"t{number}"), name="t", link=f"l{number}")
    assert player.active() == players.MAX_TOKENS
    assert refusal(players.check_issue, player, "") == "too_many_tokens"
    player.revoke(token=players.token_id(players.hash_token("t0")))
    players.check_issue(player, "")  # a revoked token frees its place
    assert refusal(players.check_issue, player, "l3") == "link_used"


def test_renaming_and_revoking_decide_on_the_players_own_list() -> None:
    player = _player()
    first = players.token_id(players.hash_token("first"))
    assert refusal(players.decide_change, player, "0" * 16, None) == "unknown_token"
    assert players.decide_change(player, first, "  laptop ") is True
    assert player.tokens[first]["name"] == "laptop"
    assert refusal(players.decide_change, player, first, "x" * 41) == "bad_token_name"
    assert players.decide_change(player, first, None) is True
    assert not player.holds(players.hash_token("first"))
    assert players.decide_change(player, first, None) is False  # revoked already: no event
    assert refusal(players.decide_change, player, first, "again") == "token_revoked"
    kinds = [type(e).__name__ for e in player.collect_events()]
    assert kinds == ["Registered", "TokenRenamed", "TokenRevoked"]


def test_token_names_are_printable_and_trimmed() -> None:
    assert players.token_name(" phone ") == "phone"
    for bad in ("", "   ", "a\x00b", "x" * 41):
        assert refusal(players.token_name, bad) == "bad_token_name"


def test_records_stored_before_the_move_resolve_to_the_moved_classes() -> None:
    import shared.store  # noqa: F401  (registers the moved topics)

    assert resolve_topic("services.gateway.players:Player.Registered") is players.Player.Registered
    assert resolve_topic("services.gateway.players:NameClaim") is players.NameClaim
