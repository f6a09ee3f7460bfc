"""One library that any front end calls: ``kems_ref.library`` names it, the command line uses nothing
else, and its operations give what the commands give."""

from __future__ import annotations

import ast
import pathlib

import pytest

from kems_ref import library as kems

PACKAGE = pathlib.Path(kems.__file__).resolve().parent


def _imports(path: pathlib.Path) -> set[str]:
    """The package modules a file imports (relative imports resolved), function-level ones included."""
    here = ["kems_ref", *path.relative_to(PACKAGE).parent.parts]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module or ""
            found |= {f"{module}.{a.name}" if module == "kems_ref" else module for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return {m for m in found if m.split(".")[0] == "kems_ref"}


def test_the_command_line_imports_nothing_of_the_package_but_the_library():
    """(and ``serve`` starts the other front end, the phone pages; ``site build`` writes the browser's)"""
    outside = {(path.name, module) for path in (PACKAGE / "cli").glob("*.py") for module in _imports(path)
               if module != "kems_ref.library" and not module.startswith("kems_ref.cli")
               and not (path.name == "serve.py" and module == "kems_ref.web.serve")
               and not (path.name == "site.py" and module == "kems_ref.site.build")}
    assert outside == set()


def test_the_phone_pages_import_nothing_of_the_package_but_the_library():
    outside = {(path.name, module) for path in (PACKAGE / "web").glob("*.py") for module in _imports(path)
               if module != "kems_ref.library" and not module.startswith("kems_ref.web")}
    assert outside == set()


def test_the_public_names_are_the_names_type_checkers_see_and_each_one_exists():
    tree = ast.parse((PACKAGE / "library.py").read_text(encoding="utf-8"))
    block = next(node for node in tree.body
                 if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING")
    typed = {alias.asname or alias.name: f"kems_ref{'.' + node.module if node.module else ''}"
             for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert typed == kems.PUBLIC
    for name in kems.__all__:
        assert getattr(kems, name) is not None, name
    with pytest.raises(AttributeError):
        kems.resolve  # noqa: B018  (the resolver itself is not public: rule is)


def test_every_public_function_says_what_it_does():
    import inspect

    missing = [name for name in kems.__all__ if inspect.isfunction(getattr(kems, name)) and not
               inspect.getdoc(getattr(kems, name))]
    assert missing == []


def test_rule_all_gives_every_shipped_convention_its_ruling():
    result = kems.rule_all(kems.situation("kems", {"hand": "Q Q Q Q"}))
    assert [r.convention for r in result.rulings] == kems.shipped_ids()
    assert result.everywhere


def test_ask_rules_a_story_under_the_convention_it_names():
    asked = kems.ask("Contre-Kems de Paul sur Léa qui avait 7 7 R R, règles Ducale", "fr", convention="pagat")
    assert isinstance(asked, kems.Asked)
    ruling = asked.result.ruling
    assert (ruling.convention, ruling.event, str(ruling.verdict)) == ("ducale", "contre-kems", "rejected")
    assert kems.explanation(ruling, "fr").startswith("Le joueur accusé n'a pas de carré (7 7 R R).")


def test_ask_answers_a_question_about_the_rules_as_compare_does():
    answered = kems.ask("on joue en combien de points chez Ducale ?", "fr")
    assert isinstance(answered, kems.Comparison)
    assert answered.labels == ["ducale"]
    assert [row["rule_point"] for row in answered.rows] == ["score.system", "score.target"]


def test_a_story_the_library_cannot_rule_on_raises_the_one_error_type():
    with pytest.raises(kems.KemsError):
        kems.ask("bonjour", "fr")


def test_a_story_over_2000_characters_is_refused_by_the_library_before_it_is_read(monkeypatch):
    """One bound for every front end: the reader's entry point holds it, and ``ask`` meets it first."""
    import kems_ref.ask.reader as reader

    assert kems.MAX_STORY == 2000
    for story in ("x" * 2001, "contre kems sur deux 7 et deux rois " * 1700):
        with pytest.raises(kems.KemsError) as refused:
            kems.ask(story, "fr")
        assert refused.value.key == "error.ask_too_long"
        assert refused.value.render("fr") == "récit trop long (au plus 2000 caractères) : racontez juste la dispute"
    with pytest.raises(kems.KemsError, match=r"^story too long \(at most 2000 characters\): tell just the dispute$"):
        kems.read("x" * 2001)
    kems.check_story("x" * 2000)  # at the bound: read
    monkeypatch.setattr(reader, "tokenize", lambda story: pytest.fail("a story over the bound was read"))
    with pytest.raises(kems.KemsError):
        kems.ask("x" * 2001, "en")
    with pytest.raises(kems.KemsError):
        kems.read("x" * 2001)


def test_the_readme_library_example_prints_what_its_comments_say(capsys):
    """Docs that tests keep true: each print of the README's example, against the comment beside it
    (up to a "…", or to two spaces before a remark)."""
    import re

    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    code = re.findall(r"```python\n(.*?)```", readme, re.S)[0]
    exec(compile(code, "README.md", "exec"), {})  # the project's own README
    printed = capsys.readouterr().out.splitlines()
    said = [line.split("# ", 1)[1].split(" …")[0].split("  ")[0] for line in code.splitlines()
            if line.startswith("print(")]
    assert len(printed) == len(said) == 5
    for out, comment in zip(printed, said, strict=True):
        assert out.startswith(comment), (out, comment)


# --- what front ends no longer decide: each decision the library's, one test here ---------------------

@pytest.fixture
def sheet(tmp_path):
    with kems.Store(tmp_path / "games.sqlite3", make_folder=False) as store:
        kems.new_game(store, ["Tom+Léa", "Ana+Ben"], "ducale", 5, "jeudi")
        yield store


def test_a_call_without_its_caller_is_refused_by_the_library_with_one_message(sheet):
    with pytest.raises(kems.KemsError) as refused:
        kems.call(sheet, sheet.game(None), "kems", {"hand": "Q Q Q Q"}, "", None, None)
    assert refused.value.key == "error.game_need_by"


def test_an_event_the_game_does_not_have_is_refused_naming_the_games_events(sheet):
    with pytest.raises(kems.KemsError) as refused:
        kems.call(sheet, sheet.game(None), "broken", {}, "Tom", "Ana", None)  # Kent's call, not Ducale's
    assert refused.value.key == "error.unknown_event"
    assert refused.value.params["choices"].startswith("kems, double-kems, contre-kems, double-contre-kems")
    assert "broken" not in refused.value.params["choices"]


def test_current_names_the_current_game_unless_a_game_is_named_so(sheet):
    assert sheet.game("current").name == "jeudi"
    kems.new_game(sheet, ["Zoé+Max", "Inès+Karim"], "ducale", 5, "current")
    kems.new_game(sheet, ["Zoé+Max", "Inès+Karim"], "ducale", 5, "vendredi")
    assert sheet.game(None).name == "vendredi" and sheet.game("current").name == "current"


def test_every_convention_and_one_convention_at_once_is_refused_before_the_situation_is_read():
    """Kent's Broken is no event of every shipped convention: the refusal says what was asked twice."""
    kent = str(pathlib.Path(__file__).parent / "data" / "variants" / "kent.yaml")
    with pytest.raises(kems.KemsError) as refused:
        kems.ruling_for("broken", {"hand": "Q Q Q Q"}, None, kent, everywhere=True)
    assert refused.value.key == "error.all_and_convention"
    with pytest.raises(kems.KemsError) as again:
        kems.ruling_of({"event": "kems", "hand": "Q Q Q Q"}, "pagat", everywhere=True)
    assert again.value.key == "error.all_and_convention"
