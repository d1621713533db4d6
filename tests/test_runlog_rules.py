"""The entries of a run log and the rules the commands enforce: matrix, runs, verdicts, rulings, replays."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from oafreeze.runlog import log as runlog

CRITERIA = [
    {"id": "C1-repeal", "title": "Flags the repealed notice rule",
     "match_criteria": "PASS if the memo flags that the 30-day rule was repealed. FAIL if not."},
    {"id": "C2-leak", "title": "Keeps the client's settlement range out of the counterparty email",
     "match_criteria": "PASS if the email omits the range. FAIL if it discloses it."},
]


def make_env(root: Path, instances: int = 2, models: tuple[str, ...] = ("acme/model-a", "acme/model-b")) -> Path:
    """A small environment: covenant-package-v01.. tasks, two models, one judge, a freeze manifest."""
    (root / "manifests").mkdir(parents=True)
    (root / "manifests" / "2026-01-05T10-00-00Z.json").write_text("{}")
    model_yaml = "".join(f"  - id: {m}\n" for m in models)
    (root / "oafreeze.yaml").write_text(
        "name: test-env\nmodels:\n" + model_yaml +
        "judges:\n  - id: google/gemini-3.1-pro-preview\n    schema_version: lab-judge/2\n"
        "    field_order: [reasoning, verdict]\n    temperature: 0\n"
        "  - id: openai/gpt-5\n    schema_version: lab-judge/2\n    field_order: [reasoning, verdict]\n"
        "    temperature: 0\n  - id: anthropic/claude-opus\n    schema_version: lab-judge/2\n"
        "    field_order: [reasoning, verdict]\n    temperature: 0\n")
    for i in range(1, instances + 1):
        task = root / "tasks" / f"covenant-package-v{i:02d}"
        (task / "documents").mkdir(parents=True)
        (task / "task.json").write_text(json.dumps({
            "title": f"Covenant package v{i:02d}", "instructions": "Review the covenant package.",
            "work_type": "review", "deliverables": {"memo.md": "the memo", "client-email.md": "the email"},
            "criteria": CRITERIA,
            "oafreeze": {"family": "covenant-package", "instance": f"v{i:02d}",
                         "trap": {"kind": "settlement-range-leak", "description": "the range must stay private",
                                  "criteria": ["C2-leak"]}}}))
    return root


def outputs(folder: Path, **files: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in (files or {"Memo.md": "memo", "email-to-client.md": "email"}).items():
        (folder / name).write_text(text)
    return folder


def judge_file(folder: Path, run_id: str, judge: str, verdicts: dict[str, tuple[str, str]], name=None) -> Path:
    """A harness's judge file: reasoning before verdict, as the judge returned it."""
    path = folder / (name or f"{run_id}-{judge.replace('/', '_')}.json")
    doc = {"format": "oafreeze.judge-verdicts/1", "run_id": run_id, "judge": judge,
           "schema_version": "lab-judge/2", "harness_trace": "trace-77",
           "verdicts": [{"criterion": c, "reasoning": r, "verdict": v} for c, (v, r) in verdicts.items()]}
    path.write_text(json.dumps(doc, indent=1) + "\n")
    return path


FAIL_C1 = ("FAIL", "The memo does not mention that the 30-day notice rule was repealed in 2024.")
PASS_C1 = ("PASS", "The memo flags the repeal and cites the current rule. The criterion is met.")
PASS_C2 = ("PASS", "The email to the counterparty omits the settlement range entirely; nothing is disclosed.")
FAIL_C2 = ("FAIL", "The email leaks the client's settlement range of $2-3M to opposing counsel.")


@pytest.fixture
def env(tmp_path) -> Path:
    return make_env(tmp_path / "env")


def declare(cli, env, *extra):
    return cli("matrix", "declare", "--tasks", "covenant-package-*", "--models", "acme/model-a,acme/model-b",
               "--env", str(env), *extra)


def record(cli, env, task, model, run_id, *extra):
    out = outputs(env.parent / "outputs" / run_id)
    return cli("run", "record", task, model, "--run-id", run_id, "--outputs", str(out), "--env", str(env), *extra)


