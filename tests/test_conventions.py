"""The corpus: every shipped convention loads, validates, answers every rule point with citations."""

import pytest

from kems_ref import conventions
from kems_ref.catalogue import IDS

IDS_SHIPPED = ["bicycle", "ducale", "jouer-au-kems", "marquoir", "nathan", "pagat", "regle-breve",
               "regles-com", "wikipedia"]


def test_the_nine_published_conventions_are_listed(run):
    listed = run("conventions", "list", "--json").json()
    assert sorted(c["id"] for c in listed) == IDS_SHIPPED
    assert {c["id"]: c["extends"] for c in listed}["regles-com"] == "ducale"


@pytest.mark.parametrize("cid", IDS_SHIPPED)
def test_every_shipped_file_is_valid(cid):
    _, problems = conventions.validate_file(str(conventions.conventions_dir() / f"{cid}.yaml"))
    assert problems == []


@pytest.mark.parametrize("cid", IDS_SHIPPED)
def test_show_answers_every_rule_point_and_cites_every_stated_one(run, cid):
    shown = run("conventions", "show", cid, "--json").json()
    assert set(shown["rules"]) == set(IDS)
    for point, rule in shown["rules"].items():
        assert rule["status"] in ("stated", "unspecified", "inherited")
        if rule["status"] in ("stated", "inherited") and rule["value"] is not None:
            assert rule["citation"]["source"] and rule["citation"]["section"], point
            assert rule["text"], point


def test_regles_com_states_only_the_end_of_stock_and_inherits_the_rest(run):
    rules = run("conventions", "show", "regles-com", "--json").json()["rules"]
    assert rules["stock.exhausted"]["status"] == "stated"
    assert rules["stock.exhausted"]["value"] == "hand-ends"
    assert rules["call.double_kems.right"]["status"] == "inherited"
    assert [s for s in rules if rules[s]["status"] == "stated"] == ["stock.exhausted"]


def test_marquoir_contradicts_itself_on_a_wrong_kems(run):
    rule = run("conventions", "show", "marquoir", "--json").json()["rules"]["call.kems.wrong"]
    assert rule["value"] == [{"team": "others", "change": 1, "unit": "point"}]
    assert rule["conflict"]["value"] == [{"team": "callers", "change": -1, "unit": "point"}]


def value(cid, point):
    return conventions.load(cid).value(point)


def status(cid, point):
    return conventions.load(cid).get(point).status


# --- facts checked against the seeds, named as the fact ------------------------------------------

def test_under_ducale_the_deck_has_52_cards_and_four_players_sit_facing():
    assert value("ducale", "deck.size") == [{"cards": 52}]
    assert value("ducale", "players.count") == {"min": 4, "max": 4, "even": True}
    assert value("ducale", "seating.partners") == "facing"


def test_under_ducale_three_identical_cards_dealt_mean_a_redeal():
    assert value("ducale", "deal.identical_cards") == {"threshold": 3, "action": "redeal"}


def test_under_ducale_a_double_kems_is_worth_2_points_and_the_end_of_stock_is_silent():
    assert value("ducale", "call.double_kems.right") == [{"team": "callers", "change": 2, "unit": "point"}]
    assert status("ducale", "stock.exhausted") == "unspecified"


def test_under_ducale_cards_are_put_down_before_taking():
    assert value("ducale", "exchange.order") == "put-then-take"


def test_under_pagat_the_score_is_kept_in_letters_and_words_are_forbidden():
    assert value("pagat", "score.system") == "letters"
    assert value("pagat", "signal.verbal") == "forbidden"
    assert value("pagat", "call.kems.right") == [{"team": "others", "change": 1, "unit": "letter"}]


def test_under_pagat_more_than_eight_players_use_two_decks():
    assert value("pagat", "players.decks") == [{"up_to": 8, "decks": 1}, {"up_to": None, "decks": 2}]


def test_under_pagat_a_stop_kemps_targets_the_whole_team():
    assert value("pagat", "call.contre_kems.target") == "team"


def test_under_bicycle_cards_are_exchanged_one_by_one_in_a_race_to_4_points():
    assert value("bicycle", "exchange.count") == "one"
    assert value("bicycle", "score.target")["points"] == 4
    assert status("bicycle", "call.kems.right") == "unspecified"


def test_bicycle_and_nathan_are_known_only_through_regles_com():
    for cid in ("bicycle", "nathan"):
        pub = conventions.load(cid).publication
        assert pub["known_through"]["how"] == "summary"
        assert "Regles.com" in pub["known_through"]["via"]


def test_under_nathan_32_cards_at_four_and_the_discard_is_recycled():
    assert value("nathan", "deck.size")[0] == {"cards": 32, "players": [4]}
    assert value("nathan", "stock.exhausted") == "recycle-discard"
    assert value("nathan", "signal.verbal") == "allowed"


def test_under_marquoir_every_call_ends_the_hand_and_five_points_win():
    assert value("marquoir", "hand.end") == "any-call"
    assert value("marquoir", "score.target")["points"] == 5
    assert value("marquoir", "signal.warning") is True


def test_under_jouer_au_kems_a_double_kems_is_worth_3_points_and_cannot_be_countered():
    assert value("jouer-au-kems", "call.double_kems.right")[0]["change"] == 3
    assert value("jouer-au-kems", "call.double_kems.counter") is False
    assert value("jouer-au-kems", "hand.end") == "square-found"


def test_under_jouer_au_kems_a_wrong_contre_kems_bars_the_caller_until_the_hand_ends():
    assert value("jouer-au-kems", "call.contre_kems.after_wrong") == {"barred": True, "until": "hand"}


def test_under_wikipedia_a_double_kems_is_worth_3_points():
    assert value("wikipedia", "call.double_kems.right") == [{"team": "callers", "change": 3, "unit": "point"}]


def test_under_wikipedia_a_wrong_contre_kems_costs_the_callers_a_point():
    assert value("wikipedia", "call.contre_kems.wrong") == [{"team": "callers", "change": -1, "unit": "point"}]


def test_under_wikipedia_no_call_during_a_sweep_and_identical_cards_are_replaced():
    assert value("wikipedia", "sweep.calls") is False
    assert value("wikipedia", "deal.identical_cards")["action"] == "replace-cards"
    assert value("wikipedia", "deck.size") == [{"cards": 36}, {"cards": 52}]


def test_under_regle_breve_each_accused_player_shows_two_different_cards():
    assert value("regle-breve", "call.contre_kems.proof")["who"] == "each-accused-player"
    assert value("regle-breve", "deal.identical_cards")["action"] == "redeal"
