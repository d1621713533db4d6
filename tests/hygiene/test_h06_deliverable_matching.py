"""H06 deliverable matching: graded, named, unambiguous, safe and portable deliverable names."""

from __future__ import annotations

import pytest

from hygiene_helpers import env_with, found, task_json

from oafreeze.hygiene.items.h06_deliverable_matching import portability_problem


def test_an_ungraded_unnamed_deliverable_and_a_colliding_pair(tmp_path):
    task = task_json()
    task["deliverables"]["memo.md"] = "A memo."
    task["deliverables"]["agreements.md"] = "Another agreement."
    hits = found(env_with(tmp_path, task), "H06")
    msgs = {(f.location, f.evidence, f.message.split(":")[0]) for f in hits}
    assert ("$.deliverables['memo.md']", "memo.md", "no criterion grades deliverable 'memo.md'") in msgs
    assert any(f.location == "$.instructions" and f.evidence == "memo.md" for f in hits)
    assert any(f.evidence == "agreement.md ~ agreements.md" for f in hits)


def test_a_deliverable_name_with_a_colon_is_not_portable(tmp_path):
    task = task_json()
    task["deliverables"]["summary:v2.md"] = "A summary."
    task["instructions"] += " Also write summary:v2.md."
    task["criteria"][2]["deliverables"].append("summary:v2.md")
    hits = [f for f in found(env_with(tmp_path, task), "H06") if f.evidence == "summary:v2.md"]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.deliverables['summary:v2.md']")]


@pytest.mark.parametrize("name,why", [("a:b.md", "':'"), ("what?.md", "'?'"), ("con.md", "device name"),
                                       ("memo .md", None), ("notes./x.md", "ends with a dot")])
def test_portability_rules(name, why):
    problem = portability_problem(name)
    assert (problem is None) if why is None else (why in problem)


def test_near_miss_distinct_graded_named_deliverables(tmp_path):
    assert found(env_with(tmp_path), "H06") == []


def _with_summary(instructions_tail: str) -> dict:
    task = task_json()
    task["deliverables"]["summary.md"] = "A one-page summary for the client."
    task["criteria"][2]["deliverables"].append("summary.md")
    task["instructions"] += instructions_tail
    return task


@pytest.mark.parametrize("tail,longer", [
    (" Also read documents/deal-summary.md.", "documents/deal-summary.md"),
    (" The old summary.md.bak is out of date.", "summary.md.bak"),
    (" Compare term_summary.md with the agreement.", "term_summary.md"),
    (" Read documents/summary.md first.", "documents/summary.md"),
])
def test_a_deliverable_named_only_inside_a_longer_name_is_not_named(tmp_path, tail, longer):
    hits = [f for f in found(env_with(tmp_path, _with_summary(tail)), "H06") if f.location == "$.instructions"]
    assert [(f.severity, f.evidence) for f in hits] == [("major", "summary.md")]
    assert repr(longer) in hits[0].message


@pytest.mark.parametrize("tail", [" Also write summary.md.", " Also write `summary.md` (one page).",
                                  " Also write \"summary.md\"; keep it short.", " Save outputs/summary.md as well.",
                                  " Read documents/deal-summary.md, then write summary.md."])
def test_near_miss_a_deliverable_named_as_a_whole_name_is_named(tmp_path, tail):
    assert found(env_with(tmp_path, _with_summary(tail)), "H06") == []


def test_an_odt_and_a_docx_of_one_stem_collide_as_one_word_processing_family(tmp_path):
    task = task_json()
    task["deliverables"] = {**task["deliverables"], "summary.docx": "For HR.", "summary.odt": "For the Lisbon office."}
    task["instructions"] += " Also write summary.docx and summary.odt."
    task["criteria"][2]["deliverables"] = ["client-email.md", "summary.docx", "summary.odt"]
    hits = found(env_with(tmp_path, task), "H06")
    assert [f.evidence for f in hits if "collide" in f.message] == ["summary.docx ~ summary.odt"]


def test_one_stem_in_two_plain_text_markups_collides():
    from oafreeze.environment.matching import collisions

    assert collisions(["hr-usage-notes.md", "hr-usage-notes.adoc"]) == [("hr-usage-notes.adoc", "hr-usage-notes.md")]
    assert collisions(["note.md", "note.rst", "note.org"]) != []
    assert collisions(["note.md", "note.docx"]) == []  # a text and a Word document of one name are two formats


def test_translations_named_by_a_language_suffix_do_not_collide():
    from oafreeze.environment.matching import collisions

    assert collisions(["notice.md", "notice-vi.md", "agreement_fr.md", "agreement.md", "summary-pt-BR.md",
                       "summary-es.md"]) == []
    # A suffix that is no language code, or one name twice, still collides.
    assert collisions(["draft-dd.md", "draft-de.md", "note-to-partner.md", "notes-to-partner.md"]) == [
        ("draft-dd.md", "draft-de.md"), ("note-to-partner.md", "notes-to-partner.md")]


