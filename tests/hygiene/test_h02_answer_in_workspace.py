"""H02 answer in the workspace: the deliverable is not already there, in any name or format."""

from __future__ import annotations

import io
import zipfile

import pytest

import docwriters as dw
from hygiene_helpers import env_with, found, task_json, workspace

from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.hygiene import degenerate
from oafreeze.hygiene.items.h02_answer_in_workspace import kept_things, quantities


def test_a_workspace_file_named_like_a_deliverable_is_paired_by_the_matcher(tmp_path):
    files = {**workspace(), "Agreement.md": "An old agreement.\n"}
    hits = found(env_with(tmp_path, files=files), "H02")
    assert [(f.severity, f.path, f.evidence) for f in hits] == [
        ("blocker", "documents/Agreement.md", "agreement.md -> Agreement.md (exact)")]


def test_a_workspace_file_holding_the_finished_answer_is_major(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    files = {**workspace(), "old-answer.md": "Dear client,\n$95,000 is below $127,091 (C.R.S. § 8-2-113).\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if f.path == "documents/old-answer.md"]
    assert len(hits) == 1 and hits[0].severity == "major" and hits[0].location == 2
    assert "$127,091" in hits[0].evidence and "client-email.md" in hits[0].message


def test_a_file_passing_only_the_gradable_criteria_under_another_name_is_a_minor_note(tmp_path):
    # Two criteria name literals and pass on old-answer.md; a third names none, so the proxy cannot be
    # sure the file is the finished answer, and the file is named unlike the deliverable: a note.
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    task["criteria"].append({"id": "C4", "title": "Tone", "deliverables": ["client-email.md"], "source": "expert",
                             "match_criteria": "PASS if client-email.md is written in plain English for a "
                                               "business reader. FAIL if it reads as a legal brief."})
    files = {**workspace(), "old-answer.md": "Dear client,\n$95,000 is below $127,091 (C.R.S. § 8-2-113).\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if f.path == "documents/old-answer.md"]
    assert [(f.severity, f.location) for f in hits] == [("minor", 2)]
    assert "the other 1 need a reader" in hits[0].message


def test_the_deliverable_in_another_format_is_major(tmp_path):
    files = {**workspace(), "client-email.docx": b"PK\x03\x04 not read here"}
    hits = found(env_with(tmp_path, files=files), "H02")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/client-email.docx")]
    assert "in another format" in hits[0].message


def test_a_name_that_is_the_deliverable_plus_version_words_is_major(tmp_path):
    files = {**workspace(), "agreement-v2-clean.md": "Agreement, final.\n"}
    hits = found(env_with(tmp_path, files=files), "H02")
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/agreement-v2-clean.md")]


def test_a_finished_answer_named_like_its_deliverable_needs_only_the_literal_criteria(tmp_path):
    # C1 names no literal; the file still passes every criterion the proxy can grade and looks
    # like the deliverable: that is the finished answer.
    task = task_json()
    task["criteria"][1]["match_criteria"] = ('PASS if agreement.md names "Dana Smith" and states $95,000. '
                                             'FAIL if it states another salary.')
    files = {**workspace(), "agreement-final.md": "Agreement with Dana Smith at $95,000.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if "already contains" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/agreement-final.md")]


def test_a_starting_form_that_already_holds_the_change_is_major(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md limits the non-compete to 12 months. "
                                             "FAIL if it keeps the 24-month period or Delaware law.")
    refreshed = "# Agreement form\n\n1. Non-compete: twelve (12) months.\n2. Governing law: Colorado.\n"
    hits = found(env_with(tmp_path, task, {**workspace(), "agreement-form-2021.md": refreshed}), "H02")
    assert [(f.severity, f.path, f.location) for f in hits] == [
        ("major", "documents/agreement-form-2021.md", "$.criteria[0].match_criteria")]
    assert "24 months" in hits[0].message


def test_reading_what_a_fail_clause_says_is_kept():
    things = kept_things("the form keeps the 24-month period or any period longer than 18 months")
    assert ("quantity", (24, "month")) in things and ("quantity", (18, "month")) not in things
    assert ("name", "Delaware") in kept_things("it keeps Delaware law, Delaware courts or any forum outside Washington")
    assert quantities("three (3) years, a 24-month term and two weeks") == {(3, "year"), (24, "month"), (2, "week")}


def test_near_miss_the_starting_form_itself_shares_the_deliverable_name(tmp_path):
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md limits the non-compete to 12 months. "
                                             "FAIL if it keeps the 24-month period.")
    form = "# Draft agreement\n\n1. Non-compete: twenty-four (24) months.\n"
    assert found(env_with(tmp_path, task, {**workspace(), "agreement-form-2021.md": form}), "H02") == []


def test_near_miss_a_differently_named_source_file_is_not_paired(tmp_path):
    files = {**workspace(), "prior-agreement-2019.md": "The 2019 agreement.\n", "client-alert.md": "An alert.\n"}
    assert found(env_with(tmp_path, files=files), "H02") == []


# -- the answer where a reader seldom looks, and amounts written as a spreadsheet writes them ----------------

def _with_members(data: bytes, extra: dict[str, str]) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    return dw.package({**members, **extra})


def _custom_properties(props: dict[str, str]) -> str:
    return (dw.DECL + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" '
            'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
            + "".join(f'<property fmtid="{{D5CDD505-2E9C-101B-9397-08002B2CF9AE}}" pid="{i}" name="{name}">'
                      f"<vt:lpwstr>{value}</vt:lpwstr></property>" for i, (name, value) in enumerate(props.items(), 2))
            + "</Properties>")


def _salary_task() -> dict:
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    return task


def test_a_finished_answer_in_a_docx_custom_property_is_major_and_names_the_part(tmp_path):
    cover = _with_members(dw.docx(["Matter cover sheet."]), {"docProps/custom.xml": _custom_properties(
        {"Outcome": "95,000 dollars is below the 127,091 line of C.R.S. 8-2-113"})})
    hits = [f for f in found(env_with(tmp_path, _salary_task(), {**workspace(), "cover-sheet.docx": cover}), "H02")
            if f.path == "documents/cover-sheet.docx"]
    assert [f.severity for f in hits] == ["major"]
    assert "docProps/custom.xml" in hits[0].message and "127,091" in hits[0].evidence


def test_a_finished_answer_in_spreadsheet_cells_is_found_by_the_amounts_values(tmp_path):
    sheet = dw.xlsx({"C.R.S. 8-2-113 check": [["Salary", "Threshold", "Result"], [95000, 127091.0, "below"]]})
    hits = [f for f in found(env_with(tmp_path, _salary_task(), {**workspace(), "check.xlsx": sheet}), "H02")
            if f.path == "documents/check.xlsx"]
    assert [f.severity for f in hits] == ["major"] and "95000" in hits[0].evidence


def test_near_miss_a_spreadsheet_of_facts_that_lacks_the_answer_stays_clean(tmp_path):
    # The salary is a fact the agent needs; the threshold and the statute are what it must find.
    book = dw.xlsx({"Payroll 2026": [["Employee", "Salary", "Start"], ["Dana Smith", 95000, "2026-04-01"]]})
    sheet = _with_members(book, {"docProps/custom.xml": _custom_properties({"Prepared": "HR, 2026"})})
    assert found(env_with(tmp_path, _salary_task(), {**workspace(), "payroll.xlsx": sheet}), "H02") == []


def test_amounts_are_compared_by_value_and_citations_by_their_designation():
    def has(text: str, written: str) -> bool:
        return degenerate.contains(tx.normalize(text), next(iter(cr.literals(written))))

    assert has("Threshold\t127091", "$127,091") and has("USD 127,091.00", "$127,091")
    assert has("78008.4", "$78,008.40") and has("a cap of $1,200,000", "$1.2 million")
    assert has("void under C.R.S. 8-2-113(2)", "C.R.S. § 8-2-113(2)")
    assert has("Colo. Rev. Stat. § 8-2-113(8)(a)", "C.R.S. § 8-2-113(8)(a)")
    # Not inside dates, citations, other numbers, and not a bare small number or a year.
    assert not has("signed April 1, 2026", "$2,026") and not has("C.R.S. § 8-2-113", "$113")
    assert not has("18 U.S.C. § 1833(b)", "$1,833") and not has("1270910", "$127,091")
    assert not has("Section 5 of 12", "$5") and not has("C.R.S. § 8-2-113(3)", "C.R.S. § 8-2-113(2)")
    assert not has("Cal. Lab. Code 2870 days", "Cal. Lab. Code § 2870")


def _archive(members: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in members.items():
            z.writestr(name, text)
    return out.getvalue()


def test_an_archive_holding_a_deliverable_or_the_finished_answer_is_found_by_its_member(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    answer = "Dear client,\n$95,000 is below $127,091 (C.R.S. § 8-2-113).\n"
    files = {**workspace(), "earlier-round.zip": _archive({"round-1/agreement.md": "An old agreement.\n",
                                                           "round-1/notes-for-client.md": answer})}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if f.path == "documents/earlier-round.zip"]
    said = {(f.severity, f.message.split(":")[0]) for f in hits}
    assert ("major", "documents/earlier-round.zip (member round-1/agreement.md) looks like the deliverable "
                     "'agreement.md'") in said
    assert any("(member round-1/notes-for-client.md) already contains" in f.message for f in hits)
    # A member only named alike ("agreement-1.md"): the matcher never pairs what an archive holds.
    alike = {**workspace(), "exhibits.zip": _archive({"agreement-1.md": "An old agreement.\n"})}
    hits = [f for f in found(env_with(tmp_path / "alike", task, alike), "H02") if f.path == "documents/exhibits.zip"]
    assert [f.severity for f in hits] == ["minor"]
    # The same files loose in an archive of other names and other content: nothing.
    calm = {**workspace(), "earlier-round.zip": _archive({"round-1/lease-summary.md": "Rent is due monthly.\n"})}
    assert [f for f in found(env_with(tmp_path / "calm", task, calm), "H02")
            if f.path == "documents/earlier-round.zip"] == []


def test_a_file_attached_to_an_e_mail_is_read_as_a_member_is(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    answer = b"Dear client,\n$95,000 is below $127,091 (C.R.S. \xc2\xa7 8-2-113).\n"
    thread = dw.eml(subject="Draft for review", sender="partner@example.com", to="associate@example.com",
                    body="My draft is attached.", attachments=[("client-email.md", answer)])
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), "thread.eml": thread}), "H02")
            if f.path == "documents/thread.eml"]
    said = {f.message.split(":")[0] for f in hits}
    assert "documents/thread.eml (attachment client-email.md) looks like the deliverable 'client-email.md'" in said
    assert any("(attachment client-email.md) already contains" in f.message for f in hits)
    # An attachment of another name and content: nothing.
    calm = dw.eml(subject="Lease", sender="partner@example.com", to="associate@example.com", body="See attached.",
                  attachments=[("lease-summary.md", b"Rent is due monthly.\n")])
    assert [f for f in found(env_with(tmp_path / "calm", task, {**workspace(), "thread.eml": calm}), "H02")
            if f.path == "documents/thread.eml"] == []


