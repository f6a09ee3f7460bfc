"""Rulings named as rulings: the seeds' worked examples, and the policy a ruling follows (silences,
descriptions and advice, unknown facts, contradictions).  The exhaustive tables of expected rulings
are in tests/rulings/ (run by test_ruling_tables.py)."""

from pathlib import Path

import pytest

from kems_ref.corpus import load as conventions

ALL = conventions.shipped_ids()


def branch(ruling, **facts):
    for b in ruling["branches"]:
        if all(b["if"].get(k.replace("__", ":").replace("_dot_", ".")) == v for k, v in facts.items()):
            return b["ruling"]
    raise AssertionError(f"no branch {facts} in {[b['if'] for b in ruling['branches']]}")


# --- seed 000 (Regles.com sheet applying Ducale): its three concrete situations -----------------

def test_under_ducale_a_kems_on_three_jacks_is_wrong_and_the_other_team_scores_1(rule):
    # seed 000:151
    r = rule("kems", "--hand", "V V V 2")
    assert r["verdict"] == "rejected"
    assert r["score"] == [{"team": "others", "change": 1, "unit": "point"}] and r["score_settled"] is True


def test_under_ducale_a_wrong_contre_kems_gives_the_accused_team_1_point_and_two_cards_of_different_ranks(rule):
    # seed 000:153, 000:109
    r = rule("contre-kems", "--hand", "7♥ 7♠ R♣ R♦")
    assert r["verdict"] == "rejected"
    assert r["score"] == [{"team": "accused", "change": 1, "unit": "point"}]
    assert r["hand_ends"] is True
    assert r["effects"] == ["accused-shows-two-different-cards"]
    assert [c["rule_point"] for c in r["citations"]] == ["hand.square", "call.contre_kems.target",
                                                         "call.contre_kems.proof", "call.contre_kems.wrong", "hand.end"]
    assert r["unspecified"] == [] and r["conflicts"] == [] and r["needs"] == []


def test_under_ducale_putting_two_cards_down_then_taking_two_is_allowed(rule):
    # seed 000:155
    assert rule("exchange", "--cards", "2", "--put-first")["verdict"] == "allowed"


def test_under_bicycle_two_cards_at_once_are_forbidden_make_two_exchanges(rule):
    # seed 000:155, 000:70
    r = rule("exchange", "--cards", "2", convention="bicycle")
    assert r["verdict"] == "forbidden" and r["score_settled"] is False  # what the breach costs: not said


# --- the corrections: each a ruling that was wrong or rested on a guess -------------------------

@pytest.mark.parametrize("cid", ["ducale", "marquoir", "pagat", "regles-com"])
def test_a_late_contre_kems_under_a_convention_where_any_call_ends_the_hand_finds_the_hand_already_ended(rule, cid):
    # seed 000:90, 000:99; 001:54; sources.md (Pagat: until someone says Kemps or Stop Kemps)
    r = rule("contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J", "--after-kems", convention=cid)
    assert r["verdict"] == "void" and r["hand_ends"] is True and r["effects"] == ["first-call-checked"]


def test_a_late_contre_kems_under_jouer_au_kems_is_void_and_only_the_hand_end_depends_on_the_kems(rule):
    # seed 002:31: the hand ends when a team has made a Kem's (a wrong Kems makes none: it goes on);
    # 002:28: a Contre Kems counts when called first
    r = rule("contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J", "--after-kems",
             convention="jouer-au-kems")
    assert r["verdict"] == "void" and r["needs"][0]["flag"] == "--kems-right / --kems-wrong"
    assert r["score_settled"] is True and r["score"] == [] and r["hand_ends"] is None
    assert (branch(r, kems_right=True)["verdict"], branch(r, kems_right=True)["hand_ends"]) == ("void", True)
    assert (branch(r, kems_right=False)["verdict"], branch(r, kems_right=False)["hand_ends"]) == ("void", False)


def test_a_late_wrong_contre_kems_is_still_wrong_where_the_hand_went_on(run, tmp_path):
    # A table that plays Jouer au Kems with "a wrong call never ends the hand": a Contre-Kems after a wrong Kems
    # is too late to score, but not too late to be wrong (seed 002:29: the wrong-call point has no timing clause)
    house = tmp_path / "maison.yaml"
    house.write_text("""id: maison
name: Maison
publication: {title: Maison}
extends: jouer-au-kems
rules:
  hand.end:
    status: stated
    value: square-found
    text: {fr: "Seule une annonce juste termine la manche.", en: "Only a right call ends the hand."}
    citation: {section: "Décidé avant la partie"}
""", encoding="utf-8")
    args = ["rule", "contre-kems", "--partner-hand", "8 9 10 J", "--after-kems", "--kems-wrong", "-c", str(house),
            "--json"]
    wrong = run(*args, "--hand", "7 7 K K").json()
    assert wrong["verdict"] == "rejected" and wrong["score"] == [{"team": "accused", "change": 1, "unit": "point"}]
    right = run(*args, "--hand", "K K K K").json()
    assert right["verdict"] == "void" and right["score"] == [] and right["hand_ends"] is False
    assert run("rule", "contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J", "--after-kems",
               "--kems-right", "-c", str(house), "--json").json()["hand_ends"] is True


@pytest.mark.parametrize("cid", ["marquoir", "pagat"])
def test_putting_down_first_is_not_forbidden_where_taking_first_is_a_permission(rule, cid):
    # seed 001:40 "on peut prendre … à condition d'en reposer immédiatement une"; sources.md:47-49 (Pagat: any
    # player may pick up, then discard at once): a permission leaves the other order open
    put_first = rule("exchange", "--put-first", convention=cid)
    assert put_first["verdict"] == "unspecified" and put_first["unspecified"] == ["exchange.order"]
    assert "permission covers that way only; it does not say whether another is allowed" in put_first["explanation"]
    assert put_first["citations"][0]["force"] == "permitted"
    assert rule("exchange", "--take-first", convention=cid)["verdict"] == "allowed"


@pytest.mark.slow
@pytest.mark.parametrize("cid", ["ducale", "jouer-au-kems", "wikipedia", "regle-breve"])
def test_taking_first_is_forbidden_where_putting_down_first_is_prescribed(rule, cid):
    assert rule("exchange", "--take-first", convention=cid)["verdict"] == "forbidden"


def test_an_exchange_whose_order_is_not_said_depends_on_it(rule):
    r = rule("exchange")
    assert r["verdict"] == "depends"
    assert r["needs"] == [{"fact": "take_first", "flag": "--take-first / --put-first",
                           "question": "Did the player pick up before putting down, or put down first?"}]
    assert branch(r, take_first=True)["verdict"] == "forbidden"
    assert branch(r, take_first=False)["verdict"] == "allowed"


@pytest.mark.slow
def test_at_eight_players_marquoir_does_not_settle_who_receives_the_point_for_a_wrong_kems(rule):
    # seed 001:47 ("c'est l'équipe adverse qui marque"), 001:11 (up to eight players)
    r = rule("kems", "--hand", "Q Q Q 2", "--players", "8", "--reading", "call.kems.wrong=1", convention="marquoir")
    assert r["verdict"] == "rejected" and r["score_settled"] is False and r["score"] == []
    assert "score.multi_team" in r["unspecified"]


def test_at_six_players_pagat_gives_every_opposing_team_a_letter_for_a_right_kemps(rule):
    # sources.md (Pagat): with more than four players, to every opposing team
    r = rule("kems", "--hand", "Q Q Q Q", "--players", "6", convention="pagat")
    assert r["score"] == [{"team": "others", "change": 1, "unit": "letter"}]
    assert "score.multi_team" in r["rule_points"] and r["unspecified"] == []


