"""pwa/phone/link-code.js, run in Node: the codes a table of phones passes between
phones. Descriptions that Chromium and Firefox made themselves (tests/site/
sdp/, offers and answers with hidden and raw addresses) are packed and read
back: the description built for the other side carries exactly their ICE
and DTLS parameters and UDP addresses; every code fits a QR code of version
10 or less at error correction M; a text that is no code, is cut, is of
the other kind, comes from a newer version, or inflates to megabytes is
refused with its reason before anything reaches WebRTC. A code of the
first app versions (the deflated description) is recognised as such, and
nothing is inflated: a text that would inflate to megabytes costs nothing.

That a rebuilt description really connects two browsers is the phone-table
tests' part (Chromium to Chromium, Chromium to Firefox)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SDP = Path(__file__).parent / "sdp"

RUN = """
import { packCode, readCode, essentials, CodeError } from './pwa/phone/link-code.js';
import qrcode from './node_modules/qrcode-generator/dist/qrcode.mjs';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
const { cases, bad, old, bomb } = JSON.parse(readFileSync(0, 'utf8'));
const version = (text) => { const q = qrcode(0, 'M'); q.addData(text); q.make(); return (q.getModuleCount() - 17) / 4; };
const out = [];
for (const { sdp, type, seat } of cases) {
  const code = packCode(sdp, { type, seat });
  const back = await readCode(code, type);
  const again = await readCode(`  ${code.slice(0, 40)}\\n${code.slice(40)} `, type);
  out.push({ code, version: version(code), seat: back.seat, before: essentials(sdp), after: essentials(back.sdp), key: back.key === again.key });
}
const refused = [];
for (const [text, type] of bad) {
  try { await readCode(text, type); refused.push(null); } catch (e) { refused.push(e instanceof CodeError ? e.why : `other: ${e}`); }
}
const why = (text) => { try { readCode(text, 'offer'); return null; } catch (e) { return e.why; } };
const oldWhy = why('SCHRAEM-OFFER:' + deflateRawSync(Buffer.from(old)).toString('base64'));
const bombWhy = why('SCHRAEM-OFFER:' + deflateRawSync(Buffer.from(bomb)).toString('base64'));
console.log(JSON.stringify({ out, refused, old: oldWhy, bomb: bombWhy }));
"""


def _sdps() -> list[dict]:
    out = []
    for path in sorted(SDP.glob("*.sdp")):
        browser, type_ = path.stem.split("-")
        text = path.read_text()
        out.append({"name": path.stem, "sdp": text, "type": type_, "seat": 3})
        # The same description once the camera is allowed: raw addresses
        # (one IPv4, one IPv6) in place of the hidden names.
        raw = re.sub(
            r"[0-9a-f-]{36}\.local", lambda m, n=iter(["192.168.178.23", "fd00:0:0:0:0:1:2:3"]): next(n, "10.0.0.9"), text, count=2
        )
        out.append({"name": f"{path.stem}-raw", "sdp": raw, "type": type_, "seat": 2})
    return out


def _run(payload: dict) -> dict:
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", RUN], input=json.dumps(payload), capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def result():
    if shutil.which("node") is None or not (ROOT / "node_modules" / "qrcode-generator").is_dir():
        pytest.skip("node and npm ci are needed")
    cases = _sdps()
    assert {c["name"] for c in cases} >= {"chromium-offer", "chromium-answer", "firefox-offer", "firefox-answer"}
    chromium_offer = (SDP / "chromium-offer.sdp").read_text()
    bad = [
        ("", "offer"),
        ("hello", "offer"),
        ("SCHRAEM-OFFER:", "offer"),
        ("SCHRAEM-OFFER:!!!not base64!!!", "offer"),
        ("SCHRAEM-OFFER:AQID", "offer"),  # cut short after three bytes
        ("SCHRAEM-OFFER:" + "A" * 5000, "offer"),
        ("SCHRAEM-ANSWER:AQAA", "offer"),  # an answer where an invitation belongs
        ("SCHRAEM-OFFER:BQAA", "offer"),  # format version 5
    ]
    payload = {"cases": cases, "bad": bad, "old": chromium_offer, "bomb": "a=x\r\n" * 400_000}
    out = _run(payload)
    out["cases"] = cases
    return out


def test_every_code_reads_back_to_the_same_ice_and_dtls_parameters_and_addresses(result):
    for case, got in zip(result["cases"], result["out"]):
        before, after = got["before"], got["after"]
        for key in ("ufrag", "pwd", "hash", "setup", "mid", "sctpPort", "maxMessageSize"):
            assert after[key] == before[key], (case["name"], key)
        assert after["fingerprint"] == before["fingerprint"].upper(), case["name"]
        assert after["candidates"] == before["candidates"], case["name"]
        assert before["candidates"], case["name"]
        assert got["seat"] == case["seat"] and got["key"], case["name"]
        assert got["code"].startswith("SCHRAEM-ANSWER:" if case["type"] == "answer" else "SCHRAEM-OFFER:")
        assert re.fullmatch(r"SCHRAEM-(OFFER|ANSWER):[A-Za-z0-9_-]+", got["code"]), got["code"]


def test_every_code_fits_a_qr_code_of_version_ten_at_level_m(result):
    versions = {case["name"]: got["version"] for case, got in zip(result["cases"], result["out"])}
    assert max(versions.values()) <= 10, versions
    # The old codes (the whole description) needed version 17-18 at level L.
    lengths = {case["name"]: len(got["code"]) for case, got in zip(result["cases"], result["out"])}
    assert max(lengths.values()) < 200, lengths


def test_texts_that_are_no_code_are_refused_with_their_reason(result):
    assert result["refused"] == ["empty", "damaged", "damaged", "damaged", "damaged", "long", "kind", "newer"]


def test_a_code_of_the_first_versions_is_named_as_such_and_nothing_is_inflated(result):
    assert result["old"] == "older"
    assert result["bomb"] in ("older", "damaged", "long")


TROUBLE = """
import { linkTrouble } from './pwa/phone/table-link.js';
const sdp = (...addresses) => addresses.map((a, i) => `a=candidate:${i} 1 udp 2122260223 ${a} 5${i}000 typ host`).join('\\r\\n');
const pc = (here, there) => ({ localDescription: { sdp: sdp(...here) }, remoteDescription: { sdp: sdp(...there) } });
console.log(JSON.stringify(CASES.map(([here, there]) => linkTrouble(pc(here, there)))));
"""


@pytest.mark.parametrize(
    ("here", "there", "reasons"),
    [
        # One Wi-Fi of 192.168.0.0/16 that keeps its phones apart: they see
        # each other's addresses and cannot reach them; not "other networks".
        (["192.168.1.20"], ["192.168.7.40"], ["blocked"]),
        (["10.1.2.3"], ["10.200.0.9"], ["blocked"]),
        (["172.16.0.2"], ["172.31.9.9"], ["blocked"]),
        # Addresses that no one network can hold.
        (["192.168.1.20"], ["10.0.0.5"], ["apart"]),
        (["172.15.0.2"], ["172.16.0.2"], ["apart"]),
        (["192.168.1.20", "10.0.0.4"], ["10.9.9.9"], ["blocked"]),
        (["a1b2.local"], ["192.168.1.3"], ["hidden-here"]),
        ([], ["192.168.1.3"], ["none-here"]),
    ],
)
def test_link_trouble_calls_phones_apart_only_where_no_network_can_hold_both(node_json, here, there, reasons):
    script = TROUBLE.replace("CASES", json.dumps([[here, there]]))
    assert node_json(script) == [reasons]
