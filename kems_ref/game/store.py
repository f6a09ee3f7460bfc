"""The score sheets' database: SQLite through the standard library, one file per user.

* The file is ours or it is left alone: a new path (or an empty file) is created as a kems-ref
  database, marked with an ``application_id`` — built aside and renamed into place, one process at
  a time, so that a crash, a full disk or twenty first opens at once never leave a file without
  tables at the path; any other file — not SQLite, corrupt, someone
  else's SQLite database, or one written by a newer kems-ref — is refused with a clear error and
  never written to.
* The schema is versioned (``PRAGMA user_version``) and migrated in order from the first version on.
* Every command's writes happen in one transaction (``BEGIN IMMEDIATE``), in WAL mode, with a busy
  timeout: a crash or Ctrl-C loses nothing already recorded and leaves no half entry, and two
  processes writing the same game at once take turns.  Nothing is ever deleted: an undo is an entry.
* A full disk is said as such; the sheet is still read (as it lies on disk) and every write refused.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Optional

from ..errors import KemsError, clean, unsafe
from ..referee import record
from ..referee.resolver import Ruling

APPLICATION_ID = 0x4B454D53  # "KEMS"

#: schema migrations, in order; version N is reached by running the first N scripts
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        convention TEXT NOT NULL,           -- a shipped id, or the path of a house-rules file
        unit TEXT NOT NULL CHECK (unit IN ('point', 'letter')),
        target_points INTEGER,
        target_word TEXT,
        end_rule TEXT NOT NULL CHECK (end_rule IN ('wins', 'out', 'loses')),
        decided TEXT NOT NULL DEFAULT '{}', -- what the table settled at the start (JSON): target, end…
        created_at TEXT NOT NULL
    );
    CREATE TABLE teams (
        game_id INTEGER NOT NULL REFERENCES games(id),
        idx INTEGER NOT NULL,
        name TEXT NOT NULL,
        players TEXT NOT NULL,              -- JSON list of names
        PRIMARY KEY (game_id, idx)
    );
    CREATE TABLE entries (
        game_id INTEGER NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,                 -- 1, 2, 3… within the game
        kind TEXT NOT NULL CHECK (kind IN ('call', 'point', 'undo', 'decision')),
        event TEXT,
        by_player TEXT,
        on_player TEXT,
        situation TEXT,                     -- JSON: the options of `rule` the call was ruled on
        verdict TEXT,
        applied INTEGER NOT NULL DEFAULT 0, -- its changes count in the score
        changes TEXT NOT NULL DEFAULT '[]', -- JSON: [{team, change, unit}]
        ruling TEXT,                        -- JSON: the whole ruling, citations included
        refers INTEGER,                     -- undo: the entry it cancels, decision: the call it settles
        decision TEXT,                      -- JSON: what the table chose (a branch, a reading)
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # what a letter is in a letters game: a penalty (fewest leads) or a reward (most leads); NULL in
    # a points game, and in games written before this version (then read from the end rule)
    """
    ALTER TABLE games ADD COLUMN letters TEXT CHECK (letters IN ('penalty', 'reward'));
    """,
    # a house file's SHA-256 (its text and the house files it extends) at the game's start: the sheet
    # says when the rules a game plays under were edited since; NULL for a shipped convention
    """
    ALTER TABLE games ADD COLUMN convention_digest TEXT;
    """,
    # a fourth end rule, 'fewest' (the game ends when a team reaches the target, the team with the
    # fewest wins): SQLite cannot change a CHECK in place, so the games table is rebuilt — a new
    # table, every row copied as it is (ids included: teams and entries keep pointing at their game),
    # the old one dropped, the new one renamed (sqlite.org/lang_altertable.html, "other kinds of
    # table schema changes"), with foreign keys off and checked before the commit (see REBUILDS)
    """
    CREATE TABLE games_new (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        convention TEXT NOT NULL,           -- a shipped id, or the path of a house-rules file
        unit TEXT NOT NULL CHECK (unit IN ('point', 'letter')),
        target_points INTEGER,
        target_word TEXT,
        end_rule TEXT NOT NULL CHECK (end_rule IN ('wins', 'out', 'loses', 'fewest')),
        decided TEXT NOT NULL DEFAULT '{}', -- what the table settled at the start (JSON): target, end…
        created_at TEXT NOT NULL,
        letters TEXT CHECK (letters IN ('penalty', 'reward')),
        convention_digest TEXT
    );
    INSERT INTO games_new (id, name, convention, unit, target_points, target_word, end_rule, decided, created_at,
                           letters, convention_digest)
        SELECT id, name, convention, unit, target_points, target_word, end_rule, decided, created_at,
               letters, convention_digest FROM games;
    DROP TABLE games;
    ALTER TABLE games_new RENAME TO games;
    """,
    # rulings kept as data (reasons as message keys, citations in every language), worded when shown: each
    # ruling recorded as its words is rewritten as data, its explanation kept in the words it was written in
    "python:rulings_as_data",
    # where each game stands, kept up to date in each entry's transaction (game.tally): a summary of the
    # entries, made again from them wherever it does not name the game's last entry
    """
    CREATE TABLE tallies (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        last_n INTEGER NOT NULL,            -- the entry it is the standing after
        state TEXT NOT NULL                 -- JSON (game.tally.Tally)
    );
    -- kems-ref only ever appends entries: a line changed or removed by another program (a file edited by
    -- hand) leaves no tally standing for its game, which is then made again from what the entries say
    CREATE TRIGGER entries_changed AFTER UPDATE ON entries BEGIN
        DELETE FROM tallies WHERE game_id IN (OLD.game_id, NEW.game_id);
    END;
    CREATE TRIGGER entries_removed AFTER DELETE ON entries BEGIN
        DELETE FROM tallies WHERE game_id = OLD.game_id;
    END;
    CREATE TRIGGER teams_changed AFTER UPDATE ON teams BEGIN
        DELETE FROM tallies WHERE game_id IN (OLD.game_id, NEW.game_id);
    END;
    CREATE TRIGGER teams_removed AFTER DELETE ON teams BEGIN
        DELETE FROM tallies WHERE game_id = OLD.game_id;
    END;
    """,
    # the requests a phone sent with an Idempotency-Key, and the answer each got: the same key again (a
    # retried tap) is answered the same, and nothing is recorded twice, whichever server it reaches
    """
    CREATE TABLE requests (
        key TEXT PRIMARY KEY,
        at REAL NOT NULL,                   -- when it was first taken (seconds since the epoch)
        status INTEGER,                     -- its answer's status; NULL while it is being answered
        answer TEXT                         -- JSON: the answer's headers and body
    );
    """,
    # a fifth end rule, 'most' (a game of so many rounds, won on the most points after them: score.end most)
    # and the number of rounds such a game lasts; the games table rebuilt as for the fourth (see REBUILDS)
    """
    CREATE TABLE games_new (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        convention TEXT NOT NULL,           -- a shipped id, or the path of a house-rules file
        unit TEXT NOT NULL CHECK (unit IN ('point', 'letter')),
        target_points INTEGER,
        target_word TEXT,
        end_rule TEXT NOT NULL CHECK (end_rule IN ('wins', 'out', 'loses', 'fewest', 'most')),
        decided TEXT NOT NULL DEFAULT '{}', -- what the table settled at the start (JSON): target, end…
        created_at TEXT NOT NULL,
        letters TEXT CHECK (letters IN ('penalty', 'reward')),
        convention_digest TEXT,
        rounds INTEGER CHECK (rounds >= 1)  -- end_rule 'most': the rounds (hands) the game lasts; else NULL
    );
    INSERT INTO games_new (id, name, convention, unit, target_points, target_word, end_rule, decided, created_at,
                           letters, convention_digest)
        SELECT id, name, convention, unit, target_points, target_word, end_rule, decided, created_at,
               letters, convention_digest FROM games;
    DROP TABLE games;
    ALTER TABLE games_new RENAME TO games;
    """,
)
VERSION = len(MIGRATIONS)
#: the migrations (by the version they start from) that rebuild a table: run with foreign keys off
#: (dropping a table others refer to would fail, or cascade), and refused before their commit if a
#: row went missing or a reference no longer holds
REBUILDS = frozenset({3, 7})
#: how long a request's Idempotency-Key and its answer are kept (a retried tap comes within seconds)
KEPT_REQUESTS = 24 * 3600


def _rulings_as_data(conn: sqlite3.Connection) -> None:
    """Migration 5: every ruling recorded as the words of its JSON (``rule --json`` in the language of
    whoever entered it) is rewritten as data (:func:`kems_ref.referee.record.from_words`): what a table
    applies read from it as it was, its explanation and citations kept in the words they were written
    in.  A value no kems-ref wrote is left as it is (the sheet then reads as damaged, as before)."""
    rows = conn.execute("SELECT rowid, ruling FROM entries WHERE ruling IS NOT NULL").fetchall()
    for rowid, text in rows:
        try:
            worded = json.loads(text)
            if not isinstance(worded, dict) or worded.get("format") == record.FORMAT:
                continue
            data = record.dump(record.from_words(worded))
        except (ValueError, TypeError, RecursionError):
            continue
        conn.execute("UPDATE entries SET ruling = ? WHERE rowid = ?", (json.dumps(data, ensure_ascii=False), rowid))


#: the migrations written in Python, by name (a migration script "python:NAME")
PYTHON_MIGRATIONS = {"rulings_as_data": _rulings_as_data}


def default_path() -> Path:
    """``--db``, else ``KEMS_REF_DB``, else a file in the user's data directory (platformdirs)."""
    explicit = os.environ.get("KEMS_REF_DB")
    if explicit:
        return Path(explicit)
    import platformdirs

    return platformdirs.user_data_path("kems-ref", appauthor=False) / "games.sqlite3"


