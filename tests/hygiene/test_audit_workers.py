"""Auditing on several processes (hygiene/workers.py): the same results, in the same order, as on
one; what the workers learned reaches the cache; a task that cannot be read is still a finding."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import init_repo

from oafreeze.demo import lay_out
from oafreeze.hygiene import records, workers
from oafreeze.hygiene.audit import Session, run_audit

pytestmark = pytest.mark.skipif(not workers.can_fork(), reason="worker processes are forked on Linux only")


@pytest.fixture(scope="module")
def laid_out(tmp_path_factory):
    """The sample environment (16 tasks) and one task whose task.json is not a task."""
    root = init_repo(tmp_path_factory.mktemp("workers") / "env")
    assert len(lay_out(root)) == 16
    broken = root / "tasks" / "zz-broken"
    shutil.copytree(root / "tasks" / "covenant-package-v03", broken)
    task = json.loads((broken / "task.json").read_text())
    task["criteria"] = "none"  # a schema failure: the task cannot be read
    (broken / "task.json").write_text(json.dumps(task))
    return root


@pytest.fixture
def env(laid_out, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "key-home"))  # a cold cache, a key of its own
    root = tmp_path / "env"
    shutil.copytree(laid_out, root, symlinks=True)
    return root


def as_json(audits) -> list[dict]:
    return [a.as_json() for a in audits]


def test_two_processes_find_what_one_finds_in_the_same_order(env):
    assert workers.PARALLEL_FROM <= 16
    one = as_json(run_audit(env, record=False, jobs=1, use_cache=False))
    two = as_json(run_audit(env, record=False, jobs=2, use_cache=False))
    assert [a["task"] for a in one] == sorted(a["task"] for a in one)
    assert two == one
    broken = next(a for a in two if a["task"] == "zz-broken")
    assert not broken["passed"] and any(f["item"] == "H04" and "cannot be read" in f["message"] for f in broken["findings"])
    assert sum(a["passed"] for a in two) >= 10  # the sample's tasks were audited, not skipped


def test_what_workers_learn_is_cached_and_gives_the_same_results(env):
    cold = as_json(run_audit(env, record=False, jobs=2))
    with Session(env) as session:
        ids = sorted(p.name for p in (env / "tasks").iterdir())
        warm = as_json(session.audit_all(ids, records.read_waivers(env), jobs=2))
        from_cache = session.from_cache
    assert warm == cold
    # Every task that reads came from the cache the workers filled (the broken one never is).
    assert from_cache == len(ids) - 1


def test_a_parallel_run_records_each_task_once_in_order(env):
    audits = run_audit(env, jobs=2)
    recorded = records.read_records(env)
    assert [r.task for r in recorded] == [a.task for a in audits]
    assert [r.tree for r in recorded] == [a.tree for a in audits]


def test_progress_counts_every_task_once_in_order(env):
    seen = []
    run_audit(env, record=False, jobs=2, progress=lambda n, total: seen.append((n, total)))
    assert seen == [(n, 17) for n in range(0, 18)]  # 0 first: the bar shows before the first task


def test_the_cli_takes_jobs_and_refuses_zero(env, cli):
    code, out, _err = cli.json("audit", "--env", str(env), "--jobs", "2", "--no-record")
    assert code == 1 and len(out["tasks"]) == 17  # exit 1: the broken task fails
    code, _out, err = cli("audit", "--env", str(env), "--jobs", "0")
    assert code == 2 and "--jobs" in err


def test_git_index_is_read_on_a_cold_start_and_not_after_an_edit_to_the_first_task(env):
    import os
    import time

    hour_ago = time.time() - 3600  # every file settled, past git's racy window
    for dirpath, _dirs, files in os.walk(env / "tasks"):
        for name in files:
            os.utime(os.path.join(dirpath, name), (hour_ago, hour_ago))
    time.sleep(2.5)  # utime sets ctime to now: let it age past the racy window too
    ids = sorted(p.name for p in (env / "tasks").iterdir())
    with Session(env) as session:
        session.audit_all(ids, [], jobs=1)
        assert session.trees.index_read  # cold: read once, for every folder
    facts = env / "tasks" / ids[0] / "documents" / "client-request.md"
    facts.write_text(facts.read_text() + "\nOne more line.\n")
    with Session(env) as session:
        after = session.audit_all(ids, [], jobs=1)
        assert not session.trees.index_read  # only the edited folder was read again, by hashing
    assert after[0].tree != "" and after[0].task == ids[0]


def test_a_key_written_twice_is_reported_under_the_item_of_its_field(tmp_path):
    # JSON readers keep one of the two silently; the audit refuses the file and says which item's field it is.
    from hygiene_helpers import make_env, task_json

    env = make_env(tmp_path / "env")
    path = env / "tasks" / "t1" / "task.json"
    text = json.dumps(task_json(), indent=2)
    path.write_text(text[:text.rindex("}")].rstrip() + ',\n  "criteria": []\n}\n')
    audit = run_audit(env, ["t1"], record=False)[0]
    assert [(f.item, f.severity) for f in audit.findings] == [("H04", "blocker")]
    assert "duplicate key 'criteria'" in audit.findings[0].message


def test_a_deliverable_name_written_twice_is_reported_under_h06(tmp_path):
    # The key is a deliverable's name, not a field's: the object that holds it says whose item it is.
    from hygiene_helpers import make_env, task_json

    env = make_env(tmp_path / "env")
    path = env / "tasks" / "t1" / "task.json"
    text = json.dumps(task_json(), indent=2)
    once = '"client-email.md": "An e-mail to the client."'
    assert text.count(once) == 1
    path.write_text(text.replace(once, once + ',\n    "client-email.md": "A second description."'))
    audit = run_audit(env, ["t1"], record=False)[0]
    assert [(f.item, f.severity) for f in audit.findings] == [("H06", "blocker")]
    assert "duplicate key 'client-email.md'" in audit.findings[0].message


def test_the_default_is_one_process_per_cpu_and_one_more_when_there_are_several(monkeypatch):
    for cpus, jobs in ((1, 1), (2, 3), (8, 9)):
        monkeypatch.setattr(workers, "available", lambda cpus=cpus: cpus)
        assert workers.default_jobs() == jobs
