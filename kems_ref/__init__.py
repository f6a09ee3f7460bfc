"""kems-ref: a command-line referee for the card game Kems (Kem's, Kemps, Quems)."""

__version__ = "0.1.0"
