"""Reading what a task asks to be written into an operative deliverable (the text a counterparty
signs or receives): notes, explanation, rationale, analysis or source paths asked for there, by
the instructions, a deliverable's description or a criterion's PASS clause.

A request is read by where it stands: material placed "in", "at the top of" or "under each
section of" a deliverable named next; attached to a deliverable named before ("X, with a note
explaining why", "X must explain ..."); said after a colon that follows the one deliverable a
sentence names; or asked of a part of it ("its recitals explain why"). What the law puts in the
text (a statutory notice, advice a statute requires) and the contract's own parts (recitals,
definitions) are not advisory material, and a negated or removed request asks for nothing. The
audit's H12 reports each request."""

from __future__ import annotations

import re
from dataclasses import dataclass

# A permission or request that concerns what the law puts in the text, or contract language itself.
LAW_CONTENT = r"\bnotices?\b|statut\w*|required\s+by|the\s+law\s+requires|legally\s+required|§|\bimmunity\b|whistleblow\w*"
CONTRACT_PARTS = r"\brecitals?\b|\bwhereas\b|\bdefinitions?\b|\bheadings?\b|\bsignature"


# Advisory material as the object of a request: a note, a comment, an explanation, analysis, where the
# text came from (a source path, a Bates number of the production it was found in). Another party's
# comments ("comments from the client") are input, not material to write.
# A reason given: "because ...", "so that it now meets ...", "after a recent dispute".
_REASON = (r"(?:because|so\s+that\s+(?:it|they|the\s+\w+)\s+(?:now\s+)?(?:meets?|complies|comply|satisf(?:y|ies)|conforms?)|"
           r"after\s+(?:a|an|the)\s+(?:recent\s+|earlier\s+)?(?:dispute|ruling|decision|lawsuit|challenge|audit|"
           r"complaint|court\s+case))\b")
_MATERIAL = re.compile(r"(?P<noun>drafting\s+(?:notes?|comments?|commentary)|(?:(?:kb|knowledge[- ]base)\s+)?"
                       r"(?:source|file)\s+(?:paths?|files?|references?|locations?)|(?:kb|knowledge[- ]base)\s+"
                       r"(?:paths?|sources?|references?)|bates\s+(?:numbers?|nos?\b\.?|references?|ranges?|stamps?)|"
                       # a line that says where the wording came from ("a bracketed source line naming the file")
                       r"(?:source|provenance)\s+(?:lines?|tags?|labels?|stamps?|markers?|attributions?)|"
                       r"notes?\s+(?:to|for)\s+(?:the\s+)?"
                       r"(?:client|partner|reviewer|file|drafter|employer|hr)\b|"
                       # directions to the firm's own people ("a bracketed instruction for HR"), or a guide to
                       # the form set out for them ("a short 'How to use this form' box for HR")
                       r"(?:instructions?|directions?|reminders?|prompts?)\s+(?:to|for)\s+(?:the\s+)?(?:hr|client|"
                       r"partner|reviewer|drafter|employer|recruiter|hiring\s+managers?|managers?|paralegal)\b|"
                       r"(?:[\"\u201c]?how\s+to\s+(?:use|fill\s+(?:in|out)|complete|read)\s+(?:this|the)\s+[\w-]+[\"\u201d]?\s+)?"
                       r"(?:box(?:es)?|panels?|call-?outs?|sidebars?|legends?|banners?|inserts?|guides?|tips|checklists?|"
                       r"cheat[- ]?sheets?|how-?tos?)\s+(?:to|for)\s+(?:the\s+)?(?:hr|client|partner|reviewer|drafter|"
                       r"employer|recruiter|hiring\s+managers?|managers?|paralegal)\b|"
                       # marks of what was changed ("a [REVISED] tag", "change markers")
                       r"(?:\[[^\]\n]{1,30}\]\s+|(?:revision|change|changed|revised|edit(?:ed)?|updated|amended|redline)\s+)"
                       r"(?:tags?|markers?|flags?|labels?|marks?|stamps?)|"
                       r"commentary|comments?|rationale|"
                       r"reasoning|(?:legal\s+)?analysis|advice|recommendations|annotations?|explanations?|"
                       r"justifications?|(?:foot|end|side|margin(?:al)?\s+)?notes?|remarks|summary|guidance|"
                       r"reasons?(?=\s+(?:for|behind|why)\b)|"
                       # a block of metadata the document opens with: as plain as what it is said to hold
                       r"front[- ]?matter(?:\s+block)?|(?:yaml|metadata|header)\s+(?:block|header)|metadata|"
                       r"cover(?:ing)?\s+(?:sheets?|notes?|memos?|pages?|paragraphs?|letters?))\b(?!\s+(?:from|by|of\s+the\s+(?:client|employee|"
                       r"counterparty))\b)"
                       r"|(?P<verb>explain\w*|justify\w*|justifies|(?:tell|telling|tells|showing|shows|record(?:s|ing)?|"
                       r"stat(?:e|es|ing)|sets?\s+out|setting\s+out|giv(?:e|es|ing)|say(?:s|ing)?|not(?:e|es|ing))\s+"
                       r"(?:[\w']+\s+){0,4}?why|"
                       # a statement of a reason: "stating that, because the salary is below the threshold, ..."
                       # ... or told to the reader: "a recital telling Jordan Ellery that, because ..., ..."
                       r"(?:stat(?:e|es|ing)|say(?:s|ing)?|record(?:s|ing)?|sets?\s+out|setting\s+out|not(?:e|es|ing)|"
                       r"(?:tell(?:s|ing)?|inform(?:s|ing)?|advis(?:e|es|ing)|remind(?:s|ing)?)(?:\s+[\w'.-]+){0,3}?)"
                       r"(?=\s+that\b[^.;]{0,160}?\b" + _REASON + r"))\b", re.I)
