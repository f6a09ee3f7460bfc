#!/usr/bin/env python3
"""Prove CONTRIBUTING's path for a new language: a third locale file and nothing else.

Copies the repository to a scratch folder (the working tree is never touched), adds
``kems_ref/locales/<code>.yaml`` made from the English file (as a translator starts), and runs the
test suite there: every test must pass with three languages as with two, and the new language must
be offered by ``--lang`` and speak.  ``nox -s third-language`` runs it (CI does)::

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
        shutil.copy(locales / "en.yaml", locales / f"{args.code}.yaml")
        env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
        spoken = subprocess.run([sys.executable, "-m", "kems_ref", "--lang", args.code, "rule", "kems", "--hand",
                                 "Q Q Q Q"], cwd=root, env=env, capture_output=True, text=True, timeout=120)
        if spoken.returncode != 0 or "CALL UPHELD" not in spoken.stdout:
            sys.stderr.write(f"--lang {args.code} does not speak:\n{spoken.stdout}{spoken.stderr}")
            return 1
        suite = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                f"--basetemp={root / '.pytest-tmp'}", *(pytest_args or ["tests"])],
                               cwd=root, env=env, timeout=3600)
        print(f"third language {args.code!r}: the suite {'passes' if suite.returncode == 0 else 'FAILS'}")
        return suite.returncode


if __name__ == "__main__":
    sys.exit(main())
