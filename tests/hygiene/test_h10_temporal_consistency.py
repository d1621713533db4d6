"""H10 temporal consistency: as_of, the instructions, the documents, seeded law and the library agree."""

from __future__ import annotations

import datetime as dt
import io
import json
import struct
import zipfile
import zlib

import pytest

import docwriters as dw
from hygiene_helpers import env_with, found, task_json, workspace
from hypothesis import given
from hypothesis import strategies as st

from oafreeze.corpus import formats
from oafreeze.corpus import text as tx
from oafreeze.corpus.dating import document_date


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


@pytest.mark.parametrize("said, flagged", [
    ("Dana's predecessor joined a competitor on February 20, 2026 and has since called on our customers.", True),
    ("Dana's predecessor joined a competitor on January 20, 2026.", False),            # before the memo's date
    ("Dana's predecessor will join a competitor on February 20, 2026.", False),        # told as to come
])
def test_a_dated_document_that_tells_as_done_what_it_dates_after_itself(tmp_path, said, flagged):
    memo = f"# Memo\n\nDate: February 2, 2026\n\n{said}\n"
    hits = [f for f in found(env_with(tmp_path, task_json(), {**workspace(), "memo.md": memo}), "H10")
            if "tells as done" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("major", "documents/memo.md")] if flagged else [])


@pytest.mark.parametrize("expiry, flagged", [("Offer expires: March 6, 2026", True),
                                             ("Offer open until March 20, 2026", False)])
def test_an_offer_that_expires_before_it_is_delivered(tmp_path, expiry, flagged):
    files = {**workspace(), "offer-summary.md": f"# Offer\n\n- Offer to be delivered: March 9, 2026\n- {expiry}\n"}
    hits = [f for f in found(env_with(tmp_path, task_json(), files), "H10") if "expires on" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("major", "documents/offer-summary.md")] if flagged else [])


@pytest.mark.parametrize("line, flagged", [
    ("Text current as of March 20, 2026 (statute service).", True),   # after as_of 2026-03-02
    ("Retrieved on 2026-03-10 from the legislature's site.", True),
    ("Last updated: March 15, 2026", True),
    ("Text current as of February 20, 2026 (statute service).", False),  # before as_of
    ("This excerpt must be updated on March 20, 2026, when the amendment takes effect.", False),  # a step to come
])
def test_a_document_that_says_its_text_was_current_after_as_of_is_from_the_future(tmp_path, line, flagged):
    files = {**workspace(), "colorado-statute-excerpt.md": workspace()["colorado-statute-excerpt.md"] + "\n" + line + "\n"}
    # (a line read as the document's own date is reported as that instead, once)
    hits = [f for f in found(env_with(tmp_path, task_json(), files), "H10") if "from its future" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("major", "documents/colorado-statute-excerpt.md")] if flagged else [])


@pytest.mark.parametrize("start, flagged", [
    ("Start date: March 16, 2025", True),            # the year slipped: before the offer goes out
    ("Start date: 2025-03-16", True),
    ("Start date: March 16, 2026", False),           # after the offer, as a hire starts
    ("Dana started with us on March 16, 2021 and is promoted now.", False),  # history, told as such
])
def test_a_start_of_work_dated_before_the_offer_that_still_goes_out(tmp_path, start, flagged):
    files = {**workspace(), "offer-summary.md": f"# Offer summary\n\n- Offer to be delivered: March 9, 2026\n- {start}\n"}
    hits = [f for f in found(env_with(tmp_path, task_json(), files), "H10") if "start of work" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("minor", "documents/offer-summary.md")] if flagged else [])
    if flagged:
        assert "2026-03-09" in hits[0].message and "2025-03-16" in hits[0].message


@pytest.mark.parametrize("title, month", [("Covenant agreement for a hire who signs in May 2026", "May 2026"),
                                          ("Covenant agreement for a hire who signs in April 2026", None)])
def test_a_title_that_gives_the_event_another_month_is_major(tmp_path, title, month):
    task = task_json()
    task["title"] = title
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             "- Agreement to be signed on Dana's first day: 2026-04-01\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "$.title" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.title")] if month else [])
    assert all(month in f.message and "2026-04-01" in f.message for f in hits)


@pytest.mark.parametrize("today, flagged", [
    ("Work as of Dana's first day: today is the day Dana signs the agreement.", True),
    ("Assume it is the signing date.", True),
    ("Today is the day before Dana signs the agreement.", False),  # a day counted from the event
    ("Today is the day Dana's offer was accepted.", False),  # no event the task dates
])
def test_today_fixed_by_an_event_the_task_dates_after_as_of_is_major(tmp_path, today, flagged):
    task = task_json()  # as_of 2026-03-02
    task["instructions"] += " " + today
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             "- Agreement to be signed on Dana's first day: 2026-04-01\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "make today the day" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])
    assert all("2026-04-01" in f.message and "2026-03-02" in f.message for f in hits)


def test_near_miss_today_fixed_by_an_event_on_as_of(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "2026-04-01"
    task["instructions"] += " Work as of Dana's first day: today is the day Dana signs the agreement."
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             "- Agreement to be signed on Dana's first day: 2026-04-01\n"}
    assert [f for f in found(env_with(tmp_path, task, files), "H10") if "make today the day" in f.message] == []


@pytest.mark.parametrize("said, published, flagged", [
    ("The client alert came out last month.", "Published 2026-02-09", False),  # as_of 2026-03-02: February is
    ("The client alert came out last month.", "Published 2025-11-09", True),
    ("The client alert came out two weeks ago.", "Issued on 16 February 2026", False),
    ("The client alert came out yesterday.", "Published 2026-03-01", False),
    ("The client alert came out yesterday.", "Published 2026-02-01", True),
])
def test_a_document_the_instructions_date_relative_to_today_must_bear_such_a_date(tmp_path, said, published, flagged):
    task = task_json()  # as_of 2026-03-02
    task["instructions"] += " " + said
    files = {**workspace(), "client-alert.md": f"# Client alert\n\n{published}\n\nColorado's rules changed.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "the task's one alert" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.instructions")] if flagged else [])


@pytest.mark.parametrize("provenance, flagged", [
    ("as amended by SB 25-083, in force for covenants entered into on or after August 6, 2025", True),
    ("as amended by SB 22-161, in force for covenants entered into on or after August 10, 2022", False),
    ("checked against the official text on 2026-01-15", False),  # a day it was checked, not one it took effect
])
def test_a_seeded_entry_whose_provenance_gives_the_text_another_day_of_effect(tmp_path, provenance, flagged):
    task = task_json()  # the entry's effective_date is 2022-08-10
    task["oafreeze"]["seeded_law"][0]["verified_against"] = provenance
    hits = [f for f in found(env_with(tmp_path, task), "H10") if "verified_against says" in f.message]
    assert [(f.severity, f.location) for f in hits] == (
        [("minor", "$.oafreeze.seeded_law[0].effective_date")] if flagged else [])


@pytest.mark.parametrize("told, severity", [("took effect on March 1, 2026", "major"),  # before as_of: in force
                                            ("took effect on June 1, 2026", "minor"),   # the same side as the law's
                                            ("takes effect on July 1, 2026", None)])    # the quote's own day
def test_the_trap_giving_a_figure_of_the_law_another_day_than_its_quote(tmp_path, told, severity):
    task = task_json()  # as_of 2026-03-02
    task["oafreeze"]["seeded_law"][0]["quote"] = ("a covenant not to compete is void unless the worker earns "
                                                  "$123,750 beginning on July 1, 2026")
    task["oafreeze"]["trap"]["description"] = f"The $123,750 threshold {told}, so the covenant must go."
    files = {**workspace(), "colorado-statute-excerpt.md": "# C.R.S. § 8-2-113 (excerpt)\n\n\"A covenant not to "
             "compete is void unless the worker earns $123,750 beginning on July 1, 2026.\"\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "the seeded quote" in f.message]
    assert [f.severity for f in hits] == ([severity] if severity else [])


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
    # a dateline that starts with the place it was written, the month spelled out
    assert document_date("Workline, Inc.\nSeattle, November 3, 2026\nDear Ms. Lindahl,\n")[2] == dt.date(2026, 11, 3)
    assert document_date("Acme, Inc.\nBoston, MA\nDear Ms. Smith, March 2026 was a busy month.\n") is None
    # a publication line, as alerts head themselves, with no colon
    assert document_date("# Client alert\n\nPublished 2026-02-09\n")[2] == dt.date(2026, 2, 9)
    assert document_date("Issued on 3 March 2026\n")[2] == dt.date(2026, 3, 3)
    assert document_date("Released to all staff\n") is None


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


# --- dates as documents write them: ordinals, abbreviations, "the 1st of", numeric forms ---------


def test_todays_date_in_the_instructions_is_read_in_ordinal_abbreviated_and_numeric_forms(tmp_path):
    task = task_json()  # as_of 2026-03-02
    task["instructions"] += (" The current date for this matter is the 3rd of March, 2026. Assume it is "
                             "Mar. 9th 2026 when you write. Today is 03/09/2026.")
    hits = found(env_with(tmp_path, task), "H10")
    assert sorted(f.evidence for f in hits if f.severity == "major") == [
        "Assume it is Mar. 9th 2026 when you write.", "The current date for this matter is the 3rd of March, 2026.",
        "Today is 03/09/2026."]


def test_near_miss_todays_date_restated_in_other_forms_agrees_with_as_of(tmp_path):
    # 03/02/2026 reads as March 2 (US) or 3 February (day first): one reading is as_of, so it agrees.
    task = task_json()
    task["instructions"] += (" Today is the 2nd day of March, 2026. The current date is Mar 2nd 2026. "
                             "Today is 03/02/2026. Today is 2 MARCH 2026.")
    assert found(env_with(tmp_path, task), "H10") == []


def test_a_date_called_yesterday_or_tomorrow_puts_today_a_day_from_it(tmp_path):
    task = task_json()  # as_of 2026-03-02
    task["instructions"] += (" The buyer's e-mail came in yesterday, March 2, 2026. Signing is tomorrow "
                             "(Wednesday, March 4, 2026).")
    hits = [f for f in found(env_with(tmp_path, task), "H10") if f.severity == "major"]
    assert sorted(f.message.split(" but ")[0] for f in hits) == [
        "the instructions call March 2, 2026 yesterday, which makes today 2026-03-03",
        "the instructions call March 4, 2026 tomorrow, which makes today 2026-03-03"]


def test_near_miss_yesterday_and_today_in_one_sentence_agree_with_as_of(tmp_path):
    task = task_json()  # as_of 2026-03-02
    task["instructions"] += (" The memo arrived this morning, March 2, 2026; the client signed yesterday, "
                             "March 1, 2026, and the board meets the day after tomorrow: 03/04/2026. "
                             "They spoke yesterday and the lease runs to June 30, 2027.")
    assert found(env_with(tmp_path, task), "H10") == []


def test_a_weekday_named_with_a_date_it_is_not_is_a_note(tmp_path):
    task = task_json()  # as_of 2026-03-02
    task["instructions"] += " The partner needs the draft by Thursday, March 6, 2026 (a Friday)."
    task["deliverables"]["client-email.md"] += " Send it on Monday, March 9, 2026."  # right: a Monday
    hits = found(env_with(tmp_path, task), "H10")
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.instructions")]
    assert "calls March 6, 2026 a Thursday, but it is a Friday" in hits[0].message


def test_a_document_dated_in_a_numeric_form_after_as_of_under_every_reading_is_major(tmp_path):
    files = {**workspace(), "hr-note.md": "# Note from HR\n\nDate: 04/20/2026\n\nPlease proceed.\n",
             "ceo-letter.md": "Aspen Co.\n\n05-04-2026\n\nDear counsel,\n",
             "board.md": "# Board minutes\n\nDated: the 1st of April, 2026\n\nApproved.\n"}
    hits = found(env_with(tmp_path, files=files), "H10")
    assert {(f.severity, f.path, f.evidence) for f in hits} == {
        ("major", "documents/hr-note.md", "Date: 04/20/2026"), ("major", "documents/ceo-letter.md", "05-04-2026"),
        ("major", "documents/board.md", "Dated: the 1st of April, 2026")}


def test_near_miss_a_numeric_date_after_as_of_under_only_one_reading_is_not_reported(tmp_path):
    # 02/04/2026 is February 4 (US, before as_of) or 2 April (day first, after): the audit cannot
    # tell which the author meant, so it reports only a date that is late under both readings.
    files = {**workspace(), "hr-note.md": "# Note from HR\n\nDate: 02/04/2026\n\nPlease proceed.\n",
             "old-letter.md": "Aspen Co.\n\n03/01/2026\n\nDear counsel,\n"}
    assert found(env_with(tmp_path, files=files), "H10") == []


def test_one_event_given_two_dates_in_different_forms_is_major(tmp_path):
    task = task_json()
    task["instructions"] += " Dana will sign the agreement on April 6th, 2026."
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             "- Agreement to be signed on Dana's first day: 04/13/2026\n"}
    hits = found(env_with(tmp_path, task, files), "H10")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert "2026-04-06" in hits[0].message and "2026-04-13" in hits[0].message


def test_a_hand_over_date_written_without_a_year_and_a_criterion_that_disagrees(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "2026-03-20"
    task["instructions"] += " The client will hand the agreement to Dana on April 13, 2026."
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md asks for a decision before the agreement goes "
                                             "to Dana on April 6, 2026. FAIL if it does not.")
    files = {**workspace(), "partner-notes.md": workspace()["partner-notes.md"] +
             "\nThe client wants to hand the renewal to Dana on April 6 so that she has time with it.\n"}
    hits = found(env_with(tmp_path, task, files), "H10")
    assert {(f.severity, f.location) for f in hits} == {("major", "$.instructions")}
    assert {f.message.split(" in ")[-1].split(":")[0] for f in hits} == {"$.criteria[2].match_criteria",
                                                                         "documents/partner-notes.md"}


def test_near_miss_two_things_handed_over_on_two_days(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "2026-03-20"
    task["instructions"] += " The notice goes to Dana on March 30, 2026, two weeks before the agreement."
    files = {**workspace(), "partner-notes.md": workspace()["partner-notes.md"] +
             "\nThe client will hand the agreement to Dana on April 13.\n"}
    assert found(env_with(tmp_path, task, files), "H10") == []


def test_near_miss_one_event_whose_numeric_date_can_read_as_the_same_day(tmp_path):
    task = task_json()
    task["instructions"] += " Dana will sign the agreement on April 6th, 2026."
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] +
             "- Agreement to be signed on Dana's first day: 06/04/2026\n"}
    assert found(env_with(tmp_path, task, files), "H10") == []


