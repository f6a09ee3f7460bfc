"""``ask``: from a story to a ruling, asking only what the ruling still needs.

The story is read (:mod:`.reader`), the referee rules, and while the ruling ``depends`` on a fact
the story did not give, the first fact it waits for is asked — the questions come from the
resolver's ``needs``, never from a fixed questionnaire.  "I don't know" is always an answer: the
ruling then keeps its branches.  Without a terminal (or with ``--no-input``) nothing is asked.

The prompts themselves go through a :class:`Prompter`; :mod:`.prompts` is the terminal one
(questionary), tests use their own.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Protocol

from ..errors import KemsError
from ..i18n import has, t
from ..outputs import wording
from ..referee import api
from ..referee.resolver import Ruling
from ..referee.situation import CARD_FACTS, CHOICE, EVENTS, FACT_FLAGS, FACTS, FORM_FLAGS, OPTIONS, READING, table_point
from ..words import fold
from .reader import IDIOMS, QUESTION, Reading

if TYPE_CHECKING:
    from ..outputs.compare import Comparison

YES = {"y", "yes", "o", "oui", "true", "1"}
NO = {"n", "no", "non", "false", "0"}


class Prompter(Protocol):
    """How ``ask`` puts a question.  ``None`` is the answer "I don't know"."""

    def choose(self, question: str, choices: list[tuple[str, Any]]) -> Any: ...

    def text(self, question: str, check: Any) -> Optional[str]: ...


@dataclass
class Asked:
    """A ruling reached from a story: the situation as read and as completed, and how."""

    reading: Reading
    event: str
    convention: str
    options: dict[str, Any]
    result: api.Result
    answers: list[tuple[str, Any]] = field(default_factory=list)  # (question, answer) in the order asked
    #: where the story says the letters a team holds ("we have K-E-M-P"): what the letter this ruling
    #: gives does to a team holding them, from the convention's score.target and score.end (letters_note)
    letters: Optional[str] = None
    #: the call the story tells beside what was ruled (``Reading.set_aside``), ruled on its own with what
    #: the story gives of it (nothing asked): a Kems made on a spoken signal, the Double Kems beside a Contre-Kems
    also: Optional[Asked] = None
    #: the questions on the rules a story asks beside its dispute ("…1 point for us, right? and who deals
    #: next?"), each answered under the ruling's convention (:func:`asked_beside`)
    questions: list[dict[str, Any]] = field(default_factory=list)
    #: where the story named no rules and the default convention ruled: the other shipped conventions'
    #: rulings on the same situation, grouped where they agree (:func:`other_rulings`); None where rules were named
    others: Optional[list[dict[str, Any]]] = None
    #: the call the story tells as made after the one ruled, where that one ended the hand: not ruled on its own
    #: (a hand over has no more calls), said instead (``also`` is then None)
    after_end: Optional[str] = None
    #: a Kems and a Contre-Kems at the same moment, which the convention does not settle: what each gives if the table
    #: counts it alone, ruled as a call made alone on the same hand ((event, result) for each; :func:`each_alone`)
    alone: list[tuple[str, api.Result]] = field(default_factory=list)

    @property
    def ruling(self) -> Ruling:
        return self.result.rulings[0]

    def to_json(self, lang: str, command_lang: str) -> dict[str, Any]:
        """As ``ask --json`` gives it (:func:`asked_json`): the output layer's writer asks for it."""
        return asked_json(self, lang, command_lang)

    def after_end_line(self, lang: str) -> Optional[str]:
        """The later call said as coming once the hand was over (``after_end``), in words; None where there is none."""
        if self.after_end is None:
            return None
        key = "ask.after_end_deal" if self.ruling.event == "deal" else "ask.after_end"
        return t(key, lang, call=wording.event_label(self.after_end, lang),
                 first=wording.event_label(self.ruling.event, lang),
                 name=self.ruling.short_name or self.ruling.convention)

    def command(self, lang: str, command_lang: str) -> Optional[str]:
        """The equivalent ``kems-ref rule …`` line (:func:`command_line`)."""
        return command_line(self, lang, command_lang)


def check_reading(reading: Reading, lang: str, can_ask: bool) -> None:
    """Refuse a story the reader cannot stand behind: nothing understood, a negation it cannot
    place, or (when it may not ask) no event."""
    understood = understood_labels(reading, lang)
    said = t("ui.sep", lang).join(understood) or t("ask.nothing", lang)
    unknown = ", ".join(reading.unknown) or t("ask.nothing", lang)
    if reading.problem:
        key, values = reading.problem
        error = KemsError(key, understood=said)
        error.params.update(values)
        raise error
    if not understood:
        raise KemsError("error.ask_unreadable", understood=said, unknown=unknown)
    if reading.event is None and not can_ask:
        raise KemsError("error.ask_no_event", understood=said, unknown=unknown, choices=_events_told(lang))
    if reading.event == "deal" and "hand" not in reading.options and not can_ask:
        raise KemsError("error.ask_deal_cards", understood=said)


def convention_for(named: Optional[str], given: str, explicit: bool) -> str:
    """The convention a story is ruled under: the one its words name, else ``given`` (``-c``, the
    environment, the default); the words and an ``explicit`` -c naming two different ones is refused."""
    from ..corpus.load import canonical, is_path

    given_id = given if is_path(given) else canonical(given)
    if named is None:
        return given_id
    if explicit and given_id != named:
        raise KemsError("error.ask_two_conventions", words=named, option=given)
    return named