# A request about what the law puts in the text, or about a part of the contract ("a recital", "the
# definitions"), unless that part is to give the drafter's reasons ("a recital explaining ... because").
_LEGAL_PART = re.compile(LAW_CONTENT + r"|(?:" + CONTRACT_PARTS + r")(?![^.;]*\b(?:why|because|reasons?|rationale)\b)",
                         re.I)
# The material qualified as what the law requires, right after it: "the written advice to consult a
# lawyer that 820 ILCS 90/20 requires", "advice required under § 2872".
_LAW_REQUIRES = re.compile(r"(?:\s+to(?:\s+[\w'-]+){1,4}?)?(?:\s*,)?\s+(?:(?:that|which)(?:\s+[\w.§/()'-]+){1,6}?\s+"
                           r"(?:requires?|mandates?|prescribes?|calls\s+for)|(?:as\s+)?(?:required|mandated|prescribed)"
                           r"\s+(?:by|under|in)\s+[^,.;]{1,60})", re.I)
_LAW_WORD = re.compile(r"§|\b\d|\b(?:ILCS|U\.?S\.?C|RCW|C\.?F\.?R|code|act|statutes?|statutory|laws?|sections?|"
                       r"regulations?|ordinances?|directives?)\b", re.I)
# What makes a request for that material unambiguous: its kind, or what the explanation is about.
_OUTRIGHT = re.compile(r"drafting|notes?\s+(?:to|for)|\]\s+(?:tags?|markers?|flags?|labels?|marks?|stamps?)|"
                       r"(?:revision|change|changed|revised|edit(?:ed)?|updated|amended|redline)\s+(?:tags?|markers?|flags?|"
                       r"labels?|marks?|stamps?)|(?:instructions?|directions?|reminders?|prompts?)\s+(?:to|for)|"
                       r"(?:box(?:es)?|panels?|call-?outs?|sidebars?|legends?|banners?|inserts?|guides?|tips|checklists?|"
                       r"cheat[- ]?sheets?|how-?tos?)\s+(?:to|for)|commentary|comments?|rationale|reasoning|analysis|advice|"
                       r"recommendations|annotations?|paths?|kb|knowledge[- ]base|source|bates|reasons?|"
                       r"cover(?:ing)?\s+(?:notes?|memos?|paragraphs?|letters?)", re.I)
_OUTRIGHT_ABOUT = re.compile(r"\s+(?:[\w']+\s+){0,3}?why\b|\s+that\b[,\s]+[^.;]{0,160}?\b" + _REASON + r"|\s+(?:of|on)\s+(?:what|how)\s+(?:[\w']+\s+){0,3}?"
                             r"(?:does|do|means?|works?|operates?|affects?)\b|\s+(?:to\s+[\w']+\s+)?(?:of\s+|for\s+)?(?:your|the|each|"
                             r"every|our)\s+(?:\w+\s+)?(?:changes?|choices?|edits?|reasons?|reasoning|decisions?|"
                             r"departures?|revisions?)\b", re.I)
