"""A table printed exactly as rich prints one, at a fraction of its cost: the score sheet's history.

rich lays a table out by measuring every cell, then renders each one through its general machinery
(a Padding around a Text, wrapped, styled, cut into segments and cropped): some milliseconds a row,
half a minute for a game of 20,000 lines.  Here the layout is rich's own — the same measurements,
its own arithmetic for narrowing columns (:meth:`rich.table.Table._collapse_widths`), its own line
breaking (:func:`rich._wrap.divide_line`) — and a cell whose lines are plain text is written as
those lines.  A cell rich would lay out in a way of its own (a line break, a tab or any character
that is not printable in it, a column too narrow for its padding, a character too wide for what is
left of its line) is rendered by rich itself, so the characters printed are rich's in every case
(``tests/test_output.py`` compares the two on generated tables; rich 13 to 15).  On a terminal the
colours are the same, written in fewer pieces.

The layout is the history's: ``Table(title=…, title_justify="left", show_edge=False)``, the
default heavy-headed box, each column ``overflow="fold"``, a column's ``style`` and ``no_wrap`` its
own.  Cells are plain text (never markup); the title is markup, as rich's ``title`` is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from rich.cells import cell_len
from rich.control import strip_control_codes
from rich.markup import escape
from rich.segment import Segment, Segments

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions
    from rich.style import Style


@dataclass(frozen=True)
class Column:
    header: str  # plain text
    style: str = ""
    no_wrap: bool = False


#: what markup could change in a cell once escaped: a backslash (escaped at the end), an emoji code
_MARKUP_MAY_CHANGE = re.compile(r"\\|:\S*?:")
_TRAILING_SPACE = re.compile(r"\s+$")


def shown(console: Console, text: str) -> str:
    """What rich shows for ``escape(text)``: the text without the control codes rich drops (a
    carriage return, a bell…), changed by markup only where markup may change it."""
    if _MARKUP_MAY_CHANGE.search(text):
        return console.render_str(escape(text), highlight=False).plain
    return text if text.isprintable() else strip_control_codes(text)


def _normal(low: int, high: int) -> tuple[int, int]:
    low = min(max(0, low), high)
    return max(0, low), max(0, low, high)


def _within(low: int, high: int, width: int) -> tuple[int, int]:
    """``Measurement.get``'s last steps: normalized, at most ``width``, nothing if under a cell."""
    low, high = _normal(low, high)
    low, high = min(low, width), min(high, width)
    return (0, 0) if high < 1 else _normal(low, high)


def _raw(text: str) -> tuple[int, int]:
    """``Text.__rich_measure__``: the longest word, the longest line."""
    if text.isascii() and text.isprintable():  # a character a cell: the words' and the line's lengths
        return max(map(len, text.split()), default=len(text)), len(text)
    lines = text.splitlines()
    high = max(cell_len(line) for line in lines) if lines else 0
    words = text.split()
    return (max(cell_len(word) for word in words) if words else high), high


def _cell_measure(raw: tuple[int, int], width: int) -> tuple[int, int]:
    """``Measurement.get`` of a cell as the table holds it: its text in a Padding of one space a side."""
    if width < 1:
        return 0, 0
    if width - 2 < 1:
        low = high = width
    else:
        low, high = _within(*raw, width)
        low, high = min(low + 2, width), min(high + 2, width)
    return _within(low, high, width)


def _column_measure(raws: list[tuple[int, int]], width: int) -> tuple[int, int]:
    """``Table._measure_column``: the largest minimum and maximum of its cells, at most ``width``."""
    if width < 1:
        return 0, 0
    if width >= 3 and all(low <= high for low, high in raws):
        # a cell is then measured min(its words + 2, width), min(its longest line + 2, width): the
        # column's largest of each is that of its largest word and line
        return min(max(low for low, _ in raws) + 2, width), min(max(high for _, high in raws) + 2, width)
    measured = [_cell_measure(raw, width) for raw in raws]
    low = max(m[0] for m in measured) if measured else 1
    high = max(m[1] for m in measured) if measured else width
    return min(low, width), min(high, width)


