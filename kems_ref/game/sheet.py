"""The score sheet's arithmetic, from the convention's data: what a ruling changes for which team,
the standings, and when the game is over in the convention's own terms.  Pure: no database.

* Points (``score.system: points``): each team's total; reaching ``score.target`` does what
  ``score.end`` says (``wins``: the first team to reach it wins; ``loses``: it loses; ``fewest``:
  the game ends, the team with the fewest points wins).
* Letters: each team's letters of the word (``score.target.word``, e.g. KEMPS), shown as the word
  so far (``K E _ _ _``); spelling it does what ``score.end`` says (``out``: the team is out, the
  last team left wins; ``loses``: the game ends, that team has lost; ``wins``: it has won;
  ``fewest``: the game ends, the team with the fewest letters wins and the one that spelled it has
  lost).
* A game over with several teams level for the win (``tied``) names no winner: the sheet says who
  is tied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Optional

from ..errors import KemsError
from ..referee.resolver import Ruling
from .store import Game, Line, SheetEntry, Team


@dataclass
class Standing:
    team: str
    players: list[str]
    total: int  # points, or letters taken
    out: bool = False


@dataclass
class Score:
    unit: str
    standings: list[Standing]
    winner: Optional[str] = None
    loser: Optional[str] = None
    finished: bool = False
    tied: list[str] = field(default_factory=list)  # a game over with no single winner: the teams level for the win
    leader: Optional[str] = None
    word: Optional[str] = None
    target: Optional[int] = None
    waiting: list[int] = field(default_factory=list)  # entries of calls the table has still to settle
    decidable: list[int] = field(default_factory=list)  # those of them settled by choosing a branch
    rounds: Optional[int] = None  # a game of so many rounds (score.end: most): how many
    played: int = 0  # the rounds played: the lines that count and end a hand (see :func:`ends_hand`)

    def letters_of(self, standing: Standing) -> str:
        """``K E _ _ _``: the word so far."""
        word = self.word or ""
        shown = max(0, min(standing.total, len(word)))  # a sheet edited by hand into nonsense shows no letter
        return " ".join(list(word[:shown]) + ["_"] * (len(word) - shown))

    def to_json(self, game: Game) -> dict[str, Any]:
        from ..corpus.load import file_state

        key = "points" if self.unit == "point" else "letters"
        return {
            "game": game.name, "convention": game.convention,
            "convention_file": file_state(game.convention, game.digest), "unit": self.unit,
            "teams": [{"team": s.team, "players": s.players, key: s.total if key == "points" else self.letters_of(s),
                       **({} if key == "points" else {"letters_count": s.total}), "out": s.out}
                      for s in self.standings],
            "winner": self.winner, "finished": self.finished, "loser": self.loser, "tied": self.tied,
            "leader": self.leader,
            "target": self.target if self.unit == "point" else self.word,
            "letters": game.letters if self.unit == "letter" else None,
            "waiting": self.waiting,
            # a game of so many rounds: how many, and how many are played (the hands ended); else null
            "rounds": self.rounds, "rounds_played": self.played if self.rounds is not None else None,
        }


def cancelled(entries: Sequence[SheetEntry | Line]) -> set[int]:
    """The entries an undo cancels, and those a later line replaces (``game amend``).  A redo is an
    undo of an undo: the undo it cancels cancels nothing (read from the last entry back, as each undo
    refers to an earlier entry); an amend undone replaces nothing, an amend replaced in its turn still
    replaces its line.  A decision on a call that no longer counts no longer counts either."""
    out: set[int] = set()
    undone: set[int] = set()  # cancelled by an undo: what they did is undone too (a replaced line stays replaced)
    for e in reversed(entries):
        if e.n in undone:
            continue
        if e.kind == "undo" and e.refers is not None:
            out.add(e.refers)
            undone.add(e.refers)
        elif e.amends is not None:
            out.add(e.amends)
    if out:
        out |= {e.n for e in entries if e.kind == "decision" and e.refers in out}
    return out


def effective(entries: list[SheetEntry]) -> list[SheetEntry]:
    """The entries that count: not cancelled by an undo."""
    gone = cancelled(entries)
    return [e for e in entries if e.kind != "undo" and e.n not in gone]


def last_redoable(entries: list[SheetEntry]) -> Optional[SheetEntry]:
    """The undo a redo cancels: the latest undo still in force, with nothing written since but
    other undos and redos (a redo after a new entry would put the game out of order)."""
    gone = cancelled(entries)
    for e in reversed(entries):
        if e.kind != "undo":
            return None
        if e.n not in gone:
            by_n = {x.n: x for x in entries}
            target = by_n.get(e.refers or 0)
            return e if target is not None and target.kind != "undo" else None  # a redo is redone by undo
    return None


def applies(entry: SheetEntry | Line, gone: set[int]) -> bool:
    """Whether an entry's changes count: it was applied, and the kept decisions that applied it (a
    call the table's earlier decision settled, ``--keep``) are not cancelled (``gone``)."""
    if not entry.applied:
        return False
    return not any(d in gone for d in kept_lines(getattr(entry, "decision", None)))