# Requests that put material in a text: "add a note", "include an explanation", "explain ...".
_ACT = re.compile(r"\b(?:add|include|insert|put|place|write|leave|give|set\s+out|begin|start|open|end|close|preface|"
                  r"prefix|append|annotate|record|footnote|tag|label|mark\s+up)\s+", re.I)
# The material, a few words after where the request starts ("a short drafting note").
# Words between may include an aside in commas ("include, as Schedule 1, a table of drafting notes") or in
# brackets ("a callout (> [!NOTE]) that tells Jordan why"), an HTML tag ("an HTML <details> block headed
# "Associate's note""); the
# material may be named in quotes or brackets ("a block whose 'rationale' field explains ...").
_REQUEST = re.compile(r"(?:,\s*(?:[\w'-]+\s+){1,3}?[\w'-]+,\s*)?"
                      r"(?:[\"\u201c]?[\w'/-]+\s+(?:<[^<>\n]{1,30}>\s+)??(?:\([^()\n]{1,40}\)\s+)??){0,5}?"
                      r"[(\"'\u2018\u201c]?(?P<material>" + _MATERIAL.pattern
                      + ")", re.I)
_IMPERATIVE = re.compile(r"(?:^|[,;:]\s*|\band\s+|\bthen\s+|\b(?:please|pls|plz)\s+)"
                         r"(?=(?:explain|justify|comment\s+on|annotate)\b|(?:say|state|note|set\s+out|"
                         r"tell\s+[\w'-]+(?:\s+[\w'-]+)?)\s+why\b)", re.I)
# Where text goes when it is put "in" a deliverable named next: "in", "at the top of", "into".
_PLACE_BEFORE = re.compile(r"\b(?:in|into|within|inside|throughout|on|at\s+the\s+(?:very\s+)?(?:top|start|beginning|"
                           r"head|end|foot|bottom)\s+of|(?:above|before|after)\s+the\s+(?:first|opening)\s+\w+\s+of|"
                           r"(?:under|below|beneath|after|before|above|beside|next\s+to|following|alongside|"
                           r"at\s+the\s+(?:very\s+)?(?:top|start|beginning|head|end|foot|bottom)\s+of)\s+"
                           r"(?:each|every|the|its|any)\s+(?:[\w-]+\s+){0,2}?(?:sections?|clauses?|paragraphs?|"
                           r"provisions?|articles?|terms?|headings?|covenants?|pages?|schedules?)\s+(?:of|in))"
                           r"\s+(?:(?:the|your|each)\s+)?(?:(?:draft|revised|final|copy\s+of)\s+)?$", re.I)
# A deliverable named as where something is attached: "attach to X", "append to the agreement".
_ATTACH_TO = re.compile(r"\b(?:attach|append|annex|add)(?:ed|es|ing)?\s+(?:it\s+)?to\s+(?:(?:the|your)\s+)?$", re.I)
# ... or named after what is added to it: "add a drafting note to X", "append a short rationale to X".
_ADD_TO = re.compile(r"\b(?:add|append|attach|annex|affix)\s+[^.;:]{1,120}?\bto\s+(?:(?:the|your)\s+)?$", re.I)
# What comes with a deliverable named before: "begin X with a preamble …", "X, including a note …",
# "X, explaining why …" ("consistent with the analysis" is no attachment).
_ATTACHED = re.compile(r"(?<!\bconsistent\s)(?<!\baccordance\s)(?<!\bline\s)(?<!\balong\s)(?<!\btogether\s)"
                       r"(?<!\bcomply\s)(?<!\bcomplies\s)(?<!\bkeeping\s)(?<!\bconform\s)(?<!\bconforms\s)(?<!\bagrees\s)"
                       r"\b(?:with|including|includ(?:e|es)|contain(?:s|ing)?|carr(?:y|ies|ying)|bears?|bearing|preceded\s+by|"
                       r"followed\s+by|prefaced\s+by|(?:that|which)\s+(?=explains|justifies)|"
                       r"(?:that|which)\s+(?:should|must|shall|will|is\s+to|needs?\s+to|has\s+to)\s+(?:also\s+)?"
                       r"(?=(?:explain|tell|say|state|set\s+out|give|justify)\w*\b))\b\s*"
                       r"|^[\s,]*(?:and\s+)?(?=explain\w*\b|annotat\w+\b)"
                       # the deliverable as the subject: "X should tell Avery why …", "X must explain …"
                       r"|^\s*(?:should|must|shall|will|is\s+to|needs?\s+to|has\s+to)\s+(?:also\s+)?"
                       r"(?=(?:explain|tell|say|state|set\s+out|give|justify|walk)\w*\b)", re.I)
