"""At the table on a phone screen: every card of every hand size
reachable on a 360 px screen, and the bugs a new player ran into."""

from __future__ import annotations

import json

import pytest

from helpers import (
    GAME_KEY,
    engine_table,
    message,
    open_app,
    read_at_size,
    seed_storage,
    shell_record,
    shot,
    stored,
    wait_idle,
    wait_preference,
    wait_shell_ready,
)

# A Pixel 7 and a small phone: the same page resized (cards are laid out in
# CSS pixels, so the pixel ratio does not move them).
SIZES = {"pixel7": (412, 915), "360": (360, 640)}


def table_state(players: int, cards: int, *, answering: bool = False, preset: str = "rheinland") -> dict:
    """A pass-and-play game whose first seat holds `cards` cards, looked at;
    `answering`: the second seat knocked and the first must answer."""
    call = engine_table()
    names = ["Anne", "Hubert", "Gerda", "Hans", "Resi", "Jupp", "Trud", "Kätt"][:players]
    call(
        "new_game",
        players=[{"name": n} for n in names],
        rules=preset,
        options={"cards_per_hand": cards, "max_players": players},
        seed=3,
        dealer=players,
        viewer=1,
    )
    call("act", action={"seat": 1, "type": "look"}, viewer=1)
    if answering:
        call("act", action={"seat": 2, "type": "knock"}, viewer=2)
        for s in range(3, players + 1):
            call("act", action={"seat": s, "type": "hold"}, viewer=s)
    return call("state", viewer=1)


def open_table(page, site, state: dict) -> None:
    seed_storage(page, site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)


CARD_REACH = """() => [...document.querySelectorAll('#table .hand button.card')].map((b) => {
  b.scrollIntoView({ block: 'center' });
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { card: b.dataset.card, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
           width: r.width, height: r.height, hit: hit === b || b.contains(hit) };
})"""


@pytest.mark.parametrize(
    "players,cards,answering", [(4, 8, False), (3, 10, False), (3, 10, True), (8, 4, True), (2, 6, False), (4, 7, True)]
)
def test_every_card_of_every_hand_size_is_on_screen_and_tappable(warm_page, shared_site, artifacts, players, cards, answering):
    page = warm_page()
    state = table_state(players, cards, answering=answering)
    open_table(page, shared_site, state)
    assert page.evaluate("() => document.body.dataset.screen") == "table"
    for size, (width, height) in SIZES.items():
        reach = read_at_size(page, width, height, CARD_REACH)
        assert sorted(r["card"] for r in reach) == sorted(state["view"]["my_cards"])
        for r in reach:
            assert 0 <= r["left"] and r["right"] <= width, (size, r)
            assert 0 <= r["top"] and r["bottom"] <= height, (size, r)
            assert r["width"] >= 44 and r["height"] >= 44, (size, r)  # a thumb-sized target
            assert r["hit"], (size, r)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, size
        shot(page, artifacts, f"hand-{players}p-{cards}cards{'-answering' if answering else ''}-{size}.png")


def bot_table_state(*acts, preset: str = "rheinland") -> dict:
    call = engine_table()
    players = [{"name": "Anne"}] + [{"name": n, "kind": "bot", "level": "easy"} for n in ("Hubert", "Gerda", "Hans")]
    call("new_game", players=players, rules=preset, seed=7, dealer=4, viewer=1)
    for a in acts:
        call("act", action={"seat": 1, "type": a}, viewer=1)
    return call("state", viewer=1)