#: facts that describe the table, not a call: told alone in a question, they are what it asks about
#: ("peut-on jouer à 5 ?" asks whether five players is allowed)
TABLE_FACTS = {"players": "players.count", "deck": "deck.size"}
#: facts a question on the rules may ask about beside a point it names: the point each asks about
ASKED_WITH = {"second_signal": "signal.count", "verbal": "signal.verbal", "hidden": "signal.visibility",
              "sound": "signal.sound"}


#: an exchange asked in general ("is it legal to take two cards at once?", "on peut prendre deux cartes d'un coup ?"):
#: the rule, not a dispute — unless the story also tells one made (DONE_EXCHANGE)
GENERAL_EXCHANGE = re.compile(
    r"\b(?:is it (?:legal|allowed|ok|okay|fine)|are you allowed|are we allowed|can (?:you|we|i|one|u)"
    r"|may (?:you|we|i|one)|on peut|peut on|on a le droit de|a t on le droit de|le droit de|est ce qu on peut"
    r"|est ce que on peut|c est permis de|c est autorise de)"
    r" (?:to )?(?:take|pick up|pick|grab|swap|exchange|draw|prendre|echanger|piocher|ramasser)\b")
DONE_EXCHANGE = re.compile(
    r"\b(?:took|grabbed|picked|swapped|exchanged|drew|snatched|a pris|avait pris|a echange|a pioche|a ramasse"
    r"|a chope|a attrape|ai pris|ai echange|j ai pris|je ai pris)\b")


#: the rule an exchange asked in general is about, by the fact it tells ("two cards at once": how many at a time)
GENERAL_POINTS = (("cards", "exchange.count"), ("take_first", "exchange.order"), ("over_limit", "exchange.hand_limit"))


def rules_question(story: str, reading: Reading) -> Optional[list[str]]:
    """The rule points a question about the rules asks about ("on joue en combien de points ?",
    "how many points to win under bicycle", "peut-on jouer à 5 ?"): a question that tells no call,
    no cards and no fact of a call (the table's size or deck is what it asks about); ``None`` for a
    dispute."""
    from ..corpus.lookup import find_points
    from .reader import tokenize

    # a question on a rule point the words name ("changer de signe après un contre-kems ?"): the call is its context —
    # unless the call is asked about first and the point only in a later question ("can someone call kems while we
    # sweep? and who may ask for a sweep?"): a dispute, the point answered beside it (asked_beside)
    named_point = any(attr == "rule_point" for _, attr, _ in reading.understood) and not reading.points_later
    # a call told with its hands ("… when one team gets kemps, do both other teams take a letter?"): a dispute, the
    # point a question names answered beside it
    hands_told = reading.event in ("kems", "double-kems", "contre-kems", "double-contre-kems") and any(
        k in reading.options for k in ("hand", "square", "partner_hand", "partner_square"))
    # an exchange told with how it was made ("grabbed 2 cards at once and then put 2 down … or is it one card at a
    # time?"): the dispute, the point asked answered beside it
    # "is it legal to take two cards at once?", no rules named and no order told: the rule asked, as each source gives
    # it (rules named, or the order told, the ruling on such an exchange answers it without branching)
    general = reading.event == "exchange" and reading.convention is None and "take_first" not in reading.options \
        and bool(GENERAL_EXCHANGE.search(fold(story))) and not DONE_EXCHANGE.search(fold(story))
    exchange_told = reading.event == "exchange" and any(k in reading.options for k in ("take_first", "cards",
                                                                                        "over_limit")) and not general
    # a call told with its verdict ("contre kems faux sur Ines. Elle doit montrer ses cartes à qui ?"): the dispute —
    # never one only supposed ("if someone calls contre kems wrong can he call it again?")
    verdict_told = reading.event in ("kems", "double-kems", "contre-kems", "double-contre-kems") and (
        reading.call_wrong or any(attr in ("call_wrong_told", "call_wrong", "kems_verdict")
                                  for _, attr, _ in reading.understood)) \
        and not re.search(r"\b(?:if|si|when|whenever|quand|lorsque|lorsqu)\b", fold(story))
    told = reading.cards_told or hands_told or exchange_told or verdict_told or (
        not named_point and not general and (reading.event is not None or any(
        v not in (None, False) for k, v in reading.options.items() if k not in TABLE_FACTS)))
    if general and not named_point:  # the exchange's own facts say which of its rules is asked
        asked = [point for fact, point in GENERAL_POINTS if fact in reading.options]
        if asked:
            return _and_asked(story, asked)
    words = " ".join(tok.word for tok in tokenize(story))  # "qu'on" read "que on"
    # a question mark asks too where the words name the point ("is it 32 or 52 cards?", "… au début on fait quoi ?")
    if told or not (QUESTION.search(words) or (named_point and "?" in story)):
        return None
    table = [point for fact, point in TABLE_FACTS.items() if fact in reading.options]
    if any(attr == "letters_held" for _, attr, _ in reading.understood):  # "on a K-E-M-P, on a perdu ?"
        table += ["score.system", "score.target", "score.end"]
    told_points = list(table)  # the points the story's own facts ask (its table, its letters)
    table += [value for _, attr, value in reading.understood if attr == "rule_point"]  # "changer de signe"
    if named_point:  # "…and can we have two signals?": the other questions the same story asks, on their points
        table += [point for fact, point in ASKED_WITH.items() if reading.options.get(fact) and point not in table]
        # "how many points to win? and who deals next?": the first question's point, where a later one named its own
        first_clause = story.split("?")[0]
        named_words = [fold(words) for words, attr, _ in reading.understood if attr == "rule_point"]
        # "how many points do you need to win, and who deals after each round?": one question mark, two questions
        joined = SECOND_QUESTION.split(first_clause)
        if len(joined) > 1 and named_words and not any(w in fold(joined[0]) for w in named_words):
            first_clause = joined[0]
        if (("?" in story and story.split("?", 1)[1].strip()) or len(joined) > 1) and named_words \
                and not any(w in fold(first_clause) for w in named_words):
            first = find_points(first_clause)
            # ("we already have K-E-M-P and just lost another hand. are we out? and who deals next?": the first
            # question is the letters', already asked — never a point its other words happen to name)
            if first and not told_points and not any(point in table for point in first):
                table = first[:1] + table
    idioms = [point for pattern, point in IDIOMS if re.search(pattern, words)]
    found = find_points(story)
    if idioms:  # an idiom says its point ("on joue en combien ?"): with the words' points of its topic only
        from ..corpus.catalogue import IDS

        topic = idioms[0].split(".")[0]
        said = sorted({*idioms, *(p for p in found if p.split(".")[0] == topic)}, key=IDS.index)
        table = [p for p in table if p not in said]  # the idiom's point keeps its place among its topic's
        return _and_asked(story, table + said)  # "en combien ? et à 6 ?": both
    if "players.count" in table:  # "on est 6 avec un seul paquet, on peut ?": the decks such a table needs too
        table += [p for p in found if p == "players.decks"]
    return _and_asked(story, list(dict.fromkeys(table or found))) or None  # each point once