NEGATED = re.compile(r"\b(?:not|no|never|without|nor|free\s+of|rather\s+than|instead\s+of|out\s+of|only\s+in|"
                      r"belongs?\s+in|go(?:es)?\s+in|leave\s+out|keep\b[^.;]{0,40}\bout|exclud\w+|avoid\w*)\b|n't\b",
                      re.I)
# A verb negated right before the deliverable it acts on: "do not footnote X with ...".
_NEGATED_VERB = re.compile(r"(?:\b(?:not|never|no)|n't)\s+(?:[\w-]+\s+){0,2}$", re.I)
CLAUSE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"\u201c(])|(?<=[;:])\s+|\n+")
# Nouns by which instructions refer to an operative deliverable without its file name.
_NOUNS = ("agreement", "offer letter", "contract", "covenants", "form", "amendment", "release", "consent",
          "notice")


# The material named only to be taken out: "with every drafting note ... removed".
_REMOVED = re.compile(r"(?:\s*,?\s+(?!(?:which|that|why|what|how|explain\w*|saying|stating)\b)[\w'-]+){0,8}?"
                      r"\s+(?:removed|deleted|stripped(?:\s+out)?|taken\s+out|omitted|struck(?:\s+out)?|cleared\s+out)\b",
                      re.I)


# A note or a comment is as plain as what it is said to give ("a footnote giving the reason ...").
_CONTAINER = re.compile(r"(?:foot|end|side|margin(?:al)?\s+)?notes?|comments?|annotations?|front[- ]?matter(?:\s+block)?|"
                        r"(?:yaml|metadata|header)\s+(?:block|header)|metadata", re.I)
_GIVING = re.compile(r"[^;]{0,80}?\b(?:giving|stating|setting\s+out|with|explaining|listing|recording|naming|citing|quoting|"
                     r"(?:that|which)\s+(?:gives|states|sets\s+out|explains|lists|records|names|holds|carries))\b"
                     r"[^.;]{0,60}", re.I)
_SAID = re.compile(_OUTRIGHT.pattern + r"|\bwhy\b|\b(?:citing|quoting)\b[^.;]{0,40}?(?:" + _LAW_WORD.pattern + ")", re.I)


# Where the next item of a list starts ("contains only contract terms, signature blocks and a footnote
# under each covenant citing ..."): after a comma or an "and" outside brackets.
_NEXT_ITEM = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|plus)\s+)(?![^()]*\))")


_WITH = re.compile(r"\bwith\s+", re.I)


def _requested(span: str, *, attached: bool) -> tuple[str, bool, int] | None:
    """The advisory material a span asks for, whether it asks for it outright, and where the request
    starts: right after an attaching word (`attached`: "with a short note …", or an item of the list
    that follows it) or as the object of a request ("add a comment", "explain why …"). None when the
    span asks for none, or negates the request."""
    items = [m.end() for m in _NEXT_ITEM.finditer(span)] if attached else []
    acts = [m.end() for m in _ACT.finditer(span)]
    # "start each clause you changed with a [REVISED] tag": what the act puts in, after "with"
    withs = [m.end() for m in _WITH.finditer(span) if acts and acts[0] <= m.start()]
    starts = [0] + items if attached else acts + withs + [m.end() for m in _IMPERATIVE.finditer(span)]
    for at in sorted(starts):
        m = _REQUEST.match(span, at)
        # "with every drafting note removed" takes the material out; after "telling Jordan why", what was
        # removed is what the reason is about ("... why the non-compete was taken out").
        if m is None or NEGATED.search(span[:m.start("material")]) or \
                not m.group("verb") and _REMOVED.match(span, m.end()):
            continue
        if at in items and len(span[at:m.start("material")].split()) > 2:
            continue  # an item is the material itself ("a footnote ..."), not something it comes with
        about = _OUTRIGHT_ABOUT.match(span, m.end())
        if m.group("verb"):
            if about:
                return span[m.start("material"):about.end()], True, at
            return m.group("material"), m.group("material").lower().endswith("why"), at
        said = _CONTAINER.fullmatch(m.group("material")) and _GIVING.match(span, m.end())
        return m.group("material"), bool(_OUTRIGHT.search(m.group("material")) or about
                                         or (said and _SAID.search(said.group(0)))), at
    return None


