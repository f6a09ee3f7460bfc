"""The web application: the JSON API (``/api/…``, the CLI's ``--json`` objects) and the phone pages.

Every handler reads its input, calls :mod:`kems_ref.library` and renders what comes back; errors are
the library's :class:`KemsError`, worded in the request's language, turned into a 400 (a 404 for an
unknown game) in one place (:func:`_answer`).  Security (:class:`Guard`): the join token under
``--lan``, same-origin POSTs, bounded bodies, a Content-Security-Policy without inline script.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import PurePath
from typing import Any, Optional
from urllib.parse import urlencode, urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import library as kems
from . import pages
from .base import (
    ASSETS,
    MAX_BODY,
    PAGES,
    TOKEN_COOKIE,
    TOKEN_MAX_AGE,
    BodyTooLarge,
    HTTPError,
    Settings,
    bounded_receive,
    etag,
    json_body,
    no_path,
    page_error,
    polled,
    read_body,
    request_lang,
    unchanged,
)

#: no inline script, nothing from elsewhere: the page's scripts and styles are its own files
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
#: the library's errors that are not a plain 400
STATUS = {"error.game_unknown": 404, "error.game_none": 404, "error.web_too_large": 413, "error.game_repeated": 409}
#: what an error's JSON carries beside its message: the line a repeated call repeats
EXTRA = {"error.game_repeated": ("duplicate_of", "n")}


# --- security ---------------------------------------------------------------------------------------

class Guard:
    """Every request passes here first: the join token, the method, the origin, the body's size, and
    the headers every answer carries."""

    def __init__(self, app: ASGIApp, settings: Settings):
        self.app, self.settings = app, settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        refused = self._refused(request)
        if refused is not None:
            await _headers(refused)(scope, receive, send)
            return

        started = time.perf_counter()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}  # an answer's own cache-control stands
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items() if k.encode() not in present]
                # the server's own time on this request (benchmark.py --serve reads it)
                headers.append((b"server-timing", f"app;dur={(time.perf_counter() - started) * 1000:.2f}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, bounded_receive(receive), send_with_headers)

    def _refused(self, request: Request) -> Optional[Response]:
        token = self.settings.token
        if token is not None:
            given = request.query_params.get("token")
            if given is not None and request.method == "GET" and _same_secret(given, token):
                # the QR's link: the token becomes a cookie, and leaves the address bar (for a path of
                # this site only: "//elsewhere" is no path here)
                query = urlencode([(k, v) for k, v in request.query_params.multi_items() if k != "token"])
                path = "/" + request.scope["path"].lstrip("/")
                response = RedirectResponse(path + (f"?{query}" if query else ""), status_code=303)
                response.set_cookie(TOKEN_COOKIE, token, max_age=TOKEN_MAX_AGE, httponly=True, samesite="strict",
                                    path="/")
                return response
            if not _same_secret(request.cookies.get(TOKEN_COOKIE, ""), token):
                return refusal(request, self.settings, HTTPError(403, key="error.web_join"), joined=False)
        elif self.settings.hosts is not None and not _known_host(_host_name(request), self.settings.hosts):
            return refusal(request, self.settings, HTTPError(421, key="error.web_wrong_host"), joined=False)
        if request.method not in ("GET", "HEAD", "POST"):
            return refusal(request, self.settings, HTTPError(405, key="error.web_method"),
                           headers={"allow": "GET, HEAD, POST"})
        if request.method == "POST" and not _same_origin(request):
            return refusal(request, self.settings, HTTPError(403, key="error.web_cross_site"))
        length = request.headers.get("content-length", "0")  # "²" is a digit to isdigit(), and no number
        if re.fullmatch(r"[0-9]{1,18}", length) is None or int(length) > MAX_BODY:
            return refusal(request, self.settings, HTTPError(413, key="error.web_too_large", limit=MAX_BODY // 1024))
        return None


def refusal(request: Request, settings: Settings, error: HTTPError, joined: bool = True,
            headers: Optional[dict[str, str]] = None) -> Response:
    """A request refused before it reaches a page, in the request's language: ``{"error": …}`` under
    ``/api/``, as every other API error; elsewhere a page saying what to do (``joined``: the phone has
    passed the door, and the page may lead back to the score)."""
    lang = request_lang(request, settings)
    message = error.words(lang)
    if _is_api(request):
        return JSONResponse({"error": message}, status_code=error.status, headers=headers)
    page = PAGES.render("refused.html", request, settings, lang, message=message, joined=joined)
    return HTMLResponse(page, status_code=error.status, headers=headers)


def _is_api(request: Request) -> bool:
    path: str = request.scope["path"]  # the path the client sent, not one rebuilt from its Host header
    return path == "/api" or path.startswith("/api/")


SECURITY_HEADERS = {"content-security-policy": CSP, "x-content-type-options": "nosniff",
                    "referrer-policy": "no-referrer", "x-frame-options": "DENY", "cache-control": "no-store"}


def _same_secret(given: str, token: str) -> bool:
    return secrets.compare_digest(given.encode("utf-8", "surrogateescape"), token.encode())


def _host_name(request: Request) -> Optional[str]:
    """The name a request is addressed to (``Host``) without its port, or None where the header is no
    name at all.  A bracketed IPv6 literal is exactly ``[addr]`` or ``[addr]:port``, ``addr`` an IPv6
    address (written as :mod:`ipaddress` writes it: ``[0:0::1]`` is ``::1``); anything else is a name
    or an IPv4 address of letters, digits, dots and hyphens, then an optional ``:port``.  So
    ``[::1].evil.example``, ``[::1]:80.evil.example`` or ``127.0.0.1:80:80`` are no loopback name."""
    host = request.headers.get("host", "")
    if len(host) > 300:
        return None
    bracketed = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::[0-9]{1,5})?", host)
    if bracketed:
        try:
            return str(ipaddress.IPv6Address(bracketed[1]))
        except ValueError:
            return None
    named = re.fullmatch(r"([A-Za-z0-9.-]+)(?::[0-9]{1,5})?", host)
    return named[1].lower() if named else None


def _known_host(name: Optional[str], hosts: set[str]) -> bool:
    """Whether a request's host name is one this server answers to (an IPv6 one however written)."""
    if name is None:
        return False
    written = set()
    for host in hosts:
        try:
            written.add(str(ipaddress.IPv6Address(host)) if ":" in host else host.lower())
        except ValueError:
            written.add(host.lower())
    return name in written