def kept_lines(decision: Any) -> list[int]:
    """The kept decisions (their lines) that applied a call, as its decision names them; anything else a
    file edited by hand holds there names none."""
    kept = decision.get("kept") if isinstance(decision, dict) else None
    return [d for d in kept if isinstance(d, int) and not isinstance(d, bool)] if isinstance(kept, list) else []


def keep_spec(decision: Any) -> Optional[dict[str, Any]]:
    """A decision kept for the rest of the game (``--keep``), where the line's decision holds a whole one:
    the call, its key (event, verdict, open points) and the scores by role."""
    keep = decision.get("keep") if isinstance(decision, dict) else None
    if not (isinstance(keep, dict) and isinstance(keep.get("call"), int) and isinstance(keep.get("key"), dict)
            and isinstance(keep.get("changes"), list)):
        return None
    if not all(isinstance(c, dict) and isinstance(c.get("change"), int) and isinstance(c.get("role"), str)
               for c in keep["changes"]):
        return None
    return keep


def waiting(entries: list[SheetEntry]) -> list[SheetEntry]:
    """The calls still waiting for the table: recorded, not applied (or applied by a kept decision
    since cancelled), not yet decided."""
    gone = cancelled(entries)
    live = [e for e in entries if e.kind != "undo" and e.n not in gone]
    decided = {e.refers for e in live if e.kind == "decision"}
    return [e for e in live if e.kind == "call" and not applies(e, gone) and e.n not in decided]


def last_undoable(entries: list[SheetEntry]) -> Optional[SheetEntry]:
    live = effective(entries)
    return live[-1] if live else None


def ends_hand(entry: SheetEntry) -> bool:
    """Whether a line ends a hand — a round, in a game of so many rounds: a call whose ruling says the hand
    ends (waiting for the table or not: the hand is over, only its score waits), or the table's line that
    ends a hand with no call (``game hand-end``).  A call whose ruling leaves it open ends none: the table
    says it with ``game hand-end``."""
    if entry.kind == "call":
        return entry.ends_hand
    return entry.kind == "point" and isinstance(entry.decision, dict) and entry.decision.get("hand_end") is True


def score(game: Game, entries: list[SheetEntry]) -> Score:
    """The standings of a game from its entries: totals, who is out, who has won, what waits for a
    decision."""
    totals = {t.name: 0 for t in game.teams}
    ended: Optional[dict[str, Any]] = None  # the first applied change that ends the game (unit "game")
    gone = cancelled(entries)
    played = sum(1 for entry in effective(entries) if ends_hand(entry))
    for entry in effective(entries):
        if applies(entry, gone):
            for change in entry.changes:
                if change.get("unit") == "game":
                    ended = ended or change
                else:
                    totals[change["team"]] += change["change"]
    result = end_by(standings(game, totals, played), ended)
    result.waiting = [e.n for e in waiting(entries)]
    result.decidable = [e.n for e in waiting(entries) if e.branches]
    return result


def end_by(result: Score, ended: Optional[dict[str, Any]]) -> Score:
    """A score that ends the game (unit ``game``): its team wins it (+1) or loses it (-1), whatever the
    totals; with two teams the other one wins."""
    if ended is not None:
        result.finished, result.tied = True, []
        if ended["change"] > 0:
            result.winner, result.loser = ended["team"], None
        else:
            result.loser = ended["team"]
            others = [s for s in result.standings if s.team != ended["team"]]
            result.winner = others[0].team if len(others) == 1 else None
    return result


