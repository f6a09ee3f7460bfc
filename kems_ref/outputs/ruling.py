"""Human output of rulings: verdict first, then what the table applies, the explanation, the
citations (marked where the source only describes or advises), notes, silences, elsewhere.

A part the convention leaves open is printed as open ("not settled by Ducale"), never as a fact.
Rich markup on a terminal, the same content as plain text otherwise.  Every text that comes from a
file or the user is escaped: it is never read as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..corpus.catalogue import question
from ..corpus.events import BY_NAME
from ..corpus.load import MARKED_FORCES, names_publication
from ..i18n import has, t
from ..referee.outcomes import Verdict
from ..referee.resolver import Ruling
from ..words import fold
from . import wording
from .markup import escape
from .wording import publication_lines

if TYPE_CHECKING:
    from rich.console import Console

    from ..referee.api import Result
from ..referee.situation import CHOICE, READING

#: a verdict's colour follows its tone (:attr:`Verdict.tone`)
TONE_STYLE = {"good": "bold green", "bad": "bold red", "mixed": "bold yellow", "open": "bold magenta",
              "waits": "bold cyan", "plain": "bold"}


def verdict_style(verdict: str) -> str:
    """A verdict's colour on a terminal, by its tone."""
    return TONE_STYLE[Verdict(verdict).tone]


def verdict_label(verdict: str, lang: str) -> str:
    """A verdict's headline in ``lang`` ("CALL UPHELD")."""
    return t(f"verdict.{verdict}", lang)


