"""Audit: replay, game records, offline verification, rules versions, scoring."""
