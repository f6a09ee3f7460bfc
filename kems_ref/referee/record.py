"""A ruling as stored data: every field of a :class:`~kems_ref.referee.resolver.Ruling` in plain JSON,
its reasons as message keys with typed parameters — no sentence worded.  The score sheet writes a
call's ruling this way once and words it whenever it is read, in the reader's language
(:func:`kems_ref.outputs.wording.ruling_json`): a call entered in French reads in English.

``load(dump(ruling))`` words exactly as ``ruling`` does, in every language (a test holds it to that
for every ruling-table case).  A ruling recorded before rulings were kept as data (its words only:
an explanation in the language of whoever entered it) is read by :func:`from_words`, its explanation
kept as it was written.
"""

from __future__ import annotations

from typing import Any

from ..corpus.decks import Deck
from ..errors import KemsError, Names
from .cards import Card
from .outcomes import Effect, Team, Verdict
from .reasons import VERBATIM, Asked, Cards, Failure, Msg, Questions, Reason, Text
from .resolver import Ruling

#: the stored form's version (a stored ruling says which form it is in)
FORMAT = 2


def dump(ruling: Ruling) -> dict[str, Any]:
    """The ruling as JSON-able data, lossless."""
    return {
        "format": FORMAT, "convention": ruling.convention, "event": ruling.event, "verdict": str(ruling.verdict),
        "score_settled": ruling.score_settled, "hand_ends": ruling.hand_ends,
        "score": [{**s, "team": str(s["team"])} for s in ruling.score],
        "effects": [str(e) for e in ruling.effects],
        "reasons": [_reason(r) for r in ruling.reasons],
        "rule_points": list(ruling.rule_points), "citations": list(ruling.citations),
        "unspecified": list(ruling.unspecified), "conflicts": list(ruling.conflicts), "notes": list(ruling.notes),
        "related": list(ruling.related), "needs": list(ruling.needs),
        "branches": [{"if": b["if"], "ruling": dump(b["ruling"])} for b in ruling.branches],
        "convention_name": ruling.convention_name, "short_name": ruling.short_name,
        "call_names": ruling.call_names, "players": ruling.players, "like": ruling.like,
        "publications": ruling.publications, "corpus": ruling.corpus,
    }


def load(data: dict[str, Any]) -> Ruling:
    """A ruling from its stored data (:func:`dump`); raises ``ValueError`` on data no dump wrote."""
    try:
        return Ruling(
            convention=str(data["convention"]), event=str(data["event"]), verdict=Verdict(data["verdict"]),
            score_settled=bool(data["score_settled"]), hand_ends=data["hand_ends"],
            score=[{**s, "team": Team(s["team"]), "change": _whole(s["change"])} for s in data["score"]],
            effects=[Effect(e) for e in data["effects"]],
            reasons=[_unreason(r) for r in data["reasons"]],
            rule_points=list(data["rule_points"]), citations=list(data["citations"]),
            unspecified=list(data["unspecified"]), conflicts=list(data["conflicts"]), notes=list(data["notes"]),
            related=list(data["related"]), needs=list(data["needs"]),
            branches=[{"if": dict(b["if"]), "ruling": load(b["ruling"])} for b in data["branches"]],
            convention_name=str(data["convention_name"]), short_name=str(data["short_name"]),
            call_names=data["call_names"], players=_whole(data["players"]), like=data["like"],
            # kept since rulings name their publications and data (older ones, without them)
            publications=list(data.get("publications") or []), corpus=dict(data.get("corpus") or {}),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a stored ruling ({exc!r})") from None


def from_words(worded: dict[str, Any]) -> Ruling:
    """A ruling recorded as the words of its JSON (``rule --json``, in the language of whoever
    entered it), as the sheet kept them before rulings were kept as data: what a table applies is
    read from it as it is (verdict, score, hand end, branches), its explanation is kept in the words
    it was written in, its citations as they were worded."""
    try:
        explanation = worded.get("explanation")
        return Ruling(
            convention=str(worded.get("convention") or ""), event=str(worded["event"]),
            verdict=Verdict(worded["verdict"]), score_settled=bool(worded.get("score_settled")),
            hand_ends=worded.get("hand_ends"),
            score=[{**s, "team": Team(s["team"]), "change": _whole(s["change"])} for s in worded.get("score") or []],
            effects=[Effect(e) for e in worded.get("effects") or []],
            reasons=[Reason.verbatim(explanation)] if explanation else [],
            rule_points=list(worded.get("rule_points") or []),
            citations=[{"convention": c.get("convention"), "rule_point": c.get("rule_point"),
                        "citation": {k: v for k, v in c.items() if k not in ("convention", "rule_point", "force",
                                                                              "reading")},
                        "force": c.get("force"), **({"reading": c["reading"]} if "reading" in c else {})}
                       for c in worded.get("citations") or []],
            unspecified=list(worded.get("unspecified") or []),
            conflicts=[{"rule_point": c.get("rule_point"), "reading": c.get("reading"),
                        "readings": list(c.get("readings") or [])} for c in worded.get("conflicts") or []],
            notes=list(worded.get("notes") or []), related=list(worded.get("related") or []),
            needs=[n["fact"] if isinstance(n, dict) else n for n in worded.get("needs") or []],
            branches=[{"if": dict(b["if"]), "ruling": from_words(b["ruling"])} for b in worded.get("branches") or []],
            call_names=worded.get("call_name"), players=_whole(worded.get("players", 4)), like=worded.get("like"),
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"not a worded ruling ({exc!r})") from None


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"not a whole number: {value!r}")
    return value


