#!/usr/bin/env python3
"""Prove CONTRIBUTING's path for a new language: a third locale file and nothing else.

Copies the repository to a scratch folder (the working tree is never touched), adds
``kems_ref/locales/<code>.yaml`` made from the English file (as a translator starts: its own name,
``language.name``, given), and runs the test suite there: every test must pass with three languages
as with two, and the new language must be offered by ``--lang`` (its help names it) and speak, and
the phone page must offer it by its name in its language switch and render in it once chosen.
``nox -s third-language`` runs it (CI does)::

    python tools/third_language.py [--code xx] [pytest arguments…]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("kems_ref", "conventions", "constraints", "tests", "tools", "docs", "pyproject.toml", "README.md",
          "CONTRIBUTING.md", "benchmark.py", "noxfile.py")


def own_name(code: str) -> str:
    """The new language's own name, as its translator writes it in its file (``language.name``)."""
    return f"Language {code.upper()}"


#: the phone page, in the scratch copy: English offers the new language by its name; chosen, the page
#: is in it and offers the two others
PAGE = """
import re, sys, tempfile
from pathlib import Path
from starlette.testclient import TestClient
from kems_ref.web.app import create_app
from kems_ref.web.base import Settings

code, name = sys.argv[1], sys.argv[2]
base = "http://127.0.0.1:8765"
client = TestClient(create_app(Settings(db=Path(tempfile.mkdtemp()) / "sheet.sqlite3", lang="en")), base_url=base)
switch = re.compile(r'<form class="langs" method="post" action="/lang/([^"]+)">\\s*<button[^>]*>([^<]+)</button>')
english = client.get("/").text
assert switch.findall(english) == [("fr", "Français"), (code, name)], switch.findall(english)
chosen = client.post(f"/lang/{code}", headers={"origin": base}, follow_redirects=False)
assert chosen.status_code == 303, chosen.status_code
page = client.get("/").text
assert f'<html lang="{code}">' in page, page[:200]
assert switch.findall(page) == [("en", "English"), ("fr", "Français")], switch.findall(page)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", default="xx", help="the new language's code (default: xx)")
    args, pytest_args = parser.parse_known_args()
    with tempfile.TemporaryDirectory(prefix="kems-third-language-") as scratch:
        root = Path(scratch)
        for name in COPIED:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy(source, root / name)
        locales = root / "kems_ref" / "locales"
        if (locales / f"{args.code}.yaml").exists():
            sys.stderr.write(f"{args.code} is already a language: choose another --code\n")
            return 2
        english = (locales / "en.yaml").read_text(encoding="utf-8")
        named = english.replace("\nlanguage.name: English\n", f"\nlanguage.name: {own_name(args.code)}\n")
        (locales / f"{args.code}.yaml").write_text(named, encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
        spoken = subprocess.run([sys.executable, "-m", "kems_ref", "--lang", args.code, "rule", "kems", "--hand",
                                 "Q Q Q Q"], cwd=root, env=env, capture_output=True, text=True, timeout=120)
        if spoken.returncode != 0 or "CALL UPHELD" not in spoken.stdout:
            sys.stderr.write(f"--lang {args.code} does not speak:\n{spoken.stdout}{spoken.stderr}")
            return 1
        helped = subprocess.run([sys.executable, "-m", "kems_ref", "rule", "kems", "--help", "--lang", "en"], cwd=root,
                                env={**env, "COLUMNS": "200"}, capture_output=True, text=True, timeout=120)
        if f"Language: en, fr or {args.code} " not in helped.stdout:
            sys.stderr.write(f"the help of --lang does not name {args.code}:\n{helped.stdout}{helped.stderr}")
            return 1
        page = subprocess.run([sys.executable, "-c", PAGE, args.code, own_name(args.code)], cwd=root, env=env,
                              capture_output=True, text=True, timeout=120)
        if page.returncode != 0:
            sys.stderr.write(f"the page does not offer {args.code}:\n{page.stdout}{page.stderr}")
            return 1
        suite = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                f"--basetemp={root / '.pytest-tmp'}", *(pytest_args or ["tests"])],
                               cwd=root, env=env, timeout=3600)
        print(f"third language {args.code!r}: the suite {'passes' if suite.returncode == 0 else 'FAILS'}")
        return suite.returncode


if __name__ == "__main__":
    sys.exit(main())
