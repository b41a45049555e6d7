"""`senet export TABLE --store URL > game.json`: the self-contained record of a finished game
(of a tournament, given its id: its events and the records of its match tables)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import msgspec

from services.cli.options import add_settings
from services.cli.settings import StoreSettings
from shared.audit.export import export_table
from shared.audit.record import encode_record
from shared.contracts.errors import SenetError
from shared.store import open_store
from shared.tournaments.record import export_tournament, is_tournament

VERB = "export"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="write the game record of a finished table")
    parser.add_argument("table", help="the table id")
    add_settings(parser, StoreSettings)


def run(args: argparse.Namespace) -> int:
    """Write the record to stdout; 2 when the table is unknown or not finished."""
    try:
        store = open_store(args.store, create=False)
        if is_tournament(store, args.table):
            body = msgspec.json.encode(export_tournament(store, args.table))
        else:
            body = encode_record(export_table(store, args.table))
    except SenetError as exc:
        print(f"senet export: {exc.message} [{exc.code}]", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(body)
    sys.stdout.flush()
    return 0
