"""What every command shares, declared once: the common options (``--json``, ``--lang``,
``--convention``), the output context, and the one place where errors become one line and exit 2.

Help texts come from the message catalogue in the user's language (``--lang`` on the command line,
then ``KEMS_REF_LANG``, then the locale), like every other sentence.
"""

import contextlib
import enum
import errno
import functools
import inspect
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Optional

import click
import typer
from typer.core import TyperGroup

from ..library import DEFAULT_CONVENTION as DEFAULT_CONVENTION
from ..library import Format, Formats, KemsError, detect_lang, json_safe, languages, one_line, t


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


def format_option(formats: Formats) -> Any:
    """``--format`` for one output, as the output declares it (:mod:`kems_ref.outputs.formats`): its
    choices and its help; its default is ``formats.default``.  Used as ``Annotated[str, format_option(F)]``."""
    return typer.Option("--format", help=msg(formats.help), show_default=False,
                        click_type=click.Choice([f.value for f in formats.choices]))
LangOpt = Annotated[Optional[Lang], typer.Option("--lang", help=msg("help.option.lang"), show_default=False)]


@dataclass
class Out:
    """Where a command writes: JSON on stdout, or text for people, in one language."""

    lang: str
    as_json: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def console(self, wrap: bool = False) -> Any:
        """Piped output keeps whole lines; ``wrap`` folds to the width (tables, 80-column layouts).
        The width comes from COLUMNS only when it is a plain number, kept between 40 and 1000."""
        from rich.console import Console

        class _Console(Console):
            def on_broken_pipe(self) -> None:  # the reader went away: one exit path for every output
                raise BrokenPipeError

        environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        console = _Console(highlight=False, width=screen_width(), height=25, _environ=environ)
        console.soft_wrap = not (wrap or console.is_terminal)
        return console

    def format(self, formats: Formats, chosen: Any) -> Format:
        """The format a command writes in: ``--json`` wins over ``--format`` (and an error is then
        written as JSON too, even one raised before the output is written)."""
        fmt = Format.JSON if self.as_json else Format(getattr(chosen, "value", chosen or formats.default))
        self.extra["json"] = fmt is Format.JSON
        return fmt

    def write(self, formats: Formats, fmt: Format, data: Any) -> None:
        """Write ``data`` in ``fmt`` with the output's writer: JSON, text, or the terminal's table."""
        written = formats.write(fmt, data, self.lang, screen_width())
        if fmt is Format.JSON:
            self.json(written)
        elif isinstance(written, str):
            self.text(written)
        else:
            from ..library import show_paged

            show_paged(self.console(wrap=True), written)

    def json(self, data: object) -> None:
        utf8 = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"
        self.text(json_safe(json.dumps(data, ensure_ascii=not utf8, indent=2)))  # in flushed pieces, as text

    def json_list(self, items: Iterable[object]) -> None:
        """A JSON list written one item at a time (a long history is never held whole), the same text
        as :meth:`json` would write for the whole list."""
        utf8 = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"
        sys.stdout.write("[")
        first = True
        for item in items:
            text = json_safe(json.dumps(item, ensure_ascii=not utf8, indent=2)).replace("\n", "\n  ")
            sys.stdout.write(("\n  " if first else ",\n  ") + text)
            first = False
        sys.stdout.write("]\n" if first else "\n]\n")

    def text(self, text: str) -> None:
        """Written in pieces, each flushed: one large write to a pipe whose reader left returns short
        without an error, and the reader gone would go unnoticed (exit 0 instead of 141)."""
        whole = text.rstrip("\n") + "\n"
        for start in range(0, len(whole), 1 << 16):
            sys.stdout.write(whole[start:start + (1 << 16)])
            sys.stdout.flush()


MIN_WIDTH, MAX_WIDTH = 40, 1000


def screen_width() -> int:
    columns = os.environ.get("COLUMNS", "")
    if columns.isascii() and columns.isdigit() and int(columns) > 0:
        return max(MIN_WIDTH, min(MAX_WIDTH, int(columns)))
    try:
        found = os.get_terminal_size(sys.stdout.fileno()).columns
    except (AttributeError, ValueError, OSError):
        found = 80
    return max(MIN_WIDTH, min(MAX_WIDTH, found or 80))


def language(lang: Optional[Lang]) -> str:
    found = detect_lang(lang.value if lang is not None else None)
    if found not in languages():
        raise KemsError("error.unknown_language", lang=found, choices=", ".join(languages()))
    return found


