"""Rules, Scoring an Epoch: Pharaoh, Nile, Civilization and (after epoch 3) Monuments."""

from __future__ import annotations

from shared.games.ra import events as ev
from shared.games.ra.components import C
from shared.games.ra.state import RaState, cell, civilization_count


def pharaoh_points(positions: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Points per seat and the markers after the scoring moves.

    Most advanced +5 and back 2 (not below 0), least advanced -2 and on 1 (not beyond 12);
    ties all score; if all players tie there is no score and nothing moves.
    """
    top, bottom = max(positions), min(positions)
    if top == bottom:
        return (0,) * len(positions), positions
    points, after = [], []
    for position in positions:
        if position == top:
            points.append(C.pharaoh_most_points)
            after.append(max(0, position + C.pharaoh_most_moves))
        elif position == bottom:
            points.append(C.pharaoh_least_points)
            after.append(min(C.pharaoh_end, position + C.pharaoh_least_moves))
        else:
            points.append(0)
            after.append(position)
    return tuple(points), tuple(after)


def nile_points(state: RaState, seat: int) -> int:
    """The value of the Nile space for a player with a flood marker, else nothing."""
    return C.nile_values[state.nile[seat]] if state.floods[seat] else 0


def civilization_points(state: RaState, seat: int) -> int:
    """-5/0/0/5/10/15 for 0-5 own Civilization markers."""
    return C.civilization_points[civilization_count(state, seat)]


def monument_points(state: RaState, seat: int) -> int:
    """Points for distinct columns (0-6: as many, 7: 10, 8: 15) plus 5/10/15 per full column."""
    per_column = [
        sum(state.monuments[cell(row, column)] == seat for row in range(len(C.colours)))
        for column in range(C.monument_columns)
    ]
    columns = sum(1 for n in per_column if n)
    bonus = sum(C.monument_bonus_points[n] for n in per_column)
    return C.monument_column_points[columns] + bonus


def score_epoch(state: RaState) -> ev.EpochScored:
    """The epoch's scoring, per seat and area."""
    seats = range(state.players)
    pharaoh, after = pharaoh_points(state.pharaoh)
    nile = tuple(nile_points(state, s) for s in seats)
    civ = tuple(civilization_points(state, s) for s in seats)
    if state.epoch == C.monuments_scored_in_epoch:
        monuments = tuple(monument_points(state, s) for s in seats)
    else:
        monuments = (0,) * state.players
    totals = tuple(sum(parts) for parts in zip(pharaoh, nile, civ, monuments, strict=True))
    return ev.EpochScored(
        epoch=state.epoch,
        pharaoh=pharaoh,
        nile=nile,
        civilization=civ,
        monuments=monuments,
        totals=totals,
        pharaoh_after=after,
    )


def ranking(scores: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ranks (1 = best, ties share) and winners (everyone with the most points)."""
    ranks = tuple(1 + sum(other > score for other in scores) for score in scores)
    best = max(scores)
    return ranks, tuple(seat for seat, score in enumerate(scores) if score == best)
