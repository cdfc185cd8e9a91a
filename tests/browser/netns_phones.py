"""Two phones on a real network: each phone is its own Chromium process in
its own Linux network namespace, the two either behind a router (two
subnets, as two phones on a venue's Wi-Fi with client isolation or on two
access points) or on one bridge (one subnet, as on a home Wi-Fi). Chromium
hides local addresses behind `<uuid>.local` names; mDNS multicast crosses
the bridge but not the router, so only behind the router does it matter
whether a phone offers its raw address, which Chromium does once the
page's camera permission is granted (docs/PHONE_TABLE.md, "Why the
camera is asked"). Needs root and iproute2.

    with network("router", dist) as net:
        host = net.phone("a", playwright, locale="de-DE")
        guest = net.phone("b", playwright, locale="en-GB")
        open_app(host.page, host)          # a Phone has .url, like a Site
        host.camera = "allow"              # how the person answers the camera prompt
        ...
        host.camera_asked                  # how often the page asked
        host.candidates()                  # the addresses the page offered

Each phone serves the built site on 127.0.0.1:PORT inside its own
namespace, so both have the same origin (a secure context) and no request
crosses between them: only WebRTC does.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from browser_support import ROOT, TEST_CHROMIUM_ARGS, chromium_path

PREFIX = "schraem"
PORT = 8765
# The phones' addresses: 10.77.1.2 and (router) 10.77.2.2 or (bridge) 10.77.1.3.
SUBNET_A, SUBNET_B = "10.77.1", "10.77.2"
_STALE = re.compile(rf"^{PREFIX}(\d+)[abrst]$")  # phone a, b, router, switch, probe

# Run inside a phone's namespace: the project's own server (build.serve: the
# .wasm/.mjs types and the precompressed files the app is tested with). It
# ends with the test process (`ip netns exec` execs it, so that is its
# parent), also with one that was killed and never tore it down.
_SERVE = """
import importlib.util, os, sys, time
spec = importlib.util.spec_from_file_location("schraem_build", sys.argv[1])
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)
parent = os.getppid()
server = build.serve(sys.argv[2], int(sys.argv[3]))
print(server.url, flush=True)
while os.getppid() == parent:
    time.sleep(0.5)
