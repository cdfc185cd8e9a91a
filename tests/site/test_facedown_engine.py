"""pwa/bridge/facedown-engine.js, run in Node against a stand-in for the
phone's own engine: the host's "Nochmal" (the Session's `rematch`) is the
bridge's `facedown_again`, its save is kept before its frames go out, and
while the next game's first hand is dealt the last game's result stays in
sight, said to be that game's, with its money; a save the browser refuses
sends nothing. A series' next game is the same command; tapped again while
the phones deal, nothing reaches the engine; the Spielliste and the file
are what this phone checked, a kept file's its own engine's. At a
tournament's table the ticket is in the state, the result is the phone's
own `facedown_result` and the organiser's tournament its own engine's.
An idle phone's engine is asked for its shares of the cards ahead, one a
request, and never while it takes anything else."""

from __future__ import annotations

RUN = """
globalThis.navigator = { languages: ['de'], language: 'de' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
const view = { seat: 1, hand_no: 3, game_over: true, legal: [] };
const over = { seat: 1, game: 1, hand: 3, phase: 'checked', view, legal: [], due: [], hand_over: true, received: 40,
  filed: { game: 1, id: 'game-facedown-t-1', record: {} }, stakes: { per_mark: 10 }, money: { net: [-20, 10, 10] }, deal_ready: true };
const next = { seat: 1, game: 2, hand: 1, phase: 'dealing', view: null, legal: [], due: [], hand_over: false, received: 1, filed: null,
  stakes: { per_mark: 10 }, money: null };
async function run(kept) {
  const calls = []; const order = [];
  const answers = { facedown_state: over, facedown_again: next };
  const local = { ready: Promise.resolve(), call: async (cmd, args) => {
    calls.push([cmd, args]);
    const state = answers[cmd];
    if (cmd === 'facedown_state') return { ok: true, result: state };
    if (cmd === 'facedown_load') return { ok: true, result: {} };
    return { ok: true, result: { save: { format: 'x', seats: [] }, send: [{ type: 'env', game: 2 }], state } };
  } };
  const engine = createFaceDownEngine(local, { role: 'host', keep: async () => { order.push('keep'); return kept; }, send: () => order.push('send') });
  const before = await engine.call('state');
  const again = await engine.call('rematch', { seed: 5, viewer: 1 });
  return { calls: calls.map(([c, a]) => [c, a]), order, before: before.result.facedown, again };
}
console.log(JSON.stringify({ kept: await run(true), refused: await run(false) }));
"""


def test_nochmal_is_facedown_again_kept_before_it_is_sent_with_the_last_result_in_sight(node_json):
    out = node_json(RUN)
    kept = out["kept"]
    assert kept["calls"] == [["facedown_state", {}], ["facedown_again", {}]]
    assert kept["order"] == ["keep", "send"]
    assert kept["before"]["filed"]["id"] == "game-facedown-t-1" and kept["before"]["game"] == 1
    again = kept["again"]
    assert again["ok"], again
    facts = again["result"]["facedown"]
    # The next game is under way; the view drawn is still the last game's result.
    assert (facts["game"], facts["shown"], facts["phase"], facts["filed"]) == (2, 1, "dealing", None)
    assert again["result"]["view"]["game_over"] is True and again["result"]["view"]["legal"] == []
    # and so does what it cost whom, beside the stakes the next game is played for.
    assert (again["result"]["stakes"], again["result"]["money"]) == ({"per_mark": 10}, {"net": [-20, 10, 10]})
    refused = out["refused"]
    assert refused["order"] == ["keep"] and not refused["again"]["ok"]
    assert refused["again"]["error"]["kind"] == "StorageFailed"


