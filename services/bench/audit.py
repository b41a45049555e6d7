"""`senet bench audit`: replay+verify of whole games, and rebuilding every read model.

It fills an empty store with finished self-played games (`services.bench.autoplay`, saved in
chunks, each with the verdict a live scoring service would have saved), then measures in
the same run:

- the raw read speed of the store's notification log (and with eventsourcing's decoding),
  the baselines of
- rebuilding every table's player views (as the gateway's table cache folds them) and the
  scoring service's read model (results, standings, ratings, verdicts) from zero, in events
  per second;
- per game, for the first K tables of each game: reading and folding a table (`senet
  replay TABLE`, the baseline), exporting its record, verifying the record offline from
  its JSON (`senet verify`) and the store path `senet replay TABLE --verify`; medians in ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Annotated, Any, ClassVar

import msgspec

from services.bench.autoplay import SelfPlay
from services.bench.rebuilt_views import RebuiltViews
from services.bench.schemas import postgres_schema
from services.cli.options import add_settings
from services.scoring.service import ScoringService
from services.table.replay import verify_table
from shared.audit.export import export_table, fold, stored_events
from shared.audit.record import decode_record, encode_record
from shared.audit.verdicts import new_verdict
from shared.audit.verify import verify_record
from shared.games.registry import available_games
from shared.settings import setting
from shared.store import EventStore, open_store
from shared.tables.aggregate import Table

GAMES = tuple(available_games())  # every registered game, round robin
SAVE_EVENTS = 2000


class AuditOptions(msgspec.Struct, frozen=True, kw_only=True):
    """`senet bench audit`."""

    variable_prefix: ClassVar[str] = "SENET_BENCH_"
    games: Annotated[int, setting("finished games in the store", ge=1)] = 10_000
    verify_games: Annotated[int, setting("games timed per game", ge=1)] = 20
    seed: Annotated[int, setting("the bots' seed")] = 1
    store: Annotated[
        str | None,
        setting("an empty store to fill", metavar="URL",
                shown_default="a fresh schema in `senet bench --postgres`, dropped after"),
    ] = None  # fmt: skip


def register(kinds: Any) -> None:
    """Register `senet bench audit`."""
    parser = kinds.add_parser("audit", help="replay+verify per game; rebuild of the read models")
    add_settings(parser, AuditOptions)
    parser.set_defaults(bench_run=run_bench_audit)


async def run_bench_audit(args: argparse.Namespace) -> int:
    """Fill a store, measure, print the JSON report."""
    drop: Callable[[], None] | None = None
    url = args.store
    if url is None:
        url, drop = await postgres_schema(args.postgres)
    try:
        store = open_store(url)
        if store.last_position() != 0:
            print("senet bench audit: the store is not empty; give an empty one", file=sys.stderr)
            return 2
        report: dict[str, Any] = {"store": url.split(":", 1)[0]}
        tables: dict[str, list[str]] = {}
        report["populate"] = populate(store, args.games, args.seed, tables)
        report["rebuild"] = await rebuild_figures(store)
        report["verify"] = verify_figures(store, tables, args.verify_games)
    finally:
        if drop is not None:
            drop()
    print(json.dumps({"audit": report}, indent=2))
    return 0


def populate(
    store: EventStore, games: int, seed: int, tables: dict[str, list[str]]
) -> dict[str, Any]:
    """Save `games` finished games (round robin over GAMES) and their verdicts; their ids go
    into `tables` by game.

    A thread saves each chunk while the next is played. A chunk holds about SAVE_EVENTS
    events: one save of ~15,000 events never returned on PostgreSQL (eventsourcing 9.5).
    """
    players = SelfPlay(seed)
    started = time.perf_counter()
    saving: list[float] = []
    pending: Future[None] | None = None
    chunk: list[Table] = []
    with ThreadPoolExecutor(max_workers=1) as saver:
        for index in range(games):
            game = GAMES[index % len(GAMES)]
            chunk.append(players.play(game))
            tables.setdefault(game, []).append(str(chunk[-1].id))
            if sum(t.version for t in chunk) >= SAVE_EVENTS or index == games - 1:
                if pending is not None:
                    pending.result()
                pending = saver.submit(_save, store, chunk, saving)
                chunk = []
        if pending is not None:
            pending.result()
    events = store.last_position()
    return {
        "games": games,
        "events": events,
        "seconds": round(time.perf_counter() - started, 1),
        "save_events_per_s": _rate(events, sum(saving)),
    }


def _save(store: EventStore, tables: list[Table], seconds: list[float]) -> None:
    started = time.perf_counter()
    recordings = store.save(*tables)
    ended = {str(r.domain_event.originator_id): r.notification.id for r in recordings}
    store.save(*(new_verdict(str(t.id), t.table.game, ended[str(t.id)], None) for t in tables))
    seconds.append(time.perf_counter() - started)


async def rebuild_figures(store: EventStore) -> dict[str, Any]:
    """Events per second: raw log reads, then each read model rebuilt from zero.

    CPU-time rates are given too: on a shared machine the wall clock also counts the time
    other processes had the cores.
    """
    events = store.last_position()
    read_s = _timed(lambda: _read_log(store, decode=False))
    decode_s = _timed(lambda: _read_log(store, decode=True))
    views = RebuiltViews(store)  # what the gateway read at start before its lazy cache
    views_s, views_cpu = await _timed_async(views.catch_up())
    tables = len(views.tables)
    del views  # one read model in memory at a time
    scoring = ScoringService(store, None)
    scoring_s, scoring_cpu = await _timed_async(scoring.start())
    assert scoring.metrics["games_verified"] == 0, "every game has a verdict: none re-verified"
    results = scoring.readmodels.db.query("SELECT COUNT(DISTINCT table_id) FROM rm_results")
    await scoring.stop()
    both = views_s + scoring_s
    return {
        "events": events,
        "tables": tables,
        "results": int(results[0][0]),
        "raw_read_events_per_s": _rate(events, read_s),
        "read_decode_events_per_s": _rate(events, decode_s),
        "views_events_per_s": _rate(events, views_s),
        "scoring_events_per_s": _rate(events, scoring_s),
        "all_read_models_events_per_s": _rate(events, both),
        "all_read_models_cpu_events_per_s": _rate(events, views_cpu + scoring_cpu),
        "all_read_models_s": round(both, 2),
        "ratio_to_raw_read": round(read_s / both, 3) if both else 0.0,
        "load_average": round(os.getloadavg()[0], 2),
    }


def verify_figures(
    store: EventStore, tables: dict[str, list[str]], per_game: int
) -> dict[str, Any]:
    """Median ms per game of folding, exporting, verifying offline and replay --verify."""
    out: dict[str, Any] = {}
    for game, every in tables.items():
        ids = every[:per_game]
        samples: dict[str, list[float]] = {"fold": [], "export": [], "verify": [], "replay": []}
        lengths = []
        for table_id in ids:
            record = export_table(store, table_id)  # and the table's pages are in the cache
            samples["fold"].append(_timed(partial(_fold_stored, store, table_id)))
            samples["export"].append(_timed(partial(export_table, store, table_id)))
            raw = encode_record(record)
            ok = verify_record(decode_record(raw)).ok and verify_table(store, table_id).ok
            assert ok, f"{table_id} does not verify"
            samples["verify"].append(_timed(partial(_verify_raw, raw)))
            samples["replay"].append(_timed(partial(verify_table, store, table_id)))
            lengths.append(len(record.events))
        if not ids:
            continue
        replay_ms = statistics.median(samples["replay"]) * 1000
        fold_ms = statistics.median(samples["fold"]) * 1000
        out[game] = {
            "games": len(ids),
            "events_per_game": round(statistics.median(lengths)),
            "fold_ms": round(fold_ms, 1),
            "export_ms": round(statistics.median(samples["export"]) * 1000, 1),
            "verify_record_ms": round(statistics.median(samples["verify"]) * 1000, 1),
            "replay_verify_ms": round(replay_ms, 1),
            "replay_verify_to_fold": round(replay_ms / fold_ms, 2) if fold_ms else 0.0,
        }
    return out


def _read_log(store: EventStore, *, decode: bool) -> int:
    count = after = 0
    while notes := store.notifications(after, 1000):
        if decode:
            for note in notes:
                store.decode(note)
        count += len(notes)
        after = notes[-1].id
    return count


async def _timed_async(work: Awaitable[object]) -> tuple[float, float]:
    """Wall and CPU seconds of awaiting `work` (CPU of every thread of this process)."""
    wall, cpu = time.perf_counter(), time.process_time()
    await work
    return time.perf_counter() - wall, time.process_time() - cpu


def _fold_stored(store: EventStore, table_id: str) -> object:
    return fold(table_id, stored_events(store, table_id))


def _verify_raw(raw: bytes) -> object:
    return verify_record(decode_record(raw))


def _timed(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def _rate(events: int, seconds: float) -> float:
    return round(events / seconds) if seconds else 0.0
