"""One output mechanism: every command's output is declared once in ``kems_ref.outputs.formats`` (its
formats and their writers), its ``--format`` and ``--json`` are made from the declaration, and one
place writes the chosen format.  ``--json`` is ``--format json`` everywhere."""

from __future__ import annotations

import importlib
import json
import re
import shutil

import click
import pytest
import typer.main

from kems_ref import library as kems
from kems_ref.cli import app

SHORT_ENTRIES = {f"game {call}" for call in ("kems", "contre-kems", "double-kems", "double-contre-kems")}


def _commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    """Every command of the command line by the words that run it (``game score``), groups too
    where they run something themselves (``rule --situation FILE``)."""
    found: dict[str, click.Command] = {}
    for name, cmd in group.commands.items():
        path = f"{prefix}{name}"
        if isinstance(cmd, click.Group):
            if cmd.callback is not None and getattr(cmd.callback, "output", None) is not None:
                found[path] = cmd
            found.update(_commands(cmd, path + " "))
        else:
            found[path] = cmd
    return found


COMMANDS = _commands(typer.main.get_command(app))


def _output(cmd: click.Command) -> kems.Formats | None:
    return getattr(cmd.callback, "output", None)


def test_formats_outputs_lists_every_command_with_output_and_serve_alone_writes_none():
    without = sorted(path for path, cmd in COMMANDS.items() if _output(cmd) is None)
    assert without == ["serve"]
    for path, cmd in COMMANDS.items():
        if path in SHORT_ENTRIES or path.startswith("game call "):
            assert _output(cmd) is kems.OUTPUTS["game call"], path  # a call, however it is entered
        elif path.startswith("rule "):
            assert _output(cmd) is kems.OUTPUTS["rule"], path
        elif path != "serve":
            assert _output(cmd) is kems.OUTPUTS[path], path
    named = {path for path in COMMANDS if not path.startswith(("rule ", "game call ")) and path not in SHORT_ENTRIES}
    assert set(kems.OUTPUTS) == named - {"serve"} | {"game call"}
    assert kems.OUTPUTS["rule"].choices == (kems.Format.TEXT, kems.Format.MARKDOWN, kems.Format.JSON)


@pytest.mark.parametrize("path", sorted(p for p, c in COMMANDS.items() if _output(c) is not None))
def test_each_command_offers_exactly_its_declared_formats_and_json_as_their_alias(path):
    cmd, output = COMMANDS[path], _output(COMMANDS[path])
    options = {opt: param for param in cmd.params for opt in getattr(param, "opts", [])}
    assert isinstance(options["--format"].type, click.Choice)
    assert list(options["--format"].type.choices) == [f.value for f in output.choices]
    assert "--json" in options and output.default in output.choices


@pytest.mark.parametrize("command, shown", [
    (["rule", "kems"], "--format [text|markdown|json]  Output format: text, markdown or json."),
    (["compare"], "--format [table|markdown|csv|json]"),
    (["game", "export"], "--format [markdown|csv|json]  Output format: markdown, csv or json."),
    (["glossary"], "--format [text|json]  Output format: text or json."),
])
def test_the_help_of_format_names_the_declared_formats(run, command, shown):
    helped = " ".join(run(*command, "--help", "--lang", "en").out.split())  # the lines as folded, joined
    assert shown.replace("  ", " ") in helped
    assert "--json Machine output on stdout (JSON only): the same as --format json." in helped


def test_the_french_help_of_format_names_them_in_french():
    """(help is worded when the command line is built: a process of its own)"""
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "kems_ref", "rule", "kems", "--help", "--lang", "fr"],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "100"}, timeout=60)
    helped = " ".join(done.stdout.split())
    assert "--format [text|markdown|json] Présentation : text, markdown ou json." in helped