def test_a_tar_archive_or_a_compressed_file_is_read_member_by_member_like_a_zip(tmp_path):
    import gzip
    import tarfile

    task = task_json()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tf:
        data = b"An old agreement.\n"
        info = tarfile.TarInfo("round-1/agreement.md")
        info.size = len(data)
        tf.addfile(info, io.BytesIO(data))
    files = {**workspace(), "earlier-round.tgz": gzip.compress(buf.getvalue()),
             "backup/agreement.md.gz": gzip.compress(b"An old agreement.\n")}
    hits = {f.path: f for f in found(env_with(tmp_path, task, files), "H02") if f.severity == "major"}
    assert "(member round-1/agreement.md) looks like the deliverable 'agreement.md'" in \
        hits["documents/earlier-round.tgz"].message
    assert "(member agreement.md) looks like the deliverable 'agreement.md'" in \
        hits["documents/backup/agreement.md.gz"].message


# A note from an earlier round that reports, as done, what the criteria ask for.
_REPORTED = ("Forwarding what went to the client last time.\n\n"
             "We replaced the two-year restraint with one that ends at the compensation review. We told the client "
             "that this salary is below the Colorado compensation threshold, so the non-compete would be void, and "
             "we added a separate written notice of the non-compete covenant, signed by the employee.\n")


