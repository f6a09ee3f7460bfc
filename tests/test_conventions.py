"""The corpus: every shipped convention loads, validates, answers every rule point with citations."""

from pathlib import Path

import pytest
import yaml

from kems_ref.corpus import load as conventions
from kems_ref.corpus.catalogue import IDS

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


@pytest.mark.slow
@pytest.mark.parametrize("cid", IDS_SHIPPED)
def test_show_answers_every_rule_point_and_cites_every_stated_one(run, cid):
    shown = run("conventions", "show", cid, "--json").json()
    assert set(shown["rules"]) == set(IDS)
    for point, rule in shown["rules"].items():
        assert rule["status"] in ("stated", "unspecified", "inherited")
        assert rule["force"] in (None, "prescribed", "permitted", "described", "advised")
        if rule["status"] in ("stated", "inherited") and rule["value"] is not None:
            assert rule["citation"]["source"] and rule["citation"]["section"], point
            assert rule["text"], point


def test_regles_com_states_its_recommended_convention_and_its_advice_and_inherits_the_rest(run):
    rules = run("conventions", "show", "regles-com", "--json").json()["rules"]
    stated = {p: r for p, r in rules.items() if r["status"] == "stated"}
    assert set(stated) == {"players.count", "exchange.same_card", "signal.verbal", "signal.bluff", "stock.exhausted"}
    assert stated["stock.exhausted"]["value"] == "hand-ends"
    assert rules["call.double_kems.right"]["status"] == "inherited"


def test_marquoir_contradicts_itself_on_a_wrong_kems(run):
    # seed 001:47 (the point goes to the other team) against 001:21 and 001:54 (enter -1 for the wrong caller)
    rule = run("conventions", "show", "marquoir", "--json").json()["rules"]["call.kems.wrong"]
    assert rule["value"] == [{"team": "other", "change": 1, "unit": "point"}]
    assert rule["conflict"]["value"] == [{"team": "callers", "change": -1, "unit": "point"}]


def value(cid, point):
    return conventions.load(cid).value(point)


def status(cid, point):
    return conventions.load(cid).get(point).status


def force(cid, point):
    return conventions.load(cid).get(point).force


def text(cid, point, lang):
    return conventions.load(cid).get(point).text[lang]


def note(cid, point, lang="en"):
    entry = conventions.load(cid).get(point)
    return entry.note[lang] if entry.note else ""


# --- facts checked against the seeds, named as the fact ------------------------------------------

def test_under_ducale_the_deck_has_52_cards_and_the_notice_presents_four_players_facing():
    # seed 000:11 (the four-player game "décrit par la règle française Ducale"), 000:13, 000:15
    assert value("ducale", "deck.size") == [{"cards": 52}]
    # 000:130-133: the sheet reports six players under Pagat, eight under Pagat and Nathan, outside the rule for four
    assert value("ducale", "players.count") == {"counts": [4], "elsewhere": [
        {"players": 6, "conventions": ["pagat"]}, {"players": 8, "conventions": ["pagat", "nathan"]}]}
    assert force("ducale", "players.count") == "described"
    assert value("ducale", "seating.partners") == "facing"


def test_under_ducale_three_identical_cards_dealt_mean_a_redeal():
    # 000:37, 000:166 name three identical cards; four hold three: the rule reaches them, derived
    assert value("ducale", "deal.identical_cards") == {"threshold": 3, "action": "redeal", "derived": [4]}


