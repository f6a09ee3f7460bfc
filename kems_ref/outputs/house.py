"""House rules: the commented starting file printed by `kems-ref conventions init`."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from typing import Any, Optional

from ..corpus.load import Convention, is_path, resolve_path
from ..errors import KemsError
from ..i18n import t
from .values import short


def extends_ref(extends: str, output: Optional[str]) -> str:
    """What the new file's ``extends`` says: a shipped id as is; a file as a path that still finds it
    from where the new file is written (relative to its folder), or absolute when printed."""
    if not is_path(extends):
        return extends
    target = resolve_path(extends)
    if output is None:
        return target
    return os.path.relpath(target, os.path.dirname(resolve_path(output)))


def write_new(path: str, text: str, force: bool) -> None:
    """Write a new file; never overwrite one without ``force``, never leave a half-written file."""
    if os.path.isdir(path):  # a folder is named as such, with or without --force
        raise KemsError("error.output_is_folder", path, example=os.path.join(path, "maison.yaml"))
    if os.path.lexists(path) and not force:
        raise KemsError("error.file_exists", path)
    if os.path.lexists(path) and not (os.path.isfile(path) and not os.path.islink(path)):
        # --force replaces a regular file, never a device, a pipe, a folder or a link's target
        raise KemsError("error.force_not_regular", path)
    folder = os.path.dirname(os.path.abspath(path))
    partial = None
    try:
        handle, partial = tempfile.mkstemp(dir=folder, prefix=".kems-ref-", suffix=".yaml")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(partial, path)
        partial = None
    except OSError as exc:
        raise KemsError("error.cannot_write", path, reason=exc.strerror or type(exc).__name__) from None
    finally:
        if partial is not None:  # a write that failed leaves no temporary file behind
            with contextlib.suppress(OSError):
                os.unlink(partial)


#: the points a house file's example starts from, first the one its parent states (a score a table often changes)
EXAMPLE_POINTS = ("call.double_kems.right", "call.kems.right", "call.kems.wrong", "call.contre_kems.right",
                  "call.contre_kems.wrong")
#: the points the template shows as its own second example (the game's target and end)
GAME_POINTS = ("score.target", "score.end")


def _example_point(parent: Convention) -> str:
    """The point the template's example changes: one ``parent`` states (with one reading), so that the
    example starts from its real value — never from a silence."""
    def plain(point: str) -> bool:
        entry = parent.get(point)
        return entry.stated and not entry.conflict and entry.value is not None

    return next((p for p in EXAMPLE_POINTS if plain(p)), None) or next(
        (p.id for p in parent.points() if p.id in parent.rules and p.id not in GAME_POINTS and plain(p.id)),
        "call.double_kems.right")


def template(parent: Convention, extends: str, lang: str) -> str:
    """A valid house-rules file extending ``parent`` (named ``extends`` in the file), comments in ``lang``."""
    point = _example_point(parent)
    current = parent.get(point)
    now = short(point, current.value, lang)
    value = json.dumps(current.value, ensure_ascii=False, default=str)
    text = json.dumps(current.text, ensure_ascii=False)
    comments = "\n".join(f"# {line}" for line in t("house.head", lang, name=parent.name).splitlines())

    def scalar(key: str) -> str:  # a translated text, quoted so that any wording stays valid YAML
        return json.dumps(t(key, lang), ensure_ascii=False)

    return f"""{comments}
id: maison
name: {scalar("house.name")}
publication:
  title: {scalar("house.title")}
  author: {scalar("house.author")}
  cite_as: {scalar("house.cite_as")}
extends: {json.dumps(extends, ensure_ascii=False)}
# {t("house.calls", lang)}
# calls:
#   contre-kems: {{fr: "Contre", en: "Counter"}}
# {t("house.decks", lang)}
rules:
  # {t("house.example", lang, parent=parent.short_name, now=now)}
  # {point}:
  #   status: stated
  #   value: {value}
  #   text: {text}
  #   citation: {{section: {scalar("house.section")}}}
  #   # {t("house.force", lang)}
  #
  # {t("house.silent", lang)}
  # signal.verbal: {{status: unspecified}}
  #
  # {t("house.game", lang)}
  # score.target:
  #   status: stated
  #   value: {{points: 3, word: null, agreed: true}}
  #   text: {{fr: "Chez nous, on joue en trois points.", en: "At our table the game is played to three points."}}
  #   citation: {{section: {scalar("house.section")}}}
  # score.end:
  #   status: stated
  #   value: wins
  #   text: {{fr: "La première équipe à trois points gagne.", en: "The first team to three points wins."}}
  #   citation: {{section: {scalar("house.section")}}}
"""


def from_game(parent: Convention, extends: str, game: str, rules: dict[str, dict[str, Any]], lang: str) -> str:
    """A house file extending ``parent`` with what a game's table decided and kept (``rules``: each
    point's value and the lines that decided it, :func:`kems_ref.game.play.house_rules`), each point
    cited as the table's decision: the game, the line, the date."""
    from ..i18n import languages

    def scalar(key: str, **values: object) -> str:
        return json.dumps(t(key, lang, **values), ensure_ascii=False)

    comments = "\n".join(f"# {line}" for line in t("house.from_game_head", lang, name=parent.name,
                                                     game=game).splitlines())
    lines = [comments, f"id: {json.dumps(_slug(game))}", f"name: {scalar('house.from_game_name', game=game)}",
             "publication:", f"  title: {scalar('house.from_game_title', game=game)}",
             f"  author: {scalar('house.from_game_author')}", f"  cite_as: {scalar('house.from_game_cite', game=game)}",
             f"extends: {json.dumps(extends, ensure_ascii=False)}", "rules:"]
    if not rules:
        lines[-1] = "rules: {}"
    for point, decided in rules.items():
        where = {"game": game, "lines": ", ".join(map(str, decided["lines"])), "date": str(decided["at"])[:10]}
        text = {code: t("house.from_game_text", code, value=short(point, decided["value"], code), **where)
                for code in languages()}
        section = {"section": t("house.from_game_section", lang, **where)}
        lines += [f"  {point}:", "    status: stated",
                  f"    value: {json.dumps(decided['value'], ensure_ascii=False)}",
                  f"    text: {json.dumps(text, ensure_ascii=False)}",
                  f"    citation: {json.dumps(section, ensure_ascii=False)}"]
    return "\n".join(lines) + "\n"


def _slug(name: str) -> str:
    """An id made of a game's name: ``table-`` and its letters and digits (``table-dimanche``)."""
    import re
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return "table-" + (re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40] or "game")
