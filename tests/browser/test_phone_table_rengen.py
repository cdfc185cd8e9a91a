"""A Rengen set at a table of phones (docs/PHONE_TABLE.md): three phones
join once and play the set's two games at the full table, then its
Hängeln is dealt on the two losers' phones — the host's and a guest's —
while the third phone watches it without a card; no code is made or read
after the first join, each guest checks every hand it played. Then the
host's phone is gone for good: the guest that plays the Hängeln carries
the set on, the watching phone joins it with one code, the computer plays
the old host's seat, the Hängeln is dealt again and played out, the
watching phone says it was not its to check, both phones show who lost
the set, with the set's games and Spielliste the old host's, and keep the
set as one entry of their history. Hans's phone then deals another set
to the same two phones, with no code.

One mark each (house rules "Kurz"): the forehand sits on the hammer and
knocks at once, so each game is over after the first answers, and the
first to pass is its first out. Who passes first is the test's choice, so
the Hängeln is always between Hans (lost game 1) and Anne (lost game 2)."""

from __future__ import annotations

import time

from test_house_rules import set_option
from test_phone_table import RECEIVED_PROBE, _fill_setup, _join, _states, _tap
from test_phone_table_evening import CONNECTIONS_PROBE, DRAWN, KEPT_GAMES, _list_of, take_over

from club_helpers import choose_format
from helpers import open_app, screen, tap, wait_idle, wait_until

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Hans", "human")]
SAVE = "async () => (await import('./modules.js')).model.model.game.save"
LISTS_OF = """async (save) => {
  const m = await import('./modules.js').then((m) => m.engineClient);
  return (await m.currentEngine().call('lists', { of: save })).result?.lists?.length ?? null;
}"""