def test_a_note_reporting_the_finished_changes_is_found(tmp_path):
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "last-round.md": _REPORTED}), "H02")
            if "reports changes as already made" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/last-round.md")]
    assert "'client-email.md'" in hits[0].message or "'agreement.md'" in hits[0].message


def test_near_miss_a_request_for_the_same_changes_is_not_an_answer(tmp_path):
    request = _REPORTED.replace("We replaced", "Please replace").replace("We told", "Tell").replace(
        "we added", "add").replace("went to the client last time", "the client wants")
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "request.md": request}), "H02")
            if "reports changes" in f.message]
    assert hits == []


def test_a_report_quoted_in_a_reply_and_in_other_voices_is_found(tmp_path):
    # The firm's earlier cover email, quoted with "> " in the client's reply: "leaves out", "is gone".
    earlier = ("The package leaves out the two-year restraint: it is gone, replaced with one that ends at the "
               "compensation review. The client hears that this salary is below the Colorado compensation threshold, "
               "so the non-compete would be void, and a separate written notice of the non-compete covenant, signed "
               "by the employee, has been added.")
    reply = "Same again for the new hire?\n\nOn Tuesday you wrote:\n" + "".join(
        f"> {line}\n" for line in earlier.split(". "))
    hits = [f for f in found(env_with(tmp_path / "a", files={**workspace(), "re-last-hire.md": reply}), "H02")
            if "reports changes as already made" in f.message]
    assert [f.path for f in hits] == ["documents/re-last-hire.md"] and "leaves out" in hits[0].message
    # The client asking for the same, in the same words, reports nothing.
    ask = earlier.replace("leaves out", "should leave out").replace("it is gone", "it should go")
    assert [f for f in found(env_with(tmp_path / "b", files={**workspace(), "ask.md": ask}), "H02")
            if "reports changes" in f.message] == []


