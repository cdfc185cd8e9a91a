"""Runs inside Pyodide at build time (see pyodide_build.mjs, which has already
booted Pyodide and started the engine the way pwa/bridge/worker.js does).

It drives the engine's bridge through what the app does — every preset,
every bot level, scoresheet tables, saves, undo, record import, refused
requests — then writes the standard library trimmed to the modules that had
to be loaded for all that, as bytecode compiled by this interpreter, so a
phone never compiles the library from source.

The engine ships as bytecode too (engine.zip, no sources): compiling its
sources is most of a first start's engine import in WebKit (about 4 s of
4.3 s on this machine; JavaScriptCore runs the compiler's wasm far slower than
V8), while the bytecode costs about 40 kB more on the wire. The command line
(schraem.cli, schraem.__main__) stays out of it: a browser never runs it.

Both are compiled without docstrings (optimize=2, as `python -OO`, a mode
CPython tests its library in): the engine has no asserts and reads no
__doc__, nor does Pyodide's start; the library's docstrings alone were an
eighth of a first visit's bytes after Pyodide's wasm.

ENGINE_DIR and OUT come from the caller's namespace."""

import json  # the bridge has imported it already
import sys

# Nothing else is imported before the loaded modules are counted: this
# script's own needs must not end up in the app's library.

# Fixed, so identical inputs give byte-identical archives (see build.py).
ZIP_EPOCH = (2020, 1, 1, 0, 0, 0)
# Without docstrings or asserts (see above).
OPTIMIZE = 2
# What of the engine only a terminal runs (paths under ENGINE_DIR).
COMMAND_LINE = ("schraem/cli/", "schraem/__main__.py")
# Whole games with the quickest bots; the slower levels only for a few
# moves each, which already runs all of their code: the strong bot's
# decisions take their whole time budget (about half a second each in
# CPython), and 25 moves loaded the same 171 modules as 8 or 5 did, in four
# times the time (9.0 s against 2.2 s, every preset; twice per build step).
MAX_STEPS = 400
SHORT_STEPS = 8


def call(handle, cmd, **args):
    return json.loads(handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))


def play(handle, state, steps=MAX_STEPS):
    """Bots act, the human seat takes its first legal action, hands are dealt
    on, until the game ends or the step budget is spent."""
    for _ in range(steps):
        if state["game_over"]:
            return state
        if state["hand_over"]:
            state = call(handle, "next_hand", viewer=1)["result"]
            continue
        moved = call(handle, "bot_step", viewer=1)["result"]
        if moved["bot_action"] is not None:
            state = moved
            continue
        legal = state["view"]["legal"] or (state.get("sheet_legal") or {}).get("1") or []
        if not legal:
            return state
        reply = call(handle, "act", action=legal[0], viewer=1)
        if not reply["ok"]:
            raise RuntimeError(f"the engine refused its own legal action: {reply}")
        state = reply["result"]
    return state


def exercise(handle):
    hello = call(handle, "hello")["result"]
    for preset in hello["presets"]:
        for level in reversed(hello["bot_levels"]):  # the first level last: its game is saved below
            players = [{"name": "Anne", "kind": "human"}] + [{"name": f"Bot {i}", "kind": "bot", "level": level} for i in range(2, 5)]
            state = call(handle, "new_game", players=players, rules=preset, dealer=4, seed=7, viewer=1)["result"]
            state = play(handle, state, MAX_STEPS if level == hello["bot_levels"][0] else SHORT_STEPS)
        save = state["save"]
        assert call(handle, "load", save=save, viewer=1)["ok"]
        call(handle, "undo", viewer=1)
        assert call(handle, "import", record=save["record"], seed=3, viewer=1)["ok"]
        sheet = call(handle, "new_game", players=[{"name": n} for n in ("A", "B", "C")], rules=preset, real_cards=True, seed=1, viewer=1)
        if sheet["ok"]:
            play(handle, sheet["result"], 40)
            call(handle, "undo", viewer=1)
    phone_table(handle)
    # Every command once more with no arguments (whatever a newer bridge
    # offers that the games above did not reach), then other refusals.
    commands = sorted(n[4:] for n in dir(sys.modules["schraem.bridge"].Bridge) if n.startswith("cmd_"))
    for command in commands:
        call(handle, command)
    handle("not json")
    call(handle, "no_such_command")
    call(handle, "load", save={"format": "schraem-save/1", "record": {"hands": "x"}, "table": {}})
    call(handle, "act", action={"seat": 9, "type": "play", "card": "??"}, viewer=1)


