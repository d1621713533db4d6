"""H05 ambiguous grading language: standards a judge can read either way."""

from __future__ import annotations

import re

from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H05"
NAME = "ambiguous grading language"

# Vague wording by family. Each family says why it makes a verdict the judge's choice and what to
# write instead; a word is found by the union of all of them.
#
# taste: how good the output is ("appropriate", "well-drafted", "thorough", "a fair and balanced account").
_TASTE = (
    r"(?:in)?appropriate(?:ly)?|(?:un)?reasonabl[ey]|(?:in)?adequate(?:ly)?|"
    r"(?:im)?proper(?:ly)?|(?:in)?sufficient(?:ly)?|"
    r"etc\.?|and/or|or\s+similar|roughly|approximately|(?:un)?suitabl[ey]|suitably|"
    # how much weight a text gives a point: "with due prominence", "due emphasis"
    r"(?:with\s+)?due\s+(?:prominence|emphasis|weight|attention|care|regard|consideration)|prominently|(?:enough|due)\s+prominence|"
    r"well[- ](?:drafted|written|reasoned|organi[sz]ed|structured|crafted|argued|presented|supported)|"
    r"poorly[- ]\w+|high[- ]quality|low[- ]quality|good|poor|professional(?:ly)?|thorough(?:ly)?|"
    r"comprehensive(?:ly)?|robust(?:ly)?|(?:un)?satisfactor(?:y|ily)|sensibl[ey]|meaningful(?:ly)?|"
    # ("acceptable" alone is a permission: "minor tidy-ups are acceptable")
    r"(?:technically|commercially)\s+(?:un)?acceptabl[ey]|prudent(?:ly)?|judicious(?:ly)?|"
    r"(?:in\s+a\s+)?fitting(?:\s+(?:manner|way|fashion))?|usual|"
    r"unclear|clearly|concise(?:ly)?|persuasive(?:ly)?|compelling|convincing(?:ly)?|strong|weak|"
    r"briefly|succinct(?:ly)?|(?:(?<=\bis\s)|(?<=\bare\s)|(?<=\bbe\s)|(?<=\bkept\s)|(?<=\bstays\s)|"
    r"(?<=\bremains\s))(?:brief|short)(?!\s+(?:of|on|for)\b)|in\s+plain\s+(?:language|english|terms|words)|plain[- ](?:language|english)|"
    r"(?:easy|easily)\s+(?:to\s+(?:read|understand|follow)|understood|readable)|"
    r"fair(?:ly)?\s+and\s+balanced|"
    # a fairness with no measure: "fairly summarizes the changes", "a fair account of the advice"
    r"fairly(?=\s+(?:summar|represent|reflect|describ|state|present|captur|characteri[sz]|explain|convey|portray|"
    r"set\w*\s+out|report|record)\w*)|a\s+fair\s+(?:summary|account|representation|reflection|description|picture)|balanced\s+(?:account|view|summary|assessment|picture|presentation|analysis)|"
    r"even[- ]handed(?:ly)?|nuanced|"
    # judgment with no measure: "shows sound judgment about what the client needs to hear", "common sense"
    r"(?:sound|good|mature|professional|commercial|practical|careful|legal|business)\s+(?:judge?ment|sense)|"
    r"(?:shows?|showing|exercises?|exercising|demonstrates?|demonstrating|uses?|using)\s+(?:its\s+|their\s+)?judge?ment|"
    r"common\s+sense|(?:well|ill)[- ]judged|insightful(?:ly)?|thoughtful(?:ly)?|cogent(?:ly)?|lucid(?:ly)?|"
    r"articulate(?:ly)?(?!\s+(?:the|its|each|why|how|what|that)\b)|"
    # a reading left to the judge: "read holistically", "judged in the round"
    r"holistic(?:ally)?|in\s+the\s+round|"
    # wording "to similar effect": how similar is the judge's call
    r"(?:in\s+)?(?:these\s+|those\s+|the\s+same\s+)?(?:words\s+)?or\s+(?:other\s+)?(?:words|language|wording|terms)\s+"
    r"(?:to|of)\s+(?:a\s+)?(?:similar|the\s+same|like|equivalent)\s+(?:effect|meaning|import)|"
    r"or\s+(?:similar|equivalent)\s+(?:words|wording|language)|"
    # a weighing with no scale: "strikes a fair balance between ...", "proportionate to the interests"
    r"(?:strikes?|striking|struck|achieves?|achieving|finds?|finding)\s+(?:a|the)\s+(?:(?:fair|proper|right|"
    r"reasonable|sensible|good|appropriate)\s+)?balance|(?:dis)?proportionate(?:ly)?|(?:dis)?proportional(?:ly)?|"
    r"commensurate|(?:in|out\s+of)\s+(?:all\s+)?proportion\s+to|"
    r"fit\s+for\s+(?:its\s+)?purpose|up\s+to\s+(?:standard|scratch)|to\s+a\s+(?:good|high|professional)\s+standard|"
    r"of\s+(?:good|high|acceptable|professional)\s+(?:quality|standard)|polished|"
    # a finish the judge has to imagine: "in client-ready form", "ready to send"
    r"(?:client|send|print|board|partner|court|filing|camera|presentation|publication)[- ]ready|"
    r"ready\s+to\s+(?:send|go|file|share|print)|presentable|(?:in\s+)?finished\s+(?:form|quality)|"
    # an excess with no measure: "without unnecessary legalese", "no needless detail", "overly long"
    r"unnecessar(?:y|ily)|needless(?:ly)?|superfluous|excessive(?:ly)?|unduly|overly|legalese|jargon|"
    # a depth or a manner with no measure: "at a high level", "in pragmatic terms"
    r"(?:at\s+a\s+)?high[- ]level|pragmatic(?:ally)?|in\s+practical\s+terms|workable|actionable|"
    # an order or a flow with no measure: "in a logical order", "flows logically", "coherent"
    r"(?:in\s+(?:a|an|the)\s+)?(?:logical|sensible|natural|intuitive|coherent)\s+(?:order|sequence|structure|flow|"
    r"progression|way)|logically|(?:in)?coherent(?:ly)?|"
    # a use with no measure: "a helpful explanation", "practical guidance", "useful next steps"
    r"(?:un)?helpful(?:ly)?|useful(?:ly)?|informative(?:ly)?|practical(?=\s+(?:guidance|advice|steps?|tips|"
    r"recommendations?|suggestions?|explanations?|help|pointers|direction|instructions|next\s+steps))|"
    r"(?:key|main|important|relevant|salient|essential|core|major|principal|critical)\s+(?:points|issues|aspects|"
    r"considerations|risks|factors|concerns|questions|facts|elements|takeaways|reasons|grounds|arguments)|"
    r"(?:at|in)\s+the\s+(?:judge|grader|reviewer|evaluator|assessor)(?:'s|s')?\s+(?:discretion|view|opinion|"
    r"judge?ment)|"
    # what the market does: a standard the judge must supply from their own experience of deals
    r"customary|(?:on|at)\s+(?:market|arm[’']?s[- ]length)\s+terms|market[- ](?:standard|practice|norms?)|"
    r"industry[- ]standard|in\s+line\s+with\s+(?:the\s+)?(?:market|industry)(?:\s+practice)?|"
    # whose practice, and how current: "in line with current best practice", "good drafting practice"
    r"(?:(?:current|accepted|recogni[sz]ed|modern)\s+)?(?:best|good|sound)\s+(?:drafting\s+|legal\s+|professional\s+)?"
    r"practices?|state[- ]of[- ]the[- ]art|"
    # a tone with no measure: "in a client-friendly way", "courteous", "tactful"
    r"(?:client|user|reader|customer|business|lay(?:person|man)?|plain)[- ]friendly|friendly|"
    r"courteous(?:ly)?|tactful(?:ly)?|diplomatic(?:ally)?|empath(?:et)?ic(?:ally)?|"
    # someone else's approval: "to the partner's satisfaction", "satisfactory to the client"
    r"to\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+)?(?:[\w-]+(?:[’']s)?\s+){0,2}satisfaction|"
    r"satisfactory\s+to\s+(?:the\s+)?\w+|"
    # a formality the judge must supply: "duly executed", "in due form" (what due execution requires)
    r"duly|in\s+(?:due|proper|good)\s+(?:and\s+\w+\s+)?form"
)
# materiality: a threshold of size or weight with no measure ("any material change", "significantly
# shorter", "minor edits"). "material", "minor" and "major" are also nouns; see _ADJECTIVE_ONLY.
_MATERIALITY = (
    r"(?:im)?material(?:ly)?|(?:in)?significant(?:ly)?|substantial(?:ly)?|considerabl[ey]|"
    r"negligibl[ey]|trivial(?:ly)?|de\s+minimis|minor|major"
)
# aspiration: a wish, not a requirement ("ideally", "where possible", "to the extent practicable"):
# one judge fails an output without it, another passes it.
_ASPIRATION = (
    r"ideally|preferabl[ey]|desirabl[ey]|(?:is|are|be)\s+(?:encouraged|preferred)|"
    r"bonus\s+(?:points?|credit)|extra\s+credit|nice[- ]to[- ]have|"
    r"(?:where|if|when|whenever|wherever|as\s+far\s+as|as\s+much\s+as)\s+(?:possible|feasible|practicable)|"
    r"as\s+(?:feasible|practicable)|"
    r"to\s+the\s+(?:fullest\s+|maximum\s+|greatest\s+)?extent\s+(?:possible|feasible|practicable|appropriate|"
    r"reasonable|relevant|applicable|needed|desirable|sensible|useful)|"
    r"(?:if|as|where)\s+desired"
)
# condition: a requirement that applies only "where applicable", "as needed": the judge decides when.
# ("as required by C.R.S. ..." names the rule, so it is not one.)
_CONDITION = (
    r"(?:as|where|if|when|wherever)\s+(?:applicable|appropriate|relevant|warranted|helpful|useful|needed|necessary|"
    r"required(?!\s+(?:by|under|in|for|to)\b))|"
    # "in as much detail as the circumstances require", "as the case may require"
    r"as\s+(?:the\s+)?(?:circumstances|situation|context|case)\s+(?:may\s+)?(?:requires?|warrants?|permits?|"
    r"dictates?|demands?|calls?\s+for)|"
    # "where it makes sense", "if it seems useful", "as you see fit", "where the drafter thinks it necessary"
    r"(?:as|where|if|when|wherever)\s+(?:it|that|this|they)\s+(?:makes?\s+sense|(?:is|are|seems?|feels?)\s+"
    r"(?:sensible|useful|helpful|relevant|right|fitting|appropriate|warranted|needed|necessary))|"
    r"as\s+(?:you|they|the\s+(?:drafter|author|writer|agent))\s+(?:see|sees|think|thinks|deem|deems)\s+(?:fit|best)|"
    r"(?:if|where|when)\s+(?:you|they|the\s+(?:drafter|author|writer|agent))\s+(?:think|thinks|consider|considers|"
    r"deem|deems|judge|judges)\s+(?:it\s+)?(?:necessary|useful|helpful|appropriate|fit|sensible|relevant)"
)
# degree: how much of a requirement is enough ("largely consistent", "for the most part", "overly broad").
_DEGREE = (
    r"largely|mostly|essentially|broadly|for\s+the\s+most\s+part|more\s+or\s+less|in\s+(?:substance|spirit)|"
    r"to\s+(?:some|a\s+(?:large|great|certain|significant|reasonable))\s+(?:extent|degree)|"
    r"overly|unduly|excessive(?:ly)?"
)
# frequency: a rule with its exceptions left open ("typically only for employees above the threshold",
# "usually dated the day it is signed", "as a rule"): how many exceptions pass is the judge's call.
_FREQUENCY = (
    # ("in general words", "in the main agreement", "in the ordinary course of business" are other things:
    # the two phrases count only before a pause)
    r"typically|usually|normally|ordinarily|generally|customarily|as\s+a\s+(?:general\s+)?rule(?!\s+of\b)|"
    r"in\s+most\s+cases|by\s+and\s+large|more\s+often\s+than\s+not|in\s+(?:general|the\s+main)(?=\s*[,;:.)]|\s*$)"
)
# timing: when with no day or period ("in a timely manner", "promptly", "without undue delay").
_TIMING = (
    r"(?:in\s+a\s+)?(?:un)?timely(?:\s+(?:manner|fashion|way))?|promptly|without\s+(?:undue\s+)?delay|"
    r"as\s+soon\s+as\s+(?:reasonably\s+)?(?:possible|practicable|practical|feasible)|"
    r"in\s+(?:due|good)\s+(?:course|time)|at\s+the\s+earliest\s+(?:opportunity|convenience)|early\s+enough|"
    r"soon\s+enough|shortly"
)
# quantity: how many of a set is enough, with no number ("lists most of the changes", "mentions few of them",
# "more than a couple of them", "scarcely any restraint").
_QUANTITY = (
    r"(?:(?<!the\s)most|many|several|(?:a\s+|very\s+)?few|a\s+handful|a\s+(?:good\s+)?number|the\s+(?:majority|bulk)|"
    r"a\s+majority|the\s+greater\s+part|a\s+couple|a\s+(?:small|large|fair)\s+(?:number|share|part))\s+of\s+"
    r"(?:the|its|their|them|these|those|his|her|your)\b|"
    r"(?:scarcely|hardly|barely|next\s+to)\s+(?:any|anything|none|no)\b|"
    # a bound set by a count with no number ("more than a handful of words", "no more than a few lines")
    r"(?:more|fewer|less|other)\s+than\s+(?:a\s+(?:small\s+)?handful|a\s+(?:very\s+)?few|a\s+couple|several|some|"
    r"a\s+little|a\s+(?:small|limited)\s+(?:number|amount))(?:\s+of)?\b|"
    r"a\s+handful\s+of\b"
)
# judgment: the verdict handed to someone outside the task, imagined or predicted ("as a competent
# employment lawyer would", "non-solicits that an Illinois court would likely enforce"): the judge
# must supply what that person would do, which is the whole test.
_JUDGMENT = (
    r"as\s+(?:a|an|the|any|every)\s+(?:[\w-]+\s+){0,3}?(?:lawyer|attorney|counsel|practitioner|partner|"
    r"associate|solicitor|professional|expert|person|reader|judge|court|drafter|advis[eo]r)s?\s+(?:would|should|"
    r"might|could)(?:\s+(?:do|write|draft|expect|advise|approach\s+it))?|"
    r"(?:a|an|the|any)\s+(?:[\w-]+\s+){0,2}?(?:court|judge|tribunal|arbitrator|regulator)s?\s+(?:would|will|could|"
    r"might)\s+(?:(?:likely|probably|most\s+likely)\s+)?(?:enforce|uphold|accept|approve|sustain|find|treat|"
    r"strike|void|invalidate|rule|hold)\w*|"
    r"(?:likely|probably)\s+(?:to\s+be\s+)?(?:enforceable|enforced|upheld|valid|invalid|void|unenforceable)|"
    # what the author meant rather than what was said: "within the spirit of the partner's instructions"
    r"(?:within|against|in|contrary\s+to|consistent\s+with|true\s+to|faithful\s+to|in\s+keeping\s+with|outside)\s+"
    r"the\s+spirit\s+of\b|spirit\s+(?:and|rather\s+than|over|not)\s+(?:the\s+)?letter\b|"
    # a reader imagined as the test: "in terms the partner cannot miss", "in language HR staff can act on",
    # "clear enough for a new hire"
    r"in\s+(?:terms|language|words|a\s+(?:way|form|manner))\s+(?:that\s+)?(?:[\w'’-]+\s+){1,4}?(?:can(?:not|['’]t)?|"
    r"could|would|will|won['’]t)\s+(?:not\s+|easily\s+|readily\s+)?(?:miss|understand|follow|act\s+on|grasp|"
    r"use|overlook|ignore|misread)|(?:clear|plain|simple|easy)\s+enough\s+(?:for|that)\b"
)
# extent: a place or a set with no edge ("the areas immediately around them", "nearby counties", "in the
# vicinity of the office"): how far it reaches is left to the judge.
_EXTENT = (
    r"(?:the\s+)?(?:areas?|region|territory|places?|counties|parishes|towns?|cities|communities)\s+"
    r"(?:immediately\s+|directly\s+|right\s+)?(?:around|surrounding|near(?:by)?|close\s+to)\b|"
    r"(?:the\s+)?(?:immediately\s+)?(?:surrounding|nearby|neighbou?ring|outlying)\s+(?:areas?|region|territory|"
    r"counties|parishes|towns|cities|communities)|in\s+the\s+(?:general\s+)?(?:vicinity|neighbou?rhood|"
    r"environs)\s+of|(?:and|or)\s+(?:thereabouts|the\s+(?:like|surrounding\s+area))"
)
# moment: a legal standard named by when it is read ("the current floor", "the latest threshold", "an
# out-of-date minimum", "today's rule"): with as_of, a signing date and a law that changes between them,
# which day's standard is meant is left to the judge.
_MOMENT = (
    r"(?:the\s+|an?\s+)?(?:current(?:ly\s+(?:applicable|effective))?|present(?:ly\s+applicable)?|latest|newest|"
    r"up[-\s]to[-\s]date|out[-\s]of[-\s]date|outdated|today['’]s|now[-\s]applicable)\s+"
    # ... with the place it is of between ("the up-to-date Washington threshold")
    r"(?:(?-i:[A-Z][\w'’.-]+)\s+){0,3}(?:(?:statutory|legal|"
    r"salary|wage|earnings|compensation|income|pay)\s+)?(?:floor|threshold|minimum|maximum|cap|limit|law|statute|"
    r"rule|requirement|standard|figure|amount|rate)s?(?!\s+(?:as\s+(?:of|at)|in\s+(?:force|effect)\s+(?:on|at|when)|on\s+(?:the\s+)?"
    r"(?:\d|[A-Z]|signing|the\s+date)|at\s+signing|when\s+(?:the\s+)?\w+\s+(?:is|are)\s+signed)\b)"
)
FAMILIES = {"judgment": _JUDGMENT, "extent": _EXTENT, "moment": _MOMENT,
            "taste": _TASTE, "materiality": _MATERIALITY, "aspiration": _ASPIRATION,
            "condition": _CONDITION, "degree": _DEGREE, "timing": _TIMING, "quantity": _QUANTITY,
            "frequency": _FREQUENCY}
