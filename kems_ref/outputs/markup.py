"""rich's markup escape, with rich imported on its first use: what a page or a JSON answer words
imports no rich (the browser edition ships none)."""

from __future__ import annotations


def escape(text: str) -> str:
    """``rich.markup.escape``: a text from a file or a user, never read as markup."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)
