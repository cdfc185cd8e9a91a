"""The table on every phone: from 320×568 to 430×932, in German
and English, the person's whole hand and every action button are on screen
and answer a tap at every moment the person must act, through a whole game
against the computer and one of the newcomers' 8-card preset; no text spills
out of its box on any screen on the way."""

from __future__ import annotations

import pytest

from helpers import NAMES_CUT, open_app, read_at_size, screen, shot, start_game, stored, tap, wait_idle

PHONES = [(320, 568), (360, 640), (360, 780), (390, 844), (412, 915), (430, 932)]
# One game per language (their words differ in length), and at every state
# the person must act in the page is turned into each phone in turn: the
# same game at each size, for a sixth of the games a game per size cost.
# The smallest phone comes last, so every tap lands on it.
CHECK_ORDER = sorted(PHONES, key=lambda wh: -wh[0] * wh[1])
THREE_BOTS = [("Anne-Kathrin", "human"), ("Karl-Heinz", "bot:easy"), ("Marie-Luise", "bot:easy"), ("Hans-Jürgen", "bot:easy")]

# Every hand card and every button under the thumb: inside the viewport and
# the topmost element at each corner (inset past the rounded edge, which
# Chromium's hit test follows) and at the centre.
REACH = """() => {
  const els = [...document.querySelectorAll('#table .hand button.card, #table .hand button.look, #controls button')];
  const vw = innerWidth, vh = innerHeight;
  return els.map((el) => {
    const r = el.getBoundingClientRect();
    const radius = parseFloat(getComputedStyle(el).borderTopLeftRadius) || 0;
    const inset = 1 + Math.ceil(radius * 0.3);
    const points = [[r.left + inset, r.top + inset], [r.right - inset, r.top + inset], [r.left + inset, r.bottom - inset],
                    [r.right - inset, r.bottom - inset], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
    const missed = points.filter(([x, y]) => { const hit = document.elementFromPoint(x, y); return !(hit && (hit === el || el.contains(hit))); });
    return { what: el.dataset.card || el.dataset.action || el.className, left: r.left, top: r.top, right: r.right,
             bottom: r.bottom, inside: r.left >= 0 && r.top >= 0 && r.right <= vw && r.bottom <= vh, missed: missed.length };
  }).filter((b) => !b.inside || b.missed);
}"""

# A chart's words: inside the chart (an SVG cuts what lies outside it
# without overflowing), and the names at the lines' ends clear of each other.
CHART_SPILLS = """() => {
  const spilled = [];
  for (const chart of document.querySelectorAll('svg.chart-svg')) {
    if (!chart.getClientRects().length) continue;
    const vb = chart.viewBox.baseVal;
    for (const t of chart.querySelectorAll('text')) {
      const b = t.getBBox();
      if (b.x < vb.x - 0.5 || b.y < vb.y - 0.5 || b.x + b.width > vb.x + vb.width + 0.5 || b.y + b.height > vb.y + vb.height + 0.5) {
        spilled.push(`chart text "${t.textContent}" outside its chart`);
      }
    }
    const ends = [...chart.querySelectorAll('.chart-line text')].map((t) => [t.textContent, t.getBBox()]);
    ends.forEach(([name, a], i) => ends.slice(i + 1).forEach(([other, b]) => {
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5) {
        spilled.push(`chart names "${name}" and "${other}" on top of each other`);
      }
    }));
  }
  return spilled;
}"""

