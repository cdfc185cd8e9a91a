"""A table of phones (docs/PHONE_TABLE.md): a host and two guests, each in
its own browser context, connected by real RTCPeerConnection data channels
over loopback after passing the offers and the answers as text. Each guest
plays (and knocks for) its own seat through a hand, beside a computer player
on the host; every message a guest receives and its page are checked for
cards that seat may not see."""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlsplit

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from helpers import assert_axe_clean, card_names, open_app, read_at_size, screen, shot, wait_idle
from schraem.club.outbound import export_record
from schraem.core.game import Game

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy"), ("Hans", "human")]
GUESTS = (2, 4)
CARD = re.compile(r'"((?:10|[7-9AKQJ])[CSHD])"')
STATIC = re.compile(r"\.(?:svg|png|ico|js|mjs|css|json|webmanifest|woff2?)$")

# Every message any data channel of the page receives, before the app's own
# listener sees it.
RECEIVED_PROBE = """
window.__received = [];
const add = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, fn, ...rest) {
  if (type === 'message' && !this.__probed) {
    this.__probed = true;
    add.call(this, 'message', (e) => window.__received.push(typeof e.data === 'string' ? e.data : '<binary>'));
  }
  if (type === 'message' && window.__tamperRecord) {
    // A host that changed the record: the finished hand this phone is sent
    // has two cards swapped between seats 1 and 3 ('cards'), or another
    // number for seat 1 than it committed to ('reveal').
    const inner = fn;
    fn = (e) => {
      if (typeof e.data !== 'string' || !e.data.includes('schraem-record/1')) return inner(e);
      const msg = JSON.parse(e.data);
      const hand = msg.result.hands[0];
      if (window.__tamperRecord === 'reveal') hand.fair[0].reveal = hand.fair[0].reveal.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      else [hand.deal[0][0], hand.deal[2][0]] = [hand.deal[2][0], hand.deal[0][0]];
      return inner({ data: JSON.stringify(msg) });
    };
  }
  return add.call(this, type, fn, ...rest);
};
"""
# Each guest is sent the finished hand's record altered in its own way, and
# reports it with its own reason.
TAMPERED = {2: ("reveal", "the reveal of seat 1 does not match its commit"), 4: ("cards", "the cards of seat 1 do not follow")}

# Whether every element `selector` matches lies whole between the top bar
# and the controls at the foot of the screen, its top and its foot not
# covered or scrolled away (the topmost element there is it or inside it).
IN_SIGHT = """(selector) => {
  const top = document.querySelector('header.topbar').getBoundingClientRect().bottom;
  const foot = document.getElementById('controls').getBoundingClientRect().top;
  const els = [...document.querySelectorAll(selector)];
  const seen = (el, x, y) => el.contains(document.elementFromPoint(x, y));
  return els.length > 0 && els.every((el) => {
    const r = el.getBoundingClientRect();
    const x = (r.left + r.right) / 2;
    return r.top >= top && r.bottom <= foot && seen(el, x, r.top + 4) && seen(el, x, r.bottom - 4);
  });
}"""

HOST_STATE = """async () => {
  const m = await import('./modules.js').then((m) => m.engineClient);
  const r = await m.currentEngine().call('state', { viewer: 1 });
  return r.result;
}"""


def _fill_setup(page, players=None, dealer: str | None = "4") -> None:
    """The start form with `players` (this module's PLAYERS unless given);
    `dealer` None leaves the form's own choice."""
    players = players or PLAYERS
    page.select_option('[data-field="count"]', str(len(players)))
    for i, (name, who) in enumerate(players):
        page.fill(f'[data-field="name"][data-seat="{i}"]', name)
        page.locator(f'[data-field="name"][data-seat="{i}"]').dispatch_event("change")
        page.select_option(f'[data-field="who"][data-seat="{i}"]', who)
    if dealer is not None:
        page.select_option('[data-field="dealer"]', dealer)


def _text_of(page, key: str, timeout: float = 30_000) -> str:
    sel = f'[data-phone-text="{key}"]'
    page.wait_for_function(f"() => (document.querySelector('{sel}')?.value ?? '').length > 100", timeout=timeout)
    return page.locator(sel).input_value()


def _received(page) -> list[dict]:
    return [json.loads(t) for t in page.evaluate("() => window.__received.slice()")]


def _patched(base, patch: dict):
    """A state patch (pwa/bridge/state-patch.js) applied, as the guest applies it."""
    out = list(base) if isinstance(base, list) else dict(base)
    for k, v in patch.get("s", {}).items():
        out[int(k) if isinstance(out, list) else k] = v
    for k, p in patch.get("p", {}).items():
        key = int(k) if isinstance(out, list) else k
        out[key] = _patched(base[key], p)
    for k, items in patch.get("a", {}).items():
        out[k] = base[k] + items
    for k in patch.get("d", []):
        del out[k]
    return out


