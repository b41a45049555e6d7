"""What a caller sees of a table: the gateway's table cache (`table_cache.py`) and the
player views and frames built from its states (`player.py`)."""
