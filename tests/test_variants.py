"""The convention format reaches the Kems people play: four published variants beyond the seeds
(../shared/variants.md), each written as a convention file under tests/data/variants/ with no code
of its own, and one test per fact: ruled right, or shown in compare/show where no ruling reads it."""

import os

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")
WIKI_EN, GEMSCH, HOWDO, PCD, KENT, TWOPLAY, FEWEST = (
    os.path.join(HERE, f"{name}.yaml")
    for name in ("wikipedia-en", "gemsch", "howdoyouplayit", "playingcarddecks", "kent", "2play1game",
                 "fewest-letters"))


def shown(run, convention, point, lang="en"):
    return run("conventions", "show", convention, "--json", "--lang", lang).json()["rules"][point]


@pytest.mark.slow
@pytest.mark.parametrize("path", [WIKI_EN, GEMSCH, HOWDO, PCD, KENT, TWOPLAY, FEWEST])
def test_every_variant_file_validates(run, path):
    r = run("conventions", "validate", path)
    assert r.code == 0, r.out


# --- English Wikipedia, "Kemps (card game)" ---------------------------------------------------

def test_wikipedia_en_one_52_card_deck_so_twos_exist(rule):
    assert rule("kems", "--hand", "2 2 2 2", convention=WIKI_EN)["verdict"] == "upheld"


def test_wikipedia_en_two_to_six_teams_of_two(run):
    assert run("rule", "kems", "--hand", "Q Q Q Q", "--players", "12", "-c", WIKI_EN).code == 0
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--players", "14", "-c", WIKI_EN, "--json")
    assert r.code == 0 and r.json()["verdict"] == "impossible" and "4–12" in r.json()["explanation"]


def test_wikipedia_en_the_team_that_loses_a_hand_takes_the_next_letter(rule):
    assert rule("kems", "--hand", "Q Q Q Q", convention=WIKI_EN)["score"] == \
        [{"team": "others", "change": 1, "unit": "letter"}]
    assert rule("kems", "--hand", "Q Q Q J", convention=WIKI_EN)["score"] == \
        [{"team": "callers", "change": 1, "unit": "letter"}]


