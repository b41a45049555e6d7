"""The bots role's settings (`senet bots`, and `senet serve` which runs the role too)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from services.bots.role import parse_shards
from shared.settings import setting


class BotsSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Which tables this process's bots role plays for."""

    bot_shards: Annotated[
        str,
        setting("the command shards whose tables' bot seats this process plays, numbers and "
                "ranges (0-3,6); empty: every shard", parse=parse_shards, metavar="SHARDS"),
    ] = ""  # fmt: skip
    bot_pause: Annotated[
        float,
        setting("a test hook: pause after each bot move is sent, before the role records its "
                "position", ge=0, metavar="SECONDS"),
    ] = 0.0  # fmt: skip
