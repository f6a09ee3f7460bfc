"""The page's own files (its script and its style), served as a phone keeps them: under a name that
carries their content's digest (``kems.3f2a9c1b04.css``), so that a phone keeps them for a year and a new
version is a new name; compressed (gzip) where the phone takes it; read once.  The plain names are still
answered (checked again each time: ``no-cache`` and an ETag)."""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".LICENSE": "text/plain; charset=utf-8", ".txt": "text/plain; charset=utf-8",
         ".svg": "image/svg+xml", ".png": "image/png", ".json": "application/json",
         ".webmanifest": "application/manifest+json"}
FOREVER = "public, max-age=31536000, immutable"


@dataclass(frozen=True)
class Asset:
    name: str
    hashed: str  # the name with the digest of its content
    media: str
    body: bytes
    packed: Optional[bytes]  # gzip, where it is smaller
    tag: str


class Assets:
    """The files of a folder, read once; ``url(name)`` is the address a page names one by."""

    def __init__(self, folder: Path):
        self.by_path: dict[str, Asset] = {}
        self.urls: dict[str, str] = {}
        for path in sorted(p for p in folder.iterdir() if p.is_file()):
            body = path.read_bytes()
            digest = hashlib.sha256(body).hexdigest()[:10]
            stem, dot, suffix = path.name.partition(".")
            hashed = f"{stem}.{digest}.{suffix}" if dot else f"{stem}.{digest}"
            packed = gzip.compress(body, compresslevel=9, mtime=0)
            media = TYPES.get(path.suffix, "application/octet-stream")
            asset = Asset(path.name, hashed, media, body, packed if len(packed) < len(body) else None,
                          f'"{digest}"')
            self.by_path[path.name] = self.by_path[hashed] = asset
            self.urls[path.name] = f"/static/{hashed}"

    def url(self, name: str) -> str:
        return self.urls[name]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        name = request.path_params.get("name") or scope["path"].rsplit("/", 1)[-1]
        asset = self.by_path.get(name)
        if asset is None or request.method not in ("GET", "HEAD"):
            await Response(status_code=404)(scope, receive, send)
            return
        immutable = name == asset.hashed
        headers = {"content-type": asset.media, "etag": asset.tag, "vary": "accept-encoding",
                   "cache-control": FOREVER if immutable else "no-cache"}
        if not immutable and asset.tag in request.headers.get("if-none-match", ""):
            await Response(status_code=304, headers=headers)(scope, receive, send)
            return
        body = asset.body
        if asset.packed is not None and "gzip" in request.headers.get("accept-encoding", ""):
            body, headers["content-encoding"] = asset.packed, "gzip"
        response = Response(body if request.method == "GET" else b"", headers=headers)
        if request.method == "HEAD":
            response.headers["content-length"] = str(len(body))
        await response(scope, receive, send)
