"""`oafreeze audit`: recording bound to tree ids, staleness, waivers, JSON and HTML, bad input."""

from __future__ import annotations

import json
import shutil

from hygiene_helpers import make_env, task_json, workspace
from oafreeze.hygiene.audit import audit_status
from oafreeze.hygiene.records import RECORDS, WAIVERS, read_records


def vague_task() -> dict:
    """A task whose only blocking finding is a major H05 ('the document' with two deliverables)."""
    task = task_json()
    task["criteria"][2]["deliverables"] = ["client-email.md", "agreement.md"]
    task["criteria"][2]["match_criteria"] = "PASS if the document warns the client. FAIL if it does not."
    return task


def test_a_passed_task_becomes_stale_when_edited_after_its_audit(tmp_path, cli):
    env = make_env(tmp_path / "env")
    code, out, _ = cli("audit", "--env", str(env))
    assert code == 0 and out.startswith("t1  passed")
    status = audit_status(env, ["t1"])["t1"]
    assert status.state == "passed" and status.tree == status.audited_tree
    (env / "tasks/t1/documents/offer-facts.md").write_text("Salary: $99,000.\n")
    status = audit_status(env, ["t1"])["t1"]
    assert status.state == "stale" and status.tree != status.audited_tree
    code, out, _ = cli("audit", "status", "--env", str(env))
    assert code == 1 and "t1: stale" in out


def test_a_task_never_audited_is_missing_and_a_failing_one_failed(tmp_path, cli):
    env = make_env(tmp_path / "env", {"t1": (None, None), "t2": (vague_task(), None)})
    assert audit_status(env, ["t1", "t2"])["t1"].state == "missing"
    code, _, _ = cli("audit", "t2", "--env", str(env))
    assert code == 1
    status = audit_status(env, ["t2"])["t2"]
    assert status.state == "failed" and status.unwaived == ["H05"] and status.counts["major"] == 1


def test_a_waiver_makes_a_major_pass_and_goes_stale_after_an_edit(tmp_path, cli):
    env = make_env(tmp_path / "env", {"t1": (vague_task(), None)})
    assert cli("audit", "--env", str(env))[0] == 1
    code, waiver, _ = cli.json("audit", "waive", "t1", "H05", "--reason", "only one reading is plausible",
                               "--by", "A. Reviewer", "--env", str(env))
    assert code == 0 and waiver["item"] == "H05" and waiver["by"] == "A. Reviewer"
    assert audit_status(env, ["t1"])["t1"].state == "passed"  # the waiver applies to the recorded audit
    code, data, _ = cli.json("audit", "--env", str(env))
    assert code == 0 and data["tasks"][0]["passed"]
    assert [f["waived"] for f in data["tasks"][0]["findings"] if f["item"] == "H05"] == [True]
    (env / "tasks/t1/documents/offer-facts.md").write_text("edited\n")
    code, data, _ = cli.json("audit", "--env", str(env))
    assert code == 1 and not data["tasks"][0]["passed"]  # the waiver was bound to the old tree
    assert len((env / WAIVERS).read_text().splitlines()) == 1


def test_a_blocker_cannot_be_waived(tmp_path, cli):
    env = make_env(tmp_path / "env", {"t1": (None, {**workspace(), "rubric.json": "{}"})})
    code, out, err = cli("audit", "waive", "t1", "H01", "--reason", "x", "--by", "me", "--env", str(env))
    assert code == 1 and "cannot be waived" in err
    assert not (env / WAIVERS).exists()


def test_waiving_an_unknown_item_is_bad_usage(tmp_path, cli):
    env = make_env(tmp_path / "env")
    code, _, err = cli("audit", "waive", "t1", "H99", "--reason", "x", "--by", "me", "--env", str(env))
    assert code == 2 and "unknown item" in err


