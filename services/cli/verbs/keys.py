"""`senet keys vapid`: generate a VAPID key pair for web push."""

from __future__ import annotations

import argparse
import base64
import json
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

VERB = "keys"


def add_parser(subparsers: Any) -> None:
    """Register `senet keys vapid`."""
    parser = subparsers.add_parser("keys", help="generate keys (vapid: a web-push key pair)")
    parser.add_argument("kind", choices=["vapid"], help="which keys")


def vapid_pair() -> tuple[str, str]:
    """A new P-256 key pair: (private raw, public uncompressed point), both base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(private), _b64(public)


def run(args: argparse.Namespace) -> int:
    """Print the pair as JSON and as the environment variables senet reads."""
    private, public = vapid_pair()
    print(json.dumps({"private_key": private, "public_key": public}))
    print(f"SENET_VAPID_PRIVATE_KEY={private}")
    print(f"SENET_VAPID_PUBLIC_KEY={public}")
    return 0


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
