"""What every command shares, declared once: the common options (``--json``, ``--lang``,
``--convention``), the output context, and the one place where errors become one line and exit 2.

Help texts come from the message catalogue in the user's language (``--lang`` on the command line,
then ``KEMS_REF_LANG``, then the locale), like every other sentence.
"""

import enum
import functools
import inspect
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Optional

import click
import typer
from typer.core import TyperGroup

from ..corpus.load import DEFAULT_CONVENTION as DEFAULT_CONVENTION
from ..errors import KemsError
from ..i18n import detect_lang, languages, t


def _argv_lang() -> str:
    """The language for help texts, known before the command line is parsed."""
    args = sys.argv[1:]
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return detect_lang(args[i + 1])
        if arg.startswith("--lang="):
            return detect_lang(arg.split("=", 1)[1])
    return detect_lang()


HELP_LANG = _argv_lang() if _argv_lang() in languages() else "en"


def h(key: str, **values: object) -> str:
    """A help text."""
    return t(key, HELP_LANG, **values)


Lang = enum.Enum("Lang", {code: code for code in languages()}, type=str)  # type: ignore[misc]

ConventionOpt = Annotated[str, typer.Option("--convention", "-c", envvar="KEMS_REF_CONVENTION",
                                             help=h("help.option.convention"), show_default=False,
                                             show_envvar=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help=h("help.option.json"))]
LangOpt = Annotated[Optional[Lang], typer.Option("--lang", help=h("help.option.lang"), show_default=False)]


@dataclass
class Out:
    """Where a command writes: JSON on stdout, or text for people, in one language."""

    lang: str
    as_json: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def console(self, wrap: bool = False) -> Any:
        """Piped output keeps whole lines; ``wrap`` folds to the width (tables, 80-column layouts)."""
        from rich.console import Console

        console = Console(highlight=False)
        console.soft_wrap = not (wrap or console.is_terminal)
        return console

    def json(self, data: object) -> None:
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")

    def text(self, text: str) -> None:
        sys.stdout.write(text.rstrip("\n") + "\n")


def language(lang: Optional[Lang]) -> str:
    found = detect_lang(lang.value if lang is not None else None)
    if found not in languages():
        raise KemsError("error.unknown_language", lang=found, choices=", ".join(languages()))
    return found


def fail(message: str, lang: str, as_json: bool, code: int = 2, extra: Optional[dict[str, Any]] = None) -> int:
    """The one error shape: one line on stderr; with --json also ``{"error": …}`` on stdout."""
    if as_json:
        sys.stdout.write(json.dumps({"error": message, **(extra or {})}, ensure_ascii=False) + "\n")
    sys.stderr.write(f"{t('error.prefix', lang)} {message}\n")
    return code


def guarded(as_json: bool, lang: Optional[Lang], job: Callable[[Out], Any]) -> Any:
    """Run ``job(out)``; a KemsError becomes the one-line error and exit code 2 (the one handler)."""
    out = Out(lang="en", as_json=as_json)
    try:
        out.lang = language(lang)
        return job(out)
    except KemsError as exc:
        as_json = out.as_json or out.extra.get("json", False)
        raise typer.Exit(fail(exc.located(out.lang), out.lang, as_json, extra=_where(exc))) from None


def command(group: typer.Typer, name: Optional[str] = None, **settings: Any) -> Callable[[Callable[..., Any]], Any]:
    """Register ``fn(out, ...)`` as a command with the common ``--json`` and ``--lang`` options;
    errors go through :func:`guarded`.  The command body only does its job."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        own = list(inspect.signature(fn).parameters.values())[1:]  # drop ``out``

        @functools.wraps(fn)
        def wrapper(**kwargs: Any) -> Any:
            as_json, lang = kwargs.pop("as_json"), kwargs.pop("lang")
            return guarded(as_json, lang, lambda out: fn(out, **kwargs))

        common = [inspect.Parameter("as_json", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=JsonOpt),
                  inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LangOpt)]
        wrapper.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own] + common)
        wrapper.__annotations__ = {}
        group.command(name, **settings)(wrapper)
        return fn

    return register


def _where(exc: KemsError) -> dict[str, Any]:
    return {k: v for k, v in (("file", exc.file), ("line", exc.line)) if v is not None}


class KemsGroup(TyperGroup):
    """The root command: every error, Click's own included, ends as one line and exit code 2."""

    def main(self, args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None,
             complete_var: Optional[str] = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        try:
            returned = super().main(args=argv, prog_name=prog_name, complete_var=complete_var,
                                    standalone_mode=False, **extra)
            code = returned if isinstance(returned, int) else 0  # Click returns an Exit's code here
        except click.exceptions.Exit as exc:
            code = exc.exit_code
        except click.ClickException as exc:
            code = fail(_click_message(exc, _lang_of(argv)), _lang_of(argv), "--json" in argv, exc.exit_code)
        except click.exceptions.Abort:
            code = fail(t("error.interrupted", _lang_of(argv)), _lang_of(argv), "--json" in argv, 130)
        except KemsError as exc:
            code = fail(exc.located(_lang_of(argv)), _lang_of(argv), "--json" in argv)
        if standalone_mode:
            sys.exit(code)
        return code


def _lang_of(argv: list[str]) -> str:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in languages():
            return argv[i + 1]
    found = detect_lang()
    return found if found in languages() else "en"


def _click_message(exc: click.ClickException, lang: str) -> str:
    """Click's usage errors, in one line and the user's language where we know them."""
    hint = ""
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        hint = " " + t("error.see_help", lang, command=" ".join(["kems-ref", *ctx.command_path.split()[1:]]))
    if isinstance(exc, click.NoSuchOption):
        return t("error.no_such_option", lang, option=exc.option_name) + hint
    if isinstance(exc, click.MissingParameter) and exc.param is not None:
        return t("error.missing_parameter", lang, param=exc.param.get_error_hint(ctx) if ctx else exc.param.name) + hint
    if isinstance(exc, click.BadParameter):
        param = exc.param.get_error_hint(ctx) if exc.param is not None and ctx is not None else (exc.param_hint or "")
        return t("error.bad_parameter", lang, param=param, reason=exc.message) + hint
    return exc.format_message().replace("\n", " ") + hint
