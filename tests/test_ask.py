"""``kems-ref ask``: stories in, rulings out; only the facts the ruling needs are asked; the printed
``rule`` command gives the same ruling; a real terminal (pexpect) in French and English; pipes."""

import os
import re
import shlex
import subprocess
import sys

import pytest

from kems_ref.ask.reader import read
from kems_ref.ask.session import settle

CHECKED = ("convention", "event", "verdict", "score", "score_settled", "hand_ends", "effects", "rule_points",
           "unspecified", "needs", "branches")


def other(data, convention):
    """The group of other sources ``ask --json`` shows beside the default's ruling that holds ``convention``."""
    return next(g for g in data["others"] if convention in g["conventions"])


def ask_json(run, *words, convention=None):
    args = ["ask", *words, "--no-input", "--json"] + (["-c", convention] if convention else [])
    r = run(*args)
    assert r.code == 0, r.err
    return r.json()


def same_ruling(run, data):
    """The printed command, run, gives the same ruling."""
    argv = shlex.split(data["command"])
    assert argv[:2] == ["kems-ref", "rule"]
    again = run(*argv[1:], "--json")
    assert again.code == 0, again.err
    ruling = again.json()
    for key in CHECKED:
        assert ruling[key] == data[key], key


# --- the issue's stories, ruled without a terminal ----------------------------------------

@pytest.mark.slow
def test_contre_kems_on_two_7s_and_two_kings_under_ducale_is_wrong_and_gives_the_accused_a_point(run):
    data = ask_json(run, "contre-kems sur deux 7 et deux rois")
    assert (data["convention"], data["event"], data["verdict"]) == ("ducale", "contre-kems", "rejected")
    assert data["score"] == [{"team": "accused", "change": 1, "unit": "point"}]
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "7 7 K K"'
    same_ruling(run, data)


def test_a_kems_on_three_queens_and_a_jack_is_rejected_the_opponents_score(run):
    data = ask_json(run, "Kems! but she only had Q Q Q J")
    assert data["verdict"] == "rejected" and data["score"] == [{"team": "others", "change": 1, "unit": "point"}]
    same_ruling(run, data)


@pytest.mark.slow
def test_stop_kemps_on_marie_whose_partner_has_four_kings_under_pagat_gives_the_accused_a_letter(run):
    data = ask_json(run, "stop kemps on Marie 2 3 4 5, her partner has four kings, pagat")
    assert (data["convention"], data["verdict"]) == ("pagat", "upheld")
    assert data["score"] == [{"team": "accused", "change": 1, "unit": "letter"}]
    assert data["command"] == 'kems-ref rule contre-kems -c pagat --hand "2 3 4 5" --partner-hand "K K K K"'
    same_ruling(run, data)


def test_a_double_kems_queens_and_fives_under_wikipedia_is_upheld(run):
    data = ask_json(run, "double kems dames et 5 sous wikipédia")
    assert (data["convention"], data["event"], data["verdict"]) == ("wikipedia", "double-kems", "upheld")
    same_ruling(run, data)


def test_the_lifted_fourth_queen_under_a_contre_kems_is_read_and_the_ruling_waits_for_the_partner(run):
    data = ask_json(run, "il a soulevé la quatrième dame quand on a crié contre-kems")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "Q Q Q" --lifted "Q"'
    same_ruling(run, data)


def test_a_wrong_kems_at_eight_players_under_ducale_leaves_the_score_open(run):
    data = ask_json(run, "we are 8 players and the Kems was wrong")
    assert data["verdict"] == "rejected" and data["score_settled"] is False and data["score"] == []
    assert data["command"] == "kems-ref rule kems -c ducale --no-square --players 8"
    same_ruling(run, data)


@pytest.mark.slow
@pytest.mark.parametrize("story", [
    "contre sur Julie qui avait deux valets et deux dames", "he swapped two cards at once",
    "j'ai reçu trois 9 à la première donne", "personne ne s'oppose au balayage",
    "contre-kems après un kems faux, sur deux as et deux 8, regles.com", "a signal under the table, is that allowed?",
    "double kems selon la notice Ducale, moi R R R R et mon partenaire 9 9 9 9", "Kems pendant le balayage",
    "both grabbed the same card, she touched it first",
    "counter kems on Ana who held no square, her partner had a square, per Jouer au Kems",
])
def test_every_story_ruled_without_a_terminal_prints_a_rule_command_that_gives_the_same_ruling(run, story):
    same_ruling(run, ask_json(run, story))


def test_a_convention_named_in_the_words_counts_as_c_and_a_different_c_is_refused(run):
    assert ask_json(run, "kems sur quatre rois sous Jouer au Kems")["convention"] == "jouer-au-kems"
    assert ask_json(run, "kems sur quatre rois", convention="nathan")["convention"] == "nathan"
    r = run("ask", "kems sur quatre rois, pagat", "-c", "ducale", "--no-input")
    assert r.code == 2 and "the words name the convention pagat but -c says ducale" in r.err


def test_the_human_answer_says_what_was_understood_first_and_ends_with_the_rule_command(run):
    r = run("ask", "stop kemps on Marie 2 3 4 5, her partner has four kings, pagat", "--no-input")
    lines = r.out.strip().splitlines()
    assert lines[0] == ("Understood: Contre-Kems; the accused player's hand: 2 3 4 5; "
                        "the accused's partner's hand: K K K K; Pagat")
    assert lines[2].startswith("CALL UPHELD  — Contre-Kems (called “Stop Kemps” here), Pagat")
    assert lines[-1] == 'Same ruling: kems-ref rule contre-kems -c pagat --hand "2 3 4 5" --partner-hand "K K K K"'


@pytest.mark.parametrize(("story", "understood"), [
    ("stop kemps too late on Paul who had four kings, ducale",
     "Understood: Contre-Kems; the accused player's hand: K K K K; after a Kems; Ducale"),
    ("stop kemps on Marie 2 3 4 5, nobody called kems",
     "Understood: Contre-Kems; the accused player's hand: 2 3 4 5; no Kems had been called; Ducale (by default)"),
    ("he lifted the fourth queen when they called stop kemps",
     "Understood: Contre-Kems; the accused player's hand: Q Q Q; card lifted: Q; Ducale (by default)"),
    # the call the dispute came after is said as what it means, not as a second call
    ("kems, then stop kemps on 7 7 K K",
     "Understood: Contre-Kems; the accused player's hand: 7 7 K K; after a Kems; Ducale (by default)"),
    ("double kems, then stop kemps on them", "Understood: Contre-Kems; the accused player holds a square; "
                                             "the accused's partner holds a square; after a Kems; the Kems called "
                                             "first was right; Ducale (by default)"),
])
def test_what_it_understood_names_every_fact_it_took_from_the_story(run, story, understood):
    """"too late" is said back as after a Kems, "nobody called kems" as such, and "the fourth queen" as the
    three queens in hand it implies."""
    r = run("ask", story, "--no-input")
    assert r.code == 0 and r.out.splitlines()[0] == understood


def test_in_french_everything_is_french_cards_included(run):
    r = run("ask", "contre-kems sur deux 7 et deux rois", "--no-input", "--lang", "fr")
    lines = r.out.strip().splitlines()
    assert lines[0] == "Compris : Contre-Kems ; main du joueur accusé : 7 7 R R ; Ducale (par défaut)"
    assert lines[2].startswith("ANNONCE FAUSSE")
    assert lines[-1] == 'Même décision : kems-ref rule contre-kems -c ducale --hand "7 7 K K" --lang fr'


@pytest.mark.slow
def test_words_it_cannot_read_exit_2_saying_what_it_understood_and_what_not(run):
    r = run("ask", "bonjour tout le monde", "--no-input")
    assert r.code == 2
    assert "understood: nothing; not understood: bonjour, monde" in r.err
    r = run("ask", "on est 8 et franchement bof", "--no-input")
    assert r.code == 2 and "cannot tell which situation" in r.err and "understood: 8 players" in r.err
    assert "not understood: franchement, bof" in r.err
    # np114: the situations are listed as a player names them, never as the CLI's event ids
    assert r.err.rstrip().endswith("say in words what happened — Kems, Double Kems, Contre-Kems, Double Contre-Kems, "
                                   "Deal, Exchange, Sweep, Stock out, Signal, Same card wanted, Setting up the table")
    r = run("ask", "Tom avait 4 dames, on joue pagat", "--no-input", "--lang", "fr")
    assert r.code == 2 and "dites ce qui s'est passé — Kems, Double Kems, Contre-Kems" in r.err
    assert "double-contre-kems" not in r.err and "stock-out" not in r.err


def test_a_negation_it_cannot_place_is_refused_rather_than_read_backwards(run):
    r = run("ask", "Kems, but she didn't have four queens", "--no-input")
    assert r.code == 2 and "cannot tell what 'not' applies to" in r.err


@pytest.mark.parametrize(("story", "lang", "error"), [
    ("kems sur R R R R R", "fr", "impossible : 5 rois, alors qu'un paquet"),
    ("kems sur D D D D D D, pagat", "fr", "impossible : 6 dames,"),
    ("contre-kems sur V V V V V", "fr", "impossible : 5 valets,"),
    ("kems sur R♥ R♥ D D", "fr", "impossible : R♥ apparaît 2 fois"),
    ("kems sur 2 2 2 2, jeu de 32 cartes, nathan", "fr", "pas de 2 dans un paquet de 32 cartes (il contient 7 8 9 "
                                                          "10 V D R As)"),
    ("kems on K K K K K", "en", "impossible: 5 kings,"),
])
def test_an_impossible_hand_is_refused_in_the_ranks_of_the_users_language(run, story, lang, error):
    """R for roi, D for dame, V for valet: the French error names the ranks in French words (rois, dames,
    valets), a card by its French letters (R♥)."""
    r = run("ask", story, "--no-input", "--lang", lang)
    assert r.code == 2 and error in r.err


def test_words_it_skipped_are_shown(run):
    r = run("ask", "contre-kems by mistake on 7 7 K K", "--no-input")
    assert r.code == 0 and "Not understood (ignored): mistake" in r.out
    assert ask_json(run, "contre-kems by mistake on 7 7 K K")["unknown"] == ["mistake"]


# --- asking only what the ruling needs (a scripted prompter) -----------------------------

class Scripted:
    """Answers questions from a script and records them."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked = []

    def choose(self, question, choices):
        self.asked.append(question)
        wanted = self.answers.pop(0)
        assert wanted in [value for _, value in choices], (wanted, choices)
        return wanted

    def text(self, question, check):
        self.asked.append(question)
        answer = self.answers.pop(0)
        assert check(answer) is True, check(answer)
        return answer


def test_under_ducale_a_contre_kems_on_two_pairs_asks_nothing_the_player_alone_is_checked():
    prompter = Scripted()
    asked = settle(read("contre-kems sur deux 7 et deux rois"), "ducale", "en", prompter)
    assert prompter.asked == [] and asked.ruling.verdict == "rejected"


def test_under_pagat_the_same_call_asks_for_the_partners_hand_because_stop_kemps_targets_the_team():
    prompter = Scripted("dame dame dame dame")
    asked = settle(read("contre-kems sur deux 7 et deux rois"), "pagat", "en", prompter)
    assert prompter.asked == ["Does the accused player's partner hold a square? "
                              "(the cards, like 7 7 K K, or yes / no; Enter: nobody knows)"]
    assert asked.ruling.verdict == "upheld" and asked.options["partner_hand"] == "Q Q Q Q"


def test_a_yes_or_no_stands_for_the_cards_and_nobody_knows_keeps_the_branches():
    asked = settle(read("contre-kems sur deux 7 et deux rois"), "pagat", "en", Scripted("non"))
    assert asked.ruling.verdict == "rejected" and asked.options["partner_square"] is False
    asked = settle(read("contre-kems sur deux 7 et deux rois"), "pagat", "en", Scripted(""))
    assert asked.ruling.verdict == "depends"


def test_the_exchange_order_is_asked_only_where_the_convention_cares():
    prompter = Scripted(False)
    asked = settle(read("an exchange of one card"), "ducale", "en", prompter)
    assert prompter.asked == ["Did the player pick up before putting down, or put down first?"]
    assert asked.ruling.verdict == "allowed" and asked.options["take_first"] is False
    prompter = Scripted()
    settle(read("an exchange of one card"), "nathan", "en", prompter)
    assert prompter.asked == []  # Nathan's ruling does not turn on the order


def test_a_self_contradicting_source_asks_which_reading_the_table_follows():
    prompter = Scripted(1)
    asked = settle(read("we are 4 and the kems was wrong"), "marquoir", "en", prompter)
    assert len(prompter.asked) == 1 and "contradicts itself" in prompter.asked[0]
    assert asked.options["reading"] == ["call.kems.wrong=1"] and asked.ruling.verdict == "rejected"


def test_an_impossible_answer_is_refused_by_the_prompt_itself():
    prompter = Scripted("K K K K")
    with pytest.raises(AssertionError, match="6 kings"):
        settle(read("contre-kems on K K 7 7"), "pagat", "en", prompter)


def test_a_story_without_an_event_asks_which_one_on_a_terminal():
    prompter = Scripted("deal", "9 9 9 K")
    asked = settle(read("on est 4"), "ducale", "en", prompter)
    assert prompter.asked == ["Which situation is it?", "Which cards were dealt? (e.g. 9 9 9 K)"]
    assert asked.event == "deal" and asked.options == {"players": 4, "hand": "9 9 9 K"}


# --- a real terminal, and pipes -----------------------------------------------------------

pexpect = pytest.importorskip("pexpect")
ENV = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
       "PYTHONWARNINGS": "ignore"}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")


def spawn(*args, lang="en"):
    env = {**ENV, "KEMS_REF_LANG": lang}
    return pexpect.spawn(sys.executable, ["-m", "kems_ref", *args], env=env, encoding="utf-8", timeout=30,
                         dimensions=(40, 100))


def finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, ANSI.sub("", child.before or "")


@pytest.mark.slow
def test_on_a_terminal_it_asks_for_the_partners_cards_then_rules(tmp_path):
    child = spawn("ask", "contre-kems on 7 7 K K", "-c", "pagat")
    child.expect("Understood: Contre-Kems; the accused player's hand: 7 7 K K; Pagat")
    child.expect("Does the accused player's partner hold a square")
    child.sendline("Q Q Q Q")
    code, rest = finish(child)
    assert code == 0
    assert "CALL UPHELD" in rest
    assert 'Same ruling: kems-ref rule contre-kems -c pagat --hand "7 7 K K" --partner-hand "Q Q Q Q"' in rest


@pytest.mark.slow
def test_on_a_terminal_in_french_a_choice_is_picked_by_its_number():
    child = spawn("ask", "un échange", "-c", "ducale", lang="fr")
    child.expect("A-t-il pris au centre avant de poser")
    child.expect("On ne sait pas")
    child.send("2")
    child.send("\r")
    code, rest = finish(child)
    assert code == 0
    assert "PERMIS  — Échange, Ducale" in rest
    assert "Même décision : kems-ref rule exchange -c ducale --put-first" in rest


@pytest.mark.slow
def test_on_a_terminal_ctrl_c_and_end_of_input_leave_cleanly():
    child = spawn("ask", "contre-kems on 7 7 K K", "-c", "pagat")
    child.expect("partner hold a square")
    child.sendintr()
    code, rest = finish(child)
    assert code == 130 and "Traceback" not in rest
    child = spawn("ask", "contre-kems on 7 7 K K", "-c", "pagat")
    child.expect("partner hold a square")
    child.sendeof()
    code, rest = finish(child)
    assert code == 130 and "Traceback" not in rest


@pytest.mark.slow
def test_piped_the_story_comes_from_stdin_and_nothing_is_asked():
    done = subprocess.run([sys.executable, "-m", "kems_ref", "ask", "-c", "pagat", "--json"],
                          input="stop kemps on 7 7 K K", capture_output=True, text=True, env=ENV, timeout=60)
    assert done.returncode == 0, done.stderr
    import json

    data = json.loads(done.stdout)
    assert data["verdict"] == "depends" and [n["fact"] for n in data["needs"]] == ["partner_square"]
    done = subprocess.run([sys.executable, "-m", "kems_ref", "ask"], input="", capture_output=True, text=True,
                          env=ENV, timeout=60)
    assert done.returncode == 2 and "tell the situation" in done.stderr


@pytest.mark.slow
def test_the_prompt_library_and_the_reader_stay_out_of_the_path_of_rule():
    code = ("import sys\nfrom kems_ref.cli import main\nsys.argv = ['kems-ref', 'rule', 'kems', '--hand', '7 7 7 7']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('questionary', 'prompt_toolkit')"
            " or m.startswith('kems_ref.ask')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=60)
    assert done.stdout.strip().splitlines()[-1] == "[]"


# --- the table's words: a fact the story speaks of but does not give is asked, never defaulted ---

def test_a_word_said_as_the_sign_under_marquoir_is_ruled_as_a_word_never_as_a_gesture(run):
    # 001:45 (no word) against 001:66-67 (any sign): the word is forbidden by one reading, allowed by the other
    data = ask_json(run, "Romain a dit « banane » à sa partenaire comme signe, marquoir")
    assert data["verdict"] == "depends" and data["command"] == "kems-ref rule signal -c marquoir --verbal"
    assert [(b["if"], b["ruling"]["verdict"]) for b in data["branches"]] == [
        ({"reading:signal.verbal": 1}, "forbidden"), ({"reading:signal.verbal": 2}, "allowed")]
    same_ruling(run, data)


def test_a_cough_as_the_signal_under_pagat_is_a_sound_pagat_does_not_settle(run):
    data = ask_json(run, "Jules coughed as the signal, pagat")
    assert data["verdict"] == "unspecified" and data["command"] == "kems-ref rule signal -c pagat --sound"


def test_a_sign_whose_form_is_not_told_depends_on_it_without_a_terminal_and_names_no_rule_command(run):
    data = ask_json(run, "Léa a fait un signe à Tom, pagat")
    assert data["verdict"] == "depends" and data["command"] is None
    assert [(b["if"], b["ruling"]["verdict"]) for b in data["branches"]] == [
        ({"signal_form": "word"}, "forbidden"), ({"signal_form": "sound"}, "unspecified"),
        ({"signal_form": "gesture"}, "allowed"), ({"signal_form": "hidden"}, "unspecified")]
    text = run("ask", "Léa a fait un signe à Tom, pagat", "--no-input", "--lang", "en").out
    assert "Same ruling" not in text


def test_on_a_terminal_the_form_of_the_sign_is_asked_once_and_the_answer_rules():
    prompter = Scripted("word")
    asked = settle(read("Léa a fait un signe à Tom"), "pagat", "fr", prompter)
    assert prompter.asked == ["Quel était le signe : un mot, un bruit, un geste visible de tous, ou un signe caché à "
                              "la table ?"]
    assert asked.ruling.verdict == "forbidden" and asked.options == {"verbal": True}
    asked = settle(read("Léa a fait un signe à Tom"), "pagat", "en", Scripted("gesture"))
    assert asked.ruling.verdict == "allowed" and asked.options == {}


def test_the_taker_who_did_not_touch_first_is_read_from_the_two_names(run):
    data = ask_json(run, "Marc et Chloé ont attrapé le même valet, Chloé l'a touché en premier mais Marc l'a pris, "
                         "pagat")
    assert data["verdict"] == "forbidden" and data["command"] == "kems-ref rule same-card -c pagat --touched-second"
    assert data["unknown"] == []


# --- questions about the rules, and the story's own language ------------------------------------

@pytest.mark.parametrize("question, points", [
    ("on joue en combien de points ?", ["score.system", "score.target"]),
    ("how many points to win under bicycle", ["score.target"]),
    ("combien de cartes en main ?", ["deal.hand_size", "exchange.hand_limit"]),
    # whether a number of players is allowed, in any form: the table's size, never a card or a deal
    ("peut-on jouer à 5 ?", ["players.count"]), ("on peut jouer à trois ?", ["players.count"]),
    ("can we play with 5 players?", ["players.count"]), ("is it allowed to play with 6?", ["players.count"]),
    ("est-ce qu'on peut jouer en nombre impair ?", ["players.count"]),
    ("faut-il être un nombre pair de joueurs ?", ["players.count"]),
    ("do we need an even number of players?", ["players.count"]), ("how many players?", ["players.count",
                                                                                           "players.decks"]),
    # how many cards one may hold, how many points to win
    ("how many cards can you hold?", ["exchange.hand_limit"]),
    ("combien de cartes peut-on avoir en main ?", ["exchange.hand_limit"]),
    # how many cards one exchange moves, asked in any form: the count, never the order nobody asked about
    ("how many cards can you swap at a time?", ["exchange.count"]),
    ("je peux prendre deux cartes d'un coup, ou c'est une par une ?", ["exchange.count"]),
    ("combien de cartes on peut échanger ?", ["exchange.count"]),
    ("on joue en combien ?", ["score.target"]),
    ("how many points do you need to win?", ["score.target"]), ("il faut combien de points pour gagner ?",
                                                                ["score.target"]),
    # the game's score told before the question is no hand of cards ("3-3", "2 partout")
    ("score is 3-3, how many points do you need to win under bicycle?", ["score.target"]),
    ("on est à 2 partout, il faut combien de points pour gagner ?", ["score.target"]),
])
def test_a_question_about_the_rules_is_answered_from_the_data_like_compare(run, question, points):
    data = ask_json(run, question)
    assert [row["rule_point"] for row in data["rows"]] == points
    if "bicycle" in question:  # the convention the words name, alone
        assert data["conventions"] == ["bicycle"] and data["rows"][0]["values"]["bicycle"]["value"]["points"] == 4
    else:
        assert len(data["conventions"]) == 9


@pytest.mark.parametrize(("question", "lang", "understood"), [
    ("peut-on jouer à 5 ?", "fr", "Compris : une question sur les règles : Combien de joueurs ? Nombre pair ?"),
    ("how many cards can you hold?", "en",
     "Understood: a question about the rules: How many cards in hand at most?"),
])
def test_a_question_about_the_rules_says_first_which_question_it_understood(run, question, lang, understood):
    r = run("ask", question, "--no-input", "--lang", lang)
    assert r.code == 0 and r.out.splitlines()[0] == understood


def test_a_pair_of_cards_is_no_question_on_an_even_number_of_players(run):
    """"une paire" is two cards of a rank, "nombre pair" an even number: a question on a pair is not
    answered with the table's size (nor anything else it does not ask about)."""
    for story in ("combien vaut une paire ?", "une paire de rois, ça vaut combien ?", "a pair, how much is it worth?"):
        r = run("ask", story, "--no-input")
        assert r.code == 2 and "players.count" not in r.out and "could not read" in r.err, story


