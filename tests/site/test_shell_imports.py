"""The shell's modules import each other without a cycle, and every import
names a file that is there. Read from the sources, not the browser: every
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
