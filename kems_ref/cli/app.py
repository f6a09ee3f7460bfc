"""The `kems-ref` command line: a thin Typer layer over the pure modules."""

from __future__ import annotations

import json
import sys
from enum import Enum
from typing import Annotated, Optional

import typer

from ..errors import KemsError

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="Referee for the card game Kems: rulings, comparisons and checklists, with citations.")
conventions_app = typer.Typer(no_args_is_help=True, help="List, show, validate or start convention files.")
app.add_typer(conventions_app, name="conventions")


class Lang(str, Enum):
    fr = "fr"
    en = "en"


ConventionOpt = Annotated[str, typer.Option("--convention", "-c", envvar="KEMS_REF_CONVENTION",
                                             help="Convention id or path to a YAML file (house rules).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine output on stdout (JSON only).")]
LangOpt = Annotated[Optional[Lang], typer.Option("--lang", help="fr or en (default: KEMS_REF_LANG, then locale).")]


def _lang(lang: Optional[Lang]) -> str:
    from ..i18n import detect_lang

    found = detect_lang(lang.value if lang else None)
    if found not in ("fr", "en"):
        raise KemsError(f"unknown language '{found}' (choose fr or en)")
    return found


def _emit_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _fail(exc: KemsError, as_json: bool) -> None:
    if as_json:
        _emit_json({"error": str(exc)})
    sys.stderr.write(f"kems-ref: error: {exc}\n")
    raise typer.Exit(2)


def _console(wrap: bool = False):
    """Piped rulings keep whole lines; ``wrap`` folds to the width (tables, 80-column layouts)."""
    from rich.console import Console

    console = Console(highlight=False)
    console.soft_wrap = not (wrap or console.is_terminal)
    return console