@pytest.mark.slow
def test_a_story_told_in_french_is_answered_in_french_when_no_language_was_chosen(run, monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")  # no French or English locale, no KEMS_REF_LANG, no --lang
    assert run("ask", "contre-kems sur Paul, deux rois, ducale", "--no-input").out.startswith(
        "Compris : Contre-Kems ; main du joueur accusé : R R ; Ducale")
    assert run("ask", "stop kemps on Paul, two kings, ducale", "--no-input").out.startswith("Understood: ")
    assert run("ask", "contre-kems sur Paul, deux rois, ducale", "--no-input", "--lang", "en").out.startswith(
        "Understood: ")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # an English locale says otherwise
    assert run("ask", "contre-kems sur Paul, deux rois, ducale", "--no-input").out.startswith("Understood: ")


def test_the_convention_a_story_is_ruled_under_is_chosen_by_the_library():
    from kems_ref.ask.session import convention_for
    from kems_ref.errors import KemsError

    assert convention_for(None, "Wikipédia", explicit=False) == "wikipedia"
    assert convention_for("pagat", "ducale", explicit=False) == "pagat"  # the words win over a default
    with pytest.raises(KemsError) as caught:
        convention_for("pagat", "ducale", explicit=True)
    assert caught.value.key == "error.ask_two_conventions"


# --- a new player's disputes: the situation the story is about, never a keyword -----------------

def test_a_square_dealt_asked_about_under_wikipedia_is_ruled_as_the_deal_not_as_a_right_kems():
    """"à la distrib j'ai reçu quatre 7 … je peux faire mon signe … ?": Wikipédia's deal rule (show
    them, put them in the stock, draw as many), never +1 for a Kems nobody called."""
    story = ("a la distrib j'ai reçu quatre 7 direct mdr. je peux faire mon signe tout de suite pour que ma "
             "partenaire dise kems? ou faut redistribuer?")
    asked = settle(read(story), "wikipedia", "fr", None)
    assert (asked.event, asked.ruling.verdict, asked.options) == ("deal", "replace-cards", {"hand": "7 7 7 7"})


def test_a_kems_before_the_dealer_said_the_hunt_is_open_again_is_void_under_wikipedia():
    """Asked to sweep, then a Kems before the hunt reopened: during the sweep, when Wikipédia allows no call."""
    story = ("Tom asked out loud to sweep the table. before the dealer said the hunt is open again, his partner "
             "yelled Kems!! Tom really had 4 jacks. does that count? french wiki rules")
    asked = settle(read(story), "wikipedia", "en", None)
    assert (asked.event, asked.ruling.verdict) == ("kems", "void")
    assert asked.options == {"hand": "J J J J", "during_sweep": True}


def test_the_whole_deck_gone_through_without_a_kems_under_regles_com_ends_the_hand():
    asked = settle(read("we went through the entire deck and nobody got kems. regles.com"), "regles-com", "en", None)
    assert (asked.event, asked.ruling.verdict) == ("stock-out", "hand-ends")


def test_they_say_no_is_no_negation_of_a_card_the_contre_kems_on_a_player_without_a_square_is_ruled():
    story = ("someone called contre kems on me and i had nothing. my team says that's a point for us. they say no, "
             "they just lose a point and we get nothing. we use the wiki (french) rules")
    asked = settle(read(story), "wikipedia", "en", None)
    assert asked.options == {"square": False}
    assert asked.ruling.verdict == "depends"  # Wikipédia contradicts itself on whom a Contre-Kems accuses


S5_FR = ("Max a dit contre kems sur moi alors que j'avais rien (deux 8 et deux valets), on a pris le point ok. "
         "mais 2min après toujours dans la meme manche il refait contre kems sur Léa et là elle avait bien 4 as. "
         "ils veulent le point.")


def test_under_jouer_au_kems_a_contre_kems_made_again_after_a_wrong_one_is_void_the_caller_had_lost_the_right():
    """The earlier Contre-Kems was wrong (the accused took the point): its caller already called
    wrong in this hand; his new call on Léa's four aces is void (002:29), whatever she holds."""
    asked = settle(read(S5_FR), "jouer-au-kems", "fr", None)
    assert (asked.ruling.verdict, asked.options) == ("void", {"hand": "A A A A", "barred": True})
    assert asked.command("fr", "fr") == 'kems-ref rule contre-kems -c jouer-au-kems --hand "A A A A" --barred'


def test_an_earlier_contre_kems_the_convention_rules_wrong_bars_its_caller_an_unsettled_one_is_refused():
    from kems_ref.errors import KemsError

    story = ("Max a dit contre kems sur moi, j'avais deux 8 et deux valets. Après il refait contre kems sur Léa, "
             "elle avait 4 as.")
    assert settle(read(story), "ducale", "fr", None).options["barred"] is True  # Ducale checks the accused alone
    with pytest.raises(KemsError) as caught:  # Jouer au Kems does not say whose hand a Contre-Kems checks
        settle(read(story), "jouer-au-kems", "fr", None)
    assert caught.value.key == "error.ask_earlier_call"


def test_a_belief_is_no_hand_under_pagat_a_stop_kemps_on_a_team_whose_partner_holds_a_square_is_right():
    story = ("we play pagat with letters. I called stop kemps on Ana's team because I thought she had the square, "
             "but actually it was her partner Leo who had 3 3 3 3, Ana had nothing.")
    asked = settle(read(story), "pagat", "en", None)
    assert (asked.ruling.verdict, asked.options) == ("upheld", {"square": False, "partner_hand": "3 3 3 3"})
    assert [(e["team"], e["change"], e["unit"]) for e in asked.ruling.score] == [("accused", 1, "letter")]


S22 = ("I called contre kems on the other team and I was wrong. do both of them have to show me cards or only the guy "
       "I pointed at? and who gets what")


@pytest.mark.parametrize(("convention", "options", "verdict", "branches"), [
    # Règle brève's Contre-Kems is right if either opponent holds a square: wrong means neither did
    ("regle-breve", {"square": False, "partner_square": False}, "rejected", []),
    ("pagat", {"square": False, "partner_square": False}, "rejected", []),  # Stop Kemps targets the team
    ("ducale", {"square": False}, "rejected", []),  # the accused alone is checked: the partner's hand says nothing
    # whom the Contre-Kems targets is left open (Jouer au Kems): the table that found it wrong counted the named
    # player's hand, and the wrong call's rule applies whatever the partner held
    ("jouer-au-kems", {"square": False}, "rejected", []),
    # contradicted (Wikipédia): wrong either way, the score turning on the partner's square (reading 2 gives none)
    ("wikipedia", {"square": False}, "rejected", [{"partner_square": True}, {"partner_square": False}]),
])
def test_i_was_wrong_settles_what_a_wrong_contre_kems_means_under_each_convention_and_no_more(convention, options,
                                                                                               verdict, branches):
    asked = settle(read(S22), convention, "en", None)
    assert (asked.options, asked.ruling.verdict) == ({**options, "found_wrong": True}, verdict)
    assert [b["if"] for b in asked.ruling.branches] == branches
    assert all(b["ruling"].verdict == "rejected" for b in asked.ruling.branches)


def test_a_contre_kems_the_teller_calls_wrong_in_one_word_is_rejected_under_ducale_and_the_hand_ends():
    story = "Mia called contre-kems on Dan, wrong. Now she wants to call it on Dan's partner. Can she?"
    asked = settle(read(story), "ducale", "en", None)
    assert (asked.options, asked.ruling.verdict) == ({"square": False, "found_wrong": True}, "rejected")
    assert [(e["team"], e["change"]) for e in asked.ruling.score] == [("accused", 1)]
    assert ("wrong", "call_wrong_told", True) in asked.reading.understood


def test_a_kems_denied_and_set_right_by_a_contre_kems_is_ruled_as_the_contre_kems_alone():
    asked = settle(read("Paul n'a pas dit kems, il a dit contre-kems sur Léa qui n'a rien"), "ducale", "fr", None)
    assert (asked.event, asked.ruling.verdict) == ("contre-kems", "rejected")


def test_under_regle_breve_a_contre_kems_the_caller_says_was_wrong_gives_the_accused_a_point_each_shows_two_cards():
    asked = settle(read(S22), "regle-breve", "en", None)
    assert [(e["team"], e["change"]) for e in asked.ruling.score] == [("accused", 1)]
    assert [str(e) for e in asked.ruling.effects] == ["each-accused-shows-two-different-cards"]


def test_under_ducale_a_double_kems_both_partners_said_to_hold_a_square_is_upheld_without_a_question():
    story = "Double kems happened!! both me and my gf had a square. she says it's worth 3, I say 2. Ducale box"
    asked = settle(read(story), "ducale", "en", None)
    assert (asked.ruling.verdict, asked.ruling.branches) == ("upheld", [])
    assert [(e["team"], e["change"]) for e in asked.ruling.score] == [("callers", 2)]


def test_a_double_kems_about_to_be_called_is_no_second_call_the_contre_kems_is_ruled(run):
    """'before his partner could say double kemps': the Double Kems was never made; the Contre-Kems on Tom,
    who held four 7s, is right under Ducale and the calling team scores."""
    out = run("ask", "--no-input", "Lea called stop kemps on Tom before his partner could say double kemps, "
              "Tom had 7 7 7 7").out.splitlines()
    assert out[0] == ("Understood: Contre-Kems; the accused player's hand: 7 7 7 7; a Double Kems about to be "
                      "called, never made; Ducale (by default)")
    assert out[2].startswith("CALL UPHELD  — Contre-Kems, Ducale")
    assert out[3].strip() == "the calling team: +1 point"


def test_a_kems_said_after_the_contre_kems_is_said_as_such_and_the_first_call_is_ruled(run):
    """'juste avant que Paul dise double kems': the Contre-Kems came first and is the call ruled; the Double
    Kems is said back as made after it."""
    out = run("ask", "--no-input", "--lang", "fr", "Léa a dit contre-kems sur Tom juste avant que Paul dise "
              "double kems, Tom avait deux 7 et deux rois").out.splitlines()
    assert out[0] == ("Compris : Contre-Kems ; main du joueur accusé : 7 7 R R ; un Double Kems annoncé après "
                      "(la décision porte sur la première annonce) ; Ducale (par défaut)")
    assert out[2].startswith("ANNONCE FAUSSE  — Contre-Kems, Ducale")


def test_a_player_named_by_kinship_is_a_player_not_a_word_left_unread(run):
    """'ma sœur' is a player, as a name is: listed as a name, never as a word not understood."""
    out = run("ask", "--no-input", "--lang", "fr", "ma sœur a fait le signe, j'ai dit kems mais elle avait "
              "que trois dames").out
    assert "Pas compris" not in out
    assert "ANNONCE FAUSSE  — Kems, Ducale" in out


def test_a_team_holding_k_e_m_p_that_takes_a_letter_under_pagat_has_spelled_kemps_and_is_out(run):
    """Pagat scores by penalty letters to KEMPS and a team that spells it is out: told the letters a team holds,
    the ruling's letter is followed by what it does to such a team, cited (score.end)."""
    story = "We score with Pagat letters, our team already has K-E-M-P and Dan just called Kemps wrong. Are we out?"
    data = run("ask", "--no-input", "--json", story).json()
    assert data["verdict"] == "rejected" and data["score"] == [{"team": "callers", "change": 1, "unit": "letter"}]
    assert data["letters"].startswith("A team holding K-E-M-P that takes this letter has spelled KEMPS: under Pagat "
                                      "it is out (Pagat")
    short = run("ask", "--no-input", "--lang", "fr", "on a K-E et notre kems était faux, pagat").out
    assert ("Une équipe qui a K-E et prend cette lettre a K-E-M : KEMPS n'est pas encore épelé"
            " (sous Pagat, une équipe qui l'épelle est éliminée : le score).") in short


def test_taking_before_putting_down_then_a_kems_on_that_hand_rules_the_exchange(run):
    """Ducale: one puts down before taking and a hand holds four; the story's breach is ruled, the Kems made on
    that hand said back, and what the breach costs left open as Ducale leaves it."""
    out = run("ask", "--no-input", "--lang", "fr", "Margaux a pris une carte au centre avant de poser et s'est "
              "retrouvée avec cinq cartes dont un carré, son partenaire a dit Kems. Ça compte ?").out
    assert out.splitlines()[0].startswith("Compris : Échange ; puis un Kems sur cette main")
    assert "INTERDIT  — Échange, Ducale" in out
    assert "Même décision : kems-ref rule exchange -c ducale --over-limit 5 --take-first --lang fr" in out


def test_a_card_grabbed_before_dropping_then_a_kems_rules_the_breach_and_the_kems_on_its_own(run):
    """Ducale: a hand holds four cards, so taking before putting down is a breach whose cost it does not
    settle; the Kems made on that hand is set aside and ruled after it: four queens, right, one point."""
    story = ("Ravi had five cards in his hand for a second because he grabbed before dropping, then showed four "
             "queens when his partner called kems. Valid?")
    data = run("ask", "--no-input", "--json", story).json()
    assert (data["event"], data["verdict"]) == ("exchange", "forbidden")
    assert (data["also"]["event"], data["also"]["verdict"]) == ("kems", "upheld")
    assert data["also"]["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    assert data["also"]["command"] == 'kems-ref rule kems -c ducale --hand "Q Q Q Q" --over-limit 5'
    assert data["also"]["effects"] == ["hand-over-limit"]
    assert data["also"]["explanation"].endswith(
        "The partner holds 5 cards, more than the limit of 4. A hand always holds four cards. Ducale does not say "
        "what holding too many cards costs, and makes no exception for a call on such a hand: the call is ruled "
        "on the cards held.")
    out = run("ask", "--no-input", story).out
    assert "And the Kems told beside it, on what the story gives:\nCALL UPHELD  — Kems, Ducale" in out


def test_a_contre_kems_beside_a_double_kems_under_jouer_au_kems_is_void_and_the_double_kems_scores_three(run):
    out = run("ask", "--no-input", "--lang", "fr", "On joue avec Jouer au Kems : Inès crie contre kems sur Léo, mais "
              "Léo et Manon avaient chacun un carré et Manon dit double kems juste après. Ça compte ?").out
    assert "ANNONCE NULLE  — Contre-Kems, Jouer au Kems" in out
    assert "Et, raconté à côté (Double Kems), sur ce que dit le récit :\nANNONCE JUSTE  — Double Kems" in out
    assert "l'équipe qui annonce : +3 points" in out


def test_a_kems_on_a_square_made_by_an_exchange_before_the_hunt_opened_rules_both(run):
    """Ducale: nobody exchanges before the dealer opens the hunt, at a cost it does not state; the Kems is ruled
    on the square held (right, one point) and the early exchange beside it (forbidden), never refused on when."""
    story = ("Tom a échangé une carte alors que le donneur avait pas encore fini de retourner les 4 du milieu / pas "
             "dit la chasse est ouverte, et il a fait son carré comme ça. son kems il compte ?")
    data = run("ask", "--no-input", "--json", "--lang", "fr", story).json()
    assert (data["event"], data["verdict"]) == ("kems", "upheld")
    assert data["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    assert (data["also"]["event"], data["also"]["verdict"]) == ("exchange", "forbidden")
    assert data["also"]["command"] == "kems-ref rule exchange -c ducale --before-opening --lang fr"
    assert data["also"]["explanation"] == ("L'échange a précédé l'ouverture de la chasse. Personne n'échange avant "
                                           "que le donneur ait ouvert la chasse.")


def test_a_story_with_one_call_sets_nothing_aside(run):
    assert run("ask", "--no-input", "--json", "contre-kems sur deux 7 et deux rois").json()["also"] is None


def test_a_rules_question_under_one_named_convention_never_says_the_sources_agree(run):
    out = run("ask", "Under pagat can we change our signal halfway through the game?", "--no-input").out
    # np116: the question is said once, on the line "Understood: …", never with its rule point id (compare's)
    assert out.startswith("Understood: a question about the rules: When may a team change its signal?\n\npagat  "
                          "after any hand")
    assert "signal.change" not in out
    assert "agree" not in out and "Between two hands, a team is free to settle on new signals." in out


def test_a_second_question_after_a_question_mark_is_answered_on_its_own_point_too(run):
    out = run("ask", "can we play with 6 of us? and where do partners sit then?", "--no-input").out
    assert out.startswith("Understood: a question about the rules: How many players? Must it be even? "
                          "Where do partners sit?")
    out = run("ask", "Sous pagat on en est à K-E-M-P et on vient encore de perdre la manche, on est éliminés ?",
              "--no-input", "--lang", "fr").out
    # each point under its question (np116: never its rule point id)
    assert "│ Quand une équipe atteint le but :  │ elle est éliminée [2] │" in out
    assert "score.end" not in out


def test_a_call_on_a_hand_of_five_cards_rules_the_call_and_then_the_five_cards_on_their_own(run):
    data = ask_json(run, "Rachid grabbed too fast and ended up with five cards in his hand, then his partner called "
                         "kems - does it still count?")
    assert (data["event"], data["verdict"]) == ("kems", "depends")
    assert (data["also"]["event"], data["also"]["verdict"], data["also"]["effects"]) == \
        ("exchange", "forbidden", ["hand-over-limit"])


def test_a_contre_kems_told_just_before_a_double_kems_is_the_call_ruled_and_the_double_kems_ruled_after(run):
    """Jouer au Kems: "juste avant" placed after the Contre-Kems says it came first — it is the dispute, ruled on the
    two squares the Double Kems claims (void: a Double Kems cannot be countered, cas 6); the Double Kems after it is
    ruled on its own on the same two squares (never one answer assuming them and the other asking): three points."""
    data = run("ask", "--no-input", "--json", "On joue avec les règles de Jouer au Kems : Paul a annoncé double kems "
               "mais Karim avait crié contre kems juste avant, qui gagne ?").json()
    assert (data["event"], data["verdict"]) == ("contre-kems", "void")
    assert ("juste avant double kems", "next_later", "double-kems") in \
        [(u["words"], u["option"], u["value"]) for u in data["understood"]]
    assert (data["also"]["event"], data["also"]["verdict"]) == ("double-kems", "upheld")
    assert data["also"]["score"] == [{"team": "callers", "change": 3, "unit": "point"}]
    assert data["also"]["command"] == "kems-ref rule double-kems -c jouer-au-kems --square --partner-square"


def test_a_kems_called_after_a_contre_kems_leaves_the_contre_kems_the_call_ruled(run):
    data = run("ask", "--no-input", "--json", "Karim called contre kems then Paul called kems, who wins?").json()
    assert (data["event"], data["verdict"]) == ("contre-kems", "depends")
    assert (data["also"]["event"], data["also"]["verdict"]) == ("kems", "depends")


def test_the_stock_run_out_beside_nobody_wanting_the_middle_is_the_stock_out(run):
    data = run("ask", "--no-input", "--json", "--lang", "fr",
               "La pioche est vide et personne veut les 4 cartes du milieu, on fait quoi ?").json()
    assert (data["event"], data["verdict"]) == ("stock-out", "unspecified")


def test_a_question_asked_beside_a_call_is_answered_under_the_ruling_convention(run):
    """Ducale does not say who deals the next hand: said so, with the sources that do say it."""
    story = ("Tom had four queens, gave the sign and Mia called Kems, so that's 1 point for us right? "
             "and who deals next?")
    data = run("ask", "--no-input", "--json", story).json()
    assert (data["event"], data["verdict"]) == ("kems", "upheld")
    assert data["questions"] == [{"rule_point": "deal.next_dealer", "question": "Who deals the next hand?",
                                  "convention": "Ducale", "short": "— silent —", "silent": True, "readings": [],
                                  "elsewhere": [{"convention": "regle-breve", "short": "another player"}]}]
    out = run("ask", "--no-input", story).out
    assert "And the question asked beside it — Who deals the next hand?\n  Ducale does not say.\n" \
           "  Elsewhere — regle-breve: another player\n" in out
    assert run("ask", "--no-input", "--json", "contre-kems sur deux 7 et deux rois").json()["questions"] == []


def test_partners_asked_next_to_each_other_or_across_is_a_question_on_seating(run):
    out = run("ask", "--no-input", "do partners sit next to each other or across? Jake wants to sit beside Emma "
              "his partner").out
    assert out.startswith("Understood: a question about the rules: Where do partners sit?")


def test_an_empty_stock_after_a_last_sweep_is_ruled_as_the_stock_run_out(run):
    """"La pioche est vide, on a balayé une dernière fois…, on marque quoi ?": the sweep came before; Ducale does
    not say what an empty stock does — never a ruling on whether someone objected to the sweep."""
    out = run("ask", "--no-input", "--lang", "fr", "La pioche est vide, on a balayé le centre une dernière fois et "
              "personne n'a fait Kems, on marque quoi ?").out
    assert out.startswith("Compris : Pioche épuisée ; le milieu balayé avant ; personne n'avait annoncé Kems ;")
    assert "NON TRANCHÉ PAR LA CONVENTION  — Pioche épuisée, Ducale" in out


def test_a_table_size_answered_source_by_source_is_not_repeated_in_a_table_below(run):
    out = run("ask", "--no-input", "Can we play Kems with 6 people?").out
    assert out.count("Pagat: yes — 4 or more (even)") == 1
    assert "players.count" not in out


def test_a_ruling_shows_first_the_case_that_turns_on_the_fewest_facts_while_its_json_keeps_the_rulings_order(run):
    """Wikipédia, a Contre-Kems on a player without a square: the partner without one (one fact) is read first, the
    two readings of the self-contradicting source after it; the JSON's branches keep the resolver's order."""
    story = "On joue avec la règle Wikipédia : Sarah dit contre-kems sur Paul et Paul n'a pas de carré. On fait quoi ?"
    out = run("ask", "--no-input", "--lang", "fr", story).out
    first = out.index("  Si ")
    assert out[first:].startswith("  Si le partenaire de l'accusé n'a pas de carré → ANNONCE FAUSSE\n"
                                  "      l'équipe qui annonce : -1 point\n")
    branches = run("ask", "--no-input", "--json", story).json()["branches"]
    assert [len(b["if"]) for b in branches] == [2, 2, 1]


def test_a_contre_kems_called_again_after_a_wrong_one_earlier_in_the_hand_is_barred_under_jouer_au_kems(run):
    """Jouer au Kems (cas 5): a player wrong with a Contre-Kems may not call another until the hand ends."""
    data = run("ask", "--no-input", "--json", "Jouer au Kems rules: Max called Contre Kems wrong earlier this hand, "
               "now he calls it again on Zoe and she really has four aces. Does it count?").json()
    assert (data["event"], data["verdict"]) == ("contre-kems", "void")
    assert "call.contre_kems.after_wrong" in [c["rule_point"] for c in data["citations"]]


def test_two_cards_of_mine_for_two_middle_cards_in_one_go_under_bicycle_is_forbidden(run):
    data = run("ask", "--no-input", "--json", "We're playing with Bicycle rules, can I swap two of my cards for two "
               "middle cards in one go?").json()
    assert (data["event"], data["verdict"]) == ("exchange", "forbidden")


def test_a_sign_changed_between_hands_after_it_was_found_out_is_the_signal_ruled(run):
    out = run("ask", "--no-input", "--lang", "fr", "Sous pagat on a changé de signe entre deux manches parce que Marc "
              "l'avait grillé, Inès dit que c'est interdit. Qui a raison ?").out
    assert out.startswith("Compris : Signal ; l'équipe a changé de signe ; son signe venait d'être repéré ; Pagat\n")
    assert "PERMIS  — Signal, Pagat" in out


def test_letters_held_and_a_hand_lost_say_what_the_lost_hands_letter_does(run):
    out = run("ask", "--no-input", "--lang", "fr", "Sous pagat on a déjà K-E-M. Si on perd cette manche on est "
              "éliminés ?").out
    # the answer first, right under what was understood, then each source's table
    assert out.splitlines()[1] == ("Sous Pagat, une manche perdue coûte une lettre. Une équipe qui a K-E-M et prend "
                                   "cette lettre a K-E-M-P : KEMPS n'est pas encore épelé"
                                   " (sous Pagat, une équipe qui l'épelle est éliminée : le score).")


def test_a_table_spelling_its_own_word_kems_is_counted_in_that_word_under_pagats_end(run):
    """np117 S18: "we play with letters KEMS, we already have K E M and just lost again. are we out??" — counted
    in Pagat's KEMPS the team was not out; the table said its own word: in KEMS the S spells it, out under Pagat's
    end, the table's word said to be its own choice."""
    out = run("ask", "--no-input", "we play with letters KEMS, we already have K E M and just lost again. are we "
              "out??").out
    assert out.splitlines()[2] == (
        "Under Pagat a lost hand costs a letter. Your table spells K-E-M-S, not Pagat's K-E-M-P-S: a house choice, "
        "counted in your word. A team holding K-E-M that takes this letter has spelled KEMS: under Pagat it is out "
        "(Pagat, « Kemps » (John McLeod), via pagat.com, through the facts restated by the project; Regles.com, "
        "réf. [2] — scoring).")
    # the same letters in Pagat's own word: not yet spelled
    out = run("ask", "--no-input", "we play with letters KEMPS, we already have K E M and just lost again. are we "
              "out??").out
    assert "has K-E-M-P: KEMPS is not yet spelled" in out and "house choice" not in out


def test_how_many_hands_a_team_holding_letters_may_still_lose_is_counted(run):
    """np43: "combien de manches on peut encore perdre ?" under Pagat with K-E-M: one more, the next spells KEMPS."""
    out = run("ask", "--no-input", "--lang", "fr", "On joue en lettres comme sur pagat, on en est à K-E-M, combien "
              "de manches on peut encore perdre avant d'être éliminés ?").out
    assert out.splitlines()[1] == ("Sous Pagat, une manche perdue coûte une lettre. Une équipe qui a K-E-M peut encore "
                                   "perdre 1 manche(s) sans épeler KEMPS ; la manche perdue suivante l'épelle. Une "
                                   "équipe qui a K-E-M et prend cette lettre a K-E-M-P : KEMPS n'est pas encore épelé"
                                   " (sous Pagat, une équipe qui l'épelle est éliminée : le score).")
    last = run("ask", "--no-input", "Pagat rules, we have K-E-M-P, how many more hands can we lose?").out
    assert last.splitlines()[1].startswith("Under Pagat a lost hand costs a letter. A team holding K-E-M-P cannot "
                                           "lose another hand without spelling KEMPS. A team holding K-E-M-P that "
                                           "takes this letter has spelled KEMPS: under Pagat it is out")
    # no count asked, none said
    plain = run("ask", "--no-input", "--lang", "fr", "Sous pagat on a déjà K-E-M. Si on perd cette manche on est "
                "éliminés ?").out
    assert "peut encore perdre" not in plain


def test_a_short_second_question_after_a_question_mark_is_answered_on_its_point(run):
    out = run("ask", "--no-input", "--lang", "fr", "Sous pagat, on a le droit de changer de signe entre deux manches ? "
              "Et d'en avoir deux ?").out
    assert out.startswith("Compris : une question sur les règles : Quand une équipe peut-elle changer de signal ? "
                          "Combien de signaux une équipe peut-elle avoir ?\n")


def test_she_after_a_caller_named_lucas_is_the_signer_so_the_kems_told_beside_a_hidden_sign_is_upheld(run):
    """Ducale forbids a hidden sign; the Kems told beside it is ruled on its own: "elle" cannot be Lucas, the
    caller, so her four 10s are the partner's square — right Kems, one point to the calling team."""
    data = run("ask", "--no-input", "--json", "Emma a fait son signe avec le pied sous la table, Lucas a crié Kems "
               "et elle avait bien quatre 10. Ça compte ?").json()
    assert (data["event"], data["verdict"]) == ("signal", "forbidden")
    assert (data["also"]["event"], data["also"]["verdict"]) == ("kems", "upheld")
    assert data["also"]["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
    assert data["also"]["command"] == 'kems-ref rule kems -c ducale --hand "10 10 10 10"'


def test_a_kems_called_while_a_sweep_was_being_asked_for_is_void_under_wikipedia(run):
    """Wikipédia: no call from the moment a sweep is asked for until the hunt reopens."""
    data = run("ask", "--no-input", "--json", "Under the wikipedia rules, Ali called Kems while Zoe was asking to "
               "sweep the table, and his partner really had four 9s. Does it count?").json()
    assert (data["event"], data["verdict"], data["convention"]) == ("kems", "void", "wikipedia")
    assert data["command"] == 'kems-ref rule kems -c wikipedia --hand "9 9 9 9" --during-sweep'


def test_an_exchange_before_the_dealer_had_said_the_hunt_is_open_is_forbidden_under_ducale(run):
    data = run("ask", "--no-input", "--json", "Our dealer hadn't said \"the hunt is open\" yet and Chris had already "
               "swapped a card with the middle. Is that legal?").json()
    assert (data["event"], data["verdict"]) == ("exchange", "forbidden")
    assert data["command"] == "kems-ref rule exchange -c ducale --before-opening"


def test_one_player_touched_the_card_first_and_another_picked_it_up_so_under_pagat_the_taker_did_not_touch_first(run):
    """Pagat: the first to touch a card gets it — Tom touched it first, Emma took it: the taker touched second."""
    data = run("ask", "--no-input", "--json", "Pagat rules: Tom and Emma both dove for the 9 in the middle, Tom "
               "touched it first but Emma actually picked it up. Whose card is it?").json()
    assert (data["event"], data["convention"]) == ("same-card", "pagat")
    assert data["command"] == "kems-ref rule same-card -c pagat --touched-second"
    assert data["verdict"] == "forbidden"


def test_a_second_question_joined_by_and_is_answered_on_its_own_point_too(run):
    out = run("ask", "can we play at 6 and how many points do we need to win?", "--no-input").out
    assert out.startswith("Understood: a question about the rules: How many players? Must it be even? What is the "
                          "target: a number of points, or a word spelled in letters?")
    out = run("ask", "on peut jouer à 6 et où s'assoient les partenaires ?", "--no-input", "--lang", "fr").out
    assert out.startswith("Compris : une question sur les règles : Combien de joueurs ? Nombre pair ? Où "
                          "s'assoient les partenaires ?")


def test_a_question_on_changing_the_signal_and_on_a_word_as_the_new_one_answers_both_and_nothing_else(run):
    """Pagat: a new signal after any hand; words are forbidden — 'just' names no exchange question."""
    out = run("ask", "--no-input", "Under pagat, can Sam and I switch to a new signal after this hand, and can the "
              "new one be just saying \"banana\"?").out
    assert out.splitlines()[0] == ("Understood: a question about the rules: When may a team change its signal? May "
                                   "the signal be a word?")


def test_nothing_said_yet_by_the_partner_is_no_negation_a_right_contre_kems_scores_under_ducale(run):
    data = run("ask", "--no-input", "--json", "Tom called Contre-Kems on Sarah and she really had four 8s, her "
               "partner hadn't said anything yet. Who gets the point?").json()
    assert (data["event"], data["verdict"]) == ("contre-kems", "upheld")
    assert data["score"] == [{"team": "callers", "change": 1, "unit": "point"}]


def test_letters_held_beside_a_ruling_that_turns_on_a_fact_say_what_the_letter_its_branches_give_does(run):
    """Pagat: Stop Kemps accuses the team; the partner's hand not told, the ruling branches — each branch gives a
    team a letter, and a team holding K-E-M that takes it has K-E-M-P."""
    out = run("ask", "--no-input", "Playing by Pagat: our team already has K-E-M and I just called Stop Kemps on Leo "
              "but he had nothing. Do we take the P?").out
    assert ("A team holding K-E-M that takes this letter has K-E-M-P: KEMPS is not yet spelled"
            " (under Pagat a team that spells it is out: scoring).") in out


def test_contre_after_a_verb_of_exchanging_is_for_and_no_contre_kems(run):
    """« échanger mes 4 cartes contre les 4 du milieu »: an exchange of four cards, never a Contre-Kems (np34)."""
    data = run("ask", "--no-input", "--json", "Est-ce que j'ai le droit d'échanger mes 4 cartes d'un coup contre les "
               "4 du milieu ?").json()
    assert (data["event"], data["command"]) == ("exchange", "kems-ref rule exchange -c ducale --cards 4")
    data = run("ask", "--no-input", "--json", "j'ai échangé une carte contre la dame du milieu").json()
    assert data["event"] == "exchange"


def test_je_crois_is_no_typo_of_rois_so_a_question_beside_it_is_still_a_question(run):
    """"Je crois qu'ils l'ont grillé" (I think they spotted it) read "crois" as "rois", four kings told: the question
    on changing the signal was refused (np34)."""
    out = run("ask", "--no-input", "--lang", "fr", "Sous pagat, on a le droit de changer notre signe en cours de "
              "partie ? Je crois qu'ils l'ont grillé.").out
    assert out.splitlines()[0] == ("Compris : une question sur les règles : Quand une équipe peut-elle changer de "
                                   "signal ?")


def test_a_contre_kems_on_us_when_we_had_nothing_is_wrong_under_regle_breve_and_both_show_two_cards(run):
    data = run("ask", "--no-input", "--json", "With the règle brève rules: Sarah calls Contre-Kems on us and we've "
               "got nothing, do both of us have to show cards?").json()
    assert (data["event"], data["verdict"], data["convention"]) == ("contre-kems", "rejected", "regle-breve")
    assert data["command"] == "kems-ref rule contre-kems -c regle-breve --no-square --no-partner-square"


def test_how_close_we_are_to_being_out_with_letters_held_and_a_hand_lost_is_answered(run):
    out = run("ask", "--no-input", "Pagat scoring, we've got K-E-M already and we just lost another hand, how close "
              "are we to being out?").out
    assert out.splitlines()[1] == ("Under Pagat a lost hand costs a letter. A team holding K-E-M that takes this "
                                   "letter has K-E-M-P: KEMPS is not yet spelled"
                                   " (under Pagat a team that spells it is out: scoring).")


def test_changing_the_sign_between_hands_asked_after_a_word_question_adds_no_same_card_question(run):
    """"entre deux manches": the "deux" of two players wanting one card is no question here (np37)."""
    out = run("ask", "--no-input", "--lang", "fr", "Sous Pagat, on a le droit de dire un mot comme signe, genre "
              "\"banane\" ? Et de changer de signe entre deux manches ?").out
    assert out.splitlines()[0] == ("Compris : une question sur les règles : Quand une équipe peut-elle changer de "
                                   "signal ? Le signal peut-il être un mot ?")


def test_one_card_down_two_taken_and_now_holding_five_is_a_hand_over_the_limit_under_ducale(run):
    """Ducale: a hand always holds four cards — "now he's holding five" is the breach (np39's misleading answer ruled
    the order of the exchange alone, allowed)."""
    data = run("ask", "--no-input", "--json", "Lucas put one card down and grabbed two from the middle, now he's "
               "holding five. What now?").json()
    assert (data["event"], data["verdict"]) == ("exchange", "forbidden")
    assert data["effects"] == ["hand-over-limit"]


def test_the_stock_run_out_with_do_we_redeal_is_the_stock_out_under_nathan(run):
    data = run("ask", "--no-input", "--json", "Nathan rules: the draw pile just ran out and nobody has kems, do we "
               "redeal?").json()
    assert (data["event"], data["convention"]) == ("stock-out", "nathan")


def test_a_later_question_the_words_already_name_adds_no_other_point(run):
    out = run("ask", "--no-input", "Under Pagat, can our signal be saying 'nice' out loud? And can we change it after "
              "this hand since they figured out the old one?").out
    assert out.splitlines()[0] == ("Understood: a question about the rules: When may a team change its signal? May "
                                   "the signal be a word?")


def test_two_cards_put_down_and_three_taken_is_a_hand_over_the_limit_under_ducale(run):
    """Ducale: put down, then take as many, a hand always four cards — two down and three up is the breach (np40's
    misleading answer ruled the order alone, allowed)."""
    data = run("ask", "--no-input", "--json", "Je pose deux cartes et je prends trois cartes du milieu, Karim dit que "
               "c'est interdit. Il a raison ?").json()
    assert (data["event"], data["verdict"], data["effects"]) == ("exchange", "forbidden", ["hand-over-limit"])
    assert data["command"] == "kems-ref rule exchange -c ducale --cards 2 --over-limit 5 --put-first"


def test_at_literally_the_same_moment_is_two_calls_together_which_ducale_does_not_settle(run):
    data = run("ask", "--no-input", "--json", "Nina shouted kems for her partner Sam and at literally the same moment "
               "Oscar shouted contre-kems on Sam. Sam had four 5s. Who gets the point?").json()
    assert (data["event"], data["verdict"]) == ("contre-kems", "unspecified")
    assert "call.simultaneous" in data["unspecified"]


def test_a_double_kems_told_by_the_files_own_name_beside_a_contre_kems_is_ruled_on_the_same_two_squares(run):
    """Kent stop names its Double Kems "Double Kent": told beside a Contre-Kems, it is ruled on the two squares the
    Contre-Kems was ruled on, as "double kems" is (it asked them again)."""
    path = os.path.join(os.path.dirname(__file__), "data", "variants", "kent-stop.yaml")
    data = run("ask", "--no-input", "--json", "-c", path,
               "Paul called double kent but Karim had called counterkent just before, who wins?").json()
    assert (data["event"], data["verdict"]) == ("contre-kems", "upheld")
    assert (data["also"]["event"], data["also"]["verdict"]) == ("double-kems", "upheld")
    assert data["also"]["command"] == f"kems-ref rule double-kems -c {path} --square --partner-square"


def test_playing_the_game_with_two_is_a_question_on_the_number_of_players_never_a_kems(run):
    """Harvests: "can we play kemps just the two of us", "on peut jouer au kems juste à deux ?" — the game named as a
    game ("juste" there is "only", never a right Kems) asks how many players."""
    for story in ("only two of us tonight, me and my gf, can we play kemps just the two of us as one team or "
                  "against each other?", "on est que deux ce soir, on peut jouer au kems juste à deux ?"):
        data = run("ask", "--no-input", "--json", story).json()
        assert data["rows"][0]["rule_point"] == "players.count", story


def test_a_deal_of_five_cards_each_asks_how_many_cards_a_hand_is_dealt(run):
    """np47: "Sofia a distribué 5 cartes à chacun … Elle a raison ?" under Wikipédia — its own four or five."""
    data = run("ask", "--no-input", "--json", "Sous Wikipédia, Sofia a distribué 5 cartes à chacun, elle dit que "
               "c'est une variante. Elle a raison ?").json()
    assert [r["rule_point"] for r in data["rows"]] == ["deal.hand_size"]
    assert data["conventions"] == ["wikipedia"]


def test_playing_with_five_cards_each_asks_the_deal_and_dumping_two_for_two_is_an_exchange_of_two(run):
    """np46: "We play with 5 cards each like my cousins do, is that a thing?" asks how many cards a hand is dealt
    (no hand over its limit); "can I dump two cards and grab two from the middle in one go?" under Bicycle is an
    exchange of two, forbidden there (it answered where a card is taken from: misleading)."""
    data = run("ask", "--no-input", "--json", "We play with 5 cards each like my cousins do, is that a thing?").json()
    assert [r["rule_point"] for r in data["rows"]] == ["deal.hand_size"]
    two = run("ask", "--no-input", "--json", "With bicycle rules, can I dump two cards and grab two from the middle "
              "in one go?").json()
    assert (two["event"], two["verdict"], two["convention"]) == ("exchange", "forbidden", "bicycle")


def test_np48_and_np49_questions_on_signals_and_letters_are_answered_on_their_points(run):
    """np48: "switch to a new signal and also keep a second one as backup. Is that ok?" (refused: "one as" read as an
    ace); np49: "et d'en avoir deux ?" beside a change of signal; "on a déjà K-E-M-P et on vient de perdre la manche.
    C'est fini pour nous ?" (refused: "c'est fini" unread)."""
    for story in ("We play pagat. Between hands Jake wants to switch to a new signal and also keep a second one as "
                  "backup. Is that ok?", "En règle Pagat, on a le droit de changer de signe entre deux manches, et "
                  "d'en avoir deux ?"):
        data = run("ask", "--no-input", "--json", story).json()
        assert sorted(r["rule_point"] for r in data["rows"]) == ["signal.change", "signal.count"], story
    out = run("ask", "--no-input", "--lang", "fr", "On joue aux lettres façon Pagat, on a déjà K-E-M-P et on vient "
              "de perdre la manche. C'est fini pour nous ?").out
    assert out.splitlines()[1].startswith("Sous Pagat, une manche perdue coûte une lettre. Une équipe qui a K-E-M-P "
                                          "et prend cette lettre a épelé KEMPS : sous Pagat, elle est éliminée")


def test_np49_sweeping_while_a_player_still_wants_to_swap_is_an_objection(run):
    """np49's misleading answer: "Leo wants to sweep … but Amy still wants to swap one" ruled the exchange's order."""
    data = run("ask", "--no-input", "--json", "Leo wants to sweep the middle cards but Amy still wants to swap one. "
               "Can Leo just sweep?").json()
    assert (data["event"], data["verdict"]) == ("sweep", "forbidden")


def test_a_contre_kems_at_the_same_moment_as_a_double_kems_is_ruled_on_its_moment_where_order_matters(run, rule):
    """np51's misleading answer: under Ducale a Contre-Kems called at the same moment as a Double Kems was upheld as
    if it came first — Ducale says nothing of calls at one moment. Where a Double Kems cannot be countered (Jouer au
    Kems), the Contre-Kems has no effect whichever came first."""
    data = run("ask", "--no-input", "--json", "Anna yelled Double Kems at the exact same moment Leo shouted "
               "contre-kems on her partner Max. Both Anna and Max had four of a kind. Who scores?").json()
    assert (data["event"], data["verdict"]) == ("contre-kems", "unspecified")
    assert rule("contre-kems", "--square", "--partner-square", "--simultaneous", convention="jouer-au-kems")[
        "verdict"] == "void"
    assert rule("contre-kems", "--square", "--partner-square", "--simultaneous")["verdict"] == "unspecified"


def test_np50_the_card_the_teller_lifted_after_the_other_touched_it_first_is_not_the_tellers(run):
    """np50's misleading answer: "he touched it first but I'm the one who lifted it" gave the card to the teller."""
    data = run("ask", "--no-input", "--json", "Pagat rules: Ben and I both went for the same 9 in the middle, he "
               "touched it first but I'm the one who lifted it. Whose card is it?").json()
    assert (data["event"], data["verdict"]) == ("same-card", "forbidden")


def test_our_fifth_letter_under_pagat_is_a_question_on_what_spelling_kemps_does_never_a_lifted_card(run):
    """np53's misleading answer: "picked up our fifth letter" was read as a card lifted (exchange.lifted_card)."""
    data = ask_json(run, "Pagat rules — we just picked up our fifth letter, the S. Are we out?")
    assert [row["rule_point"] for row in data["rows"]] == ["score.system", "score.target", "score.end"]
    end = next(row for row in data["rows"] if row["rule_point"] == "score.end")
    assert end["values"]["pagat"]["short"] == "it is out"


def test_nobody_had_a_square_under_regle_breve_makes_a_contre_kems_on_a_team_wrong_each_accused_shows_two_cards(run):
    """np52: "personne n'avait de carré" was listed, not read, and the ruling asked both hands back."""
    data = ask_json(run, "Selon la règle brève, Max a crié contre-kems sur l'équipe d'Alice et personne n'avait de "
                    "carré, ça se passe comment ?")
    assert (data["verdict"], data["score"]) == ("rejected", [{"team": "accused", "change": 1, "unit": "point"}])
    assert data["effects"] == ["each-accused-shows-two-different-cards"]


def test_which_way_a_wrong_kems_is_marked_asked_in_french_is_no_deal_under_marquoir(run):
    """np53: "on leur donne +1 ?" was read as a deal ("donne") and refused."""
    data = ask_json(run, "Sous Marquoir, Hugo a annoncé Kems à tort. On se met -1 ou on leur donne +1 ?")
    assert (data["event"], data["verdict"]) == ("kems", "rejected")


def test_a_question_on_the_rules_a_named_convention_is_silent_on_shows_what_the_others_say_beside_it(run):
    """np53: "Bicycle rules … can we change it mid-game?" answered "bicycle — silent —" and nothing else."""
    story = "We're playing Bicycle rules. The other team cracked our signal, can we change it mid-game?"
    lines = run("ask", "--no-input", story).out.splitlines()
    assert lines[:2] == ["Understood: a question about the rules: When may a team change its signal?",
                         "Bicycle is silent on this; the other conventions beside it:"]
    row = ask_json(run, story)["rows"][0]
    assert (row["rule_point"], row["values"]["bicycle"]["silent"]) == ("signal.change", True)
    assert row["values"]["pagat"]["short"] == "after any hand"
    # a convention that answers is answered alone
    assert list(ask_json(run, "Pagat rules: the other team figured out our signal, can we switch to a new one "
                         "halfway through the game?")["rows"][0]["values"]) == ["pagat"]


def test_letters_held_with_no_convention_named_are_answered_under_the_one_game_that_spells_them(run):
    """np54: "We're on K-E-M-P already…" answered on nine conventions' tables: only Pagat keeps the score in
    letters, so the letters name the game — said, then answered under it."""
    lines = run("ask", "--no-input", "We're on K-E-M-P already and we just lost another hand. Are we out?").out
    assert lines.splitlines()[1:3] == [
        "The letters K-E-M-P: of the conventions, only Pagat keeps the score in letters — answered under it.",
        "Under Pagat a lost hand costs a letter. A team holding K-E-M-P that takes this letter has spelled KEMPS: "
        "under Pagat it is out (Pagat, « Kemps » (John McLeod), via pagat.com, through the facts restated by the "
        "project; Regles.com, réf. [2] — scoring)."]
    data = ask_json(run, "We're on K-E-M-P already and we just lost another hand. Are we out?")
    assert data["conventions"] == ["pagat"]


@pytest.mark.parametrize(("story", "event", "verdict"), [
    # np54: a word said "to warn his partner he had his square" is a spoken signal (Nathan allows a word)
    ("On joue avec la règle Nathan : Karim a dit « banane » pour prévenir Sofia qu'il avait son carré, c'est permis ?",
     "signal", "allowed"),
    # np54: "just as" another call is the same moment: a Double Kems no Contre-Kems counters under Jouer au Kems
    ("Under jouer au kems rules, Alex called double kems just as Jordan yelled contre-kems on them. Who scores?",
     "contre-kems", "void"),
])
def test_np54_stories_are_ruled_on_their_own_point(run, story, event, verdict):
    data = ask_json(run, story)
    assert (data["event"], data["verdict"]) == (event, verdict)


def test_can_the_dealer_give_everyone_five_cards_is_the_question_on_how_many_cards_a_hand_is_dealt(run):
    """np54's misleading answer read "give … cards" as a card passed to a partner."""
    data = ask_json(run, "Under wikipedia rules, can the dealer give everyone 5 cards?")
    assert [row["rule_point"] for row in data["rows"]] == ["deal.hand_size"]


@pytest.mark.parametrize(("story", "points"), [
    # hv3: questions on the rules a player asks, each on its own point
    ("combien de points pour un double kems ?", ["call.double_kems.right"]),
    ("double kems ça vaut combien avec wikipédia ? et les autres peuvent faire contre kems dessus ?",
     ["call.double_kems.right", "call.double_kems.counter"]),
    ("nathan rules with 4 players, is it 32 or 52 cards?", ["players.count", "deck.size"]),
    ("règle brève, si quelqu'un a 3 cartes pareilles au début on fait quoi ?", ["deal.identical_cards"]),
    ("jouer au kems rules: if someone calls contre kems wrong can he call it again later in the same round?",
     ["call.contre_kems.after_wrong"]),
    ("pagat rules, do i drop my card first or take first? and can i put back the same card i just took?",
     ["exchange.order", "exchange.retake"]),
    ("qui décide de balayer le milieu ? faut que tout le monde soit d'accord ?", ["sweep.trigger"]),
])
def test_hv3_questions_on_the_rules_are_answered_on_their_points(run, story, points):
    assert [row["rule_point"] for row in ask_json(run, story)["rows"]] == points


def test_a_call_asked_first_and_a_rule_point_asked_after_is_a_dispute_with_the_point_answered_beside(run):
    """hv3: "can someone call kems while we're sweeping? and who's allowed to ask for a sweep?" — both answered."""
    data = ask_json(run, "wikipedia rules: can someone call kems while we're sweeping the middle? and who's allowed "
                    "to ask for a sweep?")
    assert (data["event"], data["verdict"]) == ("kems", "void")
    assert [q["rule_point"] for q in data["questions"]] == ["sweep.trigger"]


@pytest.mark.parametrize(("story", "verdict"), [
    # hv3's misleading answer: "dire kems soi-même" is the holder's own call, which Ducale gives the partner
    ("est ce qu'on a le droit de dire kems soi-même quand c'est nous qui avons le carré ?", "void"),
    # "et si jamais" is a hypothetical, never a negation to refuse
    ("et si jamais la pioche est vide et que personne a fait kems ?", "unspecified"),
])
def test_hv3_disputes_are_read_whole(run, story, verdict):
    assert ask_json(run, story)["verdict"] == verdict


def test_a_contre_kems_said_wrong_beside_its_word_is_wrong_under_wikipedia_its_caller_loses_a_point(run):
    """hv3: "contre-kems faux" was not read (Wikipédia's contradiction on whom the call accuses still branches on the
    partner's hand)."""
    data = ask_json(run, "contre-kems faux en règle wikipédia, on perd un point ou c'est eux qui en gagnent un ?")
    assert {"words": "faux", "option": "call_wrong_told", "value": True} in data["understood"]
    wrong = [b["ruling"] for b in data["branches"] if b["ruling"]["score"]
             == [{"team": "callers", "change": -1, "unit": "point"}]]
    assert [r["verdict"] for r in wrong] == ["rejected"]


def test_a_sign_everyone_can_see_is_a_visible_gesture_ducale_allows(run):
    """np55's probe: "tout le monde peut le voir" was listed, and the ruling asked what form the sign took."""
    data = ask_json(run, "Antoine fait son signe en tapant la table, tout le monde peut le voir. Ça passe ?")
    assert (data["event"], data["verdict"]) == ("signal", "allowed")


@pytest.mark.parametrize(("story", "verdict"), [
    # np57: "only had two pairs" is no square (the ruling asked the partner's hand back)
    ("We're playing pagat rules, Tom yelled Kemps but his partner Sam only had two pairs. What happens?", "rejected"),
    # np57: "while the dealer was laying the four new cards" is during the sweep, when Wikipédia forbids a call
    ("Wikipedia rules: Zoe asked for a sweep and while the dealer was laying the four new cards Leo shouted Kems. "
     "Does it count?", "void"),
])
def test_np57_stories_are_read_whole(run, story, verdict):
    assert ask_json(run, story)["verdict"] == verdict


def test_whether_the_other_team_can_kill_a_double_kems_is_the_question_on_countering_it(run):
    """np58: "can the other team kill our Double Kems by shouting Contre Kems first?" was refused as two calls."""
    data = ask_json(run, "Under Jouer au Kems rules, can the other team kill our Double Kems by shouting Contre Kems "
                    "first?")
    assert [row["rule_point"] for row in data["rows"]] == ["call.double_kems.counter"]
    assert data["rows"][0]["values"]["jouer-au-kems"]["short"] == "no"


def test_a_dispute_then_how_many_points_we_play_to_is_ruled_then_the_target_is_answered_beside(run):
    """np58: "… On met -1 à son équipe ou +1 aux autres ? Et on joue en combien ?" dropped the second question."""
    data = ask_json(run, "On note sur Marquoir : Lucas a crié Kems à tort. On met -1 à son équipe ou +1 aux autres ? "
                    "Et on joue en combien ?")
    assert (data["convention"], data["event"], data["verdict"]) == ("marquoir", "kems", "rejected")
    assert [q["rule_point"] for q in data["questions"]] == ["score.target"]
    assert data["unknown"] == []


@pytest.mark.parametrize(("story", "event", "verdict"), [
    # np61: "while the new four were going down" is during the sweep, when Wikipédia allows no call
    ("Wikipedia rules: Max asked to sweep the table and while the new four were going down Zoe shouted Kems. Does it "
     "count?", "kems", "void"),
    # np60: "pile quand" is the same moment: a Double Kems no Contre-Kems counters under Jouer au Kems
    ("Avec les règles Jouer au Kems, Nico annonce double kems pile quand Sophie crie contre-kems, qui gagne ?",
     "contre-kems", "void"),
])
def test_np60_np61_stories_are_read_whole(run, story, event, verdict):
    data = ask_json(run, story)
    assert (data["event"], data["verdict"]) == (event, verdict)


def test_on_donne_le_point_a_l_equipe_de_hugo_is_the_question_never_a_word_left_over(run):
    """np61: "On donne le point à l'équipe de Hugo ?" was listed as not understood."""
    data = ask_json(run, "On suit Wikipédia. Sarah a dit Contre-Kems sur Hugo et il n'avait rien. On donne le point à "
                    "l'équipe de Hugo ?")
    assert (data["event"], data["unknown"]) == ("contre-kems", [])


def test_a_wrong_contre_kems_and_can_she_still_call_later_is_ruled_and_the_question_answered_beside_it(run):
    """np62: "… and was wrong. Can she still call Contre Kems later this hand?": the call told before the question is
    the dispute (under Jouer au Kems, a point to the accused team and the caller barred for the hand), and the
    question on what a wrong caller may do is answered beside it."""
    data = ask_json(run, "Using the Jouer au Kems rules: Chloé called Contre Kems on Léo and was wrong. Can she still "
                    "call Contre Kems later this hand?")
    assert (data["verdict"], data["effects"]) == ("rejected", ["caller-barred-this-hand"])
    assert [(s["team"], s["change"]) for s in data["score"]] == [("accused", 1)]
    assert [(q["rule_point"], q["short"]) for q in data["questions"]] == [
        ("call.contre_kems.after_wrong", "barred from Contre-Kems (this hand)")]


def test_taken_before_the_hunt_opened_and_without_putting_his_own_down_first_reads_both(run):
    """np63: "et sans poser les siennes d'abord" was listed as not understood."""
    data = ask_json(run, "Hugo a pris deux cartes au centre avant que Julie dise « la chasse est ouverte », et sans "
                    "poser les siennes d'abord. C'est permis ?")
    assert (data["verdict"], data["unknown"]) == ("forbidden", [])
    assert "--take-first" in data["command"] and "--before-opening" in data["command"]


@pytest.mark.parametrize(("story", "event", "verdict"), [
    # np65: "personne n'a rien annoncé" is no call made, never a player nobody can place
    ("Plus de cartes dans la pioche et personne n'a rien annoncé, on fait quoi ?", "stock-out", "unspecified"),
    # np64: "prendre la dame au milieu et de poser mon 3 juste après" takes before putting down: Ducale forbids it
    ("Est-ce que j'ai le droit de prendre la dame au milieu et de poser mon 3 juste après ?", "exchange", "forbidden"),
])
def test_np64_np65_stories_are_read_whole(run, story, event, verdict):
    data = ask_json(run, story)
    assert (data["event"], data["verdict"]) == (event, verdict)


def test_c_est_faux_told_makes_the_accusation_wrong_and_on_leur_en_donne_un_asks_the_score(run):
    """np65: "… et c'est faux. … on perd un point ou on leur en donne un ?" was refused as a deal ("donne")."""
    data = ask_json(run, "Règle wiki : Inès fait contre-kems sur Tom et c'est faux. Il montre ses cartes à qui, et on "
                    "perd un point ou on leur en donne un ?")
    assert data["event"] == "contre-kems"
    assert {"words": "c'est faux", "option": "call_wrong_told", "value": True} in data["understood"]


# --- np68/np69 -------------------------------------------------------------------------------------------

def test_a_kems_called_after_a_right_contre_kems_ended_the_hand_is_said_never_scored(run):
    """np68: "Karim a crié contre-kems sur Jojo et une demi seconde après moi j'ai dit kems": under Ducale the right
    Contre-Kems ends the hand; the Kems after it is not ruled on its own (it scored +1 before), it is said."""
    story = ("Karim a crié contre-kems sur Jojo et genre une demi seconde apres moi j'ai dit kems. "
             "Jojo avait bien ses 4 dames.")
    data = ask_json(run, story, convention="ducale")
    assert (data["verdict"], data["hand_ends"], data["also"], data["after_hand_end"]) == ("upheld", True, None, "kems")
    out = run("ask", "--no-input", "--lang", "fr", "-c", "ducale", story).out
    assert "Le Kems raconté ensuite est venu une fois la manche finie : sous Ducale, le Contre-Kems jugé ci-dessus " \
           "arrête la manche" in out


def test_a_contre_kems_half_a_second_after_a_double_kems_is_too_late_under_ducale_and_the_double_kems_scores(run):
    """np69: the Contre-Kems came after the Double Kems (both squares told): under Ducale it is void (the first call
    is checked), and the Double Kems, ruled beside it, scores 2."""
    data = ask_json(run, "Double kems!! Lea had 4 aces and I had 4 fives, but Max yelled contre kems like half a "
                         "second after me. Who gets what?", convention="ducale")
    assert (data["event"], data["verdict"], data["score"]) == ("contre-kems", "void", [])
    assert "--after-kems --kems-right" in data["command"]
    assert (data["also"]["event"], data["also"]["score"]) == ("double-kems",
                                                               [{"team": "callers", "change": 2, "unit": "point"}])


def test_letters_held_with_no_rules_named_are_ruled_under_the_one_game_scored_in_letters(run):
    """np69: "we play with letters, my team already has K E M and the other side just got a good kems": Pagat, the
    one shipped game that keeps its score in letters — the letter it gives, and what spelling KEMPS does."""
    out = run("ask", "--no-input", "we play with letters, my team already has K E M and the other side just got a "
              "good kems. do we take a letter? and what happens once we spell the whole thing").out
    assert out.startswith("The letters K-E-M: of the conventions, only Pagat keeps the score in letters")
    assert ("A team holding K-E-M that takes this letter has K-E-M-P: KEMPS is not yet spelled"
            " (under Pagat a team that spells it is out: scoring).") in out
    assert "No rules were named" not in out


def test_another_players_denial_in_reported_speech_is_his_claim_never_a_negation_to_refuse(run):
    """np68: "elle dit que c'était pas son signe donc ça compte pas": her claim, listed; the Contre-Kems is ruled
    on the four eights she held."""
    data = ask_json(run, "J'ai vu Lisa se gratter l'oreille, j'ai dit contre-kems, elle a bien 4 huit mais elle dit "
                         "que c'etait pas son signe donc ca compte pas. Ca compte ou pas?", convention="ducale")
    assert (data["verdict"], data["score"]) == ("upheld", [{"team": "callers", "change": 1, "unit": "point"}])
    assert "pas" in data["unknown"]


def test_under_pagat_the_fifth_card_of_a_pick_up_first_is_what_its_own_order_makes_allowed(run):
    """np68: under Pagat (pick up first, then discard at once) a player holding five cards a moment after picking
    one up is allowed, as its order makes him; six cards (one picked up) is not settled (no limit stated)."""
    five = run("rule", "exchange", "--take-first", "--over-limit", "5", "-c", "pagat", "--json").json()
    assert (five["verdict"], [c["rule_point"] for c in five["citations"]]) == ("allowed", ["exchange.order"])
    six = run("rule", "exchange", "--take-first", "--over-limit", "6", "-c", "pagat", "--json").json()
    assert six["verdict"] == "unspecified"


# --- np70/np71 --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("story", "event", "options"), [
    # "… ou pas ?" closes the question: no negation to place
    ("on joue regles wikipedia. Sarah a dit contre kems sur Max et il avait pas de carré. On perd combien et il doit "
     "montrer ses cartes a tout le monde ou pas ?", "contre-kems", {"square": False}),
    # the fourth king taken (three held before), not yet sorted in; "son kems" in his claim is his square
    ("Jojo avait pris le 4eme roi sur la table, il l'avait en main mais pas encore rangé avec les 3 autres. On a dit "
     "contre kems et il dit qu'il avait pas encore son kems. Il a raison ?", "contre-kems",
     {"hand": "K K K K", "ungathered": True}),
    ("Sam started swapping cards from the middle before the dealer had even finished turning the 4 cards over. is "
     "that legal or does he have to put them back?", "exchange", {"before_opening": True}),
    ("dealer was sweeping the middle and putting down the 4 new ones and Ana shouted kems while he was still laying "
     "them out. her partner did have 4 jacks. does it count? wikipedia rules", "kems",
     {"hand": "J J J J", "during_sweep": True}),
    ("contre kems on Hugo. he had 3 sevens and his fingers were ON the 4th seven in the middle but he hadnt picked it "
     "up yet. does that count as him having kems?", "contre-kems", {"hand": "7 7 7", "touched": "7"}),
])
def test_np70_np71_stories_are_read_as_told(story, event, options):
    reading = read(story)
    assert (reading.problem, reading.event, reading.options) == (None, event, options)


@pytest.mark.parametrize(("story", "points"), [
    ("how many points do u play to in kems?", ["score.target"]),
    ("who deals after a kems, same dealer again or the next person?", ["deal.next_dealer"]),
])
def test_questions_on_the_rules_that_name_the_game_or_a_call_are_answered_on_their_points(run, story, points):
    data = ask_json(run, story)
    assert [row["rule_point"] for row in data["rows"]] == points


# --- np72/np73 --------------------------------------------------------------------------------------------

def test_two_players_who_grabbed_the_same_card_at_the_same_moment_are_not_settled_by_first_to_touch(run):
    """np70: "on a attrapé le même 8 en même temps": touched together, the first-to-touch rule (Pagat) decides
    nothing between them — said, not settled; "wanted the same queen at the same time" is no touch."""
    data = ask_json(run, "Elodie et moi on a attrapé le meme 8 au milieu en meme temps, qui c'est qui le garde ?",
                    convention="pagat")
    assert (data["verdict"], "--simultaneous" in data["command"]) == ("unspecified", True)
    assert read("Sous Pagat, Nadia et Sam ont voulu la même dame au milieu en même temps, qui la prend ?").options \
        == {}


def test_the_word_a_letters_game_spells_names_the_game_and_is_no_letters_held(run):
    """np73: "we play with letters K-E-M-P-S": Pagat's game, said first — and no team holds K-E-M-P-S."""
    out = run("ask", "--no-input", "we play with letters K-E-M-P-S. the other team caught us with a stop kemps (my "
              "partner really had 4 jacks). who takes the letter, us or them?").out
    assert out.startswith("The letters K-E-M-P-S: of the conventions, only Pagat keeps the score in letters")
    assert "spelled KEMPS" not in out and "the game spells K-E-M-P-S" in out


def test_a_double_kems_after_a_right_contre_kems_scores_under_the_sources_where_the_counter_has_no_effect(run):
    """np73: the Contre-Kems first (Ducale: right, the hand over, the Double Kems after it scores nothing); under
    Jouer au Kems and Wikipédia the Contre-Kems has no effect on a Double Kems, which then scores 3."""
    data = ask_json(run, "Mia and Theo BOTH had four of a kind, Theo yelled double kems but Noah swears he said "
                         "contre kems half a second before. whos right and how many points")
    assert (data["verdict"], data["after_hand_end"]) == ("upheld", "double-kems")
    void = next(g for g in data["others"] if g["conventions"] == ["jouer-au-kems", "wikipedia"])
    assert (void["ruling"]["verdict"], void["then"]["score"]) == (
        "void", [{"team": "callers", "change": 3, "unit": "point"}])


@pytest.mark.parametrize(("story", "event", "options"), [
    ("wiki rules. dealer was in the middle of sweeping the 4 middle cards when Alex shouted kems (his partner had "
     "the 4 aces). does it count", "kems", {"hand": "A A A A", "during_sweep": True}),
    ("Le donneur avait meme pas fini de retourner les 4 cartes et Paul a deja echangé un roi. Faut annuler son "
     "echange ?", "exchange", {"before_opening": True}),
    ("chloe picked up the 4th queen before putting a card down so she was holding 5 cards for a sec, then her "
     "partner called kems. does that kems count or is it illegal bc she had 5", "exchange",
     {"take_first": True, "over_limit": 5}),
])
def test_np72_np73_stories_are_read_as_told(story, event, options):
    reading = read(story)
    assert (reading.problem, reading.event, reading.options) == (None, event, options)


# --- np74/np75 --------------------------------------------------------------------------------------------

def test_the_new_four_laid_after_the_sweep_and_a_call_before_the_hunt_opened_is_during_the_sweep_never_a_crash(run):
    """np75: "laying out the 4 new cards after the sweep … Kems before he said the hunt is open" was an internal
    error (a fact no option holds passed on): the call is in the sweep — "after the sweep" read with the new four
    going down (np99: whose new cards they are), never listed."""
    data = ask_json(run, "Dealer was laying out the 4 new cards after the sweep and Chloe shouted Kems before he "
                         "said the hunt is open. Her partner did have 4 tens. Does it count? (wikipedia rules)")
    assert (data["verdict"], "after the sweep" in data["unknown"]) == ("void", False)


@pytest.mark.parametrize(("story", "event", "options"), [
    ("Yanis prend toujours la carte du milieu avant de poser la sienne, du coup il a 5 cartes en main pendant 2 sec. "
     "C'est de la triche ou pas ?", "exchange", {"take_first": True, "over_limit": 5}),
    ("Sam said Kems for his gf Lou but she only had 3 jacks and a 4. We keep score on Marquoir — who gets the point, "
     "and do we keep playing the hand or redeal?", "kems", {"hand": "J J J 4"}),
    ("we r 5, can one guy just play solo or be like a referee?", None, {"players": 5}),
])
def test_np74_np75_stories_are_read_as_told(story, event, options):
    reading = read(story)
    assert (reading.problem, reading.event, reading.options) == (None, event, options)


# --- np76/np77 --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("story", "event", "options"), [
    ("we play the rules from the ducale box. Dani grabbed the 8 from the middle before the dealer even said the hunt "
     "was open, and before putting a card down so she had 5 cards for a sec. is that legal?", "exchange",
     {"before_opening": True, "take_first": True, "over_limit": 5}),
    # her partner's claim, reported: its negation is his word, listed
    ("Greg saw Emma rubbing her nose and said contre-kems before her partner said anything. Emma had four 3s. her "
     "partner says it doesn't count bc they hadn't called yet", "contre-kems", {"hand": "3 3 3 3"}),
    ("Leo had 3 kings, put his 5 down and was lifting the last king off the table when i yelled kems, it wasnt in his "
     "hand yet. they say it doesnt count because he hadnt got all 4 together", "kems",
     {"hand": "K K K", "lifted": "K"}),
    ("le paquet est fini et personne a fait kems, on fait quoi on remelange la poubelle ou on redistribue ?",
     "stock-out", {}),
    # the cards told beside the square said in words: the cards (and the card lifted) say it, never both
    ("Nico a soulevé le quatrième roi du milieu et à ce moment son pote a dit kems, Nico dit qu'il allait le reposer. "
     "kems valable ?", "kems", {"hand": "K K K", "lifted": "K"}),
])
def test_np76_np77_stories_are_read_as_told(story, event, options):
    reading = read(story)
    assert (reading.problem, reading.event, reading.options) == (None, event, options)


