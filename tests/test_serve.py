"""`kems-ref serve`: the JSON API answers exactly what the command line's --json answers, the pages rule a
call by taps with the library's rulings, and the server refuses what it must (token, origin, size).

Every request goes to a loopback address: Starlette's TestClient in process, or a server started on
127.0.0.1 for the tests of the real process.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (pip install 'kems-ref[web]') is not installed")

from starlette.testclient import TestClient

from kems_ref.i18n import languages, t
from kems_ref.web.app import create_app
from kems_ref.web.base import Settings

BASE = "http://127.0.0.1:8765"
SAME = {"origin": BASE}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "sheet.sqlite3"


@pytest.fixture
def client(db: Path) -> TestClient:
    return TestClient(create_app(Settings(db=db, lang="en")), base_url=BASE)


def _game(client: TestClient, target: int | None = 5, convention: str = "ducale") -> dict:
    r = client.post("/api/games", json={"teams": ["Léa+Tom", "Inès+Karim"], "convention": convention,
                                        "target": target})
    assert r.status_code == 201, r.text
    return r.json()


# --- the JSON API is the command line's --json ------------------------------------------------------

@pytest.mark.parametrize("situation, convention", [
    ({"event": "contre-kems", "hand": "7 7 K K"}, "pagat"),
    ({"event": "kems", "hand": "Q Q Q Q"}, "ducale"),
    ({"event": "exchange", "cards": 2, "take-first": True}, "regles-com"),
])
def test_a_ruling_by_the_api_is_the_json_rule_prints_for_the_same_situation(run, client, tmp_path, situation,
                                                                              convention):
    file = tmp_path / "situation.yaml"
    file.write_text(json.dumps(situation), encoding="utf-8")
    cli = run("rule", "--situation", str(file), "-c", convention, "--json", "--lang", "en").json()
    api = client.post("/api/rule", json={**situation, "convention": convention}).json()
    assert api == cli


def test_every_convention_at_once_is_the_json_of_rule_all(run, client, tmp_path):
    file = tmp_path / "situation.yaml"
    file.write_text(json.dumps({"event": "kems", "hand": "Q Q Q Q"}), encoding="utf-8")
    cli = run("rule", "--situation", str(file), "--all", "--json", "--lang", "fr").json()
    api = client.post("/api/rule?lang=fr", json={"event": "kems", "hand": "Q Q Q Q", "all": True}).json()
    assert api == cli and len(api) == 9


def test_a_dispute_told_in_words_is_ruled_as_ask_rules_it(run, client):
    story = "contre-kems sur deux 7 et deux rois"
    cli = run("ask", "--no-input", "--json", "--lang", "fr", story).json()
    api = client.post("/api/ask?lang=fr", json={"words": story}).json()
    assert api == cli and api["verdict"] == "rejected"


def test_one_point_compared_across_two_sources_is_compare_json(run, client):
    cli = run("compare", "call.kems.right", "pagat", "ducale", "--json", "--lang", "en").json()
    api = client.get("/api/compare?point=call.kems.right&conventions=pagat,ducale").json()
    assert api == cli and api["conventions"] == ["pagat", "ducale"]


@pytest.mark.slow
def test_the_score_sheet_by_the_api_is_the_sheet_game_shows(run, client, db):
    _game(client)
    called = client.post("/api/games/current/calls", json={"event": "kems", "by": "Léa", "hand": "Q Q Q Q"})
    assert called.status_code == 200 and called.json()["changes"] == [{"team": "Léa+Tom", "change": 1, "unit": "point"}]
    pointed = client.post("/api/games/game-1/points", json={"team": "Inès", "n": 2})
    assert pointed.json()["changes"] == [{"team": "Inès+Karim", "change": 2, "unit": "point"}]
    cli_score = run("game", "score", "--db", str(db), "--json", "--lang", "en").json()
    assert client.get("/api/games/current/score").json() == cli_score
    assert [t_["points"] for t_ in cli_score["teams"]] == [1, 2]
    cli_history = run("game", "history", "--all", "--db", str(db), "--json", "--lang", "en").json()
    assert client.get("/api/games/current/history").json() == cli_history
    undone = client.post("/api/games/current/undo")
    assert undone.status_code == 200
    assert [t_["points"] for t_ in client.get("/api/games/current/score").json()["teams"]] == [1, 0]
    assert [g["game"] for g in client.get("/api/games").json()] == ["game-1"]


def test_a_call_that_waits_is_decided_by_the_table_through_the_api(client):
    _game(client)
    waiting = client.post("/api/games/current/calls", json={"event": "contre-kems", "by": "Inès", "on": "Léa"})
    assert waiting.json()["applied"] is False and waiting.json()["choices"]
    decided = client.post("/api/games/current/decide", json={"branch": "1", "entry": waiting.json()["entry"]})
    assert decided.status_code == 200, decided.text


# --- errors: the CLI's message, nothing written ---------------------------------------------------

def test_a_bad_card_is_a_400_with_the_command_lines_message_and_nothing_is_written(run, client, db):
    _game(client)
    r = client.post("/api/games/current/calls", json={"event": "kems", "by": "Léa", "hand": "Q Q Q X"})
    assert r.status_code == 400 and r.json()["error"].startswith("unreadable card 'X'")
    assert run("game", "history", "--all", "--db", str(db), "--json").json() == []


def test_an_unknown_key_is_refused_as_a_situation_file_refuses_it(client):
    r = client.post("/api/rule", json={"event": "kems", "hand": "Q Q Q Q", "colour": "red"})
    assert r.status_code == 400 and "colour" in r.json()["error"]


def test_an_unknown_game_is_a_404_and_an_unknown_page_too(client):
    assert client.get("/api/games/nowhere/score").status_code == 404
    assert client.get("/api/games/current/score").status_code == 404  # no game yet
    assert client.get("/no-such-page").status_code == 404
    assert client.get("/api/no-such-route").json() == {"error": "no such page."}


def test_a_body_over_64_kb_is_a_413_and_nothing_is_written(client):
    _game(client)
    huge = {"event": "kems", "by": "Léa", "hand": "Q Q Q Q", "pad": "x" * 70_000}
    assert client.post("/api/games/current/calls", json=huge).status_code == 413
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 0


def test_a_request_never_names_a_file(client, tmp_path):
    r = client.post("/api/rule", json={"event": "kems", "hand": "Q Q Q Q", "convention": str(tmp_path / "x.yaml")})
    assert r.status_code == 400 and "never by a file path" in r.json()["error"]


def test_errors_are_worded_in_the_requests_language(client):
    r = client.post("/api/rule", json={"event": "kems", "hand": "Q Q Q X"}, headers={"accept-language": "fr-FR,fr"})
    assert r.json()["error"].startswith("carte illisible")


# --- security ------------------------------------------------------------------------------------------

def test_under_lan_a_request_without_the_join_token_is_403_and_the_tokens_link_opens_the_door(db):
    client = TestClient(create_app(Settings(db=db, token="s3cret")), base_url=BASE)
    assert client.get("/").status_code == 403
    assert client.get("/api/games").status_code == 403
    assert client.get("/?token=wrong").status_code == 403
    opened = client.get("/?token=s3cret", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/"
    cookie = opened.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    assert "Max-Age=43200" in cookie  # an evening: twelve hours, not the browser's session
    assert client.get("/api/games").status_code == 200  # the cookie is kept by the client



JOIN = {"en": "this table's link is needed to join: scan the QR code kems-ref serve shows at the table, or open the "
              "link it printed.",
        "fr": "il faut le lien de cette table pour la rejoindre : scannez le QR code que kems-ref serve affiche à la "
              "table, ou ouvrez le lien qu'il a imprimé."}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_phone_without_the_token_is_told_in_its_language_how_to_join_and_a_script_gets_json(db, lang):
    client = TestClient(create_app(Settings(db=db, token="s3cret", lang="en")), base_url=BASE)
    asked = {"accept-language": f"{lang}-{lang.upper()},{lang};q=0.9"}
    page = client.get("/", headers=asked)
    assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
    assert f'<html lang="{lang}">' in page.text
    assert f'<p class="error" role="alert">{JOIN[lang]}</p>'.replace("'", "&#39;") in page.text
    assert 'href="/' not in page.text  # nothing to follow behind a closed door: no link, not even the style
    api = client.get("/api/games", headers=asked)
    assert (api.status_code, api.json()) == (403, {"error": JOIN[lang]})
    assert api.headers["content-security-policy"] == page.headers["content-security-policy"]


def test_every_refusal_of_the_door_is_json_under_api_and_a_page_in_the_phones_language_elsewhere(db):
    fr = {"accept-language": "fr"}
    host = TestClient(create_app(Settings(db=db)), base_url="http://evil.example:8765")
    wrong_host = host.get("/api/games")
    assert (wrong_host.status_code, wrong_host.json()) == (421, {"error": (
        "this server answers on its own address only (127.0.0.1 or localhost): open the link kems-ref serve "
        "printed.")})
    assert host.get("/", headers=fr).status_code == 421
    assert "ce serveur ne répond qu&#39;à sa propre adresse" in host.get("/", headers=fr).text

    client = TestClient(create_app(Settings(db=db, lang="en")), base_url=BASE)
    cross = client.post("/api/games", json={"teams": ["A+B", "C+D"]}, headers={"origin": "http://evil.example"})
    assert (cross.status_code, cross.json()) == (403, {"error": (
        "a change sent from another site is refused: make it from this table's own page.")})
    cross_page = client.post("/new", data={"team1": "A+B"}, headers={"origin": "http://evil.example", **fr})
    assert cross_page.status_code == 403 and "une modification envoyée depuis un autre site est refusée" in \
        cross_page.text and 'href="/"' in cross_page.text  # a joined phone is led back to the score
    for method_refused in (client.request("PUT", "/api/games"), client.get("/api/rule")):
        assert (method_refused.status_code, method_refused.json()) == (405, {"error": (
            "this address does not take a request of this kind (its HTTP method).")})
        assert "POST" in method_refused.headers["allow"]
    assert "cette adresse ne prend pas une requête de ce genre" in client.request("PUT", "/", headers=fr).text
    huge = b'{"pad": "' + b"x" * 70_000 + b'"}'
    too_large = client.post("/api/rule", content=huge, headers={"content-type": "application/json"})
    assert (too_large.status_code, too_large.json()) == (413, {"error": "a request's body is at most 64 KB."})

    def unsized() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(70):
            yield b"x" * 1024

    streamed = client.post("/api/rule", content=unsized(), headers={"content-type": "application/json"})
    assert (streamed.status_code, streamed.json()) == (413, {"error": "a request's body is at most 64 KB."})
    page = client.post("/new", content=b"team1=" + b"x" * 70_000, headers={
        **SAME, **fr, "content-type": "application/x-www-form-urlencoded"})
    assert page.status_code == 413 and "le corps d&#39;une requête fait au plus 64 Ko." in page.text
    assert client.get("/api/games").json() == []  # nothing was written by any of them

def test_a_post_from_another_site_is_refused_and_writes_nothing(client):
    _game(client)
    for origin in ("http://evil.example", "null"):
        r = client.post("/api/games/current/points", json={"team": "Léa", "n": 5}, headers={"origin": origin})
        assert r.status_code == 403
    r = client.post("/api/games/current/points", json={"team": "Léa", "n": 5}, headers={"sec-fetch-site": "cross-site"})
    assert r.status_code == 403
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 0
    assert client.post("/api/games/current/points", json={"team": "Léa"}, headers=SAME).status_code == 200


def test_every_answer_forbids_inline_script_and_framing(client):
    r = client.get("/new")
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp and "frame-ancestors 'none'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert not re.search(r"<script(?![^>]*\bsrc=)", r.text)  # every script is a file of the server


def test_a_players_name_is_text_on_the_page_never_markup(client):
    r = client.post("/api/games", json={"teams": ["<b>Léa</b>+Tom", "Inès+Karim"], "target": 5})
    assert r.status_code == 201
    page = client.get("/").text
    assert "<b>Léa</b>" not in page and "&lt;b&gt;Léa&lt;/b&gt;" in page


@pytest.mark.slow
def test_eight_clients_writing_at_once_lose_nothing(db):
    app = create_app(Settings(db=db))
    TestClient(app, base_url=BASE).post("/api/games", json={"teams": ["A+B", "C+D"], "target": 100_000})
    acknowledged: list[int] = []
    lock = threading.Lock()

    def write(team: str) -> None:
        client = TestClient(app, base_url=BASE)
        for _ in range(10):
            r = client.post("/api/games/current/points", json={"team": team, "n": 1})
            if r.status_code == 200:
                with lock:
                    acknowledged.append(1)

    threads = [threading.Thread(target=write, args=("A" if i % 2 else "C",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    score = TestClient(app, base_url=BASE).get("/api/games/current/score").json()
    assert sum(t_["points"] for t_ in score["teams"]) == len(acknowledged) == 80


# --- the pages: a call by taps ------------------------------------------------------------------------

@pytest.mark.parametrize("lang, verdict, changes", [("en", "CALL UPHELD", "Léa+Tom +1 point"),
                                                    ("fr", "ANNONCE JUSTE", "Léa+Tom +1 point")])
def test_a_kems_goes_on_the_sheet_in_three_taps_and_the_page_then_shows_its_ruling(client, lang, verdict, changes):
    _game(client)
    client.cookies.set("kems_lang", lang)
    home = client.get("/")
    assert 'href="/call/kems"' in home.text  # tap 1: the call
    who = client.get("/call/kems")
    assert "?by=L%C3%A9a" in who.text  # tap 2: who called
    seen = client.get("/call/kems?by=L%C3%A9a").text
    assert re.search(r'<input type="hidden" name="by" value="Léa">\s*<input type="hidden" name="square" '
                     r'value="yes">', seen)  # tap 3: what the table saw, and it is recorded
    recorded = client.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=SAME)
    assert recorded.status_code == 200 and recorded.url.path == "/" and recorded.url.query == b"recorded=1"
    assert verdict in recorded.text and changes in recorded.text  # the ruling it was recorded under
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 1


@pytest.mark.parametrize("lang", languages())
def test_the_page_offers_every_other_language_of_the_locale_files_by_its_own_name(client, lang):
    """The languages are the files found (a third file: a third button, ``tools/third_language.py``)."""
    client.cookies.set("kems_lang", lang)
    page = client.get("/").text
    assert f'<html lang="{lang}">' in page
    offered = re.findall(r'<form class="langs" method="post" action="/lang/([^"]+)">\s*'
                         r'<button type="submit" lang="([^"]+)">([^<]+)</button>', page)
    assert offered == [(code, code, t("language.name", code)) for code in languages() if code != lang]
    assert {code: t("language.name", code) for code in ("en", "fr")} == {"en": "English", "fr": "Français"}


@pytest.mark.parametrize("lang", languages())
def test_the_page_renders_in_the_language_its_switch_chose(client, lang):
    chosen = client.post(f"/lang/{lang}", headers=SAME, follow_redirects=False)
    assert chosen.status_code == 303 and client.cookies.get("kems_lang") == lang
    assert f'<html lang="{lang}">' in client.get("/").text


def test_a_contre_kems_whose_ruling_needs_the_partners_hand_asks_it_as_buttons(client):
    """Under Pagat a Contre-Kems targets the team: whether the partner held a square is asked."""
    _game(client, target=None, convention="pagat")
    page = client.get("/call/contre-kems?by=In%C3%A8s&on=L%C3%A9a&hand=7+7+K+K&done=1").text
    assert "partner_square=yes" in page and "partner_square=no" in page  # the need, never a default
    answered = client.get("/call/contre-kems?by=In%C3%A8s&on=L%C3%A9a&hand=7+7+K+K&done=1&partner_square=no").text
    assert "CALL REJECTED" in answered and "Inès+Karim +1 letter" in answered  # a letter is lost, KEMPS


def test_the_cards_are_tapped_on_a_rank_keypad(client):
    _game(client)
    page = client.get("/call/kems?by=L%C3%A9a&hand=Q+Q+Q").text
    assert 'class="cards">Q Q Q<' in page and "hand=Q+Q+Q+Q" in page


def test_the_score_refreshes_itself_and_a_waiting_call_is_decided_by_a_tap(client):
    _game(client)
    client.post("/call/contre-kems", data={"by": "Inès", "on": "Léa"}, headers=SAME)
    score = client.get("/score").text
    assert 'hx-trigger="every 1s"' in score and 'action="/decide"' in score
    client.post("/decide", data={"entry": "1", "branch": "1"}, headers=SAME)
    assert client.get("/api/games/current/score").json()["waiting"] == []


@pytest.mark.parametrize("path, says", [("/ask?words=contre-kems+sur+deux+7+et+deux+rois", "CALL REJECTED"),
                                        ("/compare?point=call.kems.right", "pagat"),
                                        ("/checklist", "How many players?"),
                                        ("/glossary?term=carre", "Square")])
def test_settling_and_preparing_pages_answer_from_the_library(client, path, says):
    r = client.get(path)
    assert r.status_code == 200 and says in r.text


def test_the_page_weighs_under_100_kb_with_its_script_and_style(client):
    _game(client)
    weight = sum(len(client.get(path).content) for path in ("/", "/static/htmx.min.js", "/static/kems.css"))
    assert weight < 100_000


# --- the real process, on loopback ---------------------------------------------------------------------

@pytest.mark.slow
def test_serve_prints_its_url_requires_the_token_under_lan_and_stops_cleanly_on_ctrl_c(tmp_path):
    import signal
    import urllib.error
    import urllib.request

    process = subprocess.Popen([sys.executable, "-m", "kems_ref", "serve", "--port", "0", "--lan", "--host",
                                "127.0.0.1", "--db", str(tmp_path / "g.sqlite3")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=[\w-]{20,}", url), url
        base = url.split("?")[0]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + "api/games", timeout=10)
        assert refused.value.code == 403
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        assert opener.open(url, timeout=10).status == 200  # the link sets the cookie and lands on /new
        assert json.loads(opener.open(base + "api/games", timeout=10).read()) == []
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=20)
    assert code == 0 and "Traceback" not in (process.stderr.read() if process.stderr else "")



def _serve_lan(db: Path, *extra: str) -> tuple[subprocess.Popen, str]:
    """``serve --lan`` on 127.0.0.1 (any free port): the process and the link it prints."""
    process = subprocess.Popen([sys.executable, "-m", "kems_ref", "serve", "--lan", "--host", "127.0.0.1", "--port",
                                "0", "--db", str(db), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "KEMS_REF_LANG": "en"})
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=[\w-]{20,}", url), (url, process.stderr)
    return process, url


def _stop(process: subprocess.Popen) -> None:
    import signal

    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=20) == 0
    assert "Traceback" not in (process.stderr.read() if process.stderr else "")


def _games(opener, base: str) -> tuple[int, object]:
    """GET /api/games with this phone's cookies: the status and the JSON."""
    import urllib.error

    try:
        with opener.open(base + "api/games", timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


@pytest.mark.slow
def test_a_restarted_server_admits_the_phones_that_joined_until_a_new_token_is_asked_for(tmp_path):
    import http.cookiejar
    import urllib.request

    db = tmp_path / "g.sqlite3"
    jar = http.cookiejar.CookieJar()
    phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    process, url = _serve_lan(db)
    try:
        with phone.open(url, timeout=10) as joined:  # the QR code's link: the token becomes a cookie
            assert joined.status == 200
        assert _games(phone, url.split("?")[0]) == (200, [])
    finally:
        _stop(process)
    kept = tmp_path / "g.sqlite3.token"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and kept.read_text() == url.split("token=")[1] + "\n"
    [cookie] = list(jar)
    assert cookie.expires is not None and 12 * 3600 - 120 < cookie.expires - time.time() <= 12 * 3600  # an evening

    process, again = _serve_lan(db)  # stopped mid-game and started again: the same table, the same phones
    try:
        assert again.split("token=")[1] == url.split("token=")[1]
        assert _games(phone, again.split("?")[0]) == (200, [])
    finally:
        _stop(process)

    process, renewed = _serve_lan(db, "--new-token")
    try:
        assert renewed.split("token=")[1] != url.split("token=")[1]
        assert _games(phone, renewed.split("?")[0]) == (403, {"error": JOIN["en"]})  # the phone must scan again
    finally:
        _stop(process)
    assert kept.read_text() == renewed.split("token=")[1] + "\n" and stat.S_IMODE(kept.stat().st_mode) == 0o600


TOKEN = "k3pt-by-the-table-0123456"
PLANTED = {
    "open": "the table's join token can be read by others (permissions 0644): it must be readable by its owner only; "
            "chmod 600 it, or start serve with --new-token to replace it",
    "garbled": "this is not a join token kems-ref wrote: start serve with --new-token to replace it",
    "link": "it is not a regular file (a link, a folder, a pipe…): serve keeps the table's join token in a regular "
            "file there and leaves this one untouched; move it away, then start serve again",
}
PLANTED |= {"dangling link": PLANTED["link"], "folder": PLANTED["link"], "pipe": PLANTED["link"]}


def _plant(kind: str, path: Path) -> None:
    if kind in ("open", "garbled"):
        path.write_text(TOKEN + "\n" if kind == "open" else "not a token!\n", encoding="utf-8")
        path.chmod(0o644 if kind == "open" else 0o600)
    elif kind == "link":  # another user's file, holding a token of theirs, linked where serve keeps its own
        theirs = path.with_name("theirs")
        theirs.write_text(TOKEN + "\n", encoding="utf-8")
        theirs.chmod(0o600)
        path.symlink_to(theirs)
    elif kind == "dangling link":
        path.symlink_to(path.with_name("nowhere"))
    elif kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)


