"""``kems-ref conventions …``: the corpus and house rules."""

from typing import Annotated

import typer

from ..errors import KemsError
from .common import DEFAULT_CONVENTION, Out, command, fail, h

conventions_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, help=h("help.cmd.conventions"))

RefArg = Annotated[str, typer.Argument(metavar="ID_OR_FILE", help=h("help.option.convention_ref"))]


@command(conventions_app, "list", help=h("help.cmd.conventions_list"))
def conventions_list(out: Out) -> None:
    from ..corpus import load as conventions
    from ..outputs.show import listing, listing_text

    items = listing(conventions.load_all())
    out.json(items) if out.as_json else out.text(listing_text(items, out.lang))


@command(conventions_app, "show", help=h("help.cmd.conventions_show"))
def conventions_show(out: Out, convention: RefArg) -> None:
    from ..corpus import load as conventions
    from ..outputs.show import show_json, show_text

    conv = conventions.load(convention)
    out.json(show_json(conv, out.lang)) if out.as_json else show_text(out.console(), conv, out.lang)


@command(conventions_app, "validate", help=h("help.cmd.conventions_validate"))
def conventions_validate(out: Out, file: Annotated[str, typer.Argument(help=h("help.option.file"))]) -> None:
    from ..corpus import load as conventions
    from ..outputs.show import validation_report

    try:
        _, problems = conventions.validate_file(file)
    except KemsError as exc:  # unreadable: the linter's own shape, and exit 2
        out.json(validation_report(file, [exc], out.lang)[0]) if out.as_json else None
        raise typer.Exit(fail(exc.located(out.lang), out.lang, False)) from None
    report, text = validation_report(file, problems, out.lang)
    out.json(report) if out.as_json else out.text(text)
    raise typer.Exit(1 if problems else 0)


@command(conventions_app, "init", help=h("help.cmd.conventions_init"))
def conventions_init(
    out: Out,
    extends: Annotated[str, typer.Option(help=h("help.option.extends"), show_default=False)] = DEFAULT_CONVENTION,
) -> None:
    from ..corpus import load as conventions
    from ..outputs.house import template

    out.text(template(conventions.load(extends), out.lang))


@command(conventions_app, "schema", help=h("help.cmd.conventions_schema"))
def conventions_schema(out: Out) -> None:
    from ..corpus.schema import json_schema

    out.json(json_schema())
