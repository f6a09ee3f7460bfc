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


def test_the_languages_are_the_locale_files_found_french_and_english_among_them():
    """A translator adds a language by adding its file: nothing else lists the languages."""
    assert i18n.languages() == tuple(sorted(p.stem for p in i18n.LOCALES.glob("*.yaml")))
    assert {"en", "fr"} <= set(i18n.languages())


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
    monkeypatch.setenv("LANG", "zz_ZZ.UTF-8")  # zz: a private-use code, never a locale file
    assert i18n.detect_lang() == "en"  # no such language file: English
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


@pytest.mark.slow
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

    from kems_ref.cli.commands import app

    pipe = tmp_path / "house.yaml"
    os.mkfifo(pipe)
    result = CliRunner().invoke(app, ["rule", "kems", "--hand", "K K K K", "-c", str(pipe), "--lang", "en"])
    assert result.exit_code == 2
    assert "kems-ref reads only files" in result.output and "--force" not in result.output


#: words only one of the two languages uses, among the commonest (a message holding one of the other
#: language's is a string left untranslated); option names, placeholders and quotations aside
ENGLISH_ONLY = {"the", "and", "with", "which", "is", "are", "not", "or", "of", "to", "for", "this", "that", "has",
                "have", "was", "were", "been", "its", "be", "an", "yes", "when", "who", "what", "if", "then",
                "only", "must", "may", "can", "one"}
FRENCH_ONLY = {"le", "la", "les", "des", "est", "une", "avec", "pour", "sur", "dans", "du", "et", "ou", "qui",
               "que", "pas", "ne", "sont", "son", "sa", "ses", "au", "aux", "ce", "cette", "il", "elle", "un"}


def _foreign(text: str, other: set[str]) -> list[str]:
    text = re.sub(r"\{[^}]*\}|--?[\w-]+|`[^`]*`|«[^»]*»|\"[^\"]*\"|\((?:de|it)[, ].*?\)", "", text.lower())
    return [w for w in re.findall(r"[a-zà-ÿ']+", text) if w in other]


@pytest.mark.parametrize("lang, other", [("fr", ENGLISH_ONLY), ("en", FRENCH_ONLY)])
def test_no_message_holds_the_other_languages_words(lang, other):
    leaks = {key: _foreign(text, other) for key, text in i18n.catalogue(lang).items()
             if not key.startswith("lookup.") and not (key.startswith("glossary.") and key.endswith(".words"))}
    assert {k: v for k, v in leaks.items() if v} == {}


@pytest.mark.slow
def test_the_prompts_hints_and_choices_are_in_the_users_language():
    import os
    import sys

    pexpect = pytest.importorskip("pexpect")
    for lang, hint, dont_know in (("fr", "(un numéro, ou les flèches puis Entrée)", "On ne sait pas"),
                                  ("en", "(a number, or the arrow keys and Enter)", "Nobody knows")):
        env = {**os.environ, "COLUMNS": "120", "TERM": "xterm", "KEMS_REF_LANG": lang}
        child = pexpect.spawn(sys.executable, ["-m", "kems_ref", "ask", "exchange, marquoir"], env=env,
                              encoding="utf-8", timeout=30, dimensions=(30, 120))
        child.expect(dont_know)
        screen = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", child.before)
        assert hint in screen and "Use shortcuts" not in screen and "arrow keys)" not in screen.replace(hint, "")
        child.sendcontrol("c")
        child.expect(pexpect.EOF)


def test_a_reading_is_numbered_once_by_the_prompt():
    from kems_ref.ask.reader import read
    from kems_ref.ask.session import settle

    class Recorder:
        def choose(self, question, choices):
            self.labels = [label for label, _ in choices]
            return

        def text(self, question, check):
            return None

    recorder = Recorder()
    settle(read("kems faux, marquoir"), "marquoir", "fr", recorder)
    assert recorder.labels and not any(re.match(r"\d+\. ", label) for label in recorder.labels)


def test_a_glossary_near_miss_is_suggested_in_the_users_language(run):
    r = run("glossary", "balaiage", "--lang", "fr")
    assert r.code == 2 and r.err.strip().endswith("— Balayage ?") and "sweep" not in r.err
    r = run("glossary", "swep", "--lang", "en")
    assert r.code == 2 and r.err.strip().endswith("— Sweep?")


@pytest.mark.slow
@pytest.mark.parametrize("args, french", [
    (["rule", "kems", "--players"], "--players attend une valeur"),
    (["rule", "kems", "extra"], "mots en trop : extra"),
    (["nosuch"], "aucune commande ne s'appelle « nosuch »"),
    (["game", "point"], "il manque l'argument"),
    (["compare", "--format", "xx"], "valeur invalide pour '--format'"),
])
def test_clicks_own_usage_errors_are_in_french_on_the_french_path(run, args, french):
    r = run("--lang", "fr", *args)
    assert r.code == 2 and french in r.err and not _foreign(r.err.split(":", 1)[1], ENGLISH_ONLY), r.err


def test_one_folding_for_every_comparison_of_words_and_names():
    from kems_ref.ask.reader import fold as token_fold
    from kems_ref.corpus.decks import fold_name
    from kems_ref.words import fold, plain

    for typed, folded in (("Cœur", "coeur"), ("ÆTHER", "aether"), ("Straße", "strasse"), ("Dâme", "dame")):
        assert plain(typed) == token_fold(typed) == fold_name(typed) == fold(typed) == folded
    assert fold("Kem's — Contre-Kems") == "kems contre kems" and token_fold("Kem's") == "kem's"
