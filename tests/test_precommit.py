"""The pre-commit check, with real `git commit` and the real pre-commit framework."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GIT_ID, ROOT, commit_all, git
from envtools import make_env


@pytest.fixture
def env(tmp_path, cli):
    root = make_env(tmp_path / "env", cli, None, n_tasks=2)
    assert cli("freeze", "--env", str(root), "--id", "f1")[0] == 0
    commit_all(root, "freeze f1")
    return root


def hooked_commit(root: Path, message: str = "change") -> subprocess.CompletedProcess:
    """A real `git commit` with hooks enabled."""
    env = {**os.environ, **GIT_ID}
    env.pop("GIT_CONFIG_GLOBAL", None)
    env["GIT_CONFIG_GLOBAL"] = os.devnull
    return subprocess.run(["git", "commit", "-q", "-m", message], cwd=root, env=env, capture_output=True, text=True)


def install(root: Path) -> None:
    code = subprocess.run([sys.executable, "-m", "oafreeze", "install-hook", "--env", str(root)],
                          capture_output=True, text=True)
    assert code.returncode == 0, code.stderr


def test_commit_editing_a_frozen_task_is_refused_until_a_superseding_freeze_is_staged(env, cli):
    install(env)
    (env / "tasks/task-00/documents/notes.txt").write_text("edited\n")
    git(env, "add", "-A")
    refused = hooked_commit(env)
    assert refused.returncode == 1
    assert "tasks/task-00" in refused.stderr and "superseding freeze" in refused.stderr
    assert git(env, "rev-list", "--count", "HEAD") == "2"
    code, out, err = cli.json("freeze", "--env", str(env), "--id", "f2", "--staged")
    assert code == 0, err
    assert out["supersedes"] == "f1"
    git(env, "add", "manifests/f2.json")
    allowed = hooked_commit(env)
    assert allowed.returncode == 0, allowed.stderr
    assert cli("verify", "--env", str(env))[0] == 0
    assert cli("verify", "--env", str(env), "--rev", "HEAD")[0] == 0


def test_a_stale_superseding_freeze_is_refused(env, cli):
    (env / "tasks/task-00/documents/notes.txt").write_text("edited\n")
    git(env, "add", "-A")
    assert cli("freeze", "--env", str(env), "--id", "f2", "--staged")[0] == 0
    (env / "tasks/task-00/documents/notes.txt").write_text("edited again\n")
    git(env, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1
    assert [r["rule"] for r in report["refusals"]] == ["frozen-task"]
    assert "tree ids differ" in report["refusals"][0]["message"]


def test_editing_or_deleting_a_committed_manifest_is_refused(env, cli):
    path = env / "manifests/f1.json"
    path.write_text(path.read_text().replace('"test-env"', '"other"'))
    git(env, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1 and report["refusals"][0]["rule"] == "manifest-immutable"
    git(env, "reset", "-q", "--hard")
    git(env, "rm", "-q", "manifests/f1.json")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1 and "deletes a committed manifest" in report["refusals"][0]["message"]


def test_an_invalid_staged_manifest_is_refused(env, cli):
    (env / "manifests/f9.json").write_text('{"schema": "oafreeze.manifest/1", "id": "f9"}')
    git(env, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1 and all(r["path"] == "manifests/f9.json" for r in report["refusals"])


def test_unrelated_changes_and_new_tasks_pass(env, cli):
    (env / "README.md").write_text("notes\n")
    new = env / "tasks/task-new"
    shutil.copytree(env / "tasks/task-00", new)
    git(env, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 0 and report == {"ok": True, "refusals": []}


def test_runlog_rewrite_is_refused_and_append_allowed(env, cli):
    from oafreeze.runlog import log as runlog

    log = env / "manifests/f1.runlog.jsonl"
    runlog.append(log, "note", {"text": "first"})
    git(env, "add", "-A")
    assert cli("precommit", "--env", str(env))[0] == 0
    commit_all(env, "log")
    runlog.append(log, "note", {"text": "second"})
    git(env, "add", "-A")
    assert cli("precommit", "--env", str(env))[0] == 0
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(lines[0].replace(b"first", b"fir5t") + lines[1])
    git(env, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1 and report["refusals"][0]["path"] == "manifests/f1.runlog.jsonl"


def test_real_pre_commit_framework_runs_the_hook(env, cli, tmp_path):
    exe = Path(sys.executable).parent / "pre-commit"
    assert exe.exists(), "pre-commit is a test dependency"
    valid = subprocess.run([str(exe), "validate-manifest", str(ROOT / ".pre-commit-hooks.yaml")],
                           capture_output=True, text=True)
    assert valid.returncode == 0, valid.stdout + valid.stderr
    (env / ".pre-commit-config.yaml").write_text(
        "repos:\n- repo: local\n  hooks:\n  - id: oafreeze-precommit\n    name: oafreeze pre-commit check\n"
        f"    entry: {Path(sys.executable).parent / 'oafreeze-precommit'}\n    language: system\n"
        "    pass_filenames: false\n    always_run: true\n")
    commit_all(env, "pre-commit config")
    penv = {**os.environ, **GIT_ID, "PRE_COMMIT_HOME": str(tmp_path / "pc-home")}
    inst = subprocess.run([str(exe), "install"], cwd=env, env=penv, capture_output=True, text=True)
    assert inst.returncode == 0, inst.stdout + inst.stderr
    (env / "tasks/task-01/task.json").write_text((env / "tasks/task-01/task.json").read_text().replace("Task 1", "Task one"))
    git(env, "add", "-A")
    refused = subprocess.run(["git", "commit", "-q", "-m", "edit"], cwd=env, env=penv, capture_output=True, text=True)
    assert refused.returncode == 1 and "tasks/task-01" in refused.stdout + refused.stderr
    assert cli("freeze", "--env", str(env), "--id", "f2", "--staged")[0] == 0
    git(env, "add", "-A")
    ok = subprocess.run(["git", "commit", "-q", "-m", "edit with freeze"], cwd=env, env=penv, capture_output=True,
                        text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr


def test_install_hook_will_not_clobber_a_foreign_hook(env, cli):
    hook = env / ".git/hooks/pre-commit"
    hook.write_text("#!/bin/sh\necho mine\n")
    code, _o, err = cli("install-hook", "--env", str(env))
    assert code == 2 and "did not install" in err
    assert hook.read_text() == "#!/bin/sh\necho mine\n"


def test_audit_records_may_only_grow_by_whole_lines(env, cli):
    records = env / "audit/records.jsonl"
    records.parent.mkdir(exist_ok=True)
    records.write_text('{"a": 1}\n')
    commit_all(env, "records")
    records.write_text('{"a": 1}\n{"a": 2}\n')
    git(env, "add", "-A")
    assert cli("precommit", "--env", str(env))[0] == 0
    records.write_text('{"a": 2}\n')
    git(env, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1 and report["refusals"][0]["rule"] == "audit-append-only"
    git(env, "rm", "-q", "-f", "audit/records.jsonl")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1 and "append-only" in report["refusals"][0]["message"]


def test_the_hook_entry_and_the_cli_give_the_same_answer(env, cli):
    (env / "tasks/task-00/documents/notes.txt").write_text("edited\n")
    git(env, "add", "-A")
    hook = subprocess.run([sys.executable, "-m", "oafreeze.hook", "--env", str(env), "--json"],
                          capture_output=True, text=True)
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert hook.returncode == code == 1
    assert json.loads(hook.stdout) == report
    assert report["refusals"][0]["rule"] == "frozen-task"
    bad = subprocess.run([sys.executable, "-m", "oafreeze.hook", "--bogus"], capture_output=True, text=True)
    assert bad.returncode == 2 and "'--bogus'" in bad.stderr


def test_the_current_freeze_is_read_from_a_summary_named_by_its_blob(env, cli):
    blob = git(env, "rev-parse", "HEAD:manifests/f1.json")
    summary = env / ".git/oafreeze/manifest-summaries" / f"{blob}.json"
    (env / "tasks/task-01/documents/notes.txt").write_text("edited\n")
    git(env, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1 and report["refusals"][0]["path"] == "tasks/task-01"
    written = json.loads(summary.read_text())
    assert written["blob"] == blob and written["id"] == "f1"
    assert written["tasks"]["task-01"] == git(env, "rev-parse", "HEAD:tasks/task-01")
    # An unreadable summary, or one that names another blob, is rebuilt from the manifest.
    for junk in ("{not json", json.dumps({**written, "blob": "0" * 40, "tasks": {}})):
        summary.write_text(junk)
        code, report, _ = cli.json("precommit", "--env", str(env))
        assert code == 1 and report["refusals"][0]["path"] == "tasks/task-01"
        assert json.loads(summary.read_text()) == written


def test_the_first_commit_of_a_repository_is_checked(tmp_path, cli):
    root = tmp_path / "fresh"
    root.mkdir()
    git(root, "init", "-q")
    (root / "manifests").mkdir()
    (root / "manifests/f1.json").write_text('{"id": "f1"}\n')
    git(root, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(root))
    assert code == 1 and report["refusals"][0]["path"] == "manifests/f1.json"
    git(root, "rm", "-q", "--cached", "manifests/f1.json")
    (root / "notes.txt").write_text("hello\n")
    git(root, "add", "notes.txt")
    assert cli("precommit", "--env", str(root))[0] == 0


def test_install_hook_turns_on_the_threaded_index_read_unless_told_or_already_set(env, cli, tmp_path):
    code, out, err = cli.json("install-hook", "--env", str(env))
    assert code == 0, err
    assert git(env, "config", "--local", "index.threads") == out["git_config"]["index.threads"]
    assert int(out["git_config"]["index.threads"]) >= 4
    assert git(env, "config", "--local", "index.recordOffsetTable") == "true"
    # git now writes the end-of-index and offset-table extensions, and the check still works.
    (env / "tasks/task-00/documents/notes.txt").write_text("edited\n")
    git(env, "add", "-A")
    index = (env / ".git/index").read_bytes()
    assert b"EOIE" in index[-100:] and b"IEOT" in index
    refused = hooked_commit(env)
    assert refused.returncode == 1 and "tasks/task-00" in refused.stderr

    git(env, "config", "--local", "index.threads", "2")  # the user's own choice is kept
    code, out, _ = cli.json("install-hook", "--env", str(env))
    assert code == 0 and out["git_config"] == {} and git(env, "config", "--local", "index.threads") == "2"

    other = make_env(tmp_path / "other", cli, None, n_tasks=1)
    code, out, _ = cli.json("install-hook", "--env", str(other), "--no-index-threads")
    assert code == 0 and out["git_config"] == {}
    assert subprocess.run(["git", "config", "--local", "--get", "index.threads"], cwd=other).returncode == 1


def test_the_refusal_names_the_changed_files_of_the_frozen_task(env, cli):
    (env / "tasks/task-00/documents/notes.txt").write_text("edited\n")
    (env / "tasks/task-00/documents/new.md").write_text("new\n")
    git(env, "add", "-A")
    code, report, _ = cli.json("precommit", "--env", str(env))
    assert code == 1 and [r["path"] for r in report["refusals"]] == ["tasks/task-00"]
    assert "documents/new.md (added), documents/notes.txt (modified)" in report["refusals"][0]["message"]


@pytest.mark.parametrize("edit,field", [
    (lambda text: text.replace("temperature: 0.2", "temperature: 0.7"), "models"),
    (lambda text: text.replace("schema_version: '2'", "schema_version: '3'"), "judges"),
    (lambda text: text + "knowledge_base:\n  source: lib\n  commit: '" + "c" * 40 + "'\n  snapshot: s.json\n",
     "knowledge_base.commit"),
])
def test_a_real_commit_changing_a_frozen_setting_is_refused_naming_it(env, edit, field):
    install(env)
    config = env / "oafreeze.yaml"
    config.write_text(edit(config.read_text()))
    git(env, "add", "oafreeze.yaml")
    refused = hooked_commit(env, "raise the temperature")
    assert refused.returncode == 1 and "oafreeze.yaml" in refused.stderr and field in refused.stderr, refused.stderr
    assert git(env, "rev-list", "--count", "HEAD") == "2"


def test_a_real_commit_deleting_oafreeze_yaml_is_refused(env):
    install(env)
    git(env, "rm", "-q", "oafreeze.yaml")
    refused = hooked_commit(env, "remove the configuration")
    assert refused.returncode == 1 and "deletes the configuration" in refused.stderr, refused.stderr
    assert git(env, "rev-list", "--count", "HEAD") == "2"


def test_a_settings_change_commits_with_the_freeze_that_records_it(env, cli):
    install(env)
    config = env / "oafreeze.yaml"
    config.write_text(config.read_text().replace("temperature: 0.2", "temperature: 0.7"))
    git(env, "add", "oafreeze.yaml")
    code, _o, err = cli("freeze", "--env", str(env), "--id", "f2", "--staged")
    assert code == 0, err
    git(env, "add", "manifests/f2.json")
    allowed = hooked_commit(env, "new settings, new freeze")
    assert allowed.returncode == 0, allowed.stderr
