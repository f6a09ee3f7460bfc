"""The table's words explained: square/carré, sweep/balayage, hunt, stock/pioche, letters K-E-M-P-S…

Entries live in the message catalogue (``glossary.<id>.term``, ``.words``, ``.text``), one set per
language; a term is found by any of its names in any language, case and accents ignored.
"""

from __future__ import annotations

from typing import Any, Optional

from ..errors import KemsError
from ..i18n import catalogue, languages, t
from ..words import fold


def entry_ids() -> list[str]:
    return [key.split(".")[1] for key in catalogue("en") if key.startswith("glossary.") and key.endswith(".term")]


def entry(gid: str, lang: str) -> dict[str, Any]:
    return {"id": gid, "term": t(f"glossary.{gid}.term", lang), "text": t(f"glossary.{gid}.text", lang)}


def find(term: str, lang: str = "en") -> str:
    """The entry a word names, in any language; a near miss gets a "did you mean", the choices and
    the suggestion in ``lang``."""
    names: dict[str, str] = {}
    for gid in entry_ids():
        names.setdefault(fold(gid), gid)
        for each in languages():
            for name in [t(f"glossary.{gid}.term", each), *t(f"glossary.{gid}.words", each).split(",")]:
                if name.strip():
                    names.setdefault(fold(name), gid)
    folded = fold(term)
    if folded in names:
        return names[folded]
    import difflib

    close = difflib.get_close_matches(folded, list(names), n=1, cutoff=0.6)
    terms = [t(f"glossary.{gid}.term", lang) for gid in entry_ids()]
    mark = " ?" if lang == "fr" else "?"  # French puts a space before a question mark
    hint = f" — {t(f'glossary.{names[close[0]]}.term', lang)}{mark}" if close else ""
    raise KemsError("error.unknown_term", term=term, choices=", ".join(terms), hint=hint)


def glossary_entries(term: Optional[str], lang: str) -> list[dict[str, Any]]:
    """The glossary's entries in ``lang`` (those a ``term`` names, or every one)."""
    return [entry(find(term, lang), lang)] if term else [entry(gid, lang) for gid in entry_ids()]


def glossary_text(items: list[dict[str, Any]], width: int) -> str:
    """Glossary entries as text, folded to ``width`` columns."""
    import textwrap

    return "\n\n".join(item["term"] + "\n" + textwrap.fill(item["text"], width=max(40, width - 1), initial_indent="  ",
                                                           subsequent_indent="  ") for item in items)