def test_under_wikipedia_a_contre_kems_on_an_empty_hand_whose_partner_holds_a_square_shows_both_readings(rule):
    # seed 003:19, 003:25 (team) against 003:29 (player)
    r = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q", convention="wikipedia")
    assert r["verdict"] == "depends"
    assert r["needs"][0]["fact"] == "reading:call.contre_kems.target"
    assert r["needs"][0]["flag"] == "--reading call.contre_kems.target=1|2"
    team, player = (b["ruling"] for b in r["branches"])
    assert team["verdict"] == "upheld" and team["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    # read as aimed at the player, the call is wrong; but the -1 is given only when the team holds no square
    assert player["verdict"] == "rejected" and player["score_settled"] is False
    assert r["conflicts"][0]["rule_point"] == "call.contre_kems.target"


def test_under_wikipedia_a_contre_kems_on_a_team_without_a_square_is_wrong_under_both_readings(rule):
    r = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "8 9 10 J", convention="wikipedia")
    assert r["verdict"] == "rejected" and r["score"] == [{"team": "callers", "change": -1, "unit": "point"}]


@pytest.mark.slow
def test_a_table_that_picks_a_reading_gets_a_settled_ruling(rule):
    r = rule("kems", "--hand", "D D D 2", "--reading", "call.kems.wrong=2", convention="marquoir")
    assert r["verdict"] == "rejected" and r["score"] == [{"team": "callers", "change": -1, "unit": "point"}]
    assert r["conflicts"][0]["reading"] == 2
    assert [c.get("reading") for c in r["citations"] if c["rule_point"] == "call.kems.wrong"] == [2]


def test_under_marquoir_a_wrong_kems_is_rejected_and_only_its_score_depends_on_the_reading(rule):
    # seed 001:47 against 001:21, 001:54: both readings reject the call; the headline is the verdict
    r = rule("kems", "--hand", "D D D 2", convention="marquoir")
    assert r["verdict"] == "rejected" and r["score_settled"] is False and r["hand_ends"] is True
    assert [n["fact"] for n in r["needs"]] == ["reading:call.kems.wrong"]
    scores = [b["ruling"]["score"] for b in r["branches"]]
    assert scores == [[{"team": "others", "change": 1, "unit": "point"}],
                      [{"team": "callers", "change": -1, "unit": "point"}]]
    assert all(b["ruling"]["verdict"] == "rejected" for b in r["branches"])


@pytest.mark.slow
def test_first_to_touch_is_regles_com_s_rule_and_a_silence_under_ducale(rule):
    # seed 000:52: the sheet tells the table to set, before play, that the first to touch a wanted card takes it
    r = rule("same-card", convention="ducale")
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["exchange.same_card"]
    ruled = rule("same-card", convention="regles-com")
    assert ruled["verdict"] == "first-toucher" and ruled["unspecified"] == []
    assert "advice" not in ruled["explanation"] and "does not say" not in ruled["explanation"]
    assert [(c["rule_point"], c["force"]) for c in ruled["citations"]] == [("exchange.same_card", "prescribed")]
    recs = r["elsewhere"][0]["recommendations"]
    assert [(x["convention"], x["force"]) for x in recs] == [("regles-com", "prescribed")]


def test_under_regles_com_a_word_as_the_signal_is_forbidden_and_ducale_shows_it_as_its_recommendation(rule):
    # seed 000:134, 000:164
    assert rule("signal", "--verbal", convention="regles-com")["verdict"] == "forbidden"
    r = rule("signal", "--verbal")
    assert r["verdict"] == "unspecified"
    assert [x["convention"] for x in r["elsewhere"][0]["recommendations"]] == ["regles-com"]


def test_the_short_page_redeals_three_identical_cards_only_at_the_very_start_of_the_game(rule):
    # seed 004:26
    assert rule("deal", "--hand", "9 9 9 K", "--first-deal", convention="regle-breve")["verdict"] == "redeal"
    assert rule("deal", "--hand", "9 9 9 K", "--later-deal", convention="regle-breve")["verdict"] == "unspecified"
    assert rule("deal", "--hand", "9 9 9 K", convention="regle-breve")["verdict"] == "depends"


# --- one silence policy ----------------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["ducale", "regles-com", "marquoir", "pagat", "regle-breve"])
def test_a_contre_kems_on_four_kings_is_upheld_with_no_question_where_the_source_makes_no_double_kems_exception(
        rule, cid):
    # 000:97, 000:108 (Ducale: right when the accused holds a square, no exception); 001:50; sources.md:55-57
    # (Pagat: right if either accused holds four of a kind); 004:5 (right if an opponent holds one)
    r = rule("contre-kems", "--hand", "K K K K", convention=cid)
    assert r["verdict"] == "upheld" and r["needs"] == [] and r["branches"] == [] and r["score_settled"] is True
    assert r["related"] == ["call.double_kems.counter"]
    # the others' exception is shown beside the ruling, never as this ruling's silence
    assert "call.double_kems.counter" not in r["unspecified"]
    shown = {item["rule_point"]: item for item in r["elsewhere"]}["call.double_kems.counter"]
    assert shown["exception"] is True
    assert [a["convention"] for a in shown["conventions"]] == ["jouer-au-kems", "wikipedia"]


@pytest.mark.parametrize("cid", ["jouer-au-kems", "wikipedia"])
def test_a_contre_kems_on_four_kings_asks_for_the_partner_where_the_source_excepts_a_double_kems(rule, cid):
    # 002:30, 003:23, 003:25: a Double Kems cannot be countered (both sources state the exception)
    r = rule("contre-kems", "--hand", "K K K K", convention=cid)
    assert r["verdict"] == "depends" and [n["fact"] for n in r["needs"]] == ["partner_square"]
    assert branch(r, partner_square=True)["verdict"] == "void"
    assert branch(r, partner_square=False)["verdict"] == "upheld"
    # what a square is, then the exception that voids the call
    assert [c["rule_point"] for c in branch(r, partner_square=True)["citations"]][:2] == \
        ["hand.square", "call.double_kems.counter"]


def test_under_ducale_a_contre_kems_on_a_team_holding_two_squares_is_right_ducale_makes_no_exception(rule):
    # 000:97, 000:108: the accused holds a square; Ducale states no Double Kems exception (seed 000: no such line)
    r = rule("contre-kems", "--hand", "K K K K", "--partner-hand", "Q Q Q Q")
    assert r["verdict"] == "upheld" and r["unspecified"] == [] and r["related"] == ["call.double_kems.counter"]
    assert r["score"] == [{"team": "callers", "change": 1, "unit": "point"}] and r["hand_ends"] is True
    assert "Ducale makes no exception for a Double Kems: the Contre-Kems is right." in r["explanation"]


def test_a_contre_kems_on_a_square_depends_on_the_partner_where_a_double_kems_would_change_it(rule):
    r = rule("contre-kems", "--hand", "K K K K", convention="jouer-au-kems")  # seed 002:30
    assert r["verdict"] == "depends"
    assert r["needs"][0]["flag"] == "--partner-hand CARDS / --partner-square / --no-partner-square"
    assert branch(r, partner_square=True)["verdict"] == "void"
    assert branch(r, partner_square=False)["verdict"] == "upheld"


def test_a_silent_score_is_not_settled_and_never_no_change(rule):
    r = rule("kems", "--square", convention="bicycle")  # the partner held the winning hand: said, not shown
    assert r["verdict"] == "upheld" and r["score_settled"] is False and r["hand_ends"] is None
    assert set(r["unspecified"]) == {"call.kems.right", "hand.end"}


def test_notes_on_silent_points_appear_in_rulings(rule):
    # seed 001:69: Marquoir names a Double Kems without a value
    r = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", convention="marquoir")
    assert r["verdict"] == "unspecified"
    assert [n["rule_point"] for n in r["notes"]] == ["call.double_kems.right"]


# --- cite what decided ------------------------------------------------------------------------------

def test_a_normal_deal_cites_the_dealt_cards_rule(rule):
    r = rule("deal", "--hand", "9 8 7 K")
    assert r["verdict"] == "play-on" and [c["rule_point"] for c in r["citations"]] == ["deal.identical_cards"]