# Text wider than its box: a button, a heading, a table cell; and the
# chosen option of a select (a select cuts its text without overflowing),
# measured in its own font beside the room its arrow leaves.
OVERFLOW = """() => {
  const spilled = [...document.querySelectorAll('button, h1, h2, h3, .seat-name, .status, td, th, summary, .value, label')]
    .filter((el) => el.offsetParent !== null && el.clientWidth > 1 && getComputedStyle(el).overflowX !== 'auto'
      && el.scrollWidth > el.clientWidth + 1 && !el.closest('.list-scroll'))
    .map((el) => `${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
  const ctx = document.createElement('canvas').getContext('2d');
  for (const el of document.querySelectorAll('select')) {
    if (el.offsetParent === null || !el.selectedOptions.length) continue;
    const st = getComputedStyle(el);
    ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    const text = ctx.measureText(el.selectedOptions[0].text).width;
    const room = el.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;
    if (text > room) spilled.push(`SELECT "${el.selectedOptions[0].text}" ${Math.round(text)}>${Math.round(room)}`);
  }
  return spilled;
}"""


def must_act(view) -> bool:
    me = view["seat"]
    r = view["response"]
    if r:
        return r["to_answer"] == me
    return view["turn"] == me or any(a["type"] == "look" for a in view["legal"])


# Every check in one call: a whole game checks hundreds of states at six
# sizes each (read at each size with helpers.read_at_size).
FIT_CHECKS = f"""(reach) => ({{ reach: reach ? ({REACH})() : [], spilled: [...({OVERFLOW})(), ...({CHART_SPILLS})()],
  cut: ({NAMES_CUT})('.seat-name > bdi, .played-by'), fits: document.documentElement.scrollWidth <= innerWidth }})"""


def as_every_phone(page, where: str, *, reach: bool, then=None) -> None:
    """At each phone size in turn (the page resized): no text spills out and
    the page is no wider than the phone; with `reach`, every hand card and
    button is in reach too; then `then(page, "<where> at WxH", "WxH")`."""
    for width, height in CHECK_ORDER:
        at = f"{where} at {width}x{height}"
        assert_fits(read_at_size(page, width, height, FIT_CHECKS, reach), at)
        if then:
            then(page, at, f"{width}x{height}")


def assert_fits(found: dict, where: str) -> None:
    """What FIT_CHECKS found: nothing out of reach or spilled, no name of
    a seat or under a played card cut, and the page no wider than the phone."""
    assert found["reach"] == [], f"{where}: out of reach {found['reach']}"
    assert found["spilled"] == [], f"{where}: text spills out {found['spilled']}"
    assert found["cut"] == [], f"{where}: a name cut off or broken inside a word {found['cut']}"
    assert found["fits"], f"{where}: page wider than the phone"


def check_no_overflow(page, where: str) -> None:
    size = page.viewport_size
    assert_fits(read_at_size(page, size["width"], size["height"], FIT_CHECKS, False), where)


def play_checked(page, label: str, artifacts, *, knock: bool = True, hands: int | None = None, max_steps: int = 1500) -> int:
    """Play the game to its end (or to the result of hand `hands`),
    checking the fit at every state the person must act in and every other
    screen on the way. → states checked."""
    checked = 0
    shots = set()
    for _ in range(max_steps):
        wait_idle(page)
        where = screen(page)
        if where == "over":
            as_every_phone(page, f"{label} over", reach=False)
            return checked
        if where == "result":
            as_every_phone(page, f"{label} result", reach=False)
            if hands is not None and stored(page)["state"]["view"]["hand_no"] >= hands:
                return checked
            tap(page, '[data-action="next-hand"]')
            continue
        assert where == "table", where
        view = stored(page)["state"]["view"]
        if not must_act(view):
            page.wait_for_timeout(50)
            continue
        where = f"{label} hand {view['hand_no']} step {len(view['log'])}"
        as_every_phone(page, where, reach=True)
        checked += 1
        if "update" not in shots and (view["hand_no"] == 2 or (hands == 1 and checked > 2)):
            # From the second hand on (in a one-hand check, from its third
            # state on) the "new version" strip sits under the header (the
            # service worker's own code draws it).
            shots.add("update")
            page.evaluate("async () => (await import('./modules.js').then((m) => m.swRegister)).showUpdateToast({ postMessage() {} })")
            as_every_phone(page, f"{where} with the update strip", reach=True)
        opened = page.locator("#table details:not([open]) > summary")
        if opened.count() and view["my_cards"] and f"open{view['hand_no']}" not in shots:
            # Every trick and every action of the hand unfolded: still in reach.
            shots.add(f"open{view['hand_no']}")
            for i in range(opened.count()):
                opened.first.tap()
            first = "open" not in shots
            shots.add("open")

            as_every_phone(
                page,
                f"{where} with the details open",
                reach=True,
                then=(lambda p, w, size: shot(p, artifacts, f"fit-{size}-{label}-open.png")) if first else None,
            )
        kind = "answer" if view["response"] else "cards" if view["my_cards"] else "look"
        if kind not in shots:
            shots.add(kind)
            as_every_phone(page, where, reach=True, then=lambda p, w, size: shot(p, artifacts, f"fit-{size}-{label}-{kind}.png"))
        step(page, view, knock)
    raise AssertionError(f"{label}: game not over after {max_steps} steps")


