"""The pre-game checklist: the points where the published conventions disagree (derived from the
corpus), each with the chosen convention's answer and citation, or 'to decide' where it is silent."""

from __future__ import annotations

import html
import re
from typing import Any

from ..corpus.catalogue import BY_ID
from ..corpus.load import Convention, load_all, localized, text_in
from ..i18n import t
from .compare import disagrees
from .values import short_entry
from .wording import event_label


def items(conv: Convention, lang: str) -> list[dict[str, Any]]:
    """Every point the published conventions disagree on, and every point a ruling can turn on that
    this convention leaves silent (a dispute waiting to happen at this table)."""
    published = load_all()
    out = []
    for point in conv.points():
        entry = conv.rules[point.id]
        own = point.id not in BY_ID  # a call of this convention's own (Kent's Broken): the table must know it
        disputed = not own and disagrees([c.rules[point.id] for c in published])
        chosen = entry.stated and bool(entry.choices)  # the source offers values: the table picks one
        if not disputed and not own and not chosen and not (point.ruled and not entry.stated):
            continue
        item: dict[str, Any] = {"rule_point": point.id, "topic": point.topic, "question": point.question(lang),
                                "status": entry.public_status, "answer": None, "short": None, "citation": None,
                                "conflict": None,
                                "reason": "own" if own else "disputed" if disputed else
                                "choice" if chosen else "silent"}
        if entry.stated and entry.force == "advised":  # advice is no answer: the table decides, advised
            item.update(status="unspecified", advice=text_in(entry.text, lang),
                        citation=localized(entry.citation, lang))
        elif entry.stated:
            answer = text_in(entry.text, lang)
            if entry.force in ("permitted", "described"):
                answer = f"({t('ui.force.' + entry.force, lang)}) {answer}"
            item.update(answer=answer, short=short_entry(point.id, entry, lang),
                        citation=localized(entry.citation, lang), force=entry.force)
            if entry.replaces:
                item["replaces"] = entry.replaces["convention"]
            if entry.conflict:
                item["conflict"] = text_in(entry.conflict["text"], lang)
        out.append(item)
    return out


def _names(conv: Convention, lang: str) -> str:
    """The convention's own names for its calls, on one line (empty when it names none)."""
    names = [f"{event_label(e, lang)} = {name}" for e in conv.calls if (name := conv.call_name(e, lang))
             and e not in conv.own_calls]  # a call of its own is its name: listed with its rules
    return f"{t('ui.call_names', lang)} " + ", ".join(names) if names else ""


def _cite(c: dict[str, Any]) -> str:
    return f"{c['source']} — {c['section']}"


def as_text(conv: Convention, rows: list[dict[str, Any]], lang: str) -> str:
    lines = [t("ui.checklist_title", lang), t("ui.checklist_intro", lang, name=conv.name)]
    lines += [_names(conv, lang), ""] if _names(conv, lang) else [""]
    topic = None
    for it in rows:
        if it["topic"] != topic:
            topic = it["topic"]
            lines.append(f"== {t('topic.' + topic, lang)} ==")
        if it["answer"]:
            lines.append(f"[ ] {it['question']}  →  {it['answer']}")
            lines.append(f"      ({_cite(it['citation'])})")
            if it["conflict"]:
                lines.append(f"      {t('ui.conflict_mark', lang)}{t('ui.colon', lang)} {it['conflict']}")
        else:
            lines.append(f"[ ] {it['question']}  →  {t('ui.to_decide', lang)}{t('ui.colon', lang)} ________")
            if it.get("advice"):
                advised = f"{t('ui.force.advised', lang)}{t('ui.colon', lang)}"
                lines.append(f"      {advised} {it['advice']} ({_cite(it['citation'])})")
    if not rows:
        lines.append(t("ui.checklist_empty", lang))
    return "\n".join(lines)


