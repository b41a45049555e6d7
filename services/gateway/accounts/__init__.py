"""Players and their tokens over HTTP: registration, sign-in, identities, admin tokens,
revocations."""
