// Build step run by build.py: boots the real Pyodide under Node, starts the
// engine exactly as pwa/bridge/worker.js does, lets scripts/pyodide_build.py play
// the app's part, and writes what that Python run produced; then starts and
// plays it all once more on the trimmed library, so that what the library
// lacks fails the build:
//
//   python_stdlib.zip  the standard library trimmed to the modules that loaded,
//                      as bytecode compiled by this interpreter
//   engine.zip         the engine as bytecode compiled by this interpreter (what
//                      the app ships; ENGINE.zip holds its sources)
//   report.json        module lists and sizes (read by build.py and the tests)
//
//   node scripts/pyodide_build.mjs --pyodide DIR --engine ENGINE.zip --out DIR
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0 || i + 1 >= args.length) throw new Error(`missing ${name}`);
  return path.resolve(args[i + 1]);
};
// The same names as in pwa/bridge/worker.js: the trimmed library must serve the
// very steps the app takes.
const ENGINE_DIR = "/engine";
const OUT = "/build-out";

// The worker's steps (pwa/bridge/worker.js: freshStart), on the given library.
async function startEngine(loadPyodide, pyodideDir, engineZip, options) {
  // _makeSnapshot as in the worker: it changes how Pyodide sets itself up.
  const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true, ...options });
  pyodide.unpackArchive(new Uint8Array(engineZip.buffer, engineZip.byteOffset, engineZip.byteLength), "zip",
    { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  const bridge = pyodide.pyimport("schraem.bridge");
  const hello = JSON.parse(bridge.handle(JSON.stringify({ id: 0, cmd: "hello", args: {} })));
  if (!hello.ok) throw new Error(`engine refused hello: ${JSON.stringify(hello.error)}`);
  pyodide.makeMemorySnapshot(); // the bytes are not needed here
  bridge.destroy();
  return pyodide;
}

async function main() {
  const pyodideDir = option("--pyodide");
  const engineZip = await readFile(option("--engine"));
  const out = option("--out");
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const source = await readFile(path.join(here, "pyodide_build.py"), "utf8");
  const run = (pyodide, call) => {
    const namespace = pyodide.toPy({ ENGINE_DIR, OUT, __name__: "pyodide_build" });
    pyodide.runPython(source, { globals: namespace, filename: "pyodide_build.py" });
    namespace.get("run")(call);
    namespace.destroy();
  };

  // PYTHONNODEBUGRANGES: bytecode without column positions (tracebacks keep
  // their line numbers, lose the ^^^ marks), a fifth smaller on the wire.
  const full = await startEngine(loadPyodide, pyodideDir, engineZip, { env: { PYTHONNODEBUGRANGES: "1" } });
  full.FS.mkdirTree(OUT);
  full.mountNodeFS(OUT, out);
  run(full, "main");

  // The same again on the library and engine bytecode just written: what
  // they lack fails the build here, not the app on a phone.
  const trimmed = await startEngine(loadPyodide, pyodideDir, await readFile(path.join(out, "engine.zip")),
    { stdLibURL: path.join(out, "python_stdlib.zip") });
  run(trimmed, "exercise");
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