def test_the_deck_is_cited_when_it_decides_that_the_cards_exist(rule):
    assert "deck.size" in [c["rule_point"] for c in rule("kems", "--hand", "2 2 2 2")["citations"]]
    assert "deck.size" not in [c["rule_point"] for c in rule("kems", "--hand", "Q Q Q Q")["citations"]]


def test_the_proof_is_cited_only_when_a_proof_takes_place(rule):
    right = rule("contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J")
    assert "call.contre_kems.proof" not in right["rule_points"]


# --- the other seeds ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_under_marquoir_lea_calls_kems_on_toms_four_queens_and_their_team_scores_1(rule):
    # seed 001:52
    r = rule("kems", "--hand", "D D D D", convention="marquoir")
    assert r["verdict"] == "upheld" and r["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    assert r["hand_ends"] is True


def test_under_jouer_au_kems_a_double_kems_scores_3_and_a_contre_kems_cannot_beat_it(rule):
    # seed 002:26, 002:30
    r = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", convention="jouer-au-kems")
    assert r["score"] == [{"team": "callers", "change": 3, "unit": "point"}]
    c = rule("contre-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", convention="jouer-au-kems")
    assert c["verdict"] == "void"


def test_under_jouer_au_kems_a_caller_wrong_earlier_this_hand_cannot_call_contre_kems(rule):
    # seed 002:29
    r = rule("contre-kems", "--hand", "7 7 K K", "--barred", convention="jouer-au-kems")
    assert r["verdict"] == "void"


def test_under_wikipedia_a_wrong_contre_kems_costs_the_callers_a_point_and_two_cards_go_to_the_caller_alone(rule):
    # seed 003:19, 003:29
    r = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "8 9 10 J", convention="wikipedia")
    assert r["score"] == [{"team": "callers", "change": -1, "unit": "point"}]
    assert r["effects"] == ["accused-shows-two-cards-to-caller-only", "caller-barred"]


def test_under_wikipedia_a_call_during_a_sweep_does_not_count(rule):
    # seed 003:17
    assert rule("kems", "--hand", "Q Q Q Q", "--during-sweep", convention="wikipedia")["verdict"] == "void"


@pytest.mark.slow
def test_under_wikipedia_a_lifted_card_counts_but_a_touched_one_does_not(rule):
    # seed 003:31
    assert rule("kems", "--hand", "Q Q Q", "--lifted", "Q", convention="wikipedia")["verdict"] == "upheld"
    assert rule("kems", "--hand", "Q Q Q", "--touched", "Q", convention="wikipedia")["verdict"] == "rejected"


def test_under_pagat_a_stop_kemps_is_right_when_only_the_partner_holds_the_square(rule):
    # sources.md (Pagat): right if either accused player holds four of a kind
    r = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q", convention="pagat")
    assert r["verdict"] == "upheld"
    assert r["score"] == [{"team": "accused", "change": 1, "unit": "letter"}]
    assert r["effects"] == ["accused-team-shows-hands"]


def test_scores_come_from_the_data_right_kems_differs_between_ducale_and_pagat(rule):
    assert rule("kems", "--hand", "Q Q Q Q")["score"][0]["unit"] == "point"
    assert rule("kems", "--hand", "Q Q Q Q", convention="pagat")["score"][0]["unit"] == "letter"


# --- several checks in one ruling: the strictest verdict stands; decks and table sizes ------------
# (each found by the mutation tool: a deliberate bug here changed no other test's outcome)

def test_under_ducale_a_spoken_hidden_signal_is_forbidden_though_ducale_is_silent_on_words(rule):
    # seed 000:19, 000:53 (the signal must be visible to all); Ducale says nothing of words
    r = rule("signal", "--verbal", "--hidden")
    assert r["verdict"] == "forbidden" and r["unspecified"] == ["signal.verbal"]


@pytest.mark.slow
def test_under_wikipedia_a_sound_as_the_signal_is_allowed_unless_banned_before_play(rule):
    # seed 003:7: no rule says a priori which sign is allowed; a kind of sign is banned only if said at the start
    # (a sound as a word); 003:7 also: a word if every player agrees to "jouer à la parlante"
    sound = rule("signal", "--sound", convention="wikipedia")
    assert sound["verdict"] == "depends" and [n["fact"] for n in sound["needs"]] == ["banned_before_play"]
    assert branch(sound, banned_before_play=False)["verdict"] == "allowed"
    assert branch(sound, banned_before_play=True)["verdict"] == "forbidden"
    assert rule("signal", "--sound", "--not-banned", convention="wikipedia")["verdict"] == "allowed"
    both = rule("signal", "--verbal", "--sound", "--not-banned", convention="wikipedia")
    assert both["verdict"] == "conditional" and both["unspecified"] == []


def test_under_wikipedia_a_hidden_second_signal_nobody_banned_is_allowed_only_if_all_agree(rule):
    # seed 003: hidden signs unless banned before play (allowed here), several signs with everyone's consent
    r = rule("signal", "--hidden", "--second-signal", "--not-banned", convention="wikipedia")
    assert r["verdict"] == "conditional" and r["rule_points"] == ["signal.visibility", "signal.count"]


def test_under_wikipedia_the_whole_hand_may_be_exchanged_against_the_four_middle_cards(rule):
    # seed 003: one card, several, or the whole hand
    assert rule("exchange", "--cards", "4", "--put-first", convention="wikipedia")["verdict"] == "allowed"


def test_under_wikipedia_a_32_card_deck_is_not_among_those_it_describes_so_the_deck_is_cited_and_left_open(rule):
    # seed 003, introduction: 36 or 52 cards, described, not prescribed
    r = rule("kems", "--deck", "32", "--hand", "7 7 7 7", convention="wikipedia")
    assert r["verdict"] == "upheld" and r["rule_points"][0] == "deck.size" and r["unspecified"] == ["deck.size"]


def test_under_pagat_ten_players_use_two_decks_so_five_sevens_can_be_out_at_eight_players_they_cannot(rule, run):
    # sources.md (Pagat: one deck up to eight players, two beyond)
    r = rule("contre-kems", "--players", "10", "--hand", "7 7 7 7", "--partner-hand", "7 2 3 4", convention="pagat")
    assert r["verdict"] == "upheld" and r["score"] == [{"team": "accused", "change": 1, "unit": "letter"}]
    refused = run("rule", "contre-kems", "-c", "pagat", "--players", "8", "--hand", "7 7 7 7", "--partner-hand",
                  "7 2 3 4")
    assert refused.code == 2 and "5 7s, but one deck holds only 4 under Pagat" in refused.err


# --- the explanation says whose rule it is, and how binding ----------------------------------------

@pytest.mark.slow
def test_under_marquoir_taking_before_putting_back_is_explained_as_a_permission_with_its_condition(run):
    # seed 001:40: a middle card may be taken provided one from the hand goes back at once
    en = run("rule", "exchange", "-c", "marquoir", "--take-first", "--json").json()
    assert en["verdict"] == "allowed" and en["explanation"].endswith(
        "Marquoir permits it on a condition: You may take a middle card provided you at once "
        "put one from your hand in its place.")
    fr = run("rule", "exchange", "-c", "marquoir", "--take-first", "--json", "--lang", "fr").json()
    assert fr["explanation"].endswith("Marquoir le permet sous condition : On peut prendre une carte du "
                                      "milieu à condition d'en reposer aussitôt une de sa main à la place.")
    assert "sans l'imposer" not in fr["explanation"] and "describes" not in en["explanation"]


def test_under_marquoir_one_card_at_a_time_is_a_rule_and_two_at_once_are_forbidden(run):
    # seed 001:41 « une carte à la fois »: a rule in the plain present, not a description
    r = run("rule", "exchange", "-c", "marquoir", "--cards", "2", "--take-first", "--json").json()
    assert r["verdict"] == "forbidden" and r["unspecified"] == []
    assert "One card at a time, as often as you like." in r["explanation"] and "describes" not in r["explanation"]


