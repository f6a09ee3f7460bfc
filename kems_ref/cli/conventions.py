"""``kems-ref conventions …``: the corpus and house rules."""

import sys
from typing import Annotated, Optional

import typer

from ..library import (
    CONVENTIONS_INIT,
    CONVENTIONS_LIST,
    CONVENTIONS_SCHEMA,
    CONVENTIONS_SHOW,
    CONVENTIONS_VALIDATE,
    House,
    KemsError,
    Validation,
    t,
)
from .common import DEFAULT_CONVENTION, Out, command, fail, msg

conventions_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, help=msg("help.cmd.conventions"))

# Optional, checked by the command: the pinned Typer with a recent Click passes None for a missing argument
RefArg = Annotated[Optional[str], typer.Argument(metavar="ID_OR_FILE", help=msg("help.option.convention_ref"),
                                                 show_default=False)]
FileArg = Annotated[Optional[str], typer.Argument(metavar="FILE", help=msg("help.option.file"), show_default=False)]


def given(value: Optional[str], what: str) -> str:
    if not value:
        raise KemsError("error.missing_argument", what=what)
    return value


@command(conventions_app, "list", help=msg("help.cmd.conventions_list"), output=CONVENTIONS_LIST)
def conventions_list(out: Out) -> None:
    from ..library import listing, load_all

    out.write(listing(load_all()))


@command(conventions_app, "show", help=msg("help.cmd.conventions_show"), output=CONVENTIONS_SHOW)
def conventions_show(out: Out, convention: RefArg = None) -> None:
    from ..library import load

    out.write(load(given(convention, "ID_OR_FILE")))


@command(conventions_app, "validate", help=msg("help.cmd.conventions_validate"), output=CONVENTIONS_VALIDATE)
def conventions_validate(
    out: Out,
    file: FileArg = None,
    strict: Annotated[bool, typer.Option("--strict", help=msg("help.option.strict"))] = False,
) -> None:
    from ..library import NOTES, validate_file

    file = given(file, "FILE")
    try:
        _, problems = validate_file(file, strict)
    except KemsError as exc:  # unreadable: the linter's own shape (its JSON report, no text), and exit 2
        out.write(Validation(file, [exc], unreadable=True))
        raise typer.Exit(fail(exc.located(out.lang), out.lang, False)) from None
    out.write(Validation(file, problems))
    raise typer.Exit(1 if any(p.key not in NOTES for p in problems) else 0)  # notes leave a file valid


@command(conventions_app, "init", help=msg("help.cmd.conventions_init"), output=CONVENTIONS_INIT)
def conventions_init(
    out: Out,
    extends: Annotated[str, typer.Option(help=msg("help.option.extends"), show_default=False,
                                         metavar="ID")] = DEFAULT_CONVENTION,
    output: Annotated[Optional[str], typer.Option("--output", "-o", metavar="FILE",
                                                  help=msg("help.option.output"))] = None,
    force: Annotated[bool, typer.Option("--force", help=msg("help.option.force"))] = False,
    from_game: Annotated[Optional[str], typer.Option("--from-game", metavar="GAME", help=msg("help.option.from_game"),
                                                     show_default=False)] = None,
    db: Annotated[Optional[str], typer.Option("--db", metavar="PATH", envvar="KEMS_REF_DB", help=msg("help.option.db"),
                                              show_default=False, show_envvar=False)] = None,
) -> None:
    from .. import library as conventions
    from ..library import extends_ref, template, write_new

    to_file = output not in (None, "-")  # "-": standard output, as without -o
    if from_game is not None:
        text = _from_game(from_game, db, output if to_file else None, out.lang)
    else:
        text = template(conventions.load(extends), extends_ref(extends, output if to_file else None), out.lang)
    if output is not None and to_file:
        write_new(output, text, force)
        if from_game is not None:
            conventions.load(output)  # read back by the loader every house file goes through
        if not out.as_json:  # stdout stays empty: a note on stderr says where the file went
            sys.stderr.write(t("ui.written", out.lang, file=output) + "\n")
    out.write(House(text, output if to_file else None))


def _from_game(ref: str, db: Optional[str], output: Optional[str], lang: str) -> str:
    """A house file from the decisions a game's table kept: extending the game's convention, each
    kept point stated and cited as the table's decision."""
    from .. import library as conventions
    from ..library import extends_ref, from_game, house_rules, precedents
    from .jobs import store as sheet

    with sheet(db, writes=False) as store:
        game = store.game(ref)
        rules = house_rules(precedents(store, game))
    if not rules:
        raise KemsError("error.game_no_precedents", game=game.name)
    return from_game(conventions.load(game.convention), extends_ref(game.convention, output), game.name, rules, lang)


@command(conventions_app, "schema", help=msg("help.cmd.conventions_schema"), output=CONVENTIONS_SCHEMA)
def conventions_schema(out: Out) -> None:
    from ..library import json_schema

    out.write(json_schema())
