"""A player's notification settings over HTTP."""
