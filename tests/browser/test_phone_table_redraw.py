"""A guest at a table of phones draws what changed, not the whole table
(docs/PHONE_TABLE.md): after another phone's move it builds only the seats
whose own facts changed, and its hand only when its cards or its legal
taps did; the parts it keeps are what a drawing from scratch would show.
Its own tap goes out over the data channel before the tap is drawn, and it
schedules no computer player's step (the host's phone plays them)."""

from __future__ import annotations

import json
import time

from test_phone_table import HOST_STATE, _guest_view, _states, _step
from test_phone_table_exchange import two_phones

from helpers import screen

# Per drawing of the table: the seats and the hand's cards built for it
# (elements made since the drawing before); per act sent: whether the tap
# was already shown then; and whether a tap was shown at once at all.
BUILT_PROBE = """
window.__built = [];
window.__sentShown = [];
window.__shownAtOnce = 0;
let made = [];
const make = Document.prototype.createElement;
Document.prototype.createElement = function (...args) { const el = make.apply(this, args); made.push(el); return el; };
const shown = () => !!document.querySelector('#table .hand li.leaving, #table .trick li.pending, #controls button.pending');
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  if (typeof data === 'string' && data.includes('"cmd":"act"')) window.__sentShown.push(shown());
  return send.call(this, data);
};
new MutationObserver((records) => {
  if (records.some((r) => r.attributeName === 'class' && r.target.matches?.('li.leaving, li.pending, button.pending'))
      || records.some((r) => [...r.addedNodes].some((n) => n.matches?.('li.pending')))) window.__shownAtOnce += 1;
  if (!records.some((r) => r.attributeName === 'data-step') || document.body.dataset.screen !== 'table') return;
  window.__built.push({
    step: document.body.dataset.step,
    seats: made.filter((e) => e.matches('li.seat')).map((e) => Number(e.dataset.seat)).sort(),
    cards: made.filter((e) => e.matches('button.card')).length,
    shown: window.__shownAtOnce,
  });
  made = [];
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-step', 'class'] });
// How often this phone waited to take a computer player's step.
window.__botsWaited = 0;
new MutationObserver(() => { if (document.documentElement.dataset.bots === 'waiting') window.__botsWaited += 1; })
  .observe(document, { subtree: true, attributes: true, attributeFilter: ['data-bots'] });
"""


def _step_of(state: dict) -> str:
    """The drawn step (app/model.js stepOf) of a state this guest (seat 2) was sent."""
    v = state["view"]
    return f"{v['hand_no']}:{len(v['log'])}:{1 if state['hand_over'] else 0}:2:"


def _seat_facts(view: dict) -> dict[int, str]:
    """What a seat on the table shows of itself: its player, and whether it
    acts (and answers a knock), knocked last, deals."""
    r = view.get("response")
    out = {}
    for p in view["players"]:
        acts = r["to_answer"] == p["seat"] if r else view["turn"] == p["seat"]
        facts = [p, acts, bool(r and acts), view["last_knocker"] == p["seat"], view["dealer"] == p["seat"]]
        out[p["seat"]] = json.dumps(facts, sort_keys=True)
    return out


def _hand_facts(view: dict) -> str:
    taps = [a for a in view["legal"] if a["type"] in ("knock", "play", "discard")]
    return json.dumps([view["my_cards"], taps], sort_keys=True)


def test_a_guest_builds_only_the_parts_another_phones_move_changed(warm_page, shared_site, page_errors):
    host, guest = two_phones(warm_page, shared_site, 43, guest_script=BUILT_PROBE)
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    deadline = time.monotonic() + 240
    compared = False
    while not all(screen(p) == "result" for p in (host, guest)):
        assert time.monotonic() < deadline, [screen(p) for p in (host, guest)]
        view = _guest_view(guest)
        if not compared and view and view["turn"] == 2 and not view.get("response") and view["my_cards"]:
            # Drawn from scratch (every part's key changes with the language,
            # there and back), the table is the one its kept parts made.
            kept = guest.evaluate("() => [document.body.dataset.step, document.getElementById('table').outerHTML]")
            for _ in range(2):
                guest.locator('[data-action="lang"]').tap()
            again = guest.evaluate("() => [document.body.dataset.step, document.getElementById('table').outerHTML]")
            if kept[0] == again[0]:
                assert again[1] == kept[1]
                compared = True
            view = _guest_view(guest)
        tapped = _step(guest, view, knock=True)
        tapped = _step(host, host.evaluate(HOST_STATE)["view"]) or tapped
        host.wait_for_timeout(150 if tapped else 100)
    assert compared

    states: dict[str, list[dict]] = {}
    for st in _states(guest):
        same = states.setdefault(_step_of(st), [])
        if st not in same:
            same.append(st)
    built = guest.evaluate("() => window.__built")
    checked = 0
    for before, now in zip(built, built[1:]):
        a, b = states.get(before["step"], []), states.get(now["step"], [])
        if len(a) != 1 or len(b) != 1 or a[0]["hand_over"] or b[0]["hand_over"] or before["step"] == now["step"]:
            continue
        va, vb = a[0]["view"], b[0]["view"]
        mover = vb["log"][-1]["seat"] if len(vb["log"]) == len(va["log"]) + 1 else None
        if mover in (None, 2) or va["hand_no"] != vb["hand_no"]:
            continue  # this phone's own tap (its hand drawn anew), or more than one move
        fa, fb = _seat_facts(va), _seat_facts(vb)
        assert now["seats"] == sorted(s for s in fb if fa.get(s) != fb[s]), (now, vb["log"][-1])
        # A tap of this phone shown at once meanwhile (its answer still to
        # come) has its hand drawn anew with the next state, whoever's it is.
        if _hand_facts(va) == _hand_facts(vb) and now["shown"] == before["shown"]:
            assert now["cards"] == 0, (now, vb["log"][-1])
        checked += 1
    # Other phones' moves were drawn, each building only its changed seats
    # (a drawing from scratch builds all four every time).
    assert checked >= 5, (checked, len(built))

    # Every tap this phone made went out before it was shown, and taps were
    # shown at once.
    sent_shown = guest.evaluate("() => window.__sentShown")
    assert sent_shown and not any(sent_shown), sent_shown
    assert guest.evaluate("() => window.__shownAtOnce") > 0
    # The computers' moves came from the host's phone: this one never
    # scheduled a step of theirs (a copy of the state after every move).
    assert guest.evaluate("() => window.__botsWaited") == 0
    assert not page_errors