@dataclass
class Team:
    name: str
    players: list[str]


@dataclass
class Game:
    id: int
    name: str
    convention: str
    unit: str
    target_points: Optional[int]
    target_word: Optional[str]
    end_rule: str
    decided: dict[str, Any]
    created_at: str
    teams: list[Team] = field(default_factory=list)
    letters: Optional[str] = None  # letters games: "penalty" or "reward" (score.letters)
    digest: Optional[str] = None  # a house file's SHA-256 at the game's start (corpus.load.Convention.digest)
    rounds: Optional[int] = None  # end_rule "most": the rounds (hands) the game lasts

    @property
    def reward(self) -> bool:
        """Letters are earned (the team with most leads) rather than taken as a penalty."""
        if self.unit != "letter":
            return False
        if self.letters is not None:
            return self.letters == "reward"
        return self.end_rule == "wins"  # an older game: completing the word wins, so letters are earned


@dataclass
class SheetEntry:
    n: int
    kind: str
    at: str
    event: Optional[str] = None
    by_player: Optional[str] = None
    on_player: Optional[str] = None
    situation: Optional[dict[str, Any]] = None
    verdict: Optional[str] = None
    applied: bool = False
    changes: list[dict[str, Any]] = field(default_factory=list)
    ruling: Optional[Ruling] = None  # as data (referee.record): worded when it is shown
    refers: Optional[int] = None
    decision: Optional[dict[str, Any]] = None
    branches: int = 0  # how many branches its ruling has (a waiting call the table settles by choosing one)
    ends_hand: bool = False  # a call whose ruling says the hand ends (read from its stored ruling)

    def score_changes(self) -> list[dict[str, Any]]:
        return self.changes

    @property
    def amends(self) -> Optional[int]:
        """The earlier line this one replaces (``game amend``), which then no longer counts."""
        value = (self.decision or {}).get("amends")
        return value if isinstance(value, int) and not isinstance(value, bool) else None