def _law_requires(span: str, what: str, upto: int) -> bool:
    """Whether the material is qualified, right after it, as what a law requires ("the advice to
    consult a lawyer that 820 ILCS 90/20 requires"); "notes the partner requires" is no law."""
    m = _LAW_REQUIRES.match(span, upto) if what in span else None
    return m is not None and _LAW_WORD.search(m.group(0)) is not None


def _mentions(text: str, names: dict[str, str | None]) -> list[tuple[int, int, str, bool]]:
    """(start, end, deliverable, by file name) for every mention of a deliverable in `text`: its
    file name, or "the <noun>" when exactly one operative deliverable is called that."""
    out = []
    for name in names:
        for m in re.finditer(rf"(?<![\w/.-]){re.escape(name)}(?![\w-])", text, re.I):
            out.append((m.start(), m.end(), name, True))
    taken = [(s, e) for s, e, _, _ in out]
    for noun in _NOUNS:
        holders = [n for n in names if names[n] == "operative" and f" {noun} " in _called(n)]
        if len(holders) != 1 or any(f" {noun} " in _called(n) for n in names if names[n] != "operative"):
            continue
        for m in re.finditer(rf"\b(?:the|any|each|this|that|your)\s+(?:(?:draft|revised|renewed|repaired|final|new|"
                             rf"restrictive\s+covenant|employment|covenant|separate|written|signed)\s+)*{noun}\b",
                             text, re.I):
            if not any(s <= m.start() < e for s, e in taken):
                out.append((m.start(), m.end(), holders[0], False))
    return sorted(out)


def _called(name: str) -> str:
    return " " + re.sub(r"[^a-z]+", " ", name.lower().rsplit(".", 1)[0]) + " "


# A part of the deliverable named just before, told to give the reasons: "its recitals explain why",
# "the agreement's preamble sets out the reasons".
_PART_EXPLAINS = re.compile(
    r"\b(?:its|their|the\s+(?:agreement|contract|notice|form|document)['’]s?)\s+(?:own\s+)?(?:recitals?|preamble|"
    r"whereas\s+clauses?|background\s+(?:section|clause|paragraph)|introduction|opening\s+(?:paragraph|clause|words)|"
    r"cover\s+page|footnotes?|margin(?:al)?\s+notes?)\s+(?:must\s+|should\s+|to\s+)?(?:explains?|sets?\s+out|states?|"
    r"gives?|says?|records?|tells?|justif(?:y|ies))\s+(?:[\w']+\s+){0,3}?(?:why|the\s+reasons?|the\s+rationale|the\s+basis)\b",
    re.I)


