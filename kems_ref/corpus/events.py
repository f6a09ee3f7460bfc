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
