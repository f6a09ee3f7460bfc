"""A game's tally says where it stands exactly as its whole history does: after every entry of any
evening (calls right and wrong, calls left to the table and decided, plain lines, undos and redos),
the tally kept entry by entry, the tally made again from the entries and the score read from the
whole history are the same."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kems_ref import library as kems
from kems_ref.game import sheet, tally
from kems_ref.game.tally import Tally

OPS = st.sampled_from(["kems-right", "kems-wrong", "contre-waits", "decide", "point", "point-for", "undo", "redo",
                       "letter-reading", "keep", "amend-point", "amend-call", "stop-wrong", "stop-right",
                       "hand-end"])


#: Scenics: letters as a reward, and a Stop Kemp that costs a letter (one lost with none held is lost from nothing)
SCENICS = os.path.join(os.path.dirname(__file__), "data", "variants", "scenics.yaml")
#: three rounds, any call ending the hand: the rounds played, counted from the lines, follow every undo and amend
ROUNDS = os.path.join(os.path.dirname(__file__), "data", "rounds-house.yaml")


def _play(store, game, op: str) -> None:
    try:
        if op == "kems-right":
            kems.call(store, game, "kems", {"hand": "Q Q Q Q"}, "Léa", None, None)
        elif op == "kems-wrong":
            kems.call(store, game, "kems", {"hand": "Q Q Q J"}, "Ana", None, None)
        elif op == "contre-waits":  # whether the accused held a square is not said: it waits
            kems.call(store, game, "contre-kems", {}, "Ana", "Tom", None)
        elif op == "decide":
            kems.decide(store, game, "1", None)
        elif op == "point":
            kems.point(store, game, "Ben", 1)
        elif op == "point-for":
            kems.point(store, game, "Tom", 2, game_waiting(store, game))
        elif op == "undo":
            kems.undo(store, game)
        elif op == "redo":
            kems.redo(store, game)
        elif op == "stop-wrong":  # a wrong Contre-Kems: under Scenics the calling group loses a letter
            kems.call(store, game, "contre-kems", {"hand": "2 3 4 5", "partner_hand": "6 7 8 9"}, "Ana", "Tom", None)
        elif op == "stop-right":  # a right one: the accused group loses a letter, held or not
            kems.call(store, game, "contre-kems", {"hand": "K K K K"}, "Tom", "Ana", None)
        elif op == "hand-end":  # a hand ended with no call (a round, in a game of rounds)
            kems.hand_end(store, game)
        elif op == "letter-reading":  # Marquoir's wrong Kems: two readings, the table chooses one
            kems.call(store, game, "kems", {"hand": "Q Q Q 2"}, "Tom", None, "1")
        elif op == "keep":  # the table's score for a waiting call, kept for the rest of the game
            kems.point(store, game, "Tom", 1, game_waiting(store, game), keep=True)
        elif op in ("amend-point", "amend-call"):  # the earliest line that counts, corrected
            live = sheet.effective(store.entries(game, full=False))
            if live:
                with kems.amending(live[0].n):
                    if op == "amend-point":
                        kems.point(store, game, "Ben", 3)
                    else:
                        kems.call(store, game, "kems", {"hand": "Q Q Q J"}, "Tom", None, None)
    except kems.KemsError:
        pass  # refused (nothing to undo, a game over…): nothing written


def game_waiting(store, game):
    waiting = kems.standing(store, game).waiting
    return waiting[0] if waiting else 1


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(convention=st.sampled_from(["ducale", "marquoir", "pagat", "bicycle", SCENICS, ROUNDS]),
       ops=st.lists(OPS, min_size=1, max_size=14))
@example(convention="ducale", ops=["kems-right", "undo", "redo", "contre-waits", "decide", "undo", "redo", "undo",
                                   "point-for", "undo", "undo", "redo"])
@example(convention="marquoir", ops=["letter-reading", "kems-wrong", "undo", "undo", "redo", "letter-reading"])
@example(convention="pagat", ops=["contre-waits", "point-for", "undo", "contre-waits", "decide", "kems-wrong"])
@example(convention="bicycle", ops=["kems-right", "keep", "kems-right", "amend-point", "kems-right", "undo", "undo",
                                    "redo", "amend-call", "undo"])
@example(convention=ROUNDS, ops=["kems-right", "hand-end", "undo", "redo", "amend-point", "kems-wrong", "undo",
                                 "hand-end", "undo", "undo", "amend-call", "hand-end"])
@example(convention=SCENICS, ops=["stop-wrong", "kems-right", "stop-right", "stop-wrong", "undo", "undo", "redo",
                                  "stop-right", "kems-right", "stop-wrong", "undo", "redo"])
def test_the_tally_kept_entry_by_entry_is_the_whole_historys_standing(tmp_path_factory, convention, ops):
    path = tmp_path_factory.mktemp("tally") / "games.sqlite3"
    with kems.Store(path, make_folder=False) as store:
        game = kems.new_game(store, ["Tom+Léa", "Ana+Ben"], convention,
                             None if convention in ("pagat", "bicycle", SCENICS, ROUNDS) else 9, None)
        for op in ops:
            _play(store, game, op)
            kept = tally.read(store, game)
            entries = store.entries(game, full=False)
            made = Tally.of(entries)
            assert kept.dump() == made.dump(), (ops, op)
            assert kept.score(game).to_json(game) == sheet.score(game, entries).to_json(game), (ops, op)
            if game.unit == "letter" and not any(o.startswith("amend") for o in ops):
                # a team holds between none and every letter, whatever it lost or won and in what order
                assert all(0 <= s.total <= len(game.target_word) for s in kept.score(game).standings), (ops, op)
            assert kept.chosen_readings() == made.chosen_readings()
            assert kems.standing(store, game).to_json(game) == kept.score(game).to_json(game), (ops, op)  # its head
            last = store.last_entry(game)
            whole = list(kems.history_of(store, game, "en"))
            assert _untotalled(kems.history_of(store, game, "en", since=max(1, last - 2), totals=False)) \
                == _untotalled(whole)[max(0, last - 3):], (ops, op)
            if whole:  # the running totals after the last line are the score
                score = {s.team: s.total for s in kept.score(game).standings}
                assert whole[-1]["totals"] == score, (ops, op)


def _untotalled(items):
    return [{k: v for k, v in item.items() if k != "totals"} for item in items]


def test_a_tally_that_does_not_name_the_last_entry_is_made_again_from_the_entries(tmp_path):
    """Another program appended a line: the stored tally is behind, and is not believed."""
    import sqlite3

    path = tmp_path / "games.sqlite3"
    with kems.Store(path, make_folder=False) as store:
        game = kems.new_game(store, ["Tom+Léa", "Ana+Ben"], "ducale", 9, None)
        kems.point(store, game, "Tom", 2)
    con = sqlite3.connect(path)
    con.execute("INSERT INTO entries (game_id, n, kind, applied, changes, at) VALUES (1, 2, 'point', 1,"
                " '[{\"team\": \"Ana+Ben\", \"change\": 3, \"unit\": \"point\"}]', '2026-12-01T20:00:00')")
    con.commit()
    con.close()
    with kems.Store(path, make_folder=False, writes=False) as store:
        score = kems.standing(store, store.game(None))
    assert {s.team: s.total for s in score.standings} == {"Tom+Léa": 2, "Ana+Ben": 3}


def test_a_line_changed_by_another_program_leaves_no_tally_standing(tmp_path):
    import sqlite3

    path = tmp_path / "games.sqlite3"
    with kems.Store(path, make_folder=False) as store:
        game = kems.new_game(store, ["Tom+Léa", "Ana+Ben"], "ducale", 9, None)
        kems.point(store, game, "Tom", 2)
    con = sqlite3.connect(path)
    con.execute("UPDATE entries SET changes = '[{\"team\": \"Tom+Léa\", \"change\": 5, \"unit\": \"point\"}]'")
    con.commit()
    assert con.execute("SELECT count(*) FROM tallies").fetchone() == (0,)
    con.close()
    with kems.Store(path, make_folder=False, writes=False) as store:
        assert kems.standing(store, store.game(None)).standings[0].total == 5


#: an evening's lines, again and again: each round a call decided by the table and an undo
EVENING = ["kems-right", "contre-waits", "decide", "point", "undo"]


def _poll(store, game, monkeypatch):
    """What a phone's poll reads (the score, the last five lines): the tally texts parsed, the lines read."""
    import json
    from types import SimpleNamespace

    parsed, rows = [], [0]
    monkeypatch.setattr(tally, "json", SimpleNamespace(loads=lambda text: parsed.append(len(text)) or json.loads(text),
                                                       dumps=json.dumps))
    every = kems.Store.iter_entries

    def counted(self, *args, **kwargs):
        for entry in every(self, *args, **kwargs):
            rows[0] += 1
            yield entry

    monkeypatch.setattr(kems.Store, "iter_entries", counted)
    last = store.last_entry(game)
    score = kems.standing(store, game).to_json(game)
    lines = _untotalled(kems.history_of(store, game, "en", since=last - 4, totals=False))
    monkeypatch.undo()
    return score, lines, parsed, rows[0]


