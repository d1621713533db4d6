"""The phrase rules: one function per rule, each finding its triggers in one sentence.

A rule sees a `Sentence` view (the raw text, the text with Markdown masked, and the
task's deal figures) and returns the spans, relative to the sentence, of what made it fire.
Rules are written for classes of statement (a pay figure compared with a threshold, a
penalty and who pays it, a court's likely outcome), not for any one document.

`RULES` lists them in priority order: when several rules of one kind fire in one sentence,
the flag names the first.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable

from oafreeze.screen.model import LEGAL_ANALYSIS, SOURCE_REFERENCE

I = re.I


@dataclass(frozen=True)
class View:
    """One sentence as the rules see it."""

    raw: str
    masked: str
    deal_amounts: frozenset[str]

    @functools.cached_property
    def lower(self) -> str:
        """The raw sentence in lower case, for the rules' keyword gates."""
        return self.raw.lower()


Span = tuple[int, int]


@dataclass(frozen=True, eq=False)
class Rule:
    """A named rule of one flag kind.

    `gate` lists lower-case strings of which a sentence must contain at least one before the
    rule's patterns run: a plain substring test is far cheaper than the patterns, and most
    sentences of an agreement hold none of a rule's words. `notice_exempt` rules stay silent
    inside a required notice.
    """

    name: str
    kind: str
    find: Callable[[View], list[Span]]
    gate: tuple[str, ...] = ()
    notice_exempt: bool = False

    @functools.cached_property
    def gate_pattern(self) -> re.Pattern | None:
        """The gate as one compiled pattern (None for a rule without a gate)."""
        return re.compile(trie_pattern(self.gate)) if self.gate else None

    def run(self, view: View) -> list[Span]:
        """The rule's triggers in one sentence, if the sentence passes the gate."""
        if self.gate_pattern is not None and not self.gate_pattern.search(view.lower):
            return []
        return self.find(view)


def trie_pattern(words) -> str:
    """A regex matching any of `words`, shaped as a trie.

    Python's regex engine tries the branches of "a|b|c" one by one at every position; with
    the branches merged on their common prefixes it follows one path per position, which
    makes a gate of a hundred words nearly as cheap as a gate of one.
    """
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        if "" in node and len(node) == 1:
            return ""
        parts = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        body = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
        return "(?:" + body + ")?" if "" in node else body

    return build(trie)


def _spans(pattern: re.Pattern, text: str) -> list[Span]:
    return [m.span() for m in pattern.finditer(text)]


# --- shared vocabulary ----------------------------------------------------------------------

STATES = ("Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|"
          "Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|"
          "Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|"
          "North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|"
          "South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|"
          "District of Columbia|Puerto Rico|Guam|American Samoa|Northern Mariana Islands|Virgin Islands")
DOLLARS = r"\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|thousand|k)\b)?"
AMOUNT = (r"(?:" + DOLLARS +
          r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty)\s+(?:hundred\s+)?thousand\s+dollars)")
_AMOUNT = re.compile(AMOUNT, I)
_CITATION = r"(?:§+\s*[\w.\-–]+(?:\([\w.]+\))*|\b\d+\s+ILCS\s+[\d/.\-]+(?:\([\w.]+\))*|\b(?:RCW|ORS)\s+[\d.]+\w*)"


def amount_key(text: str) -> str:
    """A dollar amount reduced to its digits, so '$127,500' and '$ 127500.00' compare equal."""
    digits = re.sub(r"[^\d.]", "", text)
    return digits[:-3] if digits.endswith(".00") else digits.rstrip(".")


def _outside_deal(view: View, start: int, end: int) -> list[Span]:
    """Dollar amounts in text[start:end] of the sentence that are not the deal's own figures."""
    return [(start + m.start(), start + m.end()) for m in _AMOUNT.finditer(view.masked[start:end])
            if not m.group(0).startswith("$") or amount_key(m.group(0)) not in view.deal_amounts]


# --- legal analysis: a pay figure against a statutory threshold -------------------------------

_THRESHOLD = re.compile(
    r"\b(?:thresholds?|(?:pay|salary|earnings|compensation|income|wage|non-?compete|non-?solicit\w*|covenant|"
    r"statutory)\s+(?:floors?|thresholds?|minimums?)|highly[- ]compensated|minimum\s+(?:annual(?:ized)?\s+)?"
    r"(?:salary|compensation|earnings|pay)\s+(?:level|requirement|amount|test)|statutory\s+(?:minimum|floor|amount|"
    r"level)|earnings\s+(?:limit|test|floor))\b", I)
