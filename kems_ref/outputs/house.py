"""House rules: the commented starting file printed by `kems-ref conventions init`."""

from __future__ import annotations

from ..corpus.load import Convention
from .values import short

_HEAD = {
    "fr": ("# Règles maison : ce fichier étend « {name} » et ne redit que ce que votre table change.\n"
           "# Tout point absent est hérité. Vérifiez : kems-ref conventions validate maison.yaml\n"
           "# Utilisez-le partout : kems-ref rule … -c ./maison.yaml ; compare ducale ./maison.yaml ; checklist -c ./maison.yaml\n"),
    "en": ("# House rules: this file extends \"{name}\" and states only what your table changes.\n"
           "# Every point left out is inherited. Check it: kems-ref conventions validate maison.yaml\n"
           "# Use it anywhere: kems-ref rule … -c ./maison.yaml ; compare ducale ./maison.yaml ; checklist -c ./maison.yaml\n"),
}


def template(parent: Convention, lang: str) -> str:
    current = parent.rules["call.double_kems.right"]
    now = short("call.double_kems.right", current.value, lang) if current.stated else "—"
    return _HEAD[lang].format(name=parent.name) + f"""id: maison
name: Nos règles maison
publication:
  title: Règles maison de notre table
  author: Notre table
  cite_as: Règles maison (choix de la table)
extends: {parent.id}
rules:
  # Example / exemple — {parent.id} says: {now}. Uncomment to change it.
  # call.double_kems.right:
  #   status: stated
  #   value: [{{team: callers, change: 3, unit: point}}]
  #   text: {{fr: "Chez nous, un Double Kems vaut trois points.", en: "At our table a Double Kems is worth three points."}}
  #   citation: {{section: "Décidé avant la partie"}}
  #   # force: prescribed (default) — or described (how you play, not a rule) / advised (a tip)
  #
  # A point your table leaves open can be marked silent:
  # signal.verbal: {{status: unspecified}}
"""
