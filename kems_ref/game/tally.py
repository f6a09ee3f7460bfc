"""Where a game stands, kept up to date entry by entry: the score sheet's running tally.

:func:`kems_ref.game.sheet.score` reads a game's whole history to say where it stands; a tally says
the same from what each entry changed, so that a new entry, the score and a phone's poll cost the
same at line 2,000 as at line 2.  The tally of a game is stored beside its entries (one row, written
in the entry's transaction) and is only ever a summary of them: it says nothing the entries do not,
and it is made again from the entries wherever it does not name the game's last entry.

What it keeps, each a function of the entries that count (not cancelled by an undo):

* each team's total, and the entries whose score ends the game;
* the calls recorded but not applied (waiting, unless a decision settled them), and the decisions;
* the readings a decision chose (a self-contradicting source: chosen once for the game);
* the entries an undo cancelled.

An undo cancels the last entry that counts; a redo cancels the last undo (an undo of an undo).  Any
other shape (a file edited by hand) makes the tally again from the entries, as
:func:`kems_ref.game.sheet.score` reads them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Optional

from ..referee.situation import table_point
from . import sheet
from .store import Game, SheetEntry, Store


@dataclass
class Tally:
    """A game's standing after its entry ``last``."""

    last: int = 0
    totals: dict[str, int] = field(default_factory=dict)  # team -> points or letters
    enders: dict[int, dict[str, Any]] = field(default_factory=dict)  # entry -> its score that ends the game
    pending: dict[int, bool] = field(default_factory=dict)  # a call not applied -> whether it has branches
    decisions: dict[int, int] = field(default_factory=dict)  # a decision -> the call it settles
    readings: dict[int, dict[str, int]] = field(default_factory=dict)  # entry -> the readings it chose
    cancelled: set[int] = field(default_factory=set)  # entries an undo cancelled (undos included)
    #: a decision the table keeps for the rest of the game (``--keep``) -> what it decided, in roles
    kept: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: a call applied by kept decisions -> those decisions (it counts while they all do)
    relies: dict[int, list[int]] = field(default_factory=dict)
    #: the lines that count and end a hand (a round, in a game of so many rounds: sheet.ends_hand)
    hands: int = 0

    # --- what it says ---------------------------------------------------------------------------

    def waiting(self) -> list[int]:
        """The calls still waiting for the table, in order."""
        settled = set(self.decisions.values())
        return [n for n in sorted(self.pending) if n not in settled]

    def score(self, game: Game) -> sheet.Score:
        """The standings, as :func:`kems_ref.game.sheet.score` gives them from the entries."""
        totals = {t.name: self.totals.get(t.name, 0) for t in game.teams}
        ended = self.enders[min(self.enders)] if self.enders else None
        result = sheet.end_by(sheet.standings(game, totals, self.hands), ended)
        result.waiting = self.waiting()
        result.decidable = [n for n in result.waiting if self.pending[n]]
        return result

    def chosen_readings(self) -> dict[str, int]:
        """The readings the table has chosen so far (the latest choice of each point)."""
        chosen: dict[str, int] = {}
        for n in sorted(self.readings):
            chosen.update(self.readings[n])
        return chosen

    def kept_for(self, key: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
        """The kept decisions that settle a call whose open point is ``key``: those the table gave the
        latest call it decided on that point (one per team given a score), in order."""
        found = [(n, spec) for n, spec in sorted(self.kept.items()) if spec["key"] == key]
        if not found:
            return []
        latest = max(spec["call"] for _, spec in found)
        return [(n, spec) for n, spec in found if spec["call"] == latest]

    # --- kept up to date --------------------------------------------------------------------------

    def after(self, entry: SheetEntry, lookup: Callable[[int], Optional[SheetEntry]]) -> Optional[Tally]:
        """The tally once ``entry`` (the game's next) is written; ``lookup(n)``: an earlier entry.
        ``None`` where the entry is not one the tally follows (then make it from the entries)."""
        if entry.n != self.last + 1 or entry.amends is not None:  # an amend: made from the entries (rare)
            return None
        new = self.copy()
        new.last = entry.n
        if entry.kind != "undo":
            new._count(entry, 1)
            return new
        target = lookup(entry.refers) if entry.refers is not None else None
        if target is None or target.n in new.cancelled or target.amends is not None:
            return None
        new.cancelled.add(target.n)
        if target.kind != "undo":  # an undo: the entry it names no longer counts
            new._count(target, -1)
            if not new._follow(target.n, lookup, -1):
                return None
            return new
        again = lookup(target.refers) if target.refers is not None else None  # a redo: what the undo took back
        if again is None or again.kind == "undo" or again.n not in new.cancelled or again.amends is not None:
            return None
        new.cancelled.discard(again.n)
        new._count(again, 1)
        if not new._follow(again.n, lookup, 1):
            return None
        return new

    def _follow(self, decision: int, lookup: Callable[[int], Optional[SheetEntry]], sign: int) -> bool:
        """The calls a kept decision applied, taken back (``sign`` -1: the decision is cancelled, they
        wait for the table again) or applied again (1: the decision counts again); False where one
        cannot be read."""
        for n in sorted(c for c, on in self.relies.items() if decision in on and c not in self.cancelled):
            call = lookup(n)
            if call is None:
                return False
            others_live = all(d not in self.cancelled for d in self.relies[n] if d != decision)
            if others_live:
                self._count(call, -1, relied=sign < 0)  # what it counted for: applied before a cancel
                self._count(call, 1, relied=sign > 0)
        return True

    def _count(self, entry: SheetEntry, sign: int, relied: Optional[bool] = None) -> None:
        """Add (``sign`` 1) or take back (-1) what one entry counts for.  A call applied by kept
        decisions counts as applied while they all count (``relied``: whether they do; by default,
        whether none is cancelled), else as a call waiting for the table."""
        if sheet.ends_hand(entry):  # a hand ended, whether its score counts yet or not
            self.hands += sign
        on = sheet.kept_lines(entry.decision) if entry.kind == "call" else []
        if on:
            if sign > 0:
                self.relies[entry.n] = on
            elif relied is None:
                self.relies.pop(entry.n, None)
        applied = entry.applied and (not on or (relied if relied is not None
                                                 else all(d not in self.cancelled for d in on)))
        if applied:
            ender = next((c for c in entry.changes if c.get("unit") == "game"), None)
            for change in entry.changes:
                if change.get("unit") != "game":
                    total = self.totals.get(change["team"], 0) + sign * change["change"]
                    if total:
                        self.totals[change["team"]] = total
                    else:  # a team at nought is kept as no total at all: one tally, one form
                        self.totals.pop(change["team"], None)
            if ender is not None:
                if sign > 0:
                    self.enders[entry.n] = ender
                else:
                    self.enders.pop(entry.n, None)
        if entry.kind == "call" and not applied:
            if sign > 0:
                # read back, an entry counts its branches; just built, its ruling has them
                self.pending[entry.n] = entry.branches > 0 or bool(entry.ruling is not None and entry.ruling.branches)
            else:
                self.pending.pop(entry.n, None)
        if entry.kind == "decision" and entry.refers is not None:
            if sign > 0:
                self.decisions[entry.n] = entry.refers
            else:
                self.decisions.pop(entry.n, None)
            keep = sheet.keep_spec(entry.decision)
            if keep is not None:
                if sign > 0:
                    self.kept[entry.n] = keep
                else:
                    self.kept.pop(entry.n, None)
        chosen = {str(table_point(fact)): value for fact, value in ((entry.decision or {}).get("if") or {}).items()
                  if table_point(fact)}
        if chosen:
            if sign > 0:
                self.readings[entry.n] = chosen
            else:
                self.readings.pop(entry.n, None)

    def copy(self) -> Tally:
        return Tally(self.last, dict(self.totals), dict(self.enders), dict(self.pending), dict(self.decisions),
                     {n: dict(r) for n, r in self.readings.items()}, set(self.cancelled), dict(self.kept),
                     {n: list(d) for n, d in self.relies.items()}, self.hands)

    # --- made from the entries, stored as JSON -------------------------------------------------

    @classmethod
    def of(cls, entries: Iterable[SheetEntry]) -> Tally:
        """The tally of a whole history, read as :func:`kems_ref.game.sheet.score` reads it."""
        every = list(entries)
        gone = sheet.cancelled(every)
        tally = cls(last=every[-1].n if every else 0, cancelled=set(gone))
        for entry in every:
            if entry.kind != "undo" and entry.n not in gone:
                tally._count(entry, 1)
        return tally

    @staticmethod
    def _no_hands(text: str) -> int:
        """A tally stored before it counted hands: not one this kems-ref reads (made again from the entries)."""
        raise ValueError("a tally stored before it counted the hands")

    def dump(self) -> str:
        """The tally as stored: first, on a line of its own, its head — what the score is made of (the
        totals, the scores that end the game, the calls still waiting), the same size at line 10 as at
        line 10,000, and all that a poll of the score reads (:func:`score`); then the whole tally, which
        grows with the game's undos and decided calls (read where an entry is written, and by a history
        with its running totals).  JSON holds no raw line break: the first one ends the head."""
        head = json.dumps({"last": self.last, "totals": self.totals, "enders": self.enders,
                           "waiting": {n: self.pending[n] for n in self.waiting()}, "hands": self.hands},
                          ensure_ascii=False, sort_keys=True)
        return head + "\n" + json.dumps({"last": self.last, "totals": self.totals, "enders": self.enders,
                                          "pending": self.pending, "decisions": self.decisions,
                                          "readings": self.readings, "cancelled": sorted(self.cancelled),
                                          "kept": self.kept, "relies": self.relies, "hands": self.hands},
                                         ensure_ascii=False, sort_keys=True)

    @classmethod
    def load(cls, text: str) -> Tally:
        """A stored tally (its whole, after the head; a tally stored before it had a head is all
        whole); raises ``ValueError`` on anything no :meth:`dump` wrote."""
        try:
            data = json.loads(text.rpartition("\n")[2])
            return cls(last=int(data["last"]), totals={str(k): int(v) for k, v in data["totals"].items()},
                       enders={int(k): dict(v) for k, v in data["enders"].items()},
                       pending={int(k): bool(v) for k, v in data["pending"].items()},
                       decisions={int(k): int(v) for k, v in data["decisions"].items()},
                       readings={int(k): {str(p): int(x) for p, x in v.items()} for k, v in data["readings"].items()},
                       cancelled={int(n) for n in data["cancelled"]},
                       # a tally stored before kept decisions keeps none
                       kept={int(k): dict(v) for k, v in data.get("kept", {}).items()},
                       relies={int(k): [int(d) for d in v] for k, v in data.get("relies", {}).items()},
                       hands=int(data["hands"]) if "hands" in data else cls._no_hands(text))
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise ValueError(f"not a stored tally ({exc!r})") from None


def read(store: Store, game: Game) -> Tally:
    """Where the game stands after its last entry: the stored tally where it names that entry, else
    made from the entries."""
    last = store.last_entry(game)
    stored = store.stored_tally(game)
    if stored is not None and stored[0] == last:
        try:
            return Tally.load(stored[1])
        except ValueError:
            pass  # a value no kems-ref wrote: made again from the entries
    return Tally.of(store.iter_entries(game, full=False))


def score(store: Store, game: Game) -> sheet.Score:
    """Where the game stands after its last entry, from the stored tally's head alone (see
    :meth:`Tally.dump`): a poll of a long game reads what a short one does.  Where the head does not
    name the last entry (or there is none: a tally stored before heads), from the whole tally."""
    last = store.last_entry(game)
    stored = store.stored_tally_head(game)
    if stored is not None and stored[0] == last and stored[1] is not None:
        try:
            data = json.loads(stored[1])
            if int(data["last"]) == last:
                head = Tally(last=last, totals={str(k): int(v) for k, v in data["totals"].items()},
                             enders={int(k): dict(v) for k, v in data["enders"].items()},
                             pending={int(k): bool(v) for k, v in data["waiting"].items()},
                             hands=int(data["hands"]))  # a head stored before rounds: read from the whole
                return head.score(game)  # the calls waiting are all its pending ones: none is decided
        except (ValueError, TypeError, KeyError, AttributeError):
            pass  # a value no kems-ref wrote: the whole tally says it (made again from the entries if need be)
    return read(store, game).score(game)


def save(store: Store, game: Game, tally: Tally) -> None:
    """Store the game's tally, inside the transaction that wrote its last entry."""
    store.store_tally(game, tally.last, tally.dump())


def last_undoable(store: Store, game: Game, standing: Tally) -> Optional[SheetEntry]:
    """The entry an undo cancels: the last one that counts (read from the end, never the whole game)."""
    for entry in store.iter_entries(game, full=False, backwards=True):
        if entry.kind != "undo" and entry.n not in standing.cancelled:
            return entry
    return None


def last_redoable(store: Store, game: Game, standing: Tally) -> Optional[SheetEntry]:
    """The undo a redo cancels: the latest undo still in force, with nothing written since but other
    undos and redos (a redo after a new entry would put the game out of order); a redo itself is
    taken back by an undo, never redone."""
    for entry in store.iter_entries(game, full=False, backwards=True):
        if entry.kind != "undo":
            return None
        if entry.n not in standing.cancelled:
            target = store.entry(game, entry.refers) if entry.refers is not None else None
            return entry if target is not None and target.kind != "undo" else None
    return None
