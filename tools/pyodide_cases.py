"""The ruling tables and the reader's stories, checked through ``kems_ref.library`` alone: run by
``tools/pyodide_check.py`` inside Pyodide (the browser edition's Python, in Node), and by the suite on
CPython (tests/test_packaging.py), so that both runs check the same things.

Every case of ``tests/rulings/*.yaml`` is ruled as tests/test_ruling_tables.py rules it (verdict, score,
hand end, effects, the points left open, the points cited, the needs and each branch, conflicts and
notes), every story of ``tests/data/ask/stories.yaml`` read as tests/test_ask_reader.py reads it.  Prints
one JSON object: the Python it ran on, the counts, the failures (at most 20), and a digest of every
ruling worded in English and French (the same digest on two Pythons: the same rulings, word for word).
Exit 0 when nothing failed.

    python tools/pyodide_cases.py [REPOSITORY]
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
from pathlib import Path
from typing import Any

import yaml

from kems_ref import library as kems

READING = "reading:"
OUTCOME_KEYS = ("score", "hand_ends", "effects", "unspecified", "cites")


def _outcome(ruling: Any) -> dict[str, Any]:
    return {"verdict": str(ruling.verdict), "score": _plain(ruling.score) if ruling.score_settled else None,
            "hand_ends": ruling.hand_ends, "effects": [str(e) for e in ruling.effects],
            "unspecified": list(ruling.unspecified), "cites": [c["rule_point"] for c in ruling.citations]}


def _plain(score: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: str(v) if k == "team" else v for k, v in entry.items()} for entry in score]


def _if(branch_if: dict[str, Any]) -> dict[str, Any]:
    return {(f"reading {k[len(READING):]}" if k.startswith(READING) else k): v for k, v in branch_if.items()}


def ruling_failures(cid: str, case: dict[str, Any], digest: Any) -> list[str]:
    """What differs between the library's ruling of ``case`` under ``cid`` and the table's."""
    name = f"{cid}: {case['ruling']}"
    sit = kems.situation_of(case["situation"], cid)
    if case["verdict"] == "impossible":
        try:
            kems.rule(sit, cid)
        except kems.KemsError as exc:
            return [] if exc.message == case["error"] else [f"{name}: error {exc.message!r}"]
        return [f"{name}: ruled, where the situation cannot happen"]
    ruling = kems.rule(sit, cid).ruling
    for lang in ("en", "fr"):
        digest.update(json.dumps(kems.ruling_json(ruling, lang), sort_keys=True, ensure_ascii=False).encode())
    got, out = _outcome(ruling), []
    if got["verdict"] != case["verdict"]:
        out.append(f"{name}: verdict {got['verdict']}")
    if bool(ruling.branches) != ("branches" in case):
        out.append(f"{name}: branches {len(ruling.branches)}")
    if ruling.branches and "branches" in case:
        if [n.replace(READING, "reading ") for n in ruling.needs] != case["needs"]:
            out.append(f"{name}: needs {ruling.needs}")
        if len(ruling.branches) != len(case["branches"]):
            out.append(f"{name}: {len(ruling.branches)} branches")
        for branch, want in zip(ruling.branches, case["branches"], strict=False):
            sub = _outcome(branch["ruling"])
            if _if(branch["if"]) != want["if"]:
                out.append(f"{name}: branch if {branch['if']}")
            for key in ("verdict", *OUTCOME_KEYS):
                if (key in want or key in ("verdict", "score", "hand_ends", "effects")) and sub[key] != want.get(key):
                    out.append(f"{name}: branch {want['if']}: {key} {sub[key]}")
    if case["verdict"] != "depends":
        out += [f"{name}: {key} {got[key]}" for key in OUTCOME_KEYS if got[key] != case[key]]
    if "conflicts" in case and [c["rule_point"] for c in ruling.conflicts] != case["conflicts"]:
        out.append(f"{name}: conflicts")
    if "notes" in case and [n["rule_point"] for n in ruling.notes] != case["notes"]:
        out.append(f"{name}: notes")
    return out


def story_failures(case: dict[str, Any]) -> list[str]:
    reading = kems.read(case["story"])
    got = (reading.problem, reading.event, reading.convention, reading.options, reading.unknown,
           [f"{typed} -> {read_as}" for typed, read_as in reading.corrections])
    want = (None, case["event"], case.get("convention"), case["options"], case.get("unknown", []),
            case.get("corrections", []))
    return [] if got == want else [f"story {case['story']!r}: read as {got}"]


def main(root: Path) -> int:
    failures: list[str] = []
    digest = hashlib.sha256()
    rulings = 0
    for path in sorted((root / "tests" / "rulings").glob("*.yaml")):
        table = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in table["cases"]:
            rulings += 1
            failures += ruling_failures(table["convention"], case, digest)
    stories = yaml.safe_load((root / "tests" / "data" / "ask" / "stories.yaml").read_text(encoding="utf-8"))
    for case in stories:
        failures += story_failures(case)
    print(json.dumps({"python": platform.python_version(), "implementation": sys.platform, "rulings": rulings,
                      "stories": len(stories), "failed": len(failures), "failures": failures[:20],
                      "digest": digest.hexdigest()}, ensure_ascii=False))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]))
