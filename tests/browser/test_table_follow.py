"""Knocks only on purpose and tricks one can follow: a double tap
on the words around the felt never knocks, a double tap on the felt, its
words included, knocks and says so with a moment to take it back, and where
no knock is listed it does nothing; a finished trick stays in sight at
the normal pace, its winning card marked, and the last trick is a tap away."""

from __future__ import annotations

from helpers import GAME_KEY, engine_table, message, seed_storage, shell_record, stored, wait_idle, wait_shell_ready

# The words around the felt, read while playing; and the felt's own words,
# which are the table a thumb knocks on like the bare cloth.
OFF_FELT = ["#table .status", "#table .seat-name", "#table .log li"]
FELT_WORDS = ["#table .value", "#table .hand-no", "#table .knock-line", "#table .trick-empty"]


def looked_state() -> dict:
    call = engine_table()
    players = [{"name": "Anne"}] + [{"name": n, "kind": "bot", "level": "easy"} for n in ("Hubert", "Gerda", "Hans")]
    call("new_game", players=players, rules="rheinland", seed=7, dealer=4, viewer=1)
    return call("act", action={"seat": 1, "type": "look"}, viewer=1)


def felt_point(page) -> dict:
    box = page.locator("#table .trick").bounding_box()
    return {"x": box["width"] - 4, "y": box["height"] - 4}


def test_double_taps_beside_the_felt_never_knock_and_a_felt_knock_can_be_taken_back(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(looked_state(), 1)}, pace="60000")
    wait_shell_ready(page)
    before = stored(page)["save"]
    for sel in OFF_FELT:
        target = page.locator(sel).first
        target.tap()
        target.tap()
        target.dblclick()
        wait_idle(page)
        assert stored(page)["save"] == before, sel
        assert stored(page)["state"]["view"]["value"] == 1, sel
    # The felt's words ("Spiel 1", "Es geht um 1", "Noch nicht geklopft", …)
    # are the felt: each knocks, and is taken back.
    for sel in FELT_WORDS:
        page.locator(sel).first.dblclick()
        wait_idle(page)
        assert stored(page)["state"]["view"]["value"] == 2, sel
        page.locator('#controls .knock-undo [data-action="undo"]').tap()
        wait_idle(page)
        assert stored(page)["save"] == before, sel
    # The felt itself: a knock, said in words, with a way back (a double
    # click: two taps well inside the double tap's time however busy the machine).
    trick = page.locator("#table .trick")
    trick.dblclick(position=felt_point(page))
    wait_idle(page)
    view = stored(page)["state"]["view"]
    assert view["value"] == 2 and view["last_knocker"] == 1
    strip = page.locator("#controls .knock-undo")
    assert strip.inner_text().startswith("Auf 2 geklopft.")
    strip.locator('[data-action="undo"]').tap()
    wait_idle(page)
    view = stored(page)["state"]["view"]
    assert view["value"] == 1 and view["last_knocker"] is None
    assert page.locator("#controls .knock-undo").count() == 0
    assert message(page) == "" or "Tipp" in message(page)
    # The knock button says to what.
    assert page.locator('[data-action="knock"]').inner_text() == "Auf 2 klopfen"
    # Knocked, the others to answer: no knock is listed for Anne, and a
    # double tap on the felt does nothing, no refusal either.
    trick.dblclick(position=felt_point(page))
    wait_idle(page)
    knocked = stored(page)["save"]
    assert not any(a["type"] == "knock" for a in stored(page)["state"]["view"]["legal"])
    page.locator("#table .value").dblclick()
    trick.dblclick(position=felt_point(page))
    wait_idle(page)
    assert stored(page)["save"] == knocked
    assert page.locator('#message[data-kind="refusal"]').count() == 0, message(page)