def test_sections_versions_phone_numbers_and_case_numbers_are_not_dates():
    text = ("See C.R.S. 8-2-113 and § 12-01-2026, Section 12-3-2024 and C.R.S. 12-3-2024; release 1.2.2026; "
            "call 303-555-0142 or 1-800-555-2026; Case No. 12-01-2026; ISBN 978-1-2020; may 5, 2026; "
            "page 3/4; 12/01/26; Smarch 3, 2026.")
    assert tx.dates(text) == []


def test_written_forms_are_found_whole_and_read_as_their_day():
    for written in ("December 1st, 2026", "Dec. 1, 2026", "Dec 1 2026", "DECEMBER 1, 2026", "1st December, 2026",
                    "1 Dec. 2026", "1st of December, 2026", "first day of December, 2026", "2026/12/01",
                    "12/01/2026", "12-01-2026", "Sept. 1, 2026"):
        assert [w for w, _ in tx.dates(f"Dated {written}.")] == [written]
    assert tx.date_readings("December 1st, 2026") == (dt.date(2026, 12, 1),)
    assert tx.date_readings("twenty-first day of May, 2026") == (dt.date(2026, 5, 21),)
    # a year in words, as a deed dates itself
    assert tx.date_readings("fifth day of October, two thousand twenty-seven") == (dt.date(2027, 10, 5),)
    assert tx.date_readings("October 5, two thousand and six") == (dt.date(2006, 10, 5),)
    assert [w for w, _ in tx.dates("two thousand twenty-seven people came on October 5, two thousand nine.")] == \
        ["October 5, two thousand nine"]
    assert tx.year_in_words("two thousand ninety-nine") == 2099 and tx.year_in_words("nineteen ninety") is None
    assert tx.date_readings("12/01/2026") == (dt.date(2026, 1, 12), dt.date(2026, 12, 1))
    assert tx.date_readings("13-01-2026") == (dt.date(2026, 1, 13),)
    assert tx.date_readings("2026-11-31") == () and tx.parse_date("12/01/2026") is None


@given(st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2099, 12, 31)))
def test_every_form_of_a_day_reads_back_as_that_day(day):
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(day.day % 10 if day.day not in (11, 12, 13) else 0, "th")
    month, abbr = day.strftime("%B"), day.strftime("%b")
    for written in (day.isoformat(), f"{month} {day.day}, {day.year}", f"{abbr}. {day.day}{suffix} {day.year}",
                    f"{day.day} {month} {day.year}", f"{day.day}{suffix} of {month}, {day.year}",
                    f"{day.month}/{day.day}/{day.year}", f"{day.day:02d}-{day.month:02d}-{day.year}"):
        assert [w for w, _ in tx.dates(f"On {written}, it was done.")] == [written]
        assert day in tx.date_readings(written)


def test_as_of_must_be_written_yyyy_mm_dd(tmp_path):
    task = task_json()
    task["oafreeze"]["as_of"] = "March 2, 2026"
    hits = found(env_with(tmp_path, task), "H10")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.oafreeze.as_of")]


def test_taking_the_matter_up_on_another_day_than_as_of_is_major(tmp_path):
    task = task_json()  # as_of 2026-03-02
    task["instructions"] += " You are picking this matter up on Monday 16 March 2026."
    hits = found(env_with(tmp_path, task), "H10")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert "16 March 2026" in hits[0].message


def test_near_miss_the_matter_taken_up_on_as_of_and_an_event_after_it(tmp_path):
    task = task_json()
    task["instructions"] += (" The file was handed to you on March 2, 2026. The employee will sign the agreement on "
                             "March 16, 2026.")
    assert found(env_with(tmp_path, task), "H10") == []


def test_a_tracker_that_records_as_done_what_it_dates_after_as_of_is_major(tmp_path):
    tracker = dw.xlsx({"Tracker": [["Step", "Date", "Status"], ["Offer sent to the employee", "2026-02-20", "Done"],
                                ["Notice signed by the employee", "2026-03-17", "Done"]]})
    report = "# Status\n\nThe offer letter was sent on March 20, 2026.\n"
    hits = found(env_with(tmp_path, files={**workspace(), "tracker.xlsx": tracker, "status.md": report}), "H10")
    assert {(f.severity, f.path) for f in hits} == {("major", "documents/tracker.xlsx"),
                                                    ("major", "documents/status.md")}
    assert any("'Done'" in f.message and "2026-03-17" in f.message for f in hits)


def test_a_date_in_a_column_that_names_a_thing_done_is_a_record_of_it(tmp_path):
    tracker = dw.xlsx({"Offers": [["Candidate", "Offer sent", "Status"],
                                  ["Dana Smith", "2026-03-16", "Sent with the papers; awaiting signature"]]})
    hits = found(env_with(tmp_path, files={**workspace(), "offers.xlsx": tracker}), "H10")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/offers.xlsx")]
    assert "'Offer sent'" in hits[0].message and "2026-03-16" in hits[0].message


def test_near_miss_a_column_of_days_to_come(tmp_path):
    tracker = dw.xlsx({"Offers": [["Candidate", "Offer sent", "Offer to be signed by", "Status"],
                                  ["Dana Smith", "2026-02-20", "2026-03-16", "Awaiting signature"]]})
    assert found(env_with(tmp_path, files={**workspace(), "offers.xlsx": tracker}), "H10") == []


def test_near_miss_a_plan_of_steps_after_as_of(tmp_path):
    plan = dw.xlsx({"Plan": [["Step", "Date", "Status"], ["Offer sent", "2026-02-20", "Done"],
                          ["Notice signed", "2026-03-17", "Scheduled"], ["Agreement signed", "2026-03-18", "Pending"]]})
    memo = "# Next steps\n\nThe agreement is to be signed on March 18, 2026.\n"
    assert found(env_with(tmp_path, files={**workspace(), "plan.xlsx": plan, "next.md": memo}), "H10") == []


def test_two_documents_that_give_one_start_two_dates_are_a_note(tmp_path):
    files = {**workspace(), "client-email.md": "Jordan Avery joins us on March 16, 2026 as an engineer.\n",
             "hire-facts.md": "- Start date: March 23, 2026\n"}
    hits = found(env_with(tmp_path, files=files), "H10")
    assert [(f.severity, f.path) for f in hits] == [("minor", "documents/client-email.md")]
    assert "2026-03-16" in hits[0].message and "2026-03-23" in hits[0].message


