"""Issue #34 §3: writing a convention file is quick — each test failed before."""

import os

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")


# --- conventions init --extends X starts from X's real value ---------------------------------------

def _example(out: str) -> list[str]:
    """The template's first example, uncommented: from its point's line to its citation."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  # Example:")) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("  #   citation:"))
    return ["  " + line[4:] for line in lines[start:end + 1]]


@pytest.mark.parametrize("parent", ["bicycle", "nathan", "ducale", "pagat", "regle-breve"])
def test_init_extends_starts_from_a_value_the_parent_states_never_from_its_silence(run, tmp_path, parent):
    out = run("conventions", "init", "--extends", parent, "--lang", "en").out
    assert "says —" not in out
    example = _example(out)
    point = example[0].strip().rstrip(":")
    house = tmp_path / "maison.yaml"
    house.write_text(out.replace("rules:\n", "rules:\n" + "\n".join(example) + "\n", 1), encoding="utf-8")
    assert run("conventions", "validate", str(house)).code == 0
    mine = run("conventions", "show", str(house), "--json").json()["rules"][point]
    theirs = run("conventions", "show", parent, "--json").json()["rules"][point]
    assert mine["status"] == theirs["status"] == "stated"
    assert (mine["value"], mine["text"]) == (theirs["value"], theirs["text"])


def test_init_extends_bicycle_shows_what_bicycle_says(run):
    out = run("conventions", "init", "--extends", "bicycle", "--lang", "en").out
    assert "  # Example: Bicycle says 52 (4 pl.). Uncomment to change it.\n  # deck.size:\n" in out


# --- game new --target takes a word for a letters game ---------------------------------------------

WIKI_EN, CASH = (os.path.join(HERE, f"{name}.yaml") for name in ("wikipedia-en", "kemps-or-cash"))


def _new(run, tmp_path, *args):
    return run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", *args, "--json", "--lang", "en",
               env={"KEMS_REF_DB": str(tmp_path / "g.db")})


def test_a_letters_game_takes_its_own_word_as_target(run, tmp_path):
    created = _new(run, tmp_path, "-c", WIKI_EN, "--target", "KEMPS").json()
    assert (created["unit"], created["target"], created["end"]) == ("letter", "KEMPS", "loses")


def test_a_file_offering_kemps_or_cash_plays_the_word_the_table_chose(run, tmp_path):
    created = _new(run, tmp_path, "-c", CASH, "--target", "cash").json()
    assert (created["unit"], created["target"], created["decided_by_table"]) == ("letter", "CASH", {"target": "CASH"})


def test_a_file_offering_two_words_asks_which_and_refuses_another(run, tmp_path):
    none = _new(run, tmp_path, "-c", CASH)
    assert none.code == 2 and "offers a choice of target: KEMPS / CASH; give --target" in none.err
    other = _new(run, tmp_path, "-c", CASH, "--target", "KEM")
    assert other.code == 2 and "--target KEM is not one of them" in other.err


def test_a_word_for_a_points_game_is_refused_saying_so(run, tmp_path):
    r = _new(run, tmp_path, "-c", "ducale", "--target", "KEMPS")
    assert r.code == 2
    assert r.err.strip().endswith("Ducale is not played to a word: --target KEMPS must be a number of points")


# --- validate --strict passes a correct file: what it says of unread or left-out points are notes -----

def test_validate_strict_passes_a_correct_file_its_notes_only_the_points_it_leaves_out(run):
    r = run("conventions", "validate", os.path.join(HERE, "howdoyouplayit.yaml"), "--strict", "--json", "--lang", "en")
    assert r.code == 0
    report = r.json()
    assert (report["valid"], report["errors"]) == (True, [])
    unread = [n for n in report["notes"] if "no ruling reads it" in n["message"]]
    # where partners sit (line 29) is read by `rule setup`, what a Cut names (line 75) by a Cut at six
    assert unread == []
    # the points the file leaves out (newer than the file) are notes too, never errors
    assert all("is left out" in n["message"] for n in report["notes"] if n not in unread)


def test_validate_strict_passes_a_standalone_file_with_no_unspecified_lines(run, tmp_path):
    path = tmp_path / "short.yaml"
    path.write_text("""\
