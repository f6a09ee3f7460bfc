"""A described situation: the event and what happened, from CLI flags or a YAML file."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Optional

from .cards import Card, parse_cards
from ..errors import KemsError

EVENTS = ("kems", "double-kems", "contre-kems", "double-contre-kems", "deal", "exchange", "sweep",
          "stock-out", "signal", "same-card")
CALLS = ("kems", "double-kems", "contre-kems", "double-contre-kems")

#: which events each option belongs to (an option given to another event is an error, not ignored)
OPTION_EVENTS: dict[str, tuple[str, ...]] = {
    "hand": ("kems", "double-kems", "contre-kems", "deal"),
    "partner_hand": ("double-kems", "contre-kems"),
    "lifted": ("kems", "double-kems", "contre-kems"),
    "touched": ("kems", "double-kems", "contre-kems"),
    "ungathered": ("kems", "double-kems", "contre-kems"),
    "after_kems": ("contre-kems", "double-contre-kems"),
    "during_sweep": CALLS,
    "barred": ("contre-kems", "double-contre-kems"),
    "cards": ("exchange",),
    "take_first": ("exchange",),
    "before_opening": ("exchange",),
    "first_deal": ("deal",),
    "kems_right": ("contre-kems", "double-contre-kems"),
    "warning_sign": ("signal",),
    "banned_before_play": ("signal",),
    "verbal": ("signal",),
    "hidden": ("signal",),
    "second_signal": ("signal",),
    "objection": ("sweep",),
    "took_first": ("same-card",),
}


#: Facts a ruling may turn on that the user may leave unsaid: the resolver then rules on each
#: possible answer (verdict ``depends``).  fact -> (possible values, the flag that gives it)
FACTS: dict[str, tuple[tuple[Any, ...], str]] = {
    "partner_square": ((True, False), "--partner-hand"),
    "take_first": ((True, False), "--take-first / --put-first"),
    "first_deal": ((True, False), "--first-deal / --later-deal"),
    "kems_right": ((True, False), "--kems-right / --kems-wrong"),
    "warning_sign": ((True, False), "--warning-sign / --other-sign"),
    "banned_before_play": ((True, False), "--banned-before-play / --not-banned"),
    "objection": ((True, False), "--objection / --no-objection"),
    "took_first": ((True, False), "--touched-first / --touched-second"),
}
#: the flags that give each tri-state fact: (flag for True, flag for False)
FACT_FLAGS = {"take_first": ("--take-first", "--put-first"), "first_deal": ("--first-deal", "--later-deal"),
              "kems_right": ("--kems-right", "--kems-wrong"), "warning_sign": ("--warning-sign", "--other-sign"),
              "banned_before_play": ("--banned-before-play", "--not-banned"),
              "objection": ("--objection", "--no-objection"), "took_first": ("--touched-first", "--touched-second")}
READING = "reading:"  # a fact "reading:<rule point>": which reading of a self-contradicting source


@dataclass
class Situation:
    """What happened.  ``None`` on a tri-state fact means the user did not say (never a default)."""

    event: str
    hand: Optional[list[Card]] = None
    partner_hand: Optional[list[Card]] = None
    lifted: Optional[list[Card]] = None
    touched: Optional[list[Card]] = None
    ungathered: bool = False
    after_kems: bool = False
    during_sweep: bool = False
    barred: bool = False
    players: int = 4
    deck: Optional[int] = None
    cards: Optional[int] = None
    take_first: Optional[bool] = None
    before_opening: bool = False
    first_deal: Optional[bool] = None
    kems_right: Optional[bool] = None  # with --after-kems: the Kems called first was right
    warning_sign: Optional[bool] = None  # with --second-signal: the second sign only warns "we are watched"
    banned_before_play: Optional[bool] = None  # a player asked before play to ban this kind of sign
    verbal: bool = False
    hidden: bool = False
    second_signal: bool = False
    objection: Optional[bool] = None  # sweep: a player objected / nobody did
    took_first: Optional[bool] = None  # same-card: the player who took the card touched it first / second
    readings: dict[str, int] = field(default_factory=dict)  # rule point -> 1 or 2 (--reading)
    assumed: dict[str, Any] = field(default_factory=dict)  # facts fixed while ruling on a branch

    def option_name(self, attr: str) -> str:
        return "--" + attr.replace("_", "-")

    def assuming(self, fact: str, value: Any) -> "Situation":
        """A copy in which ``fact`` is known to be ``value`` (one branch of a ``depends`` ruling)."""
        if fact.startswith(READING):
            return replace(self, readings={**self.readings, fact[len(READING):]: value})
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
            raise KemsError(f"--reading '{spec}': give RULE_POINT=1 or RULE_POINT=2 "
                            "(e.g. --reading call.kems.wrong=2; the readings are listed under 'Conflict')")
        out[point] = int(number)
    return out


def build(event: str, *, hand: Optional[str] = None, partner_hand: Optional[str] = None,
          lifted: Optional[str] = None, touched: Optional[str] = None,
          reading: Optional[list[str]] = None, **flags: Any) -> Situation:
    """Check the event and options, parse the cards; raise KemsError on anything off."""
    if event not in EVENTS:
        raise KemsError(f"unknown event '{event}' (choose one of: {', '.join(EVENTS)})")
    sit = Situation(event=event, readings=parse_readings(reading), **flags)
    sit.hand = parse_cards(hand) if hand is not None else None
    sit.partner_hand = parse_cards(partner_hand) if partner_hand is not None else None
    sit.lifted = parse_cards(lifted) if lifted is not None else None
    sit.touched = parse_cards(touched) if touched is not None else None
    for f in fields(Situation):
        if f.name in OPTION_EVENTS and getattr(sit, f.name) not in (None, False):
            if event not in OPTION_EVENTS[f.name]:
                raise KemsError(f"{_flag_name(f.name, getattr(sit, f.name))} does not apply to '{event}' "
                                f"(it is for: {', '.join(OPTION_EVENTS[f.name])})")
    for f in FACT_FLAGS:
        if getattr(sit, f) is False and event not in OPTION_EVENTS[f]:
            raise KemsError(f"{_flag_name(f, False)} does not apply to '{event}' "
                            f"(it is for: {', '.join(OPTION_EVENTS[f])})")
    if event in ("kems", "double-kems", "contre-kems", "deal") and sit.hand is None:
        raise KemsError(f"'{event}' needs --hand (the cards the situation is about, e.g. --hand \"7 7 K K\")")
    if event == "double-kems" and sit.partner_hand is None:
        raise KemsError("'double-kems' needs --partner-hand (the caller's own hand) as well as --hand")
    if sit.players < 2 or sit.players % 2:
        raise KemsError(f"--players {sit.players}: Kems is played in teams of two, so an even number from 4 up")
    if sit.players < 4:
        raise KemsError(f"--players {sit.players}: with a single team there is no opponent (Kems needs at least 4)")
    if sit.deck is not None and sit.deck not in (32, 36, 52):
        raise KemsError(f"--deck {sit.deck}: choose 32, 36 or 52")
    if sit.cards is not None and sit.cards < 1:
        raise KemsError(f"--cards {sit.cards}: at least one card is exchanged")
    return sit


def _flag_name(attr: str, value: Any) -> str:
    if attr in FACT_FLAGS:
        return FACT_FLAGS[attr][0 if value else 1]
    return "--" + attr.replace("_", "-")


#: situation-file keys that give a fact as False (the second flag of each pair)
NEGATIVE_KEYS = {flags[1][2:].replace("-", "_"): fact for fact, flags in FACT_FLAGS.items()}
#: situation-file keys named after a fact's first flag where it differs from the fact (touched-first)
POSITIVE_KEYS = {flags[0][2:].replace("-", "_"): fact for fact, flags in FACT_FLAGS.items()
                 if flags[0][2:].replace("-", "_") != fact}
SITUATION_KEYS: set[str] = {"event", "hand", "partner_hand", "lifted", "touched", "players", "deck", "cards", "reading",
                  *NEGATIVE_KEYS, *POSITIVE_KEYS,
                  *(k for k in OPTION_EVENTS if k not in ("hand", "partner_hand", "lifted", "touched"))}


def from_file(path: str, overrides: dict[str, Any]) -> Situation:
    """A situation from YAML (same names as the options, dashes or underscores); strict."""
    from ..corpus.yamlsource import load_located, read_text

    data, lines, problems = load_located(read_text(path), path)
    if problems:
        raise KemsError(problems[0][1], path, problems[0][0])
    return from_mapping(data, overrides, path, lines)


def from_mapping(data: Any, overrides: Optional[dict[str, Any]] = None, path: Optional[str] = None,
                 lines: Optional[dict[Any, int]] = None) -> Situation:
    """A situation from a mapping of option names (a situation file, a test case); strict."""
    lines = lines or {}
    if not isinstance(data, dict):
        raise KemsError("a situation file is a mapping such as 'event: contre-kems' and 'hand: 7 7 K K'", path, 1)
    values: dict[str, Any] = {}
    seen: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key).replace("-", "_")
        line = lines.get((key,))
        if name not in SITUATION_KEYS:
            valid = ", ".join(sorted(k.replace("_", "-") for k in SITUATION_KEYS))
            raise KemsError(f"unknown key '{key}' (valid: {valid})", path, line)
        if name in seen:
            raise KemsError(f"'{key}' repeats '{seen[name]}'", path, line)
        seen[name] = key
        if name in ("hand", "partner_hand", "lifted", "touched"):
            if isinstance(value, list):
                value = " ".join(str(v) for v in value)
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise KemsError(f"'{key}' must be cards such as \"7 7 K K\"", path, line)
            value = str(value)
        elif name in ("players", "deck", "cards"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise KemsError(f"'{key}' must be a whole number", path, line)
        elif name == "event":
            if not isinstance(value, str):
                raise KemsError("'event' must be one of: " + ", ".join(EVENTS), path, line)
        elif name == "reading":
            if isinstance(value, dict):
                value = [f"{k}={v}" for k, v in value.items()]
            if not isinstance(value, list):
                raise KemsError("'reading' maps rule points to 1 or 2, e.g. {call.kems.wrong: 2}", path, line)
        elif not isinstance(value, bool):
            raise KemsError(f"'{key}' must be true or false", path, line)
        if name in NEGATIVE_KEYS:
            if not value:
                continue
            name, value = NEGATIVE_KEYS[name], False
        elif name in POSITIVE_KEYS:
            name = POSITIVE_KEYS[name]
        values[name] = value
    if "event" not in values:
        raise KemsError("missing key 'event' (one of: " + ", ".join(EVENTS) + ")", path, 1)
    values.update({k: v for k, v in (overrides or {}).items() if v is not None and v is not False
                   or (k in FACTS and v is False)})
    event = values.pop("event")
    try:
        return build(event, **values)
    except KemsError as exc:
        if not path:
            raise
        key = next((k for k in data if str(k).replace("-", "_") in str(exc.message).replace("-", "_")), None)
        raise KemsError(exc.message, path, lines.get((key,), 1) if key else 1) from None
