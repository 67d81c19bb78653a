"""Relations between what kg_entities, kg_dates and kg_counts found, one job per module:

affiliations  a person linked to an organisation with a role (spokespeople, bylines, credits)
statements    what a speaker said
linking       each count tied to its event, place, organisation, date and speaker
patterns      the regular expressions of the phrasings, built from the lexicon's words

The ``kg_relations`` component writes affiliations and statements; the
``kg_count_links`` component, after it, finishes the counts (kg.nlp.factories).
"""

from kg.nlp.relations.affiliations import find_affiliations
from kg.nlp.relations.linking import link_counts
from kg.nlp.relations.roles import is_spokesperson, role_at
from kg.nlp.relations.statements import find_statements

__all__ = ["find_affiliations", "find_statements", "is_spokesperson", "link_counts", "role_at"]
