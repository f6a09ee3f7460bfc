"""The phone page at the table: every tap answered where it was made, nothing entered twice, a call in
three taps, an undo that names its line and a redo, the whole history with its totals, the game as a
file, and the score under other rules — through the pages, as a phone's htmx sends them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (pip install 'kems-ref[web]') is not installed")
from starlette.testclient import TestClient

from kems_ref.web import pages
from kems_ref.web.app import create_app
from kems_ref.web.base import Settings

BASE = "http://127.0.0.1:8765"
SAME = {"origin": BASE}
TAP = {"hx-request": "true", **SAME}  # what htmx sends with a tap of the page
SLOT = '<div id="tap-error" role="alert" aria-live="assertive"></div>'


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "sheet.sqlite3"


@pytest.fixture
def phone(db: Path) -> TestClient:
    return TestClient(create_app(Settings(db=db, lang="en")), base_url=BASE)


def _game(phone: TestClient, teams=("Léa+Tom", "Inès+Karim"), target=5, convention="ducale") -> None:
    r = phone.post("/api/games", json={"teams": list(teams), "convention": convention, "target": target})
    assert r.status_code == 201, r.text


def _points(phone: TestClient) -> dict[str, int]:
    return {t["team"]: t["points"] for t in phone.get("/api/games/current/score").json()["teams"]}


def _fields(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html)


# --- 1. every tap gets an answer -----------------------------------------------------------------------

def test_a_fifth_queen_tapped_on_the_keypad_is_refused_beside_the_keypad_and_the_page_stays(phone):
    _game(phone)
    keypad = phone.get("/call/kems?by=L%C3%A9a&hand=Q+Q+Q+Q").text
    assert keypad.count('id="tap-error"') == 1 and 'href="?by=L%C3%A9a&amp;hand=Q+Q+Q+Q+Q"' in keypad
    r = phone.get("/call/kems?by=L%C3%A9a&hand=Q+Q+Q+Q+Q", headers={"hx-request": "true"})
    assert r.status_code == 400
    assert (r.headers["hx-retarget"], r.headers["hx-reswap"], r.headers["hx-push-url"]) == ("#tap-error", "innerHTML",
                                                                                           "false")
    assert r.text == ('<p class="error">impossible: 5 cards of rank Q, but 1 deck(s) hold only 4 under ducale '
                      '(Notice Ducale, via Regles.com, réf. [1] — Fiche technique › Matériel)</p>\n')


def test_a_failed_tap_is_worded_in_the_page_s_language(phone):
    _game(phone)
    phone.cookies.set("kems_lang", "fr")
    r = phone.get("/call/kems?by=L%C3%A9a&hand=Q+Q+Q+Q+Q", headers={"hx-request": "true"})
    assert r.status_code == 400 and r.text.startswith('<p class="error">impossible : 5 cartes de rang D, alors que 1 '
                                                      'paquet(s) n&#39;en contiennent que 4 sous ducale')


def test_a_point_after_the_game_is_over_says_so_where_it_was_tapped_and_changes_nothing(phone):
    _game(phone, target=1)
    assert phone.post("/point", data={"team": "Léa+Tom", "n": "1"}, headers=TAP).status_code == 200
    r = phone.post("/point", data={"team": "Léa+Tom", "n": "1"}, headers=TAP)
    assert r.status_code == 400 and r.headers["hx-retarget"] == "#tap-error"
    assert r.text == ('<p class="error">game game-1 is over (Léa+Tom): undo the last line to go back, or start a new '
                      'game</p>\n')  # the phone's words: no command line on a phone
    api = phone.post("/api/games/current/points", json={"team": "Léa+Tom", "n": 1})
    assert api.json()["error"].endswith("kems-ref game undo to go back, or start a new game")  # the API: the CLI's
    assert _points(phone) == {"Léa+Tom": 1, "Inès+Karim": 0}


def test_without_htmx_a_failed_request_is_the_error_page_with_its_way_back(phone):
    _game(phone, target=1)
    phone.post("/point", data={"team": "Léa+Tom", "n": "1"}, headers=SAME)
    r = phone.post("/point", data={"team": "Léa+Tom", "n": "1"}, headers=SAME)
    assert r.status_code == 400 and "hx-retarget" not in r.headers
    assert '<p class="error" role="alert">game game-1 is over (Léa+Tom)' in r.text
    assert '<a class="button" href="/">Back to the score</a>' in r.text


@pytest.mark.parametrize("address", ["/", "/call/kems", "/call/kems?by=L%C3%A9a", "/call/contre-kems",
                                     "/call/kems?by=L%C3%A9a&square=yes", "/history", "/rescore", "/ask", "/new"])
def test_every_page_has_one_place_for_a_failed_tap_s_message(phone, address):
    _game(phone)
    assert phone.get(address).text.count(SLOT) == 1


# --- 1. nothing entered twice ----------------------------------------------------------------------------

def test_the_same_kems_from_a_second_phone_is_asked_about_and_entered_again_only_by_the_button(phone, db):
    _game(phone)
    other = TestClient(create_app(Settings(db=db, lang="fr")), base_url=BASE)
    assert phone.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=TAP).status_code == 200
    r = other.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=TAP)
    assert r.status_code == 409 and r.headers["hx-retarget"] == "#tap-error"
    assert r.text.startswith('<p class="error">La ligne 1 est cette même annonce, saisie à l&#39;instant '
                             '(par un autre téléphone ?). La saisir encore ?</p>')
    assert _fields(r.text) == [("by", "Léa"), ("square", "yes"), ("confirm", "yes")]
    assert 'action="/call/kems"' in r.text and "Oui, elle a été annoncée deux fois" in r.text
    assert _points(phone) == {"Léa+Tom": 1, "Inès+Karim": 0}  # nothing written by the repeat
    again = other.post("/call/kems", data=dict(_fields(r.text)), headers=TAP)
    assert again.status_code == 200 and again.url.query == b"recorded=2"
    assert _points(phone) == {"Léa+Tom": 2, "Inès+Karim": 0}


def test_each_form_of_the_page_sends_its_own_key_and_a_tap_sent_twice_is_recorded_once(phone):
    _game(phone)
    home = phone.get("/").text
    keys = re.findall(r'hx-headers=\'\{"Idempotency-Key": "([^"]+)"\}\'', home)
    assert len(keys) == 4 and len(set(keys)) == 4  # +1 for each team, undo, redo
    plus_one = keys[0]
    first = phone.post("/point", data={"team": "Léa+Tom", "n": "1"}, headers={**TAP, "idempotency-key": plus_one})
    again = phone.post("/point", data={"team": "Léa+Tom", "n": "1"}, headers={**TAP, "idempotency-key": plus_one})
    assert first.status_code == again.status_code == 200 and again.history[0].headers["idempotent-replay"] == "true"
    assert _points(phone) == {"Léa+Tom": 1, "Inès+Karim": 0}
    assert set(re.findall(r'"Idempotency-Key": "([^"]+)"', phone.get("/").text)).isdisjoint(keys)  # new ones


# --- 3. three taps ---------------------------------------------------------------------------------------

def test_a_contre_kems_is_three_taps_the_accused_then_what_the_table_saw(phone):
    _game(phone)
    first = phone.get("/call/contre-kems").text  # tap 1 opened it: whom it accuses
    assert re.findall(r'href="\?on=([^"]+)"', first) == ["L%C3%A9a", "Tom", "In%C3%A8s", "Karim"]
    seen = phone.get("/call/contre-kems?on=L%C3%A9a").text  # tap 2: Léa; the accusers are the other team
    assert _fields(seen) == [("on", "Léa"), ("by", "Inès+Karim"), ("square", "yes"),
                             ("on", "Léa"), ("by", "Inès+Karim"), ("square", "no")]
    r = phone.post("/call/contre-kems", data={"on": "Léa", "by": "Inès+Karim", "square": "yes"}, headers=TAP)
    assert r.status_code == 200 and r.url.query == b"recorded=1"  # tap 3
    assert "Line 1 recorded: Contre-Kems — Inès+Karim → Léa" in r.text
    assert '<p class="verdict">CALL UPHELD</p>' in r.text
    assert _points(phone) == {"Léa+Tom": 0, "Inès+Karim": 1}


def test_with_three_teams_the_page_asks_who_accused_among_the_other_teams(phone):
    _game(phone, teams=("Léa+Tom", "Inès+Karim", "Ana+Bo"))
    asked = phone.get("/call/contre-kems?on=L%C3%A9a").text
    assert "Who called?" in asked
    assert re.findall(r'href="\?on=L%C3%A9a&amp;by=([^"]+)"', asked) == ["In%C3%A8s", "Karim", "Ana", "Bo"]


def test_the_ruling_a_line_was_recorded_under_is_shown_only_for_a_call_line(phone):
    _game(phone)
    phone.post("/call/kems", data={"by": "Léa", "square": "no"}, headers=TAP)
    phone.post("/point", data={"team": "Léa+Tom", "n": "1"}, headers=TAP)
    shown = phone.get("/?recorded=1").text
    assert "Line 1 recorded: Kems — Léa" in shown and '<div class="ruling bad">' in shown
    for other in ("2", "9", "0", "x", "1e3"):  # a plain entry, no such line, not a line number
        assert "recorded:" not in phone.get(f"/?recorded={other}").text


# --- 2. undo you can read, redo, the whole history ------------------------------------------------------

def test_an_undo_names_the_line_it_cancels_and_strikes_it_through_and_a_redo_brings_it_back(phone):
    _game(phone)
    phone.post("/point", data={"team": "Léa+Tom", "n": "1"}, headers=TAP)
    undone = phone.post("/undo", headers=TAP).text
    assert '<li value="1" class="cancelled">Points · Léa+Tom +1 point</li><li value="2">Undo · cancels line 1</li>' \
        in undone
    assert _points(phone) == {"Léa+Tom": 0, "Inès+Karim": 0}
    redone = phone.post("/redo", headers=TAP).text
    assert ('<li value="1">Points · Léa+Tom +1 point</li><li value="2" class="cancelled">Undo · cancels line 1</li>'
            '<li value="3">Redo · line 1 counts again</li>') in redone
    assert _points(phone) == {"Léa+Tom": 1, "Inès+Karim": 0}


def test_the_history_page_gives_every_line_with_the_totals_after_it_a_page_at_a_time(phone, monkeypatch):
    monkeypatch.setattr(pages, "HISTORY_PAGE", 2)
    _game(phone)
    for team in ("Léa+Tom", "Inès+Karim", "Léa+Tom"):
        phone.post("/point", data={"team": team, "n": "1"}, headers=TAP)
    phone.post("/undo", headers=TAP)

    def rows(html: str) -> list[list[str]]:
        return [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)
                if "<td" in row]

    last = phone.get("/history").text
    assert rows(last) == [["3", "Points · Léa+Tom +1 point", "2", "1"], ["4", "Undo · cancels line 3", "1", "1"]]
    assert '<tr class="cancelled"><td class="num">3</td>' in last and 'href="/history?from=1"' in last
    assert rows(phone.get("/history?from=1").text) == [["1", "Points · Léa+Tom +1 point", "1", "0"],
                                                        ["2", "Points · Inès+Karim +1 point", "1", "1"]]


def test_the_game_downloads_as_game_export_writes_it(phone, run, db):
    _game(phone)
    phone.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=TAP)
    phone.post("/point", data={"team": "Inès+Karim", "n": "2"}, headers=TAP)
    for fmt in ("csv", "json", "markdown"):
        r = phone.get(f"/export?format={fmt}")
        cli = run("game", "export", "--format", fmt, "--db", str(db), env={"KEMS_REF_LANG": "en"})
        assert r.status_code == 200 and cli.code == 0
        assert r.headers["content-disposition"] == 'attachment; filename="kems-game-1.{}"'.format(
            {"csv": "csv", "json": "json", "markdown": "md"}[fmt])
        assert r.text.replace("\r\n", "\n") == cli.out, fmt  # (Click's runner reads CSV's \r\n as \n)
    assert json.loads(phone.get("/export?format=json").text)["score"]["teams"][1]["points"] == 2
    assert phone.get("/export?format=xlsx").status_code == 400


def test_the_score_under_other_rules_is_a_preview_that_writes_nothing(phone):
    _game(phone)
    phone.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=TAP)
    before = phone.get("/api/games/current/history").json()
    shown = phone.get("/rescore?c=pagat").text
    assert "A preview under Pagat: nothing is written on the sheet." in shown
    assert re.findall(r'<th>([^<]+)</th>\s*<td class="total">([^<]+)</td>', shown) == [("Léa+Tom", "_ _ _ _ _"),
                                                                                       ("Inès+Karim", "K _ _ _ _")]
    assert '<li value="1" class="differs">≠ Kems: CALL UPHELD — Inès+Karim +1 letter (was: Léa+Tom +1 point)</li>' \
        in shown
    assert phone.get("/api/games/current/history").json() == before
    assert phone.get("/rescore?c=../x").status_code == 400


# --- what a new player met: words for the phone, choices told apart ------------------------------------

def test_a_call_waiting_under_marquoir_says_what_to_tap_and_each_reading_shows_what_it_scores(phone):
    _game(phone, target=None, convention="marquoir")
    r = phone.post("/call/contre-kems", data={"on": "Tom", "square": "no"}, headers=TAP)
    assert '<p class="waiting">Waiting for the table: line 1 — tap what the table decides, below.</p>' in r.text
    assert "kems-ref" not in r.text.split('<p class="waiting">')[1].split("</p>")[0]  # no command on a phone
    assert re.findall(r"→ CALL REJECTED<small>([^<]+)</small>", r.text) == ["the accused team: +1 point",
                                                                           "the calling team: -1 point"]
    assert "<p>#1 Contre-Kems — Inès+Karim → Tom</p>" in r.text  # who was accused


def test_in_a_game_in_letters_the_team_s_button_says_it_gives_a_letter(phone):
    _game(phone, target=None, convention="pagat")
    assert re.findall(r'<button type="submit" class="small">([^<]+)</button>', phone.get("/").text) == [
        "+1 letter", "+1 letter"]


def test_the_safe_answer_to_a_repeated_call_is_the_one_in_green(phone):
    _game(phone)
    phone.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=TAP)
    r = phone.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=TAP)
    assert '<a class="button primary" href="/">No</a>' in r.text
    assert '<button type="submit">Yes, it was called twice</button>' in r.text


def test_the_rules_are_offered_by_the_names_players_know(phone):
    page = phone.get("/new").text
    assert '<option value="jouer-au-kems">Jouer au Kems</option>' in page
    assert '<option value="ducale" selected>Ducale</option>' in page


def test_the_sources_under_a_ruling_name_the_question_each_answers_not_the_rule_point_s_id(phone):
    _game(phone)
    r = phone.post("/call/kems", data={"by": "Léa", "square": "yes"}, headers=TAP)
    assert re.findall(r"<li>([^<]+)</li>", r.text.split('<ul class="citations">')[1].split("</ul>")[0]) == [
        "Score for a right Kems?: Notice Ducale, via Regles.com, réf. [1] — Score et victoire, tableau du score Ducale",
        "What ends the hand?: Notice Ducale, via Regles.com, réf. [1] — Contre-Kems : signification et règle exacte "
        "; Déroulement, étape 6"]
