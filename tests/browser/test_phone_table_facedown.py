"""A table of phones with the cards face down (docs/FACE_DOWN.md): a host
and two guests, each in its own browser context with its own engine, joined
by pasting the codes, beside a computer player on the host's phone. Every
phone plays its own seat on its own engine through the `facedown_*`
commands, the frames going over the data channels; every phone shows the
same table code of the phones' keys before the first card and beside each
hand's check; after every hand every phone says in words on its result
screen what its own check found. No
phone's page and no message its data channels received holds a card its
seat may not see. A guest's app closed mid-hand and opened again goes back
to its seat from its save with the host's new code, and checks the hand; the
other guest's phone lost for good then, the host goes on without it, its
own phone playing that seat on, and the two phones still there check the
hand and say who left and when. The three games are a series from the start
form, of one mark each: the first
ends with its first hand, every phone shows the series' totals from the
game it checked and files the series in its history (one entry, the same on
each), and the host's next game of the series, tapped twice, deals the
second to the same phones once, no code made or read. Between the second
and the third game the host hands the lost guest's seat to the computer:
the guest still there takes the computer's new key on its own, both phones
show the same new table code, and the third game is dealt by the two
phones, the host's playing both computers. At the series' end every
phone's entry holds all three games, and the host's export saves the
series as a file."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from test_house_rules import choose_short_games
from test_phone_table import CARD, RECEIVED_PROBE, _fill_setup, _join, _step, _text_of, _trade_codes
from test_phone_table_evening import KEPT_GAMES

from helpers import card_names, message, open_app, screen, wait_idle, wait_until

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy"), ("Hans", "human")]
GUESTS = (2, 4)
ALL_CARDS = {f"{r}{s}" for r in ("10", "9", "8", "7", "A", "K", "Q", "J") for s in "CSHD"}

# This phone's table state as its Session holds it, and its face-down save
# as stored (IndexedDB, through the app's own storage module).
STATE = "async () => (await import('./modules.js')).model.model.game?.state ?? null"
SAVE = "async () => (await import('./modules.js')).facedownSave.readFaceDownSave()"


# Each card tapped: when, when this phone first sent a frame after it, when
# the page first drew the tap (its card leaving the hand), when a
# drawing put the card back in the hand before it was taken ("undrawn"),
# and when it left the hand. A face-down phone's action leaves with its
# engine's answer: drawn first, the tap held that answer and every other
# phone for a frame. The card is taken only once its move comes back in
# the host's order, opened by every phone's share: until then it stays
# drawn as played.
TAP_ORDER_PROBE = """
window.__tapOrder = [];
// The app takes a tap at its pointerup (app.js), a few milliseconds before
// the click: timed from the click, a tap drawn by the wait's end looked
// drawn sooner than the wait.
window.addEventListener('pointerup', (e) => {
  const button = e.target.closest?.('[data-card]');
  if (button) window.__tapOrder.push({button, tap: performance.now(), sent: null, drawn: null, undrawn: null, gone: null, said: []});
}, true);
{
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (...rest) {
    const t = window.__tapOrder.at(-1);
    if (t && t.sent == null) t.sent = performance.now();
    return send.apply(this, rest);
  };
}
new MutationObserver(() => {
  const t = window.__tapOrder.at(-1);
  if (!t || t.gone != null) return;
  const b = document.querySelector(`#table .hand [data-card="${t.button.dataset.card}"]`);
  const now = performance.now();
  if (!b) t.gone = now;
  else if (b.closest('li')?.classList.contains('leaving')) {
    t.drawn ??= now;
    const said = document.querySelector('#table .status')?.textContent;
    if (said && !t.said.includes(said)) t.said.push(said);
  }
  else if (t.drawn != null) t.undrawn ??= now;
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});
"""
# pwa/app/taps.js: how long a tap's effect waits for such an answer;
# pwa/app/state.js: how long the engine's answer to a tap held waits to be
# drawn for the move to come back.
SHOWN_WITHIN_MS = 100
HELD_DRAW_MS = 150


def _assert_taps_drawn_after_sent_and_kept(page, opening: str) -> int:
    """Every card tap whose frame went out within the wait went out before
    the page drew it, and every card taken either opened before the page
    drew the tap (it went from the hand to the trick) or stayed drawn as
    played until then: the status line saying so (`opening`) once it took
    longer than the engine's answer waits to be drawn, not for a card back
    sooner (the answer is not drawn in between). → how many taps went out
    within the wait."""
    taps = page.evaluate(
        "() => window.__tapOrder.map(({tap, sent, drawn, undrawn, gone, said}) => ({tap, sent, drawn, undrawn, gone, said}))"
    )
    held = [t for t in taps if t["gone"] is not None and t["drawn"] is not None]
    # (Another phone's message drawn meanwhile draws the held tap's words too.)
    back_soon = [t for t in held if t["gone"] - t["drawn"] < HELD_DRAW_MS - 10]
    assert not back_soon or any(opening not in t["said"] for t in back_soon), taps
    for t in held:
        if t["sent"] is not None and t["gone"] - t["sent"] > HELD_DRAW_MS + 400:
            assert opening in t["said"], taps
    judged = [t for t in taps if t["sent"] is not None and t["sent"] - t["tap"] < SHOWN_WITHIN_MS]
    for t in judged:
        assert t["drawn"] is None or t["drawn"] >= t["sent"], taps
    for t in taps:
        assert t["gone"] is None or t["undrawn"] is None, taps
    return len(judged)


def _view(page) -> dict | None:
    state = page.evaluate(STATE)
    return state["view"] if state else None


def face_down_pair(host, guest, players) -> None:
    """A face-down table of two phones from the host's start form (house
    rules of one mark each, the host dealing first): `players`, the guest
    at seat 2, joined by pasting the codes; both showing the table."""
    choose_short_games(host)
    _fill_setup(host, players, dealer="1")
    host.locator('[data-field="phone-facedown"]').check()
    host.locator('[data-action="phone-open"]').tap()
    guest.locator('[data-action="phone-join"]').tap()
    _trade_codes(guest, host, 2, _text_of(host, "offer-2"))
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)


def _play_hand(phones: dict, within_s: float) -> None:
    """Every phone taps for its own seat, from its own view, until every
    phone shows the hand's result."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if all(screen(p) in ("result", "over") for p in phones.values()):
            return
        tapped = False
        for page in phones.values():
            tapped = _step(page, _view(page)) or tapped
        next(iter(phones.values())).wait_for_timeout(100 if tapped else 60)
    raise AssertionError(f"the hand did not end: {[screen(p) for p in phones.values()]}")


