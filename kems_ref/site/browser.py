"""What runs in the phone's browser, inside Pyodide (in a Web Worker): kems_ref's own Starlette
application (:func:`kems_ref.web.app.create_app`), called by a tiny ASGI caller — no server, no
socket.  The worker's JavaScript hands it each request the page makes (a tap, a form, a script's
``kemsRef.api``) and gives back what it answers: the same pages and the same JSON as ``serve``.

Pyodide has no threads: Starlette's ``run_in_threadpool`` runs the work in place (patched before the
application is imported).  The score sheet is the same SQLite store, in a folder the worker keeps in
IndexedDB (``/data``); the house files a phone loads are kept there too, and go through the same
loader as on a computer.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
from collections.abc import Callable, MutableMapping
from pathlib import Path, PurePath
from typing import Any, Optional

DATA = Path("/data")  # the worker mounts IndexedDB here
SHEET = DATA / "games.sqlite3"
HOUSES = DATA / "houses"  # the house files loaded on this phone
SHIPPED_HOUSES = Path("/site/houses")  # those the site was built with (-c)
PREREAD = Path("/site/preread.json")


class Referee:
    """The application and its settings, made once when the worker starts."""

    def __init__(self, lang: Optional[str] = None) -> None:
        from .. import datacache

        if PREREAD.is_file():  # the locales and the shipped conventions, read when the site was built
            datacache.PREREAD = json.loads(PREREAD.read_text(encoding="utf-8"))
        _no_threads()
        from ..web.app import create_app
        from ..web.base import Settings

        DATA.mkdir(parents=True, exist_ok=True)
        HOUSES.mkdir(parents=True, exist_ok=True)
        for stale in ("-shm", "-journal"):  # written by an earlier page: SQLite makes them anew
            with _suppress():
                os.unlink(f"{SHEET}{stale}")
        self.settings = Settings(db=SHEET, hosts=None, lang=lang)
        self.app = create_app(self.settings)
        for folder in (SHIPPED_HOUSES, HOUSES):
            for path in sorted(folder.glob("*.y*ml")) if folder.is_dir() else ():
                with _suppress():  # a file that no longer loads (a newer site's rules): left out, said on loading
                    self._add(str(path))

    def _add(self, path: str) -> str:
        from .. import library as kems

        conv = kems.load(path)
        self.settings.houses[conv.id] = path
        return str(conv.id)

    async def call(self, method: str, target: str, headers: list[list[str]], body: Any) -> dict[str, Any]:
        """One request through the application: its status, headers and body (the page follows a
        redirect itself).  ``body``: text (UTF-8) or bytes."""
        if isinstance(body, str):
            body = body.encode("utf-8")
        body = bytes(body)
        path, _, query = target.partition("?")
        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
                 "method": method.upper(), "scheme": "https", "path": path, "raw_path": path.encode(),
                 "query_string": query.encode(), "root_path": "", "client": ("127.0.0.1", 0),
                 "server": ("kems-ref", 443),
                 "headers": [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
                 + [(b"content-length", str(len(body)).encode())]}
        given = False

        async def receive() -> dict[str, Any]:
            nonlocal given
            if given:
                return {"type": "http.disconnect"}
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        answer: dict[str, Any] = {"status": 500, "headers": [], "body": b""}
        parts: list[bytes] = []

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = message["status"]
                answer["headers"] = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in message["headers"]]
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))

        await self.app(scope, receive, send)
        answer["body"] = b"".join(parts).decode("utf-8", "replace")
        if method.upper() != "GET":
            self.settle()
        return answer

    def settle(self) -> None:
        """Everything written so far into the sheet's file itself (its WAL checkpointed), before the
        worker copies the folder into IndexedDB."""
        if not SHEET.is_file():
            return
        with _suppress():
            conn = sqlite3.connect(SHEET)
            try:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()

    def add_house(self, name: str, text: str, lang: str) -> dict[str, Any]:
        """A house file picked on the phone, through the same loader as ``-c FILE``: its id, or the
        loader's message (``file:line: reason``); a file with an error is not kept."""
        from .. import library as kems

        safe = re.sub(r"[^A-Za-z0-9._-]", "-", PurePath(name).name)[:80] or "house.yaml"
        if not safe.endswith((".yaml", ".yml")):
            safe += ".yaml"
        path = HOUSES / safe
        previous = path.read_bytes() if path.is_file() else None
        path.write_text(text, encoding="utf-8")
        try:
            return {"convention": self._add(str(path)), "name": safe}
        except kems.KemsError as exc:
            if previous is None:
                path.unlink()
            else:
                path.write_bytes(previous)
            return {"error": _located(exc, safe, lang)}

    def import_game(self, name: str, text: str, lang: str) -> dict[str, Any]:
        """``kems-ref game import FILE``, on the phone: the same checks, the same messages."""
        from .. import library as kems
        from ..game import transfer

        shown = PurePath(name).name or "game.json"
        try:
            try:
                data = json.loads(text)
            except (ValueError, RecursionError):
                raise kems.KemsError("error.game_import_not_json", path=shown) from None
            export = transfer.checked(data, shown)
            with self.settings.store() as store:
                imported = transfer.import_game(store, export)
            self.settle()
            return {"game": imported.game.name}
        except kems.KemsError as exc:
            return {"error": kems.one_line(exc.render(lang))}


def _located(error: Any, name: str, lang: str) -> str:
    """The loader's message as the CLI says it (``file:line: reason``), the file named by its name."""
    from .. import library as kems

    line = getattr(error, "line", None)
    where = f"{name}:{line}: " if line else f"{name}: "
    if kems.has(f"phone.{error.key}"):  # the phone's words where the CLI's name a command
        return kems.one_line(where + kems.KemsError(f"phone.{error.key}", **error.params).render(lang))
    return kems.one_line(where + error.render(lang))


def _no_threads() -> None:
    """Pyodide starts no thread: the work a handler hands to a thread runs in place."""
    import anyio.to_thread
    import starlette.concurrency

    async def in_place(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return func(*args, **kwargs)

    async def run_sync(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return func(*args)

    starlette.concurrency.run_in_threadpool = in_place
    anyio.to_thread.run_sync = run_sync  # type: ignore[assignment]


def _suppress() -> contextlib.suppress:
    return contextlib.suppress(Exception)
