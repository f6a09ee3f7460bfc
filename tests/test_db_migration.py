"""A score sheet written by an earlier kems-ref keeps every game and every entry when this version
opens it: version 3 (end rules wins, out, loses) to version 4 (and fewest), a rebuild of the games
table SQLite cannot alter in place.  The old file is built here from the old schema as it was
written, never from the code's migrations; a failure or a kill in the middle changes nothing."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import paused_kems_ref

from kems_ref.errors import KemsError
from kems_ref.game import store

FEWEST = str(Path(__file__).parent / "data" / "variants" / "fewest-letters.yaml")
ENV = {**os.environ, "PYTHONWARNINGS": "ignore"}

#: the schema of version 3, as kems-ref wrote it (its three migrations, in order)
VERSION_3 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    convention TEXT NOT NULL,
    unit TEXT NOT NULL CHECK (unit IN ('point', 'letter')),
    target_points INTEGER,
    target_word TEXT,
    end_rule TEXT NOT NULL CHECK (end_rule IN ('wins', 'out', 'loses')),
    decided TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
);
CREATE TABLE teams (
    game_id INTEGER NOT NULL REFERENCES games(id),
    idx INTEGER NOT NULL,
    name TEXT NOT NULL,
    players TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('call', 'point', 'undo', 'decision')),
    event TEXT,
    by_player TEXT,
    on_player TEXT,
    situation TEXT,
    verdict TEXT,
    applied INTEGER NOT NULL DEFAULT 0,
    changes TEXT NOT NULL DEFAULT '[]',
    ruling TEXT,
    refers INTEGER,
    decision TEXT,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
ALTER TABLE games ADD COLUMN letters TEXT CHECK (letters IN ('penalty', 'reward'));
ALTER TABLE games ADD COLUMN convention_digest TEXT;
PRAGMA application_id = 1262832979;
PRAGMA user_version = 3;
"""

TABLES = ("games", "teams", "entries", "state")


def _letter(team, n=1):
    return json.dumps([{"team": team, "change": n, "unit": "letter"}], ensure_ascii=False)


def _old_sheet(path: Path, wal: bool = False) -> None:
    """A version-3 sheet: a letters game under Pagat (three teams, a call, a plain line, an undo) and
    a points game under Ducale (the current one), with ids 2 and 5 (a game deleted by hand between)."""
    con = sqlite3.connect(path)
    if wal:
        con.execute("PRAGMA journal_mode = WAL")
    con.executescript(VERSION_3)
    con.execute("INSERT INTO games VALUES (2, 'jeudi', 'pagat', 'letter', NULL, 'KEMPS', 'out', '{}',"
                " '2026-11-01T20:00:00+0100', 'penalty', NULL)")
    con.execute("INSERT INTO games VALUES (5, 'vendredi', 'ducale', 'point', 3, NULL, 'wins', '{\"target\": 3}',"
                " '2026-11-02T20:00:00+0100', NULL, NULL)")
    con.executemany("INSERT INTO teams VALUES (?, ?, ?, ?)", [
        (2, 0, "Tom+Léa", '["Tom", "Léa"]'), (2, 1, "Ana+Ben", '["Ana", "Ben"]'), (2, 2, "Zoé+Max", '["Zoé", "Max"]'),
        (5, 0, "Tom+Léa", '["Tom", "Léa"]'), (5, 1, "Ana+Ben", '["Ana", "Ben"]')])
    ruling = json.dumps({"verdict": "upheld", "event": "kems", "citations": [], "score": [
        {"team": "others", "change": 1, "unit": "letter"}]})
    con.executemany("INSERT INTO entries (game_id, n, kind, event, by_player, on_player, situation, verdict, applied,"
                    " changes, ruling, refers, decision, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
        (2, 1, "call", "kems", "Tom", None, '{"hand": "Q Q Q Q"}', "upheld", 1,
         json.dumps([{"team": "Ana+Ben", "change": 1, "unit": "letter"},
                     {"team": "Zoé+Max", "change": 1, "unit": "letter"}], ensure_ascii=False), ruling, None, None,
         "2026-11-01T20:05:00+0100"),
        (2, 2, "point", None, None, None, None, None, 1, _letter("Zoé+Max", 2), None, None, None,
         "2026-11-01T20:06:00+0100"),
        (2, 3, "point", None, None, None, None, None, 1, _letter("Tom+Léa"), None, None, None,
         "2026-11-01T20:07:00+0100"),
        (2, 4, "undo", None, None, None, None, None, 0, "[]", None, 3, None, "2026-11-01T20:08:00+0100"),
        (5, 1, "point", None, None, None, None, None, 1,
         '[{"team": "Ana+Ben", "change": 2, "unit": "point"}]', None, None, None, "2026-11-02T20:05:00+0100")])
    con.execute("INSERT INTO state VALUES ('current', '5')")
    con.commit()
    con.close()


