"""H09 seeded-law provenance: declared law says where it comes from; quoted law is declared."""

from __future__ import annotations

import io
import zipfile

from hygiene_helpers import env_with, found, task_json, workspace

from oafreeze.hygiene.items.h09_seeded_law import law_passages

STATUTE = ("Any covenant not to compete that restricts the right of any person to receive compensation for "
           "performance of labor for any employer is void, and an employer shall not present one to a worker.")


def test_missing_provenance_absent_quote_and_future_verification(tmp_path):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    del law["verified_against"]
    law["quote"] = "a covenant not to compete is enforceable"
    law["verified_on"] = "2026-07-01"
    hits = found(env_with(tmp_path, task), "H09")
    where = {(f.location, f.evidence) for f in hits}
    assert ("$.oafreeze.seeded_law[0].verified_against", "C.R.S. § 8-2-113") in where
    assert ("$.oafreeze.seeded_law[0].quote", "a covenant not to compete is enforceable") in where
    assert ("$.oafreeze.seeded_law[0].verified_on", "2026-07-01") in where


def test_quoted_statute_text_that_no_entry_declares_is_major(tmp_path):
    files = {**workspace(), "partner-email.md": f'# Note\n\nC.R.S. § 8-2-113(2)(a) says: "{STATUTE}"\n'}
    hits = found(env_with(tmp_path, files=files), "H09")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/partner-email.md", 3)]
    assert "8-2-113" in hits[0].message


def test_undeclared_law_in_a_word_document_is_found(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/document.xml", '<w:document xmlns:w="urn:w"><w:body><w:p><w:r><w:t>'
                    f"Cal. Bus. &amp; Prof. Code § 16600(a) provides: &quot;{STATUTE}&quot;</w:t></w:r></w:p>"
                    "</w:body></w:document>")
    hits = found(env_with(tmp_path, files={**workspace(), "research.docx": buf.getvalue()}), "H09")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/research.docx")]


def test_an_excerpt_file_left_behind_when_the_declarations_are_removed(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"] = []
    files = {**workspace(), "colorado-statute-excerpt.md": f"# C.R.S. § 8-2-113 (excerpt)\n\n{STATUTE}\n"}
    hits = found(env_with(tmp_path, task, files), "H09")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/colorado-statute-excerpt.md")]


def test_passages_are_quoted_or_under_a_citation_heading_and_sound_enacted():
    text = (f'# Memo\n\nWe think the clause is fine.\n\n"{STATUTE}" (C.R.S. § 8-2-113)\n\n'
            f'> {STATUTE}\n> (RCW 49.62.020)\n\n"A short quote, C.R.S. § 1."\n')
    found_cites = [cite for _, _, cite in law_passages(text)]
    assert found_cites == ["C.R.S. § 8-2-113", "RCW 49.62.020"]


def test_near_miss_quote_found_across_a_line_break_and_curly_quotes(tmp_path):
    files = workspace()
    files["colorado-statute-excerpt.md"] = ("# C.R.S. § 8-2-113\n\nExcept as provided, a covenant\n"
                                            "not to compete is void.\n")
    assert found(env_with(tmp_path, files=files), "H09") == []


def test_near_miss_declared_statute_text_quoted_again_in_a_memo(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["quote"] = STATUTE
    files = {**workspace(), "colorado-statute-excerpt.md": f"# C.R.S. § 8-2-113\n\n{STATUTE}\n",
             "memo.md": f'# Memo\n\nThe statute (C.R.S. § 8-2-113) says "{STATUTE}"\n'}
    assert found(env_with(tmp_path, task, files), "H09") == []