def test_under_ducale_putting_down_first_is_explained_by_ducales_own_rule_stated_as_a_rule(run):
    # seed 000 (Fiche technique › Échange): put down, then take
    en = run("rule", "exchange", "--put-first", "--json").json()
    assert en["explanation"] == ("The player put down before picking up. That is the convention's order. "
                                 "Put your cards down first, then pick up.")
    fr = run("rule", "exchange", "--put-first", "--json", "--lang", "fr").json()
    assert fr["explanation"].endswith("On dépose ses cartes d'abord, on prend ensuite.")
    assert "sans l'imposer" not in fr["explanation"]


# --- house rules reach what no published convention says (each a branch of the resolver) ---------

def _stated(point: str, value: str, en: str, fr: str, force: str = "prescribed",
            section: str = "Décidé avant la partie") -> str:
    """A point a house file states (``value`` as YAML), with its text and citation."""
    forced = f"    force: {force}\n" if force != "prescribed" else ""
    return (f"  {point}:\n    status: stated\n{forced}    value: {value}\n"
            f'    text: {{fr: "{fr}", en: "{en}"}}\n    citation: {{section: "{section}"}}\n')


def _house(tmp_path, rules: str, extends: str = "ducale"):
    house = tmp_path / "maison.yaml"
    house.write_text(f"id: maison\nname: Maison\npublication: {{title: Maison}}\nextends: {extends}\nrules:\n{rules}",
                     encoding="utf-8")
    return str(house)


def test_a_house_silent_on_when_the_hunt_opens_leaves_an_early_exchange_unsettled_though_its_order_is_right(run,
                                                                                                          tmp_path):
    house = _house(tmp_path, "  hunt.opening: {status: unspecified}\n")
    r = run("rule", "exchange", "--put-first", "--before-opening", "-c", house, "--json").json()
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["hunt.opening"]


def test_a_house_silent_on_how_many_cards_leaves_two_at_once_unsettled_though_its_order_is_right(run, tmp_path):
    house = _house(tmp_path, "  exchange.count: {status: unspecified}\n")
    r = run("rule", "exchange", "--cards", "2", "--put-first", "-c", house, "--json").json()
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["exchange.count"]


def test_a_house_where_every_opposing_team_scores_gives_a_wrong_contre_kems_point_to_both_other_teams(run, tmp_path):
    # Jouer au Kems gives a wrong Contre-Kems's point to "the other team"; the house says which at six players
    house = _house(tmp_path, (
        _stated('score.multi_team', 'every-opposing-team', 'Every opposing team scores.',
                'Chaque équipe adverse marque.')
    ), extends="jouer-au-kems")
    r = run("rule", "contre-kems", "--hand", "7 7 K K", "--partner-hand", "8 9 10 J", "--players", "6", "-c", house,
            "--json").json()
    assert r["verdict"] == "rejected" and r["score"] == [{"team": "accused", "change": 1, "unit": "point"},
                                                         {"team": "others", "change": 1, "unit": "point"}]


@pytest.mark.slow
def test_a_house_that_plays_on_after_three_of_a_kind_dealt_plays_on_even_with_four(run, tmp_path):
    house = _house(tmp_path, (
        _stated('deal.identical_cards', '{threshold: 3, action: play-on}', 'The deal stands.',
                'On joue la donne telle quelle.')
    ))
    for hand in ("9 9 9 K", "9 9 9 9"):
        r = run("rule", "deal", "--hand", hand, "-c", house, "--json").json()
        assert (r["verdict"], r["hand_ends"], r["effects"]) == ("play-on", False, [])


def test_a_fact_not_given_that_changes_nothing_is_not_stated_in_the_explanation(run):
    # Double Kems under Ducale, read as a false call whatever square is there (reading 1 of what the sheet
    # leaves open): the caller holds no square, so the partner's hand changes nothing; the explanation must
    # not say "the partner holds a square" (one branch's answer) as if it were given
    r = run("rule", "double-kems", "--partner-hand", "2 3 4 5", "--reading", "call.double_kems.wrong=1",
            "--json").json()
    assert r["verdict"] == "rejected" and r["needs"] == [] and r["score_settled"] is True
    assert r["explanation"] == ("The caller holds no square (2 3 4 5). False call: the opposing team scores one "
                                "point. The answer to 'Did the caller's partner hold a "
                                "square?' changes nothing here.")
    fr = run("rule", "double-kems", "--partner-hand", "2 3 4 5", "--reading", "call.double_kems.wrong=1", "--json",
             "--lang", "fr").json()
    assert "(cartes non précisées)" not in fr["explanation"]
    assert fr["explanation"].startswith("L'annonceur n'a pas de carré (2 3 4 5).")


# --- what cannot happen, and why: each refusal names what decided it ------------------------------

@pytest.mark.parametrize("cid", ["nathan", "bicycle", "pagat"])
def test_a_five_card_hand_is_ruled_on_its_cards_where_the_source_states_no_hand_limit(run, cid):
    # 000:143-146 (Nathan, Bicycle: no hand limit reported); sources.md:40-47 (Pagat: four dealt, no limit):
    # the call is ruled, and the hand limit is shown as the source's silence, not as a rule it never gave
    r = run("rule", "kems", "--hand", "Q Q Q Q 2", "-c", cid, "--json").json()
    assert r["verdict"] == "upheld" and "exchange.hand_limit" in r["unspecified"]
    assert "hand-over-limit" not in r["effects"] and "at most 4" not in r["explanation"]
    assert "holds 5 cards" in r["explanation"]


@pytest.mark.slow
@pytest.mark.parametrize("cid, seed", [("wikipedia", "003:15"), ("ducale", "000:43"), ("marquoir", "001:40"),
                                       ("jouer-au-kems", "002:22"), ("regle-breve", "004:10")])
def test_a_five_card_hand_breaks_the_limit_of_four_where_the_source_states_one(run, cid, seed):
    r = run("rule", "kems", "--hand", "Q Q Q Q 2", "-c", cid, "--json").json()
    assert r["verdict"] == "upheld" and r["effects"] == ["hand-over-limit"], seed
    assert "exchange.hand_limit" in [c["rule_point"] for c in r["citations"]]
    assert "The partner holds 5 cards, more than the limit of 4." in r["explanation"]
    wrong = run("rule", "kems", "--hand", "Q Q Q 2 3", "-c", cid, "--json").json()
    assert wrong["verdict"] == "rejected" and wrong["effects"] == ["hand-over-limit"]


def test_a_hand_larger_than_any_player_can_hold_is_refused_naming_why(run):
    r = run("rule", "kems", "--hand", "2 3 4 5 6 7 8 9 10")
    assert r.code == 2 and r.err.strip() == ("kems-ref: error: --hand has 9 cards: no player can hold that many "
                                             "(4 dealt and 4 in the middle at most)")
    five_queens = run("rule", "kems", "--hand", "Q Q Q Q", "--lifted", "Q")
    assert five_queens.code == 2 and "5 queens" in five_queens.err


def test_an_impossible_hand_names_what_decided_the_deck(run):
    # the convention's own deck rule, the user's --deck, or the largest deck assumed where the source is silent
    ducale = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "Q 2 3 4")
    assert ducale.code == 2 and ducale.err.strip().endswith(
        "5 queens, but one deck holds only 4 under Ducale (Notice Ducale, via Regles.com, réf. [1] — "
        "Fiche technique › Matériel)")
    given = run("rule", "kems", "--deck", "32", "--hand", "2 2 2 2", "-c", "jouer-au-kems")
    assert given.code == 2 and given.err.strip().endswith("under Jouer au Kems (--deck 32)")
    silent = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "Q 2 3 4", "-c", "regle-breve")
    assert silent.code == 2 and silent.err.strip().endswith(
        "under Règle brève (deck not stated: 52, the largest, assumed)")


def test_under_jouer_au_kems_at_six_players_the_explanation_counts_three_teams(run):
    r = run("rule", "contre-kems", "-c", "jouer-au-kems", "--players", "6", "--hand", "7 7 K K", "--partner-hand",
            "8 9 10 J", "--json").json()
    assert r["score_settled"] is False and r["explanation"].endswith(
        "with 6 players in 3 teams, who receives it is not settled.")


