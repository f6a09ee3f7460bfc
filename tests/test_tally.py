"""A game's tally says where it stands exactly as its whole history does: after every entry of any
evening (calls right and wrong, calls left to the table and decided, plain lines, undos and redos),
the tally kept entry by entry, the tally made again from the entries and the score read from the
whole history are the same."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kems_ref import library as kems
from kems_ref.game import sheet, tally
from kems_ref.game.tally import Tally

OPS = st.sampled_from(["kems-right", "kems-wrong", "contre-waits", "decide", "point", "point-for", "undo", "redo",
                       "letter-reading"])


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
        elif op == "letter-reading":  # Marquoir's wrong Kems: two readings, the table chooses one
            kems.call(store, game, "kems", {"hand": "Q Q Q 2"}, "Tom", None, "1")
    except kems.KemsError:
        pass  # refused (nothing to undo, a game over…): nothing written


def game_waiting(store, game):
    waiting = kems.standing(store, game).waiting
    return waiting[0] if waiting else 1


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(convention=st.sampled_from(["ducale", "marquoir", "pagat"]), ops=st.lists(OPS, min_size=1, max_size=14))
@example(convention="ducale", ops=["kems-right", "undo", "redo", "contre-waits", "decide", "undo", "redo", "undo",
                                   "point-for", "undo", "undo", "redo"])
@example(convention="marquoir", ops=["letter-reading", "kems-wrong", "undo", "undo", "redo", "letter-reading"])
@example(convention="pagat", ops=["contre-waits", "point-for", "undo", "contre-waits", "decide", "kems-wrong"])
def test_the_tally_kept_entry_by_entry_is_the_whole_historys_standing(tmp_path_factory, convention, ops):
    path = tmp_path_factory.mktemp("tally") / "games.sqlite3"
    with kems.Store(path, make_folder=False) as store:
        game = kems.new_game(store, ["Tom+Léa", "Ana+Ben"], convention, None if convention == "pagat" else 9, None)
        for op in ops:
            _play(store, game, op)
            kept = tally.read(store, game)
            entries = store.entries(game, full=False)
            made = Tally.of(entries)
            assert kept.dump() == made.dump(), (ops, op)
            assert kept.score(game).to_json(game) == sheet.score(game, entries).to_json(game), (ops, op)
            assert kept.chosen_readings() == made.chosen_readings()


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
