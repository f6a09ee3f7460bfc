"""Every route of `kems-ref serve` bounded, never a 500 (issue #28, section 3): what a hostile tester
found, each a ruling of behaviour, and every page and API route — enumerated from the app itself, so a
new route is fuzzed without being listed here — under a fixed-seed fuzz test bounded in count and in
time, that accepts a 2xx, 3xx or 4xx and never a 500 or a traceback.

Every request goes to Starlette's TestClient in process (``raise_server_exceptions=False``: a 500 is
seen as the status a phone would get), addressed to 127.0.0.1.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape

pytest.importorskip("starlette", reason="the web extra (pip install 'kems-ref[web]') is not installed")

from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from kems_ref import library as kems
from kems_ref.referee.situation import SITUATION_KEYS
from kems_ref.web import pages
from kems_ref.web.app import CALL_KEYS, create_app
from kems_ref.web.base import Settings

BASE = "http://127.0.0.1:8765"
SAME = {"origin": BASE}
FORM = {**SAME, "content-type": "application/x-www-form-urlencoded"}
KENT = str(Path(__file__).parent / "data" / "variants" / "kent.yaml")
TOO_LONG = {"en": "story too long (at most 2000 characters): tell just the dispute",
            "fr": "récit trop long (au plus 2000 caractères) : racontez juste la dispute"}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "sheet.sqlite3"


@pytest.fixture
def client(db: Path) -> TestClient:
    return TestClient(create_app(Settings(db=db, lang="en")), base_url=BASE, raise_server_exceptions=False)


def _game(client: TestClient, convention: str = "ducale") -> None:
    r = client.post("/api/games", json={"teams": ["Léa+Tom", "Inès+Karim"], "convention": convention, "target": 5})
    assert r.status_code == 201, r.text


# --- a story: one bound, the library's, for the command line, the page and the API -------------------

def test_a_story_over_2000_characters_is_refused_by_the_api_before_it_is_read(client):
    story = "contre kems sur deux 7 et deux rois " * 1700  # 61,200 characters: half a minute of reading
    r = client.post("/api/ask", json={"words": story})
    assert (r.status_code, r.json()) == (400, {"error": TOO_LONG["en"]})
    r = client.post("/api/ask?lang=fr", json={"words": "x" * 2001})
    assert (r.status_code, r.json()) == (400, {"error": TOO_LONG["fr"]})


def test_a_story_of_exactly_2000_characters_is_read_by_the_api(client):
    story = "contre-kems sur deux 7 et deux rois".ljust(2000)
    r = client.post("/api/ask?lang=fr", json={"words": story})
    assert r.status_code == 200 and r.json()["verdict"] == "rejected"


def test_the_ask_page_refuses_a_long_story_with_the_same_message(client):
    r = client.get("/ask", params={"words": "x" * 2001})
    assert r.status_code == 400 and TOO_LONG["en"] in r.text


def test_the_command_line_refuses_a_long_story_with_the_same_message(run):
    r = run("ask", "--no-input", "--lang", "en", "x" * 2001)
    assert (r.code, r.err.strip()) == (2, f"kems-ref: error: {TOO_LONG['en']}")


# --- every number a request carries is checked before int() sees it ---------------------------------

def _waiting_call(client: TestClient) -> None:
    _game(client)
    called = client.post("/api/games/current/calls", json={"event": "contre-kems", "by": "Inès", "on": "Léa"})
    assert called.json()["applied"] is False and len(called.json()["choices"]) == 2


@pytest.mark.parametrize("entry, branch, key", [("9" * 5000, "1", "entry"), ("²", "1", "entry"),
                                                ("1", "9" * 5000, "branch"), ("1", "²", "branch"),
                                                ("", "1", "entry"), ("1", "-1", "branch")])
def test_a_decision_on_a_5000_digit_entry_is_refused_with_a_clear_message(client, entry, branch, key):
    _waiting_call(client)
    r = client.post("/decide", content=f"entry={entry}&branch={branch}".encode(), headers=FORM)
    assert r.status_code == 400
    assert f"&#39;{key}&#39; has a value of the wrong kind." in r.text and "Traceback" not in r.text
    assert len(client.get("/api/games/current/score").json()["waiting"]) == 1  # nothing decided


def test_a_decision_through_the_api_on_an_entry_past_nine_digits_is_refused_naming_it(client):
    _waiting_call(client)
    for body, key in (({"branch": "1", "entry": 10**4000}, "entry"), ({"branch": 10**10, "entry": 1}, "branch"),
                      ({"branch": True}, "branch"), ({"branch": "1", "entry": "1"}, "entry")):
        r = client.post("/api/games/current/decide", json=body)
        assert (r.status_code, r.json()) == (400, {"error": f"'{key}' has a value of the wrong kind."})
    r = client.post("/api/games/current/decide", content=b'{"branch": "1", "entry": ' + b"9" * 5000 + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and "error" in r.json()  # past Python's own limit: not JSON it reads
    assert client.post("/api/games/current/decide", json={"branch": 1, "entry": 1}).status_code == 200


@pytest.mark.slow
@pytest.mark.parametrize("typed", ["²", "٣", "9" * 5000, "reading=" + "9" * 5000])
def test_a_branch_typed_as_a_superscript_a_foreign_digit_or_5000_digits_is_no_branch(run, tmp_path, typed):
    """The library's reading of a branch (``game decide``, ``--decide``, the API's ``branch``): ASCII
    digits, a few of them, else the facts it names — never an internal error, and the echo is short."""
    db = str(tmp_path / "g.db")
    assert run("game", "new", "--team", "A+B", "--team", "C+D", "--target", "5", "--db", db).code == 0
    assert run("game", "call", "contre-kems", "--by", "A", "--on", "C", "--db", db).code == 0
    r = run("game", "decide", typed, "--db", db, "--lang", "en")
    shown = typed if len(typed) <= 40 else typed[:40] + "…"
    assert (r.code, r.err.strip()) == (
        2, f"kems-ref: error: no branch '{shown}' (there are 2: give 1 to 2, or FACT=VALUE)")
    assert run("game", "decide", "2", "--db", db, "--json").code == 0


def test_a_point_on_the_page_is_a_number_of_at_most_four_digits(client):
    _game(client)
    for n in ("12345", "²", "1e3", "", "- 1"):
        r = client.post("/point", content=f"team=L%C3%A9a&n={n}".encode(), headers=FORM)
        assert r.status_code == 400 and "&#39;n&#39; has a value of the wrong kind." in r.text
    assert client.post("/point", content=b"team=L%C3%A9a&n=-2", headers=FORM).status_code == 200
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == -2


# --- the checklist page: one convention, or a mixed table of any of them -----------------------------

def _shown_lines(page: str) -> list[str]:
    """The checklist page's list as lines of text: each question, then each of its lines."""
    import html
    import re

    body = page[page.index('<ul class="checklist'):]
    body = body[:body.index("</ul>")]
    text = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<br>|</li>", "\n", body)))
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def _sheet_lines(text: str) -> list[str]:
    """The command line's mixed-table sheet, as the same lines: its title, intro and sources left out."""
    body = text.split("\n\n")[1]
    return [" ".join(line.replace("[ ] ", "", 1).split()) for line in body.splitlines()]