def test_a_refusal_goes_once_the_position_it_was_about_has_changed(warm_page, shared_site):
    """The refusal "Erst halten oder passen …" stayed on screen after the
    computers had answered (and on the hand's result)."""
    page = warm_page(locale="de-DE")
    state = bot_table_state("look", "knock")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="2500")
    wait_shell_ready(page)
    card = state["view"]["my_cards"][0]
    page.locator(f'[data-card="{card}"]').tap()
    assert "Hubert muss auf das Klopfen antworten" in message(page)
    # The table drawn again keeps the nodes that did not change (dom.js
    # patch): the hand's cards are the same elements after every redraw.
    page.evaluate(f"() => {{ window.__card = document.querySelector('#screen [data-card=\"{card}\"]'); }}")
    # Hubert looks first (the refusal still holds), then answers: then it
    # no longer applies.
    for _ in range(100):
        page.wait_for_timeout(200)
        # The message first: every state is stored before it is drawn, so a
        # message read before a store that still has Hubert to answer was
        # drawn for a position where he still had to.
        shown = message(page)
        view = stored(page)["state"]["view"]
        if (view["response"] or {}).get("to_answer") != 2:
            break
        assert "Hubert muss auf das Klopfen antworten" in shown
    else:
        raise AssertionError("Hubert never answered")
    page.wait_for_timeout(100)
    assert message(page) == ""
    assert page.evaluate("() => window.__card.isConnected && window.__card.closest('#screen') !== null")
    # What patch changes and what it takes new: attributes and text follow
    # the new tree, a form control is always the new one (its typed state
    # lives in properties), surplus nodes go.
    assert page.evaluate(
        """async () => {
      const { h, patch } = (await import('./modules.js')).dom;
      const root = h('div', {}, h('p', { class: 'a', 'data-x': '1' }, 'eins'), h('input', { value: 'alt' }), h('span', {}, 'weg'));
      const p = root.firstChild, input = root.children[1];
      patch(root, h('p', { class: 'b' }, 'zwei'), h('input', { value: 'neu' }));
      return root.firstChild === p && p.className === 'b' && !p.hasAttribute('data-x') && p.textContent === 'zwei'
        && root.children[1] !== input && root.children[1].value === 'neu' && root.childNodes.length === 2;
    }"""
    )


def import_record(page, tmp_path, record: dict) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    with page.expect_file_chooser() as chooser:
        page.locator('[data-action="import"]').tap()
    chooser.value.set_files(str(path))
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    wait_idle(page)


DISCARDS = """() => [...document.querySelectorAll('#table .centre .discards')].map((row) => ({
  label: row.getAttribute('aria-label'),
  cards: [...row.querySelectorAll('.discard')].map((d) => ({
    no: d.querySelector('.discard-no').textContent, said: d.querySelector('.card').getAttribute('aria-label'),
    back: d.querySelector('.card').classList.contains('back'), face: d.querySelector('.face')?.textContent ?? null })),
}))"""


def test_a_turned_discard_names_the_card_and_what_it_cost(warm_page, shared_site, tmp_path):
    """Wipperfürth's turn-up showed "Hubert: turn." and
    neither the card nor the point it cost; and "Ablage 2 von Hubert
    umdrehen" was offered with no discard on the table."""
    from schraem.core.actions import Action
    from schraem.core.game import Game

    game = Game(["Anne", "Hubert", "Gerda", "Hans"], "wipperfuerth", dealer=4)
    game.deal(
        cards=[["10H", "9H", "8H", "7H"], ["AH", "KH", "QS", "7D"], ["10S", "9S", "8S", "7S"], ["10D", "9D", "8D", "JD"]],
        stock=["10C", "9C", "8C", "7C", "AC", "KC"],
    )
    for a in ("2:exchange", "1:look", "1:turn:2#1"):
        game.apply(Action.parse(a))
    record = game.to_record()
    for p in record["players"][1:]:
        p.update(kind="bot", level="easy")
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=3, pace="60000")
    import_record(page, tmp_path, record)
    # Hubert's four discards lie on the felt under the numbers the offers
    # name: the first turned up (Ass Herz), three face down, none of their
    # faces in the page.
    (row,) = page.evaluate(DISCARDS)
    assert row["label"] == "Ablage von Hubert"
    assert [c["no"] for c in row["cards"]] == ["1", "2", "3", "4"]
    assert row["cards"][0]["said"] == "Ablage 1: Herz Ass, umgedreht von Anne" and not row["cards"][0]["back"]
    assert [c["said"] for c in row["cards"][1:]] == [f"Ablage {k}: verdeckt" for k in (2, 3, 4)]
    assert all(c["back"] and c["face"] is None for c in row["cards"][1:])
    for k in (2, 3, 4):
        offer = page.locator('#controls [data-action="other"]', has_text=f"Ablage {k} von Hubert umdrehen")
        assert offer.count() == 1
        offer.tap()
        wait_idle(page)
    (row,) = page.evaluate(DISCARDS)
    assert [c["back"] for c in row["cards"]] == [False] * 4
    assert row["cards"][3]["said"] == "Ablage 4: Karo Sieben, umgedreht von Anne"
    assert page.locator('#controls [data-action="other"]', has_text="umdrehen").count() == 0
    log = page.locator(".log").inner_text()
    assert "Anne dreht bei Hubert um: Karo Sieben. Hubert hat geblufft und verliert 1 Schräm." in log, log
    assert "Anne dreht bei Hubert um: Pik Dame." in log, log
    assert "turn" not in log
    page.locator('[data-action="lang"]').tap()
    log = page.locator(".log").inner_text()
    assert "Anne turns up Hubert's discard: " in log and "Hubert bluffed and loses 1 mark(s)." in log, log