def step(page, view, knock: bool) -> None:
    me = view["seat"]
    legal = {(a["type"], a.get("card")) for a in view["legal"]}
    if view["response"]:
        tap(page, '[data-action="hold"]')
    elif ("look", None) in legal:
        tap(page, '[data-action="look"]')
    elif knock and ("knock", None) in legal and not any(a["seat"] == me and a["type"] == "knock" for a in view["log"]):
        tap(page, '[data-action="knock"]')
    else:
        card = next(c for c in view["my_cards"] if ("play", c) in legal or ("discard", c) in legal)
        tap(page, f'[data-card="{card}"]')


def open_phone(warm_page, shared_site, width: int, height: int, lang: str, seed: int):
    page = warm_page(locale="de-DE" if lang == "de" else "en-US")
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, shared_site, seed=seed)
    return page


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_whole_game_keeps_hand_and_buttons_in_reach(warm_page, shared_site, artifacts, lang):
    page = open_phone(warm_page, shared_site, *CHECK_ORDER[-1], lang, seed=20)
    as_every_phone(page, "start", reach=False)
    start_game(page, THREE_BOTS, dealer=4)
    assert play_checked(page, lang, artifacts) > 10
    # The whole game's Spielliste: no sideways scrolling from 360 px up.
    tap(page, 'header [data-action="list"]')
    page.wait_for_selector("table.list")

    def list_fits(p, where, size):
        if p.viewport_size["width"] >= 360:
            assert p.evaluate("() => [...document.querySelectorAll('.list-scroll')].every((s) => s.scrollWidth <= s.clientWidth)"), where
        shot(p, artifacts, f"fit-{size}-{lang}-list.png")

    as_every_phone(page, f"{lang} list", reach=False, then=list_fits)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_whole_game_of_eight_card_hands_keeps_every_card_in_reach(warm_page, shared_site, artifacts, lang):
    """The newcomers' preset deals eight cards: two rows of them, still in
    reach with the buttons, the tip and the log. The German words are the
    longer: a whole game in German; in English the first hand and its
    result (the end of a game in English is the 4-card game's)."""
    page = open_phone(warm_page, shared_site, *CHECK_ORDER[-1], lang, seed=21)
    start_game(page, THREE_BOTS, rules="siwwe_schroehm_newcomer", dealer=4)
    assert len(stored(page)["state"]["view"]["players"]) == 4
    assert play_checked(page, f"{lang}-8cards", artifacts, knock=False, hands=None if lang == "de" else 1) > 5


SCREENS_AT = [(360, 640, "de"), (320, 568, "de"), (360, 640, "en")]