def test_a_contre_kems_the_teller_says_was_wrong_is_ruled_found_wrong_and_the_redeal_is_the_question(run):
    """np77: "nadia's contre kems was wrong. do we keep playing this hand or is it over and redeal?": the call found
    wrong (Jouer au Kems: +1 accused, the hand goes on), "redeal" asked, no second situation."""
    data = ask_json(run, "nadia's contre kems was wrong. do we keep playing this hand or is it over and redeal? "
                         "and who deals next", convention="jouer-au-kems")
    assert (data["verdict"], data["hand_ends"], "--found-wrong" in data["command"]) == ("rejected", False, True)


@pytest.mark.parametrize(("story", "event", "options"), [
    ("Léa a vu dans la distrib qu'elle avait direct 3 as. on redistribue ou quoi ?", "deal", {"hand": "A A A"}),
    # a word said when she holds her square: the signal, a word
    ("Ma coéquipière dit \"banane\" quand elle a son carré, les autres disent que parler c'est interdit. On joue pagat",
     "signal", {"verbal": True}),
])
def test_np76_french_table_words_are_read(story, event, options):
    reading = read(story)
    assert (reading.problem, reading.event, reading.options) == (None, event, options)


def test_how_many_letters_before_we_are_out_is_asked_beside_the_call(run):
    """np76: "… et on a perdu au bout de combien de lettres": the target, answered beside the ruling (KEMPS)."""
    data = ask_json(run, "en kemps avec les lettres (pagat), si on fait un kemps juste c'est nous ou eux qui prennent "
                         "une lettre ? et on a perdu au bout de combien de lettres")
    assert [q["rule_point"] for q in data["questions"]] == ["score.target"]


