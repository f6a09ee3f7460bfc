"""The phone pages: server-rendered HTML, progressively enhanced by htmx (a link or a form works
without it; with it, a tap swaps the page's main part, and the score refreshes itself every second).

A call is built tap by tap in the page's address (``/call/kems?by=Léa&square=yes``): who called,
whom it accuses, the cards tapped on a rank keypad or "held a square", then the ruling the library
gives at this table — with the facts it still needs as buttons, never a default — and one tap to
record it.  Nothing is written but by a POST.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable
from typing import Any, Optional
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from .. import library as kems
from .base import (
    LANG_COOKIE,
    PAGES,
    HTTPError,
    Settings,
    etag,
    form_body,
    no_path,
    number,
    page_error,
    polled,
    unchanged,
)

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")  # the keypad, highest first
CARD_KEYS = ("hand", "partner_hand")
YES, NO = "yes", "no"


def _page(request: Request, settings: Settings, lang: str, name: str, **context: Any) -> HTMLResponse:
    return HTMLResponse(PAGES.render(name, request, settings, lang, **context))


def _game(store: Any) -> Any:
    try:
        return store.game(None)
    except kems.KemsError as exc:
        if exc.key == "error.game_none":
            return None
        raise


def _standing(game: Any, store: Any, lang: str) -> dict[str, Any]:
    score = kems.standing(store, game)
    waiting = [e for n in score.waiting for e in store.iter_entries(game, full=True, since=n, until=n)]
    last = store.last_entry(game)
    return {"game": game, "score": score, "status": kems.status_line(score, lang),
            "waiting_line": _waiting_line(score, lang) if score.waiting else "",
            "waiting": [_waiting(game, e, lang) for e in waiting],
            "recent": [_line(item, lang) for item in kems.history_of(store, game, lang, since=max(1, last - 4),
                                                                          totals=False)],
            "convention": kems.convention_name(game, lang), "target": kems.target_label(game, lang)}


def _waiting_line(score: Any, lang: str) -> str:
    """The calls waiting for the table, and what to tap (the CLI's line names its commands)."""
    key = "web.waiting" if score.waiting[0] in score.decidable else "web.waiting_enter"
    return kems.t(key, lang, entries=", ".join(map(str, score.waiting)))


def _line(item: dict[str, Any], lang: str) -> dict[str, Any]:
    """One line of the sheet, short: what happened, who, the verdict, what it changed."""
    if item["kind"] == "undo":  # an undo says which line it cancels; a redo, which line counts again
        text = kems.t("web.line.redo", lang, n=item["restores"]) if item.get("redo") \
            else kems.t("web.line.undo", lang, n=item["refers"])
        return {"n": item["n"], "text": text, "cancelled": item.get("cancelled", False), "totals": item.get("totals")}
    parts = [kems.event_label(item["event"], lang, item.get("call_name")) if item.get("event")
             else kems.t(f"web.kind.{item['kind']}", lang)]
    if item.get("by") and item["kind"] != "point":  # a plain entry's team is in what it changed
        parts.append(str(item["by"]))
    if item.get("verdict"):
        parts.append(kems.verdict_label(item["verdict"], lang))
    if item.get("changes"):
        parts.append(kems.changes_text(item["changes"], lang))
    if item.get("amends"):
        parts[-1] += kems.t("game.replaces", lang, n=item["amends"])
    return {"n": item["n"], "text": " · ".join(parts), "cancelled": item.get("cancelled", False),
            "totals": item.get("totals")}


def _waiting(game: Any, entry: Any, lang: str) -> dict[str, Any]:
    """A call that waits for the table: its branches, each a button."""
    choices = []
    for i, branch in enumerate(entry.ruling.branches if entry.ruling is not None else [], 1):
        kind = entry.ruling.kind  # a call of the convention's own: as the call it makes
        cond = kems.t("ui.sep", lang).join(kems.condition(f, v, lang, kind) for f, v in branch["if"].items())
        choices.append({"n": i, "label": cond, "verdict": kems.verdict_label(branch["ruling"].verdict, lang),
                        "score": " · ".join(kems.score_lines(branch["ruling"], lang))})  # what tells them apart
    # no branch: the table gives its score, to any team (a point may stand for the rest of the game
    # where the call's score is what the convention leaves open)
    keepable = entry.ruling is not None and kems.open_point(game, entry.event or "", entry.ruling) is not None
    return {"n": entry.n, "event": kems.game_event_label(entry.event, lang, game.convention), "by": entry.by_player,
            "on": entry.on_player, "choices": choices, "teams": [] if choices else [t.name for t in game.teams],
            "keepable": keepable}


async def home(request: Request, settings: Settings, lang: str) -> Response:
    recorded = request.query_params.get("recorded", "")

    def work() -> dict[str, Any]:
        with settings.store(writes=False) as store:
            game = _game(store)
            if game is None:
                return {}
            return {**_standing(game, store, lang), "calls": _call_buttons(game, lang),
                    "recorded": _recorded(store, game, recorded, lang)}

    context = await run_in_threadpool(work)
    if not context:
        return RedirectResponse("/new", status_code=303)
    return _page(request, settings, lang, "home.html", **context)


def _recorded(store: Any, game: Any, n: str, lang: str) -> Optional[dict[str, Any]]:
    """The line a tap has just recorded (``/?recorded=N``), with the ruling it was recorded under: the
    table reads what the referee said, and its undo is at hand."""
    if not re.fullmatch(r"[1-9][0-9]{0,8}", n):
        return None
    entry = next(store.iter_entries(game, full=True, since=int(n), until=int(n)), None)
    if entry is None or entry.kind != "call" or entry.ruling is None:
        return None
    kind = kems.game_calls(game).get(entry.event or "", entry.event or "")
    return {"n": entry.n, "event": kems.game_event_label(entry.event, lang, game.convention), "by": entry.by_player,
            "on": entry.on_player, "ruling": _ruling_view(entry.ruling, lang, kind),
            "changes": kems.changes_text(entry.changes, lang) if entry.changes else None}


def _call_buttons(game: Any, lang: str) -> list[dict[str, str]]:
    """The calls by the names players use: the event, and the convention's own name for it (Stop Kemps)."""
    conv = kems.load(game.convention)
    out = []
    for event in kems.game_calls(game):  # the four, then a call of the convention's own (Kent's Broken)
        own = conv.call_name(event, lang)
        label = kems.event_label(event, lang, conv.calls.get(event))
        out.append({"event": event, "label": label, "own": own if own and kems.fold(own) != kems.fold(label) else ""})
    return out


async def score_fragment(request: Request, settings: Settings, lang: str) -> Response:
    """The live part of the home page, asked for every second by every phone: an unchanged one is a
    304, with no body (the game's last line, the language and the page's version name it)."""
    def work() -> tuple[dict[str, Any], Optional[str]]:
        with settings.store(writes=False) as store:
            game = _game(store)
            if game is None:
                return {}, None
            tag = etag(store, game, "page-score", lang)
            return ({} if unchanged(request, tag) else _standing(game, store, lang)), tag

    context, tag = await run_in_threadpool(work)
    if tag is None:
        return HTMLResponse("")
    return polled(_page(request, settings, lang, "score.html", **context) if context else None, tag)


async def new_game(request: Request, settings: Settings, lang: str) -> Response:
    if request.method != "POST":  # GET and HEAD show the form; only a POST writes
        return _page(request, settings, lang, "new.html", conventions=settings.named(),
                     default=kems.DEFAULT_CONVENTION, error=None)
    form = await form_body(request)
    teams = [team.strip() for team in (form.get("team1", ""), form.get("team2", ""), form.get("team3", ""),
                                       form.get("team4", "")) if team.strip()]
    target_text = form.get("target", "").strip()
    # a number, else the library's bounds say it
    target = number(target_text, "target", digits=30) if target_text else None
    convention = settings.convention(form.get("convention")) or kems.DEFAULT_CONVENTION

    def create() -> None:
        with settings.store() as store:
            kems.new_game(store, teams, convention, target, form.get("name") or None)

    await run_in_threadpool(create)
    return RedirectResponse("/", status_code=303)


def _options(params: dict[str, str]) -> dict[str, Any]:
    """The call's facts as the page's address carries them (yes/no, cards, a reading)."""
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key in CARD_KEYS and value.strip():
            options[key] = value.strip()
        elif key in kems.FACT_FLAGS or key in ("after_kems", "barred", "during_sweep", "ungathered", "by_holder",
                                                "simultaneous", "rival_kems"):
            if value not in (YES, NO):
                raise kems.KemsError("error.web_bad_value", key=key)
            options[key] = value == YES
        elif key.startswith("reading."):
            options.setdefault("reading", []).append(f"{key[len('reading.'):]}={value}")
    return options


def _with(params: dict[str, str], **changes: Optional[str]) -> str:
    """The address of the next tap: these parameters, changed."""
    merged = {**params, **{k: v for k, v in changes.items() if v is not None}}
    for key, value in changes.items():
        if value is None:
            merged.pop(key, None)
    return "?" + urlencode(merged)


def _players(game: Any) -> list[dict[str, Any]]:
    return [{"team": team.name, "players": team.players} for team in game.teams]


async def call_page(request: Request, settings: Settings, lang: str) -> Response:
    event = request.path_params["event"]
    if not re.fullmatch(r"[a-z][a-z0-9-]{0,63}", event):
        raise HTTPError(404, kems.t("error.web_not_found", lang))
    if request.method == "POST":
        return await _record(request, settings, lang, event)
    params = {k: v for k, v in request.query_params.items() if k != "lang"}
    by, on = params.get("by"), params.get("on")

    def work() -> dict[str, Any]:
        with settings.store(writes=False) as store:
            game = _game(store)
            if game is None:
                return {"redirect": "/new"}
            calls = kems.game_calls(game)  # the four, and the convention's own (Kent's Broken)
            if event not in calls:
                raise HTTPError(404, kems.t("error.web_not_found", lang))
            kind = calls[event]
            accusation = kind in kems.ACCUSATIONS
            label = kems.event_label(event, lang, kems.load(game.convention).calls.get(event))
            context: dict[str, Any] = {"event": event, "event_label": label,
                                       "params": params, "teams": _players(game), "with": _with,
                                       "caller_team": None, "accused_team": None,
                                       "keys": [(rank, kems.Card(rank).label(lang)) for rank in RANKS]}
            # where the convention's accusation targets a team (Pagat's Stop Kemps), the team is tapped
            conv = kems.load(game.convention)
            context["team_target"] = "call.contre_kems.target" in conv.rules and \
                conv.value("call.contre_kems.target") == "team"
            # a team accused (not one of its players): the table says whether either of them held a square
            context["on_team"] = bool(on) and any(on == team.name for team in game.teams)
            if accusation and not on and not by:  # an accusation: whom it accuses first
                return {**context, "step": "on"}
            caller = by or _caller(store, game, kind, on)
            if not caller:
                return {**context, "step": "by", "accused_team": kems.team_of(game, on).name if on else None}
            if accusation and not on:  # an address that named the caller first (?by=…): whom it accuses
                return {**context, "step": "on", "caller_team": kems.team_of(game, caller).name}
            options = _options(params)
            context["fields"] = {k: v for k, v in params.items() if k not in ("done", "hand", "square")}
            context["fields"]["by"] = caller
            own = kems.load(game.convention).own_calls.get(event)
            names_a_signal = own is not None and own.checks == "signal"  # no cards: whose signal was named
            if "square" not in options and not ("hand" in options and params.get("done")) and not names_a_signal:
                hand = " ".join(params.get("hand", "").split())
                if hand:  # each card as it is tapped: a hand no deck deals is said at once, on the keypad
                    kems.would_apply(store, game, event, {**options, "hand": hand}, caller, on)
                shown = " ".join(kems.Card(rank).label(lang) for rank in hand.split() if rank in RANKS)
                return {**context, "step": "hand", "hand": hand, "hand_shown": shown}
            result, changes = kems.would_apply(store, game, event, options, caller, on)
            ruling = result.ruling
            return {**context, "step": "ruling", "ruling": _ruling_view(ruling, lang, kind),
                    "changes": kems.changes_text(changes, lang) if changes else None,
                    "questions": _questions(ruling, lang, params, kind)}

    context = await run_in_threadpool(work)
    if "redirect" in context:
        return RedirectResponse(context["redirect"], status_code=303)
    return _page(request, settings, lang, "call.html", **context)


def _caller(store: Any, game: Any, kind: str, on: Optional[str]) -> Optional[str]:
    """Who made an accusation, where the page need not ask: with two teams still playing, the team of
    the one accused is accused by the other (its score goes to that team, whichever player spoke).
    A Kems, or a table of three teams or more, is asked."""
    if kind not in kems.ACCUSATIONS or not on:
        return None
    accused = kems.team_of(game, on).name
    playing = [s.team for s in kems.standing(store, game).standings if not s.out]
    others = [team for team in playing if team != accused]
    return others[0] if len(playing) == 2 and len(others) == 1 else None


def _ruling_view(ruling: Any, lang: str, event: str) -> dict[str, Any]:
    """A ruling as a page shows it: the headline first, the reasons and citations a tap away."""
    return {"verdict": str(ruling.verdict), "label": kems.verdict_label(ruling.verdict, lang),
            "tone": ruling.verdict.tone, "score": kems.score_lines(ruling, lang), "hand": kems.hand_line(ruling, lang),
            "why": kems.explanation(ruling, lang),
            "citations": [kems.cite_line(c, lang, by_question=True) for c in kems.citations(ruling, lang)],
            "publications": _publications(kems.sources(ruling, lang), lang),
            "branches": [{"if": kems.t("ui.sep", lang).join(kems.condition(f, v, lang, event)
                                                            for f, v in b["if"].items()),
                          "label": kems.verdict_label(b["ruling"].verdict, lang),
                          "score": kems.score_lines(b["ruling"], lang)} for b in kems.shown_branches(ruling)]}


def _publications(sources: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Each publication cited, once, as the command line says it under its sources: its name, then
    who published what and its address, and how it is known (with the date that page gives)."""
    return [{"name": p["source"], "lines": kems.publication_lines(p, lang)} for p in sources]


def _questions(ruling: Any, lang: str, params: dict[str, str], event: str) -> list[dict[str, Any]]:
    """The first fact the ruling still waits for, each answer a link (the same needs as the CLI's)."""
    out = []
    for need in kems.needs(ruling, lang)[:1]:
        fact = need["fact"]
        if fact.startswith("reading:"):
            point = fact[len("reading:"):]
            answers = [{"label": f"{kems.t('ui.reading', lang)} {n}",
                        "href": _with(params, **{f"reading.{point}": str(n)})} for n in (1, 2)]
        else:
            answers = [{"label": kems.condition(fact, value, lang, event),
                        "href": _with(params, **{fact: YES if value else NO})} for value in (True, False)]
        out.append({"question": need["question"], "answers": answers})
    return out


async def _record(request: Request, settings: Settings, lang: str, event: str) -> Response:
    form = await form_body(request)
    sent = dict(form)
    confirmed = form.pop("confirm", "") == YES
    by, on = form.pop("by", ""), form.pop("on", "") or None
    amends = number(form.pop("amends"), "amends") if form.get("amends") else None  # a line corrected
    options = _options(form)

    def work() -> int:
        with settings.store() as store, (kems.amending(amends) if amends else contextlib.nullcontext()):
            game = store.game(None)
            calls = kems.game_calls(game)
            if event not in calls:  # the page's routes: a page for each call of the game
                raise HTTPError(404, kems.t("error.web_not_found", lang))
            caller = by or _caller(store, game, calls[event], on) or ""
            return int(kems.call(store, game, event, options, caller, on, None,
                                 unless_repeated=not confirmed and amends is None).entry.n)

    try:
        n = await run_in_threadpool(work)
    except kems.KemsError as exc:
        if exc.key != "error.game_repeated":
            raise
        sent.pop("confirm", None)
        message = kems.t("web.repeated", lang, n=exc.params["n"])
        # the same answer as every failed tap, with the way to enter it again
        return page_error(request, settings, lang, message, 409, again={"action": f"/call/{event}", "fields": sent})
    return RedirectResponse(f"/?recorded={n}", status_code=303)


async def decide(request: Request, settings: Settings, lang: str) -> Response:
    form = await form_body(request)
    entry, branch = number(form.get("entry", ""), "entry"), number(form.get("branch", ""), "branch")

    def work() -> None:
        with settings.store() as store:
            game = store.game(None)
            kems.decide(store, game, str(branch), entry)

    await run_in_threadpool(work)
    return RedirectResponse("/", status_code=303)


async def point(request: Request, settings: Settings, lang: str) -> Response:
    """A plain +1 beside a team; with ``for``, the score the table gives a waiting call (``keep``: for
    the rest of the game)."""
    form = await form_body(request)
    team, amount = form.get("team", ""), number(form.get("n", "1"), "n", digits=4, signed=True)
    for_entry = number(form["for"], "for") if form.get("for") else None
    keep = form.get("keep") == YES
    amends = number(form["amends"], "amends") if form.get("amends") else None  # a line corrected

    def work() -> None:
        with settings.store() as store, (kems.amending(amends) if amends else contextlib.nullcontext()):
            game = store.game(None)
            kems.point(store, game, team, amount, for_entry, keep)

    await run_in_threadpool(work)
    return RedirectResponse("/", status_code=303)


def _cancel(cancel: Callable[[Any, Any], Any]) -> Callable[[Request, Settings, str], Awaitable[Response]]:
    """The page's Undo and Redo: an entry that cancels the last line, or the last undo; the score again."""

    async def handler(request: Request, settings: Settings, lang: str) -> Response:
        await form_body(request)

        def work() -> None:
            with settings.store() as store:
                cancel(store, store.game(None))

        await run_in_threadpool(work)
        return RedirectResponse("/", status_code=303)

    return handler


undo = _cancel(lambda store, game: kems.undo(store, game))
redo = _cancel(lambda store, game: kems.redo(store, game))


#: the lines a history page shows at once (a long game is read a page at a time)
HISTORY_PAGE = 200


async def history_page(request: Request, settings: Settings, lang: str) -> Response:
    """The whole game, line by line, with the totals after each line as the CLI's history gives
    them; the last lines first shown, earlier ones a tap away."""
    start_text = request.query_params.get("from", "")
    start = number(start_text, "from") if start_text else None

    def work() -> dict[str, Any]:
        with settings.store(writes=False) as store:
            game = _game(store)
            if game is None:
                return {}
            last = store.last_entry(game)
            first = max(1, last - HISTORY_PAGE + 1) if start is None else max(1, min(start, max(last, 1)))
            lines = []
            for item in kems.history_of(store, game, lang, since=first, totals=True):
                if item["n"] >= first + HISTORY_PAGE:
                    break
                lines.append({**_line(item, lang), "correct": _correct(item)})
            return {"game": game, "lines": lines, "teams": [t_.name for t_ in game.teams],
                    "earlier": max(1, first - HISTORY_PAGE) if first > 1 else None,
                    "later": first + HISTORY_PAGE if first + HISTORY_PAGE <= last else None,
                    "convention": kems.convention_name(game, lang)}

    context = await run_in_threadpool(work)
    if not context:
        return RedirectResponse("/new", status_code=303)
    return _page(request, settings, lang, "history.html", **context)


def _correct(item: dict[str, Any]) -> Optional[dict[str, Any]]:
    """How a history line is corrected on the phone (``game amend``): a call, entered again from its
    first tap; a score (a plain line, or the one the table gave a waiting call), given again.  A line
    that no longer counts, an undo, or a branch the table chose (settled again by undoing) has none."""
    if item["cancelled"] or item["kind"] == "undo":
        return None
    if item["kind"] == "call" and item.get("event"):
        return {"href": f"/call/{item['event']}?" + urlencode({"amends": item["n"]}), "amends": item["n"], "for": None}
    decision = item.get("decision") or {}
    if item["kind"] == "point" or (item["kind"] == "decision" and decision.get("entered")):
        return {"href": None, "amends": item["n"], "for": item["refers"] if item["kind"] == "decision" else None}
    return None


#: the files a game is exported as: the format, its media type, its file's extension
EXPORTS = {"csv": ("text/csv; charset=utf-8", "csv"), "json": ("application/json", "json"),
           "markdown": ("text/markdown; charset=utf-8", "md")}


async def export(request: Request, settings: Settings, lang: str) -> Response:
    """The game as ``kems-ref game export`` writes it, as a file the phone downloads."""
    fmt = request.query_params.get("format", "csv")
    if fmt not in EXPORTS:
        raise kems.KemsError("error.web_bad_value", key="format")

    def work() -> tuple[str, int]:
        with settings.store(writes=False) as store:
            game = store.game(None)
            written = kems.GAME_EXPORT.write(kems.Format(fmt), kems.Sheet(store, game, kems.standing(store, game)),
                                             lang)
            if isinstance(written, dict):
                return "".join(kems.json_pieces(written, ensure_ascii=False)) + "\n", int(game.id)
            return "".join(written), int(game.id)

    body, game_id = await run_in_threadpool(work)
    media, extension = EXPORTS[fmt]
    return Response(body, media_type=media, headers={
        "content-disposition": f'attachment; filename="kems-game-{game_id}.{extension}"'})


async def rescore_page(request: Request, settings: Settings, lang: str) -> Response:
    """A preview: the game's calls ruled again under another convention (nothing is written)."""
    other = settings.convention(request.query_params.get("c"))

    def work() -> dict[str, Any]:
        with settings.store(writes=False) as store:
            game = _game(store)
            if game is None:
                return {}
            context: dict[str, Any] = {"game": game, "conventions": settings.named(),
                                       "chosen": request.query_params.get("c", ""), "lines": None}
            if other is None:
                return context
            replayed = kems.rescore(store, game, other)
            return {**context, "lines": list(kems.rescore_lines(game, replayed, lang)),
                    "score": replayed.score, "status": kems.status_line(replayed.score, lang),
                    "other": kems.load(replayed.convention).short_name}

    context = await run_in_threadpool(work)
    if not context:
        return RedirectResponse("/new", status_code=303)
    return _page(request, settings, lang, "rescore.html", **context)


async def ask_page(request: Request, settings: Settings, lang: str) -> Response:
    """A dispute told in words, ruled; a question about the rules ("how many points to win?"), the
    sources compared on the points it asks about, as on the compare page."""
    words = request.query_params.get("words", "").strip()
    if not words:
        return _page(request, settings, lang, "ask.html", words="", ruling=None, comparison=None, error=None)

    def work() -> Any:
        return kems.ask(words, lang, kems.DEFAULT_CONVENTION)

    asked = await run_in_threadpool(work)
    if isinstance(asked, kems.Comparison):
        return _page(request, settings, lang, "ask.html", words=words, ruling=None,
                     comparison=_comparison_view(asked, lang), error=None)
    ruling = asked.result.ruling
    also = None
    if asked.also is not None:  # the call the story told beside the ruling, ruled on its own
        aside = asked.also.result.ruling
        also = {"title": kems.t("ask.also", lang, call=kems.event_label(aside.event, lang)),
                "ruling": _ruling_view(aside, lang, aside.event),
                "others": kems.other_lines(asked.also.others, aside, lang) if asked.also.others else []}
    return _page(request, settings, lang, "ask.html", words=words, comparison=None, error=None,
                 ruling=_ruling_view(ruling, lang, ruling.event), convention=ruling.convention_name,
                 understood=kems.understood_labels(asked.reading, lang), letters=asked.letters, also=also,
                 after_end=asked.after_end_line(lang) or "",
                 # no rules named: the other sources' rulings on the same situation, right under the ruling
                 # two calls together, which counts left open: what each gives if counted alone
                 alone=kems.alone_lines(asked.alone, lang),
                 others=kems.other_lines(asked.others, ruling, lang) if asked.others else [],
                 questions=[{**q, "title": kems.t("ask.question_beside", lang, question=q["question"]),
                             "silent_line": kems.t("ask.question_silent", lang, name=q["convention"])}
                            for q in asked.questions])


def _comparison_view(comparison: Any, lang: str) -> dict[str, Any]:
    """The sources side by side as the command line shows them: each rule point's question, whether the
    sources agree, and each source's answer — its short value, silent where it is, a self-contradicting
    source marked and each of its readings given with its citation; under several points, the
    conventions' own names for their calls (as ``compare``'s table ends)."""
    return {"rows": [{"point": row["rule_point"], "question": row["question"], "agree": row["agree"],
                      "standing": comparison.standing(row, lang), "answers": comparison.shown(row, lang)}
                     for row in comparison.rows],
            "names": comparison.names(lang) if len(comparison.rows) > 1 else "",
            "asked": comparison.asked,  # a question told in words: each point under its question, no id
            "table": [line.strip()
                      for table in ([comparison.table, *comparison.more_tables] if comparison.table else [])
                      for line in kems.table_lines(table, lang)] + kems.deal_lines(comparison.deal_check, lang),
            "publications": _publications(comparison.sources(lang), lang)}


def _point_choices(lang: str) -> list[dict[str, Any]]:
    """The compare page's picker: every rule point by its question, grouped by topic."""
    return [{"label": kems.t(f"topic.{topic}", lang),
             "points": [{"id": p.id, "question": p.question(lang)} for p in kems.RULE_POINTS if p.topic == topic]}
            for topic in kems.TOPICS]


async def compare_page(request: Request, settings: Settings, lang: str) -> Response:
    """One rule point across the sources (``?point=`` its id, or the table's words for it): the shipped
    conventions, and the house files this server was given."""
    point = request.query_params.get("point", "").strip()
    comparison = None
    if point:
        refs = [no_path(point), *(settings.several(settings.conventions()) if settings.houses else [])]
        comparison = _comparison_view(await run_in_threadpool(kems.compare, refs, lang), lang)
        if len(comparison["rows"]) == 1:  # the picker shows the point by its id (call.contre-kems.wrong)
            point = comparison["rows"][0]["point"]
    return _page(request, settings, lang, "compare.html", point=point, comparison=comparison,
                 topics=_point_choices(lang))


async def checklist_page(request: Request, settings: Settings, lang: str) -> Response:
    """One convention's checklist, or a mixed table's (two conventions or more: each one's answer and
    section, as ``kems-ref checklist -c pagat -c ducale`` prints it).  A convention named twice is one
    column: the table names who is playing, and the sheet stays as wide as the conventions served."""
    chosen = list(dict.fromkeys(c for c in request.query_params.getlist("c") if c)) or [kems.DEFAULT_CONVENTION]
    refs = settings.several(chosen)

    def work() -> dict[str, Any]:
        sheet = kems.checklist(refs, lang)
        publications = _publications(sheet.sources_in(lang), lang)
        if not sheet.mixed:
            return {"mixed": False, "items": [_checklist_item(sheet, it, lang) for it in sheet.items],
                    "publications": publications}
        return {"mixed": True, "publications": publications, "title": kems.t("ui.mixed_title", lang),
                "intro": kems.t("ui.mixed_intro", lang, names=", ".join(sheet.labels)),
                "items": [{"rule_point": it["rule_point"], "question": it["question"],
                           "answers": sheet.answers(it, lang)} for it in sheet.items],
                "sources": sheet.sources(lang)}

    sheet = await run_in_threadpool(work)
    return _page(request, settings, lang, "checklist.html", sheet=sheet, chosen=chosen,
                 conventions=settings.conventions())


def _checklist_item(sheet: Any, it: dict[str, Any], lang: str) -> dict[str, Any]:
    """One point of a convention's sheet as the command line's text writes it: the question, the answer
    (marked where the source permits or describes, a contradiction said) or what the table must decide
    (with the source's advice), and the citation."""
    colon = kems.t("ui.colon", lang)
    cite = f"{it['citation']['source']} — {it['citation']['section']}" if it.get("citation") else ""
    return {"question": it["question"], "answer": sheet.answer(it, lang), "cite": cite if it["answer"] else "",
            "conflict": f"{kems.t('ui.conflict_mark', lang)}{colon} {it['conflict']}" if it.get("conflict") else "",
            "advice": f"{kems.t('ui.force.advised', lang)}{colon} {it['advice']} ({cite})" if it.get("advice") else ""}


async def glossary_page(request: Request, settings: Settings, lang: str) -> Response:
    term = request.query_params.get("term", "").strip() or None
    entries = await run_in_threadpool(kems.glossary_entries, term, lang)
    return _page(request, settings, lang, "glossary.html", entries=entries, term=term or "")


async def set_lang(request: Request, settings: Settings, lang: str) -> Response:
    code = request.path_params["code"]
    await form_body(request)
    if code not in kems.languages():
        raise HTTPError(404, kems.t("error.web_not_found", lang))
    response = RedirectResponse("/", status_code=303)
    response.set_cookie(LANG_COOKIE, code, samesite="strict", path="/")
    return response


ROUTES = [
    ("/", home, ["GET"]),
    ("/score", score_fragment, ["GET"]),
    ("/new", new_game, ["GET", "POST"]),
    ("/call/{event}", call_page, ["GET", "POST"]),
    ("/decide", decide, ["POST"]),
    ("/point", point, ["POST"]),
    ("/undo", undo, ["POST"]),
    ("/redo", redo, ["POST"]),
    ("/history", history_page, ["GET"]),
    ("/export", export, ["GET"]),
    ("/rescore", rescore_page, ["GET"]),
    ("/ask", ask_page, ["GET"]),
    ("/compare", compare_page, ["GET"]),
    ("/checklist", checklist_page, ["GET"]),
    ("/glossary", glossary_page, ["GET"]),
    ("/lang/{code}", set_lang, ["POST"]),
]