def _states(page) -> list[dict]:
    """Every state the guest was sent (in replies and pushes), whole: the
    host sends one whole per channel, then what changed."""
    out, base = [], None
    for msg in _received(page):
        if msg.get("type") not in ("reply", "state"):
            continue
        if "state" in msg:
            base = msg["state"]
        elif "patch" in msg:
            base = _patched(base, msg["patch"])
        else:
            continue
        out.append(base)
    return out


def _guest_view(page) -> dict | None:
    """The newest view the guest was sent (a reply or a pushed state)."""
    states = _states(page)
    return states[-1]["view"] if states else None


def _tap(page, selector: str) -> bool:
    """A tap on what the newest view offers; the table may have moved on
    since (another phone's move redrew it), which is no failure."""
    target = page.locator(selector).first
    try:
        # A view read a moment ago is drawn, and its button enabled, within
        # a frame or two; one that another phone's move has overtaken never
        # is (its card not drawn, or drawn for a turn gone by), and the
        # caller reads the views again sooner than a tap's 3 s of waiting
        # (a sixth of a series' time in the drivers' loops).
        target.wait_for(state="attached", timeout=1_000)
        target.tap(timeout=1_000)
        return True
    except PlaywrightTimeout:
        return False


def _step(page, view: dict | None, knock: bool = False) -> bool:
    """One tap for the seat whose view this is, if it must act (or, with
    `knock`, knocks once a hand after looking); True if tapped."""
    if view is None or screen(page) != "table":
        return False
    me = view["seat"]
    legal = {(a["type"], a.get("card")) for a in view["legal"]}
    if view.get("response") and view["response"]["to_answer"] == me and ("hold", None) in legal:
        return _tap(page, '[data-action="hold"]')
    knocked = any(e["seat"] == me and e["type"] == "knock" for e in view["log"])
    if knock and not knocked and ("knock", None) in legal and view.get("my_cards"):
        return _tap(page, '[data-action="knock"]')
    if ("look", None) in legal:
        return _tap(page, '[data-action="look"]')
    plays = [c for t, c in legal if t == "play"]
    if plays and view.get("my_cards"):
        card = next(c for c in view["my_cards"] if c in plays)
        return _tap(page, f'[data-card="{card}"]')
    return False


def _allowed(record: dict, seat: int) -> tuple[set[str], set[str]]:
    """The seat's dealt cards of hand 1, and every card played in it."""
    exported = export_record(Game.from_record(record), keep_last=True)
    own = set(exported["hands"][0]["deal"][seat - 1])
    played = {a["card"] for a in record["hands"][0]["actions"] if a["type"] == "play"}
    return own, played


def _is_record(msg: str) -> bool:
    return '"format": "schraem-record/1"' in msg or '"format":"schraem-record/1"' in msg


