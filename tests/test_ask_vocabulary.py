"""The reader's vocabulary, word by word.  Every word of every phrase's pattern is read through in a
story of tests/data/ask/ (stories.yaml or refusals.yaml): the phrase that holds the word claims it
there, in a story the reader reads exactly as the table means it (tests/test_ask_reader.py).  Every
word of the reader's word lists (filler, negations, suits, numbers, the words that order two calls…)
is a word of some story.  The words no story reads yet are listed in tests/data/ask/unproven-words.yaml,
exactly: a new word without a story fails here, and so does a listed word that a story now reads (take
it off the list).  Removing a word a story needs changes that story's reading: checked for the words
the last change brought (``test_removing_a_word_changes_the_story_that_needs_it``)."""

from __future__ import annotations

import functools
import os
import re
from collections import defaultdict
from unittest import mock

import pytest
from conftest import read_data

from kems_ref.ask import reader
from kems_ref.ask.session import check_reading
from kems_ref.errors import KemsError

HERE = os.path.join(os.path.dirname(__file__), "data", "ask")
CASES = read_data(os.path.join(HERE, "stories.yaml")) + read_data(os.path.join(HERE, "refusals.yaml"))
UNPROVEN = read_data(os.path.join(HERE, "unproven-words.yaml"))

#: what is no word in a pattern: an escape (\b, \d), a group's name, a character class
NOT_WORDS = re.compile(r"\\.|\(\?P<\w+>|\(\?P=\w+\)|\[[^\]]*\]")
WORD = re.compile(r"[a-z]{2,}")


def _masked(pattern: str) -> str:
    """The pattern with what is not a word it reads blanked: escapes, groups' names, character
    classes, and lookarounds ("(?<!contre )kems": "contre" is a guard, never read)."""
    masked = list(NOT_WORDS.sub(lambda m: "#" * len(m.group(0)), pattern))
    for m in re.finditer(r"\(\?<?[=!]", pattern):
        depth, k = 0, m.start()
        while k < len(pattern):
            if pattern[k] == "(" and (k == 0 or pattern[k - 1] != "\\"):
                depth += 1
            elif pattern[k] == ")" and pattern[k - 1] != "\\":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        masked[m.start():k + 1] = "#" * (k + 1 - m.start())
    return "".join(masked)


def _words(pattern: str) -> list[re.Match[str]]:
    return list(WORD.finditer(_masked(pattern)))


def pattern_words(pattern: str) -> list[str]:
    """The words a pattern is written with (two letters or more): "(?:after|apres) (?:the |le )?"
    -> after, apres, the, le."""
    return sorted({m.group(0) for m in _words(pattern)})


def without(pattern: str, word: str) -> str:
    """The pattern with ``word`` made unmatchable wherever it is written."""
    out, last = [], 0
    for m in _words(pattern):
        if m.group(0) == word:
            out += [pattern[last:m.start()], "\x00"]
            last = m.end()
    return "".join(out) + pattern[last:]


def phrase_names() -> list[tuple[str, str]]:
    """(name, pattern) of every phrase, in the reader's order; a function used by several phrases
    (``_nothing``) is numbered: _nothing#1, _nothing#2…"""
    seen: dict[str, int] = defaultdict(int)
    out = []
    for pattern, action in reader.PHRASES:
        seen[action.__name__] += 1
        count = sum(1 for _, a in reader.PHRASES if a.__name__ == action.__name__)
        out.append((action.__name__ if count == 1 else f"{action.__name__}#{seen[action.__name__]}", pattern))
    return out


def reads_as_told(case: dict) -> bool:
    """The story is read exactly as stories.yaml says (or refused for the reason refusals.yaml says)."""
    try:
        reading = reader.read(case["story"])
        if "refused" in case:
            try:
                check_reading(reading, "en", can_ask=False)
            except KemsError as exc:
                return exc.key == case["refused"]
            return False
    except KemsError:
        return False
    return (reading.problem, reading.event, reading.convention, reading.options, reading.unknown) == (
        None, case["event"], case.get("convention"), case["options"], case.get("unknown", []))


@functools.cache
def claimed() -> dict[str, list[tuple[str, int]]]:
    """What each pattern claimed in the stories: {pattern: [(the words it matched, the case's index)]}."""
    spans: dict[str, list[tuple[str, int]]] = defaultdict(list)
    original = reader._Text.claim
    index = 0

    def claim(self: reader._Text, pattern: str, one_clause: bool = False) -> list:
        found = original(self, pattern, one_clause)
        spans[pattern] += [(m.group(0), index) for m, _, _ in found]
        return found

    with mock.patch.object(reader._Text, "claim", claim):
        for index, case in enumerate(CASES):  # noqa: B007 (read by claim)
            reader.read(case["story"])
    return dict(spans)