def score_lines(ruling: Ruling, lang: str) -> list[str]:
    """What happens to the score, or that the convention leaves it open; [] where not at stake."""
    name = ruling.short_name or ruling.convention
    if ruling.branches or ruling.verdict == Verdict.IMPOSSIBLE:  # told branch by branch, or nothing to score
        return []
    event = BY_NAME[ruling.kind]
    if not ruling.score_settled:
        if event.ends_hand:  # a call or the end of the stock: its score is at stake, settled or not
            return [t("score.unsettled", lang, name=name)]
        return [t("score.breach_unsettled", lang, name=name)] if ruling.verdict == Verdict.FORBIDDEN else []
    if not ruling.score:
        if ruling.verdict == Verdict.VOID:
            return [t("score.void", lang)]
        return [t("score.none", lang)] if event.call or ruling.verdict == Verdict.HAND_ENDS else []
    lines = []
    for s in ruling.score:
        team_key = "team.others.multi" if s["team"] == "others" and (ruling.teams or ruling.players // 2) > 2 \
            else f"team.{s['team']}"
        if s["unit"] == "game":  # the score ends the game
            lines.append(t("score.game_won" if s["change"] > 0 else "score.game_lost", lang, team=t(team_key, lang)))
            continue
        unit = t(f"unit.{s['unit']}{'s' if abs(s['change']) > 1 else ''}", lang)
        lines.append(t("score.line", lang, team=t(team_key, lang), change=f"{s['change']:+d}", unit=unit))
    return lines


def hand_line(ruling: Ruling, lang: str) -> str:
    """The hand's end where it is at stake (calls, end of stock, a redeal)."""
    if ruling.branches or ruling.verdict == Verdict.IMPOSSIBLE:
        return ""
    if not BY_NAME[ruling.kind].ends_hand and ruling.verdict != Verdict.REDEAL:
        return ""
    if ruling.hand_ends is None:
        return t("hand_ends.none", lang, name=ruling.short_name or ruling.convention)
    return t("hand_ends.true" if ruling.hand_ends else "hand_ends.false", lang)


def condition(fact: str, value: object, lang: str, event: str) -> str:
    """A branch's condition in words, about the event's players where the words differ."""
    if fact.startswith(CHOICE):
        return t("if.choice", lang, n=value, point=question(fact[len(CHOICE):], lang))
    if fact.startswith(READING):
        return t("if.reading", lang, n=value, point=question(fact[len(READING):], lang))
    key = f"if.{fact}.{str(value).lower()}"
    return t(f"{key}.{event}" if has(f"{key}.{event}", lang) else key, lang)


def _consequences(console: Console, ruling: Ruling, lang: str, indent: str) -> None:
    for line in score_lines(ruling, lang):
        console.print(f"{indent}[bold]{escape(line)}[/]")
    hand = hand_line(ruling, lang)
    if hand:
        console.print(indent + escape(hand))
    if ruling.effects:
        effects = t("ui.sep", lang).join(effect_label(ruling, e, lang) for e in ruling.effects)
        console.print(f"{indent}{t('ui.effects', lang)} " + escape(effects))


def cited_by_source(citations: list[dict[str, Any]], lang: str) -> list[tuple[str, list[str]]]:
    """The citations grouped by source, in order: a long source is named once, each point after it
    with its section (Pagat's credit line is not repeated under every point)."""
    groups: dict[str, list[str]] = {}
    for c in citations:
        groups.setdefault(c["source"], []).append(cite_line(c, lang, with_source=False))
    return list(groups.items())


def _publication_of(source: str, publications: list[dict[str, Any]]) -> Optional[dict[str, Any]]:
    return next((p for p in publications if names_publication(source, p)), None)


def print_citations(console: Console, citations: list[dict[str, Any]], lang: str, indent: str = "  ",
                    publications: Optional[list[dict[str, Any]]] = None) -> None:
    """The citations under each source's name; with ``publications``, each source's title, address
    and how it is known, said once under its name."""
    for source, lines in cited_by_source(citations, lang):
        console.print(f"{indent}{escape(source)}")
        pub = _publication_of(source, publications or [])
        for line in publication_lines(pub, lang) if pub else []:
            console.print(f"{indent}  [dim]{escape(line)}[/]")
        for line in lines:
            console.print(f"{indent}  • {escape(line)}")


def cite_line(c: dict[str, Any], lang: str, with_source: bool = True, by_question: bool = False) -> str:
    """One citation on one line: the rule point (``by_question``: the question it answers, for a
    reader who does not know the ids — a phone), the source (unless said above), the section, its
    force and reading."""
    mark = f" ({t('ui.force.' + c['force'], lang)})" if c.get("force") in MARKED_FORCES else ""
    topic = f"{t('ui.topic_cite', lang)}{t('ui.colon', lang)} " if c.get("topic") else ""
    reading = f" [{t('ui.reading', lang)} {c['reading']}]" if c.get("reading") else ""
    point = question(c["rule_point"], lang) if by_question else c["rule_point"]
    if not with_source:
        return f"{point}: {topic}{c['section']}{mark}{reading}"
    return f"{point}: {c['source']} — {topic}{c['section']}{mark}{reading}"


def _event_named(ruling: Ruling, lang: str) -> str:
    """The event a ruling is about, with the convention's own name for the call where it differs."""
    event = wording.event_label(ruling.event, lang, ruling.call_names)
    call_name = wording.call_name(ruling, lang)
    if call_name and fold(call_name) != fold(event):
        event += f" ({t('ui.called', lang, name=call_name)})"
    return event


def print_ruling(console: Console, ruling: Ruling, elsewhere: list[dict[str, Any]], lang: str,
                 beside: Optional[list[str]] = None) -> None:
    """A ruling; ``beside``: lines said right after its explanation, before its sources (the other
    sources' rulings where no rules were named)."""
    head = f"[{verdict_style(ruling.verdict)}]{verdict_label(ruling.verdict, lang)}[/]"
    console.print(f"{head}  — {escape(_event_named(ruling, lang))}, {escape(ruling.convention_name)}")
    if ruling.branches:
        key = "ui.depends_on" if ruling.verdict == "depends" else "ui.then_depends_on"
        console.print(f"  [bold]{t(key, lang)}[/]")
        for n in wording.needs(ruling, lang):
            console.print(f"    • {escape(n['question'])}  ({escape(n['flag'])})")
        for branch in wording.shown_branches(ruling):
            sub: Ruling = branch["ruling"]
            cond = t("ui.sep", lang).join(condition(f, v, lang, ruling.event) for f, v in branch["if"].items())
            head = f"[bold]{t('ui.if', lang)} {escape(cond)}[/]"
            console.print(f"\n  {head} → [{verdict_style(sub.verdict)}]{verdict_label(sub.verdict, lang)}[/]")
            _consequences(console, sub, lang, "      ")
            console.print("      " + escape(wording.explanation(sub, lang)))
    else:
        _consequences(console, ruling, lang, "  ")
        console.print(f"\n[bold]{t('ui.why', lang)}[/]  " + escape(wording.explanation(ruling, lang)))
    if beside:
        console.print()
        for i, line in enumerate(beside):
            console.print(f"[bold]{escape(line)}[/]" if i == 0 else escape(line))
    if ruling.citations:
        console.print(f"\n[bold]{t('ui.citations', lang)}[/]")
        print_citations(console, wording.citations(ruling, lang), lang, publications=wording.sources(ruling, lang))
    for conflict in wording.conflicts(ruling, lang):
        chosen = f" — {t('ui.table_reading', lang, n=conflict['reading'])}" if conflict.get("reading") else ""
        head = t("ui.readings_open" if conflict["open"] else "ui.conflict", lang)
        console.print(f"\n[bold yellow]{head}[/] ({conflict['rule_point']}){escape(chosen)}")
        for i, reading in enumerate(conflict["readings"], 1):
            console.print(f"  {t('ui.reading', lang)} {i}: {escape(reading['text'])} "
                          f"[dim]({escape(reading['citation']['section'])})[/]")
    if ruling.notes:
        console.print(f"\n[bold]{t('ui.notes', lang)}[/]")
        for note in wording.notes(ruling, lang):
            console.print(f"  • {note['rule_point']}: {escape(note['text'])}")
    if ruling.unspecified:
        console.print(f"\n[bold magenta]{t('ui.silent', lang)}[/]")
        for point in ruling.unspecified:
            console.print(f"  • {escape(question(point, lang, ruling.call_names if ruling.like else None))} "
                          f"[dim]({point})[/]")
    for item in wording.elsewhere(elsewhere, lang):
        label = t("ui.elsewhere_exception" if item.get("exception") else "ui.elsewhere", lang,
                  name=ruling.short_name or ruling.convention)
        console.print(f"\n[bold]{escape(label)}[/] — {escape(question(item['rule_point'], lang))}")
        for rec in item["recommendations"]:
            label = t("ui.force.advised", lang) if rec.get("force") == "advised" else t("ui.recommends", lang)
            console.print(f"  ★ {rec['convention']} ({escape(label)}): {escape(rec['text'])} "
                          f"[dim]({escape(rec['citation']['source'])} — {escape(rec['citation']['section'])})[/]")
        for ans in item["conventions"]:
            mark = f" ({t('ui.force.' + ans['force'], lang)})" if ans.get("force") in MARKED_FORCES else ""
            console.print(f"  • {ans['convention']}{escape(mark)}: {escape(ans['text'])} "
                          f"[dim]({escape(ans['citation']['section'])})[/]")
        if not item["conventions"] and not item["recommendations"]:
            console.print(f"  {t('ui.none_states', lang)}")


def summary(ruling: Ruling, lang: str) -> tuple[str, str]:
    """A ruling in two short cells: verdict, and score + hand end (for the --all table)."""
    verdict = verdict_label(ruling.verdict, lang)
    if ruling.conflicts:
        verdict += " ⚠"
    if ruling.branches:
        parts = []
        for b in wording.shown_branches(ruling):
            cond = t("ui.sep", lang).join(condition(f, v, lang, ruling.event) for f, v in b["if"].items())
            sub = b["ruling"]
            detail = [line.rstrip(".") for line in score_lines(sub, lang)]
            if hand_line(sub, lang):
                detail.append(t(f"hand_short.{str(sub.hand_ends).lower()}", lang))
            # what the players do (who shows cards), where the answers differ on it; else said once after them
            detail += [effect_label(sub, code, lang) for code in sub.effects if code not in ruling.effects]
            more = f" ({t('ui.sep', lang).join(detail)})" if detail else ""
            parts.append(f"{cond} → {verdict_label(sub.verdict, lang)}{more}")
        return verdict, "\n".join(parts)
    if ruling.verdict == Verdict.IMPOSSIBLE:
        return verdict, wording.explanation(ruling, lang)
    return verdict, "\n".join(x for x in [*score_lines(ruling, lang), hand_line(ruling, lang)] if x)


def alone_lines(alone: list[tuple[str, Any]], lang: str) -> list[str]:
    """A Kems and a Contre-Kems together, which counts left open (``Asked.alone``): a heading, then what each call
    gives if the table counts it alone, on one line each, its calling team named ("the countering team") — the
    terminal and the page say the same lines; none where there is no such pair."""
    if not alone:
        return []
    return [t("ask.alone", lang)] + [
        "  " + t("ask.alone_line", lang, call=wording.event_label(call, lang),
                 ruling=_short(result.rulings[0], lang).replace(t("team.callers", lang),
                                                                t(f"ask.alone_team.{call}", lang)))
        for call, result in alone]


def _short(ruling: Ruling, lang: str) -> str:
    """A ruling on one line: its verdict, then its score, the hand's end and its effects (or each branch)."""
    verdict, detail = summary(ruling, lang)
    if ruling.branches:
        shared = [effect_label(ruling, code, lang) for code in ruling.effects]  # every answer's own
        return f"{verdict}: " + "; ".join(detail.splitlines()) + "".join(f"; {label}" for label in shared)
    unsettled = t("score.unsettled", lang, name=ruling.short_name or ruling.convention)
    parts = [t("score_short.unsettled", lang) if line == unsettled else line[:1].lower() + line[1:].rstrip(".")
             for line in score_lines(ruling, lang)]
    if hand_line(ruling, lang) and ruling.hand_ends is not None:
        parts.append(t(f"hand_short.{str(ruling.hand_ends).lower()}", lang))
    parts += [effect_label(ruling, code, lang) for code in ruling.effects]
    return verdict + (" — " + t("ui.sep", lang).join(parts) if parts else "")


def other_lines(others: list[dict[str, Any]], ruling: Ruling, lang: str) -> list[str]:
    """The other sources' rulings where no rules were named (``Asked.others``): the default named first,
    then each group of sources that rule otherwise on one line, those that rule alike, those that do not
    settle it, and those where the situation cannot be told."""
    from ..corpus.load import load

    def names(group: dict[str, Any]) -> str:
        return ", ".join(load(cid).short_name for cid in group["conventions"])

    open_too = ruling.verdict == Verdict.UNSPECIFIED and not ruling.branches
    lines = [t("ask.others_open" if open_too else "ask.others", lang, name=ruling.short_name or ruling.convention)]
    unsettled = [g for g in others if g["ruling"] is not None and not g["same"] and not g["ruling"].branches
                 and g["ruling"].verdict == Verdict.UNSPECIFIED]
    for group in others:
        if group["ruling"] is not None and not group["same"] and group not in unsettled:
            said = _short(group["ruling"], lang)
            if group.get("then") is not None:  # the call told after it, where this source lets the hand go on
                said += t("ask.others_then_partly" if group.get("then_partly") else "ask.others_then", lang,
                          call=wording.event_label(group["then"].event, lang),
                          ruling=_short(group["then"], lang))
            lines.append("  " + t("ask.others_line", lang, names=names(group), ruling=said))
    same = [g for g in others if g["same"]]
    if open_too:  # the default settles nothing either: one line of the sources that do not settle it
        unsettled, same = same + unsettled, []
    if same:
        lines.append("  " + t("ask.others_same", lang, name=ruling.short_name or ruling.convention,
                              names=", ".join(names(g) for g in same)))
    if unsettled:
        lines.append("  " + t("ask.others_unsettled_too" if open_too else "ask.others_unsettled", lang,
                              names=", ".join(sorted((load(cid).short_name for g in unsettled
                                                      for cid in g["conventions"]), key=fold))))
    for group in others:
        if group["ruling"] is None:
            lines.append("  " + t("ask.others_line", lang, names=names(group), ruling=group["error"].render(lang)))
    return lines


def print_all(console: Console, rulings: list[Ruling], lang: str) -> None:
    """Every convention's ruling: a table where it fits, one block per convention otherwise."""
    from rich.table import Table

    if console.width >= 72:
        table = Table(show_lines=True, expand=False)
        table.add_column(escape(t("ui.convention", lang)), no_wrap=True)
        table.add_column(escape(t("ui.verdict", lang)), overflow="fold")
        table.add_column(escape(t("ui.score", lang) + " / " + t("ui.hand", lang)), overflow="fold", ratio=1)
        for r in rulings:
            verdict, detail = summary(r, lang)
            style = verdict_style(r.verdict)
            table.add_row(escape(r.convention), f"[{style}]{escape(verdict)}[/]", escape(detail))
        console.print(table)
    else:
        for r in rulings:
            verdict, detail = summary(r, lang)
            style = verdict_style(r.verdict)
            console.print(f"[bold]{escape(r.convention)}[/]: [{style}]{escape(verdict)}[/]")
            for line in detail.splitlines():
                console.print("    " + escape(line))
    if any(r.conflicts for r in rulings):
        console.print(escape(t("why.conflict", lang)))


def print_result(console: Console, result: Result, lang: str, beside: Optional[list[str]] = None) -> None:
    """A ruling (with what the other conventions say), or every convention's side by side."""
    if result.everywhere:
        print_all(console, result.rulings, lang)
    else:
        print_ruling(console, result.rulings[0], result.elsewhere, lang, beside)


# --- markdown (``rule --format markdown``) -------------------------------------------------------------

def md(text: str) -> str:
    """Text of a file or a message in markdown: its punctuation is never read as markup (``*``, ``_``,
    ``[1]``, an HTML tag), and a line break never starts a block of its own."""
    escaped = "".join(f"\\{c}" if c in "\\`*_[]<>&|#" else c for c in text)
    return " ".join(escaped.splitlines())


def _md_consequences(ruling: Ruling, lang: str) -> list[str]:
    lines = [f"- {md(line)}" for line in score_lines(ruling, lang)]
    hand = hand_line(ruling, lang)
    if hand:
        lines.append(f"- {md(hand)}")
    if ruling.effects:
        effects = t("ui.sep", lang).join(effect_label(ruling, e, lang) for e in ruling.effects)
        lines.append(f"- {md(t('ui.effects', lang))} {md(effects)}")
    return lines


def ruling_markdown(ruling: Ruling, elsewhere: list[dict[str, Any]], lang: str) -> str:
    """One ruling in markdown: the verdict as a heading; what the table applies (the score, the hand's
    end, the effects) as a list; the explanation; the citations as a list, by source; then the
    source's contradictions, notes and silences and what the others say, as the terminal shows them."""
    out = [f"# {md(verdict_label(ruling.verdict, lang))} — {md(_event_named(ruling, lang))}, "
           f"{md(ruling.convention_name)}", ""]
    if ruling.branches:
        key = "ui.depends_on" if ruling.verdict == "depends" else "ui.then_depends_on"
        out += [md(t(key, lang)), ""]
        out += [f"- {md(n['question'])} (`{n['flag']}`)" for n in wording.needs(ruling, lang)]
        for branch in wording.shown_branches(ruling):
            sub: Ruling = branch["ruling"]
            cond = t("ui.sep", lang).join(condition(f, v, lang, ruling.event) for f, v in branch["if"].items())
            out += ["", f"## {md(t('ui.if', lang))} {md(cond)} → {md(verdict_label(sub.verdict, lang))}", ""]
            consequences = _md_consequences(sub, lang)
            out += [*consequences, ""] if consequences else []
            out.append(md(wording.explanation(sub, lang)))
    else:
        consequences = _md_consequences(ruling, lang)
        out += [*consequences, ""] if consequences else []
        out.append(md(wording.explanation(ruling, lang)))
    if ruling.citations:
        out += ["", f"## {md(t('ui.citations', lang))}", ""]
        publications = wording.sources(ruling, lang)
        for source, lines in cited_by_source(wording.citations(ruling, lang), lang):
            out.append(f"- {md(source)}")
            pub = _publication_of(source, publications)
            if pub:  # one line under the source's item (two would run together in a paragraph)
                out.append("  " + md(" — ".join(publication_lines(pub, lang))))
            for line in lines:
                point, cited = line.split(": ", 1)
                out.append(f"  - `{point}`: {md(cited)}")
    for conflict in wording.conflicts(ruling, lang):
        chosen = f" — {md(t('ui.table_reading', lang, n=conflict['reading']))}" if conflict.get("reading") else ""
        head = t("ui.readings_open" if conflict["open"] else "ui.conflict", lang)
        out += ["", f"## {md(head)} (`{conflict['rule_point']}`){chosen}", ""]
        out += [f"- {md(t('ui.reading', lang))} {i}: {md(reading['text'])} ({md(reading['citation']['section'])})"
                for i, reading in enumerate(conflict["readings"], 1)]
    if ruling.notes:
        out += ["", f"## {md(t('ui.notes', lang))}", ""]
        out += [f"- `{note['rule_point']}`: {md(note['text'])}" for note in wording.notes(ruling, lang)]
    if ruling.unspecified:
        out += ["", f"## {md(t('ui.silent', lang))}", ""]
        out += [f"- {md(question(point, lang, ruling.call_names if ruling.like else None))} (`{point}`)"
                for point in ruling.unspecified]
    for item in wording.elsewhere(elsewhere, lang):
        label = t("ui.elsewhere_exception" if item.get("exception") else "ui.elsewhere", lang,
                  name=ruling.short_name or ruling.convention)
        out += ["", f"## {md(label)} — {md(question(item['rule_point'], lang))}", ""]
        for rec in item["recommendations"]:
            said = t("ui.force.advised", lang) if rec.get("force") == "advised" else t("ui.recommends", lang)
            out.append(f"- ★ {md(rec['convention'])} ({md(said)}): {md(rec['text'])} "
                       f"({md(rec['citation']['source'])} — {md(rec['citation']['section'])})")
        for ans in item["conventions"]:
            mark = f" ({t('ui.force.' + ans['force'], lang)})" if ans.get("force") in MARKED_FORCES else ""
            out.append(f"- {md(ans['convention'])}{md(mark)}: {md(ans['text'])} ({md(ans['citation']['section'])})")
        if not item["conventions"] and not item["recommendations"]:
            out.append(md(t("ui.none_states", lang)))
    return "\n".join(out) + "\n"


def as_markdown(result: Result, lang: str, width: int) -> str:
    """``rule --format markdown``: the ruling, or with ``--all`` every convention's, one after another."""
    if result.everywhere:
        return "\n".join(ruling_markdown(r, [], lang) for r in result.rulings)
    return ruling_markdown(result.rulings[0], result.elsewhere, lang)


def effect_label(ruling: Any, code: str, lang: str) -> str:
    """An effect in words: the message of its code, or the words a file gives it (``effect_texts``)."""
    from ..corpus.load import text_in

    said = ruling.effect_texts.get(code)
    return text_in(said, lang) if said else t("effect." + code, lang)
