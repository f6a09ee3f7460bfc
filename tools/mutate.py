#!/usr/bin/env python3
"""Mutation testing of the referee: does the test suite catch deliberate bugs?

Each mutant is one small change, made in a scratch copy of the repository (the working tree is
never touched):
* in the resolver (``kems_ref/referee/resolver.py``): a comparison or boolean operator flipped, a ``not``
  dropped, a constant changed (True/False, a number, a verdict or rule-point string), a statement
  that records an effect, a citation or an explanation removed;
* in the corpus (``conventions/*.yaml``): one stated value changed (a score's sign or team, a
  number, a yes/no, a choice swapped for another allowed one), a force or a status changed.

The ruling tests then run against the mutant; a mutant that no test kills "survives".  Prints the
survivors and the survival rate.  Slow on two cores (minutes), so not part of CI:

    python tools/mutate.py [--only resolver|corpus] [--jobs 2] [--limit N]
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import copy
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
# the quick set: the ruling tables first (they kill most mutants within seconds)
TESTS = ["tests/test_ruling_tables.py", "tests/test_rulings.py", "tests/test_calibration.py",
         "tests/test_conventions.py",
         "tests/test_messages.py", "tests/test_output.py", "tests/test_cli.py", "tests/test_variants.py"]
# the whole suite but the slow end-to-end files (terminal sessions, printing, fuzzing): --suite whole
FULL = ["tests", "--ignore=tests/test_checklist_print.py", "--ignore=tests/test_fuzz.py",
        "-k", "not on_a_terminal"]
SWAPS = {
    "upheld": "rejected", "rejected": "upheld", "void": "unspecified", "forbidden": "allowed", "allowed": "forbidden",
    "conditional": "allowed", "unspecified": "allowed", "redeal": "replace-cards", "hand-ends": "recycle-discard",
    "recycle-discard": "hand-ends", "play-on": "redeal", "prescribed": "described", "described": "prescribed",
    "player": "team", "team": "player", "any-call": "square-found", "put-then-take": "take-then-put",
    "take-then-put": "put-then-take", "one": "one-or-more", "proposal": "all-agree", "whole-hand": "two",
    "caller-only": "everyone", "game-start": "always", "permitted": "prescribed", "first-toucher": "allowed",
}
COMPARE = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE,
           ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
# explanation sentences (say, text_of) are prose, not mutated: the tables pin what a table applies
RECORDING_CALLS = {"effect", "append", "_silent", "_use"}


# --- resolver mutants ----------------------------------------------------------------------------

def _sites(tree: ast.AST) -> Iterator[tuple[int, str, Callable[[ast.AST], None]]]:
    """Every place a mutation applies: (index of the node in ``ast.walk`` order, description,
    function that mutates that node).  A deep copy walks in the same order."""
    for index, node in enumerate(ast.walk(tree)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in COMPARE:
                    yield (index, f"line {line}: {type(op).__name__} -> {COMPARE[type(op)].__name__}",
                           lambda n, i=i: n.ops.__setitem__(i, COMPARE[type(n.ops[i])]()))
        elif isinstance(node, ast.BoolOp):
            yield (index, f"line {line}: {type(node.op).__name__} -> {'Or' if isinstance(node.op, ast.And) else 'And'}",
                   lambda n: setattr(n, "op", ast.Or() if isinstance(n.op, ast.And) else ast.And()))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield index, f"line {line}: drop 'not'", lambda n: setattr(n, "op", ast.UAdd())
        elif isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                yield index, f"line {line}: {value} -> {not value}", lambda n: setattr(n, "value", not n.value)
            elif isinstance(value, int):
                yield index, f"line {line}: {value} -> {value + 1}", lambda n: setattr(n, "value", n.value + 1)
            elif isinstance(value, str) and value in SWAPS:
                yield (index, f"line {line}: '{value}' -> '{SWAPS[value]}'",
                       lambda n: setattr(n, "value", SWAPS[n.value]))
        elif isinstance(node, ast.If):
            yield index, f"line {line}: negate the if", lambda n: setattr(n, "test", ast.UnaryOp(ast.Not(), n.test))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in RECORDING_CALLS:
                yield index, f"line {line}: drop {name}(…)", lambda n: setattr(n, "value", ast.Constant(None))


def resolver_mutants(path: Path) -> list[tuple[str, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for index, label, mutate in _sites(tree):
        mutant = copy.deepcopy(tree)
        mutate(next(n for i, n in enumerate(ast.walk(mutant)) if i == index))
        out.append((f"resolver {label}", ast.unparse(ast.fix_missing_locations(mutant))))
    return out


# --- corpus mutants ------------------------------------------------------------------------------

def _value_mutants(value: object) -> list[tuple[str, object]]:
    if isinstance(value, bool):
        return [(f"{value} -> {not value}", not value)]
    if isinstance(value, int):
        return [(f"{value} -> {value + 1}", value + 1)]
    if isinstance(value, str):
        return [(f"'{value}' -> '{SWAPS[value]}'", SWAPS[value])] if value in SWAPS else []
    if isinstance(value, list) and value and isinstance(value[0], dict) and "change" in value[0]:
        first = value[0]
        other_team = {"callers": "accused", "accused": "others", "others": "callers", "other": "callers"}[first["team"]]
        return [("score sign flipped", [{**first, "change": -first["change"]}, *value[1:]]),
                (f"score to {other_team}", [{**first, "team": other_team}, *value[1:]])]
    if isinstance(value, dict):
        out = []
        for key, inner in value.items():
            for label, changed in _value_mutants(inner):
                out.append((f"{key}: {label}", {**value, key: changed}))
        return out
    if isinstance(value, list):
        return [("list truncated", value[:-1])] if len(value) > 1 else []
    return []


def corpus_mutants(folder: Path) -> list[tuple[str, Path, str]]:
    out = []
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for point, raw in (data.get("rules") or {}).items():
            if raw.get("status") != "stated":
                continue
            for label, changed in _value_mutants(raw["value"]):
                mutant = copy.deepcopy(data)
                mutant["rules"][point]["value"] = changed
                out.append((f"{path.stem} {point}: {label}", path, yaml.safe_dump(mutant, allow_unicode=True)))
            mutant = copy.deepcopy(data)
            mutant["rules"][point] = {"status": "unspecified"}
            out.append((f"{path.stem} {point}: made silent", path, yaml.safe_dump(mutant, allow_unicode=True)))
            if raw.get("force", "prescribed") == "prescribed":
                mutant = copy.deepcopy(data)
                mutant["rules"][point]["force"] = "described"
                out.append((f"{path.stem} {point}: prescribed -> described", path,
                            yaml.safe_dump(mutant, allow_unicode=True)))
    return out


# --- running -------------------------------------------------------------------------------------

def _scratch() -> Path:
    scratch = Path(tempfile.mkdtemp(prefix="kems-mutant-"))
    for part in ("kems_ref", "conventions", "tests"):
        shutil.copytree(ROOT / part, scratch / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", scratch / "pyproject.toml")
    shutil.copy(ROOT / "README.md", scratch / "README.md")
    return scratch


def _killed(scratch: Path, target: Path, text: str, report: bool = False, tests: list[str] = TESTS) -> bool:
    original = target.read_text(encoding="utf-8")
    target.write_text(text, encoding="utf-8")
    try:
        env = {**os.environ, "PYTHONPATH": str(scratch), "PYTHONDONTWRITEBYTECODE": "1"}
        # each scratch copy its own temporary directory: pytest prunes old ones, and two runs sharing
        # the default one delete each other's files (failures that would count as kills)
        result = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                                 f"--basetemp={scratch / '.pytest-tmp'}", *tests],
                                cwd=scratch, env=env, capture_output=True, timeout=600)
        if report and result.returncode:
            sys.stderr.write(result.stdout.decode(errors="replace")[-3000:])
        return result.returncode != 0
    except subprocess.TimeoutExpired:
        return True
    finally:
        target.write_text(original, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("resolver", "corpus"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, help="a random sample of this many mutants")
    parser.add_argument("--labels", type=Path,
                        help="re-run only the mutants named in this file (one label per line as printed, or "
                             "each label in `backticks`, e.g. tools/mutation-survivors.md)")
    parser.add_argument("--suite", choices=("quick", "whole"), default="quick",
                        help="the ruling tests (default), or the whole suite but its slow end-to-end files")
    args = parser.parse_args()
    jobs: list[tuple[str, str, str]] = []  # (label, relative path, mutated text)
    if args.only in (None, "resolver"):
        jobs += [(label, "kems_ref/referee/resolver.py", text)
                 for label, text in resolver_mutants(ROOT / "kems_ref" / "referee" / "resolver.py")]
    if args.only in (None, "corpus"):
        jobs += [(label, str(path.relative_to(ROOT)), text)
                 for label, path, text in corpus_mutants(ROOT / "conventions")]
    if args.limit:
        jobs = random.Random(7).sample(jobs, min(args.limit, len(jobs)))
    tests = TESTS
    if args.labels:
        text = args.labels.read_text(encoding="utf-8")
        # the labels as printed (one a line, "survived: " or not), or each in `backticks` (a notes file)
        wanted = set(re.findall(r"`([^`]+)`", text)) or {
            line.strip().removeprefix("survived:").strip() for line in text.splitlines() if line.strip()}
        jobs = [job for job in jobs if job[0] in wanted]
    if args.suite == "whole":
        tests = FULL
    scratches = [_scratch() for _ in range(args.jobs)]
    survivors: list[str] = []
    # the mutants are re-written files (ast.unparse, yaml.safe_dump): the same rewriting without any
    # mutation must pass, or every mutant would be "killed" by the rewriting alone
    baselines = [("resolver.py rewritten", "kems_ref/referee/resolver.py",
                  ast.unparse(ast.parse((ROOT / "kems_ref" / "referee" / "resolver.py").read_text(encoding="utf-8"))))]
    baselines += [(f"{path.name} rewritten", str(path.relative_to(ROOT)),
                   yaml.safe_dump(yaml.safe_load(path.read_text(encoding="utf-8")), allow_unicode=True))
                  for path in sorted((ROOT / "conventions").glob("*.yaml"))[:1]]
    for label, rel, text in baselines:
        if _killed(scratches[0], scratches[0] / rel, text, report=True):
            sys.stderr.write(f"baseline fails ({label}): the tests fail without any mutation; fix that first\n")
            for scratch in scratches:
                shutil.rmtree(scratch, ignore_errors=True)
            return 2

    done = [0]

    def run(indexed: tuple[int, tuple[str, str, str]]) -> tuple[str, bool]:
        index, (label, rel, text) = indexed
        scratch = scratches[index % len(scratches)]
        killed = _killed(scratch, scratch / rel, text, tests=tests)
        done[0] += 1
        sys.stderr.write(f"[{done[0]}/{len(jobs)}] {'killed' if killed else 'SURVIVED'}: {label}\n")
        sys.stderr.flush()
        return label, killed

    try:
        # one job per scratch copy at a time: group the work by scratch
        groups = [[(i, job) for i, job in enumerate(jobs) if i % len(scratches) == k] for k in range(len(scratches))]
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(scratches)) as pool:
            for results in pool.map(lambda group: [run(item) for item in group], groups):
                survivors += [label for label, killed in results if not killed]
    finally:
        for scratch in scratches:
            shutil.rmtree(scratch, ignore_errors=True)
    total = len(jobs)
    print(f"{total} mutants, {total - len(survivors)} killed, {len(survivors)} survived "
          f"({100 * len(survivors) / max(total, 1):.1f}% survival)")
    for label in sorted(survivors):
        print("  survived:", label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
