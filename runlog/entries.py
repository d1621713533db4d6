"""The kinds of run-log entry, their payloads, and the rules every append obeys.

Kinds: `matrix` (the cells, declared once, before any run), `run` (a production or
trial run of a cell), `verdicts` (one judge's raw verdicts on one run), `adjudication`
(a human's ruling on one criterion of one run, pointing at the verdict entries it
rules on), `replay` (a re-run of a cell whose failure a human confirmed) and `note`.

The rules are checked twice: by `runlog.append_many` under the lock before a line is
written, and by `history_problems` over a whole log, so a hand-written entry that the
tool would have refused is reported by `oafreeze log verify` and the pre-commit check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from oafreeze.plumbing import hashing
from oafreeze.plumbing.errors import Problem

@dataclass(frozen=True)
class Entry:
    """One whole, parsed run-log entry (and the line it was read from, if any)."""

    seq: int
    time: str
    kind: str
    payload: dict
    prev: str
    digest: str
    line: int | None = None

    def as_dict(self) -> dict:
        """The entry as stored (without its line number)."""
        return {"seq": self.seq, "time": self.time, "kind": self.kind, "payload": self.payload,
                "prev": self.prev, "digest": self.digest}

    def ref(self) -> dict:
        """How other entries point at this one."""
        return {"seq": self.seq, "digest": self.digest}


HEX64 = r"^[0-9a-f]{64}$"
DIGEST = r"^sha256:[0-9a-f]{64}$"
RUN_ID = r"^[A-Za-z0-9][A-Za-z0-9._:+-]{0,127}$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Ref(_Strict):
    """A pointer at an earlier entry: its seq and its digest."""

    seq: int = Field(ge=1)
    digest: str = Field(pattern=DIGEST)


class OutputFile(_Strict):
    """One file a run produced: repo-style relative path, SHA-256, size."""

    path: str = Field(min_length=1)
    sha256: str = Field(pattern=HEX64)
    size: int = Field(ge=0)


class MatrixPayload(_Strict):
    """The declared cells: every task crossed with every model."""

    task_globs: list[str] = Field(min_length=1)
    tasks: list[str] = Field(min_length=1)
    models: list[str] = Field(min_length=1)


class ScreenFlag(_Strict):
    """One passage the leakage screen flagged in an operative deliverable (docs/SCREEN.md)."""

    deliverable: str = Field(min_length=1)
    file: str = Field(min_length=1)
    kind: str = Field(min_length=1)
    rule: str = Field(min_length=1)
    line: int = Field(ge=1)
    end_line: int | None = None
    evidence: str
    source: str | None = None
    source_evidence: str | None = None


class ScreenedFile(_Strict):
    """An operative deliverable the screen read: the output file and how many flags it drew."""

    deliverable: str = Field(min_length=1)
    file: str = Field(min_length=1)
    flags: int = Field(ge=0)


class ScreenUnreadable(_Strict):
    """A file the screen could not read (a deliverable's output or a source), and why."""

    deliverable: str | None = None
    path: str
    problem: str


class ScreenDocument(_Strict):
    """How the screen treated a workspace document outside the knowledge base."""

    path: str = Field(min_length=1)
    kind: Literal["knowledge-base", "advisory", "template", "law", "deal"]


class ScreenResult(_Strict):
    """The leakage screen's result on a run's operative deliverables, with the screen's version.

    Optional in a run or replay payload: logs written before the screen existed verify unchanged."""

    version: str = Field(min_length=1)
    status: Literal["clean", "flagged", "not-screened"]
    reason: str | None = None
    screened: list[ScreenedFile]
    missing: list[str]
    unreadable: list[ScreenUnreadable]
    flags: list[ScreenFlag]
    workspace: list[ScreenDocument]
    sources: dict[str, int]


class _Cell(_Strict):
    """What a run and a replay both record: the cell, the run id and the outputs matched."""

    task: str = Field(min_length=1)
    model: str = Field(min_length=1)
    run_id: str = Field(pattern=RUN_ID)
    outputs: list[OutputFile]
    deliverables_resolved: dict[str, str | None]
    match_method: dict[str, str]
    unassigned: list[str]
    screen: ScreenResult | None = None


class RunPayload(_Cell):
    """A run of one cell, its outputs and which output answers which deliverable."""

    production: bool
    # True when a production run was recorded although none of its outputs answered any
    # deliverable (`run record --allow-missing`): the log says that someone chose to.
    allow_missing: bool | None = None


class ReplayPayload(_Cell):
    """A re-run of a cell whose failure a human confirmed, pointing at both."""

    replays: Ref | None  # None or [] are refused by the rules, which say why
    confirmed_by: list[Ref]


class Verdict(_Strict):
    """One criterion's verdict as the judge gave it."""

    criterion: str = Field(min_length=1)
    reasoning: str
    verdict: Literal["PASS", "FAIL"]


class ReviewFlag(_Strict):
    """A verdict routed to a human (contradiction.py says why)."""

    criterion: str
    rule: str
    message: str
    evidence: str


class VerdictsPayload(_Strict):
    """One judge's raw verdicts on one run: the file's text kept exactly, and its digest."""

    run_id: str = Field(pattern=RUN_ID)
    judge: str = Field(min_length=1)
    schema_version: str = Field(min_length=1)
    source: str
    raw: str
    raw_sha256: str = Field(pattern=HEX64)
    reasoning_first: bool
    verdicts: list[Verdict] = Field(min_length=1)
    review: list[ReviewFlag]


class AdjudicationPayload(_Strict):
    """A human's ruling on one criterion of one run: a layer over the verdicts it names."""

    run_id: str = Field(pattern=RUN_ID)
    criterion: str = Field(min_length=1)
    verdict: Literal["pass", "fail"]
    by: str = Field(min_length=1)
    reason: str = Field(min_length=1)
    confirms_failure: bool
    points_at: list[Ref]  # empty is refused by the rules, which say why
    supersedes: Ref | None


class NotePayload(_Strict):
    """Free text for the record."""

    text: str = Field(min_length=1)


PAYLOADS: dict[str, type[BaseModel]] = {
    "matrix": MatrixPayload, "run": RunPayload, "verdicts": VerdictsPayload,
    "adjudication": AdjudicationPayload, "replay": ReplayPayload, "note": NotePayload,
}
KINDS = tuple(PAYLOADS)


@dataclass
class LogState:
    """What a log says so far, folded entry by entry."""

    by_seq: dict[int, Entry] = field(default_factory=dict)
    matrix: Entry | None = None
    cells: set[tuple[str, str]] = field(default_factory=set)
    runs: dict[str, Entry] = field(default_factory=dict)
    production: dict[tuple[str, str], Entry] = field(default_factory=dict)
    trials: dict[tuple[str, str], list[Entry]] = field(default_factory=dict)
    replays: dict[tuple[str, str], list[Entry]] = field(default_factory=dict)
    verdicts: dict[str, list[Entry]] = field(default_factory=dict)
    adjudications: dict[tuple[str, str], list[Entry]] = field(default_factory=dict)
    notes: list[Entry] = field(default_factory=list)

    def apply(self, entry: Entry) -> None:
        """Take an accepted entry into the state (first one wins where only one may exist)."""
        self.by_seq[entry.seq] = entry
        p = entry.payload
        if entry.kind == "matrix" and self.matrix is None:
            self.matrix = entry
            self.cells = {(t, m) for t in p["tasks"] for m in p["models"]}
        elif entry.kind in ("run", "replay"):
            cell = (p["task"], p["model"])
            self.runs.setdefault(p["run_id"], entry)
            if entry.kind == "replay":
                self.replays.setdefault(cell, []).append(entry)
            elif p["production"]:
                self.production.setdefault(cell, entry)
            else:
                self.trials.setdefault(cell, []).append(entry)
        elif entry.kind == "verdicts":
            self.verdicts.setdefault(p["run_id"], []).append(entry)
        elif entry.kind == "adjudication":
            self.adjudications.setdefault((p["run_id"], p["criterion"]), []).append(entry)
        elif entry.kind == "note":
            self.notes.append(entry)

    def verdict_entries(self, run_id: str, criterion: str) -> list[Entry]:
        """The verdict entries of a run that rule on `criterion`."""
        return [e for e in self.verdicts.get(run_id, [])
                if any(v["criterion"] == criterion for v in e.payload["verdicts"])]

    def latest_adjudication(self, run_id: str, criterion: str) -> Entry | None:
        """The ruling in force for one criterion of one run (the latest layer)."""
        layers = self.adjudications.get((run_id, criterion))
        return layers[-1] if layers else None

    def confirmed_failures(self, run_id: str) -> list[Entry]:
        """Rulings in force on a run that confirm a failure."""
        out = []
        for (rid, criterion), layers in sorted(self.adjudications.items()):
            last = layers[-1]
            if rid == run_id and last.payload["confirms_failure"] and last.payload["verdict"] == "fail":
                out.append(last)
        return out


def fold(entries: list[Entry]) -> LogState:
    """The state after these entries (assumed already checked)."""
    state = LogState()
    for entry in entries:
        state.apply(entry)
    return state


def _ref_matches(state: LogState, ref: dict, kind: str) -> Entry | None:
    target = state.by_seq.get(ref.get("seq"))
    if target is None or target.digest != ref.get("digest") or target.kind != kind:
        return None
    return target


def refusals(state: LogState, kind: str, payload: dict, source: str, line: int | None = None) -> list[Problem]:
    """Why the log must not take this entry now (empty when it may)."""
    def no(message: str, rule: str, fld: str | None = None) -> list[Problem]:
        return [Problem(source, message, field=fld, rule=rule, line=line)]

    model = PAYLOADS.get(kind)
    if model is None:
        return no(f"unknown entry kind {kind!r}; kinds are {', '.join(KINDS)}", "entry-shape", "kind")
    try:
        model.model_validate(payload)
    except ValidationError as exc:
        return [Problem(source, err["msg"], field="payload." + ".".join(str(x) for x in err["loc"]),
                        rule="entry-shape", line=line) for err in exc.errors()]
    p = payload
    if kind == "note":
        return []
    if kind == "matrix":
        if state.matrix is not None:
            return no(f"the matrix was declared at seq {state.matrix.seq}; it is declared once per freeze "
                      "(a new matrix needs a new freeze)", "matrix-once")
        if state.runs:
            return no("runs were recorded before the matrix", "matrix-first")
        return []
    if kind in ("run", "replay"):
        cell = (p["task"], p["model"])
        found = _screen_problems(p)
        if found:
            return no(found, "screen-matches-outputs", "screen")
        if state.matrix is None:
            return no("no matrix declared: run `oafreeze matrix declare` before recording runs", "matrix-first")
        if cell not in state.cells:
            return no(f"cell {p['task']} x {p['model']} is not in the declared matrix", "cell-in-matrix")
        if p["run_id"] in state.runs:
            return no(f"run id {p['run_id']!r} is already recorded at seq {state.runs[p['run_id']].seq}",
                      "run-id-unique", "run_id")
        if kind == "run":
            if p["production"] and cell in state.production:
                first = state.production[cell]
                return no(f"cell {p['task']} x {p['model']} already has its production run "
                          f"{first.payload['run_id']!r} (seq {first.seq}); record another as a trial or, "
                          "after a human confirms a failure, as a replay", "one-production-run")
            return []
        production = state.production.get(cell)
        if production is None:
            return no(f"cell {p['task']} x {p['model']} has no production run to replay", "replay-of-production",
                      "replays")
        if p["replays"] != production.ref():
            return no(f"replays must point at the production run of {p['task']} x {p['model']} "
                      f"(seq {production.seq})", "replay-of-production", "replays")
        confirmed = {e.seq: e for e in state.confirmed_failures(production.payload["run_id"])}
        if not confirmed:
            return no(f"no human has confirmed a failure of {p['task']} x {p['model']} (run "
                      f"{production.payload['run_id']!r}); adjudicate with --confirms-failure first",
                      "replay-needs-confirmed-failure")
        refs = p["confirmed_by"]
        if not refs or any(r["seq"] not in confirmed or confirmed[r["seq"]].digest != r["digest"] for r in refs):
            return no("confirmed_by must name rulings in force that confirm a failure of the production run",
                      "replay-needs-confirmed-failure", "confirmed_by")
        return []
    if kind == "verdicts":
        run = state.runs.get(p["run_id"])
        if run is None:
            return no(f"no run {p['run_id']!r} in this log; record the run first", "run-exists", "run_id")
        for earlier in state.verdicts.get(p["run_id"], []):
            if earlier.payload["judge"] == p["judge"]:
                return no(f"judge {p['judge']} already gave verdicts on run {p['run_id']!r} (seq {earlier.seq}); "
                          "verdicts are never re-rolled: route doubts to a human with `oafreeze adjudicate`",
                          "no-reroll")
        ids = [v["criterion"] for v in p["verdicts"]]
        if len(ids) != len(set(ids)):
            return no("a criterion is judged twice in one file", "criterion-unique", "verdicts")
        if hashing.sha256_bytes(p["raw"].encode("utf-8")) != p["raw_sha256"]:
            return no("raw_sha256 is not the digest of raw", "verdicts-raw-digest", "raw_sha256")
        from oafreeze.runlog import judgefile

        try:
            parsed = judgefile.parse(p["raw"].encode("utf-8"), p["source"])
        except Exception as exc:  # the raw text must still be a valid judge file
            return no(f"raw is not a valid judge file: {exc}", "verdicts-match-raw", "raw")
        if (parsed.run_id, parsed.judge, parsed.schema_version, parsed.verdicts) != \
                (p["run_id"], p["judge"], p["schema_version"], p["verdicts"]):
            return no("the verdicts differ from the raw file they were read from", "verdicts-match-raw")
        return []
    # adjudication
    if p["run_id"] not in state.runs:
        return no(f"no run {p['run_id']!r} in this log", "run-exists", "run_id")
    if p["confirms_failure"] and p["verdict"] != "fail":
        return no("--confirms-failure needs --verdict fail", "confirms-failure-is-fail", "confirms_failure")
    expected = [e.ref() for e in state.verdict_entries(p["run_id"], p["criterion"])]
    if not expected:
        return no(f"no judge verdict on criterion {p['criterion']!r} of run {p['run_id']!r}: an adjudication "
                  "points at verdicts", "points-at-verdicts", "criterion")
    if sorted(p["points_at"], key=lambda r: r["seq"]) != expected:
        return no("points_at must name every verdict entry on this criterion of this run, by seq and digest",
                  "points-at-verdicts", "points_at")
    latest = state.latest_adjudication(p["run_id"], p["criterion"])
    if (latest.ref() if latest else None) != p["supersedes"]:
        return no("supersedes must name the ruling in force (or be null for the first)", "supersedes-latest",
                  "supersedes")
    return []


def _screen_problems(p: dict) -> str | None:
    """Why a run's stored screen result does not fit the run's own outputs (None when it does)."""
    screen = p.get("screen")
    if not screen:
        return None
    resolved = p["deliverables_resolved"]
    screened = {(s["deliverable"], s["file"]) for s in screen["screened"]}
    for s in screen["screened"]:
        if resolved.get(s["deliverable"]) != s["file"]:
            return (f"screened {s['file']!r} for deliverable {s['deliverable']!r}, but deliverables_resolved "
                    f"gives {resolved.get(s['deliverable'])!r}")
    for f in screen["flags"]:
        if (f["deliverable"], f["file"]) not in screened:
            return f"a flag names {f['file']!r} ({f['deliverable']!r}), which the screen did not read"
    for s in screen["screened"]:
        if sum(1 for f in screen["flags"] if f["deliverable"] == s["deliverable"]) != s["flags"]:
            return f"the flag count of {s['deliverable']!r} differs from its flags"
    if (screen["status"] == "flagged") != bool(screen["flags"]):
        return f"status {screen['status']!r} does not fit {len(screen['flags'])} flag(s)"
    if screen["status"] == "not-screened" and screen["screened"]:
        return "status 'not-screened' with deliverables screened"
    return None


def history_problems(entries: list[Entry], source: str) -> tuple[LogState, list[Problem]]:
    """Replay the rules over a whole log: the state, and every entry the tool would have refused."""
    state = LogState()
    problems: list[Problem] = []
    for entry in entries:
        found = refusals(state, entry.kind, entry.payload, source, entry.line)
        problems += found
        if not any(p.rule == "entry-shape" for p in found):
            state.apply(entry)
    return state, problems