# Threshold arithmetic: "60% of the threshold".
_PERCENT_OF = re.compile(r"\b(?:\d+|sixty|fifty)\s*(?:%|percent)\s+of\s+(?:the|that)\s+(?:threshold|figure|floor|"
                         r"amount|minimum)\b", I)
_COMPARE = re.compile(
    r"\b(?:below|above|under|over|exceed(?:s|ed|ing)?|less\s+than|more\s+than|greater\s+than|lower\s+than|"
    r"higher\s+than|at\s+least|short\s+of|falls?\s+short|meets?|met|clears?|cleared|surpass(?:es|ed)?|"
    r"reach(?:es|ed)?|satisf(?:y|ies|ied)|qualif(?:y|ies|ied)|equal\s+to\s+or\s+greater|or\s+more|or\s+above|"
    r"or\s+less|not\s+(?:meet|reach|exceed|clear)|between)\b", I)
# Without a threshold word, only a plain comparative compares pay with a figure.
_COMPARATIVE = re.compile(r"\b(?:below|above|exceed(?:s|ed|ing)?|less\s+than|more\s+than|greater\s+than|"
                          r"lower\s+than|higher\s+than|short\s+of|falls?\s+short|surpass(?:es|ed)?)\b", I)
# "...is well above that level": the figure is named earlier, by the law.
_ANAPHOR = re.compile(r"^\W*(?:\w+\W+){0,2}?(?:that|this|the\s+(?:statutory|legal|required|applicable))\s+"
                      r"(?:level|figure|limit|floor|cutoff|minimum|amount|line)\b", I)
_PAY = re.compile(r"\b(?:salary|salaries|compensation|earnings|earns?|earning|pay|paid|wages?|income)\b", I)
# A threshold inside a condition is a term ("Section 2 applies only if Employee's earnings
# exceed the threshold then in effect"), not a comparison made for the reader.
_CONDITION = re.compile(r"\b(?:if|unless|provided\s+that|so\s+long\s+as|as\s+long\s+as|once|when|whenever|"
                        r"in\s+the\s+event)\b", I)


_DEFINITION = re.compile(r"^\W*[\w\s\"'“”\[\]-]{1,60}?[\"”\]]?\s+(?:means|shall\s+mean|has\s+the\s+meaning)\b", I)


def threshold_comparison(view: View) -> list[Span]:
    """The employee's pay measured against a statutory threshold or floor."""
    text = view.masked
    found = []
    if _DEFINITION.search(text):
        return []  # a defined term ("Highly Compensated Employee" means ...) is a term of the deal
    about_pay = bool(_PAY.search(text) or _AMOUNT.search(text))
    # The employee's own pay written beside a threshold compares them, comparison word or not
    # ("the floor rises to $47,500 ... your salary is $61,000").
    pay_figure = bool(_PAY.search(text) and _AMOUNT.search(text))
    for m in _THRESHOLD.finditer(text):
        if _CONDITION.search(text[:m.start()]):
            continue
        if m.group(0).lower().startswith("highly") or (about_pay and _COMPARE.search(text)) or pay_figure:
            found.append(m.span())
    found += _spans(_PERCENT_OF, text)
    if not found and _PAY.search(text):
        # No threshold word: pay compared with a figure that is not the deal's own, or with
        # "that level" named earlier.
        for m in _COMPARATIVE.finditer(text):
            if _CONDITION.search(text[:m.start()]):
                continue
            near = _outside_deal(view, max(0, m.start() - 50), min(len(text), m.end() + 50))
            if near or _ANAPHOR.search(text[m.end():m.end() + 40]):
                found.append(m.span())
    return found


# --- legal analysis: a penalty and what triggers it -------------------------------------------

_PER = re.compile(AMOUNT + r"[^.;]{0,40}?\bper\s+(?:affected\s+|harmed\s+)?(?:worker|employee|prospective|"
                           r"violation|person|individual|applicant|day|repeat|claimant|offen[cs]e)", I)
_SANCTION = re.compile(
    r"\b(?:civil|statutory|criminal)\s+(?:penalt(?:y|ies)|fines?|violations?|liability|sanctions?)\b"
    r"|\bmisdemeanou?r\b|\b(?:is|counts\s+as|constitutes|amounts\s+to)\s+(?:an?\s+)?(?:act\s+of\s+)?"
    r"unfair\s+competition\b|\battorney\s+general\s+(?:may|can|could|will)\s+(?:also\s+)?(?:sue|seek|bring|enforce)",
    I)
