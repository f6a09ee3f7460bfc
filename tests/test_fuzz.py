"""Fuzzing: random and hostile situation files, convention files and argument lists, evenings of
score-sheet entries and keys at the prompts, run in-process under a memory cap (2 GiB) and a time
limit per case (10 s).  Whatever comes in, kems-ref ends with a
documented exit code, never a traceback or an internal error, at most 3 lines on stderr, JSON on
stdout under --json, and no file on disk changed.

CI runs a few hundred cases; for a long run: ``KEMS_REF_FUZZ=5000 python -m pytest tests/test_fuzz.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import resource
import signal

import pytest
import yaml
from conftest import cli_runner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kems_ref.cli import app
from kems_ref.referee.situation import EVENTS, OPTIONS, SITUATION_KEYS

pytestmark = pytest.mark.slow  # the inner loop (pytest -m "not slow") leaves fuzzing to the whole suite

EXAMPLES = int(os.environ.get("KEMS_REF_FUZZ", "80"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("KEMS_REF_FUZZ"),
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
DOCUMENTED = {0, 1, 2}  # done, invalid (validate), bad input
HOSTILE = pathlib.Path(__file__).parent / "data" / "hostile"


class Timeout(Exception):
    pass


@pytest.fixture(scope="module", autouse=True)
def memory_cap():
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30 if hard == resource.RLIM_INFINITY else min(2 << 30, hard), hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _alarm(signum, frame):
    raise Timeout


def _hashes(folder: pathlib.Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.rglob("*") if p.is_file()}


def _invoke(args: list[str]):
    """One command in-process, within the time limit."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(10)
    try:
        result = cli_runner().invoke(app, args, catch_exceptions=True, env={"COLUMNS": "100"})
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert not isinstance(result.exception, Timeout), f"hung: {args}"
    return result


def check(args: list[str], folder: pathlib.Path) -> None:
    before = _hashes(folder)
    result = _invoke(args)
    everything = result.stdout + result.stderr
    assert result.exit_code in DOCUMENTED, f"exit {result.exit_code} for {args}: {everything[-400:]}"
    assert "Traceback" not in everything and "internal error" not in everything, args
    assert len(result.stderr.strip().splitlines()) <= 3, (args, result.stderr)
    if "--json" in args and result.stdout.strip():
        json.loads(result.stdout)
    assert _hashes(folder) == before, f"a file changed: {args}"


# --- strategies ----------------------------------------------------------------------------------

NASTY = st.sampled_from(["", " ", "\x1b[31m", "\r", "[/]", "[bold]", "‮", "é", "²", "-1", "0", "1e9", "nan",
                         "~", "..", "/", "*a", "&a", "!!int x", "{", "]", "%", "\\", "'", '"', "\n", "a" * 300])
TEXT = st.one_of(NASTY, st.text(max_size=12))
CARDS = st.one_of(st.lists(st.sampled_from(["7", "8", "Q", "K", "A", "2", "R", "D", "V", "as", "roi", "10",
                                            "7h", "Q♠", "X", "11", "0"]), max_size=6).map(" ".join), TEXT)
SCALAR = st.one_of(TEXT, st.integers(-10, 10**12), st.booleans(), st.none(), st.floats(allow_nan=True))
VALUE = st.recursive(SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)
FLAGS = sorted({name for o in OPTIONS for flag in o.names for name in flag.split("/")} |
               {"--all", "--json", "--lang", "-c", "--situation", "--format", "--topic", "--only-differences",
                "--bogus", "--", "-"})


@st.composite
def situation_files(draw):
    keys = st.one_of(st.sampled_from(sorted(SITUATION_KEYS | {"event", "partner-hand", "hand"})), TEXT)
    data = draw(st.dictionaries(keys, VALUE, max_size=6))
    if draw(st.booleans()):
        data["event"] = draw(st.sampled_from(EVENTS))
    if draw(st.booleans()):
        data["hand"] = draw(CARDS)
    text = yaml.safe_dump(data, allow_unicode=True)
    hostile = draw(st.sampled_from(["", "x: &a [*a]\n", "y: !!bool maybe\n", "<<: {event: kems}\n",
                                    "z: " + "[" * 80 + "]" * 80 + "\n", "\t- broken: [\n", "%YAML 1.1\n---\n"]))
    return hostile + text if hostile.startswith("%") else text + hostile


