"""Playing a game: new game, calls ruled and applied, plain entries, the table's decisions, undo,
and the whole history replayed under another convention.  The database is :mod:`.store`, the
arithmetic :mod:`.sheet`, the rulings the referee's (:mod:`kems_ref.referee.api`).

A ruling the convention does not settle (``unspecified``, ``depends``, a score left open) is shown
and recorded, but not applied, until the table decides: a branch of a ``depends`` ruling
(``--decide``, ``game decide``), or the score the table gives it (``game point --for``).  The
decision is recorded as the table's, beside the ruling; a reading of a self-contradicting source,
once chosen, holds for the rest of the game.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Optional

from ..corpus.events import BY_NAME
from ..corpus.load import Convention, canonical, is_path, load
from ..errors import KemsError, Names, unsafe
from ..referee import api
from ..referee.resolver import Ruling
from ..referee.situation import ACCUSATIONS, FACT_FLAGS, Situation, table_point
from ..words import fold
from . import sheet, tally
from .store import Game, SheetEntry, Store, Team, now
from .tally import Tally


@dataclass
class Setup:
    """What a new game plays to, from the convention, and what the table had to settle."""

    unit: str
    target_points: Optional[int]
    target_word: Optional[str]
    end_rule: str
    decided: dict[str, Any] = field(default_factory=dict)
    letters: Optional[str] = None  # letters games: penalty or reward (score.letters, else the end rule)
    rounds: Optional[int] = None  # end "most": the rounds (hands) the game lasts


MAX_TARGET = 1_000_000  # a score sheet's target: any number a table plays to, none SQLite cannot hold


def setup(conv: Convention, target: Optional[int | str], rounds: Optional[int] = None) -> Setup:
    """The game's unit, target and end from the convention's ``score.*`` points; ``target`` is the
    table's where the convention leaves it to the table (agreed before play) or is silent; ``rounds``,
    the table's number of rounds for a game won on the most points after them."""
    system = conv.get("score.system")
    goal = conv.get("score.target")
    end = conv.get("score.end")
    decided: dict[str, Any] = {}
    unit = {"points": "point", "letters": "letter"}.get(system.value if system.stated else "", "")
    to_points = bool(goal.stated and goal.value.get("points") and not goal.value.get("rounds"))
    if goal.stated and goal.value.get("open"):  # no end of its own: points kept until the table stops
        if target is not None or rounds is not None:
            raise KemsError("error.game_open", convention=conv.short_name)
        return Setup("point", None, None, "most", decided)
    if end.stated and end.value == "most" and not to_points:  # so many rounds, the most points win: no target
        return _rounds_setup(conv, goal, target, rounds)
    if rounds is not None:
        raise KemsError("error.game_rounds_not_played", convention=conv.short_name)
    words = [w for w in [goal.value.get("word"), *(c.get("word") for c in goal.choices)] if w] if goal.stated else []
    if isinstance(target, str) or (goal.stated and goal.value.get("word")):
        word = _word_target(conv, words, target)
        if len(words) > 1 or not goal.value.get("word"):
            decided["target"] = word  # "KEMPS or CASH", or letters rather than points: the table's word
        end_rule = end.value if end.stated else ""
        if not end_rule:
            raise KemsError("error.game_end_silent", convention=conv.short_name)
        kind = conv.get("score.letters")
        letters = kind.value if kind.stated else ("reward" if end_rule == "wins" else "penalty")
        return Setup("letter", None, word, end_rule, decided, letters=letters)  # a word is spelled in letters
    points = goal.value.get("points") if goal.stated else None
    agreed = goal.stated and goal.value.get("agreed")
    offered = [p for p in [points, *(c.get("points") for c in goal.choices)] if p is not None] \
        if goal.stated and goal.choices else []
    if target is None and words:  # "10 points or the letters of KEMPS": the table says which
        raise KemsError("error.game_target_choice", convention=conv.short_name,
                        choices=" / ".join([*(str(p) for p in offered or [points] if p is not None), *words]))
    # "agree a number, for example 10 or 15": every value offered is agreed — examples, the table's number stands
    examples = offered and agreed and all(c.get("agreed") for c in goal.choices if c.get("points") is not None)
    if examples and target is not None and target not in offered:
        if not 1 <= target <= MAX_TARGET:
            raise KemsError("error.game_target_bad", target=target)
        offered = []
    if offered:  # "10 or 15 points": the table picks one of them
        if target not in offered:
            raise KemsError("error.game_target_choice" if target is None else "error.game_target_not_offered",
                            convention=conv.short_name, choices=" / ".join(str(p) for p in offered), target=target)
        decided["target"] = target
    if target is None and points is None and game_ends_by_call(conv):
        return Setup("point", None, None, "wins")  # Kent: a call wins or loses the game, no score is kept
    if target is None and points is None:
        raise KemsError("error.game_target_needed", convention=conv.short_name)
    if target is not None and points is not None and target != points and not agreed and not offered:
        raise KemsError("error.game_target_fixed", convention=conv.short_name, points=points)
    if target is not None and not 1 <= target <= MAX_TARGET:
        raise KemsError("error.game_target_bad", target=target)
    if target is not None and target != points and not offered:
        decided["target"] = target  # the table's number, where the convention leaves it to the table
    if not unit:
        unit, decided["unit"] = "point", "point"  # a source silent on the system: the table plays to points
    if end.stated and end.value == "most":  # played to a number of points, the most points then winning: the
        end_rule = "wins"  # first team to reach them has the most (Gämsh Alpin: to 9 points)
    elif end.stated:
        end_rule = end.value
    else:
        end_rule, decided["end"] = "wins", "wins"  # "we play to N": the first team to reach it wins
    return Setup(unit, target if target is not None else points, None, end_rule, decided)


