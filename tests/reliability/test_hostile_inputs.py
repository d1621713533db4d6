"""Hostile inputs: paths that climb out, YAML and JSON bombs, Office zip bombs, a 4 GB sparse
file, odd names, and repositories whose config would run commands. Nothing runs; each is
refused or handled with a clear message (exit 1 or 2, never a traceback)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from reltools import PY, ROOT, build_env, copy_env, no_traceback, oaf, peak_rss_mb

sys.path.insert(0, str(ROOT / "tests"))
from conftest import commit_all, git  # noqa: E402
from envtools import task_json  # noqa: E402
from oafreeze.plumbing.errors import BadInput  # noqa: E402
from oafreeze.plumbing import canonical, safeyaml  # noqa: E402
from oafreeze.freezer.manifest import load_manifest  # noqa: E402
from oafreeze.environment.task import parse_task  # noqa: E402
from oafreeze.corpus import formats  # noqa: E402

INPUTS = {"tried": 0}


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return build_env(tmp_path_factory.mktemp("hostile"), n_tasks=2)


# -- paths in task.json ----------------------------------------------------------------

BAD_PATHS = ["../../etc/passwd", "/etc/passwd", "a/../../b", "ok\0.md", "C:/x.md", "~/x.md", "a\\b.md", "./a.md",
             "a//b.md", "cafe\u0301.md"]


def _with(field: str, value: str) -> dict:
    task = task_json()
    if field == "deliverables":
        task["deliverables"] = {value: "hostile"}
        task["criteria"][0]["deliverables"] = [value]
    elif field == "anchors":
        task["oafreeze"] = {"trap": {"kind": "k", "description": "d", "anchors": [{"file": value, "quote": "q"}]}}
    else:
        task["oafreeze"] = {"seeded_law": [{"file": value, "citation": "C.R.S. 8-2-113"}]}
    return task


FIELD_ITEM = {"deliverables": ("H06", "$.deliverables"), "anchors": ("H11", "$.oafreeze.trap.anchors[0]"),
              "seeded_law": ("H09", "$.oafreeze.seeded_law[0].file")}


@pytest.fixture(scope="module")
def audit_env(base, tmp_path_factory) -> Path:
    return copy_env(base, tmp_path_factory.mktemp("paths") / "env")


@pytest.mark.parametrize("field", ["deliverables", "anchors", "seeded_law"])
@pytest.mark.parametrize("path", BAD_PATHS, ids=range(len(BAD_PATHS)))
def test_unsafe_paths_in_task_json_open_nothing_and_are_findings_naming_the_field(audit_env, field, path):
    from oafreeze.hygiene.audit import run_audit

    INPUTS["tried"] += 1
    (audit_env / "tasks/task-00/task.json").write_text(json.dumps(_with(field, path)))
    result = run_audit(audit_env, ["task-00"], record=False)[0]
    item, location = FIELD_ITEM[field]
    hits = [f for f in result.findings if f.item == item and str(f.location).startswith(location)]
    assert not result.passed and hits, [f.message for f in result.findings]


def test_freeze_refuses_a_task_whose_deliverable_climbs_out(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    (env / "tasks/task-00/task.json").write_text(json.dumps(_with("deliverables", "../../../x.md")))
    commit_all(env, "hostile")
    proc = oaf("freeze", "--id", "f1", cwd=env)
    assert proc.returncode == 2 and "tasks/task-00/task.json" in proc.stderr and no_traceback(proc)
    assert not (env / "manifests/f1.json").exists()


def test_a_snapshot_whose_paths_climb_out_is_refused_before_anything_is_written(base, tmp_path):
    snap = json.loads((base / "snapshots/kb.json").read_text())
    snap["files"][0]["path"] = "../../../../escaped.txt"
    snap.pop("digest")
    snap["digest"] = canonical.digest(snap)  # resealed: the self-digest alone cannot stop this
    hostile = tmp_path / "kb.json"
    hostile.write_bytes(canonical.pretty_bytes(snap))
    proc = oaf("materialize", "--snapshot", str(hostile), "--library", str(base.parent / "lib"),
               "--into", str(tmp_path / "ws"))
    assert proc.returncode == 2 and "path" in proc.stderr and no_traceback(proc), proc.stderr
    assert not (tmp_path / "escaped.txt").exists() and not list(tmp_path.rglob("escaped.txt"))


def test_a_manifest_whose_paths_climb_out_cannot_make_export_write_outside_the_bag(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0
    data = json.loads((env / "manifests/f1.json").read_text())
    data["tasks"]["task-00"]["files"][0]["path"] = "../../../../../escaped.txt"
    data.pop("digest")
    data["digest"] = canonical.digest(data)
    (env / "manifests/f1.json").write_bytes(canonical.pretty_bytes(data))
    proc = oaf("export", "--format", "bagit", "--out", str(tmp_path / "bag"), cwd=env)
    # Refused when the manifest is loaded, naming the field, before anything is written.
    assert proc.returncode == 2 and "tasks.task-00.files.0.path" in proc.stderr and "'..'" in proc.stderr \
        and no_traceback(proc), proc.stderr
    assert not list(tmp_path.rglob("escaped.txt")) and not (tmp_path / "bag").exists()


# -- YAML and JSON -----------------------------------------------------------------------

HOSTILE_YAML = {
    "object-tag": "name: !!python/object/apply:os.system ['touch /tmp/oafreeze-pwned']\n",
    "billion-laughs": "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [{','.join(['*' + p] * 10)}]\n" for p, c in zip("abcdefgh", "bcdefghi")) + "name: *i\n",
    "recursive-alias": "a: &a [x, *a]\nname: *a\n",
    "deep-flow": "name: " + "[" * 500 + "]" * 500 + "\n",
    "deep-block": "".join(" " * i + "k:\n" for i in range(200)) + " " * 200 + "v\n",
    "deep-complex-keys": "? " * 5000 + "a\n",
    "set": "schema: oafreeze.environment/1\nname: e\nmodels: [{id: m, settings: !!set {a, b}}]\n",
    "binary": "schema: oafreeze.environment/1\nname: e\nmodels: [{id: m, settings: {k: !!binary //79}}]\n",
    "infinity": "schema: oafreeze.environment/1\nname: e\nmodels: [{id: m, settings: {temperature: .inf}}]\n",
    "huge-int": "schema: oafreeze.environment/1\nname: e\nmodels: [{id: m, settings: {max: 99999999999999999999}}]\n",
    "int-key": "schema: oafreeze.environment/1\nname: e\nmodels: [{id: m, settings: {nested: {1: a}}}]\n",
    "not-utf8": b"name: \xff\xfe\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE_YAML))
def test_hostile_oafreeze_yaml_is_refused_by_freeze_with_exit_2(base, tmp_path, name):
    INPUTS["tried"] += 1
    env = copy_env(base, tmp_path / "env")
    text = HOSTILE_YAML[name]
    (env / "oafreeze.yaml").write_bytes(text if isinstance(text, bytes) else text.encode())
    commit_all(env, "hostile config")
    proc = oaf("freeze", "--id", "f1", cwd=env)
    assert proc.returncode == 2 and "oafreeze.yaml" in proc.stderr and no_traceback(proc), proc.stderr
    assert not Path("/tmp/oafreeze-pwned").exists() and not (env / "manifests/f1.json").exists()


HOSTILE_JSON = {
    "duplicate-key": '{"title": "a", "title": "b"}',
    "nan": '{"title": NaN}',
    "infinity": '{"title": -Infinity}',
    "huge-int": '{"n": ' + "9" * 5000 + "}",
    "huge-float": '{"n": 1e999}',
    "deep": "[" * 100000 + "]" * 100000,
    "not-utf8": b'{"title": "\xff"}',
    "bom": b'\xef\xbb\xbf{"title": "x"}',
    "lone-surrogate": '{"title": "\\ud800"}',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_JSON))
def test_hostile_task_json_is_refused_by_freeze_and_a_blocker_for_the_audit(base, tmp_path, name):
    INPUTS["tried"] += 1
    env = copy_env(base, tmp_path / "env")
    text = HOSTILE_JSON[name]
    (env / "tasks/task-00/task.json").write_bytes(text if isinstance(text, bytes) else text.encode())
    commit_all(env, "hostile task")
    proc = oaf("freeze", "--id", "f1", cwd=env)
    assert proc.returncode == 2 and "task-00/task.json" in proc.stderr and no_traceback(proc), proc.stderr
    # The audit reports the task that does not read, and audits the other one.
    proc = oaf("audit", "--no-record", "--json", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    by_task = {t["task"]: t for t in json.loads(proc.stdout)["tasks"]}
    assert sorted(by_task) == ["task-00", "task-01"]
    assert [f["severity"] for f in by_task["task-00"]["findings"]] == ["blocker"]
    assert "cannot be read as a task" in by_task["task-00"]["findings"][0]["message"]


# -- Office documents (the audit's H07 format check) -------------------------------------

CT = b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
DOC = b'<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>Salary: $120,000</w:t></w:r></w:p></w:body></w:document>'


def _zip(members) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            z.writestr(name, data)
    return buf.getvalue()


def _bomb(n: int = 5, size: int = 64 << 20) -> bytes:
    """A small zip whose members unpack to n * size bytes of zeros."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        z.writestr("[Content_Types].xml", CT)
        z.writestr("word/document.xml", DOC)
        for i in range(n):
            with z.open(f"word/media/zero{i}.bin", "w", force_zip64=True) as fh:
                block = b"\0" * (1 << 20)
                for _ in range(size >> 20):
                    fh.write(block)
    return buf.getvalue()


LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">'
          + b"".join(b'<!ENTITY a%d "%s">' % (i, b"&a%d;" % (i - 1) * 10 if i > 1 else b"&a;" * 10) for i in range(1, 10))
          + b']><w:document xmlns:w="w"><w:t>&a9;</w:t></w:document>')

HOSTILE_OFFICE = {
    "dotdot-member": (_zip([("[Content_Types].xml", CT), ("word/document.xml", DOC), ("../../evil.sh", b"x")]),
                      "outside the package"),
    "absolute-member": (_zip([("[Content_Types].xml", CT), ("word/document.xml", DOC), ("/etc/cron.d/x", b"x")]),
                        "outside the package"),
    "xml-billion-laughs": (_zip([("[Content_Types].xml", CT), ("word/document.xml", LAUGHS)]), "DOCTYPE"),
    "xml-external-entity": (_zip([("[Content_Types].xml", CT), ("word/document.xml",
                            b'<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d>&x;</d>')]), "DOCTYPE"),
    "not-a-zip": (b"PK\x03\x04 truncated", "does not parse"),
    "missing-main-part": (_zip([("[Content_Types].xml", CT)]), "missing"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_OFFICE))
def test_hostile_docx_is_reported_by_the_format_check_without_extracting(name, tmp_path):
    INPUTS["tried"] += 1
    data, needle = HOSTILE_OFFICE[name]
    before = set(os.listdir(tmp_path))
    why = formats.problem("documents/contract.docx", data)
    assert why and needle in why, why
    assert formats.extract("documents/contract.docx", data).text in (None, "")
    assert set(os.listdir(tmp_path)) == before and not Path("/evil.sh").exists()


