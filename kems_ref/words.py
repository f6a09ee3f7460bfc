"""Words compared loosely, at the bottom of the package (it imports nothing of it).

``fold`` makes "Stop-Kemps", "stop kemps" and "STOP_KEMPS" the same word, and "Wikipédia" the same as
"wikipedia".  The names of the events are in :mod:`.corpus.events` (the table's words) and
:mod:`.corpus.naming` (with the conventions' own names for their calls: Pagat's "Stop Kemps").
"""

from __future__ import annotations

import re
import unicodedata

#: letters NFKD does not take apart: written out, so that "Cœur" is "coeur" and never "cur"
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "Oe", "æ": "ae", "Æ": "Ae", "ß": "ss", "ø": "o", "Ø": "O"})


def plain(text: str) -> str:
    """Lower case, no accents, ligatures written out; ASCII kept, and the letters and digits of other scripts
    (a Bulgarian table's «Кент» is "кент", never nothing); other marks and symbols dropped (the one folding every
    comparison of names and words starts from)."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    return "".join(c for c in decomposed if c.isascii() or (c.isalnum() and not unicodedata.combining(c))).lower()


def fold(text: str) -> str:
    """:func:`plain`, with words separated by single spaces (punctuation and apostrophes dropped)."""
    return " ".join(re.split(r"[\W_]+", plain(text).replace("'", ""))).strip()


def convention_in(args: list[str]) -> str | None:
    """The ``-c``/``--convention`` of a command line, if given."""
    return option_in(args, "-c", "--convention")


def option_in(args: list[str], *names: str) -> str | None:
    """The value of an option of a command line (``--db PATH``, ``--db=PATH``), if given."""
    for i, arg in enumerate(args):
        if arg in names and i + 1 < len(args):
            return args[i + 1]
        for name in names:
            if name.startswith("--") and arg.startswith(name + "="):
                return arg.split("=", 1)[1]
    return None