# Judgments, conditions and aspirations first: "as appropriate" is one phrase, not "appropriate".
_VAGUE_WORDS = "|".join(FAMILIES[f] for f in ("judgment", "moment", "condition", "aspiration", "quantity", "degree",
                                              "materiality", "timing", "extent", "taste", "frequency"))
VAGUE = re.compile(rf"\b(?:{_VAGUE_WORDS})(?![\w/])", re.I)
_FAMILY_OF = [(f, re.compile(rf"(?:{w})$", re.I)) for f, w in FAMILIES.items()]
WHY = {
    "taste": "a standard two judges can read two ways",
    "materiality": "a threshold with no measure: the same change is material to one judge and not to another",
    "aspiration": "a wish, not a requirement: one judge fails an output without it, another passes it",
    "condition": "a condition the judge must decide: when it applies is left open",
    "degree": "a degree with no measure: how much is enough is left to the judge",
    "frequency": "a rule with its exceptions left open: how many exceptions still pass is left to the judge",
    "timing": "a time with no day or period: whether it was soon enough is left to the judge",
    "quantity": "a count with no number: how many are enough is left to the judge",
    "judgment": "a verdict handed to someone outside the task: the judge must imagine what they would do or "
                "decide",
    "extent": "a place or a set with no edge: how far it reaches is left to the judge",
    "moment": "a standard named by when it is read: as of which day (as_of, the signing, the grading) is left to "
              "the judge",
}
FIX = {
    "taste": "replace {w!r} with the concrete test a lawyer would apply (what must be there, what must not)",
    "materiality": "replace {w!r} with what counts (e.g. 'any change to a party, amount, date, term or "
                   "defined term'), or drop it if every change counts",
    "aspiration": "make it a requirement the PASS clause demands, or take it out of the criterion (or say that "
                  "it does not change the verdict)",
    "condition": "replace {w!r} with the cases in which the requirement applies",
    "degree": "replace {w!r} with how much is enough (which items, how many, what limit)",
    "frequency": "drop {w!r}, or name the exceptions that pass",
    "timing": "replace {w!r} with the day or the period (e.g. 'on the day the agreement is signed', 'within 5 "
              "business days')",
    "quantity": "replace {w!r} with a number or a list (e.g. 'at least two of the three changes', 'every change')",
    "judgment": "replace {w!r} with what that person would check: the clauses, figures or rules the output must "
                "carry",
    "extent": "replace {w!r} with the places or items by name (e.g. 'East Baton Rouge and Ascension Parishes')",
    "moment": "replace {w!r} with the figure or rule and the day it applies on (e.g. 'the $80,000 floor in force on "
              "the January 5, 2027 signing')",
}
# "material", "minor" and "major" grade only as adjectives of a change or a fact ("a material change",
# "minor edits") or as the predicate ("the change is material"); "internal material", "a minor" are nouns.
_ADJECTIVE_ONLY = {"material", "immaterial", "minor", "major"}
_GRADED_NOUN = re.compile(
    r"\s+(?:(?:and|or)\s+\w+\s+)?(?:(?:formatting|format|stylistic|style|drafting|wording|typographical|editorial|"
    r"textual|cosmetic|clerical|layout)\s+)?(?:change|tidy[- ]?ups?|touch[- ]?ups?|clean[- ]?ups?|fix(?:e)?|tweak|"
    r"correction|adjustment|typo|alteration|modification|amendment|edit|revision|rewording|deviation|"
    r"departure|difference|discrepanc(?:y|ie)|divergence|variation|error|mistake|omission|misstatement|"
    r"inaccurac(?:y|ie)|addition|deletion|respect|way|part|portion|aspect|element|term|provision|fact|detail|"
    r"information|point|issue|risk|effect|impact|problem|concern|flaw|defect|gap|extent|degree|"
    r"improvement)s?\b", re.I)
