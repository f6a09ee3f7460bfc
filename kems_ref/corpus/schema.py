"""The convention file format, as strict pydantic models (``extra="forbid"``, no coercion).

Used to validate any file a user gives (house rules, ``conventions validate``) and by the tests on
every shipped file; the JSON Schema shipped beside it (``convention.schema.json``) is generated
from these models, so editors validate house-rules files with the same rules.  The fast path that
loads shipped conventions at the table does not import this module.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    create_model,
    model_validator,
)

from ..errors import KemsError
from .catalogue import BY_ID, IDS, RULE_POINTS


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


NonEmpty = Annotated[str, Field(min_length=1)]


LANG_CODE = r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"  # BCP 47: de, fr, en, gsw-CH…
LangCode = Annotated[str, Field(pattern=LANG_CODE)]


class Text(BaseModel):
    """Our own words, in French and English (what users read) and optionally in other languages (``de: …``,
    for a publication in German) — or in the publication's language only: the other languages then show
    that text marked with its language."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)
    fr: Optional[NonEmpty] = None
    en: Optional[NonEmpty] = None

    @model_validator(mode="after")
    def _languages(self) -> Text:
        import re

        for key, value in (self.model_extra or {}).items():
            if not re.fullmatch(LANG_CODE, key):
                raise ValueError(f"'{key}' is not a language code (BCP 47: de, it, gsw-CH…)")
            if not isinstance(value, str) or not value:
                raise ValueError(f"the text in '{key}' must be a non-empty string")
        if self.fr is None and self.en is None and not self.model_extra:
            raise ValueError("give the text in at least one language (fr, en, or the publication's: de…)")
        return self


#: a name as the publication gives it, in one language or more ({de: Gemsch}, {en: Stop Kemps}); a
#: language that has two names for the call lists them ({en: [Cut, Counter-Kemps]}: the first is shown first)
Names = Annotated[dict[LangCode, Union[NonEmpty, Annotated[list[NonEmpty], Field(min_length=1)]]],
                  Field(min_length=1)]


class Citation(Strict):
    section: Optional[NonEmpty] = Field(None, description="Section or heading of the publication")
    topic: Optional[Union[NonEmpty, Text]] = Field(
        None, description="Instead of a section: the topic (one text or {fr, en}), where no heading of the "
                          "publication could be checked")
    source: Optional[NonEmpty] = Field(None, description="Publication, when not the file's own: the id of one "
                                                         "of the file's 'sources' (cited with its own mark of how "
                                                         "it is known), or its name")

    @model_validator(mode="after")
    def _section_or_topic(self) -> Citation:
        if (self.section is None) == (self.topic is None):
            raise ValueError("a citation names either a 'section' or a 'topic'")
        return self


Force = Literal["prescribed", "permitted", "described", "advised"]


class ScoreChange(Strict):
    team: Literal["callers", "accused", "others", "other"] = Field(
        description="callers; accused; others (every team but the callers and the accused); other (\"the other "
                    "team\", as a source written for two teams says it: settled at a larger table only by "
                    "score.multi_team)")
    change: Union[int, Literal["gain", "loss"]] = Field(
        description="a whole number: that many to the team (negative: taken away); gain or loss: the source says "
                    "the team gains (loses) points or letters without saying how many — the ruling names the team "
                    "and leaves the amount to the table")
    unit: Literal["point", "letter", "game"] = Field(
        description="point or letter: that many to the team; game: the score ends the game, +1 the team wins it, "
                    "-1 it loses it (Kent's 'broken': a team caught loses the game)")

    @model_validator(mode="after")
    def _game_is_won_or_lost(self) -> ScoreChange:
        if self.unit == "game" and (isinstance(self.change, str) or self.change not in (1, -1)):
            raise ValueError("a score that ends the game is 1 (the team wins it) or -1 (it loses it)")
        return self


def _one_end(score: list[ScoreChange]) -> list[ScoreChange]:
    if sum(1 for s in score if s.unit == "game") > 1:
        raise ValueError("one score ends the game: a single team wins it or loses it")
    return score


