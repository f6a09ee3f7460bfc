"""``kems-ref site build DIR``: the browser edition, written as a folder of static files.

What it holds (every file served as it is, from one origin):

- ``index.html``, ``app.js``: the page; its JavaScript starts the worker, hands it each tap and shows
  the page it answers (the same templates as ``serve``), and ``window.kemsRef.api``;
- ``worker.js``: the Web Worker that boots Pyodide and runs :mod:`kems_ref.site.browser`;
- ``sw.js``: the service worker that keeps every file of this version for offline use;
- ``manifest.webmanifest`` and its icons: the page installable ("add to home screen");
- ``pyodide/``: the pinned runtime (:mod:`.fetch`);
- ``py/packages.zip``: kems_ref (its conventions and locales inside) and the Python packages the
  browser needs (:data:`.fetch.WHEELS`, PyYAML's and MarkupSafe's Python modules) — no Typer, Rich,
  uvicorn; ``py/data.zip``: the package's YAML files already read (``preread.json``) and the house
  files given with ``-c``;
- ``version.json``: the digest of everything above, the version stamp the page shows and checks.

The site is built in a folder beside ``DIR`` and moved into place whole: a failure writes nothing.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from .. import __version__
from .. import library as kems
from . import fetch

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
#: the parts of kems_ref a browser never runs (the command line and the phones' server)
LEFT_OUT = ("cli", "web/serve.py", "web/join_token.py", "__main__.py")
#: a zip's members all dated the same: the same sources make the same site, and the same version
EPOCH = (2020, 1, 1, 0, 0, 0)
#: what the page says before Python runs, and around it (site.* in the locale files)
WORDS = ("starting", "update", "no_wasm", "no_storage", "failed", "tools", "house", "house_loaded",
         "import", "imported", "export")
#: the files a first visit does not fetch: kept offline the first time they are used
LATER = ("py/checks.zip",)
#: a site's own mark: a folder holding it is a site kems-ref wrote, and may be written again
MARK = ".kems-ref-site"


@dataclass
class Built:
    path: Path
    files: int
    size: int
    compressed: int  # every file gzipped
    first_visit: int  # the files a first visit fetches (all but LATER), gzipped
    version: str


def build(target: str, houses: list[str], base_url: Optional[str] = None, pyodide: Optional[str] = None,
          wheels: Optional[str] = None) -> Built:
    """Write the site into ``target`` (new, empty, or a site written before)."""
    base = _base_url(base_url)
    folder = Path(target).expanduser()
    _writable(folder)
    runtime = fetch.runtime(pyodide)
    pinned = fetch.wheels(wheels)
    parent = folder.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(dir=parent, prefix=f".{folder.name}-"))
        scratch.chmod(0o755)  # a web server reads it
    except OSError as exc:
        raise kems.KemsError("error.site_cannot_write", path=str(folder), reason=exc.strerror or str(exc)) from None
    try:
        _write(scratch, runtime, pinned, houses, base)
        version = _stamp(scratch)
        built = _measure(scratch, folder, version)
        _move(scratch, folder)
        return built
    except OSError as exc:
        raise kems.KemsError("error.site_cannot_write", path=str(folder), reason=exc.strerror or str(exc)) from None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


#: the library's name for it
build_site = build


def _base_url(given: Optional[str]) -> str:
    if not given:
        return "/"
    if not re.fullmatch(r"/[A-Za-z0-9._~/-]*", given) or "//" in given or "/../" in given + "/":
        raise kems.KemsError("error.site_base_url", url=given)
    return given if given.endswith("/") else given + "/"


def _writable(folder: Path) -> None:
    """A new folder, an empty one, or a site written before (its mark): never other files."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise kems.KemsError("error.site_dir_not_empty", path=str(folder))
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARK).is_file():
        raise kems.KemsError("error.site_dir_not_empty", path=str(folder))