# The same note with no "we": its changes stated in the passive, one term in another's place.
_STATED = ("What went to the client last time.\n\n"
           "The two-year restraint was replaced with one that ends at the compensation review. The client heard that "
           "this salary is below the Colorado compensation threshold, so the non-compete would be void. A separate "
           "written notice of the non-compete covenant, signed by the employee, now sits in place of the old "
           "paragraph.\n")


def test_a_note_stating_its_changes_without_a_we_is_a_minor_finding(tmp_path):
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "last-round.md": _STATED}), "H02")
            if "reports changes as already made" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("minor", "documents/last-round.md")]
    assert "2 sentences such as 'was replaced'" in hits[0].message


def test_near_miss_changes_stated_as_wishes_are_no_report(tmp_path):
    ask = _STATED.replace("was replaced", "should be replaced").replace("now sits", "must sit").replace(
        "heard", "needs to hear")
    assert [f for f in found(env_with(tmp_path, files={**workspace(), "ask.md": ask}), "H02")
            if "reports changes" in f.message] == []


def _notice_task() -> dict:
    """The helper task with one more deliverable, a notice to Dana Smith, graded by criterion C9."""
    task = task_json()
    task["deliverables"]["dana-smith-notice.md"] = "The separate notice to Dana Smith, given with the agreement."
    task["criteria"].append({"id": "C9", "title": "Notice content",
                             "match_criteria": "PASS if dana-smith-notice.md tells Dana Smith that the agreement "
                                               "contains a covenant not to solicit customers for twelve months. "
                                               "FAIL if it does not.",
                             "deliverables": ["dana-smith-notice.md"], "source": "expert"})
    return task


def test_a_finished_notice_in_an_html_page_named_like_a_form_is_a_note(tmp_path):
    task = _notice_task()
    page = ("<html><head><title>HR portal: notice for Dana Smith</title></head><body><h1>NOTICE</h1>"
            "<p>The agreement you sign today contains a covenant not to solicit customers for twelve months after "
            "you leave.</p></body></html>")
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), "portal/notice-form-2026.html": page}), "H02")
            if "titled as the deliverable" in f.message]
    assert [(f.severity, f.path, f.location) for f in hits] == [("minor", "documents/portal/notice-form-2026.html", 1)]


@pytest.mark.parametrize("name, flagged", [
    ("notice to Dana (Colorado).txt", True),    # all but one of the deliverable's name words, in its name
    ("smith-notice-final.md", True),
    ("colorado-notice.md", False),                 # one name word only
])
def test_a_file_named_like_the_deliverable_that_speaks_to_its_criteria_is_a_note(tmp_path, name, flagged):
    body = ("To: Dana Smith\nThe agreement you sign today contains a covenant not to solicit customers for twelve months "
            "after you leave.\nSigned: ____________\n")
    hits = [f for f in found(env_with(tmp_path, _notice_task(), {**workspace(), name: body}), "H02")
            if "named like the deliverable" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("minor", f"documents/{name}")] if flagged else [])


@pytest.mark.parametrize("name, flagged", [
    ("print/Acme - cover email to Jo Park.txt", True),   # the kind the description opens with, in its name
    ("print/Acme - cover letter to Jo Park.txt", False),
    ("print/email cover sheet.txt", False),              # the same words, not the phrase
])
def test_a_file_named_as_the_kind_of_document_the_deliverable_is_described_as_is_a_note(tmp_path, name, flagged):
    task = task_json()
    task["deliverables"]["client-email.md"] = "Cover email to the client explaining the salary threshold."
    body = ("Jo,\nThis salary is below the Colorado compensation threshold, so the non-compete would be void against "
            "this employee.\nBest regards\n")
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), name: body}), "H02")
            if "named like the deliverable 'client-email.md'" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("minor", f"documents/{name}")] if flagged else [])


