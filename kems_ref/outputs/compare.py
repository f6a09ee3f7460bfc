"""Conventions side by side, rule point by rule point, and the points where published ones disagree."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

from ..corpus.catalogue import TOPICS
from ..corpus.load import MARKED_FORCES, Convention, RuleEntry, entry_of, localized, points_of, text_in
from ..errors import KemsError
from ..i18n import t
from .values import short as short_value
from .values import short_entry


def _key(entry: RuleEntry) -> str:
    return json.dumps(entry.value, sort_keys=True)


def disagrees(entries: list[RuleEntry]) -> bool:
    """Two stated answers differ, or one source contradicts itself."""
    stated = {_key(e) for e in entries if e.stated}
    return len(stated) > 1 or any(e.stated and e.conflict for e in entries)


def labels(convs: list[Convention]) -> list[str]:
    """Column names: the ids, and where two conventions share an id (two house files both called
    'maison', a copy keeping 'pagat'), the id with the file it came from."""
    ids = [c.id for c in convs]
    out = []
    for conv in convs:
        label = conv.id
        if ids.count(conv.id) > 1:
            label = f"{conv.id} ({conv.ref})" if conv.ref else f"{conv.id} (shipped)"
        out.append(label)
    counts = {label: out.count(label) for label in out}
    seen: dict[str, int] = {}
    for i, label in enumerate(out):  # the same file named twice: number the copies
        seen[label] = seen.get(label, 0) + 1
        if counts[label] > 1:
            out[i] = f"{label} #{seen[label]}"
    return out


def rows(convs: list[Convention], lang: str, topic: Optional[str] = None,
         only_differences: bool = False) -> list[dict[str, Any]]:
    if topic is not None and topic not in TOPICS:
        raise KemsError("error.unknown_topic", topic=topic, choices=", ".join(TOPICS))
    out = []
    for point in points_of(convs):
        if topic and point.topic != topic:
            continue
        entries = [entry_of(c, point.id) for c in convs]
        agree = not disagrees(entries)
        if only_differences and agree:
            continue
        values = {}
        for label, entry in zip(labels(convs), entries, strict=True):
            values[label] = {
                "status": entry.public_status,
                "silent": not entry.stated,
                "inherited_from": entry.inherited_from,
                "force": entry.force if entry.stated else None,
                "value": entry.value if entry.stated else None,
                "text": text_in(entry.text, lang) if entry.stated else None,
                "short": short_entry(point.id, entry, lang) if entry.stated else None,
                "choices": entry.choices if entry.stated else [],
                "citation": localized(entry.citation, lang) if entry.stated else None,
                # what a silent source says near the point ("another player turns the middle cards": not who
                # deals), with where: shown beside its silence, never as an answer
                "note": ({"text": text_in(entry.note, lang), "citation": localized(entry.citation, lang)
                          if entry.citation else None} if not entry.stated and entry.note else None),
                "conflict": ({"value": entry.conflict["value"], "text": text_in(entry.conflict["text"], lang),
                              "short": short_value(point.id, entry.conflict["value"], lang),
                              "citation": localized(entry.conflict["citation"], lang)}
                             if entry.stated and entry.conflict else None),
            }
        out.append({"rule_point": point.id, "topic": point.topic, "question": point.question(lang),
                    "values": values, "agree": agree})
    return out


def standing(row: dict[str, Any], lang: str) -> tuple[str, str]:
    """Where the sources stand on one point, in a few words: ``differs``; ``agree`` (two or more say the same);
    ``one`` (a single source says it, the others are silent: the table agrees the rest); ``none`` (no source says
    it); or nothing for a single source shown."""
    if len(row["values"]) < 2:
        return "", ""
    if not row["agree"]:
        return "differs", t("ui.differs", lang)
    said = [label for label, value in row["values"].items() if not value["silent"]]
    if not said:
        return "none", t("ui.none_say", lang)
    if len(said) == 1:
        return "one", t("ui.only_one", lang, name=said[0])
    return "agree", t("ui.agree", lang)


def call_names(convs: list[Convention], lang: str) -> dict[str, dict[str, str]]:
    """Each convention's own names for its calls (Pagat: Stop Kemps; Gemsch: Gegen-Gemsch)."""
    out = {}
    for label, conv in zip(labels(convs), convs, strict=True):
        names = {event: name for event in conv.calls if (name := conv.call_name(event, lang))}
        if names:
            out[label] = names
    return out


def short(value: dict[str, Any], lang: str) -> str:
    """A source's answer in a few words, as a comparison's cell gives it: its short value and its force
    where it is not the plain rule ("5 pt (advice)"), or silent (inherited from the convention it extends)."""
    if value["silent"]:
        if value["inherited_from"]:
            return t("ui.silent_inherited", lang, parent=value["inherited_from"])
        return t("ui.silent_cell", lang)
    force = f" ({t('ui.force.' + value['force'], lang)})" if value["force"] in MARKED_FORCES else ""
    return f"{value['short']}{force}"