class Line(NamedTuple):
    """An entry's outline: what cancels, decides and totals the lines of a history (its changes as
    stored, read only where they count), a few dozen bytes however long its ruling."""
    n: int
    kind: str
    refers: Optional[int]
    applied: bool
    changes: str
    amends: Optional[int] = None  # the earlier line it replaces (game amend)

    def score_changes(self) -> list[dict[str, Any]]:
        return _changes(self.changes)


class Store:
    """One open database.  Use as a context manager; writes go through :meth:`writing`."""

    def __init__(self, path: Path, make_folder: bool = True, writes: bool = True):
        """``make_folder``: create the missing folders of ``path`` (the user's data directory); a
        path the user typed (``--db``) must be in a folder that exists — a typo creates nothing.
        ``writes=False``: a command that only reads never creates or changes a file — a missing or
        empty file is read as an empty sheet, a sheet of an earlier version as its copy brought up
        to date in memory (nothing written to it); :meth:`writing` is then refused."""
        self.path = path
        self.conn, self.full = _open(path, make_folder, writes)
        self.reads_only = not writes
        self._turn = _writer(_inode(path))

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.conn.close()
        if isinstance(error, sqlite3.DatabaseError) and _is_full(error, self.path):
            raise KemsError("error.game_db_full", path=str(self.path), reason=str(error)) from None
        if isinstance(error, sqlite3.DatabaseError):  # damage found past the first page
            raise KemsError("error.game_db_corrupt", path=str(self.path), reason=str(error)) from None

    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
        """This process's turn to write the sheet: its threads one at a time, in order (an entry is
        built — ruled, worded — inside its turn, and its transaction taken at the end of it)."""
        if not self._turn.acquire(timeout=15):
            raise KemsError("error.game_db_busy", path=str(self.path), reason="locked")
        try:
            yield
        finally:
            self._turn.release()

    @contextlib.contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One transaction, taken at once (two writers take turns, never interleave): the threads of
        this process in order, then the other processes through SQLite's lock.  Keep it short: what
        takes time (a ruling) is done before it (see :mod:`.play`)."""
        if self.full:
            raise KemsError("error.game_db_full", path=str(self.path), reason=os.strerror(28))  # ENOSPC
        if self.reads_only:  # a bug of the command, never the user's: it said it only reads
            raise RuntimeError("a store opened to read only was asked to write")
        if not self._turn.acquire(timeout=15):
            raise KemsError("error.game_db_busy", path=str(self.path), reason="locked")
        try:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:  # still locked after the busy timeout
                raise KemsError("error.game_db_busy", path=str(self.path), reason=str(exc)) from None
            try:
                yield self.conn
                _pause("commit")
                self.conn.execute("COMMIT")
            except BaseException as exc:
                if self.conn.in_transaction:  # a failed COMMIT (a full disk) may have rolled back already
                    self.conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error) and _is_full(exc, self.path):
                    raise KemsError("error.game_db_full", path=str(self.path), reason=str(exc)) from None
                raise
        finally:
            self._turn.release()

    # --- reading ---------------------------------------------------------------------------

    def games(self) -> list[Game]:
        rows = self.conn.execute("SELECT * FROM games ORDER BY id").fetchall()
        return [self._game(row) for row in rows]

    def game(self, ref: Optional[str]) -> Game:
        """A game by name, else by id; by default — or as ``current``, unless a game is named so — the
        current one (the last created or written to).  A name wins over an id: a table that names its
        games "1", "2", "3" gets the game it named."""
        if ref is not None and unsafe(ref):  # a name is checked the same wherever it is given
            raise KemsError("error.game_name_control", what=ref)
        if ref == "current" and self.conn.execute("SELECT 1 FROM games WHERE name = ?", (ref,)).fetchone() is None:
            ref = None
        if ref is None:
            current = self.conn.execute("SELECT value FROM state WHERE key = 'current'").fetchone()
            if current is None:
                raise KemsError("error.game_none")
            row = self.conn.execute("SELECT * FROM games WHERE CAST(id AS TEXT) = ?", (current[0],)).fetchone()
        else:
            row = (self.conn.execute("SELECT * FROM games WHERE name = ?", (ref,)).fetchone()
                   or self.conn.execute("SELECT * FROM games WHERE CAST(id AS TEXT) = ?", (ref,)).fetchone())
        if row is None:
            ref = ref or "—"  # the current game was deleted from the file by hand
            names = ", ".join(g.name for g in self.games()) or "—"
            raise KemsError("error.game_unknown", game=ref, choices=names)
        return self._game(row)

    def game_by_id(self, game_id: int) -> Game:
        return self._game(self.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone())

    def entries(self, game: Game, full: bool = True) -> list[SheetEntry]:
        """The game's entries in order; ``full=False`` leaves out the stored rulings (the score
        needs only the changes)."""
        return list(self.iter_entries(game, full))

    def outline(self, game: Game) -> list[Line]:
        """Every entry of the game, as its outline (see :class:`Line`)."""
        rows = self.conn.execute("SELECT n, kind, refers, applied, changes, json_extract(decision, '$.amends')"
                                 " FROM entries WHERE game_id = ? ORDER BY n", (game.id,))
        teams = {t.name for t in game.teams}
        out = []
        for n, kind, refers, applied, changes, amends in rows:
            _changes(changes, teams)  # checked once here, read again where it counts
            out.append(Line(_int(n), kind, _int(refers, none=True), bool(applied), changes,
                            amends if isinstance(amends, int) else None))
        return out

    def iter_entries(self, game: Game, full: bool = True, since: int = 1, until: Optional[int] = None,
                     backwards: bool = False) -> Iterator[SheetEntry]:
        """The entries numbered ``since`` to ``until``, one at a time (a long history is read as it is
        shown, never held whole); ``backwards``: the last first."""
        columns = "*" if full else ("n, kind, at, event, by_player, on_player, verdict, applied, changes, refers,"
                                    " decision")
        rows = self.conn.execute(
            f"SELECT {columns}, COALESCE(json_array_length(ruling, '$.branches'), 0) AS n_branches,"
            " json_extract(ruling, '$.hand_ends') IS 1 AS ends_hand"
            " FROM entries WHERE game_id = ? AND n >= ?" + (" AND n <= ?" if until is not None else "")
            + " ORDER BY n" + (" DESC" if backwards else ""),
            (game.id, since) + ((until,) if until is not None else ()))
        teams = {t.name for t in game.teams}
        from ..corpus.load import is_path

        own = is_path(game.convention)  # a house file's game may hold its own calls (Kent's broken)
        for r in rows:
            event = r["event"] if own and _own_call_id(r["event"]) else _known("event", r["event"])
            yield SheetEntry(n=_int(r["n"]), kind=r["kind"], at=str(r["at"]), event=event,
                        by_player=_safe(r["by_player"]),
                        on_player=_safe(r["on_player"]), situation=_json(r["situation"], dict) if full else None,
                        verdict=_known("verdict", r["verdict"]), applied=bool(r["applied"]),
                        changes=_changes(r["changes"], teams),
                        ruling=_ruling(_json(r["ruling"], dict)) if full else None,
                        refers=_int(r["refers"], none=True), decision=_json(r["decision"], dict),
                        branches=_int(r["n_branches"]), ends_hand=bool(r["ends_hand"]))

    def _game(self, row: sqlite3.Row) -> Game:
        """A game as read: names shown as escapes where they hold control characters (a file written by
        another program, or before names were checked), the same way everywhere they are printed."""
        game = Game(id=_int(row["id"]), name=_text(row["name"]), convention=_text(row["convention"]),
                    unit=row["unit"], target_points=_int(row["target_points"], none=True),
                    target_word=_text(row["target_word"], none=True), end_rule=row["end_rule"],
                    decided=_json(row["decided"], dict) or {}, created_at=str(row["created_at"]),
                    letters=row["letters"], digest=_text(row["convention_digest"], none=True),
                    rounds=_int(row["rounds"], none=True))
        teams = self.conn.execute("SELECT name, players FROM teams WHERE game_id = ? ORDER BY idx", (game.id,))
        game.teams = [Team(_text(name), _players(players)) for name, players in teams]
        return game

    # --- writing (inside ``writing()``) ------------------------------------------------------

    def add_game(self, name: str, convention: str, unit: str, target_points: Optional[int],
                 target_word: Optional[str], end_rule: str, decided: dict[str, Any], teams: list[Team],
                 letters: Optional[str] = None, digest: Optional[str] = None, rounds: Optional[int] = None) -> int:
        if self.conn.execute("SELECT 1 FROM games WHERE name = ?", (name,)).fetchone():
            raise KemsError("error.game_name_taken", name=name)
        cur = self.conn.execute(
            "INSERT INTO games (name, convention, unit, target_points, target_word, end_rule, decided, created_at,"
            " letters, convention_digest, rounds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (name, convention, unit, target_points, target_word, end_rule, json.dumps(decided), now(), letters,
             digest, rounds))
        game_id = int(cur.lastrowid or 0)
        self.conn.executemany("INSERT INTO teams (game_id, idx, name, players) VALUES (?, ?, ?, ?)",
                              [(game_id, i, t.name, json.dumps(t.players, ensure_ascii=False))
                               for i, t in enumerate(teams)])
        self.set_current(game_id)
        return game_id

    def entry(self, game: Game, n: int) -> Optional[SheetEntry]:
        """Entry ``n`` of the game, without its ruling (what cancels, decides and counts), or ``None``."""
        return next(self.iter_entries(game, full=False, since=n, until=n), None)

    def stored_tally(self, game: Game) -> Optional[tuple[int, str]]:
        """The game's stored tally (:mod:`.tally`): the entry it is the standing after, and its JSON."""
        row = self.conn.execute("SELECT last_n, state FROM tallies WHERE game_id = ?", (game.id,)).fetchone()
        return (row[0], row[1]) if row is not None else None

    def stored_tally_head(self, game: Game) -> Optional[tuple[int, Optional[str]]]:
        """The first line of the game's stored tally alone (its head, see :meth:`.tally.Tally.dump`):
        the entry it is the standing after, and the line (``None`` where the tally has but one line)."""
        row = self.conn.execute("SELECT last_n, CASE WHEN instr(state, char(10)) > 0 THEN"
                                " substr(state, 1, instr(state, char(10)) - 1) END FROM tallies WHERE game_id = ?",
                                (game.id,)).fetchone()
        return (row[0], row[1]) if row is not None else None

    def store_tally(self, game: Game, last: int, state: str) -> None:
        """Store the game's tally (inside ``writing()``, with the entry it follows)."""
        self.conn.execute("INSERT INTO tallies (game_id, last_n, state) VALUES (?, ?, ?) ON CONFLICT(game_id)"
                          " DO UPDATE SET last_n = excluded.last_n, state = excluded.state", (game.id, last, state))

    def claim_request(self, key: str, abandoned: float = 60.0) -> Optional[tuple[Optional[int], Optional[str]]]:
        """Take an Idempotency-Key for a request about to be answered: ``None`` when it is this
        request's to answer (a new key, or one whose first request never got its answer within
        ``abandoned`` seconds — a server stopped in the middle), else the answer the key got
        (``(status, answer)``; ``(None, None)`` while its first request is still being answered)."""
        with self.writing():
            row = self.conn.execute("SELECT at, status, answer FROM requests WHERE key = ?", (key,)).fetchone()
            if row is not None and (row[1] is not None or time.time() - float(row[0]) < abandoned):
                return (row[1], row[2])
            self.conn.execute("DELETE FROM requests WHERE at < ?", (time.time() - KEPT_REQUESTS,))
            self.conn.execute("INSERT INTO requests (key, at) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET"
                              " at = excluded.at, status = NULL, answer = NULL", (key, time.time()))
            return None

    def answer_request(self, key: str, status: Optional[int], answer: Optional[str]) -> None:
        """Record the answer a key's request got (``status`` None: it got none — forget the key)."""
        with self.writing():
            if status is None:
                self.conn.execute("DELETE FROM requests WHERE key = ? AND status IS NULL", (key,))
            else:
                self.conn.execute("UPDATE requests SET status = ?, answer = ? WHERE key = ?", (status, answer, key))

    def last_entry(self, game: Game) -> int:
        """The number of the game's last entry (0 before the first)."""
        (last,) = self.conn.execute("SELECT COALESCE(MAX(n), 0) FROM entries WHERE game_id = ?", (game.id,)).fetchone()
        return _int(last)  # type: ignore[no-any-return]

    def add_entry(self, game: Game, entry: SheetEntry) -> int:
        """Append an entry; its number is the next one of the game, taken inside the transaction."""
        entry.n = self.last_entry(game) + 1
        self.conn.execute(
            "INSERT INTO entries (game_id, n, kind, event, by_player, on_player, situation, verdict, applied,"
            " changes, ruling, refers, decision, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game.id, entry.n, entry.kind, entry.event, entry.by_player, entry.on_player, _dump(entry.situation),
             entry.verdict, int(entry.applied), json.dumps(entry.changes, ensure_ascii=False),
             _dump(record.dump(entry.ruling) if entry.ruling is not None else None),
             entry.refers, _dump(entry.decision), entry.at))
        self.set_current(game.id)
        return entry.n

    def set_current(self, game_id: int) -> None:
        self.conn.execute("INSERT INTO state (key, value) VALUES ('current', ?)"
                          " ON CONFLICT(key) DO UPDATE SET value = excluded.value", (str(game_id),))


