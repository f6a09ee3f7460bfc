"""kems-ref as a library: everything a front end may call, named once.

The command line (``kems_ref.cli``) imports nothing of the package but this module — a test holds it
to that — and a second front end (the phone page, a chat bot, a script) calls the same names, so a
rule is never re-implemented beside the referee.  What a front end does with the results is its own
business: rulings come back as data (:class:`Ruling`, :class:`Result`), worded by
:func:`ruling_json`/:func:`explanation` in a language, or rendered for a terminal by the
``print_*`` functions.

Names are resolved on first use, so importing this module costs nothing: a command imports only
what it runs.  ::

    from kems_ref import library as kems

    sit = kems.situation("contre-kems", {"hand": "7 7 K K"})
    result = kems.rule(sit, "pagat")
    print(kems.explanation(result.ruling, "fr"))
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: name → the module that defines it: the public surface, grouped as a front end meets it
PUBLIC: dict[str, str] = {}


def _public(module: str, *names: str) -> None:
    for name in names:
        assert name not in PUBLIC, name
        PUBLIC[name] = module


# the version, errors and languages
_public("kems_ref", "__version__")
_public("kems_ref.errors", "KemsError", "clean", "one_line", "json_safe")
_public("kems_ref.i18n", "t", "has", "catalogue", "languages", "detect_lang", "lang_chosen")
_public("kems_ref.words", "fold", "convention_in", "option_in")
# conventions: the shipped corpus and house files
_public("kems_ref.corpus.load", "DEFAULT_CONVENTION", "load", "load_all", "shipped_ids", "is_path", "validate_file",
        "file_state", "NOTES")
_public("kems_ref.corpus.catalogue", "IDS", "TOPICS", "RULE_POINTS")
_public("kems_ref.corpus.naming", "event_named", "renamed", "suggest_event", "calls_of", "likes_of")
_public("kems_ref.corpus.schema", "json_schema")
# the referee: a situation in, a ruling out
_public("kems_ref.referee.situation", "EVENTS", "CALLS", "ACCUSATIONS", "OPTIONS", "NO", "Option", "Situation",
        "FACT_FLAGS", "facts_from_flags", "SETUP", "setup_values")
_public("kems_ref.referee.api", "situation", "situation_of", "options_of", "rule", "ruling_for", "ruling_of",
        "Result")
_public("kems_ref.referee.resolver", "Ruling")
_public("kems_ref.referee.outcomes", "Verdict", "Effect", "Team")
_public("kems_ref.referee.cards", "Card", "RANKS")
_public("kems_ref.outputs.wording", "ruling_json", "result_json", "explanation", "needs", "citations", "conflicts",
        "notes", "call_name", "event_label", "game_event_label", "sources", "publication_lines", "shown_branches")
# a dispute told in words
_public("kems_ref.ask.reader", "read", "story_lang", "check_story", "MAX_STORY")
_public("kems_ref.ask.session", "Asked", "asked_json", "settle", "complete", "convention_for", "check_reading",
        "command_line", "question_label", "rules_question", "table_asked", "tables_also", "deck_asked",
        "understood_labels",
        "letters_if_lost", "answer_question", "letters_convention", "letters_convention_line")
_public("kems_ref.ask.prompts", "TerminalPrompter")
# the sources side by side, the pre-game checklist, the glossary, a house file
_public("kems_ref.outputs.compare", "compare", "Comparison")
_public("kems_ref.outputs.sheets", "checklist", "Checklist")
_public("kems_ref.outputs.glossary", "glossary_entries", "glossary_text")
_public("kems_ref.outputs.house", "template", "write_new", "extends_ref", "from_game")
# every command's output: its formats and writers, and the data the writers take
_public("kems_ref.outputs.formats", "Format", "Formats", "Printed", "OUTPUTS", "RULE", "ASK", "COMPARE", "CHECKLIST",
        "GLOSSARY", "CONVENTIONS_LIST", "CONVENTIONS_SHOW", "CONVENTIONS_VALIDATE", "CONVENTIONS_INIT",
        "CONVENTIONS_SCHEMA", "GAME_NEW", "GAME_CALL", "GAME_ENTRY", "GAME_AMEND", "GAME_PRECEDENTS", "GAME_SCORE",
        "GAME_HISTORY", "GAME_LIST", "GAME_SHOW", "GAME_RESCORE", "GAME_EXPORT", "GAME_IMPORT", "SITE_BUILD",
        "json_pieces", "streams")
_public("kems_ref.outputs.writers", "Validation", "House", "Called", "Standing", "History", "Replay", "Import")
# the score sheet
_public("kems_ref.game.store", "Store", "Keeper", "default_path")
_public("kems_ref.game.play", "new_game", "call", "check_call", "preview", "would_apply", "decide", "point", "undo",
        "redo", "hand_end", "rescore", "team_of", "game_calls", "standing", "open_point", "amending", "precedents",
        "house_rules")
_public("kems_ref.game.sheet", "score")
_public("kems_ref.game.transfer", "import_game", "read_file")
# rendering for a terminal (rich), and the score sheet's JSON
_public("kems_ref.outputs.ruling", "print_result", "verdict_label", "score_lines", "hand_line", "condition",
        "cite_line", "verdict_style", "other_lines", "alone_lines")
_public("kems_ref.outputs.compare_render", "show_paged", "table_lines", "deal_lines")
_public("kems_ref.outputs.show", "listing", "listing_text", "show_json", "show_text", "validation_report")
_public("kems_ref.outputs.game", "Sheet", "new_game_json", "new_game_text", "call_json", "entry_json", "game_json",
        "print_called", "print_rescore", "rescore_lines", "print_score", "print_history", "history_items",
        "history_of", "list_json", "list_text", "rescore_json", "changes_text", "score_line", "status_line",
        "waiting_line", "convention_name", "target_label")

__all__ = sorted([*PUBLIC, "rule_all", "ask"])


def __getattr__(name: str) -> Any:
    try:
        module = PUBLIC[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # resolved once
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # the same names for type checkers (tests/test_library.py keeps them equal to PUBLIC)
    from . import __version__ as __version__
    from .ask.prompts import TerminalPrompter as TerminalPrompter
    from .ask.reader import MAX_STORY as MAX_STORY
    from .ask.reader import check_story as check_story
    from .ask.reader import read as read
    from .ask.reader import story_lang as story_lang
    from .ask.session import Asked as Asked
    from .ask.session import answer_question as answer_question
    from .ask.session import asked_json as asked_json
    from .ask.session import check_reading as check_reading
    from .ask.session import command_line as command_line
    from .ask.session import complete as complete
    from .ask.session import convention_for as convention_for
    from .ask.session import deck_asked as deck_asked
    from .ask.session import letters_convention as letters_convention
    from .ask.session import letters_convention_line as letters_convention_line
    from .ask.session import letters_if_lost as letters_if_lost
    from .ask.session import question_label as question_label
    from .ask.session import rules_question as rules_question
    from .ask.session import settle as settle
    from .ask.session import table_asked as table_asked
    from .ask.session import tables_also as tables_also
    from .ask.session import understood_labels as understood_labels
    from .corpus.catalogue import IDS as IDS
    from .corpus.catalogue import RULE_POINTS as RULE_POINTS
    from .corpus.catalogue import TOPICS as TOPICS
    from .corpus.load import DEFAULT_CONVENTION as DEFAULT_CONVENTION
    from .corpus.load import NOTES as NOTES
    from .corpus.load import file_state as file_state
    from .corpus.load import is_path as is_path
    from .corpus.load import load as load
    from .corpus.load import load_all as load_all
    from .corpus.load import shipped_ids as shipped_ids
    from .corpus.load import validate_file as validate_file
    from .corpus.naming import calls_of as calls_of
    from .corpus.naming import event_named as event_named
    from .corpus.naming import likes_of as likes_of
    from .corpus.naming import renamed as renamed
    from .corpus.naming import suggest_event as suggest_event
    from .corpus.schema import json_schema as json_schema
    from .errors import KemsError as KemsError
    from .errors import clean as clean
    from .errors import json_safe as json_safe
    from .errors import one_line as one_line
    from .game.play import amending as amending
    from .game.play import call as call
    from .game.play import check_call as check_call
    from .game.play import decide as decide
    from .game.play import game_calls as game_calls
    from .game.play import hand_end as hand_end
    from .game.play import house_rules as house_rules
    from .game.play import new_game as new_game
    from .game.play import open_point as open_point
    from .game.play import point as point
    from .game.play import precedents as precedents
    from .game.play import preview as preview
    from .game.play import redo as redo
    from .game.play import rescore as rescore
    from .game.play import standing as standing
    from .game.play import team_of as team_of
    from .game.play import undo as undo
    from .game.play import would_apply as would_apply
    from .game.sheet import score as score
    from .game.store import Keeper as Keeper
    from .game.store import Store as Store
    from .game.store import default_path as default_path
    from .game.transfer import import_game as import_game
    from .game.transfer import read_file as read_file
    from .i18n import catalogue as catalogue
    from .i18n import detect_lang as detect_lang
    from .i18n import has as has
    from .i18n import lang_chosen as lang_chosen
    from .i18n import languages as languages
    from .i18n import t as t
    from .outputs.compare import Comparison as Comparison
    from .outputs.compare import compare as compare
    from .outputs.compare_render import deal_lines as deal_lines
    from .outputs.compare_render import show_paged as show_paged
    from .outputs.compare_render import table_lines as table_lines
    from .outputs.formats import ASK as ASK
    from .outputs.formats import CHECKLIST as CHECKLIST
    from .outputs.formats import COMPARE as COMPARE
    from .outputs.formats import CONVENTIONS_INIT as CONVENTIONS_INIT
    from .outputs.formats import CONVENTIONS_LIST as CONVENTIONS_LIST
    from .outputs.formats import CONVENTIONS_SCHEMA as CONVENTIONS_SCHEMA
    from .outputs.formats import CONVENTIONS_SHOW as CONVENTIONS_SHOW
    from .outputs.formats import CONVENTIONS_VALIDATE as CONVENTIONS_VALIDATE
    from .outputs.formats import GAME_AMEND as GAME_AMEND
    from .outputs.formats import GAME_CALL as GAME_CALL
    from .outputs.formats import GAME_ENTRY as GAME_ENTRY
    from .outputs.formats import GAME_EXPORT as GAME_EXPORT
    from .outputs.formats import GAME_HISTORY as GAME_HISTORY
    from .outputs.formats import GAME_IMPORT as GAME_IMPORT
    from .outputs.formats import GAME_LIST as GAME_LIST
    from .outputs.formats import GAME_NEW as GAME_NEW
    from .outputs.formats import GAME_PRECEDENTS as GAME_PRECEDENTS
    from .outputs.formats import GAME_RESCORE as GAME_RESCORE
    from .outputs.formats import GAME_SCORE as GAME_SCORE
    from .outputs.formats import GAME_SHOW as GAME_SHOW
    from .outputs.formats import GLOSSARY as GLOSSARY
    from .outputs.formats import OUTPUTS as OUTPUTS
    from .outputs.formats import RULE as RULE
    from .outputs.formats import SITE_BUILD as SITE_BUILD
    from .outputs.formats import Format as Format
    from .outputs.formats import Formats as Formats
    from .outputs.formats import Printed as Printed
    from .outputs.formats import json_pieces as json_pieces
    from .outputs.formats import streams as streams
    from .outputs.game import Sheet as Sheet
    from .outputs.game import call_json as call_json
    from .outputs.game import changes_text as changes_text
    from .outputs.game import convention_name as convention_name
    from .outputs.game import entry_json as entry_json
    from .outputs.game import game_json as game_json
    from .outputs.game import history_items as history_items
    from .outputs.game import history_of as history_of
    from .outputs.game import list_json as list_json
    from .outputs.game import list_text as list_text
    from .outputs.game import new_game_json as new_game_json
    from .outputs.game import new_game_text as new_game_text
    from .outputs.game import print_called as print_called
    from .outputs.game import print_history as print_history
    from .outputs.game import print_rescore as print_rescore
    from .outputs.game import print_score as print_score
    from .outputs.game import rescore_json as rescore_json
    from .outputs.game import rescore_lines as rescore_lines
    from .outputs.game import score_line as score_line
    from .outputs.game import status_line as status_line
    from .outputs.game import target_label as target_label
    from .outputs.game import waiting_line as waiting_line
    from .outputs.glossary import glossary_entries as glossary_entries
    from .outputs.glossary import glossary_text as glossary_text
    from .outputs.house import extends_ref as extends_ref
    from .outputs.house import from_game as from_game
    from .outputs.house import template as template
    from .outputs.house import write_new as write_new
    from .outputs.ruling import alone_lines as alone_lines
    from .outputs.ruling import cite_line as cite_line
    from .outputs.ruling import condition as condition
    from .outputs.ruling import hand_line as hand_line
    from .outputs.ruling import other_lines as other_lines
    from .outputs.ruling import print_result as print_result
    from .outputs.ruling import score_lines as score_lines
    from .outputs.ruling import verdict_label as verdict_label
    from .outputs.ruling import verdict_style as verdict_style
    from .outputs.sheets import Checklist as Checklist
    from .outputs.sheets import checklist as checklist
    from .outputs.show import listing as listing
    from .outputs.show import listing_text as listing_text
    from .outputs.show import show_json as show_json
    from .outputs.show import show_text as show_text
    from .outputs.show import validation_report as validation_report
    from .outputs.wording import call_name as call_name
    from .outputs.wording import citations as citations
    from .outputs.wording import conflicts as conflicts
    from .outputs.wording import event_label as event_label
    from .outputs.wording import explanation as explanation
    from .outputs.wording import game_event_label as game_event_label
    from .outputs.wording import needs as needs
    from .outputs.wording import notes as notes
    from .outputs.wording import publication_lines as publication_lines
    from .outputs.wording import result_json as result_json
    from .outputs.wording import ruling_json as ruling_json
    from .outputs.wording import shown_branches as shown_branches
    from .outputs.wording import sources as sources
    from .outputs.writers import Called as Called
    from .outputs.writers import History as History
    from .outputs.writers import House as House
    from .outputs.writers import Import as Import
    from .outputs.writers import Replay as Replay
    from .outputs.writers import Standing as Standing
    from .outputs.writers import Validation as Validation
    from .referee.api import Result as Result
    from .referee.api import options_of as options_of
    from .referee.api import rule as rule
    from .referee.api import ruling_for as ruling_for
    from .referee.api import ruling_of as ruling_of
    from .referee.api import situation as situation
    from .referee.api import situation_of as situation_of
    from .referee.cards import RANKS as RANKS
    from .referee.cards import Card as Card
    from .referee.outcomes import Effect as Effect
    from .referee.outcomes import Team as Team
    from .referee.outcomes import Verdict as Verdict
    from .referee.resolver import Ruling as Ruling
    from .referee.situation import ACCUSATIONS as ACCUSATIONS
    from .referee.situation import CALLS as CALLS
    from .referee.situation import EVENTS as EVENTS
    from .referee.situation import FACT_FLAGS as FACT_FLAGS
    from .referee.situation import NO as NO
    from .referee.situation import OPTIONS as OPTIONS
    from .referee.situation import SETUP as SETUP
    from .referee.situation import Option as Option
    from .referee.situation import Situation as Situation
    from .referee.situation import facts_from_flags as facts_from_flags
    from .referee.situation import setup_values as setup_values
    from .words import convention_in as convention_in
    from .words import fold as fold
    from .words import option_in as option_in


def rule_all(sit: Situation) -> Result:
    """Rule on ``sit`` under every shipped convention, side by side (one ruling each, ``impossible``
    with its reason where the situation cannot happen there)."""
    from .referee.api import rule

    return rule(sit, None, everywhere=True)


def ask(story: str, lang: str, convention: str = "ducale", explicit: bool = False,
        prompter: Any = None) -> Asked | Comparison:
    """A dispute told in words (French or English), as ``kems-ref ask`` rules it: read (with the
    names ``convention`` gives its calls), then ruled under the convention the story names, else
    ``convention`` (``explicit``: the user named it, and a story naming another one is refused); with
    a ``prompter``, what the ruling still needs is asked one question at a time.  A question about
    the rules themselves ("on joue en combien de points ?") is answered as ``compare`` answers it.
    Raises :class:`KemsError` where the story cannot be ruled on (what was not understood), or is
    longer than ``MAX_STORY`` characters (``error.ask_too_long``, before any reading)."""
    from .ask.reader import read
    from .ask.session import (
        answer_question,
        check_reading,
        convention_for,
        deck_asked,
        letters_convention,
        rules_question,
        settle,
        table_asked,
        tables_also,
    )
    from .corpus.naming import calls_of, likes_of

    reading = read(story, calls_of(convention), likes_of(convention))
    points = rules_question(story, reading)
    if points is not None:
        reading.convention = reading.convention or letters_convention(reading)  # "we're on K-E-M-P"
        return answer_question(points, reading.convention, lang, table_asked(points, reading),
                               tables_also(points, reading), deck_asked(points, reading))[0]
    check_reading(reading, lang, prompter is not None)
    if not explicit:  # "we have K-E-M and they got a kems": the one shipped game scored in those letters
        reading.convention = reading.convention or letters_convention(reading)
    return settle(reading, convention_for(reading.convention, convention, explicit), lang, prompter,
                  others=reading.convention is None and not explicit)