def _and_asked(story: str, points: list[str]) -> list[str]:
    """The points of a story's later questions, each asked on its own after a question mark ("can we play
    with 6? and where do partners sit then?"): the point each names first, beside the first question's."""
    from ..corpus.lookup import find_points

    asked = story.split("?")[:-1]  # the clauses a question mark ends
    # "can we play at 6 and how many points to win?": a second question joined by "and", "et"
    clauses = [part for clause in asked for part in SECOND_QUESTION.split(clause)]
    out = list(points)
    from .reader import read, tokenize

    for clause in clauses[1:MAX_QUESTIONS] if points else []:  # each a question, however short
        if not QUESTION.search(" ".join(tok.word for tok in tokenize(clause))):
            continue  # "Marc says 5 Alice says 10." between two questions: what players said, no question
        found = find_points(clause)
        named = [v for _, attr, v in read(clause).understood if attr == "rule_point"]  # "can we change it…"
        if any(p in out for p in found + named):  # "…and can the new one be a word?": already asked, on its point
            continue
        topics = {p.split(".")[0] for p in out}  # "the new one" speaks of what was asked: its topic first
        out += sorted(found, key=lambda p: p.split(".")[0] not in topics)[:1]
    return out


#: the questions one story is answered on: a table asks two or three at once, never dozens (each is read again)
MAX_QUESTIONS = 8
#: "… and how many points…", "… et combien de points…": a second question begins (its question word after
#: "and", "et", "ou", "or"); the first clause keeps the question asked first
SECOND_QUESTION = re.compile(
    r"\s(?:and|et|or|ou|,)\s+(?=(?:how|what|can|could|do|does|is|are|who|when|where|which|may|must|should|combien"
    r"|est-ce|est ce|peut|peut-on|peux|on peut|faut|il faut|quel|quelle|quels|quelles|qui|quand|comment|doit|où)\b)",
    re.IGNORECASE)


def answer_question(points: list[str], named: Optional[str], lang: str,
                    players: Optional[int], more_players: tuple[int, ...] = (),
                    deck: Optional[int] = None) -> tuple[Comparison, bool]:
    """A question about the rules answered as ``compare`` answers it: under the convention the words name, else
    every shipped one; where the named one is silent on every point asked, every convention beside it (what the
    others say, "elsewhere") — with True for that widening."""
    from ..outputs.compare import compare

    more = more_players if players is not None else ()
    if named is None:
        return _asked(compare(points, lang, players=players, more_players=more, deck=deck)), False
    answer = compare([*points, named], lang, players=players, more_players=more, deck=deck)
    from ..corpus.load import load

    conv = load(named).id
    silent = answer.rows and all(row["values"][conv]["silent"] for row in answer.rows if conv in row["values"])
    if not silent or players is not None:
        return _asked(answer), False
    return _asked(compare(points, lang)), True


def _asked(answer: Comparison) -> Comparison:
    """A comparison that answers words: shown under each point's question, never its rule point id."""
    answer.asked = True
    return answer


def table_asked(points: list[str], reading: Reading) -> Optional[int]:
    """The table size a question on the number of players gives ("on est 5, on peut jouer ?"), else None."""
    players = reading.options.get("players")
    return players if "players.count" in points and isinstance(players, int) else None


def deck_asked(points: list[str], reading: Reading) -> Optional[int]:
    """The deck a question on the table's size gives with it ("on est 8 avec un jeu de 32 ?"), else None."""
    deck = reading.options.get("deck")
    return deck if table_asked(points, reading) is not None and isinstance(deck, int) else None


def tables_also(points: list[str], reading: Reading) -> tuple[int, ...]:
    """The other table sizes the question gives as a maybe ("on est 6, peut-être 5 si Marc vient pas"): each answered
    as the first is, beside it."""
    return tuple(reading.also_players) if table_asked(points, reading) is not None else ()


def question_label(points: list[str], lang: str) -> str:
    """What was understood of a question about the rules: the questions of the points it is answered
    with ("a question about the rules: How many players? Must it be even?")."""
    from ..corpus.catalogue import question

    return t("ask.u.rules_question", lang, questions=" ".join(question(point, lang) for point in points))


