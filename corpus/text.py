"""Text helpers: normalizing, locating, sentences, words, shingles and dates in any document text.

Grading language is matched loosely (case, curly quotes, spacing around `§` and
whitespace do not matter) so that a literal found by one item is found by all.
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import itertools
import re
import unicodedata
from dataclasses import dataclass

_QUOTES = (("\u201c", '"'), ("\u201d", '"'), ("\u201e", '"'), ("\u2018", "'"), ("\u2019", "'"),
           ("\u2013", "-"), ("\u2014", "-"), ("\u00a0", " "), ("§", "§ "))
_SPACE = re.compile(r"\s+")


def spaced(text: str) -> str:
    """Straight quotes and dashes, one space for any run of whitespace, one after every `§`
    (str.split's whitespace is the regex engine's `\\s`); case kept."""
    return " ".join(_prepared(text).split())


def unbroken(text: str) -> str:
    """Text with each line break (and the spaces around it) read as one space, other spacing kept: how
    a wrapped passage and a quote written on one line compare, while a run of spaces still differs."""
    return re.sub(r"[ \t]*\n[ \t]*", " ", text)


def _prepared(text: str) -> str:
    """Straight quotes and dashes, and a space after every `§` (what `spaced` and `words` share).
    Each character is replaced by str.replace, a search in C: a translate table costs a dictionary
    look-up for every character, and the knowledge base alone is millions of them."""
    if text.isascii():
        return text
    for old, new in _QUOTES:
        if old in text:
            text = text.replace(old, new)
    return text


def normalize(text: str) -> str:
    """`spaced`, casefolded."""
    if len(text) > _LONG:
        return _normalize_long(text)
    return spaced(text).casefold()


# A document's whole text is normalized by several items in turn (the same string object each
# time, whose hash Python keeps): remembered for the last few, not for the many short strings.
_LONG = 4096


@functools.lru_cache(maxsize=32)
def _normalize_long(text: str) -> str:
    return spaced(text).casefold()


def locate(text: str, needle: str) -> int | None:
    """The 1-based line of `text` where `needle` starts (loosely matched), or None."""
    target = normalize(needle)
    if not target:
        return None
    # Normalize line by line, remembering where each line starts in the joined string.
    starts, parts, pos = [], [], 0
    for line in text.splitlines() or [""]:
        norm = normalize(line)
        starts.append(pos)
        parts.append(norm)
        pos += len(norm) + 1
    joined = " ".join(parts)
    at = joined.find(target)
    if at < 0:
        return None
    line = 0
    while line + 1 < len(starts) and starts[line + 1] <= at:
        line += 1
    return line + 1


def line_text(text: str, line: int | None) -> str:
    """The stripped text of a 1-based line, shortened for evidence."""
    lines = text.splitlines()
    if line is None or not 1 <= line <= len(lines):
        return ""
    return excerpt(lines[line - 1].strip())


# Text that stands for text not yet written: "TBC", "TBD - to fill in", "TODO", "lorem ipsum", "<kind>"; and
# what a spreadsheet or a script leaves where a lookup found nothing: "#N/A", "#REF!", "NaN", "None", "null".
_PLACEHOLDER = re.compile(r"\s*(?:(?-i:TBC|TBD|TBA|TODO|FIXME|XXX+)\b|lorem ipsum|(?:n/?a|\?+|-+|\.+|…+|_+)\s*$|"
                          r"#(?:N/A|REF!|VALUE!|NAME\?|DIV/0!|NULL!|NUM!|SPILL!|CALC!|GETTING_DATA)\s*$|"
                          r"(?:nan|none|null|nil|undefined|\[object\s+object\])\s*$|"
                          r"<[^<>]{0,40}>\s*$|\[[^\[\]]{0,40}\]\s*$|"
                          r"(?:still\s+)?to\s+be\s+(?:confirmed|decided|determined|completed|written|added)\b)", re.I)


def placeholder(text: str) -> bool:
    """Whether a field holds a placeholder for what is still to be written ("TBC", "TODO: ...",
    "<description>", "Lorem ipsum"), not the thing itself."""
    return _PLACEHOLDER.match(text) is not None


def excerpt(text: str, limit: int = 200) -> str:
    """One line of at most `limit` characters, for a finding's evidence."""
    flat = _SPACE.sub(" ", text).strip()
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(])|\n\s*\n")
# "am 27. März 2026": a German day number's period ends no sentence.
_GERMAN_DAY = re.compile(r"(?<![\w.])\d{1,2}\.\s+(?:Januar|Jänner|Februar|März|Maerz|April|Mai|Juni|Juli|August|"
                         r"September|Oktober|November|Dezember)\s+\d{4}\b")


def sentences(text: str) -> list[tuple[int, str]]:
    """Sentences with the 1-based line each starts on (abbreviations like 'C.R.S.' survive)."""
    out, pos = [], 0
    days = [(d.start(), d.end()) for d in _GERMAN_DAY.finditer(text)] if ". " in text else []
    ends = [m for m in _SENTENCE_END.finditer(text) if not any(s < m.start() < e for s, e in days)]
    for m in ends + [None]:
        end = m.start() if m else len(text)
        chunk = text[pos:end].strip()
        if chunk:
            lead = len(text[pos:end]) - len(text[pos:end].lstrip())
            out.append((text.count("\n", 0, pos + lead) + 1, chunk))
        if m:
            pos = m.end()
    return out


