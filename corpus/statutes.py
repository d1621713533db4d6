"""Statutes as documents cite and quote them: citations, a provision's designation, and the
passages a document presents as the words of a statute (what H09 holds to the task's declared
seeded law)."""

from __future__ import annotations

import re

from oafreeze.corpus import text as tx

# A provision's designation as a citation ends in it: "8-2-113(8)(b)" of "C.R.S. § 8-2-113(8)(b)".
DESIGNATION = re.compile(r"\d[\w.:/\-\u2013]*(?:\([\w.]+\))*")


def designation(citation: str) -> str | None:
    """The designation a citation ends in ("8-2-113(8)(b)" of "C.R.S. § 8-2-113(8)(b)"), the longest if several."""
    # "第16600条(a)" designates 16600(a): the article's counter word is not part of the number.
    citation = re.sub(r"(?<=\d)\s*[条條조]", "", citation or "").replace("（", "(").replace("）", ")")
    found = [d.rstrip(".") for d in DESIGNATION.findall(citation)]
    return max(found, key=len) if found else None


# A citation, as statutes and regulations are cited in the workspace, with or without "§": the
# shared pattern, and the forms it leaves out. A section number is digits joined by . - : / with a
# letter and parenthesized subdivisions ("8-2-113(8)(a)", "49.62.020", "23:921", "201-d", "24L").
_NUM = r"\d+[A-Za-z]?(?:[.:/\-\u2013]\w+)*(?:\([\w.]+\))*"
_STRUCTURED = r"\d+[A-Za-z]?[.:\-\u2013]\w+(?:[.:/\-\u2013]\w+)*(?:\([\w.]+\))*"  # "8-2-113", not "4"
_SECTION_WORD = r"(?:§§?|[Ss]ections?|SECTION|[Ss]ecs?\.|s\.|ss\.|art\.)"
# A code's name ending in Code, Stat., Laws or Law: "Cal. Lab. Code", "Labor Code", "Minn. Stat.",
# "Mass. Gen. Laws", "N.Y. Lab. Law", "Tex. Bus. & Com. Code"; not an area, zip or promo code.
_CODE_NAME = (r"\b(?!(?:Area|Zip|ZIP|Postal|Post|Promo|Promotional|Discount|Coupon|Access|Country|Dial|Source|"
              r"Reference|Product|Billing|Security|Dress|Morse|Bar|QR|Error|Status|Cost|Account|Project)\s)"
              r"(?:(?!(?:As|The|See|Under|In|Per|Cf|By|Of|Its|This|That|Both|Whether)\s)[A-Z][A-Za-z]*\.?(?:[A-Z]\.)*\s+"
              r"|&\s+|and\s+){1,5}(?:Code|Stat\.|Stats\.|Statutes|Gen\.\s+Laws|Laws|Law)"
              r"(?:\s+Ann\.)?")