@pytest.mark.parametrize("rows, flagged", [
    # every criterion that asks for something, spoken to by an untitled export, row by row
    ([("Addressee", "This notice is given to Dana Smith, who joins the sales team in Denver on the first day of work."),
      ("Covenant", "The agreement contains a covenant not to solicit customers for twelve months."),
      ("Signature", "Signed by Dana Smith on delivery, before accepting the offer.")], True),
    # all but one of the deliverable's name words are enough ("Smith" is not said)
    ([("Addressee", "This notice is given to Dana, who joins the sales team in Denver on the first day of work next month."),
      ("Covenant", "The agreement contains a covenant not to solicit customers for twelve months."),
      ("Signature", "Signed by the worker on delivery, before accepting the offer.")], True),
    # one of the two left out: a source to work from, not the answer
    ([("Addressee", "This notice is given to Dana Smith, who joins the sales team in Denver on the first day of work."),
      ("Covenant", "The agreement contains a covenant not to solicit customers for twelve months.")], False),
])
def test_an_untitled_file_speaking_to_every_criterion_of_a_deliverable_is_a_note(tmp_path, rows, flagged):
    task = _notice_task()
    task["criteria"].append({"id": "C10", "title": "Signed on delivery",
                             "match_criteria": "PASS if dana-smith-notice.md has a signature line for Dana Smith and "
                                               "is signed on delivery, before the offer is accepted. FAIL if not.",
                             "deliverables": ["dana-smith-notice.md"], "source": "expert"})
    export = "clause,text,status\n" + "".join(f'{k},"{v}",approved\n' for k, v in rows)
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), "clm/export-0412.csv": export}), "H02")
            if "holds the words of the deliverable" in f.message]
    assert [(f.severity, f.path) for f in hits] == ([("minor", "documents/clm/export-0412.csv")] if flagged else [])


def test_a_part_titled_as_the_deliverable_that_speaks_to_its_criteria_is_a_note(tmp_path):
    task = _notice_task()
    packet = ("# Day-one packet\n\nItem 2: Notice under the covenant law\nTo Dana Smith:\n\nThe agreement you sign "
              "today contains a covenant not to solicit customers for twelve months after you leave.\n")
    hits = [f for f in found(env_with(tmp_path / "a", task, {**workspace(), "onboarding-packet.md": packet}), "H02")
            if "titled as the deliverable" in f.message]
    assert [(f.severity, f.path, f.location) for f in hits] == [("minor", "documents/onboarding-packet.md", 3)]
    # The partner's request for the same notice is no answer.
    request = ("# Notice for Dana Smith\n\nPlease prepare a notice that tells Dana Smith the agreement contains a "
               "covenant not to solicit customers for twelve months.\n")
    assert [f for f in found(env_with(tmp_path / "b", task, {**workspace(), "partner-request.md": request}), "H02")
            if "titled as the deliverable" in f.message] == []


def test_a_redline_table_with_reasons_reads_as_the_finished_explanation(tmp_path):
    task = task_json()
    crit = task["criteria"][2]
    table = ("Clause,Old wording,New wording,Reason\n" + "\n".join(
        f"{i},old text {i},new text {i},{crit['match_criteria'].split('. ')[0]}" for i in (1, 2)) + "\n")
    hits = [f for f in found(env_with(tmp_path / "a", task, {**workspace(), "redline-summary.csv": table}), "H02")
            if "table of 2 changes" in f.message]
    assert [(f.path, f.location) for f in hits] == [("documents/redline-summary.csv", 1)]
    # The same table without reasons is the list of edits asked for, not an explanation of them.
    plain = "\n".join(",".join(row.split(",")[:3]) for row in table.splitlines()) + "\n"
    assert [f for f in found(env_with(tmp_path / "b", task, {**workspace(), "redline-summary.csv": plain}), "H02")
            if "table of" in f.message] == []


def test_a_chat_message_reporting_the_prepared_work_is_found(tmp_path):
    chat = ("04/10/26, 6:12 pm - Kim: draft reply below, pls check\n"
            "04/10/26, 6:14 pm - Kim: We have prepared the agreement with a separate written notice of the "
            "non-compete covenant, signed by the employee. We drafted the email telling the client that this salary "
            "is below the Colorado compensation threshold, so the non-compete would be void.\n")
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "chat.txt": chat}), "H02")
            if "reports changes as already made" in f.message]
    assert [f.path for f in hits] == ["documents/chat.txt"] and "We have prepared" in hits[0].message


def test_near_miss_the_work_asked_to_be_prepared_is_no_report(tmp_path):
    ask = ("Please prepare the agreement with a separate written notice of the non-compete covenant, signed by the "
           "employee, and draft the email telling the client that this salary is below the Colorado compensation "
           "threshold, so the non-compete would be void.\n")
    assert [f for f in found(env_with(tmp_path, files={**workspace(), "ask.md": ask}), "H02")
            if "reports changes" in f.message] == []


