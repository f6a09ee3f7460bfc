"""The reader of table talk: each story gives exactly this situation (tests/data/ask/stories.yaml),
and the stories it must not guess at are refused, each for its reason (tests/data/ask/refusals.yaml)."""

import os

import pytest
from conftest import read_data

from kems_ref.ask.reader import read, read_cards

HERE = os.path.dirname(__file__)


def cases(name):
    return read_data(os.path.join(HERE, "data", "ask", name))


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


# --- the vocabulary, word by word: each rank word is read as its own rank -------------------------

#: every rank word a player says, by language (folded: no accents), as (singular forms, plural forms the
#: reader accepts).  Written out here, not read from the reader: a word read as another rank ("reine" as a
#: king) must fail.  French numbers and "as", "six", "dix" are the same in the plural.
VOCABULARY = {
    "fr": {"A": (["as"], ["as", "ases"]), "K": (["roi"], ["rois"]), "Q": (["dame", "reine"], ["dames", "reines"]),
           "J": (["valet"], ["valets"]),
           # "deux deux" is no hand: two counts, read as neither (the plural of "deux" is left out)
           "2": (["deux"], []), "3": (["trois"], ["trois"]), "4": (["quatre"], ["quatre"]),
           "5": (["cinq"], ["cinq"]), "6": (["six"], ["six"]), "7": (["sept"], ["sept"]), "8": (["huit"], ["huit"]),
           "9": (["neuf"], ["neuf"]), "10": (["dix"], ["dix"])},
    "en": {"A": (["ace"], ["aces"]), "K": (["king"], ["kings"]), "Q": (["queen"], ["queens"]),
           "J": (["jack", "knave"], ["jacks", "knaves"]), "2": (["two", "deuce"], ["twos", "deuces"]),
           "3": (["three"], ["threes"]), "4": (["four"], ["fours"]), "5": (["five"], ["fives"]),
           "6": (["six"], ["sixes"]), "7": (["seven"], ["sevens"]), "8": (["eight"], ["eights"]),
           "9": (["nine"], ["nines"]), "10": (["ten"], ["tens"])},
}
#: the other cards of each story: aces, or kings beside an ace
OTHER = {"fr": {"A": ("rois", "K"), "*": ("as", "A")}, "en": {"A": ("kings", "K"), "*": ("aces", "A")}}
#: the story around the word: three others and one of it, or two of it and two others
TOLD = {("fr", 1): "kems, il avait trois {other} et un {word}", ("fr", 2): "kems, il avait deux {word} et deux {other}",
        ("en", 1): "kems, he had three {other} and one {word}", ("en", 2): "kems, he had two {word} and two {other}"}
WORDS = [(lang, rank, word, count) for lang, ranks in VOCABULARY.items() for rank, (one, many) in ranks.items()
         for count, words in ((1, one), (2, many)) for word in words]


def test_the_vocabulary_below_is_every_rank_word_the_reader_knows():
    from kems_ref.ask.reader import RANK_WORDS

    assert {word for _, _, word, _ in WORDS} == set(RANK_WORDS)


@pytest.mark.parametrize(("lang", "rank", "word", "count"), WORDS,
                         ids=[f"{lang}-{word}-{'one' if count == 1 else 'two'}" for lang, _, word, count in WORDS])
def test_every_rank_word_is_read_as_its_own_rank_in_a_story_of_its_language(lang, rank, word, count):
    """"kems, il avait trois as et une reine" is three aces and a queen; "he had two knaves and two aces"
    two jacks and two aces."""
    from kems_ref.ask.reader import story_lang

    other, other_rank = OTHER[lang].get(rank, OTHER[lang]["*"])
    story = TOLD[(lang, count)].format(word=word, other=other)
    hand = [other_rank] * 3 + [rank] if count == 1 else [rank] * 2 + [other_rank] * 2
    reading = read(story)
    assert (reading.event, reading.options, reading.unknown) == ("kems", {"hand": " ".join(hand)}, [])
    assert story_lang(story) == lang


