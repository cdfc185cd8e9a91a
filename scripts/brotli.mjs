// Brotli for build.py (Python's standard library has none; Node's zlib does):
//   node scripts/brotli.mjs JOBS.json     JOBS: [[input path, output path], …]
// Quality 11: slow once, and build.py caches the result. (A 16 MB window
// came out larger on pyodide.asm.wasm than the default 4 MB one.)
import { readFile, writeFile } from "node:fs/promises";
import { brotliCompress, constants } from "node:zlib";
import { promisify } from "node:util";

const compress = promisify(brotliCompress);
const jobs = JSON.parse(await readFile(process.argv[2], "utf8"));
// All at once: Node compresses on its thread pool, several files at a time.
await Promise.all(jobs.map(async ([input, output]) => {
  const data = await readFile(input);
  const packed = await compress(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  await writeFile(output, packed);
}));
