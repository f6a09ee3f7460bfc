#!/usr/bin/env python3
"""The rulings and the reader under Pyodide, the browser edition's Python, run in Node.

Pyodide 314 is CPython 3.14 compiled to WebAssembly (Pyodide 0.28 was 3.13, 0.27 3.12): the one place
this project runs on 3.14, which ``requires-python = ">=3.10"`` admits.  This tool

1. fetches the npm package ``pyodide@VERSION`` with ``npm pack`` into a cache outside the repository
   (``$XDG_CACHE_HOME/kems-ref/pyodide`` or ``~/.cache/kems-ref/pyodide``; never into git);
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

    python tools/pyodide_check.py [--pyodide VERSION]
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
import tarfile
import tempfile
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parents[1]
#: the current Pyodide on npm (its Python: 3.14.2)
VERSION = "314.0.8"
UNAVAILABLE = 3


class Unavailable(Exception):
    """Node, npm or the package cannot be had here: the check is skipped, never failed."""


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kems-ref" / "pyodide"


def node() -> str:
    found = shutil.which("node")
    if found is None:
        raise Unavailable("node is not installed (Pyodide runs in Node 18 or later)")
    version = subprocess.run([found, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    major = re.match(r"v(\d+)", version)
    if not major or int(major.group(1)) < 18:
        raise Unavailable(f"node {version or '(unknown version)'} is too old: Pyodide needs Node 18 or later")
    return found


def fetch(version: str = VERSION) -> Path:
    """The unpacked package (its ``package`` folder), fetched once into the cache."""
    folder = cache_dir() / version
    package = folder / "package"
    if (package / "pyodide.mjs").is_file() and (package / "pyodide.asm.wasm").is_file():
        return package
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable("npm is not installed: the package pyodide cannot be fetched")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent) as scratch:
        try:
            done = subprocess.run([npm, "pack", f"pyodide@{version}", "--loglevel=error", "--pack-destination",
                                   scratch], capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            raise Unavailable(f"npm pack pyodide@{version} took over 10 minutes") from None
        tarballs = list(Path(scratch).glob("pyodide-*.tgz"))
        if done.returncode != 0 or not tarballs:
            said = " ".join((done.stderr or done.stdout).split())[:300]
            raise Unavailable(f"npm pack pyodide@{version} failed ({said or f'exit {done.returncode}'})")
        with tarfile.open(tarballs[0]) as archive:
            members = [m for m in archive.getmembers() if m.name.startswith("package/") and (m.isfile() or m.isdir())
                       and ".." not in Path(m.name).parts]
            # the members checked just above; the "data" filter too where tarfile has it (3.12+)
            safe: dict[str, Any] = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
            archive.extractall(scratch, members=members, **safe)
        folder.mkdir(exist_ok=True)
        if package.exists():
            shutil.rmtree(package)
        os.replace(Path(scratch) / "package", package)
    return package


def unavailable(version: str = VERSION) -> Optional[str]:
    """Why the check cannot run here, or None (the package is then in the cache)."""
    try:
        node()
        fetch(version)
    except Unavailable as exc:
        return str(exc)
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
    parser.add_argument("--pyodide", default=VERSION, metavar="VERSION", help=f"the npm package's version ({VERSION})")
    args = parser.parse_args()
    try:
        runner = node()
        package = fetch(args.pyodide)
    except Unavailable as exc:
        print(f"pyodide_check: skipped: {exc}")
        return UNAVAILABLE
    with tempfile.TemporaryDirectory(prefix="kems-pyodide-") as work:
        wheel = _wheel(Path(work) / "wheel")
        pure = _pure_yaml(Path(work) / "pure")
        there = _result(subprocess.run([runner, str(ROOT / "tools" / "pyodide_check.mjs"), str(package), str(wheel),
                                        str(pure), str(ROOT)], capture_output=True, text=True, timeout=1800),
                        f"Pyodide {args.pyodide}")
    here = _result(subprocess.run([sys.executable, str(ROOT / "tools" / "pyodide_cases.py"), str(ROOT)],
                                  capture_output=True, text=True, timeout=600), "this interpreter")
    print(f"Pyodide {args.pyodide} (Python {there['python']}): {there['rulings']} rulings, {there['stories']} "
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
