"""Hostile inputs: every case of tests/data/hostile/cases.yaml, run as a real process (a memory cap
of 2 GiB, 20 s at most), must end with its documented exit code and message, never a traceback,
at most 3 lines on stderr, JSON on stdout under --json, and no file changed on disk."""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import os
import pathlib
import resource
import shutil
import subprocess
import sys

import pytest
from conftest import read_data

pytestmark = pytest.mark.slow  # real processes under a memory cap, pseudo-terminals: the whole suite only

HOSTILE = pathlib.Path(__file__).parent / "data" / "hostile"
CASES = read_data(HOSTILE / "cases.yaml")
MEMORY = 2 << 30
TIMEOUT = 20


def _limits() -> None:  # in the child: a memory cap
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _tree_hashes(*folders: pathlib.Path) -> dict[str, str]:
    out = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not path.is_symlink():
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def _prepare(tmp: pathlib.Path) -> dict[str, str]:
    for path in HOSTILE.glob("*.yaml"):
        shutil.copy(path, tmp / path.name)
    os.mkfifo(tmp / "fifo")
    (tmp / "big.yaml").write_text("id: big\n" + "#" * 2_000_000 + "\n", encoding="utf-8")
    (tmp / "house-abs.yaml").write_text(
        f"id: maison-abs\nname: Abs\npublication: {{title: Abs}}\nextends: {tmp / 'house-a.yaml'}\n", encoding="utf-8")
    previous = "ducale"
    for i in range(40):
        (tmp / f"chain-{i}.yaml").write_text(
            f"id: chain{i}\nname: C{i}\npublication: {{title: C{i}}}\nextends: {previous}\n", encoding="utf-8")
        previous = f"./chain-{i}.yaml"
    (tmp / "a-folder.yaml").mkdir()
    for name, parent in (("folder", "./a-folder.yaml"), ("fifo", "./fifo"), ("device", "/dev/null")):
        (tmp / f"extends-{name}.yaml").write_text(
            f"id: maison\nname: M\npublication: {{title: M}}\nextends: {parent}\n", encoding="utf-8")
    return {"dir": str(HOSTILE), "tmp": str(tmp), "long": str(tmp / ("a" * 300 + ".yaml"))}


def _fill(value: str, places: dict[str, str]) -> str:
    for name, path in places.items():
        value = value.replace("{" + name + "}", path)
    return value


def _run(case: dict, places: dict[str, str]) -> dict:
    args = [_fill(str(a), places) for a in case["args"]]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "KEMS_REF_CONVENTION")}
    env.update({"COLUMNS": "100", "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"})
    env.pop("KEMS_REF_LANG", None)
    env.update({k: _fill(str(v), places) for k, v in (case.get("env") or {}).items()})
    command = [sys.executable, "-m", "kems_ref", *args]
    target = case.get("stdout_to")
    if target == "closed":
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                   preexec_fn=_limits)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader is gone before anything is written
        err = process.stderr.read()
        process.wait(TIMEOUT)
        return {"code": process.returncode, "out": "", "err": err.decode("utf-8", "replace")}
    stdout = open(target, "wb") if target else subprocess.PIPE  # noqa: SIM115 - closed below
    try:
        done = subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE, env=env, timeout=TIMEOUT,
                              preexec_fn=_limits)
    finally:
        if target:
            stdout.close()
    out = done.stdout.decode("utf-8", "replace") if done.stdout is not None else ""
    return {"code": done.returncode, "out": out, "err": done.stderr.decode("utf-8", "replace")}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile")
    places = _prepare(tmp)
    before = _tree_hashes(tmp, HOSTILE)
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        done = dict(zip([c["id"] for c in CASES], pool.map(lambda c: _run(c, places), CASES), strict=True))
    return done, before, _tree_hashes(tmp, HOSTILE)


