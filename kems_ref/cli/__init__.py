"""The command line: thin Typer commands over the library."""

from .app import app, main

__all__ = ["app", "main"]
