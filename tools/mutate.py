#!/usr/bin/env python3
"""Mutation testing: does the test suite catch deliberate bugs?

Each mutant is one small change, made in a scratch copy of the repository (the working tree is
never touched), in one of these targets (``--only``, several allowed):

* ``resolver`` (``kems_ref/referee/resolver.py``), ``game`` (``kems_ref/game/*.py``), ``reader``
  (``kems_ref/ask/reader.py``), ``outputs`` (``kems_ref/outputs/*.py``), ``load``
  (``kems_ref/corpus/load.py``), ``web`` (``kems_ref/web/*.py``, the phones' server): Python mutants, below;
* ``corpus`` (``conventions/*.yaml``): one stated value changed (a score's sign or team, a number, a
  yes/no, a choice swapped for another allowed one), a point made silent, a prescription turned into
  a description.

The Python mutants are the changes a slip of the hand makes in code that decides:

* a comparison flipped (``<`` and ``<=``, ``==`` and ``!=``, ``in`` and ``not in``, ``is`` and
  ``is not``), ``and`` for ``or``, a ``not`` dropped, an ``if`` or a conditional expression negated;
* a constant changed: True and False swapped, a whole number one more or one less, a ``+`` of a
  number (or a ``+=``) made a ``-``, a verdict, team or value word swapped for another
  (``'upheld'`` and ``'rejected'``, ``Verdict.UPHELD`` and ``Verdict.REJECTED``, ``Team.CALLERS``
  and ``Team.ACCUSED``…);
* a statement that records something removed: an ``append``, ``add``, ``update`` or ``setdefault``,
  a database ``execute``, a printed or written line, the resolver's effects and citations.

Left alone, with why:

* docstrings, comments, type annotations and ``if TYPE_CHECKING:`` imports: nothing runs them;
* other strings: a message sentence is prose (its wording is the locale files', pinned by
  tests/test_messages.py), and a message key, a dictionary key or an index written as a string
  changed to another name only raises a KeyError or prints a missing message wherever the line
  runs: it measures whether a test runs the line, not whether one checks what it does.  So a value
  word is swapped only where it is a value (compared, returned, stored), never as ``x["team"]``,
  ``{"team": …}`` or the key given to ``t()``;
* the resolver's explanation sentences (``say``, ``text_of``): its tables pin what a table applies.

Each target runs the tests that exercise it, fastest-killing first, terminal sessions (pexpect, a
few seconds) included (``--suite whole``: the whole suite but its printing, fuzzing and Chromium files).  A
mutant that no test kills "survives".  The mutants are re-written
files (``ast.unparse``, ``yaml.safe_dump``): before any mutant, every file the run mutates is
re-written without a mutation and its target's tests must pass, or every mutant would be "killed"
by the rewriting alone.  Prints the survival rate per target and the survivors.  Slow on two cores
(minutes to hours), so not part of CI:

    python tools/mutate.py [--only resolver,game,reader,outputs,load,web,corpus] [--jobs 2] [--limit N]
                           [--labels FILE] [--suite quick|whole] [--list]
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import contextlib
import copy
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
# the ruling tests, the ruling tables first (they kill most mutants within seconds)
RULING_TESTS = ["tests/test_ruling_tables.py", "tests/test_rulings.py", "tests/test_calibration.py",
                "tests/test_conventions.py", "tests/test_messages.py", "tests/test_output.py", "tests/test_cli.py",
                "tests/test_variants.py"]


@dataclass(frozen=True)
class Target:
    files: tuple[str, ...]  # globs under the repository
    tests: tuple[str, ...]  # the test files that exercise it, fastest-killing first
    extra: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a file's own further tests, run last


TARGETS = {
    "resolver": Target(("kems_ref/referee/resolver.py",), tuple(RULING_TESTS)),
    # the store alone opens, creates and migrates database files: the (slow) file tests for it only
    "game": Target(("kems_ref/game/*.py",),
                   ("tests/test_game_short.py", "tests/test_game.py", "tests/test_names.py"),
                   {"kems_ref/game/store.py": ("tests/test_db_files.py",)}),
    "reader": Target(("kems_ref/ask/reader.py",), ("tests/test_ask_reader.py", "tests/test_ask.py")),
    # the score sheet's renderer is tested by the score sheet's tests
    "outputs": Target(("kems_ref/outputs/*.py",),
                      ("tests/test_wording.py", "tests/test_output.py", "tests/test_ruling_tables.py",
                       "tests/test_rulings.py", "tests/test_variants.py", "tests/test_library.py",
                       "tests/test_messages.py", "tests/test_cli.py", "tests/test_names.py"),
                      {"kems_ref/outputs/game.py": ("tests/test_game_short.py", "tests/test_game.py")}),
    # the loader also keeps a house file's digest for the score sheet, and bounds a chain of house
    # files (the hostile cases build one of 33)
    "load": Target(("kems_ref/corpus/load.py",),
                   ("tests/test_conventions.py", "tests/test_variants.py", "tests/test_ruling_tables.py",
                    "tests/test_cli.py", "tests/test_output.py", "tests/test_game.py", "tests/test_hostile.py")),
    "corpus": Target(("conventions/*.yaml",), tuple(RULING_TESTS)),
    # the phones' server: its HTTP tests (in process, and the real server on loopback); the sheet a server
    # holds open (base.py's Settings.store) is also tested by servers writing at once.  Not the pages in
    # Chromium (tests/test_serve_browser.py): Chromium does not start under a run's 4 GiB address-space cap
    "web": Target(("kems_ref/web/*.py",), ("tests/test_serve.py",),
                  {"kems_ref/web/base.py": ("tests/test_writers.py",)}),
}
# the whole suite but the slow end-to-end files (printing through Chromium, fuzzing) and the pages in Chromium,
# which does not start under a run's address-space cap: --suite whole
FULL = ["tests", "--ignore=tests/test_checklist_print.py", "--ignore=tests/test_fuzz.py",
        "--ignore=tests/test_serve_browser.py"]
SWAPS = {
    "upheld": "rejected", "rejected": "upheld", "void": "unspecified", "forbidden": "allowed", "allowed": "forbidden",
    "conditional": "allowed", "unspecified": "allowed", "redeal": "replace-cards", "hand-ends": "recycle-discard",
    "recycle-discard": "hand-ends", "play-on": "redeal", "prescribed": "described", "described": "prescribed",
    "player": "team", "team": "player", "any-call": "square-found", "put-then-take": "take-then-put",
    "take-then-put": "put-then-take", "one": "one-or-more", "proposal": "all-agree", "whole-hand": "two",
    "caller-only": "everyone", "game-start": "always", "permitted": "prescribed", "first-toucher": "allowed",
}
# an enum member (kems_ref/referee/outcomes.py) swapped as its value would be, and a score's team
# passed on as the corpus mutants pass it on
ENUM_SWAPS = {**SWAPS, "callers": "accused", "accused": "others", "others": "callers", "other": "callers"}
COMPARE = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE,
           ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
# statements that record: into a list, set or dict, the database, the printed output, and the
# resolver's effects and citations (its explanation sentences, say and text_of, are prose)
RECORDING_CALLS = {"effect", "_silent", "_use", "append", "add", "extend", "insert", "update", "setdefault",
                   "add_entry", "execute", "executemany", "print", "write", "writerow", "add_row"}
# calls whose first argument is a message key
MESSAGE_CALLS = {"t", "has", "KemsError"}


# --- Python mutants ------------------------------------------------------------------------------

def _enums() -> dict[str, dict[str, str]]:
    """The enums of kems_ref/referee/outcomes.py: {class: {member name: value}}."""
    tree = ast.parse((ROOT / "kems_ref" / "referee" / "outcomes.py").read_text(encoding="utf-8"))
    out: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = {t.id: s.value.value for s in node.body if isinstance(s, ast.Assign)
                       for t in s.targets if isinstance(t, ast.Name) and isinstance(s.value, ast.Constant)
                       and isinstance(s.value.value, str)}
            if members:
                out[node.name] = members
    return out


ENUMS = _enums()


def _left_alone(tree: ast.AST) -> set[int]:
    """The nodes never mutated (by id): docstrings, annotations, and strings used as names."""
    out: set[int] = set()

    def whole(node: ast.AST | None) -> None:
        if node is not None:
            out.update(id(n) for n in ast.walk(node))

    def if_string(node: ast.AST | None) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.add(id(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)):
            whole(body[0])
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            whole(node)  # imports for the annotations only
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            whole(node.returns)
        elif isinstance(node, (ast.arg, ast.AnnAssign)):
            whole(node.annotation)
        elif isinstance(node, ast.Subscript):
            if_string(node.slice)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if_string(key)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in MESSAGE_CALLS and node.args:
                if_string(node.args[0])
            if name == "get" and node.args:  # d.get("team")
                if_string(node.args[0])
        elif isinstance(node, ast.JoinedStr):
            for value in node.values:
                if_string(value)
    return out


def _number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool)


def _not_text(node: ast.AST) -> bool:
    """What a ``+=`` adds is not text or a list written out (so ``-=`` is a slip, not a TypeError)."""
    return not (isinstance(node, (ast.JoinedStr, ast.List, ast.Tuple, ast.ListComp, ast.Set, ast.Dict))
                or (isinstance(node, ast.Constant) and isinstance(node.value, str)))


def _enum_swap(node: ast.AST) -> str | None:
    """``Verdict.UPHELD``: the member to put in its place (``REJECTED``), or None."""
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ENUMS):
        return None
    members = ENUMS[node.value.id]
    wanted = ENUM_SWAPS.get(members.get(node.attr, ""))
    return next((name for name, value in members.items() if value == wanted), None)


def _sites(tree: ast.AST) -> Iterator[tuple[int, str, Callable[[ast.AST], None]]]:
    """Every place a mutation applies: (index of the node in ``ast.walk`` order, description,
    function that mutates that node).  A deep copy walks in the same order."""
    alone = _left_alone(tree)
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in alone:
            continue
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
                yield index, f"line {line}: {value} -> {value - 1}", lambda n: setattr(n, "value", n.value - 1)
            elif isinstance(value, str) and value in SWAPS:
                yield (index, f"line {line}: '{value}' -> '{SWAPS[value]}'",
                       lambda n: setattr(n, "value", SWAPS[n.value]))
        elif isinstance(node, ast.Attribute) and (other := _enum_swap(node)):
            yield (index, f"line {line}: {ast.unparse(node)} -> {other}",
                   lambda n, other=other: setattr(n, "attr", other))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and (
                _number(node.left) or _number(node.right)):
            swapped = "Sub" if isinstance(node.op, ast.Add) else "Add"
            yield (index, f"line {line}: {type(node.op).__name__} -> {swapped}",
                   lambda n: setattr(n, "op", ast.Sub() if isinstance(n.op, ast.Add) else ast.Add()))
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, (ast.Add, ast.Sub)) and _not_text(node.value):
            yield (index, f"line {line}: {'+= -> -=' if isinstance(node.op, ast.Add) else '-= -> +='}",
                   lambda n: setattr(n, "op", ast.Sub() if isinstance(n.op, ast.Add) else ast.Add()))
        elif isinstance(node, ast.If):
            yield index, f"line {line}: negate the if", lambda n: setattr(n, "test", ast.UnaryOp(ast.Not(), n.test))
        elif isinstance(node, ast.IfExp):
            yield (index, f"line {line}: negate the conditional expression",
                   lambda n: setattr(n, "test", ast.UnaryOp(ast.Not(), n.test)))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in RECORDING_CALLS:
                yield index, f"line {line}: drop {name}(…)", lambda n: setattr(n, "value", ast.Constant(None))


def python_mutants(path: Path, prefix: str) -> list[tuple[str, Callable[[], str]]]:
    """(label, the mutant's text when asked): a mutant is only written out if it is run."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def build(index: int, mutate: Callable[[ast.AST], None]) -> Callable[[], str]:
        def text() -> str:
            mutant = copy.deepcopy(tree)
            mutate(next(n for i, n in enumerate(ast.walk(mutant)) if i == index))
            return ast.unparse(ast.fix_missing_locations(mutant))
        return text

    out, seen = [], dict[str, int]()
    for index, label, mutate in _sites(tree):
        # two mutants alike on one line: the second is "… #2", so that every label names one mutant
        seen[label] = seen.get(label, 0) + 1
        out.append((f"{prefix} {label}" + (f" #{seen[label]}" if seen[label] > 1 else ""), build(index, mutate)))
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

@dataclass
class Job:
    target: str
    label: str
    rel: str  # the mutated file, relative to the repository
    text: Callable[[], str]  # the mutated file's text


def jobs_of(target: str) -> list[Job]:
    if target == "corpus":
        return [Job(target, label, str(path.relative_to(ROOT)), lambda text=text: text)
                for label, path, text in corpus_mutants(ROOT / "conventions")]
    out = []
    for path in _files(target):
        rel = str(path.relative_to(ROOT))
        # the resolver's labels keep their old prefix (tools/mutation-survivors.md names them so)
        prefix = "resolver" if target == "resolver" else str(path.relative_to(ROOT / "kems_ref"))
        out += [Job(target, label, rel, text) for label, text in python_mutants(path, prefix)]
    return out


def _files(target: str) -> list[Path]:
    return sorted(p for pattern in TARGETS[target].files for p in ROOT.glob(pattern))


def tests_for(job_target: str, rel: str, suite: str) -> list[str]:
    if suite == "whole":
        return FULL
    target = TARGETS[job_target]
    return [*target.tests, *target.extra.get(rel, ())]


def rewritten(rel: str) -> str:
    """The file as a mutant rewrites it, without any mutation."""
    text = (ROOT / rel).read_text(encoding="utf-8")
    if rel.endswith(".yaml"):
        return yaml.safe_dump(yaml.safe_load(text), allow_unicode=True)
    return ast.unparse(ast.parse(text))


def _scratch() -> Path:
    scratch = Path(tempfile.mkdtemp(prefix="kems-mutant-"))
    for part in ("kems_ref", "conventions", "tests"):
        shutil.copytree(ROOT / part, scratch / part, ignore=shutil.ignore_patterns("__pycache__"))
    # the files the tests read beside the package (the README's promises name benchmark.py)
    for name in ("pyproject.toml", "README.md", "CONTRIBUTING.md", "benchmark.py", "noxfile.py"):
        shutil.copy(ROOT / name, scratch / name)
    return scratch


#: a mutant's tests may loop for ever or eat the memory (a loop's counter changed): each run is
#: stopped after this many seconds (set from the baseline's time) and capped at 4 GiB
TIME_LIMIT = [900.0]
MEMORY = 4 << 30
RUNNING: set[subprocess.Popen[bytes]] = set()
STOPPING = [False]


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run_tests(scratch: Path, tests: list[str], report: bool = False) -> bool:
    """Whether the tests fail (a mutant killed); a run stopped by the time limit counts as killed."""
    env = {**os.environ, "PYTHONPATH": str(scratch), "PYTHONDONTWRITEBYTECODE": "1"}
    # each scratch copy its own temporary directory: pytest prunes old ones, and two runs sharing
    # the default one delete each other's files (failures that would count as kills)
    process = subprocess.Popen([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                                f"--basetemp={scratch / '.pytest-tmp'}", *tests],
                               cwd=scratch, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True, preexec_fn=_capped)
    RUNNING.add(process)
    try:
        out, _ = process.communicate(timeout=TIME_LIMIT[0])
    except subprocess.TimeoutExpired:
        _stop(process)
        return True
    finally:
        RUNNING.discard(process)
    if report and process.returncode:
        sys.stderr.write(out.decode(errors="replace")[-3000:])
    return process.returncode != 0


def _stopped(signum: int, _frame: object) -> None:
    """Killed or interrupted: the running tests stopped, no further mutant started, and the scratch
    copies removed all the same (by main's ``finally``)."""
    STOPPING[0] = True
    for process in list(RUNNING):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    sys.exit(128 + signum)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """The test run and every process it started (its own session)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _killed(scratch: Path, changed: dict[str, str], tests: list[str], report: bool = False) -> bool:
    originals = {rel: (scratch / rel).read_text(encoding="utf-8") for rel in changed}
    for rel, text in changed.items():
        (scratch / rel).write_text(text, encoding="utf-8")
    try:
        return _run_tests(scratch, tests, report)
    finally:
        for rel, text in originals.items():
            (scratch / rel).write_text(text, encoding="utf-8")


def _baseline(scratch: Path, jobs: list[Job], suite: str) -> bool:
    """Every file the run mutates, re-written without a mutation, passes its target's tests: all the
    files at once under all their tests (the other files re-written too change nothing), and where
    that fails, file by file to name the culprit."""
    files = {job.rel: job.target for job in jobs}
    tests = list(dict.fromkeys(t for rel, target in files.items() for t in tests_for(target, rel, suite)))
    start = time.monotonic()
    if not _killed(scratch, {rel: rewritten(rel) for rel in files}, tests):
        # a mutant's tests are at most these: three times their time (and a minute) is a loop
        TIME_LIMIT[0] = 3 * (time.monotonic() - start) + 60
        return True
    for rel, target in files.items():
        if _killed(scratch, {rel: rewritten(rel)}, tests_for(target, rel, suite), report=True):
            sys.stderr.write(f"baseline fails ({rel} rewritten): the tests fail without any mutation; fix that first\n")
    return False


def _wanted(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    # the labels as printed (one a line, "survived: " or not), or each in `backticks` (a notes file)
    return set(re.findall(r"`([^`]+)`", text)) or {
        line.strip().removeprefix("survived:").strip() for line in text.splitlines() if line.strip()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", metavar="TARGET",
                        help=f"the targets to mutate, comma-separated or repeated: {', '.join(TARGETS)} "
                             "(default: all of them)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, help="a random sample of this many mutants in each target (a fixed seed)")
    parser.add_argument("--labels", type=Path,
                        help="run only the mutants named in this file (one label per line as printed, or "
                             "each label in `backticks`, e.g. tools/mutation-survivors.md)")
    parser.add_argument("--suite", choices=("quick", "whole"), default="quick",
                        help="each target's own tests (default), or the whole suite but its slow end-to-end files")
    parser.add_argument("--list", action="store_true", help="print the mutants' labels and counts, run nothing")
    args = parser.parse_args()
    targets = [name.strip() for value in args.only or [",".join(TARGETS)] for name in value.split(",") if name.strip()]
    unknown = [name for name in targets if name not in TARGETS]
    if unknown:
        parser.error(f"unknown target {', '.join(unknown)} (choose from {', '.join(TARGETS)})")
    wanted = _wanted(args.labels) if args.labels else None
    jobs: list[Job] = []
    for target in dict.fromkeys(targets):
        these = [job for job in jobs_of(target) if wanted is None or job.label in wanted]
        if args.limit:
            these = random.Random(7).sample(these, min(args.limit, len(these)))
        if args.list:
            print(f"{target}: {len(these)} mutants")
            for job in these:
                print("  ", job.label)
        jobs += these
    if args.list or not jobs:
        return 0

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, _stopped)
    scratches = [_scratch() for _ in range(args.jobs)]
    try:
        if not _baseline(scratches[0], jobs, args.suite):
            return 2
        done = [0]

        def run(indexed: tuple[int, Job]) -> tuple[Job, bool]:
            index, job = indexed
            if STOPPING[0]:
                return job, True
            scratch = scratches[index % len(scratches)]
            start = time.monotonic()
            killed = _killed(scratch, {job.rel: job.text()}, tests_for(job.target, job.rel, args.suite))
            done[0] += 1
            sys.stderr.write(f"[{done[0]}/{len(jobs)}] {'killed' if killed else 'SURVIVED'}: {job.label}"
                             f" ({time.monotonic() - start:.0f} s)\n")
            sys.stderr.flush()
            return job, killed

        # one job per scratch copy at a time: group the work by scratch
        groups = [[(i, job) for i, job in enumerate(jobs) if i % len(scratches) == k] for k in range(len(scratches))]
        results: list[tuple[Job, bool]] = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(scratches)) as pool:
            for group in pool.map(lambda group: [run(item) for item in group], groups):
                results += group
    finally:
        for process in list(RUNNING):
            _stop(process)
        for scratch in scratches:
            shutil.rmtree(scratch, ignore_errors=True)
    for target in dict.fromkeys(job.target for job in jobs):
        mine = [killed for job, killed in results if job.target == target]
        survived = mine.count(False)
        print(f"{target}: {len(mine)} mutants, {len(mine) - survived} killed, {survived} survived "
              f"({100 * survived / max(len(mine), 1):.1f}% survival)")
    if len({job.target for job in jobs}) > 1:
        survived = sum(not killed for _, killed in results)
        print(f"all: {len(results)} mutants, {len(results) - survived} killed, {survived} survived "
              f"({100 * survived / max(len(results), 1):.1f}% survival)")
    for label in sorted(job.label for job, killed in results if not killed):
        print("  survived:", label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
