"""Every route of `kems-ref serve` bounded, never a 500 (issue #28, section 3): what a hostile tester
found, each a ruling of behaviour, and every page and API route — enumerated from the app itself, so a
new route is fuzzed without being listed here — under a fixed-seed fuzz test bounded in count and in
time, that accepts a 2xx, 3xx or 4xx and never a 500 or a traceback.

Every request goes to Starlette's TestClient in process (``raise_server_exceptions=False``: a 500 is
seen as the status a phone would get), addressed to 127.0.0.1.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape

pytest.importorskip("starlette", reason="the web extra (pip install 'kems-ref[web]') is not installed")

from starlette.testclient import TestClient

from kems_ref import library as kems
from kems_ref.web.app import create_app
from kems_ref.web.base import Settings

BASE = "http://127.0.0.1:8765"
SAME = {"origin": BASE}
FORM = {**SAME, "content-type": "application/x-www-form-urlencoded"}
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
    for source in cli.out.strip().splitlines()[-len(chosen):]:  # "pagat: Pagat …", each convention's name
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


def test_the_checklist_page_of_one_convention_lists_its_points_and_what_is_to_decide(client):
    page = client.get("/checklist?c=ducale&c=&c=ducale")  # the same convention twice is one column
    assert page.status_code == 200
    items = kems.checklist(["ducale"], "en").items
    lines = _shown_lines(page.text)
    assert lines == [line for it in items for line in (it["question"], it["answer"] or "TO DECIDE")]
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
    assert (r.status_code, r.text) == (421, "421: this server answers on its own address only.")


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
    """A game asked for as "a\\nb" is named "a b": one line on the API, the page and the command line."""
    _game(client)
    r = client.get("/api/games/a%0Ab/score")
    assert (r.status_code, r.json()) == (404, {"error": "unknown game 'a b' (games: game-1)"})
    r = client.get("/api/games/a%0Ab/score?lang=fr")
    assert r.json() == {"error": "partie inconnue « a b » (parties : game-1)"}
    db = str(tmp_path / "other.db")
    assert run("game", "new", "--team", "A+B", "--team", "C+D", "--target", "5", "--db", db).code == 0
    cli = run("game", "score", "--game", "a\nb", "--db", db, "--lang", "en")
    assert (cli.code, cli.err) == (2, "kems-ref: error: unknown game 'a b' (games: game-1)\n")


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
    assert (sent[0]["status"], sent[1]["body"]) == (413, b"413: at most 64 KB.")


@pytest.mark.parametrize("origin", ["http://[::1", "http://[::1]x", "http://[", "http://127.0.0.1:8765]"])
def test_a_post_whose_origin_is_no_address_is_refused_as_from_another_site(client, origin):
    _game(client)
    for path, request in (("/decide", {"data": {"branch": "1", "entry": "1"}}),
                          ("/api/games/current/points", {"json": {"team": "Léa", "n": 5}})):
        r = client.post(path, headers={"origin": origin}, **request)
        assert (r.status_code, r.text) == (403, "403: a request from another site.")
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
    assert (r.status_code, r.json()) == (413, {"error": "le corps dépasse 64 Ko."})
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 0
