"""The run log as a file: the hash chain, concurrent appends, crashes, tampering, anchors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import commit_all, init_repo
from oafreeze.plumbing.errors import CheckFailed
from oafreeze.plumbing import canonical
from oafreeze.runlog import log as runlog

T0 = "2026-01-05T10:00:00.000000Z"


def note_log(n: int) -> bytes:
    """A valid log of n notes, built with the pure functions."""
    data, last = b"", None
    for i in range(n):
        last = runlog.next_entry(last, "note", {"text": f"note {i + 1}"}, T0)
        data += runlog.entry_line(last)
    return data


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def rules_of(report) -> set[tuple[int | None, str | None]]:
    return {(p.line, p.rule) for p in report.problems}


@pytest.fixture
def log(tmp_path) -> Path:
    (tmp_path / "manifests").mkdir()
    (tmp_path / "manifests" / "2026-01-05T10-00-00Z.json").write_text("{}")
    return runlog.log_path(tmp_path)


# -- the chain -------------------------------------------------------------------------


def test_entries_chain_from_genesis_and_seq_equals_the_line_number(log):
    for i in range(3):
        runlog.append(log, "note", {"text": f"n{i}"})
    report = runlog.verify(log)
    assert report.ok and [e.seq for e in report.entries] == [1, 2, 3]
    assert report.entries[0].prev == runlog.GENESIS
    assert report.entries[2].prev == report.entries[1].digest
    first = json.loads(log.read_bytes().split(b"\n")[0])
    assert first["digest"] == canonical.digest({k: v for k, v in first.items() if k != "digest"})
    assert first["time"].endswith("Z")


def test_a_missing_log_verifies_as_empty_and_the_latest_freeze_is_the_default(tmp_path):
    (tmp_path / "manifests").mkdir()
    for stem in ("2026-01-01T00-00-00Z", "2026-02-01T00-00-00Z"):
        (tmp_path / "manifests" / f"{stem}.json").write_text("{}")
    path = runlog.log_path(tmp_path)
    assert path.name == "2026-02-01T00-00-00Z.runlog.jsonl"
    report = runlog.verify(path)
    assert report.ok and not report.exists and report.head is None


@pytest.mark.parametrize("damage, line, rule", [
    ("edit", 3, "runlog-digest"),
    ("edit-and-rehash", 4, "runlog-chain"),
    ("delete", 3, "runlog-seq"),
    ("reorder", 3, "runlog-seq"),
    ("duplicate", 4, "runlog-seq"),
    ("reformat", 2, "runlog-canonical"),
    ("garbage", 5, "runlog-json"),
    ("blank", 3, "runlog-blank-line"),
])
def test_every_kind_of_damage_in_the_middle_is_reported_with_its_line(log, damage, line, rule):
    log.write_bytes(note_log(6))
    rows = lines_of(log.read_bytes())
    if damage == "edit":
        rows[2] = rows[2].replace(b"note 3", b"note X")
    elif damage == "edit-and-rehash":
        entry = json.loads(rows[2])
        entry["payload"]["text"] = "forged"
        entry["digest"] = runlog.entry_digest(entry)
        rows[2] = canonical.canonical_bytes(entry)
    elif damage == "delete":
        del rows[2]
    elif damage == "reorder":
        rows[2], rows[3] = rows[3], rows[2]
    elif damage == "duplicate":
        rows.insert(3, rows[2])
    elif damage == "reformat":
        rows[1] = json.dumps(json.loads(rows[1]), indent=None, sort_keys=True).encode()
    elif damage == "garbage":
        rows[4] = b'{"seq": 5, oops'
    elif damage == "blank":
        rows.insert(2, b"")
    log.write_bytes(b"\n".join(rows) + b"\n")
    report = runlog.verify(log)
    assert not report.ok and not report.repairable
    assert (line, rule) in rules_of(report), report.problems
    # and repair refuses to paper over it
    with pytest.raises(CheckFailed) as exc:
        runlog.repair(log)
    assert any(p.line == line for p in exc.value.problems)
    assert not list(log.parent.glob("*.torn-*"))


def test_a_damaged_log_is_never_appended_to(log):
    log.write_bytes(note_log(3).replace(b"note 2", b"note Z"))
    with pytest.raises(CheckFailed):
        runlog.append(log, "note", {"text": "more"})
    assert len(lines_of(log.read_bytes())) == 3


# -- crashes -----------------------------------------------------------------------------


def test_a_torn_last_line_is_detected_repaired_with_a_copy_and_appending_resumes(log, cli):
    data = note_log(4)
    half = runlog.entry_line(runlog.next_entry(runlog.verify_bytes(data, "x").entries[-1], "note",
                                               {"text": "cut off"}, T0))[:40]
    log.write_bytes(data + half)
    report = runlog.verify(log)
    assert rules_of(report) == {(5, "runlog-torn")} and report.repairable and report.torn_bytes == 40
    code, out, _ = cli("log", "verify", "--env", str(log.parent.parent))
    assert code == 1 and ":5:" in out and "log repair" in out
    with pytest.raises(CheckFailed):
        runlog.append(log, "note", {"text": "refused until repaired"})
    code, out, _ = cli("log", "repair", "--env", str(log.parent.parent))
    assert code == 0 and "cut 40 torn bytes" in out
    assert log.read_bytes() == data
    assert Path(str(log) + ".torn-1").read_bytes() == half
    entry = runlog.append(log, "note", {"text": "after repair"})
    assert entry.seq == 5 and runlog.verify(log).ok
    code, out, _ = cli("log", "repair", "--env", str(log.parent.parent))
    assert code == 0 and "nothing to repair" in out


CRASHER = textwrap.dedent("""
    import os, sys, time
    from oafreeze.runlog import log as runlog
    log, marker = sys.argv[1], sys.argv[2]
    def half_then_hang(fd, data):
        os.write(fd, data[: len(data) // 2])
        open(marker, "w").close()
        time.sleep(60)
        return len(data)
    from oafreeze.plumbing import jsonl
    jsonl._write = half_then_hang
    runlog.append(log, "note", {"text": "this append is killed half way"})
""")


def test_an_appender_killed_mid_write_leaves_a_torn_line_that_repair_cuts_back(log, tmp_path):
    runlog.append(log, "note", {"text": "before the crash"})
    marker = tmp_path / "half-written"
    proc = subprocess.Popen([sys.executable, "-c", CRASHER, str(log), str(marker)])
    try:
        deadline = time.monotonic() + 20
        while not marker.exists():
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    report = runlog.verify(log)
    assert report.repairable and rules_of(report) == {(2, "runlog-torn")}
    runlog.repair(log)  # the dead process's lock was released by the kernel
    assert runlog.append(log, "note", {"text": "after"}).seq == 2
    assert runlog.verify(log).ok


WORKER = textwrap.dedent("""
    import sys
    from oafreeze.runlog import log as runlog
    log, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for i in range(n):
        runlog.append(log, "note", {"text": f"{name}-{i}"})
""")


def test_eight_processes_appending_100_entries_each_make_one_chain_of_800(log):
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(log), f"w{w}", "100"]) for w in range(8)]
    assert [p.wait(timeout=120) for p in procs] == [0] * 8
    report = runlog.verify(log)
    assert report.ok, report.problems[:5]
    assert len(report.entries) == 800 and report.head.seq == 800
    texts = [e.payload["text"] for e in report.entries]
    assert sorted(texts) == sorted(f"w{w}-{i}" for w in range(8) for i in range(100))
    for w in range(8):  # each writer's entries keep their own order
        mine = [t for t in texts if t.startswith(f"w{w}-")]
        assert mine == [f"w{w}-{i}" for i in range(100)]


def test_concurrent_note_commands_from_the_cli_keep_the_chain(log):
    env = log.parent.parent
    cmd = [sys.executable, "-m", "oafreeze", "note", "--env", str(env)]
    procs = [subprocess.Popen(cmd + [f"cli note {i}"]) for i in range(6)]
    assert [p.wait(timeout=60) for p in procs] == [0] * 6
    report = runlog.verify(log)
    assert report.ok and len(report.entries) == 6


# -- append-only against a committed version ------------------------------------------------


def test_check_append_accepts_pure_appends_only():
    old = note_log(3)
    new = note_log(5)
    assert runlog.check_append(b"", new, "log") == []
    assert runlog.check_append(old, new, "log") == []
    assert runlog.check_append(old, old, "log") == []
    truncated = runlog.check_append(new, old, "log")
    assert [p.rule for p in truncated] == ["runlog-append-only"] and "truncates" in truncated[0].message
    rewritten = new.replace(b"note 2", b"note 9")
    found = runlog.check_append(old, rewritten, "log")
    assert ("runlog-append-only", 2) in {(p.rule, p.line) for p in found}
    # a full rewrite with a fresh, self-consistent chain still does not extend the old log
    forged, last = b"", None
    for i in range(5):
        last = runlog.next_entry(last, "note", {"text": f"other {i}"}, T0)
        forged += runlog.entry_line(last)
    assert runlog.verify_bytes(forged, "log").ok
    assert [p.rule for p in runlog.check_append(old, forged, "log")] == ["runlog-append-only"]
    # appending a torn line is not an append of whole entries
    assert [p.rule for p in runlog.check_append(old, old + b'{"seq":4', "log")] == ["runlog-torn"]


def test_log_verify_against_a_commit_sees_truncation_that_the_chain_cannot(tmp_path, cli):
    env = init_repo(tmp_path / "env")
    (env / "manifests").mkdir()
    (env / "manifests" / "f1.json").write_text("{}")
    log = runlog.log_path(env)
    for i in range(4):
        runlog.append(log, "note", {"text": f"n{i}"})
    commit_all(env, "four entries")
    runlog.append(log, "note", {"text": "n4"})
    code, out, _ = cli("log", "verify", "--env", str(env), "--against", "HEAD")
    assert code == 0 and "extends the 4 entries committed at HEAD" in out
    # cut back to two entries: still a valid chain, but not an extension of HEAD
    log.write_bytes(b"".join(line + b"\n" for line in lines_of(log.read_bytes())[:2]))
    assert runlog.verify(log).ok
    code, data, _ = cli.json("log", "verify", "--env", str(env), "--against", "HEAD")
    assert code == 1 and [p["rule"] for p in data["problems"]] == ["runlog-append-only"]
    code, _, err = cli("log", "verify", "--env", str(env), "--against", "no-such-rev")
    assert code == 2 and "unknown commit" in err


# -- properties ----------------------------------------------------------------------------

texts = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53 - 1), 2**53 - 1) | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3), max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(payloads=st.lists(st.dictionaries(texts, json_values, max_size=4), min_size=1, max_size=6),
       data=st.data())
def test_any_appended_sequence_verifies_and_any_single_byte_change_is_caught(payloads, data):
    log, last = b"", None
    for payload in payloads:
        last = runlog.next_entry(last, "anything", payload, T0)
        log += runlog.entry_line(last)
    assert runlog.verify_bytes(log, "log", check_rules=False).ok
    i = data.draw(st.integers(0, len(log) - 1), label="offset")
    b = data.draw(st.integers(0, 255).filter(lambda v: v != log[i]), label="byte")
    mutated = log[:i] + bytes([b]) + log[i + 1:]
    assert not runlog.verify_bytes(mutated, "log", check_rules=False).ok
    assert runlog.check_append(log[: log.rfind(b"\n", 0, max(i, 1)) + 1], mutated, "log")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(notes=st.lists(texts, min_size=1, max_size=5))
def test_appends_through_the_file_always_verify(tmp_path, notes):
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    path = folder / "x.runlog.jsonl"
    for text in notes:
        runlog.append(path, "note", {"text": text})
    report = runlog.verify(path)
    assert report.ok and [e.payload["text"] for e in report.entries] == notes