@app.command()
def rule(
    event: Annotated[Optional[str], typer.Argument(help="kems, double-kems, contre-kems, double-contre-kems, deal, "
                                                        "exchange, sweep, stock-out, signal, same-card")] = None,
    convention: ConventionOpt = "ducale",
    hand: Annotated[Optional[str], typer.Option(help="The hand the situation is about, e.g. \"7 7 K K\".")] = None,
    partner_hand: Annotated[Optional[str], typer.Option(help="That player's partner's hand.")] = None,
    lifted: Annotated[Optional[str], typer.Option(help="Card(s) lifted off the table, not yet in hand.")] = None,
    touched: Annotated[Optional[str], typer.Option(help="Card(s) touched on the table but not lifted.")] = None,
    ungathered: Annotated[bool, typer.Option(help="The four cards were not yet gathered in one hand.")] = False,
    after_kems: Annotated[bool, typer.Option(help="A Kems had already been called.")] = False,
    during_sweep: Annotated[bool, typer.Option(help="The call was made during a sweep.")] = False,
    barred: Annotated[bool, typer.Option(help="The caller already made a wrong Contre-Kems earlier this hand.")] = False,
    players: Annotated[Optional[int], typer.Option(help="Players at the table (default 4).")] = None,
    deck: Annotated[Optional[int], typer.Option(help="32, 36 or 52 (default: the largest the convention allows).")] = None,
    cards: Annotated[Optional[int], typer.Option(help="exchange: cards exchanged in one go (default 1).")] = None,
    take_first: Annotated[Optional[bool], typer.Option(
        "--take-first/--put-first",
        help="exchange: picked up before putting down / put down first (neither: not said).")] = None,
    before_opening: Annotated[bool, typer.Option(help="exchange: made before the hunt was opened.")] = False,
    first_deal: Annotated[Optional[bool], typer.Option(
        "--first-deal/--later-deal", help="deal: the very first deal of the game / a later one.")] = None,
    kems_right: Annotated[Optional[bool], typer.Option(
        "--kems-right/--kems-wrong", help="contre-kems --after-kems: the Kems called first was right / wrong.")] = None,
    warning_sign: Annotated[Optional[bool], typer.Option(
        "--warning-sign/--other-sign", help="signal --second-signal: it only warns 'we are watched' / it does not.")] = None,
    banned_before_play: Annotated[Optional[bool], typer.Option(
        "--banned-before-play/--not-banned", help="signal: a player banned such signs before play / nobody did.")] = None,
    reading: Annotated[Optional[list[str]], typer.Option(
        help="RULE_POINT=N: follow reading N (1 or 2) where the source contradicts itself.")] = None,
    verbal: Annotated[bool, typer.Option(help="signal: the signal is a word.")] = False,
    hidden: Annotated[bool, typer.Option(help="signal: not visible to all (under the table).")] = False,
    second_signal: Annotated[bool, typer.Option(help="signal: a team's second signal.")] = False,
    objection: Annotated[Optional[bool], typer.Option(
        "--objection/--no-objection", help="sweep: a player objects to the sweep / nobody does.")] = None,
    took_first: Annotated[Optional[bool], typer.Option(
        "--touched-first/--touched-second", help="same-card: the player who took it touched it first / second.")] = None,
    all_: Annotated[bool, typer.Option("--all", help="Rule under every known convention.")] = False,
    situation: Annotated[Optional[str], typer.Option(help="Read the situation from a YAML file.")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Rule on one situation under a convention, with the citations behind the ruling."""
    from ..corpus import load as convs
    from ..referee import situation as sit_mod
    from ..referee.resolver import check_readings, resolve

    try:
        language = _lang(lang)
        flags = dict(hand=hand, partner_hand=partner_hand, lifted=lifted, touched=touched, ungathered=ungathered,
                     after_kems=after_kems, during_sweep=during_sweep, barred=barred, players=players, deck=deck,
                     cards=cards, take_first=take_first, before_opening=before_opening, first_deal=first_deal,
                     kems_right=kems_right, warning_sign=warning_sign, banned_before_play=banned_before_play,
                     reading=reading, verbal=verbal, hidden=hidden,
                     second_signal=second_signal, objection=objection, took_first=took_first)
        if situation:
            if event:
                flags["event"] = event
            sit = sit_mod.from_file(situation, flags)
        else:
            if not event:
                raise KemsError("give an EVENT (" + ", ".join(sit_mod.EVENTS) + ") or --situation FILE")
            if flags["players"] is None:
                flags["players"] = 4
            sit = sit_mod.build(event, **flags)
        if all_:
            from ..referee.resolver import resolve_all

            rulings = resolve_all(convs.load_all(), sit, language)
            if as_json:
                _emit_json([r.to_json() for r in rulings])
            else:
                from ..outputs.ruling import print_all
                print_all(_console(wrap=True), rulings, language)
            return
        conv = convs.load(convention)
        check_readings(conv, sit)
        ruling = resolve(conv, sit, language)
        from ..referee.elsewhere import elsewhere
        notes = elsewhere(conv, ruling.unspecified, language)
        if as_json:
            _emit_json({**ruling.to_json(), "elsewhere": notes})
        else:
            from ..outputs.ruling import print_ruling
            print_ruling(_console(), ruling, notes, language)
    except KemsError as exc:
        _fail(exc, as_json)


@app.command()
def compare(
    ids: Annotated[Optional[list[str]], typer.Argument(help="Convention ids or YAML paths (default: all shipped).")] = None,
    only_differences: Annotated[bool, typer.Option(help="Only the rule points where the sources disagree.")] = False,
    topic: Annotated[Optional[str], typer.Option(help="material, deal, hunt, signal, calls or score.")] = None,
    format: Annotated[str, typer.Option(help="table, markdown, csv or json.")] = "table",
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Show conventions side by side, rule point by rule point, with citations."""
    from ..outputs import compare as cmp
    from ..corpus import load as convs
    from ..outputs.compare_render import render

    try:
        language = _lang(lang)
        fmt = "json" if as_json else format
        if fmt not in ("table", "markdown", "csv", "json"):
            raise KemsError(f"unknown format '{format}' (choose table, markdown, csv or json)")
        selected = [convs.load(i) for i in ids] if ids else convs.load_all()
        rows = cmp.rows(selected, language, topic, only_differences)
        render(fmt, selected, rows, language, _console(wrap=True) if fmt == "table" else None)
    except KemsError as exc:
        _fail(exc, as_json or format == "json")


@app.command()
def checklist(
    convention: ConventionOpt = "ducale",
    format: Annotated[str, typer.Option(help="text, markdown or html (one printable A4 page).")] = "text",
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Print the pre-game checklist: every disputed point with this convention's answer or 'to decide'."""
    from ..outputs import checklist as ck
    from ..corpus import load as convs

    try:
        language = _lang(lang)
        if not as_json and format not in ("text", "markdown", "html"):
            raise KemsError(f"unknown format '{format}' (choose text, markdown or html)")
        conv = convs.load(convention)
        items = ck.items(conv, language)
        if as_json:
            _emit_json({"convention": conv.id, "items": items})
        else:
            render = {"text": ck.as_text, "markdown": ck.as_markdown, "html": ck.as_html}[format]
            sys.stdout.write(render(conv, items, language).rstrip("\n") + "\n")
    except KemsError as exc:
        _fail(exc, as_json)


@conventions_app.command("list")
def conventions_list(as_json: JsonOpt = False, lang: LangOpt = None) -> None:
    """List the shipped conventions."""
    from ..corpus import load as convs

    try:
        language = _lang(lang)
        items = [{"id": c.id, "name": c.name, "source": c.source, "extends": c.extends} for c in convs.load_all()]
        if as_json:
            _emit_json(items)
            return
        from ..i18n import t
        for it in items:
            ext = f"  ({t('ui.extends', language)} {it['extends']})" if it["extends"] else ""
            sys.stdout.write(f"{it['id']:<15} {it['name']}{ext}\n")
    except KemsError as exc:
        _fail(exc, as_json)


@conventions_app.command("show")
def conventions_show(
    convention: Annotated[str, typer.Argument(help="Convention id or YAML path.")],
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Show every rule point of a convention, grouped by topic, with citations and silences."""
    from ..corpus import load as convs
    from ..outputs.show import show_json, show_text

    try:
        language = _lang(lang)
        conv = convs.load(convention)
        if as_json:
            _emit_json(show_json(conv, language))
        else:
            show_text(_console(), conv, language)
    except KemsError as exc:
        _fail(exc, as_json)


@conventions_app.command("validate")
def conventions_validate(
    file: Annotated[str, typer.Argument(help="The YAML file to check.")],
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> None:
    """Lint a convention file: exit 0 valid, 1 invalid (each problem with its line), 2 unreadable."""
    from ..corpus import load as convs
    from ..i18n import t

    try:
        language = _lang(lang)
        _, problems = convs.validate_file(file)
    except KemsError as exc:
        if as_json:
            _emit_json({"valid": False, "errors": [{"line": exc.line, "message": exc.message}]})
        sys.stderr.write(f"kems-ref: error: {exc}\n")
        raise typer.Exit(2)
    if as_json:
        _emit_json({"valid": not problems, "errors": [{"line": ln, "message": m} for ln, m in problems]})
    elif problems:
        for line, message in problems:
            sys.stdout.write(f"{file}:{line}: {message}\n")
        sys.stdout.write(t("ui.invalid", language, file=file, count=len(problems)) + "\n")
    else:
        sys.stdout.write(t("ui.valid", language, file=file) + "\n")
    raise typer.Exit(1 if problems else 0)


@conventions_app.command("init")
def conventions_init(
    extends: Annotated[str, typer.Option(help="The published convention the house rules extend.")] = "ducale",
    lang: LangOpt = None,
) -> None:
    """Print a commented starting file for a table's house rules."""
    from ..corpus import load as convs
    from ..outputs.house import template

    try:
        conv = convs.load(extends)
        sys.stdout.write(template(conv, _lang(lang)))
    except KemsError as exc:
        _fail(exc, False)


@conventions_app.command("schema")
def conventions_schema() -> None:
    """Print the JSON Schema of the convention format (for editors)."""
    from ..corpus.schema import json_schema

    _emit_json(json_schema())


def main() -> None:
    app(prog_name="kems-ref")