def _rounds_setup(conv: Convention, goal: Any, target: Optional[int | str], rounds: Optional[int]) -> Setup:
    """A game of so many rounds (``score.target.rounds``), the most points after them winning (``score.end:
    most``): the file's number, or the table's where the file leaves it to the table (``agreed``); points."""
    stated = goal.value.get("rounds") if goal.stated else None
    agreed = bool(goal.stated and goal.value.get("agreed"))
    if target is not None:  # no points to reach: the rounds say when the game is over
        raise KemsError("error.game_rounds_no_target", convention=conv.short_name)
    if rounds is None and stated is None:
        raise KemsError("error.game_rounds_needed", convention=conv.short_name)
    if rounds is not None and stated is not None and rounds != stated and not agreed:
        raise KemsError("error.game_rounds_fixed", convention=conv.short_name, rounds=stated)
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise KemsError("error.game_rounds_bad", rounds=rounds, limit=MAX_ROUNDS)
    decided: dict[str, Any] = {"rounds": rounds} if rounds is not None and rounds != stated else {}
    return Setup("point", None, None, "most", decided, rounds=rounds if rounds is not None else stated)


MAX_ROUNDS = 10_000  # a score sheet's rounds: any number of hands a table plays in an evening, and more


def _word_target(conv: Convention, words: list[str], target: Optional[int | str]) -> str:
    """The word a letters game is played to: the convention's, or the one the table chose among those it
    offers (``--target KEMPS``)."""
    if isinstance(target, int):
        if not words:
            raise KemsError("error.game_target_needed", convention=conv.short_name)
        raise KemsError("error.game_target_word", convention=conv.short_name, word=" / ".join(words))
    if not words:  # a points game (or one the convention leaves to the table in points): no word to choose
        raise KemsError("error.game_target_no_word", convention=conv.short_name, target=target)
    if target is None:
        if len(words) > 1:
            raise KemsError("error.game_target_choice", convention=conv.short_name, choices=" / ".join(words))
        return words[0]
    word = fold(target).upper()
    chosen = next((w for w in words if fold(w).upper() == word), None)
    if chosen is None:
        raise KemsError("error.game_target_not_offered", convention=conv.short_name, choices=" / ".join(words),
                        target=target)
    return chosen


def game_ends_by_call(conv: Convention) -> bool:
    """Whether every score the convention states ends the game (Kent: a right Kent wins it, a
    Broken loses or wins it): then no points are kept, and no target is needed."""
    scores = [conv.get(p.id) for p in conv.points() if p.value == "Score" and conv.get(p.id).stated]
    return bool(scores) and all(s["unit"] == "game" for e in scores for r in e.readings() for s in r["value"])


def parse_teams(specs: list[str]) -> list[Team]:
    """``--team "Tom+Léa"`` for each team: two players each, every name once."""
    teams = []
    seen: dict[str, str] = {}
    for spec in specs:
        if unsafe(spec):  # a name is printed on every player's screen: nothing in it may act there
            raise KemsError("error.game_name_control", what=spec)
        players = [p.strip() for p in spec.split("+")]
        if len(players) != 2 or not all(players) or fold(players[0]) == fold(players[1]):
            raise KemsError("error.game_team_two", team=spec)
        for player in players:
            if fold(player) in seen:
                raise KemsError("error.game_player_twice", player=player)
            seen[fold(player)] = player
        teams.append(Team("+".join(players), players))
    if len(teams) < 2:
        raise KemsError("error.game_two_teams")
    return teams


def new_game(store: Store, specs: list[str], convention: str, target: Optional[int | str],
             name: Optional[str], rounds: Optional[int] = None) -> Game:
    """Start a game on the sheet: its teams (``A+B``), its convention and target (the convention's
    own where none is given), a name (a free one where none is given)."""
    teams = parse_teams(specs)
    if name is not None and (unsafe(name) or not name.strip()):
        raise KemsError("error.game_name_control", what=name)
    # a house file is recorded by its absolute path: the sheet reads it again from any folder
    ref = canonical(convention)
    conv = load(ref)
    api.rule(api.situation("stock-out", {"players": 2 * len(teams)}), ref)  # the table size is one it allows
    plan = setup(conv, target, rounds)
    with store.writing():
        taken = {g.name for g in store.games()}
        game_name = name or free_name(taken)
        game_id = store.add_game(game_name, ref, plan.unit, plan.target_points, plan.target_word, plan.end_rule,
                                 plan.decided, teams, plan.letters, conv.digest, plan.rounds)
    return store.game_by_id(game_id)


def free_name(taken: set[str]) -> str:
    n = len(taken) + 1
    while f"game-{n}" in taken:
        n += 1
    return f"game-{n}"


def team_of(game: Game, who: str) -> Team:
    """A team by its name or by one of its players (case and accents ignored).  A name holding a
    control character is refused as ``game new`` refuses it: folding would drop the character and
    match another name ("a<BEL>b" is not the team A+B)."""
    if unsafe(who):
        raise KemsError("error.game_name_control", what=who)
    want = fold(who)
    pair = sorted(fold(p).strip() for p in who.split("+")) if "+" in who else None
    for team in game.teams:
        if fold(team.name) == want or want in (fold(p) for p in team.players):
            return team
        if pair is not None and pair == sorted(fold(p) for p in team.players):  # "Léa+Tom" for "Tom+Léa"
            return team
    names = ", ".join(p for t in game.teams for p in t.players)
    raise KemsError("error.game_unknown_player", who=who, choices=names)


def _player(game: Game, who: str) -> str:
    team = team_of(game, who)
    return next((p for p in team.players if fold(p) == fold(who)), team.name)


def readings(entries: list[SheetEntry]) -> dict[str, int]:
    """The readings the table has chosen so far (a self-contradicting source: chosen once)."""
    return Tally.of(entries).chosen_readings()


