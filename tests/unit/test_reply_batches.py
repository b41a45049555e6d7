"""Reply batches: grouping a shard batch's answers by requester, and their encoding."""

from __future__ import annotations

import msgspec
import pytest

from shared.messaging import replies


def test_answers_are_grouped_by_reply_queue_in_order_and_unrouted_ones_dropped() -> None:
    answered = [
        ("g1.batched", "a", b"1"),
        ("g2", "b", b"2"),
        (None, "c", b"3"),  # published without reply_to: nobody waits for it
        ("g1.batched", "d", b"4"),
        ("g2", None, b"5"),
    ]
    assert replies.grouped(answered) == [
        ("g1.batched", [("a", b"1"), ("d", b"4")]),
        ("g2", [("b", b"2"), ("", b"5")]),
    ]


def test_only_a_reply_queue_named_for_batches_takes_them() -> None:
    assert replies.takes_batches(f"senet.reply.0123abcd{replies.BATCHED}")
    assert not replies.takes_batches("senet.reply.0123abcd")  # an older requester's


def test_a_batch_decodes_to_the_replies_it_was_made_of() -> None:
    batch = [("c1", b'{"accepted":true}'), ("c2", b"\x00\xff")]
    assert replies.decode_batch(replies.encode_batch(batch)) == batch


@pytest.mark.parametrize("body", [b"", b"\xc1", msgspec.msgpack.encode({"c1": b"x"})])
def test_a_body_that_is_no_batch_is_refused(body: bytes) -> None:
    with pytest.raises((msgspec.DecodeError, msgspec.ValidationError)):
        replies.decode_batch(body)