def _headers(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    return response


def _same_origin(request: Request) -> bool:
    """A browser names the page a POST comes from (``Origin``, else ``Sec-Fetch-Site``): it must be
    this server.  A script (no browser, no such header) is not a cross-site forgery."""
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if origin is not None:
        try:
            named = urlsplit(origin).netloc
        except ValueError:  # "http://[::1": no address at all, so not this server's
            return False
        return origin != "null" and named == host
    return request.headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")


# --- answering --------------------------------------------------------------------------------------

Handler = Callable[[Request, Settings, str], Awaitable[Response]]


def _answer(handler: Handler, settings: Settings, api: bool) -> Callable[[Request], Awaitable[Response]]:
    """One place where errors become answers: a KemsError is a 400 with the library's message (a 404
    for an unknown game), in the request's language; nothing else reaches the client."""

    async def endpoint(request: Request) -> Response:
        key = request.headers.get("idempotency-key") if request.method == "POST" else None
        if key is None:
            return await answered(request)
        return await once(request, key, answered, settings, api)

    async def answered(request: Request) -> Response:
        lang = request_lang(request, settings)
        try:
            return await handler(request, settings, lang)
        except HTTPError as exc:
            status, message = exc.status, exc.words(lang)
        except kems.KemsError as exc:
            status, message = STATUS.get(exc.key, 400), kems.one_line(_for_phones(exc, api).render(lang))
            if api and exc.key in EXTRA:
                name, param = EXTRA[exc.key]
                return JSONResponse({"error": message, name: exc.params[param]}, status_code=status)
        if api:
            return JSONResponse({"error": message}, status_code=status)
        return page_error(request, settings, lang, message, status)

    return endpoint


#: the headers of an answer kept with it for a retried request: what it is, where it leads, where a page
#: shows it
KEPT_HEADERS = ("content-type", "location", "hx-retarget", "hx-reswap", "hx-push-url")
#: an Idempotency-Key a page or a script may send: a few to 128 letters, digits and - _ . :
IDEMPOTENCY_KEY = re.compile(r"[A-Za-z0-9_.:-]{8,128}")
#: how long a retried request waits for its first one to be answered, and how often it looks
ANSWER_WAIT, ANSWER_POLL = 10.0, 0.1


async def once(request: Request, key: str, answered: Callable[[Request], Awaitable[Response]], settings: Settings,
               api: bool) -> Response:
    """A POST sent with an ``Idempotency-Key``: answered once; the same key again (a retried tap, a
    double tap on one button) gets the first answer again and records nothing new — whichever server
    of the sheet it reaches (the key and its answer are kept in the sheet's file)."""
    import asyncio
    import base64

    lang = request_lang(request, settings)
    if IDEMPOTENCY_KEY.fullmatch(key) is None:
        error = kems.t("error.web_bad_key", lang)
        if api:
            return JSONResponse({"error": error}, status_code=400)
        return page_error(request, settings, lang, error, 400)

    def claim() -> Any:
        with settings.store() as store:
            return store.claim_request(key)

    deadline = time.monotonic() + ANSWER_WAIT
    found = await run_in_threadpool(claim)
    while found is not None and found[0] is None and time.monotonic() < deadline:  # its first is being answered
        await asyncio.sleep(ANSWER_POLL)
        found = await run_in_threadpool(claim)
    if found is not None and found[0] is not None:
        kept = json.loads(found[1] or "{}")
        again = Response(base64.b64decode(kept.get("body", "")), status_code=found[0])
        again.headers.update({"idempotent-replay": "true", **kept.get("headers", {})})
        return again
    if found is not None:  # still being answered after the wait: said, nothing done
        if not api:
            return page_error(request, settings, lang, kems.t("error.web_in_progress", lang), 409)
        return JSONResponse({"error": kems.t("error.web_in_progress", lang)}, status_code=409)

    def keep(status: Optional[int], answer: Optional[str]) -> None:
        with settings.store() as store:
            store.answer_request(key, status, answer)

    try:
        response = await answered(request)
    except BaseException:
        await run_in_threadpool(keep, None, None)  # no answer given: the key may be tried again
        raise
    body = getattr(response, "body", b"")
    headers = {k: v for k, v in response.headers.items() if k in KEPT_HEADERS}
    await run_in_threadpool(keep, response.status_code, json.dumps({"headers": headers,
                                                                   "body": base64.b64encode(body).decode()}))
    return response


def _for_phones(error: Any, api: bool = False) -> Any:
    """An error as a phone reads it: the server's files named by their name alone (the sheet's folder
    on the machine that serves is no business of a phone's); on a page, where the CLI's words name a
    command or an option, the phone's own (``phone.error.…`` in the locale files); every other word as the CLI's."""
    key = f"phone.{error.key}"
    if not api and kems.has(key):  # (the API answers the CLI's words, as its --json)
        error = kems.KemsError(key, **error.params)
    if not isinstance(error.params.get("path"), str):
        return error
    return kems.KemsError(error.key, **{**error.params, "path": PurePath(error.params["path"]).name})


# --- the JSON API: exactly the command line's --json objects -----------------------------------------

def _whole(value: Any, key: str) -> int:
    """A count or an entry's number a JSON body carries: an integer (not a boolean) of at most nine
    digits, else a 400 naming ``key``; the library's own bounds (a line of the sheet) say the rest."""
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10**9:
        raise kems.KemsError("error.web_bad_value", key=key)
    return value


def _game(store: Any, request: Request) -> Any:
    """``{game}``: an id, a name, or ``current``, as ``--game`` takes them."""
    return store.game(request.path_params["game"])


async def api_rule(request: Request, settings: Settings, lang: str) -> Response:
    data = await json_body(request, lang)
    convention = settings.convention(data.pop("convention", None))
    everywhere = data.pop("all", False)
    if not isinstance(everywhere, bool):
        raise kems.KemsError("error.web_bad_value", key="all")

    def work() -> Any:
        return kems.result_json(kems.ruling_of(data, convention, everywhere=everywhere), lang)

    return JSONResponse(await run_in_threadpool(work))


async def api_ask(request: Request, settings: Settings, lang: str) -> Response:
    data = await json_body(request, lang)
    words, named = data.get("words"), data.get("convention")
    if not isinstance(words, str) or not words.strip():
        raise kems.KemsError("error.ask_no_words")
    convention = settings.convention(named) or kems.DEFAULT_CONVENTION

    def work() -> Any:
        asked = kems.ask(words, lang, convention, explicit=named is not None)
        if isinstance(asked, kems.Comparison):
            return kems.COMPARE.write(kems.Format.JSON, asked, lang)
        return kems.asked_json(asked, lang, settings.lang or kems.detect_lang())

    return JSONResponse(await run_in_threadpool(work))


async def api_compare(request: Request, settings: Settings, lang: str) -> Response:
    point = request.query_params.get("point")
    named = [c for c in request.query_params.get("conventions", "").split(",") if c]
    refs = [*([no_path(point)] if point else []), *settings.several(named)]
    comparison = await run_in_threadpool(kems.compare, refs, lang)
    return JSONResponse(kems.COMPARE.write(kems.Format.JSON, comparison, lang))


async def api_games(request: Request, settings: Settings, lang: str) -> Response:
    if request.method == "POST":
        data = await json_body(request, lang)
        unknown = sorted(set(data) - {"teams", "convention", "target", "name", "rounds"})
        if unknown:
            raise kems.KemsError("error.web_bad_value", key=unknown[0])
        if data.get("name") is not None and not isinstance(data["name"], str):
            raise kems.KemsError("error.web_bad_value", key="name")
        teams = data.get("teams") or []
        if not isinstance(teams, list) or not all(isinstance(team, str) for team in teams):
            raise kems.KemsError("error.web_bad_value", key="teams")
        target = data.get("target")
        if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
            raise kems.KemsError("error.web_bad_value", key="target")  # any integer: the library's bounds say it
        rounds = data.get("rounds")
        if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool)):
            raise kems.KemsError("error.web_bad_value", key="rounds")
        convention = settings.convention(data.get("convention")) or kems.DEFAULT_CONVENTION

        def create() -> Any:
            with settings.store() as store:
                return kems.new_game_json(kems.new_game(store, teams, convention, target, data.get("name"), rounds))

        return JSONResponse(await run_in_threadpool(create), status_code=201)

    def listing() -> Any:
        with settings.store(writes=False) as store:
            return kems.list_json([(g, kems.standing(store, g)) for g in store.games()])

    return JSONResponse(await run_in_threadpool(listing))