_WORD = re.compile(r"[\w§$%.,'-]+")
# An ASCII text (most are) is split into the same words by C loops alone, three times faster than the
# expression: each character no word holds becomes a space (bytes.translate), then str.split.
_NOT_IN_A_WORD = bytes(c if chr(c).isascii() and (chr(c).isalnum() or chr(c) in "_$%.,'-") else 0x20 for c in range(256))


def _word_runs(prepared: str) -> list[str]:
    """_WORD's matches in a prepared, case-folded text."""
    if prepared.isascii():
        return prepared.encode("ascii").translate(_NOT_IN_A_WORD).decode("ascii").split()
    return _WORD.findall(prepared)


def words(text: str) -> list[tuple[str, int]]:
    """Normalized words with their 1-based line: the words of each line's `normalize`, found in
    one pass over the text (spacing, which normalize collapses, never joins or splits a word;
    a `§` always ends one)."""
    prepared = _prepared(text).casefold()
    out = []
    for number, line in enumerate(prepared.splitlines(), 1):
        for w in _WORD.findall(line):
            w = w.strip(".,'-")
            if w:
                out.append((w, number))
    return out


def word_list(text: str) -> list[str]:
    """The words of `words(text)` without their lines, found by C loops (a word never spans a
    line, so the whole text is searched at once): for callers that need no line number."""
    return list(filter(None, map(str.strip, _word_runs(_prepared(text).casefold()), itertools.repeat(".,'-"))))


def shingles(text: str, n: int = 5, among: set[tuple[str, ...]] | None = None) -> dict[tuple[str, ...], int]:
    """Every run of `n` consecutive words, mapped to the line it first starts on; with `among`,
    only the runs in that set (the rest are never built)."""
    if among is not None:
        return _shingles_among(text, n, among)
    ws = words(text)
    out: dict[tuple[str, ...], int] = {}
    firsts = None if among is None else {s[0] for s in among if s}
    for i in range(len(ws) - n + 1):
        if firsts is not None and ws[i][0] not in firsts:
            continue
        run = tuple(w for w, _ in ws[i:i + n])
        if among is None or run in among:
            out.setdefault(run, ws[i][1])
    return out


def _shingles_among(text: str, n: int, among: set[tuple[str, ...]]) -> dict[tuple[str, ...], int]:
    """`shingles` with `among`: the words of the whole text in one pass (a word never spans a line),
    and a line number found only for a run that is kept (few are: one a criterion shares)."""
    prepared = _prepared(text).casefold()
    # Words, and the places where a kept run may start, found by C loops (map, filter, compress):
    # this runs over every word of every task document.
    ws = list(filter(None, map(str.strip, _word_runs(prepared), itertools.repeat(".,'-"))))  # word_list
    firsts = {s[0] for s in among if s}
    kept: dict[tuple[str, ...], int] = {}
    last = len(ws) - n
    for i in itertools.compress(range(last + 1), map(firsts.__contains__, ws)):
        run = tuple(ws[i:i + n])
        if run in among and run not in kept:
            kept[run] = i
    if not kept:
        return {}
    # Where each word starts, and which line that is (str.splitlines's line ends, as `words`).
    starts = [m.start() for m in _WORD.finditer(prepared) if m.group(0).strip(".,'-")]
    ends = list(itertools.accumulate(len(line) for line in prepared.splitlines(keepends=True)))
    return {run: bisect.bisect_right(ends, starts[i]) + 1 for run, i in kept.items()}


# --- gates: skipping a regular expression that cannot match ----------------------------------

# The characters outside ASCII that an ASCII letter matches under re.IGNORECASE, and that
# str.lower() does not lower to it (the Kelvin sign does lower to "k").
_CASE_TWINS = str.maketrans({"İ": "i", "ı": "i", "ſ": "s"})


def folded(text: str) -> str:
    """`text` lowered so that every ASCII literal a case-insensitive pattern matches in `text`
    appears in it (for `Gate`)."""
    if not text.isascii() and any(c in text for c in "\u0130\u0131\u017f"):
        text = text.translate(_CASE_TWINS)
    return text.lower()


def matches_from(pattern: re.Pattern, text: str, starts: tuple[str, ...], low: str | None = None, *,
                 first: bool = False) -> list[re.Match]:
    """The matches of `pattern` in `text`, in order, when every match of it begins with one of
    `starts` (lower-case literals): the pattern is tried only where one of them begins in
    `folded(text)` (which keeps every character's place), found by str's own search, not at
    every position by the regex engine (slow for a pattern that opens with an alternation).
    A literal absent from the text's words is never searched for (`vocabulary`). With `first`,
    any one match is enough (a list of one, or none)."""
    low = low if low is not None else folded(text)
    words = vocabulary(low)
    found: dict[int, re.Match] = {}
    for lit in starts:
        if words is not None and lit not in words and not _has_space(lit):
            continue
        at = low.find(lit)
        while at != -1:
            if at not in found and (m := pattern.match(text, at)):
                found[at] = m
                if first:
                    return [m]
            at = low.find(lit, at + 1)
    return [found[at] for at in sorted(found)]


# A long text is searched for many literals (a gate's, a label's): each search passes over the
# whole text. A literal without whitespace lies within one whitespace-free token, so it is in the
# text exactly when it is in the text's distinct tokens, a fraction of its length.
_VOCABULARY_FROM = 8192