@pytest.mark.parametrize(("story", "hand"), [
    ("kems on A A A k", "A A A K"), ("kems on A A A q", "A A A Q"), ("kems on A A A j", "A A A J"),
    ("kems on K K K a", "K K K A"), ("kems sur A A A r", "A A A K"), ("kems sur A A A d", "A A A Q"),
    ("kems sur A A A v", "A A A J"), ("kems sur K K K 1", "K K K A"),
    *((f"kems on A A A {n}", f"A A A {n}") for n in ("2", "3", "4", "5", "6", "7", "8", "9", "10")),
    ("kems, he had two 7s and two aces", "7 7 A A"), ("kems, he had two 10s and two aces", "10 10 A A"),
])
def test_every_rank_letter_and_number_is_read_as_its_rank(story, hand):
    assert read(story).options == {"hand": hand}


#: the card words of the notation (`--hand "roi, roi, dame"`), written out as above
CARD_WORDS = {
    "A": ("a", "1", "as", "ace", "aces", "ases"), "K": ("k", "r", "roi", "king"), "Q": ("q", "d", "dame", "queen"),
    "J": ("j", "v", "valet", "jack", "knave"), "2": ("2", "deux", "two"), "3": ("3", "trois", "three"),
    "4": ("4", "quatre", "four"), "5": ("5", "cinq", "five"), "6": ("6", "six"), "7": ("7", "sept", "seven"),
    "8": ("8", "huit", "eight"), "9": ("9", "neuf", "nine"), "10": ("10", "dix", "ten"),
}


def test_every_card_word_of_the_notation_is_its_own_rank_in_either_case():
    from kems_ref.referee import cards

    assert {word for words in CARD_WORDS.values() for word in words} == set(cards._WORDS)
    for rank, words in CARD_WORDS.items():
        for word in words:
            for typed in (word, word.upper(), word.capitalize()):
                assert cards.parse_cards(f"{typed} {typed}, {typed}") == [cards.Card(rank)] * 3, typed


@pytest.mark.parametrize("story", [
    "Max a dit contre kems sur moi alors que j'avais rien (deux 8 et deux valets), on a pris le point ok. mais 2min "
    "après toujours dans la meme manche il refait contre kems sur Léa et là elle avait bien 4 as.",
    "Max called contre kems on me when I had nothing (two 8s and two jacks), we took the point. Two minutes later, "
    "same hand, he called contre kems again on Lea and she really had four aces.",
])
def test_a_call_made_again_is_the_dispute_and_the_earlier_call_keeps_its_own_hands(story):
    """Two accused, two hands: not one player's two hands — the earlier call, settled ("we took the
    point", told by the accused), is read apart from the one made again."""
    reading = read(story)
    assert (reading.problem, reading.event, reading.options) == (None, "contre-kems", {"hand": "A A A A"})
    earlier = reading.earlier
    assert (earlier.event, earlier.options, earlier.narrator, earlier.point_ours) == (
        "contre-kems", {"hand": "8 8 J J"}, "accused", True)


def test_a_story_of_one_call_has_no_earlier_call():
    assert read("contre kems sur Léa, elle avait 4 as. c'est normal ?").earlier is None
    assert read("Stop Kemps again on Léa: she had four aces").earlier is None  # "again", but no call told before


@pytest.mark.parametrize(("story", "told"), [
    ("I called contre kems on the other team and I was wrong.", True),
    ("J'ai dit contre kems sur l'autre équipe et j'avais tort.", True),
    ("j'ai fait stop kems sur Paul, je me suis trompé", True),
    ("contre kems on me and I was wrong", False),  # the accused's "I was wrong" says nothing of the call
    ("I called kems and I was wrong", False),  # a Kems: the partner's square, said otherwise ("the Kems was wrong")
])
def test_the_callers_own_i_was_wrong_is_his_verdict_on_his_accusation(story, told):
    assert read(story).call_wrong is told


def test_common_words_one_letter_from_a_known_one_are_never_corrected_into_it():
    """"know" is no "now", "rendre" no "prendre", "part" no "apart", "je crois" no "rois" (four kings)."""
    from kems_ref.ask.reader import _correct, tokenize

    for word in ("know", "knew", "rendre", "part", "crois", "moins", "savoir", "find", "close", "vais"):
        assert _correct(tokenize(word)) == [], word