CITED = re.compile("|".join((
    "(?i:" + tx.CITATION.pattern + ")",
    r"(?i:\bLa\.\s*R\.\s*S\.\s*\d+:\d+|\b\d+\s+(?:CCR|C\.F\.R\.|CFR)\s+[\d.-]+|\b(?:Code|Act|Statutes?)\s+§)",
    # "C.R.S. 8-2-113(8)(a)", "A.R.S. 23-494", "N.J.S.A. 34:1B-1", "O.C.G.A. 13-8-53": a dotted
    # abbreviation, then a section number with parts (a bare "U.S. 662" is a reporter, not a code).
    rf"\b(?:[A-Z]{{1,2}}\.){{2,5}}\s*(?:§§?\s*)?{_STRUCTURED}",
    # Codes cited by an acronym: "ORS 653.295", "NRS 613.195", "MCL 445.774a", "RCW 49.62.020".
    rf"\b(?:RCW|ORS|NRS|MCL|MCLA|KRS|HRS|RSA|RSMo|SDCL|NDCC|NMSA|ARS|CRS|GS)\s+(?:§§?\s*)?{_STRUCTURED}",
    # "Cal. Lab. Code section 925", "Labor Code 2870", "Mass. Gen. Laws ch. 149, s. 24L", "Fla. Stat. s. 542.335".
    rf"{_CODE_NAME}\s+(?:(?:ch\.|c\.|chapter)\s*\d+\w*,?\s*)?(?:{_SECTION_WORD}\s*)?{_NUM}",
    # "Section 16600 of the Business and Professions Code", "section 5 of the Sherman Act" (a code of
    # conduct is not law).
    rf"\b{_SECTION_WORD}\s*{_NUM}(?:\s*(?:,|and|or|to|through)\s*{_NUM})*\s+of\s+(?:the\s+)?"
    r"(?:[A-Z][\w&.'\-]*,?\s+|and\s+|&\s+|of\s+){0,8}?(?:Code|Act|Statutes?|Laws?|Regulations|Constitution)\b"
    r"(?!\s+of\s+(?:Conduct|Ethics|Business\s+Conduct|Practice))",
    # A bare "Section 16600(a)" or "Sec. 8-2-113": a number shaped like a statute's, three digits or
    # more, or with parts joined by - or : ("Section 4.2", "Section 12(b)" are a contract's own).
    r"\b(?:[Ss]ections?|SECTION|[Ss]ec\.)\s*(?:\d{3,}[A-Za-z]?|\d+[A-Za-z]?[:\-\u2013]\w+)(?:[.:/\-\u2013]\w+)*"
    r"(?:\([\w.]+\))*",
    r"\bPub(?:lic|\.)\s*L(?:aw|\.)\s*(?:No\.\s*)?\d+-\d+",  # "Pub. L. No. 114-153", "Public Law 114-153"
    # European Union law: "Article 6(1)(b) of Regulation (EU) 2016/679", "Art. 28 GDPR", "Directive (EU)
    # 2019/1152, Article 4"
    r"\b(?:Article|Art\.)\s*\d+[a-z]?(?:\(\w{1,4}\))*\s+(?:of\s+(?:the\s+)?)?(?:(?:Regulation|Directive)\s*\("
    r"(?:EU|EC|EEC)\)\s*(?:No\s*)?\d{2,4}/\d{1,4}|(?:UK\s+)?GDPR|TFEU|TEU)",
    r"\b(?:Regulation|Directive)\s*\((?:EU|EC|EEC)\)\s*(?:No\s*)?\d{2,4}/\d{1,4}",
    # A code's article as Japanese and Chinese cite it ("職業法典第16600条(a)", "劳动合同法第23条") and
    # Korean ("근로기준법 제17조"); a contract's own articles ("本契約第3条") name no law.
    r"(?:法典|法律|法|条例|條例|規則|规则|法令)第\s*\d+\s*[条條](?:\s*[(（]\w{1,3}[)）])*",
    r"법(?:률)?\s*제\s*\d+\s*조(?:\s*\(\w{1,3}\))*",
)))
# What follows a citation that is a contract's own cross-reference, not law: "Section 4.2 of this
# Agreement", "§ 12 hereof", "Section 101 of the Stock Purchase Agreement".
_OWN_REFERENCE = re.compile(
    r"\s*(?:,\s*)?(?:hereof|herein|hereunder|above|below|of\s+(?:this|these|that|the|such|each|any)\s+"
    r"(?:[\w'\-]+\s+){0,4}?(?:Agreement|Contract|Plan|Policy|Handbook|Lease|Note|Indenture|Offer|Letter|Amendment|"
    r"Schedule|Exhibit|Appendix|Annex|Addendum|Terms|Bylaws|Charter|Certificate|Memorandum|Guide|Manual|Deed|"
    r"Order|Statement|SOW)s?\b)", re.I)


def citation_in(text: str) -> re.Match | None:
    """The first statute or regulation citation in `text`, skipping a document's references to its
    own sections ("Section 4.2 of this Agreement")."""
    for m in CITED.finditer(text):
        if not _OWN_REFERENCE.match(text, m.end()):
            return m
    return None


