"""Where a command writes, and how it ends — with neither Typer nor Click imported, so that the
commonest commands (:mod:`.fast`) answer without them: the output in the chosen format, the one error
shape (one line on stderr, ``{"error": …}`` with ``--json``) and every way a command ends (an error,
the reader gone, a full disk, Ctrl-C, a bug) as its exit code."""

import contextlib
import errno
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Optional

from ..library import (
    Format,
    Formats,
    KemsError,
    Printed,
    detect_lang,
    json_pieces,
    json_safe,
    languages,
    one_line,
    streams,
    t,
)


@dataclass
class Out:
    """Where a command writes, in one language: its output (the declaration of its formats) in the
    format chosen (``--format``, or ``--json``), written by :meth:`write` alone."""

    lang: str
    output: Optional[Formats] = None
    fmt: Format = Format.TEXT

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

    @property
    def as_json(self) -> bool:
        """Whether the output is JSON (for scripts): nothing is asked on a terminal then."""
        return self.fmt is Format.JSON

    def write(self, data: Any, output: Optional[Formats] = None) -> None:
        """The one place an output is written: ``data`` in the chosen format, by the output's writer
        (``output``: another command's output, as ``ask`` answers a question about the rules as
        ``compare`` does, in the chosen format where it has it, else its default) — JSON (a list
        streamed item by item), a text, what prints itself on the console, or the terminal's table."""
        output = output or self.output
        assert output is not None, "a command without an output writes nothing"
        fmt = output.chosen(self.fmt)
        written = output.write(fmt, data, self.lang, screen_width())
        if fmt is Format.JSON:
            self.json_list(written) if isinstance(written, Iterator) else self.json(written)
        elif written is None:
            return
        elif isinstance(written, str):
            self.text(written)
        elif isinstance(written, Iterator):  # a long text (an export), written as it is made
            for piece in written:
                sys.stdout.write(piece)
                sys.stdout.flush()
        elif isinstance(written, Printed):
            written.draw(self.console(wrap=written.wrap))
        else:
            from ..library import show_paged

            show_paged(self.console(wrap=True), written)

    def json(self, data: object) -> None:
        """JSON data, indented by two; a list given as an iterator inside an object (a game's history)
        is written one item at a time, the same text as the whole list would give."""
        utf8 = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"
        if isinstance(data, dict) and streams(data):
            for piece in json_pieces(data, ensure_ascii=not utf8):
                sys.stdout.write(json_safe(piece))
                sys.stdout.flush()
            sys.stdout.write("\n")
            return
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


def language(lang: Optional[str]) -> str:
    """The language of a command's output: ``--lang``, else ``KEMS_REF_LANG``, else the locale's."""
    found = detect_lang(lang)
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


class ReaderGone(Exception):
    """The reader of stdout went away (``| head``) — not an OSError, which Click would turn into
    exit code 1 itself."""


def wants_json(argv: list[str]) -> bool:
    """Whether a command line asks for JSON (``--json``, ``--format json``): an error Click finds
    before the command runs is then written as JSON too."""
    return "--json" in argv or "--format=json" in argv or any(argv[i:i + 2] == ["--format", "json"]
                                                             for i in range(len(argv)))


def _silence_stdout() -> None:
    """After a failed write: drop what is still buffered so that exiting does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _lang_of(argv: list[str]) -> str:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in languages():
            return argv[i + 1]
    found = detect_lang()
    return found if found in languages() else "en"


class Failed(Exception):
    """A command that ended in an error already said (its exit code)."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


def guard(as_json: bool, lang: Optional[str], job: Callable[[Out], Any], output: Optional[Formats] = None,
          chosen: Optional[str] = None) -> Any:
    """Run ``job(out)``, ``out`` writing ``output`` in the format chosen (``--json`` wins over
    ``--format``); a KemsError becomes the one-line error (the one handler) and :class:`Failed` with
    exit code 2, written as JSON too where the output is JSON, even one raised before anything is
    written."""
    fmt = Format.JSON if as_json else Format(chosen) if chosen else output.default if output else Format.TEXT
    out = Out(lang="en", output=output, fmt=fmt)
    try:
        out.lang = language(lang)
        return job(out)
    except KemsError as exc:
        raise Failed(fail(exc.located(out.lang), out.lang, out.as_json, extra=_where(exc))) from None


def prepare_streams(argv: list[str]) -> Optional[int]:
    """Before any command: a character the terminal cannot show never crashes; a closed stdin is an
    empty input; a closed stdout ends the command (exit 74) before anything is done."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    if sys.stdin is None:  # started with stdin closed: as a script's empty input, nothing is asked
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - for the whole process
    if sys.stdout is None:  # started with stdout closed: nothing is done that could not be said
        lang = _lang_of(argv)
        return fail(t("error.cannot_write_output", lang, reason=t("error.stdout_closed", lang)), lang, False, 74)
    return None


def settle(work: Callable[[], Any], argv: list[str],
           others: Optional[Callable[[BaseException, str], Optional[int]]] = None) -> int:
    """Run a command line's ``work`` and say how it ended, as its exit code: 0 done; its own code (an
    error already said: :class:`Failed`); 2 a KemsError; 130 interrupted; 141 the reader of stdout
    gone; 74 the output could not be written (a full disk); 70 a bug (``KEMS_REF_DEBUG=1`` raises it).
    ``others(exc, lang)``: the front end's own exceptions (Click's usage errors and exits), or None."""
    lang = _lang_of(argv)
    try:
        returned = work()
        code = returned if isinstance(returned, int) else 0  # Click returns an Exit's code here
        sys.stdout.flush()
        return code
    except BaseException as exc:  # every way of ending is said, never as a traceback
        said = others(exc, lang) if others is not None else None
        if said is not None:
            return said
        if isinstance(exc, Failed):
            return exc.code
        if isinstance(exc, (KeyboardInterrupt, EOFError)):
            return fail(t("error.interrupted", lang), lang, False, 130)
        if isinstance(exc, KemsError):
            return fail(exc.located(lang), lang, wants_json(argv))
        if isinstance(exc, SystemExit):  # Click's own exit on a broken pipe (while printing --help): code 1
            if not type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):  # click.utils's, after EPIPE
                raise
            _silence_stdout()
            return 141 if exc.code == 1 else int(exc.code or 0)
        if isinstance(exc, (BrokenPipeError, ReaderGone)):  # the reader went away (| head): stop quietly
            _silence_stdout()
            return 141
        if isinstance(exc, OSError):
            if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EBADF):
                raise
            _silence_stdout()
            return fail(t("error.cannot_write_output", lang, reason=exc.strerror or type(exc).__name__), lang,
                        False, 74)
        if isinstance(exc, Exception):  # never a traceback for the user; KEMS_REF_DEBUG=1 shows it
            if os.environ.get("KEMS_REF_DEBUG"):
                raise
            return fail(t("error.internal", lang, error=f"{type(exc).__name__}: {exc}"), lang, wants_json(argv), 70)
        raise
