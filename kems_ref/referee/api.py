"""The referee for scripts: build a situation, rule under one convention or all of them.

``rule(...)`` is what ``kems-ref rule`` does, without the command line: importable by a script, a
game sheet or a chat bot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..corpus import load as conventions
from ..errors import KemsError
from .elsewhere import elsewhere
from .resolver import Ruling, TableExcluded, check_readings, excluded, resolve, resolve_all
from .situation import EVENTS, FACT_FLAGS, Situation, build, from_file, from_mapping


@dataclass
class Result:
    """One ruling with what the other conventions say where it is silent, or every convention's."""

    rulings: list[Ruling]
    elsewhere: list[dict[str, Any]] = field(default_factory=list)
    everywhere: bool = False

    @property
    def ruling(self) -> Ruling:
        """The one ruling (of a result under one convention)."""
        return self.rulings[0]


def situation(event: Optional[str], options: dict[str, Any], situation_file: Optional[str] = None,
              convention: Optional[str] = None) -> Situation:
    """A situation from the options of ``rule`` (and a situation file, whose values they override);
    the cards are read in ``convention``'s own deck where it defines one (the Jass deck's Ober)."""
    given = {k: v for k, v in options.items()
             if v is not None and v != [] and (v is not False or k in FACT_FLAGS)}
    conv = conventions.load(convention) if convention else None
    card_deck = conv.card_deck(given.get("deck")) if conv else None
    calls = conv.likes() if conv else {}
    if situation_file:
        if event:
            given["event"] = event
        return from_file(situation_file, given, card_deck, calls)
    if not event:
        raise KemsError("error.give_event", choices=", ".join(EVENTS))
    given.setdefault("players", 4)
    return build(event, card_deck=card_deck, calls=calls, **given)



def situation_of(data: Any, convention: Optional[str] = None) -> Situation:
    """A situation from a mapping with the keys of a ``--situation`` file (a web request's body),
    its cards read in ``convention``'s own deck where it has one; strict, as the file is."""
    conv = conventions.load(convention) if convention else None
    deck = data.get("deck") if isinstance(data, dict) and isinstance(data.get("deck"), int) else None
    return from_mapping(data, None, None, None, conv.card_deck(deck) if conv else None,
                        conv.likes() if conv else {})


def options_of(sit: Situation, convention: Optional[str] = None) -> dict[str, Any]:
    """The options of ``rule`` (by attribute) that give ``sit``, as a score-sheet call takes them: the
    cards in notation (in ``convention``'s own deck where it has one), each fact said, the readings."""
    from . import cards as C
    from .situation import OPTIONS

    card_deck = conventions.load(convention).card_deck() if convention else None
    out: dict[str, Any] = {}
    for option in OPTIONS:
        value = getattr(sit, option.attr, None)
        if option.attr == "players" or value is None or value == [] or (option.kind == "flag" and not value):
            continue
        if option.kind == "cards":
            out[option.attr] = C.show(list(value), "en", card_deck)
        else:
            out[option.attr] = value
    if sit.readings:
        out["reading"] = [f"{point}={n}" for point, n in sit.readings.items()]
    return out


def _one_or_all(convention: Optional[str], everywhere: bool) -> None:
    """Every shipped convention (``everywhere``) or one: never both — which of the two the user meant is
    not guessed, and it is said before the situation is read (a call of a file's own is no event of
    every convention)."""
    if everywhere and convention is not None:
        raise KemsError("error.all_and_convention")


def ruling_for(event: Optional[str], options: dict[str, Any], situation_file: Optional[str] = None,
               convention: Optional[str] = None, *, everywhere: bool = False) -> Result:
    """What ``kems-ref rule`` does: the situation of ``rule``'s options (and a situation file), ruled
    under ``convention`` or under every shipped convention."""
    _one_or_all(convention, everywhere)
    return _ruled(situation(event, options, situation_file, convention), convention, everywhere)


def _ruled(sit: Situation, convention: Optional[str], everywhere: bool) -> Result:
    """``rule``'s answer: a table size the convention's stated count excludes is a ruling (``impossible``,
    citing that count), as under ``--all``; a score sheet's call (:func:`rule`) still refuses it."""
    try:
        return rule(sit, convention, everywhere=everywhere)
    except TableExcluded as exc:
        return Result([excluded(conventions.load(convention or conventions.DEFAULT_CONVENTION), sit, exc)])


def ruling_of(data: Any, convention: Optional[str] = None, *, everywhere: bool = False) -> Result:
    """The same from a mapping with the keys of a situation file (a web request's body)."""
    _one_or_all(convention, everywhere)
    return _ruled(situation_of(data, convention), convention, everywhere)


def rule(sit: Situation, convention: Optional[str] = None, *, everywhere: bool = False) -> Result:
    """Rule on ``sit`` under ``convention`` (an id or a file), or under every shipped convention
    (``everywhere``: then no convention may be named — which of the two the user meant is not guessed)."""
    _one_or_all(convention, everywhere)
    if everywhere:
        return Result(resolve_all(conventions.load_all(), sit), everywhere=True)
    conv = conventions.load(convention or conventions.DEFAULT_CONVENTION)
    check_readings(conv, sit)
    ruling = resolve(conv, sit)
    return Result([ruling], elsewhere(conv, ruling.unspecified) + elsewhere(conv, ruling.related, exception=True))
