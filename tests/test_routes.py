"""Every route of `kems-ref serve` bounded, never a 500 (issue #28, section 3): what a hostile tester
found, each a ruling of behaviour, and every page and API route — enumerated from the app itself, so a
new route is fuzzed without being listed here — under a fixed-seed fuzz test bounded in count and in
time, that accepts a 2xx, 3xx or 4xx and never a 500 or a traceback.

Every request goes to Starlette's TestClient in process (``raise_server_exceptions=False``: a 500 is
seen as the status a phone would get), addressed to 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (pip install 'kems-ref[web]') is not installed")

from starlette.testclient import TestClient

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
