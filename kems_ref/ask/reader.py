"""Table talk in, a situation out: a deterministic reader of French and English dispute stories.

No language model and no network: the story is cut into words (accents, case and elisions
ignored), then read in passes, each pass claiming the words it understands:

1. the convention, by any of its names ("sous Wikipédia", "pagat rules", "Jouer au Kems");
2. facts said in a phrase ("after the Kems", "pendant le balayage", "on est 8", "the Kems was
   wrong", "il a soulevé la quatrième dame", "her partner had no square"…);
3. the event, by any of its names (Kems, Contre-Kems, Stop Kemps, cut, donne…);
4. the cards ("deux 7 et deux rois", "three queens and a jack", "Q Q Q J", "four kings",
   "dames et 5"), each group given to its owner: the accused or the partner, the caller's partner
   or the caller, the dealt hand.

What is left is either filler ("he", "called", "sur") or not understood, and reported as such.
A negation the reader cannot attach to a fact makes it give up rather than read the opposite.
The reader never guesses a fact: what the story does not say stays unknown, and the ruling
then depends on it (``ask`` asks for it on a terminal).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Optional

from ..referee.cards import RANKS
from ..referee.situation import CALLS, EVENTS

# --- words ---------------------------------------------------------------------------------

NUMBERS = {
    "un": 1, "une": 1, "one": 1, "a": 1, "an": 1, "single": 1, "seul": 1, "seule": 1,
    "deux": 2, "two": 2, "trois": 3, "three": 3, "quatre": 4, "four": 4, "cinq": 5, "five": 5,
    "six": 6, "sept": 7, "seven": 7, "huit": 8, "eight": 8, "neuf": 9, "nine": 9, "dix": 10, "ten": 10,
    "douze": 12, "twelve": 12, "trente deux": 32, "thirty two": 32, "trente six": 36, "thirty six": 36,
    "cinquante deux": 52, "fifty two": 52,
}
NUM = r"(?:\d+|" + "|".join(sorted((n for n in NUMBERS if n not in ("a", "an", "single", "seul", "seule")),
                                   key=len, reverse=True)) + ")"
#: rank words, singular and plural, French and English (folded)
RANK_WORDS = {
    "as": "A", "ace": "A", "aces": "A", "ases": "A",
    "roi": "K", "rois": "K", "king": "K", "kings": "K",
    "dame": "Q", "dames": "Q", "queen": "Q", "queens": "Q", "reine": "Q", "reines": "Q",
    "valet": "J", "valets": "J", "jack": "J", "jacks": "J", "knave": "J", "knaves": "J",
    "deux": "2", "deuce": "2", "deuces": "2", "twos": "2", "trois": "3", "threes": "3", "quatre": "4",
    "fours": "4", "cinq": "5", "fives": "5", "six": "6", "sixes": "6", "sept": "7", "sevens": "7",
    "huit": "8", "eights": "8", "neuf": "9", "nines": "9", "dix": "10", "tens": "10",
    "two": "2", "three": "3", "four": "4", "five": "5", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
}
PLURAL_RANK_WORDS = {w for w in RANK_WORDS if w.endswith(("s", "x")) and w not in ("as", "six", "dix", "trois")}
RANK = r"(?:10|[2-9]|[ajqkvdr]|" + "|".join(sorted(RANK_WORDS, key=len, reverse=True)) + r")(?:s)?"
PARTNER = r"(?:partner|partners|partenaire|partenaires|coequipier|coequipiere|equipier|equipiere|teammate|team mate)"
#: words that mean nothing for the ruling (pronouns, articles, verbs of telling and calling…)
FILLER = set("""
a an the of to in on at by for from with and or but so then when while that this these those it its is was
were be been being has have had having do does did he she they we i you him her them us me my his their our
your who whom which what there here just only really also still yet already very too again some any all called
calls call calling says said say shouted shouts shout yelled announced announces claims claimed thinks thought
think because since as if about like one someone somebody player players opponent opponents team against cards
card hand hands held holding holds got get gets showed shows show turned out actually le la les un une des du
de d l au aux et ou mais donc puis alors quand lorsque pendant que qui quoi dont ce cet cette ces il elle ils
elles nous vous je tu te se lui leur leurs son sa ses mon ma mes ton ta tes notre nos votre vos y en est sont
etait etaient ete etre ai avait avaient avoir eu fait faire fais dit dire disait crie crier criait annonce
annoncer annoncait avec sur sous dans par pour chez vers entre contre seulement juste qu seul tout tous toute
toutes aussi deja encore bien vraiment oui adversaire adversaires equipe joueur joueuse joueurs cartes carte
main mains montre montrait tenait tenir possede possedait possedaient recu recevoir hey oh ah bon ben bah euh
hmm ok okay well can could may might allowed permitted legal fair used use means mean meant count counts
counted peut peuvent pouvait permis autorise autorisee compte comptait veut veulent voulait voulaient celui
celle ceux prise pris comme moi toi myself herself himself accuse accusee accused caller annonceur right now
maintenant ici happened arrive passe question rule ruling regle where how comment why pourquoi
""".split())  # noqa: SIM905 (a word list reads better as text)
NEGATIONS = {"not", "no", "never", "nobody", "none", "neither", "nor", "without", "pas", "ne", "non", "jamais",
             "personne", "aucun", "aucune", "ni", "sans", "rien", "plus"}


def fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return plain.lower()


_SUIT_SYMBOLS = {"♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c", "♠": "s", "♤": "s"}
_ELISION = re.compile(r"(?i)\b(j|l|d|n|s|m|t|c|qu|jusqu|lorsqu|puisqu)['’]")
_CONTRACTIONS = [(r"(?i)\bkem['’]?s\b", "kems"), (r"(?i)\bcan['’]t\b", "can not"), (r"(?i)\bwon['’]t\b", "will not"),
                 (r"(?i)n['’]t\b", " not"), (r"(?i)['’]re\b", " are"), (r"(?i)['’]ve\b", " have"),
                 (r"(?i)['’]m\b", " am"), (r"(?i)['’]d\b", " had"), (r"(?i)['’]ll\b", " will"),
                 (r"(?i)['’]s\b", "")]


@dataclass
class Token:
    text: str  # as typed (cards keep their suits)
    word: str  # folded: lower case, no accents
    claimed: bool = False


def tokenize(story: str) -> list[Token]:
    text = story
    for pattern, repl in _CONTRACTIONS:
        text = re.sub(pattern, repl, text)
    text = _ELISION.sub(lambda m: m.group(1) + "e ", text)
    tokens = []
    for raw in re.findall(r"[^\W_]+[♥♡♦♢♣♧♠♤]?|[♥♡♦♢♣♧♠♤]", text):
        suit = _SUIT_SYMBOLS.get(raw[-1], "")
        word = fold(raw[:-1] if suit else raw) + suit
        if word:
            tokens.append(Token(raw, word))
    return tokens


# --- what was read ----------------------------------------------------------------------------

@dataclass
class Item:
    """One thing understood: its kind, its value, and the words it came from."""

    kind: str  # "convention", "event", "fact", "cards", "square", "kems_verdict"
    value: Any
    start: int
    end: int
    words: str
    owner: Optional[str] = None  # cards and squares: "partner" where the story says so
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Reading:
    """The situation a story describes, as far as it says it."""

    event: Optional[str] = None
    convention: Optional[str] = None
    options: dict[str, Any] = field(default_factory=dict)  # options of ``rule`` by attribute name
    understood: list[tuple[str, str, Any]] = field(default_factory=list)  # (words, option or "event"…, value)
    ignored: list[str] = field(default_factory=list)  # names and words that carry nothing
    unknown: list[str] = field(default_factory=list)  # words not understood
    doubt: Optional[str] = None  # a negation the reader could not attach: it gives up


# --- phrase patterns --------------------------------------------------------------------------

Action = Callable[["re.Match[str]"], list[tuple[str, Any]]]


def _number(text: str) -> int:
    text = text.strip()
    return int(text) if text.isdigit() else NUMBERS[text]


def _rank(word: str) -> str:
    word = word.strip()
    if word in RANK_WORDS:
        return RANK_WORDS[word]
    if word.endswith("s") and word[:-1] in RANK_WORDS:
        return RANK_WORDS[word[:-1]]
    if word.endswith("s") and word[:-1].isdigit():
        return word[:-1]
    return {"a": "A", "j": "J", "q": "Q", "k": "K", "v": "J", "d": "Q", "r": "K", "1": "A"}.get(word, word.upper())


KEMS = r"(?<!contre )(?<!counter )(?<!stop )(?<!double )(?:kems|kemps|quems)"
RIGHT = r"(?:right|correct|good|valid|true|juste|justes|bon|bonne|valable|vrai|correcte)"
WRONG = r"(?:wrong|false|bad|incorrect|invalid|faux|fausse|mauvais|mauvaise|errone|rate)"
WRONGLY = r"(?:wrongly|by mistake|in error|falsely|for nothing|a tort|par erreur|pour rien|pour du beurre)"
WAS = r"(?:was|is|had been|has been|etait|est|a ete|avait ete|etais)"
HAD = r"(?:had|has|held|holds|have|avait|a|as|tenait|tient|possedait|possede|got)"
SQUARE = r"(?:square|carre|carres|four of a kind|quads)"
LIFT = (r"(?:lifted|lifting|lifts|lift|picked up|picking up|picks up|pick up|souleve|soulevee|soulevait|soulevant"
        r"|soulever|leve|levee|levait|ramassait|grabbed|grabbing|taking|prenait)")
TOUCH = r"(?:touched|touching|touches|touch|touche|touchee|touchait|avait la main sur|had his hand on|had her hand on)"
FOURTH = r"(?:fourth|4th|quatrieme|4e|4eme|last|derniere|dernier)"
RANK_NOT_A = r"(?:10|[2-9]|[jqkvdr]|" + "|".join(sorted((w for w in RANK_WORDS if w != "a"), key=len,
                                                       reverse=True)) + r")"
STILL = r"(?:still |encore |toujours |just |juste )?"

#: facts said in a phrase, read in this order; each action returns (option, value) pairs
PHRASES: list[tuple[str, Action]] = []


def phrase(pattern: str) -> Callable[[Action], Action]:
    def register(action: Action) -> Action:
        PHRASES.append((pattern, action))
        return action
    return register


@phrase(r"\b(?:against|on|sur|contre|vs) (?:a |an |un |une |the |le |leur |their )?double (?:kems|kemps|quems)\b")
def _on_a_double(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", True), ("partner_square", True)]


@phrase(rf"\b(?:after|apres|once|une fois) (?:a |the |un |le |his |her |their |son |leur )?{KEMS}"
        rf"(?: (?:(?P<ok>{RIGHT})|{WRONG}))?"
        rf"(?: (?:had been|was|avait ete|a ete|etait) (?:called|announced|annonce|crie|dit))?\b"
        rf"|\b(?:the |le )?{KEMS} (?:had |was |avait |etait )?(?:already|deja) (?:been |ete )?"
        rf"(?:called|announced|annonce|crie|dit)\b"
        rf"|\bapres que (?:le |son |leur )?(?:partenaire |equipier |coequipier )?(?:a |ait |avait )?"
        rf"(?:crie|annonce|dit) {KEMS}\b")
def _after_kems(m: re.Match[str]) -> list[tuple[str, Any]]:
    adjective = re.search(rf"\b(?:{RIGHT}|{WRONG})\b", m.group(0))
    return [("after_kems", True)] + ([("kems_verdict", bool(m.group("ok")))] if adjective else [])


@phrase(rf"\b(?:the|le|that|ce|his|her|their|son|leur|this|un|a) {KEMS}\s+(?:ne )?{WAS}\s+(?P<neg>not |pas |ne pas )?"
        rf"(?:(?P<ok>{RIGHT})|{WRONG})\b")
def _kems_verdict(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("kems_verdict", bool(m.group("ok")) != bool(m.group("neg")))]


@phrase(rf"\b(?:(?P<ok>{RIGHT})|{WRONG}) {KEMS}\b|\b{KEMS} (?:(?P<ok2>{RIGHT})|{WRONG}|{WRONGLY})\b"
        rf"|\b{WRONGLY} (?:called |announced |crie |annonce )?{KEMS}\b")
def _kems_adjective(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("kems_verdict", bool(m.group("ok") or m.group("ok2")))]


@phrase(r"\b(?:during|in|while|pendant|en plein|au milieu du|au milieu de|au cours du|au moment du)"
        r" (?:the |a |le |un |du |de )?(?:sweep|balayage|hunt reset|remplacement (?:du|des) (?:milieu|cartes))\b"
        r"|\b(?:while|as|when) the (?:middle|centre|center|table) (?:cards )?(?:is|was|were|are)"
        r" (?:being )?(?:replaced|changed|swept|cleared|renewed)\b"
        r"|\bpendant qu?e? (?:on |l on |le donneur |il |elle )?(?:remplace|remplacait|change|changeait|balaye|balayait"
        r"|renouvelle|renouvelait)(?: (?:les cartes du|le|les) (?:milieu|centre|tapis))?\b")
def _during_sweep(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("during_sweep", True)]


@phrase(r"\b(?:barred|suspended|banned from calling"
        r"|already (?:made|called|had) (?:a |one )?(?:wrong|false|bad) (?:contre|counter|stop)"
        r"(?: kems| kemps)?"
        r"|(?:interdit|prive|privee) (?:de |d )?(?:annonce|annonces|annoncer|contre|contrer)"
        r"|(?:avait |a )?deja (?:fait|annonce|crie|rate) (?:un |une )?(?:contre kems|contre kemps|contre)"
        r"(?: faux| rate| errone)?)\b")
def _barred(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("barred", True)]


@phrase(rf"\b(?P<lead>(?:we are|we were|there are|there were|on est|on etait|nous sommes|nous etions|ils sont|on joue"
        rf"|we play|playing|a table of|une table de|table of|table de|with|avec|a) )?(?P<n>{NUM})"
        rf" (?:players|joueurs|joueuses|people|personnes|persons)\b"
        rf"|\b(?:we are|we were|there are|there were|on est|on etait|nous sommes|nous etions|on joue a|on jouait a"
        rf"|we play with|we are playing with) (?P<n2>{NUM})\b(?! (?:cards|cartes))")
def _players(m: re.Match[str]) -> list[tuple[str, Any]]:
    n = _number(m.group("n") or m.group("n2"))
    if m.group("n") and not m.group("lead") and n < 4:
        return []  # "two players wanted the same card": some players, not the table
    return [("players", n)]


@phrase(r"\b(?:(?:jeu|paquet|deck|pack) (?:de|of) )?(?P<n>32|36|52) (?:cards|cartes)(?: (?:deck|pack))?\b"
        r"|\b(?P<n2>32|36|52)(?: card| cards| cartes)? (?:deck|pack|jeu)\b"
        r"|\b(?:jeu|paquet|deck|pack) (?:de |of )(?P<n3>32|36|52)\b")
def _deck(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("deck", _number(m.group("n") or m.group("n2") or m.group("n3")))]


CARDS_TOGETHER = (r"(?:at once|in one go|together|at the same time|a la fois|en une fois|en meme temps|de un coup"
                  r"|dun coup|ensemble|de une traite)")


@phrase(rf"\b(?:swapped|exchanged|exchanges|swaps|swapping|swap|exchange|echange|echangeait|echangent|echanger"
        rf"|changed|change|put down|took|pris|pose)"
        rf" (?P<n>{NUM}) (?:cards|cartes)(?: {CARDS_TOGETHER})?\b"
        rf"|\b(?P<n2>{NUM}) (?:cards|cartes) {CARDS_TOGETHER}\b")
def _cards(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("cards", _number(m.group("n") or m.group("n2"))), ("event_hint", "exchange")]


CARD_OBJECT = r"(?: (?:a|one|the|his|her|une|la|sa|en) (?:card|carte))?"
TAKE = r"(?:took|picked up|picks up|takes|grabbed|pris|prend|prenait|ramasse|ramassait|pioche|piochait|drew|draws)"
PUT = r"(?:put|laid|dropped|discarded|pose|depose|jete|defausse|posait|lache)"


@phrase(rf"\b{TAKE}(?: up)?{CARD_OBJECT} (?:before|avant de|avant d|avant de en) (?:putting|laying|discarding|dropping"
        rf"|poser|deposer|jeter|defausser|lacher)(?: (?:one|une|a card|une carte|his|hers|sa carte))?(?: down)?\b"
        rf"|\b{TAKE}(?: up)?{CARD_OBJECT} (?:first|en premier|dabord|de abord)\b"
        rf"|\b{PUT}(?: down)?{CARD_OBJECT}(?: down)? (?:before|avant de|avant d)"
        rf" (?:taking|picking|picking up|grabbing|prendre|ramasser|piocher)(?: (?:one|une|a card|une carte))?\b"
        rf"|\b{PUT}(?: down)?{CARD_OBJECT}(?: down)? (?:first|en premier|dabord|de abord)\b")
def _order(m: re.Match[str]) -> list[tuple[str, Any]]:
    took = re.match(TAKE, m.group(0)) is not None
    return [("take_first", took), ("event_hint", "exchange")]


@phrase(rf"\b(?P<verb>{LIFT}|{TOUCH})(?: up)? (?:the |la |le |une |un |a |an |sa |son |his |her )?"
        rf"(?:(?P<fourth>{FOURTH}) (?P<rank>{RANK})|(?P<rank3>{RANK_NOT_A}))\b"
        rf"|\b(?:the |la |le )?(?P<fourth2>{FOURTH}) (?P<rank2>{RANK}) {STILL}"
        rf"(?:etait |was |a ete |had been |is |est )?"
        rf"{STILL}(?:en train de etre |being )?(?P<verb2>{LIFT}|{TOUCH})\b")
def _lifted(m: re.Match[str]) -> list[tuple[str, Any]]:
    verb = m.group("verb") or m.group("verb2")
    rank = _rank(m.group("rank") or m.group("rank2") or m.group("rank3"))
    attr = "touched" if re.fullmatch(TOUCH, verb) else "lifted"
    out: list[tuple[str, Any]] = [(attr, rank)]
    if m.group("fourth") or m.group("fourth2"):
        out.append(("three_more", rank))  # the fourth queen: the hand held the other three
    return out


@phrase(r"\b(?:not (?:yet )?(?:gathered|together|sorted|grouped|picked up)(?: yet)?|(?:spread|scattered) (?:out|about)"
        r"|(?:ne (?:etaient|etait|sont|est) )?pas (?:encore )?(?:regroupees|rassemblees|groupees|ensemble|reunies"
        r"|ramassees|regroupes|rassembles|groupes|reunis|ramasses|en main))\b")
def _ungathered(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("ungathered", True)]


@phrase(r"\b(?:before|avant) (?:the |le |la |que la |que le |que )?"
        r"(?:hunt|chasse|opening|ouverture|start|depart|go|top)"
        r"(?: (?:was|is|had been|soit|ne soit|etait|fut) (?:opened|open|ouverte|ouvert|given|donne|lance|lancee))?\b"
        r"|\bbefore (?:opening|it was opened|the hunt opened)\b")
def _before_opening(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("before_opening", True)]


@phrase(r"\b(?:the )?(?:very )?first (?:deal|hand|round)\b"
        r"|\b(?:des |de la |a la |la )?(?:toute )?premiere (?:donne|distribution|main|manche)\b")
def _first_deal(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("first_deal", True), ("event_hint", "deal")]


@phrase(r"\b(?:a |the |in a |in the )?(?:later|second|next|another|third) (?:deal|hand|round)\b"
        r"|\b(?:not the first|pas la premiere) (?:deal|donne|distribution)\b"
        r"|\b(?:une |la )?(?:donne|distribution) (?:suivante|ulterieure)\b|\b(?:deuxieme|seconde|autre) donne\b")
def _later_deal(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("first_deal", False), ("event_hint", "deal")]


@phrase(r"\b(?:dealt|was dealt|were dealt|got dealt|received|recu|recus|servi|distribue|a la donne|at the deal"
        r"|in the deal|on the deal|from the deal|a la distribution)\b")
def _dealt(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("event_hint", "deal")]


@phrase(r"\b(?:a |one |un |une |by |par |with |avec )?(?:spoken |said )?(?:word|mot|verbal|spoken|oral|orale"
        r"|parole|a voix haute|out loud|aloud)\b")
def _verbal(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("verbal", True), ("event_hint", "signal")]


@phrase(r"\b(?:under the table|sous la table|hidden|cache|cachee|invisible|not visible|pas visible|out of sight"
        r"|in secret|behind (?:his|her|the) (?:back|cards))\b")
def _hidden(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("hidden", True), ("event_hint", "signal")]


@phrase(r"\b(?:a |the |un |une |leur |their )?(?:second|2nd|deuxieme|seconde|2e|another|autre|other)"
        r" (?:signal|sign|signe|gesture|geste)\b|\b(?:two|deux) (?:signals|signs|signes|gestes)\b")
def _second_signal(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("second_signal", True), ("event_hint", "signal")]


@phrase(r"\b(?:(?:that )?means |pour dire (?:que )?|qui veut dire (?:que )?|saying )?"
        r"(?:we are|we were|they are|they were|on est|on etait|nous sommes|ils sont|on) (?:being )?"
        r"(?:watched|observed|spotted|surveilles|observes|reperes|surveille|observe|repere|grille|grilles)\b"
        r"|\b(?:warning|avertissement|alerte|alert)(?: sign| signal| signe)?\b")
def _warning(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("warning_sign", True), ("event_hint", "signal")]


@phrase(r"\b(?:banned|forbidden|forbade|forbid|prohibited|interdit|interdits|interdite|proscrit|refuse)"
        r"(?: (?:such|these|those|ces|ce|les|ca|that|this|them|it))?(?: (?:signs|signals|signes|gestes|sign|signe))?"
        r" (?:before|avant) (?:play|playing|the game|we started|la partie|le jeu|de jouer|de commencer|the start)\b")
def _banned(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("banned_before_play", True), ("event_hint", "signal")]


@phrase(r"\b(?:nobody|no one|noone|personne)(?: (?:ne|else))? (?:objected|objects|object|refused|refuses|complained"
        r"|protested|minded|a refuse|refuse|a proteste|proteste|se oppose|se est oppose|a conteste|conteste|a dit non"
        r"|dit non)\b"
        r"|\bno (?:objection|objections)\b|\b(?:aucune|pas de) (?:objection|opposition|protestation)\b")
def _no_objection(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("objection", False), ("event_hint", "sweep")]


@phrase(r"\b(?:someone|somebody|a player|an opponent|one player|he|she|they|un joueur|une joueuse|quelqu un"
        r"|quelquun|il|elle|un adversaire)? ?(?:objected|objects|refused|refuses|protested|complained|said no"
        r"|a refuse|refusait|se est oppose|se oppose|a proteste|proteste|a conteste|conteste|a dit non)\b"
        r"|\b(?:an |une )?(?:objection|opposition)\b")
def _objection(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("objection", True), ("event_hint", "sweep")]


@phrase(r"\b(?:touched|touche|touchee|got|had|avait|a)(?: it| la| le)? (?:first|en premier|le premier|la premiere"
        r"|avant lui|avant elle|before him|before her)\b")
def _touched_first(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("took_first", True), ("event_hint", "same-card")]


@phrase(r"\b(?:touched|touche|touchee)(?: it| la| le)? (?:second|en second|en deuxieme|after|apres|apres lui"
        r"|apres elle|after him|after her)\b")
def _touched_second(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("took_first", False), ("event_hint", "same-card")]


@phrase(r"\b(?:the |la |le )?(?:stock|pioche|talon|draw pile|deck|pile) (?:ran out|runs out|has run out|is empty"
        r"|was empty|empty|est vide|etait vide|vide|epuisee|epuise|est epuisee|etait epuisee|finie|terminee)\b"
        r"|\b(?:no more|out of|plus de|il ne y a plus de|ne reste plus de|il ne restait plus de|plus aucune"
        r"|il ne y avait plus de)"
        r" (?:cards|cartes|pioche|stock)(?: (?:in the|to draw|dans la|a piocher|in stock))?(?: (?:stock|pioche))?\b"
        r"|\b(?:ran|run|runs) out of (?:cards|stock)\b|\b(?:fin de (?:la )?pioche|end of (?:the )?stock)\b")
def _stock_out(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("event_hint", "stock-out")]


@phrase(r"\b(?:the |la |une |a )?(?:same card|meme carte)\b|\b(?:both|tous les deux|tous deux|les deux)"
        r" (?:wanted|grabbed|took|reached for|voulaient|veulent|prennent|prenaient|ont pris|ont voulu)"
        r"(?: (?:the|la) (?:card|carte))?\b")
def _same_card(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("event_hint", "same-card")]


@phrase(rf"\b(?:(?:did not|does not|didnt|doesnt|do not) (?:have|hold)|{HAD} (?:no|not|pas de|pas un|aucun)"
        rf"|ne {HAD} (?:pas|aucun)(?: de| un)?|without|sans|no|pas de|pas un)"
        rf" (?:a |an |un |de )?{SQUARE}\b")
def _no_square(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", False)]


@phrase(rf"\b(?:{HAD}|with|avec|holding|tenant) (?:a |an |un |son |her |his )?(?:real |vrai |true |bien un )?"
        rf"{SQUARE}(?! de| of)\b")
def _square(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", True)]


@phrase(rf"\b{PARTNER} (?:non plus|pas non plus|neither|either|not either|no more)\b"
        rf"|\b(?:neither|nor) (?:did|had|does|has) (?:his |her |the |their )?{PARTNER}\b")
def _partner_neither(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square_same_for_partner", True)]


@phrase(rf"\b(?:but|mais|whereas|alors que|tandis que) (?:his |her |their |the |son |sa |leur )?{PARTNER}"
        rf" (?:did not|didnt|had not|hadnt|does not|doesnt|non|pas|no|not)\b")
def _partner_not(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square_for_partner", False)]


@phrase(rf"\b(?:and|et) (?:his |her |their |the |son |sa |leur )?{PARTNER} (?:too|also|aussi|as well|did too|pareil)\b")
def _partner_too(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square_for_partner", True)]


@phrase(rf"\bne (?:{HAD}|etait|montrait|montre|tenait|avaient) (?:que|qu)\b|\bonly\b|\bseulement\b")
def _only(m: re.Match[str]) -> list[tuple[str, Any]]:
    return []  # "il n'avait que…": only, not a negation


# --- conventions and events -------------------------------------------------------------------

CONVENTION_LEAD = (r"(?:(?:sous|selon|avec|suivant|under|with|using|according to|per|by|in|chez|par|as in|comme dans|"
                   r"dans|on|en) )?"
                   r"(?:(?:la |le |les |the )?(?:regles? |rules? |notice |version |page )?(?:de |of |du )?)?"
                   r"(?:la |le |les |l |the )?")
CONVENTION_TAIL = r"(?: (?:rules?|regles?|version|notice|convention|page))?"


def _convention_patterns() -> list[tuple[str, str]]:
    """(folded name, convention id), longest first; a generic name (Kems, Kemps) is an event, not a source."""
    from ..corpus.load import names
    from ..words import event_words

    events = event_words()
    found = [(name, cid) for name, cid in names().items() if name not in events and len(name) > 2]
    return sorted(found, key=lambda nc: len(nc[0]), reverse=True)


def _event_patterns() -> list[tuple[str, str]]:
    from ..words import event_words

    return sorted(event_words().items(), key=lambda we: len(we[0]), reverse=True)


#: an event mentioned several times, or with others: the most specific accusation is the dispute
EVENT_PRIORITY = ("double-contre-kems", "contre-kems", "double-kems", "kems", "exchange", "same-card", "signal",
                  "sweep", "stock-out", "deal")  # "donne" is also "gave": the deal only when nothing else


# --- the reader -------------------------------------------------------------------------------

class _Text:
    """The story's words joined by single spaces, with each word's character span."""

    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.starts: list[int] = []
        pos = 0
        for tok in tokens:
            self.starts.append(pos)
            pos += len(tok.word) + 1
        self.text = " ".join(tok.word for tok in tokens)

    def span(self, m: re.Match[str]) -> tuple[int, int]:
        """The first and last+1 token indices a match covers."""
        first = next(i for i, s in enumerate(self.starts) if s + len(self.tokens[i].word) > m.start())
        last = max(i for i, s in enumerate(self.starts) if s < m.end())
        return first, last + 1

    def claim(self, pattern: str) -> list[tuple[re.Match[str], int, int]]:
        """Matches over unclaimed words only (a phrase never reuses words already read)."""
        out = []
        for m in re.finditer(pattern, self.text):
            if not m.group(0).strip():
                continue
            first, end = self.span(m)
            if any(self.tokens[i].claimed for i in range(first, end)):
                continue
            for i in range(first, end):
                self.tokens[i].claimed = True
            out.append((m, first, end))
        return out

    def words(self, first: int, end: int) -> str:
        return " ".join(tok.text for tok in self.tokens[first:end])


def read(story: str) -> Reading:
    """Read a dispute told in French or English.  Never raises: what is not understood is listed."""
    tokens = tokenize(story)
    text = _Text(tokens)
    items: list[Item] = []

    for name, cid in _convention_patterns():
        for _m, a, b in text.claim(rf"\b{CONVENTION_LEAD}{re.escape(name)}{CONVENTION_TAIL}\b"):
            items.append(Item("convention", cid, a, b, text.words(a, b)))
    for pattern, action in PHRASES:
        for m, a, b in text.claim(pattern):
            for attr, value in action(m):
                items.append(Item("fact", (attr, value), a, b, text.words(a, b)))
    for word, event in _event_patterns():
        for _m, a, b in text.claim(rf"\b{re.escape(word)}\b"):
            items.append(Item("event", event, a, b, text.words(a, b)))
    partners = [i for i, tok in enumerate(tokens) if not tok.claimed and re.fullmatch(PARTNER, tok.word)]
    for i in partners:
        tokens[i].claimed = True
    items += _card_groups(tokens)
    return _assemble(tokens, sorted(items, key=lambda it: it.start), partners)


def _is_card_word(tok: Token, after_quantity: bool) -> bool:
    word = tok.word
    if word in RANK_WORDS:
        return word not in NUMBERS or after_quantity or word in ("dix", "sept", "neuf", "huit", "six", "cinq")
    if re.fullmatch(r"(?:10|[1-9])", word):
        return True
    if re.fullmatch(r"(?:10|[2-9]|[ajqkvdr])[hdcs]", tok.word) and tok.text[-1:] in "♥♡♦♢♣♧♠♤hdcsHDCS":
        return True
    if after_quantity and re.fullmatch(r"(?:10|[2-9])s", word):
        return True  # "two 7s"
    return len(word) == 1 and word in "jqkvdr"


def _card_groups(tokens: list[Token]) -> list[Item]:
    """Runs of cards: "deux 7 et deux rois", "Q Q Q J", "three queens and a jack", "dames et 5"."""
    items = []
    i = 0
    while i < len(tokens):
        cards, end = _card_run(tokens, i)
        if cards:
            for k in range(i, end):
                tokens[k].claimed = True
            items.append(Item("cards", cards, i, end, " ".join(t.text for t in tokens[i:end])))
            i = end
        else:
            i += 1
    return items


JOINERS = {"et", "and", "plus", "with", "avec", "puis", "then"}


def _free(tokens: list[Token], j: int) -> Optional[Token]:
    return tokens[j] if j < len(tokens) and not tokens[j].claimed else None


def _card_run(tokens: list[Token], start: int) -> tuple[list[str], int]:
    """The cards of a run starting at ``start`` (none if it does not start with a card), and its end."""
    cards: list[str] = []
    implicit = False  # a bare plural ("dames") means a square of them; later bare ranks follow it
    end = j = start
    while _free(tokens, j):
        tok = tokens[j]
        nxt = _free(tokens, j + 1)
        quantity = None
        if tok.word in ("carre", "square", "quads") and nxt and nxt.word in ("de", "of") and _free(tokens, j + 2):
            quantity, j = 4, j + 2
        elif tok.word in ("a", "an") and nxt and len(nxt.word) > 1 and nxt.word in RANK_WORDS \
                and nxt.word not in NUMBERS:
            quantity, j = 1, j + 1  # "a jack"; but "Q Q Q A" is an ace
        elif (tok.word in NUMBERS and tok.word not in ("a", "an") and nxt and _is_card_word(nxt, True)) \
                or (tok.word.isdigit() and nxt
                    and (nxt.word in PLURAL_RANK_WORDS or re.fullmatch(r"(?:10|[2-9])s", nxt.word))):
            quantity, j = _number(tok.word), j + 1
        tok = tokens[j]
        if quantity is None:
            # "a"/"as" alone starts nothing (an article, a conjunction, "tu as"); among cards, an ace
            ace = tok.word in ("a", "as") and bool(cards or _ace_starts_run(tok, _free(tokens, j + 1)))
            if not (ace or (_is_card_word(tok, False) and tok.word not in ("a", "as"))):
                break
            if tok.word in PLURAL_RANK_WORDS:
                quantity, implicit = 4, True
            elif implicit:
                quantity = 4  # "dames et 5": a square of fives too
        if quantity is not None:
            if quantity > 8:
                break
            cards += [_rank(tok.word)] * quantity
        else:
            cards.append(_card_label(tok))
        end = j = j + 1
        joiner = _free(tokens, j)
        after = _free(tokens, j + 1)
        if joiner and joiner.word in JOINERS and after and (
                after.word in NUMBERS or after.word in ("carre", "square") or _is_card_word(after, False)):
            j += 1
    return cards, end


def _ace_starts_run(tok: Token, nxt: Optional[Token]) -> bool:
    """ "A A A A", "A♠ K♠", "As R R R": an ace when written as a card among cards."""
    if tok.text[-1] in _SUIT_SYMBOLS:
        return True
    return tok.text in ("A", "As", "AS") and nxt is not None and (
        (_is_card_word(nxt, False) and len(nxt.word) <= 2) or nxt.text in ("A", "As", "AS"))


def _card_label(tok: Token) -> str:
    """One card in the notation of ``rule`` (English ranks, suits kept): "R" -> "K", "7♥" -> "7♥"."""
    from ..referee.cards import parse_card

    if tok.word in RANK_WORDS and tok.text[-1] not in _SUIT_SYMBOLS:
        return RANK_WORDS[tok.word]
    return parse_card(tok.text).label("en")


#: the hands (and the yes/no facts that stand for them) of each event, in the order a story's
#: evidence fills them: cards or squares said of the partner first where the event's first hand is
#: the partner's (the caller's partner for a Kems or a Double Kems)
SLOTS: dict[str, list[tuple[str, Optional[str]]]] = {
    "kems": [("hand", "square")],
    "double-kems": [("hand", "square"), ("partner_hand", "partner_square")],
    "contre-kems": [("hand", "square"), ("partner_hand", "partner_square")],
    "deal": [("hand", None)],
}


def _assemble(tokens: list[Token], items: list[Item], partners: list[int]) -> Reading:
    reading = Reading()
    facts: dict[str, Any] = {}
    hints: list[str] = []
    for item in items:
        if item.kind == "convention":
            reading.convention = reading.convention or item.value
            reading.understood.append((item.words, "convention", item.value))
        elif item.kind == "fact":
            attr, value = item.value
            if attr == "event_hint":
                hints.append(value)
            elif attr in ("square", "partner_square"):
                continue  # given to a hand below, with the cards
            else:
                facts.setdefault(attr, value)
    events = [it.value for it in items if it.kind == "event"]
    event = next((e for e in EVENT_PRIORITY if e in events), None)
    if "kems_verdict" in facts:
        ok = facts.pop("kems_verdict")
        if event in ("contre-kems", "double-contre-kems"):
            facts["after_kems"] = True
            facts["kems_right"] = ok
        else:
            event = event or "kems"
            facts["square_said"] = ok
    if event is None:
        event = next((e for e in EVENT_PRIORITY if e in hints), None)
    reading.event = event
    if event is not None and event not in events:  # from a phrase: "the Kems was wrong", "the stock ran out"
        reading.understood.append(("", "event", event))
    _hands(reading, event, items, partners, facts)
    for attr, value in facts.items():
        if attr not in ("three_more", "square_said", "square_same_for_partner", "square_for_partner"):
            reading.options[attr] = value
    for item in items:
        if item.kind == "event" or (item.kind == "fact" and item.value[0] in reading.options):
            reading.understood.append((item.words, item.value[0] if item.kind == "fact" else "event",
                                       item.value[1] if item.kind == "fact" else item.value))
    for tok in tokens:
        if tok.claimed or tok.word in FILLER:
            continue
        if tok.word in NEGATIONS:
            reading.doubt = reading.doubt or tok.text
            reading.unknown.append(tok.text)
        elif tok.text[:1].isupper():
            reading.ignored.append(tok.text)  # a name: Marie, Paul
        else:
            reading.unknown.append(tok.text)
    return reading


def _owner(position: int, partners: list[int], evidence: list[Item]) -> str:
    """ "partner" when the nearest partner word before ``position`` has not already been used by
    an earlier group of cards or square; else "main"."""
    before = [p for p in partners if p < position]
    if not before:
        return "main"
    return "main" if any(before[-1] < it.start < position for it in evidence) else "partner"


def _hands(reading: Reading, event: Optional[str], items: list[Item], partners: list[int],
           facts: dict[str, Any]) -> None:
    """Give each group of cards, and each square said in words, to the hand the event means."""
    evidence = [it for it in items if it.kind == "cards"
                or (it.kind == "fact" and it.value[0] in ("square", "partner_square"))]
    for it in evidence:
        said_of_both = it.kind == "fact" and it.value[0] == "partner_square"  # "against a double kems"
        it.owner = "both" if said_of_both else _owner(it.start, partners, evidence)
    slots = SLOTS.get(event or "", [])
    if event == "double-kems" and len(evidence) == 1 and evidence[0].kind == "cards" \
            and _two_squares(evidence[0].value):  # "double kems dames et 5": one square each
        first, second = _two_squares(evidence[0].value)  # type: ignore[misc]
        reading.options.update(hand=first, partner_hand=second)
        reading.understood.append((evidence[0].words, "hand", first))
        reading.understood.append((evidence[0].words, "partner_hand", second))
        return
    if event in ("kems", "double-kems"):  # the first hand is the partner's: what is said of the partner goes first
        order = [it for it in evidence if it.owner == "partner"] + [it for it in evidence if it.owner != "partner"]
    else:
        order = [it for it in evidence if it.owner != "partner"] + [it for it in evidence if it.owner == "partner"]
    filled: dict[str, Item] = {}
    if event == "contre-kems":  # the accused, then the accused's partner: by who the story says
        for it in evidence:
            if it.owner == "both":
                filled.setdefault("hand", it)
                filled.setdefault("partner_hand", it)
            else:
                filled.setdefault("partner_hand" if it.owner == "partner" else "hand", it)
    else:
        free = [cards for cards, _ in slots]
        for it in order:
            if it.owner == "both":
                for cards in free:
                    filled.setdefault(cards, it)
                free = []
            elif free:
                filled[free.pop(0)] = it
    for cards, fact in slots:
        got = filled.get(cards)
        if got is None:
            continue
        if got.kind == "cards":
            reading.options[cards] = " ".join(got.value)
            reading.understood.append((got.words, cards, reading.options[cards]))
        elif fact:
            value = got.value[1]
            reading.options[fact] = value
            reading.understood.append((got.words, fact, value))
    _inferred(reading, event, slots, facts)
    for it in evidence:
        if it not in filled.values():
            reading.unknown.append(it.words)


def _inferred(reading: Reading, event: Optional[str], slots: list[tuple[str, Optional[str]]],
              facts: dict[str, Any]) -> None:
    """What a phrase implies for the first hand: "the Kems was wrong" (no square), "the fourth
    queen" (the other three were in hand), "and her partner neither"."""
    if not slots:
        return
    cards, fact = slots[0]
    given = cards in reading.options or (fact is not None and fact in reading.options)
    if "square_said" in facts and not given and fact:
        reading.options[fact] = facts["square_said"]
        reading.understood.append(("", fact, facts["square_said"]))
    elif "three_more" in facts and not given:
        reading.options[cards] = " ".join([facts["three_more"]] * 3)
        reading.understood.append(("", cards, reading.options[cards]))
    if event == "contre-kems" and "square" in reading.options and "partner_hand" not in reading.options:
        if "square_same_for_partner" in facts:  # "and her partner neither"
            reading.options["partner_square"] = reading.options["square"]
            reading.understood.append(("", "partner_square", reading.options["partner_square"]))
        elif "square_for_partner" in facts:  # "but his partner didn't": the opposite; "and his partner too"
            same = facts["square_for_partner"]
            reading.options["partner_square"] = reading.options["square"] if same else not reading.options["square"]
            reading.understood.append(("", "partner_square", reading.options["partner_square"]))


def _two_squares(cards: list[str]) -> Optional[tuple[str, str]]:
    ranks = list(dict.fromkeys(cards))
    if len(cards) == 8 and len(ranks) == 2 and all(cards.count(r) == 4 for r in ranks):
        return " ".join([ranks[0]] * 4), " ".join([ranks[1]] * 4)
    return None


assert set(EVENT_PRIORITY) == set(EVENTS) and set(CALLS) <= set(EVENT_PRIORITY)
assert set(RANK_WORDS.values()) <= set(RANKS)
