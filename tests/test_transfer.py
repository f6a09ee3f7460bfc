"""A game moves between score sheets — a phone's and a computer's — by ``game export --format json`` on
one and ``game import FILE`` on the other, losslessly: imported, it reads, scores and exports exactly
as it did where it was played.  A file kems-ref did not write, a damaged one or one of a newer format is
refused with one line and exit 2, the sheet left as it was."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest

from kems_ref.cli import fast
from kems_ref.game import tally, transfer
from kems_ref.game.sheet import score as recomputed
from kems_ref.game.store import Store

TEAMS = ["--team", "Tom+Léa", "--team", "Ana+Ben"]


@pytest.fixture
def kems(run):
    """``kems(db, *args)``: a command on the sheet ``db``, its result (exit code, stdout, stderr)."""

    def _kems(db, *args, lang="en"):
        return run(*args, "--lang", lang, env={"KEMS_REF_DB": str(db)})

    return _kems


def _ok(result):
    assert result.code == 0, result.err + result.out
    return result


def play_an_evening(kems, db, name="soir"):
    """A Ducale game to 10 with every kind of line: calls, a call the table settles by a branch, one it
    gives a score, a plain point, an undo, a redo, an undo again, and a call left waiting."""
    _ok(kems(db, "game", "new", *TEAMS, "-c", "ducale", "--target", "10", "--name", name))
    _ok(kems(db, "game", "kems", "Léa", "--hand", "Q Q Q Q"))                      # 1: upheld, Tom+Léa +1
    _ok(kems(db, "game", "call", "contre-kems", "--by", "Ana", "--on", "Tom"))      # 2: waits (did Tom hold a square?)
    _ok(kems(db, "game", "decide", "1"))                                            # 3: he did: Ana+Ben +1
    _ok(kems(db, "game", "call", "kems", "--by", "Tom"))                            # 4: waits
    _ok(kems(db, "game", "point", "Léa", "1", "--for", "4"))                        # 5: the table gives it a point
    _ok(kems(db, "game", "point", "Ben", "2"))                                      # 6: a plain line
    _ok(kems(db, "game", "undo"))                                                   # 7: cancels 6
    _ok(kems(db, "game", "redo"))                                                   # 8: 6 counts again
    _ok(kems(db, "game", "undo"))                                                   # 9: cancels 6 again
    _ok(kems(db, "game", "call", "double-kems", "--by", "Ana"))                     # 10: left waiting


def exported(kems, db, fmt="json", game=None, lang="en"):
    return _ok(kems(db, "game", "export", "--format", fmt, *(["--game", game] if game else []), lang=lang)).out


def write_export(kems, db, folder, game=None):
    path = Path(folder) / "game.json"
    path.write_text(exported(kems, db, game=game), encoding="utf-8")
    return path


def rows(db):
    """Every row of every table of the sheet, in order: what a refused import must leave as it was."""
    with sqlite3.connect(db) as con:
        tables = [name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {table: con.execute(f'SELECT * FROM "{table}" ORDER BY 1, 2').fetchall() for table in tables}


def sha(db):
    return hashlib.sha256(Path(db).read_bytes()).hexdigest()


def tally_is_right(db, name):
    """The score read from the game's stored tally is the score made again from its entries."""
    with Store(Path(db), writes=False) as store:
        game = store.game(name)
        stored = store.stored_tally(game)
        assert stored is not None and stored[0] == store.last_entry(game)  # a tally naming the last line
        kept = tally.read(store, game).score(game).to_json(game)
        assert kept == recomputed(game, store.entries(game, full=False)).to_json(game)
        return kept


# --- a game moved, read back the same ---------------------------------------------------------------

def test_a_game_moved_to_a_fresh_sheet_reads_scores_and_exports_exactly_as_it_did(kems, tmp_path):
    computer, phone = tmp_path / "computer.sqlite3", tmp_path / "phone.sqlite3"
    play_an_evening(kems, computer)
    before = {fmt: exported(kems, computer, fmt) for fmt in ("json", "csv", "markdown")}
    path = write_export(kems, computer, tmp_path)

    said = _ok(kems(phone, "game", "import", str(path), "--json")).json()
    assert said["name"] == "soir" and said["renamed_from"] is None and said["entries"] == 10
    assert said["teams"] == [{"team": "Tom+Léa", "players": ["Tom", "Léa"]},
                             {"team": "Ana+Ben", "players": ["Ana", "Ben"]}]
    # the whole export again, byte for byte: the score, every line of the history, the rows themselves
    for fmt in ("json", "csv", "markdown"):
        assert exported(kems, phone, fmt) == before[fmt], fmt
    assert exported(kems, phone, "csv", lang="fr") == exported(kems, computer, "csv", lang="fr")
    for command in (["game", "score"], ["game", "history"], ["game", "show", "soir"]):
        assert _ok(kems(phone, *command, "--json")).out == _ok(kems(computer, *command, "--json")).out
    assert tally_is_right(phone, "soir") == tally_is_right(computer, "soir") == said["score"]
    assert said["score"]["waiting"] == [10]