def test_a_poll_reads_as_much_of_the_sheet_at_line_60_as_at_line_10(tmp_path, monkeypatch):
    """The score is read from the tally's head alone (the whole tally grows with every undo and every
    decided call), and the last five lines from themselves (what cancels or decides a line comes after
    it): never the whole tally, never the lines before — and they say what the whole history says."""
    with kems.Store(tmp_path / "games.sqlite3", make_folder=False) as store:
        game = kems.new_game(store, ["Tom+Léa", "Ana+Ben"], "ducale", 1_000_000, None)
        for op in EVENING * 2:
            _play(store, game, op)
        assert store.last_entry(game) == 10
        short = _poll(store, game, monkeypatch)
        for op in EVENING * 10:
            _play(store, game, op)
        assert store.last_entry(game) == 60
        long = _poll(store, game, monkeypatch)
        entries = store.entries(game, full=False)
        assert long[0] == sheet.score(game, entries).to_json(game)
        assert long[1] == _untotalled(kems.history_of(store, game, "en"))[-5:]
        assert any(line["cancelled"] for line in long[1]) and any(line["decided_by"] for line in long[1])
        assert len(tally.read(store, game).dump()) > 2 * max(long[2])  # the whole tally is no small thing
    assert short[2] and len(long[2]) == len(short[2]) and max(long[2]) <= max(short[2]) + 10, (short[2], long[2])
    assert long[3] == short[3] <= 12  # the five lines shown, light then whole, and the line an undo takes back


def test_a_tally_stored_before_it_had_a_head_is_read_whole(tmp_path):
    import sqlite3

    path = tmp_path / "games.sqlite3"
    with kems.Store(path, make_folder=False) as store:
        game = kems.new_game(store, ["Tom+Léa", "Ana+Ben"], "ducale", 1_000_000, None)
        for op in EVENING:
            _play(store, game, op)
        before = kems.standing(store, game).to_json(game)
    con = sqlite3.connect(path)
    (state,) = con.execute("SELECT state FROM tallies").fetchone()
    assert state.count("\n") == 1
    con.execute("UPDATE tallies SET state = ?", (state.split("\n")[1],))  # as an earlier kems-ref wrote it
    con.commit()
    con.close()
    with kems.Store(path, make_folder=False, writes=False) as store:
        game = store.game(None)
        assert kems.standing(store, game).to_json(game) == before
        assert tally.read(store, game).dump() == state
