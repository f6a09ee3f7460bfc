"""The pre-game checklist: the points where the published conventions disagree (derived from the
corpus), each with the chosen convention's answer and citation, or 'to decide' where it is silent."""

from __future__ import annotations

import html
import re
from typing import Any, Optional

from ..corpus.catalogue import BY_ID
from ..corpus.load import Convention, load_all, localized, text_in
from ..i18n import t
from .compare import disagrees
from .values import short_entry
from .wording import event_label


def items(conv: Convention, lang: str) -> list[dict[str, Any]]:
    """Every point the published conventions disagree on, every point a ruling can turn on that
    this convention leaves silent (a dispute waiting to happen at this table), and every point its
    source tells the table to settle before the game."""
    published = load_all()
    out = []
    for point in conv.points():
        entry = conv.rules[point.id]
        own = point.id not in BY_ID  # a call of this convention's own (Kent's Broken): the table must know it
        disputed = not own and disagrees([c.rules[point.id] for c in published])
        before = entry.stated and entry.before_play  # the source says: settle it before the game
        chosen = entry.stated and bool(entry.choices)  # the source offers values: the table picks one
        if not disputed and not own and not before and not chosen and not (point.asked and not entry.stated):
            continue
        reason = ("own" if own else "disputed" if disputed else "choice" if chosen else "before-play" if before
                  else "silent")
        item: dict[str, Any] = {"rule_point": point.id, "topic": point.topic, "question": point.question(lang),
                                "status": entry.public_status, "answer": None, "short": None, "citation": None,
                                "conflict": None, "reason": reason}
        if before:
            item["before_play"] = True
        if entry.stated and entry.force == "advised":  # advice is no answer: the table decides, advised
            item.update(status="unspecified", advice=text_in(entry.text, lang),
                        citation=localized(entry.citation, lang))
        elif entry.stated:
            item.update(answer=text_in(entry.text, lang), short=short_entry(point.id, entry, lang),
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


def _answer(it: dict[str, Any], lang: str) -> str:
    """The source's answer, and after it what it is where it is no plain rule: a permission, or usage
    the source describes (as the mixed table's sheet marks it)."""
    force = it.get("force")
    return f"{it['answer']} ({t('ui.force_short.' + force, lang)})" if force in ("permitted", "described") \
        else it["answer"]


def answer_text(it: dict[str, Any], lang: str) -> str:
    """An item's answer as every sheet gives it, or what the table must decide where there is none."""
    return _answer(it, lang) if it["answer"] else t("ui.to_decide", lang)


def _colon(lang: str) -> str:
    return t("ui.colon", lang)


def publications_text(publications: list[dict[str, Any]], lang: str) -> list[str]:
    """Under the sheet, each publication its answers cite, once (title, address, how it is known)."""
    from .wording import publications_block

    block = publications_block(publications, lang)
    return ["", *block] if block else []


def publications_html(publications: list[dict[str, Any]], lang: str) -> str:
    """The same under a printed sheet: one small paragraph, each publication after the other (the
    sheet stays one A4 page)."""
    from .wording import publication_lines

    if not publications:
        return ""
    e = html.escape
    named = " · ".join(f"<b>{e(p['source'])}</b> — " + " — ".join(e(line) for line in publication_lines(p, lang))
                       for p in publications)
    return (f'<footer class="publications"><p><b>{e(t("ui.publications", lang))}{e(t("ui.colon", lang))}</b> '
            f"{named}</p></footer>\n")


def as_text(conv: Convention, rows: list[dict[str, Any]], lang: str,
            publications: Optional[list[dict[str, Any]]] = None) -> str:
    lines = [t("ui.checklist_title", lang), t("ui.checklist_intro", lang, name=conv.name)]
    lines += [_names(conv, lang), ""] if _names(conv, lang) else [""]
    topic = None
    for it in rows:
        if it["topic"] != topic:
            topic = it["topic"]
            lines.append(f"== {t('topic.' + topic, lang)} ==")
        if it["answer"]:
            lines.append(f"[ ] {it['question']}  →  {_answer(it, lang)}")
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
    lines += publications_text(publications or [], lang)
    return "\n".join(lines)


def as_markdown(conv: Convention, rows: list[dict[str, Any]], lang: str,
                publications: Optional[list[dict[str, Any]]] = None) -> str:
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
            lines.append(f"- [ ] **{it['question']}** {_answer(it, lang)} _({_cite(it['citation'])})_{extra}")
        else:
            advised = f"{t('ui.force.advised', lang)}{t('ui.colon', lang)}"
            advice = f" — {advised} {it['advice']} _({_cite(it['citation'])})_" if it.get("advice") else ""
            lines.append(f"- [ ] **{it['question']}** **{t('ui.to_decide', lang)}**{advice}")
    from .compare_render import publications_markdown

    lines += publications_markdown(publications or [], lang)
    return "\n".join(lines) + "\n"


_CSS = """@page { size: A4; margin: 7mm 9mm; }
body { font: 7.3pt/1.16 Georgia, serif; color: #000; margin: 0; }
h1 { font-size: 12pt; margin: 0 0 1.5mm; } p.intro { margin: 0 0 2mm; font-style: italic; }
main { columns: 2; column-gap: 6mm; } h2 { font-size: 9pt; margin: 1.5mm 0 0.8mm; break-after: avoid; }
ul { list-style: none; padding: 0; margin: 0; } li { break-inside: avoid; margin: 0 0 1.1mm; }
li input { margin: 0 1.2mm 0 0; vertical-align: -1px; } .q { font-weight: bold; }
.cite { display: block; color: #444; font-size: 6.5pt; } .decide { font-weight: bold; color: #a00; }
.conflict { color: #850; font-size: 6.8pt; display: block; }
footer.publications { font-size: 6.2pt; color: #222; margin: 2mm 0 0; } footer.publications p { margin: 0 0 0.6mm; }
footer.publications h2 { font-size: 7.5pt; }
@media screen { body { max-width: 190mm; margin: 10mm auto; font-size: 9pt; } }"""


def french_spacing(page: str, lang: str) -> str:
    """French typography on a printed sheet: the space before ? ! : ; » and after « does not break, so a
    question mark never starts a line alone (the page's style left as it is)."""
    if lang != "fr":
        return page
    head, sep, body = page.partition("</style>")
    body = re.sub(r" ([?!:;»])", "\u00a0\\1", body).replace("« ", "«\u00a0")
    return head + sep + body


def as_html(conv: Convention, rows: list[dict[str, Any]], lang: str,
            publications: Optional[list[dict[str, Any]]] = None) -> str:
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
            body = (f'{e(_answer(it, lang))}<span class="cite">{e(_cite(it["citation"]))}</span>')
            if it["conflict"]:
                body += (f'<span class="conflict">{e(t("ui.conflict_mark", lang))}{e(_colon(lang))} '
                         f'{e(it["conflict"])}</span>')
        else:
            body = f'<span class="decide">{e(t("ui.to_decide", lang))}{e(_colon(lang))} ________</span>'
            if it.get("advice"):
                body += (f'<span class="cite">{e(t("ui.force.advised", lang))}{e(_colon(lang))} {e(it["advice"])} '
                         f'({e(_cite(it["citation"]))})</span>')
        parts.append(f'<li data-rule-point="{e(it["rule_point"])}">{box}<label for="{e(it["rule_point"])}">'
                     f'<span class="q">{e(it["question"])}</span></label> {body}</li>\n')
    if topic is not None:
        parts.append("</ul>\n")
    parts.append("</main>\n" + publications_html(publications or [], lang) + "</body>\n</html>\n")
    return french_spacing("".join(parts), lang)



