"""Player counts a file states are the file's to say: a published Kemps for 2, 4, 6 or 8 players (Joe
Faber's blog), one for "at least four, an even number only above six" (Instructables: five may play),
written as convention files under tests/data/variants/ with no code of their own.  Every shipped
convention still refuses an odd count or 2 in one line, exit 2, as before any convention is read."""

import os

import pytest

from kems_ref.errors import KemsError
from kems_ref.referee import api

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")
JOE, INSTRUCTABLES = (os.path.join(HERE, f"{name}.yaml") for name in ("joefaber-kemps", "instructables-kemp"))
ODD_OR_TWO = {"2": "--players 2: with a single team there is no opponent (Kems needs at least 4)",
              "5": "--players 5: Kems is played in teams of two, so an even number from 4 up"}


def _house(tmp_path, count, name="count.yaml"):
    path = tmp_path / name
    path.write_text(f"""id: count-test
name: A count of our own
publication: {{title: "Our table", cite_as: "House rules"}}
extends: {JOE}
rules:
  players.count:
    status: stated
    value: {count}
    text: {{fr: "Notre compte.", en: "Our count."}}
    citation: {{topic: {{fr: "la table", en: "the table"}}}}
""", encoding="utf-8")
    return str(path)


# --- the shipped conventions: unchanged --------------------------------------------------------------

@pytest.mark.parametrize("players", ["2", "5"])
@pytest.mark.parametrize("where", [["-c", "ducale"], ["-c", "pagat"], ["--all"]])
def test_no_shipped_convention_allows_an_odd_count_or_two_the_same_line_exit_2(run, players, where):
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--players", players, *where)
    assert r.code == 2 and r.err.strip() == f"kems-ref: error: {ODD_OR_TWO[players]}"


def test_a_front_end_gets_the_same_refusal_from_a_shipped_convention():
    with pytest.raises(KemsError) as exc:
        api.ruling_of({"event": "kems", "players": 2, "hand": "Q Q Q Q"}, "ducale")
    assert exc.value.message == ODD_OR_TWO["2"]


# --- Joe Faber's KEMPS: 2, 4, 6 or 8 players -------------------------------------------------------

def test_joefaber_a_table_of_two_is_ruled_one_team_and_the_count_is_cited(rule):
    ruling = rule("kems", "--hand", "Q Q Q Q", "--players", "2", convention=JOE)
    assert (ruling["verdict"], ruling["score"]) == ("upheld", [{"team": "callers", "change": 1, "unit": "point"}])
    assert "players.count" in ruling["rule_points"]
    assert [c["section"] for c in ruling["citations"] if c["rule_point"] == "players.count"] == ["heading"]
    assert ruling["explanation"].startswith("Joe Faber KEMPS allows a table of 2 (2/4/6/8 players): the two "
                                            "players are partners, one team, with no opposing team.")


def test_joefaber_at_two_a_counter_call_has_no_opponent_impossible_citing_the_count(rule):
    ruling = rule("contre-kems", "--hand", "Q Q Q 2", "--players", "2", convention=JOE)
    assert (ruling["verdict"], ruling["rule_points"]) == ("impossible", ["players.count"])
    assert ruling["explanation"] == ("Joe Faber KEMPS allows a table of 2 (2/4/6/8 players), but the two are one "
                                     "team: a Counter Kemps has no opponent to accuse there (Joe Faber's blog, "
                                     "« KEMPS » — heading)")


@pytest.mark.parametrize("team", ["other", "others"])
def test_at_two_a_score_for_the_other_team_is_not_settled(rule, tmp_path, team):
    house = tmp_path / "wrong.yaml"
    house.write_text(f"""id: joe-wrong
name: Joe with a wrong Kems
publication: {{title: "Our table", cite_as: "House rules"}}
extends: {JOE}
rules:
  call.kems.wrong:
    status: stated
    value: [{{team: {team}, change: 1, unit: point}}]
    text: {{fr: "Point à l'autre équipe.", en: "A point to the other team."}}
    citation: {{topic: {{fr: "la table", en: "the table"}}}}
""", encoding="utf-8")
    ruling = rule("kems", "--hand", "Q Q Q 2", "--players", "2", convention=str(house))
    assert (ruling["verdict"], ruling["score_settled"], ruling["score"]) == ("rejected", False, [])
    assert "At a table of 2 there is no other team to receive this score: it is not settled." in ruling["explanation"]
    at_four = rule("kems", "--hand", "Q Q Q 2", convention=str(house))
    assert at_four["score"] == [{"team": "others", "change": 1, "unit": "point"}]


def test_joefaber_an_odd_table_is_excluded_by_its_own_count_with_its_citation(rule):
    ruling = rule("kems", "--hand", "Q Q Q Q", "--players", "3", convention=JOE)
    assert ruling["verdict"] == "impossible"
    assert ruling["explanation"] == ("Joe Faber KEMPS is played by 2/4/6/8 players, not 3 (see --players; "
                                     "Joe Faber's blog, « KEMPS » — heading)")


