"""What the tests share, one module per concept: `commands` (envelopes, tables driven
through a worker), `requests` (HTTP calls as a player) and `errors` (a refusal's code, a
value's JSON form). Players and whole platforms: `tests.platform`."""
