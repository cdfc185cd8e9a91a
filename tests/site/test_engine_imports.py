"""The engine's modules import one way: no cycle among them, also none
through an import made inside a function (such an import only hides a
cycle; it does not remove it), and no package imports one above it in the
order of layers schraem/__init__.py states (LAYERS here). A name with a
leading underscore is its module's own: no other module imports it."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "schraem"
# Lowest first: a package may import its own layer and those below it.
LAYERS = ("crypto", "core", "bots", "review", "club", "bridge", "cli")


def _module(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Each engine module → the engine modules it imports, anywhere in it."""
    modules = {_module(p): p for p in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rsplit(".", 1)[0]
                target = (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""
                found.add(target)
                found.update(f"{target}.{a.name}" for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path[path.index(n) :] + [n]
            if n not in state and (found := visit(n)):
                return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_engine_has_no_import_cycle():
    graph = imports()
    assert "schraem.bridge" in graph and "schraem.bridge.table" in graph["schraem.bridge"]
    # A package's __init__ names what it offers; its own modules importing
    # it for that is no cycle of layers.
    for name in graph:
        graph[name] = {m for m in graph[name] if not (name.startswith(m + ".") and m in ("schraem", "schraem.bots"))}
    cycle = _cycle(graph)
    assert cycle is None, " → ".join(cycle)


def _layer(module: str) -> int | None:
    """The layer of an engine module: the package it is in, the root
    package (its version only) below every layer, `python -m schraem`
    above them; None for a module in no layer."""
    parts = module.split(".")
    if parts == ["schraem"]:
        return -1
    if parts == ["schraem", "__main__"]:
        return len(LAYERS)
    return LAYERS.index(parts[1]) if parts[1] in LAYERS else None


def test_no_engine_layer_imports_one_above_it():
    import schraem

    assert " < ".join(LAYERS) in " ".join((schraem.__doc__ or "").split()), "schraem/__init__.py states the layers in this order"
    graph = imports()
    assert "schraem.core.game" in graph["schraem.club.series"], "the scan sees the imports"
    layer = {m: _layer(m) for m in graph}
    unplaced = sorted(m for m, n in layer.items() if n is None)
    assert unplaced == [], f"every engine module belongs in one of {', '.join(LAYERS)}: {unplaced}"
    upward = sorted(f"{m} imports {n}" for m, targets in graph.items() for n in targets if layer[n] > layer[m])
    assert upward == [], f"lower layers import higher ones (order {' < '.join(LAYERS)}):\n" + "\n".join(upward)


def test_the_group_arithmetic_imports_nothing_of_the_engine():
    """schraem.crypto sits beneath the game: it may not even read the root
    package, so it can be checked, measured and reused on its own."""
    graph = imports()
    assert "schraem.crypto.ristretto" in graph["schraem.crypto.elgamal"], "the scan sees the imports"
    outside = sorted(
        f"{m} imports {n}"
        for m, targets in graph.items()
        if m.startswith("schraem.crypto")
        for n in targets
        if not n.startswith("schraem.crypto")
    )
    assert outside == [], "\n".join(outside)


def test_no_engine_module_imports_another_ones_private_name():
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                found += [
                    f"{path.relative_to(ENGINE)}:{node.lineno} imports {a.name} from {'.' * node.level}{node.module or ''}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    assert found == [], (
        "a helper another module uses is shared: drop its leading underscore where it is defined and in every user:\n" + "\n".join(found)
    )
