"""The phone's other pages say what the command line says: the compare page gives every source's answer
to a rule point — a silent source as silent, a self-contradicting source with each of its readings and
their citations — picked by its question; a question about the rules on the dispute page is compared
the same way; the checklist of a mixed table is the sheet ``kems-ref checklist -c pagat -c ducale``
prints, and it prints on paper without the page around it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (pip install 'kems-ref[web]') is not installed")

from starlette.testclient import TestClient

from kems_ref import library as kems
from kems_ref.web.app import create_app
from kems_ref.web.base import Settings

BASE = "http://127.0.0.1:8765"
WIDE = {"COLUMNS": "400"}  # the command line's one-point view unwrapped: a source's answer on one line


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Settings(db=tmp_path / "sheet.sqlite3", lang="en")), base_url=BASE)


def _text(fragment: str) -> str:
    """What a reader sees of a piece of the page: its text, unescaped, its spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _section(page: str, point: str) -> str:
    found = re.search(rf'<section class="point" data-rule-point="{re.escape(point)}">(.*?)</section>', page, re.S)
    assert found, f"no section for {point}"
    return found.group(1)


def _answers(page: str, point: str) -> dict[str, dict]:
    """Each source's answer to ``point`` as the page shows it: the short answer, the conflict mark, and
    each reading as (label, what the source says, its citation)."""
    out = {}
    for name, attrs, body in re.findall(r'<dd data-convention="([^"]*)"([^>]*)>(.*?)</dd>', _section(page, point),
                                        re.S):
        mark = re.search(r'<b class="conflict">(.*?)</b>', body)
        out[html.unescape(name)] = {
            "short": _text(re.search(r'<span class="short">(.*?)</span>', body, re.S).group(1)),
            "silent": 'class="silent"' in attrs,
            "mark": _text(mark.group(1)) if mark else "",
            "readings": [(_text(label), _text(said), _text(cite)) for label, said, cite in re.findall(
                r'<span class="reading">(?:<b>(.*?)</b> )?<span class="said">(.*?)</span>'
                r'(?: <small class="cite">(.*?)</small>)?</span>', body, re.S)]}
    return out


def _cli_one_point(out: str) -> dict[str, list[str]]:
    """``kems-ref compare POINT`` read back: each source's first line, then its lines in full (the
    publications cited, under them, left out)."""
    blocks: dict[str, list[str]] = {}
    name = ""
    for line in out.splitlines()[3:]:
        line = line.rstrip()
        if line in (kems.t("ui.publications", "en"), kems.t("ui.publications", "fr")):
            break
        if not line:
            continue
        if not line.startswith(" "):
            name, _, first = line.partition(" ")
            blocks[name] = [first.strip()]
        else:
            blocks[name].append(line.strip())
    return blocks


# --- the compare page -----------------------------------------------------------------------------

def test_the_compare_page_shows_both_of_marquoirs_readings_of_a_wrong_contre_kems_each_with_its_citation(client):
    r = client.get("/compare?point=call.contre_kems.wrong")
    assert r.status_code == 200
    answers = _answers(r.text, "call.contre_kems.wrong")
    assert answers["marquoir"] == {
        "short": "+1 pt (accused) or -1 pt (callers)", "silent": False, "mark": "⚠ conflict",
        "readings": [("Reading 1:", "Otherwise the point goes to the wrongly accused team.",
                      "Marquoir, page « Kems » — Contre-Kems"),
                     ("Reading 2:", "The score-entry instructions say to enter −1 for the team that called wrongly.",
                      "Marquoir, page « Kems » — Fin de la manche et de la partie ; Scoring")]}
    assert [name for name, a in answers.items() if a["mark"]] == ["marquoir"]  # the others state one answer
    assert answers["wikipedia"]["readings"] == [
        ("", "Mistaken Contre Kem's: the calling team loses a point.",
         "Wikipédia (fr), article « Kem's » — Paragraphe sur le score")]
    assert answers["bicycle"] == answers["nathan"] == {"short": "— silent —", "silent": True, "mark": "",
                                                       "readings": []}
    assert "≠ differs" in _text(_section(r.text, "call.contre_kems.wrong"))