"""

# The person in front of the phone: a getUserMedia while the permission is
# not yet granted asks Python first (window.__schraemCamera, a binding per
# context), which grants the permission for real before the browser's own
# getUserMedia runs, or has the request refused as a blocked prompt would.
# Once granted, the browser asks nobody, and neither does the hook.
CAMERA_HOOK = """
(() => {
  const devices = navigator.mediaDevices;
  if (!devices || !devices.getUserMedia) return;
  const original = devices.getUserMedia.bind(devices);
  const state = async (name) => {
    try { return (await navigator.permissions.query({ name })).state; } catch { return 'prompt'; }
  };
  devices.getUserMedia = async function getUserMedia(constraints) {
    const names = [constraints?.video && 'camera', constraints?.audio && 'microphone'].filter(Boolean);
    const granted = (await Promise.all(names.map(state))).every((s) => s === 'granted');
    const answer = await window.__schraemCamera(constraints ?? null, granted);
    if (answer !== 'allow') throw new DOMException('Permission denied', 'NotAllowedError');
    return original(constraints);
  };
})();
"""

# Every RTCPeerConnection the page makes, kept for ICE_REPORT: the
# candidates it gathered and its states as they changed.
ICE_PROBE = """
(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  const made = window.__schraemPeers = [];
  window.RTCPeerConnection = class RTCPeerConnection extends Native {
    constructor(...args) {
      super(...args);
      const seen = { candidates: [], states: [this.connectionState], ice: [this.iceConnectionState] };
      made.push({ pc: this, seen });
      this.addEventListener('icecandidate', (e) => { if (e.candidate?.candidate) seen.candidates.push(e.candidate.candidate); });
      this.addEventListener('connectionstatechange', () => seen.states.push(this.connectionState));
      this.addEventListener('iceconnectionstatechange', () => seen.ice.push(this.iceConnectionState));
    }
  };
})();
"""

ICE_REPORT = """async () => Promise.all((window.__schraemPeers ?? []).map(async ({ pc, seen }) => {
  let selected = null;
  try {
    const stats = await pc.getStats();
    const end = (id) => { const c = stats.get(id); return c && `${c.address}:${c.port} ${c.protocol} ${c.candidateType}`; };
    for (const s of stats.values()) {
      const pair = s.type === 'transport' && stats.get(s.selectedCandidatePairId);
      if (pair) selected = { local: end(pair.localCandidateId), remote: end(pair.remoteCandidateId), state: pair.state };
    }
  } catch (e) { /* a closed connection has no stats */ }
  return { connectionState: pc.connectionState, iceConnectionState: pc.iceConnectionState,
           iceGatheringState: pc.iceGatheringState, states: seen.states, ice: seen.ice,
           candidates: seen.candidates, localSdp: pc.localDescription?.sdp ?? null,
           remoteSdp: pc.remoteDescription?.sdp ?? null, selected };
}))"""

_CANDIDATE = re.compile(r"candidate:\S+ \d+ (\w+) \d+ (\S+) (\d+) typ (\w+)")


def can_make_namespaces() -> str | None:
    """None when this machine can build the networks, else why not."""
    if sys.platform != "linux":
        return "network namespaces are Linux only"
    if os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None:
        return "no `ip` (Debian: apt-get install iproute2)"
    probe = f"{PREFIX}{os.getpid()}t"
    try:
        _ip("netns", "add", probe)
    except RuntimeError as e:
        return f"`ip netns add` fails here: {e}"
    try:
        # A container may allow the name but not entering it (no mount
        # rights), and a kernel may lack veth or bridge devices.
        _run(["ip", "netns", "exec", probe, "true"])
        _ip("-n", probe, "link", "add", "v0", "type", "veth", "peer", "name", "v1")
        _ip("-n", probe, "link", "add", "b0", "type", "bridge")
    except RuntimeError as e:
        return f"cannot build a network here: {e}"
    finally:
        _ip("netns", "del", probe, check=False)
    return None


def _run(cmd: list[str], check: bool = True) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {proc.stderr.strip() or proc.returncode}")
    return proc.stdout


def _ip(*args: str, check: bool = True) -> str:
    return _run(["ip", *args], check)


def _set(ns: str, *settings: str) -> None:
    # /proc/sys/net is the namespace's own for a process inside it; written
    # directly, as a fresh Debian container has no `sysctl` (procps).
    _run(["ip", "netns", "exec", ns, "sh", "-c", " && ".join(f"echo 1 > /proc/sys/{s}" for s in settings)])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale() -> list[str]:
    """Deletes the namespaces (and temp folders) of this module's own name
    whose test process is gone (one killed mid-test never reached its
    teardown); → the namespaces' names. What ran in them was tied to that
    process and ended with it."""
    gone = []
    for line in _ip("netns", "list", check=False).splitlines():
        name = line.split()[0] if line.strip() else ""
        found = _STALE.match(name)
        if found and int(found.group(1)) != os.getpid() and not _alive(int(found.group(1))):
            _ip("netns", "del", name, check=False)
            gone.append(name)
    for folder in Path(tempfile.gettempdir()).glob(f"{PREFIX}-netns-*-*"):
        pid = folder.name.split("-")[2]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)
    return gone


@dataclass
class Phone:
    """One phone: its own Chromium in its own namespace, one context, one page."""

    name: str
    namespace: str
    address: str
    origin: str
    browser: object = None
    context: object = None
    page: object = None
    camera: str = "block"  # how the person answers when asked: "allow" or "block"
    camera_asked: int = 0  # the times the person was asked (the permission not granted yet)
    camera_requests: list = field(default_factory=list)  # every getUserMedia: (constraints, asked)

    @property
    def url(self) -> str:
        return self.origin + "/"

    def _ask_camera(self, source, constraints, granted: bool) -> str:
        self.camera_requests.append((constraints, not granted))
        if granted:
            return "allow"
        self.camera_asked += 1
        answer = self.camera
        if answer == "allow":
            wanted = ["camera"] + (["microphone"] if (constraints or {}).get("audio") else [])
            self.context.grant_permissions(wanted, origin=self.origin)
        elif answer != "block":
            raise ValueError(f"camera: allow or block, not {answer!r}")
        return answer

    def ice(self) -> list[dict]:
        """Per RTCPeerConnection the page made, oldest first: its states
        now and as they changed, the candidates it gathered, its local and
        remote SDP and the candidate pair ICE selected ({local, remote,
        state}, "address:port protocol type"; None before one is)."""
        return self.page.evaluate(ICE_REPORT)

    def candidates(self) -> list[dict]:
        """Every candidate of every local description and gathering event:
        [{address, port, protocol, type}] (address "<uuid>.local" when hidden)."""
        out, seen = [], set()
        for pc in self.ice():
            lines = list(pc["candidates"])
            lines += [ln for ln in (pc["localSdp"] or "").splitlines() if ln.startswith("a=candidate:")]
            for line in lines:
                found = _CANDIDATE.search(line)
                if found:
                    protocol, address, port, kind = found.groups()
                    key = (address, port, protocol.lower(), kind)
                    if key not in seen:
                        seen.add(key)
                        out.append({"address": address, "port": int(port), "protocol": protocol.lower(), "type": kind})
        return out

    def camera_allowed(self) -> bool:
        return self.page.evaluate("async () => (await navigator.permissions.query({ name: 'camera' })).state") == "granted"


class Network:
    """The namespaces of one network; phones are launched into them with
    `phone()` and closed with the network."""

    def __init__(self, kind: str, dist: Path, chromium: str | None, work: Path):
        if kind not in ("router", "bridge"):
            raise ValueError(f"network kind: router or bridge, not {kind!r}")
        self.kind = kind
        self.dist = Path(dist)
        self.chromium = chromium
        self.work = work
        tag = f"{PREFIX}{os.getpid()}"
        self.namespaces = {"a": tag + "a", "b": tag + "b", "hub": tag + ("r" if kind == "router" else "s")}
        self.addresses = {"a": f"{SUBNET_A}.2", "b": f"{SUBNET_B}.2" if kind == "router" else f"{SUBNET_A}.3"}
        self.phones: dict[str, Phone] = {}
        self._servers: list[subprocess.Popen] = []
        self._made: list[str] = []

    # -- the network -------------------------------------------------------
    def build(self) -> None:
        for ns in self.namespaces.values():
            _ip("netns", "add", ns)
            self._made.append(ns)
            # No IPv6: its link-local addresses finish duplicate detection a
            # second or two after the link comes up, and Chromium, started
            # by then, fails every request under way with
            # ERR_NETWORK_CHANGED (the app's first load did).
            _set(ns, "net/ipv6/conf/all/disable_ipv6", "net/ipv6/conf/default/disable_ipv6")
            _ip("-n", ns, "link", "set", "lo", "up")
        hub = self.namespaces["hub"]
        if self.kind == "router":
            _set(hub, "net/ipv4/ip_forward")
        else:
            _ip("-n", hub, "link", "add", "br0", "type", "bridge")
            _ip("-n", hub, "link", "set", "br0", "up")
        for side, subnet in (("a", SUBNET_A), ("b", SUBNET_B if self.kind == "router" else SUBNET_A)):
            ns, port = self.namespaces[side], f"to{side}"
            # Each end is made inside its own namespace, so the short
            # interface names never meet another test process's.
            _ip("link", "add", "eth0", "netns", ns, "type", "veth", "peer", "name", port, "netns", hub)
            _ip("-n", ns, "addr", "add", f"{self.addresses[side]}/24", "dev", "eth0")
            _ip("-n", ns, "link", "set", "eth0", "up")
            if self.kind == "router":
                _ip("-n", hub, "addr", "add", f"{subnet}.1/24", "dev", port)
                _ip("-n", ns, "route", "add", "default", "via", f"{subnet}.1")
            else:
                _ip("-n", hub, "link", "set", port, "master", "br0")
                # Without a default route Chromium gathers no candidate at
                # all; a phone on a Wi-Fi has one.
                _ip("-n", ns, "route", "add", "default", "dev", "eth0")
            _ip("-n", hub, "link", "set", port, "up")
        for side in ("a", "b"):
            self._serve(self.namespaces[side])

    def _serve(self, ns: str) -> None:
        # Its errors go to a file: a pipe nobody reads could fill and stall it.
        log = self.work / f"server-{ns}.log"
        with open(log, "w") as errors:
            proc = subprocess.Popen(
                ["ip", "netns", "exec", ns, sys.executable, "-c", _SERVE, str(ROOT / "build.py"), str(self.dist), str(PORT)],
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
            )
        self._servers.append(proc)
        line = proc.stdout.readline()
        if not line.startswith("http://"):
            proc.kill()
            proc.wait()
            raise RuntimeError(f"the server in {ns} did not start: {line}{log.read_text()}")

    def close(self) -> None:
        errors = []
        for phone in self.phones.values():
            for part in (phone.context, phone.browser):
                try:
                    if part is not None:
                        part.close()
                except Exception as e:  # noqa: BLE001 - the rest must still be torn down
                    errors.append(e)
        for proc in self._servers:
            proc.terminate()
        for proc in self._servers:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            proc.stdout.close()
        for ns in reversed(self._made):
            _ip("netns", "del", ns, check=False)
        self._made.clear()
        shutil.rmtree(self.work, ignore_errors=True)
        if errors:
            raise errors[0]

    # -- the phones ---------------------------------------------------------
    def wrapper(self, side: str, chromium: str) -> Path:
        """An executable that runs `chromium` inside the phone's namespace,
        for Playwright's executable_path (it talks to the browser over a
        pipe, which the exec keeps)."""
        path = self.work / f"chromium-{side}"
        path.write_text(f'#!/bin/sh\nexec ip netns exec {self.namespaces[side]} "{chromium}" "$@"\n')
        path.chmod(0o755)
        return path

    def phone(self, side: str, playwright, *, args: list[str] = (), **context_options) -> Phone:
        """Launches phone `side` ("a" or "b"): its Chromium, a Pixel 7
        context (service workers blocked unless given) with the camera hook
        and the ICE probe, and one page, still blank."""
        assert side in ("a", "b") and side not in self.phones, side
        phone = Phone(side, self.namespaces[side], self.addresses[side], f"http://127.0.0.1:{PORT}")
        self.phones[side] = phone
        # A fake camera, but no fake permission prompt: the flag
        # --use-fake-ui-for-media-stream makes the camera read "granted"
        # before any request, and Chromium then never hides an address.
        phone.browser = playwright.chromium.launch(
            executable_path=str(self.wrapper(side, self.chromium or playwright.chromium.executable_path)),
            args=[*TEST_CHROMIUM_ARGS, "--use-fake-device-for-media-stream", *args],
        )
        options = {**playwright.devices["Pixel 7"], "service_workers": "block", **context_options}
        phone.context = phone.browser.new_context(**options)
        phone.context.set_default_timeout(30_000)
        phone.context.expose_binding("__schraemCamera", phone._ask_camera)
        phone.context.add_init_script(CAMERA_HOOK)
        phone.context.add_init_script(ICE_PROBE)
        phone.context.on("console", lambda m: _echo_error(side, m))
        phone.context.on("weberror", lambda e: print(f"[{side} page error] {e.error}"))
        phone.page = phone.context.new_page()
        return phone


def _echo_error(side: str, message) -> None:
    if message.type == "error":
        print(f"[{side} console.error] {message.text}")


@contextlib.contextmanager
def network(kind: str, dist: Path, chromium: str | None = None):
    """Two phone namespaces behind a router ("router": 10.77.1.2 and
    10.77.2.2, forwarding between them) or on one bridge ("bridge":
    10.77.1.2 and 10.77.1.3), each serving `dist` on 127.0.0.1:PORT.
    `chromium`: the browser to run; by default the full Chromium (Debian's,
    else Playwright's own), not the headless shell, whose getUserMedia
    fails with NotSupportedError unless --use-fake-ui-for-media-stream
    answers every prompt. Everything, phones included, is removed on exit."""
    chromium = chromium or chromium_path(full=True)
    remove_stale()
    net = Network(kind, dist, chromium, Path(tempfile.mkdtemp(prefix=f"{PREFIX}-netns-{os.getpid()}-")))
    try:
        net.build()
        yield net
    finally:
        net.close()


def is_hidden(address: str) -> bool:
    return address.endswith(".local")


def is_raw(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True