# A vague word that is the whole test: "FAIL if the explanation is inadequate", "PASS if the
# agreement is well-drafted". Elsewhere it qualifies a concrete requirement ("gives an appropriate
# notice of the covenant"): a judge still knows what to look for.
PREDICATE = re.compile(rf"\b(?:is|are|be|being|was|were|seems?|appears?|looks?|reads?|remains?)\s+(?:not\s+)?"
                       rf"(?:(?:very|sufficiently|legally|overall|fully|entirely|clearly|well|too)\s+)?"
                       rf"(?:{_VAGUE_WORDS})\s*(?:[.;,)]|$|\b(?:or|and|but|for|to|in)\b)", re.I)
# Legal terms of art, not grading standards: each names a settled legal concept (or a statute's own
# words) that the output must carry or apply, not a threshold the judge sets.
TERMS_OF_ART = re.compile(r"commercially\s+reasonable|reasonable\s+(?:best\s+)?efforts|reasonable\s+attorneys|"
                          r"reasonable\s+doubt|reasonably\s+necessary|reasonable\s+expenses|good\s+faith|"
                          r"good\s+cause|good\s+standing|proper\s+venue|adequate\s+consideration|"
                          r"adequate\s+assurance|substantially\s+(?:similar|all|the\s+same|complies)|good\s+will|"
                          r"goodwill|strong\s+form|duly\s+(?:organi[sz]ed|incorporated|formed|authori[sz]ed)|"
                          r"material\s+(?:breach|adverse\s+(?:change|effect|event)|weakness)(?:es|s)?|"
                          r"materially\s+adverse|(?:genuine\s+)?(?:dispute|issue)s?\s+(?:as\s+to\s+(?:any\s+)?|of\s+)"
                          r"material\s+fact|substantial\s+(?:compliance|performance|evidence|similarity|"
                          r"relationships?|factor|certainty|justification|step)|"
                          r"(?:most\s+)?significant\s+relationship|statistically\s+significant|"
                          r"to\s+the\s+(?:fullest|maximum|greatest)\s+extent\s+permitted", re.I)
