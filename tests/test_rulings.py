"""Rulings, named as rulings: the seeds' worked examples, then every event under every convention."""

import pytest

from kems_ref import conventions
from kems_ref.situation import EVENTS

ALL = conventions.shipped_ids()

# --- seed 000 (Regles.com sheet applying Ducale): its three concrete situations -----------------

def test_under_ducale_a_kems_on_three_jacks_is_wrong_and_the_other_team_scores_1(rule):
    r = rule("kems", "--hand", "V V V 2")
    assert r["verdict"] == "rejected"
    assert r["score"] == [{"team": "others", "change": 1, "unit": "point"}]
    assert "call.kems.wrong" in r["rule_points"]


def test_under_ducale_a_wrong_contre_kems_gives_the_accused_team_1_point(rule):
    r = rule("contre-kems", "--hand", "7♥ 7♠ R♣ R♦")
    assert r["verdict"] == "rejected"
    assert r["score"] == [{"team": "accused", "change": 1, "unit": "point"}]
    assert r["hand_ends"] is True
    assert "accused-shows-two-cards" in r["effects"]
    assert {c["rule_point"] for c in r["citations"]} >= {"call.contre_kems.wrong", "call.contre_kems.proof"}
    assert r["unspecified"] == [] and r["conflicts"] == []


def test_under_ducale_taking_two_middle_cards_after_putting_two_down_is_allowed(rule):
    assert rule("exchange", "--cards", "2")["verdict"] == "allowed"


def test_under_bicycle_two_cards_at_once_are_forbidden_make_two_exchanges(rule):
    r = rule("exchange", "--cards", "2", convention="bicycle")
    assert r["verdict"] == "forbidden"
    assert "exchange.count" in r["rule_points"]


# --- seed 000's tables ---------------------------------------------------------------------------

def test_under_ducale_a_right_kems_scores_1_point_for_the_callers(rule):
    assert rule("kems", "--hand", "8 8 8 8")["score"] == [{"team": "callers", "change": 1, "unit": "point"}]


def test_under_ducale_a_right_contre_kems_scores_1_point_for_the_counterers(rule):
    r = rule("contre-kems", "--hand", "K K K K")
    assert r["verdict"] == "upheld"
    assert r["score"] == [{"team": "callers", "change": 1, "unit": "point"}]


def test_under_ducale_a_double_kems_scores_2_points(rule):
    r = rule("double-kems", "--hand", "A A A A", "--partner-hand", "5 5 5 5")
    assert r["verdict"] == "upheld" and r["score"][0]["change"] == 2


def test_under_ducale_a_contre_kems_after_the_kems_is_too_late(rule):
    r = rule("contre-kems", "--hand", "K K K K", "--after-kems")
    assert r["verdict"] == "void" and "first-call-checked" in r["effects"]


def test_under_ducale_three_identical_cards_dealt_mean_a_redeal(rule):
    assert rule("deal", "--hand", "9 9 9 K")["verdict"] == "redeal"


def test_under_ducale_the_end_of_stock_is_unspecified_and_regles_com_recommends_ending_the_hand(rule):
    r = rule("stock-out")
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["stock.exhausted"]
    recs = r["elsewhere"][0]["recommendations"]
    assert [x["convention"] for x in recs] == ["regles-com"]


def test_under_regles_com_the_end_of_stock_ends_the_hand_with_no_score(rule):
    r = rule("stock-out", convention="regles-com")
    assert r["verdict"] == "hand-ends" and r["score"] == []


def test_under_pagat_the_end_of_stock_ends_the_hand_and_nathan_recycles_the_discard(rule):
    assert rule("stock-out", convention="pagat")["verdict"] == "hand-ends"
    assert rule("stock-out", convention="nathan")["verdict"] == "recycle-discard"


def test_under_ducale_a_hidden_signal_is_forbidden_and_under_pagat_a_word_is_forbidden(rule):
    assert rule("signal", "--hidden")["verdict"] == "forbidden"
    assert rule("signal", "--verbal", convention="pagat")["verdict"] == "forbidden"
    assert rule("signal", "--verbal", convention="nathan")["verdict"] == "allowed"
    assert rule("signal", "--verbal", convention="wikipedia")["verdict"] == "conditional"