class PlayerRange(Strict):
    min: Annotated[int, Field(ge=2)]
    max: Optional[Annotated[int, Field(ge=2)]] = Field(default=None, description="null or left out: no upper limit")
    even: bool = Field(default=False, description="every count must be even")
    even_from: Optional[Annotated[int, Field(ge=3)]] = Field(
        default=None, description="a count must be even only from this size on (Instructables: 'above six, an even "
                                  "number', so 7: five players may play, seven may not); with even: false")

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        if self.even_from is not None and self.even:
            raise ValueError("even: true already asks an even count at every size; even_from is for a count that "
                             "must be even only from that size on")
        if self.even_from is not None and self.even_from <= self.min:
            raise ValueError(f"even_from ({self.even_from}) is not above min ({self.min}): say even: true")
        if self.even_from is not None and self.max is not None and self.even_from > self.max:
            raise ValueError(f"even_from ({self.even_from}) is above max ({self.max}): it would rule out nothing")
        return self


class PlayersElsewhere(Strict):
    """A table size the source calls possible outside its own rule, and the conventions it names for it."""

    players: Annotated[int, Field(ge=2)]
    conventions: Annotated[list[NonEmpty], Field(min_length=1)] = Field(
        description="the conventions (ids) the source names for that size")


class PlayerSet(Strict):
    counts: Annotated[list[Annotated[int, Field(ge=2)]], Field(min_length=1)] = Field(
        description="the player counts the source names, and only those")
    elsewhere: list[PlayersElsewhere] = Field(
        default_factory=list, description="table sizes the source itself calls possible outside its rule, under "
                                          "other conventions (Regles.com: six and eight, under Pagat and Nathan): a "
                                          "ruling at such a size says so and which conventions it names, and is "
                                          "never refused")


PlayerCount = Union[PlayerRange, PlayerSet]


class TeamSizes(Strict):
    """How many players a team has (teams of two the seeds' game; two or three in some publications), or how many
    teams there are whatever the table size (blackatlantic: always two teams, of up to four)."""

    sizes: Optional[Annotated[list[Annotated[int, Field(ge=2, le=4)]], Field(min_length=1)]] = Field(
        default=None, description="the players a team may have: [2], [3], [2, 3] (the table picks one that divides it)")
    teams: Optional[Annotated[int, Field(ge=2, le=4)]] = Field(
        default=None, description="the number of teams, whatever the table size (teams as equal as the table allows)")

    @model_validator(mode="after")
    def _one(self) -> TeamSizes:
        if (self.sizes is None) == (self.teams is None):
            raise ValueError("give sizes (the players a team may have) or teams (how many teams), one of them")
        return self


class DeckRule(Strict):
    up_to: Optional[Annotated[int, Field(ge=2)]] = Field(description="up to this many players; null: beyond")
    decks: Annotated[int, Field(ge=1, le=4)]


class DeckSize(Strict):
    cards: Annotated[int, Field(ge=4, le=1000)] = Field(
        description="the cards in one deck: 32, 36 or 52 of the French/English deck, or any size of a deck this "
                    "file defines under 'decks' (its ranks × suits × copies: a 56-card deck, numbered cards)")
    players: Optional[list[Annotated[int, Field(ge=2)]]] = None
    deck: Optional[NonEmpty] = Field(None, description="A deck this file defines under 'decks' (its own ranks, "
                                                       "suits and names); default: the French/English deck")

    @model_validator(mode="after")
    def _known_size(self) -> DeckSize:
        if self.deck is None and self.cards not in (32, 36, 52):
            raise ValueError(f"a {self.cards}-card deck is not the French/English deck (32, 36 or 52 cards): "
                             "define it under 'decks' (its ranks and suits) and name it here with 'deck'")
        return self


class DeckCard(Strict):
    id: NonEmpty
    names: Optional[dict[LangCode, Annotated[list[NonEmpty], Field(min_length=1)]]] = Field(
        None, description="The names players use, per language (the first one is shown): {de: [Ober, O]}")


