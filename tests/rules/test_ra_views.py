"""Ra views: the whole public board for every seat, events unredacted, prompts."""

from __future__ import annotations

import msgspec

from shared.games.ra import GAME
from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from tests.rules.ra_scenario import (
    FixedRng,
    board,
    new_game,
    play,
    rolled,
    with_civilization,
    with_monuments,
)


def test_the_view_shows_scores_tracks_markers_dice_and_the_sun_track() -> None:
    state = board(new_game(3), pharaoh=[2, 0, 5], nile=[1, 4, 0], floods=[0, 1, 0])
    state = with_civilization(state, {"green": (0, 2)})
    state = with_monuments(state, 1, [("blue", 6)])
    state = rolled(state, ["sun", "pharaoh", "ankh", "sun", "nile"])
    state, _ = play(state, 0, mv.AdvancePharaoh(dice=(1, 2)))
    view = GAME.view(state, 1)
    assert view.seat == 1
    assert (view.epoch, view.epochs, view.phase, view.current) == (1, 3, "apply", 0)
    assert view.to_act == [0]
    assert view.prompt == "wait for player 0"
    assert [p.score for p in view.players] == [10, 11, 12]
    assert [p.pharaoh for p in view.players] == [4, 0, 5]
    assert [(p.nile, p.floods) for p in view.players] == [(1, 0), (4, 1), (0, 0)]
    assert [p.civilization for p in view.players] == [["green"], [], ["green"]]
    assert [p.monuments for p in view.players] == [0, 1, 0]
    assert [(d.colour, d.face, d.state) for d in view.dice] == [
        ("yellow", "sun", "sun"),
        ("purple", "pharaoh", "used"),
        ("green", "ankh", "used"),
        ("blue", "sun", "sun"),
        ("red", "nile", "free"),
    ]
    assert view.sun_track.ra == 6
    assert view.sun_track.suns == [0, 3]
    assert view.sun_track.sun_spaces == [7, 8]
    assert (view.sun_track.start_space, view.sun_track.last_space) == (6, 16)
    assert view.civilization[2].seats == [0, 2]
    assert view.civilization[2].capacity == 2
    assert view.monuments[3].colour == "blue"
    assert view.monuments[3].columns == [None] * 6 + [1, None]
    assert view.rerolls_left == 0
    msgspec.json.encode(view)


def test_the_view_counts_the_rerolls_left() -> None:
    state = new_game(2)
    assert GAME.view(state, 0).rerolls_left == 2
    state, _ = play(state, 0, mv.RollDice(), FixedRng(["nile"] * 5))
    assert GAME.view(state, 0).rerolls_left == 2
    state, _ = play(state, 0, mv.RerollDice(dice=(0,)), FixedRng(["nile"]))
    assert GAME.view(state, 0).rerolls_left == 1
    assert GAME.view(state, 0).prompt == "reroll dice or stop rolling"


def test_a_spectator_sees_the_same_board_without_a_prompt() -> None:
    state = rolled(new_game(2), ["sun", "pharaoh", "ankh", "sun", "nile"])
    spectator = GAME.view(state, None)
    player = GAME.view(state, 1)
    assert spectator.seat is None and spectator.prompt == ""
    assert msgspec.structs.replace(player, seat=None, prompt="") == spectator


def test_events_are_public_and_never_redacted() -> None:
    event = ev.DiceRolled(seat=0, roll=1, dice=(0, 1, 2, 3, 4), faces=("sun",) * 5)
    assert GAME.redact(event, None) == event
    assert GAME.redact(event, 1) == event


def test_prompts_name_what_the_seat_is_asked() -> None:
    state = rolled(new_game(2), ["sun", "sun", "sun", "sun", "nile"])
    assert GAME.prompt(state, 0) == (
        "apply your dice, declare a disaster if you wish, then end your turn"
    )
    state = with_monuments(state, 1, [("red", 0), ("red", 1), ("red", 2)])
    state, _ = play(state, 0, mv.DeclareDisaster(disaster="monuments"))
    assert GAME.prompt(state, 1) == "retrieve 2 Monument markers"
    assert GAME.prompt(state, 0) == "wait for the victims of the disaster"
    assert GAME.view(state, 0).must_retrieve == [0, 2]
    assert GAME.view(state, 0).disaster == "monuments"
    state, _ = play(state, 1, mv.RetrieveMarker(colour="red", column=2))
    assert GAME.prompt(state, 1) == "retrieve 1 Monument marker"
    state, _ = play(state, 1, mv.RetrieveMarker(colour="red", column=0))
    assert GAME.prompt(state, 0) == "apply your dice, then end your turn"


def test_the_game_is_registered_with_its_spec() -> None:
    from shared.games.registry import get_game

    game = get_game("ra")
    assert game is GAME
    assert (game.name, game.min_players, game.max_players) == ("ra", 2, 4)
    assert game.decode_move(b'{"type":"RerollDice","dice":[0,3]}') == mv.RerollDice(dice=(0, 3))
    raw = b'{"type":"PlaceMonument","die":1,"column":2}'
    assert game.decode_move(raw) == mv.PlaceMonument(die=1, column=2)
