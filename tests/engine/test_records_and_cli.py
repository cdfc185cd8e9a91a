"""Game records (schraem-record/1): the documented example, seeded hands,
scoresheet hands, records ending mid-hand, illegal records (RecordError
naming hand, action and rule) and the command line (in-process)."""

from __future__ import annotations

import copy
import json

import pytest
from engine_support import PRESETS

from schraem.cli import main
from schraem.core.cards import shuffled_deck
from schraem.core.errors import RecordError
from schraem.core.game import Game
from schraem.core.view import view

# The example record of docs/RULES.md, exactly as written there.
DOC_EXAMPLE = {
    "format": "schraem-record/1",
    "rules": "rheinland",
    "options": {},
    "players": [{"name": "Hubert", "marks": 6}, {"name": "Gerda"}, {"name": "Hans"}, {"name": "Anne"}],
    "dealer": 4,
    "hands": [
        {
            "deal": [["8H", "7H", "QC", "JC"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"], ["10H", "9H", "AS", "KS"]],
            "actions": [{"seat": 4, "type": "knock"}, {"seat": 1, "type": "hold"}, {"seat": 1, "type": "play", "card": "8H"}],
        }
    ],
}


def _with_answers(record):
    """The same example with the answers rule 5 requires (Gerda and Hans
    answer Anne's knock before Hubert leads)."""
    rec = copy.deepcopy(record)
    acts = rec["hands"][0]["actions"]
    rec["hands"][0]["actions"] = acts[:2] + [{"seat": 2, "type": "hold"}, {"seat": 3, "type": "hold"}] + acts[2:]
    return rec


def test_doc_example_record_as_written_is_refused_with_hand_action_and_rule():
    # Anne's knock must be answered by Hubert, Gerda and Hans before anyone
    # plays (RULES.md rule 5): Hubert's 8H, the third action, comes too early.
    # Actions are counted from 1, like hands.
    with pytest.raises(RecordError) as e:
        Game.from_record(copy.deepcopy(DOC_EXAMPLE))
    err = e.value
    assert (err.hand, err.index, err.rule) == (1, 3, "answer_first")
    assert "hand 1, action 3" in err.en and "Spiel 1, Aktion 3" in err.de
    assert "seat 2" in err.en  # the seat due to answer


@pytest.mark.parametrize("preset", PRESETS)
def test_doc_example_record_with_the_answers_replays_mid_hand(preset):
    rec = _with_answers(DOC_EXAMPLE)
    rec["rules"] = preset
    g = Game.from_record(json.loads(json.dumps(rec)))
    assert g.marks == [6, 7, 7, 7]
    assert not g.hand_over and g.results == []
    v = view(g, 1)
    assert v["value"] == 2 and v["last_knocker"] == 4 and v["turn"] == 2
    assert v["trick"] == [{"seat": 1, "card": "8H", "dead": False}]
    assert v["my_cards"] == ["7H", "QC", "JC"]
    assert g.to_record() == rec
    # and it goes on from where it stopped
    g.apply({"seat": 2, "type": "play", "card": "10C"})
    assert g.due() == [3]


def test_seeded_hand_record_replays_the_seeded_cards():
    seed = 424242
    pack = shuffled_deck(seed)
    # dealer 2 -> forehand 3; singly: seat 3 gets pack[0], pack[3], ...
    order = [2, 0, 1]
    hands = [[], [], []]
    for k in range(12):
        hands[order[k % 3]].append(str(pack[k]))
    lead = hands[2][0]
    rec = {
        "format": "schraem-record/1",
        "rules": "rheinland",
        "options": {},
        "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
        "dealer": 2,
        "hands": [{"seed": seed, "actions": [{"seat": 3, "type": "play", "card": lead}]}],
    }
    g = Game.from_record(rec)
    assert [[str(c) for c in h] for h in g.hand.cards] == [hands[0], hands[1], hands[2][1:]]
    assert g.to_record() == rec
    bad = copy.deepcopy(rec)
    bad["hands"][0]["actions"][0]["card"] = hands[0][0]  # seat 1's card
    with pytest.raises(RecordError) as e:
        Game.from_record(bad)
    assert (e.value.hand, e.value.index, e.value.rule) == (1, 1, "card_not_held")


def test_game_seed_deals_further_hands_reproducibly():
    g = Game(["A", "B", "C"], seed=77)
    g.deal()
    g.apply({"seat": 1, "type": "knock"})
    g.apply({"seat": 2, "type": "pass"})
    g.apply({"seat": 3, "type": "pass"})
    g.deal()
    rec = g.to_record()
    assert rec["seed"] == 77 and all("seed" in h for h in rec["hands"])
    again = Game.from_record(rec)
    assert [list(h) for h in again.hand.cards] == [list(h) for h in g.hand.cards]


TWO_HANDS = {
    "format": "schraem-record/1",
    "rules": "rheinland",
    "options": {},
    "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"}],
    "dealer": 4,
    "hands": [
        {
            "deal": None,
            "actions": [
                {"seat": 2, "type": "knock"},
                {"seat": 3, "type": "pass"},
                {"seat": 4, "type": "hold"},
                {"seat": 1, "type": "hold"},
                {"seat": 1, "type": "win"},
            ],
        },
        {
            "deal": [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"], ["10D", "9D", "8D", "7D"], ["10S", "9S", "8S", "7S"]],
            "actions": [
                {"seat": 2, "type": "play", "card": "10C"},
                {"seat": 3, "type": "play", "card": "10D"},
                {"seat": 4, "type": "play", "card": "10S"},
                {"seat": 1, "type": "play", "card": "10H"},
            ],
        },
    ],
}


def test_scoresheet_then_dealt_hand_record():
    g = Game.from_record(copy.deepcopy(TWO_HANDS))
    assert [r.winner for r in g.results] == [0]
    assert g.marks == [7, 5, 6, 5]
    v = view(g, None)
    assert v["dealer"] == 1 and v["forehand"] == 2 and v["tricks"][0]["winner"] == 2
    assert g.to_record() == TWO_HANDS


def _second_hand(actions):
    rec = copy.deepcopy(TWO_HANDS)
    rec["hands"][1]["actions"] = actions
    return rec


PLAYS = TWO_HANDS["hands"][1]["actions"]
KNOCK_TWICE = [
    {"seat": 2, "type": "knock"},
    {"seat": 3, "type": "hold"},
    {"seat": 4, "type": "hold"},
    {"seat": 1, "type": "hold"},
    {"seat": 2, "type": "knock"},
]


@pytest.mark.parametrize(
    "actions,index,rule",
    [
        (PLAYS[:1] + [{"seat": 3, "type": "play", "card": "10S"}], 2, "card_not_held"),  # seat 4's card
        (PLAYS[:1] + [{"seat": 4, "type": "play", "card": "10S"}], 2, "not_your_turn"),
        (PLAYS + [{"seat": 2, "type": "play", "card": "10C"}], 5, "card_not_held"),  # played already
        (KNOCK_TWICE, 5, "knock_twice"),
        (PLAYS[:1] + [{"seat": 3, "type": "hold"}], 2, "no_knock_to_answer"),
    ],
    ids=["not-held", "out-of-turn", "played-twice", "knock-twice", "hold-without-knock"],
)
def test_illegal_record_names_hand_action_and_rule(actions, index, rule):
    with pytest.raises(RecordError) as e:
        Game.from_record(_second_hand(actions))
    err = e.value
    assert (err.hand, err.index, err.rule) == (2, index, rule), err.en
    assert f"hand 2, action {index}" in err.en and f"Spiel 2, Aktion {index}" in err.de
    assert err.kind == "CorruptSave" and isinstance(err, ValueError)


def test_record_with_a_card_dealt_twice_names_the_hand():
    rec = copy.deepcopy(TWO_HANDS)
    rec["hands"][1]["deal"][3][0] = "10H"
    with pytest.raises(RecordError) as e:
        Game.from_record(rec)
    assert e.value.hand == 2 and e.value.index is None and e.value.rule == "bad_deal"
    assert "10H" in e.value.en


@pytest.mark.parametrize(
    "mutate,rule",
    [
        (lambda r: r.update(format="schraem-record/0"), "bad_record"),
        (lambda r: r.update(extra=1), "bad_record"),
        (lambda r: r.update(players=[{"name": "A"}]), "bad_record"),
        (lambda r: r.update(hands={}), "bad_record"),
        (lambda r: r["hands"][0].update(seed=3), "bad_record"),
        (lambda r: r["hands"][1]["actions"].__setitem__(0, {"seat": 2, "type": "fly"}), "bad_action"),
        (lambda r: r["hands"][1]["actions"].__setitem__(0, {"seat": 2, "type": "play", "card": "1Z"}), "bad_card"),
        (lambda r: r.update(rules="atlantis"), "bad_record"),
    ],
)
def test_corrupt_records(mutate, rule):
    rec = copy.deepcopy(TWO_HANDS)
    mutate(rec)
    with pytest.raises(RecordError) as e:
        Game.from_record(rec)
    assert e.value.rule == rule, e.value.en
    assert e.value.en and e.value.de


def test_not_a_record():
    for bad in (None, [], "x", 3):
        with pytest.raises(RecordError):
            Game.from_record(bad)


def test_record_with_misdeal_then_same_dealer():
    rec = {
        "format": "schraem-record/1",
        "rules": "rengen",
        "options": {},
        "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
        "dealer": 2,
        "hands": [
            {
                "deal": None,
                "actions": [{"seat": 1, "type": "knock"}, {"seat": 2, "type": "hold"}, {"seat": 3, "type": "penalty", "kind": "misdeal"}],
            },
            {
                "deal": None,
                "actions": [{"seat": 3, "type": "knock", "blind": True}, {"seat": 1, "type": "pass"}, {"seat": 2, "type": "pass"}],
            },
        ],
    }
    g = Game.from_record(rec)
    assert [r.reason for r in g.results] == ["void", "others_passed"]
    assert g.forehands == [2, 2]  # the same dealer (2) dealt again: forehand seat 3 (0-based 2)
    assert g.marks == [6, 6, 7]
    assert g.to_record() == rec


def test_record_options_round_trip():
    g = Game(["A", "B", "C"], "rengen", {"start_value": 2, "max_value": 5}, dealer=2)
    g.deal(real=True)
    g.apply({"seat": 3, "type": "knock"})
    rec = g.to_record()
    assert rec["options"] == {"start_value": 2, "max_value": 5} and rec["rules"] == "rengen"
    again = Game.from_record(json.loads(json.dumps(rec)))
    assert again.rules == g.rules and view(again, None) == view(g, None)


# --- CLI (in-process) ----------------------------------------------------------


def _write(tmp_path, obj, name="game.json"):
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return str(p)


FINISHED = {
    "format": "schraem-record/1",
    "rules": "rheinland",
    "options": {},
    "players": [{"name": "Hubert", "marks": 2}, {"name": "Anne", "marks": 2}],
    "dealer": 2,
    "hands": [
        {
            "deal": [["10H", "9H", "8H", "7H"], ["10C", "9C", "8C", "7C"]],
            "actions": [
                {"seat": 1, "type": "knock"},
                {"seat": 2, "type": "hold"},
                {"seat": 1, "type": "play", "card": "10H"},
                {"seat": 2, "type": "play", "card": "7C"},
                {"seat": 1, "type": "play", "card": "9H"},
                {"seat": 2, "type": "play", "card": "8C"},
                {"seat": 1, "type": "play", "card": "8H"},
                {"seat": 2, "type": "play", "card": "9C"},
                {"seat": 1, "type": "play", "card": "7H"},
                {"seat": 2, "type": "play", "card": "10C"},
            ],
        }
    ],
}


def test_cli_replay_finished_game(tmp_path, capsys):
    rc = main(["replay", _write(tmp_path, FINISHED)])
    out = capsys.readouterr()
    assert rc == 0, out.err
    data = json.loads(out.out)
    assert data["marks"] == [2, 0] and data["game_over"] is True and data["winner"] == 1 and data["scores"] == [9, 0]
    assert data["hands"][0]["winner"] == 1 and data["hands"][0]["value"] == 2


def test_cli_replay_game_in_progress(tmp_path, capsys):
    rc = main(["replay", _write(tmp_path, _with_answers(DOC_EXAMPLE))])
    out = capsys.readouterr()
    assert rc == 0
    data = json.loads(out.out)
    assert data["marks"] == [6, 7, 7, 7] and data["game_over"] is False and data["winner"] is None and data["scores"] is None


def _broken(change):
    rec = copy.deepcopy(FINISHED)
    change(rec["hands"][0])
    return rec


@pytest.mark.parametrize(
    "name,change,hand,act,rule",
    [
        ("card not in hand", lambda h: h["actions"][2].update(card="10C"), 1, 3, "card_not_held"),
        ("duplicate card", lambda h: h["deal"][1].__setitem__(0, "10H"), 1, None, "bad_deal"),
        ("out of turn", lambda h: h["actions"].__setitem__(2, {"seat": 2, "type": "play", "card": "7C"}), 1, 3, "not_your_turn"),
        ("card played twice", lambda h: h["actions"][4].update(card="10H"), 1, 5, "card_not_held"),
    ],
)
def test_cli_replay_broken_record(tmp_path, capsys, name, change, hand, act, rule):
    rc = main(["replay", _write(tmp_path, _broken(change))])
    out = capsys.readouterr()
    assert rc != 0
    assert out.out == ""
    err = json.loads(out.err)
    assert err["hand"] == hand and err["action"] == act and err["rule"] == rule
    where = f"hand {hand}" + (f", action {act}" if act is not None else "")
    assert where in err["error"]


def test_cli_replay_unreadable_or_not_json(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.json")]) != 0
    assert "missing.json" in capsys.readouterr().err
    assert main(["replay", _write(tmp_path, "{not json")]) != 0
    assert capsys.readouterr().err


@pytest.mark.parametrize("preset", PRESETS)
def test_cli_simulate_prints_json_stats(capsys, preset):
    rc = main(["simulate", "--games", "3", "--seed", "5", "--players", "3", "--rules", preset])
    out = capsys.readouterr()
    assert rc == 0
    data = json.loads(out.out)
    assert data["games"] == 3 and data["rules"] == preset and data["players"] == 3
    assert sum(data["wins_by_seat"]) == 3 and len(data["wins_by_seat"]) == 3
    assert data["hands"] >= 3 and data["actions"] > data["hands"]
    # deterministic apart from the timing
    main(["simulate", "--games", "3", "--seed", "5", "--players", "3", "--rules", preset])
    again = json.loads(capsys.readouterr().out)
    for key in ("hands", "actions", "wins_by_seat"):
        assert again[key] == data[key]