class Deck(Strict):
    """A deck of its own: ranks low to high, suits (Swiss Jass: 6–10, Under, Ober, King, Ace;
    roses, bells, shields, acorns) or none, and how many copies of each card; its size, named by
    deck.size, is ranks × suits × copies, and its jokers."""

    name: Optional[Union[NonEmpty, Text]] = None
    ranks: Annotated[list[DeckCard], Field(min_length=4)]
    suits: Optional[Annotated[list[DeckCard], Field(min_length=1)]] = Field(
        None, description="its suits; none: the cards are told apart by rank (a number) alone")
    copies: Annotated[int, Field(ge=1, le=12)] = Field(
        1, description="how many times each card (each rank of each suit) is in one deck: a deck of numbered "
                       "cards that holds each number eight times")
    jokers: Annotated[int, Field(ge=0, le=8)] = Field(
        0, description="jokers beside the ranks and suits (a 54-card deck: 52 cards and two jokers); a card "
                       "named 'Joker' in a hand")
    wild: bool = Field(False, description="its jokers stand for any rank in a square, beside at least one card "
                                          "of that rank (three kings and a joker)")


class IdenticalCards(Strict):
    threshold: Literal[3, 4]
    action: Literal["redeal", "replace-cards", "play-on"]
    when: Optional[Literal["game-start"]] = Field(
        None, description="game-start: the source states the rule for the very first deal only")
    derived: list[Literal[4]] = Field(default_factory=list, description="dealt counts the source does not name "
                                                                        "(four, where it names three): its rule is "
                                                                        "applied to them, and a ruling on one says so "
                                                                        "and is labelled derived")


class Opening(Strict):
    trigger: Literal["dealer-call", "turner-call", "last-card-turned"]
    words: Optional[NonEmpty]


class Proof(Strict):
    """What is shown after a Contre-Kems: the cards that disprove a wrong one (two, two of different
    ranks, the whole hand), or after a right one the four the accused holds (``square``: 2play1game)."""

    who: Literal["accused-player", "each-accused-player", "square-holder"]
    cards: Literal["two", "two-different", "whole-hand", "square"]
    to: Optional[Literal["everyone", "caller-only", "caller", "callers"]] = Field(
        None, description="to whom: everyone, the caller only (who may not pass on what he saw), the caller (the "
                          "source says nothing of passing it on), or the calling team (callers)")


class AfterWrong(Strict):
    barred: bool
    until: Optional[Literal["hand", "game"]]
    who: Literal["caller", "team"] = Field("caller", description="who is barred: the caller, or the calling team "
                                                                 "(neither of its players may call it again)")


class DoubleContre(Strict):
    """A Double Contre-Kems the source gives a rule: right where both accused players hold a square, each side's
    score as the source gives it (Skaut's "Topeltstop": two points either way)."""

    right: Annotated[list[ScoreChange], AfterValidator(_one_end)]
    wrong: Annotated[list[ScoreChange], AfterValidator(_one_end)]


#: right-call: any right call; right-kems (a Kems or a Double Kems) and right-contre-kems (an accusation) where a
#: source ends the hand after one and not the other
HandOutcome = Literal["right-call", "wrong-kems", "wrong-contre-kems", "right-kems", "right-contre-kems"]


class HandEnd(Strict):
    """What ends the hand, outcome by outcome, where a source settles some and not others."""

    ends: list[HandOutcome] = Field(default_factory=list, description="outcomes after which the hand ends")
    goes_on: list[HandOutcome] = Field(default_factory=list, description="outcomes after which play goes on")
    derived: list[HandOutcome] = Field(default_factory=list, description="outcomes of ends or goes_on the source does "
                                                                         "not name: they follow from its general rule "
                                                                         "(the note says how), and a ruling on one is "
                                                                         "labelled derived")


