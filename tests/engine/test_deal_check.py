"""A guest phone's check of a hand (dealcheck.py, `check_deal`): over every
preset and many seeded games played through the host's bridge, with each
guest's states collected as the host's shell sends them, an honest host is
never called false — exchanges before looking, the computer standing in
before and after a phone looked, passes, blind knocks, a phone back
mid-hand — and a record that differs from what a phone was shown, in a
dealt card, a card played or a trick's winner, is called false with the
difference named."""

from __future__ import annotations

import copy
import json
import random

import pytest

from schraem.bridge import Bridge
from schraem.core.fairdeal import commit_of, new_reveal
from schraem.core.rules import Rules

HOST, GUESTS, BOT = 1, (2, 4), 3
PLAYERS = [{"name": "Anne"}, {"name": "Bert"}, {"name": "Rechner", "kind": "bot", "level": "easy"}, {"name": "Dora"}]


def call(b: Bridge, cmd: str, **args):
    reply = json.loads(b.handle(json.dumps({"id": 0, "cmd": cmd, "args": args})))
    assert reply["ok"], reply
    return reply["result"]


def check(record, seat, hand, commits, states) -> dict:
    return call(Bridge(), "check_deal", record=record, seat=seat, hand=hand, commits=commits, states=states)


class Phones:
    """A host's bridge and what each guest phone was sent and kept, as
    pwa/phone/table-relay.js and pwa/bridge/remote-engine.js do it: every change pushes
    each guest its state; a guest's reply brings its own."""

    def __init__(self, preset: str, seed: int):
        self.rng = random.Random(seed)
        self.b = Bridge()
        call(self.b, "table_new", players=PLAYERS, rules=preset, viewer=HOST, guests=list(GUESTS), seed=seed, dealer=1 + seed % 4)
        self.tickets = {s: call(self.b, "table_ticket", seat=s) for s in GUESTS}
        self.states: dict[int, list[dict]] = {s: [] for s in GUESTS}
        self.kept: dict[int, dict] = {s: {} for s in GUESTS}  # hand -> {round, reveal, commits}
        self.away: set[int] = set()  # phones not receiving (dropped)

    def push(self):
        for seat, state in call(self.b, "guest_states").items():
            if int(seat) not in self.away:
                self.states[int(seat)].append(state)

    def send(self, seat: int, cmd: str, **args) -> dict:
        msg = {"id": 1, "seat": seat, "secret": self.tickets[seat]["secret"], "cmd": cmd, "args": args}
        out = call(self.b, "guest", seat=seat, text=json.dumps(msg))
        reply = out["reply"]
        if reply["ok"] and cmd != "record":
            self.states[seat].append(reply["result"])
        if out["changed"]:
            self.push()
        return reply

    @property
    def game(self):
        return self.b.table.game

    def deal_step(self) -> bool:
        """Each guest's part of the deal under way, as its phone does it."""
        deal = call(self.b, "state", viewer=HOST)["phone_table"]["deal"]
        if deal is None:
            return False
        for seat in deal["waiting"]:
            if seat in self.away:
                continue
            kept = self.kept[seat].get(deal["hand"])
            if deal["phase"] == "commit":
                if kept is None or kept["round"] != deal["round"]:
                    kept = self.kept[seat][deal["hand"]] = {
                        "round": deal["round"],
                        "reveal": new_reveal(),
                        "commits": (kept or {}).get("commits"),
                    }
                assert self.send(
                    seat, "commit", hand=deal["hand"], round=deal["round"], commit=commit_of(deal["hand"], seat, kept["reveal"])
                )["ok"]
            else:
                kept["commits"] = deal["commits"]
                assert self.send(seat, "reveal", hand=deal["hand"], round=deal["round"], reveal=kept["reveal"])["ok"]
        return True

    def standin(self, seat: int, on: bool) -> None:
        call(self.b, "table_standin", seat=seat, on=on, viewer=HOST)
        self.push()

    def play_hand(self, events: bool = True) -> None:
        """The hand to its end with random legal choices for every person;
        with `events`, a guest sometimes drops (and comes back), and the
        computer stands in for it before or after its phone looked."""
        for _ in range(3000):
            g = self.game
            dealing = self.b.table.host.round is not None
            if g.hand_over and not dealing:
                return
            if events and self.rng.random() < (0.35 if dealing else 0.03):
                seat = self.rng.choice(GUESTS)
                standins = self.b.table.host.standins
                if seat in standins and dealing and self.b.table.host.round.phase == "reveal":
                    continue  # given back once the cards are dealt
                self.standin(seat, seat not in standins)
                continue
            if events and self.rng.random() < 0.02:
                self.away ^= {self.rng.choice(GUESTS)}
            if self.deal_step():
                continue
            st = call(self.b, "bot_step", viewer=HOST)
            if st["bot_action"] is not None:
                self.push()
                continue
            due = [s for s in g.due() if s not in self.b.table.bots()]
            assert due, g.due()
            seat = self.rng.choice(due)
            if seat == HOST:
                legal = call(self.b, "state", viewer=HOST)["view"]["legal"]
                call(self.b, "act", viewer=HOST, action=self.rng.choice(legal))
                self.push()
            else:
                view = self.send(seat, "state")["result"]["view"]
                # Blind knocks and exchanges before looking stay among the
                # choices: only the engine's legal actions are offered.
                legal = [a for a in self.game.legal_actions(seat)]
                action = self.rng.choice(legal).to_json() if legal else view["legal"][0]
                assert self.send(seat, "act", action=action)["ok"]
        raise AssertionError("the hand did not end")

    def verdict(self, seat: int, hand: int, record=None, states=None, commits="kept") -> dict:
        record = record if record is not None else self.send(seat, "record")["result"]
        kept = self.kept[seat].get(hand, {}).get("commits") if commits == "kept" else commits
        mine = [
            s
            for s in (states if states is not None else self.states[seat])
            if s["view"]["hand_no"] == hand or (s.get("deal") or {}).get("hand") == hand
        ]
        return check(record, seat, hand, kept, mine)


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_an_honest_host_is_never_called_false(preset):
    verdicts = {True: 0, None: 0}
    restarts = 0
    for seed in range(8):
        phones = Phones(preset, 1000 * len(preset) + seed)
        for hand in (1, 2):
            phones.play_hand()
            restarts += len(phones.game.specs[-1].get("fair_restarts", ()))
            for seat in GUESTS:
                v = phones.verdict(seat, hand)
                assert v["fair"] is not False, (preset, seed, seat, v)
                assert (v["why"] is None) == (v["fair"] is True), v
                verdicts[v["fair"]] += 1
            phones.away.clear()
            for seat in sorted(phones.b.table.host.standins):
                phones.standin(seat, False)
            if phones.game.game_over:
                break
            call(phones.b, "next_hand", viewer=HOST)
            phones.push()
    # Hands are judged, not all left "cannot be checked". The deals are
    # random (every phone's number is): 108 runs judged at least 9 of about
    # 30 verdicts, so a floor far below that cannot fail by chance.
    assert verdicts[True] >= 3, verdicts
    assert restarts, "no deal was started again: the stand-ins while dealing went untested"


