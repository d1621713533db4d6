"""Freeze an environment built on the real library, then prove what moved."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from conftest import commit_all, git
from envtools import make_env, task_json


@pytest.fixture(scope="module")
def frozen(tmp_path_factory, oa_repo):
    """A real environment with the real library in 2 tasks, frozen and committed once."""
    from conftest import Cli

    cli = Cli()
    root = make_env(tmp_path_factory.mktemp("env") / "env", cli, oa_repo, rev="main")
    code, out, err = cli.json("freeze", "--env", str(root), "--id", "f1")
    assert code == 0, err
    commit_all(root, "freeze f1")
    return root


@pytest.fixture
def env(frozen, tmp_path):
    """A private copy of the frozen environment (clone: same commits, fresh working tree)."""
    dest = tmp_path / "env"
    git(tmp_path, "clone", "-q", str(frozen), str(dest))
    return dest


def test_manifest_pins_trees_files_settings_and_its_digest(env, cli):
    manifest = json.loads((env / "manifests/f1.json").read_text())
    head_commit = git(env, "rev-parse", "HEAD~1")
    assert manifest["environment"]["commit"] == head_commit
    assert manifest["environment"]["object_format"] == "sha1"
    for tid, entry in manifest["tasks"].items():
        assert entry["tree"] == git(env, "rev-parse", f"{head_commit}:tasks/{tid}")
        assert entry["knowledge_base"] is True
        paths = {f["path"] for f in entry["files"]}
        assert paths == {"task.json", "documents/term-sheet.md", "documents/notes.txt"}
    kb = manifest["knowledge_base"]["snapshot"]
    assert kb["commit"] == git(env, "rev-parse", "--verify", "HEAD", check=False) or kb["commit"]
    assert manifest["judges"][0]["field_order"] == ["reasoning", "verdict"]
    assert manifest["models"][0]["settings"]["temperature"] == 0.2
    from oafreeze.plumbing import canonical
    body = dict(manifest)
    digest = body.pop("digest")
    assert digest == canonical.digest(body)


def test_every_workspace_file_is_accounted_for(env):
    manifest = json.loads((env / "manifests/f1.json").read_text())
    kb_files = {f["path"] for f in manifest["knowledge_base"]["snapshot"]["files"]}
    mount = manifest["knowledge_base"]["mount"]
    for tid, entry in manifest["tasks"].items():
        on_disk = {p.relative_to(env / "tasks" / tid).as_posix() for p in (env / "tasks" / tid).rglob("*")
                   if p.is_file()}
        listed = {f["path"] for f in entry["files"]} | {f"{mount}/{p}" for p in kb_files}
        assert on_disk == listed


def test_clean_tree_verifies(env, cli):
    code, report, _ = cli.json("verify", "--env", str(env))
    assert code == 0 and report == {**report, "ok": True, "drift": []}


def test_one_byte_edit_is_reported_with_its_task_and_path(env, cli):
    target = env / "tasks/task-01/documents/term-sheet.md"
    data = bytearray(target.read_bytes())
    data[3] ^= 0x01
    target.write_bytes(bytes(data))
    code, report, _ = cli.json("verify", "--env", str(env))
    assert code == 1 and report["ok"] is False
    files = [d for d in report["drift"] if d["change"] != "tree"]
    assert files == [{"task": "task-01", "path": "documents/term-sheet.md", "change": "modified",
                      "expected": files[0]["expected"]}]
    assert {d["task"] for d in report["drift"]} == {"task-01"}


def test_added_removed_and_chmod_are_each_reported(env, cli):
    (env / "tasks/task-00/documents/extra.md").write_text("new\n")
    (env / "tasks/task-01/documents/notes.txt").unlink()
    os.chmod(env / "tasks/task-00/documents/term-sheet.md", 0o755)
    code, report, _ = cli.json("verify", "--env", str(env))
    got = {(d["task"], d["path"], d["change"]) for d in report["drift"] if d["change"] != "tree"}
    assert got == {("task-00", "documents/extra.md", "added"), ("task-01", "documents/notes.txt", "removed"),
                   ("task-00", "documents/term-sheet.md", "mode")}
    assert code == 1


def test_knowledge_base_edit_is_reported_as_such(env, cli):
    kb_file = next((env / "tasks/task-00/documents/knowledge-base/practice-guides").rglob("*.md"))
    kb_file.write_text(kb_file.read_text() + "\nan edit for this task only\n")
    code, report, _ = cli.json("verify", "--env", str(env))
    kb = [d for d in report["drift"] if d.get("area") == "knowledge-base"]
    assert code == 1 and len(kb) == 1 and kb[0]["change"] == "modified" and kb[0]["task"] == "task-00"


def test_settings_change_is_reported(env, cli):
    cfg = env / "oafreeze.yaml"
    cfg.write_text(cfg.read_text().replace("temperature: 0.2", "temperature: 0.7"))
    code, report, _ = cli.json("verify", "--env", str(env))
    assert code == 1
    assert [(d["path"], d["change"], d["field"]) for d in report["drift"]] == [("oafreeze.yaml", "settings", "models")]


def test_stat_cache_never_hides_an_edit_that_keeps_size_and_mtime(env, cli):
    assert cli("verify", "--env", str(env))[0] == 0  # warms the cache
    target = env / "tasks/task-00/task.json"
    st = target.stat()
    data = target.read_bytes().replace(b"Task 0", b"Task 9")
    target.write_bytes(data)
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))
    code, report, _ = cli.json("verify", "--env", str(env))
    assert code == 1 and any(d["path"] == "task.json" and d["change"] == "modified" for d in report["drift"])


def test_verify_a_commit_from_git_objects(env, cli):
    assert cli("verify", "--env", str(env), "--rev", "HEAD")[0] == 0
    (env / "tasks/task-00/documents/notes.txt").write_text("changed\n")
    commit_all(env, "edit")
    code, report, _ = cli.json("verify", "--env", str(env), "--rev", "HEAD")
    assert code == 1
    assert {(d["task"], d["path"], d["change"]) for d in report["drift"]} == {
        ("task-00", "", "tree"), ("task-00", "documents/notes.txt", "modified")}
    tree = next(d for d in report["drift"] if d["change"] == "tree")
    assert tree["found"] == git(env, "rev-parse", "HEAD:tasks/task-00")


def test_freeze_refuses_a_dirty_tree_and_lists_the_paths(env, cli):
    (env / "tasks/task-00/documents/new.md").write_text("x\n")
    (env / "tasks/task-01/task.json").write_text("{}")
    code, out, err = cli("freeze", "--env", str(env), "--id", "f2")
    assert code == 1
    assert "tasks/task-00/documents/new.md" in err and "tasks/task-01/task.json" in err
    assert not (env / "manifests/f2.json").exists()


def test_freeze_never_overwrites_and_supersedes_by_reference(env, cli):
    before = (env / "manifests/f1.json").read_bytes()
    code, _o, err = cli("freeze", "--env", str(env), "--id", "f1")
    assert code == 2 and "already exists" in err
    assert (env / "manifests/f1.json").read_bytes() == before
    code, out, _ = cli.json("freeze", "--env", str(env), "--id", "f2")
    assert code == 0 and out["supersedes"] == "f1"
    code, diff, _ = cli.json("diff", "f1", "f2", "--env", str(env))
    assert code == 0 and diff["same"] is True


def test_diff_names_what_changed_between_freezes(env, cli):
    (env / "tasks/task-01/documents/notes.txt").write_text("v2\n")
    commit_all(env, "edit")
    assert cli("freeze", "--env", str(env), "--id", "f2")[0] == 0
    code, diff, _ = cli.json("diff", "f1", "f2", "--env", str(env))
    assert code == 1
    assert {(c["task"], c["path"], c["change"]) for c in diff["changes"]} == {
        ("task-01", "", "tree"), ("task-01", "documents/notes.txt", "modified")}


def test_edited_manifest_is_detected_by_its_digest(env, cli):
    path = env / "manifests/f1.json"
    path.write_text(path.read_text().replace('"max_tokens": 4096', '"max_tokens": 4097'))
    code, _o, err = cli("verify", "--env", str(env), "f1")
    assert code == 1 and "digest" in err and "edited" in err


def test_task_json_round_trip_keeps_unknown_fields(tmp_path):
    from oafreeze.environment.task import dump_task, parse_task

    raw = task_json("T", zzz_new_lab_field=[1, {"b": 2, "a": 1}])
    data = json.dumps(raw, indent=2, ensure_ascii=False).encode() + b"\n"
    loaded = parse_task(data, "task.json")
    assert dump_task(loaded.raw) == data


@pytest.mark.parametrize("mutate,needle", [
    (lambda t: t.pop("instructions") and t.pop("criteria"), ["instructions", "criteria"]),
    (lambda t: t.__setitem__("deliverables", {"../escape.md": "x"}), ["deliverables", ".."]),
    (lambda t: t.__setitem__("deliverables", {"/etc/passwd": "x"}), ["absolute"]),
    (lambda t: t.__setitem__("criteria", "all of them"), ["criteria", "must be a list"]),
])
def test_bad_task_json_is_refused_with_every_problem(env, cli, mutate, needle):
    path = env / "tasks/task-00/task.json"
    data = json.loads(path.read_text())
    mutate(data)
    path.write_text(json.dumps(data))
    commit_all(env, "bad task")
    code, _o, err = cli("freeze", "--env", str(env), "--id", "bad")
    assert code == 2
    for n in needle:
        assert n in err
    assert "Traceback" not in err and not (env / "manifests/bad.json").exists()


def test_malformed_task_json_names_line_and_column(env, cli):
    (env / "tasks/task-00/task.json").write_text('{\n  "title": "x",\n  oops\n}')
    commit_all(env, "bad json")
    code, _o, err = cli("freeze", "--env", str(env), "--id", "bad")
    assert code == 2 and "tasks/task-00/task.json:3:3" in err


def test_symlink_in_a_workspace_is_refused(env, cli):
    (env / "tasks/task-00/documents/link.md").symlink_to("/etc/passwd")
    commit_all(env, "symlink")
    code, _o, err = cli("freeze", "--env", str(env), "--id", "bad")
    assert code == 2 and "tasks/task-00/documents/link.md" in err and "symlink" in err


def test_case_colliding_names_are_refused(env, cli):
    (env / "tasks/task-00/documents/Notes.txt").write_text("other\n")
    commit_all(env, "case")
    code, _o, err = cli("freeze", "--env", str(env), "--id", "bad")
    assert code == 2 and "only by case" in err


def test_unicode_normalization_rename_is_reported_as_such(env, cli):
    nfc = "tasks/task-00/documents/r\u00e9sum\u00e9.md"
    (env / nfc).write_text("cv\n")
    commit_all(env, "accented")
    assert cli("freeze", "--env", str(env), "--id", "f2")[0] == 0
    nfd = "tasks/task-00/documents/re\u0301sume\u0301.md"
    os.rename(env / nfc, env / nfd)
    code, report, _ = cli.json("verify", "--env", str(env), "f2")
    assert code == 1
    assert any(d["change"] == "normalization" and d["path"].endswith(".md") for d in report["drift"])


def test_case_only_rename_is_reported_as_such(env, cli):
    os.rename(env / "tasks/task-00/documents/notes.txt", env / "tasks/task-00/documents/NOTES.txt")
    code, report, _ = cli.json("verify", "--env", str(env))
    assert code == 1
    case = [d for d in report["drift"] if d["change"] == "case"]
    assert case and case[0]["expected"] == "documents/notes.txt" and case[0]["found"] == "documents/NOTES.txt"


def test_sha256sum_export_passes_coreutils_and_fails_after_an_edit(env, cli, tmp_path):
    out = tmp_path / "frozen.sha256"
    assert cli("export", "--env", str(env), "--format", "sha256sum", "--out", str(out))[0] == 0
    lines = out.read_text().splitlines()
    assert any(l.endswith("  tasks/task-00/task.json") for l in lines)
    assert any("/documents/knowledge-base/practice-guides/" in l for l in lines)
    ok = subprocess.run(["sha256sum", "--quiet", "-c", str(out)], cwd=env, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    (env / "tasks/task-01/documents/notes.txt").write_text("changed\n")
    bad = subprocess.run(["sha256sum", "--quiet", "-c", str(out)], cwd=env, capture_output=True, text=True)
    assert bad.returncode == 1 and "tasks/task-01/documents/notes.txt: FAILED" in bad.stdout
    assert cli("export", "--env", str(env), "--format", "sha256sum", "--out", str(out))[0] == 2


def test_bagit_export_passes_bagits_validator_and_fails_after_a_byte_change(env, cli, tmp_path):
    import bagit

    out = tmp_path / "bag"
    code, info, err = cli.json("export", "--env", str(env), "--format", "bagit", "--out", str(out))
    assert code == 0, err
    bag = bagit.Bag(str(out))
    bag.validate()  # raises on any problem
    assert bag.info["Payload-Oxum"].endswith(f".{info['files']}")
    target = out / "data/tasks/task-00/documents/term-sheet.md"
    data = bytearray(target.read_bytes())
    data[0] ^= 0x20
    target.write_bytes(bytes(data))
    with pytest.raises(bagit.BagValidationError):
        bagit.Bag(str(out)).validate()


def test_the_committed_manifest_schema_is_the_one_the_models_generate():
    from conftest import ROOT
    from oafreeze.plumbing import canonical
    from oafreeze.freezer.manifest import SCHEMA, json_schema

    committed = json.loads((ROOT / "freezer/schemas/manifest.schema.json").read_text())
    assert canonical.canonical_bytes(committed) == canonical.canonical_bytes(json_schema())
    assert SCHEMA in committed["$id"]


def test_init_lays_out_an_empty_environment_that_validates(cli, tmp_path):
    root = tmp_path / "new-env"
    code, out, err = cli.json("init", str(root))
    assert code == 0, err
    from oafreeze.environment.config import load_environment

    env = load_environment(root)
    assert env.name == "new-env" and env.models == [] and env.knowledge_base is None
    assert (root / ".git").is_dir() and (root / "tasks").is_dir() and (root / "manifests").is_dir()
    assert cli("init", str(root))[0] == 2


def test_a_bad_environment_config_names_the_key_and_rule(env, cli):
    cfg = env / "oafreeze.yaml"
    cfg.write_text(cfg.read_text().replace("temperature: 0\n", "temprature: 0\n").replace(
        "name: test-env", "name: test-env\nextra_key: 1"))
    commit_all(env, "bad config")
    code, _o, err = cli("freeze", "--env", str(env), "--id", "bad")
    assert code == 2
    assert "judges.0.temperature" in err and "required key missing" in err
    assert "judges.0.temprature" in err and "extra_key" in err and "unknown key" in err
