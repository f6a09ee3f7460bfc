"""Every command's output, declared once (as sqlite-utils shares its output options).

Each command that writes something declares here which formats its output has, its default, and
for each format the function that writes it.  The command line makes ``--format`` (its choices and
help) and ``--json`` (the alias of ``--format json``) from the declaration, and writes the chosen
format in one place (``Out.write`` in :mod:`kems_ref.cli.common`); a command body only computes its
data and hands it over.

A writer takes the output's data, a language and the screen width, and returns what is shown:

- JSON data for :attr:`Format.JSON` (the front end serialises it), or an iterator of JSON items,
  written as one list an item at a time (a long history is never held whole);
- a text for the others, or ``None`` where the format writes nothing on stdout;
- a :class:`Printed`, for an output that prints itself on a console (rich markup, colours on a
  terminal), or a rich renderable the front end prints (through a pager where it is long).

Writers are named by ``module:function`` (a module of this package) and imported only when used:
the command line's start-up never imports a renderer it does not run.

Adding a format to an output is one line here and its writer; the command line's ``--format``
choices, their help and ``--json`` follow.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Format(str, Enum):
    TABLE = "table"  # a rich table on the terminal
    TEXT = "text"
    MARKDOWN = "markdown"
    CSV = "csv"
    HTML = "html"
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Printed:
    """What a writer prints on a console itself: ``draw(console)``; ``wrap``: folded to the screen's
    width even when piped (tables, the 80-column layouts)."""

    draw: Callable[[Any], None]
    wrap: bool = False


@dataclass(frozen=True)
class Formats:
    """The output of one command (``name``, as it is typed: ``"game score"``): ``writers`` maps each
    format to ``"module:function"`` (in this package); ``help`` is the message that explains
    ``--format`` for it (its ``{choices}`` filled in from ``writers``)."""

    name: str
    default: Format
    writers: Mapping[Format, str]
    help: str = "help.option.format"

    @property
    def choices(self) -> tuple[Format, ...]:
        return tuple(self.writers)

    def chosen(self, fmt: Format) -> Format:
        """The format this output is written in when ``fmt`` was asked for (an output that answers
        another command's question: ``ask``'s question about the rules, answered as ``compare``):
        ``fmt`` where it has it, else its default."""
        return fmt if fmt in self.writers else self.default

    def write(self, fmt: Format, data: Any, lang: str, width: int = 80) -> Any:
        module, function = self.writers[fmt].split(":")
        writer = getattr(importlib.import_module(f"{__package__}.{module}"), function)
        return writer(data, lang, width)


# --- the referee -------------------------------------------------------------------------------------
RULE = Formats("rule", Format.TEXT, {
    Format.TEXT: "writers:ruling_text", Format.MARKDOWN: "ruling:as_markdown", Format.JSON: "writers:ruling_json"})
ASK = Formats("ask", Format.TEXT, {Format.TEXT: "writers:asked_text", Format.JSON: "writers:asked_json"})
COMPARE = Formats("compare", Format.TABLE, {
    Format.TABLE: "compare_render:as_table", Format.MARKDOWN: "compare_render:as_markdown",
    Format.CSV: "compare_render:as_csv", Format.JSON: "compare_render:as_json"})
CHECKLIST = Formats("checklist", Format.TEXT, {
    Format.TEXT: "sheets:write_text", Format.MARKDOWN: "sheets:write_markdown",
    Format.HTML: "sheets:write_html", Format.JSON: "sheets:write_json"}, "help.option.checklist_format")
GLOSSARY = Formats("glossary", Format.TEXT, {Format.TEXT: "writers:glossary_text", Format.JSON: "writers:as_is"})

# --- the corpus and house rules ---------------------------------------------------------------------
CONVENTIONS_LIST = Formats("conventions list", Format.TEXT, {
    Format.TEXT: "writers:listing_text", Format.JSON: "writers:as_is"})
CONVENTIONS_SHOW = Formats("conventions show", Format.TEXT, {
    Format.TEXT: "writers:convention_text", Format.JSON: "writers:convention_json"})
CONVENTIONS_VALIDATE = Formats("conventions validate", Format.TEXT, {
    Format.TEXT: "writers:validation_text", Format.JSON: "writers:validation_json"})
CONVENTIONS_INIT = Formats("conventions init", Format.TEXT, {
    Format.TEXT: "writers:house_text", Format.JSON: "writers:house_json"})
CONVENTIONS_SCHEMA = Formats("conventions schema", Format.JSON, {Format.JSON: "writers:as_is"})

# --- the score sheet ----------------------------------------------------------------------------------
GAME_NEW = Formats("game new", Format.TEXT, {
    Format.TEXT: "writers:new_game_text", Format.JSON: "writers:new_game_json"})
#: a call, by ``game call EVENT`` or a short entry (``game kems Léa``)
GAME_CALL = Formats("game call", Format.TEXT, {Format.TEXT: "writers:called_text", Format.JSON: "writers:called_json"})
#: a line that is not a call: a decision, a plain point, an undo, a redo
GAME_ENTRY = {name: Formats(name, Format.TEXT, {Format.TEXT: "writers:called_text", Format.JSON: "writers:entry_json"})
              for name in ("game decide", "game point", "game undo", "game redo", "game hand-end")}
#: a line corrected (``game amend E WORDS…``): written as the line its words make is (a call, a point…)
GAME_AMEND = Formats("game amend", Format.TEXT, {Format.TEXT: "writers:called_text", Format.JSON: "writers:entry_json"})
GAME_PRECEDENTS = Formats("game precedents", Format.TEXT, {Format.TEXT: "writers:precedents_text",
                                                           Format.JSON: "writers:precedents_json"})
GAME_SCORE = Formats("game score", Format.TEXT, {Format.TEXT: "writers:score_text", Format.JSON: "writers:score_json"})
GAME_HISTORY = Formats("game history", Format.TEXT, {
    Format.TEXT: "writers:history_text", Format.JSON: "writers:history_json"})
GAME_LIST = Formats("game list", Format.TEXT, {Format.TEXT: "writers:games_text", Format.JSON: "writers:games_json"})
GAME_SHOW = Formats("game show", Format.TEXT, {Format.TEXT: "writers:game_text", Format.JSON: "writers:game_json"})
GAME_RESCORE = Formats("game rescore", Format.TEXT, {
    Format.TEXT: "writers:rescore_text", Format.JSON: "writers:rescore_json"})
GAME_EXPORT = Formats("game export", Format.MARKDOWN, {
    Format.MARKDOWN: "game:export_markdown", Format.CSV: "game:export_csv", Format.JSON: "game:export_json"})
#: a game added from its export (``game import FILE``): said as ``game new`` says a game
GAME_IMPORT = Formats("game import", Format.TEXT, {
    Format.TEXT: "writers:imported_text", Format.JSON: "writers:imported_json"})

# --- the browser edition -------------------------------------------------------------------------------
SITE_BUILD = Formats("site build", Format.TEXT, {Format.TEXT: "writers:site_text", Format.JSON: "writers:site_json"})

#: every command's output, by the command that writes it (``serve`` writes none: it serves)
OUTPUTS: dict[str, Formats] = {f.name: f for f in (
    RULE, ASK, COMPARE, CHECKLIST, GLOSSARY, CONVENTIONS_LIST, CONVENTIONS_SHOW, CONVENTIONS_VALIDATE,
    CONVENTIONS_INIT, CONVENTIONS_SCHEMA, GAME_NEW, GAME_CALL, *GAME_ENTRY.values(), GAME_AMEND, GAME_PRECEDENTS,
    GAME_SCORE, GAME_HISTORY, GAME_LIST, GAME_SHOW, GAME_RESCORE, GAME_EXPORT, GAME_IMPORT, SITE_BUILD)}


def streams(data: Any) -> bool:
    """Whether an object holds an iterator, itself or in an object it holds (a game's history, the
    entries of its rows): written by :func:`json_pieces`, never held whole."""
    return isinstance(data, dict) and any(isinstance(v, Iterator) or streams(v) for v in data.values())


def json_pieces(data: dict[str, Any], ensure_ascii: bool, level: int = 0) -> Iterator[str]:
    """``json.dumps(data, indent=2)`` in pieces, a value that is an iterator written as a list one item
    at a time (never held whole), an object holding one written the same way."""
    pad, inner = "  " * level, "  " * (level + 1)
    if not data:
        yield "{}"
        return
    yield "{"
    for i, (key, value) in enumerate(data.items()):
        yield ("\n" if i == 0 else ",\n") + inner + json.dumps(key, ensure_ascii=ensure_ascii) + ": "
        if isinstance(value, Iterator):
            first = True
            for item in value:
                text = json.dumps(item, ensure_ascii=ensure_ascii, indent=2).replace("\n", "\n" + inner + "  ")
                yield ("[\n" if first else ",\n") + inner + "  " + text
                first = False
            yield "[]" if first else "\n" + inner + "]"
        elif streams(value):
            yield from json_pieces(value, ensure_ascii, level + 1)
        else:
            yield json.dumps(value, ensure_ascii=ensure_ascii, indent=2).replace("\n", "\n" + inner)
    yield "\n" + pad + "}"
