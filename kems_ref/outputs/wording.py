"""A ruling in words: its reasons as sentences in a language, and its JSON.

The referee returns a ruling as data (:mod:`kems_ref.referee.reasons`); this module is the one
place that words it, from the locale files and the convention files' own texts.  It writes no
markup: the terminal renderers (:mod:`kems_ref.outputs.ruling`), the score sheet (which records
a ruling's JSON in the game's language) and any other front end word a ruling here and mark it up
as they like.  Wording is pure text, so it sits below the score sheet in the layers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..corpus.catalogue import question
from ..corpus.load import localized, text_in
from ..i18n import has, t
from ..referee import cards as C
from ..referee.reasons import Asked, Cards, Failure, Msg, Questions, Reason, Text
from ..referee.situation import CHOICE, FACTS, READING

if TYPE_CHECKING:
    from ..referee.api import Result
    from ..referee.resolver import Ruling


def word(value: Any, lang: str) -> Any:
    """One parameter of a reason, in ``lang`` (a plain value as it is)."""
    if isinstance(value, Msg):
        return t(value.key, lang)
    if isinstance(value, Text):
        return text_in(value.texts, lang)
    if isinstance(value, Cards):
        return C.show(list(value.cards), lang, value.deck)
    if isinstance(value, Questions):
        return t("ui.sep", lang).join(question(p, lang) for p in value.points)
    if isinstance(value, Asked):
        return " ".join(need(fact, lang, value.event, fact in value.open)["question"] for fact in value.facts)
    if isinstance(value, Failure):
        return value.error.render(lang)
    if isinstance(value, Reason):
        return sentence(value, lang)
    return value


def sentence(reason: Reason, lang: str) -> str:
    return t(reason.key, lang, **{name: word(value, lang) for name, value in reason.params})


def explanation(ruling: Ruling, lang: str) -> str:
    """The ruling's reasons as one paragraph in ``lang``."""
    return " ".join(sentence(reason, lang) for reason in ruling.reasons)


def need(fact: str, lang: str, event: str, open: bool = False) -> dict[str, Any]:
    """What a ruling that branches waits for: the fact, the flag that gives it, the question (asked
    about the event's players where the words differ: whose square?).  ``open``: a reading the source
    leaves open, where it does not contradict itself."""
    if fact.startswith(CHOICE):
        point = fact[len(CHOICE):]
        return {"fact": fact, "flag": f"--reading {point}=1|2",
                "question": t("need.choice", lang, question=question(point, lang))}
    if fact.startswith(READING):
        point = fact[len(READING):]
        return {"fact": fact, "flag": f"--reading {point}=1|2",
                "question": t("need.reading_open" if open else "need.reading", lang, question=question(point, lang))}
    key = f"need.{fact}.{event}" if has(f"need.{fact}.{event}", lang) else f"need.{fact}"
    return {"fact": fact, "flag": FACTS[fact][1].replace("CARDS", t("metavar.cards", lang)), "question": t(key, lang)}


def shown_branches(ruling: Ruling) -> list[dict[str, Any]]:
    """A ruling's branches in the order people read them: the cases that turn on fewer facts first (the
    partner without a square before the two readings of a self-contradicting source), each set of equal
    length in the ruling's own order; the JSON and a score sheet's numbered branches keep the ruling's order."""
    return sorted(ruling.branches, key=lambda branch: len(branch["if"]))


def needs(ruling: Ruling, lang: str) -> list[dict[str, Any]]:
    """What a ruling that branches waits for, each fact with its flag and question in ``lang``."""
    opened = {READING + c["rule_point"] for c in ruling.conflicts if c.get("open")}
    return [need(fact, lang, ruling.event, fact in opened) for fact in ruling.needs]


def citation(cited: dict[str, Any], lang: str) -> dict[str, Any]:
    """One citation of a ruling: the convention, the point, where the source says it, its force."""
    out = {"convention": cited["convention"], "rule_point": cited["rule_point"],
           **(localized(cited["citation"], lang) or {}), "force": cited["force"]}
    if "reading" in cited:
        out["reading"] = cited["reading"]
    return out


def citations(ruling: Ruling, lang: str) -> list[dict[str, Any]]:
    """The ruling's citations in ``lang``, in the order the ruling read the points."""
    return [citation(c, lang) for c in ruling.citations]


def sources(ruling: Ruling, lang: str) -> list[dict[str, Any]]:
    """The publications the ruling cites, each once, in ``lang``: title, author, address (``url``, or
    null where none is known; ``site`` where only the site is), the date the publication gives for its
    last check, and how it is known (``direct``, or ``summary`` through ``page``, where it is ``ref``)."""
    return publications_in(ruling.publications, lang)