@pytest.mark.parametrize("chosen", [["pagat", "ducale"], ["ducale", "wikipedia", "pagat"], kems.shipped_ids()])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_checklist_page_of_a_mixed_table_is_the_command_lines_mixed_sheet(run, client, chosen, lang):
    r = client.get("/checklist", params=[("c", c) for c in chosen] + [("lang", lang)])
    assert r.status_code == 200, r.text
    cli = run("checklist", *(a for c in chosen for a in ("-c", c)), "--lang", lang)
    assert cli.code == 0
    assert _shown_lines(r.text) == _sheet_lines(cli.out)
    assert str(escape(cli.out.splitlines()[1])) in r.text  # "Where pagat, ducale disagree or are silent…"
    for source in cli.out.split("\n\n")[2].splitlines():  # "pagat: Pagat …", each convention's name
        assert f"<li>{escape(source)}</li>" in r.text


def test_the_checklist_page_of_nine_conventions_gives_each_point_nine_answers(client):
    ids = kems.shipped_ids()
    assert len(ids) == 9
    page = client.get("/checklist", params=[("c", c) for c in ids]).text
    items = kems.checklist(ids, "en").items
    lines = _shown_lines(page)
    assert len(lines) == len(items) * 11  # the question, nine answers, the table's line
    assert [lines[i * 11] for i in range(len(items))] == [it["question"] for it in items]
    assert [line.split(":")[0] for line in lines[1:10]] == ids


