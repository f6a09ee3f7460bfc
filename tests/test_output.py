"""What a player reads: a silence is never printed as a fact, a ruling that depends shows its
branches and the flag that settles it, --all keeps every convention — in French and in English."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kems_ref.corpus import load as conventions

ALL = conventions.shipped_ids()
FACT_PHRASES = {
    "en": ["No change to the score", "The hand goes on", "every opposing team"],
    "fr": ["Aucun changement de score", "La manche continue", "chaque équipe adverse"],
}
SILENT_CASES = [  # (args, what the convention leaves open)
    (["kems", "--hand", "Q Q Q Q", "-c", "bicycle"], "score and hand end"),
    (["stock-out", "-c", "ducale"], "what happens"),
    (["kems", "--hand", "Q Q Q J", "-c", "nathan"], "the score and hand end of a wrong Kems"),
    (["kems", "--hand", "Q Q Q J", "--players", "8", "--reading", "call.kems.wrong=1", "-c", "marquoir"],
     "who receives the point at eight"),
    (["double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K 9 8", "-c", "wikipedia"],
     "a Double Kems on one square"),
    (["contre-kems", "--hand", "K K K K", "--partner-hand", "Q Q Q Q", "-c", "bicycle"], "a Contre-Kems's score"),
]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("args, what", SILENT_CASES)
def test_a_silent_point_is_never_printed_as_a_fact(run, args, what, lang):
    out = run("rule", *args, "--lang", lang).out
    out = out.split("\nElsewhere" if lang == "en" else "\nAilleurs")[0]  # other conventions' answers may say it
    for phrase in FACT_PHRASES[lang]:
        assert phrase not in out, (what, phrase)
    assert ("not settled" in out or "does not say" in out) if lang == "en" else \
        ("non tranché" in out or "ne dit pas" in out)


@pytest.mark.parametrize("lang, head, settles, cards", [
    ("en", "IT DEPENDS", "Does the accused player's partner hold a square?", "CARDS"),
    ("fr", "ÇA DÉPEND", "Le partenaire du joueur accusé a-t-il un carré ?", "CARTES"),
])
def test_a_ruling_that_depends_prints_the_question_the_flag_and_each_branch(run, lang, head, settles, cards):
    out = run("rule", "contre-kems", "--hand", "K K K K", "-c", "jouer-au-kems", "--lang", lang).out
    assert out.startswith(head)
    assert settles in out and f"(--partner-hand {cards} / --partner-square / --no-partner-square)" in out
    upheld, void = ("CALL UPHELD", "CALL VOID") if lang == "en" else ("ANNONCE JUSTE", "ANNONCE NULLE")
    assert upheld in out and void in out


def test_the_json_of_a_ruling_that_depends_has_needs_and_whole_rulings_as_branches(run):
    r = run("rule", "exchange", "--json").json()
    assert r["verdict"] == "depends" and r["score"] == [] and r["score_settled"] is False
    assert r["needs"] == [{"fact": "take_first", "flag": "--take-first / --put-first",
                           "question": "Did the player pick up before putting down, or put down first?"}]
    assert [b["if"] for b in r["branches"]] == [{"take_first": True}, {"take_first": False}]
    for b in r["branches"]:
        assert {"verdict", "score", "hand_ends", "citations", "explanation", "branches"} <= set(b["ruling"])


def test_giving_the_fact_settles_the_ruling(run):
    assert run("rule", "exchange", "--put-first", "--json").json()["verdict"] == "allowed"
    assert run("rule", "exchange", "--take-first", "--json").json()["verdict"] == "forbidden"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_all_lists_every_convention_with_depends_conflicts_and_impossible_situations(run, lang):
    r = run("rule", "contre-kems", "--hand", "7 7 K K", "--all", "--json", "--lang", lang)
    assert [x["convention"] for x in r.json()] == ALL
    table = run("rule", "kems", "--hand", "Q Q Q J", "--deck", "32", "--all", "--lang", lang,
                env={"COLUMNS": "80"}).out
    assert all(len(line) <= 80 for line in table.splitlines())
    for cid in ALL:
        assert cid in table
    assert ("IMPOSSIBLE HERE" if lang == "en" else "IMPOSSIBLE ICI") in table
    conflicts = run("rule", "kems", "--hand", "Q Q Q J", "--all", "--lang", lang, env={"COLUMNS": "80"}).out
    assert "⚠" in conflicts and all(len(line) <= 80 for line in conflicts.splitlines())


def test_all_says_under_the_table_that_a_source_contradicts_itself_only_where_one_does(run):
    # Marquoir gives two readings of a wrong Kems (call.kems.wrong); a right Kems reads no such point
    torn = run("rule", "kems", "--hand", "Q Q Q J", "--all").out
    assert torn.count("⚠: the source contradicts itself on a point of this ruling") == 1
    assert "contradicts itself" not in run("rule", "kems", "--hand", "Q Q Q Q", "--all").out


@pytest.mark.slow
def test_all_is_a_table_from_72_columns_and_a_list_below(run):
    table = run("rule", "kems", "--hand", "Q Q Q Q", "--all", env={"COLUMNS": "72"}).out.splitlines()
    assert table[1].startswith("┃ Convention")
    listed = run("rule", "kems", "--hand", "Q Q Q Q", "--all", env={"COLUMNS": "71"}).out.splitlines()
    assert listed[:2] == ["bicycle: CALL UPHELD", "    Score: not settled by Bicycle."]


def test_the_ruling_says_what_the_table_does_besides_scoring_and_nothing_where_it_does_nothing(run):
    wrong = run("rule", "contre-kems", "--hand", "7 7 K K").out.splitlines()
    assert "  Effects: the accused shows two cards of different ranks" in wrong
    assert not any("Effects" in line for line in run("rule", "kems", "--hand", "Q Q Q Q").out.splitlines())


def test_a_ruling_that_depends_explains_each_branch_and_all_gives_each_branch_s_score(run):
    lines = run("rule", "kems", "--hand", "Q Q Q J", "-c", "marquoir").out.splitlines()
    assert ("      The partner holds no square (Q Q Q J). The score-entry instructions say to enter −1 for the team "
            "that called wrongly. (reading 2 of the source)") in lines
    table = run("rule", "kems", "--hand", "Q Q Q J", "--all", env={"COLUMNS": "200"}).out
    assert ("the table follows reading 2 ('Score for a wrong Kems?') → CALL REJECTED (the calling team: -1 point; "
            "hand ends)") in table


def test_all_stays_readable_on_a_narrow_terminal(run):
    out = run("rule", "kems", "--hand", "Q Q Q J", "--all", env={"COLUMNS": "50"}).out
    assert all(len(line) <= 50 for line in out.splitlines())
    assert all(cid in out for cid in ALL)


CARDS = st.lists(st.sampled_from(["7", "8", "9", "10", "J", "Q", "K", "A", "2", "5"]), min_size=1, max_size=4)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(event=st.sampled_from(["kems", "contre-kems", "deal"]), hand=CARDS, players=st.sampled_from([4, 6, 8]))
def test_all_keeps_every_convention_for_any_valid_situation(run, event, hand, players):
    r = run("rule", event, "--hand", " ".join(hand), "--players", str(players), "--all", "--json")
    if r.code == 2:  # impossible in general (five 7s): no convention at all
        assert "impossible" in r.err
        return
    rulings = r.json()
    assert [x["convention"] for x in rulings] == ALL
    for x in rulings:
        if x["verdict"] == "depends":
            assert x["needs"] and len(x["branches"]) >= 2
        json.dumps(x)


def test_the_json_of_a_ruling_says_at_how_many_players_it_was_ruled(run):
    # a ruling kept on a score sheet is shown again later: "every opposing team" needs the table size
    assert run("rule", "kems", "--hand", "Q Q Q Q", "--players", "6", "-c", "pagat", "--json").json()["players"] == 6
    assert run("rule", "kems", "--hand", "Q Q Q Q", "--json").json()["players"] == 4


@pytest.mark.slow
def test_a_mixed_table_gets_one_sheet_of_the_points_its_conventions_disagree_on_each_answer_cited(run):
    r = run("checklist", "-c", "ducale", "-c", "pagat", "-c", "wikipedia", "--json")
    data = r.json()
    assert data["conventions"] == ["ducale", "pagat", "wikipedia"]
    rows = {item["rule_point"]: item for item in data["items"]}
    assert "score.target" in rows  # the target is always settled first
    # seed 000:110 (Ducale: 2 points), 003:23 (Wikipedia: 3 points); Pagat has no Double Kems
    double = rows["call.double_kems.right"]["answers"]
    assert double["ducale"]["status"] == "stated" and double["wikipedia"]["status"] == "stated"
    assert double["pagat"] == {"status": "unspecified", "answer": None, "short": None, "force": None,
                               "citation": None, "conflict": None}
    assert double["ducale"]["citation"]["section"] == "Score et victoire, tableau du score Ducale"
    # a point all three state alike is not on the sheet
    assert "call.kems.caller" not in rows
    text = run("checklist", "-c", "ducale", "-c", "pagat", "-c", "wikipedia", "--lang", "fr").out
    assert text.startswith("Kems — une table, plusieurs règles")
    assert "      pagat : ne dit rien" in text and "Notre table : ____" in text
    md = run("checklist", "-c", "ducale", "-c", "pagat", "--format", "markdown").out
    assert md.splitlines()[4] == "| Question | ducale | pagat | Our table |"


def test_a_single_convention_keeps_its_own_checklist(run):
    one = run("checklist", "-c", "pagat", "--json").json()
    assert one["convention"] == "pagat" and "conventions" not in one


@pytest.mark.slow
def test_on_the_mixed_sheet_advice_is_shown_as_advice_never_as_an_answer(run):
    # seed 000:72: making the sign only with a real square is the sheet's tip (regles-com), not a rule;
    # 001: Marquoir's tip is the opposite (false signs to distract)
    items = run("checklist", "-c", "marquoir", "-c", "regles-com", "--json").json()["items"]
    rows = {i["rule_point"]: i for i in items}
    bluff = rows["signal.bluff"]["answers"]["regles-com"]
    assert bluff["status"] == "unspecified" and bluff["answer"] is None and "really complete" in bluff["advice"]
    text = run("checklist", "-c", "marquoir", "-c", "regles-com").out
    assert "regles-com: silent (advice: The sheet advises" in text


@pytest.mark.slow
def test_a_ruling_names_a_long_source_once_and_each_point_under_it(run):
    out = run("rule", "contre-kems", "--hand", "7 7 K K", "-c", "pagat", "--lang", "en").out
    sources = out[out.index("Sources"):]
    assert sources.count("Pagat, « Kemps » (John McLeod)") == 1
    assert "    • call.contre_kems.wrong: topic: scoring" in sources
    called = run("game", "new", "--team", "A+B", "--team", "C+D", "-c", "pagat", "--name", "src").out
    assert called
    line = run("game", "contre", "A", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5", "--lang", "en").out
    assert line.count("Pagat, « Kemps » (John McLeod)") == 1


def test_compare_at_200_columns_shows_each_points_question_and_at_80_its_sources_under_it(run):
    wide = run("compare", "--topic", "material", "--lang", "en", env={"COLUMNS": "200"}).out
    assert "How many players?" in wide.split("players.decks")[0]
    narrow = run("compare", "--topic", "material", "--lang", "en", env={"COLUMNS": "80"}).out
    first = narrow.split("players.decks —")[0]  # the first point's block, up to the next point
    assert "[2] Notice Ducale, via Regles.com" in first and "[6] Pagat, « Kemps »" in first
    # a silent source's note (what it says near the point) is shown beside its silence, cited: [1]
    assert "bicycle        — silent — Note: The summary only reports Bicycle at four" in first
    assert "[1] Bicycle, « Kemps — How to Play »" in first
    assert "\nSources\n" not in narrow  # no list hundreds of lines below: each source sits with its point


@pytest.mark.parametrize("conventions", [["ducale"], ["ducale", "pagat"]])
def test_on_the_french_printed_sheet_a_question_mark_never_starts_a_line_alone(run, conventions):
    args = [a for c in conventions for a in ("-c", c)]
    page = run("checklist", *args, "--format", "html", "--lang", "fr").out
    body = page.split("</style>", 1)[1]
    assert body.count("\u00a0?") > 20 and " ?" not in body and " :" not in body and "« " not in body
    english = run("checklist", *args, "--format", "html", "--lang", "en").out
    assert "\u00a0" not in english


def test_a_source_that_contradicts_itself_is_a_difference_even_where_the_answers_agree():
    import dataclasses

    from kems_ref.corpus.load import load
    from kems_ref.outputs.compare import disagrees

    torn = load("marquoir").get("call.kems.wrong")
    assert torn.stated and torn.conflict
    calm = dataclasses.replace(torn, conflict=None)
    assert disagrees([calm, calm]) is False
    assert disagrees([calm, torn]) is True  # the same answer, but one source also says the other thing


def test_a_ruling_lists_what_its_convention_does_not_settle_and_a_settled_ruling_has_no_such_list(run):
    silent = run("rule", "kems", "--hand", "Q Q Q Q", "-c", "bicycle", "--lang", "en").out
    assert "\nWhat the convention does not settle\n  • Score for a right Kems? (call.kems.right)\n" \
           "  • What ends the hand? (hand.end)\n" in silent
    settled = run("rule", "kems", "--hand", "Q Q Q Q", "-c", "ducale", "--lang", "en").out
    assert "does not settle" not in settled


def test_compare_of_one_point_marks_a_conflict_beside_marquoir_alone_and_gives_both_its_readings(run):
    out = run("compare", "call.kems.wrong", "--lang", "en", env={"COLUMNS": "80"}).out
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[:5] == ["call.kems.wrong  ≠ differs", "Score for a wrong Kems?", "",
                         "bicycle        — silent —", "ducale         +1 pt (the other team)"]  # no blank between
    marked = [line.split()[0] for line in out.splitlines() if "⚠ conflict" in line]
    assert marked == ["marquoir"]
    assert "marquoir       +1 pt (the other team) or -1 pt (callers) ⚠ conflict" in out  # neither reading first
    assert "Kems without a square: the point goes to the other team." in out
    assert "The score-entry instructions say to enter −1 for the team that" in out


@pytest.mark.parametrize("cell", ["-2+3", "=SUM(A1)", "+1", "@cmd", "\tx"])
def test_a_csv_cell_a_spreadsheet_would_run_as_a_formula_is_quoted(cell):
    from kems_ref.outputs.compare_render import _csv_safe

    assert _csv_safe(cell) == "'" + cell and _csv_safe("4 or more") == "4 or more"


def test_a_table_of_four_players_is_read_as_four_without_a_lead_word():
    from kems_ref.ask.reader import read

    assert read("4 players, kems, Q Q Q Q").options == {"hand": "Q Q Q Q", "players": 4}
    assert "players" not in read("two players wanted the same card").options  # some players, not the table


@pytest.mark.slow
def test_a_point_inherited_through_two_files_names_the_original_source(run, tmp_path):
    """A house file extending a house file that extends Ducale: the points it inherits, and the one it
    replaces, are Ducale's; the middle file, which states nothing, only passes them on."""
    middle = tmp_path / "middle.yaml"
    middle.write_text("id: middle\nname: Middle\npublication: {title: Middle}\nextends: ducale\n", encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text(
        "id: child\nname: Child\npublication: {title: Child}\nextends: ./middle.yaml\nrules:\n"
        "  call.double_kems.right:\n    status: stated\n    value: [{team: callers, change: 3, unit: point}]\n"
        "    text: {en: Three points for a Double Kems., fr: Trois points pour un Double Kems.}\n"
        "    citation: {section: House}\n", encoding="utf-8")
    shown = run("conventions", "show", str(child), "--json").json()
    entry = shown["rules"]["call.contre_kems.wrong"]
    assert entry["status"] == "inherited" and entry["inherited_from"] == "ducale"
    assert "Ducale" in entry["citation"]["source"]
    text = run("conventions", "show", str(child)).out
    assert "(inherited from ducale)" in text and "inherited from middle" not in text
    assert "replaces: ducale — Double Kems: two points to the team." in text
    items = {i["rule_point"]: i for i in run("checklist", "-c", str(child), "--json").json()["items"]}
    assert items["call.double_kems.right"]["replaces"] == "ducale"


@pytest.mark.slow
def test_a_point_the_middle_file_states_is_said_to_come_from_the_middle_file_in_the_grandchild(run, tmp_path):
    """A house file extending a house file that extends Ducale: what the middle file states (a right Kems
    scores two), the grandchild inherits from the middle file, and the point it replaces there (a Double
    Kems's four points) is the middle file's; what the middle file passes on is still Ducale's."""
    middle = tmp_path / "middle.yaml"
    middle.write_text(
        "id: middle\nname: Middle\npublication: {title: Middle}\nextends: ducale\nrules:\n"
        "  call.kems.right:\n    status: stated\n    value: [{team: callers, change: 2, unit: point}]\n"
        "    text: {en: Two points for a Kems., fr: Deux points pour un Kems.}\n    citation: {section: Middle's}\n"
        "  call.double_kems.right:\n    status: stated\n    value: [{team: callers, change: 4, unit: point}]\n"
        "    text: {en: Four points for a Double Kems., fr: Quatre points pour un Double Kems.}\n"
        "    citation: {section: Middle's}\n", encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text(
        "id: child\nname: Child\npublication: {title: Child}\nextends: ./middle.yaml\nrules:\n"
        "  call.double_kems.right:\n    status: stated\n    value: [{team: callers, change: 3, unit: point}]\n"
        "    text: {en: Three points for a Double Kems., fr: Trois points pour un Double Kems.}\n"
        "    citation: {section: House}\n", encoding="utf-8")
    rules = run("conventions", "show", str(child), "--json").json()["rules"]
    assert (rules["call.kems.right"]["status"], rules["call.kems.right"]["inherited_from"]) == ("inherited", "middle")
    assert rules["call.kems.right"]["citation"] == {"source": "Middle", "section": "Middle's"}
    assert rules["call.contre_kems.wrong"]["inherited_from"] == "ducale"
    lines = [line.strip() for line in run("conventions", "show", str(child), "--lang", "en").out.splitlines()]
    assert "call.kems.right = +2 pt (callers) (inherited from middle)" in lines
    assert "call.contre_kems.wrong = +1 pt (accused) (inherited from ducale)" in lines
    assert "replaces: middle — Four points for a Double Kems." in lines
    cell = next(r for r in run("compare", str(child), "--json").json()["rows"]
                if r["rule_point"] == "call.kems.right")["values"]["child"]
    assert (cell["status"], cell["inherited_from"]) == ("inherited", "middle")
    items = {i["rule_point"]: i for i in run("checklist", "-c", str(child), "--json").json()["items"]}
    assert items["call.double_kems.right"]["replaces"] == "middle"
    ruling = run("rule", "kems", "--hand", "Q Q Q Q", "-c", str(child), "--json").json()
    assert ruling["score"] == [{"team": "callers", "change": 2, "unit": "point"}]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "line"), [
    (["contre-kems", "--hand", "7 7 K K", "--lang", "en"], "the accused team: +1 point"),
    (["contre-kems", "--hand", "7 7 K K", "--lang", "fr"], "l'équipe accusée : +1 point"),
    (["contre-kems", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5", "-c", "wikipedia"],
     "the calling team: -1 point"),
    (["kems", "--hand", "Q Q Q Q", "-c", "pagat"], "the opposing team: +1 letter"),
    (["kems", "--hand", "Q Q Q J", "-c", "pagat", "--lang", "fr"], "l'équipe qui annonce : +1 lettre"),
    (["double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K"], "the calling team: +2 points"),
    (["double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", "--lang", "fr"],
     "l'équipe qui annonce : +2 points"),
])
def test_a_score_of_one_is_one_point_or_one_letter_and_more_than_one_is_plural(run, args, line):
    """Under Ducale a wrong Contre-Kems gives the accused team +1 point, never "+1 points"; Wikipédia's
    mistaken Contre-Kems costs the callers -1 point; Pagat's letters likewise; a Double Kems +2 points."""
    assert line in [row.strip() for row in run("rule", *args).out.splitlines()]


def test_a_house_rule_that_costs_two_points_says_minus_two_points(run, tmp_path):
    house = tmp_path / "minus.yaml"
    house.write_text(
        "id: minus\nname: Minus\npublication: {title: Minus}\nextends: ducale\nrules:\n  call.kems.wrong:\n"
        "    status: stated\n    value: [{team: callers, change: -2, unit: point}]\n"
        "    text: {en: A wrong Kems costs the callers two points., fr: Un Kems faux coûte deux points.}\n"
        "    citation: {section: House}\n", encoding="utf-8")
    out = run("rule", "kems", "--hand", "Q Q Q J", "-c", str(house)).out
    assert "the calling team: -2 points" in [row.strip() for row in out.splitlines()]


# --- the history's table: rich's layout, written line by line -----------------------------------

#: cell text as a history may hold it, and what rich lays out its own way: wide characters, a combining
#: accent, markup and emoji codes, a backslash, line breaks, tabs, control codes, long words
PIECES = st.sampled_from([*"ab K7:[]\\/é中😀\u00a0\n\t—·", "[b]", ":smile:", "  ", "Léa+Tom", "e\u0301", "Contre-Kems",
                          "supercalifragilistic", "2026-12-01 22:47", "\r", "\x07", "\u2028", "Tom+Léa +1 point"])
CELL = st.lists(PIECES, max_size=40).map("".join)


def _consoles(width, color):
    import io

    from rich.console import Console

    made = []
    for _ in range(2):
        out = io.StringIO()
        console = Console(file=out, width=width, height=25, highlight=False, force_terminal=color,
                          color_system="truecolor" if color else None)
        console.soft_wrap = False  # as `game history` prints: folded to the width
        made.append((console, out))
    return made


def _uncoloured(text):
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), n_columns=st.integers(1, 7), width=st.integers(1, 160), color=st.booleans(),
       title=st.one_of(st.none(), CELL))