@pytest.mark.slow
def test_wikipedia_en_the_first_team_to_spell_kemps_loses_the_game(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    created = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", WIKI_EN, "--json", env=env).json()
    assert (created["unit"], created["target"], created["end"]) == ("letter", "KEMPS", "loses")
    for _ in range(5):
        last = run("game", "call", "kems", "--by", "Tom", "--hand", "Q Q Q J", "--json", env=env).json()
    assert last["score"]["finished"] is True
    assert (last["score"]["loser"], last["score"]["winner"]) == ("Tom+Léa", "Ana+Ben")


def test_wikipedia_en_exactly_one_meaningful_signal_never_spoken(rule):
    assert rule("signal", "--verbal", convention=WIKI_EN)["verdict"] == "forbidden"
    assert rule("signal", "--second-signal", "--meaningful", convention=WIKI_EN)["verdict"] == "forbidden"


@pytest.mark.slow
def test_wikipedia_en_meaningless_decoy_signals_are_allowed(run):
    entry = shown(run, WIKI_EN, "signal.bluff")
    assert (entry["status"], entry["value"]) == ("stated", True)


@pytest.mark.slow
def test_wikipedia_en_mentions_a_run_of_four_in_one_suit_as_a_variant(run, rule, tmp_path):
    entry = shown(run, WIKI_EN, "hand.square")
    assert entry["value"] == "four-of-a-kind" and "run of four in one suit" in entry["note"]
    assert rule("kems", "--hand", "5♥ 6♥ 7♥ 8♥", convention=WIKI_EN)["verdict"] == "rejected"
    house = tmp_path / "runs.yaml"  # a table that plays the mentioned variant writes it down
    house.write_text(f"""id: runs
name: Runs at our table
publication: {{title: "Our table", cite_as: "House rules"}}
extends: {WIKI_EN}
rules:
  hand.square:
    status: stated
    value: run-of-four-in-suit
    text: {{fr: "Chez nous, un Kems est une suite de quatre dans une couleur.",
           en: "At our table a Kems is a run of four in one suit."}}
    citation: {{section: "Agreed before play"}}
""", encoding="utf-8")
    upheld = rule("kems", "--hand", "5♥ 6♥ 7♥ 8♥", convention=str(house))
    assert upheld["verdict"] == "upheld" and "hand.square" in upheld["rule_points"]
    assert rule("kems", "--hand", "5♥ 6♥ 7♥ 9♥", convention=str(house))["verdict"] == "rejected"
    assert rule("kems", "--hand", "9♠ 9♥ 9♦ 9♣", convention=str(house))["verdict"] == "rejected"  # not a run
    r = run("rule", "kems", "--hand", "5 6 7 8", "-c", str(house))
    assert r.code == 2 and "give the suits" in r.err


def test_a_run_is_read_in_the_decks_order_ace_high(rule, tmp_path):
    from kems_ref.referee.cards import RANKS, parse_cards, run_in_suit

    assert run_in_suit(parse_cards("J♠ Q♠ K♠ A♠"), RANKS) is True
    assert run_in_suit(parse_cards("Q♠ K♠ A♠ 2♠"), RANKS) is False
    assert run_in_suit(parse_cards("7♠ 8♠ 9♥ 10♠"), RANKS) is False
    assert run_in_suit(parse_cards("7 8 9 10"), RANKS) is None


# --- German Wikipedia, "Gemsch" (Swiss) ------------------------------------------------------------

@pytest.mark.slow
def test_gemsch_is_played_with_the_swiss_jass_deck_read_by_its_own_names(rule, run):
    upheld = rule("kems", "--hand", "Ober Ober Ober Ober", convention=GEMSCH)
    assert upheld["verdict"] == "upheld" and "(Ober Ober Ober Ober)" in upheld["explanation"]
    assert rule("kems", "--hand", "Banner Zehn 10 Banner", convention=GEMSCH)["verdict"] == "upheld"
    assert rule("contre-kems", "--hand", "Under/Rosen Unter/Schellen U/Schilten U/Eicheln",
                convention=GEMSCH)["verdict"] in ("upheld", "depends")
    r = run("rule", "kems", "--hand", "Dame Dame Dame Dame", "-c", GEMSCH)  # not a Jass rank
    assert r.code == 2 and "ranks 6 7 8 9 Banner Under Ober King Ace" in r.err
    assert run("rule", "kems", "--hand", "2 2 2 2", "-c", GEMSCH).code == 2  # no 2 in the Jass deck


def test_gemsch_possibility_checks_use_the_jass_decks_real_composition(run):
    r = run("rule", "contre-kems", "--hand", "Ober Ober Ober Ober", "--partner-hand", "Ober 6 7 8", "-c", GEMSCH)
    assert r.code == 2 and "5 cards of rank Ober" in r.err
    r = run("rule", "contre-kems", "--hand", "Ober/Rosen Ober/Rosen 6 7", "-c", GEMSCH)
    assert r.code == 2 and "Ober/roses appears 2 times" in r.err


def test_gemsch_has_four_suits_rosen_schellen_schilten_eicheln(run):
    deck = run("conventions", "show", GEMSCH, "--json", "--lang", "en").json()["decks"]["jass"]
    assert deck["suits"] == ["roses", "bells", "shields", "acorns"]
    assert deck["ranks"] == ["6", "7", "8", "9", "Banner", "Under", "Ober", "King", "Ace"]


def test_gemsch_four_or_six_players_in_teams_of_two(run):
    assert run("rule", "kems", "--hand", "Ober Ober Ober Ober", "--players", "6", "-c", GEMSCH).code == 0
    r = run("rule", "kems", "--hand", "Ober Ober Ober Ober", "--players", "8", "-c", GEMSCH, "--json")
    assert r.code == 0 and r.json()["verdict"] == "impossible" and "4/6" in r.json()["explanation"]


@pytest.mark.slow
def test_gemsch_names_its_calls_gemsch_gegen_gemsch_doppel_gemsch(run):
    r = run("rule", "gegen-gemsch", "-c", GEMSCH, "--hand", "7 7 8 8", "--partner-hand", "9 9 6 6")
    assert r.code == 0 and r.out.startswith("CALL REJECTED  — Contre-Kems (called “Gegen-Gemsch” here)")
    assert run("rule", "doppel-gemsch", "-c", GEMSCH, "--hand", "Ober Ober Ober Ober", "--partner-hand",
               "6 6 6 6", "--json").json()["call_name"] == "Doppel-Gemsch"
    assert run("conventions", "show", GEMSCH, "--json").json()["calls"] == {
        "kems": "Gemsch", "contre-kems": "Gegen-Gemsch", "double-kems": "Doppel-Gemsch"}
    asked = run("ask", "Gegen-Gemsch on 7 7 8 8, her partner had 9 9 6 6", "-c", GEMSCH, "--no-input", "--json")
    assert asked.code == 0 and asked.json()["event"] == "contre-kems"
    assert "Contre-Kems = Gegen-Gemsch" in run("compare", "pagat", GEMSCH, "--topic", "calls").out
    assert "Kems = Gemsch" in run("checklist", "-c", GEMSCH).out


def test_gemsch_a_team_caught_discussing_another_teams_signal_forfeits_and_the_spied_on_team_wins(run):
    entry = shown(run, GEMSCH, "conduct.signal_talk")
    assert entry["value"] == "forfeit-to-spied-on-team"
    rows = run("compare", "ducale", GEMSCH, "--json").json()["rows"]
    row = next(r for r in rows if r["rule_point"] == "conduct.signal_talk")
    assert row["values"]["gemsch"]["short"] == "game forfeited, the spied-on team wins"
    assert row["values"]["ducale"]["silent"] is True


def test_gemsch_is_a_german_publication_with_german_texts_beside_ours(run):
    data = run("conventions", "show", GEMSCH, "--json").json()
    assert data["publication"]["language"] == "de"
    assert "Language: de" in run("conventions", "show", GEMSCH).out
    from kems_ref.corpus.load import load

    assert load(GEMSCH).get("players.count").text["de"] == "Vier oder sechs Spieler, in Zweierteams."


# --- howdoyouplayit.com, "Kemps rules" --------------------------------------------------------------

@pytest.mark.slow
def test_howdoyouplayit_four_six_or_eight_players_a_set_not_a_range(run):
    for players in ("4", "6", "8"):
        assert run("rule", "kems", "--hand", "Q Q Q Q", "--players", players, "-c", HOWDO).code == 0
    assert run("rule", "kems", "--hand", "Q Q Q Q", "--players", "10", "-c", HOWDO, "--json").json()["verdict"] == \
        "impossible"


def test_howdoyouplayit_one_52_card_deck_partners_facing(run, rule):
    assert rule("kems", "--hand", "3 3 3 3", convention=HOWDO)["verdict"] == "upheld"
    assert shown(run, HOWDO, "seating.partners")["value"] == "facing"


def test_howdoyouplayit_partners_facing_is_ruled_side_by_side_forbidden(rule):
    data = rule("setup", "--seating", "side-by-side", convention=HOWDO)
    assert (data["verdict"], [c["rule_point"] for c in data["citations"]]) == ("forbidden", ["seating.partners"])


def test_howdoyouplayit_a_cut_at_six_players_cites_that_the_caller_names_the_team_cut(rule):
    data = rule("cut", "--hand", "7 7 K K", "--players", "6", "--on-team", "2", convention=HOWDO)
    assert [c["rule_point"] for c in data["citations"]][:3] == \
        ["players.count", "call.contre_kems.naming", "call.contre_kems.target"]
    assert rule("cut", "--hand", "7 7 K K", convention=HOWDO)["citations"][0]["rule_point"] != "call.contre_kems.naming"


def test_howdoyouplayit_signals_must_be_non_verbal_and_any_non_verbal_one_is_allowed(rule):
    assert rule("signal", "--verbal", convention=HOWDO)["verdict"] == "forbidden"
    assert rule("signal", "--sound", convention=HOWDO)["verdict"] == "allowed"


def test_howdoyouplayit_a_wrong_kemps_costs_the_callers_a_point_and_ends_the_round(rule):
    wrong = rule("kems", "--hand", "Q Q Q J", convention=HOWDO)
    assert wrong["score"] == [{"team": "callers", "change": -1, "unit": "point"}] and wrong["hand_ends"] is True


def test_howdoyouplayit_the_cut_both_hands_shown_right_if_either_holds_a_square(rule, run):
    right = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q", convention=HOWDO)
    assert right["verdict"] == "upheld" and right["effects"] == ["accused-team-shows-hands"]
    assert run("rule", "cut", "-c", HOWDO, "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q", "--json").json()[
        "call_name"] == "Cut"


def test_howdoyouplayit_a_wrong_cut_costs_the_callers_a_point_and_ends_the_round(rule):
    wrong = rule("contre-kems", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5", convention=HOWDO)
    assert wrong["verdict"] == "rejected" and wrong["hand_ends"] is True
    assert wrong["score"] == [{"team": "callers", "change": -1, "unit": "point"}]


def test_howdoyouplayit_with_more_than_two_teams_the_cut_names_the_team(run):
    entry = shown(run, HOWDO, "call.contre_kems.naming")
    assert entry["value"] == "team" and "says which team" in entry["text"]


def test_howdoyouplayit_names_double_kemps_and_double_counter_kemps_without_rules(rule):
    double = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", convention=HOWDO)
    assert (double["verdict"], double["score_settled"]) == ("upheld", False)  # named: only its score is open
    counter = rule("double-contre-kems", convention=HOWDO)
    assert counter["verdict"] == "unspecified" and "names a Double Contre-Kems" in counter["explanation"]


# --- playingcarddecks.com, "Kemps" ------------------------------------------------------------------

@pytest.mark.slow
def test_playingcarddecks_the_first_dealer_draws_the_highest_card(run):
    entry = shown(run, PCD, "deal.first_dealer")
    assert entry["value"] == "highest-card-draw" and "ties draw again" in entry["text"]


def test_playingcarddecks_the_middle_cards_lie_in_a_two_by_two_square(run):
    assert shown(run, PCD, "deal.center_layout")["value"] == "two-by-two"
    row = next(r for r in run("compare", PCD, "--json").json()["rows"] if r["rule_point"] == "deal.center_layout")
    assert row["values"]["playingcarddecks"]["short"] == "in a two-by-two square"


def test_playingcarddecks_a_wrong_kemps_subtracts_a_point_from_the_callers(rule):
    assert rule("kems", "--hand", "Q Q Q J", convention=PCD)["score"] == [
        {"team": "callers", "change": -1, "unit": "point"}]


def test_playingcarddecks_teams_must_agree_a_new_signal_after_every_round(run):
    entry = shown(run, PCD, "signal.change")
    assert (entry["value"], entry["force"]) == ("after-each-hand", "prescribed")
    marquoir = shown(run, "marquoir", "signal.change")  # a tip, where this one is a rule
    assert (marquoir["value"], marquoir["force"]) == ("between-games", "advised")


# --- cross-checks in validation -----------------------------------------------------------------------

def _house(tmp_path, body):
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nname: House\npublication: {title: \"Our table\", cite_as: \"House rules\"}\n"
                    "extends: ducale\nrules:\n" + body, encoding="utf-8")
    return str(path)


def test_a_call_scored_in_letters_under_a_points_convention_is_an_error_with_its_line(run, tmp_path):
    path = _house(tmp_path, """  call.kems.right:
    status: stated
    value: [{team: callers, change: 1, unit: letter}]
    text: {fr: "Une lettre.", en: "A letter."}
    citation: {section: "Agreed"}
""")
    r = run("conventions", "validate", path)
    assert r.code == 1 and "house.yaml:8: call.kems.right: a score in the wrong unit" in r.out
    assert run("rule", "kems", "--hand", "Q Q Q Q", "-c", path).code == 2


@pytest.mark.slow
def test_a_deck_named_but_not_defined_is_an_error_with_its_line(run, tmp_path):
    path = _house(tmp_path, """  deck.size:
    status: stated
    value: [{cards: 36, deck: tarot}]
    text: {fr: "Un jeu.", en: "A deck."}
    citation: {section: "Agreed"}
""")
    r = run("conventions", "validate", path)
    assert r.code == 1 and "house.yaml:8: deck.size names the deck 'tarot'" in r.out


def test_validate_strict_notes_no_set_up_point_as_unread_now_that_rule_setup_reads_them(run):
    assert run("conventions", "validate", PCD).code == 0
    r = run("conventions", "validate", PCD, "--strict")
    assert r.code == 0  # a note: the file is correct (#34 §3)
    # who deals first is read by `rule setup` now: no set-up point is "unread" any more
    assert "no ruling reads it" not in r.out and "deal.first_dealer: stated" not in r.out
    assert "call.kems.wrong" not in r.out and "score.system" not in r.out  # read by rulings, by the sheet


# --- fewest letters: the game stops at the first KEMPS, the team with the fewest letters wins (#22) ---------

THREE = ["--team", "Tom+Léa", "--team", "Ana+Ben", "--team", "Zoé+Max"]


@pytest.fixture
def sheet(run, tmp_path):
    """``sheet(*args)``: a game command on this test's score sheet, its JSON (``text=True``: its text)."""
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}

    def _sheet(*args, code=0, text=False, lang="en"):
        r = run("game", *args, "--lang", lang, *([] if text else ["--json"]), env=env)
        assert r.code == code, r.err + r.out
        return r if text or code else r.json()

    return _sheet


def _letters(score):
    return {t["team"]: t["letters_count"] for t in score["teams"]}


@pytest.mark.slow
def test_a_fewest_letters_game_ends_when_a_team_spells_the_word_and_the_team_with_fewest_letters_wins(sheet):
    created = sheet("new", *THREE, "-c", FEWEST)
    assert (created["unit"], created["target"], created["end"], created["letters"]) == \
        ("letter", "KEMPS", "fewest", "penalty")
    sheet("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")  # right: each other team takes a letter
    sheet("call", "kems", "--by", "Ana", "--hand", "Q Q Q J")  # wrong: the callers take one
    for _ in range(3):
        going = sheet("call", "kems", "--by", "Zoé", "--hand", "J J 2 3")["score"]
    assert _letters(going) == {"Tom+Léa": 0, "Ana+Ben": 2, "Zoé+Max": 4}
    assert (going["finished"], going["winner"], going["leader"]) == (False, None, "Tom+Léa")  # the fewest lead
    over = sheet("call", "kems", "--by", "Zoé", "--hand", "J J 2 3")["score"]  # Zoé+Max spell KEMPS
    assert _letters(over) == {"Tom+Léa": 0, "Ana+Ben": 2, "Zoé+Max": 5}
    assert [t["letters"] for t in over["teams"]] == ["_ _ _ _ _", "K E _ _ _", "K E M P S"]
    assert (over["finished"], over["winner"], over["loser"], over["tied"]) == (True, "Tom+Léa", "Zoé+Max", [])
    assert [t["out"] for t in over["teams"]] == [False, False, False]  # the game ends: nobody is out
    assert sheet("score", text=True).out.splitlines()[-1] == "Game over: Tom+Léa wins."
    assert sheet("score", text=True, lang="fr").out.splitlines()[-1] == "Partie terminée : Tom+Léa gagne."
    refused = sheet("point", "Ana", "1", code=2)
    assert refused.err.strip() == ("kems-ref: error: game game-1 is over (Tom+Léa): kems-ref game undo to go back, "
                                   "or start a new game")


@pytest.mark.slow
def test_a_fewest_letters_game_of_two_teams_is_won_by_the_team_that_did_not_spell_the_word(sheet):
    sheet("new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", FEWEST)
    sheet("call", "kems", "--by", "Ana", "--hand", "A A A A")  # Tom+Léa take a letter
    for _ in range(4):
        over = sheet("call", "kems", "--by", "Tom", "--hand", "Q Q Q J")["score"]
    assert _letters(over) == {"Tom+Léa": 5, "Ana+Ben": 0}
    assert (over["finished"], over["winner"], over["loser"], over["tied"]) == (True, "Ana+Ben", "Tom+Léa", [])


@pytest.mark.slow
def test_a_tie_for_the_fewest_letters_names_no_winner_and_says_who_is_level(sheet):
    sheet("new", *THREE, "-c", FEWEST)
    sheet("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")  # Ana+Ben K, Zoé+Max K
    sheet("call", "kems", "--by", "Tom", "--hand", "Q Q Q J")  # Tom+Léa K
    for _ in range(4):
        over = sheet("call", "kems", "--by", "Zoé", "--hand", "J J 2 3")["score"]
    assert _letters(over) == {"Tom+Léa": 1, "Ana+Ben": 1, "Zoé+Max": 5}
    assert (over["finished"], over["winner"], over["loser"]) == (True, None, "Zoé+Max")
    assert over["tied"] == ["Tom+Léa", "Ana+Ben"]
    assert sheet("score", text=True).out.splitlines()[-1] == \
        "Game over, with no single winner: Tom+Léa, Ana+Ben are level."
    assert sheet("score", text=True, lang="fr").out.splitlines()[-1] == \
        "Partie terminée, sans vainqueur unique : Tom+Léa, Ana+Ben sont à égalité."
    refused = sheet("point", "Ana", "1", code=2)
    assert ": Game over, with no single winner: Tom+Léa, Ana+Ben are level. kems-ref game undo" in refused.err
    undone = sheet("undo")["score"]  # the last letter taken back: the game goes on
    assert (undone["finished"], undone["tied"], undone["leader"]) == (False, [], None)


@pytest.mark.slow
def test_under_loses_three_teams_name_no_winner_and_under_fewest_the_same_game_has_one(sheet):
    sheet("new", *THREE, "-c", WIKI_EN)
    sheet("call", "kems", "--by", "Tom", "--hand", "Q Q Q Q")  # Ana+Ben K, Zoé+Max K
    sheet("call", "kems", "--by", "Ana", "--hand", "Q Q Q J")  # Ana+Ben K E
    for _ in range(4):
        over = sheet("call", "kems", "--by", "Zoé", "--hand", "J J 2 3")["score"]
    assert (over["winner"], over["loser"], over["tied"]) == (None, "Zoé+Max", [])
    again = sheet("rescore", "-c", FEWEST)["score"]
    assert _letters(again) == {"Tom+Léa": 0, "Ana+Ben": 2, "Zoé+Max": 5}
    assert (again["finished"], again["winner"], again["loser"], again["tied"]) == (True, "Tom+Léa", "Zoé+Max", [])
    text = sheet("rescore", "-c", FEWEST, text=True).out
    assert "Fewest letters, in the letters KEMPS (the game ends when a team spells the word, the team with the " \
           "fewest letters wins)" in text
    assert text.splitlines()[-1] == "Game over: Tom+Léa wins."


@pytest.mark.slow
def test_the_fewest_letters_end_rule_is_shown_and_compared_in_both_languages(run):
    assert shown(run, FEWEST, "score.end")["value"] == "fewest"
    text = run("conventions", "show", FEWEST).out
    assert "score.end = the game ends, the team with the lowest score wins" in text
    assert "replaces: wikipedia-en — The first team to spell the whole word loses the game." in text
    french = run("conventions", "show", FEWEST, "--lang", "fr").out
    assert "score.end = la partie s'arrête, l'équipe qui en a le moins gagne" in french
    assert "Dès qu'une équipe a épelé KEMPS, la partie s'arrête : l'équipe qui a le moins de lettres gagne." in french
    row = next(r for r in run("compare", FEWEST, WIKI_EN, "--json").json()["rows"] if r["rule_point"] == "score.end")
    assert row["agree"] is False
    assert (row["values"]["fewest-letters"]["value"], row["values"]["wikipedia-en"]["value"]) == ("fewest", "loses")


def test_the_fewest_letters_winning_where_a_letter_is_a_reward_is_an_error_with_its_line(run, tmp_path):
    path = tmp_path / "contradiction.yaml"
    path.write_text(f"id: contradiction\nname: Contradiction\npublication: {{title: T, cite_as: T}}\n"
                    f"extends: {WIKI_EN}\nrules:\n"
                    "  score.letters:\n    status: stated\n    value: reward\n"
                    "    text: {fr: \"Une lettre se gagne.\", en: \"A letter is earned.\"}\n"
                    "    citation: {section: S}\n"
                    "  score.end:\n    status: stated\n    value: fewest\n"
                    "    text: {fr: \"Le moins de lettres gagne.\", en: \"The fewest letters win.\"}\n"
                    "    citation: {section: S}\n", encoding="utf-8")
    r = run("conventions", "validate", str(path))
    assert r.code == 1
    assert ("contradiction.yaml:11: score.end: fewest (the team with the fewest letters wins) while score.letters "
            "makes a letter a reward: say penalty, or another end") in r.out
    assert run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", str(path),
               env={"KEMS_REF_DB": str(tmp_path / "g.db")}).code == 2