@pytest.mark.slow
def test_a_fact_the_table_gives_without_cards_is_stated_as_given_in_the_explanation(run):
    en = run("rule", "kems", "--no-square", "--json").json()
    assert en["explanation"] == ("The partner holds no square (the cards are not given). "
                                 "Wrong Kems: one point to the opposing team.")
    fr = run("rule", "kems", "--no-square", "--json", "--lang", "fr").json()
    assert fr["explanation"] == ("Le partenaire n'a pas de carré (cartes non précisées). "
                                 "Kems faux : un point pour l'équipe adverse.")


@pytest.mark.slow
def test_explanations_say_why_a_hand_or_a_call_does_not_count(run):
    def why(*args):
        return run("rule", *args, "--json").json()["explanation"]

    # Ducale's Contre-Kems names one player: the partner's square is said not to count
    assert "The Contre-Kems targets one player: the partner's square does not count." in why(
        "contre-kems", "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q")
    # Pagat's plain gesture: allowed, and its rule on words is recalled
    assert why("signal", "-c", "pagat") == ("A single visible non-verbal gesture: nothing in Pagat forbids it. "
                                           "Gestures and movements only: words are not allowed.")
    # a call a source names without a rule, and one it never mentions
    variant = str(Path(__file__).parent / "data" / "variants" / "howdoyouplayit.yaml")
    assert why("double-contre-kems", "-c", variant) == \
        "howdoyouplayit names a Double Contre-Kems without giving its rule."
    assert why("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", "-c", variant).endswith(
        "Both partners hold a square. howdoyouplayit does not say what this case scores. "
        "howdoyouplayit does not say whether the hand ends after such a call.")
    assert why("double-contre-kems") == "Ducale does not mention a Double Contre-Kems."
    # a word as the signal: Wikipedia's condition, and Pagat's ban, each said once
    assert why("signal", "--verbal", "-c", "wikipedia") == \
        "A word is possible if everyone agrees to play « à la parlante »."
    assert why("signal", "--verbal", "-c", "pagat") == "Gestures and movements only: words are not allowed."


def test_a_house_that_only_describes_no_calls_during_a_sweep_leaves_a_kems_then_unsettled(run, tmp_path):
    house = _house(tmp_path, (
        _stated('sweep.calls', 'false', 'People usually do not call during a sweep.',
                "En général on n'annonce pas pendant le balayage.", force='described', section='Habitudes de la table')
    ))
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--during-sweep", "-c", house, "--json").json()
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["sweep.calls"]


def test_a_house_silent_on_when_a_hand_ends_still_rules_a_late_contre_kems_by_ducale_s_timing_rule(run, tmp_path):
    house = _house(tmp_path, "  hand.end: {status: unspecified}\n")
    r = run("rule", "contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J", "--after-kems", "-c", house,
            "--json").json()
    assert (r["verdict"], r["score_settled"], r["hand_ends"]) == ("void", True, None)
    assert r["unspecified"] == ["hand.end"]


def test_a_house_that_only_describes_the_contre_kems_coming_before_the_kems_leaves_a_late_one_unsettled(run,
                                                                                                       tmp_path):
    house = _house(tmp_path, (
        _stated('call.contre_kems.timing', 'before-kems', 'A Contre-Kems usually comes before the Kems.',
                "D'habitude le Contre-Kems vient avant le Kems.", force='described', section='Habitudes de la table')
    ))
    r = run("rule", "contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J", "--after-kems", "-c", house,
            "--json").json()
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["call.contre_kems.timing"]


def test_under_wikipedia_each_reading_of_whom_a_contre_kems_targets_says_which_it_is(run):
    def why(reading):
        return run("rule", "contre-kems", "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q", "-c", "wikipedia",
                   "--reading", f"call.contre_kems.target={reading}", "--json").json()["explanation"]

    assert "(reading 1 of the source) The Contre-Kems targets the whole team: either player's square is enough." \
        in why(1)
    assert "(reading 2 of the source) The Contre-Kems targets one player: the partner's square does not count." \
        in why(2)


def test_a_house_that_forbids_sounds_forbids_a_cough_as_the_signal(run, tmp_path):
    house = _house(tmp_path, _stated('signal.sound', 'forbidden', 'No sound as a signal.', 'Pas de bruit pour signal.'))
    assert run("rule", "signal", "--sound", "-c", house, "--json").json()["verdict"] == "forbidden"


def test_a_house_with_one_signal_still_allows_a_second_that_only_warns_when_it_says_so(run, tmp_path):
    house = _house(tmp_path, (
        _stated('signal.count', 'one', 'One sign per team.', 'Un seul signe par équipe.')
        + _stated('signal.warning', 'true', 'A second sign may warn we are watched.',
                  "Un second signe peut avertir qu'on est observé.")
    ))
    warns = run("rule", "signal", "--second-signal", "--warning-sign", "-c", house, "--json").json()
    assert (warns["verdict"], warns["effects"]) == ("allowed", ["warning-signal-allowed"])
    assert "In this case the second sign only warns 'we are being watched'." in warns["explanation"]
    other = run("rule", "signal", "--second-signal", "--other-sign", "-c", house, "--json").json()
    assert other["verdict"] == "forbidden"
    assert "In this case the second sign is not the warning sign." in other["explanation"]


def test_a_house_where_four_cards_must_be_gathered_in_one_hand_rejects_a_kems_on_scattered_ones(run, tmp_path):
    house = _house(tmp_path, (
        _stated('call.ungathered', 'false', 'The square must be in hand.', 'Le carré doit être en main.')
    ))
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--ungathered", "-c", house, "--json").json()
    assert r["verdict"] == "rejected" and r["score"] == [{"team": "others", "change": 1, "unit": "point"}]


def test_under_marquoir_each_reading_of_a_wrong_kems_cites_its_own_paragraph(run):
    def cited(reading):
        r = run("rule", "kems", "--hand", "Q Q Q J", "-c", "marquoir", "--reading", f"call.kems.wrong={reading}",
                "--json").json()
        return [c["section"] for c in r["citations"] if c["rule_point"] == "call.kems.wrong"]

    assert cited(1) == ["Annoncer Kems ; Scoring"]
    assert cited(2) == ["Fin de la manche et de la partie ; Scoring"]


def test_side_by_side_a_convention_under_which_the_table_cannot_exist_settles_nothing(run):
    rulings = run("rule", "kems", "--hand", "Q Q Q Q", "--players", "10", "--all", "--json").json()
    impossible = [r for r in (rulings["rulings"] if isinstance(rulings, dict) else rulings)
                  if r["verdict"] == "impossible"]
    assert [(r["convention"], r["score"], r["score_settled"], r["hand_ends"]) for r in impossible] == [
        ("jouer-au-kems", [], False, None), ("marquoir", [], False, None), ("regles-com", [], False, None)]
    # six players: Regles.com's sheet calls them possible under Pagat: a ruling, not an impossibility
    six = run("rule", "kems", "--hand", "Q Q Q Q", "--players", "6", "--all", "--json").json()
    six = six["rulings"] if isinstance(six, dict) else six
    assert [r["verdict"] for r in six if r["convention"] == "regles-com"] == ["unspecified"]
    assert not [r for r in six if r["verdict"] == "impossible"]


def test_a_house_that_only_describes_barring_a_wrong_caller_leaves_his_next_contre_kems_unsettled(run, tmp_path):
    # on Jouer au Kems, where a wrong Contre-Kems does not end the hand (under Ducale it did: the call is void)
    house = _house(tmp_path, extends="jouer-au-kems", rules=_stated(
        "call.contre_kems.after_wrong", "{barred: true, until: hand}", "Usually a wrong caller calls no more.",
        "En général, qui s'est trompé ne contre plus.", force="described", section="Habitudes de la table"))
    r = run("rule", "contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J", "--barred", "-c", house,
            "--json").json()
    assert r["verdict"] == "unspecified" and "call.contre_kems.after_wrong" in r["unspecified"]


