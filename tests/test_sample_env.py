"""The sample environment's tasks: valid, declared, their law quoted where they say, their traps armed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from oafreeze.environment.family import expand_all, sample_env_root
from oafreeze.environment.discovery import task_ids
from oafreeze.environment.task import load_task


def loose(text: str) -> str:
    text = text.translate(str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}))
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> Path:
    """A committed scratch environment: every sample task, the sample library materialized in each."""
    from conftest import Cli, commit_all, init_repo

    cli = Cli()
    root = init_repo(tmp_path_factory.mktemp("sample-env") / "env")
    lib = root.parent / "library"
    code, lib_out, err = cli.json("sample-library", "--out", str(lib))
    assert code == 0, err
    (root / "snapshots").mkdir()
    code, out, err = cli("snapshot", "--library", str(lib), "--commit", "HEAD", "--profile", "sample",
                         "--out", str(root / "snapshots/kb.json"))
    assert code == 0, err
    (root / "oafreeze.yaml").write_text(
        "schema: oafreeze.environment/1\nname: sample-env-test\nknowledge_base:\n  source: builtin:sample\n"
        f"  commit: {lib_out['commit']}\n  profile: sample\n  snapshot: snapshots/kb.json\n")
    expand_all(sample_env_root(), root)
    code, out, err = cli("materialize", "--env", str(root))
    assert code == 0, err
    commit_all(root, "sample environment")
    return root


def test_sixteen_tasks_ten_of_them_the_covenant_family(env):
    ids = task_ids(env)
    assert len(ids) == 16
    assert [i for i in ids if not i.startswith("covenant-package-")] == [
        "matrix-adverse-memo-repair", "matrix-california-invention-notice", "matrix-client-alert-refresh",
        "matrix-narrow-edit", "matrix-signing-date-law", "matrix-threshold-between"]


def test_every_task_parses_and_declares_its_trap_placement_and_law(env):
    for tid in task_ids(env):
        ext = load_task(env, tid).task.ext
        assert ext.trap and ext.trap.anchors and ext.trap.criteria, tid
        assert ext.operative and ext.advisory and ext.seeded_law, tid
        assert ext.synthetic is True and ext.as_of and ext.as_of <= "2026-11-30", tid
        criteria = {c.id for c in load_task(env, tid).task.criteria}
        assert set(ext.trap.criteria) <= criteria, tid
        for law in ext.seeded_law:
            assert law.effective_date and law.verified_on and law.verified_against, (tid, law.citation)
            assert law.verified_on <= ext.as_of, (tid, law.citation)


def test_every_seeded_law_quote_is_in_its_file(env):
    for tid in task_ids(env):
        for law in load_task(env, tid).task.ext.seeded_law:
            text = (env / "tasks" / tid / law.file).read_text()
            assert loose(law.quote) in loose(text), (tid, law.file, law.citation)


def test_every_trap_anchor_quote_is_in_the_named_file(env):
    for tid in task_ids(env):
        for anchor in load_task(env, tid).task.ext.trap.anchors:
            path = env / "tasks" / tid / anchor.file
            assert path.is_file(), (tid, anchor.file)
            assert loose(anchor.quote) in loose(path.read_text()), (tid, anchor.file, anchor.quote)


def test_no_real_looking_contact_data_in_task_files(env):
    for tid in task_ids(env):
        for path in (env / "tasks" / tid).rglob("*"):
            if not path.is_file() or "knowledge-base" in path.parts:
                continue
            text = path.read_text()
            for domain in re.findall(r"@([\w.-]+)", text):
                assert domain == "example.com" or domain.endswith(".example.com") or domain == "example.org", \
                    (tid, path.name, domain)
            for phone in re.findall(r"\b\d{3}-\d{4}\b", text):
                assert phone.startswith("555-01"), (tid, path.name, phone)


def test_every_sample_task_passes_the_hygiene_audit(cli, env):
    code, out, err = cli.json("audit", "run", cwd=env)
    assert code == 0, json.dumps([t for t in out["tasks"] if not t.get("passed", True)], indent=1)[:3000]