@st.composite
def convention_files(draw):
    base = yaml.safe_load((HOSTILE / "house-a.yaml").read_text(encoding="utf-8"))
    data = dict(base)
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(["id", "name", "publication", "extends", "rules", "short_name"]) | TEXT)
        data[key] = draw(VALUE)
    if draw(st.booleans()):
        point = draw(st.sampled_from(["call.kems.right", "players.count", "hand.end", "deck.size", "nope"]))
        data["rules"] = {point: draw(st.one_of(VALUE, st.fixed_dictionaries(
            {"status": st.sampled_from(["stated", "unspecified", "inherited", "x"]), "value": VALUE,
             "text": VALUE, "citation": VALUE})))}
    return yaml.safe_dump(data, allow_unicode=True)


@st.composite
def argument_lists(draw):
    head = draw(st.sampled_from([["rule", e] for e in EVENTS] + [["rule"], ["compare"], ["checklist"],
                                 ["conventions", "show"], ["conventions", "list"], ["conventions", "validate"],
                                 [draw(TEXT)]]))
    tail = draw(st.lists(st.one_of(st.sampled_from(FLAGS), CARDS, TEXT,
                                   st.sampled_from(["ducale", "pagat", "fr", "en", "json", "4", "52"])), max_size=8))
    return head + tail


# --- the properties -------------------------------------------------------------------------------

@SETTINGS
@given(text=situation_files(), extra=st.lists(st.sampled_from(["--json", "--all", "--lang", "fr"]), max_size=2))
def test_any_situation_file_gets_a_ruling_or_one_clear_error(tmp_path, text, extra):
    path = tmp_path / "situation.yaml"
    path.write_text(text, encoding="utf-8")
    check(["rule", "--situation", str(path), *extra], tmp_path)


@SETTINGS
@given(text=convention_files(), command=st.sampled_from(["validate", "show", "rule"]))
def test_any_convention_file_is_linted_or_refused_in_one_line(tmp_path, text, command):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    args = {"validate": ["conventions", "validate", str(path), "--json"],
            "show": ["conventions", "show", str(path)],
            "rule": ["rule", "kems", "--hand", "Q Q Q Q", "-c", str(path), "--json"]}[command]
    check(args, tmp_path)


@SETTINGS
@given(args=argument_lists())
def test_any_argument_list_gets_a_documented_exit_code(tmp_path, args):
    check(args, tmp_path)


# --- the score sheet: random evenings of hostile entries ----------------------------------------------

NAMES = st.one_of(st.sampled_from(["Tom", "Léa", "Ana", "Ben", "tom", "TOM", "Zoé", "Tom+Léa", "Ana+Ben", "+", "++",
                                   "Tom\x1b]52;c;aGk=\x07", "Léa\u009b2J", "Ana\u202e", "1", "game-1"]), TEXT)
SHEET = st.one_of(
    st.tuples(st.just("new"), st.sampled_from(["ducale", "pagat", "marquoir", "bicycle", "regles-com"]),
              st.sampled_from(["5", "0", "-3", "1000001", "x", str(2 ** 63)]), NAMES),
    st.tuples(st.sampled_from(["kems", "contre"]), NAMES, CARDS),
    st.tuples(st.just("call"), st.sampled_from(EVENTS), NAMES, CARDS),
    st.tuples(st.just("point"), NAMES, st.sampled_from(["1", "2", "-1", "0", "99999999999", "x"])),
    st.tuples(st.sampled_from(["undo", "redo", "score", "history", "list", "show"])),
    st.tuples(st.just("decide"), st.sampled_from(["1", "2", "9", "x", "upheld", ""])),
    st.tuples(st.just("export"), st.sampled_from(["markdown", "csv", "json", "pdf"])),
    st.tuples(st.just("rescore"), st.sampled_from(["pagat", "ducale", "nope"])),
)


