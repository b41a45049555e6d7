"""`senet replay TABLE [--at N] [--seat S] [--verify] --store URL`: audit a stored table (or
a tournament, given its id: its state after event N, or `--verify` of its record)."""

from __future__ import annotations

import argparse
import sys
from typing import Annotated, Any

import msgspec

from services.cli.options import add_settings
from services.cli.settings import StoreSettings
from services.table.replay import snapshot, verify_table
from shared.audit.export import stored_events
from shared.contracts.errors import SenetError
from shared.settings import setting
from shared.store import open_store
from shared.tournaments.record import (
    export_tournament,
    is_tournament,
    state_at,
    verify_tournament,
)
from shared.tournaments.views import view_of

VERB = "replay"


class ReplayOptions(msgspec.Struct, frozen=True, kw_only=True):
    """What to show."""

    at: Annotated[int | None, setting("after event N", shown_default="the last", metavar="N")] = (
        None
    )
    seat: Annotated[
        int | None, setting("only what seat S could see", shown_default="all", metavar="S")
    ] = None
    verify: Annotated[bool, setting("re-decide every command and compare events")] = False


class ReplaySettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet replay`."""

    replay: ReplayOptions = ReplayOptions()
    store: StoreSettings = StoreSettings()


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(
        VERB,
        help="show a table at any event (as a seat saw it), or re-decide it with --verify",
    )
    parser.add_argument("table", help="the table id")
    add_settings(parser, ReplaySettings)


def run(args: argparse.Namespace) -> int:
    """Print the snapshot (JSON) or the verification; 0 when identical."""
    try:
        store = open_store(args.store, create=False)
        if is_tournament(store, args.table):
            return _tournament(store, args)
        if args.verify:
            report = verify_table(store, args.table)
            print(msgspec.json.encode(report).decode())
            if report.problem is not None:
                print(f"senet replay: divergence: {report.problem.message}", file=sys.stderr)
                print(f"  expected: {report.problem.expected}", file=sys.stderr)
                print(f"  recorded: {report.problem.recorded}", file=sys.stderr)
                return 1
            print(f"senet replay: {report.events} events re-decided, identical", file=sys.stderr)
            return 0
        shot = snapshot(args.table, stored_events(store, args.table), args.at, args.seat)
        print(msgspec.json.encode(shot).decode())
        return 0
    except SenetError as exc:
        print(f"senet replay: {exc.message} [{exc.code}]", file=sys.stderr)
        return 2


def _tournament(store: Any, args: argparse.Namespace) -> int:
    """A tournament: its view after event N, or the verification of its record."""
    record = export_tournament(store, args.table)
    if not args.verify:
        print(msgspec.json.encode(view_of(state_at(record, args.at))).decode())
        return 0
    report = verify_tournament(record)
    print(msgspec.json.encode(report).decode())
    if report.problem is not None:
        print(f"senet replay: divergence: {report.problem.message}", file=sys.stderr)
        return 1
    print(f"senet replay: {report.events} tournament events and {report.tables} tables follow",
          file=sys.stderr)  # fmt: skip
    return 0
