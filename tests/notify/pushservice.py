"""A stand-in push service: a real HTTP endpoint that checks VAPID and decrypts (RFC 8291)."""

from __future__ import annotations

import base64
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

import http_ece
from aiohttp import web
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data: bytes) -> str:
    """base64url without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    """base64url, padding optional."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's subscription: its own key pair and auth secret, as the push API makes them."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict[str, Any]:
        """`PushSubscription.toJSON()`."""
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}  # fmt: skip


@dataclass
class PushService:
    """Receives pushes for its browsers; answers 410 for the ones marked gone."""

    vapid_public_key: str
    browsers: dict[str, Browser] = field(default_factory=dict)
    received: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    gone: set[str] = field(default_factory=set)
    rejected: list[str] = field(default_factory=list)

    async def handle(self, request: web.Request) -> web.Response:
        """Check the VAPID JWT, decrypt the payload with the browser's private key."""
        name = request.match_info["name"]
        if name in self.gone:
            return web.Response(status=410)
        browser = self.browsers[name]
        problem = self.check_vapid(request.headers.get("Authorization", ""), browser.endpoint)
        if problem:
            self.rejected.append(problem)
            return web.Response(status=401, text=problem)
        assert request.headers.get("Content-Encoding") == "aes128gcm"
        body = await request.read()
        plain = http_ece.decrypt(body, private_key=browser.key, auth_secret=browser.auth)
        self.received.append((name, json.loads(plain)))
        return web.Response(status=201)

    def check_vapid(self, header: str, endpoint: str) -> str:
        """'' if the header is a valid RFC 8292 VAPID for this push service, else why not."""
        scheme, _, rest = header.partition(" ")
        params = dict(p.strip().split("=", 1) for p in rest.split(","))
        if scheme != "vapid" or params.get("k") != self.vapid_public_key:
            return "wrong scheme or key"
        head, claims, signature = params["t"].split(".")
        raw = unb64(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(params["k"]))
        try:
            key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            return "bad signature"
        body = json.loads(unb64(claims))
        origin = "/".join(endpoint.split("/")[:3])
        if json.loads(unb64(head)).get("alg") != "ES256" or body.get("aud") != origin:
            return "bad header or audience"
        if not body.get("sub", "").startswith("mailto:") or body.get("exp", 0) < time.time():
            return "bad subject or expired"
        return ""

    def app(self) -> web.Application:
        """The HTTP app."""
        app = web.Application()
        app.router.add_post("/push/{name}", self.handle)
        return app