@dataclass
class Recorded:
    entry: SheetEntry
    ruling: Optional[Ruling]  # as data: worded when it is shown, in the reader's language
    score: sheet.Score
    #: a pending call: what each branch would write ({"if", "verdict", "changes": None where unsettled})
    choices: list[dict[str, Any]] = field(default_factory=list)
    restores: Optional[int] = None  # a redo: the entry that counts again
    #: an amend (``game amend``): the line it replaces, the table's decisions on that line that no longer
    #: count, and the later calls applied with a kept decision it was, which wait for the table again
    amended: Optional[dict[str, Any]] = None


def standing(store: Store, game: Game) -> sheet.Score:
    """Where the game stands now (its score, who waits for the table), from its tally's head: a long
    game costs what a short one does."""
    return tally.score(store, game)


def game_calls(game: Game) -> dict[str, str]:
    """The calls a game's sheet takes, each with the call of the game it is made as: the four, then
    its convention's own (Kent's broken -> contre-kems)."""
    from ..corpus.events import CALLS

    return {**{call: call for call in CALLS}, **rules_of(game).likes()}


def _kind(game: Game, event: str) -> str:
    """A call as the game knows it: a call of the game's convention's own is made as a Kems or a
    Contre-Kems (Kent's Broken accuses a team); an event the convention does not have is refused."""
    from ..corpus.events import EVENTS

    if event in EVENTS:  # the sheet records a breach too (game call exchange)
        return event
    likes = rules_of(game).likes()
    if event not in likes:
        raise KemsError("error.unknown_event", event=event, choices=", ".join([*EVENTS, *likes]), hint="")
    return likes[event]


def event_name(game: Game, event: str) -> Any:
    """An event as a message names it, worded in the reader's language when it is shown: one of the
    game's events by its message, a call of the game's convention's own by the names its file gives."""
    from ..corpus.events import EVENTS

    if event in EVENTS:
        return KemsError(f"event.{event}")
    try:
        names = rules_of(game).calls.get(event)
    except KemsError:  # the file is gone or broken since: the call by its id
        return event
    return Names(names) if isinstance(names, dict) else names or event


def rules_of(game: Game) -> Convention:
    """The game's convention, loaded; a house file gone or broken since the start stops this game's
    rulings only (its score and history still read, other games go on), with the cause named."""
    try:
        return load(game.convention)
    except KemsError as exc:
        if not is_path(game.convention):
            raise
        raise KemsError("error.game_convention_gone", game=game.name, path=game.convention,
                        reason=exc) from None


def _situation(game: Game, standing: Tally, event: str, facts: Situation | dict[str, Any],
               roles: sheet.Roles) -> Situation:
    """A call's situation at this table: the teams still playing, the readings already chosen.
    ``facts``: a situation (a phone's tap, its cards read once) or the options of ``rule`` (the
    command line's flags)."""
    conv = rules_of(game)
    own = {point: n for point, n in standing.chosen_readings().items()
           if conv.get(point).conflict or conv.get(point).choices}
    if isinstance(facts, Situation):
        if facts.event != event:
            raise KemsError("error.web_bad_value", key="event")
        sit = facts
    else:
        options = {k: v for k, v in facts.items() if k != "players" and (
            v not in (None, False, []) or (v is False and k in FACT_FLAGS))}
        sit = api.situation(event, {**options, "players": 4}, None, game.convention)
    return replace(sit, players=2 * len(roles.teams), readings={**own, **sit.readings})


def _stored(sit: Situation, game: Game) -> dict[str, Any]:
    """A call's situation as the sheet records it: the options of ``rule`` that give it (cards in
    notation), the table's size and readings included."""
    stored = api.options_of(sit, game.convention)
    stored["players"] = sit.players
    return stored


def preview(store: Store, game: Game, event: str, facts: Situation | dict[str, Any], by: str, on: Optional[str]
            ) -> api.Result:
    """The ruling a call would get at this table now, nothing written (a short entry asks what it
    still waits for before the call is recorded)."""
    return would_apply(store, game, event, facts, by, on)[0]


def would_apply(store: Store, game: Game, event: str, facts: Situation | dict[str, Any], by: str, on: Optional[str]
                ) -> tuple[api.Result, Optional[list[dict[str, Any]]]]:
    """The ruling a call would get at this table now and the changes it would write (``None``: not
    settled, the call would wait for a decision), nothing written."""
    check_call(game, event, by, on)
    standing = tally.read(store, game)
    score = standing.score(game)
    _open_game(game, score)
    roles = _roles(game, event, by, on, score)
    sit = _situation(game, standing, event, facts, roles)
    result = api.rule(sit, game.convention)
    return result, sheet.bounded(sheet.changes_of(result.ruling, roles), standing.totals, game) \
        if sheet.settled(result.ruling) else None


def check_call(game: Game, event: str, by: Optional[str], on: Optional[str]) -> None:
    """What any front end's entry of a call must give: one of the game's events (its calls, the
    convention's own, or a breach the sheet records: an exchange, a deal…), its caller, an accused
    only for an accusation."""
    from ..corpus.events import EVENTS

    known = [*EVENTS, *rules_of(game).likes()]
    if not event:
        raise KemsError("error.give_event", choices=", ".join(known))
    if event not in known:
        raise KemsError("error.unknown_event", event=event or "", choices=", ".join(known), hint="")
    if not by:
        raise KemsError("error.game_need_by")
    if on and _kind(game, event) not in ACCUSATIONS:  # "every other team" of a Kems's score must stay whole
        raise KemsError("error.game_on_not_accusation", event=event_name(game, event))


#: a call that repeats the game's last line (the same call by the same player) this many seconds after
#: it is taken for the same call entered twice (two phones at one table), unless the table confirms it
REPEAT_WINDOW = 20


