"""The club evening in the engine: the Spielliste of a game, correcting a
past hand, series and tournament files with their standings, tournaments
across phones (tickets and results, refused when duplicated, foreign or
tampered), and player statistics."""

from __future__ import annotations

import copy
import json
import random

import pytest
from engine_support import action, scaled

from schraem.cli import main, standings_summary
from schraem.club.correct import correct_hand, correct_series_hand
from schraem.club.series import RengenSet, Series
from schraem.club.spielliste import game_csv, game_list, player_stats
from schraem.club.tournament import Tournament
from schraem.club.transfer import check_ticket, import_table_result, table_result, table_ticket, tournament_id
from schraem.core.errors import RecordError, SchraemError
from schraem.core.game import Game


def act(game: Game, *texts: str) -> None:
    """Apply actions in the text notation: '1:knock:blind', '2:hold',
    '2:penalty:renege', '4:win'."""
    for text in texts:
        game.apply(action(text))


def evening_game() -> Game:
    """A scoresheet game: knocks (one blind), passes, a hammer hand and a
    penalty, to the end."""
    g = Game(["Hubert", "Gerda", "Hans", "Anne"], "rheinland", dealer=4)
    g.deal(real=True)
    act(g, "1:knock:blind", "2:hold", "3:pass", "4:hold", "2:knock", "4:hold", "1:pass", "4:win")
    # value 3: Gerda lost 3 -> 4, Hans passed at 1 -> 6, Hubert passed at 2 -> 5
    g.deal(real=True)
    act(g, "2:penalty:renege", "4:win")
    while not g.game_over:
        if g.hand_over:
            g.deal(real=True)
        elif g.due():
            act(g, f"{g.due()[0]}:hold")
        else:
            act(g, "4:win")
    return g


def test_spielliste_lines_of_a_scoresheet_game():
    g = evening_game()
    lines = game_list(g)["lines"]
    first = lines[0]
    assert first["dealer"] == 4 and first["value"] == 3
    assert first["knocks"] == [
        {"seat": 1, "value": 2, "blind": True, "auto": False},
        {"seat": 2, "value": 3, "blind": False, "auto": False},
    ]
    assert [(a["seat"], a["answer"]) for a in first["answers"]] == [(2, "hold"), (3, "pass"), (4, "hold"), (4, "hold"), (1, "pass")]
    assert first["winner"] == 4 and first["marks_after"] == [5, 4, 6, 7]
    second = lines[1]
    assert second["penalties"] == [{"seat": 2, "kind": "renege"}] and second["dealer"] == 4
    assert second["marks_after"] == [4, 3, 5, 7]
    hammer = [ln for ln in lines if any(k["auto"] for k in ln["knocks"])]
    assert hammer and all(k["blind"] for ln in hammer for k in ln["knocks"] if k["auto"])
    assert lines[-1]["marks_after"] == g.marks and game_list(g)["outcome"]["winner"] == 4


def test_spielliste_as_csv():
    g = evening_game()
    rows = game_csv(g).splitlines()
    assert rows[0] == "Spiel,Geber,Wert,Geklopft,Gehalten,Gepasst,Strafen,Gewinner,Hubert,Gerda,Hans,Anne"
    assert rows[1] == "Start,,,,,,,,7,7,7,7"
    assert rows[2] == '1,Anne,3,"Hubert (blind), Gerda","Gerda, Anne, Anne","Hans, Hubert",,Anne,5,4,6,7'
    assert rows[3].startswith("2,Anne,1,,,,Gerda (renege),Anne,")
    # A hammer's knock is named as such, not as a knock in the dark.
    assert any(",Gerda (Hammer)," in r for r in rows) and sum("(blind)" in r for r in rows) == 1 and not any("dunkel" in r for r in rows)
    assert rows[-1] == "Punkte,,,,,,,Anne,0,0,0,14"
    assert len(rows) == 1 + 1 + len(g.results) + 1


def two_hands() -> Game:
    g = Game(["Hubert", "Gerda", "Hans", "Anne"], "rheinland", dealer=4)
    g.deal(real=True)
    act(g, "1:knock:blind", "2:hold", "3:pass", "4:hold", "2:knock", "4:hold", "1:pass", "4:win")
    g.deal(real=True)
    act(g, "4:win")
    return g