def _played(preset: str = "wipperfuerth", seed: int = 3, until=lambda phones: True) -> Phones:
    """A hand played honestly (the deal is random: every phone's number is),
    again until `until` holds for it."""
    for _ in range(50):
        phones = Phones(preset, seed)
        phones.play_hand(events=False)
        for seat in GUESTS:
            assert phones.verdict(seat, 1)["fair"] is True
        if until(phones):
            return phones
    raise AssertionError("no such hand in 50 deals")


def test_a_phone_back_mid_hand_with_its_numbers_checks_and_without_them_cannot_judge():
    phones = Phones("rheinland", 5)
    phones.deal_step()
    phones.deal_step()
    phones.away.add(2)
    for _ in range(6):
        if call(phones.b, "bot_step", viewer=HOST)["bot_action"] is None:
            break
        phones.push()
    phones.away.clear()
    phones.play_hand(events=False)
    assert phones.verdict(2, 1)["fair"] is True
    # A new phone at the seat has none of its commits: "cannot be checked", never "false".
    late = [s for s in phones.states[2] if s["view"]["log"]]
    v = phones.verdict(2, 1, states=late, commits=None)
    assert v["fair"] is None and "nicht mitgemacht" in v["why"]["de"] and "did not take part" in v["why"]["en"]
    assert phones.verdict(2, 1, states=[], commits=None)["fair"] is None


def test_a_dealt_card_swapped_in_the_record_is_named():
    phones = _played()
    record = phones.send(2, "record")["result"]
    forged = copy.deepcopy(record)
    deal = forged["hands"][0]["deal"]
    deal[1][0], deal[2][0] = deal[2][0], deal[1][0]
    v = phones.verdict(2, 1, record=forged)
    assert v["fair"] is False and "Platz 2" in v["why"]["de"] and "seat 2" in v["why"]["en"], v