@pytest.mark.slow
def test_a_docx_zip_bomb_is_refused_by_the_audit_in_flat_memory(base, tmp_path):
    INPUTS["tried"] += 1
    env = copy_env(base, tmp_path / "env")
    (env / "tasks/task-00/documents/contract.docx").write_bytes(_bomb(n=6))  # ~400 MB unpacked, ~0.4 MB on disk
    rss, secs, proc = peak_rss_mb([PY, "-m", "oafreeze", "audit", "task-00", "--no-record"], cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    assert "zip bomb" in proc.stdout and "contract.docx" in proc.stdout
    assert rss < 300 and secs < 60, (rss, secs)


def test_a_docx_with_a_dotdot_member_is_an_h07_finding(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    (env / "tasks/task-00/documents/contract.docx").write_bytes(HOSTILE_OFFICE["dotdot-member"][0])
    proc = oaf("audit", "task-00", "--no-record", "--json", cwd=env)
    found = [f for f in json.loads(proc.stdout)["tasks"][0]["findings"] if f["item"] == "H07"]
    assert any("outside the package" in f["message"] + f.get("evidence", "") for f in found), found
    assert not list(tmp_path.rglob("evil.sh"))


# -- a 4 GB sparse file: memory stays flat ----------------------------------------------------

def _sha256_zeros(size: int) -> str:
    h, block = hashlib.sha256(), b"\0" * (8 << 20)
    for _ in range(size // len(block)):
        h.update(block)
    return h.hexdigest()


@pytest.mark.slow
def test_verify_hashes_a_4gb_sparse_file_in_flat_memory(base, tmp_path):
    INPUTS["tried"] += 1
    env = copy_env(base, tmp_path / "env")
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0
    size = 4 << 30
    with open(env / "tasks/task-00/documents/notes.txt", "r+b") as fh:
        fh.truncate(size)  # sparse: 4 GB of zeros that take no disk
        fh.seek(0)
        fh.write(b"\0" * 13)
    manifest, _ = load_manifest(env, "f1")
    data = manifest.to_json()
    entry = next(f for f in data["tasks"]["task-00"]["files"] if f["path"] == "documents/notes.txt")
    entry.update(size=size, sha256=_sha256_zeros(size))
    data["id"], data["supersedes"], data["supersedes_digest"] = "f2", "f1", manifest.digest
    data.pop("digest")
    data["digest"] = canonical.digest(data)
    (env / "manifests/f2.json").write_bytes(canonical.pretty_bytes(data))
    rss, secs, proc = peak_rss_mb([PY, "-m", "oafreeze", "verify", "f2", "--no-cache"], cwd=env)
    assert proc.returncode == 0 and "matches freeze f2" in proc.stdout, proc.stdout + proc.stderr
    assert rss < 300, rss


@pytest.mark.slow
def test_audit_reads_a_large_sparse_file_in_flat_memory(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    with open(env / "tasks/task-00/documents/big.bin", "wb") as fh:
        fh.truncate(1 << 30)
    rss, _secs, proc = peak_rss_mb([PY, "-m", "oafreeze", "audit", "task-00", "--no-record", "--verbose"], cwd=env)
    assert no_traceback(proc)
    assert rss < 300, rss
    assert "big.bin is 1024 MiB, too large for the audit to read" in proc.stdout


@pytest.mark.slow
def test_freeze_hashes_a_large_committed_sparse_file_in_flat_memory(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    size = 256 << 20
    with open(env / "tasks/task-00/documents/big.bin", "wb") as fh:
        fh.truncate(size)
    git(env, "-c", "core.compression=1", "add", "-A")
    git(env, "commit", "-q", "-m", "big")
    rss, _secs, proc = peak_rss_mb([PY, "-m", "oafreeze", "freeze", "--id", "f1"], cwd=env)
    assert proc.returncode == 0, proc.stderr
    assert rss < 150, rss  # well under the file's 256 MB: streamed, never held
    data = json.loads((env / "manifests/f1.json").read_text())
    big = next(f for f in data["tasks"]["task-00"]["files"] if f["path"] == "documents/big.bin")
    assert big["size"] == size and big["sha256"] == _sha256_zeros(size)


# -- names ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name,needle", [
    (b"bad-\xff-name.txt", "not valid UTF-8"),
    ("cafe\u0301.txt".encode(), "NFC"),
    (b"NOTES.txt", "only by case"),
])
def test_odd_names_in_a_workspace_are_refused_by_freeze_naming_them(base, tmp_path, name, needle):
    INPUTS["tried"] += 1
    env = copy_env(base, tmp_path / "env")
    folder = os.fsencode(env / "tasks/task-00/documents")
    with open(os.path.join(folder, name), "wb") as fh:
        fh.write(b"x\n")
    git(env, "add", "-A")
    git(env, "commit", "-q", "-m", "odd name")
    proc = oaf("freeze", "--id", "f1", cwd=env)
    assert proc.returncode == 2 and needle in proc.stderr and no_traceback(proc), proc.stderr


@pytest.mark.parametrize("as_json", [False, True])
def test_verify_reports_a_non_utf8_name_added_to_a_workspace(base, tmp_path, as_json):
    env = copy_env(base, tmp_path / "env")
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0
    with open(os.path.join(os.fsencode(env / "tasks/task-00/documents"), b"bad-\xff.txt"), "wb") as fh:
        fh.write(b"x")
    proc = oaf("verify", *(["--json"] if as_json else []), cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    assert "bad-" in proc.stdout


# -- symlinks --------------------------------------------------------------------------------

def test_a_symlink_out_of_a_workspace_is_never_followed(base, tmp_path):
    INPUTS["tried"] += 1
    env = copy_env(base, tmp_path / "env")
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET 4242\n")
    os.symlink(secret, env / "tasks/task-00/documents/leak.txt")
    os.symlink(tmp_path, env / "tasks/task-00/documents/outside")
    proc = oaf("verify", cwd=env)
    assert proc.returncode == 1 and "symlink" in proc.stdout and "leak.txt" in proc.stdout
    audit = oaf("audit", "task-00", "--no-record", cwd=env)
    assert "leak.txt" in audit.stdout and "4242" not in audit.stdout
    commit_all(env, "links")
    freeze = oaf("freeze", "--id", "f2", cwd=env)
    assert freeze.returncode == 2 and "symlink" in freeze.stderr and no_traceback(freeze)


def test_a_symlink_out_of_a_library_is_refused_by_snapshot(tmp_path):
    INPUTS["tried"] += 1
    lib = tmp_path / "lib"
    subprocess.run([PY, "-m", "oafreeze", "sample-library", "--out", str(lib)], check=True, capture_output=True)
    os.symlink("/etc/passwd", lib / "practice-guides" / "passwd.md")
    commit_all(lib, "link")
    proc = oaf("snapshot", "--library", str(lib), "--commit", "HEAD", "--profile", "sample")
    assert proc.returncode == 2 and "passwd.md" in proc.stderr and "symlink" in proc.stderr


def test_a_materialize_target_that_is_a_symlink_is_refused(base, tmp_path):
    env = copy_env(base, tmp_path / "env")
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "precious.txt").write_text("keep me\n")
    kb = env / "tasks/task-00/documents/knowledge-base"
    import shutil

    shutil.rmtree(kb)
    os.symlink(victim, kb)
    proc = oaf("materialize", "--env", ".", cwd=env)
    assert proc.returncode == 2 and "symlink" in proc.stderr and no_traceback(proc), proc.stderr
    assert (victim / "precious.txt").read_text() == "keep me\n"


# -- an environment repository whose config would run commands -------------------------------

def _hostile_env(base: Path, tmp_path: Path, settings: list[tuple[str, str]]) -> tuple[Path, Path]:
    env = copy_env(base, tmp_path / "env")
    marker = tmp_path / "MARKER"
    touch = f"touch {marker}"
    (env / "tasks/task-00/.gitattributes").write_text("* filter=evil diff=evil\n")
    commit_all(env, "attributes")
    (tmp_path / "hooks").mkdir()
    for hook in ("pre-commit", "post-index-change", "reference-transaction"):
        (tmp_path / "hooks" / hook).write_text(f"#!/bin/sh\n{touch}\n")
        (tmp_path / "hooks" / hook).chmod(0o755)
    for key, value in settings:
        git(env, "config", key, value.replace("TOUCH", touch).replace("HOOKS", str(tmp_path / "hooks")))
    os.utime(env / "tasks/task-00/documents/notes.txt")  # stat-dirty: git status would want to re-clean it
    return env, marker


SAFE_KEYS = [("core.fsmonitor", "TOUCH"), ("core.pager", "TOUCH"), ("diff.evil.textconv", "TOUCH"),
             ("diff.external", "TOUCH"), ("core.hooksPath", "HOOKS")]
COMMANDS = [("freeze", "--id", "f1"), ("verify",), ("precommit",), ("audit", "--no-record"), ("log", "verify"),
            ("export", "--format", "sha256sum", "--out", "../s.txt")]


def test_no_command_runs_fsmonitor_pager_textconv_or_hooks_from_a_hostile_environment(base, tmp_path):
    INPUTS["tried"] += 1
    env, marker = _hostile_env(base, tmp_path, SAFE_KEYS)
    for args in COMMANDS:
        oaf(*args, cwd=env)
        assert not marker.exists(), f"`oafreeze {' '.join(args)}` ran a command from the repository's config"


@pytest.mark.parametrize("args", COMMANDS[1:], ids=lambda a: a[0])
def test_verify_precommit_audit_log_export_run_no_clean_filter_from_a_hostile_environment(base, tmp_path, args):
    env, marker = _hostile_env(base, tmp_path, [("filter.evil.clean", "TOUCH"), ("filter.evil.process", "TOUCH")])
    oaf(*args, cwd=env)
    assert not marker.exists(), f"`oafreeze {' '.join(args)}` ran a clean filter from the repository's config"


def test_freeze_runs_no_clean_filter_from_a_hostile_environment(base, tmp_path):
    INPUTS["tried"] += 1
    env, marker = _hostile_env(base, tmp_path, [("filter.evil.clean", "TOUCH"), ("filter.evil.process", "TOUCH")])
    oaf("freeze", "--id", "f1", cwd=env)
    assert not marker.exists(), "`oafreeze freeze` ran a clean filter from the repository's config"
