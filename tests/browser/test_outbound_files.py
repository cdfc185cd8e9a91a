"""Every way a file leaves the phone goes through
one export function, and none of them carries a seed or a card of a hand
under way (rebuilt here with the engine from each file); a hostile ticket
is refused in plain words before anything is asked or filed."""

from __future__ import annotations

import json
import re
import sys

from club_helpers import choose_file, download
from helpers import ROOT, Game, message, open_app, screen, start_game, start_sheet, stored, tap, wait_idle, wait_shell_ready

# The engine tests' reading of a file: where it holds a seed, and whether
# replaying it deals a hidden card (one definition for both suites).
sys.path.insert(0, str(ROOT / "tests" / "engine"))
from test_outbound import rebuilt_hidden_cards, seeds  # noqa: E402

THREE_BOTS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]
NAMES = ["Anne", "Hubert", "Gerda", "Hans", "Resi", "Jupp", "Trud", "Kätt"]
# Every control that makes a file, a share or a QR code, and the module
# that writes what it carries.
FILE_ACTIONS = {
    "export",
    "list-json",
    "list-csv",
    "list-share",
    "history-export",
    "history-download",
    "t-export",
    "t-ticket",
    "send-result",
    "qr-file",
    "qr-share",
    "export-damaged",
}


def hidden_cards_rebuilt(file: dict, hidden: set[str]) -> bool:
    return rebuilt_hidden_cards(file, [sorted(hidden)])


def test_every_file_control_is_written_by_the_one_export_function():
    """The enumeration: no module but outbound.js hands anything to the
    download or share of share.js, and every file control's handler goes
    through outbound.js."""
    pwa = ROOT / "pwa"
    for path in pwa.rglob("*.js"):
        if path.name in ("share.js", "outbound.js"):
            continue
        text = path.read_text()
        assert not re.search(r"\b(download|share)\(", text.replace("navigator.share(", "")), path.name
        assert not re.search(r"import \{[^}]*\b(download|share)\b[^}]*\} from '[./]*(?:files/)?share.js'", text), path.name
    # The taps as the parts declare them (context/taps.js): `'name': answer`,
    # each handler through outbound.js (checked above for every module).
    handlers = "".join(p.read_text() for p in pwa.rglob("*.js") if "vendor" not in p.parts)
    for action in FILE_ACTIONS:
        assert re.search(rf"^\s*'?{re.escape(action)}'?:", handlers, re.M), f"no part declares the tap {action!r}"


def _mid_hand(page) -> tuple[dict, set[str]]:
    start_game(page, THREE_BOTS, dealer=2)  # Anne is forehand: the hand waits for her
    tap(page, '[data-action="look"]')
    save = stored(page)["save"]
    game = Game.from_record(save["record"])
    hidden = {str(c) for seat, cards in enumerate(game.hand.cards, 1) if seat != 1 for c in cards}
    return save, hidden


def _saved(page, selector, tmp_path, answer=False):
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.accept() if answer else d.dismiss()))
    path = download(page, selector, tmp_path)
    wait_idle(page)
    return path.read_text(), asked


