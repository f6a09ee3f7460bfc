"""``kems-ref game …``: the score sheet.  Thin commands over :mod:`kems_ref.game`.

``game call EVENT`` has the options of ``rule EVENT`` (made from the same options table), plus who
called (``--by``) and whom (``--on``).  Every game command takes ``--game`` (default: the current
game) and ``--db`` (default: ``KEMS_REF_DB``, then a file in the user's data directory).
"""

import inspect
import re
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import click
import typer
from typer.core import TyperGroup

from ..library import (
    ACCUSATIONS,
    GAME_AMEND,
    GAME_CALL,
    GAME_ENTRY,
    GAME_EXPORT,
    GAME_HISTORY,
    GAME_IMPORT,
    GAME_LIST,
    GAME_NEW,
    GAME_PRECEDENTS,
    GAME_RESCORE,
    GAME_SCORE,
    GAME_SHOW,
    OPTIONS,
    Called,
    History,
    KemsError,
    Replay,
    Standing,
    facts_from_flags,
)
from .common import DEFAULT_CONVENTION, ConventionOpt, Out, command, msg
from .rule import RuleGroup, _parameters, built, register_events


class GameGroup(TyperGroup):
    """``game --help`` lists the commands in the order a table uses them: ``call`` right after ``new``;
    a call by any of its names (``game contre Tom Ben``, ``game stop-kemps Tom``) is its short entry."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = super().list_commands(ctx)
        return sorted(names, key=lambda name: (ORDER.index(name) if name in ORDER else len(ORDER), name))

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            event = _short_event(name)
            if event is not None and name not in COMMANDS:  # a word the game's convention gives two calls is refused
                from ..library import event_named

                convention = _game_convention(args)
                if convention:
                    event_named(name, convention)
            if event is not None and self.get_command(ctx, event) is not None:
                args = [event, *args[1:]]
            elif event is None and name not in COMMANDS:  # a call of the game's convention's own: game broken Ana
                from ..library import CALLS, event_named, likes_of

                convention = _game_convention(args)
                own = event_named(name, convention) if convention else None
                like = likes_of(convention).get(own) if own else None
                if own and like:
                    _short_command(own, like)
                    self.add_command(built(game_app), own)
                    args = [own, *args[1:]]
                elif own in CALLS:  # a call of the game its file names by an event's word (its Kems "Signal")
                    if self.get_command(ctx, own) is None:
                        _SHORT_MADE.add(("game", own))
                        _short_command(own)
                        self.add_command(built(game_app), own)
                    args = [own, *args[1:]]
        return super().resolve_command(ctx, args)


def _short_event(word: str) -> Optional[str]:
    """The call a word names (``contre``, ``double``, ``stop-kemps``…), if it names one."""
    from ..library import CALLS, event_named

    event = event_named(word, None)
    return event if event in CALLS else None


ORDER = ("new", "kems", "contre-kems", "double-kems", "double-contre-kems", "call", "decide", "point", "amend",
         "hand-end", "undo", "redo", "score", "precedents", "history", "show", "list", "rescore", "export", "import")
game_app = typer.Typer(cls=GameGroup, no_args_is_help=True, rich_markup_mode=None, help=msg("help.cmd.game"))
class CallGroup(RuleGroup):
    """``game call EVENT``: a call of the game's convention's own (Kent's Broken) is one of its events."""

    def convention_of(self, args: list[str]) -> Optional[str]:
        return _game_convention(args)

    def make(self, event: str, like: str) -> click.Command:
        _call_command(event, like)
        return built(call_app)


def _game_convention(argv: list[str]) -> Optional[str]:
    """The convention of the game a command line writes to (``--game``, ``--db``, else the current
    game of the default sheet), if there is one already; nothing is created to find it."""
    from ..library import KemsError, Store, default_path, option_in

    path = Path(option_in(argv, "--db") or default_path()).expanduser()
    if not path.is_file():
        return None
    try:
        with Store(path, make_folder=False, writes=False) as store:
            return store.game(option_in(argv, "--game")).convention
    except KemsError:
        return None


call_app = typer.Typer(cls=CallGroup, no_args_is_help=True, rich_markup_mode=None, help=msg("help.cmd.game_call"))
game_app.add_typer(call_app, name="call")

GameOpt = Annotated[Optional[str], typer.Option("--game", metavar="ID_OR_NAME", help=msg("help.option.game"),
                                                show_default=False)]
DbOpt = Annotated[Optional[str], typer.Option("--db", metavar="PATH", envvar="KEMS_REF_DB", help=msg("help.option.db"),
                                              show_default=False, show_envvar=False)]
KeepOpt = Annotated[bool, typer.Option("--keep", help=msg("help.option.keep"))]


def _store(db: Optional[str], writes: bool = True) -> Any:
    from .jobs import store

    return store(db, writes)


def _ask_target(out: Out) -> Optional[int]:
    """On a terminal, the table's target where the convention leaves it to the table."""
    if out.as_json or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    from ..library import TerminalPrompter, t

    question, bad = t("game.q.target", out.lang), t("game.q.target_bad", out.lang)

    def whole(text: str) -> bool:  # ASCII digits, checked before int() sees them ("²" is a digit to isdigit())
        return re.fullmatch(r"[0-9]{1,9}", text.strip()) is not None

    answer = TerminalPrompter().text(question, lambda s: True if whole(s) and int(s) > 0 else bad)
    return int(answer) if answer and whole(answer) else None


def _target(text: Optional[str]) -> Optional[int | str]:
    """``--target``: a number of points (digits, a sign allowed: the library's bounds judge it), else the word
    of a letters game (KEMPS)."""
    if text is None:
        return None
    if re.fullmatch(r"\s*[-+]?[0-9]+\s*", text):
        return int(text)
    if not re.fullmatch(r"[^\W\d_]+", text.strip()):
        raise KemsError("error.game_target_unreadable", target=text)
    return text.strip()


@command(game_app, "new", help=msg("help.cmd.game_new"), output=GAME_NEW)
def game_new(
    out: Out,
    team: Annotated[Optional[list[str]], typer.Option("--team", metavar="P1+P2", help=msg("help.option.team"),
                                                      show_default=False)] = None,
    convention: ConventionOpt = DEFAULT_CONVENTION,
    target: Annotated[Optional[str], typer.Option("--target", metavar="N|WORD", help=msg("help.option.target"),
                                                  show_default=False)] = None,
    name: Annotated[Optional[str], typer.Option("--name", metavar="NAME", help=msg("help.option.game_name"),
                                                show_default=False)] = None,
    rounds: Annotated[Optional[int], typer.Option("--rounds", metavar="N", help=msg("help.option.rounds"),
                                                  show_default=False)] = None,
    db: DbOpt = None,
) -> None:
    from .. import library as play

    with _store(db) as store:
        try:
            game = play.new_game(store, team or [], convention, _target(target), name, rounds)
        except KemsError as exc:
            asked = _ask_target(out) if exc.key in ("error.game_target_needed", "error.game_target_choice") else None
            if asked is None:
                raise
            game = play.new_game(store, team or [], convention, asked, name, rounds)
    out.write(game)


def _call_command(event: str, like: Optional[str] = None) -> None:
    def body(out: Out, *, by: Optional[str], on: Optional[str] = None, decide: Optional[str], game: Optional[str],
             db: Optional[str], **options: Any) -> None:
        from .. import library as play

        options = facts_from_flags(options)
        with _store(db) as store:
            sheet_game = store.game(game)
            called = play.call(store, sheet_game, event, options, by or "", on, decide)
        out.write(Called(sheet_game, called))

    who = [
        _keyword("by", typer.Option("--by", metavar="PLAYER", help=msg("help.option.by"), show_default=False)),
        # on a Kems, refused with its reason (a Kems accuses no one)
        _keyword("on", typer.Option("--on", metavar="PLAYER", help=msg("help.option.on"), show_default=False)),
    ]
    body.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("out", inspect.Parameter.POSITIONAL_ONLY), *who, *_call_parameters(like or event)])
    helped = msg("help.event.own", call=event) if like else msg(f"help.event.{event}")
    command(call_app, event, output=GAME_CALL, help=helped, short_help=helped)(body)