def unread_words() -> dict[str, list[str]]:
    """Each phrase's words that no story reads through it."""
    spans = claimed()
    out = {}
    for name, pattern in phrase_names():
        texts = [text for text, _ in spans.get(pattern, [])]
        missing = [w for w in pattern_words(pattern) if not any(re.search(rf"\b{w}\b", t) for t in texts)]
        if missing:
            out[name] = missing
    return out


#: the reader's word lists, by name
LISTS = {
    "FILLER": reader.FILLER, "NEGATIONS": reader.NEGATIONS, "SUIT_WORDS": set(reader.SUIT_WORDS),
    "NUMBERS": {w for n in reader.NUMBERS for w in n.split()}, "QUANTITIES": set(reader.QUANTITIES),
    "JOINERS": reader.JOINERS, "THEN_WORDS": reader.THEN_WORDS, "AFTER_WORDS": reader.AFTER_WORDS,
    "ALREADY_WORDS": reader.ALREADY_WORDS, "ORDER_LEADS": reader.ORDER_LEADS,
}


def unused_list_words() -> dict[str, list[str]]:
    told = {tok.word for case in CASES for tok in reader.tokenize(case["story"])}
    out = {}
    for name, words in LISTS.items():
        missing = sorted(w for w in words if w not in told)
        if missing:
            out[name] = missing
    return out


def test_every_word_of_every_phrase_is_read_through_it_in_a_story():
    """"juste après" is read in "kems et contre-kems juste après", "ramasse" in "elle ramasse deux
    cartes"…: each word of each pattern, unless listed as unproven (exactly those)."""
    assert unread_words() == UNPROVEN["phrases"]


def test_every_word_of_the_readers_word_lists_is_a_word_of_some_story():
    assert unused_list_words() == UNPROVEN["lists"]


def test_every_story_is_read_as_told_while_the_words_are_watched():
    """The spans above come from stories read exactly as the table means them."""
    claimed()
    assert all(reads_as_told(case) for case in CASES)


#: the words this vocabulary test was written with (issue #32 §4): each has a story that needs it —
#: without the word the story is read otherwise (or refused)
NEEDED = {
    "_asking": ["right", "wrong", "correct", "bon", "juste", "compte", "or", "ou", "not", "pas", "non", "who", "gets"],
    "_outcome": ["gave", "won", "donne", "gagne", "point", "hand", "manche"],
    "_by_holder": ["holder", "detenteur", "carre", "by", "par"],
    "_order": ["then", "puis", "put", "hers", "pose", "sienne"],
    "_cards": ["picked", "up", "takes", "ramasse", "prend", "pioche", "souleve"],
    "_first_deal": ["debut", "partie", "initiale", "donne", "start", "game", "opening", "deal"],
    "_players": ["jouent", "played", "with"],
}


@pytest.mark.parametrize(("name", "word"), [(n, w) for n, words in NEEDED.items() for w in words])
def test_removing_a_word_changes_the_story_that_needs_it(name, word):
    patterns = dict(phrase_names())
    pattern = patterns[name]
    assert word in pattern_words(pattern)
    at = next(i for i, (p, _) in enumerate(reader.PHRASES) if p == pattern)
    readers = {i for text, i in claimed().get(pattern, []) if re.search(rf"\b{word}\b", text)}
    with mock.patch.object(reader, "PHRASES", list(reader.PHRASES)):
        reader.PHRASES[at] = (without(pattern, word), reader.PHRASES[at][1])
        changed = [CASES[i]["story"] for i in sorted(readers) if not reads_as_told(CASES[i])]
    assert changed, f"no story needs {word!r} in {name}"


def write_unproven(path: str = os.path.join(HERE, "unproven-words.yaml")) -> None:
    """Rewrite the list of unproven words from the stories (``python tests/test_ask_vocabulary.py``)."""
    special = {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}  # YAML would read these otherwise

    def listed(words: list[str]) -> str:
        return ", ".join(f'"{w}"' if w in special else w for w in words)

    head = ("# The reader's words no story reads yet (tests/test_ask_vocabulary.py): by phrase (the function's name,\n"
            "# numbered where several phrases share it), and by word list.  Each is a debt: write a story in\n"
            "# stories.yaml that the word is read through, then take the word off this list (the test fails until "
            "then).\n")
    text = head + "phrases:\n" + "".join(f"  {k}: [{listed(v)}]\n" for k, v in unread_words().items()) \
        + "lists:\n" + "".join(f"  {k}: [{listed(v)}]\n" for k, v in unused_list_words().items())
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


if __name__ == "__main__":
    write_unproven()