def publications_in(publications: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Publications as :func:`kems_ref.corpus.load.publications_named` lists them, in ``lang`` (a
    ruling's sources, a comparison's, a checklist's)."""
    return [{**p, "known": {k: text_in(v, lang) if k in ("via", "ref") and v else v
                            for k, v in p["known"].items()}} for p in publications]


def publication_lines(pub: dict[str, Any], lang: str) -> list[str]:
    """A cited publication, once under its name: who published what, its address (or that none is
    known), and how it is known, with the date the page it was read on gives for its last check."""
    colon = t("ui.colon", lang)
    title = (t("ui.pub_by", lang, author=pub["author"], title=pub["title"]) if pub.get("author")
             else t("ui.pub_title", lang, title=pub["title"]))
    if pub.get("url"):
        address = pub["url"]
    elif pub.get("site"):
        address = t("ui.pub_site_only", lang, site=pub["site"])
    else:
        address = t("ui.pub_no_address", lang)
    known = pub["known"]
    if known.get("how") == "summary" and known.get("page"):
        how = t("ui.pub_summary", lang, page=known["page"])
        if known.get("ref"):
            how += f" ({known['ref']})"
        dated = known.get("checked")
    elif known.get("how") == "summary":
        how, dated = t("ui.pub_summary", lang, page=known.get("via") or "?"), known.get("checked")
    else:
        how, dated = t("ui.direct", lang), pub.get("checked")
    if dated:
        how += t("ui.sep", lang) + t("ui.pub_checked", lang, date=dated)
    return [f"{title}{t('ui.sep', lang)}{t('ui.pub_address', lang)}{colon} {address}",
            f"{t('ui.known_through', lang)}{colon} {how}"]


def publications_block(publications: list[dict[str, Any]], lang: str) -> list[str]:
    """Under a comparison or a checklist, each publication its citations name, once: a heading, then
    each publication's name and, indented, :func:`publication_lines` (empty when none is named)."""
    if not publications:
        return []
    out = [t("ui.publications", lang)]
    for pub in publications:
        out += [f"  {pub['source']}", *(f"    {line}" for line in publication_lines(pub, lang))]
    return out


def conflicts(ruling: Ruling, lang: str) -> list[dict[str, Any]]:
    """The points on which the source contradicts itself or leaves a case open (``open``), each reading
    in its words."""
    return [{"rule_point": c["rule_point"], "reading": c["reading"], "open": bool(c.get("open")),
             "readings": [{"value": r["value"], "text": text_in(r["text"], lang),
                           "citation": localized(r["citation"], lang)} for r in c["readings"]]}
            for c in ruling.conflicts]


def notes(ruling: Ruling, lang: str) -> list[dict[str, str]]:
    """What the sources say next to the points the ruling read, in ``lang``."""
    return [{"rule_point": n["rule_point"], "text": text_in(n["text"], lang)} for n in ruling.notes]


def event_label(event: str, lang: str, names: Optional[dict[str, str] | str] = None) -> str:
    """An event by its name in ``lang``; a call of a convention's own by the convention's name for it
    (``names``), else by its id."""
    from ..corpus.events import EVENTS

    if event in EVENTS:
        return t(f"event.{event}", lang)
    return text_in(names, lang, mark=False) if names else event


def game_event_label(event: str, lang: str, convention: str) -> str:
    """An event of a game's sheet: a call of the game's convention's own by its name there."""
    from ..corpus.events import EVENTS
    from ..corpus.load import load
    from ..errors import KemsError

    if event in EVENTS:  # no file to read for the game's own events
        return event_label(event, lang)
    try:
        return event_label(event, lang, load(convention).calls.get(event))
    except KemsError:  # the file is gone or broken since: the call by its id
        return event_label(event, lang)


def call_name(ruling: Ruling, lang: str) -> Optional[str]:
    """What the publication calls the event (Pagat: "Stop Kemps"), if it names it."""
    return text_in(ruling.call_names, lang, mark=False) if ruling.call_names else None


def _plain(value: Any) -> Any:
    """Enums as their values (JSON, YAML and the score sheet see strings)."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def ruling_json(ruling: Ruling, lang: str) -> dict[str, Any]:
    """The ruling as ``--json`` gives it and the score sheet records it, worded in ``lang``."""
    out = {
        "convention": ruling.convention, "event": ruling.event, "verdict": str(ruling.verdict),
        "score": _plain(ruling.score), "score_settled": ruling.score_settled, "hand_ends": ruling.hand_ends,
        "effects": _plain(ruling.effects), "effect_texts": {code: text_in(text, lang) for code, text in
                                                          ruling.effect_texts.items()},
        "explanation": explanation(ruling, lang),
        "rule_points": list(ruling.rule_points), "citations": citations(ruling, lang),
        "unspecified": list(ruling.unspecified), "conflicts": conflicts(ruling, lang), "notes": notes(ruling, lang),
        "related": list(ruling.related), "needs": needs(ruling, lang), "call_name": call_name(ruling, lang),
        "players": ruling.players,
        "branches": [{"if": b["if"], "ruling": ruling_json(b["ruling"], lang)} for b in ruling.branches],
        "sources": sources(ruling, lang), "corpus": dict(ruling.corpus),
    }
    if ruling.like:  # a call of the convention's own: the call of the game it is made as
        out["like"] = ruling.like
    return out


def elsewhere(items: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """What the other conventions say where one is silent (:func:`kems_ref.referee.elsewhere.elsewhere`),
    worded in ``lang``."""
    def answer(item: dict[str, Any]) -> dict[str, Any]:
        return {**item, "text": text_in(item["text"], lang), "citation": localized(item["citation"], lang)}

    return [{**item, "conventions": [answer(a) for a in item["conventions"]],
             "recommendations": [answer(r) for r in item["recommendations"]]} for item in items]


def result_json(result: Result, lang: str) -> Any:
    """``rule --json``: one ruling with what the others say where it is silent, or every one's."""
    if result.everywhere:
        return [ruling_json(r, lang) for r in result.rulings]
    return {**ruling_json(result.rulings[0], lang), "elsewhere": elsewhere(result.elsewhere, lang)}
