"""The browser edition on a phone: the site ``kems-ref site build`` writes, served by a plain static
server on 127.0.0.1, opened in the system's Chromium at a phone's viewport (390×844, touch). The
referee starts; its rulings are the CLI's JSON; a game is played by taps; then the phone goes offline,
the page comes back from the service worker, rules again, and the game is still there; house rules
are loaded from a file; nothing is fetched from another origin."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (pip install playwright) is not installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="no system Chromium (apt-get install chromium)"),
              pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
BOOT = 240_000  # ms: Pyodide compiled and started on a loaded two-core machine, with room


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from kems_ref.site import fetch

    try:
        fetch.runtime()
        fetch.wheels()
    except Exception as exc:
        pytest.skip(f"the pinned Pyodide or wheels cannot be had here: {exc}")
    folder = tmp_path_factory.mktemp("phone") / "site"
    done = subprocess.run([sys.executable, "-m", "kems_ref", "site", "build", str(folder)], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return folder


@pytest.fixture
def served(site: Path) -> Iterator[str]:
    server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "-d", str(site)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        port = int(re.search(r"port (\d+)", server.stdout.readline()).group(1))  # type: ignore[union-attr]
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=20)


def _sample() -> list[tuple[str, dict]]:
    """Two situations of each convention's ruling table (none that cannot happen)."""
    out = []
    for path in sorted((ROOT / "tests" / "rulings").glob("*.yaml")):
        table = yaml.safe_load(path.read_text(encoding="utf-8"))
        cases = [c for c in table["cases"] if c["verdict"] != "impossible"][:2]
        out += [(table["convention"], c["situation"]) for c in cases]
    return out


def test_the_referee_on_a_phone_rules_as_the_cli_keeps_a_game_and_works_offline(served, run, tmp_path):
    expected = []
    for convention, situation in _sample():
        file = tmp_path / f"{len(expected)}.yaml"
        file.write_text(yaml.safe_dump(situation, allow_unicode=True), encoding="utf-8")
        r = run("rule", "--situation", str(file), "-c", convention, "--json", env={"KEMS_REF_LANG": "en"})
        assert r.code == 0, r.err
        expected.append(({**situation, "convention": convention}, r.json()))

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            context = browser.new_context(**PHONE, locale="en-GB")
            page = context.new_page()
            page.set_default_timeout(20_000)
            asked: list[str] = []
            refused: list[str] = []
            page.on("request", lambda request: asked.append(request.url))
            page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
            expect = sync_api.expect

            page.goto(served)
            expect(page.locator("html")).to_have_attribute("data-kems-ready", "1", timeout=BOOT)

            # the rulings are the CLI's, word for word
            for body, cli in expected:
                assert page.evaluate("body => window.kemsRef.api('/api/rule', body)", body) == cli, body
            assert page.evaluate("() => window.kemsRef.api('/api/games')") == []
            assert page.evaluate("() => window.kemsRef.api('/api/rule', {event: 'nosuch'})")["error"].startswith(
                "unknown event 'nosuch'")

            # a game, by taps
            page.locator("input[name=team1]").fill("Léa+Tom")
            page.locator("input[name=team2]").fill("Inès+Karim")
            page.locator("input[name=target]").fill("5")
            page.get_by_role("button", name="Start the game").tap()
            page.get_by_role("link", name=re.compile("^Kems")).first.tap()
            page.get_by_role("link", name="Léa").tap()
            page.get_by_role("button", name="Held a square").tap()
            expect(page.locator(".recorded .verdict")).to_have_text("CALL UPHELD")
            expect(page.locator("#score tr", has_text="Léa+Tom").locator(".total")).to_have_text("1")
            page.go_back()  # the phone's Back: the screen before, not another site
            expect(page.locator("p.question").first).to_have_text("Did the hand in question hold a square?")
            page.go_forward()
            expect(page.locator(".recorded .verdict")).to_have_text("CALL UPHELD")

            # house rules from a file: loaded through the same loader; a broken one says where
            page.locator("#kems-tools summary").tap()
            page.locator("#kems-tools input[name=house]").set_input_files(str(ROOT / "tests" / "data"
                                                                                / "house-site.yaml"))
            expect(page.locator("#kems-tools-said")).to_have_text(  # (pydantic imported on the first file)
                "House rules loaded: our-table. Choose them for a new game.", timeout=BOOT)
            page.locator("#kems-tools input[name=house]").set_input_files(str(ROOT / "tests" / "data" / "broken.yaml"))
            expect(page.locator("#kems-tools-said")).to_contain_text("broken.yaml:", timeout=60_000)
            expect(page.locator("#kems-tools-said")).to_have_class("error")

            # the game moves to a computer and back: the phone's file imported by the CLI, and a CLI game
            # imported on the phone, losslessly (kems-ref game import)
            with page.expect_download() as caught:
                page.locator("#kems-tools a[download]").tap()
            saved = tmp_path / "from-phone.json"
            caught.value.save_as(saved)
            computer = tmp_path / "computer.sqlite3"
            moved = run("game", "import", str(saved), "--db", str(computer), "--json")
            assert moved.code == 0, moved.err
            assert run("game", "score", "--db", str(computer), "--json").json() == page.evaluate(
                "() => window.kemsRef.api('/api/games/current/score')")
            played = tmp_path / "played.sqlite3"
            assert run("game", "new", "--team", "Ana+Bo", "--team", "Cy+Di", "-c", "pagat", "--db",
                       str(played)).code == 0
            assert run("game", "point", "Ana", "--db", str(played)).code == 0
            exported = run("game", "export", "--format", "json", "--db", str(played))
            (tmp_path / "from-computer.json").write_text(exported.out, encoding="utf-8")
            page.locator("#kems-tools input[name=game]").set_input_files(str(tmp_path / "from-computer.json"))
            expect(page.locator("#kems-tools-said")).to_have_text("Game imported: game-2.", timeout=60_000)
            listed = page.evaluate("() => window.kemsRef.api('/api/games')")
            assert [g["game"] for g in listed] == ["game-1", "game-2"]
            page.get_by_role("link", name="kems-ref").tap()
            page.locator("#kems-tools summary").tap()
            page.locator("#kems-tools input[name=game]").set_input_files(str(ROOT / "tests" / "data" / "broken.yaml"))
            expect(page.locator("#kems-tools-said")).to_have_text(
                "broken.yaml is not JSON: not a game exported by kems-ref (game export --format json)")

            # offline: the page comes back from the service worker, rules again, the game is still there
            assert page.evaluate("() => navigator.serviceWorker.ready.then(r => !!r.active)")
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
            context.set_offline(True)
            page.reload()
            # before Python is ready, the last screen is there (its buttons, the score), and says it is starting
            page.wait_for_function("() => document.querySelector('#score .total') !== null && "
                                   "document.documentElement.dataset.kemsReady === '0'", timeout=60_000)
            expect(page.locator("#kems-status")).to_have_text("Starting the referee…")
            expect(page.locator("html")).to_have_attribute("data-kems-ready", "1", timeout=BOOT)
            expect(page.locator("#score tr", has_text="Ana+Bo").locator(".total")).to_have_text("K _ _ _ _")
            body, cli = expected[0]
            assert page.evaluate("body => window.kemsRef.api('/api/rule', body)", body) == cli
            assert [g["game"] for g in page.evaluate("() => window.kemsRef.api('/api/games')")] == [
                "game-1", "game-2"]
            ours = page.evaluate("() => window.kemsRef.api('/api/rule', {event: 'double-kems', hand: 'Q Q Q Q', "
                                 "partner_hand: '5 5 5 5', convention: 'our-table'})")  # the house rules kept
            assert (ours["convention"], ours["score"]) == ("our-table", [{"team": "callers", "change": 3,
                                                                          "unit": "point"}])
            context.set_offline(False)

            manifest = page.evaluate("() => fetch('manifest.webmanifest').then(r => r.json())")
            assert (manifest["display"], manifest["start_url"]) == ("standalone", "/")
            for icon in manifest["icons"]:
                assert page.evaluate("src => fetch(src).then(r => r.ok && r.headers.get('content-type'))",
                                     icon["src"]) == "image/png"
        finally:
            browser.close()
    assert asked and all(url.startswith(served) for url in asked), [u for u in asked if not u.startswith(served)]
    assert refused == []


