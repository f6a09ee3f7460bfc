"""The ``kems-ref`` command line: thin Typer commands over the library.

Each command body reads its arguments, calls the library and prints; shared options, help texts
and errors are handled once, in :mod:`kems_ref.cli.common`.
"""

import os
import sys
from typing import Annotated, Optional

import typer

from ..library import ASK, CHECKLIST, COMPARE, GLOSSARY
from .common import (
    DEFAULT_CONVENTION,
    ConventionOpt,
    KemsGroup,
    LangOpt,
    Out,
    command,
    complete_convention,
    complete_rule_point,
    given,
    lang_typed,
    msg,
    without_lang,
)
from .rule import register_events, rule_app

app = typer.Typer(cls=KemsGroup, add_completion=True, no_args_is_help=True, rich_markup_mode=None,
                  help=msg("help.app"))


@app.callback()
def root(lang: LangOpt = None) -> None:
    """``kems-ref --lang fr COMMAND …``: the language for every command that follows."""
    if lang is not None:
        os.environ["KEMS_REF_LANG"] = lang.value


app.add_typer(rule_app, name="rule")


def complete_compare(incomplete: str) -> list[str]:
    """Shell completion for compare: convention ids and names, rule points, topics."""
    from ..library import TOPICS

    return [*complete_convention(incomplete), *complete_rule_point(incomplete),
            *(topic for topic in TOPICS if topic.startswith(incomplete))]


@command(app, help=msg("help.cmd.compare"), output=COMPARE)
def compare(
    out: Out,
    ids: Annotated[Optional[list[str]], typer.Argument(help=msg("help.option.ids"), show_default=False,
                                                       metavar="[IDS|RULE_POINT|TOPIC]...",
                                                       autocompletion=complete_compare)] = None,
    only_differences: Annotated[bool, typer.Option(help=msg("help.option.only_differences"))] = False,
    topic: Annotated[Optional[str], typer.Option(help=msg("help.option.topic"), metavar="TOPIC")] = None,
) -> None:
    from . import jobs

    jobs.compare(out, ids, only_differences, topic, lang_typed())


@command(app, help=msg("help.cmd.checklist"), output=CHECKLIST)
def checklist(
    out: Out,
    convention: Annotated[Optional[list[str]], typer.Option(
        "--convention", "-c", metavar="ID|FILE", help=msg("help.option.checklist_conventions"),
        show_default=False)] = None,
) -> None:
    from ..library import checklist as sheet

    chosen = convention or [os.environ.get("KEMS_REF_CONVENTION") or DEFAULT_CONVENTION]
    out.write(sheet(chosen, out.lang))


@command(app, help=msg("help.cmd.ask"), output=ASK)
def ask(
    out: Out,
    words: Annotated[Optional[list[str]], typer.Argument(help=msg("help.option.words"), show_default=False)] = None,
    convention: ConventionOpt = DEFAULT_CONVENTION,
    no_input: Annotated[bool, typer.Option("--no-input", help=msg("help.option.no_input"))] = False,
) -> None:
    from .ask import run

    run(out, words, convention, no_input, given("convention"), lang_typed())


@command(app, help=msg("help.cmd.glossary"), output=GLOSSARY)
def glossary(
    out: Out,
    term: Annotated[Optional[str], typer.Argument(help=msg("help.option.term"), show_default=False)] = None,
) -> None:
    from ..library import glossary_entries

    out.write(glossary_entries(term, out.lang))


def main() -> None:
    prepare(sys.argv[1:])
    app(prog_name="kems-ref")


#: the commands whose line never reaches the score sheet (the sheet's twenty commands, the conventions'
#: and serve are only built when the line may need them: Typer makes every registered command at start-up)
WITHOUT_GAME = {"rule", "ask", "compare", "checklist", "glossary", "conventions", "serve", "site"}


def prepare(argv: list[str]) -> None:
    """Register the commands this command line may reach: ``rule EVENT`` and ``game call EVENT``
    only for their event, the score sheet only for ``game``; everything for help, completion or an
    unknown word."""
    first = next((arg for arg in without_lang(argv) if not arg.startswith("-")), None)
    everything = first not in WITHOUT_GAME | {"game"} or any(key.startswith("_KEMS_REF_COMPLETE")
                                                               for key in os.environ)
    if everything or first == "rule":
        register_events([] if everything else argv)
    if (everything or first == "conventions") and not any(i.name == "conventions" for i in app.registered_groups):
        from .conventions import conventions_app

        app.add_typer(conventions_app, name="conventions")
    if (everything or first == "serve") and not any(c.name == "serve" for c in app.registered_commands):
        from .serve import register as register_serve

        register_serve(app)
    if (everything or first == "site") and not any(i.name == "site" for i in app.registered_groups):
        from .site import site_app

        app.add_typer(site_app, name="site")
    if everything or first == "game":
        from .game import game_app, register_calls

        register_calls([] if everything else argv)
        if not any(info.name == "game" for info in app.registered_groups):
            app.add_typer(game_app, name="game")


def register_all() -> None:
    """Every command (tests and tools that drive ``app`` without ``main``)."""
    prepare([])
