"""Audit: re-deciding a table from its events, self-contained game records, offline checks."""
