"""The public interface: JSON contract, errors (exit 2, one line, no traceback), linter, formats,
house rules, and docs that cannot drift."""

import csv
import html.parser
import io
import os
import pathlib
import re
import shlex
from typing import ClassVar

import pytest

from kems_ref.cli import app

DATA = os.path.join(os.path.dirname(__file__), "data")
CONTRACT_KEYS = {"convention", "event", "verdict", "score", "hand_ends", "effects", "explanation",
                 "rule_points", "citations", "unspecified", "conflicts"}


def test_the_default_ruling_matches_the_json_contract(run):
    r = run("rule", "contre-kems", "--hand", "7 7 K K", "--json")
    assert r.code == 0
    data = r.json()
    assert set(data) >= CONTRACT_KEYS
    assert data["convention"] == "ducale" and data["verdict"] == "rejected"
    for c in data["citations"]:
        assert {"convention", "rule_point", "source", "section"} <= set(c)


def test_the_human_ruling_puts_the_verdict_first_in_english_and_french(run):
    en = run("rule", "contre-kems", "--hand", "7 7 K K", "--lang", "en")
    assert en.out.splitlines()[0].startswith("CALL REJECTED")
    assert "the accused team: +1 point" in en.out and "Notice Ducale" in en.out
    fr = run("rule", "contre-kems", "--hand", "7 7 K K", "--lang", "fr")
    assert fr.out.splitlines()[0].startswith("ANNONCE FAUSSE")
    assert "l'équipe accusée : +1 point" in fr.out


def test_french_comes_from_the_environment(run):
    r = run("rule", "contre-kems", "--hand", "7 7 K K", env={"KEMS_REF_LANG": "fr"})
    assert r.out.startswith("ANNONCE FAUSSE")


@pytest.mark.slow
def test_all_gives_one_ruling_per_convention(run):
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--all", "--json")
    assert r.code == 0
    assert {x["convention"] for x in r.json()} == set(__import__("kems_ref.corpus.load").corpus.load.shipped_ids())
    table = run("rule", "kems", "--hand", "Q Q Q Q", "--all")
    assert "wikipedia" in table.out and "CALL UPHELD" in table.out