THE_DOCUMENT = re.compile(r"\bthe\s+(?:document|deliverable|draft|file|output|response|submission|work\s+product|"
                          r"attachment|final\s+version)\b(?!\s+(?:title|name|number|date|heading|header|type|id|"
                          r"format|list|index|set)\b)", re.I)


# A vague word defined where it stands: "timely, meaning dated the same day the agreement is signed",
# "promptly (i.e. within 2 business days)": the definition is the test, and it has one reading.
DEFINED_HERE = re.compile(r"[\"'’”]?\s*(?:,|\(|:|\u2014|\u2013|-{1,2})?\s*(?:meaning|i\.\s?e\.?|that\s+is(?:\s+to\s+say)?|"
                          r"namely|defined\s+as|which\s+means|in\s+other\s+words|understood\s+as)\b", re.I)


def _defined_here(sentence: str, m: re.Match) -> bool:
    """Whether the vague word (or the noun it grades: "material change") is defined right after it."""
    graded = _GRADED_NOUN.match(sentence, m.end())
    return bool(DEFINED_HERE.match(sentence, m.end()) or graded and DEFINED_HERE.match(sentence, graded.end()))


def family(word: str) -> str:
    """The family of a vague word or phrase as VAGUE matched it."""
    flat = re.sub(r"\s+", " ", word)
    return next((f for f, pattern in _FAMILY_OF if pattern.match(flat)), "taste")


