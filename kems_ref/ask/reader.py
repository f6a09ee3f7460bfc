"""Table talk in, a situation out: a deterministic reader of French and English dispute stories.

No language model and no network: the story is cut into words (accents, case and elisions
ignored), then read in passes, each pass claiming the words it understands:

1. the convention, by any of its names ("sous Wikipédia", "pagat rules", "Jouer au Kems");
2. facts said in a phrase ("after the Kems", "pendant le balayage", "on est 8", "the Kems was
   wrong", "il a soulevé la quatrième dame", "her partner had no square"…);
3. the event, by any of its names (Kems, Contre-Kems, Stop Kemps, cut, donne…);
4. the cards ("deux 7 et deux rois", "three queens and a jack", "Q Q Q J", "four kings",
   "une paire d'as", "dames et 5"), each group given to its owner — who holds them is read from
   the words before them (me, my partner, her partner, he…) and from who the narrator is (the
   caller, the accused, the partner).

What is left is either filler ("he", "called", "sur") or not understood, and reported as such.
The reader never guesses: a negation it cannot attach to a fact, two hands for one player, two
calls with nothing saying which came first, make it give up (``Reading.problem``) rather than
read a story backwards; what the story does not say stays unknown, and the ruling then depends
on it (``ask`` asks for it on a terminal).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Optional

from ..corpus.events import BY_PRIORITY
from ..errors import KemsError
from ..referee.situation import CALLS, OPTION_EVENTS, OPTIONS
from .names import gender

#: every option of a situation (the facts the reader may pass on to the ruling)
OPTION_ATTRS = frozenset(option.attr for option in OPTIONS)

#: characters: a dispute, not a novel (the reader's time grows with the story: 60,000 took half a minute)
MAX_STORY = 2000


def check_story(story: str) -> None:
    """Refuse a story longer than :data:`MAX_STORY` (``error.ask_too_long``): the one bound every
    front end's stories meet, here where they are read."""
    if len(story) > MAX_STORY:
        raise KemsError("error.ask_too_long", limit=MAX_STORY)

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
#: how many cards a word counts before a rank: a hand never holds more than four of one
QUANTITIES = {word: n for word, n in NUMBERS.items() if n <= 4} | {
    "paire": 2, "pair": 2, "brelan": 3, "carre": 4, "square": 4, "quads": 4}
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
#: words after which "as" is the English conjunction ("that 4 as mine", "4 as well"), never the French ace
AS_WORDS = {"mine", "his", "hers", "theirs", "ours", "yours", "a", "an", "the", "if", "well", "long", "soon", "much",
            "many", "i", "he", "she", "they", "we", "you", "it", "in", "part", "one", "usual", "always", "before",
            "backup", "spare", "extra", "reserve", "decoy", "insurance", "planned", "agreed", "said", "shown"}
PLURAL_RANK_WORDS = {w for w in RANK_WORDS if w.endswith(("s", "x")) and w not in ("as", "six", "dix", "trois")}
SUIT_WORDS = {"pique": "♠", "piques": "♠", "spade": "♠", "spades": "♠", "coeur": "♥", "coeurs": "♥", "heart": "♥",
              "hearts": "♥", "carreau": "♦", "carreaux": "♦", "diamond": "♦", "diamonds": "♦", "trefle": "♣",
              "trefles": "♣", "club": "♣", "clubs": "♣"}
RANK = r"(?:10|[2-9]|[ajqkvdr]|" + "|".join(sorted(RANK_WORDS, key=len, reverse=True)) + r")(?:s)?"
PARTNER = (r"(?:partner|partners|partenaire|partenaires|coequipier|coequipiere|equipier|equipiere|teammate"
           r"|team mate|pote|copain|copine|binome|mate|buddy|gf|bf|girlfriend|boyfriend|meuf|mec)")
#: words that mean nothing for the ruling (pronouns, articles, verbs of telling and calling…)
FILLER = set("""
a an the of to in on at by for from with and or but so then when while that this these those it its is was
were be been being has have had having do does did he she they we i you him her them us me my his their our
your who whom which what there here just only really also still yet already very too again some any all called
calls call calling says said say shouted shouts shout yelled announced announces claims claimed thinks thought
think because since as if about like one someone somebody player players opponent opponents team against cards
card hand hands held holding holds got get gets showed shows show turned out actually le la les un une des du
de d l au aux et ou mais donc puis alors quand lorsque pendant que qui quoi dont ce cet cette ces il elle ils
elles nous vous eux peux je tu te se lui leur leurs son sa ses mon ma mes ton ta tes notre nos votre vos y en est sont
etait etaient ete etre ai avait avaient avoir eu fait faire fais dit dire disait crie crier criait annonce
annoncer annoncait avec sur sous dans par pour chez vers entre contre seulement juste qu seul tout tous toute
toutes aussi deja encore bien vraiment oui adversaire adversaires equipe joueur joueuse joueurs cartes carte
main mains montre montrait tenait tenir possede possedait possedaient recu recevoir hey oh ah bon ben bah euh
hmm ok okay well can could may might allowed permitted legal fair fine legit reglo used use means mean meant count
counts counted peut peuvent pouvait permis autorise autorisee compte comptait veut veulent voulait voulaient celui
celle ceux prise pris comme moi toi accuse accusee accused caller annonceur now parce
maintenant ici happened arrive passe question rule ruling regle where how comment why pourquoi quelqu quelquun
avais avons avez ont aura auront milieu middle table centre center face en-face anyway quand meme therefore
selon according apres after opposite across sitting assis among parmi genre jsp stp svp lol mdr ptdr whose
happen happens so-called dealer donneur round manche partie game jeu hunt chasse indeed vraiment really
joue jouait jouer play plays playing venait vient venir visait vise targeted aimed off want wants wanted both
teams equipes jeux autre autres other others facon ya moyen
pointing pointed pointant designant designe dis dois bc cuz coz cos tonight soir asked are disent instead
voulu grabbed grab grabs took made make makes gave give gives either attrape attrapent attrapait attrapaient ont
hes shes im ive theyre thats whats people ppl basically literally honestly seriously obviously dumb stupid point
""".split())  # noqa: SIM905 (a word list reads better as text)
NEGATIONS = {"not", "no", "never", "nobody", "none", "neither", "nor", "without", "pas", "ne", "non", "jamais",
             "personne", "aucun", "aucune", "ni", "sans", "rien", "nothing", "nope"}


def fold(text: str) -> str:
    """A token as the patterns read it: :func:`..words.plain` (its punctuation kept)."""
    from ..words import plain

    return plain(text)


_SUIT_SYMBOLS = {"♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c", "♠": "s", "♤": "s"}
#: an elision's apostrophe while the words are cut (a letter to the tokenizer: "n'" stays one word, read "ne")
ELIDED = "\u02bc"
_ELISION = re.compile(r"(?i)\b(j|l|d|n|s|m|t|c|qu|jusqu|lorsqu|puisqu)['’]")
_CONTRACTIONS = [(r"(?i)\b(contre|counter|double|stop)-?(kems|kemps|quems)\b", r"\1 \2"),
                 (r"(?i)\bkem['’]?s\b", "kems"), (r"(?i)\bcan['’]t\b", "can not"), (r"(?i)\bwon['’]t\b", "will not"),
                 (r"(?i)n['’]t\b", " not"), (r"(?i)['’]re\b", " are"), (r"(?i)['’]ve\b", " have"),
                 (r"(?i)['’]m\b", " am"), (r"(?i)['’]d\b", " had"), (r"(?i)['’]ll\b", " will"),
                 (r"(?i)\b(who|what|where|how)['’]s\b", r"\1 is"),  # "who's right?": a question, no possessive
                 (r"(?i)['’]s\b", ""),
                 (r"(?i)\b(did|does|was|were|had|has|is|are|have|should|could|would)nt\b", r"\1 not"),
                 (r"(?i)\bcant\b", "can not"),  # "you cant call during the sweep" (never "can")
                 # texting shorthands ("pr hugo", "tjr pas", "qd il a crié", "ct faux", "pk ?")
                 (r"(?i)\bpr\b", "pour"), (r"(?i)\bds\b", "dans"), (r"(?i)\bqd\b", "quand"),
                 (r"(?i)\btjrs?\b", "toujours"), (r"(?i)\bmtn\b", "maintenant"), (r"(?i)\bct\b", "c'était"),
                 (r"(?i)\b(?:pk|pq)\b", "pourquoi"), (r"(?i)\bpcq?\b", "parce que"), (r"(?i)\bbcp\b", "beaucoup"),
                 (r"(?i)\bqqn\b", "quelqu'un"), (r"(?i)\bcmb\b", "combien"), (r"(?i)\bsecs?\b", "secondes"),
                 (r"(?i)\bpts\b", "points"),
                 (r"(?i)\b(we|you|u|they) r\b", r"\1 are"),  # "we r 5": we are (never a king)
                 (r"(?i)\b(me|him|her|us|them|he|she|we|they) n (?=[a-z])", r"\1 and "),  # "me n ben both had…"
                 (r"(?i)\bdistrib\b", "distribution"),  # "dans la distrib": the deal
                 # "3 jacks + a 5", "three jacks & a 5": and (a score "+1" keeps its sign)
                 (r"\s[+&]\s+(?=[^\d\s])", " and "),
                 # "on met -1 a leur equipe ou +1 a la notre": a signed number is a score, never a card ("1 a")
                 (r"(?<![\w+-])([+-])(\d{1,2})(?=\s+(?:a|à|pour|for|to)\b)", r"\1\2 point"),
                 # "et direct rayan crie contre": at once (said of what follows)
                 (r"(?i)\b(et|and) direct\b", r"\1 aussitôt"),
                 # "contre kems juste derrière": right after (said of a call)
                 (r"(?i)\b(juste|tout de suite|aussitôt|aussitot) derri[eè]re\b", r"\1 après"),
                 # "à 6" is a table of six, not a six of hearts (the accent is lost once folded)
                 (r"(?i)(?<![\w'’])à\s+(?=(?:\d+|quatre|six|huit|dix|douze)\b(?!\s*(?:cartes|heures|h)\b))", "at ")]
_REPEATED_RANK = re.compile(r"(10|[2-9ajqkvdr])\1{1,3}")


@dataclass
class Token:
    text: str  # as typed (cards keep their suits)
    word: str  # folded: lower case, no accents
    claimed: bool = False
    clause: int = 0  # which clause of the story (cut at punctuation): a negation is placed within its clause
    quoted: bool = False  # inside words a player is quoted as saying: a claim, never a fact of the story
    quote: str = ""  # on a quote's first word: the quote as typed
    asked: bool = False  # its clause ends with a question mark ("je peux faire mon signe … ?")
    glued: bool = False  # an elided word ("n'", "l'"): written against the next one, as typed ("n'avait")


#: a player's words quoted after a verb of saying ("Paul dit 'non, je l'avais pas pris'", he said "no way"):
#: what a player claims, not what the teller states — listed, never read as a fact.  The closing quote is
#: followed by punctuation or the end, so that an elision inside ("j'allais") does not close it.
QUOTED = re.compile(r"(?i)\b(?:dit|disait|dis|disent|dire|crier|repond|répond|répondait|crie|crié|a dit|says|said"
                    r"|say|replied"
                    r"|replies|answered|answers|yelled|shouted|goes)\s*:?\s*"
                    r"(?:(?P<open>\")(?P<body>[^\"]+)(?P<close>\")|(?P<open2>«)(?P<body2>[^»]+)(?P<close2>»)"
                    r"|(?P<open3>“)(?P<body3>[^”]+)(?P<close3>”)"
                    r"|(?P<open4>['‘])(?P<body4>.+?)(?P<close4>['’])(?=\s*(?:[.,;:!?)]|$)))")
#: where a clause ends: the punctuation of a story
#: (a full stop inside a word — "regles.com", "3.5" — ends nothing)
CLAUSE_END = re.compile(r"([,;:!?()\[\]\n]+|\.+(?!\w)[,;:!?()\[\]\n]*)")


def tokenize(story: str) -> list[Token]:
    """The story's words, each with its clause; a player's quoted words marked as quoted."""
    tokens: list[Token] = []
    pos = 0
    pieces: list[tuple[str, bool]] = []
    for m in QUOTED.finditer(story):
        n = next(n for n in ("", "2", "3", "4") if m.group("open" + n))
        pieces += [(story[pos:m.start("open" + n)], False), (m.group("body" + n), True)]
        pos = m.end("close" + n)
    pieces.append((story[pos:], False))
    clause = 0
    for piece, quoted in pieces:
        quoted = quoted and _a_denial(piece)
        first = len(tokens)
        cut = CLAUSE_END.split(piece)  # the parts, each followed by its punctuation
        for part, end in zip(cut[::2], [*cut[1::2], ""], strict=True):
            found = _tokenize(part)
            for tok in found:
                tok.clause, tok.quoted, tok.asked = clause, quoted, "?" in end
            tokens += found
            clause += 1 if found else 0
        if quoted and len(tokens) > first:
            tokens[first].quote = piece.strip()
    return tokens


def _a_denial(words: str) -> bool:
    """A quote that denies something ("non j'allais le reposer", "no, I hadn't taken it"): a player's
    claim, which the teller does not state.  A quote without a negation is read as said ("il a dit
    « banane » comme signe", "she yelled 'Kems!'")."""
    return any(tok.word in NEGATIONS for tok in _tokenize(words))


def _tokenize(story: str) -> list[Token]:
    text = story
    for pattern, repl in _CONTRACTIONS:
        text = re.sub(pattern, repl, text)
    text = _ELISION.sub(lambda m: m.group(1) + ELIDED + " ", text)
    tokens = []
    for raw in re.findall(r"[^\W_]+[♥♡♦♢♣♧♠♤]?|[♥♡♦♢♣♧♠♤]", text):
        if raw.endswith(ELIDED):  # "n'" read as "ne", shown as typed
            tokens.append(Token(raw[:-1] + "'", fold(raw[:-1]) + "e", glued=True))
            continue
        suit = _SUIT_SYMBOLS.get(raw[-1], "")
        word = fold(raw[:-1] if suit else raw) + suit
        if not suit and _REPEATED_RANK.fullmatch(word):  # "QQQQ", "7777": one card per letter
            rank = _REPEATED_RANK.fullmatch(word).group(1)  # type: ignore[union-attr]
            tokens += [Token(raw[:len(rank)], rank) for _ in range(len(word) // len(rank))]
        elif word:
            tokens.append(Token(raw, word))
    return tokens


# --- what was read ----------------------------------------------------------------------------

@dataclass
class Item:
    """One thing understood: its kind, its value, and the words it came from."""

    #: "convention", "event", "fact", "cards"; "accusing": a call word that only accuses ("broken contre Tom");
    #: "earlier": a call the dispute came after ("kems, then contre-kems"), said as what it means
    kind: str
    value: Any
    start: int
    end: int
    words: str
    owner: str = "none"  # cards and squares: who holds them, as the story says (see _owner)


@dataclass
class Reading:
    """The situation a story describes, as far as it says it."""

    event: Optional[str] = None
    convention: Optional[str] = None
    options: dict[str, Any] = field(default_factory=dict)  # options of ``rule`` by attribute name
    understood: list[tuple[str, str, Any]] = field(default_factory=list)  # (words, option or "event"…, value)
    ignored: list[str] = field(default_factory=list)  # names and words that carry nothing
    unknown: list[str] = field(default_factory=list)  # words not understood
    corrections: list[tuple[str, str]] = field(default_factory=list)  # (as typed, as read): "balyage" -> "balayage"
    cards_told: bool = False  # the story tells cards ("une paire de rois"): a dispute, never a question on the rules
    #: why the reader will not rule on this story: (message key, values), e.g. a dangling negation
    problem: Optional[tuple[str, dict[str, str]]] = None
    #: a call told as made earlier in the hand, before the one in dispute ("il refait contre kems"): read
    #: on its own; whether it was wrong is settled with the convention (session.settle)
    earlier: Optional[Reading] = None
    #: who tells the story: "caller", "accused", "holder", or None
    narrator: Optional[str] = None
    #: the teller's side took the point (True) or the other side did (False), where the story says so
    point_ours: Optional[bool] = None
    point_words: str = ""  # the words that said it
    #: a call the story tells beside what it rules (a Kems made on a spoken signal, a Double Kems beside the
    #: Contre-Kems ruled): ruled on its own after the main ruling (session.settle), from ``story``
    set_aside: Optional[str] = None
    story: str = ""
    #: the story asks about a call first and names rule points only in a later question ("can someone call kems
    #: while we sweep? and who may ask for a sweep?"): a dispute, its points answered beside it
    points_later: bool = False
    #: a second table size told as a maybe ("on est 6, peut-être 5 si Marc vient pas"): answered beside the first
    also_players: list[int] = field(default_factory=list)
    #: the caller says his accusation was wrong ("I called contre kems and I was wrong"): what follows
    #: from it is settled with the convention's meaning of a wrong call (session.settle)
    call_wrong: bool = False


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
WRONG = r"(?:wrong|false|bad|incorrect|invalid|faux|fausse|mauvais|mauvaise|errone|rate|plante|plantee|trompe|trompee"\
        r"|a tort|wrongly|by mistake|pour rien|par erreur|foireux|foireuse|loupe|loupee|bidon)"
WRONGLY = r"(?:wrongly|by mistake|in error|falsely|for nothing|a tort|par erreur|pour rien|pour du beurre)"
WAS = r"(?:was|is|had been|has been|etait|est|a ete|avait ete|etais)"
HAD = r"(?:had|has|held|holds|have|avait|a|as|tenait|tient|possedait|possede|got|avais|ai)"
SQUARE = r"(?:square|carre|carres|four of a kind|4 of a kind|quads)"
LIFT = (r"(?:lifted|lifting|lifts|lift|picked up|picking up|picks up|pick up|souleve|soulevee|soulevait|soulevant"
        r"|decolle|decollee|decoller|decollait"
        r"|soulever|leve|levee|levait|ramassait|grabbed|grabbing|taking|prenait)")
TOUCH = (r"(?:touched|touching|touches|touch|touche|touchee|touchait|avait la main sur|had his hand on|had her hand on"
         r"|had his finger on|had her finger on|his finger was on|her finger was on|avait le doigt sur"
         r"|his fingers were on|her fingers were on|had his fingers on|had her fingers on"
         r"|his fingers on|her fingers on|his finger on|her finger on|ses doigts sur|son doigt sur"
         r"|son doigt etait sur)")
FOURTH = r"(?:fourth|4th|quatrieme|4e|4eme|last|derniere|dernier)"
#: a rank named by a word ("dame", "kings") or a number: after an article, never a lone letter ("il a soulevé")
RANK_WORD = r"(?:10|[2-9]|" + "|".join(sorted((w for w in RANK_WORDS if len(w) > 2), key=len, reverse=True)) + r")s?"
RANK_NOT_A = r"(?:10|[2-9]|[jqkvdr]|" + "|".join(sorted((w for w in RANK_WORDS if w != "a"), key=len,
                                                       reverse=True)) + r")"
STILL = r"(?:still |encore |toujours |just |juste )?"
SWEEPING = r"(?:sweep|sweeping|swept|balayage|balaie|balayait|balaye|balayer)"

#: facts said in a phrase, read in this order; each action returns (option, value) pairs
PHRASES: list[tuple[str, Action]] = []


def phrase(pattern: str) -> Callable[[Action], Action]:
    def register(action: Action) -> Action:
        PHRASES.append((pattern, action))
        return action
    return register


def _asks(point: str, name: str) -> Action:
    """A phrase that names the rule point a question asks about: its reader, named for the phrase (the vocabulary
    test keys the phrases by their readers' names)."""
    def action(m: re.Match[str]) -> list[tuple[str, Any]]:
        return [("rule_point", point)]
    action.__name__ = action.__qualname__ = name
    return action


def _nothing(m: re.Match[str]) -> list[tuple[str, Any]]:
    """Words that carry no fact but must not be read as one ("plus tôt", "sans l'avoir pris")."""
    return []


#: "who deals after a kems?", "qui redonne après un kems ?": who deals the next hand — read before "after a Kems"
phrase(r"\bwho (?:deals|redeals|shuffles) after (?:a |the |any )?(?:kems|kemps|hand|round)"
       r"(?: (?:is over|ends|is done))?\b"
       r"|\bqui (?:redonne|redistribue|donne|distribue) apres (?:un |le )?(?:kems|kemps|manche)\b"
       # "qui distribue à la manche d'après ?", "qui donne pour la prochaine manche ?"
       r"|\bqui (?:redonne|redistribue|donne|distribue|melange) (?:a|pour) la (?:manche|donne) (?:de apres|d apres"
       r"|suivante)\b|\bqui (?:redonne|redistribue|donne|distribue|melange) (?:a|pour) la prochaine"
       r" (?:manche|donne)\b"
       # "(qui distribue …) celui qui a gagné le point ?", "does the winner deal?": who, asked — the same point
       r"|\b(?:celui|celle|ceux) qui (?:a|ont) (?:gagne|marque|perdu) (?:le point|la manche|les points)\b"
       # "après un kems qui redistribue ?", "after a kems who deals?", "c'est toujours le même donneur ?"
       r"|\bapres (?:un |une |le |la |chaque )?(?:kems|kemps|manche),? (?:c est |ce est |c |cest )?qui"
       r"(?: c est| ce est)?"
       r"(?: qui)? (?:redonne|redistribue|donne|distribue)\b"
       r"|\bafter (?:a |the |each |every )?(?:kems|kemps|hand|round),? who (?:deals|redeals)\b"
       r"|\b(?:c est |ce est )?(?:toujours )?le meme qui (?:donne|distribue|redonne|redistribue|melange)\b"
       # "does the winner of the hand deal next?"
       r"|\b(?:does|do|should|must) the (?:winner|winners|winning team|loser|losers|losing team)"
       r"(?: of the (?:hand|round))? (?:deal|deals|redeal)(?: next| the next hand| again)?\b"
       r"|\b(?:c est |ce est |is it )?(?:toujours |always |still )?(?:le meme donneur|(?:the )?same dealer)"
       r"(?: again)?\b")(
    _asks("deal.next_dealer", "_deals_after_asked"))


#: "il dit qu'il avait pas encore son kems": his square, not a call (never "il a fait son kems") — read before the claim
phrase(r"(?<=\bencore )(?:son|sa|mon) (?:kems|kemps)\b(?! (?:etait|est|a ete|faux|fausse|juste|bon|valide))"
       r"|(?<=\byet )(?:his|her|my) (?:kems|kemps)\b(?! (?:was|is|wrong|right))")(_nothing)


# phrases whose negation or number would otherwise be misread: read first, they say nothing
# another player's claim that something is not allowed ("Kevin says I can't grab two"): the question, no negation
phrase(r"\b(?:says|said|claims|claimed|thinks|insists|dit|disait|pretend|affirme|soutient) (?:that |que |qu )?"
       r"(?:i|you|we|he|she|they|je|tu|on|il|elle|nous) (?:can not|could not|ne peux pas|peux pas|ne peut pas|peut pas"
       r"|ne ai pas le droit|ai pas le droit|ne a pas le droit|a pas le droit|is not allowed to|am not allowed to"
       r"|are not allowed to)\b"
       r"|\b(?:says|said|say|claims|claim|claimed|insist|insists|dit|disent|disait|pretend|pretendent|affirme)"
       r" (?:that |que |qu )?(?:it s |that s |it is |that is |it was |that was |this is |c est |ce est |ca est "
       r"|ca ne est |ce ne est |c etait |ce etait )?(?:not|pas|n est pas|ne est pas|ne etait pas|isn t|is not)"
       r" (?:allowed|legal|permitted|ok|okay|fair|valid|permis|autorise|autorisee|regulier|valable"
       r"|le droit)\b"
       # "the others say words aren't allowed", "ils disent que les mots sont interdits": their claim, the question
       r"|\b(?:say|says|said|claim|claims|claimed|think|thinks|insist|insists|disent|dit|disait|disaient|pretendent"
       r"|pretend) (?:that |que |qu )?(?:[a-z]+ ){1,2}(?:are not|is not|were not|was not|ne sont pas|ne est pas"
       r"|sont pas|est pas) (?:allowed|legal|permitted|ok|okay|valid|permis|permise|permises|autorise|autorises"
       r"|autorisee|autorisees)\b"
       r"|\b(?:say|says|said|claim|claims|think|thinks|disent|dit|disait|pretendent) (?:that |que |qu )?"
       r"(?:[a-z]+ ){1,2}(?:are|is|sont|est) (?:forbidden|banned|interdit|interdits|interdite|interdites)\b")(_nothing)
#: a player's own claim in reported speech ("il dit qu'il n'avait pas encore pris ce valet", "she says she
#: hadn't picked it up yet"): what he claims, listed, never a fact of the story nor a negation to refuse
@phrase(r"\b(?:dit|disait|pretend|pretendait|affirme|assure|jure|says|said|claims|claimed|insists|swears)"
        r" (?:que |qu |that )?(?:il|elle|he|she|je|i) (?:ne )?(?:avait|a|had|has|did|was)(?: not| pas| nt)"
        r"(?: (?:encore|yet|vraiment|really|meme|even))*(?: (?:pris|prise|souleve|soulevee|touche|touchee|leve|levee"
        r"|taken|picked|picked it up|picked up|lifted|touched|take|pick|lift|got))?"
        r"(?: (?:it|la|le|the|ce|cette|that|this) ?(?:carte|card|valet|dame|roi|as|jack|queen|king|ace"
        r"|[0-9]{1,2})?)?"
        r"(?: (?:up|yet|encore|en main|in hand))*\b")
def _claimed(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: the caller's accusation in his own words ("I called contre kems saying he had four 8s", "en disant qu'il avait
#: quatre 8"): what he claimed, listed — never the accused's hand
@phrase(r"(?<=kems )(?:on (?:him|her|[a-z]+) )?(?:saying|claiming|en disant|disant|en criant) (?:that |qu |que )?"
        r"(?:he|she|il|elle|they|ils) (?:had|has|held|avait|a|tenait) (?:a |un |the |le )?(?:[a-z0-9]+ )?[a-z0-9]+\b")
def _accused_of(m: re.Match[str]) -> list[tuple[str, Any]]:
    """The accusation's claim, listed; "four 8s" beside an 8 touched or lifted says the three in hand (by
    _inferred): the dispute is the fourth card, never the claim."""
    four = re.search(rf"\b(?:four|quatre|4) (?P<rank>{RANK})$", m.group(0))
    return [("unread", True)] + ([("claimed_four", _rank(four.group("rank")))] if four else [])


#: "Marc a touché le 8 du milieu en premier mais l'a pas soulevé, Ines l'a arraché": who touched first, who took it
#: (read before "l'a pas soulevé" is taken for a holder's claim)
@phrase(r"\b(?P<toucher>[a-z]+) (?:le |la |l )?(?:a |had |has )?(?:touched|touche|touchee)(?: it| la| le| the [a-z0-9]+"
        r"| la [a-z0-9]+| le [a-z0-9]+)?"
        r"(?: (?:du milieu|du centre|au milieu|sur la table|from the middle|in the middle|on the table))?"
        r" (?:first|en premier|le premier|la premiere),? (?:but|mais) (?:le |la |l )?(?:a |avait |had |did )?"
        r"(?:pas|not|never|n t) (?:souleve|soulevee|lifted|lift|pris|picked it up|pick it up|taken|take)"
        r"(?: it)?(?: up)?"
        r",? (?:and |et |then |puis )?(?P<taker>[a-z]+) (?:le |la |l )?(?:a |has |had )?(?:pris|prise|took|grabbed"
        r"|snatched|lifted|picked it up|picked up|souleve|soulevee|ramasse|ramassee|attrape|attrapee|arrache"
        r"|arrachee|chope|pique)(?: it)?\b")
def _named_toucher_and_taker(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"Chloé l'a touché en premier mais Marc l'a pris": two named players — the taker touched it
    first only if they are one and the same."""
    return [("took_first", m.group("toucher") == m.group("taker")), ("event_hint", "same-card")]


#: the holder's own word that a card was not yet his ("i hadn't really taken it yet", "il l'avait pas vraiment en
#: main", "hadn't put mine down yet"): what he claims, listed — the card lifted or touched is what is ruled
@phrase(r"\b(?:i |il |elle )?(?:le |l |la )?(?:had not|avait pas|a pas)(?: (?:really|yet|vraiment|encore))*"
        r" (?:taken|pris|prise|en main)(?: it)?(?: (?:yet|encore))?\b"
        r"|\b(?:il |elle |he |she |i |je )?(?:allait|allais|was going to|was gonna) (?:la |le |l )?(?:reposer|remettre"
        r"|put it back|put it down|drop it)\b"
        r"|\bhad not (?:yet )?put (?:mine|his|hers) down(?: yet)?\b"
        r"|\b(?:it|the card|the king|la carte) (?:was not|etait pas|n etait pas) (?:yet |encore |really |vraiment )?"
        r"(?:in (?:his|her|my) hand|dans (?:sa|ma) main|en main)(?: yet| encore)?\b")
def _not_yet_held(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: the score another player claims ("Jade says hand's over, no points", "il dit zéro point"): his claim, listed
phrase(r"\b(?:no|zero) points?\b(?! (?:for|pour)\b)")(_claimed)


#: the score told, led by its word ("we're tied 3-3", "the score is 4 2", "à égalité 2-2", "3 partout"): no cards
phrase(r"\b(?:tied|tied at|tied up at|score is|score was|the score|a egalite|egalite|le score est|le score est de)"
       r" [0-9]{1,2} (?:[0-9]{1,2}|all|partout)\b|\b[0-9]{1,2} partout\b|\b[0-9]{1,2} all\b")(_nothing)


#: a card touched, not lifted, said in a negation ("touched the 4 but didn't lift it", "touché sans le soulever"):
#: the touch is read on its own; these words only say it stayed on the table
phrase(r"\b(?:but )?(?:did not|didn t|without|never|had not|hadn t)(?: even| actually)? (?:lift|lifting|lifted"
       r"|pick up|picking up|picked up|pick it up|picked it up|take|taking)(?: it| the card)?(?: up| off the table)?"
       r"(?: yet)?\b"
       r"|\bsans (?:le |la )?(?:soulever|lever|prendre|ramasser)\b"
       r"|\b(?:mais )?(?:il |elle )?(?:ne )?(?:le |la )?(?:a|avait) pas (?:souleve|soulevee|leve|levee|pris|prise)\b")(
    _nothing)


#: what a side claims or the question weighs, said in a negation that is no fact of the story: "it doesn't count",
#: "the Kemps shouldn't count", "because the cards weren't together", "he says nobody was swapping anymore",
#: "somebody says … nobody scores", "we never agreed anything before the game", "on avait rien décidé avant"
phrase(r"\b(?:should not|shouldn t|does not|doesn t|do not|don t|would not|will not|won t|did not|didn t|cannot"
       r"|can not) count\b|\b(?:ne )?(?:compte|compterait|comptera) pas\b"
       r"|\b(?:because|since|as|parce que|puisque) (?:the |his |her |les |ses )?cards (?:were not|weren t|are not"
       r"|aren t) (?:together|all together|in (?:his|her|one) hand)\b"
       r"|\b(?:says|said|claims|claimed|insists|dit|pretend|affirme) (?:that |que |qu )?(?:nobody|no one|personne)"
       r"(?: (?:ne|n))? (?:was|were|is|had been)? ?(?:swapping|exchanging|taking|trading|echangeait|prenait"
       r"|echangeait plus|prenait plus)(?: (?:anything|any cards|rien))?"
       r"(?: (?:anymore|any more|plus))?\b"
       r"|\b(?:and |et )?(?:nobody|no one|personne)(?: ne)? (?:scores|score|marque|gets a point|gets anything)\b"
       r"|\b(?:say|says|said|saying|claim|claims|claiming|dit|disent) (?:that |que |qu )?(?:words|signs|mots|signes"
       r"|that|it|this|ca|c) ?(?:are not|is not|were not|was not|sont pas|est pas|ne sont pas|ne est pas)"
       r" (?:allowed|legal|ok|permitted|autorises|autorise|permis|interdits)\b")(_claimed)


#: "we never agreed anything (about that) before starting", "on avait rien décidé avant": nothing agreed before play
#: — of a signal, no ban asked at the start (Wikipédia's condition); elsewhere a claim, listed (_assemble)
@phrase(r"\b(?:we |on |nous )?(?:(?:never|had not|hadn t|did not|didn t|n avait|n avions)(?: (?:rien|pas|jamais))?"
        r"|(?:avait|avions) (?:rien|pas|jamais)) (?:agreed|decided|settled|discussed|decide|convenu|dit|prevu)"
        r"(?: (?:on )?(?:anything|anything about it|rien))?(?: (?:about (?:that|it|this)|la dessus|sur ca))?"
        r"(?: (?:before|beforehand|avant)(?: (?:the game|la partie|de jouer|de commencer|starting|we started"
        r"|playing))?)?\b")
def _nothing_agreed(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("nothing_agreed", True)]


#: a player's claim that two calls came together ("Dan says it was basically at the same time", "il dit que
#: c'était en même temps"): his claim, listed — the order the teller gives still rules
phrase(r"\b(?:says|said|claims|claimed|insists|thinks|argues|dit|disait|pretend|affirme|soutient)"
       r" (?:that |que |qu )?(?:it was |they were |it s |c etait |ce etait |c est |ce est |ca etait )?"
       r"(?:basically |pretty much |practically |almost |nearly |quasiment |presque |pratiquement )?"
       r"(?:at the same time|simultaneous|together|en meme temps|au meme moment|simultane|simultanes)\b")(_claimed)


#: "je pose deux cartes et je prends trois cartes du milieu": put down first, and more taken than put down — the hand
#: holds more than it was dealt (four, the game's hand) by the difference
@phrase(rf"\b(?:pose|posee|posait|posais|put|puts|put down|drop|drops|dropped|laid down|lays down)"
        rf" (?P<put>{NUM}) (?:cartes|cards)(?: down)?,? (?:et |and |then |puis |et puis )?"
        rf"(?:je |j |il |elle |on |he |she |i |[a-z]+ )?"
        rf"(?:prends|prend|prenait|pris|take|takes|took|grab|grabs|grabbed|pick up|picks up|picked up"
        rf"|ramasse|ramasses) (?P<took>{NUM})(?: (?:cartes|cards))?"
        rf"(?: (?:from the (?:middle|center|centre)|du (?:milieu|centre)|au (?:milieu|centre)))?"
        rf"(?: (?:in one go|at once|at the same time|de un coup|en une fois|en meme temps))?\b")
def _uneven_exchange(m: re.Match[str]) -> list[tuple[str, Any]]:
    put, took = _number(m.group("put")), _number(m.group("took"))
    facts: list[tuple[str, Any]] = [("take_first", False), ("cards", put), ("event_hint", "exchange")]
    return facts + ([("over_limit", 4 + took - put)] if took > put else [])


#: "contre kems avant qu'ils annoncent", "before they could call": before the other team called anything — listed
@phrase(r"\bavant (?:que |qu )(?:il|elle|ils|elles|on|[a-z]+) (?:ne |n )?(?:annonce|annoncent|annoncait|dise"
        r"|disent|crie|crient|ait annonce|aient annonce)(?: (?:quoi que ce soit|rien))?\b"
        r"(?! (?:la|le|son|sa|leur|un|une|kems|kemps|double|contre|stop)\b)"
        r"|\bbefore (?:they|he|she) (?:could )?(?:call|called|announce|announced|say|said) (?:anything|it)\b")
def _before_they_called(m: re.Match[str]) -> list[tuple[str, Any]]:
    """Listed — and where the story names their call ("they had a double kems … I called contre kems before they
    said anything"), that call was never made: not ruled beside (``not_called``)."""
    return [("not_called", True)]


#: "her partner hadn't said anything yet", "il n'avait encore rien dit": nothing said yet — listed, no negation
@phrase(r"\b(?:had not|has not|did not|had n t|has n t|hadn t|hasn t|didn t) (?:yet )?(?:said|say|called|called out)"
        r" (?:anything|a word|a thing|kems|kemps)(?: yet)?\b"
        r"|(?<!\bpersonne )(?<!\bpersonne ne )\b(?:ne |n )?(?:avait|a|avaient|ont) (?:encore |toujours )?rien"
        r" (?:dit|annonce|crie)\b"
        r"(?! (?:que|qu)\b)")
def _nothing_said_yet(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: "swept … while Marie still wanted the jack there": a player still wanted a middle card — an objection
@phrase(r"\b(?:while|when|though|even though|but|alors que|pendant que|tandis que|mais) [a-z]+ (?:still |encore )?"
        r"(?:still wanted|wanted|wants|still wants|voulait encore|voulait|veut encore|voulait toujours)"
        r"(?: (?:the|a|one|la|le|une|un) [a-z0-9]+)?(?= (?:there|in the middle|au milieu|du milieu|la|it)\b|\W|$)")
@phrase(r"\b(?:while|when|though|even though|but|alors que|pendant que|tandis que|mais) [a-z]+ (?:still |encore )?"
        r"(?:wants|wanted|veut|voulait) (?:still |encore |toujours )?(?:to swap|to exchange|to take|to grab|to trade"
        r"|echanger|prendre|en prendre|en echanger|piocher)(?: (?:one|a card|une|une carte|one of them|it|them))?\b")
def _still_wanted(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("objection", True)]


# the game's name, not a call: "can we play kems?", "on peut jouer au kems ?", "pour gagner au kems"
phrase(r"\b(?:play|playing|played|plays|jouer au|joue au|jouait au|jouent au|jouer a|partie de|game of|a game of|au"
       r"|gagner au|(?<!\bto )win at|win a game of|(?<!\bto win )at)"
       r" (?:kems|kemps|quems)\b(?! (?:was|is|etait|est|sur|on|against|contre|right|wrong|juste|faux))")(_nothing)
phrase(r"\bplus (?:tot|tard)\b|\b(?:earlier|later) (?:on|in the (?:hand|round|game))\b"
       r"|\bsans (?:la |le |les |l )?(?:soulever|lever|prendre|retourner|montrer|regarder)\b"
       r"|\bwithout (?:lifting|picking up|taking|turning over|showing) (?:it|them)\b"
       r"|\b(?:sans (?:le |la )?(?:avoir|l avoir) (?:pris|prise|souleve|levee|ramasse)|without (?:having )?"
       r"(?:taken|lifted|picked up|grabbed) it)\b"
       r"|\b(?:but )?not (?:yet )?(?:in|into|in to) (?:his|her|their|the) hand\b"
       r"|\b(?:pas encore|not yet) (?:en main|dans sa main|in hand)\b"
       r"|\b(?:the |la |le )?(?:stock|pioche|talon) (?:ne )?(?:est |is |was |etait )?(?:pas|not) (?:encore |yet )?"
       r"(?:epuisee|epuise|vide|empty|out|finie)\b"
       r"|\bquand meme\b|\banyway\b|(?<=rien )non plus\b"
       r"|\b(?<!\bnew )(?<!\bnouvelles )(?<!\bfresh )(?:les |the )?(?:quatre|four) (?:cartes|cards)"
       r"(?: du milieu| in the middle| of the middle| au milieu)?\b")(_nothing)
phrase(r"\b(?:the caller |he |she |il |elle |l annonceur |le annonceur )?(?:was not|wasnt|is not|n etait pas"
       r"|ne etait pas|etait pas|n est pas|ne est pas) (?:barred|prive|privee|interdit|interdite)"
       r"(?: (?:de |d )?(?:annonce|annonces|annoncer))?\b")(_nothing)
#: "right now", never the verdict's "it was right, now who takes a letter"
phrase(r"\b(?<!was )(?<!is )(?<!were )(?:right now|right away)\b|\btout de suite\b")(_nothing)
#: "du coup" (so), "on s'engueule (avec Seb)" (we're arguing): how a table talks, no fact
phrase(r"\bdu coup\b|\b(?:on|ils|elles|nous) (?:se |s )?(?:engueule|engueulent|dispute|disputent|prend la tete"
       r"|prennent la tete)(?: (?:avec|sur|la dessus|a ce sujet) [a-z]+)?\b")(_nothing)

#: how a table asks for the ruling: "right or not?", "c'était bon ou pas ?", "ça compte ?"
VERDICT = (r"(?:right|wrong|correct|incorrect|good|bad|valid|invalid|ok|okay|fair|legal|allowed|permitted|count|counts"
           r"|juste|faux|bon|bonne|mauvais|valable|valide|correcte|permis|permise|autorise|autorisee|regulier"
           r"|reglementaire|compte|comptait)")
ASKING = (r"(?:was it|is it|was that|is that|was this|is this|does it|does that|did it|did that|is he|was he|is she"
          r"|was she|est ce que(?: ce| ca| cela| il| elle)?(?: etait| est| a ete)?|est ce|etait ce|ce etait|ce est"
          r"|ca etait|cela etait|ca|cela) ")

#: what a call is worth, asked ("combien de points pour un double kems ?", "double kems ça vaut combien",
#: "how many points is a contre kems worth"): the call's score as each source gives it — no call told
WORTH_CALL = r"(double kems|double kemps|contre kems|contre kemps|counter kems|counter kemps|stop kemps|kems|kemps)"


@phrase(rf"\bcombien de points (?:pour|vaut|rapporte|fait|donne) (?:un |le )?{WORTH_CALL}\b"
        rf"|\bcombien (?:vaut|rapporte|fait|donne|compte) (?:un |le )?{WORTH_CALL}\b"
        # (a call told before it, "j'ai annoncé Double Kems. Ça vaut combien ?", is the dispute: its score asked)
        rf"|(?<!annonce )(?<!dit )(?<!crie )(?<!called )(?<!said )(?<!shouted )(?<!fait )(?<!double )(?<!contre )"
        rf"(?<!counter )(?<!stop )\b(?:un |le )?{WORTH_CALL}"
        rf" (?:ca |ce |il )?(?:vaut|rapporte|fait|donne) combien(?: de points)?\b"
        # "double kems ça fait 2 pts ou 3 pts ?", "is a double kems 2 or 3 points": the worth asked, the story opening
        # on it (no call told, no hand: "on avait chacun un carré, double kems, c'est 3 points ?" is the dispute)
        rf"|^(?:is |so |alors |et |bon |ok |okay )?(?:un |le |a |the )?{WORTH_CALL}"
        rf" (?:ca |ce est |ce |cela |c est |it s |its |is |it is )?"
        rf"(?:vaut |rapporte |fait |donne |worth |gives |makes |scores )?(?:[1-5]|un|deux|trois|one|two|three)"
        rf"(?:(?: (?:points|point|pts|pt))? (?:ou|or) (?:[1-5]|un|deux|trois|one|two|three))? (?:points|point|pts|pt)"
        rf"(?: (?:non|right|ou pas|or not|hein|c est ca|is it|isn t it))?\b"
        rf"|\bhow many points (?:is|for|does) (?:a |the )?{WORTH_CALL}(?: (?:worth|give|get you|score))?\b"
        rf"|\bwhat s (?:a |the )?{WORTH_CALL} worth\b|\bhow much is (?:a |the )?{WORTH_CALL} worth\b"
        # "double kems is worth how many points??", "a double kems gives how many points"
        rf"|\b(?:a |the )?{WORTH_CALL} (?:is |s )?(?:worth|gives|scores|get you|gets you) how (?:many|much)"
        rf"(?: (?:points|pts))?\b")
def _call_worth(m: re.Match[str]) -> list[tuple[str, Any]]:
    call = next(g for g in m.groups() if g)
    kind = "double_kems" if call.startswith("double") else "kems" if call in ("kems", "kemps") else "contre_kems"
    return [("rule_point", f"call.{kind}.right")]


#: what the call told is worth, asked without naming it ("Mon pote vient de faire double kems, on compte combien ?
#: 2 ou 3 points ?", "he called double kems, is it 2 or 3 points?"): the call's worth (_assemble), where nothing of
#: the call is in doubt
@phrase(r"\b(?:on (?:compte|marque)|ca (?:fait|vaut|rapporte|compte|donne)|c est|ce est|cela (?:fait|vaut)"
        r"|ca nous fait|on a) combien(?: de points)?\b"
        r"|\b(?:c est |ce est |ca fait |ca vaut |it s |its |is it |is that |that s |thats )?(?:worth )?"
        r"(?:[1-5]|un|deux|trois|one|two|three)(?: (?:points|point|pts|pt))? (?:ou|or) (?:[1-5]|deux|trois|quatre|two"
        r"|three|four) (?:points|pts|pt)\b"
        r"|\bhow many points (?:is (?:it|that)|do (?:we|they|you) get|does (?:it|that) (?:give|get|score)"
        r"|is (?:it|that) worth|do (?:we|they) score)\b")
def _worth_asked(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("worth_asked", True)]


#: the game's target asked in a few words ("et on joue en combien ?", "how many points do we play to?"): score.target —
#: beside a dispute, answered after it (asked_beside)
phrase(r"\b(?:on joue|jouer|on jouait|on va|on joue jusque) (?:en|jusque a|a) combien(?: de points)?\b"
        r"|\bhow many points do (?:we|u|you) (?:play|go) (?:to|up to)\b|\bfirst to how many(?: points)?\b"
        r"|\bhow many points (?:do (?:you|we|u|they) |does (?:a team|one) )?(?:need|have) to win"
        r"(?: (?:at )?(?:kems|kemps|the game|a game))?\b"
        r"|\bcombien (?:de points )?(?:il )?(?:faut|faut il)(?: de points)? pour gagner\b")(
    _asks("score.target", "_target_asked"))


#: "est-ce que la manche s'arrête ou on continue ?", "does the hand end or do we keep playing?": hand.end, asked
# (its two ways told: "is the hand over?" alone beside a stock gone is that situation's own question)
phrase(r"\b(?:est ce que )?la manche (?:se arrete|s arrete|arrete) ou (?:on continue(?: a jouer)?|elle continue)\b"
       r"|\b(?:does|did) the (?:hand|round) (?:end|stop) or (?:do we|does it|did it) (?:keep (?:going|playing)|go on"
       r"|continue|carry on)\b")(_asks("hand.end", "_hand_end_asked"))


#: "Max says you cant call during the sweep", "on a pas le droit d'annoncer pendant le balayage": the rule on calls in a
#: sweep, asked or claimed — answered beside the call told, or as the question when none is
phrase(r"(?:(?<=\bnot )|(?<=\bcannot )|(?<=\bcan )|(?<=\bmay )|(?<=\byou )|(?<=\bwe )|(?<=\bone )|(?<=\bto )"
       r"|(?<=\bpas )|(?<=\bde )|(?<=\bon )|(?<=\bpeut )|(?<=\bpeuvent )|(?<=\bu )|(?<=\bi ))"
       r"(?:call|calling|annoncer|dire|crier|faire)(?: (?:kems|kemps|anything|a call|rien|une annonce))?"
       r" (?:(?:during|while|in|pendant|en plein|en pleine) (?:the |a |le |un )?(?:sweep|balayage)"
       # "can u call kems while the dealer is changing the 4 middle cards?"
       r"|(?:while|when|as|pendant que|quand) (?:the |le )?(?:dealer|donneur|someone|quelqu un|he|she|il|elle)"
       r" (?:is|was|est|etait) (?:en train de )?(?:changing|replacing|sweeping|laying out|putting down|changer"
       r"|remplacer|balayer|remettre|reposer) (?:the |les )?(?:4 |four |quatre )?(?:new |middle |nouvelles )?"
       r"(?:cards|cartes|middle)(?: (?:du milieu|in the middle))?)\b")(_asks("sweep.calls", "_sweep_calls_asked"))


#: "on joue en combien de points au kems ? 5 ? 10 ?": the targets the table hesitates between, after the question —
#: never cards
phrase(r"(?:(?<=\bcombien de points )|(?<=\bcombien de points au kems )|(?<=\bhow many points )"
       r"|(?<=\bcombien de points au kemps )|(?<=\bhow many points to win )|(?<=\bplay kems to ))"
       r"(?:[0-9]{1,2})(?: (?:ou |or )?[0-9]{1,2}){0,3}\b(?! (?:cartes|cards|joueurs|players|of us)\b)")(
    _asks("score.target", "_targets_told"))


#: "premier à 5 ? 10 ?", "first to 10 points?": the game's target, asked by a number — never a table of five
phrase(r"\b(?:le )?(?:premier|premiere|first|first team|first one) (?:a|to|at) (?:[0-9]{1,2}|cinq|dix|quinze|vingt|five"
       r"|ten|fifteen|twenty)(?: (?:points|pts|pt))?(?:(?: ou| or)? (?:[0-9]{1,2}|dix|ten)(?: (?:points|pts))?)?\b")(
    _asks("score.target", "_first_to_asked"))


#: "et on a perdu au bout de combien de lettres ?", "how many letters until we're out?": the target asked beside
phrase(r"\bau bout de combien de (?:lettres|points)\b"
       # "et on a perdu à quelle lettre ?", "on est éliminés à quelle lettre ?", "at which letter are we out?"
       r"|\b(?:on a perdu|on perd|on est elimines|on est eliminees|on est elimine|on sort|perdu|elimine|elimines)"
       r" (?:a|au bout de) (?:quelle|combien de) (?:lettre|lettres)\b"
       r"|\b(?:at )?(?:which|what) letter (?:are we|is a team|do we|does a team|are you) (?:out|eliminated|lose"
       r"|knocked out)\b"
       r"|\bhow many letters (?:until|till|til|before) (?:we re|we are|you re"
       r"|you are|a team is|we get) (?:out|eliminated|knocked out)\b")(_asks("score.target", "_letters_count_asked"))


#: whether a Double Kems can be countered, asked ("les autres peuvent faire contre kems dessus ?", "can they call
#: contre kems on it?"): the rule point, answered as compare does
phrase(r"\b(?:peuvent|peut|pouvons|can|could|may)(?: (?:they|we|he|she|you|on|ils))? (?:faire|dire|annoncer|call|say)"
        r" (?:un )?(?:contre kems|contre kemps|counter kems|stop kemps)(?: (?:dessus|sur un double kems|sur le double"
        r"|on it|on a double kems|against it|against a double kems|on the double))\b"
        r"|\b(?:kill|beat|cancel|counter|stop|block|ruin|annuler|contrer|bloquer|casser|tuer) (?:our|their|your|his|her"
        r"|a|the|notre|leur|votre|un|le) (?:double kems|double kemps)(?: (?:by|en|with|avec) (?:shouting|calling|saying"
        r"|yelling|criant|disant|annoncant|un|a)? ?(?:contre kems|contre kemps|counter kems|stop kemps)"
        r"(?: (?:first|before|en premier|avant|avant nous|before us))?)?\b"
        # "can they contre a double?", "ils peuvent contrer un double ?"
        r"|\b(?:can|could|may|peuvent|peut|pouvons|on peut)(?: (?:they|we|he|she|you|ils|on))?"
        r" (?:contre|counter|stop|block|contrer|bloquer) (?:a|the|our|their|un|le|notre|leur) double"
        r"(?: kems| kemps)?\b"
        # a player's word on it: "we say you can't counter a double", "moi je dis qu'on peut pas contrer un double",
        # "un double ça se contre jamais"
        r"|\b(?:you|we|they|one|on|ils|nous|i)? ?(?:can t|cannot|can not|could not|couldn t|may not|ne peut pas"
        r"|peut pas"
        r"|ne peuvent pas|peuvent pas|ne peut jamais|peut jamais) (?:counter|contre|contrer|beat|stop|block|bloquer)"
        r" (?:a|the|un|le) double(?: kems| kemps)?\b"
        r"|\b(?:un |a |le |the )?double(?: kems| kemps)? (?:ca |that )?(?:se contre|se contrent|gets countered"
        r"|can be countered) (?:pas|jamais|never)\b"
        r"|\b(?:un |le )?double(?: kems| kemps)? (?:ca )?(?:ne )?se contre (?:pas|jamais)\b"
        # "does double kems beat contre kems", "est-ce que le contre kems bat le double kems ?"
        # "doesn't a double beat the stop?": the short names, with a negation that only asks
        r"|\b(?:does|do|can|will|would)(?: not)? (?:a |the )?(?:double kems|double kemps|contre kems|contre kemps"
        r"|counter kems|stop kemps|double|stop|contre|counter)"
        r" (?:beat|beats|trump|trumps|cancel|cancels|override|overrides|win over|wins over) (?:a |the )?"
        r"(?:double kems|double kemps|contre kems|contre kemps|counter kems|stop kemps|double|stop|contre|counter)\b"
        # "does my stop count or does their double win?"
        r"|\b(?:does|do) (?:my|our|the|his|her|their) (?:stop|contre|counter)(?: kemps| kems)? (?:count|stand|win)"
        r" or (?:does|do) (?:their|the|his|her|our|my) double(?: kems| kemps)? (?:win|count|beat it)\b"
        r"|\b(?:le |un )?(?:double kems|double kemps|contre kems|contre kemps) (?:bat|annule|l emporte sur|passe avant)"
        r" (?:le |un )?(?:double kems|double kemps|contre kems|contre kemps)\b")(
    _asks("call.double_kems.counter", "_double_countered_asked"))



@phrase(rf"\b(?:{ASKING})?{VERDICT} (?:or|ou) (?:not|no|pas|non|(?:not |pas )?{VERDICT})\b"
        rf"|\b(?:was it|is it|was that|is that|was this|is this|est ce que (?:ce|ca|cela) (?:etait|est|compte)"
        rf"|etait ce|est ce) {VERDICT}\b"
        r"|\b(?:oui ou non|yes or no)\b"
        # "Elle a le droit ?", "on a le droit ou pas ?": the ruling asked (a right to do something named is read
        # by the points' phrases: "le droit de changer de signe")
        r"|\b(?:(?:il|elle|on|ils|elles|je|tu|j) )?(?:a|ont|ai|as|avait|avaient) (?:pas )?le droit(?! de| d)"
        r"(?: (?:ou pas|ou non|non))?\b"
        # "is it a kems or not", "c'est un kems ou pas": the ruling asked (the call is told before)
        r"|\b(?:is it|was it|is that|was that|is this|c est|ce est|c etait|ce etait|ca fait) (?:a |an |un )?(?:valid "
        r"|real |good |vrai |bon )?(?:kems|kemps|contre kems|double kems) (?:or not|ou pas|ou non)\b"
        # "il avait le kems ou pas ?", "did he have the square or not?": the fact in dispute asked, never told
        r"|\b(?:(?:il|elle|he|she|they|ils|elles) )?(?:avait|a|avaient|had|has|did (?:he|she|they) have|does (?:he|she)"
        r" have)(?: vraiment| really)? (?:le|un|son|sa|the|a|his|her|their|leur) (?:kems|kemps|carre|square|quads"
        r"|four of a kind) (?:or not|ou pas|ou non|oui ou non|or no)\b"
        r"|\b(?:on|we|il|elle|he|she) (?:balaie|balaye|redonne|continue|sweep|redeal|carry on|go on)"
        r" (?:ou pas|or not)\b"
        r"|\b(?:who|qui) (?:wins|won|gets|got|scores|scored|gagne|a gagne|marque|a marque|a raison|is right"
        r"|was right)(?: (?:the |le |un |a )?(?:point|points|letter|lettre|hand|manche))?\b"
        r"|\b(?:what happens|what now|que se passe t il|ca se passe comment|comment ca se passe|que faire"
        r"|ca donne quoi|ca fait quoi|qu est ce que ca donne"
        r"|qu est ce que ca fait|what does that give|what does it give|are we out|is it over|who (?:takes|gets) (?:it"
        r"|the (?:point|letter)|a (?:point|letter))"
        r"|qui (?:qui )?(?:prend|prennent|a|marque) (?:le point|la lettre|une lettre|un point|les points|des points)"
        r"|(?:on|we|ils|they) (?:prend|prennent|take|get|gets) (?:le|la|the) (?:k|e|m|p|s|lettre|letter)"
        r"|(?:team|teams|equipe|equipes|one|both|all) (?:takes?|gets?|prend|prennent) (?:a|une|the|la)"
        r" (?:letter|lettre)"
        r"|do we redeal|should we redeal|do we deal again|on redonne|faut il redonner|on refait la donne"
        r"|or (?:just |simply )?redeal|ou (?:on )?(?:redonne|redistribue)|on redistribue|faut il redistribuer"
        r"|(?:ou )?(?:on )?(?:aurait|aurais|aurions|aurai) (?:du|pu) (?:redistribuer|redonner|refaire la donne)"
        r"|(?:ou )?(?:il )?fallait (?:redistribuer|redonner|refaire la donne)"
        r"|(?:or )?should (?:we|they|he|she) have (?:redealt|re dealt|dealt again)"
        r"|or is it over(?: and (?:we )?redeal)?|and redeal|et on (?:redonne|redistribue)"
        r"|or do we redeal|(?:what now |now )?redeal or|redonner ou|redistribuer ou|on redonne ou|on redistribue ou"
        r"|or (?:a |do a |we do a )?(?:new deal|fresh deal)"
        r"|ou (?:une |on fait une )?(?:nouvelle donne|nouvelle distrib)"
        r"|do we (?:redo|undo|cancel|reverse) (?:it|that|the swap|the exchange)(?: or what)?|on (?:le |l )?(?:refait"
        r"|annule|defait)(?: (?:ou quoi|ou pas))?"
        r"|do we score (?:something|anything)|on marque (?:quelque chose|quoi)"
        r"|(?:on marque|do we score|do we get|we get|we score|on gagne|we win|do we win) (?:un|le|a|the|one) point"
        r"(?: (?:nous|then|alors))?"
        r"|(?:qui|elle|il|they|she|he|ils) (?:en )?(?:perd|perdent|lose|loses) (?:un|one|le|a)(?: point)?)\b"
        # "how many points is that?", "ça fait combien de points ?": the score the ruling gives
        r"|\bhow many (?:points|letters) (?:is that|is it|does that make|does it make|do we get|do they get"
        r"|does that give|is this|for that|for this)\b"
        r"|\b(?:ca fait|cela fait|ca vaut|ca rapporte|ca donne) combien(?: de (?:points|lettres))?\b"
        r"|\b(?:ca fait|ca vaut|ca rapporte|c est|ce est|is it|is that|that s) (?:[1-5]|un|deux|trois|one|two"
        r"|three)(?:(?: (?:points|point|pts))? (?:ou|or) (?:[1-5]|un|deux|trois|one|two|three))? (?:points|point|pts)\b"
        # "ça compte ?", "ça compte ou pas": the ruling asked ("ça compte pas", said, stays a claim to read)
        r"|\b(?:ca|cela) (?:compte|comptait|compterait)(?: (?:ou pas|ou non|quand meme|alors|vraiment))?\b"
        r"(?! (?:pas|plus|point|pour|comme|double|deux)\b)"
        r"|\bcombien de (?:points|lettres) (?:ca fait|ca vaut|ca rapporte|ca donne|pour ca|on marque|ils marquent)\b")
def _asking(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"was it right or not?", "c'était bon ou pas ?", "qui gagne ?": the question the story asks —
    the ruling itself, neither a fact nor a negation to place."""
    return [("asking", True)]


@phrase(r"\b(?:(?:so|and|then|donc|alors|et|puis) )?"
        r"(?:(?P<we>on a|on avait|nous avons|nous avions|we|we have|we had|we ve)"
        r"(?: (?:bien|just|juste|already|deja))?"
        r"|(?:ils|elles|they|eux)(?: (?:ont|avaient|have|had))?(?: (?:bien|just|juste|already|deja))?)"
        r" (?:pris|eu|marque|gagne|got|took|taken|scored|won|gotten) (?:le|un|the|a|our|their|notre|leur) point\b")
def _point_taken(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"on a pris le point": which side took the point, as the teller says — a call already settled."""
    return [("point_ours", bool(m.group("we")))]



#: the score the question weighs, told as the table's two ways to mark it ("on se met -1 ou on leur donne +1 ?",
#: "do we lose one or do they get one?"): the ruling's score is the answer — never a deal ("donne"), a card ("1")
@phrase(r"\b(?:on se (?:met|enleve|retire|compte)|on leur (?:donne|met|compte|file|ajoute)|on nous (?:met|enleve"
        r"|retire|donne)|ils (?:prennent|marquent|gagnent)|do we (?:take|lose|get)|do they (?:get|take)"
        r"|give them|we give them) (?:un |une |one |a )?(?:[0-9]{1,2}|point|points|lettre|letter)"
        r"(?: (?:point|points|pt|pts))?\b"
        r"|\bon leur (?:donne|met|file) (?:le|un) point\b|\bon leur en (?:donne|met|file) (?:un|1)\b"
        r"|\bon (?:perd|se prend|prend) (?:un|1) point\b"
        r"|\b(?:on (?:donne|met|compte) (?:le|un) point (?:a|aux|au|pour) (?:le |la |les )?(?:equipe|team|autres|eux)"
        r"|(?:do we |should we )?give (?:them |the other team |the others )?the point)\b"
        r"|\b(?:on (?:met|donne|compte|enleve|retire|marque)|(?:do we |we |should we )?(?:put|write|mark|give"
        r"|enter|record))"
        r" [0-9]{1,2} (?:point |points |pt |pts )?(?:pour|a|aux|au|for|to) (?:the |le |la |les )?[a-z]+(?: team)?\b"
        r"|\b[0-9]{1,2} (?:point |points |pt |pts )?(?:pour|a|aux|for|to) (?:nous|eux|(?:l|le|la) autre equipe"
        r"|les autres|autres|(?:l|le|la) equipe adverse|the other team|the others|us|them|(?:[a-z]+|his|her|our"
        r"|their) team)\b")
def _score_asked(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("asking", True)]


#: the letters a team holds, told by their count ("we just picked up our fifth letter, the S", "on vient de prendre
#: notre troisième lettre"): the first letters of the word, in order (a fourth named as the S is K-E-M-S)
LETTER_ORDINALS = {"first": 1, "1st": 1, "premiere": 1, "second": 2, "2nd": 2, "deuxieme": 2, "seconde": 2,
                   "third": 3, "3rd": 3, "troisieme": 3, "fourth": 4, "4th": 4, "quatrieme": 4, "fifth": 5, "5th": 5,
                   "cinquieme": 5}


@phrase(r"\b(?:picked up|got|earned|took|won|have|received|gotten|get|pris|eu|recu|chope|ramasse|prend|prendre"
        r"|prenons|avons|a) (?:our|the|a|notre|la|une|its|their|leur) (?P<n>" + "|".join(LETTER_ORDINALS)
        + r") (?:letter|lettre)(?: (?P<s>(?:the |le |un |a )?s))?\b")
def _letters_counted(m: re.Match[str]) -> list[tuple[str, Any]]:
    n = LETTER_ORDINALS[m.group("n")]
    return [("letters_held", "KEMS" if n == 4 and m.group("s") else "KEMPS"[:n])]


#: what the table did about the call, told after it: the ruling is what the story asks for, never a fact
SCORING = (r"(?:gave|give|gives|given|awarded|scored|scores|got|gets|won|wins|win|lost|loses|lose|took|takes|marked"
           r"|a donne|avons donne|ont donne|on a donne|donne|donnait|a marque|ont marque|avons marque|marque|marquait"
           r"|a gagne|ont gagne|avons gagne|gagne|gagnent|gagnait|a perdu|ont perdu|avons perdu|perdent|perdu"
           r"|prend|prennent|a pris|ont pris)")


@phrase(r"\b(?:(?:so|and|then|donc|alors|et|puis) )?(?:(?:we|they|he|she|i|you|the caller|the accused|the others"
        r"|the other team|their team|his team|her team|on|nous|ils|elles|il|elle|je|les autres|l equipe|leur equipe"
        r"|son equipe|l annonceur|le annonceur|l accuse|le accuse) )?"
        + SCORING + r"(?: (?:them|him|her|us|me|to them|lui|leur|nous))?"
        r" (?:(?:the|a|one|two|three|their|his|her|our|un|une|le|la|les|deux|trois|leur|son|sa|notre|des|du|\d+) )?"
        r"(?:point|points|letter|letters|lettre|lettres|hand|manche|game|partie|round)"
        r"(?: (?:to|a|for|pour) [a-z]+)?\b")
def _outcome(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"we gave the point to Paul", "et ils ont gagné la manche": what the table did, told after the
    call — the ruling is the question, so the clause is listed as not understood, never dropped."""
    return [("unread", True)]


@phrase(r"\bsans (?:(?:le |la )?faire expres|le vouloir|reflechir|hesiter|attendre|regarder|rien dire|dire un mot"
        r"|un mot|parler|blague|rire|mentir|probleme|souci|doute)\b"
        r"|\bwithout (?:thinking|waiting|hesitating|looking|meaning to|meaning it|a word|saying (?:a word|anything)"
        r"|speaking|joking|kidding|lying|a doubt|any doubt)\b")
def _aside(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"sans faire exprès", "without thinking": how something was done, no card denied — listed, not read."""
    return [("unread", True)]


@phrase(r"\b(?:(?:the |le )?score (?:is |was |est |etait |de )?|on est a |we re at |we are at |it s |c est )"
        r"[0-9]{1,2}(?: ?- ?| a | to | )[0-9]{1,2}\b|\b[0-9]{1,2} (?:partout|all|apiece)\b")
def _score_told(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"score is 3-3", "3 partout": the game's score, no cards — listed, not read."""
    return [("unread", True)]


@phrase(r"\b(?:tant que |as long as |if |si )?(?:ce est |c est |c |it is |they are )?(?:ne est |n est )?(?:pas|not)"
        r" (?:dans|in) (?:la meme main|the same hand|une seule main|one hand)\b"
        r"|\b(?:ca|cela|it|that) (?:ne )?(?:compte|comptait|counts|counted|does not count|did not count)"
        r"(?: pas)?\b(?! (?:as|comme|pour|for)\b)")
def _claim_counts(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"tant que c'est pas dans la même main ça compte pas", "it doesn't count": what a side claims
    about the ruling, the ruling itself — listed, never read as a card fact."""
    return [("unread", True)]


@phrase(r"\b(?:nobody|no one|noone|personne)(?: (?:ne|n))? (?:had |has |a |avait )?(?:exchanged|swapped|changed"
        r"|echange|change|bouge)(?: (?:anything|rien|de carte|any cards?))?(?: (?:for a (?:bit|while|moment)"
        r"|depuis un moment|depuis un bon moment|pendant un moment|un moment))?\b")
def _no_exchange(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"nobody exchanged for a bit", "personne n'échangeait": how a sweep came to be asked for —
    listed, never read as a denied card fact."""
    return [("unread", True)]


@phrase(rf"\b(?:personne|nobody|no one|noone|aucun joueur)(?: (?:ne|n))? (?:a |had |has |avait )?"
        rf"(?:fait|dit|annonce|crie|called|said|announced|shouted|lance|got|made|eu|obtenu|trouve|found)"
        rf"(?: de| a| any)? {KEMS}\b"
        rf"|\b(?:personne|nobody|no one|noone)(?: (?:ne|n))? (?:has|had|a|avait)(?: (?:yet|encore|pas encore))?"
        rf" (?:de |a |any |un )?{KEMS}(?: (?:yet|encore|pas encore))?\b"
        # ("elle avait pas de kems", "he had no kems": no square held — read by _no_kems_held)
        rf"|(?<!\bavait )(?<!\bavais )(?<!\ba )(?<!\bhad )(?<!\bhas )(?<!\bhave )(?<!\bai )"
        rf"\b(?:no|pas de|aucun) {KEMS} (?:had been |was |n a ete |ne a ete |avait ete )?"
        rf"(?:called|said|annonce|dit|fait|crie)?\b"
        rf"|\bbefore (?:\w+ ){{0,2}}?(?:said|says|could say|had said|called|could call) (?:anything|a thing|a word)\b"
        rf"|\b(?:nobody|no one)(?: (?:had|has))? (?:called|said|announced|shouted) (?:anything|a thing|kems|kemps)\b"
        rf"|\b(?:with|without) (?:no |any )?(?:call|calls|announcement)(?: (?:made|at all))?\b"
        rf"|\b(?:personne)(?: (?:ne|n))? (?:a|avait) rien (?:annonce|dit|crie|fait)\b"
        rf"|\b(?:nobody|no one|personne)(?: (?:ne|n))? (?:has|had|a|avait) (?:called|said|annonce|dit|crie)"
        rf"(?: (?:anything|rien))?(?: (?:yet|encore))?\b"
        rf"(?! (?:que|that|to|a|de|d|le|la|the|contre|counter|stop|double|non|no|oui|yes|ok))"
        rf"|\bavant que (?:\w+ ){{0,2}}?(?:ne )?(?:dise|ait dit|puisse dire|ait pu dire)"
        rf" (?:quoi que ce soit|rien|un mot|quelque chose)\b")
def _no_kems(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"personne n'a fait kems": no Kems came before (an accusation, not after a Kems)."""
    return [("no_kems_called", True)]



#: a call denied and set right by the one made ("Paul n'a pas dit kems, il a dit contre-kems", "he didn't call
#: kemps, he said counter kemps"): no Kems was called — the call told after it is the one in dispute
@phrase(rf"\b(?:ne a pas|ne avait pas|a pas|avait pas|did not|didn t|never|has not|hasn t|had not|hadn t)"
        rf" (?:dit|annonce|crie|fait|lance|say|said|call|called|shout|shouted|announce|announced|yell|yelled)"
        rf" {KEMS}(?= (?:mais |but |instead |rather |plutot )?(?:il |elle |he |she |they |on |[a-z]+ )?"
        rf"(?:a |has |had )?(?:dit|annonce|crie|fait|lance|said|called|shouted|announced|yelled|says|calls)"
        rf" (?:contre|counter|stop|double)\b)")
def _denied_kems(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("no_kems_called", True)]


@phrase(rf"\b(?:nobody|no one|personne)(?: (?:ne|n))? (?:had|has|held|holds|a|avait|tenait|avait pas)"
        rf" (?:a |de |un |any |pas de |aucun )?{SQUARE}\b")
def _nobody_square(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"personne n'avait de carré": said of the whole table — no square in any hand the ruling reads (beside no
    call, or a call that reads no hand, listed)."""
    return [("neither_square", True)]


@phrase(r"\b(?:trop tard|too late|en retard|apres coup|late)\b")
def _too_late(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"trop tard": an accusation after the Kems was called (the reading is shown as "after a Kems")."""
    return [("too_late", True)]


#: how many cards a player caught with too many holds: five to eight (no hand can make more)
OVER_NUM = r"(?:[5-8]|cinq|five|six|sept|seven|huit|eight)"


#: (a hand of five dealt by mistake, "he was dealt five cards", is a hand over the limit like any other)
@phrase(rf"\b(?:was |were |got |been |had been )?dealt (?P<n3>{OVER_NUM}) (?:cartes|cards)\b"
        rf"|\b(?:a |avait |ont |avaient )?(?:recu|recus) (?P<n4>{OVER_NUM}) (?:cartes|cards)\b"
        rf"|\b(?:(?:caught|found|seen|spotted|surpris|surprise|pince|pincee|vu|vue|pris|prise)"
        rf"(?: (?:holding|with|avec|having|en train de tenir))? "
        rf"|(?:(?:ended up|ends up|end up|wound up|se retrouve|s est retrouve|s est retrouvee) )?"
        rf"(?:avait|had|has|a|tenait|held|holds|holding|tient|with|avec) )(?P<n>{OVER_NUM}) (?:cartes|cards)"
        rf"(?! (?:each|chacun|a chacun|apiece|per player|par joueur)\b)"
        rf"(?: (?:en main|in (?:his |her |their |the )?hands?|dans (?:sa|la|ses|les) mains?))?\b"
        rf"|\b(?P<n2>{OVER_NUM}) (?:cartes|cards) (?:en main|in (?:his |her |their |the )?hands?"
        rf"|dans (?:sa|la) main)\b"
        # "now he's holding five": the cards held, said without the word
        rf"|\b(?:now |maintenant )?(?:he s |she s |he is |she is |is |was |il |elle )?"
        rf"(?:holding|tient|se retrouve avec)"
        rf" (?:now |maintenant )?(?P<n5>{OVER_NUM})\b(?! (?:of|de|des|du)\b)")
def _over_limit(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"surpris avec cinq cartes", "had 5 cards in his hand": a player holding more than four
    (``--over-limit N``), the breach itself; said beside a call, it is listed, not read as the call's."""
    return [("over_limit", _number(m.group("n") or m.group("n2") or m.group("n3") or m.group("n4")
                                   or m.group("n5"))),
            ("event_hint", "exchange")]


# (said of cards -- "took two cards at the same time" -- it is an exchange of several at once: CARDS_TOGETHER)
@phrase(r"(?<!cards )(?<!cartes )\b(?:(?:at (?:basically |pretty much |almost |nearly |virtually |practically "
        r"|literally |exactly |precisely |just about )?"
        r"the (?:very |exact |same )?|at exactly the )same (?:time|moment|instant|second)"
        r"|(?:pile |juste |exactement )?au (?:meme |moment precis |)moment (?:ou|precis ou)"
        r"|simultaneously|at once together|(?:pretty much|basically|almost|nearly) together|together"
        r"(?= (?:who|qui|,|$))|(?:quasi|presque|pratiquement|a peu pres|genre) (?:en meme temps|au meme moment)"
        r"|(?:pile|juste|exactement) (?:quand|au moment ou)(?= [a-z]+ (?:crie|criait|dit|disait|annonce|annoncait"
        r"|lance|lancait|hurle|hurlait|a crie|a dit|a annonce)\b)"
        r"|in the same breath"
        r"|(?:just|right|exactly) (?:as|when)(?= (?:[a-z]+ ){1,3}(?:called|yelled|shouted|said|announced|cried"
        r"|was calling|was yelling|was shouting|was saying|called out))"
        r"|both at once|(?:pile |exactement |juste )?(?:en meme temps|au meme moment|au meme instant)|simultanement"
        r"|pile ensemble)\b")
def _simultaneous(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"en même temps": a Kems and a Contre-Kems called at the same moment (``--simultaneous``)."""
    return [("simultaneous", True)]


#: a call that was about to be made when the one in dispute came ("before she could say double kems", "avant
#: qu'il ait pu dire kems", "il allait dire double kems"): never made, so never a second call of the story
#: (_next_calls); "before he said kems", "juste avant que Paul dise double kems": made after the one in
#: dispute, which the ruling is on
CALL_NEXT = r"(?= (?:a |an |un |le |la |son |sa |his |her )?(?:double |contre |counter |stop )?(?:kems|kemps|quems)\b)"
SAY = r"(?:say|call|shout|yell|announce|cry|dire|annoncer|crier|lancer|gueuler|sortir|balancer)"
@phrase(r"\b(?:before (?:\w+ ){0,2}?(?:could|can|got to|managed to|was able to|had (?:a chance|time) to|even)"
        r"(?: even)? " + SAY
        + r"|(?:was|were|is|are) (?:just )?(?:about|going) to " + SAY
        + r"|avant que (?:\w+ ){0,2}?(?:n )?(?:ait|aie|aient|eut|eussent) (?:pu|eu le temps de) " + SAY
        + r"|avant que (?:\w+ ){0,2}?(?:n )?(?:puisse|puissent) " + SAY
        + r"|(?:allait|allais|allaient|se appretait a|se appretaient a|etait sur le point de|etaient sur le point de) "
        + SAY + r")\b" + CALL_NEXT)
def _about_to_call(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("next_call", "unmade")]


#: "(it was a double kems,) we just hadn't called it yet", "on l'avait pas encore annoncé": the call named was never
#: made — its squares are told, the call itself is not ruled
@phrase(r"\b(?:we|they|he|she|i|ils|on) (?:never|didn t|did not|didnt|n ont pas|n a pas|ont pas|a pas)"
        r" (?:got|get|had|eu) (?:to|the chance to|a chance to|time to|le temps de|le temps d) (?:call|say|announce"
        r"|annoncer|dire|le dire|l annoncer)(?: (?:it|that|one|anything|kems|double kems))?\b"
        r"|\b(?:(?:we|they|he|she|i) )?(?:just |simply |still )?(?:hadn t|had not|haven t|have not|didn t|did not"
        r"|hadnt|havent|didnt|had yet to|hasn t|hasnt)(?: (?:even|yet))? (?:called|call|announced|announce|said|say"
        r"|shouted|shout) (?:it|that|one)(?: (?:yet|out|out loud))?\b"
        r"|\b(?:on |nous |ils |il |elle )?(?:ne |n )?(?:l avait|l avions|l avaient|le avait|le avions|le avaient"
        r"|l a|l ont"
        r"|le a|le ont) (?:pas|jamais) (?:encore )?(?:annonce|dit|crie|lance)\b")
def _not_called(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("not_called", True)]


@phrase(r"\b(?:(?:(?:just |only )?(?:a |one )(?:split second|second|moment|instant) |une (?:fraction de )?seconde )?"
        r"before (?:\w+ ){0,2}?(?:said|called|shouted|yelled|announced|says|calls|shouts)"
        r"|(?:une (?:fraction de )?seconde |un instant )?avant que (?:\w+ ){0,2}?(?:n )?"
        r"(?:dise|disent|annonce|annoncent|crie|crient|lance|lancent|sorte|sortent|balance|balancent|gueule"
        r"|gueulent))\b"
        + CALL_NEXT)
def _called_next(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("next_call", "later")]


#: the word a letters game spells, named as the game ("we play with letters K-E-M-P-S", "on joue aux lettres
#: K-E-M-P-S"): how the table scores, never letters a team holds (read before them)
@phrase(r"\b(?:play|playing|plays)(?: with| to)?(?: the)? letters? (?:k e m p s|kemps|kems|k e m s)\b"
        r"|\b(?:the )?(?:k e m p s|kemps) letters? (?:thing|game|way|system|scoring)\b"
        r"|\b(?:joue|jouons|on joue|jouer|compte|comptons|on compte) (?:aux|en|avec les|avec des) lettres"
        r" (?:k e m p s|kemps|kems|k e m s)\b"
        r"|\b(?:letters|lettres) (?:k e m p s|kemps)(?= (?:game|rules|regles|style)\b)"
        # "8 of us playing pagat style with letters K-E-M-P-S": the game named, then its letters
        r"|\b(?:style|rules|way|version|facon|regles|mode) (?:with|avec|en|aux) (?:the |les |des )?(?:letters|lettres)"
        r" (?:k e m p s|kemps|k e m s|kems)\b"
        # "we play with letters", "on joue aux lettres", "pagat letters": the letters game, its word unsaid
        r"|\b(?:do|play|use|using|playing|doing|with|avec|aux|en|on joue aux|on joue avec les) (?:the )?"
        r"(?:letters|lettres)(?: (?:pagat|like pagat|comme pagat|facon pagat))?\b"
        r"(?! (?:k|e|m|p|s|kemps|kems|held|qu|que|ou|or)\b)"
        r"|(?:(?<=\bpagat )|(?<=\bkemps ))(?:letters|lettres)\b(?! (?:k|e|m|p|s|kemps|kems|held|qu|que|ou|or)\b)")
def _letters_game(m: re.Match[str]) -> list[tuple[str, Any]]:
    spelled = m.group(0).replace(" ", "")
    return [("letters_game", "KEMS" if ("kems" in spelled or spelled.endswith("kems")) and "kemps" not in spelled
             else "KEMPS")]


#: letters held named one by one ("on a déjà le K et le E", "we've got the K and the E"): the letters a team holds
@phrase(r"\b(?:le |the )k (?:et|and) (?:le |the )e(?:(?:,| et| and) (?:le |the )m(?:(?:,| et| and) (?:le |the )p)?)?\b")
def _letters_named(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("letters_held", "".join(w for w in m.group(0).split() if w in ("k", "e", "m", "p")).upper())]


#: penalty letters spelled out ("we have K-E-M-P", "on a K.E.M"): the letters a team holds, never cards;
#: a question on what they mean is a question on the score (session.rules_question)
@phrase(r"\bk e(?: m(?: p(?: s)?)?)?\b(?! (?:of|de|d|des|[2-9]|10|[ajqkvdr])\b)"
        r"|(?:(?<=\bhad )|(?<=\bhave )|(?<=\bhas )|(?<=\bavait )|(?<=\bavions )|(?<=\bavons )|(?<=\bont ))"
        r"k(?: and| et)? e(?:(?: and| et)? m(?:(?: and| et)? p)?)?\b"
        r"(?! (?:of|de|d|des|[2-9]|10|[ajqkvdr])\b)")
def _letters_held(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("letters_held", "".join(w for w in m.group(0).split() if w not in ("and", "et")).upper())]


#: a team said by its rank at the table ("the third team")
TEAM_ORDINALS = {"second": 2, "2nd": 2, "deuxieme": 2, "2e": 2, "third": 3, "3rd": 3, "troisieme": 3, "3e": 3,
                 "fourth": 4, "4th": 4, "quatrieme": 4, "4e": 4}


@phrase(rf"\b(?:(?:against|on|at|accusing|accused|targeting|targeted|contre|sur|vers|visant|visait|vise"
        rf"|accusant|accuse|accusait) )?(?:the |le |la )?(?:team|equipe) (?:number |numero |no |n )?(?P<n>{NUM})\b"
        r"|\b(?:against|on|at|accusing|accused|targeting|targeted|contre|sur|vers|visant|visait|vise|accusant"
        r"|accuse|accusait) (?:the |le |la )(?P<ord>" + "|".join(TEAM_ORDINALS) + r") (?:team|equipe)\b")
def _on_team(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"contre l'équipe 3", "on the third team": the team accused at a table of more (``--on-team N``)."""
    n = TEAM_ORDINALS[m.group("ord")] if m.group("ord") else _number(m.group("n"))
    return [("on_team", n), ("event_hint", "contre-kems")]


@phrase(rf"\b(?:(?:avait|had|has|a|tenait|held|holds|with|avec|en main) )?(?:{NUM}) (?:cartes|cards)"
        rf" (?:en main|in (?:his |her |their |the )?hand|dans (?:sa|la) main)\b"
        rf"|\b(?:avait|had|has|tenait|held|holds) (?:{NUM}) (?:cartes|cards)\b")
def _hand_count(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"cinq cartes en main": how many cards, not a card "5" — the ruling needs the cards themselves."""
    return [("unread", True)]


@phrase(r"\b(?:against|on|sur|contre|vs|after|apres|once|juste apres|right after) (?:a |an |un |une |the |le |leur "
        r"|their )?double (?:kems|kemps|quems)\b")
def _on_a_double(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", True), ("partner_square_said", True)]


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


@phrase(rf"\b(?:the|le|that|ce|his|her|their|son|leur|this|un|a|our|my|your|notre|mon|ton|votre) {KEMS}\s+"
        rf"(?:ne )?{WAS}\s+(?P<neg>not |pas |ne pas )?"
        rf"(?:(?P<ok>{RIGHT})|{WRONG})\b")
def _kems_verdict(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("kems_verdict", bool(m.group("ok")) != bool(m.group("neg")))]


@phrase(rf"\b(?:(?P<ok>{RIGHT})|{WRONG}) {KEMS}\b"
        # ("jouer au kems juste à deux": the game, played only by two — no verdict on a call)
        # ("called kems right in the middle of it", "kems right after": "right" an adverb of time, no verdict)
        rf"|(?<!\bjouer au )(?<!\bjouer aux )(?<!\bplay )\b{KEMS}"
        rf" (?!right (?:in|into|when|as|after|before|away|then|there|now|on|at)\b)"
        rf"(?:(?P<ok2>{RIGHT})|{WRONG}|{WRONGLY})\b"
        rf"(?! (?:a|at|entre|avec|with) )"
        rf"|\b{WRONGLY} (?:called |announced |crie |annonce )?{KEMS}\b")
def _kems_adjective(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("kems_verdict", bool(m.group("ok") or m.group("ok2")))]


#: "nadia's contre kems was wrong", "son contre kems était faux": the accusation said wrong (or right) by the teller
@phrase(rf"(?:(?<=\bcontre kems )|(?<=\bcontre kemps )|(?<=\bcounter kems )|(?<=\bstop kemps )|(?<=\bstop kems ))"
        rf"(?:was|etait|a ete)\s+{WRONG}\b")  # told, past ("… est bon ?" asks: the question's)
def _accusation_was(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("it_was", False)]


@phrase(rf"(?:,|\b(?:and|et))? ?\b(?:(?:(?:which|that|qui|it|il|and it|et qu il|qu il|que il) )"
        rf"(?:n |ne )?(?:was|etait|est|is|had been|avait ete)"
        rf"|(?:ce|ca|cela) (?:n |ne )?(?:etait|avait ete)) (?P<neg>pas |not |ne pas |point )?"
        rf"(?:(?P<ok>{RIGHT})|{WRONG})\b")
def _it_was(m: re.Match[str]) -> list[tuple[str, Any]]:
    """ "…the Kems had been called, and it was right", "c'était pas bon": about the Kems only if a
    Kems came first."""
    return [("it_was", bool(m.group("ok")) != bool(m.group("neg")))]


#: "Gab called stop kemps on us and he was right": the caller said right (or wrong) — the call's verdict, told
phrase(r"(?<=\band )(?:(?:he|she|they|we) )?(?:was|were) (?P<neg>not )?(?:(?P<ok>right|correct)|wrong|mistaken)\b"
       r"(?! (?:about|that|to)\b)")(_it_was)


#: "Anaïs a dit contre kems sur Yann et s'est plantée": the caller got it wrong — it was wrong
@phrase(r"\b(?:et |and )?(?:il |elle |she |he )?(?:se est|s est) (?:plante|plantee|trompe|trompee|loupe|loupee)\b"
        r"(?! (?:sur|avec)\b)|\b(?:and |et )?(?:got it wrong|was wrong about it|messed it up)\b"
        r"|\b(?:just )?turned out (?:to be )?(?:wrong|false|bad)\b"
        r"|\b(?:so |and |et |donc )?(?:he|she|il|elle) (?:was|avait) (?:wrong|tort)\b|\band was wrong\b"
        r"|\bet (?:avait|a eu) tort\b"
        r"|\bs est (?:revele|revelee|avere|averee) (?:faux|fausse)\b")
def _got_it_wrong(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("it_was", False)]


#: "contre-kems sur Clara à tort": the call was wrong (a call word beside it is read first, as a wrong Kems)
@phrase(r"\b(?:a tort|wrongly|par erreur)\b")
def _wrongly(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("it_was", False)]


#: a sign meant for a Kems ("deux signes, un pour kems et un pour …", "one sign for kemps"): what a sign says, no call
phrase(r"\b(?:un|une|one|signe|signal|sign|geste|gesture) (?:pour|for) (?:le |the |dire |saying )?(?:kems|kemps)\b"
       )(_nothing)


#: "shuffle the discard pile and keep going", "on remélange la poubelle": what a table might do when the stock runs
#: out — the alternative a question offers, the ruling's own point (stock-out)
phrase(r"\b(?:reshuffle|shuffle|reuse|flip over|turn over) (?:the )?(?:discards|discard pile|discarded cards|discard"
       r"|pile)(?: and (?:keep|carry on|go on)(?: going| playing)?)?\b"
       r"|\b(?:on )?(?:remelange|remelanger|remelanges|melange|melanger|reprend|reprendre|retourne|retourner)"
       r" (?:la |les )?(?:poubelle|defausse|cartes jetees|cartes defaussees)"
       r"(?: et on (?:continue|repart))?\b")(_nothing)


#: "is that legal or is it one card at a time??", "ou c'est une carte à la fois ?": how many cards an exchange takes,
#: asked — the rule point, answered beside the ruling as compare does
phrase(r"\b(?:or |ou )?(?:is it|is that|c est|ce est|cest) (?:only |just |seulement |juste )?(?:one card|une carte"
       r"|one|1 card|1 carte) (?:at a time|a la fois|per exchange|par echange|par tour)\b"
       r"|\b(?:or |ou )?(?:is it|c est|ce est|cest) (?:1 par 1|une par une|un par un|one by one)\b")(
    _asks("exchange.count", "_count_asked"))


#: "ou c'est 1 par 1 ?", "or one at a time?": the other way a question offers, said as its alternative
phrase(r"\b(?:1 par 1|un par un|une par une|one at a time|one by one|1 at a time|a la fois une)\b")(_nothing)


#: "he says its fine because nobody said no before we started", "it wasn't banned at the start": his argument that
#: nothing was agreed before play — listed, never a negation to place
# (a sweep nobody objected to is read by the sweep's phrases: here only "before we started")
phrase(r"\b(?:because |since |parce que |car )?(?:nobody|no one|noone|personne) (?:said no|objected|complained"
       r"|a dit non|n a rien dit|a rien dit|a proteste) (?:before we started|before the game|before we began"
       r"|at the start|avant de commencer|avant la partie|au debut)\b"
       r"|\b(?:because |since |parce que |car )?(?:it|that|ca|c) (?:was not|wasn t|wasnt|n etait pas|etait pas)"
       r" (?:banned|forbidden|interdit|interdite)(?: (?:at the start|before|beforehand|before we started|au debut"
       r"|avant))?\b")(_claimed)


#: "(Ines a crié kems) à ce moment là", "right then": when what was just told went on — nothing more to read
phrase(r"\b(?:a ce moment la|a ce moment|pile a ce moment(?: la)?|juste a ce moment(?: la)?|right then|at that moment"
       r"|at that very moment)\b")(_nothing)


#: "… and they really had it", "il l'avait bien": the square the call named was there
@phrase(r"\b(?:and |et )?(?:they|he|she) (?:really |actually |did |truly |indeed )?(?:had it|did have it|had one"
        r"|had them)\b(?! (?:in|on|when|yet|before|after|up|out|back|down|first|already|too|then|for|from|there)\b)"
        r"|\b(?:et )?(?:ils|il|elle|elles) (?:l avait|l avaient|le avait|le avaient|la avait) (?:bien|vraiment)\b")
def _had_it(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", True)]


#: "entre temps Ines a crié contre kems", "meanwhile": while what was just told went on — nothing more to read
phrase(r"\b(?:entre temps|entre-temps|pendant ce temps(?: la)?|meanwhile|in the meantime)\b"
       # "(touched the 8 but didn't lift it,) then left it": the card stayed on the table, as "touched" says
       r"|\b(?:then |and |puis |et )?(?:left it|let it go|l a laisse|l a laissee|la laisse)(?: (?:there|on the table"
       r"|sur la table|la))?\b")(_nothing)


#: "… puis reposé en disant qu'il le voulait pas finalement", "saying he didn't want it after all": his word on the
#: card, listed — never a negation to place
phrase(r"\b(?:en disant|en expliquant|saying|claiming) (?:qu |que |that )?(?:il|elle|he|she) (?:ne )?(?:le|la|l)?"
       r" ?(?:voulait|veut|wanted|want|did not want|didn t want|doesn t want|does not want)(?: (?:pas|plus))?"
       r"(?: (?:it|that card|finalement|after all|en fait))?\b")(_claimed)


#: two teams each calling its own Kems at once ("both teams yelled Kems at the same time", "each for their own
#: partner", "les deux équipes ont crié kems"): ``--rival-kems`` — never a Kems against a Contre-Kems
@phrase(r"\b(?:both teams|the two teams|both sides|les deux equipes|chaque equipe|each team)"
        r"(?= (?:[a-z]+ ){0,3}(?:yelled|called|said|shouted|cried|screamed|got|crie|dit|annonce|hurle|fait)"
        r"(?: out)? (?:kems|kemps|quems)\b)"
        r"|\beach (?:one )?(?:for|to) (?:their|his|her) own partner\b|\bchacun pour son (?:partenaire|coequipier)\b"
        r"|\bchacune pour (?:son|sa) (?:partenaire|coequipiere)\b")
def _rival_kems(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("rival_kems", True), ("event_hint", "kems")]


#: "sans ce valet elle a que 3 valets", "without that 8 he only had three": the hand told without the card in dispute
#: — what follows says it; never a negation to place
phrase(rf"\b(?:sans|without) (?:ce|cette|le|la|that|the|this) (?:{FOURTH} )?{RANK}"
       rf"(?= (?:elle|il|she|he|they|ils) (?:n )?(?:a|avait|aurait|had|has|would have|only had|only has)\b)")(_nothing)


#: "personne sait qui a parlé en premier", "nobody knows who said it first": the two calls told together — nothing
#: more to read (the story's "at the same time" says it), never a negation to place
phrase(r"\b(?:personne (?:ne )?sait|on (?:ne )?sait (?:pas|plus)|on sait pas|nobody knows|no one knows|noone knows"
       r"|we don t know|we can t tell|can t tell|impossible de savoir|impossible to tell) (?:qui|who|which)"
       r"(?: (?:one|call))? (?:a |l a |etait |was |went |came |il y a eu )?(?:parle|dit|crie|annonce|spoke|said|called"
       r"|shouted|yelled|le premier|la premiere)?(?: (?:en premier|first|le premier|la premiere|avant|before))?\b")(
    _nothing)


#: a second table size told as a maybe ("on est 6, peut-être 5 si Marc vient pas", "maybe 5 if Tom can't make it"):
#: the first size is answered, this one listed as not read — never a negation to refuse
@phrase(r"\b(?:ou )?(?:peut etre|peut etre meme|sinon|ou bien|maybe|perhaps|or maybe|possibly)"
        r" (?P<n>[2-9]|10|deux|trois"
        r"|quatre|cinq|six|sept|huit|two|three|four|five|six|seven|eight)(?: (?:joueurs|players|people|de nous|of us))?"
        r" (?:si|if) (?:[a-z]+ ){1,2}(?:ne )?(?:vient pas|viennent pas|vient plus|peut pas venir|est pas la"
        r"|does not come|doesn t come|does not show|doesn t show|can not make it|cannot make it|can t make it"
        r"|does not make it|doesn t make it|bails|drops out|leaves)\b"
        # "sinon le cousin arrive et on serait 6", "or 6 if Tom comes", "si le cousin vient on sera 6"
        r"|\b(?:sinon|ou|or|maybe|peut etre) (?:[a-z]+ ){1,3}(?:arrive|vient|viennent|comes|come|shows up|show up"
        r"|joins|join)(?: (?:aussi|too|as well))? (?:et |and |then |alors )?(?:on serait|on sera|we d be|we would be"
        r"|we will be|we ll be|that s|that makes|ca fait|ca ferait)"
        r" (?P<n2>[2-9]|10|deux|trois|quatre|cinq|six|sept|huit|two|three|four|five|six|seven|eight)\b"
        r"|\b(?:or|ou) (?P<n3>[2-9]|10|deux|trois|quatre|cinq|six|sept|huit|two|three|four|five|six|seven|eight)"
        r" (?:if|si) (?:[a-z]+ ){1,2}(?:comes|come|shows up|joins|vient|arrive|est la)\b"
        # "on est 5 ce soir, 6 si Ben arrive"
        r"|\b(?P<n5>[2-9]|10|six|sept|huit|seven|eight)(?: (?:joueurs|players))? (?:si|if)"
        r" (?:[a-z]+ ){1,2}(?:arrive|vient|est la|comes|shows up|joins)\b"
        # "sinon Max ramène sa copine et on est 6"
        r"|\b(?:sinon|ou|or) (?:[a-z]+ ){1,2}(?:ramene|amene|brings|invite|invites) (?:[a-z]+ ){1,2}(?:et|and)"
        r" (?:on est|on sera|on serait|we re|we are|we d be|we ll be) (?P<n6>[2-9]|10|six|sept|huit|six|seven|eight)\b"
        # "on peut jouer a 5 ? et a 6 faut 2 jeux ?", "and with 8?": a second size asked
        r"|\b(?:(?:et|ou) a|(?:and|or) (?:with|at)) (?P<n7>[2-9]|10|six|sept|huit|seven|eight)\b"
        r"(?! (?:points|point|pts|pt|cartes|cards|carte|card|lettres|letters)\b)"
        # "sinon on attend Léo pour être 6", "or we wait for Tom to be 6"
        r"|\b(?:sinon |ou |or |otherwise )?(?:on attend|we wait for|we could wait for|on pourrait attendre)"
        r" (?:[a-z]+ ){1,2}(?:pour etre|pour faire|to be|to make it|and be) (?P<n4>[2-9]|10|deux|trois|quatre|cinq"
        r"|six|sept|huit|two|three|four|five|six|seven|eight)\b")
def _maybe_size(m: re.Match[str]) -> list[tuple[str, Any]]:
    """A second table size, told as a maybe: answered beside the first (a question on the table's size)."""
    return [("players_also", _number(m.group("n") or m.group("n2") or m.group("n3") or m.group("n4") or m.group("n5")
                                     or m.group("n6") or m.group("n7")))]


#: the game named as a game ("on peut jouer au kems à deux ?", "can we play kemps just the two of us"): no call
phrase(r"\b(?:jouer|joue|jouons|jouez) (?:au|aux|a) (?:kems|kemps|quems)\b"
       # "ça se joue le kems à 6 ?", "on peut jouer le kems à 5": the game named
       r"|\b(?:se joue|jouer|joue) le (?:kems|kemps|quems)(?: (?:a|en) (?P<n>[2-9]|10|deux|quatre|cinq|six|huit))?\b"
       # "comment on fait pour le kems", "ça passe pour un kems ?": the game itself
       r"|(?:(?<=\bcomment on fait )|(?<=\bcomment faire )|(?<=\bca passe )|(?<=\bca marche )|(?<=\bsuffit )"
       r"|(?<=\bassez )|(?<=\benough )|(?<=\bok )|(?<=\bfine )|(?<=\bequipes )|(?<=\bteams )|(?<=\bjoueurs )"
       r"|(?<=\bplayers ))(?:pour|for) (?:le |un |a |au )?(?:kems|kemps|quems)\b"
       # "on joue kemps façon pagat", "we play kemps the pagat way": the game named with its rules
       r"|\b(?:on joue|jouer|joue|we play|we re playing|playing)(?: au| le| a)? (?:kems|kemps|quems)"
       r"(?= (?:facon|version|selon|avec|regles|style|like|with|by|a la|sauce|comme|en|the)\b)"
       # "kemps règles pagat : …", "kems, pagat rules:": the game named at the head of the story, with its rules
       # ("kems, ducale" is a Kems told under Ducale: only a word for rules right after the game's names it)
       r"|^ *(?:kems|kemps|quems)(?=[ ,:;-]+(?:regles|rules|facon|version|style|selon|sauce|a la|avec les regles)\b)"
       r"|\b(?:can we|could we|we|to|you|i|they|how to|let us|lets) play (?:kems|kemps|quems)\b"
       # "how many points do you need to win kems?", "pour gagner au kems": the game won, no call
       r"|\b(?:to win|win|winning|gagner) (?:at |a |au )?(?:kems|kemps|quems)\b"
       # "how many points do u play to in kems?", "does that count as him having kems?": the game, the square
       r"|\b(?:play|go) (?:up )?to in (?:kems|kemps|quems)\b"
       r"|\b(?:as (?:him|her|me|them) )?having (?:a )?(?:kems|kemps)\b"
       r"|\b(?:avait|had|a|has|ai|avais)(?: pas)?(?: encore| yet)? (?:son|sa|his|her|mon|my) (?:kems|kemps)\b")(
    _nothing)


#: "et d'en avoir deux ?", "and also keep a second one as backup": how many signals a team may have (of signals)
@phrase(r"\b(?:en avoir|de en avoir|d en avoir|to have|keep|garder|en garder|(?<=\bor )have|(?<=\bou )avoir)"
        r"(?: also| aussi)?"
        r" (?:deux|two|2|a second one|another one|plusieurs|several|un deuxieme|un second|un autre)"
        r"(?: (?:as backup|as a backup|as a spare|en secours|de secours|en plus|de rechange|signals|signs|signes"
        r"|signaux))?\b"
        r"(?! (?:cards|cartes)\b)")
def _signals_count(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("rule_point", "signal.count")]


#: a question on how many cards one exchange may move ("how many cards can you swap at a time?", "je peux prendre
#: deux cartes d'un coup ?", "combien de cartes on peut échanger ?"): the rule point asked, answered as compare does
#: (an exchange told with its order or its cards stays a dispute: session.rules_question)
SWAP_VERB = (r"(?:swap|exchange|trade|take|pick up|grab|change|switch|draw|dump|echanger|prendre|changer|ramasser"
             r"|piocher|poser|deposer)")
SWAP_AT_ONCE = (r"(?:at once|at a time|in one go|at the same time|all at once|per turn|per exchange|each time"
                r"|de un coup|d un coup|a la fois|en une fois|en meme temps|par tour|par echange|du coup)")


phrase(rf"\bhow many cards (?:can|may|could|do|should|are|is) (?:i|we|you|one|they|he|she|players|a player"
        rf"|each player|[a-z]+)(?: (?:be allowed|allowed))?(?: to)? {SWAP_VERB}(?: up)?(?: {SWAP_AT_ONCE})?\b"
        rf"|\b(?:can|may|could|is it ok to|are we allowed to|am i allowed to|is he allowed to|is she allowed to"
        rf"|are you allowed to)(?: (?:i|we|you|one|he|she|they|[a-z]+))? {SWAP_VERB}(?: up)?"
        rf" (?:two|three|four|2|3|4|several|multiple|more than one|a few|many) cards(?: up)? {SWAP_AT_ONCE}\b"
        rf"|\bcombien de cartes (?:(?:on peut|peut on|je peux|peut il|peut elle|peux je|a t on le droit de"
        rf"|on a le droit de|est ce que on peut|faut il|il faut|doit on|on doit) {SWAP_VERB}|on echange|on prend"
        rf"|on change)(?: {SWAP_AT_ONCE})?\b"
        rf"|\b(?:on |je |il |elle )?(?:echange|echanges|prend|prends|peut echanger|peut prendre|peux echanger"
        rf"|peux prendre) combien de cartes(?: {SWAP_AT_ONCE})?\b"
        rf"|\b(?:je peux|on peut|peut on|il peut|elle peut|est ce que on peut|est ce que je peux|a t on le droit de"
        rf"|on a le droit de|ai je le droit de|je ai le droit de|peux je) {SWAP_VERB}"
        rf" (?:deux|trois|quatre|2|3|4|plusieurs) cartes {SWAP_AT_ONCE}\b")(_asks("exchange.count", "_count_asked"))



#: the exchange's order, asked as its two ways ("do i drop my card first or take first?", "je pose d'abord ou je
#: prends d'abord ?"): the rule point, never a told order
phrase(r"\b(?:do (?:i|we|you) )?(?:drop|put|put down|discard|lay down|pose|poser|depose|deposer)(?: (?:my card|mine"
        r"|ma carte|one|une carte|a card))?(?: down)? (?:first|en premier|de abord|dabord) (?:or|ou)"
        r"(?: (?:do (?:i|we|you)|je|on|is it))? (?:take|pick up|grab|draw|prends|prendre|prend|ramasse|pioche)"
        r"(?: (?:one|une|a card|une carte))? (?:first|en premier|de abord|dabord)\b"
        r"|\b(?:take|pick up|grab|prends|prendre|prend) (?:first|en premier|de abord|dabord) (?:or|ou)"
        r"(?: (?:do (?:i|we|you)|je|on))? (?:drop|put|put down|discard|pose|poser|depose)(?: down)?"
        r" (?:first|en premier|de abord|dabord)\b")(_asks("exchange.order", "_order_asked"))


#: "prendre la dame au milieu et (de) poser mon 3 juste après": taken, then put down — the order told
@phrase(r"\b(?:prendre|prends|prend|pris) (?:la |le |une |un )?(?:[a-z0-9]+ )?(?:au milieu|du milieu|au centre"
        r"|du centre) (?:et|puis) (?:de )?(?:poser|pose|reposer|deposer|jeter) (?:mon|ma|sa|son|une|un|le|la|mes|ses)"
        r" [a-z0-9]+(?: (?:juste )?(?:apres|ensuite))?\b")
def _taken_then_put(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("take_first", True), ("event_hint", "exchange")]


#: "sans poser les siennes d'abord", "without putting his down first": taken before putting down
@phrase(r"\b(?:sans|without) (?:avoir )?(?:pose|poser|deposer|depose|putting|dropping|laying)(?: down)?"
        r" (?:les siennes|la sienne|ses cartes|sa carte|his own|her own|his|hers|his cards|her cards|one of his"
        r"|one of hers|les miennes|la mienne|mine)(?: down)?(?: (?:de abord|dabord|avant|en premier|first))?\b"
        # "(a chopé deux cartes au milieu d'un coup) AVANT de poser les siennes" (a take told just before is read
        # with its own order by _order)
        r"|(?:(?<=\bcoup )|(?<=\bfois )|(?<=\bensemble ))avant de (?:poser|reposer|deposer|jeter|defausser)"
        r" (?:les siennes|la sienne|ses cartes|sa carte"
        r"|les miennes|la mienne|mes cartes|ma carte)\b")
def _without_putting_first(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("take_first", True), ("event_hint", "exchange")]


#: "(I picked up a 6) and hadn't put anything down yet", "et j'avais encore rien posé": a card taken and none put
#: down — five cards held, the breach itself (as "had 5 cards"), never a refused negation
@phrase(r"\b(?:and |et )?(?:(?:i|he|she|we|they) )?(?:hadn t|had not|haven t|hasn t|didn t|had yet to|hadnt|didnt)"
        r" (?:put|dropped|drop|discarded|discard|laid|put down|thrown)(?: (?:anything|a card|any card|my card|his card"
        r"|her card|one|mine|his|hers))?(?: down| away)?(?: yet)?\b"
        r"|\b(?:et )?(?:j avais|il avait|elle avait|j ai|il a|elle a|avait|avais) (?:encore |toujours )?(?:rien|pas)"
        r" (?:encore |toujours )?(?:pose|jete|defausse|depose|repose|remis)(?: (?:de carte|ma carte|sa carte))?"
        r"(?: encore)?\b")
def _none_put_down(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("over_limit", 5), ("event_hint", "exchange")]


#: which deck, asked by its two sizes ("is it 32 or 52 cards?", "on joue à 32 ou à 52 ?"): the deck's rule point
phrase(r"\b(?:a )?(?:32|36|52|54) (?:ou|or) (?:a )?(?:32|36|52|54)(?: (?:cartes|cards))?\b")(
    _asks("deck.size", "_deck_asked"))


#: whether a caller may call again, asked ("can he call it again later in the same round?", "il peut le refaire
#: plus tard ?"): what a wrong accusation does to its caller's later calls (call.contre_kems.after_wrong)
phrase(r"\b(?:can|may|could|is|peut|peuvent|peux|a t il le droit de|a t elle le droit de|a le droit de)"
        r"(?: (?:he|she|they|i|we|il|elle|ils|je|on))?(?: still| encore| toujours)?(?: allowed to)?"
        r" (?:call|say|make|faire|dire|annoncer|refaire|redire"
        r"|recall|try)(?: (?:it|one|un|le|la|another|a new one|un autre|contre kems|another contre kems"
        r"|a contre kems|un contre kems))? (?:again|encore|de nouveau|a nouveau|une autre fois|later|plus tard"
        r"|encore une fois)(?: (?:later|plus tard))?(?: (?:in the same (?:round|hand)|dans la meme manche"
        r"|pendant la manche|this (?:round|hand)))?\b"
        r"|\b(?:can|may|could|is) (?:he|she|they) (?:still )?(?:allowed to )?(?:call|say|make) (?:it|one"
        r"|contre kems|a contre kems|counter kems|stop kemps)? ?(?:later|later on)"
        r"(?: (?:this|in the same|in this) (?:hand|round))?\b"
        r"|\b(?:a|a t il|a t elle|ont) le droit (?:de |d )?(?:en )?(?:refaire|redire|reannoncer|recrier)(?: un| une)?"
        r"(?: (?:dans la meme manche|plus tard|pendant la manche))?\b"
        r"|\b(?:peut|peuvent) (?:il|elle|ils) (?:encore|toujours) (?:faire|dire|annoncer) (?:un )?"
        r"(?:contre kems|contre)(?: (?:plus tard|dans la manche|pendant la manche))?\b")(
    _asks("call.contre_kems.after_wrong", "_call_again_asked"))


#: who may ask for the middle to be swept ("who's allowed to ask for a sweep?", "qui décide de balayer le milieu ?")
phrase(r"\b(?:who|qui) (?:is |s |can |may |peut |a le droit de |gets to |decides? (?:to |de )?|decide (?:de |d )?)?"
        r"(?:allowed to |le droit de )?(?:ask for |call for |request |demander |propose |proposer |order )?"
        r"(?:a |the |le |un )?(?:sweep|balayage|balayer)(?: (?:le milieu|the middle|the center))?\b")(
    _asks("sweep.trigger", "_sweep_asked"))


#: whether a card just taken may go straight back ("can i put back the same card i just took?"): exchange.retake
phrase(r"\b(?:put back|give back|throw back|reposer|remettre|rejeter) (?:the same card|la meme carte"
        r"|the card (?:i|he|she) just took|la carte que (?:je|il|elle) (?:viens|vient) de prendre)\b")(
    _asks("exchange.retake", "_retake_asked"))


#: identical cards at the deal, asked without their rank ("si quelqu'un a 3 cartes pareilles au début ?"): the rule
#: on dealt identical cards
phrase(r"\b(?:[2-4]|deux|trois|quatre|two|three|four) (?:cartes |cards )?(?:pareilles|identiques|identical|alike"
        r"|of a kind|the same|de la meme valeur|de meme valeur) (?:au debut|des le debut|a la donne|at the start"
        r"|at the beginning|at the deal|from the deal|in the deal|des la donne|right from the deal)\b")(
    _asks("deal.identical_cards", "_identical_asked"))


#: "(son partenaire avait pas de carré) non plus", "(no square) either": the second hand the same, read with it
phrase(r"(?:(?<=\bcarre )|(?<=\bcarres )|(?<=\brien )|(?<=\bsquare )|(?<=\bkind ))(?:non plus|either)\b"
       r"(?! (?:had|did|has|does|was)\b)")(_nothing)
#: "et si jamais…", "if ever…": a hypothetical, no negation
phrase(r"\b(?:et )?si jamais\b|\bif ever\b")(_nothing)
#: "(pas encore dans ma main)", "not yet in my hand": the lifted card's state — the point the story asks about
phrase(r"\b(?:pas encore|not yet|pas tout a fait|not quite) (?:dans|en|in) (?:ma |sa |la |my |his |her |the )?"
       r"(?:main|hand)\b")(_nothing)


#: "je lui avais même pas fait le signe", "I didn't even give him the sign": no sign made before the call — how the
#: caller came to call, listed, never a negation to refuse
@phrase(r"\b(?:(?:je |il |elle |on )?(?:lui |leur )?(?:avais|avait|ai|a|avions) (?:meme |encore |jamais )?pas"
        r" (?:encore |meme )?fait (?:le |de |mon |son |notre |aucun )?(?:signe|signal)"
        r"|(?:i|he|she|we) (?:did not|didn t|had not|hadn t|never)(?: even)? (?:given|give|made|make|done|do|sent)"
        r" (?:him |her |them )?(?:the |a |my |his |her |our |any )?(?:sign|signal))\b")
def _no_sign_made(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: "personne l'avait interdit avant", "nobody had banned it": the table agreed on nothing against it — said, listed
phrase(r"\bpersonne (?:ne )?(?:l |le |la )?(?:avait|a|avions|as) (?:jamais )?(?:interdit|interdite"
       r"|dit que c etait interdit)(?: avant| au debut| avant la partie)?\b"
       r"|\b(?:nobody|no one) (?:had |has )?(?:ever )?(?:banned|forbidden|forbade|ruled out)"
       r"(?: it| that)?(?: before| beforehand| at the start)?\b")(_nothing)


#: "(ils) font contre kems dès qu'on se touche le visage", "they call stop kemps every time we…": a habit told as
#: the background of a question, no call in dispute — listed
@phrase(r"\b(?:font|fait|faisaient|disent|crient|criaient|annoncent|keep calling|keeps calling|kept calling|call|calls"
        r"|called|shout|yell) (?:un |a )?(?:contre kems|contre kemps|stop kemps|counter kems|kems|kemps)"
        r" (?:des que|des qu|a chaque fois que|a chaque fois qu|chaque fois que|chaque fois qu|whenever|every time"
        r"|each time|as soon as)\b")
def _habitual_call(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: "on s'était mis d'accord avant sur deux", "we'd agreed on two beforehand": what the table agreed before play —
#: said, listed (never a time to place)
@phrase(r"\b(?:on |nous |ils |elles )?(?:se |s )?(?:etait|etaient|est|etions|sont) (?:mis|mise|mises) (?:d|de) accord"
        r"(?: (?:avant|au debut|avant la partie|avant de jouer))?"
        r"(?: (?:sur|pour) (?:deux|2|un|plusieurs)(?: signes)?)?\b"
        r"|\b(?:we|they) (?:had )?agreed (?:on )?(?:two|2|several)?(?: signs| signals)?"
        r" (?:beforehand|before(?: the game)?"
        r"|in advance|at the start)\b")
def _agreed_before(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: "do we have to keep it till the end", "faut le garder jusqu'à la fin de la partie": the other way a question on
#: changing the signal offers — its own words, no time to place
phrase(r"\b(?:keep it|keep the same one|keep the same sign|keep the same signal|keep our sign|le garder|garder le meme"
       r"|le meme) (?:until|till|til|jusqu a|jusque a|jusqu) (?:the end|la fin)"
       r"(?: of the game| de la partie)?\b")(_nothing)


#: "je les montre et je repioche 3 cartes", "le même ou celui d'à côté": a remedy or an alternative a player puts
#: forward — the question's own words, said
phrase(r"\b(?:je |on |il |elle )?(?:les )?(?:montre|montrer|show them) (?:et|and) (?:je |on |i )?(?:repioche|pioche"
       r"|reprends|reprend|tire|retire|draw|redraw) (?:[1-4]|un|deux|trois|quatre|three|new)(?: autres| other)?"
       r" (?:cartes|cards)\b"
       r"|\b(?:the team that (?:scored|won(?: the point| the hand)?)|l equipe qui a (?:marque|gagne))(?:,? (?:or|ou)"
       r" (?:just )?(?:go to the left|the next (?:player|person)|to the left|le suivant|a gauche))?\b"
       r"|\b(?:le meme|la meme|the same(?: one)?) (?:ou|or) (?:celui|celle|the one|the player) (?:d a cote|de a cote"
       r"|a gauche|a droite|a sa gauche|a sa droite|de gauche|de droite|next to (?:him|her|them)|to the left"
       r"|to the right|on (?:his|her|their) left|on (?:his|her|their) right)\b"
       # "le 5eme il joue tout seul ?", "the fifth one plays alone?": the player a table of five leaves over
       r"|\b(?:le 5eme|le 5e|le cinquieme|la cinquieme|the fifth(?: one| player| person| guy)?|the 5th(?: one)?)\b"
       )(_nothing)


#: "a double kems can't be countered", "un double kems ne peut pas être contré": a rule a player states, no call told —
#: listed (the ruling says what the source holds)
@phrase(r"\b(?:a|an|the|un|le) (?:double kems|double kemps|kems|kemps|contre kems|stop kemps)"
        r" (?:can not|cannot|can t|could not|couldn t|ne peut pas|ne peut|peut pas|n est pas|is not|isn t|never)"
        r" (?:be |etre |get )?(?:countered|contre|contree|contrer|beaten|stopped|cut|cancelled|annule)\b")
def _rule_stated(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: "I had nothing, not even a pair", "j'avais rien, même pas une paire": no square, said again — never a negation
phrase(r"\b(?:not even|pas meme|meme pas|not a single|pas une seule|not one) (?:a |une |one |un )?(?:pair|paire"
       r"|single pair|deux pareilles|two alike)\b")(_nothing)


#: "when my team makes kemps", "our team got a kemps": a Kems that scored — right
@phrase(r"\b(?:my|our|their|his|her|the other|your|one|a|the) team (?:makes|made|gets|got|scores|scored) (?:a |the )?"
        r"(?:right |correct |good )?(?:kems|kemps)\b")
def _team_made_kems(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("kems_verdict", True)]


#: "is one deck enough?", "un seul paquet ça suffit ?": how many decks the table needs — asked beside
phrase(r"\b(?:is )?(?:one|a single|1|just one) (?:deck|pack) (?:enough|ok|fine|sufficient)\b"
       # (the game's name is read before: "jouer au kems avec un seul paquet" is read from "avec")
       r"|(?:(?<=\bkems )|(?<=\bkemps ))(?:with|avec) (?:just |only |juste )?(?:one|a single|1|un seul|un)"
       r" (?:deck|pack|paquet|jeu)\b(?! (?:of|de)\b)"
       r"|\b(?:play|jouer|joue) (?:with|avec) (?:just |only |juste )?"
       r"(?:one|a single|1|un seul"
       r"|un) (?:deck|pack|paquet|jeu)\b(?! (?:of|de)\b)"
       r"|\b(?:avec|with) (?:un seul|just one|only one|a single) (?:paquet|jeu|deck|pack)\b(?! (?:of|de)\b)"
       r"|\bun (?:seul )?(?:jeu|paquet)(?: de cartes)?(?: ca)? (?:suffit|ca suffit|c est assez)\b"
       # "mais faut 2 jeux de cartes ?", "do we need two decks?"
       r"|\b(?:il )?(?:faut|faudra|faudrait|need|needs|do we need|will we need) (?:2|deux|two|plusieurs|several)"
       r" (?:jeux|paquets|decks|packs)(?: (?:de cartes|of cards))?\b"
       # "(2 paquets) ou 1 suffit ?", "or is one enough"
       r"|\b(?:ou|or) (?:is )?(?:1|un|un seul|one|just one)(?: (?:jeu|paquet|deck|pack))? (?:suffit|ca suffit|is enough"
       r"|enough)\b")(
    _asks("players.decks", "_decks_enough_asked"))


#: "6 of us, 3 teams", "on est 8, 4 équipes": the teams a table of pairs makes — said with the table's size
phrase(r"(?<!contre les )(?<!contre )(?<!against the )(?<!against )(?<!vs the )(?<!vs )"
       r"\b(?:2|3|4|two|three|four|deux|trois|quatre) (?:teams|equipes)\b(?! (?:of|de)\b)")(_nothing)


#: "while the dealer was still swapping out the 4 middle cards", "pendant que le donneur remplaçait les cartes du
#: milieu": the dealer renewing the middle — the sweep (never a player's exchange)
@phrase(r"\b(?:the dealer|le donneur|la donneuse|the dealer s)(?: (?:was|were|is|etait))?(?: (?:still|encore))?"
        r" (?:swapping out|switching out|swapping|replacing|changing|renewing|remplacait|changeait|renouvelait"
        r"|remplace|change|renouvelle) (?:the |les )?(?:4 |four |quatre )?(?:middle |centre |center )?(?:cards|cartes)"
        r"(?: du milieu| du centre| in the middle| of the middle)?\b")
def _dealer_renewing(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("during_sweep", True), ("event_context", "sweep")]


#: "she showed me 2 cards", "il m'a montré deux cartes": the accused's proof — the accusation was found wrong
@phrase(r"\b(?:she|he|il|elle|they|ils|i|je|j)(?: (?:then|just|ensuite))? (?:showed|shows|show|a montre|montre"
        r"|m a montre|me a montre|nous a montre|ai montre|lui ai montre|le ai montre)(?: (?:me|us|moi|nous|him|her"
        r"|them|lui|leur))? (?:2|two|deux) (?:different |differentes )?"
        r"(?:cards|cartes)"
        r"(?: (?:differentes|different))?\b")
def _shown_two(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("shown_two", True)]


#: "can I tell my partner what cards she showed me?": what the caller may pass on — the proof point, asked beside
phrase(r"\b(?:can|may|could|peux|peut)(?: (?:i|he|she|je|il|elle))? (?:tell|say to|show|dire a|montrer a|reveler a)"
       r" (?:my|his|her|mon|ma|son|sa) (?:partner|teammate|partenaire|coequipier|coequipiere)\b"
       # "et je dois montrer mes cartes à toute la table ?", "do I have to show my whole hand?": what is shown, asked
       r"|\b(?:(?:je|il|elle|on|i|he|she) )?(?:dois|doit|dois je|doit il|doit elle|faut il|must|have to|has to"
       r"|do i have to|does (?:he|she) have to|need to) (?:montrer|show|reveler|reveal)"
       r"(?: (?:him|her|them|lui|leur|everyone|tout le monde))? (?:mes|ses|toutes mes|toutes ses"
       r"|sa|ma|my|his|her|my whole|his whole|her whole|all my|all his|all her|all (?:of )?(?:my|his|her))"
       r" (?:cartes|cards|main|hand)(?: (?:a toute la table|a tout le monde|to everyone|to the whole table"
       r"|to the table))?\b")(
    _asks("call.contre_kems.proof", "_tell_partner_asked"))


#: "it was her partner Dan who had the four kings, not her", "c'est son partenaire qui l'avait, pas elle": the
#: player named first held no square (the square said of the other)
@phrase(r"(?:(?<=\bkings )|(?<=\bqueens )|(?<=\bjacks )|(?<=\baces )|(?<=\bsquare )|(?<=\bkind )|(?<=\bcarre )"
        r"|(?<=\brois )|(?<=\bdames )|(?<=\bvalets )|(?<=\bas )|(?<=\bit )|(?<=\bavait )|(?<=\bhad )|(?<=\bone ))"
        r"(?:not|pas) (?:her|him|elle|lui)(?: herself| himself| meme)?\b(?! (?:partner|teammate|partenaire))")
def _not_the_named(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", False)]


#: "nous on dit non", "they say no": a table's disagreement — said, never a negation to place
phrase(r"\b(?:on|nous|eux|ils|elles|elle|il|je|they|we|he|she) (?:dit|disent|dis|disons|say|says|said) non\b"
       r"|\b(?:qui |vous |ils |on |nous )?(?:gagnez|gagne|gagnent|gagnons|marquez|marque|marquent) rien\b")(_nothing)
#: "deux rois et deux 7 donc raté": the accusation missed — found wrong
phrase(r"\b(?:donc|so|alors) (?:c est |ce est |c etait |ce etait |it was )?(?:rate|raté|foire|a cote|wrong|missed)\b")(
    lambda m: [("shown_two", True)])


#: "elle avait vu le signe avant", "she'd seen the sign before": when the caller saw the sign — her claim, listed
@phrase(r"\b(?:(?:elle|il|je|on) )?(?:avait|avais|a|ai) vu le (?:signe|signal)"
        r"(?: (?:avant|before|en premier|d abord))?\b"
        r"|\b(?:she|he|i) (?:had )?(?:seen|saw) the (?:sign|signal)(?: (?:before|first|earlier))?\b")
def _sign_seen_before(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: "(contre kems) avant qu'il le range dans sa main", "before he put it in his hand": the lifted card not yet among
#: the others — what "lifted" means, said of the card the story lifts
phrase(r"\b(?:avant que|avant qu|before) (?:il|elle|he|she) (?:ne |n )?(?:le |la |l |it )?(?:range|mette|ait range"
       r"|ait mis|ait pu ranger|put|had put|could put|got) (?:it )?(?:dans sa main|en main|in his hand|in her hand"
       r"|into his hand|into her hand)\b")(_nothing)


#: "nobody was looking at my sign", "my partner didn't see my sign", "personne regardait mon signe": why a call was made
#: (or not) — and "he only saw my sign, not my cards": one reader, who saw the sign
@phrase(r"\b(?:nobody|no one|noone|personne)(?: (?:was|were|is|ne|n))? (?:looking|watching|looked|watched|saw|noticed"
        r"|seeing|paying attention|regardait|regarde|voyait|a vu|avait vu|remarquait|a remarque|faisait attention)"
        r"(?: (?:at|to|a))? (?:my|our|his|her|the|mon|notre|son|sa|le|la) (?:sign|signal|signe)\b"
        r"|\b(?:my|his|her|mon|ma|son|sa) (?:partner|teammate|partenaire|coequipier|coequipiere)"
        r" (?:did not|didn t|never|had not|hadn t|n a pas|a pas|avait pas|ne avait pas|n avait pas|ne a pas)"
        r" (?:see|seen|notice|noticed|catch|caught|vu|remarque|capte) (?:my|the|our|mon|le|notre)"
        r" (?:sign|signal|signe)\b"
        r"|\b(?:my|his|her|mon|ma|son|sa) (?:partner|teammate|partenaire|coequipier|coequipiere)"
        r" (?:missed|rate|a rate|loupe|a loupe) (?:my|the|our|mon|le|notre) (?:sign|signal|signe)\b"
        # "bc my partner wasnt looking", "ma partenaire regardait pas"
        r"|\b(?:my|his|her|mon|ma|son|sa) (?:partner|teammate|partenaire|coequipier|coequipiere)"
        r" (?:was not|were not|never was|ne regardait pas|regardait pas|ne faisait pas attention|faisait pas attention)"
        r"(?: (?:looking|watching|paying attention))?(?: (?:at me|at my sign|at the sign))?\b"
        # "he only saw my sign, not my cards", "il a juste vu mon signe, pas mes cartes": what the caller went on
        r"|\b(?:(?:he|she|they|il|elle|ils) )?(?:only |just |juste |seulement )?(?:saw|seen|spotted|a vu|avait vu|vu"
        r"|a repere) (?:my|our|the|his|her|mon|notre|le|son|sa) (?:sign|signal|signe)(?: (?:not|pas|but not|mais pas"
        r"|and not|et pas) (?:my|our|the|his|her|mes|nos|les|ses) (?:cards|hand|cartes|main|jeu))?\b")
def _who_saw_the_sign(m: re.Match[str]) -> list[tuple[str, Any]]:
    """Who saw the sign, or did not: said, listed — never a negation to refuse (a call is ruled on the hand)."""
    return [("unread", True)]


#: "(changer de signe) entre deux manches", "between hands": when a change is asked about — the question's own words
phrase(r"(?<!signe )(?<!signal )(?<!sign )(?<!signs )(?<!signals )(?<!signes )(?<!it )(?<!them )(?<!change )"
       r"(?<!changer )(?<!changed )(?<!switch )(?<!switched )(?<!en )"
       r"\b(?:genre |like )?(?:entre deux manches|entre les manches|between (?:two )?hands|between rounds)\b")(_nothing)


#: "il avait pas kems", "he didn't have kems": no square — the word for the square, never a call
@phrase(r"\b(?:avait|a|had|has)(?: pas| not| no)(?: encore| yet)? (?:de |un |a )?(?:kems|kemps)\b"
        r"|\b(?:did not|didn t|does not) (?:have|had) (?:a )?(?:kems|kemps)\b")
def _no_kems_held(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", False)]


#: "il avait pas encore posé sa carte", "he hadn't put his card down yet": the card to put down still held — said
@phrase(r"\b(?:avait|a|had|has)(?: pas| not)(?: encore| yet)? (?:pose|posee|depose|jete|put down|put|laid down|dropped)"
        r" (?:sa|son|la|le|his|her|the|a|une)(?: (?:carte|card|propre carte))?(?: down| yet)?\b")
def _not_put_down_yet(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: "no signal seen", "sans voir de signe": how the caller came to call, listed — never a negation to refuse
@phrase(r"\b(?:no |without (?:a |any |seeing (?:a |any )?)?|sans (?:voir )?(?:de |le |aucun )?)(?:signal|sign|signe)"
        r"(?: (?:seen|vu|spotted|given|fait|donne))?\b")
def _no_sign_seen(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unread", True)]


#: "we just got caught by a Stop Kemps", "on s'est fait griller": the accusation found a square
@phrase(r"\b(?:we|they|he|she|i) (?:just )?(?:got|were|was|have been|had been) caught\b"
        r"|\b(?:on|ils|il|elle) (?:se est|s est) fait (?:griller|choper|pincer|prendre)\b")
def _got_caught(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", True)]


#: "Sofia a distribué 5 cartes à chacun", "he dealt five cards each": how many cards a hand is dealt — the rule point
@phrase(r"\b(?:give|gives|gave|giving|deal|deals|dealt) (?:everyone|everybody|each player|each of us|all players"
        r"|every player) (?:[4-8]|four|five|six) cards\b"
        r"|\b(?:(?:a |avait |ont |has |had )?(?:distribue|donne|dealt|deals|dealing|deal|distribuer|donner)"
        r"|(?:we |on )?(?:play|plays|playing|joue|jouons|jouer) with|(?:on )?joue avec|avec)"
        r" (?:[4-8]|quatre|cinq|six|four|five|six) (?:cartes|cards)"
        r" (?:a chacun|chacun|a chaque joueur|a tout le monde|par joueur|par personne|each|to each player|to each"
        r"|per player|in hand each|en main chacun"
        r"|to everyone|to everybody|apiece)\b")
def _dealt_each(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("rule_point", "deal.hand_size")]


#: "we're on default rules", "normal rules", "les règles normales": the default convention, which rules anyway
phrase(r"\b(?:we are |we re )?(?:on |using |with |playing |under |by )?(?:the )?(?:default|normal|usual|standard"
       r"|regular|classic)(?: french)? rules\b|\b(?:les |aux |avec les )?regles (?:normales|classiques|habituelles"
       r"|de base)\b")(_nothing)


#: "but it was actually Leo's partner Nico who had the 4 kings", "en fait c'était son partenaire qui les avait": the
#: square was the partner's — the accused player's own hand held none (by _hands; the partner's words read as ever)
@phrase(r"\b(?:but |mais )?it (?:was|were) (?:actually |really |in fact )"
        r"(?=(?:his|her|their|[a-z]+) (?:partner|teammate"
        r"|mate|team mate)\b)"
        r"|\b(?:mais )?en fait (?:ce etait|ce est|c etait) (?=(?:son|sa|leur|le) (?:partenaire|coequipier|equipier"
        r"|coequipiere|equipiere)\b)")
def _other_holder(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("other_holder", True)]


#: "cinq minutes après", "two seconds later": a time, never cards ("a second signal" is no time)
phrase(r"\b(?:[0-9]+|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|quinze|vingt|trente|two|three|four|five|six|seven"
       r"|eight|nine|ten|fifteen|twenty|thirty|few|quelques) (?:minutes|secondes|seconds|mins|heures|hours)\b"
       r"|\b(?:a|one|une|un) (?:minute|heure|hour)\b"
       r"|\b(?:half a|a half|a split|split|une demi|une fraction de) (?:second|seconde|secondes)\b"
       r"|\b(?:a|one|une) (?:second|seconde)(?= (?:later|after|plus tard|apres|before|avant|earlier)\b)")(_nothing)


#: "holding 5 cards for a sec", "5 cartes en main (genre) une seconde": how long it lasted — nothing more to read
phrase(r"\b(?:(?:for|pendant|genre|like|just|juste|only|seulement)(?: (?:like|genre))? (?:a|une|1|one|un)"
       r"|(?<=\bmain )(?:une|1)|(?<=\bhand )(?:a|one)) (?:sec|secs|second|seconde|secondes|instant|moment)\b"
       r"(?! (?:signal|sign|signe|one|time|fois|kems|kemps|contre|counter|stop|double|later|after|plus|apres|before"
       r"|avant|earlier)\b)")(_nothing)


#: the callers told right or wrong ("the other team just called Kemps and they were right", "et ils avaient
#: raison"): a verdict on the call, read as "it was right"
#: (past tense only: "ils ont raison ?" asks whether they are right — the question, never a fact)
@phrase(r"(?<!\bis )(?<!\bwas )(?<!\bare )\b(?:and |et )?(?:they|ils|elles|both|les deux|tous les deux|they both"
        r"|both of them|both calls)(?: (?:both|tous les deux))? (?:were|had been|avaient|etaient)"
        r" (?:(?P<ok>right|correct|raison)|wrong|tort)\b")
def _they_were(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("it_was", bool(m.group("ok")))]


@phrase(r"\b(?:while|as|when|pendant que|pendant qu|alors que|tandis que) (?:[a-z]+ )?(?:was |were |is |are "
        r"|etait en train de )?(?:sweeping|clearing|balayait|balaye|balaie|balayer|videz|vidait)"
        r"(?: (?:the |le |la |les )?(?:middle|centre|center|table|milieu|cartes du milieu))?\b"
        r"|\b(?:during|in|while|pendant|en plein|au milieu du|au milieu de|au cours du|au moment du)"
        r" (?:the |a |le |un |du |de )?(?:sweep|balayage|hunt reset|remplacement (?:du|des) (?:milieu|cartes))\b"
        r"|\b(?:while|as|when) the (?:middle|centre|center|table) (?:cards )?(?:is|was|were|are)"
        r" (?:being )?(?:replaced|changed|swept|cleared|renewed)\b"
        rf"|\b(?:while|as|when) (?:the dealer|he|she|they|someone|somebody|we) (?:is|was|were|are) {SWEEPING}\b"
        rf"|\b(?:after|once|apres que|une fois que|une fois) (?:the |le )?(?:sweep|balayage) (?:had |has |avait |a )?"
        rf"(?:started|begun|begin|commence|debute|demarre)\b"
        r"|\bpendant qu?e? (?:on |l on |le donneur |il |elle )?(?:remplace|remplacait|change|changeait|balaye|balayait"
        r"|balaie|renouvelle|renouvelait)(?: (?:les cartes du|le|les) (?:milieu|centre|tapis))?\b"
        # "Zoé venait de demander à voix haute qu'on balaie la table quand…": the sweep just asked for
        r"|\b(?:venait|venais|venaient) de (?:demander|proposer|reclamer)(?: a voix haute| tout haut)?"
        r" (?:que on |qu on |que l on |de |a |le |un )?(?:balaie|balaye|balayer|balayage|change le milieu)\b"
        r"|\b(?:had|has|have) just (?:asked|called|proposed|suggested)(?: out loud| aloud)?(?: for)?(?: a| the)?"
        r" (?:sweep|to sweep)\b"
        r"|\b(?:while|as|when) (?:[a-z]+ )?(?:was |were |is |are )?(?:asking|requesting|proposing|suggesting"
        r"|calling for)(?: for| to)?(?: a| the)? (?:sweep|sweeping|new middle|new cards)"
        r"(?: (?:the |of the )?(?:middle|centre|center|table))?\b"
        r"|\b(?:pendant que|pendant qu|alors que|tandis que) (?:[a-z]+ )?(?:demandait|proposait|reclamait"
        r"|etait en train de demander|etait en train de proposer)(?: (?:de|a|le|un))? (?:balayer|balayage)\b"
        r"|\b(?:while|as|when|pendant que|pendant qu|alors que|tandis que) (?:[a-z]+ ){0,2}?"
        r"(?:was |were |is |etait en train de )?(?:still |encore )?"
        r"(?:laying|putting down|putting|placing|turning over|turning up|dealing|setting out|posait|retournait"
        r"|mettait|disposait|poser"
        r"|retourner) (?:out |down |up )?(?:the |les )?(?:four |4 |quatre )?(?:new|nouvelles|fresh)"
        r" (?:middle |centre |center )?(?:cards|cartes)\b"
        r"|\b(?:avant que|avant qu|before) (?:[a-z]+ ){0,2}(?:ait remis|ait repose|eut remis|ait pu remettre"
        r"|had put back|put back|had laid|had dealt)"
        r"(?= (?:les |the )?(?:quatre |four |4 )?(?:nouvelles |new )?(?:cartes|cards)\b)"
        r"|\b(?:while|as|when|pendant que|pendant qu|alors que|tandis que) (?:[a-z]+ ){0,2}(?:remettait|remet|replacait"
        r"|reposait|was putting back|put back|was replacing|replaced|was dealing|redistribuait|was laying"
        r"|was laying out|was laying down|was setting out|was setting down|was putting out|was putting down"
        r"|posait|etalait|disposait)(?= (?:les |the )?"
        r"(?:(?:quatre |four |4 )?(?:nouvelles |new )?(?:cartes|cards)|(?:nouvelles|new) (?:quatre|four|4|ones))\b)"
        r"|\bbefore the (?:four )?new (?:four|cards|four cards|ones) (?:were|was|are|had been)"
        r" (?:even |yet |all |fully )?(?:out|down|laid|turned"
        r"|turned up|dealt)\b|\bavant que les (?:quatre )?nouvelles(?: cartes)? (?:soient|ne soient) (?:posees|sorties"
        r"|retournees|la)\b"
        r"|\b(?:while|as|when|pendant que|pendant qu|alors que|tandis que) (?:the |les )?(?:four |4 |quatre )?"
        r"(?:new|nouvelles|fresh) (?:(?:four |4 |quatre )?(?:cards|cartes)|four|ones|quatre)"
        r" (?:were|was|are|etaient|sont)"
        r" (?:going down|being laid|being put down|being dealt|being turned (?:over|up)|coming out|being flipped"
        r"|being turned|being laid out|being put out|being dealt out|being placed"
        r"|en train de (?:sortir|tomber|etre posees))\b")
def _during_sweep(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("during_sweep", True), ("event_context", "sweep")]


#: "Paul balayait, il remettait les 4 nouvelles cartes…, et Inès a crié kems", "while Max was still laying down the 4
#: new cards after the sweep": the new four still going down when the call came — the sweep (the "after the sweep"
#: beside it says whose new cards they are, not that it was over)
@phrase(r"\b(?:while |as |pendant que |pendant qu |alors que )?(?:[a-z]+ )?(?:remettait|replacait|reposait|posait"
        r"|etalait|retournait|was still laying down|was still putting down|was still laying out|was still dealing"
        r"|were still going down|was still laying|was still putting|was laying out|was laying down|was putting out"
        r"|was putting down|was setting out|was dealing out|etait en train de poser|etait en train de remettre"
        # "Dealer was putting the 4 new cards down": the verb before the cards, its "down" after them
        r"|was putting|was laying|was setting|was placing|was still putting|was still laying|was still placing)"
        r" (?:les |the )?(?:4 |quatre |four )?(?:nouvelles|new) (?:middle |centre |center )?(?:cartes|cards)"
        r"(?: (?:du milieu|du centre))?(?: (?:down|out|on the table))?"
        r"(?: (?:after|apres) (?:the |le )?(?:sweep|balayage))?\b"
        # "… and Paul called kems right in the middle of it": during the new cards going down — the sweep
        r"|\b(?:right|just|smack) in the middle of (?:it|that|this|all that)\b"
        r"|\b(?:il |elle |[a-z]+ )?balayait\b|\b(?:he |she |dealer |[a-z]+ )?was (?:still )?sweeping(?: the middle)?\b"
        # "(while Paul was still sweeping,) he hadnt turned the new 4 cards or said the hunt is open yet"
        r"|\b(?:(?:he|she|[a-z]+) )?(?:had not|hadn t|hadnt|has not) (?:yet )?(?:turned|flipped|laid|put down|dealt)"
        r"(?: (?:over|up|out))? (?:the )?(?:new )?(?:4 |four )?(?:new )?(?:middle )?cards"
        r"(?: (?:or|nor|and) (?:said|announced) (?:that )?the hunt (?:is|was) (?:open|opened)(?: again)?)?(?: yet)?\b"
        r"|\b(?:was |were |etait )?(?:in the middle of|en train de) (?:sweeping|balayer)"
        r"(?: (?:the |les )?(?:4 |four |quatre )?(?:middle cards|cards|cartes du milieu|cartes))?\b"
        r"|\b(?:etait en train de|etaient en train de|was|were) (?:remettre|reposer|retourner|replacing|putting back"
        r"|turning over|laying out|renouveler|changer) (?:les |the )(?:4 |quatre |four )?(?:cartes|cards)"
        r" (?:du milieu|du centre|in the middle|of the middle)\b"
        r"|\bwhile (?:he|she|they|[a-z]+) (?:was|were) still (?:laying|putting|dealing|turning) (?:them|the new ones)"
        r"(?: (?:out|down|over))?\b")
def _sweep_going_on(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("during_sweep", True), ("event_context", "sweep")]


@phrase(r"\b(?:after|once|apres|une fois) (?:the |le )?(?:sweep|balayage)(?: (?:was |had been |etait |a ete |fut )?"
        r"(?:over|done|finished|ended|fini|finie|termine|acheve))?\b"
        r"|\b(?:after|once|apres que|une fois que|une fois) (?:the |la )?(?:hunt|chasse)"
        r" (?:was |had been |is |etait |a ete |est |fut )?(?:open|opened|reopened|ouverte|rouverte)"
        r"(?: again| a nouveau| de nouveau)?\b"
        r"|\b(?:the |le )?(?:sweep|balayage) (?:was |is |had been |etait |est |a ete |fut )?"
        r"(?:over|done|finished|ended|fini|finie|termine|acheve)\b")
def _after_sweep(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"after the sweep was over", "une fois la chasse rouverte": the call came after the sweep."""
    return [("after_sweep", True), ("event_context", "sweep")]


@phrase(r"\b(?:barred|suspended|banned from calling"
        r"|already (?:made|called|had) (?:a |one )?(?:wrong|false|bad) (?:contre|counter|stop)"
        r"(?: kems| kemps)?"
        r"|(?:called|made|shouted|yelled) (?:a )?(?:contre|counter|stop)(?: kems| kemps)? (?:wrong|wrongly|falsely"
        r"|by mistake|for nothing) (?:earlier|before|already)(?: (?:this|in the|that) (?:hand|round))?"
        r"|(?:avait |a )(?:crie|fait|annonce|dit) (?:un )?(?:contre kems|contre kemps|contre) (?:faux|a tort|pour rien"
        r"|foireux|rate|loupe|bidon)"
        r" (?:plus tot|tout a l heure|tout a le heure|avant|deja)(?: (?:dans|pendant) (?:la|cette) manche)?"
        # "Sarah s'est plantée sur un Contre-Kems tout à l'heure": she called one wrong earlier this hand
        r"|(?:se est |s est )(?:deja |encore )?(?:plante|plantee|trompe|trompee|loupe|loupee|rate|ratee) (?:sur|avec)"
        r" (?:un |son |sa )?"
        r"(?:contre kems|contre kemps|contre)(?: (?:plus tot|tout a le heure|tout a l heure|deja|avant))?"
        r"|(?:interdit|interdite|prive|privee) (?:de |d )?(?:annonce|annonces|annoncer|contre|contrer)"
        r"|(?:avait |a )?deja (?:fait|annonce|crie|rate) (?:un |une )?(?:(?:faux|mauvais) )?"
        r"(?:contre kems|contre kemps|contre)(?: faux| rate| errone)?)\b")
def _barred(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("barred", True)]


#: "contre-kems faux", "stop kemps wrong": the accusation said wrong beside its word (a Kems: _kems_adjective)
@phrase(r"(?:(?<=\bcontre kems )|(?<=\bcontre kemps )|(?<=\bcounter kems )|(?<=\bcounter kemps )"
        r"|(?<=\bstop kemps )|(?<=\bstop kems ))(?:faux|fausse|wrong|false|rate|foireux|loupe|bidon)\b"
        r"(?! (?:a|at|entre|avec|with) )")
def _accusation_wrong(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("it_was", False)]


#: "contre kems faux sur l'équipe de Fatou", "a wrong stop kemps": the accusation was wrong (the call words are left
#: to be read as the call)
_ACCUSED_BY = [f"{a} {b} " for a in ("contre", "counter", "stop") for b in ("kems", "kemps", "quems")]
phrase(r"(?:" + "|".join(f"(?<={w})" for w in _ACCUSED_BY) + r")(?:faux|fausse|wrong|rate|foireux)\b"
       r"(?! (?:tout a|plus tot|earlier|avant|deja|before|already))")(
    lambda m: [("it_was", False)])
#: "a correct stop kemps on us", "a right contre kems": the accusation was right, said before the call
phrase(r"\b(?:correct|right|good|valid)(?= (?:contre kems|contre kemps|stop kemps|counter kems|counter kemps)\b)")(
    lambda m: [("call_right", True)])
#: "un stop kemps juste sur moi", "a right contre kems": the accusation was right (never "juste après", "juste avant")
phrase(r"(?:" + "|".join(f"(?<={w})" for w in _ACCUSED_BY) + r")(?:juste|valide|correct|right|bon)\b"
       r"(?! (?:apres|avant|au moment|quand|a temps|a cote|after|before|as|when|tout a|plus tot)\b)")(
    lambda m: [("call_right", True)])


#: "j'ai toujours joué en 10", "on joue en 5 points", "we play to 10": the game's target (never a table of ten)
phrase(r"\b(?:jouer|joue|jouait|jouent|jouons|jouez) (?:toujours |d habitude |normalement )?en"
       r" (?:[1-9]|1[0-9]|20|cinq|dix"
       r"|quinze)(?: points| pts)?\b(?! (?:cards|cartes|joueurs|players))"
       r"|\b(?:play|played|playing) (?:up )?to (?:[1-9]|1[0-9]|20|five|ten)(?: points)?\b(?! (?:cards|players))")(
    _asks("score.target", "_target_told"))


#: "jouer tout seul contre les 2 équipes", "one guy play alone against the pairs", "one team of 3": a team's size
#: asked (teams.size) — never a Contre-Kems, never a table of three
phrase(r"\b(?:tout |toute )?(?:seul|seule|alone|solo|on (?:his|her|their|my) own"
       r"|by (?:himself|herself|themselves|themself))"
       r" (?:contre|against|vs|versus) (?:les |l |the |tout |toute )?(?:2 |deux |two |autres |other )?"
       r"(?:equipes|equipe|teams|team|pairs|paires|autres|others|the rest|couples)\b"
       r"|\b(?:one |une |a |an )?(?:team|equipe) (?:of|de) (?:3|trois|three)\b(?! (?:cards|cartes|points))"
       r"|\b(?:one |une |a |an )?(?:team|equipe) (?:have|has|with|avec|ait|a) (?:3|trois|three) (?:players|joueurs)\b"
       r"|\b(?:someone|somebody|one (?:of us|person|player)|quelqu un|un joueur|un de nous) (?:just )?(?:sit|sits"
       r"|sitting) out\b|\b(?:sit|sits) out\b"
       r"|\b(?:play|plays|playing|jouer|joue|jouerait) (?:tout |toute |just |juste )?(?:alone|seul|seule|solo)"
       r"(?: (?:contre|against) (?:les |l |the |tout |toute )?(?:2 |deux |two |autres |other )?(?:equipes|equipe|teams"
       r"|team|pairs|paires|autres|others|the rest|couples))?\b")(
    _asks("teams.size", "_alone_asked"))


#: "play on their own vs the two teams", "contre les deux autres équipes": a count of teams, never a card "2"
phrase(r"\b(?:vs |versus |against |contre )?(?:the |les |both )?(?:two|deux|three|trois)(?: other| autres)?"
       r" (?:teams|equipes)(?: (?:autres|others))?\b")(_nothing)


@phrase(rf"\b(?P<lead>(?:we are|we were|there are|there were|on est|on etait|nous sommes|nous etions|ils sont|on joue"
        rf"|we play|playing|a table of|une table de|table of|table de|with|avec|a|at a|at) )?(?P<n>{NUM})"
        rf"[ -]?(?:players|joueurs|joueuses|people|personnes|persons|player|joueur)(?: table| game| partie)?\b"
        rf"|\b(?:we are|we were|there are|there were|on est|on etait|nous sommes|nous etions|on joue a|on jouait a"
        rf"|we play with|we are playing with|at) (?P<n2>{NUM})\b(?! (?:cards|cartes|couples|pairs|paires|binomes|duos"
        rf"|teams|equipes))"
        rf"|\b(?:jouer|joue|jouait|jouent|play|playing|played) (?:a|at|with) (?P<n3>{NUM})\b(?! (?:cards|cartes))"
        # "A 6 on peut jouer au kems ?": the table's size, asked first
        rf"|\ba (?P<n6>{NUM})(?= (?:on peut|on joue|peut on|ca se joue|ca marche|ca passe|c est possible|est ce)\b)"
        rf"|(?<!\bthe )(?<!\ball )\b(?P<n4>{NUM}) of us\b"
        # "can we play kems with 6?": the game's name read before (the game named, no call), the table after it
        rf"|(?:(?<=\bplay kems )|(?<=\bplay kemps )|(?<=\bau kems )|(?<=\bau kemps ))(?:with|a|at|en)"
        rf" (?P<n5>{NUM})\b(?! (?:cards|cartes|teams|equipes|decks|jeux|paquets|points|deck|pack|paquet|jeu))"
        # "3 teams of 2", "trois équipes de deux": the table those teams make
        rf"|\b(?P<teams>{NUM}) (?:teams|equipes|team|equipe) (?:of|de) (?P<size>{NUM})\b(?! (?:cards|cartes|points))"
        # "we're 3 couples", "on est 3 binômes": teams of two, the table they make
        # ("two pairs" in a hand is no table: pairs only after "we are")
        rf"|\b(?:we are|we re|there are|on est|nous sommes) (?P<pairs>{NUM}) (?:couples|pairs|paires|binomes|duos)\b"
        rf"(?! (?:of|de) )|\b(?P<pairs2>{NUM}) (?:couples|binomes|duos)\b(?! (?:of|de) )")
def _players(m: re.Match[str]) -> list[tuple[str, Any]]:
    if m.group("teams"):
        return [("players", _number(m.group("teams")) * _number(m.group("size")))]
    if m.group("pairs") or m.group("pairs2"):
        return [("players", 2 * _number(m.group("pairs") or m.group("pairs2")))]
    n = _number(m.group("n") or m.group("n2") or m.group("n3") or m.group("n4") or m.group("n5") or m.group("n6"))
    if ((m.group("n") and not m.group("lead")) or m.group("n4")) and n < 4:
        return []  # "two players wanted the same card": some players, not the table
    return [("players", n)]


#: a deck's size, in figures or in words ("a fifty-two card deck", "un jeu de trente-deux cartes")
DECK_SIZE = r"(?:32|36|52|thirty two|thirty six|fifty two|trente deux|trente six|cinquante deux)"


@phrase(rf"\b(?:(?:jeu|paquet|deck|pack) (?:de|of) )?(?P<n>{DECK_SIZE}) (?:cards|cartes)(?: (?:deck|pack))?\b"
        rf"|\b(?P<n2>{DECK_SIZE})(?: card| cards| cartes)? (?:deck|pack|jeu)\b"
        rf"|\b(?:jeu|paquet|deck|pack) (?:de |of )(?P<n3>{DECK_SIZE})\b")
def _deck(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("deck", _number(m.group("n") or m.group("n2") or m.group("n3")))]


CARDS_TOGETHER = (r"(?:at once|in one go|together|at the same time|a la fois|en une fois|en meme temps|de un coup"
                  r"|dun coup|ensemble|de une traite)")


#: what is taken: a card, or a card named by its rank ("the 7", "la dame": one word after its determiner)
CARD_OBJECT = (r"(?: (?:a|one|the|his|her|une|la|sa|en|le|son|un|deux|two)(?: (?:middle|center|centre))?"
               r"(?: (?!(?:from|in|du|au|of|de|sur)\b)"
               r"(?:card|carte|cards|cartes|sienne|sien|[a-z0-9]+))?)?"
               r"(?: (?:du milieu|from the middle|of the middle|au milieu|in the middle|du centre|de la table|au centre"
               r"|from the centre|from the center|in the centre|in the center|on the table|sur la table))?")
#: what is taken, counted ("pris 2 cartes au milieu avant de poser les siennes"): the cards taken before any put down
COUNTED_OBJECT = (r"(?: (?:2|3|trois|three) (?:cartes|cards)"
                  r"(?: (?:du milieu|from the middle|au milieu|in the middle|du centre|au centre|de la table))?)")
#: verbs of taking a card from the middle: an exchange
TAKE = (r"(?:took|taken|takes|take|taking|picked up|picks up|pick up|picking up|grabbed|grabs|grabbing|grab|drew|draws"
        r"|drawing|draw|snatching|nabbing|slapped|snagged"
        r"|a pris|avait pris|pris|prend|prendre|prenait|prennent|a ramasse|avait ramasse|ramasse|ramasser|ramassait"
        r"|ramassent|a pioche|pioche|piocher|piochait|a attrape|attrape|attraper|attrapait|a chope|chope"
        r"|a pique|pique|piquer|piquait|a chipe|chipe|chiper|snatched|snatch|nabbed|reprendre|reprend|a repris|repris)")
PUT = (r"(?:put|puts|laid|lays|lay|dropped|drops|drop|discarded|discards|discard|dump|dumps|dumped|ditch|ditched"
       r"|poser|deposer|pose|depose|jete"
       r"|defausse|posait|lache"
       r"|a pose|avait pose|a repose|repose|reposer)")
THEN = (r"(?: (?:puis|then|and then|et puis|et ensuite seulement|ensuite seulement|et ensuite|ensuite"
        r"|et seulement apres|seulement apres|et apres|and only then|only then|and only after that|only after that"
        r"|and after that|after that|et|and))")
SUBJECT = r"(?: (?:il|elle|he|she|they|on|ils|elles))?(?: en)?(?: (?:a|avait|had|has))?"
OWN_CARD = (r"(?: (?:la sienne|le sien|hers|his card|her card|his|one|une carte|une autre|une|sa carte|a card|another"
            r"|(?:two|deux|one|une|three|trois|2|3) (?:of mine|of his|of hers|des miennes|des siennes)|mine|les miennes"
            r"|les siennes))?")


@phrase(rf"\b{TAKE}(?: up)?{CARD_OBJECT} (?:sans (?:en )?(?:reposer|poser|deposer|remettre|rien poser|rien reposer"
        rf"|defausser)"
        rf"(?: (?:une|la sienne|de carte))?|without (?:putting|laying|dropping|discarding) (?:one |any |a card )?"
        rf"(?:down|back)?)\b"
        rf"|\b(?:(?:after|by) (?=\w+ing\b))?{TAKE}(?: (?:toujours|always|encore|still|direct))?(?: up)?"
        rf"(?:{COUNTED_OBJECT}|{CARD_OBJECT}) (?:before|avant de"
        rf"|avant d|avant de en"
        rf"|before (?:he|she|they|i|we) (?:had )?)"
        rf" ?(?:putting|laying|discarding|dropping|discarded|dropped|put|laid|poser|deposer|jeter|defausser|lacher)"
        rf"(?: (?:one of his|one of hers|one of mine|one of theirs|une des siennes|une des miennes|one|une|a card"
        rf"|une carte|his cards|her cards|his|hers|sa carte|la sienne|le sien|les siennes|les miennes|ses cartes"
        rf"|mes cartes|les leurs|leurs cartes|mine|theirs|their cards|any))?(?: down)?\b"
        rf"|\b{TAKE}(?: up)?{CARD_OBJECT} (?:first|en premier|dabord|de abord)\b"
        rf"|\b{PUT}(?: down)?{CARD_OBJECT}(?: down)? (?:before|avant de|avant d)"
        rf" (?:taking|picking|picking up|grabbing|prendre|ramasser|piocher)(?: (?:one|une|a card|une carte))?\b"
        rf"|\b{PUT}(?: down)?{CARD_OBJECT}(?: down)? (?:first|en premier|dabord|de abord)(?:{THEN} {TAKE}"
        rf"(?: (?:celle|celui|one|the one|a card|une carte))?{CARD_OBJECT})?\b"
        rf"|\b{TAKE}(?: up)?(?:{COUNTED_OBJECT}|{CARD_OBJECT})(?: {CARDS_TOGETHER})?{THEN}{SUBJECT} {PUT}(?: down)?"
        rf"{OWN_CARD}(?: down)?\b"
        rf"|\b{PUT}(?: down)?{CARD_OBJECT}(?: down)?{THEN}{SUBJECT} {TAKE}(?: up)?{OWN_CARD}{CARD_OBJECT}"
        rf"(?: {CARDS_TOGETHER})?\b")
def _order(m: re.Match[str]) -> list[tuple[str, Any]]:
    took = re.match(rf"(?:(?:after|by) )?{TAKE}", m.group(0)) is not None
    counted = re.search(rf"\b(?P<n>{NUM}) (?:cards|cartes)\b", m.group(0))  # "posé deux cartes et pris deux…"
    n = _number(counted.group("n")) if counted else 1
    return [("take_first", took), ("event_hint", "exchange")] + ([("cards", n)] if n > 1 else [])


@phrase(rf"\b(?:drops|drop|dropped|dropping|discards|puts down|put down|lays down|dumping|{PUT}) (?P<n>{NUM})"
        rf"(?: (?:cards|cartes))?(?: down)?(?: (?:and|et|then|puis|et puis))(?: (?:he|she|il|elle))?(?: en)?"
        rf" (?:{TAKE}|reprend|reprit|a repris|takes up|takes back)(?: up)? (?P<m>{NUM})(?: (?:cards|cartes))?"
        rf"(?: (?:from the (?:center|centre|middle)|du milieu|au milieu|du centre))?(?: {CARDS_TOGETHER})?\b")
def _cards_swapped(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"drops two and picks up two in one go", "il en pose deux et en reprend deux": an exchange of
    that many cards at once; two different counts are not read as one."""
    n, taken = _number(m.group("n")), _number(m.group("m"))
    return [("cards", n), ("event_hint", "exchange")] if n == taken else [("unread", True)]


#: a count before "cards" is how many were exchanged, never a card: "il a pris deux cartes", "picked up two cards"
@phrase(rf"\b(?:swapped|exchanged|exchanges|swaps|swapping|swap|exchange|echange|echangeait|echangent|echanger"
        rf"|changed|change|put down|{TAKE}|{PUT}|{LIFT})(?: up)?"
        rf" (?P<n>{NUM}) (?:of (?:my|his|her|their) |de (?:mes|ses|leurs) )?(?:cards|cartes)"
        rf"(?: (?:for|against|contre|pour) (?P=n) (?:(?:middle|centre|center) cards|cards (?:from|in|of) the middle"
        rf"|cartes du (?:milieu|centre)))?(?: {CARDS_TOGETHER})?\b"
        rf"|\b(?P<n2>{NUM}) (?:cards|cartes) {CARDS_TOGETHER}\b")
def _cards(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("cards", _number(m.group("n") or m.group("n2"))), ("event_hint", "exchange")]


#: a card another player had just put down in the middle, taken at once ("la dame que Léa venait de poser",
#: "the queen Lea had just thrown down"): ``--retaken``
#: a card drawn from the stock or taken off the discard pile, not from the middle ("drew from the stock",
#: "a pioché dans le talon", "pris sur la défausse"): ``--from-stock``, ``--from-discard``
@phrase(r"\b(?:drew|draws|draw|drawn|drawing|took|takes|take|picked up|picks up|grabbed|a pioche|pioche|piocher"
        r"|piochait|a tire|tire|tirer|a pris|pris|prend|prendre)"
        r"(?: (?:a|one|the|his|her|une|la|sa|son|un) (?:card|carte|[a-z0-9]+))?"
        r" (?:from|off|off of|out of|de|dans|sur|du) (?:the |la |le |l )?(?P<where>stock|draw pile|deck"
        r"|pile|pioche|talon|paquet|discard pile|discard|defausse|pile de defausse|poubelle)\b"
        r"|\b(?:from|off|off of) the (?P<where2>top of the discard|discard pile|top of the stock|stock)\b")
def _drawn_from(m: re.Match[str]) -> list[tuple[str, Any]]:
    where = m.group("where") or m.group("where2")
    discard = any(w in where for w in ("discard", "defausse", "poubelle"))
    return [("from_discard" if discard else "from_stock", True), ("event_hint", "exchange")]


#: who drew, where only the dealer draws from the stock ("the dealer drew from the stock", "Tom, who isn't the
#: dealer, took the top of the pile"): ``--by-dealer``, ``--not-dealer``
@phrase(r"\b(?P<yes>the dealer|le donneur|la donneuse|i was dealer|j etais donneur|j etais donneuse)"
        r"(?: (?:himself|herself|lui meme|elle meme))?(?= (?:and |et )?(?:drew|draws|took|takes|picked|picks|grabbed"
        r"|a pioche|pioche|a pris|prend|a tire|tire)\b)"
        r"|\b(?:isn t|is not|wasn t|was not|not|(?:(?:ne|n) )?(?:est|etait) pas|pas) (?:the|le|la)"
        r" (?:dealer|donneur|donneuse)\b")
def _by_dealer(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("by_dealer", bool(m.group("yes"))), ("event_hint", "exchange")]


@phrase(r"\b(?:que|qu) (?:\w+ )?(?:venait|vient|venais|viens) (?:juste )?de (?:poser|jeter|lacher|defausser"
        r"|mettre|deposer|balancer)(?: (?:au milieu|au centre|sur la table))?\b"
        r"|\b(?:that |which )?(?:\w+ )?(?:had |has )?just (?:put down|thrown down|threw down|thrown|threw"
        r"|discarded|dropped|laid down|tossed)(?: (?:in the middle|in the center|on the table))?\b")
def _retaken(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("retaken", True), ("event_hint", "exchange")]


@phrase(rf"\b(?:avait |a |had |has |just |venait de |venais de )?(?:pris|prendre|took|taken|picked up|grabbed"
        rf"|ramasse|recupere) (?:la |le |the )(?P<fourth>{FOURTH}) (?P<rank>{RANK_WORD})"
        rf"(?: (?:sur la table|du milieu|au milieu|de la table|from the middle|from the table|off the table))?"
        rf"(?P<first> (?:before|avant de|avant d) (?:putting|laying|discarding|dropping|poser|deposer|jeter)"
        rf"(?: (?:a card|one|une carte|une|la sienne|his|hers))?(?: down)?)?\b")
def _took_the_fourth(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"Jojo avait pris le 4ème roi sur la table", "he took the fourth queen": the fourth card of a rank taken into
    the hand — three of it held before (by _hands); "… before putting a card down": taken first."""
    taken: list[tuple[str, Any]] = [("fourth_taken", _rank(m.group("rank")))]
    return taken + ([("take_first", True)] if m.group("first") else [])


@phrase(rf"\b(?:la |le |the |my |ma |mon |sa |son |his |her )(?P<fourth>{FOURTH})(?: (?P<rank>{RANK_WORD}))?"
        rf"(?: (?:one|une))?(?: (?:que|qu|which|that))?(?: (?:je|j|il|elle|i|he|she|on))?"
        rf" (?:venais de |venait de |had just |have just |has just |just |avais |avait |ai |a |was |were )?"
        rf"(?:soulever|souleve|soulevee|lever|leve|levee|lifted|lifting)"
        rf"(?: (?:du milieu|from the middle|au milieu|in the middle|du centre|de la table|from the table))?\b")
def _fourth_lifted(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"la 4e qu'elle venait de soulever du milieu": a fourth card lifted off the table, not yet in the hand —
    with three of a rank told, the lifted card of that rank (``--lifted``; by _hands)."""
    return [("fourth_lifted", _rank(m.group("rank")) if m.group("rank") else None)]


@phrase(rf"\b(?:la |le |the |my |ma |mon |sa |son |his |her )(?P<fourth>{FOURTH})(?: (?P<rank>{RANK_WORD}))?"
        rf"(?: (?:one|une))?(?: (?:que|qu|which|that))?(?: (?:je|j|il|elle|i|he|she|on))?"
        rf" (?:venais de |venait de |had just |have just |has just |just |avais |avait |ai |a )?"
        rf"(?:prendre|pris|prise|piocher|pioche|piochee|ramasser|ramasse|ramassee|took|taken|picked up|got|gotten"
        rf"|drawn|drew)\b")
def _fourth_taken(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"la 4ème que je venais de prendre", "the fourth one I had just picked up": a fourth card taken
    into the hand — with three of a rank told, the square (by _hands); else nothing is added."""
    return [("fourth_taken", _rank(m.group("rank")) if m.group("rank") else None)]


@phrase(rf"\b(?P<verb>{LIFT}|{TOUCH})(?: up)? (?:the |la |le |une |un |a |an |sa |son |his |her )?"
        rf"(?:(?P<fourth>{FOURTH})(?: (?P<rank>{RANK}))?|(?P<rank3>{RANK_NOT_A}))\b(?! (?:cards|cartes|card|carte)\b)"
        # "Tom touched the 9 first but Emma picked it up": who touched first, read by _named_toucher_and_taker
        rf"(?!(?: (?:du milieu|du centre|au milieu|sur la table|from the middle|in the middle|on the table))?"
        rf" (?:first|en premier|le premier|la premiere)\b)"
        rf"|\b(?:the |la |le |une |un |a |an )(?:(?P<fourth2>{FOURTH}) )?(?P<rank2>{RANK_WORD}) {STILL}"
        rf"(?:etait |was |a ete |had been |is |est )?{STILL}(?:en train de etre |being )?(?P<verb2>{LIFT}|{TOUCH})\b"
        # "j'ai pris un roi au milieu", "took a king from the middle": a card taken off the table
        rf"|\b(?P<verb3>pris|prise|ramasse|ramassee|pioche|piochee|prend|prends|took|takes|drew|draws|picked|pulled"
        rf"|snatched) (?:un |une |le |la "
        rf"|a |an |the )(?:(?P<fourth5>{FOURTH}) )?(?P<rank4>{RANK_NOT_A})(?= (?:au|du|from the|in the|off the|dans le)"
        rf" (?:milieu|centre|center|middle|table)\b)"
        # "Lucas a attrapé le 4eme roi sur la table": the fourth of a rank taken off the table
        rf"|\b(?P<verb4>attrape|attrapee|chope|chopee|choppe|snatched|grabbed) (?:le |la |the )(?P<fourth3>{FOURTH})"
        rf" (?P<rank5>{RANK})\b"
        # "et la 4eme elle venait de la soulever du milieu": the fourth, told first, then lifted
        rf"|\b(?:le |la |the )(?P<fourth6>{FOURTH})(?: (?:one|une))? (?:elle |il |she |he )?"
        rf"(?:venait de |venait juste de |venait tout juste de |avait juste |avait |had just |just |has just )?"
        rf"(?:la |le |l )?(?:avait |a )?(?:juste |just )?"
        rf"(?P<verb6>souleve|soulevee|soulever|leve|levee|lever|ramasse|ramassee|lifted|picked up"
        rf"|picked it up|lifted it|lifted it up)\b"
        rf"(?: (?:du milieu|de la table|from the middle|off the table|off the middle))?"
        # "il a soulevé la 4eme du milieu", "lifted the fourth from the middle": the fourth of the three in hand
        rf"|\b(?P<verb8>souleve|soulevee|leve|levee|ramasse|ramassee|lifted|picked up) (?:la |le |the )"
        rf"(?P<fourth8>{FOURTH})(?: (?P<rank8>{RANK}))?(?= (?:du milieu|de la table|from the middle|off the table"
        rf"|off the middle|au milieu|in the middle)\b)"
        # "(les 4 cartes du milieu que) Yanis avait déjà pris un valet", "had already grabbed a jack": taken, already
        rf"|\b(?:deja|already) (?P<verb7>pris|ramasse|attrape|chope|pique|chipe|took|taken|grabbed|snatched"
        rf"|picked up) (?:un |une |a |an )(?P<rank7>{RANK_NOT_A})\b")
def _lifted(m: re.Match[str]) -> list[tuple[str, Any]]:
    verb = m.group("verb") or m.group("verb2") or m.group("verb3") or m.group("verb4") or m.group("verb6") \
        or m.group("verb7") or m.group("verb8")
    word = m.group("rank") or m.group("rank2") or m.group("rank3") or m.group("rank4") or m.group("rank5") \
        or m.group("rank7") or m.group("rank8")
    attr = "touched" if re.fullmatch(TOUCH, verb) else "lifted"
    fourth = bool(m.group("fourth") or m.group("fourth2") or m.group("fourth3") or m.group("fourth5")
                  or m.group("fourth6") or m.group("fourth8"))
    if word is None:  # "lifted the fourth (one)": the rank of the three in hand
        return [(attr, None), ("three_more", None)]
    rank = _rank(word)
    return [(attr, rank)] + ([("three_more", rank)] if fourth else [])


#: "il a posé un 8", "she dropped a 5": the card put down in an exchange — said and listed, never a hand
@phrase(rf"\b(?:pose|posee|jete|jetee|defausse|defaussee|depose|deposee|lache|lachee|put down|dropped|discarded"
        rf"|threw|threw down|laid down|put|reposer|repose|remettre|remis) (?:un |une |a |an |mon |ma |son |sa |le |la "
        rf"|my |his |her |the )"
        rf"(?P<rank>{RANK_WORD})(?: down)?\b(?! (?:cards|cartes|card|carte|du milieu|from the)\b)")
def _put_down(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("put_down", True)]


#: "le 4eme il avait juste le doigt dessus", "the fourth one he just had his finger on": the fourth card touched
@phrase(rf"\b(?:le |la |the )?(?P<fourth>{FOURTH})(?: (?P<rank>{RANK}))?(?: one)? (?:il |elle |he |she )?"
        rf"(?:avait|a|had|has|just had) (?:juste |seulement |only |just |encore )?(?:le doigt|les doigts|la main"
        rf"|his finger|her finger|his fingers|her fingers|a finger|his hand|her hand) (?:dessus|on it)\b")
def _fourth_fingered(m: re.Match[str]) -> list[tuple[str, Any]]:
    rank = _rank(m.group("rank")) if m.group("rank") else None
    return [("touched", rank), ("three_more", rank)]


#: "(Ben avait 3 rois et) la main posée sur le 4e roi au milieu", "his hand on the fourth king": the fourth touched
phrase(rf"\b(?:(?:avait|a|had|has) )?(?:la main|le doigt|les doigts|sa main|son doigt|his hand|her hand|his finger"
       rf"|her finger|a finger|a hand)(?: (?:deja|already|juste|just))? (?:posee |pose |mis |mise |posed |resting )?"
       rf"(?:sur|on) (?:le |la |the )(?P<fourth>{FOURTH}) (?P<rank>{RANK})"
       rf"(?: (?:au milieu|du milieu|in the middle|on the table|sur la table))?\b")(_fourth_fingered)


#: "(le 4eme …) pas encore levé", "not lifted yet": the touched card's state, said — what the story asks about
phrase(r"\b(?:pas encore|pas|not yet|not) (?:leve|levee|souleve|soulevee|lifted)(?: yet)?\b")(_nothing)


#: the card lifted or taken made the four ("soulevé le Valet du centre, ce qui lui faisait quatre Valets", "which
#: made four kings"): three of the rank in hand beside it, never four
@phrase(rf"\b(?:ce qui (?:lui )?(?:faisait|fait|donnait|donne|faisaient)|ca lui faisait|which (?:made|gave)"
        rf"(?: (?:him|her|it|them))?|that (?:made|gave)(?: (?:him|her))?|making(?: it)?|giving (?:him|her))"
        rf" (?:quatre|four|4) (?P<rank>{RANK_WORD})\b")
def _made_four(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("three_more", _rank(m.group("rank")))]


@phrase(r"\b(?:not (?:yet )?(?:gathered|together|sorted|grouped|picked up)(?: yet)?|(?:spread|scattered) (?:out|about)"
        r"|(?:ne (?:etaient|etait|sont|est) )?pas (?:encore )?(?:regroupees|rassemblees|groupees|ensemble|reunies"
        r"|ramassees|regroupes|rassembles|groupes|reunis|ramasses|en main|rangees|ranges|rangee|range"
        r"|triees|tries|triee|trie))\b"
        # "(soulevé de la table) mais pas encore mis dans sa main", "sans l'avoir encore dans sa main"
        r"|\b(?:mais )?pas encore (?:mis|mise|rentre|rentree|range|rangee|arrive|arrivee) (?:dans sa main|en main"
        r"|dans son jeu)\b"
        r"|\bsans (?:le |l |la )?(?:avoir|etre) (?:encore )?(?:mis |rentre |range )?(?:dans sa main|en main"
        r"|dans son jeu)\b")
def _ungathered(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("ungathered", True)]


#: "himself", as players say a call was made by the square's holder (``--by-holder``)
SELF = r"(?:himself|herself|myself|yourself|oneself|themselves|ourselves|lui meme|elle meme|moi meme|soi meme"\
       r"|nous memes|toi meme)"


@phrase(r"(?:(?<=\bkems )|(?<=\bkemps )|(?<=\bkem s )|(?<=\bquems )|(?<=\bit )|(?<=\bannonce )|(?<=\bdit )"
        r"|(?<=\bcrie )|(?<=\bcalled )|(?<=\bcalls )|(?<=\bsaid )|(?<=\bsays )|(?<=\bshouted )|(?<=\byelled )"
        r"|(?<=\bannounced )|(?<=\bc est ))" + SELF + r"\b"
        r"|\b" + SELF + r"(?= (?:a |has |had )?(?:called|calls|said|says|shouted|yelled|announced|annonce|dit"
        r"|crie|qui)\b)"
        r"|\b" + SELF + r"(?= (?:and|then|et|puis)(?: (?:a|has|had|il a|elle a))?(?: (?:just|juste|straight away"
        r"|aussitot))?(?: (?:a|has|had))? (?:called|shouted|said|yelled|announced|cried|annonce|dit|crie|hurle)\b)"
        r"|\b(?:by|par) (?:the |le |la |l )?(?:holder|detenteur|detentrice)(?: (?:of the square|du carre))?"
        r"(?: " + SELF + r")?\b|(?<=\bby )" + SELF + r"\b|(?<=\bpar )" + SELF + r"\b"
        r"|\b(?:instead of (?:his|her|their|my) partner|au lieu de (?:son|sa|mon|ma) partenaire"
        r"|a la place de (?:son|sa|mon|ma) partenaire)\b")
def _by_holder(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("by_holder", True), ("event_hint", "kems")]


@phrase(r"\b(?:before|avant) (?:the |le |la |que la |que le |que )?"
        r"(?:(?:dealer|donneur|he|she|someone|somebody|il|elle|quelqu un|on|[a-z]+)"
        r"(?: (?:la |le |the |our |notre )?(?:donneuse|donneur|dealer|distributrice|distributeur))?"
        r" (?:ait |had |has |a |n ait |ne ait )?(?:even |meme |yet |encore )?"
        r"(?:said|says|say|announced|announces|declared|called out|dit|dise|disait|annonce|annoncait|declare|crie"
        r"|redise|redit|redisait|re dise|reannonce|repete|repeated|said again)"
        r"(?: that| que| qu)?"
        r" (?:the |la |le )?)?"
        r"(?:hunt|chasse|opening|ouverture|reouverture|start|depart|go|top)"
        r"(?: (?:was|is|had been|soit|ne soit|etait|fut|est|opened|reopened|open|ouverte|rouverte|ouvert)"
        r"(?: (?:opened|open|reopened|ouverte|rouverte|ouvert|given|donne|lance|lancee))?)?"
        r"(?: (?:again|a nouveau|de nouveau))?(?: opened)?\b"
        r"|\bbefore (?:opening|it was opened|the hunt opened|the hunt reopened)\b"
        r"|\b(?:(?:(?:the |our |notre |le |la |l )?(?:dealer|donneur|donneuse)|he|she|il|elle"
        r"|(?!cards\b|cartes\b)[a-z]+) )?"  # ("…the 4 new middle cards, hadnt said the hunt is open yet": no subject)
        r"(?:had not|has not|did not|ne avait pas|ne a pas|avait pas|a pas|n avait pas|n a pas)"
        r" (?:yet |encore |even |meme )?(?:said|say|announced|announce|declared|declare|dit|annonce|redit)"
        r" (?:that |que )?(?:the |la )?(?:hunt|chasse)"
        r"(?: (?:is|was|est|etait|etait de nouveau|is again|was again))?(?: (?:open|opened|ouverte|rouverte))?"
        r"(?: (?:again|yet|a nouveau|de nouveau|encore))?\b")
def _before_opening(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("before_opening", True)]


#: the hunt not yet open: the deal not over ("while Max was still dealing", "pendant que Léa distribuait encore";
#: the new four of a sweep, "while he was dealing the new cards", are the sweep's: read before), the middle not yet
#: all turned up ("before the dealer had even finished turning the 4 cards over", "avant que le donneur ait fini de
#: retourner les cartes")
@phrase(r"\bbefore (?:the |our )?(?:dealer|[a-z]+) (?:had |has )?(?:even |yet )?finished (?:turning|dealing|laying"
        r"|putting)(?: (?:over|out|up|down))?(?: (?:the |all )?(?:4 |four )?(?:middle )?cards?)?(?: (?:over|up|out))?\b"
        r"|\bavant que (?:le |la )?(?:donneur|donneuse|[a-z]+) (?:ait|avait|a) (?:fini|termine) de (?:retourner|poser"
        r"|distribuer|donner)(?: (?:les )?(?:4 |quatre )?cartes(?: du milieu)?)?\b"
        # "le donneur avait même pas fini de retourner les 4 cartes": the middle not yet all turned up
        r"|\b(?:avait|a|had|has)(?: meme| encore| even| not| pas| yet)* (?:pas |not )?(?:fini|termine|finished)"
        r" (?:de )?(?:retourner|poser|distribuer|donner|turning|dealing|laying)(?: (?:over|out|up|down))?"
        r"(?: (?:les |the )?(?:4 |quatre |four )?(?:cartes|cards)(?: du milieu)?|(?: les| the) (?:4|quatre|four)"
        r"(?: (?:du milieu|in the middle|of the middle))?)?(?: (?:over|up|out))?"
        # "… ni rien dit", "… ni dit la chasse est ouverte", "nor said the hunt was open": the opening not said either
        r"(?: (?:ni|nor|or) (?:rien |anything )?(?:dit|annonce|said|announced)(?: que| that)?"
        r"(?: (?:la chasse|the hunt)(?: (?:est|etait|is|was))?(?: (?:ouverte|open))?)?)?\b")
@phrase(r"\b(?:while|pendant que) [a-z]+ (?:was still |was |etait encore )?(?:dealing|distribuait|donnait)"
        r"(?: encore)?\b(?! (?:the |les )?(?:new|nouvelles|four|quatre|4)\b)"
        # "Max était encore en train de retourner les cartes du milieu": the middle not yet all turned up
        r"|\b(?:etait|was) (?:encore |still )?(?:en train de )?(?:retourner|turning (?:over|up)|turning)"
        r" (?:les|the) (?:cartes du milieu|middle cards|cards of the middle)\b"
        # "while Inès was still turning the 4 cards up", "qui retournait encore les 4 cartes": the middle being laid
        r"|\b(?:was|were) (?:still )?turning (?:over |up )?(?:the )?(?:4 |four )?(?:middle )?cards(?: (?:up|over))?\b"
        r"|\b(?:etait (?:encore )?en train de retourner|retournait encore) (?:les )?(?:4 |quatre )?cartes\b"
        # "il avait même pas dit la chasse est ouverte": the opening not said yet
        r"|\b(?:(?:avait|a) (?:meme |encore |toujours )?)?pas (?:encore |meme )?(?:dit|annonce|crie)"
        r"(?: que)? (?:la )?chasse(?: est| etait)? ouverte\b")
def _while_dealing(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("before_opening", True)]


#: "… and before putting a card down", "et avant de poser la sienne": the card taken before one was put down
@phrase(r"\b(?:and |et )?(?:before|avant de|avant d) (?:putting|laying|dropping|discarding|poser|deposer|jeter)"
        r" (?:a card|one|his|hers|her card|his card|une carte|la sienne|sa carte)(?: down)?\b")
def _before_putting(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("take_first", True), ("event_hint", "exchange")]


@phrase(rf"\b{TAKE}(?: up)?{CARD_OBJECT}(?= (?:\w+ ){{0,2}}(?:avant|before|sans attendre|without waiting)\b)")
def _taken_before(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"il a attrapé une dame avant que…", "grabbed a queen before…": a card taken from the middle, told
    with when it was taken — an exchange."""
    return [("event_hint", "exchange")]


@phrase(r"\bbefore (?:anybody|anyone|somebody|someone|any of (?:us|them)|the others|he|she|they|we|i|the dealer)"
        r" (?:could )?(?:answers|answered|answer|replies|replied|reply|could say anything|said anything|say anything"
        r"|could say a word|said a word|agreed|agrees|could answer|could reply)\b"
        r"|\bavant (?:que |qu )(?:quelqu un|quiconque|personne|les autres|il|elle|ils|elles|on|le donneur)"
        r"(?: ne| n)?(?: (?:ait|aient|puisse|puissent))?(?: pu)? (?:reponde|repondent|repondu|repondre"
        r"|dise quoi que ce soit|dire quoi que ce soit|dire un mot|accepte|acceptent)\b"
        r"|\b(?:nobody|no one) (?:had |has )?(?:yet )?(?:answered|replied|agreed|said anything)(?: yet)?\b"
        r"|\bpersonne (?:ne )?(?:avait|a) (?:encore )?(?:repondu|rien dit|dit oui)\b")
def _before_answer(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"before anybody answers", "avant que quelqu'un réponde": a call right after something was said
    aloud — placed in a sweep asked for aloud (_competing), else listed, never read."""
    return [("before_answer", True)]


#: "not the first deal", "pas la première donne": a later deal (_later_deal), never the first; "before the first
#: deal", "avant la première donne": before play (_before_play)
@phrase(r"(?<!\bnot )(?<!\bnot the )(?<!\bbefore )(?<!\bbefore the )\b(?:the )?(?:very )?(?:first|opening|initial)"
        r" (?:deal|hand|round)(?: of the game)?\b"
        r"|(?<!\bpas )(?<!\bpas la )(?<!\bavant )(?<!\bavant la )\b(?:des |de la |a la |la )?(?:toute )?premiere"
        r" (?:donne|distribution|main|manche)"
        r"(?: de la partie)?\b"
        r"|\b(?:la |a la )?(?:donne|distribution) initiale\b"
        r"|\b(?:au |en |des le )?(?:tout )?(?:debut|depart) (?:de la |de |du )?(?:partie|jeu)\b"
        r"|\b(?:at |from )?the (?:very )?(?:start|beginning) of the game\b|\bwhen the game (?:started|began)\b")
def _first_deal(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("first_deal", True), ("event_hint", "deal")]


@phrase(r"(?:(?<=debut )|(?<=depart ))(?:c est|ce est) qui qui (?:donne|distribue|melange)\b"
        r"|\b(?:qui (?:donne|distribue|doit donner|doit distribuer) (?:en premier|le premier|la premiere|au debut)"
        r"|who (?:deals|should deal|gets to deal|has to deal) (?:first|at the start)|first dealer|premier donneur)\b"
        r"|\b(?P<next>qui (?:donne|distribue|doit donner) (?:ensuite|apres|a la manche suivante|la manche suivante)"
        r"|who deals (?:next|after|the next hand|the next round|next hand|next round)|next dealer|prochain donneur"
        r"|qui (?:donne|distribue) (?:la prochaine|a la prochaine|pour la prochaine) (?:manche|donne)"
        r"|qui (?:qui )?(?:redonne|doit redonner)|who deals again|who redeals"
        r"|qui (?:distribue|donne) (?:ou quelqu un de autre|ou un autre|maintenant|cette fois)"
        r"|who deals (?:now|this time)"
        # "après chaque manche c'est qui qui distribue", "after each hand who deals": the next hand's dealer
        r"|(?:apres (?:chaque|une|la|chaque) manche|after (?:each|every|a|the) (?:hand|round)),? (?:c est |ce est )?qui"
        r" (?:qui )?(?:donne|distribue|redonne|redistribue|melange)|(?:apres (?:chaque|une|la) manche|after (?:each"
        r"|every|a|the) (?:hand|round)),? who (?:deals|shuffles)"
        r"|(?:c est|ce est) qui qui (?:redonne|redistribue|donne apres|distribue apres|donne ensuite|distribue ensuite)"
        r"|(?<!debut )(?<!depart )(?:c est|ce est) qui qui (?:donne|distribue|melange)"
        r"(?! (?:en premier|au debut|au depart))"
        r"|(?<!start )who (?:deals|shuffles) (?:after each|after every)(?: hand| round)?"
        # "what happens now and who deals?": after a hand told, who deals the next one
        r"|(?<=\band )who deals(?= *$| (?:now|then|after))"
        r"|(?<=\bet )(?:qui|c est qui qui) (?:donne|distribue)(?= *$))\b")
def _who_deals(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"qui donne en premier ?", "who deals next?": a question on who deals (deal.first_dealer, deal.next_dealer)."""
    return [("rule_point", "deal.next_dealer" if m.group("next") else "deal.first_dealer")]


#: "we just lost another hand" is the score, never a deal: a hand or round won or lost is no later deal
@phrase(r"(?<!\blost )(?<!\bwon )(?<!\blose )(?<!\bwin )(?<!\bperdu )(?<!\bgagne )"
        r"\b(?:a |the |in a |in the )?(?:later|second|next|another|third) (?:deal|hand|round)\b"
        r"|\b(?:not the first|pas la premiere) (?:deal|donne|distribution)\b"
        r"|\b(?:une |la )?(?:donne|distribution) (?:suivante|ulterieure)\b|\b(?:deuxieme|seconde|autre) donne\b")
def _later_deal(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("first_deal", False), ("event_hint", "deal")]


@phrase(r"\b(?:dealt|was dealt|were dealt|got dealt|received|recu|recus|servi|distribue|a la donne|at the deal"
        r"|in the deal|on the deal|from the deal|a la distribution|vient de distribuer|venait de distribuer"
        r"|just dealt|des le depart|from the start"
        r"|(?:during|pendant|durant|lors de|a) (?:the |la |le )?(?:deal|donne|distribution|distrib))\b")
def _dealt(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("event_hint", "deal")]


#: a change of signal told as done ("on a changé de signe entre deux manches", "we changed our signal"): the
#: situation ruled (``--signal-changed``), not a question on when one may change
@phrase(r"\b(?:(?:on|nous|ils|elles|il|elle) (?:a|avons|ont|avait|avaient|avions) change"
        r"|(?:we|they|he|she) (?:have |had |has )?(?:changed|switched))"
        r" (?:de |our |their |the |his |her |leur |notre |son |sa )?(?:signe|signal|sign|signes|signals|signs)"
        r"(?: (?:entre (?:deux|les) manches|between (?:two )?hands|after the hand|apres la manche))?\b"
        # "(they figured out our sign) so we switched to a new one after the last hand"
        r"|\b(?:we|they|he|she|on|ils) (?:have |had |has |a |ont )?(?:changed|switched|change|pris)"
        r" (?:to |for )?(?:a new one|another one|un nouveau|un autre)"
        r"(?: (?:after|apres) (?:the |la )?(?:last |derniere )?(?:hand|manche|round))?\b")
def _signal_changed(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("signal_changed", True), ("event_hint", "signal")]


#: the team's sign found out by the others ("Marc l'avait grillé", "they had figured it out"): ``--after-caught``
@phrase(r"\b(?:l |les )?(?:avait|avaient|a|ont) (?:grille|grillee|repere|reperee|decouvert|decouverte|devine|capte)\b"
        r"|\b(?:had |have |has )?(?:figured out|cracked|worked out|found out|spotted|guessed|caught|read)"
        r" (?:our|their|his|her|the) (?:signal|sign|signals|signs)\b"
        r"|\b(?:had |have |has )?(?:figured (?:it |them |ours |our signal |it all )?out|spotted it|caught on"
        r"|worked it out|cracked it)\b")
def _sign_caught(m: re.Match[str]) -> list[tuple[str, Any]]:
    named = re.search(r"\b(?:signal|sign|signals|signs)\b", m.group(0))  # "figured out our sign": a signal's story
    return [("after_caught", True)] + ([("event_hint", "signal")] if named else [])


@phrase(r"\b(?:changer|change|changing|changed|changent|changes|switch|switching|switched) (?:to )?(?:a )?(?:new )?"
        r"(?:de |their |the |our |le |leur |notre |son |sa |his |her )?(?:signe|signal|sign|signes|signals|signs)"
        r"(?P<when1>{WHEN})?\b|\b(?:agree |agreed |convenir de |choisir "
        r")?(?:a |un |de |new |nouveau |nouveaux )(?:new |nouveau |nouveaux )?(?:signe|signal|sign|signes|signals)"
        r"(?P<when2>{WHEN})(?:\b|$)".replace("{WHEN}", r" (?:after|apres) (?:each|every|chaque|la|the|a|une|any|toute)"
                                              r" (?:hand|manche|game|partie|round|donne)| between games"
                                              r"| entre les parties"
                                              r"| entre deux parties"))
@phrase(r"\b(?:change (?:it |them |signals |our signal |the signal )?(?:mid game|mid-game|during the game"
        r"|in the middle of the game|halfway through(?: the game)?)|(?:switch|change) (?:to )?(?:a )?new one"
        r" (?:mid game|halfway through(?: the game)?|during the game)"
        r"|en changer|le changer|la changer|change it|change them|changer en cours de partie"
        r"|(?:switch|change|changer|passer) (?:to |a )?(?:a |un )?(?:new|nouveau|autre|another|different) (?:one|un)"
        r"|(?:pick|get|choose|agree) (?:a )?new one|(?:prendre|choisir) un nouveau(?! (?:signe|signal))"
        r"|(?:switch|change|swap) (?:them|it|signals|signs) (?:between|after) (?:hands|rounds|each hand|every hand)"
        r"|changer de signe en cours"
        # "et en plus ils en ont changé au milieu de la manche": a change within a hand, its point asked
        r"|(?:en |de signe |leur signe |their sign |their signal |signs |signals )?(?:ont change|a change|changent"
        r"|changed|changes|switched|switch) (?:de signe |their sign |signs |signals |it |them )?"
        r"(?:au milieu de la manche"
        r"|en pleine manche|en cours de manche|pendant la manche|mid hand|mid-hand|in the middle of the hand"
        r"|during the hand|halfway through the hand)"
        r"|change (?:it |them |signals |our signal |the signal )?(?:mid game|mid-game|during the game|in the middle of"
        r" the game))\b")
def _signal_change(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"changer de signe après la manche", "en changer en cours de partie" (of the signal): a question on when
    a signal may change (signal.change)."""
    return [("rule_point", "signal.change")]



#: the word itself after "saying" ("our signal is saying 'banana'"): read with it, never a call's name
SAID_WORD = (r"(?: (?!(?:kems|kemps|quems|contre|stop|double|que|qu|that|c|ce|is|est|and|et|ou|or|it|is|to|a|the|un"
             r"|une|le|la|pas|not|no|non|jamais|never|rien|nothing)\b)[a-z]+\b)?")


@phrase(r"\b(?:a |one |un |une |by |par |with |avec )?(?:spoken |said )?(?:word|mot|verbal|spoken|oral|orale"
        r"|parole|a voix haute|out loud|aloud)\b")
@phrase(r"\b(?:signe|signal|sign)(?: (?:avec|with|de|of) [a-z]+)? (?:(?:c est|ce est|ca est|c etait|ce etait)"
        r" (?:juste |seulement |simplement )?(?:de dire|de crier|de prononcer|dire|crier)"
        r"|(?:soit|est|sera|serait|etait|is|be|was|would be|will be)"
        r" (?:just |only |simply |literally |basically |juste |seulement |simplement )?(?:de dire|to say|saying"
        r"|de crier|to shout|de prononcer|shouting|yelling))\b"
        rf"{SAID_WORD}"
        r"|\b(?:passer a|switch to|change to|move to) (?:dire|saying|crier|shouting)\b"
        r"|\b(?:the new one|the new signal|the new sign|it|the signal|the sign|our signal|our sign) (?:be|is|was)"
        r" (?:just |only |simply )?(?:saying|to say)\b"
        rf"{SAID_WORD}"
        # "our signal is whispering 'banana'", "notre signe c'est de chuchoter": a word said low is a word
        r"|\b(?:signal|sign|signe) (?:is|was|be|est|etait|c est|ce est) (?:de )?(?:whispering|whisper|to whisper"
        r"|chuchoter|murmurer|muttering|mumbling)\b"
        # "we use saying 'banana' as our signal", "on utilise dire « banane » comme signe": a word
        r"|\b(?:use|used|uses|using|utilise|utilisons|utilisent|on utilise)? ?(?:saying|to say|shouting|dire|crier)"
        r" (?:[a-z]+ ){1,3}(?=(?:as|comme) (?:our|their|the|a|notre|leur|le|un) (?:signal|sign|signe)\b)")
        # "leur signe est de dire
# « banane »", "en changer et passer à dire « banane »": a word
def _verbal(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("verbal", True), ("event_hint", "signal")]


@phrase(r"\b(?:a dit|dit|disait|dire|said|says|saying|say|whispered|chuchote|a chuchote|murmure|a murmure|a crie"
        r"|shouted)"
        r"(?: [a-z]+){0,5}? (?:comme|as|en guise de|pour) (?:me |te |lui |nous |leur )?(?:faire )?"
        r"(?:a |the |un |le |son |sa |her |his |their |leur )?(?:signal|signe|sign)\b"
        rf"|\b(?:pour|to) (?:prevenir|avertir|dire a|signaler a|faire savoir a|tell|warn|alert|signal|let)"
        rf"(?: [a-z]+){{1,2}}? (?:que |qu |that )?(?:il|elle|he|she) (?:avait|a|had|has|tenait|got)"
        rf" (?:son |un |le |sa |his |her |a |the |their )?{SQUARE}\b")
def _said_as_sign(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("verbal", True), ("event_hint", "signal")]


#: "ma coéquipière dit « banane » quand elle a son carré", "he says 'nice' when he has his four": a word said to
#: tell the square, the signal
@phrase(r"\b(?:dit|dire|disait|says|say|said|crie|shouts)(?: [a-z]+){0,3}? (?:quand|when)"
        r" (?:il|elle|he|she|on|we) (?:a|as|has|have|avait|had|tient|gets|got) (?:son|sa|his|her|notre|our|un|a)"
        r" (?:carre|square|kems|kemps|quads|four)\b")
def _word_when_square(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("verbal", True), ("event_hint", "signal")]


@phrase(r"\b(?:coughed|coughs|cough|coughing|sighed|sighs|sigh|whistled|whistles|whistle|sniffed|sniffs|hummed"
        r"|clicked (?:his|her) tongue|cleared (?:his|her) throat|a tousse|tousse|toussait|toussote|a toussote"
        r"|a soupire|soupire|soupirait|a siffle|siffle|sifflait|a renifle|renifle|a fredonne|fredonne"
        r"|a claque la langue|claque la langue|se est racle la gorge|a racle la gorge|raclement de gorge"
        r"|(?:a|an) (?:sound|noise)|(?:un|une) (?:bruit|son|toux|soupir|sifflement)|(?:une )?quinte de toux)\b")
def _sound(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("sound", True), ("event_hint", "signal")]


#: "another gesture", "un autre geste": a second signal (_second_signal), not only a gesture
@phrase(r"\b(?:a |an |un |une |by |par |with |avec )?(?:(?<!second )(?<!2nd )(?<!deuxieme )(?<!seconde )(?<!2e )"
        r"(?<!another )(?<!autre )(?<!other )(?:gesture|geste)|wink|winked|winks|clin d oeil|clin de oeil"
        r"|a cligne de (?:l|le) oeil|nod|nodded|hoche la tete|a hoche la tete|smiled|a souri|sourire|a smile"
        r"|scratched (?:his|her) (?:nose|ear|head)|se est gratte (?:le nez|l oreille|le oreille|la tete)"
        r"|touched (?:his|her) nose"
        r"|a touche son nez|se est touche le nez|visible (?:sign|signal)|signe visible"
        r"|(?:en )?(?:tapant|tape|tapote|tapotant|frappe|frappant|cogne|cognant) (?:sur )?la table"
        r"|(?:taps|tapped|tapping|knocks|knocked|knocking) (?:on )?the table"
        r"|(?:tout le monde|everyone|everybody|toute la table|the whole table) (?:peut|pouvait|can|could)"
        r" (?:le |la )?(?:voir|see)(?: it)?)\b")
def _gesture(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("gesture", True), ("event_hint", "signal")]


@phrase(r"\b(?:under the table|sous la table|hidden|cache|cachee|invisible|not visible|pas visible|out of sight"
        r"|in secret|behind (?:his|her|the) (?:back|cards)"
        r"|so (?:that )?(?:nobody|no one)(?: else)? (?:can|could) see(?: it)?|where (?:the others|nobody|no one)"
        r"(?: else)? (?:can t|cannot|can not|could not|can) see(?: it)?|(?:pour |de sorte )?que personne (?:ne )?"
        r"(?:le |la )?(?:voie|voit|puisse voir)"
        r"|(?:les autres|the others|the other team|personne|nobody|no one|les adversaires|the opponents)(?: ne)?"
        r" (?:peuvent|peut|pouvaient|pouvait|can|could)(?: not| pas|t)? (?:le |la )?(?:voir|see)(?: it)?)\b")
def _hidden(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("hidden", True), ("event_hint", "signal")]


@phrase(r"\b(?:a |the |un |une |leur |their )?(?:second|2nd|deuxieme|seconde|2e|another|autre|other)"
        r" (?:signal|sign|signe|gesture|geste)\b"
        r"|\b(?:two|deux|2) (?:signals|signs|signes|gestes|different signs|signes differents)\b")
def _second_signal(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("second_signal", True), ("event_hint", "signal")]


@phrase(r"\b(?:was |is |etait |est )?(?:something |anything |quelque chose )?(?:other than|else than|autre que"
        r"|autre chose que|autre chose qu|not|pas) (?:a |an |the |un |une |le )?(?:warning|avertissement|alerte)"
        r"(?: sign| signal| signe)?\b")
def _not_warning(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("warning_sign", False), ("event_hint", "signal")]


@phrase(r"\b(?:(?:that )?means |pour dire (?:que )?|qui veut dire (?:que )?|saying )?"
        r"(?:we are|we were|they are|they were|on est|on etait|nous sommes|ils sont|on) (?:being )?"
        r"(?:watched|observed|spotted|surveilles|observes|reperes|surveille|observe|repere|grille|grilles)\b"
        r"|\b(?:pour dire |saying )?(?:on nous|they|someone|quelqu un) (?:surveille|observe|watch|watches|is watching"
        r"|are watching)(?: us)?\b"
        r"|\b(?:warning|avertissement|alerte|alert)(?: sign| signal| signe)?\b")
def _warning(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("warning_sign", True), ("second_signal", True), ("event_hint", "signal")]  # beside the Kems sign


#: "swept before everyone agreed", "avant que tout le monde soit d'accord": the sweep came before the table's
#: agreement, whoever objected or not (``--unagreed``)
@phrase(r"\b(?:before|avant que|avant qu) (?:everyone|everybody|all of us|all|the others|we all|tout le monde"
        r"|tous|les autres|on)(?: (?:else|les autres))?"
        r" (?:had |has |could |did |ne |n )?(?:agreed|agree|said yes|say yes|said ok|say ok|okayed it|was ok|were ok"
        r"|was okay|were okay|soit de accord|soient de accord|ait dit oui|aient dit oui|ait accepte|aient accepte"
        r"|dise oui|disent oui|soit ok|soient ok)\b"
        r"|\bwithout (?:everyone|everybody|all|the others|the table)(?: s)? (?:agreeing|agreement|ok|okay|saying yes)\b"
        r"|\bsans (?:l accord de |attendre que |que )(?:tout le monde|tous|les autres)(?: (?:soit|soient|dise|disent)"
        r" (?:de accord|oui))?\b")
def _unagreed(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("unagreed", True), ("event_hint", "sweep")]


@phrase(r"\b(?:sauf|except|but|mais|apart from) (?:[a-z]+ )?(?:qui |who )?(?:veut|voulait|wants|wanted|still wants)"
        r" (?:encore |still )?(?:to )?(?:echanger|exchange|swap|prendre|take|une carte|a card)\b"
        # "except Ryan, who says he's still thinking", "sauf Ryan qui hésite encore": one player has not agreed
        r"|\b(?:sauf|except|apart from) [a-z]+ (?:who |qui )(?:says (?:he|she) (?:s |is )?|dit qu (?:il|elle) )?"
        r"(?:still thinking|thinking|reflechit(?: encore)?|hesite(?: encore)?|is still deciding)\b")
def _objects_to_sweep(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"personne ne veut les cartes du milieu sauf Emma qui veut encore échanger", "Léa refuse qu'on balaie":
    one player still wants to exchange, or refuses the sweep: an objection to it."""
    return [("objection", True), ("event_hint", "sweep")]


phrase(r"\b(?:so|so that|pour que|afin que) (?:the others|others|they|nobody|no one|les autres|personne|ils|on|the"
        r" opponents|les adversaires) (?:can not|cannot|could not|ne puissent pas|ne peuvent pas|ne puisse pas"
        r"|do not|will not|ne)? ?(?:see|voir|voient|notice|spot|le voient pas|le voie pas)"
        r"(?: it| them| le| la| pas)?\b")(_hidden)  # "so the others can't see it": the signal is hidden


phrase(r"\b(?:refuse|refused|refuses|a refuse|refusait|refusent)(?: (?:que on|que le donneur|que|qu|to let|to allow"
        r"|la|le|the|de|to))?(?: (?:on|him|her|them|us|the dealer))? (?:balaie|balaye|balayer|balayage|balaient"
        r"|sweep|sweeping|swept)\b")(_objects_to_sweep)


@phrase(r"\b(?:banned|forbidden|forbade|forbid|prohibited|interdit|interdits|interdite|proscrit|refuse|a interdit"
        r"|avait interdit|had banned|had forbidden)\b")
def _ban(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("ban_word", True)]


@phrase(r"\b(?:before (?:play|playing|the game|we started|we start|we begin|starting|the start|the first deal)"
        r"|avant (?:de jouer|la partie|le jeu|de commencer|la premiere donne))\b")
def _before_play(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("before_play", True)]


@phrase(r"\b(?:nobody|no one|noone|personne)(?: (?:ne|else))? (?:se (?:y )?(?:est )?|s )?(?:objected|objects|object"
        r"|refused|refuses|complained|protested|minded|a refuse|refuse|a proteste|proteste|oppose|opposait"
        r"|a conteste|conteste|a dit non|dit non)\b"
        r"|\bno (?:objection|objections)\b|\b(?:aucune|pas de) (?:objection|opposition|protestation)\b")
def _no_objection(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("objection", False), ("event_hint", "sweep")]


@phrase(r"\b(?:personne|nobody|no one)(?: ne)? (?:prend|prenait|takes|took|echange|echangeait|exchanges|swaps)"
        r"(?: plus)? (?:rien|anything|nothing|any more|anymore|plus)(?: (?:au|du|from the|in the) (?:milieu|middle"
        r"|centre|center))?(?: (?:any more|anymore|du tout))?\b"
        r"|\b(?:personne|nobody|no one)(?: ne)? (?:prend|prenait|echange|echangeait) plus\b"
        r"|\b(?:personne|nobody|no one)(?: ne)? (?:prend|prenait|takes|took|touche|touchait|touches|touched)"
        r" (?:les cartes du milieu|les cartes du centre|the middle cards|the cards in the middle)"
        r"(?: (?:depuis un moment|depuis longtemps|for a while|for ages))?\b"
        r"|\b(?:personne|nobody|no one)(?: ne)? (?:veut|voulait|voulut|wants|wanted)(?: plus)?(?: (?:du|des|les|de les"
        r"|the|any of the|de|d))?(?: (?:4|quatre|four))?(?: (?:cartes du|cards in the|cartes au))?"
        r" (?:milieu|middle|centre|center)"
        r"(?: cards)?(?: (?:any more|anymore))?"
        # "… except Ryan, who says he's still thinking", "sauf Ryan qui hésite": one player has not agreed
        r"\b"
        # "le centre n'intéresse personne", "nobody is interested in the middle"
        r"|\b(?:le |les cartes du )?(?:milieu|centre) (?:ne |n )?(?:interesse|interessent|interessait|interessaient)"
        r" (?:plus )?personne\b"
        r"|\b(?:nobody|no one) (?:is|was|s) (?:interested in|bothered about) (?:the )?(?:middle|centre|center)"
        r"(?: cards)?\b"
        # "nobody wants those 4 cards", "personne veut ces cartes": the middle's cards, named by pointing at them
        r"|\b(?:personne|nobody|no one)(?: ne)? (?:veut|voulait|wants|wanted)(?: plus)? (?:those|these|ces|ses)"
        r"(?: (?:4|quatre|four))? (?:cards|cartes)(?: (?:any more|anymore))?\b"
        r"|\b(?:the )?(?:board|middle) is dead\b")
def _nobody_wants(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("event_hint", "sweep")]


@phrase(r"\b(?:someone|somebody|a player|an opponent|one player|he|she|they|un joueur|une joueuse|quelqu un"
        r"|quelquun|il|elle|un adversaire)? ?(?:objected|objects|refused|refuses|protested|complained|said no"
        r"|a refuse|refuse|refusait|se est oppose|se oppose|se y oppose|se y est oppose|a proteste|proteste|a conteste"
        r"|conteste|a dit non|dit non(?! (?:c est|ce est|c etait|que|qu)\b))\b"
        r"|\b(?:an |une )?(?:objection|opposition)\b"
        r"|\b(?:ne )?(?:veut|voulait|voulais|veux) pas (?:que on|qu on|que l on) (?:balaye|balaie|balaies|balayer)\b"
        r"|\b(?:does not|doesn t|did not|didn t|do not|don t) want (?:us |anyone |them |him |her )?to sweep\b"
        r"|\bwill not let (?:us|anyone|them) sweep\b")
def _objection(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("objection", True), ("event_hint", "sweep")]


#: "Tom touched the 9 first but Emma picked it up", "Chloé l'a touché en premier mais Marc l'a pris": the same reader
#: as the toucher who did not lift it, above
phrase(r"\b(?P<toucher>[a-z]+) (?:le |la |l )?(?:a |had |has )?(?:touched|touche|touchee)"
       r"(?: it| la| le| the [a-z0-9]+| la [a-z0-9]+"
        r"| le [a-z0-9]+)?"
        r"(?: (?:du milieu|du centre|au milieu|sur la table|from the middle|in the middle|on the table))?"
        r" (?:first|en premier|le premier|la premiere)\b,? (?:but|mais|and|et|then|puis) (?P<taker>[a-z]+)"
        r" (?:le |la |l )?(?:a |has |had )?(?:actually |really |finally |still |en fait |finalement )?"
        r"(?:pris|prise|took|taken|got|grabbed|took it|lifted|picked up|picked it up"
        r"|souleve|soulevee|ramasse|ramassee|attrape|attrapee|grabbed it|arrache|arrachee|snatched|chope|choppe"
        r"|pique)(?: it)?\b")(_named_toucher_and_taker)


@phrase(r"\b(?:(?:je|i|moi|my fingers|my finger|my hand|mes doigts|mon doigt|ma main) )(?:le |la |l )?(?:ai )?"
        r"(?:touched|touche|touchee|ont touche|a touche)(?: it| la| le)? (?:first|en premier"
        r"|le premier|la premiere)\b(?:,)? (?:but|mais) (?:c est |ce est |it was |it is |he is |she is )?"
        r"(?:lui|elle|he|she|him|her|il)"
        r"(?: (?:the one )?(?:qui|who))? (?:le |la |l )?(?:a |has |had )?(?:actually |really |finally |en fait )?"
        r"(?:pris|prise|took|taken|got|grabbed|lifted|picked up|picked|souleve|soulevee|ramasse|ramassee|attrape"
        r"|attrapee)(?: it| up)?(?: (?:off the table|from the table|de la table|up))?\b")
def _touched_first_taken_by_other(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("took_first", False), ("event_hint", "same-card")]


#: "he touched it first but I'm the one who lifted it", "il l'a touché en premier mais c'est moi qui l'ai pris": the
#: teller took the card the other touched first
@phrase(r"\b(?:he|she|il|elle|[a-z]+) (?:le |la |l )?(?:a |had |has )?(?:touched|touche|touchee)(?: it| la| le)?"
        r" (?:first|en premier|le premier|la premiere)\b,? (?:but|mais) (?:i am |c est moi |it was me |i was )?"
        r"(?:i |je |moi )?(?:the one )?(?:who |qui )?(?:actually |really |en fait )?(?:l ai |le ai |la ai |ai )?"
        r"(?:lifted|took|picked up|picked|grabbed|pris|prise|souleve|soulevee|ramasse|ramassee)(?: it| up)?\b")
def _touched_first_taken_by_me(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("took_first", False), ("event_hint", "same-card")]


@phrase(r"\b(?:touched|touche|touchee|got|had|avait|a)(?: it| la| le)? (?:first|en premier|le premier|la premiere"
        r"|avant lui|avant elle|before him|before her)\b")
def _touched_first(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("took_first", True), ("event_hint", "same-card")]


@phrase(r"\b(?:touched|touche|touchee)(?: it| la| le)? (?:second|en second|en deuxieme|after him|after her"
        r"|apres lui|apres elle|after|apres)\b")
def _touched_second(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("took_first", False), ("event_hint", "same-card")]


@phrase(r"\b(?:the |la |le )?(?:stock|pioche|talon|draw pile|deck|pile|paquet)"
        r" (?:just |has just |had just |already |has already |had already )?"
        r"(?:ran out|runs out|has run out|run out"
        r"|(?:is |was |est |etait )?(?:empty|vide|epuisee|epuise|finie|fini|terminee|termine))\b"
        r"|\b(?:no more|out of|plus de|il ne y a plus de|ne reste plus de|il ne restait plus de|plus aucune"
        r"|il ne y avait plus de)"
        r" (?:cards|cartes|pioche|stock)(?: (?:in the|to draw|dans la|a piocher|in stock))?(?: (?:stock|pioche))?\b"
        r"|\b(?:ran|run|runs|running) out of (?:the )?(?:cards|stock|deck|draw pile|pile|pack)\b"
        r"|\b(?:the )?(?:stock|deck|draw pile|pile|pioche)(?: has| had| is)? (?:run|ran|runs) (?:out|dry)\b"
        r"|\b(?:fin de (?:la )?pioche|end of (?:the )?stock)\b"
        r"|\b(?:went|gone|go|goes|got|played) (?:all the way )?through (?:the )?(?:entire |whole |full )?"
        r"(?:deck|stock|draw pile|pile|pack)\b"
        r"|\b(?:a |avons |avez |ont |avait |avaient )?(?:fait|epuise|ecoule|vide|parcouru|ecoule)"
        r" (?:tout le|toute la|tout le|le|la) (?:paquet|pioche|talon|jeu)(?: entier| entiere| en entier)?\b")
def _stock_out(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("event_hint", "stock-out")]


@phrase(r"\b(?:the |la |le |une |a )?(?:same|meme) (?:middle |du milieu )?(?:card|carte|" + RANK_WORD + r")"
        r"(?: du milieu| in the middle"
        r"| from the middle)?\b|\b(?:both|tous les deux|tous deux|les deux)"
        r" (?:wanted|grabbed|took|reached for|voulaient|veulent|prennent|prenaient|ont pris|ont voulu)"
        r"(?: (?:the|la) (?:card|carte))?\b")
def _same_card(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("event_hint", "same-card")]


@phrase(r"\b(?:and |et |but |mais )?(?:i|je) (?:was|were|am) (?:wrong|mistaken)\b|\bj(?:e)? (?:avais|ai eu) tort\b"
        r"|\bje me (?:suis|etais) trompee?\b|\bi got it wrong\b|\bi (?:had|have) called (?:it )?wrong\b")
def _own_wrong(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"I called contre kems … and I was wrong", "j'avais tort": the caller's own verdict on his call."""
    return [("call_wrong", True)]


MATE = rf"(?:{PARTNER}|gf|bf|girlfriend|boyfriend|wife|husband)"
TWO_OF_US = (rf"(?:both (?:of us|of them)|both (?:me|i) and (?:my |his |her )?{MATE}"
             rf"|both [a-z]+ and (?:his |her |their )?{MATE}|both [a-z]+ and [a-z]+"
             rf"|both (?:my |his |her )?{MATE} and (?:me|i)|(?:me|i) and (?:my )?{MATE}(?: [a-z]+)?(?: both)?"
             rf"|nous deux|tous les deux|toutes les deux|tous deux|les deux|the two of us|the 2 of us"
             rf"|nous 2|tous les 2|toutes les 2|les 2(?= (?:on|nous|ils|elles|avions|avaient)\b)"
             rf"|moi et (?:mon |ma )?(?:{PARTNER}|femme|mari)|(?:mon |ma )(?:{PARTNER}|femme|mari) et moi"
             rf"|[a-z]+ et moi|[a-z]+ and (?:me|i)(?= (?:both|each)\b)"
             rf"|[a-z]+ (?:and|et) (?:(?:his|her|their|sa|son) {PARTNER}(?: [a-z]+)?|[a-z]+)"
             rf"(?= (?:both|tous les deux|toutes les deux|tous deux)\b| (?:had|have|held|hold|got|avaient|ont|ont eu"
             rf"|ended up with)"
             rf"(?: (?:bien|vraiment|really|actually|indeed))? (?:both|each|chacun|chacune|tous les deux"
             rf"|toutes les deux"
             rf"|(?:un |une |a |an )?{SQUARE} (?:chacun|chacune|each|tous les deux|toutes les deux))\b))")


#: "hadn't even put it with the others": the lifted card not yet gathered with the hand
@phrase(r"\b(?:had not|hadn t|did not|didn t|has not|hasn t|n avait pas|avait pas|ne avait pas)(?: even| meme| encore)?"
        r" (?:put|placed|added|mis|range|remis)(?: it| la| le)? (?:with|to|avec) (?:the |les )?(?:others|rest|autres)"
        r"(?: of (?:his|her|the) (?:cards|hand))?\b")
def _not_gathered(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("ungathered", True)]


#: neither accused player held a square, said of the two at once ("ni Lisa ni Tom n'ont de carré", "neither Lisa
#: nor Tom had a square", "Lisa et Tom n'ont pas de carré"): no square, and the same for the partner
@phrase(rf"\bneither (?:of (?:them|the two|us) |one |[a-z]+ nor (?:his |her |their )?[a-z]+ )?(?:had|has|held|holds"
        rf"|have|got) (?:a |an |any )?{SQUARE}\b"
        rf"|\bneither (?:of (?:them|the two) |one )?(?:had|has|held|got) (?:anything|a thing|nothing)\b"
        # "Sarah calls Contre-Kems on us and we've got nothing": the teller's team, accused, without a square
        rf"|(?<=\bon us )(?:and |but |when |while )?we (?:ve |have |had )?(?:got |had |have )?(?:nothing|no {SQUARE})\b"
        rf"|\b(?:none of them|[a-z]+ and [a-z]+(?: both)?) (?:had|have|held) no {SQUARE}\b"
        rf"|\bni (?:l un ni l autre|[a-z]+ ni (?:son |sa |leur )?[a-z]+) (?:ne )?(?:ont|avaient|avait|a|ont eu"
        rf"|avaient eu)(?: pas)? (?:de |un |aucun )?{SQUARE}\b"
        rf"|\baucun des deux (?:ne )?(?:avait|a|avaient|ont)(?: pas)? (?:de |un )?{SQUARE}\b"
        rf"|\b(?:ils|elles) (?:ne )?(?:avaient|ont|ont eu)(?: (?:pas de|aucun) {SQUARE}| rien)\b"
        rf"|\bthey (?:had|have) (?:nothing|no {SQUARE})\b|\bthey (?:did not|didn t) have (?:anything|a {SQUARE})\b"
        rf"|(?:(?<=\bnotre equipe )|(?<=\bsur nous ))(?:alors (?:que|qu) |mais |et )?on (?:ne )?(?:avait|a)"
        rf" (?:rien|pas de {SQUARE})\b"
        rf"|\b[a-z]+ et [a-z]+ (?:ne )?(?:ont|avaient|ont eu|avaient eu) (?:pas|aucun)(?: de| un)? {SQUARE}\b"
        # "ni moi ni mon partenaire on avait de carré"
        rf"|\bni (?:moi|lui|elle|toi) ni (?:mon |ma |son |sa |ton |ta )?(?:partenaire|pote|coequipier|coequipiere"
        rf"|copain"
        rf"|copine|[a-z]+) (?:on |ils |elles )?(?:ne |n )?(?:avait|avions|avaient|a|ont)(?: pas)? (?:de |un |aucun )?"
        rf"{SQUARE}\b")
def _neither_square(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("neither_square", True)]  # both hands the event reads, whoever the words stand nearest (_inferred)


#: "Lisa n'a pas de carré et Tom non plus": the second player the same (read as the partner, as "son partenaire
#: non plus" is)
@phrase(r"\bet [a-z]+ non plus\b|\band neither did [a-z]+\b|\band [a-z]+ neither\b")
def _named_neither(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square_same_for_partner", True)]


@phrase(rf"\b{TWO_OF_US}(?: (?:on|we|nous|ils|elles|they))?(?: (?:both|each|chacun|chacune))?"
        rf" (?:had|have|held|hold|got|avions|avaient|avait|avons|ont|on avait|ont eu|avons eu|a|ended up with"
        rf"|wound up with|end up with)"
        rf"(?: (?:bien|vraiment|really|actually|indeed))?"
        rf"(?: (?:both|each|chacun|chacune|tous les deux))? (?:a |an |un |one |our |son |leur |notre |nos |their "
        rf"|le |the |sa )?{SQUARE}"
        rf"(?: (?:each|chacun|chacune|both|tous les deux))?\b")
def _both_squares(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"both me and my gf had a square", "on avait un carré tous les deux": a square in each hand."""
    return [("both_squares", True)]


#: "they had a double kems", "ils avaient un double kems": two squares held — no call told
@phrase(r"\b(?:they|we|ils|elles|on|nous) (?:had|have|held|got|avaient|avions|ont|avait|a) (?:a |un |their |leur )?"
        r"double (?:kems|kemps)\b(?! (?:called|announced|annonce|dit|crie))")
def _holding_double(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("both_squares", True)]


#: "we both had our carré", "on avait tous les deux notre carré", "they each had quads": a square in each hand
@phrase(rf"\b(?:we|they)(?: (?:really|actually|truly|indeed|did|really did|both really))* (?:both|each|two)"
        rf"(?: (?:really|actually|did))? (?:had|have|held|hold|got|ended up with|wound up with)"
        rf" (?:a |an |our |their |one |the )?{SQUARE}(?: each)?\b"
        rf"|\b(?:on|nous|ils|elles) (?:avait|avions|avaient|a|ont|ont eu|avons|avons eu)"
        rf" (?:tous les deux|toutes les deux|tous deux|toutes deux|chacun|chacune|les deux|tous les 2)"
        rf" (?:un |une |notre |leur |nos |son |sa |le )?{SQUARE}\b")
def _we_both_squares(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("both_squares", True)]


@phrase(rf"\b(?:(?:had|has|held|avait|a|tenait) )?(?:a |an |un )?{SQUARE} (?:and |et )?(?:so did i|so did we|me too"
        rf"|moi aussi|tout comme moi|as did i)\b")
def _and_so_did_i(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"Nina had quads and so did I", "Léa avait un carré, moi aussi": the teller's own square beside it."""
    return [("both_squares", True)]


@phrase(rf"\b(?:(?:did not|does not|do not) (?:have|hold)|{HAD} (?:no|not|pas de|pas un|aucun|pas le|pas son)"
        rf"|ne {HAD} (?:pas|aucun)(?: de| un)?|without|sans|no|pas de|pas un)"
        rf" (?:a |an |un |de |the |le )?{SQUARE}\b"
        rf"|\b(?:ne )?{HAD} (?:rien|nothing)\b|\b(?:had|held|has) nothing\b"
        # "I didnt have anything", "he didn't have a thing": nothing held
        rf"|\b(?:did not|does not|do not) (?:have|hold) (?:anything|a thing|squat|jack)\b"
        # "only had two pairs", "n'avait que deux paires": two ranks, no square
        rf"|\b(?:ne )?{HAD} (?:(?:que|qu|only|just) )?(?:two pairs|2 pairs|deux paires|2 paires)\b"
        # "she doesn't have it", "elle l'avait pas": said after a call, "it" is what the call claims
        rf"|\b(?:did not|does not|do not) (?:have|hold) (?:it|one|that)\b(?! (?:in|yet|when))"
        rf"|\b(?:ne )?(?:le|en) (?:avait|a|avais|ai) pas(?! (?:encore |vraiment )?(?:pris|prise|souleve|soulevee"
        rf"|leve|levee|vu|vue|dit|fait|touche|touchee|montre|montree|annonce|crie|ramasse|ramassee|pose|posee|joue"
        rf"|garde|gardee|regarde|entendu|remarque"
        rf"|en main|dans)\b)")
def _no_square(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", False)]


@phrase(rf"\b(?:{HAD}|with|avec|holding|tenant)(?: (?:bien|vraiment|really|actually|indeed))?"
        rf" (?:a |an |un |son |her |his |le |the )?(?:real |vrai |true |bien un )?{SQUARE}(?! de| of)\b")
def _square(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", True)]


#: "he got his kems out of it", "il a eu son kems comme ça": the square made (the word for the square, no call)
@phrase(r"\b(?:got|made|completed|fait|eu|obtenu|chope|complete) (?:his|her|son|sa|mon|my|their|leur)"
        r"(?= (?:kems|kemps)\b)"
        # "and he got kems off it": the square made by the swap told before
        r"|\b(?:he|she|i|they|we) (?:got|made)(?= (?:kems|kemps) (?:off|out of|from) (?:it|that|this|the swap"
        r"|the exchange)\b)")
def _kems_made(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", True)]


#: "her partner called kems counting that 8 as hers", "en comptant ce 8 comme le sien": the card lifted or touched
#: counted into the square — three of that rank in the hand beside it
@phrase(rf"\b(?:counting|count|counted|en comptant|comptant|compte) (?:that|the|this|ce|le|cette|la) (?P<rank>{RANK})"
        rf" (?:as (?:hers|his|theirs|part of (?:her|his|the) hand|in (?:her|his) hand)|comme (?:le sien|la sienne)"
        rf"|dans sa main)\b")
def _counted_in(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("three_more", _rank(m.group("rank")))]


#: "elle avait déjà les 3 autres 9", "she had the other three 9s": three of the rank, the fourth the one in dispute
@phrase(rf"\b(?:les |the )?(?:3|trois|three) (?:autres|other|others) (?P<rank>{RANK})\b"
        rf"|\bthe other (?:3|three) (?P<rank2>{RANK})\b")
def _three_others(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("three_more", _rank(m.group("rank") or m.group("rank2")))]


#: "(he got his kems) out of it", "(son kems) comme ça": how the square was made — the story's own exchange
phrase(r"(?:(?<=\bkems )|(?<=\bkemps ))(?:out of it|from it|off it|off that|from the swap|that way|like that|comme ca"
       r"|grace a ca)\b")(_nothing)


#: "il a fait son carré", "Tom a eu son carré", "she made her square": the square held
@phrase(rf"\b(?:a|avait|as|ai|avais) (?:fait|eu|complete|reussi|termine) (?:son |un |le |sa |mon )?{SQUARE}"
        rf"(?! de| of)\b"
        rf"|\b(?:made|completed|finished|got) (?:his |her |a |the |my |their )?{SQUARE}(?! of)\b")
def _square_made(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square", True)]


@phrase(rf"\b{PARTNER} (?:non plus|pas non plus|neither|either|not either|no more"
        rf"|(?:did not|does not|had not|has not|did n t) (?:have (?:it |one |a square )?)?either"
        rf"|(?:ne |n )?(?:avait|a) (?:rien |pas )?non plus"
        rf"|(?:ne |n )?(?:avait|a|avaient|ont) (?:pas de |pas un |aucun )?{SQUARE} non plus)\b"
        rf"|\b(?:neither|nor) (?:did|had|does|has) (?:his |her |the |their )?{PARTNER}\b")
def _partner_neither(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square_same_for_partner", True)]


@phrase(rf"\b(?:but|mais|whereas|alors que|tandis que) (?:his |her |their |the |son |sa |leur )?{PARTNER}"
        rf" (?:did not|had not|does not|non|pas|no|not)\b")
def _partner_not(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square_for_partner", False)]


@phrase(rf"\b(?:but|mais|whereas|alors que|tandis que) (?:his |her |their |the |son |sa |leur )?{PARTNER}"
        rf" (?:oui|si|did|yes|had one|en avait un|avait un carre|had a square)\b")
def _partner_yes(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("partner_square_said", True)]


@phrase(rf"\b(?:and|et) (?:his |her |their |the |son |sa |leur )?{PARTNER} (?:too|also|aussi|as well|did too|pareil)\b")
def _partner_too(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("square_for_partner", True)]


@phrase(r"\b(?:refait|refont|refais|recrie|reannonce|redit|again|encore une fois|de nouveau|a nouveau"
        r"|une (?:deuxieme|seconde|autre) fois|a second time|another time|once more)\b")
def _repeat(m: re.Match[str]) -> list[tuple[str, Any]]:
    """"il refait contre kems", "again": a call made again — the earlier one is read apart where the
    story tells it (``_read_in_two_times``), else the words are listed."""
    return [("repeat", True)]


phrase(rf"\bne (?:{HAD}|etait|montrait|montre|tenait|avaient) (?:que|qu)\b|\bonly\b|\bseulement\b")(_nothing)


#: "Yanis a pris une carte au milieu", "she grabbed a card from the middle": a card taken from the middle — an exchange
@phrase(r"\b(?:pris|prend|prends|prenait|ramasse|ramassee|attrape|attrapee|chope|pique|took|takes|grabbed|grabs"
        r"|picked up|picks up|snatched) (?:une |un |a |one |deux |two |des |les |[1-4] )?(?:cartes?|cards?)"
        r" (?:au milieu|du milieu|au centre|du centre|from the middle|off the middle|in the middle|from the center"
        r"|from the centre|of the middle)\b"
        # "(les 4 cartes du milieu) que Samir en a déjà chopé une": one of those cards taken
        r"|\ben (?:a |avait )?(?:deja |direct )?(?:pris|ramasse|attrape|chope|pique|chipe|pioche) (?:une|un|deux|2)\b")
def _taken_from_middle(m: re.Match[str]) -> list[tuple[str, Any]]:
    return [("event_hint", "exchange")]


# --- conventions and events -------------------------------------------------------------------

CONVENTION_LEAD = (r"(?:(?:on note (?:sur|avec|selon)|on compte (?:avec|selon|sur)|on marque (?:avec|selon)"
                   r"|we (?:score|keep score|count) (?:with|by|using)|scoring (?:with|by)"
                   r"|we are (?:playing|using|going with|following|on)(?: (?:with|by))?"
                   r"|(?:we |on )?(?:playing|play|joue|jouons)(?: (?:with|by|avec|selon))?"
                   r"|sous|selon|avec|suivant|on suit|nous suivons|we follow|following|under|with|using"
                   r"|according to|per|by|in|chez|par|as in|comme dans|"
                   r"dans|on|en|d apres|de apres|dapres) )?"
                   r"(?:(?:la |le |les |the )?(?:regles? |rules? |notice |version |page )?(?:de |of |du )?)?"
                   r"(?:la |le |les |l |the )?")
CONVENTION_TAIL = r"(?: (?:rules?|regles?|version|notice|convention|page|scoring))?"


def _convention_patterns() -> list[tuple[str, str]]:
    """(folded name, convention id), longest first (names() leaves out the game's own names)."""
    from ..corpus.load import names

    found = [(name, cid) for name, cid in names().items() if len(name) > 2]
    return sorted(found, key=lambda nc: len(nc[0]), reverse=True)


def _event_patterns() -> list[tuple[str, str]]:
    from ..corpus.naming import event_words

    return sorted(event_words().items(), key=lambda we: len(we[0]), reverse=True)




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

    def claim(self, pattern: str, one_clause: bool = False) -> list[tuple[re.Match[str], int, int]]:
        """Matches over unclaimed words only (a phrase never reuses words already read); ``one_clause``: a
        match never runs over a full stop into the next sentence ("avec marquoir. kem's faux": the convention
        is Marquoir, the Kems is told after) — it is tried again within its first clause."""
        out = []
        for m in re.finditer(pattern, self.text):
            if not m.group(0).strip():
                continue
            first, end = self.span(m)
            if one_clause and self.tokens[first].clause != self.tokens[end - 1].clause:
                found = self._within_a_clause(pattern, first, end)
                if found is None:
                    continue
                m, first, end = found
            if any(self.tokens[i].claimed for i in range(first, end)):
                continue
            for i in range(first, end):
                self.tokens[i].claimed = True
            out.append((m, first, end))
        return out

    def _within_a_clause(self, pattern: str, first: int, end: int) -> Optional[tuple[re.Match[str], int, int]]:
        """The pattern found again inside one of the clauses tokens ``first``..``end`` run over ("page (regle
        breve)": the convention inside the brackets), the first clause where it is found."""
        compiled = re.compile(pattern)
        i = first
        while i < end:
            j = i
            while j + 1 < end and self.tokens[j + 1].clause == self.tokens[i].clause:
                j += 1
            m = compiled.search(self.text, self.starts[i], self.starts[j] + len(self.tokens[j].word))
            if m is not None and m.group(0).strip():
                a, b = self.span(m)
                return m, a, b
            i = j + 1
        return None

    def words(self, first: int, end: int) -> str:
        return _joined(self.tokens[first:end])


def _joined(tokens: list[Token]) -> str:
    """Words as typed, an elided one against the next ("personne n'avait de carré")."""
    return "".join(tok.text + ("" if tok.glued and i + 1 < len(tokens) else " ")
                   for i, tok in enumerate(tokens)).rstrip()


#: words that only French has, and only English, among those tables use most
_FRENCH = set("""
le la les un une des du de et est etait avait sur avec sans pour qui que il elle son sa ses mon ma mes
partenaire carre dames rois valets quatre deux trois cinq donne pioche milieu balayage joueur pas ne mais
alors quand apres avant personne signe cartes carte main faux juste combien joue jouer en selon quel quelle
ont fait dit je moi tu nous vous dis veut veulent marquer boite regles ca oui ils elles ou peut peux faut paquet
paquets suffit jeu jeux
""".split())  # noqa: SIM905 (a word list reads better as text)
_ENGLISH = set("""
the a an and is was had with without how many much win under what which to does do for who that he she his her
i we they you it says said rules
my partner square queens kings jacks four two three five deal stock middle sweep player not but then when
after before nobody sign cards card hand wrong right called
""".split())  # noqa: SIM905 (a word list reads better as text)


def story_lang(story: str) -> str | None:
    """The language a story is told in, "fr" or "en", where its words say so; ``None`` if unclear."""
    words = [tok.word for tok in tokenize(story)]
    french = sum(w in _FRENCH for w in words) + sum(ch in "éèêàçùôîœ" for ch in story.lower())
    english = sum(w in _ENGLISH for w in words)
    if french > english:
        return "fr"
    if english > french:
        return "en"
    return None


#: words that make a story a question about the rules rather than about one call
QUESTION = re.compile(r"\b(?:combien|how many|how much|how close|how far|being out|ca donne quoi|ca fait quoi"
                      r"|y a moyen|il y a moyen|ya moyen|yaurait moyen|ca marche|ca passe|does it work|will it work"
                      r"|that work|is it ok"
                      r"|comment on fait|comment faire|how do we|how should we|what do we do"
                      r"|what happens|what now|quel|quelle|quels|quelles|which"
                      r"|what is|what are|je peux|peux je"
                      r"|c est quoi|en combien|to win|pour gagner|peut on|on peut|can we|can you|can one|can|could"
                      r"|may we|allowed|permitted|permis|permise|autorise|autorisee|possible|faut il|il faut|need"
                      r"|needed|must|doit on|est ce que|est ce qu|do we|do they|does that|did we|did they|is that"
                      r"|si on|if we|if they|on a perdu|on perd|we lose|we lost|is the game|game over|c est fini"
                      r"|partie finie|ce est fini|fini pour nous|are we done|is it over for us|is that ok"
                      r"|le droit|the right to|allowed to|ok to|who deals|qui donne|qui distribue"
                      r"|where do|where does|where should|do you|does one|should we|should you|ou se|ou doivent|ou doit"
                      r"|c est vrai|ce est vrai|est ce vrai|qui redonne|qui qui|who redeals|who deals again"
                      r"|ou a cote|ou en face|or next to|or opposite|on est elimines|on est eliminees|est on elimine"
                      r"|sommes nous elimines|are we out|are we eliminated|is it over|on est out|on est dehors"
                      r"|is it true|is that true|true or false|vrai ou faux|is he right|is she right|a t il raison"
                      r"|a raison|elle a raison|il a raison|are they right|ils ont raison|is that a thing"
                      r"|is this a thing|c est un truc|ca existe|is it a thing"
                      r"|a t elle raison|do partners|do the partners|do teammates|or across|or facing"
                      r"|next to each other or|side by side or|cote a cote ou|ou face a face)\b")
#: questions told in words that name nothing alone: "on joue en combien ?" (to how many points)
IDIOMS = [(r"\b(?:on joue|jouer|on jouait) (?:en|jusque a) combien\b", "score.target"),
          (r"\bhow many points (?:do we|are we|we|do you|do u|does one|should we|do people|do they) (?:play|playing|go"
           r"|going)(?: (?:kems|kemps|quems|the game|it))? (?:to|up to|until)\b"
           r"|\b(?:play|go) (?:up )?to how many(?: points)?\b|\bfirst to how many\b", "score.target")]


@functools.lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Every word the reader knows: those its phrases, events, conventions and cards are written
    with (read from the patterns themselves, so a new phrase brings its words) and its filler."""
    sources = [pattern for pattern, _ in PHRASES] + [w for w, _ in _event_patterns()] \
        + [n for n, _ in _convention_patterns()] + [CONVENTION_LEAD, CONVENTION_TAIL]
    words = {w for source in sources for w in re.findall(r"[a-z]{3,}", source)}
    cards = {"pair", "paire", "paires", "pairs", "brelan", "brelans", "quads", "plus", "trop", "tard", "many", "much",
             "how", "combien", "perd", "perds", "perdent", "lettre", "lettres", "letter", "letters",
             # gestures told in a story: known words (listed where not read), never "corrected" into another
             "tap", "taps", "tapped", "tapping", "kick", "kicks", "kicked", "kicking", "foot", "feet", "pied", "pieds",
             "tapote", "tapotait", "wink", "winks", "winked", "nod", "nods", "nodded", "scratch", "scratches", "font",
             # "on note sur Marquoir": how the table keeps its score, never "notre"
             "note", "notes", "noter", "notait",
             # where players sit: words of a question on the table (answered by its rule point), never "corrected"
             "asseoir", "assoient", "assoit", "assis", "assise", "assises", "sit", "sits", "seated", "sitting",
             "mets", "met", "mettre", "mettent"}
    asked = set(re.findall(r"[a-z]{3,}", QUESTION.pattern + " ".join(p for p, _ in IDIOMS)))
    return frozenset(words | set(RANK_WORDS) | set(SUIT_WORDS) | FILLER | NEGATIONS | set(NUMBERS) | cards | asked
                     | {w for kin in KIN for w in kin.split()} | {"gagner", "faut", "changer"})


#: a typed word is read as a known one when difflib's ratio reaches this (one letter off in 5–8)
TYPO_CUTOFF = 0.85


#: words of the language one letter away from a card word, never typos of it ("figured ours out" is no "fours")
NOT_TYPOS = {"ours", "yours", "hers", "theirs", "mine", "fine", "retrouve", "retrouvee", "retrouves", "demande",
             "demandee", "demandes", "words", "mots", "crois", "croit", "croix",
             # common words one letter from a known one ("know" is no "now", "rendre" no "prendre", "part" no
             # "apart", "moins" no "mins"): never corrected
             "bas", "bois", "close", "cop", "cub", "drame", "dune", "faim", "find", "gain", "knew", "know", "lace",
             "las", "lune", "mas", "mind", "moins", "mois", "nice", "noir", "pace", "part", "pic", "quit", "quite",
             "race", "rendre", "rue", "sais", "sas", "savoir", "sing", "soi", "tas", "toit", "vais", "voice", "vois",
             "wing", "piquet", "grave"}


#: first names that are words too ("will", "max", "rose", "ben" — French "well"…): a name only when capitalised
NAMES_THAT_ARE_WORDS = {"jack", "will", "mark", "max", "rose", "grace", "claire", "lou", "ben", "may", "ella", "jade",
                        "ambre", "victoria", "martin", "simon", "justine", "lena", "sara", "luc", "jean", "louis",
                        "dan", "tim", "ali", "eric"}


def _lower_names(tokens: list[Token]) -> None:
    """A common first name typed in lower case ("emma a dit kems pr hugo", "theo a crié contre") is the
    name it is, as if capitalised: never a word read (nor "corrected": "theo" is no "the")."""
    from .names import FIRST_NAMES

    known = vocabulary()
    for i, tok in enumerate(tokens):
        if tok.text.islower() and tok.word in FIRST_NAMES and tok.word not in NAMES_THAT_ARE_WORDS \
                and tok.word not in known and tok.word not in FILLER:
            tok.text = tok.text[:1].upper() + tok.text[1:]
        elif tok.text.islower() and tok.word in NAMES_THAT_ARE_WORDS \
                and (_calls([t.word for t in tokens[i + 1:i + 3]])
                     or (i + 1 < len(tokens) and tokens[i + 1].word in ("had", "has", "avait"))) \
                and (i == 0 or tokens[i - 1].clause != tok.clause
                     or tokens[i - 1].word in ("and", "et", "but", "mais")):
            tok.text = tok.text[:1].upper() + tok.text[1:]  # "dan called contre kems on me", "jade had": a player
            for other in tokens:  # the same player said elsewhere ("contre kems on max, max had 7 7 7 2")
                if other.word == tok.word and other.text.islower():
                    other.text = other.text[:1].upper() + other.text[1:]


def _correct(tokens: list[Token]) -> list[tuple[str, str]]:
    """Words typed in a hurry read as the known word nearest them ("balyage" -> "balayage",
    "dammes" -> "dames"): never a name (capitalised), a number or a card; each correction is shown."""
    import difflib

    known = vocabulary()
    fixed = []
    for tok in tokens:
        if len(tok.word) < 3 or tok.quoted or tok.word in known or tok.text[:1].isupper() or not tok.word.isalpha() \
                or tok.word in NOT_TYPOS:
            continue
        near = difflib.get_close_matches(tok.word, known, n=1, cutoff=TYPO_CUTOFF)
        if near and len(near[0]) >= 3:
            fixed.append((tok.text, near[0]))
            tok.word = near[0]
    return fixed


def _quotes(text: _Text) -> list[Item]:
    """A player's quoted words, each quote one claim listed as said but not read (never dropped)."""
    items = []
    runs: list[list[int]] = []
    for i, tok in enumerate(text.tokens):
        if tok.quoted:
            tok.claimed = True
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])
    for run in runs:
        items.append(Item("fact", ("unread", True), run[0], run[-1] + 1,
                          text.tokens[run[0]].quote or text.words(run[0], run[-1] + 1)))
    return items


#: what a player believed, not what was so: "je pensais qu'elle avait le carré", "I thought he had it"
BELIEF = re.compile(r"^(?:je pensais|je croyais|je etais sur|je etais sure|j etais sur|on pensait|on croyait|il pensait"
                    r"|elle pensait|il croyait|elle croyait|i thought|i believed|i was sure|i figured|we thought"
                    r"|he thought|she thought|they thought|ils pensaient|ils croyaient)\b")
#: where a belief stops within its clause: the turn to what was so
TURN = {"mais", "but", "whereas", "however", "pourtant", "actually", "fait"}  # "en fait"


def _beliefs(text: _Text) -> list[Item]:
    """Each belief to the end of its clause or its turn ("… mais en fait …"): said, listed, never read —
    a hand believed is no hand."""
    items = []
    i = 0
    while i < len(text.tokens):
        rest = " ".join(tok.word for tok in text.tokens[i:i + 4])
        if text.tokens[i].claimed or not BELIEF.match(rest):
            i += 1
            continue
        end = i + 1
        while end < len(text.tokens) and text.tokens[end].clause == text.tokens[i].clause \
                and text.tokens[end].word not in TURN and not (text.tokens[end].word == "en" and end + 1 < len(
                    text.tokens) and text.tokens[end + 1].word == "fait"):
            end += 1
        for tok in text.tokens[i:end]:
            tok.claimed = True
        items.append(Item("fact", ("unread", True), i, end, text.words(i, end)))
        i = end
    return items


#: "échanger mes 4 cartes contre les 4 du milieu": "contre" after a verb of exchanging is "for", no call
EXCHANGING = re.compile(r"(?:echang|troqu|remplac|swap|chang)[a-z]*")
FOR_WHAT = {"les", "la", "le", "l", "une", "un", "des", "mes", "ma", "mon", "ses", "sa", "son", "celle", "celles",
            "celui", "ceux", "deux", "trois", "quatre", *map(str, range(1, 10))}


#: a verdict said alone after the call it judges ("Mia called contre-kems on Dan, wrong."): wrong (a lone "right",
#: asked or not, is a tag question — "…on Dan, right?" — never a verdict)
LONE_WRONG = {"wrong", "false", "faux", "fausse", "incorrect"}


def _lone_verdicts(tokens: list[Token]) -> list[Item]:
    """A clause of one word, "wrong", after an earlier clause and not asked, or "c'est faux" told: the call told
    before was wrong."""
    out = []
    for i in range(len(tokens) - 2):  # "… et c'est faux." told, not asked ("c'est faux ?" asks)
        said = tokens[i:i + 3]
        if [t.word for t in said[:2]] in (["ce", "est"], ["ca", "est"]) and said[2].word in LONE_WRONG \
                and not any(t.claimed or t.asked or t.quoted for t in said) and len({t.clause for t in said}) == 1:
            for t in said:
                t.claimed = True
            out.append(Item("fact", ("it_was", False), i, i + 3, _joined(said)))
    for i, tok in enumerate(tokens):
        alone = (i == 0 or tokens[i - 1].clause != tok.clause) \
            and (i + 1 == len(tokens) or tokens[i + 1].clause != tok.clause)
        if i and alone and not tok.claimed and not tok.asked and not tok.quoted and tok.word in LONE_WRONG:
            tok.claimed = True
            out.append(Item("fact", ("it_was", False), i, i + 1, tok.text))
    return out


def _exchanged_for(tokens: list[Token]) -> None:
    """"j'ai échangé une carte contre la dame du milieu": the "contre" of an exchange, claimed so that it is
    never read as a Contre-Kems."""
    for i, tok in enumerate(tokens):
        if tok.word != "contre" or tok.claimed or i + 1 >= len(tokens) or tokens[i + 1].word not in FOR_WHAT \
                or (i + 2 < len(tokens) and tokens[i + 2].word in ("kems", "kemps", "quems")):
            continue
        if any(EXCHANGING.fullmatch(tokens[j].word) and tokens[j].clause == tok.clause
               for j in range(max(0, i - 7), i)):
            tok.claimed = True


def read(story: str, own_calls: Optional[dict[str, str]] = None, likes: Optional[dict[str, str]] = None,
         prefer: Optional[str] = None) -> Reading:
    """Read a dispute told in French or English.  Raises only on a story over :data:`MAX_STORY`
    characters (:func:`check_story`): what is not understood is listed, and what the reader will not
    stand behind is its ``problem``.  ``own_calls``: the names a
    house or variant file gives its calls (folded name -> event: "gegen gemsch" -> contre-kems);
    ``likes``: its calls of its own, each with the call of the game it is made as (broken -> contre-kems);
    ``prefer``: the call a story sets aside beside what it rules (``Reading.set_aside``), read as the dispute."""
    check_story(story)
    in_two = None if prefer else _read_in_two_times(story, own_calls, likes)
    if in_two is not None:
        return in_two
    tokens = tokenize(story)
    _lower_names(tokens)
    corrections = _correct(tokens)
    text = _Text(tokens)
    items: list[Item] = _quotes(text) + _beliefs(text)
    roles = _roles(" ".join(tok.word for tok in tokens if not tok.quoted))
    conventions = dict(_convention_patterns())  # one pattern for every name, the longest tried first
    if conventions:
        either = "|".join(re.escape(name) for name in conventions)
        # (the game's name in a sentence, "on peut jouer au kems", "apprendre à jouer au kems", is no convention)
        for m, a, b in text.claim(rf"(?<!\bpeut )(?<!\bpeux )(?<!\bpeuvent )(?<!\bpouvons )(?<!\bpourrait )"
                                  rf"(?<!\bfaut )(?<!\ba )(?<!\bde )(?<!\bpour )(?<!\bva )(?<!\bon )(?<!\bsait )"
                                  rf"(?<!\bveut )(?<!\bvoulait )(?<!\baime )(?<!\bcomment )(?<!\bd )(?<!\ballez )"
                                  # "y a moyen de jouer au kems ?", "possible de jouer au kems à 5 ?": the game
                                  rf"(?<!\bmoyen )(?<!\bpossible )(?<!\benvie )(?<!\bbesoin )"
                                  rf"(?<!\bdroit )(?<!\bessayer )(?<!\bcontinuer )(?<!\bpermis )"
                                  rf"\b{CONVENTION_LEAD}(?P<convention>{either}){CONVENTION_TAIL}\b",
                                  one_clause=True):
            items.append(Item("convention", conventions[m.group("convention")], a, b, text.words(a, b)))
    for pattern, action in PHRASES:
        for m, a, b in text.claim(pattern):
            for attr, value in action(m):
                items.append(Item("fact", (attr, value), a, b, text.words(a, b)))
    items += _lone_verdicts(tokens)
    _exchanged_for(tokens)
    # the longest words first, the file's own before the table's of the same length: "contre kemps" is
    # one Contre-Kems, never a file's "Kemps" inside it
    extra = list((own_calls or {}).items())
    events: dict[str, str] = {}
    unsure: Optional[str] = None  # a word naming both calls, with nothing saying who called it
    for word, event in sorted(extra + _event_patterns(), key=lambda we: len(we[0]), reverse=True):
        events.setdefault(word, event)
    if events:
        either = "|".join(re.escape(word) for word in events)  # one pattern, the longest word tried first
        for m, a, b in text.claim(rf"\b(?P<event>{either})\b"):
            event = events[m.group("event")]
            if "|" in event:  # a word the file gives its Kems and its Contre-Kems: who said it tells which
                told = _shared_call(text.text, m.start(), m.end(), roles)
                unsure = unsure if told else m.group("event")
                event = told or "kems"
            items.append(Item("event", event, a, b, text.words(a, b)))
    markers = _markers(tokens)
    items += _card_groups(tokens)
    reading = _assemble(tokens, sorted(items, key=lambda it: it.start), markers, roles, likes or {}, prefer)
    # a word read as another is said only where that reading was used: one still listed as not understood
    # ("suit → suite", then "not understood: suit") was read as nothing
    unread = {fold(w) for phrase_ in reading.unknown for w in phrase_.split()}
    reading.corrections = [(typed, read_as) for typed, read_as in corrections if fold(typed) not in unread]
    reading.story = story
    reading.narrator = roles.narrator
    if prefer is None and reading.set_aside is not None and reading.unknown:
        # words the call beside reads ("… then his partner called kems and he had 4 queens"), not understood by the
        # situation ruled first only: read all the same, never listed as not understood
        beside = read(story, own_calls, likes, prefer=reading.set_aside)
        read_beside = {fold(words) for words, _, _ in beside.understood if words} if beside.problem is None else set()
        reading.unknown = [w for w in reading.unknown if fold(w) not in read_beside]
    said_back: list[tuple[str, str, Any]] = []
    for one in reading.understood:  # the same words read as the same fact twice are said back once
        if one not in said_back:
            said_back.append(one)
    reading.understood = said_back
    if unsure is not None:
        reading.problem = ("error.ask_shared_call", {"word": unsure})
    return reading


#: who called a word a file gives both calls (naming.SHARED): an opponent, or a call aimed at a player
#: ("kemps on Marie"), makes the Contre-Kems; the holder's partner or teammate the Kems
OPPONENT = re.compile(r"\b(?:opponent|opponents|adversaire|adversaires|adverse|adverses|the other team|l autre equipe"
                      r"|other side|the enemy|ennemi)\b")
AIMED = re.compile(r"^\s*(?:on|sur|against|contre|at|accusing|visant) ")
TEAMMATE = re.compile(rf"\b{PARTNER}\b")


def _shared_call(joined: str, start: int, end: int, roles: Roles) -> Optional[str]:
    """The call a word naming both the Kems and the Contre-Kems is, from who the story says made it
    (None where it does not say: the story is then refused, asking who called)."""
    if AIMED.search(joined[end:]) or OPPONENT.search(joined[:start]) or roles.target_named or roles.target_partner \
            or roles.target_my_partner or roles.narrator == "accused":
        return "contre-kems"
    if TEAMMATE.search(joined[:start]) or roles.narrator == "holder":
        return "kems"
    return None


#: a call made again: the story's last call is a second one, the first told before it
REPEAT = re.compile(r"\b(?:refait|refont|refais|recrie|reannonce|redit|again|encore une fois|de nouveau|en refait"
                    r"|recontrer|recontre|recontrent|recontree"
                    r"|a nouveau|une (?:deuxieme|seconde|autre) fois|a second time|another time|once more)\b")


#: a later time in the same hand: with the same call told before, that call made again
LATER = re.compile(r"\b(?:later|plus tard|this time|cette fois|same hand|meme manche|dans la foulee)\b")
LATER_WORDS = {"later", "plus", "tard", "this", "cette", "fois", "time", "same", "hand", "meme", "manche", "foulee"}
#: a question whether a call may be made, never a call told
MAY = re.compile(r"\b(?:can|could|may|might|allowed|peut|peux|peuvent|pourra|pourrait|droit)\b")


#: a question whether a player may call again ("can Lucas cut again later on", "il peut refaire contre kems ?",
#: "a-t-il le droit de recrier"): no call told
CAN_AGAIN = re.compile(r"\b(?:can|could|may|might|is (?:he|she) allowed to|are (?:they|we) allowed to|allowed to"
                       r"|peut|peux|peuvent|pourra|pourrait|a le droit de|a t il le droit de|a t elle le droit de"
                       r"|ont le droit de|le droit de)\b(?: \w+){0,3} (?:\w+ )?(?:refaire|refait|recrier|again"
                       r"|a nouveau|de nouveau|une deuxieme fois|une seconde fois|a second time)\b"
                       r"|\b(?:can|could|may|peut|pourra) (?:\w+ )?(?:\w+ )?(?:call|cut|say|crier|dire|annoncer|faire)"
                       r"(?: \w+){0,3} (?:again|a nouveau|de nouveau|encore)\b")


def _earlier_part(story: str) -> Optional[tuple[str, str]]:
    """A story told in two times: sentences telling a call, then a sentence where a call is made again
    ("… on a pris le point. mais 2min après il refait contre kems sur Léa …"): (the earlier part, the
    part in dispute); None for a story of one call."""
    # sentences, and a clause a comma opens with "then" ("… and was wrong, then 2 min later he called it again")
    sentences = [part for part in re.split(r"(?<=[.!?;\n])\s+|,\s+(?=(?:then|and then|puis|et puis|et la|et là"
                                           r"|et dans la m[eê]me manche|and later)\b)",
                                           story) if part and part.strip()]
    called = [w for w, event in _event_patterns() if event in CALLS]
    folded_parts = [" ".join(tok.word for tok in _tokenize(part)) for part in sentences]
    said = [next((w for w in called if re.search(rf"\b{re.escape(w)}\b", part)), None) for part in folded_parts]
    for k in range(len(sentences) - 1, 0, -1):
        folded = " ".join(tok.word for tok in _tokenize(sentences[k]))
        if CAN_AGAIN.search(folded):  # "can Lucas cut again later on?": a question on a call to come, none told
            continue
        first = next((w for w in said[:k] if w), None)
        # "… wrong, we got the point. 2 min later same hand she calls contre kems on Hugo": the same call told
        # again later in the hand is made again, as "again" says
        events = dict(_event_patterns())
        later_same = bool(first and said[k] and events.get(first) == events.get(said[k] or "") and LATER.search(folded)
                          and not MAY.search(folded))  # "can Sam still call contre kems later?": none told
        if first is None or not (REPEAT.search(folded) or later_same):
            continue
        if said[k]:
            return " ".join(sentences[:k]), " ".join(sentences[k:])
        # "he called it again on my partner": the call told before, made again
        again = re.sub(r"(?i)\b(called|said|yelled|shouted|did|made|cried)\s+it\b", rf"\1 {first}", sentences[k],
                       count=1)
        if again == sentences[k]:  # "il en refait un", "il le refait": the call told before, made again
            again = re.sub(r"(?i)\b(?:en refait (?:un|une)|le refait|la refait|en refait)\b", f"refait {first}",
                           sentences[k], count=1)
        if again == sentences[k]:  # "elle veut recontrer": the Contre-Kems told before, made again
            again = re.sub(r"(?i)\b(?:veut |va |a |vient de )?recontr(?:er|e|é|ent|ée)\b", f"refait {first}",
                           sentences[k], count=1)
        if again != sentences[k]:
            return " ".join(sentences[:k]), " ".join([again, *sentences[k + 1:]])
    return None


def _read_in_two_times(story: str, own_calls: Optional[dict[str, str]], likes: Optional[dict[str, str]]) \
        -> Optional[Reading]:
    """The call in dispute, with the call made earlier in the hand read apart (its hands are its own)."""
    split = _earlier_part(story)
    if split is None:
        return None
    earlier = read(split[0], own_calls, likes)
    reading = read(split[1], own_calls, likes)
    reading.earlier = earlier
    reading.unknown = [w for w in reading.unknown  # read: the earlier call, and when the call came again
                       if not REPEAT.search(fold(w)) and not LATER.search(fold(w)) and fold(w) not in LATER_WORDS]
    told = [] if earlier.point_ours is None else [(earlier.point_words, "point_ours", earlier.point_ours)]
    reading.unknown = [w for w in earlier.unknown if not told or w != earlier.point_words] + reading.unknown
    reading.ignored = earlier.ignored + reading.ignored  # said earlier and not read: listed all the same
    reading.understood = [(w, "earlier", v) for w, a, v in earlier.understood if a == "event"][:1] + told \
        + reading.understood
    reading.corrections = earlier.corrections + reading.corrections
    reading.problem = reading.problem or earlier.problem
    if reading.convention is None and earlier.convention is not None:  # "Jouer au Kems page. Noah already …"
        reading.convention = earlier.convention
        reading.understood += [u for u in earlier.understood if u[1] == "convention"][:1]
    return reading


# --- cards ------------------------------------------------------------------------------------

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
        if cards and not (len(cards) == 1 and tokens[i].word.isdigit() and end == i + 1):
            for k in range(i, end):  # (a lone number is no hand: "à 6", "the 6 of us")
                tokens[k].claimed = True
            items.append(Item("cards", cards, i, end, _joined(tokens[i:end])))
            i = end
        else:
            i += 1
    return items


JOINERS = {"et", "and", "plus", "with", "avec", "puis", "then", "le", "la", "les", "the"}


def _free(tokens: list[Token], j: int) -> Optional[Token]:
    return tokens[j] if j < len(tokens) and not tokens[j].claimed else None


def _quantity(tokens: list[Token], j: int) -> tuple[Optional[int], int]:
    """A count before a rank ("deux", "four", "a", "une paire de", "un carré de", "2 kings"), and
    where the rank starts; (None, j) when there is none."""
    tok, nxt = tokens[j], _free(tokens, j + 1)
    if nxt is None:
        return None, j
    if tok.word in ("un", "une", "a", "an", "one") and nxt.word in ("paire", "pair", "brelan", "carre", "square",
                                                                  "single", "seul", "seule"):
        return _quantity(tokens, j + 1)  # "un carré de rois", "a single jack": the article is no ace
    if tok.word in ("paire", "pair", "brelan", "carre", "square", "quads") and nxt.word in ("de", "of", "d"):
        after = _free(tokens, j + 2)
        return (QUANTITIES[tok.word], j + 2) if after and _is_card_word(after, True) else (None, j)
    if tok.word in ("a", "an") and len(nxt.word) > 1 and nxt.word in RANK_WORDS and nxt.word not in NUMBERS:
        return 1, j + 1  # "a jack"; but "Q Q Q A" is an ace
    third = _free(tokens, j + 2)
    if tok.word in QUANTITIES and tok.word not in ("a", "an") and _is_card_word(nxt, True) \
            and (nxt.word != tok.word or third is None or third.word != tok.word):
        return QUANTITIES[tok.word], j + 1  # "deux 7", "quatre rois", "trois trois" (but "deux deux deux": cards)
    if tok.word in ("a", "an") and j and tokens[j - 1].word in ("and", "with", "plus", "then") \
            and _is_card_word(nxt, True):
        return 1, j + 1  # "three kings and a 2": the article, not an ace
    if tok.word.isdigit() and int(tok.word) <= 4 and (nxt.word in PLURAL_RANK_WORDS
                                                      or (nxt.word == "as" and (int(tok.word) >= 2 or (
                                                          # "2 rois 1 dame 1 as": one ace, counted after others
                                                          j >= 2 and _is_card_word(tokens[j - 1], True)))
                                                          # "counting that 4 as mine": English "as", no aces
                                                          and (third is None or third.word not in AS_WORDS))
                                                      or re.fullmatch(r"(?:10|[2-9])s", nxt.word)
                                                      or (nxt.word in RANK_WORDS and not nxt.word.isdigit()
                                                          and len(nxt.word) > 2)):
        return int(tok.word), j + 1  # "4 kings", "2 7s", "4 sept", "1 dame" (a digit, then a rank in words)
    return None, j


def _plural_digits(tokens: list[Token], j: int) -> bool:
    """"four of them 6s", "she had 8s": a number with a plural s is that rank, not the six of spades — unless
    the story writes its cards with suit letters ("6s 6h 6d 6c")."""
    if not re.fullmatch(r"(?:10|[2-9])s", tokens[j].word):
        return False
    return not any(re.fullmatch(r"(?:10|[2-9ajqkvdr])[hdc]", t.word) for t in tokens)


def _card_run(tokens: list[Token], start: int) -> tuple[list[str], int]:
    """The cards of a run starting at ``start`` (none if it does not start with a card), and its end."""
    cards: list[str] = []
    implicit = False  # a bare plural ("dames") means a square of them; later bare ranks follow it
    end = j = start
    while _free(tokens, j):
        quantity, j = _quantity(tokens, j)
        tok = tokens[j]
        if quantity is None:
            # "a"/"as" alone starts nothing (an article, a conjunction, "tu as"); among cards, an ace
            after = _free(tokens, j + 1)
            ace = tok.word in ("a", "as") and tok.text not in ("à", "À") and not _auxiliary(tokens, j) \
                and bool(cards or _ace_starts_run(tok, after)) \
                and not (tok.word == "as" and after is not None and after.word in AS_WORDS)  # "à" is never an ace
            if not (ace or (_is_card_word(tok, False) and tok.word not in ("a", "as"))):
                break
            if tok.word in PLURAL_RANK_WORDS or _plural_digits(tokens, j):
                quantity, implicit = 4, True
            elif implicit:
                quantity = 4  # "dames et 5": a square of fives too
        suit = None
        of, named = _free(tokens, j + 1), _free(tokens, j + 2)
        if of and of.word in ("de", "of") and named and named.word in SUIT_WORDS:
            suit, j = SUIT_WORDS[named.word], j + 2  # "l'as de pique", "the ace of spades"
        if quantity is not None:
            cards += [_rank(tok.word) + (suit or "")] * quantity
        else:
            cards.append(_card_label(tok) + (suit or ""))
        end = j = j + 1
        while (joiner := _free(tokens, j)) and joiner.word in JOINERS:
            after = _free(tokens, j + 1)
            if not after or not (after.word in QUANTITIES or _is_card_word(after, False) or after.word in JOINERS):
                break
            j += 1
    return cards, end


#: past participles after the auxiliary "a" ("et a crié kems"): "a" is then no ace
PARTICIPLES = {"crie", "dit", "annonce", "fait", "pris", "pose", "montre", "gagne", "perdu", "eu", "ete", "touche",
               "souleve", "ramasse", "change", "signale", "appele", "hurle", "lance", "joue", "recu", "demande",
               "balaye", "triche", "garde", "jete", "defausse", "vu", "refuse", "echange", "pioche", "gueule",
               "repondu", "repris"}


def _auxiliary(tokens: list[Token], j: int) -> bool:
    """ "a" before a past participle ("il a crié"): the verb avoir, never a card."""
    nxt = tokens[j + 1] if j + 1 < len(tokens) else None
    return tokens[j].word == "a" and nxt is not None and nxt.word in PARTICIPLES


def _ace_starts_run(tok: Token, nxt: Optional[Token]) -> bool:
    """ "A A A A", "A♠ K♠", "As R R R", "l'as de pique": an ace when written as a card among cards."""
    if tok.text[-1] in _SUIT_SYMBOLS:
        return True
    if tok.word == "as" and nxt is not None and nxt.word in ("de", "of"):
        return True
    return tok.text in ("A", "As", "AS") and nxt is not None and (
        (_is_card_word(nxt, False) and len(nxt.word) <= 2) or nxt.text in ("A", "As", "AS"))


def _card_label(tok: Token) -> str:
    """One card in the notation of ``rule`` (English ranks, suits kept): "R" -> "K", "7♥" -> "7♥"."""
    from ..referee.cards import parse_card

    if tok.word in RANK_WORDS and tok.text[-1] not in _SUIT_SYMBOLS:
        return RANK_WORDS[tok.word]
    return parse_card(tok.text).label("en")


def read_cards(text: str) -> Optional[str]:
    """A whole answer as cards, in the notation of ``rule`` ("quatre rois" -> "K K K K"), or None
    when some of it is not cards."""
    tokens = tokenize(text)
    if not tokens:
        return None
    cards, end = _card_run(tokens, 0)
    return " ".join(cards) if cards and end == len(tokens) else None


# --- who holds the cards ----------------------------------------------------------------------

SELF = r"(?:i|je|j|me|moi|myself)"
CALLING = r"(?:called|call|said|shouted|announced|cried|yelled|crie|dit|annonce|fait|lance|criais|disais)"


@dataclass
class Roles:
    """Who the narrator is, and whom the call targets, as far as the story says."""

    narrator: Optional[str] = None  # "caller", "accused", "holder" (the partner who holds the square)
    target_my_partner: bool = False  # "stop kemps on my partner": the accused is the narrator's partner
    target_named: bool = False  # "sur Paul", "on Bob": the accused is someone else than the narrator
    target_partner: bool = False  # "on Paul's partner", "sur la partenaire de Léa": the accused is told as a partner
    team_accused: bool = False  # "contre l'équipe de Jade et Lucas": a team accused, no player of it named first


def _roles(text: str) -> Roles:
    roles = Roles()
    if re.search(rf"\b{SELF} (?:ai |have |had )?{CALLING}\b", text):
        roles.narrator = "caller"
    elif re.search(r"\b(?:on|sur|contre|against|at) (?:me|moi|nous|us)\b", text):
        roles.narrator = "accused"  # ("stop kems sur nous et on avait vraiment un carré": the teller's team accused)
    elif re.search(rf"\b(?:my|mon|ma) {PARTNER} (?:a |had |has )?{CALLING}\b", text):
        roles.narrator = "holder"
    roles.target_my_partner = bool(re.search(rf"\b(?:on|sur|contre|against|at) (?:my|mon|ma) {PARTNER}\b", text))
    roles.target_partner = not roles.target_my_partner and bool(re.search(
        rf"\b(?:on|sur|contre|against|accused|accuse|accusait|targeted|visait|vise) (?:the |le |la |l |his |her "
        rf"|their |son |sa |leur |\w+ )?{PARTNER}\b", text))
    return roles


#: a player named by kinship or friendship ("ma sœur", "my brother"): a player, as a name is
KIN = {"brother", "sister", "bro", "sis", "mom", "mum", "mother", "dad", "father", "cousin", "uncle", "aunt", "son",
       "daughter", "wife", "husband", "girlfriend", "boyfriend", "gf", "bf", "friend", "buddy", "mate", "grandma",
       "grandpa", "granny", "frere", "soeur", "frangin", "frangine", "mere", "pere", "maman", "papa", "cousine",
       "oncle", "tante", "fils", "fille", "femme", "mari", "copain", "copine", "pote", "ami", "amie", "mamie", "papi",
       "beau frere", "belle soeur", "coloc", "roommate", "neighbour", "neighbor", "voisin", "voisine", "niece",
       "nephew", "neveu"}
POSSESSIVES = {"my", "his", "her", "their", "our", "ma", "mon", "mes", "sa", "son", "ses", "notre", "leur", "ta", "ton",
               "your"}


def _kin(tokens: list[Token], i: int) -> bool:
    """"ma sœur", "my brother": a player named by kinship, after a possessive."""
    return tokens[i].word in KIN and i > 0 and tokens[i - 1].word in POSSESSIVES


#: fillers that are also first names: a name where written with a capital inside a clause ("on Anna and Ben")
NAME_FILLERS = {"ben"}


def _not_filler(tokens: list[Token], i: int) -> bool:
    """Not a filler word: "ben" is a filler ("eh ben"), "Ben" inside a clause a player — and "Ben" opening a
    sentence where the story names a player Ben inside one ("contre kems on Ben … Ben had 4 aces")."""
    word = tokens[i].word
    if word not in FILLER:
        return True
    if word not in NAME_FILLERS:
        return False
    return (i > 0 and tokens[i - 1].clause == tokens[i].clause) or (tokens[i].text[:1].isupper() and any(
        k > 0 and t.word == word and t.text[:1].isupper() and tokens[k - 1].clause == t.clause
        for k, t in enumerate(tokens) if k != i))


def _markers(tokens: list[Token]) -> list[tuple[int, str]]:
    """Words that say whose cards follow: (position, "self" | "my_partner" | "their_partner" |
    "third" | "caller")."""
    out = []
    for i, tok in enumerate(tokens):
        if tok.claimed and not re.fullmatch(PARTNER, tok.word):
            continue
        before = tokens[i - 1].word if i else ""
        if re.fullmatch(PARTNER, tok.word):
            out.append((i, "my_partner" if before in ("my", "mon", "ma", "mes") else "their_partner"))
        elif re.fullmatch(SELF, tok.word):
            out.append((i, "self"))
        elif re.fullmatch(PARTNER, before) and tokens[i - 1].clause == tok.clause:
            continue  # "sa partenaire Inès", "her partner Max": the partner's name, not a third player
        elif tok.word in ("he", "she", "him", "il", "elle", "lui", "accused", "accuse", "accusee", "gars", "guy",
                          "dude") or _kin(tokens, i) \
                or (tok.text[:1].isupper() and _not_filler(tokens, i) and tok.word not in RANK_WORDS \
                and not _is_card_word(tok, False)):
            out.append((i, "third"))
        elif tok.word in ("caller", "annonceur"):
            out.append((i, "caller"))
    for i, _ in out:
        if re.fullmatch(PARTNER, tokens[i].word):
            tokens[i].claimed = True
    return out


ACCUSING = ("on", "sur", "contre", "against", "at", "accuse", "accused", "visait", "vise", "targeted", "about")
CALLED = ("called", "calls", "call", "said", "says", "shouted", "announced", "annonce", "dit", "crie", "lance")


def _calls(after: list[str]) -> bool:
    """"Tom called…", "Léa a dit…": the words after a name make it the caller's ("Yanis dit qu'il…": his word,
    no call)."""
    if after[1:2] and after[1] in ("que", "qu", "that") and after[0] in REPORTING:
        return False
    return bool(after[:1] and after[0] in CALLED) or bool(after[:2] and after[0] in ("a", "had", "has")
                                                         and after[1] in CALLED)


def _called_by(before: str, two_before: str) -> bool:
    """"kems called by Léa", "contre-kems de Léa": the caller named behind the call."""
    return before in ("by", "par", "de") and two_before in ("kems", "kemps", "called")


def _by_name(tokens: list[Token], markers: list[tuple[int, str]], event: Optional[str]) -> list[tuple[int, str]]:
    """Names as the players they are: a name said again is the same player ("stop kemps on Paul…
    Paul had 7 7 K K"), the accused (after "on", "sur"), the caller (before "called", "a dit", or after
    "by", "de" right behind the call), the partner named beside "partner"; in a Contre-Kems, one more
    name is the accused's partner, in a Kems the caller's partner."""
    roles: dict[str, str] = {}
    for i, tok in enumerate(tokens):
        if not tok.text[:1].isupper() or not _not_filler(tokens, i) or _is_card_word(tok, False):
            continue
        before, after = (tokens[i - 1].word if i else ""), [t.word for t in tokens[i + 1:i + 3]]
        if re.fullmatch(PARTNER, before) and tokens[i - 1].clause == tok.clause:
            roles.setdefault(tok.word, "their_partner")
        elif _partner_named_after(tokens, i):
            roles.setdefault(tok.word, "accused_partner")  # "on Paul's partner": Paul is the accused's partner
        elif before in ("for", "pour") and i >= 2 and tokens[i - 2].word in ("kems", "kemps", "quems"):
            roles.setdefault(tok.word, "called_for")  # "Jake called kems for Mia": the caller's partner, whose hand
        elif before in ACCUSING:
            roles.setdefault(tok.word, "accused")
        elif (_calls(after) and not any(t.quoted for t in tokens[i + 1:i + 4])) \
                or _called_by(before, tokens[i - 2].word if i >= 2 else ""):  # "Paul dit 'non…'": speech, no call
            roles.setdefault(tok.word, "caller")
    if event == "contre-kems" and "accused" not in roles.values() and _team_accused(tokens):
        # "stop kemps on the team to my left … Amy had 9 9 J J and Rob had A A A 2": the first player named
        # without a part in the call is the accused, the next one the accused's partner
        first = next((tokens[i].word for i, kind in markers if kind == "third" and tokens[i].text[:1].isupper()
                      and tokens[i].word not in roles), None)
        if first is not None:
            roles[first] = "accused"
    out = []
    for i, kind in markers:
        name = tokens[i].word if tokens[i].text[:1].isupper() else None
        emphatic = tokens[i].word in ("lui", "him") and i > 0 and tokens[i - 1].word in ("est", "was", "etait")
        if emphatic:  # "LUI" written in capitals is no name
            name = None
        if name is None and (tokens[i].word in ("he", "she", "il", "elle") or emphatic):  # the player last named
            # ("c'est LUI qui avait le carré", "it was him who had it": the player last named, as "il", "he")
            name = next((t.word for k, t in reversed(list(enumerate(tokens[:i])))
                         if t.word in roles or (t.word in ("lui", "him", "her", "elle") and k
                                                and tokens[k - 1].word in ACCUSING)), None)
            if name is not None and gender(name) not in (None, "f" if tokens[i].word in ("she", "elle") else "m"):
                out.append((i, kind))  # "Lucas a crié Kems et elle avait…": not Lucas — a player not named
                continue
            if name is not None and name not in roles:  # "contre-kems sur lui, il avait…": the accused
                out.append((i, kind))
                continue
            if name is not None and roles[name] == "caller":
                out.append((i, "caller"))  # "Marc a dit kems, il avait 4 dames": the caller's own
                continue
            name = None
        role = roles.get(name or "")
        if kind != "third" or name is None:
            out.append((i, kind))
        elif role == "caller":
            out.append((i, "caller"))
        elif role in ("their_partner", "accused_partner"):
            out.append((i, role))
        elif role is None and event == "contre-kems" and "accused" in roles.values():
            out.append((i, "their_partner"))  # a third name beside the accused: the accused's partner
        else:
            out.append((i, kind))
    return out


def _team_accused(tokens: list[Token]) -> bool:
    """The story accuses a team, naming none of its players after "on" ("stop kemps on the team to my left",
    "contre sur leur équipe", "on them")."""
    words = " ".join(t.word for t in tokens)
    return bool(re.search(r"\b(?:on|sur|against|contre) (?:the|their|l|le|la|leur|cette|that|the other) ?"
                          r"(?:other )?(?:team|equipe|pair|paire)\b|\b(?:on|against) them\b|\bsur eux\b", words))


def _partner_named_after(tokens: list[Token], i: int) -> bool:
    """"Contre-Kems on Paul's partner", "sur la partenaire de Paul": the accused is told as the partner of
    the player named, who is then the accused's partner."""
    words = [t.word for t in tokens]
    before = words[max(0, i - 4):i]
    after = words[i + 1:i + 2]
    return (bool(before) and before[-1] in ACCUSING and bool(after) and bool(re.fullmatch(PARTNER, after[0]))) \
        or (len(before) == 4 and before[-1] == "de" and bool(re.fullmatch(PARTNER, before[-2]))
            and before[-3] in ("le", "la", "l") and before[-4] in ACCUSING)


def _owner(item: Item, markers: list[tuple[int, str]], evidence: list[Item]) -> str:
    """The nearest marker before ``item`` that no earlier card group or square has used."""
    before = [(i, kind) for i, kind in markers if i < item.start]
    if not before:
        return "none"
    position, kind = before[-1]
    used = any(position < other.start < item.start for other in evidence if other is not item)
    return "none" if used else kind


def _slot(event: str, owner: str, roles: Roles, by_holder: bool = False) -> Optional[str]:
    """Which hand of the event a holder's cards are: "hand", "partner_hand", "either" (a Double
    Kems's two hands are alike), or None (cards the ruling does not look at: the caller's own in a
    Contre-Kems).  A Kems the holder called himself (``by_holder``): the caller's cards are the hand."""
    if event == "contre-kems":
        if owner == "self":
            return None if roles.narrator == "caller" or (roles.target_named and roles.narrator != "accused") \
                else "hand"
        if owner == "my_partner":
            if roles.target_my_partner:
                return "hand"
            return None if roles.narrator == "caller" else "partner_hand"
        if owner == "their_partner":  # "on Paul's partner … the partner had four queens": the accused's own
            return "hand" if roles.target_partner else "partner_hand"
        if owner == "accused_partner":
            return "partner_hand"
        return None if owner == "caller" else "hand"
    if event == "kems":
        if by_holder:  # the caller's cards; his partner's ("his partner Jen had junk") are none of the ruling's
            return None if owner == "their_partner" else "hand"
        return None if owner == "caller" or (owner == "self" and roles.narrator == "caller") else "hand"
    if event == "double-kems":
        if owner in ("self", "caller"):
            return "partner_hand" if roles.narrator == "caller" or owner == "caller" else \
                "hand" if roles.narrator == "holder" else "either"
        if owner == "my_partner":
            return "hand" if roles.narrator != "holder" else "partner_hand"
        return "either"
    if event == "deal":
        return "hand"
    return None


def _grown(reading: Reading, groups: list[Item], lifted: list[Item], facts: dict[str, Any]) -> list[Item]:
    """One player's hand told twice, the later holding the earlier and more ("Jake had three queens … he grabbed
    the 4th queen … he flips QQQQ"): the hand as it became, shown — a card told lifted is in it; anything else is
    two hands, as told."""
    from collections import Counter

    if len(groups) != 2:
        return groups
    early, late = sorted(groups, key=lambda it: it.start)
    more = Counter(late.value) - Counter(early.value)
    if not more or Counter(early.value) - Counter(late.value):
        return groups
    if any(it.value[0] == "lifted" and it.value[1] in (None, *more) for it in lifted):
        facts.pop("lifted", None)  # "grabbed the 4th queen … he flips QQQQ": the card lifted is in the hand shown
    reading.unknown.append(early.words)  # said, and read through the hand it became
    return [late]


# --- putting it together ----------------------------------------------------------------------

#: what a phrase may say besides an option of ``rule``: the story's own facts, which decide the event or
#: another option (``_settle_event``, ``_hands``) and never reach the situation themselves
STORY_FACTS = {
    "event_hint": "a word that names no event but points to one (an exchange's 'je prends')",
    "event_context": "a word that places the story in an event without naming it",
    "square": "whose square the story says (read with the cards, by _hands)",
    "partner_square_said": "the story says the partner held a square (by _hands)",
    "square_said": "the Kems was right or wrong: the partner held a square or not (by _hands)",
    "square_same_for_partner": "the partner's hand is told as the same kind (by _hands)",
    "call_wrong": "the caller tells his own accusation was wrong (read by _assemble, settled by session.settle)",
    "both_squares": "a square in each of the two hands the event reads (by _hands)",
    "put_down": "a card put down ('il a posé un 8'): said, listed, never a hand (no option holds it)",
    "shown_two": "the accused showed two cards ('she showed me 2 cards'): the accusation found wrong (_settle_event)",
    "call_right": "the accusation told right ('un stop kemps juste'): the accused held a square (by _assemble)",
    "neither_square": "no square in either hand the event reads, said of the two at once (by _hands)",
    "square_for_partner": "a square said of the partner (by _hands)",
    "players_also": "a second table size told as a maybe ('peut-être 5 si Marc vient pas'): Reading.also_players",
    "claimed_four": "'contre kems saying he had four 8s': the rank the accusation claims four of (by _inferred)",
    "other_holder": "'it was actually his partner who had them': the square another player's, not the accused's",
    "three_more": "three of a rank plus the card lifted or touched (by _hands)",
    "fourth_taken": "a fourth card just taken into a hand of three of a rank (by _hands)",
    "fourth_lifted": "a fourth card lifted off the table beside three of a rank in the hand (by _hands)",
    "it_was": "'it was right/wrong': of the Kems where one came before, else the question itself",
    "kems_verdict": "the Kems was right or wrong",
    "too_late": "the call came too late: after the Kems",
    "no_kems_called": "no Kems was called (said, understood, changes nothing)",
    "point_ours": "the teller's side took the point, or the other side did (of a call settled earlier)",
    "repeat": "a call made again: the earlier one is read apart (_read_in_two_times)",
    "before_answer": "the call came before anybody answered (in a sweep asked aloud: during it; else listed)",
    "after_sweep": "the call came after the sweep, the hunt open again (said, understood, changes nothing)",
    "unread": "said, but nothing a ruling reads: listed, never dropped",
    "rule_point": "words naming a rule point a question asks about (changing the signal): said, asked by session",
    "worth_asked": "what the call told is worth, asked without naming it ('on compte combien ? 2 ou 3 points ?'): the "
                   "call's worth compared where nothing of the call is in doubt (_assemble)",
    "nothing_agreed": "nothing agreed before play ('we never agreed anything before starting'): of a signal, no ban "
                      "asked at the start (--not-banned); elsewhere a claim, listed",
    "letters_held": "penalty letters a team holds, spelled out: said, and a question on them is one on the score",
    "letters_game": "the word the table's letters game spells ('we play with letters K-E-M-P-S'): which game it is",
    "not_called": "'we just hadn't called it yet': the call the story names was never made (its squares still told)",
    "next_call": "a call about to be made (unmade) or made after the one in dispute (later): not a call in dispute",
    "asking": "the question the story asks ('right or not?'): the ruling itself, nothing to read",
    "ban_word": "a ban on a kind of signal ...",
    "before_play": "... agreed before play",
    "gesture": "a signal by gesture (the default form: said only where the story says it)",
}
#: the story facts that _hands reads from the facts left after the event is settled
HAND_FACTS = ("three_more", "fourth_taken", "fourth_lifted", "square_said", "square_same_for_partner",
              "square_for_partner", "both_squares", "neither_square", "other_holder",
              "claimed_four")
ACCUSATIONS_OF_A_KEMS = ("contre-kems", "double-contre-kems")


def _gather(items: list[Item]) -> tuple[Reading, dict[str, Any], list[str]]:
    """The convention the story names, its facts (the first said of each wins) and its event hints."""
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
            elif attr not in ("event_context", "square", "partner_square_said"):
                facts.setdefault(attr, value)
    return reading, facts, hints


#: the point a call's worth asks ("on compte combien ?"), by the call told
WORTH_OF = {"kems": "call.kems.right", "double-kems": "call.double_kems.right", "contre-kems": "call.contre_kems.right"}
#: facts that put a call in doubt: its hands, its verdict, a fact of its timing — the dispute, not its worth
IN_DOUBT = ("square", "partner_square_said", "both_squares", "it_was", "kems_verdict", "call_wrong", "call_right",
            "call_wrong_told", "lifted", "touched", "during_sweep", "before_opening", "simultaneous", "after_kems",
            "by_holder", "too_late", "shown_two", "fourth_taken")


def _said(items: list[Item], fact: str) -> list[str]:
    """The words that said ``fact``."""
    return [it.words for it in items if it.kind == "fact" and it.value[0] == fact]


#: words that say which of two calls came first: what follows "then" came later, what follows "after"
#: and its article came first ("contre-kems juste après le double kems"; "after" as an adverb is "then":
#: "kems et aussitôt après contre-kems", "kems et contre-kems juste après"); the call nearest "already"
#: came first
NOT_CALLS = {"signal", "sweep", "exchange", "deal", "stock-out", "same-card", "setup"}
THEN_WORDS = {"then", "puis", "ensuite", "afterwards", "later", "next", "aussitot", "immediately"}
AFTER_WORDS = {"after", "apres"}
#: "before" read the other way round: what precedes "juste avant le double kems" came first; as an adverb
#: ("double kems, mais contre-kems juste avant") the call it follows came before the one told ahead of it
BEFORE_WORDS = {"before", "avant", "earlier", "auparavant", "beforehand"}
ALREADY_WORDS = {"already", "deja"}
#: "… had called contre kems half a second before me": "before" and the teller or another player, as at a clause's end
BEFORE_WHOM = {"me", "moi", "him", "her", "us", "them", "lui", "nous", "eux", "elle"}
#: words that open a new clause with no comma before them ("… just before and she had 4 queens")
CLAUSE_JOINS = {"and", "et", "but", "mais", "so", "donc", "alors", "because", "car"}
#: "after" before one of these is a preposition (what follows came first); else an adverb, as "then"
DETERMINERS = {"the", "a", "an", "his", "her", "their", "that", "le", "la", "l", "un", "une", "son", "sa", "leur", "ce",
               "cet", "cette", "my", "mon", "ma"}
#: words that only sharpen an order word ("just after", "tout de suite après"): read with it
ORDER_LEADS = {"just", "juste", "right", "straight", "immediately", "aussitot", "sitot", "suite", "and", "et", "tout",
               "de", "soon", "quickly", "vite"}


def _call_order(tokens: list[Token], items: list[Item]) -> Optional[tuple[Item, Item, list[int]]]:
    """The story's two calls as its words order them: (the call first made, the one made after it,
    the order words), or None where no word says which came first.  Only calls are ordered: the signal or the
    sweep a story tells beside them is no call ("spotted Emma's signal … her partner had already said Kems")."""
    calls = [it for it in items if it.kind == "event" and it.value not in NOT_CALLS]
    if len(calls) < 2:
        return None
    found: list[tuple[Item, Item, list[int]]] = []
    for i, tok in enumerate(tokens):
        if tok.claimed:
            continue
        before = [it for it in calls if it.end <= i]
        after = [it for it in calls if it.start > i]
        pair: Optional[tuple[Item, Item]] = None
        if tok.word in THEN_WORDS and before and after:
            pair = (before[-1], after[0])
        elif tok.word in AFTER_WORDS and before and after and i + 1 < len(tokens) \
                and tokens[i + 1].word in DETERMINERS:  # "contre-kems juste après le double kems"
            pair = (after[0], before[-1])
        elif tok.word in AFTER_WORDS and before and after:  # "kems et aussitôt après contre-kems": as "then"
            pair = (before[-1], after[0])
        elif (tok.word in AFTER_WORDS or tok.word in ("later", "plus")) and len(before) >= 2 and not after \
                and (tok.word != "plus" or (i + 1 < len(tokens) and tokens[i + 1].word == "tard")):
            pair = (before[-2], before[-1])  # "kems et contre-kems juste après", "… shouted kems a second later"
        elif tok.word in BEFORE_WORDS and before and after and i + 1 < len(tokens) \
                and tokens[i + 1].word in DETERMINERS:  # "contre-kems juste avant le double kems"
            pair = (before[-1], after[0])
        elif tok.word in BEFORE_WORDS and len(before) >= 2 and (i + 1 == len(tokens)
                                                                or tokens[i + 1].clause != tok.clause
                                                                or tokens[i + 1].word in BEFORE_WHOM
                                                                or tokens[i + 1].word in CLAUSE_JOINS):
            # ("… i'd shouted stop kemps at sarah just before and she did have 4 queens": "and" ends its clause)
            pair = (before[-1], before[-2])  # "double kems, mais contre-kems juste avant"
        elif tok.word in BEFORE_WORDS and len(before) == 1 and after and i + 1 < len(tokens) \
                and tokens[i + 1].clause != tok.clause:  # "double kems, mais juste avant (…) j'avais dit contre kems"
            pair = (after[0], before[-1])
        elif tok.word in ALREADY_WORDS:
            near = min(calls, key=lambda it: min(abs(it.start - i), abs(it.end - 1 - i)))
            later = [it for it in calls if it.value != near.value]
            pair = (near, later[0]) if later else None
        if pair is not None and pair[0].value != pair[1].value:
            words = [i]
            k = i - 1
            while k >= 0 and not tokens[k].claimed and tokens[k].word in ORDER_LEADS:
                words.insert(0, k)
                k -= 1
            found.append((pair[0], pair[1], words))
    if not found:
        return None
    made, then, words = found[0]
    # "they already said contre-kems on me a second before": a second order word saying the same order is read
    # with the first
    words = words + [k for f, t, w in found[1:] if (f.value, t.value) == (made.value, then.value) for k in w]
    return made, then, words


def _ordered(reading: Reading, items: list[Item], facts: dict[str, Any], tokens: list[Token]) -> Optional[str]:
    """A call made after a Kems or a Double Kems, as the story's order words say ("kems, then stop
    kemps", "contre-kems juste après le double kems"): the later call is the dispute, made after the
    Kems (``after_kems``) or against both squares of the Double Kems; None where no order is said."""
    order = _call_order(tokens, items)
    if order is None:
        return None
    first, later, words = order
    if first.value in ACCUSATIONS_OF_A_KEMS and later.value in ("kems", "double-kems"):
        # "contre-kems, puis double kems": the accusation came first and is the dispute, ruled on the
        # squares the later call claims; the later call is said as made after it and ruled on its own after
        for k in words:
            tokens[k].claimed = True
        if later.value == "double-kems":
            _against_double(items, later, tokens)
        later.kind = "next"
        reading.understood.append((f"{' '.join(tokens[k].text for k in words)} {later.words}", "next_later",
                                   later.value))
        reading.set_aside = str(later.value)
        return str(first.value)
    if later.value not in ACCUSATIONS_OF_A_KEMS or first.value not in ("kems", "double-kems"):
        return None
    for k in words:
        tokens[k].claimed = True
    said = " ".join(tokens[k].text for k in words)
    if first.value == "kems":
        facts["after_kems"] = True
        first.kind = "earlier"  # said back as "after a Kems", not as a call of its own
        # "Jade called kems for Hugo but he had nothing, then … contre kems on Paul who had four aces": the hand told
        # between the Kems and the order word is the Kems's — its verdict, never the accused's hand
        def named_after(call: Item, leads: tuple[str, ...]) -> Optional[str]:
            k = call.end
            return tokens[k + 1].word if k + 1 < len(tokens) and tokens[k].word in leads else None

        holder, accused = named_after(first, ("for", "pour")), named_after(later, ACCUSING)
        for it in items if holder and accused and holder != accused else []:  # another player's square accused
            if first.end <= it.start < min(words) and "kems_verdict" not in facts:
                if it.kind == "fact" and it.value[0] == "square" and isinstance(it.value[1], bool):
                    facts["kems_verdict"], it.kind = it.value[1], "earlier"
                elif it.kind == "cards" and len(it.value) == 4:
                    facts["kems_verdict"], it.kind = len(set(it.value)) == 1, "earlier"
        reading.set_aside = "kems"  # the Kems itself, ruled on its own after (session.settle)
        reading.understood.append((f"{first.words} … {said}", "after_kems", True))
    else:  # "double kems … contre kems half a second after": against both squares, and after the Double Kems
        _against_double(items, first, tokens)
        if first.kind == "earlier":  # a right Double Kems (not told wrong): the Contre-Kems came after it
            facts["after_kems"] = True
            reading.set_aside = "double-kems"  # the Double Kems itself, ruled on its own after (session.settle)
            reading.understood.append((f"{first.words} … {said}", "after_kems", True))
    return str(later.value)


def _points_later(tokens: list[Token], items: list[Item]) -> bool:
    """A call (Kems, Contre-Kems…) told in or before the story's first question, and every rule point named only in
    a later one."""
    asked = [tok.clause for tok in tokens if tok.asked]
    if not asked:
        return False
    first = min(asked)
    calls = [it for it in items if tokens[it.start].clause <= first and (
        (it.kind == "event" and it.value in CALLS) or (it.kind == "fact" and it.value[0] == "kems_verdict"))]
    points = [it for it in items if it.kind == "fact" and it.value[0] == "rule_point"]
    if any(tokens[it.start].clause < first for it in calls):  # "DOUBLE KEMS!! … also can they contre a double?"
        return all(tokens[it.start].clause >= first for it in points)  # told before any question: the dispute
    return bool(calls) and all(tokens[it.start].clause > first for it in points)


def _against_double(items: list[Item], double: Item, tokens: list[Token]) -> None:
    """A Contre-Kems beside a Double Kems: the Double Kems said back as the two squares it means (the
    ruling on the Contre-Kems reads the accused team's squares, whichever call came first)."""
    near = " ".join(tok.word for tok in tokens[max(double.start - 2, 0):double.end + 1])
    if not re.search(rf"\b{WRONG}\b", near):  # "after a wrong double kems": which square lacked is unsaid
        double.kind = "earlier"  # said back as the two squares it means
        items.append(Item("fact", ("square", True), double.start, double.end, double.words))
        items.append(Item("fact", ("partner_square_said", True), double.start, double.end, double.words))


def _next_calls(reading: Reading, items: list[Item], facts: dict[str, Any], prefer: Optional[str] = None) -> None:
    """A call the story places after the one in dispute ("before she could say double kems": about to be
    made; "before he said kems": made after it): said as what it is, and never a second call to rule;
    the words are listed as not read where no call follows them.  A call made after it is set aside (ruled on its
    own after, ``Reading.set_aside``); read again as the dispute (``prefer``), it is the call ruled."""
    if facts.pop("next_call", None) is None:
        return
    for said in [it for it in items if it.kind == "fact" and it.value[0] == "next_call"]:
        nxt = next((it for it in items if it.kind == "event" and said.end <= it.start <= said.end + 1), None)
        if nxt is None or not any(it.kind == "event" and it is not nxt for it in items):
            reading.unknown.append(said.words)
            continue
        if nxt.value == prefer:
            continue
        nxt.kind = "next"
        reading.understood.append((f"{said.words} {nxt.words}", f"next_{said.value[1]}", nxt.value))
        if said.value[1] == "later" and nxt.value in ("kems", "double-kems"):
            reading.set_aside = nxt.value


def _settle_event(reading: Reading, items: list[Item], facts: dict[str, Any], hints: list[str],
                  likes: Optional[dict[str, str]] = None,
                  tokens: Optional[list[Token]] = None, prefer: Optional[str] = None) -> Optional[str]:
    """The event in dispute, and what the story's own facts say of it (a verdict on the Kems before,
    a call too late, a ban agreed before play); those facts are turned into options or listed.  A
    call of the convention's own named by its name is the dispute ("broken contre Tom": the
    "contre" accuses, it is no second call)."""
    _next_calls(reading, items, facts, prefer)
    events = [it.value for it in items if it.kind == "event"]
    own = [e for e in events if e in (likes or {})]
    if own:
        like = (likes or {})[own[0]]
        for it in items:  # the word "contre" beside it accuses: no call of its own, not said as one
            if it.kind == "event" and it.value != own[0] and (it.value == like or (it.value in ACCUSATIONS_OF_A_KEMS
                                                              and like != "kems")):
                it.kind = "accusing"
        events = [it.value for it in items if it.kind == "event"]
    calls = {e for e in events if e in CALLS or e in own}
    event = own[0] if own else next((e for e in BY_PRIORITY if e in events), None)
    if event == "sweep" and "stock-out" in hints and not calls and not {"objection", "during_sweep"} & set(facts):
        # "la pioche est vide, on a balayé une dernière fois …, on marque quoi ?": the stock gone is the case, the
        # last sweep what came before it
        for it in items:
            if it.kind == "event" and it.value == "sweep":
                it.kind = "context"
                reading.understood.append((it.words, "sweep_before", True))
        event, events = None, [e for e in events if e != "sweep"]
    if prefer in events or (prefer and prefer in hints):  # the call set aside beside what the story rules: the dispute
        order = _call_order(tokens, items) if tokens is not None else None
        if order is not None and prefer in (order[0].value, order[1].value):
            for k in order[2]:  # "juste avant", "then": read with the call ruled first
                tokens[k].claimed = True  # type: ignore[index]
        for it in items:
            if it.kind == "event" and it.value != prefer and it.value in CALLS:
                it.kind = "next"
        calls, event, events = {prefer}, prefer, [prefer]
    said_of_kems = "kems_verdict" in facts or facts.get("after_kems") or ("it_was" in facts and "kems" in calls) \
        or (facts.get("too_late") and "kems" in calls and event in ACCUSATIONS_OF_A_KEMS)
    together = facts.get("simultaneous") and calls == {"kems", "contre-kems"}  # "en même temps": the pair itself
    if len(calls) > 1 and not said_of_kems and not together and not own and tokens is not None:
        later = _ordered(reading, items, facts, tokens)
        if later is not None:
            event, said_of_kems = later, True
        elif calls == {"contre-kems", "double-kems"} and (facts.get("both_squares") or facts.get("simultaneous")):
            # "contre-kems sur Paul, mais Paul et Lucie avaient chacun un carré et Lucie a crié double kems": the
            # accused team's two squares are told, and the Contre-Kems is ruled on them in either order
            _against_double(items, next(it for it in items if it.kind == "event" and it.value == "double-kems"),
                            tokens)
            event, said_of_kems = "contre-kems", True
            if not any(attr == "next_unmade" and value == "double-kems" for _, attr, value in reading.understood):
                reading.set_aside = "double-kems"  # ruled on its own after (session.settle); never one about to be
                # called and not made ("I was about to call Double Kems … does our double win?")
            # "au même moment": ruled as said — where a Double Kems cannot be countered, whichever came first
    if len(calls) > 1 and not said_of_kems and not together and calls != set(ACCUSATIONS_OF_A_KEMS):
        reading.problem = ("error.ask_two_calls", {"calls": ", ".join(sorted(calls))})
    if facts.pop("shown_two", None):  # "she showed me 2 cards": the accusation found wrong, the proof made
        if event in ACCUSATIONS_OF_A_KEMS:
            facts["call_wrong"], facts["call_wrong_told"] = True, True
            facts.setdefault("it_was", False)
        else:
            reading.unknown += _said(items, "shown_two")
    if "it_was" in facts:  # "…and it was right": of the Kems, where one came before
        verdict = facts.pop("it_was")
        of_a_kems = facts.get("after_kems") or ("kems" in calls and event in ACCUSATIONS_OF_A_KEMS)
        if of_a_kems or event in (None, "kems"):  # "kems, c'était pas bon": the Kems itself
            facts.setdefault("kems_verdict", verdict)
        elif event in ACCUSATIONS_OF_A_KEMS and verdict is False \
                and any(re.search(rf"\b{WRONG}\b", fold(w)) for w in _said(items, "it_was")):  # "et c'était faux"
            facts["call_wrong"] = True  # the accusation was wrong: what that means is the convention's (settle)
            facts["call_wrong_told"] = True
        elif event in ACCUSATIONS_OF_A_KEMS and verdict is True and tokens is not None and not any(
                tokens[i].asked for it in items if it.kind == "fact" and it.value[0] == "it_was"
                for i in range(it.start, it.end)):  # "stop kemps sur Alex et c'était juste": told, never asked
            facts["call_right"] = True
            reading.understood += [(words, "square", True) for words in _said(items, "it_was")][:1]
        else:  # a verdict on the call in dispute is the question, not a fact: said, not used
            reading.unknown += _said(items, "it_was")
    if "kems_verdict" in facts:
        ok = facts.pop("kems_verdict")
        if event in ACCUSATIONS_OF_A_KEMS:
            facts["after_kems"] = True
            facts["kems_right"] = ok
            reading.understood += [("", "after_kems", True), ("", "kems_right", ok)]
        else:
            event = event or "kems"
            facts["square_said"] = ok
    if facts.pop("too_late", None):
        if event in ACCUSATIONS_OF_A_KEMS:
            facts["after_kems"] = True  # too late: after the Kems was called (said so in what was understood)
            reading.understood += [(words, "after_kems", True) for words in _said(items, "too_late")][:1]
        else:
            reading.unknown += _said(items, "too_late")
    if facts.pop("no_kems_called", None):
        reading.understood += [(words, "no_kems_called", True) for words in _said(items, "no_kems_called")][:1]
    if "point_ours" in facts:  # read only of a call settled earlier in the hand (session.settle)
        reading.point_ours = facts.pop("point_ours")
        reading.point_words = _said(items, "point_ours")[0]
        reading.unknown.append(reading.point_words)  # understood only of an earlier call (_read_in_two_times)
    if facts.pop("repeat", None) and "barred" not in facts:  # understood beside the earlier call it repeats
        reading.unknown += _said(items, "repeat")
    facts.pop("asking", None)  # the question the story asks: the ruling itself
    worth = None
    if facts.pop("worth_asked", None):  # "… double kems, on compte combien ? 2 ou 3 points ?": the call's worth asked
        asked = next(it for it in items if it.kind == "fact" and it.value[0] == "worth_asked")
        doubt = any(it.kind == "cards" or (it.kind == "fact" and it.value[0] in IN_DOUBT) for it in items)
        if event in WORTH_OF and not doubt:  # nothing of the call in doubt: the question is on the rules
            worth = Item("fact", ("rule_point", WORTH_OF[event]), asked.start, asked.end, asked.words)
            items.append(worth)
            facts["rule_point"] = True
        # else a call in doubt (its hands, its verdict): the dispute rules it — the score it gives is the worth asked
    if facts.pop("rule_point", None):  # "changer de signe": the point a question on the rules asks about
        for it in items:  # (session.rules_question), each one the story names ("… et d'en avoir deux ?")
            if it.kind == "fact" and it.value[0] == "rule_point" \
                    and it.value[1] not in [v for _, a, v in reading.understood if a == "rule_point"]:
                reading.understood.append((it.words, "rule_point", it.value[1]))
        reading.points_later = tokens is not None and _points_later(tokens, items) and worth is None
    word = facts.pop("letters_game", None)
    if word:  # "we play with letters K-E-M-P-S": the word the table's game spells (which game keeps its score so)
        reading.understood.append((_said(items, "letters_game")[0], "letters_game", "-".join(word)))
    letters = facts.pop("letters_held", None)
    if letters:  # "on a K-E-M": what the team holds, said back; a question on it asks about the score
        reading.understood.append((_said(items, "letters_held")[0], "letters_held", "-".join(letters)))
    if facts.pop("unread", None):  # said, but nothing a ruling reads: listed, never dropped
        reading.unknown += _said(items, "unread")
    if facts.pop("nothing_agreed", None):
        if event == "signal" or "signal" in hints:  # "we never agreed anything before starting": no ban was asked
            facts.setdefault("banned_before_play", False)
            reading.understood += [(words, "banned_before_play", False) for words in _said(items, "nothing_agreed")][:1]
        else:  # a claim beside another situation: said, listed
            reading.unknown += _said(items, "nothing_agreed")[:1]
    if facts.pop("ban_word", None) and facts.pop("before_play", None):
        facts["banned_before_play"] = True
        hints.append("signal")
    facts.pop("before_play", None)
    if event is None and "stock-out" in hints:  # "la pioche est vide et personne veut les cartes du milieu":
        hints = [h for h in hints if h != "sweep"]  # no stock to sweep with: the stock running out is the case
    if event is None:
        event = next((e for e in BY_PRIORITY if e in hints), None)
    if event is None and facts.get("barred"):  # "already called a wrong contre kems, now he calls it again"
        event = "contre-kems"
    if event is None and facts.get("before_opening") and facts.get("lifted"):
        # "Yanis a pris un valet au milieu avant que la chasse soit ouverte": a card taken early, no call — an exchange
        event = "exchange"
        facts.pop("lifted")  # the card taken is the exchange itself
        reading.understood += [(words, "event", "exchange") for words in _said(items, "lifted")][:1]
    if event == "sweep" and "during_sweep" in facts:  # "pendant le balayage": the sweep is the event
        del facts["during_sweep"]
    if event in ("kems", "double-kems") and not prefer:
        event = _breach_first(reading, items, facts, hints, event)
    if event is not None and event in calls:
        event = _competing(reading, items, facts, hints, event, tokens or [], prefer)
        events = [it.value for it in items if it.kind == "event"]
    if event is not None and event not in events \
            and ("event", event) not in [(attr, value) for _, attr, value in reading.understood]:
        reading.understood.append(("", "event", event))  # from a phrase: "the Kems was wrong", "the stock ran out"
    return event


def _breach_first(reading: Reading, items: list[Item], facts: dict[str, Any], hints: list[str], event: str) -> str:
    """A Kems told with a breach the story asks about: a spoken, sounded or hidden signal ("il a dit 'pomme'
    comme signe et j'ai dit kems"), or a card taken before one was put down.  The breach is ruled; the call
    made on it is said back and set aside (``Reading.set_aside``: ruled on its own after, session.settle)."""
    situations = set(hints) | {it.value for it in items if it.kind == "event"}
    if "sweep" in situations:
        return event
    forms = [f for f in ("verbal", "sound", "hidden", "second_signal") if facts.get(f)]
    signalled = any(it.kind == "event" and it.value == "signal" for it in items) or any(
        it.kind == "fact" and it.value[0] in forms and re.search(r"\b(?:signal|signe|sign)\b", fold(it.words))
        for it in items)
    breach = "signal" if signalled and forms else "exchange" if facts.get("take_first") else None
    if breach is None:
        return event
    said = False
    for it in items:
        if it.kind == "event" and it.value in CALLS:
            it.kind = "next"
            reading.understood.append((it.words, f"call_on_{breach}", it.value))
            said = True
    if not said:  # the call came from a phrase ("his partner called kems"): said back all the same
        reading.understood.append(("", f"call_on_{breach}", event))
    reading.set_aside = event
    return breach


def _competing(reading: Reading, items: list[Item], facts: dict[str, Any], hints: list[str], event: str,
               tokens: list[Token], prefer: Optional[str] = None) -> Optional[str]:
    """A call told beside another situation the call's ruling does not hold: a keyword never wins over
    the situation the story is about.  A sweep: the story must place the call in it or after it ("before
    the dealer said the hunt is open again": during it).  A deal: the cards are the deal's; a call only
    asked about ("je peux faire mon signe … ?") yields to the deal the story tells.  Else the reader
    names both situations and does not rule."""
    situations = set(hints) | {it.value[1] for it in items if it.kind == "fact" and it.value[0] == "event_context"} \
        | {it.value for it in items if it.kind == "event"}
    if "sweep" in situations:
        if facts.pop("before_opening", None):  # before the hunt was open again: the sweep was still on
            facts["during_sweep"] = True
            reading.understood += [(words, "during_sweep", True) for words in _said(items, "before_opening")][:1]
        elif facts.pop("before_answer", None):  # a sweep asked for aloud, the call before any answer: in it
            facts["during_sweep"] = True
            reading.understood += [(words, "during_sweep", True) for words in _said(items, "before_answer")][:1]
        elif facts.pop("after_sweep", None):
            reading.understood += [(words, "after_sweep", True) for words in _said(items, "after_sweep")][:1]
        elif "during_sweep" not in facts:
            reading.problem = reading.problem or ("error.ask_two_situations", {"situations": f"sweep, {event}"})
        if facts.pop("after_sweep", None):  # "the 4 new cards after the sweep … before he said the hunt is open":
            reading.unknown += _said(items, "after_sweep")[:1]  # the call placed in the sweep; these words listed
    if "stock-out" in situations:  # the stock's end may have ended the hand before the call: not guessed
        reading.problem = reading.problem or ("error.ask_two_situations", {"situations": f"stock-out, {event}"})
    if "deal" in situations:
        call_items = [it for it in items if it.kind == "event" and it.value in CALLS]
        asked = bool(tokens) and all(tokens[i].asked for it in call_items for i in range(it.start, it.end))
        # "a reçu 3 rois à la distrib, … et il a fait kems 10 secondes après": a call told after the deal — the deal
        # is ruled, the call said as made after it (its own hands are not told: the dealt ones are no longer his)
        later = [i for i, tok in enumerate(tokens) if not tok.claimed and not tok.asked
                 and (tok.word in THEN_WORDS or tok.word in AFTER_WORDS)]
        if not asked and later and call_items and not prefer:
            tokens[later[0]].claimed = True
            for it in call_items:
                it.kind = "next"
                reading.understood.append((f"{it.words} … {tokens[later[0]].text}", "next_later", it.value))
            return "deal"
        if not asked:
            reading.problem = reading.problem or ("error.ask_two_situations", {"situations": f"deal, {event}"})
            return event
        for it in items:  # the call, and the sign before it, only asked about: words said, not the situation
            if it.kind == "event" and all(tokens[i].asked for i in range(it.start, it.end)):
                it.kind = "asked"
                reading.unknown.append(it.words)
        return "deal"
    return event


#: words that say the hunt is opened a second time: "again", "redise", "reopened" — the end of a sweep
REOPENING = re.compile(r"\b(?:again|a nouveau|de nouveau|reopened|reopen|reopens|rouverte|reouverture|redise|redit"
                       r"|redisait|re dise|reannonce|repete|repeated)\b")


def _options(reading: Reading, event: Optional[str], items: list[Item], facts: dict[str, Any]) -> None:
    """The facts left that are options of this event's situation; the others are listed as not
    understood (said, but not part of this situation)."""
    if event == "signal" and not any(facts.get(f) for f in ("verbal", "sound", "hidden", "gesture", "second_signal",
                                                            "signal_changed")):  # a change: its form is no question
        facts["form_unknown"] = True  # a signal whose form the story does not say: asked, never assumed
    gesture = facts.pop("gesture", None)
    for attr, value in facts.items():
        if attr in HAND_FACTS:
            continue
        if attr == "before_answer":  # "before anybody answers", in no sweep: when it was, listed, not read
            reading.unknown += _said(items, attr)[:1]
            continue
        if attr == "after_caught" and not facts.get("signal_changed"):  # "they figured it out": said of no change
            reading.unknown += _said(items, attr)[:1]
            continue
        if attr == "over_limit" and event in CALLS and reading.set_aside is None:
            reading.set_aside = "exchange"  # a call on a hand of five: ruled on it, the breach ruled on its own after
        if event in CALLS and attr == "before_opening" and any(REOPENING.search(fold(w)) for w in _said(items, attr)):
            # "before he said the hunt was open again", "avant qu'il redise que la chasse est ouverte": the hunt opened
            # once already, not yet again — a sweep still going on
            reading.options["during_sweep"] = True
            reading.understood += [(words, "during_sweep", True) for words in _said(items, attr)][:1]
            continue
        if event in CALLS and attr == "before_opening":
            if reading.set_aside in (None, "exchange") \
                    and any((it.kind == "event" and it.value == "exchange")
                            or (it.kind == "fact" and it.value == ("event_hint", "exchange")) for it in items):
                # "he swapped before the hunt opened and called Kems": the call ruled on the square so made (its
                # source's silence on such a square said), the exchange on its own after with its timing
                reading.set_aside = "exchange"
                reading.understood += [(it.words, "event", "exchange") for it in items if it.kind == "fact"
                                       and it.value == ("event_hint", "exchange")][:1]  # "a pris une carte au milieu"
                reading.options[attr] = value
            else:  # a call itself before the opening: a time no call situation holds — not ruled on
                words = next(iter(_said(items, attr)), attr)
                reading.unknown.append(words)
                reading.problem = reading.problem or ("error.ask_timing", {"word": words})
            continue
        if event is not None and attr in OPTION_EVENTS and event not in OPTION_EVENTS[attr]:
            words = next(iter(_said(items, attr)), attr)
            reading.unknown.append(words)  # said, but not part of this situation
            if attr in TIMING_FACTS:  # when it happened, placed in no situation of this event: not ruled on
                reading.problem = reading.problem or ("error.ask_timing", {"word": words})
            continue
        if attr in ("lifted", "touched") and value is None:
            continue  # "the fourth (one)" with no three of a kind to say which rank
        if attr not in OPTION_ATTRS and attr != "form_unknown":  # a fact no option holds: said, listed, never passed on
            reading.unknown += _said(items, attr)[:1]
            continue
        reading.options[attr] = value
    for item in items:
        told = any(reading.options.get(f) for f in ("verbal", "sound", "hidden"))
        if gesture and not told and item.kind == "fact" and item.value[0] == "gesture":
            reading.understood.append((item.words, "gesture", True))
        if item.kind == "event" or (item.kind == "fact" and item.value[0] in reading.options \
                and reading.options[item.value[0]] == item.value[1]):
            reading.understood.append((item.words, item.value[0] if item.kind == "fact" else "event",
                                       item.value[1] if item.kind == "fact" else item.value))
        elif item.kind == "fact" and item.value[0] in ("lifted", "touched") and item.value[1] is None \
                and item.value[0] in reading.options:  # "la 4eme elle venait de la soulever": the rank of the three
            reading.understood.append((item.words, item.value[0], reading.options[item.value[0]]))


#: verbs of touching a card: two players who did it "at the same time" touched it together (same-card, --simultaneous)
GRABBED = {"grabbed", "grab", "grabbing", "slapped", "slap", "touched", "touch", "took", "snatched", "attrape",
           "attrapé", "touche", "pris", "chope", "pique", "mis", "put", "hands", "mains", "main"}


#: verbs of another player's word, before "que" / "that": what follows is his claim, not the teller's
REPORTING = {"dit", "disait", "disent", "disaient", "pretend", "pretendait", "pretendent", "affirme", "soutient",
             "says", "said", "say", "claims", "claimed", "insists", "thinks", "argues", "trouve", "pense", "pensent"}


def _reported(tokens: list[Token], start: int) -> bool:
    """Whether the words at ``start`` are another player's reported word ("Yanis dit qu'il … donc contre kems faux",
    "he says that it was wrong"): a reporting verb and "que" / "that" earlier in the same clause."""
    clause = tokens[start].clause if start < len(tokens) else None
    return any(tokens[j].word in REPORTING and tokens[j + 1].word in SPEECH_OPENS and tokens[j].clause == clause
               for j in range(max(0, start - 12), start))


#: the words before a verdict on a Kems that tell it, even in a question ("after a wrong kems", "we made a right Kemps")
VERDICT_TOLD = {"un", "une", "a", "an", "the", "le", "la", "made", "make", "fait", "faire", "our", "notre", "another",
                "autre", "apres", "after", "team", "equipe", "one"}


#: the words that open another player's reported word after its verb ("says that", "says I…", "dit qu'il…")
SPEECH_OPENS = {"que", "qu", "that", "i", "you", "we", "he", "she", "they", "it", "je", "tu", "on", "il", "elle",
                "nous", "vous", "ils", "elles", "ca", "c"}


def _assemble(tokens: list[Token], items: list[Item], markers: list[tuple[int, str]], roles: Roles,
              likes: dict[str, str], prefer: Optional[str] = None) -> Reading:
    """What the story says, from what its phrases understood: the event, the hands, the options; then
    every word left is a name, a filler, or not understood (a dangling negation: not ruled on).  A
    call of the convention's own (``likes``) is read as the call of the game it is made as."""
    for it in items:  # "… elle a eu son carré. Kems valable ?", "Is his Kems good?": the verdict asked is the
        # question — the Kems told; "after a wrong kems, …?", "we made a right Kemps — who …?" tell it
        before = tokens[it.start - 1] if it.start else None
        told_as = tokens[it.start].word in VERDICT_TOLD or (
            before is not None and before.clause == tokens[it.start].clause and before.word in VERDICT_TOLD)
        if it.kind == "fact" and it.value[0] == "kems_verdict" and not told_as \
                and all(tokens[i].asked for i in range(it.start, it.end)):
            it.kind, it.value = "event", "kems"
    # "Elle dit qu'elle l'avait pas encore pris donc pas de carré": her verdict and her conclusion on her hand are
    # her claim, listed — never the fact the ruling turns on
    reported = [it for it in items if it.kind == "fact" and it.value[0] in ("it_was", "square")
                and _reported(tokens, it.start)]
    # what another player says should happen ("Sam says redeal, Leo says I just swap them for new ones") points
    # to no situation where the story tells one in its own words (the deal): his claim, listed
    pointing = {id(it): it.value[1] if it.kind == "fact" else it.value for it in items
                if (it.kind == "fact" and it.value[0] == "event_hint") or it.kind == "event"}
    told = {event for it in items if id(it) in pointing and not _reported(tokens, it.start)
            for event in [pointing[id(it)]]}
    if told:  # (a call reported stays a call: "Marc says he said contre kems at the same time")
        reported += [it for it in items if id(it) in pointing and pointing[id(it)] not in told
                     and pointing[id(it)] not in CALLS and _reported(tokens, it.start)]
    items = [it for it in items if it not in reported]
    reading, facts, hints = _gather(items)
    reading.unknown += [it.words for it in reported]  # "Yanis dit que … donc contre kems faux": his claim, listed
    reading.cards_told = any(it.kind == "cards" for it in items)
    event = reading.event = _settle_event(reading, items, facts, hints, likes, tokens, prefer)
    also = facts.pop("players_also", None)
    if also is not None and "players" in facts and also != facts["players"]:  # a second size: the question's too
        reading.also_players.append(also)
        reading.understood += [(words, "players_also", also) for words in _said(items, "players_also")][:1]
    elif also is not None:
        reading.unknown += _said(items, "players_also")[:1]
    kems_calls = [it for it in items if it.kind == "event" and it.value == "kems"]
    accusing = any(it.kind == "event" and it.value in ACCUSATIONS_OF_A_KEMS for it in items)
    if event == "kems" and not accusing and (facts.get("rival_kems") or (facts.get("simultaneous")
                                                                       and len(kems_calls) >= 2)):
        # "Sam called kems for Lucy and at the exact same time Max called kems for Jo": two Kems, one by each team
        facts["rival_kems"] = True
        if facts.pop("simultaneous", None):
            reading.understood += [(words, "rival_kems", True) for words in _said(items, "simultaneous")][:1]
    elif facts.pop("rival_kems", None):
        reading.unknown += _said(items, "rival_kems")[:1]
    if facts.pop("not_called", None):  # "it was a double kems, we just hadn't called it yet": never made
        if reading.set_aside in ("kems", "double-kems") and prefer is None:
            reading.understood += [(words, "next_unmade", reading.set_aside)
                                   for words in _said(items, "not_called")][:1]
            reading.set_aside = None
        elif event in ACCUSATIONS_OF_A_KEMS:  # "I called contre kems before they said anything": no call of theirs
            reading.understood += [(words, "no_kems_called", True) for words in _said(items, "not_called")][:1]
        else:
            reading.unknown += _said(items, "not_called")[:1]
    kind = likes.get(event or "", event)
    if reading.point_ours and kind in ACCUSATIONS_OF_A_KEMS and roles.narrator == "accused" and prefer is None \
            and reading.point_words in reading.unknown:  # "contre kems sur moi …, on a pris le point": settled wrong
        reading.unknown.remove(reading.point_words)
        reading.call_wrong = True
        reading.understood.append((reading.point_words, "call_wrong_told", True))
    told = facts.pop("call_wrong_told", None)  # "…et c'était faux": said of the accusation itself
    if facts.pop("call_wrong", None):  # "I was wrong": the caller's own word on his accusation
        if told and kind in ACCUSATIONS_OF_A_KEMS:
            reading.call_wrong = True
            reading.understood += [(words, "call_wrong_told", True) for words in _said(items, "it_was")][:1]
        elif kind in ACCUSATIONS_OF_A_KEMS and roles.narrator == "caller":
            reading.call_wrong = True
            reading.understood += [(words, "call_wrong", True) for words in _said(items, "call_wrong")][:1]
        else:
            reading.unknown += _said(items, "call_wrong")
    holds = "contre-kems" if kind == "double-contre-kems" else kind  # its hands are those of the accused team
    roles.team_accused = _team_accused(tokens)
    _hands(reading, holds, items, _by_name(tokens, markers, holds), roles, facts)
    right = facts.pop("call_right", None)
    _options(reading, kind, items, facts)
    if kind == "contre-kems" and reading.options.get("simultaneous") \
            and any(it.kind == "event" and it.value == "kems" for it in items):
        # "Alex yelled Kems and Nora contre-kems at the same moment, both about Leo (Alex's partner) who had four 5s":
        # the partner told is the Kems caller's — the square's holder, whom the Contre-Kems beside it accuses
        for as_read, accused in (("partner_hand", "hand"), ("partner_square", "square")):
            if as_read in reading.options and "hand" not in reading.options and "square" not in reading.options:
                reading.options[accused] = reading.options.pop(as_read)
                reading.understood = [(w, accused if a == as_read else a, v) for w, a, v in reading.understood]
    lift = reading.options.get("lifted")
    for attr in ("hand", "partner_hand") if isinstance(lift, str) and " " not in lift else ():
        hand = reading.options.get(attr, "").split()
        if hand == [lift] * 4:  # "picked up a 6 … with that 6 I had four 6s": the card lifted is one of the four
            reading.options[attr] = " ".join(hand[:3])
            reading.understood = [(w, a, reading.options[attr] if a == attr else v) for w, a, v in reading.understood]
    if right and kind in ACCUSATIONS_OF_A_KEMS and not any(k in reading.options for k in ("hand", "square")):
        # "un stop kemps juste sur moi": the accusation was right — the accused held a square (where the source
        # accuses the team, one square is enough: the same ruling)
        reading.options["square"] = True
        reading.understood += [(words, "square", True) for words in _said(items, "call_right")][:1]
    elif right:
        reading.unknown += _said(items, "call_right")
    for cards, square in (("hand", "square"), ("partner_hand", "partner_square")):
        if cards in reading.options and square in reading.options:  # "3 rois … avec ce roi il avait 4 rois": the
            del reading.options[square]  # cards told (and the card lifted) say it; never both to the ruling
    if kind == "same-card" and reading.options.get("simultaneous") and (
            "took_first" in reading.options  # "she says she touched it first": an order told beats "at the same time"
            or not any(tok.word in GRABBED for tok in tokens)):  # "wanted the same queen at the same time": not touched
        del reading.options["simultaneous"]
        reading.understood = [u for u in reading.understood if u[1] != "simultaneous"]
        reading.unknown += _said(items, "simultaneous")[:1]
    if reading.set_aside == "double-kems" and reading.options.get("after_kems") and "kems_right" not in reading.options:
        # the Double Kems before the Contre-Kems, both its squares told: it was right
        hands = [reading.options.get(h) for h in ("hand", "partner_hand")]
        squares = [reading.options.get(f) for f in ("square", "partner_square")]
        if all(s is True or (isinstance(h, str) and _holds_square(h.split()))
               for h, s in zip(hands, squares, strict=True)):
            reading.options["kems_right"] = True
            reading.understood.append(("", "kems_right", True))
    said = {words for words, _, _ in reading.understood}
    for it in items:  # beside a call, words that only pointed to another situation ("both wanted the same card")
        if kind in CALLS and it.kind == "fact" and it.value[0] == "event_hint" \
                and it.value[1] not in (kind, "signal", "kems") and it.words not in said | set(reading.unknown):
            reading.unknown.append(it.words)
    about_cards = _card_clauses(tokens, items)
    for i, tok in enumerate(tokens):
        if tok.claimed or not _not_filler(tokens, i):
            continue
        if tok.word in NEGATIONS and tok.asked and i and tokens[i - 1].word in MODALS:  # "je peux pas … ?"
            reading.unknown.append(tok.text)  # the question's own form, asking whether it is allowed: no fact
        elif tok.asked and (i + 1 == len(tokens) or tokens[i + 1].clause != tok.clause) and (
                tok.word in ("non", "no") or (tok.word in ("pas", "not") and i and tokens[i - 1].word in ("ou", "or"))):
            reading.unknown.append(tok.text)  # "on marque 1 point nous, non ?": the question's tag, no fact
        elif tok.word in NEGATIONS and _reported(tokens, i):  # "Leo dit que j'avais pas encore l'as": his claim
            reading.unknown.append(tok.text)
        elif tok.word in NEGATIONS and tok.clause in about_cards and not tok.quoted:  # "she didn't have four queens"
            reading.problem = reading.problem or ("error.ask_negation", {"word": tok.text})
            reading.unknown.append(tok.text)
        elif tok.word in NEGATIONS:  # "they say no", "on a rien dit": said, listed, never read
            reading.unknown.append(tok.text)
        elif tok.word in TIMING:  # "before …" not read: when it happened may change the ruling
            reading.problem = reading.problem or ("error.ask_timing", {"word": tok.text})
            reading.unknown.append(tok.text)
        elif tok.word in LIFTING and kind in CALLS and not tok.quoted and _lift_may_decide(reading):
            # "le 4eme il venait de le soulever" not read (np120 S18): a card lifted or touched may make the square —
            # never ruled as if the words were not there
            reading.problem = reading.problem or ("error.ask_lifted", {"word": tok.text})
            reading.unknown.append(tok.text)
        elif tok.text[:1].isupper() or _kin(tokens, i):
            reading.ignored.append(tok.text)  # a name: Marie, Paul; "ma sœur"
        else:
            reading.unknown.append(tok.text)
    return reading


def _lift_may_decide(reading: Reading) -> bool:
    """Whether a card lifted or touched, told in words not read, may decide a call: no such card was read, and the
    hands told leave room for one card to make a square (none told, or three of a rank in one)."""
    if "lifted" in reading.options or "touched" in reading.options:
        return False
    hands = [str(reading.options[k]).split() for k in ("hand", "partner_hand") if k in reading.options]
    return not hands or any(hand.count(card) == 3 for hand in hands for card in hand)


#: verbs of being allowed: a negation right after one in a question ("je peux pas crier kems moi-même ?",
#: "can't I call it myself?") is how the question is asked, never a fact denied
MODALS = {"peux", "peut", "pouvons", "pouvez", "peuvent", "pouvais", "pouvait", "can", "could", "may", "should"}

#: words of time: left unread beside a situation, they may say when it happened — which can decide it
#: (a call "before the hunt is open again" is made during the sweep): the story is not ruled on
TIMING = {"before", "avant", "until", "till", "jusqu", "jusque", "jusqua", "during", "durant"}
#: the options that place a call or an exchange in time
TIMING_FACTS = ("before_opening", "during_sweep")
#: words of a card lifted or touched: left unread beside a call, they may say the square was made by a card not yet in
#: hand — which can decide it
LIFTING = {"souleve", "soulevee", "soulever", "soulevait", "soulevant", "lifted", "lifting", "lifts", "lift", "touche",
           "touchee", "toucher", "touchait", "touched", "touching", "touches", "decolle", "decollee", "decoller"}

#: words that make a clause speak of the cards or a call: a negation there may deny a card fact
CARD_TALK = (set(RANK_WORDS) - {"a", "as", "un", "une"}) | set(SUIT_WORDS) | {
    "carre", "carres", "square", "squares", "quads", "brelan", "paire", "pair", "kems", "kemps", "quems", "contre",
    "counter", "stop", "hand", "hands", "main", "mains", "card", "cards", "carte", "cartes", "had", "has", "have",
    "held", "holds", "hold", "got", "avait", "avais", "avaient", "tenait", "tient", "possedait", "possede"}


def _card_clauses(tokens: list[Token], items: list[Item]) -> set[int]:
    """The clauses that speak of the cards or a call: a word read there (other than a convention or
    words listed as not read), or a card word, a call's name or a verb of holding.  A negation
    elsewhere ("they say no", "on a rien dit") denies no card fact: it is listed, not refused."""
    clauses = {tokens[i].clause for it in items if it.kind != "convention"
               and not (it.kind == "fact" and it.value[0] in ("unread", "rule_point")) for i in range(it.start, it.end)}
    return clauses | {tok.clause for tok in tokens if not tok.quoted and (tok.word in CARD_TALK or tok.word.isdigit())}


SLOTS: dict[str, list[tuple[str, Optional[str]]]] = {
    "kems": [("hand", "square")],
    "double-kems": [("hand", "square"), ("partner_hand", "partner_square")],
    "contre-kems": [("hand", "square"), ("partner_hand", "partner_square")],
    "deal": [("hand", None)],
}


def _hands(reading: Reading, event: Optional[str], items: list[Item], markers: list[tuple[int, str]],
           roles: Roles, facts: dict[str, Any]) -> None:
    """Give each group of cards, and each square said in words, to the hand the event means."""
    evidence = [it for it in items if it.kind == "cards"
                or (it.kind == "fact" and it.value[0] in ("square", "partner_square_said"))]
    roles.target_named = any(kind == "third" for _, kind in markers) and roles.narrator == "caller"
    for it in evidence:
        it.owner = "their_partner" if it.kind == "fact" and it.value[0] == "partner_square_said" \
            else _owner(it, markers, evidence)
    if event == "kems" and not facts.get("by_holder") and any(
            it.owner == "caller" and ((it.kind == "fact" and it.value[0] == "square" and it.value[1] is True)
                                      or (it.kind == "cards" and _holds_square(it.value))) for it in evidence) \
            and any(it.owner != "caller" and ((it.kind == "fact" and it.value[0] == "square" and it.value[1] is False)
                                              or (it.kind == "cards" and not _holds_square(it.value)))
                    for it in evidence):  # (the partner said to hold none: never a guess from "il avait 4 dames")
        # "Bastien a dit Kems pour sa partenaire, elle avait rien, c'est LUI qui avait le carré": the square was the
        # caller's own — the holder called Kems himself; his partner's hand is none of that ruling's
        facts["by_holder"] = True
        own = next(it for it in evidence if it.owner == "caller")
        reading.understood.append((own.words, "by_holder", True))
        for it in evidence:
            if it.owner != "caller":
                it.owner = "their_partner"
    slots = SLOTS.get(event or "", [])
    lifted = [it for it in items if it.kind == "fact" and it.value[0] in ("lifted", "touched")]
    groups = [it for it in evidence if it.kind == "cards"]
    if len(slots) == 2 and len(groups) == 1 and _two_squares(groups[0].value) and (
            (event == "double-kems" and len(evidence) == 1) or facts.get("both_squares")
            or any(it.kind == "fact" and it.value[0] == "partner_square_said" for it in evidence)):
        # "double kems dames et 5", "Nico et moi on avait chacun un carré (4 dames et 4 sept)": one square each
        first, second = _two_squares(groups[0].value)  # type: ignore[misc]
        reading.options.update(hand=first, partner_hand=second)
        reading.understood += [(groups[0].words, "hand", first), (groups[0].words, "partner_hand", second)]
        facts.pop("both_squares", None)
        return
    filled: dict[str, list[Item]] = {cards: [] for cards, _ in slots}
    either: list[Item] = []
    for it in evidence:
        if it.kind == "fact" and it.value[0] == "square" and it.value[1] is True and event == "contre-kems" \
                and any(other.kind == "fact" and other.value[0] == "partner_square_said" and other.start == it.start
                        for other in evidence):
            filled["hand"].append(it)  # "against a double kems": both accused players
            continue
        slot = _slot(event or "", it.owner, roles, bool(facts.get("by_holder"))) if slots else None
        if slot == "either":
            either.append(it)
        elif slot in filled:
            filled[slot].append(it)
        else:
            reading.unknown.append(it.words)  # cards the ruling does not look at (the caller's own)
    for it in either:  # a Double Kems: the hands not yet said, in the story's order
        free = [cards for cards, _ in slots if not filled[cards]]
        (filled[free[0]] if free else filled[slots[-1][0]]).append(it)
    against = [it for it in filled.get("hand", []) if it.kind == "fact" and it.value[0] == "square"]
    told = [it for group in filled.values() for it in group if it.kind == "cards"]
    two_in_one = [it for it in filled.get("hand", []) if it.kind == "cards"]
    if event == "contre-kems" and len(two_in_one) == 2 and all(_holds_square(it.value) for it in two_in_one) \
            and not any(it.kind == "cards" for it in filled.get("partner_hand", [])):
        # two squares given to the accused ("sur Manon, elle avait 4 dames et moi 4 cinq"): no player holds two in
        # four cards — the second is the partner's, in the story's order
        told, against = two_in_one, against or two_in_one
    if event == "contre-kems" and against and len(told) == 2 and all(_holds_square(it.value) for it in told) \
            and not any(it.kind == "cards" for it in filled.get("partner_hand", [])):
        # a Contre-Kems against a Double Kems, the two squares told ("Lea had 4 aces and I had 4 fives"): the
        # accused team's two hands, in the story's order (which of them the call named does not change it)
        filled = {"hand": [told[0]], "partner_hand": [told[1]]}
    if event == "contre-kems" and roles.team_accused and filled["partner_hand"] and not filled["hand"]:
        # "contre l'équipe de Jade et Lucas, Lucas avait 4 as": one hand told of the team accused is the accused's
        filled = {"hand": filled["partner_hand"], "partner_hand": []}
    for cards, fact in slots:
        said = filled.get(cards, [])
        groups = _grown(reading, [it for it in said if it.kind == "cards"], lifted, facts)
        if len(groups) > 1 and any(len(g.value) == 1 for g in groups) and any(len(g.value) > 1 for g in groups):
            # "3 dames … il dit que la dame compte pas": one card beside a hand is never a second hand — listed
            reading.unknown += [g.words for g in groups if len(g.value) == 1]
            groups = [g for g in groups if len(g.value) > 1]
        squares = [it for it in said if it.kind == "fact"]
        if len(groups) > 1 or len({it.value[1] for it in squares}) > 1:
            reading.problem = reading.problem or ("error.ask_two_hands", {
                "hands": " / ".join(it.words for it in said)})
            continue
        if groups and any(it.value[1] != _holds_square(groups[0].value) for it in squares):
            reading.problem = reading.problem or ("error.ask_two_hands", {  # the cards and the words disagree
                "hands": " / ".join(it.words for it in said)})
            continue
        if groups and len(groups[0].value) == 1:  # "le 4eme roi", "les 2 de pique": one card is no hand — listed
            reading.unknown.append(groups[0].words)
        elif groups:  # the cards say it; a square said in words beside them adds nothing
            reading.options[cards] = " ".join(groups[0].value)
            reading.understood.append((groups[0].words, cards, reading.options[cards]))
        elif squares and fact:
            reading.options[fact] = squares[0].value[1]
            reading.understood.append((squares[0].words, fact, squares[0].value[1]))
    if "fourth_taken" in facts and slots:  # "3 dames … et la 4ème que je venais de prendre": in the hand
        first = slots[0][0]
        hand = reading.options.get(first, "").split()
        if not hand and facts["fourth_taken"] is not None and not any(it.kind == "cards" for it in items):
            hand = [facts["fourth_taken"]] * 3  # "avait pris le 4ème roi": the fourth of a rank, three held before
            reading.options[first] = " ".join(hand)
        if len(hand) == 3 and len(set(hand)) == 1 and facts["fourth_taken"] in (None, hand[0]):
            reading.understood = [u for u in reading.understood if u[1:] != (first, reading.options[first])]
            reading.options[first] = " ".join(hand + hand[:1])
            reading.understood += [(words, first, reading.options[first]) for words in _said(items, "fourth_taken")][:1]
        elif not (len(hand) == 4 and set(hand) == {facts["fourth_taken"]}):  # "… flips QQQQ": the four told, agreed
            reading.unknown += _said(items, "fourth_taken")[:1]
    if "fourth_lifted" in facts and slots and event in ("kems", "double-kems", "contre-kems"):
        hand = reading.options.get(slots[0][0], "").split()  # "trois dames … et la 4e qu'elle venait de soulever"
        if len(hand) == 3 and len(set(hand)) == 1 and facts["fourth_lifted"] in (None, hand[0]) \
                and "lifted" not in reading.options:
            reading.options["lifted"] = hand[0]
            reading.understood += [(words, "lifted", hand[0]) for words in _said(items, "fourth_lifted")][:1]
        else:
            reading.unknown += _said(items, "fourth_lifted")[:1]
    _inferred(reading, event, slots, facts, lifted, items)
    if facts.get("neither_square") and not slots:  # "ils ont rien" beside no call: said, listed
        reading.unknown += _said(items, "neither_square")[:1]
    if "both_squares" in facts and len(slots) != 2:  # two squares where the event reads one hand: listed
        reading.unknown += _said(items, "both_squares")


def _holds_square(cards: list[str]) -> bool:
    """Four cards of one rank among ``cards`` (as read: "K", "7♥", "10")."""
    ranks = [card.rstrip("♥♦♣♠") for card in cards]
    return any(ranks.count(rank) >= 4 for rank in set(ranks))


def _inferred(reading: Reading, event: Optional[str], slots: list[tuple[str, Optional[str]]],
              facts: dict[str, Any], lifted: list[Item], items: list[Item]) -> None:
    """What a phrase implies for the first hand: "the Kems was wrong" (no square), "the fourth
    queen" (the other three were in hand), "the fourth one" (the rank of the three in hand), "and
    her partner neither"."""
    if not slots:
        return
    cards, fact = slots[0]
    given = cards in reading.options or (fact is not None and fact in reading.options)
    if "square_said" in facts and not given and fact:
        reading.options[fact] = facts["square_said"]
        reading.understood.append(("", fact, facts["square_said"]))
    elif facts.get("other_holder") and event == "contre-kems" and cards == "hand" and not given and fact \
            and ("partner_hand" in reading.options or reading.options.get("partner_square")):
        # "it was actually Leo's partner Nico who had the 4 kings": the accused's own hand held none
        reading.options[fact] = False
        reading.understood += [(words, fact, False) for words in _said(items, "other_holder")][:1]
    elif facts.get("other_holder") and not (event == "contre-kems" and cards == "hand" and fact
                                            and reading.options.get(fact) is False):  # "…, Dave had nothing": agreed
        reading.unknown += _said(items, "other_holder")[:1]
    claimed = facts.pop("claimed_four", None)  # "contre kems saying he had four 8s", the 8 only touched: three held
    if claimed and not given and claimed in (facts.get("touched"), facts.get("lifted")):
        reading.options[cards] = " ".join([claimed] * 3)
        reading.understood.append(("", cards, reading.options[cards]))
    if "three_more" in facts:
        rank = facts["three_more"]
        hand = reading.options.get(cards, "").split()
        if rank is None and hand and len(set(hand)) == 1 and len(hand) == 3:
            rank = hand[0]  # "three aces in hand, then lifted the fourth"
            for attr in ("lifted", "touched"):
                if attr in facts and facts[attr] is None:
                    facts[attr] = rank
        elif rank is not None and not given:
            reading.options[cards] = " ".join([rank] * 3)
            reading.understood.append(("", cards, reading.options[cards]))
    if facts.get("neither_square"):  # "aucun des deux n'avait de carré": no square in either hand the event reads
        for hand, square in slots:
            if hand not in reading.options and square is not None and square not in reading.options:
                reading.options[square] = False
                reading.understood.append(("", square, False))
    if "both_squares" in facts and len(slots) == 2:  # "both me and my gf had a square": each hand the event reads
        for hand, square in slots:
            if hand not in reading.options and square is not None and square not in reading.options:
                reading.options[square] = True
                reading.understood.append(("", square, True))
    if event == "contre-kems" and "square" in reading.options and "partner_hand" not in reading.options \
            and "partner_square" not in reading.options:
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