async def api_score(request: Request, settings: Settings, lang: str) -> Response:
    """The score; polled every second by each phone: an unchanged one is a 304, with no body."""
    def work() -> Any:
        with settings.store(writes=False) as store:
            game = _game(store, request)
            tag = etag(store, game, "score", "")
            if unchanged(request, tag):
                return None, tag
            return kems.standing(store, game).to_json(game), tag

    data, tag = await run_in_threadpool(work)
    return polled(JSONResponse(data) if data is not None else None, tag)


async def api_history(request: Request, settings: Settings, lang: str) -> Response:
    def work() -> Any:
        with settings.store(writes=False) as store:
            game = _game(store, request)
            return list(kems.history_of(store, game, lang))

    return JSONResponse(await run_in_threadpool(work))


CALL_KEYS = ("event", "by", "on", "decide", "confirm", "amends")


def _amends(value: Any) -> Any:
    """``"amends": E`` in a body: the entry written replaces line E (``game amend``); else nothing."""
    if value is None:
        return contextlib.nullcontext()
    _whole(value, "amends")
    return kems.amending(value)


async def api_call(request: Request, settings: Settings, lang: str) -> Response:
    data = await json_body(request, lang)
    event, by, on, decide, confirm, amends = (data.pop(key, None) for key in CALL_KEYS)
    amending = _amends(amends)
    for key, value in (("event", event), ("by", by), ("on", on), ("decide", decide)):
        if value is not None and not isinstance(value, str):
            raise kems.KemsError("error.web_bad_value", key=key)
    if confirm is not None and not isinstance(confirm, bool):
        raise kems.KemsError("error.web_bad_value", key="confirm")

    def work() -> Any:
        with settings.store() as store:
            game = _game(store, request)
            kems.check_call(game, event or "", by, on)  # one of the game's calls, its caller: the library's word
            # the same keys as a situation file (dashes or underscores, no-square, cards as a list), strict,
            # its cards read once
            sit = kems.situation_of({**data, "event": event}, game.convention)
            # the same call by the same player just after: another phone's, unless the table confirms it
            with amending:
                called = kems.call(store, game, event or "", sit, by or "", on, decide,
                                   unless_repeated=not confirm and amends is None)
            return kems.call_json(game, called, lang)

    return JSONResponse(await run_in_threadpool(work))


