"""A game of so many rounds, won on the most points after them (``score.target: {rounds: N}``,
``score.end: most``): the sheet counts the rounds from its lines — a call whose ruling ends the hand,
or the table's ``game hand-end`` for a hand that ends with no call worth a line — and after the last
one the team with the most points wins (teams level are said level).  The count is never stored:
undo, redo and amend keep it right."""

import json
import os

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data")
JOUERCHEZMOI = os.path.join(HERE, "variants", "jouerchezmoi.yaml")  # rounds agreed at the table, no number
HOUSE = os.path.join(HERE, "rounds-house.yaml")  # Jouer chez moi in 3 rounds, any call ending the hand
TEAMS = ["--team", "A+B", "--team", "C+D"]


@pytest.fixture
def sheet(game_sheet):
    return game_sheet


def _rounds(score):
    return score["rounds"], score["rounds_played"], score["finished"], score["winner"], score["tied"]


def test_under_jouerchezmoi_the_number_of_rounds_is_the_tables_and_none_given_is_asked_for(sheet):
    r = sheet("new", *TEAMS, "-c", JOUERCHEZMOI, code=2)
    assert r.err.strip() == ("kems-ref: error: Jouer chez moi plays a number of rounds the table agrees, and the team "
                             "with the most points after them wins: give --rounds N")
    assert len(r.err.strip().splitlines()) == 1
    assert "no rounds yet" not in r.err
    new = sheet("new", *TEAMS, "-c", JOUERCHEZMOI, "--rounds", "3")
    assert (new["end"], new["rounds"], new["target"], new["decided_by_table"]) == ("most", 3, None, {"rounds": 3})


def test_under_jouerchezmoi_after_3_rounds_agreed_the_team_with_most_points_wins(sheet):
    sheet("new", *TEAMS, "-c", JOUERCHEZMOI, "--rounds", "3")
    sheet("call", "kems", "--by", "A", "--hand", "R R R R")  # A+B +1; the site does not say the hand ends
    assert _rounds(sheet("score")) == (3, 0, False, None, [])
    # a hand ended with no call (or after a call the ruling leaves open) counts a round
    assert _rounds(sheet("hand-end")["score"]) == (3, 1, False, None, [])
    assert "\nRound 2 of 3. Leading: A+B.\n" in sheet("score", json_out=False).out
    sheet("hand-end")
    sheet("call", "kems", "--by", "C", "--hand", "R R R 2")  # wrong: the other team takes the point, A+B 2
    last = sheet("hand-end")
    assert last["kind"] == "point" and last["changes"] == [] and last["decision"] == {"by": "table", "hand_end": True}
    assert _rounds(last["score"]) == (3, 3, True, "A+B", [])
    assert "All 3 rounds played. Game over: A+B wins." in sheet("score", json_out=False).out
    over = sheet("hand-end", code=2)  # the game is over: no fourth round
    assert "game game-1 is over (A+B)" in over.err


def test_after_the_last_round_teams_level_on_points_are_said_level(sheet):
    sheet("new", *TEAMS, "-c", JOUERCHEZMOI, "--rounds", "2")
    sheet("call", "kems", "--by", "A", "--hand", "R R R R")
    sheet("hand-end")
    sheet("call", "kems", "--by", "C", "--hand", "R R R R")
    score = sheet("hand-end")["score"]
    assert _rounds(score) == (2, 2, True, None, ["A+B", "C+D"])
    assert "All 2 rounds played. Game over, with no single winner: A+B, C+D are level." in sheet(
        "score", json_out=False).out


