"""CPU time per process, read from the OS (`/proc`), for the benches' per-move budgets.

`senet bench load` samples the CPU seconds (user + system) each process of each part of
the platform has used before and after a run; the differences, process by process, divided
by the moves played are that part's CPU-milliseconds per move (a process that ended between
the samples counts for nothing, one that started counts in full: the machine's other
PostgreSQL backends come and go and never make a part's figure negative). Parts are
process trees found by pid (the gateway, the table workers, the bots) or by program name
(RabbitMQ's `beam.smp`, PostgreSQL's `postgres`).
On a system without `/proc` every figure is None.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int) -> tuple[str, int, float] | None:
    """(program name, parent pid, CPU seconds) of a live process, or None."""
    try:
        raw = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # The name is in parentheses and may hold spaces: split after its closing one.
    name = raw[raw.index("(") + 1 : raw.rindex(")")]
    fields = raw[raw.rindex(")") + 2 :].split()
    parent, user, system = int(fields[1]), int(fields[11]), int(fields[12])
    return name, parent, (user + system) / TICKS


def _processes() -> dict[int, tuple[str, int, float]]:
    found: dict[int, tuple[str, int, float]] = {}
    for entry in PROC.iterdir() if PROC.is_dir() else ():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None:
                found[int(entry.name)] = stat
    return found


def tree(root: int, processes: Mapping[int, tuple[str, int, float]]) -> set[int]:
    """The pid and every live descendant of it."""
    members, grew = {root}, True
    while grew:
        more = {pid for pid, (_, parent, _) in processes.items() if parent in members}
        grew = not more <= members
        members |= more
    return {pid for pid in members if pid in processes}


Sample = dict[str, dict[int, float]]  # part: {pid: CPU seconds so far}


def sample(
    trees: Mapping[str, int], named: Mapping[str, str], exclude: Iterable[int] = ()
) -> Sample | None:
    """CPU seconds used so far by each process of each part: `trees` maps a part to the
    root pid of its process tree (other parts' trees and `exclude` are left out of it),
    `named` maps a part to a program name (`beam.smp`). None where `/proc` cannot be read."""
    processes = _processes()
    if not processes:
        return None
    roots = set(trees.values()) | set(exclude)
    used: Sample = {}
    for part, root in trees.items():
        members = tree(root, processes)
        for other in roots - {root}:  # a nested part counts for itself only
            if other in members:
                members -= tree(other, processes)
        used[part] = {pid: processes[pid][2] for pid in members}
    for part, program in named.items():
        used[part] = {pid: cpu for pid, (name, _, cpu) in processes.items() if name == program}
    return used


def seconds(used: Sample) -> dict[str, float]:
    """Each part's CPU seconds so far, its processes added up."""
    return {part: sum(pids.values()) for part, pids in used.items()}


def per_move(before: Sample | None, after: Sample | None, moves: int) -> dict[str, float] | None:
    """CPU-milliseconds per move of each part between two samples (None without them)."""
    if before is None or after is None or moves <= 0:
        return None
    out = {}
    for part, pids in after.items():
        earlier = before.get(part, {})
        used = sum(cpu - earlier.get(pid, 0.0) for pid, cpu in pids.items())
        out[part] = round(used * 1000 / moves, 3)
    out["total"] = round(sum(out.values()), 3)
    return out