def test_in_french_the_readings_are_lectures_and_the_silent_sources_muettes(client):
    answers = _answers(client.get("/compare?point=call.contre_kems.wrong&lang=fr").text, "call.contre_kems.wrong")
    assert [label for label, _, _ in answers["marquoir"]["readings"]] == ["Lecture 1 :", "Lecture 2 :"]
    assert answers["marquoir"]["mark"] == kems.t("ui.conflict_mark", "fr")
    assert answers["nathan"]["short"] == "— muet —"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("point", ["call.contre_kems.wrong", "call.kems.wrong", "call.contre_kems.target",
                                   "deal.method", "score.target", "exchange.order"])
def test_every_source_and_every_reading_the_command_line_shows_is_on_the_page_in_the_same_words(run, client, point,
                                                                                                lang):
    cli = _cli_one_point(run("compare", point, "--lang", lang, env=WIDE).out)
    page = _answers(client.get(f"/compare?point={point}&lang={lang}").text, point)
    assert list(page) == list(cli)  # every source, in the command line's order
    for name, lines in cli.items():
        shown = page[name]
        assert f"{shown['short']} {shown['mark']}".strip() == lines[0], name
        # a silence's note is labelled ("Note:") on both; a reading's label is the page's alone (the CLI numbers them)
        assert [(f"{label} " if label and shown["silent"] else "") + f"{said} ({cite})"
                for label, said, cite in shown["readings"]] == lines[1:], name


def test_a_source_silent_where_the_convention_it_extends_speaks_is_shown_silent_and_says_so(client):
    answers = _answers(client.get("/compare?point=deal.method").text, "deal.method")
    assert answers["regles-com"] == {"short": "— silent — (inherited from ducale)", "silent": True, "mark": "",
                                     "readings": []}
    assert "= the sources agree" in _text(_section(client.get("/compare?point=deal.method").text, "deal.method"))


def test_a_point_one_source_alone_states_says_so_and_leaves_the_rest_to_the_table(client, run):
    """Who deals the next hand: Règle brève alone says (a new dealer); the others are silent — never 'the sources
    agree'; who deals first: no source says it.  The page and the command line say it alike."""
    said = "only regle-breve says it; the others are silent — the table settles it before play"
    assert said in _text(_section(client.get("/compare?point=deal.next_dealer").text, "deal.next_dealer"))
    assert " ".join(run("compare", "deal.next_dealer").out.split()).startswith(f"deal.next_dealer {said}")
    out = run("--lang", "fr", "compare", "deal.first_dealer").out
    assert " ".join(out.split()).startswith("deal.first_dealer aucune source ne le dit — à la table d'en convenir "
                                            "avant de jouer")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_picker_names_every_rule_point_by_its_question_under_its_topic_and_sends_its_id(client, lang):
    page = client.get(f"/compare?lang={lang}").text
    select = re.search(r'<select name="point">(.*?)</select>', page, re.S).group(1)
    groups = re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', select, re.S)
    assert [html.unescape(label) for label, _ in groups] == [kems.t(f"topic.{topic}", lang) for topic in kems.TOPICS]
    for (_, options), topic in zip(groups, kems.TOPICS, strict=True):
        listed = [(value, html.unescape(text)) for value, text in
                  re.findall(r'<option value="([^"]*)"[^>]*>(.*?)</option>', options)]
        assert listed == [(p.id, p.question(lang)) for p in kems.RULE_POINTS if p.topic == topic]
    assert sorted(re.findall(r'<option value="([^"]*)"', select)) == sorted(kems.IDS)
    assert "players.count<" not in select  # a point is offered by its question, never by its id


@pytest.mark.parametrize("address", ["call.contre_kems.wrong", "call.contre-kems.wrong"])
def test_an_address_naming_a_point_still_shows_it_and_the_picker_holds_it(client, address):
    page = client.get(f"/compare?point={address}").text
    assert re.findall(r'<option value="([^"]*)" selected>', page) == ["call.contre_kems.wrong"]
    assert re.findall(r'<section class="point" data-rule-point="([^"]*)">', page) == ["call.contre_kems.wrong"]


