"""Conventions: finding, loading and resolving the YAML files (inheritance included).

Shipped conventions are validated by the test suite and loaded here without pydantic (the table
waits for the answer); a convention given as a path is a user's file and goes through the strict
validation of :mod:`kems_ref.corpus.schema` first.  The folder layout is the lookup: ``<id>.yaml``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..errors import ConventionInvalid, KemsError, cleaned
from .catalogue import IDS, RULE_POINTS, RulePoint, own_points

DEFAULT_CONVENTION = "ducale"
_PACKAGE = Path(__file__).resolve().parents[1]


def conventions_dir() -> Path:
    """The shipped conventions: inside the installed package, else the repository's top level."""
    for candidate in (_PACKAGE / "conventions", _PACKAGE.parent / "conventions"):
        if candidate.is_dir():
            return candidate
    raise KemsError("error.no_conventions_folder")  # pragma: no cover


def shipped_ids() -> list[str]:
    """The ids of the shipped conventions, sorted."""
    return sorted(p.stem for p in conventions_dir().glob("*.yaml"))


_STAMP: dict[str, str] = {}


def corpus_stamp() -> dict[str, str]:
    """The data a ruling was made from: the package's version and one SHA-256 of the shipped
    convention files, each by its file name and its bytes (line ends read as LF), in name order — the
    same on every platform and Python, wherever the package is installed."""
    if not _STAMP:
        import hashlib

        from .. import __version__

        whole = hashlib.sha256()
        for path in sorted(conventions_dir().glob("*.yaml"), key=lambda p: p.name):
            whole.update(path.name.encode("utf-8") + b"\0" + path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
        _STAMP.update(version=__version__, digest="sha256:" + whole.hexdigest())
    return dict(_STAMP)


def publication_record(pub: dict[str, Any]) -> dict[str, Any]:
    """A publication as a ruling lists it: how it is cited, its title, author, address (or only its
    site), the date it gives for its last check, and how it is known (read directly, or through
    another page's summary, with that page, its reference to it and that page's date)."""
    known = pub.get("known_through") or {"how": "direct"}
    return {"source": pub.get("cite_as") or pub["title"], "title": pub["title"], "author": pub.get("author"),
            "url": pub.get("url"), "site": pub.get("site"), "checked": pub.get("checked"),
            "known": {k: known.get(k) for k in ("how", "via", "page", "ref", "checked")}}


def names_publication(source: str, record: dict[str, Any]) -> bool:
    """Whether a citation's source (as stored, or as shown: ``Notice Ducale, via Regles.com, réf. [1]``)
    names this publication."""
    return source == record["source"] or source.startswith(record["source"] + ", via ")


def publications_named(convs: Iterable[Convention], sources: Iterable[Any]) -> list[dict[str, Any]]:
    """The publications these citations' sources name, each once, in the order first named, looked
    up among what the conventions' citations may name (:func:`publication_record`): the one list of
    a ruling's sources, a comparison's and a checklist's."""
    records: list[dict[str, Any]] = []
    for conv in convs:
        for pub in conv.cited:  # a file's own first, then those of the files it extends
            record = publication_record(pub)
            if all(r["source"] != record["source"] for r in records):
                records.append(record)
    out: list[dict[str, Any]] = []
    for source in sources:
        named = next((r for r in records if source and names_publication(str(source), r)), None)
        if named is not None and named not in out:
            out.append(named)
    return out


def corpus_of(convs: Iterable[Convention]) -> dict[str, Any]:
    """:func:`corpus_stamp`, and where the data are house files, the digest a score sheet keeps of
    each (``house_digest`` for one convention's; ``house_digests`` by id for several)."""
    stamp: dict[str, Any] = corpus_stamp()
    convs = list(convs)
    houses = {c.id: "sha256:" + c.digest for c in convs if c.digest}
    if len(convs) == 1 and houses:
        stamp["house_digest"] = next(iter(houses.values()))
    elif houses:
        stamp["house_digests"] = houses
    return stamp


#: How strongly a source says a stated point (see README, "The data"): only a prescription is a
#: rule of that convention; a description tells how play goes without forbidding the alternatives;
#: advice is the source's recommendation, never its rule.
#: the forces a reader is told of beside a rule (a plain prescription needs no mark)
#: shown beside a rule ("prescribed" is the plain rule); "derived" only marks a ruling's citation: a case the
#: source does not name, settled by its general rule
MARKED_FORCES = ("permitted", "described", "advised", "derived")


@dataclass(frozen=True)
class RuleEntry:
    """One convention's answer to one rule point, after inheritance."""

    point: str
    status: str  # "stated" | "unspecified"
    value: Any = None
    text: Optional[dict[str, Any]] = None
    citation: Optional[dict[str, Any]] = None  # {"source", "section"[, "topic": True]}
    conflict: Optional[dict[str, Any]] = None  # the source's other reading: {"value", "text", "citation"}
    note: Optional[dict[str, Any]] = None  # what the source says near this point (a silence, an ambiguity)
    force: str = "prescribed"
    scope: Optional[str] = None  # a condition the source puts on the rule (call.contre_kems.wrong)
    inherited_from: Optional[str] = None
    replaces: Optional[dict[str, Any]] = None  # a house rule: the parent's answer it overrides
    choices: list[Any] = field(default_factory=list)  # other values the source offers: the table chooses
    before_play: bool = False  # the source tells the table to settle it before the game (the checklist carries it)
    #: what the table does besides scoring when this rule applies, in the file's words ({lang: text} each)
    effects: list[dict[str, Any]] = field(default_factory=list)
    on_double: Optional[list[dict[str, Any]]] = None  # call.contre_kems.right: its score against two squares

    @property
    def stated(self) -> bool:
        return self.status == "stated"

    @property
    def public_status(self) -> str:
        return "inherited" if self.inherited_from else self.status

    def readings(self) -> list[dict[str, Any]]:
        """The source's readings of this point: one, or two where it contradicts itself."""
        first = {"value": self.value, "text": self.text, "citation": self.citation}
        return [first, self.conflict] if self.conflict else [first]


@dataclass(frozen=True)
class OwnCall:
    """A call of the publication's own (Kent's "broken"): what it accuses and what is checked; its
    rules (the call, its scores) are entries of the convention (``call.<id>``, ``.right``, ``.wrong``)."""

    id: str
    names: dict[str, str]
    accuses: str  # partner (a claim, as a Kems), player or team (an accusation, as a Contre-Kems)
    checks: str = "square"

    @property
    def like(self) -> str:
        """The call of the game it is made as (its options, its questions): a Kems or a Contre-Kems."""
        return "kems" if self.accuses == "partner" else "contre-kems"


@dataclass
class Convention:
    id: str
    name: str
    short_name: str  # for sentences: "Ducale does not say…"
    publication: dict[str, Any]
    extends: Optional[str]
    #: other publications its facts come from (``sources:``), by the id a citation names
    sources: dict[str, Any] = field(default_factory=dict)
    #: every publication its citations may name, its own and those of the files it extends
    cited: list[dict[str, Any]] = field(default_factory=list)
    rules: dict[str, RuleEntry] = field(default_factory=dict)
    calls: dict[str, dict[str, str]] = field(default_factory=dict)  # event -> {lang: the source's name}
    aliases: list[str] = field(default_factory=list)  # other names players use ("wiki")
    decks: dict[str, Any] = field(default_factory=dict)  # deck id -> cards.Deck (a deck of its own)
    path: Optional[str] = None
    chain: tuple[str, ...] = ()  # own id then ancestors
    ref: Optional[str] = None  # how the user named it (a path as typed), for labels
    digest: Optional[str] = None  # a house file: SHA-256 of its text and of the house files it extends
    own_calls: dict[str, OwnCall] = field(default_factory=dict)  # calls of its own (Kent: broken)
    #: every name each call answers to, one by one (a counter-call of two names: Cut, Counter-Kemps)
    call_words: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def likes(self) -> dict[str, str]:
        """Its calls of its own, each with the call of the game it is made as (broken -> contre-kems)."""
        return {call.id: call.like for call in self.own_calls.values()}

    def points(self) -> tuple[RulePoint, ...]:
        """The rule points it answers: the catalogue's, then those of its own calls."""
        return RULE_POINTS + tuple(p for call in self.own_calls.values() for p in own_points(call.id, call.names))

    @property
    def source(self) -> str:
        pub = self.publication
        return str(pub.get("cite_as") or pub["title"])

    def deck_sizes(self) -> list[dict[str, Any]]:
        """Every deck ``deck.size`` names: its value's, then those of the choices it offers the table."""
        entry = self.get("deck.size")
        if not entry.stated:
            return []
        return [*(entry.value or []), *(size for choice in entry.choices for size in choice)]

    def card_deck(self, deck: Optional[int] = None) -> Any:
        """The deck of its own the cards are read in (``deck.size`` naming one), if any; ``deck``: the size
        the table plays with (a choice of a standard deck beside the file's own: the standard one)."""
        sizes = self.deck_sizes()
        own = [size for size in sizes if size.get("deck") in self.decks]
        if deck is not None:
            named = [size for size in own if size["cards"] == deck]  # --deck 104: the file's own deck of that size
            if named:
                return self.decks[named[0]["deck"]]
            if any(not size.get("deck") and size["cards"] == deck for size in sizes):
                return None  # a standard deck the file offers beside its own
        return self.decks[own[0]["deck"]] if own else None

    def call_name(self, event: str, lang: str) -> Optional[str]:
        """What this publication calls the event (Pagat: "Stop Kemps"), if it names it."""
        names = self.calls.get(event)
        return text_in(names, lang, mark=False) if names else None

    def get(self, point: str) -> RuleEntry:
        return self.rules[point]

    def value(self, point: str) -> Any:
        entry = self.rules[point]
        return entry.value if entry.stated else None


def points_of(convs: list[Convention]) -> tuple[RulePoint, ...]:
    """The rule points of several conventions side by side: the catalogue's, then each one's own
    calls' (Kent's Broken), once each."""
    seen = {p.id for p in RULE_POINTS}
    out = list(RULE_POINTS)
    for conv in convs:
        for point in conv.points()[len(RULE_POINTS):]:
            if point.id not in seen:
                seen.add(point.id)
                out.append(point)
    return tuple(out)


def entry_of(conv: Convention, point: str) -> RuleEntry:
    """A convention's answer to a point, silent where it does not have it (another's own call)."""
    return conv.rules.get(point) or RuleEntry(point, "unspecified")


def localized(citation: Optional[dict[str, Any]], lang: str) -> Optional[dict[str, Any]]:
    """A citation for output: a topic written in both languages is given in ``lang``."""
    if not citation:
        return None
    out = {**citation, "section": text_in(citation["section"], lang)}
    via = out.pop("via", None)
    if via:
        out["source"] = f"{out['source']}, via {text_in(via, lang)}"
    return out


#: the languages every text of ours is written in, where a file gives them: a text missing one of them is
#: the source's own words in its language, shown marked with it (``Zwei Punkte. [de]``)
OUR_LANGUAGES = ("fr", "en")


def text_in(value: Any, lang: str, mark: bool = True) -> str:
    """A text given per language ({fr, en, …}) or once for all; English where ``lang`` is missing.  A text
    a file gives only in other languages (its publication's) is shown marked with the language it is in
    (``mark``; never a name, which is the publication's own: Gemsch)."""
    if isinstance(value, dict):
        found = value.get(lang) or value.get("en") or value.get("fr")
        if found:
            if mark and lang in OUR_LANGUAGES and not value.get(lang):
                return f"{found} [{'en' if value.get('en') else 'fr'}]"
            return str(found)
        code, text = next(iter(value.items()), ("", ""))
        return f"{text} [{code}]" if mark and text and code != lang else str(text)
    return "" if value is None else str(value)


def _citation(raw: Optional[dict[str, Any]], default_source: str, via: Any = None,
              sources: Optional[dict[str, Any]] = None) -> Optional[dict[str, Any]]:
    """A citation names a section of the publication, or only a topic where no heading could be
    checked (Pagat, known through a restatement): the output says which.  Texts given per language
    (a topic, the ``via``) are chosen at output time by :func:`localized`.  A citation of another of
    the file's publications (``sources``) names it, with its own mark of how it is known."""
    if not raw:
        return None
    other = (sources or {}).get(raw.get("source") or "")
    if other is not None:
        default_source, via = other.get("cite_as") or other["title"], (other.get("known_through") or {}).get("via")
        raw = {**raw, "source": None}
    out = {"source": raw.get("source") or default_source, "section": raw.get("section") or raw["topic"]}
    if via and not raw.get("source"):
        out["via"] = via
    if raw.get("topic"):
        out["topic"] = True
    return out


def _build(data: dict[str, Any], path: str, parent: Optional[Convention]) -> Convention:
    pub = data["publication"]
    own_source = pub.get("cite_as") or pub["title"]
    via = (pub.get("known_through") or {}).get("via")
    sources = data.get("sources") or {}
    conv = Convention(
        id=data["id"], name=data["name"], short_name=data.get("short_name") or data["name"], publication=pub,
        extends=data.get("extends"), path=path, sources={**(parent.sources if parent else {}), **sources},
        cited=[pub, *sources.values(), *(parent.cited if parent else [])],
        chain=(data["id"],) + (parent.chain if parent else ()),
        calls=_calls(parent, data),
        call_words=_call_words(parent, data),
        own_calls=_own_calls(parent, data),
        aliases=list(data.get("aliases") or []),
        decks={**(parent.decks if parent else {}), **_decks(data.get("decks"))},
    )
    raw_rules = data.get("rules") or {}
    for pid in IDS:
        raw = raw_rules.get(pid)
        inherited = parent.rules[pid] if parent else None
        if raw is None and parent is None:  # a point a standalone file leaves out is silent there
            raw = {"status": "unspecified"}
        if raw is None or raw.get("status") == "inherited":
            if inherited is None or parent is None:  # pragma: no cover - prevented by validation
                raise KemsError("error.schema.point_unanswered", path, point=pid)
            conv.rules[pid] = RuleEntry(**{**inherited.__dict__,
                                       "inherited_from": inherited.inherited_from or parent.id})
            continue
        conflict = raw.get("conflict")
        if conflict:
            conflict = {**conflict, "citation": _citation(conflict["citation"], own_source, via, sources)}
        replaces = None
        if inherited is not None and parent is not None:
            replaces = {"convention": inherited.inherited_from or parent.id, "status": inherited.status,
                        "value": inherited.value, "text": inherited.text}
        conv.rules[pid] = RuleEntry(
            point=pid, status=raw["status"], value=_complete(pid, raw.get("value")), text=raw.get("text"),
            citation=_citation(raw.get("citation"), own_source, via, sources), conflict=conflict,
            note=raw.get("note"), force=raw.get("force") or "prescribed", scope=raw.get("scope"), replaces=replaces,
            choices=[_complete(pid, choice) for choice in raw.get("choices") or []],
            before_play=bool(raw.get("before_play")), effects=list(raw.get("effects") or []),
            on_double=raw.get("on_double"),
        )
    for call in conv.own_calls.values():
        raw_call = (data.get("calls") or {}).get(call.id)
        for pid, raw in _own_entries(call.id, raw_call):
            if raw is None:  # inherited with the call from the parent
                assert parent is not None
                inherited = parent.rules[pid]
                conv.rules[pid] = RuleEntry(**{**inherited.__dict__,
                                               "inherited_from": inherited.inherited_from or parent.id})
                continue
            conv.rules[pid] = RuleEntry(
                point=pid, status=raw["status"], value=raw.get("value"), text=raw.get("text"),
                citation=_citation(raw.get("citation"), own_source, via, sources), note=raw.get("note"),
                force=raw.get("force") or "prescribed", effects=list(raw.get("effects") or []))
    return conv


def shown_names(names: dict[str, Any]) -> dict[str, str]:
    """A call's names per language as shown: a language that gives it two names shows both
    ({en: [Cut, Counter-Kemps]} -> {en: "Cut / Counter-Kemps"})."""
    return {lang: " / ".join(map(str, name)) if isinstance(name, list) else str(name) for lang, name in names.items()}


def each_name(names: dict[str, Any]) -> tuple[str, ...]:
    """Every name of a call, one by one, in every language."""
    return tuple(dict.fromkeys(str(n) for name in names.values() for n in (name if isinstance(name, list) else [name])))


def _calls(parent: Optional[Convention], data: dict[str, Any]) -> dict[str, dict[str, str]]:
    """The calls' own names: the parent's, then the file's (null removes a name it would inherit); a
    call of the file's own is named by its ``names``."""
    merged = {**(parent.calls if parent else {}), **(data.get("calls") or {})}
    return {event: shown_names(names.get("names", names)) for event, names in merged.items() if names}


def _call_words(parent: Optional[Convention], data: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """Every name each call answers to: the parent's, then the file's (null removes them)."""
    merged: dict[str, Any] = {**(parent.call_words if parent else {}), **(data.get("calls") or {})}
    return {event: names if isinstance(names, tuple) else each_name(names.get("names", names))
            for event, names in merged.items() if names}


def _own_calls(parent: Optional[Convention], data: dict[str, Any]) -> dict[str, OwnCall]:
    """The calls of the publication's own: the parent's, then the file's (null removes one)."""
    out = dict(parent.own_calls) if parent else {}
    for call, raw in (data.get("calls") or {}).items():
        if isinstance(raw, dict) and "names" in raw:
            out[call] = OwnCall(call, shown_names(raw["names"]), raw["accuses"], raw.get("checks") or "square")
        elif raw is None:
            out.pop(call, None)
    return out


def _own_entries(call: str, raw: Any) -> list[tuple[str, Optional[dict[str, Any]]]]:
    """The rule entries a call of its own declares (``None``: inherited with the call): the call itself
    (its value: what it accuses and checks), and its scores (a score it does not give is silent)."""
    if not isinstance(raw, dict) or "names" not in raw:
        return [(f"call.{call}", None), (f"call.{call}.right", None), (f"call.{call}.wrong", None)]
    itself = {"status": "stated", "value": {"accuses": raw["accuses"], "checks": raw.get("checks") or "square"},
              "text": raw["text"], "citation": raw["citation"], "force": raw.get("force")}
    out: list[tuple[str, Optional[dict[str, Any]]]] = [(f"call.{call}", itself)]
    for side in ("right", "wrong"):
        score = raw.get(side)
        out.append((f"call.{call}.{side}", {**score, "status": "stated"} if score else {"status": "unspecified"}))
    return out


#: what a value may leave out, and what it then means (the schema's defaults)
DEFAULTS = {"score.target": {"points": None, "word": None, "agreed": False}}


def _complete(point: str, value: Any) -> Any:
    """A value with what it left out said (a target need not repeat ``word: null, agreed: false``)."""
    if point in DEFAULTS and isinstance(value, dict):
        return {**DEFAULTS[point], **value}
    return value


_cache: dict[str, Convention] = {}


def _load_shipped(cid: str) -> Convention:
    if cid in _cache:
        return _cache[cid]
    from ..datacache import load_yaml  # shipped files are trusted: no validation, a JSON copy

    path = conventions_dir() / f"{cid}.yaml"
    data = load_yaml(path)
    parent = _load_shipped(data["extends"]) if data.get("extends") else None
    conv = _build(data, str(path), parent)
    _cache[cid] = conv
    return conv


MAX_CHAIN = 32  # house files extending house files: a chain longer than this is a mistake


def is_path(ref: str) -> bool:
    """Whether a convention reference names a file rather than a shipped id."""
    return ref.endswith((".yaml", ".yml")) or os.sep in ref or "/" in ref or ref.startswith("~")


def resolve_path(ref: str, base: Optional[str] = None) -> str:
    """A file reference as an absolute path: ``~`` expanded, relative to ``base``'s folder if given."""
    expanded = os.path.expanduser(ref)
    if base is not None and not os.path.isabs(expanded):
        expanded = os.path.join(os.path.dirname(base), expanded)
    return os.path.abspath(expanded)


def _decks(raw: Any) -> dict[str, Any]:
    if not raw:
        return {}
    from .decks import Deck

    return {deck_id: Deck.from_data(deck_id, data) for deck_id, data in raw.items()}


def load(ref: str) -> Convention:
    """A convention by id, by name (Wikipédia, "Jouer au Kems", regles.com), or by path (validated
    strictly)."""
    if is_path(ref):
        try:  # read once per command, however many times it is named (the stamp catches an edit)
            stat = os.stat(resolve_path(ref))
            stamp: Optional[tuple[str, int, int]] = (resolve_path(ref), stat.st_mtime_ns, stat.st_size)
        except OSError:
            stamp = None
        if stamp is not None and stamp in _FILES:
            return _FILES[stamp]
        conv = load_file(ref)
        if stamp is not None:
            _FILES[stamp] = conv
        return conv
    found = canonical(ref)  # a shipped id, or a house file of the folders named by it
    return load(found) if is_path(found) else _load_shipped(found)


_FILES: dict[tuple[str, int, int], Convention] = {}

#: how many files of a folder are looked at for a house file's name (a folder of photos is no corpus)
HOUSE_SCAN = 200


def house_folders() -> list[str]:
    """Where a house file is found by its name (``-c Scenics``): the current folder, then the folders
    ``KEMS_REF_CONVENTIONS`` lists (separated as ``PATH`` is)."""
    extra = [f for f in os.environ.get("KEMS_REF_CONVENTIONS", "").split(os.pathsep) if f.strip()]
    return [os.getcwd(), *(os.path.expanduser(f) for f in extra)]


def house_named(ref: str) -> Optional[str]:
    """The house file of those folders whose id, names, title or aliases are ``ref`` (case and accents
    ignored): its absolute path; ``None`` where none is.  Two files answering to the name are refused,
    naming both.  Files that are not convention files, or cannot be read within the bounds every user file
    is read in (:mod:`.yamlsource`), are passed over; none is ever written."""
    from ..words import fold
    from .yamlsource import load_located, read_text

    wanted = fold(ref)
    found: list[str] = []
    for folder in house_folders():
        try:
            entries = sorted(os.listdir(folder))[:HOUSE_SCAN]
        except OSError:
            continue
        for entry in entries:
            path = os.path.abspath(os.path.join(folder, entry))
            if not entry.endswith((".yaml", ".yml")) or path in found:
                continue
            try:
                data = load_located(read_text(path), path)[0]
            except KemsError:
                continue
            if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
                continue
            raw_publication, raw_aliases = data.get("publication"), data.get("aliases")
            publication: dict[str, Any] = raw_publication if isinstance(raw_publication, dict) else {}
            aliases: list[Any] = raw_aliases if isinstance(raw_aliases, list) else []
            named = (data.get("id"), data.get("short_name"), data.get("name"), publication.get("title"),
                     publication.get("cite_as"), *aliases)
            if any(isinstance(n, str) and fold(n) == wanted for n in named):
                found.append(path)
    if len(found) > 1:
        raise KemsError("error.house_name_twice", ref=ref, first=found[0], second=found[1])
    return found[0] if found else None


def canonical(ref: str) -> str:
    """How a game records its convention: a shipped id, or a house file's absolute path (named by its
    path, or by its name in the folders :func:`house_named` looks in)."""
    if is_path(ref):
        return resolve_path(ref)
    try:
        return find(ref)
    except KemsError:
        path = house_named(ref)
        if path is None:
            raise
        return path


def names() -> dict[str, str]:
    """Every way of naming a shipped convention, folded -> its id: the id, its short name, its name,
    its publication's title and cite_as — but not the game's own names (a page titled "Kems" is
    not named by "kems")."""
    from ..words import fold
    from .events import table_words

    out: dict[str, str] = {}
    for cid in shipped_ids():
        conv = _load_shipped(cid)
        for name in (cid, conv.short_name, conv.name, conv.publication.get("title"), conv.publication.get("cite_as"),
                     *conv.aliases):
            if name and fold(str(name)) not in table_words():
                out.setdefault(fold(str(name)), cid)
    return out


def find(ref: str) -> str:
    """The id of the shipped convention ``ref`` names; a near miss gets a "did you mean"."""
    if ref in shipped_ids():
        return ref
    from ..words import fold

    folded = fold(ref)
    known = names()
    if folded in known:
        return known[folded]
    import difflib

    close = difflib.get_close_matches(folded, list(known), n=1, cutoff=0.6)
    raise KemsError("error.unknown_convention", ref=ref, choices=", ".join(shipped_ids()),
                    hint=f" — {known[close[0]]}?" if close else "")


def load_all() -> list[Convention]:
    """Every shipped convention, in id order."""
    return [_load_shipped(cid) for cid in shipped_ids()]


def _check_one(path: str) -> tuple[Any, dict[tuple[Any, ...], int], list[KemsError]]:
    """One file against the format (its parent is not looked at): data, lines, problems."""
    from . import schema
    from .yamlsource import line_of, load_located, read_text

    data, lines, problems = load_located(read_text(path), path)
    problems = problems + schema.check(data, lines)
    if isinstance(data, dict) and isinstance(data.get("id"), str) and data["id"] in shipped_ids() \
            and os.path.abspath(conventions_dir() / f"{data['id']}.yaml") != path:  # a copy keeping a shipped id
        problems.append(KemsError("error.id_taken", line=line_of(lines, ("id",)), id=data["id"]))
    if not problems:
        problems = cross_check(data, lines)
    return data, lines, problems


#: the rule points the score sheet reads (``kems-ref game``), besides those the rulings read
SHEET_POINTS = ("score.system", "score.target", "score.letters", "score.end")


def _stated_value(data: dict[str, Any], point: str) -> Any:
    entry = (data.get("rules") or {}).get(point)
    if isinstance(entry, dict) and entry.get("status") == "stated":
        return entry.get("value")
    parent = data.get("extends")
    if isinstance(parent, str) and parent in shipped_ids():  # inherited from a shipped convention
        return _load_shipped(parent).value(point)
    return None


def cross_check(data: dict[str, Any], lines: dict[tuple[Any, ...], int], strict: bool = False) -> list[KemsError]:
    """What the format alone cannot see: a call scored in letters under a points convention (or the
    reverse), a deck named but not defined, the fewest letters winning where a letter is a reward;
    with ``strict``, stated points no ruling reads."""
    from .catalogue import BY_ID
    from .yamlsource import line_of

    problems: list[KemsError] = []
    rules = data.get("rules") or {}
    system = _stated_value(data, "score.system")
    unit = {"points": "point", "letters": "letter"}.get(system or "")
    for point, entry in rules.items():
        if not isinstance(entry, dict) or entry.get("status") != "stated":
            continue
        values = [entry.get("value")] + [r.get("value") for r in [entry.get("conflict") or {}] if r]
        for value in values:
            if unit and isinstance(value, list) and any(  # a score that ends the game fits either system
                    isinstance(v, dict) and v.get("unit") not in (None, unit, "game") for v in value):
                problems.append(KemsError("error.schema.unit_mismatch", line=line_of(lines, ("rules", point, "value")),
                                          point=point, system=system, unit=unit))
    if _stated_value(data, "score.end") == "fewest" and _stated_value(data, "score.letters") == "reward":
        # the team with the fewest letters wins: a letter cannot be a reward too
        said = "score.end" if "score.end" in rules else "score.letters"
        problems.append(KemsError("error.schema.fewest_reward", line=line_of(lines, ("rules", said))))
    own_decks = set((data.get("decks") or {}).keys())
    parent = data.get("extends")
    if isinstance(parent, str) and parent in shipped_ids():
        own_decks |= set(_load_shipped(parent).decks)
    for i, size in enumerate(_stated_value(data, "deck.size") or []):
        if isinstance(size, dict) and size.get("deck") and size["deck"] not in own_decks:
            line = line_of(lines, ("rules", "deck.size", "value", i))
            problems.append(KemsError("error.schema.unknown_deck", line=line, deck=size["deck"],
                                      decks=", ".join(sorted(own_decks)) or "—"))
        elif isinstance(size, dict) and size.get("deck") in (data.get("decks") or {}):
            deck = data["decks"][size["deck"]]
            try:
                composition = _decks({size["deck"]: deck})[size["deck"]]
            except (KeyError, TypeError, ValueError, AttributeError):
                continue  # a malformed deck: the schema says what is wrong with it
            if composition.size != size.get("cards"):
                problems.append(KemsError("error.schema.deck_size", line=line_of(lines, ("rules", "deck.size",
                                                                                         "value", i)),
                                          deck=size["deck"], cards=size.get("cards"), size=composition.size,
                                          ranks=len(composition.ranks), suits=len(composition.suits) or 1,
                                          copies=composition.copies))
    problems += _wild_unread(data, lines, own_decks, parent)
    if strict and _stated_value(data, "score.letters") == "reward":
        # a letter taken away where letters are earned: sound, but a team with none has none to lose
        for point, entry in rules.items():
            value = entry.get("value") if isinstance(entry, dict) and entry.get("status") == "stated" else None
            for i, v in enumerate(value if isinstance(value, list) else []):
                if isinstance(v, dict) and v.get("unit") == "letter" and isinstance(v.get("change"), int) \
                        and v["change"] < 0:
                    problems.append(KemsError("error.schema.reward_letter_lost",
                                              line=line_of(lines, ("rules", point, "value", i)), point=point,
                                              change=v["change"]))
    if strict:
        for point, entry in rules.items():
            if isinstance(entry, dict) and entry.get("status") == "stated" and point in BY_ID \
                    and not BY_ID[point].read and point not in SHEET_POINTS:
                problems.append(KemsError("error.schema.unused", line=line_of(lines, ("rules", point)), point=point))
    return problems


def _wild_unread(data: dict[str, Any], lines: dict[tuple[Any, ...], int], own_decks: set[str],
                 parent: Any) -> list[KemsError]:
    """Each wild card ``hand.wild`` names is a card the file's decks read: the standard deck's, or one of its own."""
    from .decks import names_a_rank
    from .yamlsource import line_of

    wild = _stated_value(data, "hand.wild")
    if not isinstance(wild, list):
        return []
    decks: list[Any] = [None]
    try:
        decks += list(_decks(data.get("decks") or {}).values())
        if isinstance(parent, str) and parent in shipped_ids():
            decks += list(_load_shipped(parent).decks.values())
    except (KeyError, TypeError, ValueError, AttributeError):
        pass  # a malformed deck: the schema says what is wrong with it
    problems = []
    for i, name in enumerate(wild):
        if not any(names_a_rank(str(name), deck) for deck in decks):
            problems.append(KemsError("error.schema.wild_unreadable", line=line_of(lines, ("rules", "hand.wild",
                                                                                           "value", i)),
                                      card=name, decks=", ".join(sorted(own_decks)) or "—"))
    return problems


def _missing_parent(path: str) -> Optional[str]:
    """Why the file an ``extends`` names cannot be read as one: the message key, or None if it is a
    regular file (a folder, a pipe or a device is named as what it is, not as "no such file")."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "error.extends_no_file"
    if stat.S_ISREG(mode):
        return None
    return "error.extends_is_directory" if stat.S_ISDIR(mode) else "error.extends_not_regular"


def _chain(path: str, depth: int = 0) -> list[tuple[str, dict[str, Any]]]:
    """The file and the house files it extends, child first (each checked once, in order); ``depth``:
    how many files already extend ``path`` (validate checks a file, then the chain above it — the
    length limit counts the whole chain, as a ruling does).
    Raises ConventionInvalid for the first invalid file, KemsError for a cycle or a missing file."""
    from .yamlsource import line_of

    chain: list[tuple[str, dict[str, Any]]] = []
    current = resolve_path(path)
    shown = path
    while True:
        data, lines, problems = _check_one(current)
        if problems:
            raise ConventionInvalid(shown, problems)
        chain.append((current, cleaned(data)))  # a user's file: its texts are printed, never obeyed
        parent = data.get("extends")
        if not parent or not is_path(parent):
            if parent and parent not in shipped_ids():  # pragma: no cover - schema-checked above
                raise KemsError("error.extends_unknown", shown, line_of(lines, ("extends",)), parent=parent,
                                choices=", ".join(shipped_ids()))
            return chain
        following = resolve_path(parent, current)
        if following in (p for p, _ in chain):
            raise KemsError("error.extends_cycle", shown, line_of(lines, ("extends",)), parent=parent)
        if depth + len(chain) >= MAX_CHAIN:
            raise KemsError("error.extends_too_long", shown, line_of(lines, ("extends",)), limit=MAX_CHAIN)
        missing = _missing_parent(following)
        if missing:
            raise KemsError(missing, shown, line_of(lines, ("extends",)), parent=parent)
        current, shown = following, parent


#: what ``validate --strict`` says of a correct file without calling it a problem: a stated point no ruling
#: reads (where partners sit), a point a standalone file leaves out (silent there), a letter taken away
#: where letters are a reward (a team with none loses none), a call named like an event
NOTES = ("error.schema.unused", "error.schema.point_left_out", "error.schema.reward_letter_lost",
         "error.schema.call_named_like_event", "error.schema.call_word_shared")


def validate_file(path: str, strict: bool = False) -> tuple[Optional[dict[str, Any]], list[KemsError]]:
    """Lint a convention file: (data, problems), each problem with its line.  A file that cannot be
    read or parsed raises KemsError.  The house files it extends must load too.  ``strict``: also
    the stated points no ruling reads and the points a standalone file leaves out — notes (their key in
    :data:`NOTES`), not problems: the file is valid with them."""
    from .yamlsource import line_of

    data, lines, problems = _check_one(resolve_path(path))
    if strict and not problems and isinstance(data, dict):
        problems = cross_check(data, lines, strict=True)
        rules = data.get("rules") if isinstance(data.get("rules"), dict) else {}
        if not data.get("extends"):  # left out of a standalone file: silent there, said under --strict
            problems += [KemsError("error.schema.point_left_out", line=line_of(lines, ("rules",)), point=pid,
                                   choices=", ".join(shipped_ids())) for pid in IDS if pid not in (rules or {})]
    if isinstance(data, dict) and isinstance(data.get("extends"), str):
        parent = data["extends"]
        line = line_of(lines, ("extends",))
        if is_path(parent):
            following = resolve_path(parent, resolve_path(path))
            if following == resolve_path(path):
                problems.append(KemsError("error.extends_cycle", line=line, parent=parent))
            elif missing := _missing_parent(following):
                problems.append(KemsError(missing, line=line, parent=parent))
            else:
                try:
                    _chain(following, depth=1)
                except KemsError as exc:
                    if exc.key == "error.extends_too_long":  # the whole chain counts, as in a ruling
                        problems.append(KemsError(exc.key, line=line, limit=MAX_CHAIN))
                    else:
                        key = "error.extends_cycle" if exc.key == "error.extends_cycle" else "error.extends_invalid"
                        problems.append(KemsError(key, line=line, parent=parent, problem=exc))
        elif parent not in shipped_ids():
            problems.append(KemsError("error.extends_unknown", line=line, parent=parent,
                                      choices=", ".join(shipped_ids())))
    if not problems and isinstance(data, dict) and data.get("extends"):
        problems += _flipped(path, data, lines)
    if not [p for p in problems if p.key not in NOTES] and isinstance(data, dict):
        problems += _named_like_events(data, lines)
    problems.sort(key=lambda p: p.line or 0)
    return data if isinstance(data, dict) else None, problems


def _named_like_events(data: dict[str, Any], lines: dict[tuple[Any, ...], int]) -> list[KemsError]:
    """A call of the game the file names by a word the table gives another event (Fit for a Feast's Kems,
    "Signal"): under the file that word is the call — a note, with the event's other names."""
    from ..words import fold
    from .events import other_names, shadowed
    from .yamlsource import line_of

    calls = data.get("calls")
    taken = {fold(str(n)) for names in (calls.values() if isinstance(calls, dict) else ()) if isinstance(names, dict)
             for spelled in names.values() for n in (spelled if isinstance(spelled, list) else [spelled])}
    out = []
    for call, name, event in shadowed(calls):
        line = line_of(lines, ("calls", call))
        if {call, event} == {"kems", "contre-kems"} and fold(name) in _names_of(calls, event):
            # the file's Kems and Contre-Kems both "Kemps": told apart by who calls it (naming.SHARED)
            out.append(KemsError("error.schema.call_word_shared", line=line, name=name))
        else:
            out.append(KemsError("error.schema.call_named_like_event", line=line, call=call, name=name, event=event,
                                 others=", ".join(other_names(event, taken)) or "—"))
    return out


def _names_of(calls: Any, event: str) -> set[str]:
    """The folded names a file's ``calls`` give ``event``."""
    from ..words import fold

    names = calls.get(event) if isinstance(calls, dict) else None
    return {fold(str(n)) for spelled in (names.values() if isinstance(names, dict) else ())
            for n in (spelled if isinstance(spelled, list) else [spelled])}


def letters_kind(conv: Convention) -> Optional[str]:
    """What a letter means in a convention's game: ``penalty`` (the fewest lead) or ``reward`` (the most
    lead), from ``score.letters``, else from ``score.end`` (completing the word wins: letters are
    earned); ``None`` where it plays no letters or says neither."""
    kind = conv.value("score.letters")
    if kind:
        return str(kind)
    end = conv.value("score.end")
    return None if end is None else ("reward" if end == "wins" else "penalty")


def _flipped(path: str, data: dict[str, Any], lines: dict[tuple[Any, ...], int]) -> list[KemsError]:
    """A child that changes what a letter means (``score.letters``, or ``score.end``) would silently
    invert the letter scores it inherits: each one is reported, to be restated."""
    from .yamlsource import line_of

    try:
        child = load(path)
    except KemsError:
        return []
    ref = str(data["extends"])
    parent = load(resolve_path(ref, resolve_path(path)) if is_path(ref) else ref)
    before, after = letters_kind(parent), letters_kind(child)
    if before is None or after is None or before == after:
        return []
    changed = "score.letters" if "score.letters" in (data.get("rules") or {}) else "score.end"
    return [KemsError("error.schema.meaning_flips", line=line_of(lines, ("rules", changed)), point=point.id,
                      parent=parent.id, before=before, after=after)
            for point in child.points() if point.value == "Score" and child.get(point.id).inherited_from
            and child.get(point.id).stated and any(s.get("unit") == "letter" for s in child.value(point.id) or [])]


def load_file(path: str) -> Convention:
    """A house-rules file and the files it extends, validated strictly, each once."""
    chain = _chain(path)
    root_parent = chain[-1][1].get("extends")
    parent = _load_shipped(root_parent) if root_parent else None
    for file_path, data in reversed(chain):
        parent = _build(data, file_path, parent)
    assert parent is not None
    parent.ref = path
    parent.digest = _digest([file_path for file_path, _ in chain])
    return parent


def file_state(ref: str, digest: Optional[str]) -> Optional[str]:
    """What became of a game's house file since its start (``digest``: the SHA-256 kept then):
    ``None`` for a shipped convention; ``"unreadable"`` (moved, deleted, now invalid), ``"edited"``,
    ``"unchanged"``, or ``"not-recorded"`` (a game started before the sheet kept digests)."""
    if not is_path(ref):
        return None
    try:
        now = load(ref).digest
    except KemsError:
        return "unreadable"
    if digest is None:
        return "not-recorded"
    return "unchanged" if now == digest else "edited"


def _digest(paths: list[str]) -> str:
    """The house files of a chain as they are now, in one SHA-256 (a score sheet keeps it at a game's
    start, and says when the rules it plays under were edited since)."""
    import hashlib

    from .yamlsource import read_text

    whole = hashlib.sha256()
    for file_path in paths:
        whole.update(file_path.encode("utf-8", "surrogateescape") + b"\0")
        whole.update(read_text(file_path).encode("utf-8") + b"\0")
    return whole.hexdigest()
