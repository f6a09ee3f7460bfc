"""YAML reading for anything a user wrote (house rules, situation files), bounded and located.

Shipped files are read through :mod:`kems_ref.datacache`.  A user's file may be anything, so every
read is bounded: a regular file only (never a FIFO or a device), at most ``MAX_BYTES``, at most
``MAX_NODES`` nodes once aliases are expanded (an alias bomb stops there), at most ``MAX_DEPTH``
levels of nesting, no self-referencing alias, and only the plain tags (no ``!!python``, no
``!!timestamp``).  Scalars are read as people wrote them (YAML 1.2 core schema): ``010`` and ``4:0``
stay text, only ``true``/``false``, decimal numbers and ``null`` are typed.  Every key keeps its
line, duplicate keys are reported (PyYAML silently keeps the last one), merge keys (``<<``) work.
"""

from __future__ import annotations

import os
import re
import stat
from typing import Any, ClassVar

import yaml

from ..errors import KemsError

MAX_BYTES = 1_000_000
MAX_NODES = 50_000
MAX_DEPTH = 64

Path_ = tuple[Any, ...]  # a path of keys and list indices from the document root
Lines = dict[Path_, int]  # Path_ -> 1-based line

_BASE: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
STR, INT, FLOAT, BOOL, NULL = (f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null"))
MAP, SEQ, MERGE = "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:merge"


class _CoreLoader(_BASE):  # type: ignore[misc]
    """PyYAML's safe loader, resolving plain scalars by the YAML 1.2 core schema."""

    yaml_implicit_resolvers: ClassVar[dict[Any, Any]] = {}


for _tag, _pattern, _first in (
    (BOOL, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    (INT, r"^[-+]?(?:0|[1-9][0-9]*)$", "-+0123456789"),
    (FLOAT, r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$", "-+0123456789."),
    (NULL, r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    (MERGE, r"^<<$", "<"),
):
    _CoreLoader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


def read_text(path: str) -> str:
    """A user's text file: a regular file, UTF-8, at most MAX_BYTES; anything else is one clear error."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise KemsError("error.no_such_file", path) from None
    except OSError as exc:
        raise KemsError("error.cannot_read", path, reason=exc.strerror or type(exc).__name__) from None
    if stat.S_ISDIR(info.st_mode):
        raise KemsError("error.is_directory", path)
    if not stat.S_ISREG(info.st_mode):
        raise KemsError("error.not_regular_file", path)
    if info.st_size > MAX_BYTES:
        raise KemsError("error.file_too_large", path, limit=MAX_BYTES // 1000)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise KemsError("error.cannot_read", path, reason=exc.strerror or type(exc).__name__) from None
    if len(raw) > MAX_BYTES:  # the file grew while we read it
        raise KemsError("error.file_too_large", path, limit=MAX_BYTES // 1000)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise KemsError("error.not_utf8", path, byte=exc.start) from None


def _yaml_error(exc: yaml.YAMLError, path: str) -> KemsError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return KemsError("error.malformed_yaml", path, mark.line + 1 if mark else None, problem=problem)


def load_located(text: str, path: str) -> tuple[Any, Lines, list[KemsError]]:
    """Parse ``text``; return the data, the line of every key path, and duplicate-key problems."""
    try:
        root = yaml.compose(text, Loader=_CoreLoader)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, path) from None
    except RecursionError:
        raise KemsError("error.yaml_too_deep", path, limit=MAX_DEPTH) from None
    lines: Lines = {(): 1}
    problems: list[KemsError] = []
    budget = [MAX_NODES]
    constructor = yaml.constructor.SafeConstructor()

    def build(node: yaml.Node, at: Path_, depth: int, open_nodes: frozenset[int]) -> Any:
        line = node.start_mark.line + 1
        budget[0] -= 1
        if budget[0] < 0:
            raise KemsError("error.yaml_too_big", path, line, limit=MAX_NODES)
        if depth > MAX_DEPTH:
            raise KemsError("error.yaml_too_deep", path, line, limit=MAX_DEPTH)
        if id(node) in open_nodes:
            raise KemsError("error.yaml_self_alias", path, line)
        inside = open_nodes | {id(node)}
        if isinstance(node, yaml.MappingNode):
            if node.tag != MAP:
                raise KemsError("error.yaml_tag", path, line, tag=node.tag)
            out: dict[Any, Any] = {}
            first_line: dict[Any, int] = {}
            for key_node, value_node in node.value:
                if key_node.tag == MERGE:
                    merged = build(value_node, at, depth + 1, inside)
                    for part in merged if isinstance(merged, list) else [merged]:
                        if not isinstance(part, dict):
                            raise KemsError("error.yaml_bad_merge", path, key_node.start_mark.line + 1)
                        for key, value in part.items():
                            out.setdefault(key, value)
                    continue
                key = build(key_node, at, depth + 1, inside)
                key_line = key_node.start_mark.line + 1
                if isinstance(key, (dict, list)):
                    problems.append(KemsError("error.key_not_plain", line=key_line))
                    continue
                if key in first_line:
                    problems.append(KemsError("error.duplicate_key", line=key_line, key=key, first=first_line[key]))
                    continue
                first_line[key] = key_line
                here = (*at, key)
                lines[here] = key_line
                out[key] = build(value_node, here, depth + 1, inside)
            return out
        if isinstance(node, yaml.SequenceNode):
            if node.tag != SEQ:
                raise KemsError("error.yaml_tag", path, line, tag=node.tag)
            items = []
            for index, item in enumerate(node.value):
                here = (*at, index)
                lines[here] = item.start_mark.line + 1
                items.append(build(item, here, depth + 1, inside))
            return items
        if node.tag not in (STR, INT, FLOAT, BOOL, NULL):
            raise KemsError("error.yaml_tag", path, line, tag=node.tag)
        try:
            return constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError, KeyError):
            raise KemsError("error.yaml_bad_value", path, line, tag=node.tag.rsplit(":", 1)[-1],
                            value=str(node.value)[:40]) from None

    data = build(root, (), 0, frozenset()) if root is not None else None
    return data, lines, problems


def line_of(lines: Lines, loc: tuple[Any, ...]) -> int:
    """The line of the deepest known prefix of ``loc``."""
    for end in range(len(loc), -1, -1):
        if loc[:end] in lines:
            return lines[loc[:end]]
    return 1