# Quoted as English, French and Spanish write it ("...", “...”, «...»), German („...“, »...«), and
# Japanese and Chinese (「...」, 『...』).
QUOTED = re.compile(r'"([^"]{60,4000})"|\u201c([^\u201d]{60,4000})\u201d|\u00ab\s?([^\u00bb]{60,4000}?)\s?\u00bb|'
                    r'\u201e([^\u201c\u201d]{60,4000})[\u201c\u201d]|\u00bb([^\u00ab]{60,4000})\u00ab|'
                    r'\u300c([^\u300d]{60,4000})\u300d|\u300e([^\u300f]{60,4000})\u300f')
# The voice of enacted text: duties, prohibitions, definitions, deeming, self-reference.
STATUTORY = re.compile(r"\b(?:shall|must\s+not|may\s+not|(?:is|are)\s+(?:\w+\s+(?:and|or)\s+|to\s+(?:that|the\s+extent)\s+"
                       r"(?:extent\s+)?)?(?:void|illegal|invalid|prohibited)|null\s+and\s+void|unlawful|"
                       r"unenforceable|this\s+(?:section|subsection|chapter|article|act|part|title)|"
                       r"(?:is|are|shall\s+be|may\s+be)\s+deemed|for\s+the\s+purposes?\s+of\s+(?:this\s+)?"
                       r"(?:sub)?(?:sections?|paragraphs?|chapter|article|act|part|title)\b|"
                       r"(?:employer|employee|person|worker|covenant)s?\b.{0,80}\b(?:means|includes)\b|"
                       # ... and as statutes translated for colleagues read: Spanish, Portuguese, French,
                       # Italian, German.
                       r"deber[áa]n?|no\s+podr[áa]n?|ser[áa]n?\s+nul[oa]s?|queda(?:n)?\s+prohibid[oa]s?|"
                       r"no\s+se\s+aplica(?:r[áa])?|se\s+considerar[áa]n?|(?:é|são)\s+nul[oa]s?|fica(?:m)?\s+proibid[oa]s?|"
                       r"n[ãa]o\s+se\s+aplica|est\s+nulle?|sont\s+nul(?:le)?s|est\s+interdite?|est\s+r[ée]put[ée]e?|"
                       r"ne\s+s['\u2019]applique\s+pas|au\s+sens\s+du\s+pr[ée]sent|è\s+null[oa]|non\s+si\s+applica|"
                       r"è\s+vietat[oa]|ai\s+sensi\s+del\s+presente|ist\s+nichtig|ist\s+unwirksam|darf\s+nicht|"
                       r"im\s+sinne\s+dieses)", re.I)
_HEADING = re.compile(r"^\s*(?:#{1,6}\s+|\*\*|[A-Z0-9 .,§()-]{6,}$)")
MIN_WORDS = 12


def split_paragraphs(text: str) -> list[tuple[int, str]]:
    """(offset, paragraph) of a text, paragraphs split at blank lines."""
    out, pos = [], 0
    for block in re.split(r"(\n\s*\n)", text):
        if block.strip() and not re.fullmatch(r"\n\s*\n", block):
            out.append((pos, block))
        pos += len(block)
    return out


# Markup tags (an XML export's, an HTML page's), whose attribute values would pair their quotation
# marks with a quotation's: blanked, one space for each character, so offsets stay where they were.
# HTML's own quotation elements (<q>, <blockquote>) become the quotation marks they stand for.
_TAG = re.compile(r"<[A-Za-z/?!][^<>\n]{0,400}>")
_QUOTE_TAG = re.compile(r"<(/?)(?:q|blockquote)(?:\s[^<>]*)?>", re.I)