@pytest.mark.parametrize("cid", ["ducale", "regles-com"])
def test_a_redeal_on_four_identical_cards_is_labelled_derived_where_the_source_names_three(cid):
    from kems_ref.outputs.wording import explanation
    from kems_ref.referee.resolver import resolve
    from kems_ref.referee.situation import build

    conv = conventions.load(cid)
    four = resolve(conv, build("deal", hand="9 9 9 9"))
    assert four.verdict == "redeal" and [(c["rule_point"], c["force"]) for c in four.citations] == [
        ("deal.identical_cards", "derived")]
    assert "names 3 identical cards, not 4" in explanation(four, "en") and "par déduction" in explanation(four, "fr")
    three = resolve(conv, build("deal", hand="9 9 9 K"))  # three: the case the source names, stated
    assert {c["force"] for c in three.citations} == {"prescribed"} and "deriv" not in explanation(three, "en")
    # Wikipédia and Règle brève name three or four: nothing derived there
    for other in ("wikipedia", "regle-breve"):
        ruled = resolve(conventions.load(other), build("deal", hand="9 9 9 9", first_deal=True))
        assert all(c["force"] != "derived" for c in ruled.citations), other


def test_under_ducale_a_double_kems_is_worth_2_points_and_the_end_of_stock_is_silent():
    assert value("ducale", "call.double_kems.right") == [{"team": "callers", "change": 2, "unit": "point"}]
    assert status("ducale", "stock.exhausted") == "unspecified"


def test_under_ducale_cards_are_put_down_before_taking():
    assert value("ducale", "exchange.order") == "put-then-take"


def test_under_pagat_the_score_is_kept_in_letters_and_words_are_forbidden():
    # sources.md, Pagat: letters K-E-M-P-S; words are not allowed; a right Kemps: a letter to every opposing team
    assert value("pagat", "score.system") == "letters"
    assert value("pagat", "signal.verbal") == "forbidden"
    assert value("pagat", "call.kems.right") == [{"team": "other", "change": 1, "unit": "letter"}]
    assert value("pagat", "score.multi_team") == "every-opposing-team"


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


def test_under_nathan_32_cards_at_four_and_52_at_eight_and_the_discard_is_recycled():
    # seed 000:120 ("Nathan : 32 à 4 ou 52 à 8"), 000:124, 000:69
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
    # seed 002:31 (the hand ends when a team has made a Kem's: a wrong Kems makes none, so it goes on),
    # 002:29 (a wrong caller barred until it ends)
    assert value("jouer-au-kems", "hand.end") == {"ends": ["right-call"],
                                                  "goes_on": ["wrong-kems", "wrong-contre-kems"],
                                                  "derived": ["wrong-kems"]}


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
    # seed 004:18
    assert value("regle-breve", "call.contre_kems.proof") == {"who": "each-accused-player", "cards": "two-different",
                                                             "to": None}


def test_under_regle_breve_three_identical_cards_mean_a_redeal_at_the_very_start_of_the_game_only():
    # seed 004:26 "Si au tout début de la partie …"
    assert value("regle-breve", "deal.identical_cards") == {"threshold": 3, "action": "redeal", "when": "game-start"}
    assert "very start of the game" in text("regle-breve", "deal.identical_cards", "en")
    assert "tout début de la partie" in text("regle-breve", "deal.identical_cards", "fr")


# --- the corrections of the second audit (issue: every ruling defensible) ------------------------

def test_under_wikipedia_a_contre_kems_targets_the_team_but_the_wrong_call_passage_speaks_of_the_player():
    # seed 003:19 and 003:25 speak of the accused team (its opponents, the first team holding a Kem's);
    # 003:29 of the accused player alone
    entry = conventions.load("wikipedia").get("call.contre_kems.target")
    assert entry.value == "team" and entry.conflict["value"] == "player"


def test_regles_com_forbids_a_word_as_the_signal_while_ducale_is_silent_on_words():
    # seed 000:134 ("signal visible et non verbal"), 000:164 (FAQ); Ducale: 000:122 (visible, gestures as examples)
    assert value("regles-com", "signal.verbal") == "forbidden" and force("regles-com", "signal.verbal") == "prescribed"
    assert status("ducale", "signal.verbal") == "unspecified"