def _checklist_text_lines(text: str) -> list[str]:
    """A convention's sheet as the command line writes it, as the page's lines: each question, its
    answer with its citation (or what the table decides), a contradiction, the source's advice."""
    lines: list[str] = []
    for line in text.split("\n\n")[1].splitlines():
        if line.startswith("== "):
            continue
        if line.startswith("[ ] "):
            question, answer = line[4:].split("  →  ")
            lines += [question, answer.replace(": ________", "").replace(" ________", "")]
        elif line.startswith("      (") and line.endswith(")"):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.strip())
    return [" ".join(line.split()) for line in lines]


def test_the_checklist_page_of_one_convention_lists_its_points_and_what_is_to_decide(client):
    page = client.get("/checklist?c=ducale&c=&c=ducale")  # the same convention twice is one column
    assert page.status_code == 200
    items = kems.checklist(["ducale"], "en").items
    lines = _shown_lines(page.text)
    assert lines == _checklist_text_lines(kems.CHECKLIST.write(kems.Format.TEXT, kems.checklist(["ducale"], "en"),
                                                                "en"))
    assert lines[:2] == [items[0]["question"], f"{items[0]['answer']} (usage) (Notice Ducale, via Regles.com, "
                         "réf. [1] — Fiche technique (version principale) ; Fiche technique › Joueurs ; Limites et "
                         "variantes, tableau « 2, 6 ou 8 joueurs »)"]
    assert "TO DECIDE" in lines
    assert _shown_lines(client.get("/checklist").text) == lines  # Ducale: the default


@pytest.mark.parametrize("query, says", [("c=pagat&c=nowhere", "unknown convention 'nowhere'"),
                                         ("c=pagat&c=/etc/passwd", "never by a file path")])
def test_a_checklist_naming_an_unknown_convention_or_a_file_is_a_400_saying_so(client, query, says):
    r = client.get(f"/checklist?{query}")
    assert r.status_code == 400 and says in r.text.replace("&#39;", "'")


# --- the Host header: loopback names only, parsed whole ----------------------------------------------

@pytest.mark.parametrize("host", [
    "[::1].evil.example", "[::1]evil.example", "[::1]:8765.evil.example", "[::1]:8765@evil.example",
    "[::1]:", "[::1]:port", "[::1]:123456", "[::1", "::1]", "[::1]]", "[[::1]]", "[::1]:8765:8765", "::1",
    "[evil.example]", "[127.0.0.1]", "[::1%25lo]", "[::1] ", " [::1]",
    "127.0.0.1.evil.example", "127.0.0.1:8765.evil.example", "127.0.0.1:80:80", "localhost:8765@evil.example",
    "evil.example#@localhost", "localhost evil.example", "localhost.", "localhost:", "", "127.0.0.1/x",
    "localhost\\", "[::1]" + "0" * 400,
])
def test_without_a_token_a_host_that_only_begins_like_a_loopback_name_is_refused(db, host):
    client = TestClient(create_app(Settings(db=db)), base_url=BASE, raise_server_exceptions=False)
    r = client.get("/api/games", headers={"host": host})
    assert (r.status_code, r.json()) == (421, {"error": "this server answers on its own address only (127.0.0.1 or "
                                                        "localhost): open the link kems-ref serve printed."})


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8765", "localhost", "LocalHost:8765", "[::1]",
                                  "[::1]:8765", "[0:0:0:0:0:0:0:1]:8765", "[::0001]"])
def test_without_a_token_each_way_of_writing_a_loopback_name_is_served(db, host):
    client = TestClient(create_app(Settings(db=db)), base_url=BASE, raise_server_exceptions=False)
    r = client.get("/api/games", headers={"host": host})
    assert (r.status_code, r.json()) == (200, [])


def test_the_address_serve_was_given_is_served_however_an_ipv6_address_is_written(db):
    settings = Settings(db=db, hosts={"127.0.0.1", "localhost", "::1", "FD00:0::7"})
    client = TestClient(create_app(settings), base_url=BASE, raise_server_exceptions=False)
    assert client.get("/api/games", headers={"host": "[fd00::7]:8765"}).status_code == 200
    assert client.get("/api/games", headers={"host": "[fd00::8]:8765"}).status_code == 421


# --- what the fuzz test found ----------------------------------------------------------------------

def test_an_error_naming_what_a_request_typed_with_a_newline_is_one_line(client, run, tmp_path):
    """A game asked for as "a\\nb" is refused as a name holding a control character, named "a b": one line
    on the API, the page and the command line."""
    _game(client)
    said = ("'a b' holds a control character (an escape sequence, a line break…): a name may hold letters, digits,"
            " spaces and punctuation only")
    r = client.get("/api/games/a%0Ab/score")
    assert (r.status_code, r.json()) == (400, {"error": said})
    r = client.get("/api/games/a%0Ab/score?lang=fr")
    assert r.json()["error"].startswith("« a b » contient un caractère de contrôle")
    db = str(tmp_path / "other.db")
    assert run("game", "new", "--team", "A+B", "--team", "C+D", "--target", "5", "--db", db).code == 0
    cli = run("game", "score", "--game", "a\nb", "--db", db, "--lang", "en")
    assert (cli.code, cli.err) == (2, f"kems-ref: error: {said}\n")