def test_a_kems_after_a_contre_kems_stands_under_wikipedia_only_in_the_answers_where_the_hand_goes_on(run):
    """Ducale: the right Contre-Kems ends the hand, the Kems after it is said, not scored.  Under Jouer au Kems and
    Wikipédia the Contre-Kems is void where the partner holds a square too (a Double Kems) and right otherwise,
    which ends the hand: the later Kems is ruled, said to stand only in the answers where the hand goes on."""
    story = ("Tom said contre kems on Léa and like a second later her partner yelled Kems. Léa did have four 9s. "
             "whose point")
    data = ask_json(run, story)
    assert (data["verdict"], data["after_hand_end"]) == ("upheld", "kems")
    group = next(g for g in data["others"] if g["conventions"] == ["jouer-au-kems", "wikipedia"])
    assert (group["then_partly"], group["then"]["verdict"]) == (True, "upheld")
    assert [g["then_partly"] for g in data["others"] if g["conventions"] == ["bicycle", "nathan"]] == [False]
    out = run("ask", "--no-input", story).out
    assert "; then the Kems, in the answers where the hand goes on: CALL UPHELD — the calling team: +1 point" in out


def test_a_double_kems_about_to_be_called_is_never_ruled_beside_the_contre_kems(run):
    """Ducale: both accused held a square and the Contre-Kems came first: right, one point; the Double Kems the
    teller was about to call was never made, so it is said, never scored beside it."""
    data = ask_json(run, "Julie and me both had four of a kind, I was about to call Double Kems but Kevin shouted "
                         "contre-kems on Julie first. Does their contre count or does our double win?")
    assert (data["event"], data["verdict"], data["also"]) == ("contre-kems", "upheld", None)
    assert data["score"] == [{"team": "callers", "change": 1, "unit": "point"}]


