#!/usr/bin/env python3
"""The README's example outputs, generated from the real commands, so that a changed word shows.

A generated block sits between two markers (HTML comments: a reader of the README never sees them)::

    <!-- [[[output]]] -->
    ```console
    $ kems-ref rule contre-kems --hand "7 7 K K"
    CALL REJECTED  — Contre-Kems, Ducale — …
    ```
    <!-- [[[end]]] -->

Its ``$ kems-ref …`` lines are the examples; each is run as a user runs it (a process of its own,
in English at ``COLUMNS=100``, on a score sheet of this run: the blocks' game commands play one game
in the order they come), and followed by what it prints, each line's trailing spaces dropped.
``tests/test_readme.py`` fails when a block differs from what the commands print now::

    python tools/readme.py            # check: exit 1 with the differences where the README is stale
    python tools/readme.py --update   # write the commands' output into the README
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BLOCK = re.compile(r"(?P<open><!-- \[\[\[output\]\]\] -->\n)(?P<body>.*?)(?P<close><!-- \[\[\[end\]\]\] -->)", re.S)
PROMPT = "$ kems-ref "
#: what the examples print is what a player sees in English on a 100-column terminal
ENV = {"COLUMNS": "100", "LANG": "en_US.UTF-8", "KEMS_REF_NO_PAGER": "1", "PYTHONIOENCODING": "utf-8"}


def commands(body: str) -> list[str]:
    """The example lines of a block (what follows ``$ kems-ref``)."""
    return [line[len(PROMPT):] for line in body.splitlines() if line.startswith(PROMPT)]


def run(line: str, db: Path) -> str:
    """What ``kems-ref LINE`` prints, each line without its trailing spaces; an example that fails
    stops the run, with its error."""
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith(("KEMS_REF_", "LC_")) and k != "KEMS_REF_CACHE")}
    env.update(ENV, KEMS_REF_DB=str(db), PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "kems_ref", *shlex.split(line)], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    if done.returncode != 0:
        raise SystemExit(f"README example failed (exit {done.returncode}): kems-ref {line}\n{done.stderr}")
    return "\n".join(out.rstrip() for out in done.stdout.rstrip().splitlines())


def generated(text: str) -> list[str]:
    """Every block's body as the commands print it now, in the README's order."""
    bodies = []
    with tempfile.TemporaryDirectory(prefix="kems-readme-") as scratch:
        db = Path(scratch) / "games.sqlite3"
        for found in BLOCK.finditer(text):
            shown = [f"{PROMPT}{line}\n{run(line, db)}" for line in commands(found["body"])]
            bodies.append("```console\n" + "\n\n".join(shown) + "\n```\n")
    return bodies


def found(text: str) -> list[str]:
    """Every block's body as the README has it."""
    return [match["body"] for match in BLOCK.finditer(text)]


def updated(text: str, bodies: list[str]) -> str:
    """The README with its blocks' bodies replaced, in order."""
    given = iter(bodies)
    return BLOCK.sub(lambda m: m["open"] + next(given) + m["close"], text)


def differences(text: str) -> list[str]:
    """The unified diff of each block that differs from what its commands print."""
    diffs = []
    for have, want in zip(found(text), generated(text), strict=True):
        if have != want:
            diffs += difflib.unified_diff(have.splitlines(), want.splitlines(), "README.md", "the commands' output",
                                          lineterm="")
    return diffs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the commands' output into README.md")
    args = parser.parse_args()
    text = README.read_text(encoding="utf-8")
    if args.update:
        README.write_text(updated(text, generated(text)), encoding="utf-8")
        return 0
    diffs = differences(text)
    if diffs:
        print("\n".join(diffs))
        print("README.md is stale: python tools/readme.py --update")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
