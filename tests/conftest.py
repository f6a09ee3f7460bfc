import inspect
import json
import os
import shutil
import tempfile

# before kems_ref is imported (collection loads the conventions): its data cache and the score
# sheets in folders of this run, never the user's — removed when the run ends
os.environ["KEMS_REF_CACHE"] = tempfile.mkdtemp(prefix="kems-ref-test-cache-")
os.environ["KEMS_REF_DB"] = os.path.join(tempfile.mkdtemp(prefix="kems-ref-test-games-"), "games.sqlite3")

import click.testing
import pytest
from typer.testing import CliRunner

from kems_ref.cli import app
from kems_ref.cli.commands import register_all

register_all()  # every command: main() makes only those a command line can reach


RUN_DIRS = (os.environ["KEMS_REF_CACHE"], os.path.dirname(os.environ["KEMS_REF_DB"]))


def pytest_unconfigure(config):
    """The run's cache and score-sheet folders (made above) go with it."""
    for folder in RUN_DIRS:
        if os.path.basename(folder).startswith("kems-ref-test-"):
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory):
    """The JSON copies of the package's YAML data go to a temporary cache, never the user's; the
    score sheets to a temporary database (the README's game examples play one game through it)."""
    os.environ["KEMS_REF_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    os.environ["KEMS_REF_DB"] = str(tmp_path_factory.mktemp("games") / "games.sqlite3")


@pytest.fixture(autouse=True)
def pinned_env(monkeypatch):
    """Rich output width is pinned, the language is chosen by the tests (an English locale), not the machine."""
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("KEMS_REF_LANG", raising=False)
    monkeypatch.delenv("KEMS_REF_CONVENTION", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # an English locale: a French story is answered in English
    monkeypatch.delenv("LC_ALL", raising=False)


def cli_runner() -> CliRunner:
    """A runner whose result keeps stderr apart from stdout: Click 8.2+ always does (and has no
    ``mix_stderr``); before 8.2 it must be asked."""
    if "mix_stderr" in inspect.signature(click.testing.CliRunner.__init__).parameters:
        return CliRunner(mix_stderr=False)
    return CliRunner()


class Run:
    def __init__(self, result):
        self.result = result
        self.code = result.exit_code
        self.out = result.stdout
        self.err = result.stderr

    def json(self):
        return json.loads(self.out)


@pytest.fixture
def run():
    runner = cli_runner()

    def _run(*args, env=None):
        return Run(runner.invoke(app, list(args), env=env, catch_exceptions=False))

    return _run


@pytest.fixture
def rule(run):
    def _rule(event, *args, convention="ducale"):
        r = run("rule", event, "-c", convention, "--json", *args)
        assert r.code == 0, r.err
        return r.json()

    return _rule


@pytest.fixture
def game_sheet(run, tmp_path):
    """``game_sheet(*args)``: a ``game`` command on this test's own score sheet: its JSON where it succeeds
    (``json_out=False``: the result itself), the result where it exits with ``code``."""
    db = str(tmp_path / "games.sqlite3")

    def _sheet(*args, code=0, json_out=True):
        r = run("game", *args, *(["--json"] if json_out else []), env={"KEMS_REF_DB": db})
        assert r.code == code, r.err + r.out
        return r.json() if json_out and code == 0 and r.out.strip() else r

    return _sheet


HERE = os.path.dirname(__file__)


def read_data(path) -> object:
    """A YAML file of the tests' own (the ruling tables, the stories, the hostile cases), read with PyYAML's
    C loader where it is built: several modules read the tables while the suite is collected."""
    import yaml

    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def paused_kems_ref(stage: str, seconds: float = 30) -> list[str]:
    """The command line of a kems-ref process that holds its write open at ``stage`` ("commit",
    "create", "migrate") for ``seconds``, to be killed there: the store's test hook, set in the child
    (no environment variable reaches the commit path)."""
    import sys

    code = ("import sys, time\nfrom kems_ref.game import store\n"
            f"store.PAUSE = lambda stage: time.sleep({seconds!r}) if stage == {stage!r} else None\n"
            "from kems_ref.cli import main\nsys.argv[0] = 'kems-ref'\nmain()\n")
    return [sys.executable, "-c", code]
