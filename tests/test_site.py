"""``kems-ref site build``: the browser edition as a folder of static files — what it refuses before
writing anything, what it writes, and kems_ref's own application answering in it as under ``serve``
(run here on CPython in a process of its own, as the worker runs it under Pyodide)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from kems_ref.site import build, fetch

ROOT = Path(__file__).resolve().parents[1]


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# --- refused before anything is written ------------------------------------------------------------------

def test_a_folder_holding_other_files_is_refused_and_left_as_it_was(run, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("our evening", encoding="utf-8")
    r = run("site", "build", str(folder))
    assert r.code == 2
    assert r.err.strip() == (f"kems-ref: error: {folder} is not empty: give a new or empty folder (a site is never "
                             "written over other files)")
    assert _tree(folder) == {"notes.txt": hashlib.sha256(b"our evening").hexdigest()}


@pytest.mark.parametrize("url", ["kems", "/a//b/", "/a/../b/", "https://x.example/", "/é/"])
def test_a_base_url_that_is_no_path_is_refused(run, tmp_path, url):
    r = run("site", "build", str(tmp_path / "site"), "--base-url", url)
    assert r.code == 2 and r.err.strip() == f"kems-ref: error: --base-url {url} is no path: give one like /kems-ref/"
    assert not (tmp_path / "site").exists()


def test_a_runtime_copy_without_pyodide_s_files_is_refused_naming_the_first_missing(run, tmp_path):
    (tmp_path / "copy").mkdir()
    r = run("site", "build", str(tmp_path / "site"), "--pyodide", str(tmp_path / "copy"))
    assert r.code == 2 and r.err.strip() == (f"kems-ref: error: {tmp_path / 'copy'} has no pyodide.mjs: give the "
                                             f"folder or the npm tarball of pyodide {fetch.VERSION}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy"]  # no site, no scratch folder left


def test_a_runtime_file_that_is_not_the_pinned_one_is_refused(run, tmp_path):
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in fetch.FILES:
        (copy / name).write_bytes(b"not pyodide")
    r = run("site", "build", str(tmp_path / "site"), "--pyodide", str(copy))
    assert r.code == 2 and r.err.strip() == (f"kems-ref: error: {copy / 'pyodide.mjs'} is not the pinned pyodide "
                                             f"{fetch.VERSION} (its hash differs): nothing was written")
    assert not (tmp_path / "site").exists()


def test_a_tarball_that_is_not_the_pinned_one_is_refused_before_it_is_unpacked(tmp_path):
    tarball = tmp_path / "pyodide-314.0.8.tgz"
    tarball.write_bytes(b"\x1f\x8b not the package")
    with pytest.raises(Exception) as caught:
        fetch.unpack(tarball, tmp_path / "into" / "package")
    assert str(caught.value) == f"{tarball} is not the pinned pyodide {fetch.VERSION} (its hash differs): nothing " \
                                "was written"
    assert not (tmp_path / "into").exists()


def test_a_wheels_folder_missing_a_pinned_wheel_is_refused_naming_it(tmp_path):
    with pytest.raises(Exception) as caught:
        fetch.wheels(str(tmp_path))
    assert str(caught.value) == (f"{tmp_path} has no {next(iter(fetch.WHEELS))}: give a folder holding every pinned "
                                 "wheel, or none (fetched once into the cache)")


def test_the_home_screen_icons_are_pngs_of_their_size():
    for size in (192, 512):
        png = build._icon(size)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[16:24] == size.to_bytes(4, "big") * 2


# --- a site built (the pinned runtime and wheels: from the cache, else fetched once) ------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    try:
        fetch.runtime()
        fetch.wheels()
    except Exception as exc:  # no npm, no registry: nothing to build with here
        pytest.skip(f"the pinned Pyodide or wheels cannot be had here: {exc}")
    folder = tmp_path_factory.mktemp("built") / "site"
    house = ROOT / "tests" / "data" / "house-site.yaml"
    done = subprocess.run([sys.executable, "-m", "kems_ref", "site", "build", str(folder), "-c", str(house),
                           "--base-url", "/kems-ref/"], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "KEMS_REF_LANG": "en"})
    assert done.returncode == 0, done.stderr
    return folder


@pytest.mark.slow
def test_the_site_holds_the_page_its_workers_the_runtime_and_kems_ref_without_its_command_line(site):
    files = _tree(site)
    assert {"index.html", "app.js", "worker.js", "sw.js", "manifest.webmanifest", "icon-192.png", "icon-512.png",
            "static/kems.css", "py/packages.zip", "py/data.zip", "version.json",
            *(f"pyodide/{name}" for name in fetch.FILES)} <= set(files)
    for name, digest in fetch.FILES.items():  # the pinned runtime; its standard library made from the pinned one
        assert (files[f"pyodide/{name}"] == digest) == (name != "python_stdlib.zip"), name
    names = zipfile.ZipFile(site / "py" / "packages.zip").namelist()
    # compiled for the phone's Python by the pinned Pyodide itself (where Node runs it): no source to compile
    # at start-up, but anyio's, which reads its own
    py = ".pyc" if shutil.which("node") else ".py"
    assert f"kems_ref/library{py}" in names and "kems_ref/conventions/pagat.yaml" in names
    assert "kems_ref/web/templates/home.html" in names and f"yaml/__init__{py}" in names
    assert "anyio/__init__.py" in names and ("anyio/__pycache__/__init__.cpython-314.pyc" in names) == (py == ".pyc")
    if py == ".pyc":
        assert not [n for n in names if n.endswith(".py") and not n.startswith("anyio/")]
    checks = zipfile.ZipFile(site / "py" / "checks.zip").namelist()
    assert f"pydantic_core/__init__{py}" in checks and f"pydantic/__init__{py}" in checks
    assert not [n for n in names if n.startswith(("pydantic", "annotated_types/", "typing_inspection/"))]
    assert not [n for n in names if n.startswith(("kems_ref/cli/", "typer/", "rich/", "click/", "uvicorn/"))]
    data = zipfile.ZipFile(site / "py" / "data.zip")
    assert data.namelist() == ["houses/our-table.yaml", "preread.json"]
    preread = json.loads(data.read("preread.json"))
    assert {"locales/en.yaml", "locales/fr.yaml", "conventions/ducale.yaml"} <= set(preread)


@pytest.mark.slow
def test_the_runtime_s_standard_library_leaves_out_what_a_phone_never_runs(site):
    names = zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip").namelist()
    assert {"asyncio/__init__.py", "sqlite3/__init__.py", "email/utils.py", "encodings/utf_8.py",
            "encodings/cp437.py", "json/__init__.py"} <= set(names)
    assert not [n for n in names if n.split("/")[0] in ("unittest", "_pyrepl", "multiprocessing", "pdb.py")]
    assert "encodings/cp1250.py" not in names and "encodings/shift_jis.py" not in names


@pytest.mark.slow
def test_the_manifest_makes_the_site_installable_under_its_base_url(site):
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/kems-ref/", "/kems-ref/", "standalone")
    assert [(i["src"], i["sizes"]) for i in manifest["icons"]] == [("icon-192.png", "192x192"),
                                                                   ("icon-512.png", "512x512")]


@pytest.mark.slow
def test_the_service_worker_keeps_every_file_of_this_version(site):
    version = json.loads((site / "version.json").read_text(encoding="utf-8"))["version"]
    script = (site / "sw.js").read_text(encoding="utf-8")
    assert f'const VERSION = "{version}";' in script
    listed = json.loads(script.split("const FILES = ")[1].split(";\n")[0])
    assert sorted(listed) == sorted(["./", "version.json", *(n for n in _tree(site) if n not in (
        "sw.js", "version.json", build.MARK, "py/checks.zip"))])  # the house-file checker: when first used


@pytest.mark.slow
def test_building_again_over_a_site_replaces_it_and_the_same_sources_make_the_same_version(site, run):
    before = json.loads((site / "version.json").read_text(encoding="utf-8"))["version"]
    r = run("site", "build", str(site), "-c", str(ROOT / "tests" / "data" / "house-site.yaml"),
            "--base-url", "/kems-ref/", "--json")
    assert r.code == 0, r.err
    assert r.json()["version"] == before and r.json()["path"] == str(site)
    assert r.json()["first_visit_bytes"] <= 8_000_000 < r.json()["compressed_bytes"]  # the bound


@pytest.mark.slow
def test_a_house_file_with_an_error_stops_the_build_with_the_loader_s_line_and_writes_nothing(tmp_path, run, site):
    bad = tmp_path / "bad.yaml"
    bad.write_text(Path(ROOT / "tests" / "data" / "broken.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    r = run("site", "build", str(tmp_path / "out"), "-c", str(bad))
    assert r.code == 2 and r.err.startswith(f"kems-ref: error: {bad}:")
    assert not (tmp_path / "out").exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".out-")]


# --- the application in the browser's worker, on CPython -----------------------------------------------------

REFEREE = r"""
import asyncio, json, sys
from pathlib import Path
from kems_ref.site import browser
root = Path(sys.argv[1])
browser.DATA = root / "data"; browser.SHEET = browser.DATA / "games.sqlite3"; browser.HOUSES = browser.DATA / "houses"
browser.SHIPPED_HOUSES = root / "none"; browser.PREREAD = root / "none.json"
referee = browser.Referee("en")
H = [["host", "kems-ref.invalid"], ["origin", "https://kems-ref.invalid"]]
async def main():
    out = []
    new = await referee.call("POST", "/api/games", H + [["content-type", "application/json"]],
                             json.dumps({"teams": ["Léa+Tom", "Inès+Karim"], "convention": "ducale", "target": 5}))
    out.append(new["status"])
    tap = await referee.call("POST", "/call/kems", H + [["content-type", "application/x-www-form-urlencoded"],
                                                        ["hx-request", "true"]], "by=L%C3%A9a&square=yes")
    out.append([tap["status"], dict(tap["headers"])["location"]])
    score = await referee.call("GET", "/api/games/current/score", H, "")
    out.append(json.loads(score["body"])["teams"][0]["points"])
    again = await referee.call("POST", "/point", H + [["content-type", "application/x-www-form-urlencoded"],
                                                      ["hx-request", "true"]], "team=Nobody&n=1")
    out.append([again["status"], dict(again["headers"])["hx-retarget"], again["body"].strip()])
    out.append(referee.add_house("our rules.yaml", (root / "broken.yaml").read_text(encoding="utf-8"), "en"))
    print(json.dumps(out, ensure_ascii=False))