@pytest.mark.parametrize("length", [b"\xb2", b"\xd9\xa3", b"9" * 5000, b"-1", b"", b"1e3", b" 12"])
def test_a_content_length_that_is_no_number_is_refused_not_a_crash(db, length):
    """A request whose Content-Length is "²" (a digit to isdigit(), no number to int()) or 5,000 digits:
    refused as a body past 64 KB, before anything reads it."""
    import asyncio

    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"{}"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/rule", "raw_path": b"/api/rule", "query_string": b"",
             "headers": [(b"host", b"127.0.0.1:8765"), (b"content-length", length)], "scheme": "http",
             "server": ("127.0.0.1", 8765), "http_version": "1.1"}
    asyncio.run(create_app(Settings(db=db))(scope, receive, send))
    assert (sent[0]["status"], json.loads(sent[1]["body"])) == (413, {"error": "a request's body is at most 64 KB."})


@pytest.mark.parametrize("origin", ["http://[::1", "http://[::1]x", "http://[", "http://127.0.0.1:8765]"])
def test_a_post_whose_origin_is_no_address_is_refused_as_from_another_site(client, origin):
    _game(client)
    for path, request in (("/decide", {"data": {"branch": "1", "entry": "1"}}),
                          ("/api/games/current/points", {"json": {"team": "Léa", "n": 5}})):
        r = client.post(path, headers={"origin": origin}, **request)
        said = "a change sent from another site is refused: make it from this table&#39;s own page."
        assert r.status_code == 403 and (r.json() == {"error": said.replace("&#39;", "'")} if path.startswith("/api/")
                                         else said in r.text)
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 0


def test_a_form_that_is_not_utf8_is_refused_in_the_requests_language(client):
    _game(client)
    for lang, says in (("en", "the form is not UTF-8 text."), ("fr", "le formulaire n&#39;est pas du texte UTF-8.")):
        r = client.post(f"/point?lang={lang}", content=b"team=L%E9a&n=1", headers=FORM)
        assert r.status_code == 400 and f'<p class="error" role="alert">{says}</p>' in r.text
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 0


def test_a_body_past_64_kb_without_a_length_is_a_413_in_the_requests_language(client):
    _game(client)

    def chunks():  # no Content-Length: the body is counted as it comes
        yield b'{"team": "L\\u00e9a", "n": 1, "pad": "'
        for _ in range(70):
            yield b"x" * 1024
        yield b'"}'

    r = client.post("/api/games/current/points?lang=fr", content=chunks(), headers=SAME)
    assert (r.status_code, r.json()) == (413, {"error": "le corps d'une requête fait au plus 64 Ko."})
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 0


def test_words_over_200_characters_to_compare_are_refused_before_they_are_looked_up(client, run):
    """The words that name a point are matched one by one against every point's: 30,000 characters of them
    held a thread for 12 s; past 200 they are refused, by the library, for the API, the page and the CLI."""
    words = "carte levée balayage " * 20  # 420 characters
    said = {"en": "'carte levée balayage carte levée balayag…' is too long to name a convention, a rule point, "
                  "a topic or a word of the game (at most 200 characters)",
            "fr": "« carte levée balayage carte levée balayag… » est trop long pour nommer une convention, "
                  "un point de règle, un thème ou un mot du jeu (au plus 200 caractères)"}
    with pytest.raises(kems.KemsError) as refused:
        kems.compare([words], "fr")
    assert refused.value.render("fr") == said["fr"]
    r = client.get("/api/compare", params={"point": words})
    assert (r.status_code, r.json()) == (400, {"error": said["en"]})
    r = client.get("/compare", params={"point": words, "lang": "fr"})
    assert r.status_code == 400 and str(escape(said["fr"])) in r.text
    cli = run("compare", words, "--lang", "en")
    assert (cli.code, cli.err) == (2, f"kems-ref: error: {said['en']}\n")
    assert client.get("/api/compare", params={"point": "carte levée"}).json()["rows"][0]["rule_point"] == \
        "exchange.lifted_card"


