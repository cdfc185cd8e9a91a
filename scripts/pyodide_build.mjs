// Build step run by build.py: boots the real Pyodide under Node, starts the
// engine exactly as pwa/worker.js does, lets scripts/pyodide_build.py play
// the app's part, and writes what that Python run produced:
//
//   python_stdlib.zip  the standard library trimmed to the modules that loaded,
//                      as bytecode compiled by this interpreter
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
// The same names as in pwa/worker.js: the trimmed library must serve the
// very steps the app takes.
const ENGINE_DIR = "/engine";
const OUT = "/build-out";

async function main() {
  const pyodideDir = option("--pyodide");
  const engineZip = await readFile(option("--engine"));
  const out = option("--out");
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  // _makeSnapshot as in the worker: it changes how Pyodide sets itself up.
  // PYTHONNODEBUGRANGES: bytecode without column positions (tracebacks keep
  // their line numbers, lose the ^^^ marks), a fifth smaller on the wire.
  const pyodide = await loadPyodide({
    indexURL: pyodideDir + path.sep, _makeSnapshot: true, env: { PYTHONNODEBUGRANGES: "1" },
  });
  pyodide.runPython("import sys; boot_modules = set(sys.modules)");

  pyodide.unpackArchive(new Uint8Array(engineZip.buffer, engineZip.byteOffset, engineZip.byteLength), "zip",
    { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(ENGINE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  const bridge = pyodide.pyimport("schraem.bridge");
  const hello = JSON.parse(bridge.handle(JSON.stringify({ id: 0, cmd: "hello", args: {} })));
  if (!hello.ok) throw new Error(`engine refused hello: ${JSON.stringify(hello.error)}`);
  pyodide.makeMemorySnapshot(); // what the worker does next; the bytes are not needed here
  bridge.destroy();

  pyodide.FS.mkdirTree(OUT);
  pyodide.mountNodeFS(OUT, out);
  const source = await readFile(path.join(here, "pyodide_build.py"), "utf8");
  const namespace = pyodide.toPy({ ENGINE_DIR, OUT, __name__: "pyodide_build" });
  pyodide.runPython(source, { globals: namespace, filename: "pyodide_build.py" });
  namespace.get("main")();
  namespace.destroy();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