def _widths(columns: Sequence[Column], raws: list[list[tuple[int, int]]], width: int) -> list[int]:
    """``Table._calculate_column_widths`` (no fixed widths, no ratios, not expanded)."""
    from rich._ratio import ratio_reduce
    from rich.table import Table

    widths = [_column_measure(raw, width)[1] or 1 for raw in raws]
    if sum(widths) > width:
        widths = Table._collapse_widths(widths, [not column.no_wrap for column in columns], width)
        if sum(widths) > width:
            widths = ratio_reduce(sum(widths) - width, [1] * len(widths), widths, widths)
        widths = [_column_measure(raw, w)[1] or 0 for raw, w in zip(raws, widths, strict=True)]
    return widths


def _broken(text: str, width: int) -> list[str]:
    """``Text.wrap``'s lines of a line of text: broken where rich breaks it (words, and a word longer
    than the width folded), each without the spaces past the width (``Text.rstrip_end``, which
    counts characters)."""
    if len(text) <= width and cell_len(text) <= width:  # it fits: one line, as it is
        return [text]
    from rich._wrap import divide_line

    offsets = divide_line(text, width, fold=True)
    pieces = [text[start:end] for start, end in zip([0, *offsets], [*offsets, len(text)], strict=True)]
    for i, piece in enumerate(pieces):
        if len(piece) > width:
            spaces = _TRAILING_SPACE.search(piece)
            if spaces is not None:
                pieces[i] = piece[:len(piece) - min(len(spaces.group(0)), len(piece) - width)]
    return pieces


def _lines(text: str, width: int, no_wrap: bool) -> Optional[list[str]]:
    """A cell's lines, each ``width`` cells wide, as rich lays them out (a space either side, words
    wrapped and folded); None where rich must lay it out itself."""
    inner = width - 2
    if inner < 1 or not text.isprintable():  # line breaks, tabs, controls: rich's own layout
        return None
    pieces = [text] if no_wrap else _broken(text, inner)
    lines = []
    for piece in pieces:
        size = cell_len(piece)
        if size > inner:
            return None
        lines.append(f" {piece}{' ' * (width - 1 - size)}")
    return lines


class _Layout:
    """One table's columns, widths, styles and box, as rich's Table would have them on ``console``."""

    def __init__(self, console: Console, columns: Sequence[Column], plain: list[list[str]]):
        from rich import box

        self.console, self.columns = console, columns
        #: the options rich's Table renders with when the table is given to console.print
        printed = console.options.update(justify=None, overflow=None, height=None, no_wrap=None, markup=None,
                                         highlight=None)
        extra = len(columns) - 1  # the dividers (no edge)
        headers = [shown(console, c.header) for c in columns]
        raws = [[_raw(headers[i]), *(_raw(row[i]) for row in plain)] for i in range(len(columns))]
        self.widths = _widths(columns, raws, printed.max_width - extra)
        self.width = sum(self.widths) + extra
        self.options: ConsoleOptions = printed.update(width=self.width, highlight=False, height=None)
        self.box = box.HEAVY_HEAD.substitute(self.options, safe=console.safe_box)
        get = console.get_style
        self.border: Style = get("none") + get("")
        self.header_style: Style = get("table.header") + get("")
        self.styles: list[Style] = [get(c.style or "") for c in columns]

    def cell(self, text: str, plain: str, i: int, style: Style) -> list[list[Segment]]:
        """A cell's lines as segments: its ``plain`` text (what rich shows of ``text``) written directly,
        or ``text`` given to rich where rich lays it out its own way."""
        width, column = self.widths[i], self.columns[i]
        lines = _lines(plain, width, column.no_wrap)
        if lines is not None:
            return [[Segment(line, style)] for line in lines]
        from rich.padding import Padding

        options = self.options.update(width=width, justify="left", no_wrap=column.no_wrap, overflow="fold",
                                      height=None, highlight=False)
        return self.console.render_lines(Padding(escape(text), (0, 1, 0, 1)), options, style=style)

    def row(self, cells: list[list[list[Segment]]], styles: Sequence[Style], divider: Segment, top: bool
            ) -> list[Segment]:
        """One row: its cells side by side, the shorter ones filled with blank lines (below, or above
        for the header), divided by ``divider``."""
        height = max(1, *(len(cell) for cell in cells))  # a row is a line at least
        out: list[Segment] = []
        filled = []
        for cell, width, style in zip(cells, self.widths, styles, strict=True):
            blank = [[Segment(" " * width, style)]] * (height - len(cell))
            filled.append([*cell, *blank] if top else [*blank, *cell])
        for n in range(height):
            for i, cell in enumerate(filled):
                if i:
                    out.append(divider)
                out.extend(cell[n])
            out.append(Segment.line())
        return out


