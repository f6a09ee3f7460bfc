"""The referee returns reasons, not prose: a ruling is data (message keys and their parameters), worded
in a language by ``kems_ref.outputs.wording`` — the same words in every front end, in its own markup."""

from __future__ import annotations

import builtins
import html
import io
import pathlib

import pytest

from kems_ref import i18n
from kems_ref.corpus import load as conventions
from kems_ref.outputs import wording
from kems_ref.referee.outcomes import Effect, Team, Verdict
from kems_ref.referee.reasons import Cards, Msg, Reason, Text
from kems_ref.referee.resolver import resolve, resolve_all
from kems_ref.referee.situation import build


def test_under_ducale_a_right_kems_is_explained_by_two_reasons_worded_in_either_language():
    ruling = resolve(conventions.load("ducale"), build("kems", hand="Q Q Q Q"))
    assert ruling.verdict is Verdict.UPHELD
    assert [reason.key for reason in ruling.reasons] == ["why.square", "why.text"]
    assert ruling.reasons[0].values["who"] == Msg("who.partner")
    assert isinstance(ruling.reasons[0].values["cards"], Cards)
    assert isinstance(ruling.reasons[1].values["text"], Text)
    assert wording.explanation(ruling, "en") == \
        "The partner holds a square (Q Q Q Q). Right Kems: one point to the calling team."
    assert wording.explanation(ruling, "fr") == \
        "Le partenaire a un carré (D D D D). Kems juste : un point pour l'équipe qui l'annonce."


def test_a_front_end_words_the_same_reasons_in_its_own_markup():
    """A page marks the cards up; the sentence around them is the locale file's."""
    ruling = resolve(conventions.load("ducale"), build("contre-kems", hand="Q Q Q J"))

    def as_html(reason: Reason) -> str:
        values = {name: f"<b>{html.escape(str(wording.word(value, 'en')))}</b>" if isinstance(value, Cards)
                  else html.escape(str(wording.word(value, "en"))) for name, value in reason.params}
        return i18n.t(reason.key, "en", **values)

    assert as_html(ruling.reasons[0]) == "The accused player holds no square (<b>Q Q Q J</b>)."


def test_the_referee_reads_no_file_and_words_nothing_while_it_rules(monkeypatch):
    """Everything a ruling needs is in the convention and the situation: with files and the locale
    catalogues out of reach, every event under every shipped convention is still ruled."""
    convs = conventions.load_all()
    situations = [build("kems", hand="Q Q Q Q"), build("contre-kems", hand="Q Q Q J"),
                  build("double-kems", hand="Q Q Q Q", partner_hand="8 8 8 8"), build("deal", hand="K K K 2"),
                  build("exchange", cards=2), build("sweep"), build("stock-out"), build("signal", verbal=True),
                  build("same-card"), build("double-contre-kems")]

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"the referee read a file or a message: {args[:1]}")

    i18n.catalogue.cache_clear()
    monkeypatch.setattr(i18n, "catalogue", refuse)
    for name in ("open",):
        monkeypatch.setattr(builtins, name, refuse)
        monkeypatch.setattr(io, name, refuse)
    monkeypatch.setattr(pathlib.Path, "open", refuse)
    monkeypatch.setattr(pathlib.Path, "read_text", refuse)
    monkeypatch.setattr(pathlib.Path, "read_bytes", refuse)
    rulings = [r for sit in situations for r in resolve_all(convs, sit)]
    monkeypatch.undo()
    i18n.catalogue.cache_clear()
    assert len(rulings) == len(convs) * len(situations)
    assert all(isinstance(reason, Reason) for r in rulings for reason in r.reasons)
    assert all(wording.explanation(r, "fr") for r in rulings)  # and every one is worded afterwards


def test_a_situation_impossible_under_a_convention_keeps_its_reason_as_the_error_itself():
    """Regles.com is played by four, and its sheet calls no table of ten possible: at ten, the error is
    its reason, worded when the ruling is."""
    rulings = resolve_all(conventions.load_all(), build("kems", hand="Q Q Q Q", players=10))
    impossible = [r for r in rulings if r.verdict is Verdict.IMPOSSIBLE]
    assert [r.convention for r in impossible] == ["jouer-au-kems", "marquoir", "regles-com"]
    assert wording.explanation(impossible[-1], "en").startswith(
        "Regles.com is played by 4 players, not 10 (see --players")
    assert wording.explanation(impossible[-1], "fr") != wording.explanation(impossible[-1], "en")


