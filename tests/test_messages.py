"""One catalogue, two languages: every message and every question exists in French and English."""

import re
import string

from kems_ref.corpus.catalogue import RULE_POINTS
from kems_ref.i18n import MESSAGES, detect_lang


def fields(text):
    return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)


def test_every_message_has_french_and_english_with_the_same_placeholders():
    for key, (fr, en) in MESSAGES.items():
        assert fr.strip() and en.strip(), key
        assert fields(fr) == fields(en), key


def test_every_rule_point_question_is_asked_in_both_languages():
    for point in RULE_POINTS:
        assert point.question["fr"] and point.question["en"]
        assert point.question["fr"] != point.question["en"]


def test_every_message_key_used_in_code_exists():
    import pathlib
    package = pathlib.Path(__file__).resolve().parents[1] / "kems_ref"
    src = "".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py"))
    used = set(re.findall(r"""(?<![\w.])(?:t|ctx\.say|self\.say)\(\s*f?["']([a-z_]+\.[a-z_.\-]*)""", src))
    assert used
    for key in used:  # a key built at run time ("why.order_done." + order) must prefix real keys
        assert key in MESSAGES or (key.endswith(".") and any(k.startswith(key) for k in MESSAGES)), key


def test_language_comes_from_option_then_env_then_locale(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert detect_lang() == "fr"
    monkeypatch.setenv("KEMS_REF_LANG", "en")
    assert detect_lang() == "en"
    assert detect_lang("fr") == "fr"
