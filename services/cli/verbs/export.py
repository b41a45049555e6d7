"""`senet export TABLE --store URL > game.json`: the self-contained record of a finished game."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from shared.audit.export import export_table
from shared.audit.record import encode_record
from shared.contracts.errors import SenetError
from shared.store import DEFAULT_STORE, open_store

VERB = "export"


def add_parser(subparsers: Any) -> None:
    """Register the verb."""
    parser = subparsers.add_parser(VERB, help="write the game record of a finished table")
    parser.add_argument("table", help="the table id")
    parser.add_argument(
        "--store",
        default=os.environ.get("SENET_STORE", DEFAULT_STORE),
        help="event store URL [%(default)s]",
    )


def run(args: argparse.Namespace) -> int:
    """Write the record to stdout; 2 when the table is unknown or not finished."""
    try:
        record = export_table(open_store(args.store, create=False), args.table)
    except SenetError as exc:
        print(f"senet export: {exc.message} [{exc.code}]", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(encode_record(record))
    sys.stdout.flush()
    return 0