def test_every_case_has_its_own_id_and_no_stray_key():
    # a comma in a flow mapping's unquoted id ends the id: two cases then share one and one never runs
    ids = [c["id"] for c in CASES]
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []
    assert [c["id"] for c in CASES if None in c or not set(c) <= {"id", "args", "exit", "stderr", "stdout", "json",
                                                                    "env", "stdout_to", "no_escape", "unchanged"}] == []


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_hostile_input(results, case):
    done, before, after = results
    got = done[case["id"]]
    everything = got["out"] + got["err"]
    assert got["code"] == case["exit"], everything[-500:]
    assert "Traceback" not in everything and "╭─" not in got["err"]
    assert len(got["err"].strip().splitlines()) <= 3, got["err"]
    if "stderr" in case:
        assert case["stderr"] in got["err"], got["err"]
    if "stdout" in case:
        assert case["stdout"] in got["out"], got["out"][-500:]
    if case.get("json"):
        json.loads(got["out"])
    if case.get("no_escape"):
        assert "\x1b" not in everything
    assert before == after, "a file on disk changed"


def test_init_force_replaces_a_regular_file_only_never_a_fifo_or_a_device(run, tmp_path):
    import os

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    r = run("conventions", "init", "-o", str(fifo), "--force")
    assert r.code == 2 and "not a regular file" in r.err
    import stat

    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still the pipe it was
    r = run("conventions", "init", "-o", "/dev/null", "--force")
    assert r.code == 2 and "not a regular file" in r.err and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    plain = tmp_path / "maison.yaml"
    plain.write_text("old", encoding="utf-8")
    assert run("conventions", "init", "-o", str(plain), "--force").code == 0 and plain.read_text() != "old"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".kems-ref-")] == []


def test_a_failed_write_leaves_no_temporary_file_behind(tmp_path, monkeypatch):
    import os

    import pytest

    from kems_ref.errors import KemsError
    from kems_ref.outputs import house

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(house.os, "replace", broken)
    with pytest.raises(KemsError) as exc:
        house.write_new(str(tmp_path / "maison.yaml"), "id: maison\n", force=False)
    assert "No space left on device" in exc.value.message
    assert os.listdir(tmp_path) == []


def test_a_broken_pager_falls_back_to_printing(tmp_path):
    import os
    import sys

    import pytest

    pexpect = pytest.importorskip("pexpect")
    for pager in ("/nonexistent/pager", "sh -c 'exit 127'", "'unterminated"):
        env = {**os.environ, "PAGER": pager, "COLUMNS": "100", "LINES": "10", "TERM": "xterm"}
        env.pop("KEMS_REF_NO_PAGER", None)
        child = pexpect.spawn(sys.executable, ["-m", "kems_ref", "compare", "--topic", "score"], env=env,
                              encoding="utf-8", timeout=60, dimensions=(10, 100))
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0 and "score.system" in (child.before or ""), pager


def _cli(*args, stdin=None, **kw):
    import os
    import subprocess
    import sys

    env = {**os.environ, **kw.pop("env", {})}
    return subprocess.run([sys.executable, "-m", "kems_ref", *args], capture_output=True, text=True, env=env,
                          stdin=stdin, timeout=60, **kw)


def test_exit_codes_are_the_readmes_for_hostile_values(tmp_path):
    # a reading list of numbers in a situation file, a target no SQLite integer holds: bad input, exit 2
    situation = tmp_path / "s.yaml"
    situation.write_text("event: kems\nhand: Q Q Q Q\nreading: [1, 2]\n", encoding="utf-8")
    done = _cli("rule", "--situation", str(situation))
    assert done.returncode == 2 and f"{situation}:3:" in done.stderr
    done = _cli("game", "new", "--team", "A+B", "--team", "C+D", "-c", "ducale", "--target", str(2 ** 63),
                "--db", str(tmp_path / "g.sqlite3"))
    assert done.returncode == 2 and "from 1 to 1000000" in done.stderr
    # two keys of a file that give one fact opposite values
    situation.write_text("event: exchange\nput-first: true\ntake-first: true\n", encoding="utf-8")
    done = _cli("rule", "--situation", str(situation))
    assert done.returncode == 2 and "put-first and take-first say opposite things" in done.stderr


def test_warnings_turned_into_errors_do_not_crash_at_import():
    done = _cli("rule", "kems", "--hand", "Q Q Q Q", "--json", env={"PYTHONWARNINGS": "error"})
    assert done.returncode == 0 and done.stderr == ""