_PENALTY_WORD = re.compile(r"\bpenal(?:ty|ties|ized|izes|ize|izing)\b(?!\s+of\s+perjury)", I)
_NEGATED = re.compile(r"\b(?:no|not|any|without|never|nor)\b(?:\W+\w+){0,3}\W*$", I)
_EXPOSURE = re.compile(
    r"\bexpos(?:e|es|ed|ing|ure)\b[^.;]{0,40}\b(?:Company|employer|us|it)\b"
    r"|\b(?:Company|employer)(?:'s|’s)?\s+(?:exposure|liability)\b"
    r"|\b(?:Company|employer)\s+(?:would|could|will|may|might|can)\s+(?:also\s+)?(?:be\s+(?:held\s+)?liable|owe|"
    r"face|incur)\b", I)
_DAMAGES = re.compile(r"\b(?:damages|liable|liability|penalt(?:y|ies)|fines?)\b", I)


def penalty(view: View) -> list[Span]:
    """A penalty, its amount or its trigger: what the employer owes if the law is broken."""
    text = view.masked
    found = _spans(_PER, text) + _spans(_SANCTION, text) + _spans(_EXPOSURE, text)
    found += [m.span() for m in _PENALTY_WORD.finditer(text) if not _NEGATED.search(text[:m.start()])]
    if not found and _DAMAGES.search(text):
        found += _outside_deal(view, 0, len(text))
    return found


# --- legal analysis: whether a clause is enforceable, and what courts will do --------------------

_ENF = r"(?:void|voidable|unenforceable|enforceable|invalid|illegal|unlawful|null|nullity)"
_PREDICATE = re.compile(
    r"\b(?:is|are|was|were|be|been|being|becomes?|became|rendered|renders?|render|makes?|made|treated\s+as|"
    r"considered|stays?|remains?)\s+(?:(?:\w+|not)\s+){0,3}?" + _ENF + r"\b", I)
_UNDER = re.compile(r"\b" + _ENF + r"\s+(?:and\s+\w+\s+)?(?:under|in|by|as\s+a\s+matter\s+of|pursuant\s+to|per|from\s+the\s+"
                    r"start|ab\s+initio|at\s+(?:birth|signing))\b", I)
_NOT_ENFORCED = re.compile(r"\b(?:cannot|can't|could\s+not|would\s+not|will\s+not|won't|may\s+not|might\s+not|"
                           r"is\s+not|are\s+not|never)\s+be\s+enforced\b", I)
_COURTS = re.compile(
    r"\b(?:courts?|judges?|arbitrators?|tribunals?|the\s+SJC)\s+(?:\w+\s+){0,2}?(?:will|would|may|might|must|do|"
    r"does|can|could|cannot|generally|routinely|typically|often|usually|have|has|are\s+likely\s+to|tend\s+to|"
    r"refuse|decline)\s+(?:not\s+)?(?:\w+\s+)?(?:enforce|reform|rewrite|strike|blue[- ]pencil|narrow|uphold|void|"
    r"refuse|decline|sever|honou?r|recognize|treat|read|apply|weigh|invalidate|reject|disfavou?r)\w*\b", I)
_TARGET = re.compile(r"\b(?:covenants?|clauses?|non-?compet\w*|noncompet\w*|provisions?|restrictions?|restraints?|"
                     r"agreements?|terms?|sections?|non-?solicit\w*|nonsolicit\w*|it|they|this|such|notice)\b", I)
_CONDITIONAL = re.compile(r"\b(?:if|to\s+the\s+extent|in\s+the\s+event|should|where|unless|insofar\s+as|in\s+case)\b",
                          I)
_RELATIVE = re.compile(r"\b(?:that|which)\s+(?:(?:is|are|would\s+be|may\s+be)\s+(?:\w+\s+)?)?$", I)
# Severability speaks of provisions in general ("if any provision ... is unenforceable");
# analysis speaks of this clause.
_ANY_PROVISION = re.compile(r"\b(?:any|one\s+or\s+more|a|an|some)\s+(?:\w+\s+){0,2}?(?:provisions?|terms?|parts?|portions?|"
                            r"covenants?|restrictions?|sections?|clauses?)\b", I)
_FACT_FINDER = re.compile(r"\b(?:held|found|finds?|determined?|determines|deemed|adjudged|declared|ruled|adjudicated|"
                          r"considered)\b", I)