class Target(Strict):
    points: Optional[Annotated[int, Field(ge=1)]] = Field(None, description="the points to reach (a points game)")
    word: Optional[NonEmpty] = Field(None, description="the word a letters game spells (KEMS, KEMPS)")
    rounds: Optional[Annotated[int, Field(ge=1)]] = Field(
        None, description="a game of so many rounds (hands), won on the most points after them (score.end: most); "
                          "with agreed and no number: the table agrees how many rounds")
    agreed: bool = Field(False, description="the table may agree another target before play (in a choice too: "
                                            "each choice the source offers may say it)")
    open: bool = Field(False, description="no target and no number of rounds: points are kept until the table "
                                          "stops, the team ahead then winning (barnonedrinks: until everyone is bored)")

    @model_validator(mode="after")
    def _open_alone(self) -> Target:
        if self.open and (self.points or self.word or self.rounds or self.agreed):
            raise ValueError("an open game has no points, word or rounds to reach")
        return self


#: an empty list: the source states that the call scores nothing (what it does instead, if anything, is
#: in the point's ``effects``)
Score = Annotated[list[ScoreChange], AfterValidator(_one_end)]

#: The value models a catalogue entry may name (``RulePoint.value = "Score"``).
MODELS: dict[str, Any] = {
    "PlayerCount": PlayerCount,
    "TeamSizes": TeamSizes,
    "DeckRules": Union[Literal["more-for-larger-tables"], Annotated[list[DeckRule], Field(min_length=1)]],
    "DeckSizes": Annotated[list[DeckSize], Field(min_length=1)],
    "HandSizes": Annotated[list[Annotated[int, Field(ge=1, le=8)]], Field(min_length=1)],
    "CardCount": Annotated[int, Field(ge=1, le=8)],
    #: the cards laid in the middle: 0 where there is no middle (vvvvvv.in.ua's Kent stop: the stock only)
    "MiddleCount": Union[Annotated[int, Field(ge=0, le=8)], Literal["per-player"]],
    #: ranks that stand for any rank in a square, each named as a card of the file's deck (A, 2, Joker…)
    "WildRanks": Annotated[list[NonEmpty], Field(min_length=1, max_length=4)],
    "IdenticalCards": IdenticalCards,
    "Opening": Opening,
    "Score": Score,
    "Proof": Proof,
    "AfterWrong": AfterWrong,
    "HandEnd": Union[Literal["any-call", "square-found"], HandEnd],
    "Target": Target,
    "DoubleContre": Union[Literal["named-only"], DoubleContre],
}
#: The type of the ``value`` of each rule point, from its one declaration in the catalogue.
VALUE_TYPES: dict[str, Any] = {p.id: MODELS[p.value] if isinstance(p.value, str) else p.value for p in RULE_POINTS}


class Unspecified(Strict):
    status: Literal["unspecified"]
    note: Optional[Text] = Field(None, description="What the source says around its silence")
    citation: Optional[Citation] = None


class Inherited(Strict):
    status: Literal["inherited"]


def _point_model(point_id: str) -> Any:
    value_type = VALUE_TYPES[point_id]
    name = point_id.replace(".", "_")
    conflict = create_model(
        f"Conflict_{name}", __base__=Strict,
        value=(value_type, ...), text=(Text, ...), citation=(Citation, ...),
        open=(bool, Field(False, description="true: the source does not contradict itself but leaves the case "
                                             "open to this second reading; shown as two readings all the same")),
    )
    fields: dict[str, Any] = {
        "status": (Literal["stated"], ...), "value": (value_type, ...), "text": (Text, ...),
        "citation": (Citation, ...), "conflict": (Optional[conflict], None),
        "force": (Force, Field("prescribed", description="prescribed (a rule), permitted (a permission "
                                                           "with its condition: it allows what it names, forbids it "
                                                           "without the condition, leaves other ways open), described "
                                                           "(how play goes, not forbidding alternatives) or advised "
                                                           "(a tip)")),
        "note": (Optional[Text], Field(None, description="What the source says around this point")),
        "effects": (Optional[Annotated[list[Text], Field(min_length=1)]], Field(
            None, description="What the table does besides scoring when this rule applies, in words, where the "
                              "format has no value for it (the blocker swaps his four cards for the four in the "
                              "middle): shown with the ruling's effects, cited as the point")),
        "before_play": (bool, Field(False, description="the source tells the table to settle this point before "
                                                       "the game (its citation says where): the checklist always "
                                                       "carries it")),
        "choices": (Optional[Annotated[list[value_type], Field(min_length=1)]], Field(  # type: ignore[valid-type]
            None, description="Other values the source offers as equally good (10 or 15 points; facing or "
                              "diagonal): the table chooses")),
    }
    if point_id == "call.double_kems.wrong":
        fields["scope"] = (Optional[Literal["partner-square-found"]], Field(
            None, description="the second reading (conflict) concerns only a Double Kems where the caller's partner "
                              "(who signalled) holds a square and the caller none: any other wrong Double Kems is "
                              "the first reading's alone"))
    if point_id == "call.contre_kems.wrong":
        fields["scope"] = (Optional[Literal["accused-team-holds-none"]], Field(
            None, description="the source gives this score only when the whole accused team holds no square"))
    if point_id == "call.contre_kems.right":
        fields["on_double"] = (Optional[Score], Field(
            None, description="the score of a right Contre-Kems where both accused players hold a square (a Double "
                              "Kems stopped): the value is then this, not the plain score"))
    if point_id == "hand.end":
        fields["scope"] = (Optional[Literal["every-call"]], Field(
            None, description="the source's words reach every call whatever it is (each call, right or wrong, "
                              "ends the hand): a call it gives no rule for still ends it"))
    stated = create_model(f"Stated_{name}", __base__=Strict, **fields)
    return Annotated[Union[stated, Unspecified, Inherited], Field(discriminator="status")]


