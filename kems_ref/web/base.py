"""What the API and the pages share: the server's settings, the request's language and body, the
templates."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional
from urllib.parse import parse_qsl

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.types import Message, Receive

from .. import library as kems
from .assets import Assets

HERE = Path(__file__).resolve().parent
MAX_BODY = 64 * 1024
TOKEN_COOKIE = "kems_token"
#: how long a phone stays joined: an evening (the cookie's Max-Age), not the browser's session
TOKEN_MAX_AGE = 12 * 3600
LANG_COOKIE = "kems_lang"


@dataclass
class Settings:
    """What ``serve`` was started with."""

    db: Optional[Path] = None  # the score-sheet database (None: the default one, as `kems-ref game`)
    token: Optional[str] = None  # the join token (``--lan``), or None on loopback
    houses: dict[str, str] = field(default_factory=dict)  # -c files by their id: requests name ids, never paths
    lang: Optional[str] = None  # the server's language where the request names none
    #: the host names a request may be addressed to (``Host``) where no token guards the server: loopback
    #: only, so that a page on another site resolving to 127.0.0.1 (DNS rebinding) cannot reach it
    hosts: Optional[set[str]] = field(default_factory=lambda: {"127.0.0.1", "localhost", "::1"})

    keeper: Any = field(default=None, repr=False)  # the sheet held open while the server runs (Keeper)

    def store(self, writes: bool = True) -> Any:
        """The score sheet; ``writes=False`` for a request that only reads (it never creates a file)."""
        if self.keeper is None:
            self.keeper = kems.Keeper(self.db, make_folder=False) if self.db else kems.Keeper(kems.default_path())
        self.keeper.keep()
        return kems.Store(self.keeper.path, make_folder=self.keeper.make_folder, writes=writes)

    def convention(self, ref: Any) -> Optional[str]:
        """A convention a request names: a shipped id or a house file's id, never a path."""
        if ref in (None, ""):
            return None
        if not isinstance(ref, str):
            raise kems.KemsError("error.web_bad_value", key="convention")
        if ref in self.houses:
            return self.houses[ref]
        return no_path(ref)

    def conventions(self) -> list[str]:
        return [*kems.shipped_ids(), *self.houses]

    def named(self) -> list[tuple[str, str]]:
        """Each convention this server offers, with the name players know it by ("Maison Dupont"):
        its id where its file no longer loads."""
        out = []
        for ident in self.conventions():
            try:
                out.append((ident, str(kems.load(self.houses.get(ident, ident)).short_name)))
            except kems.KemsError:
                out.append((ident, ident))
        return out

    def several(self, refs: list[str]) -> list[str]:
        """The conventions a request names side by side (compare, the checklist): each as
        :meth:`convention` takes it, and no more of them than this server has (a column each)."""
        if len(refs) > len(self.conventions()):
            raise kems.KemsError("error.web_too_many", limit=len(self.conventions()))
        return [self.convention(ref) or ref for ref in refs]


def no_path(ref: str) -> str:
    """A request names conventions and rule points by their ids, never a file."""
    if kems.is_path(ref):
        raise kems.KemsError("error.web_no_path")
    return ref


def number(text: str, key: str, digits: int = 9, signed: bool = False) -> int:
    """A number a form or an address carries: ASCII digits (a ``-`` first where ``signed``), at most
    ``digits`` of them, checked before ``int()`` sees them — "²" is a digit to ``isdigit`` and 5,000
    digits are past ``int()``'s limit: either is a 400 naming ``key``, never a 500."""
    if re.fullmatch(rf"{'-?' if signed else ''}[0-9]{{1,{digits}}}", text) is None:
        raise kems.KemsError("error.web_bad_value", key=key)
    return int(text)


class HTTPError(Exception):
    """An answer other than 200: its status, and its message — worded already, or a message key
    worded in the request's language (:meth:`words`)."""

    def __init__(self, status: int, message: str = "", key: Optional[str] = None, **values: Any):
        super().__init__(message or key)
        self.status, self.message, self.key, self.values = status, message, key, values

    def words(self, lang: str) -> str:
        return kems.t(self.key, lang, **self.values) if self.key else self.message


class BodyTooLarge(Exception):
    pass


def bounded_receive(receive: Receive) -> Receive:
    """The body as it comes, refused past 64 KB (a body without a Content-Length is counted too)."""
    seen = 0

    async def bounded() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge
        return message

    return bounded


