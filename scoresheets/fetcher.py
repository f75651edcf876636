"""The only way a pad being rendered may read a file: from the bundled static folder.

WeasyPrint would otherwise follow any URL in the HTML or CSS (the site itself,
the network, any file on the disk). This fetcher serves files under one folder
and refuses everything else, so a render never makes a request.
"""

from __future__ import annotations

import mimetypes
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse


class RefusedURL(ValueError):
    """A URL outside the static folder."""


@lru_cache(maxsize=64)
def _read(path: Path) -> bytes:
    # Fonts are large and identical for every pad: read each file once per process.
    return path.read_bytes()


class StaticFetcher(URLFetcher):
    """Serves ``file:`` URLs under ``root``; anything else raises ``RefusedURL``."""

    def __init__(self, root: Path) -> None:
        super().__init__(allowed_protocols=("file",))
        self.root = root.resolve()
        self.served: list[str] = []

    def resolve(self, url: str) -> Path:
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            raise RefusedURL(f"Pads may only use the bundled files, not {url}")
        path = Path(unquote(parts.path)).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            raise RefusedURL(f"Pads may only use the bundled files, not {url}")
        return path

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        path = self.resolve(url)
        self.served.append(path.relative_to(self.root).as_posix())
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, _read(path), {"Content-Type": mime})
