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


# --- 2. correct an older line -------------------------------------------------------------------------

def test_an_older_plain_line_is_corrected_and_every_later_total_follows(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "9")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game(POINT, "Ana", "1")
    game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5")
    amended = game("amend", "2", POINT, "Ana+Ben", "2")
    assert (amended["entry"], amended["kind"], amended["decision"], amended["amended"]) == (
        4, "point", {"amends": 2}, {"n": 2, "decisions": [], "relying": []})
    assert totals(amended["score"]) == {"Tom+Léa": 1, "Ana+Ben": 3}
    lines = game("history")
    assert [(h["n"], h["cancelled"], h["amends"], h["totals"]) for h in lines] == [
        (1, False, None, {"Tom+Léa": 1, "Ana+Ben": 0}), (2, True, None, {"Tom+Léa": 1, "Ana+Ben": 1}),
        (3, False, None, {"Tom+Léa": 1, "Ana+Ben": 2}), (4, False, 2, {"Tom+Léa": 1, "Ana+Ben": 3})]
    said = game("amend", "4", POINT, "Ana", "1", text=True)  # an amend corrected in its turn: line 2 stays replaced
    assert said.splitlines() == ["Entry 5 of game-1, applied: Ana+Ben +1 point.",
                                 "It replaces entry 4, which no longer counts.",
                                 "Tom+Léa 1 · Ana+Ben 2 — Leading: Ana+Ben."]


def test_an_older_call_is_corrected_with_the_words_of_a_call_and_ruled_again(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "9")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game(POINT, "Ana", "1")
    # the table remembers: Léa held Q Q Q 5, not four queens — under Ducale a wrong Kems gives the other team a point
    amended = game("amend", "1", "kems", "Tom", "--hand", "Q Q Q 5")
    assert (amended["ruling"]["verdict"], amended["changes"], amended["amended"]["n"]) == (
        "rejected", [{"team": "Ana+Ben", "change": 1, "unit": POINT}], 1)
    assert totals(amended["score"]) == {"Tom+Léa": 0, "Ana+Ben": 2}
    # undoing the amend: the first call counts again
    assert totals(game("undo")["score"]) == {"Tom+Léa": 1, "Ana+Ben": 1}


def test_amending_a_call_the_table_had_decided_says_its_decision_no_longer_counts(game):
    game("new", *TEAMS, "-c", "ducale", "--target", "9")
    game("call", "kems", "--by", "Ben", "--hand", "J J J", "--lifted", "J")  # Ducale is silent: it waits
    game(POINT, "Ben", "1", "--for", "1")
    amended = game("amend", "1", "kems", "Ben", "--hand", "J J J J")
    assert amended["amended"] == {"n": 1, "decisions": [2], "relying": []}
    assert totals(amended["score"]) == {"Tom+Léa": 0, "Ana+Ben": 1}  # the ruling's point, not the table's too
    said = game("amend", "3", "kems", "Ben", "--hand", "J J J", "--lifted", "J", text=True)
    assert "It replaces entry 3, which no longer counts." in said


def test_amending_a_kept_decision_says_the_calls_applied_with_it_wait_for_the_table_again(game):
    game("new", *TEAMS, "-c", "bicycle")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game(POINT, "Tom+Léa", "1", "--for", "1", "--keep")
    game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5")
    amended = game("amend", "2", POINT, "Tom+Léa", "2", "--for", "1")
    assert amended["amended"] == {"n": 2, "decisions": [], "relying": [3]}
    assert totals(amended["score"]) == {"Tom+Léa": 2, "Ana+Ben": 0} and amended["score"]["waiting"] == [3]
    said = game("amend", "4", POINT, "Tom+Léa", "1", "--for", "1", "--keep", text=True)
    assert "It replaces entry 4, which no longer counts." in said


def test_an_amend_without_words_or_of_a_line_that_does_not_count_is_refused_and_writes_nothing(game, run, tmp_path):
    game("new", *TEAMS, "-c", "ducale", "--target", "9")
    game(POINT, "Ana", "1")
    game("undo")
    for words in (["amend", "1", POINT, "Tom", "1"], ["amend", "2", POINT, "Tom", "1"], ["amend", "9", POINT, "Tom"],
                  ["amend", "1"], ["amend", "1", "undo"]):
        game(*words, code=2)
    assert len(game("history")) == 2