_SAVINGS = re.compile(
    r"\b(?:mak(?:e|es|ing)|render(?:s|ing)?)\s+(?:(?:it|them|such|the|this|that|provision|restriction|covenant|"
    r"agreement)\s+){0,3}(?:valid\s+and\s+)?enforceable\b"
    r"|\benforce(?:d|able)?\s+to\s+the\s+(?:fullest|maximum|greatest)\s+extent"
    r"|\bremain(?:s|ing)?\s+(?:in\s+full\s+force|valid|enforceable|in\s+effect|effective|binding)"
    r"|\b(?:the\s+)?remaining\s+(?:provisions|terms|covenants)"
    r"|\bshall\s+not\s+affect\s+the\s+(?:validity|enforceability)"
    r"|\b(?:purported|attempted)\s+(?:assignment|transfer)"
    r"|\b(?:independently|separately|severably)\s+enforceable|\bintend(?:s|ed)?\s+(?:\w+\s+){0,3}?to\s+be\s+"
    r"(?:\w+\s+)?enforceable"
    r"|\benforceable\s+only\s+(?:during|if|while|when|to|for|against|so|in)\b"
    r"|\b(?:parties|Employee|Company)\s+(?:\w+\s+)?(?:agree|authori[sz]e|request|intend)s?\s+that\s+(?:a|the|any)\s+court",
    I)


def enforceability(view: View) -> list[Span]:
    """A statement that a clause is (un)enforceable or void, or of what courts will do with it."""
    text = view.masked
    if _SAVINGS.search(text):
        return []
    found = []
    for m in list(_PREDICATE.finditer(text)) + list(_UNDER.finditer(text)) + list(_NOT_ENFORCED.finditer(text)):
        before = text[:m.start()]
        if _CONDITIONAL.search(before) and (_FACT_FINDER.search(before) or _ANY_PROVISION.search(before)
                                            or re.search(r"to\s+the\s+extent", before, I)):
            continue  # a severability or savings clause: "if a court holds any provision unenforceable, ..."
        if _RELATIVE.search(before):
            continue  # a relative clause names a class: "will not enforce a covenant that is void under ..."
        if _TARGET.search(text):
            found.append(m.span())
    for m in _COURTS.finditer(text):
        if not (_CONDITIONAL.search(text[:m.start()]) and _FACT_FINDER.search(text[:m.start()])):
            found.append(m.span())
    return found


# --- legal analysis: what a law or a state does -----------------------------------------------

_LAW_SUBJECT = (r"(?:\b(?:[A-Z][a-z]+\s+)?(?:state\s+)?law\b|\bstatutes?\b|\bthe\s+(?:Act|statute|legislature|"
                r"amendment|rule|order)\b|\b(?:" + STATES + r")\b(?:\s+law)?|" + _CITATION + r"|\b(?:SB|HB|AB|S\.B\.|"
                r"H\.B\.)\s*[\d-]+)")
_LAW_VERB = (r"\s+(?:now\s+|also\s+|expressly\s+|generally\s+|effectively\s+|itself\s+|simply\s+|still\s+)?"
             r"(?:bans?|prohibits?|voids?|bars?|forbids?|nullifies|outlaws|penalizes|invalidates|caps?|limits?|"
             r"requires?|mandates?|presumes?|disfavou?rs?|allows?|permits?|treats?|exempts?|excludes?|enforces|"
             r"(?:does|will|would)\s+not\s+(?:allow|permit|recognize|enforce|require|apply)|refuses\s+to\s+enforce|"
             r"applies\s+to\s+(?:covenants|agreements|contracts|employees|workers|anyone|every)|"
             r"has\s+no\s+(?:[\w-]+\s+){0,3}?(?:statute|law|ban|threshold|floor|rule|requirement|penalty|notice)s?)\b")
# The verb is found first and the subject is looked for just before it: far fewer places to
# try than matching the subject (any state's name, any citation) everywhere.
_LAW_VERB_AT = re.compile(_LAW_VERB.replace(r"\s+", "", 1))
_SUBJECT_BEFORE = re.compile(_LAW_SUBJECT + r"\s*$")
# A law verb with no object after it closes a relative clause ("a term that § 16600 voids").
_OBJECT_GAP = re.compile(r"\s*(?:[,.;:)]|$|and\b|or\b)", I)
# "Applicable law", "the law": a savings reference, not a statement about a named law.
_GENERIC_LAW = re.compile(r"(?:(?:applicable|the|such|other|any|federal|state|local|governing|relevant)\s+)*laws?", I)
_LAW_GUARD = re.compile(r"\b(?:as|to\s+the\s+(?:fullest\s+|maximum\s+)?extent(?:\s+that)?|unless|except(?:\s+as)?|if|"
                        r"where|when|than|so\s+far\s+as|insofar\s+as|whatever|whether)\s+(?:(?:applicable|any|the|"
                        r"such|other|federal|state|local|and|or)\s+){0,4}$", I)
