"""`senet keys vapid` (a VAPID key pair for web push), `senet keys admin-token`."""

from __future__ import annotations

import argparse
import base64
import json
import secrets
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from shared.accounts.players import hash_token

VERB = "keys"


def register(verbs: Any) -> None:
    """Register `senet keys vapid|admin-token`."""
    parser = verbs.add_parser(
        VERB, help="generate keys (vapid: a web-push key pair; admin-token: an admin token)"
    )
    parser.add_argument("kind", choices=["vapid", "admin-token"], help="which keys")


def vapid_pair() -> tuple[str, str]:
    """A new P-256 key pair: (private raw, public uncompressed point), both base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(private), _b64(public)


def admin_token() -> tuple[str, str]:
    """A new admin token and its SHA-256 hash (what SENET_ADMIN_TOKENS lists)."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def run(args: argparse.Namespace) -> int:
    """Print the keys as JSON and as the environment variables senet reads."""
    if args.kind == "admin-token":
        token, digest = admin_token()
        print(json.dumps({"token": token, "hash": digest}))
        print(f"SENET_ADMIN_TOKENS={digest}")
        return 0
    private, public = vapid_pair()
    print(json.dumps({"private_key": private, "public_key": public}))
    print(f"SENET_VAPID_PRIVATE_KEY={private}")
    print(f"SENET_VAPID_PUBLIC_KEY={public}")
    return 0


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