def _blank(m: re.Match) -> str:
    tag = _QUOTE_TAG.fullmatch(m.group(0))
    if tag is None:
        return " " * len(m.group(0))
    return " " * (len(m.group(0)) - 1) + '"' if tag.group(1) else '"' + " " * (len(m.group(0)) - 1)


def _untagged(text: str) -> str:
    return _TAG.sub(_blank, text) if "<" in text else text


# A block quotation set off without quotation marks: an indented paragraph (reStructuredText's block
# quote; Markdown's code block), or any paragraph a line ending in a colon introduces as the text
# itself ("RCW 49.62.080(3) provides:", "reads in full:", "as follows:"): a PDF or a plain export
# loses the indentation, not the colon.
_INTRODUCES = re.compile(r"\b(?:provides?|provided|reads?|states?|stated|says?|said|stipulates?|declares?|"
                         r"follows|in\s+full|in\s+(?:relevant\s+)?part|verbatim)\s*:\s*$", re.I)


def _introduced(before: str, para: str) -> bool:
    """Whether `para` is set off as a block quotation by the paragraph `before` it."""
    if not before.rstrip().endswith(":"):
        return False
    lines = [ln for ln in para.splitlines() if ln.strip()]
    indented = all(ln[:1] in (" ", "\t") for ln in lines)
    return indented or _INTRODUCES.search(before.rstrip().splitlines()[-1]) is not None


# A quotation a sentence attributes to enacted law in words, with or without a citation: "the statute
# permits such a covenant only \"...\"", "Section 86(1) of the Employment Rights Act 1996 provides:
# \"...\"". Whatever its voice, the quoted words are given as the law's.
_SAYS = (r"(?:provides?|provided|permits?|permitted|allows?|allowed|requires?|required|says?|said|states?|stated|"
         r"reads?|prohibits?|prohibited|bars?|barred|limits?|limited|forbids?|mandates?|sets?\s+out|defines?|"
         r"defined|declares?|directs?)")
_LAW_SAYS = re.compile(rf"\b(?:the|this|that|its|our)\s+(?:statute|act|code|law|legislation|ordinance|regulation|"
                       rf"statutory\s+(?:text|language|provision|rule))\b(?:\s+[\w,]+){{0,4}}?\s+{_SAYS}\b"
                       r"[^\"\u201c\u201d.;]{0,60}$", re.I)
_CITE_SAYS = re.compile(rf"^[\s,]*(?:(?:19|20)\d\d\b[\s,]*)?(?:\([^()]{{0,40}}\)[\s,]*)?{_SAYS}(?:\s+(?:that|in\s+(?:full|(?:relevant\s+)?part)|"
                        r"as\s+follows))?\s*[:,]?\s*$", re.I)
# ... or the citation and a colon, the quotation right after it ("Article 6(1)(b) of Regulation (EU) 2016/679
# (GDPR): "processing is necessary ...""): the words are given as the cited law's.
_CITE_COLON = re.compile(r"^[\s,]*(?:\([^()]{0,40}\)[\s,]*)?:\s*$")
# A statute's subdivision named as the rule ("The venue rule is in subsection (6):"): it stands for a
# citation when the text it introduces is in the voice of enacted text.
_SUBDIVISION = re.compile(r"\bsub(?:section|paragraph|division)s?\s*\(\w{1,4}\)(?:\(\w{1,4}\))*", re.I)


# What may stand between a citation and the quotation that finishes its sentence: one clause, no sentence's end.
_CONTINUED = re.compile(r"[\s,:\u2014\u2013-]*[^.;!?\n\"\u201c\u201d]{3,160}")


