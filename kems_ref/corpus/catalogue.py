"""The rule-point catalogue: the single list of questions a convention answers.

Every convention file answers each id below (stated, unspecified or inherited); the loader rejects
ids that are not here.  The ids extend ``shared/design/rule-points.md`` and are never renamed.
Points added beyond that vocabulary are marked ``added=True`` with the reason in the docstring of
``ADDED_POINTS``.

The question each point asks is a message (``question.<id>`` in ``kems_ref/locales/*.yaml``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import t

TOPICS: tuple[str, ...] = ("material", "deal", "hunt", "signal", "calls", "score")


@dataclass(frozen=True)
class RulePoint:
    id: str
    topic: str
    added: bool = False

    def question(self, lang: str) -> str:
        return t(f"question.{self.id}", lang)


#: Points added to the shared vocabulary because a source states something it had no id for
#: (signal.warning, signal.bluff: Marquoir; deal.bottom_card: Wikipedia) or because the referee
#: needs the question asked even when every source is silent (call.double_kems.wrong).
ADDED_POINTS = ("deal.bottom_card", "signal.warning", "signal.bluff", "call.double_kems.wrong")

RULE_POINTS: tuple[RulePoint, ...] = (
    # Table and material
    RulePoint("players.count", "material"),
    RulePoint("players.decks", "material"),
    RulePoint("deck.size", "material"),
    RulePoint("seating.partners", "material"),
    # Deal
    RulePoint("deal.hand_size", "deal"),
    RulePoint("deal.method", "deal"),
    RulePoint("deal.center", "deal"),
    RulePoint("deal.identical_cards", "deal"),
    RulePoint("deal.next_dealer", "deal"),
    RulePoint("deal.bottom_card", "deal", added=True),
    # The hunt
    RulePoint("hunt.opening", "hunt"),
    RulePoint("exchange.order", "hunt"),
    RulePoint("exchange.count", "hunt"),
    RulePoint("exchange.hand_limit", "hunt"),
    RulePoint("exchange.same_card", "hunt"),
    RulePoint("exchange.lifted_card", "hunt"),
    RulePoint("sweep.trigger", "hunt"),
    RulePoint("sweep.calls", "hunt"),
    RulePoint("discard.visibility", "hunt"),
    RulePoint("stock.exhausted", "hunt"),
    # Signal
    RulePoint("signal.verbal", "signal"),
    RulePoint("signal.visibility", "signal"),
    RulePoint("signal.count", "signal"),
    RulePoint("signal.change", "signal"),
    RulePoint("signal.warning", "signal", added=True),
    RulePoint("signal.bluff", "signal", added=True),
    # Calls
    RulePoint("call.kems.caller", "calls"),
    RulePoint("call.kems.right", "calls"),
    RulePoint("call.kems.wrong", "calls"),
    RulePoint("call.double_kems.right", "calls"),
    RulePoint("call.double_kems.wrong", "calls", added=True),
    RulePoint("call.double_kems.counter", "calls"),
    RulePoint("call.contre_kems.target", "calls"),
    RulePoint("call.contre_kems.right", "calls"),
    RulePoint("call.contre_kems.wrong", "calls"),
    RulePoint("call.contre_kems.proof", "calls"),
    RulePoint("call.contre_kems.after_wrong", "calls"),
    RulePoint("call.contre_kems.timing", "calls"),
    RulePoint("call.double_contre_kems", "calls"),
    RulePoint("call.ungathered", "calls"),
    RulePoint("hand.end", "calls"),
    # Score and game
    RulePoint("score.system", "score"),
    RulePoint("score.target", "score"),
    RulePoint("score.multi_team", "score"),
)

BY_ID: dict[str, RulePoint] = {p.id: p for p in RULE_POINTS}
IDS: tuple[str, ...] = tuple(BY_ID)


def topic_of(point_id: str) -> str:
    return BY_ID[point_id].topic