def test_the_starting_form_with_the_changes_made_is_the_answer_whatever_its_name_or_line_breaks(tmp_path):
    # A document system's export of the revised form: another name, every line break lost.
    task = task_json()
    task["instructions"] += " Start from draft-agreement.md."
    task["criteria"][0]["match_criteria"] = ('PASS if agreement.md states the salary as $98,500 and names "Dana Smith '
                                             'Jones". FAIL if it keeps $95,000.')
    form = ("# Agreement (draft)\n\nThis agreement is made between Acme Widgets LLC and Dana Smith, an employee of the "
            "company.\n\n1. The employee is paid $95,000 a year, in equal monthly instalments.\n\n2. The employee "
            "keeps the company's information confidential during and after employment.\n\n3. Colorado law governs "
            "this agreement, and its courts hear any dispute about it.\n")
    revised = form.replace("$95,000", "$98,500").replace("Dana Smith,", "Dana Smith Jones,")
    files = {**workspace(), "draft-agreement.md": form, "dms/export-000187.txt": " ".join(revised.split()),
             "dms/other-matter.txt": "An unrelated letter that mentions $98,500 and Dana Smith Jones once.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if "starting form" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/dms/export-000187.txt")]
    assert "documents/draft-agreement.md with the changes already made" in hits[0].message
    # The form itself, unchanged, is no answer; nor is a copy of it that does not yet pass.
    files["dms/export-000187.txt"] = " ".join(form.split())
    assert not [f for f in found(env_with(tmp_path / "b", task, files), "H02") if "starting form" in f.message]


def test_a_criterion_whose_only_date_is_said_in_passing_still_ties_a_finished_answer_to_it(tmp_path):
    # C4's date is no demand (H03 does not call it signal-free), but a text holding C3's literals
    # and that date answers every criterion of the e-mail.
    task = task_json()
    task["criteria"][2]["match_criteria"] = "PASS if client-email.md states that $95,000 is below $127,091. FAIL if not."
    task["criteria"].append({"id": "C4", "title": "Decision asked", "deliverables": ["client-email.md"], "source": "expert",
                             "match_criteria": "PASS if client-email.md asks the client to decide, before the agreement "
                                               "goes to Dana on April 6, 2026, whether to drop the covenant. FAIL if it "
                                               "asks for no decision."})
    answer = "P.S. $95,000 is below $127,091, so decide before April 6, 2026 whether the covenant stays.\n"
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), "ps.md": answer}), "H02")
            if "already contains" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/ps.md")] and "C3, C4" in hits[0].message
    without_date = {**workspace(), "ps.md": "P.S. $95,000 is below $127,091.\n"}
    assert not [f for f in found(env_with(tmp_path / "b", task, without_date), "H02") if "already contains" in f.message]


def test_a_copy_of_the_pinned_library_outside_the_mount_is_read_as_the_library(tmp_path):
    # A zip of the library's guides, or one guide copied loose, hands the agent nothing the mount does
    # not: it is not material written for the task (no H02, H09 or H13 on it), while the zip's other
    # members are read as before.
    from hygiene_helpers import LIBRARY

    from oafreeze.environment.task import load_task
    from oafreeze.hygiene.audit import Session
    from oafreeze.hygiene.context import COPY_MARK

    guide = "practice-guides/non-compete/us/colorado.md"
    answer = "Dear client,\n$95,000 is below $127,091 (C.R.S. § 8-2-113).\n"
    files = {**workspace(), "archive/guides.zip": _archive({**{p: t for p, t in LIBRARY.items()}, "mine.md": answer}),
             "reference/colorado.md": LIBRARY[guide]}
    env = env_with(tmp_path, files=files)
    with Session(env, use_cache=False) as session:
        ctx = session.context(load_task(env, "t1"))
        own = {f.rel for f in ctx.task_files}
        assert "documents/reference/colorado.md" not in own and "documents/archive/guides.zip" in own
        text = ctx.file("archive/guides.zip").text
        assert text.count(COPY_MARK) == len(LIBRARY) and "Colorado voids" not in text and "$127,091" in text
        kb = ctx.file("knowledge-base/" + guide)
        assert kb.in_kb and not kb.kb_copy and "Colorado voids" in kb.text


