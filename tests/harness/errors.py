"""What a refusal says: the stable code of the platform error a call raises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from shared.contracts.errors import SenetError


def refusal(call: Callable[..., Any], *args: Any) -> str:
    """The code of the SenetError that `call(*args)` raises (the test fails if none)."""
    with pytest.raises(SenetError) as caught:
        call(*args)
    return caught.value.code


def plain(value: Any) -> Any:
    """A value as its JSON form reads back (Structs and tuples become dicts and lists)."""
    return msgspec.json.decode(msgspec.json.encode(value))