def request_lang(request: Request, settings: Settings) -> str:
    """``?lang=``, then the page's switch (a cookie), then the browser's languages, then the server's."""
    languages = kems.languages()
    for chosen in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if chosen in languages:
            return str(chosen)
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().split("-")[0].lower()
        if code in languages:
            return code
    return settings.lang or kems.detect_lang()


async def read_body(request: Request) -> bytes:
    from starlette.requests import ClientDisconnect

    try:
        return await request.body()
    except BodyTooLarge:
        raise HTTPError(413, key="error.web_too_large", limit=MAX_BODY // 1024) from None
    except ClientDisconnect:  # the phone went away mid-body: nothing to answer, nothing written
        raise HTTPError(400, key="error.web_cut_off") from None


async def json_body(request: Request, lang: str) -> dict[str, Any]:
    raw = await read_body(request)
    try:
        data = json.loads(raw.decode("utf-8")) if raw.strip() else {}
    except (UnicodeDecodeError, ValueError, RecursionError):  # not JSON, or nested beyond any request
        raise HTTPError(400, kems.t("error.web_bad_json", lang)) from None
    if not isinstance(data, dict):
        raise HTTPError(400, kems.t("error.web_bad_json", lang))
    return data


async def form_body(request: Request) -> dict[str, str]:
    raw = await read_body(request)
    try:
        return dict(parse_qsl(raw.decode("utf-8"), keep_blank_values=True, errors="strict"))
    except (UnicodeDecodeError, ValueError):
        raise HTTPError(400, key="error.web_not_utf8") from None


def tap_key() -> str:
    """A new ``Idempotency-Key`` for one rendered form: its tap sent again (a double tap, a retry after
    a lost answer) is answered as the first one and records nothing twice."""
    import secrets

    return "tap-" + secrets.token_urlsafe(12)


class Pages:
    """The Jinja2 templates, autoescaped: a name or a story typed by a player is text, never markup."""

    def __init__(self) -> None:
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                                      undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)

    def render(self, name: str, request: Request, settings: Settings, lang: str, **context: Any) -> str:
        def t(key: str, **values: Any) -> str:
            return kems.t(key, lang, **values)

        return self.env.get_template(name).render(t=t, static=ASSETS.url, key=tap_key, lang=lang,
                                                  languages=kems.languages(),
                                                  language_names={code: kems.t("language.name", code)
                                                                  for code in kems.languages()},
                                                  path=request.scope["path"], lan=settings.token is not None,
                                                  **context)


PAGES = Pages()


def page_error(request: Request, settings: Settings, lang: str, message: str, status: int,
               fragment: str = "tap_error.html", **context: Any) -> HTMLResponse:
    """A page's failed request: a tap of the page (htmx) gets its message where the page shows a failed
    tap's message, the page left as it was and usable; a page loaded without htmx, the error page."""
    if request.headers.get("hx-request") == "true":
        body = PAGES.render(fragment, request, settings, lang, message=message, **context)
        return HTMLResponse(body, status_code=status, headers={"hx-retarget": "#tap-error", "hx-reswap": "innerHTML",
                                                               "hx-push-url": "false"})
    return HTMLResponse(PAGES.render("error.html", request, settings, lang, message=message, status=status,
                                     **context), status_code=status)
#: the page's script and style, under names that carry their digest, compressed, read once
ASSETS = Assets(HERE / "static")


def etag(store: Any, game: Any, what: str, lang: str) -> str:
    """What a polled answer is made of, as a weak ETag: the game and its last line, the reader's
    language, the state of its house file, this version of kems-ref — an answer with the same tag is
    the same answer."""
    state = kems.file_state(game.convention, game.digest) or ""
    return f'W/"{what}.{kems.__version__}.{game.id}.{store.last_entry(game)}.{lang}.{state}"'


def unchanged(request: Request, tag: str) -> bool:
    """The poll already holds the answer ``tag`` names (``If-None-Match``)."""
    return tag in (part.strip() for part in request.headers.get("if-none-match", "").split(","))


def polled(response: Optional[Response], tag: str) -> Response:
    """A polled answer: kept by the browser and checked again each time (``no-cache`` and its ETag), a
    304 with no body where it has not changed (``response`` None)."""
    from starlette.responses import Response as Plain

    answer = response if response is not None else Plain(status_code=304)
    answer.headers["etag"] = tag
    answer.headers["cache-control"] = "no-cache"
    return answer
