"""docs/contract.md is the code's: every command and option it names exists under that name (the
Typer/Click command tree, walked), every route of the HTTP API it lists is served and every route the
app serves is listed, every JSON key it documents for ``rule --json`` and ``game score --json`` is
produced (and every key produced is documented), and its exit codes are the README's."""

from __future__ import annotations

import json
import pathlib
import re

import click
import pytest
import typer.main

from kems_ref import library as kems
from kems_ref.cli import app

ROOT = pathlib.Path(__file__).resolve().parents[1]
CONTRACT = (ROOT / "docs" / "contract.md").read_text(encoding="utf-8")
#: what the test holds to the code: the page up to its proposals (not built yet)
HELD = CONTRACT.split("\n## Proposed, not in the code yet\n")[0]
TREE = typer.main.get_command(app)
KENT = str(ROOT / "tests" / "data" / "variants" / "kent.yaml")


def _section(title: str) -> str:
    """The text under a heading (``## Commands``, ``### `kems-ref rule EVENT```) up to the next heading,
    its subsections left out."""
    lines = HELD.splitlines()
    start = lines.index(next(line for line in lines if re.fullmatch(rf"#+ {re.escape(title)}", line)))
    body = []
    for line in lines[start + 1:]:
        if re.match(r"#+ ", line):
            break
        body.append(line)
    return "\n".join(body)


RULE = re.compile(r"\|(\s*:?-+:?\s*\|)+")


