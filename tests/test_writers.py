"""Nothing lost, whoever writes: the command line, servers and phones on one score sheet.

Every acknowledged entry is in the file exactly once, under the number it was acknowledged with,
and the totals are the acknowledged entries — whether one process writes or several at once.
Servers listen on 127.0.0.1 only; every loop is bounded in count and in time."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from kems_ref import library as kems
from kems_ref.game.store import Store

pytestmark = pytest.mark.slow  # servers and processes writing at once: the whole suite only

ENV = {**os.environ, "PYTHONWARNINGS": "ignore"}
CLI = [sys.executable, "-m", "kems_ref"]


def _cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, "game", *args, "--db", str(db)], capture_output=True, text=True, env=ENV,
                          timeout=120)


def _rows(db: Path) -> list[tuple[int, str]]:
    """Each entry's number and the team its line credits, as the file holds them."""
    con = sqlite3.connect(db)
    try:
        return [(n, json.loads(changes)[0]["team"]) for n, changes in
                con.execute("SELECT n, changes FROM entries ORDER BY n")]
    finally:
        con.close()


def test_a_sheet_opened_again_in_a_process_keeps_the_locks_of_its_connection_already_open(tmp_path):
    """A server's request opening the sheet while another request's connection lives in the same
    process must not drop that connection's locks: another process would then take itself for the
    last one, checkpoint and delete the WAL the first connection still writes to, and its entries
    would be lost (acknowledged 6, recorded 4, before the sheet was identified through SQLite)."""
    db = tmp_path / "g.sqlite3"
    assert _cli(db, "new", "--team", "A+B", "--team", "C+D", "--target", "1000").returncode == 0
    first = Store(db, make_folder=False)  # one request's connection, alive
    game = first.game(None)
    first.entries(game)  # it has read the sheet: it holds its shared lock
    Store(db, make_folder=False).conn.close()  # another request opens the sheet, and is done with it
    try:
        for _ in range(3):
            assert _cli(db, "point", "A", "1").returncode == 0  # another process writes and closes
            kems.point(first, game, "C", 1)  # the first connection writes
        assert Path(f"{db}-wal").exists()  # never deleted under the connection that still uses it
    finally:
        first.conn.close()
    assert _rows(db) == [(1, "A+B"), (2, "C+D"), (3, "A+B"), (4, "C+D"), (5, "A+B"), (6, "C+D")]


def _serve(db: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([*CLI, "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), url
    return process, url


@pytest.mark.parametrize("round_", [1, 2, 3])
def test_the_command_line_and_two_servers_writing_one_game_at_once_lose_nothing(tmp_path, round_):
    """Two `serve` on one --db, four clients each, and `kems-ref game point` processes, all at once:
    every acknowledged entry in the file exactly once under its number, no number given twice, the
    totals the acknowledged entries, and no request told the sheet is damaged or busy."""
    db = tmp_path / "g.sqlite3"
    assert _cli(db, "new", "--team", "A+B", "--team", "C+D", "--target", "1000000").returncode == 0
    servers = [_serve(db), _serve(db)]
    acknowledged: list[tuple[int, str]] = []  # (entry number, team) as each writer was told
    refused: list[str] = []
    lock = threading.Lock()
    deadline = time.monotonic() + 90

    def client(base: str, team: str) -> None:
        for _ in range(40):  # bounded in count and in time
            if time.monotonic() > deadline:
                return
            request = urllib.request.Request(base + "api/games/current/points", method="POST",
                                             data=json.dumps({"team": team, "n": 1}).encode(),
                                             headers={"content-type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    n = json.loads(answer.read())["entry"]
                with lock:
                    acknowledged.append((n, {"A": "A+B", "C": "C+D"}[team]))
            except OSError as exc:  # an HTTP error included: none is expected
                body = exc.read().decode() if hasattr(exc, "read") else ""
                with lock:
                    refused.append(f"{exc} {body}")

    def command_line() -> None:
        for _ in range(12):
            if time.monotonic() > deadline:
                return
            done = _cli(db, "point", "A", "1", "--json")
            with lock:
                if done.returncode == 0:
                    acknowledged.append((json.loads(done.stdout)["entry"], "A+B"))
                else:
                    refused.append(done.stderr)

    threads = [threading.Thread(target=client, args=(url, team))
               for (_, url), team in zip(servers, ("A", "C"), strict=True) for _ in range(4)]
    threads.append(threading.Thread(target=command_line))
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        for process, _ in servers:
            process.send_signal(signal.SIGINT)
        errors = [process.communicate(timeout=30)[1] for process, _ in servers]
    assert refused == [] and not any("Traceback" in e or "damaged" in e for e in errors)
    numbers = [n for n, _ in acknowledged]
    assert len(numbers) == len(set(numbers)) == 4 * 40 * 2 + 12  # no number acknowledged to two writers
    assert _rows(db) == sorted(acknowledged)  # each acknowledged entry exactly once, nothing else
    score = json.loads(_cli(db, "score", "--json").stdout)
    totals = {t["team"]: t["points"] for t in score["teams"]}
    assert totals == {"A+B": 4 * 40 + 12, "C+D": 4 * 40}