# --- seed 001: Marquoir's example with Tom and Léa, and its self-contradiction ------------------

def test_under_marquoir_lea_calls_kems_on_toms_four_queens_and_their_team_scores_1(rule):
    r = rule("kems", "--hand", "D D D D", convention="marquoir")
    assert r["verdict"] == "upheld"
    assert r["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    assert r["hand_ends"] is True


def test_under_marquoir_a_wrong_kems_shows_both_readings_of_the_conflict(rule):
    r = rule("kems", "--hand", "D D D 2", convention="marquoir")
    assert r["verdict"] == "rejected"
    readings = r["conflicts"][0]["readings"]
    assert [x["value"][0]["change"] for x in readings] == [1, -1]


# --- seeds 002 and 003 ---------------------------------------------------------------------------

def test_under_jouer_au_kems_a_double_kems_scores_3_and_a_contre_kems_cannot_beat_it(rule):
    r = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 5 5 5", convention="jouer-au-kems")
    assert r["score"][0]["change"] == 3
    c = rule("contre-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 5 5 5", convention="jouer-au-kems")
    assert c["verdict"] == "void"


def test_under_jouer_au_kems_a_barred_caller_cannot_call_contre_kems(rule):
    assert rule("contre-kems", "--hand", "7 7 K K", "--barred", convention="jouer-au-kems")["verdict"] == "void"


def test_under_jouer_au_kems_a_wrong_call_does_not_end_the_hand(rule):
    assert rule("kems", "--hand", "7 7 K K", convention="jouer-au-kems")["hand_ends"] is False


def test_under_jouer_au_kems_double_contre_kems_is_named_but_not_ruled(rule):
    r = rule("double-contre-kems", convention="jouer-au-kems")
    assert r["verdict"] == "unspecified" and "call.double_contre_kems" in r["unspecified"]


def test_under_wikipedia_a_wrong_contre_kems_costs_the_callers_1_point_and_is_shown_to_the_caller_alone(rule):
    r = rule("contre-kems", "--hand", "7 7 K K", convention="wikipedia")
    assert r["score"] == [{"team": "callers", "change": -1, "unit": "point"}]
    assert "accused-shows-two-cards-to-caller-only" in r["effects"] and "caller-barred" in r["effects"]


def test_under_wikipedia_a_call_during_a_sweep_is_void(rule):
    assert rule("kems", "--hand", "Q Q Q Q", "--during-sweep", convention="wikipedia")["verdict"] == "void"


def test_under_wikipedia_a_lifted_card_counts_but_a_touched_one_does_not(rule):
    assert rule("kems", "--hand", "Q Q Q", "--lifted", "Q", convention="wikipedia")["verdict"] == "upheld"
    assert rule("kems", "--hand", "Q Q Q", "--touched", "Q", convention="wikipedia")["verdict"] == "rejected"


def test_under_ducale_a_square_that_needs_a_lifted_card_is_unspecified(rule):
    r = rule("kems", "--hand", "Q Q Q", "--lifted", "Q")
    assert r["verdict"] == "unspecified" and "exchange.lifted_card" in r["unspecified"]


def test_under_wikipedia_three_identical_cards_dealt_are_shown_and_replaced(rule):
    assert rule("deal", "--hand", "9 9 9 K", convention="wikipedia")["verdict"] == "replace-cards"


def test_under_wikipedia_an_objected_sweep_makes_the_objector_exchange(rule):
    r = rule("sweep", "--objection", convention="wikipedia")
    assert r["verdict"] == "forbidden" and "objector-must-exchange" in r["effects"]


# --- seed 004 and Pagat --------------------------------------------------------------------------

def test_under_regle_breve_three_identical_cards_dealt_mean_a_redeal(rule):
    assert rule("deal", "--hand", "9 9 9 K", convention="regle-breve")["verdict"] == "redeal"


def test_under_regle_breve_each_accused_player_shows_two_cards(rule):
    r = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5", convention="regle-breve")
    assert r["verdict"] == "rejected" and "each-accused-shows-two-cards" in r["effects"]


def test_under_pagat_a_stop_kemps_is_right_when_only_the_partner_holds_the_square(rule):
    r = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q", convention="pagat")
    assert r["verdict"] == "upheld"
    assert r["score"] == [{"team": "accused", "change": 1, "unit": "letter"}]
    assert "accused-team-shows-hands" in r["effects"]


def test_under_ducale_a_contre_kems_on_one_player_ignores_the_partners_square(rule):
    r = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q")
    assert r["verdict"] == "rejected"


def test_under_pagat_a_right_kemps_at_six_players_gives_every_opposing_team_a_letter(rule):
    r = rule("kems", "--hand", "Q Q Q Q", "--players", "6", convention="pagat")
    assert r["score"] == [{"team": "others", "change": 1, "unit": "letter"}]
    assert "score.multi_team" in r["rule_points"] and r["unspecified"] == []


def test_a_wrong_kems_at_eight_players_under_marquoir_flags_who_scores_as_unspecified(rule):
    r = rule("kems", "--hand", "Q Q Q 2", "--players", "8", convention="marquoir")
    assert r["verdict"] == "rejected" and "score.multi_team" in r["unspecified"]


def test_a_double_kems_with_only_one_square_is_unspecified_everywhere(rule):
    for cid in ALL:
        try:
            r = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 5 6 6", convention=cid)
        except AssertionError:
            continue  # impossible at this table (e.g. a 32-card deck has no 5)
        assert r["verdict"] == "unspecified"


# --- every event under every convention ----------------------------------------------------------

SITUATIONS = {
    "kems": ["--hand", "Q Q Q Q"],
    "double-kems": ["--hand", "Q Q Q Q", "--partner-hand", "K K K K"],
    "contre-kems": ["--hand", "Q Q Q Q", "--partner-hand", "7 8 9 10"],
    "double-contre-kems": [],
    "deal": ["--hand", "9 9 9 K"],
    "exchange": ["--cards", "2"],
    "sweep": [],
    "stock-out": [],
    "signal": ["--verbal"],
    "same-card": [],
}
VERDICTS = {"kems": {"upheld", "unspecified"}, "double-kems": {"upheld", "unspecified"},
            "contre-kems": {"upheld", "unspecified"}, "double-contre-kems": {"unspecified"},
            "deal": {"redeal", "replace-cards", "play-on", "unspecified"},
            "exchange": {"allowed", "forbidden", "conditional", "unspecified"},
            "sweep": {"allowed", "unspecified"}, "stock-out": {"hand-ends", "recycle-discard", "unspecified"},
            "signal": {"allowed", "forbidden", "conditional", "unspecified"},
            "same-card": {"allowed", "unspecified"}}


@pytest.mark.parametrize("cid", ALL)
@pytest.mark.parametrize("event", EVENTS)
def test_every_event_is_ruled_under_every_convention_with_citations_or_silences(rule, cid, event):
    r = rule(event, *SITUATIONS[event], convention=cid)
    assert r["verdict"] in VERDICTS[event]
    conv = conventions.load(cid)
    cited = {c["rule_point"] for c in r["citations"]}
    for point in r["rule_points"]:
        assert (point in cited) == conv.get(point).stated, point
    if r["verdict"] == "unspecified":
        assert r["unspecified"]
    for s in r["score"]:
        assert s["team"] in ("callers", "accused", "others") and s["unit"] in ("point", "letter")


def test_every_event_has_a_case_in_this_file():
    assert set(SITUATIONS) == set(EVENTS)


def test_scores_come_from_the_data_right_kems_differs_between_ducale_and_pagat(rule):
    assert rule("kems", "--hand", "Q Q Q Q")["score"][0]["unit"] == "point"
    assert rule("kems", "--hand", "Q Q Q Q", convention="pagat")["score"][0]["unit"] == "letter"