id: short
name: A short standalone file
publication: {title: Short rules, author: A table, cite_as: Short rules}
rules:
  call.kems.right:
    status: stated
    value: [{team: callers, change: 1, unit: point}]
    text: {fr: "Kems juste : un point.", en: "Right Kems: one point."}
    citation: {section: "Score"}
""", encoding="utf-8")
    r = run("conventions", "validate", str(path), "--strict", "--lang", "en")
    assert r.code == 0 and r.out.rstrip().endswith("short.yaml: valid convention.")
    assert ": note: rule point 'call.kems.wrong' is left out" in r.out


def test_validate_strict_still_fails_a_real_problem(run, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("""\
id: bad
name: A file scoring letters in a points game
publication: {title: Bad rules, author: A table, cite_as: Bad rules}
extends: ducale
rules:
  call.kems.right:
    status: stated
    value: [{team: callers, change: 1, unit: letter}]
    text: {fr: "Kems juste : une lettre.", en: "Right Kems: one letter."}
    citation: {section: "Score"}
""", encoding="utf-8")
    assert run("conventions", "validate", str(path), "--strict").code == 1


# --- a text in the publication's language only ------------------------------------------------------

GEMSCH_DE = os.path.join(HERE, "gemsch-de.yaml")


def test_a_file_may_give_its_texts_in_its_publication_s_language_only(run):
    assert run("conventions", "validate", GEMSCH_DE).code == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_text_in_the_publication_s_language_only_is_shown_marked_with_that_language(run, lang):
    ruling = run("rule", "kems", "--hand", "Ober Ober Ober Ober", "-c", GEMSCH_DE, "--json", "--lang", lang).json()
    assert ruling["verdict"] == "upheld"
    cited = next(c for c in ruling["citations"] if c["rule_point"] == "hand.square")
    assert cited["section"] == "Ansagen [de]"
    shown = run("conventions", "show", GEMSCH_DE, "--json", "--lang", lang).json()["rules"]["players.count"]
    assert shown["text"] == "Vier oder sechs Spieler, in Zweierteams. [de]"


def test_a_text_in_no_language_at_all_is_refused(run, tmp_path):
    path = tmp_path / "empty.yaml"
    with open(GEMSCH_DE, encoding="utf-8") as handle:
        text = handle.read()
    text = text.replace('text: {de: "Ein Gemsch sind vier gleiche Karten."}', "text: {}")
    path.write_text(text.replace("./gemsch.yaml", os.path.join(HERE, "gemsch.yaml")), encoding="utf-8")
    r = run("conventions", "validate", str(path), "--lang", "en")
    assert r.code == 1 and "at least one language" in r.out


# --- letters or points: the table's choice, asked, listed and played ---------------------------------

POINTS_OR_LETTERS = os.path.join(HERE, "letters-or-points.yaml")


def test_a_file_offering_points_or_letters_asks_which_the_table_plays(run, tmp_path):
    r = _new(run, tmp_path, "-c", POINTS_OR_LETTERS)
    assert r.code == 2 and "Points or letters offers a choice of target: 10 / KEMPS; give --target" in r.err


def test_a_file_offering_points_or_letters_plays_the_letters_the_table_chose(run, tmp_path):
    created = _new(run, tmp_path, "-c", POINTS_OR_LETTERS, "--target", "KEMPS").json()
    assert (created["unit"], created["target"], created["decided_by_table"]) == ("letter", "KEMPS", {"target": "KEMPS"})


def test_a_file_offering_points_or_letters_plays_the_points_the_table_chose(run, tmp_path):
    created = _new(run, tmp_path, "-c", POINTS_OR_LETTERS, "--target", "10").json()
    assert (created["unit"], created["target"]) == ("point", 10)


def test_the_checklist_lists_points_or_letters_as_the_table_s_choice(run):
    items = run("checklist", "-c", POINTS_OR_LETTERS, "--json", "--lang", "en").json()["items"]
    reasons = {i["rule_point"]: i["reason"] for i in items}
    assert reasons["score.system"] in ("choice", "disputed") and reasons["score.target"] in ("choice", "disputed")
    system = next(i for i in items if i["rule_point"] == "score.system")
    assert "(the table chooses)" in system["short"]