def first_trick_won_by_a_computer() -> tuple[dict, str]:
    """Anne about to lead the first trick with a card a computer beats."""
    for card in looked_state()["view"]["my_cards"]:
        call = engine_table()
        players = [{"name": "Anne"}] + [{"name": n, "kind": "bot", "level": "easy"} for n in ("Hubert", "Gerda", "Hans")]
        call("new_game", players=players, rules="rheinland", seed=7, dealer=4, viewer=1)
        start = call("act", action={"seat": 1, "type": "look"}, viewer=1)
        st = call("act", action={"seat": 1, "type": "play", "card": card}, viewer=1)
        for _ in range(50):
            if st["view"]["tricks"]:
                break
            if (st["view"]["response"] or {}).get("to_answer") == 1:
                st = call("act", action={"seat": 1, "type": "hold"}, viewer=1)
            else:
                st = call("bot_step", viewer=1)
        if st["view"]["tricks"] and st["view"]["tricks"][0]["winner"] != 1:
            return start, card
    raise AssertionError("no card loses the first trick")


def test_a_finished_trick_stays_two_seconds_at_the_normal_pace(warm_page, shared_site):
    page = warm_page(locale="de-DE")
    state, card = first_trick_won_by_a_computer()
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="normal")
    wait_shell_ready(page)
    page.locator(f'[data-card="{card}"]').tap()
    # Anne holds when a computer knocks, until the first trick is done.
    for _ in range(100):
        if page.locator("#table .trick.previous").count():
            break
        if page.locator('[data-action="hold"]').count():
            page.locator('[data-action="hold"]').tap()
        page.wait_for_timeout(100)
    # The moment the finished trick is drawn, and what the felt shows two
    # seconds later (read at once, in the page).
    shown_at = page.evaluate("""() => new Promise((done) => {
        const look = () => document.querySelector('#table .trick.previous') ? done(performance.now()) : requestAnimationFrame(look);
        look(); })""")
    later = page.evaluate(
        """(t0) => new Promise((done) => setTimeout(() => {
        const trick = document.querySelector('#table .trick');
        const won = trick.querySelectorAll('.played.won .played-by');
        done({ previous: trick.classList.contains('previous'), cards: trick.querySelectorAll('.played').length,
               won: [...won].map((w) => w.textContent) });
      }, Math.max(0, t0 + 2000 - performance.now())))""",
        shown_at,
    )
    first = stored(page)["state"]["view"]["tricks"][0]
    winner, cards = first["winner"], len(first["cards"])
    assert later == {"previous": True, "cards": cards, "won": [["Anne", "Hubert", "Gerda", "Hans"][winner - 1]]}
    assert cards >= 3
    trick = page.locator("#table .trick")
    # A tap on the felt lets the computers play on; the last trick stays a tap away.
    trick.tap(position=felt_point(page))
    page.wait_for_function("() => document.querySelector('#table .trick.previous') === null", timeout=10_000)
    page.locator('[data-action="peek-trick"]').tap()
    assert page.locator("#table .trick.previous .played").count() == cards
    assert page.locator('[data-action="peek-trick"]').get_attribute("aria-expanded") == "true"


def test_axe_on_the_knock_taken_back_and_the_stakes(warm_page, shared_site):
    from helpers import assert_axe_clean

    page = warm_page(locale="de-DE", service_workers="block")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(looked_state(), 1)}, pace="60000")
    wait_shell_ready(page)
    page.locator("#table .trick").dblclick(position=felt_point(page))
    wait_idle(page)
    assert page.locator("#controls .knock-undo").count() == 1
    assert_axe_clean(page, shared_site, "table, a knock to take back")


def test_the_answer_says_what_passing_costs_and_holding_risks(warm_page, shared_site):
    from test_table_ux import table_state

    page = warm_page(locale="de-DE")
    state = table_state(4, 4, answering=True)  # Hubert knocked to 2, Anne answers
    assert state["view"]["response"]["to_answer"] == 1
    seed_storage(page, shared_site, {GAME_KEY: shell_record(state, 1)}, pace="60000")
    wait_shell_ready(page)
    assert page.locator("#controls .stakes").inner_text() == "Passen kostet dich 1 Schräm. Halten: es geht um 2."
    page.locator('[data-action="lang"]').tap()
    assert page.locator("#controls .stakes").inner_text() == "Passing costs you 1 mark. Holding: the hand is worth 2."
