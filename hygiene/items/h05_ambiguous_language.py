"""H05 ambiguous grading language: standards a judge can read either way."""

from __future__ import annotations

import re

from oafreeze.corpus import text as tx
from oafreeze.hygiene import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H05"
NAME = "ambiguous grading language"

_VAGUE_WORDS = (
    r"(?:in)?appropriate(?:ly)?|as\s+appropriate|where\s+appropriate|(?:un)?reasonabl[ey]|(?:in)?adequate(?:ly)?|"
    r"(?:im)?proper(?:ly)?|(?:in)?sufficient(?:ly)?|as\s+needed|as\s+necessary|if\s+necessary|where\s+applicable|"
    r"generally|substantially|etc\.?|and/or|or\s+similar|roughly|approximately|(?:un)?suitabl[ey]|suitably|"
    r"well[- ](?:drafted|written|reasoned|organi[sz]ed|structured|crafted|argued|presented|supported)|"
    r"poorly[- ]\w+|high[- ]quality|low[- ]quality|good|poor|professional(?:ly)?|thorough(?:ly)?|"
    r"comprehensive(?:ly)?|robust(?:ly)?|(?:un)?satisfactor(?:y|ily)|sensibl[ey]|meaningful(?:ly)?|"
    r"unclear|clearly|concise(?:ly)?|persuasive(?:ly)?|compelling|convincing(?:ly)?|strong|weak"
)
VAGUE = re.compile(rf"\b(?:{_VAGUE_WORDS})(?![\w/])", re.I)
# A vague word that is the whole test: "FAIL if the explanation is inadequate", "PASS if the
# agreement is well-drafted". Elsewhere it qualifies a concrete requirement ("gives an appropriate
# notice of the covenant"): a judge still knows what to look for.
PREDICATE = re.compile(rf"\b(?:is|are|be|being|was|were|seems?|appears?|looks?|reads?|remains?)\s+(?:not\s+)?"
                       rf"(?:(?:very|sufficiently|legally|overall|fully|entirely|clearly|well|too)\s+)?"
                       rf"(?:{_VAGUE_WORDS})\s*(?:[.;,)]|$|\b(?:or|and|but|for|to|in)\b)", re.I)
# Legal terms of art, not grading standards.
TERMS_OF_ART = re.compile(r"commercially\s+reasonable|reasonable\s+(?:best\s+)?efforts|reasonable\s+attorneys|"
                          r"reasonable\s+doubt|reasonably\s+necessary|reasonable\s+expenses|good\s+faith|"
                          r"good\s+cause|good\s+standing|proper\s+venue|adequate\s+consideration|"
                          r"adequate\s+assurance|substantially\s+(?:similar|all|the\s+same|complies)|good\s+will|"
                          r"goodwill|strong\s+form", re.I)
THE_DOCUMENT = re.compile(r"\bthe\s+(?:document|deliverable|draft|file|output|response|submission|work\s+product|"
                          r"attachment|final\s+version)\b(?!\s+(?:title|name|number|date|heading|header|type|id|"
                          r"format|list|index|set)\b)", re.I)


def _quoted_spans(sentence: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in cr.LITERAL_PATTERNS["quote"].finditer(sentence)]


def _reported_from(sentence: str) -> int:
    """Where reported speech starts in a sentence ('concludes that the covenant is reasonable': what
    the output must say, not how the judge grades), or len(sentence)."""
    m = cr.REPORTED.search(sentence)
    return m.end() if m else len(sentence)


def check(ctx: TaskContext) -> list[Finding]:
    """Each vague word in a criterion, with its sentence; a vague word that is the whole test is major."""
    out = []
    several = len(ctx.task.deliverables) > 1
    for i, c in enumerate(ctx.task.criteria):
        where = f"$.criteria[{i}].match_criteria"
        for _line, sentence in tx.sentences(c.match_criteria):
            quoted = _quoted_spans(sentence)
            reported = _reported_from(sentence)
            arts = [(m.start(), m.end()) for m in TERMS_OF_ART.finditer(sentence)]
            seen = set()
            for m in VAGUE.finditer(sentence):
                word = m.group(0).lower()
                # In reported speech a vague adjective is what the output must say ("concludes that the
                # covenant is reasonable"); a vague adverb still grades how it says it ("adequately explained").
                if (m.start() >= reported and not word.endswith("ly")) or \
                        any(s <= m.start() < e for s, e in quoted + arts):
                    continue
                if word in seen:
                    continue
                seen.add(word)
                decisive = any(p.start() <= m.start() < p.end() for p in PREDICATE.finditer(sentence))
                out.append(ctx.finding(
                    ID, "major" if decisive else "minor", "task.json",
                    f"criterion {c.id!r} grades against {m.group(0)!r}, a standard two judges can read two ways"
                    + (": it is the whole test, so the verdict is the judge's taste" if decisive else ""),
                    f"replace {m.group(0)!r} with the concrete test a lawyer would apply (what must be there, "
                    "what must not)", location=where, evidence=tx.excerpt(sentence)))
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
    return out
