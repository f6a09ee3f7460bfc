"""The score sheet: whole games through the CLI under four conventions, in both languages; the
table's decisions; undo; rescore; export; a killed process, concurrent writers and bad input,
each checked in the database afterwards."""

import csv
import hashlib
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import paused_kems_ref

TEAMS = ["--team", "Tom+Léa", "--team", "Ana+Ben"]


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def game(run, db):
    """``game(*args)``: a game command on this test's database, its JSON."""

    def _game(*args, code=0, lang="en"):
        r = run("game", *args, "--json", "--lang", lang, env={"KEMS_REF_DB": db})
        assert r.code == code, r.err + r.out
        return r.json() if r.out.strip() else None

    return _game


def totals(score):
    return {t["team"]: t.get("points", t.get("letters")) for t in score["teams"]}


def history(game_fn):
    return game_fn("history")


# --- four whole games -----------------------------------------------------------------------

@pytest.mark.slow
def test_a_ducale_game_to_an_agreed_three_a_double_kems_scores_two_and_ana_and_ben_win(game):
    created = game("new", *TEAMS, "-c", "ducale", "--target", "3", "--name", "dimanche")
    assert created["target"] == 3 and created["decided_by_table"] == {"target": 3}
    one = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")
    assert one["applied"] is True and totals(one["score"]) == {"Tom+Léa": 1, "Ana+Ben": 0}
    two = game("call", "double-kems", "--by", "Ana", "--hand", "K K K K", "--partner-hand", "9 9 9 9")
    assert two["changes"] == [{"team": "Ana+Ben", "change": 2, "unit": "point"}]
    # under Ducale a wrong Contre-Kems gives the accused team a point: Ana and Ben reach three
    three = game("call", "contre-kems", "--by", "Tom", "--on", "Ben", "--hand", "7 7 J J")
    assert three["ruling"]["verdict"] == "rejected" and totals(three["score"]) == {"Tom+Léa": 1, "Ana+Ben": 3}
    assert three["score"]["finished"] is True and three["score"]["winner"] == "Ana+Ben"
    before = len(history(game))
    game("call", "kems", "--by", "Tom", "--hand", "A A A A", code=2)  # the game is over: nothing written
    game("point", "Tom", code=2)
    assert len(history(game)) == before


@pytest.mark.slow
def test_a_marquoir_game_to_five_its_wrong_call_conflict_decided_once_by_the_table(game):
    created = game("new", *TEAMS, "-c", "marquoir")
    assert created["target"] == 5 and created["decided_by_table"] == {}
    pending = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q J")
    # both readings reject the call (001:19, 001:47 against 001:21): the verdict is settled, the score waits
    assert pending["applied"] is False and pending["ruling"]["verdict"] == "rejected"
    assert len(pending["ruling"]["branches"]) == 2
    assert totals(pending["score"]) == {"Tom+Léa": 0, "Ana+Ben": 0}
    decided = game("decide", "reading=1")  # Marquoir's rules, not its score-entry instructions
    assert decided["changes"] == [{"team": "Ana+Ben", "change": 1, "unit": "point"}]
    again = game("call", "kems", "--by", "Ben", "--hand", "2 3 4 5")  # the game remembers the reading
    assert again["applied"] is True and again["changes"] == [{"team": "Tom+Léa", "change": 1, "unit": "point"}]
    assert again["ruling"]["conflicts"][0]["reading"] == 1
    for _ in range(4):
        last = game("call", "kems", "--by", "Tom", "--hand", "8 8 8 8")
    assert totals(last["score"]) == {"Tom+Léa": 5, "Ana+Ben": 1} and last["score"]["winner"] == "Tom+Léa"
    entries = history(game)
    assert entries[1]["kind"] == "decision" and entries[1]["refers"] == 1
    assert entries[1]["decision"] == {"if": {"reading:call.kems.wrong": 1}, "by": "table"}