def test_near_miss_two_people_who_start_on_two_days(tmp_path):
    files = {**workspace(), "client-email.md": "Jordan Avery joins us on March 16, 2026 as an engineer.\n",
             "other-hire.md": "Casey Morgan starts work on March 23, 2026.\n"}
    assert found(env_with(tmp_path, files=files), "H10") == []


def test_a_weekday_that_is_not_the_dates_and_a_quoted_message_from_after_as_of(tmp_path):
    task = task_json()  # as_of 2026-03-02, a Monday
    task["instructions"] += " Today is Tuesday 2 March 2026."
    thread = ("# Email\n\n**Date:** March 2, 2026\n\nSee below.\n\n"
              "> On Wed, 4 Mar 2026 at 09:12, Dana Smith wrote:\n> Please send the papers.\n")
    hits = found(env_with(tmp_path / "a", task, {**workspace(), "thread.md": thread}), "H10")
    assert {(f.severity, f.path) for f in hits} == {("minor", "task.json"), ("major", "documents/thread.md")}
    assert any("Tuesday" in f.message and "Monday" in f.message for f in hits)
    assert any(f.location == 7 and "2026-03-04" in f.message for f in hits)


def test_near_miss_the_right_weekday_and_an_earlier_quoted_message(tmp_path):
    task = task_json()
    task["instructions"] += " Today is Monday 2 March 2026."
    thread = "# Email\n\nSee below.\n\n> On Fri, 27 Feb 2026 at 09:12, Dana Smith wrote:\n> Please send the papers.\n"
    assert found(env_with(tmp_path, task, {**workspace(), "thread.md": thread}), "H10") == []


def test_dotted_dates_are_day_first_or_year_first_and_a_release_number_is_none():
    assert [w for w, _ in tx.dates("Today: 26.10.2026, see also 2026.10.26; release 1.2.2026")] == [
        "26.10.2026", "2026.10.26"]
    assert tx.date_readings("03.02.2025") == (dt.date(2025, 2, 3),)
    assert tx.date_readings("2025.02.03") == (dt.date(2025, 2, 3),)
    assert tx.date_readings("31.02.2026") == ()


def test_todays_date_written_with_dots_after_as_of_is_major(tmp_path):
    task = task_json()
    task["instructions"] += " Today: 09.03.2026 - pls turn around by EOD."
    hits = found(env_with(tmp_path, task), "H10")
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]


def test_a_record_opened_after_as_of_in_a_data_file_is_major(tmp_path):
    ticket = ('{\n  "result": {\n    "number": "RITM0051120",\n    "sys_created_on": "2026-03-05 09:12:44",\n'
              '    "due_date": "2026-04-01"\n  }\n}\n')
    hits = found(env_with(tmp_path, files={**workspace(), "tickets/RITM0051120.json": ticket}), "H10")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/tickets/RITM0051120.json", 4)]


def test_near_miss_a_data_file_created_before_as_of_with_steps_after_it(tmp_path):
    plan = "opened_at: '2026-02-20 10:00'\nsteps:\n  - date: 2026-03-18\n    do: send the agreement\n"
    assert found(env_with(tmp_path, files={**workspace(), "plan.yaml": plan}), "H10") == []


def test_a_letter_dated_in_another_language_with_its_place_after_as_of_is_major(tmp_path):
    files = {**workspace(), "carta.md": "Madrid, 23 de marzo de 2026\n\nEstimado cliente:\n",
             "lettre.md": "Grenoble, le 1er avril 2026\n\nMadame,\n", "brief.md": "Berlin, den 3. März 2026\n\nHallo\n"}
    hits = found(env_with(tmp_path, files=files), "H10")
    assert sorted((f.severity, f.path) for f in hits) == [("major", "documents/brief.md"), ("major", "documents/carta.md"),
                                                          ("major", "documents/lettre.md")]
    assert tx.date_readings("23. Oktober 2026") == (dt.date(2026, 10, 23),)
    assert tx.dates("le 26 octobre, Mars 2026 et mai") == []


def test_a_letter_dated_in_japanese_chinese_korean_or_by_a_foreign_header_after_as_of_is_major(tmp_path):
    files = {**workspace(), "tsuchi.md": "2026年3月23日\n\n株式会社アスペン 御中\n",
             "han.md": "서울, 2026년 4월 1일\n\n귀하\n", "gongmun.md": "# 공문\n\n발신일: 2026년 3월 19일\n\n안내\n",
             "riyou.md": "# 通知\n\n日期：2026年3月20日\n", "fecha.md": "# Aviso\n\nFecha: 18 de marzo de 2026\n"}
    hits = found(env_with(tmp_path, files=files), "H10")
    assert sorted((f.severity, f.path) for f in hits) == [
        ("major", "documents/fecha.md"), ("major", "documents/gongmun.md"), ("major", "documents/han.md"),
        ("major", "documents/riyou.md"), ("major", "documents/tsuchi.md")]
    assert tx.date_readings("2026 年 10 月 27 日") == (dt.date(2026, 10, 27),)
    assert tx.dates("2026年13月1日") == []  # no thirteenth month
    # Years counted in an era: Japan's Reiwa (令和元年 is 2019), Taiwan's Minguo (民國115年 is 2026).
    assert [tx.parse_date(d) for d, _ in tx.dates("令和8年3月1日、令和元年5月1日、中華民國115年10月20日")] == [
        dt.date(2026, 3, 1), dt.date(2019, 5, 1), dt.date(2026, 10, 20)]
    # ... in kanji numerals, and in full-width digits.
    assert [tx.parse_date(d) for d, _ in tx.dates("令和八年十一月二十日、二〇二六年三月三十一日、民國１１５年１０月１９日")] == [
        dt.date(2026, 11, 20), dt.date(2026, 3, 31), dt.date(2026, 10, 19)]
    assert [tx.kanji_number(w) for w in ("十", "十一", "二十", "三十一", "二〇二六", "十十", "百")] == [
        10, 11, 20, 31, 2026, None, None]


def test_near_miss_a_dateline_with_its_place_on_as_of(tmp_path):
    files = {**workspace(), "tsuchi.md": "東京、2026年3月2日\n\n御中\n"}
    assert found(env_with(tmp_path / "ja", files=files), "H10") == []

    files = {**workspace(), "carta.md": "Madrid, 2 de marzo de 2026\n\nEstimado cliente:\n"}
    assert found(env_with(tmp_path, files=files), "H10") == []


def test_an_event_named_in_snake_case_in_a_machine_written_row_is_read(tmp_path):
    task = task_json()
    task["instructions"] += " The agreement is signed on March 20, 2026."
    calendar = "employee,event,date\nDana Reyes,sign_agreement,2026-03-27\n"
    hits = found(env_with(tmp_path, task, {**workspace(), "calendar.csv": calendar}), "H10")
    assert [(f.severity, f.path) for f in hits if "signing date" in f.message] == [("major", "task.json")]


def test_near_miss_a_machine_written_row_that_agrees(tmp_path):
    task = task_json()
    task["instructions"] += " The agreement is signed on March 20, 2026."
    calendar = "employee,event,date\nDana Reyes,sign_agreement,2026-03-20\nDana Reyes,deliver_copy,2026-03-18\n"
    assert found(env_with(tmp_path, task, {**workspace(), "calendar.csv": calendar}), "H10") == []


def test_polish_and_russian_dates_a_numeric_date_under_a_foreign_header_and_today_said_abroad(tmp_path):
    # Polish and Russian name the month in the genitive; "Datum:" / "Data:" headers write numbers day first.
    files = {**workspace(), "pismo.md": "Warszawa, 12 marca 2026 r.\n\nSzanowni Państwo,\n",
             "pis.md": "Алматы, 26 марта 2026 г.\n\nУважаемые коллеги,\n",
             "bericht.md": "Van: HR\nDatum: 05-03-2026\nOnderwerp: verlenging\n\nBeste Miriam,\n"}
    task = task_json()
    task["instructions"] += " Uwaga: dziś jest 4 marca 2026 r."
    hits = found(env_with(tmp_path, task, files), "H10")
    assert sorted((f.severity, f.path) for f in hits) == [
        ("major", "documents/bericht.md"), ("major", "documents/pis.md"), ("major", "documents/pismo.md"),
        ("major", "task.json")]
    assert tx.date_readings("12 listopada 2026") == (dt.date(2026, 11, 12),)
    assert tx.date_readings("9 november 2026") == (dt.date(2026, 11, 9),)


def test_near_miss_a_numeric_date_under_an_english_header_still_reads_both_ways(tmp_path):
    # 05-03-2026 under "Date:" may be May 3 (after as_of) or 5 March: only the earlier reading counts.
    files = {**workspace(), "memo.md": "Date: 03-01-2026\n\nHello\n", "nota.md": "Data: 02-03-2026\n\nCiao\n"}
    assert found(env_with(tmp_path, files=files), "H10") == []


def test_a_signing_date_written_in_italian_or_japanese_disagreeing_with_the_instructions_is_found(tmp_path):
    for n, line in enumerate(["La firma dell'accordo è fissata per il 27 marzo 2026.", "契約書の署名日：2026年3月27日",
                              "Dana ondertekent de overeenkomst op 27 maart 2026.",
                              "Dana unterzeichnet den Vertrag am 27. März 2026."]):
        task = task_json()
        task["instructions"] += " The agreement is signed on March 20, 2026."
        hits = found(env_with(tmp_path / str(n), task, {**workspace(), "nota.md": line + "\n"}), "H10")
        assert [f.severity for f in hits if "signing date" in f.message] == ["major"], line


def test_a_signing_that_names_nothing_signed_is_the_agreements(tmp_path):
    # "start date ..., signing on the first day" dates the agreement's signing too; so does "署名日：".
    task = task_json()
    task["instructions"] += " Signing date: March 27, 2026."
    files = {**workspace(), "hire.md": "Start date March 20, 2026, signing on the first day.\n"}
    hits = found(env_with(tmp_path, task, files), "H10")
    assert [f.severity for f in hits if "signing date" in f.message] == ["major"]


def test_near_miss_a_signing_with_nothing_named_on_the_agreements_day(tmp_path):
    task = task_json()
    task["instructions"] += " The agreement is signed on March 20, 2026."
    files = {**workspace(), "hire.md": "Start date March 20, 2026, signing on the first day.\n"}
    assert [f for f in found(env_with(tmp_path, task, files), "H10") if "signing date" in f.message] == []