def test_a_house_that_only_describes_that_a_double_kems_is_not_countered_leaves_the_contre_kems_unsettled(run,
                                                                                                       tmp_path):
    house = _house(tmp_path, (
        _stated('call.double_kems.counter', 'false', 'A Double Kems is usually not countered.',
                "D'habitude on ne contre pas un Double Kems.", force='described', section='Habitudes de la table')
    ))
    r = run("rule", "contre-kems", "--hand", "K K K K", "--partner-hand", "Q Q Q Q", "-c", house, "--json").json()
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["call.double_kems.counter"]


# --- exceptions as data: a source that makes none keeps its general rule whole -------------------

def test_a_house_that_only_advises_against_calls_during_a_sweep_still_judges_the_call_and_shows_the_advice(
        run, tmp_path):
    house = _house(tmp_path, _stated("sweep.calls", "false", "We advise no call during a sweep.",
                                     "Nous conseillons de ne rien annoncer pendant un balayage.", force="advised"))
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--during-sweep", "-c", house, "--json").json()
    assert r["verdict"] == "upheld" and r["unspecified"] == [] and r["related"] == ["sweep.calls"]
    assert r["explanation"].startswith("Maison gives this as advice, not as a rule: We advise no call during a sweep. "
                                       "The call was made during a sweep; Maison makes no exception")


ADVICE = ("We advise against it.", "Nous le déconseillons.")
OUTCOME = ("verdict", "score", "hand_ends", "effects", "unspecified", "related")


def _ruled_with_advice_and_with_silence(run, tmp_path, point, value, parent, args):
    """The same house (over ``parent``) stating ``point`` only as advice, then silent on it: each ruling,
    ruled by the command line (an internal error would be exit 70)."""
    out = []
    advice = _stated(point, value, *ADVICE, force="advised", section="Conseils")
    for rules in (advice, f"  {point}: {{status: unspecified}}\n"):
        folder = tmp_path / str(len(out))
        folder.mkdir()
        r = run("rule", *args, "-c", _house(folder, rules, extends=parent), "--json", "--lang", "en")
        assert r.code == 0, r.err
        out.append(r.json())
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("point", "value", "parent", "args", "verdict", "score", "unspecified"), [
    # Règle brève states no timing rule: after a wrong Kems its hand goes on, and the Contre-Kems is judged
    ("call.contre_kems.timing", "before-kems", "regle-breve",
     ("contre-kems", "--hand", "K K K K", "--partner-hand", "2 3 4 5", "--after-kems", "--kems-wrong"),
     "upheld", [{"team": "callers", "change": 1, "unit": "point"}], []),
    # Ducale ends the hand at any call: a Contre-Kems after a right Kems comes after the hand
    ("call.contre_kems.timing", "before-kems", "ducale", ("contre-kems", "--hand", "K K K K", "--after-kems",
                                                          "--kems-right"), "void", [], []),
    # Bicycle says nothing of the hand's end: without a timing rule, whether it may still follow is open
    ("call.contre_kems.timing", "before-kems", "bicycle", ("contre-kems", "--hand", "K K K K", "--after-kems",
                                                           "--kems-wrong"), "unspecified", [],
     ["call.contre_kems.timing"]),
    # exceptions: the general rule holds whole
    ("call.double_kems.counter", "false", "ducale", ("contre-kems", "--hand", "K K K K", "--partner-hand", "Q Q Q Q"),
     "upheld", [{"team": "callers", "change": 1, "unit": "point"}], []),
    ("call.double_kems.counter", "false", "pagat", ("contre-kems", "--hand", "K K K K", "--partner-hand", "Q Q Q Q"),
     "upheld", [{"team": "accused", "change": 1, "unit": "letter"}], []),
    ("call.contre_kems.after_wrong", "{barred: true, until: hand}", "jouer-au-kems",
     ("contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J", "--barred"),
     "upheld", [{"team": "callers", "change": 1, "unit": "point"}], []),
    ("call.ungathered", "false", "ducale", ("kems", "--hand", "Q Q Q Q", "--ungathered"),
     "upheld", [{"team": "callers", "change": 1, "unit": "point"}], []),
], ids=["timing over regle-breve", "timing over ducale", "timing over bicycle", "double kems counter over ducale",
        "double kems counter over pagat", "after a wrong contre-kems over jouer-au-kems", "ungathered over ducale"])
def test_a_timing_or_exception_point_a_house_only_advises_is_ruled_as_its_silence(run, tmp_path, point, value, parent,
                                                                                  args, verdict, score, unspecified):
    """Advice decides nothing: a house over Règle brève that advises calling Contre-Kems before the Kems
    still upholds a Contre-Kems after a wrong Kems (+1 to the callers), as the house silent on it does;
    a house that advises against countering a Double Kems still upholds the Contre-Kems on one."""
    advised, silent = _ruled_with_advice_and_with_silence(run, tmp_path, point, value, parent, args)
    assert (advised["verdict"], advised["score"], advised["unspecified"]) == (verdict, score, unspecified)
    assert {k: advised[k] for k in OUTCOME} == {k: silent[k] for k in OUTCOME}


def test_advice_on_an_exception_is_shown_as_advice_beside_the_rule_that_holds(run, tmp_path):
    advised, _ = _ruled_with_advice_and_with_silence(
        run, tmp_path, "call.double_kems.counter", "false", "ducale",
        ("contre-kems", "--hand", "K K K K", "--partner-hand", "Q Q Q Q"))
    assert advised["explanation"].startswith("The accused player holds a square (K K K K). Maison gives this as "
                                             "advice, not as a rule: We advise against it.")
    assert advised["related"] == ["call.double_kems.counter"]
    cited = {c["rule_point"]: c["force"] for c in advised["citations"]}
    assert cited["call.double_kems.counter"] == "advised"


@pytest.mark.slow
def test_under_ducale_a_kems_called_during_a_sweep_is_judged_like_any_other_in_so_many_words(run):
    # seed 000:90: any call stops the hand and the named hand is checked; Ducale makes no sweep exception
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--during-sweep", "--json").json()
    assert r["explanation"] == ("The call was made during a sweep; Ducale makes no exception for calls during a "
                                "sweep: it is judged like any other. The partner holds a square (Q Q Q Q). Right "
                                "Kems: one point to the calling team.")
    assert [item["rule_point"] for item in r["elsewhere"]] == ["sweep.calls"]
    assert [a["convention"] for a in r["elsewhere"][0]["conventions"]] == ["wikipedia"]  # 003:17


def test_under_ducale_a_double_kems_whose_square_needs_a_lifted_card_is_not_settled(rule):
    # Ducale does not say whether a lifted card is in hand: the caller's partner's square is not settled
    r = rule("double-kems", "--hand", "Q Q Q", "--lifted", "Q", "--partner-hand", "K K K K")
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["exchange.lifted_card"]
    assert r["score_settled"] is False and r["hand_ends"] is None


def test_under_regle_breve_a_contre_kems_after_a_right_kems_is_void_by_the_hand_end_rule_alone(rule):
    # 004:16: the hand ends when a Kem's is discovered; the page states no timing rule of its own
    r = rule("contre-kems", "--hand", "K K K K", "--after-kems", "--kems-right", convention="regle-breve")
    assert r["verdict"] == "void" and r["hand_ends"] is True and r["effects"] == []
    assert r["explanation"] == ("In this case the Kems called first was right. The hand stops when a Kem's is "
                                "discovered. So the hand had already ended: this Contre-Kems does not count.")
    wrong = rule("contre-kems", "--hand", "K K K K", "--partner-hand", "2 3 4 5", "--after-kems", "--kems-wrong",
                 convention="regle-breve")
    assert wrong["verdict"] == "upheld"  # the hand went on: with no timing rule, the call is judged
    assert wrong["score"] == [{"team": "callers", "change": 1, "unit": "point"}]


# --- the mutation survivors of the re-reading, each aimed at by a ruling ---------------------------

