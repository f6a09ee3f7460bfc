"""The ruling tables under tests/rulings/: one YAML file per convention, each case a situation and
the exact ruling it must get, with the seed line that justifies it (OpenFisca-style YAML tests).

Every key of the expected ruling is compared exactly: verdict, score (``null``: not settled),
hand end, effects, the points left unsettled, the points cited (``derived``: those applied to a case
their source does not name), and for a ``depends`` ruling its needs and every branch.  A case may
also pin conflicts and notes.
"""

from __future__ import annotations

import pathlib
import re

import pytest
from conftest import read_data

from kems_ref.corpus import load as conventions
from kems_ref.errors import KemsError
from kems_ref.referee.resolver import resolve
from kems_ref.referee.situation import EVENTS, READING, from_mapping

TABLES = pathlib.Path(__file__).parent / "rulings"
SHARED = pathlib.Path(__file__).resolve().parents[2] / "shared"
SEEDS = SHARED / "seeds"
REQUIRED = ("ruling", "seed", "situation", "verdict")
OUTCOME_KEYS = ("score", "hand_ends", "effects", "unspecified", "cites")


def _load() -> list[tuple[str, dict]]:
    cases = []
    for path in sorted(TABLES.glob("*.yaml")):
        data = read_data(path)
        for case in data["cases"]:
            cases.append((data["convention"], case))
    return cases


CASES = _load()


def _outcome(ruling) -> dict:
    return {
        "verdict": ruling.verdict,
        "score": ruling.score if ruling.score_settled else None,
        "hand_ends": ruling.hand_ends,
        "effects": ruling.effects,
        "unspecified": ruling.unspecified,
        "cites": [c["rule_point"] for c in ruling.citations],
    }


def _if(branch_if: dict) -> dict:
    return {(f"reading {k[len(READING):]}" if k.startswith(READING) else k): v for k, v in branch_if.items()}


@pytest.mark.parametrize("cid, case", CASES, ids=[f"{c}: {x['ruling']}" for c, x in CASES])
def test_ruling(cid, case):
    for key in REQUIRED:
        assert key in case, f"case without '{key}'"
    conv = conventions.load(cid)
    if case["verdict"] == "impossible":  # the situation cannot happen there: exit 2 with the reason
        with pytest.raises(KemsError) as exc:
            resolve(conv, from_mapping(case["situation"]))
        assert exc.value.message == case["error"]
        return
    ruling = resolve(conv, from_mapping(case["situation"]))
    got = _outcome(ruling)
    assert got["verdict"] == case["verdict"]
    assert bool(ruling.branches) == ("branches" in case), "a ruling that waits for a fact pins its branches"
    if ruling.branches:
        # the verdict is "depends" only where the answers disagree on it; where they agree, the
        # verdict is the headline and the branches say what else turns on the fact
        assert [fact.replace(READING, "reading ") for fact in ruling.needs] == case["needs"]
        expected = case["branches"]
        assert len(ruling.branches) == len(expected)
        for branch, want in zip(ruling.branches, expected, strict=False):
            assert _if(branch["if"]) == want["if"]
            sub = _outcome(branch["ruling"])
            for key in ("verdict", *OUTCOME_KEYS):
                if key in want or key in ("verdict", "score", "hand_ends", "effects"):
                    assert sub[key] == want.get(key), f"branch {want['if']}: {key}"
    if case["verdict"] != "depends":
        for key in OUTCOME_KEYS:
            assert key in case, f"case without '{key}'"
            assert got[key] == case[key], key
    if "conflicts" in case:
        assert [c["rule_point"] for c in ruling.conflicts] == case["conflicts"]
    if "notes" in case:
        assert [n["rule_point"] for n in ruling.notes] == case["notes"]
    # a point applied to a case its source does not name is labelled derived, and the table says which
    derived = [c["rule_point"] for c in ruling.citations if c["force"] == "derived"]
    assert derived == case.get("derived", []), "derived"


def test_every_event_is_ruled_under_every_convention_in_the_tables():
    covered = {(cid, case["situation"]["event"]) for cid, case in CASES}
    missing = {(cid, ev) for cid in conventions.shipped_ids() for ev in EVENTS} - covered
    assert not missing


def test_every_case_names_seed_lines_that_exist():
    if not SEEDS.is_dir():
        pytest.skip("the seed documents are not beside this checkout")
    lengths = {p.name[:3]: len(p.read_text(encoding="utf-8").splitlines()) for p in SEEDS.glob("*.txt")}
    lengths["src"] = len((SHARED / "sources.md").read_text(encoding="utf-8").splitlines())
    for cid, case in CASES:
        refs = re.findall(r"\b(\d{3}|src):(\d+)", case["seed"])
        assert refs or "silent" in case["seed"], (cid, case["ruling"])
        for seed, line in refs:
            assert 1 <= int(line) <= lengths[seed], (cid, case["ruling"], seed, line)


#: the rule points whose seed line makes each fact a question (a silence counts only for the target:
#: a source that does not say whom a Contre-Kems accuses makes the partner's hand matter)
QUESTION_POINTS = {
    "partner_square": ("call.contre_kems.target", "call.double_kems.counter", "call.double_kems.right",
                       "call.contre_kems.wrong"),
    "take_first": ("exchange.order",), "first_deal": ("deal.identical_cards",), "kems_right": ("hand.end",),
    "warning_sign": ("signal.warning",), "banned_before_play": ("signal.visibility", "signal.sound"),
    "objection": ("sweep.trigger",), "took_first": ("exchange.same_card",),
}


def test_every_question_a_ruling_asks_names_the_seed_line_that_makes_it_a_question():
    for cid, case in CASES:
        seeds = dict(part.partition(": ")[::2] for part in case["seed"].split("; "))
        for fact in case.get("needs", []):
            if fact == "square":  # the call is about that square: without the cards it is the question
                continue
            points = (fact[len("reading "):],) if fact.startswith("reading ") else QUESTION_POINTS[fact]
            named = [p for p in points if p in seeds and (re.search(r"\b(\d{3}|src):\d+", seeds[p])
                                                           or p == "call.contre_kems.target")]
            assert named, (cid, case["ruling"], fact)
            if fact.startswith("reading "):
                assert " vs " in seeds[named[0]], (cid, case["ruling"], "a reading names both lines")
