"""What the format could not say (#34 §1), said: each fact a published description of Kems states,
written in a variant file under tests/data/variants/ with no code of its own, and ruled right by
`rule`, shown by `conventions show` and `compare`, or kept by the score sheet."""

import os
import re

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")
T56, NUMBERED = (os.path.join(HERE, f"{name}.yaml") for name in ("table-56", "table-numbered"))


def shown(run, convention, point):
    return run("conventions", "show", convention, "--json").json()["rules"][point]


def short(run, convention, point):
    rows = run("compare", convention, "--json").json()["rows"]
    return next(r for r in rows if r["rule_point"] == point)["values"][convention.rsplit("/", 1)[-1][:-5]]["short"]


@pytest.mark.slow
@pytest.mark.parametrize("path", [T56, NUMBERED])
def test_every_reach_file_validates(run, path):
    r = run("conventions", "validate", path)
    assert r.code == 0, r.out


# --- a signal that must change after a counter-call, or once caught ------------------------------

def test_a_team_a_contre_kems_was_called_on_must_change_its_signal(run):
    entry = shown(run, T56, "signal.change")
    assert (entry["value"], entry["force"]) == ("after-counter-call", "prescribed")
    assert short(run, T56, "signal.change") == "a new signal after a Contre-Kems on the team"


def test_a_signal_the_opponents_caught_must_be_changed(run):
    entry = shown(run, NUMBERED, "signal.change")
    assert (entry["value"], entry["force"]) == ("after-caught", "prescribed")
    assert short(run, NUMBERED, "signal.change") == "a new signal once the signal is caught"


# --- a tie when the first dealer is drawn ----------------------------------------------------------

def test_players_who_tie_in_the_draw_for_the_first_dealer_draw_again(run):
    assert shown(run, T56, "deal.first_dealer")["value"] == "highest-card-draw"
    tie = shown(run, T56, "deal.first_dealer_tie")
    assert (tie["status"], tie["value"]) == ("stated", "tied-draw-again")
    assert short(run, T56, "deal.first_dealer_tie") == "the tied players draw again"
    assert shown(run, "ducale", "deal.first_dealer_tie")["status"] == "unspecified"


# --- swept cards out of play for the rest of the hand ---------------------------------------------

def test_swept_cards_are_out_of_play_for_the_rest_of_the_hand(run):
    entry = shown(run, T56, "sweep.swept_cards")
    assert (entry["status"], entry["value"]) == ("stated", "out-of-play")
    assert short(run, T56, "sweep.swept_cards") == "out of play for the rest of the hand"


# --- "more decks for larger tables", no player count attached -------------------------------------

def test_more_decks_for_larger_tables_leaves_a_second_copy_of_a_card_possible_and_unsettled(rule, run):
    """"Larger tables use more decks": more than at its smallest table (four, the game's own, where the file states
    no count), which plays one — two hearts of the C are impossible there; at eight they are possible, and how many
    decks that table plays is not settled."""
    ruling = rule("kems", "--hand", "C/hearts C/hearts C C", "--players", "8", convention=T56)
    assert ruling["verdict"] == "upheld"
    assert "players.decks" in ruling["rule_points"] and "players.decks" in ruling["unspecified"]
    assert "Table 56 says larger tables play with more decks, without saying from how many players nor how many " \
           "decks: whether a table of 8 plays with more than one is not settled." in ruling["explanation"]
    four = run("rule", "kems", "--hand", "C/hearts C/hearts C C", "-c", T56)
    assert (four.code, four.err.strip()) == (2, "kems-ref: error: impossible: C/hearts appears 2 times but exists "
                                                "once under Table 56 (Table 56 — the cards)")


def test_more_decks_for_larger_tables_is_not_read_where_one_deck_holds_the_cards(rule):
    ruling = rule("kems", "--hand", "C/hearts C/spades C C", convention=T56)
    assert "players.decks" not in ruling["rule_points"]
    assert "more decks" not in ruling["explanation"]


def test_more_decks_for_larger_tables_is_shown_as_said(run):
    assert shown(run, T56, "players.decks")["value"] == "more-for-larger-tables"
    assert short(run, T56, "players.decks") == \
        "more decks for larger tables (how many, from how many players: unsaid)"


# --- any deck as data: its ranks, suits, copies and size -----------------------------------------

