"""The command line: thin Typer commands over the library."""

import os

# Typer builds a rich console when it is imported, and rich reads COLUMNS/LINES with int(): a value
# such as "²" (a digit to str.isdigit, not to int) would crash before any of our code runs.
for _name in ("COLUMNS", "LINES"):
    _value = os.environ.get(_name)
    if _value is not None and not (_value.isascii() and _value.isdigit()):
        del os.environ[_name]

from .app import app, main  # noqa: E402

__all__ = ["app", "main"]