def test_compare_and_the_checklist_name_at_most_as_many_conventions_as_the_table_has(db):
    client = TestClient(create_app(Settings(db=db, lang="en")), base_url=BASE, raise_server_exceptions=False)
    ten = [*kems.shipped_ids(), "kent"]
    r = client.get("/api/compare", params={"point": "call.kems.right", "conventions": ",".join(["pagat"] * 10)})
    assert (r.status_code, r.json()) == (400, {"error": "name at most 9 conventions: this table has 9."})
    r = client.get("/checklist", params=[("c", c) for c in ten])
    assert r.status_code == 400 and "name at most 9 conventions: this table has 9." in r.text
    assert client.get("/checklist", params=[("c", "pagat")] * 500).status_code == 200  # one convention, once
    nine = client.get("/api/compare", params={"point": "call.kems.right", "conventions": ",".join(ten[:9])})
    assert nine.status_code == 200 and nine.json()["conventions"] == ten[:9]
    with_kent = TestClient(create_app(Settings(db=db, lang="en", houses={"kent": KENT})), base_url=BASE,
                           raise_server_exceptions=False)
    assert with_kent.get("/checklist", params=[("c", c) for c in ten]).status_code == 200


# --- every route, fuzzed: never a 500 -----------------------------------------------------------------

WEB = Path(__file__).resolve().parents[1] / "kems_ref" / "web"
#: the keys a handler reads, found in the handlers' own code (a new form field is fuzzed with the rest),
#: and every key a situation file takes (a call's body, the call page's address)
KEYS = sorted({key for path in WEB.glob("*.py") for key in re.findall(
    r"""\.(?:get|getlist|pop)\(\s*["']([A-Za-z0-9_.-]+)["']""", path.read_text(encoding="utf-8"))}
    | SITUATION_KEYS | set(CALL_KEYS) | {"partner-hand", "no-square", "reading.call.kems.wrong", "team1", "team2"})
HOSTILE = ["", " ", "0", "-1", "-0", "+1", "01", "10000", "9" * 30, "9" * 5000, "²", "٣", "1e3", "1.5", "null",
           "/etc/passwd", "../x.yaml", "~/x.yaml", "x" * 2001, "<b>x</b>", "\x00", "\x1b[31m", "\u202e", "%", "&",
           "=", "%FF", "é" * 300, "balyage carte " * 1500, "pagat," * 1000]
NUMBERS = [1, 2, 4, 5, 8, 32, 52, "2", "4"]
#: what a key's value looks like when it is well formed (any key may also get any hostile value)
LIKELY: dict[str, list[Any]] = {
    "event": ["kems", "contre-kems", "double-kems", "double-contre-kems", "broken", "deal", "exchange", "signal",
              "sweep", "same-card", "stock-out"],
    "by": ["Léa", "Inès", "Tom", "Karim", "Zoé"], "on": ["Léa", "Inès", "Tom", "Karim"],
    "team": ["Léa", "Inès", "Léa+Tom"], "teams": [["A+B", "C+D"], ["Léa+Tom"], ["A+B", "C+D", "E+F"]],
    "team1": ["A+B", "Léa+Tom"], "team2": ["C+D", "Inès+Karim"], "team3": ["E+F"], "name": ["dimanche", "current"],
    "hand": ["Q Q Q Q", "7 7 K K", "Q Q Q", "Q Q Q X", "V V V 2", ["Q", "Q", "Q", "J"]],
    "partner_hand": ["5 5 5 5", "2 3 4 5"], "partner-hand": ["5 5 5 5"], "lifted": ["Q"], "touched": ["Q"],
    "convention": ["ducale", "pagat", "kent", "marquoir", "wikipedia", "nowhere"],
    "c": ["ducale", "pagat", "kent", "wikipedia", "bicycle"], "conventions": ["pagat,ducale", "kent", ",,"],
    "point": ["call.kems.right", "calls", "balayage", "nope"], "term": ["carre", "stop kemps", "zzz"],
    "words": ["contre-kems sur deux 7 et deux rois", "on joue en combien de points ?", "stop kemps on 2 3 4 5, pagat",
              "Léa a fait un signe à Tom", "bonjour"],
    "lang": ["fr", "en", "de"], "done": ["1"], "all": [True, False],
    **{fact: ["yes", "no", True, False] for fact in ("square", "partner_square", "no-square", "during_sweep",
                                                     "after_kems", "take_first", "kems_right", "barred")},
    "branch": ["1", "2", "3", 1, "partner_square=yes", "reading=1"], "decide": ["1", "partner_square=no"],
    "reading.call.kems.wrong": ["1", "2", "3"], "reading": [["call.kems.wrong=2"], {"call.kems.wrong": 2}],
    **dict.fromkeys(("entry", "n", "for", "target", "players", "deck", "cards"), NUMBERS)}
