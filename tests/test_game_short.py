"""The short entries of the score sheet: ``game kems Léa``, ``game contre Tom Ben`` — the same ruling
as ``game call``, the facts asked on a terminal as ``ask`` asks them, the flags for scripts."""

import json
import os
import re
import subprocess
import sys

import pytest

TEAMS = ["--team", "Tom+Léa", "--team", "Ana+Ben"]


@pytest.fixture
def sheet(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")

    def _sheet(*args, code=0):
        r = run("game", *args, "--json", env={"KEMS_REF_DB": db})
        assert r.code == code, r.err + r.out
        return r.json() if r.out.strip() else None

    _sheet.db = db
    return _sheet


def test_game_kems_lea_with_the_cards_is_the_same_call_as_game_call_kems_by_lea(sheet):
    sheet("new", *TEAMS, "-c", "ducale", "--target", "5")
    short = sheet("kems", "Léa", "--hand", "Q Q Q Q")
    long = sheet("call", "kems", "--by", "Léa", "--hand", "Q Q Q Q")
    assert short["ruling"]["verdict"] == long["ruling"]["verdict"] == "upheld"
    assert short["changes"] == long["changes"] == [{"team": "Tom+Léa", "change": 1, "unit": "point"}]


def test_game_contre_tom_ben_names_the_caller_and_the_accused_by_the_words_players_use(sheet):
    sheet("new", *TEAMS, "--team", "Zoé+Max", "-c", "pagat")
    wrong = sheet("contre", "Tom", "Ben", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5")
    assert wrong["ruling"]["event"] == "contre-kems"
    assert wrong["changes"] == [{"team": "Tom+Léa", "change": 1, "unit": "letter"}]  # sources.md:61
    again = sheet("stop-kemps", "Zoé", "Ana", "--square")
    assert again["ruling"]["verdict"] == "upheld" and again["changes"] == [
        {"team": "Ana+Ben", "change": 1, "unit": "letter"}]


def test_without_a_terminal_nothing_is_asked_and_the_call_waits_for_the_table(sheet):
    sheet("new", *TEAMS, "-c", "ducale", "--target", "5")
    waiting = sheet("kems", "Léa")
    assert waiting["applied"] is False and [n["fact"] for n in waiting["ruling"]["needs"]] == ["square"]
    sheet("kems", code=2)  # the caller is the one thing a call needs


pexpect = pytest.importorskip("pexpect")
ENV = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
       "PYTHONWARNINGS": "ignore"}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")


def _spawn(db, *args, lang="en"):
    return pexpect.spawn(sys.executable, ["-m", "kems_ref", "game", *args, "--db", db],
                         env={**ENV, "KEMS_REF_LANG": lang}, encoding="utf-8", timeout=30, dimensions=(40, 100))


def _finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, ANSI.sub("", child.before or "")


def _new(db, *args):
    done = subprocess.run([sys.executable, "-m", "kems_ref", "game", "new", *TEAMS, *args, "--db", db],
                          capture_output=True, text=True, env=ENV, timeout=60)
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_on_a_terminal_game_kems_lea_asks_whether_the_square_was_there_then_records_the_call(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    _new(db, "-c", "ducale", "--target", "5")
    child = _spawn(db, "kems", "Léa")
    child.expect("Did the caller's partner hold a square")
    child.sendline("y")
    code, rest = _finish(child)
    assert code == 0 and "CALL UPHELD" in rest and "Entry 1 of game-1, applied: Tom+Léa +1 point." in rest
    assert "Tom+Léa 1 · Ana+Ben 0 — Leading: Tom+Léa." in rest  # the standing in one line


@pytest.mark.slow
def test_on_a_terminal_in_french_game_contre_asks_only_what_the_source_gives_a_reason_to_ask(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    _new(db, "-c", "wikipedia")  # 003:23-25: a Contre Kem's has no effect against a Double Kem's
    child = _spawn(db, "contre", "Tom", "Ben", "--hand", "K K K K", lang="fr")
    child.expect("Le partenaire du joueur accusé a-t-il un carré")
    child.sendline("non")
    code, rest = _finish(child)
    assert code == 0 and "ANNONCE JUSTE" in rest and "Ligne 1 de game-1, appliquée : Tom+Léa +1 point." in rest
    done = subprocess.run([sys.executable, "-m", "kems_ref", "game", "history", "--json", "--db", db],
                          capture_output=True, text=True, env=ENV, timeout=60)
    entry = json.loads(done.stdout)[0]
    assert entry["situation"]["partner_square"] is False and entry["applied"] is True