def test_no_file_made_mid_hand_rebuilds_a_hidden_card(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE", accept_downloads=True)
    open_app(page, shared_site, seed=61, pace="60000")
    save, hidden = _mid_hand(page)
    assert len(hidden) >= 9

    # The Spielliste's JSON: asked, and without the hand under way.
    tap(page, 'header [data-action="list"]')
    page.wait_for_selector("table.list")
    text, asked = _saved(page, '[data-action="list-json"]', tmp_path)
    assert len(asked) == 1 and "Karten aller Spieler" in asked[0]
    listed = json.loads(text)
    assert seeds(listed) == [] and not hidden_cards_rebuilt(listed, hidden)
    csv, _ = _saved(page, '[data-action="list-csv"]', tmp_path)
    assert "seed" not in csv.lower()
    tap(page, '[data-action="list-back"]')

    # The game's own export from the start screen.
    tap(page, 'header [data-action="setup"]')
    text, asked = _saved(page, '[data-action="export"]', tmp_path)
    assert asked and seeds(json.loads(text)) == [] and not hidden_cards_rebuilt(json.loads(text), hidden)

    # The same table filed into history, exported from there.
    start_game(page, [("Resi", "human"), ("Jupp", "bot:easy")], dealer=2)
    tap(page, 'header [data-action="setup"]')
    tap(page, '[data-action="history"]')
    page.wait_for_selector('.history-entry[data-kind="game"]')
    text, asked = _saved(page, '[data-action="history-export"]', tmp_path)
    kept = json.loads(text)
    assert asked and seeds(kept) == [] and not hidden_cards_rebuilt(kept, hidden)
    assert Game.from_record(kept).hand is None  # the hand under way was left out


# A table host's part of a save: its seats' secrets, its key and the
# running hand's reveals, from which every seat's cards follow.
HOST_PART = {
    "host": 1,
    "key": "ab" * 32,
    "secrets": {"2": "guest-secret-of-seat-2"},
    "round": {"hand": 1, "commits": {"2": "cd" * 32}, "reveals": {"2": "ef" * 32}},
}


def test_a_damaged_saves_backup_leaves_without_seeds_cards_or_a_hosts_numbers(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE", accept_downloads=True)
    open_app(page, shared_site, seed=62, pace="60000")
    save, hidden = _mid_hand(page)
    # Anne looked: the screen kept beside the save shows her cards, which the
    # next person to hold the phone may not see.
    mine = stored(page)["state"]["view"]["my_cards"]
    assert len(mine) >= 3
    # One step the engine refuses: the save no longer replays.
    page.evaluate(
        """async (phone) => {
      const d = await new Promise((ok) => { const r = indexedDB.open('schraem'); r.onsuccess = () => ok(r.result); });
      const id = await new Promise((ok) => { const q = d.transaction('meta').objectStore('meta').get('current'); q.onsuccess = () => ok(q.result); });
      const keys = await new Promise((ok) => { const q = d.transaction('steps').objectStore('steps').getAllKeys(IDBKeyRange.bound([id, 0], [id, Infinity])); q.onsuccess = () => ok(q.result); });
      const base = await new Promise((ok) => { const q = d.transaction('bases').objectStore('bases').get(id); q.onsuccess = () => ok(q.result); });
      const head = await new Promise((ok) => { const q = d.transaction('heads').objectStore('heads').get(id); q.onsuccess = () => ok(q.result); });
      base.save.phone = phone;
      // The step and its screen written together, as the app writes them.
      await new Promise((ok) => { const tx = d.transaction(['steps', 'bases', 'heads'], 'readwrite');
        tx.objectStore('bases').put(base, id);
        tx.objectStore('heads').put({ ...head, seq: keys.length + 1 }, id);
        tx.objectStore('steps').put({ op: 'act', action: { seat: 1, type: 'play', card: 'XX' } }, [id, keys.length + 1]); tx.oncomplete = ok; });
      d.close(); }""",
        HOST_PART,
    )
    page.reload()
    wait_shell_ready(page)
    assert screen(page) == "corrupt"
    path = download(page, '[data-action="export-damaged"]', tmp_path)
    text = path.read_text()
    assert '"seed"' not in text and not any(f'"{c}"' in text for c in hidden | set(mine))
    numbers = [HOST_PART["key"], "guest-secret-of-seat-2", "ef" * 32]
    assert '"phone"' not in text and not any(n in text for n in numbers)
    kept = json.loads(text)
    assert kept["save"]["record"]["hands"] and kept["state"]["view"]["players"]  # still there to read


def test_the_organisers_files_carry_no_table_seed(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE", accept_downloads=True)
    open_app(page, shared_site, seed=63)
    tap(page, '[data-action="tournament"]')
    page.fill('[data-field="t-names"]', "\n".join(NAMES))
    page.locator('[data-field="t-names"]').dispatch_event("change")
    page.fill('[data-field="t-seed"]', "99")
    page.locator('[data-field="t-seed"]').dispatch_event("change")
    tap(page, '[data-action="t-create"]')
    tournament = json.loads(download(page, '[data-action="t-export"]', tmp_path, "t.json").read_text())
    assert tournament["seed"] == 99 and seeds(tournament) == []
    tap(page, '[data-action="t-ticket"][data-series="1"][data-table="1"]')
    ticket = json.loads(download(page, '[data-action="qr-file"]', tmp_path, "ticket.json").read_text())
    assert seeds(ticket) == [] and ticket["draw_seed"] == 99


def test_a_hostile_ticket_is_refused_before_anything_is_asked_or_filed(warm_page, shared_site, tmp_path):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=64)
    start_sheet(page, ["Anne", "Hubert", "Gerda"], dealer=3)
    page.locator('[data-action="sheet"][data-seat="1"][data-act="knock"]').tap()
    wait_idle(page)
    before = stored(page)
    tap(page, 'header [data-action="setup"]')
    ticket = {
        "format": "schraem-table/1",
        "tournament": "abc",
        "series": 1,
        "table": 1,
        "players": "Anne",
        "rules": "rheinland",
        "options": {},
        "first_dealer": 4,
        "games": 1,
    }
    for players, series in ((("Anne"), 1), (["Anne", "Hubert", "Gerda", "Hans"], "1")):
        path = tmp_path / "ticket.json"
        path.write_text(json.dumps({**ticket, "players": players, "series": series}))
        choose_file(page, "ticket-file", path)
        assert screen(page) == "start"  # not the question about the running game
        shown = message(page)
        assert shown.startswith("Ticket abgelehnt – ") and "Das laufende Spiel bleibt" in shown and "Interner Fehler" not in shown
        assert ("„players“" in shown) or ("„series“" in shown)
        assert stored(page) == before
    tap(page, '[data-action="history"]')
    page.wait_for_selector(".history .note")
    assert page.locator(".history-entry").count() == 0  # nothing was filed as interrupted