def _move(scratch: Path, folder: Path) -> None:
    """The new site in place of the old one, whole (the old one removed once the new one is there)."""
    old = None
    if folder.exists():
        old = folder.with_name(f".{folder.name}-old-{os.getpid()}")
        os.replace(folder, old)
    try:
        os.replace(scratch, folder)
    except OSError:
        if old is not None:  # the site written before stays where it was
            os.replace(old, folder)
        raise
    scratch.mkdir()  # (removed again by the caller)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _write(site: Path, runtime: Path, pinned: list[Path], houses: list[str], base: str) -> None:
    (site / "pyodide").mkdir()
    for name in fetch.FILES:
        if name == "python_stdlib.zip":
            (site / "pyodide" / name).write_bytes(_zip(_stdlib(runtime / name)))  # (as source: smaller)
        else:
            shutil.copyfile(runtime / name, site / "pyodide" / name)
    (site / "py").mkdir()
    runs, checks = _packages(pinned)
    (site / "py" / "packages.zip").write_bytes(_zip(_compiled(runs, runtime)))
    (site / "py" / "checks.zip").write_bytes(_zip(_compiled(checks, runtime)))
    (site / "py" / "data.zip").write_bytes(_data(houses))
    (site / "static").mkdir()
    shutil.copyfile(PACKAGE / "web" / "static" / "kems.css", site / "static" / "kems.css")
    for name in ("app.js", "worker.js", "sw.js"):
        shutil.copyfile(HERE / "assets" / name, site / name)
    (site / "index.html").write_text(_index(), encoding="utf-8")
    for size in (192, 512):
        (site / f"icon-{size}.png").write_bytes(_icon(size))
    manifest = {"name": "kems-ref — the Kems referee", "short_name": "kems-ref", "lang": "en",
                "description": kems.t("help.cmd.site", "en"), "start_url": base, "scope": base,
                "display": "standalone", "background_color": "#fbfaf7", "theme_color": "#00bb55",
                "icons": [{"src": f"icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png", "purpose": "any"}
                          for s in (192, 512)]}
    (site / "manifest.webmanifest").write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n",
                                               encoding="utf-8")
    (site / MARK).write_text("a site kems-ref site build wrote: it writes it again here\n", encoding="utf-8")


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, members[name])
    return out.getvalue()


#: the packages that check a house file (pydantic and what it needs): a second archive, fetched the first
#: time a phone loads house rules (then kept offline too), so that a first visit carries no validator
CHECKS = ("pydantic", "pydantic_core", "annotated_types", "typing_inspection")


#: the standard library's parts a phone never runs here (a debugger, a REPL, tests, other processes):
#: left out of the runtime's python_stdlib.zip (the pinned file is checked before; this one is made
#: from it, the same for the same runtime)
STDLIB_LEFT_OUT = ("_pyrepl", "unittest", "pdb.py", "doctest.py", "pydoc.py", "pydoc_data", "idlelib",
                   "turtledemo", "turtle.py", "multiprocessing", "tkinter", "lib2to3", "ensurepip", "venv",
                   "xmlrpc", "wsgiref", "curses", "dbm", "test")
#: the codecs kept (Unicode's, Latin-1's, the web's and zip's): a page decodes nothing else, and the
#: hundred code pages of the rest are a tenth of the standard library's weight
CODECS = ("__init__", "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be",
          "utf_32", "utf_32_le", "utf_32_be", "idna", "punycode", "cp437", "cp1252", "iso8859_1", "iso8859_15",
          "charmap", "raw_unicode_escape", "unicode_escape", "base64_codec", "hex_codec", "quopri_codec",
          "uu_codec", "zlib_codec", "bz2_codec", "rot_13", "undefined")
#: packages that read their own source (anyio finds its lazy imports in its __init__.py): their .py
#: kept beside the bytecode
KEEP_SOURCE = ("anyio",)


def _stdlib(original: Path) -> dict[str, bytes]:
    members: dict[str, bytes] = {}
    with zipfile.ZipFile(original) as archive:
        for name in archive.namelist():
            top = name.split("/")[0]
            if name.endswith("/") or top in STDLIB_LEFT_OUT or top.removesuffix(".pyc") + ".py" in STDLIB_LEFT_OUT:
                continue
            if top == "encodings" and name.count("/") == 1 and name.split("/")[1].split(".")[0] not in CODECS:
                continue
            members[name] = archive.read(name)
    return members


def _compiled(members: dict[str, bytes], runtime: Path) -> dict[str, bytes]:
    """The modules compiled to the phone's bytecode by the pinned Pyodide itself, in Node (a phone then
    compiles none at start-up); where Node cannot run it, the sources as they are (a slower start)."""
    node = shutil.which("node")
    if node is None:
        return members
    with tempfile.TemporaryDirectory(prefix="kems-site-py-") as scratch:
        root = Path(scratch)
        for name, data in members.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        try:
            done = subprocess.run([node, str(HERE / "compile.mjs"), str(runtime), str(root), *KEEP_SOURCE],
                                  capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired):
            return members
        if done.returncode != 0:
            return members
        out: dict[str, bytes] = {}
        for path in sorted(root.rglob("*")):
            name = path.relative_to(root).as_posix()
            if path.is_dir() or (path.suffix == ".py" and path.with_suffix(".pyc").is_file()
                                 and name.split("/")[0] not in KEEP_SOURCE):
                continue
            out[name] = path.read_bytes()
        return out