#: well-formed fields that go together (a situation, a call, a decision…), not tied to a route: any route
#: may get any of them, mutated, and the one it reads takes it past its first checks, to the library
BASES: list[dict[str, Any]] = [
    {"event": "contre-kems", "hand": "7 7 K K"}, {"event": "kems", "hand": "Q Q Q Q", "convention": "pagat"},
    {"event": "exchange", "cards": 2, "take_first": True}, {"event": "kems", "square": True, "all": True},
    {"event": "kems", "by": "Léa", "hand": "Q Q Q Q"}, {"event": "contre-kems", "by": "Inès", "on": "Léa"},
    {"event": "kems", "by": "Léa", "square": "yes"}, {"event": "contre-kems", "by": "Inès", "on": "Léa",
                                                      "hand": "7 7 K K", "done": "1"},
    {"event": "kems", "by": "Léa", "hand": "Q Q Q", "lifted": "Q", "done": "1"},
    {"branch": "1", "entry": 3}, {"branch": "partner_square=yes"}, {"team": "Léa", "n": 1}, {"team": "Inès", "n": "-2"},
    {"teams": ["A+B", "C+D"], "target": 5}, {"team1": "A+B", "team2": "C+D", "target": "5", "convention": "pagat"},
    {"words": "contre-kems sur deux 7 et deux rois"}, {"words": "on joue en combien de points ?"},
    {"c": ["pagat", "ducale"]}, {"point": "call.kems.right", "conventions": "pagat,ducale"}, {"term": "carre"}, {}]
KEY = st.one_of(st.sampled_from(KEYS), st.sampled_from(sorted(LIKELY)), st.text(max_size=8))


def _value(key: str) -> st.SearchStrategy[Any]:
    likely = st.sampled_from(LIKELY.get(key, ["yes", "1"]))
    return st.one_of(likely, likely, st.sampled_from(HOSTILE), st.text(max_size=8))