@pytest.mark.slow
def test_in_a_points_game_ended_by_the_fewest_the_team_reaching_the_target_ends_it_and_the_fewest_points_win(
        sheet, tmp_path):
    path = _house(tmp_path, """  score.end:
    status: stated
    value: fewest
    text: {fr: "Dès qu'une équipe atteint le total, le moins de points gagne.",
           en: "As soon as a team reaches the total, the fewest points win."}
    citation: {section: "Agreed"}
""")
    created = sheet("new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", path, "--target", "3")
    assert (created["unit"], created["target"], created["end"]) == ("point", 3, "fewest")
    sheet("point", "Ana", "1")
    going = sheet("point", "Tom", "2")["score"]
    assert (going["finished"], going["leader"]) == (False, "Ana+Ben")  # the fewest points lead
    over = sheet("point", "Tom", "1")["score"]
    assert totals_of(over) == {"Tom+Léa": 3, "Ana+Ben": 1}
    assert (over["finished"], over["winner"], over["loser"], over["tied"]) == (True, "Ana+Ben", "Tom+Léa", [])
    assert "to 3 points (the game ends when a team reaches them, the team with the fewest points wins)" in \
        sheet("score", text=True).out


def totals_of(score):
    return {t["team"]: t["points"] for t in score["teams"]}


