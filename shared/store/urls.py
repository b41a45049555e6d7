"""Event stores named by URL: `memory`, `sqlite:///path/to/file.db`, `postgresql://host/db`."""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlparse

DEFAULT_STORE = "sqlite:///var/senet.db"
# A PostgreSQL store without ?schema= gets its own schema, never `public`: a database
# shared with other software (or other platforms, each with its schema) stays apart.
DEFAULT_SCHEMA = "senet"
# Connections each process keeps (`?pool_size=`) and opens beyond them under load
# (`?max_overflow=`): the server's own limit is shared by every process of the platform.
POOL_BOUNDS = {"pool_size": (1, 100, 8), "max_overflow": (0, 100, 8)}


def _pool_option(query: dict[str, list[str]], name: str) -> str:
    low, high, default = POOL_BOUNDS[name]
    raw = query.get(name, [str(default)])[-1]  # given twice: the last one
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise ValueError(f"store URL option {name}={raw!r}: a whole number from {low} to {high}")
    return str(int(raw))


def store_env(url: str) -> dict[str, str]:
    """The eventsourcing environment for a store URL; ValueError on an unknown scheme."""
    if url == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = unquote(parsed.path)
        # sqlite:///var/x.db is relative (var/x.db); sqlite:////abs/x.db is absolute.
        path = path[1:]
        if not path:
            raise ValueError(f"sqlite store URL needs a file path: {url!r}")
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": path,
            "SQLITE_LOCK_TIMEOUT": "10",
        }
    if parsed.scheme in {"postgres", "postgresql"}:
        query = parse_qs(parsed.query)
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": parsed.path.lstrip("/") or "postgres",
            "POSTGRES_HOST": parsed.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(parsed.port or 5432),
            "POSTGRES_USER": unquote(parsed.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parsed.password or ""),
            "POSTGRES_POOL_SIZE": _pool_option(query, "pool_size"),
            "POSTGRES_MAX_OVERFLOW": _pool_option(query, "max_overflow"),
            "POSTGRES_CONNECT_TIMEOUT": "5",
            "POSTGRES_LOCK_TIMEOUT": "10",
        }
        env["POSTGRES_SCHEMA"] = query.get("schema", [DEFAULT_SCHEMA])[-1] or DEFAULT_SCHEMA
        return env
    raise ValueError(
        f"unknown store URL {url!r}: use 'memory', 'sqlite:///path.db' or 'postgresql://host/db'"
    )