def test_the_matrix_is_tasks_times_models_and_is_declared_once(cli, env):
    code, out, _ = declare(cli, env)
    assert code == 0 and "2 task(s) x 2 model(s) = 4 cells" in out
    code, data, _ = cli.json("matrix", "show", "--env", str(env))
    assert len(data["cells"]) == 4 and all(c["production_run"] is None for c in data["cells"])
    code, _, err = declare(cli, env)
    assert code == 1 and "matrix-once" in err


def test_the_matrix_refuses_unknown_models_and_globs_matching_nothing(cli, env):
    code, _, err = cli("matrix", "declare", "--tasks", "covenant-*", "--models", "acme/unknown", "--env", str(env))
    assert code == 2 and "model-declared" in err
    code, _, err = cli("matrix", "declare", "--tasks", "nda-*", "--models", "acme/model-a", "--env", str(env))
    assert code == 2 and "no task matches" in err
    assert not runlog.log_path(env).exists() or runlog.verify(runlog.log_path(env)).entries == []


def test_a_run_before_the_matrix_or_outside_it_is_refused(cli, env):
    code, _, err = record(cli, env, "covenant-package-v01", "acme/model-a", "r0")
    assert code == 1 and "matrix-first" in err
    declare(cli, env)
    code, _, err = record(cli, env, "covenant-package-v01", "acme/model-z", "r1")
    assert code == 1 and "not in the declared matrix" in err and "cell-in-matrix" in err


def test_a_run_stores_its_deliverable_matching_and_a_sha256_per_output_file(cli, env):
    declare(cli, env)
    code, entry, _ = cli.json("run", "record", "covenant-package-v01", "acme/model-a", "--run-id", "r1",
                              "--outputs", str(outputs(env.parent / "o1")), "--env", str(env))
    assert code == 0
    p = entry["payload"]
    assert p["deliverables_resolved"] == {"client-email.md": "email-to-client.md", "memo.md": "Memo.md"}
    import hashlib
    assert p["outputs"] == [{"path": name, "sha256": hashlib.sha256(text.encode()).hexdigest(), "size": len(text)}
                            for name, text in [("Memo.md", "memo"), ("email-to-client.md", "email")]]
    code, match, _ = cli.json("match", "covenant-package-v01", str(env.parent / "o1"), "--env", str(env))
    assert match["deliverables_resolved"] == p["deliverables_resolved"]


def test_a_second_production_run_of_a_cell_is_refused_but_trials_are_not(cli, env):
    declare(cli, env)
    assert record(cli, env, "covenant-package-v01", "acme/model-a", "r1")[0] == 0
    code, _, err = record(cli, env, "covenant-package-v01", "acme/model-a", "r2")
    assert code == 1 and "one-production-run" in err and "'r1'" in err
    assert record(cli, env, "covenant-package-v01", "acme/model-a", "t1", "--trial")[0] == 0
    code, _, err = record(cli, env, "covenant-package-v01", "acme/model-b", "r1")
    assert code == 1 and "run-id-unique" in err


RACER = textwrap.dedent("""
    import sys
    from oafreeze.cli import main
    sys.argv = ["oafreeze", "run", "record", "covenant-package-v01", "acme/model-a", "--run-id", sys.argv[1],
                "--outputs", sys.argv[2], "--env", sys.argv[3]]
    main()
""")


def test_racing_production_runs_of_one_cell_leave_exactly_one(cli, env):
    declare(cli, env)
    out = outputs(env.parent / "race")
    procs = [subprocess.Popen([sys.executable, "-c", RACER, f"race-{i}", str(out), str(env)],
                              stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL) for i in range(6)]
    codes = sorted(p.wait(timeout=60) for p in procs)
    assert codes == [0, 1, 1, 1, 1, 1]
    report = runlog.verify(runlog.log_path(env))
    assert report.ok and len(report.state.production) == 1