_RULE_FIELDS: dict[str, Any] = {
    pid.replace(".", "__"): (Optional[_point_model(pid)], Field(None, alias=pid, description=BY_ID[pid].question("en")))
    for pid in IDS
}
Rules = create_model("Rules", __base__=Strict, **_RULE_FIELDS)


class KnownThrough(Strict):
    how: Literal["direct", "summary"] = Field(description="read directly, or only through another page's summary")
    via: Optional[Union[NonEmpty, Text]] = Field(None, description="the page it is known through, as citations "
                                                 "name it (Regles.com, réf. [1])")
    page: Optional[NonEmpty] = Field(None, description="the title of the page whose summary it is known through")
    ref: Optional[Union[NonEmpty, Text]] = Field(None, description="what that page's reference to it is (its "
                                                 "numbered entry [1] in the page's list of sources)")
    checked: Optional[NonEmpty] = Field(None, description="YYYY-MM-DD: the date that page gives for its last check")


class Publication(Strict):
    title: NonEmpty
    subtitle: Optional[NonEmpty] = None
    author: Optional[NonEmpty] = None
    url: Optional[NonEmpty] = Field(None, description="The address of the publication itself (the article or page, "
                                    "never a site's home); null where the project's sources give none")
    site: Optional[NonEmpty] = Field(None, description="The site it is published on, where only the site is known "
                                     "(pagat.com): shown as the site, never as the article's address")
    language: Optional[LangCode] = Field(None, description="The publication's language (BCP 47: fr, en, de…)")
    checked: Optional[NonEmpty] = Field(None, description="YYYY-MM-DD: the date the publication gives for its last "
                                        "check (not a date the project read it, which no source records)")
    cite_as: Optional[NonEmpty] = None
    known_through: Optional[KnownThrough] = None


class OwnScore(Strict):
    """The score of a call of the publication's own, when it is right or wrong: a stated rule."""

    value: Score
    text: Text
    citation: Citation
    force: Force = "prescribed"
    note: Optional[Text] = None


class OwnCall(Strict):
    """A call of the publication's own, beside the four of the game (Kent's "broken": an opponent who
    catches a team signalling accuses it; a team holding the square loses the game, one holding none
    wins it)."""

    names: Names = Field(description="The publication's name for it, in its language(s): {en: Broken}")
    accuses: Literal["partner", "player", "team"] = Field(
        description="partner: the caller says the partner holds the square (as a Kems does); player: one "
                    "opponent holds it (as a Contre-Kems on a player); team: one of the two accused players does")
    checks: Literal["square", "signal"] = Field(
        "square", description="what is checked: square, the hand the game is played for (hand.square: four of a "
                              "kind unless the file says otherwise); signal, the caller names the accused team's "
                              "secret signal, and the call is right when it is theirs (rule CALL --their-signal / "
                              "--not-their-signal)")
    text: Text = Field(description="The call, in our words")
    citation: Citation
    force: Force = "prescribed"
    right: Optional[OwnScore] = Field(None, description="the score when what it says is so (absent: the source "
                                                        "gives none)")
    wrong: Optional[OwnScore] = Field(None, description="the score when it is not")