def test_one_stem_as_two_e_mail_files_two_pages_or_two_decks_collides():
    from oafreeze.environment.matching import collisions, family

    assert collisions(["signing-reminder.eml", "signing-reminder.msg"]) == [("signing-reminder.eml",
                                                                             "signing-reminder.msg")]
    assert collisions(["notice.html", "notice.htm"]) != [] and collisions(["deck.pptx", "deck.key"]) != []
    assert collisions(["reminder.eml", "reminder.md", "reminder.pdf"]) == []  # an e-mail, a note and a PDF: three formats
    assert family("offer.dotx") == family("offer.docx") == "word" and family("fees.xlsm") == "sheet"


def test_json_and_json_lines_of_one_stem_collide():
    from oafreeze.environment.matching import collisions

    assert collisions(["edit-log.json", "edit-log.jsonl", "facts.yaml"]) == [("edit-log.json", "edit-log.jsonl")]


def test_instructions_that_say_not_to_write_a_deliverable_are_major(tmp_path):
    task = task_json()
    task["instructions"] += " Do not write client-email.md; the partner will write to the client herself."
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "not to write" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.instructions")]
    task = task_json()
    task["instructions"] += " Write client-email.md in plain prose; do not attach anything."
    assert not [f for f in found(env_with(tmp_path / "fine", task), "H06") if "not to write" in f.message]
    task = task_json()  # delivering it is someone else's job: the agent still writes it
    task["instructions"] += " Do not send client-email.md to the client yourself; the partner sends it."
    assert not [f for f in found(env_with(tmp_path / "send", task), "H06") if "not to write" in f.message]


def test_two_deliverables_named_with_the_same_words_in_another_order_are_major(tmp_path):
    task = task_json()
    task["deliverables"] = {"agreement.md": "The agreement.", "note-to-partner.md": "The decision note.",
                            "partner-note.md": "The cover note."}
    task["instructions"] += " Also write note-to-partner.md and partner-note.md."
    for c in task["criteria"]:
        c["deliverables"] = ["agreement.md"]
    task["criteria"][2]["deliverables"] = ["note-to-partner.md", "partner-note.md"]
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "same words" in f.message]
    assert [(f.severity, f.evidence) for f in hits] == [("major", "note-to-partner.md ~ partner-note.md")]


def test_a_deliverable_listed_among_a_criterions_sources_is_major(tmp_path):
    task = task_json()
    task["criteria"][2]["sources"] = ["client-email.md", "documents/offer-facts.md"]
    hits = [f for f in found(env_with(tmp_path / "a", task), "H06") if "among its sources" in f.message]
    assert hits == []  # C3 grades client-email.md too: a source it also grades is its own file
    task["criteria"][2]["deliverables"] = ["agreement.md"]
    hits = [f for f in found(env_with(tmp_path / "b", task), "H06") if "among its sources" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("major", "$.criteria[2].sources[0]")]


def test_near_miss_one_name_in_two_formats_is_not_a_word_order_twin(tmp_path):
    task = task_json()
    task["deliverables"]["agreement-revised.md"] = task["deliverables"]["agreement-revised.docx"] = "The agreement."
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "same words" in f.message]
    assert hits == []


@pytest.mark.parametrize("name", ["client\u00a0email.md", "client\u200bemail.md", "client\u2009email.md"])
def test_a_deliverable_name_with_a_space_that_is_not_a_space_is_major(tmp_path, name):
    task = task_json()
    task["deliverables"][name] = task["deliverables"].pop("client-email.md")
    task["criteria"][2]["deliverables"] = [name]
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "another character" in f.message]
    assert [f.severity for f in hits] == ["major"]


def test_near_miss_a_name_with_ordinary_spaces_is_portable(tmp_path):
    task = task_json()
    task["deliverables"]["client email.md"] = task["deliverables"].pop("client-email.md")
    task["criteria"][2]["deliverables"] = ["client email.md"]
    assert [f for f in found(env_with(tmp_path, task), "H06") if "another character" in f.message] == []


def test_a_deliverable_inside_another_deliverables_name_cannot_exist_beside_it(tmp_path):
    task = task_json()
    task["deliverables"]["agreement.md/schedule.md"] = "The schedule of territories."
    task["criteria"].append({"id": "C9", "title": "Schedule", "deliverables": ["agreement.md/schedule.md"],
                             "match_criteria": "PASS if agreement.md/schedule.md lists the territories. FAIL if not."})
    task["instructions"] += " Save the schedule as agreement.md/schedule.md."
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "folder" in f.message]
    assert [(f.severity, f.evidence) for f in hits] == [("major", "agreement.md / agreement.md/schedule.md")]
    assert "agreement.md-schedule.md" in hits[0].fix


@pytest.mark.parametrize("added, severity", [
    ("When you have finished, upload cover-email.md to the matter ticket.", "major"),   # a second name for one
    ("Write client-email.md (or client-email.docx, if you would rather work in Word).", "major"),
    ("The earlier memo, memo-2024.pdf, is in the firm's archive.", None),                # named, not asked for
    ("Compare term_summary.md with the agreement.", None),                              # an input (H07's if missing)
    ("Do not send a client-email.docx version.", None),                                 # ruled out
    ("Read offer-facts.md first.", None),                                                # a workspace file
])
def test_a_file_the_instructions_ask_for_that_is_no_deliverable(tmp_path, added, severity):
    task = task_json()
    task["instructions"] += " " + added
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "neither a deliverable" in f.message]
    assert all(not severity or "ask for" in f.message for f in hits)
    assert [(f.severity, f.location) for f in hits] == ([(severity, "$.instructions")] if severity else [])


