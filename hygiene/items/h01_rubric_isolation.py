"""H01 rubric isolation: the grading material cannot reach the agent."""

from __future__ import annotations

import re
from functools import lru_cache

from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import SavedInParts, TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H01"
NAME = "rubric isolation"

# A file name says "grading material" by its words: one strong word is enough ("rubric.json",
# "answer-key.md", "grader_notes.txt"); "judge" or "prompt" only together with another grading
# word ("judge-prompt.txt", "judge-instructions.md"), since a court judge's order is ordinary
# legal material.
STRONG = {"rubric", "grader", "graders", "grading", "markscheme",
          "answerkey", "answerkeys", "expectedoutput", "expectedoutputs", "modelanswer", "modelanswers",
          "referenceanswer", "referenceanswers", "goldanswer", "goldanswers", "judgeprompt", "evalcriteria"}
# Strong words that also have an ordinary meaning (a rubric is a heading; grading is earthwork, job
# levels, produce): a file so named is grading material when its text speaks of the task too.
ORDINARY = {"rubric", "grading"}
# A business's own rubrics and scorecards ("ae-performance-rubric-2026.xlsx", "vendor-scorecard.pdf")
# are facts of the matter, not the task's grading: their text is still read for criteria and cues.
BUSINESS = {"performance", "sales", "interview", "interviews", "hiring", "recruiting", "recruitment", "bonus",
            "commission", "compensation", "promotion", "appraisal", "employee", "employees", "staff", "vendor",
            "supplier", "credit", "risk", "kpi", "kpis", "quarterly", "annual", "balanced", "customer", "candidate",
            "candidates", "safety", "quality", "tender", "bid", "procurement", "job", "jobs", "pay", "salary",
            "salaries", "wage", "wages", "role", "roles", "position", "positions", "band", "bands",
            # HR's pay grading: "grading-schedule.xlsx", "job-grading-structure.pdf", "grading-levels.csv"
            "schedule", "structure", "levels", "grades"}
# Words that name grading material when they are (nearly) the whole name ("criteria.md",
# "solutions-v2.md"), and are ordinary elsewhere ("selection-criteria.docx", "scoring-model.xlsx").
LEADING = {"criteria", "solution", "solutions", "scoring", "scorecard", "scoresheet"}
JUDGE_WITH = {"prompt", "prompts", "instructions", "instruction", "criteria", "guide", "guidance", "rubric",
              "scoring", "grading", "system", "template", "checklist"}
# Words in a document addressed to whoever grades the work: "PASS if" / "FAIL if" as LAB writes
# them, a grader addressed, a verdict asked for.
GRADER_CUES = [
    re.compile(r"\bPASS\s+(?:if|when|only\s+if)\b"), re.compile(r"\bFAIL\s+(?:if|when|otherwise)\b"),
    re.compile(r"\byou\s+are\s+(?:a|an|the)\s+(?:judge|grader|evaluator|assessor|marker)\b", re.I),
    re.compile(r"\b(?:grade|score|evaluate|assess|mark)\s+(?:the|each|every|this)\s+(?:response|output|answer|"
               r"deliverable|submission|agent)", re.I),
    re.compile(r"\b(?:verdict|rating)\s*(?::|of)\s*(?:PASS|FAIL|pass/fail)\b", re.I),
    re.compile(r"\b(?:return|give|output|answer\s+with)\s+(?:a\s+)?(?:verdict|PASS or FAIL|pass/fail)\b", re.I),
    re.compile(r"\b(?:grading|scoring|evaluation)\s+(?:criteria|rubric|instructions|guide|rules)\b", re.I),
    re.compile(r"\b(?:award|give)\s+(?:a\s+)?(?:pass|fail|full\s+(?:credit|marks)|zero)\b", re.I),
    re.compile(r"\bcriteri(?:on|a)\s+(?:id|ids)\b|\bmatch_criteria\b", re.I),
]
# For each cue, the literals every match of it contains (tests/hygiene/test_fast_paths.py holds them to it):
# a document without them is not searched with the cue at all.
CUE_GATES = [
    tx.Gate(("PASS",)), tx.Gate(("FAIL",)), tx.Gate(("you",), ("judge", "grader", "evaluator", "assessor", "marker"),
                                                     fold=True),
    tx.Gate(("grade", "score", "evaluate", "assess", "mark"), ("response", "output", "answer", "deliverable",
                                                               "submission", "agent"), fold=True),
    tx.Gate(("verdict", "rating"), ("pass", "fail"), fold=True),
    tx.Gate(("return", "give", "output", "answer"), ("verdict", "pass"), fold=True),
    tx.Gate(("grading", "scoring", "evaluation"), ("criteria", "rubric", "instructions", "guide", "rules"), fold=True),
    tx.Gate(("award", "give"), ("pass", "fail", "full", "zero"), fold=True),
    tx.Gate(("criteri",), fold=True),
]
SHINGLE = 5
BLOCKER_OVERLAP = 0.8  # near-verbatim copy of a criterion
MAJOR_OVERLAP = 0.5


