"""The terminal's questions, through questionary (prompt_toolkit): choices by arrow keys or by
number, a free answer where cards are asked.  Imported only when ``ask`` has a question to put,
never on the path of ``rule``."""

from __future__ import annotations

import sys
from typing import Any, Optional

import questionary
from prompt_toolkit.output import create_output


class TerminalPrompter:
    """Questions on the terminal (on stderr when stdout carries JSON)."""

    def __init__(self, to_stderr: bool = False):
        self.extra: dict[str, Any] = {"output": create_output(stdout=sys.stderr)} if to_stderr else {}

    def choose(self, question: str, choices: list[tuple[str, Any]]) -> Any:
        options = [questionary.Choice(title=label, value=i) for i, (label, _) in enumerate(choices)]
        picked = questionary.select(question, choices=options, use_shortcuts=len(options) <= 36,
                                    use_arrow_keys=True, qmark="?", **self.extra).unsafe_ask()
        return choices[picked][1]

    def text(self, question: str, check: Any) -> Optional[str]:
        answer: Optional[str] = questionary.text(question, validate=check, qmark="?", **self.extra).unsafe_ask()
        return answer