def _events_told(lang: str) -> str:
    """The situations a story can tell, in the player's words (never the CLI's event ids)."""
    return ", ".join(t(f"event.{e}", lang) for e in EVENTS)


def settle(reading: Reading, convention: str, lang: str, prompter: Optional[Prompter], others: bool = False) -> Asked:
    """Rule on the story; with a prompter, ask for each fact the ruling waits for, one at a time.
    ``others``: the convention is only the default (the story and the user named none): the other
    shipped conventions' rulings on the same situation are given beside it."""
    options = dict(reading.options)
    answers: list[tuple[str, Any]] = []
    event = reading.event
    if event is None:
        assert prompter is not None, "check_reading refuses a story without an event when nothing can be asked"
        event = prompter.choose(t("ask.q.event", lang), [(t(f"event.{e}", lang), e) for e in EVENTS])
        if event is None:
            raise KemsError("error.ask_no_event", understood=t("ui.sep", lang).join(understood_labels(reading, lang))
                            or t("ask.nothing", lang), unknown=", ".join(reading.unknown) or t("ask.nothing", lang),
                            choices=_events_told(lang))
        answers.append((t("ask.q.event", lang), event))
    if event == "deal" and "hand" not in options and prompter is not None:
        cards = card_answer(prompter.text(t("ask.q.deal_hand", lang), _cards_check(lang, yes_no=False)))
        if isinstance(cards, str):
            options["hand"] = cards = normal_cards(cards)
            answers.append((t("ask.q.deal_hand", lang), cards))
    if reading.earlier is not None:  # a call made again: was the caller's earlier one wrong?
        options["barred"] = _earlier_wrong(reading, event, convention, lang)
    if reading.call_wrong:  # "…and I was wrong": the facts a wrong call means under this convention
        options.update(_told_wrong(event, options, convention))
        from ..corpus.naming import likes_of
        from ..referee.situation import ACCUSATIONS

        if (likes_of(convention).get(event) or event) in ACCUSATIONS:
            options["found_wrong"] = True  # the answers under which the source rules it right are left out
    final = event

    def rule(situation: dict[str, Any]) -> api.Result:
        return api.rule(api.situation(final, situation, None, convention), convention)

    result = complete(rule, options, lang, prompter, answers)
    # a call told as made after the one ruled, which ended the hand (a right Contre-Kems under Ducale): no call left
    later = next((value for _, attr, value in reading.understood if attr == "next_later"), None)
    after_end = later if later is not None and result.ruling.hand_ends is True else None
    aside = _set_aside(reading, convention, lang, others and not after_end)
    # where no rules were named, the later call under each source whose ruling lets the hand go on (Wikipédia: a
    # Contre-Kems has no effect on a Double Kems, which then scores)
    # a Kems (or Double Kems) and a Contre-Kems together, which counts left open: each as if alone, never the call
    # told beside it ruled on its own as if it had counted (under the sources that void the Contre-Kems, it scores)
    alone = each_alone(final, options, result.ruling, convention, reading.set_aside == "double-kems")
    then = (aside.event, aside.options) if aside is not None and (after_end or alone) else None
    return Asked(reading, event, convention, options, result, answers, letters_note(reading, result, convention, lang),
                 None if after_end or alone else aside, asked_beside(reading, convention, lang),
                 other_rulings(final, options, result.ruling, then) if others else None, after_end, alone)


def each_alone(event: str, options: dict[str, Any], ruling: Ruling, convention: str,
               double: bool = False) -> list[tuple[str, api.Result]]:
    """A Kems and a Contre-Kems called at the same moment (``simultaneous``), the convention silent on which counts:
    each call ruled as if made alone on the same hand (the Kems's square holder is the one the Contre-Kems
    accuses; ``double``: the call beside it a Double Kems, on the accused team's two hands), so the table sees what
    its choice gives; empty where the convention settles it or for any other situation."""
    from ..corpus.naming import likes_of
    from ..referee.outcomes import Verdict
    from ..referee.situation import OPTIONS

    kind = likes_of(convention).get(event) or event
    if not options.get("simultaneous") or kind not in ("kems", "contre-kems") or ruling.branches \
            or ruling.verdict != Verdict.UNSPECIFIED:
        return []
    out = []
    for call in ("double-kems" if double else "kems", "contre-kems"):
        allowed = {option.attr for option in OPTIONS if call in option.events}
        told = {k: v for k, v in options.items() if k != "simultaneous" and k in allowed}
        try:
            out.append((call, api.rule(api.situation(call, told, None, convention), convention)))
        except KemsError:
            return []
    return out


def other_rulings(event: str, options: dict[str, Any], ruling: Ruling,
                  then: Optional[tuple[str, dict[str, Any]]] = None) -> list[dict[str, Any]]:
    """The other shipped conventions' rulings on the situation ``ruling`` was made on (under a default the
    table did not choose), each group of conventions that rule it alike once: ``{"conventions": [ids],
    "same": whether they rule as ``ruling`` does, "ruling": the group's ruling}`` — or ``"error"`` (the
    KemsError) where the situation cannot be told there (a card its deck lacks).  ``then``: the call told after the
    one ruled (its event and options), ruled under each source whose ruling does not end the hand (``"then"``)."""
    from ..corpus.load import shipped_ids

    groups: list[dict[str, Any]] = []
    for cid in shipped_ids():
        if cid == ruling.convention:
            continue
        try:
            other = api.rule(api.situation(event, options, None, cid), cid).ruling
        except KemsError as error:
            groups.append({"conventions": [cid], "same": False, "ruling": None, "error": error})
            continue
        later = None
        # some answers end the hand (a right Contre-Kems), others not (void beside a Double Kems): the later call
        # is ruled, said to stand only where the hand goes on
        partly = any(b["ruling"].hand_ends is True for b in other.branches)
        if then is not None and other.hand_ends is not True:
            try:
                later = api.rule(api.situation(then[0], then[1], None, cid), cid).ruling
            except KemsError:
                later = None
        key = other.settlement() + (later.settlement() + str(partly) if later is not None else "")
        for group in groups:
            if group["ruling"] is not None and group["key"] == key:
                group["conventions"].append(cid)
                break
        else:
            groups.append({"conventions": [cid], "same": key == ruling.settlement(), "ruling": other, "key": key,
                           "then": later, "then_partly": later is not None and partly})
    return groups