def test_a_wrong_contre_kems_under_wikipedia_says_who_sees_the_cards_once_beside_its_answers(run):
    """Wikipédia: whatever the partner held, the accused shows two cards to the caller alone — said once, after the
    answers that differ on the score."""
    out = run("ask", "--no-input", "--lang", "fr", "Contre kems faux sur Ines. Elle doit montrer ses cartes a qui, "
              "a tout le monde ou juste a moi ? et son coequipier doit montrer aussi ?").out
    line = next(line for line in out.splitlines() if line.startswith("  Wikipédia : "))
    assert line.endswith("(l'équipe qui annonce : -1 point ; la manche continue); l'accusé montre deux cartes au "
                         "seul annonceur, qui ne doit pas révéler à son coéquipier ce qu'il a vu; l'annonceur perd le "
                         "droit de dire Contre-Kems (pour combien de temps : non précisé)")
    assert line.count("montre deux cartes") == 1


@pytest.mark.parametrize("story", ["Double kems ça fait 2 pts ou 3 pts ?? on s'engueule avec seb",
                                   "DOUBLE KEMS!! ça fait 3 pts ?",
                                   "is a double kems 2 or 3 points?"])
def test_two_or_three_points_for_a_double_kems_is_the_rule_asked_as_compare_answers_it(run, story):
    data = ask_json(run, story)
    assert [row["rule_point"] for row in data["rows"]] == ["call.double_kems.right"]


@pytest.mark.parametrize("story", [
    "On est 5, Hugo propose de jouer tout seul contre les 2 équipes. ça marche au kems ?",
    "only 5 of us tonight, can someone just play alone or can we do one team of 3?",
])
def test_one_player_alone_against_the_teams_is_a_question_on_the_table_never_a_contre_kems(run, story):
    """Teams of two: Marquoir, Jouer au Kems and Pagat state it, the Ducale notice presents it (Regles.com after it);
    the others are silent — never "no source says"."""
    data = ask_json(run, story)
    assert [row["rule_point"] for row in data["rows"]] == ["players.count", "teams.size"]
    sizes = {cid: (v["value"], v["force"]) for cid, v in data["rows"][1]["values"].items() if not v["silent"]}
    assert sizes == {"ducale": ({"sizes": [2]}, "described"), "jouer-au-kems": ({"sizes": [2]}, "prescribed"),
                     "marquoir": ({"sizes": [2]}, "prescribed"), "pagat": ({"sizes": [2]}, "prescribed"),
                     "regles-com": ({"sizes": [2]}, "described")}


def test_the_same_contre_kems_told_again_later_in_the_hand_after_a_wrong_one_is_barred_under_jouer_au_kems(run):
    """Jouer au Kems: a wrong Contre-Kems's caller may not call it again before the hand ends; "2 min later same
    hand she calls contre kems" tells the call made again, even without the word "again"."""
    data = ask_json(run, "jouer au kems rules: Zoé called contre kems on me, wrong, we got the point. 2 min later "
                         "same hand she calls contre kems on Hugo and this time he really has 4 queens. Valid?")
    assert (data["event"], data["verdict"], data["convention"]) == ("contre-kems", "void", "jouer-au-kems")
    assert data["command"] == 'kems-ref rule contre-kems -c jouer-au-kems --hand "Q Q Q Q" --barred'
    asked = ask_json(run, "wikipedia rules. Sam yelled contre kems at Lucy but she had 2 jacks and 2 sevens. can Sam "
                          "still call contre kems later this hand?")
    # a later call asked: none told, nothing barred
    assert asked["command"] == 'kems-ref rule contre-kems -c wikipedia --hand "J J 7 7"'


def test_a_kems_on_a_square_made_by_swapping_before_the_hunt_opened_says_ducale_makes_no_exception(run):
    data = ask_json(run, "Hugo started swapping with the middle while Inès was still turning the 4 cards up, before "
                         "she said the hunt is open, and he got his kems out of it. Does it count?")
    assert (data["event"], data["verdict"]) == ("kems", "upheld")
    assert data["command"] == "kems-ref rule kems -c ducale --square --before-opening"
    assert data["explanation"].endswith(
        "No one exchanges before the dealer declares the hunt open. Ducale lets nobody exchange before the hunt is "
        "opened, without saying what that costs, and makes no exception for a call on a square made so: the call is "
        "ruled on the cards held.")
    assert (data["also"]["event"], data["also"]["verdict"]) == ("exchange", "forbidden")
    refused = run("ask", "--no-input", "--lang", "fr", "Paul a dit kems avant l'ouverture de la chasse, Lea avait 4 "
                  "rois")  # a call itself before the opening, no exchange told: not placed, never ruled
    assert refused.code == 2 and "avant l'ouverture" in refused.err


def test_two_squares_told_in_one_run_of_cards_are_one_each(run):
    """Wikipédia: "Nico et moi on avait chacun un carré (4 dames et 4 sept)" is a square in each hand, never eight
    cards in one; the Contre-Kems on Nico is void against the Double Kems, which scores three."""
    data = ask_json(run, "on suit wikipedia. Paul a dit contre kems sur Nico, et juste apres moi j'ai dit double kems "
                         "parce que Nico et moi on avait chacun un carré (4 dames et 4 sept). Qui marque ?")
    assert data["command"] == 'kems-ref rule contre-kems -c wikipedia --hand "Q Q Q Q" --partner-hand "7 7 7 7"'
    assert (data["verdict"], data["also"]["verdict"]) == ("void", "upheld")
    assert data["also"]["score"] == [{"team": "callers", "change": 3, "unit": "point"}]


def test_letters_kemps_without_hyphens_name_the_game_never_a_call(run):
    data = ask_json(run, "on joue aux lettres KEMPS. Yann a fait un stop kemps juste sur Alice (elle avait 4 as). "
                         "C'est qui qui prend une lettre, nous ou eux ?")
    assert (data["convention"], data["event"], data["verdict"]) == ("pagat", "contre-kems", "upheld")
    assert data["score"] == [{"team": "accused", "change": 1, "unit": "letter"}]


def test_a_contre_kems_told_as_a_habit_leaves_the_question_on_the_signal(run):
    data = ask_json(run, "Les autres ont grillé notre signe (se gratter le nez) et font contre kems des qu'on se "
                         "touche le visage. On a le droit de changer de signe en pleine partie ?")
    assert [row["rule_point"] for row in data["rows"]] == ["signal.change"]


def test_one_ace_counted_after_other_cards_is_one_ace(run):
    data = ask_json(run, "on joue avec les regles wikipedia. Kevin a dit contre kems sur Lea et elle avait rien du "
                         "tout, 2 rois 1 dame 1 as. On marque un point nous du coup ?")
    assert data["command"] == 'kems-ref rule contre-kems -c wikipedia --hand "K K Q A"'
    assert data["unknown"] == []


def test_a_right_stop_kemps_on_a_team_holding_k_e_gives_it_the_m_under_pagat(run):
    """Pagat: "un stop kemps juste" is a right accusation — the accused team takes a letter; holding K and E, it
    then holds K-E-M (the letters named one by one are the team's letters, never a king)."""
    data = ask_json(run, "on joue pagat, on a deja le K et le E. L'autre équipe vient de faire un stop kemps juste "
                         "sur moi. On prend le M ?")
    assert (data["event"], data["verdict"]) == ("contre-kems", "upheld")
    assert data["score"] == [{"team": "accused", "change": 1, "unit": "letter"}]
    assert data["command"] == "kems-ref rule contre-kems -c pagat --square"
    assert data["letters"].startswith("A team holding K-E that takes this letter has K-E-M: KEMPS is not yet spelled")
    assert data["unknown"] == []