def test_the_imported_game_is_the_current_one_and_takes_the_next_line_as_it_would_have(kems, tmp_path):
    computer, phone = tmp_path / "computer.sqlite3", tmp_path / "phone.sqlite3"
    play_an_evening(kems, computer)
    path = write_export(kems, computer, tmp_path)
    _ok(kems(phone, "game", "new", "--team", "Zoé+Max", "--team", "Inès+Karim", "--target", "5"))
    _ok(kems(phone, "game", "import", str(path)))
    for db in (computer, phone):  # the same next lines on both sheets give the same game
        _ok(kems(db, "game", "decide", "1"))
        _ok(kems(db, "game", "undo"))
    assert json.loads(exported(kems, phone))["score"] == json.loads(exported(kems, computer))["score"]
    assert tally_is_right(phone, "soir") == tally_is_right(computer, "soir")


def test_the_same_game_back_to_the_sheet_it_came_from_takes_a_free_name_and_says_so(kems, tmp_path):
    """The reverse direction: a game played on the phone, taken to the computer, then back to the
    phone — where a game of its name already is: it is added as game new would name it."""
    phone, computer = tmp_path / "phone.sqlite3", tmp_path / "computer.sqlite3"
    _ok(kems(phone, "game", "new", "--team", "Inès+Karim", "--team", "Camille+Hugo", "-c", "pagat", "--name",
             "jeudi"))
    _ok(kems(phone, "game", "kems", "Inès", "--hand", "Q Q Q Q"))
    _ok(kems(phone, "game", "contre", "Camille", "Karim", "--hand", "7 7 K K", "--partner-hand", "2 3 4 5"))
    _ok(kems(phone, "game", "undo"))
    _ok(kems(phone, "game", "redo"))
    there = write_export(kems, phone, tmp_path / ".", game="jeudi")
    _ok(kems(computer, "game", "import", str(there)))
    assert exported(kems, computer) == exported(kems, phone)

    back = tmp_path / "back.json"
    back.write_text(exported(kems, computer), encoding="utf-8")
    text = _ok(kems(phone, "game", "import", str(back))).out
    assert text.splitlines()[0] == "A game named jeudi is already on this sheet: imported as game-2."
    assert text.splitlines()[1] == (f"Game game-2 imported from {back} (4 lines) — Pagat, in the letters KEMPS (a "
                                    "team that spells the word is out, the last team left wins):")
    again = json.loads(exported(kems, phone, game="game-2"))
    first = json.loads(exported(kems, phone, game="jeudi"))
    # only the name differs: in the score and in the rows (the history and the CSV name no game)
    assert again["score"].pop("game") == "game-2" and first["score"].pop("game") == "jeudi"
    assert again["sheet"]["game"].pop("name") == "game-2" and first["sheet"]["game"].pop("name") == "jeudi"
    assert again == first
    assert exported(kems, phone, "csv", game="game-2") == exported(kems, phone, "csv", game="jeudi")
    assert tally_is_right(phone, "game-2") == {**tally_is_right(phone, "jeudi"), "game": "game-2"}
    fr = _ok(kems(phone, "game", "import", str(back), lang="fr")).out
    assert fr.splitlines()[0] == "Une partie nommée jeudi est déjà sur cette feuille : importée sous le nom game-3."