def test_ducale_jouer_au_kems_wikipedia_and_the_short_page_prescribe_putting_down_before_taking():
    # seeds 000:61, 002:22, 003:15 and 004:10 each say, in their own words, that one must put down first
    for cid in ("ducale", "jouer-au-kems", "wikipedia", "regle-breve"):
        assert value(cid, "exchange.order") == "put-then-take" and force(cid, "exchange.order") == "prescribed"


def test_marquoir_and_pagat_permit_taking_first_on_condition_of_putting_back_at_once():
    # seed 001:40 ("on peut prendre … à condition d'en reposer immédiatement une"); sources.md:47-49 (Pagat:
    # any player may pick up, then discard at once): permissions with their condition, not descriptions
    # (the sheet's citing verb at 000:121, "décrit", says nothing of Pagat's force)
    for cid in ("marquoir", "pagat"):
        assert value(cid, "exchange.order") == "take-then-put" and force(cid, "exchange.order") == "permitted"


def test_rules_in_the_plain_present_tense_are_prescriptions():
    # 001:41 "une carte à la fois", 001:42 and 004:12 "le donneur remplace", 001:37 "le donneur lance le jeu",
    # 001:50 "en le désignant", 002:23, sources.md:51, 003:5, 003:11, 003:15, 003:23, 000:13
    for cid, point in (("marquoir", "exchange.count"), ("marquoir", "sweep.trigger"), ("marquoir", "hunt.opening"),
                       ("marquoir", "call.contre_kems.naming"), ("pagat", "sweep.trigger"),
                       ("jouer-au-kems", "sweep.trigger"), ("regle-breve", "sweep.trigger"),
                       ("wikipedia", "deal.method"), ("wikipedia", "deal.center"), ("wikipedia", "seating.partners"),
                       ("wikipedia", "hand.end"), ("ducale", "seating.partners")):
        assert status(cid, point) == "stated" and force(cid, point) == "prescribed", (cid, point)
    # 004:10: a player is given the possibility of swapping one card for one: a permission, several at once left open
    assert force("regle-breve", "exchange.count") == "permitted"
    # what a source presents as usage stays a description: 000:11 "la version principale", 003:3 "initialement",
    # 003:11 "selon les versions"
    for cid, point in (("ducale", "players.count"), ("wikipedia", "players.count"), ("wikipedia", "deal.hand_size")):
        assert force(cid, point) == "described", (cid, point)


def test_a_general_rule_of_the_source_covers_its_special_cases():
    # 000:90 and 000:49: any false call gives the point to the other team, a wrong Double Kems included
    assert value("ducale", "call.double_kems.wrong") == [{"team": "other", "change": 1, "unit": "point"}]
    # 001:45 "sans rien dire": no word as the sign (its first reading, the FAQ's "anything" the second);
    # 001:67 a cough is a sound, which the FAQ allows
    assert value("marquoir", "signal.verbal") == "forbidden" and value("marquoir", "signal.sound") == "allowed"
    # 003:7 no sign is banned in advance, a sound no more than a word; a ban is said at the start
    assert value("wikipedia", "signal.sound") == "agree-before-play"
    # 004:16 the hand ends when a Kem's is discovered: a wrong call discovers none
    assert value("regle-breve", "hand.end") == {"ends": ["right-call"], "goes_on": ["wrong-kems", "wrong-contre-kems"],
                                                "derived": ["wrong-kems", "wrong-contre-kems"]}


def test_first_to_touch_is_regles_com_s_rule_settled_before_play_and_signalling_only_a_real_square_its_advice():
    # seed 000:52 (the sheet tells the table to set before play that the first to touch a card has it): the
    # sheet's recommendations are this convention's rules, and this one is to be settled before the game;
    # 000:72 (signal only once the square is really made) stays a tip.  Neither is the Ducale notice's.
    assert status("ducale", "exchange.same_card") == "unspecified" and status("ducale", "signal.bluff") == "unspecified"
    assert force("regles-com", "exchange.same_card") == "prescribed"
    assert value("regles-com", "exchange.same_card") == "first-to-touch"
    assert conventions.load("regles-com").get("exchange.same_card").before_play is True
    assert force("regles-com", "signal.bluff") == "advised" and value("regles-com", "signal.bluff") is False
    # 000:103: Ducale's teams choose the winning total before play
    assert conventions.load("ducale").get("score.target").before_play is True


