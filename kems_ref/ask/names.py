"""First names whose gender a pronoun can tell apart, folded (:func:`kems_ref.words.fold`).

"Emma made her sign, Lucas called Kems and she did have four 10s": "she" is the player last named
whom "she" can be — Emma, not Lucas.  A name in neither list (or in both: Camille, Sam, Alex…) fits
any pronoun, as every name did before; the lists only keep a pronoun off a player it cannot mean.
They hold the names people at a French or English table commonly use; a missing name changes nothing.
"""

from __future__ import annotations

FEMININE = frozenset("""
emma lea chloe ines lisa julie sarah sara manon clara zoe jade louise alice lina anna marie sophie laura margaux
juliette lucie pauline mia jess jessica kate emily olivia sophia ava isabella amelia grace lily ella hannah rachel
megan amy lucy nina eva maya nora claire elise mathilde charlotte anais oceane elodie audrey celine nathalie isabelle
valerie sandrine aurelie melanie emilie marion helene agathe romane jeanne rose ambre lola victoria amandine justine
noemie caroline fanny morgane lena salome maelle elena giulia fatima yasmine leila sofia priya aisha becky molly holly
zara abby beth emilia jasmine julia martine catherine christine sylvie monique nadia samia amina lou capucine
clemence oriane gabrielle heloise maeva maelys margot oceane solene tiphaine vanessa yasmina chiara laure
kenza inaya imane manel lyna louna nour assia fatou aminata awa mariam
""".split())  # noqa: SIM905 (a word list reads better as text)

MASCULINE = frozenset("""
lucas tom paul hugo leo louis jules gabriel arthur nathan theo raphael adam maxime max antoine nicolas thomas pierre
julien alexandre mathis enzo baptiste victor martin romain kevin quentin clement benjamin samuel simon marc luc jean
jacques michel philippe olivier vincent francois laurent david eric sebastien yann florian alexis valentin axel noah
ethan liam matheo timothee bastien remi guillaume benoit arnaud fabien damien ryan rachid karim mehdi yanis ravi ali
omar ben jake jack james john mike michael dan daniel matt matthew mark nick josh joshua luke tim peter steve george
harry oliver jacob will william henry charles edward tony brian tyler kyle jason aaron alan andy andrew ollie finn
oscar felix owen dylan mason logan carlos diego marco pablo javier ahmed youssef malik sami bilal nico mateo rafael
lukas mathieu matthieu thibault thibaut gael loic yannick cedric jerome franck stephane patrick christophe bruno
rayan ilyes amine sofiane wassim nabil hamza anis ayoub bilel kylian noe timeo moussa mamadou ibrahim issa kev
""".split())  # noqa: SIM905 (a word list reads better as text)


#: every first name either list holds: a name typed in lower case is still a name (``reader._lower_names``)
FIRST_NAMES = FEMININE | MASCULINE


def gender(name: str) -> str | None:
    """"f", "m", or ``None`` where the name does not tell (unknown, or given to both)."""
    fem, masc = name in FEMININE, name in MASCULINE
    return "f" if fem and not masc else "m" if masc and not fem else None
