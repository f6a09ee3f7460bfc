"""Human output of rulings: verdict first, then score, explanation, citations, 'elsewhere' notes.

Rich markup on a terminal, the same content as plain text otherwise (rich strips the styling
when stdout is not a terminal).
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from .catalogue import BY_ID
from .messages import t
from .resolver import Ruling

VERDICT_STYLE = {"upheld": "bold green", "allowed": "bold green", "play-on": "bold green",
                 "rejected": "bold red", "forbidden": "bold red", "void": "bold yellow",
                 "unspecified": "bold magenta", "conditional": "bold yellow"}


def score_lines(ruling: Ruling, lang: str) -> list[str]:
    if not ruling.score:
        return [t("score.none", lang)]
    lines = []
    for s in ruling.score:
        team_key = "team.others.multi" if s["team"] == "others" and ruling.players > 4 else f"team.{s['team']}"
        unit = t(f"unit.{s['unit']}{'s' if abs(s['change']) > 1 else ''}", lang)
        lines.append(t("score.line", lang, team=t(team_key, lang), change=f"{s['change']:+d}", unit=unit))
    return lines


def print_ruling(console: Console, ruling: Ruling, elsewhere: list[dict], lang: str) -> None:
    style = VERDICT_STYLE.get(ruling.verdict, "bold")
    head = f"[{style}]{t('verdict.' + ruling.verdict, lang)}[/]"
    console.print(f"{head}  — {escape(t('event.' + ruling.event, lang))}, {escape(ruling.convention_name)}")
    for line in score_lines(ruling, lang):
        console.print(f"  [bold]{escape(line)}[/]")
    hand = {True: "hand_ends.true", False: "hand_ends.false", None: "hand_ends.none"}[ruling.hand_ends]
    console.print("  " + escape(t(hand, lang)))
    if ruling.effects:
        console.print(f"  {t('ui.effects', lang)} " + escape("; ".join(t('effect.' + e, lang) for e in ruling.effects)))
    console.print(f"\n[bold]{t('ui.why', lang)}[/]  " + escape(ruling.explanation))
    if ruling.citations:
        console.print(f"\n[bold]{t('ui.citations', lang)}[/]")
        for c in ruling.citations:
            console.print(f"  • {c['rule_point']}: {escape(c['source'])} — {escape(c['section'])}")
    for conflict in ruling.conflicts:
        console.print(f"\n[bold yellow]{t('ui.conflict', lang)}[/] ({conflict['rule_point']})")
        for i, reading in enumerate(conflict["readings"], 1):
            console.print(f"  {t('ui.reading', lang)} {i}: {escape(reading['text'])} "
                          f"[dim]({escape(reading['citation']['section'])})[/]")
    if ruling.unspecified:
        points = ", ".join(ruling.unspecified)
        console.print(f"\n[bold magenta]{t('ui.silent', lang)}[/] {points}")
    for item in elsewhere:
        console.print(f"\n[bold]{t('ui.elsewhere', lang)}[/] — {escape(BY_ID[item['rule_point']].question[lang])}")
        for rec in item["recommendations"]:
            console.print(f"  ★ {rec['convention']} {t('ui.recommends', lang)}: {escape(rec['text'])} "
                          f"[dim]({escape(rec['citation']['source'])} — {escape(rec['citation']['section'])})[/]")
        for ans in item["conventions"]:
            console.print(f"  • {ans['convention']}: {escape(ans['text'])} [dim]({escape(ans['citation']['section'])})[/]")
        if not item["conventions"] and not item["recommendations"]:
            console.print(f"  {t('ui.none_states', lang)}")


def print_all(console: Console, rulings: list[Ruling], lang: str) -> None:
    from rich.table import Table

    table = Table(show_lines=False, expand=False)
    for key in ("ui.convention", "ui.verdict", "ui.score", "ui.key_point"):
        table.add_column(t(key, lang), overflow="fold")
    for r in rulings:
        style = VERDICT_STYLE.get(r.verdict, "bold")
        key = next((p for p in r.rule_points if p.endswith((".right", ".wrong"))),
                   r.rule_points[0] if r.rule_points else "")
        table.add_row(r.convention, f"[{style}]{t('verdict.' + r.verdict, lang)}[/]",
                      escape("; ".join(score_lines(r, lang))), key)
    console.print(table)
