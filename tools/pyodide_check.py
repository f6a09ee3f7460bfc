#!/usr/bin/env python3
"""The rulings and the reader under Pyodide, the browser edition's Python, run in Node.

Pyodide 314 is CPython 3.14 compiled to WebAssembly (Pyodide 0.28 was 3.13, 0.27 3.12): the one place
this project runs on 3.14, which ``requires-python = ">=3.10"`` admits.  This tool

1. takes the Pyodide the site pins (``kems_ref/site/fetch.py``: the npm package ``pyodide@VERSION``,
   fetched once with ``npm pack`` into a cache outside the repository, ``$XDG_CACHE_HOME/kems-ref/pyodide``
   or ``~/.cache/kems-ref/pyodide``, and checked file by file; never into git);
2. builds kems_ref's wheel (``pip wheel --no-deps``) and takes PyYAML's pure-Python modules from this
   interpreter's PyYAML (the C loader is not there; kems_ref falls back to the Python one) -- both are
   unpacked into Pyodide's site-packages, which is what micropip does with a pure wheel; neither
   micropip nor Pyodide's own packages are used, as both are fetched from a CDN at run time;
3. runs ``tools/pyodide_cases.py`` there (``tools/pyodide_check.mjs``): every case of the ruling
   tables and every story of the reader, through ``kems_ref.library``, against their expected
   results; then the same on this interpreter, and compares the digests of every ruling worded in
   English and French: the same rulings, word for word, on both Pythons.

Exit 0 when all agree, 1 when something differs, 3 when Node, npm or the package is unavailable
(``nox -s pyodide`` then skips, saying why).

    python tools/pyodide_check.py
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parents[1]
#: the Pyodide the site pins, read from its one pin (kems_ref/site/fetch.py, with its npm integrity and
#: every file's SHA-256): this file is also imported by nox's own interpreter, where kems_ref is not
VERSION = re.search(r'^VERSION = "([^"]+)"', (ROOT / "kems_ref" / "site" / "fetch.py").read_text(encoding="utf-8"),
                    re.M).group(1)  # type: ignore[union-attr]
UNAVAILABLE = 3


class Unavailable(Exception):
    """Node, npm or the package cannot be had here: the check is skipped, never failed."""


def node() -> str:
    found = shutil.which("node")
    if found is None:
        raise Unavailable("node is not installed (Pyodide runs in Node 18 or later)")
    version = subprocess.run([found, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    major = re.match(r"v(\d+)", version)
    if not major or int(major.group(1)) < 18:
        raise Unavailable(f"node {version or '(unknown version)'} is too old: Pyodide needs Node 18 or later")
    return found


def fetch() -> Path:
    """The unpacked package (its ``package`` folder): the site's own pinned copy, checked file by file
    (``kems_ref.site.fetch.runtime``: the cache, else ``npm pack``). Needs kems_ref installed."""
    from kems_ref.errors import KemsError
    from kems_ref.site import fetch as site_fetch

    try:
        return site_fetch.runtime()
    except KemsError as exc:
        raise Unavailable(exc.message) from None


def unavailable() -> Optional[str]:
    """Why the check cannot run here, or None; the standard library only (nox's own interpreter asks)."""
    try:
        node()
    except Unavailable as exc:
        return str(exc)
    cached = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kems-ref" / "pyodide" / VERSION
    if not (cached / "package" / "pyodide.mjs").is_file() and shutil.which("npm") is None:
        return f"npm is not installed and Pyodide {VERSION} is not in the cache ({cached})"
    return None


def _wheel(into: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(into), str(ROOT)], check=True)
    return next(into.glob("kems_ref-*.whl"))


def _pure_yaml(into: Path) -> Path:
    """PyYAML's Python modules (its C extension left out), as a folder to copy into site-packages."""
    spec = importlib.util.find_spec("yaml")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("pyodide_check: PyYAML is not installed in this interpreter")
    source = Path(next(iter(spec.submodule_search_locations)))
    (into / "yaml").mkdir(parents=True)
    for module in source.glob("*.py"):
        shutil.copy(module, into / "yaml" / module.name)
    return into


def _result(done: subprocess.CompletedProcess[str], where: str) -> dict[str, Any]:
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        raise SystemExit(f"pyodide_check: no result from {where} (exit {done.returncode})")
    return dict(json.loads(lines[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    try:
        runner = node()
        package = fetch()
    except Unavailable as exc:
        print(f"pyodide_check: skipped: {exc}")
        return UNAVAILABLE
    with tempfile.TemporaryDirectory(prefix="kems-pyodide-") as work:
        wheel = _wheel(Path(work) / "wheel")
        pure = _pure_yaml(Path(work) / "pure")
        there = _result(subprocess.run([runner, str(ROOT / "tools" / "pyodide_check.mjs"), str(package), str(wheel),
                                        str(pure), str(ROOT)], capture_output=True, text=True, timeout=1800),
                        f"Pyodide {VERSION}")
    here = _result(subprocess.run([sys.executable, str(ROOT / "tools" / "pyodide_cases.py"), str(ROOT)],
                                  capture_output=True, text=True, timeout=600), "this interpreter")
    print(f"Pyodide {VERSION} (Python {there['python']}): {there['rulings']} rulings, {there['stories']} "
          f"stories, {there['failed']} failed")
    for failure in there["failures"]:
        print("  ", failure)
    same = there["digest"] == here["digest"]
    print(f"Python {here['python']} here: {here['rulings']} rulings, {here['stories']} stories, {here['failed']} "
          f"failed; the worded rulings {'are the same' if same else 'DIFFER'} (sha256 {there['digest'][:12]})")
    ok = same and there["failed"] == 0 == here["failed"] and (there["rulings"], there["stories"]) == (
        here["rulings"], here["stories"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
