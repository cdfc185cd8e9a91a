"""Statistics of the regulars (club/books.py): a person's merged or earlier
names count as the person, a computer never does (not even under a
person's alias), and a group's statistics hold only the games its own
people played together."""

from __future__ import annotations

import pytest
from test_bridge_club import call, ok

from schraem.bridge import Bridge
from schraem.cli.simulate import random_game
from schraem.club.books import stats
from schraem.core.errors import InvalidAction


def record(seed: int, names: list[str], bots: tuple[int, ...] = ()) -> dict:
    r = random_game(seed, "rheinland", len(names)).to_record()
    r["players"] = [{"name": n, **({"kind": "bot", "level": "easy"} if s in bots else {})} for s, n in enumerate(names, 1)]
    return r


def test_merged_and_earlier_names_count_as_the_person():
    records = [record(1, ["Hans", "Anne", "Gerda"]), record(2, ["Hnas", "Anne", "Gerda"]), record(3, ["Hans P.", "Anne", "Gerda"])]
    apart = stats(records)
    assert {"Hans", "Hnas", "Hans P."} <= set(apart)
    people = [{"name": "Hans P.", "aliases": ["Hans", "Hnas"]}, {"name": "Anne", "aliases": []}, {"name": "Gerda"}]
    one = stats(records, people)
    assert set(one) == {"Hans P.", "Anne", "Gerda"}
    for figure in ("games", "wins", "losses", "first_out", "knocks", "holds", "passes", "hands", "hands_won", "score_total"):
        assert one["Hans P."][figure] == sum(apart[n][figure] for n in ("Hans", "Hnas", "Hans P.")), figure
    assert one["Hans P."]["games"] == 3 and one["Anne"] == apart["Anne"]
    assert one["Hans P."]["mean_score"] == round(one["Hans P."]["score_total"] / 3, 2)


def test_a_computer_is_never_a_person_not_even_under_an_alias():
    records = [record(4, ["Hans", "Anne"]), record(5, ["Hnas", "Anne"], bots=(1,))]
    one = stats(records, [{"name": "Hans", "aliases": ["Hnas"]}])
    assert one["Hans"]["games"] == 1 and one["Hans"]["computer"] is False
    assert one["Hnas (Computer)"]["games"] == 1 and one["Hnas (Computer)"]["computer"] is True


def test_a_person_name_is_never_taken_by_another_persons_alias():
    records = [record(6, ["Anne", "Hans"])]
    one = stats(records, [{"name": "Hans", "aliases": ["Anne"]}, {"name": "Anne"}])
    assert one["Anne"]["games"] == 1 and one["Hans"]["games"] == 1


def test_a_groups_statistics_hold_only_its_peoples_games():
    records = [
        record(7, ["Hans", "Anne", "Gerda"]),
        record(8, ["Hnas", "Anne"]),
        record(9, ["Hans", "Willi"]),
        record(10, ["Anne", "Gerda", "Robo"], bots=(3,)),
        record(11, ["Anne", "Robo"], bots=(2,)),
    ]
    people = [{"name": "Hans", "aliases": ["Hnas"]}]
    group = stats(records, people, ["Anne", "Hans", "Gerda"])
    # 7 (all three), 8 (the typo is Hans), 10 (a computer fills a seat); not 9 (Willi is no member), not 11 (one person).
    assert group["Anne"]["games"] == 3 and group["Hans"]["games"] == 2 and group["Gerda"]["games"] == 2
    assert "Willi" not in group and group["Robo (Computer)"]["games"] == 1


def test_the_bridge_checks_people_and_group():
    b = Bridge()
    r = [record(12, ["Hans", "Anne"])]
    assert ok(b, "stats", records=r, people=[{"name": "Hans", "aliases": []}], group=["Hans", "Anne"])["Hans"]["games"] == 1
    for bad in (
        {"people": "Hans"},
        {"people": [{"aliases": []}]},
        {"people": [{"name": "Hans", "aliases": [3]}]},
        {"group": []},
        {"group": [1, 2]},
    ):
        reply = call(b, "stats", records=r, **bad)
        assert not reply["ok"] and reply["error"]["code"] == "bad_field", bad
    with pytest.raises(InvalidAction):
        stats(r, None, "Hans")


