"""Replies of one shard batch to one requester, sent as one message.

A shard consumer answers a batch of commands at once; the commands of one batch often come
from the same gateway (one reply queue). A requester whose reply queue name ends with
`BATCHED` reads a message of type `REPLY_BATCH` as several replies, each with its own
correlation id; a reply queue without it (a requester of an older release, during a rolling
upgrade) gets one message per reply, as before. A lone reply is always a plain message.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

BATCHED = ".batched"  # the suffix of a reply queue that reads reply batches
REPLY_BATCH = "senet.reply-batch"  # the `type` property of a batch message

Reply = tuple[str, bytes]  # correlation id, body
_encode = msgspec.msgpack.Encoder()
_decode = msgspec.msgpack.Decoder(list[tuple[str, bytes]])


def grouped(
    answered: Iterable[tuple[str | None, str | None, bytes]],
) -> list[tuple[str, list[Reply]]]:
    """(reply_to, correlation id, body) of a batch, by reply queue in the order first
    seen; a command without `reply_to` gets no reply."""
    groups: dict[str, list[Reply]] = {}
    for reply_to, correlation_id, body in answered:
        if reply_to:
            groups.setdefault(reply_to, []).append((correlation_id or "", body))
    return list(groups.items())


def takes_batches(reply_to: str) -> bool:
    """Whether the requester behind this reply queue reads reply batches."""
    return reply_to.endswith(BATCHED)


def encode_batch(replies: list[Reply]) -> bytes:
    """The body of a batch message (msgpack: a list of [correlation id, body])."""
    return _encode.encode(replies)


def decode_batch(body: bytes) -> list[Reply]:
    """The replies of a batch message (msgspec.DecodeError/ValidationError if it is none)."""
    return _decode.decode(body)