#: the four calls of the game: a file may rename them; any other name under ``calls`` is a call of its own
SLOTS = ("kems", "double-kems", "contre-kems", "double-contre-kems")
#: words a call of a file's own may not take as its id: the score sheet's commands (``game undo``)
RESERVED = ("new", "call", "decide", "point", "undo", "redo", "score", "history", "show", "list", "rescore", "export",
            "import")
CallId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=64)]


def _call_kind(value: Any) -> str:
    """A declaration (``names:``, ``accuses:``…) or only names ({en: Stop Kemps}): each is checked as
    what it is, so that a mistake in one is told alone, not beside every way the other could be read."""
    return "own-call" if isinstance(value, dict) and "names" in value else "call-names"


#: the tags of the two readings of a ``calls`` entry (left out of an error's location)
CALL_TAGS = ("own-call", "call-names")
CallEntry = Annotated[Union[Annotated[Names, Tag("call-names")], Annotated[OwnCall, Tag("own-call")]],
                      Discriminator(_call_kind)]


class ConventionFile(Strict):
    """A Kems convention: one publication's answers to every rule point of the catalogue."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]
    name: NonEmpty
    short_name: Optional[NonEmpty] = Field(None, description="A short name for sentences (default: name)")
    publication: Publication
    sources: Optional[dict[Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")], Publication]] = Field(
        None, description="Other publications the file's facts come from, by an id a citation's 'source' names "
                          "(each with its own known_through)")
    extends: Optional[NonEmpty] = None
    calls: Optional[dict[CallId, Optional[CallEntry]]] = Field(
        None, description="The calls the publication names, with its own names for them in its language(s) "
                          "(Pagat: {en: Stop Kemps}; Gemsch: {de: Gegen-Gemsch}); a call named here without a "
                          "rule is ruled 'named, without a rule'; null removes a name (or a call of its own) the "
                          "file would inherit.  Any other id declares a call of the publication's own (Kent: "
                          "broken), with what it accuses, what is checked and its scores")
    aliases: Optional[list[str]] = Field(
        None, description="Other names players use for this convention (Wikipédia: wiki), for -c and ask")
    decks: Optional[dict[Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")], Deck]] = Field(
        None, description="Decks of the publication's own (named by deck.size): ranks and suits with their names")
    rules: Optional[Rules] = None  # type: ignore[valid-type]  # null: everything inherited


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a convention file, generated from the rule-point catalogue."""
    schema = ConventionFile.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Kems convention (kems-ref)"
    return schema


def _problem(err: Any, line: int) -> KemsError:
    """A pydantic error as a located message (pydantic's own wording stays English)."""
    loc = ".".join(str(p) for p in err["loc"] if p not in ("stated", "unspecified", "inherited", *CALL_TAGS))
    kind = err["type"]
    if kind == "extra_forbidden":
        key = err["loc"][-1]
        if len(err["loc"]) == 2 and err["loc"][0] == "rules":
            return KemsError("error.schema.unknown_point", line=line, key=key)
        return KemsError("error.schema.unknown_key", line=line, key=key)
    if kind == "missing":
        field = err["loc"][-1]
        where = loc.rsplit(".", 1)[0] if "." in loc else ""
        if field == "citation":
            return KemsError("error.schema.needs_citation", line=line, loc=where)
        return KemsError("error.schema.missing_key", line=line, loc=where or "—", key=field)
    if kind == "union_tag_invalid":
        return KemsError("error.schema.status", line=line, loc=loc)
    if kind == "union_tag_not_found":
        return KemsError("error.schema.no_status", line=line, loc=loc)
    return KemsError("error.schema.invalid", line=line, loc=loc, msg=err["msg"])


