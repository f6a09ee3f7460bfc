"""A deck of a convention's own, as data (``decks:`` in a convention file): its ranks in order,
its suits, and the names players use for them in each language — the Swiss Jass deck's Under and
Ober, Rosen and Schellen.  The referee reads cards by these names and checks what can exist with
the deck's real composition (:mod:`kems_ref.referee.cards`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def fold_name(text: str) -> str:
    """A name compared loosely: lower case, no accents (:func:`..words.plain`)."""
    from ..words import plain

    return plain(text).strip()


#: the rank of a joker in a deck that has some (``jokers: N``): no suit, N of them in one deck
JOKER = "Joker"


#: the standard deck's ranks, low to high, and the words a player may name each by (English or French, a
#: letter or a word): read by the referee's cards and by a file's check of the cards it names (``hand.wild``)
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_WORDS = {
    "a": "A", "1": "A", "as": "A", "ace": "A", "ases": "A", "aces": "A",
    "j": "J", "v": "J", "valet": "J", "jack": "J", "knave": "J",
    "q": "Q", "d": "Q", "dame": "Q", "queen": "Q",
    "k": "K", "r": "K", "roi": "K", "king": "K",
    "deux": "2", "two": "2", "trois": "3", "three": "3", "quatre": "4", "four": "4",
    "cinq": "5", "five": "5", "six": "6", "sept": "7", "seven": "7", "huit": "8", "eight": "8",
    "neuf": "9", "nine": "9", "dix": "10", "ten": "10",
    **{r.lower(): r for r in RANKS},
}


def names_a_rank(name: str, deck: Deck | None) -> bool:
    """Whether ``name`` names a rank of ``deck`` (its own names), or of the standard deck where it is None."""
    word = fold_name(name)
    return word in deck.rank_words if deck is not None else word.lower() in RANK_WORDS


@dataclass(frozen=True)
class Deck:
    """A deck a convention defines (``decks:`` in its file): its ranks in order, its suits, and the
    names players use for them in each language (the Swiss Jass deck: Under, Ober; Rosen, Schellen…).
    Cards of such a deck are read by these names, and the possibility checks use its composition."""

    id: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    rank_words: dict[str, str] = field(default_factory=dict)  # folded name -> rank id
    suit_words: dict[str, str] = field(default_factory=dict)  # folded name -> suit id
    rank_labels: dict[str, dict[str, str]] = field(default_factory=dict)  # rank id -> {lang: label}
    suit_labels: dict[str, dict[str, str]] = field(default_factory=dict)
    copies: int = 1  # how many times each card is in one deck
    jokers: int = 0  # jokers beside the ranks and suits (a 54-card deck: 52 and two jokers)
    wild: bool = False  # its jokers stand for any rank in a square (three kings and a joker)

    @property
    def size(self) -> int:
        """The cards in one deck: ranks × suits (one where it has none) × copies, and its jokers."""
        return len(self.ranks) * (len(self.suits) or 1) * self.copies + self.jokers

    @classmethod
    def from_data(cls, deck_id: str, data: dict[str, Any]) -> Deck:
        def words(items: list[dict[str, Any]]) -> dict[str, str]:
            out: dict[str, str] = {}
            for item in items:
                out[fold_name(str(item["id"]))] = str(item["id"])
                for names in (item.get("names") or {}).values():
                    for name in names:
                        out.setdefault(fold_name(str(name)), str(item["id"]))
            return out

        def labels(items: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
            return {str(i["id"]): {lang: str(names[0]) for lang, names in (i.get("names") or {}).items() if names}
                    for i in items}

        suits = data.get("suits") or []
        jokers = int(data.get("jokers") or 0)
        rank_words, rank_labels = words(data["ranks"]), labels(data["ranks"])
        if jokers:  # a joker is read by its name in either language, and has no suit
            rank_words.update({"joker": JOKER, "jokers": JOKER, "jok": JOKER})
            rank_labels[JOKER] = {"en": "Joker", "fr": "Joker"}
        return cls(deck_id, tuple(str(r["id"]) for r in data["ranks"]), tuple(str(x["id"]) for x in suits),
                   rank_words, words(suits), rank_labels, labels(suits), int(data.get("copies") or 1), jokers,
                   bool(data.get("wild")))

