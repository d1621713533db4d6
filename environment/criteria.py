"""Reading a criterion: its "PASS if ... FAIL if ..." clauses, their structure, and the literals
they name (quoted text, citations, amounts, percentages, dates, file names, and exact tokens: e-mail
addresses, URLs, phone numbers, labelled identifiers such as a matter or account number).

A clause is read by its structure, not by keywords alone. Each literal gets a role from where it
stands in its sentence:

- **required** / **forbidden**: what the output must contain or must not contain. A literal in a
  PASS clause is required unless a negation governs it ("does not mention X, Y or Z": the scope
  runs over the whole list, to the end of its sub-clause); in a FAIL clause the roles swap.
- **neutral**: what the clause permits ("… is allowed", "may include …", "(… excepted)", "other
  than …"), explains ("because …", "since …"), gives as one example of several ("such as …"), or
  uses as a bound ("before November 2, 2026", "above $80,000"); none of them is a string the
  output must or must not hold.

Words inside reported speech ("tells the client that the salary is not above $130,014") are what
the output must say: a negation there does not flip the literal. Literals joined by "or" are
alternatives (any one satisfies the group); an alternative with no literal ("… or a later date")
makes the group impossible to demand by a literal proxy, so it is dropped.

The reading also says whether a PASS clause demands anything positive at all (`positive`): one
made only of negations, "only" restrictions, permissions and explanations is passed by an empty
output. And it splits the PASS clause into claims (one verb phrase and its subject each) so H04
can count them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from oafreeze.corpus import text as tx

# LAB writes the keywords in capitals; "pass if" / "fail if" in lower case are accepted too.
_PASS = re.compile(r"\bPASS\b(?:\s+(?i:if|when|only\s+if)\b)?|(?i:\bpass\s+if\b)")
_FAIL = re.compile(r"\bFAIL\b(?:\s+(?i:if|when|otherwise)\b)?|(?i:\bfail\s+if\b)")


# A clause marker for counting clauses: "PASS" or "FAIL" in capitals as a word of its own, or "pass if"
# / "fail if" in any case where a sentence starts ("… would fail if challenged" is prose, not a clause).
_MARKER = re.compile(r"\b(?:PASS|FAIL)\b(?![-/])|(?:^|(?<=[.;:\n]))\s*\b(?i:pass|fail)\s+(?i:if)\b")
_QUOTED = re.compile(r'"[^"\n]*"|\u201c[^\u201d\n]*\u201d')


def markers(match_criteria: str) -> list[tuple[str, int, int]]:
    """Each clause marker of a criterion, in order: ('PASS' or 'FAIL', start, end of its 'if'); none
    inside quotes."""
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(match_criteria)]
    out = []
    for m in _MARKER.finditer(match_criteria):
        start = m.start() + len(m.group(0)) - len(m.group(0).lstrip())
        kind = match_criteria[start:start + 4].upper()
        keyword = (_PASS if kind == "PASS" else _FAIL).match(match_criteria, start)
        if keyword and not any(s <= start < e for s, e in quoted):
            out.append((kind, start, keyword.end()))
    return out


def clauses(match_criteria: str) -> tuple[str, str]:
    """The PASS clause and the FAIL clause of a criterion ('' for a missing one). A criterion with a
    repeated clause ("PASS if A. FAIL if B. PASS if C.") gets each kind's clauses joined, so that C is
    read as PASS text, not as part of the FAIL clause (H04 reports the repetition)."""
    marks = markers(match_criteria)
    if any(sum(1 for k, _, _ in marks if k == kind) > 1 for kind in ("PASS", "FAIL")):
        parts: dict[str, list[str]] = {"PASS": [], "FAIL": []}
        for n, (kind, _start, end) in enumerate(marks):
            stop = marks[n + 1][1] if n + 1 < len(marks) else len(match_criteria)
            text = match_criteria[end:stop].strip(" .;:\n")
            if text:
                parts[kind].append(text)
        return ". ".join(parts["PASS"]), ". ".join(parts["FAIL"])

    def first(kind: str, loose: re.Pattern) -> tuple[int, int] | None:
        # A marker where a clause starts first; else any keyword (a criterion written all in lower case).
        m = next(((s, e) for k, s, e in marks if k == kind), None)
        if m is None and (found := loose.search(match_criteria)):
            m = (found.start(), found.end())
        return m

    p, f = first("PASS", _PASS), first("FAIL", _FAIL)
    pass_text = fail_text = ""
    if p:
        end = f[0] if f and f[0] > p[0] else len(match_criteria)
        pass_text = match_criteria[p[1]:end]
    if f:
        end = p[0] if p and p[0] > f[0] else len(match_criteria)
        fail_text = match_criteria[f[1]:end]
    return pass_text.strip(" .;:\n"), fail_text.strip(" .;:\n")


NEGATION = re.compile(r"\b(?:not|no|never|without(?!\s+(?:any\s+)?(?:exceptions?|qualifications?|reservations?|"
                      r"limitations?|fail|delay|question|doubt)\b)|omits?|omitted|omitting|fails?\s+to|lacks?|lacking|missing|absent|"
                      r"neither|nor|none|nothing|nowhere|free\s+of|excludes?|avoids?|removes?|deletes?|drops?|"
                      r"strips?|takes?\s+out|leaves?\s+out|cuts?|silent|refrains?\s+from|steers?\s+clear\s+of|"
                      r"free\s+from|stays?\s+away\s+from|devoid\s+of|clear\s+of|bare\s+of|empty\s+of|"
                      r"abstains?\s+from|keeps?\s+clear\s+of|is\s+silent\s+on)\b|n't\b|"
                      # "contains zero file paths": zero as the count of what it names (not "a zero-hour
                      # contract", "zero percent", "the balance is zero")
                      r"(?<!\ba\s)(?<!\bthe\s)\bzero(?=\s+(?!percent|per\b|dollars?|cents?|days?|hours?|"
                      r"tolerance|balance)[a-z])", re.I)
# "contains only …", "the only restrictions are …", "nothing but …": satisfied by an empty output; so is
# a rule on every item of a kind the output gives ("every figure it gives is at the 22% rate").
RESTRICTION = re.compile(r"\b(?:contains?|includes?|has|have|holds?|carries|consists?\s+of|is\s+made\s+of|keeps?)\s+only\b|"
                         r"\bthe\s+only\b|\bonly\s+(?:contains?|includes?|has|holds?)\b|\bnothing\s+(?:but|else|other\s+than)\b|"
                         r"\b(?:solely|exclusively)\s+of\b|"
                         r"\b(?:every|each|all|any)\s+(?:[\w-]+\s+){0,3}?(?:that\s+|which\s+)?(?:it|they|x{3,}|the\s+[\w-]+)\s+"
                         r"(?:gives|contains|lists|states|uses|includes|cites|quotes|names|shows|reports|mentions|"
                         r"sets\s+out)\b", re.I)
# A claim that is nothing but an upper bound on length ("client-email.md is no longer than 250 words",
# "does not exceed two pages"): satisfied by an empty output, as a restriction is.
_COUNT = r"(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|fifty|a\s+hundred)"
_UNIT = r"(?:words?|pages?|sentences?|paragraphs?|lines?|characters?|bullets?|bullet\s+points?|items?|tokens?)"
LENGTH_LIMIT = re.compile(
    rf"(?:\b(?:is|are|be|runs?|stays?|remains?|keeps?(?:\s+to)?|fits?(?:\s+in(?:to)?)?|has|have|holds?|uses?|contains?)\s+"
    rf"(?:(?:no|not)\s+(?:longer|more)\s+than|at\s+most|under|within|fewer\s+than|less\s+than|shorter\s+than|up\s+to|"
    rf"a\s+maximum\s+of)|\b(?:does\s+not|doesn't|do\s+not|must\s+not|never)\s+(?:exceed|run\s+(?:past|over|beyond|"
    rf"longer\s+than)))\s+{_COUNT}\s+{_UNIT}(?:\s+(?:long|in\s+length|in\s+total|overall))?\W*$"
    # ... or than another document ("client-email.md is shorter than washington-covenant-form.md")
    rf"|^\s*(?:[\w./-]+\.\w{{1,5}}|it|they|(?:the|its|their)\s+[\w-]+(?:\s+[\w-]+)?)\s+"
    rf"(?:is|are|runs?|stays?|remains?)\s+(?:shorter\s+than|(?:no|not)\s+longer\s+than)\s+(?:the\s+)?"
    rf"(?:[\w./-]+\.\w{{1,5}}|[\w-]+(?:\s+[\w-]+)?)(?:\s+(?:is|does))?\W*$", re.I)
# A claim that asks only for an output's size or shape ("runs to at least 250 words", "sets out its guidance
# as a Markdown table with a header row and at least three body rows"): any long or tabular text passes,
# the workspace or the knowledge base pasted in included.
_SHAPE_KIND = r"(?:bullet(?:ed)?|numbered|ordered|unordered|dashed|lettered)"
_SHAPE = (rf"(?:table|{_SHAPE_KIND}(?:\s+(?:or|and/or|and)\s+{_SHAPE_KIND})?\s+(?:list|points?)|bullet\s+points?|list|"
          r"(?:(?:level[- ]one|level[- ]two|top[- ]level|first[- ]level|H[1-6]|main)\s+)?(?:Markdown\s+)?"
          r"(?:headings?|headers?|titles?)|sections?)")
_SHAPE_PARTS = (r"(?:\s+(?:with|and|of|having|under|in)\s+(?:a|an|one|two|three|four|five|\d+|at\s+least|no\s+fewer\s+than|"
                r"more\s+than)?\s*(?:(?:one|two|three|four|five|six|\d+)\s+)?(?:[\w-]+\s+)?"
                r"(?:header\s+rows?|rows?|columns?|items?|entries|bullets?|headings?|sections?|paragraphs?|cells?))*")
FORM_ONLY = re.compile(
    rf"^\s*(?:(?:[\w./-]+\.\w{{1,5}}|it|they|(?:the|its|their)\s+[\w-]+)\s+)?(?:"
    rf"(?:runs?\s+to|is|are|has|have|contains?|comes?\s+to|reaches?|totals?|extends?\s+to)\s+"
    rf"(?:at\s+least|a\s+minimum\s+of|(?:no\s+)?(?:more|longer)\s+than|over|no\s+fewer\s+than)\s+{_COUNT}\s+{_UNIT}"
    rf"(?:\s+(?:long|in\s+length|in\s+total|overall))?"
    rf"|(?:sets?\s+out|presents?|lays?\s+out|gives?|formats?|organi[sz]es?|arranges?|is\s+(?:written|laid\s+out|"
    rf"formatted|set\s+out|organi[sz]ed|arranged))\s+(?:(?:its|the|their)\s+[\w-]+(?:\s+[\w-]+)?\s+)?(?:as|in|into)\s+"
    rf"(?:an?\s+)?(?:Markdown\s+|HTML\s+|GitHub\s+)?{_SHAPE}{_SHAPE_PARTS}"
    rf"|(?:is|contains?|has|includes?|uses?|opens?\s+with|begins?\s+with|starts?\s+with|ends?\s+with)\s+an?\s+"
    rf"(?:Markdown\s+|HTML\s+)?{_SHAPE}{_SHAPE_PARTS}"
    # ... or for how a value is written ("writes at least one date in ISO 8601 form")
    rf"|(?:writes?|gives?|uses?|contains?|has|shows?|puts?)\s+(?:at\s+least\s+(?:one|\d+)\s+|every\s+|each\s+|all\s+(?:its\s+)?|"
    rf"its\s+|the\s+)?(?:dates?|amounts?|figures?|numbers?|times?)\s+(?:in|as)\s+(?:(?:ISO(?:\s+8601)?|US|UK|European|"
    rf"numeric|long|short|[\w-]+)\s+)?(?:form|format|style|notation)"
    rf")\W*$", re.I)
def form_only(claim: str) -> bool:
    """Whether a claim asks only for an output's size, shape or notation, once what explains it is set
    aside: a parenthesis ("(a header row followed by a separator row)") and a closing appositive or
    reason (", the layout Wendell's mail app renders", ", as the docketing system requires")."""
    bare = re.sub(r"\s*\([^()]*\)", "", claim)
    bare = re.split(r",\s+(?:as|the|which|so|for|because|since|so\s+that|to\s+suit|in\s+line\s+with)\b", bare, 1)[0]
    return bool(FORM_ONLY.search(bare))


# A cap on an output's length in words, in the PASS clause ("in no more than 300 words") or the FAIL
# clause ("is longer than 300 words"): an output over it fails, the workspace pasted in among them.
_WORD_CAP = re.compile(r"\b(?:(?:no|not)\s+more\s+than|at\s+most|fewer\s+than|under|less\s+than|up\s+to|"
                       r"a\s+maximum\s+of|within|longer\s+than|more\s+than|exceeds?|over)\s+(\d[\d,]*)\s+words\b"
                       r"|\b(\d[\d,]*)\s+words\s+or\s+(?:fewer|less)\b", re.I)


def word_cap(pass_clause: str, fail_clause: str) -> int | None:
    """The most words a criterion lets an output have, if it says: a bound in its PASS clause
    ("in no more than 300 words") or an excess its FAIL clause fails ("longer than 300 words")."""
    caps = []
    for clause, failing in ((pass_clause, False), (fail_clause, True)):
        for m in _WORD_CAP.finditer(clause or ""):
            words = m.group(0).lower()
            if not failing and re.match(r"(?:longer|more|exceeds?|over)\b", words):
                continue  # "more than 300 words" in a PASS clause is a floor, not a cap
            if failing and not re.match(r"(?:longer|more|exceeds?|over)\b", words):
                continue  # "fewer than 300 words" in a FAIL clause is a floor
            caps.append(int((m.group(1) or m.group(2)).replace(",", "")))
    return min(caps) if caps else None


# A claim that asks only for the language an output is written in ("is written in English"): any text in
# that language passes it, the task's own instructions echoed back included.
LANGUAGES = ("English|French|Spanish|German|Italian|Portuguese|Dutch|Polish|Czech|Slovak|Hungarian|Romanian|Greek|"
             "Swedish|Danish|Norwegian|Finnish|Russian|Ukrainian|Turkish|Arabic|Hebrew|Hindi|Chinese|Mandarin|"
             "Cantonese|Japanese|Korean|Vietnamese|Thai|Indonesian|Malay|Tagalog|Filipino|Swahili|Catalan")
LANGUAGE_ONLY = re.compile(
    rf"\b(?:is|are|be|stays?|remains?)\s+(?:(?:written|drafted|composed|prepared|produced|delivered|given)\s+)?"
    rf"(?:(?:entirely|wholly|only|all|fully)\s+)?in\s+(?:plain\s+|simple\s+|clear\s+|standard\s+)?"
    rf"(?:(?:British|American|US|UK)\s+)?(?:{LANGUAGES})(?:\s+language)?\W*$", re.I)
# A claim that asks only that the output exist ("hr-note.md is among the files the agent produces",
# "the memo is saved", "client-email.md exists in the outputs"): an empty file passes it.
_PLACES = r"(?:files?|outputs?|deliverables?|output\s+(?:folder|directory)|results?|submission|workspace|folder)"
_HANDS = r"(?:produces|returns|writes|saves|submits|delivers|creates|generates|hands\s+(?:in|back|over))"
# ... and the files as handed: "among the files handed in", "the outputs submitted"
_HANDED = r"(?:handed\s+(?:in|back|over)|turned\s+in|submitted|returned|delivered|produced|saved|written|uploaded)"
EXISTENCE_ONLY = re.compile(
    rf"^\s*(?:[\w./-]+\.\w{{1,5}}|it|they|(?:the|a|an)\s+(?:file|deliverable|output|document|memo|note|e-?mail|letter|"
    rf"summary|report|slip|notice)(?:\s+[\w./-]+\.\w{{1,5}})?)\s+"
    rf"(?:exists?|(?:is|are)\s+(?:present|there|produced|saved|created|written|delivered|submitted|returned|provided|"
    rf"generated|included|supplied)|(?:is|are)(?=\s+(?:among|in|(?:its|their)\s+own|(?:a\s+)?separate)\b)|"
    # its format alone: "is a plain-text Markdown file that opens in any text editor"
    rf"(?:is|are)\s+(?:a|an)\s+(?:(?:plain[- ]?text|text|markdown|md|word|docx|pdf|html|utf-?8|ascii|csv|json|yaml|"
    rf"excel|xlsx|rich[- ]text|rtf|valid|well[- ]formed|readable|editable|separate|standalone|single|new)\s+){{1,3}}"
    rf"(?:file|document)s?(?:\s+(?:that|which)\s+(?:opens?|can\s+be\s+"
    rf"opened|renders?|displays?|reads?)\s+(?:in|with|on)\s+(?:any|a|an|the|every)\s+(?:[\w-]+\s+){{0,3}}?(?:editor|"
    rf"viewer|reader|program|application|app|browser)s?)?)"
    rf"(?:\s+(?:among|in|with|into|to|as)\s+(?:the\s+|an?\s+|its\s+|their\s+)?(?:\w+\s+)?{_PLACES})?"
    rf"(?:\s+(?:as\s+)?(?:(?:its|their)\s+own|(?:a\s+)?(?:separate|standalone|stand-alone|distinct|independent))"
    rf"\s+(?:files?|documents?))?(?:,?\s+(?:separate|apart|distinct)\s+from\s+(?:the\s+)?[\w./-]+(?:\s+[\w./-]+)?)?"
    rf"(?:\s+(?:that\s+|which\s+)?(?:(?:the\s+agent|it|you|they)\s+{_HANDS}|(?:(?:is|are|was|were)\s+)?{_HANDED}))?"
    rf"(?:\s+by\s+the\s+agent)?"
    # its form alone: "is delivered as a Markdown file under that name", "in .md format"
    rf"(?:\s+(?:as\s+(?:a|an)\s+[\w.-]+\s+(?:file|document)|in\s+(?:the\s+)?[\w.-]+\s+format|"
    rf"(?:under|with)\s+(?:that|this|its|the\s+same|the\s+right|the\s+given|the\s+required)\s+(?:file\s*)?name)){{0,3}}"
    rf"\W*$", re.I)
# Bounds and idioms that hold a negation word without negating anything.
NOT_NEGATION = re.compile(r"\b(?:no|not)\s+(?:more|less|later|earlier|longer|shorter|fewer|greater|sooner|higher|lower)"
                          r"\s+than\b|\bnot\s+(?:to\s+)?exceed\w*|\bnot\s+(?:only|just|merely)\b|\bno\s+matter\b|"
                          r"\bwhether\s+or\s+not\b", re.I)
# Words that grant permission: what follows (or the sub-clause they sit in) is allowed, not demanded.
PERMISSION = re.compile(r"\b(?:allowed|permitted|excepted|acceptable|is\s+fine|are\s+fine|need\s+not|"
                        r"does\s+not\s+need\s+to|do\s+not\s+need\s+to|optional(?:ly)?|"
                        r"may\s+(?:also\s+)?(?:include|contain|keep|mention|cite|quote|refer|state|retain|use|add|name|"
                        r"appear|be\s+included|remain|stay|carry|set\s+out|summari[sz]e|reproduce|give|list))\b", re.I)
EXCEPT = re.compile(r"\b(?:except(?:ing)?(?:\s+for)?|other\s+than|excluding|apart\s+from|save\s+for|aside\s+from|"
                    r"besides|but\s+not)\b", re.I)
EXPLAIN = re.compile(r"\b(?:because|since|given\s+that|so\s+that|in\s+order\s+to|as\s+a\s+result\s+of|as\s+required\s+by|"
                     r"for\s+the\s+reason\s+that|which\s+is\s+why)\b", re.I)
EXAMPLE = re.compile(r"\b(?:such\s+as|for\s+example|for\s+instance|e\.g\.?|including|like)\b", re.I)
BOUND = re.compile(r"\b(?:before|after|earlier\s+than|later\s+than|prior\s+to|more\s+than|less\s+than|fewer\s+than|"
                   r"greater\s+than|at\s+least|at\s+most|no\s+more\s+than|no\s+less\s+than|exceeds?|exceeding|above|"
                   r"below|under|over|up\s+to|within|until|beyond|past|from|between|on\s+or\s+(?:after|before))"
                   r"(?:\s+(?:the|a|an))?\s*$", re.I)
# Verbs of saying: what follows "... that / why / how / whether" is content the output must state.
_SPEECH = (r"(?:states?|stating|says?|saying|tells?|telling|explains?|explaining|notes?|noting|advises?|advising|"
           r"warns?|warning|concludes?|concluding|argues?|arguing|recommends?|confirms?|reports?|informs?|flags?|"
           r"mentions?|acknowledges?|asserts?|finds?|determines?|describes?|answers?|points?\s+out|makes?\s+clear|"
           r"records?|shows?|sets?\s+out|spells?\s+out|identifies|addresses|discusses|analy[sz]es|reminds?)")
REPORTED = re.compile(rf"\b{_SPEECH}\b[^;.]{{0,90}}?\b(?:that|why|how|whether)\b"
                      r"|\b(?:tells?|advises?|warns?|instructs?|reminds?|asks?|directs?|urges?)\b[^;.]{0,60}?\bto\b"
                      r"|\b(?:says?|states?|explains?|tells?|identifies|describes?|names?|lists?)\b[^;.]{0,40}?"
                      r"\b(?:which|what|when|where|who)\b",
                      re.I)

# Verbs a criterion's claims are made of (third person, as criteria are written); a coordinated
# phrase that starts with one ("…, and lists …") is a new claim.
_VERB_STEMS = (
    "state say tell explain name list give identify cite quote include contain keep remove delete drop add use select "
    "apply limit set record warn advise note recommend describe address flag mention provide require assign exclude "
    "end last run calculate compute conclude propose ask attach mark label date sign define specify treat refer "
    "summari[sz]e compare report disclose offer place let bar restrict allow permit govern omit fail lack leave put "
    "make show present accept reject follow match differ change replace preserve retain extend cap point confirm "
    "answer argue find determine discuss analy[sz]e highlight spell lay carry insert rewrite revise edit update "
    "correct fix deliver send write draft prepare produce quantify estimate distinguish recogni[sz]e rely rest base "
    "tie link instruct direct inform notify alert caution remind receive pay owe charge ground support flag "
    "walk reproduce recite describe express lists assign"
).split()
VERB = re.compile(r"\b(?:" + "|".join(sorted(set(_VERB_STEMS), key=len, reverse=True)) + r")(?:s|es)\b"
                  r"|\b(?:is|are|has|have|does|gives|says|carries|applies|identifies|specifies|relies|denies|"
                  r"qualifies|complies|satisfies|ties|lies|goes|puts|classifies|modifies|notifies|certifies|verifies|"
                  r"justifies|clarifies|ratifies|rectifies|signifies|quantifies|categori[sz]es)\b", re.I)
# A sentence whose subject is a negation ("nothing in X", "no part of X", "none of X").
NEGATIVE_SUBJECT = re.compile(r"[\s,;]*(?:nothing|none|no\s+(?:part|portion|section|passage|line|sentence|word|page)s?)\b",
                              re.I)
# A sub-clause that opens with its verb (after "and", "or", "nor"): it shares the sentence's subject.
_SHARES_SUBJECT = re.compile(r"[\s,;]*(?:(?:and|or|nor)\s+)?(?=\w+s\b)(?:" + VERB.pattern + r")", re.I)
# A plural subject takes the base form ("A and B contain only …"); a modal names the claim too.
MODAL = re.compile(r"\b(?:contain|include|state|give|name|tell|explain|cite|keep|use|apply|limit|carry|hold|"
                   r"must|should|shall|will|can|may)\b", re.I)
_HEAD = r"(?:(?:it|they|also|then|either|each|both|that\s+it|the\s+[\w-]+(?:\.\w+)?|[\w-]+\.(?:md|docx|txt|xlsx|pdf)|x{3,})\s+)*"
# Where a sub-clause starts inside a sentence: a semicolon, "but", a coordinated verb phrase, a
# new quantified subject ("…, and any covenant it keeps is …"), "whereas" / "while".
# ", states that …" starts a claim of its own, whose subject is the text before it ("soft").
SOFT_BOUND = re.compile(rf",\s+(?={VERB.pattern})", re.I)
# Two files as one subject, with the verb's base form: "…, and notice.md and its translation notice-vi.md
# contain only …" (after a comma, so that "A.md and B.md contain" is not cut between the two).
# (A literal is read with its text masked as x's.)
_A_FILE = r"(?:[\w-]+\.(?:md|docx|txt|xlsx|pdf)|x{3,})"
_FILE_PAIR = rf"(?:the\s+)?{_A_FILE}\s+(?:and|or)\s+(?:[\w'-]+\s+){{0,5}}?{_A_FILE}\s+"
SUB_BOUND = re.compile(rf";\s*|\s+but\s+|,\s+(?={VERB.pattern})|,?\s+(?:and|or)\s+(?:if\s+|when\s+|(?=(?:any|every|each|all|no)\s)|"
                       rf"(?={_HEAD}\b(?:{VERB.pattern})))|,\s+and\s+(?={_FILE_PAIR}(?:{MODAL.pattern}|{VERB.pattern}))|"
                       rf",\s*(?:whereas|while)\s+", re.I)
_SENTENCE = re.compile(r"\n|(?<=[a-z0-9)\]\"\u201d%])\.\s+(?=[A-Z\"\u201c(]|$)|(?<=[a-z0-9)\]\"\u201d%])\.$")
_PAREN = re.compile(r"\(([^()]*\s[^()]*)\)")

FILE_EXTENSIONS = ("md", "txt", "docx", "doc", "xlsx", "xls", "csv", "pptx", "pdf", "json", "yaml", "yml",
                   "eml", "html")
# Labels that introduce an identifier a document carries exactly: "matter no. 2024-117", "account number
# 4471-22", "invoice #INV-2231", "Case No. 1:24-cv-01234". The identifier holds a digit and four
# characters or more; after a bare label ("matter M-2024-117") it must also hold a letter or a separator,
# so "client 2026" is not one.
_ID_LABEL = (r"account|acct\.?|matter|case|docket|claim|policy|invoice|purchase\s+order|order|reference|ref\.?|"
             r"loan|member|customer|client|employee|ticket|registration|serial|patent|application|contract|tax|"
             r"EIN|TIN|licen[cs]e|permit|certificate|routing|IBAN|SWIFT|BIC|tracking|confirmation|booking|file")
# (a comma before three digits is part of the number: "Application No. 18/904,217", "Patent No. 11,234,567")
_ID_TOKEN = r"[A-Za-z0-9]+(?:[-/.:][A-Za-z0-9]+|,\d{3}(?!\d))*"
CURRENCY_CODES = ("USD", "EUR", "GBP", "JPY", "CNY", "RMB", "CHF", "AUD", "CAD", "NZD", "HKD", "SGD", "INR", "ZAR",
                  "MXN")
CURRENCY_SIGNS = "$€£¥₹₩"  # written before the number
CURRENCY_AFTER = "円元"  # yen and yuan, written after it
# Signs besides letters, digits, "-", "." and "&" that a file's name may hold and a sentence does not put
# against one: the section sign, "#", "+", "~", "=", the numero sign and the degree sign.
_NAME_SIGNS = "§#+~=\u2116\u00b0"
_PARTY = (r"(?:[A-Z][\w&'’-]*)(?:,?\s+(?:(?:Inc|Co|Corp|Ltd|LLC|L\.L\.C|LLP|N\.A|P\.C|S\.A)\.?(?![\w])|"
          r"(?:of|the|for|de|la|du|von|van|&)(?=\s+[A-Z])|[A-Z][\w&'’-]*)){0,7}")  # bounded: linear in a long run
LITERAL_PATTERNS: dict[str, re.Pattern] = {
    # ... and a Markdown code span, as a criterion written in Markdown quotes a form number or a heading
    # (`Form WA-2021-3`): the text between the backticks is what the output must carry.
    "quote": re.compile(r'"([^"\n]{3,300})"|\u201c([^\u201d\n]{3,300})\u201d|(?<!`)`([^`\n]{3,300})`(?!`)'),
    # Exact tokens a document carries and an output can only copy: e-mail addresses, URLs, phone
    # numbers and labelled identifiers. Any literal inside one of them is part of it.
    "email": re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"),
    "url": re.compile(r"\b(?:https?://|www\.)[^\s\"'<>\u201c\u201d]+", re.I),
    "phone": re.compile(r"(?<![\w-])(?:\+1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[-.]\d{4}(?![\w-])"),
    "identifier": re.compile(
        rf"\b(?i:{_ID_LABEL})\s*(?:(?i:no\.?|number|num\.?|id|code)\s*[:#]?\s*|#\s*|:\s*)"
        rf"(?=[A-Za-z0-9\-/.:]*\d)(?=[A-Za-z0-9\-/.:]{{4}})({_ID_TOKEN})"
        rf"|\b(?i:{_ID_LABEL})\s+(?=[A-Za-z0-9\-/.:]*\d)(?=[A-Za-z0-9\-/.:]*[A-Za-z\-/])"
        rf"(?=[A-Za-z0-9\-/.:]{{4}})({_ID_TOKEN})"),
    # ... and a section cited in words, as prose cites it ("Section 2872 of the California Labor Code")
    # ... and a state's statutes cited without a section sign ("La. R.S. 23:921(C)", "Colo. Rev. Stat. 8-2-113",
    # "C.R.S. 8-2-113(2)", "ORS 653.295")
    "citation": re.compile(tx.CITATION.pattern + r"|\b[Ss]ection\s+\d[\w.\-]*(?:\([\w]+\))*\s+of\s+the\s+"
                           r"(?:[A-Z][\w.'’-]*\s+){1,5}(?:Code|Act|Statutes?|Law|Regulations?)\b"
                           r"|(?:\b[A-Z][a-z]{1,5}\.\s+)?(?:\bR\.\s?S\.|\bRev\.\s+Stat\.(?:\s+Ann\.)?|\bC\.R\.S\.|\bO\.C\.G\.A\.|"
                           r"\bN\.R\.S\.|\bORS|\bNRS)\s+\d+[\w.:\-]*\d(?:\([\w]+\))*"),
    # An amount with its currency: a sign ($, €, £, ¥, ₹, ₩), an ISO code before it ("EUR 40,000"),
    # or yen or yuan written after it ("300,000円").
    "amount": re.compile(rf"(?:[{re.escape(CURRENCY_SIGNS)}]|\b(?:{'|'.join(CURRENCY_CODES)})\s?)\s?\d[\d,]*"
                         rf"(?:\.\d+)?(?:\s?(?:million|billion|thousand))?|(?<![\d,.])\d[\d,]*(?:\.\d+)?\s?"
                         rf"[{CURRENCY_AFTER}]|"
                         # ... or in words, as statutes write a penalty ("five thousand dollars")
                         r"(?i:\b(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|four|"
                         r"five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                         r"fifteen|a)\s+(?:hundred\s+(?:and\s+)?)?(?:thousand|million|billion)\s+(?:dollars|euros|pounds)\b)"),
    # ... in figures or in words ("sixty percent", "twenty-five per cent", "a hundred percent")
    "percentage": re.compile(r"\b\d+(?:\.\d+)?\s?(?:%|per\s?cent\b)|\b(?:(?:twenty|thirty|forty|fifty|sixty|seventy|"
                             r"eighty|ninety)(?:[-\s](?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|"
                             r"twelve|fifteen|(?:a|one)\s+hundred)\s+per\s?cent\b", re.I),
    "date": tx.DATE,
    # A case's caption, as a court styles it: "Bayou Crest Environmental v. Delacroix", "Edwards v. Arthur
    # Andersen LLP", "Smith vs. Jones Co." (each party a run of capitalised words, a company's suffix kept).
    "case": re.compile(rf"(?<![\w.]){_PARTY}\s+vs?\.\s+{_PARTY}"),
    # A file name, in any script: a Thai or Hindi name keeps its vowel signs, and a name keeps the signs
    # file systems allow in it ("lindgren-§2872-notice.md", "q3#2-memo.md", "c++-notes.md", "№5-order.md").
    "file": re.compile(rf"(?<![{tx.WORD}/.&{_NAME_SIGNS}-])[{tx.WORD}{_NAME_SIGNS}][{tx.WORD}{_NAME_SIGNS}\-./&]*"
                       rf"\.(?:{'|'.join(FILE_EXTENSIONS)})\b"),
}


@dataclass(frozen=True)
class Literal:
    """A string a clause names exactly: its kind, its text, where it starts in the clause."""

    kind: str
    text: str
    offset: int
    end: int = -1

    @property
    def key(self) -> str:
        """The loose form that output text is searched for."""
        return tx.normalize(self.text)

    @property
    def stop(self) -> int:
        """Where it ends in the clause (`end` when the reader set it, else after its text)."""
        return self.end if self.end >= 0 else self.offset + len(self.text)


# Literals that hold others: a date inside a URL, a file name inside a quote, belong to them.
_WHOLE = ("quote", "email", "url", "phone", "identifier")


def cut_names(names) -> list[str]:
    """The names the file-name pattern does not read whole ("Jordan Ellery - signing timeline.md",
    "notice (final).md", "Dana's note.md"): a sentence that writes one holds only its tail as a name."""
    pattern = LITERAL_PATTERNS["file"]
    return [n for n in names if not pattern.fullmatch(n.rsplit("/", 1)[-1])]


def inside_name(text: str, start: int, end: int, names) -> bool:
    """Whether text[start:end] (a file name the pattern found) is only the tail of a longer name in
    `names` written there whole: a deliverable called "Jordan Ellery - signing timeline.md" is one
    name, not the file "timeline.md"."""
    for name in names:
        if len(name) <= end - start:
            continue
        at = text.find(name, max(0, end - len(name)), end + len(name))
        while at >= 0:
            if at <= start and end <= at + len(name):
                return True
            at = text.find(name, at + 1, end + len(name))
    return False


def literals(clause: str) -> list[Literal]:
    """Quoted text, e-mail addresses, URLs, phone numbers, labelled identifiers, citations, dollar
    amounts, percentages, dates and file names in a clause (one per loose form, the first written; a
    literal inside a quoted one or an address is that one's)."""
    found: dict[str, Literal] = {}
    spans: list[tuple[int, int]] = []
    for kind, pattern in LITERAL_PATTERNS.items():
        for m in pattern.finditer(clause):
            text = next((g for g in m.groups() if g), None) if m.groups() else m.group(0)
            text = _trim((text or m.group(0)).strip())
            if len(text) < 2:
                continue
            if kind not in _WHOLE and any(s <= m.start() and m.end() <= e for s, e in spans):
                continue  # part of a quoted literal (or of an address): that is the literal
            if kind in _WHOLE and kind != "quote" and any(s <= m.start() < e for s, e in spans):
                continue
            if kind == "identifier" and tx.DATE.fullmatch(text):
                continue  # "the client 2026-03-01": a date, read as one
            lit = Literal(kind, text, m.start(), m.end())
            if kind in _WHOLE:
                spans.append((m.start(), m.end()))
            found.setdefault(lit.key, lit)
    # A section sign inside a file's name ("lindgren-§2872-notice.md") cites nothing: it is the name's.
    names = [(lit.offset, lit.stop) for lit in found.values() if lit.kind == "file"]
    return sorted((lit for lit in found.values() if lit.kind != "citation" or
                   not any(s <= lit.offset and lit.stop <= e for s, e in names)), key=lambda lit: lit.offset)


def _trim(text: str) -> str:
    # Drop trailing punctuation, and a ')' only when it closes nothing inside the literal.
    while text and (text[-1] in ".,;:" or (text[-1] == ")" and text.count(")") > text.count("("))):
        text = text[:-1]
    return text


# --- the structure of a clause ---------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    """One verb phrase of a PASS clause: its text, its verb, the deliverables it names first."""

    text: str
    verb: str
    subjects: tuple[str, ...]
    positive: bool
    joiner: str = ""  # how it is joined to the claim before it: "", "and", "or", ";"
    reported: str = ""  # what it says the output must state ("that …"), if anything


@dataclass
class Reading:
    """What one clause demands: literal groups (any one literal of a group will do), forbidden and
    neutral literals, whether it demands anything positive, its claims and its permitted spans."""

    required: list[tuple[Literal, ...]] = field(default_factory=list)
    forbidden: list[Literal] = field(default_factory=list)
    neutral: list[Literal] = field(default_factory=list)
    incidental: list[Literal] = field(default_factory=list)  # neutral dates said in passing (when else)
    positive: bool = False
    claims: list[Claim] = field(default_factory=list)
    permitted: list[str] = field(default_factory=list)  # text of every permission span
    forbidding: list[str] = field(default_factory=list)  # text of every span read as forbidding


def _mask(clause: str, lits: list[Literal]) -> str:
    # Literals carry dots, parentheses and "or"s of their own; the structure is read around them.
    out = list(clause)
    for lit in lits:
        for i in range(lit.offset, min(lit.stop, len(out))):
            out[i] = "x" if out[i] not in " \n" else out[i]
    return "".join(out)


def _spans(pattern: re.Pattern, text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in pattern.finditer(text, start, end)]


@dataclass
class _Sentence:
    start: int
    end: int
    flat: str                             # the whole masked clause with parentheses blanked out
    bounds: list[int]                     # sub-clause starts (offsets), the sentence start first
    parens: list[tuple[int, int, str]]    # (start, end, role) role: permit / example / aside
    permit: list[tuple[int, int]]
    explain: list[tuple[int, int]]
    reported: list[tuple[int, int, int]]  # (speech verb start, content start, end)

    def sub_start(self, at: int) -> int:
        return max(b for b in self.bounds if b <= at)

    def sub_end(self, at: int) -> int:
        return min([b for b in self.bounds if b > at] + [self.end])

    def inside(self, spans, at: int) -> bool:
        return any(s <= at < e for s, e, *_ in spans)


def _sentences(masked: str) -> list[_Sentence]:
    parens = []
    for m in _PAREN.finditer(masked):
        inner = m.group(1)
        role = ("permit" if PERMISSION.search(inner) or EXCEPT.search(inner) else
                "example" if EXAMPLE.search(inner) else "aside")
        parens.append((m.start(), m.end(), role))
    # Parentheses are read on their own: blanked out while the sentence around them is read.
    chars = list(masked)
    for s, e, _ in parens:
        chars[s:e] = " " * (e - s)
    for m in NOT_NEGATION.finditer(masked):
        chars[m.start():m.end()] = " " * (m.end() - m.start())
    flat = "".join(chars)
    out = []
    pos = 0
    for cut in [m.end() for m in _SENTENCE.finditer(masked)] + [len(masked)]:
        if cut <= pos:
            continue
        start, end = pos, cut
        pos = cut
        if not masked[start:end].strip():
            continue
        bounds = sorted({start} | {m.end() for m in SUB_BOUND.finditer(flat, start, end)})
        mine = [p for p in parens if start <= p[0] < end]
        sentence = _Sentence(start, end, flat, bounds, mine, [], [], [])
        soft = {m.end() for m in SOFT_BOUND.finditer(flat, start, end)}
        hard = [b for b in bounds if b not in soft] or [start]
        for m in REPORTED.finditer(flat, start, end):
            sentence.reported.append((m.start(), m.end(), end))
        for m in PERMISSION.finditer(flat, start, end):
            # The sub-clause a permission word sits in is permitted as a whole ("Notices … are allowed").
            # (A soft bound does not count: "Notices …, such as …, are allowed" permits the notices.)
            sentence.permit.append((max(b for b in hard if b <= m.start()), sentence.sub_end(m.start())))
        for m in EXCEPT.finditer(flat, start, end):
            sentence.permit.append((m.start(), sentence.sub_end(m.start())))
        for m in EXPLAIN.finditer(flat, start, end):
            if not any(c <= m.start() for _, c, _ in sentence.reported):
                sentence.explain.append((m.start(), end))
        sentence.permit += [(s, e) for s, e, role in mine if role == "permit"]
        out.append(sentence)
    return out


def _negated_before(masked: str, sentence: _Sentence, at: int) -> bool:
    """A negation governs `at`: a cue earlier in its sub-clause, outside reported speech and
    outside parentheses (content negated inside a report is still content to state)."""
    start = sentence.sub_start(at)
    cut = at
    for verb, content, _end in sentence.reported:
        if content <= at:
            cut = min(cut, verb)  # only what comes before the verb of saying can negate the report
    return bool(NEGATION.search(sentence.flat[start:cut]))


def _bounded(masked: str, sentence: _Sentence, at: int) -> bool:
    before = sentence.flat[max(sentence.sub_start(at), at - 40):at]
    return bool(BOUND.search(before))


def _example(masked: str, sentence: _Sentence, at: int) -> bool:
    for s, e, role in sentence.parens:
        if s <= at < e:
            return role == "example"
    return bool(EXAMPLE.search(sentence.flat[sentence.sub_start(at):at]))


_ARGUMENT = re.compile(r"\b(?:of|with|to|between|against|for|from|than|versus|vs\.?)\s+(?:(?:the|a|an|its|their|his|her)\s+)?$",
                       re.I)


def _embedded(sentence: _Sentence, at: int, placed: list) -> bool:
    """A literal that is an argument of the thing an example names ("a comparison of the $71,500
    salary with $130,014 or $78,008.40"), not the example itself ("such as "knowledge-base/"")."""
    before = sentence.flat[sentence.sub_start(at):at]
    if _ARGUMENT.search(before):
        return True
    if placed:
        prev, role, prev_sentence = placed[-1]
        if prev_sentence is sentence and role == "neutral" and \
                re.fullmatch(r"[\s,]*(?:or|and)?\s*", sentence.flat[prev.stop:at], re.I):
            return _ARGUMENT.search(sentence.flat[sentence.sub_start(prev.offset):prev.offset]) is not None
    return False


# An aside set off by commas that says when something else happens ("asks the partner to decide,
# before the agreement goes to Morgan on November 23, 2026, whether ..."): its date is no demand.
_WHEN_ASIDE = re.compile(r",\s*(?:before|after|until|once|when|by\s+the\s+time)\b[^,;:]*$", re.I)
# ... and a clause set off by a comma that describes a person or a thing named before it (", who left on
# November 15, 2026", ", which was signed on March 2, 2025"): the day says who is meant, and the output need
# not repeat it. Of a person, any figure so said is description (", who earns $80,000,").
_DESCRIBED = re.compile(r",\s*(?:who|whom|whose|which)\b[^,;:]*$", re.I)
_DESCRIBED_PERSON = re.compile(r",\s*(?:who|whom|whose)\b[^,;:]*$", re.I)


_GOVERNED = re.compile(r"\b(?:reasons?|basis|bases|grounds?|justifications?|rationale)\s+(?:under|in|from)\s+(?:the\s+)?$",
                       re.I)


_UNLESS = re.compile(r"\s*unless\b", re.I)


def read_clause(clause: str, *, fail: bool = False) -> Reading:
    """The reading of one PASS clause (or, with `fail`, one FAIL clause). "PASS unless X" is "FAIL
    if X" (and "FAIL unless X" is "PASS if X"): read with the word blanked and the sense turned."""
    if (unless := _UNLESS.match(clause)) is not None:
        return read_clause(" " * unless.end() + clause[unless.end():], fail=not fail)
    lits = literals(clause)
    masked = _mask(clause, lits)
    sentences = _sentences(masked)
    out = Reading()
    placed: list[tuple[Literal, str, _Sentence]] = []
    for lit in lits:
        sentence = next((s for s in sentences if s.start <= lit.offset < s.end), None)
        if sentence is None:
            continue
        at = lit.offset
        reported = any(c <= at < e for _, c, e in sentence.reported)
        if sentence.inside(sentence.permit, at) or sentence.inside(sentence.explain, at):
            role = "neutral"
        elif not reported and (_bounded(masked, sentence, at) or
                               RESTRICTION.search(sentence.flat[sentence.sub_start(at):at])):
            role = "neutral"  # a bound, or an item of what the output may "only" contain
        elif lit.kind == "citation" and _GOVERNED.search(sentence.flat[max(sentence.start, at - 40):at]):
            role = "neutral"  # the law a reason is given under ("each with its reason under La. R.S. 23:921"), said
            # even inside what the output must state: the reasons are asked for, not the citation's string
        elif lit.kind == "date" and _WHEN_ASIDE.search(sentence.flat[sentence.start:at]):
            role = "incidental"  # the day something else happens, said in passing: ", before X goes out on <date>,"
        elif (_DESCRIBED if lit.kind == "date" else _DESCRIBED_PERSON).search(sentence.flat[sentence.start:at]):
            role = "incidental"  # who or what is meant: ", who left on November 15, 2026"
        else:
            wanted = not _negated_before(masked, sentence, at)
            if fail:
                wanted = not wanted
            role = "require" if wanted else "forbid"
            if role == "require" and _example(masked, sentence, at):
                role = "neutral"  # one example of several: none of them is demanded
            elif role == "forbid" and _example(masked, sentence, at) and _embedded(sentence, at, placed):
                role = "neutral"  # "such as a comparison of the $71,500 salary": the comparison is forbidden
        placed.append((lit, role, sentence))
    out.neutral = [lit for lit, role, _ in placed if role in ("neutral", "incidental")]
    out.incidental = [lit for lit, role, _ in placed if role == "incidental"]
    out.forbidden = [lit for lit, role, _ in placed if role == "forbid"]
    # (in a FAIL clause, "it omits X or Y" fails an output that lacks either: each is required on its own)
    required = [(lit, s) for lit, role, s in placed if role == "require"]
    out.required = [(lit,) for lit, _s in required] if fail else _groups(clause, masked, required)
    for sentence in sentences:
        for s, e in sentence.permit:
            out.permitted.append(clause[s:e])
        for s, e in _forbidding_spans(masked, sentence, fail):
            out.forbidding.append(clause[s:e])
    out.claims = _claims(clause, masked, sentences, fail)
    out.positive = any(c.positive for c in out.claims)
    return out


def _forbidding_spans(masked: str, sentence: _Sentence, fail: bool) -> list[tuple[int, int]]:
    """Sub-clauses that forbid (negated in a PASS clause, affirmed in a FAIL clause), less what
    they permit."""
    out = []
    for b in sentence.bounds:
        end = sentence.sub_end(b)
        if sentence.inside(sentence.permit, b) or sentence.inside(sentence.explain, b):
            continue
        negated = bool(NEGATION.search(masked[b:end]))
        if negated != fail:
            cut = min([s for s, _ in sentence.permit if b <= s < end] + [end])
            out.append((b, cut))
    return out


def _groups(clause: str, masked: str, lits: list[tuple[Literal, _Sentence]]) -> list[tuple[Literal, ...]]:
    """Required literals grouped by "or": one group per alternative set; a group with an
    alternative that names no literal is dropped (the proxy cannot demand it)."""
    groups: list[list[Literal]] = []
    open_groups: set[int] = set()
    previous: tuple[Literal, _Sentence] | None = None
    for lit, sentence in lits:
        joined = False
        if previous is not None and previous[1] is sentence and \
                sentence.sub_start(previous[0].offset) == sentence.sub_start(lit.offset):
            between = masked[previous[0].stop:lit.offset]
            if re.fullmatch(r"[\s,]*(?:or|and/or)\s+(?:(?:the|a|an|in|under|to)\s+)?", between, re.I):
                joined = True
        if joined:
            groups[-1].append(lit)
        else:
            groups.append([lit])
        # "…X or a later date": an alternative that is not a literal.
        tail = sentence.flat[lit.stop:sentence.sub_end(lit.offset)]
        # Only an apposition may stand between a literal and its alternative ("X, Avery's first day,
        # or a later date"): the tail stops at the next literal, verb, "and" or "that".
        stop = re.search(r"x{2,}|\band\b|\bthat\b|;|" + VERB.pattern, tail, re.I)
        tail = tail[:stop.start()] if stop else tail
        m = re.search(r"\bor\s+(?!after\b|before\b)(\S+(?:\s+\S+)?)", tail, re.I)
        # "$5,000 per worker or prospective worker": the "or" is inside a phrase that qualifies the
        # literal, not an alternative to it
        inside = m is not None and re.match(r"\s*(?:per|of|for|to|in|on|at|by|with|from)\s+[^,]*$", tail[:m.start()], re.I)
        if m and not inside and not re.match(r"(?:(?:the|a|an|in|under|to)\s+)?x", m.group(1), re.I):
            open_groups.add(len(groups) - 1)
        previous = (lit, sentence)
    return [tuple(g) for i, g in enumerate(groups) if i not in open_groups]


_FILE = LITERAL_PATTERNS["file"]


def _joiner(flat: str, at: int, sentence_start: int) -> str:
    if at == sentence_start:
        return ""
    before = flat[max(sentence_start, at - 12):at].lower()
    for word in ("or", "and", "but"):
        if re.search(rf"\b{word}\b\s*$", before) or re.search(rf"\b{word}\s+(?:if|when)\s*$", before):
            return word
    return ";" if ";" in before else ""


def _claims(clause: str, masked: str, sentences: list[_Sentence], fail: bool) -> list[Claim]:
    """Each sub-clause with a verb, outside permissions and explanations, as a claim."""
    out = []
    for sentence in sentences:
        flat = sentence.flat
        # "Nothing in X quotes, summarises or refers to Y": the negative subject governs each verb
        # that shares it.
        denied = bool(sentence.bounds) and bool(NEGATIVE_SUBJECT.match(flat, sentence.bounds[0]))
        for b in sentence.bounds:
            end = sentence.sub_end(b)
            if sentence.inside(sentence.permit, b) or sentence.inside(sentence.explain, b):
                continue
            cut = min([s for s, _ in sentence.explain if b <= s < end] +
                      [s for s, _ in sentence.permit if b <= s < end] + [end])
            text = flat[b:cut]
            verb = VERB.search(text) or MODAL.search(text)
            if not verb:
                continue
            subjects = tuple(m.group(0) for m in _FILE.finditer(clause[b:b + verb.start()]))
            reported = next(((v, c) for v, c, _ in sentence.reported if b <= v < cut), None)
            # A negation governs the claim when it comes before its verb or right after it ("contains
            # no …", "does not …"); one further on modifies an object ("…, with no tolling").
            governs = flat[b:reported[0]] if reported else text[:verb.end() + 12]
            negated = bool(NEGATION.search(governs)) or (denied and _SHARES_SUBJECT.match(text) is not None)
            # "contains only X" restricts (an empty output passes it), also when X is "a clause
            # stating that …": the restriction comes before what is reported. "states only that …" demands.
            restricted = RESTRICTION.search(flat[b:reported[0]] if reported else text) is not None or \
                LENGTH_LIMIT.search(clause[b:cut]) is not None
            positive = not fail and not negated and not restricted
            out.append(Claim(clause[b:cut].strip(" ,;"), verb.group(0).lower(), subjects, positive,
                             _joiner(flat, b, sentence.start), clause[reported[1]:cut] if reported else ""))
    return out


_PROPOSITION_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?(?:that\s+)?|;\s*|\s+and\s+that\s+", re.I)
_IS = re.compile(r"\b(?:is|are|was|were|has|have|can|must|will|would|may|needs?)\b|" + VERB.pattern, re.I)


def propositions(reported: str) -> int:
    """How many propositions a reported list states ("that A, B is C, and D does E" -> 3): the
    comma- or "and that"-separated parts that hold a verb of their own."""
    parts = [p for p in _PROPOSITION_SPLIT.split(reported) if p and p.strip()]
    return max(1, sum(1 for p in parts if _IS.search(p)))


@dataclass
class CriterionReading:
    """A criterion read whole: its two clauses, and what its literals demand of an output."""

    pass_clause: str
    fail_clause: str
    passes: Reading
    fails: Reading

    @property
    def required(self) -> list[tuple[Literal, ...]]:
        """Literal groups the output must hold: PASS's, then those a FAIL clause demands by negation."""
        seen: set[tuple[str, ...]] = set()
        out = []
        for group in self.passes.required + self.fails.required:
            key = tuple(sorted(lit.key for lit in group))
            if key not in seen:
                seen.add(key)
                out.append(group)
        return out

    @property
    def forbidden(self) -> list[Literal]:
        """Literals the output must not hold (none that a PASS clause also requires)."""
        wanted = {lit.key for group in self.required for lit in group}
        out: dict[str, Literal] = {}
        for lit in self.passes.forbidden + self.fails.forbidden:
            if lit.key not in wanted:
                out.setdefault(lit.key, lit)
        return list(out.values())

    @property
    def absence_only(self) -> bool:
        """The PASS clause demands nothing positive: an output that holds nothing passes it."""
        return bool(self.pass_clause) and not self.passes.positive and not self.passes.required


def read(match_criteria: str) -> CriterionReading:
    """Read a criterion's match_criteria."""
    p, f = clauses(match_criteria)
    return CriterionReading(p, f, read_clause(p), read_clause(f, fail=True))


def negated(clause: str, offset: int) -> bool:
    """True when a negation governs the literal at `offset` of a PASS clause (see `read_clause`)."""
    lits = literals(clause)
    masked = _mask(clause, lits)
    for sentence in _sentences(masked):
        if sentence.start <= offset < sentence.end:
            return _negated_before(masked, sentence, offset)
    return False