def test_a_topic_in_the_address_compares_each_of_its_points_and_names_the_calls_by_their_own_names(run, client):
    page = client.get("/compare?point=signal").text
    assert re.findall(r'<section class="point" data-rule-point="([^"]*)">', page) == \
        [p.id for p in kems.RULE_POINTS if p.topic == "signal"]
    out = run("compare", "signal", "--lang", "en", env=WIDE).out.rstrip().splitlines()
    cli = next(line for line in out if line.startswith("Calls by their own names"))
    assert cli.startswith("Calls by their own names — pagat: Kems = Kemps")
    assert cli in _text(page)


def test_a_point_no_source_knows_is_the_command_lines_refusal(run, client):
    r = client.get("/compare?point=nope")
    cli = run("compare", "nope", "--lang", "en")
    assert r.status_code == 400 and cli.code == 2
    said = _text(re.search(r'<p class="error" role="alert">(.*?)</p>', r.text, re.S).group(1))
    assert said.startswith("'nope' names no convention, rule point, topic or word of the game")
    assert said == " ".join(cli.err.strip().removeprefix("kems-ref: error: ").split())


def test_a_house_file_given_to_serve_is_compared_beside_the_published_sources_and_its_words_are_text(tmp_path):
    house = tmp_path / "maison.yaml"
    house.write_text("id: maison\nname: Maison\nextends: ducale\npublication: {title: Nos règles}\nrules:\n"
                     "  call.kems.right:\n    status: stated\n    value: [{team: callers, change: 3, unit: point}]\n"
                     "    text: {fr: \"Trois <b>points</b>.\", en: \"Three <script>alert(1)</script> points.\"}\n"
                     "    citation: {section: \"Kems & co\"}\n", encoding="utf-8")
    client = TestClient(create_app(Settings(db=tmp_path / "g.sqlite3", houses={"maison": str(house)})),
                        base_url=BASE)
    r = client.get("/compare?point=call.kems.right&lang=en")
    answers = _answers(r.text, "call.kems.right")
    assert list(answers)[-1] == "maison" and len(answers) == len(kems.shipped_ids()) + 1
    assert answers["maison"]["short"] == "+3 pt (callers)"
    assert answers["maison"]["readings"] == [("", "Three <script>alert(1)</script> points.", "Nos règles — Kems & co")]
    assert "<script>alert" not in r.text and "Three &lt;script&gt;alert(1)&lt;/script&gt; points." in r.text


# --- a question about the rules on the dispute page ------------------------------------------------

def test_a_question_about_the_rules_is_compared_on_the_dispute_page_as_on_the_compare_page(client):
    asked = client.get("/ask?words=how+many+points+to+win").text
    assert re.findall(r'<section class="point" data-rule-point="([^"]*)">', asked) == ["score.target"]
    assert _answers(asked, "score.target") == _answers(client.get("/compare?point=score.target").text,
                                                       "score.target")
    assert _answers(asked, "score.target")["wikipedia"]["short"] == "10 pt"
    assert _answers(asked, "score.target")["nathan"]["silent"]


def test_a_question_on_two_points_is_compared_on_both_and_names_the_calls_only_where_compare_is_asked(run, client):
    """np116: the calls' own names ("Stop Kemps") under a question on the score were noise: a question told in
    words shows them only where it asks about the calls; `compare` on the same points names them, on both."""
    story = "on joue en combien de points ?"
    asked = client.get("/ask", params={"words": story, "lang": "fr"}).text
    assert re.findall(r'<section class="point" data-rule-point="([^"]*)">', asked) == ["score.system", "score.target"]
    assert _answers(asked, "score.system")["pagat"]["short"] == "lettres"
    out = run("ask", "--no-input", "--lang", "fr", story, env=WIDE).out
    assert "Les annonces sous leur propre nom" not in out and "Les annonces sous leur propre nom" not in _text(asked)
    # each point under its question, its id left to compare's page (where the picker names it)
    heads = re.findall(r"<h2>(.*?)</h2>", asked, re.S)
    assert heads and not any("score.system" in h or "score.target" in h for h in heads)
    compared = client.get("/compare", params={"point": "score", "lang": "fr"}).text
    cli = next(line for line in run("compare", "score", "--lang", "fr", env=WIDE).out
               .rstrip().splitlines() if line.startswith("Les annonces sous leur propre nom"))
    assert cli.startswith("Les annonces sous leur propre nom — pagat: Kems = Kemps") and cli in _text(compared)
    assert "score.system · " in compared