_BECAUSE_LAW = re.compile(r"\b(?:because|since|given\s+that|as\s+a\s+result\s+of|in\s+light\s+of|owing\s+to)\b[^.;]{0,80}?"
                          r"(?:\blaw\b|\bstatute\b|\bthe\s+Act\b|" + _CITATION + r"|\b(?:" + STATES + r")\s+"
                          r"(?:bans?|prohibits?|voids?|bars?|requires?|caps?|limits?|allows?|permits?))", I)


_NO_LAW = re.compile(r"\bthere\s+is\s+no\s+(?:[\w-]+\s+){0,3}?(?:statute|statutory\s+\w+|law)\b", I)


def law_statement(view: View) -> list[Span]:
    """A statement of what a law bans, requires or allows, or a term explained by the law."""
    text = view.masked
    found = []
    for m in _LAW_VERB_AT.finditer(text):
        subject = _SUBJECT_BEFORE.search(text[max(0, m.start() - 90):m.start()])
        if subject is None or _GENERIC_LAW.fullmatch(subject.group(0).strip()):
            continue  # "inventions that applicable law requires to remain with Employee" is a carve-out
        start = m.start() - (len(text[max(0, m.start() - 90):m.start()]) - subject.start())
        if _OBJECT_GAP.match(text, m.end()):
            continue  # "a provision that D.C. Code § 32-581.02 voids, ..." names a class of provision
        if not _LAW_GUARD.search(text[:start]):
            found.append((start, m.end()))
    return found + _spans(_BECAUSE_LAW, text) + _spans(_NO_LAW, text)


_DOCTRINE = re.compile(
    r"\b(?:blue[- ]?pencil\w*|savings\s+clause|judicial\s+(?:narrowing|reformation|modification|rewriting)|"
    r"reformation|presum(?:ed|ption|ptively)\s+(?:un)?reasonable|(?:un)?reasonable\s+as\s+a\s+matter\s+of\s+law|"
    r"as\s+a\s+matter\s+of\s+law|ancillary\s+to\s+an\s+otherwise\s+enforceable|case\s+law|the\s+courts\s+of\s+this\s+"
    r"state\s+have|legitimate\s+business\s+interest\s+test|(?:totality|rule)\s+of\s+reason|strict\s+construction)\b"
    r"|\bpublic\s+policy\b"
    # the state of the law: "whether ... counts has never been settled", "an open question"
    r"|\b(?:is|are|remains?|has|have)\s+(?:still\s+|never\s+|not\s+)?(?:been\s+)?(?:unsettled|settled\s+law)\b"
    r"|\bhas\s+never\s+been\s+(?:settled|decided|resolved)\b|\ban?\s+open\s+question\b|\bunclear\s+whether\b"
    r"|\bcourts\s+(?:are\s+)?(?:split|divided)\b", I)
_POLICY_SAVINGS = re.compile(r"\b(?:law|laws)\s+(?:and|or)\s+public\s+policy\b", I)


def legal_doctrine(view: View) -> list[Span]:
    """Doctrine that belongs in a memo: blue-penciling, reformation, presumptions, public policy."""
    if len(view.masked.split()) < 6:
        return []  # a clause title such as "Reformation."
    return [(a, b) for a, b in _spans(_DOCTRINE, view.masked)
            if not _POLICY_SAVINGS.search(view.masked[max(0, a - 8):b])]


# --- legal analysis: case law -----------------------------------------------------------------

_NAME = r"[A-Z][\w&'’.\-]*(?:,?\s+(?:[A-Z][\w&'’.\-]*|of|and|the|for|de|du|la|&))*"
CASE_NAME = re.compile(r"\b" + _NAME + r"\s+v(?:s)?\.\s+(?:the\s+)?[A-Z][\w&'’.\-]*(?:,?\s+(?:[A-Z][\w&'’.\-]*|of|and|&))*"
                        r"|\b(?:In\s+re|Ex\s+parte|Matter\s+of)\s+[A-Z][\w&'’.\-]+")
