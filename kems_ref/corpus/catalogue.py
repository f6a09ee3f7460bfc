"""The rule-point catalogue: the single list of questions a convention answers.

Every convention file answers each id below (stated, unspecified or inherited); the loader rejects
ids that are not here.  The ids extend ``shared/design/rule-points.md`` and are never renamed.
Points added beyond that vocabulary are marked ``added=True`` with the reason in the docstring of
``ADDED_POINTS``.

The question each point asks is a message (``question.<id>`` in ``kems_ref/locales/*.yaml``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..i18n import t

TOPICS: tuple[str, ...] = ("material", "deal", "hunt", "signal", "calls", "score")


@dataclass(frozen=True)
class RulePoint:
    """One question a convention answers, declared once.

    ``value`` is the type of the answer: a plain ``typing`` type, or the name of a model of
    :mod:`kems_ref.corpus.schema` (so that ruling, which reads this catalogue, never imports pydantic).
    The pydantic models and the shipped JSON Schema are generated from it (``python -m
    kems_ref.corpus.schema``); the question is the message ``question.<id>``.
    """

    id: str
    topic: str
    value: Any
    added: bool = False

    def question(self, lang: str) -> str:
        return t(f"question.{self.id}", lang)



RULE_POINTS: tuple[RulePoint, ...] = (
    # Table and material
    RulePoint("players.count", "material", "PlayerCount"),
    RulePoint("players.decks", "material", "DeckRules"),
    RulePoint("deck.size", "material", "DeckSizes"),
    RulePoint("seating.partners", "material", Literal["facing", "diagonal"]),
    # Deal
    RulePoint("deal.hand_size", "deal", "HandSizes"),
    RulePoint("deal.method", "deal", Literal["one-at-a-time"]),
    RulePoint("deal.center", "deal", "CardCount"),
    RulePoint("deal.identical_cards", "deal", "IdenticalCards"),
    RulePoint("deal.next_dealer", "deal", Literal["another-player"]),
    RulePoint("deal.bottom_card", "deal", Literal["hidden"], added=True),
    # The hunt
    RulePoint("hunt.opening", "hunt", "Opening"),
    RulePoint("exchange.order", "hunt", Literal["put-then-take", "take-then-put"]),
    RulePoint("exchange.count", "hunt", Literal["one", "one-or-more", "up-to-whole-hand"]),
    RulePoint("exchange.hand_limit", "hunt", "CardCount"),
    RulePoint("exchange.same_card", "hunt", Literal["first-to-touch"]),
    RulePoint("exchange.lifted_card", "hunt", Literal["lifted-counts"]),
    RulePoint("sweep.trigger", "hunt", Literal["nobody-wants", "all-agree", "proposal"]),
    RulePoint("sweep.calls", "hunt", bool),
    RulePoint("discard.visibility", "hunt", Literal["face-down"]),
    RulePoint("stock.exhausted", "hunt", Literal["hand-ends", "recycle-discard"]),
    # Signal
    RulePoint("signal.verbal", "signal", Literal["forbidden", "allowed", "if-all-agree"]),
    RulePoint("signal.visibility", "signal", Literal["required", "agree-before-play"]),
    RulePoint("signal.count", "signal", Literal["one", "several", "one-unless-all-agree"]),
    RulePoint("signal.change", "signal", Literal["after-any-hand", "between-games"]),
    RulePoint("signal.warning", "signal", bool, added=True),
    RulePoint("signal.bluff", "signal", bool, added=True),
    # Calls
    RulePoint("call.kems.caller", "calls", Literal["partner-only"]),
    RulePoint("call.kems.right", "calls", "Score"),
    RulePoint("call.kems.wrong", "calls", "Score"),
    RulePoint("call.double_kems.right", "calls", "Score"),
    RulePoint("call.double_kems.wrong", "calls", "Score", added=True),
    RulePoint("call.double_kems.counter", "calls", bool),
    RulePoint("call.contre_kems.target", "calls", Literal["player", "team"]),
    RulePoint("call.contre_kems.right", "calls", "Score"),
    RulePoint("call.contre_kems.wrong", "calls", "Score"),
    RulePoint("call.contre_kems.proof", "calls", "Proof"),
    RulePoint("call.contre_kems.after_wrong", "calls", "AfterWrong"),
    RulePoint("call.contre_kems.timing", "calls", Literal["before-kems"]),
    RulePoint("call.double_contre_kems", "calls", Literal["named-only"]),
    RulePoint("call.ungathered", "calls", bool),
    RulePoint("hand.end", "calls", "HandEnd"),
    # Score and game
    RulePoint("score.system", "score", Literal["points", "letters"]),
    RulePoint("score.target", "score", "Target"),
    RulePoint("score.multi_team", "score", Literal["every-opposing-team"]),
)

BY_ID: dict[str, RulePoint] = {p.id: p for p in RULE_POINTS}
IDS: tuple[str, ...] = tuple(BY_ID)
#: Points added to the shared vocabulary because a source states something it had no id for
#: (signal.warning, signal.bluff: Marquoir; deal.bottom_card: Wikipedia) or because the referee
#: needs the question asked even when every source is silent (call.double_kems.wrong).
ADDED_POINTS: tuple[str, ...] = tuple(p.id for p in RULE_POINTS if p.added)
