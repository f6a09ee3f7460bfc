"""Issue #34 §2: what a convention file says is read, and read right — each test failed before."""

import os

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")
GEMSCH, HOWDO, WIKI_EN = (os.path.join(HERE, f"{name}.yaml") for name in ("gemsch", "howdoyouplayit", "wikipedia-en"))


@pytest.fixture
def rule(run):
    def _rule(event, *args, convention):
        r = run("rule", event, "-c", convention, "--json", *args)
        assert r.code == 0, r.err
        return r.json()

    return _rule


# --- a right Double Kems whose score the file leaves unstated ------------------------------------

def test_under_gemsch_a_right_doppel_gemsch_is_upheld_and_only_its_score_is_left_to_the_table(rule):
    ruling = rule("double-kems", "--hand", "A A A A", "--partner-hand", "K K K K", convention=GEMSCH)
    assert (ruling["verdict"], ruling["score"], ruling["score_settled"]) == ("upheld", [], False)
    assert ruling["unspecified"] == ["call.double_kems.right", "hand.end"]


def test_under_howdoyouplayit_a_double_kemps_on_one_square_is_rejected_its_score_open(rule):
    ruling = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K 8", convention=HOWDO)
    assert (ruling["verdict"], ruling["score_settled"]) == ("rejected", False)
    assert "call.double_kems.wrong" in ruling["unspecified"]


def test_a_file_that_never_names_the_double_kems_still_leaves_it_unsettled(rule):
    ruling = rule("double-kems", "--hand", "Q Q Q Q", "--partner-hand", "K K K K", convention=WIKI_EN)
    assert ruling["verdict"] == "unspecified"