REPORTER = re.compile(
    r"\b\d{1,4}\s+(?:U\.\s?S\.|S\.\s?Ct\.|F\.\s?(?:2d|3d|4th)|F\.\s?Supp\.(?:\s?[23]d)?|Cal\.\s?(?:App\.\s?)?"
    r"(?:2d|3d|4th|5th)|N\.Y\.\s?(?:2d|3d)|A\.D\.\s?(?:2d|3d)|So\.\s?(?:2d|3d)|N\.E\.\s?(?:2d|3d)|N\.W\.\s?2d|"
    r"S\.W\.\s?(?:2d|3d)|S\.E\.\s?2d|P\.\s?(?:2d|3d)|Wn\.\s?(?:2d|App\.)|Wash\.\s?(?:2d|App\.)|Or\.\s?App\.|"
    r"Ill\.\s?(?:2d|App\.(?:\s?3d)?)|Mass\.(?:\s?App\.\s?Ct\.)?|N\.C\.(?:\s?App\.)?|Tex\.|Minn\.|Colo\.(?:\s?App\.)?)"
    r"\s+\d{1,5}\b|\b(?:19|20)\d{2}\s+(?:IL(?:\s+App)?|WL|U\.S\.\s+Dist\.\s+LEXIS|CO|COA)\s+\(?\d+")
_HOLDING = re.compile(r"\b(?:court|courts|SJC|Supreme\s+Court|Circuit|appellate\s+panels?|panel|judge)\b[^.;]{0,50}?"
                      r"\b(?:held|holds|ruled|found\s+that|has\s+held|have\s+held|concluded|struck\s+down|upheld)\b", I)


def case_name(view: View) -> list[Span]:
    """A case name ("Edwards v. Arthur Andersen"), a reporter citation or a court's holding."""
    text, low = view.masked, view.lower
    found = []
    if any(w in low for w in (" v. ", " vs. ", "in re ", "ex parte", "matter of")):
        found += _spans(CASE_NAME, text)
    if any(c.isdigit() for c in low) and any(w in low for w in _REPORTER_GATE):
        found += _spans(REPORTER, text)
    if any(w in low for w in ("held", "holds", "ruled", "found that", "concluded", "struck down", "upheld")):
        # "If a court holds any provision invalid, ..." is a severability clause, not a holding.
        found += [(a, b) for a, b in _spans(_HOLDING, text) if not _CONDITIONAL.search(text[:a + 12])]
    return found


# --- legal analysis: drafting notes and advice to the company ----------------------------------

_NOTE_PHRASE = re.compile(
    r"\b(?:note\s+to\s+(?:draft|drafter|client|file|reviewer|partner|hr|self|company)|drafting\s+(?:note|comment|tip|"
    r"point)s?|drafter'?s\s+notes?|practice\s+(?:note|tip|pointer)s?|internal\s+notes?|reviewer'?s?\s+notes?|"
    r"explanatory\s+notes?|author'?s\s+notes?|for\s+the\s+(?:client|reviewer|partner)'?s?\s+(?:attention|review)|"
    r"notes?\s+(?:on|about|regarding|re)\s+(?:the\s+)?draft(?:ing|s)?)\b"
    r"|(?:^|\[)\s*(?:NTD|N\.T\.D\.)\b", I)


def drafting_note(view: View) -> list[Span]:
    """A note to the drafter, the client or the file ("[Note to draft: ...]", "Drafting note:")."""
    return _spans(_NOTE_PHRASE, view.raw)


_WE_ADVISE = re.compile(r"\b(?:we|I)\s+(?:would\s+|strongly\s+|also\s+|therefore\s+|further\s+|do\s+not\s+)?"
                        r"(?:recommend|suggest|advise|propose|caution|urge|encourage)(?:s|ed)?\b"
                        r"(?!\s+(?:you|Employee|the\s+Employee|that\s+you)\b)", I)
_SHOULD = re.compile(
    r"\b(?:the\s+)?(?:Company|Employer|employer|client|Client|HR|management|hiring\s+manager)\s+(?:should|ought\s+to|"
    r"may\s+wish\s+to|might\s+wish\s+to|will\s+want\s+to|would\s+be\s+well\s+advised|is\s+(?:advised|encouraged)|"
    r"(?:must|needs?\s+to|has\s+to)\s+(?:also\s+)?(?:ensure|confirm|verify|check|remember|calendar|diary|keep\s+a|"
    r"retain|document|screen|re-?check|track|make\s+sure|not\s+rely|consider))\b")
