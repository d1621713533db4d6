"""The events a task dates (a signing, a start, a delivery), what each happens to, and the day a
sentence gives it: the reading behind the audit's checks that one event is dated one way everywhere
(H10) and that a trap built on an event's date still stands on that date (H11)."""

from __future__ import annotations

import datetime as dt
import re

from oafreeze.corpus import dating
from oafreeze.corpus import text as tx

# Events whose date a task states in several places; two different dates for one of them tell the
# agent two stories.
EVENTS = {
    # ... and as colleagues abroad write it: firma, assinatura, ondertekening, Unterzeichnung, podpisanie,
    # подписание; 署名, 調印, 締結, 签署 (簽署 as Taiwan and Hong Kong write it), 서명 (no word boundary inside
    # those scripts)
    "signing": re.compile(r"\b(?:sign(?:s|ed|ing)?|signature|execut(?:e|ed|es|ion)|"
                          r"firm(?:a|ar|are|ato|ata|ada|ado|ano|an|e|en|er[aà]|ar[aá])|assin(?:a|ou|ar[aá]?|ad[oa]|atura)|"
                          r"onderteken\w*|unterzeichn\w*|unterschr\w*|podpis\w*|подпис\w*)\b|署名|調印|締結|签署|签字|签约|簽署|簽字|簽約|서명",
                          re.I),
    "start": re.compile(r"\b(?:start(?:s|ing)?\s+(?:date|work|on)|start\s+date|first\s+day|begins?\s+work|"
                        r"commence(?:s|ment)?\s+(?:of\s+)?(?:employment|work)|employment\s+(?:begins|starts|commences)|"
                        r"join(?:s|ing)?\s+(?:us|the\s+(?:company|team|firm|business|staff))|join(?:s|ing)?\s+on|"
                        r"reports?\s+for\s+work|"
                        # a person who starts or joins on a day said relative to today ("Riley starts next Monday")
                        r"(?:start|join)(?:s|ing)?\s+(?=next\s|this\s+coming\s|tomorrow|in\s+\w+\s+(?:days?|weeks?)\b|"
                        r"\w+\s+(?:days?|weeks?)\s+from\s))\b", re.I),
    # ... and handing or giving a person a thing ("hand Morgan Tallis the renewed agreement")
    "delivery": re.compile(r"\b(?:deliver(?:ed|y|s)?|hand(?:s|ed|ing)?\s+(?:to|the|it|over)|go(?:es)?\s+(?:out\b|to)|"
                           r"(?:hand(?:s|ed|ing)?|gives?|giving|given)\s+(?:(?-i:[A-Z])[\w'’.-]*\s+){1,3}(?:the|an?|her|his|their)\s|"
                           r"(?:is|be|are)\s+sent|send(?:s|ing)?|(?:given|presented|issued)\s+to|issues?)\b",
                           re.I),
}
# What the event happens to; one word for each thing a task may call by several ("the renewal",
# "the renewed agreement"). Two dates for the delivery of two different things do not conflict.
_THINGS = r"agreement|covenants?|contract|renewal|amendment|release|offer|letter|notice|form|employment|work|hire|job"
# An agreement or an offer in the languages of EVENTS' words abroad (the case endings of Polish and
# Russian; words of Japanese, Chinese and Korean have no word boundary in their script).
_AGREEMENT_ABROAD = (r"\b(?:accordo|acuerdo|contrat[oa]?|contratto|overeenkomst|vertrag(?:es)?|vereinbarung|"
                     r"umow[aęyie]|договор[ауе]?|соглашени[еяю])\b|契約書?|合意書|协议|協議|合同|合約|계약서?")
_OFFER_ABROAD = r"offerta|oferta|offre|angebot|aanbod|предложени[еяю]"
_OBJECT = re.compile(rf"\b(?:{_THINGS}|{_OFFER_ABROAD})\b|{_AGREEMENT_ABROAD}", re.I)
_SAME_THING = {"covenant": "agreement", "covenants": "agreement", "contract": "agreement", "renewal": "agreement",
               "amendment": "agreement", "letter": "offer", "employment": "work", "hire": "work", "job": "work"}


def _abroad(word: str) -> str | None:
    """The thing a word of another language names (agreement, offer), or None."""
    if re.fullmatch(_AGREEMENT_ABROAD, word, re.I):
        return "agreement"
    return "offer" if re.fullmatch(_OFFER_ABROAD, word, re.I) else None


_PAST = re.compile(r"\b(?:prior|previous|earlier|former|last\s+year|was\s+signed|were\s+signed|had\s+signed|"
                   r"signed\s+in\s+\d{4}|old|existing|original)\b", re.I)
_WITH = re.compile(rf"\b(?:with|together\s+with|along\s+with)\s+(?:the|its|an?|our)\s+({_THINGS})\b", re.I)


def _thing(word: str) -> str:
    word = word.lower()
    return _SAME_THING.get(word) or _abroad(word) or word


def things(text: str) -> frozenset[str]:
    """What a text says an event happens to: the agreement, the offer, the notice, the work ("send everything
    with the offer" is the offer's)."""
    return frozenset(_thing(m.group(0)) for m in _OBJECT.finditer(text))


# A file name with a digit in it: a date in "2026-10-19-client-note.md" names the file, not an event.
_FILE_NAME = re.compile(r"(?<![\w/.-])[\w./-]*\d[\w./-]*\.(?:md|markdown|txt|docx?|pdf|rtf|odt|html?|eml|msg|xlsx?|"
                        r"csv|json|ya?ml|pptx?)\b", re.I)


