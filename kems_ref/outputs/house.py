"""House rules: the commented starting file printed by `kems-ref conventions init`."""

from __future__ import annotations

import json

from ..corpus.load import Convention
from ..i18n import t
from .values import short


def template(parent: Convention, lang: str) -> str:
    """A valid house-rules file extending ``parent``, its comments in ``lang``."""
    current = parent.rules["call.double_kems.right"]
    now = short("call.double_kems.right", current.value, lang) if current.stated else "—"
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
extends: {parent.id}
rules:
  # {t("house.example", lang, parent=parent.id, now=now)}
  # call.double_kems.right:
  #   status: stated
  #   value: [{{team: callers, change: 3, unit: point}}]
  #   text: {{fr: "Chez nous, un Double Kems vaut trois points.",
  #          en: "At our table a Double Kems is worth three points."}}
  #   citation: {{section: {scalar("house.section")}}}
  #   # {t("house.force", lang)}
  #
  # {t("house.silent", lang)}
  # signal.verbal: {{status: unspecified}}
"""