def test_letters_dated_in_arabic_hindi_turkish_or_vietnamese_after_as_of_are_major(tmp_path):
    # Digits of any script are read ("٢٠٢٦/٠٣/٣٠", "२० मार्च २०२६"), and so are the months of those languages.
    files = {**workspace(), "risala.md": "# رسالة\n\nدبي في ٢٠٢٦/٠٣/٣٠\n\nنص\n",
             "patra.md": "# पत्र\n\nपुणे, २० मार्च २०२६\n\nप्रिय\n", "yazi.md": "İstanbul, 14 Mart 2026\n\nSayın\n",
             "thu.md": "Tarih: 18.03.2026\n\nx\n"}
    task = task_json()
    task["instructions"] += " Ghi chú: Hôm nay là ngày 12 tháng 3 năm 2026."
    hits = found(env_with(tmp_path, task, files), "H10")
    assert sorted((f.severity, f.path) for f in hits) == [
        ("major", "documents/patra.md"), ("major", "documents/risala.md"), ("major", "documents/thu.md"),
        ("major", "documents/yazi.md"), ("major", "task.json")]
    assert next(f for f in hits if f.path == "documents/risala.md").evidence == "دبي في ٢٠٢٦/٠٣/٣٠"


def test_near_miss_a_dateline_in_arabic_digits_on_as_of(tmp_path):
    files = {**workspace(), "risala.md": "# رسالة\n\nالقاهرة، ٢ مارس ٢٠٢٦\n\nنص\n"}
    assert found(env_with(tmp_path, files=files), "H10") == []


def test_a_calendar_entry_or_a_letter_dated_in_an_era_after_as_of_is_major(tmp_path):
    # An .ics created after as_of (read unfolded, its dates as dates) and a Taipei letter dated in
    # the Minguo calendar (民國115年 is 2026); an entry created before as_of for a later day is no
    # document from the future.
    later = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Firm//Docket//EN\r\nBEGIN:VEVENT\r\nUID:1@example.com\r\n"
             "CREATED:20260310T231500Z\r\nDTSTART;VALUE=DATE:20260310\r\nSUMMARY:Dana signed the agreement at the Den\r\n"
             " ver office today\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    planned = later.replace("CREATED:20260310T231500Z", "CREATED:20260220T090000Z").replace("signed", "signs")
    files = {**workspace(), "calendar/signed.ics": later, "calendar/planned.ics": planned,
             "taipei/letter.md": "中華民國115年3月20日\n\n敬啟者：\n\nWe confirm receipt of the signed agreement.\n"}
    hits = found(env_with(tmp_path, files=files), "H10")
    assert {(f.severity, f.path) for f in hits if "is dated" in f.message} == {
        ("major", "documents/calendar/signed.ics"), ("major", "documents/taipei/letter.md")}
    assert any("2026-03-20" in f.message for f in hits if f.path == "documents/taipei/letter.md")


def test_a_to_do_completed_after_as_of_is_a_document_from_the_future(tmp_path):
    # Created before as_of, completed after it: the list cannot be older than its last stamp.
    todo = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//HR//Tasks//EN\r\nBEGIN:VTODO\r\nUID:1@example.com\r\n"
            "CREATED:20260220T090000Z\r\nDUE;VALUE=DATE:20260320\r\nSUMMARY:Collect the signed agreement\r\n"
            "STATUS:COMPLETED\r\nCOMPLETED:20260318T221400Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    files = {**workspace(), "tasks.ics": todo, "open.ics": todo.replace("STATUS:COMPLETED\r\nCOMPLETED:20260318T221400Z\r\n", "")}
    hits = [f for f in found(env_with(tmp_path, files=files), "H10") if "is dated" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/tasks.ics")]
    assert "2026-03-18" in hits[0].message


def test_a_signing_in_traditional_chinese_is_one_event_with_its_other_dates(tmp_path):
    task = task_json()
    task["instructions"] += " Dana will sign the agreement on April 6, 2026."
    files = {**workspace(), "taipei.md": "# 報到排程\n\n| 項目 | 日期 |\n|---|---|\n| Dana 簽署協議 | 民國１１５年４月１日 |\n"}
    hits = found(env_with(tmp_path, task, files), "H10")
    assert any("2026-04-01" in f.message and "2026-04-06" in f.message for f in hits), [f.message for f in hits]


def test_thai_buddhist_era_vietnamese_and_iso_week_dates_are_read():
    # ๒๘ ตุลาคม ๒๕๖๙: Thai digits, a Thai month, the Buddhist Era's 2569 (2026); the short month too.
    assert tx.date_readings("๒๘ ตุลาคม ๒๕๖๙") == (dt.date(2026, 10, 28),)
    assert tx.date_readings("28 ต.ค. พ.ศ. 2569") == (dt.date(2026, 10, 28),)
    assert tx.date_readings("2026-W48-1") == (dt.date(2026, 11, 23),)
    assert tx.date_readings("2026-W54-1") == ()
    assert document_date("# Thư xác nhận\n\nHà Nội, ngày 12 tháng 10 năm 2026\n\nKính gửi\n")[2] == dt.date(2026, 10, 12)
    assert document_date("# จดหมาย\n\nกรุงเทพฯ, ๒๘ ตุลาคม ๒๕๖๙\n\nเรียน\n")[2] == dt.date(2026, 10, 28)


def test_a_done_stamp_after_as_of_is_an_event_from_the_future_and_a_deadline_is_not(tmp_path):
    org = ("#+TITLE: Matter\n\n* DONE Open the file\n  CLOSED: [2026-02-20 Fri 09:05]\n"
           "* DONE Send the signed agreement to HR\n  CLOSED: [2026-03-09 Mon 17:40]\n")
    plans = "#+TITLE: Follow-ups\n\n* TODO Collect the signature\n  DEADLINE: <2026-03-09 Mon>\n"
    task = task_json()
    task["instructions"] += " Today is 2026-W11-1."  # March 9, 2026, a week after as_of
    hits = found(env_with(tmp_path, task, {**workspace(), "matter.org": org, "follow-ups.org": plans}), "H10")
    assert [(f.severity, f.path) for f in hits if "records as done ('CLOSED')" in f.message] == [
        ("major", "documents/matter.org")]
    assert not any(f.path == "documents/follow-ups.org" for f in hits)
    assert any("2026-W11-1" in f.message for f in hits if f.path == "task.json")


def test_solar_hijri_dates_and_taskpaper_done_tags():
    # 1 Farvardin is Nowruz (March 21 in these years); 22 Bahman 1357 is February 11, 1979.
    assert tx.solar_hijri_to_gregorian(1405, 1, 1) == dt.date(2026, 3, 21)
    assert tx.solar_hijri_to_gregorian(1357, 11, 22) == dt.date(1979, 2, 11)
    assert tx.solar_hijri_to_gregorian(1405, 7, 31) is None  # the second half's months have 30 days
    assert document_date("# گواهی\n\nسیاتل، ۲۰ آبان ۱۴۰۵\n\nمتن\n")[2] == dt.date(2026, 11, 11)


def test_a_taskpaper_done_tag_after_as_of_is_an_event_from_the_future(tmp_path):
    todo = "Matter:\n\t- Send the signed agreement to HR @done(2026-03-09)\n\t- Call Dana @due(2026-03-20)\n"
    hits = found(env_with(tmp_path, files={**workspace(), "matter.taskpaper": todo}), "H10")
    assert [(f.severity, f.location) for f in hits if "records as done ('@done')" in f.message] == [("major", 2)]


def test_a_status_line_reporting_an_event_done_on_a_later_date_is_an_event_from_the_future(tmp_path):
    # as_of is 2026-03-02: a step "completed on" March 20 has not happened yet; one "due on" it is a plan.
    status = "# Hire status\n\n- Onboarding status: completed on March 20, 2026 (badge issued)\n"
    plans = "# Plan\n\n- Onboarding: to be completed on March 20, 2026\n- Payroll record was created on March 1, 2026\n"
    hits = found(env_with(tmp_path, files={**workspace(), "status.md": status, "plan.md": plans}), "H10")
    assert [(f.severity, f.path, f.location) for f in hits if "records as done ('completed on')" in f.message] == [
        ("major", "documents/status.md", 3)]
    assert not any(f.path == "documents/plan.md" for f in hits)


def test_a_document_that_gives_a_seeded_law_another_day_it_applies_from(tmp_path):
    # The seeded entry has C.R.S. § 8-2-113 in force from 2022-08-10, before as_of (2026-03-02).
    def hits(text: str, name: str) -> list:
        return [(f.severity, f.location) for f in found(env_with(tmp_path / name, files={**workspace(), "law.md": text}),
                                                        "H10") if f.path == "documents/law.md"]

    later = "# Note\n\nThe amended C.R.S. § 8-2-113 applies to covenants entered into on or after January 1, 2028.\n"
    assert hits(later, "later") == [("major", 3)]
    stale = "# Note\n\nC.R.S. § 8-2-113, as amended, took effect on August 10, 2021.\n"
    assert hits(stale, "stale") == [("minor", 3)]
    same = "# Note\n\nC.R.S. § 8-2-113 took effect on August 10, 2022; the Act it replaced applies to older ones.\n"
    other_law = "# Note\n\nThe Illinois Act (820 ILCS 90) applies to covenants entered into on or after January 1, 2028.\n"
    versions = "# Note\n\nC.R.S. § 8-2-113 took effect on August 7, 2018 and again, amended, on August 10, 2022.\n"
    assert hits(same, "same") == hits(other_law, "other") == hits(versions, "versions") == []


def test_tomorrow_and_a_week_from_today_in_the_instructions_count_from_as_of(tmp_path):
    # as_of is Monday 2026-03-02: "tomorrow" is March 3 and "a week from today" March 9, while the
    # workspace starts Dana on April 1.
    files = {**workspace(), "hr.md": "# Hire\n\nDana's start date: April 1, 2026.\n"}
    task = task_json()
    task["instructions"] += " Dana starts work a week from today."
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "start date" in f.message]
    assert any("2026-03-09" in f.message and "2026-04-01" in f.message and f.severity == "major" for f in hits)
    monday = task_json()
    monday["instructions"] += " Dana starts next Monday."  # March 9, 2026
    hits = [f for f in found(env_with(tmp_path / "monday", monday, files), "H10") if "start date" in f.message]
    assert any("2026-03-09" in f.message and f.severity == "major" for f in hits)
    calm = task_json()
    calm["instructions"] += " Reply to the partner tomorrow; Dana starts work on April 1, 2026."
    assert [f for f in found(env_with(tmp_path / "calm", calm, files), "H10") if "start date" in f.message] == []



