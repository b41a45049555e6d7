"""The web client shipped in the package was built from the sources in web/ as they are now."""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
STATIC = ROOT / "services" / "gateway" / "web" / "static"


def source_hash() -> str:
    """The recipe of web/build.mjs: every input's relative path and bytes, in sorted order."""
    names = ["build.mjs", "package.json", "package-lock.json"]
    names += [p.relative_to(WEB).as_posix() for p in (WEB / "src").rglob("*") if p.is_file()]
    digest = hashlib.sha256()
    for name in sorted(names):
        digest.update(name.encode() + b"\0")
        digest.update((WEB / name).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def test_the_shipped_assets_were_built_from_the_current_sources() -> None:
    recorded = (STATIC / "source-hash.txt").read_text().strip()
    assert recorded == source_hash(), (
        "services/gateway/web/static is older than web/: rebuild with "
        "`cd web && npm ci && npm run build` (docs/client.md)"
    )


def test_the_package_ships_every_asset_the_page_loads() -> None:
    page = (STATIC / "index.html").read_text()
    for name in ("app.js", "style.css", "icon.svg"):
        assert f"/assets/{name}" in page
        assert (STATIC / name).stat().st_size > 0
    assert (STATIC / "sw.js").is_file()
    assert "http" not in page.replace("http-equiv", "")  # nothing from another origin
