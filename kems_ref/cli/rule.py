"""``kems-ref rule EVENT``: one command per event, each with only the options that matter for it.

The commands are made from the options table of the referee (``referee.situation.OPTIONS``): an
option is declared once, with the events it applies to and the message key of its help.
"""

import inspect
from typing import Annotated, Any, Optional

import click
import typer
from typer.core import TyperGroup

from ..library import EVENTS, NO, OPTIONS, RULE, KemsError, Option, setup_values
from .common import (
    DEFAULT_CONVENTION,
    ConventionOpt,
    Out,
    command,
    complete_rule_point,
    guarded,
    msg,
    output_parameters,
)


class RuleGroup(TyperGroup):
    """``rule EVENT``: an event that is not one gives the referee's own one-line error."""

    def convention_of(self, args: list[str]) -> Optional[str]:
        """The convention whose own call names the command line may use (``-c FILE``)."""
        from ..library import convention_in

        return convention_in(args)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        """An event by any of its names (contre, stop-kemps, cut, Kem's…); a near miss is suggested."""
        from ..library import event_named, suggest_event

        name = args[0] if args else ""
        if name in EVENTS and (convention_of := self.convention_of(args)):
            from ..library import renamed

            other = renamed(name, convention_of)  # a file's call named like an event: the call, under the file
            if other is not None:
                name, args = other, [other, *args[1:]]
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            from ..library import likes_of

            convention = self.convention_of(args)
            event = event_named(name, convention)
            if event is None:
                if convention:  # a file that cannot be read names no call: its own error says why
                    from ..library import load

                    load(convention)
                raise KemsError("error.unknown_event", event=name, choices=", ".join(EVENTS),
                                hint=suggest_event(name))
            like = likes_of(convention).get(event) if event not in EVENTS else None
            if like and self.get_command(ctx, event) is None:  # a call of the convention's own: its command now
                self.add_command(self.make(event, like), event)
            args = [event, *args[1:]]
        return super().resolve_command(ctx, args)

    def make(self, event: str, like: str) -> click.Command:
        """The command of a call of a convention's own (``rule broken -c kent.yaml``)."""
        _event_command(event, like)
        return built(rule_app)


rule_app = typer.Typer(cls=RuleGroup, help=msg("help.cmd.rule"), no_args_is_help=True, rich_markup_mode=None)

_TYPES = {"cards": Optional[str], "int": Optional[int], "flag": bool, "fact": Optional[bool], "choice": Optional[str],
          "readings": Optional[list[str]]}
AllOpt = Annotated[bool, typer.Option("--all", help=msg("help.option.all"))]
SituationOpt = Annotated[Optional[str], typer.Option("--situation", metavar="FILE", help=msg("help.option.situation"))]


def _parameters(option: Option) -> list[inspect.Parameter]:
    """The command-line parameters of one option: a fact's two flags are two switches (``--square``,
    ``--no-square``), so that giving both is refused rather than the last one winning."""
    if option.kind == "fact":
        return [inspect.Parameter(attr, inspect.Parameter.KEYWORD_ONLY, default=False, annotation=Annotated[
                    bool, typer.Option(flag, help=msg(option.help), show_default=False)])
                for attr, flag in ((option.attr, option.flags[0]), (option.attr + NO, option.flags[1]))]
    metavar = {"cards": msg("metavar.cards"), "int": "N", "readings": msg("metavar.reading"),
               "choice": "|".join(setup_values(option.attr)) if option.kind == "choice" else ""}.get(option.kind)
    complete = complete_rule_point if option.kind == "readings" else None
    info = typer.Option(*option.names, help=msg(option.help), metavar=metavar, show_default=False,
                        autocompletion=complete)
    default = False if option.kind == "flag" else None
    return [inspect.Parameter(option.attr, inspect.Parameter.KEYWORD_ONLY, default=default,
                              annotation=Annotated[_TYPES[option.kind], info])]