def asked_beside(reading: Reading, convention: str, lang: str) -> list[dict[str, Any]]:
    """The questions on the rules a dispute's story asks beside the call it tells ("…so that's a point
    for us? and who deals next?"): each point it names, with the convention's answer as ``compare``
    gives it (its short answer, or silent, and each reading's text and citation)."""
    from ..corpus.load import load, load_all
    from ..outputs.compare import rows, shown

    points = [value for _, attr, value in reading.understood if attr == "rule_point"]
    points = _and_asked(reading.story, points) if reading.story and points else points
    if not points:
        return []
    conv = load(convention)
    others: Optional[dict[str, dict[str, Any]]] = None  # the other conventions' rows, read once where needed
    out = []
    for row in rows([conv], lang):
        if row["rule_point"] in points:
            answer = shown(row, lang)[0]
            elsewhere = []
            # where this source is silent, what the others say; where it ruled by default (no rules named), the
            # others that answer otherwise ("one card at a time?": Ducale one or more, Bicycle and Marquoir one)
            if answer["silent"] or reading.convention is None:
                if others is None:
                    others = {r["rule_point"]: r for r in rows([c for c in load_all() if c.id != conv.id], lang)}
                elsewhere = [{"convention": other["convention"], "short": other["short"]}
                             for other in shown(others[row["rule_point"]], lang) if not other["silent"]
                             and (answer["silent"] or other["short"] != answer["short"])]
            out.append({"rule_point": row["rule_point"], "question": row["question"], "convention": conv.short_name,
                        "short": answer["short"], "silent": answer["silent"], "readings": answer["readings"],
                        "elsewhere": elsewhere})
    return out


def _set_aside(reading: Reading, convention: str, lang: str, others: bool = False) -> Optional[Asked]:
    """The call a story set aside beside what it rules, read as the dispute and ruled with what the story
    gives (no question asked); None where it cannot be read on its own."""
    from ..corpus.naming import calls_of, likes_of
    from .reader import read

    if reading.set_aside is None or not reading.story:
        return None
    aside = read(reading.story, calls_of(convention), likes_of(convention), prefer=reading.set_aside)
    if aside.problem is not None or aside.event != reading.set_aside:
        return None
    # the Double Kems named by the game's words or by the convention's own name for it
    names = {"double kems", "double kemps"} | {word for word, event in calls_of(convention).items()
                                               if event == "double-kems"}
    said = {attr for words, attr, value in reading.understood if attr in ("square", "partner_square")
            and value is True and fold(words) in names}
    both = reading.options.get("square") is True and reading.options.get("partner_square") is True
    if aside.event == "double-kems" and (said == {"square", "partner_square"} or both) \
            and not {"hand", "partner_hand"} & set(aside.options) \
            and all(aside.options.get(k, True) is True for k in ("square", "partner_square")):
        # the Contre-Kems beside it was ruled on the accused team's two squares ("Paul and Lena both really had
        # quads"): the Double Kems, that team's call, on them too
        aside.options.update(square=True, partner_square=True)
    try:
        return settle(aside, convention, lang, None, others)
    except KemsError:
        return None


def letters_note(reading: Reading, result: api.Result, convention: str, lang: str) -> Optional[str]:
    """"We have K-E-M-P": where the ruling gives a team a letter and the convention spells a word, what
    that letter does to a team already holding the letters told — the whole word, and what spelling it
    does under score.end (out, loses, wins), cited; None where the story tells no letters or the ruling
    gives none."""
    held = next((v for _, attr, v in reading.understood if attr == "letters_held"), None)
    ruling = result.rulings[0]
    # a ruling that turns on a fact not told: the letter its branches give (each a team taking one)
    changes = [s for r in (ruling, *(b["ruling"] for b in ruling.branches)) for s in r.score or []
               if s["unit"] == "letter"]
    if held is None or not changes:
        return None
    return _letters_line(held, changes[0]["change"], convention, lang, _table_word(reading))


#: a hand lost, told in a question ("si on perd cette manche, on est éliminés ?", "if we lose this hand")
LOSING = re.compile(r"\b(?:perd|perdons|perdez|perdent|perdre|perdu|lose|loses|lost|losing)\b")


def letters_if_lost(story: str, reading: Reading, lang: str) -> Optional[str]:
    """A question told with the letters a team holds and a hand lost ("sous pagat on a K-E-M, si on perd cette
    manche on est éliminés ?"): where the named convention's letters are penalties (a lost hand costs one), what
    that letter does to such a team; None otherwise."""
    from ..corpus.load import letters_kind, load
    from .reader import fold

    held = next((v for _, attr, v in reading.understood if attr == "letters_held"), None)
    if held is None or reading.convention is None or not LOSING.search(fold(story)):
        return None
    conv = load(reading.convention)
    if letters_kind(conv) != "penalty":
        return None
    line = _letters_line(held, 1, reading.convention, lang, _table_word(reading))
    if line and HOW_MANY.search(fold(story)):  # "combien de manches on peut encore perdre ?": the count itself
        word = _target_word(conv)
        left = len(word) - len(held.replace("-", "")) - 1 if word else -1
        if left >= 0:
            key = "ask.letters_left" if left else "ask.letters_none_left"
            line = t(key, lang, held=held, left=left, word=word) + " " + line
    return t("ask.letters_lost", lang, name=conv.short_name, line=line) if line else None


