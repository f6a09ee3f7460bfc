"""The pre-game sheet of a mixed table: players who learned from different sources agree one set of
rules.  For the conventions the table names, every point on which they disagree or one of them is
silent (the target always: the table must know what it plays to), each convention's answer with its
citation, and room to write the table's decision — text, Markdown or one printable A4 page (HTML)."""

from __future__ import annotations

import html
from typing import Any, Optional

from ..corpus.load import Convention, entry_of, load_all, localized, points_of, text_in
from ..i18n import t
from .checklist import french_spacing, publications_html, publications_text
from .compare import disagrees, labels
from .values import short_entry

ALWAYS = ("score.target",)  # asked of every mixed table, even where the sources happen to agree


def _made_anywhere(point: str) -> bool:
    """Whether a published convention states this exception (advice is none): an exception no source makes
    is no question for a table whose sources are silent on it (their general rule holds)."""
    return any(c.get(point).stated and c.get(point).force != "advised" for c in load_all())


def items(convs: list[Convention], lang: str) -> list[dict[str, Any]]:
    """The points these conventions disagree on or leave silent, each with every convention's answer."""
    names = labels(convs)
    out = []
    for point in points_of(convs):
        entries = [entry_of(c, point.id) for c in convs]
        silent = point.asked and any(not e.stated or e.force == "advised" for e in entries) \
            and not (point.exception and not _made_anywhere(point.id))
        before = any(e.stated and e.before_play for e in entries)  # a source says: settle it before the game
        if not (disagrees(entries) or silent or before or point.id in ALWAYS):
            continue
        answers: dict[str, Any] = {}
        for name, entry in zip(names, entries, strict=True):
            stated = entry.stated and entry.force != "advised"
            answers[name] = {
                "status": "stated" if stated else "unspecified",
                "answer": text_in(entry.text, lang) if stated else None,
                "short": short_entry(point.id, entry, lang) if stated else None,
                "force": entry.force if stated else None,
                "citation": localized(entry.citation, lang) if entry.stated else None,
                "conflict": text_in(entry.conflict["text"], lang) if stated and entry.conflict else None,
            }
            if entry.stated and not stated:  # advice: no answer, but shown as the source's advice
                answers[name]["advice"] = text_in(entry.text, lang)
        out.append({"rule_point": point.id, "topic": point.topic, "question": point.question(lang),
                    "answers": answers})
    return out


def _answer(a: dict[str, Any], lang: str) -> str:
    if a["status"] != "stated":
        advised = f" ({t('ui.force.advised', lang)}{t('ui.colon', lang)} {a['advice']})" if a.get("advice") else ""
        return t("ui.mixed_silent", lang) + advised
    mark = f" ({t('ui.force_short.' + a['force'], lang)})" if a["force"] in ("permitted", "described") else ""
    return f"{a['short']}{mark}"


def _section(c: dict[str, Any] | None) -> str:
    return c["section"] if c else ""


def sources(convs: list[Convention], lang: str) -> list[str]:
    """Each column's name with the convention's full name ("pagat: Pagat — Kemps"), under the sheet."""
    return [f"{name}{t('ui.colon', lang)} {conv.name}" for name, conv in zip(labels(convs), convs, strict=True)]


