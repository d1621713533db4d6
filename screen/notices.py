"""Required notices and declared passages: the parts of a deliverable the screen leaves alone.

A notice the law requires inside the agreement explains the law to the signer by design
(the federal trade-secret immunity notice, the California invention notice, the Colorado
non-compete notice). Each recognizer finds the Markdown blocks that carry its notice; a
heading that carries it takes its whole section with it, a paragraph the list items that
follow it. Inside those spans the rules that would read the notice as analysis
(enforceability, statements of law, doctrine) and the copy detector stay silent; the others
(case names, penalties, source paths, advice to the company) still apply, because no
notice needs them.

Declared passages (the task's allowed passages, and required notices given as text) are
found word for word, markup and line breaks ignored, and nothing inside them is flagged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from oafreeze.screen.tokens import Token, blocks, mask_markdown, tokens

I = re.I


@dataclass(frozen=True)
class Notice:
    """A notice the screen can recognize: its id, what it is, and the pattern a block must match."""

    id: str
    title: str
    pattern: re.Pattern
    also: re.Pattern | None = None  # a second pattern the block must match too
    default: bool = False
    hints: tuple[str, ...] = ()  # lower-case words one of which the document must contain


NOTICES: dict[str, Notice] = {n.id: n for n in (
    Notice("dtsa-immunity", "Defend Trade Secrets Act immunity notice, 18 U.S.C. § 1833(b)",
           re.compile(r"1833\s*\(b\)|Defend\s+Trade\s+Secrets\s+Act|\bDTSA\b|(?:immun\w+|not\s+be\s+held\s+(?:criminally\s+"
                      r"or\s+civilly\s+)?liable)[^.]{0,160}trade\s+secret|whistleblower\s+immunity", I), default=True,
           hints=("1833", "defend trade", "dtsa", "trade secret", "whistleblower")),
    Notice("california-invention-notice", "California Labor Code §§ 2870-2872 invention notice",
           re.compile(r"(?:§+|sections?|Labor\s+Code)\s*287[012]\b|\b2870\s*(?:–|-|through|to)\s*2872\b", I),
           also=re.compile(r"\binvent", I), default=True, hints=("287",)),
    Notice("colorado-noncompete-notice", "Colorado notice of a covenant not to compete, C.R.S. § 8-2-113(4)",
           re.compile(r"8-2-113\s*\(4\)|notice\s+of\s+(?:a\s+)?covenant\s+not\s+to\s+compete", I), default=True,
           hints=("8-2-113", "covenant not to compete")),
    Notice("consult-counsel", "written advice to consult a lawyer (e.g. 820 ILCS 90/20, M.G.L. c. 149, § 24L)",
           re.compile(r"consult(?:\s+with)?\s+(?:an?\s+)?(?:lawyer|attorney|counsel)|right\s+to\s+(?:counsel|consult)", I)),
    Notice("review-period", "a statutory period to review the agreement before signing",
           re.compile(r"\b(?:\d+|seven|ten|fourteen)\s+(?:calendar\s+|business\s+)?days?\b[^.]{0,80}\breview"
                      r"|\breview\b[^.]{0,80}\b(?:\d+|seven|ten|fourteen)\s+(?:calendar\s+|business\s+)?days\b", I)),
)}


def notice_spans(raw: str, masked: str, ids: set[str]) -> list[tuple[int, int, str]]:
    """Character spans of the recognized notices (default ones plus `ids`), with the notice id."""
    low = raw.lower()
    active = [n for n in NOTICES.values() if (n.default or n.id in ids)
              and (not n.hints or any(h in low for h in n.hints)) and n.pattern.search(raw)]
    if not active:
        return []
    spans = blocks(raw, masked)
    out = []
    # A document whose title block names the notice is that notice, from top to bottom.
    for start, end in spans[:3]:
        head = raw[start:end]
        if len(head.split()) <= 15:
            for notice in active:
                if notice.pattern.search(head) and re.search(r"notice|notification", raw[spans[0][0]:end], I):
                    return [(spans[0][0], len(raw), notice.id)]
    for k, (start, end) in enumerate(spans):
        text = raw[start:end]
        for notice in active:
            if not notice.pattern.search(text) or (notice.also and not notice.also.search(text)):
                continue
            stop = end
            if text.lstrip().startswith("#"):
                # A notice heading takes its section: every block up to the next heading.
                for s2, e2 in spans[k + 1:]:
                    if raw[s2:e2].lstrip().startswith("#"):
                        break
                    stop = e2
            else:
                for s2, e2 in spans[k + 1:]:
                    if not re.match(r"\s*(?:[-*+]|\d{1,3}[.)]|\(?[a-z0-9]{1,3}\))\s", raw[s2:e2]):
                        break
                    stop = e2
            out.append((start, stop, notice.id))
    return out


def passage_spans(toks: list[Token], passages: tuple[str, ...]) -> list[tuple[int, int]]:
    """Token index ranges [first, last] where each declared passage occurs word for word."""
    words = [t.word for t in toks]
    out = []
    for passage in passages:
        want = [t.word for t in tokens(mask_markdown(passage))]
        if not want:
            continue
        n = len(want)
        for i in range(len(words) - n + 1):
            if words[i] == want[0] and words[i:i + n] == want:
                out.append((i, i + n - 1))
    return out


def unknown_ids(ids: set[str]) -> set[str]:
    """Required-notice entries that are not recognizer ids (they are taken as literal text)."""
    return {i for i in ids if i not in NOTICES}