@pytest.mark.slow
def test_a_pagat_game_of_three_teams_in_letters_a_team_that_spells_kemps_is_out_the_last_left_wins(game):
    created = game("new", *TEAMS, "--team", "Zoé+Max", "-c", "pagat")
    assert created["unit"] == "letter" and created["target"] == "KEMPS" and created["end"] == "out"
    # a right Kemps with more than four players: a letter to every opposing team
    one = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")
    assert totals(one["score"]) == {"Tom+Léa": "_ _ _ _ _", "Ana+Ben": "K _ _ _ _", "Zoé+Max": "K _ _ _ _"}
    game("call", "contre-kems", "--by", "Ana", code=2)  # three teams: whom?
    wrong = game("call", "contre-kems", "--by", "Ana", "--on", "Max", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5")
    assert wrong["changes"] == [{"team": "Ana+Ben", "change": 1, "unit": "letter"}]
    for _ in range(3):
        out = game("call", "kems", "--by", "Zoé", "--hand", "J J J 2")  # wrong Kemps: the callers' letter
    assert [t["out"] for t in out["score"]["teams"]] == [False, False, False]
    assert totals(out["score"])["Zoé+Max"] == "K E M P _"
    out = game("call", "kems", "--by", "Max", "--hand", "J J 2 3")
    assert [t["team"] for t in out["score"]["teams"] if t["out"]] == ["Zoé+Max"] and not out["score"]["finished"]
    game("call", "kems", "--by", "Zoé", "--hand", "Q Q Q Q", code=2)  # a team that is out plays no more
    game("call", "contre-kems", "--by", "Tom", "--on", "Max", "--hand", "Q Q Q Q", code=2)
    # two teams left (four players): a right Kemps gives the other team its letter
    for _ in range(3):
        last = game("call", "kems", "--by", "Tom", "--hand", "A A A A")
    assert totals(last["score"])["Ana+Ben"] == "K E M P S" and last["score"]["finished"] is True
    assert last["score"]["winner"] == "Tom+Léa"


@pytest.mark.slow
def test_a_wikipedia_game_to_ten_a_wrong_contre_kems_costs_the_callers_a_point(game):
    created = game("new", *TEAMS, "-c", "wikipedia")
    assert created["target"] == 10
    wrong = game("call", "contre-kems", "--by", "Tom", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5")
    assert wrong["changes"] == [{"team": "Tom+Léa", "change": -1, "unit": "point"}]
    assert game("call", "double-kems", "--by", "Ana", "--hand", "K K K K", "--partner-hand", "9 9 9 9")["changes"] == \
        [{"team": "Ana+Ben", "change": 3, "unit": "point"}]
    for _ in range(2):
        game("call", "double-kems", "--by", "Ben", "--hand", "Q Q Q Q", "--partner-hand", "8 8 8 8")
    last = game("call", "kems", "--by", "Ana", "--hand", "J J J J")
    assert totals(last["score"]) == {"Tom+Léa": -1, "Ana+Ben": 10} and last["score"]["winner"] == "Ana+Ben"


@pytest.mark.slow
def test_in_french_the_sheet_speaks_french(run, db):
    env = {"KEMS_REF_DB": db}
    assert run("game", "new", *TEAMS, "-c", "ducale", "--target", "3", "--lang", "fr", env=env).out.startswith(
        "Partie game-1 commencée — Ducale, en 3 points (la première équipe à les atteindre gagne) :")
    out = run("game", "call", "kems", "--by", "Léa", "--hand", "R R R R", "--lang", "fr", env=env).out
    assert "ANNONCE JUSTE" in out and "Ligne 1 de game-1, appliquée : Tom+Léa +1 point." in out
    assert "En tête : Tom+Léa." in out
    out = run("game", "call", "contre-kems", "--by", "Tom", "--hand", "K K K K", "--lang", "fr", "-c", "x", env=env)
    assert out.code == 2 and "option inconnue -c" in out.err
    history = run("game", "history", "--lang", "fr", env=env).out
    assert "Kems par Léa" in history and "ANNONCE JUSTE" in history
    run("game", "call", "double-kems", "--by", "Ana", "--hand", "K K K K", "--partner-hand", "9 9 9 9", env=env)
    out = run("game", "call", "contre-kems", "--by", "Tom", "--hand", "7 7 V V", "--lang", "fr", env=env).out
    assert "ANNONCE FAUSSE" in out and out.strip().endswith("Tom+Léa 1 · Ana+Ben 3 — Partie terminée : Ana+Ben gagne.")
    score = run("game", "score", "--lang", "fr", env=env).out
    assert "Équipe" in score and "Partie terminée : Ana+Ben gagne." in score


@pytest.mark.slow
def test_on_a_terminal_the_target_the_convention_leaves_to_the_table_is_asked(db):
    pexpect = pytest.importorskip("pexpect")
    env = {**ENV, "KEMS_REF_DB": db, "COLUMNS": "100", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
           "KEMS_REF_LANG": "en"}
    child = pexpect.spawn(sys.executable, ["-m", "kems_ref", "game", "new", *TEAMS, "-c", "ducale"], env=env,
                          encoding="utf-8", timeout=30, dimensions=(30, 100))
    child.expect("how many points do you play to")
    child.sendline("4")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "to 4 points" in child.before
    assert json.loads(_cli(db, "score", "--json").stdout)["target"] == 4


# --- the table's decisions, undo, rescore, export -------------------------------------------

@pytest.mark.slow
def test_a_ruling_the_convention_does_not_settle_is_never_applied_silently(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    # Ducale does not say whether a card lifted off the table counts
    silent = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q", "--lifted", "Q")
    assert silent["ruling"]["verdict"] == "unspecified" and silent["applied"] is False
    assert totals(silent["score"]) == {"Tom+Léa": 0, "Ana+Ben": 0}
    game("decide", "1", code=2)  # a silence has no branch to choose
    entered = game("point", "Léa")  # the table enters what it agreed, as on paper
    assert totals(entered["score"]) == {"Tom+Léa": 1, "Ana+Ben": 0}
    assert [e["kind"] for e in history(game)] == ["call", "point"]


@pytest.mark.slow
def test_the_table_chooses_a_branch_by_its_number_from_1_to_the_last_and_no_other(game):
    game("new", *TEAMS, "-c", "marquoir", "--name", "first")
    game("call", "kems", "--by", "Léa", "--hand", "Q Q Q J")
    for beyond in ("0", "3"):
        assert game("decide", beyond, code=2)["error"] == \
            f"no branch '{beyond}' (there are 2: give 1 to 2, or FACT=VALUE)"
    assert game("decide", "1")["changes"] == [{"team": "Ana+Ben", "change": 1, "unit": "point"}]  # its rules
    game("new", *TEAMS, "-c", "marquoir", "--name", "second")
    game("call", "kems", "--by", "Léa", "--hand", "Q Q Q J")
    # its score-entry instructions: -1 for the team that called wrongly
    assert game("decide", "2")["changes"] == [{"team": "Tom+Léa", "change": -1, "unit": "point"}]


def test_a_new_game_without_a_name_takes_the_next_number_no_game_has_taken(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5", "--name", "game-2")
    assert game("new", *TEAMS, "-c", "ducale", "--target", "5")["name"] == "game-3"
    assert game("new", *TEAMS, "-c", "ducale", "--target", "5")["name"] == "game-4"


@pytest.mark.slow
def test_a_depends_ruling_waits_for_the_table_then_applies_the_branch_it_chooses(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    waiting = game("call", "exchange", "--by", "Tom")
    assert waiting["ruling"]["verdict"] == "depends" and waiting["applied"] is False
    decided = game("call", "contre-kems", "--by", "Ana", "--hand", "K K K K", "--decide", "1", code=2)
    assert decided is not None and "error" in decided  # Ducale rules it outright: nothing to choose
    assert [e["kind"] for e in history(game)] == ["call"]  # and nothing is written
    at_once = game("call", "double-kems", "--by", "Ana", "--hand", "K K K K", "--decide", "partner_square=yes")
    assert at_once["applied"] is True and at_once["changes"] == [{"team": "Ana+Ben", "change": 2, "unit": "point"}]
    assert history(game)[-1]["decision"] == {"if": {"partner_square": True}, "by": "table"}


@pytest.mark.slow
def test_the_score_the_table_gives_a_pending_call_settles_that_call_and_a_rescore_does_not_count_it_twice(run, game,
                                                                                                        db):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    # Ducale does not say whether a card lifted off the table counts: the Kems waits for the table
    pending = game("call", "kems", "--by", "Ben", "--hand", "J J J", "--lifted", "J")
    assert pending["ruling"]["verdict"] == "unspecified" and pending["applied"] is False
    assert game("score")["waiting"] == [1]
    text = run("game", "score", env={"KEMS_REF_DB": db}).out
    assert "Waiting for the table: entry 1" in text and "game point TEAM N --for 1" in text
    entered = game("point", "Ben", "1", "--for", "1")
    assert entered["kind"] == "decision" and entered["refers"] == 1
    assert totals(entered["score"]) == {"Tom+Léa": 0, "Ana+Ben": 1} and entered["score"]["waiting"] == []
    game("point", "Ben", "1", "--for", "1", code=2)  # settled once
    call = history(game)[0]
    assert call["decided_by"] == 2 and call["situation"]["hand"] == "J J J" and call["situation"]["lifted"] == "J"
    # Wikipedia settles that Kems itself: its ruling replaces the table's point, never adds to it
    replay = game("rescore", "-c", "wikipedia")
    hands = replay["hands"]
    assert [(h["n"], h["verdict"], h["changes"], h["before"]) for h in hands] == [
        (1, "upheld", [{"team": "Ana+Ben", "change": 1, "unit": "point"}],
         [{"team": "Ana+Ben", "change": 1, "unit": "point"}])]
    assert totals(replay["score"]) == {"Tom+Léa": 0, "Ana+Ben": 1}
    # under a convention as silent as Ducale there, the table's own point is what stands
    again = game("rescore", "-c", "regles-com")
    assert totals(again["score"]) == {"Tom+Léa": 0, "Ana+Ben": 1}


@pytest.mark.slow
def test_a_call_applied_while_another_waits_reminds_the_table_of_the_waiting_one(run, db):
    env = {"KEMS_REF_DB": db}
    run("game", "new", *TEAMS, "-c", "ducale", "--target", "5", env=env)
    # Ducale does not say whether a card lifted off the table counts: entry 1 waits for the table
    waiting = run("game", "call", "kems", "--by", "Ben", "--hand", "J J J", "--lifted", "J", env=env).out
    assert "Waiting for the table" not in waiting  # it says so itself: "the table decides"
    applied = run("game", "call", "kems", "--by", "Léa", "--hand", "Q Q Q Q", env=env).out.splitlines()
    assert applied[-2:] == ["Tom+Léa 1 · Ana+Ben 0 — Leading: Tom+Léa.",
                            "Waiting for the table: entry 1 — enter what the table decides with kems-ref game point "
                            "TEAM N --for 1."]


@pytest.mark.slow
def test_a_call_still_waiting_when_the_game_ends_can_be_settled_afterwards(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "1")
    game("call", "kems", "--by", "Ben", "--hand", "J J J", "--lifted", "J")
    over = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")
    assert over["score"]["winner"] == "Tom+Léa" and over["score"]["waiting"] == [1]
    settled = game("point", "Ana", "0", "--for", "1")  # the table decides it was worth nothing
    assert settled["score"]["waiting"] == [] and settled["score"]["winner"] == "Tom+Léa"


@pytest.mark.slow
def test_naming_the_accused_of_a_kems_is_refused_the_kems_accuses_no_one(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    refused = game("call", "kems", "--by", "Tom", "--on", "Ana", "--hand", "7 7 J J", code=2)
    assert "--on" in refused["error"]
    assert history(game) == []
    # under Ducale a wrong Kems gives the opposing team a point
    wrong = game("call", "kems", "--by", "Tom", "--hand", "7 7 J J")
    assert wrong["changes"] == [{"team": "Ana+Ben", "change": 1, "unit": "point"}]


@pytest.mark.slow
def test_with_two_teams_a_contre_kems_records_the_accused_team_and_the_cards(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("call", "contre-kems", "--by", "Tom", "--hand", "Q Q Q J")
    entry = history(game)[0]
    assert entry["on"] == "Ana+Ben" and entry["situation"]["hand"] == "Q Q Q J"
    assert entry["changes"] == [{"team": "Ana+Ben", "change": 1, "unit": "point"}]


@pytest.mark.slow
def test_a_game_named_with_a_number_is_found_by_its_name_before_any_id(game):
    for name in ("lundi", "mardi", "mercredi"):  # ids 1, 2, 3
        game("new", *TEAMS, "-c", "ducale", "--target", "5", "--name", name)
    created = game("new", *TEAMS, "-c", "ducale", "--target", "5", "--name", "2")
    assert (created["game"], created["name"]) == (4, "2")
    game("point", "Tom", "1", "--game", "2")
    assert totals(game("score", "--game", "2")) == {"Tom+Léa": 1, "Ana+Ben": 0}
    assert totals(game("score", "--game", "mardi")) == {"Tom+Léa": 0, "Ana+Ben": 0}
    assert game("score", "--game", "3")["game"] == "mercredi"  # no game named 3: the id


def test_a_point_taken_away_needs_no_double_dash(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    assert totals(game("point", "Ana", "-2")["score"]) == {"Tom+Léa": 0, "Ana+Ben": -2}


@pytest.mark.slow
def test_the_sheet_says_one_point_in_the_singular_and_a_point_taken_away_as_a_point_too(run, db):
    env = {"KEMS_REF_DB": db}
    assert run("game", "new", *TEAMS, "-c", "ducale", "--target", "5", env=env).code == 0
    assert "Entry 1 of game-1, applied: Ana+Ben -2 points." in run("game", "point", "Ana", "-2", env=env).out
    assert "Entry 2 of game-1, applied: Tom+Léa +1 point." in run("game", "point", "Tom", "1", env=env).out
    assert "Ligne 3 de game-1, appliquée : Tom+Léa -1 point." in run("game", "point", "Tom", "-1", "--lang", "fr",
                                                                   env=env).out


@pytest.mark.slow
def test_the_history_has_its_citations_column_from_120_columns_and_one_line_a_short_entry(run, db, game):
    game("new", *TEAMS, "-c", "ducale", "--target", "10")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game("point", "Ana", "2")
    wide = run("game", "history", env={"KEMS_REF_DB": db, "COLUMNS": "120"}).out.splitlines()
    assert wide[1].rstrip().endswith("┃ Citations") and "Citations:" not in wide
    narrow = run("game", "history", env={"KEMS_REF_DB": db, "COLUMNS": "119"}).out.splitlines()
    assert "Citations" not in narrow[1] and "Citations:" in narrow
    listed = " ".join(narrow[narrow.index("Citations:") + 1:])
    assert listed.startswith("  1. Notice Ducale, via Regles.com, réf. [1]: Repères utiles › Carré ; Fiche technique "
                             "› But ; Comment jouer, après  l'étape 6 (hand.square); Score et victoire, tableau du "
                             "score Ducale (call.kems.right); Contre-Kems")  # the square's definition decided it
    first = next(i for i, line in enumerate(narrow) if line.startswith(" 1 │"))
    assert narrow[first + 1].startswith(" 2 │")  # no rule drawn between the rows


@pytest.mark.slow
def test_the_score_table_aligns_points_to_the_right(run, db, game):
    game("new", *TEAMS, "-c", "ducale", "--target", "20")
    game("point", "Tom", "12")
    game("point", "Ana", "3")
    lines = run("game", "score", env={"KEMS_REF_DB": db}).out.splitlines()
    assert lines[3].endswith("│     12 ") and lines[4].endswith("│      3 ")


@pytest.mark.slow
def test_undo_cancels_the_last_entry_and_the_history_keeps_both(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")
    game("point", "Ana", "2")
    undone = game("undo")
    assert undone["refers"] == 2 and totals(undone["score"]) == {"Tom+Léa": 1, "Ana+Ben": 0}
    undone = game("undo")
    assert undone["refers"] == 1 and totals(undone["score"]) == {"Tom+Léa": 0, "Ana+Ben": 0}
    entries = history(game)
    assert [(e["n"], e["kind"], e["cancelled"]) for e in entries] == [
        (1, "call", True), (2, "point", True), (3, "undo", False), (4, "undo", False)]
    game("undo", code=2)


@pytest.mark.slow
def test_a_ducale_game_rescored_under_wikipedia_says_what_changes(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "10")
    game("call", "double-kems", "--by", "Ana", "--hand", "K K K K", "--partner-hand", "9 9 9 9")
    game("call", "contre-kems", "--by", "Tom", "--hand", "7 7 J J", "--partner-hand", "2 3 4 5")
    game("point", "Léa", "1")
    assert totals(game("score")) == {"Tom+Léa": 1, "Ana+Ben": 3}
    replay = game("rescore", "-c", "wikipedia")
    assert replay["convention"] == "wikipedia"
    # Wikipedia: a Double Kems is 3 points; a wrong Contre-Kems costs the callers a point
    assert [(h["n"], h["changes"], h["differs"]) for h in replay["hands"] if h["kind"] == "call"] == [
        (1, [{"team": "Ana+Ben", "change": 3, "unit": "point"}], True),
        (2, [{"team": "Tom+Léa", "change": -1, "unit": "point"}], True)]
    assert totals(replay["score"]) == {"Tom+Léa": 0, "Ana+Ben": 3} and replay["score"]["target"] == 10
    assert totals(game("score")) == {"Tom+Léa": 1, "Ana+Ben": 3}  # the game itself is unchanged


@pytest.mark.slow
def test_export_in_markdown_csv_and_json(run, game, db):
    game("new", *TEAMS, "-c", "ducale", "--target", "5", "--name", "export")
    game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")
    game("point", "Ben", "1")
    env = {"KEMS_REF_DB": db}
    md = run("game", "export", "--format", "markdown", env=env).out
    assert md.startswith("# Game export — Ducale, to 5 points") and "| Tom+Léa | Tom, Léa | 1 |" in md
    assert "| 1 |" in md and "Kems by Léa" in md
    rows = list(csv.reader(io.StringIO(run("game", "export", "--format", "csv", env=env).out)))
    assert rows[0] == ["#", "Time", "Entry", "Verdict", "Changes", "Score after", "Citations"] and len(rows) == 3
    assert rows[1][2] == "Kems by Léa (Tom: Q Q Q Q)" and rows[1][4] == "Tom+Léa +1 point"
    assert rows[1][5] == "Tom+Léa 1 · Ana+Ben 0" and rows[2][5] == "Tom+Léa 1 · Ana+Ben 1"
    assert rows[1][6] == ("What hand makes a Kems: four of a kind, or a run of four in one suit?: Notice Ducale, "
                          "via Regles.com, réf. [1] — Repères utiles › Carré ; Fiche technique › But ; Comment jouer, "
                          "après l'étape 6; "
                          "Score for a right Kems?: Notice Ducale, via Regles.com, réf. [1] — Score et victoire, "
                          "tableau du score Ducale; What ends the hand?: Notice Ducale, via Regles.com, réf. [1] — "
                          "Contre-Kems : signification et règle exacte ; Déroulement, étape 6")
    assert "call.kems.right" not in rows[1][6] and "call.kems.right" not in md  # a player's file: the questions
    assert "| Score after |" in md and "| Tom+Léa 1 · Ana+Ben 1 |" in md
    data = json.loads(run("game", "export", "--format", "json", env=env).out)
    assert totals(data["score"]) == {"Tom+Léa": 1, "Ana+Ben": 1} and len(data["history"]) == 2
    assert [e["totals"] for e in data["history"]] == [{"Tom+Léa": 1, "Ana+Ben": 0}, {"Tom+Léa": 1, "Ana+Ben": 1}]


@pytest.mark.slow
def test_the_history_keeps_the_facts_a_ruling_turned_on_whose_hands_they_were_and_the_running_total(run, game, db):
    game("new", *TEAMS, "-c", "ducale", "--target", "9")
    game("call", "double-kems", "--by", "Tom", "--hand", "Q Q Q Q", "--partner-hand", "K K K K")
    game("call", "contre-kems", "--by", "Ana", "--on", "Léa", "--square", "--no-partner-square", "--during-sweep")
    game("undo")
    items = game("history")
    # the Double Kems: --hand is the caller's partner's (Léa), --partner-hand the caller's own (Tom)
    assert items[0]["holders"] == {"hand": "Léa", "partner_hand": "Tom"}
    assert items[1]["facts"] == ["during the sweep", "the accused player holds a square",
                                 "the accused's partner holds no square"]
    assert [e["totals"] for e in items] == [{"Tom+Léa": 2, "Ana+Ben": 0}, {"Tom+Léa": 2, "Ana+Ben": 1},
                                            {"Tom+Léa": 2, "Ana+Ben": 0}]
    text = run("game", "history", env={"KEMS_REF_DB": db, "COLUMNS": "200"}).out
    assert "Double Kems by Tom (Léa: Q Q Q Q; Tom: K K K K)" in text
    assert "[during the sweep;" in text


@pytest.mark.slow
def test_list_and_show(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5", "--name", "un")
    game("new", *TEAMS, "-c", "pagat", "--name", "deux")
    assert [g["game"] for g in game("list")] == ["un", "deux"]
    assert game("show", "un")["convention"] == "ducale" and game("score")["game"] == "deux"  # current: the last
    assert game("score", "--game", "un")["game"] == "un"


# --- bad input: exit 2, nothing written -----------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("args", "needle"), [
    (["new", "--team", "Tom+Léa"], "at least two teams"),
    (["new", "--team", "Tom", "--team", "Ana+Ben"], "a team is two different players"),
    (["new", "--team", "Tom+tom", "--team", "Ana+Ben"], "a team is two different players"),
    (["new", "--team", "Tom+Léa", "--team", "Léa+Ben"], "in two teams"),
    (["new", *TEAMS, "-c", "ducale"], "leaves the target to the table"),
    (["new", *TEAMS, "-c", "wikipedia", "--target", "5"], "sets the target at 10 points"),
    (["new", *TEAMS, "-c", "pagat", "--target", "5"], "played in letters"),
    (["new", *TEAMS, "-c", "nosuch"], "unknown convention"),
    (["score"], "no current game"),
])
def test_bad_new_games_exit_2_with_one_line(run, db, args, needle):
    r = run("game", *args, env={"KEMS_REF_DB": db})
    assert r.code == 2 and needle in r.err and "Traceback" not in r.err


@pytest.mark.slow
def test_unknown_game_player_or_team_exit_2_and_write_nothing(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("call", "kems", "--by", "Zoé", "--hand", "Q Q Q Q", code=2)
    game("call", "kems", "--hand", "Q Q Q Q", code=2)
    game("call", "contre-kems", "--by", "Tom", "--on", "Léa", "--hand", "Q Q Q Q", code=2)
    game("point", "Zoé", code=2)
    game("score", "--game", "nosuch", code=2)
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q Q", code=2)  # five queens cannot exist
    assert history(game) == []


@pytest.mark.slow
def test_a_team_is_found_by_its_players_in_either_order_case_and_accents_aside(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    for name in ("Léa+Tom", "tom + lea", "Tom+Léa"):
        game("point", name)
    assert totals(game("score")) == {"Tom+Léa": 3, "Ana+Ben": 0}
    game("point", "Léa+Ana", code=2)


def _digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["text", "random", "foreign-sqlite", "newer-kems-ref", "truncated"])
def test_a_file_that_is_not_our_database_is_refused_and_left_untouched(run, tmp_path, kind):
    path = tmp_path / "other.db"
    if kind == "text":
        path.write_text("my shopping list\n")
    elif kind == "random":
        path.write_bytes(os.urandom(4096))
    elif kind == "foreign-sqlite":
        con = sqlite3.connect(path)
        con.execute("CREATE TABLE recipes (name TEXT)")
        con.commit()
        con.close()
    else:
        good = tmp_path / "good.db"
        assert run("game", "new", *TEAMS, "-c", "ducale", "--target", "3", env={"KEMS_REF_DB": str(good)}).code == 0
        con = sqlite3.connect(good)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        if kind == "newer-kems-ref":
            con.execute("PRAGMA user_version = 99")
        con.commit()
        con.close()
        data = good.read_bytes()
        path.write_bytes(data if kind == "newer-kems-ref" else data[:len(data) // 3] + b"\0" * 700)
    before = _digest(path)
    for args in (["score"], ["new", *TEAMS, "-c", "ducale", "--target", "3"], ["list"]):
        r = run("game", *args, "--db", str(path))
        assert r.code == 2, (kind, args, r.out)
        assert "left untouched" in r.err or "unreadable or damaged" in r.err, r.err
    assert _digest(path) == before
    assert not os.path.exists(str(path) + "-wal") or kind in ("newer-kems-ref", "truncated")


# --- a killed process, two writers at once -------------------------------------------------

ENV = {**os.environ, "PYTHONWARNINGS": "ignore"}


def _cli(db, *args, **extra):
    return subprocess.run([sys.executable, "-m", "kems_ref", "game", *args, "--db", db], capture_output=True,
                          text=True, env={**ENV, **extra}, timeout=120)


@pytest.mark.slow
def test_a_process_killed_mid_write_loses_nothing_recorded_and_leaves_no_half_entry(db):
    assert _cli(db, "new", *TEAMS, "-c", "ducale", "--target", "9").returncode == 0
    assert _cli(db, "point", "Tom", "2").returncode == 0
    slow = subprocess.Popen([*paused_kems_ref("commit"), "game", "point", "Ana", "5", "--db", db],
                            env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    time.sleep(3)  # inside its transaction, its entry written but not committed
    slow.send_signal(signal.SIGKILL)
    slow.wait(timeout=30)
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert con.execute("SELECT n, kind, changes FROM entries").fetchall() == [
        (1, "point", '[{"team": "Tom+Léa", "change": 2, "unit": "point"}]')]
    con.close()
    after = _cli(db, "point", "Ben", "1", "--json")
    assert after.returncode == 0 and json.loads(after.stdout)["entry"] == 2


@pytest.mark.slow
def test_two_processes_writing_the_same_game_at_once_take_turns(db):
    assert _cli(db, "new", *TEAMS, "-c", "ducale", "--target", "100").returncode == 0
    script = ("import sys\nfrom kems_ref.cli import main\nwho, path = sys.argv[1:3]\n"
              "for i in range(8):\n"
              "    sys.argv = ['kems-ref', 'game', 'point', who, '1', '--db', path]\n"
              "    try:\n        main()\n    except SystemExit as e:\n        assert not e.code, e.code\n")
    writers = [subprocess.Popen([sys.executable, "-c", script, who, db], env=ENV, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True) for who in ("Tom", "Ana", "Léa")]
    for w in writers:
        assert w.wait(timeout=120) == 0, w.stderr.read() if w.stderr else ""
    con = sqlite3.connect(db)
    numbers = [n for (n,) in con.execute("SELECT n FROM entries ORDER BY n")]
    assert numbers == list(range(1, 25))
    con.close()
    score = json.loads(_cli(db, "score", "--json").stdout)
    assert totals(score) == {"Tom+Léa": 16, "Ana+Ben": 8}


def test_a_db_path_in_a_folder_that_does_not_exist_is_refused_and_creates_nothing(run, tmp_path):
    missing = tmp_path / "typo" / "games.sqlite3"
    r = run("game", "new", *TEAMS, "--target", "3", "--db", str(missing))
    assert r.code == 2 and r.err.strip().endswith(f"the folder {missing.parent} does not exist (create it, or "
                                                  "choose another --db)")
    assert not missing.parent.exists()


@pytest.mark.slow
def test_a_call_the_table_decides_at_once_is_headed_by_the_ruling_it_chose_never_it_depends(run, game, db):
    # seed 003:23-25: under Wikipedia a Contre-Kems has no effect against a Double Kems, so a Contre-Kems on
    # four kings waits for the partner's hand; the table says the partner held one
    game("new", *TEAMS, "-c", "wikipedia")
    decided = game("call", "contre-kems", "--by", "Tom", "--on", "Ana", "--hand", "K K K K",
                   "--decide", "partner_square=yes")
    assert decided["applied"] is True and decided["changes"] == []
    text = run("game", "history", env={"KEMS_REF_DB": db, "COLUMNS": "200"}).out
    assert "CALL VOID (the table's decision)" in text and "IT DEPENDS" not in text
    entry = history(game)[0]
    assert entry["verdict"] == "depends" and entry["decided_verdict"] == "void"
    shown = run("game", "call", "contre-kems", "--by", "Tom", "--on", "Ana", "--hand", "K K K K",
                "--decide", "partner_square=no", "--lang", "fr", env={"KEMS_REF_DB": db}).out
    assert shown.startswith("ANNONCE JUSTE (décision de la table)")


# --- never miscount ---------------------------------------------------------------------------

REWARD = str(Path(__file__).parent / "data" / "reward-letters.yaml")


@pytest.mark.slow
def test_where_letters_are_a_reward_the_team_with_more_letters_leads_and_the_first_to_complete_the_word_wins(
        run, game, db):
    created = game("new", *TEAMS, "-c", REWARD)
    assert created["unit"] == "letter" and created["letters"] == "reward" and created["end"] == "wins"
    one = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")  # a letter earned by Tom+Léa
    assert totals(one["score"]) == {"Tom+Léa": "K _ _ _", "Ana+Ben": "_ _ _ _"}
    assert one["score"]["leader"] == "Tom+Léa" and one["score"]["letters"] == "reward"
    assert "Leading: Tom+Léa." in run("game", "score", env={"KEMS_REF_DB": db}).out
    for _ in range(3):
        last = game("call", "kems", "--by", "Léa", "--hand", "K K K K")
    assert totals(last["score"]) == {"Tom+Léa": "K E M S", "Ana+Ben": "_ _ _ _"}
    assert last["score"]["finished"] is True and last["score"]["winner"] == "Tom+Léa"
    assert "Game over: Tom+Léa wins." in run("game", "score", env={"KEMS_REF_DB": db}).out


def test_where_letters_are_a_penalty_the_team_with_fewer_letters_leads(game):
    game("new", *TEAMS, "-c", "pagat")
    one = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")  # sources.md:59: a letter to the other team
    assert totals(one["score"]) == {"Tom+Léa": "_ _ _ _ _", "Ana+Ben": "K _ _ _ _"}
    assert one["score"]["leader"] == "Tom+Léa" and one["score"]["letters"] == "penalty"


@pytest.mark.slow
def test_a_point_the_table_gave_a_waiting_call_never_becomes_a_letter_in_a_rescore(run, game, db):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("call", "kems", "--by", "Ben", "--hand", "J J J", "--lifted", "J")  # Ducale: is a lifted card held?
    game("point", "Ben", "1", "--for", "1")  # the table gives Ana+Ben a point for it
    game("point", "Tom", "2")  # a plain entry, in points
    replay = game("rescore", "-c", "pagat")  # Pagat says nothing of lifted cards either, and plays in letters
    assert totals(replay["score"]) == {"Tom+Léa": "_ _ _ _ _", "Ana+Ben": "_ _ _ _ _"}
    assert replay["score"]["waiting"] == [1]  # waiting again there, never converted
    assert [(h["n"], h["kind"], h.get("applied", h.get("kept"))) for h in replay["hands"]] == [
        (1, "call", False), (3, "point", False)]
    text = run("game", "rescore", "-c", "pagat", env={"KEMS_REF_DB": db}).out
    assert "3. plain entry Tom+Léa +2 points: written in another unit, not counted here" in text
    assert "Waiting for the table: entry 1" in text
    # under Wikipedia (points, and a lifted card is held: 003:31) the call is ruled, the table's point replaced
    wiki = game("rescore", "-c", "wikipedia")
    assert totals(wiki["score"]) == {"Tom+Léa": 2, "Ana+Ben": 1} and wiki["score"]["waiting"] == []


@pytest.mark.slow
def test_a_rescored_line_is_headed_by_what_was_applied_never_a_void_call_with_a_score(run, game, db):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("call", "kems", "--by", "Ben", "--hand", "J J J", "--lifted", "J")
    game("point", "Ben", "1", "--for", "1")
    text = run("game", "rescore", "-c", "regles-com", env={"KEMS_REF_DB": db}).out
    assert "1. Kems: the table's score — Ana+Ben +1 point" in text
    assert "NOT SETTLED BY THE CONVENTION — Ana+Ben" not in text


@pytest.mark.slow
def test_a_team_that_is_out_receives_no_letter_from_every_opposing_team(game):
    game("new", *TEAMS, "--team", "Zoé+Max", "-c", "pagat")
    for _ in range(5):  # five wrong Kemps: Zoé+Max spell KEMPS and are out (sources.md:59)
        out = game("call", "kems", "--by", "Zoé", "--hand", "J J 2 3")
    assert [t["team"] for t in out["score"]["teams"] if t["out"]] == ["Zoé+Max"]
    right = game("call", "kems", "--by", "Tom", "--hand", "A A A A")  # every opposing team still playing
    assert right["changes"] == [{"team": "Ana+Ben", "change": 1, "unit": "letter"}]
    counts = {t["team"]: t["letters_count"] for t in right["score"]["teams"]}
    assert counts == {"Tom+Léa": 0, "Ana+Ben": 1, "Zoé+Max": 5}


@pytest.mark.slow
def test_a_reading_whose_decision_was_undone_no_longer_applies_to_later_calls(game):
    game("new", *TEAMS, "-c", "marquoir")
    game("call", "kems", "--by", "Léa", "--hand", "Q Q Q J")
    game("decide", "reading=1")
    game("undo")  # the table takes its decision back
    again = game("call", "kems", "--by", "Ben", "--hand", "2 3 4 5")
    assert again["applied"] is False and again["ruling"]["conflicts"][0]["reading"] is None
    assert "reading" not in again["ruling"]["explanation"].lower() or "which reading" in again["ruling"]["needs"][0][
        "question"]


@pytest.mark.slow
def test_a_game_over_without_a_winner_says_so_in_words(game):
    # English Wikipedia (variants.md): the first team to spell KEMPS loses; with three teams, nobody has won
    english = Path(__file__).parent / "data" / "variants" / "wikipedia-en.yaml"
    game("new", *TEAMS, "--team", "Zoé+Max", "-c", str(english))
    for _ in range(5):  # five wrong Kemps: the callers take the letters
        over = game("call", "kems", "--by", "Zoé", "--hand", "J J 2 3")
    assert over["score"]["finished"] is True and over["score"]["winner"] is None
    assert over["score"]["loser"] == "Zoé+Max"
    err = game("point", "Tom", "1", code=2)
    assert err["error"] == ("game game-1: Game over: Zoé+Max has lost. "
                            "kems-ref game undo to go back, or start a new game")


@pytest.mark.slow
def test_where_reaching_the_target_loses_the_team_that_reaches_it_has_lost_and_the_other_has_won(game, tmp_path):
    house = tmp_path / "perdant.yaml"
    house.write_text("""\
id: perdant
name: Qui atteint perd
publication: {title: Nos règles}
extends: ducale
rules:
  score.end:
    status: stated
    value: loses
    text: {fr: "L'équipe qui atteint le total a perdu.", en: "The team that reaches the total has lost."}
    citation: {section: "La fin"}
""", encoding="utf-8")
    game("new", *TEAMS, "-c", str(house), "--target", "3")
    short = game("point", "Tom", "2")["score"]
    assert (short["finished"], short["winner"], short["loser"]) == (False, None, None)
    assert short["leader"] == "Ana+Ben"  # where reaching the target loses, the fewest points lead
    over = game("point", "Tom", "1")["score"]
    assert (over["finished"], over["winner"], over["loser"]) == (True, "Ana+Ben", "Tom+Léa")


@pytest.mark.slow
def test_a_line_of_the_sheet_gives_or_takes_away_at_most_a_million_the_largest_target(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    assert totals(game("point", "Ana", "-1000000")["score"]) == {"Tom+Léa": 0, "Ana+Ben": -1000000}
    refused = game("point", "Ana", "-1000001", code=2)
    assert refused["error"] == "a line of the sheet gives or takes away at most 1000000 points or letters; not -1000001"
    assert totals(game("score")) == {"Tom+Léa": 0, "Ana+Ben": -1000000}


def test_a_target_the_source_does_not_offer_is_refused_with_the_values_it_allows(run, tmp_path, db):
    house = tmp_path / "dix-ou-quinze.yaml"
    house.write_text("id: dix-ou-quinze\nname: Dix ou quinze\npublication: {title: T, author: A, cite_as: T}\n"
                     "extends: ducale\nrules:\n  score.target:\n    status: stated\n"
                     "    value: {points: 10, word: null, agreed: false}\n"
                     "    choices: [{points: 15, word: null, agreed: false}]\n"
                     "    text: {fr: \"10 ou 15.\", en: \"10 or 15.\"}\n    citation: {section: S}\n", encoding="utf-8")
    r = run("game", "new", *TEAMS, "-c", str(house), "--target", "12", env={"KEMS_REF_DB": db})
    assert r.code == 2 and r.err.strip() == ("kems-ref: error: Dix ou quinze offers a choice of target: 10 / 15; "
                                             "--target 12 is not one of them")


@pytest.mark.slow
def test_a_process_killed_mid_undo_writes_no_undo(db):
    assert _cli(db, "new", *TEAMS, "-c", "ducale", "--target", "9").returncode == 0
    assert _cli(db, "point", "Tom", "2").returncode == 0
    slow = subprocess.Popen([*paused_kems_ref("commit"), "game", "undo", "--db", db],
                            env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    time.sleep(3)  # inside its transaction: the undo entry written, not committed
    slow.send_signal(signal.SIGKILL)
    slow.wait(timeout=30)
    con = sqlite3.connect(db)
    assert [kind for (kind,) in con.execute("SELECT kind FROM entries ORDER BY n")] == ["point"]
    con.close()


def test_a_score_sheet_written_before_letters_were_recorded_is_migrated_and_reads_them_from_the_end_rule(game, db):
    from kems_ref.game import store

    con = sqlite3.connect(db)
    con.executescript(store.MIGRATIONS[0])
    con.execute(f"PRAGMA application_id = {store.APPLICATION_ID}")
    con.execute("PRAGMA user_version = 1")
    con.execute("INSERT INTO games (name, convention, unit, target_points, target_word, end_rule, created_at)"
                " VALUES ('old', 'pagat', 'letter', NULL, 'KEMPS', 'out', '2026-11-01T20:00:00')")
    con.executemany("INSERT INTO teams VALUES (1, ?, ?, ?)", [(0, "Tom+Léa", '["Tom", "Léa"]'),
                                                               (1, "Ana+Ben", '["Ana", "Ben"]')])
    con.execute("INSERT INTO state VALUES ('current', '1')")
    con.commit()
    con.close()
    score = game("score")
    assert score["letters"] is None and score["leader"] is None  # nobody has a letter yet
    one = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")  # Ana+Ben take a penalty letter
    assert one["score"]["leader"] == "Tom+Léa"
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone()[0] == store.VERSION == 8
    con.close()


@pytest.mark.slow
def test_game_score_suggests_choosing_a_branch_only_for_a_call_that_has_branches(run, game, db):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("call", "kems", "--by", "Ben", "--hand", "J J J", "--lifted", "J")  # not settled: no branch to choose
    text = run("game", "score", env={"KEMS_REF_DB": db}).out
    assert "game point TEAM N --for 1" in text and "game decide" not in text
    game("point", "Ben", "1", "--for", "1")
    game("call", "exchange", "--by", "Tom")  # the order not said: a branch per order (000:39)
    text = run("game", "score", env={"KEMS_REF_DB": db}).out
    assert "kems-ref game decide N --entry 3" in text
    assert game("score")["waiting"] == [3]


@pytest.mark.slow
def test_redo_right_after_an_undo_brings_the_entry_back_as_an_entry_of_its_own(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")
    game("undo")
    redone = game("redo")
    assert redone["kind"] == "undo" and redone["refers"] == 2 and redone["restores"] == 1
    assert totals(redone["score"]) == {"Tom+Léa": 1, "Ana+Ben": 0}
    game("redo", code=2)  # nothing left to redo
    again = game("undo")  # the call is cancelled again
    assert again["refers"] == 1 and totals(again["score"]) == {"Tom+Léa": 0, "Ana+Ben": 0}
    game("point", "Ana", "1")
    game("redo", code=2)  # a new entry since the undo: a redo would put the sheet out of order
    items = history(game)
    assert [(e["n"], e["kind"], e["refers"], e["redo"]) for e in items] == [
        (1, "call", None, False), (2, "undo", 1, False), (3, "undo", 2, True), (4, "undo", 1, False),
        (5, "point", None, False)]
    assert [e["totals"] for e in items] == [{"Tom+Léa": 1, "Ana+Ben": 0}, {"Tom+Léa": 0, "Ana+Ben": 0},
                                            {"Tom+Léa": 1, "Ana+Ben": 0}, {"Tom+Léa": 0, "Ana+Ben": 0},
                                            {"Tom+Léa": 0, "Ana+Ben": 1}]


@pytest.mark.slow
def test_an_undo_whose_entry_was_erased_by_hand_cancels_nothing_and_there_is_nothing_to_redo(game, db):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("point", "Tom", "1")
    game("undo")
    con = sqlite3.connect(db)
    con.execute("UPDATE entries SET refers = NULL WHERE kind = 'undo'")
    con.commit()
    con.close()
    assert totals(game("score")) == {"Tom+Léa": 1, "Ana+Ben": 0}
    assert [e["totals"] for e in history(game)] == [{"Tom+Léa": 1, "Ana+Ben": 0}] * 2  # the history agrees
    assert game("redo", code=2)["error"] == "nothing to redo: a redo follows an undo directly"
    assert totals(game("score")) == {"Tom+Léa": 1, "Ana+Ben": 0}


@pytest.mark.slow
def test_a_whole_evening_two_games_each_rescored_every_total_right(game):
    """A points game under Ducale to its end (a wrong call, an undo and a redo, a disputed call the table
    settles), rescored under Wikipédia and Pagat; then a letters game where letters are a reward, rescored
    under Ducale.  Every total is asserted after each step."""
    # --- game 1: Ducale to 3 points (000:103: the target is agreed before play) ---
    game("new", *TEAMS, "-c", "ducale", "--target", "3", "--name", "soir-1")
    one = game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")  # right: +1 Tom+Léa (000:106)
    assert totals(one["score"]) == {"Tom+Léa": 1, "Ana+Ben": 0}
    two = game("call", "kems", "--by", "Ben", "--hand", "J J J 2")  # wrong: +1 to the other team (000:107)
    assert totals(two["score"]) == {"Tom+Léa": 2, "Ana+Ben": 0}
    assert totals(game("undo")["score"]) == {"Tom+Léa": 1, "Ana+Ben": 0}
    assert totals(game("redo")["score"]) == {"Tom+Léa": 2, "Ana+Ben": 0}
    # a Kems whose fourth card was lifted: Ducale does not say whether it counts; the table gives it a point
    waiting = game("call", "kems", "--by", "Ana", "--hand", "K K K", "--lifted", "K")
    assert waiting["applied"] is False and totals(waiting["score"]) == {"Tom+Léa": 2, "Ana+Ben": 0}
    assert totals(game("point", "Ana", "1", "--for", "5")["score"]) == {"Tom+Léa": 2, "Ana+Ben": 1}
    # a Contre-Kems on four kings: right, whatever the partner holds (000:108, no Double Kems exception)
    last = game("call", "contre-kems", "--by", "Tom", "--on", "Ben", "--hand", "K K K K")
    assert last["changes"] == [{"team": "Tom+Léa", "change": 1, "unit": "point"}]
    assert totals(last["score"]) == {"Tom+Léa": 3, "Ana+Ben": 1} and last["score"]["winner"] == "Tom+Léa"
    # rescored under Wikipédia (10 points, 003:19; a lifted card is held, 003:31; a Contre Kem's on four
    # kings waits for the partner's hand there, 003:25): the table's point is replaced by the ruling
    wiki = game("rescore", "-c", "wikipedia")
    assert totals(wiki["score"]) == {"Tom+Léa": 2, "Ana+Ben": 1} and wiki["score"]["waiting"] == [7]
    assert wiki["score"]["finished"] is False
    # rescored under Pagat (letters, src:59-61): a right Kemps gives the other team a letter, a wrong one
    # the callers, a right Stop Kemps the accused team; no point becomes a letter; the lifted card waits again
    pagat = game("rescore", "-c", "pagat")
    assert {t["team"]: t["letters_count"] for t in pagat["score"]["teams"]} == {"Tom+Léa": 0, "Ana+Ben": 3}
    assert pagat["score"]["waiting"] == [5]
    # --- game 2: letters earned, the first to complete KEMS wins ---
    game("new", *TEAMS, "-c", REWARD, "--name", "soir-2")
    game("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")  # a letter earned by Tom+Léa
    game("call", "contre-kems", "--by", "Ana", "--hand", "7 7 K K")  # wrong: a letter to the accused team
    game("call", "double-kems", "--by", "Ben", "--hand", "9 9 9 9", "--partner-hand", "A A A A")  # two letters
    score = game("score")
    assert totals(score) == {"Tom+Léa": "K E _ _", "Ana+Ben": "K E _ _"} and score["leader"] is None
    end = game("call", "kems", "--by", "Tom", "--hand", "5 5 5 5")
    end = game("call", "kems", "--by", "Tom", "--hand", "6 6 6 6")
    assert totals(end["score"]) == {"Tom+Léa": "K E M S", "Ana+Ben": "K E _ _"}
    assert end["score"]["winner"] == "Tom+Léa" and end["score"]["finished"] is True
    # rescored under Ducale, which leaves the target to the table: a letters game has no number to carry over
    refused = game("rescore", "-c", "ducale", code=2)
    assert refused["error"].endswith("give game rescore --target N")
    ducale = game("rescore", "-c", "ducale", "--target", "5")
    # 000:106-108: a right Kems +1 the callers; a wrong Contre-Kems +1 the accused; a Double Kems +2
    assert totals(ducale["score"]) == {"Tom+Léa": 4, "Ana+Ben": 2} and ducale["score"]["finished"] is False


@pytest.mark.slow
def test_a_call_on_the_sheet_names_the_teams_behind_the_rulings_roles(run, db):
    env = {"KEMS_REF_DB": db}
    run("game", "new", "--team", "Inès+Karim", "--team", "Camille+Hugo", "-c", "ducale", "--target", "5", env=env)
    out = run("game", "contre", "Inès", "Hugo", "--hand", "7 7 K K", env=env).out
    assert "Inès (Inès+Karim, the calling team) accuses Hugo (Camille+Hugo, the accused team)." in out
    assert "applied: Camille+Hugo +1 point." in out
    out = run("game", "contre", "Karim", "--hand", "7 7 K K", "--lang", "fr", env=env).out
    assert "Karim (Inès+Karim, l'équipe qui annonce) accuse Camille+Hugo (l'équipe accusée)." in out


@pytest.mark.slow
def test_a_game_under_a_house_file_reads_it_from_any_folder_and_survives_its_move(run, tmp_path):
    import shutil

    folder = tmp_path / "maison"
    folder.mkdir()
    house = folder / "maison.yaml"
    shutil.copy(Path(__file__).parent / "data" / "maison.yaml", house)
    db = str(tmp_path / "g.sqlite3")
    new = subprocess.run([sys.executable, "-m", "kems_ref", "game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben",
                          "-c", "./maison.yaml", "--target", "5", "--db", db, "--json"],
                         cwd=folder, capture_output=True, text=True, env=ENV, timeout=60)
    assert new.returncode == 0, new.stderr
    assert json.loads(new.stdout)["convention"] == str(house)  # recorded by its absolute path
    call = run("game", "call", "double-kems", "--by", "Tom", "--hand", "Q Q Q Q", "--partner-hand", "K K K K",
               "--db", db, "--json")  # from another folder
    assert call.code == 0 and call.json()["changes"] == [{"team": "Tom+Léa", "change": 3, "unit": "point"}]
    run("game", "new", "--team", "Zoé+Max", "--team", "Inès+Karim", "-c", "pagat", "--db", db)
    house.rename(folder / "ailleurs.yaml")  # the file moves: the other games still list
    listed = run("game", "list", "--db", db, "--lang", "en")
    assert listed.code == 0 and f"{house} (cannot be read now)" in listed.out and "Pagat" in listed.out
    # that game's calls stop, with the cause; its score still reads; the other game goes on
    refused = run("game", "kems", "Tom", "--hand", "Q Q Q Q", "--game", "game-1", "--db", db, "--lang", "en")
    assert refused.code == 2 and refused.err.strip().endswith(
        f"game game-1 plays under {house}, which cannot be read now (no such file): put the file back where it "
        "was to record its calls (its score and history still read)")
    score = run("game", "score", "--game", "game-1", "--db", db, "--json").json()
    assert score["convention_file"] == "unreadable" and score["teams"][0]["points"] == 3
    assert run("game", "kems", "Zoé", "--hand", "Q Q Q Q", "--game", "game-2", "--db", db).code == 0


@pytest.mark.slow
def test_a_game_says_when_its_house_file_was_edited_since_the_start(run, tmp_path):
    import shutil

    house = tmp_path / "maison.yaml"
    shutil.copy(Path(__file__).parent / "data" / "maison.yaml", house)
    db = str(tmp_path / "g.sqlite3")
    assert run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", str(house), "--target", "5",
               "--db", db).code == 0
    assert run("game", "score", "--db", db, "--json").json()["convention_file"] == "unchanged"
    first = run("game", "kems", "Tom", "--hand", "Q Q Q Q", "--db", db, "--lang", "en").out
    assert "(file edited since the game began)" not in first
    house.write_text(house.read_text(encoding="utf-8") + "# the table changed a rule\n", encoding="utf-8")
    after = run("game", "kems", "Tom", "--hand", "Q Q Q Q", "--db", db, "--lang", "en").out
    assert after.splitlines()[0].endswith("(file edited since the game began)")
    assert run("game", "score", "--db", db, "--json").json()["convention_file"] == "edited"
    shipped = run("game", "new", "--team", "Zoé+Max", "--team", "Inès+Karim", "-c", "pagat", "--db", db, "--json")
    assert run("game", "score", "--db", db, "--json").json()["convention_file"] is None and shipped.code == 0


@pytest.mark.slow
def test_a_long_history_shows_its_last_200_lines_on_a_terminal_and_pages_on_request(run, db, game):
    from kems_ref.game import play
    from kems_ref.game.store import Store

    game("new", *TEAMS, "-c", "ducale", "--target", "100000")
    with Store(Path(db)) as store:
        current = store.game(None)
        for i in range(1, 206):
            play.point(store, current, "Tom" if i % 2 else "Ana", 1)
        play.undo(store, current)  # line 206 takes line 205 (Tom +1) back
    env = {"KEMS_REF_DB": db, "COLUMNS": "200"}
    shown = run("game", "history", "--lang", "en", env=env).out
    assert "Lines 1–6 of 206 not shown: --from N or --all shows them." in shown
    numbers = [int(line.split()[0]) for line in shown.splitlines() if line.strip()[:1].isdigit()]
    assert numbers == list(range(7, 207))
    last = run("game", "history", "--last", "2", "--json", env=env).json()
    assert [(e["n"], e["kind"], e["totals"]) for e in last] == [
        (205, "point", {"Tom+Léa": 103, "Ana+Ben": 102}), (206, "undo", {"Tom+Léa": 102, "Ana+Ben": 102})]
    since = run("game", "history", "--from", "204", "--json", env=env).json()
    assert [e["n"] for e in since] == [204, 205, 206] and since[2]["refers"] == 205 and since[1]["cancelled"]
    every = run("game", "history", "--json", env=env).json()  # JSON: every line unless asked otherwise
    assert [e["n"] for e in every] == list(range(1, 207)) and every[-1]["totals"] == last[-1]["totals"]
    assert "not shown" not in run("game", "history", "--all", "--lang", "en", env=env).out
    both = run("game", "history", "--last", "2", "--from", "3", "--lang", "en", env=env)
    assert both.code == 2 and both.err.strip().endswith("give one of --last, --from and --all")


@pytest.mark.slow
def test_the_streamed_history_json_is_the_same_text_as_one_json_list(run, db, game):
    game("new", *TEAMS, "-c", "ducale", "--target", "9")
    game("kems", "Léa", "--hand", "Q Q Q Q")
    game("point", "Ana", "2")
    env = {"KEMS_REF_DB": db}
    streamed = run("game", "history", "--json", env=env).out
    assert streamed == json.dumps(json.loads(streamed), ensure_ascii=False, indent=2) + "\n"
    empty = run("game", "new", *TEAMS, "-c", "ducale", "--target", "9", "--name", "vide", env=env)
    assert empty.code == 0 and run("game", "history", "--json", env=env).out == "[]\n"


# --- what a slip would change on the sheet, each pinned ---------------------------------------------

@pytest.mark.slow
def test_a_double_contre_kems_accuses_the_other_team_or_the_player_named(run, db, game):
    """Under Jouer au Kems (which names the call without its rule) the call waits for the table; with two
    teams a Double Contre-Kems without an accused accuses the other team, as a Contre-Kems does."""
    env = {"KEMS_REF_DB": db}
    game("new", *TEAMS, "-c", "jouer-au-kems", "--target", "5")
    short = run("game", "double-contre-kems", "Ana", "--lang", "en", env=env)
    assert short.code == 0, short.err
    assert "Ana (Ana+Ben, the calling team) accuses Tom+Léa (the accused team)." in short.out.splitlines()[1]
    named = run("game", "double-contre-kems", "Ana", "Léa", "--lang", "fr", env=env)
    assert named.code == 0, named.err
    assert "Ana (Ana+Ben, l'équipe qui annonce) accuse Léa (Tom+Léa, l'équipe accusée)." in named.out
    late = game("call", "double-contre-kems", "--by", "Ben", "--on", "Tom", "--after-kems")
    assert late["applied"] is False and late["ruling"]["verdict"] == "unspecified"
    assert [(e["event"], e["by"], e["on"], e["holders"]) for e in history(game)] == [
        ("double-contre-kems", "Ana", "Tom+Léa", {"hand": None, "partner_hand": None}),
        ("double-contre-kems", "Ana", "Léa", {"hand": "Léa", "partner_hand": "Tom"}),
        ("double-contre-kems", "Ben", "Tom", {"hand": "Tom", "partner_hand": "Léa"})]
    assert history(game)[2]["situation"] == {"after_kems": True, "players": 4}


@pytest.mark.slow
def test_an_exported_cell_a_spreadsheet_would_run_as_a_formula_is_quoted(run, game, db):
    """A team or a player named "=SUM(A1)", "@cmd" or "-Ana" is text in the CSV, never a formula."""
    game("new", "--team", "=SUM(A1)+@cmd", "--team", "-Ana+Ben", "-c", "ducale", "--target", "5")
    game("call", "kems", "--by", "@cmd", "--square")
    game("point", "-Ana", "-2")
    rows = list(csv.reader(io.StringIO(run("game", "export", "--format", "csv", "--lang", "en",
                                           env={"KEMS_REF_DB": db}).out)))
    assert [row[2:6] for row in rows[1:]] == [
        ["Kems by @cmd [the caller's partner holds a square]", "CALL UPHELD", "'=SUM(A1)+@cmd +1 point",
         "'=SUM(A1)+@cmd 1 · -Ana+Ben 0"],
        ["plain entry (-Ana)", "", "'-Ana+Ben -2 points", "'=SUM(A1)+@cmd 1 · -Ana+Ben -2"]]


@pytest.mark.slow
def test_undoing_the_tables_decision_cancels_the_decision_and_the_call_waits_again(run, game, db):
    """Under Ducale a Contre-Kems without the cards waits; the table decides it was right (Ana and Ben
    +1), then undoes that decision: the undo cancels the decision, nothing is restored, the call waits."""
    env = {"KEMS_REF_DB": db}
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game("call", "contre-kems", "--by", "Ana", "--on", "Léa")
    decided = game("decide", "1", "--entry", "1")
    assert decided["changes"] == [{"team": "Ana+Ben", "change": 1, "unit": "point"}]
    undone = run("game", "undo", "--lang", "en", env=env)
    assert undone.out.splitlines() == ["Entry 3 of game-1: entry 2 is cancelled.",
                                       "Tom+Léa 0 · Ana+Ben 0 — Nobody leads."]
    game("redo")
    undone = run("game", "undo", "--lang", "fr", "--json", env=env).json()
    assert (undone["refers"], undone["restores"], undone["score"]["waiting"]) == (2, None, [1])
    assert run("game", "redo", "--lang", "fr", env=env).out.splitlines()[0] == (
        "Ligne 6 de game-1 : l'annulation 5 est annulée ; la ligne 2 compte à nouveau.")
    undone = run("game", "undo", "--lang", "fr", env=env).out.splitlines()[0]
    assert undone == "Ligne 7 de game-1 : la ligne 2 est annulée."
    given = game("point", "Ana", "1", "--for", "1")  # the table gives the call a score of its own
    assert given["refers"] == 1
    undone = run("game", "undo", "--lang", "en", env=env).out.splitlines()[0]
    assert undone == "Entry 9 of game-1: entry 8 is cancelled."


@pytest.mark.slow
def test_a_call_of_the_conventions_own_accuses_the_player_on_names_never_the_callers_partner(run, game, db):
    """Kent's Broken accuses a team (tests/data/variants/kent.yaml): --on names its accused as a
    Contre-Kems's does, and a player of the caller's own team is refused as there."""
    kent = str(Path(__file__).parent / "data" / "variants" / "kent.yaml")
    game("new", *TEAMS, "-c", kent)
    refused = game("call", "broken", "--by", "Tom", "--on", "Léa", "--hand", "Q Q Q Q", code=2)
    assert refused["error"] == "Tom and Léa are on the same team"
    refused = game("call", "broken", "--by", "Tom", "--on", "Nobody", "--hand", "Q Q Q Q", code=2)
    assert refused["error"].startswith("unknown player or team 'Nobody'")
    assert history(game) == []
    called = game("call", "broken", "--by", "Ana", "--on", "Léa", "--hand", "Q Q Q J", "--partner-hand", "7 8 9 10")
    assert called["changes"] == [{"team": "Tom+Léa", "change": 1, "unit": "game"}]
    assert [(e["by"], e["on"], e["holders"]) for e in history(game)] == [
        ("Ana", "Léa", {"hand": "Léa", "partner_hand": "Tom"})]


def test_a_call_entered_in_french_and_settled_in_english_reads_in_english(run, game, db):
    """The sheet keeps a ruling as data and words it for whoever reads it: a Contre-Kems entered by a
    French phone (it waits for whether Tom held a square) settled from an English terminal is explained
    in English, under its English header, and the French terminal reads the same entry in French."""
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    entered = game("call", "contre-kems", "--by", "Ana", "--on", "Tom", lang="fr")
    assert entered["ruling"]["verdict"] == "depends" and "Le joueur accusé" in entered["ruling"]["explanation"]
    decided = run("game", "decide", "square=no", "--lang", "en", env={"KEMS_REF_DB": db})
    assert decided.code == 0, decided.err
    assert decided.out.startswith("CALL REJECTED  — Contre-Kems, Ducale\n  The accused player holds no square")
    assert "(the table's choice)" in decided.out and "Le joueur" not in decided.out
    again = run("game", "show", "--lang", "fr", env={"KEMS_REF_DB": db})
    assert "Tom+Léa +1 point" in again.out and "the accused" not in again.out.lower()


@pytest.mark.slow
def test_a_target_typed_as_a_superscript_at_the_prompt_is_asked_again_not_an_error(tmp_path):
    """"²" is a digit to isdigit() and no number to int(): the prompt says what it takes and asks again."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
           "PYTHONWARNINGS": "ignore", "KEMS_REF_LANG": "en"}
    child = pexpect.spawn(sys.executable, ["-m", "kems_ref", "game", "new", "--team", "A+B", "--team", "C+D",
                                           "-c", "ducale", "--db", str(tmp_path / "g.db")],
                          env=env, encoding="utf-8", timeout=30, dimensions=(40, 100))
    child.expect("how many points do you play to")
    child.send("²\r")
    child.expect("a whole number above 0")
    child.send("\x15" + "7\r")  # the line cleared, then a number
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "error" not in (child.before or "")
    score = subprocess.run([sys.executable, "-m", "kems_ref", "game", "score", "--json", "--db",
                            str(tmp_path / "g.db")], capture_output=True, text=True, timeout=60)
    assert json.loads(score.stdout)["target"] == 7


@pytest.mark.slow
def test_a_history_of_3000_lines_is_printed_whole_table_after_table_to_its_last_line(run, db):
    """3,000 entries written through the library in one transaction: `--all` prints every line, a
    table every 100 lines with its headings, each line's citations under its table on a narrow
    terminal, and the last lines exactly as for a short game."""
    import dataclasses
    import re

    from kems_ref.game import play
    from kems_ref.game.store import Store

    with Store(Path(db)) as store:
        sheet = play.new_game(store, ["Tom+Léa", "Ana+Ben"], "ducale", 100_000, None)
        play.call(store, sheet, "kems", {"hand": "K K K K"}, "Léa", None, None)
        play.call(store, sheet, "contre-kems", {"hand": "7 7 K K"}, "Ana", "Tom", None)
        play.point(store, sheet, "Tom", 1)
        first = store.entries(sheet)
        with store.writing():
            for n in range(4, 3001):
                store.add_entry(sheet, dataclasses.replace(first[(n - 1) % 3], n=0, at="2026-12-01T21:30:00"))
    narrow = run("game", "history", "--all", "--lang", "en", env={"KEMS_REF_DB": db, "COLUMNS": "100"}).out
    lines = narrow.splitlines()
    assert lines[0].rstrip() == "History of game-1 — Ducale" and "not shown" not in narrow
    assert sum(line.startswith(" # ") and "┃ Time " in line for line in lines) == 30  # a table every 100 lines
    numbers = [int(found.group(1)) for found in map(re.compile(r" (\d+) +│").match, lines) if found]
    assert numbers == list(range(1, 3001))
    last_row = lines.index(" 3000 │ 2026-12-01 21:30 │ plain entry (Tom) │               │ Tom+Léa +1 point │ "
                           "Tom+Léa 3000 ·    ")
    assert lines[last_row - 3:last_row + 3] == [
        " 2999 │ 2026-12-01 21:30 │ Contre-Kems by    │ CALL REJECTED │ Tom+Léa +1 point │ Tom+Léa 2999 ·    ",
        "      │                  │ Ana → Tom (Tom: 7 │               │                  │ Ana+Ben 0         ",
        "      │                  │ 7 K K)            │               │                  │                   ",
        " 3000 │ 2026-12-01 21:30 │ plain entry (Tom) │               │ Tom+Léa +1 point │ Tom+Léa 3000 ·    ",
        "      │                  │                   │               │                  │ Ana+Ben 0         ",
        "Citations:"]
    assert lines[-5:] == [
        "  2999. Notice Ducale, via Regles.com, réf. [1]: Repères utiles › Carré ; Fiche technique › But ; ",
        "Comment jouer, après l'étape 6 (hand.square); Contre-Kems : signification et règle exacte ",
        "(call.contre_kems.target); Score et victoire, ligne Contre-Kems faux ; Trois situations concrètes ",
        "(call.contre_kems.proof); Score et victoire, tableau du score Ducale (call.contre_kems.wrong); ",
        "Contre-Kems : signification et règle exacte ; Déroulement, étape 6 (hand.end)"]
    wide = run("game", "history", "--all", "--lang", "en", env={"KEMS_REF_DB": db, "COLUMNS": "160"}).out
    assert wide.splitlines()[-1].rstrip() == (" 3000 │ 2026-12-01 21:30 │ plain entry (Tom)                 │       "
                                              "        │ Tom+Léa +1 point │ Tom+Léa 3000 · Ana+Ben 0 │")
    assert "Citations:" not in wide