def _attribution(before: str) -> tuple[str | None, bool]:
    """What the text before a quotation attributes it to, and whether that attribution alone makes it
    the law's words (a saying verb: "the statute provides", "§ 2870 reads"); a bare subdivision
    ("subsection (6)") needs the voice of enacted text too."""
    tail = before[-240:]
    m = _LAW_SAYS.search(tail)
    if m:
        return m.group(0).split()[1 if m.group(0).split()[0].lower() in ("the", "this", "that", "its", "our") else 0], True
    cites = [c for c in CITED.finditer(tail) if not _OWN_REFERENCE.match(tail, c.end())]
    if cites and (_CITE_SAYS.match(tail[cites[-1].end():]) or _CITE_COLON.match(tail[cites[-1].end():])):
        return cites[-1].group(0), True
    # The law's sentence begun after its citation and finished in quotation marks: "RCW 49.62.020(1)(a)(i):
    # a noncompetition covenant is void and unenforceable "unless the employer discloses ..."".
    if cites and _CONTINUED.fullmatch(tail[cites[-1].end():]) and STATUTORY.search(tail[cites[-1].end():]):
        return cites[-1].group(0), True
    sub = list(_SUBDIVISION.finditer(tail))
    return (sub[-1].group(0), False) if sub and not re.search(r"\b(?:agreement|contract|hereof|herein)\b", tail, re.I) \
        else (None, False)


# A line-numbered page (a hearing transcript, pleading paper): each line starts with its number, which
# would break the sentences and citations that run across lines.
_NUMBERED_LINE = re.compile(r"^[ \t]{0,4}\d{1,2}(?:(?:[ \t]{2,}|\t)(?=\S)|[ \t]*$)", re.M)