def fail(message: str, lang: str, as_json: bool, code: int = 2, extra: Optional[dict[str, Any]] = None) -> int:
    """The one error shape: one line on stderr; with --json also ``{"error": …}`` on stdout."""
    message = one_line(message)
    with contextlib.suppress(OSError, ValueError, AttributeError):  # stdout or stderr closed (None): the code says it
        if as_json:
            sys.stdout.write(json_safe(json.dumps({"error": message, **(extra or {})}, ensure_ascii=False)) + "\n")
            sys.stdout.flush()
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(f"{t('error.prefix', lang)} {message}\n")
        sys.stderr.flush()
    return code


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
    """Where no language was chosen (``--lang``, ``KEMS_REF_LANG``, a French or English locale), the
    language the user's own words are in (a story, compare's words) is the answer's."""
    from ..library import lang_chosen, story_lang

    given = click.get_current_context().get_parameter_source("lang") == click.core.ParameterSource.COMMANDLINE
    told = story_lang(words) if words and not given and not lang_chosen() else None
    if told:
        out.lang = told


def guarded(as_json: bool, lang: Optional[Lang], job: Callable[[Out], Any]) -> Any:
    """Run ``job(out)``; a KemsError becomes the one-line error and exit code 2 (the one handler)."""
    out = Out(lang="en", as_json=as_json)
    try:
        out.lang = language(lang)
        refuse_repeats()
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


def without_lang(argv: list[str]) -> list[str]:
    """The command line without its ``--lang X`` / ``--lang=X`` (the one option any line may carry)."""
    words: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            words.append(arg)
    return words


def _bare(argv: list[str]) -> Optional[str]:
    """Which group was named with nothing else (``--lang`` aside): "root", "rule", "game"; or None."""
    return {(): "root", ("rule",): "rule", ("game",): "game"}.get(tuple(without_lang(argv)))


class _ReaderGone(Exception):
    """The reader of stdout went away (``| head``) — not an OSError, which Click would turn into
    exit code 1 itself."""


class KemsGroup(TyperGroup):
    """The root command: every error, Click's own included, ends as one line and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _ReaderGone from None

    def main(self, args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None,
             complete_var: Optional[str] = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        ARGV[:] = argv[:argv.index("--")] if "--" in argv else argv
        for stream in (sys.stdout, sys.stderr):  # a character the terminal cannot show never crashes
            with contextlib.suppress(AttributeError, ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        lang = _lang_of(argv)
        if sys.stdin is None:  # started with stdin closed: as a script's empty input, nothing is asked
            sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - for the whole process
        if sys.stdout is None:  # started with stdout closed: nothing is done that could not be said
            code = fail(t("error.cannot_write_output", lang, reason=t("error.stdout_closed", lang)), lang, False, 74)
            if standalone_mode:
                sys.exit(code)
            return code
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
        try:
            returned = super().main(args=argv, prog_name=prog_name, complete_var=complete_var,
                                    standalone_mode=False, **extra)
            code = returned if isinstance(returned, int) else 0  # Click returns an Exit's code here
            sys.stdout.flush()
        except click.exceptions.Exit as exc:
            code = exc.exit_code
        except click.ClickException as exc:
            code = fail(_click_message(exc, lang), lang, "--json" in argv, exc.exit_code)
        except (click.exceptions.Abort, KeyboardInterrupt, EOFError):
            code = fail(t("error.interrupted", lang), lang, False, 130)
        except KemsError as exc:
            code = fail(exc.located(lang), lang, "--json" in argv)
        except SystemExit as exc:  # Click's own exit on a broken pipe (while printing --help): code 1
            if not type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):  # click.utils's, after EPIPE
                raise
            _silence_stdout()
            code = 141 if exc.code == 1 else int(exc.code or 0)
        except (BrokenPipeError, _ReaderGone):  # the reader went away (| head): stop quietly
            _silence_stdout()
            code = 141
        except OSError as exc:
            if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EBADF):
                raise
            _silence_stdout()
            code = fail(t("error.cannot_write_output", lang, reason=exc.strerror or type(exc).__name__), lang,
                        False, 74)
        except Exception as exc:  # never a traceback for the user; KEMS_REF_DEBUG=1 shows it
            if os.environ.get("KEMS_REF_DEBUG"):
                raise
            code = fail(t("error.internal", lang, error=f"{type(exc).__name__}: {exc}"), lang, "--json" in argv, 70)
        if standalone_mode:
            sys.exit(code)
        return code


def _silence_stdout() -> None:
    """After a failed write: drop what is still buffered so that exiting does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


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


def _lang_of(argv: list[str]) -> str:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in languages():
            return argv[i + 1]
    found = detect_lang()
    return found if found in languages() else "en"


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