def standings(game: Game, totals: dict[str, int], played: int = 0) -> Score:
    """The standings from each team's total (and, in a game of so many rounds, the rounds ``played``)."""
    result = Score(unit=game.unit, standings=[Standing(t.name, t.players, totals[t.name]) for t in game.teams],
                   word=game.target_word, target=game.target_points, rounds=game.rounds, played=played)
    if game.end_rule == "most" and game.rounds is not None:  # so many rounds, then the most points win
        most = max((s.total for s in result.standings), default=0)
        ahead = [s.team for s in result.standings if s.total == most]
        result.leader = ahead[0] if len(ahead) == 1 else None
        if played >= game.rounds:
            result.finished = True
            result.winner = result.leader
            result.tied = ahead if len(ahead) > 1 else []
        return result
    if game.unit == "point":
        reached = [s for s in result.standings if game.target_points is not None and s.total >= game.target_points]
        # most points lead; where the fewest win (score.end: fewest) or reaching the target loses, the fewest lead
        best = (min if game.end_rule in ("fewest", "loses") else max)((s.total for s in result.standings), default=0)
        leaders = [s.team for s in result.standings if s.total == best]
        result.leader = leaders[0] if len(leaders) == 1 else None
        if reached:
            top = max(s.total for s in reached)
            first = [s for s in reached if s.total == top]
            result.finished = True
            if game.end_rule == "wins":
                result.winner = first[0].team if len(first) == 1 else None
                result.tied = [s.team for s in first] if len(first) > 1 else []
            elif game.end_rule == "fewest":
                _fewest_win(result, reached)
            elif game.end_rule == "loses":
                result.loser = first[0].team if len(first) == 1 else None
                others = [s for s in result.standings if s.team != result.loser]
                result.winner = others[0].team if len(others) == 1 else None
        return result
    length = len(game.target_word or "")
    for s in result.standings:
        s.out = length > 0 and s.total >= length and game.end_rule == "out"
    # penalty letters: the fewest lead; reward letters (score.letters: reward): the most lead —
    # except where the fewest win the game (score.end: fewest)
    best = (max if game.reward and game.end_rule != "fewest" else min)((s.total for s in result.standings),
                                                                      default=0)
    leaders = [s.team for s in result.standings if s.total == best]
    result.leader = leaders[0] if len(leaders) == 1 else None
    spelled = [s for s in result.standings if length and s.total >= length]
    if game.end_rule == "out":
        left = [s for s in result.standings if not s.out]
        if len(left) <= 1:
            result.finished = True
            result.winner = left[0].team if left else None
    elif spelled:
        result.finished = True
        if game.end_rule == "wins":
            result.winner = spelled[0].team if len(spelled) == 1 else None
            result.tied = [s.team for s in spelled] if len(spelled) > 1 else []
        elif game.end_rule == "fewest":
            _fewest_win(result, spelled)
        else:  # loses
            result.loser = spelled[0].team if len(spelled) == 1 else None
            others = [s for s in result.standings if s.team != result.loser]
            result.winner = others[0].team if len(others) == 1 else None
    return result


def _fewest_win(result: Score, ended_by: list[Standing]) -> None:
    """``score.end: fewest``: the game is over; the team with the fewest (letters or points) wins, the
    team that ended it (reached the target) has lost; teams level for the fewest are tied, and none
    of them wins."""
    fewest = min(s.total for s in result.standings)
    first = [s.team for s in result.standings if s.total == fewest]
    result.winner = first[0] if len(first) == 1 else None
    result.tied = first if len(first) > 1 else []
    result.loser = ended_by[0].team if len(ended_by) == 1 and ended_by[0].team not in first else None


@dataclass
class Roles:
    """The teams a call's roles name: the callers (the team of ``--by``), the accused (the team of
    ``--on``, or the other team when there are only two)."""

    callers: Team
    accused: Optional[Team]
    teams: list[Team] = field(default_factory=list)

    def of(self, role: str) -> list[Team]:
        if role == "callers":
            return [self.callers]
        if role == "accused":
            if self.accused is None:
                raise KemsError("error.game_need_on")
            return [self.accused]
        # others: every team but the callers and the accused
        return [t for t in self.teams if t is not self.callers and t is not self.accused]


def changes_of(ruling: Ruling, roles: Roles) -> list[dict[str, Any]]:
    """A ruling's score in the game's teams: [{team, change, unit}]."""
    out = []
    for entry in ruling.score:
        for team in roles.of(str(entry["team"])):
            out.append({"team": team.name, "change": entry["change"], "unit": entry["unit"]})
    return out


def bounded(changes: list[dict[str, Any]], totals: dict[str, int], game: Game) -> list[dict[str, Any]]:
    """A line's changes as they apply where the game stands (``totals``): in a letters game a team holds
    between none and every letter of the word, so a letter lost with none held is lost from nothing (and
    one given to a team holding them all is given nothing).  Such a change is written as what it does
    (``change``: 0, or what is left) with the ruling's own beside it (``ruled``); the line says so, and every
    total that reads the line (the tally, the score, the history, a rescore, an export) agrees."""
    if game.unit != "letter":
        return changes
    length = len(game.target_word or "") or None
    held = dict(totals)
    out = []
    for change in changes:
        if change.get("unit") != "letter":
            out.append(change)
            continue
        before = held.get(change["team"], 0)
        after = max(0, before + change["change"])
        if length is not None and change["change"] > 0:
            after = min(after, max(before, length))
        held[change["team"]] = after
        done = after - before
        out.append(change if done == change["change"] else {**change, "change": done, "ruled": change["change"]})
    return out


def settled(ruling: Ruling) -> bool:
    """A ruling the sheet may apply: the convention settles the verdict and the score."""
    return ruling.verdict.settles and ruling.score_settled
