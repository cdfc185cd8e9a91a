"""A Rengen set with the cards face down on every phone (docs/PHONE_TABLE.md,
docs/FACE_DOWN.md): three phones join once and play the set's two games at
the full table, each phone dealing and checking every hand on its own
engine; then its Hängeln is dealt by all three phones, the two losers'
phones playing it and the third watching without a card: it deals, sees
every card played and checks the hand. Every phone says after every hand,
the Hängeln's too, that it checked it, shows who lost the set, and keeps
the set as one entry of its history, the same on each. No message the
watching phone received names a card of the Hängeln before it was played.
Then Bert's phone leaves and the host gives his seat to the computer for
the next set (named by the table's seats, not the Hängeln's two): Hans's
phone commits again, both show the same new table code, and the host's
phone deals another set to the phones still there, no code made or read:
each phone makes its first game from the set it checked, the set before
stays one entry of its history, decided, and a guest's Spielliste shows
that set until a hand of the new one is checked. The set is the ordinary table's
test's (test_phone_table_rengen.py): one mark each, the Hängeln between
Hans (lost game 1) and Anne (lost game 2)."""

from __future__ import annotations

from test_phone_table import CARD, RECEIVED_PROBE, _join
from test_phone_table_evening import CONNECTIONS_PROBE, KEPT_GAMES
from test_phone_table_rengen import _pass_when_asked, _until, short_rengen_set

from club_helpers import choose_format
from helpers import open_app, wait_idle, wait_until

VERDICT = "() => document.querySelector('.phone-verdict[data-game=\"{game}\"][data-hand=\"1\"]')?.dataset.fair ?? null"


def _checked_everywhere(phones, game: int) -> None:
    """Every phone's own check of the game's hand, said on its screen."""
    for page in phones:
        page.wait_for_function("() => document.body.dataset.screen === 'over'", timeout=60_000)
        page.wait_for_function(f"() => ({VERDICT.format(game=game)})() === 'true'", timeout=30_000)
    texts = [page.locator(f'.phone-verdict[data-game="{game}"]').inner_text() for page in phones]
    assert texts == ["✓ Spiel 1 geprüft", "✓ Hand 1 checked", "✓ Hand 1 checked"], texts


