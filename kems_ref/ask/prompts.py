"""The terminal's questions, through questionary (prompt_toolkit): choices by arrow keys or by
number, a free answer where cards are asked.  Imported only when ``ask`` has a question to put,
never on the path of ``rule``.

What a prompt accepts is bounded: an answer holds at most :data:`MAX_ANSWER` characters (a longer
paste is cut there; a key typed past the bound is refused as it is read, the prompt saying why, so a
flood of typed keys is refused as fast as it arrives), no control character (a pasted escape sequence
is refused, never obeyed), and a malformed sequence from the terminal (a mouse report, a stray
escape) is ignored.  Any failure inside the prompt ends it with the usual one-line error; Ctrl-D
leaves like Ctrl-C.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any, Optional

import questionary
from prompt_toolkit.application import get_app
from prompt_toolkit.key_binding import KeyBindings, KeyPress, merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import create_output

from ..errors import KemsError, unsafe

#: the longest answer a prompt takes: cards, a number, a short sentence
MAX_ANSWER = 300


class TerminalPrompter:
    """Questions on the terminal (on stderr when stdout carries JSON)."""

    def __init__(self, to_stderr: bool = False):
        self.extra: dict[str, Any] = {"output": create_output(stdout=sys.stderr)} if to_stderr else {}

    def choose(self, question: str, choices: list[tuple[str, Any]]) -> Any:
        options = [questionary.Choice(title=label, value=i) for i, (label, _) in enumerate(choices)]
        from ..i18n import detect_lang, t

        shortcuts = len(options) <= 36
        hint = t("ask.hint.shortcuts" if shortcuts else "ask.hint.arrows", detect_lang(None))
        picked = _run(questionary.select(question, choices=options, use_shortcuts=shortcuts, instruction=hint,
                                         use_arrow_keys=True, qmark="?", **self.extra), leave_on_ctrl_d=True)
        return choices[picked][1]

    def text(self, question: str, check: Any) -> Optional[str]:
        answer: Optional[str] = _run(questionary.text(question, validate=_bounded(check), qmark="?",
                                                      validate_while_typing=False, **self.extra))
        return answer


def _bounded(check: Callable[[str], Any]) -> Callable[[str], Any]:
    """The answer's own check, after the prompt's bounds (no control character)."""
    def checked(text: str) -> Any:
        if unsafe(text):
            from ..i18n import detect_lang, t

            return t("error.prompt_control", detect_lang(None))
        return check(text)

    return checked


def _say_full(buffer: Any) -> None:
    """The prompt says the answer's bound (once: nothing is redrawn for each key refused)."""
    if buffer.validation_error is None:
        from prompt_toolkit.validation import ValidationError

        from ..i18n import detect_lang, t

        buffer.validation_error = ValidationError(cursor_position=len(buffer.text), message=t(
            "error.prompt_too_long", detect_lang(None), limit=MAX_ANSWER))


def _said_full(app: Any, buffer: Any) -> None:
    _say_full(buffer)
    app.invalidate()


def _typed(key: KeyPress) -> bool:
    """A key that inserts its character (a letter, a digit, a space…), not one bound to an action."""
    return isinstance(key.key, str) and len(key.key) == 1 and key.key == key.data and key.data.isprintable()


def _drop_past_bound(app: Any, buffer: Any) -> None:
    """Keys typed past the bound are dropped as they are read, before prompt_toolkit's key processor
    (which costs a walk of the whole layout per key: 64 KB typed took half a minute to get through).
    Only typed characters are dropped, and only while nothing but typed characters came before them
    in what was read: from the first other key on (Backspace, Enter, an arrow, Ctrl-C), every key goes
    to the processor, where :func:`_guards`' catch-all refuses what is still past the bound."""
    processor = app.key_processor
    feed = processor.feed_multiple

    def feed_bounded(keys: list[KeyPress], first: bool = False) -> None:
        room = MAX_ANSWER - len(buffer.text)
        kept: list[KeyPress] = []
        dropped = False
        for i, key in enumerate(keys):
            if not _typed(key):
                kept.extend(keys[i:])
                break
            if room > 0:
                room -= 1
                kept.append(key)
            else:
                dropped = True
        feed(kept, first)
        if not dropped:
            return
        try:  # said once the kept keys are in (inserting text clears what the prompt says)
            asyncio.get_running_loop().call_soon(_said_full, app, buffer)
        except RuntimeError:  # fed from outside the prompt's loop: said now
            _said_full(app, buffer)

    processor.feed_multiple = feed_bounded


