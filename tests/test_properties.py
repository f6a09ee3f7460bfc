"""Property tests: any valid situation gets a ruling (with citations or explicit silences); any
garbage gets exit 2 and no traceback."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kems_ref.corpus import load as conventions
from kems_ref.errors import KemsError
from kems_ref.outputs.wording import explanation
from kems_ref.referee.cards import DECK_RANKS
from kems_ref.referee.resolver import resolve
from kems_ref.referee.situation import EVENTS, build

pytestmark = pytest.mark.slow  # hundreds of generated examples: the whole suite only

CONVS = conventions.load_all()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@st.composite
def situations(draw):
    conv = draw(st.sampled_from(CONVS))
    event = draw(st.sampled_from(EVENTS))
    ranks = DECK_RANKS[32]  # present in every deck
    hand = draw(st.lists(st.sampled_from(ranks), min_size=1, max_size=4))
    partner = draw(st.lists(st.sampled_from(ranks), min_size=1, max_size=4))
    kwargs = {}
    if event in ("kems", "double-kems", "contre-kems", "deal"):
        kwargs["hand"] = " ".join(hand)
    if event in ("double-kems",) or (event == "contre-kems" and draw(st.booleans())):
        kwargs["partner_hand"] = " ".join(partner)
    if event in ("contre-kems",):
        kwargs["after_kems"] = draw(st.booleans())
        kwargs["barred"] = draw(st.booleans())
    if event in ("kems", "double-kems", "contre-kems", "double-contre-kems"):
        kwargs["during_sweep"] = draw(st.booleans())
    if event == "exchange":
        kwargs.update(cards=draw(st.integers(1, 4)), take_first=draw(st.booleans()),
                      before_opening=draw(st.booleans()))
    if event == "signal":
        kwargs.update(verbal=draw(st.booleans()), hidden=draw(st.booleans()), second_signal=draw(st.booleans()))
    if event == "sweep":
        kwargs["objection"] = draw(st.booleans())
    kwargs["players"] = draw(st.sampled_from([4, 4, 6, 8]))
    return conv, event, kwargs


@SETTINGS
@given(situations(), st.sampled_from(["fr", "en"]))
def test_any_valid_situation_gets_a_ruling_with_citations_or_explicit_silences(case, lang):
    conv, event, kwargs = case
    try:
        sit = build(event, **kwargs)
        ruling = resolve(conv, sit)
    except KemsError as exc:  # impossible here (too many cards of a rank, a table size not allowed…)
        assert str(exc)
        return
    assert ruling.verdict
    assert explanation(ruling, lang)
    cited = {c["rule_point"] for c in ruling.citations}
    for point in ruling.rule_points:
        assert point in cited or point in ruling.unspecified or point in ruling.related
    if ruling.verdict == "unspecified":
        assert ruling.unspecified


@SETTINGS
@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=6))
def test_random_garbage_exits_2_or_0_and_never_with_a_traceback(run, words):
    r = run("rule", *words)
    assert r.code in (0, 2)
    assert "Traceback" not in r.out + r.err


@SETTINGS
@given(st.text(max_size=20))
def test_garbage_cards_give_exit_2_with_one_line(run, cards):
    r = run("rule", "kems", "--hand", cards)
    assert r.code in (0, 2)
    if r.code == 2:
        assert r.err.startswith("kems-ref: error:") or "Usage" in r.err
        assert "Traceback" not in r.err


@SETTINGS
@given(st.sampled_from([c for c in CONVS if c.get("hand.square").stated]),  # the cards need the winning hand
       st.sampled_from(["kems", "double-kems", "contre-kems"]),
       st.sampled_from(["Q Q Q Q", "7 7 K K", "9 9 9 J"]), st.sampled_from(["8 8 8 8", "8 9 10 J"]))
def test_saying_whether_a_player_held_a_square_rules_as_the_cards_would(conv, event, hand, partner):
    """--square / --no-square stand for the cards: the same verdict, score and hand end."""
    from kems_ref.referee.cards import parse_cards, square_rank

    with_cards = {"hand": hand, **({"partner_hand": partner} if event != "kems" else {})}
    told = {"square": bool(square_rank(parse_cards(hand))),
            **({"partner_square": bool(square_rank(parse_cards(partner)))} if event != "kems" else {})}
    a = resolve(conv, build(event, **with_cards))
    b = resolve(conv, build(event, **told))
    assert (a.verdict, a.score, a.score_settled, a.hand_ends, a.effects) == \
           (b.verdict, b.score, b.score_settled, b.hand_ends, b.effects)