def test_ducale_proof_after_a_wrong_contre_kems_is_two_cards_of_different_ranks():
    # seed 000:109 (at least two cards of different ranks), 000:153
    assert value("ducale", "call.contre_kems.proof") == {"who": "accused-player", "cards": "two-different", "to": None}


def test_sources_speaking_of_the_other_team_leave_larger_tables_open():
    # seed 001:47, 002:27, 002:29, 003:27, 004:20: "l'autre équipe" / "l'équipe adverse"; only Pagat (sources.md)
    # says every opposing team
    for cid, point in (("marquoir", "call.kems.wrong"), ("jouer-au-kems", "call.kems.wrong"),
                       ("jouer-au-kems", "call.contre_kems.wrong"), ("wikipedia", "call.kems.wrong"),
                       ("regle-breve", "call.kems.wrong"), ("regle-breve", "call.contre_kems.wrong")):
        assert value(cid, point)[0]["team"] == "other", (cid, point)
        assert status(cid, "score.multi_team") == "unspecified"


def test_player_counts_are_recorded_as_the_sources_give_them():
    # Nathan 4 or 8, six reported for Pagat only (000:120, 000:130, 000:131); Wikipedia "initialement à quatre"
    # (003:3); Marquoir 4 to 8, even (001:11); Jouer au Kems 4 to 8 (002:9); the short page names none.  A
    # count a source only reports or presents is described: it does not exclude the others.  Regles.com's
    # own convention is "le Kems à 4 joueurs" (000:3, 000:134): its recommendation is its rule; six and
    # eight it calls possible under Pagat and Nathan (000:130-133, 000:160), outside that rule.
    assert value("nathan", "players.count") == {"counts": [4, 8]} and force("nathan", "players.count") == "described"
    assert value("wikipedia", "players.count") == {"counts": [4]} and force("wikipedia", "players.count") == "described"
    assert value("regles-com", "players.count") == {"counts": [4], "elsewhere": [
        {"players": 6, "conventions": ["pagat"]}, {"players": 8, "conventions": ["pagat", "nathan"]}]}
    assert force("regles-com", "players.count") == "prescribed"
    assert value("marquoir", "players.count") == {"min": 4, "max": 8, "even": True}
    assert value("jouer-au-kems", "players.count") == {"min": 4, "max": 8, "even": True}
    assert status("regle-breve", "players.count") == "unspecified"


def test_bicycle_is_reported_with_52_cards_at_four_players_only():
    # seed 000:120 ("Pagat et Bicycle : 52 à 4 joueurs")
    assert value("bicycle", "deck.size") == [{"cards": 52, "players": [4]}]
    assert status("bicycle", "players.count") == "unspecified" and note("bicycle", "players.count")


def test_notes_where_a_source_says_something_near_a_silence():
    # Wikipedia 003:23, 003:29 (play runs until a Kem's is held; a wrong caller is barred, so the hand goes on
    # after a wrong Contre-Kems); nothing on a wrong Kem's
    assert value("wikipedia", "hand.end") == {"ends": ["right-call"], "goes_on": ["wrong-kems", "wrong-contre-kems"],
                                              "derived": ["wrong-kems"]}
    assert force("wikipedia", "hand.end") == "prescribed" and "wrong Kem's" in note("wikipedia", "hand.end")
    # Wikipedia 003:19 "Une manche se joue en 10 points", where "manche" elsewhere is a hand (003:15)
    assert value("wikipedia", "score.target")["points"] == 10 and "manche" in note("wikipedia", "score.target")
    # Marquoir 001:67 (the sign may be anything, a cough): not a note beside "without a word" (001:45) but its
    # contradiction, a second reading; 001:32 (visible enough for the partner), 001:69
    verbal = conventions.load("marquoir").get("signal.verbal")
    assert not verbal.note and verbal.conflict["value"] == "allowed" and "cough" in verbal.conflict["text"]["en"]
    assert "partner" in note("marquoir", "signal.visibility")
    assert status("marquoir", "call.double_kems.right") == "unspecified"
    assert "without giving it a value" in note("marquoir", "call.double_kems.right")


