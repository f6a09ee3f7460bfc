"""One file per language: every language has every message with the same placeholders, every key
the code uses exists, and adding a language is adding a file."""

import pathlib
import re
import string

import pytest

from kems_ref import i18n
from kems_ref.corpus.catalogue import RULE_POINTS

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "kems_ref"


def fields(text):
    return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)


def test_french_and_english_are_the_languages_found():
    assert i18n.languages() == ("en", "fr")


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_language_has_every_message_with_the_same_placeholders(lang):
    reference = i18n.catalogue("en")
    messages = i18n.catalogue(lang)
    assert set(messages) == set(reference)
    for key, text in messages.items():
        assert text.strip(), key
        assert fields(text) == fields(reference[key]), key


def test_every_rule_point_asks_its_question_in_every_language():
    for point in RULE_POINTS:
        assert point.question("fr") != point.question("en")
        assert all(point.question(lang) for lang in i18n.languages())


def test_every_message_key_used_in_code_exists():
    src = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    pattern = r"""(?<![\w.])(?:t|ctx\.say|self\.say|KemsError|_error|problem)\(\s*f?["']([a-z_]+\.[a-z0-9_.\-]*)"""
    used = set(re.findall(pattern, src))
    assert len(used) > 100
    keys = i18n.catalogue("en")
    for key in used:  # a key built at run time ("why.order_done." + order) must prefix real keys
        assert key in keys or (key.endswith(".") and any(k.startswith(key) for k in keys)), key


def test_language_comes_from_option_then_env_then_locale(monkeypatch):
    monkeypatch.delenv("KEMS_REF_LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.detect_lang() == "fr"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.detect_lang() == "en"  # no German file: English
    monkeypatch.setenv("KEMS_REF_LANG", "en")
    assert i18n.detect_lang() == "en"
    assert i18n.detect_lang("fr") == "fr"


def test_a_new_language_is_one_new_file(tmp_path, monkeypatch):
    for path in i18n.LOCALES.glob("*.yaml"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "de.yaml").write_text(
        (i18n.LOCALES / "en.yaml").read_text(encoding="utf-8").replace("CALL UPHELD", "ANSAGE GÜLTIG"),
        encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.languages.cache_clear()
    i18n.catalogue.cache_clear()
    try:
        assert "de" in i18n.languages()
        assert i18n.t("verdict.upheld", "de") == "ANSAGE GÜLTIG"
        monkeypatch.setenv("LC_ALL", "de_CH.UTF-8")
        monkeypatch.delenv("KEMS_REF_LANG", raising=False)
        assert i18n.detect_lang() == "de"
    finally:
        i18n.languages.cache_clear()
        i18n.catalogue.cache_clear()


@pytest.mark.parametrize("lang", i18n.languages())
def test_no_message_key_is_written_twice_in_a_language_file(lang):
    """YAML keeps the last of two equal keys: a second message under a key silently replaces the first
    (the file-reading error once said "--force replaces regular files only")."""
    import yaml

    node = yaml.compose((PACKAGE / "locales" / f"{lang}.yaml").read_text(encoding="utf-8"))
    keys = [key.value for key, _ in node.value]
    assert sorted(k for k in set(keys) if keys.count(k) > 1) == []


def test_a_pipe_named_as_a_convention_is_refused_as_a_file_kems_ref_does_not_read(tmp_path):
    import os

    from typer.testing import CliRunner

    from kems_ref.cli.app import app

    pipe = tmp_path / "house.yaml"
    os.mkfifo(pipe)
    result = CliRunner().invoke(app, ["rule", "kems", "--hand", "K K K K", "-c", str(pipe), "--lang", "en"])
    assert result.exit_code == 2
    assert "kems-ref reads only files" in result.output and "--force" not in result.output
