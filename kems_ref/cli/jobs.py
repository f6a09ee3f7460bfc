"""What the commonest commands do once their line is read — shared by their Typer commands and by the
fast path (:mod:`.fast`), which reads the same lines without Typer or Click.  Nothing here imports
either: where a command's answer depends on how an option was given (typed, from the environment,
by default), the caller says so."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

from .out import Out


def speak_as_told(out: Out, words: str, lang_given: bool) -> None:
    """Where no language was chosen (``--lang`` typed, ``KEMS_REF_LANG``, a French or English locale),
    the language the user's own words are in (a story, compare's words) is the answer's."""
    from ..library import lang_chosen, story_lang

    told = story_lang(words) if words and not lang_given and not lang_chosen() else None
    if told:
        out.lang = told


def rule(out: Out, event: Optional[str], convention: str, named: bool, everywhere: bool,
         situation_file: Optional[str], options: dict[str, Any]) -> None:
    """``rule EVENT``: rule and write the ruling (``named``: ``-c`` typed on the command line — the
    default convention gives way to ``--all``, a named one is refused beside it)."""
    from ..library import facts_from_flags, ruling_for

    chosen = convention if named or not everywhere else None
    out.write(ruling_for(event, facts_from_flags(options), situation_file, chosen, everywhere=everywhere))


def compare(out: Out, ids: Optional[list[str]], only_differences: bool, topic: Optional[str], lang_given: bool) -> None:
    """``compare``: the conventions side by side, in the language of the words where none was chosen
    (``compare milieu``: in French)."""
    from ..library import compare as comparison
    from ..library import is_path

    speak_as_told(out, " ".join(i for i in ids or [] if not is_path(i)), lang_given)
    out.write(comparison(ids or [], out.lang, topic, only_differences))


def store(db: Optional[str], writes: bool = True) -> Any:
    """The score sheet (``--db``, else the default one); ``writes=False`` for a command that only
    reads: it never creates or changes a file."""
    from ..library import Store, default_path

    if db:
        return Store(Path(db).expanduser(), make_folder=False, writes=writes)
    return Store(default_path(), writes=writes)


def entry(out: Out, event: str, caller: Optional[str], accused: Optional[str], decide: Optional[str],
          game: Optional[str], db: Optional[str], options: dict[str, Any], word: Optional[str] = None) -> None:
    """``game EVENT CALLER [ACCUSED]``: the call in a few keystrokes.  On a terminal, the facts the
    ruling still waits for are asked as ``ask`` asks them (the cards or yes / no, a reading…), and
    the call is recorded once they are answered; elsewhere (scripts) the flags give them."""
    from .. import library as play
    from ..library import Called, KemsError, facts_from_flags

    if not caller:
        raise KemsError("error.missing_argument", what="CALLER")
    facts = facts_from_flags(options)
    with store(db) as sheet:
        sheet_game = sheet.game(game)
        if word is not None and word != event:  # "game kemps Ana" where the game's file names both calls "Kemps"
            from ..library import event_named

            event_named(word, sheet_game.convention)
        if decide is None and not out.as_json and sys.stdin.isatty() and sys.stdout.isatty():
            from ..library import TerminalPrompter, complete

            complete(lambda o: play.preview(sheet, sheet_game, event, o, caller, accused), facts, out.lang,
                     TerminalPrompter())
        called = play.call(sheet, sheet_game, event, facts, caller, accused, decide)
    out.write(Called(sheet_game, called))