def test_the_history_table_prints_the_very_characters_richs_table_prints(data, n_columns, width, color, title):
    """The history is printed line by line with rich's own layout: at any width, for any text, the
    characters are those of rich's Table (on a terminal, the same colours, in fewer pieces)."""
    from rich.markup import escape
    from rich.table import Table

    from kems_ref.outputs.table import Column, print_table

    columns = [Column(data.draw(CELL), data.draw(st.sampled_from(["", "dim"])), data.draw(st.booleans()))
               for _ in range(n_columns)]
    rows = data.draw(st.lists(st.lists(CELL, min_size=n_columns, max_size=n_columns), max_size=5))
    (theirs, their_out), (ours, our_out) = _consoles(width, color)
    table = Table(title=escape(title) if title else None, title_justify="left", show_edge=False, show_lines=False)
    for column in columns:
        table.add_column(escape(column.header), no_wrap=column.no_wrap, overflow="fold", style=column.style)
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    theirs.print(table)
    print_table(ours, columns, rows, escape(title) if title else None)
    assert _uncoloured(our_out.getvalue()) == _uncoloured(their_out.getvalue())


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(texts=st.lists(CELL, min_size=1, max_size=3), width=st.integers(1, 160), color=st.booleans())
def test_the_citations_under_a_narrow_history_are_folded_as_rich_folds_them(texts, width, color):
    from rich.markup import escape

    from kems_ref.outputs.table import print_wrapped

    (theirs, their_out), (ours, our_out) = _consoles(width, color)
    for text in texts:
        theirs.print(escape(text), style="dim")
    print_wrapped(ours, texts, "dim")
    assert _uncoloured(our_out.getvalue()) == _uncoloured(their_out.getvalue())
