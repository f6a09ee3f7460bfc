"""Issue #34 §3: writing a convention file is quick — each test failed before."""

import os

import pytest

HERE = os.path.join(os.path.dirname(__file__), "data", "variants")


# --- conventions init --extends X starts from X's real value ---------------------------------------

def _example(out: str) -> list[str]:
    """The template's first example, uncommented: from its point's line to its citation."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  # Example:")) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("  #   citation:"))
    return ["  " + line[4:] for line in lines[start:end + 1]]


@pytest.mark.parametrize("parent", ["bicycle", "nathan", "ducale", "pagat", "regle-breve"])
def test_init_extends_starts_from_a_value_the_parent_states_never_from_its_silence(run, tmp_path, parent):
    out = run("conventions", "init", "--extends", parent, "--lang", "en").out
    assert "says —" not in out
    example = _example(out)
    point = example[0].strip().rstrip(":")
    house = tmp_path / "maison.yaml"
    house.write_text(out.replace("rules:\n", "rules:\n" + "\n".join(example) + "\n", 1), encoding="utf-8")
    assert run("conventions", "validate", str(house)).code == 0
    mine = run("conventions", "show", str(house), "--json").json()["rules"][point]
    theirs = run("conventions", "show", parent, "--json").json()["rules"][point]
    assert mine["status"] == theirs["status"] == "stated"
    assert (mine["value"], mine["text"]) == (theirs["value"], theirs["text"])


def test_init_extends_bicycle_shows_what_bicycle_says(run):
    out = run("conventions", "init", "--extends", "bicycle", "--lang", "en").out
    assert "  # Example: Bicycle says 52 (4 pl.). Uncomment to change it.\n  # deck.size:\n" in out