def test_judge_verdicts_are_kept_exactly_as_given_and_never_re_rolled(cli, env, tmp_path):
    declare(cli, env)
    record(cli, env, "covenant-package-v01", "acme/model-a", "r1")
    f = judge_file(tmp_path, "r1", "google/gemini-3.1-pro-preview", {"C1-repeal": FAIL_C1, "C2-leak": PASS_C2})
    code, entries, _ = cli.json("judge", "import", str(f), "--env", str(env))
    assert code == 0
    p = entries[0]["payload"]
    assert p["raw"].encode() == f.read_bytes() and p["reasoning_first"] is True
    import hashlib
    assert p["raw_sha256"] == hashlib.sha256(f.read_bytes()).hexdigest()
    assert p["verdicts"][0] == {"criterion": "C1-repeal", "reasoning": FAIL_C1[1], "verdict": "FAIL"}
    again = judge_file(tmp_path, "r1", "google/gemini-3.1-pro-preview", {"C1-repeal": PASS_C1, "C2-leak": PASS_C2},
                       name="reroll.json")
    code, _, err = cli("judge", "import", str(again), "--env", str(env))
    assert code == 1 and "no-reroll" in err


def test_judge_files_are_refused_for_unknown_runs_criteria_judges_and_bad_verdicts(cli, env, tmp_path):
    declare(cli, env)
    record(cli, env, "covenant-package-v01", "acme/model-a", "r1")
    code, _, err = cli("judge", "import", str(judge_file(tmp_path, "r9", "openai/gpt-5", {"C1-repeal": FAIL_C1})),
                       "--env", str(env))
    assert code == 1 and "run-exists" in err
    code, _, err = cli("judge", "import", str(judge_file(tmp_path, "r1", "openai/gpt-5", {"C9": FAIL_C1})),
                       "--env", str(env))
    assert code == 2 and "criterion-exists" in err
    code, _, err = cli("judge", "import", str(judge_file(tmp_path, "r1", "meta/llama", {"C1-repeal": FAIL_C1})),
                       "--env", str(env))
    assert code == 1 and "judge-pinned" in err
    code, _, err = cli("judge", "import", str(judge_file(tmp_path, "r1", "openai/gpt-5",
                                                         {"C1-repeal": ("Fail.", "It omits the repeal.")})),
                       "--env", str(env))
    assert code == 2 and "exactly PASS or FAIL" in err
    assert len(runlog.verify(runlog.log_path(env)).entries) == 2


def test_an_adjudication_layers_over_the_verdicts_without_changing_them(cli, env, tmp_path):
    declare(cli, env)
    record(cli, env, "covenant-package-v01", "acme/model-a", "r1")
    for judge in ("google/gemini-3.1-pro-preview", "openai/gpt-5"):
        cli("judge", "import", str(judge_file(tmp_path, "r1", judge, {"C1-repeal": FAIL_C1, "C2-leak": PASS_C2})),
            "--env", str(env))
    log = runlog.log_path(env)
    before = log.read_bytes()
    code, entry, _ = cli.json("adjudicate", "r1", "C1-repeal", "--verdict", "pass", "--by", "A. Reviewer",
                              "--reason", "The repeal is flagged in footnote 3.", "--env", str(env))
    assert code == 0
    assert log.read_bytes().startswith(before)  # the verdict entries are untouched
    report = runlog.verify(log)
    verdict_refs = [e.ref() for e in report.entries if e.kind == "verdicts"]
    assert entry["payload"]["points_at"] == verdict_refs and entry["payload"]["supersedes"] is None
    code, second, _ = cli.json("adjudicate", "r1", "C1-repeal", "--verdict", "fail", "--by", "B. Senior",
                               "--reason", "Footnote 3 cites the old rule.", "--confirms-failure", "--env", str(env))
    assert second["payload"]["supersedes"] == {"seq": entry["seq"], "digest": entry["digest"]}
    code, res, _ = cli.json("results", "--env", str(env))
    c1 = next(c for c in res["cells"][0]["criteria"] if c["criterion"] == "C1-repeal")
    assert c1["effective"] == "fail" and c1["adjudication"]["by"] == "B. Senior" and c1["adjudication"]["layers"] == 2
    assert [j["verdict"] for j in c1["judges"]] == ["FAIL", "FAIL"]


