"""A team holds between none and all the letters of the word: a letter lost with none held is lost
from nothing, whether letters are a reward (Scenics: a wrong Stop Kemp costs the calling group a
letter) or a penalty (a letter taken off a team with none), and the score, the history, the tally,
a rescore and an export all say the same."""

import json
import os

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")
SCENICS = os.path.join(HERE, "scenics.yaml")
TEAMS = ["--team", "A+B", "--team", "C+D"]
WRONG_STOP = ["call", "contre-kems", "--by", "A", "--on", "C", "--hand", "2 3 4 5", "--partner-hand", "6 7 8 9"]


@pytest.fixture
def sheet(game_sheet):
    return game_sheet


def _letters(score):
    return {team["team"]: (team["letters"], team["letters_count"]) for team in score["teams"]}


def test_under_scenics_a_wrong_stop_kemp_with_no_letter_held_costs_nothing_and_says_so(sheet):
    sheet("new", *TEAMS, "-c", SCENICS)
    called = sheet(*WRONG_STOP)
    assert called["ruling"]["verdict"] == "rejected"
    assert called["changes"] == [{"team": "A+B", "change": 0, "unit": "letter", "ruled": -1}]
    assert _letters(called["score"]) == {"A+B": ("_ _ _ _", 0), "C+D": ("_ _ _ _", 0)}
    assert called["score"]["leader"] is None
    text = sheet(*WRONG_STOP, json_out=False).out
    assert "Entry 2 of game-1, applied: A+B: no letter to lose." in text
    assert "A+B _ _ _ _ · C+D _ _ _ _ — Nobody leads." in text


def test_under_scenics_a_letter_held_is_lost_then_the_next_is_lost_from_nothing(sheet):
    sheet("new", *TEAMS, "-c", SCENICS)
    sheet("call", "kems", "--by", "A", "--hand", "Q Q Q Q")
    lost = sheet(*WRONG_STOP)
    assert lost["changes"] == [{"team": "A+B", "change": -1, "unit": "letter"}]
    none = sheet(*WRONG_STOP)
    assert none["changes"] == [{"team": "A+B", "change": 0, "unit": "letter", "ruled": -1}]
    assert _letters(sheet("score")) == {"A+B": ("_ _ _ _", 0), "C+D": ("_ _ _ _", 0)}
    history = sheet("history")
    assert [line["totals"] for line in history] == [{"A+B": 1, "C+D": 0}, {"A+B": 0, "C+D": 0},
                                                     {"A+B": 0, "C+D": 0}]
    # undo the loss from nothing, then the real loss: the letter is back, and never one more
    sheet("undo")
    assert _letters(sheet("undo")["score"])["A+B"] == ("K _ _ _", 1)
    assert _letters(sheet("redo")["score"])["A+B"] == ("_ _ _ _", 0)
    exported = sheet("export", "--format", "json", json_out=False)
    assert [t["letters_count"] for t in json.loads(exported.out)["score"]["teams"]] == [0, 0]


def test_a_penalty_letter_taken_off_a_team_with_none_leaves_it_at_none(sheet):
    sheet("new", *TEAMS, "--team", "E+F", "-c", "pagat")
    given = sheet("point", "C+D", "-1")
    assert given["changes"] == [{"team": "C+D", "change": 0, "unit": "letter", "ruled": -1}]
    sheet("point", "C+D", "2")
    partly = sheet("point", "C+D", "-3")
    assert partly["changes"] == [{"team": "C+D", "change": -2, "unit": "letter", "ruled": -3}]
    text = sheet("export", json_out=False).out  # the markdown a table keeps
    assert "C+D: no letter to lose" in text and "C+D -2 letters (-3 asked" in text


def test_a_rescore_under_scenics_loses_no_letter_a_team_does_not_hold(sheet):
    sheet("new", *TEAMS, "-c", "pagat")
    sheet("call", "contre-kems", "--by", "A", "--hand", "2 3 4 5", "--partner-hand", "6 7 8 9")  # pagat: +1 letter
    replayed = sheet("rescore", "-c", SCENICS)
    assert replayed["hands"][0]["changes"] == [{"team": "A+B", "change": 0, "unit": "letter", "ruled": -1}]
    assert _letters(replayed["score"]) == {"A+B": ("_ _ _ _", 0), "C+D": ("_ _ _ _", 0)}


def test_validate_strict_notes_a_letter_taken_away_where_letters_are_a_reward_and_the_file_stays_valid(run):
    strict = run("conventions", "validate", "--strict", SCENICS)
    assert strict.code == 0, strict.err + strict.out
    said = strict.out + strict.err
    assert ("scenics.yaml:72: note: call.contre_kems.wrong: a letter taken away (-1) where letters are a reward "
            "(score.letters: reward): a team with no letter has none to lose, and the score sheet says so") in said
    assert "call.contre_kems.right: a letter taken away (-1)" in said
    plain = run("conventions", "validate", SCENICS)
    assert plain.code == 0 and "letter taken away" not in plain.out + plain.err  # a note of --strict only
    assert "letter taken away" not in run("conventions", "validate", "--strict", "pagat").out  # penalty letters
