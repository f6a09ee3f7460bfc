"""Output formats, declared once (sqlite-utils' shared output options).

Each output that can be written in several formats (``compare``, ``checklist``, ``game export``)
declares here which formats it has, its default, and for each format the function that writes it.
A writer takes the output's data, a language and the screen width, and returns what is shown:
JSON data for :attr:`Format.JSON` (the front end serialises it), a text for the others — or, for the
terminal table, a rich renderable the front end prints (through a pager where it is long).
Writers are named by ``module:function`` and imported only when used: the command line's start-up
never imports a renderer it does not run.

Adding a format to an output is one line here and its writer; the command line's ``--format``
choices, their help and ``--json`` follow.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
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
class Formats:
    """The formats of one output: ``writers`` maps each to ``"module:function"`` (in this package);
    ``help`` is the message that explains ``--format`` for it."""

    name: str
    default: Format
    writers: Mapping[Format, str]
    help: str

    @property
    def choices(self) -> tuple[Format, ...]:
        return tuple(self.writers)

    def write(self, fmt: Format, data: Any, lang: str, width: int = 80) -> Any:
        module, function = self.writers[fmt].split(":")
        writer = getattr(importlib.import_module(f"{__package__}.{module}"), function)
        return writer(data, lang, width)


COMPARE = Formats("compare", Format.TABLE, {
    Format.TABLE: "compare_render:as_table", Format.MARKDOWN: "compare_render:as_markdown",
    Format.CSV: "compare_render:as_csv", Format.JSON: "compare_render:as_json"}, "help.option.format")
CHECKLIST = Formats("checklist", Format.TEXT, {
    Format.TEXT: "sheets:write_text", Format.MARKDOWN: "sheets:write_markdown",
    Format.HTML: "sheets:write_html", Format.JSON: "sheets:write_json"}, "help.option.checklist_format")
GAME_EXPORT = Formats("game export", Format.MARKDOWN, {
    Format.MARKDOWN: "game:export_markdown", Format.CSV: "game:export_csv", Format.JSON: "game:export_json"},
    "help.option.export_format")

#: every output with formats, by the command that writes it
OUTPUTS = {f.name: f for f in (COMPARE, CHECKLIST, GAME_EXPORT)}
