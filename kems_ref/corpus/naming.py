"""The names of the events a user may type: the table's words (:mod:`.events`), the shipped
conventions' own names for their calls (Pagat: Stop Kemps), and a house file's."""

from __future__ import annotations

from functools import cache

from ..errors import KemsError
from ..words import fold
from .events import table_words
from .load import load, load_all


@cache
def event_words() -> dict[str, str]:
    """Every name of an event, folded -> the event."""
    out = dict(table_words())
    for name, event in convention_call_names().items():
        out.setdefault(name, event)
    return out


@cache
def convention_call_names() -> dict[str, str]:
    """The conventions' own names for their calls (Pagat: Stop Kemps), folded -> the event."""
    out: dict[str, str] = {}
    for conv in load_all():
        for event, names in conv.call_words.items():
            for name in names:
                if fold(name):
                    out.setdefault(fold(name), event)
    return out


def event_named(word: str, convention: str | None = None) -> str | None:
    """The event a user's word names (an id, a table name, a shipped convention's own name, or the
    own name of ``convention`` — a house or variant file: Gegen-Gemsch), if any.  Under ``convention``
    its own names come first, even an event's name (Fit for a Feast's Kems is called "Signal": under
    that file ``signal`` is its Kems, and the signal event answers to its other names, ``sign``)."""
    own = calls_of(convention).get(fold(word)) if convention else None
    if own == SHARED:  # "Kemps" said by the partner or by an opponent: the word alone names neither
        raise KemsError("error.call_word_shared", word=word)
    if own is not None:  # a name the file gives one of its calls is that call under the file
        return own
    return event_words().get(fold(word))


def renamed(word: str, convention: str | None) -> str | None:
    """The call ``convention`` names by ``word`` where the table's words give that word to another
    event (a file's Kems called "Signal"), else None: the command line then makes that call."""
    if not convention:
        return None
    own = calls_of(convention).get(fold(word))
    if own == SHARED:
        raise KemsError("error.call_word_shared", word=word)
    return own if own is not None and own != table_words().get(fold(word)) else None


#: a word a file gives both its Kems and its Contre-Kems (a page where an opponent who spots the sign wins
#: by calling the partner's own word, "Kemps!"): told apart by who calls it — the partner makes the Kems,
#: an opponent the Contre-Kems (the reader decides from the story, or asks it to be said)
SHARED = "kems|contre-kems"


def calls_of(convention: str) -> dict[str, str]:
    """One convention's own names for its calls, folded -> the event ({} if it cannot be loaded:
    the command that uses it says why)."""
    try:
        conv = load(convention)
    except KemsError:
        return {}
    # a name in any script is typed as it is written (a Bulgarian table's «Кент», 斷): folding keeps the letters
    # of every script; a name that folds to nothing (punctuation only) is no name of a call
    out: dict[str, str] = {}
    for event, names in conv.call_words.items():
        for name in names:
            word = fold(name)
            if word and {out.get(word), event} == {"kems", "contre-kems"}:
                out[word] = SHARED
            elif word:
                out[word] = event
    return {**out, **{fold(call): call for call in conv.own_calls}}


def likes_of(convention: str | None) -> dict[str, str]:
    """``convention``'s calls of its own, each with the call of the game it is made as ({} if none)."""
    if not convention:
        return {}
    try:
        return load(convention).likes()
    except KemsError:
        return {}


def suggest_event(word: str) -> str:
    """A "did you mean …?" for a word that names no event, or nothing."""
    import difflib

    close = difflib.get_close_matches(fold(word), list(event_words()), n=1, cutoff=0.6)
    return f" — {event_words()[close[0]]}?" if close else ""
