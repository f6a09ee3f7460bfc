"""What every command shares, declared once: the common options (``--json``, ``--lang``,
``--convention``), the output context, and the one place where errors become one line and exit 2.

Help texts come from the message catalogue in the user's language (``--lang`` on the command line,
then ``KEMS_REF_LANG``, then the locale), like every other sentence.
"""

import contextlib
import enum
import functools
import inspect
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Optional

import click
import typer
from typer.core import TyperGroup

from ..library import DEFAULT_CONVENTION as DEFAULT_CONVENTION
from ..library import Formats, KemsError, detect_lang, languages, t
from ..library import json_pieces as json_pieces
from .out import Failed, ReaderGone, _bare, _lang_of, guard, prepare_streams, settle, wants_json
from .out import Out as Out
from .out import fail as fail
from .out import screen_width as screen_width
from .out import without_lang as without_lang


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


def msg(key: str, **values: object) -> str:
    """A help text of the command line, in the language help is shown in (``--lang`` or the locale)."""
    return t(key, HELP_LANG, **values)


Lang = enum.Enum("Lang", {code: code for code in languages()}, type=str)  # type: ignore[misc]

def complete_convention(incomplete: str) -> list[str]:
    """Shell completion: convention ids, then their other names (Wikipédia, "Jouer au Kems")."""
    from ..library import fold, load, shipped_ids

    want = fold(incomplete)
    found = [cid for cid in shipped_ids() if cid.startswith(incomplete)]
    for cid in shipped_ids():
        conv = load(cid)
        found += [name for name in (conv.short_name, conv.publication.get("title"))
                  if name and fold(str(name)).startswith(want)]
    return list(dict.fromkeys(found))


def complete_rule_point(incomplete: str) -> list[str]:
    """Shell completion: rule point ids (``compare POINT``, ``--reading POINT=N``)."""
    from ..library import IDS

    return [point for point in IDS if point.startswith(incomplete)]


ConventionOpt = Annotated[str, typer.Option("--convention", "-c", envvar="KEMS_REF_CONVENTION", metavar="ID|FILE",
                                             help=msg("help.option.convention"), show_default=False,
                                             show_envvar=False, autocompletion=complete_convention)]
JsonOpt = Annotated[bool, typer.Option("--json", help=msg("help.option.json"))]


def one_of(values: Sequence[str]) -> str:
    """``a, b or c`` in the language help is shown in."""
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + msg("ui.or") + values[-1]


def format_option(formats: Formats) -> Any:
    """``--format`` for one output, as the output declares it (:mod:`kems_ref.outputs.formats`): its
    choices and its help (the choices named in it); without it, ``formats.default``."""
    choices = [f.value for f in formats.choices]
    return typer.Option("--format", help=msg(formats.help, choices=one_of(choices)), show_default=False,
                        click_type=click.Choice(choices))


LangOpt = Annotated[Optional[Lang], typer.Option("--lang", help=msg("help.option.lang", choices=one_of(languages())),
                                                 show_default=False)]


#: the command line as typed, kept by :class:`KemsGroup` (Click keeps only the last of a repeated option)
ARGV: list[str] = []


def refuse_repeats() -> None:
    """An option that takes one value given twice (``--hand "K K K K" --hand "7 7 K K"``) is refused,
    both named: no assumed facts includes not picking one of two."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return
    for param in ctx.command.params:
        if not isinstance(param, click.Option) or param.multiple or param.count or param.is_flag:
            continue
        names = [*param.opts, *param.secondary_opts]
        given = [a for a in ARGV if a in names or any(a.startswith(n + "=") for n in names if n.startswith("--"))]
        if len(given) > 1:
            raise KemsError("error.option_twice", option=max(param.opts, key=len))


def speak_as_told(out: Out, words: str) -> None:
    """Where no language was chosen, the language the user's own words are in (:func:`.jobs.speak_as_told`)."""
    from .jobs import speak_as_told as spoken

    spoken(out, words, lang_typed())


def given(param: str) -> str:
    """How an option of this command's line was given: ``typed``, ``environment`` or ``default``."""
    source = click.get_current_context().get_parameter_source(param)
    return {click.core.ParameterSource.COMMANDLINE: "typed",
            click.core.ParameterSource.ENVIRONMENT: "environment"}.get(source, "default")  # type: ignore[arg-type]


def lang_typed() -> bool:
    """Whether ``--lang`` was typed on this command's line."""
    return click.get_current_context().get_parameter_source("lang") == click.core.ParameterSource.COMMANDLINE


def guarded(as_json: bool, lang: Optional[Lang], job: Callable[[Out], Any], output: Optional[Formats] = None,
            chosen: Optional[str] = None) -> Any:
    """Run ``job(out)`` as :func:`.out.guard` does, an option that takes one value refused when it is
    given twice (:func:`refuse_repeats`); an error ends the command (Typer's exit, with its code)."""
    def checked(out: Out) -> Any:
        refuse_repeats()
        return job(out)

    try:
        return guard(as_json, lang.value if lang is not None else None, checked, output, chosen)
    except Failed as failed:
        raise typer.Exit(failed.code) from None


def output_parameters(output: Optional[Formats]) -> list[inspect.Parameter]:
    """The options every command shares, made from its output's declaration: ``--format`` (its
    choices), ``--json`` (the alias of ``--format json``), ``--lang``.  A command with no output
    (``serve``) has ``--json`` for its errors alone."""
    made = [inspect.Parameter("as_json", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=JsonOpt),
            inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LangOpt)]
    if output is not None:
        made.insert(0, inspect.Parameter("output_format", inspect.Parameter.KEYWORD_ONLY, default=None,
                                         annotation=Annotated[Optional[str], format_option(output)]))
    return made


