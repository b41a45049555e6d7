"""`senet verify game.json`: check a game record offline (no server, no store).
`senet verify --store URL`: check that a store's results and ratings follow from the
arbiters' verdicts (an annulled game absent, a forfeit counted, ratings the fold)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Annotated, Any

import msgspec

from services.cli.options import add_settings
from shared.audit.record import decode_record
from shared.audit.verify import verify_record
from shared.contracts.errors import SenetError
from shared.disputes.record import check_ratings
from shared.readmodels.db import ReadModelDB
from shared.settings import setting
from shared.store import open_store
from shared.tournaments.record import (
    decode_tournament_record,
    is_tournament_record,
    verify_tournament,
)

VERB = "verify"


class VerifySettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet verify`: a record, or instead a store's ratings."""

    store: Annotated[
        str | None,
        setting(
            "instead of a record: check that this store's ratings follow from the verdicts",
            metavar="URL",
        ),
    ] = None


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(
        VERB, help="check a game record offline: seed, every event, the final scores"
    )
    parser.add_argument(
        "record", nargs="?", help="the game record (JSON) written by `senet export`"
    )
    add_settings(parser, VerifySettings)


def run(args: argparse.Namespace) -> int:
    """0 when the record is sound; 1 with the first problem named; 2 when unreadable."""
    if not args.record and getattr(args, "store", None):  # a record named wins over SENET_STORE
        return _verify_ratings(args.store)
    if not args.record:
        print("senet verify: name a record, or --store URL", file=sys.stderr)
        return 2
    try:
        raw = Path(args.record).read_bytes()
        if is_tournament_record(raw):
            return _verify_tournament(raw)
        record = decode_record(raw)
    except OSError as exc:
        print(f"senet verify: cannot read {args.record}: {exc}", file=sys.stderr)
        return 2
    except SenetError as exc:
        print(f"senet verify: {exc.message}", file=sys.stderr)
        return 2
    report = verify_record(record)
    print(msgspec.json.encode(report).decode())
    if report.problem is not None:
        problem = report.problem
        print(f"senet verify: FAILED ({problem.kind}): {problem.message}", file=sys.stderr)
        print(f"  expected: {problem.expected}", file=sys.stderr)
        print(f"  recorded: {problem.recorded}", file=sys.stderr)
        return 1
    print(f"senet verify: ok, {report.events} events follow from the commands", file=sys.stderr)
    for verdict in record.verdicts:
        print(f"senet verify: verdict {verdict.verdict} by {verdict.arbiter} at {verdict.at}:"
              f" {verdict.verdict_reason}", file=sys.stderr)  # fmt: skip
    return 0


def _verify_ratings(url: str) -> int:
    """0 when results and ratings follow from the verdicts, 1 naming each problem."""
    try:
        store = open_store(url, create=False)
    except SenetError as exc:
        print(f"senet verify: {exc.message} [{exc.code}]", file=sys.stderr)
        return 2
    try:
        problems = check_ratings(store, ReadModelDB.of(store))
    finally:
        store.close()
    for problem in problems:
        print(f"senet verify: FAILED: {problem}", file=sys.stderr)
    if problems:
        return 1
    print("senet verify: ok, results and ratings follow from the verdicts", file=sys.stderr)
    return 0


def _verify_tournament(raw: bytes) -> int:
    """A tournament record: 0 sound, 1 with the first problem named (and its table)."""
    report = verify_tournament(decode_tournament_record(raw))
    print(msgspec.json.encode(report).decode())
    if report.problem is not None:
        problem = report.problem
        print(f"senet verify: FAILED ({problem.kind}): {problem.message}", file=sys.stderr)
        print(f"  expected: {problem.expected}", file=sys.stderr)
        print(f"  recorded: {problem.recorded}", file=sys.stderr)
        return 1
    print(f"senet verify: ok, {report.events} tournament events and {report.tables} tables",
          file=sys.stderr)  # fmt: skip
    return 0