#: a question on how many ("combien de manches on peut encore perdre ?", "how many more hands can we lose?")
HOW_MANY = re.compile(r"\b(?:combien|how many)\b")


def letters_convention(reading: Reading) -> Optional[str]:
    """The one shipped convention whose game spells the letters a story says a team holds ("we're on K-E-M-P
    already") where the story names none: the letters say which game is played (only Pagat keeps the score in
    letters); None where the story names a convention, tells no letters, or several games spell them."""
    from ..corpus.load import load_all

    held = next((v for _, attr, v in reading.understood if attr in ("letters_held", "letters_game")), None)
    if held is None or reading.convention is not None:
        return None
    letters = held.replace("-", "")
    in_letters = [conv for conv in load_all() if conv.value("score.system") == "letters"]
    spelling = [conv.id for conv in in_letters if (_target_word(conv) or "").startswith(letters)]
    if not spelling and any(attr == "letters_game" for _, attr, _ in reading.understood) and len(in_letters) == 1:
        spelling = [in_letters[0].id]  # "on joue aux lettres K-E-M-S": a letters game all the same, the one shipped
    return spelling[0] if len(spelling) == 1 else None


def letters_convention_line(reading: Reading, convention: str, lang: str) -> str:
    """What names the convention a story's letters point to (:func:`letters_convention`), said first: the letters
    told and the one game that keeps its score in them."""
    from ..corpus.load import load

    held = next((v for _, attr, v in reading.understood if attr == "letters_held"), None) \
        or next(v for _, attr, v in reading.understood if attr == "letters_game")  # the letters held said first
    return t("ask.letters_convention", lang, held=held, name=load(convention).short_name)


def _target_word(conv: Any) -> Optional[str]:
    """The word a convention's letters game spells (None where the table chooses it, or there is none)."""
    from ..game.play import setup

    try:
        return setup(conv, None).target_word
    except KemsError:
        return None


def _table_word(reading: Reading) -> Optional[str]:
    """The word the table says it spells ("we play with letters KEMS"), or None where it says none."""
    told = next((v for _, attr, v in reading.understood if attr == "letters_game"), None)
    return told.replace("-", "") if told else None


def _letters_line(held: str, change: int, convention: str, lang: str,
                  table_word: Optional[str] = None) -> Optional[str]:
    """What ``change`` letters do to a team holding ``held`` under ``convention``'s word and end, cited.  A table
    that says it spells its own word ("we play with letters KEMS" under Pagat's KEMPS): counted in that word, said
    first as the table's own, the convention's end applied to it."""
    from ..corpus.load import load, localized
    from ..game.play import setup
    from ..outputs.compare import cite

    conv = load(convention)
    try:
        game = setup(conv, None)
    except KemsError:
        return None  # a word the table chooses, or no word: nothing to spell
    if game.target_word is None:
        return None
    word, house = game.target_word, ""
    if table_word and table_word != word and table_word.startswith(held.replace("-", "")):
        word, house = table_word, t("ask.letters_table_word", lang, table="-".join(table_word),
                                    word="-".join(game.target_word), name=conv.short_name) + " "
    count = len(held.replace("-", ""))
    after = count + change
    end = conv.get("score.end")
    if not end.stated:
        key, said = "ask.letters_short", ""
    elif after < len(word):  # not yet spelled: what spelling it would do, cited ("…and once we spell it?")
        where = localized(end.citation, lang)
        key, said = f"ask.letters_short_{game.end_rule}", where["section"] if where else ""
    else:
        key, said = f"ask.letters_{game.end_rule}", cite(localized(end.citation, lang))
    return house + t(key if has(key, lang) else "ask.letters_short", lang, held=held, word=word,
                     after="-".join(word[:max(after, 0)]) or "—", name=conv.short_name, cite=said)


def _earlier_wrong(reading: Reading, event: str, convention: str, lang: str) -> bool:
    """The caller makes his accusation again in the hand: the earlier one was wrong — the caller then
    already called wrong in this hand (``--barred``) — where the teller says the accused took the
    point, or where the convention rules the earlier call, as told, wrong.  Anything else is not
    guessed: the story is refused, saying what it lacks."""
    from ..referee.situation import ACCUSATIONS

    earlier = reading.earlier
    assert earlier is not None
    wrong: Optional[bool] = None
    if earlier.event in ACCUSATIONS and event in ACCUSATIONS:
        if earlier.options.get("barred") or earlier.call_wrong:  # "Noah already made a wrong contre kems", "…on me
            wrong = True  # and was wrong": told wrong
        elif earlier.point_ours is not None and earlier.narrator in ("accused", "caller"):
            wrong = earlier.point_ours == (earlier.narrator == "accused")  # the accused team took the point
        else:
            first = api.rule(api.situation(earlier.event, earlier.options, None, convention), convention)
            wrong = True if first.rulings[0].verdict == "rejected" else None
    if not wrong:
        said = t("ui.sep", lang).join(understood_labels(reading, lang)) or t("ask.nothing", lang)
        raise KemsError("error.ask_earlier_call", understood=said,
                        call=wording.event_label(earlier.event or event, lang))
    return True  # the ruling says it: the caller already called wrong in this hand


