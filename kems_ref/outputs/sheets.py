"""The pre-game checklist as one output: for one convention (:mod:`.checklist`) or for a mixed table
(:mod:`.mixed`), with its writers (:data:`kems_ref.outputs.formats.CHECKLIST`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..corpus.load import Convention
from . import checklist as single
from . import mixed


@dataclass
class Checklist:
    """The points a table settles before play, under one convention or several (a mixed table)."""

    conventions: list[Convention]
    items: list[dict[str, Any]]

    @property
    def publications(self) -> list[dict[str, Any]]:
        """The publications the sheet cites, each once (as a ruling's sources are listed)."""
        from ..corpus.load import publications_named

        return publications_named(self.conventions, cited_sources(self.items))

    def sources_in(self, lang: str) -> list[dict[str, Any]]:
        """The publications the sheet cites, in ``lang``, as a ruling's ``sources``."""
        from .wording import publications_in

        return publications_in(self.publications, lang)

    @property
    def corpus(self) -> dict[str, Any]:
        """The data the sheet was made from, as a ruling's ``corpus``."""
        from ..corpus.load import corpus_of

        return corpus_of(self.conventions)

    @property
    def mixed(self) -> bool:
        return len(self.conventions) > 1

    @property
    def labels(self) -> list[str]:
        """The columns of a mixed table: each convention's id (with its file where two share one)."""
        from .compare import labels

        return labels(self.conventions)

    def answers(self, item: dict[str, Any], lang: str) -> list[dict[str, Any]]:
        """A mixed table's item as its sheet shows it, one convention after another: ``convention``,
        ``answer`` (short, its force marked; "silent" where it is), ``section`` cited, ``silent``."""
        return mixed.shown(item, lang)

    def answer(self, item: dict[str, Any], lang: str) -> str:
        """One convention's item as its sheet gives the answer: the source's, marked where it permits or
        describes, or what the table must decide."""
        return single.answer_text(item, lang)

    def sources(self, lang: str) -> list[str]:
        """Under a mixed table's sheet: each column's name with its convention's full name."""
        return mixed.sources(self.conventions, lang)


def cited_sources(items: list[dict[str, Any]]) -> list[str]:
    """The sources a sheet's items cite (each convention's answer on a mixed table's), in order."""
    cited = [c for it in items for c in ([it.get("citation")] if "answers" not in it
                                          else [a.get("citation") for a in it["answers"].values()])]
    return [c["source"] for c in cited if c]


def checklist(chosen: list[str], lang: str) -> Checklist:
    """The checklist of one convention (an id or a file), or of a mixed table naming several."""
    from ..corpus.load import load

    convs = [load(c) for c in chosen]
    if len(convs) > 1:  # a mixed table: one sheet for the conventions its players learned
        return Checklist(convs, mixed.items(convs, lang))
    return Checklist(convs, single.items(convs[0], lang))


def write_text(sheet: Checklist, lang: str, width: int) -> str:
    if sheet.mixed:
        return mixed.as_text(sheet.conventions, sheet.items, lang, sheet.sources_in(lang))
    return single.as_text(sheet.conventions[0], sheet.items, lang, sheet.sources_in(lang))


def write_markdown(sheet: Checklist, lang: str, width: int) -> str:
    if sheet.mixed:
        return mixed.as_markdown(sheet.conventions, sheet.items, lang, sheet.sources_in(lang))
    return single.as_markdown(sheet.conventions[0], sheet.items, lang, sheet.sources_in(lang))


def write_html(sheet: Checklist, lang: str, width: int) -> str:
    if sheet.mixed:
        return mixed.as_html(sheet.conventions, sheet.items, lang, sheet.sources_in(lang))
    return single.as_html(sheet.conventions[0], sheet.items, lang, sheet.sources_in(lang))


def write_json(sheet: Checklist, lang: str, width: int) -> dict[str, Any]:
    cited = {"sources": sheet.sources_in(lang), "corpus": sheet.corpus}
    if sheet.mixed:
        return {"conventions": [c.id for c in sheet.conventions], "items": sheet.items, **cited}
    conv = sheet.conventions[0]
    calls = {event: name for event in conv.calls if (name := conv.call_name(event, lang))}
    return {"convention": conv.id, "items": sheet.items, "calls": calls, **cited}
