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