SERIES = """
globalThis.navigator = { languages: ['de'], language: 'de' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
const view = { seat: 1, hand_no: 1, game_over: true, legal: [] };
const series = { number: 1, length: 3, over: false, totals: [0, 0, 0, 8], changes: [] };
const over = { seat: 1, game: 1, hand: 1, phase: 'checked', view, legal: [], due: [], hand_over: true, received: 40,
  filed: null, stakes: {}, money: null, series, deal_ready: true };
const next = { seat: 1, game: 2, hand: 1, phase: 'dealing', view: null, legal: [], due: [], hand_over: false, received: 1, filed: null,
  stakes: {}, money: null, series: { ...series, number: 2 }, deal_ready: false };
const calls = [];
const answers = { facedown_state: over, facedown_again: next };
const local = { ready: Promise.resolve(), call: async (cmd, args) => {
  calls.push([cmd, args]);
  if (cmd === 'facedown_state') return { ok: true, result: answers[cmd] };
  if (cmd === 'facedown_lists') return { ok: true, result: { lists: [{ game: 1 }], series } };
  if (cmd === 'facedown_export') return { ok: true, result: { file: { format: 'schraem-series/1' }, left_out_hand: null } };
  if (cmd === 'lists' || cmd === 'export') return { ok: true, result: { kept: args.of } };
  return { ok: true, result: { save: { format: 'x', seats: [] }, send: [{ type: 'env', game: 2 }], state: answers[cmd] } };
} };
const engine = createFaceDownEngine(local, { role: 'host', keep: async () => true, send: () => {} });
const before = await engine.call('state');
const nextGame = await engine.call('next_game', { viewer: 1 });
const dealt = calls.length;
// Tapped again while the phones deal: nothing reaches the engine, the state stays.
const twice = await Promise.all(['next_game', 'rematch', 'next_hand', 'again'].map((cmd) => engine.call(cmd, { viewer: 1 })));
const again = calls.slice(dealt).map(([c]) => c);
const lists = await engine.call('lists', {});
const file = await engine.call('export', {});
const kept = await engine.call('lists', { of: { format: 'schraem-series/1' } });
const keptFile = await engine.call('export', { of: null });
console.log(JSON.stringify({ before: before.result, nextGame, twice, again, lists, file, kept, keptFile, calls: calls.map(([c]) => c) }));
"""


def test_a_series_next_game_is_facedown_again_and_a_second_tap_while_dealing_changes_nothing(node_json):
    out = node_json(SERIES)
    assert out["before"]["facedown"]["dealReady"] is True and out["before"]["series"]["number"] == 1
    game = out["nextGame"]
    assert game["ok"] and game["result"]["facedown"]["dealReady"] is False
    # While the next game is dealt, the game over in sight keeps its series' standing.
    assert game["result"]["series"]["number"] == 1 and game["result"]["view"]["game_over"] is True
    assert out["calls"][:2] == ["facedown_state", "facedown_again"]
    assert out["again"] == [] and all(t["ok"] and t["result"] == game["result"] for t in out["twice"])
    # The list and the file are what this phone checked; a kept file's are its own engine's.
    assert out["lists"]["result"]["lists"] == [{"game": 1}] and out["file"]["result"]["file"]["format"] == "schraem-series/1"
    assert out["kept"]["result"] == {"kept": {"format": "schraem-series/1"}}
    assert out["calls"][-4:] == ["facedown_lists", "facedown_export", "lists", "facedown_export"]


TICKET = """
globalThis.navigator = { languages: ['de'], language: 'de' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
const ticket = { format: 'schraem-ticket/1', tournament: 't-1', series: 1, table: 2, players: ['A', 'B', 'C', 'D'] };
const view = { seat: 1, hand_no: 2, game_over: true, legal: [] };
const over = { seat: 1, game: 2, hand: 2, phase: 'checked', view, legal: [], due: [], hand_over: true, received: 30, filed: null,
  stakes: {}, money: null, series: { number: 2, length: 2, over: true, totals: [9, 0, 0, 0], changes: [] }, ticket, deal_ready: true };
const calls = [];
const local = { ready: Promise.resolve(), call: async (cmd, args) => {
  calls.push([cmd, args]);
  if (cmd === 'facedown_state') return { ok: true, result: over };
  if (cmd === 'facedown_result') return { ok: true, result: { format: 'schraem-table-result/1', table: 2 } };
  return { ok: true, result: { read: cmd } };
} };
const engine = createFaceDownEngine(local, { role: 'host', keep: async () => true, send: () => {} });
const state = await engine.call('state');
const result = await engine.call('table_result', { viewer: 1 });
const read = await engine.call('tournament', { op: 'import', result: result.result });
console.log(JSON.stringify({ state: state.result, result, read, calls }));
"""


def test_a_tournament_tables_result_is_the_phones_own_checked_series_and_goes_into_its_own_tournament(node_json):
    out = node_json(TICKET)
    # The ticket reaches the club's screens in the table state (the Session keeps no save of the table).
    assert out["state"]["facedown"]["ticket"]["table"] == 2 and out["state"]["save"] is None
    # "Ergebnis senden": the result made of the games this phone checked.
    assert out["result"] == {"ok": True, "result": {"format": "schraem-table-result/1", "table": 2}}
    # The organiser's own phone reads it into its tournament: its own engine's, the table's or not.
    assert out["read"] == {"ok": True, "result": {"read": "tournament"}}
    assert out["calls"][1:] == [["facedown_result", {}], ["tournament", {"op": "import", "result": out["result"]["result"]}]]