def money_record(seed: int, names: list[str], stakes: dict, bots: tuple[int, ...] = ()) -> dict:
    r = record(seed, names, bots)
    r["stakes"] = stakes
    return r


def test_a_groups_cash_book_per_evening_with_the_pot_carried_on():
    from schraem.club.books import books, cash_book

    per_mark = {"per_mark": 10}
    pot = {"per_lost_game": 50}
    first = [
        money_record(20, ["Hans", "Anne", "Gerda"], per_mark),
        money_record(21, ["Hnas", "Anne", "Gerda"], pot),
        money_record(22, ["Hans", "Willi"], per_mark),
        record(23, ["Hans", "Anne"]),
    ]
    second = [money_record(24, ["Anne", "Gerda", "Robo"], pot, bots=(3,))]
    people = [{"name": "Hans", "aliases": ["Hnas"]}]
    book = cash_book(
        [{"date": "2026-11-20", "records": first}, {"date": "2026-11-26", "records": second}], people, ["Hans", "Anne", "Gerda"]
    )
    one, two = book["evenings"]
    # Not Willi's game (no member), not the game played for nothing.
    assert one["date"] == "2026-11-20" and one["games"] == 2 and one["stakes"] == [per_mark, pot]
    expected = books([first[0], {**first[1], "players": [{"name": "Hans"}, {"name": "Anne"}, {"name": "Gerda"}]}])
    assert {k: one[k] for k in ("balances", "pot", "rounds", "transfers")} == {
        k: expected[k] for k in ("balances", "pot", "rounds", "transfers")
    }
    assert sum(one["balances"].values()) + one["pot"] == 0
    assert set(two["balances"]) == {"Anne", "Gerda", "Robo (Computer)"}
    assert one["pot"] == 50 and two["pot"] == 50 and two["pot_total"] == 100 == book["pot_total"]
    assert len(one["transfers"]) <= len(one["balances"])
    # An evening without a game played for something is not in the book.
    assert cash_book([{"date": "x", "records": [record(25, ["Hans", "Anne"])]}])["evenings"] == []
    b = Bridge()
    assert ok(b, "cash_book", evenings=[{"date": "2026-11-26", "records": second}])["pot_total"] == 50
    for bad in ({"evenings": "x"}, {"evenings": [{"records": second}]}, {"evenings": [{"date": "d", "records": "x"}]}):
        assert not call(b, "cash_book", **bad)["ok"], bad


def test_the_books_settle_a_merged_typo_as_the_person():
    from schraem.club.books import books

    records = [money_record(30, ["Hans", "Anne"], {"per_mark": 10}), money_record(31, ["Hnas", "Anne"], {"per_mark": 10})]
    apart = books(records)
    one = books(records, [{"name": "Hans", "aliases": ["Hnas"]}])
    assert set(one["balances"]) == {"Hans", "Anne"}
    assert one["balances"]["Hans"] == apart["balances"]["Hans"] + apart["balances"]["Hnas"]
    assert len(one["transfers"]) <= 1
    assert ok(Bridge(), "books", records=records, people=[{"name": "Hans", "aliases": ["Hnas"]}]) == one


def test_the_books_keep_a_computer_apart_from_the_person_whose_earlier_name_it_bears():
    from schraem.club.books import books

    # Hubert was renamed Hubi; a computer seat still bears the name Hubert.
    people = [{"name": "Hubi", "aliases": ["Hubert"]}]
    records = [
        money_record(32, ["Hubi", "Hubert", "Anne"], {"per_mark": 10}, bots=(2,)),
        money_record(33, ["Hubert", "Anne"], {"per_mark": 10}),
    ]
    one = books(records, people)
    assert set(one["balances"]) == {"Hubi", "Hubert (Computer)", "Anne"}
    apart = books([{**r, "players": [{"name": p["name"]} for p in r["players"]]} for r in records[:1]])
    assert one["balances"]["Hubert (Computer)"] == apart["balances"]["Hubert"]
    assert sum(one["balances"].values()) + one["pot"] == 0


def test_only_games_played_for_something_open_an_account():
    from schraem.club.books import books

    records = [money_record(40, ["Anne", "Gerda"], {"per_mark": 10}), record(41, ["Anne", "Hans"])]
    got = books(records)
    assert set(got["balances"]) == {"Anne", "Gerda"}, got["balances"]
    assert "Hans" not in got["csv"]["de"]


