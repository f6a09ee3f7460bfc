"""Names are printed on every player's screen: a name that holds a control character is refused at
entry, and one already stored (a file written by another program) is shown as escapes — never
obeyed — in every output of the score sheet, in every format."""

import json
import re
import sqlite3

import pytest

#: what a terminal would obey: C0 controls but newline and tab, DEL, C1 controls, bidi overrides
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u202a-\u202e\u2066-\u2069]")
HOSTILE = {
    "clipboard": "Tom\x1b]52;c;SGVsbG8=\x07",  # OSC 52: writes the reader's clipboard
    "clear": "Tom\x1b[2J\x1b[H",  # clears the screen
    "csi-c1": "Tom\x9b31m",  # a C1 CSI that JSON leaves raw
    "bidi": "Tom\u202eaéL",  # reorders the line
    "title": "Tom\x1b]0;pwned\x07",  # the window title
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_name_with_a_control_character_is_refused_at_entry_and_nothing_is_written(run, tmp_path, kind):
    db = tmp_path / "games.sqlite3"
    env = {"KEMS_REF_DB": str(db)}
    name = HOSTILE[kind]
    for args in (["--team", f"{name}+Léa", "--team", "Ana+Ben"],
                 ["--team", "Tom+Léa", "--team", "Ana+Ben", "--name", name]):
        r = run("game", "new", *args, "-c", "ducale", "--target", "5", env=env)
        assert r.code == 2 and "holds a control character" in r.err
        assert not RAW.search(r.out + r.err)
        j = run("game", "new", *args, "-c", "ducale", "--target", "5", "--json", env=env)
        assert j.code == 2 and not RAW.search(j.out)
    assert not db.exists() or run("game", "list", "--json", env=env).json() == []


def _stored(tmp_path, run, name):
    """A sheet whose file holds a hostile name (written by another program into a kems-ref database)."""
    db = tmp_path / "games.sqlite3"
    env = {"KEMS_REF_DB": str(db)}
    assert run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "ducale", "--target", "9",
               "--name", "soir", env=env).code == 0
    assert run("game", "call", "kems", "--by", "Léa", "--hand", "Q Q Q Q", env=env).code == 0
    con = sqlite3.connect(db)
    con.execute("UPDATE teams SET name = ?, players = ? WHERE idx = 0", (f"{name}+Léa", json.dumps([name, "Léa"])))
    con.execute("UPDATE games SET name = ?", (f"soir{name}",))
    con.execute("UPDATE entries SET changes = ?", (json.dumps([{"team": f"{name}+Léa", "change": 1,
                                                                 "unit": "point"}]),))
    con.commit()
    con.close()
    return env


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_stored_name_with_control_characters_is_never_printed_raw_by_any_game_command(run, tmp_path, kind):
    env = _stored(tmp_path, run, HOSTILE[kind])
    score = run("game", "score", "--json", env=env).json()
    assert score["teams"][0]["team"].startswith("Tom\\") and score["teams"][0]["points"] == 1  # shown, counted
    commands = [["list"], ["score"], ["history"], ["show"], ["export", "--format", "markdown"],
                ["export", "--format", "csv"], ["export", "--format", "json"], ["rescore", "-c", "pagat"],
                ["point", "Ana", "1"], ["call", "kems", "--by", "Ana", "--hand", "2 3 4 5"], ["undo"], ["redo"]]
    for args in commands:
        for extra in ([], ["--json"]):
            r = run("game", *args, *extra, env={**env, "COLUMNS": "200"})
            assert r.code in (0, 2), (args, r.err)
            assert not RAW.search(r.out + r.err), (args, extra, repr(r.out + r.err)[:300])


