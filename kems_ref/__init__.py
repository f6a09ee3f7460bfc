"""kems-ref: a command-line referee for the card game Kems (Kem's, Kemps, Quems)."""

__version__ = "0.2.0"  # the one place the version is written (pyproject.toml reads it)