def _name_words(name: str) -> list[str]:
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0] if "." in name.rsplit("/", 1)[-1].strip(".") else name
    stem = re.sub(r"([a-z])([A-Z])", r"\1 \2", stem)  # judgePrompt -> judge Prompt
    return [w for w in re.split(r"[^A-Za-z0-9]+", stem.lower()) if w]


@lru_cache(maxsize=1 << 16)
def grading_name(name: str) -> str | None:
    """Why a file name reads as grading material ('rubric', 'judge + prompt', ...), or None.
    (Memoized: every task of an environment carries the same knowledge-base names.)"""
    base = name.rsplit("/", 1)[-1]
    if base.lower() == "task.json":
        return "task.json"
    words = _name_words(base)
    if not words:
        return None
    joined = {a + b for a, b in zip(words, words[1:])}
    strong = sorted((set(words) | joined) & STRONG)
    if strong and not set(words) & BUSINESS:
        return strong[0]
    if words[0] in LEADING and len([w for w in words if not w.isdigit() and not re.fullmatch(r"v\d+", w)]) <= 2:
        return words[0]
    for judge in ("judge", "judges", "judging", "eval", "evals"):
        if judge in words and set(words) & JUDGE_WITH:
            return f"{judge} + {sorted(set(words) & JUDGE_WITH)[0]}"
    return None


def _task_specific(ctx: TaskContext) -> list:
    """Files whose text is the task's own: the task's documents, and any knowledge-base file that
    is not byte for byte the pinned one (an added note, an edited guide)."""
    return list(ctx.task_files) + list(ctx.kb_deviations())


def check(ctx: TaskContext) -> list[Finding]:
    """Grading files in the workspace; workspace text that reproduces a criterion or addresses the grader."""
    out = []
    for f in ctx.workspace:
        why = grading_name(f.rel)
        if why in ORDINARY and f.text and not _about_the_task(ctx, f.text):
            out.append(ctx.finding(
                ID, "minor", f.rel, f"{f.name!r} is named like grading material ({why}), but its text is about "
                "something the task's criteria do not grade: check it is the matter's own material",
                f"if it is grading material, move {f.name} out of documents/", evidence=f.rel.rsplit("/", 1)[-1]))
        elif why:
            out.append(ctx.finding(
                ID, "blocker", f.rel, f"the agent can open {f.name!r}, a grading file by its name ({why}): an agent "
                "that reads the rubric, the judge's prompt or the expected output scores on what it read, not on "
                "its work", "move the file out of documents/ (task.json and grading material live beside the "
                "workspace)", evidence=f.rel.rsplit("/", 1)[-1]))
    criteria = [(i, c, tx.shingles(c.match_criteria, SHINGLE)) for i, c in enumerate(ctx.task.criteria)]
    named = {f.rel for f in ctx.workspace if grading_name(f.rel)}
    wanted = {s for _, _, want in criteria for s in want}
    said: set[tuple[str, str]] = set()  # (file, criterion) reported
    # A document saved in parts is read whole too: a criterion cut between two pages is still there.
    for f in _task_specific(ctx) + ctx.saved_in_parts:
        text = f.text
        if not text:
            continue
        whole = isinstance(f, SavedInParts)
        reproduced = False
        have = tx.shingles(text, SHINGLE, among=wanted) if wanted else {}
        norm = None
        for i, c, want in criteria:
            if want:
                shared = [s for s in want if s in have]
                overlap = len(shared) / len(want)
                line = min((have[s] for s in shared), default=None)
            else:  # a criterion shorter than one shingle: verbatim containment only
                if not c.match_criteria.strip():
                    continue
                norm = norm if norm is not None else tx.normalize(text)
                overlap = 1.0 if tx.normalize(c.match_criteria) in norm else 0.0
                line = tx.locate(text, c.match_criteria)
            if overlap < MAJOR_OVERLAP or whole and any((p.rel, c.id) in said for p in f.parts):
                continue
            reproduced = True
            said.add((f.rel, c.id))
            out.append(ctx.finding(
                ID, "blocker" if overlap >= BLOCKER_OVERLAP else "major", f.rel,
                f"{f.rel}{f.where(line)} reproduces {overlap:.0%} of criterion {c.id!r} ({c.title}): the agent can "
                "read what the judge will look for and write to the rubric",
                f"remove or rewrite the passage in {f.rel} so it no longer restates criterion {c.id}",
                location=line, evidence=tx.line_text(text, line)))
        if reproduced or whole or f.rel in named:
            continue
        out += _grader_text(ctx, f, text)
    return out