# --- choices where a source gives choices -----------------------------------------------------------

@pytest.mark.slow
def test_a_target_of_10_or_15_is_a_choice_the_table_makes_and_the_sheet_asks_for_it(run, tmp_path):
    path = _house(tmp_path, """  score.target:
    status: stated
    value: {points: 10, word: null, agreed: false}
    choices: [{points: 15, word: null, agreed: false}]
    text: {fr: "En dix ou quinze points.", en: "To ten or fifteen points."}
    citation: {section: "Agreed"}
  seating.partners:
    status: stated
    value: facing
    choices: [diagonal]
    text: {fr: "Face à face ou en diagonale.", en: "Facing or diagonal."}
    citation: {section: "Agreed"}
""")
    assert run("conventions", "validate", path).code == 0
    row = next(r for r in run("compare", "ducale", path, "--json").json()["rows"] if r["rule_point"] == "score.target")
    assert row["values"]["house"]["short"] == "10 pt / 15 pt (the table chooses)"
    assert "facing / diagonal (the table chooses)" in run("conventions", "show", path).out
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    teams = ["--team", "Tom+Léa", "--team", "Ana+Ben"]
    r = run("game", "new", *teams, "-c", path, env=env)
    assert r.code == 2 and "offers a choice of target: 10 / 15" in r.err
    assert run("game", "new", *teams, "-c", path, "--target", "12", env=env).code == 2
    created = run("game", "new", *teams, "-c", path, "--target", "15", "--json", env=env).json()
    assert created["target"] == 15 and created["decided_by_table"] == {"target": 15}


