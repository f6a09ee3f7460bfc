"""The table's vocabulary: names people use for events and conventions, matched loosely.

``fold`` makes "Stop-Kemps", "stop kemps" and "STOP_KEMPS" the same word, and "Wikipédia" the same as
"wikipedia".  The words of each event come from the locale files (``event.words.<event>``, every
language at once: a French player may type an English name) and from the conventions' own names for
their calls (Pagat's "Stop Kemps").
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from .i18n import catalogue, languages

#: letters NFKD does not take apart: written out, so that "Cœur" is "coeur" and never "cur"
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "Oe", "æ": "ae", "Æ": "Ae", "ß": "ss", "ø": "o", "Ø": "O"})


def plain(text: str) -> str:
    """Lower case, no accents, ligatures written out; every other character kept (the one folding
    every comparison of names and words starts from)."""
    return unicodedata.normalize("NFKD", text.translate(_LIGATURES)).encode("ascii", "ignore").decode("ascii").lower()


def fold(text: str) -> str:
    """:func:`plain`, with words separated by single spaces (punctuation and apostrophes dropped)."""
    return " ".join(re.split(r"[^a-z0-9]+", plain(text).replace("'", ""))).strip()


@cache
def event_words() -> dict[str, str]:
    """Every name of an event, folded -> the event."""
    from .referee.situation import EVENTS

    out: dict[str, str] = {}
    for event in EVENTS:
        out[fold(event)] = event
        for lang in languages():
            for word in catalogue(lang).get(f"event.words.{event}", "").split(","):
                if word.strip():
                    out.setdefault(fold(word), event)
    for name, event in convention_call_names().items():
        out.setdefault(name, event)
    return out


@cache
def convention_call_names() -> dict[str, str]:
    """The conventions' own names for their calls (Pagat: Stop Kemps), folded -> the event."""
    from .corpus.load import load_all

    out: dict[str, str] = {}
    for conv in load_all():
        for event, names in conv.calls.items():
            for name in names.values():
                out.setdefault(fold(name), event)
    return out


def event_named(word: str, convention: str | None = None) -> str | None:
    """The event a user's word names (an id, a table name, a shipped convention's own name, or the
    own name of ``convention`` — a house or variant file: Gegen-Gemsch), if any."""
    found = event_words().get(fold(word))
    if found is None and convention:
        found = calls_of(convention).get(fold(word))
    return found


def calls_of(convention: str) -> dict[str, str]:
    """One convention's own names for its calls, folded -> the event ({} if it cannot be loaded:
    the command that uses it says why)."""
    from .corpus.load import load
    from .errors import KemsError

    try:
        conv = load(convention)
    except KemsError:
        return {}
    return {fold(name): event for event, names in conv.calls.items() for name in names.values()}


def convention_in(args: list[str]) -> str | None:
    """The ``-c``/``--convention`` of a command line, if given."""
    for i, arg in enumerate(args):
        if arg in ("-c", "--convention") and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--convention="):
            return arg.split("=", 1)[1]
    return None


def suggest_event(word: str) -> str:
    """A "did you mean …?" for a word that names no event, or nothing."""
    import difflib

    close = difflib.get_close_matches(fold(word), list(event_words()), n=1, cutoff=0.6)
    return f" — {event_words()[close[0]]}?" if close else ""