def call(store: Store, game: Game, event: str, facts: Situation | dict[str, Any], by: str, on: Optional[str],
         decide: Optional[str], unless_repeated: bool = False) -> Recorded:
    """Rule on a call under the game's convention and apply it when the ruling settles it.
    ``facts``: a situation, or the options of ``rule`` (see :func:`_situation`).  ``unless_repeated``:
    refuse (``error.game_repeated``, naming the line) a call that repeats the game's last line within
    :data:`REPEAT_WINDOW` seconds — the same call entered from two phones — until the table confirms it."""
    check_call(game, event, by, on)

    def build(standing: Tally) -> tuple[SheetEntry, Finish]:
        if unless_repeated:
            _not_repeated(store, game, standing, event, _player(game, by))
        score = standing.score(game)
        _open_game(game, score)
        roles = _roles(game, event, by, on, score)
        sit = _situation(game, standing, event, facts, roles)
        ruling = api.rule(sit, game.convention).ruling
        entry = SheetEntry(n=0, kind="call", at=now(), event=event, by_player=_player(game, by),
                           on_player=_player(game, on) if on else roles.accused.name if roles.accused else None,
                           situation=_stored(sit, game), verdict=str(ruling.verdict), ruling=ruling,
                           ends_hand=ruling.hand_ends is True)
        if decide is not None and not ruling.branches:  # nothing to choose: nothing is written
            raise KemsError("error.game_decide_settled" if sheet.settled(ruling) else "error.game_decide_nothing",
                            verdict=str(ruling.verdict))
        key = open_point(game, event, ruling) if decide is None else None
        kept = standing.kept_for(key) if key is not None else []
        if sheet.settled(ruling):
            entry.changes, entry.applied = sheet.changes_of(ruling, roles), True
        elif kept:  # the table settled this point earlier, for the rest of the game
            entry.changes, entry.applied = kept_changes([spec for _, spec in kept], roles, game.unit), True
            entry.decision = {"by": "table", "kept": [n for n, _ in kept]}
        elif decide is not None:
            branch = pick_branch(ruling, decide)
            entry.changes, entry.applied = sheet.changes_of(branch["ruling"], roles), True
            entry.decision = {"if": branch["if"], "by": "table"}
        entry.changes = sheet.bounded(entry.changes, standing.totals, game)
        choices = [] if entry.applied else [
            {"if": b["if"], "verdict": str(b["ruling"].verdict),
             "changes": sheet.changes_of(b["ruling"], roles) if sheet.settled(b["ruling"]) else None}
            for b in ruling.branches]
        return entry, lambda after: Recorded(entry, ruling, after, choices)

    return _append(store, game, build)


def open_point(game: Game, event: str, ruling: Ruling) -> Optional[dict[str, Any]]:
    """What a table's score for a call decides, where it may stand for the rest of the game (``--keep``):
    the call (as the game makes it), its verdict and the points its convention leaves open — a call
    whose verdict is settled but not its score.  ``None`` where the ruling turns on facts of the hand
    (branches) or on nothing the table may keep."""
    if ruling.branches or not ruling.verdict.settles or ruling.score_settled:
        return None
    return {"event": _kind(game, event), "verdict": str(ruling.verdict),
            # the points that leave its score open (the call's own), not what else the source is silent on
            "open": sorted(p for p in ruling.unspecified if p.startswith(("call.", "score.")))}


def role_of(team: Team, roles: sheet.Roles) -> str:
    """A team as a call's roles name it: its callers, the accused, or another team."""
    if team is roles.callers:
        return "callers"
    if roles.accused is not None and team is roles.accused:
        return "accused"
    return "others"


def kept_changes(specs: list[dict[str, Any]], roles: sheet.Roles, unit: str) -> list[dict[str, Any]]:
    """What kept decisions give a call: each score to the team in the role it was given to then."""
    changes = []
    for spec in specs:
        for given in spec["changes"]:
            if given["role"] == "callers":
                teams = [roles.callers]
            elif given["role"] == "accused":
                teams = [roles.accused] if roles.accused is not None else []
            else:
                teams = [t for t in roles.teams if t is not roles.callers and t is not roles.accused]
            changes += [{"team": t.name, "change": given["change"], "unit": given.get("unit", unit)} for t in teams]
    return changes


def _not_repeated(store: Store, game: Game, standing: Tally, event: str, by: str) -> None:
    """Refuses a call that repeats the game's last line (the same call by the same player, not
    cancelled) entered less than :data:`REPEAT_WINDOW` seconds ago."""
    last = store.entry(game, standing.last) if standing.last else None
    if last is None or last.kind != "call" or last.event != event or last.n in standing.cancelled \
            or fold(last.by_player or "") != fold(by):
        return
    from datetime import datetime

    try:
        written = datetime.strptime(last.at, "%Y-%m-%dT%H:%M:%S%z").timestamp()
    except ValueError:  # a line written by hand in another form: no window to measure
        return
    if 0 <= time.time() - written <= REPEAT_WINDOW:
        raise KemsError("error.game_repeated", n=last.n, seconds=REPEAT_WINDOW)


#: how many times an entry is built again on what another process added meanwhile, before it is built
#: inside the write transaction itself
RETRIES = 2


#: what an entry's outcome is made of once it is written: the score after it
Finish = Callable[[sheet.Score], Recorded]


#: the line the next entry written replaces (``game amend``): see :func:`amending`
_AMENDING: ContextVar[Optional[int]] = ContextVar("amending", default=None)


@contextmanager
def amending(n: int) -> Iterator[None]:
    """The entry written inside (a call, a point, a decision: the same words as any) replaces line
    ``n``, in one entry: line ``n`` no longer counts — nor the table's decisions on it — and every later
    total follows.  Refused for a line that does not count (cancelled, replaced, an undo)."""
    token = _AMENDING.set(n)
    try:
        yield
    finally:
        _AMENDING.reset(token)


