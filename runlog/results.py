"""Results from the run log's layers (pure): per cell the effective verdict, per model the counts.

For each criterion of a cell's production run the effective verdict is the human
ruling in force where one exists; otherwise the judges' majority. A tie, or any judge
verdict routed to review by contradiction.py, leaves the criterion awaiting a human.
The raw judge verdicts are always shown beside the effective one. Replays are reported
with their cell but never change its verdict.

Two denominators, never mixed (the study's counting rules):

- the **matrix** (tasks that belong to no family) is scored all-pass over its tasks: a task
  passes only if every criterion passes ("6 of 6 tasks passed all criteria");
- a **family** (the instances of one task design) is scored on one criterion or one trap
  across its instances ("trap 'placement' leaked in 1 of 10 instances").

Replay stability, judge quality and the screen's agreement with the judges are computed
from the same layers in replays.py, judges.py and screening.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oafreeze.plumbing.errors import BadInput
from oafreeze.runlog import judges as judge_quality
from oafreeze.runlog import replays as replay_stability
from oafreeze.runlog import screening
from oafreeze.runlog.entries import LogState
from oafreeze.screen import workspace

MATRIX = "matrix"
DENOMINATORS = {
    "matrix": "tasks: a task passes only if every one of its criteria passes (all-pass)",
    "family": "instances of one task design, each scored on one criterion or trap",
    "rule": "a matrix count and a family count measure different things; do not compare one with the other",
}


@dataclass(frozen=True)
class TaskInfo:
    """What results need from a task: its criteria (id -> title), instance label, trap, family,
    variables, and the criteria the leakage screen speaks to."""

    id: str
    instance: str
    criteria: dict[str, str] = field(default_factory=dict)
    trap_kind: str | None = None
    trap_criteria: tuple[str, ...] = ()
    title: str = ""
    family: str | None = None
    variables: dict = field(default_factory=dict)
    placement: tuple[str, ...] = ()


def task_info(loaded) -> TaskInfo:
    """TaskInfo from a LoadedTask (task.py)."""
    ext = loaded.task.ext
    trap = ext.trap
    try:
        placement = workspace.placement_criteria(loaded)
    except BadInput:  # settings the screen cannot use: fall back to the criteria's names
        placement = workspace.placement_criteria(loaded, workspace.Settings())
    return TaskInfo(id=loaded.id, instance=ext.instance or loaded.id,
                    criteria={c.id: c.title for c in loaded.task.criteria},
                    trap_kind=trap.kind if trap else None, trap_criteria=tuple(trap.criteria) if trap else (),
                    title=loaded.task.title, family=ext.family,
                    variables=dict(ext.variables) if isinstance(ext.variables, dict) else {},
                    placement=tuple(placement))


def criterion_result(state: LogState, run_id: str, criterion: str) -> dict:
    """One criterion of one run: raw judge verdicts, the ruling in force, the effective verdict."""
    judges = []
    for entry in state.verdicts.get(run_id, []):
        for v in entry.payload["verdicts"]:
            if v["criterion"] == criterion:
                flag = next((r for r in entry.payload["review"] if r["criterion"] == criterion), None)
                judges.append({"judge": entry.payload["judge"], "verdict": v["verdict"], "seq": entry.seq,
                               "digest": entry.digest, "review": flag, "reasoning": v["reasoning"]})
    layers = state.adjudications.get((run_id, criterion), [])
    ruling = None
    if layers:
        last = layers[-1].payload
        ruling = {"verdict": last["verdict"], "by": last["by"], "reason": last["reason"],
                  "confirms_failure": last["confirms_failure"], "seq": layers[-1].seq, "layers": len(layers),
                  "time": layers[-1].time}
    passes = sum(1 for j in judges if j["verdict"] == "PASS")
    fails = sum(1 for j in judges if j["verdict"] == "FAIL")
    if ruling:
        effective, basis = ruling["verdict"], "adjudication"
    elif not judges:
        effective, basis = "missing", "no verdicts yet"
    elif any(j["review"] for j in judges):
        effective, basis = "review", "contradiction: " + next(j["review"]["message"] for j in judges if j["review"])
    elif passes == fails:
        effective, basis = "review", f"tie: {passes} pass, {fails} fail"
    else:
        effective = "pass" if passes > fails else "fail"
        basis = f"majority: {passes} pass, {fails} fail"
    return {"criterion": criterion, "effective": effective, "basis": basis, "judges": judges, "adjudication": ruling}


def _status(criteria: list[dict]) -> str:
    effective = {c["effective"] for c in criteria}
    if "fail" in effective:
        return "fail"
    if "review" in effective:
        return "review"
    if "missing" in effective or not criteria:
        return "pending"
    return "pass"


def screen_summary(entry) -> dict | None:
    """The screen's result stored with a run or replay, in short (None for runs recorded without one)."""
    screen = entry.payload.get("screen") if entry is not None else None
    if not screen:
        return None
    return {"status": screen["status"], "version": screen["version"], "flags": len(screen["flags"]),
            "files": sum(1 for s in screen["screened"] if s["flags"]), "screened": len(screen["screened"]),
            "reason": screen.get("reason"), "details": screen["flags"]}


