"""Short, language-aware labels for rule-point values (comparison cells, checklist answers)."""

from __future__ import annotations

from typing import Any

from ..i18n import has, t


def _v(code: str, lang: str) -> str:
    key = f"val.{code}"
    return t(key, lang) if has(key) else code


def _score(entries: list[Any], lang: str) -> str:
    parts = []
    for s in entries:
        unit = _v("pt" if s["unit"] == "point" else "letter", lang)
        parts.append(f"{s['change']:+d} {unit} ({_v('role.' + s['team'], lang)})")
    return ", ".join(parts)


def short(point: str, value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return _v(str(value).lower(), lang)
    if isinstance(value, (int, str)):
        return str(value) if isinstance(value, int) else _v(value, lang)
    if point == "players.count":
        if "counts" in value:
            return " / ".join(map(str, value["counts"]))
        span = (f"{value['min']}" if value["min"] == value["max"] else
                f"{value['min']}–{value['max']}" if value["max"] else f"{value['min']} {_v('or_more', lang)}")
        return span + (f" ({_v('even', lang)})" if value["even"] and value["min"] != value["max"] else "")
    if point == "players.decks":
        def decks(rule: dict[str, Any]) -> str:
            where = f" ≤{rule['up_to']}" if rule["up_to"] else (f" {_v('beyond', lang)}" if len(value) > 1 else "")
            return f"{rule['decks']} {_v('decks' if rule['decks'] > 1 else 'deck', lang)}{where}"

        return ", ".join(decks(r) for r in value)
    if point == "deck.size":
        return " / ".join(str(s["cards"]) + (f" ({','.join(map(str, s['players']))} {_v('players_abbr', lang)})"
                                               if s.get("players") else "") for s in value)
    if point == "deal.hand_size":
        return " / ".join(map(str, value))
    if point == "deal.identical_cards":
        when = f" ({_v('game-start', lang)})" if value.get("when") else ""
        return f"{value['threshold']}+ → {_v(value['action'], lang)}{when}"
    if point == "hunt.opening":
        words = f" « {value['words']} »" if value.get("words") else ""
        return _v(value["trigger"], lang) + words
    if point == "call.contre_kems.proof":
        shown = _v(value["who"], lang) + ": " + _v(value["cards"], lang)
        return shown + (f" {_v(value['to'], lang)}" if value.get("to") else "")
    if point == "call.contre_kems.after_wrong":
        if not value["barred"]:
            return _v("false", lang)
        return f"{_v('barred', lang)} {_v('until.' + (value['until'] or 'none'), lang)}"
    if point == "hand.end" and isinstance(value, dict):
        parts = [f"{_v(kind, lang)} → {_v(key, lang)}" for key in ("ends", "goes_on") for kind in value.get(key, [])]
        return ", ".join(parts)
    if point == "score.target":
        if value.get("points"):
            return f"{value['points']} {_v('pt', lang)}" + (f" ({_v('agreed', lang)})" if value["agreed"] else "")
        if value.get("word"):
            return str(value["word"])
        return _v("agreed", lang)
    if isinstance(value, list) and value and isinstance(value[0], dict) and "team" in value[0]:
        return _score(value, lang)
    return str(value)


def short_entry(point: str, entry: Any, lang: str) -> str:
    """A stated entry's short value, with the other values the source offers (the table chooses)."""
    text = short(point, entry.value, lang)
    if entry.choices:
        others = " / ".join(short(point, choice, lang) for choice in entry.choices)
        text = f"{text} / {others} ({t('ui.table_chooses', lang)})"
    return text
