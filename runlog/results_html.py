"""The results page: one self-contained HTML file, rendered with jinja2 (autoescaped).

No script and nothing fetched: styles are inline and a content-security policy forbids
everything else, as on the audit's page. Every square of the matrix and of each family's
strip is an HTML `<details>`: it opens, without a script, on the instance's variables, every
judge's verdict with its reasoning, the human ruling and who made it, the replays and the
screen's flags. `templates/results.html.j2` holds the markup and `OUTCOMES` its colours.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

from oafreeze.plumbing.version import __version__

TEMPLATES = Path(__file__).resolve().parent / "templates"
# Outcome -> (label, colour). The screenshot test looks for these exact colours.
OUTCOMES = {
    "pass": ("pass", "#2e7d32"),
    "fail": ("fail", "#c62828"),
    "review": ("awaiting review", "#f9a825"),
    "pending": ("run, not judged", "#6d8fa3"),
    "not-run": ("not run", "#c9c9c9"),
}
# The backgrounds of the matrix and the strips: the screenshot test finds each region by them.
MATRIX_BACKGROUND = "#eaf1fb"
STRIP_BACKGROUND = "#fbf3e6"
POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"


def _outcome(criteria: list[dict], ids) -> str:
    chosen = [c for c in criteria if c["criterion"] in ids]
    effective = {c["effective"] for c in chosen}
    for outcome in ("fail", "review"):
        if outcome in effective:
            return outcome
    if not chosen or "missing" in effective:
        return "pending"
    return "pass"


def strip_outcome(cell: dict, info) -> str:
    """A family square's outcome: the trap's criteria where the task has a trap, else all-pass."""
    if cell["status"] == "not-run":
        return "not-run"
    if info is not None and info.trap_criteria:
        return _outcome(cell["criteria"], set(info.trap_criteria))
    return {"pass": "pass", "fail": "fail", "review": "review"}.get(cell["status"], "pending")


def _states(variables: dict) -> list[str]:
    return [str(variables[k]) for k in sorted(variables) if k.startswith("state_") and variables[k]]


def _short_variables(variables: dict) -> list[tuple[str, str]]:
    return [(k, str(v)) for k, v in variables.items() if isinstance(v, (str, int, float)) and len(str(v)) <= 80]


def notable(criterion: dict) -> bool:
    """A criterion the detail shows up front: anything but a pass with every judge agreeing and no ruling."""
    return (criterion["effective"] != "pass" or criterion["adjudication"] is not None
            or len({j["verdict"] for j in criterion["judges"]}) > 1)


def render(data: dict, tasks: dict) -> str:
    """The whole page as a string."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.tests["notable"] = notable
    models = data["matrix"]["models"] if data["matrix"] else []
    cells = {(c["task"], c["model"]): c for c in data["cells"]}
    matrix_tasks = [t for t in (data["matrix"]["tasks"] if data["matrix"] else [])
                    if not (tasks.get(t) and tasks[t].family)]
    families: dict[str, list[str]] = {}
    for t in (data["matrix"]["tasks"] if data["matrix"] else []):
        info = tasks.get(t)
        if info and info.family:
            families.setdefault(info.family, []).append(t)
    replays_by_cell: dict[tuple[str, str], list[dict]] = {}
    for r in data["replays"]:
        replays_by_cell.setdefault((r["task"], r["model"]), []).append(r)
    strips = []
    for name, ids in sorted(families.items()):
        trap = next((tasks[t].trap_kind for t in ids if tasks[t].trap_kind), None)
        strips.append({"family": name, "tasks": ids, "trap": trap,
                       "outcomes": {(t, m): strip_outcome(cells[(t, m)], tasks.get(t)) for t in ids for m in models}})
    template = env.get_template("results.html.j2")
    return template.render(
        data=data, models=models, cells=cells, tasks=tasks, matrix_tasks=matrix_tasks, strips=strips,
        outcomes=OUTCOMES, policy=POLICY, version=__version__, replays_by_cell=replays_by_cell,
        matrix_background=MATRIX_BACKGROUND, strip_background=STRIP_BACKGROUND,
        matrix_outcome=lambda c: {"pass": "pass", "fail": "fail", "review": "review",
                                  "pending": "pending"}.get(c["status"], "not-run"),
        states=_states, short_variables=_short_variables)