def test_a_table_size_the_sheet_calls_possible_elsewhere_is_a_ruling_naming_those_conventions():
    """000:130-133, 000:160: six players are possible under Pagat, eight under Pagat and Nathan, outside the
    sheet's rule for four: Regles.com says so and rules nothing there; Ducale (a description of four) says
    so and still judges the call; no convention finds six impossible."""
    six = {r.convention: r for r in resolve_all(conventions.load_all(), build("kems", hand="Q Q Q Q", players=6))}
    assert all(r.verdict is not Verdict.IMPOSSIBLE for r in six.values())
    regles = six["regles-com"]
    assert regles.verdict is Verdict.UNSPECIFIED and regles.unspecified == ["players.count"]
    assert wording.explanation(regles, "en") == (
        "Regles.com's rule is for 4 players; its source calls a table of 6 possible under pagat, outside that rule: "
        "Regles.com rules nothing at this table.")
    assert [c["rule_point"] for c in regles.citations] == ["players.count"]
    eight = resolve(conventions.load("regles-com"), build("kems", hand="Q Q Q Q", players=8))
    assert "a table of 8 possible under pagat, nathan" in wording.explanation(eight, "en")
    ducale = six["ducale"]
    assert ducale.verdict is Verdict.UPHELD and wording.explanation(ducale, "en").startswith(
        "Ducale presents the game for 4 players; its source calls a table of 6 possible under pagat, "
        "outside that rule.")
    assert "selon pagat" in wording.explanation(ducale, "fr")


def test_verdicts_effects_and_teams_are_enums_whose_values_are_what_json_writes():
    ruling = resolve(conventions.load("ducale"), build("contre-kems", hand="Q Q Q J"))
    assert ruling.verdict is Verdict.REJECTED and ruling.score[0]["team"] is Team.ACCUSED
    data = wording.ruling_json(ruling, "en")
    assert data["verdict"] == "rejected" and type(data["verdict"]) is str
    assert data["score"] == [{"team": "accused", "change": 1, "unit": "point"}]
    assert type(data["score"][0]["team"]) is str
    assert f"{Effect.REDEAL}" == "redeal" and str(Team.OTHERS) == "others"


@pytest.mark.parametrize("verdict, settles", [(Verdict.UPHELD, True), (Verdict.VOID, True),
                                              (Verdict.DEPENDS, False), (Verdict.UNSPECIFIED, False),
                                              (Verdict.IMPOSSIBLE, False)])
def test_the_score_sheet_applies_a_verdict_only_where_it_settles(verdict, settles):
    assert verdict.settles is settles


def test_the_worst_breach_stands_when_an_act_breaks_several_rules():
    assert sorted([Verdict.ALLOWED, Verdict.FORBIDDEN, Verdict.CONDITIONAL, Verdict.UNSPECIFIED],
                  key=lambda v: v.severity) == [Verdict.ALLOWED, Verdict.CONDITIONAL, Verdict.UNSPECIFIED,
                                                Verdict.FORBIDDEN]


def test_every_team_a_convention_may_name_is_a_team_of_the_referee():
    from typing import get_args

    from kems_ref.corpus.schema import ScoreChange

    assert set(get_args(ScoreChange.model_fields["team"].annotation)) == {t.value for t in Team}


def test_a_deals_replace_cards_effect_says_what_the_data_says_and_the_sources_text_says_how(run):
    """replace-cards says the cards are replaced; where they go (Wikipédia: into the stock) is the
    source's own text, shown as the reason, never added by the effect."""
    ruling = run("rule", "deal", "--hand", "K K K 2", "-c", "wikipedia", "--json", "--lang", "en").json()
    assert ruling["verdict"] == "replace-cards" and ruling["effects"] == ["show-discard-draw"]
    assert "puts them in the stock" in ruling["explanation"]
    shown = run("rule", "deal", "--hand", "K K K 2", "-c", "wikipedia", "--lang", "en").out
    assert "Effects: the player replaces those cards, as the rule says" in shown
    assert "stock" not in shown.split("Effects:")[1].split("\n")[0]
