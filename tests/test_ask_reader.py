"""The reader of table talk: each story gives exactly this situation (tests/data/ask/stories.yaml),
and the stories it must not guess at are refused, each for its reason (tests/data/ask/refusals.yaml)."""

import os

import pytest
import yaml

from kems_ref.ask.reader import read, read_cards

HERE = os.path.dirname(__file__)


def cases(name):
    with open(os.path.join(HERE, "data", "ask", name), encoding="utf-8") as f:
        return yaml.safe_load(f)


STORIES, REFUSALS = cases("stories.yaml"), cases("refusals.yaml")


@pytest.mark.parametrize("case", STORIES, ids=[c["story"][:60] for c in STORIES])
def test_the_story_is_read_as_the_table_means_it(case):
    reading = read(case["story"])
    assert reading.problem is None
    assert reading.event == case["event"]
    assert reading.convention == case.get("convention")
    assert reading.options == case["options"]
    assert reading.unknown == case.get("unknown", [])
    assert [f"{typed} -> {read_as}" for typed, read_as in reading.corrections] == case.get("corrections", [])


@pytest.mark.parametrize("case", REFUSALS, ids=[c["story"][:60] for c in REFUSALS])
def test_a_story_the_reader_cannot_stand_behind_is_refused_for_its_reason(case):
    from kems_ref.ask.session import check_reading
    from kems_ref.errors import KemsError

    with pytest.raises(KemsError) as caught:
        reading = read(case["story"])
        check_reading(reading, "en", can_ask=False)
    assert caught.value.key == case["refused"]


@pytest.mark.parametrize(("answer", "cards"), [
    ("four queens", "Q Q Q Q"), ("quatre rois", "K K K K"), ("un carré de dames", "Q Q Q Q"), ("7 7 R R", "7 7 K K"),
    ("deux 7 et deux rois", "7 7 K K"), ("Q♠ Q♥ 2 2", "Q♠ Q♥ 2 2"), ("une paire d'as", "A A"), ("banane", None),
])
def test_an_answer_about_cards_is_read_like_the_story(answer, cards):
    assert read_cards(answer) == cards


@pytest.mark.parametrize(("en", "fr", "n"), [
    ("five", "cinq", 5), ("six", "six", 6), ("seven", "sept", 7), ("eight", "huit", 8), ("nine", "neuf", 9),
    ("ten", "dix", 10), ("twelve", "douze", 12), ("thirty two", "trente deux", 32), ("thirty six", "trente six", 36),
])
def test_a_table_size_said_in_words_is_that_many_players(en, fr, n):
    assert read(f"we are {en} players and the kems was wrong").options == {"players": n, "square": False}
    assert read(f"on est {fr} joueurs et le kems était faux").options == {"players": n, "square": False}


def test_a_house_call_name_is_read_whole_before_a_shorter_name_inside_it():
    """A house that calls its Kems "Cut Kemps" and its Contre-Kems "Cut": "cut kemps" is the Kems."""
    names = {"cut": "contre-kems", "cut kemps": "kems"}
    assert read("cut kemps on Q Q Q Q", own_calls=names).event == "kems"
    assert read("cut on Paul, 7 7 K K", own_calls=names).event == "contre-kems"


def test_a_story_as_french_as_it_is_english_is_told_in_no_language():
    from kems_ref.ask.reader import story_lang

    assert story_lang("kems Q Q Q Q") is None  # no word of either language
    assert story_lang("la kems was wrong") == "en" and story_lang("le kems était faux") == "fr"
    assert story_lang("la kems was right, pas") is None  # two words of each