@functools.lru_cache(maxsize=16)
def _vocabulary(text: str) -> str:
    return "\n".join(set(text.split()))


def vocabulary(text: str) -> str | None:
    """The distinct whitespace-free tokens of a long text, one a line (None for a short text: search
    it whole). A literal without whitespace is in the text exactly when it is in these."""
    return _vocabulary(text) if len(text) >= _VOCABULARY_FROM else None


@functools.lru_cache(maxsize=4096)
def _has_space(literal: str) -> bool:
    return any(c.isspace() for c in literal)


@dataclass(frozen=True)
class Begins:
    """Literals (lower case) one of which every match of a pattern begins with: the pattern is
    tried only where one of them begins (`matches_from`)."""

    literals: tuple[str, ...]

    def matches(self, pattern: re.Pattern, text: str, low: str | None = None) -> list[re.Match]:
        return matches_from(pattern, text, self.literals, low)


class Gate:
    """Literals that every match of a pattern contains: each group is a tuple of literals, one of
    which must appear; every group must. A shut gate proves the pattern cannot match, found by
    str's own search (a few nanoseconds a character) rather than by the regex engine trying the
    pattern at every position. With `fold`, the literals are lower case and are looked for in
    `folded(text)`, as a case-insensitive pattern needs."""

    def __init__(self, *groups: tuple[str, ...], fold: bool = False):
        self.groups = groups
        self.fold = fold
        # Each literal with the character of it that prose holds least often, when that one is
        # rare enough to be often absent: memchr rules it out in a fraction of a literal's
        # search. Groups with shorter searches go first (each must be open; order is free).
        self._probes = sorted((tuple((_probe(lit), lit) for lit in group) for group in groups),
                              key=lambda g: sum(len(lit) > 1 and not probe for probe, lit in g))

    def open(self, text: str, low: str | None = None) -> bool:
        """Whether the pattern may match `text` (`low`: `folded(text)`, if already made)."""
        if self.fold:
            text = low if low is not None else folded(text)
        words = vocabulary(text)
        if words is not None:  # a long text: its words first, the text itself only for a spaced literal
            return all(any(lit in (text if _has_space(lit) else words) for _probe, lit in group)
                       for group in self._probes)
        return all(any((not probe or probe in text) and lit in text for probe, lit in group)
                   for group in self._probes)


# Characters by how seldom prose holds them: a literal is first looked for by one of these, if it
# has one (`Gate`); letters and digits beyond these, spaces and . , - ' are in nearly every text.
_SELDOM = "\\~^`|{}<>_@#=+*[]!?;:/&$%QXZJKVWYUqzxjIOBGHNFPDLCMRTSAE"