def _assert_no_leak(guest, allowed, start: int = 0) -> None:
    """No card outside `allowed` in the messages from `start` on (the
    finished hands' record a guest asks for after a hand is checked on its
    own) nor in the page. `allowed` may be a function, called after the
    messages and the page were read: the computer players play on meanwhile."""
    messages = guest.evaluate("() => window.__received.slice()")[start:]
    dom = guest.content()
    shown = set(guest.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
    allowed = allowed() if callable(allowed) else allowed
    for msg in messages:
        assert '"save"' not in msg and '"seed"' not in msg, msg[:300]
        if _is_record(msg):
            continue
        assert '"fair"' not in msg, msg[:300]
        leaked = set(CARD.findall(msg)) - allowed
        assert not leaked, (leaked, msg[:300])
    assert shown <= allowed, shown - allowed
    for card in {f"{r}{s}" for r in ("10", "9", "8", "7", "A", "K", "Q", "J") for s in "CSHD"} - allowed:
        assert f'data-card="{card}"' not in dom
        for name in card_names(card):
            assert name not in dom, (card, name)


def _join(guest, host, seat: int, check_screens: bool, site) -> None:
    """The guest pastes the host's invitation for `seat`; the host pastes
    the guest's answer."""
    offer = _text_of(host, f"offer-{seat}")
    assert offer.startswith("SCHRAEM-OFFER:") and len(offer) < 1500
    guest.locator('[data-action="phone-join"]').tap()
    assert guest.locator("h2#phone-join-heading").inner_text() == "Join a table"
    if check_screens:
        guest.fill('[data-phone-text="offer"]', "not an invitation")
        guest.locator('[data-action="phone-join-offer"]').tap()
        guest.wait_for_function("() => document.getElementById('message')?.textContent.includes('no invitation')")
    _trade_codes(guest, host, seat, offer)
    if check_screens:
        assert_axe_clean(guest, site, "join a table")


def _trade_codes(guest, host, seat: int, offer: str) -> None:
    guest.fill('[data-phone-text="offer"]', offer)
    guest.locator('[data-action="phone-join-offer"]').tap()
    answer = _text_of(guest, "answer")
    assert answer.startswith("SCHRAEM-ANSWER:")
    host.fill(f'[data-phone-text="answer-{seat}"]', answer)
    host.locator(f'[data-action="phone-answer"][data-seat="{seat}"]').tap()


# The host's seat row once it is linked (gone from the codes screen) or its
# link failed.
_LINK_OUTCOME = """(seat) => {
  const row = document.querySelector(`.phone-seat[data-seat="${seat}"]`);
  if (document.body.dataset.screen !== 'phone-open' || !row) return 'linked';
  return row.dataset.link === 'failed' ? 'failed' : null;
}"""


def _join_linked(guest, host, seat: int, site) -> None:
    """`_join`, and where the link fails, what the people do: both tap the
    new try and trade the new codes. On one machine two phones whose
    addresses are hidden (no camera allowed) find each other through mDNS,
    which now and then does not answer within the app's 15 seconds."""
    _join(guest, host, seat, False, site)
    for _ in range(2):
        if host.wait_for_function(_LINK_OUTCOME, arg=seat, timeout=60_000).json_value() == "linked":
            return
        host.locator(f'[data-action="phone-retry"][data-seat="{seat}"]').tap()
        guest.locator('[data-action="phone-retry"]').tap(timeout=30_000)
        _trade_codes(guest, host, seat, _text_of(host, f"offer-{seat}"))
    assert host.wait_for_function(_LINK_OUTCOME, arg=seat, timeout=60_000).json_value() == "linked"


def test_guests_play_their_own_seats_over_data_channels_and_see_only_their_cards(
    warm_page, shared_site, artifacts, page_errors, request_log
):
    # Service workers blocked: axe-core is served to the page by a route.
    host = warm_page(locale="de-DE", service_workers="block")
    guests = {2: warm_page(locale="en-GB", service_workers="block"), 4: warm_page(locale="en-US", service_workers="block")}
    for seat, (how, _) in TAMPERED.items():
        guests[seat].add_init_script(f"window.__tamperRecord = '{how}';")
    for guest in guests.values():
        guest.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=23)
    for guest in guests.values():
        open_app(guest, shared_site)

    # The host opens the table: an invitation per guest seat, as text and
    # as a QR code, in German.
    _fill_setup(host)
    host.locator('[data-action="phone-open"]').tap()
    for seat in GUESTS:
        _text_of(host, f"offer-{seat}")
        assert host.locator(f'.phone-seat[data-seat="{seat}"] svg.qr').count() == 1
    assert screen(host) == "phone-open" and host.locator("h2#phone-open-heading").inner_text() == "Tisch eröffnen"
    # The first code is whole on the screen as it opens, on a small phone and a large one.
    size = host.viewport_size
    for width, height in ((360, 640), (412, 915)):
        assert read_at_size(host, width, height, IN_SIGHT, '.phone-seat[data-seat="2"] svg.qr'), (width, height)
    host.set_viewport_size(size)
    shot(host, artifacts, "phone-table-open.png")
    assert_axe_clean(host, shared_site, "open a table")

    # Each guest pastes its invitation and shows its answer, in English.
    for seat, guest in guests.items():
        _join(guest, host, seat, seat == GUESTS[0], shared_site)
    requests_before_play = len(request_log.urls)

    # Connected, the phones deal by commit and reveal; all show the table.
    for page in (host, *guests.values()):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    shot(guests[2], artifacts, "phone-table-guest.png")
    # No phone at the table offers to take a move back (every phone saw it).
    for page in (host, *guests.values()):
        assert page.locator('[data-action="undo"]').count() == 0
    for seat, guest in guests.items():
        first = _guest_view(guest)
        assert first["seat"] == seat and first["hand_no"] == 1

    seen_own = dict.fromkeys(GUESTS)
    phones = (host, *guests.values())
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if all(screen(p) == "result" for p in phones):
            break
        wait_idle(host)
        tapped = False
        for seat, guest in guests.items():
            view = _guest_view(guest)
            if view and view.get("my_cards") and seen_own[seat] is None:
                seen_own[seat] = set(view["my_cards"])
            tapped = _step(guest, view, knock=True) or tapped
        tapped = _step(host, host.evaluate(HOST_STATE)["view"]) or tapped
        host.wait_for_timeout(150 if tapped else 100)
    else:
        raise AssertionError(f"the hand did not end: {[screen(p) for p in phones]}")

    # Only the host deals the next hand: a guest is told so, with no button
    # the host's engine would refuse.
    assert host.locator('[data-action="next-hand"]').count() == 1
    for guest in guests.values():
        for action in ("next-hand", "undo", "rematch", "export"):
            assert guest.locator(f'[data-action="{action}"]').count() == 0, action
        assert "deals the next hand" in guest.locator(".host-deals").inner_text()

    # The whole hand went over the data channels: once the phones had
    # joined, the web server (static files only) was asked for nothing but files.
    after = [urlsplit(u) for u in request_log.urls[requests_before_play:]]
    assert all(not u.query and STATIC.search(u.path) for u in after), after
    assert not request_log.foreign(shared_site.origin)

    record = host.evaluate(HOST_STATE)["save"]["record"]
    hand = record["hands"][0]
    assert [e["seat"] for e in hand["fair"]] == [1, *GUESTS]  # the three phones dealt it
    received_in_hand_1 = {}
    allowed_1 = {}
    for seat, guest in guests.items():
        # Each guest played and knocked for its own seat, from its own phone.
        assert any(a["seat"] == seat and a["type"] == "play" for a in hand["actions"])
        assert any(a["seat"] == seat and a["type"] == "knock" for a in hand["actions"])
        own, played = _allowed(record, seat)
        assert seen_own[seat] == own
        # After the hand the guest fetched the finished hands and its own
        # engine checked them; each was sent an altered record and names
        # what its check found.
        guest.wait_for_function("() => document.documentElement.dataset.fairDeal === '1:1:false'", timeout=30_000)
        message = guest.locator("#message").inner_text()
        assert "does not match what this phone was shown" in message and TAMPERED[seat][1] in message, message
        verdict = guest.locator('.phone-verdict[data-hand="1"]')
        assert verdict.get_attribute("data-fair") == "false" and verdict.inner_text().startswith("✗ Hand 1 does not add up:")
        records = [json.loads(m)["result"] for m in guest.evaluate("() => window.__received.slice()") if _is_record(m)]
        assert len(records) == 1 and len(records[0]["hands"]) == 1  # only the finished hand, never one in play
        allowed_1[seat] = own | played
        _assert_no_leak(guest, allowed_1[seat])
        states = _states(guest)
        assert states and all(st["seat"] == seat and st["view"]["seat"] == seat for st in states)
        # After the first whole state, only what changed went over the channel.
        assert sum("patch" in m for m in _received(guest)) > 10 * sum("state" in m for m in _received(guest))
        received_in_hand_1[seat] = len(_received(guest))

    # Every phone is told each claim, as that seat's claim with its reason.
    host.wait_for_function("() => document.querySelectorAll('.phone-dispute[data-hand=\"1\"]').length === 2", timeout=30_000)
    claims = host.locator(".phone-dispute").all_inner_texts()
    assert any("Platz 2: Bert meldet zu Spiel 1" in c for c in claims) and any("Platz 4: Hans meldet zu Spiel 1" in c for c in claims), (
        claims
    )
    for seat, guest in guests.items():
        guest.wait_for_function("() => document.querySelectorAll('.phone-dispute[data-hand=\"1\"]').length === 2", timeout=30_000)
        other = 4 if seat == 2 else 2
        claim = guest.locator(f'.phone-dispute[data-seat="{other}"]').inner_text()
        assert "reports on hand 1" in claim and TAMPERED[other][1] in claim, claim
        # Beside the other phone's claim, this phone says what its own check
        # of the same hand found: a claim, not a verdict.
        own = guest.locator('.phone-own-check[data-hand="1"]')
        assert own.get_attribute("data-fair") == "false" and "finds a fault too" in own.inner_text()

    # The host deals on: the phones commit and reveal again for hand 2.
    wait_idle(host)
    host.locator('[data-action="next-hand"]').tap()
    for page in phones:
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    record = host.evaluate(HOST_STATE)["save"]["record"]
    assert [e["seat"] for e in record["hands"][1]["fair"]] == [1, *GUESTS]
    assert record["hands"][1]["fair"] != record["hands"][0]["fair"]
    for seat, guest in guests.items():
        guest.wait_for_function("() => window.__received.some((m) => /\"hand_no\": ?2/.test(m))")

        def allowed_2(seat=seat):
            record = host.evaluate(HOST_STATE)["save"]["record"]
            own2 = set(export_record(Game.from_record(record), keep_last=True)["hands"][1]["deal"][seat - 1])
            return allowed_1[seat] | own2 | {a["card"] for a in record["hands"][1]["actions"] if a["type"] == "play"}

        _assert_no_leak(guest, allowed_2, start=received_in_hand_1[seat])
    assert not page_errors
