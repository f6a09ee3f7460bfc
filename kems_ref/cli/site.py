"""``kems-ref site build DIR``: the browser edition, a static site (kems_ref.site)."""

from typing import Annotated, Optional

import typer

from ..library import SITE_BUILD, KemsError
from .common import Out, command, msg

site_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, help=msg("help.cmd.site"))


@command(site_app, "build", help=msg("help.cmd.site_build"), output=SITE_BUILD)
def site_build(
    out: Out,
    folder: Annotated[Optional[str], typer.Argument(metavar="DIR", help=msg("help.option.site_dir"),
                                                    show_default=False)] = None,
    convention: Annotated[Optional[list[str]], typer.Option(
        "--convention", "-c", metavar="FILE", help=msg("help.option.site_conventions"), show_default=False)] = None,
    base_url: Annotated[Optional[str], typer.Option("--base-url", metavar="PATH", help=msg("help.option.base_url"),
                                                    show_default=False)] = None,
    pyodide: Annotated[Optional[str], typer.Option("--pyodide", metavar="PATH", help=msg("help.option.pyodide"),
                                                   show_default=False)] = None,
    wheels: Annotated[Optional[str], typer.Option("--wheels", metavar="DIR", help=msg("help.option.wheels"),
                                                  show_default=False)] = None,
) -> None:
    from ..site.build import build_site  # (the browser edition: above the library, as web is)

    if not folder:
        raise KemsError("error.missing_argument", what="DIR")
    out.write(build_site(folder, convention or [], base_url, pyodide, wheels))
