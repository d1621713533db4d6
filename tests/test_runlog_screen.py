"""The leakage screen in the run log: `run record` and `replay` store its result beside
deliverables_resolved; logs written before it existed still verify; a stored result that does
not fit the run's own outputs is refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from oafreeze.demo import run_demo
from oafreeze.plumbing.errors import CheckFailed
from oafreeze.runlog import log as runlog
from oafreeze.screen import VERSION
from test_screen_cli import TASK, package

MODEL = "example/drafting-model-a"
LEAK = ("Because your salary of $127,500 falls short of the $130,014 threshold for highly compensated workers, "
        "this letter carries no non-compete.")


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("demo") / "env"
    run_demo(root)
    return root


@pytest.fixture
def env(demo, tmp_path) -> Path:
    """A fresh copy of the frozen sample environment, for a log of its own."""
    return Path(shutil.copytree(demo, tmp_path / "env", symlinks=True))


def declare(cli, env):
    code, out, err = cli("matrix", "declare", "--tasks", "covenant-*", "--models", MODEL, "--env", str(env))
    assert code == 0, err


def test_a_recorded_run_stores_the_screen_result_with_its_version(cli, env, tmp_path):
    declare(cli, env)
    folder = package(tmp_path / "out", {"data-engineer-offer-letter.md": LEAK})
    code, out, err = cli("run", "record", TASK, MODEL, "--run-id", "r-1", "--outputs", str(folder), "--env", str(env))
    assert code == 0, err
    assert "screen v1: 1 flag(s) in 1 of 6 operative deliverable(s)" in out
    report = runlog.verify(runlog.log_path(env))
    assert report.ok
    payload = report.state.runs["r-1"].payload
    screen = payload["screen"]
    assert screen["version"] == VERSION and screen["status"] == "flagged"
    assert [(f["deliverable"], f["kind"], f["rule"]) for f in screen["flags"]] == [
        ("data-engineer-offer-letter.md", "legal-analysis", "threshold-comparison")]
    assert {s["deliverable"]: s["file"] for s in screen["screened"]} == {
        d: f for d, f in payload["deliverables_resolved"].items() if d.endswith(("-offer-letter.md", "-covenants.md"))}
    assert {"path": "documents/standing-instructions.md", "kind": "advisory"} in screen["workspace"]


def test_a_replay_stores_its_own_screen_result(cli, env, tmp_path):
    declare(cli, env)
    cli("run", "record", TASK, MODEL, "--run-id", "r-1", "--outputs",
        str(package(tmp_path / "a", {"data-engineer-offer-letter.md": LEAK})), "--env", str(env))
    judge = tmp_path / "j.json"
    judge.write_text(json.dumps({"format": "oafreeze.judge-verdicts/1", "run_id": "r-1",
                                 "judge": "google/gemini-3.1-pro-preview", "schema_version": "1",
                                 "verdicts": [{"criterion": "placement-operative-text",
                                               "reasoning": "The offer letter states threshold math; not met.",
                                               "verdict": "FAIL"}]}))
    assert cli("judge", "import", str(judge), "--env", str(env))[0] == 0
    assert cli("adjudicate", "r-1", "placement-operative-text", "--verdict", "fail", "--by", "A", "--reason",
               "threshold math in the offer letter", "--confirms-failure", "--env", str(env))[0] == 0
    code, out, err = cli("replay", TASK, MODEL, "--run-id", "r-2", "--outputs", str(package(tmp_path / "b")),
                         "--env", str(env))
    assert code == 0, err
    assert "screen v1: clean (6 operative deliverable(s))" in out
    assert runlog.verify(runlog.log_path(env)).state.runs["r-2"].payload["screen"]["status"] == "clean"


def test_a_task_whose_screen_settings_are_unusable_is_still_recorded_with_the_reason(cli, env, tmp_path):
    declare(cli, env)
    path = env / "tasks" / "covenant-package-v01" / "task.json"
    raw = json.loads(path.read_text())
    raw["oafreeze"]["screen"] = {"required_notices": ["no-such-notice"]}
    path.write_text(json.dumps(raw))
    code, out, err = cli("run", "record", "covenant-package-v01", MODEL, "--run-id", "r-1", "--outputs",
                         str(package(tmp_path / "a")), "--env", str(env))
    assert code == 0, err
    screen = runlog.verify(runlog.log_path(env)).state.runs["r-1"].payload["screen"]
    assert screen["status"] == "not-screened" and "oafreeze.screen.required_notices[0]" in screen["reason"]
    assert "not screened: the screen could not run" in out


def _old_run(env: Path) -> dict:
    """A run payload as oafreeze wrote it before the screen existed: no `screen` field."""
    return {"task": TASK, "model": MODEL, "run_id": "r-old", "production": True, "outputs": [],
            "deliverables_resolved": {"rationale.md": None}, "match_method": {}, "unassigned": []}


def test_a_log_written_before_the_screen_existed_still_verifies_and_gives_results(cli, env):
    path = runlog.log_path(env)
    runlog.append(path, "matrix", {"task_globs": ["covenant-*"], "tasks": [TASK], "models": [MODEL]})
    runlog.append(path, "run", _old_run(env))
    assert runlog.verify(path).ok
    code, data, _ = cli.json("results", "--env", str(env))
    assert code == 0 and data["cells"][0]["screen"] is None and data["screen"]["screened"] == 0


@pytest.mark.parametrize("damage, words", [
    (lambda s: s["screened"][0].update(file="other.md"), "deliverables_resolved gives"),
    (lambda s: s.update(status="clean"), "does not fit 1 flag(s)"),
    (lambda s: s["flags"][0].update(deliverable="rationale.md"), "which the screen did not read"),
    (lambda s: s["screened"][0].update(flags=3), "flag count"),
])
def test_a_stored_screen_result_that_does_not_fit_the_runs_outputs_is_refused(env, damage, words):
    path = runlog.log_path(env)
    runlog.append(path, "matrix", {"task_globs": ["covenant-*"], "tasks": [TASK], "models": [MODEL]})
    payload = _old_run(env)
    payload["deliverables_resolved"] = {"data-engineer-offer-letter.md": "offer.md"}
    payload["screen"] = {"version": VERSION, "status": "flagged", "reason": None,
                         "screened": [{"deliverable": "data-engineer-offer-letter.md", "file": "offer.md", "flags": 1}],
                         "missing": [], "unreadable": [], "workspace": [], "sources": {},
                         "flags": [{"deliverable": "data-engineer-offer-letter.md", "file": "offer.md",
                                    "kind": "legal-analysis", "rule": "penalty", "line": 3, "end_line": 3,
                                    "evidence": "x", "source": None, "source_evidence": None}]}
    runlog.append(path, "run", dict(payload, run_id="r-good"))
    damage(payload["screen"])
    with pytest.raises(CheckFailed) as exc:
        runlog.append(path, "run", dict(payload, run_id="r-bad", production=False))
    assert exc.value.problems[0].rule == "screen-matches-outputs" and words in exc.value.problems[0].message


def test_an_unknown_field_in_a_stored_screen_result_is_an_entry_shape_problem(env):
    path = runlog.log_path(env)
    runlog.append(path, "matrix", {"task_globs": ["covenant-*"], "tasks": [TASK], "models": [MODEL]})
    payload = dict(_old_run(env), screen={"version": "1", "status": "clean", "screened": [], "missing": [],
                                           "unreadable": [], "flags": [], "workspace": [], "sources": {},
                                           "verdict": "pass"})
    from oafreeze.plumbing.errors import BadInput
    with pytest.raises(BadInput) as exc:
        runlog.append(path, "run", payload)
    assert exc.value.problems[0].field == "payload.screen.verdict"