class Keeper:
    """What a long-running front end (a server) keeps open for the whole of its life: one idle
    connection to its sheet.  A request's connection is then never the last one of the process: it
    closes without checkpointing and deleting the WAL, the file does not change under the next
    request, and the next request opens it without identifying it whole again (see :data:`_OURS`)."""

    def __init__(self, path: Path, make_folder: bool = True):
        self.path, self.make_folder = path, make_folder
        self.kept: Optional[sqlite3.Connection] = None
        self.inode: Optional[tuple[int, int]] = None
        self.guard = threading.Lock()

    def keep(self) -> None:
        """Hold the sheet open, once it is a file of ours (a request that finds it missing or foreign
        gets the error as ever; this never creates anything)."""
        inode = _inode(self.path)
        if inode is None or inode == self.inode:
            return
        with self.guard:
            if inode == self.inode:
                return
            try:
                with Store(self.path, self.make_folder, writes=False) as store:  # identified: ours
                    if store.conn.execute("PRAGMA database_list").fetchone()[2] == "":
                        return  # nothing there yet (read as an empty sheet in memory)
                kept = sqlite3.connect(self.path.resolve().as_uri() + "?mode=rw", uri=True, isolation_level=None,
                                       check_same_thread=False)
                kept.execute("SELECT count(*) FROM state").fetchone()  # a read: its shared lock is held
            except (KemsError, sqlite3.Error):
                return
            if self.kept is not None:
                self.kept.close()
            self.kept, self.inode = kept, inode

    def close(self) -> None:
        with self.guard:
            if self.kept is not None:
                self.kept.close()
            self.kept, self.inode = None, None

