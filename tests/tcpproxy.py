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
        self._server: asyncio.Server | None = None

    def start(self) -> int:
        """Listen on a free port; returns it."""
        self._thread.start()
        self._server = server = asyncio.run_coroutine_threadsafe(
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
        """Stop listening, drop every connection (those still being set up too) and stop
        the thread: a client is never left with an open socket no one answers (its store
        call would wait for ever)."""
        self.open = False
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _shutdown(self) -> None:
        if self._server is not None:
            self._server.close()  # later clients are refused at once
        self._abort_all()
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _abort_all(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)  # from the start: a cut while connecting upstream drops it
        try:
            if not self.open:
                return
            try:
                up_reader, up_writer = await asyncio.open_connection(*self.target)
            except OSError:
                return
            self._writers.add(up_writer)
            await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer))
        finally:
            self._writers.discard(writer)
            writer.transport.abort()

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
