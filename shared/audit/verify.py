"""Offline verification of a game record: no server, no store, only the rules and the record."""

from __future__ import annotations

import msgspec

from shared.audit.record import GameRecord
from shared.audit.redecide import Divergence, DivergenceKind, Header, redecide
from shared.contracts.errors import SenetError
from shared.tables.decide import commitment_of
from shared.tables.outcome import final_result


class Report(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of a verification: ok, or the first problem found."""

    table_id: str
    game: str
    rules_version: int
    events: int
    ok: bool
    problem: Divergence | None = None


def header_of(record: GameRecord) -> Header:
    """The opening of a table as its record states it (the record has every header field)."""
    return Header(**{name: getattr(record, name) for name in Header.__struct_fields__})


def verify_record(record: GameRecord) -> Report:
    """Check the seed against the commitment, every event against the commands, the result."""
    problem = _check(record)
    return Report(
        table_id=record.table_id,
        game=record.game,
        rules_version=record.rules_version,
        events=len(record.events),
        ok=problem is None,
        problem=problem,
    )


def _check(record: GameRecord) -> Divergence | None:
    seed = _seed_problem(record)
    if seed is not None:
        return seed
    try:
        replayed = redecide(header_of(record), record.commands, record.events)
    except SenetError as exc:
        return _problem("unreplayable", None, "a replayable record", exc.code, exc.message)
    if replayed.divergence is not None:
        return replayed.divergence
    state = replayed.state
    if state is None:
        return _problem("empty", None, "events", "none", "the record holds no event")
    result = final_result(state)
    if result is None:
        return _problem(
            "not_finished",
            None,
            "a finished game",
            "unfinished",
            "the events do not reach the end of the game",
        )
    if record.result != result:
        want, got = msgspec.to_builtins(result), msgspec.to_builtins(record.result)
        return _problem(
            "result_differs",
            len(record.events),
            str(want),
            str(got),
            f"the final result does not follow from the events: the events give {want}, "
            f"the record says {got}",
        )
    seats = [(s.seat, s.player_id, s.name) for s in record.players]
    folded = [(i, p or "", state.names[i]) for i, p in enumerate(state.players)]
    if seats != folded:
        return _problem(
            "seats_differ",
            None,
            str(folded),
            str(seats),
            "the seats listed in the record are not those of the events",
        )
    return None


def _seed_problem(record: GameRecord) -> Divergence | None:
    if not record.seed:
        return _problem(
            "not_finished",
            None,
            "a revealed seed",
            "none",
            "the record has no seed: the game is not over",
        )
    try:
        computed = commitment_of(record.table_id, record.seed)
    except ValueError:
        return _problem("seed_mismatch", None, "a hex seed", record.seed, "the seed is not hex")
    if computed != record.commitment:
        return _problem(
            "seed_mismatch",
            None,
            record.commitment,
            computed,
            "the seed does not match the commitment published at the start: "
            f"sha256(table id + seed) is {computed}, the commitment is {record.commitment}",
        )
    return None


def _problem(
    kind: DivergenceKind, version: int | None, expected: str, recorded: str, message: str
) -> Divergence:
    return Divergence(
        kind=kind, version=version, expected=expected, recorded=recorded, message=message
    )
