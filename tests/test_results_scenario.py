"""`oafreeze results` on a whole run log of the sample environment (tests/results_scenario.py):
replay stability, judge quality, the two denominators, the screen beside the judges, and the
same tables as CSV and Markdown."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from oafreeze.demo import run_demo
from results_scenario import GEMINI, MODEL_A, MODEL_B, SONNET, build


@pytest.fixture(scope="module")
def scenario(tmp_path_factory):
    """The sample environment with the README's story in its run log: (env, story, cli)."""
    from conftest import Cli

    root = tmp_path_factory.mktemp("scenario")
    env = root / "env"
    run_demo(env)
    cli = Cli()
    (root / "work").mkdir()
    story = build(cli, env, root / "work")
    return env, story, cli


@pytest.fixture(scope="module")
def report(scenario):
    env, _story, cli = scenario
    code, out, err = cli("results", "--env", str(env), "--json")
    assert code == 0, err
    return json.loads(out)


def test_a_confirmed_failure_replayed_twice_with_one_more_failure_is_2_of_3_intermittent(report):
    (row,) = report["replays"]
    assert (row["task"], row["model"], row["criterion"]) == ("covenant-package-original", MODEL_A,
                                                             "placement-operative-text")
    assert (row["failed"], row["trials"], row["label"]) == (2, 3, "intermittent")
    assert [(r["run_id"], r["replay"], r["effective"]) for r in row["runs"]] == [
        ("r-0001", False, "fail"), ("r-0101", True, "fail"), ("r-0102", True, "pass")]
    assert {b["judge"]: (b["failed"], b["trials"]) for b in row["by_judge"]} == {GEMINI: (2, 3), SONNET: (1, 3)}
    assert row["text"] == ("covenant-package-original · example/drafting-model-a · placement-operative-text: "
                           f"2 of 3, intermittent (1 of 3 under {SONNET}; 2 of 3 under {GEMINI})")


def test_judge_quality_counts_judgings_splits_and_each_judges_errors_against_the_humans(report):
    judges = report["judges"]
    assert judges["judgings"] == 68  # 32 production runs and 2 replays, two judges each
    assert judges["splits"] == 3
    by = {r["judge"]: r for r in judges["by_judge"]}
    assert (by[SONNET]["false_pass"], by[SONNET]["false_fail"]) == (1, 1)  # the overturned pass, the overturned fail
    assert (by[GEMINI]["false_pass"], by[GEMINI]["false_fail"], by[GEMINI]["routed_to_review"]) == (0, 1, 1)
    assert by[SONNET]["adjudicated"] == 3 and by[SONNET]["judgings"] == 34
    assert set(by[SONNET]) == {"judge", "judgings", "verdicts", "adjudicated", "false_pass", "false_fail",
                               "routed_to_review"}
    assert judges["text"] == (f"68 judgings, 3 inter-judge splits; {SONNET}: 1 false pass, 1 false fail; "
                              f"{GEMINI}: 1 false fail; 1 verdict routed to review")
    assert {(s["run_id"], s["criterion"]) for s in judges["split_list"]} == {
        ("r-0001", "placement-operative-text"), ("r-0028", "scope-of-edits"), ("r-0012", "client-email-changes")}


def test_the_matrix_counts_tasks_all_pass_and_a_family_counts_instances_on_its_trap(report):
    a = report["models"][MODEL_A]
    assert a["matrix"]["text"] == "matrix: 6 of 6 tasks passed all criteria" and a["matrix"]["denominator"] == "tasks"
    (family,) = a["families"]
    trap = next(r for r in family["counts"] if r["kind"] == "trap")
    assert trap["text"] == "trap 'placement' leaked in 1 of 10 instances (original)"
    assert (trap["adjudicated"], trap["by_majority"]) == (1, 9)
    assert family["denominator"] == "instances"
    assert family["all_pass"]["text"] == "all criteria passed in 9 of 10 instances"
    b = report["models"][MODEL_B]
    assert next(r for r in b["families"][0]["counts"] if r["kind"] == "trap")["text"] == (
        "trap 'placement' leaked in 0 of 10 instances")
    assert "not comparable" in report["denominators"]["rule"] or "do not compare" in report["denominators"]["rule"]


def test_the_text_says_which_denominator_is_which_and_stays_compact(scenario):
    env, _story, cli = scenario
    code, out, _ = cli("results", "--env", str(env))
    assert code == 0
    assert "a matrix result counts tasks that passed every criterion; a family result counts instances" in out
    assert "    matrix: 6 of 6 tasks passed all criteria" in out
    assert "    covenant-package: trap 'placement' leaked in 1 of 10 instances (original)" in out
    assert " of 0 " not in out and "failed in 0 of" not in out
    assert "28 other cells passed every criterion" in out
    assert "2 of 3, intermittent" in out and "3 inter-judge splits" in out
    assert len(out.splitlines()) < 40


def test_the_screen_is_shown_beside_the_placement_verdict_and_disagreements_are_listed(report, scenario):
    cells = {(c["task"], c["model"]): c for c in report["cells"]}
    leaky = cells[("covenant-package-original", MODEL_A)]
    assert leaky["screen"]["status"] == "flagged" and leaky["placement"] == {
        "criteria": ["placement-operative-text"], "effective": "fail", "by": "human"}
    flagged_but_passed = cells[("covenant-package-v03", MODEL_B)]
    assert flagged_but_passed["screen"]["flags"] == 2 and flagged_but_passed["placement"]["effective"] == "pass"
    screen = report["screen"]
    assert screen["screened"] == 32 and screen["flagged"] == 2
    assert [(d["task"], d["model"], d["screen"], d["verdict"], d["by"]) for d in screen["disagreements"]] == [
        ("covenant-package-v03", MODEL_B, "flagged", "pass", "judges")]
    assert screen["text"] == "screen flagged 1 cell the judges passed"
    env, _story, cli = scenario
    out = cli("results", "--env", str(env))[1]
    assert "screen beside the placement verdicts: screen flagged 1 cell the judges passed" in out
    assert "covenant-package-v03 x example/drafting-model-b (run r-0008): screen flagged (2 flags), judges: pass" in out


