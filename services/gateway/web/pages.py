"""The web client: its built assets (shipped in the package) and the page routes of the SPA.

Every page address (`/`, `/tables/{id}` as in the turn mails, `/players/{id}`, ...) answers the
same `index.html`; the client's router draws the page. Assets live under `/assets/`; the service
worker at `/sw.js` (its scope is the whole site). `/api/*` is never answered here.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

STATIC = Path(__file__).parent / "static"
PAGES = (
    "/",
    "/lobby",
    "/me",
    "/settings",
    "/sign-in",
    "/standings",
    "/standings/{game}",
    "/tables/{table_id}",
    "/tables/{table_id}/replay",
    "/players/{player_id}",
    "/tournaments",
    "/tournaments/{tournament_id}",
    "/disputes/{dispute_id}",
    "/arbiter",
    "/arbiter/{dispute_id}",
)
CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".html": "text/html",
}


def _headers(cache: str) -> dict[str, str]:
    return {
        "Content-Security-Policy": CSP,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": cache,
    }


async def page(request: web.Request) -> web.StreamResponse:
    """index.html for every page address (never cached: it names the current assets)."""
    return web.FileResponse(STATIC / "index.html", headers=_headers("no-cache"))


async def unknown_page(request: web.Request) -> web.StreamResponse:
    """A mistyped address: the page (status 404), which says so in words, not a JSON error."""
    return web.FileResponse(STATIC / "index.html", status=404, headers=_headers("no-cache"))


async def asset(request: web.Request) -> web.StreamResponse:
    """One built asset; 404 for anything outside the asset folder."""
    return _file(request.match_info["name"])


async def service_worker(request: web.Request) -> web.StreamResponse:
    """The service worker (web push), served from the root so its scope is the whole site."""
    return _file("sw.js")


def _file(name: str) -> web.StreamResponse:
    try:
        path = (STATIC / name).resolve()
        found = path.is_file() and STATIC.resolve() in path.parents
    except (ValueError, OSError):  # a NUL byte, a name too long for the file system ...
        found = False
    if not found:
        raise web.HTTPNotFound()
    kind = TYPES.get(path.suffix, "application/octet-stream")
    headers = _headers("no-cache") | {"Content-Type": kind}
    return web.FileResponse(path, headers=headers)


def setup_web(app: web.Application) -> None:
    """Register the page routes, the assets and the service worker."""
    for path in PAGES:
        app.router.add_get(path, page)
    app.router.add_get("/assets/{name}", asset)
    app.router.add_get("/sw.js", service_worker)
    # last: any other address outside /api/ is a page the client does not know
    app.router.add_get(r"/{tail:(?!api/|api$|assets/).+}", unknown_page)