async def api_point(request: Request, settings: Settings, lang: str) -> Response:
    data = await json_body(request, lang)
    team, n, for_entry, keep = data.get("team"), data.get("n", 1), data.get("for"), data.get("keep", False)
    if not isinstance(team, str) or not team:
        raise kems.KemsError("error.web_bad_value", key="team")
    _whole(n, "n")
    if for_entry is not None:
        _whole(for_entry, "for")
    if not isinstance(keep, bool):
        raise kems.KemsError("error.web_bad_value", key="keep")
    amending = _amends(data.get("amends"))

    def work() -> Any:
        with settings.store() as store, amending:
            game = _game(store, request)
            return kems.entry_json(game, kems.point(store, game, team, n, for_entry, keep))

    return JSONResponse(await run_in_threadpool(work))


def _api_cancel(cancel: Callable[[Any, Any], Any]) -> Handler:
    """``POST /api/games/{game}/undo`` and ``…/redo``: an entry that cancels the last line, or the last
    undo, as ``game undo --json`` and ``game redo --json`` give it."""

    async def handler(request: Request, settings: Settings, lang: str) -> Response:
        await read_body(request)

        def work() -> Any:
            with settings.store() as store:
                game = _game(store, request)
                return kems.entry_json(game, cancel(store, game))

        return JSONResponse(await run_in_threadpool(work))

    return handler


