"""The checks CI runs (``.ci/run``), each in its own virtualenv: ``nox`` runs them all.

- tests on Python 3.10, 3.12 and 3.13 (3.11, the machine's python3, runs the README's test command
  in ``.ci/run``): every minor version the project declares;
- tests-min: the tests on 3.10 with every runtime dependency at its declared lower bound
  (``constraints/minimum.txt``, kept equal to pyproject.toml's bounds by tests/test_packaging.py);
- third-language: the suite again with a third locale file made from the English one
  (``tools/third_language.py``): adding a language is adding a file;
- ruff (lint) and mypy (strict on the library);
- the JSON Schema check: the shipped schema must be the one generated from the catalogue;
- pyodide: the ruling tables and the reader's stories under Pyodide 314 (CPython 3.14 in
  WebAssembly, the browser edition's runtime) in Node (``tools/pyodide_check.py``); skipped, saying
  why, where Node, npm or the package cannot be had.

The test sessions run the suite without its slow tests (``-m "not slow"``: fuzzing, hostile
processes, property tests, concurrent writers, killed processes, terminals, Chromium): the slow tests
run once, in ``.ci/run``'s first command (the README's ``python -m pytest -q``, the whole suite), so
that CI's time stays bounded.  Arguments after ``--`` replace the selection (``nox -s tests-3.12 --
tests/test_game.py``).

With pyenv, make the interpreters reachable first, the default first (``.ci/run`` does it).
"""

import sys
from pathlib import Path

import nox

nox.options.sessions = ["tests-3.10", "tests-3.12", "tests-3.13", "tests-min", "third-language", "lint", "types",
                        "schema", "pyodide"]
nox.options.reuse_existing_virtualenvs = True
#: the suite's inner loop: everything but the tests marked slow (they run once, in .ci/run's first command)
QUICK = ("-m", "not slow")


@nox.session(python=["3.10", "3.12", "3.13"])
def tests(session: nox.Session) -> None:
    session.install(".[test]")
    session.run("python", "-m", "pytest", "-q", *(session.posargs or QUICK))


@nox.session(python="3.10", name="tests-min")
def tests_min(session: nox.Session) -> None:
    """The lowest declared Python with the lowest declared version of every runtime dependency."""
    session.install("-c", "constraints/minimum.txt", ".[test]")
    session.run("python", "-m", "pytest", "-q", *(session.posargs or QUICK))


@nox.session(name="third-language")
def third_language(session: nox.Session) -> None:
    """CONTRIBUTING's path for a new language, proved: a third locale file and the suite passes."""
    session.install(".[test]")
    session.run("python", "tools/third_language.py", *(session.posargs or [*QUICK, "tests"]))


@nox.session
def lint(session: nox.Session) -> None:
    session.install("ruff>=0.6")
    session.run("ruff", "check", "kems_ref", "tests", "tools", "benchmark.py", "noxfile.py")


@nox.session
def types(session: nox.Session) -> None:
    session.install(".[web]", "mypy>=1.10", "types-pyyaml")  # serve's modules are typed against their libraries
    session.run("mypy")


@nox.session
def schema(session: nox.Session) -> None:
    session.install(".")
    session.run("python", "-m", "kems_ref.corpus.schema", "--check")


@nox.session
def pyodide(session: nox.Session) -> None:
    """The ruling tables and the reader's stories under Pyodide, in Node: Python 3.14, which
    ``requires-python`` admits and no CPython here installs (``tools/pyodide_check.py``)."""
    sys.path.insert(0, str(Path(__file__).parent / "tools"))
    import pyodide_check  # the standard library only: it says why the check cannot run here

    reason = pyodide_check.unavailable()
    if reason:
        session.skip(f"Pyodide: {reason}")
    session.install(".")
    session.run("python", "tools/pyodide_check.py")