@pytest.mark.slow
def test_the_markdown_export_keeps_a_name_in_its_cell_and_never_opens_html(run, tmp_path):
    db = str(tmp_path / "g.sqlite3")
    assert run("game", "new", "--team", "A|x|y+<img src=x onerror=alert(1)>", "--team", "Ana+Ben", "-c", "ducale",
               "--target", "5", "--name", "g|h", "--db", db).code == 0
    assert run("game", "point", "A|x|y", "1", "--db", db).code == 0
    md = run("game", "export", "--format", "markdown", "--db", db, "--lang", "en").out
    assert md.splitlines()[0] == "# Game g\\|h — Ducale, to 5 points (the first team to reach them wins)"
    assert "| A\\|x\\|y+&lt;img src=x onerror=alert(1)&gt; | A\\|x\\|y, &lt;img src=x onerror=alert(1)&gt; | 1 |" in md
    assert "<img" not in md


@pytest.mark.slow
def test_a_line_break_already_stored_in_a_name_stays_on_its_line_everywhere(run, tmp_path):
    import sqlite3

    db = str(tmp_path / "g.sqlite3")
    assert run("game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "ducale", "--target", "5",
               "--db", db).code == 0
    con = sqlite3.connect(db)
    con.execute("UPDATE teams SET name = 'Ana+Ben' || char(10) || '| forged | row |' WHERE idx = 1")
    con.commit()
    con.close()
    listed = run("game", "list", "--db", db, "--lang", "en").out
    assert len(listed.strip().splitlines()) == 1 and "Ana+Ben\\n\\| forged" not in listed
    assert "Ana+Ben\\n| forged | row |" in listed
    md = run("game", "export", "--format", "markdown", "--db", db, "--lang", "en").out
    assert "| Ana+Ben\\n\\| forged \\| row \\| | Ana, Ben | 0 |" in md
    refused = run("game", "point", "Zed", "1", "--db", db, "--lang", "en")
    assert refused.code == 2 and len(refused.err.strip().splitlines()) == 1


BEL_NAME = "a\x07b"  # folded, "a b": the team A+B's name, had it not been refused
REFUSED = "kems-ref: error: 'a\\x07b' holds a control character (an escape sequence, a line break…): a name may " \
          "hold letters, digits, spaces and punctuation only\n"


def _two_teams(run, tmp_path):
    db = str(tmp_path / "g.sqlite3")
    assert run("game", "new", "--team", "A+B", "--team", "C+D", "-c", "ducale", "--target", "5", "--db", db).code == 0
    return db


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["point", BEL_NAME, "1"],
    ["call", "kems", "--by", BEL_NAME, "--square"],
    ["call", "contre-kems", "--by", "C", "--on", BEL_NAME, "--square"],
    ["kems", BEL_NAME, "--square"],
    ["contre", "C", BEL_NAME, "--square"],
])
def test_a_name_with_a_control_character_is_never_matched_to_a_player_by_any_command(run, tmp_path, args):
    """"a<BEL>b" folds to the words of the team A+B: it is refused as `game new` refuses it, not credited."""
    db = _two_teams(run, tmp_path)
    r = run("game", *args, "--db", db, "--lang", "en")
    assert (r.code, r.err, r.out) == (2, REFUSED, "")
    assert run("game", "history", "--db", db, "--json").json() == []


def test_the_api_refuses_a_name_with_a_control_character_with_the_command_lines_message(run, tmp_path):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from kems_ref.web.app import create_app
    from kems_ref.web.base import Settings

    db = _two_teams(run, tmp_path)
    client = TestClient(create_app(Settings(db=tmp_path / "g.sqlite3", lang="en")), base_url="http://127.0.0.1:8765")
    message = REFUSED.split("error: ", 1)[1].rstrip("\n")
    for path, body in (("points", {"team": BEL_NAME, "n": 1}), ("calls", {"event": "kems", "by": BEL_NAME}),
                       ("calls", {"event": "contre-kems", "by": "C", "on": BEL_NAME, "square": True})):
        r = client.post(f"/api/games/current/{path}", json=body)
        assert (r.status_code, r.json()) == (400, {"error": message})
    page = client.post("/point", data={"team": BEL_NAME, "n": "1"}, headers={"origin": "http://127.0.0.1:8765"})
    assert page.status_code == 400 and "holds a control character" in page.text
    assert run("game", "history", "--db", db, "--json").json() == []