# The same request as colleagues abroad write it, in Spanish, Portuguese, French, Italian, German and Dutch:
# "un párrafo que explique por qué …", "expliquez pourquoi …", "erklären Sie, warum …", notes for the
# client, the drafter's reasons. Read only in a sentence that names an operative deliverable by its file
# name, and not after a word of negation.
_ABROAD_ADVICE = re.compile(
    r"\b(?:expli(?:que|quen|car|ca|cando|quem|quez|quer|quant)|justifi(?:que|quen|car|quez|quer)|spieg\w*|"
    r"giustific\w*|erklär\w*|begründ\w*|uitleg\w*|leg\s+uit)\W+(?:\w+\W+){0,3}?"
    r"(?:por\s+qu[eé]|porqu[eê]|por\s+que|pourquoi|perch[eé]|warum|weshalb|waarom)\b|"
    r"\b(?:nota|notas|note|notes|anmerkung(?:en)?|notitie|nota's)\s+(?:para|pour|per|für|voor|ao|à|al)\s+"
    r"(?:el\s+|la\s+|le\s+|il\s+|o\s+|a\s+|den\s+|die\s+|de\s+)?(?:cliente|client|mandanten|klant)\b|"
    r"\b(?:las\s+razones|os\s+motivos|les\s+raisons|le\s+ragioni|die\s+gründe|de\s+redenen)\s+(?:de|por|pour|per|für|"
    r"voor)\b|"
    # Japanese, Chinese and Korean, which write no space between words: "なぜ…説明してください", "当社宛ての注記",
    # "说明理由", "이유를 설명".
    # Malay and Indonesian, Polish, Czech, Russian and Ukrainian, Romanian, Hungarian, Turkish, Vietnamese, Tagalog,
    # Swahili: "nota kaki … menerangkan sebab", "wyjaśnij, dlaczego", "vysvětlete, proč", "объясните, почему".
    r"\b(?:nota\s+kaki|catatan\s+kaki|menerangkan\s+sebab|jelaskan\s+(?:mengapa|kenapa|alasan)|menjelaskan\s+"
    r"(?:mengapa|kenapa|alasan|sebab)|wyjaśni\w*\W+(?:\w+\W+){0,2}?dlaczego|vysvětl\w*\W+(?:\w+\W+){0,2}?proč|"
    r"объясн\w*\W+(?:\w+\W+){0,2}?почему|поясн\w*\W+(?:\w+\W+){0,2}?чому|explic\w*\W+(?:\w+\W+){0,2}?de\s+ce|"
    r"magyaráz\w*\W+(?:\w+\W+){0,2}?miért|neden\W+(?:\w+\W+){0,4}?açıkla\w*|giải\s+thích\s+(?:tại\s+sao|vì\s+sao|lý\s+do)|"
    r"ipaliwanag\s+(?:kung\s+bakit|ang\s+dahilan)|eleza\s+(?:kwa\s+nini|sababu))|"
    r"(?:なぜ|何故|理由)[^。．\n]{0,60}?説明|注記|注釈|(?:为什么|為什麼|为何|為何)[^。\n]{0,60}?(?:说明|說明|解释|解釋)|"
    r"(?:说明|說明|解释|解釋)(?:原因|理由)|(?:이유|사유)[를을]?\s*설명|왜[^.\n]{0,60}?설명", re.I)
_ABROAD_NEGATION = re.compile(r"\b(?:no|não|nao|ne|pas|non|nicht|kein\w*|niet|geen|sin|sans|senza|ohne|zonder|nunca|"
                              r"jamais|mai|nie|jangan|tidak|bukan|tanpa|ani|не|ні|nu|nem|değil|không|đừng|huwag|"
                              r"hindi|usi|bila)\b|しないで|ないでください|不要|不用|请勿|請勿|하지\s*마", re.I)


@dataclass(frozen=True)
class Request:
    """Advisory material a text asks for inside an operative deliverable."""
    deliverable: str
    what: str  # the material, as the text names it
    plain: bool  # named outright, of the deliverable named by its file name
    clause: str  # the clause that asks


