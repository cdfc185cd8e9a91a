"""Pass-and-play: two humans share the phone with two computer players. A
hand is only ever in the page for the person holding the phone, the phone
changes hands through a "pass the phone" screen, and the engine is only
asked for the holder's view."""

from __future__ import annotations

from helpers import card_names, hand_of, open_app, play_step, screen, shot, start_game, stored, wait_shell_ready

PLAYERS = [("Anne", "human"), ("Hubert", "bot:easy"), ("Bert", "human"), ("Gerda", "bot:easy")]
HUMANS = {1: "Anne", 3: "Bert"}

# Every request the page sends to the engine worker, to check whose view it asks for.
REQUEST_PROBE = """
window.__requests = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (msg, ...rest) {
  if (msg && msg.cmd) window.__requests.push({ cmd: msg.cmd, viewer: msg.args ? msg.args.viewer : undefined });
  return post.call(this, msg, ...rest);
};
"""


def _requests(page):
    return page.evaluate("() => window.__requests.splice(0)")


def _assert_only_holder_cards(page, holder):
    dom = page.content()
    save = stored(page)["save"]
    shown = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
    if holder is None:
        assert not shown, f"cards {shown} in the page while nobody holds the phone"
    else:
        assert shown <= set(hand_of(save, holder)), (holder, shown)
    for seat in HUMANS:
        if seat == holder:
            continue
        for card in hand_of(save, seat):
            assert f'data-card="{card}"' not in dom, f"{HUMANS[seat]}'s {card} is in the page"
            for name in card_names(card):
                assert name not in dom, f"{HUMANS[seat]}'s {card} ({name}) is in the page"


def test_each_human_sees_only_their_own_hand(warm_page, shared_site, artifacts, page_errors):
    page = warm_page(locale="de-DE")
    page.add_init_script(REQUEST_PROBE)
    open_app(page, shared_site, seed=17)
    start_game(page, PLAYERS, dealer=4)  # Anne leads

    holder = None
    handoffs = []
    hands_seen = set()
    for _ in range(600):
        where = screen(page)
        _assert_only_holder_cards(page, holder)
        view = stored(page)["state"]["view"]
        hands_seen.add(view["hand_no"])
        if where == "pass":
            target = stored(page)["handoff"]
            assert target in HUMANS and target != holder
            assert page.locator("h2").inner_text() == f"Gib das Handy an {HUMANS[target]}"
            assert page.locator("[data-card], [data-action=look], #table").count() == 0
            if not handoffs:
                shot(page, artifacts, "pass-phone.png")
                # Reloading on this screen must not reveal anyone's hand either.
                page.reload()
                wait_shell_ready(page)
                assert screen(page) == "pass"
                assert page.locator("[data-card], #table").count() == 0
                _requests(page)
            handoffs.append(target)
        elif where == "over" or (len(hands_seen) >= 3 and len(handoffs) >= 4):
            break
        step = play_step(page, knock=True)
        for req in _requests(page):
            allowed = {holder, None} | ({target} if step == "take-phone" else set())
            assert req["viewer"] in allowed, (req, holder, step)
        if step == "take-phone":
            holder = target
            assert stored(page)["viewer"] == holder
            me = page.locator(".seat.me .seat-name bdi").inner_text()
            assert me == HUMANS[holder]
    assert len(handoffs) >= 3, handoffs
    assert set(handoffs) == set(HUMANS), handoffs
    assert page_errors == []


def test_a_single_human_never_sees_the_pass_screen(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=4)
    start_game(page, [("Anne", "human"), ("Hubert", "bot:easy"), ("Gerda", "bot:easy")], dealer=3)
    screens = set()
    for _ in range(40):
        screens.add(screen(page))
        if play_step(page) == "over":
            break
    assert "pass" not in screens
    assert "table" in screens


def test_the_handover_screen_says_whose_turn_and_why(warm_page, shared_site):
    """The handover screen ("pass the phone") names the player and what they must do."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=17)
    start_game(page, PLAYERS, dealer=4)  # Anne leads
    for _ in range(60):
        if screen(page) == "pass" and stored(page)["handoff"] == 3:
            break
        play_step(page, knock=False)
    assert screen(page) == "pass"
    why = page.locator(".pass-why").inner_text()
    view = stored(page)["state"]["view"]
    if view["response"]:
        assert "Bert muss halten oder passen" in why, why
    else:
        assert why in ("Bert ist am Zug und spielt aus.", "Bert ist am Zug und spielt eine Karte zum Stich."), why
