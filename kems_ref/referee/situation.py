"""A described situation: the event and what happened, from CLI flags or a YAML file."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Optional

from ..corpus.catalogue import BY_ID, RULE_POINTS
from ..corpus.events import CALLS as CALLS  # defined once there, read here by the situation's users
from ..corpus.events import EVENTS as EVENTS
from ..errors import KemsError
from .cards import Card, parse_cards

ALL_EVENTS = EVENTS


@dataclass(frozen=True)
class Option:
    """One option of ``rule``, declared once: the CLI, situation files and the checks derive from it.

    ``kind``: ``cards`` (card notation), ``int``, ``flag`` (a yes/no that is said or not), ``fact``
    (a yes/no that may be left unsaid: two flags, and the ruling depends when neither is given),
    ``readings`` (``--reading POINT=N``, repeatable).  ``help`` is the message key of its help text.
    """

    attr: str
    kind: str
    events: tuple[str, ...]
    flags: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return self.flags or ("--" + self.attr.replace("_", "-"),)

    @property
    def help(self) -> str:
        return f"help.option.{self.attr}"


#: ``rule setup``: each option gives the table's way on one set-up point (where partners sit, who deals,
#: how the middle lies…), as the catalogue declares it (``RulePoint.setup``); the ruling sets it against the source's
SETUP: dict[str, str] = {point.setup: point.id for point in RULE_POINTS if point.setup}


def setup_values(attr: str) -> tuple[str, ...]:
    """The ways a set-up option takes: the values its rule point has."""
    from typing import get_args

    return tuple(v for v in get_args(BY_ID[SETUP[attr]].value) if v not in FILE_ONLY_WAYS)


#: values a file may state of a set-up point that are no way a table sets itself up: each covers ways that are
#: (the referee's SETUP_COVERS) — "any way" of choosing the first dealer, partners placed "apart"
FILE_ONLY_WAYS = ("any-way", "apart")


CALL_OPTIONS = ("kems", "double-kems", "contre-kems")
ACCUSATIONS = ("contre-kems", "double-contre-kems")
OPTIONS: tuple[Option, ...] = (
    Option("hand", "cards", ("kems", "double-kems", "contre-kems", "double-contre-kems", "deal")),
    Option("partner_hand", "cards", ("double-kems", "contre-kems", "double-contre-kems")),
    Option("square", "fact", CALL_OPTIONS, ("--square", "--no-square")),
    Option("partner_square", "fact", ("double-kems", "contre-kems", "double-contre-kems"),
           ("--partner-square", "--no-partner-square")),
    Option("lifted", "cards", CALL_OPTIONS),
    Option("touched", "cards", CALL_OPTIONS),
    Option("ungathered", "flag", CALL_OPTIONS),
    Option("by_holder", "flag", ("kems",)),
    # a Kems called by each of two teams at the same moment (each for its own partner)
    Option("rival_kems", "flag", ("kems",)),
    # a Kems and a Contre-Kems called at the same moment; two players who touched the same card at the same moment
    Option("simultaneous", "flag", ("kems", "contre-kems", "same-card")),
    Option("on_team", "int", ("contre-kems",)),
    Option("after_kems", "flag", ACCUSATIONS),
    Option("kems_right", "fact", ACCUSATIONS, ("--kems-right", "--kems-wrong")),
    Option("during_sweep", "flag", CALLS),
    Option("barred", "flag", ACCUSATIONS),
    # the accusation was found wrong at the table (the hands seen, but not told): what the source rules of it
    Option("found_wrong", "flag", ACCUSATIONS),
    Option("cards", "int", ("exchange",)),
    Option("to_partner", "flag", ("exchange",)),
    Option("retaken", "flag", ("exchange",)),
    Option("from_stock", "flag", ("exchange",)),
    Option("from_discard", "flag", ("exchange",)),
    # the player who drew is the dealer (a file where only the dealer draws from the stock: cards.how's Peanut butter)
    Option("by_dealer", "fact", ("exchange",), ("--by-dealer", "--not-dealer")),
    # a player caught holding this many cards (exchange); of a call, the hand it was made on held as many
    Option("over_limit", "int", ("exchange", "kems", "double-kems", "contre-kems", "double-contre-kems")),
    Option("take_first", "fact", ("exchange",), ("--take-first", "--put-first")),
    # of an exchange, made before the hunt was opened; of a call, its square made by such an exchange
    Option("before_opening", "flag", ("exchange", "kems", "double-kems", "contre-kems", "double-contre-kems")),
    Option("first_deal", "fact", ("deal",), ("--first-deal", "--later-deal")),
    Option("verbal", "flag", ("signal",)),
    Option("sound", "flag", ("signal",)),
    Option("cue", "flag", ("signal",)),
    Option("hidden", "flag", ("signal",)),
    Option("banned_before_play", "fact", ("signal",), ("--banned-before-play", "--not-banned")),
    Option("second_signal", "flag", ("signal",)),
    Option("warning_sign", "fact", ("signal",), ("--warning-sign", "--other-sign")),
    Option("decoy", "fact", ("signal",), ("--decoy", "--meaningful")),
    # a team that changed its signal between two hands of a game; its signal had just been caught (or countered)
    Option("signal_changed", "flag", ("signal",)),
    Option("signal_kept", "flag", ("signal",)),
    Option("after_caught", "fact", ("signal",), ("--after-caught", "--not-caught")),
    Option("objection", "fact", ("sweep",), ("--objection", "--no-objection")),
    Option("unagreed", "flag", ("sweep",)),  # the middle swept before every player agreed
    Option("took_first", "fact", ("same-card",), ("--touched-first", "--touched-second")),
    # a call of a convention's own that names the accused team's secret signal: the one named is theirs
    Option("their_signal", "fact", ("contre-kems",), ("--their-signal", "--not-their-signal")),
    *(Option(attr, "choice", ("setup",)) for attr in SETUP),
    Option("players", "int", ALL_EVENTS),
    # the players in each team, where the table chose among the sizes its convention allows
    Option("team_size", "int", ALL_EVENTS),
    Option("deck", "int", ALL_EVENTS),
    Option("reading", "readings", ALL_EVENTS),
)
#: which events each option belongs to (an option given to another event is an error, not ignored)
OPTION_EVENTS: dict[str, tuple[str, ...]] = {o.attr: o.events for o in OPTIONS if o.events != ALL_EVENTS}
#: the flags that give each tri-state fact: (flag for True, flag for False)
FACT_FLAGS: dict[str, tuple[str, ...]] = {o.attr: o.flags for o in OPTIONS if o.kind == "fact"}
#: the forms a signal takes, and the flags of ``rule signal`` that give each (none: a visible gesture)
SIGNAL_FORMS = ("word", "sound", "gesture", "hidden")
FORM_FLAGS = {"word": "verbal", "sound": "sound", "gesture": None, "hidden": "hidden"}
#: Facts a ruling may turn on that the user may leave unsaid: the resolver then rules on each
#: possible answer (verdict ``depends``).  fact -> (possible values, the flag(s) that give it)
#: (a square is given by the cards, or by a yes/no where the cards are not known)
FACTS: dict[str, tuple[tuple[Any, ...], str]] = {
    **{fact: ((True, False), " / ".join(flags)) for fact, flags in FACT_FLAGS.items()},
    "square": ((True, False), "--hand CARDS / --square / --no-square"),
    "partner_square": ((True, False), "--partner-hand CARDS / --partner-square / --no-partner-square"),
    # a signal whose form a story did not tell (``ask``): a word, a sound, a visible gesture, a hidden sign
    "signal_form": (SIGNAL_FORMS, "--verbal / --sound / --hidden / (none: a visible gesture)"),
}
#: the facts that cards settle: fact -> the cards option
CARD_FACTS = {"square": "hand", "partner_square": "partner_hand"}
READING = "reading:"  # a fact "reading:<rule point>": which reading of a self-contradicting source
#: a fact "choice:<rule point>": which of the values a source offers the table plays (its ``choices``:
#: four of a kind, or a run of four in one suit); given as a reading is (``--reading POINT=N``, N in the
#: file's order), kept by a score sheet as a reading is
CHOICE = "choice:"


def table_point(fact: str) -> Optional[str]:
    """The rule point a reading or a choice of the table is about (``None``: a fact of the hand)."""
    for prefix in (READING, CHOICE):
        if fact.startswith(prefix):
            return fact[len(prefix):]
    return None


@dataclass
class Situation:
    """What happened.  ``None`` on a tri-state fact means the user did not say (never a default)."""

    event: str
    #: a call of the convention's own (Kent's "broken"): the call of the game it is made as, whose
    #: options and questions it takes (``kems`` or ``contre-kems``); ``None`` for the game's events
    like: Optional[str] = None
    hand: Optional[list[Card]] = None
    partner_hand: Optional[list[Card]] = None
    square: Optional[bool] = None  # without --hand: that hand holds a square / does not
    partner_square: Optional[bool] = None  # without --partner-hand: the partner holds a square / does not
    lifted: Optional[list[Card]] = None
    touched: Optional[list[Card]] = None
    ungathered: bool = False
    by_holder: bool = False  # kems: the square's holder called it himself, not his partner
    simultaneous: bool = False  # a Kems and a Contre-Kems were called at the same moment
    rival_kems: bool = False  # kems: another team called its own Kems at the same moment
    on_team: Optional[int] = None  # contre-kems: the accused team's number (the caller's team is 1)
    over_limit: Optional[int] = None  # a player caught holding this many cards; of a call, its hand's size
    after_kems: bool = False
    during_sweep: bool = False
    barred: bool = False
    #: an accusation found wrong at the table, the hands not told: the answers under which the source
    #: rules it right are left out (the teller's "…and it was wrong")
    found_wrong: bool = False
    players: int = 4
    team_size: Optional[int] = None  # the players in each team, where the table chose it (else its convention's)
    deck: Optional[int] = None
    cards: Optional[int] = None
    to_partner: bool = False  # exchange: a card passed to one's partner rather than to the middle
    retaken: bool = False  # exchange: the card taken had just been put down in the middle by another player
    from_stock: bool = False  # exchange: the card was drawn from the stock, not taken from the middle
    from_discard: bool = False  # exchange: the card was the top of the discard pile
    by_dealer: Optional[bool] = None  # exchange: the player who drew is the dealer / is not
    # setup: the table's way on each set-up point (SETUP), None where not said
    seating: Optional[str] = None
    teams: Optional[str] = None
    first_dealer: Optional[str] = None
    first_dealer_tie: Optional[str] = None
    dealing: Optional[str] = None
    direction: Optional[str] = None
    next_dealer: Optional[str] = None
    middle_face: Optional[str] = None
    middle_layout: Optional[str] = None
    discard_start: Optional[str] = None
    first_player: Optional[str] = None
    turn_direction: Optional[str] = None
    turns: Optional[str] = None
    discard: Optional[str] = None
    signal_agreed: Optional[str] = None
    bottom_card: Optional[str] = None
    take_first: Optional[bool] = None
    before_opening: bool = False
    first_deal: Optional[bool] = None
    kems_right: Optional[bool] = None  # with --after-kems: the Kems called first was right
    warning_sign: Optional[bool] = None  # with --second-signal: the second sign only warns "we are watched"
    banned_before_play: Optional[bool] = None  # a player asked before play to ban this kind of sign
    decoy: Optional[bool] = None  # with --second-signal: the second sign means nothing (a decoy)
    verbal: bool = False
    sound: bool = False  # signal: a sound (a cough, a sigh), neither a word nor a gesture
    cue: bool = False  # signal: a sound made only so the partner looks (a laugh), the signal being a gesture
    hidden: bool = False
    second_signal: bool = False
    signal_changed: bool = False  # signal: a team changed its signal between two hands of the game
    signal_kept: bool = False  # signal: a team kept the same signal from one hand to the next
    after_caught: Optional[bool] = None  # with signal_changed: its signal had just been caught or countered
    #: where a story speaks of a signal without its form (``ask``): the form is then a fact the ruling
    #: asks (``signal_form``), never taken for a gesture; the flags of ``rule signal`` tell it
    form_unknown: bool = False
    objection: Optional[bool] = None  # sweep: a player objected / nobody did
    unagreed: bool = False  # sweep: the middle was swept before every player agreed
    took_first: Optional[bool] = None  # same-card: the player who took the card touched it first / second
    their_signal: Optional[bool] = None  # a call that names a signal: the one named is the accused team's
    readings: dict[str, int] = field(default_factory=dict)  # rule point -> 1 or 2 (--reading)
    assumed: dict[str, Any] = field(default_factory=dict)  # facts fixed while ruling on a branch

    @property
    def kind(self) -> str:
        """The event as the game knows it: a call of a convention's own is made as a Kems or a Contre-Kems."""
        return self.like or self.event

    def assuming(self, fact: str, value: Any) -> Situation:
        """A copy in which ``fact`` is known to be ``value`` (one branch of a ``depends`` ruling)."""
        point = table_point(fact)
        if point is not None:
            return replace(self, readings={**self.readings, point: value})
        if fact in FACT_FLAGS:
            return replace(self, **{fact: value})
        return replace(self, assumed={**self.assumed, fact: value})