def test_json_output_has_exactly_the_documented_shape(tmp_path, cli):
    env = make_env(tmp_path / "env", {"t1": (None, None), "t2": (vague_task(), None)})
    code, data, _ = cli.json("audit", "--env", str(env), "--no-record")
    assert code == 1 and set(data) == {"tasks"}
    assert [t["task"] for t in data["tasks"]] == ["t1", "t2"]
    for t in data["tasks"]:
        assert set(t) == {"task", "tree", "passed", "items", "findings"} and len(t["tree"]) == 40
        assert [row["id"] for row in t["items"]] == [f"H{n:02d}" for n in range(1, 14)] + ["FAM"]
        assert {row["id"]: row.get("reason") for row in t["items"] if row["verdict"] == "n/a"} == {
            "FAM": "the task belongs to no family"}
    f = data["tasks"][1]["findings"][0]
    assert {"item", "severity", "path", "location", "evidence", "message", "fix", "task", "waived"} == set(f)
    assert f["item"] == "H05" and f["location"] == "$.criteria[2].match_criteria"
    assert not (env / RECORDS).exists()


def test_globs_select_tasks_and_each_audit_is_one_record_line(tmp_path, cli):
    env = make_env(tmp_path / "env", {"covenant-a": (None, None), "covenant-b": (None, None), "other": (None, None)})
    code, data, _ = cli.json("audit", "covenant-*", "--env", str(env))
    assert code == 0 and [t["task"] for t in data["tasks"]] == ["covenant-a", "covenant-b"]
    lines = (env / RECORDS).read_bytes().splitlines()
    assert len(lines) == 2 and all(json.loads(line)["digest"].startswith("sha256:") for line in lines)
    assert [r.task for r in read_records(env)] == ["covenant-a", "covenant-b"]
    code, _, err = cli("audit", "nothing-*", "--env", str(env))
    assert code == 2 and "no task matches 'nothing-*'" in err


def test_an_edited_record_line_is_refused_with_its_line_number(tmp_path, cli):
    env = make_env(tmp_path / "env")
    cli("audit", "--env", str(env))
    path = env / RECORDS
    path.write_text(path.read_text().replace('"passed":true', '"passed":false'))
    code, _, err = cli("audit", "status", "--env", str(env))
    assert code == 2 and "audit/records.jsonl:1" in err and "edited" in err


def test_a_torn_final_line_is_ignored_and_cut_by_the_next_append(tmp_path, cli):
    env = make_env(tmp_path / "env")
    cli("audit", "--env", str(env))
    with open(env / RECORDS, "ab") as fh:
        fh.write(b'{"task":"t1","tr')
    assert audit_status(env, ["t1"])["t1"].state == "passed"
    cli("audit", "--env", str(env))
    assert len(read_records(env)) == 2


def test_a_task_json_that_does_not_read_fails_that_task_and_the_others_are_still_audited(tmp_path, cli):
    env = make_env(tmp_path / "env")
    shutil.copytree(env / "tasks/t1", env / "tasks/t2")
    (env / "tasks/t1/task.json").write_text('{"title": "x",}')
    code, data, _ = cli.json("audit", "--env", str(env))
    assert code == 1
    by_task = {t["task"]: t for t in data["tasks"]}
    assert by_task["t2"]["passed"] is True
    broken = by_task["t1"]["findings"]
    assert [(f["item"], f["severity"], f["path"]) for f in broken] == [("H07", "blocker", "task.json")]
    assert "trailing comma" in broken[0]["message"]
    # A field of the wrong type is named, under the item its field belongs to.
    task = task_json()
    task["criteria"] = "all of them"
    (env / "tasks/t1/task.json").write_text(json.dumps(task))
    code, data, _ = cli.json("audit", "--env", str(env))
    broken = next(t for t in data["tasks"] if t["task"] == "t1")["findings"]
    assert code == 1 and [(f["item"], f["location"]) for f in broken] == [("H04", "$.criteria")]
    # Missing criteria are H04's own finding: the task reads, and every other item runs.
    del task["criteria"]
    (env / "tasks/t1/task.json").write_text(json.dumps(task))
    code, data, _ = cli.json("audit", "--env", str(env))
    t1 = next(t for t in data["tasks"] if t["task"] == "t1")
    assert code == 1 and ("H04", "blocker", "$.criteria") in {(f["item"], f["severity"], f["location"])
                                                             for f in t1["findings"]}