def command(group: typer.Typer, name: Optional[str] = None, output: Optional[Formats] = None,
            **settings: Any) -> Callable[[Callable[..., Any]], Any]:
    """Register ``fn(out, ...)`` as a command writing ``output`` (its declaration in
    :mod:`kems_ref.outputs.formats`), with the options made from it (:func:`output_parameters`);
    errors go through :func:`guarded`.  The command body only does its job, and hands its data to
    ``out.write``."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        own = list(inspect.signature(fn).parameters.values())[1:]  # drop ``out``

        @functools.wraps(fn)
        def wrapper(**kwargs: Any) -> Any:
            as_json, lang, chosen = kwargs.pop("as_json"), kwargs.pop("lang"), kwargs.pop("output_format", None)
            return guarded(as_json, lang, lambda out: fn(out, **kwargs), output, chosen)

        wrapper.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own] + output_parameters(output))
        wrapper.__annotations__ = {}
        wrapper.output = output  # type: ignore[attr-defined]  # what the command writes (tests walk it)
        group.command(name, **settings)(wrapper)
        return fn

    return register


class KemsGroup(TyperGroup):
    """The root command: every error, Click's own included, ends as one line and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise ReaderGone from None

    def main(self, args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None,
             complete_var: Optional[str] = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        ARGV[:] = argv[:argv.index("--")] if "--" in argv else argv
        code = prepare_streams(argv)
        if code is not None:
            if standalone_mode:
                sys.exit(code)
            return code
        lang = _lang_of(argv)
        completing = any(key.startswith("_KEMS_REF_COMPLETE") for key in os.environ)  # the shell asks, Click answers
        bare = None if completing else _bare(argv)
        if bare is not None:  # `kems-ref`, `kems-ref rule`, `kems-ref game`: a short usage, not the whole help
            with contextlib.suppress(BrokenPipeError):
                sys.stdout.write(t(f"usage.{bare}", lang).rstrip("\n") + "\n")
                sys.stdout.flush()
            if standalone_mode:
                sys.exit(0)
            return 0
        speak_click(lang)
        for param in self.params:  # Typer's completion options, in the user's language
            if param.name in ("install_completion", "show_completion") and isinstance(param, click.Option):
                param.help = t(f"help.option.{param.name}", lang)

        def clicks(exc: BaseException, lang: str) -> Optional[int]:
            """Click's exits and usage errors (the rest: :func:`.out.settle`)."""
            if isinstance(exc, click.exceptions.Exit):
                return exc.exit_code
            if isinstance(exc, click.ClickException):
                return fail(_click_message(exc, lang), lang, wants_json(argv), exc.exit_code)
            if isinstance(exc, click.exceptions.Abort):
                return fail(t("error.interrupted", lang), lang, False, 130)
            return None

        code = settle(lambda: super(KemsGroup, self).main(args=argv, prog_name=prog_name, complete_var=complete_var,
                                                          standalone_mode=False, **extra), argv, clicks)
        if standalone_mode:
            sys.exit(code)
        return code


#: the English sentences of Click and Typer that users see (help headings, the help option, value
#: errors), and the catalogue entries that say them in the user's language
CLICK_MESSAGES = {
    "Usage:": "click.usage", "Options": "click.options", "Arguments": "click.arguments",
    "Commands": "click.commands", "Show this message and exit.": "click.help", "required": "click.required",
    "default: {default}": "click.default", "env var: {var}": "click.env_var",
    "{value!r} is not a valid {number_type}.": "click.not_a_number",
    "{value!r} is not {choice}.": "click.not_choice", "{value!r} is not one of {choices}.": "click.not_choices",
    "Missing command.": "click.missing_command",
}


def speak_click(lang: str) -> None:
    """Make Click and Typer speak the user's language: their ``gettext`` calls go through the catalogue."""
    from gettext import gettext, ngettext

    from ..library import catalogue

    messages = catalogue(lang)

    def translate(message: str) -> str:
        key = CLICK_MESSAGES.get(message)
        return messages[key] if key else gettext(message)

    def translate_n(singular: str, plural: str, n: int) -> str:
        return translate(singular if n == 1 else plural) if {singular, plural} <= CLICK_MESSAGES.keys() \
            else ngettext(singular, plural, n)

    import click.core
    import click.decorators
    import click.formatting
    import click.types
    import typer.core

    for module in (click.core, click.decorators, click.formatting, click.types, typer.core):
        if hasattr(module, "_"):
            module._ = translate  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = translate_n  # type: ignore[attr-defined]


def _shortened(text: str, limit: int = 200) -> str:
    """A message that quotes the value given: the value cut to fit one line (5,000 digits are not)."""
    return re.sub(r"\S{60,}", lambda m: m.group(0)[:40] + "…", text)[:limit]


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
        return t("error.bad_parameter", lang, param=param, reason=_shortened(exc.message)) + hint
    message = exc.format_message()
    for pattern, key in CLICK_USAGE:  # Click's usage errors that carry no parameter object
        found = re.fullmatch(pattern, message.strip())
        if found:
            return t(key, lang, **found.groupdict()) + hint
    return message.replace("\n", " ") + hint


#: Click's own usage messages, as Click words them, and ours in the user's language
CLICK_USAGE = (
    (r"Option '(?P<option>[^']+)' requires an argument\.", "error.option_needs_value"),
    (r"Option '(?P<option>[^']+)' requires (?P<n>\d+) arguments\.", "error.option_needs_value"),
    (r"Got unexpected extra arguments? \((?P<extra>.*)\)", "error.extra_arguments"),
    (r"No such command '(?P<command>[^']+)'\.", "error.no_such_command"),
)