#: tests only: called with the stage ("commit", "create", "migrate") where a write, a creation or a
#: table rebuild is held open, to kill the process there (a test's child process sets it); nothing
#: reads the environment on the way to a commit
PAUSE: Optional[Callable[[str], None]] = None


def _pause(stage: str) -> None:
    if PAUSE is not None:
        PAUSE(stage)


#: one lock per sheet (device, inode) in this process: its threads (a server's requests) take turns
#: for the write lock in order, instead of each polling SQLite's busy handler
_WRITERS: dict[tuple[int, int], threading.RLock] = {}
_WRITERS_GUARD = threading.Lock()


def _writer(inode: Optional[tuple[int, int]]) -> threading.RLock:
    if inode is None:
        return threading.RLock()
    with _WRITERS_GUARD:
        return _WRITERS.setdefault(inode, threading.RLock())


def _safe(text: Optional[str]) -> Optional[str]:
    return _text(text, none=True)  # type: ignore[no-any-return]


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


class HandEdited(sqlite3.DatabaseError):
    """A value no kems-ref writes (a file edited by hand or by another program): the sheet is damaged
    (exit 2, the file left as it is), never an internal error."""


def _json(text: Optional[str], kind: type = object) -> Any:
    """A stored JSON value, of the ``kind`` kems-ref writes there (dict or list), or ``None``."""
    if not text:
        return None
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise HandEdited(f"a stored value is not JSON: {str(text)[:40]!r}") from None
    if not isinstance(value, kind):
        raise HandEdited(f"a stored value is not a {kind.__name__}: {str(text)[:40]!r}")
    return value