def print_table(console: Console, columns: Sequence[Column], rows: list[list[str]], title: Optional[str] = None
                ) -> None:
    """Print ``rows`` (plain text, one string per column) under ``columns``, as rich's Table prints
    them; ``title`` is markup."""
    rows = [row[:len(columns)] for row in rows]
    if console.soft_wrap:  # lines printed whole, never folded: rich's own way, left to rich
        _rich_table(console, columns, rows, title)
        return
    plain = [[shown(console, cell) for cell in row] for row in rows]
    layout = _Layout(console, columns, plain)
    out: list[Segment] = []
    if title:
        text = console.render_str(title, style="table.title", highlight=False)
        out.extend(console.render(text, layout.options.update(justify="left")))
    box = layout.box
    head = [layout.cell(column.header, shown(console, column.header), i, layout.header_style)
            for i, column in enumerate(columns)]
    out.extend(layout.row(head, [layout.header_style] * len(head), Segment(box.head_vertical, layout.border),
                          top=False))
    out.append(Segment(box.get_row(layout.widths, "head", edge=False), layout.border))
    out.append(Segment.line())
    middle, last = Segment(box.mid_vertical, layout.border), Segment(box.foot_vertical, layout.border)
    for n, (row, plain_row) in enumerate(zip(rows, plain, strict=True)):
        cells = [layout.cell(text, plain_row[i], i, layout.styles[i]) for i, text in enumerate(row)]
        out.extend(layout.row(cells, layout.styles, last if n == len(rows) - 1 else middle, top=True))
    console.print(Segments(out), crop=layout.width > console.width)  # every line is the table's width


def _rich_table(console: Console, columns: Sequence[Column], rows: list[list[str]], title: Optional[str]) -> None:
    """The same table, by rich's Table (what :func:`print_table` prints, the slow way)."""
    from rich.table import Table

    table = Table(title=title or None, title_justify="left", show_edge=False, show_lines=False)
    for column in columns:
        table.add_column(escape(column.header), no_wrap=column.no_wrap, overflow="fold", style=column.style)
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    console.print(table)


def print_wrapped(console: Console, texts: Iterable[str], style: str = "") -> None:
    """Each text as ``console.print(escape(text), style=style)`` prints it: plain text, folded at the
    console's width as rich folds it, written in one piece — but a text rich would lay out its own way,
    printed by rich in its turn."""
    pending: list[Segment] = []
    for text in texts:
        lines = _wrapped(console, text, style)
        if lines is None:
            _print_fitting(console, pending)
            pending = []
            console.print(escape(text), style=style or None)
        else:
            pending.extend(lines)
    _print_fitting(console, pending)


def _wrapped(console: Console, text: str, style: str) -> Optional[list[Segment]]:
    plain = shown(console, text)
    width = console.width
    if console.soft_wrap or not plain.isprintable():
        return None
    pieces = _broken(plain, width)
    if any(cell_len(piece) > width for piece in pieces):
        return None
    return [Segment("\n".join(pieces), console.get_style(style)), Segment.line()]


def _print_fitting(console: Console, lines: list[Segment]) -> None:
    """Segments whose every line fits the console, as console.print prints them (nothing to crop)."""
    if lines:
        console.print(Segments(lines), crop=False)
