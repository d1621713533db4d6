"""`oafreeze snapshot` on the real library bundle and on hand-made repositories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import OA_HEAD, commit_all, git, init_repo
from oafreeze.corpus import documents as docs
from oafreeze.corpus.profile import load_profile
from oafreeze.plumbing.git import Repo
from oafreeze.corpus.snapshot import take_snapshot

KIND_DIRS = {"practice-guide": "practice-guides", "template": "templates", "checklist": "checklists",
             "survey": "surveys"}


def independent_counts(repo: Path, commit: str) -> dict[str, int]:
    """Count documents per kind straight from `git ls-tree`, by the layout's own rules."""
    files = git(repo, "ls-tree", "-r", "--name-only", commit).splitlines()
    nav = {"index.md", "log.md", "LICENSE", "NOTICE", "README.md"}
    guides = [f for f in files if f.startswith("practice-guides/") and f.endswith(".md")
              and f.rsplit("/", 1)[-1] not in nav]
    templates = {"/".join(f.split("/")[:3]) for f in files
                 if f.startswith("templates/") and len(f.split("/")) >= 4}
    checklists = {f.rsplit(".", 1)[0] for f in files if f.startswith("checklists/")
                  and f.endswith((".md", ".json")) and f.rsplit("/", 1)[-1] not in nav}
    surveys = [f for f in files if f.startswith("surveys/") and f.endswith(".md")
               and f.rsplit("/", 1)[-1] not in nav]
    return {"practice-guide": len(guides), "template": len(templates), "checklist": len(checklists),
            "survey": len(surveys)}


@pytest.mark.parametrize("rev", ["main", "f27dd87", "v0.1.1"])
def test_counts_and_trees_match_git_at_several_commits(cli, bundle, oa_repo, rev):
    code, snap, _ = cli.json("snapshot", "--library", str(oa_repo), "--commit", rev)
    assert code == 0
    commit = git(oa_repo, "rev-parse", f"{rev}^{{commit}}")
    assert snap["commit"] == commit
    assert snap["inventory"] == independent_counts(oa_repo, commit)
    for kind, folder in KIND_DIRS.items():
        expected = git(oa_repo, "rev-parse", "--verify", "--quiet", f"{commit}:{folder}", check=False) or None
        assert snap["kinds"][kind]["tree"] == expected


def test_head_of_the_real_library_has_all_four_kinds(cli, bundle):
    code, snap, _ = cli.json("snapshot", "--library", str(bundle), "--commit", "main")
    assert code == 0 and snap["commit"] == OA_HEAD
    assert all(snap["inventory"][k] > 0 for k in KIND_DIRS)
    # California and Texas guides exist at HEAD; the coverage says so.
    assert {"CA", "TX"} <= set(snap["coverage"]["practice-guide"]["covered"])
    # every file under a kind's root is accounted for: owned by a document, or listed
    owned = {f for d in snap["documents"] for f in d["files"]}
    listed = {f["path"] for f in snap["files"]}
    assert owned <= listed
    guide = next(d for d in snap["documents"] if d["id"] == "practice-guides/non-compete/us/california.md")
    assert guide["kind"] == "practice-guide" and guide["jurisdictions"] == ["CA"]
    assert guide["title"] and guide["timestamp"] and guide["licence"] == "CC-BY-4.0"