def _keyword(name: str, info: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Annotated[
        Optional[str], info])


def _call_parameters(event: str) -> list[inspect.Parameter]:
    """What every way of writing a call takes: --decide, the game and its file, the event's own options."""
    return [_keyword("decide", typer.Option("--decide", metavar="BRANCH", help=msg("help.option.decide"),
                                            show_default=False)),
            inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=GameOpt),
            inspect.Parameter("db", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=DbOpt),
            *(p for o in OPTIONS if event in o.events and o.attr != "players" for p in _parameters(o))]


def _short_command(event: str, like: Optional[str] = None) -> None:
    """``game EVENT CALLER [ACCUSED]``: the call in a few keystrokes.  On a terminal, the facts the
    ruling still waits for are asked as ``ask`` asks them (the cards or yes / no, a reading…), and
    the call is recorded once they are answered; elsewhere (scripts) the flags give them."""

    def body(out: Out, *, caller: Optional[str], accused: Optional[str] = None, decide: Optional[str],
             game: Optional[str], db: Optional[str], **options: Any) -> None:
        from . import jobs

        jobs.entry(out, event, caller, accused, decide, game, db, options)

    positional = [_keyword("caller", typer.Argument(metavar="CALLER", help=msg("help.option.by"), show_default=False))]
    if (like or event) in ACCUSATIONS:
        positional.append(_keyword("accused", typer.Argument(metavar="ACCUSED", help=msg("help.option.on"),
                                                             show_default=False)))
    body.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("out", inspect.Parameter.POSITIONAL_ONLY), *positional, *_call_parameters(like or event)])
    short = msg("help.event.own", call=event) if like else msg(f"help.event.{event}")
    command(game_app, event, output=GAME_CALL, help=msg("help.cmd.game_short", event=event), short_help=short)(body)