def _without(store: Store, game: Game, standing: Tally, n: int) -> tuple[Tally, dict[str, Any]]:
    """Where the game would stand had line ``n`` never counted (what its replacement is built on), and
    what went with it: the decisions on it, the calls a kept decision it was had applied."""
    target = store.entry(game, n) if 1 <= n <= standing.last else None
    if target is None or n in standing.cancelled:
        raise KemsError("error.game_amend_bad", n=n, game=game.name)
    if target.kind == "undo":
        raise KemsError("error.game_amend_undo", n=n)
    every = list(store.iter_entries(game, full=False))
    # a line that replaces it, counting for nothing (what it replaced stays replaced)
    without = Tally.of([*every, SheetEntry(n=standing.last + 1, kind="point", at="", decision={"amends": n})])
    without.last = standing.last
    decisions = sorted(d for d, call in standing.decisions.items() if call == n)
    relying = sorted(c for c, on in standing.relies.items() if n in on and c not in standing.cancelled)
    return without, {"n": n, "decisions": decisions, "relying": relying}


def _append(store: Store, game: Game, build: Callable[[Tally], tuple[SheetEntry, Finish]]) -> Recorded:
    """Write the entry ``build(standing)`` makes of where the game stands.  Built (ruled, scored) in
    this process's turn but outside the write transaction — so that no other process waits while a
    call is ruled — then written in a short one, the entry and the game's tally after it, once it is
    checked that the game did not change under it (its last entry is still the one the entry was
    built on).  When another process wrote meanwhile, the entry is built again on what is there now.
    Nothing here reads the game's history: a long game costs what a short one does."""
    amends = _AMENDING.get()

    def made(standing: Tally) -> tuple[SheetEntry, Finish, Optional[dict[str, Any]]]:
        if amends is None:
            return (*build(standing), None)
        without, amended = _without(store, game, standing, amends)
        entry, finish = build(without)  # built as if line `amends` had never counted
        if entry.kind == "undo":  # an undo or a redo replaces nothing: it is one already
            raise KemsError("error.game_amend_words", n=amends)
        entry.decision = {**(entry.decision or {}), "amends": amends}
        return entry, finish, amended

    with store.turn():
        for attempt in range(RETRIES + 1):
            standing = tally.read(store, game)
            entry, finish, amended = made(standing)
            with store.writing():
                if attempt < RETRIES and store.last_entry(game) != standing.last:
                    continue  # another process wrote meanwhile: built again on what is there now
                if attempt == RETRIES:  # a game other processes keep writing to: built where nobody else can write
                    standing = tally.read(store, game)
                    entry, finish, amended = made(standing)
                store.add_entry(game, entry)
                after = standing.after(entry, lambda n: store.entry(game, n))
                if after is None:  # an entry the tally does not follow: made again from the entries
                    after = Tally.of(store.iter_entries(game, full=False))
                tally.save(store, game, after)
                recorded = finish(after.score(game))
                recorded.amended = amended
                return recorded
    raise AssertionError("unreachable")  # pragma: no cover - the last attempt always writes


def pick_branch(ruling: Ruling, decide: str) -> dict[str, Any]:
    """The branch the table chose: by its number (1, 2…) or by its facts ("partner_square=yes",
    "reading=1").  The branch must itself be settled: a decision never applies a silence."""
    branches = ruling.branches
    if not branches:
        raise KemsError("error.game_decide_nothing", verdict=str(ruling.verdict))
    chosen = None
    if _whole(decide.strip()) and 1 <= int(decide) <= len(branches):
        chosen = branches[int(decide) - 1]
    else:
        wanted = {}
        for part in decide.split(","):
            fact, _, value = part.partition("=")
            wanted[fact.strip().replace("-", "_")] = _value(value.strip())
        for branch in branches:
            facts: dict[str, Any] = {}
            for fact, value in branch["if"].items():
                if table_point(fact):  # a reading or a choice: "reading=1" or "call.kems.wrong=1"
                    facts["reading"] = facts[str(table_point(fact))] = value
                facts[fact] = value
            if all(facts.get(k) == v for k, v in wanted.items()):
                chosen = branch
                break
    if chosen is None:
        raise KemsError("error.game_decide_unknown", decide=_shown(decide), count=len(branches))
    if not sheet.settled(chosen["ruling"]):
        raise KemsError("error.game_decide_unsettled", decide=_shown(decide))
    return dict(chosen)


def _value(text: str) -> Any:
    low = fold(text)
    if low in ("yes", "oui", "true", "y", "o"):
        return True
    if low in ("no", "non", "false", "n"):
        return False
    return int(text) if _whole(text) else text


def _whole(text: str) -> bool:
    """A number a table types (a branch, a reading): ASCII digits, a few of them, checked before
    ``int()`` ever sees them ("²" is a digit to ``isdigit`` but no number, and 5,000 digits are
    beyond ``int()``)."""
    return re.fullmatch(r"[0-9]{1,9}", text) is not None


def _shown(text: str) -> str:
    """What the table typed, as an error names it: its first 40 characters."""
    return text if len(text) <= 40 else text[:40] + "…"


def _waiting(store: Store, game: Game, standing: Tally, n: Optional[int]) -> SheetEntry:
    """The pending call the table settles: entry ``n``, or the latest one still waiting (with its ruling)."""
    pending = standing.waiting()
    target = (n if n in pending else None) if n is not None else (pending[-1] if pending else None)
    if target is None:
        if n is not None and 1 <= n <= standing.last:
            raise KemsError("error.game_entry_not_waiting", n=n)
        raise KemsError("error.game_nothing_pending")
    return next(store.iter_entries(game, full=True, since=target, until=target))


def _decision(call: SheetEntry, changes: list[dict[str, Any]], decision: dict[str, Any],
              ruling: Optional[Ruling] = None) -> SheetEntry:
    """The table's decision on a waiting call: a branch of its ruling, or a score of its own."""
    return SheetEntry(n=0, kind="decision", at=now(), event=call.event, by_player=call.by_player,
                      on_player=call.on_player, verdict=str(ruling.verdict) if ruling else None, applied=True,
                      changes=changes, ruling=ruling, refers=call.n, decision=decision)