# --- the checklist of a mixed table ------------------------------------------------------------------

def _sheet_as_text(page: str, lang: str) -> list[str]:
    """The page's mixed sheet written as the command line writes it."""
    colon = kems.t("ui.colon", lang)
    title = _text(re.search(r'<h2 class="sheet-title">(.*?)</h2>', page, re.S).group(1))
    intro = _text(re.search(r'<p class="understood">(.*?)</p>', page, re.S).group(1))
    lines = [title, intro, ""]
    for item in re.findall(r"<li data-rule-point=[^>]*>(.*?)</li>", page, re.S):
        question = re.search(r'<b class="q">(.*?)</b>', item, re.S).group(1)
        lines.append(f"[ ] {_text(question)}")
        for answer, section in re.findall(r'<span class="answer[^"]*" data-convention="[^"]*">(.*?)</span>'
                                          r'(?: <small class="section">\((.*?)\)</small>)?', item, re.S):
            lines.append(f"      {_text(answer)}" + (f"  ({_text(section)})" if section else ""))
        ours = re.search(r'<span class="ours">(.*?)</span>', item, re.S).group(1)
        lines.append(f"      {_text(ours)}")
    sources = re.search(r'<ul class="understood sources">(.*?)</ul>', page, re.S).group(1)
    lines += ["", *(_text(s) for s in re.findall(r"<li>(.*?)</li>", sources, re.S))]
    lines += ["", *_publications_as_text(page)]
    assert colon in lines[4]
    return lines


def _publications_as_text(page: str) -> list[str]:
    """The page's publications cited, written as the command line writes them under its sources."""
    found = re.search(r'<section class="publications"><h3>(.*?)</h3>(.*?)</section>', page, re.S)
    assert found, "no publications on the page"
    lines = [_text(found.group(1))]
    for name, rest in re.findall(r'<li><b class="pub-name">(.*?)</b>(.*?)</li>', found.group(2), re.S):
        lines += [f"  {_text(name)}", *(f"    {_text(line)}" for line in
                                        re.findall(r'<span class="pub-line">(.*?)</span>', rest, re.S))]
    return lines


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_checklist_of_a_mixed_table_is_the_sheet_the_command_line_prints(run, client, lang):
    r = client.get(f"/checklist?c=pagat&c=ducale&lang={lang}")
    assert r.status_code == 200
    cli = run("checklist", "-c", "pagat", "-c", "ducale", "--lang", lang, env=WIDE).out.rstrip("\n").splitlines()
    assert _sheet_as_text(r.text, lang) == cli


def test_a_mixed_tables_sheet_gives_each_conventions_answer_and_section_and_a_line_for_the_table(client):
    page = client.get("/checklist?c=pagat&c=ducale&lang=en").text
    item = re.search(r'<li data-rule-point="deal.identical_cards">(.*?)</li>', page, re.S).group(1)
    assert _text(item) == ("A player is dealt three (or four) identical cards: what happens? pagat: silent "
                           "ducale: 3+ → redeal (Comment jouer, étape 2 ; FAQ « trois cartes identiques ») "
                           "Our table: ____________________")
    assert re.findall(r'<span class="answer silent" data-convention="([^"]*)">', item) == ["pagat"]
    assert "Where pagat, ducale disagree or are silent" in _text(page)
    assert 'data-rule-point="score.target"' in page  # asked of every mixed table


def test_three_conventions_make_three_answers_per_point_in_the_order_chosen(client):
    page = client.get("/checklist?c=wikipedia&c=pagat&c=marquoir").text
    items = re.findall(r"<li data-rule-point=[^>]*>(.*?)</li>", page, re.S)
    assert items and all(re.findall(r'data-convention="([^"]*)"', item) == ["wikipedia", "pagat", "marquoir"]
                         for item in items)


