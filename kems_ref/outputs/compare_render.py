"""Output of `kems-ref compare`: rich table, GitHub markdown, CSV or JSON.

Cells are short values with a numbered reference to their citation, listed below the table;
silences read as silent and self-contradictions are marked.  On a narrow terminal (or with many
conventions) the table is printed one rule point per block, so 80 columns stay readable.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import TYPE_CHECKING, Any, Optional

from ..i18n import t

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


class Refs:
    def __init__(self) -> None:
        self.items: dict[tuple[str, str], int] = {}

    def ref(self, citation: Optional[dict[str, Any]]) -> str:
        if not citation:
            return ""
        key = (citation["source"], citation["section"])
        if key not in self.items:
            self.items[key] = len(self.items) + 1
        return f"[{self.items[key]}]"

    def lines(self) -> list[str]:
        return [f"[{n}] {src} — {sec}" for (src, sec), n in self.items.items()]


def cell(value: dict[str, Any], lang: str, refs: Refs) -> str:
    if value["silent"]:
        if value["inherited_from"]:
            return t("ui.silent_inherited", lang, parent=value["inherited_from"])
        return t("ui.silent_cell", lang)
    force = f" ({t('ui.force.' + value['force'], lang)})" if value["force"] in ("described", "advised") else ""
    text = f"{value['short']}{force} {refs.ref(value['citation'])}"
    if value["conflict"]:
        mark = t('ui.conflict_mark', lang) + t('ui.colon', lang)
        text += f" {mark} {value['conflict']['text']} {refs.ref(value['conflict']['citation'])}"
    return text


def _csv_safe(value: str) -> str:
    """A cell a spreadsheet will not run as a formula (CSV injection)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def render(fmt: str, ids: list[str], rows: list[dict[str, Any]], lang: str, console: Optional[Console]) -> None:
    if fmt == "json":
        sys.stdout.write(json.dumps({"conventions": ids, "rows": rows}, ensure_ascii=False, indent=2) + "\n")
        return
    refs = Refs()
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow([_csv_safe(c) for c in ["rule_point", "topic", "agree", *ids, *(f"{i}_citation" for i in ids)]])
        for row in rows:
            vals = [row["values"][i] for i in ids]
            shorts = [cell(v, lang, Refs()).rsplit(" [", 1)[0] if not v["silent"] else "" for v in vals]
            cites = [f"{v['citation']['source']} — {v['citation']['section']}" if v["citation"] else "" for v in vals]
            line = [row["rule_point"], row["topic"], "yes" if row["agree"] else "no", *shorts, *cites]
            writer.writerow([_csv_safe(str(c)) for c in line])
        sys.stdout.write(out.getvalue())
        return
    if fmt == "markdown":
        def esc(s: str) -> str:
            return s.replace("|", "\\|")
        lines = []
        topic = None
        for row in rows:
            if row["topic"] != topic:
                topic = row["topic"]
                lines += ["", f"### {t('topic.' + topic, lang)}", "",
                          "| " + " | ".join([t("ui.rule_point", lang), *ids]) + " |",
                          "|" + "---|" * (len(ids) + 1)]
            mark = "" if row["agree"] else f" **({t('ui.differs', lang)})**"
            lines.append("| " + " | ".join([f"`{row['rule_point']}`{mark}",
                                             *(esc(cell(row["values"][i], lang, refs)) for i in ids)]) + " |")
        lines += ["", *(f"- {esc(line)}" for line in refs.lines())]
        sys.stdout.write("\n".join(lines).lstrip("\n") + "\n")
        return
    assert console is not None, "the table is printed on a console"
    _table(console, ids, rows, lang, refs)


def _table(console: Console, ids: list[str], rows: list[dict[str, Any]], lang: str, refs: Refs) -> None:
    from rich.markup import escape
    from rich.table import Table

    wide = console.width >= 26 + 16 * len(ids)
    topic = None
    table: Optional[Table] = None
    for row in rows:
        if row["topic"] != topic:
            if table is not None:
                console.print(table)
            topic = row["topic"]
            console.print(f"\n[bold underline]{escape(t('topic.' + topic, lang))}[/]")
            table = None
            if wide:
                table = Table(show_lines=True)
                table.add_column(escape(t("ui.rule_point", lang)), overflow="fold")
                for i in ids:
                    table.add_column(escape(i), overflow="fold")
        style = "" if row["agree"] else "bold yellow"
        if table is not None:
            table.add_row(f"[{style}]≠ {row['rule_point']}[/]" if style else row["rule_point"],
                          *(escape(cell(row["values"][i], lang, refs)) for i in ids))
        else:
            mark = "" if row["agree"] else f"  [{style}]≠ {t('ui.differs', lang)}[/]"
            console.print(f"[bold]{row['rule_point']}[/] — {escape(row['question'])}{mark}")
            for i in ids:
                console.print(f"    {escape(f'{i:<14}')} {escape(cell(row['values'][i], lang, refs))}")
    if table is not None:
        console.print(table)
    console.print(f"\n[bold]{t('ui.citations', lang)}[/]")
    for line in refs.lines():
        console.print("  " + escape(line))