def decide(store: Store, game: Game, decision: str, n: Optional[int], keep: bool = False) -> Recorded:
    """The table settles a pending call (the latest, or entry ``n``) by choosing a branch.  A call
    recorded before the game ended may still be settled afterwards: it belongs to the game.  A
    reading of a self-contradicting source, once chosen, holds for the rest of the game; ``keep``
    says so, and is refused for a branch on a fact of this hand (a card, a square), which no later
    hand shares."""

    def build(standing: Tally) -> tuple[SheetEntry, Finish]:
        target = _waiting(store, game, standing, n)
        if target.ruling is None:
            raise KemsError("error.game_nothing_pending")
        branch = pick_branch(target.ruling, decision)
        if keep and not all(table_point(fact) for fact in branch["if"]):
            raise KemsError("error.game_keep_fact", n=target.n)
        roles = _roles(game, target.event, target.by_player or "", target.on_player, standing.score(game))
        entry = _decision(target, sheet.bounded(sheet.changes_of(branch["ruling"], roles), standing.totals, game),
                          {"if": branch["if"], "by": "table"}, branch["ruling"])
        return entry, lambda after: Recorded(entry, branch["ruling"], after)

    return _append(store, game, build)


def point(store: Store, game: Game, who: str, amount: int, for_entry: Optional[int] = None,
          keep: bool = False) -> Recorded:
    """A plain entry, as on a paper sheet: ``amount`` points (or letters) for a team.  With
    ``for_entry``, the score the table gives a pending call the convention does not settle: recorded
    as the table's decision on that call (it is then no longer waiting, and a re-scoring under a
    convention that does settle the call uses that convention's ruling instead).  At a table of three
    teams or more, a call settled so may be given to another team too.  ``keep``: the decision stands
    for the rest of the game — a later call left open on the same point is applied with it."""
    if abs(amount) > MAX_TARGET:  # a line of the sheet: never more than any target
        raise KemsError("error.game_point_bad", amount=str(amount)[:20], limit=MAX_TARGET)
    if keep and for_entry is None:
        raise KemsError("error.game_keep_needs_for")

    def build(standing: Tally) -> tuple[SheetEntry, Finish]:
        team = team_of(game, who)
        change = sheet.bounded([{"team": team.name, "change": amount, "unit": game.unit}], standing.totals, game)
        if for_entry is None:
            _open_game(game, standing.score(game))
            entry = SheetEntry(n=0, kind="point", at=now(), by_player=_player(game, who), applied=True, changes=change)
            return entry, lambda after: Recorded(entry, None, after)
        target = _given_again(store, game, standing, for_entry, team) or _waiting(store, game, standing, for_entry)
        decision: dict[str, Any] = {"by": "table", "entered": True}
        if keep:
            key = open_point(game, target.event or "", target.ruling) if target.ruling is not None else None
            if key is None:
                raise KemsError("error.game_keep_not_open", n=target.n)
            roles = _roles(game, target.event, target.by_player or "", target.on_player, standing.score(game))
            decision["keep"] = {"call": target.n, "key": key,
                                "changes": [{"role": role_of(team, roles), "change": amount, "unit": game.unit}]}
        entry = _decision(target, change, decision)
        return entry, lambda after: Recorded(entry, None, after)

    return _append(store, game, build)


def _given_again(store: Store, game: Game, standing: Tally, n: int, team: Team) -> Optional[SheetEntry]:
    """A call the table already gave a score to (``game point … --for N``), given to another team too:
    at a table of three teams or more, a call's score may reach two of them.  ``None`` where call
    ``n`` is not such a call (it is then the waiting call the point settles, or refused as one)."""
    given = [d for d, call in standing.decisions.items() if call == n]
    if not given or len(game.teams) < 3 or n in standing.waiting():
        return None
    decisions = [store.entry(game, d) for d in given]
    if not all(d is not None and (d.decision or {}).get("entered") for d in decisions):
        return None  # settled by a branch the table chose: nothing more to give
    if any(c["team"] == team.name for d in decisions if d is not None for c in d.changes):
        raise KemsError("error.game_already_given", n=n, team=team.name)
    return next(store.iter_entries(game, full=True, since=n, until=n), None)


def hand_end(store: Store, game: Game) -> Recorded:
    """A line that ends a hand with no call worth a line (nobody called, the stock ran out…): in a game of
    so many rounds it counts a round, as a call whose ruling ends the hand does.  Written as a plain line
    that changes no score (``point``, ``decision: {"by": "table", "hand_end": true}``); refused in a game
    that counts no rounds, and in a game that is over."""

    def build(standing: Tally) -> tuple[SheetEntry, Finish]:
        if game.rounds is None:
            raise KemsError("error.game_no_rounds", game=game.name)
        _open_game(game, standing.score(game))
        entry = SheetEntry(n=0, kind="point", at=now(), applied=True, changes=[],
                           decision={"by": "table", "hand_end": True})
        return entry, lambda after: Recorded(entry, None, after)

    return _append(store, game, build)


def undo(store: Store, game: Game) -> Recorded:
    """An entry that cancels the last one that counts; the history keeps both."""
    return _cancel(store, game, tally.last_undoable, "error.game_nothing_to_undo")


def redo(store: Store, game: Game) -> Recorded:
    """Cancels the last undo, right after it: an entry too (an undo of that undo); nothing is deleted."""
    return _cancel(store, game, tally.last_redoable, "error.game_nothing_to_redo")


def _cancel(store: Store, game: Game, pick: Callable[[Store, Game, Tally], Optional[SheetEntry]], nothing: str
            ) -> Recorded:
    """An undo entry cancelling the entry ``pick`` names (for a redo, an undo)."""

    def build(standing: Tally) -> tuple[SheetEntry, Finish]:
        last = pick(store, game, standing)
        if last is None:
            raise KemsError(nothing)
        entry = SheetEntry(n=0, kind="undo", at=now(), refers=last.n, event=last.event)
        restores = last.refers if last.kind == "undo" else None
        return entry, lambda after: Recorded(entry, None, after, restores=restores)

    return _append(store, game, build)