@pytest.mark.slow
def test_where_both_readings_reject_a_kems_the_explanation_says_only_what_they_share(rule):
    # Marquoir 001:47 against 001:54: the verdict is the headline, the score waits for the reading
    r = rule("kems", "--hand", "Q Q Q J", convention="marquoir")
    assert r["explanation"] == ("The partner holds no square (Q Q Q J). What follows depends on: The source "
                                "contradicts itself ('Score for a wrong Kems?'): which reading does your table "
                                "follow?")


def test_a_note_of_the_source_on_a_point_the_ruling_applies_is_shown(rule):
    # 003:23: play runs until a square; the note says why a wrong Kem's lets the hand go on
    r = rule("kems", "--hand", "Q Q Q J", convention="wikipedia")
    assert r["hand_ends"] is False and [n["rule_point"] for n in r["notes"]] == ["hand.end"]


def test_a_hand_of_eight_cards_can_be_held_nine_cannot_where_the_source_deals_four(run):
    eight = run("rule", "kems", "--hand", "2 3 4 5 6 7 8 9", "--json").json()
    assert eight["verdict"] == "rejected" and eight["effects"] == ["hand-over-limit"]
    nine = run("rule", "kems", "--hand", "2 3 4 5 6 7 8 9 10", "-c", "nathan")
    assert nine.code == 2 and nine.err.strip().endswith("(4 dealt and 4 in the middle at most)")


def test_a_lifted_card_counts_toward_the_hand_limit_only_where_the_source_says_it_is_held(run):
    # 003:31 (Wikipédia: a lifted card is in hand) with 003:15 (no more than four): five cards held
    wiki = run("rule", "kems", "--hand", "Q Q Q 2", "--lifted", "Q", "-c", "wikipedia", "--json").json()
    assert wiki["verdict"] == "upheld" and wiki["effects"] == ["hand-over-limit"]
    # Ducale says nothing of lifted cards: whether the fifth card is held is not settled, nor the breach
    ducale = run("rule", "kems", "--hand", "Q Q Q 2", "--lifted", "Q", "--json").json()
    assert ducale["verdict"] == "unspecified" and ducale["effects"] == [] and "5 cards" not in ducale["explanation"]


def test_a_house_whose_hand_end_says_nothing_of_a_wrong_kems_leaves_a_late_contre_kems_unsettled(run, tmp_path):
    house = _house(tmp_path, _stated("hand.end", "{ends: [right-call]}", "The hand ends on a right call.",
                                     "La manche finit sur une annonce juste."))
    r = run("rule", "contre-kems", "--hand", "K K K K", "--after-kems", "--kems-wrong", "-c", house,
            "--json").json()
    assert r["verdict"] == "unspecified" and r["hand_ends"] is None


def test_a_contre_kems_whose_square_hangs_on_a_lifted_card_is_not_settled_under_ducale(rule):
    r = rule("contre-kems", "--hand", "K K K", "--lifted", "K")
    assert r["verdict"] == "unspecified" and r["unspecified"] == ["exchange.lifted_card"]


@pytest.mark.slow
def test_under_ducale_the_no_exception_sentence_is_said_only_when_the_partner_is_known_to_hold_a_square(rule):
    alone = rule("contre-kems", "--hand", "K K K K")
    assert alone["explanation"] == ("The accused player holds a square (K K K K). Right Contre-Kems: one point to "
                                    "the countering team.")
    none = rule("contre-kems", "--hand", "K K K K", "--partner-hand", "2 3 4 5")
    assert "makes no exception" not in none["explanation"]
    told = rule("contre-kems", "--hand", "K K K K", "--partner-square")
    assert "Ducale makes no exception for a Double Kems: the Contre-Kems is right." in told["explanation"]


def test_under_ducale_a_late_contre_kems_is_explained_by_its_timing_rule_once(rule):
    # 000:99 (too late once Kems is called), 000:90 (any call stops the hand)
    r = rule("contre-kems", "--hand", "K K K K", "--partner-hand", "8 9 10 J", "--after-kems")
    assert r["explanation"] == ("Once Kems has been called a Contre-Kems is too late: the first valid call is "
                                "checked. Kems had already been called and any call ends the hand: it ended with "
                                "the Kems, so this Contre-Kems does not count.")


@pytest.mark.slow
def test_explanations_say_whether_a_source_prescribes_or_only_describes(run, tmp_path):
    # a description that scores is applied as given, and said to be a description, in both languages
    house = _house(tmp_path, _stated("call.kems.right", "[{team: callers, change: 2, unit: point}]",
                                     "Usually a right Kems is worth two.", "D'habitude un Kems juste vaut deux.",
                                     force="described", section="Habitudes"))
    en = run("rule", "kems", "--hand", "Q Q Q Q", "-c", house, "--json").json()
    assert en["score"] == [{"team": "callers", "change": 2, "unit": "point"}]
    assert "Maison describes play this way, without prescribing it: Usually a right Kems is worth two." in \
        en["explanation"]
    fr = run("rule", "kems", "--hand", "Q Q Q Q", "-c", house, "--json", "--lang", "fr").json()
    assert "Maison décrit ainsi le jeu, sans l'imposer : D'habitude un Kems juste vaut deux." in fr["explanation"]
    # a rule of the source is said as the rule, with no such mark (Wikipédia 003:27)
    wiki = run("rule", "kems", "--hand", "Q Q Q J", "-c", "wikipedia", "--json").json()
    assert wiki["explanation"] == ("The partner holds no square (Q Q Q J). Mistaken Kem's: one point to the other "
                                   "team. Wikipédia does not name this case: whether the hand ends is derived from "
                                   "its general rule, not stated.")  # (and what it derives is said so: #32)


def test_the_library_refuses_every_convention_and_a_named_one_at_once():
    """--all with -c: which one the user meant is not guessed, by any front end."""
    import pytest

    from kems_ref.errors import KemsError
    from kems_ref.referee import api

    sit = api.situation("kems", {"hand": "Q Q Q Q"})
    with pytest.raises(KemsError) as caught:
        api.rule(sit, "pagat", everywhere=True)
    assert caught.value.key == "error.all_and_convention"
    assert len(api.rule(sit, None, everywhere=True).rulings) == 9
    assert api.rule(sit, None).rulings[0].convention == "ducale"  # none named: the default


# --- the card messages a new player read ---------------------------------------------------------------

@pytest.mark.parametrize(("args", "said"), [
    (["rule", "kems", "--hand", "Q Q Q Q Q", "--lang", "fr"],
     "impossible : 5 dames, alors qu'un paquet n'en contient que 4 sous Ducale (Notice Ducale, via Regles.com, "
     "réf. [1] — Fiche technique › Matériel)"),
    (["rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "Q Q Q Q Q", "-c", "pagat", "--players", "10",
      "--lang", "fr"],
     "impossible : 9 dames, alors que 2 paquets n'en contiennent que 8 sous Pagat (Pagat, « Kemps » (John McLeod), "
     "via pagat.com, d'après les faits reformulés par le projet ; Regles.com, réf. [2] — joueurs et cartes)"),
    (["rule", "kems", "--hand", "2 2 2 2", "--deck", "32", "-c", "jouer-au-kems", "--lang", "fr"],
     "pas de 2 dans un paquet de 32 cartes (il contient 7 8 9 10 V D R As) sous Jouer au Kems (--deck 32)"),
    (["rule", "kems", "--hand", "Kh Kh K K", "--lang", "fr"],
     "impossible : R♥ apparaît 2 fois mais n'existe qu'une fois sous Ducale (Notice Ducale, via Regles.com, "
     "réf. [1] — Fiche technique › Matériel)"),
    (["rule", "kems", "--hand", "K K K K K", "--lang", "en"],
     "impossible: 5 kings, but one deck holds only 4 under Ducale (Notice Ducale, via Regles.com, réf. [1] — "
     "Fiche technique › Matériel)"),
])
def test_an_impossible_hand_is_said_with_the_rank_s_word_its_plural_and_the_convention_s_name(run, args, said):
    r = run(*args)
    assert r.code == 2
    assert r.err.strip().removeprefix("kems-ref: error: ").removeprefix("kems-ref : erreur : ") == said


