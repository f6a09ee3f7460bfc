"""CONTRIBUTING's paths of a change are what a contributor really has to do: what can be derived is
derived, and what must be written beside a change is checked here, not at import time."""

from __future__ import annotations

import contextlib
import pathlib
import re

import pytest
import yaml
from conftest import read_data

from kems_ref import i18n
from kems_ref.corpus import load as conventions
from kems_ref.corpus.catalogue import IDS, RULE_POINTS
from kems_ref.corpus.events import BY_NAME, BY_PRIORITY, CALLS, DECLARED, EVENTS
from kems_ref.errors import KemsError
from kems_ref.referee.resolver import EVENT_RULES, resolve
from kems_ref.referee.situation import from_mapping

TESTS = pathlib.Path(__file__).resolve().parent


def _table_cases() -> list[tuple[str, dict]]:
    return [(data["convention"], case) for path in sorted((TESTS / "rulings").glob("*.yaml"))
            for data in [read_data(path)] for case in data["cases"]]


# --- a new event ------------------------------------------------------------------------------------

def test_every_event_is_declared_once_and_the_rest_is_derived_from_its_declaration():
    assert len(set(EVENTS)) == len(EVENTS) == len(DECLARED)
    priorities = [e.priority for e in DECLARED]
    assert len(set(priorities)) == len(priorities)  # no tie between two events told in one story
    assert set(BY_PRIORITY) == set(EVENTS)
    assert tuple(e for e in EVENTS if BY_NAME[e].call) == CALLS
    assert BY_PRIORITY[:2] == ("double-contre-kems", "contre-kems")  # the accusation is the dispute
    assert BY_PRIORITY[-2:] == ("deal", "setup")  # "donne" is also "gave": the deal only when nothing else is
    # told, the set-up last of all (a story names it only to ask how the table sits)


def test_every_event_has_its_rule_and_its_words_in_every_language():
    assert set(EVENT_RULES) == set(EVENTS)
    for lang in i18n.languages():
        for event in EVENTS:
            assert i18n.has(f"event.{event}", lang) and i18n.has(f"help.event.{event}", lang), (lang, event)


def test_a_call_and_the_end_of_the_stock_always_tell_the_score_and_the_hand_the_rest_only_where_at_stake(run):
    """Derived from the declaration: no list of events in the renderer."""
    told = run("rule", "stock-out", "-c", "bicycle", "--lang", "en").out
    assert "Score: not settled by Bicycle." in told and "Bicycle does not say whether the hand ends." in told
    exchange = run("rule", "exchange", "--take-first", "-c", "bicycle", "--lang", "en").out
    assert "Score" not in exchange and "hand ends" not in exchange


def test_the_readers_rank_words_are_ranks_of_the_game():
    from kems_ref.ask.reader import RANK_WORDS
    from kems_ref.referee.cards import RANKS

    assert {r[:-1] if r[-1] in "♠♥♦♣" else r for r in RANK_WORDS.values()} <= set(RANKS)


# --- a new rule point ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_every_rule_point_a_ruling_reads_is_named_by_a_ruling_table_case():
    """A new rule point the referee reads must come with its expected rulings (tests/rulings/)."""
    named = {point for _, case in _table_cases() for point in re.findall(r"\b([a-z_]+\.[a-z_.]+):", case["seed"])}
    assert sorted(p.id for p in RULE_POINTS if p.ruled and p.id not in named) == []


@pytest.mark.slow
def test_the_points_the_referee_reads_are_the_points_the_catalogue_says_it_reads():
    read: set[str] = set()

    def collect(ruling) -> None:
        read.update(ruling.rule_points, ruling.unspecified, ruling.related)
        for branch in ruling.branches:
            collect(branch["ruling"])

    for cid, case in _table_cases():
        with contextlib.suppress(KemsError):  # a situation impossible there reads nothing to cite
            collect(resolve(conventions.load(cid), from_mapping(case["situation"])))
    assert read <= set(IDS)
    assert sorted(point for point in read if not next(p for p in RULE_POINTS if p.id == point).read) == []


def test_every_point_no_ruling_reads_is_pinned_where_a_shipped_convention_states_it():
    """What `conventions show` and `compare` say of it is checked against the seed (shown-facts.yaml)."""
    shown = yaml.safe_load((TESTS / "data" / "shown-facts.yaml").read_text(encoding="utf-8"))
    pinned = {(cid, point) for cid, points in shown.items() for point in points}
    missing = [(conv.id, p.id) for p in RULE_POINTS if not p.ruled for conv in conventions.load_all()
               if conv.get(p.id).stated and not conv.get(p.id).inherited_from and (conv.id, p.id) not in pinned]
    assert missing == []


# --- a phrase the reader of `ask` learns ------------------------------------------------------------

@pytest.mark.slow
def test_every_fact_a_phrase_of_the_reader_says_is_an_option_of_rule_or_a_declared_story_fact(monkeypatch):
    """A new phrase returns options of ``rule`` or facts declared in ``reader.STORY_FACTS`` (with what
    they mean): none is read under a name nobody declared."""
    from kems_ref.ask import reader
    from kems_ref.referee.situation import OPTIONS

    said: set[str] = set()
    assemble = reader._assemble

    def spying(tokens, items, markers, roles, likes, prefer=None):
        said.update(item.value[0] for item in items if item.kind == "fact")
        return assemble(tokens, items, markers, roles, likes, prefer)

    monkeypatch.setattr(reader, "_assemble", spying)
    stories = yaml.safe_load((TESTS / "data" / "ask" / "stories.yaml").read_text(encoding="utf-8"))
    for story in stories:
        reader.read(story["story"])
    declared = {option.attr for option in OPTIONS} | set(reader.STORY_FACTS)
    assert len(said) > 20 and sorted(said - declared) == []
