// Runs the engine test suite inside real Pyodide under Node, so the engine
// is tested in the interpreter the app actually ships.
//
//   node tests/pyodide/run.mjs [--root DIR] [--wheels DIR] [-- pytest args]
//
// --root   project folder holding engine/, tests/engine/ and tests/variants/ (default: this repo)
// --wheels folder of pure-Python wheels (pytest, hypothesis and their
//          dependencies); tests/pyodide/test_in_pyodide.py downloads them.
// Exits with pytest's exit code.
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
// The engine suite and the regional variants' suite: everything that tests
// the rules (bots and browser tests need CPython or a browser).
const SUITES = ["tests/engine", "tests/variants"];
const pytestArgs = split < 0 ? [...SUITES, "-q", "-p", "no:cacheprovider"] : args.slice(split + 1);
const REPO = "/repo"; // where the project appears inside Pyodide

async function main() {
  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(root, "node_modules", "pyodide", "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: path.join(root, "node_modules", "pyodide") + path.sep,
    env: { SCHRAEM_HYPOTHESIS_PROFILE: "pyodide", HOME: "/home/pyodide" },
  });
  const t1 = performance.now();

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
  return code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(99);
  },
);