def test_a_finished_answer_saved_in_two_parts_is_the_answer(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    files = {**workspace(), "dms/note (part 1 of 2).md": "Dear client,\n$95,000 is below $127,091.\n",
             "dms/note (part 2 of 2).md": "See C.R.S. § 8-2-113.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if "already contains" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("major", "documents/dms/note (part 1 of 2).md")]
    assert "read with dms/note (part 2 of 2).md" in hits[0].message


def test_parts_in_two_formats_are_one_document(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    files = {**workspace(), "cover part 1 of 2.md": "Dear client,\n$95,000 is below $127,091.\n",
             "cover part 2 of 2.txt": "See C.R.S. § 8-2-113.\n"}
    hits = [f for f in found(env_with(tmp_path, task, files), "H02") if "already contains" in f.message]
    assert [f.path for f in hits] == ["documents/cover part 1 of 2.md"]


def test_a_form_for_something_else_is_not_the_deliverables_starting_form(tmp_path):
    from oafreeze.environment.task import load_task
    from oafreeze.hygiene.audit import Session
    from oafreeze.hygiene.degenerate import template_for

    files = {**workspace(), "dhaka/onboarding-form.md": "# Onboarding form\n\nName: ____\n",
             "draft-agreement-form.md": "# Agreement\n"}
    env = env_with(tmp_path, files=files)
    with Session(env, use_cache=False) as session:
        ctx = session.context(load_task(env, "t1"))
        assert template_for(ctx, "agreement.md")[0] == "documents/draft-agreement-form.md"
    lone = env_with(tmp_path / "lone", files={**workspace(), "dhaka/onboarding-form.md": "# Onboarding form\n"})
    with Session(lone, use_cache=False) as session:
        assert template_for(session.context(load_task(lone, "t1")), "agreement.md") is None
    # A form the instructions name is the starting form, whatever its name says.
    task = task_json()
    task["instructions"] += " Start from the client's current form, documents/halden-form-wa-2021.md."
    named = env_with(tmp_path / "named", task, {**workspace(), "halden-form-wa-2021.md": "# Form\n"})
    with Session(named, use_cache=False) as session:
        assert template_for(session.context(load_task(named, "t1")), "agreement.md")[0] == \
            "documents/halden-form-wa-2021.md"


def test_a_finished_answer_that_warns_against_the_forbidden_figure_is_still_the_answer(tmp_path):
    task = task_json()
    task["criteria"][2]["match_criteria"] = ("PASS if client-email.md gives the 2026 threshold of $127,091 and cites "
                                             "C.R.S. § 8-2-113(2)(b). FAIL if it gives the old threshold of $101,250 "
                                             "as the test.")
    warns = "Threshold for 2026: $127,091 (C.R.S. § 8-2-113(2)(b)). Do not use the old figure of $101,250.\n"
    hits = found(env_with(tmp_path, task, {**workspace(), "client-email-notes.md": warns}), "H02")
    assert [(f.severity, f.path) for f in hits if "already contains" in f.message] == [
        ("major", "documents/client-email-notes.md")]
    # Giving the forbidden figure as the test is a failing answer, not a finished one.
    uses = "Threshold for 2026: $127,091 (C.R.S. § 8-2-113(2)(b)). The test is $101,250.\n"
    hits = found(env_with(tmp_path / "uses", task, {**workspace(), "client-email-notes.md": uses}), "H02")
    assert not [f for f in hits if "already contains" in f.message]


def test_a_patch_whose_target_is_a_deliverable_is_the_answer(tmp_path):
    patch = ("--- a/draft-agreement.md\t2026-03-01\n+++ b/agreement.md\t2026-03-02\n@@ -1,2 +1,2 @@\n"
             " # Agreement\n-Old term.\n+New term.\n")
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "changes/renewal.diff": patch}), "H02")
            if "is a patch" in f.message]
    assert [(f.severity, f.path, f.location) for f in hits] == [("major", "documents/changes/renewal.diff", 2)]
    other = patch.replace("+++ b/agreement.md", "+++ b/agreement-2025.md")  # last year's change: history
    fine = env_with(tmp_path / "other", files={**workspace(), "changes/renewal.diff": other})
    assert not [f for f in found(fine, "H02") if "is a patch" in f.message]


def test_a_report_in_the_words_repaired_and_now_apply_is_found(tmp_path):
    note = _REPORTED.replace("We replaced", "We repaired").replace("we added", "the covenants now apply")
    hits = [f for f in found(env_with(tmp_path, files={**workspace(), "last-round.md": note}), "H02")
            if "reports changes as already made" in f.message]
    assert [f.path for f in hits] == ["documents/last-round.md"]


