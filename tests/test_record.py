"""A ruling kept as data reads as the ruling itself: the score sheet stores a call's ruling once
(reasons as message keys, citations in every language the file gives) and words it when it is
shown, in the reader's language."""

from __future__ import annotations

import json

import pytest
from test_ruling_tables import CASES

from kems_ref.corpus import load as conventions
from kems_ref.outputs import wording
from kems_ref.referee import record
from kems_ref.referee.resolver import resolve
from kems_ref.referee.situation import from_mapping

RULED = [(cid, case) for cid, case in CASES if case["verdict"] != "impossible"]


@pytest.mark.parametrize("cid, case", RULED, ids=[f"{c}: {x['ruling']}" for c, x in RULED])
def test_a_stored_ruling_words_as_the_ruling_itself_in_every_language(cid, case):
    ruling = resolve(conventions.load(cid), from_mapping(case["situation"]))
    stored = json.loads(json.dumps(record.dump(ruling)))  # through the database's text
    again = record.load(stored)
    for lang in ("en", "fr"):
        assert wording.ruling_json(again, lang) == wording.ruling_json(ruling, lang)
    assert again.settlement() == ruling.settlement()


def test_a_ruling_of_a_deck_of_the_conventions_own_keeps_its_cards_names():
    """The Jass deck's Ober is named as the file names it, in the stored ruling too."""
    from kems_ref.referee import api

    jass = str(__import__("pathlib").Path(__file__).parent / "data" / "variants" / "gemsch.yaml")
    ruling = api.rule(api.situation("kems", {"hand": "Ober Ober Ober Ober"}, None, jass), jass).ruling
    assert "Ober" in wording.explanation(ruling, "fr")
    again = record.load(json.loads(json.dumps(record.dump(ruling))))
    for lang in ("en", "fr"):
        assert wording.ruling_json(again, lang) == wording.ruling_json(ruling, lang)


def test_a_ruling_that_cannot_happen_keeps_its_reason_as_an_error_in_the_readers_language():
    from kems_ref.referee.resolver import resolve_all

    sit = from_mapping({"event": "kems", "hand": "7 7 7 7 7"})  # five 7s from one deck
    rulings = resolve_all(conventions.load_all(), sit)
    impossible = [r for r in rulings if str(r.verdict) == "impossible"]
    assert len(impossible) == len(rulings) == 9
    for ruling in impossible:
        again = record.load(json.loads(json.dumps(record.dump(ruling))))
        assert wording.explanation(again, "fr") == wording.explanation(ruling, "fr")
        assert wording.explanation(again, "en") == wording.explanation(ruling, "en")


def test_an_impossible_hand_stored_and_read_back_still_names_its_rank_as_each_language_writes_it():
    """Five kings: "R" in French, "K" in English, before and after the score sheet's round trip."""
    from kems_ref.referee.resolver import resolve_all

    sit = from_mapping({"event": "kems", "hand": "K K K K K"})
    for ruling in resolve_all([conventions.load("ducale")], sit):
        again = record.load(json.loads(json.dumps(record.dump(ruling))))
        assert "5 cartes de rang R," in wording.explanation(again, "fr")
        assert "5 cards of rank K," in wording.explanation(again, "en")


def test_data_no_dump_wrote_is_refused_as_such():
    with pytest.raises(ValueError):
        record.load({"verdict": "upheld"})
    with pytest.raises(ValueError):
        record.load({**record.dump(resolve(conventions.load("ducale"), from_mapping({"event": "kems",
                                                                                    "hand": "Q Q Q Q"}))),
                     "players": "4"})
