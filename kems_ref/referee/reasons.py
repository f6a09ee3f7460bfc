"""What a ruling says, as data: a message key and its parameters per sentence, never prose.

The referee returns these; ``kems_ref.outputs.words`` turns them into sentences in a language (the
same words the locale files hold), and any other front end may render them in its own markup.
A parameter is plain (a number, a convention's short name) or one of the few things that are
worded in the reader's language: a message of its own (:class:`Msg`), a convention's text in
several languages (:class:`Text`), cards (:class:`Cards`), rule-point questions
(:class:`Questions`), the questions a ruling waits for (:class:`Asked`), or an error
(:class:`Failure`).  Reasons compare by value: where a fact the user did not give changes nothing,
a ruling is explained by the reasons every answer shares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import KemsError

#: the message that is a convention's own sentence, unchanged ("{text}")
VERBATIM = "why.text"


@dataclass(frozen=True)
class Msg:
    """A message of the locale files, worded in the reader's language ("the accused player")."""

    key: str


@dataclass(frozen=True)
class Text:
    """A convention's text, in the languages the file gives (the reader's, else one it has)."""

    texts: Any  # {lang: text}, or one text for every language


@dataclass(frozen=True)
class Cards:
    """Cards as the reader's language names them, in the convention's own deck where it has one."""

    cards: tuple[Any, ...]
    deck: Any = None


@dataclass(frozen=True)
class Questions:
    """The rule points' questions ("Is the lifted card part of the hand?"), joined."""

    points: tuple[str, ...]


@dataclass(frozen=True)
class Asked:
    """The questions a ruling waits for, about the event's players ("Did the partner hold…?")."""

    facts: tuple[str, ...]
    event: str
    #: the readings among ``facts`` that the source leaves open (not a contradiction of its own)
    open: tuple[str, ...] = ()


@dataclass(frozen=True)
class Failure:
    """Why the situation cannot happen under a convention (the error's own message)."""

    error: KemsError

    def __eq__(self, other: object) -> bool:  # errors compare by what they say
        if not isinstance(other, Failure):
            return NotImplemented
        return (self.error.key, self.error.params) == (other.error.key, other.error.params)

    def __hash__(self) -> int:
        return hash(self.error.key)


@dataclass(frozen=True)
class Reason:
    """One sentence of a ruling's explanation: ``key`` in the locale files, filled with ``params``."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Reason:
        return cls(key, tuple(params.items()))

    @classmethod
    def verbatim(cls, texts: Any) -> Reason:
        """A convention's rule in its own words (ours, restated from the source)."""
        return cls.of(VERBATIM, text=Text(texts))

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)
