"""The events of the game and the words that name them: defined once, below everything that reads
them (the situation, the reader, the command line)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..i18n import catalogue, languages
from ..words import fold


@dataclass(frozen=True)
class Event:
    """What happens at the table that a ruling rules on, and what that says about its ruling."""

    name: str
    #: a call (Kems, Contre-Kems…) rather than something that happens at the table (a deal, an exchange)
    call: bool
    #: a ruling on it always says what happens to the score and whether the hand ends, even where the
    #: convention leaves it open ("not settled by Ducale"); for the others, only where it is at stake
    ends_hand: bool
    #: told with other events in one story, which one is the dispute: the lowest (the accusation before
    #: the call it accuses, the deal only when nothing else is: "donne" is also "gave")
    priority: int


DECLARED = (
    Event("kems", call=True, ends_hand=True, priority=4),
    Event("double-kems", call=True, ends_hand=True, priority=3),
    Event("contre-kems", call=True, ends_hand=True, priority=2),
    Event("double-contre-kems", call=True, ends_hand=True, priority=1),
    Event("deal", call=False, ends_hand=False, priority=10),
    Event("exchange", call=False, ends_hand=False, priority=5),
    Event("sweep", call=False, ends_hand=False, priority=8),
    Event("stock-out", call=False, ends_hand=True, priority=9),
    Event("signal", call=False, ends_hand=False, priority=7),
    Event("same-card", call=False, ends_hand=False, priority=6),
    # how the table is set up: where partners sit, who deals and which way, how the middle lies
    Event("setup", call=False, ends_hand=False, priority=12),
)
BY_NAME = {event.name: event for event in DECLARED}
EVENTS = tuple(event.name for event in DECLARED)
#: the events that are calls (the others happen at the table: a deal, an exchange, a sweep…)
CALLS = tuple(event.name for event in DECLARED if event.call)
#: the events in the order a story's dispute is chosen among them
BY_PRIORITY = tuple(event.name for event in sorted(DECLARED, key=lambda e: e.priority))


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


def other_names(event: str, taken: set[str]) -> list[str]:
    """The first word of each language that names ``event`` and that is not ``taken`` (folded)."""
    out: list[str] = []
    for lang in languages():
        words = [w.strip() for w in catalogue(lang).get(f"event.words.{event}", "").split(",") if w.strip()]
        word = next((w for w in words if fold(w) not in taken), None)
        if word is not None and word not in out:
            out.append(word)
    return out


def shadowed(calls: object) -> list[tuple[str, str, str]]:
    """The names a file's ``calls`` give a call of the game that the table's words give another event:
    (call, name, that event), each once — Fit for a Feast's Kems, "Signal"."""
    out: list[tuple[str, str, str]] = []
    for call, names in (calls.items() if isinstance(calls, dict) else ()):
        if call not in EVENTS or not isinstance(names, dict):
            continue
        for spelled in names.values():
            for name in spelled if isinstance(spelled, list) else [spelled]:
                other = table_words().get(fold(str(name))) if isinstance(name, str) else None
                if other is not None and other != call and (call, name, other) not in out:
                    out.append((call, name, other))
    return out