def _quoted_spans(sentence: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in cr.LITERAL_PATTERNS["quote"].finditer(sentence)]


# A clause that says what it names is not graded ("Whether the tone is appropriate is not graded"): its
# vague words grade nothing.
_NOT_GRADED = re.compile(r"\b(?:is|are)\s+not\s+(?:graded|assessed|scored|judged|evaluated|marked|tested|checked|"
                         r"considered|taken\s+into\s+account|part\s+of\s+(?:this|the)\s+(?:test|criterion|grade))\b|"
                         r"\b(?:does|do)\s+not\s+(?:affect|change|count\s+(?:towards?|against)|bear\s+on)\s+the\s+"
                         r"(?:verdict|grade|score|result)\b|\b(?:is|are)\s+ignored\b|\bplays?\s+no\s+part\b|"
                         r"\bregardless\s+of\s+whether\b|\bdo\s+not\s+(?:grade|assess|score|judge|mark)\b", re.I)
_CLAUSE_BREAK = re.compile(r";|:\s|,?\s+(?:but|however|while|whereas)\b", re.I)


def _ungraded_spans(sentence: str) -> list[tuple[int, int]]:
    """The clauses of a sentence that say what they name is not graded."""
    if not _NOT_GRADED.search(sentence):
        return []
    cuts = [0] + [m.start() for m in _CLAUSE_BREAK.finditer(sentence)] + [len(sentence)]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if _NOT_GRADED.search(sentence, a, b)]


