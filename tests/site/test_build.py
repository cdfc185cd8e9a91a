"""build.py: what lands in dist/, the cache version, and the local server."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import json
import re
import shutil
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("schraem_build", ROOT / "build.py")
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)
# Built, not precached: index.html is precached as "./", and the browser
# fetches the large icons only when it installs the app.
NOT_PRECACHED = {"index.html", "icons/icon-512.png", "icons/icon-maskable-512.png"}


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    """A copy of the sources, so a test may change them."""
    root = tmp_path_factory.mktemp("src")
    for name in ("pwa", "engine"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("manifest.json", "service-worker.js"):
        shutil.copyfile(ROOT / name, root / name)
    return root


def _build(src: Path, out: Path, compress_files: bool = True) -> dict:
    """The build's BUILD block of the service worker. compress_files=False
    for a test that looks at no .br/.gz: brotli and gzip at their best are
    most of a build's cost."""
    build.build(out, root=src, pyodide_dir=build.ensure_pyodide(ROOT), quiet=True, compress_files=compress_files)
    text = (out / "service-worker.js").read_text()
    return json.loads(re.search(r"/\*BUILD\*/(.*?)/\*END BUILD\*/", text, re.S).group(1))


def test_dist_holds_the_app_the_engine_and_pyodide(src, tmp_path):
    meta = _build(src, tmp_path / "dist")
    dist = tmp_path / "dist"
    for rel in (
        "worker.js",
        "app.js",
        "early-read.js",
        "manifest.json",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
    ):
        assert (dist / rel).is_file(), rel
        assert f"./{rel}" in meta["files"], rel
    assert "./" in meta["files"]
    listed = {f[2:] for f in meta["files"] if f != "./"}
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    # .br and .gz are other encodings of a listed file, chosen by the server;
    # source maps are fetched only by a developer's tools.
    encoded = {f for f in on_disk if f.endswith((".br", ".gz"))}
    maps = {f for f in on_disk if f.endswith(".map")}
    assert maps and all(f[:-4] in listed for f in maps)
    assert NOT_PRECACHED <= on_disk
    assert listed == on_disk - encoded - maps - {"service-worker.js"} - NOT_PRECACHED
    assert "icons/icon-192.png" in listed and "icons/icon.svg" in listed, "the page shows these"
    assert all(f[:-3] in listed | maps | {"service-worker.js"} | NOT_PRECACHED for f in encoded)

    lock = json.loads((dist / "pyodide/pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.14")

    # The engine as bytecode only: WebKit spends seconds compiling sources.
    names = zipfile.ZipFile(io.BytesIO((dist / "engine.zip").read_bytes())).namelist()
    assert "schraem/__init__.pyc" in names and "schraem/bridge/__init__.pyc" in names and "schraem/bots/strong.pyc" in names
    assert all(n.endswith(".pyc") and "__pycache__" not in n for n in names), names
    # Every source but the command line's, which a browser never runs.
    sources = {p.relative_to(src / "engine").as_posix() + "c" for p in (src / "engine" / "schraem").rglob("*.py")}
    command_line = {n for n in sources if n.startswith("schraem/cli/")} | {"schraem/__main__.pyc"}
    assert "schraem/cli/match.pyc" in command_line
    assert set(names) == sources - command_line

    # Library and engine without docstrings (optimize=2): typing.Any's and
    # the engine package's own are not in the bytecode.
    stdlib = zipfile.ZipFile(io.BytesIO((dist / "pyodide/python_stdlib.zip").read_bytes()))
    assert b"Special type indicating an unconstrained type" not in stdlib.read("typing.pyc")
    assert b"Any" in stdlib.read("typing.pyc")
    engine = zipfile.ZipFile(io.BytesIO((dist / "engine.zip").read_bytes()))
    assert b"rules engine (pure Python" not in engine.read("schraem/__init__.pyc")


def test_version_is_stable_and_follows_any_content_change(src, tmp_path):
    # The version is the hash of the files before they are compressed.
    first = _build(src, tmp_path / "a", compress_files=False)["version"]
    assert not list((tmp_path / "a").rglob("*.br")) and not list((tmp_path / "a").rglob("*.gz"))
    assert _build(src, tmp_path / "b", compress_files=False)["version"] == first, "same sources, same version"

    init = src / "engine" / "schraem" / "__init__.py"
    original = init.read_text()
    # The same change as test_serve's snapshot-key test: the Pyodide step for
    # the changed engine (half a minute of a core) is built once, then cached.
    init.write_text(original + "\n# changed\n")
    try:
        changed = _build(src, tmp_path / "c", compress_files=False)["version"]
    finally:
        init.write_text(original)
    assert changed != first


def test_server_types_and_restart_on_the_same_port(src, tmp_path):
    dist = tmp_path / "dist"
    # Asked without Accept-Encoding, the server sends each file as it is.
    _build(src, dist, compress_files=False)
    server = build.serve(dist, 0)
    port = server.server_address[1]
    try:
        for path, mime in (
            ("pyodide/pyodide.asm.wasm", "application/wasm"),
            ("pyodide/pyodide.mjs", "text/javascript"),
            ("manifest.json", "application/json"),
            ("", "text/html"),
        ):
            with urllib.request.urlopen(server.url + path) as r:
                assert r.headers.get_content_type() == mime, path
    finally:
        server.shutdown()
    again = build.serve(dist, port)
    try:
        with urllib.request.urlopen(again.url) as r:
            assert r.status == 200
    finally:
        again.shutdown()


def _static_imports(meta: dict, start: str) -> set[str]:
    found, todo = set(), [start]
    while todo:
        for item in meta["outputs"][todo.pop()]["imports"]:
            if item["kind"] == "import-statement" and not item.get("external") and item["path"] not in found:
                found.add(item["path"])
                todo.append(item["path"])
    return found


def _sources(meta: dict, outputs) -> set[str]:
    """The source files' names (without their folders) bundled into `outputs`."""
    return {Path(i).name for o in outputs for i in meta["outputs"][o]["inputs"]}


def _shell_sources(meta: dict, outputs) -> set[str]:
    """The shell's source files bundled into `outputs`, by their paths under pwa/."""
    return {i.removeprefix("pwa/") for o in outputs for i in meta["outputs"][o]["inputs"] if i.startswith("pwa/")}


def test_the_shell_is_bundled_preloaded_and_precached_as_the_metafile_says(src, tmp_path):
    """The saved game is drawn before Python is up; for that the page names
    every chunk its scripts import statically, so they arrive in parallel.
    Every built file is precached but the source maps; nothing precached is
    missing; no module of the shell ships a second time, unbundled."""
    dist = tmp_path / "dist"
    sw = _build(src, dist, compress_files=False)
    meta = json.loads(build.meta_path(dist).read_text())
    html = (dist / "index.html").read_text()
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    outputs = set(meta["outputs"])
    assert all((dist / o).is_file() for o in outputs)

    # The page's module scripts are the bundle's entries; what they import
    # statically is preloaded, what they import() is not.
    scripts = re.findall(r'<script type="module" src="([^"]+)"', html)
    assert scripts == meta["entries"]["modules"] == ["early-read.js", "app.js"]
    needed = set().union(*(_static_imports(meta, s) for s in scripts))
    assert set(preloaded) == needed | {"app.js"}
    assert len(preloaded) == len(set(preloaded))
    dynamic = {i["path"] for o in meta["outputs"].values() for i in o["imports"] if i["kind"] == "dynamic-import"}
    assert {"./vendor/qrcode.mjs", "./vendor/jsQR.js"} <= dynamic
    assert not {"vendor/qrcode.mjs", "vendor/jsQR.js"} & set(preloaded)
    assert {"storage.js", "table.js", "instant.js"} <= _sources(meta, preloaded)
    # The saved game's reads (early-read.js, a script of its own) need only
    # the storage chunk: it is asked for first, not behind the rest.
    assert '<script type="module" src="early-read.js" async></script>' in html
    reads = _static_imports(meta, "early-read.js")
    assert "storage.js" in _sources(meta, reads) and "table.js" not in _sources(meta, reads)
    assert max(preloaded.index(c) for c in reads) < preloaded.index("app.js")
    # Shared code sits in chunks whose names carry their content's hash.
    chunks = {o for o in outputs if o.startswith("chunk.") and o.endswith(".js")}
    assert chunks and needed - {"early-read.js"} <= chunks
    assert all(build.HASHED_NAME.search(c) for c in chunks)

    # Shipped scripts are the bundler's outputs and nothing else: no module
    # of the shell as a file of its own, and no module bundled twice.
    shipped = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    scripts_shipped = {f for f in shipped if f.endswith((".js", ".mjs")) and not f.startswith("pyodide/")}
    assert scripts_shipped - {"service-worker.js"} == {o for o in outputs if not o.endswith(".map")}
    assert not {"storage.js", "table.js", "engine-client.js", "history.js"} & shipped
    # The engine worker is bundled on its own (a worker shares no chunk with
    # the page): of the shell it holds only the storage modules it writes a
    # face-down table's save with, which the page reads with too.
    workers = set(meta["entries"]["workers"])
    bundled = [i for o in outputs if not o.startswith("vendor/") and o not in workers for i in meta["outputs"][o]["inputs"]]
    in_workers = [i for o in workers for i in meta["outputs"][o]["inputs"] if i.endswith(".js")]
    module_sources = [i for i in bundled if i.endswith(".js")]
    assert len(module_sources) == len(set(module_sources))
    assert len(in_workers) == len(set(in_workers))
    assert set(in_workers) & set(module_sources) == {"pwa/store/database.js", "pwa/store/facedown-save.js"}
    module_sources += [i for i in in_workers if i not in module_sources]
    assert {"worker.js", "early-paint.js", "boot-guard.js"} <= {Path(i).name for i in module_sources}

    # Precached: every built file but the source maps (and the service
    # worker itself, and NOT_PRECACHED), and only those; the hashed ones are
    # the chunks.
    precached = {f[2:] for f in sw["files"] if f != "./"}
    assert precached == {f for f in shipped if not f.endswith(".map")} - {"service-worker.js"} - NOT_PRECACHED
    assert {o for o in outputs if not o.endswith(".map")} <= precached
    # Every precached file whose name carries no hash of its content has
    # the digest of this build's copy (the service worker checks the copy
    # it takes from the HTTP cache against it).
    assert {f[2:] for f in sw["files"] if f not in sw["integrity"]} == chunks
    for url, digest in sw["integrity"].items():
        data = (dist / ("index.html" if url == "./" else url[2:])).read_bytes()
        assert digest == "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode(), url

    # The rarely used parts (the game review, the deal sets, the move file,
    # the organiser's tournament) are in chunks that the page's scripts
    # import() when first needed: not in what the first screen waits for,
    # not preloaded, but precached (they open offline too), and still handed
    # to the tests by modules.js.
    lazy = {
        "learn/review.js",
        "learn/duel.js",
        "learn/duel-qr.js",
        "evening/move-file.js",
        "evening/move-merge.js",
        "club/organiser.js",
        "club/tournament.js",
    }
    first = needed | {"app.js"}
    assert not lazy & _shell_sources(meta, first)
    loaded = {i["path"] for o in first for i in meta["outputs"][o]["imports"] if i["kind"] == "dynamic-import" and not i.get("external")}
    later = set().union(*({o} | _static_imports(meta, o) for o in loaded)) - first
    assert lazy <= _shell_sources(meta, later)
    assert later <= chunks and later <= precached and not later & set(preloaded)
    assert lazy <= _shell_sources(meta, _static_imports(meta, meta["entries"]["handles"]))


def test_every_url_a_built_script_makes_of_its_own_place_is_there(src, tmp_path):
    """Sources in folders name files relative to themselves (the engine
    worker, Pyodide, the engine's zip); every script is built into the site's
    top folder, so those URLs are rewritten: each must still point at a
    shipped file or folder (the snapshot's is a Cache Storage key only)."""
    dist = tmp_path / "dist"
    _build(src, dist, compress_files=False)
    made = {}
    for script in dist.glob("*.js"):
        for rel in re.findall(r'new URL\("(\.[^"]*)",\s*import\.meta\.url\)', script.read_text()):
            made.setdefault(rel, script.name)
    assert {"./worker.js", "./pyodide/", "./engine.zip"} <= set(made), made
    missing = {rel: by for rel, by in made.items() if rel != "./snapshot/" and not (dist / rel).exists()}
    assert not missing


def test_every_shipped_package_has_its_notice_and_licence_text(src, tmp_path):
    _build(src, tmp_path / "dist", compress_files=False)
    dist = tmp_path / "dist"
    notices = json.loads((dist / "licenses/notices.json").read_text())
    by_package = {p["npm"]: p for p in notices["packages"]}
    pyodide = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())
    qrcode = json.loads((ROOT / "node_modules/qrcode-generator/package.json").read_text())
    assert by_package["pyodide"]["version"] == pyodide["version"] == build.PYODIDE_VERSION
    assert by_package["pyodide"]["license"] == "MPL-2.0"
    assert by_package["qrcode-generator"]["version"] == qrcode["version"]
    assert by_package["qrcode-generator"]["license"] == "MIT"
    # Every file the build copied from an npm package is claimed by a notice.
    claimed = {f for p in notices["packages"] for f in p["files"]}
    from_npm = {f"pyodide/{n}" for n in (*build.PYODIDE_COPIED, "python_stdlib.zip", "pyodide-lock.json")}
    from_npm |= set(build.VENDOR_FILES.values())
    assert from_npm <= claimed
    # The texts themselves, not only names: the copyright holder is in each.
    for item in [notices["app"], *notices["packages"], *[part for p in notices["packages"] for part in p["parts"]]]:
        text = (dist / "licenses" / item["text"]).read_text()
        assert len(text) > 500, item["name"]
        if "copyright" in item:
            holder = item["copyright"].split(" ", 3)[-1]
            assert holder.split(";")[0] in text or item["text"] == "MPL-2.0.txt", item["name"]
    assert "Mozilla Public License Version 2.0" in (dist / "licenses/MPL-2.0.txt").read_text()
    assert "PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2" in (dist / "licenses/CPython.txt").read_text()
    assert "Kazuhiko Arase" in (dist / "vendor/qrcode.mjs").read_text()
    assert "MIT License" in (dist / "licenses/LICENSE.txt").read_text()
    assert sorted(notices["texts"]) == sorted(p.name for p in (dist / "licenses").iterdir() if p.suffix == ".txt")
    # Precached: the about screen works offline.
    sw = (dist / "service-worker.js").read_text()
    assert "./licenses/notices.json" in sw and "./licenses/MPL-2.0.txt" in sw


def test_a_shipped_package_without_a_notice_stops_the_build(src, tmp_path, monkeypatch):
    monkeypatch.setitem(build.VENDOR_FILES, "axe-core/axe.min.js", "vendor/axe.min.js")
    with pytest.raises(SystemExit, match=r"no licence notice .* axe-core \(shipped as vendor/axe.min.js\)"):
        _build(src, tmp_path / "dist")


def test_a_package_whose_licence_changed_stops_the_build(tmp_path):
    fake = tmp_path / "qrcode-generator"
    fake.mkdir()
    (fake / "package.json").write_text(json.dumps({"name": "qrcode-generator", "version": "9.9.9", "license": "GPL-3.0"}))
    pyodide = build.ensure_pyodide(ROOT)
    with pytest.raises(SystemExit, match="qrcode-generator 9.9.9 says its licence is 'GPL-3.0'"):
        build.write_notices(
            tmp_path / "dist",
            ROOT,
            {"pyodide": ["pyodide/pyodide.mjs"], "qrcode-generator": ["vendor/qrcode.mjs"]},
            {"pyodide": pyodide, "qrcode-generator": fake},
        )