def test_under_a_house_rule_that_any_call_ends_the_hand_each_call_counts_a_round_and_undo_takes_it_back(sheet):
    sheet("new", *TEAMS, "-c", HOUSE)  # the file's own number: 3
    assert _rounds(sheet("call", "kems", "--by", "A", "--hand", "R R R R")["score"]) == (3, 1, False, None, [])
    assert _rounds(sheet("call", "kems", "--by", "C", "--hand", "R R R R")["score"]) == (3, 2, False, None, [])
    assert _rounds(sheet("undo")["score"]) == (3, 1, False, None, [])
    assert _rounds(sheet("redo")["score"]) == (3, 2, False, None, [])
    ended = sheet("call", "kems", "--by", "A", "--hand", "R R R R")["score"]
    assert _rounds(ended) == (3, 3, True, "A+B", [])
    sheet("point", "C+D", code=2)  # over: nothing more is written...
    assert _rounds(sheet("undo")["score"]) == (3, 2, False, None, [])  # ...but undo reopens it
    # line 2 was a round; amended into a plain line it is one no more
    amended = sheet("amend", "2", "point", "C+D", "1")
    assert _rounds(amended["score"]) == (3, 1, False, None, [])
    history = sheet("history")
    # the calls end their hands; undos, redos and a plain line end none
    assert [(line["n"], line["hand_end"], line["cancelled"]) for line in history] == [
        (1, True, False), (2, True, True), (3, False, True), (4, False, False), (5, True, True), (6, False, False),
        (7, False, False)]


def test_a_files_own_number_of_rounds_is_not_the_tables_to_change(sheet):
    r = sheet("new", *TEAMS, "-c", HOUSE, "--rounds", "4", code=2)
    assert r.err.strip() == ("kems-ref: error: Trois manches chez Lou plays 3 rounds, not a number the table agrees: "
                             "leave out --rounds (or give --rounds 3)")
    assert "no target to reach" in sheet("new", *TEAMS, "-c", HOUSE, "--target", "10", code=2).err
    assert "--rounds 0: give a whole number" in sheet("new", *TEAMS, "-c", JOUERCHEZMOI, "--rounds", "0", code=2).err
    assert "is not played in a number of rounds" in sheet("new", *TEAMS, "-c", "ducale", "--rounds", "3",
                                                          code=2).err
    sheet("new", *TEAMS, "-c", "ducale", "--target", "5")
    assert "counts no rounds" in sheet("hand-end", code=2).err  # a game to a target ends hands with its calls


def test_an_exported_game_of_rounds_comes_back_with_its_rounds_and_its_count(sheet, tmp_path):
    sheet("new", *TEAMS, "-c", JOUERCHEZMOI, "--rounds", "3", "--name", "mardi")
    sheet("call", "kems", "--by", "A", "--hand", "R R R R")
    sheet("hand-end")
    exported = json.loads(sheet("export", "--format", "json", json_out=False).out)
    assert exported["sheet"]["game"]["rounds"] == 3 and exported["sheet"]["game"]["end_rule"] == "most"
    path = tmp_path / "mardi.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    imported = sheet("import", str(path))
    assert imported["rounds"] == 3 and _rounds(imported["score"]) == (3, 1, False, None, [])


def test_a_rescore_under_jouerchezmoi_counts_only_the_hands_its_rulings_or_the_table_ended(sheet):
    sheet("new", *TEAMS, "-c", HOUSE)
    sheet("call", "kems", "--by", "A", "--hand", "R R R R")  # a round here (any call ends the hand)
    sheet("call", "kems", "--by", "C", "--hand", "R R R R")  # a round here
    sheet("hand-end")  # the third round: game over here, level
    assert _rounds(sheet("score")) == (3, 3, True, None, ["A+B", "C+D"])
    replayed = sheet("rescore", "-c", JOUERCHEZMOI)  # it agrees the number: this table's 3
    assert _rounds(replayed["score"]) == (3, 1, False, None, [])


def test_a_phone_starts_a_game_of_rounds_and_ends_a_hand_as_the_command_line_does(tmp_path):
    from starlette.testclient import TestClient

    from kems_ref.web.app import Settings, create_app

    client = TestClient(create_app(Settings(db=tmp_path / "sheet.sqlite3", houses={"chez-moi": JOUERCHEZMOI})),
                        base_url="http://127.0.0.1")
    refused = client.post("/api/games", json={"teams": ["A+B", "C+D"], "convention": "chez-moi"})
    assert refused.status_code == 400 and "give --rounds N" in refused.json()["error"]
    made = client.post("/api/games", json={"teams": ["A+B", "C+D"], "convention": "chez-moi", "rounds": 2})
    assert made.status_code == 201 and made.json()["rounds"] == 2
    ended = client.post("/api/games/current/hand-end")
    assert ended.status_code == 200 and ended.json()["score"]["rounds_played"] == 1
