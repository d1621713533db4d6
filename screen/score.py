"""Scoring the screen against labelled documents: flags matched to labels, precision and recall.

A label names a leak: its kind and a quoted fragment of the passage. The passage is the
sentence, or the sentences, holding the fragment (`context`): a copied passage may be found
from its second clause, a rule may fire on the word before the quoted one. A flag matches a
label when it has the same kind, its lines overlap the passage's, and its evidence shares
words with the passage (three in a row, or all of a shorter one). Matching is one to one. An unmatched flag that lands on a labelled
passage of another kind is a *kind mismatch*: wrong kind, right passage. It counts against
the precision of its kind, but not against the passage-level precision, which asks only
whether a flag points at a real leak.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oafreeze.screen.model import FLAG_KINDS, Flag
from oafreeze.screen.tokens import tokens


@dataclass(frozen=True)
class Expected:
    """One labelled leak: kind, quoted fragment, its first and last line, and what it exercises."""

    kind: str
    passage: str
    line: int
    end_line: int
    variant: str = ""
    source: str | None = None
    context: str = ""           # the sentence(s) holding the fragment; the fragment if empty
    context_line: int = 0
    context_end_line: int = 0

    @property
    def span(self) -> tuple[int, int]:
        """First and last line of the labelled passage."""
        return (self.context_line or self.line, self.context_end_line or self.end_line)


@dataclass
class DocumentScore:
    """The outcome for one document."""

    id: str
    matched: list[tuple[Flag, Expected]] = field(default_factory=list)
    false_positives: list[Flag] = field(default_factory=list)
    false_negatives: list[Expected] = field(default_factory=list)
    mismatched: list[tuple[Flag, Expected]] = field(default_factory=list)


def _words(text: str) -> list[str]:
    return [t.word for t in tokens(text)]


def _shares_words(evidence: str, passage: str) -> bool:
    ev, ps = _words(evidence), _words(passage)
    if not ps or not ev:
        return False
    if len(ps) < 3:
        return all(w in ev for w in ps)
    grams = {tuple(ev[i:i + 3]) for i in range(len(ev) - 2)}
    return any(tuple(ps[i:i + 3]) in grams for i in range(len(ps) - 2))


def _touches(flag: Flag, label: Expected) -> bool:
    first, last = label.span
    return (flag.line <= last and first <= (flag.end_line or flag.line)
            and _shares_words(flag.evidence, label.context or label.passage))


def score_document(doc_id: str, flags: list[Flag], expected: list[Expected]) -> DocumentScore:
    """Match one document's flags to its labels."""
    out = DocumentScore(doc_id)
    open_labels = list(expected)
    unmatched = []
    for flag in sorted(flags, key=lambda f: (f.line, f.kind)):
        hit = next((e for e in open_labels if e.kind == flag.kind and _touches(flag, e)), None)
        if hit is None:
            unmatched.append(flag)
            continue
        open_labels.remove(hit)
        out.matched.append((flag, hit))
    for flag in unmatched:
        other = next((e for e in expected if e.kind != flag.kind and _touches(flag, e)), None)
        if other is not None:
            out.mismatched.append((flag, other))
        else:
            out.false_positives.append(flag)
    out.false_negatives = open_labels
    return out


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 3) if b else None


def summarize(scores: list[DocumentScore]) -> dict:
    """Precision and recall per flag kind and overall, strict and passage-level."""
    out: dict = {"documents": len(scores), "kinds": {}}
    total_tp = total_fp = total_fn = 0
    for kind in FLAG_KINDS:
        tp = sum(1 for s in scores for f, _ in s.matched if f.kind == kind)
        fp = sum(1 for s in scores for f in s.false_positives if f.kind == kind)
        fp += sum(1 for s in scores for f, _ in s.mismatched if f.kind == kind)
        fn = sum(1 for s in scores for e in s.false_negatives if e.kind == kind)
        out["kinds"][kind] = {"labels": tp + fn, "flags": tp + fp, "tp": tp, "fp": fp, "fn": fn,
                              "precision": _ratio(tp, tp + fp), "recall": _ratio(tp, tp + fn)}
        total_tp, total_fp, total_fn = total_tp + tp, total_fp + fp, total_fn + fn
    flags = total_tp + total_fp
    false_alarms = sum(len(s.false_positives) for s in scores)
    out["overall"] = {"labels": total_tp + total_fn, "flags": flags, "tp": total_tp, "fp": total_fp,
                      "fn": total_fn, "precision": _ratio(total_tp, flags),
                      "recall": _ratio(total_tp, total_tp + total_fn),
                      "kind_mismatches": sum(len(s.mismatched) for s in scores),
                      "false_alarms": false_alarms,
                      "passage_precision": _ratio(flags - false_alarms, flags)}
    clean = [s for s in scores if not s.matched and not s.false_negatives and not s.mismatched]
    out["clean_documents"] = {"count": len(clean),
                              "with_any_flag": sum(1 for s in clean if s.false_positives)}
    return out


def by_variant(scores: list[DocumentScore]) -> dict[str, dict[str, int]]:
    """Labels found and missed per variant (the variation a leak exercises)."""
    out: dict[str, dict[str, int]] = {}
    for s in scores:
        for _, e in s.matched:
            out.setdefault(f"{e.kind}: {e.variant}", {"found": 0, "missed": 0})["found"] += 1
        for e in s.false_negatives:
            out.setdefault(f"{e.kind}: {e.variant}", {"found": 0, "missed": 0})["missed"] += 1
    return dict(sorted(out.items()))
