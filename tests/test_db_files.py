"""Databases the score sheet did not create are never changed, its own damaged ones are refused
untouched, and a first creation cut short never bricks the path.  Every file is compared byte for
byte (its journal and WAL included) before and after each command."""

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import paused_kems_ref

from kems_ref.game import store

READS = [["list"], ["score"], ["history"], ["new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "pagat"]]


def _digests(path: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.parent.glob(path.name + "*")) if p.is_file()}


def _leave(db: Path, script: str) -> None:
    """Run ``script`` (with ``con`` open on ``db``) in a process that dies without closing: its
    journal or WAL stays behind, as after a crash."""
    code = f"import os, sqlite3\ncon = sqlite3.connect({str(db)!r}, isolation_level=None)\n{script}\nos._exit(0)\n"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def _refused(run, db: Path, needle: str, commands=READS) -> None:
    before = _digests(db)
    for args in commands:
        r = run("game", *args, "--db", str(db))
        assert r.code == 2 and needle in r.err and "left untouched" in r.err, (args, r.err)
        assert _digests(db) == before, args


@pytest.mark.slow
def test_another_programs_database_with_a_pending_wal_is_refused_and_neither_file_changes(run, tmp_path):
    db = tmp_path / "notes.sqlite3"
    _leave(db, "con.execute('PRAGMA journal_mode=WAL')\ncon.execute('PRAGMA wal_autocheckpoint=0')\n"
               "con.execute('CREATE TABLE notes (t TEXT)')\ncon.execute(\"INSERT INTO notes VALUES ('x')\")")
    assert Path(str(db) + "-wal").stat().st_size > 0
    _refused(run, db, "is not a kems-ref database")


@pytest.mark.slow
def test_another_programs_database_with_a_hot_journal_is_refused_and_not_rolled_back(run, tmp_path):
    db = tmp_path / "notes.sqlite3"
    setup = sqlite3.connect(db)
    setup.execute("CREATE TABLE notes (t TEXT)")
    setup.execute("INSERT INTO notes VALUES ('before')")
    setup.commit()
    setup.close()
    _leave(db, "con.execute('PRAGMA cache_size=1')\ncon.execute('BEGIN')\n"
               "con.executemany('INSERT INTO notes VALUES (?)', [('x' * 500,)] * 400)")
    assert Path(str(db) + "-journal").exists()
    _refused(run, db, "is not a kems-ref database")


@pytest.mark.slow
def test_a_newer_kems_ref_database_with_a_pending_wal_is_refused_untouched(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    assert run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "pagat", "--db", str(db)).code == 0
    _leave(db, "con.execute('PRAGMA wal_autocheckpoint=0')\ncon.execute('PRAGMA user_version = 99')\n"
               "con.execute(\"INSERT INTO state VALUES ('x', 'y')\")")
    assert store._header(db) == (store.APPLICATION_ID, store.VERSION)  # on disk: ours, this version
    assert store._wal_commits(db) == (True, store.APPLICATION_ID, 99)  # in the WAL: a newer schema
    _refused(run, db, "comes from a newer kems-ref")


@pytest.mark.slow
def test_a_damaged_database_is_refused_and_left_byte_identical(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    env = {"KEMS_REF_DB": str(db)}
    assert run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "ducale", "--target", "5",
               env=env).code == 0
    for _ in range(30):
        run("game", "point", "Tom", "0", env=env)
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (root,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'entries'").fetchone()
    (size,) = con.execute("PRAGMA page_size").fetchone()
    con.close()
    assert root > 1
    data = bytearray(db.read_bytes())
    data[size * (root - 1) + 8:size * (root - 1) + 40] = b"\xff" * 32  # garbage in the entries' b-tree page
    db.write_bytes(bytes(data))
    # the lines are checked where they are read (checked whole at every open, they would cost a long
    # game's every command a full read): each command that reads or adds a line is refused, untouched
    _refused(run, db, "is unreadable or damaged", [["history"], ["export", "--format", "json"], ["show"],
                                                  ["point", "Tom", "1"], ["kems", "Léa", "--hand", "Q Q Q Q"]])


@pytest.mark.slow
def test_a_database_damaged_in_its_games_is_refused_at_once_and_left_byte_identical(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    env = {"KEMS_REF_DB": str(db)}
    assert run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "ducale", "--target", "5",
               env=env).code == 0
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (root,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()
    (size,) = con.execute("PRAGMA page_size").fetchone()
    con.close()
    data = bytearray(db.read_bytes())
    data[size * (root - 1) + 8:size * (root - 1) + 40] = b"\xff" * 32  # garbage in the games' b-tree page
    db.write_bytes(bytes(data))
    _refused(run, db, "is unreadable or damaged")


@pytest.mark.slow
def test_a_first_creation_cut_short_before_its_first_commit_is_created_anew(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    _leave(db, "con.execute('PRAGMA journal_mode=WAL')")  # WAL set, nothing committed, no stamp
    assert db.stat().st_size > 0 and store._header(db) == (0, 0)
    r = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "pagat", "--db", str(db))
    assert r.code == 0, r.err
    assert store._header(db)[0] in (0, store.APPLICATION_ID)  # stamped (in the WAL or on disk)
    assert run("game", "list", "--db", str(db)).code == 0


def test_a_creation_whose_stamp_is_still_in_the_wal_is_ours_and_opens(run, tmp_path):
    db = tmp_path / "games.sqlite3"
    script = ("con.execute('PRAGMA journal_mode=WAL')\ncon.execute('PRAGMA wal_autocheckpoint=0')\n"
              "import kems_ref.game.store as s\ns._migrate(con)")
    code = (f"import os, sqlite3, sys\nsys.path.insert(0, {str(Path(store.__file__).parents[2])!r})\n"
            f"con = sqlite3.connect({str(db)!r}, isolation_level=None)\n{script}\nos._exit(0)\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
    assert store._header(db) == (0, 0) and store._wal_commits(db) == (True, store.APPLICATION_ID, store.VERSION)
    r = run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "pagat", "--db", str(db))
    assert r.code == 0, r.err


@pytest.mark.slow
def test_an_unstamped_database_with_tables_is_someone_elses(run, tmp_path):
    db = tmp_path / "other.sqlite3"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    _refused(run, db, "is not a kems-ref database")


NEW = ["new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "pagat"]


@pytest.mark.slow
def test_a_first_creation_killed_midway_leaves_the_path_free_and_the_next_one_creates_it(tmp_path):
    import os
    import signal
    import time

    db = tmp_path / "games.sqlite3"
    slow = subprocess.Popen([*paused_kems_ref("create"), "game", *NEW, "--db", str(db)],
                            env=os.environ, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not list(tmp_path.glob(".games.sqlite3.*.kems-ref-new")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # its tables built aside, not yet in place
    slow.send_signal(signal.SIGKILL)
    slow.wait(timeout=30)
    assert not db.exists()  # the path was never a file without tables
    done = subprocess.run([sys.executable, "-m", "kems_ref", "game", *NEW, "--db", str(db)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert store._header(db) == (store.APPLICATION_ID, store.VERSION)
    assert sorted(p.name for p in tmp_path.iterdir() if "kems-ref-new" in p.name) == []  # the leftover removed


@pytest.mark.slow
def test_twenty_first_opens_at_once_all_succeed_on_one_database(tmp_path):
    for trial in range(3):
        db = tmp_path / f"games-{trial}.sqlite3"
        opens = [subprocess.Popen([sys.executable, "-m", "kems_ref", "game", "new", "--team", "A+B", "--team", "C+D",
                                   "--target", "5", "--name", f"g{i}", "--db", str(db)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for i in range(20)]
        failed = [p.stderr.read() for p in opens if p.wait(timeout=120) != 0 and p.stderr is not None]
        assert failed == [], (trial, failed[:2])
        assert store._header(db) == (store.APPLICATION_ID, store.VERSION)
        with store.Store(db, make_folder=False, writes=False) as sheet:
            assert sorted(g.name for g in sheet.games()) == sorted(f"g{i}" for i in range(20))
    assert sorted(p.name for p in tmp_path.iterdir() if "kems-ref-new" in p.name) == []


@pytest.fixture
def small_disk(tmp_path):
    """A 256 KiB file system of its own (tmpfs), where mounting one is allowed (root, Linux)."""
    import os
    import shutil

    if sys.platform != "linux" or os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root on Linux")
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)],
                      capture_output=True).returncode != 0:
        pytest.skip("mount is not permitted here")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def _fill(disk: Path) -> None:
    import os

    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        while os.write(fd, b"\0" * 1024):
            pass
    except OSError:
        pass  # the disk is full
    finally:
        os.close(fd)


def test_a_full_disk_at_creation_says_the_disk_is_full_and_leaves_nothing(run, small_disk):
    _fill(small_disk)
    db = small_disk / "games.sqlite3"
    r = run("game", *NEW, "--db", str(db), "--lang", "en")
    assert r.code == 2 and "the disk is full" in r.err and "rollback" not in r.err, r.err
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"]
    (small_disk / "filler").unlink()
    again = run("game", *NEW, "--db", str(db), "--lang", "en")  # space again: created at once
    assert again.code == 0, (again.err, sorted(p.name for p in small_disk.iterdir()))


@pytest.mark.slow
def test_a_full_disk_refuses_every_write_by_name_keeps_every_entry_and_still_reads(run, small_disk):
    db = small_disk / "games.sqlite3"
    assert run("game", *NEW, "--db", str(db)).code == 0
    assert run("game", "point", "Tom", "2", "--db", str(db)).code == 0
    _fill(small_disk)
    before = _digests(db)
    for args in (["point", "Ana", "1"], ["kems", "Tom", "--hand", "K K K K"], ["undo"], [*NEW, "--name", "g2"]):
        r = run("game", *args, "--db", str(db), "--lang", "en")
        assert r.code == 2 and "the disk is full" in r.err and "nothing of this command was recorded" in r.err, \
            (args, r.err)
    for args in (["score", "--json"], ["history", "--json"], ["list", "--json"]):
        r = run("game", *args, "--db", str(db))
        assert r.code == 0, (args, r.err)
    assert '"Tom+Léa"' in run("game", "score", "--json", "--db", str(db)).out
    assert _digests(db)[db.name] == before[db.name]
    (small_disk / "filler").unlink()
    assert run("game", "point", "Ana", "1", "--db", str(db)).code == 0  # space again: the sheet goes on
    import json

    score = json.loads(run("game", "score", "--json", "--db", str(db)).out)
    assert {t["team"]: t["letters_count"] for t in score["teams"]} == {"Tom+Léa": 2, "Ana+Ben": 1}


@pytest.mark.slow
@pytest.mark.parametrize("edit, reason", [
    ("UPDATE teams SET players = 'not json'", "a stored value is not JSON"),
    ("UPDATE entries SET changes = '[1, 2]'", "a score change is not one kems-ref writes"),
    ("UPDATE entries SET changes = '[{\"team\": \"Tom+Léa\", \"change\": \"2\"}]'", "a score change is not one"),
    ("UPDATE entries SET verdict = 'pwned'", "an entry's verdict is not one kems-ref writes"),
    ("UPDATE entries SET event = 'nope'", "an entry's event is not one kems-ref writes"),
    ("UPDATE games SET decided = '[]'", "a stored value is not a dict"),
    ("UPDATE games SET name = X'41424300'", "a stored name is not text"),
    ("UPDATE entries SET by_player = X'41'", "a stored name is not text"),
    ("UPDATE games SET target_points = 'abc'", "a stored number is not one kems-ref writes"),
    ("UPDATE entries SET changes = '[{\"team\": \"Zed\", \"change\": 1}]'", "a score change is not one"),
    ("UPDATE entries SET changes = '[{\"team\": \"Tom+Léa\", \"change\": 1, \"unit\": \"banana\"}]'",
     "a score change is not one"),
    ("UPDATE entries SET ruling = '{\"verdict\": 5, \"citations\": \"x\", \"branches\": 3}'",
     "a stored ruling is not one kems-ref writes"),  # read by the history and the exports only
    ("UPDATE entries SET n = 'abc'", "a stored number is not one kems-ref writes"),
])
def test_a_hand_edited_sheet_is_damaged_exit_2_never_an_internal_error(run, tmp_path, edit, reason):
    db = tmp_path / "games.sqlite3"
    assert run("game", *NEW, "--db", str(db)).code == 0
    assert run("game", "kems", "Tom", "--hand", "Q Q Q Q", "--db", str(db)).code == 0
    con = sqlite3.connect(db)
    con.execute(edit)
    con.commit()
    con.close()
    before = _digests(db)
    commands = [["history"], ["export", "--format", "csv"], ["show"]]
    if "ruling" not in edit:
        commands += [["score"], ["list"], ["point", "Tom", "1"]]
    for args in commands:
        r = run("game", *args, "--db", str(db), "--lang", "en")
        assert r.code == 2 and "is unreadable or damaged" in r.err and reason in r.err, (args, r.err)
        assert _digests(db) == before, args


def test_a_stored_number_is_read_up_to_2_to_the_53_and_one_past_it_is_damaged(run, tmp_path):
    """The largest whole number a JSON reader keeps: kems-ref never writes one past it."""
    db = tmp_path / "games.sqlite3"
    assert run("game", *NEW[:-2], "-c", "ducale", "--target", "5", "--db", str(db)).code == 0
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET target_points = ?", (2 ** 53,))
    con.commit()
    assert run("game", "score", "--json", "--db", str(db)).json()["target"] == 2 ** 53
    con.execute("UPDATE games SET target_points = ?", (2 ** 53 + 1,))
    con.commit()
    con.close()
    r = run("game", "score", "--db", str(db), "--lang", "en")
    assert r.code == 2 and \
        "is unreadable or damaged (a stored number is not one kems-ref writes: '9007199254740993')" in r.err


@pytest.mark.slow
def test_a_sheet_that_fills_the_disk_itself_stays_sound_and_goes_on_elsewhere(run, small_disk, tmp_path):
    import shutil

    db = small_disk / "games.sqlite3"
    assert run("game", *NEW[:-2], "-c", "ducale", "--target", "1000000", "--db", str(db)).code == 0
    recorded = 0
    for _ in range(600):
        r = run("game", "call", "kems", "--by", "Léa", "--hand", "Q Q Q Q", "--db", str(db), "--lang", "en")
        if r.code != 0:
            assert r.code == 2 and "the disk is full" in r.err, r.err  # never "damaged"
            break
        recorded += 1
    assert 0 < recorded < 600
    score = run("game", "score", "--json", "--db", str(db))  # read as it is, WAL included
    assert score.code == 0 and score.json()["teams"][0]["points"] == recorded
    moved = tmp_path / "roomy"
    moved.mkdir()
    for path in small_disk.glob("games.sqlite3*"):
        shutil.copy(path, moved / path.name)
    assert run("game", "point", "Tom", "1", "--db", str(moved / "games.sqlite3")).code == 0
    again = run("game", "score", "--json", "--db", str(moved / "games.sqlite3")).json()
    assert again["teams"][0]["points"] == recorded + 1


def test_an_empty_file_beside_another_programs_wal_or_journal_is_theirs(run, tmp_path):
    for beside in ("-wal", "-journal"):
        db = tmp_path / f"empty{beside}.sqlite3"
        db.write_bytes(b"")
        Path(str(db) + beside).write_bytes(b"not ours" * 100)
        before = _digests(db)
        r = run("game", "list", "--db", str(db))
        assert r.code == 2 and "is not a kems-ref database" in r.err
        assert _digests(db) == before


@pytest.mark.slow
@pytest.mark.parametrize("command, code", [(["list"], 0), (["list", "--json"], 0), (["score"], 2),
                                           (["history"], 2), (["export", "--format", "csv"], 2), (["show"], 2)])
def test_a_command_that_only_reads_never_makes_a_database_of_an_empty_or_missing_file(run, tmp_path, command, code):
    """`game list --db empty.db` reads an empty sheet (no game yet): the empty file stays empty, a
    missing one stays missing, and nothing is put beside them."""
    empty = tmp_path / "empty.db"
    empty.touch()
    for path in (empty, tmp_path / "missing.db"):
        r = run("game", *command, "--db", str(path))
        assert r.code == code, r.err
        assert code == 0 or r.err.startswith("kems-ref: error: no current game: start one with")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db"] and empty.stat().st_size == 0
    assert run("game", "list", "--json", "--db", str(empty)).json() == []