def test_wording_says_what_the_sources_say():
    # Ducale 000:62: the holder "ne dit pas lui-même Kems" (not "says nothing")
    assert "does not call Kems himself" in text("ducale", "call.kems.caller", "en")
    assert "n'annonce pas Kems lui-même" in text("ducale", "call.kems.caller", "fr")
    # Wikipedia 003:29: the caller may not pass on what he saw (not "keep quiet")
    assert "may not pass on" in text("wikipedia", "call.contre_kems.proof", "en")
    # 002:37 and 003:31: a card counts once completely lifted
    for cid in ("jouer-au-kems", "wikipedia"):
        assert "completely" in text(cid, "exchange.lifted_card", "en")
        assert "complètement" in text(cid, "exchange.lifted_card", "fr")
    # Wikipedia 003:15: the player who turned the cards opens the hunt, not necessarily the dealer
    assert value("wikipedia", "hunt.opening")["trigger"] == "turner-call"
    assert status("wikipedia", "deal.next_dealer") == "unspecified"


def test_pagat_is_known_through_a_restatement_and_cited_by_topic():
    conv = conventions.load("pagat")
    assert conv.publication["known_through"]["how"] == "summary"
    for point in IDS:
        entry = conv.get(point)
        if entry.stated:
            assert entry.citation.get("topic") is True, point


def test_advice_in_marquoir_is_recorded_as_advice():
    # seed 001:56-57 ("Conseils pour débuter")
    assert force("marquoir", "signal.change") == "advised" and force("marquoir", "signal.bluff") == "advised"


# --- the scoring model (issue: the score sheet) --------------------------------------------------

def test_under_pagat_a_letter_is_a_penalty_and_a_team_that_spells_the_word_is_out():
    pagat = conventions.load("pagat")
    assert pagat.value("score.system") == "letters" and pagat.value("score.target")["word"] == "KEMPS"
    assert pagat.value("score.letters") == "penalty" and pagat.value("score.end") == "out"


def test_a_child_of_pagat_whose_word_completed_wins_is_told_each_inherited_letter_score_it_would_invert(tmp_path):
    """Silent on what a letter is, a file reads it from its end: completing the word wins, so letters are
    earned, where Pagat's are a penalty."""
    path = tmp_path / "word-wins.yaml"
    path.write_text("""\
id: pagat-mot-gagnant
name: Pagat, le mot gagne
extends: pagat
publication: {title: Nos règles}
rules:
  score.letters: {status: unspecified}
  score.end:
    status: stated
    value: wins
    text: {fr: "L'équipe qui épelle le mot gagne.", en: "The team that spells the word wins."}
    citation: {section: "La fin"}
""", encoding="utf-8")
    _, problems = conventions.validate_file(str(path))
    assert [(p.key, p.params["point"], p.params["before"], p.params["after"]) for p in problems] == [
        ("error.schema.meaning_flips", point, "penalty", "reward")
        for point in ("call.kems.right", "call.kems.wrong", "call.contre_kems.right", "call.contre_kems.wrong")]


@pytest.mark.parametrize(("cid", "points", "agreed"), [
    ("ducale", None, True), ("marquoir", 5, True), ("bicycle", 4, False), ("wikipedia", 10, False)])
def test_points_conventions_are_won_by_the_first_team_to_reach_the_target(cid, points, agreed):
    conv = conventions.load(cid)
    assert conv.value("score.end") == "wins"
    assert (conv.value("score.target")["points"], conv.value("score.target")["agreed"]) == (points, agreed)


