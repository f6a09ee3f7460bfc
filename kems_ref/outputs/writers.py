"""The writers of the commands' outputs (:mod:`kems_ref.outputs.formats`), and the data each takes.

Each writer is ``writer(data, lang, width)``: JSON data (or an iterator of JSON items) for the JSON
format, a text, or a :class:`~kems_ref.outputs.formats.Printed` for an output printed on a console
with rich.  The renderers they call are imported inside each writer: ``rule --json`` never imports
the terminal's renderer, nor a command the score sheet's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from ..i18n import detect_lang, t
from .formats import Printed

if TYPE_CHECKING:
    from ..corpus.load import Convention
    from ..game.play import Recorded, Replayed
    from ..game.sheet import Score
    from ..game.store import Game, Store
    from ..game.transfer import Imported
    from ..referee.api import Result
    from .game import Sheet


def as_is(data: Any, lang: str, width: int) -> Any:
    """JSON data already made (the glossary's entries, the list of conventions, the schema)."""
    return data


# --- the referee -------------------------------------------------------------------------------------

def ruling_json(result: Result, lang: str, width: int) -> Any:
    """``rule --json``: one ruling's object, or with ``--all`` the list of every convention's."""
    from .wording import result_json

    return result_json(result, lang)


def ruling_text(result: Result, lang: str, width: int) -> Printed:
    """A ruling for people (with ``--all``, a table folded to the screen's width)."""
    from .ruling import print_result

    return Printed(lambda console: print_result(console, result, lang), wrap=result.everywhere)


def asked_json(asked: Any, lang: str, width: int) -> dict[str, Any]:
    """``ask --json``: the ruling's object plus the equivalent ``rule`` line and what was read
    (``asked``: the ask layer's :class:`~kems_ref.ask.session.Asked`, which words itself)."""
    return dict(asked.to_json(lang, detect_lang()))


def asked_text(asked: Any, lang: str, width: int) -> Printed:
    """``ask``'s answer for people (after what it understood, said before any question): the ruling,
    then the ``rule`` line that gives the same ruling where there is one."""
    from rich.markup import escape

    from ..i18n import t
    from .ruling import alone_lines, other_lines, print_result
    from .wording import event_label

    command = asked.command(lang, detect_lang())

    def draw(console: Any) -> None:
        console.print()
        # no rules named: what the other sources rule on the same situation, right after the ruling's why
        others = other_lines(asked.others, asked.ruling, lang) if asked.others else []
        # which of two calls made together counts, left open: what each gives if counted alone, right after the why
        alone = alone_lines(asked.alone, lang)
        print_result(console, asked.result, lang, (alone + ([""] if alone and others else []) + others) or None)
        if asked.letters:
            console.print()
            console.print(escape(asked.letters))
        after_end = asked.after_end_line(lang)
        if after_end:  # the call made after the hand had ended: said, not ruled
            console.print()
            console.print(escape(after_end))
        if asked.also is not None:  # the call the story told beside the ruling, ruled on its own
            console.print()
            console.print(f"[bold]{escape(t('ask.also', lang, call=event_label(asked.also.event, lang)))}[/]")
            print_result(console, asked.also.result, lang,
                         other_lines(asked.also.others, asked.also.ruling, lang) if asked.also.others else None)
        for question in asked.questions:  # "…and who deals next?": the convention's answer, cited
            console.print()
            console.print(f"[bold]{escape(t('ask.question_beside', lang, question=question['question']))}[/]")
            if question["silent"]:
                console.print(escape(f"  {t('ask.question_silent', lang, name=question['convention'])}"))
            else:
                console.print(escape(f"  {question['convention']}: {question['short']}"))
            for reading in question["readings"]:
                label = f"{reading['label']}: " if reading["label"] else ""
                console.print(escape(f"    {label}{reading['text']} ({reading['citation']})"))
            if question["elsewhere"]:
                console.print(escape(f"  {t('ui.elsewhere', lang)} — " + "; ".join(
                    f"{other['convention']}: {other['short']}" for other in question["elsewhere"])))
        if command is not None:
            console.print()
            console.print(f"{escape(t('ask.same_ruling', lang))} [bold]{escape(command)}[/]", soft_wrap=True)

    return Printed(draw)


def glossary_text(items: list[dict[str, Any]], lang: str, width: int) -> str:
    from .glossary import glossary_text as text

    return text(items, width)


# --- the corpus and house rules ---------------------------------------------------------------------

def listing_text(items: list[dict[str, Any]], lang: str, width: int) -> str:
    from .show import listing_text as text

    return text(items, lang)


def convention_json(conv: Convention, lang: str, width: int) -> dict[str, Any]:
    from .show import show_json

    return show_json(conv, lang)


def convention_text(conv: Convention, lang: str, width: int) -> Printed:
    from .show import show_text

    return Printed(lambda console: show_text(console, conv, lang))


@dataclass
class Validation:
    """What ``conventions validate`` found in a file: its problems (none: valid); ``unreadable``: the
    file could not be read (its one problem is the error, said on stderr; JSON has its report)."""

    file: str
    problems: list[Any]
    unreadable: bool = False


def validation_json(found: Validation, lang: str, width: int) -> dict[str, Any]:
    from .show import validation_report

    return validation_report(found.file, found.problems, lang)[0]


def validation_text(found: Validation, lang: str, width: int) -> Optional[str]:
    from .show import validation_report

    return None if found.unreadable else validation_report(found.file, found.problems, lang)[1]


@dataclass
class House:
    """A house file's starting text, and the file it was written to (``None``: it is the output)."""

    text: str
    written: Optional[str] = None


def house_text(house: House, lang: str, width: int) -> Optional[str]:
    """The file's text on stdout, unless it was written to a file (then stdout stays empty)."""
    return house.text if house.written is None else None


def house_json(house: House, lang: str, width: int) -> dict[str, Any]:
    return {"written": house.written} if house.written is not None else {"template": house.text}


# --- the score sheet ----------------------------------------------------------------------------------

def new_game_json(game: Game, lang: str, width: int) -> dict[str, Any]:
    from .game import new_game_json as as_json

    return as_json(game)


def new_game_text(game: Game, lang: str, width: int) -> str:
    from .game import new_game_text as text

    return text(game, lang)


@dataclass
class Import:
    """A game added from its export (``game import FILE``): the game now on the sheet, and the file."""

    imported: Imported
    path: str


def imported_json(data: Import, lang: str, width: int) -> dict[str, Any]:
    from .game import imported_json as as_json

    return as_json(data.imported, data.path)


def imported_text(data: Import, lang: str, width: int) -> str:
    from .game import imported_text as text

    return text(data.imported, data.path, lang)


@dataclass
class Called:
    """A line just written on a game's sheet: a call, a decision, a plain point, an undo or a redo."""

    game: Game
    recorded: Recorded


def called_json(called: Called, lang: str, width: int) -> dict[str, Any]:
    """A call: its ruling (worded in ``lang``), whether it was applied, the score, the choices left."""
    from .game import call_json

    return call_json(called.game, called.recorded, lang)


def entry_json(called: Called, lang: str, width: int) -> dict[str, Any]:
    """A line that is not a call."""
    from .game import entry_json as as_json

    return as_json(called.game, called.recorded)


def called_text(called: Called, lang: str, width: int) -> Printed:
    from .game import print_called

    return Printed(lambda console: print_called(console, called.game, called.recorded, lang))


@dataclass
class Standing:
    """A game and its score."""

    game: Game
    score: Score


def score_json(standing: Standing, lang: str, width: int) -> dict[str, Any]:
    return standing.score.to_json(standing.game)


def score_text(standing: Standing, lang: str, width: int) -> Printed:
    from .game import print_score

    return Printed(lambda console: print_score(console, standing.game, standing.score, lang))


@dataclass
class History:
    """The lines of a game to show, read from the sheet as they are written: from ``first`` on
    (``total``: the game's last line, for the note on the lines not shown)."""

    store: Store
    game: Game
    first: int = 1
    total: int = 0


def history_json(history: History, lang: str, width: int) -> Iterator[dict[str, Any]]:
    """The history's objects, one at a time: written as one JSON list, never held whole."""
    from .game import history_of

    return history_of(history.store, history.game, lang, history.first)


def history_text(history: History, lang: str, width: int) -> Printed:
    from .game import history_of, print_history

    return Printed(lambda console: print_history(console, history.game, history_of(history.store, history.game, lang,
                                                                                   history.first),
                                                 lang, history.first, history.total), wrap=True)


def games_json(games: list[tuple[Game, Score]], lang: str, width: int) -> list[dict[str, Any]]:
    from .game import list_json

    return list_json(games)


def games_text(games: list[tuple[Game, Score]], lang: str, width: int) -> str:
    from .game import list_text

    return list_text(games, lang)


def precedents_json(found: list[dict[str, Any]], lang: str, width: int) -> list[dict[str, Any]]:
    """The tables' kept decisions, as ``game precedents --json`` gives them."""
    return found


def precedents_text(found: list[dict[str, Any]], lang: str, width: int) -> str:
    """The tables' kept decisions, one per line: the game, the line and its date, the question it
    settled and what the table decided."""
    from ..corpus.catalogue import question
    from ..i18n import t
    from .values import short

    if not found:
        return t("game.precedents_none", lang)
    lines = [t("game.precedents_title", lang)]
    for p in found:
        said = " · ".join(f"{question(point, lang)} → {short(point, p['value'], lang)}" for point in p["points"])
        gone = t("game.precedent_superseded", lang) if p["superseded"] else ""
        lines.append(f"  {p['game']} · {t('game.line_at', lang, n=p['line'], date=str(p['at'])[:10])} · "
                     f"{p['convention']} · {said}{gone}")
    return "\n".join(lines)


def game_json(sheet: Sheet, lang: str, width: int) -> dict[str, Any]:
    """A whole game: its rules, teams, score and history (its lines read as they are written)."""
    from .game import game_json as as_json
    from .game import history_of

    return as_json(sheet.game, sheet.score, history_of(sheet.store, sheet.game, lang))


def game_text(sheet: Sheet, lang: str, width: int) -> Printed:
    """A whole game for people: the score table, then the history."""
    from .game import history_of, print_history, print_score

    def draw(console: Any) -> None:
        print_score(console, sheet.game, sheet.score, lang)
        console.print()
        print_history(console, sheet.game, history_of(sheet.store, sheet.game, lang), lang)

    return Printed(draw, wrap=True)


@dataclass
class Replay:
    """A game replayed under another convention."""

    game: Game
    replayed: Replayed


def rescore_json(replay: Replay, lang: str, width: int) -> dict[str, Any]:
    from .game import rescore_json as as_json

    return as_json(replay.replayed)


def rescore_text(replay: Replay, lang: str, width: int) -> Printed:
    from .game import print_rescore

    return Printed(lambda console: print_rescore(console, replay.game, replay.replayed, lang))


# --- the browser edition -------------------------------------------------------------------------------

def site_text(built: Any, lang: str, width: int) -> str:
    """``site build``: where the site is, how large, its version, and how to publish it."""
    return "\n".join((t("site.built", lang, path=str(built.path), files=built.files,
                        size=f"{built.size / 1e6:.1f}", compressed=f"{built.first_visit / 1e6:.1f}",
                        version=built.version), t("site.publish", lang)))


def site_json(built: Any, lang: str, width: int) -> dict[str, Any]:
    return {"path": str(built.path), "files": built.files, "bytes": built.size, "compressed_bytes": built.compressed,
            "first_visit_bytes": built.first_visit, "version": built.version}
