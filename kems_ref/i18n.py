"""Every user-facing sentence, from one file per language: ``kems_ref/locales/<lang>.yaml``.

A translator edits one file; adding a language is adding a file (the code lists the languages it
finds).  ``tests/test_messages.py`` checks that every language has every key with the same
placeholders.  Identifiers stay English; only these texts (and the convention files' own texts)
are shown to people.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

LOCALES = Path(__file__).resolve().parent / "locales"
DEFAULT = "en"


@cache
def languages() -> tuple[str, ...]:
    """The languages kems-ref speaks: one per file in locales/."""
    return tuple(sorted(p.stem for p in LOCALES.glob("*.yaml")))


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All the messages of one language (read once)."""
    from .datacache import load_yaml

    data = load_yaml(LOCALES / f"{lang}.yaml")
    return {str(k): str(v) for k, v in data.items()}


def has(key: str, lang: str = DEFAULT) -> bool:
    """Whether the locale file of ``lang`` has the message ``key``."""
    return key in catalogue(lang)


def t(key: str, lang: str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` (English where a translation is missing), filled in."""
    messages = catalogue(lang if lang in languages() else DEFAULT)
    text = messages.get(key)
    if text is None:
        text = catalogue(DEFAULT)[key]
    return text.format(**values) if values else text


def lang_chosen(explicit: str | None = None) -> bool:
    """Whether a language was chosen (--lang, KEMS_REF_LANG, a French or English locale) rather than
    English by default — where it was not, a story told in French gets a French answer."""
    if explicit or os.environ.get("KEMS_REF_LANG"):
        return True
    locale = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or ""
    return locale.split("_")[0].split(".")[0].lower() in languages()


def detect_lang(explicit: str | None = None) -> str:
    """--lang, then KEMS_REF_LANG, then the locale (LC_ALL, LC_MESSAGES, LANG), then English."""
    for candidate in (explicit, os.environ.get("KEMS_REF_LANG")):
        if candidate:
            return candidate
    locale = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or ""
    prefix = locale.split("_")[0].split(".")[0].lower()
    return prefix if prefix in languages() else DEFAULT
