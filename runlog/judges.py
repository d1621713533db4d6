"""Judge quality, measured from the log (pure): splits between judges, and each judge against
the human rulings.

- A *judging* is one `verdicts` entry: one judge's verdicts on one run (production, trial or
  replay). Every judging in the log counts.
- An *inter-judge split* is a run and criterion on which the judges gave different verdicts.
- Against the human ruling in force, where there is one: a *false pass* is a judge PASS the
  human ruled fail, a *false fail* a judge FAIL the human ruled pass.
- *Routed to review*: the judge's FAIL verdicts that the contradiction check (contradiction.py)
  held for a human.
"""

from __future__ import annotations

from oafreeze.runlog.entries import LogState


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else ("es" if word.endswith("s") else "s"))


def measure(state: LogState) -> dict:
    """Judgings, splits and, per judge, its record against the humans."""
    by_judge: dict[str, dict] = {}
    verdicts_on: dict[tuple[str, str], dict[str, str]] = {}
    judgings = 0
    for run_id, entries in state.verdicts.items():
        for entry in entries:
            judgings += 1
            p = entry.payload
            row = by_judge.setdefault(p["judge"], {"judge": p["judge"], "judgings": 0, "verdicts": 0,
                                                   "adjudicated": 0, "false_pass": 0, "false_fail": 0,
                                                   "routed_to_review": 0})
            row["judgings"] += 1
            row["routed_to_review"] += len(p["review"])
            for v in p["verdicts"]:
                row["verdicts"] += 1
                verdicts_on.setdefault((run_id, v["criterion"]), {})[p["judge"]] = v["verdict"]
                ruling = state.latest_adjudication(run_id, v["criterion"])
                if ruling is None:
                    continue
                row["adjudicated"] += 1
                human = ruling.payload["verdict"]
                if v["verdict"] == "PASS" and human == "fail":
                    row["false_pass"] += 1
                elif v["verdict"] == "FAIL" and human == "pass":
                    row["false_fail"] += 1
    splits = []
    for (run_id, criterion), given in sorted(verdicts_on.items()):
        if len(set(given.values())) > 1:
            run = state.runs.get(run_id)
            ruling = state.latest_adjudication(run_id, criterion)
            splits.append({"run_id": run_id, "criterion": criterion, "verdicts": given,
                           "task": run.payload["task"] if run else None, "model": run.payload["model"] if run else None,
                           "adjudication": ruling.payload["verdict"] if ruling else None})
    rows = [by_judge[j] for j in sorted(by_judge)]
    text = f"{_plural(judgings, 'judging')}, {len(splits)} inter-judge split{'' if len(splits) == 1 else 's'}"
    errors = [f"{r['judge']}: " + ", ".join(_plural(r[key], word) for key, word in
                                            (("false_pass", "false pass"), ("false_fail", "false fail")) if r[key])
              for r in rows if r["false_pass"] or r["false_fail"]]
    if errors:
        text += "; " + "; ".join(errors)
    routed = sum(r["routed_to_review"] for r in rows)
    if routed:
        text += f"; {routed} verdict{'' if routed == 1 else 's'} routed to review"
    return {"judgings": judgings, "splits": len(splits), "split_list": splits, "by_judge": rows, "text": text}