def _play_moves(phones: dict, count: int) -> None:
    for _ in range(200):
        if count <= 0:
            return
        for page in phones.values():
            if _step(page, _view(page)):
                count -= 1
        next(iter(phones.values())).wait_for_timeout(100)


def _reopened(guest, host, seat: int, site):
    """The guest's page closed and the app opened again on the same phone
    (its storage kept): it asks for the host's new code for its seat, and
    the host reads its answer."""
    ctx = guest.context
    guest.close()
    host.wait_for_function(f"() => document.querySelector('.phone-links')?.dataset.down === '{seat}'", timeout=30_000)
    page = ctx.new_page()
    page.add_init_script(RECEIVED_PROBE)
    open_app(page, site)
    page.wait_for_function("() => document.body.dataset.screen === 'phone-join'")
    host.locator('[data-action="phone-codes"]').tap()
    offer = _text_of(host, f"offer-{seat}")
    page.fill('[data-phone-text="offer"]', offer)
    page.locator('[data-action="phone-join-offer"]').tap()
    host.fill(f'[data-phone-text="answer-{seat}"]', _text_of(page, "answer"))
    host.locator(f'[data-action="phone-answer"][data-seat="{seat}"]').tap()
    return page


def _assert_sees_only_its_own(page, seat: int, hands: list[dict], played_before: set[str], messages: list[str]) -> None:
    """The page shows no card but its seat's own of the hand and the cards
    played, and no message its channels received names one that was not
    played (its own cards are never sent by name)."""
    hand = hands[-1]
    played = played_before | {a["card"] for a in hand["actions"] if a["type"] == "play"}
    allowed = set(hand["deal"][seat - 1]) | played
    shown = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
    assert shown <= allowed, shown - allowed
    dom = page.content()
    for card in ALL_CARDS - allowed:
        assert f'data-card="{card}"' not in dom
        for name in card_names(card):
            assert name not in dom, (card, name)
    for msg in messages:
        named = set(CARD.findall(msg))
        assert named <= played, (named - played, msg[:300])


