"""The browser edition's runtime: the npm package ``pyodide``, pinned with its integrity hash.

``site build`` takes a local copy (``--pyodide PATH``: the unpacked package's folder or its npm
tarball), else the copy in the cache (``$XDG_CACHE_HOME/kems-ref/pyodide/VERSION``, shared with
``tools/pyodide_check.py``), else fetches the pinned package once with ``npm pack`` into the cache.
A tarball is checked against the npm integrity (SHA-512) pinned here, and every file the site ships
against its SHA-256: a copy that differs is refused with one line, and nothing is written.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Optional

from .. import library as kems

#: the current Pyodide on npm: CPython 3.14.2 in WebAssembly (tools/pyodide_check.py runs the same)
VERSION = "314.0.8"
#: the npm tarball's integrity, as the registry states it (``npm view pyodide@VERSION dist.integrity``)
INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
#: the files of the package a site ships (under DIR/pyodide/), each with its SHA-256
FILES = {
    "pyodide.mjs": "1bb8cc14f9405aaa7cd4e00c12edd0a8539de9cc026618d6ee5a9663f367dc70",
    "pyodide.asm.mjs": "22514b8be6980e28a02c8b1d6387ce8dfe666fc4edf8d547cff5dce29ff4d972",
    "pyodide.asm.wasm": "e14d49ceca9b4a0e274ea918f3a898de2d3880b6e5573a6cfe1a2267ecc70329",
    "python_stdlib.zip": "2bd3394a145bfbbe5bbc9d9d6ab9136abbb986c6fef6c142b3a2962227aa5c28",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}
#: what npm pack may take before it is given up
NPM_TIMEOUT = 600

#: the Python packages the browser runs beside kems_ref, pinned with their SHA-256: the wheels of the
#: registry (PyPI) for Pyodide's platform (pydantic-core compiled for it; the others pure Python).
#: PyYAML and MarkupSafe publish no wheel for the browser: their pure-Python modules are taken from
#: this interpreter (both fall back to them where their C part is missing).
PLATFORM = "pyemscripten_2026_0_wasm32"
WHEELS = {
    "pydantic-2.14.4-py3-none-any.whl": "653a2ad9f6d8858529c77c72717d0ea991d6c6837fe683246b2f4b2bbfc3fadc",
    "pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl":
        "b2910ec0fa5aeb9bef70156f2b79f4783978fdcfaa7b2f1b5d1814458d2e79a1",
    "annotated_types-0.8.0-py3-none-any.whl": "f072f4d804ea359e4eaf198b1af7a8b0943881a87f31bb764f8bf219bb9419e0",
    "typing_inspection-0.4.5-py3-none-any.whl": "bc210535442b39e1bf2805e0c7a17dfd6a4ace760c84c7f7d16245d23a6b1c39",
    "typing_extensions-4.16.0-py3-none-any.whl": "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8",
    "starlette-1.10.0-py3-none-any.whl": "478c0ab3b4ced6e82719849c118fa406f0278a3499c1a898cd15cd31bdc38ce4",
    "anyio-4.16.0-py3-none-any.whl": "c66ae634e0b8228396b801741beb3294326d4b6102f7bba4041c0dfb58c29026",
    "idna-3.20-py3-none-any.whl": "ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c",
    "jinja2-3.1.6-py3-none-any.whl": "85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67",
}
#: what pip may take to fetch them
PIP_TIMEOUT = 600


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kems-ref" / "pyodide"


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_folder(folder: Path) -> Path:
    """``folder`` if it holds every file the site ships, each the pinned one; else a KemsError."""
    for name, expected in FILES.items():
        path = folder / name
        if not path.is_file():
            raise kems.KemsError("error.site_runtime_missing", path=str(folder), name=name, version=VERSION)
        if sha256(path) != expected:
            raise kems.KemsError("error.site_runtime_mismatch", path=str(path), version=VERSION)
    return folder


def check_tarball(tarball: Path) -> None:
    """The npm tarball is the pinned one (its SHA-512, as npm's integrity states it)."""
    digest = hashlib.sha512()
    with open(tarball, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    if "sha512-" + base64.b64encode(digest.digest()).decode() != INTEGRITY:
        raise kems.KemsError("error.site_runtime_mismatch", path=str(tarball), version=VERSION)


def unpack(tarball: Path, into: Path) -> Path:
    """The tarball checked, then unpacked into ``into`` (built aside, renamed into place): its folder."""
    check_tarball(tarball)
    into.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=into.parent, prefix=".unpack-") as scratch:
        try:
            with tarfile.open(tarball) as archive:
                members = [m for m in archive.getmembers() if m.isfile() and m.name.startswith("package/")
                           and ".." not in Path(m.name).parts and Path(m.name).name in FILES]
                for member in members:
                    source = archive.extractfile(member)
                    assert source is not None  # a regular file, checked above
                    with source, open(Path(scratch) / Path(member.name).name, "wb") as target:
                        shutil.copyfileobj(source, target)
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise kems.KemsError("error.site_runtime_unreadable", path=str(tarball), reason=str(exc)) from None
        check_folder(Path(scratch))
        if into.exists():
            shutil.rmtree(into)
        os.replace(scratch, into)
        Path(scratch).mkdir()  # TemporaryDirectory removes what it made
    return into


def npm_pack(into: Path) -> Path:
    """``npm pack pyodide@VERSION`` into the cache: the package's files, checked."""
    npm = shutil.which("npm")
    if npm is None:
        raise kems.KemsError("error.site_runtime_no_npm", version=VERSION)
    into.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=into.parent, prefix=".npm-") as scratch:
        try:
            done = subprocess.run([npm, "pack", f"pyodide@{VERSION}", "--loglevel=error", "--pack-destination",
                                   scratch], capture_output=True, text=True, timeout=NPM_TIMEOUT,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise kems.KemsError("error.site_runtime_fetch", version=VERSION,
                                 reason=f"npm pack took over {NPM_TIMEOUT} s") from None
        tarballs = sorted(Path(scratch).glob("pyodide-*.tgz"))
        if done.returncode != 0 or not tarballs:
            said = " ".join((done.stderr or done.stdout).split())[:200] or f"exit {done.returncode}"
            raise kems.KemsError("error.site_runtime_fetch", version=VERSION, reason=said)
        return unpack(tarballs[0], into)


def runtime(given: Optional[str] = None) -> Path:
    """The folder of the pinned Pyodide's files: ``given`` (a folder, or the npm tarball), else the
    cache, else fetched into the cache."""
    if given:
        path = Path(given).expanduser()
        if path.is_dir():
            return check_folder(path / "package" if (path / "package" / "pyodide.mjs").is_file() else path)
        if path.is_file():
            return unpack(path, cache_dir() / VERSION / "package")
        raise kems.KemsError("error.site_runtime_missing", path=str(path), name="pyodide.mjs", version=VERSION)
    cached = cache_dir() / VERSION / "package"
    if cached.is_dir():
        try:
            return check_folder(cached)
        except kems.KemsError:
            pass  # a damaged or partial copy: fetched again
    return npm_pack(cached)


def _requirement(wheel: str) -> str:
    name, version = wheel.split("-")[:2]
    return f"{name}=={version}"


def wheels(given: Optional[str] = None) -> list[Path]:
    """The pinned wheels (:data:`WHEELS`), each checked: from ``given`` (a folder holding them), else
    the cache, else fetched into the cache with ``pip download`` (the registry only, no other code run)."""
    folder = Path(given).expanduser() if given else cache_dir().parent / "wheels"
    missing = [name for name in WHEELS if not (folder / name).is_file()]
    if missing and given:
        raise kems.KemsError("error.site_wheel_missing", path=str(folder), name=missing[0])
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder, prefix=".pip-") as scratch:
            try:
                done = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                                       "--only-binary=:all:", "--platform", PLATFORM, "--python-version", "3.14",
                                       "--implementation", "cp",
                                       "-d", scratch, *(_requirement(name) for name in missing)],
                                      capture_output=True, text=True, timeout=PIP_TIMEOUT, stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                raise kems.KemsError("error.site_wheel_fetch", reason=f"pip took over {PIP_TIMEOUT} s") from None
            if done.returncode != 0:
                said = " ".join((done.stderr or done.stdout).split())[-200:] or f"exit {done.returncode}"
                raise kems.KemsError("error.site_wheel_fetch", reason=said)
            for name in missing:
                got = Path(scratch) / name
                if not got.is_file() or sha256(got) != WHEELS[name]:
                    raise kems.KemsError("error.site_wheel_mismatch", path=name)
                os.replace(got, folder / name)
    for name, expected in WHEELS.items():
        if sha256(folder / name) != expected:
            raise kems.KemsError("error.site_wheel_mismatch", path=str(folder / name))
    return [folder / name for name in WHEELS]
