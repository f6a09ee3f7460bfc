"""The command line: thin Typer commands over the library."""

import os

# Typer builds a rich console when it is imported, and rich reads COLUMNS/LINES with int(): a value
# such as "²" (a digit to str.isdigit, not to int) would crash before any of our code runs.
for _name in ("COLUMNS", "LINES"):
    _value = os.environ.get(_name)
    if _value is not None and not (_value.isascii() and _value.isdigit()):
        del os.environ[_name]

# The pinned Typer calls Click helpers that Click 8.2+ deprecates: silenced here, before Typer is
# imported, so that PYTHONWARNINGS=error (which turns warnings into exceptions) cannot crash at import.
import warnings  # noqa: E402

warnings.filterwarnings("ignore", message=r"'click\.utils\.get_(binary|text)_stream' is deprecated",
                        category=DeprecationWarning)

from .app import app, main  # noqa: E402

__all__ = ["app", "main"]
