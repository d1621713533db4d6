"""Contradiction routing: a FAIL whose own reasoning does not support it goes to a human.

A judge writes its reasoning first, then its verdict. When the verdict is FAIL but the
reasoning holds no failure language at all, or its conclusion says the criterion is met
or passes, the two disagree. We never re-roll the judge (that would be shopping for a
verdict); the verdict is kept as given and marked for human review.

The detector is a fixed set of phrase rules, so it is deterministic and explainable:
it finds *signals* (fail or pass) sentence by sentence, turns a signal around when a
negation stands just before it in the same clause ("does not fail", "nothing is
missing", "is not met"), treats a conditional pass ("would have met ... had it") as a
failure, and takes the conclusion from the last sentence that has a signal, preferring
a statement about the criterion itself over a detail.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NEGATORS = {"not", "no", "never", "nothing", "none", "neither", "nor", "without", "nowhere"}
# "fails to pass", "unable to meet": these turn a pass around but not a failure.
PASS_NEGATORS = NEGATORS | {"fail", "fails", "failed", "failing", "unable"}
CLAUSE_BREAK = re.compile(r"[,;:()]|\b(but|however|although|though|while|whereas|yet|because|since)\b")
CONDITIONAL_BEFORE = {"would", "could", "might"}
CONDITIONAL_AFTER = re.compile(r"^\W*(\w+\W+){0,6}?(if|had|unless|were)\b")

_SUBJECT = (r"(response|answer|output|draft|memo|memorandum|deliverable|submission|agent|model|it|"
            r"analysis|email|letter|advice|work product|redline)")
_CRITERION = r"(criterion|criteria|requirement|requirements|standard|test|condition|rubric|bar|check)"

# (pattern, polarity, level, negation already inside the pattern)
_RULES: list[tuple[re.Pattern, str, str, bool]] = [
    # the criterion itself: met / satisfied / passes
    (re.compile(rf"\b{_CRITERION}\b( [\w'-]+){{0,12}}? (?P<key>met|satisfied|fulfilled|achieved|passed)\b"),
     "pass", "criterion", False),
    (re.compile(rf"\b(?P<key>meets|satisfies|fulfils|fulfills|meet|satisfy|fulfil|fulfill|passes|pass|met|satisfied|"
                rf"fulfilled|passed) "
                rf"(the |this |that |each |all |every |its )?{_CRITERION}\b"), "pass", "criterion", False),
    (re.compile(rf"\b{_SUBJECT}\b( \w+){{0,3}}? (?P<key>pass|passes|passed)\b"), "pass", "criterion", False),
    (re.compile(r"\b(verdict|result|grade|outcome|score)( is|:)? (?P<key>pass)\b"), "pass", "criterion", False),
    (re.compile(r"\b(deserves|warrants|earns|merits) a (?P<key>pass)\b"), "pass", "criterion", False),
    (re.compile(r"\b(therefore|thus|hence|so|accordingly) (?P<key>pass)\b"), "pass", "criterion", False),
    (re.compile(r"\b(verdict|result|grade|outcome)( is|:)? (?P<key>fail)\b"), "fail", "criterion", False),
    # details that speak well of the work
    (re.compile(r"\b(correctly|properly|accurately|adequately|appropriately|expressly|clearly) "
                r"(?P<key>identifies|flags|addresses|notes|explains|applies|cites|states|warns|recogni[sz]es|"
                r"handles|updates|reflects|removes|discloses|advises|explains)\b"), "pass", "detail", False),
    # failure language
    (re.compile(r"\b(?P<key>fail|fails|failed|failing|failure|failures)\b"), "fail", "detail", False),
    (re.compile(r"\b(?P<key>unmet|unsatisfied|unfulfilled|falls short|fell short)\b"), "fail", "detail", False),
    (re.compile(r"\b(?P<key>missing|misses|missed|omits|omitted|omitting|omission|omissions|absent|"
                r"absence|lacks|lacking)\b"), "fail", "detail", False),
    (re.compile(r"\b(?P<key>incorrect|incorrectly|inaccurate|inaccurately|wrong|wrongly|erroneous|"
                r"erroneously|mistaken|mistakenly|flawed|deficient|insufficient|insufficiently|inadequate|"
                r"inadequately|incomplete|error|errors|flaw|flaws|deficiency|deficiencies|shortcoming|"
                r"shortcomings)\b"), "fail", "detail", False),
    (re.compile(r"\b(?P<key>misstates|misstated|misstatement|misidentifies|misidentified|misapplies|"
                r"misapplied|misreads|misread|ignores|ignored|overlooks|overlooked|neglects|neglected|"
                r"contradicts|contradicted|violates|violated|violation|leaks|leaked|leaking|"
                r"discloses confidential|reveals)\b"), "fail", "detail", False),
    (re.compile(r"\b(?P<key>does not|did not|do not) (\w+ )?(mention|include|identify|address|flag|note|cite|"
                r"disclose|explain|state|warn|recogni[sz]e|discuss|consider|reference|acknowledge|apply|update|"
                r"reflect|account|catch|notice|raise|advise|correct|remove|delete|change|remedy)\b"),
     "fail", "detail", True),
    (re.compile(r"\b(?P<key>no|nowhere) (mention|reference|discussion|indication|attempt|analysis|warning)\b"),
     "fail", "detail", True),
    (re.compile(r"\bnot (?P<key>correct|accurate|adequate|sufficient|present|included|addressed|identified|"
                r"mentioned|flagged|updated|removed|disclosed|cited)\b"), "fail", "detail", True),
    (re.compile(r"\b(?P<key>only partially|should have|ought to have)\b"), "fail", "detail", True),
    (re.compile(r"\b(?P<key>not (met|satisfied|fulfilled))\b"), "fail", "detail", True),
]


@dataclass(frozen=True)
class Signal:
    """One phrase that speaks for or against the work, after negation is taken into account."""

    polarity: str  # "pass" or "fail"
    level: str  # "criterion" (about the criterion itself) or "detail"
    sentence: int
    start: int
    text: str


@dataclass(frozen=True)
class Review:
    """Why a verdict goes to a human: the rule, a sentence for people, the evidence."""

    rule: str
    message: str
    evidence: str


def normalize(text: str) -> str:
    """Lower case, straight quotes, contractions spelled out, spaces collapsed."""
    t = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    t = re.sub(r"\bcan't\b|\bcannot\b", "can not", t)
    t = re.sub(r"\bwon't\b", "will not", t)
    t = re.sub(r"n't\b", " not", t)
    return re.sub(r"[ \t]+", " ", t)


def sentences(text: str) -> list[str]:
    """The text cut into sentences, as written (over-cutting at abbreviations is harmless here)."""
    parts = re.split(r"(?<=[.!?])\s+|\n+", text)
    return [p.strip() for p in parts if p.strip()]


def _negated(sentence: str, start: int, negators: set[str]) -> bool:
    before = sentence[:start]
    breaks = list(CLAUSE_BREAK.finditer(before))
    if breaks:
        before = before[breaks[-1].end():]
    words = re.findall(r"[a-z]+", before)[-4:]
    return any(w in negators for w in words)


def _conditional(sentence: str, start: int, end: int) -> bool:
    words = re.findall(r"[a-z]+", sentence[:start])[-3:]
    return any(w in CONDITIONAL_BEFORE for w in words) or bool(CONDITIONAL_AFTER.match(sentence[end:]))


def signals(reasoning: str) -> list[Signal]:
    """Every pass or fail signal in the reasoning, in reading order."""
    found: list[Signal] = []
    for n, sentence in enumerate(normalize(s) for s in sentences(reasoning)):
        taken: list[tuple[int, int]] = []
        hits = []
        for pattern, polarity, level, inherent in _RULES:
            for m in pattern.finditer(sentence):
                hits.append((m.start("key"), m.end("key"), m.group(0), polarity, level, inherent))
        # Longer, more specific phrases first; a span is counted once.
        for start, end, text, polarity, level, inherent in sorted(hits, key=lambda h: (-(h[1] - h[0]), h[0])):
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            if not inherent and _negated(sentence, start, PASS_NEGATORS if polarity == "pass" else NEGATORS):
                polarity = "fail" if polarity == "pass" else "pass"
            elif polarity == "pass" and _conditional(sentence, start, end):
                polarity = "fail"
            found.append(Signal(polarity, level, n, start, text))
    return sorted(found, key=lambda s: (s.sentence, s.start))


CONTRAST = re.compile(r"\b(but|however|yet|nevertheless|nonetheless)\b")


def conclusion(reasoning: str) -> Signal | None:
    """The signal the reasoning ends on.

    The last sentence with a signal; in it, the part after its last "but"/"however" that
    has one ("passes the first part but does not address the second" ends on the
    failure); there, a statement about the criterion outranks a detail ("the criterion
    is met, although the memo fails to cite the section" ends on the pass).
    """
    found = signals(reasoning)
    if not found:
        return None
    n = found[-1].sentence
    last = [s for s in found if s.sentence == n]
    text = [normalize(s) for s in sentences(reasoning)][n]
    cuts = [m.end() for m in CONTRAST.finditer(text) if any(s.start >= m.end() for s in last)]
    if cuts:
        last = [s for s in last if s.start >= cuts[-1]]
    about_criterion = [s for s in last if s.level == "criterion"]
    return (about_criterion or last)[-1]


def review_needed(verdict: str, reasoning: str) -> Review | None:
    """A Review when a FAIL verdict's reasoning contradicts it; None otherwise (and for PASS)."""
    if verdict != "FAIL":
        return None
    found = signals(reasoning or "")
    end = conclusion(reasoning or "")
    if end is not None and end.polarity == "pass":
        evidence = sentences(reasoning)[end.sentence]
        return Review("concludes-pass", "FAIL verdict, but the reasoning concludes the criterion is met",
                      evidence)
    if not any(s.polarity == "fail" for s in found):
        return Review("no-failure-language", "FAIL verdict, but the reasoning contains no failure language",
                      (reasoning or "").strip()[:200])
    return None