def register_calls(argv: list[str]) -> None:
    """The ``game call EVENT`` commands, and the short entries ``game EVENT CALLER``: only the event
    on the command line when there is one (a short entry makes that call alone: Typer builds every
    registered command at start-up)."""
    from ..library import CALLS

    words = [a for a in argv if not a.startswith("-")]
    if len(words) > 3 and words[0] == "game" and words[1] == "amend":  # game amend E WORDS…: the words' command
        words = ["game", *words[3:]]
        argv = words
    wanted: list[str] = list(CALLS)  # help, completion: every short entry
    if len(words) > 1 and words[0] == "game":
        # the first word after "game" that is a command or a call (an option's value may come before)
        first = next((w for w in words[1:] if w in COMMANDS or _short_event(w)), None)
        named = _short_event(first) if first and first not in COMMANDS else None
        wanted = [named] if named else []
    register_events(["game", "call", wanted[0]] if len(wanted) == 1 and len(words) > 1 else argv, "game call",
                    _call_command, _game_convention)
    for name in wanted:
        if ("game", name) not in _SHORT_MADE:
            _SHORT_MADE.add(("game", name))
            _short_command(name)


_SHORT_MADE: set[tuple[str, str]] = set()
COMMANDS = {name for name in ORDER if name not in ("kems", "contre-kems", "double-kems", "double-contre-kems")}


@command(game_app, "decide", help=msg("help.cmd.game_decide"), output=GAME_ENTRY["game decide"])
def game_decide(
    out: Out,
    branch: Annotated[Optional[str], typer.Argument(metavar="BRANCH", help=msg("help.option.decide"),
                                                    show_default=False)] = None,
    entry: Annotated[Optional[int], typer.Option("--entry", metavar="N", help=msg("help.option.entry"),
                                                 show_default=False)] = None,
    keep: KeepOpt = False,
    game: GameOpt = None,
    db: DbOpt = None,
) -> None:
    from .. import library as play

    if not branch:
        raise KemsError("error.missing_argument", what="BRANCH")
    with _store(db) as store:
        sheet_game = store.game(game)
        called = play.decide(store, sheet_game, branch, entry, keep)
    out.write(Called(sheet_game, called))


