"""``kems-ref ask [WORDS...]``: the dispute in the players' words; the referee asks what it needs."""

from __future__ import annotations

import sys
from typing import Any, Optional

from ..library import MAX_STORY, KemsError, check_story, t
from .jobs import speak_as_told
from .out import Out


def run(out: Out, words: Optional[list[str]], convention: str, no_input: bool, convention_given: str = "default",
        lang_given: bool = False) -> None:
    """``ask``: the story read, the facts it still waits for asked on a terminal, the ruling.
    ``convention_given``: how ``-c`` was given (``typed``, ``environment`` or ``default``);
    ``lang_given``: whether ``--lang`` was typed.  Neither Typer nor Click is needed here (the fast
    path runs it)."""
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

    speak_as_told(out, story, lang_given)
    reading = read(story, calls_of(convention) if convention else None, likes_of(convention))
    points = session.rules_question(story, reading)
    if points is not None:  # "on joue en combien de points ?": answered from the data, like compare POINT
        spelled = session.letters_convention(reading)  # "we're on K-E-M-P": the one game that spells them
        if spelled is not None:
            reading.convention = spelled
        if not out.as_json:  # which question was understood comes first, as for a dispute
            from rich.markup import escape

            said = session.question_label(points, out.lang)
            out.console().print(f"[dim]{escape(t('ask.understood', out.lang))} {escape(said)}[/]")
            if spelled is not None:
                out.console().print(escape(session.letters_convention_line(reading, spelled, out.lang)))
            lost = session.letters_if_lost(story, reading, out.lang)
            if lost:  # "on a K-E-M, si on perd cette manche ?": the letter a lost hand costs, the answer first
                out.console().print(escape(lost))
        # the named convention silent on every point asked: what the others say, beside it
        answer, widened = session.answer_question(points, reading.convention, out.lang,
                                                  session.table_asked(points, reading),
                                                  session.tables_also(points, reading),
                                                  session.deck_asked(points, reading))
        if widened and reading.convention is not None and not out.as_json:
            from rich.markup import escape

            from ..library import load

            out.console().print(escape(t("ask.silent_elsewhere", out.lang, name=load(reading.convention).short_name)))
        from ..library import COMPARE

        out.write(answer, COMPARE)
        return
    session.check_reading(reading, out.lang, can_ask)
    spelled = session.letters_convention(reading) if convention_given != "typed" else None
    if spelled is not None:  # "we have K E M … the other side got a kems": the one shipped game scored in letters
        reading.convention = spelled
        if not out.as_json:
            from rich.markup import escape

            out.console().print(escape(session.letters_convention_line(reading, spelled, out.lang)))
    convention = _convention(reading.convention, convention, convention_given == "typed")
    understood = session.understood_labels(reading, out.lang)
    if reading.convention is None:  # the convention the ruling is under, said even when the story does not
        from ..library import load

        key = "ask.u.default_convention" if convention_given == "default" else "ask.u.given_convention"
        understood.append(t(key, out.lang, name=load(convention).short_name))
    if not out.as_json:  # what was read comes first, before any question: the questions make sense
        from rich.markup import escape

        console = out.console()
        said = t("ui.sep", out.lang).join(understood)
        console.print(f"[dim]{escape(t('ask.understood', out.lang))} {escape(said)}[/]")
        if reading.corrections:  # a word typed in a hurry is read as the nearest known one, never silently
            fixed = ", ".join(f"{typed} → {read_as}" for typed, read_as in reading.corrections)
            console.print(f"[dim]{escape(t('ask.corrected', out.lang))} {escape(fixed)}[/]")
        if reading.unknown:
            console.print(f"[dim]{escape(t('ask.not_understood', out.lang))} {escape(', '.join(reading.unknown))}[/]")
    # no rules named by the story or the user: the other sources' rulings beside the default's
    out.write(session.settle(reading, convention, out.lang, prompter,
                             others=reading.convention is None and convention_given == "default"))


def _convention(named: Optional[str], given: str, typed: bool) -> str:
    """The words' convention, unless the command line names another one (decided by the library)."""
    from ..library import convention_for

    return convention_for(named, given, explicit=typed)


def _prompter(to_stderr: bool) -> Any:
    from ..library import TerminalPrompter

    return TerminalPrompter(to_stderr=to_stderr)