def test_a_56_card_deck_has_a_knight_in_each_suit(rule, run):
    upheld = rule("kems", "--hand", "Knight C C C", convention=T56)
    assert upheld["verdict"] == "upheld" and "(C C C C)" in upheld["explanation"]
    assert "deck.size" in upheld["rule_points"]
    r = run("rule", "kems", "--hand", "C C C C", "-c", T56, "--deck", "52")
    assert r.code == 2 and "Table 56 uses a 56-card deck at 4 players, not 52" in r.err


def test_a_deck_of_numbered_cards_holds_each_number_four_times(rule, run):
    assert rule("kems", "--hand", "13 13 13 13", convention=NUMBERED)["verdict"] == "upheld"
    assert rule("kems", "--hand", "13 13 13 12", convention=NUMBERED)["verdict"] == "rejected"
    five = run("rule", "kems", "--hand", "13 13 13 13 13", "-c", NUMBERED)
    assert five.code == 2 and "5 cards of rank 13, but one deck holds only 4" in five.err
    over = run("rule", "kems", "--hand", "16 13 13 13", "-c", NUMBERED)
    assert over.code == 2 and "unreadable card '16' in the 'numbers' deck" in over.err


def test_a_deck_size_that_is_not_its_ranks_times_suits_times_copies_is_an_error_with_its_line(run, tmp_path):
    path = tmp_path / "bad.yaml"
    with open(NUMBERED, encoding="utf-8") as handle:
        path.write_text(handle.read().replace("cards: 60", "cards: 64"), encoding="utf-8")
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "cards: 64" in text)
    r = run("conventions", "validate", str(path))
    assert r.code == 1
    assert f"bad.yaml:{line}: deck.size says 64 cards of the deck 'numbers', which holds 60 " \
           "(15 ranks × 1 suit(s) × 4 cop(y/ies))" in r.out


def test_a_size_other_than_32_36_52_needs_a_deck_of_the_files_own(run, tmp_path):
    path = tmp_path / "bad.yaml"
    with open(NUMBERED, encoding="utf-8") as handle:
        path.write_text(handle.read().replace("cards: 60, deck: numbers", "cards: 60"), encoding="utf-8")
    r = run("conventions", "validate", str(path))
    assert r.code == 1 and "a 60-card deck is not the French/English deck (32, 36 or 52 cards)" in r.out


def test_deck_56_without_a_convention_that_defines_it_is_refused(run):
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--deck", "56")
    assert r.code == 2 and r.err.strip().endswith("--deck 56: choose 32, 36 or 52, or the size of a deck the "
                                                   "convention defines")


# --- a second name for a call in the same language ------------------------------------------------

def test_a_counter_call_with_two_english_names_is_ruled_by_either(rule):
    for name in ("counter-kems", "stop", "Stop"):
        ruling = rule(name, "--hand", "Q Q J 10", "--partner-hand", "K K J 10", convention=T56)
        assert (ruling["event"], ruling["verdict"]) == ("contre-kems", "rejected")
        assert ruling["score"] == [{"team": "accused", "change": 1, "unit": "point"}]
        assert ruling["call_name"] == "Counter-Kems / Stop"


def test_both_names_are_shown_and_each_language_keeps_its_own(run):
    assert "Contre-Kems = Counter-Kems / Stop" in run("conventions", "show", T56).out
    assert "Contre-Kems = Contre-Kems" in run("conventions", "show", T56, "--lang", "fr").out


def test_ask_reads_the_second_name_of_the_counter_call(run):
    r = run("ask", "-c", T56, "--json", "Ana said stop on Tom, who had Q Q J 10; his partner had K K J 10")
    assert r.code == 0, r.err
    assert (r.json()["event"], r.json()["verdict"]) == ("contre-kems", "rejected")


def test_a_call_with_two_names_in_one_language_is_a_list_in_the_file(run, tmp_path):
    path = tmp_path / "bad.yaml"
    with open(T56, encoding="utf-8") as handle:
        path.write_text(handle.read().replace("[Counter-Kems, Stop]", "[]"), encoding="utf-8")
    r = run("conventions", "validate", str(path))
    assert r.code == 1 and "calls.contre-kems" in r.out


# --- a call that checks something other than a square: naming the other team's secret signal ------

def test_spy_naming_the_accused_teams_own_signal_is_upheld_with_two_points(rule):
    ruling = rule("spy", "--their-signal", convention=NUMBERED)
    assert (ruling["event"], ruling["verdict"]) == ("spy", "upheld")
    assert ruling["score"] == [{"team": "callers", "change": 2, "unit": "point"}]
    assert "The signal the caller named is the accused team's own." in ruling["explanation"]
    assert ruling["rule_points"] == ["deck.size", "call.spy", "signal.change", "call.spy.right", "hand.end"]


