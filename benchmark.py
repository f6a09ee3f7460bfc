#!/usr/bin/env python3
"""Whole-process cost of kems-ref against the import floor, measured in the same run.

The floor is `python -c "import typer, yaml, rich.console"` — what every command cost before it stopped
loading Typer's rich parts (see kems_ref/cli/__init__.py).  Each case's figure is the CPU time of its
process (user + system, from the kernel: what the machine's noise moves least), the cases interleaved
so that noise hits them alike; the ratio to the floor is checked against its target (a ruling in
JSON ≤ 0.6×, for people ≤ 0.8×; a story, a comparison and an entry on the sheet ≤ 1.0×).
Run: python benchmark.py [--runs N]   (--serve: the phones' server; --polls: only its polls and first
render on games of 10, 1,000 and 10,000 entries, the server's CPU against a static file's)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Optional

FLOOR = "floor: import typer, yaml, rich.console"
CASES = {
    FLOOR: [sys.executable, "-c", "import typer, yaml, rich.console"],
    "rule contre-kems --json": [sys.executable, "-m", "kems_ref", "rule", "contre-kems", "--hand", "7 7 K K", "--json"],
    "rule contre-kems (human)": [sys.executable, "-m", "kems_ref", "rule", "contre-kems", "--hand", "7 7 K K"],
    "rule contre-kems --all": [sys.executable, "-m", "kems_ref", "rule", "contre-kems", "--hand", "7 7 K K",
                               "--partner-hand", "2 3 4 5", "--all"],
    "compare (every point, every source)": [sys.executable, "-m", "kems_ref", "compare"],
    "ask --no-input (a story)": [sys.executable, "-m", "kems_ref", "ask", "--no-input",
                                 "stop kemps on Marie 2 3 4 5, her partner has four kings, pagat"],
    "game call (a Kems on the score sheet)": [sys.executable, "-m", "kems_ref", "game", "call", "kems", "--by", "Léa",
                                              "--hand", "Q Q Q Q"],
    "game kems Léa --square (the short entry)": [sys.executable, "-m", "kems_ref", "game", "kems", "Léa", "--square"],
}
TARGETS = {"rule contre-kems --json": 0.6, "rule contre-kems (human)": 0.8, "rule contre-kems --all": 1.0,
           "compare (every point, every source)": 1.0, "ask --no-input (a story)": 1.0,
           "game call (a Kems on the score sheet)": 1.0, "game kems Léa --square (the short entry)": 1.0}

#: the five commonest entries of an evening as typed on a terminal (each line ends with Enter): the
#: short command, then the answer to the one question its ruling asks (Ducale, two teams)
ENTRIES = {
    "a right Kems": ["kems-ref game kems Léa", "y"],
    "a wrong Kems": ["kems-ref game kems Léa", "n"],
    "a right Contre-Kems": ["kems-ref game contre Tom", "y"],
    "a wrong Contre-Kems": ["kems-ref game contre Tom", "n"],
    "undo the last line": ["kems-ref game undo"],
}
#: a hurried typist's pace, for the typing estimate (the program's own time is measured above)
KEYS_PER_SECOND = 5.0


#: as installed: bytecode written and read (a sandbox may set PYTHONDONTWRITEBYTECODE, which would
#: recompile kems_ref at every run while the dependencies' bytecode was compiled by pip); the score
#: sheet in a scratch database holding one long game (a target no run reaches)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["KEMS_REF_DB"] = os.path.join(tempfile.mkdtemp(prefix="kems-bench-"), "games.sqlite3")


def elapsed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--serve", action="store_true",
                        help="only kems-ref serve: the server's time per ruling, the page's weight, the"
                             " latency of calls entered by 8 and 32 phones tapping at once, and the server's"
                             " CPU per poll and per first render on games of 10, 1,000 and 10,000 entries")
    parser.add_argument("--polls", action="store_true",
                        help="only the server's CPU per poll and per first render on games of 10, 1,000 and"
                             " 10,000 entries (a part of --serve)")
    parser.add_argument("--site", action="store_true",
                        help="only the browser edition (kems-ref site build, in the system's Chromium on 127.0.0.1):"
                             " the bytes of a first visit and of a later one, the boot to a ready referee against"
                             " bare Pyodide's boot in the same browser, and the page's time per ruling")
    args = parser.parse_args()
    if args.site:
        return site_figures()
    if args.polls:
        return poll_figures()
    if args.serve:
        return serve_figures() | tap_figures() | poll_figures()
    subprocess.run([sys.executable, "-m", "kems_ref", "game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben",
                    "--target", "1000000"], stdout=subprocess.DEVNULL, check=True, env=ENV)
    for cmd in CASES.values():  # warm the file cache, the bytecode and kems-ref's data cache
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV)
    # interleave the cases so machine noise hits them alike; each process's CPU time, not the wall clock
    samples: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(args.runs):
        for name, cmd in CASES.items():
            samples[name].append(_cpu_measured(cmd, ENV)[0])
    results = {name: statistics.median(v) for name, v in samples.items()}
    floor = results[FLOOR]
    ok = True
    print("| case | CPU time (median) | ratio to floor | target |\n|---|---|---|---|")
    for name, value in results.items():
        target = TARGETS.get(name)
        ratio = value / floor
        verdict = "" if target is None else (" ✓" if ratio <= target else " ✗")
        ok &= target is None or ratio <= target
        print(f"| {name} | {value * 1000:.0f} ms | {ratio:.2f}× | {f'≤ {target:.1f}×' if target else '—'}{verdict} |")
    entry = statistics.median(elapsed(CASES["game kems Léa --square (the short entry)"]) for _ in range(3))
    print("\n| entry | keystrokes | typing at 5 keys/s + the program |\n|---|---|---|")
    for name, lines in ENTRIES.items():
        keys = sum(len(line) + 1 for line in lines)  # each line and its Enter
        print(f"| {name} (`{' ⏎ '.join(lines)} ⏎`) | {keys} | {keys / KEYS_PER_SECOND + entry:.1f} s |")
    ok &= long_game()
    ok &= sheet_length()
    return 0 if ok else 1


def _copies(db: str, count: int) -> None:
    """The game of ``db`` made ``count`` entries long: its first entries repeated (SQL, not the CLI)."""
    import sqlite3

    con = sqlite3.connect(db)
    rows = con.execute("SELECT * FROM entries ORDER BY n").fetchall()
    columns = [d[0] for d in con.execute("SELECT * FROM entries").description]
    at = columns.index("n")
    copies = [[*row[:at], n, *row[at + 1:]] for n, row in
              ((n, rows[n % len(rows)]) for n in range(len(rows) + 1, count + 1))]
    con.executemany(f"INSERT INTO entries VALUES ({', '.join('?' * len(columns))})", copies)
    con.commit()
    con.close()


def _cpu_measured(cmd: list[str], env: dict[str, str]) -> tuple[float, int]:
    """CPU time (user + system, s) and peak memory (MiB) of one process: what the machine's noise moves
    least."""
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, cmd
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024


def _sheet_of(folder: str, size: int) -> dict[str, str]:
    """A game of ``size`` lines (three written by kems-ref, copied by SQL, then one more written: its
    tally, as every line kems-ref writes leaves it — lines added by SQL leave none, and the first command
    would make it again from every line, all held at once); the environment that names its sheet."""
    kems = [sys.executable, "-m", "kems_ref", "game"]
    env = {**ENV, "KEMS_REF_DB": os.path.join(folder, f"g{size}.sqlite3"), "COLUMNS": "100"}
    subprocess.run([*kems, "new", "--team", "Tom+Léa", "--team", "Ana+Ben", "-c", "ducale", "--target", "1000000"],
                   stdout=subprocess.DEVNULL, check=True, env=env)
    for entry in (["kems", "Léa", "--hand", "K K K K"], ["contre", "Ana", "Tom", "--hand", "7 7 K K"],
                  ["point", "Tom", "1"]):
        subprocess.run([*kems, *entry], stdout=subprocess.DEVNULL, check=True, env=env)
    _copies(env["KEMS_REF_DB"], size)
    subprocess.run([*kems, "point", "Tom", "1"], stdout=subprocess.DEVNULL, check=True, env=env)
    return env


def sheet_length(small: int = 100, large: int = 50_000, runs: int = 5) -> bool:
    """What a command costs on a sheet of ``small`` lines and of ``large`` lines, interleaved: CPU time
    and peak memory of each process, the ratio large / small.  A new entry and the score: CPU and
    memory flat (≤ 1.2×); the exports and the JSON history: memory flat (≤ 1.2×), their CPU grows with
    the lines they write."""
    folder = tempfile.mkdtemp(prefix="kems-bench-length-")
    kems = [sys.executable, "-m", "kems_ref", "game"]
    envs = {}
    for size in (small, large):
        envs[size] = _sheet_of(folder, size)
    cases = {"a new entry (game kems Léa --hand 'Q Q Q Q')": (["kems", "Léa", "--hand", "Q Q Q Q"], True),
             "game score": (["score"], True), "game score --json": (["score", "--json"], True),
             "game export --format json": (["export", "--format", "json"], False),
             "game export --format csv": (["export", "--format", "csv"], False),
             "game history --json": (["history", "--json"], False)}
    samples: dict[tuple[str, int], list[tuple[float, int]]] = {}
    for _ in range(runs):
        for name, (args, _flat) in cases.items():
            for size in (small, large):
                samples.setdefault((name, size), []).append(_cpu_measured([*kems, *args], envs[size]))
    print(f"\n| command | {small:,} lines: CPU, memory | {large:,} lines: CPU, memory | CPU ratio | memory ratio |"
          "\n|---|---|---|---|---|")
    ok = True
    for name, (_args, flat_cpu) in cases.items():
        (cpu_s, mem_s), (cpu_l, mem_l) = ((statistics.median(c for c, _ in samples[(name, n)]),
                                           max(m for _, m in samples[(name, n)])) for n in (small, large))
        cpu_ratio, mem_ratio = cpu_l / cpu_s, mem_l / mem_s
        fine = mem_ratio <= 1.2 and (cpu_ratio <= 1.2 or not flat_cpu)
        ok &= fine
        cpu_mark = ("✓" if cpu_ratio <= 1.2 else "✗") + " (≤ 1.2×)" if flat_cpu else "(grows with the lines)"
        print(f"| {name} | {cpu_s * 1000:.0f} ms, {mem_s} MiB | {cpu_l * 1000:.0f} ms, {mem_l} MiB | "
              f"{cpu_ratio:.2f}× {cpu_mark} | {mem_ratio:.2f}× {'✓' if mem_ratio <= 1.2 else '✗'} (≤ 1.2×) |")
    return ok


def long_game(lines: int = 20_000) -> bool:
    """`game history` of an evening (20 lines) against a game of 20,000: the lines shown cost the
    same (memory flat per line shown; CPU time reported); the JSON of every line streams (memory flat)."""
    folder = tempfile.mkdtemp(prefix="kems-bench-long-")
    results: dict[str, dict[int, tuple[float, int]]] = {}
    kems = [sys.executable, "-m", "kems_ref", "game"]
    for size in (20, lines):
        env = _sheet_of(folder, size)
        for name, args in (("history (its last 20 lines)", ["history", "--last", "20"]),
                           ("history --json (every line)", ["history", "--json"])):
            runs = [_cpu_measured([*kems, *args], env) for _ in range(3)]  # CPU time and peak memory
            results.setdefault(name, {})[size] = (statistics.median(r[0] for r in runs), max(r[1] for r in runs))
    print(f"\n| long game | {20 + 1} lines | {lines + 1:,} lines | memory ratio |\n|---|---|---|---|")
    ok = True
    for name, by_size in results.items():
        (t_small, m_small), (t_big, m_big) = by_size[20], by_size[lines]
        flat = m_big / m_small
        ok &= flat <= 1.5
        print(f"| {name} | {t_small * 1000:.0f} ms, {m_small} MiB | {t_big * 1000:.0f} ms, {m_big} MiB | "
              f"{flat:.2f}× {'✓' if flat <= 1.5 else '✗'} (≤ 1.5×) |")
    return ok


def serve_figures(rulings: int = 300, pollers: int = 8, bound_s: float = 120.0) -> int:
    """`kems-ref serve` on 127.0.0.1: the server's own time per ruling (its Server-Timing header,
    p50/p95) while 8 phones poll the score every 250 ms, and what a phone downloads for the page.
    Every loop is bounded in count and time; nothing but loopback is contacted."""
    import json
    import threading
    import urllib.request

    folder = tempfile.mkdtemp(prefix="kems-bench-serve-")
    env = {**ENV, "KEMS_REF_DB": os.path.join(folder, "g.sqlite3")}
    server = subprocess.Popen([sys.executable, "-m", "kems_ref", "serve", "--port", "0", "--host", "127.0.0.1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    assert server.stdout is not None
    base = server.stdout.readline().strip()
    assert base.startswith("http://127.0.0.1:"), base
    deadline = time.monotonic() + bound_s

    def post(path: str, body: dict) -> tuple[bytes, float]:
        request = urllib.request.Request(base + path.lstrip("/"), data=json.dumps(body).encode(), method="POST",
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            timing = answer.headers.get("server-timing", "app;dur=0").split("dur=")[1]
            return answer.read(), float(timing)

    def get(path: str) -> bytes:
        with urllib.request.urlopen(base + path.lstrip("/"), timeout=10) as answer:
            return answer.read()

    post("/api/games", {"teams": ["Léa+Tom", "Inès+Karim"], "target": 1000})
    stop = threading.Event()
    polls = [0]

    def poll() -> None:
        for _ in range(int(bound_s * 4)):  # bounded: at most bound_s seconds at 4 a second
            if stop.is_set() or time.monotonic() > deadline:
                return
            get("/score")
            polls[0] += 1
            time.sleep(0.25)

    threads = [threading.Thread(target=poll, daemon=True) for _ in range(pollers)]
    for thread in threads:
        thread.start()
    durations = []
    situations = [{"event": "contre-kems", "hand": "7 7 K K", "convention": "pagat"},
                  {"event": "kems", "hand": "Q Q Q Q"}, {"event": "exchange", "cards": 2, "take-first": True}]
    try:
        for i in range(rulings):
            if time.monotonic() > deadline:
                break
            durations.append(post("/api/rule", situations[i % len(situations)])[1])
        page = {path: len(get(path)) for path in ("/", "/static/htmx.min.js", "/static/kems.css")}
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=5)
        server.terminate()
        server.wait(timeout=20)
    durations.sort()
    p50, p95 = durations[len(durations) // 2], durations[int(len(durations) * 0.95)]
    weight = sum(page.values())
    print(f"| serve (127.0.0.1, {pollers} phones polling every 250 ms, {polls[0]} polls) | figure | target |")
    print("|---|---|---|")
    mark = "✓" if p50 < 10 else "✗"
    print(f"| server time per ruling, p50 ({len(durations)} rulings) | {p50:.1f} ms | < 10 ms {mark} |")
    print(f"| server time per ruling, p95 | {p95:.1f} ms | — |")
    print(f"| the score page with its script and style | {weight / 1024:.0f} KB "
          f"(page {page['/'] / 1024:.1f}, htmx {page['/static/htmx.min.js'] / 1024:.0f}, "
          f"style {page['/static/kems.css'] / 1024:.1f}) | < 100 KB {'✓' if weight < 100_000 else '✗'} |")
    return 0 if p50 < 10 and weight < 100_000 else 1


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) a process has used so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tap_figures(clients: tuple[int, ...] = (8, 32), taps: int = 25, bound_s: float = 120.0) -> int:
    """Calls entered on one sheet by phones tapping continuously (`kems-ref serve` on 127.0.0.1): each
    phone enters a Kems, then fetches a static file (the baseline: what the server answers without
    ruling or writing), again and again.  Reported: p50/p95/p99 of a call and of the static file under
    the same load, the server's CPU time per call, and the call's p99 against the CPU queue (phones ×
    CPU per call: what a call must wait where the only thing taps share is the processor) — figures
    the machine's noise moves alike, never a bare wall-clock median.  Every call must be recorded
    (none refused as busy).  Every request bounded in count and time; loopback only."""
    ok = True
    print("\n| phones tapping at once | call p50 / p95 / p99 | static file p50 / p95 / p99 | server CPU per call |"
          " call p99 ÷ (phones × CPU per call) | refused |\n|---|---|---|---|---|---|")
    for count in clients:
        calls, static, refused, cpu = _tapping(count, taps, bound_s)

        def pct(values: list[float], p: float) -> float:
            ordered = sorted(values)
            return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000 if ordered else float("nan")

        call_p = [pct(calls, p) for p in (0.5, 0.95, 0.99)]
        static_p = [pct(static, p) for p in (0.5, 0.95, 0.99)]
        per_call = cpu / max(1, len(calls)) * 1000
        ok &= refused == 0
        print(f"| {count} ({len(calls)} calls) | {' / '.join(f'{v:.0f}' for v in call_p)} ms | "
              f"{' / '.join(f'{v:.0f}' for v in static_p)} ms | {per_call:.1f} ms | "
              f"{call_p[2] / (count * per_call):.1f}× | {refused} {'✓' if refused == 0 else '✗'} |")
    return 0 if ok else 1


def _tapping(count: int, taps: int, bound_s: float) -> tuple[list[float], list[float], int, float]:
    """``count`` phones, ``taps`` calls each: each call's and each static fetch's latency (s), the calls
    refused, and the server's CPU time (s) over the run."""
    import json
    import threading
    import urllib.error
    import urllib.request

    folder = tempfile.mkdtemp(prefix="kems-bench-taps-")
    env = {**ENV, "KEMS_REF_DB": os.path.join(folder, "g.sqlite3")}
    server = subprocess.Popen([sys.executable, "-m", "kems_ref", "serve", "--port", "0", "--host", "127.0.0.1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    assert server.stdout is not None
    base = server.stdout.readline().strip()
    assert base.startswith("http://127.0.0.1:"), base
    body = json.dumps({"teams": ["Léa+Tom", "Inès+Karim"], "target": 1_000_000}).encode()
    urllib.request.urlopen(urllib.request.Request(base + "api/games", method="POST", data=body, headers={
        "content-type": "application/json"}), timeout=10).close()
    calls: list[float] = []
    static: list[float] = []
    refused = [0]
    lock = threading.Lock()
    deadline = time.monotonic() + bound_s

    def tap(i: int) -> None:
        # the same call again and again, each one meant: confirmed (else the sheet takes a call repeating the
        # last line within 20 s for another phone's, and answers 409)
        body = json.dumps({"event": "kems", "by": ("Léa", "Inès")[i % 2], "hand": "Q Q Q Q", "confirm": True}).encode()
        for _ in range(taps):
            if time.monotonic() > deadline:
                return
            request = urllib.request.Request(base + "api/games/current/calls", data=body, method="POST",
                                             headers={"content-type": "application/json"})
            start = time.perf_counter()
            try:
                urllib.request.urlopen(request, timeout=60).close()
            except (urllib.error.URLError, OSError):
                with lock:
                    refused[0] += 1
                continue
            took = time.perf_counter() - start
            start = time.perf_counter()
            urllib.request.urlopen(base + "static/kems.css", timeout=60).close()
            with lock:
                calls.append(took)
                static.append(time.perf_counter() - start)

    cpu = _cpu_seconds(server.pid)
    threads = [threading.Thread(target=tap, args=(i,), daemon=True) for i in range(count)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=bound_s)
        cpu = _cpu_seconds(server.pid) - cpu
    finally:
        server.terminate()
        server.wait(timeout=20)
    return calls, static, refused[0], cpu


#: an evening's lines in the order a table writes them, repeated to a game's length: points, Kems and
#: Contre-Kems, a call the table decides (by a branch, by a score of its own), an undo, an undo put back
EVENING: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("call", ("kems", {"hand": "Q Q Q Q"}, "Léa", None)), ("point", ("Tom", 1)),
    ("call", ("contre-kems", {"hand": "7 7 K K"}, "Ana", "Tom")), ("point", ("Ana", 1)), ("point", ("Tom", 1)),
    ("call", ("double-kems", {"hand": "K K K K"}, "Ana", None)), ("decide", ("1",)), ("point", ("Ana", 1)),
    ("call", ("kems", {"hand": "J J J J"}, "Ben", None)), ("point", ("Tom", 1)), ("undo", ()), ("point", ("Tom", 1)),
    ("call", ("exchange", {}, "Tom", None)), ("settle", ("Ana", 0)), ("point", ("Ana", 1)),
    ("call", ("contre-kems", {"hand": "7 7 K K"}, "Tom", "Ana")), ("point", ("Tom", 2)), ("undo", ()),
    ("redo", ()), ("point", ("Ana", 1)))


def build_game(db: str, entries: int) -> None:
    """A game of ``entries`` lines written at ``db`` through the library, as a table writes them
    (:data:`EVENING` again and again): each entry ruled, recorded and tallied in its own transaction."""
    from pathlib import Path

    from kems_ref import library as kems

    with kems.Store(Path(db)) as store:
        store.conn.execute("PRAGMA synchronous = OFF")  # a scratch file: no disk flush per line
        game = kems.new_game(store, ["Tom+Léa", "Ana+Ben"], "ducale", 1_000_000, None)
        for i in range(entries):
            kind, args = EVENING[i % len(EVENING)]
            if kind == "call":
                kems.call(store, game, *args, None)
            elif kind == "point":
                kems.point(store, game, *args)
            elif kind == "settle":  # the table's own score for the call that waits
                kems.point(store, game, *args, kems.standing(store, game).waiting[-1])
            elif kind == "decide":
                kems.decide(store, game, *args, None)
            else:
                getattr(kems, kind)(store, game)
        assert store.last_entry(game) == entries, (store.last_entry(game), entries)


#: what a phone asks of the server, each against the baseline of a static file asked in the same round
POLLS: dict[str, tuple[str, bool]] = {
    "static file (baseline)": ("/static/kems.css", False),
    "/score, changed (full render)": ("/score", False),
    "/score, unchanged (304)": ("/score", True),
    "/api/games/current/score": ("/api/games/current/score", False),
    "/ (first render)": ("/", False),
}
#: the figures held flat from 10 to 10,000 entries (ratio ≤ 1.2): the polls, and the page's first render
FLAT = ("/score, changed (full render)", "/score, unchanged (304)", "/api/games/current/score", "/ (first render)")


def _server_cpu_ns(pid: int) -> dict[int, int]:
    """Each thread's CPU time so far, in ns (Linux /proc: the scheduler's own count, not clock ticks)."""
    spent = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat", encoding="ascii") as stat:
                spent[int(tid)] = int(stat.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):  # a thread that ended meanwhile
            continue
    return spent


def _spent(before: dict[int, int], after: dict[int, int]) -> float:
    """The server's CPU time (s) between two readings, its threads summed (a new one from nought)."""
    return sum(ns - before.get(tid, 0) for tid, ns in after.items()) / 1e9


def poll_figures(sizes: tuple[int, ...] = (10, 1_000, 10_000), rounds: int = 7, batch: int = 30,
                 bound_s: float = 300.0) -> int:
    """The server's CPU per request on games of 10, 1,000 and 10,000 entries (built through the
    library), one `kems-ref serve` on 127.0.0.1 per game: a poll of the score page whose copy is
    stale (rendered whole), one whose copy is current (If-None-Match: a 304), the JSON score, and the
    home page's first render.  Each figure is the server's own CPU time (its threads', from /proc) over
    a batch of requests, paired in the same round with a batch of static file requests (the baseline:
    what the server does for any request); the rounds interleaved, the median of each round's ratio
    reported.  Flat: each ratio at 10,000 entries within 1.2× of itself at 10.  Every loop is bounded in
    count and time; nothing but loopback is contacted."""
    import http.client

    folder = tempfile.mkdtemp(prefix="kems-bench-polls-")
    deadline = time.monotonic() + bound_s
    servers: dict[int, tuple[subprocess.Popen[str], http.client.HTTPConnection]] = {}
    built = {}
    try:
        for size in sizes:
            db = os.path.join(folder, f"g{size}.sqlite3")
            start = time.process_time()
            build_game(db, size)
            built[size] = time.process_time() - start
            server = subprocess.Popen([sys.executable, "-m", "kems_ref", "serve", "--port", "0", "--host", "127.0.0.1"],
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                      env={**ENV, "KEMS_REF_DB": db})
            assert server.stdout is not None
            base = server.stdout.readline().strip()
            assert base.startswith("http://127.0.0.1:"), base
            port = int(base.rsplit(":", 1)[1].strip("/"))
            servers[size] = server, http.client.HTTPConnection("127.0.0.1", port, timeout=30)

        def ask(size: int, path: str, tag: Optional[str] = None, anew: bool = False) -> tuple[int, Optional[str]]:
            connection = servers[size][1]
            if anew:  # a connection of its own (the server closes one idle for 5 s)
                connection.close()
            connection.request("GET", path, headers={"if-none-match": tag} if tag else {})
            answer = connection.getresponse()
            answer.read()
            return answer.status, answer.getheader("etag")

        tags = {size: ask(size, "/score", anew=True)[1] for size in sizes}
        for size in sizes:  # warm each server: its templates, its data cache, its threads
            for path, _current in POLLS.values():
                for _ in range(3):
                    status, _tag = ask(size, path)
                    assert status == 200, (size, path, status)
            assert ask(size, "/score", tags[size])[0] == 304
        cpu: dict[tuple[int, str], list[float]] = {}
        for _ in range(rounds):
            for size in sizes:
                for name, (path, current) in POLLS.items():
                    if time.monotonic() > deadline:
                        break
                    tag = tags[size] if current else 'W/"an older score"'
                    pid = servers[size][0].pid
                    before = _server_cpu_ns(pid)
                    for i in range(batch):
                        status, _tag = ask(size, path, tag if path == "/score" else None, anew=i == 0)
                        assert status == (304 if current else 200), (size, path, status)
                    cpu.setdefault((size, name), []).append(_spent(before, _server_cpu_ns(pid)) / batch)
    finally:
        for server, connection in servers.values():
            connection.close()
            server.terminate()
            server.wait(timeout=20)
    baseline = next(iter(POLLS))
    # a round the time bound cut short pairs what it measured
    ratios = {key: [c / b for c, b in zip(values, cpu[(key[0], baseline)], strict=False)]
              for key, values in cpu.items()}
    print(f"\n| server CPU per request ({rounds} rounds of {batch}) | "
          + " | ".join(f"{size:,} entries" for size in sizes)
          + f" | {sizes[-1]:,} ÷ {sizes[0]:,} |\n|---|" + "---|" * (len(sizes) + 1))
    ok = True
    for name in POLLS:
        cells = []
        for size in sizes:
            value = statistics.median(cpu[(size, name)]) * 1000
            cells.append(f"{value:.2f} ms" + ("" if name == baseline else
                                              f" ({statistics.median(ratios[(size, name)]):.2f}×)"))
        if name == baseline:
            flat = statistics.median(cpu[(sizes[-1], name)]) / statistics.median(cpu[(sizes[0], name)])
            verdict = f"{flat:.2f}×"
        else:
            flat = statistics.median(ratios[(sizes[-1], name)]) / statistics.median(ratios[(sizes[0], name)])
            fine = flat <= 1.2 or name not in FLAT
            ok &= fine
            verdict = f"{flat:.2f}× {'✓' if fine else '✗'} (≤ 1.2×)"
        print(f"| {name} | {' | '.join(cells)} | {verdict} |")
    # what writing each game cost (this process's CPU: each entry ruled, recorded and tallied)
    print("games written through the library: " + ", ".join(f"{s:,} entries in {built[s]:.1f} s of CPU "
                                                            f"({built[s] / s * 1000:.1f} ms an entry)" for s in sizes))
    return 0 if ok else 1



# --- the browser edition ----------------------------------------------------------------------------------

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare</title><script src="bare.js" defer></script>"""
BARE_SCRIPT = """const w = new Worker("bare-worker.js", {type: "module"});
w.onmessage = (e) => { document.documentElement.dataset.bare = String(performance.now()); };"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./pyodide/", self.location).href });
py.runPython("1+1");
self.postMessage("ready");"""


def site_figures(boots: int = 5, rulings: int = 40, bound_s: float = 900.0) -> int:
    """The site built, served by a plain static server on 127.0.0.1, opened in the system's Chromium at a
    phone's viewport: what a first visit fetches (the build's figure, the files gzipped as a static host
    sends them), what a later visit fetches from the network (none: the service worker's copy), the boot
    to a ready referee from that copy against bare Pyodide's boot (load the runtime, run 1+1) from the
    same copy in the same browser, interleaved; and the page's own time per ruling once ready."""
    import re
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("site: Playwright is not installed (pip install playwright)")
        return 1
    if chromium is None:
        print("site: no system Chromium (apt-get install chromium)")
        return 1
    deadline = time.monotonic() + bound_s
    with tempfile.TemporaryDirectory(prefix="kems-site-") as work:
        site = os.path.join(work, "site")
        built = subprocess.run([sys.executable, "-m", "kems_ref", "site", "build", site, "--json"],
                               capture_output=True, text=True, env=ENV, timeout=900)
        if built.returncode != 0:
            print("site: the build failed:", built.stderr.strip())
            return 1
        figures = json.loads(built.stdout)
        for name, text in (("bare.html", BARE_PAGE), ("bare.js", BARE_SCRIPT), ("bare-worker.js", BARE_WORKER)):
            with open(os.path.join(site, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "-d", site],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            assert server.stdout is not None
            port = int(re.search(r"port (\d+)", server.stdout.readline()).group(1))  # type: ignore[union-attr]
            base = f"http://127.0.0.1:{port}/"
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
                try:
                    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                               has_touch=True).new_page()
                    page.set_default_timeout(bound_s * 1000)
                    page.goto(base)  # the first visit: the service worker keeps every file
                    page.wait_for_selector("html[data-kems-ready='1']")
                    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
                    fetched: list[tuple[str, bool]] = []
                    page.on("response", lambda r: fetched.append((r.url, r.from_service_worker)))
                    ours: list[float] = []
                    bare: list[float] = []
                    for _ in range(boots):  # interleaved: the machine's noise hits both alike
                        if time.monotonic() > deadline:
                            break
                        page.goto(base)
                        page.wait_for_selector("html[data-kems-ready='1']")
                        ours.append(page.evaluate("() => performance.now()"))
                        page.goto(base + "bare.html")
                        page.wait_for_selector("html[data-bare]")
                        bare.append(float(page.evaluate("() => document.documentElement.dataset.bare")))
                    network = [url for url, kept in fetched if not kept and "bare" not in url]
                    page.goto(base)
                    page.wait_for_selector("html[data-kems-ready='1']")
                    times = page.evaluate("""async (count) => {
                        const out = [];
                        for (let i = 0; i < count; i++) {
                            const t = performance.now();
                            await window.kemsRef.api('/api/rule', {event: 'contre-kems', hand: '7 7 K K',
                                                                   convention: i % 2 ? 'pagat' : 'ducale'});
                            out.push(performance.now() - t);
                        }
                        return out;
                    }""", rulings)
                finally:
                    browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    ratio = statistics.median(ours) / statistics.median(bare)
    ruling = statistics.median(times)
    ok = figures["first_visit_bytes"] <= 8_000_000 and not network and ratio <= 1.5 and ruling <= 50
    print("| the browser edition | measured | target |\n|---|---|---|")
    print(f"| a first visit fetches (gzipped) | {figures['first_visit_bytes'] / 1e6:.1f} MB | ≤ 8 MB |")
    print(f"| a later visit fetches from the network | {len(network)} files | 0 |")
    print(f"| boot to a ready referee, from the phone's copy | {statistics.median(ours) / 1000:.1f} s "
          f"({ratio:.2f}× bare Pyodide's {statistics.median(bare) / 1000:.1f} s; {len(ours)} boots each) | ≤ 1.5× |")
    print(f"| a ruling once ready (page time, median / p95 of {len(times)}) | {ruling:.0f} / "
          f"{sorted(times)[int(len(times) * 0.95) - 1]:.0f} ms | ≤ 50 ms |")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
