"""A command imports only what it prints: Typer is imported as if rich were not installed (its help
formatted by rich, its tracebacks drawn by rich, are not kems-ref's), and every help, output and error
is the same text, byte for byte, as with Typer's rich parts loaded."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

#: the command line as a user's process runs it, and as one in which Typer was imported with rich first
PLAIN = [sys.executable, "-m", "kems_ref"]
WITH_RICH = [sys.executable, "-c", "import sys, rich, typer\nfrom kems_ref.cli import main\n"
             "sys.argv[0] = 'kems-ref'\nmain()\n"]
ENV = {**os.environ, "COLUMNS": "100", "LANG": "en_US.UTF-8", "PYTHONWARNINGS": "ignore"}

LINES = [
    ["--help"], ["rule", "--help"], ["rule", "contre-kems", "--help"], ["game", "--help"], ["game", "call", "--help"],
    ["game", "kems", "--help"], ["conventions", "--help"], ["conventions", "show", "--help"], ["ask", "--help"],
    ["compare", "--help"], ["checklist", "--help"], ["glossary", "--help"], ["serve", "--help"],
    ["rule", "contre-kems", "--hand", "7 7 K K"], ["rule", "contre-kems", "--hand", "7 7 K K", "--json"],
    ["rule", "kems", "--hand", "Q Q Q", "--lifted", "Q", "--all"], ["compare", "call.kems.right"],
    ["ask", "--no-input", "contre-kems sur deux 7 et deux rois"],
    ["rule", "contre-kems", "--hnd", "7 7 K K"], ["rule", "nope"], ["rule", "kems", "--players", "x"],
    ["game", "score", "--db", "/nonexistent/folder/g.db"], ["bogus"], [],
]


@pytest.mark.slow
@pytest.mark.parametrize("line", LINES, ids=[" ".join(line) or "(nothing)" for line in LINES])
def test_every_help_output_and_error_is_the_same_without_typers_rich_parts(line):
    plain = subprocess.run([*PLAIN, *line], capture_output=True, text=True, env=ENV, timeout=120)
    rich = subprocess.run([*WITH_RICH, *line], capture_output=True, text=True, env=ENV, timeout=120)
    # with rich loaded, Typer escapes a default's bracket for rich markup even where no markup is made
    # ("\\[default: no-only-differences]"): the one difference, and the plain text is the right one
    said = rich.stdout.replace("\\[default:", "[default:")
    assert (plain.returncode, plain.stdout, plain.stderr) == (rich.returncode, said, rich.stderr)


def test_a_ruling_in_json_imports_neither_typers_rich_parts_nor_rich():
    probe = ("import runpy, sys\nsys.argv = ['kems-ref', 'rule', 'contre-kems', '--hand', '7 7 K K', '--json']\n"
             "try:\n    runpy.run_module('kems_ref', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'markdown_it', 'pygments')"
             " or m == 'typer.rich_utils'), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=ENV, timeout=120)
    assert done.stderr.strip().splitlines()[-1] == "[]"
