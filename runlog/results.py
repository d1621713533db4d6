"""Results from the run log's layers (pure): per cell the effective verdict, per model the counts.

For each criterion of a cell's production run the effective verdict is the human
ruling in force where one exists; otherwise the judges' majority. A tie, or any judge
verdict routed to review by contradiction.py, leaves the criterion awaiting a human.
The raw judge verdicts are always shown beside the effective one. Replays are reported
with their cell but never change its verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oafreeze.runlog.entries import LogState


@dataclass(frozen=True)
class TaskInfo:
    """What results need from a task: its criteria (id -> title), instance label and trap."""

    id: str
    instance: str
    criteria: dict[str, str] = field(default_factory=dict)
    trap_kind: str | None = None
    trap_criteria: tuple[str, ...] = ()


def task_info(loaded) -> TaskInfo:
    """TaskInfo from a LoadedTask (task.py)."""
    ext = loaded.task.ext
    trap = ext.trap
    return TaskInfo(id=loaded.id, instance=ext.instance or loaded.id,
                    criteria={c.id: c.title for c in loaded.task.criteria},
                    trap_kind=trap.kind if trap else None, trap_criteria=tuple(trap.criteria) if trap else ())


def criterion_result(state: LogState, run_id: str, criterion: str) -> dict:
    """One criterion of one run: raw judge verdicts, the ruling in force, the effective verdict."""
    judges = []
    for entry in state.verdicts.get(run_id, []):
        for v in entry.payload["verdicts"]:
            if v["criterion"] == criterion:
                flag = next((r for r in entry.payload["review"] if r["criterion"] == criterion), None)
                judges.append({"judge": entry.payload["judge"], "verdict": v["verdict"], "seq": entry.seq,
                               "digest": entry.digest, "review": flag})
    layers = state.adjudications.get((run_id, criterion), [])
    ruling = None
    if layers:
        last = layers[-1].payload
        ruling = {"verdict": last["verdict"], "by": last["by"], "reason": last["reason"],
                  "confirms_failure": last["confirms_failure"], "seq": layers[-1].seq, "layers": len(layers)}
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


def run_result(state: LogState, run_id: str, info: TaskInfo | None) -> dict:
    """Every criterion of one run (the task's criteria, then any others judged), and its status."""
    judged = {v["criterion"] for e in state.verdicts.get(run_id, []) for v in e.payload["verdicts"]}
    ids = list(info.criteria) if info else []
    ids += sorted(judged - set(ids))
    criteria = [criterion_result(state, run_id, c) for c in ids]
    for c in criteria:
        c["title"] = info.criteria.get(c["criterion"]) if info else None
    return {"run_id": run_id, "status": _status(criteria), "criteria": criteria}


def cell_result(state: LogState, task: str, model: str, info: TaskInfo | None) -> dict:
    """One cell: its production run's result, its trials and replays."""
    production = state.production.get((task, model))
    out = {"task": task, "model": model, "instance": info.instance if info else task,
           "status": "not-run", "all_pass": None, "run_id": None, "seq": None, "criteria": [],
           "trials": [e.payload["run_id"] for e in state.trials.get((task, model), [])],
           "replays": [dict(run_result(state, e.payload["run_id"], info), seq=e.seq)
                       for e in state.replays.get((task, model), [])]}
    if production:
        res = run_result(state, production.payload["run_id"], info)
        out.update(status=res["status"], run_id=res["run_id"], seq=production.seq, criteria=res["criteria"],
                   all_pass={"pass": True, "fail": False}.get(res["status"]))
    return out


def _group_outcome(results: list[dict]) -> str:
    effective = {c["effective"] for c in results}
    for outcome in ("fail", "review", "missing"):
        if outcome in effective:
            return outcome
    return "pass" if results else "missing"


def model_counts(cells: list[dict], tasks: dict[str, TaskInfo], model: str) -> dict:
    """Per criterion (or per trap) how often `model` failed, with sentences for people."""
    mine = [c for c in cells if c["model"] == model]
    groups: dict[tuple[str, str], dict] = {}
    for cell in mine:
        info = tasks.get(cell["task"])
        by_group: dict[tuple[str, str], list[dict]] = {}
        ids = list(info.criteria) if info else [c["criterion"] for c in cell["criteria"]]
        results = {c["criterion"]: c for c in cell["criteria"]}
        for cid in ids:
            key = ("trap", info.trap_kind) if info and info.trap_kind and cid in info.trap_criteria \
                else ("criterion", cid)
            by_group.setdefault(key, [])
            if cid in results:
                by_group[key].append(results[cid])
        for key, res in by_group.items():
            g = groups.setdefault(key, {"kind": key[0], "name": key[1], "title": None, "failed": 0, "passed": 0,
                                        "review": 0, "undecided": 0, "failed_instances": []})
            if key[0] == "criterion" and info:
                g["title"] = g["title"] or info.criteria.get(key[1])
            outcome = _group_outcome(res) if cell["status"] != "not-run" else "missing"
            if outcome == "fail":
                g["failed"] += 1
                g["failed_instances"].append(cell["instance"])
            elif outcome == "pass":
                g["passed"] += 1
            elif outcome == "review":
                g["review"] += 1
            else:
                g["undecided"] += 1
    rows = []
    for (kind, name), g in sorted(groups.items(), key=lambda kv: (kv[0][0] != "trap", kv[0][1])):
        decided = g["failed"] + g["passed"]
        label = f"trap '{name}'" if kind == "trap" else f"criterion {name}" + (f" ({g['title']})" if g["title"] else "")
        verb = "leaked" if kind == "trap" else "failed"
        text = f"{label} {verb} in {g['failed']} of {decided} instances"
        if g["failed_instances"]:
            text += f" ({', '.join(g['failed_instances'])})"
        pending = [f"{g['review']} awaiting review"] if g["review"] else []
        pending += [f"{g['undecided']} not yet decided"] if g["undecided"] else []
        if pending:
            text += "; " + ", ".join(pending)
        rows.append(dict(g, of=decided, text=text))
    all_pass = sum(1 for c in mine if c["all_pass"] is True)
    decided = sum(1 for c in mine if c["all_pass"] is not None)
    return {"cells": len(mine), "all_pass": all_pass, "decided": decided,
            "all_pass_text": f"all criteria passed in {all_pass} of {decided} instances"
                             + (f"; {len(mine) - decided} not yet decided" if decided < len(mine) else ""),
            "counts": rows}


def compute(state: LogState, tasks: dict[str, TaskInfo]) -> dict:
    """The whole results report: cells, per-model counts, and what awaits a human."""
    if state.matrix is None:
        return {"matrix": None, "cells": [], "models": {}, "awaiting_review": []}
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
            "awaiting_review": awaiting}
