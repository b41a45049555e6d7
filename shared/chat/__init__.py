"""Table chat: messages beside a table's game, never part of its verified record."""
