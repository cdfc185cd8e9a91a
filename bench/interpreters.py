"""What the engine benchmarks share: the same script run again inside
Pyodide under Node (bench/pyodide.mjs mounts engine/ and bench/), the
machine it ran on, and a section of bench/RESULTS.md replaced by its new
figures."""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def in_pyodide(script: str, *args: str) -> dict:
    """`script` (relative to the repository) with `--inner` and `args`
    inside Pyodide: the JSON object it prints last, and `load_s`, how long
    loading Pyodide took."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench: Node.js is needed for the Pyodide figures")
    proc = subprocess.run(
        [node, str(ROOT / "bench" / "pyodide.mjs"), script, "--inner", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise SystemExit(f"bench: Pyodide run failed\n{proc.stdout}\n{proc.stderr}")
    result = json.loads(next(ln for ln in reversed(proc.stdout.splitlines()) if ln.startswith("{")))
    load = re.search(r"loadPyodide under Node: ([\d.]+) s", proc.stdout)
    result["load_s"] = float(load.group(1)) if load else None
    return result


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        found = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
        cpu = found.group(1) if found else cpu
    except OSError:
        pass
    try:
        found = re.search(r"MemTotal:\s*(\d+)", Path("/proc/meminfo").read_text())
        mem_s = f", {int(found.group(1)) / 2**20:.0f} GiB RAM" if found else ""
    except OSError:
        mem_s = ""
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    # The load average tells a reader whether other jobs shared the cores.
    load = f"; load average {os.getloadavg()[0]:.1f} when measured" if hasattr(os, "getloadavg") else ""
    return f"{cpu}, {os.cpu_count()} cores{mem_s}; {platform.platform()}; Node {node}{load}"


def write_section(heading: str, text: str) -> Path:
    """bench/RESULTS.md with its section `## heading` replaced by `text`
    (appended where there is none), up to its first subsection: the notes
    of earlier measurements below it stay."""
    path = ROOT / "bench" / "RESULTS.md"
    old = path.read_text() if path.exists() else "# Benchmarks\n"
    pattern = re.compile(rf"^## {re.escape(heading)}\n.*?(?=^##+ |\Z)", re.S | re.M)
    new = pattern.sub(lambda _: text + "\n", old) if pattern.search(old) else old.rstrip() + "\n\n" + text
    path.write_text(new.rstrip() + "\n")
    return path


def both(doc: str, script: str, option: str, default: int, measure, report, section, heading: str, argv=None) -> int:
    """A benchmark run in CPython and then, the same script with `--inner`,
    inside Pyodide: `measure(n)` with `n` given by `--<option>`, its report
    printed, and with `--write` its section of bench/RESULTS.md replaced."""
    import argparse

    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(f"--{option}", type=int, default=default)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # one interpreter, JSON out
    args = parser.parse_args(argv)
    n = getattr(args, option)
    if args.inner:
        print(json.dumps(measure(n)))
        return 0
    print(f"CPython: --{option} {n} …", flush=True)
    cp = measure(n)
    print("Pyodide under Node: the same …", flush=True)
    py = in_pyodide(script, f"--{option}", str(n))
    print(report(cp, py))
    if args.write:
        print(f"wrote {write_section(heading, section(cp, py))}")
    return 0