def test_a_situation_file_gives_the_same_ruling(run, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("event: contre-kems\nhand: 7 7 K K\n")
    assert run("rule", "--situation", str(f), "--json").json()["verdict"] == "rejected"
    f.write_text("event: contre-kems\nhand: 7 7 K K\nfoo: 1\n")
    r = run("rule", "--situation", str(f))
    assert r.code == 2 and f"{f}:3:" in r.err and "unknown key 'foo'" in r.err


@pytest.mark.slow
@pytest.mark.parametrize("args, needle", [
    (["rule", "contre-kems", "--hand", "7 7 X K"], "unreadable card 'X'"),
    (["rule", "kems", "--hand", "7 7 7 7 7"], "5 7s, but one deck holds only 4"),
    (["rule", "kems", "--hand", "2 3 4 5 6 7 8 9 10"], "no player can hold that many (4 dealt and 4 in the middle"),
    (["rule", "kems", "--hand", "7h 7h 7 7"], "appears 2 times"),
    (["rule", "kems", "--hand", "7 7 7 7", "--partner-hand", "7 2 3 4"], None),
    (["rule", "double-kems", "--hand", "7 7 7 7", "--partner-hand", "7 2 3 4"], "5 7s"),
    (["rule", "kems", "--hand", "2 2 2 2", "--deck", "32", "-c", "jouer-au-kems"], "no 2 in a 32-card deck"),
    (["rule", "kems", "--hand", "Q Q Q Q", "--players", "5", "-c", "pagat"], "teams of two"),
    (["rule", "kems", "--hand", "Q Q Q Q", "--deck", "32"], "52-card deck"),
    (["rule", "nonsense"], "unknown event 'nonsense'"),
    (["rule", "kems", "--hand", "Q Q Q Q", "-c", "nosuch"], "unknown convention 'nosuch'"),
    (["rule", "deal"], "needs --hand"),
    (["rule", "kems", "--hand", "7 7 7 7", "--no-square"], "give --hand or --no-square, not both"),
    (["rule", "sweep", "--hand", "Q Q Q Q"], "no such option --hand (see kems-ref rule sweep --help)"),
    (["rule", "kems", "--hand", "Q Q Q Q", "--reading", "call.kems.right=2"], "does not contradict itself"),
    (["rule", "kems", "--hand", "Q Q Q Q", "--reading", "nope=2"], "give RULE_POINT=1 or RULE_POINT=2"),
    (["rule", "deal", "--hand", "9 9 9 K", "--put-first"], "no such option --put-first"),
    (["rule", "kems", "--hand", "Q Q Q Q", "-c", os.path.join(DATA, "broken.yaml")], "broken.yaml:5:"),
    (["compare", "--topic", "nope"], "unknown topic"),
])
def test_bad_input_exits_2_with_one_line_and_no_traceback(run, args, needle):
    r = run(*args)
    if needle is None:  # rank 7 five times only when --partner-hand applies to the event
        assert r.code == 2 and "no such option --partner-hand" in r.err
        return
    assert r.code == 2, r.out
    assert needle in r.err
    assert "Traceback" not in r.err + r.out
    assert len(r.err.strip().splitlines()) <= 2


def test_errors_are_also_json_on_stdout_with_json(run):
    r = run("rule", "kems", "--hand", "Z", "--json")
    assert r.code == 2 and "unreadable card" in r.json()["error"]


@pytest.mark.slow
def test_validate_reports_unknown_key_missing_citation_and_unknown_parent_with_lines(run):
    path = os.path.join(DATA, "broken.yaml")
    r = run("conventions", "validate", path, "--json")
    assert r.code == 1
    errors = {(e["line"], e["message"].split(":")[0]) for e in r.json()["errors"]}
    messages = " | ".join(e["message"] for e in r.json()["errors"])
    assert any(line == 5 for line, _ in errors) and "unknown key 'colour'" in messages
    assert "extends unknown convention 'nosuch'" in messages and any(line == 6 for line, _ in errors)
    assert "needs a citation" in messages and any(line == 8 for line, _ in errors)
    text = run("conventions", "validate", path)
    assert text.code == 1 and f"{path}:5: unknown key 'colour'" in text.out


@pytest.mark.slow
def test_validate_reports_duplicate_keys_and_cycles(run, tmp_path):
    dup = tmp_path / "dup.yaml"
    base = pathlib.Path(DATA, "maison.yaml").read_text(encoding="utf-8")
    dup.write_text(base.replace("id: maison\n", "id: maison\nid: again\n"))
    r = run("conventions", "validate", str(dup), "--json")
    assert r.code == 1 and r.json()["errors"][0] == {"line": 2, "message": "duplicate key 'id' (first at line 1)"}
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(base.replace("extends: ducale", "extends: ./b.yaml"))
    b.write_text(base.replace("extends: ducale", "extends: ./a.yaml"))
    r = run("conventions", "validate", str(a), "--json")
    assert r.code == 1 and "cycle" in r.json()["errors"][0]["message"]


@pytest.mark.slow
def test_validate_exit_codes_0_valid_2_unreadable(run, tmp_path):
    assert run("conventions", "validate", os.path.join(DATA, "maison.yaml")).code == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [unclosed\n")
    r = run("conventions", "validate", str(bad))
    assert r.code == 2 and "malformed YAML" in r.err and "bad.yaml:" in r.err
    assert run("conventions", "validate", str(tmp_path / "missing.yaml")).code == 2


# --- compare ------------------------------------------------------------------------------------

def test_compare_only_differences_has_the_disputed_rows_with_values_or_silence(run):
    data = run("compare", "--only-differences", "--json").json()
    rows = {r["rule_point"]: r for r in data["rows"]}
    for point in ("deck.size", "call.double_kems.right", "call.contre_kems.wrong", "exchange.order",
                  "exchange.count", "signal.verbal", "stock.exhausted"):
        assert point in rows and rows[point]["agree"] is False
    assert rows["call.double_kems.right"]["values"]["ducale"]["value"][0]["change"] == 2
    assert rows["call.double_kems.right"]["values"]["wikipedia"]["value"][0]["change"] == 3
    assert rows["stock.exhausted"]["values"]["ducale"]["status"] == "unspecified"
    assert rows["signal.verbal"]["values"]["pagat"]["value"] == "forbidden"
    assert "call.kems.caller" not in rows  # everyone who speaks agrees


def test_compare_tells_apart_two_house_files_of_one_id_and_numbers_a_file_named_twice(run, tmp_path):
    house = os.path.join(DATA, "maison.yaml")
    copy = tmp_path / "maison.yaml"
    copy.write_text(pathlib.Path(house).read_text(encoding="utf-8"), encoding="utf-8")
    shown = run("compare", house, str(copy), house, "--json").json()["conventions"]
    assert shown == [f"maison ({house}) #1", f"maison ({copy})", f"maison ({house}) #2"]


def test_compare_table_stays_readable_at_80_columns(run):
    r = run("compare", "--only-differences", env={"COLUMNS": "80"})
    assert all(len(line) <= 80 for line in r.out.splitlines())
    assert "— silent —" in r.out and "⚠ conflict" in r.out


def test_compare_markdown_is_a_github_table_and_csv_has_every_convention(run):
    md = run("compare", "ducale", "wikipedia", "--topic", "calls", "--format", "markdown").out
    table = [line for line in md.splitlines() if line.startswith("|")]
    assert table[1] == "|---|---|---|"
    assert all(line.count(" | ") - line.count("\\|") >= 2 for line in table if not line.startswith("|---"))
    assert "+3 pt (callers)" in md
    csv_out = run("compare", "--format", "csv").out.splitlines()
    assert csv_out[0].startswith("rule_point,topic,agree,bicycle,ducale")


def test_compare_says_in_short_how_long_a_wrong_contre_kems_bars_the_caller(run):
    rows = {r["rule_point"]: r for r in run("compare", "--json").json()["rows"]}
    barred = rows["call.contre_kems.after_wrong"]["values"]
    assert barred["jouer-au-kems"]["short"] == "barred from Contre-Kems (this hand)"
    assert barred["wikipedia"]["short"] == "barred from Contre-Kems (how long?)"


def test_a_compare_csv_cell_is_the_short_answer_without_its_reference_and_the_citation_has_its_own_column(run):
    import csv
    import io

    rows = {row["rule_point"]: row for row in csv.DictReader(io.StringIO(run("compare", "--format", "csv").out))}
    count = rows["players.count"]
    assert count["agree"] == "no" and count["bicycle"] == "" and count["ducale"] == "4 (description)"
    assert count["pagat"] == "4 or more (even)"
    assert count["ducale_citation"] == ("Notice Ducale, via Regles.com, réf. [1] — Fiche technique (version "
                                        "principale) ; Fiche technique › Joueurs ; Limites et variantes, "
                                        "tableau « 2, 6 ou 8 joueurs »")


# --- checklist -----------------------------------------------------------------------------------

class _Balanced(html.parser.HTMLParser):
    VOID: ClassVar[set] = {"meta", "input", "br", "link", "col"}

    def __init__(self):
        super().__init__()
        self.stack, self.items = [], []

    def handle_starttag(self, tag, attrs):
        if tag == "li":
            self.items.append(dict(attrs)["data-rule-point"])
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack.pop() == tag


@pytest.mark.slow
def test_checklist_items_are_the_disputed_points_and_every_silence_a_ruling_can_turn_on(run):
    from kems_ref.corpus.catalogue import BY_ID

    disputed = {r["rule_point"] for r in run("compare", "--only-differences", "--json").json()["rows"]}
    silent = {p for p, v in run("conventions", "show", "ducale", "--json").json()["rules"].items()
              if v["status"] != "stated" and BY_ID[p].asked}
    data = run("checklist", "-c", "ducale", "--json").json()
    assert {i["rule_point"] for i in data["items"]} == disputed | silent
    by_point = {i["rule_point"]: i for i in data["items"]}
    # Ducale's silences that only a ruling reveals: calls during the sweep, the lifted card, a
    # Contre-Kems against a Double Kems, larger tables' scoring
    for point in ("sweep.calls", "exchange.lifted_card", "call.double_kems.counter", "score.multi_team",
                  "call.ungathered", "call.double_contre_kems", "signal.warning"):
        assert by_point[point]["status"] == "unspecified" and by_point[point]["answer"] is None, point
    assert by_point["sweep.calls"]["reason"] == "silent" and by_point["deck.size"]["reason"] == "disputed"
    assert "deal.next_dealer" not in by_point  # silent, but no ruling turns on it
    assert by_point["stock.exhausted"]["status"] == "unspecified" and by_point["stock.exhausted"]["answer"] is None
    assert by_point["call.double_kems.right"]["citation"]["section"]


@pytest.mark.slow
def test_checklist_html_is_one_well_formed_printable_page_with_every_item(run):
    page = run("checklist", "-c", "ducale", "--format", "html").out
    parser = _Balanced()
    parser.feed(page)
    assert parser.stack == []
    items = {i["rule_point"] for i in run("checklist", "--json").json()["items"]}
    assert set(parser.items) == items
    assert "@page { size: A4" in page and "http" not in page.split("<body>")[0]
    assert page.count("TO DECIDE") == sum(1 for i in run("checklist", "--json").json()["items"] if i["answer"] is None)


def test_the_sheet_of_a_mixed_table_is_one_well_formed_html_page(run):
    page = run("checklist", "-c", "ducale", "-c", "pagat", "--format", "html").out
    parser = _Balanced()
    parser.feed(page)
    assert parser.stack == [] and page.endswith("</body>\n</html>\n")


def test_the_sheet_of_a_mixed_table_names_each_convention_s_own_source_and_the_sections_it_cites(run):
    page = run("checklist", "-c", "ducale", "-c", "pagat", "--format", "html").out
    footer = page.split('<div class="sources">', 1)[1].splitlines()
    ducale = next(line for line in footer if line.startswith("<p><b>ducale:"))
    pagat = next(line for line in footer if line.startswith("<p><b>pagat:"))
    assert "</b> — Notice Ducale, via Regles.com, réf. [1]: 1 Fiche technique" in ducale and "Pagat" not in ducale
    assert "</b> — Pagat, « Kemps » (John McLeod), via pagat.com" in pagat and "Notice Ducale" not in pagat
    assert " · 10 scoring · 11 calls: Stop Kemps" in pagat


@pytest.mark.slow
def test_show_heads_a_convention_with_its_publication_and_what_it_extends(run):
    pagat = run("conventions", "show", "pagat").out.splitlines()
    assert pagat[1] == "Publication: Kemps — John McLeod, Rules of Card Games (pagat.com)"
    assert not any(line.startswith("Extends:") for line in pagat)
    house = run("conventions", "show", os.path.join(DATA, "maison.yaml")).out.splitlines()
    assert house[1:4] == ["Publication: Règles de la maison Dupont — Famille Dupont", "Known through: read directly",
                          "Extends: ducale"]


def test_show_gives_the_other_reading_of_a_source_that_contradicts_itself_with_its_section(run):
    lines = run("conventions", "show", "marquoir").out.splitlines()
    assert ("      ⚠ conflict: The score-entry instructions say to enter −1 for the team that called wrongly. "
            "(Fin de la manche et de la partie ; Scoring)") in lines


def test_the_mixed_sheet_in_markdown_cites_the_section_of_each_stated_answer_never_of_a_silence(run):
    md = run("checklist", "-c", "ducale", "-c", "pagat", "--format", "markdown").out.splitlines()
    double = next(line for line in md if line.startswith("| **Score for a Double Kems"))
    assert double.endswith("| +2 pt (callers) _(Score et victoire, tableau du score Ducale)_ | silent |   |")


def test_the_text_checklist_gives_the_other_reading_of_a_source_that_contradicts_itself(run):
    text = run("checklist", "-c", "marquoir").out
    assert ("      ⚠ conflict: The score-entry instructions say to enter −1 for the team that called wrongly."
            in text.splitlines())


def test_checklist_text_and_markdown_in_french(run):
    text = run("checklist", "--lang", "fr").out
    assert "[ ]" in text and "À DÉCIDER" in text
    md = run("checklist", "--format", "markdown", "--lang", "fr").out
    assert md.startswith("# Kems") and "- [ ] **" in md


# --- house rules ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_house_rule_double_kems_at_3_points_changes_the_ruling_compare_and_checklist(run):
    house = os.path.join(DATA, "maison.yaml")
    r = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 5 5 5", "-c", house, "--json").json()
    assert r["convention"] == "maison" and r["score"][0]["change"] == 3
    cited = {c["rule_point"]: c["source"] for c in r["citations"]}
    assert cited["call.double_kems.right"] == "Règles maison Dupont" and cited["hand.end"].startswith("Notice Ducale")
    cmp = run("compare", "ducale", house, "--json").json()
    assert cmp["conventions"] == ["ducale", "maison"]
    row = next(x for x in cmp["rows"] if x["rule_point"] == "call.double_kems.right")
    assert row["values"]["maison"]["value"][0]["change"] == 3 and row["agree"] is False
    items = {i["rule_point"]: i for i in run("checklist", "-c", house, "--json").json()["items"]}
    assert items["call.double_kems.right"]["replaces"] == "ducale"
    shown = run("conventions", "show", house)
    assert "replaces: ducale" in shown.out


HOUSE_HEAD = "id: club\nname: Club\npublication:\n  title: Les règles du club\n{known}extends: {parent}\nrules:\n"
DOUBLE_AT_3 = ("  call.double_kems.right:\n    status: stated\n    value: [{{team: callers, change: 3, unit: point}}]\n"
               "    text: {{fr: Trois points., en: Three points.}}\n    citation: {{{source}section: page 2}}\n")


@pytest.mark.slow
def test_a_house_citation_naming_its_own_source_is_not_said_to_come_through_the_publications_channel(run, tmp_path):
    """The club's rules reached us through its newsletter; a point copied from grandmother's notebook
    is cited as the notebook, not "via the newsletter"."""
    house = tmp_path / "club.yaml"
    known = "  known_through: {how: summary, via: la lettre du club}\n"
    house.write_text(HOUSE_HEAD.format(known=known, parent="ducale")
                     + DOUBLE_AT_3.format(source="source: Carnet de Mamie, ")
                     + DOUBLE_AT_3.format(source="").replace("double_kems.right", "kems.right")
                     .replace("change: 3", "change: 1"), encoding="utf-8")
    double = run("rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", "-c", str(house), "--json")
    cited = {c["rule_point"]: c["source"] for c in double.json()["citations"]}
    assert cited["call.double_kems.right"] == "Carnet de Mamie"
    kems = run("rule", "kems", "--hand", "Q Q Q Q", "-c", str(house), "--json").json()
    cited = {c["rule_point"]: c["source"] for c in kems["citations"]}
    assert cited["call.kems.right"] == "Les règles du club, via la lettre du club"


def test_a_convention_s_source_is_its_cite_as_or_else_its_title(run, tmp_path):
    sources = {c["id"]: c["source"] for c in run("conventions", "list", "--json").json()}
    assert sources["ducale"] == "Notice Ducale" and sources["pagat"] == "Pagat, « Kemps » (John McLeod)"
    assert run("conventions", "show", os.path.join(DATA, "maison.yaml"), "--json").json()["source"] == \
        "Règles maison Dupont"
    house = tmp_path / "club.yaml"
    house.write_text(HOUSE_HEAD.format(known="", parent="ducale") + DOUBLE_AT_3.format(source=""), encoding="utf-8")
    assert run("conventions", "show", str(house), "--json").json()["source"] == "Les règles du club"


def test_the_library_s_validate_gives_the_file_s_data_beside_its_problems(tmp_path):
    from kems_ref import library as kems

    data, problems = kems.validate_file(os.path.join(DATA, "maison.yaml"))
    assert problems == [] and data is not None and data["id"] == "maison" and data["extends"] == "ducale"
    listed = tmp_path / "list.yaml"
    listed.write_text("- not a mapping\n", encoding="utf-8")
    data, problems = kems.validate_file(str(listed))
    assert data is None and problems


def test_validate_names_the_decks_a_file_defines_when_deck_size_names_another(run, tmp_path):
    house = tmp_path / "club.yaml"
    deck = ("  deck.size:\n    status: stated\n    value: [{cards: 36, deck: jass}]\n"
            "    text: {fr: Le jeu de Jass., en: The Jass deck.}\n    citation: {section: page 1}\n")
    house.write_text(HOUSE_HEAD.format(known="", parent="ducale") + deck, encoding="utf-8")
    errors = run("conventions", "validate", str(house), "--json").json()["errors"]
    assert errors == [{"line": 9, "message": "deck.size names the deck 'jass', not defined under decks "
                                              "(decks defined: —)"}]
    gemsch = pathlib.Path(DATA, "variants", "gemsch.yaml").read_text(encoding="utf-8")
    house.write_text(gemsch.replace("deck: jass}", "deck: tarot}"), encoding="utf-8")
    errors = run("conventions", "validate", str(house), "--json").json()["errors"]
    assert [e["message"] for e in errors] == ["deck.size names the deck 'tarot', not defined under decks "
                                              "(decks defined: jass)"]


def test_validate_lists_the_problems_in_line_order_a_missing_parent_first(run, tmp_path):
    house = tmp_path / "club.yaml"
    house.write_text(HOUSE_HEAD.format(known="", parent="./missing.yaml")
                     + DOUBLE_AT_3.format(source="").replace("status: stated", "status: stated\n    colour: red"),
                     encoding="utf-8")
    errors = run("conventions", "validate", str(house), "--json").json()["errors"]
    assert [e["line"] for e in errors] == [5, 9] and "no such file" in errors[0]["message"]


@pytest.mark.slow
def test_init_prints_a_valid_starting_file(run, tmp_path):
    out = run("conventions", "init", "--extends", "ducale").out
    f = tmp_path / "maison.yaml"
    f.write_text(out)
    assert run("conventions", "validate", str(f)).code == 0
    assert "call.double_kems.right" in out
    lines = out.splitlines()  # its commented example of the game's target and end, once uncommented, is valid
    start = lines.index("  # score.target:")
    f.write_text("\n".join(lines[:start] + ["  " + line[4:] for line in lines[start:] if line.startswith("  # ")]))
    assert run("conventions", "validate", str(f)).code == 0
    assert run("conventions", "show", str(f), "--json").json()["rules"]["score.end"]["value"] == "wins"


def test_init_writes_a_new_file_and_never_over_an_existing_one_without_force(run, tmp_path):
    new = tmp_path / "maison.yaml"
    r = run("conventions", "init", "-o", str(new))
    assert r.code == 0 and run("conventions", "validate", str(new)).code == 0
    written = new.read_text(encoding="utf-8")
    again = run("conventions", "init", "-o", str(new), "--extends", "pagat")
    assert again.code == 2 and "already exists" in again.err and new.read_text(encoding="utf-8") == written
    forced = run("conventions", "init", "-o", str(new), "--extends", "pagat", "--force")
    assert forced.code == 0 and 'extends: "pagat"' in new.read_text(encoding="utf-8")



def test_init_to_a_dash_prints_the_file_on_standard_output_and_writes_no_file_named_dash(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    printed = run("conventions", "init", "--extends", "pagat", "--lang", "en")
    dashed = run("conventions", "init", "--extends", "pagat", "-o", "-", "--lang", "en")
    assert (dashed.code, dashed.out, dashed.err) == (0, printed.out, "")
    assert 'extends: "pagat"' in dashed.out and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_init_into_a_folder_says_it_is_a_folder_and_leaves_it_as_it_was(run, tmp_path, force):
    folder = tmp_path / "rules"
    folder.mkdir()
    r = run("conventions", "init", "-o", str(folder), *force, "--lang", "en")
    assert (r.code, r.out) == (2, "")
    assert r.err == (f"kems-ref: error: {folder}: it is a folder, not a file: -o names the file to write "
                     f"(for example {folder}/maison.yaml)\n")
    assert list(folder.iterdir()) == [] and folder.is_dir()

@pytest.mark.slow
def test_the_catalogue_says_which_points_a_ruling_reads_and_the_resolver_reads_exactly_those():
    """``ruled`` in the catalogue matches the resolver: every rule point its code names, and every
    point a ruling of the tables cites or finds silent."""
    import ast
    import glob

    import yaml

    from kems_ref.corpus.catalogue import IDS, RULE_POINTS

    source = pathlib.Path(__file__).parents[1].joinpath("kems_ref", "referee", "resolver.py").read_text()
    named = {node.value for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in IDS}
    cited: set[str] = set()
    for path in glob.glob(os.path.join(os.path.dirname(__file__), "rulings", "*.yaml")):
        with open(path, encoding="utf-8") as f:
            for case in yaml.safe_load(f)["cases"]:
                for part in [case, *case.get("branches", [])]:
                    cited |= set(part.get("cites") or []) | set(part.get("unspecified") or [])
    ruled = {p.id for p in RULE_POINTS if p.ruled}
    assert ruled == named
    assert cited <= {p.id for p in RULE_POINTS if p.read}  # `rule setup` reads the set-up points


@pytest.mark.slow
def test_the_shipped_json_schema_is_generated_from_the_catalogue():
    from kems_ref.corpus import schema

    assert schema.main(["--check"]) == 0
    assert set(schema.json_schema()["$defs"]["Rules"]["properties"]) == set(schema.IDS)


# --- docs that cannot drift ----------------------------------------------------------------------

README = pathlib.Path(__file__).resolve().parents[1].joinpath("README.md").read_text(encoding="utf-8")


def _commands():
    import typer.main
    group = typer.main.get_command(app)
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):
            for sub, subcmd in cmd.commands.items():
                yield f"{name} {sub}", subcmd
        else:
            yield name, cmd


@pytest.mark.slow
@pytest.mark.parametrize("name, cmd", list(_commands()))
def test_every_command_has_help_and_appears_in_the_readme(run, name, cmd):
    assert cmd.help and cmd.help.strip()
    assert f"kems-ref {name}" in README
    assert run(*name.split(), "--help").code == 0


@pytest.mark.slow
@pytest.mark.parametrize("line", re.findall(r"^\$ kems-ref (.+)$", README, flags=re.M))
def test_every_readme_example_runs(run, line):
    r = run(*shlex.split(line))
    assert r.code == 0, r.err
    assert r.out.strip()


def test_every_test_file_the_readme_names_as_a_promise_s_proof_exists():
    root = pathlib.Path(__file__).resolve().parents[1]
    named = set(re.findall(r"`((?:tests/|benchmark)[\w/.\-]*\.(?:py|yaml))`", README))
    assert {"tests/test_db_files.py", "tests/test_names.py", "benchmark.py"} <= named
    assert sorted(p for p in named if not (root / p).is_file()) == []


def test_the_readme_s_history_page_is_the_code_s():
    from kems_ref.ask.prompts import MAX_ANSWER
    from kems_ref.cli.game import HISTORY_PAGE

    assert f"last {HISTORY_PAGE} lines" in README
    assert f"at most {MAX_ANSWER} printable characters" in README


# --- forces, inherited silences and advice in compare, show and checklist --------------------------

def test_compare_shows_an_inherited_silence_as_silent_never_none(run):
    out = run("compare", "regles-com", "--topic", "signal", env={"COLUMNS": "120"}).out
    assert "None" not in out and "— silent — (inherited from ducale)" in out
    data = run("compare", "regles-com", "--json").json()
    cell = next(r for r in data["rows"] if r["rule_point"] == "signal.count")["values"]["regles-com"]
    assert cell["status"] == "inherited" and cell["silent"] is True and cell["inherited_from"] == "ducale"


@pytest.mark.slow
def test_compare_and_show_mark_descriptions_and_advice(run):
    out = run("compare", "marquoir", "pagat", "--topic", "hunt", env={"COLUMNS": "160"}).out
    assert "take, then put (permission with its condition)" in out
    shown = run("conventions", "show", "regles-com").out
    assert "signal.bluff = no (advice)" in shown  # 000:72: a tip
    assert "exchange.same_card = first to touch\n" in shown  # 000:52: the sheet's rule, unmarked
    rules = run("conventions", "show", "marquoir", "--json").json()["rules"]
    assert rules["exchange.order"]["force"] == "permitted" and rules["signal.bluff"]["force"] == "advised"
    assert rules["players.count"]["force"] == "prescribed"  # 001:11 "Quatre à huit joueurs": a rule
    described = run("conventions", "show", "wikipedia", "--json").json()["rules"]["deal.hand_size"]
    assert described["force"] == "described"  # 003:11 "selon les versions": usage, as the source presents it


def test_the_checklist_leaves_an_advised_point_to_decide_and_shows_the_advice(run):
    items = {i["rule_point"]: i for i in run("checklist", "-c", "regles-com", "--json").json()["items"]}
    bluff = items["signal.bluff"]  # seed 000:72: the sheet's tip, not a rule
    assert bluff["status"] == "unspecified" and bluff["answer"] is None and "really complete" in bluff["advice"]
    text = run("checklist", "-c", "regles-com").out
    assert "advice: The sheet advises making the gesture only once the square is really complete" in text


def test_the_regles_com_checklist_carries_the_same_card_rule_its_sheet_says_to_settle_before_play(run):
    # seed 000:52: the table is told to set before play that the first to touch a wanted card takes it;
    # Pagat states the same rule, so the point is not disputed: it is on the sheet because the source says so
    items = {i["rule_point"]: i for i in run("checklist", "-c", "regles-com", "--json").json()["items"]}
    same = items["exchange.same_card"]
    assert same["status"] == "stated" and same["reason"] == "before-play" and same["before_play"] is True
    assert same["answer"] == ("A middle card two players want goes to the first to touch it; "
                              "the table settles this before play.")
    assert same["citation"]["source"] == "Regles.com, « Règle du Kems à 4 joueurs »"
    pagat = run("checklist", "-c", "pagat", "--json").json()["items"]
    assert "exchange.same_card" not in {i["rule_point"] for i in pagat}
    mixed = {i["rule_point"] for i in run("checklist", "-c", "pagat", "-c", "regles-com", "--json").json()["items"]}
    assert "exchange.same_card" in mixed


def test_every_point_a_source_says_to_settle_before_play_is_on_its_checklist():
    from kems_ref.corpus import load as conventions
    from kems_ref.outputs.checklist import items

    marked = {(cid, p) for cid in conventions.shipped_ids() for p, e in conventions.load(cid).rules.items()
              if e.stated and e.before_play}
    assert ("regles-com", "exchange.same_card") in marked and ("ducale", "score.target") in marked
    # 003:7: under Wikipédia a ban on words, hidden signs or sounds is said at the start of the game
    assert {("wikipedia", p) for p in ("signal.verbal", "signal.visibility", "signal.sound")} <= marked
    for cid, point in marked:
        assert point in {i["rule_point"] for i in items(conventions.load(cid), "en")}, (cid, point)


@pytest.mark.parametrize(("word", "event"), [
    ("stop-kemps", "contre-kems"), ("Contre", "contre-kems"), ("counter-kems", "contre-kems"),
    ("donne", "deal"), ("échange", "exchange"), ("Kem's", "kems"), ("double", "double-kems"),
])
def test_an_event_answers_to_the_names_players_use(run, word, event):
    r = run("rule", word, "--help")
    assert r.code == 0 and f"rule {event}" in r.out.replace("\n", " ")


@pytest.mark.slow
def test_a_convention_answers_to_its_names_and_a_near_miss_is_suggested(run):
    assert run("rule", "kems", "--hand", "7 7 7 7", "-c", "Wikipédia", "--json").json()["convention"] == "wikipedia"
    r = run("rule", "kems", "--hand", "7 7 7 7", "-c", "pagatt")
    assert r.code == 2 and r.err.strip().endswith("— pagat?")
    r = run("rule", "kemss")
    assert r.code == 2 and r.err.strip().endswith("— kems?")


@pytest.mark.slow
def test_the_heading_gives_the_publications_own_name_for_the_call(run):
    r = run("rule", "contre-kems", "-c", "pagat", "--hand", "7 7 7 7", "--partner-hand", "K K Q 2")
    assert r.out.splitlines()[0].startswith("CALL UPHELD  — Contre-Kems (called “Stop Kemps” here), Pagat")
    assert run("rule", "contre-kems", "-c", "pagat", "--hand", "7 7 7 7", "--json").json()["call_name"] == "Stop Kemps"
    assert run("rule", "contre-kems", "--hand", "7 7 7 7", "--json").json()["call_name"] is None


@pytest.mark.slow
def test_the_glossary_finds_a_term_by_any_of_its_names_in_either_language(run):
    r = run("glossary", "balayage", "--lang", "fr")
    assert r.code == 0 and r.out.startswith("Balayage\n  Quand plus personne ne veut des cartes du milieu")
    assert run("glossary", "hunt reset", "--json").json() == run("glossary", "sweep", "--json").json()
    assert run("glossary", "Stop Kemps", "--json").json()[0]["id"] == "contre-kems"
    r = run("glossary", "sweeep")
    assert r.code == 2 and r.err.strip().endswith("— Sweep?")


@pytest.mark.slow
@pytest.mark.parametrize("width", ["60", "100"])
def test_the_glossary_wraps_short_of_the_terminal_s_width(run, width):
    lines = run("glossary", env={"COLUMNS": width}).out.splitlines()
    assert all(len(line) < int(width) for line in lines)  # never the last column: no terminal wraps it again


def test_the_whole_glossary_has_every_entry_in_both_languages(run):
    en, fr = run("glossary", "--json").json(), run("glossary", "--json", "--lang", "fr").json()
    assert [e["id"] for e in en] == [e["id"] for e in fr]
    assert {"square", "sweep", "hunt", "stock", "signal", "double-kems", "letters"} <= {e["id"] for e in en}
    assert all(e["text"] and f["text"] != e["text"] for e, f in zip(en, fr, strict=True))


def test_rule_contre_kems_help_lists_only_the_contre_kems_options_each_with_its_meaning(run):
    r = run("rule", "contre-kems", "--help")
    for flag in ("--hand", "--partner-hand", "--square", "--no-square", "--after-kems", "--kems-right",
                 "--kems-wrong", "--barred", "--during-sweep", "--lifted"):
        assert flag in r.out
    for other in ("--cards", "--verbal", "--take-first", "--first-deal", "--objection"):
        assert other not in r.out


@pytest.mark.slow
def test_help_and_usage_errors_are_french_in_french():
    import subprocess
    import sys

    env = {**os.environ, "KEMS_REF_LANG": "fr", "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-m", "kems_ref", "rule", "contre-kems", "--help"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.startswith("Utilisation : kems-ref rule contre-kems [OPTIONS]")
    assert "Afficher cette aide et quitter." in done.stdout and "Show this message" not in done.stdout
    assert "Les cartes en cause" in done.stdout
    done = subprocess.run([sys.executable, "-m", "kems_ref", "rule", "kems", "--players", "huit"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == ("kems-ref : erreur : valeur invalide pour '--players' : 'huit' n'est pas un "
                                   "nombre entier (voir kems-ref rule kems --help)")


@pytest.mark.slow
def test_compare_one_point_shows_that_point_across_every_source_on_one_screen(run):
    r = run("compare", "call.contre_kems.wrong", env={"COLUMNS": "80"})
    lines = r.out.splitlines()
    assert lines[0].startswith("call.contre_kems.wrong  ≠ differs")
    answers = lines[:lines.index("Publications cited")]  # the publications they cite follow, each once
    assert len(answers) <= 40
    for cid in ("bicycle", "ducale", "jouer-au-kems", "marquoir", "nathan", "pagat", "regle-breve", "regles-com",
                "wikipedia"):
        assert sum(line.startswith(cid + " ") for line in lines) == 1
    assert "Wrong Contre-Kems: one point to the accused team." in r.out
    data = run("compare", "call.contre_kems.wrong", "ducale", "pagat", "--json").json()
    assert data["conventions"] == ["ducale", "pagat"] and [row["rule_point"] for row in data["rows"]] == \
        ["call.contre_kems.wrong"]
    assert [row["topic"] for row in run("compare", "signal", "--json").json()["rows"]] == \
        ["signal"] * len(run("compare", "--topic", "signal", "--json").json()["rows"])


@pytest.mark.slow
@pytest.mark.parametrize("width", ["80", "200"])
def test_compare_is_readable_at_80_and_200_columns_and_never_wraps_a_rule_id(run, width):
    from kems_ref.corpus.catalogue import IDS

    out = run("compare", env={"COLUMNS": width}).out
    assert all(len(line) <= int(width) for line in out.splitlines())
    words = set(re.findall(r"[a-z_]+(?:\.[a-z_]+)+", out))
    for point in IDS:
        assert point in words, point  # whole on one line, never cut in two
    assert ("│" in out) == (width == "200")  # the wide table only where it fits
    assert "≠ " in out


@pytest.mark.slow
def test_on_a_terminal_a_long_compare_goes_through_the_pager_and_a_short_one_does_not():
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "COLUMNS": "100", "LINES": "30", "TERM": "xterm",
           "PAGER": "sh -c 'echo THROUGH-THE-PAGER; cat >/dev/null'"}
    child = pexpect.spawn(sys.executable, ["-m", "kems_ref", "compare"], env=env, encoding="utf-8", timeout=30,
                          dimensions=(30, 100))
    child.expect(pexpect.EOF)
    assert "THROUGH-THE-PAGER" in child.before
    child = pexpect.spawn(sys.executable, ["-m", "kems_ref", "compare", "call.kems.caller", "ducale", "pagat"],
                          env=env, encoding="utf-8", timeout=30, dimensions=(30, 100))
    child.expect(pexpect.EOF)
    assert "THROUGH-THE-PAGER" not in child.before and "partner only" in child.before


@pytest.mark.slow
@pytest.mark.parametrize(("pager", "shown_by"), [
    ("sh -c 'echo FROM-THE-PAGER; cat; exit 1'", "the pager"),  # shown, then an error code: no crash, shown once
    ("sh -c 'exit 127'", "kems-ref"),  # its own command missing: nothing was shown, kems-ref prints it
])
def test_a_long_compare_is_shown_once_whatever_the_pager_s_exit_code(pager, shown_by):
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "COLUMNS": "100", "LINES": "30", "TERM": "xterm", "PAGER": pager}
    child = pexpect.spawn(sys.executable, ["-m", "kems_ref", "compare"], env=env, encoding="utf-8", timeout=30,
                          dimensions=(30, 100))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in child.before
    assert child.before.count("call.kems.caller") == 1
    assert ("FROM-THE-PAGER" in child.before) == (shown_by == "the pager")


@pytest.mark.slow
@pytest.mark.parametrize(("words", "expected"), [
    ("kems-ref rule con", {"contre-kems"}),
    ("kems-ref rule contre-kems -c pa", {"pagat"}),
    ("kems-ref rule contre-kems -c Wik", {"Wikipédia"}),
    ("kems-ref rule kems --reading call.kems.w", {"call.kems.wrong"}),
    ("kems-ref compare call.contre_kems.w", {"call.contre_kems.wrong"}),
])
def test_bash_completion_offers_events_conventions_and_rule_points(words, expected):
    import subprocess
    import sys

    env = {**os.environ, "_KEMS_REF_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - 1)}
    done = subprocess.run([sys.executable, "-m", "kems_ref"], capture_output=True, text=True, env=env, timeout=60)
    assert set(done.stdout.split()) >= expected, done.stdout + done.stderr


@pytest.mark.slow
def test_zsh_and_fish_complete_convention_names_and_a_script_is_offered():
    import subprocess
    import sys

    def complete(shell, words, **extra):
        env = {**os.environ, "_KEMS_REF_COMPLETE": f"complete_{shell}", "_TYPER_COMPLETE_ARGS": words, **extra}
        return subprocess.run([sys.executable, "-m", "kems_ref"], capture_output=True, text=True, env=env,
                              timeout=60).stdout

    assert '"wikipedia"' in complete("zsh", "kems-ref rule kems -c wik")
    assert complete("fish", "kems-ref rule kems -c Jo", _TYPER_COMPLETE_FISH_ACTION="get-args").split("\n")[0] \
        == "Jouer au Kems"
    for shell, mark in (("bash", "complete -o"), ("zsh", "compdef"), ("fish", "complete --command kems-ref")):
        # (the shell named outright: detecting it from the parent process depends on how the test runs)
        script = subprocess.run([sys.executable, "-m", "kems_ref", "--show-completion", shell], capture_output=True,
                                text=True, env={**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"},
                                timeout=60).stdout
        assert "_KEMS_REF_COMPLETE" in script and mark in script, shell


@pytest.mark.slow
@pytest.mark.parametrize("args, first, second", [
    (["rule", "contre-kems", "--square", "--no-square"], "--square", "--no-square"),
    (["rule", "contre-kems", "--square", "--after-kems", "--kems-right", "--kems-wrong"], "--kems-right",
     "--kems-wrong"),
    (["rule", "exchange", "--take-first", "--put-first"], "--take-first", "--put-first"),
    (["rule", "deal", "--hand", "9 9 9 K", "--first-deal", "--later-deal"], "--first-deal", "--later-deal"),
    (["rule", "contre-kems", "--hand", "K K K K", "--partner-square", "--no-partner-square"], "--partner-square",
     "--no-partner-square"),
])
def test_two_contradictory_facts_are_refused_naming_both_never_the_last_one_winning(run, args, first, second):
    r = run(*args)
    assert r.code == 2 and r.err.strip() == (f"kems-ref: error: {first} and {second} say opposite things: give one "
                                             "of them (or neither, if nobody knows)")


@pytest.mark.slow
def test_a_fact_that_qualifies_another_one_not_given_is_refused(run, tmp_path):
    r = run("rule", "contre-kems", "--square", "--kems-right")
    assert r.code == 2 and "--kems-right qualifies --after-kems, which was not given" in r.err
    situation = tmp_path / "s.yaml"
    situation.write_text("event: contre-kems\nsquare: true\nkems-right: false\n", encoding="utf-8")
    r = run("rule", "--situation", str(situation))
    assert r.code == 2 and "--kems-wrong qualifies --after-kems, which was not given" in r.err
    db = str(tmp_path / "g.sqlite3")
    run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "ducale", "--target", "5", "--db", db)
    r = run("game", "contre", "Tom", "--square", "--no-square", "--db", db)
    assert r.code == 2 and "--square and --no-square say opposite things" in r.err
    assert run("game", "history", "--json", "--db", db).json() == []  # nothing written


# --- every lookup by the words people use ------------------------------------------------------------

@pytest.mark.parametrize("word, points", [
    ("call.contre-kems.wrong", ["call.contre_kems.wrong"]),  # the event's hyphen
    ("balayage", ["sweep.trigger", "sweep.calls", "sweep.swept_cards"]),
    ("sweep", ["sweep.trigger", "sweep.calls", "sweep.swept_cards"]),
    ("lifted", ["exchange.lifted_card"]),
    ("carte levée", ["exchange.lifted_card"]),
])
def test_compare_finds_a_point_by_its_id_as_typed_or_by_the_words_of_the_table(run, word, points):
    r = run("compare", word, "--json")
    assert r.code == 0, r.err
    assert [row["rule_point"] for row in r.json()["rows"]] == points


def test_compare_refuses_a_word_that_names_nothing_listing_what_it_accepts(run):
    r = run("compare", "balayge2000", "--lang", "en")
    assert r.code == 2 and "names no convention, rule point, topic or word of the game" in r.err
    assert "a rule point (call.kems.right), a topic (material, deal, hunt, signal, calls, score)" in r.err


@pytest.mark.parametrize("args, first", [([], "kems-ref — a referee for the card game Kems"),
                                          (["rule"], "kems-ref rule EVENT [the facts]"),
                                          (["game"], "kems-ref game — the score sheet"),
                                          (["rule", "--lang", "fr"], "kems-ref rule ÉVÉNEMENT [les faits]")])
def test_a_bare_command_prints_a_short_usage_and_exits_0(run, args, first):
    r = run(*args)
    assert r.code == 0 and r.out.startswith(first) and r.err == ""
    assert len(r.out.splitlines()) <= 8


@pytest.mark.slow
@pytest.mark.parametrize("key", ["usage.root", "usage.rule", "usage.game"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_example_of_a_short_usage_runs(run, key, lang):
    from kems_ref.i18n import t

    examples = [re.split(r"\s{2,}", line.strip())[0] for line in t(key, lang).splitlines()
                if line.startswith("  kems-ref ") and "[" not in line and "·" not in line]
    assert examples
    for example in examples:
        r = run(*shlex.split(example)[1:], "--lang", lang)
        assert r.code == 0, (example, r.err)


def test_compare_by_french_words_answers_in_french_where_no_language_was_chosen(run, monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert "Combien de cartes face visible au centre ?" in run("compare", "milieu").out
    assert "How many cards face up in the middle?" in run("compare", "milieu", "--lang", "en").out


def test_the_version_is_written_once():
    import importlib.metadata

    import kems_ref

    pyproject = (pathlib.Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject
    assert importlib.metadata.version("kems-ref") == kems_ref.__version__


def test_compare_gives_a_self_contradicting_source_s_two_answers_none_first_in_every_format(run):
    md = run("compare", "call.kems.wrong", "marquoir", "ducale", "--format", "markdown", "--lang", "en").out
    assert ("| `call.kems.wrong` **(differs)** | +1 pt (the other team) [1] or -1 pt (callers) [2] ⚠ conflict | "
            "+1 pt (the other team) [3] |") in md.splitlines()
    rows = list(csv.reader(io.StringIO(run("compare", "call.kems.wrong", "marquoir", "--format", "csv").out)))
    assert rows[1][3] == "'+1 pt (the other team) or -1 pt (callers) ⚠ conflict"
    one = run("compare", "call.kems.wrong", "--lang", "fr", env={"COLUMNS": "200"}).out
    assert "marquoir       +1 pt (l'autre équipe) ou -1 pt (annonceurs) ⚠ contradiction" in one
