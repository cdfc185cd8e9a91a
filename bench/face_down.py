#!/usr/bin/env python3
"""What dealing face down costs each phone (engine/schraem/core/facedown.py):
four simulated phones deal a hand of a 32-card deck over a relay, in CPython
and in Pyodide under Node (the same code, mounted by bench/pyodide.mjs). Per
phone, the time of its own calls for the deal (its key, its shuffle, opening its own cards,
answering the others' requests), for playing every card dealt (its share
and the others' checked, each card), and for the check after the hand (reveal and recompute);
and the bytes of a deck pass, of all a phone sends while dealing and in the whole hand; and
what the table code costs when the phones join (its commitments and reveals,
one round trip more, through each phone's bridge: the ms of the commands it
adds and the bytes of its frames).
The cards played are measured again with each share sent with its play
(no work ahead), the protocol's plain form. Against a baseline measured before every hand: one field exponentiation
(`pow(x, (p-5)/8, p)`) and one re-randomised 32-card deck. The clock is
`perf_counter` in both: Pyodide's `process_time` is the wall clock too, so
on a loaded machine the ratios to the baseline are the steadier figures.

    python bench/face_down.py [--runs 3] [--write]

--write puts the figures into bench/RESULTS.md (section "Face-down deal" only).
"""

from __future__ import annotations

import hashlib
import json
import platform
import statistics
import sys
from datetime import date
from pathlib import Path
from time import perf_counter, process_time
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "bench"))  # inside Pyodide too, where the script's folder is not on the path

from interpreters import both, machine  # noqa: E402
from phone_caches import own_caches  # noqa: E402

from schraem.core.deal import next_active  # noqa: E402
from schraem.core.facedown import Phone  # noqa: E402
from schraem.core.facedown_check import verdict  # noqa: E402
from schraem.core.facedown_relay import Relay  # noqa: E402
from schraem.core.facedown_wire import HandPlan  # noqa: E402
from schraem.core.game import Game  # noqa: E402
from schraem.crypto import BaseTable, Element, encrypt, random_scalar, rerandomise  # noqa: E402
from schraem.crypto.ristretto import P  # noqa: E402

PHONES = 4
CASES = (("rheinland", "4 cards each, 16 in the stock"), ("siwwe_schroehm_newcomer", "8 cards each, all 32 dealt"))


class TimedRelay(Relay):
    """The relay, timing each phone's own work: each phone keeps its own
    caches (bench/phone_caches.py: the tables of the keys, the passes it
    computed, the proofs it checked, the shares it made, the bytes it
    decoded, its check after the hand), as on its own device; the card
    elements, fixed for ever, are shared."""

    def __init__(self, phones: list[Phone]) -> None:
        super().__init__(phones)
        self.cpu = {ph.seat: 0.0 for ph in phones}
        self.wall = {ph.seat: 0.0 for ph in phones}
        self.sent = {ph.seat: 0 for ph in phones}
        self._own = own_caches(ph.seat for ph in phones)

    def call(self, phone: Phone, fn: Any, *args: Any) -> Any:
        self._own(phone.seat)
        start, cpu = perf_counter(), process_time()
        out = fn(*args)
        self.wall[phone.seat] += perf_counter() - start
        self.cpu[phone.seat] += process_time() - cpu
        return out

    def post(self, messages: Any) -> None:
        for m in messages:
            self.sent[m["seat"]] += len(json.dumps(m, separators=(",", ":")))
        super().post(messages)

    def run(self) -> None:
        while self._queue:
            text = self._queue.pop(0)
            self.log.append(text)
            for phone in self.phones:
                self.post(self.call(phone, lambda t=text, ph=phone: ph.receive(json.loads(t))))


def work_ahead(relay: TimedRelay, phones: list[Phone], due: int) -> None:
    """What every phone does while the people think before `due` plays, as
    the app has it (core/facedown_idle.py): its shares of the due seat's
    cards made (the holder's own kept for its play), the others' sent in
    one `shows` with one proof."""
    for ph in phones:
        while (made := relay.call(ph, ph.show_ahead, {due})) is not None:
            relay.say(made)