def test_spy_naming_a_signal_that_is_not_theirs_gives_the_accused_team_a_point(rule):
    ruling = rule("I spy", "--not-their-signal", convention=NUMBERED)
    assert ruling["verdict"] == "rejected"
    assert ruling["score"] == [{"team": "accused", "change": 1, "unit": "point"}]


def test_spy_without_saying_whose_signal_was_named_depends_on_it_and_no_cards_settle_it(rule):
    ruling = rule("spy", "--hand", "3 3 3 3", convention=NUMBERED)
    assert ruling["verdict"] == "depends"
    assert [need["fact"] for need in ruling["needs"]] == ["their_signal"]


def test_a_signal_named_means_nothing_to_a_call_that_checks_the_square(run):
    r = run("rule", "contre-kems", "-c", "ducale", "--their-signal")
    assert r.code == 2 and "under ducale, contre-kems checks no signal" in r.err


def test_the_call_that_names_a_signal_is_shown_as_such(run):
    assert "call.spy = names the accused team's secret signal" in run("conventions", "show", NUMBERED).out


@pytest.mark.slow
def test_spy_is_scored_on_the_sheet(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    assert run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", NUMBERED, "--target", "10",
               env=env).code == 0
    assert run("game", "call", "spy", "--by", "Ana", "--on", "Tom", "--their-signal", env=env).code == 0
    teams = run("game", "score", "--json", env=env).json()["teams"]
    assert [(t["team"], t["points"]) for t in teams] == [("Tom+Léa", 0), ("Ana+Ben", 2)]


def test_on_the_phone_spy_asks_no_cards_but_whose_signal_was_named(db_phone):
    phone = db_phone
    r = phone.post("/api/games", json={"teams": ["Léa+Tom", "Inès+Karim"], "convention": "table-numbered",
                                             "target": 10})
    assert r.status_code == 201, r.text
    page = phone.get("/call/spy?on=L%C3%A9a").text  # the accused tapped: no keypad, the question at once
    assert "Is the signal the caller named the accused team&#39;s own?" in page and 'class="keypad"' not in page
    assert re.findall(r'href="(\?[^"]+)"', page) == ["?on=L%C3%A9a&amp;their_signal=yes",
                                                     "?on=L%C3%A9a&amp;their_signal=no"]
    done = phone.post("/call/spy", data={"on": "Léa", "by": "Inès+Karim", "their_signal": "yes"},
                      headers={"hx-request": "true", "origin": "http://127.0.0.1:8765"})
    assert done.status_code == 200 and '<p class="verdict">CALL UPHELD</p>' in done.text
    teams = phone.get("/api/games/current/score").json()["teams"]
    assert {t["team"]: t["points"] for t in teams} == {"Léa+Tom": 0, "Inès+Karim": 2}


@pytest.fixture
def db_phone(tmp_path):
    pytest.importorskip("starlette", reason="the web extra is not installed")
    from starlette.testclient import TestClient

    from kems_ref.web.app import create_app
    from kems_ref.web.base import Settings

    app = create_app(Settings(db=tmp_path / "sheet.sqlite3", lang="en", houses={"table-numbered": NUMBERED}))
    return TestClient(app, base_url="http://127.0.0.1:8765")


# --- a game won on the most points after a number of rounds, no target ---------------------------

def test_eight_rounds_unless_agreed_otherwise_and_the_most_points_win(run):
    target, end = shown(run, T56, "score.target"), shown(run, T56, "score.end")
    assert target["value"] == {"points": None, "word": None, "rounds": 8, "agreed": True}
    assert end["value"] == "most"
    assert short(run, T56, "score.target") == "8 rounds (agreed)"
    assert short(run, T56, "score.end") == "after the rounds, the team with the most points wins"


def test_the_score_sheet_plays_table_56s_eight_rounds_or_the_number_the_table_agrees(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    r = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", T56, "--json", env=env)
    assert r.code == 0, r.err
    assert (r.json()["end"], r.json()["decided_by_table"]) == ("most", {})
    assert run("game", "score", "--json", env=env).json()["rounds"] == 8
    r = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", T56, "--rounds", "5", "--json", env=env)
    assert r.code == 0, r.err
    assert r.json()["decided_by_table"] == {"rounds": 5}  # agreed: the table's number, recorded as its choice
    assert run("game", "score", "--json", env=env).json()["rounds"] == 5
