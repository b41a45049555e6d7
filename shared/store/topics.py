"""Topics of stored events whose classes moved: old records name the old module, and
eventsourcing resolves a topic by importing its module. Each moved module is registered
under its old name, so every process reading the store reads old records too."""

from __future__ import annotations

from types import ModuleType

from eventsourcing.utils import register_topic

from shared.accounts import players

# old module name -> the module that now holds its classes
MOVED: dict[str, ModuleType] = {
    "services.gateway.players": players,  # Player, AccessToken, NameClaim, NameLook
}


def register_moved() -> None:
    """Let old topics resolve to the moved classes (idempotent)."""
    for old, module in MOVED.items():
        register_topic(old, module)
