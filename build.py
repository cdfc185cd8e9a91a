#!/usr/bin/env python3
"""Build the static offline site into dist/ and optionally serve it.

    python build.py                 build dist/
    python build.py serve [--port 8000]   build, then serve dist/ on 127.0.0.1

Standard library only, so a fresh machine with Python and Node needs nothing
but this one command (it runs `npm ci` itself when Pyodide or esbuild is
missing).

The shell's scripts are bundled and minified by esbuild
(scripts/bundle.mjs): the page's scripts as index.html names them, the
engine worker, the chunks they share; source maps beside them.

Besides that, the build runs Pyodide once under Node
(scripts/pyodide_build.mjs): the engine is started as the app starts it and
played through, and the standard library is trimmed to the modules that
loaded and precompiled to bytecode. Every compressible file gets a `.br`
and a `.gz` beside it, which `serve` (or any static host, see README.md)
sends by the request's Accept-Encoding. The results of both slow steps are
kept under .cache/build/, keyed by their inputs.
"""

from __future__ import annotations

import argparse
import base64
import concurrent.futures
import fcntl
import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def _own_module(name: str):
    """One of the build's own Python modules in scripts/ (a folder of
    steps, not a package: it holds the Node steps too)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# The static server (`serve`), and the names it sends as cached for good.
_site_server = _own_module("site_server")
Server, serve, HASHED_NAME = _site_server.Server, _site_server.serve, _site_server.HASHED_NAME
Handler = _site_server.Handler
DIST = ROOT / "dist"
PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_COPIED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")  # the stdlib is rebuilt, trimmed
# Libraries shipped with the app (no CDN): npm file -> path in dist/.
# jsQR decodes a camera frame where the browser has no BarcodeDetector
# (loaded only when a phone scans a code: qr-scan.js).
VENDOR_FILES = {"qrcode-generator/dist/qrcode.mjs": "vendor/qrcode.mjs", "jsqr/dist/jsQR.js": "vendor/jsQR.js"}
# The app's own licence and the notices of what dist/ ships from npm
# packages (licenses/third-party.json lists them).
LICENSES = "licenses"
OWN_LICENSE = "LICENSE"
ENGINE_ZIP = "engine.zip"
STDLIB_ZIP = "pyodide/python_stdlib.zip"
CACHE = ROOT / ".cache" / "build"
PYODIDE_STEP = (ROOT / "scripts" / "pyodide_build.mjs", ROOT / "scripts" / "pyodide_build.py")
BROTLI_STEP = ROOT / "scripts" / "brotli.mjs"
BUNDLE_STEP = ROOT / "scripts" / "bundle.mjs"
# The service worker and the engine worker carry a development default
# between these markers; the build replaces it with the real values.
BUILD_MARKER = re.compile(r"/\*BUILD\*/.*?/\*END BUILD\*/", re.S)
# Text and binary formats that shrink on the wire (PNGs are compressed already).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".wasm", ".zip", ".map"}
# A compressed copy that saves less than this is not worth a second file.
MIN_SAVING = 0.9
SKIP_NAMES = {"__pycache__", ".DS_Store", ".gitkeep"}
# A fixed timestamp keeps the engine zip byte-identical for identical sources,
# so the content hash (and with it the cache name) only moves on real changes.
ZIP_EPOCH = (2020, 1, 1, 0, 0, 0)


def ensure_pyodide(root: Path = ROOT) -> Path:
    """Pyodide's folder in node_modules, after `npm ci` if it (or the
    vendored libraries, or esbuild, which bundles the shell) is missing."""
    pkg = root / "node_modules" / "pyodide"
    if not _pyodide_ok(pkg) or not _vendor_ok(root) or not _esbuild_ok():
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("build.py: node_modules/pyodide or esbuild is missing and npm is not installed")
        print("build.py: installing npm packages (npm ci) …", flush=True)
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)
        if not _pyodide_ok(pkg) or not _vendor_ok(root) or not _esbuild_ok():
            sys.exit(f"build.py: npm ci did not install pyodide {PYODIDE_VERSION}, esbuild and the vendored libraries")
    return pkg


def _esbuild_ok() -> bool:
    # scripts/bundle.mjs imports it from this checkout's node_modules.
    return (ROOT / "node_modules" / "esbuild" / "package.json").is_file()


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
    """The engine's sources as a zip whose top folder is the package name
    (the Pyodide step's input; the app ships its bytecode). Stored, not
    deflated: brotli over the whole archive on the wire beats deflate per
    file by half."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for path, rel in _tree(package_dir):
            if path.suffix in (".pyc", ".pyo"):
                continue
            info = zipfile.ZipInfo(f"{package_dir.name}/{rel.as_posix()}", ZIP_EPOCH)
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


def _sha256(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        sys.exit("build.py: Node.js is needed (it bundles the shell, runs Pyodide to build the standard library and compresses files)")
    return node


def _publish(tmp: Path, final: Path) -> None:
    """Move a finished cache entry into place; a concurrent build that got
    there first wins (its entry is identical)."""
    try:
        os.replace(tmp, final)
    except OSError:
        if not final.exists():
            raise
        shutil.rmtree(tmp, ignore_errors=True)


def pyodide_step(pyodide_dir: Path, engine: bytes, quiet: bool = False) -> Path:
    """A folder with the trimmed standard library, report.json, the engine
    sources they were made with (engine-source.zip) and the engine as
    bytecode (engine.zip, what the app ships), by scripts/pyodide_build.mjs;
    from the cache when the inputs are unchanged."""
    inputs = [p.read_bytes() for p in PYODIDE_STEP]
    inputs += [(pyodide_dir / f).read_bytes() for f in PYODIDE_FILES]
    key = _sha256(*inputs, engine)[:24]
    done = CACHE / "pyodide" / key
    if (done / "report.json").is_file():
        return done
    done.parent.mkdir(parents=True, exist_ok=True)
    # Two builds at once (the tests' site and their engine suite in Pyodide)
    # would each spend half a minute of a core on the same entry: the second
    # waits for the first and takes its result.
    with open(done.parent / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (done / "report.json").is_file():
            return done
        return _pyodide_step_run(pyodide_dir, engine, done, quiet)


def _pyodide_step_run(pyodide_dir: Path, engine: bytes, done: Path, quiet: bool) -> Path:
    key = done.name
    if not quiet:
        print("build.py: running the engine in Pyodide to trim and precompile the standard library …", flush=True)
    done.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"{key}.", dir=done.parent))
    (tmp / "engine-source.zip").write_bytes(engine)
    proc = subprocess.run(
        [_node(), str(PYODIDE_STEP[0]), "--pyodide", str(pyodide_dir), "--engine", str(tmp / "engine-source.zip"), "--out", str(tmp)],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        # Pyodide's errors quote its whole minified source; the end says what went wrong.
        sys.exit(f"build.py: the Pyodide step failed:\n{(proc.stdout + proc.stderr)[-4000:]}")
    _publish(tmp, done)
    return done


def _gzip(data: bytes) -> bytes:
    # mtime=0: the same input gives the same bytes, build after build.
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli_all(blobs: dict[str, bytes], quiet: bool) -> dict[str, bytes]:
    """Brotli (quality 11) of each blob, by its sha256, cached: a first build
    spends about half a minute on Pyodide's wasm, later builds none."""
    store = CACHE / "br"
    store.mkdir(parents=True, exist_ok=True)
    missing = {h: data for h, data in blobs.items() if not (store / f"{h}.br").is_file()}
    if missing:
        if not quiet:
            size = sum(len(d) for d in missing.values()) / 1e6
            print(f"build.py: brotli-compressing {len(missing)} files ({size:.1f} MB) …", flush=True)
        work = Path(tempfile.mkdtemp(prefix="brotli.", dir=store))
        try:
            jobs = []
            for h, data in missing.items():
                (work / h).write_bytes(data)
                jobs.append([str(work / h), str(work / f"{h}.br")])
            (work / "jobs.json").write_text(json.dumps(jobs))
            subprocess.run([_node(), str(BROTLI_STEP), str(work / "jobs.json")], check=True)
            for h in missing:
                os.replace(work / f"{h}.br", store / f"{h}.br")
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return {h: (store / f"{h}.br").read_bytes() for h in blobs}


def _pyodide_blobs(pyodide_dir: Path) -> dict[str, bytes]:
    """The Pyodide files the site ships as they are, by sha256 (as
    compress() asks _brotli_all for them)."""
    blobs = [(pyodide_dir / n).read_bytes() for n in PYODIDE_COPIED if Path(n).suffix in COMPRESSIBLE]
    return {hashlib.sha256(d).hexdigest(): d for d in blobs}


def compress(out: Path, files: list[str], quiet: bool = False) -> dict[str, dict[str, int]]:
    """Write NAME.br and NAME.gz beside each compressible file that shrinks;
    returns {file: {"identity": n, "br": n, "gzip": n}} (sizes in bytes)."""
    chosen = [f for f in files if Path(f).suffix in COMPRESSIBLE]
    data = {f: (out / f).read_bytes() for f in chosen}
    digests = {f: hashlib.sha256(d).hexdigest() for f, d in data.items()}
    brotli = _brotli_all({digests[f]: d for f, d in data.items()}, quiet)
    sizes = {}
    for f in files:
        sizes[f] = {"identity": (out / f).stat().st_size}
        if f not in data:
            continue
        for encoding, suffix, packed in (("br", ".br", brotli[digests[f]]), ("gzip", ".gz", _gzip(data[f]))):
            if len(packed) <= MIN_SAVING * len(data[f]):
                (out / (f + suffix)).write_bytes(packed)
                sizes[f][encoding] = len(packed)
    return sizes


def _inject(source: str, name: str, value: dict) -> str:
    if not BUILD_MARKER.search(source):
        raise SystemExit(f"build.py: {name} lacks the /*BUILD*/ … /*END BUILD*/ block")
    text = json.dumps(value, indent=1)
    return BUILD_MARKER.sub(lambda _: f"/*BUILD*/{text}/*END BUILD*/", source, count=1)


# The page's scripts, as index.html names them: module scripts are bundled
# (with what they share in chunks), classic ones minified on their own.
_SCRIPT = re.compile(r'<script\b([^>]*?)\ssrc="([\w./-]+\.m?js)"([^>]*)>')
# The module whose preloads the build writes in (the links stand there).
_PRELOAD = re.compile(r'<link rel="modulepreload" href="([\w./-]+\.m?js)">')
# Handed to tests: every module of the shell, as the page runs it.
HANDLES = "modules.js"
# Stands in for the snapshot key until the worker it is a hash of is built
# (as long as a key, so the source map's columns stay right).
BOOT_KEY_SLOT = "schraem-boot-key"


def page_scripts(index_html: str) -> tuple[list[str], list[str]]:
    """index.html's module scripts and classic scripts, in document order."""
    modules, classic = [], []
    for before, src, after in _SCRIPT.findall(index_html):
        (modules if 'type="module"' in before + after else classic).append(src)
    return modules, classic


def bundle(
    pwa: Path, out: Path, modules: list[str], classic: list[str], vendor: dict[str, Path], styles: list[str], worker_build: dict
) -> dict:
    """Bundle and minify the shell into `out` (scripts/bundle.mjs), and
    minify its stylesheets (`styles`, relative to pwa/); returns
    the metafile: esbuild's inputs and outputs (paths relative to `out`) and
    `entries`, which output is which script."""
    with tempfile.TemporaryDirectory(prefix="bundle.") as work:
        config = {
            "root": str(pwa.parent),
            "pwa": str(pwa),
            "out": str(out),
            "modules": modules,
            "classic": classic,
            "vendor": {dest: str(src) for dest, src in vendor.items()},
            "styles": styles,
            "handles": HANDLES,
            "workerBuild": json.dumps(worker_build),
            "metafile": str(Path(work) / "meta.json"),
        }
        (Path(work) / "config.json").write_text(json.dumps(config))
        proc = subprocess.run([_node(), str(BUNDLE_STEP), str(Path(work) / "config.json")], capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"build.py: bundling the shell failed:\n{(proc.stdout + proc.stderr)[-4000:]}")
        sys.stderr.write(proc.stderr)  # esbuild's warnings
        return json.loads((Path(work) / "meta.json").read_text())


def static_closure(meta: dict, start: str) -> list[str]:
    """The outputs `start` imports statically, directly or not (a dynamic
    import() loads when it is needed), in the order met."""
    seen: list[str] = []
    todo = [start]
    while todo:
        for item in meta["outputs"][todo.pop(0)]["imports"]:
            if item["kind"] == "import-statement" and not item.get("external") and item["path"] not in seen:
                seen.append(item["path"])
                todo.append(item["path"])
    return seen


def preload_modules(index_html: str, meta: dict) -> str:
    """The page names what its scripts import up front, so the browser
    fetches it in parallel instead of discovering it import by import. What
    the early reads (early-read.js, an async module script of its own) need
    is named before the main module, so it is not queued behind the rest.
    The links stand at the end of the body: met in the head, their fetches
    and compiles hold up the parser, and with it the first frame of the
    saved table that early-paint.js has already put in place."""
    anchor = _PRELOAD.search(index_html)
    if anchor is None:
        raise SystemExit('build.py: index.html lacks <link rel="modulepreload" href="…"> (the main module)')
    main = Path(anchor.group(1)).stem + ".js"
    first: list[str] = []
    for script in meta["entries"]["modules"]:
        if script != main:
            first += [m for m in static_closure(meta, script) if m not in first]
    rest = [m for m in static_closure(meta, main) if m not in first]
    link = '<link rel="modulepreload" href="{}">'.format
    links = [link(m) for m in first] + [link(main)] + [link(m) for m in rest]
    return index_html[: anchor.start()] + "\n".join(links) + index_html[anchor.end() :]


def flat_script_names(index_html: str) -> str:
    """Every script is built into the site's top folder (scripts/bundle.mjs)."""
    return _SCRIPT.sub(lambda m: f'<script{m.group(1)} src="{Path(m.group(2)).stem}.js"{m.group(3)}>', index_html)


def shipped_packages(meta: dict) -> dict[str, list[str]]:
    """npm package -> the built files its code is in."""
    found: dict[str, list[str]] = {}
    for name, output in sorted(meta["outputs"].items()):
        for source in output["inputs"]:
            parts = Path(source).parts
            if "node_modules" in parts:
                i = len(parts) - 1 - parts[::-1].index("node_modules")
                package = "/".join(parts[i + 1 : i + 3]) if parts[i + 1].startswith("@") else parts[i + 1]
                if name not in found.setdefault(package, []):
                    found[package].append(name)
    return found


METAFILES_KEPT = 64


def meta_path(out: Path) -> Path:
    """Where the build of `out` keeps its metafile (not in the site: it is
    not served)."""
    return CACHE / "metafiles" / f"{hashlib.sha256(str(Path(out).resolve()).encode()).hexdigest()[:16]}.json"


def keep_metafile(out: Path, meta: dict) -> None:
    """Kept for the tests that check the site against it; the newest few
    only (every test's build is into a folder of its own)."""
    path = meta_path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(meta))
    kept = sorted(path.parent.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[METAFILES_KEPT:]:
        old.unlink(missing_ok=True)


def write_notices(out: Path, root: Path, shipped: dict[str, list[str]], package_dirs: dict[str, Path]) -> None:
    """dist/licenses/: the app's licence and, for every npm package copied
    into dist/ (`shipped`: package -> the files it became), its notice and
    licence text. A shipped package without an entry in
    licenses/third-party.json, or whose package.json names another licence
    than the entry, stops the build: nothing ships without its notice."""
    src = root / LICENSES if (root / LICENSES).is_dir() else ROOT / LICENSES
    listed = {p["npm"]: p for p in json.loads((src / "third-party.json").read_text())["packages"]}
    missing = sorted(set(shipped) - set(listed))
    if missing:
        raise SystemExit(
            "build.py: no licence notice in licenses/third-party.json for "
            + ", ".join(f"{p} (shipped as {', '.join(shipped[p])})" for p in missing)
        )
    dest = out / LICENSES
    dest.mkdir(parents=True, exist_ok=True)
    own = root / OWN_LICENSE if (root / OWN_LICENSE).is_file() else ROOT / OWN_LICENSE
    shutil.copyfile(own, dest / "LICENSE.txt")
    packages, texts = [], {"LICENSE.txt"}
    for name in sorted(shipped):
        entry = listed[name]
        meta = json.loads((package_dirs[name] / "package.json").read_text())
        if meta.get("license") != entry["license"]:
            raise SystemExit(
                f"build.py: {name} {meta.get('version')} says its licence is {meta.get('license')!r}, "
                f"licenses/third-party.json says {entry['license']!r}: check the notice"
            )
        for item in (entry, *entry["parts"]):
            shutil.copyfile(src / item["text"], dest / item["text"])
            texts.add(item["text"])
        packages.append(
            {
                **{k: entry[k] for k in ("name", "license", "copyright", "text", "parts")},
                "npm": name,
                "version": meta["version"],
                "files": shipped[name],
            }
        )
    notices = {"app": {"name": "Schräm", "license": "MIT", "text": "LICENSE.txt"}, "packages": packages, "texts": sorted(texts)}
    (dest / "notices.json").write_text(json.dumps(notices, ensure_ascii=False, indent=1))


def build(out: Path = DIST, root: Path = ROOT, pyodide_dir: Path | None = None, quiet: bool = False, compress_files: bool = True) -> Path:
    """Build the site from the sources under `root` into `out` (wiped first).
    compress_files=False leaves out the .br and .gz copies (tests that look
    only at the files themselves: the version and the snapshot key are
    computed before compressing)."""
    out, root = Path(out), Path(root)
    pyodide_dir = Path(pyodide_dir) if pyodide_dir else ensure_pyodide(root)
    pwa = root / "pwa"
    if not (pwa / "index.html").is_file():
        raise SystemExit(f"build.py: {pwa / 'index.html'} is missing")
    engine = engine_zip(root / "engine" / "schraem")
    # Pyodide's own files do not depend on the Pyodide step: compressed
    # beside it, a first build takes the longer of the two instead of both
    # (half a minute each of a core).
    with concurrent.futures.ThreadPoolExecutor(1) as beside:
        early = beside.submit(_brotli_all, _pyodide_blobs(pyodide_dir), quiet) if compress_files else None
        step = pyodide_step(pyodide_dir, engine, quiet)
        if early is not None:
            early.result()  # its error, if any, is the build's

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    # Scripts and stylesheets come only from the bundler: no module ships a second time.
    styles = []
    for path, rel in _tree(pwa):
        if path.suffix == ".css":
            styles.append(rel.as_posix())
        elif path.suffix not in (".js", ".mjs"):
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, out / rel)
    shutil.copyfile(root / "manifest.json", out / "manifest.json")
    shutil.copyfile(step / ENGINE_ZIP, out / ENGINE_ZIP)
    index_html = (pwa / "index.html").read_text()
    modules, classic = page_scripts(index_html)
    vendor = {dest: _vendor_source(root, src) for src, dest in VENDOR_FILES.items()}
    meta = bundle(pwa, out, modules, classic, vendor, styles, {"key": BOOT_KEY_SLOT})
    keep_metafile(out, meta)
    (out / "index.html").write_text(preload_modules(flat_script_names(index_html), meta))
    (out / "pyodide").mkdir(exist_ok=True)
    for name in PYODIDE_COPIED:
        shutil.copyfile(pyodide_dir / name, out / "pyodide" / name)
    shutil.copyfile(step / "python_stdlib.zip", out / STDLIB_ZIP)
    (out / "pyodide" / "pyodide-lock.json").write_bytes(trimmed_lock(pyodide_dir / "pyodide-lock.json"))
    shipped = {"pyodide": [f"pyodide/{n}" for n in (*PYODIDE_COPIED, "python_stdlib.zip", "pyodide-lock.json")]}
    package_dirs = {"pyodide": pyodide_dir}
    for package, files in shipped_packages(meta).items():
        shipped[package] = [f for f in files if not f.endswith(".map")]
        package_dirs[package] = _vendor_source(root, f"{package}/package.json").parent
    write_notices(out, root, shipped, package_dirs)

    # A memory snapshot is only good for the interpreter, library, engine and
    # boot code that made it; the worker files it under this key.
    for worker in meta["entries"]["workers"]:
        code = (out / worker).read_text()
        if BOOT_KEY_SLOT not in code:
            continue
        boot_key = _sha256(
            *[(out / "pyodide" / n).read_bytes() for n in PYODIDE_COPIED],
            (out / STDLIB_ZIP).read_bytes(),
            (out / ENGINE_ZIP).read_bytes(),
            code.encode(),
        )[:16]
        (out / worker).write_text(code.replace(BOOT_KEY_SLOT, boot_key))

    # Source maps are for a developer's tools, fetched only when those open.
    built = sorted(rel.as_posix() for _, rel in _tree(out))
    files = [f for f in built if not f.endswith(".map")]
    version = content_hash(out, files)
    left_out = not_precached(out)
    precached = ["./"] + [f"./{f}" for f in files if f not in left_out]
    sw = _inject(
        (root / "service-worker.js").read_text(),
        "service-worker.js",
        {"version": version, "files": precached, "integrity": integrity(out, precached)},
    )
    (out / "service-worker.js").write_text(sw)
    if not compress_files:
        return out
    sizes = compress(out, built + ["service-worker.js"], quiet)

    if not quiet:
        report = json.loads((step / "report.json").read_text())
        cached = [s for f, s in sizes.items() if not f.endswith(".map")]
        size = sum(s["identity"] for s in cached)
        wire = sum(min(s.values()) for s in cached)
        print(
            f"build.py: {len(cached)} files (and source maps), {size / 1e6:.1f} MB ({wire / 1e6:.1f} MB brotli), "
            f"standard library {len(report['stdlib_files'])} of {report['stdlib_files_full']} modules, "
            f"version {version} → {out}"
        )
    return out


def integrity(out: Path, precached: list[str]) -> dict[str, str]:
    """Subresource Integrity digests of the precached files whose names do
    not change with their content ("./" is index.html): the service worker
    takes the copies the page has just fetched from the HTTP cache, and the
    digest tells this build's copy from an earlier visit's."""
    digests = {}
    for url in precached:
        if not HASHED_NAME.search(url):
            data = (out / ("index.html" if url == "./" else url[2:])).read_bytes()
            digests[url] = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
    return digests


def not_precached(out: Path) -> set[str]:
    """The built files a first visit does not download for the service
    worker's cache. index.html is precached as "./", the start_url and what
    every navigation is answered with. The manifest's icons that the page
    itself never shows (the large ones) are fetched by the browser only when
    it installs the app, which keeps its own copy: precaching them cost a
    first visit 0.09 MB of chalk grain."""
    page = (out / "index.html").read_text()
    icons = {icon["src"] for icon in json.loads((out / "manifest.json").read_text())["icons"]}
    return {"index.html"} | {src for src in icons if f'"{src}"' not in page}


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
