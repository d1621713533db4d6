"""Replay stability (pure): does a human-confirmed failure come back when the cell is run again?

For every cell whose production run has a failure a human confirmed, and for each criterion
so confirmed, the trials are the production run and its replays. A trial counts as failing
when its effective verdict on that criterion is fail (the human ruling where one exists,
else the judges' majority). The label is `deterministic` when every trial failed and
`intermittent` when at least one passed; `undecided` while a trial has no decided verdict
and none has passed, and `not replayed` before the first replay. The same count is given per
judge from the raw verdicts, so a disagreement between judges shows ("2 of 3 under judge A,
1 of 3 under judge B").
"""

from __future__ import annotations

from collections.abc import Callable

from oafreeze.runlog.entries import LogState


def _label(failed: int, passed: int, undecided: int, replays: int) -> str:
    if not replays:
        return "not replayed"
    if passed:
        return "intermittent"
    return "undecided" if undecided else "deterministic"


def measure(state: LogState, cells: list[dict], criterion_result: Callable) -> list[dict]:
    """One row per confirmed-failing criterion of a cell: failed trials, trials, label, per judge."""
    rows = []
    for cell in cells:
        if not cell["run_id"]:
            continue
        production = state.production[(cell["task"], cell["model"])]
        confirmed = sorted({e.payload["criterion"] for e in state.confirmed_failures(cell["run_id"])})
        replays = state.replays.get((cell["task"], cell["model"]), [])
        for criterion in confirmed:
            runs = []
            for entry in [production] + replays:
                res = criterion_result(state, entry.payload["run_id"], criterion)
                runs.append({"run_id": entry.payload["run_id"], "seq": entry.seq, "replay": entry.kind == "replay",
                             "effective": res["effective"], "basis": res["basis"],
                             "judges": {j["judge"]: j["verdict"] for j in res["judges"]},
                             "adjudication": res["adjudication"]["verdict"] if res["adjudication"] else None})
            failed = sum(1 for r in runs if r["effective"] == "fail")
            passed = sum(1 for r in runs if r["effective"] == "pass")
            undecided = len(runs) - failed - passed
            names = sorted({j for r in runs for j in r["judges"]})
            by_judge = [{"judge": j, "failed": sum(1 for r in runs if r["judges"].get(j) == "FAIL"),
                         "trials": sum(1 for r in runs if j in r["judges"])} for j in names]
            disagree = len({(b["failed"], b["trials"]) for b in by_judge}) > 1
            label = _label(failed, passed, undecided, len(replays))
            text = f"{cell['task']} · {cell['model']} · {criterion}: {failed} of {len(runs)}, {label}"
            if disagree:
                text += " (" + "; ".join(f"{b['failed']} of {b['trials']} under {b['judge']}" for b in by_judge) + ")"
            if undecided:
                text += f"; {undecided} trial{'s' if undecided > 1 else ''} without a decided verdict"
            rows.append({"task": cell["task"], "model": cell["model"], "instance": cell["instance"],
                         "criterion": criterion, "failed": failed, "trials": len(runs), "undecided": undecided,
                         "label": label, "runs": runs, "by_judge": by_judge, "judges_disagree": disagree,
                         "text": text})
    return rows