def test_the_help_of_lang_names_the_languages_of_the_locale_files(run):
    codes = kems.languages()
    said = ", ".join(codes[:-1]) + " or " + codes[-1]
    helped = " ".join(run("glossary", "--help", "--lang", "en").out.split())
    assert f"--lang [{'|'.join(codes)}] Language: {said} (default: KEMS_REF_LANG, then the locale)." in helped


@pytest.mark.parametrize("output", list(kems.OUTPUTS.values()), ids=list(kems.OUTPUTS))
def test_every_declared_format_has_its_writer(output):
    for fmt, writer in output.writers.items():
        module, function = writer.split(":")
        assert callable(getattr(importlib.import_module(f"kems_ref.outputs.{module}"), function)), (fmt, writer)


# --- --json is --format json, for every command -------------------------------------------------------

TEAMS = ["--team", "Tom+Léa", "--team", "Ana+Ben"]
#: a command line of each command with output (the score sheet's on a game of four lines, each command
#: run on its own copy of the sheet: one that writes gets the same entry number both times)
LINES = [
    ["rule", "contre-kems", "--hand", "7 7 K K"],
    ["rule", "kems", "--hand", "Q Q Q 2", "-c", "marquoir"],
    ["rule", "kems", "--hand", "Q Q Q Q", "--all"],
    ["rule", "--situation", "SITUATION"],
    ["ask", "contre-kems sur deux 7 et deux rois", "--no-input"],
    ["ask", "on joue en combien de points chez Ducale ?", "--no-input"],
    ["compare", "call.contre_kems.wrong"],
    ["checklist", "-c", "pagat"],
    ["glossary", "balayage"],
    ["conventions", "list"],
    ["conventions", "show", "pagat"],
    ["conventions", "validate", "HOUSE"],
    ["conventions", "validate", "MISSING"],
    ["conventions", "init", "--extends", "pagat"],
    ["conventions", "schema"],
    ["game", "new", *TEAMS, "-c", "ducale", "--target", "5", "--name", "samedi"],
    ["game", "call", "kems", "--by", "Léa", "--hand", "Q Q Q Q"],
    ["game", "kems", "Ana", "--hand", "K K K K"],
    ["game", "contre", "Tom", "Ben", "--hand", "7 7 K K"],
    ["game", "call", "kems", "--by", "Léa"],
    ["game", "decide", "1"],
    ["game", "point", "Ana", "2"],
    ["game", "undo"],
    ["game", "redo"],
    ["game", "score"],
    ["game", "history"],
    ["game", "list"],
    ["game", "show", "dimanche"],
    ["game", "rescore", "-c", "pagat"],
    ["game", "export"],
    ["game", "nowhere"],  # an error: {"error": …} both ways
]


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    """A score sheet with one game of four lines (the last one waiting for the table)."""
    from conftest import cli_runner

    db = tmp_path_factory.mktemp("sheet") / "games.sqlite3"
    for line in (["new", *TEAMS, "-c", "ducale", "--target", "5", "--name", "dimanche"],
                 ["kems", "Léa", "--hand", "Q Q Q Q"], ["point", "Ana"], ["undo"],
                 ["call", "kems", "--by", "Ana"]):
        assert cli_runner().invoke(app, ["game", *line, "--db", str(db), "--json"]).exit_code == 0, line
    return db


@pytest.mark.parametrize("line", LINES, ids=[" ".join(line[:3]) for line in LINES])
def test_json_writes_what_format_json_writes(run, line, sheet, tmp_path):
    given = {"SITUATION": tmp_path / "s.yaml", "HOUSE": tmp_path / "maison.yaml", "MISSING": tmp_path / "none.yaml"}
    given["SITUATION"].write_text("event: contre-kems\nhand: 7 7 K K\n", encoding="utf-8")
    given["HOUSE"].write_text("id: maison\nextends: ducale\nrules:\n  nope: 1\n", encoding="utf-8")
    line = [str(given.get(word, word)) for word in line]
    written = []
    for flag in (["--json"], ["--format", "json"]):
        db = tmp_path / f"{flag[-1]}.sqlite3"
        shutil.copy(sheet, db)
        extra = ["--db", str(db)] if line[0] == "game" else []
        r = run(*line, *extra, *flag, "--lang", "en")
        written.append((r.code, re.sub(r'"(at|created_at)": "[^"]*"', r'"\1": "…"', r.out)))
    assert written[0] == written[1]
    assert json.loads(written[0][1]) is not None  # JSON, whatever the command