def test_correct_a_past_hand_shows_every_change_downstream():
    g = two_hands()
    # Hand 1 really went: Hans held too (and lost 3, not 1).
    fixed = ["1:knock:blind", "2:hold", "3:hold", "4:hold", "2:knock", "3:hold", "4:hold", "1:pass", "4:win"]
    actions = [action(t) for t in fixed]
    before = g.to_record()
    new, changes = correct_hand(g, 1, actions)
    assert g.to_record() == before  # nothing changed until the app commits
    assert changes == [
        {"hand": 1, "seat": 3, "name": "Hans", "before": 6, "after": 4},
        {"hand": 2, "seat": 3, "name": "Hans", "before": 5, "after": 3},
    ]
    assert new.marks == [4, 3, 3, 7]


def test_a_correction_that_makes_a_later_hand_illegal_is_refused_with_the_reason():
    g = evening_game()
    record = g.to_record()
    # Had Hans held in hand 1 he would sit on the hammer sooner: a later
    # hand's "Anne wins" would come while his hammer knock is unanswered.
    fixed = ["1:knock:blind", "2:hold", "3:hold", "4:hold", "2:knock", "3:hold", "4:hold", "1:pass", "4:win"]
    actions = [action(t) for t in fixed]
    with pytest.raises(RecordError) as e:
        correct_hand(g, 1, actions)
    assert e.value.hand is not None and e.value.hand > 1 and e.value.rule in ("win_during_answers", "game_over")
    with pytest.raises(SchraemError):
        correct_hand(g, 99, [])
    assert g.to_record() == record


def play_randomly(game: Game, rng: random.Random) -> None:
    while not game.game_over:
        if game.hand_over:
            game.deal()
        legal = [a for s in range(1, game.n + 1) for a in game.legal_actions(s)]
        game.apply(rng.choice(legal).to_json())


def play_series(series: Series, rng: random.Random) -> Series:
    while not series.over:
        play_randomly(series.new_game(), rng)
    return series


def knock_out(g: Game, winner: int) -> None:
    """Two players knock each other up to 7; `winner` takes it: one hand,
    one game."""
    g.deal(real=True)
    seat = 1
    while g.hand.value < 7:
        act(g, f"{seat}:knock", f"{3 - seat}:hold")
        seat = 3 - seat
    act(g, f"{winner}:win")


def test_correcting_a_series_game_replays_the_later_games_with_their_new_dealers():
    s = Series(["A", "B"], "rheinland", first_dealer=2, games=2)
    knock_out(s.new_game(), 1)
    knock_out(s.new_game(), 1)
    assert s.games[1].first_dealer + 1 == 1
    actions = s.games[0].to_record()["hands"][0]["actions"][:-1] + [{"seat": 2, "type": "win"}]
    new, changes = correct_series_hand(s, 1, 1, actions)
    assert new.games[0].winner == 2 and new.games[1].first_dealer + 1 == 2
    assert {"game": 1, "hand": 1, "seat": 1, "name": "A", "before": 7, "after": 0} in changes
    assert new.totals() == [14, 14] and s.totals() == [28, 0]


def test_series_set_and_tournament_files_replay_to_their_standings(tmp_path, capsys):
    rng = random.Random(5)
    series = play_series(Series(["A", "B", "C", "D"], "rheinland", seed=3, games=2), rng)
    summary = standings_summary(json.loads(json.dumps(series.to_json())))
    assert {r["name"]: r["total"] for r in summary["standings"]} == dict(zip(series.names, series.totals()))
    path = tmp_path / "series.json"
    path.write_text(json.dumps(series.to_json()))
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == summary
    rset = RengenSet(["A", "B", "C", "D"], "rengen", seed=9)
    for _ in range(2):
        play_randomly(rset.new_game(), rng)
    if rset.hangeln_players():
        play_randomly(rset.new_hangeln(), rng)
    assert standings_summary(rset.to_json())["loser"] == rset.names[rset.loser - 1]


def tournament_of(n: int, series_count: int, seed: int) -> Tournament:
    t = Tournament([f"P{i}" for i in range(1, n + 1)], "rheinland", {"tournament_series": series_count}, seed=seed)
    rng = random.Random(seed)
    for _ in range(series_count):
        for table in t.start_series():
            table.length = 1
            play_series(table, rng)
    return t


