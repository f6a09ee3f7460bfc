"""Finding a rule point by the words people use: its id as typed (``call.contre-kems.wrong``, the
event's hyphen), a topic, a convention, or words of the table in either language (``balayage``,
``lifted``, ``carte levée``, "how many points to win") matched against each point's id, its
question in every language, its search words and the glossary.

One place decides what a word names, for every front end: ``compare`` sorts its arguments with
:func:`sort_refs`, ``ask`` answers a question about the rules with :func:`find_points`.
Near misses are matched with the standard library's difflib (the vocabulary is a few hundred words:
no dependency needed for that).
"""

from __future__ import annotations

import difflib
import functools
import itertools
import re
from dataclasses import dataclass, field

from ..errors import KemsError
from ..i18n import catalogue, languages, t
from ..words import fold
from .catalogue import IDS, RULE_POINTS, TOPICS

#: words that carry no subject in a question about the rules
STOP = set("""
how many much what which who whom when where is are was were the a an of to in on at for do does did we you
they it its be can may must there with and or per by under according combien quel quelle quels quelles qui que
quoi quand ou est sont etait ce cet cette ces le la les un une des du de d l en au aux on joue jouer nous vous
il elle ils elles pour par sous selon avec et y a faut peut doit vaut valent worth just juste soit soient sois
suis es sommes etes ai avons avez ont si se tout tous toute toutes monde
""".split())  # noqa: SIM905 (a word list reads better as text)
#: words that name one thing in French and another in English ("pair": an even number of players in
#: French, two cards of a rank in both): never a subject alone, only in a phrase ("nombre pair")
AMBIGUOUS = {"pair", "paire", "pairs", "paires"}
#: a typed word matches a point's word when difflib's ratio reaches this
NEAR = 0.85
#: characters: the words that name a point ("carte levée", "how many points to win"), not a text (each
#: word is matched against every point's: 30,000 characters took 12 s)
MAX_WORDS = 200


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", fold(text).replace("_", " ")) if len(w) > 1]


@dataclass
class _Index:
    words: dict[str, set[str]] = field(default_factory=dict)  # point -> its words, every language
    pairs: dict[str, set[tuple[str, str]]] = field(default_factory=dict)  # point -> its two-word phrases


@functools.cache
def _index() -> _Index:
    index = _Index()
    glossary_words: dict[str, set[str]] = {}  # an entry's own name (its id, its English term) -> all its names
    for key in catalogue("en"):
        if key.startswith("glossary.") and key.endswith(".words"):
            gid = key.split(".")[1]
            names = glossary_words.setdefault(gid, set())
            for lang in languages():
                names.update(_words(t(key, lang) + " " + t(f"glossary.{gid}.term", lang)))
    for point in RULE_POINTS:
        words = set(_words(point.id.replace(".", " ")))
        pairs: set[tuple[str, str]] = set()
        for lang in languages():
            texts = [point.question(lang)]
            key = f"lookup.{point.id}"
            if key in catalogue(lang):
                texts += t(key, lang).split(",")
            for text in texts:
                said = [w for w in _words(text) if w not in STOP]
                words.update(said)
                pairs.update(itertools.pairwise(said))
        index.pairs[point.id] = pairs
        for gid, names in glossary_words.items():  # a glossary entry's names find the points it names
            if gid in words or fold(t(f"glossary.{gid}.term", "en")) in words:
                words |= names
        index.words[point.id] = words - STOP - AMBIGUOUS
    return index


def _near(word: str, words: set[str]) -> bool:
    return word in words or bool(difflib.get_close_matches(word, list(words), n=1, cutoff=NEAR))


def find_points(text: str, least: int = 1) -> list[str]:
    """The rule points the words speak about, best first: those sharing the most words with a
    point's id, question, search words or glossary names (a near miss counts), at least ``least``."""
    import math

    said = [w for w in _words(text) if w not in STOP]
    asked = [w for w in said if w not in AMBIGUOUS]  # "une paire" alone names no point
    if not asked:
        return []
    index = _index().words
    hits = {w: {pid for pid, words in index.items() if _near(w, words)} for w in asked}
    hits.update({w: {pid for pid, pairs in _index().pairs.items() if any(w in pair for pair in pairs)}
                 for w in said if w in AMBIGUOUS})
    # a word few points share says more than one most points share (inverse document frequency)
    weight = {w: math.log(1 + len(index) / len(found)) if found else 0.0 for w, found in hits.items()}
    if len(asked) == 1 and len(said) == 1:  # one word: every point whose id names it, else every point it names
        named = [pid for pid in IDS if pid in hits[asked[0]] and _near(asked[0], set(_words(pid.replace(".", " "))))]
        if named or 0 < len(hits[asked[0]]) <= 4:
            return named or [pid for pid in IDS if pid in hits[asked[0]]]
    pairs = list(itertools.pairwise(said))
    # the words it shares, weighted, and those it shares as a phrase ("cartes en main") once more
    scores = {pid: sum(weight[w] for w in asked if pid in hits[w])
              + sum(weight[a] + weight[b] for a, b in pairs if (a, b) in _index().pairs[pid]) for pid in index}
    matched = {pid: sum(pid in hits[w] for w in asked) for pid in index}
    best = max(scores.values())
    if best <= 0 or max(matched.values()) < least:
        return []
    tied = [pid for pid in IDS if scores[pid] >= best - 1e-9]
    # many alike: the points whose own words are most about these (a short question first), three at most
    tied.sort(key=lambda pid: -scores[pid] / math.sqrt(len(index[pid]) or 1))
    return sorted(tied[:3], key=IDS.index)


def point_id(word: str) -> str | None:
    """A rule point id as typed: exact, or with the event's hyphen (``call.contre-kems.wrong``)."""
    if word in IDS:
        return word
    normal = word.strip().lower().replace("-", "_").replace(" ", "_")
    return normal if normal in IDS else None


def sort_refs(refs: list[str]) -> tuple[list[str], list[str], list[str]]:
    """``compare``'s arguments sorted into rule points, topics and conventions; a word that is none
    of them finds the points it speaks about; one that finds nothing is refused, naming what is
    accepted and the nearest names."""
    from .load import canonical, is_path, load

    points: list[str] = []
    topics: list[str] = []
    conventions: list[str] = []
    own: set[str] = set()  # the points of the house files' own calls (Kent: call.broken.right)
    for ref in refs:
        if is_path(ref):
            try:
                conv = load(ref)
            except KemsError:
                continue  # said when the comparison loads it
            own |= {p.id for p in conv.points() if p.own}
    for ref in refs:
        pid = point_id(ref) or (ref if ref in own else None)
        if pid:
            points.append(pid)
        elif fold(ref) in TOPICS:
            topics.append(fold(ref))
        elif is_path(ref):
            conventions.append(ref)
        else:
            if len(ref) > MAX_WORDS:
                raise KemsError("error.compare_too_long", word=ref[:40] + "…", limit=MAX_WORDS)
            try:
                conventions.append(canonical(ref))  # a shipped one, or a house file of this folder by its name
                continue
            except KemsError:
                pass
            found = find_points(ref)
            if not found:
                raise KemsError("error.compare_unknown", word=ref, nearest=", ".join(_nearest(ref)) or "—")
            points += [p for p in found if p not in points]
    return points, topics, conventions


def _nearest(word: str) -> list[str]:
    from .load import names

    known = list(IDS) + list(TOPICS) + sorted(set(names())) + sorted(set().union(*_index().words.values()))
    return difflib.get_close_matches(fold(word), known, n=3, cutoff=0.6)
