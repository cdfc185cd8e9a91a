"""The host's phone at a face-down table reloaded mid-hand (docs/FACE_DOWN.md,
docs/PHONE_TABLE.md): its app opens again at the table from its save, the
hand where it stood, and the guest's seat waits for its phone with a new
code (closed while it dealt, between sending a guest's key on and taking
it itself, it opens at its codes and takes the key then); the guest pastes
it, is sent what it missed, and the hand is played to its end and checked
on both phones. Each phone stored only what each
message added (a head and a step), and read back whole it is the engine's
save, written by each phone's engine worker (the page's main thread never
copies it); a step lost from the store makes it a damaged save, said in
words.
The guest's phone then lost before
the next game is dealt, that hand is void and the host's "Neu geben" deals
it again with the phones still there."""

from __future__ import annotations

from test_house_rules import choose_short_games
from test_phone_table import RECEIVED_PROBE, _fill_setup, _join
from test_phone_table_facedown import SAVE, STATE, _play_hand, _play_moves, _view
from test_phone_table_rejoin import _rejoin

from helpers import open_app, screen, wait_until

# The face-down save as this phone's store holds it: read back whole, the
# engine's last save kept, and what is on disk (the head, each step's size).
STORED = """async () => {
  const m = await import('./modules.js');
  const engine = m.atTable.phone.facedown.engine;
  let kept;
  let back;
  // Read again while a write committed meanwhile (a computer player moving,
  // the phone's work ahead): the worker stores before it answers, so the
  // store may hold a save the page has not been answered yet; given a
  // second to settle.
  for (let tries = 0; ; tries += 1) {
    kept = engine.kept();
    back = await m.facedownSave.readFaceDownSave();
    if ((kept === engine.kept() && JSON.stringify(back) === JSON.stringify(kept)) || tries >= 20) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const steps = await m.database.readAll('steps', IDBKeyRange.bound(['facedown-table', 0], ['facedown-table', Infinity]));
  const head = await m.database.get('meta', 'pref:facedown-table');
  const table = await m.database.get('meta', 'facedown-table:table');
  return { same: JSON.stringify(back) === JSON.stringify(kept), whole: JSON.stringify(kept).length,
           head: JSON.stringify(head).length, table: JSON.stringify(table).length,
           steps: steps.map(([key, step]) => [key[1], JSON.stringify(step).length]) };
}"""

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy")]

# The host's save as kept: its own seat has taken every envelope of the hand.
SEATS_TOOK_ALL = """async () => {
  const kept = (await import('./modules.js')).atTable.phone?.facedown?.engine.kept();
  const hand = kept?.hand;
  if (!hand?.envelopes.length) return false;
  const taken = hand.seats['1'].journal.filter((e) => e[0] === 'env').map((e) => e[1]);
  return Math.max(0, ...taken) === hand.envelopes.length;
}"""

# Where each face-down save was written: in the engine's worker (its reply
# to the page says it was kept and carries its text), or on the page (the
# reply carries the save itself, for the page's main thread to copy,
# compare and write).
SAVES_SEEN = """
window.__faceDownSaves = { worker: 0, page: 0 };
const listen = Worker.prototype.addEventListener;
Worker.prototype.addEventListener = function (type, fn, ...rest) {
  if (type !== 'message') return listen.call(this, type, fn, ...rest);
  return listen.call(this, type, (event) => {
    const result = event.data?.result;
    if (result?.kept) window.__faceDownSaves.worker += 1;
    if (result?.save?.format === 'schraem-facedown-table/1') window.__faceDownSaves.page += 1;
    fn(event);
  }, ...rest);
};
"""