def advice_requested(text: str, roles: dict[str, str | None], own: str | None = None) -> list[Request]:
    """Clauses of `text` that put explanation, rationale, analysis or notes into an operative
    deliverable (`roles`: each deliverable's role, "operative", "advisory" or None): before its
    mention ("explain your changes in a comment at the top of X") or attached after it ("begin X
    with a preamble explaining why"); `own` is the operative deliverable a description belongs to
    (its text is attached to it from the start)."""
    out = []
    for clause in [c for c in CLAUSE.split(text) if c.strip()]:
        mentions = _mentions(clause, roles)
        # (deliverable, the span that puts material in it, named by its file name, the span follows it)
        spans: list[tuple[str, str, bool, bool]] = []
        if own is not None and roles.get(own) == "operative":
            first = mentions[0][0] if mentions else len(clause)
            attached = _ATTACHED.search(clause[:first])
            if attached:
                spans.append((own, clause[attached.end():first], True, True))
        for k, (start, end, d, by_name) in enumerate(mentions):
            if roles[d] != "operative":
                continue
            by_name = by_name or d == own  # "The agreement …" in the agreement's own description
            # A mention of the same deliverable does not cut the request short ("a 'How to use this
            # form' box for HR at the top of X": "this form" is X, named inside what is asked).
            before_start = max((m[1] for m in mentions[:k] if m[2] != d), default=0)
            # "the agreement" again after it refers back ("a recital telling X that the agreement has no
            # non-compete because ..."): what is attached runs on to the next deliverable named.
            later = [m for m in mentions[k + 1:] if m[2] != d or m[3]]
            after_end = later[0][0] if later else len(clause)
            before, after = clause[before_start:start], clause[end:after_end]
            # "client-email.md, explaining the edits made in X": the explanation is the advisory one's.
            previous = roles[mentions[k - 1][2]] if k else (roles.get(own) if own else "operative")
            previous_advisory = previous != "operative"
            # "X, and explain in client-email.md …": the explanation goes to the next deliverable.
            onward = not (later and _PLACE_BEFORE.search(after))
            if (_PLACE_BEFORE.search(before) or _ADD_TO.search(before)) and not previous_advisory:
                spans.append((d, before, by_name, False))
                # "Under each section of X, add an explanation …": the place comes first, the request after.
                if onward:
                    spans.append((d, after, by_name, False))
            attached = _ATTACHED.search(after)
            if _ATTACH_TO.search(before) and not previous_advisory:
                # "Attach to X a Schedule 2 (Drafting Notes) ...": what is attached follows the name.
                spans.append((d, after.lstrip(), by_name, True))
            if attached and onward and not _NEGATED_VERB.search(before):
                # "... X, as Annex A, a table of the changes with the legal reason for each": what comes with
                # it, read too ("... so that the copy carries the audit trail" asks for nothing)
                spans.append((d, after[attached.end():], by_name, True))
        asked: dict[str, Request] = {}  # one request a deliverable and clause, the first span's
        for r in _requests_in(spans, clause):
            asked.setdefault(r.deliverable, r)
        out += asked.values()
        # "X contains no non-compete and its recitals explain why": the reasons asked of a part of X.
        for m in _PART_EXPLAINS.finditer(clause):
            before = [mention for mention in mentions if mention[1] <= m.start()]
            if before and roles[before[-1][2]] == "operative" and \
                    not re.search(r"(?:\bnot|\bnever|n't)\s+(?:\w+\s+)?$", clause[:m.start()]):
                out.append(Request(before[-1][2], m.group(0).strip(), before[-1][3], clause))
                break
    out += _requests_after_colon(text, roles)
    return out




def _requests_in(spans: list[tuple[str, str, bool, bool]], clause: str) -> list[Request]:
    """A finding for each span that asks for advisory material in its operative deliverable."""
    out = []
    for d, span, by_name, after in spans:
        found = _requested(span, attached=after)
        if found is None:
            continue
        what, strong, at = found
        if what.count('"') % 2:  # a quoted title that opens the material: its opening quote was read before it
            what = '"' + what
        # What the law puts in the text, or a part of the contract, asked for up to the material
        # ("the notice explaining the employee's immunity", "recitals explaining the purpose"); in a
        # list, within the material's own item (the notices the list allows before it are another).
        upto = span.find(what, at) + len(what) if what in span[at:] else len(span)
        if _LEGAL_PART.search(span[at if after else 0:upto]) or _law_requires(span, what, upto):
            continue
        out.append(Request(d, what, strong and by_name, clause))
    return out


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"\u201c(])|\n+")


def _requests_after_colon(text: str, roles: dict[str, str | None]) -> list[Request]:
    """A sentence that names one operative deliverable and then, after a colon, says how to write it
    ("Deliver X as a redline against the draft: strike deleted words ..., and give the reason for each
    edit beside it"): each request after the colon is about that deliverable, though it names none."""
    out = []
    for sentence in _SENTENCE.split(text):
        head, colon, rest = sentence.partition(":")
        if not colon or not rest.strip() or _mentions(rest, roles):
            continue
        named = _mentions(head, roles)
        if not named or any(roles[m[2]] != "operative" for m in named) or len({m[2] for m in named}) != 1:
            continue
        d, by_name = named[-1][2], any(m[3] for m in named)
        for part in (p for p in re.split(r";\s*", rest) if p.strip()):
            out += _requests_in([(d, part, by_name, False)], sentence)
    return out




def advice_requested_abroad(text: str, operative: list[str]) -> list[Request]:
    """Clauses in another language that ask for the drafter's explanation or a note for the client
    inside an operative deliverable named by its file name (plain: both are said outright)."""
    out = []
    for clause in [c for c in CLAUSE.split(text) if c.strip()]:
        m = _ABROAD_ADVICE.search(clause)
        named = [d for d in operative if d in clause]
        if not m or not named or _ABROAD_NEGATION.search(clause[:m.start()]):
            continue
        out.append(Request(named[0], m.group(0), True, clause))
    return out