def test_html_report_links_findings_and_escapes_everything(tmp_path, cli):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md gives an appropriate <script>alert(1)</script> "
                                             "notice. FAIL if it does not.")
    env = make_env(tmp_path / "env", {"t1": (task, None)})
    report = tmp_path / "report.html"
    code, out, _ = cli("audit", "--env", str(env), "--html", str(report))
    page = report.read_text()
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'href="#t1-H05"' in page and 'id="t1-H05"' in page and 'id="t1-H05-1"' in page
    assert "http" not in page.replace("http-equiv", "")
    # A report can be made again: a second run replaces it whole.
    report.write_text("stale")
    code, _, _ = cli("audit", "--env", str(env), "--html", str(report), "--no-record")
    assert report.read_text().startswith("<!DOCTYPE html>") and "stale" not in report.read_text()
    assert not list(tmp_path.glob("report.html.*"))  # no temporary file left behind


def test_the_html_report_shows_items_that_do_not_apply_with_their_reason(tmp_path, cli):
    env = make_env(tmp_path / "env", pin=False)
    report = tmp_path / "report.html"
    cli("audit", "--env", str(env), "--html", str(report), "--no-record")
    page = report.read_text()
    assert 'title="the environment pins no knowledge base"' in page
    assert "Not applicable: the environment pins no knowledge base." in page


def test_human_output_is_one_line_a_task_then_the_failures_with_evidence_why_and_fix(tmp_path, cli):
    env = make_env(tmp_path / "env", {"t1": (vague_task(), None), "t2": (None, None)})
    code, out, _ = cli("audit", "--env", str(env), "--no-record")
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("t1  FAILED") and "fail H05" in lines[0]
    assert lines[1].startswith("t2  passed") and "n/a FAM" in lines[1]
    assert "t1: FAILED" in out and "H05 major at task.json $.criteria[2].match_criteria" in out
    assert "evidence: PASS if the document warns the client." in out and "why:" in out and "fix:" in out
    assert "H01 rubric isolation" not in out  # passing items only with --verbose


def test_verbose_output_lists_every_item_of_every_task(tmp_path, cli):
    env = make_env(tmp_path / "env", {"t1": (vague_task(), None), "t2": (None, None)})
    code, out, _ = cli("audit", "--env", str(env), "--no-record", "--verbose")
    assert out.count("H01 rubric isolation") == 2 and "FAM family consistency           n/a (the task" in out
    assert "H05 ambiguous grading language   fail" in out


def test_audit_help_lists_the_subcommands(cli):
    code, out, _ = cli("audit", "--help")
    assert code == 0 and "waive" in out and "status" in out


def test_audit_status_without_the_pinned_snapshot_is_bad_input_naming_it(tmp_path, cli):
    env = make_env(tmp_path / "env", {"t1": (None, None)})
    (env / "snapshot.json").unlink()
    for args in (("audit", "status"), ("audit",)):
        code, _out, err = cli(*args, "--env", str(env))
        assert code == 2 and "snapshot.json" in err and "knowledge_base.snapshot" in err, (args, err)


def test_one_run_appends_its_records_in_one_write_and_a_batch_cut_short_keeps_its_whole_lines(tmp_path, monkeypatch):
    from oafreeze.hygiene.audit import run_audit
    from oafreeze.plumbing import jsonl

    env = make_env(tmp_path / "env", {"a": (None, None), "b": (None, None), "c": (None, None)})
    writes: list[bytes] = []
    real = jsonl._write
    monkeypatch.setattr(jsonl, "_write", lambda fd, data: writes.append(data) or real(fd, data))
    run_audit(env, jobs=1)
    assert len(writes) == 1 and writes[0].count(b"\n") == 3  # one write, one fsync, for the whole run
    # A writer killed inside a batch: two whole lines and part of the third. The whole lines are
    # entries (each carries its own digest); the torn one is not, and the next run cuts it.
    cut = writes[0].index(b"\n", writes[0].index(b"\n") + 1) + 1 + 20
    with open(env / RECORDS, "ab") as fh:
        fh.write(writes[0][:cut])
    assert [r.task for r in read_records(env)] == ["a", "b", "c", "a", "b"]
    run_audit(env, ["c"], jobs=1)
    assert [r.task for r in read_records(env)] == ["a", "b", "c", "a", "b", "c"]