def _open_game(game: Game, result: sheet.Score) -> None:
    """Refuses an entry in a game that is over (a decision on an earlier call excepted)."""
    if result.finished:
        if result.winner:
            raise KemsError("error.game_finished", game=game.name, winner=result.winner)
        how = (KemsError("game.over_tied", teams=", ".join(result.tied)) if result.tied
               else KemsError("game.loser", team=result.loser) if result.loser else KemsError("game.over_tie"))
        raise KemsError("error.game_finished_no_winner", game=game.name, how=how)


def _roles(game: Game, event: Optional[str], by: str, on: Optional[str],
           standing: Optional[sheet.Score] = None, out: Optional[set[str]] = None) -> sheet.Roles:
    """The teams of a call: the caller's, and for an accusation the accused's (with two teams, the
    other one; with more, ``--on`` names it).  A team that is out plays no more (``out``: the teams
    out, else those out in ``standing``), and no score reaches it ("every opposing team")."""
    if out is None:
        out = {s.team for s in standing.standings if s.out} if standing is not None else set()
    playing = [t for t in game.teams if t.name not in out]
    callers = team_of(game, by)
    kind = _kind(game, event) if event else None
    accused = team_of(game, on) if on and kind in ACCUSATIONS else None  # a Kems accuses no one
    for team in (callers, accused):
        if team is not None and team.name in out:
            raise KemsError("error.game_team_out", team=team.name)
    if accused is callers:
        raise KemsError("error.game_on_own_team", by=by, on=on)
    if accused is None and kind in ACCUSATIONS:
        if len(playing) > 2:
            raise KemsError("error.game_need_on")
        accused = next(t for t in playing if t is not callers)
    return sheet.Roles(callers, accused, playing)


# --- the table's precedents ----------------------------------------------------------------------

#: a kept decision's roles as a convention file names its teams
FILE_ROLES = {"callers": "callers", "accused": "accused", "others": "others"}


def precedents(store: Store, game: Game) -> list[dict[str, Any]]:
    """The decisions a game's table kept for the rest of the game (``--keep``) that still count, in
    order: the line, its date, the call it settled, the points its convention left open there and what
    the table decided, as a convention file's value (``superseded``: a later kept decision on the same
    point replaced it)."""
    standing = tally.read(store, game)
    out = []
    for n, spec in sorted(standing.kept.items()):
        entry = store.entry(game, n)
        if entry is None:  # pragma: no cover - a kept decision is a line of the game
            continue
        value = [{"team": FILE_ROLES.get(c["role"], "others"), "change": c["change"], "unit": c.get("unit", game.unit)}
                 for c in spec["changes"]]
        later = [m for m, _ in standing.kept_for(spec["key"])]
        out.append({"game": game.name, "convention": game.convention, "line": n, "at": entry.at, "call": spec["call"],
                    "event": spec["key"]["event"], "verdict": spec["key"]["verdict"], "points": spec["key"]["open"],
                    "value": value, "superseded": n not in later})
    return out


