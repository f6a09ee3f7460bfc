"""The table's decisions (issue #33): what a table settles once stands for the evening (``--keep``),
a rescore says where it used it and where another convention rules instead, and at a table of three
teams a waiting call's score may reach two of them."""

import pytest

TEAMS = ["--team", "Tom+Léa", "--team", "Ana+Ben"]
POINT = "point"


@pytest.fixture
def game(run, tmp_path):
    """``game(*args)``: a game command on this test's database, its JSON (``text=True``: its words)."""
    env = {"KEMS_REF_DB": str(tmp_path / "games.sqlite3")}

    def _game(*args, code=0, lang="en", text=False):
        r = run("game", *args, *([] if text else ["--json"]), "--lang", lang, env=env)
        assert r.code == code, r.err + r.out
        return r.out if text else (r.json() if r.out.strip() else None)

    return _game


def totals(score):
    return {t["team"]: t["points"] for t in score["teams"]}


def one(team, n=1):
    return [{"team": team, "change": n, "unit": POINT}]


def test_a_bicycle_evening_the_table_scores_a_right_kems_once_and_every_later_right_kems_is_applied_with_it(game):
    game("new", *TEAMS, "-c", "bicycle")
    # Bicycle gives no score for a right Kems: the first one waits for the table
    first = game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    assert (first["applied"], first["ruling"]["verdict"], first["score"]["waiting"]) == (False, "upheld", [1])
    kept = game("point", "Tom+Léa", "1", "--for", "1", "--keep")
    assert kept["decision"]["keep"] == {"call": 1, "key": {"event": "kems", "verdict": "upheld",
                                                           "open": ["call.kems.right"]},
                                        "changes": [{"role": "callers", "change": 1, "unit": POINT}]}
    # every later right Kems is applied with the table's decision of line 2, to its own callers
    later = game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5")
    assert (later["applied"], later["changes"], later["decision"]) == (True, one("Ana+Ben"),
                                                                       {"by": "table", "kept": [2]})
    again = game("call", "kems", "--by", "Léa", "--hand", "7 7 7 7")
    assert again["changes"] == one("Tom+Léa") and totals(again["score"]) == {"Tom+Léa": 2, "Ana+Ben": 1}
    # a wrong Kems leaves another point open: it still waits for the table
    wrong = game("call", "kems", "--by", "Ben", "--hand", "5 5 5 K")
    assert (wrong["applied"], wrong["score"]["waiting"]) == (False, [5])
    lines = {item["n"]: item for item in game("history")}
    assert [lines[n]["decision"] for n in (2, 3, 4)] == [kept["decision"], later["decision"], again["decision"]]
    said = " ".join(game("export", "--format", "markdown", text=True).split())
    assert said.count("(the table's decision, line 2)") == 2 and "kept for the rest of the game" in said


def test_in_french_a_line_applied_by_a_kept_decision_names_the_line_of_the_decision(game):
    game("new", *TEAMS, "-c", "bicycle")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    assert "gardée pour le reste de la partie" in game("point", "Tom+Léa", "1", "--for", "1", "--keep", text=True,
                                                        lang="fr")
    said = game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5", text=True, lang="fr")
    assert "appliquée : Ana+Ben +1 point. (décision de la table, ligne 2)" in said


def test_without_keep_the_table_is_asked_again_at_every_right_kems_under_bicycle(game):
    game("new", *TEAMS, "-c", "bicycle")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game("point", "Tom+Léa", "1", "--for", "1")
    later = game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5")
    assert (later["applied"], later["score"]["waiting"]) == (False, [3])


def test_undoing_the_deciding_line_undoes_the_kept_decision_from_then_on_and_a_redo_keeps_it_again(game):
    game("new", *TEAMS, "-c", "bicycle")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game("point", "Tom+Léa", "1", "--for", "1", "--keep")
    game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5")
    assert game("undo")["refers"] == 3  # the call applied with it
    undone = game("undo")  # the decision itself
    assert (undone["refers"], undone["score"]["waiting"]) == (2, [1])
    redone = game("redo")  # line 2 counts again, kept again
    assert (redone["restores"], redone["score"]["waiting"]) == (2, [])
    assert game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5")["decision"] == {"by": "table", "kept": [2]}
    game("undo")
    game("undo")  # the decision, once more: from then on a right Kems waits for the table again
    later = game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5")
    assert (later["applied"], later["score"]["waiting"]) == (False, [1, 10])


def test_a_rescore_says_which_kept_decision_it_used_and_where_the_other_convention_rules_instead(game):
    game("new", *TEAMS, "-c", "bicycle")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game("point", "Tom+Léa", "1", "--for", "1", "--keep")
    game("call", "kems", "--by", "Ana", "--hand", "K K K K")
    # Nathan is as silent as Bicycle on a right Kems's score: the kept decision applies there too
    nathan = game("rescore", "-c", "nathan")
    assert [(h["n"], h["applied_by"], h["kept"], h["overruled"]) for h in nathan["hands"]] == [
        (1, "table", None, None), (3, "kept", [2], None)]
    assert "(the table's decision, line 2)" in game("rescore", "-c", "nathan", text=True)
    # Ducale gives a right Kems its point: its ruling applies, the table's decision is not used
    ducale = game("rescore", "-c", "ducale")
    assert [(h["n"], h["applied_by"], h["kept"], h["overruled"]) for h in ducale["hands"]] == [
        (1, "ruling", None, None), (3, "ruling", None, [2])]
    assert "Ducale rules it: the table's decision of line 2 not used" in game("rescore", "-c", "ducale", text=True)


def test_keep_is_refused_where_there_is_no_open_point_to_keep(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "5")
    game(POINT, "Tom+Léa", "1", "--keep", code=2)  # no call named
    # Ducale does not say whether a lifted card counts: a fact of that hand, not a point to keep
    game("call", "kems", "--by", "Ben", "--hand", "J J J", "--lifted", "J")
    game(POINT, "Ana+Ben", "1", "--for", "1", "--keep", code=2)
    assert game("score")["waiting"] == [1]  # nothing written


def test_at_a_table_of_three_teams_a_waiting_calls_score_may_reach_two_teams(game):
    game("new", "--team", "A+B", "--team", "C+D", "--team", "E+F", "-c", "bicycle")
    game("call", "contre-kems", "--by", "A", "--on", "C", "--hand", "Q Q Q Q")
    first = game(POINT, "C+D", "-1", "--for", "1")
    second = game(POINT, "E+F", "1", "--for", "1")
    assert (second["kind"], second["refers"]) == ("decision", 1)
    assert totals(second["score"]) == {"A+B": 0, "C+D": -1, "E+F": 1} and first["score"]["waiting"] == []
    game(POINT, "E+F", "1", "--for", "1", code=2)  # the same team twice: refused


def test_at_a_table_of_two_teams_a_settled_call_is_not_given_again(game):
    game("new", *TEAMS, "-c", "bicycle")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game(POINT, "Tom+Léa", "1", "--for", "1")
    game(POINT, "Ana+Ben", "1", "--for", "1", code=2)