def test_a_hand_without_knocking_offers_no_knock(warm_page, shared_site):
    """The newcomers' halves are not knocked, yet the table
    showed "Klopfen" and "Noch nicht geklopft"."""
    page = warm_page(locale="de-DE")
    state = bot_table_state("look", preset="siwwe_schroehm_newcomer")
    assert state["view"]["knocking"] is False
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert page.locator('[data-action="knock"]').count() == 0
    assert "geklopft" not in page.locator("#table").inner_text()
    # A double tap on the table is not a knock either.
    before = stored(page)["save"]
    page.locator("#table .centre").dblclick()
    wait_idle(page)
    assert stored(page)["save"] == before

    # Where the hand is knocked, both are there.
    page.close()
    other = warm_page(locale="en-US")
    state = bot_table_state("look")
    seed_storage(other, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(other)
    assert other.locator('[data-action="knock"]').count() == 1
    assert "No knock yet" in other.locator("#table").inner_text()


def test_a_knock_before_looking_is_logged_as_blind(warm_page, shared_site):
    """A blind knock looked like any other in the log."""
    page = warm_page(locale="de-DE")
    state = bot_table_state()
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert page.locator('[data-action="look"]').count() == 1  # not looked yet
    page.locator('[data-action="knock"]').tap()
    wait_idle(page)
    assert "Anne klopft blind auf 2." in page.locator(".log").inner_text()
    assert stored(page)["state"]["view"]["log"][-1] == {"seat": 1, "type": "knock", "value": 2, "blind": True}


def last_card_state(seed: int = 12) -> tuple[dict, str]:
    """Anne against three computers on their last mark, Anne about to play
    the card that ends the game."""
    call = engine_table()
    players = [{"name": "Anne"}] + [{"name": n, "kind": "bot", "level": "easy", "marks": 1} for n in ("Hubert", "Gerda", "Hans")]
    st = call("new_game", players=players, rules="rheinland", seed=seed, dealer=2, viewer=1)
    for _ in range(200):
        assert not st["game_over"]
        if st["hand_over"]:
            st = call("next_hand", viewer=1)
        elif st["due"]["bots"]:
            st = call("bot_step", viewer=1)
        elif st["view"]["my_cards"] is None:
            st = call("act", action={"seat": 1, "type": "look"}, viewer=1)
        else:
            legal = st["view"]["legal"]
            plays = [a for a in legal if a["type"] == "play"]
            if plays and len(st["view"]["my_cards"]) == 1:
                now = call("state", viewer=1)
                after = call("act", action=plays[0], viewer=1)
                if after["game_over"]:
                    return now, plays[0]["card"]
                st = after
                continue
            st = call("act", action=plays[0] if plays else next(a for a in legal if a["type"] in ("hold", "look")), viewer=1)
    raise AssertionError("no game-ending card found")


def test_the_game_over_screen_opens_at_its_heading_and_passes_axe(warm_page, shared_site):
    """The game-over screen opened scrolled down (the table
    had been), its heading cut off, and failed axe's scrollable-region-focusable."""
    from helpers import assert_axe_clean

    page = warm_page(locale="de-DE", service_workers="block")
    state, card = last_card_state()
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    page.evaluate("() => { const m = document.getElementById('screen'); m.scrollTop = m.scrollHeight; }")
    page.locator(f'[data-card="{card}"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'over'")
    wait_idle(page)
    assert page.evaluate("() => document.getElementById('screen').scrollTop") == 0
    # The screen is longer than the phone: the case the bug was about.
    assert page.evaluate("() => { const m = document.getElementById('screen'); return m.scrollHeight > m.clientHeight; }")
    heading = page.locator(".game-over h2").bounding_box()
    screen_box = page.locator("#screen").bounding_box()
    assert heading["y"] >= screen_box["y"] and heading["y"] + heading["height"] <= screen_box["y"] + screen_box["height"]
    assert_axe_clean(page, shared_site, "game over")


def test_after_a_game_the_winner_deals_the_rematch_in_one_tap(warm_page, shared_site):
    """The rematch: the next game's first dealer is the
    last game's winner (the engine says whom), the same table in one tap."""
    page = warm_page(locale="de-DE")
    state, card = last_card_state()
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    page.locator(f'[data-card="{card}"]').tap()
    page.wait_for_function("() => document.body.dataset.screen === 'over'")
    wait_idle(page)
    over = stored(page)["state"]["view"]
    assert over["winner"] == 1 and over["next_game_dealer"] == 1
    rematch = page.locator('[data-action="rematch"]')
    assert rematch.inner_text() == "Noch eine Runde – Anne gibt"
    rematch.tap()
    page.wait_for_function("() => document.body.dataset.screen === 'table'")
    wait_idle(page)
    new = stored(page)
    assert new["save"]["record"]["dealer"] == 1 and new["state"]["view"]["hand_no"] == 1
    assert [p["kind"] for p in new["save"]["table"]["players"]] == ["human", "bot", "bot", "bot"]
    assert new["viewer"] == 1 and all(p["marks"] == 7 for p in new["state"]["view"]["players"])


def test_the_start_form_is_remembered_across_a_reload(warm_page, shared_site):
    """Names, seats, levels, rules and dealer were forgotten
    on reload."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=5)
    page.select_option('[data-field="count"]', "3")
    for i, name in enumerate(["Resi", "Jupp", "Trud"]):
        page.fill(f'[data-field="name"][data-seat="{i}"]', name)
        page.locator(f'[data-field="name"][data-seat="{i}"]').dispatch_event("change")
    page.select_option('[data-field="who"][data-seat="1"]', "bot:hard")
    page.select_option('[data-field="who"][data-seat="2"]', "human")
    page.select_option('[data-field="rules"]', "tuppen")
    page.select_option('[data-field="dealer"]', "2")
    wait_preference(page, "setup", "dealer", 2)  # the last change on disk
    page.reload()
    wait_shell_ready(page)
    assert page.evaluate("() => document.body.dataset.screen") == "start"
    assert page.locator('[data-field="count"]').input_value() == "3"
    assert [page.locator(f'[data-field="name"][data-seat="{i}"]').input_value() for i in range(3)] == ["Resi", "Jupp", "Trud"]
    assert [page.locator(f'[data-field="who"][data-seat="{i}"]').input_value() for i in range(3)] == ["human", "bot:hard", "human"]
    assert page.locator('[data-field="rules"]').input_value() == "tuppen"
    assert page.locator('[data-field="dealer"]').input_value() == "2"

    # The form offers only the counts a rule set is played by (the engine's
    # figures), and holds as many seats as the chosen one allows.
    def counts():
        return page.eval_on_selector_all('[data-field="count"] option', "os => os.map((o) => o.value)")

    assert counts() == [str(n) for n in range(2, 9)]
    page.select_option('[data-field="rules"]', "siwwe_schroehm")
    assert counts() == ["4"] and page.locator('[data-field="name"]').count() == 4
    assert page.locator('[data-field="name"][data-seat="2"]').input_value() == "Trud"  # the names kept
    page.select_option('[data-field="rules"]', "marienheide")
    assert counts() == [str(n) for n in range(2, 6)] and page.locator('[data-field="count"]').input_value() == "4"


def test_an_import_refused_in_german_says_why_in_german(warm_page, shared_site, tmp_path):
    """German refusals on import carried English engine text."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site, seed=3)
    path = tmp_path / "broken.json"
    path.write_text(
        json.dumps(
            {
                "format": "schraem-record/1",
                "rules": "rheinland",
                "players": [{"name": "A"}, {"name": "B"}],
                "dealer": 1,
                "hands": [{"deal": [["AS"], ["AS"]], "actions": []}],
            }
        )
    )
    with page.expect_file_chooser() as chooser:
        page.locator('[data-action="import"]').tap()
    chooser.value.set_files(str(path))
    page.wait_for_function("() => !document.getElementById('message').hidden")
    text = message(page)
    assert "Platz 1 bekommt 4 Karten, nicht 1" in text, text
    assert "must get" not in text and "cards, not" not in text, text


def played_state(tricks: int, *, to_end: bool = False) -> dict:
    """Anne (plays her first playable card) against three computers, until
    `tricks` tricks are done (or, `to_end`, the hand is over)."""
    call = engine_table()
    players = [{"name": "Anne"}] + [{"name": n, "kind": "bot", "level": "easy"} for n in ("Hubert", "Gerda", "Hans")]
    st = call("new_game", players=players, rules="rheinland", seed=9, dealer=4, viewer=1)
    for _ in range(300):
        v = st["view"]
        if st["hand_over"] if to_end else (len(v["tricks"]) >= tricks and not v["trick"] and v["turn"] == 1):
            return st
        if st["due"]["bots"]:
            st = call("bot_step", viewer=1)
        elif v["my_cards"] is None:
            st = call("act", action={"seat": 1, "type": "look"}, viewer=1)
        else:
            legal = v["legal"]
            a = next((x for x in legal if x["type"] in ("hold", "play")), None)
            st = call("act", action=a, viewer=1) if a else call("bot_step", viewer=1)
    raise AssertionError("never got there")


def test_every_trick_and_every_action_of_the_hand_can_be_reviewed(warm_page, shared_site):
    """The last trick stays until the next card; a tap shows every
    trick of the hand so far; the log of the hand is there in full."""
    page = warm_page(locale="de-DE")
    state = played_state(2)
    view = state["view"]
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert "Letzter Stich ging an" in page.locator(".trick").inner_text()  # still in sight
    page.locator(".tricks-review summary").tap()
    rows = page.locator(".tricks-list > li")
    assert rows.count() == len(view["tricks"]) >= 2
    winner = view["players"][view["tricks"][0]["winner"] - 1]["name"]
    assert f"an {winner}" in rows.first.inner_text()
    page.locator(".log-all summary").tap()
    shown = page.locator(".log-full li").all_inner_texts()
    assert len(shown) == len([e for e in view["log"] if e["type"] != "look" or e["seat"] == 1]) > 3
    # Opening and closing them quickly is not a double tap on the table: no knock.
    before = stored(page)["save"]
    page.locator(".log-all summary").dblclick()
    page.locator(".tricks-review summary").dblclick()
    wait_idle(page)
    assert stored(page)["save"] == before


def test_the_result_shows_the_trick_that_decided_the_hand(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    state = played_state(0, to_end=True)
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert page.evaluate("() => document.body.dataset.screen") == "result"
    assert state["view"]["hand_result"]["reason"] == "last_trick"  # seed 9: played to the last trick
    cards = page.locator(".final-trick .played").count()
    assert cards == len(state["view"]["tricks"][-1]["cards"]) >= 2


def test_the_start_screens_offers_have_headings_of_one_rank_and_size(warm_page, shared_site):
    """The phone table's offer on the start screen once had a larger, higher
    ranked heading than its neighbours, the club's and the deal sets'."""
    page = warm_page(locale="de-DE")
    open_app(page, shared_site)
    headings = page.evaluate("""() => [...document.querySelectorAll('#screen section[aria-labelledby]')].map((s) => {
      const h = document.getElementById(s.getAttribute('aria-labelledby'));
      return { id: h.id, tag: h.tagName, size: getComputedStyle(h).fontSize };
    })""")
    ids = {h["id"] for h in headings}
    assert {"phone-start-heading", "club-heading", "duel-heading"} <= ids, headings
    offers = [h for h in headings if h["id"] in ("phone-start-heading", "club-heading", "duel-heading")]
    assert len({(h["tag"], h["size"]) for h in offers}) == 1, offers
