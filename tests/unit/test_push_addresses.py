"""The ends of every address range a push endpoint may not reach, directly and embedded.

`shared.notify.endpoints.EndpointPolicy.check_address` refuses every address that is not
globally reachable or is multicast, and an IPv6 address carrying such an IPv4 one. Each
range is tried at its first and its last address; the addresses just outside are accepted.
"""

from __future__ import annotations

import ipaddress

import pytest

from shared.notify.endpoints import EndpointPolicy, EndpointRefused

REFUSED_V4 = [
    "0.0.0.0/8",  # "this network"
    "10.0.0.0/8",  # private
    "100.64.0.0/10",  # carrier-grade NAT (shared address space): neither private nor global
    "127.0.0.0/8",  # loopback
    "169.254.0.0/16",  # link-local, cloud metadata
    "172.16.0.0/12",  # private
    "192.0.2.0/24",  # documentation
    "192.168.0.0/16",  # private
    "198.18.0.0/15",  # benchmarking
    "198.51.100.0/24",  # documentation
    "203.0.113.0/24",  # documentation
    "224.0.0.0/4",  # multicast
    "240.0.0.0/4",  # reserved, broadcast included
]
REFUSED_V6 = [
    "::/128",  # unspecified
    "::1/128",  # loopback
    "100::/64",  # discard-only
    "2001:db8::/32",  # documentation
    "fc00::/7",  # unique local
    "fe80::/10",  # link-local
    "ff00::/8",  # multicast
]
PUBLIC_NEIGHBOURS = [
    "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255",
    "128.0.0.0", "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0",
    "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0", "223.255.255.255",
    "2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", "2001:db9::",
    "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
]  # fmt: skip


def _ends(network: str) -> list[str]:
    net = ipaddress.ip_network(network)
    return sorted({str(net.network_address), str(net.broadcast_address)})


def _embedded(ipv4: str) -> list[str]:
    """The IPv6 forms that deliver to an IPv4 address: mapped, NAT64, 6to4."""
    low = int(ipaddress.IPv4Address(ipv4))
    return [
        str(ipaddress.IPv6Address((0xFFFF << 32) | low)),
        str(ipaddress.IPv6Address((0x64FF9B << 96) | low)),
        str(ipaddress.IPv6Address((0x2002 << 112) | (low << 80) | 1)),
    ]


@pytest.mark.parametrize("network", REFUSED_V4 + REFUSED_V6)
def test_both_ends_of_every_non_public_range_are_refused(network: str) -> None:
    for address in _ends(network):
        with pytest.raises(EndpointRefused):
            EndpointPolicy().check_address(address)


@pytest.mark.parametrize("network", REFUSED_V4)
def test_both_ends_of_every_non_public_ipv4_range_are_refused_inside_ipv6(network: str) -> None:
    for ipv4 in _ends(network):
        for address in _embedded(ipv4):
            with pytest.raises(EndpointRefused):
                EndpointPolicy().check_address(address)


@pytest.mark.parametrize("address", PUBLIC_NEIGHBOURS)
def test_the_public_addresses_next_to_a_refused_range_are_accepted(address: str) -> None:
    EndpointPolicy().check_address(address)
    if ":" not in address:
        for embedded in _embedded(address):
            EndpointPolicy().check_address(embedded)


def test_a_test_policy_that_allows_private_addresses_accepts_them() -> None:
    EndpointPolicy(allow_private=True).check_address("100.64.0.1")
