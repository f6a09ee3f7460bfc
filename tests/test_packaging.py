"""The declared ranges are the tested ranges: the minimum-versions session (``nox -s tests-min``)
installs exactly the lower bounds that pyproject.toml declares."""

import pathlib
import sys

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