@st.composite
def fields(draw: st.DrawFn, bases: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """The fields of a request: a well-formed set (one of those the route reads, or any), then up to three
    changes — a value replaced by a likely or a hostile one, a field dropped, any key a handler reads
    added (a key may then come twice)."""
    out = list(draw(st.sampled_from(bases) | st.sampled_from(BASES)).items())
    for change in draw(st.lists(st.sampled_from(["set", "drop", "add"]), max_size=3)):
        if change == "add" or not out:
            key = draw(KEY)
            out.append((key, draw(_value(key))))
        else:
            i = draw(st.integers(0, len(out) - 1))
            if change == "drop":
                del out[i]
            else:
                out[i] = (out[i][0], draw(_value(out[i][0])))
    return out


def _form(items: list[tuple[str, Any]]) -> list[tuple[str, str]]:
    """Fields as an address or a form carries them: text, a list as its key repeated."""
    out = []
    for key, value in items:
        for one in value if isinstance(value, list) else [value]:
            text = ("yes" if one else "no") if isinstance(one, bool) else json.dumps(one) if isinstance(one, dict) \
                else str(one)
            out.append((key, text))
    return out


JSON_VALUE = st.recursive(
    st.one_of(st.text(max_size=8), st.sampled_from(HOSTILE), st.integers(-(10**30), 10**30),
              st.sampled_from([0, 1, 2, -1, 10**9, 10**10, 10**4000]), st.booleans(), st.none(),
              st.floats(allow_nan=True)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=6)


@st.composite
def json_objects(draw: st.DrawFn, bases: list[dict[str, Any]]) -> dict[str, Any]:
    """A JSON body: the same fields, a few of them any JSON value instead."""
    out = dict(draw(fields(bases)))
    for key in draw(st.lists(st.sampled_from(sorted(out)), unique=True, max_size=2)) if out else []:
        out[key] = draw(JSON_VALUE)
    return out


#: headers a phone, a script or a hostile page may send (bytes: as they come, Latin-1 and all)
HEADERS: dict[str, list[Any]] = {
    "accept-language": ["fr-FR,fr;q=0.9", "en", "de", "*", ";;,", "fr;q=" + "9" * 5000],
    "cookie": ["kems_lang=fr", "kems_lang=de", b'kems_lang="\\351"', "kems_token=x", "=;;=", b"kems_lang=\xe9"],
    "content-length": [b"\xb2", b"9" * 5000, b"-1", b"", b"1e3", b"0x10"],
    "origin": [BASE, "null", "http://evil.example", "", "http://[::1"],
    "sec-fetch-site": ["cross-site", "same-origin", "none", ""],
    "host": ["127.0.0.1:8765", "[::1]:8765", "[::1].evil.example", "localhost", b"\xb2", "[::1]:" + "9" * 5000]}
EXAMPLES = int(os.environ.get("KEMS_REF_FUZZ", "200"))


def _reads(endpoint: Any) -> set[str]:
    """The keys a route's handler reads: each quoted in its code (every key of a situation where it
    reads one), so that the fuzz sends it the fields it takes as often as any others."""
    handler = next((cell.cell_contents for cell in endpoint.__closure__ or ()
                    if inspect.isfunction(cell.cell_contents)), endpoint)
    source = inspect.getsource(handler)
    found = {key for key in [*KEYS, *LIKELY] if f'"{key}"' in source}
    return found | (SITUATION_KEYS if "situation_of" in source or "_options" in source else set())


def _routes() -> list[tuple[str, str, dict[str, Any], list[dict[str, Any]]]]:
    """Every route of the app as it is built (path, method, its path parameters, the well-formed fields
    it reads), read from the app itself; the static files by one path under their mount."""
    app: Any = create_app(Settings(db=Path("unused.sqlite3")))
    out = []
    for route in app.app.routes:
        if isinstance(route, Route):
            reads = _reads(route.endpoint)
            fitting = [base for base in BASES if set(base) & reads] or BASES
            out += [(route.path, method, route.param_convertors, fitting) for method in sorted(route.methods or ())]
        elif isinstance(route, Mount):
            out += [(route.path + "/{file}", method, {"file": None}, [{}]) for method in ("GET", "HEAD")]
    return out


ROUTES = _routes()
PARAMS = {"game": ["current", "game-1", "current", "kent-game", "nowhere", "0", "9" * 5000],
          "event": ["kems", "contre-kems", "double-kems", "double-contre-kems", "broken", "deal", "Kems", "x" * 70],
          "code": ["en", "fr", "de", ""], "file": ["kems.css", "htmx.min.js", "../app.py", "nope"]}


def test_the_routes_fuzzed_are_the_apps_every_page_and_api_route():
    fuzzed = {(path, method) for path, method, _, _ in ROUTES}
    assert {(path, method) for path, _, methods in pages.ROUTES for method in methods} <= fuzzed  # every page
    assert {("/api/rule", "POST"), ("/api/ask", "POST"), ("/api/compare", "GET"), ("/api/games", "POST"),
            ("/api/games/{game}/decide", "POST"), ("/static/{file}", "GET")} <= fuzzed
    assert ("/checklist", "HEAD") in fuzzed  # HEAD too, wherever GET is


class Table:
    """A server with a house file and two games — a Kent game, and the current one, a Ducale game with
    entries and a call waiting for the table — so that every route reaches past its first checks; put
    back as it was before each fuzzed request (a copy of its database), so no request finds it changed."""

    def __init__(self, folder: Path):
        self.db, self.saved = folder / "sheet.sqlite3", folder / "saved.sqlite3"
        self.client = TestClient(create_app(Settings(db=self.db, houses={"kent": KENT})), base_url=BASE,
                                 raise_server_exceptions=False)
        for convention, name in (("kent", "kent-game"), ("ducale", "game-1")):
            created = self.client.post("/api/games", json={"teams": ["Léa+Tom", "Inès+Karim"], "name": name,
                                                           "convention": convention, "target": None if
                                                           convention == "kent" else 5})
            assert created.status_code == 201, created.text
        for body in ({"event": "kems", "by": "Léa", "hand": "Q Q Q Q"}, {"event": "kems", "by": "Inès",
                                                                          "hand": "Q Q Q J"},
                     {"event": "contre-kems", "by": "Inès", "on": "Léa"}):
            assert self.client.post("/api/games/current/calls", json=body).status_code == 200
        assert self.client.get("/api/games/current/score").json()["waiting"] == [3]
        shutil.copyfile(self.db, self.saved)  # every connection closed: the WAL is in the file

    def reset(self) -> TestClient:
        for leftover in (self.db.with_name(self.db.name + "-wal"), self.db.with_name(self.db.name + "-shm")):
            leftover.unlink(missing_ok=True)
        shutil.copyfile(self.saved, self.db)
        return self.client


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    made = Table(tmp_path_factory.mktemp("routes"))
    with made.client:  # one event loop for every request (a client outside it starts one per request)
        yield made


def _answered(client: TestClient, method: str, url: str, **request: Any) -> None:
    """One request: a 2xx, 3xx or 4xx within 5 seconds, never a 500 nor a traceback; a refusal is one
    line, ``{"error": …}`` under /api/, the error page elsewhere."""
    started = time.perf_counter()
    r = client.request(method, url, follow_redirects=False, **request)
    took = time.perf_counter() - started
    said = (method, url, {k: (v[:200] if isinstance(v, (str, bytes)) else v) for k, v in request.items()})
    assert r.status_code < 500, (r.status_code, said, r.text[-400:])
    assert "Traceback" not in r.text and "Internal Server Error" not in r.text, said
    assert took < 5, (took, said)
    if r.status_code in (400, 404) and method != "HEAD":
        if url.startswith("/api/"):
            error = r.json()["error"]
            assert isinstance(error, str) and error and "\n" not in error, said
        elif not url.startswith("/static/"):
            assert '<p class="error" role="alert">' in r.text, said


def _url(path: str, params: dict[str, str]) -> str:
    for name, value in params.items():
        path = path.replace("{" + name + "}", quote(value, safe=""))
    return path


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, str, dict[str, Any]]:
    path, method, convertors, bases = draw(st.sampled_from(ROUTES))
    known = {name: st.sampled_from(PARAMS.get(name, ["x"])) for name in convertors}
    url = _url(path, {name: draw(st.one_of(known[name], known[name], known[name], st.text(max_size=8)))
                      for name in convertors})
    query = _form(draw(fields(bases))) if method != "POST" or draw(st.booleans()) else []
    request: dict[str, Any] = {"headers": {"origin": BASE}, "params": query}
    for name in draw(st.lists(st.sampled_from(sorted(HEADERS)), unique=True, max_size=2)):
        request["headers"][name] = draw(st.sampled_from(HEADERS[name]))
    if method == "POST":
        kind = draw(st.sampled_from(["json" if path.startswith("/api/") else "form"] * 3 + ["form", "json", "raw",
                                                                                           "empty"]))
        if kind == "form" or (kind == "json" and not path.startswith("/api/")):
            request["content"] = urlencode(_form(draw(fields(bases)))).encode()
            request["headers"]["content-type"] = "application/x-www-form-urlencoded"
        elif kind == "json":
            request["content"] = json.dumps(draw(json_objects(bases))).encode()
            request["headers"]["content-type"] = "application/json"
        elif kind == "raw":
            request["content"] = draw(st.sampled_from([b"[", b"[]", b"null", b"\xff\xfe", b"a=%FF", b"{}" * 3,
                                                       b'{"n": ' + b"9" * 5000 + b"}", b"[" * 5000]))
    return method, url, request


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("KEMS_REF_FUZZ"),
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(request=requests())
def test_every_route_answers_any_request_with_a_status_below_500(table, request):
    method, url, rest = request
    _answered(table.reset(), method, url, **rest)


@pytest.mark.slow
@pytest.mark.parametrize("with_games", [False, True])
def test_every_route_answers_its_empty_and_its_multi_value_forms_with_a_status_below_500(table, tmp_path, with_games):
    """Each route, each method: no query and no body; then every key it may read given twice (``?c=a&c=b``,
    a form's key repeated), in the address and in a form or JSON body."""
    empty = Settings(db=tmp_path / "empty.sqlite3")
    client = table.reset() if with_games else TestClient(create_app(empty), base_url=BASE,
                                                         raise_server_exceptions=False)
    twice = _form([(key, value) for key in KEYS for value in LIKELY.get(key, ["1", "yes"])[:2]])
    for path, method, convertors, _ in ROUTES:
        url = _url(path, {name: PARAMS.get(name, ["x"])[0] for name in convertors})
        post = method == "POST"
        _answered(client, method, url, headers=SAME)
        _answered(client, method, url + "?", headers=SAME, **({"content": b""} if post else {}))
        _answered(client, method, url, params=twice, headers=SAME)
        if post:
            _answered(client, method, url, content=urlencode(twice).encode(), headers=FORM)
            _answered(client, method, url, content=b"", headers=FORM)
            _answered(client, method, url, json={}, headers=SAME)
            _answered(client, method, url, json=dict(twice), headers=SAME)
            _answered(client, method, url, json={key: LIKELY.get(key, ["1"])[0] for key in KEYS}, headers=SAME)