def phone_table(handle):
    """A table of phones: a guest joins, commits and reveals (the hashing
    runs), plays, checks the record, and sends a refused message."""
    fair = sys.modules["schraem.core.fairdeal"]
    players = [{"name": "Anne"}, {"name": "Bert"}, {"name": "Bot", "kind": "bot", "level": "easy"}]
    state = call(handle, "table_new", players=players, viewer=1, guests=[2], seed=5)["result"]
    ticket = call(handle, "table_ticket", seat=2)["result"]

    def guest(cmd, **args):
        text = json.dumps({"id": 1, "seat": 2, "secret": ticket["secret"], "cmd": cmd, "args": args})
        return call(handle, "guest", seat=2, text=text)["result"]["reply"]

    reveal = fair.new_reveal()
    hand = state["phone_table"]["deal"]["hand"]
    guest("commit", hand=hand, round=0, commit=fair.commit_of(hand, 2, reveal))
    mine = guest("reveal", hand=hand, round=0, reveal=reveal)["result"]
    for action in mine["view"]["legal"][:1]:
        guest("act", action=action)
    record = guest("record")["result"]
    # The guest's own check of a hand (dealcheck.py), as after every hand.
    call(handle, "check_deal", record=record, seat=2, hand=hand, commits=None, states=[mine])
    call(handle, "guest_state", seat=2)
    call(handle, "guest", seat=2, text="[" * 50)


def app_modules():
    return sorted(n for n in sys.modules if n == "schraem" or n.startswith("schraem."))


def import_what_the_app_names():
    """Import every module the app's code names in an import statement,
    also inside functions: a lazy import the games above never reached is
    still counted (its own imports follow), and an engine module reached so
    is read in turn."""
    import ast  # both loaded by Pyodide's own start already
    import importlib

    seen = set()
    while todo := [n for n in app_modules() if n not in seen]:
        for name in todo:
            seen.add(name)
            module = sys.modules[name]
            origin = getattr(module, "__file__", None)
            if not origin or not origin.endswith(".py"):
                continue
            package = module.__package__ or ""
            with open(origin, "rb") as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    base = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
                    names = [base] + [f"{base}.{a.name}" for a in node.names]
                else:
                    continue
                for wanted in names:
                    try:
                        importlib.import_module(wanted)
                    except ImportError:
                        pass  # `from x import y` where y is no module, or a module Pyodide lacks


def stdlib_zip_path():
    for entry in sys.path:
        if entry.endswith(".zip") and "/lib/python" in entry:
            return entry
    raise RuntimeError(f"no standard library zip on sys.path: {sys.path}")


def loaded_from(prefix):
    """The archive names of every loaded module whose file lies under prefix."""
    names = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.startswith(prefix + "/"):
            names.add(origin[len(prefix) + 1 :])
    return names


def pyc(source: bytes, filename: str) -> bytes:
    from importlib._bootstrap_external import _code_to_hash_pyc
    from importlib.util import source_hash

    # Unchecked hash-based: valid without the source beside it and without
    # timestamps, so the archives do not change unless the code does.
    code = compile(source, filename, "exec", dont_inherit=True, optimize=OPTIMIZE)
    return bytes(_code_to_hash_pyc(code, source_hash(source), checked=False))


def write_zip(path, members):
    import zipfile

    # Stored, not deflated: the transfer is brotli-compressed as a whole,
    # which beats per-file deflate, and zipimport skips the inflating.
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:
        for name, data in members:
            info = zipfile.ZipInfo(name, ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)


def engine_bytecode():
    """(archive name, .pyc) for every engine source under ENGINE_DIR but the
    command line's, named for where the worker unpacks them, so tracebacks
    name the right files."""
    import os

    members = []
    for folder, dirs, files in os.walk(ENGINE_DIR):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = f"{folder}/{name}"
            inside = path[len(ENGINE_DIR) + 1 :]
            if name.endswith(".py") and not inside.startswith(COMMAND_LINE):
                with open(path, "rb") as f:
                    members.append((inside + "c", pyc(f.read(), path)))
    return members


def run(what):
    """main (write the library) or exercise (check it): the entry points
    pyodide_build.mjs calls."""
    from schraem import bridge

    if what == "exercise":
        exercise(bridge.handle)
    else:
        main(bridge)


def main(bridge):
    exercise(bridge.handle)
    import_what_the_app_names()
    stdlib = stdlib_zip_path()
    used = sorted(n for n in loaded_from(stdlib) if n.endswith(".py"))
    stdlib_modules = sorted(
        n for n, m in sys.modules.items() if str(getattr(getattr(m, "__spec__", None), "origin", "")).startswith(stdlib + "/")
    )

    import zipfile

    with zipfile.ZipFile(stdlib) as full:
        members = [(name[:-3] + ".pyc", pyc(full.read(name), f"{stdlib}/{name}")) for name in used]
        full_count = sum(1 for n in full.namelist() if n.endswith(".py"))
    write_zip(f"{OUT}/python_stdlib.zip", members)
    write_zip(f"{OUT}/engine.zip", engine_bytecode())

    report = {
        "python": sys.version.split()[0],
        "stdlib_path": stdlib,
        "stdlib_files": used,
        "stdlib_modules": stdlib_modules,
        "stdlib_files_full": full_count,
        "app_modules": app_modules(),
    }
    with open(f"{OUT}/report.json", "w") as f:
        json.dump(report, f, indent=1)