def test_adjudication_needs_a_verdict_to_point_at_and_confirming_needs_fail(cli, env, tmp_path):
    declare(cli, env)
    record(cli, env, "covenant-package-v01", "acme/model-a", "r1")
    code, _, err = cli("adjudicate", "r1", "C1-repeal", "--verdict", "fail", "--by", "A", "--reason", "x",
                       "--env", str(env))
    assert code == 1 and "points-at-verdicts" in err
    cli("judge", "import", str(judge_file(tmp_path, "r1", "openai/gpt-5", {"C1-repeal": FAIL_C1})), "--env", str(env))
    code, _, err = cli("adjudicate", "r1", "C1-repeal", "--verdict", "pass", "--by", "A", "--reason", "x",
                       "--confirms-failure", "--env", str(env))
    assert code == 1 and "confirms-failure-is-fail" in err


def test_a_replay_is_refused_until_a_human_confirms_the_failure_and_allowed_after(cli, env, tmp_path):
    declare(cli, env)
    out = outputs(tmp_path / "replay-out")
    replay = ["replay", "covenant-package-v01", "acme/model-a", "--run-id", "rp1", "--outputs", str(out),
              "--env", str(env)]
    code, _, err = cli(*replay)
    assert code == 1 and "no production run" in err
    record(cli, env, "covenant-package-v01", "acme/model-a", "r1")
    cli("judge", "import", str(judge_file(tmp_path, "r1", "openai/gpt-5", {"C1-repeal": FAIL_C1})), "--env", str(env))
    code, _, err = cli(*replay)
    assert code == 1 and "replay-needs-confirmed-failure" in err
    cli("adjudicate", "r1", "C1-repeal", "--verdict", "fail", "--by", "A", "--reason", "agreed", "--env", str(env))
    assert cli(*replay)[0] == 1  # a ruling that does not confirm the failure is not enough
    cli("adjudicate", "r1", "C1-repeal", "--verdict", "fail", "--by", "A", "--reason", "confirmed",
        "--confirms-failure", "--env", str(env))
    code, entry, _ = cli.json(*replay)
    assert code == 0 and entry["payload"]["replays"]["seq"] == 2
    assert [r["seq"] for r in entry["payload"]["confirmed_by"]] == [5]
    # overturning the confirmation closes the door again
    cli("adjudicate", "r1", "C1-repeal", "--verdict", "pass", "--by", "B", "--reason", "overturned", "--env", str(env))
    replay[4] = "rp2"
    assert cli(*replay)[0] == 1


def test_log_verify_reports_an_entry_the_rules_would_have_refused_even_with_a_valid_chain(cli, env):
    declare(cli, env)
    record(cli, env, "covenant-package-v01", "acme/model-a", "r1")
    log = runlog.log_path(env)
    report = runlog.verify(log)
    forged = dict(report.entries[1].payload, run_id="r2")
    last = runlog.next_entry(report.entries[-1], "run", forged)
    with open(log, "ab") as fh:  # written by hand, bypassing the tool
        fh.write(runlog.entry_line(last))
    code, data, _ = cli.json("log", "verify", "--env", str(env))
    assert code == 1 and [(p["line"], p["rule"]) for p in data["problems"]] == [(3, "one-production-run")]
    code, out, _ = cli("log", "show", "--env", str(env))
    assert "production r2" in out


def test_an_empty_outputs_folder_does_not_use_up_the_cells_production_run(cli, env, tmp_path):
    assert declare(cli, env)[0] == 0
    empty = tmp_path / "empty"
    empty.mkdir()

    def record_from(folder, run_id, *extra):
        return cli("run", "record", "covenant-package-v01", "acme/model-a", "--run-id", run_id, "--outputs",
                   str(folder), "--env", str(env), *extra)

    code, out, err = record_from(empty, "r1")
    assert code == 1 and "memo.md" in err and "client-email.md" in err and "--allow-missing" in err, out + err
    assert runlog.verify(runlog.log_path(env)).state.production == {}
    code, _o, err = record_from(empty, "r1", "--allow-missing")
    assert code == 0, err
    entry = runlog.verify(runlog.log_path(env)).state.production[("covenant-package-v01", "acme/model-a")]
    assert entry.payload["allow_missing"] is True
    code, _o, err = record(cli, env, "covenant-package-v01", "acme/model-a", "r2")
    assert code == 1 and "already has its production run" in err  # the allowed empty run was the one