def _state(path: Path) -> tuple:
    info = os.lstat(path)
    return info.st_mode, info.st_ino, os.readlink(path) if path.is_symlink() else None, \
        path.read_text() if path.is_file() and not path.is_symlink() else None


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(PLANTED))
def test_a_token_file_others_could_read_or_that_is_not_a_plain_file_is_refused_and_left_as_it_is(tmp_path, kind):
    db = tmp_path / "g.sqlite3"
    planted = tmp_path / "g.sqlite3.token"
    _plant(kind, planted)
    before = _state(planted)
    for extra in ([], ["--new-token"]) if kind not in ("open", "garbled") else ([],):
        done = subprocess.run([sys.executable, "-m", "kems_ref", "serve", "--lan", "--host", "127.0.0.1", "--port", "0",
                               "--db", str(db), *extra], capture_output=True, text=True, timeout=60,
                              env={**os.environ, "KEMS_REF_LANG": "en"})
        assert (done.returncode, done.stdout) == (2, "")  # nothing listened, no link printed
        assert done.stderr == f"kems-ref: error: {planted}: {PLANTED[kind]}\n"
        assert _state(planted) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["g.sqlite3.token", *(["theirs"] if kind == "link"
                                                                                      else [])])


@pytest.mark.parametrize("kind", ["open", "garbled"])
def test_a_new_token_replaces_a_readable_or_garbled_token_file_with_one_for_the_owner_only(tmp_path, kind):
    from kems_ref.web.join_token import table_token

    db = tmp_path / "g.sqlite3"
    _plant(kind, tmp_path / "g.sqlite3.token")
    fresh = table_token(db, renew=True)
    kept = tmp_path / "g.sqlite3.token"
    assert fresh != TOKEN and kept.read_text() == fresh + "\n" and stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert table_token(db) == fresh and sorted(p.name for p in tmp_path.iterdir()) == ["g.sqlite3.token"]


