"""Short, language-aware labels for rule-point values (comparison cells, checklist answers)."""

from __future__ import annotations

from typing import Any

from ..i18n import has, t


def _word(code: str, lang: str) -> str:
    key = f"val.{code}"
    return t(key, lang) if has(key) else code


def _score(entries: list[Any], lang: str) -> str:
    parts = []
    for s in entries:
        if s["unit"] == "game":
            parts.append(f"{_word('game_won' if s['change'] > 0 else 'game_lost', lang)} "
                         f"({_word('role.' + s['team'], lang)})")
            continue
        unit = _word("pt" if s["unit"] == "point" else "letter", lang)
        if isinstance(s["change"], str):  # "gain" or "loss": the source gives no amount
            parts.append(f"{_word(s['change'], lang)} ({_word('role.' + s['team'], lang)})")
            continue
        parts.append(f"{s['change']:+d} {unit} ({_word('role.' + s['team'], lang)})")
    return ", ".join(parts)


def short(point: str, value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return _word(str(value).lower(), lang)
    if isinstance(value, (int, str)):
        return str(value) if isinstance(value, int) else _word(value, lang)
    if point == "players.count":
        if "counts" in value:
            return " / ".join(map(str, value["counts"]))
        high = value.get("max")
        span = (f"{value['min']}" if value["min"] == high else
                f"{value['min']}–{high}" if high else f"{value['min']} {_word('or_more', lang)}")
        if value.get("even_from") is not None and not value.get("even"):
            return span + f" ({t('val.even_from', lang, players=value['even_from'])})"
        return span + (f" ({_word('even', lang)})" if value.get("even") and value["min"] != high else "")
    if point == "teams.size":
        if value.get("teams"):
            return t("val.teams_count", lang, teams=value["teams"])
        return t("val.teams_of", lang, sizes=" / ".join(map(str, value["sizes"])))
    if point == "players.decks":
        def decks(rule: dict[str, Any]) -> str:
            where = f" ≤{rule['up_to']}" if rule["up_to"] else (f" {_word('beyond', lang)}" if len(value) > 1 else "")
            return f"{rule['decks']} {_word('decks' if rule['decks'] > 1 else 'deck', lang)}{where}"

        return ", ".join(decks(r) for r in value)
    if point == "deck.size":
        return " / ".join(str(s["cards"]) + (f" ({','.join(map(str, s['players']))} {_word('players_abbr', lang)})"
                                               if s.get("players") else "") for s in value)
    if point == "deal.hand_size":
        return " / ".join(map(str, value))
    if point == "deal.identical_cards":
        when = f" ({_word('game-start', lang)})" if value.get("when") else ""
        return f"{value['threshold']}+ → {_word(value['action'], lang)}{when}"
    if point == "hunt.opening":
        words = f" « {value['words']} »" if value.get("words") else ""
        return _word(value["trigger"], lang) + words
    if point == "call.contre_kems.proof":
        shown = _word(value["who"], lang) + ": " + _word(value["cards"], lang)
        return shown + (f" {_word(value['to'], lang)}" if value.get("to") else "")
    if point == "call.contre_kems.after_wrong":
        if not value["barred"]:
            return _word("false", lang)
        return f"{_word('barred', lang)} {_word('until.' + (value['until'] or 'none'), lang)}"
    if point == "hand.end" and isinstance(value, dict):
        parts = [f"{_word(kind, lang)} → {_word(key, lang)}"
                 for key in ("ends", "goes_on") for kind in value.get(key, [])]
        return ", ".join(parts)
    if point == "hand.wild":
        return ", ".join(map(str, value))
    if point == "score.target":
        if value.get("open"):
            return _word("open_target", lang)
        if value.get("points"):
            return f"{value['points']} {_word('pt', lang)}" + (f" ({_word('agreed', lang)})" if value["agreed"] else "")
        if value.get("word"):
            return str(value["word"])
        if value.get("rounds"):
            agreed = f" ({_word('agreed', lang)})" if value["agreed"] else ""
            return f"{value['rounds']} {_word('rounds', lang)}{agreed}"
        return _word("agreed", lang)
    if point == "call.double_contre_kems" and isinstance(value, dict):  # its own scores, right and wrong
        return f"{_score(value['right'], lang)} / {_score(value['wrong'], lang)}"
    if isinstance(value, dict) and "accuses" in value:  # a call of a convention's own: whom it accuses
        checks = value.get("checks") or "square"  # a call that names a signal says so instead of the hands
        return _word(f"accuses.{value['accuses']}" if checks == "square" else f"checks.{checks}", lang)
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
