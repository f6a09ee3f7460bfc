"""The referee: rules on a situation under one convention, from the convention's data alone.

No convention id appears here: every decision reads a rule point.  The policy (README, "How a
ruling is made") in four lines:

* **One silence policy.**  A point the ruling needs and the convention does not state makes the
  part of the ruling it decides (verdict, score or hand end) unspecified: ``Ctx.rule`` returns
  ``None`` and the caller leaves that part open.  Advice counts as silence (it is shown as advice).
* **Only a prescription rules against a player.**  A *described* point supports what it describes
  but never forbids the alternative; that alternative is left unspecified.
* **No assumed facts.**  A fact the situation does not give raises :class:`Unknown`;
  :func:`resolve` then rules once per possible answer (verdict ``depends``, ``needs``, ``branches``).
* **Contradictions are ruled both ways.**  A self-contradicting point is an unknown "reading"; where
  the readings lead to different rulings the ruling depends on the table's reading (``--reading``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Optional

from ..corpus.catalogue import BY_ID
from ..corpus.decks import JOKER
from ..corpus.load import Convention, RuleEntry, localized
from ..errors import KemsError, Names
from . import cards as C
from .outcomes import Effect, Team, Verdict
from .reasons import VERBATIM, Asked, Cards, Failure, Msg, Questions, Reason, Text
from .situation import ACCUSATIONS, CALLS, CHOICE, FACTS, READING, SETUP, Situation, check_on_team


@dataclass
class Ruling:
    """A ruling as data: no sentence in it is worded yet.  Its reasons are message keys with their
    parameters; its citations, conflicts and notes keep every language the convention file gives.
    ``kems_ref.outputs.words`` words it in a language (its JSON, its explanation)."""

    convention: str
    event: str
    verdict: Verdict
    score_settled: bool  # no default: every ruling says whether its score is settled
    hand_ends: Optional[bool]  # and whether the hand ends (None: not settled)
    score: list[dict[str, Any]] = field(default_factory=list)  # {"team": Team, "change": int, "unit": str}
    effects: list[Effect] = field(default_factory=list)
    #: effects a file states in words (``effects`` of a point), by their code in ``effects``
    #: ("said:<rule point>:<n>"): {code: {lang: text}}
    effect_texts: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: the explanation, sentence by sentence; where a fact not given changes nothing, the ruling is
    #: explained by the sentences every answer shares
    reasons: list[Reason] = field(default_factory=list)
    rule_points: list[str] = field(default_factory=list)
    #: {"convention", "rule_point", "citation" (as the file gives it), "force"[, "reading"]}
    citations: list[dict[str, Any]] = field(default_factory=list)
    unspecified: list[str] = field(default_factory=list)
    #: {"rule_point", "reading" (the table's, or None), "readings": [{"value", "text", "citation"}]}
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)  # {"rule_point", "text": {lang: text}}
    #: points this convention is silent on where another source states an exception to the rule
    #: that decided (shown under "Elsewhere", never turned into a silence of this ruling)
    related: list[str] = field(default_factory=list)
    needs: list[str] = field(default_factory=list)  # the facts a ruling that branches waits for
    branches: list[dict[str, Any]] = field(default_factory=list)  # [{"if": {fact: value}, "ruling": Ruling}]
    convention_name: str = ""
    short_name: str = ""
    #: the publication's own name for the call (Pagat: "Stop Kemps"), in its languages
    call_names: Optional[dict[str, str]] = None
    players: int = 4
    #: how many teams the table makes, where known (teams of two where the convention does not say otherwise)
    teams: Optional[int] = None
    #: the publications its citations name, each once: {"source" (as cited), "title", "author", "url",
    #: "site", "checked", "known": {"how", "via", "page", "ref", "checked"}}
    publications: list[dict[str, Any]] = field(default_factory=list)
    #: the data it was made from: {"version", "digest"} of the shipped files, "house_digest" for a house file
    corpus: dict[str, str] = field(default_factory=dict)
    #: a call of the convention's own: the call of the game it is made as (Kent's broken: contre-kems)
    like: Optional[str] = None

    @property
    def kind(self) -> str:
        """The event as the game knows it (a call of a convention's own is made as a Kems or a Contre-Kems)."""
        return self.like or self.event

    def settlement(self) -> str:
        """What a table applies, as a key: equal settlements mean the rulings agree."""
        return json.dumps([self.verdict, self.score, self.score_settled, self.hand_ends, self.effects,
                           [[b["if"], b["ruling"].settlement()] for b in self.branches]], sort_keys=True)


@dataclass
class Decision:
    """What an event rule decides; ``None`` marks a part the convention leaves open."""

    verdict: Verdict
    score: Optional[list[dict[str, Any]]] = None
    hand_ends: Optional[bool] = None


class Unknown(Exception):
    """The ruling turns on a fact the situation does not give."""

    def __init__(self, fact: str, values: tuple[Any, ...]):
        super().__init__(fact)
        self.fact, self.values = fact, values


@dataclass(frozen=True)
class Answer:
    """A stated point as the ruling reads it (the table's reading, where the source has two)."""

    point: str
    value: Any
    force: str  # prescribed | permitted | described (advice never reaches a rule: it counts as silence)
    text: dict[str, str]

    @property
    def prescribed(self) -> bool:
        return self.force == "prescribed"


class Ctx:
    """What one ruling reads and says as it is made: the points used (cited), the silences, the
    reasons, the effects."""

    def __init__(self, conv: Convention, sit: Situation):
        self.conv, self.sit = conv, sit
        self.used: list[str] = []
        self.unspecified: list[str] = []
        self.why: list[Reason] = []
        self.effects: list[Effect] = []
        self.notes: list[str] = []
        self.related: list[str] = []
        self.readings: dict[str, int] = {}
        self.derived: list[str] = []  # points applied to a case the source does not name (its general rule)
        #: points with two readings where this case is outside the second one's scope: the first alone
        self.one_reading: list[str] = []
        self.partner: Optional[bool] = None  # whether the accused's partner holds a square, once known
        self.deck: Any = None  # the convention's own deck the cards belong to, where it has one
        #: the table's size is one the source calls possible only outside its prescribed rule: not ruled here
        self.outside = False
        self.teams: Optional[int] = None  # how many teams the table makes (None: turns on a size not given)
        self.told: list[str] = []  # points whose words the ruling has already told

    # --- reading the convention -------------------------------------------------------------

    def _use(self, point: str) -> RuleEntry:
        if point not in self.used:
            self.used.append(point)
        entry = self.conv.get(point)
        if entry.note and point not in self.notes:
            self.notes.append(point)
        return entry

    def _silent(self, point: str) -> None:
        if point not in self.unspecified:
            self.unspecified.append(point)
        if self.conv.get(point).note and point not in self.notes:  # what the source says nearby
            self.notes.append(point)

    def exception_elsewhere(self, point: str) -> None:
        """``point`` would be an exception to the rule that decided; this convention states none, so
        the rule holds, and what other sources say of the exception is shown beside it."""
        if point not in self.related:
            self.related.append(point)

    def exception(self, point: str) -> Optional[Answer]:
        """An exception point (:attr:`RulePoint.exception`): the convention's answer where it states
        one; ``None`` where it states none (silence or mere advice) — the general rule then holds,
        and the point is shown under "Elsewhere", not listed as a silence of the ruling."""
        assert BY_ID[point].exception, point
        entry = self._use(point)
        if entry.stated and entry.force != "advised":
            return self._answer(point, entry)
        if entry.stated:  # advice: shown as advice, decides nothing
            self.say("force.advised", name=self.name, text=Text(self._answer(point, entry).text))
        self.exception_elsewhere(point)
        return None

    def _answer(self, point: str, entry: RuleEntry) -> Answer:
        reading = 1
        if entry.choices and not entry.conflict:  # values the source offers: the table's choice, asked
            picked = self.sit.readings.get(point) or 0
            if not picked:
                raise Unknown(CHOICE + point, tuple(range(1, len(entry.choices) + 2)))
            return Answer(point, [entry.value, *entry.choices][picked - 1], entry.force, entry.text or {})
        if entry.conflict and point not in self.one_reading:
            reading = self.sit.readings.get(point) or 0
            if not reading:
                raise Unknown(READING + point, (1, 2))
            self.readings[point] = reading
        chosen = entry.readings()[reading - 1]
        return Answer(point, chosen["value"], entry.force, chosen["text"])

    def rule(self, point: str) -> Optional[Answer]:
        """A point the ruling needs.  ``None``: the convention leaves it open (silence or mere
        advice), and the caller leaves open the part of the ruling the point decides."""
        entry = self._use(point)
        if not entry.stated:
            self._silent(point)
            return None
        answer = self._answer(point, entry)
        if entry.force == "advised":
            if point not in self.unspecified:
                self.say("force.advised", name=self.name, text=Text(answer.text))
            self._silent(point)
            return None
        return answer

    def if_stated(self, point: str) -> Optional[Answer]:
        """A consequence worth telling: used (and cited) only where the convention states it."""
        entry = self.conv.get(point)
        if not entry.stated or entry.force == "advised":
            return None
        self._use(point)
        return self._answer(point, entry)

    def fact(self, name: str) -> Any:
        """A fact of the situation; unknown facts are never defaulted."""
        if name in self.sit.assumed:
            return self.sit.assumed[name]
        value = getattr(self.sit, name, None)
        if value is None:
            raise Unknown(name, FACTS[name][0])
        return value

    # --- explaining ---------------------------------------------------------------------------

    def say(self, key: str, **values: Any) -> None:
        self.why.append(Reason.of(key, **values))

    def say_fact(self, fact: str, value: Any, who: Optional[str] = None) -> None:
        """State a fact of the situation as the ruling takes it ("the partner holds a square")."""
        key = f"why.assumed.{'square' if fact in ('square', 'partner_square') else fact}.{str(value).lower()}"
        self.why.append(Reason.of(key, **({"who": Msg(who)} if who else {})))

    def text_of(self, answer: Optional[Answer]) -> None:
        """The rule in the convention's words (ours), marked when the source only describes it."""
        if answer is None:
            return
        if answer.force in ("described", "permitted"):
            self.say("force." + answer.force, name=self.name, text=Text(answer.text))
        else:
            self.why.append(Reason.verbatim(answer.text))

    def effect(self, code: Effect) -> None:
        if code not in self.effects:
            self.effects.append(code)

    @property
    def name(self) -> str:
        return self.conv.short_name


# --- table, deck and hands -------------------------------------------------------------------

class TableExcluded(KemsError):
    """A table size the convention's stated count excludes, or its stated decks cannot deal: a situation
    that cannot happen there.  ``rule`` rules it ``impossible`` with that rule's citation (``point``, see
    :func:`excluded`); a score sheet refuses it."""

    def __init__(self, code: str, /, point: str = "players.count", **params: object):
        super().__init__(code)
        self.params = params
        self.point = point


def count_allows(value: dict[str, Any], players: int) -> bool:
    """Whether a stated count of players (``players.count``) allows a table of ``players``."""
    if "counts" in value:
        return players in value["counts"]
    low, high = value["min"], value.get("max")
    even_from = value["min"] if value.get("even") else value.get("even_from")
    return low <= players and (high is None or players <= high) \
        and not (even_from is not None and players >= even_from and players % 2)


def count_opens(value: dict[str, Any]) -> bool:
    """Whether a stated count allows some table that teams of two cannot fill: 2, or an odd size."""
    top = max([*value.get("counts", []), value.get("min", 0), value.get("max") or 0, value.get("even_from") or 0])
    return any(count_allows(value, n) for n in range(2, top + 3) if n % 2 or n < 4)


def count_label(value: dict[str, Any]) -> str:
    """A stated count in figures, the same in every language: ``4–8``, ``4/6/8``; a count that must be
    even only from a size on lists the sizes it allows (``4/5/6/8/10/…``)."""
    if "counts" in value:
        return "/".join(map(str, value["counts"]))
    low, high, even_from = value["min"], value.get("max"), value.get("even_from")
    if even_from is not None and not value.get("even"):
        first = even_from + even_from % 2
        sizes = [*range(low, even_from), *range(first, (high or first + 2) + 1, 2)]
        return "/".join(map(str, sizes)) + ("" if high is not None else "/…")
    return f"{low}" if high == low else f"{low}–{high or '…'}"


def _teams(ctx: Ctx) -> tuple[Optional[int], bool]:
    """How many teams the table makes, and whether they fill it: by the table's own team size
    (``--team-size``) where the convention allows it, by the convention's ``teams.size`` where it leaves one
    way, in pairs where it is silent (the game's own teams).  ``None`` teams: the convention allows several sizes
    that divide this table and the table did not say which (what turns on it says so).  The point is cited where
    it decides something pairs would not."""
    sit, entry = ctx.sit, ctx.conv.get("teams.size")
    if not entry.stated or entry.force == "advised":
        size = sit.team_size or 2
        if size != 2:  # teams the table made of three or four, where the convention speaks of none
            ctx.rule("teams.size")
            ctx.say("why.team_size_unknown", name=ctx.name, size=size)
        return sit.players // size, sit.players % size == 0 and sit.players >= 2 * size
    answer = ctx._answer("teams.size", entry)

    def tell(key: str, **params: object) -> None:
        ctx._use("teams.size")
        ctx.text_of(answer)
        ctx.say(key, players=sit.players, **params)

    value = answer.value
    if value.get("teams"):  # as many teams whatever the table, as equal as it allows
        if value["teams"] * 2 != sit.players:  # not the pairs a table of four makes anyway
            tell("why.teams_fixed", teams=value["teams"])
        return value["teams"], sit.players >= 2 * value["teams"]
    if sit.team_size is not None:
        if sit.team_size not in value["sizes"] and answer.force == "described":  # usage told, no rule against it
            ctx._use("teams.size")
            ctx.text_of(answer)
            ctx.say("why.team_size_described", name=ctx.name, sizes=" / ".join(map(str, value["sizes"])),
                    size=sit.team_size)
            return sit.players // sit.team_size, sit.players % sit.team_size == 0
        if sit.team_size not in value["sizes"]:
            ctx._use("teams.size")
            raise TableExcluded("error.team_size_not_allowed", point="teams.size", convention=ctx.conv.short_name,
                                size=sit.team_size, sizes=" / ".join(map(str, value["sizes"])), cite=_cite(entry))
        tell("why.teams_of", size=sit.team_size, teams=sit.players // sit.team_size)
        return sit.players // sit.team_size, True
    fits = [size for size in value["sizes"] if sit.players % size == 0 and sit.players // size >= 2]
    if len(fits) == 1:
        if fits != [2]:
            tell("why.teams_of", size=fits[0], teams=sit.players // fits[0])
        return sit.players // fits[0], True
    if len(fits) > 1:
        tell("why.teams_choice", sizes=" / ".join(map(str, fits)))
        return None, True
    counts = _mixed_team_counts(sit.players, value["sizes"])
    if not counts:  # no mix of the sizes fills the table: a player over, as the count rules it
        return sit.players // min(value["sizes"]), False
    if len(counts) == 1:  # teams of two and three at five players: one of each
        tell("why.teams_mixed", sizes=" / ".join(map(str, value["sizes"])), teams=counts[0])
        return counts[0], True
    tell("why.teams_choice", sizes=" / ".join(map(str, value["sizes"])))
    return None, True


def _mixed_team_counts(players: int, sizes: list[int]) -> list[int]:
    """How many teams of the given sizes, mixed, can fill a table of ``players`` (two teams or more): the first two
    such counts at most (one says how many teams there are, two that the table chooses).  k teams can seat from
    k × the smallest size to k × the largest, in steps of the sizes' common difference."""
    import math

    low, high = min(sizes), max(sizes)
    step = math.gcd(*(size - low for size in sizes))  # 0: one size only
    out: list[int] = []
    for teams in range(max(2, -(-players // high)), players // low + 1):
        spare = players - teams * low
        if (spare == 0 or (step and spare % step == 0)) and spare <= teams * (high - low):
            out.append(teams)
            if len(out) == 2:
                break
    return out


def _table(ctx: Ctx) -> tuple[int, int, int]:
    """Check the table against the convention; return (deck size, number of decks, max hand)."""
    conv, sit = ctx.conv, ctx.sit
    count = conv.get("players.count")
    ctx.teams, filled = _teams(ctx)
    unpaired = not filled  # a table its teams cannot fill (teams of two: an odd count, or 2)
    if unpaired and not (count.stated and count_opens(count.value)):
        # the game's own shape, where the convention's stated count allows no more (no shipped one does);
        # a count that allows some such size rules this one too (below: its citation)
        raise KemsError("error.players_odd" if sit.players % 2 else "error.players_too_few", players=sit.players)
    if unpaired or sit.team_size not in (None, 2) or ctx.teams != sit.players // 2:
        check_on_team(sit, ctx.teams)
    if sit.players != 4 or (count.stated and not count_allows(count.value, sit.players)):
        answer = ctx.rule("players.count")
        named = [e["conventions"] for e in (answer.value.get("elsewhere") or [] if answer else [])
                 if e["players"] == sit.players]
        if answer is None:
            ctx.say("why.players_unknown", name=ctx.name, players=sit.players)
        elif not count_allows(answer.value, sit.players) and named:
            # a size the source itself calls possible, under other conventions: said, never refused; a
            # prescribed count does not reach it (nothing of this table is ruled), a described one
            # still lets the call be judged on what needs no table size
            ctx._silent("players.count")
            ctx.say("why.players_elsewhere" if answer.prescribed else "why.players_described_elsewhere",
                    name=ctx.name, counts=count_label(answer.value), players=sit.players,
                    conventions=", ".join(named[0]))
            ctx.outside = answer.prescribed
        elif not count_allows(answer.value, sit.players):
            if answer.prescribed:
                raise TableExcluded("error.players_not_allowed", convention=conv.short_name,
                                    counts=count_label(answer.value), players=sit.players, cite=_cite(count))
            ctx._silent("players.count")
            ctx.say("why.players_described", name=ctx.name, counts=count_label(answer.value), players=sit.players)
        elif unpaired and sit.players < 3 and sit.kind in ACCUSATIONS:  # 2: one team, nobody to accuse
            raise TableExcluded("error.players_no_opponent", convention=conv.short_name, players=sit.players,
                                counts=count_label(answer.value), cite=_cite(count),
                                call=Names({lang: conv.call_name(sit.event, lang) for lang in ("en", "fr")})
                                if conv.calls.get(sit.event) else KemsError(f"event.{sit.kind}"))
        elif unpaired:  # a size the file's count allows beyond teams of two: ruled, and said
            ctx.say("why.players_one_team" if sit.players < 3 else "why.players_odd_allowed", name=ctx.name,
                    counts=count_label(answer.value), players=sit.players)
    entry = conv.get("deck.size")
    # a deck the table may choose instead (Rook cards, or a standard deck) is one the table plays with when named
    sizes = conv.deck_sizes() if sit.deck is not None else conv.value("deck.size")
    allowed = [52, 36, 32]
    fitting: list[int] = []
    if sizes:
        fitting = [s["cards"] for s in sizes if not s.get("players") or sit.players in s["players"]]
        allowed = sorted(set(fitting), reverse=True) if fitting else allowed
    deck = sit.deck if sit.deck is not None else allowed[0]
    own = [s["deck"] for s in sizes or [] if s.get("deck") in conv.decks and s["cards"] == deck]
    ctx.deck = conv.decks[own[0]] if own else None  # a deck of the convention's own (the Swiss Jass deck)
    if ctx.deck is None and deck not in C.DECK_RANKS:  # --deck 56 where the convention defines no such deck
        raise KemsError("error.bad_deck", deck=deck)
    cards = [c for h in (sit.hand, sit.partner_hand, sit.lifted, sit.touched) for c in (h or [])]
    if fitting and entry.force != "prescribed" and sit.deck is None and ctx.deck is None \
            and any(c.rank not in C.DECK_RANKS[deck] for c in cards):
        deck = 52  # the source presents a smaller deck without excluding the full one
    if fitting and deck not in allowed:
        if entry.force == "prescribed":
            raise KemsError("error.deck_not_allowed", convention=conv.short_name, allowed="/".join(map(str, allowed)),
                            players=sit.players, deck=sit.deck, cite=_cite(entry))
        ctx._use("deck.size")
        ctx._silent("deck.size")
        ctx.say("why.deck_described", name=ctx.name, cards=" / ".join(map(str, allowed)), deck=deck)
    rules = conv.value("players.decks") or []
    if rules == MORE_DECKS:  # more decks at larger tables, from how many players and how many unsaid
        # "more" than at its smallest table (its stated minimum, else the game's four): there, one pack
        smallest = count.value.get("min") if count.stated and isinstance(count.value, dict) else None
        if sit.players <= (smallest or 4):
            return deck, 1, max(conv.value("deal.hand_size") or [4])
        return deck, UNSTATED_DECKS, max(conv.value("deal.hand_size") or [4])
    decks = next((rule["decks"] for rule in rules if rule["up_to"] is None or sit.players <= rule["up_to"]),
                 UNSTATED_DECKS if rules else 1)  # ranges the source states, none of them this table's
    dealt = max(conv.value("deal.hand_size") or [4])
    center = _center(conv, sit.players)
    if rules and decks != UNSTATED_DECKS and sit.players * dealt + center > decks * deck:
        # the decks the source states for this table cannot deal it: a table that cannot happen there
        raise TableExcluded("error.table_too_big", point="players.decks", players=sit.players,
                            needed=sit.players * dealt + center, dealt=dealt, center=center,
                            convention=conv.short_name, decks=decks, deck=deck, cite=_cite(conv.get("players.decks")))
    return deck, decks, dealt


#: how many decks a table plays with where the source states ranges, none of them this table's: unknown
#: (the cards are checked against the most decks a convention may name, and the silence is said)
UNSTATED_DECKS = 0
#: ``players.decks`` where the source says only that larger tables play with more decks
MORE_DECKS = "more-for-larger-tables"
MAX_DECKS = 4


def _cite(entry: RuleEntry) -> object:
    """A rule's citation in an error, in the reader's language when the error is worded (its section
    and the page it is known through, where the file gives them per language)."""
    if not entry.citation:
        return KemsError("ui.no_rule_stated")
    return Names({lang: f"{c['source']} — {c['section']}" for lang in ("en", "fr")
                  if (c := localized(entry.citation, lang))})


def _check_hands(ctx: Ctx) -> None:
    """Refuse what cannot happen at this table; a hand over a source's limit is a breach the call's
    ruling tells (:func:`_over_limit`), not an impossibility."""
    deck, decks, dealt = _table(ctx)
    sit = ctx.sit
    hands = [h for h in (sit.hand, sit.partner_hand) if h is not None]
    center = _center(ctx.conv, ctx.sit.players)
    if sit.event == "deal":
        size = ctx.conv.get("deal.hand_size")
        if sit.hand is not None and size.stated and len(sit.hand) > dealt:
            raise KemsError("error.deal_too_big", count=len(sit.hand), dealt=dealt, convention=ctx.conv.short_name,
                            cite=_cite(size))
    reach = _reach(ctx, dealt, center, deck * (MAX_DECKS if decks == UNSTATED_DECKS else decks))
    for name, count in (("--hand", len(sit.hand or []) + len(sit.lifted or [])),
                        ("--partner-hand", len(sit.partner_hand or []))):
        if count > reach:  # every card dealt to him and every card in the middle: no more exists
            raise KemsError("error.hand_too_big", option=name, count=count, limit=dealt + center, dealt=dealt,
                            center=center)
    everything = [c for h in hands for c in h] + (sit.lifted or []) + (sit.touched or [])
    try:
        C.check_possible([*hands, (sit.lifted or []) + (sit.touched or [])], deck,
                         MAX_DECKS if decks == UNSTATED_DECKS else decks, ctx.deck)
    except KemsError as exc:
        sizes = ctx.conv.get("deck.size")
        decks_rule = ctx.conv.get("players.decks")
        if exc.key != "error.rank_not_in_deck" and decks_rule.stated and decks != UNSTATED_DECKS \
                and (not decks_rule.inherited_from or sizes.inherited_from or not sizes.stated):
            # too many of a card for the decks played: the number of decks decides — the file's own rule
            sizes = decks_rule
        why: object = (_cite(sizes) if sizes.stated and sit.deck is None else
                       f"--deck {sit.deck}" if sit.deck is not None else KemsError("error.deck_assumed"))
        raise KemsError("error.impossible_under", reason=exc, convention=ctx.conv.short_name, why=why) from None
    if (decks == UNSTATED_DECKS or decks > 1) and ctx.conv.get("players.decks").stated:
        try:
            C.check_possible([*hands, (sit.lifted or []) + (sit.touched or [])], deck, 1, ctx.deck)
        except KemsError:  # these cards exist only with more than one deck: cite the rule, or its silence here
            if decks == UNSTATED_DECKS:
                ctx._use("players.decks")
                ctx._silent("players.decks")
                ctx.say("why.decks_more_unstated" if ctx.conv.value("players.decks") == MORE_DECKS
                        else "why.decks_unstated", name=ctx.name, players=sit.players)
            else:
                ctx._use("players.decks")
    if (ctx.deck is not None or any(c.rank not in C.DECK_RANKS[32] for c in everything)) \
            and ctx.conv.get("deck.size").stated:
        ctx._use("deck.size")  # the deck decides that these cards exist at all: cite it
    if sit.over_limit is not None and sit.over_limit > reach:
        raise KemsError("error.hand_too_big", option="--over-limit", count=sit.over_limit, limit=dealt + center,
                        dealt=dealt, center=center)
    if sit.cards is not None and sit.cards > dealt:
        raise KemsError("error.cards_over_hand", cards=sit.cards, limit=dealt, convention=ctx.conv.short_name)


def _reach(ctx: Ctx, dealt: int, center: int, cards: int) -> int:
    """The most cards one hand can hold: those dealt to it and those in the middle — or, where the convention
    lets a player draw from the stock or the discard pile (``exchange.draw``), every card of the decks (a
    player who draws before discarding holds five: greatgroupgames' Team Spoons)."""
    draw = ctx.conv.get("exchange.draw")
    if draw.stated and any(r["value"] != "middle" for r in draw.readings()):
        return cards
    return dealt + center


#: whose hands a call's ``--hand`` and ``--partner-hand`` are
HOLDERS = {"kems": ("who.partner", "who.caller"), "double-kems": ("who.partner", "who.caller"),
           "contre-kems": ("who.accused", "who.accused_partner"),
           "double-contre-kems": ("who.accused", "who.accused_partner")}


def _over_limit(ctx: Ctx) -> None:
    """A call on a hand of more cards than the source allows: the call is ruled on its cards (no
    source makes the breach an exception to the call's rule); the breach is told, with the source's
    limit and its citation, or its silence."""
    sit, conv = ctx.sit, ctx.conv
    size = conv.get("deal.hand_size")
    dealt = max(size.value) if size.stated else 4
    lifted = conv.get("exchange.lifted_card")  # a lifted card is held only where the source says so
    held = sit.lifted if lifted.stated and lifted.value == "lifted-counts" else []
    limit = conv.get("exchange.hand_limit")
    stated = limit.stated and limit.force != "advised"
    first, second = HOLDERS[sit.kind]
    for who, cards in ((first, (sit.hand or []) + (held or [])), (second, sit.partner_hand or [])):
        # the hand the call was made on held ``--over-limit`` cards, its square among them
        count = max(len(cards), sit.over_limit or 0) if who == first else len(cards)
        if not stated:
            if count <= dealt:
                continue
            ctx.rule("exchange.hand_limit")  # listed as silent, with what the others say
            ctx.text_of(ctx.if_stated("deal.hand_size"))
            ctx.say("why.limit_unknown", who=Msg(who), count=count, name=ctx.name)
            continue
        if count <= min(r["value"] for r in limit.readings()):
            continue
        answer = ctx.rule("exchange.hand_limit")  # where the source has two limits, the table's reading
        assert answer is not None
        if count <= answer.value:
            continue
        ctx.say("why.over_limit", who=Msg(who), count=count, limit=answer.value)
        if _forbids(ctx, answer) is Verdict.FORBIDDEN:
            ctx.say("why.over_limit_cost", name=ctx.name)
            ctx.effect(Effect.HAND_OVER_LIMIT)


def _early_square(ctx: Ctx) -> None:
    """A call on a square made by an exchange before the hunt was opened (``--before-opening``): the call is
    ruled on its cards (no source makes the early exchange an exception to the call's rule); the early exchange
    is told, with the source's opening rule and its citation, or its silence."""
    if not ctx.sit.before_opening:
        return
    opening = ctx.rule("hunt.opening")
    if opening is None:
        ctx.say("why.early_square_unknown", name=ctx.name)
    elif _forbids(ctx, opening) is Verdict.FORBIDDEN:
        ctx.say("why.early_square", name=ctx.name)


# --- shared pieces of the call events ----------------------------------------------------------

def _holds_square(ctx: Ctx, hand: Optional[list[C.Card]], who: str, of_partner: bool) -> Optional[bool]:
    """Whether ``hand`` makes a square; ``None`` where the convention does not settle it.  Without
    the cards, whether the player held a square is a fact of the situation (``--square``, or
    ``--partner-square`` for the hand ``of_partner``: the second hand the call is about, whose
    ungathered, lifted or touched cards never count)."""
    sit = ctx.sit
    if hand is None:
        fact = "partner_square" if of_partner else "square"
        held = bool(ctx.fact(fact))
        ctx.say_fact(fact, held, who)
        return held
    shown = Cards(tuple(hand), ctx.deck)
    square = _makes_square(ctx, hand)
    if square is None:
        return None
    if square:
        if not of_partner and sit.ungathered:
            ok = ctx.exception("call.ungathered")
            if ok is None:
                ctx.say("why.ungathered_no_exception", name=ctx.name)
            elif not ok.value:
                ctx.say("why.ungathered_no", name=ctx.name)
                ctx.say("why.no_square", who=Msg(who), cards=shown)
                return False
            else:
                ctx.say("why.ungathered_ok")
        ctx.say("why.square", who=Msg(who), cards=shown)
        return True
    if not of_partner and sit.lifted and _makes_square(ctx, hand + sit.lifted):
        if ctx.rule("exchange.lifted_card") is None:
            ctx.say("why.lifted_unknown", name=ctx.name)
            return None
        ctx.say("why.lifted_counts")
        ctx.say("why.square", who=Msg(who), cards=Cards(tuple(hand + sit.lifted), ctx.deck))
        return True
    if not of_partner and sit.touched and _makes_square(ctx, hand + sit.touched):
        if ctx.rule("exchange.lifted_card") is None:
            ctx.say("why.touched_unknown", name=ctx.name)
            return None
        ctx.say("why.touched")
    ctx.say("why.no_square", who=Msg(who), cards=shown)
    return False


def _wild(ctx: Ctx) -> frozenset[str]:
    """The ranks that stand for any rank in a square: the jokers of the convention's own deck where it says
    so (``wild: true``), and the ranks its ``hand.wild`` names (aces wild)."""
    ranks = {JOKER} if ctx.deck is not None and ctx.deck.wild else set()
    entry = ctx.conv.get("hand.wild")
    for name in entry.value if entry.stated and entry.value else []:
        try:
            ranks.add(C.parse_card(str(name), ctx.deck).rank)
        except KemsError:  # a card of another of its decks: this table's deck has no such card
            continue
    return frozenset(ranks)


def _four_of_a_kind(ctx: Ctx, cards: list[C.Card]) -> bool:
    """Whether ``cards`` hold four of a kind; where that takes a wild card (``hand.wild``), the ruling
    cites the rule that makes it one."""
    wild = _wild(ctx)
    plain = C.square_rank(cards) is not None
    if plain or not wild:
        return plain
    made = C.square_rank(cards, wild) is not None
    rule = ctx.rule("hand.wild") if made and ctx.conv.get("hand.wild").stated else None
    if rule is not None:
        ctx.say("why.wild", name=ctx.name)
        ctx.text_of(rule)
    return made


def _makes_square(ctx: Ctx, cards: list[C.Card]) -> Optional[bool]:
    """Whether ``cards`` make the winning hand of this convention (``hand.square``): four of a kind,
    or a run of four in one suit; ``None`` where the convention does not say what it is."""
    entry = ctx.conv.get("hand.square")
    if not entry.stated:
        # four of a kind is the game itself: a file that says nothing else plays it (nothing to cite)
        return _four_of_a_kind(ctx, cards)
    if entry.value == "four-of-a-kind" and entry.force != "advised" and not entry.choices:
        ctx.rule("hand.square")  # the source states what a square is: the ruling that turns on it cites it
        return _four_of_a_kind(ctx, cards)
    rule = ctx.rule("hand.square")
    if rule is None:
        ctx.say("why.square_unknown", name=ctx.name)
        return None
    if entry.choices:  # the winning hand the table chose among those the source offers
        ctx.say("why.table_choice", name=ctx.name)
        if rule.value == "four-of-a-kind":
            return _four_of_a_kind(ctx, cards)
    if rule.value == "four-suits":  # four of a kind, each card of another suit (two packs: two aces of hearts)
        ctx.text_of(rule)
        return _four_suits(ctx, cards)
    if rule.value == "other":  # a winning hand told in words only: whether these cards make it, the table sees
        ctx.text_of(rule)
        ctx.say("why.square_other", name=ctx.name)
        return None
    order = ctx.deck.ranks if ctx.deck is not None else C.RANKS
    run = C.run_in_suit(cards, order)
    if run is None:
        raise KemsError("error.run_needs_suits", convention=ctx.conv.short_name)
    ctx.text_of(rule)
    return run


def _four_suits(ctx: Ctx, cards: list[C.Card]) -> Optional[bool]:
    """Four of a kind in four different suits: the suits given, they are counted; not given, one pack holds no two
    cards alike (four of a kind there is four suits), several packs leave it open (``None``)."""
    rank = C.square_rank(cards)
    if rank is None:
        return False
    four = [c for c in cards if c.rank == rank]
    suits = [c.suit for c in four if c.suit is not None]
    if len(set(suits)) < len(suits) and len(set(suits)) < 4:  # two aces of hearts among them, and no four suits
        ctx.say("why.square_same_suit", name=ctx.name)
        return False
    if len(set(suits)) >= 4 or _table(ctx)[1] == 1:
        return True
    ctx.say("why.square_suits_unknown", name=ctx.name)
    return None


def _partner_square(ctx: Ctx) -> bool:
    """The accused player's partner's square: from ``--partner-hand``, else an unknown fact."""
    if ctx.partner is None:
        if ctx.sit.partner_hand is not None:
            ctx.partner = bool(_holds_square(ctx, ctx.sit.partner_hand, "who.accused_partner", of_partner=True))
        else:
            ctx.partner = bool(ctx.fact("partner_square"))
            ctx.say_fact("partner_square", ctx.partner, "who.accused_partner")
    return ctx.partner


def _sweep_gate(ctx: Ctx) -> Optional[Decision]:
    if not ctx.sit.during_sweep:
        return None
    allowed = ctx.exception("sweep.calls")
    if allowed is None:
        ctx.say("why.during_sweep_no_exception", name=ctx.name)
        return None
    if allowed.value:
        ctx.say("why.during_sweep_ok")
        return None
    if not allowed.prescribed:
        _forbids(ctx, allowed)
        return Decision(Verdict.UNSPECIFIED)
    ctx.say("why.during_sweep")
    ctx.text_of(allowed)
    ctx.say("why.void_cost_unknown", name=ctx.name)
    return Decision(Verdict.VOID, None, None)


def _score(ctx: Ctx, point: str) -> Optional[list[dict[str, Any]]]:
    """The score a stated point gives; ``None`` where it is not settled: a silent point, or "the
    other team" at a table of more than two teams when the convention says nothing of them."""
    answer = ctx.rule(point)
    if answer is None:
        ctx.say("why.score_unknown", name=ctx.name)
        return None
    ctx.text_of(answer)
    if ctx.readings.get(point):
        ctx.say("why.reading", n=ctx.readings[point])
    if any(s["unit"] == "letter" for s in answer.value):  # what a letter means is the scoring system's rule
        ctx.text_of(ctx.if_stated("score.system"))
    if _amount_unstated(ctx, answer.value):
        return None
    out: list[dict[str, Any]] = []
    accusation = ctx.sit.kind in ("contre-kems", "double-contre-kems")
    for entry in answer.value:
        if ctx.sit.players < 3 and entry["team"] != Team.CALLERS:  # a table of 2 a file allows: one team
            ctx.say("why.players_no_other_team")
            return None
        if entry["team"] != Team.OTHER:
            out.append({**entry, "team": Team(entry["team"])})
        elif ctx.teams is None:  # two teams or more: the team size the table chose decides, not given
            ctx.say("why.teams_unknown_score")
            return None
        elif ctx.teams <= 2:  # two teams: "the other team" is the accused one, or the opponents
            out.append({**entry, "team": Team.ACCUSED if accusation else Team.OTHERS})
        else:
            multi = ctx.rule("score.multi_team")
            if multi is None:
                ctx.say("why.multi_team", name=ctx.name, players=ctx.sit.players, teams=ctx.teams)
                return None
            ctx.say("why.multi_team_every")
            out += [{**entry, "team": Team.ACCUSED}, {**entry, "team": Team.OTHERS}] if accusation else \
                [{**entry, "team": Team.OTHERS}]
    return out


def _amount_unstated(ctx: Ctx, value: list[dict[str, Any]]) -> bool:
    """A score whose source says which team gains or loses but not how much ("the opponents can snag points"):
    who gains is said, the amount is the table's — the score is not settled."""
    unstated = [entry for entry in value if isinstance(entry["change"], str)]
    for entry in unstated:
        other = "team.accused" if ctx.sit.kind in ("contre-kems", "double-contre-kems") else "team.others"
        team = other if entry["team"] == Team.OTHER else f"team.{entry['team']}"
        ctx.say("why.score_amount_gain" if entry["change"] == "gain" else "why.score_amount_loss", name=ctx.name,
                team=Msg(team), unit=Msg(f"unit.{entry['unit']}s"))
    return bool(unstated)


def _as_score(ctx: Ctx, value: list[dict[str, Any]]) -> Optional[list[dict[str, Any]]]:
    """A score a point gives beside its value (``on_double``), its teams as the ruling names them ("the other
    team" of an accusation is the accused one); ``None`` where its amount is not stated."""
    if _amount_unstated(ctx, value):
        return None
    return [{**entry, "team": Team.ACCUSED if entry["team"] == Team.OTHER else Team(entry["team"])} for entry in value]


def _hand_end(ctx: Ctx, outcome: str, score: Optional[list[dict[str, Any]]] = None) -> Optional[bool]:
    """Whether the hand ends after a call of this outcome (right-call, wrong-kems,
    wrong-contre-kems, or partial-double: a Double Kems on a single square).  A ``score`` that ends
    the game (unit ``game``) ends the hand with it: nothing to ask of the source."""
    if score and any(s["unit"] == "game" for s in score):
        ctx.say("why.game_over")
        return True
    rule = ctx.rule("hand.end")
    if rule is None:
        return None
    value = rule.value
    if value == "any-call":
        return True
    if value == "square-found":
        if outcome == "partial-double":  # a square was found, yet the call was wrong: the rule does not say
            ctx.say("why.hand_end_partial", name=ctx.name)
            return None
        return outcome == "right-call"
    if outcome == "right-call":  # a source that tells a right Kems from a right accusation: its own outcome
        own = "right-contre-kems" if ctx.sit.kind in ACCUSATIONS else "right-kems"
        if own in value.get("ends", []) + value.get("goes_on", []):
            outcome = own
    if outcome in value.get("derived", []) and outcome in value.get("ends", []) + value.get("goes_on", []):
        # the source does not name this case: its general rule settles it, and the ruling says so
        if "hand.end" not in ctx.derived:
            ctx.derived.append("hand.end")
        ctx.say("why.hand_end_derived", name=ctx.name)
    if outcome in value.get("ends", []):
        return True
    if outcome in value.get("goes_on", []):
        return False
    ctx.say("why.hand_end_outcome_unknown", name=ctx.name)
    return None


# --- events ------------------------------------------------------------------------------------

def _holder_gate(ctx: Ctx) -> Optional[Decision]:
    """The square's holder called Kems himself (``--by-holder``): who may call is the convention's
    ``call.kems.caller``.  Where the source reserves the call to the partner, the holder's own call is
    not a valid Kems; no source links it to a wrong Kems's score, so its cost and the hand's end stay
    open.  A source silent on who calls leaves the whole call unsettled."""
    ctx.say("why.by_holder")
    caller = ctx.rule("call.kems.caller")
    if caller is None:
        ctx.say("why.caller_unknown", name=ctx.name)
        return Decision(Verdict.UNSPECIFIED)
    if caller.value != "partner-only":  # the holder may call it himself: his call is ruled on his square
        ctx.text_of(caller)
        return None
    if _forbids(ctx, caller) is not Verdict.FORBIDDEN:  # only described: nothing forbids his call
        return Decision(Verdict.UNSPECIFIED)
    ctx.say("why.by_holder_not_valid", name=ctx.name)
    ctx.say("why.by_holder_cost_unknown", name=ctx.name)
    return Decision(Verdict.VOID, None, None)


def _rival_gate(ctx: Ctx) -> Decision:
    """Two teams each called Kems at the same moment (``--rival-kems``): no source says which of two calls made
    together counts (its rule on the first valid call reaches neither); where any call ends the hand, it ends."""
    ctx.say("why.rival_kems")
    ctx.say("why.rival_kems_unknown", name=ctx.name)
    return Decision(Verdict.UNSPECIFIED, None, _any_call_ends(ctx))


def _uncounterable_double(ctx: Ctx) -> bool:
    """Both accused players hold a square (as given) and the convention states that a Double Kems cannot be
    countered: a Contre-Kems on them has no effect, whichever call came first."""
    counter = ctx.conv.get("call.double_kems.counter")
    if not (counter.stated and counter.force != "advised" and counter.value is False):
        return False
    sit = ctx.sit

    def holds(hand: Optional[list[C.Card]], told: Optional[bool]) -> bool:
        return bool(told) if hand is None else C.square_rank(hand, _wild(ctx)) is not None

    return holds(sit.hand, sit.square) and holds(sit.partner_hand, sit.partner_square)


def _simultaneous_gate(ctx: Ctx) -> Optional[Decision]:
    """A Kems and a Contre-Kems called at the same moment (``--simultaneous``): which one counts is the
    convention's ``call.simultaneous``.  The call it gives precedence to is ruled as if called alone;
    the other does not count and scores nothing of its own.  A source silent on it leaves the call
    unsettled: its rule that a Contre-Kems must come before the Kems (told where stated) reaches
    neither order.  Where any call ends the hand, the hand ends whichever counts."""
    ctx.say("why.simultaneous")
    rule = ctx.rule("call.simultaneous")
    if rule is None:
        ctx.say("why.simultaneous_unknown", name=ctx.name)
        timing = ctx.if_stated("call.contre_kems.timing")
        if timing is not None:
            ctx.text_of(timing)
            ctx.say("why.simultaneous_timing", name=ctx.name)
        return Decision(Verdict.UNSPECIFIED, None, _any_call_ends(ctx))
    first = "kems" if rule.value == "kems-prevails" else "contre-kems"
    ctx.text_of(rule)
    if ctx.sit.kind == first:
        ctx.say("why.simultaneous_first", name=ctx.name, call=Msg(f"event.{first}"))
        return None
    ctx.say("why.simultaneous_yields", name=ctx.name, call=Msg(f"event.{first}"))
    return Decision(Verdict.VOID, [], _any_call_ends(ctx))


def _any_call_ends(ctx: Ctx) -> Optional[bool]:
    """Both calls are calls the source names: where any call ends the hand, it ends; else not settled."""
    end = ctx.conv.get("hand.end")
    if not end.stated or end.force == "advised" or end.value != "any-call":
        return None
    ctx.text_of(ctx.rule("hand.end"))
    ctx.say("why.simultaneous_hand_ends")
    return True


def _kems(ctx: Ctx) -> Decision:
    gate = _sweep_gate(ctx)
    if gate:
        return gate
    if ctx.sit.simultaneous:
        gate = _simultaneous_gate(ctx)
        if gate:
            return gate
    if ctx.sit.rival_kems:
        return _rival_gate(ctx)
    if ctx.sit.by_holder:
        gate = _holder_gate(ctx)
        if gate:
            return gate
    square = _holds_square(ctx, ctx.sit.hand, "who.caller" if ctx.sit.by_holder else "who.partner", of_partner=False)
    if square is None:
        return Decision(Verdict.UNSPECIFIED)
    score = _score(ctx, "call.kems.right" if square else "call.kems.wrong")
    return Decision(Verdict.UPHELD if square else Verdict.REJECTED, score,
                    _hand_end(ctx, "right-call" if square else "wrong-kems", score))


def _double_kems(ctx: Ctx) -> Decision:
    gate = _sweep_gate(ctx)
    if gate:
        return gate
    first = _holds_square(ctx, ctx.sit.hand, "who.partner", of_partner=False)
    second = _holds_square(ctx, ctx.sit.partner_hand, "who.caller", of_partner=True)
    if first is None or second is None:
        return Decision(Verdict.UNSPECIFIED)
    if not _double_known(ctx):  # no Double Kems in this convention's rules, nor its name
        ctx.rule("call.double_kems.right")
        if not _named_without_rule(ctx):
            ctx.say("why.double_unknown", name=ctx.name)
        return Decision(Verdict.UNSPECIFIED, None, _every_call_ends(ctx))
    if first and second:
        ctx.say("why.double_both")
        score = _score(ctx, "call.double_kems.right")
        return Decision(Verdict.UPHELD, score, _hand_end(ctx, "right-call", score))
    ctx.say("why.double_partial" if (first or second) else "why.double_none")
    wrong = ctx.conv.get("call.double_kems.wrong")
    if wrong.conflict and wrong.scope == "partner-square-found" and not (first and not second):
        ctx.one_reading.append("call.double_kems.wrong")  # the readings part only on the signalled square
    score = _score(ctx, "call.double_kems.wrong")
    if score and first and all(s["team"] is Team.CALLERS and s["change"] > 0 for s in score):
        # the reading that counts the signalled square the team held: right, as a Kems is
        ctx.say("why.double_partial_as_kems")
        return Decision(Verdict.UPHELD, score, _hand_end(ctx, "right-call", score))
    return Decision(Verdict.REJECTED, score, _hand_end(ctx, "partial-double" if (first or second) else "wrong-kems",
                                                       score))


def _double_known(ctx: Ctx) -> bool:
    """Whether the convention knows the Double Kems: it states one of its points, or its publication
    names the call (a right one is then upheld like any right call, its score left open where unstated)."""
    return bool(ctx.conv.calls.get("double-kems")) or any(
        ctx.conv.get(p).stated for p in ("call.double_kems.right", "call.double_kems.wrong"))


def _late(ctx: Ctx) -> tuple[Optional[Decision], bool]:
    """A Contre-Kems after the Kems.  An Decision where that settles it; ``None`` where the hand went
    on after a wrong Kems, so the accusation is still judged — with whether a timing rule makes it
    too late to score.  Where the source states no timing rule, its hand's end decides: a call
    after the hand ended comes too late (the general rule covers the case)."""
    timing_entry = ctx.conv.get("call.contre_kems.timing")
    timed = timing_entry.stated and timing_entry.force != "advised"
    if timed and timing_entry.value == "any-time":  # never too late: the accusation is judged as it stands
        timing = ctx.rule("call.contre_kems.timing")
        assert timing is not None
        ctx.text_of(timing)
        ctx.say("why.any_time", name=ctx.name)
        return None, False
    if timed:
        timing = ctx.rule("call.contre_kems.timing")
        assert timing is not None
        if not timing.prescribed:
            _forbids(ctx, timing)
            return Decision(Verdict.UNSPECIFIED), False
        ctx.text_of(timing)
        ctx.effect(Effect.FIRST_CALL_CHECKED)
    end = ctx.conv.get("hand.end")
    if not end.stated or end.force == "advised":
        if not timed:
            ctx.rule("call.contre_kems.timing")
            ctx.say("why.too_late_unknown", name=ctx.name)
            return Decision(Verdict.UNSPECIFIED), False
        ctx.rule("hand.end")  # silent: whether the hand had ended stays open, not the timing rule's verdict
        ctx.say("why.too_late_timing", name=ctx.name)
        return Decision(Verdict.VOID, [], None), False
    ended_rule = ctx.rule("hand.end")
    assert ended_rule is not None
    if ended_rule.value == "any-call":
        if not timed:  # no timing rule said it: the hand's end is the reason
            ctx.text_of(ended_rule)
        ctx.say("why.hand_already_ended")
        return Decision(Verdict.VOID, [], True), False
    right = ctx.fact("kems_right")  # whether the Kems ended the hand depends on whether it was right
    ctx.say_fact("kems_right", right)
    ended = _hand_end(ctx, "right-call" if right else "wrong-kems")
    if ended:
        if not timed:
            ctx.text_of(ended_rule)
        ctx.say("why.hand_ended_before")
        return Decision(Verdict.VOID, [], True), False
    if ended is None:
        return Decision(Verdict.UNSPECIFIED), False
    # too late to score only where a timing rule says so; else the accusation is judged in full
    ctx.say("why.hand_went_on" if timed else "why.hand_went_on_judged")
    return None, timed


def _contre_kems(ctx: Ctx) -> Decision:
    sit = ctx.sit
    gate = _sweep_gate(ctx)
    if gate:
        return gate
    if sit.barred:
        end = ctx.conv.get("hand.end")
        if end.stated and end.value == "any-call":  # the earlier wrong Contre-Kems already ended the hand
            ctx.rule("hand.end")
            ctx.say("why.barred_hand_ended")
            return Decision(Verdict.VOID, [], True)
        after = ctx.exception("call.contre_kems.after_wrong")
        if after is None:
            ctx.say("why.barred_no_exception", name=ctx.name)
        elif after.value["barred"] and not after.prescribed:  # only described: nothing forbids this call
            _forbids(ctx, after)
            return Decision(Verdict.UNSPECIFIED)
        elif after.value["barred"]:
            ctx.say("why.barred")
            ctx.text_of(after)
            ctx.say("why.void_cost_unknown", name=ctx.name)
            return Decision(Verdict.VOID, None, None)
        else:
            ctx.say("why.barred_none")
    if sit.simultaneous and not _uncounterable_double(ctx):  # a Double Kems no Contre-Kems counters: whichever
        gate = _simultaneous_gate(ctx)                          # came first, the call is ruled as made on it
        if gate:
            return gate
    too_late = False
    if sit.after_kems:
        settled, too_late = _late(ctx)
        if settled is not None:
            return settled
    if sit.on_team is not None:
        _on_team(ctx)
    accused = _holds_square(ctx, sit.hand, "who.accused", of_partner=False)
    if accused is None:
        return Decision(Verdict.UNSPECIFIED)
    upheld: Optional[bool]
    if accused:
        # A Contre-Kems on a square holder is right.  A source may except a Double Kems (both
        # accused players hold a square); only then does the partner's hand matter.  A source that
        # states no such exception rules the call right whatever the partner holds, and the other
        # sources' exception is shown beside the ruling, not turned into a silence.
        counter = ctx.conv.get("call.double_kems.counter")
        if counter.stated and counter.force != "advised":
            if counter.value is False and _partner_square(ctx):
                rule = ctx.rule("call.double_kems.counter")
                assert rule is not None
                ctx.say("why.double_uncounterable")
                if _forbids(ctx, rule) is Verdict.FORBIDDEN:
                    ctx.say("why.no_effect", name=ctx.name)
                    return Decision(Verdict.VOID, [], None)
                return Decision(Verdict.UNSPECIFIED)
        else:
            ctx.exception("call.double_kems.counter")
            if (ctx.sit.partner_hand is not None or ctx.sit.partner_square is not None) and _partner_square(ctx):
                ctx.say("why.double_no_exception", name=ctx.name)
        upheld = True
    else:
        upheld = _accused_team_square(ctx)
        if upheld is None:
            return Decision(Verdict.UNSPECIFIED)
    if upheld and too_late:  # right, but after the Kems: too late to score
        ctx.say("why.too_late")
        return Decision(Verdict.VOID, [], False)
    _proof_and_bar(ctx, upheld)
    score = _score(ctx, "call.contre_kems.right" if upheld else "call.contre_kems.wrong")
    right = ctx.conv.get("call.contre_kems.right")
    if upheld and score is not None and right.stated and right.on_double is not None and _partner_square(ctx):
        ctx.say("why.contre_on_double", name=ctx.name)  # both accused hold a square: the source's own score
        score = _as_score(ctx, right.on_double)
    if not upheld and score is not None and ctx.conv.get("call.contre_kems.wrong").scope == "accused-team-holds-none" \
            and _partner_square(ctx):  # the source's penalty covers a team without any square: not this case
        ctx.say("why.score_out_of_scope", name=ctx.name)
        score = None
    return Decision(Verdict.UPHELD if upheld else Verdict.REJECTED, score,
                   _hand_end(ctx, "right-call" if upheld else "wrong-contre-kems", score))


def _on_team(ctx: Ctx) -> None:
    """At a table of more than two teams, the team accused (``--on-team N``, the caller's team being 1):
    what the accusation covers is the convention's ``call.contre_kems.target``, told where it states
    one target (both players of that team, or only the player named); silent or two readings, the
    ruling turns on the partner's hand only where it must (:func:`_accused_team_square`)."""
    team = ctx.sit.on_team
    ctx.say("why.on_team", team=team, teams=ctx.teams or ctx.sit.players // 2)
    ctx.text_of(ctx.if_stated("call.contre_kems.naming"))  # what the caller must name at such a table, if said
    entry = ctx.conv.get("call.contre_kems.target")
    if entry.stated and not entry.conflict and entry.force != "advised":
        _tell_target(ctx)
        ctx.say("why.on_team_covers_team" if entry.value == "team" else "why.on_team_covers_player", team=team)


def _tell_target(ctx: Ctx) -> Optional[Answer]:
    """The convention's target of a Contre-Kems, read and told once."""
    answer = ctx.rule("call.contre_kems.target")
    if "call.contre_kems.target" not in ctx.told:
        ctx.told.append("call.contre_kems.target")
        ctx.text_of(answer)
    return answer


def _accused_team_square(ctx: Ctx) -> Optional[bool]:
    """The accused player holds no square: is the Contre-Kems right all the same?  Only if it
    targets the whole team and the partner holds one; ``None`` where the convention leaves open
    whom it targets (or contradicts itself) and the partner does hold a square."""
    entry = ctx.conv.get("call.contre_kems.target")
    if entry.stated and not entry.conflict and entry.value == "player":
        _tell_target(ctx)
        if ctx.sit.partner_hand is not None and _makes_square(ctx, ctx.sit.partner_hand):
            ctx.say("why.player_target")
        return False
    if entry.stated and not entry.conflict:  # the whole team
        _tell_target(ctx)
        return bool(_partner_square(ctx))
    if not _partner_square(ctx):
        return False  # neither accused player holds a square: wrong whomever the call targets
    target = ctx.rule("call.contre_kems.target")  # silent, or two readings: one branch per reading
    if target is None and ctx.sit.found_wrong:  # the table found it wrong: it counted the accused player's hand
        ctx.say("why.target_found_wrong", name=ctx.name)
        return False
    if target is None:
        ctx.say("why.target_unknown", name=ctx.name)
        return None
    ctx.text_of(target)
    ctx.say("why.reading", n=ctx.readings["call.contre_kems.target"])
    ctx.say("why.team_target" if target.value == "team" else "why.player_target")
    return bool(target.value == "team")


#: effect codes for a proof: (who shows, which cards, to whom)
PROOF_EFFECTS = {
    ("accused-player", "two", None): "accused-shows-two-cards",
    ("accused-player", "two", "everyone"): "accused-shows-two-cards",
    ("accused-player", "two-different", None): "accused-shows-two-different-cards",
    ("accused-player", "two-different", "everyone"): "accused-shows-two-different-cards",
    ("accused-player", "two", "caller-only"): "accused-shows-two-cards-to-caller-only",
    ("accused-player", "two-different", "caller-only"): "accused-shows-two-different-cards-to-caller-only",
    ("each-accused-player", "two", None): "each-accused-shows-two-cards",
    ("each-accused-player", "two-different", None): "each-accused-shows-two-different-cards",
    ("each-accused-player", "two", "everyone"): "each-accused-shows-two-cards",
    ("each-accused-player", "two-different", "everyone"): "each-accused-shows-two-different-cards",
    ("accused-player", "two", "callers"): "accused-shows-two-cards-to-callers",
    ("accused-player", "two-different", "callers"): "accused-shows-two-different-cards-to-callers",
    ("accused-player", "two", "caller"): "accused-shows-two-cards-to-caller",
    ("accused-player", "two-different", "caller"): "accused-shows-two-different-cards-to-caller",
    ("each-accused-player", "two", "caller"): "each-accused-shows-two-cards-to-caller",
    ("each-accused-player", "two-different", "caller"): "each-accused-shows-two-different-cards-to-caller",
    ("each-accused-player", "two", "callers"): "each-accused-shows-two-cards-to-callers",
    ("each-accused-player", "two-different", "callers"): "each-accused-shows-two-different-cards-to-callers",
}


def _signal_change(ctx: Ctx, caught: bool) -> None:
    """After a Contre-Kems (or a sign caught, ``caught``), the new signal the convention asks for, where it
    states one: the accused team agrees a new one, or both teams may."""
    entry = ctx.conv.get("signal.change")
    if not entry.stated or entry.conflict:
        return
    wanted = {"after-counter-call": not caught, "after-caught": caught, "after-counter-call-or-caught": True,
              "after-counter-call-both-teams": not caught}.get(entry.value, False)
    if wanted and ctx.if_stated("signal.change") is not None:
        ctx.effect(Effect.BOTH_TEAMS_MAY_CHANGE_SIGNAL if entry.value == "after-counter-call-both-teams"
                   else Effect.ACCUSED_CHANGES_SIGNAL)


def _proof_and_bar(ctx: Ctx, upheld: bool) -> None:
    """What follows a Contre-Kems: the proof where one takes place, the caller's bar if wrong."""
    _signal_change(ctx, caught=False)
    proof = ctx.conv.get("call.contre_kems.proof")
    # a disproof is shown after a wrong call, the four after a right one (2play1game), whole hands after either
    shown = proof.stated and (proof.value["cards"] == "whole-hand" or upheld == (proof.value["cards"] == "square"))
    if shown:
        answer = ctx.if_stated("call.contre_kems.proof")
        if answer is not None:
            value = answer.value
            if value["cards"] == "whole-hand":  # the accused player alone, or both players of the accused team
                ctx.effect(Effect.ACCUSED_SHOWS_HAND if value["who"] == "accused-player"
                           else Effect.ACCUSED_TEAM_SHOWS_HANDS)
            elif value["cards"] == "square":
                ctx.effect(Effect.HOLDER_SHOWS_SQUARE)
            else:
                ctx.effect(Effect(PROOF_EFFECTS[(value["who"], value["cards"], value.get("to"))]))
    if not upheld:
        after = ctx.if_stated("call.contre_kems.after_wrong")
        if after and after.value["barred"] and after.value.get("who") == "team":  # neither player of the team
            ctx.effect({"hand": Effect.TEAM_BARRED_THIS_HAND, "game": Effect.TEAM_BARRED_GAME}.get(
                after.value["until"], Effect.TEAM_BARRED))
        elif after and after.value["barred"]:
            ctx.effect({"hand": Effect.CALLER_BARRED_THIS_HAND, "game": Effect.CALLER_BARRED_GAME}.get(
                after.value["until"], Effect.CALLER_BARRED))


def _double_contre_kems(ctx: Ctx) -> Decision:
    gate = _sweep_gate(ctx)
    if gate:
        return gate
    rule = ctx.rule("call.double_contre_kems")
    if rule is not None and isinstance(rule.value, dict):  # a rule of its own: both accused players' squares
        ctx.text_of(rule)
        accused = _holds_square(ctx, ctx.sit.hand, "who.accused", of_partner=False)
        if accused is None:
            return Decision(Verdict.UNSPECIFIED)
        both = accused and _partner_square(ctx)
        ctx.say("why.double_contre_both" if both else "why.double_contre_not_both")
        score = _as_score(ctx, rule.value["right" if both else "wrong"])
        return Decision(Verdict.UPHELD if both else Verdict.REJECTED, score,
                        _hand_end(ctx, "right-call" if both else "wrong-contre-kems", score))
    if rule is not None and rule.value == "named-only":
        ctx.say("why.double_contre_named", name=ctx.name)
        ctx._silent("call.double_contre_kems")
    elif not _named_without_rule(ctx):
        ctx.say("why.double_contre", name=ctx.name)
    return Decision(Verdict.UNSPECIFIED, None, _every_call_ends(ctx))


def _own_call(ctx: Ctx) -> Decision:
    """A call of the convention's own (Kent's "broken"), ruled on its declaration: what it accuses
    (the caller's partner, one opponent, or the opposing team: either hand) holds the square or not,
    and the call scores as its source says for that; a score it does not give is left open."""
    call = ctx.conv.own_calls[ctx.sit.event]
    gate = _sweep_gate(ctx)
    if gate:
        return gate
    ctx.text_of(ctx.rule(f"call.{call.id}"))
    if call.checks == "signal":  # the caller names the accused team's secret signal: is it theirs?
        named = ctx.fact("their_signal")
        ctx.say_fact("their_signal", named)
        if named:
            _signal_change(ctx, caught=True)
        score = _score(ctx, f"call.{call.id}.right" if named else f"call.{call.id}.wrong")
        return Decision(Verdict.UPHELD if named else Verdict.REJECTED, score,
                        _hand_end(ctx, "right-call" if named else "wrong-contre-kems", score))
    who = {"partner": "who.partner", "player": "who.accused", "team": "who.accused"}[call.accuses]
    held = _holds_square(ctx, ctx.sit.hand, who, of_partner=False)
    if held is None:
        return Decision(Verdict.UNSPECIFIED)
    if not held and call.accuses == "team":
        ctx.say("why.own_call_team")
        held = _partner_square(ctx)
    score = _score(ctx, f"call.{call.id}.right" if held else f"call.{call.id}.wrong")
    outcome = "right-call" if held else ("wrong-kems" if call.accuses == "partner" else "wrong-contre-kems")
    return Decision(Verdict.UPHELD if held else Verdict.REJECTED, score, _hand_end(ctx, outcome, score))


def _every_call_ends(ctx: Ctx) -> Optional[bool]:
    """A call the convention gives no rule for still ends the hand where the source's words reach every
    call (``scope: every-call``; Marquoir: each call, right or wrong): its score stays open, not its
    end.  ``None`` (nothing read) elsewhere: a source that names the calls that end the hand says
    nothing of one it does not know."""
    end = ctx.conv.get("hand.end")
    if not end.stated or end.force == "advised" or end.value != "any-call" or end.scope != "every-call":
        return None
    rule = ctx.rule("hand.end")
    ctx.text_of(rule)
    return True


def _named_without_rule(ctx: Ctx) -> bool:
    """A call the publication names (``calls:``) but gives no rule for: say so."""
    names = ctx.conv.calls.get(ctx.sit.event)
    if names:
        ctx.say("why.named_no_rule", name=ctx.name, call=Text(names))
    return bool(names)


def _deal(ctx: Ctx) -> Decision:
    rank, count = C.most_common(ctx.sit.hand or [])
    if count < 3:
        rule = ctx.if_stated("deal.identical_cards")
        ctx.say("why.deal_fine")
        if rule is not None:
            ctx.say("why.deal_below", count=count, threshold=rule.value["threshold"])
        else:
            ctx.text_of(ctx.if_stated("deal.hand_size"))
        return Decision(Verdict.PLAY_ON, [], False)
    ctx.say("why.deal_identical", count=count, rank=Cards((C.Card(rank),)))
    rule = ctx.rule("deal.identical_cards")
    if rule is None:
        ctx.say("why.deal_unknown", name=ctx.name)
        return Decision(Verdict.UNSPECIFIED)
    ctx.text_of(rule)
    if count in rule.value.get("derived", []) and count >= rule.value["threshold"]:
        # the source names fewer identical cards than were dealt: its rule reaches them, by derivation
        if "deal.identical_cards" not in ctx.derived:
            ctx.derived.append("deal.identical_cards")
        ctx.say("why.deal_derived", name=ctx.name, count=count, threshold=rule.value["threshold"])
    if count < rule.value["threshold"] or rule.value["action"] == "play-on":
        ctx.say("why.deal_below", count=count, threshold=rule.value["threshold"])
        return Decision(Verdict.PLAY_ON, [], False)
    if rule.value.get("when") == "game-start":
        if not ctx.fact("first_deal"):
            ctx.say("why.deal_first_only", name=ctx.name)
            ctx._silent("deal.identical_cards")
            return Decision(Verdict.UNSPECIFIED)
        ctx.say_fact("first_deal", True)
    ctx.effect(Effect.REDEAL if rule.value["action"] == "redeal" else Effect.SHOW_DISCARD_DRAW)
    return Decision(Verdict(rule.value["action"]), [], rule.value["action"] == "redeal")


def _worst(verdicts: list[Verdict]) -> Verdict:
    return max(verdicts, key=lambda v: v.severity) if verdicts else Verdict.ALLOWED


def _act(verdict: Verdict) -> Decision:
    """The decision on an act (an exchange, a signal): a permitted act changes nothing; what a
    forbidden one costs no source says."""
    if verdict in (Verdict.ALLOWED, Verdict.CONDITIONAL):
        return Decision(verdict, [], False)
    return Decision(verdict)


def _forbids(ctx: Ctx, answer: Answer) -> Verdict:
    """A mismatch with a stated point: forbidden if prescribed, open if only described."""
    ctx.text_of(answer)
    if answer.prescribed:
        return Verdict.FORBIDDEN
    ctx.say("why.permission_only" if answer.force == "permitted" else "why.described_only", name=ctx.name)
    ctx._silent(answer.point)  # stated, but not as a rule: it settles nothing here
    return Verdict.UNSPECIFIED


def _condition_unmet(ctx: Ctx, answer: Answer) -> Verdict:
    """What a point states the act's condition with (a sweep when nobody wants the cards, or all agree) is not
    met: forbidden where it is a rule, and where it is a permission with that condition (it forbids the act
    without it); a description forbids nothing."""
    if answer.force == "permitted":
        ctx.text_of(answer)
        ctx.say("why.permission_condition_unmet", name=ctx.name)
        return Verdict.FORBIDDEN
    return _forbids(ctx, answer)


def _center(conv: Convention, players: int) -> int:
    """The cards the convention lays in the middle: four where it is silent, none where it has no middle,
    one for each player where it says so (``per-player``)."""
    value = conv.value("deal.center")
    return 4 if value is None else players if value == PER_PLAYER else int(value)


#: ``deal.center`` where as many cards as there are players lie in the middle
PER_PLAYER = "per-player"


def _no_middle(ctx: Ctx) -> None:
    """What needs the middle cannot happen where the convention lays none (``deal.center: 0``)."""
    if _center(ctx.conv, ctx.sit.players) == 0:
        ctx._use("deal.center")
        raise TableExcluded("error.no_middle", point="deal.center", convention=ctx.conv.short_name,
                            cite=_cite(ctx.conv.get("deal.center")))


def _exchange(ctx: Ctx) -> Decision:
    sit = ctx.sit
    count = sit.cards or 1
    center = _center(ctx.conv, ctx.sit.players)
    from_middle = not (sit.from_stock or sit.from_discard or sit.to_partner)
    if from_middle:
        _no_middle(ctx)
    if count > center and from_middle:
        raise KemsError("error.cards_over_center", cards=count, center=center, convention=ctx.conv.short_name)
    verdicts: list[Verdict] = []
    if sit.over_limit is not None:
        verdicts.append(_caught_over(ctx, sit.over_limit))
    if sit.to_partner:  # not an exchange with the middle: ruled on its own point, the order never asked
        verdicts.append(_partner_pass(ctx))
        return _act(_worst(verdicts))
    if sit.retaken:  # the card another player just put down: the convention's own rule on it, then the order
        verdicts.append(_retake(ctx))
    source = "stock" if sit.from_stock else "discard" if sit.from_discard else "middle"
    if source != "middle" or ctx.conv.get("exchange.draw").stated:  # where the card came from, where it matters
        verdicts.append(_drawn(ctx, source))
    if sit.before_opening:
        opening = ctx.rule("hunt.opening")
        if opening is None:
            ctx.say("why.opening_unknown", name=ctx.name)
            verdicts.append(Verdict.UNSPECIFIED)
        else:
            ctx.say("why.opening")
            verdicts.append(_forbids(ctx, opening))
    if count > 1:
        rule = ctx.rule("exchange.count")
        if rule is None:
            ctx.say("why.count_unknown", name=ctx.name)
            verdicts.append(Verdict.UNSPECIFIED)
        elif rule.value == "one":
            ctx.say("why.count_bad", cards=count)
            verdicts.append(_forbids(ctx, rule))
        else:
            ctx.say("why.count_ok", cards=count)
            ctx.text_of(rule)
            verdicts.append(Verdict.ALLOWED)
    # the order only matters while the exchange may still be allowed; a player caught holding too many cards is
    # asked none (what was seen is the hand, not how it was made) unless it was said
    told = sit.take_first is not None
    if Verdict.FORBIDDEN not in verdicts and (sit.over_limit is None or told):
        order = ctx.rule("exchange.order")
        if order is None:
            ctx.say("why.order_unknown", name=ctx.name)
            verdicts.append(Verdict.UNSPECIFIED)
        else:
            take_first = ctx.fact("take_first")
            done = "take-then-put" if take_first else "put-then-take"
            ctx.say("why.order_done." + done)
            if order.value == done:
                ctx.say("why.order_ok")
                ctx.text_of(order)
                verdicts.append(Verdict.ALLOWED)
            else:
                ctx.say("why.order_bad" if order.prescribed else f"why.order_other.{order.force}", name=ctx.name)
                verdicts.append(_forbids(ctx, order))
    elif told:  # a breach already found: the order told is said too where it breaks the convention's own rule
        done = "take-then-put" if sit.take_first else "put-then-take"  # (np116: "pris 2 cartes avant de poser")
        entry = ctx.conv.get("exchange.order")
        if entry.stated and not entry.conflict and entry.force == "prescribed" and entry.value != done:
            order = ctx.rule("exchange.order")
            assert order is not None
            ctx.say("why.order_done." + done)
            ctx.say("why.order_bad")
            verdicts.append(_forbids(ctx, order))
    return _act(_worst(verdicts))


def _allowed_if(ctx: Ctx, point: str, said: str, unknown: str, allows: Callable[[Any], bool]) -> Verdict:
    """A way of exchanging that one rule point of the convention's own settles (``said`` tells what was done):
    allowed where its value ``allows`` it, forbidden where it prescribes otherwise, open where it only describes
    or where the file is silent (``unknown`` says so) — no shipped source names these cases."""
    ctx.say(said)
    rule = ctx.rule(point)
    if rule is None:
        ctx.say(unknown, name=ctx.name)
        return Verdict.UNSPECIFIED
    if allows(rule.value):
        ctx.text_of(rule)
        return Verdict.ALLOWED
    return _forbids(ctx, rule)


def _partner_pass(ctx: Ctx) -> Verdict:
    """A card passed to one's partner (its exchange texts never name the middle as the only way)."""
    return _allowed_if(ctx, "exchange.partner_pass", "why.partner_pass", "why.partner_pass_unknown",
                       lambda value: value == "allowed")


#: where each value of ``exchange.draw`` lets a player take a card from
DRAW_SOURCES = {"middle": ("middle",), "stock": ("stock",), "stock-or-discard": ("stock", "discard"),
                "stock-and-middle": ("stock", "middle")}
#: ``exchange.draw`` where the dealer alone draws from the stock and every other player takes the card the
#: player before him discarded (cards.how's Peanut butter): where a card may come from turns on who drew it
DEALER_STOCK = "dealer-stock"


def _draw_sources(ctx: Ctx, value: str, source: str) -> tuple[str, ...]:
    """Where the convention's ``exchange.draw`` lets this player take a card from."""
    if value != DEALER_STOCK:
        return DRAW_SOURCES[value]
    if source == "middle":  # neither the dealer nor anyone else takes from a middle there
        return ()
    dealer = bool(ctx.fact("by_dealer"))
    ctx.say("why.by_dealer" if dealer else "why.not_dealer")
    return ("stock",) if dealer else ("discard",)


def _drawn(ctx: Ctx, source: str) -> Verdict:
    """A card taken from the middle, drawn from the stock (``--from-stock``) or the top of the discard pile
    (``--from-discard``), against ``exchange.draw`` (the seeds' games exchange with the middle and say nothing
    of drawing)."""
    return _allowed_if(ctx, "exchange.draw", f"why.drawn.{source}", "why.draw_unknown",
                       lambda value: source in _draw_sources(ctx, value, source))


def _retake(ctx: Ctx) -> Verdict:
    """A card another player has just put down in the middle, taken at once (``exchange.retake``)."""
    return _allowed_if(ctx, "exchange.retake", "why.retake", "why.retake_unknown", lambda value: value == "allowed")


def _caught_over(ctx: Ctx, count: int) -> Verdict:
    """A player caught holding ``count`` cards (``--over-limit``): the breach itself, against the
    convention's ``exchange.hand_limit``; what it costs no source says."""
    ctx.say("why.caught_over", count=count)
    limit = ctx.rule("exchange.hand_limit")  # where the source has two limits, the table's reading
    order = ctx.conv.get("exchange.order")
    if ctx.sit.take_first and order.stated and not order.conflict \
            and order.value == "take-then-put" and count == _table(ctx)[2] + (ctx.sit.cards or 1):
        # picked up first where the source's own order is to pick up first: the cards taken are held a moment
        # beside the hand (Pagat) — what its order makes, ruled by the order below, not a breach of a limit; where
        # the same source also says a hand holds four (Marquoir), its own order is the exception it makes
        ctx.say("why.caught_order_makes", name=ctx.name, count=count)
        if limit is not None:
            ctx.say("why.caught_order_beside_limit", name=ctx.name, limit=limit.value)
            ctx.text_of(limit)
        return Verdict.ALLOWED
    if limit is None:
        ctx.say("why.caught_limit_unknown", name=ctx.name, count=count)
        return Verdict.UNSPECIFIED
    if count <= limit.value:
        ctx.say("why.caught_within", count=count, limit=limit.value)
        ctx.text_of(limit)
        return Verdict.ALLOWED
    verdict = _forbids(ctx, limit)
    if verdict is Verdict.FORBIDDEN:
        ctx.say("why.caught_over_cost", name=ctx.name)
        ctx.effect(Effect.HAND_OVER_LIMIT)
    return verdict


SWEPT = {"out-of-play": Effect.SWEPT_OUT_OF_PLAY, "into-stock": Effect.SWEPT_INTO_STOCK,
         "discard-pile": Effect.SWEPT_TO_DISCARD}


def _sweep(ctx: Ctx) -> Decision:
    _no_middle(ctx)
    rule = ctx.rule("sweep.trigger")
    if rule is None:
        ctx.say("why.sweep_unknown", name=ctx.name)
        return Decision(Verdict.UNSPECIFIED)
    if ctx.sit.unagreed and not ctx.sit.objection and rule.value in ("all-agree", "proposal"):
        ctx.say("why.sweep_unagreed")  # swept before the table agreed: the agreement the rule asks was not had
        return _act(_condition_unmet(ctx, rule))
    if ctx.sit.unagreed and ctx.sit.objection is None:  # the rule asks that nobody wants them: did anyone?
        ctx.say("why.sweep_unagreed_wanted")
    if ctx.fact("objection"):
        ctx.say("why.sweep_objection")
        verdict = _condition_unmet(ctx, rule)
        if verdict is Verdict.FORBIDDEN and rule.value == "proposal":
            ctx.effect(Effect.OBJECTOR_MUST_EXCHANGE)
        return _act(verdict)
    ctx.say("why.sweep_ok")
    ctx.text_of(rule)
    swept = ctx.if_stated("sweep.swept_cards")
    if swept is not None:  # where the cards put aside go: out for the hand, into the stock, onto the discard
        ctx.effect(SWEPT[swept.value])
    return _act(Verdict.ALLOWED)


def _stock_out(ctx: Ctx) -> Decision:
    ctx.say("why.stock")
    rule = ctx.rule("stock.exhausted")
    if rule is None:
        ctx.say("why.stock_unknown", name=ctx.name)
        return Decision(Verdict.UNSPECIFIED)
    ctx.text_of(rule)
    if rule.value == "recycle-discard":
        ctx.effect(Effect.SHUFFLE_DISCARD)
        return Decision(Verdict.RECYCLE_DISCARD, [], False)
    return Decision(Verdict.HAND_ENDS, [], True)


SIGNAL_CHECKS = (
    ("verbal", "signal.verbal",
     {"forbidden": Verdict.FORBIDDEN, "allowed": Verdict.ALLOWED, "if-all-agree": Verdict.CONDITIONAL}),
    # cue-only (Kent): a sound may tell the partner to look, and may not be the signal itself
    ("sound", "signal.sound",
     {"forbidden": Verdict.FORBIDDEN, "allowed": Verdict.ALLOWED, "agree-before-play": Verdict.CONDITIONAL,
      "cue-only": Verdict.FORBIDDEN}),
    ("cue", "signal.sound",
     {"forbidden": Verdict.FORBIDDEN, "allowed": Verdict.ALLOWED, "agree-before-play": Verdict.CONDITIONAL,
      "cue-only": Verdict.ALLOWED}),
    ("hidden", "signal.visibility", {"required": Verdict.FORBIDDEN, "agree-before-play": Verdict.CONDITIONAL,
                                     "hidden-allowed": Verdict.ALLOWED}),
    ("second_signal", "signal.count",
     {"one": Verdict.FORBIDDEN, "several": Verdict.ALLOWED, "one-unless-all-agree": Verdict.CONDITIONAL}),
)


def _signal(ctx: Ctx) -> Decision:
    sit = ctx.sit
    verdicts: list[Verdict] = []
    given = {flag: bool(getattr(sit, flag)) for flag, _, _ in SIGNAL_CHECKS}
    if sit.form_unknown and not (given["verbal"] or given["sound"] or given["hidden"]):
        form = ctx.fact("signal_form")  # a story that did not say: asked, never a gesture by default
        given.update(verbal=form == "word", sound=form == "sound", hidden=form == "hidden")
    for flag, point, outcome in SIGNAL_CHECKS:
        if given[flag]:
            rule = ctx.rule(point)
            if rule is None:
                ctx.say(f"why.signal_unknown.{flag}", name=ctx.name)
                verdicts.append(Verdict.UNSPECIFIED)
                continue
            verdict = outcome[rule.value]
            if rule.value == "agree-before-play":  # allowed unless a player banned such signs before play
                banned = ctx.fact("banned_before_play")
                ctx.say_fact("banned_before_play", banned)
                verdict = Verdict.FORBIDDEN if banned else Verdict.ALLOWED
            verdicts.append(_forbids(ctx, rule) if verdict is Verdict.FORBIDDEN else verdict)
            if verdict is not Verdict.FORBIDDEN:
                ctx.text_of(rule)
    if sit.second_signal and verdicts[-1] is not Verdict.ALLOWED:  # several signals, not already allowed: a warning?
        warning = ctx.if_stated("signal.warning")
        if warning is not None and warning.value:
            if ctx.fact("warning_sign"):
                ctx.say_fact("warning_sign", True)
                ctx.text_of(warning)
                ctx.effect(Effect.WARNING_SIGNAL_ALLOWED)
                verdicts[-1] = Verdict.ALLOWED
                ctx.unspecified[:] = [p for p in ctx.unspecified if p != "signal.count"]
            else:
                ctx.say_fact("warning_sign", False)
    if sit.second_signal and verdicts[-1] is not Verdict.ALLOWED:  # not plainly allowed: are decoys?
        entry = ctx.conv.get("signal.bluff")  # advice to bluff (Marquoir's) allows nothing: not read here
        bluff = ctx.exception("signal.bluff") if entry.stated and entry.force != "advised" else None
        if bluff is None:
            ctx.exception_elsewhere("signal.bluff")
        elif bluff.value:
            if ctx.fact("decoy"):  # a stated permission is never overruled: a decoy is no second signal
                ctx.say_fact("decoy", True)
                ctx.text_of(bluff)
                verdicts[-1] = Verdict.ALLOWED
                ctx.unspecified[:] = [p for p in ctx.unspecified if p != "signal.count"]
            else:
                ctx.say_fact("decoy", False)
    if sit.signal_changed:
        verdicts.append(_signal_changed(ctx))
    if sit.signal_kept:
        verdicts.append(_signal_kept(ctx))
    if not verdicts:
        ctx.say("why.signal_plain", name=ctx.name)
        ctx.text_of(ctx.if_stated("signal.visibility"))
        verbal = ctx.if_stated("signal.verbal")  # what the convention says of the signal's form, if anything
        if verbal is not None and verbal.value == "forbidden":
            ctx.text_of(verbal)
    return _act(_worst(verdicts))


#: the values of signal.change that say when a team may change its signal between hands, whatever happened
CHANGE_ANY_HAND = ("after-any-hand", "after-each-hand")


def _signal_changed(ctx: Ctx) -> Verdict:
    """A team changed its signal between two hands: allowed where the source lets a team change after any
    hand, forbidden where it keeps one signal for the game; where it says a team changes after a Contre-Kems
    or a caught sign, the ruling turns on whether that happened (another change it does not settle)."""
    ctx.say("why.signal_changed")
    rule = ctx.rule("signal.change")
    if rule is None:
        ctx.say("why.signal_change_unknown", name=ctx.name)
        return Verdict.UNSPECIFIED
    if rule.value in CHANGE_ANY_HAND:
        ctx.text_of(rule)
        return Verdict.ALLOWED
    if rule.value == "between-games":
        return _forbids(ctx, rule)
    caught = ctx.fact("after_caught")
    ctx.say_fact("after_caught", caught)
    ctx.text_of(rule)
    if caught:
        return Verdict.ALLOWED
    ctx.say("why.signal_change_other_times", name=ctx.name)
    ctx._silent("signal.change")
    return Verdict.UNSPECIFIED


def _signal_kept(ctx: Ctx) -> Verdict:
    """A team kept its signal from one hand to the next: forbidden where the source wants a new signal after each
    hand, allowed where it only lets a team change (after any hand) or keeps one for the game; where it wants a
    change after a Contre-Kems or a caught sign, the ruling turns on whether that happened."""
    ctx.say("why.signal_kept")
    rule = ctx.rule("signal.change")
    if rule is None:
        ctx.say("why.signal_change_unknown", name=ctx.name)
        return Verdict.UNSPECIFIED
    if rule.value == "after-each-hand":
        return _forbids(ctx, rule)
    if rule.value in ("after-any-hand", "between-games"):
        ctx.text_of(rule)
        return Verdict.ALLOWED
    caught = ctx.fact("after_caught")
    ctx.say_fact("after_caught", caught)
    if caught:
        return _forbids(ctx, rule)
    ctx.text_of(rule)
    return Verdict.ALLOWED


def _same_card(ctx: Ctx) -> Decision:
    rule = ctx.rule("exchange.same_card")
    if rule is None:
        ctx.say("why.same_unknown", name=ctx.name)
        return Decision(Verdict.UNSPECIFIED)
    ctx.say("why.same_first")
    ctx.text_of(rule)
    if ctx.sit.simultaneous:  # touched at the same moment: the first to touch decides nothing between them
        ctx.say("why.same_together", name=ctx.name)
        return Decision(Verdict.UNSPECIFIED)
    ctx.effect(Effect.CARD_TO_FIRST_TOUCHER)
    if ctx.sit.took_first is None and rule.prescribed:
        # nobody said who touched it first: the rule itself is the ruling, nothing to ask
        return Decision(Verdict.FIRST_TOUCHER, [], False)
    if ctx.fact("took_first"):
        ctx.say("why.same_taker_first")
        return _act(Verdict.ALLOWED)
    ctx.say("why.same_second")
    return _act(Verdict.FORBIDDEN if rule.prescribed else _forbids(ctx, rule))


#: a stated set-up way that covers others: the middle cards laid anywhere in the middle, whatever their arrangement
SETUP_COVERS = {"in-the-middle": ("two-by-two", "row"), "apart": ("facing", "diagonal"),
                "any-way": ("highest-card-draw", "lowest-card-draw", "random", "volunteer", "game-master")}


def _way_fits(way: str, stated: Any) -> bool:
    """The table's way is the stated one, or one it covers."""
    return way == stated or way in SETUP_COVERS.get(stated, ())


def _setup(ctx: Ctx) -> Decision:
    """The table's way on set-up points (where partners sit, who deals, how the middle lies), each set
    against the convention's: its way, or one of the ways it lets the table choose, is allowed; another
    is forbidden where the source prescribes its own, open where it only describes it or is silent.  No
    score is at stake and no hand ends: the table sets itself up as the ruling says."""
    verdicts: list[Verdict] = []
    for attr, point in SETUP.items():
        way = getattr(ctx.sit, attr)
        if way is None:
            continue
        ctx.say("why.setup_way", question=Msg(f"question.{point}"), way=Msg(f"val.{way}"))
        entry = ctx.conv.get(point)
        if entry.stated and entry.choices and entry.force != "advised":  # the ways the source offers
            ctx._use(point)
            answer = Answer(point, entry.value, entry.force, entry.text or {})
            ctx.text_of(answer)
            if any(_way_fits(way, offered) for offered in (entry.value, *entry.choices)):
                ctx.say("why.setup_chosen")
                verdicts.append(Verdict.ALLOWED)
            else:
                verdicts.append(_forbids(ctx, answer))
            continue
        rule = ctx.rule(point)
        if rule is None:
            ctx.say("why.setup_unknown", name=ctx.name)
            verdicts.append(Verdict.UNSPECIFIED)
        elif _way_fits(way, rule.value):
            ctx.text_of(rule)
            verdicts.append(Verdict.ALLOWED)
        else:
            verdicts.append(_forbids(ctx, rule))
    return Decision(_worst(verdicts), [], False)


EVENT_RULES = {
    "kems": _kems, "double-kems": _double_kems, "contre-kems": _contre_kems,
    "double-contre-kems": _double_contre_kems, "deal": _deal, "exchange": _exchange, "sweep": _sweep,
    "stock-out": _stock_out, "signal": _signal, "same-card": _same_card, "setup": _setup,
}


# --- putting a ruling together -----------------------------------------------------------------

def _citation(conv: Convention, point: str, reading: int, one: bool = False) -> Optional[dict[str, Any]]:
    entry = conv.get(point)
    if not entry.stated:
        return None
    citation = entry.readings()[reading - 1]["citation"]
    if not citation:
        return None
    out = {"convention": conv.id, "rule_point": point, "citation": citation, "force": entry.force}
    if entry.conflict and not one:  # one: this case is outside the second reading's scope
        out["reading"] = reading
    return out


def _once(conv: Convention, sit: Situation) -> Ruling:
    ctx = Ctx(conv, sit)
    own = conv.own_calls.get(sit.event) if sit.like else None
    if sit.their_signal is not None and (own is None or own.checks != "signal"):
        raise KemsError("error.their_signal_unchecked", event=sit.event, convention=conv.id)
    _check_hands(ctx)
    if ctx.outside:  # a table the source sends to other conventions: this one rules nothing of it
        decision = Decision(Verdict.UNSPECIFIED)
    else:
        decision = _own_call(ctx) if sit.like else EVENT_RULES[sit.event](ctx)
        if sit.kind in CALLS:
            _over_limit(ctx)
            _early_square(ctx)
    citations, conflicts = [], []
    for point in ctx.used:
        entry = conv.get(point)
        citation = _citation(conv, point, ctx.readings.get(point, 1), point in ctx.one_reading)
        if citation:
            if point in ctx.derived:  # the rule applied beyond the cases it names: derived, not stated
                citation["force"] = "derived"
            citations.append(citation)
        if entry.stated and entry.conflict and point not in ctx.one_reading:
            conflicts.append({"rule_point": point, "reading": ctx.readings.get(point),
                              "open": bool(entry.conflict.get("open")),
                              "readings": [{"value": r["value"], "text": r["text"], "citation": r["citation"]}
                                           for r in entry.readings()]})
    if decision.verdict is Verdict.UNSPECIFIED and ctx.unspecified and not ctx.why:
        ctx.say("why.silent", name=conv.short_name, points=Questions(tuple(ctx.unspecified)))
    said = {f"said:{point}:{n}": text for point in ctx.used if conv.get(point).stated
            for n, text in enumerate(conv.get(point).effects)}  # what the file says the table does, in words
    return Ruling(
        convention=conv.id, event=sit.event, verdict=decision.verdict, score=decision.score or [],
        score_settled=decision.score is not None, hand_ends=decision.hand_ends,
        effects=[*ctx.effects, *said], effect_texts=said,  # type: ignore[list-item]
        reasons=list(ctx.why), rule_points=list(ctx.used), citations=citations,
        unspecified=list(ctx.unspecified), conflicts=conflicts, related=list(ctx.related),
        notes=[{"rule_point": p, "text": conv.get(p).note} for p in ctx.notes],
        publications=_publications(conv, citations), corpus=_corpus(conv), teams=ctx.teams,
        **_names(conv, sit),
    )


def _publications(conv: Convention, citations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The publications the citations name, in the order first cited."""
    from ..corpus.load import publications_named

    return publications_named([conv], ((c.get("citation") or {}).get("source") for c in citations))


def _corpus(conv: Convention) -> dict[str, str]:
    from ..corpus.load import corpus_of

    return corpus_of([conv])


def _names(conv: Convention, sit: Situation) -> dict[str, Any]:
    """What every ruling says about where it comes from."""
    return {"convention_name": conv.name, "short_name": conv.short_name, "players": sit.players,
            "call_names": conv.calls.get(sit.event) or None, "like": sit.like}


def _merge(items: list[list[Any]]) -> list[Any]:
    out: list[Any] = []
    for group in items:
        for item in group:
            if item not in out:
                out.append(item)
    return out


def _merge_citations(items: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The branches' citations, each once: a point one branch applies as stated and another derives
    from its general rule is listed once (its first form); each branch keeps its own label."""
    out: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []
    for group in items:
        for item in group:
            key = {k: v for k, v in item.items() if k != "force"}
            if key not in seen:
                seen.append(key)
                out.append(item)
    return out


def _open(conv: Convention, facts: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The readings among ``facts`` that the source leaves open rather than contradicts."""
    return tuple(f for f in facts if f.startswith(READING)
                 and (conv.get(f[len(READING):]).conflict or {}).get("open"))


def _branch(conv: Convention, sit: Situation, fact: str, value: Any, values: tuple[Any, ...]) -> Ruling:
    """The ruling under one answer.  Where the answer is a reading (or a choice) of the source, a table size
    it excludes is that branch's ruling (``impossible``, cited), so that the ruling turns on the reading —
    unless every answer excludes it, which is then the ruling itself (the exclusion raised)."""
    try:
        return resolve(conv, sit.assuming(fact, value))
    except TableExcluded as exc:
        if not fact.startswith((READING, CHOICE)):
            raise
        for other in values:
            if other == value:
                continue
            try:
                resolve(conv, sit.assuming(fact, other))
            except TableExcluded:
                continue
            return excluded(conv, sit.assuming(fact, value), exc)
        raise


def _may_be_wrong(ruling: Ruling) -> bool:
    """Whether an accusation found wrong at the table can be ruled so: ruled wrong, left open by the
    source, or one of its answers is."""
    if ruling.branches:
        return any(_may_be_wrong(b["ruling"]) for b in ruling.branches)
    return ruling.verdict in (Verdict.REJECTED, Verdict.UNSPECIFIED)


def resolve(conv: Convention, sit: Situation) -> Ruling:
    """Rule on ``sit`` under ``conv``.  Raises KemsError when the situation is impossible there.
    Pure: it reads the convention and the situation, nothing else, and words nothing."""
    try:
        return _once(conv, sit)
    except Unknown as unknown:
        fact, values = unknown.fact, unknown.values
    branches = [(value, _branch(conv, sit, fact, value, values)) for value in values]
    found_wrong = Reason.of("why.found_wrong", name=conv.short_name)
    left_out = False  # answers left out here or in a branch: said once, on the ruling shown
    if sit.found_wrong:  # the table found the accusation wrong: the answers that rule it right are left out
        kept = [(value, ruling) for value, ruling in branches if _may_be_wrong(ruling)]
        if kept and len(kept) < len(branches):
            branches, left_out = kept, True
            if len(kept) == 1:
                ruling = kept[0][1]
                if found_wrong not in ruling.reasons:
                    ruling.reasons.append(found_wrong)
                return ruling
        for _, ruling in branches:
            if found_wrong in ruling.reasons:
                ruling.reasons.remove(found_wrong)
                left_out = True
    first = branches[0][1]
    if all(r.settlement() == first.settlement() for _, r in branches):
        # the fact does not change the ruling: one ruling, saying so (a conflict stays listed),
        # explained by what every answer shares (never by the answer one branch took)
        key = "why.readings_agree" if fact.startswith(READING) else "why.fact_irrelevant"
        shared = [reason for reason in first.reasons if all(reason in r.reasons for _, r in branches)]
        first.reasons = [*shared, Reason.of(key, question=Asked((fact,), sit.kind, _open(conv, (fact,))))]
        return first
    flat: list[dict[str, Any]] = []
    for value, ruling in branches:
        if ruling.branches:
            flat += [{"if": {fact: value, **b["if"]}, "ruling": b["ruling"]} for b in ruling.branches]
        else:
            flat.append({"if": {fact: value}, "ruling": ruling})
    rulings = [b["ruling"] for b in flat]
    needs = _merge([[fact]] + [r.needs for _, r in branches])
    questions = Asked(tuple(needs), sit.kind, _open(conv, needs))
    verdict, score, settled, hand_ends, effects = Verdict.DEPENDS, [], False, None, []
    reasons = [Reason.of("why.depends", questions=questions)]
    if len({r.verdict for r in rulings}) == 1:
        # every answer gives the same verdict: that verdict is the headline, and only what differs
        # (the score, the hand's end) waits for the fact
        verdict = rulings[0].verdict
        if all(r.score_settled for r in rulings) and all(r.score == rulings[0].score for r in rulings):
            score, settled = rulings[0].score, True
        if len({r.hand_ends for r in rulings}) == 1:
            hand_ends = rulings[0].hand_ends
        if all(r.effects == rulings[0].effects for r in rulings):
            effects = rulings[0].effects
        shared = [reason for reason in rulings[0].reasons if all(reason in r.reasons for r in rulings)]
        reasons = [*shared, Reason.of("why.then_depends", questions=questions)]
    if left_out:
        reasons.append(found_wrong)
    return Ruling(
        convention=conv.id, event=sit.event, verdict=verdict, score=score, score_settled=settled,
        hand_ends=hand_ends, effects=effects, reasons=reasons,
        effect_texts={code: text for r in rulings for code, text in r.effect_texts.items() if code in effects},
        rule_points=_merge([r.rule_points for r in rulings]),
        citations=_merge_citations([r.citations for r in rulings]),
        unspecified=_merge([r.unspecified for r in rulings]),
        conflicts=_merge([[{**c, "reading": None} for c in r.conflicts] for r in rulings]),
        notes=_merge([r.notes for r in rulings]), related=_merge([r.related for r in rulings]), needs=needs,
        branches=flat, publications=_merge([r.publications for r in rulings]), corpus=_corpus(conv),
        **_names(conv, sit),
    )


def check_readings(conv: Convention, sit: Situation) -> None:
    """``--reading`` only names points on which this convention has two readings, or offers the table a
    choice (its ``choices``: N in the file's order, up to the values it offers)."""
    for point, n in sit.readings.items():
        entry = conv.get(point)
        if entry.stated and entry.choices and not entry.conflict and n <= len(entry.choices) + 1:
            continue
        if not entry.conflict:
            raise KemsError("error.reading_no_conflict", point=point, convention=conv.short_name)


def excluded(conv: Convention, sit: Situation, exc: TableExcluded) -> Ruling:
    """The ruling on a table size the convention's stated count excludes (or its stated decks cannot
    deal): ``impossible``, its reason the refusal itself, citing that rule."""
    citation = _citation(conv, exc.point, 1)
    return Ruling(convention=conv.id, event=sit.event, verdict=Verdict.IMPOSSIBLE, score=[], score_settled=False,
                  hand_ends=None, reasons=[Reason.of(VERBATIM, text=Failure(exc))],
                  rule_points=[exc.point], citations=[citation] if citation else [],
                  publications=_publications(conv, [citation] if citation else []), corpus=_corpus(conv),
                  **_names(conv, sit))


def check_table(convs: list[Convention], sit: Situation) -> None:
    """A table that teams of two cannot fill (an odd count, 2) is refused unless one of ``convs``
    states a count that allows it: the same one-line error as before any convention is read."""
    if not (sit.players % 2 or sit.players < 4) or sit.team_size is not None:  # a team size given is checked
        return
    for conv in convs:
        count, teams = conv.get("players.count"), conv.get("teams.size")
        if count.stated and count_opens(count.value):
            return
        if teams.stated and isinstance(teams.value, dict) and (teams.value.get("teams") or _mixed_team_counts(
                sit.players, teams.value.get("sizes") or [])):
            return  # teams of three fill a table of nine, a team of three and one of two a table of five
    raise KemsError("error.players_odd" if sit.players % 2 else "error.players_too_few", players=sit.players)


def resolve_all(convs: list[Convention], sit: Situation) -> list[Ruling]:
    """One ruling per convention, always all of them: a convention under which the situation
    cannot happen (a card its deck lacks, a table size it excludes) gets the verdict
    ``impossible`` with the reason, instead of dropping out of the comparison."""
    check_table(convs, sit)
    out = []
    for conv in convs:
        try:
            out.append(resolve(conv, sit))
        except TableExcluded as exc:
            out.append(excluded(conv, sit, exc))
        except KemsError as exc:
            out.append(Ruling(convention=conv.id, event=sit.event, verdict=Verdict.IMPOSSIBLE, score=[],
                              score_settled=False, hand_ends=None, reasons=[Reason.of(VERBATIM, text=Failure(exc))],
                              corpus=_corpus(conv), **_names(conv, sit)))
    return out