def test_the_conventions_are_chosen_by_a_checkbox_each_the_chosen_ones_ticked(client):
    page = client.get("/checklist?c=pagat&c=ducale").text
    boxes = re.findall(r'<input type="checkbox" name="c" value="([^"]*)"( checked)?>', page)
    assert [value for value, _ in boxes] == list(kems.shipped_ids())
    assert sorted(value for value, ticked in boxes if ticked) == ["ducale", "pagat"]
    assert '<select name="c"' not in page


def test_a_convention_ticked_twice_is_one_convention_and_none_ticked_is_the_default_one(client):
    twice = client.get("/checklist?c=pagat&c=pagat").text
    assert "checklist mixed" not in twice and re.findall(r'value="([^"]*)" checked', twice) == ["pagat"]
    none = client.get("/checklist").text
    assert re.findall(r'value="([^"]*)" checked', none) == [kems.DEFAULT_CONVENTION]


@pytest.mark.parametrize("query, says", [("c=pagat&c=/etc/passwd", "never by a file path"),
                                         ("c=pagat&c=nope", "unknown convention 'nope'")])
def test_a_mixed_table_naming_a_path_or_an_unknown_convention_is_a_400_saying_why(client, query, says):
    r = client.get(f"/checklist?{query}")
    assert r.status_code == 400 and says in html.unescape(r.text)


def test_the_sheet_prints_alone_in_one_column_without_the_header_the_nav_the_picker_or_buttons(client):
    page = client.get("/checklist?c=pagat&c=ducale").text
    css = client.get(re.search(r'<link rel="stylesheet" href="([^"]+)"', page).group(1)).text
    printed = re.search(r"@media print \{(.*)\}\s*$", css, re.S)
    assert printed, "no print rules"
    hidden = re.search(r"([^{}]+)\{\s*display:\s*none", printed.group(1)).group(1)
    assert {s.strip() for s in hidden.split(",")} >= {"header", "nav", "form", "button"}
    assert "max-width: none" in printed.group(1) and "break-inside: avoid" in printed.group(1)


# --- the publications, as the command line names them (#32 §3) ----------------------------------

def _cli_publications(out: str, lang: str) -> list[str]:
    lines = [line.rstrip() for line in out.splitlines()]
    start = lines.index(kems.t("ui.publications", lang))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_compare_page_names_each_publication_once_as_the_command_line_does(run, client, lang):
    page = client.get(f"/compare?point=call.kems.wrong&lang={lang}").text
    cli = run("compare", "call.kems.wrong", "--lang", lang, env=WIDE).out
    assert _publications_as_text(page) == _cli_publications(cli, lang)
    assert _publications_as_text(page)[1:4] == [
        "  Notice Ducale",
        *(["    Cartamundi France / Ducale, \"Kem's — Les règles de jeu\"; address: none given by the project's "
           "sources", "    Known through: the summary on Regles.com, « Règle du Kems à 4 joueurs » (its source [1], "
           "in its list « Sources et méthode »); that page gives 2026-09-09 as its last check"] if lang == "en" else
          ["    Cartamundi France / Ducale, « Kem's — Les règles de jeu » ; adresse : aucune donnée par les sources "
           "du projet", "    Connue par : le résumé de Regles.com, « Règle du Kems à 4 joueurs » (la source [1] de "
           "sa liste « Sources et méthode ») ; cette page se dit vérifiée le 2026-09-09"])]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_convention_s_checklist_page_gives_each_answer_its_citation_and_names_the_publications(run, client,
                                                                                                 lang):
    page = client.get(f"/checklist?c=wikipedia&lang={lang}").text
    cli = run("checklist", "-c", "wikipedia", "--lang", lang, env=WIDE).out
    assert _publications_as_text(page) == _cli_publications(cli, lang)
    assert "https://fr.wikipedia.org/wiki/Kem%27s" in _text(page)
    first = re.search(r'<ul class="checklist">\s*<li>(.*?)</li>', page, re.S).group(1)
    cited = re.search(r'<small class="cite">\((.*?)\)</small>', first, re.S)
    assert cited and _text(cited.group(1)).startswith("Wikipédia (fr), article « Kem's » — ")
    assert f"({_text(cited.group(1))})" in cli