SEAT = """
globalThis.navigator = { languages: ['de'], language: 'de' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
const view = { seat: 1, hand_no: 1, game_over: true, legal: [] };
const over = { seat: 1, game: 1, hand: 1, phase: 'checked', view, legal: [], due: [], hand_over: true, received: 9, filed: null,
  stakes: {}, money: null, series: null, joining: [4], deal_ready: false };
const calls = []; const order = [];
const local = { ready: Promise.resolve(), call: async (cmd, args) => {
  calls.push([cmd, args]);
  const frame = cmd === 'facedown_recode' ? { type: 'commit', commit: 'c' } : { type: 'recode', game: 1, joining: [4] };
  return { ok: true, result: { save: { format: 'x', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }, { kind: 'bot' }] }, send: [frame], state: over } };
} };
const keep = async () => { order.push('keep'); return true; };
const host = createFaceDownEngine(local, { role: 'host', keep, send: (frames) => order.push(frames[0].type) });
const given = await host.call('table_phone_seat', { seat: 4, viewer: 1, name: 'Carl' });
const guest = createFaceDownEngine(local, { role: 'guest', keep, send: (frames) => order.push(frames[0].type) });
const recoded = await guest.call('recode', { frame: { type: 'recode', game: 1, joining: [4] } });
const computer = await host.call('table_computer_seat', { seat: 3, viewer: 1 });
console.log(JSON.stringify({ given, recoded, computer, calls, order }));
"""


def test_a_seat_given_to_a_new_phone_face_down_is_kept_before_every_guest_is_asked_to_commit_again(node_json):
    out = node_json(SEAT)
    # The seat and the name typed for it reach the engine, nothing else (the viewer is the host's own).
    assert out["calls"][0] == ["facedown_phone_seat", {"seat": 4, "name": "Carl"}]
    assert out["calls"][1] == ["facedown_recode", {"frame": {"type": "recode", "game": 1, "joining": [4]}}]
    # Each save kept before its frame goes out: the recode to every guest, a guest's new commitment to the host.
    assert out["order"][:4] == ["keep", "recode", "keep", "commit"]
    # The host's Session gets the table state: the seat's new phone awaited, the computer's seat known.
    facts = out["given"]["result"]["facedown"]
    assert out["given"]["ok"] and facts["joining"] == [4] and facts["computers"] == [4]
    assert out["recoded"]["ok"]
    # A guest's seat whose phone left goes to the computer the same way: the seat only, kept, then sent.
    assert out["calls"][2] == ["facedown_computer_seat", {"seat": 3}]
    assert out["computer"]["ok"] and out["order"][4:] == ["keep", "recode"]


BACK = """
globalThis.navigator = { languages: ['de'], language: 'de' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
const states = [
  { seat: 2, game: 1, hand: 3, phase: 'checked', view: null, legal: [], due: [], hand_over: true, received: 40, waits: false },
  { seat: 2, game: 1, hand: 3, phase: 'checked', view: null, legal: [], due: [], hand_over: true, received: 40, waits: true },
];
const local = { ready: Promise.resolve(), call: async () => ({ ok: true, result: states.shift() }) };
const engine = createFaceDownEngine(local, {
  role: 'guest', keep: async (save) => { log.push(`keep ${save.said}`); return true; }, send: (frames) => log.push(`send ${frames.length}`),
  onFault: (state) => log.push(`drawn ${state.facedown.verdict.status}`),
});
await engine.call('state');
const inStep = engine.back();
await engine.call('state');
console.log(JSON.stringify({ inStep, waiting: engine.back() }));
"""


def test_a_guest_back_says_where_it_stands_and_whether_it_waits_for_the_welcome(node_json):
    out = node_json(BACK)
    assert out["inStep"] == {"type": "back", "from": 41}
    assert out["waiting"] == {"type": "back", "from": 41, "waits": True}