#: the facts of an accusation a teller's verdict may settle: (the fact, the cards that would say it)
VERDICT_FACTS = (("square", "hand"), ("partner_square", "partner_hand"))


def _told_wrong(event: str, options: dict[str, Any], convention: str) -> dict[str, Any]:
    """What the caller's "I was wrong" settles under ``convention``: every way the hands not given
    could be is ruled, and those under which the source rules the call wrong, or leaves it unsettled
    (in its ruling, or in one of its branches), are kept; a fact the same in all of them follows from
    the source's meaning of a wrong call (Règle brève, a Contre-Kems on the team: neither accused player
    held a square).  A fact they leave open stays unknown: the ruling then shows its branches."""
    from itertools import product

    open_facts = [fact for fact, cards in VERDICT_FACTS if fact not in options and cards not in options]

    def wrong(ruling: Ruling) -> bool:  # wrong, or not excluded: a case the source does not settle
        if ruling.branches:
            return any(wrong(b["ruling"]) for b in ruling.branches)
        return ruling.verdict in ("rejected", "unspecified")

    kept = []
    for values in product((True, False), repeat=len(open_facts)):
        tried = {**options, **dict(zip(open_facts, values, strict=True))}
        if wrong(api.rule(api.situation(event, tried, None, convention), convention).rulings[0]):
            kept.append(dict(zip(open_facts, values, strict=True)))
    return {fact: kept[0][fact] for fact in open_facts if kept and all(k[fact] == kept[0][fact] for k in kept)}


def complete(rule: Any, options: dict[str, Any], lang: str, prompter: Optional[Prompter],
             answers: Optional[list[tuple[str, Any]]] = None) -> api.Result:
    """Rule with ``rule(options)``; with a prompter, ask for each fact the ruling still waits for,
    one at a time (``options`` is completed in place, ``answers`` records what was asked), until the
    ruling waits for nothing or every question left was answered "I don't know".  The score sheet's
    short entries (``game kems Léa``) ask the same way."""
    answers = answers if answers is not None else []
    skipped: set[str] = set()
    while True:
        result: api.Result = rule(options)
        ruling = result.rulings[0]
        pending = [n for n in wording.needs(ruling, lang) if n["fact"] not in skipped]
        if not ruling.branches or prompter is None or not pending:
            return result
        need = pending[0]

        def trial(fact: str, answer: Any, options: dict[str, Any] = options) -> None:
            """Raise if the answer makes the situation impossible (a sixth king): asked again."""
            tried = dict(options)
            _apply(tried, fact, answer)
            rule(tried)

        answer = _ask(prompter, need, ruling, lang, trial)
        if answer is None:
            skipped.add(need["fact"])
            answers.append((need["question"], None))
            continue
        _apply(options, need["fact"], answer)
        answers.append((need["question"], answer))


def _ask(prompter: Prompter, need: dict[str, Any], ruling: Ruling, lang: str, trial: Any) -> Any:
    from ..outputs.ruling import condition

    fact = need["fact"]
    dont_know = (t("ask.dont_know", lang), None)
    if fact in CARD_FACTS:
        typed = prompter.text(need["question"] + " " + t("ask.cards_or_yes_no", lang),
                              _cards_check(lang, yes_no=True, trial=lambda text: trial(fact, card_answer(text))))
        return card_answer(typed)
    if fact.startswith(CHOICE):  # the values the source offers, in the file's order
        return prompter.choose(need["question"], [*[(str(n), n) for n in (1, 2)], dont_know])
    if fact.startswith(READING):
        point = fact[len(READING):]
        conflict = next(c for c in wording.conflicts(ruling, lang) if c["rule_point"] == point)
        choices = [(r["text"], i) for i, r in enumerate(conflict["readings"], 1)]  # numbered by the prompt
        return prompter.choose(need["question"], [*choices, dont_know])
    choices = [(_capital(condition(fact, value, lang, ruling.event)), value) for value in FACTS[fact][0]]
    return prompter.choose(need["question"], [*choices, dont_know])


def _apply(options: dict[str, Any], fact: str, answer: Any) -> None:
    if table_point(fact):
        options["reading"] = [*options.get("reading", []), f"{table_point(fact)}={answer}"]
    elif fact in CARD_FACTS and isinstance(answer, str):
        options[CARD_FACTS[fact]] = normal_cards(answer)
    elif fact == "signal_form":  # told now: the flag of ``rule signal`` that says it (none: a gesture)
        options.pop("form_unknown", None)
        flag = FORM_FLAGS[answer]
        if flag:
            options[flag] = True
    else:
        options[fact] = answer


def _cards_check(lang: str, yes_no: bool, trial: Any = None) -> Any:
    """The answer to a question about cards: cards, or (where allowed) yes / no; empty: unknown.
    Returns a function giving True, or the message saying what is wrong (the card that cannot be
    read, the sixth king that cannot exist)."""
    from ..referee.cards import parse_cards
    from .reader import read_cards

    def check(text: str) -> Any:
        word = text.strip().lower()
        if not word:
            return True
        try:
            if not (yes_no and (word in YES or word in NO)) and read_cards(text) is None:
                parse_cards(text)
            if trial is not None:
                trial(text)
        except KemsError as exc:
            return exc.render(lang)
        return True

    return check


def card_answer(text: Optional[str]) -> Any:
    """What a typed answer about cards means: the cards, True/False (yes/no), or None (unknown)."""
    if text is None or not text.strip():
        return None
    word = text.strip().lower()
    if word in YES:
        return True
    if word in NO:
        return False
    from .reader import read_cards

    return read_cards(text) or text.strip()