def _text(value: Any, none: bool = False) -> Any:
    """A stored name or reference: text (shown with its controls escaped), or ``None`` where allowed."""
    if value is None and none:
        return None
    if not isinstance(value, str):
        raise HandEdited(f"a stored name is not text: {str(value)[:40]!r}")
    # a line break or a tab (refused at entry) shown as an escape: a name stays on its line and cell
    return clean(value).replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")


def _int(value: Any, none: bool = False) -> Any:
    """A stored number: a whole number kems-ref could have written, or ``None`` where allowed."""
    if value is None and none:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 2 ** 53:
        raise HandEdited(f"a stored number is not one kems-ref writes: {str(value)[:40]!r}")
    return value


def _changes(text: Optional[str], teams: Optional[set[str]] = None) -> list[dict[str, Any]]:
    """An entry's score changes: ``[{team, change, unit}]``, a whole number of points or letters to one
    of the game's teams."""
    changes = _json(text, list) or []
    for change in changes:
        if not isinstance(change, dict) or not isinstance(change.get("change"), int) \
                or isinstance(change.get("change"), bool) or abs(change["change"]) > 2 ** 53 \
                or change.get("unit", "point") not in ("point", "letter", "game") \
                or (teams is not None and clean(str(change.get("team", ""))) not in teams):
            raise HandEdited(f"a score change is not one kems-ref writes: {str(change)[:40]!r}")
    return [{**c, "team": clean(str(c.get("team", "")))} for c in changes]


def _ruling(value: Optional[dict[str, Any]]) -> Optional[Ruling]:
    """A stored ruling: the data :func:`kems_ref.referee.record.dump` wrote."""
    if value is None:
        return None
    try:
        return record.load(value)
    except ValueError:
        raise HandEdited("a stored ruling is not one kems-ref writes") from None


def _own_call_id(value: Any) -> bool:
    """Whether a stored event can be the id of a call of a house file's own (the format's pattern):
    read as it was written even when the file is gone or edited since — the sheet still reads."""
    return isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,63}", value) is not None


def _known(kind: str, value: Optional[str]) -> Optional[str]:
    """An event or a verdict as kems-ref writes them (one its messages name), or ``None``."""
    from ..i18n import catalogue

    if value is not None and f"{kind}.{value}" not in catalogue("en"):
        raise HandEdited(f"an entry's {kind} is not one kems-ref writes: {str(value)[:40]!r}")
    return value


def _players(text: Optional[str]) -> list[str]:
    return [clean(str(p)) for p in _json(text, list) or []]


def _dump(value: Any) -> Optional[str]:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def _header(path: Path) -> tuple[int, int]:
    """``(application_id, user_version)`` of the file as it lies on disk, before any connection of
    ours writes to it: read through SQLite itself, on an immutable read-only connection (no hot
    journal recovered, no WAL read or checkpointed, nothing written — the file may not be ours).

    Never with a descriptor of Python's own: POSIX advisory locks belong to the process, and closing
    *any* descriptor of the file drops every lock the process holds on it — those of another
    thread's live connection included (sqlite.org/howtocorrupt.html, section 2.2).  A server whose
    request opened the sheet that way let another process's connection believe it was the last one:
    it checkpointed and deleted the WAL the server was still writing to, and entries were lost.
    SQLite's own descriptors are safe: it defers closing a file while its process holds a lock on it.
    (Its WAL, read by :func:`_wal_commits`, carries no lock: SQLite locks the file and its ``-shm``.)
    Refuses what is not an SQLite file at all."""
    if not os.access(path, os.R_OK):
        reason = os.strerror(errno.EACCES if path.exists() else errno.ENOENT)
        raise KemsError("error.game_db_unreadable", path=str(path), reason=reason)
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
        try:
            (app_id,) = conn.execute("PRAGMA application_id").fetchone()
            (version,) = conn.execute("PRAGMA user_version").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if "not a database" in str(exc):
            raise KemsError("error.game_db_foreign", path=str(path)) from None
        if "unable to open" in str(exc):
            raise KemsError("error.game_db_unreadable", path=str(path), reason=str(exc)) from None
        raise KemsError("error.game_db_corrupt", path=str(path), reason=str(exc)) from None
    return int(app_id), int(version)


def _wal_commits(path: Path) -> tuple[bool, Optional[int], Optional[int]]:
    """What the WAL beside ``path`` holds: whether a transaction was committed there (a frame of the
    current salt whose "database size after commit" is set), and the application id of the first page
    as last committed there (a kems-ref creation stamps it in the same transaction as its tables),
    with the schema version there."""
    try:
        data = Path(str(path) + "-wal").read_bytes()
    except OSError:
        return False, None, None
    if len(data) < 32:
        return False, None, None
    page = int.from_bytes(data[8:12], "big")
    salt = data[16:24]
    committed, app_id, version, pending, pending_version = False, None, None, None, None
    offset = 32
    while page and offset + 24 + page <= len(data):
        frame = data[offset:offset + 24]
        if frame[8:16] != salt:
            break
        if int.from_bytes(frame[0:4], "big") == 1:
            pending = int.from_bytes(data[offset + 24 + 68:offset + 24 + 72], "big")
            pending_version = int.from_bytes(data[offset + 24 + 60:offset + 24 + 64], "big")
        if int.from_bytes(frame[4:8], "big"):  # a commit: what came before it is the database's
            committed = True
            app_id = pending if pending is not None else app_id
            version = pending_version if pending_version is not None else version
        offset += 24 + page
    return committed, app_id, version