@pytest.mark.parametrize("cid", ["jouer-au-kems", "nathan", "regle-breve"])
def test_sources_silent_on_the_end_of_the_game_are_silent(cid):
    conv = conventions.load(cid)
    assert not conv.get("score.end").stated and not conv.get("score.letters").stated


@pytest.mark.parametrize("cid", ["bicycle", "nathan"])
def test_known_only_through_the_sheet_the_kems_is_still_four_of_a_kind(cid):
    # seed 000:175-176: the sheet presents Kems, Kem's, Kemps and Quems as one game of a square and a secret
    # signal, Kemps being Bicycle's spelling and Kem's Nathan's: what makes a Kems is the game itself
    from kems_ref.referee.resolver import resolve
    from kems_ref.referee.situation import build

    conv = conventions.load(cid)
    entry = conv.get("hand.square")
    assert entry.stated and entry.value == "four-of-a-kind" and "FAQ" in entry.citation["section"]
    right = resolve(conv, build("kems", hand="Q Q Q Q"))
    assert right.verdict == "upheld" and right.unspecified == ["call.kems.right", "hand.end"]
    wrong = resolve(conv, build("kems", hand="Q Q Q J"))
    assert wrong.verdict == "rejected" and wrong.unspecified == ["call.kems.wrong", "hand.end"]
    # the square the file states decided both rulings: they cite it (issue #32 §2)
    assert [c["rule_point"] for c in right.citations] == ["hand.square"]
    assert [c["rule_point"] for c in wrong.citations] == ["hand.square"]


def test_ducale_wrong_double_kems_text_adds_nothing_the_source_does_not_say():
    # seed 000:49, 000:54, 000:90: the sheet gives "une annonce fausse" one point to the other team, for any
    # call; it never names the Double Kems there, so the text applying it must not name it either
    entry = conventions.load("ducale").get("call.double_kems.wrong")
    assert entry.stated and entry.value == [{"team": "other", "change": 1, "unit": "point"}]
    assert "Double" not in entry.text["en"] and "Double" not in entry.text["fr"]
    assert "included" not in entry.text["en"] and "compris" not in entry.text["fr"]


def test_ducale_half_right_double_kems_is_shown_as_two_readings_the_sheet_leaves_open():
    # seed 000:29, 000:110 (a Double Kems: both partners hold a square), 000:49, 000:90 (a false call gives
    # the other team a point) vs 000:63, 000:106 (the signalled hand is checked; a square confirmed scores one):
    # a Double Kems where only the signalled partner's square is there is open to both readings
    from kems_ref.outputs.wording import conflicts, explanation, needs, ruling_json
    from kems_ref.referee.resolver import resolve
    from kems_ref.referee.situation import build

    entry = conventions.load("ducale").get("call.double_kems.wrong")
    assert entry.scope == "partner-square-found" and entry.conflict["open"] is True
    assert entry.conflict["value"] == [{"team": "callers", "change": 1, "unit": "point"}]
    half = resolve(conventions.load("ducale"), build("double-kems", hand="Q Q Q Q", partner_hand="K K 9 8"))
    assert half.verdict == "depends" and half.needs == ["reading:call.double_kems.wrong"]
    assert [(b["ruling"].verdict, b["ruling"].score) for b in half.branches] == [
        ("rejected", [{"team": "others", "change": 1, "unit": "point"}]),
        ("upheld", [{"team": "callers", "change": 1, "unit": "point"}])]
    assert needs(half, "en")[0]["question"].startswith("The source leaves this case open")
    assert needs(half, "fr")[0]["question"].startswith("La source laisse ce cas ouvert")
    assert "leaves this case open" in explanation(half, "en") and "contradicts" not in explanation(half, "en")
    assert [c["open"] for c in conflicts(half, "en")] == [True]
    assert ruling_json(half, "en")["conflicts"][0]["open"] is True
    # only the caller's square there, or none: no signalled square, no second reading, no question
    for hand, partner in (("K K 9 8", "Q Q Q Q"), ("K K 9 8", "Q Q J 8")):
        wrong = resolve(conventions.load("ducale"), build("double-kems", hand=hand, partner_hand=partner))
        assert wrong.verdict == "rejected" and wrong.needs == [] and wrong.conflicts == []
        assert all("reading" not in c for c in wrong.citations)
    # Marquoir's wrong Kems stays a contradiction of the source's own
    marquoir = resolve(conventions.load("marquoir"), build("kems", hand="Q Q Q J"))
    assert needs(marquoir, "en")[0]["question"].startswith("The source contradicts itself")
    assert [c["open"] for c in conflicts(marquoir, "en")] == [False]