def test_the_host_reloaded_mid_hand_goes_on_with_the_same_hand(warm_page, shared_site, page_errors):
    host = warm_page(locale="de-DE", service_workers="block")
    guest = warm_page(locale="en-GB", service_workers="block")
    guest.add_init_script(RECEIVED_PROBE)
    for page in (host, guest):
        page.add_init_script(SAVES_SEEN)
    open_app(host, shared_site, seed=31)
    open_app(guest, shared_site)
    choose_short_games(host)
    _fill_setup(host, PLAYERS, dealer="1")
    host.locator('[data-field="phone-facedown"]').check()
    host.locator('[data-action="phone-open"]').tap()
    # The host sends a guest's key on before its own seats take it
    # (`facedown_settle` after): here its page is closed in between (its
    # settle held back on the page), while the first hand is dealt. Opened
    # again, its seats take the key first, or the deal would wait for them
    # for ever; the guest comes back with a new code.
    wait_until(host, "async () => Boolean((await import('./modules.js')).atTable.phone?.facedown?.relay)")
    host.evaluate(
        """async () => {
          const relay = (await import('./modules.js')).atTable.phone.facedown.relay;
          window.__heldSettles = 0;
          relay.settleSoon = () => { window.__heldSettles += 1; };
        }"""
    )
    _join(guest, host, 2, False, shared_site)
    host.wait_for_function("() => window.__heldSettles > 0", timeout=60_000)
    host.reload()
    host.wait_for_function("() => document.body.dataset.screen === 'phone-open'", timeout=60_000)
    # Its seat took every envelope of the hand (the guest's key among them)
    # before the guest is back.
    wait_until(host, SEATS_TOOK_ALL, timeout=30_000)
    _rejoin(guest, host, 2)
    if screen(host) != "table":
        host.locator('[data-action="phone-table"]').tap()
    phones = {1: host, 2: guest}
    for page in phones.values():
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    _play_moves(phones, 3)

    # Every message stored only what it added: the hand's head (under 2 kB)
    # and a step, not the whole save (a step may hold the few envelopes that
    # came together, whose saves were kept as one); read back whole, it is
    # the engine's save.
    for page in phones.values():
        stored = page.evaluate(STORED)
        assert stored["same"], stored
        numbers = [n for n, _ in stored["steps"]]
        assert numbers == list(range(len(numbers))) and len(numbers) > 10, stored
        assert stored["head"] < 2_000 and max(size for _, size in stored["steps"][-3:]) < stored["whole"] / 10, stored
        kept = stored["head"] + stored["table"] + sum(size for _, size in stored["steps"])
        assert stored["whole"] > 30_000 and kept < 1.2 * stored["whole"], stored
        # Each written by the engine's worker: none crossed to the page.
        seen = page.evaluate("() => window.__faceDownSaves")
        assert seen["page"] == 0 and seen["worker"] > 10, seen

    # A step lost from the store: the save read back is damaged, and the
    # engine is not asked to load it; the words say so and nothing changes.
    # The step put back, it is whole again.
    refused = host.evaluate(
        """async () => {
          const m = await import('./modules.js');
          const key = ['facedown-table', 2];
          const step = await m.database.get('steps', key);
          await m.database.write(['steps'], (tx) => tx.objectStore('steps').delete(key));
          const back = await m.facedownSave.readFaceDownSave();
          const answer = await m.atTable.phone.facedown.engine.call('load', { save: back });
          await m.database.write(['steps'], (tx) => tx.objectStore('steps').put(step, key));
          return { damaged: back.damaged, answer };
        }"""
    )
    assert refused["damaged"] is True and refused["answer"]["ok"] is False
    assert refused["answer"]["error"]["de"].startswith("Die Sicherung des verdeckten Tisches ist beschädigt")
    assert host.evaluate(STORED)["same"]

    # The host's page reloads: its table comes back from its save, the same
    # hand with the same cards, and the guest is told its link is lost.
    before = host.evaluate(SAVE)
    cards = _view(host)["my_cards"]
    host.reload()
    host.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=120_000)
    view = _view(host)
    assert view["hand_no"] == 1 and view["seat"] == 1 and view["my_cards"] == cards
    assert host.evaluate(SAVE)["hand"]["envelopes"][: len(before["hand"]["envelopes"])] == before["hand"]["envelopes"]
    assert len(before["hand"]["envelopes"]) > 10 and host.evaluate(STORED)["same"]
    host.wait_for_function("() => document.querySelector('.phone-links')?.dataset.down === '2'", timeout=30_000)
    guest.wait_for_selector('.phone-links[data-lost="yes"]', timeout=30_000)

    # Its codes screen, no guest back yet, says what to do should another
    # phone have taken the table over meanwhile.
    host.locator('[data-action="phone-codes"]').tap()
    assert "ein anderes den Tisch übernommen" in host.locator(".phone-reopened").inner_text()

    # One new code each way, and the hand goes on to its end on both phones,
    # each checking it.
    _rejoin(guest, host, 2)
    if screen(host) != "table":
        host.locator('[data-action="phone-table"]').tap()
    _play_hand(phones, 90)
    for seat, page in phones.items():
        verdict = '.phone-verdict[data-game="1"][data-hand="1"]'
        page.wait_for_function(f"() => document.querySelector('{verdict}')?.dataset.fair === 'true'", timeout=30_000)
    assert host.evaluate(STATE)["view"]["hand_no"] == guest.evaluate(STATE)["view"]["hand_no"] == 1

    # The guest's phone is lost before the next game is dealt: the host says
    # it gone, the hand is void before anyone saw a card, and "Neu geben"
    # deals it again with the phones still there, the computer at seat 2.
    guest.close()
    host.wait_for_function("() => document.querySelector('.phone-links')?.dataset.down === '2'", timeout=30_000)
    host.locator('[data-action="rematch"]').tap()
    host.locator('[data-action="phone-standin"][data-seat="2"]').tap()
    host.wait_for_selector('.phone-gone[data-seat="2"][data-void="true"]', timeout=30_000)
    assert "neu geben" in host.locator(".phone-gone").inner_text()
    host.locator('[data-action="phone-facedown-redeal"]').tap()
    host.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)
    host.wait_for_function(STATE.replace("?? null", "?.view?.my_cards?.length === 4"), timeout=60_000)
    state = host.evaluate(STATE)
    assert state["view"]["hand_no"] == 1 and state["facedown"]["game"] == 2
    assert not page_errors