def house_rules(found: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What a table's kept decisions state, point by point, for a house file: the latest decision on
    each point (the teams it gave a score to, combined), with the lines that decided it."""
    rules: dict[str, dict[str, Any]] = {}
    for p in found:
        if p["superseded"]:
            continue
        for point in p["points"]:
            same = rules.get(point)
            if same is not None and same["call"] == p["call"]:  # one call's score given to two teams
                same["value"] += p["value"]
                same["lines"].append(p["line"])
            else:
                rules[point] = {"call": p["call"], "value": list(p["value"]), "lines": [p["line"]], "at": p["at"],
                                "game": p["game"]}
    return rules


# --- the same history under another convention ------------------------------------------------

@dataclass
class Replayed:
    convention: str
    score: sheet.Score
    hands: list[dict[str, Any]]
    game: Game  # the game as the other convention would keep it (its unit, target and end)


def rescore(store: Store, game: Game, other: str, target: Optional[int] = None) -> Replayed:
    """Every call of the game ruled again under ``other``; plain entries kept as the table wrote
    them; a decision re-applied where the other convention's ruling turns on the same facts."""
    ref = other if is_path(other) else canonical(other)
    conv = load(ref)
    entries = store.entries(game)
    live = sheet.effective(entries)
    decided = {e.refers: e for e in live if e.kind == "decision"}  # the table's decision on each call
    rescored = Game(id=game.id, name=game.name, convention=ref, unit=game.unit, target_points=game.target_points,
                target_word=game.target_word, end_rule=game.end_rule, decided=game.decided, created_at=game.created_at,
                teams=game.teams)
    plan = _plan_for(conv, game, target)
    (rescored.unit, rescored.target_points, rescored.target_word, rescored.end_rule, rescored.letters,
     rescored.rounds) = plan
    played = 0  # the hands ended there: a line the table wrote to end one, a call the other convention ends it on
    totals = {t.name: 0 for t in game.teams}
    hands = []
    waiting: list[int] = []
    ended: Optional[dict[str, Any]] = None  # a replayed score that ends the game
    kept_specs: dict[int, dict[str, Any]] = {}  # the table's kept decisions so far
    for entry in live:
        if entry.kind == "point" and sheet.ends_hand(entry):  # the table ended a hand with no call: there too
            played += 1
            hands.append({"n": entry.n, "kind": "point", "verdict": None, "changes": [], "kept": True,
                          "hand_end": True})
            continue
        if entry.kind == "point":
            # a score the table wrote in one unit never becomes another: not counted where the units differ
            kept = all(c["unit"] == rescored.unit for c in entry.changes)
            counted = sheet.bounded(entry.changes, totals, rescored) if kept else []
            for change in counted:
                totals[change["team"]] += change["change"]
            hands.append({"n": entry.n, "kind": "point", "verdict": None, "changes": counted if kept else entry.changes,
                          "kept": kept})
            continue
        keep = sheet.keep_spec(entry.decision) if entry.kind == "decision" else None
        if keep is not None:  # the table's decision kept for the rest of the game: kept here too
            kept_specs[entry.n] = keep
        if entry.kind != "call" or entry.situation is None or entry.event is None:
            continue
        out = {s.team for s in sheet.standings(rescored, totals).standings if s.out}  # out under the other convention
        try:
            roles = _roles(game, entry.event, entry.by_player or "", entry.on_player, out=out)
        except KemsError:  # the caller's or the accused's team was already out there: the call never counts
            hands.append({"n": entry.n, "kind": "call", "event": entry.event, "verdict": None, "applied": False,
                          "changes": [], "before": entry.changes if entry.applied else [], "differs": entry.applied,
                          "out": True})
            continue
        situation = dict(entry.situation)
        situation.pop("reading", None)
        situation["players"] = 2 * len(roles.teams)
        try:
            if entry.event not in BY_NAME and entry.event not in conv.own_calls:  # Kent's Broken, under Ducale
                raise KemsError("error.unknown_event", event=entry.event, choices="", hint="")
            result = api.rule(api.situation(entry.event, situation, None, ref), ref)
        except KemsError:
            if entry.event in BY_NAME:
                raise
            # a call of the game's convention's own that the other one lacks, or makes otherwise (its
            # options do not fit): it counts for nothing there, and what it counted for here is said
            earlier = decided.get(entry.n)
            before = entry.changes if entry.applied else (earlier.changes if earlier else [])
            hands.append({"n": entry.n, "kind": "call", "event": entry.event, "verdict": None, "applied": False,
                          "changes": [], "before": before, "differs": bool(before), "no_such_call": True})
            continue
        ruling = result.ruling
        played += ruling.hand_ends is True
        changes: list[dict[str, Any]] = []
        applied = sheet.settled(ruling)
        settled_by = decided.get(entry.n)
        decision = entry.decision or (settled_by.decision if settled_by else None)
        was_kept = sheet.kept_lines(entry.decision)  # applied here by kept decisions
        key = open_point(game, entry.event, ruling) if not applied else None
        kept_here = Tally(kept=kept_specs).kept_for(key) if key is not None and not (
            decision and (decision.get("entered") or decision.get("if"))) else []
        # what was applied, and by whom: the other convention's ruling, a branch the table chose, or
        # the score the table gave the call (the line's headline says which)
        applied_verdict, applied_by = (str(ruling.verdict), "ruling") if applied else (None, None)
        if applied:
            changes = sheet.changes_of(ruling, roles)
        elif kept_here:  # left open there on the same point: the table's kept decision applies
            changes, applied, applied_by = kept_changes([spec for _, spec in kept_here], roles, game.unit), True, "kept"
        elif decision and decision.get("entered"):  # the table gave this call a score of its own: keep it,
            given = settled_by.changes if settled_by else []  # in the unit it was given, or not at all
            if all(c["unit"] == rescored.unit for c in given):
                changes, applied, applied_by = given, True, "table"
        elif decision and decision.get("if"):
            branch = next((b for b in ruling.branches if all(
                decision["if"].get(k) == v for k, v in b["if"].items()) and sheet.settled(b["ruling"])), None)
            if branch is not None:
                changes, applied = sheet.changes_of(branch["ruling"], roles), True
                applied_verdict, applied_by = str(branch["ruling"].verdict), "decision"
        changes = sheet.bounded(changes, totals, rescored)  # a team holds between none and every letter there too
        for change in changes:
            if change["unit"] == "game":
                ended = ended or change
            else:
                totals[change["team"]] += change["change"]
        if not applied:
            waiting.append(entry.n)
        before = entry.changes if entry.applied else (settled_by.changes if settled_by else [])
        hands.append({"n": entry.n, "kind": "call", "event": entry.event, "verdict": str(ruling.verdict),
                      "applied": applied, "applied_verdict": applied_verdict, "applied_by": applied_by,
                      "changes": changes, "before": before, "differs": changes != before,
                      # the table's kept decisions: those this call was applied with here, and those
                      # the replay used (or the other convention ruled otherwise: "overruled")
                      "kept": [n for n, _ in kept_here] or None,
                      "overruled": was_kept if was_kept and applied_by == "ruling" else None,
                      # what a call left waiting waits for: the facts, or the reading of a contradiction
                      "needs": [] if applied else list(ruling.needs), "ruled_as": ruling.event})
    replayed = sheet.end_by(sheet.standings(rescored, totals, played), ended)
    replayed.waiting = waiting
    return Replayed(ref, replayed, hands, rescored)


def _plan_for(conv: Convention, game: Game, target: Optional[int] = None
              ) -> tuple[str, Optional[int], Optional[str], str, Optional[str], Optional[int]]:
    """The other convention's unit, target, end (and rounds); where it leaves the target to the table, the
    number given for the rescore (``--target``), else the number this table agreed; where it plays so many
    rounds of the table's choosing, as many as this game does."""
    if _plays_rounds(conv):
        plan = setup(conv, None, game.rounds if game.rounds is not None and _rounds_agreed(conv) else None)
    elif target is not None:
        plan = setup(conv, target)
    else:
        try:
            plan = setup(conv, None)
        except KemsError as exc:
            if exc.key not in ("error.game_target_needed", "error.game_target_choice"):
                raise
            if game.target_points is None:
                raise KemsError("error.game_rescore_target", convention=conv.short_name) from None
            plan = setup(conv, game.target_points)
    return plan.unit, plan.target_points, plan.target_word, plan.end_rule, plan.letters, plan.rounds


def _plays_rounds(conv: Convention) -> bool:
    """A convention whose game lasts so many rounds, the most points winning (``score.end: most``), or
    goes on until the table stops (``score.target: {open: true}``)."""
    end, goal = conv.get("score.end"), conv.get("score.target")
    return bool(end.stated and end.value == "most") or bool(goal.stated and goal.value.get("open"))


def _rounds_agreed(conv: Convention) -> bool:
    goal = conv.get("score.target")
    return bool(goal.stated and (goal.value.get("agreed") or goal.value.get("rounds") is None))
