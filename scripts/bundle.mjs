// The shell's scripts bundled and minified by esbuild, for build.py:
//
//   node scripts/bundle.mjs CONFIG.json
//
// CONFIG (paths absolute unless said otherwise):
//   root      the source tree (esbuild's working directory)
//   pwa       its pwa/ folder, which the paths below are relative to
//   out       the folder the site is built into
//   modules   the page's module scripts, in document order
//   classic   the page's classic scripts
//   vendor    {path in the site: the npm file it is made of}
//   styles    the stylesheets (minified where they are, with source maps)
//   handles   the name of the module that hands the shell's modules to tests
//   workerBuild  what goes between a worker's /*BUILD*/ markers
//   metafile  where to write what was built (see the end of this file)
//
// Every script lands in the site's top folder, whatever folder its source is
// in: module scripts and workers under their own names, what they share in
// content-hashed chunks (chunk.HASH.js). One folder for all keeps a
// `new URL("…", import.meta.url)` right wherever esbuild puts its code; a
// source in a subfolder has such URLs rewritten to the top folder.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";

const cfg = JSON.parse(await readFile(process.argv[2], "utf8"));
const { root, pwa, out } = cfg;
const posix = (p) => p.split(path.sep).join("/");
const inPwa = (abs) => posix(path.relative(pwa, abs));
const stem = (rel) => path.basename(rel).replace(/\.m?js$/, "");
const BUILD_MARKER = /\/\*BUILD\*\/[\s\S]*?\/\*END BUILD\*\//;
const SITE_URL = /new URL\((["'])(\.\.?\/[^"'`]*)\1,\s*import\.meta\.url\)/g;

const common = {
  absWorkingDir: root,
  outdir: out,
  bundle: true,
  minify: true,
  sourcemap: "linked",
  metafile: true,
  // German text stays text, not \u escapes (module scripts are UTF-8).
  charset: "utf8",
  logLevel: "warning",
};

// The vendored libraries stay files of their own (jsQR's UMD puts itself on
// `self` only when it is not wrapped as CommonJS); the shell's import()s of
// them are kept as they are, relative to the top folder.
const vendorByPath = new Map(Object.keys(cfg.vendor).map((rel) => [path.join(pwa, rel), rel]));

// `workers`: the sources built as a worker (their /*BUILD*/ block filled
// in); `read`, told every shell source as it is read.
function shellPlugin(workers = new Set(), read = () => {}) {
  return {
    name: "schraem-shell",
    setup(build) {
      build.onResolve({ filter: /vendor\// }, (args) => {
        const rel = vendorByPath.get(path.resolve(args.resolveDir, args.path));
        return rel ? { path: `./${rel}`, external: true } : undefined;
      });
      build.onLoad({ filter: /\.m?js$/ }, async (args) => {
        if (!args.path.startsWith(pwa + path.sep)) return undefined;
        let text = await readFile(args.path, "utf8");
        read(args.path, text);
        if (workers.has(args.path)) {
          if (!BUILD_MARKER.test(text)) throw new Error(`${inPwa(args.path)} lacks the /*BUILD*/ … /*END BUILD*/ block`);
          text = text.replace(BUILD_MARKER, () => cfg.workerBuild);
        }
        const dir = path.dirname(args.path);
        if (dir !== pwa) {
          const site = (rel) => {
            const target = path.resolve(dir, rel);
            // A script (the engine worker) is built into the top folder
            // under its own name, like every entry.
            if (/\.m?js$/.test(target)) return `./${stem(target)}.js`;
            // path.resolve drops a folder's closing slash, which the URL
            // needs ("../pyodide/" + "pyodide.mjs").
            return `./${inPwa(target)}${rel.endsWith("/") ? "/" : ""}`;
          };
          text = text.replace(SITE_URL, (all, quote, rel) => `new URL(${JSON.stringify(site(rel))}, import.meta.url)`);
        }
        return { contents: text, loader: "js" };
      });
    },
  };
}

const entry = (rel) => ({ in: path.join(pwa, rel), out: stem(rel) });
const modules = cfg.modules.map(entry);

// What the page's modules import, to find the workers they start and the
// modules to hand to tests.
const named = new Set(); // the scripts the sources name by `new URL(…)`
const nameScripts = (file, text) => {
  for (const [, , rel] of text.matchAll(SITE_URL)) {
    const target = path.resolve(path.dirname(file), rel);
    if (/\.m?js$/.test(target)) named.add(target);
  }
};
const probe = await esbuild.build({ ...common, entryPoints: modules, format: "esm", splitting: true, write: false, minify: false, sourcemap: false, plugins: [shellPlugin(new Set(), nameScripts)] });
const shellInputs = Object.keys(probe.metafile.inputs).map((p) => path.resolve(root, p)).filter((p) => p.startsWith(pwa + path.sep));
const workers = new Set([...named].filter((target) => !shellInputs.includes(target)));

// Tests reach the running page's modules through this one module (every
// module of the shell but the page's own scripts, named by its file name in
// camelCase: storage.js → storage, engine-client.js → engineClient): the
// same instances the app uses, since esbuild puts each module in one place.
// A file name used in two folders is named with its folder (i18n/club.js →
// i18nClub), except in the folder it names (club/club.js → club), so a
// test's name does not change when another folder gains a namesake.
const entries = new Set(modules.map((m) => m.in));
const camel = (text) => text.replace(/[-.]+(.)/g, (_, c) => c.toUpperCase());
const stems = new Map();
for (const file of shellInputs) stems.set(stem(file), (stems.get(stem(file)) ?? 0) + 1);
const handled = new Map();
for (const file of shellInputs.sort()) {
  if (entries.has(file)) continue;
  const folder = path.basename(path.dirname(file));
  const shared = stems.get(stem(file)) > 1 && folder !== stem(file) && path.dirname(file) !== pwa;
  const name = camel(shared ? `${folder}-${stem(file)}` : stem(file));
  if (handled.has(name)) throw new Error(`two modules named ${name}: ${inPwa(handled.get(name))} and ${inPwa(file)}`);
  handled.set(name, file);
}
const handlesSource = [...handled].map(([name, file]) => `export * as ${name} from ${JSON.stringify(file)};`).join("\n");
const handlesPlugin = {
  name: "schraem-handles",
  setup(build) {
    build.onResolve({ filter: /^schraem:handles$/ }, () => ({ path: "handles", namespace: "schraem" }));
    build.onLoad({ filter: /.*/, namespace: "schraem" }, () => ({ contents: handlesSource, resolveDir: pwa, loader: "js" }));
  },
};

const builds = [];
builds.push(esbuild.build({
  ...common,
  entryPoints: [...modules, { in: "schraem:handles", out: stem(cfg.handles) }],
  format: "esm",
  splitting: true,
  chunkNames: "chunk.[hash]",
  plugins: [handlesPlugin, shellPlugin()],
}));
for (const worker of workers) {
  builds.push(esbuild.build({ ...common, entryPoints: [entry(inPwa(worker))], format: "esm", plugins: [shellPlugin(new Set([worker]))] }));
}
for (const rel of cfg.classic) {
  builds.push(esbuild.build({ ...common, entryPoints: [entry(rel)], format: "iife", plugins: [shellPlugin()] }));
}
for (const [rel, source] of Object.entries(cfg.vendor)) {
  const text = await readFile(source, "utf8");
  // The library's own notice (its first comment lines) stays at its top.
  const notice = text.match(/^(?:\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*/)[0].trim();
  const ext = path.extname(rel);
  builds.push(esbuild.build({
    ...common,
    entryPoints: [{ in: source, out: rel.slice(0, -ext.length) }],
    bundle: false,
    outExtension: { ".js": ext },
    banner: notice ? { js: notice } : undefined,
  }));
}
// Stylesheets stay where they are, one file each; they import nothing.
const styles = cfg.styles.map((rel) => esbuild.build({
  ...common,
  entryPoints: [{ in: path.join(pwa, rel), out: rel.replace(/\.css$/, "") }],
  bundle: false,
  metafile: false,
}));
const results = await Promise.all(builds);
await Promise.all(styles);

// One metafile for all: esbuild's inputs and outputs, the outputs' paths
// relative to `out`, the inputs' relative to `root`; `entries` says which
// output is what.
const outputs = {};
const inputs = {};
const fromOut = (p) => posix(path.relative(out, path.resolve(root, p)));
for (const { metafile } of results) {
  Object.assign(inputs, metafile.inputs);
  for (const [p, o] of Object.entries(metafile.outputs)) {
    outputs[fromOut(p)] = { ...o, imports: o.imports.map((i) => (i.external ? i : { ...i, path: fromOut(i.path) })) };
  }
}
const outputOf = (rel) => `${stem(rel)}.js`;
await writeFile(cfg.metafile, JSON.stringify({
  entries: {
    modules: cfg.modules.map(outputOf),
    classic: cfg.classic.map(outputOf),
    workers: [...workers].map((w) => outputOf(inPwa(w))),
    vendor: Object.keys(cfg.vendor),
    handles: outputOf(cfg.handles),
  },
  inputs,
  outputs,
}, null, 1));
