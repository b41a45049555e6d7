"""The bots role: the turns of bot seats, played through the command path (docs/bots.md)."""
