"""The fast path: the commonest command lines, read without Typer or Click.

``rule EVENT …``, ``ask …``, ``compare …`` and the short entries of the score sheet (``game kems Léa``)
are most of what a table types.  Importing Typer and Click costs more than answering them, so a line
of theirs that is plainly well formed is read here, from the same declarations the Typer commands are
made from (the referee's options, each output's formats), and handed to the same jobs (:mod:`.jobs`)
and the same writers and error handling (:mod:`.out`): the same output, byte for byte
(``tests/test_fast.py`` runs every line both ways).  Anything this reader is not sure of — help, an
option it does not know or given twice, ``--opt=value``, a value that starts with a dash, a number
that is not plain digits, an alias it would have to resolve — goes to the Typer command line, which
says what is wrong exactly as it always has.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Optional

#: what an option takes: a value, a whole number, nothing (a flag), or a value each time (repeatable)
VALUE, INT, FLAG, MANY = "value", "int", "flag", "many"


@dataclass
class Line:
    """A command line as read: each option by its parameter's name, the words, how each was given."""

    values: dict[str, Any] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    typed: set[str] = field(default_factory=set)


def read(args: list[str], options: dict[str, tuple[str, str, Any]], positional: bool = True) -> Optional[Line]:
    """Read ``args`` against ``options`` (each flag name -> (parameter, kind, value given by a flag)),
    as Click reads them; None where anything is not plainly so."""
    line = Line()
    it = iter(range(len(args)))
    for i in it:
        arg = args[i]
        if not arg.startswith("-") or arg == "-":
            if not positional:
                return None
            line.words.append(arg)
            continue
        if arg not in options:  # --help, --opt=value, -cX, "--", an unknown option: Click says it
            return None
        name, kind, flagged = options[arg]
        if kind == FLAG:
            line.values[name] = flagged
            line.typed.add(name)
            continue
        j = next(it, None)
        if j is None or args[j].startswith("-"):
            return None
        value: Any = args[j]
        if kind == INT:
            if re.fullmatch(r"[0-9]{1,9}", value) is None:
                return None
            value = int(value)
        if kind == MANY:
            line.values.setdefault(name, []).append(value)
        elif name in line.values:  # one value given twice: refused, naming both, by the full command line
            return None
        else:
            line.values[name] = value
        line.typed.add(name)
    return line


def shared(output: Any) -> dict[str, tuple[str, str, Any]]:
    """The options every command has (``--format`` of its output, ``--json``, ``--lang``)."""
    return {"--format": ("output_format", VALUE, None), "--json": ("as_json", FLAG, True),
            "--lang": ("lang", VALUE, None)}


def referee_options(event: str, skip: tuple[str, ...] = ()) -> dict[str, tuple[str, str, Any]]:
    """The options of the referee an event takes (``referee.situation.OPTIONS``), as its Typer command
    declares them: a fact's two flags, a flag, cards, a whole number, readings."""
    from ..library import NO, OPTIONS

    found: dict[str, tuple[str, str, Any]] = {}
    for option in OPTIONS:
        if event not in option.events or option.attr in skip:
            continue
        if option.kind == "fact":
            found[option.flags[0]] = (option.attr, FLAG, True)
            found[option.flags[1]] = (option.attr + NO, FLAG, True)
        else:
            kind = {"flag": FLAG, "int": INT, "readings": MANY}.get(option.kind, VALUE)
            for flag in option.names:
                found[flag] = (option.attr, kind, True)
    return found