def _peek(path: Path, with_wal: bool = False) -> tuple[int, str]:
    """The number of schema objects and the ``quick_check`` verdict of the file as it lies on disk,
    through an immutable read-only connection (no journal recovered, no WAL read, nothing written);
    ``with_wal``: a file already known ours whose WAL holds commits — read with them (read-only: a
    partial checkpoint leaves the file alone inconsistent, the file and its WAL sound)."""
    mode = "?mode=ro" if with_wal else "?mode=ro&immutable=1"
    conn = sqlite3.connect(path.resolve().as_uri() + mode, uri=True)
    try:
        tables = [name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        (objects,) = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        # every table but the lines of the games (the one that grows with them: checked whole, it would
        # cost a long game's every command a full read); a damaged line is found where it is read, and
        # the command that reads it is refused then, the file untouched
        for table in ["sqlite_schema", *(t for t in tables if t not in LINES)]:
            (verdict,) = conn.execute(f'PRAGMA quick_check("{table}")').fetchone()
            if verdict != "ok":
                return int(objects), str(verdict)
        return int(objects), "ok"
    finally:
        conn.close()


#: the tables that grow with the games' lines, not checked whole at each open (see :func:`_peek`)
LINES = frozenset({"entries"})


def _identify(path: Path) -> bool:
    """Whether ``path`` must be created (it is missing, empty, or a first creation of ours cut short
    before its first commit); refuses, untouched, anything that is not ours — its journal and WAL
    included — or that is damaged or newer."""
    if not path.exists() or (path.is_file() and path.stat().st_size == 0):
        for beside in ("-wal", "-journal"):  # an empty file beside someone's WAL or hot journal: theirs
            other = Path(str(path) + beside)
            if other.exists() and (other.stat().st_size or beside == "-journal") and path.exists():
                raise KemsError("error.game_db_foreign", path=str(path))
        return True
    if not path.is_file():
        raise KemsError("error.game_db_foreign", path=str(path))
    committed, wal_id, wal_version = _wal_commits(path)
    if committed and wal_id is not None:  # the WAL's first page is what SQLite would read (the file's own
        app_id, version = wal_id, wal_version or 0  # may be half checkpointed: a disk that filled)
    else:
        app_id, version = _header(path)
    if app_id not in (APPLICATION_ID, 0) or (app_id == 0 and version != 0):
        raise KemsError("error.game_db_foreign", path=str(path))
    if app_id == APPLICATION_ID and version > VERSION:
        raise KemsError("error.game_db_newer", path=str(path), version=version)
    try:
        objects, verdict = _peek(path, with_wal=committed and app_id == APPLICATION_ID)
    except sqlite3.DatabaseError as exc:
        raise KemsError("error.game_db_corrupt", path=str(path), reason=str(exc)) from None
    if verdict != "ok":
        raise KemsError("error.game_db_corrupt", path=str(path), reason=verdict)
    if app_id == 0:
        # unstamped (on disk and in the WAL): a first creation cut short before its first commit (an
        # earlier kems-ref created in place) — nothing to lose, created anew; else another program's
        if objects or committed or Path(str(path) + "-journal").exists():
            raise KemsError("error.game_db_foreign", path=str(path))
        return True
    return False


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """Only one kems-ref at a time creates a database in ``folder`` (an advisory lock on the folder
    itself: nothing is added beside the user's files; where locks are unknown, no lock)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _is_full(exc: BaseException, path: Optional[Path] = None) -> bool:
    """A full disk: SQLite says so, the system says so (ENOSPC), or — for SQLite's "disk I/O error"
    when it cannot make its shared-memory file — the folder has (almost) no space left."""
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    if code == 13 or "disk is full" in str(exc) or getattr(exc, "errno", None) == 28:
        return True
    if path is None:
        return False
    try:
        room = os.statvfs(path.parent)
    except (OSError, AttributeError):
        return False
    return room.f_bavail * room.f_frsize < 64 * 1024


def _create(path: Path) -> None:
    """Create the database atomically: built aside in the same folder (tables and stamp committed),
    then renamed into place.  A crash or a full disk leaves ``path`` as it was — never a file
    without tables that would be refused forever; the files built aside are removed (those a killed
    process left, the next time)."""
    with _folder_lock(path.parent):
        if not _identify(path):  # another kems-ref created it while we waited
            return
        for stale in path.parent.glob(f".{glob.escape(path.name)}.*.kems-ref-new*"):
            with contextlib.suppress(OSError):
                stale.unlink()
        aside = path.with_name(f".{path.name}.{os.getpid()}.kems-ref-new")
        try:
            conn = sqlite3.connect(str(aside), isolation_level=None)
            try:
                _migrate(conn)
                conn.execute("PRAGMA journal_mode = WAL")  # kept in the file's header
            finally:
                conn.close()  # checkpoints and removes its WAL
            _pause("create")
            for leftover in ("-wal", "-shm"):  # of an unstamped file (no committed frame, checked above)
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(str(path) + leftover)
            os.replace(aside, path)
        except (sqlite3.Error, OSError) as exc:
            key = "error.game_db_full" if _is_full(exc, path) else "error.game_db_unreadable"
            raise KemsError(key, path=str(path), reason=getattr(exc, "strerror", None) or str(exc)) from None
        finally:
            for name in (aside, Path(f"{aside}-wal"), Path(f"{aside}-shm"), Path(f"{aside}-journal")):
                with contextlib.suppress(OSError):
                    name.unlink()


#: the files this process has identified as its own sheets, by (device, inode), with the size and
#: modification time the file had then: opened again with the header's stamp checked alone, not
#: scanned whole on every request of a server; a file changed on disk since (a checkpoint, damage,
#: another file put at the same inode) is identified anew
_OURS: dict[tuple[int, int], tuple[int, int]] = {}
#: one first identification at a time in this process (two threads of a server opening a new sheet)
_IDENTIFYING = threading.Lock()


def _inode(path: Path) -> Optional[tuple[int, int]]:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _looks(path: Path) -> Optional[tuple[tuple[int, int], tuple[int, int]]]:
    """The file's identity and how it lies on disk: (device, inode), (size, modification time)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_dev, info.st_ino), (info.st_size, info.st_mtime_ns)


def _open(path: Path, make_folder: bool = True, writes: bool = True) -> tuple[sqlite3.Connection, bool]:
    """Open (or create) the database at ``path``; refuse, untouched, anything that is not ours —
    its journal and WAL included — or that is damaged.  Also says whether the disk is full (the
    connection then only reads).  ``writes=False``: nothing is created or migrated on disk."""
    seen = _looks(path)
    if seen is not None and _OURS.get(seen[0]) == seen[1]:
        return _connect(path, writes)
    with _IDENTIFYING:
        if _identify(path) and not writes:
            if not make_folder and not path.parent.is_dir():
                raise KemsError("error.game_db_no_folder", path=str(path), folder=str(path.parent))
            return _in_memory(None), False  # nothing there yet: an empty sheet, and no file made
        if _identify(path):
            if not path.parent.is_dir():
                if not make_folder:
                    raise KemsError("error.game_db_no_folder", path=str(path), folder=str(path.parent))
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    key = "error.game_db_full" if _is_full(exc) else "error.game_db_unreadable"
                    raise KemsError(key, path=str(path), reason=exc.strerror or str(exc)) from None
            _create(path)
            _identify(path)  # what was placed there is ours (or another process's creation, checked the same)
        seen = _looks(path)
        opened = _connect(path, writes)
        if seen is not None and not opened[1] and _looks(path) == seen:
            _OURS[seen[0]] = seen[1]
        return opened


def _in_memory(source: Optional[sqlite3.Connection]) -> sqlite3.Connection:
    """A sheet in memory, brought to this schema version: empty, or a copy of ``source`` (a sheet of
    an earlier version read by a command that only reads: the file is left as it is)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    if source is not None:
        source.backup(conn)
        source.close()
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    _migrate(conn)
    return conn


def _connect(path: Path, writes: bool = True) -> tuple[sqlite3.Connection, bool]:
    """The connection to a file identified as ours, brought to this schema version (in memory, for
    a command that only reads)."""
    conn: Optional[sqlite3.Connection] = None
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=rw", uri=True, timeout=15, isolation_level=None)
        conn.row_factory = sqlite3.Row  # the file was identified above, before SQLite could touch it
        if writes:  # kept in the file's header: a command that only reads leaves the header as it is
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA foreign_keys = ON")
        # every page is checked as SQLite reads it (the lines are not checked whole at each open, see
        # _peek): a damaged page is found where a command reads or adds a line, before anything is written
        conn.execute("PRAGMA cell_size_check = ON")
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        if version > VERSION:  # written by a newer kems-ref since this process identified the file
            conn.close()
            raise KemsError("error.game_db_newer", path=str(path), version=version)
        if version < VERSION and not writes:
            return _in_memory(conn), False
        _migrate(conn)  # a database of an earlier version
        return conn, False
    except sqlite3.DatabaseError as exc:
        if not _is_full(exc, path):
            raise KemsError("error.game_db_corrupt", path=str(path), reason=str(exc)) from None
        if conn is not None:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
        wal = Path(str(path) + "-wal")
        if (wal.exists() and wal.stat().st_size) or _header(path)[1] < VERSION:
            raise KemsError("error.game_db_full", path=str(path), reason=str(exc)) from None
        # a full disk: SQLite cannot make its shared-memory file, yet every entry is in the file
        # itself (no WAL pending): the sheet is read as it lies on disk, and any write is refused
        reader = sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True, isolation_level=None)
        reader.row_factory = sqlite3.Row
        return reader, True


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring the schema to :data:`VERSION`, one migration at a time, each in its own transaction (a
    crash or an error in the middle of one leaves the file as the one before left it).  Foreign keys
    are off meanwhile (a pragma only taken outside a transaction) for the table rebuilds, then as
    they were."""
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    if version >= VERSION:
        return
    (keys,) = conn.execute("PRAGMA foreign_keys").fetchone()
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        while True:
            (version,) = conn.execute("PRAGMA user_version").fetchone()
            if version >= VERSION:
                return
            conn.execute("BEGIN IMMEDIATE")
            try:
                (version,) = conn.execute("PRAGMA user_version").fetchone()  # another process may have done it
                if version < VERSION:
                    before = _kept(conn) if version in REBUILDS else None
                    script = MIGRATIONS[version]
                    if script.startswith("python:"):
                        PYTHON_MIGRATIONS[script[len("python:"):]](conn)
                    for statement in () if script.startswith("python:") else _statements(script):
                        conn.execute(statement)
                    if before is not None:
                        _pause("migrate")
                        if _kept(conn) != before:
                            raise sqlite3.IntegrityError(f"the schema migration to version {version + 1} would lose"
                                                         " rows or references: nothing was changed")
                    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    conn.execute(f"PRAGMA user_version = {version + 1}")
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:  # a failed COMMIT (a full disk) may have rolled back already
                    conn.execute("ROLLBACK")
                raise
    finally:
        conn.execute(f"PRAGMA foreign_keys = {'ON' if keys else 'OFF'}")


def _statements(script: str) -> Iterator[str]:
    """A migration script's statements, one at a time (a trigger's body holds semicolons of its own):
    executed one by one inside the migration's transaction (``executescript`` would commit it)."""
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                yield pending
            pending = ""


def _kept(conn: sqlite3.Connection) -> tuple[Any, ...]:
    """What a table rebuild must leave as it found: every table's rows, and the references that do
    not hold (none, unless the file was edited by hand: a rebuild adds none)."""
    tables = [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    rows = {name: conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in tables}
    broken = sorted(tuple(row) for row in conn.execute("PRAGMA foreign_key_check"))
    return tuple(sorted(rows.items())), tuple(broken)
