"""Holds the app's code to the trimmed standard library while the engine
suite runs inside Pyodide (run.mjs --stdlib).

The test tools (pytest, hypothesis, the tests themselves) need far more of
the standard library than the app ships, so the full library is on sys.path
too, behind the trimmed one. That alone would hide a module the engine needs
but the build left out. So every import statement goes through this guard:
when the code that asked for a module is part of the app (an engine module
the app loads, reached through any number of standard-library frames), the
module must be in the trimmed library; if it is not, the import fails just as
it would on a phone, and the violation is recorded for run.mjs to report even
when some caller swallowed the ImportError.

`builtins.__import__` sees every import statement, also those of modules
already loaded by pytest, which no finder on sys.meta_path would see.
"""

import builtins
import sys


def module_names(archive_names, suffix):
    names = set()
    for name in archive_names:
        if not name.endswith(suffix):
            continue
        parts = name[: -len(suffix)].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts:
            names.add(".".join(parts))
    return names


class Guard:
    def __init__(self, trimmed, full, app_modules, stdlib_prefixes):
        self.trimmed = set(trimmed)
        self.full = set(full)
        self.app = set(app_modules)
        self.prefixes = tuple(stdlib_prefixes) + ("<frozen ",)
        self.violations = []
        self._import = builtins.__import__

    def owner(self, frame):
        """The module of the nearest frame that is not standard library."""
        while frame is not None:
            if not frame.f_code.co_filename.startswith(self.prefixes):
                return frame.f_globals.get("__name__")
            frame = frame.f_back
        return None

    def missing(self, name):
        """The first of name and its parents that the app would not find."""
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            module = ".".join(parts[:i])
            if module in self.full and module not in self.trimmed:
                return module
        return None

    def __call__(self, name, globals=None, locals=None, fromlist=(), level=0):
        absolute = name
        if level:
            package = (globals or {}).get("__package__") or ""
            base = package.rsplit(".", level - 1)[0] if level > 1 else package
            absolute = f"{base}.{name}" if name else base
        wanted = [absolute] + [f"{absolute}.{item}" for item in fromlist or () if item != "*"]
        # Who asks only matters for a module the app would lack; most imports
        # are not, and stay cheap.
        lacking = [m for m in map(self.missing, wanted) if m is not None]
        if lacking:
            asked_by = self.owner(sys._getframe(1))
            if asked_by in self.app:
                self.violations.append((asked_by, lacking[0]))
                raise ModuleNotFoundError(
                    f"No module named {lacking[0]!r} in the app's trimmed standard library "
                    f"(asked for by {asked_by}); build.py trims to what the app was seen to load",
                    name=lacking[0],
                )
        return self._import(name, globals, locals, fromlist, level)

    def install(self):
        builtins.__import__ = self
