"""Every tap answered, nothing entered twice: the same call from two phones moments apart is caught
(409, the line it repeats) until the table confirms it; a retried request — the same Idempotency-Key —
gets its first answer again and records nothing new, whichever server of the sheet it reaches; redo
on the API."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from kems_ref.web.app import create_app
from kems_ref.web.base import Settings

BASE = "http://127.0.0.1:8765"
KEMS = {"event": "kems", "by": "Léa", "hand": "Q Q Q Q"}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "g.sqlite3"


def _phone(db: Path) -> TestClient:
    return TestClient(create_app(Settings(db=db)), base_url=BASE)


def _points(client: TestClient) -> dict[str, int]:
    return {t["team"]: t["points"] for t in client.get("/api/games/current/score").json()["teams"]}


@pytest.fixture
def phones(db: Path) -> tuple[TestClient, TestClient]:
    one, two = _phone(db), _phone(db)
    assert one.post("/api/games", json={"teams": ["Léa+Tom", "Inès+Karim"], "target": 50}).status_code == 201
    return one, two


def test_the_same_call_from_a_second_phone_moments_later_is_caught_naming_the_line_it_repeats(phones):
    one, two = phones
    assert one.post("/api/games/current/calls", json=KEMS).status_code == 200
    again = two.post("/api/games/current/calls", json=KEMS)
    assert again.status_code == 409
    assert again.json() == {"error": "line 1 is the same call by the same player, entered less than 20 seconds ago "
                                     "(another phone?): enter it again only if it was called twice",
                            "duplicate_of": 1}
    assert _points(one) == {"Léa+Tom": 1, "Inès+Karim": 0}
    confirmed = two.post("/api/games/current/calls", json={**KEMS, "confirm": True})
    assert confirmed.status_code == 200 and confirmed.json()["entry"] == 2
    assert _points(one) == {"Léa+Tom": 2, "Inès+Karim": 0}


def test_another_call_or_another_player_is_no_repeat(phones):
    one, two = phones
    assert one.post("/api/games/current/calls", json=KEMS).status_code == 200
    assert two.post("/api/games/current/calls", json={**KEMS, "by": "Tom"}).status_code == 200
    assert two.post("/api/games/current/calls", json={"event": "contre-kems", "by": "Inès", "on": "Tom",
                                                      "hand": "7 7 K K"}).status_code == 200
    assert len(one.get("/api/games/current/history").json()) == 3


def test_a_call_repeated_after_an_undo_of_it_is_no_repeat(phones):
    one, two = phones
    one.post("/api/games/current/calls", json=KEMS)
    assert one.post("/api/games/current/undo").status_code == 200
    assert two.post("/api/games/current/calls", json=KEMS).status_code == 200


def test_a_repeat_refused_in_french_is_said_in_french(phones):
    one, two = phones
    one.post("/api/games/current/calls", json=KEMS)
    again = two.post("/api/games/current/calls?lang=fr", json=KEMS)
    assert again.status_code == 409 and again.json()["error"].startswith("la ligne 1 est la même annonce")


def test_confirm_must_be_true_or_false(phones):
    one, _ = phones
    bad = one.post("/api/games/current/calls", json={**KEMS, "confirm": "yes"})
    assert bad.status_code == 400 and "confirm" in bad.json()["error"]


def test_a_retried_request_gets_its_first_answer_and_records_nothing_new_on_either_server(phones):
    one, two = phones
    key = {"idempotency-key": "tap-0001-abcdef"}
    first = one.post("/api/games/current/points", json={"team": "Léa", "n": 2}, headers=key)
    retried = two.post("/api/games/current/points", json={"team": "Léa", "n": 2}, headers=key)  # the other server
    assert first.status_code == retried.status_code == 200
    assert retried.json() == first.json() and retried.headers["idempotent-replay"] == "true"
    assert _points(one) == {"Léa+Tom": 2, "Inès+Karim": 0}
    assert len(one.get("/api/games/current/history").json()) == 1
    other = one.post("/api/games/current/points", json={"team": "Léa", "n": 2}, headers={"idempotency-key": "tap-2"
                                                                                              "-0002"})
    assert other.status_code == 200 and _points(one) == {"Léa+Tom": 4, "Inès+Karim": 0}


def test_a_retried_request_that_was_refused_is_refused_the_same_and_nothing_is_recorded(phones):
    one, _ = phones
    key = {"idempotency-key": "tap-refused-01"}
    first = one.post("/api/games/current/points", json={"team": "Nobody", "n": 1}, headers=key)
    again = one.post("/api/games/current/points", json={"team": "Léa", "n": 1}, headers=key)  # the key decides
    assert first.status_code == again.status_code == 400 and again.json() == first.json()
    assert _points(one) == {"Léa+Tom": 0, "Inès+Karim": 0}


@pytest.mark.parametrize("key", ["short", "x" * 129, "spaces are no key", "a/b/c/d/e/f"])
def test_an_idempotency_key_that_is_no_key_is_refused(phones, key):
    one, _ = phones
    bad = one.post("/api/games/current/points", json={"team": "Léa", "n": 1}, headers={"idempotency-key": key})
    assert bad.status_code == 400 and "Idempotency-Key" in bad.json()["error"]
    assert _points(one) == {"Léa+Tom": 0, "Inès+Karim": 0}


def test_a_tapped_page_action_sent_twice_is_recorded_once(phones):
    """A double tap on one button of the page: the same form, the same key, one line."""
    one, _ = phones
    form = {"headers": {"origin": BASE, "idempotency-key": "form-3f9a2c11"}, "data": {"team": "Léa", "n": "1"},
            "follow_redirects": False}
    first, second = one.post("/point", **form), one.post("/point", **form)
    assert first.status_code == second.status_code == 303 and first.headers["location"] == second.headers["location"]
    assert _points(one) == {"Léa+Tom": 1, "Inès+Karim": 0}


def test_redo_on_the_api_brings_back_the_line_an_undo_took_back(phones):
    one, two = phones
    one.post("/api/games/current/points", json={"team": "Léa", "n": 3})
    assert one.post("/api/games/current/undo").json()["refers"] == 1
    redone = two.post("/api/games/current/redo")
    assert redone.status_code == 200 and redone.json()["restores"] == 1 and redone.json()["kind"] == "undo"
    assert _points(one) == {"Léa+Tom": 3, "Inès+Karim": 0}
    nothing = two.post("/api/games/current/redo")
    assert nothing.status_code == 400 and nothing.json()["error"].startswith("nothing to redo")


@pytest.mark.parametrize("path", ["/api/games/current/score", "/score"])
def test_an_unchanged_poll_is_a_304_with_no_body_and_a_new_line_changes_it(phones, path):
    one, two = phones
    first = one.get(path)
    tag = first.headers["etag"]
    assert first.status_code == 200 and first.headers["cache-control"] == "no-cache" and first.content
    same = one.get(path, headers={"if-none-match": tag})
    assert (same.status_code, same.content, same.headers["etag"]) == (304, b"", tag)
    two.post("/api/games/current/points", json={"team": "Léa", "n": 1})
    moved = one.get(path, headers={"if-none-match": tag})
    assert moved.status_code == 200 and moved.headers["etag"] != tag and moved.content


def test_the_page_poll_is_named_by_its_language_too(phones):
    one, _ = phones
    english = one.get("/score?lang=en").headers["etag"]
    french = one.get("/score?lang=fr")
    assert french.headers["etag"] != english
    assert one.get("/score?lang=fr", headers={"if-none-match": english}).status_code == 200


def test_the_pages_files_go_under_names_that_carry_their_digest_kept_a_year_and_compressed(phones):
    one, _ = phones
    page = one.get("/").text
    import re

    style = re.search(r'href="(/static/kems\.[0-9a-f]{10}\.css)"', page).group(1)
    script = re.search(r'src="(/static/htmx\.[0-9a-f]{10}\.min\.js)"', page)
    assert script is not None
    kept = one.get(style, headers={"accept-encoding": "gzip"})
    assert kept.status_code == 200 and kept.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert kept.headers["content-encoding"] == "gzip" and kept.headers["content-type"] == "text/css; charset=utf-8"
    plain = one.get("/static/kems.css")  # the plain name: checked again each time
    assert plain.headers["cache-control"] == "no-cache" and kept.text == plain.text
    assert one.get("/static/kems.css", headers={"if-none-match": plain.headers["etag"]}).status_code == 304
    assert one.get("/static/nothing.css").status_code == 404