def test_the_cash_book_and_the_settlement_agree_on_a_member_alone_with_computers():
    from schraem.club.books import books, cash_book

    records = [
        money_record(42, ["Hans", "Anne"], {"per_mark": 10}),
        money_record(43, ["Hans", "Hans", "Robo"], {"per_mark": 10, "per_lost_game": 50}, bots=(2, 3)),
    ]
    settlement = books(records)
    book = cash_book([{"date": "2026-11-26", "records": records}], None, ["Hans", "Anne"])["evenings"][0]
    assert book["games"] == 2
    for key in ("balances", "pot", "pot_from", "rounds", "transfers"):
        assert book[key] == settlement[key], key
    # The computer that sat as "Hans" keeps its own account.
    assert {"Hans", "Hans (Computer)", "Robo (Computer)", "Anne"} == set(settlement["balances"])


def test_the_pot_is_paid_by_whoever_lost_into_it():
    from schraem.core.stakes import GameMoney, Payment, evening

    lost = GameMoney(3, (Payment(3, None, 500, "lost_game"),))
    marks = GameMoney(3, (Payment(2, 3, 400, "mark", 4), Payment(2, 1, 300, "mark", 3)))
    books = evening([(["Anne", "Hubert", "Gerda"], lost), (["Anne", "Hubert", "Gerda"], marks)])
    assert books["balances"] == {"Anne": 300, "Hubert": -700, "Gerda": -100}
    assert books["pot_from"] == {"Gerda": 500}
    # Gerda lost 5 € into the pot and still owes 1 € in the end: she pays it
    # first; the rest of the pot comes from Hubert, who owed her 4 €.
    assert books["transfers"][0] == {"payer": "Gerda", "payee": None, "cents": 100}
    assert sorted((t["payer"], t["payee"] or "", t["cents"]) for t in books["transfers"]) == [
        ("Gerda", "", 100),
        ("Hubert", "", 400),
        ("Hubert", "Anne", 300),
    ]
    alone = evening([(["Anne", "Hubert", "Gerda"], GameMoney(3, (Payment(3, None, 500, "lost_game"), Payment(2, 1, 300, "mark", 3))))])
    assert {"payer": "Gerda", "payee": None, "cents": 500} in alone["transfers"]


def test_the_settlement_and_the_cash_book_as_spreadsheets_in_both_languages():
    import csv
    import io

    from schraem.club.books import books, cash_book

    records = [money_record(44, ["Anne", "Gerda", "Hubert"], {"per_mark": 10, "per_lost_game": 250})]
    got = books(records)
    de = list(csv.reader(io.StringIO(got["csv"]["de"])))
    en = list(csv.reader(io.StringIO(got["csv"]["en"])))
    assert de[0] == ["Art", "Wer", "An", "Betrag (€)", "Runden"]
    assert en[0] == ["Line", "Who", "To", "Amount (€)", "Rounds"]
    balances = [r for r in de if r[0] == "Saldo"]
    assert {r[1]: r[3] for r in balances} == {
        n: f"{'-' if c < 0 else ''}{abs(c) // 100},{abs(c) % 100:02d}" for n, c in got["balances"].items()
    }
    assert [r[3] for r in en if r[0] == "Balance"] == [r[3].replace(",", ".") for r in balances]
    assert [r for r in de if r[0] == "Kasse"] == [["Kasse", "", "", "2,50", ""]]
    assert [(r[1], r[2]) for r in de if r[0] == "Zahlung"] == [(t["payer"], t["payee"] or "Kasse") for t in got["transfers"]]
    assert [(r[1], r[2]) for r in en if r[0] == "Transfer"] == [(t["payer"], t["payee"] or "Pot") for t in got["transfers"]]
    book = cash_book([{"date": "2026-11-26", "records": records}], None, ["Anne", "Gerda", "Hubert"])
    rows = list(csv.reader(io.StringIO(book["csv"]["de"])))
    assert rows[0] == ["Abend", "Art", "Wer", "An", "Betrag (€)", "Runden"]
    assert [r[1:] for r in rows[1:-1]] == de[1:] and rows[-1] == ["2026-11-26", "Kasse insgesamt", "", "", "2,50", ""]
    assert list(csv.reader(io.StringIO(book["csv"]["en"])))[0][0] == "Evening"
