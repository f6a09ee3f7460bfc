"""Errors the CLI turns into one clear line and exit code 2 (never a traceback)."""

from __future__ import annotations


class KemsError(Exception):
    """Bad input: an unknown convention, unreadable cards, an impossible situation, invalid YAML."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        return where + self.message


class ConventionInvalid(KemsError):
    """A convention file that parses but breaks the format: carries every problem found."""

    def __init__(self, file: str, problems: list[tuple[int | None, str]]):
        self.problems = problems
        line, first = problems[0]
        more = f" (+{len(problems) - 1} more; run `kems-ref conventions validate {file}`)" if len(problems) > 1 else ""
        super().__init__(first + more, file, line)
