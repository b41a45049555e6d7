"""A TCP proxy in front of a real server, to cut a service off from it and let it back.

It runs its own event loop in a thread: the code under test may block its loop on the
very connection being proxied (eventsourcing connects to PostgreSQL synchronously).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading


class TcpProxy:
    """Forwards 127.0.0.1:<port> to a server; `cut()` drops every connection and refuses
    new ones until `restore()`. The server itself keeps running for everyone else."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = 0
        self.open = True
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._writers: set[asyncio.StreamWriter] = set()

    def start(self) -> int:
        """Listen on a free port; returns it."""
        self._thread.start()
        server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._accept, "127.0.0.1", 0), self._loop
        ).result(10)
        self.port = server.sockets[0].getsockname()[1]
        return self.port

    def cut(self) -> None:
        """Close every proxied connection; new ones are closed at once."""
        self.open = False
        self._loop.call_soon_threadsafe(self._abort_all)

    def restore(self) -> None:
        """Forward new connections again."""
        self.open = True

    def close(self) -> None:
        """Drop everything and stop the thread."""
        self.cut()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _abort_all(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.open:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._writers.update((writer, up_writer))
        await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer))

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            self._writers.discard(writer)
            with contextlib.suppress(Exception):
                writer.transport.abort()