@pytest.mark.parametrize("name", ["Dana Smith \u2013 signing timeline.md", "hr-q&a.md", "\u0e1a\u0e31\u0e19\u0e17\u0e36\u0e01\u0e1a\u0e38\u0e04\u0e04\u0e25.md"])
def test_near_miss_a_deliverable_named_with_spaces_or_signs_is_no_other_file(tmp_path, name):
    # The tail of the name after a space, an ampersand or a combining mark is not another file asked for.
    task = task_json()
    task["deliverables"][name] = "A note for HR."
    task["criteria"][0]["deliverables"].append(name)
    task["instructions"] += f" Also write {name} for HR."
    assert [f for f in found(env_with(tmp_path, task), "H06") if "neither a deliverable" in f.message] == []


@pytest.mark.parametrize("said, flagged", [("No separate client-email.md is needed this time.", True),
                                           ("There is no need for a client-email.md this time.", True),
                                           ("Send client-email.md with no attachments.", False)])
def test_instructions_that_say_a_graded_deliverable_is_not_needed(tmp_path, said, flagged):
    task = task_json()
    task["instructions"] += " " + said
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "not to write" in f.message]
    assert bool(hits) == flagged


@pytest.mark.parametrize("extra, flagged", [("email.md", True),           # the end of client-email.md
                                            ("client-email-v2.md", False),  # longer, not its end
                                            ("email.docx", False)])         # another format family
def test_a_deliverable_whose_name_is_the_end_of_anothers_is_a_note(tmp_path, extra, flagged):
    task = task_json()
    task["deliverables"][extra] = "A second note."
    task["criteria"][2]["deliverables"].append(extra)
    task["instructions"] += f" Also write {extra}."
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "is the end of" in f.message]
    assert [(f.severity, f.location) for f in hits] == ([("minor", "$.deliverables")] if flagged else [])


def test_a_deliverable_declared_under_the_inputs_folder_is_major(tmp_path):
    task = task_json()
    task["deliverables"]["documents/summary.md"] = "A one-page summary for the client."
    task["criteria"][2]["deliverables"].append("documents/summary.md")
    task["instructions"] += " Also write summary.md."
    hits = [f for f in found(env_with(tmp_path, task), "H06") if f.evidence == "documents/summary.md"]
    assert [(f.severity, "folder of the agent's inputs" in f.message) for f in hits] == [("major", True)]
    # a deliverable in a folder of its own is not an input
    task = _with_summary(" Also write outputs/summary.md.")
    task["deliverables"]["outputs/summary.md"] = task["deliverables"].pop("summary.md")
    task["criteria"][2]["deliverables"][-1] = "outputs/summary.md"
    assert [f for f in found(env_with(tmp_path / "b", task), "H06") if "inputs" in f.message] == []


@pytest.mark.parametrize("said, flagged", [
    (' Once saved, rename agreement.md to "Dana RCA 2026 (execution version).md" for the HR system.', True),
    (" Write agreement.md and, when it is done, rename it as dana-final.md.", True),
    (" Do not rename agreement.md to anything else.", False),
    (" Rename the old draft to draft-old.md before you start.", False),
])
def test_a_deliverable_the_instructions_ask_to_rename(tmp_path, said, flagged):
    task = task_json()
    task["instructions"] = task["instructions"].rstrip() + said
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "rename" in f.message]
    assert [(f.severity, "'agreement.md'" in f.message) for f in hits] == ([("major", True)] if flagged else [])


def test_files_saved_in_a_folder_the_deliverables_lack(tmp_path):
    task = task_json()
    task["instructions"] += " Save both files in a folder named smith-covenants/ so the review tool picks them up."
    hits = [f for f in found(env_with(tmp_path, task), "H06") if "named without it" in f.message]
    assert [(f.severity, f.location) for f in hits] == [("minor", "$.instructions")]
    # named with the folder, the deliverables are where the instructions put them
    task["deliverables"] = {f"smith-covenants/{d}": v for d, v in task["deliverables"].items()}
    assert [f for f in found(env_with(tmp_path / "named", task), "H06") if "named without it" in f.message] == []


def test_a_criterion_with_no_deliverables_grades_those_its_text_names(tmp_path):
    # the deliverables column written a row low: the first criterion lists none but speaks of agreement.md,
    # so nothing grades client-email.md
    task = task_json()
    task["criteria"][0]["deliverables"] = []
    task["criteria"][2]["deliverables"] = ["agreement.md"]
    hits = [f for f in found(env_with(tmp_path, task), "H06") if f.message.startswith("no criterion grades")]
    assert [(f.severity, f.evidence) for f in hits] == [("major", "client-email.md")]
