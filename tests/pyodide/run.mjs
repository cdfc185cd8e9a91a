// Runs the engine test suite inside real Pyodide under Node, so the engine
// is tested in the interpreter the app actually ships.
//
//   node tests/pyodide/run.mjs [--root DIR] [--wheels DIR] [--trimmed DIR] [-- pytest args]
//
// --root    project folder holding engine/, tests/engine/ and tests/variants/ (default: this repo)
// --wheels  folder of pure-Python wheels (pytest, hypothesis and their
//           dependencies); tests/pyodide/test_in_pyodide.py downloads them.
// --trimmed output of build.py's Pyodide step (python_stdlib.zip, engine.zip,
//           report.json): Pyodide starts on that trimmed standard library, as
//           in the app; every module in it must import on its own, and the
//           app's code may import nothing else while the suite runs (see
//           stdlib_guard.py). The full library serves only the test tools.
// Exits with pytest's exit code, or 97 when the trimmed library fell short.
import { readFile, readdir, access } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const split = args.indexOf("--");
const own = split < 0 ? args : args.slice(0, split);
const option = (name, fallback) => {
  const i = own.indexOf(name);
  return i < 0 ? fallback : path.resolve(own[i + 1]);
};
const root = option("--root", path.resolve(here, "..", ".."));
const wheels = option("--wheels", path.join(root, ".cache", "wheels"));
const trimmed = option("--trimmed", null);
// The engine suite and the regional variants' suite: everything that tests
// the rules (bots and browser tests need CPython or a browser).
const SUITES = ["tests/engine", "tests/variants"];
const pytestArgs = split < 0 ? [...SUITES, "-q", "-p", "no:cacheprovider"] : args.slice(split + 1);
const REPO = "/repo"; // where the project appears inside Pyodide

async function main() {
  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules", "pyodide", "pyodide.mjs")).href);
  const indexURL = path.join(root, "node_modules", "pyodide") + path.sep;
  const pyodide = await loadPyodide({
    indexURL,
    env: { SCHRAEM_HYPOTHESIS_PROFILE: "pyodide", HOME: "/home/pyodide" },
    ...(trimmed ? { stdLibURL: path.join(trimmed, "python_stdlib.zip") } : {}),
  });
  const t1 = performance.now();
  const guard = trimmed ? await trimmedOnly(pyodide, indexURL) : null;

  const names = (await readdir(wheels)).filter((n) => n.endsWith(".whl")).sort();
  if (!names.some((n) => n.startsWith("pytest-"))) throw new Error(`no pytest wheel in ${wheels}`);
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const name of names) {
    const buf = await readFile(path.join(wheels, name));
    pyodide.unpackArchive(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), "wheel",
      { extractDir: sitePackages });
  }

  // Mount only the sources (not node_modules or .cache): the tests read the
  // engine exactly as checked out, and write nothing back to the host.
  const FS = pyodide.FS;
  for (const sub of ["engine", ...SUITES]) {
    FS.mkdirTree(`${REPO}/${sub}`);
    pyodide.mountNodeFS(`${REPO}/${sub}`, path.join(root, sub));
  }
  // The same pytest configuration as outside (testpaths, pythonpath, addopts).
  try {
    const config = path.join(root, "pyproject.toml");
    await access(config);
    FS.writeFile(`${REPO}/pyproject.toml`, await readFile(config));
  } catch { /* no pyproject: pytest's defaults */ }
  const t2 = performance.now();

  pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
  const code = pyodide.runPython(`
import os, sys
os.chdir(${JSON.stringify(REPO)})
sys.path.insert(0, ${JSON.stringify(REPO + "/engine")})
import pytest
int(pytest.main(list(pytest_args)))
`);
  const t3 = performance.now();
  const s = (ms) => (ms / 1000).toFixed(1) + " s";
  console.log(`[pyodide ${pyodide.version}, Python ${pyodide.runPython("import sys; sys.version.split()[0]")}] ` +
    `load ${s(t1 - t0)}, wheels+mounts ${s(t2 - t1)}, pytest ${s(t3 - t2)}; exit ${code}`);
  if (guard) {
    const violations = guard.violations.toJs();
    if (violations.length) {
      console.log(`[trimmed stdlib] the app asked for modules the build left out: ${JSON.stringify(violations)}`);
      return 97;
    }
    console.log("[trimmed stdlib] the app imported nothing outside it");
  }
  return code;
}

// Before anything else loads: each module of the trimmed library imports with
// only that library present, and the engine archive unpacks as the worker
// unpacks it. Then the full library goes behind it for the test tools, and
// the guard watches the app's imports. Returns the guard (a PyProxy).
async function trimmedOnly(pyodide, indexURL) {
  const report = JSON.parse(await readFile(path.join(trimmed, "report.json"), "utf8"));
  pyodide.globals.set("trimmed_report", pyodide.toPy(report));
  const broken = pyodide.runPython(`
import importlib, sys, zipfile
_names = zipfile.ZipFile(trimmed_report["stdlib_path"]).namelist()
_broken = []
for _name in sorted(_names):
    if not _name.endswith(".pyc"):
        continue
    _module = _name[:-4].replace("/", ".").removesuffix(".__init__")
    try:
        importlib.import_module(_module)
    except Exception as e:
        _broken.append(f"{_module}: {e!r}")
_broken
`).toJs();
  if (broken.length) throw new Error(`the trimmed standard library does not import on its own:\n${broken.join("\n")}`);
  const engine = await readFile(path.join(trimmed, "engine.zip"));
  pyodide.unpackArchive(new Uint8Array(engine.buffer, engine.byteOffset, engine.byteLength), "zip",
    { extractDir: "/tmp/app-engine" });

  const FULL = "/lib/python-full.zip";
  pyodide.FS.writeFile(FULL, await readFile(path.join(indexURL, "python_stdlib.zip")));
  pyodide.FS.writeFile("/tmp/stdlib_guard.py", await readFile(path.join(here, "stdlib_guard.py")));
  pyodide.globals.set("full_stdlib", FULL);
  return pyodide.runPython(`
import sys, zipfile
sys.path.append(full_stdlib)
# A package from the trimmed library looks for its submodules there only;
# the tools may need others (importlib.resources for pytest).
_trimmed_zip = trimmed_report["stdlib_path"]
for _module in list(sys.modules.values()):
    _path = getattr(_module, "__path__", None)
    if isinstance(_path, list):
        _path += [p.replace(_trimmed_zip, full_stdlib, 1) for p in _path if p.startswith(_trimmed_zip + "/")]
sys.path.insert(0, "/tmp")
import stdlib_guard
sys.path.remove("/tmp")
import _imp
_guard = stdlib_guard.Guard(
    # Frozen into the interpreter (os, io, codecs, …) or built in: there without any library.
    stdlib_guard.module_names(zipfile.ZipFile(trimmed_report["stdlib_path"]).namelist(), ".pyc")
    | set(_imp._frozen_module_names()) | set(sys.builtin_module_names),
    stdlib_guard.module_names(zipfile.ZipFile(full_stdlib).namelist(), ".py"),
    trimmed_report["app_modules"],
    [trimmed_report["stdlib_path"] + "/", full_stdlib + "/"],
)
_guard.install()
_guard
`);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(99);
  },
);