def shown(row: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """One point's answers as the sheet shows them, column by column: the convention's name, its short
    answer (its force where it permits or describes; "silent", with the source's advice, where it is),
    the section it cites (empty where silent) and whether it is silent — the text sheet and the page
    both write these."""
    out = []
    for name, a in row["answers"].items():
        stated = a["status"] == "stated"
        out.append({"convention": name, "answer": _answer(a, lang), "silent": not stated,
                    "section": _section(a["citation"]) if a["citation"] and stated else ""})
    return out


def as_text(convs: list[Convention], rows: list[dict[str, Any]], lang: str,
            publications: Optional[list[dict[str, Any]]] = None) -> str:
    names = labels(convs)
    lines = [t("ui.mixed_title", lang), t("ui.mixed_intro", lang, names=", ".join(names)), ""]
    for row in rows:
        lines.append(f"[ ] {row['question']}")
        for one in shown(row, lang):
            cite = f"  ({one['section']})" if one["section"] else ""
            lines.append(f"      {one['convention']}{t('ui.colon', lang)} {one['answer']}{cite}")
        lines.append(f"      {t('ui.mixed_ours', lang)}{t('ui.colon', lang)} ____________________")
    lines += ["", *sources(convs, lang), *publications_text(publications or [], lang)]
    return "\n".join(lines)


def as_markdown(convs: list[Convention], rows: list[dict[str, Any]], lang: str,
                publications: Optional[list[dict[str, Any]]] = None) -> str:
    names = labels(convs)
    head = [t("ui.mixed_question", lang), *names, t("ui.mixed_ours", lang)]
    lines = [f"# {t('ui.mixed_title', lang)}", "", t("ui.mixed_intro", lang, names=", ".join(names)), "",
             "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    for row in rows:
        cells = [f"**{cell(row['question'])}**"]
        for name in names:
            a = row["answers"][name]
            cite = f" _({cell(_section(a['citation']))})_" if a["citation"] and a["status"] == "stated" else ""
            cells.append(cell(_answer(a, lang)) + cite)
        cells.append(" ")
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", *(f"- {cell(s)}" for s in sources(convs, lang))]
    from .compare_render import publications_markdown

    lines += publications_markdown(publications or [], lang)
    return "\n".join(lines) + "\n"


#: one A4 page: a table read across a card table, one line a point where it can; each answer's
#: citation by its number in that convention's list of sections under the table; the last column
#: left ruled for the table's decision
_CSS = """@page { size: A4; margin: 4mm 7mm; }
body { font: 7.2pt/1.04 Georgia, serif; color: #000; margin: 0; }
h1 { font-size: 11.5pt; margin: 0 0 0.6mm; } p.intro { margin: 0 0 1.2mm; font-style: italic; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 0.3pt solid #888; padding: 0.1mm 0.8mm; vertical-align: top; text-align: left; }
th { background: #eee; } td.q { font-weight: bold; } td.ours { border-bottom: 0.9pt solid #000; }
sup { font-size: 5.5pt; color: #444; } .silent { color: #a00; font-style: italic; } tr { break-inside: avoid; }
div.sources { font-size: 5.1pt; line-height: 1.1; color: #222; margin: 1mm 0 0; }
div.sources p { margin: 0 0 0.4mm; }
footer.publications { font-size: 5.1pt; line-height: 1.1; color: #222; margin: 1mm 0 0; }
footer.publications p { margin: 0 0 0.4mm; } footer.publications h2 { font-size: 6pt; margin: 0.6mm 0 0.3mm; }
@media screen { body { max-width: 200mm; margin: 8mm auto; } }"""


def as_html(convs: list[Convention], rows: list[dict[str, Any]], lang: str,
            publications: Optional[list[dict[str, Any]]] = None) -> str:
    e = html.escape
    names = labels(convs)
    share = 52 // len(names)  # the convention columns share what the question and the decision leave
    cols = '<col style="width:29%">' + "".join(f'<col style="width:{share}%">' for _ in names) + "<col>"
    sections: dict[str, list[str]] = {name: [] for name in names}  # each convention's cited sections, numbered
    parts = [f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
             f"<title>{e(t('ui.mixed_title', lang))}</title>\n<style>\n{_CSS}\n</style>\n</head>\n<body>\n"
             f"<h1>{e(t('ui.mixed_title', lang))}</h1>\n"
             f"<p class=\"intro\">{e(t('ui.mixed_intro', lang, names=', '.join(names)))}</p>\n"
             f"<table>\n<colgroup>{cols}</colgroup>\n<thead><tr><th>{e(t('ui.mixed_question', lang))}</th>"
             + "".join(f"<th>{e(name)}</th>" for name in names)
             + f"<th>{e(t('ui.mixed_ours', lang))}</th></tr></thead>\n<tbody>\n"]
    for row in rows:
        cells = [f'<td class="q">{e(row["question"])}</td>']
        for name in names:
            a = row["answers"][name]
            if a["status"] == "stated":
                mark = ""
                if a["citation"]:
                    cited = sections[name]
                    if _section(a["citation"]) not in cited:
                        cited.append(_section(a["citation"]))
                    mark = f"<sup>{cited.index(_section(a['citation'])) + 1}</sup>"
                cells.append(f"<td>{e(_answer(a, lang))}{mark}</td>")
            else:
                cells.append(f'<td class="silent">{e(_answer(a, lang))}</td>')
        cells.append('<td class="ours"></td>')
        parts.append(f'<tr data-rule-point="{e(row["rule_point"])}">' + "".join(cells) + "</tr>\n")
    parts.append("</tbody>\n</table>\n<div class=\"sources\">\n")
    for (name, conv), source in zip(zip(names, convs, strict=True), sources(convs, lang), strict=True):
        listed = " · ".join(f"{i} {e(section)}" for i, section in enumerate(sections[name], 1))
        cite_as = e(next((a["citation"]["source"] for row in rows for n, a in row["answers"].items()
                          if n == name and a["citation"]), conv.name))
        parts.append(f"<p><b>{e(source)}</b> — {cite_as}{t('ui.colon', lang)} {listed}</p>\n")
    parts.append("</div>\n" + publications_html(publications or [], lang) + "</body>\n</html>\n")
    return french_spacing("".join(parts), lang)