def test_the_export_s_rows_are_named_and_versioned_and_its_lines_stream(kems, tmp_path):
    db = tmp_path / "games.sqlite3"
    play_an_evening(kems, db)
    data = json.loads(exported(kems, db))
    assert list(data) == ["score", "history", "teams", "target", "sheet"]
    rows_ = data["sheet"]
    assert (rows_["format"], rows_["version"]) == ("kems-ref-game", 1)
    assert list(rows_) == ["format", "version", "game", "teams", "entries"]
    assert [e["n"] for e in rows_["entries"]] == list(range(1, 11))
    assert rows_["entries"][0]["ruling"]["format"] == 2  # the ruling as stored data, not worded
    with Store(db, writes=False) as store:
        game = store.game("soir")
        written = transfer.sheet_of(store, game)
        assert not isinstance(written["entries"], list)  # an iterator: the JSON writer streams it
        from kems_ref.outputs.formats import json_pieces

        assert "".join(json_pieces({"sheet": written}, ensure_ascii=False)) == json.dumps(
            {"sheet": rows_}, ensure_ascii=False, indent=2)


# --- what is refused, the sheet left as it was ---------------------------------------------------------

def _edit(data, change):
    edited = copy.deepcopy(data)
    change(edited)
    return edited


def _bad_files(good):
    """(what is wrong, the file's bytes, the message) — each refused whole."""
    entries = lambda d: d["sheet"]["entries"]  # noqa: E731
    damaged = "is damaged or was edited: "
    nothing = " (nothing was imported)"
    return [
        ("not JSON", b"game soir: Tom+L\xc3\xa9a 2", "is not JSON: not a game exported by kems-ref "
                                                     "(game export --format json)"),
        ("not UTF-8", b"\xff\xfe{", "is not JSON: not a game exported by kems-ref (game export --format json)"),
        ("cut short", json.dumps(good).encode()[:-40], "is not JSON: not a game exported by kems-ref "
                                                      "(game export --format json)"),
        ("a list", b"[]", "is not a game exported by kems-ref (game export --format json)"),
        ("no rows (an export of an older kems-ref)", json.dumps({k: v for k, v in good.items() if k != "sheet"}),
         "is not a game exported by kems-ref (game export --format json)"),
        ("another format's name", _edit(good, lambda d: d["sheet"].update(format="kems-ref-sheet")),
         "is not a game exported by kems-ref (game export --format json)"),
        ("a newer version", _edit(good, lambda d: d["sheet"].update(version=2)),
         "was exported by a newer kems-ref (its game format is version 2, this one reads 1): update kems-ref"
         + nothing),
        ("a version as text", _edit(good, lambda d: d["sheet"].update(version="1")),
         damaged + "sheet.version is not what kems-ref writes there" + nothing),
        ("a missing key", _edit(good, lambda d: d["sheet"]["game"].pop("unit")),
         damaged + "sheet.game.unit is missing" + nothing),
        ("a missing list", _edit(good, lambda d: d["sheet"].pop("entries")),
         damaged + "sheet.entries is missing" + nothing),
        ("a key of another program's", _edit(good, lambda d: entries(d)[2].update(note="x")),
         damaged + "sheet.entries[2].note is not a key kems-ref writes" + nothing),
        ("a line missing", _edit(good, lambda d: entries(d).pop(4)),
         damaged + "its lines are not numbered 1, 2, 3… in order" + nothing),
        ("a ruling that does not load", _edit(good, lambda d: entries(d)[0]["ruling"].pop("verdict")),
         damaged + "line 1: its ruling does not load" + nothing),
        ("a ruling of words", _edit(good, lambda d: entries(d)[0].update(ruling={"verdict": "upheld"})),
         damaged + "line 1: its ruling does not load" + nothing),
        ("a reason no kems-ref words", _edit(good, lambda d: entries(d)[0]["ruling"]["reasons"][0].update(
            key="why.made_up")), damaged + "line 1: its ruling does not load" + nothing),
        ("an undo of a later line", _edit(good, lambda d: entries(d)[6].update(refers=9)),
         damaged + "line 7: its refers is not what kems-ref writes" + nothing),
        ("a decision on a plain line", _edit(good, lambda d: entries(d)[2].update(refers=1) or entries(d)[0].update(
            kind="point")), damaged + "line 3: its refers is not what kems-ref writes" + nothing),
        ("applied as a fraction", _edit(good, lambda d: entries(d)[0].update(applied=1.0)),
         damaged + "line 1: its applied is not what kems-ref writes" + nothing),
        ("a name with an escape", _edit(good, lambda d: entries(d)[0].update(by_player="L\x1b[2Jéa")),
         damaged + "line 1: its by_player is not what kems-ref writes" + nothing),
        ("an end rule of none", _edit(good, lambda d: d["sheet"]["game"].update(end_rule="draws")),
         damaged + "sheet.game.end_rule is not what kems-ref writes there" + nothing),
        ("a team of one", _edit(good, lambda d: d["sheet"]["teams"][0].update(name="Tom", players=["Tom"])),
         damaged + "sheet.teams[0] is not what kems-ref writes there" + nothing),
        ("an unknown convention", _edit(good, lambda d: d["sheet"]["game"].update(convention="tomorrow")),
         damaged + "its convention tomorrow is not one this kems-ref has (update kems-ref)" + nothing),
        ("a score to a team not playing", _edit(good, lambda d: entries(d)[0]["changes"][0].update(team="Zoé+Max")),
         damaged + "a line or a team holds values the score sheet refuses" + nothing),
        ("a verdict no kems-ref writes", _edit(good, lambda d: entries(d)[0].update(verdict="maybe")),
         damaged + "a line or a team holds values the score sheet refuses" + nothing),
    ]