def test_an_error_found_before_the_command_runs_is_json_under_format_json(run):
    r = run("rule", "kems", "--nosuch", "--format", "json", "--lang", "en")
    assert r.code == 2
    assert r.json() == {"error": "no such option --nosuch (see kems-ref rule kems --help)"}
    assert run("rule", "kems", "--nosuch", "--format=json").json() == r.json()


def test_an_error_under_format_json_is_written_as_json_too(run):
    r = run("compare", "nowhere-such", "--format", "json", "--lang", "en")
    assert r.code == 2 and r.json()["error"].startswith("'nowhere-such' names no convention")


def test_json_wins_over_another_format(run):
    assert run("glossary", "balayage", "--format", "text", "--json").json()[0]["id"] == "sweep"


def test_checklist_format_json_is_checklist_json(run):
    by_format = run("checklist", "--format", "json", "-c", "pagat", "--lang", "en")
    assert by_format.code == 0 and by_format.json()["convention"] == "pagat"


def test_conventions_init_json_gives_the_template_as_json_or_the_file_it_wrote(run, tmp_path):
    shown = run("conventions", "init", "--extends", "pagat", "--json").json()
    assert list(shown) == ["template"] and shown["template"] == run("conventions", "init", "--extends", "pagat").out
    target = tmp_path / "maison.yaml"
    assert run("conventions", "init", "-o", str(target), "--format", "json").json() == {"written": str(target)}


def test_an_unreadable_file_to_validate_gives_its_report_in_json_and_no_text(run, tmp_path):
    missing = tmp_path / "none.yaml"
    as_json = run("conventions", "validate", str(missing), "--format", "json", "--lang", "en")
    assert as_json.code == 2
    assert as_json.json() == {"valid": False, "errors": [{"line": None, "message": "no such file"}]}
    as_text = run("conventions", "validate", str(missing), "--lang", "en")
    assert as_text.code == 2 and as_text.out == ""


def test_ask_answers_a_question_about_the_rules_in_compare_s_format(run):
    """``ask`` writes ``compare``'s output for a question about the rules: its table for people (after
    the line saying which question it understood), its JSON for scripts."""
    question = ("ask", "on joue en combien de points chez Ducale ?", "--no-input", "--lang", "en")
    understood, table = run(*question).out.split("\n", 1)
    assert understood == ("Understood: a question about the rules: How is the score kept: points or the letters "
                          "K-E-M-P-S? What is the target: a number of points, or a word spelled in letters?")
    compared = run("compare", "score.system", "score.target", "ducale", "--lang", "en").out
    # the same table and sources, each point under its question where compare names its id (np116)
    assert "│ How is the score kept: points or   │ points [1] │" in table and "score.system" not in table
    assert "│ score.system   │ points [1] │" in compared
    assert table.split("Sources\n", 1)[1] == compared.split("Sources\n", 1)[1]
    assert run(*question, "--format", "json").json()["conventions"] == ["ducale"]


# --- the markdown of a ruling --------------------------------------------------------------------------

