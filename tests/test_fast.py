"""The fast path answers the commonest lines without Typer or Click, and says exactly what the Typer
command line says: the same exit code, the same output, the same error, byte for byte.  What it is
not sure of, it leaves to the Typer command line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kems_ref.cli import fast

FAST = [sys.executable, "-m", "kems_ref"]
FULL = [sys.executable, "-c", "import sys\nfrom kems_ref.cli import _typer_without_rich\n_typer_without_rich()\n"
        "from kems_ref.cli.commands import main\nsys.argv[0] = 'kems-ref'\nmain()\n"]
ENV = {**os.environ, "COLUMNS": "100", "LANG": "en_US.UTF-8", "PYTHONWARNINGS": "ignore"}

LINES = [
    ["rule", "contre-kems", "--hand", "7 7 K K"],
    ["rule", "contre-kems", "--hand", "7 7 R R", "--lang", "fr", "--json"],
    ["rule", "kems", "--hand", "V V V 2", "-c", "ducale"],
    ["rule", "double-kems", "--hand", "Q Q Q Q", "--partner-hand", "5 5 5 5", "-c", "wikipedia"],
    ["rule", "contre-kems", "--hand", "7 7 K K", "--partner-hand", "Q Q Q Q", "-c", "pagat"],
    ["rule", "contre-kems", "--hand", "7 7 K K", "--barred", "-c", "jouer-au-kems"],
    ["rule", "kems", "--hand", "Q Q Q", "--lifted", "Q", "-c", "wikipedia"],
    ["rule", "kems", "--hand", "Q Q Q 2", "-c", "marquoir", "--reading", "call.kems.wrong=2"],
    ["rule", "exchange", "--cards", "2", "--put-first", "--all"], ["rule", "stock-out", "-c", "ducale"],
    ["rule", "signal", "--verbal", "--all", "--json"], ["rule", "deal", "--hand", "9 9 9 K", "-c", "regle-breve",
                                                        "--first-deal"],
    ["rule", "sweep", "--objection", "-c", "wikipedia"], ["rule", "same-card", "--touched-second", "-c", "pagat"],
    ["rule", "contre-kems", "--hand", "7 7 K K", "--format", "markdown"],
    ["rule", "contre-kems", "--square", "--no-square"], ["rule", "kems", "--hand", "X Y"],
    ["rule", "kems", "--players", "5"], ["rule", "kems", "-c", "nowhere"], ["rule", "kems", "-c", "pagat", "--all"],
    ["rule", "exchange", "--cards", "0"], ["rule", "kems", "--hand", "7 7 7 7 7", "--json"],
    ["rule", "contre-kems", "--hand", "Q Q Q Q", "--simultaneous", "-c", "marquoir"],
    ["rule", "exchange", "--over-limit", "5", "--json"], ["rule", "exchange", "--over-limit", "4"],
    ["rule", "contre-kems", "--players", "6", "--on-team", "3", "--hand", "2 3 4 5", "--partner-hand", "K K K K",
     "-c", "pagat"], ["rule", "contre-kems", "--on-team", "3"],
    ["ask", "--no-input", "contre-kems sur deux 7 et deux rois"],
    ["ask", "stop kemps on Marie 2 3 4 5, her partner has four kings, pagat", "--no-input"],
    ["ask", "--no-input", "--json", "double kems dames et 5 sous wikipédia"],
    ["ask", "--no-input", "we are 8 players and the Kems was wrong"],
    ["ask", "--no-input", "on joue en combien de points ?"],
    ["ask", "--no-input", "-c", "pagat", "contre-kems on two 7s and two kings"], ["ask", "--no-input", "banana"],
    ["compare", "call.kems.right"], ["compare", "milieu"], ["compare", "--format", "csv", "pagat", "ducale"],
    ["compare", "--topic", "calls", "--only-differences"], ["compare", "nowhere-such", "--json"],
    ["game", "kems", "Léa", "--hand", "Q Q Q Q"], ["game", "contre", "Ana", "Tom", "--hand", "7 7 K K", "--json"],
    ["game", "kems", "Léa", "--square", "--lang", "fr"], ["game", "kems", "Nobody", "--hand", "Q Q Q Q"],
    ["game", "contre-kems", "Ana", "--no-square", "--decide", "1"], ["game", "double", "Léa", "--hand", "Q Q Q Q",
                                                                      "--partner-hand", "5 5 5 5"],
]


def _sheet(folder: Path) -> dict[str, str]:
    """A sheet with one game (the same in every folder), as the entries' lines need."""
    folder.mkdir()
    env = {**ENV, "KEMS_REF_DB": str(folder / "games.sqlite3")}
    subprocess.run([*FAST, "game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "--target", "50"], env=env,
                   check=True, capture_output=True, timeout=120)
    return env


@pytest.mark.slow
@pytest.mark.parametrize("line", LINES, ids=[" ".join(line) for line in LINES])
def test_a_line_answered_on_the_fast_path_says_what_the_typer_command_line_says(line, tmp_path):
    reader = fast._entry if line[0] == "game" else fast.READERS[line[0]]
    assert reader(line[1:]) is not None  # the fast path answers it
    one, other = _sheet(tmp_path / "fast"), _sheet(tmp_path / "full")
    quick = subprocess.run([*FAST, *line], capture_output=True, text=True, env=one, timeout=120)
    full = subprocess.run([*FULL, *line], capture_output=True, text=True, env=other, timeout=120)
    assert (quick.returncode, quick.stdout, quick.stderr) == (full.returncode, full.stdout, full.stderr)


@pytest.mark.parametrize("line", [
    ["rule", "contre-kems", "--help"], ["rule", "contre", "--hand", "7 7 K K"], ["rule", "kems", "--hand=Q Q Q Q"],
    ["rule", "kems", "--hand", "Q Q Q Q", "--hand", "K K K K"], ["rule", "kems", "--players", "٤"],
    ["rule", "kems", "--hand", "-Q"], ["rule", "kems", "extra"], ["rule", "--situation", "s.yaml"],
    ["rule", "kems", "-cpagat"], ["rule", "kems", "--lang", "tlh"], ["rule", "kems", "--format", "csv"],
    ["rule", "kems", "--", "x"], ["ask", "--help"], ["compare", "--topic"], ["game", "score"],
    ["game", "broken", "Tom", "Ana"], ["game", "kems"], ["game", "kems", "Léa", "Tom"],
    ["game", "--db", "x", "kems", "L"],
    ["conventions", "list"], ["glossary"], [],
], ids=lambda line: " ".join(line) or "(nothing)")
def test_a_line_the_fast_path_is_not_sure_of_goes_to_the_typer_command_line(line):
    reader = fast._entry if line[:1] == ["game"] else fast.READERS.get(line[0]) if line else None
    assert reader is None or reader(line[1:]) is None
    assert fast.attempt(line) is None if not line or line[0] not in ("rule", "ask", "compare", "game") else True


def test_a_ruling_on_the_fast_path_imports_neither_typer_nor_click():
    probe = ("import runpy, sys\nsys.argv = ['kems-ref', 'rule', 'contre-kems', '--hand', '7 7 K K', '--json']\n"
             "try:\n    runpy.run_module('kems_ref', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich')),\n"
             "      file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=ENV, timeout=120)
    assert done.stderr.strip().splitlines()[-1] == "[]" and '"verdict": "rejected"' in done.stdout


def test_the_installed_command_starts_on_the_fast_path():
    """``kems-ref`` (the console script) calls kems_ref.cli:main, which tries the fast path first."""
    script = shutil.which("kems-ref")
    if script is None:
        pytest.skip("kems-ref is not installed as a command here")
    done = subprocess.run([script, "rule", "kems", "--hand", "Q Q Q Q", "--json"], capture_output=True, text=True,
                          env=ENV, timeout=120)
    assert done.returncode == 0 and '"verdict": "upheld"' in done.stdout