def test_three_phones_play_face_down_and_each_checks_every_hand(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    guests = {2: warm_page(locale="en-GB", service_workers="block"), 4: warm_page(locale="en-US", service_workers="block")}
    phones = {1: host, **guests}
    for page in phones.values():
        page.add_init_script(RECEIVED_PROBE)
        page.add_init_script(TAP_ORDER_PROBE)
    open_app(host, shared_site, seed=23)
    for guest in guests.values():
        open_app(guest, shared_site)

    # House rules of one mark each: a game is a hand.
    choose_short_games(host)
    # The choice on the table of phones' offer, off until chosen, with its
    # note on the computer players.
    _fill_setup(host, PLAYERS)
    box = host.locator('[data-field="phone-facedown"]')
    assert not box.is_checked()
    assert "Computerspieler spielt das Handy des Gastgebers" in host.locator(".phone-start").inner_text()
    box.check()
    # Face down, every format is offered: a game, a series, a Rengen set.
    assert not host.locator('[data-field="format"] option:disabled').count()
    host.select_option('[data-field="format"]', "series")
    host.select_option('[data-field="series-games"]', "3")
    host.locator('[data-action="phone-open"]').tap()
    for seat, guest in guests.items():
        _join(guest, host, seat, False, shared_site)

    start = time.monotonic()
    played: set[str] = set()
    hand = 1
    old_code = None  # the table code before a seat changed hands
    for game in (1, 2, 3):
        for page in phones.values():
            page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
        for seat, page in phones.items():
            view = _view(page)
            assert view["seat"] == seat and view["hand_no"] == hand and len(view["my_cards"] or []) in (0, 4)
            assert view["players"][1]["name"] == ("Bert" if game < 3 else "Rechner"), seat
        if game == 1:
            # The table code of every phone's key, in sight on every phone
            # before the first card: the same on all three.
            codes = {seat: _code(page) for seat, page in phones.items()}
            code = codes[1]
            assert re.fullmatch(r"\d{3} \d{3}", code) and set(codes.values()) == {code}, codes
            assert host.locator(".phone-code").inner_text() == f"Tischcode {code} – muss auf jedem Handy gleich sein"
            assert guests[2].locator(".phone-code").inner_text() == f"Table code {code} – must be the same on every phone"
        if game == 2:
            # Past the table's first card the code is one tap away.
            assert host.locator(".phone-code").count() == 0
            host.locator('[data-action="phone-code"]').tap()
            assert _code(host) == code
            # A few moves into the hand, guest 4's app is closed and opened
            # again: back at its seat with its save and the host's new code.
            _play_moves(phones, 2)
            phones[4] = _reopened(phones[4], host, 4, shared_site)
            phones[4].wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
            assert _view(phones[4])["hand_no"] == 1
            # Then guest 2's phone is lost for good: the host goes on without
            # it, its own phone playing Bert's seat on, and every phone still
            # there says who left and when.
            phones.pop(2).close()
            host.wait_for_function("() => document.querySelector('.phone-links')?.dataset.down === '2'", timeout=30_000)
            host.locator('[data-action="phone-standin"][data-seat="2"]').tap()
            for page in phones.values():
                page.wait_for_function("() => document.querySelector('.phone-gone')?.dataset.seat === '2'", timeout=30_000)
            after = host.locator(".phone-gone").get_attribute("data-after")
            assert host.locator(".phone-gone summary").inner_text() == f"Bert ist nach Zug {after} gegangen"
            assert phones[4].locator(".phone-gone summary").inner_text() == f"Bert left after move {after}"
            # One line above the table, on the narrowest phone too; what
            # happens to the seat is a tap away.
            size = host.viewport_size
            host.set_viewport_size({"width": 320, "height": 568})
            box = host.locator(".phone-gone").bounding_box()
            assert box is not None and box["height"] <= 48, box
            assert not host.locator(".phone-gone details > p").is_visible()
            host.locator(".phone-gone summary").tap()
            assert (
                host.locator(".phone-gone details > p").inner_text() == "Das Handy des Gastgebers spielt den Platz bis zum Ende des Spiels."
            )
            host.set_viewport_size(size)
            phones[4].locator(".phone-gone summary").tap()
            assert phones[4].locator(".phone-gone details > p").inner_text() == "The host's phone plays the seat to the end of the hand."
            # Opened, it stays open while the table is drawn again.
            _play_moves(phones, 1)
            host.wait_for_timeout(300)
            assert host.locator(".phone-gone details").get_attribute("open") == ""
        _play_hand(phones, 60)
        if game == 1:
            # Each phone's tap went out before the phone drew it, and stayed
            # drawn until its card was taken.
            opening = {1: "Deine Karte wird aufgedeckt …", 2: "Your card is being turned up …", 4: "Your card is being turned up …"}
            assert sum(_assert_taps_drawn_after_sent_and_kept(page, opening[seat]) for seat, page in phones.items()) >= 3
        # Every phone checked the hand itself, and says so on its result screen.
        for seat, page in phones.items():
            verdict = f'.phone-verdict[data-game="{game}"][data-hand="{hand}"]'
            page.wait_for_function(f"() => document.querySelector('{verdict}')?.dataset.fair === 'true'", timeout=30_000)
            text = page.locator(verdict).inner_text()
            assert text == (f"✓ Spiel {hand} geprüft" if seat == 1 else f"✓ Hand {hand} checked"), text
            # Beside it the table code, the same: guest 4's too, back from its
            # save; after the computer took Bert's seat, a new one.
            if code is None:
                code = _code(page)
                assert code != old_code
            assert _code(page) == code
        # Every phone replayed the same hand; none saw a card it may not.
        saves = {seat: page.evaluate(SAVE) for seat, page in phones.items()}
        records = [s["after"] for s in saves.values()]
        assert all(r == records[0] for r in records) and len(records[0]["hands"]) == hand
        hands = records[0]["hands"]
        for seat, page in phones.items():
            assert saves[seat]["seat"] == seat and saves[seat]["role"] == ("host" if seat == 1 else "guest")
            messages = page.evaluate("() => window.__received.slice()")
            _assert_sees_only_its_own(page, seat, hands, played, messages)
        played |= _played(hands[-1])
        # The game is over: every phone shows the series' totals and files the
        # series as one entry, the same on each.
        kept = [_filed(page, game) for page in phones.values()]
        assert len({k["id"] for k in kept}) == 1 and kept[0]["id"].startswith("series-facedown-") and kept[0]["kind"] == "series"
        assert all(k["records"] == kept[0]["records"] and k["save"] == kept[0]["save"] for k in kept)
        assert all(k["status"] == ("running" if game < 3 else "finished") for k in kept)
        filed = kept[0]["save"]["record"]
        assert filed["hands"] == records[0]["hands"] and len(kept[0]["records"]) == game
        assert [p.get("kind", "human") for p in filed["players"]] == ["human", "human" if game < 3 else "bot", "bot", "human"]
        for page in phones.values():
            page.wait_for_selector(".series-totals")
        if game == 1:
            # The series' next game, to the same phones at once; tapped twice, it is dealt once and nothing is said.
            button = host.locator('[data-action="next-game"]')
            button.wait_for()
            wait_idle(host)
            host.wait_for_function("() => document.querySelector('[data-action=\"next-game\"]')?.disabled === false")
            button.dblclick()
            host.wait_for_function("() => !document.querySelector('[data-action=\"next-game\"]:not([disabled])')")
            assert message(host) == ""
        if game == 2:
            # Bert's phone is not coming back: the computer takes his seat
            # from the next game on, as "Rechner". Guest 4 commits to its key again on its
            # own; both phones show the same new table code, and the host's
            # phone deals the next game once the code is made.
            # "Plays the seat to the end of the game" is past: no phone says it any more.
            for page in phones.values():
                assert page.locator(".phone-gone").count() == 0
            # The seat tools stand under the game's result, which stays the first thing in sight.
            assert host.evaluate(
                "() => document.querySelector('#over-heading').compareDocumentPosition(document.querySelector('.phone-seat-tools'))"
                " & Node.DOCUMENT_POSITION_FOLLOWING"
            )
            host.fill('[data-phone-text="seat-name-2"]', "Rechner")
            host.locator('[data-action="phone-computer-seat"][data-seat="2"]').tap()
            wait_until(
                phones[4],
                "async (old) => { const c = (await import('./modules.js')).model.model.game?.state?.facedown?.code; return c && c !== old; }",
                arg=code,
                timeout=30_000,
            )
            # Compared on both phones on the next hand's result screen, below.
            old_code, code = code, None
    # The host's export: the series as a file, both games as every phone
    # checked them, and not a word. A card the test tapped from a view read
    # just before another phone's move ended the game is refused in plain
    # words, as a person's would be; the export adds nothing to it.
    said = message(host)
    assert said in ("", "Die Spielrunde ist vorbei."), said
    with host.expect_download() as download:
        host.locator('[data-action="export"]').first.tap()
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["format"] == "schraem-series/1" and [g["hands"] for g in exported["games"]] == [r["hands"] for r in kept[0]["records"]]
    assert message(host) == said
    print(f"two games face down in {time.monotonic() - start:.1f} s")
    assert not page_errors


def _code(page) -> str:
    line = page.locator(".phone-code")
    line.wait_for(timeout=10_000)
    assert line.is_visible()
    return str(line.get_attribute("data-code"))


def _filed(page, games: int) -> dict:
    """The one series this phone's history holds, once it holds `games` games."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        kept = page.evaluate(KEPT_GAMES)
        if kept and len(kept[0]["records"]) == games:
            assert len(kept) == 1, kept
            return kept[0]
        page.wait_for_timeout(100)
    raise AssertionError("the series was not filed")


def _played(hand: dict) -> set[str]:
    return {a["card"] for a in hand["actions"] if a["type"] == "play"}