def test_joefaber_a_front_end_rules_a_table_of_two():
    result = api.ruling_of({"event": "kems", "players": 2, "hand": "Q Q Q Q"}, JOE)
    assert (result.ruling.verdict, result.ruling.players) == ("upheld", 2)


# --- Instructables' KEMP: at least four, an even number only above six -------------------------------

def test_instructables_five_may_play_the_count_cited_and_the_odd_player_said(rule):
    ruling = rule("kems", "--hand", "Q Q Q Q", "--players", "5", convention=INSTRUCTABLES)
    assert (ruling["verdict"], ruling["score"]) == ("upheld", [{"team": "callers", "change": 1, "unit": "letter"}])
    assert "players.count" in ruling["rule_points"]
    assert ruling["explanation"].startswith("Instructables KEMP allows a table of 5 (4/5/6/8/10/… players): teams "
                                            "of two leave one player over, and it does not say how that player plays.")


@pytest.mark.parametrize("players", ["3", "7", "9"])
def test_instructables_seven_nine_and_three_are_excluded_by_its_count(rule, players):
    ruling = rule("kems", "--hand", "Q Q Q Q", "--players", players, convention=INSTRUCTABLES)
    assert ruling["verdict"] == "impossible"
    assert ruling["explanation"] == (f"Instructables KEMP is played by 4/5/6/8/10/… players, not {players} "
                                     "(see --players; Instructables, « KEMP » — Step 1: Introduction)")


def test_instructables_six_and_eight_are_ruled_as_before(rule):
    assert rule("kems", "--hand", "Q Q Q Q", "--players", "6", convention=INSTRUCTABLES)["verdict"] == "upheld"
    assert rule("kems", "--hand", "Q♠ Q♠ Q♥ Q♦", "--players", "8", convention=INSTRUCTABLES)["verdict"] == "upheld"


def test_at_five_two_teams_so_the_other_team_is_the_accused_one(rule, tmp_path):
    house = _house(tmp_path, "{min: 4, even_from: 7}")
    ruling = rule("contre-kems", "--hand", "Q Q 2 3", "--partner-hand", "5 6 7 8", "--players", "5",
                  convention=house)
    assert ruling["verdict"] == "rejected"


def test_even_from_is_shown_in_both_languages(run):
    shown = run("conventions", "show", INSTRUCTABLES, "--json").json()["rules"]["players.count"]
    assert shown["value"] == {"min": 4, "even_from": 7}
    assert "players.count = 4 or more (even from 7)" in run("conventions", "show", INSTRUCTABLES).out
    assert "4 ou plus (pair à partir de 7)" in run("conventions", "show", INSTRUCTABLES, "--lang", "fr").out


# --- the format ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("count", ["{min: 4, even_from: 7}", "{min: 4, max: 12, even: true}",
                                   "{min: 4, max: null, even: false, even_from: 9}", "{counts: [2, 4, 6, 8]}"])
def test_a_count_may_be_even_only_from_a_size_on_and_the_old_forms_stay_valid(run, tmp_path, count):
    r = run("conventions", "validate", _house(tmp_path, count))
    assert r.code == 0, r.out


@pytest.mark.parametrize("count, needle", [
    ("{min: 4, even: true, even_from: 7}", "even: true already asks an even count at every size"),
    ("{min: 4, even_from: 4}", "even_from (4) is not above min (4): say even: true"),
    ("{min: 4, max: 6, even_from: 8}", "even_from (8) is above max (6): it would rule out nothing"),
])
def test_an_even_from_that_says_nothing_or_contradicts_is_an_error_with_its_line(run, tmp_path, count, needle):
    r = run("conventions", "validate", _house(tmp_path, count))
    assert r.code == 1 and needle in r.out and ":8:" in r.out, r.out


# --- the score sheet: teams of two, as before -----------------------------------------------------------

def test_the_score_sheet_plays_these_files_with_teams_of_two(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    created = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", JOE, "--json", env=env)
    assert created.code == 0, created.err
    called = run("game", "call", "kems", "--by", "Tom", "--hand", "Q Q Q Q", "--json", env=env).json()
    assert called["ruling"]["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    one_team = run("game", "new", "--team", "Tom+Léa", "-c", JOE, "--name", "solo", env=env)
    assert one_team.code == 2 and "Traceback" not in one_team.err


def test_a_table_of_three_a_file_allows_is_one_player_over_never_the_two_player_reading(rule, tmp_path):
    """A count of 2 to 6 (Mastering Kemps): at three, teams of two leave a player over — the call against him has an
    opponent; "the two players are partners" is said of a table of two only."""
    house = _house(tmp_path, "{min: 2, max: 6}")
    kems = rule("kems", "--square", "--players", "3", convention=house)
    assert kems["explanation"].startswith("A count of our own allows a table of 3 (2–6 players): teams of two leave "
                                          "one player over, and it does not say how that player plays.")
    contre = rule("contre-kems", "--square", "--players", "3", convention=house)  # Joe Faber's: the accused lose one
    assert (contre["verdict"], contre["score"]) == ("upheld", [{"team": "accused", "change": -1, "unit": "point"}])