# In reported speech, a word of taste before a noun of the output's own reasoning still grades how
# the output says it: "tells the client that ... each with a persuasive reason". ("A strong argument
# that the covenant is void" is what the output must say.)
_OWN_REASONING = re.compile(r"\s+(?:[\w-]+\s+)?(?:reasons?|reasoning|explanations?|arguments?|analys[ie]s|summar(?:y|ies)|"
                            r"justifications?|rationales?|accounts?|answers?|responses?|discussion|language|wording|"
                            r"prose|tone)\b(?!\s+that\b)", re.I)


# Someone's approval as the test ("to the reviewer's satisfaction"): it grades, wherever it stands.
_JUDGED = re.compile(r"satisf|discretion", re.I)
# Which of a set counts ("the key risks", "the main points"): the judge picks, wherever it stands.
_SELECTION = re.compile(r"(?:key|main|important|relevant|salient|essential|core|major|principal|critical)\s", re.I)


# Words that leave the scope of a requirement open wherever they stand, reported speech included:
# "the reason for the holdover clause and/or the non-compete" (one, the other, or both?).
_SCOPE = {"and/or", "etc", "etc.", "or similar"}


_HEDGED_RULE = re.compile(r"\s+(?:only|exclusively|never|not|always|at\s+(?:most|least)|no\s+(?:more|less|later|"
                          r"earlier)\s+than)\b", re.I)


def _reported_from(sentence: str) -> int:
    """Where reported speech starts in a sentence ('concludes that the covenant is reasonable': what
    the output must say, not how the judge grades), or len(sentence)."""
    m = cr.REPORTED.search(sentence)
    return m.end() if m else len(sentence)


# A second predicate of the criterion's subject after reported speech: "tells Sasha that the agreement does not
# apply to ... and sets out the two exceptions in customary form" (the setting out is graded, not reported).
_NEXT_PREDICATE = re.compile(r"(?:,\s*|\s+)and\s+(?:also\s+)?(?!(?:is|are|has|have|does|do|was|were)\b)"
                             r"(?:" + cr.VERB.pattern + r")", re.I)


def _reported_until(sentence: str, reported: int) -> int:
    """Where the reported speech that starts at `reported` ends: at the criterion's next predicate, or the
    sentence's end."""
    m = _NEXT_PREDICATE.search(sentence, reported) if reported < len(sentence) else None
    return m.start() if m else len(sentence)


def _defined_term(sentence: str, m: re.Match) -> bool:
    """'Material Adverse Effect', 'Reasonable Efforts': capitalized words in mid-sentence are a defined
    term of the document, not a standard."""
    after = re.match(r"\s+([A-Z])", sentence[m.end():])
    return m.start() > 0 and m.group(0)[0].isupper() and after is not None


def _noun(sentence: str, m: re.Match, decisive: bool) -> bool:
    """'internal material', 'a minor': the noun, which grades nothing."""
    return m.group(0).lower() in _ADJECTIVE_ONLY and not decisive and not _GRADED_NOUN.match(sentence, m.end())