def _rows(text: str) -> list[list[str]]:
    """The cells of every markdown table's rows (each table's header and rule left out); a ``\\|`` is
    a ``|`` inside a cell."""
    lines = text.splitlines()
    return [[cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            for i, line in enumerate(lines) if line.startswith("|") and not RULE.fullmatch(line)
            and not (i + 1 < len(lines) and RULE.fullmatch(lines[i + 1]))]


def _command(words: list[str]) -> click.Command:
    cmd: click.Command = TREE
    for word in words:
        assert isinstance(cmd, click.Group) and word in cmd.commands, f"kems-ref {' '.join(words)}: no such command"
        cmd = cmd.commands[word]
    return cmd


def _options(cmd: click.Command) -> set[str]:
    return {name for param in cmd.params if isinstance(param, click.Option)
            for name in (*param.opts, *param.secondary_opts)}


def _leaves(cmd: click.Command) -> list[click.Command]:
    return [leaf for sub in cmd.commands.values() for leaf in _leaves(sub)] if isinstance(cmd, click.Group) else [cmd]


def _split(spec: str) -> tuple[list[str], list[str]]:
    """``game new --team P1+P2`` → (["game", "new"], ["--team"]); ``--convention/-c ID|FILE`` → ([],
    ["--convention", "-c"])."""
    words, options = [], []
    for given in spec.split():
        token = given.strip("[].")
        if token.startswith("-"):
            options += token.split("/")
        elif not options and given == token and re.fullmatch(r"[a-z][a-z-]*", token):  # not [options]
            words.append(token)
    return words, options


def _has(words: list[str], option: str) -> None:
    """The command has the option; a group of one command per event (``game call EVENT``): each of them."""
    cmd = _command(words)
    if option in _options(cmd):
        return
    assert isinstance(cmd, click.Group), f"kems-ref {' '.join(words)} has no option {option}"
    lacking = [leaf.name for leaf in _leaves(cmd) if option not in _options(leaf)]
    assert lacking == [], f"kems-ref {' '.join(words)} EVENT: {option} missing on {lacking}"


# --- commands and options ------------------------------------------------------------------------------

#: the synopsis lines, each without its description (after two spaces or more)
SYNOPSIS = [re.split(r"\s{2,}", line)[0].split()[1:] for line in _section("Commands").split("```")[1].splitlines()
            if line.startswith("kems-ref")]


@pytest.mark.parametrize("line", SYNOPSIS, ids=[" ".join(line[:3]) for line in SYNOPSIS])
def test_every_command_the_contract_lists_exists_with_the_options_its_line_names(line):
    words, options = _split(" ".join(line))
    _command(words)
    for option in options:
        _has(words, option)


def test_the_contract_lists_every_command_of_the_command_line():
    listed = {" ".join(_split(" ".join(line))[0]) for line in SYNOPSIS}
    leaves = {" ".join(path) for path in _paths(TREE, [])}
    assert leaves - listed == set()


def _paths(cmd: click.Command, prefix: list[str]) -> list[list[str]]:
    """Every command path, a group of one command per event (rule, game call) counted as itself."""
    if not isinstance(cmd, click.Group):
        return [prefix]
    if prefix and set(cmd.commands) >= set(kems.EVENTS):
        return [prefix]
    return [path for name, sub in cmd.commands.items() for path in _paths(sub, [*prefix, name])]


def test_the_options_every_command_shares_are_on_every_command():
    for row in _rows(_section("Options every command shares")):
        option = _split(row[0].strip("`"))[1][0]
        for leaf in _leaves(TREE):
            if option == "--format" and leaf.name == "serve":
                continue  # it writes no output of its own, and the contract says so
            assert option in _options(leaf), (leaf.name, option)


RULE_ROWS = _rows(_section("`kems-ref rule EVENT`"))


@pytest.mark.parametrize("row", RULE_ROWS, ids=[row[0] for row in RULE_ROWS])
def test_every_option_of_rule_the_contract_lists_is_on_the_events_it_names(row):
    events = list(kems.EVENTS) if row[1] == "all" else [e.strip() for e in row[1].split(",")]
    options = [option for cell in re.findall(r"`([^`]+)`", row[0]) for option in _split(cell)[1]]
    assert options
    for event in events:
        assert event in kems.EVENTS
        for option in options:
            _has(["rule", event], option)
    for declared in kems.OPTIONS:  # and it names every event the option is on
        if set(declared.names) & set(options):
            assert set(declared.events) == set(events), declared.attr


def test_the_contract_names_every_option_of_every_event_of_rule():
    named = {option for row in RULE_ROWS for cell in re.findall(r"`([^`]+)`", row[0])
             for option in _split(cell)[1]}
    offered = {name for event in kems.EVENTS for name in _options(_command(["rule", event]))} - {"--help"}
    assert offered - named == {"--json", "--lang"}  # the options every command shares


TABLES = {"`kems-ref ask [WORDS...]`": ["ask"], "`kems-ref compare [IDS|RULE_POINT|TOPIC...]`": ["compare"],
          "`kems-ref checklist`": ["checklist"], "`kems-ref conventions …`": [],
          "`kems-ref game …` — the score sheet": [], "`kems-ref serve`": ["serve"]}
ROWS = [(base, row[0]) for title, base in TABLES.items() for row in _rows(_section(title))]


@pytest.mark.parametrize("base, spec", ROWS, ids=[spec for _, spec in ROWS])
def test_every_command_and_option_the_contract_lists_exists(base, spec):
    words, options = _split(" ".join(re.findall(r"`([^`]+)`", spec)))
    _command([*base, *words])
    for option in options:
        _has([*base, *words], option)


def test_a_name_the_command_line_lacks_fails_the_check():
    with pytest.raises(AssertionError):
        _has(["game", "point"], "--amend")  # no such option
    with pytest.raises(AssertionError):
        _command(["game", "forget"])  # no such command


# --- JSON keys ---------------------------------------------------------------------------------------

def _keys(data: object, prefix: str = "") -> set[str]:
    """Every key path of a JSON value: ``score[].team``, ``branches[].ruling.verdict``."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            found.add(prefix + key)
            found |= _keys(value, f"{prefix}{key}.")
    elif isinstance(data, list):
        for item in data:
            found |= _keys(item, prefix[:-1] + "[]." if prefix else "[].")
    return found


def _documented(title: str) -> list[str]:
    return [row[0].strip("`") for row in _rows(_section(title))]


RULINGS = [
    ["contre-kems", "--hand", "7 7 K K"],
    ["contre-kems", "--hand", "K K K K", "-c", "pagat"],  # an exception elsewhere, Pagat's topics
    ["kems", "--hand", "Q Q Q 2", "-c", "marquoir"],  # a contradiction: readings, branches, needs
    ["kems", "--hand", "Q Q Q Q", "-c", "bicycle"],  # silences: elsewhere, recommendations
    ["kems", "--hand", "Q Q Q Q", "-c", "regle-breve"],
    ["broken", "--hand", "Q Q Q Q", "-c", KENT],  # a call of the convention's own: like
]


@pytest.fixture(scope="module")
def ruled():
    from conftest import cli_runner

    produced: set[str] = set()
    top: set[str] = set()
    for line in RULINGS:
        done = cli_runner().invoke(app, ["rule", *line, "--json", "--lang", "en"])
        assert done.exit_code == 0, done.output
        data = json.loads(done.stdout)
        produced |= _keys(data)
        top |= set(data)
    return produced, top


def test_every_json_key_of_a_ruling_the_contract_documents_is_produced(ruled):
    produced, top = ruled
    documented = _documented("JSON of one ruling (`rule --json`)")
    assert {"like", "score_settled", "citations[].force", "branches[].ruling", "elsewhere[].exception"} <= \
        set(documented)
    assert sorted(set(documented) - produced) == []
    assert sorted(top - set(documented)) == []  # and every key a ruling has is documented


def test_the_contract_s_example_ruling_is_what_rule_prints_for_it(run):
    example = json.loads(_section("JSON of one ruling (`rule --json`)").split("```json")[1].split("```")[0])
    printed = run("rule", "contre-kems", "--hand", "7 7 K K", "--json", "--lang", "en").json()
    assert list(example) == list(printed)
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", printed["corpus"]["digest"])  # the example's is elided
    printed["corpus"]["digest"] = "sha256:…"
    assert {k: v for k, v in example.items() if k not in ("explanation", "citations")} == \
        {k: v for k, v in printed.items() if k not in ("explanation", "citations")}


@pytest.fixture(scope="module")
def scores(tmp_path_factory):
    from conftest import cli_runner

    db = tmp_path_factory.mktemp("contract") / "games.sqlite3"
    found = []
    for convention, name in (("ducale", "points"), ("pagat", "letters")):
        for line in (["new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", convention, "--target", "3",
                      "--name", name], ["kems", "Léa", "--hand", "Q Q Q Q"], ["score"]):
            if convention == "pagat" and "--target" in line:
                line = line[:line.index("--target")] + line[line.index("--target") + 2:]
            done = cli_runner().invoke(app, ["game", *line, "--db", str(db), "--json"])
            assert done.exit_code == 0, done.output
        found.append(json.loads(done.stdout))
    return found


def test_every_json_key_of_a_score_the_contract_documents_is_produced(scores):
    produced = set().union(*(_keys(score) for score in scores))
    documented = _documented("JSON of a score (`game score --json`)")
    assert {"tied", "loser", "teams[].letters", "convention_file"} <= set(documented)
    assert sorted(set(documented) - produced) == []
    assert sorted(produced - set(documented)) == []


# --- the HTTP API and the pages ----------------------------------------------------------------------------

def test_every_route_the_contract_lists_is_served_and_every_route_served_is_listed(tmp_path):
    pytest.importorskip("starlette", reason="the web extra (pip install 'kems-ref[web]') is not installed")
    from starlette.routing import Route

    from kems_ref.web.app import create_app
    from kems_ref.web.base import Settings

    listed = {tuple(row[0].strip("`").split()) for row in _rows(_section("The HTTP API and the pages"))}
    guarded = create_app(Settings(db=tmp_path / "games.sqlite3", lang="en"))
    served = {(method, route.path) for route in guarded.app.routes if isinstance(route, Route)
              for method in route.methods or () if method != "HEAD"}
    assert {route for route in served if route[1].startswith("/api/")} <= listed
    assert sorted(listed - served) == []
    assert sorted(served - listed) == []
    assert ("POST", "/api/games/{game}/decide") in listed


# --- exit codes, and the README's link ----------------------------------------------------------------------

def test_the_contract_s_exit_codes_are_the_readme_s():
    contract = {int(row[0].strip("`")) for row in _rows(_section("Errors and exit codes"))}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = readme.split("Exit codes: ")[1].split("\n\n")[0]
    assert contract == {int(code) for code in re.findall(r"`(\d+)`", said)} == {0, 1, 2, 70, 74, 130, 141}


def test_the_readme_links_the_contract_in_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/contract.md)" in readme and "../shared" not in readme