def _probe(literal: str) -> str:
    ranks = [_SELDOM.find(c) for c in literal]
    found = [r for r in ranks if r >= 0]
    return _SELDOM[min(found)] if found and len(literal) > 1 else ""


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH_ABBR = (r"Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
               r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?")
# A month as documents write it: full or abbreviated, with or without a period, capitalized or in
# capitals ("December", "Dec.", "Sept", "DECEMBER"); never lower case, so "may 5" in prose is no date.
_MONTH = rf"(?:{_MONTH_ABBR}|{_MONTH_ABBR.upper()})\.?"
_ORDINAL_WORDS = {w: n for n, w in enumerate((
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth twenty-first twenty-second twenty-third "
    "twenty-fourth twenty-fifth twenty-sixth twenty-seventh twenty-eighth twenty-ninth thirtieth thirty-first"
).split(), 1)}
_DAY = r"(?:0?[1-9]|[12]\d|3[01])(?i:st|nd|rd|th)?"
# Months in Spanish, French, German, Italian, Portuguese, Dutch, Polish, Russian, Turkish, Indonesian,
# Hindi and Arabic, as cross-border documents date themselves ("23 de octubre de 2026", "1er octobre
# 2026", "23. Oktober 2026", "9 november 2026", "12 listopada 2026 r.", "26 октября 2026 г.", "14 Ekim
# 2026", "20 नवंबर 2026"): day first, with a year. Polish and Russian name the month in the genitive;
# Dutch and German may write it in lower case. Digits of any script are read (see `ascii_digits`).
_FOREIGN_MONTHS = {name: n for n, names in enumerate((
    "enero janvier januar jänner gennaio janeiro januari stycznia styczeń января январь ocak जनवरी يناير",
    "febrero février fevrier februar febbraio fevereiro februari lutego luty февраля февраль şubat subat फ़रवरी फरवरी "
    "فبراير",
    "marzo mars märz maerz março marco maart marca marzec марта март mart maret मार्च مارس",
    "abril avril aprile april kwietnia kwiecień апреля апрель nisan अप्रैल أبريل ابريل",
    "mayo mai maggio maio mei maja maj мая май mayıs mayis मई مايو",
    "junio juin juni giugno junho czerwca czerwiec июня июнь haziran जून يونيو يونيه",
    "julio juillet juli luglio julho lipca lipiec июля июль temmuz जुलाई يوليو يوليه",
    "agosto août aout augustus sierpnia sierpień августа август ağustos agustos agustus अगस्त أغسطس",
    "septiembre setiembre septembre settembre setembro september września wrzesień сентября сентябрь eylül eylul "
    "सितंबर सितम्बर سبتمبر",
    "octubre octobre oktober ottobre outubro października październik октября октябрь ekim अक्टूबर अक्तूबर أكتوبر "
    "اكتوبر",
    "noviembre novembre novembro november listopada listopad ноября ноябрь kasım kasim नवंबर नवम्बर نوفمبر",
    "diciembre décembre decembre dezember dicembre dezembro december grudnia grudzień декабря декабрь aralık aralik "
    "desember दिसंबर दिसम्बर ديسمبر"), 1)
    for name in names.split()}
# ... in Czech, Slovak, Ukrainian, Romanian, Finnish, the Scandinavian languages, Croatian, Greek,
# Hungarian, Lithuanian, Swahili, Tagalog and Catalan, as their dates write them (Czech, Slovak,
# Ukrainian, Croatian, Greek and Lithuanian in the genitive; Finnish in the partitive).
_FOREIGN_MONTHS.update({name: n for n, names in enumerate((
    "ledna januára січня ianuarie tammikuuta januari januar siječnja ιανουαρίου január sausio januari enero gener",
    "února februára лютого februarie helmikuuta februari februar veljače φεβρουαρίου február vasario februari "
    "pebrero febrer",
    "března marca березня martie maaliskuuta mars marts ožujka μαρτίου március kovo machi marso març",
    "dubna apríla квітня aprilie huhtikuuta april travnja απριλίου április balandžio aprili abril",
    "května mája травня mai toukokuuta maj svibnja μαΐου május gegužės mei mayo maig",
    "června júna червня iunie kesäkuuta juni lipnja ιουνίου június birželio juni hunyo juny",
    "července júla липня iulie heinäkuuta juli srpnja ιουλίου július liepos julai hulyo juliol",
    "srpna augusta серпня august elokuuta augusti august kolovoza αυγούστου augusztus rugpjūčio agosti agosto agost",
    "září septembra вересня septembrie syyskuuta september rujna σεπτεμβρίου szeptember rugsėjo septemba setyembre "
    "setembre",
    "října októbra жовтня octombrie lokakuuta oktober listopada οκτωβρίου október spalio oktoba oktubre octubre",
    "listopadu novembra листопада noiembrie marraskuuta november studenoga νοεμβρίου lapkričio novemba nobyembre "
    "novembre",
    "prosince decembra грудня decembrie joulukuuta december prosinca δεκεμβρίου december gruodžio desemba "
    "disyembre desembre"), 1)
    for name in names.split() if name not in _FOREIGN_MONTHS})
# Hungarian dates are year first: "2026. november 12."
_HUNGARIAN_MONTHS = {name: n for n, name in enumerate(
    "január február március április május június július augusztus szeptember október november december".split(), 1)}
_HUNGARIAN = r"(?i:" + "|".join(_HUNGARIAN_MONTHS) + r")"
# Thai months, full and abbreviated ("28 ตุลาคม 2569", "28 ต.ค. 2569"): the year is the Buddhist Era's
# (543 more than the Common Era's), and may follow "พ.ศ.".
_FOREIGN_MONTHS.update({name: n for n, names in enumerate((
    "มกราคม ม.ค.", "กุมภาพันธ์ ก.พ.", "มีนาคม มี.ค.", "เมษายน เม.ย.", "พฤษภาคม พ.ค.", "มิถุนายน มิ.ย.",
    "กรกฎาคม ก.ค.", "สิงหาคม ส.ค.", "กันยายน ก.ย.", "ตุลาคม ต.ค.", "พฤศจิกายน พ.ย.", "ธันวาคม ธ.ค."), 1)
    for name in names.split()})
BUDDHIST_ERA = 543  # a year over 2400 in a written date counts from the Buddha's death
# The Solar Hijri calendar's months (Iran's and Afghanistan's, in Persian and Dari): "۲۰ آبان ۱۴۰۵".
_SOLAR_HIJRI_MONTHS = {name: n for n, names in enumerate((
    "فروردین حمل", "اردیبهشت ثور", "خرداد جوزا", "تیر سرطان", "مرداد امرداد اسد", "شهریور سنبله", "مهر میزان",
    "آبان عقرب", "آذر قوس", "دی جدی", "بهمن دلو", "اسفند حوت"), 1) for name in names.split()}
_SOLAR_HIJRI = r"(?:" + "|".join(sorted(_SOLAR_HIJRI_MONTHS, key=len, reverse=True)) + r")"
# The Ethiopian calendar's months, in Ge'ez script and transliterated: "ኅዳር 3 ቀን 2019 ዓ.ም.", "3 Hidar 2019 E.C."
# (twelve months of 30 days and Pagume of 5 or 6; its year 2019 began on September 11, 2026).
_ETHIOPIAN_MONTHS = {name: n for n, names in enumerate((
    "መስከረም meskerem", "ጥቅምት tikimt tekemt tiqimt", "ኅዳር ህዳር hidar hedar", "ታኅሣሥ ታህሳስ ታኅሳስ tahsas tahesas tahisas",
    "ጥር tir ter", "የካቲት yekatit yakatit", "መጋቢት megabit maggabit", "ሚያዝያ miyazya miazia", "ግንቦት ginbot genbot",
    "ሰኔ sene", "ሐምሌ ሀምሌ hamle hamles", "ነሐሴ ነሃሴ nehase nehasse", "ጳጉሜ ጳጉሜን pagume pagumen"), 1)
    for name in names.split()}
_ETHIOPIAN = r"(?i:" + "|".join(sorted(_ETHIOPIAN_MONTHS, key=len, reverse=True)) + r")"
_ETHIOPIAN_ERA = r"(?:ዓ\.?\s?ም\.?|E\.?\s?C\.?)"


def ethiopian_to_gregorian(year: int, month: int, day: int) -> dt.date | None:
    """An Ethiopian date as a Gregorian one (by the Julian day number: 1 Meskerem 1 is JDN 1724221);
    None for a day the month does not have."""
    if not (1 <= month <= 13 and 1 <= day <= (30 if month <= 12 else 6)):
        return None
    jdn = 1724221 + 365 * (year - 1) + year // 4 + 30 * (month - 1) + day - 1
    return dt.date.fromordinal(jdn - 1721425)


def solar_hijri_to_gregorian(year: int, month: int, day: int) -> dt.date | None:
    """A Solar Hijri (Jalali) date as a Gregorian one (the 33-year arithmetic rule, exact for
    1178-1633 SH); None for a day the month does not have."""
    if not (1 <= month <= 12 and 1 <= day <= (31 if month <= 6 else 30)):
        return None
    epoch = dt.date(622, 3, 21)  # 1 Farvardin 1 SH, proleptic Gregorian, as the arithmetic counts it
    y = year - 1
    leaps = (y // 33) * 8 + ((y % 33) + 3) // 4
    days = 365 * y + leaps + (31 * (month - 1) if month <= 7 else 186 + 30 * (month - 7)) + day - 1
    return epoch + dt.timedelta(days=days)
_FOREIGN = r"(?i:" + "|".join(map(re.escape, sorted(_FOREIGN_MONTHS, key=len, reverse=True))) + r")"
_FOREIGN_DATE = (rf"\b(?:0?[1-9]|[12]\d|3[01])(?:er|\.)?\s+(?:de\s+)?{_FOREIGN}\s*(?:de\s+|del\s+|พ\.ศ\.\s*)?"
                 rf"(?:19|20|2[45])\d{{2}}\b")
_DAY_WORD = r"(?i:" + "|".join(sorted(_ORDINAL_WORDS, key=len, reverse=True)) + r")"
_YEAR_SEP = r"(?:,\s*|\s+)"  # "December 1, 2026", "December 1 2026", "1 December, 2026"
# A year written in words, as a deed or a certificate dates itself ("this fifth day of October, two
# thousand twenty-seven"; "two thousand and six").
_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_YEAR_WORDS = (rf"(?i:two\s+thousand(?:\s+and)?(?:[\s-]+(?:(?:{'|'.join(_TENS)})(?:[\s-]+(?:{'|'.join(_UNITS)}))?"
               rf"|{'|'.join(_TEENS)}|{'|'.join(_UNITS)}))?)\b")
_WORD_VALUES = {**{w: n for n, w in enumerate(_UNITS, 1)}, **{w: n for n, w in enumerate(_TEENS, 10)},
                **{w: 10 * n for n, w in enumerate(_TENS, 2)}}


def year_in_words(written: str) -> int | None:
    """The year a year written in words names ("two thousand twenty-seven" is 2027), or None."""
    words = written.casefold().replace("-", " ").split()
    if words[:2] != ["two", "thousand"]:
        return None
    rest = [w for w in words[2:] if w != "and"]
    if any(w not in _WORD_VALUES for w in rest) or len(rest) > 2:
        return None
    return 2000 + sum(_WORD_VALUES[w] for w in rest)

# Numeric forms take a 19xx/20xx year and no neighbouring digit, dot, slash or hyphen, so that a
# section ("8-2-113"), a version ("1.2.2026"), a phone number ("303-555-0142") or a part of a
# longer number is never read as a date; nor a number cited as a section or a code's ("§ 12-3-2024",
# "Section 12-3-2024", "C.R.S. 12-3-2024", "Case No. 12-01-2026").
_NUM_OPEN = (r"(?<![\w./\-\u00a7])(?<!\u00a7 )(?<![A-Z]\. )(?<!Code )(?<!Stat\. )(?<!No\. )"
             r"(?<![Ss]ection )(?<![Ss]ections )(?<![Ss]ec\. )")
_NUM_CLOSE = r"(?![\w/]|[.\-]\d)"
_NUM = r"(?:0?[1-9]|[12]\d|3[01])"
# Eras that count years from their own first (元, "first", is year 1), by the Gregorian year before it.
ERA_BASES = {"中華民國": 1911, "中华民国": 1911, "民國": 1911, "民国": 1911, "令和": 2018, "平成": 1988}
_ERAS = "|".join(ERA_BASES)
_KANJI_DIGITS = {c: n for n, c in enumerate("〇一二三四五六七八九")}
_KANJI_NUMBER = r"[〇一二三四五六七八九十]{1,4}"


def kanji_number(written: str) -> int | None:
    """A number written in kanji numerals: digit by digit (二〇二六 is 2026), or with 十 for ten
    (十一 is 11, 二十 is 20, 三十一 is 31); ASCII digits as they are; None for anything else."""
    if written.isdigit():
        return int(ascii_digits(written))
    if "十" not in written:
        digits = [_KANJI_DIGITS.get(c) for c in written]
        return None if None in digits else int("".join(map(str, digits)))
    tens, _, ones = written.partition("十")
    if "十" in ones or len(tens) > 1 or len(ones) > 1:
        return None
    t = _KANJI_DIGITS.get(tens, None) if tens else 1
    o = _KANJI_DIGITS.get(ones, None) if ones else 0
    return None if t is None or o is None else 10 * t + o
# Every group is non-capturing: environment/criteria.py takes a pattern's first group as its literal.
DATE = re.compile(
    r"\b\d{4}-\d{2}-\d{2}\b"                                                   # 2026-12-01
    rf"|\b{_MONTH}\s+{_DAY}{_YEAR_SEP}(?:\d{{4}}\b|{_YEAR_WORDS})"              # December 1st, 2026; Dec. 1 2026
    rf"|\b{_DAY}\s+{_MONTH}{_YEAR_SEP}\d{{4}}\b"                               # 1 December 2026; 1st Dec., 2026
    # the 1st (day) of December, 2026; the fifth day of October, two thousand twenty-seven
    rf"|\b(?:{_DAY}|{_DAY_WORD})\s+(?:day\s+)?of\s+{_MONTH}{_YEAR_SEP}(?:\d{{4}}\b|{_YEAR_WORDS})"
    rf"|{_NUM_OPEN}(?:19|20)\d{{2}}/(?:0?[1-9]|1[0-2])/{_NUM}{_NUM_CLOSE}"    # 2026/12/01
    rf"|{_NUM_OPEN}{_NUM}/{_NUM}/(?:19|20)\d{{2}}{_NUM_CLOSE}"                # 12/01/2026 (month or day first)
    rf"|{_NUM_OPEN}{_NUM}-{_NUM}-(?:19|20)\d{{2}}{_NUM_CLOSE}"                # 12-01-2026
    # Dotted dates are day first (26.10.2026) or year first (2026.10.26), day and month in two
    # digits each, so that a release number such as "1.2.2026" is no date.
    rf"|{_NUM_OPEN}(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.(?:19|20)\d{{2}}{_NUM_CLOSE}"  # 26.10.2026
    rf"|{_NUM_OPEN}(?:19|20)\d{{2}}\.(?:0[1-9]|1[0-2])\.(?:0[1-9]|[12]\d|3[01]){_NUM_CLOSE}"  # 2026.10.26
    rf"|{_FOREIGN_DATE}"                                                       # 23 de octubre de 2026
    # Japanese, Chinese and Korean dates: 2026年10月27日, 2026년 10월 27일 (a word of those scripts may
    # touch the year, so no word boundary is asked for).
    r"|(?<!\d)(?:19|20)\d{2}\s?[年년]\s?(?:0?[1-9]|1[0-2])\s?[月월]\s?(?:0?[1-9]|[12]\d|3[01])\s?[日일]"
    # The same counted in an era's years: Taiwan's Minguo (民國115年10月20日), Japan's Reiwa and Heisei;
    # in kanji numerals too (令和八年十一月二十日, 二〇二六年十一月二十日).
    r"|(?:" + _ERAS + r")\s?(?:\d{1,3}|元|" + _KANJI_NUMBER + r")\s?年"
    r"\s?(?:0?[1-9]|1[0-2]|" + _KANJI_NUMBER + r")\s?月"
    r"\s?(?:0?[1-9]|[12]\d|3[01]|" + _KANJI_NUMBER + r")\s?日"
    r"|[〇一二三四五六七八九]{4}\s?年\s?" + _KANJI_NUMBER + r"\s?月\s?" + _KANJI_NUMBER + r"\s?日"
    # Hungarian, year first: 2026. november 12.
    rf"|\b(?:19|20)\d{{2}}\.\s*{_HUNGARIAN}\s+(?:0?[1-9]|[12]\d|3[01])(?:\.|\b)"
    # A Solar Hijri date, day first: ۲۰ آبان ۱۴۰۵ (20 Aban 1405, 11 November 2026).
    rf"|\b(?:0?[1-9]|[12]\d|3[01])\s+{_SOLAR_HIJRI}\s+1[34]\d{{2}}\b"
    # An Ethiopian date: ኅዳር 3 ቀን 2019 ዓ.ም. (3 Hidar 2019, 12 November 2026), or 3 Hidar 2019 E.C.
    rf"|(?<!\w){_ETHIOPIAN}\s+(?:0?[1-9]|[12]\d|30)\s+(?:ቀን\s+)?(?:19|20)\d{{2}}(?:\s?{_ETHIOPIAN_ERA})?"
    rf"|\b(?:0?[1-9]|[12]\d|30)\s+{_ETHIOPIAN}\s+(?:19|20)\d{{2}}\s?{_ETHIOPIAN_ERA}"
    # An ISO week date: 2026-W48-1 (Monday of week 48), 2026W481.
    r"|\b(?:19|20)\d{2}-?W(?:0[1-9]|[1-4]\d|5[0-3])-?[1-7]\b"
    # Vietnamese: ngày 12 tháng 11 năm 2026
    r"|\b(?i:ngày)\s+(?:0?[1-9]|[12]\d|3[01])\s+(?i:tháng)\s+(?:0?[1-9]|1[0-2])\s+(?i:năm)\s+(?:19|20)\d{2}\b")


# A citation of statute: "C.R.S. § 8-2-113(2)", "Cal. Lab. Code §§ 2870", "820 ILCS 90/10", "18 U.S.C. § 1833(b)".
CITATION = re.compile(
    r"(?:\b[A-Z][A-Za-z.]*\.?[ \t\u00a0]+){0,4}§§?\s*\d[\w.:\-\u2013]*(?:\([\w]+\))*"  # (the code's name on the line)
    r"|\b\d+\s+ILCS\s+\d+/[\d.\-]+(?:\([\w]+\))*"
    r"|\b\d+\s+U\.S\.C\.\s+§?\s*\d+\w*"
    r"|\bRCW\s+\d+[\d.]*\d")


_D = r"(?P<d>\d{1,2})(?i:st|nd|rd|th)?"
_M = r"(?P<m>[A-Za-z]{3,9})\.?"
_Y = r"(?P<y>\d{4})"
_YW = rf"(?:{_Y}|(?P<yw>{_YEAR_WORDS}))"
_READINGS = [re.compile(p, re.I) for p in (
    rf"{_Y}-(?P<mm>\d{{2}})-{_D}", rf"{_Y}/(?P<mm>\d{{1,2}})/{_D}",
    rf"{_M}\s+{_D}{_YEAR_SEP}{_YW}", rf"{_D}\s+{_M}{_YEAR_SEP}{_Y}",
    rf"(?:the\s+|this\s+)?(?:{_D}|(?P<w>[a-z-]+))\s+(?:day\s+)?of\s+{_M}{_YEAR_SEP}{_YW}",
)]
_NUMERIC = re.compile(r"(?P<a>\d{1,2})(?P<s>[/-])(?P<b>\d{1,2})(?P=s)(?P<y>\d{4})")
_FOREIGN_READING = re.compile(rf"(?P<d>\d{{1,2}})(?:er|\.)?\s+(?:de\s+)?(?P<m>{_FOREIGN})\s*(?:de\s+|del\s+|พ\.ศ\.\s*)?"
                              rf"(?P<y>\d{{4}})")
_ISO_WEEK = re.compile(r"(?P<y>\d{4})-?W(?P<w>\d{2})-?(?P<d>[1-7])")
_HUNGARIAN_READING = re.compile(rf"(?P<y>\d{{4}})\.\s*(?P<m>{_HUNGARIAN})\s+(?P<d>\d{{1,2}})\.?")
_SOLAR_HIJRI_READING = re.compile(rf"(?P<d>\d{{1,2}})\s+(?P<m>{_SOLAR_HIJRI})\s+(?P<y>\d{{4}})")
_ETHIOPIAN_READING = re.compile(rf"(?P<m>{_ETHIOPIAN})\s+(?P<d>\d{{1,2}})\s+(?:ቀን\s+)?(?P<y>\d{{4}})(?:\s?{_ETHIOPIAN_ERA})?"
                                rf"|(?P<d2>\d{{1,2}})\s+(?P<m2>{_ETHIOPIAN})\s+(?P<y2>\d{{4}})\s?{_ETHIOPIAN_ERA}")
_CJK = re.compile(r"(?P<y>\d{4})\s?[年년]\s?(?P<m>\d{1,2})\s?[月월]\s?(?P<d>\d{1,2})\s?[日일]"
                  r"|ngày\s+(?P<vd>\d{1,2})\s+tháng\s+(?P<vm>\d{1,2})\s+năm\s+(?P<vy>\d{4})", re.I)
_ERA = re.compile(r"(?P<era>" + _ERAS + r")?\s?(?P<y>\d{1,3}|元|[〇一二三四五六七八九十]{1,4})\s?年\s?"
                  r"(?P<m>\d{1,2}|[〇一二三四五六七八九十]{1,3})\s?月\s?(?P<d>\d{1,2}|[〇一二三四五六七八九十]{1,3})\s?日")
_DOTTED = re.compile(r"(?P<d>\d{2})\.(?P<m>\d{2})\.(?P<y>\d{4})|(?P<y2>\d{4})\.(?P<m2>\d{2})\.(?P<d2>\d{2})")


def _day(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def date_readings(text: str) -> tuple[dt.date, ...]:
    """Every datetime.date a written date can mean, earliest first: one for ISO and written-out
    forms (in other languages too: "23 de octubre de 2026", "2026年10月23日", "民國115年10月23日") and dotted ones ("26.10.2026", day
    first), two for a numeric "12/01/2026" whose first two
    numbers could each be the month (US and day-first readings), none when it is no date ("2026-11-31",
    "13/13/2026", "Smarch 3, 2026")."""
    value = ascii_digits(text.strip())
    if re.match(r"^\d{4}-\d{2}-\d{2}", value):
        value = value[:10]  # a timestamp's date part
    m = _FOREIGN_READING.fullmatch(value)
    if m:
        year = int(m["y"])
        found = _day(year - BUDDHIST_ERA if year > 2400 else year, _FOREIGN_MONTHS[m["m"].lower()], int(m["d"]))
        return (found,) if found else ()
    m = _HUNGARIAN_READING.fullmatch(value)
    if m:
        found = _day(int(m["y"]), _HUNGARIAN_MONTHS[m["m"].lower()], int(m["d"]))
        return (found,) if found else ()
    m = _SOLAR_HIJRI_READING.fullmatch(value)
    if m:
        found = solar_hijri_to_gregorian(int(m["y"]), _SOLAR_HIJRI_MONTHS[m["m"]], int(m["d"]))
        return (found,) if found else ()
    m = _ETHIOPIAN_READING.fullmatch(value)
    if m:
        found = ethiopian_to_gregorian(int(m["y"] or m["y2"]), _ETHIOPIAN_MONTHS[(m["m"] or m["m2"]).lower()],
                                       int(m["d"] or m["d2"]))
        return (found,) if found else ()
    m = _ISO_WEEK.fullmatch(value)
    if m:
        try:
            return (dt.date.fromisocalendar(int(m["y"]), int(m["w"]), int(m["d"])),)
        except ValueError:
            return ()
    m = _CJK.fullmatch(value)
    if m:
        found = _day(int(m["y"] or m["vy"]), int(m["m"] or m["vm"]), int(m["d"] or m["vd"]))
        return (found,) if found else ()
    m = _ERA.fullmatch(value)
    if m and (m["era"] or not m["y"].isdigit()):
        y, month, day = 1 if m["y"] == "元" else kanji_number(m["y"]), kanji_number(m["m"]), kanji_number(m["d"])
        if y is None or month is None or day is None:
            return ()
        found = _day(ERA_BASES[m["era"]] + y if m["era"] else y, month, day)
        return (found,) if found else ()
    m = _DOTTED.fullmatch(value)
    if m:  # day first, or year first: one reading
        found = _day(int(m["y"] or m["y2"]), int(m["m"] or m["m2"]), int(m["d"] or m["d2"]))
        return (found,) if found else ()
    m = _NUMERIC.fullmatch(value)
    if m:
        a, b, y = int(m["a"]), int(m["b"]), int(m["y"])
        return tuple(sorted({d for d in (_day(y, a, b), _day(y, b, a)) if d}))
    for pattern in _READINGS:
        m = pattern.fullmatch(value)
        if not m:
            continue
        groups = m.groupdict()
        if groups.get("mm"):
            month = int(groups["mm"])
        else:
            name = groups["m"].casefold()
            month = next((i for i, full in enumerate(_MONTHS, 1) if full.startswith(name[:3])
                          and (name == full or name in (full[:3], full[:4]))), 0)
        day = int(groups["d"]) if groups.get("d") else _ORDINAL_WORDS.get((groups.get("w") or "").casefold(), 0)
        year = int(groups["y"]) if groups.get("y") else year_in_words(groups.get("yw") or "")
        found = _day(year, month, day) if month and day and year else None
        return (found,) if found else ()
    return ()


_DATE_ANY_CASE = re.compile(DATE.pattern, re.I)  # for a casefolded (normalized) text


@functools.lru_cache(maxsize=64)
def days_named(text: str) -> frozenset[dt.date]:
    """Every day a text names, in every reading of each date, whatever its case (a `normalize`d
    text is casefolded): "14 December 2026" and "december 14, 2026" are one day."""
    return frozenset(d for m in _DATE_ANY_CASE.finditer(text) for d in date_readings(m.group(0)))


def parse_date(text: str) -> dt.date | None:
    """A datetime.date from a date in any form `DATE` finds (a timestamp's date part too), or None
    when it is no date or a numeric one that reads two ways (see `date_readings`)."""
    readings = date_readings(text)
    return readings[0] if len(readings) == 1 else None


def parse_iso_date(text: str) -> dt.date | None:
    """A datetime.date from exactly YYYY-MM-DD in ASCII digits (the form task.json's date fields take), or None."""
    return parse_date(text) if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()) else None


def dates(text: str) -> list[tuple[str, int]]:
    """Every date written in `text` with its character offset (as written: "٢٠٢٦/١٠/٣٠" too)."""
    return [(text[m.start():m.end()], m.start()) for m in DATE.finditer(ascii_digits(text))]


def _mark_ranges(*spans: tuple[int, int]) -> str:
    """The combining marks (categories Mn, Mc, Me) within `spans`, as the inside of a character class."""
    out, start = [], None
    for lo, hi in spans:
        for cp in range(lo, hi + 2):
            mark = cp <= hi and unicodedata.category(chr(cp)) in ("Mn", "Mc", "Me")
            if mark and start is None:
                start = cp
            elif not mark and start is not None:
                out.append(f"\\u{start:04x}" if cp - 1 == start else f"\\u{start:04x}-\\u{cp - 1:04x}")
                start = None
    return "".join(out)


# Characters of a word or a name, for a character class: \w, and the combining marks that \w leaves out
# (Thai and Indic vowel signs, kana voicing marks, accents written apart): "บันทึก.md" and "नोट.md"
# are whole names. Used as [{WORD}] or (?<![{WORD}]).
WORD = r"\w" + _mark_ranges((0x0300, 0x3100), (0xA670, 0xABFF), (0xFE00, 0xFE2F))


# A decimal digit of another script: Arabic-Indic ٣, Devanagari ३, full-width ３, ...
_OTHER_DIGIT = re.compile(r"(?![0-9])\d")


def ascii_digits(text: str) -> str:
    """`text` with the decimal digits of every script written as ASCII digits ("٢٠٢٦" is "2026",
    "२०२६" too), one character for one, so offsets and lines stay where they were."""
    if text.isascii() or not _OTHER_DIGIT.search(text):
        return text
    return _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group(0))), text)