def test_the_mixed_tables_sheet_page_names_the_publications_of_every_convention(client):
    page = client.get("/checklist?c=pagat&c=ducale&lang=en").text
    names = [line.strip() for line in _publications_as_text(page) if line.startswith("  ") and
             not line.startswith("    ")]
    assert names == ["Pagat, « Kemps » (John McLeod)", "Notice Ducale"]


def test_a_question_on_a_table_size_says_first_whether_each_source_allows_it(run, client):
    """'on est 5, on peut jouer sous marquoir ?': Marquoir's rule (four to eight, an even number) excludes
    five players, said first with its citation, then its answer to the point; the same on the page and
    in the JSON, where each source's answer is data (allowed, prescribed, its count)."""
    story = "on est 5, on peut jouer sous marquoir ?"
    out = run("ask", "--no-input", "--lang", "fr", story, env=WIDE).out.splitlines()
    # each source by its number on the terminal (a phone's narrow lines), the number's source right under
    assert out[1:4] == ["À 5 joueurs :", "  Marquoir : non — sa règle : 4–8 (pair) [1]",
                        "  [1] Marquoir, page « Kems » — Setup ; Le matériel"]
    asked = kems.ask(story, "fr")
    assert asked.table == {"players": 5, "answers": [{
        "convention": "marquoir", "name": "Marquoir", "allowed": False, "elsewhere": [], "prescribed": True,
        "counts": "4–8 (pair)",
        "citation": asked.table["answers"][0]["citation"]}]}
    assert asked.table["answers"][0]["citation"]["section"] == "Setup ; Le matériel"
    page = _text(client.get("/ask", params={"words": story, "lang": "fr"}).text)
    assert "À 5 joueurs : Marquoir : non — sa règle : 4–8 (pair) (Marquoir, page « Kems » — Setup ; Le matériel)" \
        in page


def test_on_a_phone_a_table_size_question_cites_each_source_by_a_number_used_once(run):
    """np116 S16 (98 lines): the size's answers cite each source by its number, listed right under them; the
    points after them go on numbering where those stopped, so one number is one source."""
    out = run("ask", "--no-input", "--lang", "fr", "On est 5, comment on fait ? y en a un qui joue tout seul ?",
              env={"COLUMNS": "80"}).out
    assert "  Marquoir : non — sa règle : 4–8 (pair) [3]\n" in out
    listed = re.findall(r"^\s+\[(\d+)\] ", out, re.M)
    assert listed == [str(n) for n in range(1, len(listed) + 1)] and len(listed) > 7


def test_a_table_size_asked_of_every_source_tells_a_rule_from_a_description_and_a_silence(run):
    """At ten players: Marquoir's and Jouer au Kems's rules exclude it; Ducale only presents the game for
    four (a description, which excludes nothing); Bicycle does not say how many play."""
    data = run("ask", "--no-input", "--json", "can 10 of us play?").json()
    answers = {a["convention"]: (a["allowed"], a["prescribed"]) for a in data["table"]["answers"]}
    assert data["table"]["players"] == 10
    assert answers["marquoir"] == (False, True) and answers["jouer-au-kems"] == (False, True)
    assert answers["ducale"] == (False, False) and answers["bicycle"] == (None, None)
    text = run("ask", "--no-input", "can 10 of us play?", env=WIDE).out
    assert "  Bicycle: does not say how many play" in text
    assert "  Ducale: presents the game for 4 (usage it describes, not a rule against 10)" in text
    assert "  Marquoir: no — its rule is 4–8 (even)" in text


def test_the_dispute_page_rules_the_call_a_story_tells_beside_the_breach_and_says_what_letters_do(client):
    """The phone shows what the command line shows: the breach ruled, then the Kems made on that hand ruled on
    its own; and, told the letters a team holds, what the ruling's letter does to such a team."""
    page = _text(client.get("/ask", params={"words": "Ravi had five cards in his hand for a second because he grabbed "
                                            "before dropping, then showed four queens when his partner called kems. "
                                            "Valid?"}).text)
    assert "And the Kems told beside it, on what the story gives: CALL UPHELD the calling team: +1 point" in page
    page = _text(client.get("/ask", params={"words": "we have K-E-M-P and our kems was wrong, pagat"}).text)
    assert "A team holding K-E-M-P that takes this letter has spelled KEMPS: under Pagat it is out" in page


