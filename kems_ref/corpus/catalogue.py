"""The rule-point catalogue: the single list of questions a convention answers.

Every convention file answers each id below (stated, unspecified or inherited); the loader rejects
ids that are not here.  The ids extend ``shared/design/rule-points.md`` and are never renamed.
Points added beyond that vocabulary are marked ``added=True``, the reason in the comment above
``BY_ID``.

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
    #: the resolver reads it: a ruling can turn on it (and the checklist asks a silent one)
    ruled: bool = False
    #: an exception some sources make to a general rule (a Contre-Kems cannot beat a Double Kems; no
    #: call during a sweep): where a convention states none, its general rule holds whole, and the
    #: other sources' exception is shown beside the ruling ("related"), never as its silence
    exception: bool = False
    #: a point of a call of a convention's own (``call.<id>``, ``call.<id>.right``, ``.wrong``): the
    #: call's names per language, for the question ("Score for a right “Broken”?")
    own: tuple[tuple[str, str], ...] = ()
    #: how the table is set up (where partners sit, who deals, how the middle lies): the option of ``rule
    #: setup`` that gives the table's way on it ("seating"), ruled against it; the checklist does not ask it
    #: where a source is silent
    setup: str = ""
    #: read by a ruling, but no question for a table whose source is silent on it (no shipped source
    #: states it: a card passed to one's partner)
    quiet: bool = False

    @property
    def read(self) -> bool:
        """A ruling reads it (``rule`` or ``rule setup``)."""
        return self.ruled or bool(self.setup)

    @property
    def asked(self) -> bool:
        """The checklist asks it where the convention is silent: a ruling turns on it, and tables meet it."""
        return self.ruled and not self.quiet

    def question(self, lang: str) -> str:
        if self.own:
            names = dict(self.own)
            name = names.get(lang) or names.get("en") or next(iter(names.values()))
            part = self.id.rsplit(".", 1)[-1] if self.id.count(".") == 2 else "call"
            return t({"call": "question.own.call", "right": "question.own.right",
                      "wrong": "question.own.wrong"}[part], lang, call=name)
        return t(f"question.{self.id}", lang)


def question(point: str, lang: str, names: dict[str, str] | None = None) -> str:
    """The question a rule point asks, in ``lang``; a point of a call of a convention's own
    (``call.broken.right``) asks it of the call by ``names``, else by its id."""
    if point in BY_ID:
        return BY_ID[point].question(lang)
    call = point.split(".")[1] if point.count(".") in (1, 2) else point
    by_id = {p.id: p for p in own_points(call, names or {"en": call})}
    return by_id[point].question(lang) if point in by_id else point


def own_points(call: str, names: dict[str, str]) -> tuple[RulePoint, ...]:
    """The rule points of a call of a convention's own: the call itself (what it accuses), its
    score when right and when wrong."""
    own = tuple(names.items())
    return (RulePoint(f"call.{call}", "calls", "OwnCall", ruled=True, own=own),
            RulePoint(f"call.{call}.right", "calls", "Score", ruled=True, own=own),
            RulePoint(f"call.{call}.wrong", "calls", "Score", ruled=True, own=own))



RULE_POINTS: tuple[RulePoint, ...] = (
    # Table and material
    RulePoint("players.count", "material", "PlayerCount", ruled=True),
    RulePoint("players.decks", "material", "DeckRules", ruled=True),
    RulePoint("deck.size", "material", "DeckSizes", ruled=True),
    # "apart": partners placed so that neither sees the other's cards (Hebrew Wikipedia's Kare Kupe): facing or
    # diagonal, never side by side
    RulePoint("seating.partners", "material", Literal["facing", "diagonal", "side-by-side", "apart"], setup="seating"),
    # how many players a team has, or how many teams there are (teams of two or three: a Harvard club page; always
    # two teams: blackatlantic); silent, teams are the game's pairs
    RulePoint("teams.size", "material", "TeamSizes", added=True, ruled=True, quiet=True),
    # how the partnerships are formed (catsatcards: a draw, the two highest against the two lowest)
    RulePoint("teams.formation", "material", Literal["chosen", "drawn", "drawn-high-low", "random"], added=True,
              setup="teams"),
    # Deal
    RulePoint("deal.hand_size", "deal", "HandSizes", ruled=True),
    RulePoint("deal.method", "deal", Literal["one-at-a-time", "in-packets"], setup="dealing"),
    # 0: no middle at all (a game played from the stock alone: an exchange with the middle, a sweep cannot happen);
    # per-player: as many middle cards as there are players at the table (barnonedrinks' Peanut Butter)
    RulePoint("deal.center", "deal", "MiddleCount", ruled=True),
    RulePoint("deal.identical_cards", "deal", "IdenticalCards", ruled=True),
    # who deals the next hand: another player, the next one round the table either way, or a game master
    # who does not play and deals every hand
    RulePoint("deal.next_dealer", "deal", Literal["another-player", "clockwise", "counter-clockwise", "game-master"],
              setup="next_dealer"),
    RulePoint("deal.bottom_card", "deal", Literal["hidden", "shown"], added=True, setup="bottom_card"),
    RulePoint("deal.first_dealer", "deal", Literal["highest-card-draw", "lowest-card-draw", "random", "volunteer",
                                                   "game-master", "any-way"], added=True, setup="first_dealer"),
    # which way the deal goes round the table
    RulePoint("deal.direction", "deal", Literal["clockwise", "counter-clockwise"], added=True, setup="direction"),
    # how the middle cards lie when dealt: face up, or face down and turned over to open the hunt
    RulePoint("deal.center_face", "deal", Literal["face-up", "face-down-then-turned"], added=True, setup="middle_face"),
    # what settles a tie in the draw for the first dealer (playingcarddecks.com: the tied draw again)
    RulePoint("deal.first_dealer_tie", "deal", Literal["tied-draw-again", "all-draw-again"], added=True,
              setup="first_dealer_tie"),
    # in-the-middle: anywhere in the middle, in any arrangement (a square, a row…), not before each player
    RulePoint("deal.center_layout", "deal", Literal["two-by-two", "row", "one-per-player", "in-the-middle"], added=True,
              setup="middle_layout"),
    # The hunt
    RulePoint("hunt.opening", "hunt", "Opening", ruled=True),
    RulePoint("exchange.order", "hunt", Literal["put-then-take", "take-then-put"], ruled=True),
    # whether players exchange in turn or all at once (no turns: the usual Kems)
    RulePoint("exchange.turns", "hunt", Literal["none", "in-turn"], added=True, setup="turns"),
    RulePoint("exchange.count", "hunt", Literal["one", "one-or-more", "up-to-whole-hand"], ruled=True),
    RulePoint("exchange.hand_limit", "hunt", "CardCount", ruled=True),
    RulePoint("exchange.same_card", "hunt", Literal["first-to-touch"], ruled=True),
    RulePoint("exchange.lifted_card", "hunt", Literal["lifted-counts"], ruled=True),
    # a card passed to one's partner rather than to the middle: an exception to the exchange with the middle
    # (a German wikiHow page lets partners pass cards); no shipped source says a word of it
    RulePoint("exchange.partner_pass", "hunt", Literal["allowed", "forbidden"], added=True, ruled=True, quiet=True),
    # a card another player has just put down in the middle, taken at once (a Slovak page allows it); no shipped
    # source says a word of it
    RulePoint("exchange.retake", "hunt", Literal["allowed", "forbidden"], added=True, ruled=True, quiet=True),
    # where a player takes a card from: the middle (the games the seeds describe), or, in turn-based cousins, the
    # stock (Tecken), the stock or the top of the discard pile (blackatlantic), the stock then the middle
    # (findyschool), the dealer alone from the stock and every other player from the discard passed on (cards.how's
    # Peanut butter); no shipped source says "only the middle" in so many words
    RulePoint("exchange.draw", "hunt", Literal["middle", "stock", "stock-or-discard", "stock-and-middle",
                                               "dealer-stock"],
              added=True, ruled=True, quiet=True),
    RulePoint("sweep.trigger", "hunt", Literal["nobody-wants", "all-agree", "proposal"], ruled=True),
    RulePoint("sweep.calls", "hunt", bool, ruled=True, exception=True),
    RulePoint("discard.visibility", "hunt", Literal["face-down", "face-up"], setup="discard"),
    # how the discard pile starts, in the turn-based cousins: the stock's top card turned face up (blackatlantic,
    # a Bulgarian page), or empty
    RulePoint("discard.start", "hunt", Literal["turned-card", "empty"], added=True, setup="discard_start"),
    # where players play in turn (exchange.turns: in-turn): who plays first, and which way the turn goes
    RulePoint("turns.first", "hunt", Literal["left-of-dealer", "right-of-dealer", "dealer", "random"],
              added=True, setup="first_player"),
    RulePoint("turns.direction", "hunt", Literal["clockwise", "counter-clockwise"], added=True,
              setup="turn_direction"),
    # what becomes of the cards a sweep puts aside: out of play for the rest of the hand, back into the stock
    # (a Swiss Gämsch page), or onto the discard pile (which a stock run out may shuffle into a new stock)
    RulePoint("sweep.swept_cards", "hunt", Literal["out-of-play", "into-stock", "discard-pile"], added=True,
              ruled=True),
    RulePoint("stock.exhausted", "hunt", Literal["hand-ends", "recycle-discard"], ruled=True),
    # Signal
    RulePoint("signal.verbal", "signal", Literal["forbidden", "allowed", "if-all-agree"], ruled=True),
    # hidden-allowed: a hidden sign (a kick under the table) allowed (handipoints.com's Kent)
    RulePoint("signal.visibility", "signal", Literal["required", "agree-before-play", "hidden-allowed"], ruled=True),
    RulePoint("signal.count", "signal", Literal["one", "several", "one-unless-all-agree"], ruled=True),
    RulePoint("signal.change", "signal", Literal["after-any-hand", "after-each-hand", "between-games",
                                                    "after-counter-call", "after-caught",
                                                    "after-counter-call-or-caught", "after-counter-call-both-teams"],
              ruled=True),
    RulePoint("signal.warning", "signal", bool, added=True, ruled=True),
    # when partners agree their signal: before play (the usual), or made up during play with no time to agree
    RulePoint("signal.agreement", "signal", Literal["before-play", "during-play"], added=True, setup="signal_agreed"),
    # meaningless decoy signs beside the one that counts: an exception to "one signal" (English Wikipedia)
    RulePoint("signal.bluff", "signal", bool, added=True, ruled=True, exception=True),
    # a sound (a cough, a sigh) as the signal: a kind of its own, beside a word and a gesture
    RulePoint("signal.sound", "signal", Literal["forbidden", "allowed", "agree-before-play", "cue-only"],
              added=True, ruled=True),
    # table conduct: talking about another team's signal, and what it costs
    RulePoint("conduct.signal_talk", "signal", Literal["forfeit-to-spied-on-team"], added=True),
    # Calls
    # what makes the winning hand (a Kems): four of a kind, or for some tables a run in one suit; "other": a hand
    # the format has no value for, told in the file's text (teachingbygaming.eu's Sign!: five cards, one per
    # colour, of one symbol) — a ruling gives the text and leaves whether the cards make it to the table
    # four of a kind; "four-suits": four of a kind in four different suits (Kent with two packs: two aces of hearts
    # are no Kent); a run of four in one suit; another hand told in words
    RulePoint("hand.square", "calls", Literal["four-of-a-kind", "four-suits", "run-of-four-in-suit", "other"],
              added=True,
              ruled=True),
    # ranks that stand for any rank in a square, beside at least one card of it (barmeister.com's Square:
    # aces are wild, three kings and an ace make a square); four of the wild rank are a square of their own
    RulePoint("hand.wild", "calls", "WildRanks", added=True, ruled=True, quiet=True),
    # who calls Kems: the square holder's partner (the signal's game), the holder himself (a Persian page's
    # Kemps: whoever gets the four says it), or either of them
    RulePoint("call.kems.caller", "calls", Literal["partner-only", "holder", "anyone"], ruled=True),
    RulePoint("call.kems.right", "calls", "Score", ruled=True),
    RulePoint("call.kems.wrong", "calls", "Score", ruled=True),
    RulePoint("call.double_kems.right", "calls", "Score", ruled=True),
    RulePoint("call.double_kems.wrong", "calls", "Score", added=True, ruled=True),
    RulePoint("call.double_kems.counter", "calls", bool, ruled=True, exception=True),
    # at a table of more than two teams, what the caller of a Contre-Kems must name
    RulePoint("call.contre_kems.naming", "calls", Literal["team", "player"], added=True, ruled=True, quiet=True),
    RulePoint("call.contre_kems.target", "calls", Literal["player", "team"], ruled=True),
    RulePoint("call.contre_kems.right", "calls", "Score", ruled=True),
    RulePoint("call.contre_kems.wrong", "calls", "Score", ruled=True),
    RulePoint("call.contre_kems.proof", "calls", "Proof", ruled=True),
    RulePoint("call.contre_kems.after_wrong", "calls", "AfterWrong", ruled=True, exception=True),
    # before the Kems (the seeds), or at any time, even after it (wiki-fr.com's Kems)
    RulePoint("call.contre_kems.timing", "calls", Literal["before-kems", "any-time"], ruled=True),
    # a Kems and a Contre-Kems called at the same moment: which one counts (no seed says)
    RulePoint("call.simultaneous", "calls", Literal["kems-prevails", "contre-kems-prevails"], added=True,
              ruled=True),
    RulePoint("call.double_contre_kems", "calls", "DoubleContre", ruled=True),
    RulePoint("call.ungathered", "calls", bool, ruled=True, exception=True),
    RulePoint("hand.end", "calls", "HandEnd", ruled=True),
    # Score and game
    RulePoint("score.system", "score", Literal["points", "letters"], ruled=True),
    RulePoint("score.target", "score", "Target"),
    # what a letter is where the score is kept in letters: a penalty (the team that loses a hand
    # takes one) or a reward; and what reaching the target does (the score sheet reads both): the
    # team wins, is out (the last team left wins), loses, or ends the game and the fewest wins
    RulePoint("score.letters", "score", Literal["penalty", "reward"], added=True),
    # most: no target to reach, the game lasts a number of rounds (score.target.rounds, or agreed) and the
    # team with the most points after them wins
    RulePoint("score.end", "score", Literal["wins", "out", "loses", "fewest", "most"], added=True),
    RulePoint("score.multi_team", "score", Literal["every-opposing-team"], ruled=True),
)

BY_ID: dict[str, RulePoint] = {p.id: p for p in RULE_POINTS}
IDS: tuple[str, ...] = tuple(BY_ID)
# Points added to the shared vocabulary (``added=True``) because a source states something it had no
# id for (signal.warning, signal.bluff: Marquoir; deal.bottom_card: Wikipedia) or because the
# referee needs the question asked even when every source is silent (call.double_kems.wrong,
# call.simultaneous).