@pytest.mark.parametrize("cid", conventions.shipped_ids())
def test_an_explanation_never_says_too_late_to_score_on_a_ruling_that_scores(cid):
    # Règle brève: after a wrong Kems the hand goes on (004:16) and no timing rule bars a later Contre-Kems,
    # so a right one scores (004:20); its explanation must not call it too late to score (a wrong one
    # that costs its callers may: it is too late to score, not to be wrong)
    from kems_ref.outputs.wording import explanation
    from kems_ref.referee.resolver import resolve
    from kems_ref.referee.situation import build

    conv = conventions.load(cid)
    for hand in ("K K K K", "8 9 10 J"):
        ruling = resolve(conv, build("contre-kems", hand=hand, partner_hand="2 3 4 5", after_kems=True,
                                     kems_right=False))
        if ruling.verdict == "upheld" and ruling.score_settled and ruling.score:  # the callers score
            assert "too late to score" not in explanation(ruling, "en"), (cid, hand)
            assert "trop tard pour marquer" not in explanation(ruling, "fr"), (cid, hand)


@pytest.mark.parametrize("cid", ["jouer-au-kems", "wikipedia", "regle-breve"])
def test_the_hand_going_on_after_a_wrong_kems_is_labelled_derived_not_stated(cid):
    # 002:31, 003:23, 004:16: each source says what ends the hand (a Kems made, held, discovered) and never
    # names a wrong Kems; that the hand then goes on follows from the general rule: derived, not stated
    from kems_ref.outputs.wording import explanation
    from kems_ref.referee.resolver import resolve
    from kems_ref.referee.situation import build

    conv = conventions.load(cid)
    wrong = resolve(conv, build("kems", hand="Q Q Q J"))
    assert wrong.verdict == "rejected" and wrong.hand_ends is False
    forces = {c["rule_point"]: c["force"] for c in wrong.citations}
    assert forces["hand.end"] == "derived"
    assert "derived" in explanation(wrong, "en") and "déduit" in explanation(wrong, "fr")
    right = resolve(conv, build("kems", hand="Q Q Q Q"))  # the hand's end on a right Kems is stated
    assert right.hand_ends is True
    assert {c["rule_point"]: c["force"] for c in right.citations}["hand.end"] == "prescribed"
    assert "derived" not in explanation(right, "en")


# --- the facts no ruling reads are still pinned: what `conventions show` (and compare) says ---------

def _shown_facts():
    data = yaml.safe_load((Path(__file__).parent / "data" / "shown-facts.yaml").read_text(encoding="utf-8"))
    return [(cid, point, fact) for cid, points in data.items() for point, fact in points.items()]


@pytest.mark.slow
@pytest.mark.parametrize("cid, point, fact", _shown_facts(), ids=lambda v: v if isinstance(v, str) else "")
def test_what_a_convention_states_where_no_ruling_reads_it_is_shown_with_its_force(run, cid, point, fact):
    shown = run("conventions", "show", cid, "--json").json()["rules"][point]
    assert (shown["status"], shown["value"], shown["force"]) == ("stated", fact["value"], fact["force"])