def run_result(state: LogState, run_id: str, info: TaskInfo | None) -> dict:
    """Every criterion of one run (the task's criteria, then any others judged), and its status."""
    judged = {v["criterion"] for e in state.verdicts.get(run_id, []) for v in e.payload["verdicts"]}
    ids = list(info.criteria) if info else []
    ids += sorted(judged - set(ids))
    criteria = [criterion_result(state, run_id, c) for c in ids]
    for c in criteria:
        c["title"] = info.criteria.get(c["criterion"]) if info else None
    entry = state.runs.get(run_id)
    return {"run_id": run_id, "status": _status(criteria), "criteria": criteria, "screen": screen_summary(entry)}


def _placement(criteria: list[dict], info: TaskInfo | None) -> dict | None:
    """The effective verdict on the criteria the screen speaks to, and who decided it."""
    ids = list(info.placement) if info else []
    chosen = [c for c in criteria if c["criterion"] in ids]
    if not chosen:
        return None
    outcome = _group_outcome(chosen)
    by = "human" if any(c["adjudication"] for c in chosen if c["effective"] == outcome) else "judges"
    return {"criteria": ids, "effective": outcome, "by": by}


def cell_result(state: LogState, task: str, model: str, info: TaskInfo | None) -> dict:
    """One cell: its production run's result, its trials and replays."""
    production = state.production.get((task, model))
    out = {"task": task, "model": model, "instance": info.instance if info else task,
           "family": info.family if info else None, "title": info.title if info else "",
           "status": "not-run", "all_pass": None, "run_id": None, "seq": None, "criteria": [],
           "screen": None, "placement": None,
           "trials": [e.payload["run_id"] for e in state.trials.get((task, model), [])],
           "replays": [dict(run_result(state, e.payload["run_id"], info), seq=e.seq)
                       for e in state.replays.get((task, model), [])]}
    if production:
        res = run_result(state, production.payload["run_id"], info)
        out.update(status=res["status"], run_id=res["run_id"], seq=production.seq, criteria=res["criteria"],
                   all_pass={"pass": True, "fail": False}.get(res["status"]), screen=res["screen"],
                   placement=_placement(res["criteria"], info))
    return out


def _group_outcome(results: list[dict]) -> str:
    effective = {c["effective"] for c in results}
    for outcome in ("fail", "review", "missing"):
        if outcome in effective:
            return outcome
    return "pass" if results else "missing"


def _undecided_text(tally: dict) -> str:
    parts = [f"{tally[key]} {label}" for key, label in (("review", "awaiting review"), ("pending", "not judged"),
                                                         ("not_run", "not run")) if tally[key]]
    return ", ".join(parts)


def _tally() -> dict:
    return {"failed": 0, "passed": 0, "review": 0, "pending": 0, "not_run": 0, "adjudicated": 0, "by_majority": 0,
            "failed_instances": []}


def _count(tally: dict, outcome: str, label: str, by_human: bool) -> None:
    """Add one instance's outcome ('fail', 'pass', 'review', 'missing', 'not-run') to a tally."""
    if outcome in ("fail", "pass"):
        tally["failed" if outcome == "fail" else "passed"] += 1
        tally["adjudicated" if by_human else "by_majority"] += 1
        if outcome == "fail":
            tally["failed_instances"].append(label)
    elif outcome == "review":
        tally["review"] += 1
    elif outcome == "not-run":
        tally["not_run"] += 1
    else:
        tally["pending"] += 1


def _sentence(subject: str, verb: str, tally: dict, unit: str, count: str = "failed") -> str:
    """'<subject> <verb> in 1 of 10 instances (v03)', with the undecided ones said briefly.

    The denominator is the decided instances; when some are undecided it says so ("of 4
    decided instances; 6 undecided (1 awaiting review, 5 not run)"), and with none decided
    there is no count at all, never "0 of 0".
    """
    decided = tally["failed"] + tally["passed"]
    total = decided + tally["review"] + tally["pending"] + tally["not_run"]
    if not decided:
        return f"{subject}: no {unit} decided yet ({_undecided_text(tally)})"
    named = f" ({', '.join(tally['failed_instances'])})" if count == "failed" and tally["failed_instances"] else ""
    if decided == total:
        return f"{subject} {verb} in {tally[count]} of {total} {unit}s{named}"
    return (f"{subject} {verb} in {tally[count]} of {decided} decided {unit}s{named}; "
            f"{total - decided} undecided ({_undecided_text(tally)})")


def _all_pass_tally(cells: list[dict], label_of) -> dict:
    tally = _tally()
    for cell in cells:
        outcome = {"pass": "pass", "fail": "fail", "review": "review", "pending": "missing"}.get(cell["status"],
                                                                                              "not-run")
        by_human = bool(cell["criteria"]) and all(c["adjudication"] for c in cell["criteria"]
                                                  if c["effective"] == outcome)
        if outcome == "pass":  # all-pass decided by a human only if every criterion was ruled on
            by_human = all(c["adjudication"] for c in cell["criteria"])
        _count(tally, outcome, label_of(cell), by_human)
    return tally


