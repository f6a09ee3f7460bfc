"""Published Kems variants written as files by a new user, with no code of theirs (#34's measure): the facts
the format could not say or ruled wrong, now said and ruled from the file — a cut that shows the one accused
player's hand, swept cards out of play, a wrong call that scores nothing and does something the format has
no value for (said in the file's words), a right counter-call against two squares with its own score, a
proof shown to the calling team, and a bar on the whole calling team."""

import os

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")
STUDYLIB, BLOCK, CHEZMOI = (os.path.join(HERE, f"{name}.yaml") for name in
                            ("studylib-kemp", "block-swap", "jouerchezmoi"))


def ruling(run, *args):
    return run("rule", *args, "--json").json()


def test_every_blind_variant_file_validates_strictly(run):
    for path in (STUDYLIB, BLOCK, CHEZMOI):
        r = run("conventions", "validate", path, "--strict")
        assert r.code == 0, r.out


def test_under_studylib_a_wrong_cut_shows_the_one_accused_players_hand_and_costs_the_cutters_a_point(run):
    data = ruling(run, "cut", "--hand", "7 7 K K", "-c", STUDYLIB)
    assert (data["verdict"], data["effects"]) == ("rejected", ["accused-shows-hand"])
    assert data["score"] == [{"team": "callers", "change": -1, "unit": "point"}]
    assert "Effects: the accused player shows his hand" in run("rule", "cut", "--hand", "7 7 K K", "-c", STUDYLIB).out


def test_under_studylib_the_swept_cards_are_out_of_play_for_the_rest_of_the_hand(run):
    data = ruling(run, "sweep", "--no-objection", "-c", STUDYLIB)
    assert (data["verdict"], data["effects"]) == ("allowed", ["swept-out-of-play"])
    assert "sweep.swept_cards" in [c["rule_point"] for c in data["citations"]]


def test_a_wrong_block_scores_nothing_and_the_blocker_swaps_his_four_cards_for_the_middle(run):
    data = ruling(run, "block", "--hand", "Q Q 5 5", "-c", BLOCK)
    assert (data["verdict"], data["score"], data["score_settled"]) == ("rejected", [], True)
    assert data["effects"] == ["said:call.contre_kems.wrong:0"]
    assert data["effect_texts"] == {"said:call.contre_kems.wrong:0":
                                    "the player who said 'Block' trades his four cards for the four in the middle"}
    out = run("rule", "block", "--hand", "Q Q 5 5", "-c", BLOCK, "--lang", "fr").out
    assert "Conséquences : celui qui a dit « Block » échange ses quatre cartes contre les quatre du milieu" in out


def test_a_right_block_leaves_the_wrong_blocks_swap_out(run):
    data = ruling(run, "block", "--hand", "Q Q Q Q", "-c", BLOCK)
    assert data["verdict"] == "upheld" and data["effects"] == [] and data["effect_texts"] == {}


