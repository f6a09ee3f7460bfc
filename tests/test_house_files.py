"""House files without contortions: a standalone file states what its table plays and nothing else; a
point it leaves out is silent there (``validate --strict`` lists them, saying that ``extends`` would
supply them), and four of a kind is what makes a Kems unless the file says otherwise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kems_ref.corpus import load as conventions
from kems_ref.corpus.catalogue import IDS

HOUSE = """\
id: chez-nous
name: Chez nous
publication: {title: Nos règles, cite_as: Nos règles}
rules:
  call.kems.right:
    status: stated
    value: [{team: callers, change: 2, unit: point}]
    text: {fr: "Kems juste : deux points.", en: "Right Kems: two points."}
    citation: {section: "Les annonces"}
  hand.end:
    status: stated
    value: any-call
    text: {fr: "Toute annonce finit la manche.", en: "Every call ends the hand."}
    citation: {section: "Les annonces"}
"""


@pytest.fixture
def house(tmp_path: Path) -> str:
    path = tmp_path / "chez-nous.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return str(path)


def test_a_standalone_house_file_of_two_points_is_valid(run, house):
    r = run("conventions", "validate", house, "--lang", "en")
    assert r.code == 0, r.out


def test_under_such_a_file_a_right_kems_scores_its_two_points_and_four_of_a_kind_is_the_kems(run, house):
    ruling = run("rule", "kems", "--hand", "Q Q Q Q", "-c", house, "--json", "--lang", "en").json()
    assert (ruling["verdict"], ruling["score"], ruling["hand_ends"]) == \
        ("upheld", [{"team": "callers", "change": 2, "unit": "point"}], True)
    assert "hand.square" not in ruling["unspecified"]
    wrong = run("rule", "kems", "--hand", "Q Q Q J", "-c", house, "--json", "--lang", "en").json()
    assert wrong["verdict"] == "rejected"  # three queens and a jack are no square, without a word about it


@pytest.mark.slow
def test_a_point_the_file_leaves_out_is_silent_there(run, house):
    ruling = run("rule", "kems", "--hand", "Q Q Q J", "-c", house, "--json", "--lang", "en").json()
    assert ruling["score_settled"] is False and ruling["unspecified"] == ["call.kems.wrong"]
    shown = run("conventions", "show", house, "--json").json()["rules"]
    assert shown["call.kems.wrong"]["status"] == "unspecified" and len(shown) == len(IDS)


def test_validate_strict_lists_the_points_left_out_and_says_extends_would_supply_them(run, house):
    r = run("conventions", "validate", house, "--strict", "--lang", "en")
    assert r.code == 0  # notes, not problems: a standalone file needs no {status: unspecified} lines (#34 §3)
    left_out = [line for line in r.out.splitlines() if ": note: rule point" in line and "is left out" in line]
    assert len(left_out) == len(IDS) - 2
    assert "rule point 'call.kems.wrong' is left out: silent in this file (extends: ID would supply it" in r.out


@pytest.mark.slow
def test_the_shipped_conventions_still_answer_every_point_themselves():
    """Their silences carry notes: a published convention never leaves a point out."""
    import yaml

    for path in sorted(conventions.conventions_dir().glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not data.get("extends"):
            assert sorted(set(IDS) - set(data["rules"])) == [], path.name


def test_a_target_need_not_repeat_what_it_does_not_say(run, tmp_path):
    """{points: 3} is a points game to 3 that the table may not change: word null, agreed false."""
    path = tmp_path / "trois.yaml"
    path.write_text(HOUSE.replace("rules:\n", """rules:
  score.target:
    status: stated
    value: {points: 3}
    text: {fr: "En trois points.", en: "Three points to win."}
    citation: {section: "Le score"}
"""), encoding="utf-8")
    assert run("conventions", "validate", str(path)).code == 0
    assert conventions.load(str(path)).value("score.target") == {"points": 3, "word": None, "agreed": False}
    db = str(tmp_path / "g.sqlite3")
    game = run("game", "new", "--team", "A+B", "--team", "C+D", "-c", str(path), "--db", db, "--json").json()
    assert game["target"] == 3


def test_a_child_file_can_remove_a_call_name_it_inherits(run, tmp_path):
    """Pagat calls the Contre-Kems 'Stop Kemps'; a table that extends Pagat but says Contre-Kems removes it."""
    path = tmp_path / "pagat-chez-nous.yaml"
    path.write_text("id: pagat-chez-nous\nname: Pagat chez nous\nextends: pagat\n"
                    "publication: {title: Nos règles}\ncalls: {contre-kems: null}\n", encoding="utf-8")
    assert run("conventions", "validate", str(path)).code == 0
    assert conventions.load("pagat").call_name("contre-kems", "en") == "Stop Kemps"
    assert conventions.load(str(path)).call_name("contre-kems", "en") is None
    ruling = run("rule", "contre-kems", "--hand", "7 7 K K", "-c", str(path), "--json", "--lang", "en").json()
    assert ruling["call_name"] is None


# --- a score that ends the game --------------------------------------------------------------------

DOUBLE_WINS = """\
id: double-gagne
name: Le double gagne
extends: ducale
publication: {title: Nos règles}
rules:
  call.double_kems.right:
    status: stated
    value: [{team: callers, change: 1, unit: game}]
    text: {fr: "Double Kems juste : l'équipe gagne la partie.", en: "Right Double Kems: the team wins the game."}
    citation: {section: "Le double"}
