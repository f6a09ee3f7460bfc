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


def _typer_without_rich() -> None:
    """Import Typer as if rich were not installed.  Typer imports rich's Markdown renderer (with its
    Markdown parser), its tracebacks and its consoles as soon as it is imported when rich is there —
    60 to 80 % of a command's time — for help it would format with rich and tracebacks it would draw;
    kems-ref's help is Click's own (``rich_markup_mode=None``: the same text either way, a test holds it
    to that) and its errors are its own (one line, never a traceback).  The rest of kems-ref imports
    rich itself, only where it prints with it."""
    import sys

    if "typer" in sys.modules:  # imported already (a test's runner): as it is
        return
    saved = sys.modules.get("rich")
    sys.modules["rich"] = None  # type: ignore[assignment]  # "import rich" fails: Typer goes without
    try:
        import typer  # noqa: F401
    finally:
        if saved is None:
            del sys.modules["rich"]
        else:
            sys.modules["rich"] = saved


def main() -> None:
    """``kems-ref``: the commonest lines answered on the fast path (without Typer or Click), every
    other one by the Typer command line."""
    import sys

    from .fast import attempt

    code = attempt(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    _typer_without_rich()
    from .commands import main as full

    full()


def __getattr__(name: str) -> object:
    """``kems_ref.cli.app``, the Typer application (tests drive it; :mod:`.commands`), made on first use."""
    if name == "app":
        _typer_without_rich()
        from .commands import app

        return app
    raise AttributeError(name)


__all__ = ["app", "main"]
