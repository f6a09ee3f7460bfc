"""What a ruling can decide, as enums (python-chess's ``Termination``): the verdicts, the teams a
score goes to, the effects a table applies.  Each is a ``str`` (its value is what JSON, the score
sheet and the convention files write), so ``Verdict.UPHELD == "upheld"``.

What a verdict means for a table is a property of the verdict, declared here once: whether the
score sheet may apply it (:attr:`Verdict.settles`), how a breach ranks against another
(:attr:`Verdict.severity`) and its tone (:attr:`Verdict.tone`, which the renderers colour).
"""

from __future__ import annotations

from enum import Enum


class _Value(str, Enum):
    def __str__(self) -> str:  # f-strings and str() give the value on every Python version
        return str(self.value)


class Verdict(_Value):
    UPHELD = "upheld"
    REJECTED = "rejected"
    VOID = "void"
    UNSPECIFIED = "unspecified"  # the convention does not settle it
    DEPENDS = "depends"  # on a fact the user did not give, and the answers disagree on the verdict
    IMPOSSIBLE = "impossible"  # the situation cannot happen under the convention
    PLAY_ON = "play-on"
    REDEAL = "redeal"
    REPLACE_CARDS = "replace-cards"
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    CONDITIONAL = "conditional"  # allowed if every player agrees
    HAND_ENDS = "hand-ends"
    RECYCLE_DISCARD = "recycle-discard"
    FIRST_TOUCHER = "first-toucher"

    @property
    def settles(self) -> bool:
        """Whether the verdict itself is a ruling a table applies (not open, not waiting, not void
        of meaning because the situation cannot happen)."""
        return self not in (Verdict.DEPENDS, Verdict.UNSPECIFIED, Verdict.IMPOSSIBLE)

    @property
    def severity(self) -> int:
        """How an act's verdicts combine (an exchange breaking two rules): the worst one stands."""
        return _SEVERITY[self]

    @property
    def tone(self) -> str:
        """``good`` (the call or act stands), ``bad``, ``mixed``, ``open`` (not settled), ``waits``
        (on a fact) or ``plain``."""
        return _TONE.get(self, "plain")


_SEVERITY = {Verdict.FORBIDDEN: 3, Verdict.UNSPECIFIED: 2, Verdict.CONDITIONAL: 1, Verdict.ALLOWED: 0}
_TONE = {Verdict.UPHELD: "good", Verdict.ALLOWED: "good", Verdict.PLAY_ON: "good",
         Verdict.REJECTED: "bad", Verdict.FORBIDDEN: "bad", Verdict.VOID: "mixed", Verdict.CONDITIONAL: "mixed",
         Verdict.UNSPECIFIED: "open", Verdict.DEPENDS: "waits"}


class Team(_Value):
    """Whom a score line goes to.  ``OTHER`` ("the other team") is the convention's word; a ruling
    turns it into ``ACCUSED`` or ``OTHERS`` for the table at hand."""

    CALLERS = "callers"
    ACCUSED = "accused"
    OTHERS = "others"  # every team but the callers (and the accused)
    OTHER = "other"


class Effect(_Value):
    """What the table does besides scoring."""

    ACCUSED_SHOWS_TWO_CARDS = "accused-shows-two-cards"
    ACCUSED_SHOWS_TWO_DIFFERENT_CARDS = "accused-shows-two-different-cards"
    ACCUSED_SHOWS_TWO_CARDS_TO_CALLER_ONLY = "accused-shows-two-cards-to-caller-only"
    ACCUSED_SHOWS_TWO_DIFFERENT_CARDS_TO_CALLER_ONLY = "accused-shows-two-different-cards-to-caller-only"
    EACH_ACCUSED_SHOWS_TWO_CARDS = "each-accused-shows-two-cards"
    EACH_ACCUSED_SHOWS_TWO_DIFFERENT_CARDS = "each-accused-shows-two-different-cards"
    ACCUSED_TEAM_SHOWS_HANDS = "accused-team-shows-hands"
    ACCUSED_SHOWS_HAND = "accused-shows-hand"
    ACCUSED_SHOWS_TWO_CARDS_TO_CALLER = "accused-shows-two-cards-to-caller"
    ACCUSED_SHOWS_TWO_DIFFERENT_CARDS_TO_CALLER = "accused-shows-two-different-cards-to-caller"
    EACH_ACCUSED_SHOWS_TWO_CARDS_TO_CALLER = "each-accused-shows-two-cards-to-caller"
    EACH_ACCUSED_SHOWS_TWO_DIFFERENT_CARDS_TO_CALLER = "each-accused-shows-two-different-cards-to-caller"
    ACCUSED_SHOWS_TWO_CARDS_TO_CALLERS = "accused-shows-two-cards-to-callers"
    ACCUSED_SHOWS_TWO_DIFFERENT_CARDS_TO_CALLERS = "accused-shows-two-different-cards-to-callers"
    EACH_ACCUSED_SHOWS_TWO_CARDS_TO_CALLERS = "each-accused-shows-two-cards-to-callers"
    EACH_ACCUSED_SHOWS_TWO_DIFFERENT_CARDS_TO_CALLERS = "each-accused-shows-two-different-cards-to-callers"
    TEAM_BARRED_THIS_HAND = "team-barred-this-hand"
    SWEPT_OUT_OF_PLAY = "swept-out-of-play"
    SWEPT_INTO_STOCK = "swept-into-stock"
    SWEPT_TO_DISCARD = "swept-to-discard"
    ACCUSED_CHANGES_SIGNAL = "accused-changes-signal"
    BOTH_TEAMS_MAY_CHANGE_SIGNAL = "both-teams-may-change-signal"
    TEAM_BARRED = "team-barred"
    TEAM_BARRED_GAME = "team-barred-game"
    HOLDER_SHOWS_SQUARE = "holder-shows-square"
    CALLER_BARRED_THIS_HAND = "caller-barred-this-hand"
    CALLER_BARRED = "caller-barred"
    CALLER_BARRED_GAME = "caller-barred-game"
    FIRST_CALL_CHECKED = "first-call-checked"
    REDEAL = "redeal"
    SHOW_DISCARD_DRAW = "show-discard-draw"
    OBJECTOR_MUST_EXCHANGE = "objector-must-exchange"
    CARD_TO_FIRST_TOUCHER = "card-to-first-toucher"
    SHUFFLE_DISCARD = "shuffle-discard"
    WARNING_SIGNAL_ALLOWED = "warning-signal-allowed"
    HAND_OVER_LIMIT = "hand-over-limit"