# --- issue #32 §1: a Kems and a Contre-Kems at once, a player caught with five cards, the team accused ----

def test_no_source_says_which_of_a_kems_and_a_contre_kems_called_at_once_counts_ducale_tells_its_timing_rule(rule):
    # 000:27, 000:93, 000:99: a Contre-Kems before the Kems, the first valid call checked; nothing on a tie
    r = rule("contre-kems", "--hand", "Q Q Q Q", "--simultaneous", "--lang", "en")
    assert (r["verdict"], r["score_settled"], r["hand_ends"]) == ("unspecified", False, True)
    assert r["unspecified"] == ["call.simultaneous"]
    assert [c["rule_point"] for c in r["citations"]] == ["call.contre_kems.timing", "hand.end"]
    assert ("Called together, the Contre-Kems came neither before the Kems nor after it: Ducale's timing rule "
            "does not decide between them.") in r["explanation"]
    assert "Each of the two calls ends the hand, whichever counts." in r["explanation"]


def test_a_simultaneous_call_is_refused_beside_after_kems_and_on_a_double_kems(run):
    both = run("rule", "contre-kems", "--simultaneous", "--after-kems", "--lang", "en")
    assert both.code == 2 and both.err.strip() == ("kems-ref: error: --simultaneous and --after-kems say opposite "
                                                   "things: give one of them (or neither, if nobody knows)")
    assert run("rule", "double-kems", "--simultaneous").code == 2


SIMULTANEOUS_HOUSE = """\
id: kems-d-abord
name: Le Kems d'abord
extends: ducale
publication: {title: Nos règles}
rules:
  call.simultaneous:
    status: stated
    value: kems-prevails
    text: {fr: "Annoncés ensemble, le Kems l'emporte.", en: "Called together, the Kems prevails."}
    citation: {section: "Les annonces"}
"""


def test_a_house_file_giving_the_kems_precedence_rules_it_alone_and_voids_the_contre_kems(run, tmp_path):
    path = tmp_path / "kems-d-abord.yaml"
    path.write_text(SIMULTANEOUS_HOUSE, encoding="utf-8")
    kems = run("rule", "kems", "--hand", "Q Q Q Q", "--simultaneous", "-c", str(path), "--json", "--lang", "en").json()
    assert (kems["verdict"], kems["score"], kems["hand_ends"]) == (
        "upheld", [{"team": "callers", "change": 1, "unit": "point"}], True)
    assert "Called together, the Kems prevails." in kems["explanation"]
    contre = run("rule", "contre-kems", "--hand", "Q Q Q Q", "--simultaneous", "-c", str(path), "--json",
                 "--lang", "en").json()
    assert (contre["verdict"], contre["score"], contre["score_settled"], contre["hand_ends"]) == (
        "void", [], True, True)
    assert [c["rule_point"] for c in contre["citations"]] == ["call.simultaneous", "hand.end"]


@pytest.mark.parametrize("cid, seed", [("ducale", "000:43"), ("wikipedia", "003:15"), ("regle-breve", "004:10")])
def test_a_player_caught_holding_five_cards_breaks_the_limit_its_cost_unsettled(rule, cid, seed):
    r = rule("exchange", "--over-limit", "5", "--lang", "en", convention=cid)
    assert (r["verdict"], r["effects"], r["score_settled"], r["hand_ends"]) == (
        "forbidden", ["hand-over-limit"], False, None), seed
    assert [c["rule_point"] for c in r["citations"]] == ["exchange.hand_limit"] and r["needs"] == []
    assert r["explanation"].startswith("A player was caught holding 5 cards.")


def test_under_pagat_which_sets_no_limit_five_cards_are_not_settled_and_the_order_is_asked_only_if_said(rule):
    # sources.md:47-49: pick up first, then discard at once; no limit on the hand is reported
    r = rule("exchange", "--over-limit", "5", "--lang", "en", convention="pagat")
    assert (r["verdict"], r["unspecified"], r["needs"]) == ("unspecified", ["exchange.hand_limit"], [])
    told = rule("exchange", "--over-limit", "5", "--take-first", "--lang", "en", convention="pagat")
    assert "exchange.order" in [c["rule_point"] for c in told["citations"]]


def test_over_limit_counts_the_cards_held_five_to_what_a_hand_can_make(run):
    low = run("rule", "exchange", "--over-limit", "4", "--lang", "en")
    assert low.code == 2 and low.err.strip() == ("kems-ref: error: --over-limit 4: the cards a player was caught "
                                                 "holding, more than four (5 or more)")
    high = run("rule", "exchange", "--over-limit", "9", "--lang", "en")
    assert high.code == 2 and "no player can hold that many (4 dealt and 4 in the middle at most)" in high.err
    # of a call, the hand it was made on: the call ruled on its cards (unknown here), the breach said beside it
    call = run("rule", "kems", "--over-limit", "5", "--json").json()
    assert call["verdict"] == "depends"
    assert [(b["if"], b["ruling"]["verdict"], b["ruling"]["effects"]) for b in call["branches"]] == [
        ({"square": True}, "upheld", ["hand-over-limit"]), ({"square": False}, "rejected", ["hand-over-limit"])]
    assert all("The partner holds 5 cards, more than the limit of 4." in b["ruling"]["explanation"]
               for b in call["branches"])


def test_at_six_players_a_stop_kemps_on_team_3_covers_both_its_players_under_pagat(rule):
    # sources.md:55-57: Stop Kemps accuses a team, right if either player holds four of a kind
    r = rule("contre-kems", "--players", "6", "--on-team", "3", "--hand", "2 3 4 5", "--partner-hand", "K K K K",
             "--lang", "en", convention="pagat")
    assert (r["verdict"], r["score"]) == ("upheld", [{"team": "accused", "change": 1, "unit": "letter"}])
    assert "The accusation was made against team 3 (the caller's team counted as team 1), one of 3 teams." \
        in r["explanation"]
    assert "It covers both players of team 3." in r["explanation"]
    assert r["explanation"].count("'Stop Kemps' targets a team") == 1  # the target told once


def test_at_six_players_a_contre_kems_on_team_3_covers_only_the_player_named_under_marquoir(rule):
    # 001:50: the caller points at the opponent; his partner's square does not count
    r = rule("contre-kems", "--players", "6", "--on-team", "3", "--hand", "2 3 4 5", "--partner-hand", "K K K K",
             "--lang", "en", convention="marquoir")
    assert r["verdict"] == "rejected"
    assert "It covers only the player of team 3 it named." in r["explanation"]


def test_the_team_accused_is_numbered_from_the_callers_team(run):
    four = run("rule", "contre-kems", "--on-team", "3", "--lang", "en")
    assert four.code == 2 and four.err.strip() == ("kems-ref: error: --on-team 3: at 4 players the accused team is "
                                                   "numbered 2 to 2 (the caller's team is 1)")
    assert run("rule", "contre-kems", "--players", "6", "--on-team", "1").code == 2
    assert run("rule", "kems", "--players", "6", "--on-team", "2").code == 2


def test_a_sweep_before_everyone_agreed_is_forbidden_where_all_must_agree_and_turns_on_a_wish_where_nobody_must_want(
        rule):
    # Ducale: everyone confirms wanting nothing more before the sweep; Pagat: the sweep when nobody wants the four
    ducale = rule("sweep", "--unagreed", "--lang", "en", convention="ducale")
    assert ducale["verdict"] == "forbidden"
    assert ducale["explanation"].startswith("The middle was swept before every player agreed: the source's "
                                            "condition for a sweep was not met.")
    pagat = rule("sweep", "--unagreed", "--lang", "en", convention="pagat")
    assert (pagat["verdict"], [n["fact"] for n in pagat["needs"]]) == ("depends", ["objection"])
    assert rule("sweep", "--unagreed", "--no-objection", convention="pagat")["verdict"] == "allowed"
