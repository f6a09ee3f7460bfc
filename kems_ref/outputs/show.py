"""`kems-ref conventions show`: one convention, every rule point, grouped by topic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..corpus.catalogue import TOPICS
from ..corpus.load import Convention, localized, text_in
from ..i18n import t
from ..referee.cards import Card

if TYPE_CHECKING:
    from rich.console import Console
from .values import short_entry
from .wording import event_label


def show_json(conv: Convention, lang: str) -> dict[str, Any]:
    """A convention as ``conventions show --json`` gives it: every rule point with its answer and
    citation."""
    rules = {}
    for point in conv.points():
        e = conv.rules[point.id]
        rules[point.id] = {
            "status": e.public_status, "value": e.value if e.stated else None,
            "silent": not e.stated, "force": e.force if e.stated else None,
            "text": text_in(e.text, lang) if e.stated else (text_in(e.note, lang) if e.note else None),
            "note": text_in(e.note, lang) if e.note else None,
            "citation": localized(e.citation, lang),
            "conflict": ({"value": e.conflict["value"], "text": text_in(e.conflict["text"], lang),
                          "citation": localized(e.conflict["citation"], lang)} if e.conflict else None),
            "inherited_from": e.inherited_from,
            "choices": e.choices,
        }
    decks = {deck_id: {"ranks": [Card(r).label(lang, deck) for r in deck.ranks],
                       "suits": [deck.suit_labels.get(s, {}).get(lang) or s for s in deck.suits]}
             for deck_id, deck in conv.decks.items()}
    calls = {event: name for event in conv.calls if (name := conv.call_name(event, lang))}
    return {"id": conv.id, "name": conv.name, "source": conv.source, "extends": conv.extends,
            "aliases": conv.aliases, "publication": conv.publication, "sources": conv.sources, "calls": calls,
            "decks": decks, "rules": rules}


def show_text(console: Console, conv: Convention, lang: str) -> None:
    """A convention for people, topic by topic, on a terminal."""
    from rich.markup import escape

    pub = conv.publication
    colon = t("ui.colon", lang)
    console.print(f"[bold]{escape(conv.name)}[/]  ({escape(conv.id)})")
    if conv.aliases:  # the other names it answers to (-c, ask): a file's own, not the one it extends
        console.print(escape(f"{t('ui.aliases', lang)}{colon} {', '.join(conv.aliases)}"))
    console.print(escape(f"{t('ui.publication', lang)}{colon} {pub['title']}"
                         + (f" — {pub['author']}" if pub.get("author") else "")
                         + (f" — {pub['url']}" if pub.get("url") else "")))
    via = text_in((pub.get("known_through") or {}).get("via"), lang)
    console.print(escape(f"{t('ui.known_through', lang)}{colon} {via or t('ui.direct', lang)}"))
    if pub.get("language"):
        console.print(escape(f"{t('ui.language', lang)}{colon} {pub['language']}"))
    for other in conv.sources.values():  # a file whose facts come from two pages names both
        via = text_in((other.get("known_through") or {}).get("via"), lang) or t("ui.direct", lang)
        console.print(escape(f"{t('ui.also_from', lang)}{colon} {other['title']}"
                             + (f" — {other['author']}" if other.get("author") else "")
                             + (f" — {other['url']}" if other.get("url") else "")
                             + f" ({t('ui.known_through', lang)}{colon} {via})"))
    if conv.extends:
        console.print(escape(f"{t('ui.extends', lang)}{colon} {conv.extends}"))
    data = show_json(conv, lang)
    if data["calls"]:
        console.print(escape(t("ui.call_names", lang) + " " + ", ".join(
            f"{event_label(e, lang)} = {name}" for e, name in data["calls"].items())))
    for deck_id, deck in data["decks"].items():
        console.print(escape(t("ui.deck_of_its_own", lang, deck=deck_id, ranks=" ".join(deck["ranks"]),
                               suits=", ".join(deck["suits"]))))
    for topic in TOPICS:
        console.print(f"\n[bold underline]{t('topic.' + topic, lang)}[/]")
        for point in (p for p in conv.points() if p.topic == topic):
            e = conv.rules[point.id]
            if e.stated:
                origin = f" [dim]({t('ui.inherited', lang, parent=e.inherited_from)})[/]" if e.inherited_from else ""
                force = f" ({t('ui.force.' + e.force, lang)})" if e.force != "prescribed" else ""
                console.print(f"  [bold]{point.id}[/] = {escape(short_entry(point.id, e, lang) + force)}{origin}")
                console.print(f"      {escape(text_in(e.text, lang))}")
                cite = localized(e.citation, lang) or {}
                console.print(f"      [dim]{escape(cite['source'])} — {escape(cite['section'])}[/]")
                if e.note:
                    console.print(f"      {t('ui.note', lang)}{t('ui.colon', lang)} {escape(text_in(e.note, lang))}")
                if e.replaces:
                    rep = e.replaces
                    if rep["text"]:
                        line = t("ui.replaces", lang, parent=rep["convention"], text=text_in(rep["text"], lang))
                    else:
                        line = t("ui.replaces_silence", lang, parent=rep["convention"])
                    console.print(f"      [dim]{escape(line)}[/]")
                if e.conflict:
                    mark = t("ui.conflict_mark", lang) + t("ui.colon", lang)
                    console.print(f"      [yellow]{mark} {escape(text_in(e.conflict['text'], lang))} "
                                  f"({escape((localized(e.conflict['citation'], lang) or {}).get('section', ''))})[/]")
            else:
                note = f" — {escape(text_in(e.note, lang))}" if e.note else ""
                silent = (t("ui.silent_inherited", lang, parent=e.inherited_from) if e.inherited_from
                          else t("ui.silent_cell", lang))
                console.print(f"  [bold]{point.id}[/] [magenta]{escape(silent)}[/]{note}")


def listing(convs: list[Convention]) -> list[dict[str, Any]]:
    """The shipped conventions, one item each (id, name, source), as ``conventions list --json``
    gives them."""
    return [{"id": c.id, "name": c.name, "source": c.source, "extends": c.extends, "aliases": c.aliases}
            for c in convs]


def listing_text(items: list[dict[str, Any]], lang: str) -> str:
    """The shipped conventions as text, one line each."""
    lines = []
    for it in items:
        ext = f"  ({t('ui.extends', lang)} {it['extends']})" if it["extends"] else ""
        also = f"{t('ui.aliases', lang)}{t('ui.colon', lang)} {', '.join(it['aliases'])}"
        aliases = f"  ({also})" if it["aliases"] else ""
        lines.append(f"{it['id']:<15} {it['name']}{ext}{aliases}")
    return "\n".join(lines)


def validation_report(file: str, problems: list[Any], lang: str) -> tuple[dict[str, Any], str]:
    """``conventions validate``: the JSON report and the text (each problem with its line)."""
    from ..corpus.load import NOTES

    notes = [p for p in problems if p.key in NOTES]  # --strict's remarks on a correct file
    problems = [p for p in problems if p.key not in NOTES]
    report: dict[str, Any] = {"valid": not problems,
                              "errors": [{"line": p.line, "message": p.render(lang)} for p in problems]}
    if notes:
        report["notes"] = [{"line": n.line, "message": n.render(lang)} for n in notes]
    said = [f"{file}:{n.line}: {t('ui.validate_note', lang)}: {n.render(lang)}" for n in notes]
    if not problems:
        return report, "\n".join([*said, t("ui.valid", lang, file=file)])
    lines = [f"{file}:{p.line}: {p.render(lang)}" for p in problems]
    return report, "\n".join([*said, *lines, t("ui.invalid", lang, file=file, count=len(problems))])
