"""A game moved whole between score sheets — a phone's and a computer's — by ``game export --format
json`` on one and ``game import FILE`` on the other.

The export carries, under ``"sheet"``, the game's own rows as the sheet keeps them: the game, its
teams, and every entry with its situation, its ruling as stored data, its decision and its time, with
the name and version of this format.  An import reads the file whole (a regular file, size-bounded),
checks all of it, then writes the game as a new game in one transaction: every entry is read back
through the sheet's own checks and the game's tally is made from its entries before the commit.  A
file kems-ref did not write, a damaged one or one of a newer format is refused whole: nothing written.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Optional

from ..errors import KemsError, unsafe
from ..i18n import catalogue
from ..referee import record
from . import sheet
from .store import Game, HandEdited, Store, Team
from .tally import Tally, save

#: what the game's rows say they are: a file of another kind is refused before anything in it is read
FORMAT = "kems-ref-game"
#: this format's version: a file of a newer one is refused (update kems-ref), never half read
VERSION = 1
GAME_KEYS = ("name", "convention", "convention_digest", "unit", "target_points", "target_word", "end_rule",
             "letters", "decided", "created_at")
#: what each of the game's values is (a text, a whole number, an object, or null where it may be)
GAME_TYPES: dict[str, Any] = {
    "name": str, "convention": str, "convention_digest": (str, type(None)), "unit": str,
    "target_points": (int, type(None)), "target_word": (str, type(None)), "end_rule": str,
    "letters": (str, type(None)), "decided": dict, "created_at": str}
#: keys a game's rows may hold beyond GAME_KEYS (a file written before them has none): the rounds of a
#: game won on the most points after them (end_rule "most"; none: the game goes on until the table stops)
GAME_OPTIONAL = ("rounds",)
UNITS, END_RULES, LETTERS = ("point", "letter"), ("wins", "out", "loses", "fewest", "most"), (None, "penalty", "reward")
TEAM_KEYS = ("name", "players")
ENTRY_KEYS = ("n", "kind", "event", "by_player", "on_player", "situation", "verdict", "applied", "changes", "ruling",
              "refers", "decision", "at")
#: the entries' columns that hold JSON (exported as the data they hold, not as its text)
JSON_COLUMNS: dict[str, type] = {"situation": dict, "changes": list, "ruling": dict, "decision": dict}
#: the largest file ``game import`` reads: an evening of a thousand lines is a few MB
MAX_FILE = 64 * 1024 * 1024


def sheet_of(store: Store, game: Game) -> dict[str, Any]:
    """The game as its rows, under this format's name and version; its entries an iterator, read one
    at a time as they are written (``json_pieces`` streams it)."""
    row = store.conn.execute(f"SELECT {', '.join(GAME_KEYS)} FROM games WHERE id = ?", (game.id,)).fetchone()
    head = {key: (json.loads(row[key]) if key == "decided" else row[key]) for key in GAME_KEYS}
    if game.rounds is not None:  # a game of so many rounds: written only where it is one (older readers read the rest)
        head["rounds"] = game.rounds
    teams = [{"name": name, "players": json.loads(players)} for name, players in store.conn.execute(
        "SELECT name, players FROM teams WHERE game_id = ? ORDER BY idx", (game.id,))]
    return {"format": FORMAT, "version": VERSION, "game": head, "teams": teams, "entries": _entries(store, game)}


def _entries(store: Store, game: Game) -> Iterator[dict[str, Any]]:
    rows = store.conn.execute(f"SELECT {', '.join(ENTRY_KEYS)} FROM entries WHERE game_id = ? ORDER BY n", (game.id,))
    for row in rows:
        yield {key: (json.loads(row[key]) if key in JSON_COLUMNS and row[key] is not None else row[key])
               for key in ENTRY_KEYS}


def read_file(path: str) -> Export:
    """An exported game's file, read and checked whole before any sheet is opened: a regular file of
    at most :data:`MAX_FILE` bytes, JSON, its rows as kems-ref writes them.  Opened first, then looked
    at (what is read is what was looked at); a pipe is never waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise KemsError("error.game_import_unreadable", path=path, reason=exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise KemsError("error.game_import_not_file", path=path)
        if info.st_size > MAX_FILE:
            raise KemsError("error.game_import_too_large", path=path, limit=MAX_FILE // (1024 * 1024))
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(MAX_FILE + 1)
    except OSError as exc:
        raise KemsError("error.game_import_unreadable", path=path, reason=exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE:  # grown since it was looked at
        raise KemsError("error.game_import_too_large", path=path, limit=MAX_FILE // (1024 * 1024))
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested past reading
        raise KemsError("error.game_import_not_json", path=path) from None
    return checked(parsed, path)


@dataclass(frozen=True)
class Export:
    """An export's rows, checked whole (:func:`checked`): what :func:`import_game` writes."""

    rows: dict[str, Any]
    path: str


@dataclass
class Imported:
    """A game added from an export: the game as now on the sheet, how many lines it has, the name it
    had where a game of that name was already there (it was given a free one), and where it stands."""

    game: Game
    entries: int
    renamed_from: Optional[str]
    score: sheet.Score


def import_game(store: Store, export: Export) -> Imported:
    """Add the game of a checked export (:func:`read_file`, :func:`checked`) to ``store`` as a new
    game, whole or not at all: its entries read back through the sheet's own checks, its tally made
    from them, in one transaction."""
    path, rows = export.path, export.rows
    head, teams, entries = rows["game"], rows["teams"], rows["entries"]
    with store.writing():
        taken = {name for (name,) in store.conn.execute("SELECT name FROM games")}
        name = head["name"]
        renamed = name if name in taken else None
        if renamed is not None:
            from .play import free_name

            name = free_name(taken)
        try:
            game_id = store.add_game(name, head["convention"], head["unit"], head["target_points"],
                                     head["target_word"], head["end_rule"], head["decided"],
                                     [Team(t["name"], list(t["players"])) for t in teams], head["letters"],
                                     head["convention_digest"], head.get("rounds"))
            store.conn.execute("UPDATE games SET created_at = ? WHERE id = ?", (head["created_at"], game_id))
            store.conn.executemany(
                f"INSERT INTO entries (game_id, {', '.join(ENTRY_KEYS)}) VALUES (?{', ?' * len(ENTRY_KEYS)})",
                [(game_id, *(_column(key, entry[key]) for key in ENTRY_KEYS)) for entry in entries])
            game = store.game_by_id(game_id)
            every = list(store.iter_entries(game))  # every line read back as the sheet reads it
            store.outline(game)
        except (HandEdited, sqlite3.IntegrityError):  # a value the sheet's own checks refuse
            raise _damaged(path, KemsError("import.why.values")) from None
        tally = Tally.of(every)
        if tally.score(game).to_json(game) != sheet.score(game, every).to_json(game):  # pragma: no cover - a bug
            raise AssertionError("an imported game's tally is not its entries' score")
        save(store, game, tally)
    return Imported(game, len(entries), renamed, tally.score(game))


def _damaged(path: str, why: KemsError) -> KemsError:
    return KemsError("error.game_import_damaged", path=path, why=why)


def checked(data: Any, path: str) -> Export:
    """The rows of an export (``game export --format json``'s data), each of the type kems-ref writes
    there, or the error that refuses the file, naming what is wrong."""
    rows = data.get("sheet") if isinstance(data, dict) else None
    if not isinstance(rows, dict) or rows.get("format") != FORMAT:
        raise KemsError("error.game_import_not_ours", path=path)
    version = rows.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise KemsError("error.game_import_newer", path=path, version=version, known=VERSION)
    if version != VERSION or isinstance(version, bool):
        raise _damaged(path, KemsError("import.why.wrong", key="sheet.version"))
    for key, whole in (("game", dict), ("teams", list), ("entries", list)):
        if key not in rows:
            raise _damaged(path, KemsError("import.why.missing", key=f"sheet.{key}"))
        if not isinstance(rows[key], whole):
            raise _damaged(path, KemsError("import.why.wrong", key=f"sheet.{key}"))
    head = _keys(rows["game"], GAME_KEYS + tuple(k for k in GAME_OPTIONAL if k in rows["game"]), "sheet.game", path)
    rounds = head.get("rounds")
    if (rounds is not None and head.get("end_rule") != "most") or not (
            rounds is None or (isinstance(rounds, int) and not isinstance(rounds, bool) and 1 <= rounds <= 10 ** 6)):
        raise _damaged(path, KemsError("import.why.wrong", key="sheet.game.rounds"))
    for key, kind in GAME_TYPES.items():
        value = head[key]
        if not isinstance(value, kind) or isinstance(value, bool) or (isinstance(value, str) and unsafe(value)) \
                or (key == "name" and not value.strip()):
            raise _damaged(path, KemsError("import.why.wrong", key=f"sheet.game.{key}"))
    for key, allowed in (("unit", UNITS), ("end_rule", END_RULES), ("letters", LETTERS)):
        if head[key] not in allowed:
            raise _damaged(path, KemsError("import.why.wrong", key=f"sheet.game.{key}"))
    known = catalogue("en")
    if not all(f"game.decided.{k}" in known and isinstance(v, (str, int, type(None)))
               for k, v in head["decided"].items()):
        raise _damaged(path, KemsError("import.why.wrong", key="sheet.game.decided"))
    _convention(head["convention"], path)
    teams = rows["teams"]
    for i, team in enumerate(teams):
        team = _keys(team, TEAM_KEYS, f"sheet.teams[{i}]", path)
        players = team["players"]
        if not isinstance(team["name"], str) or not isinstance(players, list) or len(players) != 2 \
                or not all(isinstance(p, str) and p.strip() and not unsafe(p) for p in players) \
                or team["name"] != "+".join(players):
            raise _damaged(path, KemsError("import.why.wrong", key=f"sheet.teams[{i}]"))
    if len(teams) < 2:
        raise _damaged(path, KemsError("import.why.wrong", key="sheet.teams"))
    kinds: dict[int, str] = {}
    for i, entry in enumerate(rows["entries"]):
        entry = _keys(entry, ENTRY_KEYS, f"sheet.entries[{i}]", path)
        n = i + 1
        if type(entry["n"]) is not int or entry["n"] != n:
            raise _damaged(path, KemsError("import.why.numbers"))
        for key, kind in JSON_COLUMNS.items():
            if entry[key] is not None and not isinstance(entry[key], kind):
                raise _damaged(path, KemsError("import.why.line", n=n, key=key))
        for key in ("event", "by_player", "on_player", "verdict", "at"):
            value = entry[key]
            if not isinstance(value, str if key == "at" else (str, type(None))) \
                    or (value is not None and unsafe(value)):
                raise _damaged(path, KemsError("import.why.line", n=n, key=key))
        if entry["kind"] not in ("call", "point", "undo", "decision"):
            raise _damaged(path, KemsError("import.why.line", n=n, key="kind"))
        if type(entry["applied"]) is not int or entry["applied"] not in (0, 1):
            raise _damaged(path, KemsError("import.why.line", n=n, key="applied"))
        refers = entry["refers"]
        if refers is not None and (not isinstance(refers, int) or isinstance(refers, bool) or not 1 <= refers < n
                                   or (entry["kind"] == "decision" and kinds[refers] != "call")):
            raise _damaged(path, KemsError("import.why.line", n=n, key="refers"))
        if entry["kind"] in ("undo", "decision") and refers is None:
            raise _damaged(path, KemsError("import.why.line", n=n, key="refers"))
        if entry["ruling"] is not None and not _loads(entry["ruling"], known):
            raise _damaged(path, KemsError("import.why.ruling", n=n))
        kinds[n] = entry["kind"]
    return Export(rows, path)


def _keys(value: Any, keys: tuple[str, ...], where: str, path: str) -> dict[str, Any]:
    """An object with exactly ``keys``: the first missing one, or one it should not have, is named."""
    if not isinstance(value, dict):
        raise _damaged(path, KemsError("import.why.wrong", key=where))
    for key in keys:
        if key not in value:
            raise _damaged(path, KemsError("import.why.missing", key=f"{where}.{key}"))
    for key in value:
        if key not in keys:
            raise _damaged(path, KemsError("import.why.unknown", key=f"{where}.{str(key)[:40]}"))
    return value


def _convention(ref: str, path: str) -> None:
    """A shipped convention this kems-ref has, or a house file's path (the game reads without the file)."""
    from ..corpus.load import find, is_path

    if is_path(ref):
        return
    try:
        found = find(ref)
    except KemsError:
        found = None
    if found != ref:
        raise _damaged(path, KemsError("import.why.convention", convention=ref[:64]))


def _loads(ruling: dict[str, Any], known: dict[str, str]) -> bool:
    """Whether a stored ruling loads as the sheet loads it, every message it names one kems-ref has."""
    if ruling.get("format") != record.FORMAT:
        return False
    try:
        record.load(ruling)
    except (ValueError, TypeError, KeyError, AttributeError, StopIteration, RecursionError):
        return False
    return _keys_known(ruling, known)


def _keys_known(ruling: dict[str, Any], known: dict[str, str]) -> bool:
    def param(value: Any) -> bool:
        if "msg" in value:
            return value["msg"] in known
        if "reason" in value:
            return reason(value["reason"])
        return True

    def reason(value: Any) -> bool:
        return value["key"] in known and all(param(p) for p in value["params"].values())

    return all(reason(r) for r in ruling["reasons"]) and all(_keys_known(b["ruling"], known)
                                                             for b in ruling["branches"])


def _column(key: str, value: Any) -> Any:
    if key in JSON_COLUMNS:
        return None if value is None else json.dumps(value, ensure_ascii=False)
    return value


__all__ = ["FORMAT", "MAX_FILE", "VERSION", "Export", "Imported", "checked", "import_game", "read_file", "sheet_of"]