def _grader_text(ctx: TaskContext, f, text: str) -> list[Finding]:
    """A document written for the grader (a judge's prompt, a paraphrased rubric): two or more
    distinct grading cues, or one cue beside a criterion's id or title."""
    low = tx.folded(text)
    hits = [(cue, m) for cue, gate in zip(GRADER_CUES, CUE_GATES) if gate.open(text, low) for m in [cue.search(text)]
            if m]
    ids = [c.id for c in ctx.task.criteria if len(c.id) >= 4 and c.id in text and _id_written(c.id, text)]
    norm = tx.normalize(text) if any(len(c.title) >= 20 for c in ctx.task.criteria) else ""
    titles = [c.title for c in ctx.task.criteria if len(c.title) >= 20 and tx.normalize(c.title) in norm]
    if len(hits) >= 2 or (hits and (ids or titles)) or len(ids) + len(titles) >= 2:
        first = min((m.start() for _, m in hits), default=None)
        line = text.count("\n", 0, first) + 1 if first is not None else (
            tx.locate(text, (ids + titles)[0]) if ids or titles else None)
        what = [m.group(0) for _, m in hits] + [f"criterion {i!r}" for i in ids] + [f"title {t!r}" for t in titles]
        if not ids and not titles and {cue for cue, _ in hits} <= PASS_FAIL and not _grades_the_task(ctx, text):
            # "PASS if the belt halts ..." in a client's test plan: the shape of a rubric, about
            # something the task's criteria do not grade.
            return [ctx.finding(
                ID, "minor", f.rel, f"{f.rel}{f.where(line)} is written in the grader's form ({', '.join(what[:4])}) "
                "about something the task's criteria do not grade: check it is the matter's own material",
                f"if it is grading material, take {f.rel} out of documents/", location=line,
                evidence=tx.line_text(text, line))]
        return [ctx.finding(
            ID, "major", f.rel, f"{f.rel}{f.where(line)} is written for the grader ({', '.join(what[:4])}): "
            "an agent that reads it learns what the judge will reward", f"take {f.rel} out of documents/, or "
            "remove the grading material from it", location=line, evidence=tx.line_text(text, line))]
    return []


# An id that is one plain word ("deposit", "scope") is the matter's own word in a lease or a notice; it names
# a criterion only where it is written as an id: after "criterion" or "id", or in backticks, brackets or quotes.
_PLAIN_ID = re.compile(r"[A-Za-z]+")


def _id_written(cid: str, text: str) -> bool:
    """Whether a document writes criterion id `cid` as an id (a plain-word id only where it is marked as one)."""
    if not _PLAIN_ID.fullmatch(cid):
        return re.search(rf"(?<![\w-]){re.escape(cid)}(?![\w-])", text) is not None
    return re.search(rf"(?i:\bcriteri(?:on|a)\s+(?:id\s+)?|\bid\s*[:=]?\s*)[`'\"“‘\[(]?{re.escape(cid)}(?![\w-])|"
                     rf"[`\[(]{re.escape(cid)}[`\])]|[\"“]{re.escape(cid)}[\"”]", text) is not None


PASS_FAIL = set(GRADER_CUES[:2])
# Words of the pass/fail form itself, said of anything graded.
_FORM_WORDS = {"pass", "fail", "fails", "passes", "otherwise", "unless", "either", "neither", "every", "within",
               "there", "their", "where", "which", "whether", "other", "after", "before", "about", "under", "those",
               "these", "would", "could", "should", "shall", "least", "first", "without", "being"}
TOPIC_SHARE = 0.2  # of a pass/fail line's topic words that the task's criteria or deliverables use
TOPIC_WORDS = 12  # fewer topic words than this say too little to tell what a document is about


def _topic(text: str) -> set[str]:
    return {w for w in tx.word_list(text) if len(w) >= 5 and w.isalpha() and w not in _FORM_WORDS}


def _task_words(ctx: TaskContext) -> set[str]:
    return _topic(" ".join([*(f"{c.title} {c.match_criteria}" for c in ctx.task.criteria),
                            *(n.replace("-", " ").replace("_", " ") for n in ctx.task.deliverables)]))


def _about_the_task(ctx: TaskContext, text: str) -> bool:
    """Whether a document speaks of what the task grades, or says too little to tell: a fifth or
    more of its topic words are words of the criteria or the deliverables' names."""
    topic = _topic(text)
    return len(topic) < TOPIC_WORDS or len(topic & _task_words(ctx)) >= TOPIC_SHARE * len(topic)


def _grades_the_task(ctx: TaskContext, text: str) -> bool:
    """Whether the pass/fail lines of a document speak of what the task's criteria grade: a
    fifth or more of their topic words are words of the criteria or the deliverables' names."""
    said = _task_words(ctx)
    lines = [line for line in text.splitlines() if "PASS" in line or "FAIL" in line]
    topic = _topic("\n".join(line for line in lines if any(cue.search(line) for cue in PASS_FAIL)))
    return not topic or len(topic & said) >= TOPIC_SHARE * len(topic)