@pytest.mark.parametrize(("story", "points"), [
    ("On joue en combien de points ? Léa dit 5, moi j'ai toujours joué en 10", ["score.target"]),
    ("we're 5 people. can one team have 3 players or does someone just sit out?", ["players.count", "teams.size"]),
    ("first time playing kems. how many points do you need to win, and who deals after each round?",
     ["deal.next_dealer", "score.target"]),
])
def test_questions_told_in_the_tables_words_are_answered_on_their_points(run, story, points):
    """'joué en 10' is a target, never a table of ten; 'sit out' asks about the teams; two questions under one
    question mark are both answered."""
    data = ask_json(run, story)
    assert [row["rule_point"] for row in data["rows"]] == points


def test_a_players_own_conclusion_on_her_hand_is_her_claim_never_the_fact(run):
    """"Elle dit qu'elle l'avait pas encore pris donc pas de carré": her claim, listed; the ruling reads the three
    kings and the lifted fourth (Ducale silent on a lifted card; Jouer au Kems and Wikipédia count it)."""
    data = ask_json(run, "Emma avait soulevé le 4e roi du milieu, il etait pas encore dans sa main quand Paul a crié "
                         "contre kems sur elle. Elle dit qu'elle l'avait pas encore pris donc pas de carré. "
                         "Qui a raison ?")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "K K K" --lifted "K"'
    assert "pas de carré" in data["unknown"]
    assert data["verdict"] == "unspecified"


def test_the_game_named_with_its_rules_is_no_call_and_a_told_right_accusation_is_read(run):
    data = ask_json(run, "on joue kemps facon pagat avec les lettres. Benji a dit stop kemps sur Alex et c'etait "
                         "juste, Alex avait 4 huit. qui prend une lettre ?")
    assert (data["convention"], data["event"], data["verdict"]) == ("pagat", "contre-kems", "upheld")
    assert data["command"] == 'kems-ref rule contre-kems -c pagat --hand "8 8 8 8"'


def test_a_kems_asked_about_after_the_story_is_the_call_never_its_verdict(run):
    """"… c'est comme ça qu'elle a eu son carré. Kems valable ?": the Kems asked about, made on a square an early
    exchange made; "Is his Kems good?" asks, it tells nothing of the hand."""
    data = ask_json(run, "Manon a échangé une carte alors que Théo avait meme pas fini de retourner les 4 cartes du "
                         "milieu, et c'est comme ca qu'elle a eu son carré. Kems valable ?")
    assert (data["event"], data["verdict"]) == ("kems", "upheld")
    assert data["command"] == "kems-ref rule kems -c ducale --square --before-opening"
    assert (data["also"]["event"], data["also"]["verdict"]) == ("exchange", "forbidden")


def test_a_rule_a_player_states_is_no_double_kems_told(run):
    """Nobody called Double Kems: "a double kems can't be countered" is Ana's team's word, listed; the Contre-Kems
    is ruled on the two squares told (right under Ducale, void under Jouer au Kems and Wikipédia), nothing beside."""
    data = ask_json(run, "Kevin called contre kems on Ana before her partner said anything. Turns out Ana AND her "
                         "partner both had a carré. Ana's team says a double kems can't be countered so Kevin's contre "
                         "doesn't count. Does it?")
    assert (data["event"], data["verdict"], data["also"]) == ("contre-kems", "upheld", None)
    assert "a double kems can not be countered" in data["unknown"]
    void = other(data, "wikipedia")
    assert void["ruling"]["verdict"] == "void"


def test_a_card_taken_from_the_middle_before_the_opening_is_an_exchange_ruled(run):
    data = ask_json(run, 'Yanis a pris une carte au milieu alors que le donneur avait pas encore dit "la chasse est '
                         'ouverte", il avait meme pas fini de retourner les 4 cartes. On fait quoi ?')
    assert (data["event"], data["verdict"]) == ("exchange", "forbidden")
    assert data["command"] == "kems-ref rule exchange -c ducale --before-opening"


def test_a_kems_while_the_dealer_lays_out_the_new_middle_cards_is_void_under_wikipedia(run):
    data = ask_json(run, "Karim called kems while the dealer was still laying out the 4 new middle cards. does it "
                         "count? we play wikipedia rules")
    assert (data["convention"], data["verdict"]) == ("wikipedia", "void")
    assert data["unknown"] == []


def test_a_contre_kems_after_a_wrong_kems_on_another_players_square_reads_each_hand(run):
    """Ducale: "Jade called kems for Hugo but he had nothing" is the Kems's (wrong) hand; "Paul who DID have four
    aces" the accused's — the Contre-Kems after the Kems that ended the hand is void, never two hands refused."""
    data = ask_json(run, "Jade called kems for Hugo but he had nothing, then like 2 secs later Hugo called contre kems "
                         "on Paul who DID have four aces. does Hugo's contre count or was the hand already over")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "A A A A" --after-kems --kems-wrong'
    assert data["verdict"] == "void"


def test_one_deck_at_six_is_answered_beside_the_letters_every_opposing_team_takes(run):
    """Pagat: at six in pairs a right Kemps gives a letter to each opposing team; "can we play with just one deck?"
    is answered beside it, never dropped."""
    data = ask_json(run, "theres 6 of us. can we play with just one deck? and if we do pagat letters, when one team "
                         "gets kemps do BOTH other teams take a letter?")
    assert (data["event"], data["verdict"]) == ("kems", "upheld")
    assert data["score"] == [{"team": "others", "change": 1, "unit": "letter"}]  # every opposing team
    assert "players.decks" in [q["rule_point"] for q in data["questions"]]


def test_he_didnt_have_kems_in_his_own_words_is_his_claim_and_the_lifted_fourth_is_ruled(run):
    """"il avait pas kems" is the square (never a second call), said in his own words: a claim; the Contre-Kems on
    three kings and the fourth lifted is unsettled under Ducale, right under Jouer au Kems and Wikipédia ("il avait pas
    encore posé sa carte": five cards held, the breach said beside it)."""
    data = ask_json(run, "Contre kems sur Théo pile quand il avait soulevé le 4eme roi du milieu, il avait pas encore "
                         "posé sa carte. Il dit qu'il comptait reposer le roi donc il avait pas kems")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "K K K" --lifted "K" --over-limit 5'
    assert "avait pas kems" in data["unknown"]
    lifted = other(data, "wikipedia")
    assert "upheld" in {b["ruling"]["verdict"] for b in lifted["ruling"]["branches"]}


def test_a_correct_stop_kemps_on_a_team_holding_k_e_m_gives_it_the_p(run):
    data = ask_json(run, "using letters, were on K-E-M. other team gets a correct stop kemps on us - do we get the P "
                         "or do they??")
    assert (data["convention"], data["verdict"]) == ("pagat", "upheld")
    assert data["score"] == [{"team": "accused", "change": 1, "unit": "letter"}]
    assert data["letters"].startswith("A team holding K-E-M that takes this letter has K-E-M-P")


@pytest.mark.parametrize("story", ["how many pts do you need to win kems? Theo says 10 I say 5",
                                   "Combien de points faut il pour gagner une partie de kems ?"])
def test_points_to_win_asked_in_the_tables_words_is_the_target(run, story):
    assert [row["rule_point"] for row in ask_json(run, story)["rows"]] == ["score.target"]


def test_a_kems_while_the_dealer_swaps_out_the_middle_cards_is_a_call_during_the_sweep(run):
    """Wikipédia: no call from the moment a sweep is asked until the hunt reopens — the dealer swapping out the
    middle cards is the sweep, never a player's exchange before the opening."""
    data = ask_json(run, "Chris yelled Kems while the dealer was still swapping out the 4 middle cards, before he said "
                         "the hunt was open again. does it count?")
    assert data["command"] == "kems-ref rule kems -c ducale --during-sweep"
    assert data["also"] is None
    wiki = other(data, "wikipedia")
    assert wiki["ruling"]["verdict"] == "void"


def test_two_cards_shown_after_a_contre_kems_tell_it_was_found_wrong_and_its_questions_are_answered(run):
    data = ask_json(run, "wikipedia rules: I called contre kems on Anna and she didn't have it, she showed me 2 cards. "
                         "can I tell my partner what cards she showed me? and can I still call contre kems again this "
                         "hand?")
    assert (data["event"], data["verdict"]) == ("contre-kems", "rejected")
    assert data["command"] == "kems-ref rule contre-kems -c wikipedia --no-square --found-wrong"
    assert [q["rule_point"] for q in data["questions"]] == ["call.contre_kems.proof", "call.contre_kems.after_wrong"]


def test_a_letters_game_spelling_kems_is_answered_under_the_one_game_kept_in_letters(run):
    out = run("ask", "--no-input", "--lang", "fr", "On joue aux lettres K-E-M-S. Léo et Inès ont fait un kems juste, "
              "c'est eux ou nous qui prend une lettre ?").out
    assert out.startswith("Les lettres K-E-M-S : parmi les conventions, seule Pagat compte en lettres")
    assert "l'équipe adverse : +1 lettre" in out


def test_not_her_after_the_partners_square_tells_the_accused_held_none(run):
    """Ducale checks the named player: "it was her partner Dan who had the four kings, not her" — Jess held no square,
    the Contre-Kems on her is wrong; Pagat, checking the team, rules it right."""
    data = ask_json(run, "we called contre kems on Jess but it was her partner Dan who had the four kings, not her. "
                         "do we still get it?")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --partner-hand "K K K K" --no-square'
    assert data["verdict"] == "rejected"
    pagat = other(data, "pagat")
    assert pagat["ruling"]["verdict"] == "upheld"


def test_a_contre_kems_made_again_as_il_en_refait_un_is_barred_under_jouer_au_kems(run):
    data = ask_json(run, "Théo a fait un contre kems raté tout a l'heure, et dans la meme manche il en refait un et "
                         "cette fois c'etait juste. Regles jouer-au-kems. On lui donne le point ?")
    assert (data["convention"], data["verdict"]) == ("jouer-au-kems", "void")
    assert data["command"] == "kems-ref rule contre-kems -c jouer-au-kems --square --barred"


def test_the_words_a_call_beside_reads_are_never_listed_as_not_understood(run):
    data = ask_json(run, "Sam grabbed the queen from the middle before putting his card down so for a sec he had 5 "
                         "cards, then his partner called kems and he had 4 queens. does that count?")
    assert "4 queens" not in data["unknown"]
    assert data["also"]["command"].startswith('kems-ref rule kems -c ducale --hand "Q Q Q Q"')


# --- np98 / np99: the stories two new players told (session 11) ---------------------------------------------------

def test_a_kems_called_while_the_dealer_lays_out_the_new_four_is_void_under_wikipedia_never_a_right_kems(run):
    """np99 S7 (misleading before): "right in the middle of it" read "right" as a verdict — a square assumed, +1.
    The new four going down is the sweep; under Wikipédia no call is made during it."""
    data = ask_json(run, "Dealer was laying out the 4 new cards after the sweep and Paul called kems right in the "
                         "middle of it. is that allowed? wikipedia rules")
    assert (data["convention"], data["verdict"], data["unknown"]) == ("wikipedia", "void", [])
    assert "square" not in data["command"] and "--during-sweep" in data["command"]


def test_kems_right_after_is_a_time_and_kems_right_is_still_a_verdict():
    assert read("contre kems on Paul right after the kems").options.get("square") is None
    assert read("kems right, ducale").options == {"square": True}


def test_three_kings_dealt_then_a_kems_ten_seconds_later_rules_the_deal_and_says_the_kems_came_after(run):
    """np98 S14 (refused before: "two situations without order")."""
    data = ask_json(run, "Samir a reçu 3 rois a la distrib, il a rien dit et il a fait kems 10 secondes apres. Ca "
                         "compte ou on aurait du redistribuer ?")
    assert (data["event"], data["convention"], data["verdict"]) == ("deal", "ducale", "redeal")
    assert data["after_hand_end"] == "kems"


def test_a_double_kems_not_yet_called_is_never_scored_beside_the_contre_kems(run):
    """np99 S5: "so it was a double kems, we just hadnt called it yet" — refused ("not"), then +3 for a call never
    made. Under Wikipédia the Contre-Kems has no effect on the two squares; nothing else is ruled."""
    data = ask_json(run, "Leo shouted contre kems on me but me AND my partner both had a carré so it was a double "
                         "kems, we just hadnt called it yet. Leo says he gets the point, we say you can't counter a "
                         "double. wikipedia rules")
    assert (data["convention"], data["verdict"]) == ("wikipedia", "void")
    assert data["also"] is None  # no Double Kems ruled beside it
    assert [(q["rule_point"], q["short"]) for q in data["questions"]] == [("call.double_kems.counter", "no")]


def test_a_player_saying_a_double_cannot_be_countered_is_the_point_asked_never_a_negation_refused(run):
    """np98 S3: "moi je dis qu'on peut pas contrer un double" refused; now the Contre-Kems made first is ruled and the
    point answered beside it, with the sources that say no."""
    data = ask_json(run, "Leo et moi on avait chacun un carré, j'ai crié double kems mais Sarah avait dit contre kems "
                         "sur Leo juste avant. Elle dit que c'est pour eux, moi je dis qu'on peut pas contrer un "
                         "double. Qui a raison et ca fait combien ?")
    assert (data["event"], data["verdict"]) == ("contre-kems", "upheld")
    beside = data["questions"][0]
    assert (beside["rule_point"], beside["silent"]) == ("call.double_kems.counter", True)
    assert {e["convention"] for e in beside["elsewhere"]} == {"jouer-au-kems", "wikipedia"}


def test_a_french_story_with_few_french_words_is_answered_in_french_on_a_plain_locale(run, monkeypatch):
    """np98 S19: "On a fait double kems, … moi je dis 2. On a la boite Ducale." was answered in English (C.UTF-8)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    out = run("ask", "On a fait double kems, Clara veut marquer 3 points, moi je dis 2. On a la boite Ducale.",
              "--no-input").out
    assert out.startswith("Compris : Double Kems")


def test_one_card_at_a_time_asked_beside_an_exchange_shows_the_sources_that_answer_otherwise(run):
    """np99 S9: the exchange is ruled; "or is it one card at a time?" is answered beside it, with Bicycle, Marquoir,
    Règle brève (one) and Wikipédia, where Ducale (by default) allows several."""
    data = ask_json(run, "Kevin grabbed 2 cards from the middle at once and then put 2 of his down. is that legal or "
                         "is it one card at a time??")
    assert (data["event"], data["verdict"]) == ("exchange", "forbidden")
    beside = data["questions"][0]
    assert (beside["rule_point"], beside["short"]) == ("exchange.count", "one or more")
    assert [e["convention"] for e in beside["elsewhere"]] == ["bicycle", "marquoir", "regle-breve", "wikipedia"]


def test_a_king_taken_from_the_middle_is_the_card_lifted_never_a_hand_of_one_king(run):
    """"j'ai pris un roi au milieu … mon partenaire a dit kems": read as a one-card hand "R", the Kems was ruled
    wrong."""
    data = ask_json(run, "j'ai pris un roi au milieu, mon partenaire a dit kems, ça compte ?")
    assert (data["event"], data["verdict"]) == ("kems", "depends")
    assert data["command"] == 'kems-ref rule kems -c ducale --lifted "K"'


def test_the_card_lifted_is_one_of_the_four_told_never_a_fifth(run):
    """"picked up a 6 … with that 6 I had four 6s": the lifted 6 is among the four, never "5 sixes: impossible"."""
    data = ask_json(run, "I picked up a 6 from the middle and hadn't put anything down yet so I technically had 5 "
                         "cards, and my partner called kems cause with that 6 I had four 6s. they say it doesnt count "
                         "since I was holding 5 cards")
    assert data["command"] == 'kems-ref rule kems -c ducale --hand "6 6 6" --lifted "6" --over-limit 5'
    assert other(data, "jouer-au-kems")["ruling"]["verdict"] == "upheld"


def test_the_square_actually_held_by_the_accuseds_partner_means_the_accused_held_none(run):
    """np97 S14: "but it was actually Leo's partner Nico who had the 4 kings" — under Ducale the Contre-Kems names one
    player: rejected, a point to the accused team (before: a question on a fact the story gives)."""
    data = ask_json(run, "Emma said contre kems pointing at Leo, but it was actually Leo's partner Nico who had the 4 "
                         "kings. does Emma's team score?")
    assert (data["verdict"], data["score"]) == ("rejected", [{"team": "accused", "change": 1, "unit": "point"}])
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --partner-hand "K K K K" --no-square'


def test_playing_pagat_style_with_letters_is_the_game_never_letters_a_team_holds(run):
    """np99 S15: "8 of us playing pagat style with letters K-E-M-P-S" was read as a team holding K-E-M-P-S, then
    said out."""
    data = ask_json(run, "8 of us playing pagat style with letters K-E-M-P-S. Dan said stop kemps on Lisa and she did "
                         "have 4 queens. who takes a letter")
    assert (data["convention"], data["verdict"], data["letters"]) == ("pagat", "upheld", None)


def test_a_sign_figured_out_then_a_new_one_after_the_hand_is_a_signal_changed_allowed_under_pagat(run):
    """np77 S15 (refused: no situation): "they figured out our sign … so we switched to a new one after the last
    hand" — the signal caught, then changed between two hands: Pagat allows it."""
    data = ask_json(run, "pagat. they figured out our sign (nose rub) so we switched to a new one after the last hand, "
                         "now they say thats cheating")
    assert (data["event"], data["convention"], data["verdict"]) == ("signal", "pagat", "allowed")
    assert data["command"] == "kems-ref rule signal -c pagat --signal-changed --after-caught"


def test_one_player_on_their_own_vs_the_two_teams_asks_the_teams_size_never_a_card(run):
    """np77 S12 (refused: "the two" read as a card 2)."""
    data = ask_json(run, "there's 5 of us tonight, can someone just play on their own vs the two teams?")
    assert [row["rule_point"] for row in data["rows"]][:2] == ["players.count", "teams.size"]


def test_both_teams_calling_kems_at_once_is_two_rival_kems_never_a_kems_against_a_contre_kems(run):
    """np91 S17, np101 S20: two Kems, one by each team, were explained as a Kems against a Contre-Kems. They are
    ruled as what they are (--rival-kems): no source says which of two calls made together counts."""
    for story in ("both teams yelled Kems at basically the same time and both were right. who scores?",
                  "Sam called kems for Lucy and at the exact same time Max called kems for Jo, Lucy and Jo both had "
                  "four of a kind. who scores?",
                  "les deux équipes ont crié kems en même temps, qui marque ?"):
        data = ask_json(run, story)
        assert (data["event"], data["verdict"], data["hand_ends"]) == ("kems", "unspecified", True), story
        assert "--rival-kems" in data["command"] and "--simultaneous" not in data["command"], story
        assert "Contre-Kems" not in data["explanation"], story
    data = ask_json(run, "Both teams shouted at the exact same time - I said Kems and they said contre kems on my "
                         "partner")  # a Kems and a Contre-Kems: the pair itself, as before
    assert "--simultaneous" in data["command"] and "--rival-kems" not in data["command"]


def test_did_he_have_the_square_or_not_is_the_question_never_the_fact(run):
    """np100 S15 (misleading): "Il avait le carré ou pas ?" was read as "the accused holds a square" — the
    Contre-Kems upheld under Ducale and four others, the lifted fourth king never discussed."""
    data = ask_json(run, "Lucas a soulevé le 4eme roi de la table puis l'a reposé, et pendant ce temps Ines a fait "
                         "contre kems sur lui. Il avait le carré ou pas ?")
    assert (data["verdict"], data["command"]) == (
        "unspecified", 'kems-ref rule contre-kems -c ducale --hand "K K K" --lifted "K"')
    data = ask_json(run, "Lucas a attrapé le 4eme roi sur la table, il l'a soulevé puis reposé en disant qu'il le "
                         "voulait pas finalement. Entre temps Ines a crié contre kems sur lui. Il avait le kems ou "
                         "pas ?")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "K K K" --lifted "K"'


def test_a_single_card_is_never_a_hand(run):
    """"il avait les 2 de pique": one card told is listed, never a hand with no square in it."""
    data = ask_json(run, "contre kems, il avait les 2 de pique")
    assert (data["verdict"], "2 de pique" in data["unknown"]) == ("depends", True)