def test_file_hashes_are_the_blobs_sha256(cli, bundle, oa_repo):
    import hashlib

    code, snap, _ = cli.json("snapshot", "--library", str(oa_repo), "--commit", "main")
    for f in snap["files"][:40]:
        data = (oa_repo / f["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"]
        assert f["blob"] == git(oa_repo, "rev-parse", f"main:{f['path']}")
        assert f["size"] == len(data)


def test_a_commit_without_a_kinds_folder_counts_zero_and_says_so(cli, oa_repo):
    code, out, _ = cli("snapshot", "--library", str(oa_repo), "--commit", "v0.1.1")
    assert code == 0
    assert "absent at this commit" in out
    code, snap, _ = cli.json("snapshot", "--library", str(oa_repo), "--commit", "v0.1.1")
    assert snap["kinds"]["practice-guide"]["tree"] is None
    assert snap["inventory"]["practice-guide"] == 0


def test_expect_mismatch_exits_1_with_the_difference_per_kind(cli, oa_repo):
    code, snap, _ = cli.json("snapshot", "--library", str(oa_repo), "--commit", "main")
    inv = snap["inventory"]
    good = ",".join(f"{k}={v}" for k, v in inv.items())
    assert cli("snapshot", "--library", str(oa_repo), "--commit", "main", "--expect", good)[0] == 0
    bad = f"practice-guide={inv['practice-guide'] + 2},survey={inv['survey']}"
    code, _out, err = cli("snapshot", "--library", str(oa_repo), "--commit", "main", "--expect", bad)
    assert code == 1
    assert f"expected {inv['practice-guide'] + 2}, found {inv['practice-guide']} (-2)" in err
    assert "survey" not in err


def test_uncommitted_edits_never_leak_into_the_snapshot(cli, oa_repo, tmp_path):
    work = tmp_path / "lib"
    git(tmp_path, "clone", "-q", str(oa_repo), str(work))
    before = cli.json("snapshot", "--library", str(work), "--commit", "HEAD")[1]
    target = work / "practice-guides/non-compete/us/california.md"
    target.write_text("---\ntitle: tampered\n---\nedited but not committed\n")
    (work / "practice-guides/extra.md").write_text("---\ntitle: new\n---\n")
    after = cli.json("snapshot", "--library", str(work), "--commit", "HEAD")[1]
    assert after == before


def test_output_file_is_written_once_and_never_overwritten(cli, oa_repo, tmp_path):
    out = tmp_path / "snap.json"
    assert cli("snapshot", "--library", str(oa_repo), "--commit", "main", "--out", str(out))[0] == 0
    first = out.read_bytes()
    code, _o, err = cli("snapshot", "--library", str(oa_repo), "--commit", "f27dd87", "--out", str(out))
    assert code == 2 and "already exists" in err
    assert out.read_bytes() == first
    assert json.loads(first)["commit"] == OA_HEAD


def small_library(root: Path) -> Path:
    init_repo(root)
    (root / "practice-guides/non-compete/us").mkdir(parents=True)
    (root / "practice-guides/non-compete/us/oregon.md").write_text(
        "---\ntype: Guide\ntitle: Oregon\ndescription: d\n---\nbody\n")
    (root / "surveys").mkdir()
    (root / "surveys/us.md").write_text("---\ntype: Survey\ntitle: Survey\n---\n")
    return root


def test_validation_reports_every_problem_at_once(tmp_path):
    lib = small_library(tmp_path / "lib")
    (lib / "practice-guides/no-front-matter.md").write_text("# just a heading\n")
    (lib / "practice-guides/broken.md").write_text("---\ntitle: [unclosed\n---\n")
    (lib / "practice-guides/missing.md").write_text("---\ntitle: Missing fields\n---\n")
    (lib / "practice-guides/dup.md").write_text("---\ntype: G\ntitle: Oregon\ndescription: d\n---\n")
    (lib / "practice-guides/picture.png").write_bytes(b"\x89PNG")
    commit = commit_all(lib)
    profile, raw = load_profile("openagreements")
    with Repo.open(lib) as repo:
        snap = take_snapshot(repo, commit, profile, raw)
    got = {(p.path, p.rule, p.field, p.line) for p in snap.problems}
    assert ("practice-guides/no-front-matter.md", "front-matter-present", None, 1) in got
    assert any(p[0] == "practice-guides/broken.md" and p[1] == "safe-yaml" and p[3] in (2, 3) for p in got)
    assert ("practice-guides/missing.md", "required-field", "type", None) in got
    assert ("practice-guides/missing.md", "required-field", "description", None) in got
    assert ("practice-guides/dup.md", "unique-title", "title", None) in got
    assert ("practice-guides/picture.png", "claimed", None, None) in got
    # --strict turns problems into exit 2
    from click.testing import CliRunner

    from oafreeze.cli import main
    res = CliRunner().invoke(main, ["snapshot", "--library", str(lib), "--commit", commit, "--strict"])
    assert res.exit_code == 2


@pytest.mark.parametrize("case,needle", [
    ("not-a-repo", "not a git repository"),
    ("unknown-commit", "unknown commit"),
    ("symlink", "is a symlink"),
    ("missing", "no such file"),
])
def test_bad_libraries_get_a_clear_message_and_exit_2(cli, tmp_path, case, needle):
    lib = tmp_path / "lib"
    rev = "HEAD"
    if case == "not-a-repo":
        lib.mkdir()
    elif case == "missing":
        lib = tmp_path / "nowhere"
    else:
        small_library(lib)
        if case == "symlink":
            (lib / "practice-guides/link.md").symlink_to("/etc/passwd")
        commit_all(lib)
        if case == "unknown-commit":
            rev = "0" * 40
    code, out, err = cli("snapshot", "--library", str(lib), "--commit", rev)
    assert code == 2
    assert needle in err and "Traceback" not in err + out


def test_non_utf8_front_matter_is_named(tmp_path):
    lib = small_library(tmp_path / "lib")
    (lib / "practice-guides/latin1.md").write_bytes("---\ntitle: caf\xe9\n---\n".encode("latin-1"))
    commit = commit_all(lib)
    profile, raw = load_profile("openagreements")
    with Repo.open(lib) as repo:
        snap = take_snapshot(repo, commit, profile, raw)
    assert any(p.path == "practice-guides/latin1.md" and p.rule == "utf-8" for p in snap.problems)


def test_documents_group_twins_and_template_directories():
    profile, _ = load_profile("openagreements")
    cls = docs.classify(profile, [
        "checklists/employment/review.md", "checklists/employment/review.json",
        "checklists/employment/index.md", "checklists/LICENSE",
        "templates/acme-cc0-1.0/offer/metadata.yaml", "templates/acme-cc0-1.0/offer/template.docx",
        "templates/acme-cc0-1.0/offer/LICENSE", "templates/stray.md",
        "practice-guides/log.md", "practice-guides/a/b.md",
    ])
    assert cls.documents["checklists/employment/review"] == (
        "checklist", ["checklists/employment/review.json", "checklists/employment/review.md"])
    assert cls.documents["templates/acme-cc0-1.0/offer"][1] == [
        "templates/acme-cc0-1.0/offer/LICENSE", "templates/acme-cc0-1.0/offer/metadata.yaml",
        "templates/acme-cc0-1.0/offer/template.docx"]
    assert "practice-guides/a/b.md" in cls.documents
    assert set(cls.ignored) == {"checklists/employment/index.md", "checklists/LICENSE", "practice-guides/log.md"}
    assert cls.unclaimed == ["templates/stray.md"]


def test_template_licence_comes_from_metadata_or_path(bundle, oa_repo):
    profile, raw = load_profile("openagreements")
    with Repo.open(oa_repo) as repo:
        snap = take_snapshot(repo, "main", profile, raw)
    by_id = {d.id: d for d in snap.documents}
    assert by_id["templates/bonterms-cc0-1.0/bonterms-mutual-nda"].licence == "CC0-1.0"
    assert all(d.licence for d in snap.documents if d.kind == "template")


def test_a_user_profile_file_classifies_a_different_layout(cli, tmp_path):
    lib = init_repo(tmp_path / "lib")
    (lib / "kb/guides/ny").mkdir(parents=True)
    (lib / "kb/guides/ny/new-york.md").write_text("---\ntitle: NY\n---\n")
    (lib / "kb/forms/offer").mkdir(parents=True)
    (lib / "kb/forms/offer/meta.yaml").write_text("name: Offer\nlicense: CC0-1.0\n")
    (lib / "kb/forms/offer/form.docx").write_bytes(b"PK\x03\x04")
    commit_all(lib)
    profile = tmp_path / "mine.yaml"
    profile.write_text("name: mine\nkinds:\n  practice-guide: {root: guides, include: ['**/*.md'], required: [title]}\n"
                       "  template: {root: forms, unit: directory, depth: 1, metadata: meta.yaml}\n")
    code, snap, err = cli.json("snapshot", "--library", str(lib), "--commit", "HEAD", "--root", "kb",
                               "--profile", str(profile))
    assert code == 0, err
    assert snap["inventory"] == {"practice-guide": 1, "template": 1, "checklist": 0, "survey": 0}
    assert snap["root_tree"] == git(lib, "rev-parse", "HEAD:kb")
    assert snap["kinds"]["practice-guide"]["tree"] == git(lib, "rev-parse", "HEAD:kb/guides")
    guide = next(d for d in snap["documents"] if d["kind"] == "practice-guide")
    assert guide["jurisdictions"] == ["NY"] and guide["files"] == ["guides/ny/new-york.md"]


def test_an_invalid_profile_names_every_bad_field(cli, tmp_path):
    profile = tmp_path / "bad.yaml"
    profile.write_text("name: ''\nkinds:\n  guide: {root: ../x}\n  template: {root: t, unit: folder}\n")
    code, _o, err = cli("snapshot", "--library", str(tmp_path), "--commit", "HEAD", "--profile", str(profile))
    assert code == 2
    assert "bad.yaml" in err and "name" in err and "kinds.guide" in err and "kinds.template.unit" in err


def test_inventory_prints_counts_and_missing_jurisdictions(cli, oa_repo, tmp_path):
    out = tmp_path / "s.json"
    assert cli("snapshot", "--library", str(oa_repo), "--commit", "main", "--out", str(out))[0] == 0
    code, text, _ = cli("inventory", str(out))
    assert code == 0
    snap = json.loads(out.read_text())
    line = next(l for l in text.splitlines() if l.startswith("practice-guide"))
    assert str(snap["inventory"]["practice-guide"]) in line
    code, inv, _ = cli.json("inventory", str(out))
    assert inv["inventory"] == snap["inventory"] and inv["coverage"] == snap["coverage"]


def test_materialize_is_byte_for_byte_and_check_finds_an_edit(cli, oa_repo, tmp_path):
    out = tmp_path / "s.json"
    assert cli("snapshot", "--library", str(oa_repo), "--commit", "f27dd87", "--out", str(out))[0] == 0
    ws = tmp_path / "ws"
    assert cli("materialize", "--snapshot", str(out), "--library", str(oa_repo), "--into", str(ws))[0] == 0
    kb = ws / "documents/knowledge-base"
    files = sorted(p.relative_to(kb).as_posix() for p in kb.rglob("*") if p.is_file())
    listed = git(oa_repo, "ls-tree", "-r", "--name-only", "f27dd87", "--", "practice-guides", "templates",
                 "checklists", "surveys").splitlines()
    assert files == sorted(listed)
    assert cli("materialize", "--snapshot", str(out), "--into", str(ws), "--check")[0] == 0
    victim = kb / listed[0]
    victim.write_bytes(victim.read_bytes() + b"x")
    code, report, _ = cli.json("materialize", "--snapshot", str(out), "--into", str(ws), "--check")
    assert code == 1 and report["drift"] == [{"path": listed[0], "change": "modified",
                                              "expected": report["drift"][0]["expected"]}]


def test_an_edited_snapshot_file_is_refused_by_its_digest(cli, oa_repo, tmp_path):
    out = tmp_path / "s.json"
    assert cli("snapshot", "--library", str(oa_repo), "--commit", "main", "--out", str(out))[0] == 0
    out.write_text(out.read_text().replace('"survey": 8', '"survey": 9', 1))
    code, _o, err = cli("inventory", str(out))
    assert code == 1 and "digest" in err
