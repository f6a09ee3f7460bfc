"""The referee: rules on a situation under one convention, from the convention's data alone.

No convention id appears here: every decision reads a rule point.  ``Ctx.ask`` records a point the
ruling needs (a silent one lands in ``unspecified``); ``Ctx.peek`` uses a point only if stated (a
consequence worth telling, whose silence does not change the ruling).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from . import cards as C
from .conventions import Convention, Entry
from .errors import KemsError
from .messages import t
from .situation import Situation

SEVERITY = {"forbidden": 3, "unspecified": 2, "conditional": 1, "allowed": 0}


@dataclass
class Ruling:
    convention: str
    event: str
    verdict: str
    score: list = field(default_factory=list)
    hand_ends: Optional[bool] = False
    effects: list = field(default_factory=list)
    explanation: str = ""
    rule_points: list = field(default_factory=list)
    citations: list = field(default_factory=list)
    unspecified: list = field(default_factory=list)
    conflicts: list = field(default_factory=list)
    convention_name: str = ""
    players: int = 4

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in (
            "convention", "event", "verdict", "score", "hand_ends", "effects", "explanation",
            "rule_points", "citations", "unspecified", "conflicts")}


class Ctx:
    def __init__(self, conv: Convention, sit: Situation, lang: str):
        self.conv, self.sit, self.lang = conv, sit, lang
        self.used: list[str] = []
        self.unspecified: list[str] = []
        self.why: list[str] = []
        self.effects: list[str] = []

    def _use(self, point: str) -> Entry:
        if point not in self.used:
            self.used.append(point)
        return self.conv.get(point)

    def ask(self, point: str) -> Optional[Any]:
        entry = self._use(point)
        if not entry.stated:
            if point not in self.unspecified:
                self.unspecified.append(point)
            return None
        return entry.value

    def peek(self, point: str) -> Optional[Any]:
        entry = self.conv.get(point)
        return self._use(point).value if entry.stated else None

    def say(self, key: str, **values: Any) -> None:
        self.why.append(t(key, self.lang, **values))

    def text_of(self, point: str) -> None:
        entry = self.conv.get(point)
        if entry.stated and entry.text:
            self.why.append(entry.text[self.lang])

    def effect(self, code: str) -> None:
        if code not in self.effects:
            self.effects.append(code)


# --- table, deck and hands -------------------------------------------------------------------

def _table(ctx: Ctx) -> tuple[int, int, int]:
    """Check the table against the convention; return (deck size, number of decks, max hand)."""
    conv, sit = ctx.conv, ctx.sit
    count = conv.value("players.count")
    if sit.players != 4:
        ctx.ask("players.count")
        if count is None:
            ctx.say("why.players_unknown", players=sit.players)
    if count is not None:
        low, high = count["min"], count["max"]
        if sit.players < low or (high is not None and sit.players > high) or (count["even"] and sit.players % 2):
            span = f"{low}" if high == low else f"{low}–{high if high is not None else '…'}"
            raise KemsError(f"{conv.id} is played by {span} players, not {sit.players} (see --players)")
    sizes = conv.value("deck.size")
    allowed = [52, 36, 32]
    if sizes:
        fitting = [s["cards"] for s in sizes if not s.get("players") or sit.players in s["players"]]
        allowed = sorted(set(fitting or [s["cards"] for s in sizes]), reverse=True)
    deck = sit.deck if sit.deck is not None else (allowed[0] if sizes else 52)
    if sit.deck is not None and sizes and sit.deck not in allowed:
        raise KemsError(f"{conv.id} uses a {' or '.join(map(str, allowed))}-card deck at {sit.players} players, "
                        f"not {sit.deck} (see --deck)")
    decks = 1
    for rule in conv.value("players.decks") or []:
        if rule["up_to"] is None or sit.players <= rule["up_to"]:
            decks = rule["decks"]
            break
    limits = list(conv.value("deal.hand_size") or [])
    hand_limit = conv.get("exchange.hand_limit")
    if hand_limit.stated:
        limits.append(hand_limit.value)
        if hand_limit.conflict:
            limits.append(hand_limit.conflict["value"])
    return deck, decks, max(limits or [4])


def _check_hands(ctx: Ctx) -> None:
    deck, decks, max_hand = _table(ctx)
    sit = ctx.sit
    hands = [h for h in (sit.hand, sit.partner_hand) if h is not None]
    for name, hand in (("--hand", sit.hand), ("--partner-hand", sit.partner_hand)):
        if hand is not None and len(hand) > max_hand:
            raise KemsError(f"{name} has {len(hand)} cards but a hand holds at most {max_hand} under {ctx.conv.id}")
    extra = [c for c in (sit.lifted or []) + (sit.touched or [])]
    C.check_possible(hands + [extra], deck, decks)
    if sit.cards is not None and sit.cards > max_hand:
        raise KemsError(f"--cards {sit.cards}: a hand holds at most {max_hand} cards under {ctx.conv.id}")


# --- shared pieces of the call events ----------------------------------------------------------

def _holds_square(ctx: Ctx, hand: list, who: str, main: bool) -> Optional[bool]:
    sit, lang = ctx.sit, ctx.lang
    shown = C.show(hand, lang)
    if C.square_rank(hand):
        if main and sit.ungathered:
            ok = ctx.ask("call.ungathered")
            if ok is None:
                ctx.say("why.ungathered_unknown")
                return None
            if ok:
                ctx.say("why.ungathered_ok")
            else:
                ctx.say("why.no_square", who=t(who, lang), cards=shown)
                return False
        ctx.say("why.square", who=t(who, lang), cards=shown)
        return True
    if main and sit.lifted and C.square_rank(hand + sit.lifted):
        rule = ctx.ask("exchange.lifted_card")
        if rule is None:
            ctx.say("why.lifted_unknown")
            return None
        ctx.say("why.lifted_counts")
        ctx.say("why.square", who=t(who, lang), cards=C.show(hand + sit.lifted, lang))
        return True
    if main and sit.touched and C.square_rank(hand + sit.touched):
        rule = ctx.ask("exchange.lifted_card")
        if rule is None:
            ctx.say("why.touched_unknown")
            return None
        ctx.say("why.touched")
    ctx.say("why.no_square", who=t(who, lang), cards=shown)
    return False


def _sweep_gate(ctx: Ctx) -> Optional[str]:
    if not ctx.sit.during_sweep:
        return None
    allowed = ctx.ask("sweep.calls")
    if allowed is None:
        ctx.say("why.during_sweep_unknown")
        return "unspecified"
    if not allowed:
        ctx.say("why.during_sweep")
        return "void"
    return None


def _score(ctx: Ctx, point: str) -> Optional[list]:
    value = ctx.ask(point)
    if value is None:
        ctx.say("why.score_unknown")
        return None
    ctx.text_of(point)
    if ctx.sit.players > 4 and any(s["team"] == "others" for s in value):
        if ctx.ask("score.multi_team") is None:
            teams = ctx.sit.players // 2
            ctx.say("why.multi_team", players=ctx.sit.players, teams=teams)
    return [dict(s) for s in value]


def _hand_end(ctx: Ctx, found_square: bool) -> Optional[bool]:
    rule = ctx.ask("hand.end")
    if rule is None:
        return None
    return True if rule == "any-call" else found_square


# --- events ------------------------------------------------------------------------------------

def _kems(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    gate = _sweep_gate(ctx)
    if gate:
        return gate, [], False
    square = _holds_square(ctx, ctx.sit.hand, "who.partner", main=True)
    if square is None:
        return "unspecified", [], None
    ctx.effect("holder-shows-hand")
    score = _score(ctx, "call.kems.right" if square else "call.kems.wrong")
    verdict = ("upheld" if square else "rejected") if score is not None else "unspecified"
    return verdict, score or [], _hand_end(ctx, square)


def _double_kems(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    gate = _sweep_gate(ctx)
    if gate:
        return gate, [], False
    first = _holds_square(ctx, ctx.sit.hand, "who.partner", main=True)
    second = _holds_square(ctx, ctx.sit.partner_hand, "who.caller", main=False)
    if first is None or second is None:
        return "unspecified", [], None
    ctx.effect("holder-shows-hand")
    if first and second:
        ctx.say("why.double_both")
        score = _score(ctx, "call.double_kems.right")
        return ("upheld" if score is not None else "unspecified"), score or [], _hand_end(ctx, True)
    ctx.say("why.double_partial" if (first or second) else "why.double_none")
    score = _score(ctx, "call.double_kems.wrong")
    return ("rejected" if score is not None else "unspecified"), score or [], _hand_end(ctx, first or second)


def _contre_kems(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    sit = ctx.sit
    gate = _sweep_gate(ctx)
    if gate:
        return gate, [], False
    if sit.barred:
        rule = ctx.ask("call.contre_kems.after_wrong")
        if rule is None:
            ctx.say("why.barred_unknown")
            return "unspecified", [], None
        if rule["barred"]:
            ctx.say("why.barred")
            ctx.text_of("call.contre_kems.after_wrong")
            return "void", [], False
        ctx.say("why.barred_none")
    if sit.after_kems:
        if ctx.ask("call.contre_kems.timing") is None:
            ctx.say("why.too_late_unknown")
            return "unspecified", [], None
        ctx.say("why.too_late")
        ctx.effect("first-call-checked")
        return "void", [], False
    accused = _holds_square(ctx, sit.hand, "who.accused", main=True)
    partner = _holds_square(ctx, sit.partner_hand, "who.accused_partner", main=False) \
        if sit.partner_hand is not None else None
    if accused is None:
        return "unspecified", [], None
    if accused and partner:
        counter = ctx.ask("call.double_kems.counter")
        if counter is False:
            ctx.say("why.double_uncounterable")
            ctx.text_of("call.double_kems.counter")
            return "void", [], False
        if counter is None:
            ctx.say("why.double_counter_unknown")
    upheld = bool(accused)
    if not accused:
        target = ctx.peek("call.contre_kems.target") if sit.partner_hand is None else ctx.ask("call.contre_kems.target")
        if target == "team":
            if sit.partner_hand is None:
                raise KemsError(f"under {ctx.conv.id} a Contre-Kems targets the whole team: give --partner-hand "
                                "(the accused player's partner's cards)")
            ctx.say("why.team_target")
            upheld = bool(partner)
        elif target == "player":
            if partner:
                ctx.say("why.player_target")
        elif partner:
            ctx.say("why.target_unknown")
            return "unspecified", [], None
    proof = ctx.peek("call.contre_kems.proof")
    if proof:
        if proof["cards"] == "whole-hand":
            ctx.effect("accused-team-shows-hands")
        elif not upheld:
            if proof["who"] == "each-accused-player":
                ctx.effect("each-accused-shows-two-cards")
            elif proof["to"] == "caller-only":
                ctx.effect("accused-shows-two-cards-to-caller-only")
            else:
                ctx.effect("accused-shows-two-cards")
    if not upheld:
        after = ctx.peek("call.contre_kems.after_wrong")
        if after and after["barred"]:
            ctx.effect({"hand": "caller-barred-this-hand", "game": "caller-barred-game"}.get(after["until"],
                                                                                          "caller-barred"))
    score = _score(ctx, "call.contre_kems.right" if upheld else "call.contre_kems.wrong")
    if score is None:
        return "unspecified", [], None
    return ("upheld" if upheld else "rejected"), score, _hand_end(ctx, upheld)


def _double_contre_kems(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    gate = _sweep_gate(ctx)
    if gate:
        return gate, [], False
    rule = ctx.ask("call.double_contre_kems")
    if rule == "named-only":
        ctx.say("why.double_contre_named")
        ctx.unspecified.append("call.double_contre_kems")
    else:
        ctx.say("why.double_contre")
    return "unspecified", [], None


def _deal(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    rank, count = C.most_common(ctx.sit.hand)
    if count < 3:
        ctx.say("why.deal_fine")
        return "play-on", [], False
    ctx.say("why.deal_identical", count=count, rank=C.Card(rank).label(ctx.lang))
    rule = ctx.ask("deal.identical_cards")
    if rule is None:
        return "unspecified", [], None
    ctx.text_of("deal.identical_cards")
    if count < rule["threshold"] or rule["action"] == "play-on":
        ctx.say("why.deal_below", count=count, threshold=rule["threshold"])
        return "play-on", [], False
    ctx.effect("redeal" if rule["action"] == "redeal" else "show-discard-draw")
    return rule["action"], [], rule["action"] == "redeal"


def _combine(ctx: Ctx, verdicts: list[str]) -> str:
    return max(verdicts, key=SEVERITY.__getitem__) if verdicts else "allowed"


def _exchange(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    sit = ctx.sit
    count = sit.cards or 1
    center = ctx.conv.value("deal.center") or 4
    if count > center:
        raise KemsError(f"--cards {count}: only {center} cards lie in the middle under {ctx.conv.id}")
    verdicts = []
    if sit.before_opening:
        if ctx.ask("hunt.opening") is None:
            verdicts.append("unspecified")
        else:
            ctx.say("why.opening")
            ctx.text_of("hunt.opening")
            verdicts.append("forbidden")
    order = ctx.ask("exchange.order")
    if order is None:
        verdicts.append("unspecified")
    else:
        done = "take-then-put" if sit.take_first else "put-then-take"
        ctx.say("why.order_ok" if order == done else "why.order_bad")
        if order != done:
            ctx.text_of("exchange.order")
        verdicts.append("allowed" if order == done else "forbidden")
    if count > 1:
        rule = ctx.ask("exchange.count")
        if rule is None:
            verdicts.append("unspecified")
        elif rule == "one":
            ctx.say("why.count_bad", cards=count)
            ctx.text_of("exchange.count")
            verdicts.append("forbidden")
        else:
            ctx.say("why.count_ok", cards=count)
            verdicts.append("allowed")
    return _combine(ctx, verdicts), [], False


def _sweep(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    rule = ctx.ask("sweep.trigger")
    if rule is None:
        return "unspecified", [], None
    ctx.text_of("sweep.trigger")
    if ctx.sit.objection:
        ctx.say("why.sweep_objection")
        if rule == "proposal":
            ctx.effect("objector-must-exchange")
        return "forbidden", [], False
    ctx.say("why.sweep_ok")
    return "allowed", [], False


def _stock_out(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    ctx.say("why.stock")
    rule = ctx.ask("stock.exhausted")
    if rule is None:
        return "unspecified", [], None
    ctx.text_of("stock.exhausted")
    if rule == "recycle-discard":
        ctx.effect("shuffle-discard")
        return "recycle-discard", [], False
    return "hand-ends", [], True


def _signal(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    sit = ctx.sit
    verdicts = []
    checks = (("verbal", "signal.verbal", {"forbidden": "forbidden", "allowed": "allowed", "if-all-agree": "conditional"}),
              ("hidden", "signal.visibility", {"required": "forbidden", "agree-before-play": "conditional"}),
              ("second_signal", "signal.count", {"one": "forbidden", "several": "allowed",
                                                 "one-unless-all-agree": "conditional"}))
    for flag, point, outcome in checks:
        if getattr(sit, flag):
            rule = ctx.ask(point)
            verdicts.append("unspecified" if rule is None else outcome[rule])
            ctx.text_of(point)
    if sit.second_signal and ctx.peek("signal.warning"):
        ctx.effect("warning-signal-allowed")
        ctx.text_of("signal.warning")
    if not verdicts:
        ctx.say("why.signal_plain")
    return _combine(ctx, verdicts), [], False


def _same_card(ctx: Ctx) -> tuple[str, Optional[list], Optional[bool]]:
    if ctx.ask("exchange.same_card") is None:
        return "unspecified", [], None
    ctx.say("why.same_first")
    ctx.text_of("exchange.same_card")
    ctx.effect("card-to-first-toucher")
    return ("forbidden" if ctx.sit.touched_second else "allowed"), [], False


EVENT_RULES = {
    "kems": _kems, "double-kems": _double_kems, "contre-kems": _contre_kems,
    "double-contre-kems": _double_contre_kems, "deal": _deal, "exchange": _exchange, "sweep": _sweep,
    "stock-out": _stock_out, "signal": _signal, "same-card": _same_card,
}


def resolve(conv: Convention, sit: Situation, lang: str = "en") -> Ruling:
    """Rule on ``sit`` under ``conv``.  Raises KemsError when the situation is impossible there."""
    ctx = Ctx(conv, sit, lang)
    _check_hands(ctx)
    verdict, score, hand_ends = EVENT_RULES[sit.event](ctx)
    citations, conflicts = [], []
    for point in ctx.used:
        entry = conv.get(point)
        if entry.stated and entry.citation:
            citations.append({"convention": conv.id, "rule_point": point, **entry.citation})
        if entry.stated and entry.conflict:
            conflicts.append({
                "rule_point": point,
                "readings": [
                    {"value": entry.value, "text": entry.text[lang], "citation": entry.citation},
                    {"value": entry.conflict["value"], "text": entry.conflict["text"][lang],
                     "citation": entry.conflict["citation"]},
                ],
            })
    if conflicts:
        ctx.say("why.conflict")
    if verdict == "unspecified" and ctx.unspecified and not any(ctx.unspecified[0] in w for w in ctx.why):
        ctx.say("why.silent", points=", ".join(ctx.unspecified))
    return Ruling(
        convention=conv.id, event=sit.event, verdict=verdict, score=score or [], hand_ends=hand_ends,
        effects=ctx.effects, explanation=" ".join(ctx.why), rule_points=list(ctx.used), citations=citations,
        unspecified=list(ctx.unspecified), conflicts=conflicts, convention_name=conv.name, players=sit.players,
    )