def test_the_dispute_page_answers_the_question_asked_beside_the_call(client):
    """"…1 point for us right? and who deals next?": the Kems ruled, then Ducale's answer to who deals next — it
    does not say — and what the sources that do say answer."""
    page = _text(client.get("/ask", params={"words": "Tom had four queens, gave the sign and Mia called Kems, so that's"
                                            " 1 point for us right? and who deals next?"}).text)
    assert "CALL UPHELD" in page
    assert "And the question asked beside it — Who deals the next hand? Ducale does not say." in page
    assert "Elsewhere — regle-breve: another player" in page


# --- no rules named: the other sources' rulings beside the default's --------------------------------------

DEALT_THREE = "A la donne Chloé a reçu trois dames direct. On redonne tout ou elle garde ?"


def test_a_dispute_told_without_rules_shows_what_every_other_source_rules_beside_ducales(run):
    """Three queens dealt, no rules named: Ducale (the default) redeals; Wikipédia replaces the cards, Règle
    brève redeals only at the game's first deal, Regles.com rules as Ducale, the five others do not settle it."""
    data = run("ask", "--no-input", "--json", "--lang", "fr", DEALT_THREE).json()
    assert (data["convention"], data["verdict"]) == ("ducale", "redeal")
    groups = {tuple(g["conventions"]): (g["same"], g["ruling"]["verdict"]) for g in data["others"]}
    assert groups == {("bicycle", "jouer-au-kems", "marquoir", "nathan", "pagat"): (False, "unspecified"),
                      ("regle-breve",): (False, "depends"), ("regles-com",): (True, "redeal"),
                      ("wikipedia",): (False, "replace-cards")}
    out = run("ask", "--no-input", "--lang", "fr", DEALT_THREE, env=WIDE).out
    assert "Aucune règle nommée : Ducale a tranché, par défaut. Les autres sources :" in out
    assert "  Wikipédia : ON REMPLACE LES CARTES" in out
    assert "  même décision que Ducale : Regles.com" in out
    assert "  ne tranchent pas : Bicycle, Jouer au Kems, Marquoir, Nathan, Pagat" in out
    # right after the ruling's why, before its sources
    assert out.index("Les autres sources") < out.index("Sources\n")


def test_where_the_default_settles_nothing_the_other_sources_line_says_so_instead_of_saying_it_ruled(run, client):
    """np114: "NOT SETTLED" under Ducale, then "Ducale ruled, by default" read as a contradiction: where the
    default settles nothing, the line says it does not settle it, on the terminal and the page."""
    story = "Can we use a word as our signal?"
    out = run("ask", "--no-input", story, env=WIDE).out
    assert "No rules were named: Ducale, the default, does not settle it. The other sources:" in out
    assert "ruled, by default" not in out
    page = _text(client.get("/ask", params={"words": "On peut prendre un mot comme signe ?", "lang": "fr"}).text)
    assert "Aucune règle nommée : Ducale, par défaut, ne tranche pas. Les autres sources :" in page


def test_rules_named_in_the_words_on_the_command_line_or_in_the_environment_show_no_other_sources(run):
    assert run("ask", "--no-input", "--json", DEALT_THREE + " On joue façon Ducale.").json()["others"] is None
    assert run("ask", "--no-input", "--json", "-c", "ducale", DEALT_THREE).json()["others"] is None
    env = {**WIDE, "KEMS_REF_CONVENTION": "ducale"}
    assert run("ask", "--no-input", "--json", DEALT_THREE, env=env).json()["others"] is None