def test_the_token_file_is_the_owners_alone_whatever_the_umask_and_read_back_as_written(tmp_path):
    from kems_ref.web.join_token import table_token

    db = tmp_path / "g.sqlite3"
    old = os.umask(0)
    try:
        token = table_token(db)
    finally:
        os.umask(old)
    kept = tmp_path / "g.sqlite3.token"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and re.fullmatch(r"[\w-]{24}\n", kept.read_text())
    assert table_token(db) == token == kept.read_text().strip()
    assert not db.exists()  # the token needs no database yet


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_a_token_file_of_another_user_is_refused(tmp_path):
    from kems_ref.library import KemsError
    from kems_ref.web.join_token import table_token

    kept = tmp_path / "g.sqlite3.token"
    kept.write_text(TOKEN + "\n", encoding="utf-8")
    kept.chmod(0o600)
    os.chown(kept, 65534, -1)
    with pytest.raises(KemsError) as refused:
        table_token(tmp_path / "g.sqlite3")
    assert refused.value.key == "error.serve_token_owner" and kept.read_text() == TOKEN + "\n"


@pytest.mark.slow
def test_new_token_without_lan_is_refused_and_a_lan_db_in_a_missing_folder_too(tmp_path):
    for args, says in ((["--new-token"], "--new-token replaces the join token of --lan: give --lan too"),
                       (["--lan", "--db", str(tmp_path / "nowhere" / "g.db")],
                        f"{tmp_path}/nowhere/g.db: the folder {tmp_path}/nowhere does not exist")):
        done = subprocess.run([sys.executable, "-m", "kems_ref", "serve", "--host", "127.0.0.1", "--port", "0", *args],
                              capture_output=True, text=True, timeout=60, env={**os.environ, "KEMS_REF_LANG": "en",
                                                                                "KEMS_REF_DB": str(tmp_path / "x.db")})
        assert done.returncode == 2 and done.stdout == "" and done.stderr.startswith(f"kems-ref: error: {says}")
    assert list(tmp_path.iterdir()) == []