def test_closed_stderr_still_exits_2_on_bad_input():
    import os
    import subprocess
    import sys

    for args in (["rule", "kems", "--hand", "X"], ["rule", "kemsx"], ["rule", "kems", "--hand", "X", "--json"]):
        done = subprocess.run([sys.executable, "-m", "kems_ref", *args], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, env=os.environ, timeout=60,
                              preexec_fn=lambda: os.close(2))
        assert done.returncode == 2, args


def _prompt(args, lang="en"):
    """``kems-ref ARGS`` on a pseudo-terminal, stopped at its first question."""
    import os
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm", "KEMS_REF_LANG": lang}
    child = pexpect.spawn(sys.executable, ["-m", "kems_ref", *args], env=env, encoding="utf-8", timeout=30,
                          dimensions=(30, 100))
    child.expect(r"\?")
    return pexpect, child


def _finish(pexpect, child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, child.before or ""


@pytest.mark.parametrize("sequence", ["\x1b[<1;2M", "\x1b[M\xff\xff\xff", "\x1b[<99;999;999M"])
def test_a_malformed_terminal_sequence_at_a_prompt_is_ignored_never_a_traceback(sequence):
    pexpect, child = _prompt(["ask", "contre-kems on Tom, ducale"])
    child.send(sequence)
    child.sendcontrol("m")  # Enter: the question's answer "nobody knows"
    code, output = _finish(pexpect, child)
    assert code == 0 and "Traceback" not in output and "Press ENTER" not in output
    assert "CALL UPHELD" in output or "depends" in output.lower()


def test_a_pasted_escape_sequence_is_never_obeyed():
    pexpect, child = _prompt(["ask", "contre-kems on Tom, ducale"])
    child.send("\x1b[200~\x1b]52;c;aGk=\x07\x1b]0;title\x07\x1b[201~")  # a clipboard write, a window title
    child.sendcontrol("m")
    child.expect("unreadable card")  # what is left of it is checked as cards, and refused
    assert "\x1b]52" not in child.before and "\x1b]0;" not in child.before
    child.sendcontrol("c")
    code, output = _finish(pexpect, child)
    assert code == 130 and "Traceback" not in output


def test_a_64k_paste_is_cut_to_the_bound_at_once():
    from kems_ref.ask.prompts import MAX_ANSWER

    pexpect, child = _prompt(["ask", "contre-kems on Tom, ducale"])
    child.send("\x1b[200~" + "K " * 32_000 + "\x1b[201~")
    child.sendcontrol("m")
    child.expect(f"--hand has {MAX_ANSWER // 2} cards: no player can hold that many", timeout=10)
    child.sendcontrol("c")
    code, output = _finish(pexpect, child)
    assert code == 130 and "Traceback" not in output



def test_64k_typed_key_by_key_is_refused_past_the_bound_as_it_is_typed():
    """Typed, not pasted (no bracketed paste): the keys past the bound are refused as they come, the
    prompt says so, and Enter then checks the answer as it stood at the bound."""
    from kems_ref.ask.prompts import MAX_ANSWER

    pexpect, child = _prompt(["ask", "contre-kems on Tom, ducale"])
    typed = "K " * 32_000
    for start in range(0, len(typed), 4096):
        child.send(typed[start:start + 4096])
    child.expect(f"an answer holds at most {MAX_ANSWER} characters: what is typed past them is not taken",
                 timeout=180)
    child.sendcontrol("m")  # (redrawn 32,000 times on a loaded machine: room to finish, not a measure)
    child.expect(f"--hand has {MAX_ANSWER // 2} cards: no player can hold that many", timeout=180)
    child.sendcontrol("c")
    code, output = _finish(pexpect, child)
    assert code == 130 and "Traceback" not in output


def test_at_the_bound_a_typed_key_is_refused_and_backspace_still_makes_room():
    import threading

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from kems_ref.ask import prompts

    with create_pipe_input() as keys:
        question = prompts.questionary.text("cards?", validate=prompts._bounded(lambda s: True), input=keys,
                                            output=DummyOutput(), validate_while_typing=False)
        feeder = threading.Thread(target=keys.send_text, args=("x" * 400 + "\x7f" + "y" + "\r",), daemon=True)
        feeder.start()
        answer = prompts._run(question)
        feeder.join(timeout=30)
    assert answer == "x" * (prompts.MAX_ANSWER - 1) + "y"

def test_ctrl_d_at_a_choice_prompt_leaves_like_ctrl_c():
    for key in ("d", "c"):
        pexpect, child = _prompt(["ask", "exchange, marquoir"])
        child.expect("Nobody knows")
        child.sendcontrol(key)
        code, output = _finish(pexpect, child)
        assert code == 130 and "Traceback" not in output, key


def test_a_failure_inside_a_prompt_is_the_usual_one_line_error(monkeypatch):
    from kems_ref.ask import prompts
    from kems_ref.errors import KemsError

    class Broken:
        is_running, is_done, key_bindings = True, False, None

        class layout:
            current_buffer = None

        def exit(self, exception):  # as prompt_toolkit's: the running prompt ends with ``exception``
            self.future.set_exception(exception)

        async def run_async(self, set_exception_handler):
            assert set_exception_handler is False  # prompt_toolkit's handler prints a traceback, waits for Enter
            import asyncio

            self.future = asyncio.get_running_loop().create_future()
            asyncio.get_running_loop().call_soon(lambda: 1 / 0)  # a key handler that fails
            return await asyncio.wait_for(self.future, 5)

    class Question:
        application = Broken()

    with pytest.raises(KemsError) as caught:
        prompts._run(Question())
    assert caught.value.key == "error.prompt_failed" and "ZeroDivisionError" in caught.value.render("en")


@pytest.mark.parametrize("args, option", [
    (["rule", "contre-kems", "--hand", "K K K K", "--hand", "7 7 K K"], "--hand"),
    (["rule", "contre-kems", "--hand=K K K K", "--hand", "7 7 K K"], "--hand"),
    (["rule", "kems", "--hand", "K K K K", "-c", "ducale", "--convention", "pagat"], "--convention"),
    (["game", "new", "--team", "A+B", "--team", "C+D", "--target", "5", "--target", "6", "--db", "{db}"], "--target"),
])
def test_an_option_of_one_value_given_twice_is_refused_naming_it(run, tmp_path, args, option):
    r = run(*[a.replace("{db}", str(tmp_path / "g.sqlite3")) for a in args], "--lang", "en")
    assert r.code == 2 and r.err.strip().endswith(f"{option} is given twice: give it once (which of the two is "
                                                  "the table's?)")
    assert not (tmp_path / "g.sqlite3").exists()  # nothing was done


def test_options_that_take_several_values_still_do(run):
    assert run("checklist", "-c", "ducale", "-c", "pagat", "--json").code == 0


def test_stdout_closed_from_the_start_is_exit_74_and_nothing_is_done(tmp_path):
    import subprocess
    import sys

    db = tmp_path / "g.sqlite3"
    for args in (["rule", "contre-kems", "--hand", "K K K K", "--json"],
                 ["game", "new", "--team", "A+B", "--team", "C+D", "--target", "5", "--db", str(db)]):
        done = subprocess.run([sys.executable, "-m", "kems_ref", *args, "--lang", "en"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, timeout=60,
                              preexec_fn=lambda: __import__("os").close(1))
        assert done.returncode == 74, done.stderr
        assert done.stderr.strip().endswith("cannot write the output: the standard output is closed, so nothing "
                                            "was done") and "Traceback" not in done.stderr
    assert not db.exists()


@pytest.mark.parametrize("args", [["rule", "contre-kems", "--hand", "7 7 K K"], ["compare"], ["checklist"],
                                  ["conventions", "list"], ["glossary"], ["--help"], ["game", "--help"],
                                  ["rule", "contre-kems", "--hand", "7 7 K K", "--json"], ["ask", "kems, ducale",
                                                                                          "--no-input"],
                                  ["game", "list", "--db", "{db}"], ["game", "history", "--db", "{db}"],
                                  ["game", "score", "--json", "--db", "{db}"]])
def test_a_reader_gone_before_the_first_write_is_exit_141_for_every_command(tmp_path, args):
    import subprocess
    import sys

    db = tmp_path / "g.sqlite3"
    subprocess.run([sys.executable, "-m", "kems_ref", "game", "new", "--team", "A+B", "--team", "C+D", "--target",
                    "5", "--db", str(db)], check=True, capture_output=True, timeout=60)
    process = subprocess.Popen([sys.executable, "-m", "kems_ref", *[a.replace("{db}", str(db)) for a in args]],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141 and err == ""


def test_stdin_closed_is_an_empty_input_nothing_asked(tmp_path):
    import subprocess
    import sys

    def closed_stdin():
        __import__("os").close(0)

    cases = [(["ask", "--lang", "en"], 2, "tell the situation"),
             (["game", "new", "--team", "A+B", "--team", "C+D", "-c", "ducale", "--db", str(tmp_path / "g.sqlite3"),
               "--lang", "en"], 2, "Ducale leaves the target to the table: give --target N"),
             (["ask", "contre-kems on Tom, ducale", "--lang", "en"], 0, "")]
    for args, code, needle in cases:
        done = subprocess.run([sys.executable, "-m", "kems_ref", *args], capture_output=True, text=True, timeout=60,
                              preexec_fn=closed_stdin)
        assert done.returncode == code and needle in done.stderr and "internal error" not in done.stderr, args


def test_a_reader_gone_midway_through_a_long_export_is_141_not_0(tmp_path):
    import sqlite3
    import subprocess
    import sys

    db = tmp_path / "g.sqlite3"
    subprocess.run([sys.executable, "-m", "kems_ref", "game", "new", "--team", "A+B", "--team", "C+D", "--target",
                    "1000000", "--db", str(db)], check=True, capture_output=True, timeout=60)
    subprocess.run([sys.executable, "-m", "kems_ref", "game", "kems", "A", "--hand", "Q Q Q Q", "--db", str(db)],
                   check=True, capture_output=True, timeout=60)
    con = sqlite3.connect(db)
    row = con.execute("SELECT * FROM entries").fetchone()
    con.executemany(f"INSERT INTO entries VALUES ({', '.join('?' * len(row))})",
                    [(row[0], n, *row[2:]) for n in range(2, 3001)])
    con.commit()
    con.close()
    for fmt in ("csv", "markdown", "json"):  # megabytes: one write to the pipe would return short, silently
        process = subprocess.Popen([sys.executable, "-m", "kems_ref", "game", "export", "--format", fmt, "--db",
                                    str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(10)
        process.stdout.close()
        assert process.wait(timeout=60) == 141 and process.stderr.read() == b"", fmt


def test_numbers_past_any_game_are_refused_in_one_short_line(run, tmp_path):
    db = str(tmp_path / "g.sqlite3")
    assert run("game", "new", "--team", "A+B", "--team", "C+D", "--target", "5", "--db", db).code == 0
    for args in (["point", "A", "99999999999999999999"], ["history", "--from", "99999999999999999999"],
                 ["history", "--last", "9223372036854775808"], ["point", "A", "9" * 5000]):
        r = run("game", *args, "--db", db, "--lang", "en")
        assert r.code == 2 and len(r.err) < 300 and "Traceback" not in r.err, (args, r.err[:300])
    assert run("game", "history", "--json", "--db", db).json() == []  # nothing was written
    note = run("game", "history", "--from", "50", "--db", db, "--lang", "en", env={"COLUMNS": "200"}).out
    assert "Lines 1–0" not in note and "of 0 not shown" not in note


@pytest.mark.parametrize("keys, flag", [("\x1b[2J", "--take-first"), ("\x1b[3J", "--take-first"),
                                        ("\x1b[2;5X", "--take-first"), ("\x1b]0;2\x07", "--take-first"),
                                        ("2", "--put-first"), ("\x1b[B", "--put-first")])
def test_an_escape_sequence_at_a_choice_never_picks_an_answer_its_digits_spell(keys, flag):
    pexpect, child = _prompt(["ask", "exchange, marquoir"])
    child.expect("Nobody knows")
    child.send(keys)
    child.sendcontrol("m")  # Enter: the highlighted answer (the first, unless the arrow moved it)
    code, output = _finish(pexpect, child)
    assert code == 0 and f"kems-ref rule exchange -c marquoir {flag}" in output, output[-300:]
