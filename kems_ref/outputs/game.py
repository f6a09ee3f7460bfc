"""The score sheet for people and for scripts: the score, the history, a call's outcome, exports."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from ..errors import KemsError
from ..i18n import t
from ..words import fold
from . import wording
from .markup import escape

if TYPE_CHECKING:
    from rich.console import Console

    from ..game.play import Recorded, Replayed
    from ..game.sheet import Score
    from ..game.store import Game, Line, SheetEntry, Store
    from ..game.transfer import Imported
    from ..referee.resolver import Ruling


# --- the JSON of the score sheet's commands (the interface contract's objects) ---------------------

def new_game_json(game: Game) -> dict[str, Any]:
    """A new game as ``game new --json`` gives it."""
    return {"game": game.id, "name": game.name, "convention": game.convention,
            "teams": [{"team": t_.name, "players": t_.players} for t_ in game.teams],
            "target": game.target_points if game.unit == "point" else game.target_word,
            "unit": game.unit, "end": game.end_rule, "decided_by_table": game.decided, "letters": game.letters,
            "rounds": game.rounds}


def call_json(game: Game, called: Recorded, lang: str) -> dict[str, Any]:
    """A call as ``game call --json`` gives it: the entry, the ruling (worded in ``lang``), the score,
    the choices left."""
    ruling = wording.ruling_json(called.ruling, lang) if called.ruling is not None else None
    return {"ruling": ruling, "applied": called.entry.applied, "entry": called.entry.n,
            "changes": called.entry.changes, "choices": called.choices, "score": called.score.to_json(game),
            "decision": called.entry.decision, "amended": called.amended}


def entry_json(game: Game, called: Recorded) -> dict[str, Any]:
    """A plain line, an undo, a redo, a decision."""
    return {"entry": called.entry.n, "kind": called.entry.kind, "applied": called.entry.applied,
            "changes": called.entry.changes, "refers": called.entry.refers, "restores": called.restores,
            "decision": called.entry.decision, "amended": called.amended, "score": called.score.to_json(game)}


def list_json(games: list[tuple[Game, Score]]) -> list[dict[str, Any]]:
    """The games of a score-sheet file with their scores, as ``game list --json`` gives them."""
    return [{**score.to_json(game), "id": game.id, "created_at": game.created_at} for game, score in games]


def game_json(game: Game, score: Score, items: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """A game as ``game show --json`` gives it: its rules, teams, score and history (``items``:
    :func:`history_of`, written one at a time: the JSON writer streams a list it finds as an iterator)."""
    return {**score.to_json(game), "id": game.id, "end": game.end_rule, "decided_by_table": game.decided,
            "history": iter(items)}


def rescore_json(replayed: Replayed) -> dict[str, Any]:
    """The game replayed under another convention, as ``game rescore --json`` gives it."""
    return {"convention": replayed.convention, "score": replayed.score.to_json(replayed.game),
            "hands": replayed.hands}


def convention_name(game: Game, lang: str) -> str:
    """The game's convention by its short name; a house file that moved or went away names the path
    it had (one game's name degrades, the list of games still prints); one edited since the game
    began says so."""
    from ..corpus.load import file_state, load

    try:
        name = load(game.convention).short_name
    except KemsError:
        return t("game.convention_unreadable", lang, path=game.convention)
    if file_state(game.convention, game.digest) == "edited":
        return t("game.convention_edited", lang, convention=name)
    return name


def target_label(game: Game, lang: str) -> str:
    """What the game is played to ("5 points", "the word KEMS"), in ``lang``."""
    if game.unit == "letter":
        end = t("game.end.fewest", lang) if game.end_rule == "fewest" else t(f"game.end.{game.end_rule}", lang)
        return t("game.target_word", lang, word=game.target_word, end=end)
    if game.rounds is not None:  # so many rounds, the most points after them win
        return t("game.target_rounds", lang, rounds=game.rounds)
    if game.end_rule == "most":  # no target, no rounds: the team ahead when the table stops wins
        return t("game.target_open", lang)
    if game.target_points is None:  # Kent: a call wins or loses the game
        return t("game.target_by_call", lang)
    end = t("game.end.fewest_points", lang) if game.end_rule == "fewest" else t(f"game.end.{game.end_rule}", lang)
    return t("game.target_points", lang, points=game.target_points, end=end)


def print_score(console: Console, game: Game, score: Score, lang: str) -> None:
    """The score table of a game on a terminal."""
    from rich.table import Table

    title = t("game.title", lang, game=game.name, convention=convention_name(game, lang),
              target=target_label(game, lang))
    table = Table(title=escape(title), title_justify="left", show_edge=False)
    table.add_column(escape(t("game.col.team", lang)), no_wrap=True)
    table.add_column(escape(t("game.col.players", lang)))
    column = "game.col.points" if score.unit == "point" else "game.col.letters"
    table.add_column(escape(t(column, lang)), justify="right" if score.unit == "point" else "left")
    for s in score.standings:
        total = str(s.total) if score.unit == "point" else score.letters_of(s)
        mark = f" ({t('game.out', lang)})" if s.out else ""
        style = "bold green" if s.team == score.winner else ""
        table.add_row(f"[{style}]{escape(s.team)}[/]" if style else escape(s.team), escape(", ".join(s.players)),
                      escape(total + mark))
    console.print(table)
    console.print(escape(status_line(score, lang)))
    if score.waiting:
        console.print(f"[bold yellow]{escape(waiting_line(score, lang))}[/]")


def waiting_line(score: Score, lang: str) -> str:
    """The calls waiting for the table, and how to settle the first: a branch to choose (``decide``)
    only where its ruling has branches, else the score the table gives it (``point --for``)."""
    n = score.waiting[0]
    key = "game.waiting" if n in score.decidable else "game.waiting_enter"
    return t(key, lang, entries=", ".join(map(str, score.waiting)), n=n)


def status_line(score: Score, lang: str) -> str:
    """Where the game stands in one sentence: who leads, who is out, who has won (and, in a game of so
    many rounds, the round being played, or that they are all played)."""
    if score.rounds is None:
        return _status(score, lang)
    if score.played >= score.rounds:
        return t("game.rounds_over", lang, rounds=score.rounds) + " " + _status(score, lang)
    return t("game.round_of", lang, round=score.played + 1, rounds=score.rounds) + " " + _status(score, lang)


def _status(score: Score, lang: str) -> str:
    if score.finished:
        if score.winner:
            return t("game.winner", lang, team=score.winner)
        if score.tied:
            return t("game.over_tied", lang, teams=", ".join(score.tied))
        if score.loser:
            return t("game.loser", lang, team=score.loser)
        return t("game.over_tie", lang)
    if score.leader:
        return t("game.leader", lang, team=score.leader)
    return t("game.level", lang)


def changes_text(changes: list[dict[str, Any]], lang: str) -> str:
    """What a line of the sheet changed, with the teams' names ("Léa+Tom +1 point")."""
    if not changes:
        return t("game.no_change", lang)
    return t("ui.sep", lang).join(_change_text(c, lang) for c in changes)


def _change_text(c: dict[str, Any], lang: str) -> str:
    """One team's change; a letter lost with none held (or given to a team holding them all) says so."""
    if c["unit"] == "game":
        return t("game.game_won" if c["change"] > 0 else "game.game_lost", lang, team=c["team"])
    ruled = c.get("ruled")
    if isinstance(ruled, int) and c["change"] == 0:
        return t("game.no_letter_to_lose" if ruled < 0 else "game.no_letter_to_take", lang, team=c["team"])
    text = f"{c['team']} {c['change']:+d} {t('game.unit.' + c['unit'] + ('s' if abs(c['change']) > 1 else ''), lang)}"
    if isinstance(ruled, int) and ruled != c["change"]:
        text += t("game.letters_bounded", lang, ruled=f"{ruled:+d}")
    return text


def score_line(score: Score, lang: str) -> str:
    """The score on one line: ``Tom+Léa 3 · Ana+Ben 1 — Leading: Tom+Léa.``"""
    cells = []
    for s in score.standings:
        total = str(s.total) if score.unit == "point" else score.letters_of(s)
        cells.append(f"{s.team} {total}" + (f" ({t('game.out', lang)})" if s.out else ""))
    return " · ".join(cells) + " — " + status_line(score, lang)


def print_called(console: Console, game: Game, called: Recorded, lang: str) -> None:
    """A call on the sheet, short: the verdict with its reason and citations, what the sheet did
    with it, and the score on one line (``game score`` shows the table, ``rule`` the whole ruling)."""
    from ..outputs.ruling import cited_by_source, condition, verdict_label

    entry = called.entry
    lines: list[str] = []
    ruling = called.ruling
    decided = decided_branch(ruling, entry.decision)
    if decided is not None:  # applied at once by the table's decision: headed by the ruling it chose
        ruling = decided
    if ruling is not None and entry.kind in ("call", "decision"):
        head = verdict_label(ruling.verdict, lang) + (t("game.by_decision", lang) if decided is not None else "")
        event = wording.game_event_label(ruling.event, lang, game.convention)
        said = wording.call_name(ruling, lang)  # the publication's own name for the call, as `rule` heads it
        if said and fold(said) != fold(event):
            event += f" ({t('ui.called', lang, name=said)})"
        lines.append(f"[bold]{escape(head)}[/]  — {escape(event)}, {escape(convention_name(game, lang))}")
        if entry.kind == "call" and entry.by_player:
            lines.append("  " + escape(_who(game, entry, lang)))
        explained = wording.explanation(ruling, lang)
        if explained:
            lines.append(f"  {escape(explained)}")
        for source, cited in cited_by_source(wording.citations(ruling, lang), lang):  # a long source named once
            lines += [f"  {escape(source)}"] + [f"    • {escape(line)}" for line in cited]
    if entry.kind == "point" and (entry.decision or {}).get("hand_end") is True:  # game hand-end
        lines.append(f"[bold]{escape(t('game.hand_ended', lang, n=entry.n, game=game.name))}[/]")
    elif entry.applied:
        who = kept_label(entry.decision, lang) or (t("game.decided_by_table", lang)
                                                   if (entry.decision or {}).get("by") == "table" else "")
        applied = t("game.applied", lang, n=entry.n, game=game.name, changes=changes_text(entry.changes, lang))
        lines.append(f"[bold]{escape(applied)}[/]{escape(who)}")
    elif entry.kind == "undo" and called.restores is not None:
        lines.append(escape(t("game.redone", lang, n=entry.n, game=game.name, refers=entry.refers,
                              restored=called.restores)))
    elif entry.kind == "undo":
        lines.append(escape(t("game.undone", lang, n=entry.n, game=game.name, refers=entry.refers)))
    else:
        key = "game.not_applied_depends" if called.choices else "game.not_applied"
        lines.append(f"[bold yellow]{escape(t(key, lang, n=entry.n, game=game.name))}[/]")
        for i, choice in enumerate(called.choices, 1):
            event_id = ruling.event if ruling is not None else entry.event or ""
            cond = t("ui.sep", lang).join(condition(f, v, lang, event_id) for f, v in choice["if"].items())
            then = changes_text(choice["changes"], lang) if choice["changes"] is not None else t("game.unsettled", lang)
            verdict = t("verdict." + choice["verdict"], lang)
            lines.append(f"  {i}. {escape(cond)} → {escape(verdict)}: {escape(then)}")
        lines.append(escape(t("game.how_to_decide" if called.choices else "game.how_to_enter", lang, n=entry.n)))
    lines += [escape(line) for line in amended_lines(called.amended, lang)]
    lines.append(escape(score_line(called.score, lang)))
    if called.score.waiting and entry.applied:
        lines.append(f"[yellow]{escape(waiting_line(called.score, lang))}[/]")
    console.print("\n".join(lines))


def _who(game: Game, entry: SheetEntry, lang: str) -> str:
    """Who called, for which team, and whom it accuses: the teams the ruling's roles are."""
    def team(player: Optional[str]) -> str:
        return next((t_.name for t_ in game.teams if player in t_.players or player == t_.name), player or "")

    callers = team(entry.by_player)
    if entry.on_player and team(entry.on_player) == entry.on_player:  # the accused team, no player named
        return t("game.who_accuses_team", lang, by=entry.by_player, callers=callers, accused=entry.on_player)
    if entry.on_player:
        return t("game.who_accuses", lang, by=entry.by_player, callers=callers, on=entry.on_player,
                 accused=team(entry.on_player))
    return t("game.who_calls", lang, by=entry.by_player, callers=callers)


def amended_lines(amended: Optional[dict[str, Any]], lang: str) -> list[str]:
    """What an amend says: the line it replaces, and what went with it (the table's decisions on it,
    the calls its kept decision had applied, which wait again)."""
    if not amended:
        return []
    n = amended["n"]
    said = [t("game.amended", lang, n=n)]
    if amended.get("decisions"):
        said.append(t("game.amended_decisions", lang, n=n, lines=", ".join(map(str, amended["decisions"]))))
    if amended.get("relying"):
        said.append(t("game.amended_relying", lang, n=n, lines=", ".join(map(str, amended["relying"]))))
    return said


def kept_label(decision: Optional[dict[str, Any]], lang: str) -> str:
    """What a line says of a decision kept for the rest of the game: the line that applied it
    ("(the table's decision, line 5)"), or on the deciding line itself that it is kept."""
    decision = decision or {}
    if decision.get("kept"):
        return "".join(t("game.kept_from", lang, n=n) for n in decision["kept"])
    if decision.get("keep"):
        return t("game.decided_by_table", lang) + t("game.kept_now", lang)
    return ""


def decided_branch(ruling: Optional[Ruling], decision: Optional[dict[str, Any]]) -> Optional[Ruling]:
    """The branch a table's decision chose, for a call applied at once by ``--decide``."""
    if ruling is None or not decision or not decision.get("if"):
        return None
    return next((b["ruling"] for b in ruling.branches if b["if"] == decision["if"]), None)


#: the call's flags a ruling may turn on, told in the history beside the cards
CALL_FLAGS = ("during_sweep", "after_kems", "barred", "ungathered", "by_holder", "simultaneous", "rival_kems")


def _facts(entry: SheetEntry, lang: str) -> list[str]:
    """The facts a call was ruled on, as the table told them (and the branch it chose)."""
    from ..referee.situation import FACT_FLAGS
    from .ruling import condition

    situation = entry.situation or {}
    event = entry.event or ""
    said = [t(f"game.fact.{flag}", lang) for flag in CALL_FLAGS if situation.get(flag)]
    said += [condition(fact, situation[fact], lang, event) for fact in FACT_FLAGS
             if isinstance(situation.get(fact), bool) and fact not in ("square", "partner_square")]
    said += [condition(fact, situation[fact], lang, event) for fact in ("square", "partner_square")
             if isinstance(situation.get(fact), bool)]
    for fact, value in ((entry.decision or {}).get("if") or {}).items():
        said.append(condition(fact, value, lang, event))
    return said


def _holders(game: Optional[Game], entry: SheetEntry) -> dict[str, Optional[str]]:
    """Whose hands ``--hand`` and ``--partner-hand`` are: the caller's partner and the caller for a
    Kems or a Double Kems, the accused and the accused's partner for an accusation."""
    if game is None or entry.kind != "call":
        return {}

    def partner(name: Optional[str]) -> Optional[str]:
        team = next((t_ for t_ in game.teams if name in t_.players), None)
        return next((p for p in team.players if p != name), None) if team else None

    from ..corpus.events import EVENTS

    # a call of the convention's own that accuses (Kent's Broken) names its accused, as a Contre-Kems does
    if entry.event in ("contre-kems", "double-contre-kems") or (entry.event not in EVENTS and entry.on_player):
        accused = entry.on_player if entry.on_player and "+" not in entry.on_player else None
        return {"hand": accused, "partner_hand": partner(accused)}
    return {"hand": partner(entry.by_player), "partner_hand": entry.by_player}


def history_json(entries: list[SheetEntry], game: Optional[Game] = None, lang: str = "en") -> list[dict[str, Any]]:
    """Every entry as the contract's history object, plus what the table said the call turned on
    (``facts``), whose hands the cards were (``holders``) and each team's total after the line
    (``totals``)."""
    return list(history_items(entries, entries, game, lang))


def history_items(outline: Sequence[SheetEntry | Line], shown: Iterable[SheetEntry], game: Optional[Game] = None,
                  lang: str = "en") -> Iterator[dict[str, Any]]:
    """The history objects of the entries ``shown`` (full entries, read one at a time, in order), in
    the context of the whole game (``outline``: every entry, light or full — what cancels, decides and
    totals each line)."""
    from ..game.sheet import cancelled as cancelled_by

    cancelled = cancelled_by(outline)
    decided = {e.refers: e.n for e in outline if e.kind == "decision" and e.n not in cancelled}
    by_n = {e.n: e for e in outline}
    yield from _items(cancelled, decided, by_n.get, iter(outline), shown, game, lang,
                      prefix=lambda n: [e for e in outline if e.n <= n])


def history_of(store: Store, game: Game, lang: str, since: int = 1, totals: bool = True
               ) -> Iterator[dict[str, Any]]:
    """The history objects of the game's entries from ``since``, read from the sheet one at a time:
    what cancels and decides each line from the game's tally, what an undo takes back read where it
    is, the running totals summed as the lines go by — a long history is shown in memory flat.
    ``totals=False``: no running totals, and the lines before ``since`` are not read at all — what
    cancels or decides a line comes after it, so the lines shown say it themselves (the phone's last
    few lines cost the same in a long game as in a short one)."""
    from functools import lru_cache

    from ..game import sheet, tally

    if totals:
        standing = tally.read(store, game)
        cancelled, decisions = standing.cancelled, standing.decisions
    else:
        shown = list(store.iter_entries(game, full=False, since=since))
        cancelled = sheet.cancelled(shown)
        decisions = {e.n: e.refers for e in shown if e.kind == "decision" and e.refers is not None
                     and e.n not in cancelled}
    decided: dict[Optional[int], int] = {call: n for n, call in sorted(decisions.items())}
    lookup = lru_cache(maxsize=64)(lambda n: store.entry(game, n))
    lines = store.iter_entries(game, full=False) if totals else iter(())
    yield from _items(cancelled, decided, lookup, lines, store.iter_entries(game, full=True, since=since),
                      game if totals else None, lang, game,
                      prefix=lambda n: list(store.iter_entries(game, full=False, until=n)))


def _totals(entries: Sequence[SheetEntry | Line]) -> dict[str, int]:
    """Each team's total after ``entries`` (a game's first lines), as the sheet reads them."""
    from ..game.sheet import applies, cancelled

    gone = cancelled(entries)
    totals: dict[str, int] = {}
    for entry in entries:
        if entry.kind != "undo" and entry.n not in gone and applies(entry, gone):
            for change in entry.score_changes():
                if change.get("unit") != "game":
                    totals[change["team"]] = totals.get(change["team"], 0) + change["change"]
    return totals


def _items(cancelled: set[int], decided: Mapping[Optional[int], int], lookup: Any, lines: Iterator[Any],
           shown: Iterable[SheetEntry], game: Optional[Game], lang: str, teams_of: Optional[Game] = None,
           prefix: Optional[Callable[[int], Sequence[SheetEntry | Line]]] = None) -> Iterator[dict[str, Any]]:
    """Each line of ``shown`` as its history object: ``cancelled``, the lines an undo cancelled;
    ``decided``, each call settled by a decision and that decision's line; ``lookup(n)``, line ``n``
    (light); ``lines``, every line in order (the running totals)."""
    from ..game.sheet import ends_hand

    running = {t_.name: 0 for t_ in game.teams} if game is not None else {}
    amended = False  # an amend seen: what a later undo takes back is read from the lines before it
    for e in shown:
        for line in lines:  # the totals as the sheet read them after each line (an undo takes its entry back)
            amended = amended or line.amends is not None
            if amended and (line.amends is not None or line.kind == "undo") and prefix is not None:
                # a line replaced (and what went with it), or an amend undone: the totals read again
                running = {**{t_.name: 0 for t_ in game.teams}, **_totals(prefix(line.n))} if game else running
                if line.n >= e.n:
                    break
                continue
            counted, sign = (lookup(line.refers or 0), -1) if line.kind == "undo" else (line, 1)
            if counted is not None and counted.kind == "undo":  # a redo: the undone entry counts again
                counted, sign = lookup(counted.refers or 0), 1
            if counted is not None and counted.applied and counted.kind != "undo":
                for change in counted.score_changes():
                    if change.get("unit") != "game":  # a score that ends the game moves no total
                        running[change["team"]] = running.get(change["team"], 0) + sign * change["change"]
            if line.n >= e.n:
                break
        target = lookup(e.refers) if e.kind == "undo" and e.refers is not None else None
        yield {
            "n": e.n, "kind": e.kind, "event": e.event, "by": e.by_player, "on": e.on_player, "verdict": e.verdict,
            "changes": e.changes if e.kind != "undo" else [], "applied": e.applied, "cancelled": e.n in cancelled,
            "refers": e.refers, "decision": e.decision, "situation": e.situation, "amends": e.amends,
            "decided_verdict": _verdict(decided_branch(e.ruling, e.decision)) if e.kind == "call" else None,
            "decided_by": decided.get(e.n) if e.kind == "call" and not e.applied else None,
            "citations": wording.citations(e.ruling, lang) if e.ruling is not None and e.kind in ("call", "decision")
            else [],
            "at": e.at,
            "facts": _facts(e, lang) if e.kind == "call" else [],
            "redo": target is not None and target.kind == "undo",
            "restores": target.refers if target is not None and target.kind == "undo" else None,
            "holders": _holders(teams_of or game, e),
            "totals": dict(running) if game is not None else None,
            # the call's name as the ruling recorded it (a call of the convention's own: Kent's Broken)
            "call_name": wording.call_name(e.ruling, lang) if e.ruling is not None and e.kind == "call" else None,
            # the line ends a hand (a round, in a game of so many rounds): its ruling says so, or the table
            "hand_end": ends_hand(e),
        }


def _verdict(ruling: Optional[Ruling]) -> Optional[str]:
    return str(ruling.verdict) if ruling is not None else None


def history_rows(entries: list[SheetEntry], lang: str, game: Optional[Game] = None) -> list[list[str]]:
    return list(_rows(history_json(entries, game, lang), lang))


def _rows(items: Iterable[dict[str, Any]], lang: str, by_question: bool = False) -> Iterator[list[str]]:
    """Each history object as the cells of its row, one at a time; ``by_question``: each citation named
    by the question its rule point answers ('Score for a right Kems?'), as the phone names it — for a
    file a player reads (an export), not the terminal's history beside the rule commands."""
    from .ruling import cite_line

    for item in items:
        if item["kind"] == "call":
            what = t("game.kind.call", lang, event=wording.event_label(item["event"], lang, item.get("call_name")),
                     by=item["by"] or "",
                     on=f" → {item['on']}" if item["on"] else "") + _cards(item["situation"], lang,
                                                                          item.get("holders") or {})
            if item.get("facts"):
                what += f" [{t('ui.sep', lang).join(item['facts'])}]"
        elif item["kind"] == "point" and item.get("hand_end"):
            what = t("game.kind.hand_end", lang)
        elif item["kind"] == "point":
            what = t("game.kind.point", lang, by=item["by"] or "")
        elif item.get("redo"):
            what = t("game.kind.redo", lang, n=item["refers"], restored=item["restores"])
        else:  # decision, undo: the entry they refer to
            what = t(f"game.kind.{item['kind']}", lang, n=item["refers"])
        if item.get("amends"):
            what += t("game.replaces", lang, n=item["amends"])
        verdict = t(f"verdict.{item['verdict']}", lang) if item["verdict"] else ""
        if item["kind"] == "call" and item.get("decided_verdict"):  # applied at once by the table's decision
            verdict = t(f"verdict.{item['decided_verdict']}", lang) + t("game.by_decision", lang)
        if item["kind"] == "undo":
            change = ""
        elif item["applied"]:
            change = changes_text(item["changes"], lang) + kept_label(item.get("decision"), lang)
        elif item["decided_by"]:
            change = t("game.decided_in", lang, n=item["decided_by"])
        else:
            change = t("game.pending", lang)
        if item["cancelled"]:
            change = f"{change} ({t('game.cancelled', lang)})".strip()
        cite = "; ".join(cite_line(c, lang, by_question=True) if by_question
                         else f"{c['rule_point']}: {c['source']} — {c['section']}" for c in item["citations"])
        standing = " · ".join(f"{team} {total}" for team, total in (item.get("totals") or {}).items())
        yield [str(item["n"]), item["at"][:16].replace("T", " "), what, verdict, change, standing, cite]


def _cards(situation: Any, lang: str, holders: Optional[dict[str, Optional[str]]] = None) -> str:
    """The cards a call was ruled on, each hand labelled by its holder where the sheet knows him, so
    the sheet can be checked later: `` (Léa: Q Q Q Q; Tom: 5 5 5 5)``."""
    if not isinstance(situation, dict):
        return ""
    holders = holders or {}
    shown = []
    for key, label in (("hand", ""), ("partner_hand", "game.cards.partner"), ("lifted", "game.cards.lifted")):
        cards = situation.get(key)
        if cards:
            text = " ".join(map(str, cards)) if isinstance(cards, list) else str(cards)
            holder = holders.get(key) if key != "lifted" else None
            if holder:
                shown.append(f"{holder}: {text}")
            else:
                shown.append(f"{t(label, lang)} {text}" if label else text)
    return f" ({'; '.join(shown)})" if shown else ""


HISTORY_COLUMNS = ("n", "at", "entry", "verdict", "changes", "standing", "citations")


#: a long history is printed as tables of this many lines, one after another (memory flat per line)
CHUNK = 100


def print_history(console: Console, game: Game, items: Iterable[dict[str, Any]], lang: str, since: int = 1,
                  total: int = 0) -> None:
    """The history as a table; on a narrow terminal the citations go under the table, each source
    once per entry, instead of a column folded a few characters wide.  ``items``: the history objects
    to print (:func:`history_of`), numbered from ``since`` — the lines before are named in a note
    (``total``: the game's last line), with how to see them."""
    from itertools import islice

    lines = iter(items)
    title = escape(t("game.history_title", lang, game=game.name, convention=convention_name(game, lang)))
    if since > 1:
        title += "\n" + escape(t("game.history_skipped", lang, last=since - 1, total=total))
    while True:
        chunk = list(islice(lines, CHUNK))
        if not chunk and not title:
            return
        _print_chunk(console, chunk, title, lang)  # a game with no line yet: its title and headings
        title = ""


def _print_chunk(console: Console, items: list[dict[str, Any]], title: str, lang: str) -> None:
    """One table of the history (rich's layout, written line by line: :mod:`.table`), then on a narrow
    terminal the citations of its lines."""
    from .table import Column, print_table, print_wrapped

    wide = console.width >= 120
    columns = HISTORY_COLUMNS if wide else HISTORY_COLUMNS[:-1]
    print_table(console, [Column(t(f"game.col.{column}", lang), style="dim" if column == "citations" else "",
                                 no_wrap=column in ("n", "at")) for column in columns],
                list(_rows(items, lang)), title or None)
    if not wide:
        cited = [item for item in items if item["citations"]]
        if cited:
            console.print(escape(t("game.col.citations", lang)) + ":", style="bold")
        lines = []
        for item in cited:
            by_source: dict[str, list[str]] = {}
            for c in item["citations"]:
                by_source.setdefault(c["source"], []).append(f"{c['section']} ({c['rule_point']})")
            text = " · ".join(f"{source}: {'; '.join(sections)}" for source, sections in by_source.items())
            lines.append(f"  {item['n']}. {text}")
        print_wrapped(console, lines, "dim")


@dataclass
class Sheet:
    """A game's score sheet as ``game show`` and ``game export`` write it: the game and its score, its
    lines read from the sheet (``store``) as they are written — a long game is never held whole."""

    store: Store
    game: Game
    score: Score


def export_json(sheet: Sheet, lang: str, width: int) -> dict[str, Any]:
    """The game worded (score, history, teams, target) and, under ``"sheet"``, its rows as the sheet
    keeps them: what ``game import`` reads, on a computer or a phone.  Its lines are read as they are
    written (the history and the rows' entries are iterators)."""
    from ..game.transfer import sheet_of

    game, score = sheet.game, sheet.score
    return {"score": score.to_json(game), "history": history_of(sheet.store, game, lang),
            "teams": [{"team": t_.name, "players": t_.players} for t_ in game.teams],
            "target": game.target_points if game.unit == "point" else game.target_word,
            "sheet": sheet_of(sheet.store, game)}


def export_csv(sheet: Sheet, lang: str, width: int) -> Iterator[str]:
    """The history as CSV, one row at a time."""
    from .compare_render import _csv_safe

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([t(f"game.col.{c}", lang) for c in HISTORY_COLUMNS])
    for row in _rows(history_of(sheet.store, sheet.game, lang), lang, by_question=True):
        writer.writerow([_csv_safe(cell) for cell in row])
        yield out.getvalue()
        out.seek(0)
        out.truncate()
    yield out.getvalue()


def export_markdown(sheet: Sheet, lang: str, width: int) -> Iterator[str]:
    """The score and the history as Markdown, one line at a time."""
    game, score = sheet.game, sheet.score
    headers = [t(f"game.col.{c}", lang) for c in HISTORY_COLUMNS]
    title = t("game.title", lang, game=game.name, convention=convention_name(game, lang),
              target=target_label(game, lang))
    lines = [f"# {_md(title)}", "", f"| {t('game.col.team', lang)} | {t('game.col.players', lang)} | "
             f"{t('game.col.points' if score.unit == 'point' else 'game.col.letters', lang)} |", "|---|---|---|"]
    for s in score.standings:
        total = str(s.total) if score.unit == "point" else score.letters_of(s)
        gone = f" ({t('game.out', lang)})" if s.out else ""
        lines.append(f"| {_md(s.team)} | {_md(', '.join(s.players))} | {_md(total)}{gone} |")
    lines += ["", _md(status_line(score, lang)), "", f"## {t('game.history', lang)}", "",
              "| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    yield "\n".join(lines) + "\n"
    for row in _rows(history_of(sheet.store, game, lang), lang, by_question=True):
        yield "| " + " | ".join(_md(cell) for cell in row) + " |\n"


def _md(text: str) -> str:
    """Text in a markdown cell or heading: a name's ``|`` cannot add a column, its ``<`` cannot open an
    HTML tag a viewer would render, a line break cannot start a row of its own."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")
            .replace("\n", " ").replace("\r", " "))


def rescore_lines(game: Game, replayed: Replayed, lang: str) -> Iterator[dict[str, Any]]:
    """The game replayed under another convention, one object per line that it changes or keeps:
    ``mark`` (= the same, ≠ another outcome), ``n``, ``event`` and ``text`` (plain words, never markup)."""
    from ..corpus.load import load

    other = load(replayed.convention).short_name
    for hand in replayed.hands:
        if hand["kind"] == "point":
            if not hand["kept"]:  # a score written in another unit is never converted
                yield {"mark": "≠", "n": hand["n"], "event": "",
                       "text": t("game.rescore_point_unit", lang, n=hand["n"], changes=changes_text(hand["changes"],
                                                                                                      lang))}
            continue
        if hand["kind"] != "call":
            continue
        before = changes_text(hand["before"], lang) if hand["before"] else t("game.no_change", lang)
        was = t("game.was", lang, before=before)
        event = wording.game_event_label(hand["event"], lang, game.convention)
        if hand.get("out"):
            line = t("game.rescore_out", lang, convention=other)
        elif hand.get("no_such_call"):
            line = t("game.rescore_no_such_call", lang, convention=other)
        else:
            if hand["applied_by"] == "table":
                verdict = t("game.rescore_table_score", lang)
            elif hand["applied_verdict"]:
                verdict = t(f"verdict.{hand['applied_verdict']}", lang) + (
                    t("game.by_decision", lang) if hand["applied_by"] == "decision" else "")
            else:
                verdict = t(f"verdict.{hand['verdict']}", lang)
            now = changes_text(hand["changes"], lang) if hand["applied"] else _pending(hand, lang)
            line = f"{verdict} — {now}"
            if hand.get("kept"):  # left open there too: the table's kept decision applied
                line += "".join(t("game.kept_from", lang, n=n) for n in hand["kept"])
            if hand.get("overruled"):  # the table's kept decision applied here; the other convention rules
                line += t("game.rescore_overruled", lang, convention=other,
                          lines=", ".join(str(n) for n in hand["overruled"]))
        yield {"mark": "≠" if hand["differs"] else "=", "n": hand["n"], "event": event, "text": f"{line} ({was})"}


def _pending(hand: dict[str, Any], lang: str) -> str:
    """A replayed call the other convention leaves to the table, and what the table must answer: the
    reading it follows where the source contradicts itself, or the fact the ruling turns on."""
    from ..corpus.catalogue import question
    from ..referee.situation import READING

    event = hand.get("ruled_as") or hand["event"]
    asked = [t("game.pending_reading", lang, question=question(fact[len(READING):], lang))
             if fact.startswith(READING) else wording.need(fact, lang, event)["question"]
             for fact in hand.get("needs") or []]
    if not asked:
        return t("game.pending", lang)
    return t("game.pending_on", lang, what=t("ui.sep", lang).join(asked))


def print_rescore(console: Console, game: Game, replayed: Replayed, lang: str) -> None:
    """The game replayed under another convention, line by line, on a terminal."""
    from ..corpus.load import load

    other = load(replayed.convention).short_name
    console.print(escape(t("game.rescore_title", lang, game=game.name, convention=other)))
    for line in rescore_lines(game, replayed, lang):
        if not line["event"]:
            console.print(f"  {line['mark']} " + escape(line["text"]))
        else:
            console.print(f"  {line['mark']} {line['n']}. {escape(line['event'])}{t('ui.colon', lang)} "
                          f"{escape(line['text'])}")
    console.print()
    print_score(console, replayed.game, replayed.score, lang)


def new_game_text(game: Game, lang: str) -> str:
    """A new game for people: its teams, rules and target, and a first call to try — four cards its deck reads."""
    return "\n".join([*_game_lines(game, lang, "game.created"),
                      t("game.next", lang, player=game.teams[0].players[0], hand=_example_hand(game, lang))])


def _example_hand(game: Game, lang: str) -> str:
    """Four cards of one rank, as the game's deck names them (a deck of the convention's own: its last rank)."""
    from ..corpus.load import load
    from ..errors import KemsError
    from ..referee.cards import Card

    try:
        deck = load(game.convention).card_deck()
    except KemsError:  # the file moved or broke since: the standard deck's four queens
        deck = None
    if deck is None:
        return "Q Q Q Q"
    return " ".join([Card(deck.ranks[-1]).label(lang, deck)] * 4)


def _game_lines(game: Game, lang: str, headline: str, **more: object) -> list[str]:
    lines = [t(headline, lang, game=game.name, convention=convention_name(game, lang),
               target=target_label(game, lang), **more)]
    lines += [f"  {t_.name}" for t_ in game.teams]
    if game.decided:
        said = t("ui.sep", lang).join(t(f"game.decided.{k}", lang, value=v) for k, v in game.decided.items())
        lines.append(t("game.table_decided", lang, what=said))
    return lines


def imported_text(imported: Imported, path: str, lang: str) -> str:
    """A game added from its export, said as a new game is: the name it was given where its own was
    taken, how many lines it brought, where it stands."""
    game = imported.game
    lines = [t("game.imported_renamed", lang, name=imported.renamed_from, game=game.name)] \
        if imported.renamed_from is not None else []
    lines += _game_lines(game, lang, "game.imported", path=path, entries=imported.entries)
    lines.append(score_line(imported.score, lang))
    return "\n".join(lines)


def imported_json(imported: Imported, path: str) -> dict[str, Any]:
    """A game added from its export: as ``game new --json``, with the lines it brought, the name it
    had where it was given another, and its score."""
    return {**new_game_json(imported.game), "entries": imported.entries, "renamed_from": imported.renamed_from,
            "score": imported.score.to_json(imported.game)}


def list_text(games: list[tuple[Game, Score]], lang: str) -> str:
    """The games of a score-sheet file, one line each."""
    if not games:
        return t("game.none_yet", lang)
    lines = []
    for game, score in games:
        totals = " / ".join(f"{s.team} {s.total if score.unit == 'point' else score.letters_of(s)}"
                            for s in score.standings)
        lines.append(f"{game.id}  {game.name}  {convention_name(game, lang)}  {totals}  — {status_line(score, lang)}")
    return "\n".join(lines)