# --- a reason and its parameters ------------------------------------------------------------------

def _reason(reason: Reason) -> dict[str, Any]:
    return {"key": reason.key, "params": {name: _param(value) for name, value in reason.params}}


def _unreason(data: dict[str, Any]) -> Reason:
    return Reason(str(data["key"]), tuple((str(name), _unparam(value)) for name, value in data["params"].items()))


def _param(value: Any) -> dict[str, Any]:
    """One parameter, tagged with its kind (a plain value is ``{"value": …}``)."""
    if isinstance(value, Msg):
        return {"msg": value.key}
    if isinstance(value, Text):
        return {"text": value.texts}
    if isinstance(value, Cards):
        deck = value.deck
        return {"cards": [[c.rank, c.suit] for c in value.cards],
                "deck": None if deck is None else {"id": deck.id, "ranks": list(deck.ranks), "suits": list(deck.suits),
                                                   "rank_words": deck.rank_words, "suit_words": deck.suit_words,
                                                   "rank_labels": deck.rank_labels, "suit_labels": deck.suit_labels}}
    if isinstance(value, Questions):
        return {"questions": list(value.points)}
    if isinstance(value, Asked):
        return {"asked": list(value.facts), "event": value.event}
    if isinstance(value, Failure):
        return {"failure": _error(value.error)}
    if isinstance(value, Reason):
        return {"reason": _reason(value)}
    if isinstance(value, KemsError):
        return {"error": _error(value)}
    if isinstance(value, Names):  # a word in each language (the rank of an impossible hand: K / R)
        return {"names": dict(value)}
    return {"value": str(value) if isinstance(value, str) else value}  # an enum (a team) as its value


def _unparam(data: dict[str, Any]) -> Any:
    kind, payload = next(iter(data.items()))
    if kind == "msg":
        return Msg(str(payload))
    if kind == "text":
        return Text(payload)
    if kind == "cards":
        deck = data["deck"]
        return Cards(tuple(Card(str(r), s) for r, s in payload), None if deck is None else Deck(
            deck["id"], tuple(deck["ranks"]), tuple(deck["suits"]), dict(deck["rank_words"]),
            dict(deck["suit_words"]), dict(deck["rank_labels"]), dict(deck["suit_labels"])))
    if kind == "questions":
        return Questions(tuple(payload))
    if kind == "asked":
        return Asked(tuple(payload), str(data["event"]))
    if kind == "failure":
        return Failure(_unerror(payload))
    if kind == "reason":
        return _unreason(payload)
    if kind == "error":
        return _unerror(payload)
    if kind == "names":
        return Names(payload)
    if kind == "value":
        return payload
    raise ValueError(f"not a stored parameter: {kind!r}")


def _error(error: KemsError) -> dict[str, Any]:
    return {"key": error.key, "file": error.file, "line": error.line,
            "params": {name: _param(value) for name, value in error.params.items()}}


def _unerror(data: dict[str, Any]) -> KemsError:
    return KemsError(str(data["key"]), data.get("file"), data.get("line"),
                     **{str(name): _unparam(value) for name, value in data["params"].items()})


__all__ = ["FORMAT", "VERBATIM", "dump", "from_words", "load"]