@pytest.mark.slow
def test_serve_without_the_web_extra_says_how_to_install_it(tmp_path):
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text("import sys\nsys.modules['uvicorn'] = None\n", encoding="utf-8")
    env = {"PYTHONPATH": f"{tmp_path}:{Path(__file__).resolve().parents[1]}", "PATH": "/usr/bin:/bin",
           "LANG": "en_US.UTF-8"}
    done = subprocess.run([sys.executable, "-m", "kems_ref", "serve", "--port", "0"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 2 and 'pip install "kems-ref[web]"' in done.stderr
    assert "Traceback" not in done.stderr
    time.sleep(0)


@pytest.mark.slow
def test_a_server_killed_in_the_middle_of_entries_loses_no_acknowledged_entry(run, tmp_path):
    import signal
    import urllib.request

    db = tmp_path / "g.sqlite3"
    assert run("game", "new", "--team", "A+B", "--team", "C+D", "--target", "100000", "--db", str(db)).code == 0
    process = subprocess.Popen([sys.executable, "-m", "kems_ref", "serve", "--port", "0", "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    acknowledged = 0
    try:
        assert process.stdout is not None
        base = process.stdout.readline().strip()
        assert base.startswith("http://127.0.0.1:"), base
        deadline = time.monotonic() + 60
        for _ in range(400):  # bounded in count and in time
            if time.monotonic() > deadline:
                break
            request = urllib.request.Request(base + "api/games/current/points", method="POST",
                                             data=b'{"team": "A", "n": 1}',
                                             headers={"content-type": "application/json"})
            with urllib.request.urlopen(request, timeout=10) as answer:
                assert answer.status == 200
            acknowledged += 1
            if acknowledged == 25:
                # the next entry is sent and the server killed while it writes it
                killer = threading.Timer(0.005, process.send_signal, args=(signal.SIGKILL,))
                killer.start()
            if acknowledged > 25:
                break
    except OSError:
        pass  # the connection the kill cut
    finally:
        process.kill()
        process.wait(timeout=20)
    assert acknowledged >= 25
    total = run("game", "score", "--db", str(db), "--json").json()["teams"][0]["points"]
    assert acknowledged <= total <= acknowledged + 1  # every acknowledged entry, at most the one in flight


@pytest.mark.slow
def test_on_a_terminal_the_url_is_followed_by_its_qr_code(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "kems_ref", "serve", "--port", "0", "--db", str(tmp_path / "g.db")],
                          encoding="utf-8", timeout=30, env={**__import__("os").environ, "TERM": "xterm"})
    try:
        child.expect(r"http://127\.0\.0\.1:\d+/")
        url = child.after
        child.expect("█")  # the QR code's blocks
        import urllib.request

        with urllib.request.urlopen(url + "new", timeout=10) as answer:  # serving, then stopped by Ctrl-C
            assert answer.status == 200
    finally:
        child.sendintr()
        child.expect(pexpect.EOF, timeout=20)
        child.close()
    assert child.exitstatus == 0


def test_a_house_file_given_to_serve_is_named_by_its_id_and_played_like_the_others(run, tmp_path):
    house = tmp_path / "maison.yaml"
    house.write_text("id: maison\nname: Maison\nextends: ducale\npublication: {title: Nos règles}\nrules:\n"
                     "  call.kems.right:\n    status: stated\n    value: [{team: callers, change: 3, unit: point}]\n"
                     "    text: {fr: \"Trois points.\", en: \"Three points.\"}\n    citation: {section: \"Kems\"}\n",
                     encoding="utf-8")
    client = TestClient(create_app(Settings(db=tmp_path / "g.sqlite3", houses={"maison": str(house)})), base_url=BASE)
    ruling = client.post("/api/rule", json={"event": "kems", "hand": "Q Q Q Q", "convention": "maison"}).json()
    assert ruling["score"] == [{"team": "callers", "change": 3, "unit": "point"}]
    assert 'value="maison"' in client.get("/new").text
    created = client.post("/api/games", json={"teams": ["A+B", "C+D"], "convention": "maison", "target": 9})
    assert created.status_code == 201
    called = client.post("/api/games/current/calls", json={"event": "kems", "by": "A", "square": True}).json()
    assert called["changes"] == [{"team": "A+B", "change": 3, "unit": "point"}]


def test_a_call_of_a_house_files_own_is_a_button_of_its_game_and_is_ruled_by_taps(tmp_path):
    kent = str(Path(__file__).parent / "data" / "variants" / "kent.yaml")
    client = TestClient(create_app(Settings(db=tmp_path / "g.sqlite3", houses={"kent": kent})), base_url=BASE)
    created = client.post("/api/games", json={"teams": ["Léa+Tom", "Inès+Karim"], "convention": "kent"})
    assert created.status_code == 201, created.text
    assert 'href="/call/broken"' in client.get("/").text and ">Broken<" in client.get("/").text
    assert "&amp;on=Tom" in client.get("/call/broken?by=In%C3%A8s").text  # an accusation: the accused is tapped
    page = client.get("/call/broken?by=In%C3%A8s&on=L%C3%A9a&hand=Q+Q+Q+J&done=1").text
    assert "partner_square=yes" in page and "partner_square=no" in page  # the team is accused: the partner asked
    ruled = client.get("/call/broken?by=In%C3%A8s&on=L%C3%A9a&hand=Q+Q+Q+Q&done=1").text
    assert "CALL UPHELD" in ruled and "Léa+Tom loses the game" in ruled
    called = client.post("/api/games/current/calls", json={"event": "broken", "by": "Inès", "on": "Léa",
                                                            "hand": "Q Q Q Q"})
    assert called.status_code == 200, called.text
    assert (called.json()["score"]["winner"], called.json()["score"]["finished"]) == ("Inès+Karim", True)
    assert client.get("/call/cut-the-deck").status_code == 404  # no call of this game
    refused = client.post("/api/games/current/calls", json={"event": "nope", "by": "Inès"})
    assert refused.status_code == 400 and "unknown event 'nope'" in refused.text


def test_a_fewest_letters_game_on_the_page_names_its_end_and_the_teams_level_for_the_win(tmp_path):
    fewest = Path(__file__).parent / "data" / "variants" / "fewest-letters.yaml"
    client = TestClient(create_app(Settings(db=tmp_path / "g.sqlite3", lang="en",
                                            houses={"fewest-letters": str(fewest)})), base_url=BASE)
    created = client.post("/api/games", json={"teams": ["Tom+Léa", "Ana+Ben", "Zoé+Max"],
                                              "convention": "fewest-letters"})
    assert created.status_code == 201, created.text
    for by, hand in [("Tom", "Q Q Q Q"), ("Tom", "Q Q Q J")] + [("Zoé", "J J 2 3")] * 4:
        called = client.post("/api/games/current/calls", json={"event": "kems", "by": by, "hand": hand,
                                                               "confirm": True})  # the same call again, on purpose
        assert called.status_code == 200, called.text
    score = client.get("/api/games/current/score").json()
    assert (score["finished"], score["winner"], score["loser"], score["tied"]) == \
        (True, None, "Zoé+Max", ["Tom+Léa", "Ana+Ben"])
    page = client.get("/score").text
    assert "the game ends when a team spells the word, the team with the fewest letters wins" in page
    assert '<p class="status">Game over, with no single winner: Tom+Léa, Ana+Ben are level.</p>' in page


# --- what a hostile tester found ---------------------------------------------------------------------

def test_compare_never_reads_a_file_a_request_names(client, tmp_path):
    for path in ("/api/compare?point=/etc/passwd", "/compare?point=/etc/passwd",
                 f"/api/compare?point={tmp_path}/x.yaml"):
        r = client.get(path)
        assert r.status_code == 400 and "never by a file path" in r.text


def test_a_non_ascii_token_or_cookie_is_refused_not_a_crash(db):
    client = TestClient(create_app(Settings(db=db, token="t0k3n")), base_url=BASE)
    assert client.get("/?token=%C3%A9").status_code == 403
    assert client.get("/", headers={"cookie": 'kems_token="\\351"'}).status_code == 403


@pytest.mark.parametrize("path, body", [
    ("/api/rule", b"[" * 5000 + b"]" * 5000),
    ("/api/games", b'{"teams": ["A+B", "C+D"], "target": 5, "name": true}'),
    ("/api/games", b'{"teams": ["A+B", "C+D"], "targett": 9}'),
    ("/api/games/current/points", b'{"team": "L\\u00e9a", "n": null}'),
    ("/api/rule", b'{"event": "kems", "hand": "Q Q Q Q", "all": "yes"}'),
    ("/api/rule", b'{"event": "kems", "hand": "Q Q Q Q", "all": true, "convention": "pagat"}'),
])
def test_a_body_of_the_wrong_shape_is_a_400_and_writes_nothing(client, path, body):
    _game(client)
    r = client.post(path, content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and "error" in r.json()
    assert [g["game"] for g in client.get("/api/games").json()] == ["game-1"]
    assert client.get("/api/games/current/history").json() == []


@pytest.mark.parametrize("extra", [{"no_square": True}, {"during-sweep": True, "square": True},
                                   {"hand": ["Q", "Q", "Q", "J"]}, {"partner-hand": "8 8 8 8", "square": True}])
def test_a_call_takes_every_key_a_situation_file_takes(client, extra):
    _game(client)
    event = "double-kems" if "partner-hand" in extra else "kems"
    r = client.post("/api/games/current/calls", json={"event": event, "by": "Léa", **extra})
    assert r.status_code == 200, r.text


def test_a_page_point_of_a_malformed_number_is_a_400(client):
    _game(client)
    r = client.post("/point", content=b"team=L%C3%A9a&n=--1",
                    headers={**SAME, "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 400
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 0


def test_head_never_writes(client):
    r = client.request("HEAD", "/new", content=b"team1=A%2BB&team2=C%2BD&target=5",
                       headers={"content-type": "application/x-www-form-urlencoded", "origin": "http://evil.example"})
    assert r.status_code == 200 and client.get("/api/games").json() == []


def test_the_tokens_link_redirects_to_a_path_of_this_site_with_its_query_kept_whole(db):
    import asyncio

    async def redirect_of(path: str) -> str:  # an ASGI request whose path is "//evil.example/", as curl sends it
        sent: list = []

        async def receive() -> dict:
            return {"type": "http.request", "body": b""}

        async def send(message: dict) -> None:
            sent.append(message)

        scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(),
                 "query_string": b"token=t0k3n", "headers": [(b"host", b"127.0.0.1:8765")], "scheme": "http",
                 "server": ("127.0.0.1", 8765)}
        await create_app(Settings(db=db, token="t0k3n"))(scope, receive, send)
        return dict(sent[0]["headers"])[b"location"].decode()

    assert asyncio.run(redirect_of("//evil.example/")) == "/evil.example/"
    client = TestClient(create_app(Settings(db=db, token="t0k3n")), base_url=BASE)
    r = client.get("/call/kems?token=t0k3n&by=a%26square%3Dyes", follow_redirects=False)
    assert r.headers["location"] == "/call/kems?by=a%26square%3Dyes"


def test_without_a_token_a_request_addressed_to_another_name_is_refused(db):
    client = TestClient(create_app(Settings(db=db)), base_url="http://evil.example:8765")
    r = client.post("/api/games", json={"teams": ["A+B", "C+D"], "target": 5},
                    headers={"origin": "http://evil.example:8765"})
    assert r.status_code == 421
    assert TestClient(create_app(Settings(db=db)), base_url=BASE).get("/api/games").json() == []


def test_a_game_named_current_is_that_game_as_on_the_command_line(client):
    _game(client)
    client.post("/api/games", json={"teams": ["X+Y", "Z+W"], "target": 5, "name": "current"})
    client.post("/api/games", json={"teams": ["P+Q", "R+S"], "target": 5, "name": "last"})
    assert client.get("/api/games/current/score").json()["game"] == "current"


def test_a_form_of_invalid_utf8_is_refused_not_stored_as_replacement_characters(client):
    r = client.post("/new", content=b"team1=%FF%2BB&team2=C%2BD&target=5",
                    headers={**SAME, "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 400 and client.get("/api/games").json() == []


@pytest.mark.slow
def test_a_target_out_of_bounds_on_the_page_gets_the_command_lines_message(run, client, tmp_path):
    r = client.post("/new", data={"team1": "A+B", "team2": "C+D", "target": "99999999999"}, headers=SAME)
    cli = run("game", "new", "--team", "A+B", "--team", "C+D", "--target", "99999999999",
              "--db", str(tmp_path / "x.db"), "--lang", "en")
    assert r.status_code == 400 and cli.code == 2
    assert cli.err.split("error: ", 1)[1].strip() in r.text.replace("&#39;", "'")


def test_a_house_call_on_the_sheet_leaves_the_home_page_whole_and_a_deal_is_no_call_of_the_sheet(tmp_path):
    kent = str(Path(__file__).parent / "data" / "variants" / "kent.yaml")
    client = TestClient(create_app(Settings(db=tmp_path / "g.sqlite3", houses={"kent": kent})), base_url=BASE)
    client.post("/api/games", json={"teams": ["A+B", "C+D"], "convention": "kent"})
    client.post("/api/games/current/calls", json={"event": "broken", "by": "A", "on": "C"})  # waits for the table
    home, score = client.get("/"), client.get("/score")
    assert (home.status_code, score.status_code) == (200, 200)
    assert "Broken · A · IT DEPENDS" in home.text
    deal = client.post("/call/deal", data={"by": "A", "hand": "Q Q Q Q"}, headers=SAME, follow_redirects=False)
    assert deal.status_code == 404 and len(client.get("/api/games/current/history").json()) == 1
    missing = client.post("/api/games/current/calls", json={"event": None, "by": "A"})
    assert missing.status_code == 400 and missing.json()["error"].startswith("give an EVENT")


def test_a_damaged_sheet_is_named_to_a_phone_by_its_file_name_never_the_servers_folder(tmp_path):
    db = tmp_path / "g.sqlite3"
    db.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)  # no kems-ref sheet, and no database at all
    client = TestClient(create_app(Settings(db=db)), base_url=BASE)
    answer = client.get("/api/games")
    assert answer.status_code == 400 and "g.sqlite3" in answer.json()["error"]
    assert str(tmp_path) not in answer.json()["error"]


# --- what the web layer decides, each pinned: statuses, the Guard's refusals, the language, bounds ---

def _json(body: bytes, **headers: str) -> dict:
    return {"content": body, "headers": {"content-type": "application/json", **headers}}


@pytest.mark.slow
def test_every_route_answers_its_own_status(client):
    assert client.get("/", follow_redirects=False).headers["location"] == "/new"  # no game yet: start one
    assert client.get("/call/kems", follow_redirects=False).status_code == 303
    assert (client.get("/score").status_code, client.get("/score").text) == (200, "")
    assert client.post("/api/games", json={"teams": ["Léa+Tom", "Inès+Karim"], "target": 5}).status_code == 201
    posts = [("/call/kems", {"by": "Léa", "square": "yes"}, "/?recorded=1"),  # Léa+Tom +1
             ("/point", {"team": "Inès", "n": "2"}, "/"), ("/undo", {}, "/"),  # Inès+Karim +2, taken back
             ("/call/contre-kems", {"by": "Inès", "on": "Léa"}, "/?recorded=4"),  # waits for the table
             ("/decide", {"entry": "4", "branch": "2"}, "/"),  # Léa held no square: Léa+Tom +1
             ("/new", {"team1": "A+B", "team2": "C+D", "target": "3"}, "/")]
    for path, form, location in posts:
        r = client.post(path, data=form, headers=SAME, follow_redirects=False)
        assert (r.status_code, r.headers["location"]) == (303, location), path
    assert [t_["points"] for t_ in client.get("/api/games/game-1/score").json()["teams"]] == [2, 0]
    for method in ("PUT", "DELETE", "PATCH", "OPTIONS"):  # refused by the Guard, before any route is sought
        for path in ("/api/games", "/static/kems.css", "/nowhere"):
            r = client.request(method, path)
            assert (r.status_code, r.headers["allow"]) == (405, "GET, HEAD, POST"), (method, path)
        assert client.request(method, "/api/games").json() == {
            "error": "this address does not take a request of this kind (its HTTP method)."}
    assert (client.get("/undo").status_code, client.get("/undo").headers["allow"]) == (405, "POST")  # the route's


def test_the_body_may_weigh_64_kb_and_not_one_byte_more_whether_its_length_is_given_or_not(client):
    _game(client)
    padded = b'{"team": "L\\u00e9a", "n": 1}'
    at_bound = padded + b" " * (64 * 1024 - len(padded))
    assert client.post("/api/games/current/points", **_json(at_bound)).status_code == 200
    assert client.post("/api/games/current/points", **_json(at_bound + b" ")).status_code == 413
    assert client.post("/api/games/current/points", **_json(padded, **{"content-length": "2e3"})).status_code == 413

    def streamed():  # no Content-Length: counted as it comes
        yield padded
        for _ in range(64):
            yield b" " * 1024

    r = client.post("/api/games/current/points", content=streamed(), headers={"content-type": "application/json"})
    assert (r.status_code, r.json()) == (413, {"error": "a request's body is at most 64 KB."})
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 1  # the first one only


def test_a_post_is_taken_from_this_server_s_page_or_from_a_script_never_from_another_site(client):
    _game(client)
    point = {"team": "Léa", "n": 1}
    for headers in ({"origin": BASE}, {"sec-fetch-site": "same-origin"}, {"sec-fetch-site": "none"}, {}):
        assert client.post("/api/games/current/points", json=point, headers=headers).status_code == 200, headers
    for headers in ({"origin": "http://127.0.0.1:9999"}, {"origin": "http://localhost:8765"},
                    {"sec-fetch-site": "same-site"}, {"sec-fetch-site": "cross-site", "origin": "http://evil.example"}):
        assert client.post("/api/games/current/points", json=point, headers=headers).status_code == 403, headers
    assert client.get("/api/games/current/score").json()["teams"][0]["points"] == 4


def test_the_join_token_opens_the_door_by_a_get_only_and_any_address_is_answered_under_lan(db):
    lan = TestClient(create_app(Settings(db=db, token="s3cret")), base_url="http://192.168.1.20:8765")
    for method in ("POST", "HEAD"):
        r = lan.request(method, "/?token=s3cret", follow_redirects=False)
        assert r.status_code == 403 and "set-cookie" not in r.headers, method
    assert lan.get("/api/games?token=s3cret", follow_redirects=False).headers["location"] == "/api/games"
    assert lan.get("/api/games").json() == []  # by the cookie, on the table's LAN address
    assert lan.request("PUT", "/api/games").status_code == 405
    lan.cookies.clear()  # one wrong cookie alone (two cookies of one name are sent in an order httpx does not fix)
    lan.cookies.set("kems_token", "s3cre")
    assert lan.get("/api/games").status_code == 403


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "127.0.0.1", "localhost:8765", "LOCALHOST", "[::1]:8765",
                                  "[0:0::1]"])
def test_without_a_token_the_loopback_names_are_answered(db, host):
    client = TestClient(create_app(Settings(db=db)), base_url=BASE)
    assert client.get("/api/games", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("host", ["127.0.0.1.evil.example:8765", "evil.example", "[::2]:8765", "192.168.1.20:8765",
                                  "::1"])
def test_without_a_token_another_host_name_is_a_421(db, host):
    client = TestClient(create_app(Settings(db=db)), base_url=BASE)
    assert client.get("/api/games", headers={"host": host}).status_code == 421


BAD_CARD = {"event": "kems", "hand": "Q Q Q X"}
EN, FR = "unreadable card 'X'", "carte illisible « X »"
# "zz": a code no locale file has (tools/third_language.py adds "xx")


@pytest.mark.parametrize(("query", "cookie", "accept", "said"), [
    ("?lang=fr", "en", "en", FR), ("?lang=en", "fr", "fr", EN),  # the address first
    ("?lang=zz", "fr", "en", FR), ("", "fr", "en-GB", FR),  # then the page's switch
    ("", "zz", "de-DE, FR;q=0.8, en;q=0.5", FR), ("", None, "EN-gb,fr", EN),  # then the browser's first known
    ("", None, "de, es", EN), ("", None, "", EN),  # then the server's (--lang en)
])
def test_the_language_is_the_address_s_then_the_switch_s_then_the_browser_s_then_the_server_s(client, query, cookie,
                                                                                              accept, said):
    if cookie:
        client.cookies.set("kems_lang", cookie)
    r = client.post("/api/rule" + query, json=BAD_CARD, headers={"accept-language": accept})
    assert r.json()["error"].startswith(said)


def test_a_server_started_in_french_answers_in_french_where_the_request_names_no_language(db):
    client = TestClient(create_app(Settings(db=db, lang="fr")), base_url=BASE)
    assert client.post("/api/rule", json=BAD_CARD).json()["error"].startswith(FR)
    assert '<html lang="fr">' in client.get("/new").text


def test_the_language_switch_is_a_cookie_for_the_whole_site_and_an_unknown_language_is_no_page(client):
    r = client.post("/lang/fr", headers=SAME, follow_redirects=False)
    assert (r.status_code, r.headers["location"]) == (303, "/")
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("kems_lang=fr;") and "Path=/" in cookie and "samesite=strict" in cookie.lower()
    assert '<html lang="fr">' in client.get("/new").text
    assert client.post("/lang/zz", headers=SAME, follow_redirects=False).status_code == 404
    assert client.get("/lang/fr").status_code == 405


def test_current_is_the_game_last_written_to_and_a_game_is_found_by_its_number(client):
    for name, teams in (("one", ["A+B", "C+D"]), ("two", ["E+F", "G+H"])):
        assert client.post("/api/games", json={"teams": teams, "target": 5, "name": name}).status_code == 201
    assert client.get("/api/games/current/score").json()["game"] == "two"  # the last created
    client.post("/api/games/one/points", json={"team": "A", "n": 2})
    assert client.get("/api/games/current/score").json()["game"] == "one"  # then the last written to
    assert [client.get(f"/api/games/{n}/score").json()["game"] for n in (1, 2)] == ["one", "two"]
    home = client.get("/").text
    assert "<h1>one " in home and "A+B" in home and "E+F" not in home  # the page's game is current too
    client.post("/point", data={"team": "C", "n": "1"}, headers=SAME)
    assert [t_["points"] for t_ in client.get("/api/games/one/score").json()["teams"]] == [2, 1]
    assert client.get("/api/games/3/score").status_code == 404


def test_the_api_takes_a_line_of_up_to_a_billion_then_the_sheet_s_own_bound_speaks(client):
    _game(client)
    said = {n: client.post("/api/games/current/points", json={"team": "Léa", "n": n}).json()["error"]
            for n in (10**9, -10**9, 10**9 + 1, -10**9 - 1, True)}
    assert (said[10**9], said[-10**9]) == tuple("a line of the sheet gives or takes away at most 1000000 points or "
                                                f"letters; not {n}" for n in (10**9, -10**9))
    assert said[10**9 + 1] == said[-10**9 - 1] == said[True] == "'n' has a value of the wrong kind."
    gave = {n: client.post("/api/games/current/points", json={"team": "Léa", "n": 1, "for": n}).json()["error"]
            for n in (10**9, 10**9 + 1)}
    assert gave == {10**9: "no call is waiting for the table", 10**9 + 1: "'for' has a value of the wrong kind."}


def test_the_page_s_line_is_at_most_four_digits_and_its_story_at_most_2000_characters(client):
    _game(client)
    for n, status in (("-9999", 303), ("9999", 303), ("10000", 400), ("-10000", 400), ("+1", 400)):
        r = client.post("/point", data={"team": "Léa", "n": n}, headers=SAME, follow_redirects=False)
        assert r.status_code == status, n
    told = "contre-kems sur deux 7 et deux rois"
    story = told + " " * (2000 - len(told) - len(" vraiment")) + " vraiment"
    assert len(story) == 2000 and "CALL REJECTED" in client.get("/ask", params={"words": story}).text
    r = client.get("/ask", params={"words": story + "s"})
    assert r.status_code == 400 and "story too long (at most 2000 characters)" in r.text


def test_the_home_page_shows_the_last_five_lines_of_the_sheet(client):
    _game(client, target=1000)
    for n in range(1, 8):
        client.post("/api/games/current/points", json={"team": "Léa", "n": n})
    recent = re.findall(r'<li value="(\d+)"', client.get("/score").text)
    assert recent == ["3", "4", "5", "6", "7"]


@pytest.mark.parametrize("body", [{}, {"words": ""}, {"words": "  \n "}, {"words": 5}, {"words": None}])
def test_a_dispute_without_words_is_a_400_saying_what_to_tell(client, body):
    r = client.post("/api/ask", json=body)
    assert (r.status_code, r.json()) == (400, {"error": 'tell the situation, e.g. kems-ref ask "stop kemps on 2 3 4 5, '
                                                        'her partner had four kings"'})


def test_compare_names_a_house_file_given_to_serve_by_its_id(tmp_path):
    house = tmp_path / "maison.yaml"
    house.write_text("id: maison\nname: Maison\nextends: ducale\npublication: {title: Nos règles}\nrules:\n"
                     "  call.kems.right:\n    status: stated\n    value: [{team: callers, change: 3, unit: point}]\n"
                     "    text: {fr: \"Trois points.\", en: \"Three points.\"}\n    citation: {section: \"Kems\"}\n",
                     encoding="utf-8")
    client = TestClient(create_app(Settings(db=tmp_path / "g.sqlite3", houses={"maison": str(house)})), base_url=BASE)
    r = client.get("/api/compare?point=call.kems.right&conventions=maison,ducale&lang=en")
    assert r.status_code == 200 and r.json()["conventions"] == ["maison", "ducale"]
    assert {k: v["text"] for k, v in r.json()["rows"][0]["values"].items()} == {
        "maison": "Three points.", "ducale": "Right Kems: one point to the calling team."}


@pytest.mark.parametrize("team", ["", 5, None, ["Léa"]])
def test_a_line_for_no_team_name_is_refused_and_writes_nothing(client, team):
    _game(client)
    r = client.post("/api/games/current/points", json={"team": team, "n": 1})
    assert (r.status_code, r.json()) == (400, {"error": "'team' has a value of the wrong kind."})
    assert client.get("/api/games/current/history").json() == []


@pytest.mark.slow
@pytest.mark.parametrize(("branch", "entry", "key"), [
    (True, 1, "branch"), ([1], 1, "branch"), (None, 1, "branch"), (1.0, 1, "branch"),
    ("2", True, "entry"), ("2", "1", "entry"), ("2", 1.0, "entry"),
])
def test_a_decision_names_its_branch_and_entry_by_number_or_is_refused_writing_nothing(client, branch, entry, key):
    _game(client)
    client.post("/api/games/current/calls", json={"event": "contre-kems", "by": "Inès", "on": "Léa"})
    r = client.post("/api/games/current/decide", json={"branch": branch, "entry": entry})
    assert (r.status_code, r.json()) == (400, {"error": f"'{key}' has a value of the wrong kind."})
    assert len(client.get("/api/games/current/history").json()) == 1
    decided = client.post("/api/games/current/decide", json={"branch": 2, "entry": 1})  # a number is a number
    assert decided.json()["changes"] == [{"team": "Léa+Tom", "change": 1, "unit": "point"}]


@pytest.mark.parametrize("body", [b'["kems"]', b'"kems"', b"3", b"null"])
def test_a_json_body_that_is_no_object_is_a_400(client, body):
    r = client.post("/api/rule", content=body, headers={"content-type": "application/json"})
    assert (r.status_code, r.json()) == (400, {"error": "the body must be a JSON object."})


@pytest.mark.parametrize("square", ["", "maybe"])
def test_a_yes_or_no_of_the_page_that_is_neither_is_refused_never_taken_as_unsaid(client, square):
    _game(client)
    r = client.post("/call/kems", data={"by": "Léa", "square": square}, headers=SAME, follow_redirects=False)
    assert r.status_code == 400 and "&#39;square&#39; has a value of the wrong kind." in r.text
    assert client.get("/api/games/current/history").json() == []