"""


@pytest.mark.slow
def test_a_house_double_kems_that_wins_the_game_is_ruled_so(run, tmp_path):
    path = tmp_path / "double.yaml"
    path.write_text(DOUBLE_WINS, encoding="utf-8")
    assert run("conventions", "validate", str(path)).code == 0
    ruling = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "8 8 8 8", "-c", str(path),
                 "--json", "--lang", "en").json()
    assert (ruling["verdict"], ruling["score"]) == ("upheld", [{"team": "callers", "change": 1, "unit": "game"}])
    shown = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "8 8 8 8", "-c", str(path),
                "--lang", "en").out
    assert "the calling team: wins the game" in shown


@pytest.mark.slow
def test_on_the_score_sheet_a_score_that_ends_the_game_names_the_winner_and_leaves_the_totals(run, tmp_path):
    path = tmp_path / "double.yaml"
    path.write_text(DOUBLE_WINS, encoding="utf-8")
    db = str(tmp_path / "g.sqlite3")
    assert run("game", "new", "--team", "Léa+Tom", "--team", "Inès+Karim", "-c", str(path), "--target", "10",
               "--db", db).code == 0
    assert run("game", "point", "Inès", "3", "--db", db).code == 0
    called = run("game", "double-kems", "Léa", "--hand", "Q Q Q Q", "--partner-hand", "8 8 8 8", "--db", db,
                 "--json").json()
    assert called["changes"] == [{"team": "Léa+Tom", "change": 1, "unit": "game"}]
    score = called["score"]
    assert (score["finished"], score["winner"]) == (True, "Léa+Tom")
    assert [t_["points"] for t_ in score["teams"]] == [0, 3]  # the totals as they were
    line = run("game", "score", "--db", db, "--lang", "en").out
    assert "Léa+Tom" in line and "wins" in line.lower()
    history = run("game", "history", "--db", db, "--json", "--lang", "en").json()
    assert history[-1]["changes"] == [{"team": "Léa+Tom", "change": 1, "unit": "game"}]
    assert history[-1]["totals"] == {"Léa+Tom": 0, "Inès+Karim": 3}


@pytest.mark.slow
def test_a_game_rescored_under_such_a_file_ends_where_the_double_kems_was_called(run, tmp_path):
    path = tmp_path / "double.yaml"
    path.write_text(DOUBLE_WINS, encoding="utf-8")
    db = str(tmp_path / "g.sqlite3")
    assert run("game", "new", "--team", "Léa+Tom", "--team", "Inès+Karim", "-c", "ducale", "--target", "10",
               "--db", db).code == 0
    assert run("game", "double-kems", "Léa", "--hand", "Q Q Q Q", "--partner-hand", "8 8 8 8", "--db", db).code == 0
    replayed = run("game", "rescore", "-c", str(path), "--db", db, "--json").json()
    assert (replayed["score"]["finished"], replayed["score"]["winner"]) == (True, "Léa+Tom")


def test_a_deck_rule_that_leaves_a_table_size_unstated_is_silent_there_never_one_deck_by_default(run, tmp_path):
    """One deck up to eight players, and nothing said beyond: at ten, eight queens in one team may
    exist (the source does not say how many decks), and the ruling says the silence."""
    path = tmp_path / "decks.yaml"
    path.write_text(HOUSE.replace("rules:\n", """rules:
  players.count:
    status: stated
    value: {min: 4, max: null, even: true}
    text: {fr: "Quatre joueurs ou plus.", en: "Four players or more."}
    citation: {section: "Les joueurs"}
  players.decks:
    status: stated
    value: [{up_to: 8, decks: 1}]
    text: {fr: "Un paquet jusqu'à huit joueurs.", en: "One deck up to eight players."}
    citation: {section: "Les joueurs"}