def check(data: Any, lines: dict[tuple[Any, ...], int]) -> list[KemsError]:
    """Schema problems of a parsed file, each with its line (empty: valid against the format)."""
    from .yamlsource import line_of

    if not isinstance(data, dict):
        return [KemsError("error.schema.not_mapping", line=1)]
    problems: list[KemsError] = []
    try:
        ConventionFile.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(p for p in err["loc"] if p not in ("stated", "unspecified", "inherited", *CALL_TAGS))
            problems.append(_problem(err, line_of(lines, loc)))
    problems += _own_call_problems(data, lines)
    rules = data.get("rules") or {}
    if isinstance(rules, dict) and not data.get("extends"):  # a point left out is silent (--strict lists them)
        for pid, entry in rules.items():
            if isinstance(entry, dict) and entry.get("status") == "inherited":
                problems.append(KemsError("error.schema.inherited_needs_extends",
                                          line=line_of(lines, ("rules", pid)), point=pid))
    return problems


def _own_call_problems(data: dict[str, Any], lines: dict[tuple[Any, ...], int]) -> list[KemsError]:
    """The four calls of the game take names only; any other id is a call of the file's own, which
    needs its declaration (and may not take the name of an event of the game)."""
    from ..words import fold
    from .events import EVENTS, table_words
    from .yamlsource import line_of

    calls = data.get("calls")
    problems: list[KemsError] = []
    taken: dict[str, str] = {}  # every word a call of this file answers to, folded -> the call
    for call, value in (calls.items() if isinstance(calls, dict) else ()):
        if call in SLOTS and isinstance(value, dict) and "names" not in value:
            taken.update({fold(str(n)): call for names in value.values()
                          for n in (names if isinstance(names, list) else [names]) if isinstance(n, str)})
    for call, value in (calls.items() if isinstance(calls, dict) else ()):
        line = line_of(lines, ("calls", call))
        declared = isinstance(value, dict) and "names" in value
        if call in SLOTS and declared:
            problems.append(KemsError("error.schema.slot_declared", line=line, call=call))
        elif call not in SLOTS and (call in EVENTS or call in RESERVED):
            problems.append(KemsError("error.schema.own_call_is_event", line=line, call=call))
        elif call not in SLOTS and value is not None and not declared:
            problems.append(KemsError("error.schema.own_call_undeclared", line=line, call=call,
                                      slots=", ".join(SLOTS)))
        elif declared:
            names = value["names"] if isinstance(value["names"], dict) else {}
            spelled = [n for name in names.values() for n in (name if isinstance(name, list) else [name])]
            for word in dict.fromkeys([call, *(str(n) for n in spelled)]):
                other = taken.get(fold(word)) or table_words().get(fold(word))
                if other is not None and other != call:  # "Kems", "Cut", "contre", another call's name
                    problems.append(KemsError("error.schema.own_call_name_taken", line=line, call=call, name=word,
                                              other=other))
                taken.setdefault(fold(word), call)
            scores = [value.get(side) for side in ("right", "wrong")]
            if value.get("accuses") == "partner" and any(
                    isinstance(s, dict) and isinstance(s.get("value"), list) and any(
                        isinstance(c, dict) and c.get("team") in ("accused", "other") for c in s["value"])
                    for s in scores):
                problems.append(KemsError("error.schema.own_call_accuses_none", line=line, call=call))
    return problems


SCHEMA_FILE = Path(__file__).resolve().parent / "convention.schema.json"


def schema_text() -> str:
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: Optional[list[str]] = None) -> int:
    """``python -m kems_ref.corpus.schema``: write the shipped JSON Schema from the catalogue;
    ``--check``: exit 1 if the shipped file is stale (CI runs this)."""
    args = sys.argv[1:] if argv is None else argv
    fresh = schema_text()
    if "--check" in args:
        if SCHEMA_FILE.read_text(encoding="utf-8") != fresh:
            sys.stderr.write(f"{SCHEMA_FILE} is stale: run python -m kems_ref.corpus.schema\n")
            return 1
        return 0
    SCHEMA_FILE.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
