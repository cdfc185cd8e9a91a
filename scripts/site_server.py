"""The static server of `python3 build.py serve` (and of the tests and
benchmarks): each file with the encoding the request accepts (`.br`,
`.gz` beside it), content-hashed names cached for good and everything
else revalidated, HTTP/1.1 with keep-alive that a stop really ends."""

from __future__ import annotations

import collections
import email.utils
import functools
import hashlib
import http.server
import os
import re
import socket
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

# app.3f9c2a1b.js: a name that changes with the content may be cached for good.
# esbuild's chunk names carry its own hash (chunk.DNF6QWEP.js).
HASHED_NAME = re.compile(r"\.(?:[0-9a-f]{8,}|[0-9A-Z]{8})\.[A-Za-z0-9]+$")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".zip": "application/zip",
    }

    # HTTP/1.1: Chromium neither revalidates nor shares HTTP/1.0 responses
    # in its cache, and revalidation is what keeps a first visit from
    # downloading Pyodide twice (see service-worker.js).
    protocol_version = "HTTP/1.1"
    # A name with a content hash in it never changes its content.
    IMMUTABLE = "public, max-age=31536000, immutable"
    # Everything else keeps its name across releases: always revalidate (a
    # 304 costs no body), so a rebuilt dist/ shows up at once and the
    # service worker, not the HTTP cache, decides what a visitor sees.
    REVALIDATE = "no-cache"
    ENCODINGS = (("br", ".br"), ("gzip", ".gz"))

    def send_head(self):
        self._body = 0
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            index = os.path.join(path, "index.html")
            if not urlsplit(self.path).path.endswith("/") or not os.path.isfile(index):
                return super().send_head()  # the redirect to "dir/", or a 404
            path = index
        elif not os.path.isfile(path) or urlsplit(self.path).path.endswith("/"):
            self.send_error(404, "File not found")
            return None
        encoding, served = self._variant(path)
        stat = os.stat(served)
        etag = f'"{self.server.etag(served, stat)}"'
        cache = self.IMMUTABLE if HASHED_NAME.search(os.path.basename(path)) else self.REVALIDATE
        has_variants = any(os.path.isfile(path + suffix) for _, suffix in self.ENCODINGS)

        def common():
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", cache)
            if has_variants:
                self.send_header("Vary", "Accept-Encoding")

        if etag in [t.strip() for t in self.headers.get("If-None-Match", "").split(",")]:
            self.send_response(304)
            common()
            self.end_headers()
            return None
        f = open(served, "rb")
        self._body = stat.st_size  # before send_response, which logs the request
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        common()
        self.end_headers()
        return f

    def _variant(self, path: str) -> tuple[str | None, str]:
        """The best encoding the client accepts that was built for this file."""
        accepted = set()
        for item in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = item.strip().partition(";")
            q = params.strip()
            if not (q.startswith("q=") and _quality(q[2:]) == 0):
                accepted.add(name.strip().lower())
        for encoding, suffix in self.ENCODINGS:
            if encoding in accepted and os.path.isfile(path + suffix):
                return encoding, path + suffix
        return None, path

    def log_request(self, code="-", size="-"):
        # Counted for tests and the benchmark: full responses (a first visit
        # must download Pyodide once), 304s, and the body bytes sent.
        status = int(code) if str(code).isdigit() else getattr(code, "value", 0)
        key = self.path.split("?")[0]
        with self.server.hits_lock:
            if status == 200:
                self.server.hits[key] += 1
                self.server.sent[key] += getattr(self, "_body", 0)
            elif status == 304:
                self.server.revalidated[key] += 1
        super().log_request(code, size)

    def log_message(self, fmt, *args):
        if self.server.verbose:
            super().log_message(fmt, *args)


def _quality(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return 1.0


class Server(http.server.ThreadingHTTPServer):
    allow_reuse_address = True  # a stopped test server can come back on its port
    daemon_threads = True

    def __init__(self, dist: Path, port: int, host: str, verbose: bool):
        self.verbose = verbose
        self.hits: collections.Counter[str] = collections.Counter()  # path -> full (200) responses
        self.revalidated: collections.Counter[str] = collections.Counter()  # path -> 304 responses
        self.sent: collections.Counter[str] = collections.Counter()  # path -> body bytes, as encoded
        self.hits_lock = threading.Lock()
        self._etags: dict[tuple, str] = {}
        self._connections: set[socket.socket] = set()  # kept alive; cut on shutdown
        super().__init__((host, port), functools.partial(Handler, directory=str(dist)))
        self.url = f"http://{host}:{self.server_address[1]}/"
        self._thread: threading.Thread | None = None

    def etag(self, path: str, stat: os.stat_result) -> str:
        """A content hash, so a rebuild that leaves a file as it was keeps its
        ETag (and browsers get a 304); computed once per file version."""
        key = (path, stat.st_mtime_ns, stat.st_size)
        tag = self._etags.get(key)
        if tag is None:
            with open(path, "rb") as f:
                tag = hashlib.sha256(f.read()).hexdigest()[:20]
            self._etags[key] = tag
        return tag

    def get_request(self):
        conn, addr = super().get_request()
        with self.hits_lock:
            self._connections.add(conn)
        return conn, addr

    def shutdown_request(self, request):
        with self.hits_lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def handle_error(self, request, client_address):
        # A browser that hung up mid-response (a tab closed during the first
        # download, a stopped test page) is no fault of the server: the
        # default printed a traceback for each.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    def start(self) -> "Server":
        self._thread = threading.Thread(target=self.serve_forever, name="schraem-serve", daemon=True)
        self._thread.start()
        return self

    def shutdown(self) -> None:
        """Stop serving and free the port."""
        if self._thread is not None:
            super().shutdown()
            self._thread.join()
            self._thread = None
        self.server_close()
        # A stopped server must be gone for the browser too, not linger in
        # a kept-alive connection (the offline tests stop it to prove a point).
        with self.hits_lock:
            connections, self._connections = self._connections, set()
        for conn in connections:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def serve(dist: Path, port: int = 8000, host: str = "127.0.0.1", verbose: bool = False) -> Server:
    """Serve `dist` in a background thread; port 0 picks a free port."""
    return Server(Path(dist), port, host, verbose).start()
