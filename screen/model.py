"""What the screen takes in and gives back: sources, a task's policy, and flags."""

from __future__ import annotations

from dataclasses import asdict, dataclass

# Flag kinds.
COPIED_TEXT = "copied-text"
SOURCE_REFERENCE = "source-reference"
LEGAL_ANALYSIS = "legal-analysis"
FLAG_KINDS = (COPIED_TEXT, SOURCE_REFERENCE, LEGAL_ANALYSIS)

# Source kinds. Analysis (guides, checklists, surveys) and advisory workspace material
# (memos, client alerts, law files, instructions to counsel) must not be reproduced in
# operative text. Templates are form language and statute excerpts are the law's own
# words: either may be reproduced, and a passage they share with analysis is not counted
# as copied analysis.
KNOWLEDGE_BASE = "knowledge-base"
ADVISORY = "advisory"
TEMPLATE = "template"
LAW = "law"
SOURCE_KINDS = (KNOWLEDGE_BASE, ADVISORY, TEMPLATE, LAW)
REPRODUCIBLE = frozenset({TEMPLATE, LAW})


@dataclass(frozen=True)
class Source:
    """Material the agent had: `path` as the agent saw it, its text, and its kind (SOURCE_KINDS)."""

    path: str
    text: str
    kind: str = KNOWLEDGE_BASE

    def __post_init__(self):
        if self.kind not in SOURCE_KINDS:
            raise ValueError(f"source {self.path!r}: kind {self.kind!r} is not one of {', '.join(SOURCE_KINDS)}")


@dataclass(frozen=True)
class Flag:
    """One finding in an operative deliverable: what kind, where, and the passage that shows it.

    `line` and `end_line` are the 1-based first and last lines of the passage. For copied
    text, `source` and `source_evidence` name the source file and quote its passage.
    """

    kind: str
    line: int
    evidence: str
    rule: str
    source: str | None = None
    source_evidence: str | None = None
    end_line: int | None = None

    def as_dict(self) -> dict:
        """The flag as plain data, for JSON output."""
        return asdict(self)


@dataclass(frozen=True)
class Policy:
    """What the task allows in this deliverable.

    - `allowed_passages`: text the task declares allowed; a flag inside one is dropped.
    - `required_notices`: notices the law requires in this document, each either the id of a
      notice the screen recognizes (see `notices.NOTICES`; the federal trade-secret immunity
      notice, the California invention notice and the Colorado non-compete notice are always
      recognized) or the notice's literal text.
    - `deal_terms`: figures of the deal itself (salary, dates); a dollar amount listed here is
      never read as a statutory threshold or a penalty.
    """

    allowed_passages: tuple[str, ...] = ()
    required_notices: tuple[str, ...] = ()
    deal_terms: tuple[str, ...] = ()


_KB_ROOTS = ("practice-guides/", "checklists/", "surveys/")
# Files in a template's folder that carry commentary rather than the form itself.
_TEMPLATE_COMMENTARY = ("annotated", "readme", "notes", "commentary", "guide", "changelog", "log.md")


def kind_for_path(path: str, outside: str = ADVISORY) -> str:
    """The kind of a workspace file from its path in the OpenAgreements layout.

    A form under `templates/` is form language (TEMPLATE); a file beside it that annotates it
    (`template-annotated.md`, a README, notes) is analysis, like everything under the
    knowledge base's other roots or below a `knowledge-base/` folder (KNOWLEDGE_BASE);
    anything else is `outside` (ADVISORY by default; pass LAW for a statute excerpt).
    """
    p = "/" + path.replace("\\", "/").lstrip("./")
    name = p.rsplit("/", 1)[-1].lower()
    if "/templates/" in p:
        return KNOWLEDGE_BASE if any(word in name for word in _TEMPLATE_COMMENTARY) else TEMPLATE
    if "/knowledge-base/" in p or any(f"/{root}" in p for root in _KB_ROOTS):
        return KNOWLEDGE_BASE
    return outside
