"""The web client: its page and built assets (web/static)."""