def test_a_titled_part_is_weighed_by_the_deliverables_own_criteria_not_the_shared_rules(tmp_path):
    # C9 and C10 are the notice's own; the placement rule graded on both operative deliverables says
    # what neither may hold and no finished notice speaks to it.
    task = _notice_task()
    task["criteria"].append({"id": "C10", "title": "Notice dated", "match_criteria": "PASS if dana-smith-notice.md "
                             "is dated the day the agreement is signed. FAIL if it carries another date.",
                             "deliverables": ["dana-smith-notice.md"], "source": "expert"})
    task["criteria"].append({"id": "C11", "title": "Operative text only", "match_criteria": "PASS if agreement.md and "
                             "dana-smith-notice.md hold only contract terms, statutory notice content and signature "
                             "blocks. FAIL if either holds commentary.",
                             "deliverables": ["agreement.md", "dana-smith-notice.md"], "source": "expert"})
    task["oafreeze"]["operative"].append("dana-smith-notice.md")
    notice = ("Notice to Dana Smith\n\nThe agreement you sign today contains a covenant not to solicit customers for "
              "twelve months after you leave.\n")
    hits = [f for f in found(env_with(tmp_path / "a", task, {**workspace(), "hr/saved-notice.md": notice}), "H02")
            if "titled as the deliverable" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("minor", "documents/hr/saved-notice.md")]
    # A part with the title and nothing of what the notice must say is no answer.
    empty = "Notice to Dana Smith\n\nTo be prepared by the associate once the agreement is settled.\n"
    assert [f for f in found(env_with(tmp_path / "b", task, {**workspace(), "hr/saved-notice.md": empty}), "H02")
            if "titled as the deliverable" in f.message] == []


def test_a_compare_report_whose_accepted_view_is_the_finished_answer_is_found(tmp_path):
    """A redline page (a compare tool's HTML report) read with its deletions taken out holds the finished answer;
    the page as shown holds the old words beside the new."""
    task = task_json()
    task["criteria"][2]["match_criteria"] = ('PASS if client-email.md states that $95,000 is below $127,091 '
                                             'and cites C.R.S. § 8-2-113. FAIL if it omits the threshold.')
    # as shown, the page reads "$905,000": only the view holds the amount the criterion asks for
    page = ("<html><body><p>Dear client, $9<del>0</del><ins>5</ins>,000 is below $127,091 (C.R.S. § 8-2-113)."
            "</p></body></html>")
    hits = [f for f in found(env_with(tmp_path, task, {**workspace(), "compare.html": page}), "H02")
            if f.path == "documents/compare.html"]
    assert [f.severity for f in hits] == ["major"] and "deletions taken out" in hits[0].message
    # a page whose shown text already holds the answer is reported once, not again for its view
    shown = page.replace("$9<del>0</del><ins>5</ins>,000", "<del>$90,000</del> <ins>$95,000</ins>")
    hits = [f for f in found(env_with(tmp_path / "shown", task, {**workspace(), "compare.html": shown}), "H02")
            if f.path == "documents/compare.html"]
    assert [f.severity for f in hits] == ["major"] and "deletions taken out" not in hits[0].message


def test_a_changed_form_beside_another_input_that_holds_the_old_term_is_a_note(tmp_path):
    # The counterparty's own form still says 24 months beside the firm's refreshed one: which file the
    # task starts from is for a person to say.
    task = task_json()
    task["criteria"][0]["match_criteria"] = ("PASS if agreement.md limits the non-compete to 12 months. "
                                             "FAIL if it keeps the 24-month period or Delaware law.")
    refreshed = "# Agreement form\n\n1. Non-compete: twelve (12) months.\n2. Governing law: Colorado.\n"
    theirs = "Their form\n\n1. Non-compete: twenty-four (24) months.\n"
    files = {**workspace(), "agreement-form-2021.md": refreshed, "their-paper.docx": dw.docx([theirs])}
    hits = found(env_with(tmp_path, task, files), "H02")
    assert [(f.severity, f.path) for f in hits] == [("minor", "documents/agreement-form-2021.md")]
    assert "their-paper.docx does" in hits[0].message


def test_the_lone_file_of_a_format_is_no_starting_form_for_that_alone(tmp_path):
    # One Markdown input with nothing of a form in its name: a supply agreement is not the starting form
    # of a demand letter because it is the only Markdown file; a file named like the deliverable is.
    from oafreeze.hygiene.audit import contexts
    alone = env_with(tmp_path / "alone", files={"supply-terms.md": "Supply terms. Payment is due in 30 days.\n"})
    assert degenerate.template_for(contexts(alone, ["t1"])[0], "agreement.md") is None
    named = env_with(tmp_path / "named", files={"agreement-v1.md": "Agreement. Non-compete: 24 months.\n"})
    assert degenerate.template_for(contexts(named, ["t1"])[0], "agreement.md")[0] == "documents/agreement-v1.md"