def check(ctx: TaskContext) -> list[Finding]:
    """Each vague word in a criterion, with its sentence; a vague word that is the whole test is major."""
    out = []
    several = len(ctx.task.deliverables) > 1
    for i, c in enumerate(ctx.task.criteria):
        where = f"$.criteria[{i}].match_criteria"
        for _line, sentence in tx.sentences(c.match_criteria):
            quoted = _quoted_spans(sentence)
            ungraded = _ungraded_spans(sentence)
            reported = _reported_from(sentence)
            report_end = _reported_until(sentence, reported)
            arts = [(m.start(), m.end()) for m in TERMS_OF_ART.finditer(sentence)]
            predicates = [(p.start(), p.end()) for p in PREDICATE.finditer(sentence)]
            seen = set()
            for m in VAGUE.finditer(sentence):
                word = re.sub(r"\s+", " ", m.group(0).lower())
                kind = family(m.group(0))  # as written: a place name in it keeps its capital
                # In reported speech a vague adjective or a legal threshold is what the output must say
                # ("concludes that the covenant is reasonable", "that the breach is material"); a vague
                # adverb of taste ("adequately explained", "in a fitting manner") still grades how it
                # says it, and a wish ("ideally", "where possible") or a condition ("as needed") still
                # says how much of it the judge may let go.
                # A hedged rule ("typically only", "usually never") still says how many exceptions pass,
                # reported or not.
                # A standard named by when it is read and compared with ("earnings exceed the up-to-date
                # threshold") needs its figure to be graded, reported or not.
                # A time with no day said of an act the output asks for ("asks the partner to decide in a timely
                # manner") still leaves the judge to say what deadline counts; "concludes that the notice was
                # timely" is what the output must say.
                grades = kind in ("aspiration", "condition") or word in _SCOPE or _JUDGED.search(word) or \
                    kind == "timing" and not any(s <= m.start() < e for s, e in predicates) or \
                    kind == "moment" and _COMPARED_WITH.search(sentence, max(0, m.start() - 40), m.start()) or \
                    kind == "frequency" and _HEDGED_RULE.match(sentence, m.end()) or \
                    _SELECTION.match(word) or kind == "taste" and (word.endswith(("ly", "manner", "way", "fashion"))
                                                                     or _OWN_REASONING.match(sentence, m.end()))
                in_report = reported <= m.start() < report_end and not grades
                if in_report or any(s <= m.start() < e for s, e in quoted + arts + ungraded) or \
                        _defined_term(sentence, m) \
                        or _defined_here(sentence, m):
                    continue
                decisive = kind == "judgment" or any(s <= m.start() < e for s, e in predicates)
                if word in seen or _noun(sentence, m, decisive):
                    continue
                seen.add(word)
                out.append(ctx.finding(
                    ID, "major" if decisive else "minor", "task.json",
                    f"criterion {c.id!r} grades against {m.group(0)!r}, {WHY[kind]}"
                    + (": it is the whole test, so the verdict is the judge's taste" if decisive else ""),
                    FIX[kind].format(w=m.group(0)), location=where, evidence=tx.excerpt(sentence)))
            m = THE_DOCUMENT.search(sentence)
            if m and several and not any(s <= m.start() < e for s, e in quoted):
                one = len(c.deliverables) == 1
                out.append(ctx.finding(
                    ID, "minor" if one else "major", "task.json",
                    f"criterion {c.id!r} says {m.group(0)!r} but the task has {len(ctx.task.deliverables)} "
                    "deliverables: " + (f"the judge must work out that it means {c.deliverables[0]!r}" if one else
                                        "the judge may grade the wrong one"),
                    "name the deliverable (e.g. 'the agreement (agreement.docx)')",
                    location=where, evidence=tx.excerpt(sentence)))
            out += _one_of_several(ctx, c, where, sentence, quoted)
            out += _kind_of_two(ctx, c, where, sentence, quoted)
            out += _whole_for_part(ctx, c, where, sentence, quoted)
        out += _pronoun_for_several(ctx, c, where)
    return out


_COMPARED_WITH = re.compile(r"\b(?:exceeds?|exceeding|above|below|under|over|beneath|at\s+least|more\s+than|less\s+than|"
                            r"meets?|meeting|clears?|reaches?|falls?\s+short\s+of)\s+(?:or\s+\w+\s+)?$", re.I)


_PRONOUN = re.compile(r"\s*(?:it|its|it['’]s)\b", re.I)


def _pronoun_for_several(ctx: TaskContext, c, where: str) -> list[Finding]:
    """"FAIL if it editorializes" after a PASS clause whose claims are about two deliverables: "it" is
    the last one named, or either, as the judge reads it."""
    pass_clause, fail_clause = cr.clauses(c.match_criteria)
    if not fail_clause or not _PRONOUN.match(fail_clause):
        return []
    # The files the PASS clause's claims are about ("X contains only ..., and Y contains only ..."),
    # not every file it names ("X is a faithful translation of Y" is about X alone).
    subjects = {s for claim in cr.read(c.match_criteria).passes.claims for s in claim.subjects}
    named = [d for d in ctx.task.deliverables if d in subjects]
    if len(named) < 2:
        return []
    return [ctx.finding(
        ID, "major", "task.json", f"criterion {c.id!r} grades {len(named)} deliverables in its PASS clause "
        f"({', '.join(named[:4])}) and then says {fail_clause.split()[0]!r} in its FAIL clause: the judge may read it "
        "as the last file named or as either", "say 'either file' or name the file", location=where,
        evidence=tx.excerpt("FAIL if " + fail_clause))]


def _shared_nouns(names: list[str]) -> list[str]:
    """What two or more deliverables' names end in ("offer letter" for "sales-offer-letter.md" and
    "engineer-offer-letter.md"), the longest first."""
    tails: dict[str, set[str]] = {}
    for name in names:
        words = [w for w in re.split(r"[-_. ]+", name.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()) if w.isalpha()]
        for n in (2, 1):
            if len(words) > n or len(words) == n > 1:
                tails.setdefault(" ".join(words[-n:]), set()).add(name)
    return sorted((t for t, holders in tails.items() if len(holders) > 1 and len(t) >= 4), key=len, reverse=True)


