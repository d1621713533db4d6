"""H08 knowledge-base pin: the mount in a workspace is byte-identical to the pinned snapshot."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from .cases import near_miss, plant
from .edits import append_doc, kb, replace_text, write_doc
from .heldout import _C12_GUIDE, _r9_zip  # the later rounds' writers

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"
CO_GUIDE = "practice-guides/non-compete/us/colorado.md"


def _edit(path: Path, old: str, new: str) -> None:
    path.write_text(replace_text(path.read_text("utf-8"), old, new), "utf-8")


@plant("h08-guide-figure-edited", "H08", TB, "The Colorado guide in this task's mount has its 2026 threshold changed.")
def figure_edited(env: Path, task: str) -> None:
    _edit(kb(env, task, CO_GUIDE), "**$130,014**", "**$103,000**")


@plant("h08-guide-line-appended", "H08", NE, "A task-specific hint is appended to the Colorado guide in the mount.")
def line_appended(env: Path, task: str) -> None:
    path = kb(env, task, CO_GUIDE)
    path.write_text(path.read_text("utf-8") + "\n- For renewals, flag Section 5 of any 2026 draft.\n", "utf-8")


@plant("h08-file-added-to-mount", "H08", CA, "A new practice guide (Nevada) is added to this task's mount only.")
def file_added(env: Path, task: str) -> None:
    kb(env, task, "practice-guides/non-compete/us/nevada.md").write_text(
        "---\ntype: State Practice Guide\ntitle: Non-Competes in Nevada\ntimestamp: '2026-09-20'\n---\n\n"
        "# Non-Competes in Nevada\n\nHourly employees may not be bound by a non-compete.\n", "utf-8")


@plant("h08-file-removed-from-mount", "H08", AM, "The Louisiana guide is deleted from this task's mount.")
def file_removed(env: Path, task: str) -> None:
    kb(env, task, "practice-guides/non-compete/us/louisiana.md").unlink()


@plant("h08-front-matter-timestamp-edited", "H08", SD, "Only the front-matter timestamp of the Illinois guide changes.")
def timestamp_edited(env: Path, task: str) -> None:
    _edit(kb(env, task, "practice-guides/non-compete/us/illinois.md"), "timestamp: '2026-09-22'",
          "timestamp: '2026-11-01'")


@plant("h08-line-endings-changed", "H08", CI, "The invention-assignment guide is rewritten with CRLF line endings.")
def crlf(env: Path, task: str) -> None:
    path = kb(env, task, "practice-guides/invention-assignment/us/california.md")
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))


@plant("h08-checklist-json-reformatted", "H08", TB,
       "The checklist's JSON twin is re-serialized: same data, different bytes.")
def json_reformatted(env: Path, task: str) -> None:
    path = kb(env, task, "checklists/employment/restrictive-covenant-review.json")
    path.write_text(json.dumps(json.loads(path.read_text("utf-8")), indent=4, sort_keys=True) + "\n", "utf-8")


@plant("h08-file-renamed-in-mount", "H08", NE, "The Texas guide is renamed texas-2026.md in this task's mount.")
def renamed(env: Path, task: str) -> None:
    src = kb(env, task, "practice-guides/non-compete/us/texas.md")
    src.rename(src.with_name("texas-2026.md"))


@plant("h08-template-metadata-edited", "H08", SD, "The covenant template's metadata.yaml gets a new version number.")
def metadata_edited(env: Path, task: str) -> None:
    _edit(kb(env, task, "templates/oafreeze-cc0-1.0/restrictive-covenant-agreement/metadata.yaml"),
          "version: '1.0'", "version: '1.1'")


@plant("h08-kind-folder-removed", "H08", CA, "The whole surveys/ folder is missing from this task's mount.")
def folder_removed(env: Path, task: str) -> None:
    shutil.rmtree(kb(env, task, "surveys"))


@plant("h08-file-replaced-by-symlink", "H08", "covenant-package-v04",
       "A guide in the mount is replaced by a symlink to the same guide in another task.")
def replaced_by_symlink(env: Path, task: str) -> None:
    path = kb(env, task, CO_GUIDE)
    path.unlink()
    os.symlink("../../../../../../matrix-threshold-between/documents/knowledge-base/" + CO_GUIDE, path)


@plant("h08-trailing-newline-dropped", "H08", "covenant-package-original",
       "The survey in a family instance's mount loses its final newline.")
def trailing_newline(env: Path, task: str) -> None:
    path = kb(env, task, "surveys/non-compete/us.md")
    path.write_bytes(path.read_bytes().rstrip(b"\n"))


@plant("h08-hidden-file-in-mount", "H08", AM, "A hidden note file is added inside the mount's templates folder.")
def hidden_file(env: Path, task: str) -> None:
    kb(env, task, "templates/.firm-notes.md").write_text("Use the Louisiana rider for Bayou Crest.\n", "utf-8")


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h08-nm-task-document-quotes-guide", "H08", TB,
           "A task document outside the mount quotes one sentence of the Colorado guide.",
           "H08 checks the mount against the snapshot; the mount is untouched and task documents beside it "
           "may quote the knowledge base.")
def quotes_guide(env: Path, task: str) -> None:
    append_doc(env, task, "offer-summary.md",
               "- HR's note from the firm's guide: \"Pay is tested twice: at signing and again at enforcement.\"")


@near_miss("h08-nm-task-reference-beside-mount", "H08", AM,
           "A task-specific reference file is added at documents/firm-precedents/, beside the mount.",
           "H08 compares only the mount (documents/knowledge-base/) with the snapshot; other workspace "
           "folders belong to the task and are not pinned.")
def reference_beside(env: Path, task: str) -> None:
    write_doc(env, task, "firm-precedents/louisiana-parish-list.md",
              "# Parishes where Bayou Crest has offices\n\n"
              "- East Baton Rouge\n- Ascension\n- Livingston\n- Iberville\n")


@near_miss("h08-nm-r12-zipped-checklists-outside-mount", "H08", CA,
           "A zip of the knowledge base's checklists folder, byte-identical members, is kept outside the mount as "
           "documents/archive/kb-checklists-2026-10.zip; the mount is untouched.",
           "H08 compares the knowledge base inside the workspace's mount with the pinned snapshot; an archive copy "
           "kept elsewhere adds, removes and edits nothing in the mount.")
def h08_nm_r12_zip_outside(env: Path, task: str) -> None:
    root = kb(env, task, "checklists")
    members = {p.relative_to(root.parent).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}
    assert members
    write_doc(env, task, "archive/kb-checklists-2026-10.zip", _r9_zip(members))


@plant("h08-c12-edited-guide-copy-posing-as-kb", "H08", SD,
       "documents/kb-local/practice-guides/non-compete/us/illinois.md, a copy of the pinned Illinois guide laid out "
       "as a second knowledge base, was edited for the task: its table gives the 2027 non-compete floor as $85,000 "
       "instead of $80,000.",
       doubtful="the pinned mount itself is byte-identical; the edited knowledge-base content sits beside it, under "
                "a path that mirrors the mount, so it is knowledge base edited for this task only in substance")
def h08_c12_edited_copy(env: Path, task: str) -> None:
    text = kb(env, task, _C12_GUIDE + "illinois.md").read_text("utf-8")
    row = "| Non-compete (must exceed) | $75,000 | $80,000 | $85,000 | $90,000 |"
    write_doc(env, task, "kb-local/" + _C12_GUIDE + "illinois.md",
              replace_text(text, row, "| Non-compete (must exceed) | $75,000 | $85,000 | $85,000 | $90,000 |"))