"""), encoding="utf-8")
    assert run("conventions", "validate", str(path)).code == 0
    at_eight = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "Q Q Q Q", "--players", "8",
                   "-c", str(path), "--lang", "en")
    assert at_eight.code == 2 and "but one deck holds only 4" in at_eight.err
    at_ten = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "Q Q Q Q", "--players", "10",
                 "-c", str(path), "--json", "--lang", "en").json()
    assert "players.decks" in at_ten["unspecified"]
    assert "says how many decks to play with only for other table sizes, not for 10 players" in at_ten["explanation"]


# --- extends keeps its meaning -----------------------------------------------------------------------

FLIP = """\
id: pagat-recompense
name: Pagat, lettres gagnées
extends: pagat
publication: {title: Nos règles}
rules:
  score.letters:
    status: stated
    value: reward
    text: {fr: "Une lettre est une récompense.", en: "A letter is a reward."}
    citation: {section: "Les lettres"}
"""


def test_a_child_that_turns_penalty_letters_into_rewards_is_told_each_inherited_score_it_would_invert(run, tmp_path):
    path = tmp_path / "flip.yaml"
    path.write_text(FLIP, encoding="utf-8")
    r = run("conventions", "validate", str(path), "--lang", "en")
    assert r.code == 1
    flagged = re.findall(r"(\S+) is inherited from pagat, written for penalty letters: "
                         r"this file makes letters a reward", r.out)
    assert flagged == ["call.kems.right", "call.kems.wrong", "call.contre_kems.right", "call.contre_kems.wrong"]


def test_restating_the_inherited_scores_settles_it(run, tmp_path):
    restated = FLIP + "".join(f"""  {point}:
    status: stated
    value: [{{team: callers, change: 1, unit: letter}}]
    text: {{fr: "Une lettre gagnée.", en: "A letter earned."}}
    citation: {{section: "Les lettres"}}
""" for point in ("call.kems.right", "call.kems.wrong", "call.contre_kems.right", "call.contre_kems.wrong"))
    path = tmp_path / "flip.yaml"
    path.write_text(restated, encoding="utf-8")
    assert run("conventions", "validate", str(path)).code == 0


# --- a house file named like a shipped one: by its id, names or aliases, in this folder -------------------------

SIGNS = """id: signes
name: Nos signes
aliases: [Tecknet, "Les signes"]
publication: {title: Nos règles, author: Une table, cite_as: Nos règles}
extends: pagat
rules: {}
"""


def test_a_house_file_of_the_current_folder_answers_to_its_id_and_aliases_with_c(run, tmp_path, monkeypatch):
    (tmp_path / "nos-signes.yaml").write_text(SIGNS, encoding="utf-8")
    (tmp_path / "notes.yaml").write_text("- not a convention\n", encoding="utf-8")  # passed over
    (tmp_path / "broken.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for name in ("signes", "Tecknet", "les signes", "Nos signes"):
        data = run("rule", "signal", "--verbal", "-c", name, "--json").json()
        assert (data["convention"], data["verdict"]) == ("signes", "forbidden"), name  # Pagat's rule, inherited
    r = run("rule", "signal", "--verbal", "-c", "Kotten")
    assert r.code == 2 and "unknown convention 'Kotten'" in r.err
    assert (tmp_path / "broken.yaml").read_text(encoding="utf-8") == "id: [unclosed\n"  # read, never written


def test_a_house_file_is_found_in_the_folders_kems_ref_conventions_lists(run, tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "nos-signes.yaml").write_text(SIGNS, encoding="utf-8")
    monkeypatch.setenv("KEMS_REF_CONVENTIONS", str(folder))
    assert run("rule", "signal", "--verbal", "-c", "Tecknet", "--json").json()["convention"] == "signes"


def test_two_house_files_answering_to_one_name_are_refused_naming_both(run, tmp_path, monkeypatch):
    (tmp_path / "a.yaml").write_text(SIGNS, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(SIGNS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = run("rule", "signal", "--verbal", "-c", "Tecknet")
    assert r.code == 2 and "two house files are named 'Tecknet'" in r.err and "a.yaml" in r.err and "b.yaml" in r.err


def test_a_game_started_on_a_house_file_by_its_alias_records_the_files_path(run, tmp_path, monkeypatch):
    (tmp_path / "nos-signes.yaml").write_text(SIGNS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "games.db")
    assert run("game", "new", "--team", "A+B", "--team", "C+D", "-c", "Tecknet", "--db", db).code == 0
    data = run("game", "show", "--db", db, "--json").json()
    assert data["convention"] == str(tmp_path / "nos-signes.yaml")