def test_a_weekday_counted_within_a_month_in_the_instructions_is_read_from_as_of(tmp_path):
    from oafreeze.corpus import dating

    as_of = dt.date(2026, 11, 16)
    days = [dating.weekdays_in_month(said, as_of) for said in (
        "on the last Monday of this month", "the first Friday of next month", "the second Tuesday in December",
        "the last Friday of January", "the fifth Monday of this month", "the 3rd Thursday of November 2027",
        "the fifth Monday of next month", "the last Monday before the hearing")]
    assert days == [[(dt.date(2026, 11, 30),)], [(dt.date(2026, 12, 4),)], [(dt.date(2026, 12, 8),)],
                    [(dt.date(2027, 1, 29),)], [(dt.date(2026, 11, 30),)], [(dt.date(2027, 11, 18),)], [], []]
    assert dating.weekdays_in_month("the last Wednesday of this month", dt.date(2026, 12, 1)) == \
        [(dt.date(2026, 12, 30),)]
    # as_of is Monday 2026-03-02: "the last Monday of this month" is March 30, the workspace starts Dana on
    # April 1; said of the first Wednesday of next month, the two agree.
    files = {**workspace(), "hr.md": "# Hire\n\nDana's start date: April 1, 2026.\n"}
    task = task_json()
    task["instructions"] += " Dana starts work on the last Monday of this month."
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "start date" in f.message]
    assert any("2026-03-30" in f.message and "2026-04-01" in f.message and f.severity == "major" for f in hits)
    agree = task_json()
    agree["instructions"] += " Dana starts work on the first Wednesday of next month."
    assert [f for f in found(env_with(tmp_path / "agree", agree, files), "H10") if "start date" in f.message] == []

def test_hungarian_datelines_and_a_utc_stamp_that_is_as_of_where_the_task_is(tmp_path):
    assert tx.date_readings("2026. november 12.") == (dt.date(2026, 11, 12),)
    assert tx.date_readings("12. listopadu 2026") == (dt.date(2026, 11, 12),)
    # 02:10 UTC on March 3 is the evening of March 2 west of Greenwich: not after an as_of of March 2.
    late = ("From: dale@example.com\nTo: hr@example.com\nSubject: Offer\nDate: Tue, 03 Mar 2026 02:10:00 +0000\n\n"
            "Sent this evening.\n")
    next_day = late.replace("02:10:00 +0000", "10:10:00 -0700")
    hits = found(env_with(tmp_path, files={**workspace(), "late.eml": late, "next.eml": next_day}), "H10")
    assert [f.path for f in hits if "is dated" in f.message] == ["documents/next.eml"]


def _epoch_ms(iso: str) -> int:
    return int(dt.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1000)


def test_a_data_record_of_an_event_done_after_as_of_is_major_in_unix_time_or_iso(tmp_path):
    """An e-signature trail in epoch milliseconds, a ticket export in YAML: records of what happened."""
    trail = json.dumps({"envelope": "7f3c", "events": [
        {"type": "sent", "timestamp": _epoch_ms("2026-02-20T16:02:11Z")},
        {"type": "completed", "timestamp": _epoch_ms("2026-03-19T17:05:40Z")}]}, indent=2)
    ticket = "id: HR-318\nhistory:\n  - status: Closed\n    closed_at: '2026-04-02 09:12'\n"
    files = {**workspace(), "esign/audit.json": trail, "tickets/hr-318.yaml": ticket}
    hits = {(f.path, f.severity) for f in found(env_with(tmp_path, files=files), "H10") if "records as done" in f.message}
    assert hits == {("documents/esign/audit.json", "major"), ("documents/tickets/hr-318.yaml", "major")}


def test_near_miss_planned_events_and_events_done_before_as_of_in_data_files(tmp_path):
    trail = json.dumps({"events": [{"type": "sent", "timestamp": _epoch_ms("2026-02-20T16:02:11Z")},
                                   {"status": "scheduled", "timestamp": _epoch_ms("2026-03-19T17:05:40Z")},
                                   {"type": "reminder", "at": "2026-04-01"}]})
    files = {**workspace(), "esign/audit.json": trail}
    assert [f for f in found(env_with(tmp_path, files=files), "H10") if "records as done" in f.message] == []


def test_a_deliverable_description_that_dates_the_event_otherwise_is_major_and_the_trap_description_minor(tmp_path):
    task = task_json()
    task["instructions"] += " The offer will be delivered on March 16, 2026."
    name = next(iter(task["deliverables"]))
    task["deliverables"][name] += " It goes out with the offer, to be delivered on March 18, 2026."
    task["oafreeze"]["trap"]["description"] += " The offer will be delivered on March 17, 2026."
    hits = [(f.location, f.severity, f.message.split(": ")[0]) for f in found(env_with(tmp_path, task), "H10")]
    deliverable = f"$.deliverables[{json.dumps(name)}]"
    assert sorted(hits) == sorted([
        ("$.instructions", "major",
         f"the delivery date of the offer is 2026-03-16 in $.instructions but 2026-03-18 in {deliverable}"),
        (deliverable, "minor",
         f"the delivery date of the offer is 2026-03-18 in {deliverable} but 2026-03-17 in $.oafreeze.trap.description"),
        ("$.instructions", "minor",
         "the delivery date of the offer is 2026-03-16 in $.instructions but 2026-03-17 in $.oafreeze.trap.description")])


@pytest.mark.parametrize("said", ["We checked the references today, Thursday, March 5.",
                                  "Status as of today (March 5, 2026): references checked."])
def test_a_documents_today_after_as_of_is_from_the_agents_future(tmp_path, said):
    # as_of is 2026-03-02; the note's own date line agrees with it, its today does not.
    files = {**workspace(), "hr-note.md": f"Date: March 2, 2026\n\n{said}\n"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H10") if "today" in f.message]
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/hr-note.md", 3)]


@pytest.mark.parametrize("said", ["We checked the references today, Monday, March 2.",
                                  "Today we discussed the March 30 deadline.",
                                  "Today, after the call on March 1, we agreed the draft."])
def test_a_today_on_or_before_as_of_or_not_dated_is_no_finding(tmp_path, said):
    files = {**workspace(), "hr-note.md": f"Date: March 2, 2026\n\n{said}\n"}
    assert not [f for f in found(env_with(tmp_path, files=files), "H10") if "calls" in f.message and "today" in f.message]


def test_a_reply_dated_before_the_message_it_quotes_is_a_note(tmp_path):
    reply = ("Date: February 27, 2026\n\nAgreed, go ahead.\n\nOn Fri, 28 Feb 2026 at 09:12, Dana Smith wrote:\n"
             "> Can we send the draft on Monday?\n")
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "thread.md": reply}), "H10")
            if "quotes a message" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", 5)]
    fine = reply.replace("28 Feb 2026", "26 Feb 2026")
    assert not [f for f in found(env_with(tmp_path / "fine", files={**workspace(), "thread.md": fine}), "H10")
                if "quotes a message" in f.message]


@pytest.mark.parametrize("sentence, flagged", [("It is Friday afternoon; the partner wants the note tonight.", True),
                                               ("Today's Monday, so the client reads it this week.", False),
                                               ("It is Friday, March 6, 2026, a week from now.", False)])
def test_today_named_by_a_weekday_that_as_of_is_not(tmp_path, sentence, flagged):
    task = task_json()  # as_of 2026-03-02 is a Monday
    task["instructions"] += " " + sentence
    hits = [f for f in found(env_with(tmp_path, task), "H10") if "say today is" in f.message]
    assert [f.severity for f in hits] == (["minor"] if flagged else [])


def test_a_file_that_dates_the_amending_act_against_its_entry(tmp_path):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    law["verified_against"] = "C.R.S. § 8-2-113 as amended by HB 22-1317"
    law["effective_date"] = "2022-05-30"  # the day the bill was signed, not the day it applies from
    files = {**workspace(), "colorado-statute-excerpt.md": (
        "# C.R.S. § 8-2-113\n\nText as amended by HB 22-1317, which applies to covenants entered into on or after "
        "August 10, 2022.\n\n> a covenant not to compete is void\n")}
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "applies from" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", 3)]
    law["effective_date"] = "2022-08-10"
    assert not [f for f in found(env_with(tmp_path / "again", task, files), "H10") if "applies from" in f.message]


@pytest.mark.parametrize("said, flagged", [("Use the partner's memo of February 10, 2026 for the facts.", True),
                                           ("Use the partner's memo of February 12, 2026 for the facts.", False),
                                           ("Use the client's letter of February 10, 2026 for the facts.", False)])