def _until(page, ok, what: str, timeout: float = 60) -> dict:
    """The phone's drawn state once `ok` holds for it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = page.evaluate(DRAWN)
        if state and ok(state):
            return state
        page.wait_for_timeout(50)
    raise AssertionError(f"{what}: {screen(page)}, {page.evaluate(DRAWN)}")


def _pass_when_asked(page) -> None:
    """This phone's player answers the hammer's knock by passing."""
    _until(page, lambda s: not s["hand_over"] and (s["view"].get("response") or {}).get("to_answer") == s["view"]["seat"], "asked")
    page.locator('[data-action="pass"]').tap()


def short_rengen_set(host) -> None:
    """The host's start form: house rules "Kurz" (Rengen, one mark each),
    Anne, Bert and Hans, Anne dealing. The forehand then sits on the hammer
    and knocks at once, so each game is over after the first answers, and
    the first to pass is its first out: who passes first is the test's
    choice."""
    tap(host, '[data-action="house-open"]')
    host.wait_for_selector(".house-group")
    wait_idle(host)
    host.locator('[data-field="house-name"]').fill("Kurz")
    host.select_option('[data-field="house-preset"]', "rengen")
    wait_idle(host)
    set_option(host, "start_marks", "1")
    tap(host, '[data-action="house-save"]')
    host.wait_for_function("() => document.body.dataset.screen === 'start'")
    host.select_option('[data-field="house-set"]', label="Kurz")
    _fill_setup(host, PLAYERS, dealer="1")


def _game(host, guests, game: int, passing) -> None:
    """One game of the set: the two phones of `passing` pass in turn; each
    guest checks the hand."""
    for page in passing:
        _pass_when_asked(page)
    for page in (host, *guests):
        page.wait_for_function("() => document.body.dataset.screen === 'over'", timeout=60_000)
    for guest in guests:
        guest.wait_for_selector(f'.phone-verdict[data-game="{game}"][data-hand="1"][data-fair="true"]', timeout=30_000)


def test_a_rengen_set_plays_its_hangeln_on_the_two_losers_phones_and_the_third_watches(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    bert, hans = (warm_page(locale=locale, service_workers="block") for locale in ("en-GB", "en-US"))
    phones = (host, bert, hans)
    for page in phones:
        page.add_init_script(CONNECTIONS_PROBE)
    for guest in (bert, hans):
        guest.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=17)
    for guest in (bert, hans):
        open_app(guest, shared_site)
    short_rengen_set(host)
    choose_format(host, "set")
    host.locator('[data-action="phone-open"]').tap()
    for seat, guest in ((2, bert), (3, hans)):
        _join(guest, host, seat, False, shared_site)
    for page in phones:
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    connections = [p.evaluate("() => window.__connections") for p in phones]

    # Game 1: Bert sits on the hammer; Hans passes first (out first), then Anne.
    _game(host, (bert, hans), 1, (hans, host))
    wait_idle(host)
    host.locator('[data-action="next-game"]').tap()
    # Game 2, dealt by Bert: Hans on the hammer; Anne passes first, then Bert.
    _until(host, lambda s: s["view"]["hand_no"] == 1 and s["phone_table"]["game"] == 2, "game 2")
    _game(host, (bert, hans), 2, (host, bert))
    assert "Hans" in host.locator(".set-line").inner_text() and "Anne" in host.locator(".set-line").inner_text()
    wait_idle(host)
    host.locator('[data-action="next-game"]').tap()

    # The Hängeln: Hans (game 1's loser) at its seat 1, Anne at its seat 2,
    # dealt by their two phones; Bert's phone watches with no code read.
    for page in phones:
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    state = _until(host, lambda s: s["set"]["in_hangeln"] and s["view"]["hand_no"] == 1, "the Hängeln")
    assert state["set"]["hangeln_seats"] == [3, 1] and state["view"]["seat"] == 2 and state["phone_table"]["game"] == 3
    dealt_by = "async () => (await import('./modules.js')).model.model.game.save.record.hands[0].fair.map((e) => e.seat)"
    assert host.evaluate(dealt_by) == [1, 2]
    # The set's games as the host played them, to compare after its loss.
    played = [[h["actions"], h["fair"]] for r in host.evaluate(SAVE)["set"]["finished"] for h in r["hands"]]
    assert _until(hans, lambda s: s["game"] == 3, "Hans in the Hängeln")["view"]["seat"] == 1
    watched = _until(bert, lambda s: s["game"] == 3, "Bert watching")
    assert watched["view"]["seat"] is None and watched["view"]["my_cards"] is None
    assert bert.locator('[data-action="look"], [data-action="pass"], .hand [data-card]').count() == 0
    # Hans looks at his cards; then Anne's phone is gone for good.
    _until(hans, lambda s: any(a["type"] == "look" for a in s["view"]["legal"]), "look")
    _tap(hans, '[data-action="look"]')
    _until(hans, lambda s: s["view"]["my_cards"], "cards")
    listed = _list_of(bert)
    # No phone made a connection after the first join.
    assert [p.evaluate("() => window.__connections") for p in phones] == connections
    host.close()
    for guest in (bert, hans):
        guest.wait_for_selector('.phone-links[data-lost="yes"]', timeout=30_000)
    # Either guest may carry the set on, the one that watches too.
    assert bert.locator('[data-action="phone-takeover"]').count() == 1

    # Hans carries it on: Bert joins him with one code, the computer plays Anne.
    for said in take_over(hans, bert, 2, lost=1):
        assert said == "Seat 3: Hans took the table over from Seat 1: Anne: the Hängeln is dealt.", said
    # The Hängeln dealt again, by Hans's phone alone (the computer's seat
    # with it); the set's two games and its Spielliste are the old host's.
    state = _until(hans, lambda s: s["view"]["hand_no"] == 1 and s["phone_table"]["taken_over"], "the Hängeln again")
    assert state["set"]["in_hangeln"] and state["set"]["hangeln_seats"] == [3, 1] and state["phone_table"]["game"] == 3
    assert state["view"]["seat"] == 1 and [e["seat"] for e in hans.evaluate(SAVE)["record"]["hands"][0]["fair"]] == [1]
    assert _until(bert, lambda s: s["game"] == 3 and s["taken_over"], "Bert watching again")["view"]["my_cards"] is None
    # The Spielliste of the set's two games, one table (the Hängeln has its own).
    assert _list_of(hans)[0] == _list_of(bert)[0] == listed[0] and len(listed) == 2
    # Hans gives the Hängeln up at once: he has lost the set.
    _until(hans, lambda s: any(a["type"] == "look" for a in s["view"]["legal"]), "look again")
    _tap(hans, '[data-action="look"]')
    _until(hans, lambda s: s["view"]["my_cards"] and s["view"]["due"] == [1], "Hans to lead")
    hans.locator('[data-action="pass"]').tap()
    for page in (hans, bert):
        page.wait_for_function("() => document.body.dataset.screen === 'over'", timeout=60_000)
    assert _until(hans, lambda s: s["set"]["over"], "the set decided")["set"]["loser"] == 3
    bert.wait_for_selector('.phone-verdict[data-game="3"][data-hand="1"][data-fair="watched"]', timeout=30_000)
    assert "not this phone's to check" in bert.locator(".phone-verdict").inner_text()
    assert bert.locator('[data-action="next-game"]').count() == 0

    # The Hängeln's cards reached Hans's phone, and none reached Bert's.
    assert all(s["view"]["my_cards"] is None and s["view"]["seat"] is None for s in _states(bert) if s["game"] == 3)
    assert any(s["view"]["my_cards"] for s in _states(hans) if s["game"] == 3)
    # Both phones keep the set, decided, as one entry of their history (on
    # Hans's phone the one it kept as a guest, carried on) that opens as the
    # set's three lists; the games agree card for card with the old host's.
    kept = {}
    for page in (hans, bert):
        wait_until(page, f"async () => (await ({KEPT_GAMES})()).some((e) => e.kind === 'set' && e.status === 'finished')", timeout=30_000)
        (entry,) = [e for e in page.evaluate(KEPT_GAMES) if e["kind"] == "set"]
        assert "Hans" in entry["summary"]["en"], entry["summary"]
        assert page.evaluate(LISTS_OF, entry["save"]) == 3
        kept[page] = [[h["actions"], h["fair"]] for r in entry["records"] for h in r["hands"]]
    assert kept[hans] == kept[bert] == played and len(played) == 2

    # Another set at the same phones, no code: Hans's phone deals its first
    # game with Bert's (the computer in Anne's seat), each sees its own cards.
    linked = [p.evaluate("() => window.__connections") for p in (hans, bert)]
    assert bert.locator('[data-action="again"]').count() == 0
    wait_idle(hans)
    hans.locator('[data-action="again"]').tap()
    for page, seat in ((hans, 3), (bert, 2)):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
        # The host's state says it under `phone_table`, a guest's at its top.
        table = (lambda s: s["phone_table"]) if page is hans else (lambda s: s)
        state = _until(page, lambda s: table(s)["game"] == 4 and s["view"]["hand_no"] == 1 and not table(s)["deal"], "the next set")
        assert state["set"]["games"] == [{"winner": None, "loser": None, "over": False}] and not state["set"]["over"]
        assert state["view"]["seat"] == seat and len(state["view"]["players"]) == 3
    assert [p.evaluate("() => window.__connections") for p in (hans, bert)] == linked
    # The set before stays one entry, decided; the new one is not filed over it.
    assert [e["status"] for e in hans.evaluate(KEPT_GAMES) if e["kind"] == "set"] == ["finished"]
    assert not page_errors
