"""Disputes over HTTP: a player opens a case and adds statements; arbiters read the queue and
a case's evidence and give the verdict (see docs/disputes.md)."""