def _rows(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table, column for column — a ruling by what a table applies of it (its verdict,
    event and score): version 5 keeps rulings as data, the same ruling in another form."""
    con = sqlite3.connect(path)
    try:
        rows = {table: con.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in TABLES}
        columns = [d[0] for d in con.execute("SELECT * FROM games").description]
        if columns[-1] == "rounds":  # version 8's column: none of an older sheet's games is a game of rounds
            assert all(row[-1] is None for row in rows["games"])
            rows["games"] = [row[:-1] for row in rows["games"]]
        at = [d[0] for d in con.execute("SELECT * FROM entries").description].index("ruling")
    finally:
        con.close()

    def applies(text):
        data = json.loads(text) if text else None
        return data and json.dumps({k: data.get(k) for k in ("verdict", "event", "score")}, sort_keys=True)

    rows["entries"] = [(*row[:at], applies(row[at]), *row[at + 1:]) for row in rows["entries"]]
    return rows


def _schema(path: Path) -> tuple[int, str]:
    con = sqlite3.connect(path)
    try:
        (version,) = con.execute("PRAGMA user_version").fetchone()
        (games,) = con.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()
        return version, games
    finally:
        con.close()


def test_a_version_3_sheet_opened_by_this_version_keeps_every_game_and_entry_and_takes_a_fewest_game(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    _old_sheet(db)
    before = _rows(db)
    assert len(before["entries"]) == 5 and _schema(db)[0] == 3
    with store.Store(db, make_folder=False):  # opened to write: migrated on disk
        pass
    listed = run("game", "list", "--json", "--db", str(db))
    assert listed.code == 0, listed.err
    version, games = _schema(db)
    assert version == store.VERSION == 8
    assert "CHECK (end_rule IN ('wins', 'out', 'loses', 'fewest', 'most'))" in games
    assert _rows(db) == before  # every row of every table, column for column, ids included
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert [name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")] \
        == ["entries", "games", "requests", "state", "tallies", "teams"]  # no table left over from the rebuild
    for child in ("teams", "entries"):  # the references still point at the games table
        (sql,) = con.execute("SELECT sql FROM sqlite_master WHERE name = ?", (child,)).fetchone()
        assert "REFERENCES games(id)" in sql
    con.close()
    # the old games read as before: the undo still cancels its line, the current game is still game 5
    old = {g["game"]: g for g in listed.json()}
    assert {t["team"]: t["letters_count"] for t in old["jeudi"]["teams"]} == {"Tom+Léa": 0, "Ana+Ben": 1, "Zoé+Max": 3}
    assert {t["team"]: t["points"] for t in old["vendredi"]["teams"]} == {"Tom+Léa": 0, "Ana+Ben": 2}
    assert run("game", "score", "--json", "--db", str(db)).json()["game"] == "vendredi"
    # and the new end rule is accepted, while the CHECK still refuses what no kems-ref writes
    created = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", FEWEST, "--json", "--db", str(db))
    assert created.code == 0, created.err
    assert created.json()["end"] == "fewest" and created.json()["game"] == 6
    con = sqlite3.connect(db, isolation_level=None)  # no transaction: the foreign_keys pragma takes effect
    with pytest.raises(sqlite3.IntegrityError):
        con.execute("INSERT INTO games (name, convention, unit, end_rule, created_at)"
                    " VALUES ('x', 'pagat', 'letter', 'never', 'now')")
    con.execute("PRAGMA foreign_keys = ON")
    with pytest.raises(sqlite3.IntegrityError):  # the references are still enforced
        con.execute("INSERT INTO teams VALUES (99, 0, 'Ghost+Team', '[\"Ghost\", \"Team\"]')")
    con.close()
    assert _rows(db)["entries"] == before["entries"]


@pytest.mark.parametrize("broken", ["a statement fails after the old table is dropped", "a row goes missing"])
def test_a_migration_that_fails_midway_leaves_the_version_3_sheet_exactly_as_it_was(monkeypatch, tmp_path, broken):
    db = tmp_path / "games.sqlite3"
    _old_sheet(db)
    before, schema = _rows(db), _schema(db)
    rebuild = store.MIGRATIONS[3]
    if broken == "a row goes missing":
        assert rebuild.count("letters, convention_digest FROM games") == 1
        rebuild = rebuild.replace("letters, convention_digest FROM games", "letters, convention_digest FROM games"
                                  " WHERE id > 2")
    else:
        rebuild += "\nINSERT INTO no_such_table VALUES (1);\n"
    monkeypatch.setattr(store, "MIGRATIONS", (*store.MIGRATIONS[:3], rebuild))
    with pytest.raises(KemsError) as refused:
        store.Store(db, make_folder=False)
    assert refused.value.key == "error.game_db_corrupt"
    assert _schema(db) == schema and schema[0] == 3  # still version 3, its old games table
    assert _rows(db) == before
    monkeypatch.undo()
    with store.Store(db, make_folder=False) as opened:  # the real migration, the next time
        assert [g.name for g in opened.games()] == ["jeudi", "vendredi"]
    assert _schema(db)[0] == store.VERSION and _rows(db) == before


@pytest.mark.slow
def test_a_process_killed_mid_migration_leaves_the_sheet_as_it_was_and_the_next_open_migrates_it(tmp_path):
    db = tmp_path / "games.sqlite3"
    _old_sheet(db, wal=True)
    before, schema = _rows(db), _schema(db)
    slow = subprocess.Popen([*paused_kems_ref("migrate", 60), "game", "point", "Tom", "1", "--db", str(db)],
                            env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:  # wait until it holds the write lock: inside the rebuild's transaction
            assert slow.poll() is None and time.monotonic() < deadline, "the migration never started"
            probe = sqlite3.connect(db, timeout=0, isolation_level=None)
            try:
                probe.execute("BEGIN IMMEDIATE")
                probe.execute("ROLLBACK")
            except sqlite3.OperationalError:
                break
            finally:
                probe.close()
            time.sleep(0.1)
        time.sleep(0.5)
    finally:
        slow.send_signal(signal.SIGKILL)
        slow.wait(timeout=30)
    assert _schema(db) == schema and schema[0] == 3
    assert _rows(db) == before
    # the next command that writes migrates it (here one refused after the sheet was opened: no row added)
    refused = subprocess.run([sys.executable, "-m", "kems_ref", "game", "point", "Nobody", "1", "--db", str(db)],
                             capture_output=True, text=True, env=ENV, timeout=120)
    assert refused.returncode == 2 and "Nobody" in refused.stderr
    after = subprocess.run([sys.executable, "-m", "kems_ref", "game", "list", "--json", "--db", str(db)],
                           capture_output=True, text=True, env=ENV, timeout=120)
    assert after.returncode == 0, after.stderr
    assert [g["game"] for g in json.loads(after.stdout)] == ["jeudi", "vendredi"]
    assert _schema(db)[0] == store.VERSION and _rows(db) == before


@pytest.mark.slow
@pytest.mark.parametrize("command", [["score"], ["history"], ["list"], ["show"], ["export", "--format", "json"]])
def test_a_command_that_only_reads_an_older_sheet_answers_from_it_and_leaves_the_file_as_it_was(run, tmp_path,
                                                                                               command):
    """A sheet of version 3 read by `game score` (or any command that only reads) is read as it
    would be after its migration — in memory — and the file stays byte for byte what it was."""
    db = tmp_path / "games.sqlite3"
    _old_sheet(db)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    r = run("game", *command, "--db", str(db))
    assert r.code == 0, r.err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert _schema(db)[0] == 3
    score = run("game", "score", "--json", "--db", str(db)).json()
    assert {t["team"]: t["points"] for t in score["teams"]} == {"Tom+Léa": 0, "Ana+Ben": 2}


SHEETS = Path(__file__).parent / "data" / "sheets"


#: the JSON keys the score sheet added since version 4 (docs/contract.md: added, never renamed): a game of
#: rounds' count (a score's ``rounds``, ``rounds_played``; a history line's ``hand_end``)
ADDED_KEYS = {"rounds", "rounds_played", "hand_end"}


def _without_added(value):
    if isinstance(value, dict):
        return {k: _without_added(v) for k, v in value.items() if k not in ADDED_KEYS}
    if isinstance(value, list):
        return [_without_added(v) for v in value]
    return value


def _v4_evening(path: Path) -> None:
    """The evening as kems-ref wrote it at schema version 4 (commit 3823345): rulings kept as the words
    of their JSON, in the language of whoever entered each call."""
    con = sqlite3.connect(path)
    con.executescript((SHEETS / "v4-evening.sql").read_text(encoding="utf-8"))
    con.close()


@pytest.mark.slow
def test_an_evening_written_before_rulings_were_kept_as_data_reads_exactly_as_it_read_then(run, tmp_path):
    """Every score, history (both languages, text and JSON), game and export of a version-4 sheet,
    opened by this version — which rewrites its rulings as data — says what version 4 said, word for word:
    an explanation written in French stays in French, a waiting call still waits, a decision still counts."""
    db = tmp_path / "games.sqlite3"
    _v4_evening(db)
    with store.Store(db, make_folder=False):  # opened to write: migrated on disk
        pass
    assert _schema(db)[0] == store.VERSION == 8
    expected = json.loads((SHEETS / "v4-evening.expected.json").read_text(encoding="utf-8"))
    for command, output in expected.items():
        game, *args = command.split(" ")
        r = run("game", *args, "--game", game, "--db", str(db))
        assert r.code == 0, (command, r.err)
        if output.lstrip().startswith(("{", "[")):  # JSON: the same, but for the keys added since (contract)
            assert _without_added(json.loads(r.out)) == json.loads(output), command
        else:
            assert r.out == output, command
    con = sqlite3.connect(db)
    formats = {json.loads(text).get("format") for (text,) in con.execute(
        "SELECT ruling FROM entries WHERE ruling IS NOT NULL")}
    con.close()
    assert formats == {2}


def test_a_waiting_call_of_an_older_evening_is_settled_after_its_migration(run, tmp_path):
    """Pagat's Contre-Kems by Inès on Zoé waited for whether Zoé's partner held a square: decided now
    (he did not), the call was wrong and the callers take a letter."""
    db = tmp_path / "games.sqlite3"
    _v4_evening(db)
    r = run("game", "decide", "partner_square=no", "--entry", "1", "--game", "vendredi", "--db", str(db), "--json")
    assert r.code == 0, r.err
    assert r.json()["changes"] == [{"team": "Inès+Karim", "change": 1, "unit": "letter"}]
    history = run("game", "history", "--json", "--all", "--game", "vendredi", "--db", str(db)).json()
    assert [(h["n"], h["kind"], h["applied"]) for h in history] == [
        (1, "call", False), (2, "call", True), (3, "call", True), (4, "decision", True)]