def test_he_got_kems_off_a_swap_before_the_opening_is_his_square_made_so(run):
    """np101 S17: "and he got kems off it" says the square — the Kems is ruled on it (upheld under Ducale, the
    early swap said beside it), never a question on a fact the story gives."""
    data = ask_json(run, "Rob was the dealer and started swapping with the middle before he said the hunt is open, and "
                         "he got kems off it. does that kems count? and who deals next")
    assert (data["event"], data["verdict"]) == ("kems", "upheld")
    assert data["command"] == "kems-ref rule kems -c ducale --square --before-opening"


def test_a_kems_counting_a_touched_card_as_hers_is_three_in_hand_and_the_touched_one(run):
    """np101 S18: "her partner called kems counting that 8 as hers": three 8s held, the fourth only touched — Ducale
    silent, Jouer au Kems and Wikipédia reject it (a touched card is not in hand)."""
    data = ask_json(run, "Nina touched the 8 on the table but didnt lift it, then left it. her partner called kems "
                         "counting that 8 as hers. does it count?")
    assert (data["verdict"], data["command"], data["unknown"]) == (
        "unspecified", 'kems-ref rule kems -c ducale --hand "8 8 8" --touched "8"', [])
    assert other(data, "wikipedia")["ruling"]["verdict"] == "rejected"


# --- np102 / np103 -------------------------------------------------------------------------------------------------

def test_a_fourth_card_picked_off_the_table_is_lifted_and_counts_where_the_source_says_so(run):
    """np103 S13 (misleading): "had just picked the fourth 4 off the table" was dropped — the Kems ruled wrong on three
    4s everywhere. Lifted, it is right under Jouer au Kems and Wikipédia; Ducale does not say."""
    data = ask_json(run, "My partner had three 4s in one hand and had just picked the fourth 4 off the table with his "
                         "other hand, I called kems. They say it doesn't count bc it wasn't in his hand yet")
    assert (data["verdict"], data["command"]) == (
        "unspecified", 'kems-ref rule kems -c ducale --hand "4 4 4" --lifted "4"')
    assert other(data, "wikipedia")["ruling"]["verdict"] == "upheld"


def test_the_accusers_claim_is_never_the_accused_hand(run):
    """np103 S12: "I called contre kems saying he had four 8s" was read as Paul's hand (then "5 8s: impossible"); the
    claim is listed, and beside the 8 only touched it says the three held."""
    data = ask_json(run, "Paul touched the 8 in the middle but didnt lift it, and I called contre kems saying he had "
                         "four 8s. He says the 8 wasnt in his hand yet. who's right")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "8 8 8" --touched "8"'
    assert "saying he had four 8s" in data["unknown"]


def test_a_botched_contre_kems_then_wanting_to_counter_again_is_barred_under_jouer_au_kems(run):
    """np102 S17: "un contre kems foireux tout à l'heure … elle veut recontrer" — the first call wrong, the second
    made again: void, she lost the right for the hand."""
    data = ask_json(run, "Zoé a fait un contre kems foireux tout à l'heure, et là 2 min plus tard dans la meme manche "
                         "elle veut recontrer. Elle a le droit ? on joue avec jouer au kems")
    assert (data["convention"], data["verdict"], data["unknown"]) == ("jouer-au-kems", "void", [])


def test_without_that_jack_she_has_only_three_is_the_hand_never_a_negation_refused(run):
    """np102 S10 (refused: "sans")."""
    data = ask_json(run, "Marie touchait le valet au centre mais l'avait pas encore soulevé quand Hugo a dit contre "
                         "kems. sans ce valet elle a que 3 valets. contre kems juste ou pas ?")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "J J J" --touched "J"'


def test_a_second_table_size_told_as_a_maybe_is_answered_beside_the_first(run):
    """np96 S15, np102 S5: "on est 6, peut-être 5 si Marc vient pas" / "sinon le cousin arrive et on serait 6"."""
    data = ask_json(run, "on est 6 ce soir, peut etre 5 si Marc vient pas, on peut jouer au kems ?")
    assert (data["table"]["players"], [t["players"] for t in data["more_tables"]]) == (6, [5])
    pagat = {t["players"]: next(a for a in t["answers"] if a["name"] == "Pagat")["allowed"]
             for t in (data["table"], *data["more_tables"])}
    assert pagat == {6: True, 5: False}
    out = run("ask", "on est 5 ce soir, on peut jouer au kems quand meme ? sinon le cousin arrive et on serait 6",
              "--no-input", "--lang", "fr").out
    assert "À 5 joueurs :" in out and "À 6 joueurs :" in out


def test_letters_held_and_a_lost_hand_ask_the_letters_never_a_point_the_other_words_name(run):
    """np103 S19: "we already have K-E-M-P and just lost another hand. are we out? and who deals next?" also answered
    how many signals a team may have ("have … another")."""
    data = ask_json(run, "playing pagat. we already have K-E-M-P and just lost another hand. are we out? and who deals "
                         "next?")
    assert [row["rule_point"] for row in data["rows"]] == ["deal.next_dealer", "score.system", "score.target",
                                                           "score.end"]


# --- np104 / np105 -------------------------------------------------------------------------------------------------

def test_three_couples_is_a_table_of_six_never_of_three(run):
    """np105 S13 (misleading): "We're 3 couples, can we play at 6?" was answered at 3 players."""
    data = ask_json(run, "We're 3 couples, can we play at 6?")
    assert data["table"]["players"] == 6
    assert read("We're playing pagat rules, Tom yelled Kemps but his partner Sam only had two pairs.").options == {
        "square": False}  # two pairs in a hand: no table


def test_a_contre_kems_before_they_said_anything_never_scores_their_uncalled_double(run):
    """np105 S17 (misleading): "They had a double kems … I called contre kems before they said anything" also scored
    the Double Kems nobody called (+2 under Ducale beside the Contre-Kems's +1)."""
    for story in ("They had a double kems (both of them had a carré) but I called contre kems before they said "
                  "anything. Do we get the point?",
                  "They had a double kems (both of them had a carré) but I called contre kems, they never got to call "
                  "it. Do we get the point?"):
        data = ask_json(run, story)
        assert (data["verdict"], data["also"]) == ("upheld", None), story
        assert data["score"] == [{"team": "callers", "change": 1, "unit": "point"}]
        assert other(data, "wikipedia")["ruling"]["verdict"] == "void"


def test_a_kems_while_the_new_middle_cards_go_down_before_the_hunt_is_open_is_in_the_sweep(run):
    """np105 S5 (refused: "hadnt said the hunt is open yet")."""
    data = ask_json(run, "dealer was still putting down the 4 new middle cards, hadnt said the hunt is open yet, and "
                         "Marc called kems. does it count?")
    assert "--during-sweep" in data["command"] and data["unknown"] == []
    assert other(data, "wikipedia")["ruling"]["verdict"] == "void"


def test_what_a_double_kems_is_worth_asked_in_any_order_is_the_point_compared(run):
    """np105 S2: "double kems is worth how many points??" was ruled as a call, in branches."""
    data = ask_json(run, "ok settle this, double kems is worth how many points?? my cousin says 3 i say 2")
    assert [row["rule_point"] for row in data["rows"]] == ["call.double_kems.right"]


def test_eight_players_with_a_32_card_deck_says_the_deal_does_not_fit(run):
    """np104 S6: at 8 the deal takes 8 × 4 + 4 = 36 cards: a 32-card deck is not enough (as the conventions that state
    the hand and the middle give it); "pour un kems" is the game, never a call."""
    data = ask_json(run, "On est 8 et on a qu'un jeu de 32 cartes, ça passe pour un kems ?")
    check = data["deal_check"]
    assert (check["need"], check["deck"], check["enough"]) == (36, 32, False)
    assert "nathan" not in check["conventions"] and "ducale" in check["conventions"]
    out = run("ask", "On est 8 et on a qu'un jeu de 32 cartes, ça passe pour un kems ?", "--no-input", "--lang",
              "fr").out
    assert "la donne en demande 36" in out.replace("\n", " ")


def test_a_32_card_deck_at_8_under_nathan_is_not_the_deck_it_describes_there(run):
    """np117 S20: "nathan rules, we only have a 32 card deck and theres 8 of us" answered "Nathan: yes" (the size)
    and never said that Nathan gives 52 cards at eight, 32 at four."""
    story = "nathan rules, we only have a 32 card deck and theres 8 of us. is that ok?"
    data = ask_json(run, story)
    nathan = data["table"]["answers"][0]
    assert nathan["deck"] == {"deck": 32, "fits": False, "cards": [52], "prescribed": False, "by_players": True,
                              "citation": nathan["deck"]["citation"]}
    out = " ".join(run("ask", story, "--no-input").out.split())
    assert "A 32-card deck at 8 players: Nathan: not the deck it describes — 52 cards at 8 players, not 32 (usage " \
           "it describes, not a rule)" in out
    # no rules named: each source's deck there, a rule or a usage; one deck of 32 or 52 for any table (Jouer au Kems)
    answers = {a["convention"]: a["deck"] for a in ask_json(run, "On est 8 avec un jeu de 32, ça passe ?")["table"][
        "answers"]}
    assert (answers["ducale"]["fits"], answers["ducale"]["by_players"], answers["ducale"]["prescribed"]) == \
        (False, False, True)
    assert (answers["jouer-au-kems"]["fits"], answers["jouer-au-kems"]["cards"]) == (True, [32, 52])
    assert answers["regle-breve"] is None  # silent on the deck
    fr = " ".join(run("ask", "On est 8 avec un jeu de 32, ça passe ?", "--no-input", "--lang", "fr").out.split())
    assert "Un jeu de 32 cartes à 8 joueurs : Ducale : non — sa règle est 52 cartes, pas 32 [" in fr


def test_one_of_the_middle_cards_grabbed_before_they_were_all_turned_is_an_exchange_before_the_opening(run):
    """np104 S13 (refused: no situation): "… que Samir en a déjà chopé une"."""
    data = ask_json(run, "Le donneur avait meme pas fini de retourner les 4 cartes du milieu que Samir en a deja chopé "
                         "une. On dit que c pas valable mais il dit qu'aucune regle l'interdit")
    assert (data["event"], data["verdict"]) == ("exchange", "forbidden")


def test_i_showed_two_cards_says_the_earlier_contre_kems_was_wrong(run):
    """np104 S19 (refused: the earlier call's verdict): "je l'avais pas, j'ai montré deux cartes" — under Wikipédia
    the caller lost the right to call again."""
    data = ask_json(run, "Wiki rules. Antoine a fait contre kems sur moi je l'avais pas, j'ai montré deux cartes. "
                         "Maintenant il veut le dire a sa coéquipière et refaire un contre kems 2 min plus tard sur "
                         "mon pote. Il peut ?")
    assert (data["convention"], data["verdict"]) == ("wikipedia", "void")
    assert "--barred" in data["command"]


def test_a_kems_and_a_contre_kems_together_left_open_say_what_each_gives_if_counted_alone(run):
    """np104 S18: Ducale does not say which of the two counts; the table chooses — the Kems alone on Baptiste's four
    8s gives Lucie's team a point, the Contre-Kems alone on them Romain's. Where a source settles it (none does
    today) or for any other call, nothing is added."""
    data = ask_json(run, "Lucie a dit kems en meme temps que Romain a dit contre kems sur Baptiste (le partenaire de "
                         "Lucie). Baptiste avait 4 huit. on joue ducale")
    assert data["verdict"] == "unspecified"
    assert [(a["event"], a["verdict"], a["score"]) for a in data["if_alone"]] == [
        ("kems", "upheld", [{"team": "callers", "change": 1, "unit": "point"}]),
        ("contre-kems", "upheld", [{"team": "callers", "change": 1, "unit": "point"}])]
    assert ask_json(run, "kems on Q Q Q Q, ducale")["if_alone"] == []
    out = run("ask", "Lucie said kems at the same time as Romain said contre kems on Baptiste, who had four 8s",
              "--no-input").out
    assert "if the Contre-Kems counts: CALL UPHELD — the countering team: +1 point; hand ends" in out


# --- np106 / np107 -------------------------------------------------------------------------------------------------

def test_the_fourth_queen_she_had_just_lifted_counts_where_the_source_says_a_lifted_card_does(run):
    """np106 S20 (misleading): "la 4eme elle venait de la soulever du milieu" was dropped — the Kems ruled wrong
    everywhere. Lifted: right under Jouer au Kems and Wikipédia, Ducale silent."""
    data = ask_json(run, "Ines avait 3 dames en main et la 4eme elle venait de la soulever du milieu, pas encore "
                         "rangée dans sa main. son pote a dit kems, les autres disent que ca compte pas")
    assert data["command"] == 'kems-ref rule kems -c ducale --hand "Q Q Q" --lifted "Q" --ungathered'
    assert other(data, "jouer-au-kems")["ruling"]["verdict"] == "upheld"


def test_nobody_knowing_who_spoke_first_is_the_two_calls_together_never_a_negation_refused(run):
    """np106 S4 (refused twice: "personne sait", "on sait pas")."""
    for story in ("Manon a dit contre kems exactement en meme temps que Hugo disait kems pour son pote (qui avait "
                  "bien le carré). personne sait qui a parlé en premier, on donne le point a qui ?",
                  "Manon a dit contre kems exactement en meme temps que Hugo disait kems pour son pote (qui avait "
                  "bien le carré). on sait pas qui a parlé en premier, on donne le point a qui ?"):
        data = ask_json(run, story)
        assert (data["verdict"], len(data["if_alone"])) == ("unspecified", 2), story


def test_touched_first_but_not_lifted_then_snatched_is_the_same_card_dispute(run):
    """np106 S17 (refused twice): Marc touched the 8 first, Inès took it — Pagat and Regles.com give it to the first
    to touch, Ducale is silent."""
    data = ask_json(run, "Marc a touché le 8 du milieu en premier mais l'a pas soulevé, Ines l'a arraché. Marc dit que "
                         "la carte etait a lui. qui a raison ?")
    assert (data["event"], data["verdict"]) == ("same-card", "unspecified")
    assert other(data, "pagat")["ruling"]["verdict"] == "forbidden"


def test_a_table_size_told_first_with_a_deck_question_is_asked_in_french(run):
    """np106 S8 ("rien compris"): "A 6 on peut jouer au kems ? avec un seul paquet ?"."""
    data = ask_json(run, "A 6 on peut jouer au kems ? avec un seul paquet ?")
    assert data["table"]["players"] == 6
    assert [row["rule_point"] for row in data["rows"]] == ["players.count", "players.decks"]


def test_a_wrong_contre_kems_told_with_must_i_show_my_cards_is_the_dispute_and_the_point_beside(run):
    """np106 S14: the call told wrong stays the dispute (never a question on the rules); "je dois montrer mes cartes
    à toute la table ?" is answered beside it, Wikipédia's two cards to the caller alone."""
    data = ask_json(run, "Lucas a fait un contre kems faux sur moi, on joue regles wikipedia. il nous donne un point "
                         "ou c'est eux qui perdent un point ? et je dois montrer mes cartes a toute la table ?")
    assert (data["event"], data["convention"]) == ("contre-kems", "wikipedia")
    assert [q["rule_point"] for q in data["questions"]] == ["call.contre_kems.proof"]


def test_a_contre_kems_right_as_the_double_kems_was_being_said_is_the_two_calls_together(run):
    """np107 S4: "right as my partner was saying double kems" — not the Contre-Kems alone and the Double Kems scored
    beside it (both teams scoring in one hand), but the two together: Ducale leaves it open and says what each gives
    if counted alone (the Double Kems +2, the Contre-Kems +1); Jouer au Kems and Wikipédia void the Contre-Kems."""
    data = ask_json(run, "Karim shouted stop kemps at me right as my partner was saying double kems, we BOTH had a "
                         "carré. who wins that one")
    assert (data["verdict"], data["also"]) == ("unspecified", None)
    assert [(a["event"], a["score"][0]["change"]) for a in data["if_alone"]] == [("double-kems", 2), ("contre-kems", 1)]
    assert other(data, "wikipedia")["ruling"]["verdict"] == "void"


# --- np108 / np109 -------------------------------------------------------------------------------------------------

def test_two_squares_told_of_the_accused_are_hers_and_her_partners(run):
    """np108 S4 (refused: "the same player two hands"): "contre kems sur Manon, elle 4 dames moi 4 cinq" — no player
    holds two squares in four cards: the second is the partner's. Under Wikipédia the Contre-Kems on a Double Kems
    is void."""
    data = ask_json(run, "On joue wiki. On avait double kems avec Manon (elle 4 dames moi 4 cinq), Lucas a crié contre "
                         "kems sur Manon une demi seconde avant que je dise double kems. Il dit que le point est pour "
                         "eux")
    assert (data["convention"], data["verdict"]) == ("wikipedia", "void")
    assert data["command"] == 'kems-ref rule contre-kems -c wikipedia --hand "Q Q Q Q" --partner-hand "5 5 5 5"'


def test_the_new_cards_being_flipped_or_the_middle_being_replaced_is_the_sweep(run):
    """np109 S5, np108 S5 (both refused: "sweep, kems" without saying when)."""
    for story in ("Someone asked to sweep the middle and while the new cards were being flipped my partner shouted "
                  "Kems. I did have four 9s. does it count? we use wikipedia",
                  "Théo était en train de remettre les 4 cartes du milieu (balayage) et Ines a crié kems à ce moment "
                  "la. On joue wikipedia, ça compte ou pas ?"):
        data = ask_json(run, story)
        assert (data["verdict"], "--during-sweep" in data["command"], data["unknown"]) == ("void", True, []), story


def test_they_really_had_it_is_the_square_the_accusation_named(run):
    """np109 S15: "we called stop kemps on them and they really had it" — right under Pagat: the accused team takes a
    letter (before: a question on a fact the story gives)."""
    data = ask_json(run, "pagat rules. we called stop kemps on them and they really had it. which team takes a letter?")
    assert (data["verdict"], data["score"]) == ("upheld", [{"team": "accused", "change": 1, "unit": "letter"}])


def test_first_to_five_or_ten_asks_the_target_never_a_table_of_five(run):
    """np108 S16: "premier à 5 ? 10 ?" was read as five players."""
    data = ask_json(run, "On joue en combien de points en général ? premier à 5 ? 10 ?")
    assert "table" not in data
    assert [row["rule_point"] for row in data["rows"]] == ["score.system", "score.target"]


def test_a_sign_changed_in_the_middle_of_the_hand_asks_when_a_team_may_change_it(run):
    """np108 S12 (the change mid-hand left unread): both points answered under Pagat — a team changes its signal
    after any hand, and may have several."""
    data = ask_json(run, "regles pagat. L'autre equipe a 2 signes differents et en plus ils en ont changé au milieu de "
                         "la manche. Ils ont le droit ??")
    assert [row["rule_point"] for row in data["rows"]] == ["signal.count", "signal.change"]
    assert not any(row["values"]["pagat"]["silent"] for row in data["rows"])


def test_each_call_counted_alone_names_its_own_team(run):
    """np109 S17: "the calling team +1" twice hid that the two calls are two teams'."""
    out = run("ask", 'Me and Hugo yelled at the exact same time, me "kems" for my partner and him "contre kems" '
              "on my partner. She had 4 sixes. who gets the point?", "--no-input").out
    assert "if the Kems counts: CALL UPHELD — the Kems's team: +1 point; hand ends" in out
    assert "if the Contre-Kems counts: CALL UPHELD — the countering team: +1 point; hand ends" in out


# --- np110 / np111 -------------------------------------------------------------------------------------------------

def test_the_fourth_lifted_but_not_yet_in_his_hand_is_never_a_negation_refused(run):
    """np110 S20 (refused twice: "pas encore", "sans"): the fourth 8 lifted, not yet in the hand — right under Jouer
    au Kems and Wikipédia (a lifted card counts), Ducale silent."""
    for story in ("Julien avait 3 huit en main et le 4eme il l'avait soulevé de la table mais pas encore mis dans sa "
                  "main, Marie a crié kems. Les autres disent que ca compte pas, qui a raison ?",
                  "Julien avait 3 huit en main et il avait soulevé le 4eme huit de la table sans l'avoir encore dans "
                  "sa main, Marie a crié kems. ca compte ?"):
        data = ask_json(run, story)
        assert data["command"] == 'kems-ref rule kems -c ducale --hand "8 8 8" --lifted "8" --ungathered', story
        assert other(data, "wikipedia")["ruling"]["verdict"] == "upheld", story