# --- English Wikipedia, "Kent (game)", with Cash's "Counter cash" from a second page ----------------

def test_kent_broken_on_a_team_holding_four_of_a_kind_makes_that_team_lose_the_game(rule):
    r = rule("broken", "--hand", "Q Q Q Q", convention=KENT)
    assert (r["event"], r["like"], r["verdict"]) == ("broken", "contre-kems", "upheld")
    assert r["score"] == [{"team": "accused", "change": -1, "unit": "game"}]
    assert r["hand_ends"] is True and r["unspecified"] == []  # the game is over: nothing to ask of the hand
    assert [c["rule_point"] for c in r["citations"]] == ["call.broken", "call.broken.right"]
    assert r["call_name"] == "Broken"


def test_kent_broken_on_a_team_holding_none_makes_that_team_win_the_game_outright(rule):
    r = rule("broken", "--hand", "Q Q Q J", "--partner-hand", "7 8 9 10", convention=KENT)
    assert r["verdict"] == "rejected"
    assert r["score"] == [{"team": "accused", "change": 1, "unit": "game"}]
    assert "If it holds none, it wins outright." in r["explanation"]


def test_kent_broken_accuses_the_team_so_the_partners_square_is_asked_only_when_the_accused_has_none(rule):
    held = rule("broken", "--hand", "Q Q Q Q", convention=KENT)
    assert held["needs"] == []
    open_ = rule("broken", "--hand", "Q Q Q J", convention=KENT)
    assert open_["verdict"] == "depends" and [n["fact"] for n in open_["needs"]] == ["partner_square"]
    assert [b["ruling"]["verdict"] for b in open_["branches"]] == ["upheld", "rejected"]
    partner = rule("broken", "--hand", "Q Q Q J", "--partner-hand", "K K K K", convention=KENT)
    assert partner["verdict"] == "upheld"


def test_kent_broken_takes_the_options_of_an_accusation_and_refuses_a_kems_s_own(run):
    r = run("rule", "broken", "-c", KENT, "--hand", "Q Q Q Q", "--after-kems", "--kems-wrong")
    assert r.code == 0, r.err
    r = run("rule", "broken", "-c", KENT, "--cards", "2")
    assert r.code == 2 and "--cards" in r.err