def test_a_file_kems_ref_did_not_write_or_damaged_or_newer_is_refused_and_the_sheet_left_as_it_was(kems, tmp_path):
    computer, phone = tmp_path / "computer.sqlite3", tmp_path / "phone.sqlite3"
    play_an_evening(kems, computer)
    good = json.loads(exported(kems, computer))
    _ok(kems(phone, "game", "new", "--team", "Zoé+Max", "--team", "Inès+Karim", "--target", "5"))
    kept, digest = rows(phone), sha(phone)
    for what, content, message in _bad_files(good):
        path = tmp_path / "bad.json"
        path.write_bytes(content if isinstance(content, bytes) else json.dumps(content, ensure_ascii=False).encode())
        r = kems(phone, "game", "import", str(path))
        assert (r.code, r.out, r.err) == (2, "", f"kems-ref: error: {path} {message}\n"), what
        as_json = kems(phone, "game", "import", str(path), "--json")
        assert as_json.code == 2 and as_json.json() == {"error": f"{path} {message}"}, what
        assert rows(phone) == kept and sha(phone) == digest, what
    assert not Path(f"{phone}-wal").exists() or Path(f"{phone}-wal").stat().st_size == 0


def test_a_folder_a_symlink_loop_a_missing_file_a_huge_one_and_a_pipe_are_refused_before_the_sheet_is_opened(
        kems, tmp_path):
    db = tmp_path / "games.sqlite3"
    loop = tmp_path / "loop.json"
    os.symlink(loop, loop)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(transfer.MAX_FILE + 1)  # sparse: nothing written, the size is what is checked
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    for path, message in (
            (tmp_path, f"{tmp_path} is not a file (a folder, a device…): give the file game export --format json "
                       "wrote"),
            (loop, f"cannot read {loop}: {os.strerror(40)}"),
            (tmp_path / "none.json", f"cannot read {tmp_path / 'none.json'}: No such file or directory"),
            (huge, f"{huge} is over 64 MB: no exported game is that large (nothing was imported)"),
            (pipe, f"{pipe} is not a file (a folder, a device…): give the file game export --format json wrote")):
        r = kems(db, "game", "import", str(path))
        assert (r.code, r.err) == (2, f"kems-ref: error: {message}\n"), path
    assert not db.exists()  # nothing opened, nothing created
    r = kems(db, "game", "import")
    assert r.code == 2 and "FILE" in r.err


def test_a_refusal_is_said_in_the_table_s_language(kems, tmp_path):
    path = tmp_path / "newer.json"
    path.write_text(json.dumps({"sheet": {"format": "kems-ref-game", "version": 3}}), encoding="utf-8")
    r = kems(tmp_path / "games.sqlite3", "game", "import", str(path), lang="fr")
    assert r.code == 2 and r.err == (f"kems-ref : erreur : {path} a été exporté par un kems-ref plus récent (son "
                                     "format de partie est en version 3, celui-ci lit la 1) : mettez kems-ref à jour "
                                     "(rien n'a été importé)\n")


def test_game_import_is_never_read_as_a_short_entry_on_the_fast_path():
    assert fast._entry(["import", "game.json"]) is None
    assert fast.attempt(["game", "import", "game.json"]) is None  # the Typer command line reads it
    assert "import" in fast.SHEET_COMMANDS


def test_a_house_file_s_own_call_may_not_be_named_import(tmp_path):
    from kems_ref.corpus.schema import RESERVED

    assert "import" in RESERVED