_ADVISABLE = re.compile(r"\b(?:it\s+is|it's|it\s+would\s+be)\s+(?:therefore\s+|also\s+)?(?:recommended|advisable|"
                        r"prudent|wise|best|safer|important\s+(?:for|that)\s+the\s+(?:Company|employer))\b"
                        r"|\bbest\s+practice\b|\bthe\s+safer\s+(?:course|approach|practice|option)\b", I)
_IMPERATIVE = re.compile(r"^\W*(?:Consider|Confirm|Verify|Ensure|Recheck|Re-check|Double-check|Diary|Calendar|Screen|"
                         r"Strip|Route|Inventory|Pair|Recite|Avoid|Remember\s+to|Make\s+sure|Be\s+sure|"
                         r"Do\s+not\s+(?:rely|draft|use|include|try|present|offer))\b")
_TO_EMPLOYEE = re.compile(r"\b(?:you|your|yours)\b", I)


def advice_to_company(view: View) -> list[Span]:
    """Advice addressed to the company ("we recommend that the Company ...", "the employer should")."""
    text = view.masked
    found = _spans(_WE_ADVISE, text) + _spans(_SHOULD, text) + _spans(_ADVISABLE, text)
    m = _IMPERATIVE.search(text)
    if m and not _TO_EMPLOYEE.search(text):
        found.append(m.span())
    return found


# --- source references --------------------------------------------------------------------------

_KB_PATH = re.compile(r"(?<![\w@])(?:https?://\S*?)?(?:\.{1,2}/)*(?:documents/)?(?:knowledge[-_ ]base|practice-guides|"
                      r"templates|checklists|surveys|sample_library|kb)/[\w./\-{}]*", I)
_FILE_NAME = re.compile(r"(?<![\w@/.\-])[\w][\w.\-]*\.(?:md|markdown|json|ya?ml|docx?|pdf|txt|xlsx?|csv|eml|html?|rtf)\b",
                        I)


def kb_path(view: View) -> list[Span]:
    """A path or address inside the knowledge base ("knowledge-base/practice-guides/...")."""
    return _spans(_KB_PATH, view.raw)


def file_name(view: View) -> list[Span]:
    """The name of a workspace file ("see colorado-law-file.md")."""
    return _spans(_FILE_NAME, view.raw)


# Words that join phrases rather than qualify a noun ("our business or to research" is no reference).
_FUNCTION_WORDS = r"(?:or|and|to|of|in|for|with|on|by|at|as|a|an|the|we|is|are|be)\b"
_INTERNAL = re.compile(
    r"\bknowledge[- ]?(?:base|library|bank)\b|\bpractice[- ]guides?\b"
    r"|\b(?:our|the\s+firm'?s|this\s+firm'?s|firm|internal|in-house)\s+(?:(?!employee|benefit|customer|engagement|"
    r"product|user|training|client\b|" + _FUNCTION_WORDS + r")[\w'’-]+\s+){0,3}(?:guides?|guidance|checklists?|surveys?|"
    r"memo(?:randum|randa|s)?|"
    r"research|analysis|playbooks?|library|templates?|form\s+library|precedents?|know-how)\b"
    # "the guide", "the Illinois guide", "the checklist item": the firm's material, not a handbook
    r"|\bthe\s+(?:(?!employee|benefits?|user|style|quick|onboarding|new-hire|handbook|enrollment|customer|engagement|"
    r"satisfaction|market|salary|compensation|security|equipment|it\b|" + _FUNCTION_WORDS +
    r")[\w'’-]+\s+){0,3}?(?:guide|checklist|survey)"
    r"(?:\s+(?:item|entry|row|says|notes|advises|recommends|explains|warns))?\b"
    r"|\b(?:per|according\s+to|as\s+(?:noted|explained|stated|set\s+out|described|discussed|summari[sz]ed|recommended|"
    r"advised|warned|flagged)\s+(?:in|by)|see|based\s+on|consistent\s+with|drawn\s+from|taken\s+from|following)\s+"
    r"(?:the|our)\s+(?:firm'?s\s+)?(?:[\w-]+\s+){0,3}?(?:guide|checklist|survey|memo(?:randum)?|client\s+alert|alert|"
    r"law\s+file|reference\s+library|library|research)\b"
    r"|\b(?:litigation|form[- ]approval|privileged|adverse|internal|research|file)\s+memo(?:randum)?\b"
    r"|\bclient\s+alert\b|\blaw\s+file\b|\breference\s+library\b|\bstanding\s+instructions\b"
    r"|\b(?:non-?compete|twelve-state|fifty-state|50-state|multi-?state|state-by-state)\s+survey\b"
    r"|\b(?:reviewer'?s?|review|firm'?s?)\s+checklist\b"
    r"|\bthe\s+(?:guide|checklist|survey|library|memo)\s+(?:says|notes|states|warns|recommends|explains|advises|"
    r"cautions|indicates|shows|lists|confirms|flags)\b"
    r"|\b(?:outside|our|firm'?s?|the\s+firm'?s)\s+counsel\s+(?:advises|advised|recommends|recommended|notes|noted|"
    r"warns|warned|concluded|found|says|said)\b"
    r"|\battorney\s+work\s+product\b|\bprivileged\s+(?:and\s+confidential|analysis|advice)\b", I)


