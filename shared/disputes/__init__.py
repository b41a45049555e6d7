"""Disputes: a case a seated player opens about a table, other players' statements, and an
arbiter's verdict, kept as events (see docs/disputes.md)."""
