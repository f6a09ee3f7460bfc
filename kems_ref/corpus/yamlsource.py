"""YAML reading for anything a user wrote: every key keeps its line (shipped files are read through
:mod:`kems_ref.datacache`).

The located reader composes the node tree so that every key keeps its line, and reports duplicate
keys (which PyYAML silently overwrites) as errors.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..errors import KemsError

try:  # the C loader when libyaml is there: several times faster
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

Path_ = tuple[Any, ...]  # a path of keys and list indices from the document root
Lines = dict[Path_, int]  # Path_ -> 1-based line


def read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise KemsError("error.no_such_file", path) from None
    except UnicodeDecodeError as exc:
        raise KemsError("error.not_utf8", path, byte=exc.start) from None
    except OSError as exc:
        raise KemsError("error.cannot_read", path, reason=exc.strerror or exc.__class__.__name__) from None


def _yaml_error(exc: yaml.YAMLError, path: str) -> KemsError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return KemsError("error.malformed_yaml", path, mark.line + 1 if mark else None, problem=problem)


def load_located(text: str, path: str) -> tuple[Any, Lines, list[KemsError]]:
    """Parse ``text``; return the data, the line of every key path, and duplicate-key problems."""
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, path) from None
    lines: Lines = {(): 1}
    problems: list[KemsError] = []
    constructor = yaml.constructor.SafeConstructor()

    def build(node: yaml.Node, at: tuple[Any, ...]) -> Any:
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            first_line: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key = build(key_node, at)
                line = key_node.start_mark.line + 1
                if isinstance(key, (dict, list)):
                    problems.append(KemsError("error.key_not_plain", line=line))
                    continue
                if key in out:
                    problems.append(KemsError("error.duplicate_key", line=line, key=key, first=first_line[key]))
                    continue
                first_line[key] = line
                here = (*at, key)
                lines[here] = line
                out[key] = build(value_node, here)
            return out
        if isinstance(node, yaml.SequenceNode):
            items = []
            for index, item in enumerate(node.value):
                here = (*at, index)
                lines[here] = item.start_mark.line + 1
                items.append(build(item, here))
            return items
        try:
            return constructor.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            raise _yaml_error(exc, path) from None

    data = build(root, ()) if root is not None else None
    return data, lines, problems


def line_of(lines: Lines, loc: tuple[Any, ...]) -> int:
    """The line of the deepest known prefix of ``loc``."""
    for end in range(len(loc), -1, -1):
        if loc[:end] in lines:
            return lines[loc[:end]]
    return 1
