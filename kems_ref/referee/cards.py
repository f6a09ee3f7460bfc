"""Card notation and deck arithmetic.

Ranks in English or French (``A 2 … 10 J Q K``, ``As/1 V D R``) or as words (``roi``, ``king``…),
suits optional as a suffix letter (h d c s) or symbol (♥ ♦ ♣ ♠).  ``as`` is always the French
word for ace (write the ace of spades ``A♠``).  Suits only matter for spotting the same card twice.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple, Optional

from ..corpus.decks import JOKER, RANK_WORDS, Deck, fold_name
from ..corpus.decks import RANKS as RANKS
from ..errors import KemsError, Names

DECK_RANKS = {52: RANKS, 36: RANKS[4:], 32: RANKS[5:]}
FRENCH = {"J": "V", "Q": "D", "K": "R", "A": "As"}
_WORDS = RANK_WORDS

_SUITS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠", "♥": "♥", "♦": "♦", "♣": "♣", "♠": "♠",
          "♡": "♥", "♢": "♦", "♧": "♣", "♤": "♠"}
_TOKEN = re.compile(r"^(?P<rank>10|[0-9]|[a-z]+?)(?P<suit>[hdcs♥♦♣♠♡♢♧♤])?$")


class Card(NamedTuple):
    rank: str
    suit: Optional[str] = None

    def label(self, lang: str = "en", deck: Optional[Deck] = None) -> str:
        if deck is not None:
            return _label_in(deck, self, lang)
        rank = FRENCH.get(self.rank, self.rank) if lang == "fr" else self.rank
        return rank + (self.suit or "")


def _fold(text: str) -> str:
    return fold_name(text)


def _parse_in(deck: Deck, token: str) -> Card:
    """``Ober``, ``Ober/Rosen`` (rank/suit), ``6/bells``: a card of a deck of the convention's own."""
    rank_part, _, suit_part = token.partition("/")
    rank = deck.rank_words.get(_fold(rank_part))
    suit = deck.suit_words.get(_fold(suit_part)) if suit_part else None
    if rank is None or (suit_part and suit is None):
        raise KemsError("error.unreadable_card_in_deck", token=token, deck=deck.id,
                        ranks=" ".join(Card(r).label("en", deck) for r in deck.ranks))
    return Card(rank, suit)


def _label_in(deck: Deck, card: Card, lang: str) -> str:
    names = deck.rank_labels.get(card.rank, {})
    rank = names.get(lang) or names.get("en") or next(iter(names.values()), card.rank)
    if card.suit is None:
        return rank
    suits = deck.suit_labels.get(card.suit, {})
    return f"{rank}/{suits.get(lang) or suits.get('en') or next(iter(suits.values()), card.suit)}"


def parse_card(token: str, deck: Optional[Deck] = None) -> Card:
    if deck is not None:
        return _parse_in(deck, token)
    low = token.strip().lower()
    if low in _WORDS:  # a whole word or bare rank wins over "rank + suit letter" (as, dame, roi…)
        return Card(_WORDS[low])
    match = _TOKEN.match(low)
    if match and match.group("rank") in _WORDS:
        suit = match.group("suit")
        return Card(_WORDS[match.group("rank")], _SUITS[suit] if suit else None)
    raise KemsError("error.unreadable_card", token=token)


def parse_cards(text: str, deck: Optional[Deck] = None) -> list[Card]:
    tokens = [tok for tok in re.split(r"[\s,;]+", text.strip()) if tok]
    if not tokens:
        raise KemsError("error.empty_hand")
    return [parse_card(tok, deck) for tok in tokens]


def square_rank(cards: list[Card], wild: frozenset[str] = frozenset()) -> Optional[str]:
    """The rank of which ``cards`` hold four (a square, 'carré'), if any; ``wild``: ranks that stand for
    any rank beside at least one card of it (three kings and a joker; with aces wild, three kings and an
    ace).  Four cards of a wild rank are a square of that rank; jokers alone are none."""
    counts = Counter(c.rank for c in cards)
    best = [rank for rank, n in counts.items() if not (rank == JOKER and JOKER in wild)
            and n + sum(m for other, m in counts.items() if other != rank and other in wild) >= 4]
    return best[0] if best else None


def run_in_suit(cards: list[Card], order: tuple[str, ...]) -> Optional[bool]:
    """Whether ``cards`` hold four consecutive ranks of one suit (``order``: the deck's ranks, low
    to high); ``None`` when a card's suit is not given and the ranks alone could make one (the run
    cannot be told): four queens are no run, suits or not."""
    if any(c.suit is None for c in cards):
        ranks = {order.index(c.rank) for c in cards if c.rank in order}
        return None if any(all(start + k in ranks for k in range(4)) for start in ranks) else False
    by_suit: dict[str, set[int]] = {}
    for card in cards:
        if card.rank in order:
            by_suit.setdefault(card.suit or "", set()).add(order.index(card.rank))
    return any(all(start + k in positions for k in range(4)) for positions in by_suit.values()
               for start in positions)


def most_common(cards: list[Card]) -> tuple[str, int]:
    rank, count = Counter(c.rank for c in cards).most_common(1)[0]
    return rank, count


def show(cards: list[Card], lang: str, deck: Optional[Deck] = None) -> str:
    return " ".join(c.label(lang, deck) for c in cards)


def _named(cards: list[Card], composition: Optional[Deck]) -> Names:
    """Cards as an error names them, in the reader's language when it is worded (``D`` in French)."""
    from ..i18n import languages

    return Names({lang: " ".join(c.label(lang, composition) for c in cards) for lang in languages()})


def _of_rank(rank: str, composition: Optional[Deck]) -> KemsError:
    """Cards of one rank, as a message counts them: by the rank's word (queens, dames), or for a
    convention's own deck by its rank's name (cards of rank Ober)."""
    if composition is not None:
        return KemsError("card.of_rank", rank=_named([Card(rank)], composition))
    return KemsError(f"card.plural.{rank}")


def check_possible(hands: list[list[Card]], deck: int, decks: int, composition: Optional[Deck] = None) -> None:
    """Raise if the given cards cannot all exist together in ``decks`` decks of ``deck`` cards (of
    the convention's own deck where it defines one)."""
    ranks = composition.ranks if composition is not None else DECK_RANKS[deck]
    suits = (len(composition.suits) or 1) * composition.copies if composition is not None else 4
    copies = composition.copies if composition is not None else 1
    everything = [c for hand in hands for c in hand]
    jokers = composition.jokers if composition is not None else 0
    for card in everything:
        if card.rank == JOKER and jokers:
            continue
        if card.rank not in ranks:
            raise KemsError("error.rank_not_in_deck", rank=_named([card], composition), deck=deck,
                            ranks=_named([Card(r) for r in ranks], composition))
    limit = suits * decks
    for rank, count in Counter(c.rank for c in everything).items():
        most = jokers * decks if rank == JOKER and jokers else limit
        if count > most:
            raise KemsError("error.too_many_of_rank" if decks == 1 else "error.too_many_of_rank_decks", count=count,
                            rank=_of_rank(rank, composition), decks=decks, limit=most)
    for card, count in Counter(c for c in everything if c.suit).items():
        if count > decks * copies:
            raise KemsError("error.card_twice" if decks * copies == 1 else "error.card_twice_decks",
                            card=_named([card], composition), count=count, decks=decks * copies)