def _one_of_several(ctx: TaskContext, c, where: str, sentence: str, quoted) -> list[Finding]:
    """"the offer letter" in a criterion that grades three offer letters: which one is meant is the
    judge's guess."""
    graded = [d for d in c.deliverables if d in ctx.task.deliverables] or list(ctx.task.deliverables)
    for noun in _shared_nouns(graded):
        spelled = r"[\s-]+".join(map(re.escape, noun.split()))
        m = re.search(rf"\bthe\s+{spelled}\b(?![\w-])", sentence, re.I)
        if m and not any(s <= m.start() < e for s, e in quoted):
            holders = [d for d in graded if noun.replace(" ", "-") in d.lower() or noun in d.lower()]
            return [ctx.finding(
                ID, "major", "task.json", f"criterion {c.id!r} says {m.group(0)!r} but grades {len(holders)} "
                f"deliverables called that ({', '.join(holders[:4])}): the judge must guess which one is meant",
                f"say 'each {noun}' or name the file", location=where, evidence=tx.excerpt(sentence))]
    return []


# The task's documents taken together ("the package", "the papers"): fair in a rule on all of them, a guess in
# a rule that grades some.
_COLLECTIVE = re.compile(r"\bthe\s+(?:(?:whole|entire|offer|signing|hiring|onboarding|closing)\s+)?"
                         r"(?:(?-i:[A-Z][\w'’.-]+)\s+){0,2}(?:package|papers|paperwork|"
                         r"documents|deliverables|materials|bundle|pack|set\s+of\s+documents)\b", re.I)


def _whole_for_part(ctx: TaskContext, c, where: str, sentence: str, quoted) -> list[Finding]:
    """"PASS if the package tells Sasha ..." in a criterion that grades the notice alone: the judge must
    guess whether the rule is about the one document or the whole set (minor)."""
    graded = [d for d in c.deliverables if d in ctx.task.deliverables]
    named = any(d in c.match_criteria for d in ctx.task.deliverables)
    if not graded or len(graded) == len(ctx.task.deliverables) or named:
        return []
    m = _COLLECTIVE.search(sentence)
    if m is None or any(s <= m.start() < e for s, e in quoted):
        return []
    return [ctx.finding(
        ID, "minor", "task.json", f"criterion {c.id!r} says {m.group(0)!r} but grades only {', '.join(graded)} of the "
        f"task's {len(ctx.task.deliverables)} deliverables: the judge must guess whether the rule is about that "
        "document or the whole set", f"name the deliverable ('{graded[0]}')", location=where,
        evidence=tx.excerpt(sentence))]


# A document named by its kind alone ("the memo", "the letter"): which one is meant is clear only when one
# document of the task is of that kind.
_KIND = re.compile(r"\bthe\s+(memo(?:randum)?|letter|e-?mail|note|notice|alert|report|summary|agreement|contract|"
                   r"policy|form|schedule|addendum|amendment)\b(?!\s+(?:of|from|to|dated|sent|written|attached|"
                   r"headed|titled|named|called)\b|[-\w.]*\.\w{2,4}\b)", re.I)


def _kind_of_two(ctx: TaskContext, c, where: str, sentence: str, quoted) -> list[Finding]:
    """"PASS if the memo explains ..." in a criterion that names no file, where a deliverable and a task
    document are both memos (the file memo the agent writes, the client's old approval memo): the judge
    must guess which one the rule is about. So does a sentence that names no file in a criterion that names
    its deliverable and, elsewhere, another document of that kind ("PASS if rationale.md explains that the 2023
    approval memo relied on ... FAIL if the memo applies the $75,000 floor")."""
    names_file = any(d in c.match_criteria for d in ctx.task.deliverables)
    if names_file and any(d in sentence for d in ctx.task.deliverables):
        return []
    rest = c.match_criteria.replace(sentence, " ")
    for m in _KIND.finditer(sentence):
        if any(s <= m.start() < e for s, e in quoted):
            continue
        if names_file and not re.search(rf"\b(?!(?:the|a|an|this|that|its|each|every)\b)[\w'’-]+\s+{re.escape(m.group(1))}\b",
                                        rest, re.I):
            continue  # the criterion speaks of no other document of that kind: the memo is its deliverable
        kind = m.group(1).lower().replace("-", "")
        stem = {"memorandum": "memo", "email": "mail"}.get(kind, kind)
        written = [d for d, description in ctx.task.deliverables.items()
                   if stem in d.lower().replace("-", "") or stem in (description or "").lower().replace("-", "")]
        given = [f.rel for f in ctx.task_files if stem in f.name.lower().replace("-", "")]
        if written and given:
            return [ctx.finding(
                ID, "minor" if len(c.deliverables) == 1 else "major", "task.json",
                f"criterion {c.id!r} says {m.group(0)!r}, "
                f"{'in a sentence that names no file' if names_file else 'names no file'}, and the task has more than "
                "one: the "
                f"deliverable {written[0]!r} and the workspace's {given[0]!r}: the judge must guess which one the rule "
                "is about", f"name the file ('{written[0]}')", location=where, evidence=tx.excerpt(sentence))]
    return []