def one_hand(preset: str, ahead: bool = True) -> dict[str, Any]:
    """One hand at PHONES simulated phones; with `ahead` the shares of the
    cards are shown ahead as in the app, else each share goes with its
    play (the protocol's plain form, and the baseline)."""
    game = Game([f"P{i}" for i in range(1, PHONES + 1)], preset, seed=1)
    setup = game.next_setup()
    plan = HandPlan.for_setup("bench", 1, setup, next_active(list(setup.dealt), game.dealer))
    phones = [Phone(plan, s) for s in range(1, PHONES + 1)]
    relay = TimedRelay(phones)
    for ph in phones:
        relay.post(relay.call(ph, ph.start))
    relay.run()
    assert all(len(ph.cards) == setup.cards for ph in phones)
    sent = dict(relay.sent)
    marks = [(dict(relay.wall), dict(relay.cpu))]
    # Every card dealt is played, a round of one card a seat at a time, as
    # in the hand: the tables of the others' keys a phone builds at the first
    # card serve all the rest.
    for k in range(setup.cards):
        for ph in phones:
            if ahead:
                work_ahead(relay, phones, ph.seat)
            relay.say(relay.call(ph, ph.play, sorted(ph.cards)[k]))
    out_cards = setup.cards * PHONES
    marks.append((dict(relay.wall), dict(relay.cpu)))
    for ph in phones:
        relay.post(relay.call(ph, ph.reveal))
    relay.run()
    verdicts = [relay.call(ph, verdict, ph) for ph in phones]
    assert all(v.status == "checked" for v in verdicts), verdicts
    marks.append((dict(relay.wall), dict(relay.cpu)))
    zero = {s: 0.0 for s in relay.cpu}
    out: dict[str, Any] = {
        "sent": sent,
        "sent_hand": dict(relay.sent),
        "pass_bytes": [len(t) for t in relay.log if '"kind":"shuffle"' in t][0],
        "played": out_cards,
    }
    for phase, (a, b) in zip(("deal", "play", "check"), zip([(zero, zero), *marks], marks)):
        out[phase] = {s: b[0][s] - a[0][s] for s in zero}
        out[phase + "_cpu"] = {s: b[1][s] - a[1][s] for s in zero}
    return out


