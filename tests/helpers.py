"""Small helpers every test layer shares."""

from __future__ import annotations

from shared.ports import free_port

__all__ = ["free_port"]