def test_instructions_that_give_a_document_another_date(tmp_path, said, flagged):
    task = task_json()
    task["instructions"] += " " + said
    files = {**workspace(), "partner-memo.md": "# Memo\n\nDate: 2026-02-12\n\nThe salary was set in January.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "the task's one memo" in f.message]
    assert [f.severity for f in hits] == (["minor"] if flagged else [])


def test_a_byline_dates_its_document():
    assert document_date("# Note to file\n\nWritten by Noor Haddad, 2026-11-04.\n\nBody.\n")[2] == dt.date(2026, 11, 4)
    assert document_date("Prepared by the HR team on 3 November 2026\n")[2] == dt.date(2026, 11, 3)
    assert document_date("Drafted by Sam Ortiz, Esq. - November 3, 2026\n")[2] == dt.date(2026, 11, 3)
    assert document_date("Prepared by: the HR team\n") is None


@pytest.mark.parametrize("note", [
    "Written by Noor Haddad, 2026-02-20.\n\nOn our call on March 9, Dana confirmed the start date and asked for the "
    "covenant with the offer.\n",
    "# Board notes\n\nAt the meeting of March 20, 2026 the board approved the new covenant policy.\n",
    "Written by Noor Haddad, 2026-02-10.\n\nWhen we spoke on February 24, Dana said she had another offer.\n",
])
def test_a_meeting_told_in_the_past_tense_after_as_of_or_after_the_note_is_major(tmp_path, note):
    hits = found(env_with(tmp_path, files={**workspace(), "call-note.md": note}), "H10")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/call-note.md")]
    assert "has not happened yet" in hits[0].message


@pytest.mark.parametrize("note", [
    "Written by Noor Haddad, 2026-02-20.\n\nOn our call on March 9, we will confirm the start date.\n",
    "Written by Noor Haddad, 2026-02-27.\n\nOn our call on February 25, Dana confirmed the start date.\n",
    # a day with no year far ahead of as_of, told in the past, is last year's
    "Notes\n\nOn our call on April 30, Dana told us about the old covenant.\n",
])
def test_a_planned_or_earlier_meeting_is_not(tmp_path, note):
    assert found(env_with(tmp_path, files={**workspace(), "call-note.md": note}), "H10") == []


def test_a_day_counted_from_today_is_not_today(tmp_path):
    # as_of 2026-03-02 is a Monday; "a week today" is Monday 9 March, not today.
    note = "P.S. Dana gets the agreement a week today, on Monday 9 March, so I would like your note first.\n"
    assert found(env_with(tmp_path / "a", files={**workspace(), "ps.md": note}), "H10") == []
    today = "We spoke today, 9 March, about the start date.\n"
    assert [f.severity for f in found(env_with(tmp_path / "b", files={**workspace(), "ps.md": today}), "H10")] == ["major"]


def test_a_date_set_a_span_before_an_event_does_not_date_the_event(tmp_path):
    task = task_json()
    task["instructions"] += " Dana will sign the agreement on April 6, 2026."
    # The decision is due three days before the signing: April 3 is not a second signing date.
    task["criteria"][1]["match_criteria"] = ("PASS if client-email.md asks for the client's decision by April 3, "
                                             "2026, three days before the agreement is signed. FAIL if it gives no date.")
    assert [f for f in found(env_with(tmp_path / "a", task), "H10") if "signing date" in f.message] == []
    # ... but a signing dated before the span still is one.
    task["criteria"][1]["match_criteria"] = ("PASS if client-email.md says the agreement is signed on April 9, 2026, "
                                             "three days after delivery. FAIL if not.")
    assert [f.severity for f in found(env_with(tmp_path / "b", task), "H10") if "signing date" in f.message] == ["major"]


@pytest.mark.parametrize("sentence, flagged", [
    ("records that Dana received the agreement on March 16, 2026, three weeks before signing on April 6, 2026.", False),
    ("records that Dana received the agreement on March 18, 2026, three weeks before signing on April 6, 2026.", True),
    ("records that Dana received it on March 18, 2026, 19 days before signing on April 6, 2026.", False),
    ("records that Dana received it on March 18, 2026, at least 14 days before signing on April 6, 2026.", False),
])
def test_a_span_that_is_not_the_distance_between_its_two_dates_is_major(tmp_path, sentence, flagged):
    task = task_json()
    task["criteria"][0]["match_criteria"] = f"PASS if agreement.md {sentence} FAIL if it does not."
    hits = [f for f in found(env_with(tmp_path, task), "H10") if "days apart" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.criteria[0].match_criteria")] if flagged else [])


def test_a_time_sheet_row_dated_after_as_of_records_work_not_yet_done(tmp_path):
    sheet = ("Date\tTimekeeper\tHours\tNarrative\n2026-02-27\tMO\t0.3\tReview the offer.\n"
             "2026-03-04\tMO\t0.4\tCall with Dana about the start date.\n")
    hits = found(env_with(tmp_path / "a", files={**workspace(), "time.tsv": sheet}), "H10")
    assert [(f.severity, f.location) for f in hits] == [("major", 3)]
    # A schedule (no hours, no work done) lists what is planned.
    plan = "Date\tOwner\tStep\n2026-02-27\tMO\tReview the offer.\n2026-03-04\tMO\tCall Dana about the start date.\n"
    assert found(env_with(tmp_path / "b", files={**workspace(), "plan.tsv": plan}), "H10") == []


# -- a document's own creation stamp (as_of is 2026-03-02) ------------------------------------------

def _core(created: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties '
            'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
            f'<dcterms:created xsi:type="dcterms:W3CDTF">{created}</dcterms:created></cp:coreProperties>')


def _docx_created(created: str, text: str = "Offer letter for Dana Smith.") -> bytes:
    """A .docx whose core properties say it was created at `created`, as Word saves one."""
    with zipfile.ZipFile(io.BytesIO(dw.docx([text]))) as z:
        members = {n: z.read(n) for n in z.namelist()}
    return dw.package({**members, "docProps/core.xml": _core(created)})


def _pdf_created(value: str) -> bytes:
    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(dw.pdf(["Signed offer, page 1."]))))
    writer.add_metadata({"/CreationDate": value})
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def _png_created(value: str) -> bytes:
    """A 1x1 PNG with a tEXt "Creation Time" chunk, its CRC right."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
            + chunk(b"tEXt", b"Creation Time\0" + value.encode("latin-1"))
            + chunk(b"IDAT", zlib.compress(b"\0\0")) + chunk(b"IEND", b""))


def test_a_documents_own_creation_stamp_after_as_of_is_a_note_naming_its_field_and_day(tmp_path):
    files = {**workspace(), "offer.docx": _docx_created("2026-03-05T16:40:00Z"),
             "signed.pdf": _pdf_created("D:20260310090000+01'00'"),
             "screens/intake.png": _png_created("Tue, 03 Mar 2026 08:00:00 GMT")}
    hits = found(env_with(tmp_path, files=files), "H10")
    assert sorted((f.severity, f.path, f.location, f.evidence) for f in hits) == [
        ("minor", "documents/offer.docx", "dcterms:created", "dcterms:created: 2026-03-05"),
        ("minor", "documents/screens/intake.png", "Creation Time", "Creation Time: 2026-03-03"),
        ("minor", "documents/signed.pdf", "/CreationDate", "/CreationDate: 2026-03-10")]
    assert all("2026-03-02" in f.message and "2026-03-02" in f.fix and "or clear it" in f.fix for f in hits)


def test_near_miss_a_creation_stamp_on_or_before_as_of_or_unreadable_is_not_reported(tmp_path):
    png = _png_created("2026-03-09")
    files = {**workspace(), "offer.docx": _docx_created("2026-03-02T23:59:00Z"),
             "signed.pdf": _pdf_created("D:20260115"), "intake.png": _png_created("2026-02-27T10:00:00"),
             # hostile: a chunk cut short, a length past the end, a package that is no zip
             "cut.png": png[:45], "long.png": png[:33] + struct.pack(">I", 1 << 31) + png[37:],
             "broken.docx": b"PK\x03\x04 not a package"}
    assert found(env_with(tmp_path, files=files), "H10") == []


def test_a_stamp_is_not_checked_in_the_knowledge_base_or_again_for_a_document_dated_later_in_its_text(tmp_path):
    text_dated = _docx_created("2026-03-20T10:00:00Z", "Harlow Finch LLP\n\nMarch 20, 2026\n\nDear Dana,")
    files = {**workspace(), "knowledge-base/forms/offer-template.docx": _docx_created("2026-05-01T10:00:00Z"),
             "letter.docx": text_dated}
    hits = found(env_with(tmp_path, files=files), "H10")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/letter.docx")]


def test_a_stamp_is_read_again_from_the_audit_cache_with_the_same_finding(tmp_path, monkeypatch):
    env = env_with(tmp_path, files={**workspace(), "offer.docx": _docx_created("2026-03-05")})
    first = [(f.severity, f.location, f.evidence) for f in found(env, "H10")]
    monkeypatch.setattr(formats, "created", lambda name, data: pytest.fail(f"{name} was read again"))
    (env / "tasks" / "t1" / "task.json").write_text(  # a changed task.json: the task's result is not reused
        (env / "tasks" / "t1" / "task.json").read_text().replace("junior associate", "junior lawyer"))
    assert [(f.severity, f.location, f.evidence) for f in found(env, "H10")] == first == [
        ("minor", "dcterms:created", "dcterms:created: 2026-03-05")]


def test_an_upcoming_event_the_instructions_date_a_year_early_conflicts_with_the_workspace(tmp_path):
    # as_of is 2026-03-02; the hire details start Dana on April 1, 2026; the instructions, in the present
    # tense, put the signing on the start date a year earlier.
    files = {**workspace(), "hr.md": "# Hire\n\nDana's start date: April 1, 2026.\n"}
    task = task_json()
    task["instructions"] += " Dana signs the agreement on the start date, April 1, 2025."
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "start date of the work" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert "2025-04-01" in hits[0].message and "2026-04-01" in hits[0].message


def test_near_miss_two_past_dates_of_one_event_are_history_not_a_conflict(tmp_path):
    files = {**workspace(), "hr.md": "# Hire\n\nDana's start date: April 1, 2026.\n"}
    task = task_json()
    task["instructions"] += " Dana's first offer had a start date of January 5, 2026."
    task["criteria"][0]["match_criteria"] += " The start date of the first offer was January 12, 2026."
    assert [f for f in found(env_with(tmp_path, task, files), "H10") if "start date" in f.message] == []


@pytest.mark.parametrize("title", [
    "Halden Marine Supply Co.: minutes of the board meeting of March 20, 2026",
    "# Minutes of the Annual General Meeting held on 20 March 2026",
    "Board of Directors \u2014 Notes of the call of 2026-03-20",
])
def test_minutes_titled_by_a_meeting_after_as_of_are_a_document_from_the_future(tmp_path, title):
    files = {**workspace(), "minutes.md": f"{title}\n\nThe board approved the refreshed form.\n"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H10") if f.path == "documents/minutes.md"]
    assert [(f.severity, "2026-03-20" in f.message) for f in hits] == [("major", True)]


@pytest.mark.parametrize("line", [
    "Agenda for the board meeting of March 20, 2026",
    "I will circulate the minutes of the board meeting of March 20, 2026.",
    "Notes for the call on March 20, 2026",
])
def test_near_miss_an_agenda_or_a_plan_for_a_later_meeting_is_not_dated_by_it(line):
    assert document_date(f"{line}\n\nItems to discuss.\n") is None


@pytest.mark.parametrize("today, flagged", [
    ("Today is the Monday before Thanksgiving, 2026.", True),   # November 23, 2026; as_of 2026-03-02
    ("It is now the day after Presidents' Day 2026.", True),   # February 17, 2026
    ("Today is the Monday before Presidents' Day, 2026.", False),  # February 9, 2026, as_of then
])
def test_today_named_by_a_holiday_is_checked_against_as_of(tmp_path, today, flagged):
    task = task_json()
    task["oafreeze"]["as_of"] = "2026-03-02" if flagged else "2026-02-09"
    task["instructions"] += " " + today
    hits = [f for f in found(env_with(tmp_path, task), "H10") if "give today as" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])


def test_holidays_fall_on_their_days():
    from oafreeze.corpus import dating

    as_of = dt.date(2026, 3, 2)
    said = {written: day for _at, written, day in dating.holidays(
        "Thanksgiving 2026; Labor Day, 2026; Memorial Day 2027; the day before Christmas; Election Day 2026; "
        "MLK Day 2027; Black Friday", as_of)}
    assert said == {"Thanksgiving 2026": dt.date(2026, 11, 26), "Labor Day, 2026": dt.date(2026, 9, 7),
                    "Memorial Day 2027": dt.date(2027, 5, 31), "the day before Christmas": dt.date(2026, 12, 24),
                    "Election Day 2026": dt.date(2026, 11, 3), "MLK Day 2027": dt.date(2027, 1, 18),
                    "Black Friday": dt.date(2026, 11, 27)}


@pytest.mark.parametrize("said, flagged", [
    ("Jordan's copy goes out 46 days from today, on April 17, 2026.", False),
    ("Today we agreed that the copy goes out in two weeks (March 16, 2026).", False),
    ("Jordan receives the agreement two weeks from today, on March 9, 2026.", True),  # a week: today is March 2
    ("The copy goes out ten business days from today, on March 16, 2026.", False),  # business days: not counted
])
def test_a_day_counted_from_today_is_not_todays_date_but_must_land_on_it(tmp_path, said, flagged):
    task = task_json()  # as_of 2026-03-02: 46 days on is April 17, two weeks on March 16
    task["instructions"] += " " + said
    hits = [f for f in found(env_with(tmp_path, task), "H10") if "today" in f.message or "count" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])
    assert all("lands on 2026-03-16" in f.message for f in hits)


def test_ethiopian_dates_are_read_and_an_amharic_letter_dated_after_as_of_is_major(tmp_path):
    # 1 Meskerem is the Ethiopian new year: September 11, or the 12th before a Gregorian leap year.
    assert tx.ethiopian_to_gregorian(2019, 1, 1) == dt.date(2026, 9, 11)
    assert tx.ethiopian_to_gregorian(2016, 1, 1) == dt.date(2023, 9, 12)
    assert tx.ethiopian_to_gregorian(2018, 5, 11) == dt.date(2026, 1, 19)  # Timkat
    assert tx.ethiopian_to_gregorian(2019, 13, 7) is None  # Pagume has five or six days
    assert tx.date_readings("3 Hidar 2019 E.C.") == (dt.date(2026, 11, 12),)
    letter = "# ደብዳቤ\n\nቀን፦ ኅዳር 3 ቀን 2019 ዓ.ም.\n\nWe confirm the order for the Seattle yard.\n"
    assert document_date(letter)[2] == dt.date(2026, 11, 12)
    hits = found(env_with(tmp_path, files={**workspace(), "suppliers/letter.md": letter}), "H10")
    assert [(f.severity, f.path) for f in hits if "is dated" in f.message] == [("major", "documents/suppliers/letter.md")]


def test_a_knowledge_base_review_the_instructions_date_otherwise_is_a_note(tmp_path):
    # colorado.md was reviewed on 2026-01-10; as_of is 2026-03-02.
    task = task_json()
    task["instructions"] += " Use the firm's Colorado practice guide: it was reviewed last week and is current."
    hits = found(env_with(tmp_path, task), "H10")
    assert [(f.severity, f.location) for f in hits if "reviewed last week" in f.message] == \
        [("minor", "$.instructions")]
    assert "2026-01-10" in hits[0].message
    # the right window, or a date that is the review's, says nothing
    for said in ("it was reviewed two months ago", "it was reviewed on January 10, 2026"):
        task = task_json()
        task["instructions"] += f" Use the firm's Colorado practice guide: {said}."
        assert [f for f in found(env_with(tmp_path / said[-4:], task), "H10") if "was reviewed" in f.message] == []


def test_a_guide_reviewed_on_another_date_than_its_own_is_a_note(tmp_path):
    task = task_json()
    task["instructions"] += " The Texas practice guide was updated on February 20, 2026."
    hits = [f for f in found(env_with(tmp_path, task), "H10") if "was reviewed" in f.message]
    assert len(hits) == 1 and "texas.md" in hits[0].message and "2025-11-02" in hits[0].message


def test_the_guides_said_reviewed_together_on_a_day_none_was_is_a_note(tmp_path):
    task = task_json()
    task["instructions"] += " The practice guides were last reviewed on April 1, 2026."
    hits = [f for f in found(env_with(tmp_path, task), "H10") if "were reviewed" in f.message]
    assert [f.severity for f in hits] == ["minor"] and "after as_of 2026-03-02" in hits[0].message
    calm = task_json()
    calm["instructions"] += " The practice guides were last reviewed on November 2, 2025."  # the Texas guide's day
    assert [f for f in found(env_with(tmp_path / "calm", calm), "H10") if "reviewed" in f.message] == []


def test_a_document_that_dates_the_tasks_one_memo_by_a_count_back_from_its_own_date(tmp_path):
    email = ("# Note from the partner\n\nDate: 2026-02-20\n\nFormer counsel approved this form eighteen months ago "
             "(their memo is attached).\n")
    for k, (memo_day, flagged) in enumerate((("2023-02-01", True), ("2024-08-10", False))):
        files = {**workspace(), "partner-note.md": email, "approval-memo.md": f"# Memo\n\nDate: {memo_day}\n\nApproved.\n"}
        hits = [f for f in found(env_with(tmp_path / str(k), files=files), "H10") if "eighteen months ago" in f.message]
        assert [(f.severity, f.path) for f in hits] == ([("minor", "documents/partner-note.md")] if flagged else [])


@pytest.mark.parametrize("said, memo_day, flagged", [
    ("the memo written in June of last year", "2025-06-12", False),
    ("the memo written in June of last year", "2026-06-30", True),   # a year out
    ("the memo we wrote last June", "2025-06-30", False),            # the latest June before February 2026
    ("the memo we wrote last June", "2024-06-30", True),
    ("the memo from last year", "2025-03-01", False),
    ("the memo from last year", "2023-11-01", True),
])
def test_a_document_that_dates_the_tasks_one_memo_by_a_month_or_year_before_its_own(tmp_path, said, memo_day, flagged):
    note = f"# Note from the partner\n\nDate: 2026-02-20\n\nStart from {said}, which explains the claim.\n"
    files = {**workspace(), "partner-note.md": note, "approval-memo.md": f"# Memo\n\nDate: {memo_day}\n\nApproved.\n"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H10") if "the task's one memo" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("minor", "documents/partner-note.md")] if flagged else [])


def test_a_closing_byline_dates_a_document_in_digits_or_words(tmp_path):
    body = "".join(f"- item {i}\n" for i in range(20))
    for k, (closing, flagged) in enumerate((
            ("Prepared by People Operations this fifth day of October, two thousand twenty-seven.", True),
            ("Prepared by People Operations on 5 October 2027.", True),
            ("Prepared by People Operations this first day of March, two thousand twenty-six.", False),  # as_of
            ("Prepared by People Operations, who will update it after signing.", False))):
        files = {**workspace(), "hire-record.md": f"# Hire record\n\n{body}\n{closing}\n"}
        hits = [f for f in found(env_with(tmp_path / str(k), files=files), "H10") if f.path == "documents/hire-record.md"]
        assert [f.severity for f in hits] == (["major"] if flagged else []), closing
    assert document_date(body + "Prepared by HR this 5th day of October, 2027.")[2] == dt.date(2027, 10, 5)
    assert document_date(body) is None


def test_a_task_document_that_dates_a_guides_review_otherwise_is_a_note(tmp_path):
    note = ("# Research note\n\nSource: the firm's Texas guide (documents/knowledge-base/{path}), current as of "
            "{day}.\n\nI compared it with the statute.\n")
    snapshot_path = "practice-guides/non-compete/us/texas.md"
    for k, (day, flagged) in enumerate((("February 20, 2026", True), ("November 2, 2025", False))):
        files = {**workspace(), "research-note.md": note.format(path=snapshot_path, day=day)}
        hits = [f for f in found(env_with(tmp_path / str(k), files=files), "H10") if "reviewed" in f.message]
        assert [(f.severity, f.path) for f in hits] == ([("minor", "documents/research-note.md")] if flagged else [])


def test_a_quoted_message_whose_attribution_gives_the_year_after_the_day_is_dated_by_it():
    import datetime as dt

    from oafreeze.hygiene.items.h10_temporal_consistency import _quoted_date

    reply = ("Thanks, filed.\n\nOn Tue, Nov 17, 2026 at 9:05 AM Miriam Okafor <miriam@example.com> wrote:\n"
             "> Riley signed this morning.\n")
    assert _quoted_date(reply, dt.date(2026, 11, 9))[2] == dt.date(2026, 11, 17)
    assert _quoted_date(reply.replace("Nov 17", "Nov 2"), dt.date(2026, 11, 9)) is None
    assert _quoted_date("On Nov 17, 2026, at 9:05 AM, Miriam wrote:\n> x\n", dt.date(2026, 11, 9))[2] == \
        dt.date(2026, 11, 17)


def test_a_weekday_in_a_dated_email_that_lands_off_the_criterions_date_is_a_note(tmp_path):
    # Monday, February 23, 2026: "this Friday" is February 27; the criterion says March 2.
    email = ("From: partner@example.com\nTo: associate@example.com\nDate: Mon, 23 Feb 2026 09:00:00 +0000\n"
             "Subject: Dana\n\nThe client sends the agreement to Dana this Friday, so please finish before then.\n")
    task = task_json()
    task["criteria"][2]["match_criteria"] += " PASS only if it asks for sign-off before the agreement goes to Dana " \
                                           "on March 2, 2026."
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), "partner.eml": email}), "H10")
            if "this Friday" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("minor", "documents/partner.eml")]
    assert "2026-02-27" in hits[0].message
    # the weekday that lands on the criterion's date, or the date given in the inputs, is consistent
    for k, (body, extra) in enumerate((("this Monday", {}),
                                       ("this Friday", {"dates.md": "# Dates\n\nDana receives it March 2, 2026.\n"}))):
        files = {**workspace(), "partner.eml": email.replace("this Friday", body), **extra}
        assert [f for f in found(env_with(tmp_path / str(k), task, files), "H10") if body in f.message] == []


def test_a_document_the_instructions_date_last_friday_dated_otherwise_is_a_note(tmp_path):
    # as_of is Monday, March 2, 2026: last Friday is February 27.
    task = task_json()
    task["instructions"] += " The client sent its request last Friday."
    files = {**workspace(), "client-request.md": "# Request\n\nDate: 2026-03-02\n\nPlease draft the agreement.\n"}
    hits = [f for f in found(env_with(tmp_path / "a", task, files), "H10") if "last Friday" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.instructions")]
    files["client-request.md"] = files["client-request.md"].replace("2026-03-02", "2026-02-27")
    assert [f for f in found(env_with(tmp_path / "b", task, files), "H10") if "last Friday" in f.message] == []


def test_a_tracked_change_made_after_as_of_is_a_note(tmp_path):
    doc = dw.with_tracked_deletion(dw.docx(["Section 1."]), "old words")
    with zipfile.ZipFile(io.BytesIO(doc)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["word/document.xml"] = members["word/document.xml"].replace(
        b'w:author="Partner"', b'w:author="Partner" w:date="2026-03-09T10:00:00Z"')
    hits = found(env_with(tmp_path, files={**workspace(), "edits.docx": dw.package(members)}), "H10")
    assert [(f.severity, f.path, "edited on 2026-03-09" in f.message) for f in hits] == \
        [("minor", "documents/edits.docx", True)]


@pytest.mark.parametrize("memo_day, sentence, flagged", [
    ("2026-01-10", "We reviewed the covenant form (form revised 2026-02-01) for Colorado employees.", True),
    ("2026-02-05", "We reviewed the covenant form (form revised 2026-02-01) for Colorado employees.", False),
    ("2026-01-10", "The form is to be revised 2026-04-01, when the threshold changes.", False),  # a plan
])
def test_a_document_that_names_a_version_made_after_its_own_date_is_major(tmp_path, memo_day, sentence, flagged):
    files = {**workspace(), "approval-memo.md": f"# Memorandum\n\nDate: {memo_day}\n\n{sentence}\n"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H10") if "tells as done" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("major", "documents/approval-memo.md")] if flagged else [])


@pytest.mark.parametrize("said, flagged", [
    ("Today is the day Dana asked us to send everything with the offer.", True),   # the offer's delivery
    ("Today is the day you send the partner your draft.", False),                  # nothing the task dates
])
def test_today_made_the_day_a_thing_is_delivered_must_be_as_of(tmp_path, said, flagged):
    task = task_json()  # as_of 2026-03-02
    task["instructions"] += " " + said
    files = {**workspace(), "offer-facts.md": workspace()["offer-facts.md"] + "- Offer to be delivered: 2026-03-09\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "make today the day" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("major", "$.instructions")] if flagged else [])


def test_a_sentence_that_dates_two_events_is_read_clause_by_clause(tmp_path):
    task = task_json()
    task["instructions"] += " The renewed agreement is delivered to Dana on March 20, 2026."
    note = ("Confirming the plan: we will hand Dana Reyes the renewed agreement on March 27, 2026, and the raise "
            "starts on April 6, 2026.\n")
    hits = found(env_with(tmp_path, task, {**workspace(), "plan.md": note}), "H10")
    assert [(f.severity, f.path) for f in hits if "March 27, 2026" in (f.evidence or "") + f.message] == [
        ("major", "task.json")]
    assert "documents/plan.md" in hits[0].message
    # each clause alone: the handover is the agreement's; the raise names nothing the task dates
    from oafreeze.corpus import events
    read = events.event_dates(note, dt.date(2026, 3, 1))
    assert [(e, sorted(w), d) for e, w, d, _ in read] == [("delivery", ["agreement"], (dt.date(2026, 3, 27),))]


def test_near_miss_two_clauses_that_date_different_things(tmp_path):
    task = task_json()
    task["instructions"] += " The agreement is signed on March 20, 2026."
    note = "We sign the agreement on March 20, 2026, and the bonus is paid on April 30, 2026.\n"
    assert found(env_with(tmp_path, task, {**workspace(), "plan.md": note}), "H10") == []


def _track(when: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Field App" '
            'xmlns="http://www.topografix.com/GPX/1/1">\n  <metadata><name>Site walk</name>'
            f'<time>{when}T14:05:00Z</time></metadata>\n  <trk><trkseg><trkpt lat="30.2" lon="-90.9">'
            f'<time>{when}T14:05:00Z</time></trkpt></trkseg></trk>\n</gpx>\n')


def test_a_track_recorded_after_as_of_is_major_and_one_recorded_before_is_not(tmp_path):
    hits = found(env_with(tmp_path / "late", files={**workspace(), "site/walk.gpx": _track("2026-03-09")}), "H10")
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/site/walk.gpx", 3)]
    assert "2026-03-09" in hits[0].message
    assert found(env_with(tmp_path / "early", files={**workspace(), "site/walk.gpx": _track("2026-02-20")}),
                 "H10") == []


def test_a_criterion_that_dates_the_signing_of_the_thing_it_names_last(tmp_path):
    task = task_json()
    task["instructions"] += " The agreement is signed on March 20, 2026."
    task["criteria"][0]["match_criteria"] = task["criteria"][0]["match_criteria"].replace(
        "PASS if", "PASS if notice.md is dated March 23, 2026, the day the agreement is signed, and if", 1)
    hits = found(env_with(tmp_path, task), "H10")
    assert any(f.severity == "major" and "March 23, 2026" in (f.evidence or "") + f.message for f in hits)
    # each such sentence dates the agreement's signing, not the notice's
    from oafreeze.corpus import events
    said = "notice.md is dated March 23, 2026, the day the agreement is signed."
    assert [(e, sorted(w)) for e, w, _d, _s in events.event_dates(said, dt.date(2026, 3, 2))] == [
        ("signing", ["agreement"])]
    said = "Covenant agreement for a new hire who signs in March 2026."
    assert [(e, sorted(w)) for e, w, _d, _s in events.event_dates(said, dt.date(2026, 3, 2), months=True)] == [
        ("signing", ["agreement"])]


def test_an_amending_bill_is_one_act_however_it_is_written():
    from oafreeze.hygiene.items.h10_temporal_consistency import _amending_acts
    assert _amending_acts("as amended by SSB 5935 (2024)") == _amending_acts("Substitute Senate Bill 5935") == {"sb 5935"}
    assert _amending_acts("ESHB 1155") == _amending_acts("Engrossed Substitute House Bill 1155") == {"hb 1155"}
    assert _amending_acts("P.A. 102-358 and SB 25-083") == {"pa 102-358", "sb 25-083"}
    assert _amending_acts("Senate Bill 5935") != _amending_acts("House Bill 5935")


@pytest.mark.parametrize("label, flagged", [("the 2021 salary threshold of $123,750", True),
                                            ("the 2022 salary threshold of $123,750", False),
                                            ("the salary threshold of $123,750", False)])
def test_a_figure_called_another_years(tmp_path, label, flagged):
    task = task_json()
    law = task["oafreeze"]["seeded_law"][0]
    law["quote"] = "a covenant not to compete is void unless the worker earns at least $123,750"
    task["instructions"] += f" The employee earns less than {label}."
    files = {**workspace(), "colorado-statute-excerpt.md": "# C.R.S. § 8-2-113\n\n" + law["quote"] + ".\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H10") if "calls the figure" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.instructions")] if flagged else [])


def test_near_miss_a_fail_clause_names_the_wrong_signing_day_on_purpose(tmp_path):
    # the instructions hand the agreement over on April 6 "ready for her signature"; a criterion fails an
    # output that demands signature by April 8: neither is a second date of the signing
    task = task_json()
    task["instructions"] += " HR will hand the agreement to Dana on April 6, 2026, ready for her signature."
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md gives Dana at least 14 days to consider it. "
                                             "FAIL if it requires signature by April 8, 2026.")
    assert [f for f in found(env_with(tmp_path, task), "H10") if f.severity == "major"] == []
    # a PASS clause that dates the signing otherwise still conflicts
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md has Dana sign it on April 8, 2026. "
                                             "FAIL if it gives another day.")
    task["instructions"] += " Dana signs the agreement on April 6, 2026."
    hits = [f for f in found(env_with(tmp_path / "pass", task), "H10") if f.severity == "major"]
    assert hits and "signing" in hits[0].message


def test_today_given_in_words_without_its_year(tmp_path):
    task = task_json()
    task["instructions"] += " Today is the second of April, and the partner wrote this morning."
    hits = [f for f in found(env_with(tmp_path, task), "H10") if "today" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    assert "2026-04-02" in hits[0].message
    task = task_json()
    task["instructions"] += " Today is the second of March, and the partner wrote this morning."
    assert [f for f in found(env_with(tmp_path / "same", task), "H10") if "today" in f.message] == []


def test_a_dated_emails_this_friday_counts_from_its_own_date():
    from oafreeze.hygiene.items.h10_temporal_consistency import _document_events
    mail = ("From: Noor <noor@example.com>\nDate: Mon, 09 Nov 2026 09:00:00 -0500\nSubject: timing\n\n"
            "The offer and the covenant paperwork go out this Friday.\n")
    assert [(e, when) for e, _what, when, _s in _document_events(mail, dt.date(2026, 11, 2))] == [
        ("delivery", (dt.date(2026, 11, 13),))]


def test_an_xmp_sidecar_is_dated_by_the_day_its_scan_was_made(tmp_path):
    xmp = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           '<rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreateDate>{}T10:14:32-07:00'
           '</xmp:CreateDate></rdf:Description></rdf:RDF></x:xmpmeta>\n')
    later = found(env_with(tmp_path, files={**workspace(), "signed-scan.xmp": xmp.format("2026-03-20")}), "H10")
    assert [(f.severity, f.path) for f in later] == [("major", "documents/signed-scan.xmp")]
    earlier = {**workspace(), "signed-scan.xmp": xmp.format("2026-02-20")}
    assert found(env_with(tmp_path / "earlier", files=earlier), "H10") == []


def test_a_letters_instant_and_ultimo_count_from_its_month():
    from oafreeze.corpus import dating
    assert [d for _at, d in dating.yearless_at("goes out on the 18th inst.", dt.date(2026, 11, 9))] == [
        dt.date(2026, 11, 18)]
    assert [d for _at, d in dating.yearless_at("your letter of the 28th ult.", dt.date(2026, 1, 9))] == [
        dt.date(2025, 12, 28)]
    assert dating.relative("receives it on Monday, November 30, 2026", dt.date(2026, 11, 10)) == []


def test_a_calendar_week_dates_its_monday_or_the_day_it_names():
    from oafreeze.corpus import dating, events
    said = "The offer goes to Riley on the Monday of calendar week 46 (KW 46)."
    assert [e[2] for e in events.event_dates(said, dt.date(2026, 11, 2))] == [(dt.date(2026, 11, 9),)]
    assert [d for _at, d in dating.yearless_at("ready by Friday of KW 44", dt.date(2026, 10, 1))] == [
        dt.date(2026, 10, 30)]
    assert dating.yearless_at("in week 46 of the project", dt.date(2026, 10, 1)) == []


def test_a_weekday_with_its_day_of_the_month_is_that_day():
    from oafreeze.corpus import dating
    sent = dt.date(2026, 11, 13)  # a Friday
    assert dating.relative("I'll give Morgan the renewal on Monday the 23rd", sent) == [(dt.date(2026, 11, 23),)]
    assert dating.relative("on Monday the 24th", sent) == []  # the 24th is a Tuesday: the text is not clear
    assert dating.relative("on Monday", sent) == [(dt.date(2026, 11, 16),)]