def code_round() -> dict[str, Any]:
    """The phones joining a table of PHONES through their bridges: per
    phone, the ms of all its join commands and of those the table code adds
    (a guest's `facedown_commits`, the host's `facedown_reveal` for each
    guest), and the bytes of the frames the round adds."""
    from schraem.bridge import Bridge

    players = [{"name": f"P{i}"} for i in range(1, PHONES + 1)]
    phones = {s: Bridge() for s in range(1, PHONES + 1)}
    total = {s: 0.0 for s in phones}
    added = {s: 0.0 for s in phones}

    def ask(s: int, cmd: str, extra: bool = False, **args: Any) -> dict[str, Any]:
        start = perf_counter()
        reply = json.loads(phones[s].handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
        spent = perf_counter() - start
        total[s] += spent
        if extra:
            added[s] += spent
        assert reply["ok"], reply
        result: dict[str, Any] = reply["result"]
        return result

    size = lambda frame: len(json.dumps(frame))  # noqa: E731
    ask(1, "facedown_host", players=players)
    guests = range(2, PHONES + 1)
    commits: dict[str, Any] = {}
    frames = {"commit": 0, "commits": 0, "reveal": 0}
    for s in guests:
        joined = ask(s, "facedown_guest", seat=s)
        frames["commit"] = size({"type": "commit", "commit": joined["commit"]})
        commits = ask(1, "facedown_seat", seat=s, commit=joined["commit"])["commits"] or commits
    frames["commits"] = size(commits)
    welcome: dict[str, Any] = {}
    for s in guests:
        reveal = ask(s, "facedown_commits", True, frame=commits)["reveal"]
        frames["reveal"] = size(reveal)
        welcome = ask(1, "facedown_reveal", True, seat=s, identity=reveal["identity"], nonce=reveal["nonce"])["welcome"] or welcome
    for s in guests:
        ask(s, "facedown_welcome", frame=welcome)
    codes = {ask(s, "facedown_state")["code"] for s in phones}
    assert len(codes) == 1 and None not in codes, codes
    # Before the code a guest sent its key once ({"type": "identity"}) and
    # the welcome held no nonces.
    before = size({"type": "identity", "identity": welcome["identities"][1]})
    return {
        "ms": {str(s): total[s] * 1000 for s in phones},
        "added_ms": {str(s): added[s] * 1000 for s in phones},
        "guest_sends": frames["commit"] + frames["reveal"],
        "guest_sent_before": before,
        "guest_gets": frames["commits"] + size({"nonces": welcome["nonces"]}),
        "welcome": size(welcome),
    }


def baselines() -> dict[str, float]:
    x = random_scalar()
    start = perf_counter()
    for _ in range(200):
        pow(x, (P - 5) // 8, P)
    pow_ms = (perf_counter() - start) / 200 * 1000
    key = BaseTable(Element.from_uniform_bytes(hashlib.sha512(b"bench key").digest()))
    deck = [encrypt(key, Element.from_uniform_bytes(hashlib.sha512(b"%d" % i).digest())) for i in range(32)]
    start = perf_counter()
    [rerandomise(key, c) for c in deck]
    return {"field_pow": pow_ms, "deck_pass": (perf_counter() - start) * 1000}


def measure(runs: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": "Pyodide" if sys.platform == "emscripten" else platform.python_implementation(),
        "runs": runs,
        "cases": {},
    }
    base: dict[str, list[float]] = {"field_pow": [], "deck_pass": []}
    for preset, _ in CASES:
        hands = []
        plain: list[dict[int, float]] = []
        for _ in range(runs):
            for k, v in baselines().items():
                base[k].append(v)
            hands.append(one_hand(preset))
            plain.append(one_hand(preset, ahead=False)["play"])
        ms = {
            phase: {str(s): statistics.median(h[phase][s] for h in hands) * 1000 for s in range(1, PHONES + 1)}
            for phase in ("deal", "play", "check", "deal_cpu", "play_cpu", "check_cpu")
        }
        out["cases"][preset] = {
            "ms": ms,
            "played": hands[0]["played"],
            "sent": {str(s): hands[0]["sent"][s] for s in range(1, PHONES + 1)},
            "sent_hand": {str(s): hands[0]["sent_hand"][s] for s in range(1, PHONES + 1)},
            "pass_bytes": hands[0]["pass_bytes"],
            "play_plain": {str(s): statistics.median(h[s] for h in plain) * 1000 for s in range(1, PHONES + 1)},
        }
    rounds = [code_round() for _ in range(runs)]
    out["code"] = {key: {s: statistics.median(r[key][s] for r in rounds) for s in rounds[0][key]} for key in ("ms", "added_ms")} | {
        key: rounds[0][key] for key in ("guest_sends", "guest_sent_before", "guest_gets", "welcome")
    }
    out["base"] = {k: statistics.median(v) for k, v in base.items()}
    return out


def report(cp: dict[str, Any], py: dict[str, Any]) -> str:
    rows = []
    for preset, what in CASES:
        c, p = cp["cases"][preset], py["cases"][preset]
        rows += [
            f"**{preset}**, {PHONES} phones, {what}, all {c['played']} played; a deck pass is {c['pass_bytes']:,} bytes of JSON.",
            "",
            "| seat | deal, CPython CPU ms | wall ms | × deck pass | deal, Pyodide ms | × deck pass | all cards played, CPython CPU / Pyodide ms | check after, CPython CPU ms | wall ms | × deck pass | check after, Pyodide ms | × deck pass | sent while dealing, bytes | sent in the whole hand |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for s in map(str, range(1, PHONES + 1)):
            cd, ck, pd, pk = c["ms"]["deal"][s], c["ms"]["check"][s], p["ms"]["deal"][s], p["ms"]["check"][s]
            cb, pb = cp["base"]["deck_pass"], py["base"]["deck_pass"]
            rows.append(
                f"| {s} | {c['ms']['deal_cpu'][s]:.0f} | {cd:.0f} | {cd / cb:.1f} | {pd:.0f} | {pd / pb:.1f} "
                f"| {c['ms']['play_cpu'][s]:.0f} / {p['ms']['play'][s]:.0f} "
                f"| {c['ms']['check_cpu'][s]:.0f} | {ck:.0f} | {ck / cb:.1f} | {pk:.0f} | {pk / pb:.1f} | {c['sent'][s]:,} | {c['sent_hand'][s]:,} |"
            )
        rows += [
            "",
            "Against the targets, Pyodide ms per phone: the deal and the cards played (shares shown ahead as the app does; "
            "in brackets each share with its play, measured in the same run, and the ratio), and with the check after the hand.",
            "",
            "| seat | during the hand (target ≤ 500) | each share with its play | ahead ÷ with its play | with the check (target ≤ 1,000) |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
        for s in map(str, range(1, PHONES + 1)):
            during = p["ms"]["deal"][s] + p["ms"]["play"][s]
            plain = p["ms"]["deal"][s] + p["play_plain"][s]
            rows.append(f"| {s} | {during:,.0f} | {plain:,.0f} | {during / plain:.2f} | {during + p['ms']['check'][s]:,.0f} |")
        rows.append("")
    cc, pc = cp["code"], py["code"]
    rows += [
        f"**The table code** when {PHONES} phones join (one round trip more: every guest's commitment, then every seat's "
        f"key and nonce): a guest sends {cc['guest_sends']} bytes where it sent {cc['guest_sent_before']} (its key alone), "
        f"and gets {cc['guest_gets']} bytes more (every seat's commitment, the nonces in the {cc['welcome']:,}-byte welcome).",
        "",
        "| seat | joining, CPython ms | of it the code's commands | joining, Pyodide ms | of it the code's commands |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for s in map(str, range(1, PHONES + 1)):
        rows.append(f"| {s} | {cc['ms'][s]:.1f} | {cc['added_ms'][s]:.1f} | {pc['ms'][s]:.1f} | {pc['added_ms'][s]:.1f} |")
    rows.append("")
    rows.append(
        f"Baselines in the same runs: a field exponentiation {cp['base']['field_pow']:.3f} ms (CPython), "
        f"{py['base']['field_pow']:.3f} ms (Pyodide); a 32-card deck re-randomised {cp['base']['deck_pass']:.0f} ms (CPython), "
        f"{py['base']['deck_pass']:.0f} ms (Pyodide)."
    )
    return "\n".join(rows)


def section(cp: dict[str, Any], py: dict[str, Any]) -> str:
    return f"""## Face-down deal

`python bench/face_down.py --write` — the deal face down
(`engine/schraem/core/facedown.py`, [docs/FACE_DOWN.md](../docs/FACE_DOWN.md))
as each of {PHONES} phones pays for it: the time of its own calls, each
phone with its own caches. CPython gives its CPU time and its wall time;
Pyodide only the wall time (its `process_time` is the wall clock), so on a
loaded machine "× deck pass" (the wall time against a 32-card deck
re-randomised before every hand, in the same interpreter) is its steadier
figure. The median of {cp['runs']} hands per
case, measured {date.today().isoformat()}. *Deal*: its key and the others'
proofs, its shuffle, opening its own cards, answering the others' requests.
*All cards played*: every card dealt played in turn, before each turn
every phone's shares of the cards of the seat due made and shown ahead
with one proof (as the app does while the people think), then the card
played with its holder's share, whose proof every phone checks. *Check after*:
the reveal and the whole hand recomputed. The targets are ≤ 0.5 s in the
hand and ≤ 1 s with the check, per phone, in Pyodide.

{report(cp, py)}

Machine: {machine()}.
"""


def main(argv: list[str] | None = None) -> int:
    return both(__doc__ or "", "bench/face_down.py", "runs", 3, measure, report, section, "Face-down deal", argv)


if __name__ == "__main__":
    sys.exit(main())
