"""Issue #34 §2: what a convention file says is read, and read right — each test failed before."""

import os

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")
GEMSCH, HOWDO, WIKI_EN = (os.path.join(HERE, f"{name}.yaml") for name in ("gemsch", "howdoyouplayit", "wikipedia-en"))


# --- a right Double Kems whose score the file leaves unstated ------------------------------------

def test_under_gemsch_a_right_doppel_gemsch_is_upheld_and_only_its_score_is_left_to_the_table(rule):
    ruling = rule("double-kems", "--hand", "A A A A", "--partner-hand", "K K K K", convention=GEMSCH)
    assert (ruling["verdict"], ruling["score"], ruling["score_settled"]) == ("upheld", [], False)
    assert ruling["unspecified"] == ["call.double_kems.right", "hand.end"]


def test_under_howdoyouplayit_a_double_kemps_on_one_square_is_rejected_its_score_open(rule):
    ruling = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K 8", convention=HOWDO)
    assert (ruling["verdict"], ruling["score_settled"]) == ("rejected", False)
    assert "call.double_kems.wrong" in ruling["unspecified"]


def test_a_file_that_never_names_the_double_kems_still_leaves_it_unsettled(rule):
    ruling = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", convention=WIKI_EN)
    assert ruling["verdict"] == "unspecified"


# --- a table size the file's count excludes --------------------------------------------------------

def test_under_marquoir_ten_players_is_a_ruling_impossible_citing_its_count(run):
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--players", "10", "-c", "marquoir", "--json", "--lang", "en")
    assert r.code == 0
    ruling = r.json()
    assert (ruling["verdict"], ruling["score_settled"]) == ("impossible", False)
    assert ruling["rule_points"] == ["players.count"]
    assert [c["rule_point"] for c in ruling["citations"]] == ["players.count"]
    assert ruling["explanation"].startswith("Marquoir is played by 4–8 players, not 10 (see --players; Marquoir")


def test_a_file_s_excluded_table_size_is_impossible_in_text_with_its_citation_and_no_score(run):
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--players", "14", "-c", WIKI_EN, "--lang", "en")
    assert r.code == 0
    assert r.out.startswith("IMPOSSIBLE HERE")
    assert "players.count: topic: players and cards" in r.out and "Score" not in r.out


def test_all_cites_the_count_that_excludes_the_table(run):
    rulings = run("rule", "kems", "--hand", "Q Q Q Q", "--players", "10", "--all", "--json").json()
    marquoir = next(r for r in rulings if r["convention"] == "marquoir")
    assert marquoir["verdict"] == "impossible" and [c["rule_point"] for c in marquoir["citations"]] == ["players.count"]


