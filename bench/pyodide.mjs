// Runs a Python script of this repo inside Pyodide under Node, with engine/
// and bench/ (and a baseline's engine under build/bench-engine) mounted read-through from the host, so a benchmark measures
// the very code CPython measured.
//
//   node bench/pyodide.mjs bench/engine.py [script args]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...scriptArgs] = process.argv.slice(2);
const REPO = "/repo";

const t0 = performance.now();
const pyodideDir = path.join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
const loadMs = performance.now() - t0;
// build/bench-engine: a baseline commit's engine/, extracted by a benchmark
// that measures it beside this one (bench/facedown_bridge.py --against).
for (const sub of ["engine", "bench", "build/bench-engine"]) {
  if (!fs.existsSync(path.join(root, sub))) continue;
  pyodide.FS.mkdirTree(`${REPO}/${sub}`);
  pyodide.mountNodeFS(`${REPO}/${sub}`, path.join(root, sub));
}
console.log(`[pyodide ${pyodide.version}] loadPyodide under Node: ${(loadMs / 1000).toFixed(2)} s`);
pyodide.globals.set("argv", pyodide.toPy([`${REPO}/${script}`, ...scriptArgs]));
let code = 0;
try {
  code = pyodide.runPython(`
import runpy, sys
sys.argv = list(argv)
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    code = 0
except SystemExit as e:
    code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
code
`);
} catch (err) {
  console.error(err);
  code = 1;
}
process.exit(code);
