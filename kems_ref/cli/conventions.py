"""``kems-ref conventions …``: the corpus and house rules."""

import sys
from typing import Annotated, Optional

import typer

from ..library import KemsError, t
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


@command(conventions_app, "list", help=msg("help.cmd.conventions_list"))
def conventions_list(out: Out) -> None:
    from .. import library as conventions
    from ..library import listing, listing_text

    items = listing(conventions.load_all())
    out.json(items) if out.as_json else out.text(listing_text(items, out.lang))


@command(conventions_app, "show", help=msg("help.cmd.conventions_show"))
def conventions_show(out: Out, convention: RefArg = None) -> None:
    from .. import library as conventions
    from ..library import show_json, show_text

    conv = conventions.load(given(convention, "ID_OR_FILE"))
    out.json(show_json(conv, out.lang)) if out.as_json else show_text(out.console(), conv, out.lang)


@command(conventions_app, "validate", help=msg("help.cmd.conventions_validate"))
def conventions_validate(
    out: Out,
    file: FileArg = None,
    strict: Annotated[bool, typer.Option("--strict", help=msg("help.option.strict"))] = False,
) -> None:
    from .. import library as conventions
    from ..library import validation_report

    file = given(file, "FILE")
    try:
        _, problems = conventions.validate_file(file, strict)
    except KemsError as exc:  # unreadable: the linter's own shape, and exit 2
        out.json(validation_report(file, [exc], out.lang)[0]) if out.as_json else None
        raise typer.Exit(fail(exc.located(out.lang), out.lang, False)) from None
    report, text = validation_report(file, problems, out.lang)
    out.json(report) if out.as_json else out.text(text)
    raise typer.Exit(1 if problems else 0)


@command(conventions_app, "init", help=msg("help.cmd.conventions_init"))
def conventions_init(
    out: Out,
    extends: Annotated[str, typer.Option(help=msg("help.option.extends"), show_default=False,
                                         metavar="ID")] = DEFAULT_CONVENTION,
    output: Annotated[Optional[str], typer.Option("--output", "-o", metavar="FILE",
                                                  help=msg("help.option.output"))] = None,
    force: Annotated[bool, typer.Option("--force", help=msg("help.option.force"))] = False,
) -> None:
    from .. import library as conventions
    from ..library import extends_ref, template, write_new

    to_file = output not in (None, "-")  # "-": standard output, as without -o
    text = template(conventions.load(extends), extends_ref(extends, output if to_file else None), out.lang)
    if output is None or not to_file:
        out.text(text)
    else:
        write_new(output, text, force)
        if out.as_json:
            out.json({"written": output})
        else:
            sys.stderr.write(t("ui.written", out.lang, file=output) + "\n")


@command(conventions_app, "schema", help=msg("help.cmd.conventions_schema"))
def conventions_schema(out: Out) -> None:
    from ..library import json_schema

    out.json(json_schema())