@pytest.mark.parametrize("seed", range(scaled(6, 2)))
def test_random_tournaments_every_player_plays_every_series_and_totals_add_up(seed):
    n = 5 + seed % 6
    t = tournament_of(n, 2, seed)
    for tables in t.series:
        seated = sorted(name for table in tables for name in table.names)
        assert seated == sorted(t.names)
    sums = dict.fromkeys(t.names, 0)
    for tables in t.series:
        for table in tables:
            for game in table.games:
                for name, score in zip(game.names, game.scores):
                    sums[name] += score
    assert t.totals() == sums
    again = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert again.standings() == t.standings()
    summary = standings_summary(t.to_json())
    assert [r["name"] for r in summary["standings"]] == [r["name"] for r in t.standings()]


def test_seat_draw_and_tie_break_are_reproducible_from_the_seed():
    names = [f"P{i}" for i in range(1, 9)]
    a, b = Tournament(names, seed=77), Tournament(names, seed=77)
    assert a.draw(1) == b.draw(1) and a.draw(2) == b.draw(2)
    assert a.draw(1) != Tournament(names, seed=78).draw(1)
    lots = [r["lot"] for r in a.standings()]  # everyone on 0: the lot alone ranks
    assert lots == sorted(lots) and a.standings() == b.standings()


def _organiser_and_result(seed: int = 4):
    organiser = Tournament([f"P{i}" for i in range(1, 9)], "rheinland", {"series_games": 1}, seed=seed)
    organiser.start_series()
    ticket = table_ticket(organiser, 1, 2)
    series = check_ticket(json.loads(json.dumps(ticket)))
    series.seed = seed  # a ticket carries no seed: the table's phone deals from its own
    table_phone = play_series(series, random.Random(seed))
    return organiser, json.loads(json.dumps(table_result(ticket, table_phone)))


def test_a_tables_series_travels_to_the_organiser():
    organiser, result = _organiser_and_result()
    import_table_result(organiser, result)
    assert organiser.series[0][1].over and not organiser.series[0][0].games
    totals = organiser.totals()
    assert sum(totals.values()) == sum(result["totals"])


def test_the_same_result_twice_is_refused_with_nothing_changed():
    organiser, result = _organiser_and_result()
    import_table_result(organiser, result)
    before = organiser.to_json()
    with pytest.raises(RecordError) as e:
        import_table_result(organiser, copy.deepcopy(result))
    assert e.value.code == "duplicate_series"
    assert organiser.to_json() == before


def test_a_result_of_another_tournament_is_refused():
    organiser, result = _organiser_and_result()
    other, _ = _organiser_and_result(seed=5)
    assert tournament_id(other) != tournament_id(organiser)
    before = other.to_json()
    with pytest.raises(RecordError) as e:
        import_table_result(other, result)
    assert e.value.code == "foreign_series" and other.to_json() == before


def test_a_tampered_result_is_refused_naming_the_hand():
    organiser, result = _organiser_and_result()
    bad = copy.deepcopy(result)
    bad["marks"][0][0][0] += 1
    before = organiser.to_json()
    with pytest.raises(RecordError) as e:
        import_table_result(organiser, bad)
    assert e.value.code == "tampered" and "hand 1" in e.value.en
    bad = copy.deepcopy(result)
    bad["result"]["games"][0]["hands"][0]["actions"].insert(0, {"seat": 1, "type": "play", "card": "XX"})
    with pytest.raises(RecordError) as e:
        import_table_result(organiser, bad)
    assert "hand 1" in e.value.en
    assert organiser.to_json() == before


def test_player_statistics_across_games():
    g = evening_game()
    stats = player_stats([g, g])
    anne, hubert = stats["Anne"], stats["Hubert"]
    assert anne["games"] == 2 and anne["wins"] == 2 and anne["mean_score"] == g.scores[3]
    assert hubert["blind_knocks"] == 2 and hubert["knocks"] >= 2 and hubert["passes"] >= 2
    first = g.outcome.out_order[0]
    assert stats[g.names[first - 1]]["first_out"] == 2