def test_the_api_and_the_phone_correct_a_line_as_game_amend_does(tmp_path):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from kems_ref.web.app import create_app
    from kems_ref.web.base import Settings

    base = "http://127.0.0.1:8765"
    phone = TestClient(create_app(Settings(db=tmp_path / "sheet.sqlite3", lang="en")), base_url=base)
    tap = {"hx-request": "true", "origin": base}
    phone.post("/api/games", json={"teams": ["Léa+Tom", "Inès+Karim"], "convention": "ducale", "target": 9})
    phone.post("/api/games/current/points", json={"team": "Léa+Tom", "n": 1})
    api = phone.post("/api/games/current/points", json={"team": "Léa+Tom", "n": 3, "amends": 1}).json()
    assert (api["entry"], api["amended"]["n"]) == (2, 1)
    # on the phone: the history offers to correct each line that counts
    page = phone.get("/history").text
    assert page.count('<summary>correct this line</summary>') == 1
    phone.post("/point", data={"amends": "2", "n": "2", "team": "Inès+Karim"}, headers=tap)
    phone.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=tap)
    assert '<a class="button" href="/call/kems?amends=4">' in phone.get("/history").text
    called = phone.get("/call/kems?amends=4&by=L%C3%A9a").text
    assert "Correcting line 4: this call replaces it." in called and 'name="amends" value="4"' in called
    phone.post("/call/kems", data={"by": "Léa", "square": "no", "amends": "4"}, headers=tap)
    score = {t["team"]: t["points"] for t in phone.get("/api/games/current/score").json()["teams"]}
    assert score == {"Léa+Tom": 0, "Inès+Karim": 3}


# --- 3. the table's precedents become its house file --------------------------------------------------

def test_a_house_file_from_a_game_states_the_kept_point_as_the_table_decided_citing_the_table(game, run, tmp_path):
    game("new", *TEAMS, "-c", "bicycle", "--name", "mardi")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game(POINT, "Tom+Léa", "1", "--for", "1", "--keep")
    env = {"KEMS_REF_DB": str(tmp_path / "games.sqlite3")}
    house = tmp_path / "mardi.yaml"
    written = run("conventions", "init", "--from-game", "mardi", "-o", str(house), "--json", env=env)
    assert written.code == 0 and written.json() == {"written": str(house)}
    assert run("conventions", "validate", str(house)).code == 0  # the same loader as every house file
    ruled = run("rule", "kems", "--hand", "Q Q Q Q", "-c", str(house), "--json").json()
    assert (ruled["verdict"], ruled["score_settled"], ruled["score"]) == (
        "upheld", True, [{"team": "callers", "change": 1, "unit": POINT}])
    cited = [c for c in ruled["citations"] if c["rule_point"] == "call.kems.right"]
    assert [(c["source"], c["section"]) for c in cited] == [("The table's decision, game mardi",
                                                            f"game mardi, line 2 ({game('history')[1]['at'][:10]})")]
    # a game with no kept decision writes nothing
    game("new", *TEAMS, "-c", "bicycle", "--name", "jeudi")
    refused = run("conventions", "init", "--from-game", "jeudi", "-o", str(tmp_path / "jeudi.yaml"), env=env)
    assert refused.code == 2 and "kept no decision" in refused.err and not (tmp_path / "jeudi.yaml").exists()


def test_game_precedents_lists_the_kept_decisions_of_every_game_and_says_which_a_later_one_replaced(game):
    game("new", *TEAMS, "-c", "bicycle", "--name", "mardi")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game(POINT, "Tom+Léa", "1", "--for", "1", "--keep")
    game("new", *TEAMS, "-c", "nathan", "--target", "5", "--name", "jeudi")
    game("call", "kems", "--by", "Ana", "--hand", "K K K K")
    game(POINT, "Ana+Ben", "2", "--for", "1", "--keep")
    found = game("precedents")
    assert [(p["game"], p["line"], p["points"], p["value"], p["superseded"]) for p in found] == [
        ("mardi", 2, ["call.kems.right"], [{"team": "callers", "change": 1, "unit": POINT}], False),
        ("jeudi", 2, ["call.kems.right"], [{"team": "callers", "change": 2, "unit": POINT}], False)]
    said = game("precedents", text=True)
    assert "mardi · line 2 (" in said and "Score for a right Kems? → +2 pt (callers)" in said


def test_a_kept_decision_edited_by_hand_into_nonsense_keeps_nothing_and_breaks_nothing(game, run, tmp_path):
    import json
    import sqlite3

    game("new", *TEAMS, "-c", "bicycle")
    game("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")
    game(POINT, "Tom+Léa", "1", "--for", "1", "--keep")
    game("call", "kems", "--by", "Ana", "--hand", "5 5 5 5")
    con = sqlite3.connect(tmp_path / "games.sqlite3")
    with con:
        con.execute("UPDATE entries SET decision = ? WHERE n = 2", (json.dumps({"keep": {"call": "x"}}),))
        con.execute("UPDATE entries SET decision = ? WHERE n = 3", (json.dumps({"kept": ["a", None]}),))
    con.close()
    assert totals(game("score")) == {"Tom+Léa": 1, "Ana+Ben": 1}  # the lines still count as written
    assert game("precedents") == []  # but no decision is kept any more
    later = game("call", "kems", "--by", "Léa", "--hand", "7 7 7 7")
    assert (later["applied"], later["score"]["waiting"]) == (False, [4])
