"""The audit's cache (hygiene/cache.py): it changes how fast an audit is, never what it finds.

A second audit of unchanged tasks comes from the cache; an edit, even one that keeps a file's
size and modification time, is seen; an entry edited in the database, or sealed under another
machine's key, is ignored."""

from __future__ import annotations

import os
import sqlite3
import time

import pytest

from hygiene_helpers import TODAY, make_env, task_json

from oafreeze.hygiene.audit import Session, run_audit
from oafreeze.hygiene.cache import CACHE_DIR, CACHE_FILE

HOUR_AGO = time.time() - 3600


@pytest.fixture(autouse=True)
def own_key(tmp_path, monkeypatch):
    """Each test its own machine key, outside the environment."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "key-home"))


def vague_task() -> dict:
    task = task_json()
    task["criteria"][2]["deliverables"] = ["client-email.md", "agreement.md"]
    task["criteria"][2]["match_criteria"] = "PASS if the document warns the client. FAIL if it does not."
    return task


def settled_env(tmp_path):
    """Two tasks (one failing), every file last written an hour ago: past the racy window."""
    env = make_env(tmp_path / "env", {"t1": (vague_task(), None), "t2": (None, None)})
    for dirpath, _dirs, files in os.walk(env):
        for name in files:
            os.utime(os.path.join(dirpath, name), (HOUR_AGO, HOUR_AGO))
    return env


def results(env, **kw) -> dict:
    return {a.task: ([f.as_dict() for f in a.findings], a.passed, a.tree, dict(a.not_applicable))
            for a in run_audit(env, record=False, today=TODAY, **kw)}


def audit_in_session(env, task_id="t1") -> tuple[object, int]:
    with Session(env, today=TODAY) as session:
        result = session.audit(task_id, [])
        return result, session.from_cache


def test_a_second_audit_comes_from_the_cache_and_equals_an_audit_without_it(tmp_path):
    env = settled_env(tmp_path)
    first = results(env)
    assert (env / CACHE_DIR / CACHE_FILE).is_file()
    _result, from_cache = audit_in_session(env)
    assert from_cache == 1
    assert results(env) == first == results(env, use_cache=False)
    assert first["t1"][1] is False and first["t2"][1] is True


def test_an_edit_that_keeps_size_and_modification_time_is_still_seen(tmp_path):
    env = settled_env(tmp_path)
    before = results(env)
    facts = env / "tasks/t2/documents/offer-facts.md"
    text = facts.read_text()
    edited = text.replace("303-555-0142", "303-867-5309")  # a real-looking number, same length
    assert len(edited) == len(text) and edited != text
    facts.write_text(edited)
    os.utime(facts, (HOUR_AGO, HOUR_AGO))
    after = results(env)
    assert after["t2"][2] != before["t2"][2]  # a new tree id
    assert "H13" in {f["item"] for f in after["t2"][0]}
    assert after == results(env, use_cache=False)


def test_an_entry_edited_in_the_database_is_ignored(tmp_path):
    env = settled_env(tmp_path)
    results(env)
    db = sqlite3.connect(env / CACHE_DIR / CACHE_FILE)
    # Forge every stored result: keep each seal, put the clean task's payload under it.
    rows = db.execute("SELECT k, v FROM result").fetchall()
    clean = min((v for _k, v in rows), key=len)
    for k, v in rows:
        db.execute("UPDATE result SET v = ? WHERE k = ?", (v[:32] + clean[32:], k))
    db.commit()
    db.close()
    result, from_cache = audit_in_session(env, "t1")
    assert not result.passed and "H05" in {f.item for f in result.findings}
    assert from_cache == 0


def test_a_cache_sealed_under_another_machines_key_is_ignored(tmp_path, monkeypatch):
    env = settled_env(tmp_path)
    first = results(env)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-machine"))
    _result, from_cache = audit_in_session(env)
    assert from_cache == 0
    assert results(env) == first


def test_without_anywhere_to_keep_a_key_the_cache_is_off_and_results_are_the_same(tmp_path, monkeypatch):
    env = settled_env(tmp_path)
    first = results(env)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the key folder would go\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert results(env) == first
    _result, from_cache = audit_in_session(env)
    assert from_cache == 0


def test_the_knowledge_base_index_comes_from_the_cache_and_equals_one_built_again(tmp_path):
    import shutil

    from conftest import init_repo

    from oafreeze.demo import lay_out
    from oafreeze.environment.task import load_task

    env = init_repo(tmp_path / "sample")
    lay_out(env)
    task = "covenant-package-v02"
    with Session(env, today=TODAY) as session:  # builds the index and caches it
        session.audit(task, [])
    with Session(env, today=TODAY) as session:
        cached = session.knowledge(session.context(load_task(env, task)))
        assert session.store.extracted == session.store.reused == 0  # no knowledge-base file was read
    with Session(env, today=TODAY, use_cache=False) as session:
        built = session.knowledge(session.context(load_task(env, task)))
        assert session.store.extracted >= len(built.paths) > 10
    assert cached.as_dict() == built.as_dict()
    # A task edited since: its findings with the cached index equal those without any cache.
    memo = env / "tasks" / task / "documents" / "standing-instructions.md"
    memo.write_text(memo.read_text() + "\nA line added after the first audit.\n")
    shutil.rmtree(env / "audit", ignore_errors=True)
    assert results(env) == results(env, use_cache=False)


def test_a_parsed_documents_extraction_is_remembered_and_plain_text_is_decoded_again(tmp_path):
    import docwriters as dw

    from hygiene_helpers import workspace
    from oafreeze.environment.task import load_task

    files = {**workspace(), "memo.docx": dw.docx(["The memo, as Word saved it."])}
    env = make_env(tmp_path / "env", {"t1": (None, files)})

    def read_all(session):
        ctx = session.context(load_task(env, "t1"))
        return {f.rel: f.text for f in ctx.task_files}

    with Session(env, today=TODAY) as session:
        first = read_all(session)
        assert session.store.reused == 0 and session.store.extracted == len(first)
    with Session(env, today=TODAY) as session:
        again = read_all(session)
        assert again == first and "The memo, as Word saved it." in again["documents/memo.docx"]
        # The .docx comes from the cache; the Markdown files and task.json are decoded again.
        assert session.store.reused == 1 and session.store.extracted == len(first) - 1