@pytest.mark.parametrize("width,height,lang", SCREENS_AT, ids=[f"{w}x{h}-{lang}" for w, h, lang in SCREENS_AT])
def test_no_text_spills_out_on_any_screen(warm_page, shared_site, artifacts, width, height, lang):
    """The start form in both modes, the settings, the rules, a scoresheet
    game to its end (the end screen's buttons), its Spielliste, the history,
    the statistics and the tournament's setup."""
    from club_helpers import finish_fast
    from helpers import start_sheet

    page = open_phone(warm_page, shared_site, width, height, lang, seed=22)
    label = f"{width}x{height}-{lang}"
    check_no_overflow(page, f"{label} start")
    tap(page, '[data-action="mode"][data-mode="sheet"]')
    check_no_overflow(page, f"{label} start, scoresheet")
    tap(page, '[data-action="settings"]')
    check_no_overflow(page, f"{label} settings")
    tap(page, '.settings [data-action="rules"]')
    check_no_overflow(page, f"{label} rules")
    tap(page, '[data-action="rules-close"]')
    tap(page, '[data-action="settings-close"]')
    # Double names, as common at a Rhineland table as they are long: the
    # Spielliste still fits a 360 px phone without scrolling sideways.
    start_sheet(page, ["Marie-Luise", "Karl-Heinz", "Hans-Jürgen", "Anne-Kathrin"], dealer=4)
    check_no_overflow(page, f"{label} scoresheet")
    finish_fast(page)
    check_no_overflow(page, f"{label} scoresheet over")
    shot(page, artifacts, f"fit-{label}-sheet-over.png")
    tap(page, 'header [data-action="list"]')
    page.wait_for_selector("table.list")
    check_no_overflow(page, f"{label} list")
    if width >= 360:
        assert page.evaluate("() => [...document.querySelectorAll('.list-scroll')].every((s) => s.scrollWidth <= s.clientWidth)")
    assert page.evaluate(NAMES_CUT, ".list th.player bdi") == [], f"{label} list: a name cut off or broken inside a word"
    shot(page, artifacts, f"fit-{label}-list-names.png")
    tap(page, 'header [data-action="setup"]')
    tap(page, '[data-action="history"]')
    page.wait_for_selector(".history-entry")
    check_no_overflow(page, f"{label} history")
    tap(page, '#controls [data-action="stats"]')
    page.wait_for_selector(".stats-table")
    check_no_overflow(page, f"{label} statistics")
    assert page.evaluate(NAMES_CUT, ".stats-table th.player bdi") == [], f"{label} statistics: a name cut off or broken inside a word"
    shot(page, artifacts, f"fit-{label}-stats.png")
    tap(page, 'header [data-action="setup"]')
    tap(page, '[data-action="tournament"]')
    check_no_overflow(page, f"{label} tournament")


def test_a_charts_names_stay_inside_it_and_apart(warm_page, shared_site):
    """Eight players ending together (the most names at one place) with
    names up to the engine's 40 letters: every name at a line's end inside
    the chart and clear of the others, a long one shortened with an
    ellipsis but its tally kept, and every name whole in the chart's title."""
    page = open_phone(warm_page, shared_site, 320, 568, "de", seed=23)
    names = ["Marie-Luise", "Anne-Kathrin", "Maximilian-Alexander von Hohenzollern", "Hans", "Karl-Heinz", "Hans-Jürgen", "J" * 40, "Trud"]
    drawn = page.evaluate(
        """async (names) => {
      const { lineChart } = await import('./modules.js').then((m) => m.charts);
      const series = names.map((name, i) => ({ name, values: [7, i < 2 ? 3 : 0, i ? 0 : 14] }));
      const chart = lineChart({ title: 'Probe', series, xLabel: 'Spiele' });
      // Beside the screens, where no render of the app replaces it.
      document.body.append(chart);
      return { ends: [...chart.querySelectorAll('.chart-line text')].map((t) => t.textContent),
               title: chart.querySelector('title').textContent };
    }""",
        names,
    )
    assert page.locator("svg.chart-svg").count() == 1
    assert page.evaluate(CHART_SPILLS) == []
    assert drawn["ends"][:2] == ["Marie-Luise 14", "Anne-Kathrin 0"]
    long_end = drawn["ends"][2]
    assert long_end.endswith("… 0") and long_end.startswith("Maximilian-Alexander"[:10])
    assert all(name in drawn["title"] for name in names)