def unnumbered(text: str) -> str:
    """The text with its line numbers blanked when most of its lines carry one (a space for each
    character, so that every offset stays where it was)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    numbered = len(_NUMBERED_LINE.findall(text))
    if not lines or numbered < 8 or numbered < 0.6 * len(lines):
        return text
    return _NUMBERED_LINE.sub(lambda m: " " * len(m.group(0)), text)


# A statute's subdivision as a print sets it out: "(2)(b) Except for ...", "(a) An employer ...".
_SUBDIVISION_START = re.compile(r"^\s*\((?:\d{1,3}|[a-z]{1,4}|[A-Z]{1,2})\)(?:\(\w{1,4}\))*\s+\S")
PAGE_HEAD_LINES = 15
# A writer speaking (a memo's numbered point), which enacted text never does.
_PERSONAL = re.compile(r"\b(?:[Ww]e|[Oo]ur|us|[Yy]ou|[Yy]our|I|[Mm]y|me)\b")


def _page_citation(text: str) -> re.Match | None:
    """The citation a saved statute page is of: a line near its top that is a citation and little else
    ("C.R.S.A. § 8-2-113", "820 ILCS 90/10"), as research services print one."""
    for line in text.splitlines()[:PAGE_HEAD_LINES]:
        words = line.split()
        if not 0 < len(words) <= 8:
            continue
        m = citation_in(line)
        if m is not None and len(m.group(0)) >= 0.6 * len(line.strip()):
            return m
    return None


def law_passages(text: str) -> list[tuple[int, str, str]]:
    """Passages a document presents as the words of a statute: (offset, passage, citation).

    A passage is quoted text (in quotation marks, a block quote, or a paragraph set off after a line
    ending in a colon, see `_introduced`) of twelve words or more, in
    the voice of enacted text, with a citation in its paragraph, the heading above it or a short
    attribution line under it; or the paragraph that directly follows a heading that is a citation,
    or the lines under a citation that stands on its own line atop their paragraph."""
    out: list[tuple[int, str, str]] = []
    text = unnumbered(text)
    paragraphs = split_paragraphs(_untagged(text))
    page = _page_citation(text)
    for n, (at, para) in enumerate(paragraphs):
        heading = paragraphs[n - 1][1] if n else ""
        heading_cite = citation_in(heading) if heading and _HEADING.match(heading) and len(heading) < 200 else None
        candidates = []
        for m in QUOTED.finditer(para):
            candidates.append((at + m.start(), next(g for g in m.groups() if g), para[:m.start()]))
        quote_lines = [ln[1:].strip() for ln in para.splitlines() if ln.lstrip().startswith(">")]
        if quote_lines:
            candidates.append((at, " ".join(quote_lines), heading))
        elif n and _introduced(paragraphs[n - 1][1], para):
            candidates.append((at, " ".join(para.split()), paragraphs[n - 1][1]))
        else:  # the introducing line and the text in one paragraph (a Word document's lines)
            lines = para.split("\n")
            # (the pattern ends in a colon: only a line that does is tried)
            k = next((k for k, line in enumerate(lines[:-1]) if line.rstrip().endswith(":")
                      and _INTRODUCES.search(line.rstrip())), None)
            if k is not None:
                candidates.append((at + len("\n".join(lines[:k + 1])) + 1, " ".join(" ".join(lines[k + 1:]).split()),
                                   "\n".join(lines[:k + 1])))
        if heading_cite and not candidates and not _PERSONAL.search(para):
            candidates.append((at, para, ""))
        elif not candidates:  # a citation on a line of its own atop the paragraph (a saved statute page)
            lines = para.split("\n")
            # ... or ending it, as a saved page's title gives it ("Code Section - Business and Professions
            # Code 16600")
            k = next((k for k, line in enumerate(lines[:3]) if k + 1 < len(lines) and len(line.split()) <= 15
                      and (m := citation_in(line)) is not None
                      and (m.start() <= 2 or m.end() >= len(line.rstrip(" .:;\t")) - 1)), None)
            if k is not None:
                candidates.append((at + len("\n".join(lines[:k + 1])) + 1, " ".join(" ".join(lines[k + 1:]).split()), ""))
            elif page is not None and _SUBDIVISION_START.match(para) and not _PERSONAL.search(para):
                # a subdivision of the statute a saved page is of ("(2)(b) Except for ...", under a
                # Westlaw or Lexis print's "C.R.S.A. § 8-2-113" at its top)
                candidates.append((at, " ".join(para.split()), ""))
        for offset, body, before in candidates:
            said, alone = _attribution(before)
            if len(body.split()) < MIN_WORDS or not (STATUTORY.search(body) or alone):
                continue
            # ... or the attribution line under it ("(RCW 49.62.010(4))", "-- 820 ILCS 90/10")
            after = paragraphs[n + 1][1] if n + 1 < len(paragraphs) else ""
            cite = citation_in(para) or heading_cite or citation_in(text[max(0, at - 300):at]) or \
                (citation_in(after) if len(after.strip()) <= 80 else None) or page
            if cite and not said and _private_section(cite.group(0), f"{text[:400]}\n{heading}\n{para}"):
                continue
            if cite or said:
                out.append((offset, body.strip(), cite.group(0) if cite else said))
    return out


# A private instrument a document may quote by its own section signs: an employee handbook, a policy, a
# plan, a code of conduct. (A law or code named anywhere near makes a bare "§" the law's.)
_PRIVATE_INSTRUMENT = re.compile(r"\b(?:handbook|policy|policies|manual|code\s+of\s+(?:conduct|ethics|business\s+conduct)|"
                                 r"bylaws|by-laws|charter|guidelines|plan\s+document|rulebook|playbook|"
                                 r"standard\s+operating\s+procedures?)\b", re.I)
_PUBLIC_CODE = re.compile(r"\b(?:(?-i:Code)(?!\s+of\s+(?:Conduct|Ethics|Business\s+Conduct))|(?-i:Act)|[Ss]tatutes?|"
                          r"U\.?\s?S\.?\s?C|C\.?R\.?S|RCW|ILCS|C\.?F\.?R|[Rr]egulations?|[Ll]egislature|[Ll]aws?\s+of)\b")


def _private_section(cite: str, context: str) -> bool:
    """Whether a bare section sign ("§ 4.2", no code named before it) cites a private instrument the
    document says it quotes (an employee handbook's "§ 4.2 Outside Employment"), not a statute."""
    return cite.lstrip().startswith("§") and bool(_PRIVATE_INSTRUMENT.search(context)) and \
        not _PUBLIC_CODE.search(context)