def test_the_double_kems_told_beside_a_question_shows_the_three_points_of_wikipedia_and_jouer_au_kems(run):
    """np67: "DOUBLE KEMS!! … he says it's worth 2, I say 3. also can they contre a double?": the Double Kems
    is ruled (Ducale: 2 points), the sources that give 3 are shown beside it, and the question is answered."""
    story = "DOUBLE KEMS!! me and Lucas both had carrés. he says its worth 2, I say 3. also can they contre a double?"
    data = run("ask", "--no-input", "--json", story).json()
    assert (data["event"], data["score"]) == ("double-kems", [{"team": "callers", "change": 2, "unit": "point"}])
    three = next(g for g in data["others"] if g["conventions"] == ["jouer-au-kems", "wikipedia"])
    assert three["ruling"]["score"] == [{"team": "callers", "change": 3, "unit": "point"}]
    assert [q["rule_point"] for q in data["questions"]] == ["call.double_kems.counter"]


def test_the_dispute_page_shows_the_other_sources_under_the_ruling(client):
    page = _text(client.get("/ask", params={"words": DEALT_THREE, "lang": "fr"}).text)
    assert "Aucune règle nommée : Ducale a tranché, par défaut. Les autres sources : Règle brève : ÇA DÉPEND" in page
    assert "Wikipédia : ON REMPLACE LES CARTES" in page
    named = _text(client.get("/ask", params={"words": DEALT_THREE + " Règles Ducale.", "lang": "fr"}).text)
    assert "Les autres sources" not in named


def test_a_silent_source_shows_what_it_says_near_the_point_as_a_note_never_as_an_answer(run, client):
    """np66/np67: Wikipédia is silent on who deals the next hand, but says another player turns the middle cards:
    the silence is kept (it settles nothing on the dealer) and its note shown beside it, cited."""
    data = run("compare", "deal.next_dealer", "--json").json()
    wiki = data["rows"][0]["values"]["wikipedia"]
    assert (wiki["silent"], wiki["note"]["citation"]["section"]) == (True, "Paragraphe sur la chasse")
    assert wiki["note"]["text"] == "The article says another player must turn the middle cards next hand; " \
                                   "it does not say who deals."
    out = run("compare", "deal.next_dealer", env=WIDE).out
    assert out.split("wikipedia", 1)[1].split("\n")[0].strip() == "— silent —"
    assert "Note: The article says another player must turn the middle cards next hand" in out
    page = _text(client.get("/compare", params={"point": "deal.next_dealer"}).text)
    assert "wikipedia — silent — Note: The article says another player must turn the middle cards" in page
    # np117 S6: the question asked in words shows the note too, beside the silence (not only under compare)
    asked = run("ask", "--no-input", "how many points do you need to win kems? and who deals after a hand",
                env={"COLUMNS": "100"}).out
    assert "wikipedia — silent — Note: The article says another player must turn the middle cards next hand; it " \
           "does not say who deals. [" in " ".join(asked.split())


def test_where_the_default_settles_nothing_the_sources_that_do_not_either_are_one_line(run):
    """np71: a Kems and a Contre-Kems at the same moment: Ducale does not settle it, nor does any other source —
    one line, never 'the same ruling as Ducale' beside 'not settled by'."""
    out = run("ask", "--no-input", "Julie scratched her nose so I yelled KEMS and she had four 9s, but Marc says he "
              "said contre kems at the exact same time so the point is theirs?? who gets it", env=WIDE).out
    assert "  do not settle it either: Bicycle, Jouer au Kems, Marquoir, Nathan, Pagat, Règle brève, Regles.com, " \
           "Wikipédia\n" in out
    assert "the same ruling as Ducale" not in out


def test_two_calls_at_once_left_open_show_on_the_page_what_each_gives_if_counted_alone(client):
    """np104 S18: a Kems and a Contre-Kems at the same moment, Ducale silent on which counts — the page, as the
    terminal, says what each gives if the table counts it alone, then the deal's page goes on."""
    story = ("Lucie a dit kems en meme temps que Romain a dit contre kems sur Baptiste (le partenaire de Lucie). "
             "Baptiste avait 4 huit. on joue ducale")
    page = _text(client.get("/ask", params={"words": story, "lang": "fr"}).text)
    assert ("Quelle annonce compte est au choix de la table — ce que donne chacune, comptée seule : "
            "si le Kems compte : ANNONCE JUSTE — l'équipe du Kems : +1 point ; fin de manche "
            "si le Contre-Kems compte : ANNONCE JUSTE — l'équipe qui contre : +1 point ; fin de manche") in page
