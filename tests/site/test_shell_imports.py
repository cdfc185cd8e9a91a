"""The shell's modules import each other without a cycle, every import
names a file that is there, and the folders are layers: a folder imports
only from itself and the folders below it. Read from the sources, not the browser: every
static `import … from`, `export … from` and `import '…'`, and every dynamic
`import('…')` with a literal path."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parents[2]
PWA = ROOT / "pwa"

# A statement at the start of a line: `import {a, b} from './x.js'` (over
# several lines too), `export * from './x.js'`, `import './x.js'`.
STATIC = re.compile(r"""^[ \t]*(?:import|export)\b(?:[^;'"]*?\bfrom)?\s*(['"])([^'"\n]+)\1""", re.M)
DYNAMIC = re.compile(r"""\bimport\(\s*(['"])([^'"\n]+)\1\s*\)""")
# A comment cannot hide an import from this reading, nor make one up.
COMMENT = re.compile(r"""/\*.*?\*/|(?<![:'"\\])//[^\n]*""", re.S)


def imports(text: str) -> list[str]:
    text = COMMENT.sub("", text)
    return [m.group(2) for m in STATIC.finditer(text)] + [m.group(2) for m in DYNAMIC.finditer(text)]


def module_imports(root: Path = PWA) -> dict[str, list[str]]:
    """Each module (its path under pwa/) → the paths it imports, as the
    browser resolves them: relative to the importing module."""
    graph = {}
    for path in sorted(root.rglob("*.js")):
        name = path.relative_to(root).as_posix()
        graph[name] = [posixpath.normpath(posixpath.join(posixpath.dirname(name), spec)) for spec in imports(path.read_text())]
    return graph


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Every import that leads back to a module on the way to it, as the
    path of imports that closes the circle."""
    found: list[list[str]] = []
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> None:
        path.append(name)
        for dep in graph.get(name, []):
            if dep in path:
                found.append(path[path.index(dep) :] + [dep])
            elif dep not in done:
                visit(dep)
        path.pop()
        done.add(name)

    for name in sorted(graph):
        if name not in done:
            visit(name)
    return found


# The shell's folders from the bottom up; a row's folders may import each
# other's modules only if the row is below. app.js, the entry, is on top;
# vendor/ is the QR libraries, copied in by the build.
LAYERS = [
    ["vendor"],
    ["i18n"],
    ["lib"],
    ["store"],
    ["bridge"],
    ["context"],
    ["files", "qr"],
    ["pages", "boot"],
    ["table"],
    ["learn"],
    ["evening"],
    ["club"],
    ["phone"],
    ["app"],
    ["app.js"],
]


def layer_of(name: str) -> int:
    top = name.split("/")[0]
    for rank, row in enumerate(LAYERS):
        if top in row:
            return rank
    raise AssertionError(f"{name}: its folder is in no layer (tests/site/test_shell_imports.py LAYERS)")


def upward(graph: dict[str, list[str]]) -> list[str]:
    """Every import of a module in a higher layer, or of one beside it in
    another folder of the same row."""
    return [
        f"{name} imports {dep}"
        for name, deps in graph.items()
        for dep in deps
        if dep.split("/")[0] != name.split("/")[0] and layer_of(dep) >= layer_of(name)
    ]


def test_every_import_names_a_file_that_is_there():
    shipped = set(build.VENDOR_FILES.values())  # copied into the site from node_modules by the build
    missing = [
        f"{name} imports {dep}"
        for name, deps in module_imports().items()
        for dep in deps
        if dep not in shipped and not (PWA / dep).is_file()
    ]
    assert not missing, "\n".join(missing)


def test_no_module_imports_itself_through_others():
    found = cycles(module_imports())
    assert not found, "import cycles:\n" + "\n".join(" → ".join(c) for c in found)


def test_every_folder_imports_only_from_the_layers_below_it():
    found = upward(module_imports())
    order = " < ".join(", ".join(row) for row in LAYERS)
    assert not found, (
        f"imports against the layers ({order}): lower folders never import higher ones. Move what both need down, "
        "or let the higher part add itself to the lower one (docs/ARCHITECTURE.md, \"A screen\"):\n" + "\n".join(found)
    )


def test_the_layers_catch_an_import_upwards_or_sideways():
    graph = {"store/a.js": ["lib/b.js", "store/c.js"], "lib/b.js": ["store/a.js"], "files/f.js": ["qr/q.js"], "pages/p.js": ["qr/q.js"]}
    assert upward(graph) == ["lib/b.js imports store/a.js", "files/f.js imports qr/q.js"]


def test_the_reading_finds_every_kind_of_import_and_every_cycle():
    text = """import { a,
  b } from './a.js';
export { c } from "../lib/c.js";
export * from './d.js';
import './e.js';
// import { x } from './commented.js';
/* import('./also-commented.js') */
const url = 'https://example.org'; // not an import
const later = () => import('./f.js');
const computed = (n) => import(n);
"""
    assert imports(text) == ["./a.js", "../lib/c.js", "./d.js", "./e.js", "./f.js"]
    graph = {"a.js": ["b.js"], "b.js": ["c.js", "d.js"], "c.js": ["a.js"], "d.js": ["d.js"], "e.js": ["a.js"]}
    assert cycles(graph) == [["a.js", "b.js", "c.js", "a.js"], ["d.js", "d.js"]]