def test_a_rengen_set_face_down_deals_its_hangeln_on_every_phone_and_the_third_watches(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    bert, hans = (warm_page(locale=locale, service_workers="block") for locale in ("en-GB", "en-US"))
    phones = (host, bert, hans)
    for page in phones:
        page.add_init_script(RECEIVED_PROBE)
        page.add_init_script(CONNECTIONS_PROBE)
    open_app(host, shared_site, seed=17)
    for guest in (bert, hans):
        open_app(guest, shared_site)
    short_rengen_set(host)
    # Face down, a Rengen set is offered like any format.
    host.locator('[data-field="phone-facedown"]').check()
    assert not host.locator('[data-field="format"] option[value="set"]').is_disabled()
    choose_format(host, "set")
    assert host.locator('[data-field="phone-facedown"]').is_checked()
    host.locator('[data-action="phone-open"]').tap()
    for seat, guest in ((2, bert), (3, hans)):
        _join(guest, host, seat, False, shared_site)
    for page in phones:
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    assert host.evaluate("async () => (await import('./modules.js')).model.model.game.state.facedown?.role") == "host"

    # Game 1: Bert sits on the hammer; Hans passes first (out first), then Anne.
    for page in (hans, host):
        _pass_when_asked(page)
    _checked_everywhere(phones, 1)
    wait_idle(host)
    host.locator('[data-action="next-game"]').tap()
    # Game 2, dealt by Bert: Hans on the hammer; Anne passes first, then Bert.
    _until(host, lambda s: s["facedown"]["game"] == 2 and s["view"]["hand_no"] == 1 and not s["hand_over"], "game 2")
    for page in (host, bert):
        _pass_when_asked(page)
    _checked_everywhere(phones, 2)
    for page in phones:
        line = page.locator(".set-line").inner_text()
        assert "Hans" in line and "Anne" in line, line
    wait_idle(host)
    host.locator('[data-action="next-game"]').tap()

    # The Hängeln: Hans (game 1's loser) at its seat 1, Anne at its seat 2,
    # dealt by all three phones; Bert's phone watches.
    for page in phones:
        _until(
            page, lambda s: (s["set"] or {}).get("in_hangeln") and s["facedown"]["game"] == 3 and s["view"]["hand_no"] == 1, "the Hängeln"
        )
    state = _until(host, lambda s: s["set"]["in_hangeln"], "the Hängeln")
    assert state["set"]["hangeln_seats"] == [3, 1] and state["view"]["seat"] == 2
    assert _until(hans, lambda s: s["set"]["in_hangeln"], "Hans")["view"]["seat"] == 1
    watched = _until(bert, lambda s: s["set"]["in_hangeln"], "Bert watching")
    assert watched["view"]["seat"] is None and not watched["view"]["my_cards"]
    assert [p["name"] for p in watched["view"]["players"]] == ["Hans", "Anne"]
    heard_before = len(bert.evaluate("() => window.__received"))
    assert bert.locator('[data-action="look"], [data-action="pass"], .hand [data-card]').count() == 0
    # Hans looks at his cards and, to lead, gives the Hängeln up: he has lost the set.
    _until(hans, lambda s: any(a["type"] == "look" for a in s["view"]["legal"]), "look")
    hans.locator('[data-action="look"]').tap()
    _until(hans, lambda s: s["view"]["my_cards"] and s["view"]["due"] == [1], "Hans to lead")
    assert bert.locator(".hand [data-card]").count() == 0
    hans.locator('[data-action="pass"]').tap()
    _checked_everywhere(phones, 3)
    for page in phones:
        assert _until(page, lambda s: s["set"]["over"], "the set decided")["set"]["loser"] == 3
    assert "Hans" in bert.locator(".set-line").inner_text()
    # Nothing Bert's phone heard in the Hängeln named a card: none was played.
    assert not [m for m in bert.evaluate("() => window.__received")[heard_before:] if CARD.search(m)]

    # Every phone keeps the set, decided, as one entry of its history, the same on each.
    kept = []
    for page in phones:
        wait_until(page, f"async () => (await ({KEPT_GAMES})()).some((e) => e.kind === 'set' && e.status === 'finished')", timeout=30_000)
        (entry,) = [e for e in page.evaluate(KEPT_GAMES) if e["kind"] == "set"]
        assert "Hans" in entry["summary"]["en"], entry["summary"]
        kept.append(entry)
    assert len({k["id"] for k in kept}) == 1
    assert all(k["records"] == kept[0]["records"] and k["save"] == kept[0]["save"] for k in kept) and len(kept[0]["records"]) == 2

    # Bert's phone leaves once the set is decided: the computer takes his
    # seat for the next set, as "Rechner" (the host's screen offers it now;
    # within the set no seat changes hands). Hans's phone commits to its key
    # again on its own, and both phones show the same new table code.
    linked = hans.evaluate("() => window.__connections")
    code = host.locator(".phone-code").get_attribute("data-code")
    bert.close()
    host.wait_for_function("() => document.querySelector('.phone-links')?.dataset.down === '2'", timeout=30_000)
    # Named by the table's seats, not by the two of the Hängeln's view.
    computer = host.locator('.phone-free-seat[data-seat="2"] [data-action="phone-computer-seat"]')
    assert "Platz 2: Bert" in computer.inner_text() and host.input_value('[data-phone-text="seat-name-2"]') == "Bert"
    host.fill('[data-phone-text="seat-name-2"]', "Rechner")
    computer.tap()
    for page in (host, hans):
        page.wait_for_function(
            "(old) => { const c = document.querySelector('.phone-code')?.dataset.code; return Boolean(c) && c !== old; }",
            arg=code,
            timeout=30_000,
        )
    assert host.locator(".phone-code").get_attribute("data-code") == hans.locator(".phone-code").get_attribute("data-code")

    # Once the new code is made the host's phone deals another set to the
    # phones still there, as "Noch ein Satz" does, no code made or read:
    # every phone makes its first game from the set it checked, Rechner at
    # Bert's seat, played on the host's phone.
    assert hans.locator('[data-action="again"]').count() == 0
    for seat, page in ((1, host), (3, hans)):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
        state = _until(page, lambda s: s["facedown"]["game"] == 4 and s["view"]["hand_no"] == 1 and not s["hand_over"], "the next set")
        assert state["set"]["games"] == [{"winner": None, "loser": None, "over": False}] and not state["set"]["over"]
        assert state["view"]["seat"] == seat and [p["name"] for p in state["view"]["players"]] == ["Anne", "Rechner", "Hans"]
    # Hans's phone deals on over the channel it joined by (the host's may have made a code for Bert's seat meanwhile).
    assert hans.evaluate("() => window.__connections") == linked
    # The set before stays one entry, decided, on every phone (Bert played it); the new one is not filed over it.
    for page, entry in ((host, kept[0]), (hans, kept[2])):
        sets = [e for e in page.evaluate(KEPT_GAMES) if e["kind"] == "set"]
        assert [(e["id"], e["status"]) for e in sets] == [(entry["id"], "finished")], sets
        assert sets[0]["records"] == entry["records"] and sets[0]["save"] == entry["save"]
    # Until a hand of the new set is checked, a guest's Spielliste is still the set decided:
    # its two games, its Hängeln, who lost it.
    hans.locator('header [data-action="list"]').tap()
    hans.wait_for_selector("table.list")
    assert hans.locator("table.list").count() == 2
    assert "Hans loses the set." in hans.locator(".spielliste").inner_text()
    hans.locator('[data-action="list-back"]').tap()
    hans.wait_for_function("() => document.body.dataset.screen === 'table'")
    assert not page_errors