def summary(value: dict[str, Any], lang: str, first: str = "", second: str = "") -> str:
    """A source's answer in a few words (:func:`short`); for a source that contradicts itself, each
    reading's answer, none put before the other as the source's ("+1 pt (accused) or -1 pt (callers)"),
    each followed by ``first`` and ``second`` (a reference to its citation) where given."""
    said = f"{short(value, lang)} {first}".rstrip()
    if not value["conflict"]:
        return said
    return t("ui.either", lang, first=said, second=f"{value['conflict']['short']} {second}".rstrip())


def cite(citation: Optional[dict[str, Any]]) -> str:
    """``source — section``, or nothing where there is no citation."""
    return f"{citation['source']} — {citation['section']}" if citation else ""


def shown(row: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """One rule point's answers as a page or the terminal shows them, source after source: the
    ``convention``, its ``short`` answer, whether it is ``silent`` and whether it contradicts itself
    (``conflict``, with its ``mark``), then what it says in full with its citation — one reading, or
    for a self-contradicting source each of its readings, labelled ("Reading 1", "Reading 2")."""
    out = []
    for label, value in row["values"].items():
        said = [(value["text"], value["citation"])] if not value["silent"] else []
        if value["conflict"]:
            said.append((value["conflict"]["text"], value["conflict"]["citation"]))
        several = len(said) > 1
        readings = [{"label": f"{t('ui.reading', lang)} {n}" if several else "", "text": text or "",
                     "citation": cite(citation)} for n, (text, citation) in enumerate(said, 1)]
        if value.get("note"):  # a silence with what the source says near it, labelled a note
            readings.append({"label": t("ui.note", lang), "text": value["note"]["text"],
                             "citation": cite(value["note"]["citation"])})
        out.append({"convention": label, "short": summary(value, lang), "silent": value["silent"],
                    "conflict": bool(value["conflict"]),
                    "mark": t("ui.conflict_mark", lang) if value["conflict"] else "", "readings": readings})
    return out


def names_line(calls: dict[str, dict[str, str]], lang: str) -> str:
    """``Calls by their own names: pagat: Contre-Kems = Stop Kemps; …`` (empty when none)."""
    if not calls:
        return ""
    from .wording import event_label

    parts = [f"{label}: " + ", ".join(f"{event_label(e, lang)} = {name}" for e, name in names.items())
             for label, names in calls.items()]
    return t("ui.call_names", lang) + " " + "; ".join(parts)


@dataclass
class Comparison:
    """``compare``'s answer: the columns (one per convention), the rows (one per rule point, in
    ``lang``) and each convention's own names for its calls."""

    labels: list[str]
    rows: list[dict[str, Any]]
    calls: dict[str, dict[str, str]] = field(default_factory=dict)
    #: the publications the rows cite, each once (:func:`kems_ref.corpus.load.publications_named`)
    publications: list[dict[str, Any]] = field(default_factory=list)
    #: the data it was made from, as a ruling's (:func:`kems_ref.corpus.load.corpus_of`)
    corpus: dict[str, Any] = field(default_factory=dict)
    #: a question on a table size ("on est 5, on peut jouer ?"): the size asked and, for each
    #: convention, whether its stated count allows it (:func:`table_answers`); None for any other
    table: Optional[dict[str, Any]] = None
    #: the other sizes the same question gives as a maybe ("peut-être 5 si Marc vient pas"), each answered as ``table``
    more_tables: list[dict[str, Any]] = field(default_factory=list)
    #: a table size told with its deck ("on est 8 avec un jeu de 32"): the cards the deal takes there, as the
    #: conventions that state the hand and the middle give them (:func:`deal_need`); None for any other question
    deal_check: Optional[dict[str, Any]] = None
    #: a question told in words (``ask``): each point headed by its question, its rule point id left to ``compare``
    asked: bool = False

    def sources(self, lang: str) -> list[dict[str, Any]]:
        """The publications the rows cite, in ``lang``, as a ruling's ``sources``."""
        from .wording import publications_in

        return publications_in(self.publications, lang)

    def shown(self, row: dict[str, Any], lang: str) -> list[dict[str, Any]]:
        """A row's answers as they are shown, source after source, each reading with its citation
        (:func:`shown`)."""
        return shown(row, lang)

    def standing(self, row: dict[str, Any], lang: str) -> tuple[str, str]:
        """Where the sources stand on a row's point (:func:`standing`)."""
        return standing(row, lang)

    def names(self, lang: str) -> str:
        """The line naming each convention's own calls (Pagat: Contre-Kems = Stop Kemps), or nothing — for a
        question told in words, only where it asks about the calls (np116: "Stop Kemps" under a question on the
        number of players was noise)."""
        if self.asked and not any(row["topic"] == "calls" for row in self.rows):
            return ""
        return names_line(self.calls, lang)


def compare(refs: list[str], lang: str, topic: Optional[str] = None, only_differences: bool = False,
            players: Optional[int] = None, more_players: tuple[int, ...] = (),
            deck: Optional[int] = None) -> Comparison:
    """Conventions side by side.  ``refs`` mixes convention ids or files, rule points
    (call.contre_kems.wrong), topics (calls) and the table's words for them (balayage): every
    convention where it names none, every topic (or ``topic``) where it names no point or topic."""
    from ..corpus import load as conventions
    from ..corpus.lookup import sort_refs

    points, topics, ids = sort_refs(refs)
    selected = [conventions.load(i) for i in ids] if ids else conventions.load_all()
    chosen: list[Optional[str]] = [*topics] or [topic]
    found = [row for topic_ in chosen for row in rows(selected, lang, topic_, only_differences)
             if not points or row["rule_point"] in points]
    table = table_answers(selected, players, lang, deck) if players is not None else None
    more = [table_answers(selected, n, lang, deck) for n in more_players if n != players] if table is not None else []
    check = deal_need(selected, players, deck) if players is not None and deck is not None else None
    return Comparison(labels(selected), found, call_names(selected, lang),
                      conventions.publications_named(selected, cited_sources(found)), conventions.corpus_of(selected),
                      table, more, check)


def deal_need(convs: list[Convention], players: int, deck: int) -> Optional[dict[str, Any]]:
    """The cards a deal takes at ``players`` (each hand, then the middle), as the conventions that state both
    give them, against the ``deck`` the table has: ``{"players", "deck", "need", "hand", "center", "enough",
    "conventions"}`` where those conventions agree; None where none states both or they differ."""
    stated = []
    for label, conv in zip(labels(convs), convs, strict=True):
        sizes, middle = conv.get("deal.hand_size"), conv.get("deal.center")
        if sizes.stated and middle.stated and isinstance(middle.value, int) and sizes.value:
            smallest = min(sizes.value) if isinstance(sizes.value, list) else sizes.value
            stated.append((label, int(smallest), middle.value))
    if not stated or len({(h, c) for _, h, c in stated}) != 1:
        return None
    _, hand, center = stated[0]
    need = players * hand + center
    return {"players": players, "deck": deck, "need": need, "hand": hand, "center": center, "enough": need <= deck,
            "conventions": [label for label, _, _ in stated]}


def deck_answer(conv: Convention, players: int, deck: int, lang: str) -> Optional[dict[str, Any]]:
    """Whether the ``deck`` the table has is the one ``conv`` gives at ``players`` ("nathan rules, a 32-card deck
    and 8 of us"): ``{"deck", "fits", "cards" (the sizes it gives there), "prescribed", "by_players" (the size tied
    to that many players, not one deck for any table), "citation"}``; None where it states no deck for that many
    players."""
    entry = entry_of(conv, "deck.size")
    if not entry.stated or not isinstance(entry.value, list):
        return None
    applies = [e for e in entry.value if not e.get("players") or players in e["players"]]
    if not applies:
        return None
    here = sorted({int(e["cards"]) for e in applies})
    return {"deck": deck, "fits": deck in here, "cards": here, "prescribed": entry.force == "prescribed",
            "by_players": any(e.get("players") for e in applies), "citation": localized(entry.citation, lang)}


def table_answers(convs: list[Convention], players: int, lang: str, deck: Optional[int] = None) -> dict[str, Any]:
    """Whether each convention's stated count of players allows a table of ``players``: ``allowed``
    True or False where it states a count (``prescribed``: a rule; else a description of usage, which
    excludes nothing), None where it is silent; with the count and its citation.  A question told with its
    ``deck`` adds to each answer whether that deck is the one the convention gives there (:func:`deck_answer`)."""
    from ..referee.resolver import count_allows

    answers = []
    for label, conv in zip(labels(convs), convs, strict=True):
        entry = entry_of(conv, "players.count")
        stated = entry.stated and isinstance(entry.value, dict)
        # a size the source's own sheet calls possible under other conventions (Regles.com at six): named there
        elsewhere = [e["conventions"] for e in (entry.value.get("elsewhere") or [] if stated else [])
                     if e["players"] == players]
        answers.append({"convention": label, "name": conv.short_name,
                        "allowed": count_allows(entry.value, players) if stated else None,
                        "elsewhere": elsewhere[0] if elsewhere else [],
                        "prescribed": entry.force == "prescribed" if stated else None,
                        "counts": short_entry("players.count", entry, lang) if stated else None,
                        "citation": localized(entry.citation, lang) if stated else None,
                        **({"deck": deck_answer(conv, players, deck, lang)} if deck is not None else {})})
    return {"players": players, "answers": answers}


def cited_sources(rows: list[dict[str, Any]]) -> list[str]:
    """The sources the rows' citations name (a reading's too), in the order they come."""
    out = []
    for row in rows:
        for value in row["values"].values():
            for citation in (value["citation"], (value["conflict"] or {}).get("citation")):
                if citation:
                    out.append(citation["source"])
    return out
