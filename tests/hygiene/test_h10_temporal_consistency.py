"""H10 temporal consistency: as_of, the instructions, the documents, seeded law and the library agree."""

from __future__ import annotations

import datetime as dt

from hygiene_helpers import env_with, found, task_json, workspace

from oafreeze.hygiene.items.h10_temporal_consistency import document_date


def test_law_not_yet_in_force_a_second_today_and_a_later_knowledge_base(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "2025-12-01"
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "2026-01-01"
    task["instructions"] += " Today is March 5, 2026."
    hits = found(env_with(tmp_path, task), "H10")
    where = {(f.severity, f.location, f.evidence) for f in hits}
    assert ("major", "$.oafreeze.seeded_law[0].effective_date", "2026-01-01") in where
    assert ("major", "$.instructions", "Today is March 5, 2026.") in where
    assert any(f.severity == "minor" and "colorado.md (reviewed 2026-01-10)" in f.evidence for f in hits)


def test_an_as_of_date_after_the_freeze_is_major(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "2026-09-01"
    hits = found(env_with(tmp_path, task), "H10")
    assert [(f.severity, f.evidence) for f in hits] == [("major", "2026-09-01")]


def test_a_document_dated_after_as_of_is_major_in_any_date_form(tmp_path):
    files = {**workspace(), "ceo-memo.md": "# Memo\n\n**Date:** March 20, 2026\n\nPlease proceed.\n",
             "hr.eml": "From: hr@example.com\nTo: a@example.com\nDate: Mon, 23 Mar 2026 09:00:00 +0000\n"
                       "Subject: start\n\nPlease start.\n",
             "letter.md": "Harlow Finch LLP\n\n2026-03-30\n\nDear client,\n"}
    hits = found(env_with(tmp_path, files=files), "H10")
    assert {(f.severity, f.path) for f in hits} == {("major", "documents/ceo-memo.md"), ("major", "documents/hr.eml"),
                                                    ("major", "documents/letter.md")}


def test_the_trap_anchored_in_a_later_document_that_gives_its_date_exempts_it(tmp_path):
    task = task_json()
    task["oafreeze"]["trap"]["anchors"].append({"file": "ceo-memo.md", "quote": "Please proceed"})
    task["oafreeze"]["trap"]["description"] += " The CEO's memo of March 20, 2026 comes after the work is done."
    files = {**workspace(), "ceo-memo.md": "# Memo\n\nDate: March 20, 2026\n\nPlease proceed.\n"}
    assert found(env_with(tmp_path, task, files), "H10") == []


def test_one_event_given_two_dates_is_major(tmp_path):
    task = task_json()
    task["instructions"] += " Dana will sign the agreement on April 6, 2026."
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             "- Agreement to be signed on Dana's first day: 2026-04-01\n"}
    hits = found(env_with(tmp_path, task, files), "H10")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert "2026-04-06" in hits[0].message and "2026-04-01" in hits[0].message


def test_law_after_as_of_is_exempt_only_when_the_trap_speaks_of_it(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "2026-02-15"
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "2026-03-01"
    # The anchor sits in the law's own file, but the trap says nothing of the law or its date.
    task["oafreeze"]["trap"]["anchors"] = [{"file": "colorado-statute-excerpt.md", "quote": "covenant not to compete"}]
    assert [f.location for f in found(env_with(tmp_path, task), "H10") if f.severity == "major"] == [
        "$.oafreeze.seeded_law[0].effective_date"]
    task["oafreeze"]["trap"]["description"] = "The agreement is signed on March 2, 2026, when the new law applies."
    assert [f for f in found(env_with(tmp_path / "b", task), "H10") if f.severity == "major"] == []


def test_a_documents_own_date_is_read_from_its_header_or_dateline():
    assert document_date("# Email\n\nFrom: a\nDate: 2026-11-27\n\nBody\n")[2] == dt.date(2026, 11, 27)
    assert document_date("Subject: x\nDate: Tue, 8 Dec 2026 10:00:00 -0500\n")[2] == dt.date(2026, 12, 8)
    assert document_date("MEMORANDUM\n\nNovember 12, 2026\n\nTo: the CEO\n")[2] == dt.date(2026, 11, 12)
    assert document_date("# Notes\n\nThe law changes on January 1, 2027.\n") is None


def test_near_miss_a_trap_that_names_the_later_law(tmp_path):
    task = task_json()
    task["oafreeze"]["seeded_law"][0]["effective_date"] = "2026-03-01"
    task["oafreeze"]["as_of"] = "2026-02-15"
    task["oafreeze"]["trap"]["description"] = "C.R.S. § 8-2-113 is not yet in force on the as-of date."
    assert [f for f in found(env_with(tmp_path, task), "H10") if f.severity != "minor"] == []


def test_near_miss_a_past_agreement_and_future_events_in_the_body_are_not_conflicts(tmp_path):
    task = task_json()
    task["instructions"] += " The agreement will be signed on April 1, 2026."
    files = {**workspace(), "history.md": "# History\n\nThe prior agreement was signed on 2019-05-02.\n\n"
                                          "The raise starts on June 1, 2026.\n"}
    assert found(env_with(tmp_path, task, files), "H10") == []