def as_markdown(conv: Convention, rows: list[dict[str, Any]], lang: str) -> str:
    lines = [f"# {t('ui.checklist_title', lang)}", "", t("ui.checklist_intro", lang, name=conv.name), ""]
    if _names(conv, lang):
        lines += [_names(conv, lang), ""]
    topic = None
    for it in rows:
        if it["topic"] != topic:
            topic = it["topic"]
            lines += ["", f"## {t('topic.' + topic, lang)}", ""]
        if it["answer"]:
            extra = f" — {t('ui.conflict_mark', lang)}{t('ui.colon', lang)} {it['conflict']}" if it["conflict"] else ""
            lines.append(f"- [ ] **{it['question']}** {it['answer']} _({_cite(it['citation'])})_{extra}")
        else:
            advised = f"{t('ui.force.advised', lang)}{t('ui.colon', lang)}"
            advice = f" — {advised} {it['advice']} _({_cite(it['citation'])})_" if it.get("advice") else ""
            lines.append(f"- [ ] **{it['question']}** **{t('ui.to_decide', lang)}**{advice}")
    return "\n".join(lines) + "\n"


_CSS = """@page { size: A4; margin: 9mm 10mm; }
body { font: 7.8pt/1.2 Georgia, serif; color: #000; margin: 0; }
h1 { font-size: 12pt; margin: 0 0 1.5mm; } p.intro { margin: 0 0 2mm; font-style: italic; }
main { columns: 2; column-gap: 6mm; } h2 { font-size: 9pt; margin: 1.5mm 0 0.8mm; break-after: avoid; }
ul { list-style: none; padding: 0; margin: 0; } li { break-inside: avoid; margin: 0 0 1.1mm; }
li input { margin: 0 1.2mm 0 0; vertical-align: -1px; } .q { font-weight: bold; }
.cite { display: block; color: #444; font-size: 6.5pt; } .decide { font-weight: bold; color: #a00; }
.conflict { color: #850; font-size: 6.8pt; display: block; }
@media screen { body { max-width: 190mm; margin: 10mm auto; font-size: 9pt; } }"""


def french_spacing(page: str, lang: str) -> str:
    """French typography on a printed sheet: the space before ? ! : ; » and after « does not break, so a
    question mark never starts a line alone (the page's style left as it is)."""
    if lang != "fr":
        return page
    head, sep, body = page.partition("</style>")
    body = re.sub(r" ([?!:;»])", "\u00a0\\1", body).replace("« ", "«\u00a0")
    return head + sep + body


def as_html(conv: Convention, rows: list[dict[str, Any]], lang: str) -> str:
    e = html.escape
    parts = [f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
             f"<title>{e(t('ui.checklist_title', lang))}</title>\n<style>\n{_CSS}\n</style>\n</head>\n<body>\n"
             f"<h1>{e(t('ui.checklist_title', lang))}</h1>\n"
             f"<p class=\"intro\">{e(t('ui.checklist_intro', lang, name=conv.name))}"
             + (f" {e(_names(conv, lang))}" if _names(conv, lang) else "") + "</p>\n<main>\n"]
    topic = None
    for it in rows:
        if it["topic"] != topic:
            if topic is not None:
                parts.append("</ul>\n")
            topic = it["topic"]
            parts.append(f"<h2>{e(t('topic.' + topic, lang))}</h2>\n<ul>\n")
        box = f'<input type="checkbox" id="{e(it["rule_point"])}">'
        if it["answer"]:
            body = (f'{e(it["answer"])}<span class="cite">{e(_cite(it["citation"]))}</span>')
            if it["conflict"]:
                body += f'<span class="conflict">{e(t("ui.conflict_mark", lang))}: {e(it["conflict"])}</span>'
        else:
            body = f'<span class="decide">{e(t("ui.to_decide", lang))} : ________</span>'
            if it.get("advice"):
                body += (f'<span class="cite">{e(t("ui.force.advised", lang))}: {e(it["advice"])} '
                         f'({e(_cite(it["citation"]))})</span>')
        parts.append(f'<li data-rule-point="{e(it["rule_point"])}">{box}<label for="{e(it["rule_point"])}">'
                     f'<span class="q">{e(it["question"])}</span></label> {body}</li>\n')
    if topic is not None:
        parts.append("</ul>\n")
    parts.append("</main>\n</body>\n</html>\n")
    return french_spacing("".join(parts), lang)



