"""The HTML checklist prints on one A4 page: printed to PDF by headless Chromium, pages counted.
Skips where Chromium is not installed (CI installs it: see .ci/run)."""

import os
import re
import shutil
import subprocess

import pytest

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(name)), None)
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed"), pytest.mark.slow]


def pages(pdf: bytes) -> int:
    found = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)
    assert found, "no page objects found: the PDF layout changed, count pages another way"
    return len(found)


def printed_pages(html: str, tmp_path) -> int:
    """How many A4 pages headless Chromium prints the page on."""
    page = tmp_path / "sheet.html"
    page.write_text(html, encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                           f"--print-to-pdf={pdf}", page.as_uri()], capture_output=True, timeout=120,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert pdf.exists(), done.stderr.decode(errors="replace")[-500:]
    return pages(pdf.read_bytes())


@pytest.mark.parametrize(("convention", "lang"), [
    ("ducale", "fr"), ("ducale", "en"), ("pagat", "fr"), ("regles-com", "fr"), ("bicycle", "en"), ("nathan", "fr"),
    ("wikipedia", "fr"), ("regle-breve", "en"), ("marquoir", "fr"), ("jouer-au-kems", "en"),
])
def test_the_html_checklist_prints_on_one_a4_page(run, tmp_path, convention, lang):
    r = run("checklist", "-c", convention, "--format", "html", "--lang", lang)
    assert r.code == 0
    assert printed_pages(r.out, tmp_path) == 1


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("chosen", [["ducale"], ["ducale", "pagat"], ["ducale", "pagat", "wikipedia"],
                                    ["marquoir", "jouer-au-kems", "regle-breve"]])
def test_the_sheet_of_a_mixed_table_prints_on_one_a4_page(run, tmp_path, chosen, lang):
    args = [a for c in chosen for a in ("-c", c)]
    r = run("checklist", *args, "--format", "html", "--lang", lang)
    assert r.code == 0
    assert printed_pages(r.out, tmp_path) == 1