def defaults(event: str, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """What the Typer command passes for each referee option not given."""
    from ..library import NO, OPTIONS

    made: dict[str, Any] = {}
    for option in OPTIONS:
        if event in option.events and option.attr not in skip:
            if option.kind == "fact":
                made[option.attr] = made[option.attr + NO] = False
            else:
                made[option.attr] = False if option.kind == "flag" else None
    return made


@dataclass
class Command:
    """A command line the fast path answers: its output, its job, and its common options."""

    output: Any
    job: Callable[[Any], Any]
    line: Line


def _chosen(line: Line, output: Any) -> Optional[bool]:
    """The common options are as Click would take them: ``--format`` one of the output's, ``--lang``
    one of the languages (else the full command line says what is wrong)."""
    from ..library import languages

    fmt = line.values.get("output_format")
    if fmt is not None and fmt not in [f.value for f in output.choices]:
        return None
    lang = line.values.get("lang")
    return None if lang is not None and lang not in languages() else True


def _rule(args: list[str]) -> Optional[Command]:
    from ..library import EVENTS, RULE, convention_in, renamed

    if not args or args[0] not in EVENTS:  # an alias, a call of a file's own, an option first: the full line
        return None
    event = args[0]
    if convention_in(args) and renamed(event, convention_in(args)):  # a file's call named like the event
        return None
    options = {"-c": ("convention", VALUE, None), "--convention": ("convention", VALUE, None),
               "--all": ("everywhere", FLAG, True), **referee_options(event), **shared(RULE)}
    line = read(args[1:], options, positional=False)
    if line is None or _chosen(line, RULE) is None:
        return None
    given = {k: v for k, v in line.values.items() if k not in ("convention", "everywhere", "output_format",
                                                                "as_json", "lang")}
    convention, named = _convention(line)

    def job(out: Any) -> None:
        from . import jobs

        jobs.rule(out, event, convention, named, bool(line.values.get("everywhere")), None,
                  {**defaults(event), **given})

    return Command(RULE, job, line)


def _convention(line: Line) -> tuple[str, bool]:
    """``-c`` as typed, else ``KEMS_REF_CONVENTION`` (an empty one is none), else the default."""
    from ..library import DEFAULT_CONVENTION

    if "convention" in line.values:
        return line.values["convention"], True
    return os.environ.get("KEMS_REF_CONVENTION") or DEFAULT_CONVENTION, False


def _ask(args: list[str]) -> Optional[Command]:
    from ..library import ASK

    options = {"-c": ("convention", VALUE, None), "--convention": ("convention", VALUE, None),
               "--no-input": ("no_input", FLAG, True), **shared(ASK)}
    line = read(args, options)
    if line is None or _chosen(line, ASK) is None:
        return None
    convention, named = _convention(line)
    given = "typed" if named else "environment" if os.environ.get("KEMS_REF_CONVENTION") else "default"

    def job(out: Any) -> None:
        from .ask import run

        run(out, line.words or None, convention, bool(line.values.get("no_input")), given, "lang" in line.typed)

    return Command(ASK, job, line)


def _compare(args: list[str]) -> Optional[Command]:
    from ..library import COMPARE

    options = {"--only-differences": ("only_differences", FLAG, True),
               "--no-only-differences": ("only_differences", FLAG, False),
               "--topic": ("topic", VALUE, None), **shared(COMPARE)}
    line = read(args, options)
    if line is None or _chosen(line, COMPARE) is None:
        return None

    def job(out: Any) -> None:
        from . import jobs

        jobs.compare(out, line.words or None, bool(line.values.get("only_differences")), line.values.get("topic"),
                     "lang" in line.typed)

    return Command(COMPARE, job, line)


def _entry(args: list[str]) -> Optional[Command]:
    """``game EVENT CALLER [ACCUSED]``: a short entry of one of the four calls, by any of its names."""
    from ..library import ACCUSATIONS, CALLS, GAME_CALL, event_named

    if not args or args[0].startswith("-") or args[0] in SHEET_COMMANDS:
        return None
    event = event_named(args[0], None)
    if event not in CALLS:  # a call of the game's convention's own (Kent's Broken): the full line reads it
        return None
    options = {"--decide": ("decide", VALUE, None), "--game": ("game", VALUE, None), "--db": ("db", VALUE, None),
               **referee_options(event, skip=("players",)), **shared(GAME_CALL)}
    line = read(args[1:], options)
    if line is None or _chosen(line, GAME_CALL) is None or not 1 <= len(line.words) <= (
            2 if event in ACCUSATIONS else 1):
        return None
    caller, accused = line.words[0], line.words[1] if len(line.words) > 1 else None
    db = line.values.get("db") or os.environ.get("KEMS_REF_DB") or None
    given = {k: v for k, v in line.values.items() if k not in ("decide", "game", "db", "output_format", "as_json",
                                                                "lang")}

    def job(out: Any) -> None:
        from . import jobs

        jobs.entry(out, event, caller, accused, line.values.get("decide"), line.values.get("game"), db,
                   {**defaults(event, skip=("players",)), **given}, word=args[0])

    return Command(GAME_CALL, job, line)


#: the score sheet's commands: ``game new``, ``game score``… are never read as a short entry here
SHEET_COMMANDS = {"new", "call", "decide", "point", "undo", "redo", "score", "history", "show", "list", "rescore",
                  "export", "import"}
#: the first word of each command line the fast path may answer, and the reader of the rest
READERS: dict[str, Callable[[list[str]], Optional[Command]]] = {"rule": _rule, "ask": _ask, "compare": _compare}


def attempt(argv: list[str]) -> Optional[int]:
    """Answer ``argv`` on the fast path, and say its exit code; None where the full command line
    (Typer) must read it."""
    if not argv or any(key.startswith("_KEMS_REF_COMPLETE") for key in os.environ):
        return None
    if argv[0] == "game":
        command = _entry(argv[1:])
    else:
        reader = READERS.get(argv[0])
        command = reader(argv[1:]) if reader is not None else None
    if command is None:
        return None
    from .out import guard, prepare_streams, settle

    code = prepare_streams(argv)
    if code is not None:
        return code
    values = command.line.values
    return settle(lambda: guard(bool(values.get("as_json")), values.get("lang"), command.job, command.output,
                                values.get("output_format")), argv)
