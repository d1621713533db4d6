"""The first hour of a new user: a lone clone's tests, `init` to a freeze with no edits,
commands from any folder, and adopting a task repository laid out another way."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GIT_ID, LIBRARY_HINT, ROOT, commit_all, git, init_repo

sys.path.insert(0, str(Path(__file__).parent))
import labfixture  # noqa: E402


def test_init_then_commit_audit_commit_freeze_verify_needs_no_edit(tmp_path, cli):
    env = tmp_path / "new-env"
    code, out, err = cli("init", str(env))
    assert code == 0, err
    assert (env / "tasks/example-termination-notice/task.json").is_file() and (env / ".git").is_dir()
    assert not (env / "tasks/.gitkeep").exists()
    commit_all(env, "tasks")
    code, out, err = cli("audit", cwd=env)
    assert code == 0 and "1 passed" in out, out + err
    commit_all(env, "audit")
    code, frozen, err = cli.json("freeze", cwd=env)
    assert code == 0 and frozen["tasks"] == 1 and frozen["not_audited_or_failed"] == [], err
    commit_all(env, "freeze")
    code, out, err = cli("verify", cwd=env)
    assert code == 0 and out.startswith("ok:"), out + err


def test_commands_find_the_environment_from_inside_a_task_folder(tmp_path, cli):
    env = tmp_path / "env"
    assert cli("init", str(env))[0] == 0
    commit_all(env, "tasks")
    inside = env / "tasks/example-termination-notice/documents"
    assert cli("audit", cwd=inside)[0] == 0
    commit_all(env, "audit")
    assert cli("freeze", "--id", "f1", cwd=inside)[0] == 0
    commit_all(env, "freeze")
    code, out, _ = cli("verify", cwd=inside)
    assert code == 0 and "matches freeze f1" in out
    code, status, _ = cli.json("audit", "status", cwd=inside)
    assert code == 0 and [t["task"] for t in status["tasks"]] == ["example-termination-notice"]
    code, result, _ = cli.json("gate", cwd=inside)
    assert result["manifest"] == "f1"  # found the environment (it says no: no judge is pinned yet)
    assert [c["name"] for c in result["checks"] if not c["ok"]] == ["judges reason first, at temperature 0"]


def test_a_folder_without_an_environment_says_how_to_make_one(tmp_path, cli):
    init_repo(tmp_path / "repo")
    code, out, err = cli("verify", cwd=tmp_path / "repo")
    assert code == 2 and "no oafreeze.yaml here or in any folder above" in err and "oafreeze init" in err


def test_init_refuses_a_folder_with_other_files_that_is_not_a_repository_unless_told(tmp_path, cli):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "todo.txt").write_text("buy milk\n")
    code, _out, err = cli("init", str(folder))
    assert code == 2 and "--here" in err and not (folder / ".git").exists()
    code, _out, err = cli("init", str(folder), "--here")
    assert code == 0 and (folder / ".git").is_dir() and (folder / "todo.txt").read_text() == "buy milk\n"


def test_init_adopts_a_lab_checkout_writing_only_oafreeze_yaml(tmp_path, cli):
    root = tmp_path / "lab"
    info = labfixture.make_lab_checkout(root)
    before = git(root, "status", "--porcelain")
    code, result, err = cli.json("init", str(root))
    assert code == 0, err
    assert result["adopted"] is True and result["written"] == ["oafreeze.yaml"]
    assert result["tasks"] == len(info["clean"]) and result["layout"].startswith("nested")
    assert git(root, "status", "--porcelain") == (before + "\n?? oafreeze.yaml").strip()
    assert "knowledge_base:" not in (root / "oafreeze.yaml").read_text().replace("# knowledge_base:", "")


def test_init_refuses_a_repository_whose_tasks_live_outside_tasks_and_names_them(tmp_path, cli):
    root = tmp_path / "evals-repo"
    init_repo(root)
    for tid in ("nda-review", "lease-redline"):
        (root / "evals" / tid / "workspace").mkdir(parents=True)
        (root / "evals" / tid / "task.json").write_text('{"id": "%s"}\n' % tid)
    (root / "node_modules/pkg").mkdir(parents=True)
    (root / "node_modules/pkg/task.json").write_text("{}\n")  # a tool's folder is not searched
    commit_all(root, "evals")
    before = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if ".git" not in p.parts)
    code, out, err = cli("init", str(root))
    assert code == 2, out + err
    assert "2 task.json file(s) outside tasks/" in err and "evals/lease-redline/task.json" in err
    assert "tasks/<task-id>/task.json" in err and "node_modules" not in err
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if ".git" not in p.parts) == before


def test_init_adopting_tasks_names_the_task_files_it_will_not_read(tmp_path, cli):
    root = tmp_path / "lab"
    labfixture.make_lab_checkout(root)
    (root / "archive/old-task").mkdir(parents=True)
    (root / "archive/old-task/task.json").write_text("{}\n")
    commit_all(root, "archive")
    code, result, err = cli.json("init", str(root))
    assert code == 0 and result["adopted"] is True and result["outside"] == ["archive/old-task/task.json"], err
    (root / "oafreeze.yaml").unlink()
    code, out, _ = cli("init", str(root))
    assert code == 0 and "not read: 1 task.json file(s) outside tasks/ (first: archive/old-task/task.json)" in out


def test_init_tells_a_user_without_a_git_identity_how_to_set_one(tmp_path, cli, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    for key in ("GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    code, out, _ = cli("init", str(tmp_path / "env"))
    assert code == 0 and "git config --global user.name" in out


def _readme_test_command() -> str:
    text = (ROOT / "README.md").read_text()
    block = text.split("Run the tests:", 1)[1]
    return next(line.strip() for line in block.splitlines() if line.startswith("    ") and line.strip())


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("OAFREEZE_LONE_CLONE") == "1", reason="this is the lone clone's own run")
def test_a_lone_clone_passes_the_readme_test_command_and_says_what_it_skipped(tmp_path):
    lone = tmp_path / "alone" / "oafreeze"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(lone)], check=True, env={**os.environ, **GIT_ID})
    assert not (lone.parent.parent / "shared").exists() and sorted(os.listdir(lone.parent)) == ["oafreeze"]
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OAFREEZE_", "VIRTUAL_ENV", "GIT_"))}
    # The clone runs the README's command as written; its slow tests are deselected to keep CI's
    # time sane: none of them reads the real library (the ones that do are all quick).
    env.update({"HOME": str(home), "OAFREEZE_LONE_CLONE": "1", "PYTEST_ADDOPTS": "-m 'not slow'",
                "PATH": os.defpath + ":" + os.environ["PATH"]})
    proc = subprocess.run(["bash", "-c", _readme_test_command()], cwd=lone, env=env, capture_output=True, text=True,
                          timeout=3600)
    tail = proc.stdout[-3000:]
    assert proc.returncode == 0, tail + proc.stderr[-2000:]
    skipped = re.search(r"(\d+) skipped", tail)
    assert skipped and int(skipped.group(1)) > 0, tail
    assert LIBRARY_HINT in proc.stdout, tail  # one line, with the count, saying how to enable them
    assert not re.search(r"\d+ (failed|error)", tail), tail


def test_the_readme_starts_with_the_two_commands(tmp_path):
    text = (ROOT / "README.md").read_text()
    assert "oafreeze demo" in text.split("Run the tests:", 1)[0]
    assert "pytest" in _readme_test_command()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "OAFREEZE_REQUIRE_LIBRARY=1" in ci and "pytest" in ci


def test_the_demo_prints_commands_that_work_as_printed(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "oafreeze", "demo", "--out", str(tmp_path / "d")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("try:"))
    run = subprocess.run(["bash", "-c", line[len("try:"):].strip()], capture_output=True, text=True,
                         env={k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert json.loads(subprocess.run([sys.executable, "-m", "oafreeze", "verify", "--json"], cwd=tmp_path / "d",
                                     capture_output=True, text=True).stdout)["ok"] is True


def test_errors_name_the_bundle_given_not_its_temporary_copy(tmp_path, cli):
    lib = tmp_path / "lib"
    assert cli("sample-library", "--out", str(lib))[0] == 0
    bundle = tmp_path / "library.bundle"
    git(lib, "bundle", "create", "-q", str(bundle), "--all")
    code, _out, err = cli("snapshot", "--library", str(bundle), "--commit", "no-such-branch", "--profile", "sample")
    assert code == 2 and str(bundle) in err and "oafreeze-bundle-" not in err, err


def test_config_errors_say_what_to_write_not_the_validators_pattern(tmp_path, cli):
    env = tmp_path / "env"
    assert cli("init", str(env))[0] == 0
    config = env / "oafreeze.yaml"
    config.write_text(config.read_text() + "harness: {repo: https://example.org/h.git, commit: 5d1e5d1}\n")
    code, _out, err = cli("audit", "--no-record", cwd=env)
    assert code == 2 and "harness.commit" in err and "a full 40-hex commit id" in err and "quote it" in err, err
    assert "String should match pattern" not in err


def test_a_snapshot_that_fails_its_expected_inventory_writes_nothing(tmp_path, cli):
    lib = tmp_path / "lib"
    assert cli("sample-library", "--out", str(lib))[0] == 0
    out = tmp_path / "kb.json"
    args = ("snapshot", "--library", str(lib), "--commit", "HEAD", "--profile", "sample", "--out", str(out))
    code, _o, err = cli(*args, "--expect", "practice-guide=999")
    assert code == 1 and not out.exists() and "expected 999" in err
    code, _o, err = cli(*args)  # the retry meets no file in its way
    assert code == 0 and out.is_file(), err
