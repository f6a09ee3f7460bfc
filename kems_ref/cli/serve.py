"""``kems-ref serve``: the referee and the score sheet on the players' phones (the ``web`` extra)."""


from typing import Annotated, Optional

import typer

from .common import Out, command, msg


def register(app: typer.Typer) -> None:
    @command(app, "serve", help=msg("help.cmd.serve"))
    def serve(
        out: Out,
        host: Annotated[Optional[str], typer.Option("--host", metavar="HOST", help=msg("help.option.host"),
                                                    show_default=False)] = None,
        port: Annotated[int, typer.Option("--port", metavar="PORT", min=0, max=65535, show_default=False,
                                          help=msg("help.option.port"))] = 8765,
        lan: Annotated[bool, typer.Option("--lan", help=msg("help.option.lan"))] = False,
        db: Annotated[Optional[str], typer.Option("--db", metavar="PATH", envvar="KEMS_REF_DB",
                                                  help=msg("help.option.db"), show_default=False,
                                                  show_envvar=False)] = None,
        convention: Annotated[Optional[list[str]], typer.Option(
            "--convention", "-c", metavar="ID|FILE", help=msg("help.option.serve_conventions"),
            show_default=False)] = None,
        new_token: Annotated[bool, typer.Option("--new-token", help=msg("help.option.new_token"))] = False,
    ) -> None:
        from ..web.serve import run

        run(host, port, lan, db, convention or [], out.lang, new_token)