def _other_play(record: dict, seat_filter=None) -> tuple[dict | None, int]:
    """The record with one seat's card played changed at the first action
    where that seat had another legal card, and the hand played on from
    there by the first legal action: the host showed the honest hand but
    records another."""
    from schraem.core.game import Game

    hand = record["hands"][0]
    for k, a in enumerate(hand["actions"]):
        if a["type"] != "play" or (seat_filter and a["seat"] != seat_filter):
            continue
        g = Game.from_record(dict(record, hands=[dict(hand, actions=hand["actions"][:k])]))
        others = [x.to_json() for x in g.legal_actions(a["seat"]) if x.type == "play" and x.to_json() != a]
        if not others:
            continue
        g.apply(others[0])
        actions = hand["actions"][:k] + [others[0]]
        while not g.hand_over:
            nxt = g.all_legal_actions()[0].to_json()
            g.apply(nxt)
            actions.append(nxt)
        return dict(record, hands=[dict(hand, actions=actions)]), k
    return None, -1


@pytest.mark.parametrize("who", [HOST, BOT, 2, 4])
def test_another_card_played_in_the_record_is_named(who):
    for seed in range(11, 60):  # a hand where that seat had a choice of card
        phones = _played(seed=seed)
        forged, k = _other_play(phones.send(2, "record")["result"], who)
        if forged is not None:
            break
    changed = forged["hands"][0]["actions"][k]
    for seat in GUESTS:
        v = phones.verdict(seat, 1, record=forged)
        assert v["fair"] is False, v
        assert changed["card"] in v["why"]["de"] and changed["card"] in v["why"]["en"], v
        assert "Zug" in v["why"]["de"] and "action" in v["why"]["en"]


def test_a_trick_or_a_winner_shown_otherwise_than_recorded_is_named():
    phones = _played(seed=17, until=lambda p: p.game.hand.tricks)
    states = [copy.deepcopy(s) for s in phones.states[2] if s["view"]["hand_no"] == 1]
    last = next(s for s in reversed(states) if s["view"]["tricks"])
    trick = last["view"]["tricks"][0]
    trick["winner"] = next(s for s in (1, 2, 3, 4) if s != trick["winner"])
    v = phones.verdict(2, 1, states=states)
    assert v["fair"] is False and "Stich 1" in v["why"]["de"] and "trick 1" in v["why"]["en"], v
    states = [copy.deepcopy(s) for s in phones.states[2] if s["view"]["hand_no"] == 1]
    end = states[-1]["view"]["hand_result"]
    end["winner"] = next(s for s in (1, 2, 3, 4) if s != end["winner"])
    v = phones.verdict(2, 1, states=states)
    assert v["fair"] is False and "Gewinner" in v["why"]["de"] and "winner" in v["why"]["en"], v


def test_commits_other_than_those_shown_before_the_reveal_are_named():
    phones = _played(seed=19)
    kept = phones.kept[2][1]["commits"]
    other = [dict(c, commit=new_reveal()) if c["seat"] == HOST else c for c in kept]
    v = phones.verdict(2, 1, commits=other)
    assert v["fair"] is False and "Zusagen" in v["why"]["de"] and "commits" in v["why"]["en"]


@pytest.mark.parametrize(
    "args, key",
    [
        ({"extra": 1}, "extra"),
        ({"seat": "2"}, "seat"),
        ({"hand": 0}, "hand"),
        ({"hand": True}, "hand"),
        ({"commits": [{"seat": 1}]}, "commits"),
        ({"states": {}}, "states"),
    ],
)
def test_malformed_check_requests_are_refused_by_name(args, key):
    phones = _played(seed=23)
    good = {"record": phones.send(2, "record")["result"], "seat": 2, "hand": 1, "commits": None, "states": []}
    reply = json.loads(Bridge().handle(json.dumps({"id": 3, "cmd": "check_deal", "args": {**good, **args}})))
    assert reply["ok"] is False and f"'{key}'" in reply["error"]["en"] and reply["error"]["de"], reply
    missing = dict(good)
    del missing["states"]
    reply = json.loads(Bridge().handle(json.dumps({"id": 3, "cmd": "check_deal", "args": missing})))
    assert reply["ok"] is False and "'states'" in reply["error"]["en"]


def test_a_record_that_is_no_record_is_a_false_deal_not_a_crash():
    v = check({"format": "nonsense"}, 2, 1, None, [])
    assert v["fair"] is False and v["why"]["de"] and v["why"]["en"]