HANGELN = """
globalThis.navigator = { languages: ['de'], language: 'de' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
// Table seat 3 is the computer's; in the set's Hängeln it plays the view's seat 2, beside seat 1 (Anne).
const seats = [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', level: 'easy' }];
const view = { seat: 1, hand_no: 1, game_over: false, legal: [], players: [] };
const set = { in_hangeln: true, hangeln_seats: [1, 3], loser: null };
const hangeln = { seat: 1, game: 3, hand: 1, phase: 'playing', view, legal: [], due: [2], hand_over: false, set };
const calls = [];
const local = { ready: Promise.resolve(), call: async (cmd) => {
  calls.push(cmd);
  if (cmd === 'facedown_bot_step') return { ok: true, result: { save: { seats }, send: [], state: hangeln, bot_action: { type: 'play' } } };
  return { ok: true, result: { save: { seats }, send: [], state: hangeln } };
} };
const engine = createFaceDownEngine(local, { role: 'host', keep: async () => true, send: () => {} });
const inHangeln = (await engine.call('act', { action: { seat: 1, type: 'play' } })).result.due;
const step = await engine.call('bot_step');
console.log(JSON.stringify({ inHangeln, calls, step: step.result.bot_action }));
"""


def test_a_computer_due_in_the_hangeln_is_found_by_its_table_seat_and_plays(node_json):
    """The Hängeln's view numbers its two players' seats 1 and 2: the
    computer at table seat 3 due at the view's seat 2 is the computer's turn,
    so the host's Session asks for its move (before, it was taken for a
    person's and never played)."""
    out = node_json(HANGELN)
    assert out["inHangeln"] == {"humans": [], "bots": [2]}
    assert out["calls"][-1] == "facedown_bot_step" and out["step"] == {"type": "play"}


AHEAD = """
globalThis.navigator = { languages: ['de'], language: 'de' };
const { createFaceDownEngine } = await import('./pwa/bridge/facedown-engine.js');
const view = { seat: 2, hand_no: 1, game_over: false, legal: [] };
const playing = { seat: 2, game: 1, hand: 1, phase: 'playing', view, legal: [], due: [], hand_over: false, received: 9 };
const log = [];
let left = 3; // shares the engine still has to work out
let slowly = false; // the next frame takes until `release()`
let release;
const local = { ready: Promise.resolve(), call: async (cmd) => {
  log.push(cmd);
  if (cmd === 'facedown_ahead') {
    left = Math.max(0, left - 1);
    // The second of the first three is another seat's share, shown at once.
    if (left === 1 && !slowly) return { ok: true, result: { more: true, save: { said: 'ahead' }, send: [{ type: 'msg', show: 1 }], state: playing } };
    // The last, the proofs of the card played last: a phone named.
    if (left === 0 && !slowly) return { ok: true, result: { more: false, fault: true, state: { ...playing, verdict: { status: 'fault' } } } };
    return { ok: true, result: { more: left > 0 } };
  }
  if (cmd === 'facedown_receive' && slowly) await new Promise((r) => { release = r; });
  if (cmd === 'facedown_receive') log.push('receive done');
  return { ok: true, result: { state: playing, send: [] } };
} };
const engine = createFaceDownEngine(local, {
  role: 'guest', keep: async (save) => { log.push(`keep ${save.said}`); return true; }, send: (frames) => log.push(`send ${frames.length}`),
  onFault: (state) => log.push(`drawn ${state.facedown.verdict.status}`),
});
const idle = () => new Promise((r) => setTimeout(r, 30));
// A frame taken, and then the phone idle: the engine is asked for shares
// ahead, one a request, until it has none left.
await engine.call('receive', { frame: { n: 1 } });
log.push('idle');
await idle();
const first = log.slice();
// More to work out (a card drawn), and a frame that takes a while: nothing
// is asked ahead while it is under way, and once it is done the rest is.
log.length = 0; left = 2; slowly = true;
const slow = engine.call('receive', { frame: { n: 2 } });
await idle();
log.push('still receiving');
release();
await slow;
await idle();
console.log(JSON.stringify({ first, second: log.slice() }));
"""


def test_an_idle_phone_works_out_its_shares_ahead_one_a_request_and_never_during_another(node_json):
    out = node_json(AHEAD)
    # Asked until the engine says there is no more: three pieces, one
    # request each; the share shown at once is kept, then sent, and the
    # fault the last found is drawn at once.
    assert out["first"] == [
        "facedown_receive",
        "receive done",
        "idle",
        "facedown_ahead",
        "facedown_ahead",
        "keep ahead",
        "send 1",
        "facedown_ahead",
        "drawn fault",
    ]
    # Nothing ahead while a frame was taken; after it, the two left.
    second = out["second"]
    assert second[: second.index("still receiving")] == ["facedown_receive"], second
    assert second[second.index("receive done") :] == ["receive done", "facedown_ahead", "facedown_ahead"], second