def normal_cards(text: str) -> str:
    """Typed cards in the notation of ``rule`` ("roi 7♥ d" -> "K 7♥ Q")."""
    from ..referee.cards import parse_cards

    return " ".join(card.label("en") for card in parse_cards(text))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- saying what was understood, and the command that gives the same ruling -----------------

def understood_labels(reading: Reading, lang: str) -> list[str]:
    """What the reader took from the story, in words (the event, the convention, each fact)."""
    from ..corpus.load import load
    from ..outputs.ruling import condition
    from ..referee.cards import parse_cards, show

    out = []
    event = reading.event or ""
    rank = {"event": 0, "hand": 1, "partner_hand": 1, "square": 1, "partner_square": 1, "convention": 3}
    for _words, attr, value in sorted(reading.understood, key=lambda u: rank.get(u[1], 2)):
        if attr in ("hand", "partner_hand", "lifted", "touched"):
            value = show(parse_cards(value), lang)
        if attr == "event":  # a call of a house file's own (Kent's broken) by its id
            label = wording.event_label(value, lang)
        elif attr == "earlier":  # a call made earlier in the hand, read apart
            label = t("ask.u.earlier", lang, value=wording.event_label(value, lang))
        elif attr == "rule_point":  # "en changer en cours de partie": the point a question names
            from ..corpus.catalogue import question

            label = question(value, lang)
        elif attr in ("next_unmade", "next_later", "call_on_signal", "call_on_exchange"):  # a call not the one ruled
            label = t(f"ask.u.{attr}", lang, value=wording.event_label(value, lang))
        elif attr == "point_ours":
            label = t("ask.u.point_ours" if value else "ask.u.point_theirs", lang)
        elif attr == "convention":
            label = load(value).short_name
        elif attr in ("hand", "partner_hand"):
            key = f"ask.u.{attr}.{event}"
            if attr == "hand" and reading.options.get("by_holder"):  # he holds the square and called it
                key = "ask.u.hand.by_holder"
            label = t(key if has(key, lang) else f"ask.u.{attr}", lang, value=value)
        elif attr == "square" and reading.options.get("by_holder"):  # the caller's own square, not his partner's
            label = t(f"ask.u.square_by_holder.{str(value).lower()}", lang)
        elif attr in FACT_FLAGS or attr in CARD_FACTS:
            label = condition(attr, value, lang, event)
        else:
            label = t(f"ask.u.{attr}", lang, value=value)
        if label not in out:
            out.append(label)
    return out



def command_line(asked: Asked, lang: str, default_lang: str) -> Optional[str]:
    """The ``kems-ref rule …`` line that gives the same ruling; ``None`` where no flags say what the
    ruling waits for (a signal whose form is unknown: ``rule signal`` without flags is a gesture)."""
    if asked.options.get("form_unknown"):
        return None
    parts = ["kems-ref", "rule", asked.event, "-c", shlex.quote(asked.convention)]
    for option in OPTIONS:
        value = asked.options.get(option.attr)
        if value is None or (value is False and option.kind != "fact") or value == []:
            continue
        if option.kind == "cards":  # normalised cards (ranks, suit symbols): safe in double quotes
            parts += [option.names[0], f'"{value}"']
        elif option.kind == "int":
            parts += [option.names[0], str(value)]
        elif option.kind == "flag":
            parts.append(option.names[0])
        elif option.kind == "fact":
            parts.append(option.flags[0] if value else option.flags[1])
        elif option.kind == "readings":
            for spec in value:
                parts += [option.names[0], spec]
    if lang != default_lang:
        parts += ["--lang", lang]
    return " ".join(parts)


def asked_json(asked: Asked, lang: str, command_lang: str) -> dict[str, Any]:
    """``ask --json``: the ruling's JSON, the equivalent ``rule`` command (its ``--lang`` said where it
    is not ``command_lang``), what was understood, not understood and corrected."""
    reading = asked.reading
    return {**wording.result_json(asked.result, lang), "command": command_line(asked, lang, command_lang),
            "understood": [{"words": w, "option": o, "value": v} for w, o, v in reading.understood],
            "unknown": reading.unknown,
            "corrections": [{"typed": typed, "read": read_as} for typed, read_as in reading.corrections],
            "letters": asked.letters,
            "also": None if asked.also is None else {**wording.result_json(asked.also.result, lang),
                                                     "command": command_line(asked.also, lang, command_lang),
                                                     "others": others_json(asked.also.others, lang)},
            "questions": asked.questions, "others": others_json(asked.others, lang),
            "after_hand_end": asked.after_end,
            "if_alone": [{"event": call, **wording.result_json(result, lang)} for call, result in asked.alone]}


def others_json(others: Optional[list[dict[str, Any]]], lang: str) -> Optional[list[dict[str, Any]]]:
    """``ask --json``'s ``others``: where no rules were named, each group of the other shipped conventions
    that rule alike — ``{"conventions", "same" (as the default), "ruling" (its object, or null), "error"
    (why the situation cannot be told there, or null)}``; null where rules were named."""
    if others is None:
        return None
    return [{"conventions": group["conventions"], "same": group["same"],
             "ruling": None if group["ruling"] is None else wording.ruling_json(group["ruling"], lang),
             "then": None if group.get("then") is None else wording.ruling_json(group["then"], lang),
             "then_partly": bool(group.get("then_partly")),
             "error": None if group["ruling"] is not None else group["error"].render(lang)} for group in others]