def test_a_browser_without_webassembly_is_told_so_in_its_language_not_shown_a_blank_page(served):
    french = yaml.safe_load((ROOT / "kems_ref" / "locales" / "fr.yaml").read_text(encoding="utf-8"))
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            context = browser.new_context(**PHONE, locale="fr-FR")
            context.add_init_script("delete globalThis.WebAssembly")  # a browser without it
            page = context.new_page()
            page.goto(served)
            sync_api.expect(page.locator("#kems-status")).to_have_text(french["site.no_wasm"], timeout=20_000)
            assert page.locator("html").get_attribute("data-kems-ready") == "0"
        finally:
            browser.close()


def test_a_new_build_published_is_offered_and_taken_on_the_player_s_tap(tmp_path):
    folder = tmp_path / "site"

    def build(*extra: str) -> str:
        done = subprocess.run([sys.executable, "-m", "kems_ref", "site", "build", str(folder), "--json", *extra],
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        return str(json.loads(done.stdout)["version"])

    first = build()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "-d", str(folder)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        port = re.search(r"port (\d+)", server.stdout.readline()).group(1)  # type: ignore[union-attr]
        url = f"http://127.0.0.1:{port}/"
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                page = browser.new_context(**PHONE, locale="en-GB").new_page()
                page.set_default_timeout(20_000)
                page.goto(url)
                sync_api.expect(page.locator("html")).to_have_attribute("data-kems-ready", "1", timeout=BOOT)
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
                sync_api.expect(page.locator("#kems-tools .understood")).to_have_text(f"kems-ref {first}")

                second = build("-c", str(ROOT / "tests" / "data" / "house-site.yaml"))  # published again
                assert second != first
                page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
                offer = page.locator("#kems-update")
                sync_api.expect(offer).to_have_text("A new version is ready — tap to update.", timeout=120_000)
                offer.tap()
                sync_api.expect(page.locator("html")).to_have_attribute("data-kems-ready", "1", timeout=BOOT)
                sync_api.expect(page.locator("#kems-tools .understood")).to_have_text(f"kems-ref {second}",
                                                                                     timeout=60_000)
                assert page.evaluate("() => window.kemsRef.api('/api/rule', {event: 'kems', hand: 'Q Q Q Q', "
                                     "convention: 'our-table'})")["convention"] == "our-table"
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
