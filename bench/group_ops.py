#!/usr/bin/env python3
"""What the face-down building blocks cost (engine/schraem/crypto/): each
operation's median time, in CPython and in Pyodide under Node (the same code,
mounted into Pyodide by bench/pyodide.mjs), against two baselines measured
in the same run — one field exponentiation (`pow(x, (p-5)/8, p)`, the heart
of every square root, encoding and decoding) and a plain Python loop of
10^5 steps (what Pyodide's interpreter costs against CPython's).

    python bench/group_ops.py [--runs 7] [--write]

--write puts the figures into bench/RESULTS.md (section "Face-down group
operations" only).
"""

from __future__ import annotations

import hashlib
import platform
import statistics
import sys
from datetime import date
from pathlib import Path
from time import perf_counter
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "bench"))  # inside Pyodide too, where the script's folder is not on the path

from interpreters import both, machine  # noqa: E402

from schraem.crypto import (  # noqa: E402
    BaseTable,
    Element,
    KeyPair,
    base_multiple,
    check_key,
    check_share,
    encrypt,
    generator_table,
    joint_key,
    multiscalar,
    random_scalar,
    rerandomise,
    share_with_proof,
)
from schraem.crypto.ristretto import P  # noqa: E402

DECK = 32
CONTEXT = b"bench"


def operations() -> list[tuple[str, str, Callable[[], object], int]]:
    """(key, what it is, a call without arguments, calls per timing)."""
    phones = [KeyPair.generate() for _ in range(4)]
    key = joint_key(p.public for p in phones)
    key_table = BaseTable(key)
    generator_table()  # built once, outside every timing
    point = Element.from_uniform_bytes(hashlib.sha512(b"a point").digest())
    encoded = point.encode()
    uniform = hashlib.sha512(b"uniform").digest()
    card = encrypt(key_table, point)
    deck = [encrypt(key_table, Element.from_uniform_bytes(hashlib.sha512(b"%d" % i).digest())) for i in range(DECK)]
    share, share_proof = share_with_proof(phones[0], card, CONTEXT)
    key_proof = phones[0].prove(CONTEXT)
    x = random_scalar()
    scalars = [random_scalar() for _ in range(64)]
    state = {"i": 0}

    def k() -> int:
        state["i"] = (state["i"] + 1) % len(scalars)
        return scalars[state["i"]]

    def loop() -> int:
        total = 0
        for i in range(100_000):
            total += i
        return total

    return [
        ("field_pow", "field exponentiation `pow(x, (p-5)/8, p)` (baseline)", lambda: pow(x, (P - 5) // 8, P), 200),
        ("loop", "plain Python loop, 10^5 steps (baseline)", loop, 3),
        ("mul", "k·P, variable base (signed 4-bit window)", lambda: k() * point, 10),
        ("mul_fixed", "k·G with the generator's table", lambda: base_multiple(k()), 40),
        ("table", "building a table for one base (the joint key's)", lambda: BaseTable(point), 3),
        ("multiscalar", "a·P + b·Q together (Straus)", lambda: multiscalar([(k(), point), (k(), key)]), 10),
        ("encode", "encode", point.encode, 200),
        ("decode", "decode", lambda: Element.decode(encoded), 200),
        ("from_uniform", "from_uniform_bytes (64 bytes to an element)", lambda: Element.from_uniform_bytes(uniform), 100),
        ("encrypt", "ElGamal encrypt under the joint key (its table)", lambda: encrypt(key_table, point), 20),
        ("rerandomise", "re-randomise one card (the joint key's table)", lambda: rerandomise(key_table, card), 20),
        ("deck_pass", f"re-randomise a {DECK}-card deck", lambda: [rerandomise(key_table, c) for c in deck], 1),
        ("share_proof", "decryption share + Chaum–Pedersen proof", lambda: share_with_proof(phones[0], card, CONTEXT), 10),
        ("share_verify", "verify a share's proof", lambda: check_share(phones[0].public, card, share, share_proof, CONTEXT), 10),
        ("key_proof", "Schnorr proof of a key", lambda: phones[0].prove(CONTEXT), 20),
        ("key_verify", "verify a key's proof", lambda: check_key(phones[0].public, key_proof, CONTEXT), 10),
    ]


def measure(runs: int) -> dict:
    ops = operations()
    for _, _, call, n in ops:  # warm-up
        for _ in range(max(1, n // 4)):
            call()
    times: dict[str, list[float]] = {key: [] for key, _, _, _ in ops}
    # The operations alternate within each run, so load falls on all alike.
    for _ in range(runs):
        for key, _, call, n in ops:
            start = perf_counter()
            for _ in range(n):
                call()
            times[key].append((perf_counter() - start) / n * 1000)
    return {
        "python": platform.python_version(),
        "implementation": "Pyodide" if sys.platform == "emscripten" else platform.python_implementation(),
        "runs": runs,
        "what": {key: what for key, what, _, _ in ops},
        "ms": {key: statistics.median(ts) for key, ts in times.items()},
    }


def _ms(v: float) -> str:
    return f"{v:.3f}" if v < 1 else f"{v:.2f}" if v < 10 else f"{v:.1f}"


def report(cp: dict, py: dict) -> str:
    rows = [
        f"| operation | CPython {cp['python']} ms | × pow | Pyodide ({py['python']}) ms | × pow | Pyodide / CPython |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key, what in cp["what"].items():
        c, p = cp["ms"][key], py["ms"][key]
        rows.append(f"| {what} | {_ms(c)} | {c / cp['ms']['field_pow']:.1f} | {_ms(p)} | {p / py['ms']['field_pow']:.1f} | {p / c:.2f}× |")
    for name, res in (("CPython", cp), ("Pyodide", py)):
        ms = res["ms"]
        rows.append(f"| **variable base / table**, {name} | **{ms['mul'] / ms['mul_fixed']:.1f}×** | | | | |")
    return "\n".join(rows)


def section(cp: dict, py: dict) -> str:
    return f"""## Face-down group operations

`python bench/group_ops.py --write` — the building blocks of dealing cards
face down (`engine/schraem/crypto/`, [docs/FACE_DOWN.md](../docs/FACE_DOWN.md)):
ristretto255 in pure Python, ElGamal under a joint key of four phones, the
proofs. Each figure is the median of {cp['runs']} runs, each run timing every
operation in turn (a few to a few hundred calls, random scalars); the same
code runs in both interpreters. Measured {date.today().isoformat()}. "× pow" is the time in field
exponentiations (`pow(x, (p-5)/8, p)`, 252-bit exponent) measured in the same
run and interpreter: big-integer arithmetic costs Pyodide almost nothing
extra, interpreted steps about as much more as the plain loop shows.

{report(cp, py)}

Machine: {machine()}.
"""


def main(argv: list[str] | None = None) -> int:
    return both(__doc__ or "", "bench/group_ops.py", "runs", 7, measure, report, section, "Face-down group operations", argv)


if __name__ == "__main__":
    sys.exit(main())
