"""The ``kems-ref`` command line: thin Typer commands over the library.

Each command body reads its arguments, calls the library and prints; shared options, help texts
and errors are handled once, in :mod:`kems_ref.cli.common`.
"""

import enum
import os
import sys
from typing import Annotated, Optional

import typer

from .common import (
    DEFAULT_CONVENTION,
    ConventionOpt,
    KemsGroup,
    LangOpt,
    Out,
    command,
    complete_convention,
    complete_rule_point,
    h,
    speak_as_told,
    without_lang,
)
from .conventions import conventions_app
from .rule import register_events, rule_app

app = typer.Typer(cls=KemsGroup, add_completion=True, no_args_is_help=True, rich_markup_mode=None,
                  help=h("help.app"))


@app.callback()
def root(lang: LangOpt = None) -> None:
    """``kems-ref --lang fr COMMAND …``: the language for every command that follows."""
    if lang is not None:
        os.environ["KEMS_REF_LANG"] = lang.value


app.add_typer(rule_app, name="rule")
app.add_typer(conventions_app, name="conventions")


def complete_compare(incomplete: str) -> list[str]:
    """Shell completion for compare: convention ids and names, rule points, topics."""
    from ..corpus.catalogue import TOPICS

    return [*complete_convention(incomplete), *complete_rule_point(incomplete),
            *(topic for topic in TOPICS if topic.startswith(incomplete))]


class CompareFormat(str, enum.Enum):
    table = "table"
    markdown = "markdown"
    csv = "csv"
    json = "json"


class ChecklistFormat(str, enum.Enum):
    text = "text"
    markdown = "markdown"
    html = "html"


@command(app, help=h("help.cmd.compare"))
def compare(
    out: Out,
    ids: Annotated[Optional[list[str]], typer.Argument(help=h("help.option.ids"), show_default=False,
                                                       metavar="[IDS|RULE_POINT|TOPIC]...",
                                                       autocompletion=complete_compare)] = None,
    only_differences: Annotated[bool, typer.Option(help=h("help.option.only_differences"))] = False,
    topic: Annotated[Optional[str], typer.Option(help=h("help.option.topic"), metavar="TOPIC")] = None,
    format: Annotated[CompareFormat, typer.Option(help=h("help.option.format"),
                                                  show_default=False)] = CompareFormat.table,
) -> None:
    from ..corpus import load as conventions
    from ..outputs import compare as cmp
    from ..outputs.compare_render import render

    fmt = "json" if out.as_json else format.value
    out.extra["json"] = fmt == "json"
    from ..corpus.load import is_path
    from ..corpus.lookup import sort_refs

    speak_as_told(out, " ".join(i for i in ids or [] if not is_path(i)))  # "compare milieu": in French

    # conventions, rule points (call.contre-kems.wrong), topics (calls), words of the table (balayage)
    points, topics, refs = sort_refs(ids or [])
    selected = [conventions.load(i) for i in refs] if refs else conventions.load_all()
    chosen: list[Optional[str]] = [*topics] or [topic]
    rows = [row for topic_ in chosen for row in cmp.rows(selected, out.lang, topic_, only_differences)
            if not points or row["rule_point"] in points]
    render(fmt, cmp.labels(selected), rows, out.lang, out.console(wrap=True) if fmt == "table" else None,
           cmp.call_names(selected, out.lang))


@command(app, help=h("help.cmd.checklist"))
def checklist(
    out: Out,
    convention: Annotated[Optional[list[str]], typer.Option(
        "--convention", "-c", metavar="ID|FILE", help=h("help.option.checklist_conventions"),
        show_default=False)] = None,
    format: Annotated[ChecklistFormat, typer.Option(help=h("help.option.checklist_format"),
                                                    show_default=False)] = ChecklistFormat.text,
) -> None:
    from ..corpus import load as conventions
    from ..outputs import checklist as ck

    chosen = convention or [os.environ.get("KEMS_REF_CONVENTION") or DEFAULT_CONVENTION]
    if len(chosen) > 1:  # a mixed table: one sheet for the conventions its players learned
        from ..outputs import mixed

        convs = [conventions.load(c) for c in chosen]
        rows = mixed.items(convs, out.lang)
        if out.as_json:
            out.json({"conventions": [c.id for c in convs], "items": rows})
        else:
            out.text(mixed.RENDERERS[format.value](convs, rows, out.lang))
        return
    conv = conventions.load(chosen[0])
    items = ck.items(conv, out.lang)
    if out.as_json:
        calls = {event: name for event in conv.calls if (name := conv.call_name(event, out.lang))}
        out.json({"convention": conv.id, "items": items, "calls": calls})
    else:
        out.text(ck.RENDERERS[format.value](conv, items, out.lang))


@command(app, help=h("help.cmd.ask"))
def ask(
    out: Out,
    words: Annotated[Optional[list[str]], typer.Argument(help=h("help.option.words"), show_default=False)] = None,
    convention: ConventionOpt = DEFAULT_CONVENTION,
    no_input: Annotated[bool, typer.Option("--no-input", help=h("help.option.no_input"))] = False,
) -> None:
    from .ask import run

    run(out, words, convention, no_input)


@command(app, help=h("help.cmd.glossary"))
def glossary(
    out: Out,
    term: Annotated[Optional[str], typer.Argument(help=h("help.option.term"), show_default=False)] = None,
) -> None:
    from ..outputs import glossary as gl

    items = gl.entries(term, out.lang)
    if out.as_json:
        out.json(items)
    else:
        from .common import screen_width

        out.text(gl.render(items, screen_width()))


def main() -> None:
    prepare(sys.argv[1:])
    app(prog_name="kems-ref")


#: the commands whose line never reaches the score sheet (the sheet's twenty commands are only
#: built when the line may need them: Typer makes every registered command at start-up)
WITHOUT_GAME = {"rule", "ask", "compare", "checklist", "glossary", "conventions"}


def prepare(argv: list[str]) -> None:
    """Register the commands this command line may reach: ``rule EVENT`` and ``game call EVENT``
    only for their event, the score sheet only for ``game``; everything for help, completion or an
    unknown word."""
    first = next((arg for arg in without_lang(argv) if not arg.startswith("-")), None)
    everything = first not in WITHOUT_GAME | {"game"} or any(key.startswith("_KEMS_REF_COMPLETE")
                                                               for key in os.environ)
    if everything or first == "rule":
        register_events([] if everything else argv)
    if everything or first == "game":
        from .game import game_app, register_calls

        register_calls([] if everything else argv)
        if not any(info.name == "game" for info in app.registered_groups):
            app.add_typer(game_app, name="game")


def register_all() -> None:
    """Every command (tests and tools that drive ``app`` without ``main``)."""
    prepare([])