def test_jouer_chez_moi_a_right_counter_against_two_squares_scores_two_and_against_one_scores_one(run):
    double = ruling(run, "contre-kems", "--hand", "R R R R", "--partner-hand", "2 2 2 2", "-c", CHEZMOI)
    single = ruling(run, "contre-kems", "--hand", "R R R R", "--partner-hand", "2 3 4 5", "-c", CHEZMOI)
    assert double["score"] == [{"team": "callers", "change": 2, "unit": "point"}]
    assert single["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    unknown = ruling(run, "contre-kems", "--hand", "R R R R", "-c", CHEZMOI)
    assert (unknown["verdict"], [n["fact"] for n in unknown["needs"]]) == ("upheld", ["partner_square"])


def test_jouer_chez_moi_a_wrong_counter_shows_two_cards_each_to_the_counter_team_and_bars_that_team(run):
    data = ruling(run, "contre-kems", "--hand", "R R 3 2", "--partner-hand", "5 6 7 8", "-c", CHEZMOI)
    assert data["verdict"] == "rejected"
    assert data["effects"] == ["each-accused-shows-two-cards-to-callers", "team-barred-this-hand"]


def test_under_kings_both_teams_may_change_their_signal_after_a_counter_call(run):
    kings = os.path.join(HERE, "kings.yaml")
    entry = run("conventions", "show", kings, "--json").json()["rules"]["signal.change"]
    assert (entry["value"], entry["force"]) == ("after-counter-call-both-teams", "permitted")
    rows = run("compare", kings, "--json").json()["rows"]
    row = next(r for r in rows if r["rule_point"] == "signal.change")
    assert row["values"]["kings"]["short"] == "after a Contre-Kems, both teams may agree new signals"
    assert run("conventions", "validate", kings, "--strict").code == 0


def test_a_team_a_contre_kems_was_called_on_agrees_a_new_signal_where_its_file_says_so(run):
    t56 = os.path.join(HERE, "table-56.yaml")
    for hand in ("7 7 K K", "K K K K"):  # right or wrong, the call was made on the team
        data = ruling(run, "contre-kems", "--hand", hand, "--partner-hand", "2 3 4 5", "-c", t56)
        assert "accused-changes-signal" in data["effects"]
        assert "signal.change" in [c["rule_point"] for c in data["citations"]]


def test_a_sign_caught_by_a_spy_call_is_changed_and_kings_lets_both_teams_change(run):
    data = ruling(run, "spy", "--their-signal", "-c", os.path.join(HERE, "table-numbered.yaml"))
    assert (data["verdict"], data["effects"]) == ("upheld", ["accused-changes-signal"])
    data = ruling(run, "contre-kems", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5", "-c",
                  os.path.join(HERE, "kings.yaml"))
    assert "both-teams-may-change-signal" in data["effects"]


def test_a_shipped_convention_whose_signal_changes_after_any_hand_adds_no_effect_to_a_contre_kems(run):
    data = ruling(run, "contre-kems", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5", "-c", "pagat")
    assert data["effects"] == ["accused-team-shows-hands"]


def test_kent_with_rook_cards_reads_rook_numbers_and_a_table_that_chose_a_standard_deck_reads_ranks(run):
    """Lee Anderson's Kent is played with Rook cards (1 to 14 in four colours), or any deck with sets of four: a
    table that chose the 52-card deck names its cards by rank; without --deck the cards are Rook numbers."""
    kent = os.path.join(HERE, "rook-kent.yaml")
    assert ruling(run, "kent", "--hand", "12 12 12 12", "-c", kent)["verdict"] == "upheld"
    assert ruling(run, "kent", "--hand", "Q Q Q Q", "--deck", "52", "-c", kent)["verdict"] == "upheld"
    refused = run("rule", "kent", "--hand", "Q Q Q Q", "-c", kent)
    assert refused.code == 2 and "unreadable card 'Q' in the 'rook' deck" in refused.err
    assert run("rule", "kent", "--hand", "Q Q Q Q", "--deck", "32", "-c", kent).code == 2


def test_a_source_that_says_two_to_six_and_adds_a_deck_beyond_six_rules_eight_players_on_the_tables_reading(run):
    """GameRules' drinking Kemps says two to six players, then adds a second deck beyond six: at eight players the
    ruling turns on the reading — impossible under the first (cited), the call ruled under the second."""
    path = os.path.join(HERE, "gamerules-drinking.yaml")
    data = ruling(run, "kems", "--hand", "Q♥ Q♥ Q Q", "--players", "8", "-c", path)
    assert data["verdict"] == "depends"
    assert [(b["if"], b["ruling"]["verdict"]) for b in data["branches"]] == [
        ({"reading:players.count": 1}, "impossible"), ({"reading:players.count": 2}, "upheld")]
    assert ruling(run, "kems", "--hand", "Q♥ Q♥ Q Q", "--players", "8", "--reading", "players.count=2", "-c",
                  path)["verdict"] == "upheld"
    marquoir = ruling(run, "kems", "--hand", "Q Q Q Q", "--players", "10", "-c", "marquoir")  # one reading: excluded
    assert marquoir["verdict"] == "impossible"


def test_how_partnerships_are_formed_and_which_way_the_deal_goes_are_said_and_shown(run):
    """catsatcards: partnerships drawn (the two highest against the two lowest), the deal clockwise: points a
    file can state (no dispute turns on them), shown by show and compare in both languages."""
    path = os.path.join(HERE, "catsatcards.yaml")
    rules = run("conventions", "show", path, "--json").json()["rules"]
    assert (rules["teams.formation"]["value"], rules["deal.direction"]["value"]) == ("drawn-high-low", "clockwise")
    rows = {r["rule_point"]: r for r in run("compare", path, "--json").json()["rows"]}
    assert rows["teams.formation"]["values"]["catsatcards"]["short"] == \
        "by a draw: the two highest against the two lowest"
    assert rows["teams.formation"]["question"] == "How are the partnerships formed?"
    fr = {r["rule_point"]: r for r in run("compare", path, "--json", "--lang", "fr").json()["rows"]}
    assert fr["deal.direction"]["values"]["catsatcards"]["short"] == "dans le sens des aiguilles d'une montre"


def test_skaut_kents_double_stop_is_right_only_on_two_squares_and_scores_two_either_way(run):
    """Skaut's Topeltstop (the Double Contre-Kems): right where both accused players hold four alike, +2 to the
    callers; else -2; the partner's hand not given, the ruling waits for it."""
    path = os.path.join(HERE, "skaut-kent.yaml")
    right = ruling(run, "double-contre-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 5 5 5", "-c", path)
    assert (right["verdict"], right["score"]) == ("upheld", [{"team": "callers", "change": 2, "unit": "point"}])
    wrong = ruling(run, "double-contre-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 6 7 8", "-c", path)
    assert (wrong["verdict"], wrong["score"]) == ("rejected", [{"team": "callers", "change": -2, "unit": "point"}])
    waits = ruling(run, "double-contre-kems", "--hand", "Q Q Q Q", "-c", path)
    assert (waits["verdict"], [n["fact"] for n in waits["needs"]]) == ("depends", ["partner_square"])
    assert ruling(run, "double-contre-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 5 5 5", "-c",
                  "pagat")["verdict"] == "unspecified"


def test_a_double_stop_told_in_words_is_ruled_on_both_accused_hands(run):
    out = run("ask", "--no-input", "double stop on Max, he had Q Q Q Q and Zoe had 5 5 5 5", "-c",
              os.path.join(HERE, "skaut-kent.yaml")).out
    assert out.splitlines()[0] == ("Understood: Double Contre-Kems; the accused player's hand: Q Q Q Q; the accused's "
                                   "partner's hand: 5 5 5 5; Skaut Kent (-c)")
    assert "the calling team: +2 points" in out


def test_a_volunteer_dealer_a_middle_card_before_each_player_and_a_face_up_discard_can_be_said(run, tmp_path):
    """Values a new user's files needed (var6): said and shown, in both languages."""
    path = tmp_path / "maison.yaml"
    path.write_text("""id: maison
name: Maison
publication: {title: Maison, cite_as: Maison}
extends: ducale
rules:
  deal.first_dealer: {status: stated, value: volunteer, text: {fr: "Un volontaire.", en: "A volunteer."},
                      citation: {section: "Donne"}}
  deal.center_layout: {status: stated, value: one-per-player, text: {fr: "Une par joueur.", en: "One per player."},
                       citation: {section: "Donne"}}
  discard.visibility: {status: stated, value: face-up, text: {fr: "Visible.", en: "Face up."},
                       citation: {section: "Échange"}}
""", encoding="utf-8")
    assert run("conventions", "validate", str(path)).code == 0
    rows = {r["rule_point"]: r for r in run("compare", str(path), "--json", "--lang", "fr").json()["rows"]}
    shorts = [rows[p]["values"]["maison"]["short"] for p in ("deal.first_dealer", "deal.center_layout",
                                                              "discard.visibility")]
    assert shorts == ["un volontaire", "une devant chaque joueur", "face visible"]


# --- the table's set-up ruled (`rule setup`), a card passed to a partner, a game master, a signal made up in play -----

WUKIHOW, ANIMATEUR, LEADERSHIP = (os.path.join(HERE, f"{name}.yaml") for name in
                                  ("wukihow-de", "jesuisanimateur", "leadershipinspirations"))


def test_the_set_up_variant_files_validate_strictly_with_no_point_left_unread(run):
    for path in (WUKIHOW, ANIMATEUR, LEADERSHIP):
        r = run("conventions", "validate", path, "--strict")
        assert r.code == 0 and "no ruling reads it" not in r.out, r.out


def test_under_the_german_wikihow_page_a_card_passed_to_ones_partner_is_allowed_citing_the_file(run):
    data = ruling(run, "exchange", "--to-partner", "-c", WUKIHOW)
    assert (data["verdict"], data["score"], data["hand_ends"]) == ("allowed", [], False)
    assert [c["rule_point"] for c in data["citations"]] == ["exchange.partner_pass"]


def test_under_ducale_a_card_passed_to_ones_partner_is_not_settled_and_no_order_is_asked(run):
    data = ruling(run, "exchange", "--to-partner")
    assert (data["verdict"], data["unspecified"], data["needs"]) == ("unspecified", ["exchange.partner_pass"], [])


def test_under_je_suis_animateur_a_volunteer_dealer_is_forbidden_a_game_master_deals(run):
    data = ruling(run, "setup", "--first-dealer", "volunteer", "-c", ANIMATEUR)
    assert (data["verdict"], [c["rule_point"] for c in data["citations"]]) == ("forbidden", ["deal.first_dealer"])
    assert "The table: a volunteer. A game master, who does not play, deals the cards." in \
        run("rule", "setup", "--first-dealer", "volunteer", "-c", ANIMATEUR).out


def test_under_je_suis_animateur_the_game_master_deals_every_hand(run):
    assert ruling(run, "setup", "--next-dealer", "game-master", "-c", ANIMATEUR)["verdict"] == "allowed"
    assert ruling(run, "setup", "--next-dealer", "clockwise", "-c", ANIMATEUR)["verdict"] == "forbidden"


def test_under_leadership_inspirations_a_signal_made_up_during_play_is_the_tables_choice(run):
    assert ruling(run, "setup", "--signal-agreed", "during-play", "-c", LEADERSHIP)["verdict"] == "allowed"
    assert ruling(run, "setup", "--signal-agreed", "before-play", "-c", LEADERSHIP)["verdict"] == "allowed"
    assert ruling(run, "setup", "--signal-agreed", "during-play")["verdict"] == "unspecified"  # Ducale is silent


def test_under_leadership_inspirations_a_face_down_discard_is_forbidden_and_the_worst_of_two_ways_stands(run):
    data = ruling(run, "setup", "--discard", "face-down", "--turns", "none", "-c", LEADERSHIP)
    assert data["verdict"] == "forbidden"
    assert [c["rule_point"] for c in data["citations"]] == ["players.count", "exchange.turns", "discard.visibility"]


def test_rule_setup_with_no_way_or_an_unknown_way_is_one_line_and_exit_2(run):
    r = run("rule", "setup")
    assert r.code == 2 and "rule setup: say what the table did (--seating, --teams," in r.err
    r = run("rule", "setup", "--seating", "upside-down")
    assert r.code == 2 and "--seating upside-down: not a way this option knows (ways: facing, diagonal, side-by-side)" \
        in r.err


def test_a_situation_file_gives_the_set_up_ways_by_the_options_names(run, tmp_path):
    path = tmp_path / "sit.yaml"
    path.write_text("event: setup\nseating: side-by-side\nmiddle-face: face-up\n", encoding="utf-8")
    data = run("rule", "--situation", str(path), "--json").json()
    assert (data["verdict"], [c["rule_point"] for c in data["citations"]]) == \
        ("forbidden", ["seating.partners", "deal.center_face"])
    path.write_text("event: setup\nseating: true\n", encoding="utf-8")
    r = run("rule", "--situation", str(path))
    assert r.code == 2 and "'seating' must be one of: facing, diagonal, side-by-side" in r.err


def _signal_file(tmp_path, value):
    path = tmp_path / "signs.yaml"
    path.write_text(f"""id: signs
name: Signs house rules
publication: {{title: Our signs, author: A table, cite_as: Our signs}}
extends: ducale
rules:
  signal.change:
    status: stated
    value: {value}
    text: {{en: "The signal's own rule.", fr: "La règle du signe."}}
    citation: {{section: "Signs"}}
""", encoding="utf-8")
    return str(path)


def test_a_file_that_keeps_one_signal_for_the_game_forbids_changing_it_between_hands(run, tmp_path):
    data = ruling(run, "signal", "--signal-changed", "-c", _signal_file(tmp_path, "between-games"))
    assert (data["verdict"], [c["rule_point"] for c in data["citations"]]) == ("forbidden", ["signal.change"])


def test_a_file_that_changes_the_signal_after_a_caught_sign_rules_on_whether_it_was_caught(run, tmp_path):
    path = _signal_file(tmp_path, "after-caught")
    data = ruling(run, "signal", "--signal-changed", "-c", path)
    assert (data["verdict"], data["needs"][0]["fact"]) == ("depends", "after_caught")
    assert [b["ruling"]["verdict"] for b in data["branches"]] == ["allowed", "unspecified"]
    assert ruling(run, "signal", "--signal-changed", "--after-caught", "-c", path)["verdict"] == "allowed"
    assert ruling(run, "signal", "--signal-changed", "--not-caught", "-c", path)["verdict"] == "unspecified"
    r = run("rule", "signal", "--after-caught", "-c", path)
    assert r.code == 2 and "--after-caught" in r.err and "--signal-changed" in r.err


def test_a_dealt_hand_is_the_cards_that_matter_and_more_than_the_deal_gives_is_refused(run):
    # fewer cards are those of the hand a story tells ("three 9s at the first deal"), the rest unsaid
    assert ruling(run, "deal", "--hand", "9 9 9")["verdict"] == "redeal"
    assert ruling(run, "deal", "--hand", "7 8 9")["verdict"] == "play-on"
    r = run("rule", "deal", "--hand", "7 8 9 10 J")
    assert r.code == 2 and "--hand has 5 cards but Ducale deals 4 a player" in r.err
    assert ruling(run, "deal", "--hand", "7 8 9 9 9", "-c", "wikipedia")["verdict"] == "replace-cards"  # 4 or 5 there


NASTOLA = os.path.join(HERE, "nastola-kent.yaml")


def test_nastolas_54_card_pack_has_two_jokers_beside_its_52_cards_and_they_make_no_square(run):
    assert run("conventions", "validate", NASTOLA, "--strict").code == 0
    assert ruling(run, "kent", "--hand", "Q Q Q Q", "-c", NASTOLA)["verdict"] == "upheld"
    assert ruling(run, "kent", "--hand", "Q Q Q Joker", "-c", NASTOLA)["verdict"] == "rejected"
    r = run("rule", "kent", "--hand", "Joker Joker Joker 2", "-c", NASTOLA)
    assert r.code == 2 and "3 cards of rank Joker, but one deck holds only 2" in r.err
    r = run("rule", "kems", "--hand", "Q Q Q Joker")  # Ducale's deck has no joker
    assert r.code == 2


def test_a_deck_whose_jokers_are_not_counted_in_its_size_is_refused_with_its_line(run, tmp_path):
    with open(NASTOLA, encoding="utf-8") as f:
        text = f.read().replace("{cards: 54, deck: pack-with-jokers}", "{cards: 52, deck: pack-with-jokers}")
    path = tmp_path / "wrong.yaml"
    path.write_text(text, encoding="utf-8")
    r = run("conventions", "validate", str(path))
    assert r.code == 1 and "deck.size says 52 cards of the deck 'pack-with-jokers', which holds 54" in r.out


def test_a_file_whose_joker_is_wild_makes_a_square_of_three_kings_and_the_joker(run, tmp_path):
    with open(NASTOLA, encoding="utf-8") as f:
        text = f.read().replace("    jokers: 2\n", "    jokers: 2\n    wild: true\n")
    path = tmp_path / "wild.yaml"
    path.write_text(text, encoding="utf-8")
    assert run("conventions", "validate", str(path)).code == 0
    assert ruling(run, "kent", "--hand", "K K K Joker", "-c", str(path))["verdict"] == "upheld"
    assert ruling(run, "kent", "--hand", "K K Joker Joker", "-c", str(path))["verdict"] == "upheld"
    assert ruling(run, "kent", "--hand", "K Q Joker Joker", "-c", str(path))["verdict"] == "rejected"
    assert ruling(run, "kent", "--hand", "K K K Joker", "-c", NASTOLA)["verdict"] == "rejected"  # not wild there


def test_a_file_may_end_the_hand_on_a_right_kems_and_let_play_go_on_after_a_right_contre_kems(run, tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text("""id: end
name: Hand end house rules
publication: {title: Our rules, author: A table, cite_as: Our rules}
extends: ducale
rules:
  hand.end:
    status: stated
    value: {ends: [right-kems, wrong-kems, wrong-contre-kems], goes_on: [right-contre-kems], derived: []}
    text: {en: "A right Kems ends the hand; a right Contre-Kems does not."}
    citation: {section: "End"}
""", encoding="utf-8")
    assert ruling(run, "kems", "--hand", "Q Q Q Q", "-c", str(path))["hand_ends"] is True
    assert ruling(run, "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 5 5 5", "-c", str(path))["hand_ends"] \
        is True
    assert ruling(run, "contre-kems", "--hand", "Q Q Q Q", "-c", str(path))["hand_ends"] is False
    assert ruling(run, "contre-kems", "--hand", "Q Q 2 3", "-c", str(path))["hand_ends"] is True


OFFICIAL = os.path.join(HERE, "officialgamerules.yaml")


def test_officialgamerules_kemps_names_both_calls_and_who_calls_it_tells_which(run):
    """officialgamerules.org: the partner who sees the signal calls "Kemps!" and the team wins the round; an
    opponent who spots it and calls "Kemps!" first wins it instead. The file gives the word to both calls."""
    r = run("conventions", "validate", OFFICIAL, "--strict")
    assert r.code == 0
    assert f"{OFFICIAL}:15: note: calls: 'Kemps' names both the Kems and the Contre-Kems: said by the partner it is " \
           "the Kems, by an opponent the Contre-Kems" in r.out
    by_opponent = run("ask", "-c", OFFICIAL, "--no-input", "--json",
                      "an opponent spotted the signal and called kemps on Marie, who had four kings").json()
    assert (by_opponent["event"], by_opponent["verdict"]) == ("contre-kems", "upheld")
    assert by_opponent["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    by_partner = run("ask", "-c", OFFICIAL, "--no-input", "--json",
                     "Marie had four kings, gave the signal and her partner called kemps").json()
    assert (by_partner["event"], by_partner["verdict"]) == ("kems", "upheld")
    unsaid = run("ask", "-c", OFFICIAL, "--no-input", "Marie had four kings and Paul called kemps")
    assert unsaid.code == 2
    assert "'kemps' is the Kems when the partner says it and the Contre-Kems when an opponent does" in unsaid.err


def test_a_word_naming_both_calls_is_refused_as_an_event_name_saying_which_two(run):
    r = run("rule", "kemps", "-c", OFFICIAL, "--hand", "K K K K")
    assert r.code == 2
    assert r.err.strip() == ("kems-ref: error: under this convention 'kemps' names both the Kems (said by the partner) "
                             "and the Contre-Kems (said by an opponent): name the call kems or contre-kems")
    assert run("rule", "contre-kems", "-c", OFFICIAL, "--hand", "K K K K", "--json").json()["verdict"] == "upheld"


def test_a_score_sheet_under_such_a_file_refuses_the_shared_word_and_takes_the_calls_by_their_ids(run, tmp_path):
    db = str(tmp_path / "sheet.db")
    run("game", "new", "-c", OFFICIAL, "--team", "Ana+Bo", "--team", "Cy+Di", "--target", "3", "--db", db)
    r = run("game", "kemps", "Ana", "--db", db)
    assert r.code == 2 and "names both the Kems (said by the partner) and the Contre-Kems" in r.err
    assert run("game", "history", "--db", db, "--json").json() == []
    assert run("game", "contre", "Cy", "Ana", "--square", "--db", db, "--json").json()["applied"] is True


KARTOVEHRY = os.path.join(HERE, "kartovehry-kent.yaml")


def test_kartovehry_lets_a_player_take_the_card_another_has_just_thrown_down(run):
    """kartovehry.com (Slovak Kent): a card another player has just thrown down may be taken too — allowed and cited;
    the file is silent on the order of putting down and picking up, which stays open."""
    assert run("conventions", "validate", KARTOVEHRY, "--strict").code == 0
    data = ruling(run, "exchange", "--retaken", "-c", KARTOVEHRY)
    assert (data["verdict"], data["unspecified"]) == ("unspecified", ["exchange.order"])
    assert [c["rule_point"] for c in data["citations"]] == ["exchange.retake"]
    story = run("ask", "--no-input", "--json", "-c", KARTOVEHRY,
                "Tom grabbed the queen Lea had just thrown down, is that allowed?").json()
    assert (story["event"], story["command"]) == \
        ("exchange", f"kems-ref rule exchange -c {KARTOVEHRY} --retaken")
    under_ducale = ruling(run, "exchange", "--retaken", "--put-first")
    assert (under_ducale["verdict"], under_ducale["unspecified"]) == ("unspecified", ["exchange.retake"])


BIOCASINO, GAMEFARM, KARE_KUPE = (os.path.join(HERE, f"{name}.yaml") for name in ("biocasino", "gamefarm", "kare-kupe"))


def test_under_biocasino_the_player_who_gets_the_four_calls_kemps_himself_and_it_stands(run):
    """bio.casino (Persian): whoever gets the four cards says "Kemps!" — the holder's own call is ruled on his
    square, its rule cited; under Ducale, where the partner calls, the same call is void."""
    assert run("conventions", "validate", BIOCASINO, "--strict").code == 0
    data = ruling(run, "kems", "--by-holder", "--hand", "Q Q Q Q", "-c", BIOCASINO)
    assert data["verdict"] == "upheld"
    assert "call.kems.caller" in [c["rule_point"] for c in data["citations"]]
    assert ruling(run, "kems", "--by-holder", "--hand", "Q Q Q J", "-c", BIOCASINO)["verdict"] == "rejected"
    assert ruling(run, "kems", "--by-holder", "--hand", "Q Q Q Q")["verdict"] == "void"
    out = run("rule", "kems", "--by-holder", "--hand", "Q Q Q Q", "-c", BIOCASINO).out
    assert "The caller holds a square (Q Q Q Q)." in out


def test_under_gamefarm_any_way_of_choosing_the_first_dealer_is_allowed(run):
    assert run("conventions", "validate", GAMEFARM, "--strict").code == 0
    for way in ("highest-card-draw", "random", "volunteer"):
        assert ruling(run, "setup", "--first-dealer", way, "-c", GAMEFARM)["verdict"] == "allowed"
    assert ruling(run, "setup", "--first-dealer", "highest-card-draw")["verdict"] == "unspecified"  # Ducale silent


def test_under_kare_kupe_partners_sit_apart_facing_or_diagonal_never_side_by_side(run):
    assert run("conventions", "validate", KARE_KUPE, "--strict").code == 0
    assert [ruling(run, "setup", "--seating", way, "-c", KARE_KUPE)["verdict"]
            for way in ("facing", "diagonal", "side-by-side")] == ["allowed", "allowed", "forbidden"]
    r = run("rule", "setup", "--seating", "apart")
    assert r.code == 2 and "--seating apart: not a way this option knows" in r.err


def test_a_call_on_the_score_sheet_is_headed_by_the_publications_own_name_as_rule_heads_it(run, tmp_path):
    db = str(tmp_path / "sheet.db")
    run("game", "new", "-c", BIOCASINO, "--team", "Ana+Bo", "--team", "Cy+Di", "--target", "3", "--db", db)
    out = run("game", "kemps", "Ana", "--square", "--db", db).out
    assert out.startswith("CALL UPHELD  — Kems (called “Kemps” here), bio.casino — Kemps (Persian)\n")


FINDY = os.path.join(HERE, "findyschool.yaml")


def test_under_findyschool_a_card_is_drawn_from_the_stock_then_swapped_with_the_middle_never_off_the_discard(run):
    """findyschool.jp: players draw in turn from the stock, then may swap one card with the middle — the stock and the
    middle allowed (the order of putting down and picking up is the file's silence), the discard pile forbidden."""
    assert run("conventions", "validate", FINDY, "--strict").code == 0
    stock = ruling(run, "exchange", "--from-stock", "-c", FINDY)
    assert (stock["verdict"], stock["unspecified"]) == ("unspecified", ["exchange.order"])
    assert [c["rule_point"] for c in stock["citations"]] == ["exchange.draw"]
    discard = ruling(run, "exchange", "--from-discard", "-c", FINDY)
    assert (discard["verdict"], [c["rule_point"] for c in discard["citations"]]) == ("forbidden", ["exchange.draw"])
    under_ducale = ruling(run, "exchange", "--from-stock", "--put-first")
    assert (under_ducale["verdict"], under_ducale["unspecified"]) == ("unspecified", ["exchange.draw"])
    assert ruling(run, "exchange", "--put-first")["verdict"] == "allowed"  # the middle, where Ducale says nothing else
    told = run("ask", "--no-input", "--json", "-c", FINDY, "Tom took the top card off the discard pile, legal?").json()
    assert (told["event"], told["verdict"]) == ("exchange", "forbidden")


SCRIBD, WIKI_FR = (os.path.join(HERE, f"{name}.yaml") for name in ("scribd-kems", "wiki-fr-kems"))


def test_under_the_scribd_handout_a_wrongly_accused_player_shows_two_different_cards_to_the_caller_no_more(run):
    """The handout says to whom the cards are shown, not that the caller must keep what he saw to himself."""
    assert run("conventions", "validate", SCRIBD, "--strict").code == 0
    data = ruling(run, "contre-kems", "--no-square", "--no-partner-square", "-c", SCRIBD)
    assert (data["verdict"], data["effects"]) == ("rejected", ["accused-shows-two-different-cards-to-caller"])
    assert data["score"] == [{"team": "accused", "change": 1, "unit": "point"}]
    out = run("rule", "contre-kems", "--no-square", "--no-partner-square", "-c", SCRIBD).out
    assert "Effects: the accused shows two cards of different ranks to the caller\n" in out


def test_under_wiki_fr_a_contre_kems_after_a_right_kems_is_judged_as_it_stands(run):
    """wiki-fr.com: the other team may be accused at any moment — after its Kems too; Ducale rules it void."""
    assert run("conventions", "validate", WIKI_FR, "--strict").code == 0
    data = ruling(run, "contre-kems", "--square", "--after-kems", "--kems-right", "-c", WIKI_FR)
    assert data["verdict"] == "upheld"
    assert "call.contre_kems.timing" in [c["rule_point"] for c in data["citations"]]
    assert ruling(run, "contre-kems", "--square", "--after-kems", "--kems-right")["verdict"] == "void"


def test_under_wiki_fr_a_team_that_keeps_its_signal_from_one_hand_to_the_next_breaks_the_rule(run):
    """wiki-fr.com: signals are never repeated identically, on a penalty it does not name; under Pagat, where a team
    may change after any hand, keeping one is allowed."""
    data = ruling(run, "signal", "--signal-kept", "-c", WIKI_FR)
    assert (data["verdict"], data["score_settled"]) == ("forbidden", False)
    assert [c["rule_point"] for c in data["citations"]] == ["signal.change"]
    assert ruling(run, "signal", "--signal-kept", "-c", "pagat")["verdict"] == "allowed"
    r = run("rule", "signal", "--after-caught")
    assert r.code == 2 and "--after-caught qualifies --signal-changed / --signal-kept, which was not given" in r.err


HARVARD = os.path.join(HERE, "harvard-kemps.yaml")
JASSWELT = os.path.join(HERE, "jasswelt-gaemsch.yaml")


def test_under_mastering_kemps_the_discard_pile_starts_with_the_stocks_top_card_turned(run):
    turned = ruling(run, "setup", "--discard-start", "turned-card", "-c", HARVARD)
    empty = ruling(run, "setup", "--discard-start", "empty", "-c", HARVARD)
    assert (turned["verdict"], empty["verdict"]) == ("allowed", "forbidden")
    assert [c["rule_point"] for c in empty["citations"]] == ["discard.start"]
    assert "The stock's top card is turned over to start the discard pile." in empty["explanation"]


def test_under_mastering_kemps_the_player_left_of_the_dealer_plays_first_and_play_goes_clockwise(run):
    assert ruling(run, "setup", "--first-player", "left-of-dealer", "--turn-direction", "clockwise",
                  "-c", HARVARD)["verdict"] == "allowed"
    assert ruling(run, "setup", "--first-player", "dealer", "-c", HARVARD)["verdict"] == "forbidden"
    assert ruling(run, "setup", "--turn-direction", "counter-clockwise", "-c", HARVARD)["verdict"] == "forbidden"


def test_ducale_says_nothing_of_who_plays_first_in_turn_nor_of_how_a_discard_pile_starts(run):
    data = ruling(run, "setup", "--first-player", "dealer", "--discard-start", "empty")
    assert (data["verdict"], data["unspecified"]) == ("unspecified", ["discard.start", "turns.first"])


def test_under_jasswelt_the_swept_cards_go_back_into_the_stock(run):
    data = ruling(run, "sweep", "--no-objection", "-c", JASSWELT)
    assert (data["verdict"], data["effects"]) == ("allowed", ["swept-into-stock"])
    assert "sweep.swept_cards" in [c["rule_point"] for c in data["citations"]]
    out = run("rule", "sweep", "--no-objection", "-c", JASSWELT, "--lang", "fr").out
    assert "Conséquences : les cartes balayées retournent dans la pioche" in out


def test_both_new_blind_variant_files_validate_strictly(run):
    for path in (HARVARD, JASSWELT):
        assert run("conventions", "validate", path, "--strict").code == 0


BLACKATLANTIC = os.path.join(HERE, "blackatlantic-kemps.yaml")


def test_mastering_kemps_has_teams_of_two_or_three_so_six_players_make_the_teams_the_table_chose(run):
    choice = ruling(run, "contre-kems", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5", "--players", "6",
                    "-c", HARVARD)
    assert "At 6 players the teams may be of 2 / 3 players: how many teams there are is the table's choice " \
           "(--team-size)." in choice["explanation"]
    three = ruling(run, "contre-kems", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5", "--players", "6",
                   "--team-size", "3", "-c", HARVARD)
    assert "At 6 players, teams of 3: 2 teams." in three["explanation"]
    assert "teams.size" in [c["rule_point"] for c in three["citations"]]


def test_mastering_kemps_teams_of_three_at_six_leave_no_third_team_to_accuse(run):
    r = run("rule", "contre-kems", "--hand", "7 7 K K", "--players", "6", "--team-size", "3", "--on-team", "3",
            "-c", HARVARD)
    assert (r.code, r.err.strip()) == (2, "kems-ref: error: --on-team 3: at 6 players the accused team is numbered "
                                          "2 to 2 (the caller's team is 1)")


def test_a_team_size_a_file_does_not_allow_is_impossible_there_and_one_that_does_not_divide_the_table_an_error(run):
    data = ruling(run, "kems", "--hand", "2 2 2 2", "--players", "8", "--team-size", "4", "-c", HARVARD)
    assert data["verdict"] == "impossible"
    r = run("rule", "kems", "--hand", "2 2 2 2", "--players", "6", "--team-size", "4", "-c", HARVARD)
    assert (r.code, r.err.strip()) == (2, "kems-ref: error: --team-size 4: 6 players do not make teams of 4 "
                                          "(at least two teams, every player in one)")


def test_under_blackatlantic_a_wrong_kemps_at_six_gives_the_game_to_the_one_opposing_team(run):
    """Two teams whatever the table: at six players "the opposing team" is the other one, settled."""
    data = ruling(run, "kems", "--hand", "2 3 4 5", "--players", "6", "-c", BLACKATLANTIC)
    assert (data["verdict"], data["score"]) == ("rejected", [{"team": "others", "change": 1, "unit": "game"}])
    assert "At 6 players that makes 2 teams." in data["explanation"]
    four = ruling(run, "kems", "--hand", "2 3 4 5", "-c", BLACKATLANTIC)
    assert "teams" not in four["explanation"].split(".")[0]


def test_teams_of_three_a_table_made_make_wikipedias_other_team_one_team_at_six(run):
    """Wikipédia gives a wrong Kems's point to "the other team": at six in pairs (three teams) who that is, it does
    not settle; at six in teams of three there is one other team.  (Marquoir plays in teams of two: teams of three
    are outside its rules, refused citing them.)"""
    pairs = ruling(run, "kems", "--hand", "2 3 4 5", "--players", "6", "-c", "wikipedia")
    threes = ruling(run, "kems", "--hand", "2 3 4 5", "--players", "6", "--team-size", "3", "-c", "wikipedia")
    assert (pairs["score"], pairs["score_settled"]) == ([], False)
    assert threes["score"] == [{"team": "others", "change": 1, "unit": "point"}]
    assert threes["explanation"].startswith("Wikipédia does not speak of teams of 3: ruled with the teams the table "
                                            "made.")
    assert "teams.size" in threes["unspecified"]
    refused = ruling(run, "kems", "--hand", "2 3 4 5", "--players", "6", "--team-size", "3", "-c", "marquoir")
    assert refused["verdict"] == "impossible"
    assert refused["explanation"] == ("Marquoir has teams of 2 players, not 3 (Marquoir, page « Kems » — Setup ; "
                                      "But du jeu)")


def test_blackatlantic_and_mastering_kemps_validate_strictly(run):
    for path in (BLACKATLANTIC, HARVARD):
        assert run("conventions", "validate", path, "--strict").code == 0


def test_a_call_named_in_cyrillic_is_typed_in_cyrillic(run):
    """casino-tsar.bg names the Kems «Кент»: `rule кент` and a story telling «Кент» rule the Kems."""
    path = os.path.join(HERE, "casino-tsar-kent.yaml")
    for word in ("кент", "Кент"):
        data = ruling(run, word, "--hand", "Q Q Q Q", "-c", path)
        assert (data["event"], data["verdict"]) == ("kems", "upheld")
    asked = run("ask", "--no-input", "--json", "Ana called Кент and her partner had four queens", "-c", path).json()
    assert (asked["event"], asked["verdict"]) == ("kems", "upheld")


def test_under_handipoints_kent_a_kick_under_the_table_is_an_allowed_signal(run):
    path = os.path.join(HERE, "handipoints-kent.yaml")
    data = ruling(run, "signal", "--hidden", "-c", path)
    assert data["verdict"] == "allowed"
    assert [c["rule_point"] for c in data["citations"]] == ["signal.visibility"]
    assert ruling(run, "signal", "--hidden")["verdict"] == "forbidden"  # Ducale: the sign must be seen by all


def test_kent_stop_lays_no_middle_so_a_sweep_or_an_exchange_with_the_middle_cannot_happen_there(run):
    """vvvvvv.in.ua's Kent stop: the rest of the pack is a stock, no card turned up (deal.center: 0)."""
    path = os.path.join(HERE, "kent-stop.yaml")
    for args in (("sweep", "--no-objection"), ("exchange",)):
        data = ruling(run, *args, "-c", path)
        assert data["verdict"] == "impossible"
        assert [c["rule_point"] for c in data["citations"]] == ["deal.center"]
    drawn = ruling(run, "exchange", "--from-stock", "--take-first", "-c", path)
    assert drawn["verdict"] == "allowed"
    assert run("conventions", "validate", path, "--strict").code == 0


def test_signs_winning_hand_is_told_in_words_so_cards_leave_it_to_the_table_and_its_judgement_rules(run):
    """teachingbygaming.eu's Sign!: five cards of one symbol — four queens are no verdict the referee can give."""
    path = os.path.join(HERE, "sign-teaching.yaml")
    cards = ruling(run, "sign", "--hand", "Q Q Q Q", "-c", path)
    assert (cards["verdict"], cards["citations"][0]["rule_point"]) == ("unspecified", "hand.square")
    assert cards["explanation"].startswith("The winning hand is five cards of one symbol, one in each colour, on "
                                           "the game's own deck. Whether these cards make Sign!'s winning hand")
    assert ruling(run, "sign", "--square", "-c", path)["verdict"] == "upheld"
    assert ruling(run, "sign", "--no-square", "-c", path)["verdict"] == "rejected"
    assert run("conventions", "validate", path, "--strict").code == 0


def test_gaemsh_alpin_is_played_to_nine_points_the_most_points_then_winning(run, tmp_path):
    """brettspiele.digital's Gämsh Alpin: the game ends when a team has nine points, the most points winning — a
    game to a number of points, never one of so many rounds."""
    path = os.path.join(HERE, "gaemsh-alpin.yaml")
    db = str(tmp_path / "sheet.db")
    made = run("game", "new", "--team", "A+B", "--team", "C+D", "-c", path, "--db", db)
    assert made.code == 0, made.err
    assert made.out.splitlines()[0] == ("Game game-1 started — Gämsh Alpin (brettspiele.digital), to 9 points (the "
                                        "first team to reach them wins):")
    assert run("conventions", "validate", path, "--strict").code == 0


def test_a_new_game_under_a_file_with_its_own_deck_suggests_a_first_call_its_deck_reads(run, tmp_path):
    """The suggested first call names four cards of the file's own deck (var13: "Q Q Q Q" under a Jass or a
    Spanish deck, a hand that deck cannot read)."""
    path = os.path.join(HERE, "jasswelt-gaemsch.yaml")
    made = run("game", "new", "--team", "A+B", "--team", "C+D", "--rounds", "3", "-c", path,
               "--db", str(tmp_path / "s.db"))
    last = made.out.splitlines()[-1]
    assert last == 'Next: kems-ref game call kems --by A --hand "Ace Ace Ace Ace"'
    assert ruling(run, "kems", "--hand", "Ace Ace Ace Ace", "-c", path)["verdict"] == "upheld"


def test_cards_how_peanut_butter_at_five_players_makes_a_team_of_three_and_one_of_two(run):
    """cards.how: teams of two, one team of three at an odd table — five players make two teams, not one over."""
    path = os.path.join(HERE, "peanut-butter-cardshow.yaml")
    data = ruling(run, "kems", "--hand", "K K K K", "--players", "5", "-c", path)
    assert data["verdict"] == "upheld"
    assert "At 5 players, with teams of 2 / 3: 2 teams, not all of one size." in data["explanation"]
    assert "one player over" not in data["explanation"]
    assert run("conventions", "validate", path, "--strict").code == 0


def test_mixed_team_sizes_at_a_huge_table_are_counted_at_once_not_seat_by_seat(run):
    """A table of a million and one under cards.how's teams of two or three: ruled (it took minutes, seat by seat)."""
    from kems_ref.referee.resolver import _mixed_team_counts

    assert _mixed_team_counts(5, [2, 3]) == [2] and _mixed_team_counts(6, [2, 4]) == [2, 3]
    assert _mixed_team_counts(7, [2, 4]) == [] and _mixed_team_counts(10, [3]) == []
    data = ruling(run, "kems", "--hand", "K K K K", "--players", "1000001", "-c",
                  os.path.join(HERE, "peanut-butter-cardshow.yaml"))
    assert data["verdict"] == "upheld"


def test_under_barmeisters_square_aces_are_wild_so_three_nines_and_an_ace_make_a_square(run):
    """barmeister.com's Square: aces are wild (hand.wild: [A]) — an ace stands for the rank it completes."""
    path = os.path.join(HERE, "square-barmeister.yaml")
    wild = ruling(run, "kems", "--hand", "A 9 9 9", "-c", path)
    assert wild["verdict"] == "upheld"
    assert [c["rule_point"] for c in wild["citations"]] == ["hand.square", "hand.wild", "call.kems.right", "hand.end"]
    assert wild["explanation"].startswith("Under Square (barmeister drinking game), a wild card stands for the rank "
                                          "it completes: with it these cards make four of a kind. Aces are wild.")
    assert ruling(run, "kems", "--hand", "A A A A", "-c", path)["verdict"] == "upheld"
    assert ruling(run, "kems", "--hand", "A A 9 8", "-c", path)["verdict"] == "rejected"
    plain = ruling(run, "kems", "--hand", "9 9 9 9", "-c", path)
    assert "hand.wild" not in [c["rule_point"] for c in plain["citations"]]
    # where no file says so, an ace is an ace
    assert ruling(run, "kems", "--hand", "A 9 9 9", "-c", "ducale")["verdict"] == "rejected"
    assert run("conventions", "validate", path, "--strict").code == 0


def test_a_wild_card_a_files_deck_cannot_read_is_refused_with_its_line(run, tmp_path):
    path = tmp_path / "wild.yaml"
    path.write_text("""id: wild-x
name: Wild
publication: {title: Ours, author: A table, cite_as: Ours}
extends: ducale
rules:
  hand.wild:
    status: stated
    value: [A, Zebra]
    text: {en: Aces and zebras are wild.}
    citation: {section: x}
""", encoding="utf-8")
    r = run("conventions", "validate", str(path))
    assert r.code == 1
    assert r.out.splitlines()[0] == (f"{path}:8: hand.wild names 'Zebra', a card neither the standard deck nor the "
                                     "file's own decks (—) read")


def test_under_barnonedrinks_peanut_butter_as_many_middle_cards_lie_as_there_are_players(run):
    """barnonedrinks.com's Peanut Butter: six players, six centre cards (deal.center: per-player) — a hand of
    nine holds no more than the four dealt and the five in the middle at five players, and cannot at four."""
    path = os.path.join(HERE, "peanut-butter-barnone.yaml")
    five = run("rule", "kems", "--hand", "K K K K 2 3 4 5 6", "--players", "5", "-c", path, "--json")
    assert five.code == 0 and five.json()["verdict"] == "upheld"
    four = run("rule", "kems", "--hand", "K K K K 2 3 4 5 6", "--players", "4", "-c", path)
    assert four.code == 2
    assert four.err.strip() == ("kems-ref: error: --hand has 9 cards: no player can hold that many (4 dealt and "
                                "4 in the middle at most)")
    compared = run("compare", path, "deal.center", "--json").json()
    assert "one per player" in run("compare", path, "deal.center").out
    assert compared


def test_under_barnonedrinks_peanut_butter_the_game_has_no_target_and_the_team_ahead_leads(run, tmp_path):
    """"Play until everyone is bored" (score.target: {open: true}): no target, no rounds; points are kept."""
    path = os.path.join(HERE, "peanut-butter-barnone.yaml")
    db = str(tmp_path / "s.db")
    made = run("game", "new", "--team", "A+B", "--team", "C+D", "-c", path, "--db", db)
    assert made.code == 0, made.err
    assert made.out.splitlines()[0] == ("Game game-1 started — Peanut Butter (Bar None Drinks), no target (points "
                                        "are kept until the table stops: the team ahead then wins):")
    refused = run("game", "new", "--team", "A+B", "--team", "C+D", "-c", path, "--db", db, "--target", "5")
    assert refused.code == 2 and "plays with no target and no number of rounds" in refused.err
    for _ in range(3):
        assert run("game", "call", "kems", "--by", "A", "--hand", "Q Q Q Q", "--db", db).code == 0
    score = run("game", "score", "--db", db, "--json").json()
    assert (score["finished"], score["leader"], score["winner"], score["target"]) == (False, "A+B", None, None)
    assert [t["points"] for t in score["teams"]] == [3, 0]
    assert run("conventions", "validate", path, "--strict").code == 0


def test_under_cards_how_peanut_butter_only_the_dealer_draws_from_the_stock_the_others_from_the_pile(run):
    """cards.how: the dealer draws from the deck and discards to the left; the next player draws from that pile
    (exchange.draw: dealer-stock) — where a card may come from turns on who drew it."""
    path = os.path.join(HERE, "peanut-butter-cardshow.yaml")
    verdicts = {(source, who): ruling(run, "exchange", source, who, "--take-first", "-c", path)["verdict"]
                for source in ("--from-stock", "--from-discard") for who in ("--by-dealer", "--not-dealer")}
    assert verdicts == {("--from-stock", "--by-dealer"): "allowed", ("--from-stock", "--not-dealer"): "forbidden",
                        ("--from-discard", "--by-dealer"): "forbidden",
                        ("--from-discard", "--not-dealer"): "allowed"}
    unsaid = ruling(run, "exchange", "--from-stock", "--take-first", "-c", path)
    assert (unsaid["verdict"], [n["fact"] for n in unsaid["needs"]]) == ("depends", ["by_dealer"])
    # a file where anyone draws from either never asks who drew
    assert ruling(run, "exchange", "--from-stock", "--take-first", "-c",
                  os.path.join(HERE, "blackatlantic-kemps.yaml"))["needs"] == []


def test_under_team_spoons_a_player_who_draws_before_discarding_can_hold_five_and_that_breaks_its_limit(run):
    """greatgroupgames' Team Spoons: no middle, a card drawn before one is given up — five cards can be held, and the
    file's four-card limit forbids it (it was refused as a hand no player can hold)."""
    path = os.path.join(HERE, "team-spoons-ggg.yaml")
    data = ruling(run, "exchange", "--over-limit", "5", "--from-stock", "--by-dealer", "-c", path)
    assert (data["verdict"], data["effects"]) == ("forbidden", ["hand-over-limit"])
    assert "exchange.hand_limit" in [c["rule_point"] for c in data["citations"]]
    # a game of the middle alone still counts what can be held: four dealt and four in the middle
    refused = run("rule", "exchange", "--over-limit", "9", "-c", "ducale")
    assert refused.code == 2 and "no player can hold that many" in refused.err
    assert run("conventions", "validate", path, "--strict").code == 0


def test_under_with_love_for_games_a_right_catch_is_upheld_the_catchers_gain_points_and_the_amount_is_the_tables(
        run, tmp_path):
    """"Opponents can snag points" with no amount (change: gain): the call is upheld, the team that gains is
    named, and the score is left to the table — on the sheet too, where the entry waits for its points."""
    path = os.path.join(HERE, "withloveforgames.yaml")
    right = ruling(run, "contre-kems", "--square", "-c", path)
    assert (right["verdict"], right["score"], right["score_settled"]) == ("upheld", [], False)
    assert right["explanation"].endswith("With Love For Games says the calling team gains points, not how many: the "
                                         "table settles the amount.")
    fr = run("rule", "contre-kems", "--square", "-c", path, "--lang", "fr", "--json").json()
    assert fr["explanation"].endswith("With Love For Games dit que l'équipe qui annonce gagne des points, sans dire "
                                      "combien : la table fixe le nombre.")
    # its own Kemps is scored as stated: the unstated amount reaches no other call
    assert ruling(run, "kems", "--square", "-c", path)["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    db = str(tmp_path / "s.db")
    assert run("game", "new", "--team", "A+B", "--team", "C+D", "-c", path, "--db", db, "--target", "5").code == 0
    called = run("game", "call", "contre-kems", "--by", "C", "--on", "A", "--square", "--db", db)
    assert called.code == 0 and "not applied: the convention does not settle it" in called.out
    assert [t["points"] for t in run("game", "score", "--db", db, "--json").json()["teams"]] == [0, 0]
    assert run("conventions", "validate", path, "--strict").code == 0


def test_a_score_of_unstated_amount_cannot_end_the_game(run, tmp_path):
    path = _one_rule(tmp_path, "gain-x", "Gain", "ducale", "call.kems.right",
                     "[{team: callers, change: gain, unit: game}]", "The callers win.")
    r = run("conventions", "validate", str(path))
    assert r.code == 1
    assert "a score that ends the game is 1 (the team wins it) or -1 (it loses it)" in r.out


def test_a_wrong_kems_that_costs_points_of_unstated_amount_is_rejected_and_names_the_team_that_loses(run, tmp_path):
    path = _one_rule(tmp_path, "loss-x", "Loss", "ducale", "call.kems.wrong",
                     "[{team: callers, change: loss, unit: point}]", "A wrong shout costs points.")
    wrong = ruling(run, "kems", "--no-square", "-c", str(path))
    assert (wrong["verdict"], wrong["score"], wrong["score_settled"]) == ("rejected", [], False)
    assert wrong["explanation"].endswith("Loss says the calling team loses points, not how many: the table settles "
                                         "the amount.")


def test_under_officiel_news_teams_of_two_are_described_so_teams_of_three_are_not_excluded(run):
    """officielnews.com: "teams, most often of two" (teams.size described): a table that plays in threes is not
    refused — the ruling says the source describes pairs without saying whether threes can play (var16's wrong
    ruling said IMPOSSIBLE HERE)."""
    path = os.path.join(HERE, "officielnews.yaml")
    threes = ruling(run, "kems", "--hand", "Q Q Q Q", "--team-size", "3", "--players", "6", "-c", path)
    assert threes["verdict"] == "upheld"
    assert "Officiel News presents teams of 2 players without saying whether teams of 3 can play." in \
        threes["explanation"]
    assert run("conventions", "validate", path, "--strict").code == 0
    # a prescribed size still excludes the others
    assert ruling(run, "kems", "--hand", "Q Q Q Q", "--team-size", "3", "--players", "6", "-c",
                  os.path.join(HERE, "team-spoons-ggg.yaml"))["verdict"] == "impossible"


def test_a_letter_given_without_its_count_is_said_as_letters_not_points(run, tmp_path):
    path = _one_rule(tmp_path, "letters-x", "Letters", "pagat", "call.kems.wrong",
                     "[{team: callers, change: gain, unit: letter}]", "A wrong shout earns letters.")
    wrong = ruling(run, "kems", "--no-square", "-c", str(path))
    assert wrong["explanation"].endswith("Letters says the calling team gains letters, not how many: the table "
                                         "settles the amount.")


def _one_rule(tmp_path, conv_id: str, name: str, extends: str, point: str, value: str, text: str):
    """A table's file that states one rule point over a published convention."""
    path = tmp_path / f"{conv_id}.yaml"
    path.write_text(f"""id: {conv_id}
name: {name}
publication: {{title: Ours, author: A table, cite_as: Ours}}
extends: {extends}
rules:
  {point}:
    status: stated
    value: {value}
    text: {{en: {text}}}
    citation: {{section: x}}
""", encoding="utf-8")
    return path


# --- var17: six more publications, written by a new user (92.6 % of 95 facts right); what they showed ---------

CSB, JEUX_REGLES = (os.path.join(HERE, f"{name}.yaml") for name in ("csbkemps", "jeux-regles"))


def test_a_sweep_permitted_when_nobody_wants_the_middle_is_forbidden_when_a_player_still_wants_a_card(run):
    """csbkemps: 'when nobody wants the centre cards, the dealer may count … dead' — a permission with its
    condition: it forbids the sweep without it (a player objecting), and allows it with it."""
    objected = ruling(run, "sweep", "--objection", "-c", CSB)
    assert (objected["verdict"], [c["force"] for c in objected["citations"]]) == ("forbidden", ["permitted"])
    assert ruling(run, "sweep", "--no-objection", "-c", CSB)["verdict"] == "allowed"


def test_a_target_agreed_before_play_with_example_numbers_takes_the_tables_own_number(run, tmp_path):
    """jeux-regles: 'agree a number of points to reach, for example 10 or 15': 12 is the table's number (it was
    refused as not one of the two); a number outside the bounds is still refused."""
    db = str(tmp_path / "sheet.sqlite3")
    made = run("game", "new", "--db", db, "-c", JEUX_REGLES, "--target", "12", "--team", "A+B", "--team", "C+D",
               "--json")
    assert made.code == 0, made.err
    assert (made.json()["target"], made.json()["decided_by_table"]["target"]) == (12, 12)
    assert run("game", "new", "--db", db, "-c", JEUX_REGLES, "--target", "0", "--team", "A+B",
               "--team", "C+D").code == 2


KENT_CZ = os.path.join(HERE, "dramaticka-kent.yaml")


def test_a_kent_in_four_suits_is_no_kent_with_two_aces_of_hearts_from_two_packs(run):
    """dramaticka-vychova.cz: four cards of one value 'of different symbols': at ten players (two packs) two aces of
    hearts make no Kent; four aces of four suits do; without suits, one pack settles it and two leave it open."""
    twice = ruling(run, "kems", "--hand", "A/hearts A/hearts A/bells A/acorns", "-c", KENT_CZ, "--players", "10")
    assert (twice["verdict"], "hand.square" in twice["rule_points"]) == ("rejected", True)
    four = ruling(run, "kems", "--hand", "A/hearts A/leaves A/bells A/acorns", "-c", KENT_CZ, "--players", "10")
    assert four["verdict"] == "upheld"
    assert ruling(run, "kems", "--hand", "A A A A", "-c", KENT_CZ, "--players", "10")["verdict"] == "unspecified"


def test_more_packs_for_larger_tables_means_one_pack_at_the_files_smallest_table(run):
    """'With more players, two packs': at four players (its minimum) one pack — four aces are a Kent there,
    whatever their suits were not said (it was 'not settled' at every size)."""
    data = ruling(run, "kems", "--hand", "A A A A", "-c", KENT_CZ)
    assert (data["verdict"], data["score"]) == ("upheld", [{"team": "callers", "change": 1, "unit": "point"}])


# --- var18: six more publications, written by a new user (84 of 86 facts right, none the format cannot say) ---

CS_KENT = os.path.join(HERE, "cs-wiki-kent.yaml")


def test_a_deck_of_the_files_own_offered_as_a_choice_reads_the_cards_when_the_table_plays_it(run):
    """cs.wikipedia's Kent: German cards (32, the file's own) or canasta cards (104, its own too): '--deck 104'
    reads the hand in the canasta deck (it was read in the German deck, and four 2s refused as unreadable)."""
    data = ruling(run, "kems", "--hand", "2 2 2 2", "--deck", "104", "-c", CS_KENT)
    assert (data["verdict"], data["score"]) == ("upheld", [{"team": "callers", "change": 1, "unit": "point"}])
    assert run("rule", "kems", "--hand", "2 2 2 2", "-c", CS_KENT).code == 2  # the German deck has no 2
