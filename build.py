#!/usr/bin/env python3
"""Build the static offline site into dist/ and optionally serve it.

    python build.py                 build dist/
    python build.py serve [--port 8000]   build, then serve dist/ on 127.0.0.1

Standard library only, so a fresh machine with Python and Node needs nothing
but this one command (it runs `npm ci` itself when Pyodide is missing).
"""
from __future__ import annotations

import argparse
import collections
import functools
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Libraries shipped with the app (no CDN): npm file -> path in dist/.
VENDOR_FILES = {"qrcode-generator/dist/qrcode.mjs": "vendor/qrcode.mjs"}
ENGINE_ZIP = "engine.zip"
# The service worker source carries a development default between these
# markers; the build replaces it with the real file list and content hash.
BUILD_MARKER = re.compile(r"/\*BUILD\*/.*?/\*END BUILD\*/", re.S)
SKIP_NAMES = {"__pycache__", ".DS_Store", ".gitkeep"}
# A fixed timestamp keeps the engine zip byte-identical for identical sources,
# so the content hash (and with it the cache name) only moves on real changes.
ZIP_EPOCH = (2020, 1, 1, 0, 0, 0)


def ensure_pyodide(root: Path = ROOT) -> Path:
    pkg = root / "node_modules" / "pyodide"
    if not _pyodide_ok(pkg) or not _vendor_ok(root):
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("build.py: node_modules/pyodide is missing and npm is not installed")
        print("build.py: installing npm packages (npm ci) …", flush=True)
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)
        if not _pyodide_ok(pkg) or not _vendor_ok(root):
            sys.exit(f"build.py: npm ci did not install pyodide {PYODIDE_VERSION} and the vendored libraries")
    return pkg


def _pyodide_ok(pkg: Path) -> bool:
    try:
        version = json.loads((pkg / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return False
    return version == PYODIDE_VERSION and all((pkg / f).is_file() for f in PYODIDE_FILES)


def _vendor_ok(root: Path) -> bool:
    return all((root / "node_modules" / src).is_file() for src in VENDOR_FILES)


def _vendor_source(root: Path, rel: str) -> Path:
    # A source tree without its own node_modules (a test's copy) builds with
    # this checkout's.
    for base in (root, ROOT):
        path = base / "node_modules" / rel
        if path.is_file():
            return path
    raise SystemExit(f"build.py: node_modules/{rel} is missing (run npm ci)")


def _tree(src: Path):
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_file() and not any(p in SKIP_NAMES or p.startswith(".") for p in rel.parts):
            yield path, rel


def engine_zip(package_dir: Path) -> bytes:
    """The engine package as a zip whose top folder is the package name."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, rel in _tree(package_dir):
            if path.suffix in (".pyc", ".pyo"):
                continue
            info = zipfile.ZipInfo(f"{package_dir.name}/{rel.as_posix()}", ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return buf.getvalue()


def trimmed_lock(lock_path: Path) -> bytes:
    # We ship no Pyodide packages; loadPyodide still fetches a lock file and
    # only needs its "info" block.
    info = json.loads(lock_path.read_text())["info"]
    return json.dumps({"info": info, "packages": {}}, indent=1).encode()


def content_hash(out: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0")
        digest.update((out / rel).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def build(out: Path = DIST, root: Path = ROOT, pyodide_dir: Path | None = None,
          quiet: bool = False) -> Path:
    """Build the site from the sources under `root` into `out` (wiped first)."""
    out, root = Path(out), Path(root)
    pyodide_dir = Path(pyodide_dir) if pyodide_dir else ensure_pyodide(root)
    pwa = root / "pwa"
    if not (pwa / "index.html").is_file():
        raise SystemExit(f"build.py: {pwa / 'index.html'} is missing")

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for path, rel in _tree(pwa):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, out / rel)
    shutil.copyfile(root / "manifest.json", out / "manifest.json")
    for src, dest in VENDOR_FILES.items():
        (out / dest).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_vendor_source(root, src), out / dest)
    (out / ENGINE_ZIP).write_bytes(engine_zip(root / "engine" / "schraem"))
    (out / "pyodide").mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide_dir / name, out / "pyodide" / name)
    (out / "pyodide" / "pyodide-lock.json").write_bytes(trimmed_lock(pyodide_dir / "pyodide-lock.json"))

    files = sorted(rel.as_posix() for _, rel in _tree(out))
    version = content_hash(out, files)
    sw_source = (root / "service-worker.js").read_text()
    if not BUILD_MARKER.search(sw_source):
        raise SystemExit("build.py: service-worker.js lacks the /*BUILD*/ … /*END BUILD*/ block")
    # "./" is precached too: it is the start_url and what a reload navigates to.
    manifest = json.dumps({"version": version, "files": ["./"] + [f"./{f}" for f in files]}, indent=1)
    sw = BUILD_MARKER.sub(lambda _: f"/*BUILD*/{manifest}/*END BUILD*/", sw_source, count=1)
    (out / "service-worker.js").write_text(sw)

    if not quiet:
        size = sum((out / f).stat().st_size for f in files)
        print(f"build.py: {len(files) + 1} files, {size / 1e6:.1f} MB, version {version} → {out}")
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
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

    def end_headers(self):
        # Always revalidate: the service worker is the only cache that should
        # decide what a visitor sees, so a rebuilt dist/ shows up at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code="-", size="-"):
        # Counted for tests (e.g. that a first visit downloads Pyodide once).
        with self.server.hits_lock:
            self.server.hits[self.path.split("?")[0]] += 1
        super().log_request(code, size)

    def log_message(self, fmt, *args):
        if self.server.verbose:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    allow_reuse_address = True  # a stopped test server can come back on its port
    daemon_threads = True

    def __init__(self, dist: Path, port: int, host: str, verbose: bool):
        self.verbose = verbose
        self.hits: collections.Counter[str] = collections.Counter()  # path -> requests answered
        self.hits_lock = threading.Lock()
        super().__init__((host, port), functools.partial(_Handler, directory=str(dist)))
        self.url = f"http://{host}:{self.server_address[1]}/"
        self._thread: threading.Thread | None = None

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


def serve(dist: Path = DIST, port: int = 8000, host: str = "127.0.0.1", verbose: bool = False) -> Server:
    """Serve `dist` in a background thread; port 0 picks a free port."""
    return Server(Path(dist), port, host, verbose).start()


def _has_display() -> bool:
    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--out", type=Path, default=DIST)
    args = parser.parse_args(argv)
    out = build(args.out)
    if args.command == "serve":
        try:
            server = serve(out, args.port, verbose=True)
        except OSError as err:
            sys.exit(f"build.py: cannot serve on port {args.port} ({err.strerror}); try --port 0 for any free port")
        print(f"Serving {out} at {server.url}  (Ctrl+C to stop)", flush=True)
        if _has_display():
            import webbrowser
            webbrowser.open(server.url)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
