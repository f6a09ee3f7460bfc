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

    def sources(self, lang: str) -> list[str]:
        """Under a mixed table's sheet: each column's name with its convention's full name."""
        return mixed.sources(self.conventions, lang)


def checklist(chosen: list[str], lang: str) -> Checklist:
    """The checklist of one convention (an id or a file), or of a mixed table naming several."""
    from ..corpus.load import load

    convs = [load(c) for c in chosen]
    if len(convs) > 1:  # a mixed table: one sheet for the conventions its players learned
        return Checklist(convs, mixed.items(convs, lang))
    return Checklist(convs, single.items(convs[0], lang))


def write_text(sheet: Checklist, lang: str, width: int) -> str:
    if sheet.mixed:
        return mixed.as_text(sheet.conventions, sheet.items, lang)
    return single.as_text(sheet.conventions[0], sheet.items, lang)


def write_markdown(sheet: Checklist, lang: str, width: int) -> str:
    if sheet.mixed:
        return mixed.as_markdown(sheet.conventions, sheet.items, lang)
    return single.as_markdown(sheet.conventions[0], sheet.items, lang)


def write_html(sheet: Checklist, lang: str, width: int) -> str:
    if sheet.mixed:
        return mixed.as_html(sheet.conventions, sheet.items, lang)
    return single.as_html(sheet.conventions[0], sheet.items, lang)


def write_json(sheet: Checklist, lang: str, width: int) -> dict[str, Any]:
    if sheet.mixed:
        return {"conventions": [c.id for c in sheet.conventions], "items": sheet.items}
    conv = sheet.conventions[0]
    calls = {event: name for event in conv.calls if (name := conv.call_name(event, lang))}
    return {"convention": conv.id, "items": sheet.items, "calls": calls}
