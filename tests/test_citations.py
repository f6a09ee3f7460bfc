"""Citations a player can follow (issue #32 §3): under a ruling's sources, each publication it cites
is said once — who published what, its address (or that none is known), how it is known (read
directly, or through another page's summary, and what that page's [n] is) and the date that page
gives for its last check; and every ruling's JSON names the data it was made from."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from kems_ref.corpus.load import conventions_dir, load
from kems_ref.corpus.schema import Publication


def _sources_block(out: str) -> list[str]:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line in ("Sources",))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def test_a_right_kems_under_ducale_says_the_notice_has_no_known_address_and_is_read_through_regles_com(run):
    out = run("rule", "kems", "--square", "--lang", "en").out
    assert _sources_block(out) == [
        "Sources",
        "  Notice Ducale, via Regles.com, réf. [1]",
        "    Cartamundi France / Ducale, \"Kem's — Les règles de jeu\"; address: none given by the project's sources",
        "    Known through: the summary on Regles.com, « Règle du Kems à 4 joueurs » (its source [1], in its list "
        "« Sources et méthode »); that page gives 2026-09-09 as its last check",
        "    • call.kems.right: Score et victoire, tableau du score Ducale",
        "    • hand.end: Contre-Kems : signification et règle exacte ; Déroulement, étape 6",
    ]


def test_the_same_in_french(run):
    out = run("rule", "kems", "--square", "--lang", "fr").out
    assert _sources_block(out)[2:4] == [
        "    Cartamundi France / Ducale, « Kem's — Les règles de jeu » ; adresse : aucune donnée par les sources "
        "du projet",
        "    Connue par : le résumé de Regles.com, « Règle du Kems à 4 joueurs » (la source [1] de sa liste "
        "« Sources et méthode ») ; cette page se dit vérifiée le 2026-09-09",
    ]


def test_under_regles_com_the_notice_it_extends_is_named_once_with_its_details(run):
    out = run("rule", "kems", "-c", "regles-com", "--square", "--lang", "en").out
    block = _sources_block(out)
    assert block[1] == "  Notice Ducale, via Regles.com, réf. [1]"
    assert sum(line.startswith("    Known through:") for line in block) == 1


def test_pagat_is_given_its_site_never_the_site_s_home_as_the_article_s_address(run):
    out = run("rule", "contre-kems", "-c", "pagat", "--hand", "2 3 4 5", "--lang", "en").out
    assert "    John McLeod, Rules of Card Games (pagat.com), \"Kemps\"; address: the page's not known " \
           "(site: pagat.com)" in out.splitlines()
    assert "https://www.pagat.com/" not in out


def test_wikipedia_is_given_its_article_s_address_and_read_directly(run):
    out = run("rule", "kems", "-c", "wikipedia", "--square", "--lang", "en").out
    assert _sources_block(out)[2:4] == [
        "    Wikipédia en français, \"Kem's\"; address: https://fr.wikipedia.org/wiki/Kem%27s",
        "    Known through: read directly",
    ]


def test_a_page_read_directly_whose_address_no_source_gives_says_so_and_gives_no_date(run):
    out = run("rule", "kems", "-c", "jouer-au-kems", "--square", "--lang", "en").out
    assert _sources_block(out)[2:4] == [
        "    \"Jouer au Kems\"; address: none given by the project's sources",
        "    Known through: read directly",
    ]


def test_no_shipped_publication_gives_a_site_s_home_as_its_address():
    for path in sorted(conventions_dir().glob("*.yaml")):
        conv = load(path.stem)
        for pub in conv.cited:
            url = pub.get("url")
            assert url is None or re.match(r"https://[^/]+/.+", url), (path.name, url)


def test_the_json_names_each_cited_publication_once_with_how_it_is_known(rule):
    ruling = rule("kems", "--square", "--lang", "en")
    assert ruling["sources"] == [{
        "source": "Notice Ducale", "title": "Kem's — Les règles de jeu", "author": "Cartamundi France / Ducale",
        "url": None, "site": None, "checked": None,
        "known": {"how": "summary", "via": "Regles.com, réf. [1]", "page": "Regles.com, « Règle du Kems à 4 joueurs »",
                  "ref": "its source [1], in its list « Sources et méthode »", "checked": "2026-09-09"}}]
    assert all(c["source"].startswith(ruling["sources"][0]["source"]) for c in ruling["citations"])


def test_every_ruling_s_json_carries_the_package_version_and_the_digest_of_the_shipped_files(rule):
    from kems_ref import __version__

    whole = hashlib.sha256()
    for path in sorted(conventions_dir().glob("*.yaml"), key=lambda p: p.name):
        whole.update(path.name.encode() + b"\0" + path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    expected = {"version": __version__, "digest": "sha256:" + whole.hexdigest()}
    assert rule("kems", "--square")["corpus"] == expected
    assert rule("sweep", convention="pagat")["corpus"] == expected


def test_a_ruling_under_a_house_file_also_carries_the_house_file_s_digest(rule, tmp_path: Path):
    path = tmp_path / "chez-nous.yaml"
    path.write_text((conventions_dir() / "ducale.yaml").read_text(encoding="utf-8")
                    .replace("id: ducale", "id: chez-nous", 1), encoding="utf-8")
    corpus = rule("kems", "--square", convention=str(path))["corpus"]
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", corpus["house_digest"])
    assert corpus["house_digest"] == "sha256:" + load(str(path)).digest


def test_the_new_publication_fields_are_optional_and_documented():
    Publication.model_validate({"title": "Kems"})  # none of them is required
    schema = Publication.model_json_schema()
    assert {"url", "site", "checked"} <= {k for k, v in schema["properties"].items() if v.get("description")}
    known = schema["$defs"]["KnownThrough"]["properties"]
    assert all(known[k].get("description") for k in ("how", "via", "page", "ref", "checked"))


# --- compare and the checklist name their publications as a ruling does (#32 §3) -------------------

DUCALE_EN = [
    "  Notice Ducale",
    "    Cartamundi France / Ducale, \"Kem's — Les règles de jeu\"; address: none given by the project's sources",
    "    Known through: the summary on Regles.com, « Règle du Kems à 4 joueurs » (its source [1], in its list "
    "« Sources et méthode »); that page gives 2026-09-09 as its last check",
]


def _publications_block(out: str, heading: str = "Publications cited") -> list[str]:
    lines = [line.rstrip() for line in out.splitlines()]
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start + 1:end]


def test_compare_names_each_publication_its_cells_cite_once_with_its_address_and_how_it_is_known(run):
    out = run("compare", "call.kems.wrong", "ducale", "regles-com", "wikipedia", "--lang", "en",
              env={"COLUMNS": "200"}).out
    assert _publications_block(out) == [*DUCALE_EN, "  Wikipédia (fr), article « Kem's »",
                                        "    Wikipédia en français, \"Kem's\"; address: https://fr.wikipedia.org/wiki/"
                                        "Kem%27s", "    Known through: read directly"]
    # Regles.com cites the notice it extends: the notice is named once, not once for each column
    assert out.count("Known through:") == 2


def test_compare_s_table_of_several_points_ends_with_the_same_publications(run):
    out = run("compare", "ducale", "--topic", "calls", "--lang", "en", env={"COLUMNS": "200"}).out
    assert _publications_block(out) == DUCALE_EN


def test_compare_in_french_and_in_markdown(run):
    out = run("compare", "call.kems.wrong", "ducale", "--lang", "fr", env={"COLUMNS": "200"}).out
    assert _publications_block(out, "Publications citées")[1] == (
        "    Cartamundi France / Ducale, « Kem's — Les règles de jeu » ; adresse : aucune donnée par les sources "
        "du projet")
    md = run("compare", "call.kems.wrong", "ducale", "--format", "markdown", "--lang", "en").out
    assert md.rstrip("\n").splitlines()[-4:] == [
        "**Publications cited**", "", "- Notice Ducale",
        "  Cartamundi France / Ducale, \"Kem's — Les règles de jeu\"; address: none given by the project's sources"
        " — Known through: the summary on Regles.com, « Règle du Kems à 4 joueurs » (its source \\[1\\], in its "
        "list « Sources et méthode »); that page gives 2026-09-09 as its last check"]


def test_compare_s_json_carries_the_sources_and_the_corpus_as_a_ruling_s_does(run, rule):
    data = run("compare", "call.kems.wrong", "ducale", "pagat", "--json", "--lang", "en").json()
    ruling = rule("kems", "--square", "--lang", "en")
    assert data["sources"][0] == ruling["sources"][0]
    assert [s["source"] for s in data["sources"]] == ["Notice Ducale", "Pagat, « Kemps » (John McLeod)"]
    assert data["sources"][1]["site"] == "pagat.com" and data["sources"][1]["url"] is None
    assert data["corpus"] == ruling["corpus"]


def test_compare_of_a_house_file_carries_its_digest_by_its_id(run, tmp_path: Path):
    path = tmp_path / "chez-nous.yaml"
    path.write_text((conventions_dir() / "ducale.yaml").read_text(encoding="utf-8")
                    .replace("id: ducale", "id: chez-nous", 1), encoding="utf-8")
    corpus = run("compare", "call.kems.wrong", "pagat", str(path), "--json").json()["corpus"]
    assert corpus["house_digests"] == {"chez-nous": "sha256:" + load(str(path)).digest}


def test_the_checklist_names_its_publications_under_the_sheet_in_every_format(run):
    text = run("checklist", "--lang", "en").out
    assert _publications_block(text) == DUCALE_EN
    md = run("checklist", "--format", "markdown", "--lang", "en").out
    assert "**Publications cited**\n\n- Notice Ducale\n  Cartamundi France / Ducale" in md
    page = run("checklist", "--format", "html", "--lang", "en").out
    assert ('<footer class="publications"><p><b>Publications cited:</b> <b>Notice Ducale</b> — Cartamundi '
            "France / Ducale, &quot;Kem&#x27;s — Les règles de jeu&quot;; address: none given by the project&#x27;s "
            "sources — Known through: the summary on Regles.com") in page


def test_a_mixed_table_s_sheet_names_each_convention_s_publication(run):
    text = run("checklist", "-c", "wikipedia", "-c", "ducale", "--lang", "en").out
    assert _publications_block(text) == [  # in the order the sheet first cites them (Wikipédia's sign ban first)
        "  Wikipédia (fr), article « Kem's »",
        "    Wikipédia en français, \"Kem's\"; address: https://fr.wikipedia.org/wiki/Kem%27s",
        "    Known through: read directly", *DUCALE_EN]


def test_the_checklist_s_json_carries_the_sources_and_the_corpus(run, rule):
    data = run("checklist", "--json", "--lang", "en").json()
    ruling = rule("kems", "--square", "--lang", "en")
    assert data["sources"] == ruling["sources"] and data["corpus"] == ruling["corpus"]
    mixed = run("checklist", "-c", "pagat", "-c", "ducale", "--json").json()
    assert [s["source"] for s in mixed["sources"]] == ["Pagat, « Kemps » (John McLeod)", "Notice Ducale"]
    assert mixed["corpus"] == ruling["corpus"]


# --- a new player's reading of Ducale's sheet --------------------------------------------------------

def test_ducale_s_sheet_gives_the_notice_s_words_first_and_marks_them_as_usage_after_them(run):
    text = run("checklist", "--lang", "en").out.splitlines()
    assert text[4] == ("[ ] How many players? Must it be even?  →  The notice presents Kems for four players, in two "
                       "teams of two. (usage)")
    assert not any("(description)" in line for line in text)
    item = run("checklist", "--json", "--lang", "fr").json()["items"][0]
    assert item["answer"] == "La notice présente le Kems à quatre joueurs, en deux équipes de deux."
    assert item["force"] == "described"
    french = run("checklist", "--lang", "fr").out.splitlines()[4]
    assert french.endswith("deux équipes de deux. (usage)")


def test_the_printed_sheet_writes_each_colon_as_its_language_does(run):
    english = run("checklist", "--format", "html", "--lang", "en").out
    assert "TO DECIDE: ________" in english and "TO DECIDE : " not in english
    french = run("checklist", "-c", "marquoir", "--format", "html", "--lang", "fr").out
    assert "À DÉCIDER\u00a0: ________" in french
    assert "⚠ contradiction\u00a0: " in french and "contradiction: " not in french
    advised = run("checklist", "-c", "regles-com", "--format", "html", "--lang", "fr").out
    assert "conseil\u00a0: " in advised and "conseil: " not in advised
