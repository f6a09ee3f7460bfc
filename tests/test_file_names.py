"""The names a file gives: the other names of the publication (`aliases`, the Realcty wiki's "Kemps, a.k.a.
Scenics") are shown wherever a convention is described; a call the file names like an event of the game
(Fit for a Feast's Kems call "Signal") is reached by that name under that file."""

import os

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")
SCENICS, SIGNAL = (os.path.join(HERE, f"{name}.yaml") for name in ("scenics", "signal-block"))


# --- aliases ---------------------------------------------------------------------------------------

def test_scenics_the_game_is_also_called_scenics_shown_by_conventions_show(run):
    assert run("conventions", "show", SCENICS, "--json").json()["aliases"] == ["Scenics"]
    lines = run("conventions", "show", SCENICS).out.splitlines()
    assert lines[:2] == ["Realcty wiki — Kemps, a.k.a. Scenics  (scenics)", "Also called: Scenics"]
    assert run("conventions", "show", SCENICS, "--lang", "fr").out.splitlines()[1] == "Aussi appelée : Scenics"


def test_a_file_without_aliases_shows_none(run):
    assert run("conventions", "show", "pagat", "--json").json()["aliases"] == []
    assert "Also called" not in run("conventions", "show", "pagat").out


def test_a_file_s_aliases_are_its_own_not_those_of_the_file_it_extends(run, tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("""id: chez-nous
name: Chez nous
publication: {title: "Our table", cite_as: "House rules"}
extends: wikipedia
aliases: [la maison]
""", encoding="utf-8")
    assert run("conventions", "show", str(house), "--json").json()["aliases"] == ["la maison"]
    assert run("conventions", "show", "wikipedia", "--json").json()["aliases"] == ["wiki", "wikipedia fr", "wp"]


def test_the_shipped_conventions_aliases_are_listed(run):
    listed = {c["id"]: c["aliases"] for c in run("conventions", "list", "--json").json()}
    assert listed["wikipedia"] == ["wiki", "wikipedia fr", "wp"] and listed["pagat"] == []
    text = run("conventions", "list").out.splitlines()
    assert "wikipedia       Wikipédia — Kem's  (Also called: wiki, wikipedia fr, wp)" in text
    assert "pagat           Pagat — Kemps (John McLeod)" in text


def test_the_alias_names_a_shipped_convention_not_a_file_given_by_its_path(run):
    assert run("rule", "kems", "--hand", "Q Q Q Q", "-c", "wp", "--json").json()["convention"] == "wikipedia"
    r = run("rule", "kems", "--hand", "Q Q Q Q", "-c", "Scenics")
    assert r.code == 2 and "unknown convention 'Scenics'" in r.err


@pytest.mark.parametrize("path", [SCENICS, SIGNAL])
def test_the_files_validate(run, path):
    assert run("conventions", "validate", path).code == 0


# --- a call named like an event: Fit for a Feast's Kems is called "Signal" -------------------------------

def test_signal_under_that_file_rule_signal_is_its_kems_with_the_kems_options(rule):
    ruling = rule("signal", "--hand", "Q Q Q Q", convention=SIGNAL)
    assert (ruling["event"], ruling["verdict"], ruling["call_name"]) == ("kems", "upheld", "Signal")
    assert ruling["score"] == [{"team": "callers", "change": 1, "unit": "game"}]
    assert rule("Signal", "--hand", "Q Q Q 2", convention=SIGNAL)["verdict"] == "rejected"


def test_signal_under_that_file_a_bare_rule_signal_is_its_kems_too(rule):
    ruling = rule("signal", convention=SIGNAL)  # the fast path leaves the file's names to the full line
    assert (ruling["event"], ruling["verdict"]) == ("kems", "depends")


def test_the_signal_event_answers_to_its_other_names_under_that_file(rule):
    for word in ("sign", "signe"):
        ruling = rule(word, "--hidden", convention=SIGNAL)
        assert (ruling["event"], ruling["verdict"]) == ("signal", "unspecified")


def test_under_any_other_convention_signal_is_still_the_signal_event(rule):
    ruling = rule("signal", "--hidden", convention="ducale")
    assert (ruling["event"], ruling["verdict"]) == ("signal", "forbidden")


def test_validate_notes_the_clash_with_the_events_other_names_and_the_file_stays_valid(run):
    r = run("conventions", "validate", SIGNAL, "--json")
    assert r.code == 0 and r.json()["valid"] is True
    assert r.json()["notes"] == [{"line": 16, "message": (
        "calls.kems: 'Signal' also names the event signal: under this file the word is this call (rule, game call, "
        "ask), and the event signal answers to its other names (sign, signe)")}]
    assert run("conventions", "validate", SCENICS, "--json").json().get("notes") is None


@pytest.fixture
def signal_game(run, tmp_path):
    env = {"KEMS_REF_DB": str(tmp_path / "g.db")}
    assert run("game", "new", "--team", "Ana+Tom", "--team", "Ben+Léa", "-c", SIGNAL, env=env).code == 0
    return lambda *args: run("game", *args, "--json", env=env)


def test_game_call_signal_under_that_file_scores_its_kems(signal_game):
    r = signal_game("call", "signal", "--by", "Ana", "--hand", "Q Q Q Q")
    assert r.code == 0, r.err
    assert (r.json()["ruling"]["event"], r.json()["score"]["winner"]) == ("kems", "Ana+Tom")


def test_the_short_entry_game_signal_under_that_file_scores_its_kems(signal_game):
    r = signal_game("signal", "Ana", "--hand", "Q Q Q Q")
    assert r.code == 0, r.err
    assert (r.json()["ruling"]["event"], r.json()["score"]["winner"]) == ("kems", "Ana+Tom")


def test_ask_called_signal_under_that_file_rules_its_kems(run):
    r = run("ask", "Ana called signal, her partner Tom held Q Q Q Q", "-c", SIGNAL, "--no-input", "--json")
    assert r.code == 0, r.err
    assert (r.json()["event"], r.json()["verdict"], r.json()["call_name"]) == ("kems", "upheld", "Signal")