def test_rule_format_markdown_heads_a_ruling_with_its_verdict(run):
    r = run("rule", "contre-kems", "--hand", "7 7 K K", "--format", "markdown", "--lang", "en")
    assert r.code == 0
    assert r.out == """\
# CALL REJECTED — Contre-Kems, Ducale — Kem's, les règles de jeu

- the accused team: +1 point
- The hand ends.
- Effects: the accused shows two cards of different ranks

The accused player holds no square (7 7 K K). A Contre-Kems names one player, whose hand is checked. \
Wrong Contre-Kems: one point to the accused team.

## Sources

- Notice Ducale, via Regles.com, réf. \\[1\\]
  Cartamundi France / Ducale, "Kem's — Les règles de jeu"; address: none given by the project's sources — \
Known through: the summary on Regles.com, « Règle du Kems à 4 joueurs » (its source \\[1\\], in its \
list « Sources et méthode »); that page gives 2026-09-09 as its last check
  - `hand.square`: Repères utiles › Carré ; Fiche technique › But ; Comment jouer, après l'étape 6
  - `call.contre_kems.target`: Contre-Kems : signification et règle exacte
  - `call.contre_kems.proof`: Score et victoire, ligne Contre-Kems faux ; Trois situations concrètes
  - `call.contre_kems.wrong`: Score et victoire, tableau du score Ducale
  - `hand.end`: Contre-Kems : signification et règle exacte ; Déroulement, étape 6
"""


def test_rule_format_markdown_gives_each_branch_of_a_ruling_that_depends_a_heading(run):
    r = run("rule", "kems", "--hand", "Q Q Q 2", "-c", "marquoir", "--format", "markdown", "--lang", "en")
    headings = [line for line in r.out.splitlines() if line.startswith("#")]
    assert headings == [
        "# CALL REJECTED — Kems, Marquoir — Kems",
        "## If the table follows reading 1 ('Score for a wrong Kems?') → CALL REJECTED",
        "## If the table follows reading 2 ('Score for a wrong Kems?') → CALL REJECTED",
        "## Sources",
        "## Conflict (`call.kems.wrong`)",
    ]
    assert "- The source contradicts itself ('Score for a wrong Kems?'): which reading does your table follow? " \
           "(`--reading call.kems.wrong=1|2`)" in r.out.splitlines()
    assert r.out.split("## If the table follows reading 2")[1].splitlines()[2:4] == [
        "- the calling team: -1 point", "- The hand ends."]


def test_rule_format_markdown_lists_what_the_convention_does_not_settle(run):
    r = run("rule", "kems", "--hand", "Q Q Q Q", "-c", "bicycle", "--format", "markdown", "--lang", "en")
    assert r.out.split("## What the convention does not settle\n\n")[1].split("\n\n")[0] == \
        "- Score for a right Kems? (`call.kems.right`)\n- What ends the hand? (`hand.end`)"
    assert "## Elsewhere — Score for a right Kems?\n\n- ducale: Right Kems: one point to the calling team. " \
           "(Score et victoire, tableau du score Ducale)\n" in r.out
    assert "- Score: not settled by Bicycle.\n- Bicycle does not say whether the hand ends.\n" in r.out


def test_rule_all_format_markdown_is_every_convention_s_ruling_one_after_another(run):
    r = run("rule", "kems", "--hand", "Q Q Q Q", "--all", "--format", "markdown", "--lang", "en")
    headings = [line for line in r.out.splitlines() if line.startswith("# ")]
    assert len(headings) == len(kems.shipped_ids())
    assert all(heading.startswith("# CALL UPHELD — Kems") for heading in headings)
    assert headings[1] == "# CALL UPHELD — Kems, Ducale — Kem's, les règles de jeu"


def test_rule_format_markdown_speaks_french(run):
    r = run("rule", "contre-kems", "--hand", "7 7 K K", "--format", "markdown", "--lang", "fr")
    assert r.out.splitlines()[:3] == ["# ANNONCE FAUSSE — Contre-Kems, Ducale — Kem's, les règles de jeu", "",
                                      "- l'équipe accusée : +1 point"]


def test_markdown_never_reads_a_source_s_text_as_markup():
    from kems_ref.outputs.ruling import md

    assert md("a *bold* <script> [1] x_y | #\nnext") == "a \\*bold\\* \\<script\\> \\[1\\] x\\_y \\| \\# next"