def test_kent_broken_is_a_call_only_of_the_file_that_declares_it(run):
    r = run("rule", "broken", "--hand", "Q Q Q Q")
    assert r.code == 2 and "unknown event 'broken'" in r.err


def test_kent_a_partner_who_calls_kent_on_the_signal_wins_the_game(rule):
    r = rule("kems", "--hand", "Q Q Q Q", convention=KENT)
    assert r["score"] == [{"team": "callers", "change": 1, "unit": "game"}] and r["hand_ends"] is True
    assert r["call_name"] == "Kent"


@pytest.mark.slow
def test_kent_the_signal_may_not_be_a_sound_but_a_sound_may_cue_the_partner_to_look(rule):
    sound = rule("signal", "--sound", convention=KENT)
    assert sound["verdict"] == "forbidden" and sound["rule_points"] == ["signal.sound"]
    cue = rule("signal", "--cue", convention=KENT)
    assert cue["verdict"] == "allowed"
    assert cue["explanation"] == ("A sound may tell the partner to look (a laugh), but the signal itself may not be "
                                  "that sound.")
    assert rule("signal", "--verbal", convention=KENT)["verdict"] == "forbidden"


def test_a_cue_sound_is_a_sound_where_the_source_knows_no_cue(rule):
    assert rule("signal", "--cue", convention="marquoir")["verdict"] == "allowed"  # sounds allowed
    assert rule("signal", "--cue", convention="pagat")["verdict"] == "unspecified"  # silent on sounds


def test_kent_broken_in_ask_is_read_by_its_name_and_contre_only_accuses(run):
    r = run("ask", "-c", KENT, "--json", "--lang", "fr",
            "Ana a annoncé broken contre Tom, qui n'avait pas de carré; son partenaire non plus")
    data = r.json()
    assert (data["event"], data["verdict"]) == ("broken", "rejected"), r.out
    assert [u["value"] for u in data["understood"] if u["option"] == "event"] == ["broken"]  # no Contre-Kems
    assert data["command"] == f"kems-ref rule broken -c {KENT} --no-square --no-partner-square --lang fr"
    r = run("ask", "-c", KENT, "--json", "Ana called broken on Tom, who had four queens")
    assert (r.json()["verdict"], r.json()["score"]) == ("upheld", [{"team": "accused", "change": -1, "unit": "game"}])


@pytest.mark.slow
def test_kent_broken_is_shown_compared_and_on_the_checklist(run):
    shown = run("conventions", "show", KENT, "--json").json()["rules"]
    assert shown["call.broken"]["value"] == {"accuses": "team", "checks": "square"}
    assert shown["call.broken"]["force"] == "permitted"
    assert shown["call.broken.wrong"]["value"] == [{"team": "accused", "change": 1, "unit": "game"}]
    rows = run("compare", KENT, "pagat", "call.broken.right", "--json").json()["rows"]
    assert [(r["rule_point"], r["question"]) for r in rows] == [("call.broken.right", "Score for a right “Broken”?")]
    assert rows[0]["values"]["pagat"]["silent"] is True
    items = run("checklist", "-c", KENT, "--format", "json").json()["items"]
    own = [i for i in items if i["rule_point"].startswith("call.broken")]
    assert [(i["rule_point"], i["reason"], i["short"]) for i in own] == [
        ("call.broken", "own", "accuses the opposing team (either hand)"),
        ("call.broken.right", "own", "loses the game (accused)"),
        ("call.broken.wrong", "own", "wins the game (accused)")]