def matrix_counts(cells: list[dict]) -> dict | None:
    """The matrix result of one model: tasks that passed every criterion, out of the matrix's tasks."""
    if not cells:
        return None
    tally = _all_pass_tally(cells, lambda c: c["task"])
    decided = tally["failed"] + tally["passed"]
    total = len(cells)
    if not decided:
        text = f"matrix: no task decided yet ({_undecided_text(tally)})"
    else:
        text = (f"matrix: {tally['passed']} of {total if decided == total else decided}"
                f"{'' if decided == total else ' decided'} tasks passed all criteria")
        if tally["failed_instances"]:
            text += f" (failed: {', '.join(tally['failed_instances'])})"
        if decided < total:
            text += f"; {total - decided} undecided ({_undecided_text(tally)})"
    return dict(tally, tasks=total, of=decided, denominator="tasks", measure="all-pass", text=text)


def family_counts(family: str, cells: list[dict], tasks: dict[str, TaskInfo]) -> dict:
    """One family for one model: per trap and per criterion, how many instances failed, and all-pass."""
    groups: dict[tuple[str, str], dict] = {}
    for cell in cells:
        info = tasks.get(cell["task"])
        ids = list(info.criteria) if info else [c["criterion"] for c in cell["criteria"]]
        results = {c["criterion"]: c for c in cell["criteria"]}
        members: dict[tuple[str, str], list[dict]] = {}
        for cid in ids:
            key = ("trap", info.trap_kind) if info and info.trap_kind and cid in info.trap_criteria \
                else ("criterion", cid)
            members.setdefault(key, [])
            if cid in results:
                members[key].append(results[cid])
        for key, res in members.items():
            g = groups.setdefault(key, dict(_tally(), kind=key[0], name=key[1], title=None))
            if key[0] == "criterion" and info:
                g["title"] = g["title"] or info.criteria.get(key[1])
            outcome = _group_outcome(res) if cell["status"] != "not-run" else "not-run"
            by_human = any(c["adjudication"] for c in res if c["effective"] == outcome)
            _count(g, outcome, cell["instance"], by_human)
    rows = []
    for (kind, name), g in sorted(groups.items(), key=lambda kv: (kv[0][0] != "trap", kv[0][1])):
        label = f"trap '{name}'" if kind == "trap" else f"criterion {name}"
        decided = g["failed"] + g["passed"]
        text = _sentence(label, "leaked" if kind == "trap" else "failed", g, "instance")
        # Printed: every trap; a criterion only where an instance failed it.
        rows.append(dict(g, of=decided, instances=len(cells), text=text, shown=kind == "trap" or g["failed"] > 0))
    all_pass = _all_pass_tally(cells, lambda c: c["instance"])
    return {"family": family, "instances": len(cells), "denominator": "instances", "counts": rows,
            "all_pass": dict(all_pass, of=all_pass["failed"] + all_pass["passed"],
                             text=_sentence("all criteria", "passed", all_pass, "instance", count="passed"))}


def model_counts(cells: list[dict], tasks: dict[str, TaskInfo], model: str) -> dict:
    """One model's results: the matrix (all-pass over tasks) and each family (one criterion or
    trap over instances), kept apart."""
    mine = [c for c in cells if c["model"] == model]
    matrix = [c for c in mine if not c["family"]]
    families: dict[str, list[dict]] = {}
    for c in mine:
        if c["family"]:
            families.setdefault(c["family"], []).append(c)
    return {"cells": len(mine), "matrix": matrix_counts(matrix),
            "families": [family_counts(name, fam, tasks) for name, fam in sorted(families.items())]}


def compute(state: LogState, tasks: dict[str, TaskInfo]) -> dict:
    """The whole results report: cells, per-model counts, replay stability, judge quality, the
    screen beside the placement verdicts, and what awaits a human."""
    quality = judge_quality.measure(state)
    if state.matrix is None:
        return {"matrix": None, "cells": [], "models": {}, "awaiting_review": [], "replays": [],
                "judges": quality, "screen": screening.compare([]), "denominators": DENOMINATORS}
    m = state.matrix.payload
    cells = [cell_result(state, t, model, tasks.get(t)) for t in m["tasks"] for model in m["models"]]
    awaiting = []
    for cell in cells:
        runs = [(cell["run_id"], cell["criteria"], False)] + [(r["run_id"], r["criteria"], True)
                                                               for r in cell["replays"]]
        for run_id, criteria, replay in runs:
            for c in criteria:
                if c["effective"] == "review":
                    awaiting.append({"task": cell["task"], "model": cell["model"], "run_id": run_id,
                                     "criterion": c["criterion"], "why": c["basis"], "replay": replay})
    return {"matrix": {"seq": state.matrix.seq, "tasks": m["tasks"], "models": m["models"]},
            "cells": cells, "models": {model: model_counts(cells, tasks, model) for model in m["models"]},
            "awaiting_review": awaiting,
            "replays": replay_stability.measure(state, cells, criterion_result),
            "judges": quality, "screen": screening.compare(cells), "denominators": DENOMINATORS}
