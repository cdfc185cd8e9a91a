"""A computer player knocks out of turn while the person holding
the phone is to play, as players at a real table do, and the person sees
the knock and answers it before playing on."""

from __future__ import annotations

from helpers import GAME_KEY, engine_table, seed_storage, shell_record, shot, stored, tap, wait_shell_ready

NAMES = ["Anne", "Hubert", "Gerda", "Hans"]


def position_before_an_out_of_turn_knock() -> tuple[dict, dict]:
    """The first seeded game (found in the engine, in Python) in which Anne
    is to play a card and a computer player, asked by the app's bot step,
    knocks out of turn: the state just before that step, and the knock.
    The computers play `heuristic` (no wall clock), so the app's worker makes
    the same decision from the same state."""
    for seed in range(1, 400):
        call = engine_table()
        players = [{"name": NAMES[0]}] + [{"name": n, "kind": "bot", "level": "heuristic"} for n in NAMES[1:]]
        state = call("new_game", players=players, rules="rheinland", seed=seed, dealer=4, viewer=1)
        for _ in range(80):
            if state["hand_over"]:
                break
            view = state["view"]
            if 1 in state["due"]["humans"]:
                if view["turn"] == 1 and not view["response"]:
                    before = call("state", viewer=1)
                    after = call("bot_step", viewer=1)
                    if after["bot_action"] is not None and after["bot_action"]["type"] == "knock":
                        return before, after["bot_action"]
                    if after["bot_action"] is not None:
                        state = after
                        continue
                legal = view["legal"]
                action = next((a for a in legal if a["type"] in ("look", "hold")), None) or next(a for a in legal if a["type"] == "play")
                state = call("act", action=action, viewer=1)
                continue
            state = call("bot_step", viewer=1)
            assert state["bot_action"] is not None, "a due computer player did not act"
    raise AssertionError("no seeded game had a computer player knock out of turn")


def test_a_computer_knocks_while_the_person_is_to_play_and_the_person_answers(warm_page, shared_site, artifacts):
    before, knock = position_before_an_out_of_turn_knock()
    knocker = knock["seat"]
    assert knocker != 1 and before["view"]["turn"] == 1
    assert knocker not in before["due"]["bots"], "the computer player was not due: the knock is out of turn"

    page = warm_page(locale="de-DE")
    seed_storage(page, shared_site, {GAME_KEY: shell_record(before, 1)}, pace="300")
    wait_shell_ready(page)

    # Anne is to play, but the computer knocks first: the table asks her to answer.
    hold = page.locator('[data-action="hold"]')
    hold.wait_for(state="visible", timeout=20_000)
    view = stored(page)["state"]["view"]
    # The knock came first, then only the computers answering ahead of Anne:
    # no card was played in between.
    new_entries = view["log"][len(before["view"]["log"]) :]
    assert new_entries[0] == {"seat": knocker, "type": "knock", "value": before["view"]["value"] + 1}, new_entries
    assert all(a["type"] in ("hold", "pass") and a["seat"] != 1 for a in new_entries[1:]), new_entries
    assert view["response"]["to_answer"] == 1
    assert f"{NAMES[knocker - 1]} klopft" in page.locator(".log").inner_text()
    assert page.locator('[data-action="pass"]').is_visible()
    shot(page, artifacts, "bot-knocks-out-of-turn.png")

    tap(page, '[data-action="hold"]')
    # Her hold is the answer in the log; then the hand goes on to its end.
    for _ in range(200):
        view = stored(page)["state"]["view"]
        answers = view["log"][len(before["view"]["log"]) + 1 :]
        if any(a["seat"] == 1 and a["type"] == "hold" for a in answers):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"Anne's hold was not recorded: {view['log'][-8:]}")
    assert view["value"] >= before["view"]["value"] + 1
