"""Compressed files and how build.py serves them: each encoding next to its
file, chosen by Accept-Encoding, with validators and cache lifetimes that let
browsers and the service worker skip what they already have."""

from __future__ import annotations

import gzip
import importlib.util
import json
import re
import shutil
import socket
import struct
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("schraem_build", ROOT / "build.py")
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

BOOT_KEY = re.compile(r'\bkey:"([0-9a-f]{16})"')


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("src")
    for name in ("pwa", "engine"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("manifest.json", "service-worker.js"):
        shutil.copyfile(ROOT / name, root / name)
    return root


def _build(src: Path, out: Path, compress_files: bool = True) -> Path:
    return build.build(out, root=src, pyodide_dir=build.ensure_pyodide(ROOT), quiet=True, compress_files=compress_files)


@pytest.fixture(scope="module")
def dist(src, tmp_path_factory) -> Path:
    return _build(src, tmp_path_factory.mktemp("dist") / "dist")


@pytest.fixture
def server(dist):
    s = build.serve(dist, 0)
    yield s
    s.shutdown()


def _get(url: str, **headers) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def _unbrotli(data: bytes) -> bytes:
    node = shutil.which("node")
    proc = subprocess.run(
        [node, "-e", "process.stdin.pipe(require('zlib').createBrotliDecompress()).pipe(process.stdout)"],
        input=data,
        capture_output=True,
        check=True,
    )
    return proc.stdout


def _unbrotli_files(paths: list[Path], out: Path) -> list[bytes]:
    """Each of `paths` (.br files) decompressed, in one Node process: one
    process per file was most of a test's time."""
    jobs = [[str(p), str(out / f"{i}.bin")] for i, p in enumerate(paths)]
    script = (
        "const fs = require('fs'), zlib = require('zlib');"
        "for (const [from, to] of JSON.parse(fs.readFileSync(0, 'utf8')))"
        " fs.writeFileSync(to, zlib.brotliDecompressSync(fs.readFileSync(from)));"
    )
    subprocess.run([shutil.which("node"), "-e", script], input=json.dumps(jobs).encode(), capture_output=True, check=True)
    return [Path(to).read_bytes() for _, to in jobs]


def test_a_browser_hanging_up_mid_download_prints_no_error(server, capfd):
    # Forty tabs that ask for Pyodide's wasm and leave after its first bytes
    # (a reset, as a closed tab sends): the server says nothing of them and
    # goes on serving.
    host, port = server.server_address[:2]
    for _ in range(40):
        with socket.create_connection((host, port)) as s:
            s.sendall(b"GET /pyodide/pyodide.asm.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(1024).startswith(b"HTTP/1.")
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    status, _, body = _get(server.url + "manifest.json")
    assert status == 200 and json.loads(body)
    # Until every request's thread is done (its error, if any, reported).
    deadline = time.monotonic() + 30
    while server._connections and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not server._connections
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "Exception occurred" not in out + err


def test_every_compressible_file_has_both_encodings_of_the_same_bytes(dist, tmp_path):
    files = [p for p in dist.rglob("*") if p.is_file() and p.suffix not in (".br", ".gz")]
    compressible = [p for p in files if p.suffix in build.COMPRESSIBLE]
    assert {p.relative_to(dist).as_posix() for p in compressible} >= {
        "index.html",
        "app.js",
        "worker.js",
        "service-worker.js",
        "style.css",
        "engine.zip",
        "pyodide/pyodide.asm.wasm",
        "pyodide/pyodide.asm.mjs",
        "pyodide/python_stdlib.zip",
    }
    with_br = []
    for p in compressible:
        original = p.read_bytes()
        br, gz = p.with_name(p.name + ".br"), p.with_name(p.name + ".gz")
        # Each only where it saves something: everything but the tiniest files.
        assert br.exists() and gz.exists() or len(original) < 1000, p
        if gz.exists():
            assert gzip.decompress(gz.read_bytes()) == original, p
        if br.exists():
            with_br.append(p)
    for p, decoded in zip(with_br, _unbrotli_files([p.with_name(p.name + ".br") for p in with_br], tmp_path)):
        assert decoded == p.read_bytes(), p
    # Images are compressed already: no second copies.
    assert not list(dist.rglob("*.png.br")) and not list(dist.rglob("*.png.gz"))


def test_the_first_visit_fits_in_4_15_mb(dist):
    # Everything a pub without signal needs later too is precached: the QR
    # decoder and the licence texts among it.
    text = (dist / "service-worker.js").read_text()
    files = json.loads(re.search(r"/\*BUILD\*/(.*?)/\*END BUILD\*/", text, re.S).group(1))["files"]
    total = 0
    for f in files + ["./service-worker.js"]:
        path = dist / ("index.html" if f == "./" else f[2:])
        br = path.with_name(path.name + ".br")
        total += (br if br.exists() else path).stat().st_size
    # 4,117,227 bytes with the shell bundled and minified (test_boot.py
    # says the same of the wire).
    assert total < 4_150_000, total


def test_encoding_follows_accept_encoding(server, dist):
    wasm = (dist / "pyodide/pyodide.asm.wasm").read_bytes()
    url = server.url + "pyodide/pyodide.asm.wasm"
    for accept, encoding in (("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("", None), ("identity", None)):
        status, headers, body = _get(url, **{"Accept-Encoding": accept})
        assert status == 200, accept
        assert headers.get("content-encoding") == encoding, accept
        assert headers["content-type"] == "application/wasm"
        assert headers["vary"] == "Accept-Encoding"
        assert int(headers["content-length"]) == len(body)
        decoded = {"br": _unbrotli, "gzip": gzip.decompress, None: lambda b: b}[encoding](body)
        assert decoded == wasm, accept
    status, headers, body = _get(server.url, **{"Accept-Encoding": "br"})
    assert status == 200 and headers["content-encoding"] == "br" and headers["content-type"] == "text/html"
    status, headers, _ = _get(server.url + "icons/icon-192.png", **{"Accept-Encoding": "br, gzip"})
    assert status == 200 and "content-encoding" not in headers and "vary" not in headers


def test_validators_answer_304_per_encoding(server):
    url = server.url + "app.js"
    _, br, _ = _get(url, **{"Accept-Encoding": "br"})
    _, plain, _ = _get(url)
    assert br["etag"] != plain["etag"]  # two representations, two tags
    status, headers, body = _get(url, **{"Accept-Encoding": "br", "If-None-Match": br["etag"]})
    assert status == 304 and body == b"" and headers["etag"] == br["etag"]
    assert headers["cache-control"] == "no-cache" and headers["vary"] == "Accept-Encoding"
    status, _, _ = _get(url, **{"Accept-Encoding": "br", "If-None-Match": plain["etag"]})
    assert status == 200
    assert server.hits["/app.js"] == 3 and server.revalidated["/app.js"] == 1
    assert server.sent["/app.js"] == 2 * int(br["content-length"]) + int(plain["content-length"])


def test_hashed_names_are_immutable_and_a_missing_file_stays_missing(dist, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    shutil.copyfile(site / "app.js", site / "app.0123abcd.js")
    (site / "engine.zip").unlink()  # its .br and .gz stay behind
    server = build.serve(site, 0)
    try:
        status, headers, _ = _get(server.url + "app.0123abcd.js")
        assert status == 200 and headers["cache-control"] == "public, max-age=31536000, immutable"
        # esbuild's chunks carry a hash of their own alphabet.
        chunks = sorted(p.name for p in site.glob("chunk.*.js"))
        assert chunks
        for chunk in chunks:
            status, headers, _ = _get(server.url + chunk)
            assert status == 200 and headers["cache-control"] == "public, max-age=31536000, immutable", chunk
        status, headers, _ = _get(server.url + "app.js")
        assert headers["cache-control"] == "no-cache"
        status, _, _ = _get(server.url + "engine.zip", **{"Accept-Encoding": "br, gzip"})
        assert status == 404
    finally:
        server.shutdown()


def test_the_snapshot_key_follows_the_engine_not_the_shell(src, tmp_path):
    def key(out):
        return BOOT_KEY.search((out / "worker.js").read_text()).group(1)

    # The key is written before anything is compressed.
    first = key(_build(src, tmp_path / "a", compress_files=False))
    index = src / "pwa" / "index.html"
    shell = index.read_text()
    index.write_text(shell.replace("</head>", "<!-- another release --></head>", 1))
    engine = src / "engine" / "schraem" / "__init__.py"
    code = engine.read_text()
    try:
        assert key(_build(src, tmp_path / "b", compress_files=False)) == first  # a new release, the same snapshot
        # The same change as test_build's version test: one Pyodide step for both.
        engine.write_text(code + "\n# changed\n")
        assert key(_build(src, tmp_path / "c", compress_files=False)) != first
    finally:
        index.write_text(shell)
        engine.write_text(code)