def test_a_double_kems_and_a_contre_kems_together_show_the_double_scoring_where_the_contre_is_void(run):
    """np110 S4: Jouer au Kems and Wikipédia void the Contre-Kems — their line then says the Double Kems scores +3."""
    data = ask_json(run, "Sarah et moi on avait chacun un carré, j'ai crié double kems mais pile au meme moment Paul a "
                         "crié contre kems sur Sarah. Qui marque ?")
    wiki = other(data, "wikipedia")
    assert (wiki["ruling"]["verdict"], wiki["then"]["verdict"], wiki["then"]["score"][0]["change"]) == (
        "void", "upheld", 3)


def test_nobody_said_no_before_we_started_is_his_argument_never_a_negation_refused(run):
    """np111 S16 (refused twice)."""
    data = ask_json(run, "Romain kicks his partner under the table as their signal, he says its fine because nobody "
                         "said no before we started. Is it?")
    assert data["event"] == "signal" and "because nobody said no before we started" in data["unknown"]


def test_still_sweeping_and_the_new_cards_not_yet_turned_is_the_sweep(run):
    """np111 S6 (refused: "sweep, kems" without saying when)."""
    data = ask_json(run, "Anna said kems while Paul was still sweeping the middle, he hadnt turned the new 4 cards or "
                         "said the hunt is open yet. Does it count?")
    assert "--during-sweep" in data["command"] and data["unknown"] == []


# --- np112 / np113 -------------------------------------------------------------------------------------------------

def test_a_queen_lifted_before_his_card_was_put_back_is_read_and_his_claims_listed(run):
    """np112 S15 (refused: "pas", then "avant"): the fourth queen lifted, five cards held; "il l'avait pas vraiment
    prise, il allait la reposer" is his claim."""
    data = ask_json(run, "Léo avait soulevé la 4eme dame du milieu mais il avait pas encore reposé sa carte, et Manon "
                         "a dit kems. Léo dit que ca compte pas parce qu'il l'avait pas vraiment prise, il allait la "
                         "reposer.")
    assert data["command"] == 'kems-ref rule kems -c ducale --hand "Q Q Q" --lifted "Q" --over-limit 5'
    assert {"il l'avait pas vraiment prise", "il allait la reposer"} <= set(data["unknown"])


def test_we_took_the_point_said_by_the_accused_is_the_contre_kems_settled_wrong(run):
    """np112 S20: "contre kems sur moi alors que j'avais rien, on a pris le point" — wrong (under Jouer au Kems the
    hand goes on and the caller may not call again), and "la manche s'arrête ou on continue ?" answered beside it;
    "ni moi ni mon partenaire on avait de carré" is no square in either hand (refused before: "ni")."""
    data = ask_json(run, "Règles jouer au kems : Yanis a dit contre kems sur moi alors que j'avais rien, on a pris "
                         "le point. Mais est-ce que la manche s'arrête ou on continue à jouer ?")
    assert (data["verdict"], data["hand_ends"]) == ("rejected", False)
    assert [q["rule_point"] for q in data["questions"]] == ["hand.end"]
    data = ask_json(run, "Règles jouer au kems : Yanis a dit contre kems sur moi alors que ni moi ni mon partenaire "
                         "on avait de carré. Est-ce que la manche s'arrête ou on continue à jouer ?")
    assert data["command"] == "kems-ref rule contre-kems -c jouer-au-kems --no-square --no-partner-square"


def test_the_kems_callers_partner_is_the_player_the_contre_kems_beside_it_accuses(run):
    """np113 S16: "Alex yelled Kems and Nora contre-kems at the same moment, both about Leo (Alex's partner)" — Leo's
    four 5s are the accused's hand (before: his partner's, both outcomes left depending)."""
    data = ask_json(run, "Alex yelled Kems and Nora yelled contre-kems at literally the same moment, both about Leo "
                         "(Alex's partner) who did have four 5s. who gets the point")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "5 5 5 5" --simultaneous'
    assert [a["verdict"] for a in data["if_alone"]] == ["upheld", "upheld"]


def test_the_double_kems_beside_a_void_contre_kems_is_ruled_on_the_two_squares_told(run):
    """np113 S3: "Paul and Lena both really had quads" — the Double Kems beside the Contre-Kems (void under
    Wikipédia) scores +3, never a question on Paul's hand."""
    data = ask_json(run, "we play wikipedia rules. Paul said Double Kems and Tom shouted contre kems right at the same "
                         "time, and Paul and Lena both really had quads. who scores and how many?")
    assert (data["verdict"], data["also"]["verdict"], data["also"]["score"][0]["change"]) == ("void", "upheld", 3)


def test_points_to_win_and_who_deals_after_the_winner_are_the_two_points_asked(run):
    """np115 S4 (refused: "deal" read as a deal told): "how many points do you need to win at kems? Marc says 5 Alice
    says 10. and does the winner of the hand deal next?" — the target and the next dealer, nothing the players' own
    numbers happen to name."""
    data = ask_json(run, "how many points do you need to win at kems? Marc says 5 Alice says 10. and does the winner "
                         "of the hand deal next?")
    assert [row["rule_point"] for row in data["rows"]] == ["deal.next_dealer", "score.target"]


def test_np114_two_cards_grabbed_before_putting_down_the_letters_counted_and_the_three_other_nines(run):
    """np114 S5 ("AVANT de poser les siennes", refused before), S12 ("on compte avec les lettres KEMPS": Pagat's
    letters), S14 ("elle avait déjà les 3 autres 9": three held, the fourth touched — Wikipédia rejects the Kems)."""
    data = ask_json(run, "Léo a chopé deux cartes au milieu d'un coup AVANT de poser les siennes, il a eu 6 cartes en "
                         "main genre une seconde. C'est legal ou pas ?")
    assert data["command"] == "kems-ref rule exchange -c ducale --cards 2 --over-limit 6 --take-first"
    data = ask_json(run, "on est 8 et on compte avec les lettres KEMPS. Max a dit kemps, sa partenaire avait bien 4 "
                         "valets. Qui prend une lettre ?")
    assert (data["convention"], data["verdict"]) == ("pagat", "upheld")
    data = ask_json(run, "Chloé avait la main sur le 9 du milieu, pas encore levé, et son partenaire a dit kems. Elle "
                         "avait deja les 3 autres 9. Ca passe ?")
    assert data["command"] == 'kems-ref rule kems -c ducale --hand "9 9 9" --touched "9"'
    assert other(data, "wikipedia")["ruling"]["verdict"] == "rejected"


def test_a_contre_kems_half_a_second_before_me_came_first(run):
    """np115 S14 (refused: "without saying which came first"): "I called kems but Hugo had called contre kems like half
    a second before me" — the Contre-Kems first, right on Ines's four aces: Hugo's team scores under Ducale."""
    data = ask_json(run, "Ines did our sign, I called kems but Hugo had called contre kems like half a second before "
                         "me. Ines had 4 aces. who scores?")
    assert (data["event"], data["verdict"]) == ("contre-kems", "upheld")
    assert data["after_hand_end"] == "kems"


def test_np119_words_a_table_uses_are_read_where_they_were_refused(run):
    """np119: "doesn't a double beat the stop?" is the question on a Double Kems and a Contre-Kems, never a second
    call; "before he said the hunt was open again" is the sweep still going on (Wikipédia: no call then); "I didnt
    have anything" is no square; "nobody was looking at my sign" is said, never a negation to refuse; "and he was
    right" is the accusation told right."""
    data = ask_json(run, "They called stop kemps on Ben when he had four kings, but his partner Leo also had four 9s. "
                         "Doesn't a double beat the stop?")
    assert (data["event"], data["verdict"]) == ("contre-kems", "upheld")
    assert [q["rule_point"] for q in data["questions"]] == ["call.double_kems.counter"]
    data = ask_json(run, "wikipedia rules. Lisa shouted kems before he said the hunt was open again. Her partner did "
                         "have 4 queens. Valid?")
    assert "--during-sweep" in data["command"] and data["verdict"] == "void"
    data = ask_json(run, "we play wikipedia rules. Marc said contre-kems on me and I didnt have anything. does my team "
                         "get a point?")
    assert "--no-square" in data["command"] and data["verdict"] == "depends"
    data = ask_json(run, "I had four 8s and nobody was looking at my sign so I just said kems myself. Do we get the "
                         "point?")
    assert (data["verdict"], data["unknown"]) == ("void", ["nobody was looking at my sign"])
    data = ask_json(run, "we play kemps with letters like on pagat. Gab called stop kemps on us and he was right, so "
                         "which team takes the letter?")
    assert (data["verdict"], data["score"]) == ("upheld", [{"team": "accused", "change": 1, "unit": "letter"}])


def test_np118_words_a_table_uses_are_read_where_they_were_refused_or_branched(run):
    """np118: "double kems, on compte combien ? 2 ou 3 points ?" asks what the call is worth — compared, never
    branched on squares nobody doubts; "avait déjà pris un valet" before the hunt was open is an exchange; "la main
    posée sur le 4e roi" is the fourth touched; "sinon on attend Léo pour être 6" is a second size, "faut 2 jeux de
    cartes ?" the decks."""
    data = ask_json(run, "Mon pote vient de faire double kems, on compte combien ? 2 ou 3 points ? ca gueule a la "
                         "table")
    assert [row["rule_point"] for row in data["rows"]] == ["call.double_kems.right"]
    data = ask_json(run, "Romain avait meme pas fini de retourner les 4 cartes du milieu que Yanis avait deja pris un "
                         "valet. On le laisse ou il le remet ?")
    assert (data["event"], data["verdict"]) == ("exchange", "forbidden") and "--before-opening" in data["command"]
    data = ask_json(run, "Ben avait 3 rois et la main posée sur le 4e roi au milieu mais pas encore levé, Chloé a dit "
                         "kems. Kems valable ou pas ?")
    assert data["command"] == 'kems-ref rule kems -c ducale --hand "K K K" --touched "K"'
    data = ask_json(run, "on est 5 ce soir, Max peut jouer tout seul contre les deux equipes ? sinon on attend Léo "
                         "pour etre 6, mais faut 2 jeux de cartes ?")
    assert [row["rule_point"] for row in data["rows"]] == ["players.count", "players.decks", "teams.size"]
    assert (data["table"]["players"], [t["players"] for t in data["more_tables"]]) == (5, [6])


def test_np120_a_card_just_lifted_is_read_and_lifting_words_never_dropped_beside_a_call(run):
    """np120 S18 (misleading: the Kems ruled wrong everywhere): "le 4eme il venait juste de le soulever du milieu" is
    the fourth ace lifted — Jouer au Kems and Wikipédia count it in hand; words of lifting or touching that cannot be
    placed beside a call that one card could decide are refused, never dropped."""
    data = ask_json(run, "Marc avait 3 as en main et le 4eme il venait juste de le soulever du milieu, pas encore dans "
                         "sa main, j'ai dit kems. Les autres disent que c'est pas un kems vu qu'il l'avait pas en main")
    assert data["command"] == 'kems-ref rule kems -c ducale --hand "A A A" --lifted "A"'
    assert {g["conventions"][0]: g["ruling"]["verdict"] for g in data["others"]}["jouer-au-kems"] == "upheld"
    r = run("ask", "--no-input", "Marc had three aces and was lifting something when I called kems")
    assert r.code == 2 and "lifted or touched ('lifting')" in r.err
    # where no one card can make a square (two pairs told), the words are listed, not refused
    assert run("ask", "--no-input", "il a touché la carte sans la soulever, contre-kems sur Léa, 7 7 K K").code == 0


def test_np120_np121_orders_targets_and_questions_told_as_a_table_tells_them(run):
    """np120 S8 "a chopé 2 cartes … et ensuite il a reposé 2 des siennes": took first; S13 "en combien de points ?
    5 ? 10 ?": the targets hesitated between, never cards; np121 S4 "i'd shouted stop kemps at sarah just before and
    she did have 4 queens": the Contre-Kems first; S12 "or have two?": the number of signals; S13 "how many points do
    you play kems to?": the target; S15 "my partner wasnt looking": said, not refused; S5 "Max says you cant call
    during the sweep. is that a thing?": the rule on calls in a sweep."""
    data = ask_json(run, "Yanis a chopé 2 cartes au milieu d'un coup et ensuite il a reposé 2 des siennes. Clara dit "
                         "que c'est interdit, qui a raison ?")
    assert data["command"] == "kems-ref rule exchange -c ducale --cards 2 --take-first"
    data = ask_json(run, "on joue en combien de points au kems ? 5 ? 10 ?")
    assert [row["rule_point"] for row in data["rows"]] == ["score.system", "score.target"]
    data = ask_json(run, "they called double kems but i'd shouted stop kemps at sarah just before and she did have 4 "
                         "queens. does my stop count or does their double win?")
    assert (data["event"], data["verdict"]) == ("contre-kems", "upheld")
    assert [q["rule_point"] for q in data["questions"]] == ["call.double_kems.counter"]
    data = ask_json(run, "pretty sure Ana and Dev have cracked our signal (ear scratch). can we switch to a new one "
                         "now, mid-game? or have two?")
    assert [row["rule_point"] for row in data["rows"]] == ["signal.count", "signal.change"]
    data = ask_json(run, "how many points do you play kems to?")
    assert [row["rule_point"] for row in data["rows"]] == ["score.target"]
    data = ask_json(run, "I had four 8s and just shouted kems myself bc my partner wasnt looking. Ryan says that "
                         "doesnt count")
    assert (data["verdict"], data["unknown"]) == ("void", ["my partner was not looking", "does not count"])
    data = ask_json(run, "Léa called kems while the dealer was still laying out the 4 new cards after a sweep, Max "
                         "says you cant call during the sweep. is that a thing?")
    assert [row["rule_point"] for row in data["rows"]] == ["sweep.calls"]


def test_np122_np123_words_a_table_uses_are_read_where_they_were_refused_or_branched(run):
    """np122 S4 "juste avant que Léa sorte double kems" orders the calls; S6 "son mec avait bien un carré" is the
    partner's square; S10 a card taken before the hunt was open then a Kems: the Kems ruled, the exchange after it;
    np123 S18 "we called kems and were wrong": no square; S20 "he only saw my sign, not my cards": said, not
    refused."""
    data = ask_json(run, "Tom et Léa avaient chacun un carré, mais Sarah a dit contre kems juste avant que Léa sorte "
                         "\"double kems\". Qui marque?")
    assert (data["event"], data["verdict"]) == ("contre-kems", "upheld")
    data = ask_json(run, "Marc etait en train de balayer le milieu, il avait pas encore dit \"la chasse est ouverte\" "
                         "et Ines a crié kems (son mec avait bien un carré). ça compte ou pas ?")
    assert data["command"] == "kems-ref rule kems -c ducale --square --during-sweep" and data["verdict"] == "upheld"
    data = ask_json(run, "Yanis a pris une carte au milieu avant que le donneur dise la chasse est ouverte, et du coup "
                         "il a son carré. On annule son kems ?")
    assert (data["event"], data["also"]["event"], data["also"]["verdict"]) == ("kems", "exchange", "forbidden")
    data = ask_json(run, "using marquoir: we called kems and were wrong. the other team says they get +1 but the app "
                         "says enter -1 for us. which one??")
    assert data["command"] == "kems-ref rule kems -c marquoir --no-square"
    data = ask_json(run, "I did my sign and before Léa could say kems, Max from the other team yelled contre kems. is "
                         "that even legit, he only saw my sign, not my cards")
    assert data["event"] == "contre-kems" and "he only saw my sign not my cards" in data["unknown"]


def test_np123_rules_asked_in_general_are_compared_not_branched_on_facts_nobody_told(run):
    """np123 S8 "Is it legal to take two cards from the middle at once? my cousin says one at a time only": no one
    exchanged, no rules named — how many cards an exchange takes, as each source gives it (never a ruling branched on
    an order nobody told); S5 "can u call kems while the dealer is changing the 4 middle cards?": calls in a sweep."""
    data = ask_json(run, "Is it legal to take two cards from the middle at once? my cousin says one at a time only")
    assert [row["rule_point"] for row in data["rows"]] == ["exchange.count"]
    assert data["rows"][0]["values"]["bicycle"]["value"] == "one"
    # an exchange told as made, or under rules named, is ruled
    assert ask_json(run, "Tom took two cards from the middle at once, is it legal to take two?")["event"] == "exchange"
    data = ask_json(run, "can u call kems while the dealer is changing the 4 middle cards? Max did it right in the "
                         "middle of the sweep")
    assert [row["rule_point"] for row in data["rows"]] == ["sweep.calls"]


def test_np124_the_same_guy_the_caller_himself_and_the_next_dealer_told_as_a_table_tells_them(run):
    """np124 S18 "sur le même gars, qui avait bien ses quatre 8": the accused's hand; S20 "Kems pour sa partenaire,
    elle avait rien du tout, mais en fait c'est LUI qui avait le carré": the holder called Kems himself (refused
    before as two hands for one player); S19 "Qui distribue à la manche d'après ? celui qui a gagné le point ?": who
    deals the next hand (refused before as a deal without cards)."""
    data = ask_json(run, "Yanis a crié Kems et en meme temps Inès a crié contre-kems sur le même gars, qui avait bien "
                         "ses quatre 8. Qui a le point ?")
    assert data["command"] == 'kems-ref rule contre-kems -c ducale --hand "8 8 8 8" --simultaneous'
    data = ask_json(run, "Bastien a dit Kems pour sa partenaire, elle avait rien du tout, mais en fait c'est LUI qui "
                         "avait le carré. Il dit que ça compte quand meme vu que l'équipe l'avait")
    assert (data["verdict"], data["command"]) == ("void", "kems-ref rule kems -c ducale --square --by-holder")
    # the caller's own four said with nothing of the partner's: never guessed as the holder calling himself
    assert "--by-holder" not in ask_json(run, "Marc a dit kems, il avait 4 dames, pagat")["command"]
    data = ask_json(run, "Qui distribue à la manche d'après ? celui qui a gagné le point ?")
    assert [row["rule_point"] for row in data["rows"]] == ["deal.next_dealer"]


def test_np126_np127_a_signed_score_a_lone_card_in_a_claim_and_nothing_agreed_are_read(run):
    """np126 S1 "on met -1 a leur equipe ou +1 a la notre": scores, never a hand "1 a"; S17 "il a soulevé la 4eme du
    milieu … il dit que la dame compte pas": the fourth queen lifted, the lone "dame" of his claim no second hand
    (both refused before); np127 S11 "the other team is saying words aren't allowed. we never agreed anything about
    that before starting": their claim, and no ban asked at the start."""
    data = ask_json(run, "on compte avec l'appli marquoir. Julien a crié kems pour Sarah mais elle avait 3 valets et "
                         "un 4 lol. on met -1 a leur equipe ou +1 a la notre ??")
    assert data["command"] == 'kems-ref rule kems -c marquoir --hand "J J J 4"'
    data = ask_json(run, "Yanis avait 3 dames et il a soulevé la 4eme du milieu, il avait pas encore reposé sa carte. "
                         "J'ai dit contre kems. il dit que la dame compte pas tant qu'il l'a pas dans la main. "
                         "wikipedia")
    assert data["command"] == 'kems-ref rule contre-kems -c wikipedia --hand "Q Q Q" --lifted "Q" --over-limit 5'
    data = ask_json(run, "our signal is saying \"nice\" out loud and the other team is saying words aren't allowed. we "
                         "never agreed anything about that before starting")
    assert data["command"] == "kems-ref rule signal -c ducale --verbal --not-banned"


def test_np128_the_game_named_for_a_table_and_a_card_not_yet_in_hand_are_read(run):
    """np128 S17 "comment on fait les equipes pour un kems ??": the game, never a Kems called (refused before);
    S20 "contre kems avant qu'il le range dans sa main": the lifted card not yet among the others, never a time to
    refuse."""
    data = ask_json(run, "on est 5, comment on fait les equipes pour un kems ??")
    assert data["table"]["players"] == 5
    data = ask_json(run, "Léo a posé son roi et soulevé le 8 du milieu (il avait deja 3 huit), et Anaïs a dit contre "
                         "kems avant qu'il le range dans sa main. Regles jouer au kems")
    assert data["command"] == 'kems-ref rule contre-kems -c jouer-au-kems --hand "8 8 8" --lifted "8"'