def parse_readings(specs: Optional[list[str]]) -> dict[str, int]:
    """``--reading POINT=N``: the table follows reading N (1 or 2) of a self-contradicting source."""
    from ..corpus.catalogue import IDS

    out: dict[str, int] = {}
    for spec in specs or []:
        point, sep, number = spec.partition("=")
        if not sep or point not in IDS or number not in ("1", "2"):
            raise KemsError("error.bad_reading", spec=spec)
        out[point] = int(number)
    return out


def build(event: str, *, hand: Optional[str] = None, partner_hand: Optional[str] = None,
          lifted: Optional[str] = None, touched: Optional[str] = None,
          reading: Optional[list[str]] = None, card_deck: Any = None, calls: Optional[dict[str, str]] = None,
          **flags: Any) -> Situation:
    """Check the event and options, parse the cards (by the names of ``card_deck``, a deck of the
    convention's own, where it has one); raise KemsError on anything off.  ``calls``: the calls of
    the convention's own, each with the call of the game it is made as (broken -> contre-kems)."""
    like = None
    if event not in EVENTS:
        like = (calls or {}).get(event)
        if like is None:
            raise KemsError("error.unknown_event", event=event, choices=", ".join([*EVENTS, *(calls or {})]), hint="")
    kind = like or event
    sit = Situation(event=event, like=like, readings=parse_readings(reading), **flags)
    sit.hand = parse_cards(hand, card_deck) if hand is not None else None
    sit.partner_hand = parse_cards(partner_hand, card_deck) if partner_hand is not None else None
    sit.lifted = parse_cards(lifted, card_deck) if lifted is not None else None
    sit.touched = parse_cards(touched, card_deck) if touched is not None else None
    for f in fields(Situation):
        if f.name in OPTION_EVENTS and getattr(sit, f.name) not in (None, False) \
                and kind not in OPTION_EVENTS[f.name]:
            raise KemsError("error.option_not_for_event", option=_flag_name(f.name, getattr(sit, f.name)),
                            event=event, events=", ".join(OPTION_EVENTS[f.name]))
    for fact in FACT_FLAGS:
        if getattr(sit, fact) is False and kind not in OPTION_EVENTS[fact]:
            raise KemsError("error.option_not_for_event", option=_flag_name(fact, False), event=event,
                            events=", ".join(OPTION_EVENTS[fact]))
    for attr in SETUP:
        way = getattr(sit, attr)
        if way is not None and way not in setup_values(attr):
            raise KemsError("error.bad_setup_way", option="--" + attr.replace("_", "-"), way=way,
                            ways=", ".join(setup_values(attr)))
    if event == "setup" and not any(getattr(sit, attr) is not None for attr in SETUP):
        raise KemsError("error.setup_nothing", options=", ".join("--" + a.replace("_", "-") for a in SETUP))
    if event == "deal" and sit.hand is None:
        raise KemsError("error.needs_hand", event=event)
    for fact, needed in QUALIFIES.items():  # a situation file, a front end: the same check as the flags
        if getattr(sit, fact) is not None and not any(getattr(sit, n) for n in needed):
            raise KemsError("error.fact_needs", flag=FACT_FLAGS[fact][0 if getattr(sit, fact) else 1],
                            needed=_needed(needed))
    for fact, cards in CARD_FACTS.items():
        if getattr(sit, fact) is not None and getattr(sit, cards) is not None:
            raise KemsError("error.cards_and_square", cards="--" + cards.replace("_", "-"),
                            flag=FACT_FLAGS[fact][0 if getattr(sit, fact) else 1])
    if sit.players < 2:  # no convention's count goes below 2; an odd count or 2 is the convention's to allow
        raise KemsError("error.players_odd", players=sit.players)
    if sit.team_size is not None and not (2 <= sit.team_size <= 4 and sit.players % sit.team_size == 0
                                          and sit.players // sit.team_size >= 2):
        raise KemsError("error.team_size", size=sit.team_size, players=sit.players)
    if sit.deck is not None and sit.deck < 4:  # 32, 36, 52, or the size of a convention's own deck
        raise KemsError("error.bad_deck", deck=sit.deck)
    if sit.cards is not None and sit.cards < 1:
        raise KemsError("error.bad_cards_count", cards=sit.cards)
    if sit.simultaneous and sit.after_kems:  # at the same moment, or after: never both
        raise KemsError("error.contradictory_facts", first="--simultaneous", second="--after-kems")
    if sit.over_limit is not None and sit.over_limit <= 4:
        raise KemsError("error.over_limit_low", count=sit.over_limit)
    if not (sit.players % 2 or sit.players < 4) and sit.team_size in (None, 2):  # else checked once the
        check_on_team(sit)  # convention allows the table and its teams are known
    return sit


def check_on_team(sit: Situation, teams: Optional[int] = None) -> None:
    """``--on-team N``: a team of the table, other than the caller's (``teams``: how many, pairs where not said)."""
    teams = teams or sit.players // 2
    if sit.on_team is not None and not 2 <= sit.on_team <= teams:
        raise KemsError("error.on_team_range", team=sit.on_team, teams=teams, players=sit.players)


#: the suffix of the parameter that carries a fact's "no" flag where a front end declares the two
#: flags apart (``--square`` and ``--no-square`` as two switches, so that giving both is seen)
NO = "__no"


def facts_from_flags(options: dict[str, Any]) -> dict[str, Any]:
    """Each fact's two switches made one tri-state value (True, False, or None: not said); both
    given is refused, naming the two — a situation never picks one of two facts.  Also refuses a
    fact that only qualifies another one the user did not give (``--kems-right`` without
    ``--after-kems``)."""
    out = dict(options)
    for fact, flags in FACT_FLAGS.items():
        yes, no = out.pop(fact, None), out.pop(fact + NO, None)
        if yes and no:
            raise KemsError("error.contradictory_facts", first=flags[0], second=flags[1])
        if yes is not None or no is not None:
            out[fact] = True if yes else False if no else None
    for fact, needed in QUALIFIES.items():
        if out.get(fact) is not None and not any(out.get(n) for n in needed):
            raise KemsError("error.fact_needs", flag=FACT_FLAGS[fact][0 if out[fact] else 1],
                            needed=_needed(needed))
    return out


def _needed(flags: tuple[str, ...]) -> str:
    """The flags one of which a fact qualifies (``--signal-changed`` / ``--signal-kept``)."""
    return " / ".join("--" + n.replace("_", "-") for n in flags)


#: facts that only mean something with another one: (fact -> the flag it qualifies)
QUALIFIES = {"kems_right": ("after_kems",), "warning_sign": ("second_signal",), "decoy": ("second_signal",),
             "after_caught": ("signal_changed", "signal_kept")}


def _flag_name(attr: str, value: Any) -> str:
    if attr in FACT_FLAGS:
        return FACT_FLAGS[attr][0 if value else 1]
    return "--" + attr.replace("_", "-")


#: situation-file keys that give a fact as False (the second flag of each pair)
NEGATIVE_KEYS = {flags[1][2:].replace("-", "_"): fact for fact, flags in FACT_FLAGS.items()}
#: situation-file keys named after a fact's first flag where it differs from the fact (touched-first)
POSITIVE_KEYS = {flags[0][2:].replace("-", "_"): fact for fact, flags in FACT_FLAGS.items()
                 if flags[0][2:].replace("-", "_") != fact}
#: the keys of a situation file: the event, and the options of ``rule`` by their flag names
SITUATION_KEYS: set[str] = {"event", *NEGATIVE_KEYS, *POSITIVE_KEYS,
                            *(o.attr for o in OPTIONS if o.names[0][2:].replace("-", "_") == o.attr)}


def from_file(path: str, overrides: dict[str, Any], card_deck: Any = None,
              calls: Optional[dict[str, str]] = None) -> Situation:
    """A situation from YAML (same names as the options, dashes or underscores); strict."""
    from ..corpus.yamlsource import load_located, read_text

    data, lines, problems = load_located(read_text(path), path)
    if problems:
        raise problems[0].at(path, problems[0].line)
    return from_mapping(data, overrides, path, lines, card_deck, calls)


def from_mapping(data: Any, overrides: Optional[dict[str, Any]] = None, path: Optional[str] = None,
                 lines: Optional[dict[Any, int]] = None, card_deck: Any = None,
                 calls: Optional[dict[str, str]] = None) -> Situation:
    """A situation from a mapping of option names (a situation file, a test case); strict."""
    lines = lines or {}
    if not isinstance(data, dict):
        raise KemsError("error.situation_not_mapping", path, 1)
    values: dict[str, Any] = {}
    seen: dict[str, Any] = {}
    said_as: dict[str, Any] = {}  # the key each fact was given by (two keys can give the same fact)
    for key, value in data.items():
        name = str(key).replace("-", "_")
        line = lines.get((key,))
        if name not in SITUATION_KEYS:
            valid = ", ".join(sorted(k.replace("_", "-") for k in SITUATION_KEYS))
            raise KemsError("error.situation_unknown_key", path, line, key=key, valid=valid)
        if name in seen:
            raise KemsError("error.situation_key_repeats", path, line, key=key, other=seen[name])
        seen[name] = key
        if name in ("hand", "partner_hand", "lifted", "touched"):
            if isinstance(value, list):
                value = " ".join(str(v) for v in value)
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise KemsError("error.situation_cards", path, line, key=key)
            value = str(value)
        elif name in ("players", "deck", "cards", "over_limit", "on_team", "team_size"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise KemsError("error.situation_number", path, line, key=key)
        elif name in SETUP:
            if not isinstance(value, str):  # the way itself is checked against the option's ways by build()
                raise KemsError("error.situation_way", path, line, key=key, ways=", ".join(setup_values(name)))
        elif name == "event":
            if not isinstance(value, str):
                raise KemsError("error.situation_event", path, line, choices=", ".join(EVENTS))
        elif name == "reading":
            if isinstance(value, dict):
                value = [f"{k}={v}" for k, v in value.items()]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise KemsError("error.situation_reading", path, line)
        elif not isinstance(value, bool):
            raise KemsError("error.situation_bool", path, line, key=key)
        said = key
        if name in NEGATIVE_KEYS:
            if not value:
                continue
            name, value = NEGATIVE_KEYS[name], False
        elif name in POSITIVE_KEYS:
            name = POSITIVE_KEYS[name]
        if name in values and values[name] != value:  # put-first: true beside take-first: true
            raise KemsError("error.contradictory_facts", path, line, first=said_as.get(name, name), second=said)
        said_as[name] = said
        values[name] = value
    if "event" not in values:
        raise KemsError("error.situation_no_event", path, 1, choices=", ".join(EVENTS))
    values.update({k: v for k, v in (overrides or {}).items() if (v is not None and v is not False)
                   or (k in FACTS and v is False)})
    event = values.pop("event")
    try:
        return build(event, card_deck=card_deck, calls=calls, **values)
    except KemsError as exc:
        if not path:
            raise
        key = next((k for k in data if str(k).replace("-", "_") in exc.message.replace("-", "_")), None)
        raise exc.at(path, lines.get((key,), 1) if key else 1) from None
