"""``kems-ref ask [WORDS...]``: the dispute in the players' words; the referee asks what it needs."""

from __future__ import annotations

import sys
from typing import Any, Optional

import click

from ..library import MAX_STORY, KemsError, check_story, detect_lang, t
from .common import Out, speak_as_told


def run(out: Out, words: Optional[list[str]], convention: str, no_input: bool) -> None:
    from .. import library as session
    from ..library import likes_of, read

    can_ask = not no_input and sys.stdin.isatty() and (sys.stderr if out.as_json else sys.stdout).isatty()
    prompter = _prompter(out.as_json) if can_ask else None
    story = " ".join(words or [])
    if not story.strip():
        if not sys.stdin.isatty():
            story = sys.stdin.read(MAX_STORY + 1)
        elif prompter is not None:
            question = t("ask.q.story", out.lang)
            story = prompter.text(question, lambda s: True if s.strip() else question) or ""
        if not story.strip():
            raise KemsError("error.ask_no_words")
    check_story(story)  # the library's bound, before the story's language is even looked at
    from ..library import calls_of

    speak_as_told(out, story)
    reading = read(story, calls_of(convention) if convention else None, likes_of(convention))
    points = session.rules_question(story, reading)
    if points is not None:  # "on joue en combien de points ?": answered from the data, like compare POINT
        _answer_question(out, points, reading.convention)
        return
    session.check_reading(reading, out.lang, can_ask)
    convention = _convention(reading.convention, convention)
    understood = session.understood_labels(reading, out.lang)
    if reading.convention is None:  # the convention the ruling is under, said even when the story does not
        from ..library import load

        source = click.get_current_context().get_parameter_source("convention")
        key = "ask.u.default_convention" if source == click.core.ParameterSource.DEFAULT else "ask.u.given_convention"
        understood.append(t(key, out.lang, name=load(convention).short_name))
    console = None
    if not out.as_json:  # what was read comes first: the questions that follow make sense
        from rich.markup import escape

        console = out.console()
        said = t("ui.sep", out.lang).join(understood)
        console.print(f"[dim]{escape(t('ask.understood', out.lang))} {escape(said)}[/]")
        if reading.corrections:  # a word typed in a hurry is read as the nearest known one, never silently
            fixed = ", ".join(f"{typed} → {read_as}" for typed, read_as in reading.corrections)
            console.print(f"[dim]{escape(t('ask.corrected', out.lang))} {escape(fixed)}[/]")
        if reading.unknown:
            console.print(f"[dim]{escape(t('ask.not_understood', out.lang))} {escape(', '.join(reading.unknown))}[/]")
    asked = session.settle(reading, convention, out.lang, prompter)
    if console is None:
        out.json(session.asked_json(asked, out.lang, detect_lang()))
        return
    command = session.command_line(asked, out.lang, detect_lang())
    from ..library import print_result

    console.print()
    print_result(console, asked.result, out.lang)
    if command is not None:
        console.print()
        console.print(f"{escape(t('ask.same_ruling', out.lang))} [bold]{escape(command)}[/]", soft_wrap=True)


def _answer_question(out: Out, points: list[str], named: Optional[str]) -> None:
    """A question about the rules: the points it asks about, each convention's answer and source
    (the one the words name, else every shipped convention), rendered as ``compare`` renders."""
    from ..library import COMPARE, Format, compare

    fmt = out.format(COMPARE, Format.TABLE)
    out.write(COMPARE, fmt, compare([*points, *([named] if named else [])], out.lang))


def _convention(named: Optional[str], given: str) -> str:
    """The words' convention, unless the command line names another one (decided by the library)."""
    from ..library import convention_for

    source = click.get_current_context().get_parameter_source("convention")
    return convention_for(named, given, explicit=source == click.core.ParameterSource.COMMANDLINE)


def _prompter(to_stderr: bool) -> Any:
    from ..library import TerminalPrompter

    return TerminalPrompter(to_stderr=to_stderr)
