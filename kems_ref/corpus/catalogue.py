"""The rule-point catalogue: the single list of questions a convention answers.

Every convention file answers each id below (stated, unspecified or inherited); the loader rejects
ids that are not here.  The ids extend ``shared/design/rule-points.md`` and are never renamed.
Points added beyond that vocabulary are marked ``added=True`` with the reason in the docstring of
``ADDED_POINTS``.

The question texts are user-facing, so each carries French and English; ``tests/test_messages.py``
checks their parity together with the message catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

TOPICS: tuple[str, ...] = ("material", "deal", "hunt", "signal", "calls", "score")


@dataclass(frozen=True)
class RulePoint:
    id: str
    topic: str
    question: dict[str, str]
    added: bool = False


def _p(id_: str, topic: str, fr: str, en: str, added: bool = False) -> RulePoint:
    return RulePoint(id_, topic, {"fr": fr, "en": en}, added)


#: Points added to the shared vocabulary because a source states something it had no id for
#: (signal.warning, signal.bluff: Marquoir; deal.bottom_card: Wikipedia) or because the referee
#: needs the question asked even when every source is silent (call.double_kems.wrong).
ADDED_POINTS = ("deal.bottom_card", "signal.warning", "signal.bluff", "call.double_kems.wrong")

RULE_POINTS: tuple[RulePoint, ...] = (
    # Table and material
    _p("players.count", "material", "Combien de joueurs ? Nombre pair ?",
       "How many players? Must it be even?"),
    _p("players.decks", "material", "Combien de jeux de cartes selon le nombre de joueurs ?",
       "How many decks for how many players?"),
    _p("deck.size", "material", "Quel paquet (32, 36 ou 52 cartes) ?",
       "Which deck (32, 36 or 52 cards)?"),
    _p("seating.partners", "material", "Où s'assoient les partenaires ?",
       "Where do partners sit?"),
    # Deal
    _p("deal.hand_size", "deal", "Combien de cartes par joueur ?", "How many cards per player?"),
    _p("deal.method", "deal", "Comment les cartes sont-elles distribuées ?",
       "How are the cards dealt?"),
    _p("deal.center", "deal", "Combien de cartes face visible au centre ?",
       "How many cards face up in the middle?"),
    _p("deal.identical_cards", "deal", "Un joueur reçoit trois (ou quatre) cartes identiques : que faire ?",
       "A player is dealt three (or four) identical cards: what happens?"),
    _p("deal.next_dealer", "deal", "Qui distribue la manche suivante ?", "Who deals the next hand?"),
    _p("deal.bottom_card", "deal", "Faut-il cacher la carte du dessous en mélangeant ?",
       "Must the bottom card be hidden while shuffling?", added=True),
    # The hunt
    _p("hunt.opening", "hunt", "Quand les échanges peuvent-ils commencer ?", "When may exchanges start?"),
    _p("exchange.order", "hunt", "Poser d'abord ou prendre d'abord ?", "Put down first or pick up first?"),
    _p("exchange.count", "hunt", "Combien de cartes par échange ?", "How many cards per exchange?"),
    _p("exchange.hand_limit", "hunt", "Combien de cartes en main au plus ?", "How many cards in hand at most?"),
    _p("exchange.same_card", "hunt", "Deux joueurs veulent la même carte du centre : qui l'a ?",
       "Two players want the same middle card: who gets it?"),
    _p("exchange.lifted_card", "hunt", "Quand une carte compte-t-elle comme étant en main ?",
       "When does a card count as in hand?"),
    _p("sweep.trigger", "hunt", "Quand remplace-t-on les cartes du centre ?",
       "When are the middle cards replaced?"),
    _p("sweep.calls", "hunt", "Peut-on annoncer pendant un balayage ?", "May calls be made during a sweep?"),
    _p("discard.visibility", "hunt", "Comment se présente la défausse ?", "How does the discard pile lie?"),
    _p("stock.exhausted", "hunt", "Que se passe-t-il quand la pioche est épuisée ?",
       "What happens when the stock runs out?"),
    # Signal
    _p("signal.verbal", "signal", "Le signal peut-il être un mot ?", "May the signal be a word?"),
    _p("signal.visibility", "signal", "Le signal doit-il être visible de tous ?",
       "Must the signal be visible to all?"),
    _p("signal.count", "signal", "Combien de signaux une équipe peut-elle avoir ?",
       "How many signals may a team have?"),
    _p("signal.change", "signal", "Quand une équipe peut-elle changer de signal ?",
       "When may a team change its signal?"),
    _p("signal.warning", "signal", "Un second signal « on nous surveille » est-il permis ?",
       "Is a second 'we are being watched' signal allowed?", added=True),
    _p("signal.bluff", "signal", "Peut-on faire de faux signaux ?", "May a player make false signals?",
       added=True),
    # Calls
    _p("call.kems.caller", "calls", "Qui peut annoncer Kems ?", "Who may call Kems?"),
    _p("call.kems.right", "calls", "Score d'un Kems juste ?", "Score for a right Kems?"),
    _p("call.kems.wrong", "calls", "Score d'un Kems faux ?", "Score for a wrong Kems?"),
    _p("call.double_kems.right", "calls", "Score d'un Double Kems (deux carrés) ?",
       "Score for a Double Kems (both partners hold a square)?"),
    _p("call.double_kems.wrong", "calls", "Double Kems annoncé sans deux carrés : quel score ?",
       "Double Kems called without two squares: what score?", added=True),
    _p("call.double_kems.counter", "calls", "Un Contre-Kems peut-il battre un Double Kems ?",
       "Can a Contre-Kems beat a Double Kems?"),
    _p("call.contre_kems.target", "calls", "Qui un Contre-Kems accuse-t-il ?", "Whom does a Contre-Kems accuse?"),
    _p("call.contre_kems.right", "calls", "Score d'un Contre-Kems juste ?", "Score for a right Contre-Kems?"),
    _p("call.contre_kems.wrong", "calls", "Score d'un Contre-Kems faux ?", "Score for a wrong Contre-Kems?"),
    _p("call.contre_kems.proof", "calls", "Comment l'accusé prouve-t-il qu'il n'a pas de carré ?",
       "How does the accused prove a wrong accusation?"),
    _p("call.contre_kems.after_wrong", "calls", "Que subit en plus l'auteur d'un Contre-Kems faux ?",
       "What else happens to a wrong Contre-Kems caller?"),
    _p("call.contre_kems.timing", "calls", "Quand un Contre-Kems est-il trop tard ?",
       "When is a Contre-Kems too late?"),
    _p("call.double_contre_kems", "calls", "Existe-t-il un Double Contre-Kems, et que vaut-il ?",
       "Is there a Double Contre-Kems, and what is it worth?"),
    _p("call.ungathered", "calls", "Peut-on annoncer avant d'avoir réuni les quatre cartes dans une main ?",
       "May a call be made before the four cards are gathered in one hand?"),
    _p("hand.end", "calls", "Qu'est-ce qui termine la manche ?", "What ends the hand?"),
    # Score and game
    _p("score.system", "score", "Comment compte-t-on : points ou lettres K-E-M-P-S ?",
       "How is the score kept: points or the letters K-E-M-P-S?"),
    _p("score.target", "score", "Quand la partie se termine-t-elle ?", "When does the game end?"),
    _p("score.multi_team", "score", "À plus de deux équipes, qui marque ?",
       "With more than two teams, who scores?"),
)

BY_ID: dict[str, RulePoint] = {p.id: p for p in RULE_POINTS}
IDS: tuple[str, ...] = tuple(BY_ID)


def topic_of(point_id: str) -> str:
    return BY_ID[point_id].topic