@command(game_app, "point", help=msg("help.cmd.game_point"), output=GAME_ENTRY["game point"],
         context_settings={"ignore_unknown_options": True})  # "game point Jo -2": -2 is a number, not an option
def game_point(
    out: Out,
    who: Annotated[Optional[str], typer.Argument(metavar=msg("metavar.team_or_player"), help=msg("help.option.who"),
                                                 show_default=False)] = None,
    amount: Annotated[int, typer.Argument(metavar="N", help=msg("help.option.amount"), show_default=False)] = 1,
    for_entry: Annotated[Optional[int], typer.Option("--for", metavar="ENTRY", help=msg("help.option.for_entry"),
                                                     show_default=False)] = None,
    keep: KeepOpt = False,
    game: GameOpt = None,
    db: DbOpt = None,
) -> None:
    from .. import library as play

    if not who:
        # the argument's name said in the user's language (a message inside the message)
        raise KemsError("error.missing_argument", what=KemsError("metavar.team_or_player"))
    with _store(db) as store:
        sheet_game = store.game(game)
        called = play.point(store, sheet_game, who, amount, for_entry, keep)
    out.write(Called(sheet_game, called))


@command(game_app, "amend", help=msg("help.cmd.game_amend"), short_help=msg("help.cmd.game_amend").split(":")[0],
         output=GAME_AMEND, context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def game_amend(
    out: Out,
    entry: Annotated[Optional[int], typer.Argument(metavar="E", help=msg("help.option.amend_entry"),
                                                   show_default=False)] = None,
) -> None:
    """``game amend E WORDS…``: the line the words make (any of the sheet's: ``point Ana+Ben 1``,
    ``kems Léa --no-square``, ``call contre-kems --by Tom …``) replaces entry E, in one entry; it is
    written as that line's own command writes it, in the format and language given to the amend."""
    from .. import library as play

    ctx = click.get_current_context()
    words = list(ctx.args)
    if entry is None or not words or words[0].startswith("-"):
        raise KemsError("error.game_amend_words", n=entry if entry is not None else "E")
    if words[0] == "amend":
        raise KemsError("error.game_amend_nested")
    parent = ctx.parent
    group = parent.command if parent is not None else None
    if parent is None or not isinstance(group, click.Group):  # pragma: no cover - always the game group's command
        raise KemsError("error.game_amend_words", n=entry)
    words += ["--format", out.fmt.value, "--lang", out.lang]
    with play.amending(entry), group.make_context(parent.info_name, words, parent=parent) as sub:
        group.invoke(sub)


def _cancel_command(name: str) -> None:
    @command(game_app, name, help=msg(f"help.cmd.game_{name}"), output=GAME_ENTRY[f"game {name}"])
    def body(out: Out, game: GameOpt = None, db: DbOpt = None) -> None:
        from .. import library as play

        with _store(db) as store:
            sheet_game = store.game(game)
            called = getattr(play, name)(store, sheet_game)
        out.write(Called(sheet_game, called))


_cancel_command("undo")
_cancel_command("redo")


@command(game_app, "hand-end", help=msg("help.cmd.game_hand_end"), output=GAME_ENTRY["game hand-end"])
def game_hand_end(out: Out, game: GameOpt = None, db: DbOpt = None) -> None:
    from .. import library as play

    with _store(db) as store:
        sheet_game = store.game(game)
        called = play.hand_end(store, sheet_game)
    out.write(Called(sheet_game, called))


@command(game_app, "score", help=msg("help.cmd.game_score"), output=GAME_SCORE)
def game_score(out: Out, game: GameOpt = None, db: DbOpt = None) -> None:
    from .. import library as sheet

    with _store(db, writes=False) as store:
        sheet_game = store.game(game)
        score = sheet.standing(store, sheet_game)
    out.write(Standing(sheet_game, score))


#: the largest entry number an option takes (a game never has more lines; SQLite's integers hold it)
MAX_ENTRY = 1_000_000_000
#: ``game history`` on a terminal shows the last this many lines of a longer game (``--all``: every one)
HISTORY_PAGE = 200


@command(game_app, "history", help=msg("help.cmd.game_history"), output=GAME_HISTORY)
def game_history(
    out: Out, game: GameOpt = None, db: DbOpt = None,
    last: Annotated[Optional[int], typer.Option("--last", metavar="N", min=1, max=MAX_ENTRY,
                                                help=msg("help.option.history_last"), show_default=False)] = None,
    since: Annotated[Optional[int], typer.Option("--from", metavar="N", min=1, max=MAX_ENTRY,
                                                 help=msg("help.option.history_from"), show_default=False)] = None,
    every: Annotated[bool, typer.Option("--all", help=msg("help.option.history_all"))] = False,
) -> None:
    if sum((last is not None, since is not None, every)) > 1:
        raise KemsError("error.history_one_range")
    with _store(db, writes=False) as store:
        sheet_game = store.game(game)
        count = store.last_entry(sheet_game)
        if last is None and since is None and not every and not out.as_json and count > HISTORY_PAGE:
            last = HISTORY_PAGE  # a long game on a terminal: its last lines, the note says how to see more
        first = max(1, count - last + 1) if last is not None else min(since or 1, count + 1)
        out.write(History(store, sheet_game, first, count))  # its lines read from the sheet as they are written


@command(game_app, "list", help=msg("help.cmd.game_list"), output=GAME_LIST)
def game_list(out: Out, db: DbOpt = None) -> None:
    from .. import library as sheet

    with _store(db, writes=False) as store:
        games = [(g, sheet.standing(store, g)) for g in store.games()]
    out.write(games)


@command(game_app, "precedents", help=msg("help.cmd.game_precedents"), output=GAME_PRECEDENTS)
def game_precedents(out: Out, db: DbOpt = None) -> None:
    from .. import library as sheet

    with _store(db, writes=False) as store:
        found = [p for g in store.games() for p in sheet.precedents(store, g)]
    out.write(found)


@command(game_app, "show", help=msg("help.cmd.game_show"), output=GAME_SHOW)
def game_show(
    out: Out,
    which: Annotated[Optional[str], typer.Argument(metavar="GAME", help=msg("help.option.game"),
                                                   show_default=False)] = None,
    game: GameOpt = None,
    db: DbOpt = None,
) -> None:
    _write_sheet(out, which or game, db)


@command(game_app, "rescore", help=msg("help.cmd.game_rescore"), output=GAME_RESCORE)
def game_rescore(out: Out, convention: ConventionOpt = DEFAULT_CONVENTION, game: GameOpt = None,
                 db: DbOpt = None,
                 target: Annotated[Optional[int], typer.Option("--target", metavar="N", help=msg("help.option.target"),
                                                               show_default=False)] = None) -> None:
    from .. import library as play

    with _store(db, writes=False) as store:
        sheet_game = store.game(game)
        replayed = play.rescore(store, sheet_game, convention, target)
    out.write(Replay(sheet_game, replayed))


@command(game_app, "export", help=msg("help.cmd.game_export"), output=GAME_EXPORT)
def game_export(out: Out, game: GameOpt = None, db: DbOpt = None) -> None:
    _write_sheet(out, game, db)


def _write_sheet(out: Out, ref: Optional[str], db: Optional[str]) -> None:
    """A whole game (``game show``, ``game export``): its lines read as they are written."""
    from .. import library as sheet
    from ..library import Sheet

    with _store(db, writes=False) as store:
        sheet_game = store.game(ref)
        out.write(Sheet(store, sheet_game, sheet.standing(store, sheet_game)))


@command(game_app, "import", help=msg("help.cmd.game_import"), output=GAME_IMPORT)
def game_import(
    out: Out,
    file: Annotated[Optional[str], typer.Argument(metavar="FILE", help=msg("help.option.import_file"),
                                                  show_default=False)] = None,
    db: DbOpt = None,
) -> None:
    from .. import library as transfer
    from ..library import Import

    if not file:
        raise KemsError("error.missing_argument", what="FILE")
    export = transfer.read_file(file)  # read and checked whole before the sheet is opened
    with _store(db) as store:
        imported = transfer.import_game(store, export)
    out.write(Import(imported, file))
