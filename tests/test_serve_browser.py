"""The phone pages in a real browser: the system's Chromium driven by Playwright at a phone's viewport
(390×844, touch), two players' phones at once — one in English, one in French — playing a whole game
to its end by taps, each seeing the other's entries without reloading.

The server is a real ``kems-ref serve --lan`` process listening on 127.0.0.1 only (the join token is
exercised without leaving the machine).  Screenshots of each page are kept in the test's temporary
folder (``KEMS_REF_SCREENSHOTS`` names another one).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (pip install playwright) is not installed")
pytest.importorskip("starlette", reason="the web extra is not installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="no system Chromium (apt-get install chromium)"),
              pytest.mark.slow]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LIVE = 4_000  # ms: a phone sees another's entry within a second of polling, with room for a loaded machine


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    process = subprocess.Popen([sys.executable, "-m", "kems_ref", "serve", "--port", "0", "--lan", "--host",
                                "127.0.0.1", "--db", str(tmp_path / "sheet.sqlite3")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "KEMS_REF_LANG": "en"})
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=20)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("KEMS_REF_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _phones(browser):
    """Léa's phone in English and Inès's in French, at the table's patience."""
    lea = browser.new_context(**PHONE, locale="en-GB", accept_downloads=True).new_page()
    ines = browser.new_context(**PHONE, locale="fr-FR").new_page()
    for page in (lea, ines):
        page.set_default_timeout(15_000)
    return lea, ines


