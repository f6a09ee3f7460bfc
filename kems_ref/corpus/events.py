"""The events of the game and the words that name them: defined once, below everything that reads
them (the situation, the reader, the command line)."""

from __future__ import annotations

from functools import cache

from ..i18n import catalogue, languages
from ..words import fold

EVENTS = ("kems", "double-kems", "contre-kems", "double-contre-kems", "deal", "exchange", "sweep",
          "stock-out", "signal", "same-card")
#: the events that are calls (the others happen at the table: a deal, an exchange, a sweep…)
CALLS = ("kems", "double-kems", "contre-kems", "double-contre-kems")


@cache
def table_words() -> dict[str, str]:
    """Every name the table gives an event, in every language (``event.words.*``), folded -> the event."""
    out: dict[str, str] = {}
    for event in EVENTS:
        out[fold(event)] = event
        for lang in languages():
            for word in catalogue(lang).get(f"event.words.{event}", "").split(","):
                if word.strip():
                    out.setdefault(fold(word), event)
    return out
