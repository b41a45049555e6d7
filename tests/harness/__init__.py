"""What the tests share, one module per concept: `commands` (envelopes, tables driven
through a worker) and `requests` (HTTP calls as a player). Players and whole platforms:
`tests.platform`."""