api_undo = _api_cancel(lambda store, game: kems.undo(store, game))
api_redo = _api_cancel(lambda store, game: kems.redo(store, game))
api_hand_end = _api_cancel(lambda store, game: kems.hand_end(store, game))  # a line too, with no body


async def api_decide(request: Request, settings: Settings, lang: str) -> Response:
    data = await json_body(request, lang)
    branch, entry, keep = data.get("branch"), data.get("entry"), data.get("keep", False)
    if not isinstance(branch, str):
        _whole(branch, "branch")
    if entry is not None:
        _whole(entry, "entry")
    if not isinstance(keep, bool):
        raise kems.KemsError("error.web_bad_value", key="keep")
    amending = _amends(data.get("amends"))

    def work() -> Any:
        with settings.store() as store, amending:
            game = _game(store, request)
            return kems.entry_json(game, kems.decide(store, game, str(branch), entry, keep))

    return JSONResponse(await run_in_threadpool(work))


# --- the application ----------------------------------------------------------------------------------

def create_app(settings: Settings) -> ASGIApp:
    def route(path: str, handler: Handler, methods: list[str], api: bool = True) -> Route:
        return Route(path, _answer(handler, settings, api), methods=methods)

    routes = [
        route("/api/rule", api_rule, ["POST"]),
        route("/api/ask", api_ask, ["POST"]),
        route("/api/compare", api_compare, ["GET"]),
        route("/api/games", api_games, ["GET", "POST"]),
        route("/api/games/{game}/score", api_score, ["GET"]),
        route("/api/games/{game}/history", api_history, ["GET"]),
        route("/api/games/{game}/calls", api_call, ["POST"]),
        route("/api/games/{game}/points", api_point, ["POST"]),
        route("/api/games/{game}/undo", api_undo, ["POST"]),
        route("/api/games/{game}/redo", api_redo, ["POST"]),
        route("/api/games/{game}/hand-end", api_hand_end, ["POST"]),
        route("/api/games/{game}/decide", api_decide, ["POST"]),
        *(route(path, handler, methods, api=False) for path, handler, methods in pages.ROUTES),
        Mount("/static", app=ASSETS, name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        lang = request_lang(request, settings)
        if request.scope["path"].startswith("/api/"):
            return JSONResponse({"error": kems.t("error.web_not_found", lang)}, status_code=404)
        return page_error(request, settings, lang, kems.t("error.web_not_found", lang), 404)

    async def too_large(request: Request, exc: Exception) -> Response:
        return refusal(request, settings, HTTPError(413, key="error.web_too_large", limit=MAX_BODY // 1024))

    async def wrong_method(request: Request, exc: Exception) -> Response:  # GET on a POST-only address
        allowed = getattr(exc, "headers", None) or {}
        return refusal(request, settings, HTTPError(405, key="error.web_method"), headers=dict(allowed))

    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: wrong_method, BodyTooLarge: too_large})
    return Guard(app, settings)