# Where a sentence's clauses part: a semicolon, or a comma before a conjunction.
_CLAUSE = re.compile(r";\s+|,\s+(?:and|but|while|whereas)\s+", re.I)

_OFFSET = re.compile(r"\b(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|"
                     r"twenty|thirty)\s+(?:(?:business|working|calendar|clear)\s+)?(?:days?|weeks?|months?)\s+"
                     r"(?:before|after|ahead\s+of|prior\s+to|ahead)\b", re.I)


def event_dates(text: str, as_of: dt.date, *, relative: bool = False,
                 months: bool = False) -> list[tuple[str, frozenset[str], tuple[dt.date, ...], str]]:
    """(event, the things it happens to, the date's readings, sentence) for each sentence (or list
    line) that dates one event of the task; a numeric date such as 12/01/2026 has two readings, a
    day and month with no year the next such day from as_of; with `relative` (the instructions,
    read on as_of), "tomorrow" and "a week from today" count from as_of; with `months`, a month and
    year with no day ("signs in February 2027") dates it as every day of that month."""
    out = []
    pieces = [s for _, s in tx.sentences(text)]
    pieces = [(p, False) for piece in pieces for p in piece.splitlines() if p.strip()]
    for piece, clause in pieces:
        words = piece.replace("_", " ")  # a machine-written row's "sign_agreement" is two words
        if _PAST.search(words):
            continue
        thing = _OBJECT.search(words)
        found = _days(piece, as_of, relative)
        if found and _FILE_NAME.search(piece):  # a date inside a file's name is the name's, not the event's
            found = _days(_FILE_NAME.sub(lambda m: " " * len(m.group(0)), piece), as_of, relative)
        if not found and months:
            found = dating.month_years(piece)  # "signs in February 2027": a day of that month
        if len(found) > 1 and not clause:
            # a sentence that dates two things, clause by clause ("we will hand Morgan the renewed
            # agreement on November 30, 2026, and the raise starts on December 14, 2026"): each clause
            # that names what it dates is read alone
            pieces += [(c, True) for c in _CLAUSE.split(piece) if c.strip()]
            continue
        if clause and not thing:
            continue
        offset = _OFFSET.search(words)
        if len(found) != 1 or not found[0] or offset and not any(p.search(words[:offset.start()]) for p in EVENTS.values()):
            # one date, about one of this task's documents or the work, not a past one; a date set a
            # span before or after the event ("by November 20, three days before the renewal goes out")
            # dates something else, unless the event is named before the span ("signed on January 5, two
            # weeks after delivery")
            continue
        # what the event happens to (the thing the event's word is said of, "notice.md is dated October 27,
        # the day the agreement is signed", "sign the renewed agreement"; else the first thing the sentence
        # names), and what goes with it ("the notice is delivered with the offer")
        objects = list(_OBJECT.finditer(words)) if thing else []
        going = {_thing(m.group(1)) for m in _WITH.finditer(words)}
        # a line may date two events at once ("signed on the first day of work: January 5, 2027"); a
        # start is always the work's, whatever else the line names ("start date November 2, 2026"); a
        # signing that names nothing signed is the agreement's ("start date ..., signing on the first day",
        # "署名日：2026年10月27日"): what these tasks have signed is the agreement
        for name, pattern in EVENTS.items():
            m = pattern.search(words)
            if not m or not objects and name == "delivery":
                continue
            if name == "signing" and _FOR_SIGNING.search(words) and not pattern.search(_FOR_SIGNING.sub(" ", words)) \
                    and EVENTS["delivery"].search(words):
                continue  # "hand him the agreement on November 6, ready for his signature": the day is the handing's
            what = {_thing(_bound(objects, m, words).group(0))} | going if objects else set()
            out.append((name, frozenset({"work"}) if name == "start" else frozenset(what or {"agreement"}), found[0],
                        piece.strip()))
    return out


# What a document is handed over for, not when it is signed: "ready for his signature", "for signing", "to sign".
_FOR_SIGNING = re.compile(r"\b(?:ready\s+)?for\s+(?:(?:his|her|their|its|your|the\s+\w+'s|[A-Z]\w+'s)\s+)?"
                          r"(?:signature|signing|execution)\b|\bto\s+(?:review\s+and\s+)?sign\b")


def _days(piece: str, as_of: dt.date, relative: bool) -> list[tuple[dt.date, ...]]:
    """The days a piece names (each date's readings), one day written twice ("calendar week 46 (KW 46)") once."""
    found = [tx.date_readings(w) for w, _ in tx.dates(piece)] + dating.yearless(piece, as_of) + \
        (dating.relative(piece, as_of) if relative else [])
    return list(dict.fromkeys(found))


# Between a thing and the word of its event: the thing as the subject ("the agreement is signed") or the
# object ("signs the renewed agreement").
_SUBJECT_GAP = re.compile(r"\s*(?:(?:is|are|was|were|be|been|being|gets?|got|will\s+be|to\s+be)\s+)?", re.I)
_OBJECT_GAP = re.compile(r"\s+(?:(?:the|its|this|that|an?|our|their|her|his|your)\s+)?(?:[\w'’-]+\s+){0,2}", re.I)


def _bound(objects: list[re.Match], event: re.Match, words: str) -> re.Match:
    """Of the things a sentence names, the one its event's word is said of, else the first."""
    for o in objects:
        if o.end() <= event.start() and _SUBJECT_GAP.fullmatch(words, o.end(), event.start()) or \
                o.start() >= event.end() and _OBJECT_GAP.fullmatch(words, event.end(), o.start()):
            return o
    return objects[0]
