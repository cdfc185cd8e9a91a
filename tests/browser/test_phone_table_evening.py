"""A table of phones for the whole evening (docs/PHONE_TABLE.md): a host and
two guests join once, then play a series of three games for money, each
next game dealt from the host's over screen — no code is made or read
again, the phones deal each new game between them, every guest says in
words on its result screen what its own check of each hand found, shows
what the game cost whom, reads the same Spielliste as the host, and every
phone's history keeps every game. In the third game the host's browser is
gone for good: a guest carries the series on from the last hand it checked
("Tisch übernehmen"), the other guest joins it with one code, the computer
takes the old host's seat, the hand in play is dealt again, and the
finished hands and the Spielliste are the old host's. ("Nochmal" after a
single game: across a router, test_phone_table_router.py.)"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_kitty import stake
from test_phone_table import HOST_STATE, RECEIVED_PROBE, _fill_setup, _guest_view, _join, _step, _text_of

from club_helpers import choose_file, choose_format
from helpers import open_app, play_step, screen, shot, start_game, stored, wait_idle
from schraem.bridge import Bridge

# Marienheide with three: the shortest games of the presets (about five hands).
PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Hans", "human")]
GUESTS = (2, 3)
GAMES = 3
# What a phone has drawn (its Session's state, without the host's save):
# cheap to read at every step, unlike the whole save or every message.
DRAWN = "async () => (await import('./modules.js')).model.model.game?.state ?? null"
KEPT_GAMES = "async () => (await (await import('./modules.js')).history.entries()).filter((e) => e.kind !== 'tournament')"
# Every connection a page makes: after the first join none may follow.
CONNECTIONS_PROBE = """
window.__connections = 0;
const Made = window.RTCPeerConnection;
window.RTCPeerConnection = function (...args) { window.__connections += 1; return new Made(...args); };
window.RTCPeerConnection.prototype = Made.prototype;
"""


def _list_of(page, finished_only: bool = False) -> list[list[str]]:
    """The Spielliste as this phone shows it, every game's numbers read from
    its screen (the words are the phone's language), and back to the game.
    `finished_only` leaves out the hand in play (no marks yet, "–"): its
    value moves on with every knock, the computer's included."""
    page.locator('header [data-action="list"]').tap()
    page.wait_for_selector("table.list")
    texts = page.locator("table.list").evaluate_all(
        """(tables, finishedOnly) => tables.map((table) => {
          const rows = [...table.rows];
          // A hand in play has no marks after it yet: a dash in every cell.
          const running = (row) => row.classList.contains('hand-main')
            && [...row.querySelectorAll('td.marks')].every((td) => ['', '–'].includes(td.textContent.trim()));
          const kept = [];
          for (let i = 0; i < rows.length; i++) {
            if (finishedOnly && running(rows[i])) { i++; continue; }
            kept.push(rows[i].innerText);
          }
          return kept.join('\\n');
        })""",
        finished_only,
    )
    rows = [re.findall(r"\d+", text) for text in texts]
    page.locator('[data-action="list-back"]').tap()
    return rows


def take_over(new_host, other, seat: int, lost: int) -> list[str]:
    """`new_host` carries the table on ("Tisch übernehmen"), `other` (at
    `seat`) joins it with one code, the computer plays the `lost` seat;
    → what each of the two phones then says of the take-over."""
    new_host.locator('[data-action="phone-takeover"]').tap()
    new_host.wait_for_function("() => document.body.dataset.screen === 'phone-open'")
    other.locator('[data-action="phone-rejoin"]').tap()
    other.fill('[data-phone-text="offer"]', _text_of(new_host, f"offer-{seat}"))
    other.locator('[data-action="phone-join-offer"]').tap()
    new_host.fill(f'[data-phone-text="answer-{seat}"]', _text_of(other, "answer"))
    new_host.locator(f'[data-action="phone-answer"][data-seat="{seat}"]').tap()
    new_host.wait_for_selector(f'.phone-seat[data-seat="{seat}"][data-link="connected"]')
    new_host.locator(f'[data-action="phone-standin"][data-seat="{lost}"]').tap()
    said = []
    for page in (new_host, other):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
        page.wait_for_selector(".phone-taken-over")
        said.append(page.locator(".phone-taken-over").inner_text())
    return said


def _offered(page) -> dict:
    """What a phone offers, and what may hold it: its engine calls under
    way, its buttons' state, its link to the table, the message it shows."""
    view = (page.evaluate(DRAWN) or {}).get("view") or {}
    offered = {k: view.get(k) for k in ("seat", "hand_no", "turn", "response", "legal")}
    offered["page"] = page.evaluate(
        """() => ({
            busy: document.documentElement.dataset.busy ?? null, step: document.body.dataset.step ?? null,
            route: document.body.dataset.screen ?? null,
            lost: document.querySelector('.phone-links')?.dataset.lost ?? null,
            message: document.getElementById('message')?.textContent?.slice(0, 200) ?? null,
            buttons: [...document.querySelectorAll('#table button[data-action], .controls button[data-action]')]
              .map((b) => `${b.dataset.action}${b.disabled ? ':disabled' : ''}`).slice(0, 12),
        })"""
    )
    return offered


def _play_game(host, guests: dict, game: int, hands: int | None = None) -> None:
    """Every phone taps for its own seat until the game is over (or hand
    `hands` is); after each hand every guest shows its check of that hand
    in words."""
    phones = (host, *guests.values())
    deadline = time.monotonic() + 240
    checked = 0
    while True:
        # A game that stalls says, per phone, what it offered and who was due.
        assert time.monotonic() < deadline, [(screen(p), _offered(p)) for p in phones]
        state = host.evaluate(DRAWN)
        if state["hand_over"] and state["phone_table"]["deal"] is None and state["view"]["hand_no"] > checked:
            hand = checked = state["view"]["hand_no"]
            for guest in guests.values():
                guest.wait_for_selector(f'.phone-verdict[data-game="{game}"][data-hand="{hand}"][data-fair="true"]', timeout=30_000)
                assert guest.locator(".phone-verdict").inner_text() == f"✓ Hand {hand} checked"
            if state["game_over"] or hand == hands:
                return
            wait_idle(host)
            host.locator('[data-action="next-hand"]').tap()
            continue
        tapped = []
        for page, view in [*((g, (g.evaluate(DRAWN) or {}).get("view")) for g in guests.values()), (host, state["view"])]:
            step = page.evaluate("() => document.body.dataset.step")
            if _step(page, view):
                tapped.append((page, step))
        # Each tap is drawn before that phone is read again (a card tapped
        # twice would be no card of its hand any more); a refused one is not.
        for page, step in tapped:
            try:
                page.wait_for_function("(step) => document.body.dataset.step !== step", arg=step, timeout=2_000)
            except PlaywrightTimeout:
                pass
        if not tapped:
            host.wait_for_timeout(60)


def test_a_series_of_three_games_for_money_at_one_table_of_phones_with_no_code_after_the_first_join(
    warm_page, shared_site, page_errors, artifacts
):
    host = warm_page(locale="de-DE", service_workers="block")
    guests = {seat: warm_page(locale=locale, service_workers="block") for seat, locale in zip(GUESTS, ("en-GB", "en-US"))}
    for page in (host, *guests.values()):
        page.add_init_script(CONNECTIONS_PROBE)
    for guest in guests.values():
        guest.add_init_script(RECEIVED_PROBE)
    open_app(host, shared_site, seed=31)
    for guest in guests.values():
        open_app(guest, shared_site)
    # Bert left a game of his own against the computer to join: it waits on
    # his phone (and goes into his history when he carries the table on).
    start_game(guests[2], [("Bert", "human"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")], rules="marienheide")
    while not stored(guests[2])["save"]["record"]["hands"][0]["actions"]:
        play_step(guests[2])
    guests[2].locator('header [data-action="setup"]').tap()
    host.select_option('[data-field="rules"]', "marienheide")
    _fill_setup(host, PLAYERS, dealer="3")
    choose_format(host, "series", GAMES)
    host.locator(".kitty-form summary").tap()
    stake(host, "per_mark", "0,10")
    host.locator('[data-action="phone-open"]').tap()
    for seat, guest in guests.items():
        _join(guest, host, seat, False, shared_site)
    phones = (host, *guests.values())
    for page in phones:
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    connections = [p.evaluate("() => window.__connections") for p in phones]
    shown = None

    for game in range(1, GAMES + 1):
        if game == GAMES:
            # No phone made a connection after the first join: no code was exchanged.
            assert [p.evaluate("() => window.__connections") for p in phones] == connections
            host, guests, phones = _taken_over_mid_game(host, guests, game)
        _play_game(host, guests, game)
        for page in phones:
            page.wait_for_function("() => document.body.dataset.screen === 'over'")
        # Only the host deals the next game; every guest is told so, and
        # sees what the game cost whom, as the host does.
        money = host.locator(".kitty-payments").inner_text()
        for guest in guests.values():
            assert guest.locator('[data-action="next-game"], [data-action="rematch"]').count() == 0
            assert guest.locator(".host-deals").inner_text() == "If you play on, the host's phone deals the next game."
            assert guest.locator(".kitty-payments li").count() == host.locator(".kitty-payments li").count() > 0, money
        if game == 1:
            shot(guests[2], artifacts, "phone-table-guest-over.png")
        # The Spielliste on every phone is the host's, game by game.
        lists = [_list_of(page) for page in phones]
        assert all(rows == lists[0] for rows in lists) and lists[0] != shown, lists
        shown = lists[0]
        if game == GAMES:
            break
        wait_idle(host)
        host.locator('[data-action="next-game"]').tap()
        for page in phones:
            page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
        state = host.evaluate(HOST_STATE)
        assert state["phone_table"]["game"] == game + 1 and state["view"]["hand_no"] == 1
        assert [e["seat"] for e in state["save"]["record"]["hands"][0]["fair"]] == [1, *GUESTS]
        for seat, guest in guests.items():
            view = _guest_view(guest)
            assert view["seat"] == seat and view["hand_no"] == 1 and not view["game_over"]

    # No code on screen (a free seat's name for the next series may be).
    assert host.locator("textarea[data-phone-text]").count() == 0
    # Every phone's history keeps the three games (the host's — Bert's since
    # the take-over — as its series, besides the two it played as a guest
    # and his own game he left; the other guest's game by game), and the
    # phones agree on every card played and every deal's numbers.
    played = {}
    for page in phones:
        entries = page.evaluate(KEPT_GAMES)
        kinds = ["game:finished"] * (GAMES - 1) + ["game:interrupted", "series:finished"] if page is host else ["game:finished"] * GAMES
        assert sorted(e["kind"] + ":" + e["status"] for e in entries) == kinds, entries
        records = [r for e in entries if e["kind"] == ("series" if page is host else "game") for r in e["records"]]
        played[page] = sorted(json.dumps([[h["actions"], h["fair"]] for h in r["hands"]]) for r in records)
    assert played[host] == played[guests[3]] and len(played[host]) == GAMES
    # A guest knows who sat where: its saved game names the people as such.
    assert {p["kind"] for e in guests[3].evaluate(KEPT_GAMES) for p in e["save"]["table"]["players"]} == {"human"}
    assert not page_errors


def _taken_over_mid_game(host, guests: dict, game: int):
    """Hand 1 of `game` is played and checked, hand 2 dealt; then the host's
    browser is gone for good and Bert carries the series on: Hans joins
    him with one code and the computer plays Anne's seat. The new host
    and guests are returned."""
    bert, hans = guests[2], guests[3]
    _play_game(host, guests, game, hands=1)
    before = host.evaluate(HOST_STATE)["save"]["record"]["hands"][0]
    wait_idle(host)
    host.locator('[data-action="next-hand"]').tap()
    for page in (host, bert, hans):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    listed = _list_of(hans, finished_only=True)
    assert len(listed[0]) < len(_list_of(hans)[0])  # the hand in play left out
    host.close()
    for guest in (bert, hans):
        guest.wait_for_selector('.phone-links[data-lost="yes"]', timeout=30_000)
    assert hans.locator('[data-action="phone-takeover"]').count() == 1

    # Bert's phone is reloaded meanwhile: it still keeps what carries the
    # table on, and offers it while it waits for a code.
    bert.reload()
    bert.wait_for_function("() => document.body.dataset.screen === 'phone-join'", timeout=60_000)
    bert.wait_for_selector('.phone-join-takeover [data-action="phone-takeover"]:enabled')

    # Bert carries the table on: codes for Anne's seat and for Hans.
    # Anne's phone is not coming back: the computer plays her seat.
    for said in take_over(bert, hans, 3, lost=1):
        assert said == "Seat 2: Bert took the table over from Seat 1: Anne: hand 2 is dealt again.", said

    # The series goes on at its game, with the finished hand card for card
    # and number for number the old host's, and its Spielliste.
    state = bert.evaluate(HOST_STATE)
    assert state["phone_table"]["game"] == game and state["series"]["number"] == game
    hands = state["save"]["record"]["hands"]
    assert (hands[0]["actions"], hands[0]["fair"]) == (before["actions"], before["fair"])
    assert [e["seat"] for e in hands[1]["fair"]] == [2, 3] and state["view"]["hand_no"] == 2
    lists = (_list_of(bert, finished_only=True), _list_of(hans, finished_only=True))
    assert lists[0] == lists[1] == listed, (lists, listed)
    return bert, {3: hans}, (bert, hans)


def _ticket_file(tmp_path) -> tuple[dict, Path]:
    """Table 2's ticket of series 1 of an organiser's tournament, as a file."""
    organiser = Bridge()
    names = ["Anne", "Bert", "Cora", "Dora", "Emil", "Fritz", "Gerd", "Hein"]
    organiser.handle(json.dumps({"id": 1, "cmd": "tournament", "args": {"op": "new", "players": names, "seed": 5}}))
    reply = json.loads(organiser.handle(json.dumps({"id": 2, "cmd": "tournament", "args": {"op": "ticket", "series": 1, "table": 2}})))
    ticket = reply["result"]["ticket"]
    path = tmp_path / "ticket.json"
    path.write_text(json.dumps(ticket))
    return ticket, path


def test_a_tournament_tickets_table_opens_at_a_table_of_phones(warm_page, shared_site, page_errors, tmp_path):
    """A tournament's ticket loaded (a scoresheet, nothing entered yet): the
    table's series may be played on the players' phones instead, the
    ticket's players in its order, this phone at the first seat."""
    ticket, path = _ticket_file(tmp_path)
    host = warm_page(locale="de-DE", service_workers="block")
    guest = warm_page(locale="en-GB", service_workers="block")
    open_app(host, shared_site, seed=41)
    open_app(guest, shared_site)
    choose_file(host, "ticket-file", path)
    host.wait_for_function("() => document.body.dataset.screen === 'sheet'")
    host.locator('[data-action="phone-ticket"]').tap()
    host.wait_for_function("() => document.body.dataset.screen === 'phone-open'")
    assert [h.inner_text() for h in host.locator(".phone-seat h3").all()] == [f"Platz {s}: {ticket['players'][s - 1]}" for s in (2, 3, 4)]
    _join(guest, host, 2, False, shared_site)
    host.wait_for_selector('.phone-seat[data-seat="2"][data-link="connected"]')
    state = host.evaluate(HOST_STATE)
    assert state["save"]["series"]["ticket"] == ticket and state["phone_table"]["guests"] == [2, 3, 4]
    assert [p["name"] for p in state["view"]["players"]] == ticket["players"] and "real_cards" not in state["save"]["table"]
    assert not page_errors


def test_a_tournament_tickets_table_opens_with_the_cards_face_down(warm_page, shared_site, page_errors, tmp_path):
    """With "Karten verdeckt" ticked beside it, the ticket's table opens
    face down: the ticket's players in its order, the ticket in the table's
    own state (the result goes back from the games every phone checked)."""
    ticket, path = _ticket_file(tmp_path)
    host = warm_page(locale="de-DE", service_workers="block")
    open_app(host, shared_site, seed=43)
    choose_file(host, "ticket-file", path)
    host.wait_for_function("() => document.body.dataset.screen === 'sheet'")
    box = host.locator('.phone-ticket [data-field="phone-facedown"]')
    assert not box.is_checked()
    box.check()
    host.locator('[data-action="phone-ticket"]').tap()
    host.wait_for_function("() => document.body.dataset.screen === 'phone-open'")
    assert [h.inner_text() for h in host.locator(".phone-seat h3").all()] == [f"Platz {s}: {ticket['players'][s - 1]}" for s in (2, 3, 4)]
    # Kept in the host's face-down save before any guest joins: the welcome
    # gives it to every phone, and each checks it against the table.
    save = host.evaluate("async () => (await import('./modules.js')).facedownSave.readFaceDownSave()")
    assert save["role"] == "host" and save["series"]["ticket"] == ticket, save.get("series")
    assert not page_errors