def _packages(pinned: list[Path]) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """kems_ref and what it imports in a browser, as the files of site-packages: what rules and
    keeps the sheet, and (:data:`CHECKS`) what checks a house file."""
    members: dict[str, bytes] = {}
    checks: dict[str, bytes] = {}
    for wheel in pinned:
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if not name.endswith("/") and ".dist-info/" not in name and "/__pycache__/" not in name:
                    (checks if name.split("/")[0] in CHECKS else members)[name] = archive.read(name)
    for module in ("yaml", "markupsafe"):  # their pure-Python part (no wheel for the browser)
        spec = importlib.util.find_spec(module)
        if spec is None or not spec.submodule_search_locations:
            raise kems.KemsError("error.site_cannot_write", path=module, reason="not installed here")
        source = Path(next(iter(spec.submodule_search_locations)))
        for path in sorted(source.glob("*.py")):
            members[f"{module}/{path.name}"] = path.read_bytes()
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE).as_posix()
        if path.is_dir() or "__pycache__" in relative or path.suffix in (".pyc", ".so") \
                or any(relative == out or relative.startswith(out + "/") for out in LEFT_OUT):
            continue
        members[f"kems_ref/{relative}"] = path.read_bytes()
    shipped = kems.shipped_ids()
    from ..corpus.load import conventions_dir

    for ident in shipped:  # the conventions inside the package, as a wheel has them
        members[f"kems_ref/conventions/{ident}.yaml"] = (conventions_dir() / f"{ident}.yaml").read_bytes()
    return members, checks


def _data(houses: list[str]) -> bytes:
    """The package's YAML files already read (a phone parses none at start-up), and the house files."""
    from ..corpus.load import conventions_dir
    from ..datacache import load_yaml

    preread: dict[str, Any] = {}
    for path in sorted((PACKAGE / "locales").glob("*.yaml")):
        preread[f"locales/{path.name}"] = load_yaml(path)
    for path in sorted(conventions_dir().glob("*.yaml")):
        preread[f"conventions/{path.name}"] = load_yaml(path)
    members = {"preread.json": json.dumps(preread, ensure_ascii=False, sort_keys=True).encode()}
    for given in houses:
        path = Path(given).expanduser()
        conv = kems.load(str(path))  # the loader's own errors (file:line), before anything is written
        members[f"houses/{conv.id}.yaml"] = path.read_bytes()
    return _zip(members)


def _stamp(site: Path) -> str:
    """The version: the digest of every file of the site; written into version.json and sw.js."""
    digest = hashlib.sha256()
    files = sorted(p for p in site.rglob("*") if p.is_file() and p.name not in ("version.json", "sw.js", MARK))
    for path in files:
        digest.update(path.relative_to(site).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    version = digest.hexdigest()[:16]
    listed = [path.relative_to(site).as_posix() for path in files if path.relative_to(site).as_posix() not in LATER]
    (site / "version.json").write_text(json.dumps({"version": version, "kems_ref": __version__,
                                                   "pyodide": fetch.VERSION}) + "\n", encoding="utf-8")
    script = (site / "sw.js").read_text(encoding="utf-8")
    script = script.replace('"__VERSION__"', json.dumps(version)).replace(
        '["__FILES__"]', json.dumps(["./", *listed, "version.json"]))
    (site / "sw.js").write_text(script, encoding="utf-8")
    return version


def _measure(site: Path, folder: Path, version: str) -> Built:
    files = [p for p in site.rglob("*") if p.is_file() and p.name != MARK]
    size = sum(p.stat().st_size for p in files)
    packed = {p.relative_to(site).as_posix(): len(gzip.compress(p.read_bytes(), 6)) for p in files}
    first = sum(n for name, n in packed.items() if name not in LATER)
    return Built(folder, len(files), size, sum(packed.values()), first, version)


def _index() -> str:
    """The page before Python is ready: its style, its script, what to say while it starts (in the
    phone's language, chosen by the script), and a message for a browser that cannot run it."""
    words = {lang: {key: kems.t(f"site.{key}", lang) for key in WORDS} for lang in kems.languages()}
    return f"""<!doctype html>
<html lang="en" data-kems-ready="0">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; \
object-src 'none'; base-uri 'none'; form-action 'self'">
<title>kems-ref</title>
<link rel="manifest" href="manifest.webmanifest">
<link rel="icon" href="icon-192.png">
<link rel="stylesheet" href="static/kems.css">
<script type="application/json" id="kems-words">{_json_in_html(words)}</script>
<script src="app.js" defer></script>
</head>
<body>
<main id="main"><p class="status" id="kems-status">{kems.t("site.starting", "en")}</p>
<noscript><p class="error">{kems.t("site.no_wasm", "en")}</p></noscript></main>
</body>
</html>
"""


def _json_in_html(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace(
        "&", "\\u0026")


def _icon(size: int) -> bytes:
    """The home screen's icon: a green card with a white square on it (a carré), as a PNG."""
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            inside = size * 0.3 <= x < size * 0.7 and size * 0.3 <= y < size * 0.7
            edge = size * 0.36 <= x < size * 0.64 and size * 0.36 <= y < size * 0.64
            row += bytes((255, 255, 255) if inside and not edge else (0, 187, 85))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))