def internal_reference(view: View) -> list[Span]:
    """Words pointing at the firm's internal material ("our practice guide", "per the survey")."""
    return _spans(_INTERNAL, view.masked)


# --- the registry -----------------------------------------------------------------------------

_STATE_WORDS = tuple(state.lower() for state in STATES.split("|"))
_REPORTER_GATE = ("u.s.", "s. ct", "f.", "cal.", "n.y.", "a.d.", "so.", "n.e.", "n.w.", "s.w.", "s.e.", "p.", "wn.",
                  "wash.", "or.", "ill.", "mass.", "n.c.", "tex.", "minn.", "colo.", " il ", " wl ", "lexis", " co ",
                  " coa ")

RULES: tuple[Rule, ...] = (
    Rule("kb-path", SOURCE_REFERENCE, kb_path, ("/",)),
    Rule("file-name", SOURCE_REFERENCE, file_name,
         (".md", ".markdown", ".json", ".yaml", ".yml", ".doc", ".pdf", ".txt", ".xls", ".csv", ".eml", ".htm", ".rtf")),
    Rule("internal-reference", SOURCE_REFERENCE, internal_reference,
         ("knowledge", "practice", "guide", "checklist", "survey", "memo", "research", "analysis", "playbook", "library",
          "template", "precedent", "know-how", "alert", "law file", "standing instructions", "counsel", "work product",
          "privileged")),
    Rule("drafting-note", LEGAL_ANALYSIS, drafting_note,
         ("note", "ntd", "n.t.d", "drafting", "for the client", "for the reviewer", "for the partner")),
    Rule("case-name", LEGAL_ANALYSIS, case_name,
         (" v. ", " vs. ", "in re ", "ex parte", "matter of", "held", "holds", "ruled", "found that", "concluded",
          "struck down", "upheld") + _REPORTER_GATE),
    Rule("threshold-comparison", LEGAL_ANALYSIS, threshold_comparison,
         ("threshold", "floor", "minimum", "highly", "percent", "%", "above", "below", "exceed", "than", "short",
          "surpass")),
    Rule("penalty", LEGAL_ANALYSIS, penalty,
         ("penal", "per ", "civil", "statutory", "criminal", "misdemean", "unfair", "attorney general", "expos",
          "liab", "damages", "fine")),
    Rule("advice-to-company", LEGAL_ANALYSIS, advice_to_company,
         ("recommend", "suggest", "advise", "propose", "caution", "urge", "encourage", "should", "ought", "wish to",
          "want to", "must", "need", "has to", "advisable", "prudent", "wise", "best", "safer", "consider", "confirm",
          "verify", "ensure", "recheck", "re-check", "double-check", "diary", "calendar", "screen", "strip", "route",
          "inventory", "pair", "recite", "avoid", "remember", "make sure", "be sure", "do not")),
    Rule("enforceability", LEGAL_ANALYSIS, enforceability,
         ("void", "enforc", "invalid", "illegal", "unlawful", "null", "court", "judge", "arbitrat", "tribunal", "sjc"),
         notice_exempt=True),
    Rule("law-statement", LEGAL_ANALYSIS, law_statement,
         ("law", "statute", " act", "legislature", "amendment", "rule", "order", "§", "ilcs", "rcw", "ors ", "sb ",
          "hb ", "ab ", "s.b.", "h.b.", "because", "since", "given that", "as a result", "in light of", "owing to",
          "there is no")
         + _STATE_WORDS, notice_exempt=True),
    Rule("legal-doctrine", LEGAL_ANALYSIS, legal_doctrine,
         ("pencil", "savings clause", "judicial", "reformation", "presum", "matter of law", "ancillary", "case law",
          "courts of this state", "business interest test", "of reason", "strict construction", "public policy",
          "settled", "open question", "unclear whether", "split", "divided"),
         notice_exempt=True),
)
