"""The results as tables (pure), for papers: CSV and Markdown from the same rows the HTML page shows.

`build(data)` turns `results.compute`'s report into named tables, each a title, its
columns and its rows of plain values; `to_csv` and `to_markdown` print all of them, or one.
"""

from __future__ import annotations

import csv
import io

NAMES = ("cells", "counts", "replays", "judges", "splits", "screen")


def _table(title: str, columns: list[str], rows: list[list]) -> dict:
    return {"title": title, "columns": columns, "rows": rows}


def _failed_criteria(cell: dict) -> str:
    return " ".join(c["criterion"] for c in cell["criteria"] if c["effective"] == "fail")


def build(data: dict) -> dict[str, dict]:
    """Every table of the report, by name (NAMES)."""
    out: dict[str, dict] = {}
    out["cells"] = _table(
        "Cells: the production run of each task and model",
        ["task", "model", "family", "instance", "status", "run", "failed criteria", "placement verdict",
         "placement decided by", "screen", "screen flags", "replays"],
        [[c["task"], c["model"], c["family"] or "", c["instance"], c["status"], c["run_id"] or "",
          _failed_criteria(c), (c["placement"] or {}).get("effective", ""), (c["placement"] or {}).get("by", ""),
          (c["screen"] or {}).get("status", ""), (c["screen"] or {}).get("flags", ""),
          " ".join(f"{r['run_id']}:{r['status']}" for r in c["replays"])] for c in data["cells"]])
    rows = []
    for model, counts in data["models"].items():
        m = counts["matrix"]
        if m:
            rows.append([model, "matrix", "all criteria (all-pass)", "tasks", m["failed"], m["passed"], m["of"],
                         m["tasks"] - m["of"], m["tasks"], m["adjudicated"], m["by_majority"],
                         " ".join(m["failed_instances"]), m["text"]])
        for fam in counts["families"]:
            for r in fam["counts"]:
                label = f"trap '{r['name']}'" if r["kind"] == "trap" else f"criterion {r['name']}"
                rows.append([model, fam["family"], label, "instances", r["failed"], r["passed"], r["of"],
                             r["instances"] - r["of"], r["instances"], r["adjudicated"], r["by_majority"],
                             " ".join(r["failed_instances"]), r["text"]])
            a = fam["all_pass"]
            rows.append([model, fam["family"], "all criteria (all-pass)", "instances", a["failed"], a["passed"],
                         a["of"], fam["instances"] - a["of"], fam["instances"], a["adjudicated"], a["by_majority"],
                         " ".join(a["failed_instances"]), a["text"]])
    out["counts"] = _table(
        "Counts per model: the matrix over tasks (all-pass), each family over instances (one criterion or trap)",
        ["model", "scope", "measure", "denominator", "failed", "passed", "decided", "undecided", "total",
         "decided by a human", "decided by judge majority", "failed in", "text"], rows)
    out["replays"] = _table(
        "Replay stability: trials are the production run and its replays",
        ["task", "model", "criterion", "failed", "trials", "label", "by judge", "text"],
        [[r["task"], r["model"], r["criterion"], r["failed"], r["trials"], r["label"],
          "; ".join(f"{b['judge']}: {b['failed']} of {b['trials']}" for b in r["by_judge"]), r["text"]]
         for r in data["replays"]])
    j = data["judges"]
    out["judges"] = _table(
        f"Judge quality: {j['text']}",
        ["judge", "judgings", "verdicts", "adjudicated", "false pass", "false fail", "routed to review"],
        [[r["judge"], r["judgings"], r["verdicts"], r["adjudicated"], r["false_pass"], r["false_fail"],
          r["routed_to_review"]] for r in j["by_judge"]])
    out["splits"] = _table(
        "Inter-judge splits: the same run and criterion, different verdicts",
        ["task", "model", "run", "criterion", "verdicts", "human ruling"],
        [[s["task"] or "", s["model"] or "", s["run_id"], s["criterion"],
          "; ".join(f"{k}: {v}" for k, v in sorted(s["verdicts"].items())), s["adjudication"] or ""]
         for s in j["split_list"]])
    sc = data["screen"]
    out["screen"] = _table(
        f"Screen and placement verdict disagreements: {sc['text']}",
        ["task", "model", "run", "screen", "flags", "placement verdict", "decided by", "criteria"],
        [[d["task"], d["model"], d["run_id"], d["screen"], d["flags"], d["verdict"], d["by"],
          " ".join(d["criteria"])] for d in sc["disagreements"]])
    return out


def _chosen(built: dict[str, dict], name: str | None) -> list[tuple[str, dict]]:
    return [(name, built[name])] if name else list(built.items())


def to_csv(built: dict[str, dict], name: str | None = None) -> str:
    """One table as plain CSV; or every table, each after a '# name: title' line and a blank line between."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for k, (key, table) in enumerate(_chosen(built, name)):
        if name is None:
            if k:
                buf.write("\n")
            buf.write(f"# {key}: {table['title']}\n")
        writer.writerow(table["columns"])
        writer.writerows(table["rows"])
    return buf.getvalue()


def _cell(value) -> str:
    return str(value).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def to_markdown(built: dict[str, dict], name: str | None = None) -> str:
    """Every table (or one) as a Markdown heading and a pipe table; an empty table says so."""
    parts = []
    for _key, table in _chosen(built, name):
        lines = [f"### {_cell(table['title'])}", ""]
        if table["rows"]:
            lines.append("| " + " | ".join(_cell(c) for c in table["columns"]) + " |")
            lines.append("|" + "---|" * len(table["columns"]))
            lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in table["rows"]]
        else:
            lines.append("(none)")
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)