def show(out: Out, event: Optional[str], convention: str, everywhere: bool, situation_file: Optional[str],
         options: dict[str, Any]) -> None:
    """Rule and write the ruling: the body every event command shares."""
    from . import jobs

    named = click.get_current_context().get_parameter_source("convention") == click.core.ParameterSource.COMMANDLINE
    jobs.rule(out, event, convention, named, everywhere, situation_file, options)


def _event_command(event: str, like: Optional[str] = None) -> None:
    """``rule EVENT``; ``like``: for a call of a convention's own, the call of the game it is made as
    (its options)."""
    def body(out: Out, *, convention: str, everywhere: bool, situation_file: Optional[str], **options: Any) -> None:
        show(out, event, convention, everywhere, situation_file, options)

    own = [p for o in OPTIONS if (like or event) in o.events for p in _parameters(o)]
    common = [
        inspect.Parameter("convention", inspect.Parameter.KEYWORD_ONLY, default=DEFAULT_CONVENTION,
                          annotation=ConventionOpt),
        inspect.Parameter("everywhere", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=AllOpt),
        inspect.Parameter("situation_file", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=SituationOpt),
    ]
    body.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("out", inspect.Parameter.POSITIONAL_ONLY), *common, *own])
    helped = msg("help.event.own", call=event) if like else msg(f"help.event.{event}")
    command(rule_app, event, output=RULE, help=helped, short_help=helped)(body)


def built(group: typer.Typer) -> click.Command:
    """The click command of the last command registered on ``group`` (made after start-up)."""
    from typer.main import get_command_from_info

    return get_command_from_info(group.registered_commands[-1], pretty_exceptions_short=True, rich_markup_mode=None)


def register_events(argv: list[str], group: str = "rule", make: Any = None,
                    convention_of: Optional[Any] = None) -> None:
    """Make the per-event commands of ``rule`` (or of ``game call``): only the event on the command
    line when there is one — Typer builds every registered command at start-up, and a ruling should
    answer fast — else all of them (help, completion, an unknown word)."""
    make = make or _event_command
    words = [a for a in argv if not a.startswith("-")]
    prefix = group.split()
    wanted = list(EVENTS)
    like: Optional[str] = None
    if len(words) > len(prefix) and words[:len(prefix)] == prefix:
        word = words[len(prefix)]
        if word in EVENTS:
            from ..library import convention_in, renamed

            try:
                wanted = [renamed(word, (convention_of or convention_in)(argv)) or word]
            except KemsError:  # a word the file gives two calls: said when the command is resolved
                wanted = [word]
        else:
            from ..library import convention_in, event_named, likes_of

            convention = (convention_of or convention_in)(argv)
            try:
                found = event_named(word, convention)
            except KemsError:  # a word the file gives two calls: said when the command is resolved
                found = None
            wanted = [found] if found else wanted
            like = likes_of(convention).get(found) if found and found not in EVENTS else None
    for event in wanted:
        if (group, event) not in _MADE_BY:
            _MADE_BY.add((group, event))
            make(event, like) if like else make(event)


_MADE_BY: set[tuple[str, str]] = set()


def situation_only(ctx: typer.Context, situation_file: Optional[str] = None, convention: str = DEFAULT_CONVENTION,
                   everywhere: bool = False, **shared: Any) -> None:
    """Rule on a situation read from a file (``rule --situation FILE``), or pick an event."""
    if ctx.invoked_subcommand is None:
        as_json, lang, chosen = shared["as_json"], shared["lang"], shared.get("output_format")
        guarded(as_json, lang, lambda out: show(out, None, convention, everywhere, situation_file, {}), RULE, chosen)


situation_only.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
    inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context),
    inspect.Parameter("situation_file", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=SituationOpt),
    inspect.Parameter("convention", inspect.Parameter.KEYWORD_ONLY, default=DEFAULT_CONVENTION,
                      annotation=ConventionOpt),
    inspect.Parameter("everywhere", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=AllOpt),
    *output_parameters(RULE)])
situation_only.output = RULE  # type: ignore[attr-defined]
rule_app.callback(invoke_without_command=True)(situation_only)