def _sheet_args(step: tuple, db: str) -> list[str]:
    kind, *rest = step
    args = {"new": lambda c, target, name: ["new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", c, "--target",
                                            target, "--name", name],
            "kems": lambda who, cards: ["kems", who, "--hand", cards],
            "contre": lambda who, cards: ["contre", who, "--hand", cards],
            "call": lambda event, who, cards: ["call", event, "--by", who, "--hand", cards],
            "point": lambda who, n: ["point", who, n],
            "decide": lambda choice: ["decide", choice],
            "export": lambda fmt: ["export", "--format", fmt],
            "rescore": lambda other: ["rescore", "-c", other],
            }.get(kind, lambda: [kind])(*rest)
    return ["game", *args, "--db", db]


def _sheet(args: list[str]) -> tuple[int, str, str]:
    result = _invoke(args)
    return result.exit_code, result.stdout, result.stderr


#: a whole evening, or a prompt, costs more than one command: a quarter as many cases (the same long run)
FEWER = settings(SETTINGS, max_examples=max(10, EXAMPLES // 4))


@FEWER
@given(steps=st.lists(SHEET, min_size=1, max_size=8), as_json=st.booleans())
def test_any_evening_of_entries_keeps_every_acknowledged_entry_and_a_sound_file(tmp_path, steps, as_json):
    import sqlite3

    db = str(tmp_path / "games.sqlite3")
    _sheet(_sheet_args(("new", "ducale", "9", "soirée"), db))
    acknowledged: list = []  # every entry of every game, as read after each command
    for step in steps:
        args = _sheet_args(step, db) + (["--json"] if as_json else [])
        code, out, err = _sheet(args)
        everything = out + err
        assert code in DOCUMENTED, f"exit {code} for {args}: {everything[-400:]}"
        assert "Traceback" not in everything and "internal error" not in everything, args
        assert len(err.strip().splitlines()) <= 3, (args, err)
        assert not any(ch in everything for ch in ("\x1b", "\u009b", "\x07", "\u202e")), (args, everything[-200:])
        if as_json and out.strip() and step[0] != "export":
            json.loads(out)
        con = sqlite3.connect(db)
        try:
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            rows = con.execute("SELECT game_id, n, kind, changes, applied FROM entries ORDER BY game_id, n").fetchall()
        finally:
            con.close()
        assert rows[:len(acknowledged)] == acknowledged, f"an acknowledged entry changed: {args}"
        acknowledged = rows


# --- the prompts: any keys a terminal may send -------------------------------------------------------

KEYS = st.lists(st.one_of(st.sampled_from(["\x1b", "\x1b[", "\x1b[<1;2M", "\x1b[M\xff\xff", "\x1b[200~", "\x1b[201~",
                                           "\x1b]52;c;aGk=\x07", "\x1b[99999999R", "\x1b[6n", "\x03", "\x04", "\t",
                                           "\x7f", "\x1bOP", "\x1b[A", "\x1b[B", "K ", "7 7 K K", "oui", "1", "2"]),
                          st.text(max_size=20), st.just("K" * 1000)), max_size=10)


@FEWER
@given(keys=KEYS, choice=st.booleans())
def test_any_keys_at_a_prompt_give_a_bounded_answer_a_leave_or_one_line(keys, choice):
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from kems_ref.ask.prompts import MAX_ANSWER, TerminalPrompter
    from kems_ref.errors import KemsError, unsafe

    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(10)
    try:
        with create_pipe_input() as pipe:
            pipe.send_text("".join(keys) + "\x1b[201~\r\x03")  # whatever came, then Enter, then Ctrl-C
            prompter = TerminalPrompter()
            prompter.extra = {"input": pipe, "output": DummyOutput()}
            try:
                if choice:
                    answer = prompter.choose("?", [("one", 1), ("two", 2), ("nobody knows", None)])
                    assert answer in (1, 2, None)
                else:
                    answer = prompter.text("?", lambda s: True)
                    assert answer is not None and len(answer) <= MAX_ANSWER and not unsafe(answer), repr(answer)
            except (KeyboardInterrupt, EOFError):
                pass  # Ctrl-C, Ctrl-D: the command leaves (exit 130)
            except KemsError as exc:
                assert exc.key == "error.prompt_failed"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
