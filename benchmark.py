#!/usr/bin/env python3
"""Whole-process timing of kems-ref against the import floor, measured in the same run.

The floor is `python -c "import typer, yaml, rich.console"`: the CLI cannot answer faster than
Python imports its own dependencies.  Prints the median times and the ratios against the targets
(single ruling and game call <= 1.3x; --all, compare and ask <= 1.6x).  Run: python benchmark.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

CASES = {
    "floor: import typer, yaml, rich.console": [sys.executable, "-c", "import typer, yaml, rich.console"],
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
TARGETS = {"rule contre-kems --json": 1.3, "rule contre-kems (human)": 1.3, "rule contre-kems --all": 1.6,
           "compare (every point, every source)": 1.6, "ask --no-input (a story)": 1.6,
           "game call (a Kems on the score sheet)": 1.3, "game kems Léa --square (the short entry)": 1.3}

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
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "kems_ref", "game", "new", "--team", "Tom+Léa", "--team", "Ana+Ben",
                    "--target", "1000000"], stdout=subprocess.DEVNULL, check=True, env=ENV)
    for cmd in CASES.values():  # warm the file cache, the bytecode and kems-ref's data cache
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV)
    # interleave the cases so machine noise hits them alike
    samples: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(args.runs):
        for name, cmd in CASES.items():
            samples[name].append(elapsed(cmd))
    results = {name: statistics.median(v) for name, v in samples.items()}
    floor = results["floor: import typer, yaml, rich.console"]
    ok = True
    print("| case | median | ratio to floor | target |\n|---|---|---|---|")
    for name, value in results.items():
        target = TARGETS.get(name)
        ratio = value / floor
        verdict = "" if target is None else (" ✓" if ratio <= target else " ✗")
        ok &= target is None or ratio <= target
        print(f"| {name} | {value * 1000:.0f} ms | {ratio:.2f}× | {f'≤ {target:.1f}×' if target else '—'}{verdict} |")
    entry = results["game kems Léa --square (the short entry)"]
    print("\n| entry | keystrokes | typing at 5 keys/s + the program |\n|---|---|---|")
    for name, lines in ENTRIES.items():
        keys = sum(len(line) + 1 for line in lines)  # each line and its Enter
        print(f"| {name} (`{' ⏎ '.join(lines)} ⏎`) | {keys} | {keys / KEYS_PER_SECOND + entry:.1f} s |")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