def test_a_score_sheet_still_refuses_a_table_its_convention_excludes(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    teams = [a for i in range(5) for a in ("--team", f"A{i}+B{i}")]
    r = run("game", "new", *teams, "-c", "marquoir", env=env)
    assert r.code == 2 and "4–8" in r.err


# --- a timing rule rules a late call where the file is silent on the hand's end --------------------

BEFORE = os.path.join(HERE, "before-the-kems.yaml")


@pytest.mark.parametrize("hand", ["Q Q Q Q", "Q Q Q J"])
def test_a_counter_call_after_the_kems_is_void_by_the_file_s_timing_rule_its_hand_end_left_open(rule, hand):
    ruling = rule("contre-kems", "--after-kems", "--hand", hand, convention=BEFORE)
    assert (ruling["verdict"], ruling["score"], ruling["score_settled"], ruling["hand_ends"]) == \
        ("void", [], True, None)
    assert [c["rule_point"] for c in ruling["citations"]] == ["call.contre_kems.timing"]
    assert ruling["unspecified"] == ["hand.end"]
    assert "under Before the Kemps a Contre-Kems must come before the Kems: this one comes too late" in \
        ruling["explanation"]


# --- a stated permission is never overruled: decoy signals -----------------------------------------

def test_under_english_wikipedia_a_second_signal_that_is_a_meaningless_decoy_is_allowed(rule):
    ruling = rule("signal", "--second-signal", "--decoy", convention=WIKI_EN)
    assert (ruling["verdict"], ruling["unspecified"]) == ("allowed", [])
    assert [c["rule_point"] for c in ruling["citations"]] == ["signal.count", "signal.bluff"]
    assert ruling["explanation"].endswith("Meaningless decoy signals are allowed, and encouraged.")


def test_under_english_wikipedia_a_second_meaningful_signal_is_still_forbidden(rule):
    assert rule("signal", "--second-signal", "--meaningful", convention=WIKI_EN)["verdict"] == "forbidden"


def test_under_english_wikipedia_a_second_signal_not_said_to_be_a_decoy_asks_whether_it_is(rule):
    ruling = rule("signal", "--second-signal", convention=WIKI_EN)
    assert (ruling["verdict"], [n["fact"] for n in ruling["needs"]]) == ("depends", ["decoy"])
    assert [(b["if"], b["ruling"]["verdict"]) for b in ruling["branches"]] == \
        [({"decoy": True}, "allowed"), ({"decoy": False}, "forbidden")]


def test_a_decoy_under_a_convention_that_allows_none_changes_nothing(rule):
    assert rule("signal", "--second-signal", "--decoy", convention="wikipedia")["verdict"] == "conditional"


# --- a choice the file offers the table: asked, listed, ruled under the table's answer ---------------

RUN_OR_SQUARE = os.path.join(HERE, "run-or-square.yaml")


def test_a_file_offering_a_run_or_four_of_a_kind_asks_the_table_which_it_plays(rule):
    ruling = rule("kems", "--hand", "5h 6h 7h 8h", convention=RUN_OR_SQUARE)
    assert (ruling["verdict"], [n["fact"] for n in ruling["needs"]]) == ("depends", ["choice:hand.square"])
    assert ruling["needs"][0]["flag"] == "--reading hand.square=1|2"
    assert [(b["if"], b["ruling"]["verdict"]) for b in ruling["branches"]] == \
        [({"choice:hand.square": 1}, "rejected"), ({"choice:hand.square": 2}, "upheld")]


@pytest.mark.parametrize("hand, choice, verdict", [
    ("5h 6h 7h 8h", "2", "upheld"), ("Q Q Q Q", "2", "rejected"), ("Q Q Q Q", "1", "upheld"),
    ("5h 6h 7h 8h", "1", "rejected")])
def test_under_the_table_s_choice_of_winning_hand_a_kems_is_ruled_on_it(rule, hand, choice, verdict):
    ruling = rule("kems", "--hand", hand, "--reading", f"hand.square={choice}", convention=RUN_OR_SQUARE)
    assert ruling["verdict"] == verdict and "hand.square" in [c["rule_point"] for c in ruling["citations"]]


def test_a_choice_beyond_those_the_file_offers_is_refused(run):
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--reading", "hand.square=2", "-c", "ducale")
    assert r.code == 2


def test_the_checklist_lists_the_choice_the_file_offers(run):
    items = run("checklist", "-c", RUN_OR_SQUARE, "--json", "--lang", "en").json()["items"]
    square = next(i for i in items if i["rule_point"] == "hand.square")
    assert (square["reason"], square["short"]) == \
        ("choice", "four of a kind / run of four in one suit (the table chooses)")


# --- a card impossible under a file cites that file's own deck rule ------------------------------------

def test_five_queens_under_a_house_file_of_one_deck_cite_its_own_rule_not_pagat_s(run, tmp_path):
    house = tmp_path / "onedeck.yaml"
    house.write_text("""\
id: onedeck
name: One deck house
publication: {title: One deck rules, author: A table, cite_as: One-deck house rules}
extends: pagat
rules:
  players.decks:
    status: stated
    value: [{up_to: null, decks: 1}]
    text: {fr: "Un seul paquet, quelle que soit la table.", en: "One deck, whatever the table."}
    citation: {section: "Le paquet"}
""", encoding="utf-8")
    r = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "Q 2 3 4", "--players", "10",
            "-c", str(house), "--lang", "en")
    assert r.code == 2
    assert r.err.strip().endswith("one deck holds only 4 under One deck house (One-deck house rules — Le paquet)")
