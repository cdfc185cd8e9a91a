"""A guest that exchanges before looking (Wipperfürth: four courts laid down
blind, docs/VARIANTS.md) is shown other cards than it was dealt. Its check
of the hand (the engine's `check_deal`, docs/PHONE_TABLE.md) replays the
hand from the host's record and compares every state it was shown, so an
honest host is "geprüft", never "falsch gegeben"."""

from __future__ import annotations

from test_phone_table import HOST_STATE, RECEIVED_PROBE, _fill_setup, _guest_view, _join, _states
from test_phone_table_rejoin import _play

from helpers import open_app, read_at_size, wait_until

# The guest's verdict line, and whether all of it lies inside the screen.
VERDICT_IN_SIGHT = """() => {
  const el = document.querySelector('.phone-verdict');
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { text: el.textContent, fair: el.dataset.fair, inSight: r.top >= 0 && r.bottom <= innerHeight && r.height > 0 };
}"""

PLAYERS = [("Anne", "human"), ("Bert", "human"), ("Gerda", "bot:easy"), ("Hans", "bot:easy")]


def two_phones(warm_page, shared_site, seed: int, rules: str | None = None, guest_script: str | None = None, new_context=None):
    """A German host and an English guest at seat 2 beside two computer
    players, the guest's invitation pasted and its answer taken: → (host, guest).
    With `new_context`, the host in a context of its own with a clock a test
    may move on (a clock is the whole context's, so not in a warm one)."""
    if new_context is None:
        host = warm_page(locale="de-DE", service_workers="block")
    else:
        host = new_context(locale="de-DE", service_workers="block").new_page()
        host.clock.install()
    guest = warm_page(locale="en-GB", service_workers="block")
    guest.add_init_script(RECEIVED_PROBE)
    if guest_script:
        guest.add_init_script(guest_script)
    open_app(host, shared_site, seed=seed)
    open_app(guest, shared_site)
    if rules:
        host.select_option('[data-field="rules"]', rules)
    _fill_setup(host, PLAYERS, dealer="1")
    host.locator('[data-action="phone-open"]').tap()
    _join(guest, host, 2, False, shared_site)
    return host, guest


def test_a_blind_exchange_at_a_phone_table_is_checked_not_called_false(warm_page, shared_site, page_errors):
    host, guest = two_phones(warm_page, shared_site, 41, rules="wipperfuerth")
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=60_000)

    # Before looking, the guest lays its hand down and draws blind.
    guest.wait_for_function("() => [...document.querySelectorAll('[data-action=\"other\"]')].some((b) => !b.disabled)", timeout=30_000)
    view = _guest_view(guest)
    assert not view["players"][1]["looked"] and any(a["type"] == "exchange" for a in view["legal"])
    # The guest's own exchange, in the host's record (a computer's exchange
    # reaches the guest's log too; a tap while the table is drawn again may
    # miss, and is tapped again).
    mine = "(r) => r.save.record.hands[0].actions.some((a) => a.seat === 2 && a.type === 'exchange')"
    for _ in range(3):
        guest.locator('[data-action="other"]').filter(has_text="xchange").first.tap()
        try:
            wait_until(host, f"async () => ({mine})(await ({HOST_STATE})())", timeout=10_000)
            break
        except Exception:  # noqa: BLE001 - the tap is tried again below
            if not guest.locator('[data-action="other"]').filter(has_text="xchange").count():
                raise

    _play(host, {2: guest}, lambda: host.evaluate(HOST_STATE)["hand_over"])
    record = host.evaluate(HOST_STATE)["save"]["record"]
    hand = record["hands"][0]
    assert any(a == {"seat": 2, "type": "exchange"} for a in hand["actions"]), hand["actions"]
    # The cards the guest was shown are not the cards it was dealt: the old
    # check (first cards shown against the dealt ones) called this false.
    shown = next(st["view"]["my_cards"] for st in _states(guest) if st["view"]["my_cards"])
    from schraem.club.outbound import export_record
    from schraem.core.game import Game

    dealt = export_record(Game.from_record(record), keep_last=True)["hands"][0]["deal"][1]
    assert sorted(shown) != sorted(dealt)

    guest.wait_for_function("() => document.documentElement.dataset.fairDeal === '1:1:checked'", timeout=30_000)
    assert host.locator(".phone-dispute").count() == 0 and guest.locator(".phone-dispute").count() == 0
    # The check in words on the guest's result screen, in sight on small
    # and large phones alike.
    for width, height in ((360, 640), (412, 915)):
        line = read_at_size(guest, width, height, VERDICT_IN_SIGHT)
        assert line == {"text": "✓ Hand 1 checked", "fair": "true", "inSight": True}, (width, line)
    assert not page_errors
