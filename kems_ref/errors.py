"""The one exception type: bad input, turned into one clear line and exit code 2 by the CLI.

An error is a message key (``error.…`` in the locale files) with its values, so it is written in
the user's language when it is shown; ``str(error)`` is the English line.  A value that is itself
a KemsError (a reason inside a reason) is rendered in the same language.
"""

from __future__ import annotations

import re
from typing import Any, Optional


class KemsError(Exception):
    """Bad input: an unknown convention, unreadable cards, an impossible situation, invalid YAML."""

    def __init__(self, code: str, /, file: Optional[str] = None, line: Optional[int] = None, **params: object):
        super().__init__(code)
        self.key = code
        self.file = file
        self.line = line
        self.params = params

    def render(self, lang: str = "en") -> str:
        """The message alone, in ``lang``."""
        from .i18n import t

        values = {k: (v.render(lang) if isinstance(v, (KemsError, Names)) else clean(v) if isinstance(v, str) else v)
                  for k, v in self.params.items()}
        return t(self.key, lang, **values)

    def located(self, lang: str = "en") -> str:
        """``file:line: message`` where there is a file."""
        where = ""
        if self.file:
            where = f"{clean(self.file)}:{self.line}: " if self.line else f"{clean(self.file)}: "
        return where + self.render(lang)

    def at(self, file: Optional[str], line: Optional[int]) -> KemsError:
        """The same error, located in a file."""
        return KemsError(self.key, file, line, **self.params)

    @property
    def message(self) -> str:
        return self.render("en")

    def __str__(self) -> str:
        return self.located("en")


class Names(dict):  # type: ignore[type-arg]
    """A name a file gives in several languages ({lang: text}), worded when the error is: the
    reader's language, else English, else French, else the first it has."""

    def render(self, lang: str = "en") -> str:
        found = self.get(lang) or self.get("en") or self.get("fr") or next(iter(self.values()), "")
        return clean(str(found))


class ConventionInvalid(KemsError):
    """A convention file that parses but breaks the format: carries every problem found (each a
    KemsError with its line)."""

    def __init__(self, file: str, problems: list[KemsError]):
        self.problems = problems
        first = problems[0]
        if len(problems) > 1:
            super().__init__("error.problems_first", file, first.line, first=first, more=len(problems) - 1)
        else:
            super().__init__(first.key, file, first.line, **first.params)


_BIDI = {0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069}


def clean(text: str) -> str:
    """Text from a user or a file, safe to print on a terminal: control characters (an escape
    sequence, a carriage return, a bidi override…) are shown as escapes instead of acting."""
    if text.isprintable():
        return text
    return "".join(ch if (ch.isprintable() and ord(ch) not in _BIDI) or ch in "\n\t"
                   else ch.encode("unicode_escape").decode("ascii") for ch in text)


def unsafe(text: str) -> bool:
    """Whether ``text`` holds a character that would act on a terminal rather than show (C0 and C1
    controls, escape sequences, bidi overrides): refused in the names a user gives."""
    return clean(text) != text or "\n" in text or "\t" in text


def one_line(message: str) -> str:
    """An error message as every front end shows it: one line, safe to print (a newline a user typed
    into a name, "a\\nb", is a space)."""
    return clean(message).replace("\n", " ")


#: characters JSON leaves raw that a terminal would obey (C1 controls) or that reorder a line (bidi)
_JSON_RAW = {*range(0x80, 0xA0), *_BIDI, 0x2028, 0x2029}


_JSON_PLAIN = re.compile("[^" + "".join(re.escape(chr(c)) for c in sorted(_JSON_RAW)) + "]*", re.S)


def json_safe(text: str) -> str:
    """JSON text with every character a terminal could obey escaped as ``\\uXXXX`` (``json.dumps``
    escapes C0 controls itself, not C1 controls such as U+009B, a CSI introducer)."""
    if _JSON_PLAIN.fullmatch(text):  # the common case, decided at C speed
        return text
    return "".join(f"\\u{ord(ch):04x}" if ord(ch) in _JSON_RAW else ch for ch in text)


def cleaned(data: Any) -> Any:
    """``clean`` applied to every string of parsed data (keys included)."""
    if isinstance(data, str):
        return clean(data)
    if isinstance(data, dict):
        return {cleaned(k): cleaned(v) for k, v in data.items()}
    if isinstance(data, list):
        return [cleaned(v) for v in data]
    return data
