"""The checks CI runs (``.ci/run``), each in its own virtualenv: ``nox`` runs them all.

- tests on the lowest and the newest Python the project declares (3.10 and 3.13);
- ruff (lint) and mypy (strict on the library);
- the JSON Schema check: the shipped schema must be the one generated from the catalogue.

With pyenv, make the interpreters reachable first, the default first (``.ci/run`` does it).
"""

import nox

nox.options.sessions = ["tests-3.10", "tests-3.13", "lint", "types", "schema"]
nox.options.reuse_existing_virtualenvs = True


@nox.session(python=["3.10", "3.13"])
def tests(session: nox.Session) -> None:
    session.install(".[test]")
    session.run("python", "-m", "pytest", "-q", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    session.install("ruff>=0.6")
    session.run("ruff", "check", "kems_ref", "tests", "tools", "benchmark.py", "noxfile.py")


@nox.session
def types(session: nox.Session) -> None:
    session.install(".", "mypy>=1.10", "types-pyyaml")
    session.run("mypy")


@nox.session
def schema(session: nox.Session) -> None:
    session.install(".")
    session.run("python", "-m", "kems_ref.corpus.schema", "--check")
