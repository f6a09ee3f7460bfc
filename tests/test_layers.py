"""Dependencies point one way: every import of the package, function-level ones included, goes from a
layer to one below it (or within its own package), and no two modules import each other, however
indirectly.  The layers, bottom first: text helpers, the corpus, the referee, the score sheet (it keeps
a ruling as data and never words one), the output layer (the wording of a ruling and the renderers),
the story reader, the public library (what every front end calls), the phone pages, the command line."""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "kems_ref"
LAYERS = [
    {"kems_ref.errors", "kems_ref.i18n", "kems_ref.datacache", "kems_ref.words", "kems_ref"},
    {"kems_ref.corpus"},
    {"kems_ref.referee"},
    {"kems_ref.game"},
    {"kems_ref.outputs"},
    {"kems_ref.ask"},
    {"kems_ref.library"},
    {"kems_ref.web", "kems_ref.site"},
    {"kems_ref.cli", "kems_ref.__main__"},
]


def _modules() -> dict[str, pathlib.Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: pathlib.Path, modules: dict[str, pathlib.Path]) -> set[str]:
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module or ""
            for alias in node.names:  # "from . import schema": the module itself
                found.add(f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m.startswith("kems_ref") and m in modules}


def _layer(module: str) -> int:
    package = ".".join(module.split(".")[:2])
    return next(i for i, layer in enumerate(LAYERS) if package in layer or module in layer)


@pytest.mark.slow
def test_every_import_points_down_or_within_its_package():
    modules = _modules()
    upward = [(m, target) for m, path in modules.items() for target in _imports(m, path, modules)
              if _layer(target) > _layer(m)]
    assert upward == []


@pytest.mark.slow
def test_no_two_modules_import_each_other_however_indirectly():
    modules = _modules()
    graph = {m: _imports(m, path, modules) - {m} for m, path in modules.items()}
    cycles = []

    def visit(node: str, trail: list[str]) -> None:
        for target in graph[node]:
            if target in trail:
                cycles.append([*trail[trail.index(target):], target])
            elif target not in done:
                visit(target, [*trail, target])
        done.add(node)

    done: set[str] = set()
    for module in sorted(graph):
        if module not in done:
            visit(module, [module])
    # a package's __init__ importing its own modules is not a cycle of the code
    assert sorted({" -> ".join(c) for c in cycles if not any(m == "kems_ref" for m in c)}) == []


def test_the_check_sees_a_function_level_import():
    modules = _modules()
    assert "kems_ref.corpus.load" in _imports("kems_ref.corpus.naming", modules["kems_ref.corpus.naming"], modules)
    assert "kems_ref.corpus.schema" in _imports("kems_ref.corpus.load", modules["kems_ref.corpus.load"], modules)