class _Failed(Exception):
    """Something inside the prompt failed (prompt_toolkit's own handler would print a traceback and
    wait for Enter)."""


def _guards(leave_on_ctrl_d: bool) -> KeyBindings:
    guards = KeyBindings()

    @guards.add(Keys.Vt100MouseEvent)
    def _ignore_mouse(event: Any) -> None:
        """Mouse reports are not used; a malformed one would crash prompt_toolkit's handler."""

    from prompt_toolkit.filters import Condition

    full = Condition(lambda: len(get_app().current_buffer.text) >= MAX_ANSWER)

    @guards.add(Keys.Any, filter=full)
    def _refuse(event: Any) -> None:
        """A key typed past the bound inserts nothing: the prompt says the bound, the answer stays as
        it was.  Keys bound to something else (Enter, Backspace, the arrows, Ctrl-C) are matched
        before this catch-all and still act."""
        _say_full(event.current_buffer)

    @guards.add(Keys.BracketedPaste)
    def _paste(event: Any) -> None:
        """A paste keeps its printable characters, up to the answer's bound."""
        room = MAX_ANSWER - len(event.current_buffer.text)
        text = "".join(ch for ch in event.data.replace("\r", " ").replace("\n", " ") if ch.isprintable())
        event.current_buffer.insert_text(text[:max(0, room)])

    if leave_on_ctrl_d:
        @guards.add("c-d")
        def _leave(event: Any) -> None:
            event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

        _swallow_sequences(guards)
    return guards


def _swallow_sequences(guards: KeyBindings) -> None:
    """At a choice, an escape sequence the terminal library does not know ("\\x1b[2J", a title
    "\\x1b]0;2\\x07") arrives as its characters: its digits would pick an answer.  From ``ESC [`` to
    its final letter, from ``ESC ]`` to its BEL, every key is swallowed."""
    from prompt_toolkit.filters import Condition

    state = {"in": ""}  # "" outside a sequence, "[" inside a CSI, "]" inside an OSC
    inside = Condition(lambda: bool(state["in"]))

    @guards.add("escape", "[")
    def _csi(event: Any) -> None:
        state["in"] = "["

    @guards.add("escape", "]")
    def _osc(event: Any) -> None:
        state["in"] = "]"

    def eat(event: Any) -> None:
        data = event.key_sequence[-1].data
        if (state["in"] == "[" and (data.isalpha() or data == "~")) or data in ("\x07", "\x1b"):
            state["in"] = ""

    for key in [*"0123456789;:?<=>!\"$%&'()*+,-./@~ ", *"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"]:
        guards.add(key, filter=inside, eager=True)(eat)  # eager, as the shortcuts are: ours come last
    for key in ("c-g", "escape", "enter"):  # BEL ends an OSC; Enter ends whatever was left open
        guards.add(key, filter=inside, eager=True)(eat if key != "enter" else _ended(state))


def _ended(state: dict[str, str]) -> Callable[[Any], None]:
    def end(event: Any) -> None:
        state["in"] = ""

    return end


def _run(question: questionary.Question, leave_on_ctrl_d: bool = False) -> Any:
    app = question.application
    app.key_bindings = merge_key_bindings([b for b in (app.key_bindings, _guards(leave_on_ctrl_d)) if b])
    buffer = app.layout.current_buffer

    def cut(changed: Any) -> None:  # typed (not pasted) past the bound: the rest is dropped
        if len(changed.text) > MAX_ANSWER:
            changed.text = changed.text[:MAX_ANSWER]

    if buffer is not None:
        buffer.on_text_changed += cut
        _drop_past_bound(app, buffer)
    failures: list[BaseException] = []

    async def asking() -> Any:
        def failed(loop: Any, context: dict[str, Any]) -> None:
            failures.append(context.get("exception") or _Failed(context.get("message", "")))
            if app.is_running and not app.is_done:
                app.exit(exception=_Failed())

        asyncio.get_running_loop().set_exception_handler(failed)
        return await app.run_async(set_exception_handler=False)

    try:
        return asyncio.run(asking())
    except _Failed:
        reason = failures[0] if failures else None
        raise KemsError("error.prompt_failed", reason=type(reason).__name__ if reason else "?") from None
