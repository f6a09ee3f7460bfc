"""Output of `kems-ref compare`: rich table, GitHub markdown, CSV or JSON (the writers of
:data:`kems_ref.outputs.formats.COMPARE`).

Cells are short values with a numbered reference to their citation, listed below the table;
silences read as silent and self-contradictions are marked.  On a narrow terminal (or with many
conventions) the table is printed one rule point per block, so 80 columns stay readable.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any, Optional

from ..i18n import t
from .compare import cite, names_line, short, shown, standing, summary

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from .compare import Comparison


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
    """A source's answer with the number of its citation; a source that contradicts itself gives each
    reading's answer with its own, none first, and is marked."""
    if value["silent"]:
        note = value.get("note")  # what the source says near the point, labelled a note, never an answer
        if note:
            return f"{short(value, lang)} {t('ui.note', lang)}{t('ui.colon', lang)} {note['text']} " \
                   f"{refs.ref(note['citation'])}".rstrip()
        return short(value, lang)
    first = refs.ref(value["citation"])
    if not value["conflict"]:
        return summary(value, lang, first)
    return f"{summary(value, lang, first, refs.ref(value['conflict']['citation']))} {t('ui.conflict_mark', lang)}"


def _csv_safe(value: str) -> str:
    """A cell a spreadsheet will not run as a formula (CSV injection)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def as_json(comparison: Comparison, lang: str, width: int) -> dict[str, Any]:
    out = {"conventions": comparison.labels, "rows": comparison.rows, "calls": comparison.calls,
           "sources": comparison.sources(lang), "corpus": dict(comparison.corpus)}
    if comparison.table is not None:
        out["table"] = comparison.table
    if comparison.more_tables:
        out["more_tables"] = comparison.more_tables
    if comparison.deal_check is not None:
        out["deal_check"] = comparison.deal_check
    return out


def table_lines(table: dict[str, Any], lang: str, refs: Optional[Refs] = None) -> list[str]:
    """A question on a table size, answered first: for each convention, whether its count allows it — each
    with its citation in full, or with ``refs`` its number (the terminal, whose lines a phone shows narrow)."""

    def cited(citation: Optional[dict[str, Any]]) -> str:
        if not citation:
            return ""
        return f" {refs.ref(citation)}" if refs is not None else f" ({cite(citation)})"

    players = table["players"]
    out = [t("ui.table_asked", lang, players=players)]
    for answer in table["answers"]:
        if answer["allowed"] is None:
            key = "ui.table_silent"
        elif answer["allowed"]:
            key = "ui.table_allowed"
        elif answer.get("elsewhere"):
            key = "ui.table_elsewhere"
        else:
            key = "ui.table_excluded" if answer["prescribed"] else "ui.table_described"
        out.append("  " + t(key, lang, name=answer["name"], counts=answer["counts"] or "", players=players,
                            conventions=", ".join(answer.get("elsewhere") or [])) + cited(answer["citation"]))
    decks = [answer for answer in table["answers"] if answer.get("deck")]
    if decks:  # the deck told beside the size: the one each source gives at that size
        out.append(t("ui.deck_asked", lang, players=players, deck=decks[0]["deck"]["deck"]))
        for answer in decks:
            told = answer["deck"]
            key = "ui.deck_fits" if told["fits"] else "ui.deck_other" if told["prescribed"] else "ui.deck_described"
            at = t("ui.deck_at", lang, players=players) if told["by_players"] else ""
            out.append("  " + t(key, lang, name=answer["name"], at=at, deck=told["deck"],
                                cards=" / ".join(str(n) for n in told["cards"])) + cited(told["citation"]))
    return out


def deal_lines(check: Optional[dict[str, Any]], lang: str) -> list[str]:
    """The cards the deal takes at the table's size, against its deck ("a 32-card deck is not enough at 8"); none
    where the question gave no deck."""
    if check is None:
        return []
    return [t("ui.deal_enough" if check["enough"] else "ui.deal_short", lang, **{
        k: check[k] for k in ("players", "deck", "need", "hand", "center")},
        conventions=", ".join(check["conventions"]))]


def as_csv(comparison: Comparison, lang: str, width: int) -> str:
    ids, rows = comparison.labels, comparison.rows
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_csv_safe(c) for c in ["rule_point", "topic", "agree", *ids, *(f"{i}_citation" for i in ids)]])
    for row in rows:
        vals = [row["values"][i] for i in ids]
        marks = [f" {t('ui.conflict_mark', lang)}" if v["conflict"] else "" for v in vals]
        shorts = ["" if v["silent"] else summary(v, lang) + mark for v, mark in zip(vals, marks, strict=True)]
        cites = [f"{v['citation']['source']} — {v['citation']['section']}" if v["citation"] else "" for v in vals]
        line = [row["rule_point"], row["topic"], "yes" if row["agree"] else "no", *shorts, *cites]
        writer.writerow([_csv_safe(str(c)) for c in line])
    return out.getvalue()


def as_markdown(comparison: Comparison, lang: str, width: int) -> str:
    ids, rows, calls = comparison.labels, comparison.rows, comparison.calls
    refs = Refs()

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
    if calls:
        lines += ["", esc(names_line(calls, lang))]
    lines += publications_markdown(comparison.sources(lang), lang)
    return "\n".join(lines).lstrip("\n") + "\n"


def publications_markdown(publications: list[dict[str, Any]], lang: str) -> list[str]:
    """The publications cited, each once, as a Markdown list (its details on one line under its name)."""
    from .ruling import md
    from .wording import publication_lines

    if not publications:
        return []
    out = ["", f"**{md(t('ui.publications', lang))}**", ""]
    for pub in publications:
        out += [f"- {md(pub['source'])}", "  " + md(" — ".join(publication_lines(pub, lang)))]
    return out



def as_table(comparison: Comparison, lang: str, width: int) -> Any:
    """The terminal's table (a rich renderable), laid out for ``width`` columns; a question on a table
    size is answered above it."""
    if comparison.table is not None:
        from rich.console import Group
        from rich.text import Text

        refs = Refs()  # each source cited by its number, the numbers listed under the answers (and the tables')
        lines = [line for table in (comparison.table, *comparison.more_tables)
                 for line in table_lines(table, lang, refs)]
        lines += deal_lines(comparison.deal_check, lang)
        rows = [row for row in comparison.rows if row["rule_point"] != "players.count"]  # answered above, cited
        wide = len(rows) > 1 and _wide(width, comparison.labels)  # the table lists every number at its end
        if not wide:
            lines += [f"  {line}" for line in refs.lines()]
        answered = Text("\n".join(lines) + "\n")
        if not rows:
            return Group(answered, *_publications(comparison.sources(lang), lang))
        return Group(answered, _table(width, comparison.labels, rows, lang, refs,
                                      comparison.names(lang), comparison.sources(lang), comparison.asked))
    return _table(width, comparison.labels, comparison.rows, lang, Refs(), comparison.names(lang),
                  comparison.sources(lang), comparison.asked)


def _wide(width: int, ids: list[str]) -> bool:
    """Room for one column per convention (else each point is a list, its sources under it)."""
    return width >= 26 + 16 * len(ids)


def _table(width: int, ids: list[str], rows: list[dict[str, Any]], lang: str, refs: Refs,
           named: str = "", publications: Optional[list[dict[str, Any]]] = None, asked: bool = False) -> Any:
    """Everything is gathered first and printed in one go (hundreds of separate prints cost more
    than the rest of the command); a rule point id is never wrapped.  ``asked`` (a question told in words): each
    point is headed by its question alone."""
    from rich.console import Group
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    if len(rows) == 1:
        return _one_point(ids, rows[0], lang, publications or [], asked)
    wide = _wide(width, ids)
    point_width = 34 if asked else max((len(row["rule_point"]) for row in rows), default=10) + 2
    questioned = asked or (wide and width >= 160)  # room for each point's question under its id
    parts: list[Any] = []
    lines: list[str] = []  # markup lines not yet gathered into a part
    topic = None
    table: Optional[Table] = None

    def flush() -> None:
        nonlocal table
        if table is not None:
            parts.append(table)
            table = None
        if lines:
            parts.append(Text.from_markup("\n".join(lines)))
            lines.clear()

    for row in rows:
        if row["topic"] != topic:
            flush()
            topic = row["topic"]
            lines.append(f"\n[bold underline]{escape(t('topic.' + topic, lang))}[/]")
            if wide:
                flush()
                table = Table(show_lines=True)
                table.add_column(escape(t("ui.question" if asked else "ui.rule_point", lang)), no_wrap=not questioned,
                                 min_width=min(point_width, 24) if asked else point_width,
                                 max_width=max(point_width, 34) if questioned else None, overflow="fold")
                for i in ids:
                    table.add_column(escape(i), overflow="fold")
        differs = not row["agree"]
        if table is not None:
            if asked:
                question = escape(row["question"])
                point = f"[bold yellow]≠[/] {question}" if differs else question
            else:
                point = f"[bold yellow]≠ {row['rule_point']}[/]" if differs else row["rule_point"]
                if questioned:
                    point += f"\n[dim]{escape(row['question'])}[/]"
            table.add_row(point, *(escape(cell(row["values"][i], lang, refs)) for i in ids))
        else:
            mark = f"  [bold yellow]≠ {escape(t('ui.differs', lang))}[/]" if differs else ""
            head = f"[bold]{escape(row['question'])}[/]" if asked else \
                f"[bold]{row['rule_point']}[/] — {escape(row['question'])}"
            lines.append(head + mark)
            known = len(refs.items)
            lines += [f"    {escape(f'{i:<14}')} {escape(cell(row['values'][i], lang, refs))}" for i in ids]
            # the sources first cited here, under the point (not hundreds of lines below)
            lines += [f"[dim]      {escape(line)}[/]" for line in refs.lines()[known:]]
    if wide:
        lines.append(f"\n[bold]{escape(t('ui.citations', lang))}[/]")
        lines += ["  " + escape(line) for line in refs.lines()]
    if named:
        lines += ["", escape(named)]
    flush()
    parts += _publications(publications or [], lang)
    return Group(*parts)


def _publications(publications: list[dict[str, Any]], lang: str) -> list[Any]:
    """The publications cited, each once (its title, address and how it is known): renderables whose
    long lines wrap under their own indent."""
    from rich.padding import Padding
    from rich.text import Text

    from .wording import publications_block

    block = publications_block(publications, lang)
    if not block:
        return []
    out: list[Any] = [Text("\n" + block[0], style="bold")]
    for line in block[1:]:
        depth = len(line) - len(line.lstrip(" "))
        out.append(Padding(Text(line.strip(), style="dim" if depth > 2 else ""), (0, 0, 0, depth)))
    return out


def show_paged(console: Console, renderable: Any) -> None:
    """Print; on a terminal, through a pager when it is taller than the screen (``$PAGER``, else
    ``less``, which keeps the colours and quits at once when the text fits)."""
    import os
    import shutil

    if not console.is_terminal or os.environ.get("KEMS_REF_NO_PAGER"):
        console.print(renderable)
        return
    with console.capture() as captured:
        console.print(renderable)
    text = captured.get()
    if text.count("\n") < shutil.get_terminal_size().lines - 1:
        console.file.write(text)
        return
    import shlex
    import subprocess

    try:
        command = shlex.split(os.environ.get("PAGER") or "less")
    except ValueError:
        command = []
    if not command or shutil.which(command[0]) is None:  # a pager that cannot run: print instead
        console.file.write(text)
        return
    try:
        done = subprocess.run(command, input=text.encode(), env={**os.environ, "LESS": os.environ.get("LESS", "-RFX")},
                              check=False)
    except OSError:
        console.file.write(text)
        return
    if done.returncode in (126, 127):  # found but not runnable, or its own command missing: nothing was shown
        console.file.write(text)


def _one_point(ids: list[str], row: dict[str, Any], lang: str, publications: list[dict[str, Any]],
               asked: bool = False) -> Any:
    """One rule point across the sources, on one screen: each source's answer in full, with its
    citation and force; long lines wrap under the answer, not under the source's name.  ``asked``: headed by
    the question alone."""
    from rich.console import Group
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    kind, said = standing(row, lang)  # one source that speaks agrees with nobody: said as the only one
    mark = "" if not kind else f"  [bold yellow]≠ {escape(said)}[/]" if kind == "differs" \
        else f"  [green]= {escape(said)}[/]" if kind == "agree" else f"  [dim]{escape(said)}[/]"
    # asked in words: the question is already said on the line "Understood: …" — only where the sources stand
    head = Text.from_markup(f"\n{mark.strip()}" if asked and mark else "" if asked else
                            f"[bold]{row['rule_point']}[/]{mark}\n{escape(row['question'])}\n")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for one in shown(row, lang):
        body = escape(f"{one['short']} {one['mark']}".strip())
        for reading in one["readings"]:
            source = f" ({reading['citation']})" if reading["citation"] else ""
            # a silence's note, labelled as the page labels it ("Note :" in French)
            label = f"{reading['label']}{t('ui.colon', lang)} " if reading["label"] and one["silent"] else ""
            body += f"\n[dim]{escape(label + reading['text'] + source)}[/]"
        grid.add_row(escape(one["convention"]), Text.from_markup(body))
    return Group(head, grid, *_publications(publications, lang))
