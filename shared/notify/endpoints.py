"""Which web-push endpoints the platform may POST to (against SSRF).

A browser hands us an endpoint URL and the server later POSTs to it, so a player could
aim the server at loopback, the private network or a cloud metadata address. An endpoint
is accepted only over `https://`, on the default port or 443, and only when every address
its host resolves to is public (optionally also only for listed push-service hosts). The
check runs when a subscription is made and again on every connection the sender opens
(`PublicResolver`), so a name that later resolves elsewhere (DNS rebinding) is refused.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

import msgspec
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import ThreadedResolver

MAX_SUBSCRIPTIONS = 10  # per player; a new one past it is refused (409)


class EndpointRefused(ValueError):
    """An endpoint the platform will not send to; the message says why."""


class EndpointPolicy(msgspec.Struct, frozen=True, kw_only=True):
    """Allowed push endpoints: public https hosts, optionally only the listed ones.

    `allow_private` exists for tests only (a stand-in push service on 127.0.0.1);
    production never sets it (docs/notifications.md).
    """

    hosts: tuple[str, ...] = ()  # allowed host names (a leading "." allows subdomains); () any
    allow_private: bool = False  # TEST ONLY: also plain http and non-public addresses

    def check_url(self, endpoint: str) -> str:
        """The endpoint's host, if its form is acceptable; EndpointRefused otherwise."""
        try:
            parts = urlsplit(endpoint)
            port = parts.port
        except ValueError as exc:
            raise EndpointRefused(f"not a URL: {exc}") from exc
        schemes = ("https", "http") if self.allow_private else ("https",)
        if parts.scheme not in schemes or not parts.hostname:
            raise EndpointRefused("a push endpoint is an https:// URL")
        if parts.username or parts.password:
            raise EndpointRefused("a push endpoint carries no credentials")
        if port not in (None, 443) and not self.allow_private:
            raise EndpointRefused("a push endpoint uses the https port (443)")
        host = parts.hostname.lower().rstrip(".")
        if self.hosts and not any(_host_matches(host, allowed) for allowed in self.hosts):
            raise EndpointRefused(f"push host {host!r} is not on this platform's allow-list")
        return host

    def check_address(self, address: str) -> None:
        """EndpointRefused unless the address is public (or private ones are allowed).

        An IPv6 address that carries an IPv4 one (mapped, translated, NAT64, 6to4, Teredo)
        reaches that IPv4 address, so the IPv4 address must be public too.
        """
        if self.allow_private:
            return
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError as exc:
            raise EndpointRefused(f"not an address: {address!r}") from exc
        for each in (ip, *embedded_ipv4(ip)):
            if not each.is_global or each.is_multicast:
                raise EndpointRefused(f"push endpoint resolves to a non-public address {ip}")

    async def check(self, endpoint: str) -> None:
        """Form and resolved addresses of an endpoint; EndpointRefused if any is not allowed."""
        host = self.check_url(endpoint)
        for address in await _resolve(host):
            self.check_address(address)


def _host_matches(host: str, allowed: str) -> bool:
    """Whole labels only: `.example.net` admits `a.example.net` and `example.net`, never
    `evilexample.net`; `example.net` admits only itself."""
    allowed = allowed.lower().strip().rstrip(".")
    labels = host.split(".")
    if allowed.startswith("."):
        wanted = allowed[1:].split(".")
        return len(labels) >= len(wanted) and labels[len(labels) - len(wanted) :] == wanted
    return labels == allowed.split(".")


# IPv6 prefixes whose low 32 bits are an IPv4 address the packet is delivered to.
_LOW_32_PREFIXES = (
    ipaddress.IPv6Network("::ffff:0:0/96"),  # IPv4-mapped
    ipaddress.IPv6Network("::ffff:0:0:0/96"),  # IPv4-translated (SIIT)
    ipaddress.IPv6Network("64:ff9b::/96"),  # NAT64, well-known prefix (RFC 6052)
    ipaddress.IPv6Network("64:ff9b:1::/48"),  # NAT64, local-use prefix (RFC 8215)
    ipaddress.IPv6Network("::/96"),  # IPv4-compatible (deprecated), :: and ::1 included
)


def embedded_ipv4(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to: its low 32 bits under a translation
    prefix, a 6to4 (`2002::/16`) relay's address, a Teredo (`2001::/32`) server and client."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return []
    found = [ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF) for net in _LOW_32_PREFIXES if ip in net]
    if ip.sixtofour is not None:
        found.append(ip.sixtofour)
    if ip.teredo is not None:
        found.extend(ip.teredo)
    return found


async def _resolve(host: str) -> list[str]:
    try:
        ipaddress.ip_address(host.strip("[]"))
        return [host.strip("[]")]
    except ValueError:
        pass
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(host, 443, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise EndpointRefused(f"push host {host!r} does not resolve") from exc
    return sorted({str(info[4][0]) for info in infos})


class PublicResolver(AbstractResolver):
    """An aiohttp resolver that refuses a host if any of its addresses is not allowed.

    The sender connects only to addresses this resolver returned, so the check and the
    connection see the same answer (no window for DNS rebinding).
    """

    def __init__(self, policy: EndpointPolicy) -> None:
        self.policy = policy
        self.inner = ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        """Resolve, then check every address."""
        found = await self.inner.resolve(host, port, family)
        for entry in found:
            self.policy.check_address(str(entry["host"]))
        return found

    async def close(self) -> None:
        """Close the inner resolver."""
        await self.inner.close()