def test_the_same_tables_come_out_as_csv_and_markdown(scenario, report):
    env, _story, cli = scenario
    code, out, _ = cli("results", "--env", str(env), "--format", "csv", "--table", "replays")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and [(r["failed"], r["trials"], r["label"]) for r in rows] == [("2", "3", "intermittent")]
    code, out, _ = cli("results", "--env", str(env), "--format", "csv")
    sections = [line for line in out.splitlines() if line.startswith("# ")]
    assert [s.split(":")[0][2:] for s in sections] == ["cells", "counts", "replays", "judges", "splits", "screen"]
    code, out, _ = cli("results", "--env", str(env), "--format", "markdown")
    assert code == 0 and "### Replay stability" in out
    assert ("| covenant-package-original | example/drafting-model-a | placement-operative-text | 2 | 3 | "
            "intermittent |") in out
    assert f"| {SONNET} | 34 | " in out
    counts = cli("results", "--env", str(env), "--format", "csv", "--table", "counts")[1]
    measures = {(r["model"], r["scope"], r["measure"]): r for r in csv.DictReader(io.StringIO(counts))}
    assert measures[(MODEL_A, "matrix", "all criteria (all-pass)")]["denominator"] == "tasks"
    assert measures[(MODEL_A, "covenant-package", "trap 'placement'")]["denominator"] == "instances"


@pytest.mark.parametrize("args, field", [
    (("--format", "pdf"), "format"),
    (("--format", "csv", "--json"), "format"),
    (("--table", "judges"), "table"),
    (("--format", "markdown", "--table", "nope"), "table"),
])
def test_bad_options_are_refused_as_json_under_json(scenario, args, field):
    env, _story, cli = scenario
    code, out, err = cli("results", "--env", str(env), "--json", *args)
    error = json.loads(out)
    assert code == 2 and error["problems"][0]["field"] == field and error["exit_code"] == 2


def test_the_unknown_run_and_criterion_and_bad_verdict_errors_name_the_judge_file(scenario, tmp_path):
    env, _story, cli = scenario
    task = json.loads((env / "tasks" / "covenant-package-v01" / "task.json").read_text())
    from results_scenario import judge_file

    unknown_run = judge_file(tmp_path, "r-9999", GEMINI, task, {})
    code, out, _ = cli("judge", "import", str(unknown_run), "--env", str(env), "--json")
    error = json.loads(out)["problems"][0]
    assert code == 1 and (error["path"], error["field"], error["rule"]) == (unknown_run.name, "run_id", "run-exists")
    (tmp_path / "c").mkdir()
    bad = judge_file(tmp_path / "c", "r-0003", "openai/gpt-x", task, {"no-such-criterion": ("PASS", "ok")})
    doc = json.loads(bad.read_text())
    doc["judge"] = GEMINI
    doc["verdicts"].append({"criterion": "no-such-criterion", "reasoning": "met", "verdict": "PASS"})
    bad.write_text(json.dumps(doc))
    code, out, _ = cli("judge", "import", str(bad), "--env", str(env), "--json")
    error = json.loads(out)["problems"][0]
    assert code == 2 and (error["path"], error["field"], error["rule"]) == (bad.name, "verdicts", "criterion-exists")
    doc["verdicts"] = [{"criterion": "placement-operative-text", "reasoning": "fine", "verdict": "pass"}]
    bad.write_text(json.dumps(doc))
    code, out, _ = cli("judge", "import", str(bad), "--env", str(env), "--json")
    error = json.loads(out)["problems"][0]
    assert code == 2 and error["field"] == "verdicts[0].verdict" and error["path"] == str(bad)


def _readme_block(first: str) -> list[str]:
    """The indented block of README.md that starts with a line beginning `first`."""
    lines = (Path(__file__).resolve().parent.parent / "README.md").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("    " + first))
    block = []
    for line in lines[start:]:
        if not line.startswith("    ") and line.strip():
            break
        block.append(line[4:])
    while block and not block[-1].strip():
        block.pop()
    return block


def test_the_readme_shows_the_output_this_scenario_gives(scenario):
    env, _story, cli = scenario
    shown = _readme_block("freeze ")
    out = cli("results", "--env", str(env))[1].splitlines()
    assert re.match(r"freeze \d{8}T\d{6}Z \(sha256:[0-9a-f]{64}\), knowledge base [0-9a-f]{12}; log 106 entries, "
                    r"head seq 106$", out[0])
    assert shown[1:] == out[1:]  # the first line names this freeze: its id and digest differ per run
    table = _readme_block("$ oafreeze results --format markdown --table judges")[1:]
    assert table == cli("results", "--env", str(env), "--format", "markdown", "--table", "judges")[1].splitlines()
    flags = _readme_block("data-engineer-covenants.md:9: legal-analysis")
    code, out, _ = cli("screen", "covenant-package-v03", str(env.parent / "work" / "outputs" / "r-0008"),
                       "--env", str(env))
    assert code == 1 and out.splitlines() == flags