@pytest.mark.slow
def test_kent_on_the_score_sheet_broken_ends_the_game_and_names_the_winner(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    created = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", KENT, "--json", env=env).json()
    assert (created["unit"], created["target"]) == ("point", None)  # a call wins or loses it: no target
    called = run("game", "call", "broken", "--by", "Ana", "--on", "Tom", "--hand", "Q Q Q Q", "--json", env=env)
    assert called.code == 0, called.err
    score = called.json()["score"]
    assert (score["finished"], score["winner"], score["loser"]) == (True, "Ana+Ben", "Tom+Léa")
    import csv

    rows = list(csv.reader(run("game", "export", "--format", "csv", env=env).out.splitlines()))
    assert rows[1][2:5] == ["Broken by Ana → Tom (Tom: Q Q Q Q)", "CALL UPHELD", "Tom+Léa loses the game"]
    replayed = run("game", "rescore", "-c", "ducale", "--target", "5", env=env).out
    assert "1. Broken: Ducale has no such call: it counts for nothing there" in replayed


@pytest.mark.slow
def test_kent_broken_has_its_short_entry_on_the_sheet_caller_then_accused(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", KENT, env=env)
    called = run("game", "broken", "Ana", "Tom", "--hand", "Q Q Q J", "--partner-hand", "K K K K", "--json", env=env)
    assert called.code == 0, called.err
    assert called.json()["changes"] == [{"team": "Tom+Léa", "change": -1, "unit": "game"}]
    assert run("game", "nope", "Ana", env=env).code == 2


def test_kent_a_broken_the_sheet_cannot_settle_waits_for_the_table(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", KENT, env=env)
    waiting = run("game", "call", "broken", "--by", "Ana", "--hand", "Q Q Q J", "--json", env=env).json()
    assert waiting["applied"] is False and waiting["score"]["finished"] is False
    decided = run("game", "decide", "2", "--entry", "1", "--json", env=env).json()
    assert (decided["score"]["winner"], decided["score"]["finished"]) == ("Tom+Léa", True)


def test_kent_names_two_publications_each_cited_with_its_own_mark(run):
    data = run("conventions", "show", KENT, "--json").json()
    assert data["rules"]["call.contre_kems.timing"]["citation"] == {
        "source": "Cash (card game), via an excerpt of the page", "section": "overview", "topic": True}
    assert data["rules"]["call.broken"]["citation"] == {"source": "Kent (game)", "section": "how to play",
                                                        "topic": True}
    shown = run("conventions", "show", KENT).out
    assert ("Also from: Cash (card game) — Grokipedia — https://grokipedia.com/page/cash_card_game "
            "(Known through: an excerpt of the page)") in shown


def test_a_call_of_its_own_must_be_declared_and_cannot_take_an_event_s_name(run, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("""id: bad
name: Bad
publication: {title: Ours}
calls:
  broken: {en: Broken}
  deal:
    names: {en: Deal}
    accuses: team
    text: {fr: "x", en: "x"}
    citation: {section: "x"}
  kems:
    names: {en: Kent}
    accuses: partner
    text: {fr: "x", en: "x"}
    citation: {section: "x"}
""", encoding="utf-8")
    lines = run("conventions", "validate", str(path)).out.splitlines()
    assert lines[:3] == [
        f"{path}:5: calls.broken: not one of the four calls (kems, double-kems, contre-kems, double-contre-kems); "
        "a call of the publication's own needs names, accuses, text and citation",
        f"{path}:6: calls.deal: 'deal' is an event or a score-sheet command of the game, not a call of the "
        "publication's own",
        f"{path}:11: calls.kems: a call of the game takes only its names here ({{en: …}}); its rules go under rules"]


# --- 2play1game, "Kemps" -------------------------------------------------------------------------

def test_2play1game_after_a_right_counter_kemps_the_holder_shows_the_four(rule):
    right = rule("contre-kems", "--hand", "Q Q Q Q", convention=TWOPLAY)
    assert (right["verdict"], right["effects"]) == ("upheld", ["holder-shows-square"])
    assert right["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    assert "call.contre_kems.proof" in right["rule_points"]
    wrong = rule("contre-kems", "--hand", "Q Q Q J", "--no-partner-square", convention=TWOPLAY)
    assert (wrong["verdict"], wrong["effects"]) == ("rejected", [])  # nothing to show
    assert wrong["score"] == [{"team": "callers", "change": -1, "unit": "point"}]


@pytest.mark.slow
def test_2play1game_a_counter_kemps_is_on_any_opponent_holding_four(rule):
    assert rule("contre-kems", "--hand", "Q Q Q J", "--partner-square", convention=TWOPLAY)["verdict"] == "upheld"


def test_2play1game_the_signal_may_be_a_word_and_partners_sit_diagonally(rule, run):
    assert rule("signal", "--verbal", convention=TWOPLAY)["verdict"] == "allowed"
    assert shown(run, TWOPLAY, "seating.partners")["value"] == "diagonal"


@pytest.mark.slow
def test_2play1game_first_team_to_four_points_wins_on_the_sheet(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    created = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", TWOPLAY, "--json", env=env).json()
    assert (created["unit"], created["target"], created["end"]) == ("point", 4, "wins")
    for _ in range(4):
        last = run("game", "call", "kems", "--by", "Tom", "--hand", "Q Q Q Q", "--json", env=env).json()
    assert (last["score"]["finished"], last["score"]["winner"]) == (True, "Tom+Léa")
    assert run("game", "history", "--json", env=env).json()[0]["changes"] == [
        {"team": "Tom+Léa", "change": 1, "unit": "point"}]


def test_teams_reaching_a_winning_target_together_are_named_as_level_and_none_wins():
    from kems_ref.game import sheet, store

    teams = [store.Team("Tom+Léa", ["Tom", "Léa"]), store.Team("Ana+Ben", ["Ana", "Ben"])]
    game = store.Game(id=1, name="g", convention="ducale", unit="point", target_points=3, target_word=None,
                      end_rule="wins", decided={}, created_at="", teams=teams)
    both = store.SheetEntry(n=1, kind="point", at="", applied=True, changes=[
        {"team": "Tom+Léa", "change": 3, "unit": "point"}, {"team": "Ana+Ben", "change": 3, "unit": "point"}])
    over = sheet.score(game, [both])
    assert (over.finished, over.winner, over.loser, over.tied) == (True, None, None, ["Tom+Léa", "Ana+Ben"])
    game.unit, game.target_points, game.target_word, game.letters = "letter", None, "KEMS", "reward"
    both.changes = [{"team": "Tom+Léa", "change": 4, "unit": "letter"}, {"team": "Ana+Ben", "change": 4,
                                                                         "unit": "letter"}]
    over = sheet.score(game, [both])
    assert (over.finished, over.winner, over.loser, over.tied) == (True, None, None, ["Tom+Léa", "Ana+Ben"])
    one = store.SheetEntry(n=1, kind="point", at="", applied=True,
                           changes=[{"team": "Tom+Léa", "change": 4, "unit": "letter"}])
    assert (sheet.score(game, [one]).winner, sheet.score(game, [one]).tied) == ("Tom+Léa", [])



with open(KENT, encoding="utf-8") as _kent:
    KENT_TEXT = _kent.read()

CHOPPERS = """id: choppers
name: Choppers
publication: {title: Ours}
calls:
  chop:
    names: {en: Chop}
    accuses: player
    text: {fr: "On coupe un joueur.", en: "One chops a player."}
    citation: {section: "Chop"}
    right: {value: [{team: callers, change: 2, unit: point}], text: {fr: "Deux points.", en: "Two points."},
            citation: {section: "Chop"}}
"""


def _own(tmp_path, text, name="house.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_score_a_house_call_does_not_give_is_silent_and_nobody_elsewhere_is_quoted_for_it(run, tmp_path):
    path = _own(tmp_path, CHOPPERS)
    data = run("rule", "chop", "-c", path, "--hand", "Q Q Q J", "--json").json()
    assert (data["verdict"], data["score_settled"]) == ("rejected", False)
    assert data["unspecified"] == ["call.chop.wrong", "hand.end"]
    assert [e["rule_point"] for e in data["elsewhere"]] == ["hand.end"]
    text = run("rule", "chop", "-c", path, "--hand", "Q Q Q J").out
    assert "  • Score for a wrong “Chop”? (call.chop.wrong)" in text.splitlines()


@pytest.mark.slow
@pytest.mark.parametrize("name, other", [("Kems", "kems"), ("Cut", "contre-kems"), ("contre", "contre-kems"),
                                         ("Deal", "deal"), ("Kent", "kems")])
def test_a_house_call_may_not_take_a_name_another_call_or_the_table_already_gives(run, tmp_path, name, other):
    kent = KENT_TEXT.replace("names: {en: Broken}", f'names: {{en: "{name}"}}')
    path = _own(tmp_path, kent)
    r = run("conventions", "validate", path)
    assert r.code == 1 and r.out.splitlines()[0] == (
        f"{path}:24: calls.broken: '{name}' already names {other}: a call of the file's own needs a name of its own")
    used = run("rule", "broken", "-c", path, "--hand", "Q Q Q Q")
    assert used.code == 2 and f"'{name}' already names {other}" in used.err


def test_two_house_calls_may_not_share_a_name(run, tmp_path):
    two = CHOPPERS + """  hack:
    names: {en: chop}
    accuses: player
    text: {fr: "x", en: "x"}
    citation: {section: "Chop"}
"""
    r = run("conventions", "validate", _own(tmp_path, two))
    assert "calls.hack: 'chop' already names chop" in r.out


@pytest.mark.parametrize("word", ["undo", "score", "call", "new"])
def test_a_house_call_may_not_take_a_score_sheet_command_as_its_id(run, tmp_path, word):
    r = run("conventions", "validate", _own(tmp_path, CHOPPERS.replace("  chop:", f"  {word}:")))
    assert r.code == 1 and f"calls.{word}: '{word}' is an event or a score-sheet command of the game" in r.out


@pytest.mark.parametrize("change, message", [
    ("0", "a score that ends the game is 1 (the team wins it) or -1 (it loses it)"),
    ("-2", "a score that ends the game is 1 (the team wins it) or -1 (it loses it)")])
def test_a_score_that_ends_the_game_is_won_or_lost_by_one_team(run, tmp_path, change, message):
    kent = KENT_TEXT.replace("change: -1, unit: game", f"change: {change}, unit: game")
    lines = run("conventions", "validate", _own(tmp_path, kent)).out.splitlines()
    assert lines[0].endswith(f":32: calls.broken.right.value.0: Value error, {message}") and len(lines) == 2
    both = KENT_TEXT.replace(
        "value: [{team: accused, change: -1, unit: game}]",
        "value: [{team: accused, change: -1, unit: game}, {team: callers, change: -1, unit: game}]")
    out = run("conventions", "validate", _own(tmp_path, both, "both.yaml")).out
    assert "one score ends the game: a single team wins it or loses it" in out


def test_a_call_on_ones_partner_accuses_no_one_so_it_cannot_score_the_accused(run, tmp_path):
    kent = KENT_TEXT.replace("accuses: team", "accuses: partner")
    r = run("conventions", "validate", _own(tmp_path, kent))
    assert r.out.splitlines()[0].endswith(":24: calls.broken: a call on one's partner accuses no one: its scores "
                                          "name the callers or the others, not the accused")


@pytest.mark.slow
def test_a_mistake_in_a_house_call_is_told_alone_at_its_line(run, tmp_path):
    kent = KENT_TEXT.replace("    accuses: team", "    accuses: everyone")
    path = _own(tmp_path, kent)
    assert run("conventions", "validate", path).out.splitlines() == [
        f"{path}:26: calls.broken.accuses: Input should be 'partner', 'player' or 'team'", f"{path}: 1 problem(s)."]
    r = run("rule", "broken", "-c", path, "--hand", "Q Q Q Q")  # the file's own error, not "unknown event"
    assert r.code == 2 and r.err.strip().endswith(":26: calls.broken.accuses: Input should be 'partner', 'player' "
                                                  "or 'team'")
    r = run("rule", "broken", "--all", "-c", KENT, "--hand", "Q Q Q Q")
    assert r.code == 2 and "-c does not go with it" in r.err


@pytest.mark.slow
def test_a_kent_game_still_reads_when_its_file_is_gone_and_says_so(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    path = _own(tmp_path, KENT_TEXT, "kent.yaml")
    run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", path, env=env)
    run("game", "broken", "Ana", "Tom", "--hand", "Q Q Q Q", env=env)
    os.remove(path)
    score = run("game", "score", "--json", env=env)
    assert score.code == 0, score.err
    assert (score.json()["winner"], score.json()["convention_file"]) == ("Ana+Ben", "unreadable")
    history = run("game", "history", "--json", env=env).json()
    assert (history[0]["event"], history[0]["call_name"]) == ("broken", "Broken")
    assert run("game", "list", env=env).code == 0


@pytest.mark.slow
def test_a_kent_rescore_says_what_a_decided_broken_counted_for(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", KENT, env=env)
    run("game", "call", "broken", "--by", "Ana", "--hand", "Q Q Q J", env=env)
    run("game", "decide", "2", "--entry", "1", env=env)
    replayed = run("game", "rescore", "-c", "ducale", "--target", "5", env=env).out
    assert ("≠ 1. Broken: Ducale has no such call: it counts for nothing there (was: Tom+Léa wins the game)"
            in replayed)


def test_the_files_own_name_for_the_kems_is_no_second_call_inside_contre_kemps(run):
    r = run("ask", "--no-input", "--json", "-c", TWOPLAY,
            "contre-kemps sur Tom qui avait 2 3 4 5, son partenaire avait quatre rois")
    assert r.code == 0, r.err
    assert (r.json()["event"], r.json()["verdict"]) == ("contre-kems", "upheld")


@pytest.mark.slow
def test_a_house_call_name_in_another_script_never_makes_another_word_stand_for_the_call(run, tmp_path):
    many = _own(tmp_path, KENT_TEXT.replace("names: {en: Broken}", "names: {en: Broken, ja: 壊れた, zh-Hant: 斷}"))
    assert run("conventions", "validate", many).code == 0
    r = run("rule", "壊", "-c", many, "--hand", "Q Q Q Q")  # folds to nothing: no call, not Broken by accident
    assert r.code == 2 and "unknown event '壊'" in r.err
    assert run("rule", "Broken", "-c", many, "--hand", "Q Q Q Q", "--json").json()["event"] == "broken"
