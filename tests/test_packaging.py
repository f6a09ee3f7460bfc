"""The declared ranges are the tested ranges: the minimum-versions session (``nox -s tests-min``)
installs exactly the lower bounds that pyproject.toml declares, every declared Python runs somewhere, and
the runner of the Pyodide check (Python 3.14) checks here what the suite checks."""

import pathlib
import sys

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest itself requires tomli before 3.11
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _lower_bounds() -> dict[str, Version]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    bounds = {}
    # the runtime dependencies, and those of the web extra (`serve`), which the suite also runs
    for line in [*project["dependencies"], *project["optional-dependencies"]["web"]]:
        req = Requirement(line)
        lower = [Version(s.version) for s in req.specifier if s.operator == ">="]
        assert len(lower) == 1, f"{line}: one lower bound (>=) for the minimum-versions session to pin"
        bounds[canonicalize_name(req.name)] = lower[0]
    return bounds


def _pins() -> dict[str, Version]:
    pins = {}
    for line in (ROOT / "constraints" / "minimum.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "==", line
            pins[canonicalize_name(req.name)] = Version(spec.version)
    return pins


def test_the_minimum_constraints_pin_every_runtime_dependency_at_its_declared_lower_bound():
    assert _pins() == _lower_bounds()


@pytest.mark.slow  # every table case and story again (the suite has them): the whole suite only
def test_the_pyodide_check_rules_every_table_case_and_reads_every_story_as_the_suite_does(capsys):
    """tools/pyodide_cases.py, which nox -s pyodide runs under Pyodide (Python 3.14), run here: every case
    and every story, none failed, so a failure there is Pyodide's, never the runner's."""
    import json

    import yaml

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import pyodide_cases
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert pyodide_cases.main(ROOT) == 0
    result = json.loads(capsys.readouterr().out)
    cases = sum(len(yaml.safe_load(p.read_text(encoding="utf-8"))["cases"])
                for p in (ROOT / "tests" / "rulings").glob("*.yaml"))
    stories = yaml.safe_load((ROOT / "tests" / "data" / "ask" / "stories.yaml").read_text(encoding="utf-8"))
    assert (result["rulings"], result["stories"], result["failed"]) == (cases, len(stories), 0)


def test_every_python_the_project_declares_is_run_somewhere():
    """The classifiers' minors are the nox test sessions', .ci/run's python3 (3.11) and no other; 3.14,
    which requires-python admits, is Pyodide 314's (nox -s pyodide) and is no classifier."""
    import re

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {c.rsplit(" :: ", 1)[1] for c in project["classifiers"] if re.search(r":: 3\.\d+$", c)}
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    sessions = set(re.findall(r'"(3\.\d+)"', re.search(r"@nox\.session\(python=\[([^]]*)\]\)", noxfile).group(1)))
    assert declared == sessions | {"3.11"} and project["requires-python"] == ">=3.10"
    pin = (ROOT / "kems_ref" / "site" / "fetch.py").read_text(encoding="utf-8")
    assert re.search(r'^VERSION = "314\.\d+\.\d+"', pin, re.M) and '"pyodide"' in noxfile