def test_a_whole_game_by_taps_on_two_phones_at_once_in_english_and_french(server, shots):
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            lea, ines = _phones(browser)
            expect = sync_api.expect

            # Léa's phone scans the link: no game yet, a new one
            lea.goto(server)
            lea.locator("input[name=team1]").fill("Léa+Tom")
            lea.locator("input[name=team2]").fill("Inès+Karim")
            lea.locator("select[name=convention]").select_option("jouer-au-kems")
            lea.locator("input[name=target]").fill("3")
            lea.screenshot(path=shots / "new-game-en.png")
            lea.get_by_role("button", name="Start the game").tap()
            expect(lea.locator("#score h1")).to_contain_text("game-1")

            # Inès's phone joins by the same link, in French
            ines.goto(server)
            expect(ines.locator("#score")).to_contain_text("Léa+Tom")
            expect(ines.get_by_role("link", name="Contre-Kems", exact=True)).to_be_visible()
            ines.screenshot(path=shots / "score-fr.png")

            # a right Kems in three taps: Kems, Léa, held a square — recorded, its ruling shown above the score
            lea.get_by_role("link", name=re.compile("^Kems")).first.tap()
            lea.get_by_role("link", name="Léa").tap()
            lea.get_by_role("button", name="Held a square").tap()
            expect(lea.locator(".recorded .verdict")).to_have_text("CALL UPHELD")
            expect(lea.locator(".recorded .changes")).to_have_text("Léa+Tom +1 point")
            lea.screenshot(path=shots / "ruling-en.png")
            expect(lea.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("1")
            # …and Inès's phone shows it without reloading
            expect(ines.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("1", timeout=LIVE)

            # Inès calls Contre-Kems on Léa (the caller is her team: two teams play), taps Léa's cards; the
            # ruling needs the partner's hand: a tap
            ines.get_by_role("link", name="Contre-Kems", exact=True).tap()
            ines.get_by_role("link", name="Léa").tap()
            ines.locator("summary", has_text="Ou touchez les cartes").tap()
            for key in ("7", "7", "R", "R"):
                ines.locator(".keypad").get_by_role("link", name=key, exact=True).tap()
            expect(ines.locator("output.cards")).to_have_text("7 7 R R")
            ines.screenshot(path=shots / "keypad-fr.png")
            ines.get_by_role("link", name="Ces cartes").tap()
            expect(ines.locator(".ruling .verdict")).to_have_text("ÇA DÉPEND")  # on what the page asks next
            expect(ines.locator("p.question")).to_contain_text("partenaire")
            ines.screenshot(path=shots / "needs-fr.png")
            ines.locator(".grid a", has_text=re.compile("pas de carré")).first.tap()
            expect(ines.locator(".verdict")).to_have_text("ANNONCE FAUSSE")
            expect(ines.locator(".changes")).to_have_text("Léa+Tom +1 point")
            ines.get_by_role("button", name="Inscrire sur la feuille").tap()
            expect(ines.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("2")
            expect(lea.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("2", timeout=LIVE)

            # Tom's Kems on the last point: the game is won, on both phones
            lea.get_by_role("link", name=re.compile("^Kems")).first.tap()
            lea.get_by_role("link", name="Tom").tap()
            lea.get_by_role("button", name="Held a square").tap()
            expect(lea.locator("#score .status")).to_contain_text("Léa+Tom")
            expect(lea.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("3")
            expect(ines.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("3", timeout=LIVE)
            status_en = lea.locator("#score .status").inner_text()
            status_fr = ines.locator("#score .status").inner_text()
            assert "Léa+Tom" in status_en and "Léa+Tom" in status_fr and status_en != status_fr
            lea.screenshot(path=shots / "won-en.png")
            ines.screenshot(path=shots / "won-fr.png")
        finally:
            browser.close()
    assert len(list(shots.glob("*.png"))) == 7


def test_two_phones_at_one_table_a_bad_tap_a_call_entered_twice_an_undo_and_its_redo_the_history_and_its_file(
        server, shots, tmp_path):
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            lea, ines = _phones(browser)
            expect = sync_api.expect
            lea.goto(server)
            lea.locator("input[name=team1]").fill("Léa+Tom")
            lea.locator("input[name=team2]").fill("Inès+Karim")
            lea.get_by_role("button", name="Start the game").tap()  # Ducale leaves the target to the table: asked
            expect(lea.locator("#tap-error .error")).to_have_text(
                "Ducale leaves the target to the table: say how many points you play to")
            expect(lea.locator("input[name=team1]")).to_have_value("Léa+Tom")  # what was typed is kept
            lea.locator("input[name=target]").fill("10")
            lea.get_by_role("button", name="Start the game").tap()
            expect(lea.locator("#score h1")).to_contain_text("game-1")
            ines.goto(server)
            expect(ines.locator("#score")).to_contain_text("Léa+Tom")

            # a fifth queen on the keypad: the message beside the keypad, the four queens still there
            lea.get_by_role("link", name=re.compile("^Kems")).first.tap()
            lea.get_by_role("link", name="Tom").tap()
            lea.locator("summary", has_text="Or tap the cards").tap()
            for _ in range(5):
                lea.locator(".keypad").get_by_role("link", name="Q", exact=True).tap()
            expect(lea.locator("#tap-error .error")).to_contain_text("impossible: 5 queens")
            expect(lea.locator("output.cards")).to_have_text("Q Q Q Q")
            lea.screenshot(path=shots / "keypad-refused-en.png")
            lea.get_by_role("link", name="Cancel").tap()

            # Tom's Kems entered on Léa's phone, then on Inès's moments later: asked, and entered on purpose
            lea.get_by_role("link", name=re.compile("^Kems")).first.tap()
            lea.get_by_role("link", name="Tom").tap()
            lea.get_by_role("button", name="Held a square").tap()
            expect(lea.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("1")
            ines.get_by_role("link", name=re.compile("^Kems")).first.tap()
            ines.get_by_role("link", name="Tom").tap()
            ines.get_by_role("button", name="Avait un carré").tap()
            expect(ines.locator("#tap-error .error")).to_contain_text("La ligne 1 est cette même annonce")
            ines.screenshot(path=shots / "repeated-fr.png")
            expect(ines.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_count(0)  # still there
            ines.get_by_role("button", name="Oui, elle a été annoncée deux fois").tap()
            expect(ines.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("2")
            expect(lea.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("2", timeout=LIVE)

            # Léa undoes line 2: the list names it and strikes it through; Redo brings it back
            lea.get_by_role("button", name="Undo the last line").tap()
            expect(lea.locator(".recent li").last).to_have_text("Undo · cancels line 2")
            expect(lea.locator(".recent li[value='2']")).to_have_class("cancelled")
            assert lea.locator(".recent li[value='2']").evaluate(
                "e => getComputedStyle(e).textDecorationLine") == "line-through"
            expect(lea.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("1")
            lea.screenshot(path=shots / "undone-en.png")
            lea.get_by_role("button", name="Redo").tap()
            expect(lea.locator(".recent li").last).to_have_text("Redo · line 2 counts again")
            expect(lea.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("2")

            # the whole history with its totals, and the game as a file, from the phone
            lea.get_by_role("link", name="The whole history").tap()
            expect(lea.locator(".history tbody tr")).to_have_count(4)
            expect(lea.locator(".history tbody tr").last).to_contain_text("Redo · line 2 counts again")
            lea.screenshot(path=shots / "history-en.png")
            with lea.expect_download() as caught:
                lea.get_by_role("link", name="Download (CSV)").tap()
            download = caught.value
            assert download.suggested_filename == "kems-game-1.csv"
            kept = tmp_path / "downloaded.csv"
            download.save_as(kept)
            header = kept.read_text(encoding="utf-8").splitlines()[0]
            assert header == "#,Time,Entry,Verdict,Changes,Score after,Citations"

            # a dispute over a wrong Contre-Kems: the sources side by side, Marquoir's two readings both shown
            ines.get_by_role("link", name="Comparer").tap()
            ines.locator("select[name=point]").select_option("call.contre_kems.wrong")
            ines.get_by_role("button", name=re.compile("Comparer")).last.tap()
            marquoir = ines.locator("dd[data-convention=marquoir] .reading")
            expect(marquoir).to_have_count(2)
            expect(marquoir.first).to_contain_text("Lecture 1")
            expect(marquoir.last).to_contain_text("Lecture 2")
            ines.screenshot(path=shots / "compare-fr.png")
        finally:
            browser.close()


def test_the_pages_fetch_nothing_from_elsewhere_and_run_no_inline_script(server):
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_context(**PHONE).new_page()
            asked: list[str] = []
            refused: list[str] = []
            page.on("request", lambda request: asked.append(request.url))
            page.on("console", lambda message: refused.append(message.text) if "Content Security" in message.text
                    else None)
            page.goto(server)
            page.goto(server.split("?")[0] + "glossary")
            page.goto(server.split("?")[0] + "ask")
        finally:
            browser.close()
    assert asked and all(url.startswith("http://127.0.0.1:") for url in asked)
    assert refused == []