asyncio.run(main())
"""


def test_in_the_worker_the_pages_and_the_api_are_serve_s_and_the_sheet_is_the_same_store(tmp_path):
    (tmp_path / "broken.yaml").write_text((ROOT / "tests" / "data" / "broken.yaml").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", REFEREE, str(tmp_path)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "KEMS_REF_LANG": "en"})
    assert done.returncode == 0, done.stderr
    new, tap, points, refused, house = json.loads(done.stdout.splitlines()[-1])
    assert new == 201 and tap == [303, "/?recorded=1"] and points == 1
    assert refused[:2] == [400, "#tap-error"] and refused[2].startswith('<p class="error">')
    assert list(house) == ["error"] and house["error"].startswith("our-rules.yaml:")
    assert (tmp_path / "data" / "games.sqlite3").is_file() and not (tmp_path / "data" / "houses" / "our-rules.yaml"
                                                                   ).exists()


PREREAD = r"""
import asyncio, json, sys
from pathlib import Path
from kems_ref.site import browser
root = Path(sys.argv[1])
browser.DATA = root / "data"; browser.SHEET = browser.DATA / "games.sqlite3"; browser.HOUSES = browser.DATA / "houses"
browser.SHIPPED_HOUSES = root / "site" / "houses"; browser.PREREAD = root / "site" / "preread.json"
referee = browser.Referee("fr")
H = [["host", "kems-ref.invalid"], ["origin", "https://kems-ref.invalid"], ["content-type", "application/json"]]
async def main():
    home = await referee.call("GET", "/new", H, "")
    ruled = await referee.call("POST", "/api/rule", H, json.dumps({"event": "kems", "hand": "Q Q Q Q",
                                                                   "convention": "pagat"}))
    print(json.dumps([home["status"], json.loads(ruled["body"])["verdict"],
                      sorted(m for m in sys.modules if m.split(".")[0] in ("yaml", "pydantic", "rich", "typer"))]))
asyncio.run(main())
"""


def test_in_the_worker_the_conventions_and_locales_are_read_from_the_site_s_preread_data_not_parsed(tmp_path):
    import io

    zipfile.ZipFile(io.BytesIO(build._data([]))).extractall(tmp_path / "site")  # what site build writes
    done = subprocess.run([sys.executable, "-c", PREREAD, str(tmp_path)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "KEMS_REF_CACHE": str(tmp_path / "no-cache")})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [200, "upheld", []]  # no YAML parser, no validator loaded
