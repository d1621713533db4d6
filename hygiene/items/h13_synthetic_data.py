"""H13 synthetic data and secrets: nothing real, nothing secret, nothing local."""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate

from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H13"
NAME = "synthetic data and secrets"

RESERVED_DOMAIN = re.compile(r"(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost)$", re.I)
# (kind, pattern, severity); secrets are quoted masked in the evidence.
RULES = [
    ("private key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"), "blocker"),
    ("API key", re.compile(r"\b(?:AKIA[0-9A-Z]{16}|sk-[A-Za-z0-9_-]{20,}|ghp_[A-Za-z0-9]{36}|"
                           r"xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{35})\b"), "blocker"),
    # URLs that carry their own secret: chat and automation webhooks, bot tokens, signed or keyed
    # links, credentials before the host.
    ("webhook URL", re.compile(r"\bhttps?://(?:hooks\.slack\.com/(?:services|workflows|triggers)/[\w/-]{10,}|"
                               r"(?:\w+\.)?discord(?:app)?\.com/api/webhooks/\d+/[\w-]+|"
                               r"[\w.-]*\.webhook\.office\.com/[^\s\"'<>)]+|outlook\.office(?:365)?\.com/webhook/[^\s\"'<>)]+|"
                               r"chat\.googleapis\.com/v1/spaces/[^\s\"'<>)]+|api\.telegram\.org/bot\d+:[\w-]+|"
                               r"hooks\.zapier\.com/hooks/catch/[^\s\"'<>)]+|[\w.-]+\.logic\.azure\.com[^\s\"'<>)]*sig=)",
                               re.I), "blocker"),
    ("secret in a URL", re.compile(r"\bhttps?://[^\s\"'<>/]+/?[^\s\"'<>]*[?&](?:token|access_token|api[_-]?key|apikey|"
                                   r"key|secret|sig|signature|password|passwd|auth|code)=[\w%.~+/-]{12,}", re.I),
     "blocker"),
    ("credentials in a URL", re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s/:@\"'<>]+:[^\s/@\"'<>]+@[\w.-]+", re.I), "blocker"),
    ("credential", re.compile(r"\b(?:api[_-]?key|secret|password|passwd|token)\s*[:=]\s*['\"]?[^\s'\"]{8,}", re.I),
     "blocker"),
    ("SSN", re.compile(r"\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b"), "major"),
    # A number labelled as one, however it is written: "SSN 529 41 7730", "social security no. 529.41.7730".
    ("SSN", re.compile(r"\b(?:SSN|SS#|S\.S\.N\.?|social\s+security(?:\s+(?:number|no\.?|#))?|taxpayer\s+id(?:entification)?"
                       r"(?:\s+number)?|TIN)(?!\w)[^\d\n]{0,30}?(?<!\d)(?!000|666|9\d\d)\d{3}[\s.]?(?!00)\d{2}[\s.]?(?!0000)\d{4}\b", re.I),
     "major"),
    ("e-mail address", re.compile(r"\b[\w.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)\b"), "major"),
    ("phone number", re.compile(r"(?<![\d-])(?:\+?1[ .-]?)?\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}(?![\d-])"), "major"),
    ("local path", re.compile(r"(?<![\w.])(?:/(?:Users|home|root|private/var|var/folders|mnt|tmp)/[^\s\"'<>)]+|"
                              r"[A-Za-z]:\\(?:Users|Documents and Settings)\\[^\s\"'<>]+)"), "major"),
    ("internal URL", re.compile(r"\bhttps?://(?:localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|"
                                r"172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|[\w.-]+\.(?:internal|local|corp|lan|intranet))"
                                r"(?::\d+)?[^\s\"'<>)]*", re.I), "major"),
]
SECRET_KINDS = {"private key", "API key", "credential", "webhook URL", "secret in a URL", "credentials in a URL"}
_URL_HOST = re.compile(r"://(?:[^\s/@]+@)?([^\s/:?#\"'<>]+)")


def _fictional_phone(number: str) -> bool:
    digits = re.sub(r"\D", "", number)[-10:]
    return digits[3:6] == "555" and digits[6:8] == "01"


def _allowed(kind: str, m: re.Match) -> bool:
    if kind == "e-mail address":
        return bool(RESERVED_DOMAIN.search(m.group(1)))
    if kind == "phone number":
        return _fictional_phone(m.group(0))
    if kind in ("secret in a URL", "credentials in a URL"):
        host = _URL_HOST.search(m.group(0))
        return bool(host and RESERVED_DOMAIN.search(host.group(1)))
    return False


def _shown(kind: str, value: str) -> str:
    # Never copy a secret into a report that will be shared.
    return value[:4] + "…(masked)" if kind in SECRET_KINDS else value


def _candidate_lines(text: str) -> list[int]:
    """The (1-based) lines where some rule may match, found by one pass of each rule over the
    whole text: a rule's match inside a line is also a match in the text, or lies inside an
    earlier match whose lines are all kept. The rules then run line by line on these alone."""
    ends: list[int] | None = None
    found: set[int] = set()
    for _kind, pattern, _severity in RULES:
        for m in pattern.finditer(text):
            if ends is None:
                ends = list(accumulate(len(line) for line in text.splitlines(keepends=True)))
            first = bisect_right(ends, m.start()) + 1
            last = bisect_right(ends, max(m.start(), m.end() - 1)) + 1
            found.update(range(first, min(last, len(ends)) + 1))
    return sorted(found)


def check(ctx: TaskContext) -> list[Finding]:
    """Real-looking personal data, credentials, local paths and internal URLs in task.json or the workspace."""
    out = []
    if ctx.has_block and ctx.ext.synthetic is not True:
        out.append(ctx.finding(ID, "minor", "task.json", "the task does not declare `synthetic: true`: readers "
                               "cannot tell whether its people and companies are invented",
                               "set oafreeze.synthetic to true once every name and number is fictional",
                               location="$.oafreeze.synthetic"))
    sources = [("task.json", ctx.task_json_text)] + [(f.rel, f.text) for f in ctx.task_files if f.text]
    for path, text in sources:
        lines = text.splitlines()
        for number in _candidate_lines(text):
            line = lines[number - 1]
            taken: list[tuple[int, int]] = []  # one finding for one stretch of text, by the first rule
            for kind, pattern, severity in RULES:
                for m in pattern.finditer(line):
                    if any(m.start() < e and s < m.end() for s, e in taken):
                        continue
                    taken.append((m.start(), m.end()))
                    if _allowed(kind, m):
                        continue
                    out.append(ctx.finding(
                        ID, severity, path, f"{kind} {_shown(kind, m.group(0))!r}: "
                        + ("a secret in a task is published with every copy of the environment"
                           if kind in SECRET_KINDS else
                           "real-looking personal or local data; the task must be synthetic and portable"),
                        "remove it" if kind in SECRET_KINDS else
                        "use reserved values: example.com addresses, 555-01xx phone numbers, no real paths or hosts",
                        location=number, evidence=_shown(kind, tx.excerpt(line.strip()) if kind not in SECRET_KINDS
                                                         else m.group(0))))
    return out
