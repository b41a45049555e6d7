# ruff: noqa: E501  (the golden lines are stored events, kept whole)
"""Ra golden transcript: a seeded 2-player game, step by step (seat, prompt, legal-move count,
move, events as stored). A diff here shows any change of the rules' behaviour or wire format.

To regenerate after an intended change: print `transcript()` and paste it into GOLDEN.
"""

from __future__ import annotations

import msgspec

from shared.games.ra import GAME
from shared.games.rng import Rng
from tests.gamekit import start


def transcript(players: int = 2, seed: int = 7, steps: int = 14) -> list[str]:
    """The first steps of a random game, one line per move."""
    state, events = start(GAME, players, seed=seed)
    bots = Rng(seed + 1)
    lines = [" ".join(msgspec.json.encode(e).decode() for e in events)]
    for step in range(steps):
        seat = bots.choice(list(GAME.to_act(state)))
        moves = GAME.legal_moves(state, seat)
        move = bots.choice(moves)
        asked = GAME.prompt(state, seat)
        new = GAME.decide(state, seat, move, Rng(seed * 1_000_003 + step))
        for event in new:
            state = GAME.evolve(state, event)
        wire = " ".join(msgspec.json.encode(e).decode() for e in new)
        lines.append(
            f"{seat} | {asked} | {len(moves)} | {msgspec.json.encode(move).decode()} | {wire}"
        )
    return lines


GOLDEN: tuple[str, ...] = (
    '{"type":"GameStarted","players":2,"scores":[10,11],"ra":8,"last_space":16} {"type":"EpochStarted","epoch":1,"start_player":0,"ra":8}',
    '0 | roll the dice | 1 | {"type":"RollDice"} | {"type":"DiceRolled","seat":0,"roll":1,"dice":[0,1,2,3,4],"faces":["pharaoh","ankh","pharaoh","ankh","pharaoh"]}',
    '0 | reroll dice or stop rolling | 32 | {"type":"RerollDice","dice":[0,4]} | {"type":"DiceRolled","seat":0,"roll":2,"dice":[0,4],"faces":["pharaoh","ankh"]}',
    '0 | reroll dice or stop rolling | 32 | {"type":"RerollDice","dice":[2]} | {"type":"DiceRolled","seat":0,"roll":3,"dice":[2],"faces":["ankh"]}',
    '0 | apply your dice, then end your turn | 23 | {"type":"AdvancePharaoh","dice":[0,4]} | {"type":"PharaohAdvanced","seat":0,"dice":[0,4],"spaces":2,"position":2}',
    '0 | apply your dice, then end your turn | 11 | {"type":"ScoreAnkhPair","dice":[1,3]} | {"type":"AnkhPairScored","seat":0,"dice":[1,3],"points":2}',
    '0 | apply your dice, then end your turn | 2 | {"type":"EndTurn"} | {"type":"TurnEnded","seat":0,"next_seat":1}',
    '1 | roll the dice | 1 | {"type":"RollDice"} | {"type":"DiceRolled","seat":1,"roll":1,"dice":[0,1,2,3,4],"faces":["sun","monument","nile","nile","sun"]} {"type":"SunsLocked","seat":1,"dice":[0,4],"spaces":[9,10],"suns":2}',
    '1 | reroll dice or stop rolling | 8 | {"type":"StopRolling"} | {"type":"RollingStopped","seat":1}',
    '1 | apply your dice, then end your turn | 12 | {"type":"PlaceMonument","die":1,"column":4,"extra_die":null} | {"type":"MonumentPlaced","seat":1,"dice":[1],"colour":"purple","column":4}',
    '1 | apply your dice, then end your turn | 4 | {"type":"EndTurn"} | {"type":"RaAdvanced","seat":1,"spaces":2,"position":10} {"type":"TurnEnded","seat":1,"next_seat":0}',
    '0 | roll the dice | 1 | {"type":"RollDice"} | {"type":"DiceRolled","seat":0,"roll":1,"dice":[0,1,2,3,4],"faces":["pharaoh","civilization","nile","monument","monument"]}',
    '0 | reroll dice or stop rolling | 32 | {"type":"RerollDice","dice":[1]} | {"type":"DiceRolled","seat":0,"roll":2,"dice":[1],"faces":["ankh"]}',
    '0 | reroll dice or stop rolling | 32 | {"type":"RerollDice","dice":[0,1,2,4]} | {"type":"DiceRolled","seat":0,"roll":3,"dice":[0,1,2,4],"faces":["sun","civilization","sun","monument"]} {"type":"SunsLocked","seat":0,"dice":[0,2],"spaces":[11,12],"suns":2}',
    '0 | apply your dice, then end your turn | 17 | {"type":"PlaceMonument","die":4,"column":4,"extra_die":null} | {"type":"MonumentPlaced","seat":0,"dice":[4],"colour":"red","column":4}',
)


def test_the_seeded_game_plays_exactly_as_recorded() -> None:
    assert transcript() == list(GOLDEN)
