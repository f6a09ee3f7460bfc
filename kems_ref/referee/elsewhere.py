"""What the other conventions say where one is silent, and who recommends what for the silence."""

from __future__ import annotations

from typing import Any

from ..corpus.catalogue import BY_ID
from ..corpus.load import Convention, load_all


def elsewhere(conv: Convention, points: list[str], exception: bool = False) -> list[dict[str, Any]]:
    """For each point: every other shipped convention's answer, and recommendations from the
    conventions that extend ``conv`` and state the point (Regles.com over Ducale's silence).
    ``exception``: the points are exceptions other sources make to a rule ``conv`` applied whole
    (``"exception": true`` on each item).  Texts and citations as the files give them (every
    language): :func:`kems_ref.outputs.wording.elsewhere` words them."""
    if not points:
        return []
    everyone = load_all()
    out = []
    for point in points:
        if point not in BY_ID:  # a point of a house file's own call (Kent's Broken): no one else has it
            continue
        answers: list[dict[str, Any]] = []
        recommendations: list[dict[str, Any]] = []
        for other in everyone:
            if other.id == conv.id:
                continue
            entry = other.rules[point]
            if not entry.stated or entry.inherited_from:
                continue
            item = {"convention": other.id, "value": entry.value, "text": entry.text,
                    "citation": entry.citation, "force": entry.force}
            (recommendations if conv.id in other.chain[1:] else answers).append(item)
        item_out: dict[str, Any] = {"rule_point": point, "conventions": answers, "recommendations": recommendations}
        if exception:
            item_out["exception"] = True
        out.append(item_out)
    return out
