"""H04 criterion form: unique id, a title, PASS and FAIL clauses, existing deliverables, one claim."""

from __future__ import annotations

from pathlib import Path

from .cases import near_miss, plant
from .heldout import _match, _reword  # the later rounds' criterion readers and editors
from .edits import add_criterion, criterion, drop_criterion, replace_text, reword, task_json

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


def _pass_part(text: str) -> str:
    return text[:text.index("FAIL if")].rstrip()


@plant("h04-duplicate-id-by-rename", "H04", NE,
       "One criterion is renamed to the id of another, so two criteria share 'note-flags-penalty'.")
def duplicate_rename(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "note-flags-void-noncompete")["id"] = "note-flags-penalty"


@plant("h04-duplicate-id-by-addition", "H04", TB,
       "A second criterion is appended under the existing id 'rationale-sources'.")
def duplicate_add(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "rationale-sources", "File memo explains the separate notice",
                      "PASS if rationale.md explains why the Colorado notice is a separate document signed by Riley "
                      "Vandermeer. FAIL if it does not mention the notice.", ["rationale.md"])


@plant("h04-fail-clause-missing", "H04", TB, "A criterion keeps its PASS clause and loses its FAIL clause.")
def fail_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "no-noncompete")
        crit["match_criteria"] = _pass_part(crit["match_criteria"])


@plant("h04-pass-clause-missing", "H04", CA, "A criterion states only its FAIL clause.")
def pass_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "noncompete-duration")
        crit["match_criteria"] = crit["match_criteria"][crit["match_criteria"].index("FAIL if"):]


@plant("h04-fail-clause-empty", "H04", AM, "A criterion ends with 'FAIL if.' and nothing after it.")
def fail_empty(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "two-year-cap")
        crit["match_criteria"] = _pass_part(crit["match_criteria"]) + " FAIL if."


@plant("h04-title-missing", "H04", SD, "A criterion has no title key at all.")
def title_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        del criterion(t, "client-email-decision")["title"]


@plant("h04-title-blank", "H04", CI, "A criterion's title is only spaces.")
def title_blank(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "prior-invention-listed")["title"] = "   "


@plant("h04-id-missing", "H04", CA, "A criterion has no id key.")
def id_missing(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        del criterion(t, "client-email-changes")["id"]


@plant("h04-grades-unknown-deliverable", "H04", TB,
       "A criterion grades 'rationale-memo.md', which is not a deliverable of the task.")
def unknown_deliverable(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "rationale-sources")["deliverables"] = ["rationale-memo.md"]


@plant("h04-grades-workspace-path", "H04", AM,
       "A criterion names its deliverable as 'documents/client-note.md', a path rather than the deliverable.")
def workspace_path(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "client-note-changes")["deliverables"] = ["documents/client-note.md"]


@plant("h04-grades-no-deliverable", "H04", NE, "A criterion's deliverables list is empty.")
def no_deliverable(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "note-asks-decision")["deliverables"] = []


@plant("h04-several-claims-in-one", "H04", SD,
       "Two criteria are merged into one that bundles four independent claims under one verdict.")
def several_claims(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "nonsolicit-kept")
        crit["title"] = "Non-solicits, counsel advice, receipt date and signing date"
        crit["match_criteria"] = (
            "PASS if ellery-covenant-agreement.md keeps a customer non-solicitation covenant and an employee "
            "non-solicitation covenant of 12 months each, advises Jordan Ellery in writing to consult a lawyer, "
            "records the date Jordan received the agreement, and is made as of January 5, 2027. FAIL if any of "
            "these is missing.")
        t["criteria"].remove(criterion(t, "illinois-review-and-counsel"))


@plant("h04-two-claims-over-two-deliverables", "H04", TB,
       "One criterion makes two unrelated claims about two deliverables (the email's thresholds, the memo's citation).")
def two_claims_two_deliverables(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "email-and-memo-content", "Cover email and file memo content",
                      "PASS if client-email.md asks Aspenline to confirm Riley Vandermeer's start date and "
                      "rationale.md explains why the notice is a separate document. FAIL if either is missing.",
                      ["client-email.md", "rationale.md"])


@plant("h04-clauses-not-in-pass-fail-form", "H04", CA,
       "A criterion is written as 'Passes when ... Fails when ...' instead of 'PASS if ... FAIL if ...'.")
def wrong_form(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "washington-law-and-forum")
        crit["match_criteria"] = (crit["match_criteria"].replace("PASS if", "Passes when")
                                  .replace("FAIL if", "Fails when"))


@plant("h04-duplicate-id-in-instance", "H04", "covenant-package-v07",
       "In a family instance two criteria share the id 'covenants-data-engineer'.")
def duplicate_in_instance(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "covenants-success-manager")["id"] = "covenants-data-engineer"


@plant("h04-second-pass-clause", "H04", NE,
       "A criterion gains a second 'PASS if' clause after its FAIL clause, adding a second claim.")
def h04_second_pass(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "note-asks-decision")
        crit["match_criteria"] += " PASS if the note also proposes replacement wording for Section 5."


@plant("h04-two-pass-clauses-before-fail", "H04", CI,
       "A criterion states two PASS clauses one after the other, then its FAIL clause.")
def two_pass_before_fail(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "prior-invention-listed")
        crit["match_criteria"] = crit["match_criteria"].replace(
            " FAIL if", " PASS if it also describes the method in one sentence. FAIL if", 1)


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h04-nm-one-claim-over-two-deliverables", "H04", TB,
           "A new criterion grades two deliverables for one claim: they give the same threshold figure.",
           "H04 asks for unique id, title, PASS and FAIL, existing deliverables and one claim; a single "
           "consistency claim may name two deliverables that both exist.")
def one_claim_two_deliverables(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "email-and-memo-agree", "Cover email and file memo agree on the threshold",
                      "PASS if client-email.md and rationale.md give the same non-compete threshold figure. FAIL if "
                      "they give different figures.", ["client-email.md", "rationale.md"])


@near_miss("h04-nm-unusual-but-unique-id", "H04", SD,
           "A criterion not referenced by the trap is renamed to the unusual but unique id 'c07.client-email'.",
           "Ids need only be unique; dots and digits are allowed, and nothing else refers to this id.")
def unusual_id(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "client-email-decision")["id"] = "c07.client-email"


@near_miss("h04-nm-optional-sources-field", "H04", AM,
           "A criterion gains LAB's optional 'sources' list naming the statute excerpt.",
           "'sources' is an optional LAB field of a criterion (ENVIRONMENT.md); it does not change the form.")
def sources_field(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "named-parishes")["sources"] = ["La. R.S. 23:921(C)"]


@near_miss("h04-nm-fail-if-in-prose", "H04", AM,
           "A criterion's PASS clause says, in prose, that the old territory clause would fail if challenged.",
           "'would fail if challenged' is English inside the PASS clause, not a second clause: the criterion "
           "still has one PASS and one FAIL clause in that order.")
def fail_if_in_prose(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "client-note-changes")
        crit["match_criteria"] = crit["match_criteria"].replace(
            "the territory now names parishes", "the territory now names parishes (the old radius would fail if "
            "challenged)", 1)


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h04-territory-and-term-merged", "H04", AM,
       "The parish and two-year criteria are merged into one criterion that makes two independent claims.")
def h04_merged(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "named-parishes")
        crit["title"] = "Covenants limited to named parishes and to two years"
        crit["match_criteria"] = (
            "PASS if the non-competition and customer non-solicitation covenants in fontenot-covenant-agreement.md "
            "apply only within named parishes where Bayou Crest does business, and every restraint in it ends no more "
            "than two years after Avery Fontenot's employment ends. FAIL if either covenant uses a mileage radius or an "
            "unnamed area, or if any restraint keeps the three-year term or can run past two years.")
        drop_criterion(t, "two-year-cap")


@near_miss("h04-nm-four-named-parishes-in-one-claim", "H04", AM,
           "The parish criterion is rewritten to list the four parishes by name inside its single claim: the "
           "covenants apply only within East Baton Rouge, Ascension, Livingston and Iberville Parishes.",
           "A list of places is the content of one requirement (where the covenants may apply), not several claims: "
           "the criterion still has one PASS clause, one FAIL clause and one verdict on one territorial limit.")
def h04_nm_named_parishes(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "named-parishes")
        crit["match_criteria"] = (
            "PASS if the non-competition and customer non-solicitation covenants in fontenot-covenant-agreement.md "
            "apply only within East Baton Rouge Parish, Ascension Parish, Livingston Parish and Iberville Parish, or "
            "within some of those four parishes. FAIL if either covenant reaches any place outside those four "
            "parishes or describes its area by a mileage radius.")


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h04-two-criteria-merged-into-one", "H04", CA,
       "To cut rows, the non-compete-period and law-and-forum criteria are merged into one criterion that makes two "
       "unrelated claims.")
def h04_r5_merged(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        drop_criterion(t, "noncompete-duration")
        drop_criterion(t, "washington-law-and-forum")
        add_criterion(t, "duration-and-forum", "Non-compete period and Washington law and forum",
                      "PASS if any non-competition covenant in washington-covenant-form.md lasts no more than 18 months "
                      "after employment ends, and the form selects Washington law and Washington courts. FAIL if the "
                      "form keeps a period longer than 18 months or keeps Delaware law or Delaware courts.",
                      ["washington-covenant-form.md"])


@near_miss("h04-nm-duration-with-start-point", "H04", CA,
           "The non-compete-period criterion now passes a covenant that 'lasts no more than 18 months and runs from the "
           "last day of employment': one claim whose second half only fixes where the period starts.",
           "HYGIENE.md H04 asks for one claim per criterion; the 'and' joins a detail of the same covenant's duration, "
           "with no new subject, not a second claim.")
def h04_nm_r5_duration_start(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "noncompete-duration")
        crit["match_criteria"] = (
            "PASS if any non-competition covenant in washington-covenant-form.md lasts no more than 18 months and runs "
            "from the last day of employment. FAIL if the form keeps the 24-month period or any period longer than 18 "
            "months.")


@plant("h04-r6-colon-verdict-labels", "H04", SD,
       "The non-solicit criterion is written in the ticket's acceptance-criteria style, 'PASS: ... FAIL: ...', with no "
       "'PASS if' or 'FAIL if' clause.")
def h04_r6_colon_labels(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        reword(t, "nonsolicit-kept", "PASS if ellery-covenant-agreement.md keeps", "PASS: ellery-covenant-agreement.md keeps")
        reword(t, "nonsolicit-kept", "FAIL if either is dropped", "FAIL: either is dropped")


@near_miss("h04-nm-r6-colons-inside-pass-if-and-fail-if-companion", "H04", SD,
           "The non-solicit criterion keeps its 'PASS if' and 'FAIL if' clauses but introduces each with a colon "
           "list, in the ticket's acceptance-criteria style: 'FAIL if any of the following is true: ...'.",
           "HYGIENE.md H04 asks for a non-empty 'PASS if' and 'FAIL if' clause and one claim per criterion; both "
           "clauses are there and non-empty, and a colon introducing the two covenants of one claim is punctuation, "
           "not a missing clause.")
def h04_nm_r6_colons_inside(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "nonsolicit-kept")["match_criteria"] = (
            "PASS if ellery-covenant-agreement.md keeps both non-solicitation covenants of the form, each lasting 12 "
            "months after employment ends: the customer non-solicitation covenant and the employee non-solicitation "
            "covenant. FAIL if any of the following is true: either covenant is dropped, or either runs longer than "
            "12 months.")


# --- from the fifteenth held-out round ---


@near_miss("h04-nm-r15-bcp47-unicode-extension", "H04", CI,
           "judge_language is 'en-US-u-ca-gregory': English (United States) with the Unicode locale extension that "
           "fixes the Gregorian calendar, as the judges' locale settings export it.",
           "TASKS.md asks for BCP 47 tags; extension subtags (RFC 6067's 'u' extension) are part of BCP 47, so the "
           "tag is well formed.")
def h04_nm_r15_extension(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["judge_language"] == "en"
        t["judge_language"] = "en-US-u-ca-gregory"


# --- from the sixteenth held-out round ---


@plant("h04-r16-clause-grades-a-file-its-list-does-not-name", "H04", AM,
       "client-note-changes was drafted when the note was to be called client-memo.md and its text never followed "
       "the rename: its PASS clause grades 'client-memo.md', which is no deliverable, while its deliverables list "
       "says client-note.md.")
def h04_r16_text_names_other_file(env: Path, task: str) -> None:
    _reword(env, task, "client-note-changes", "PASS if client-note.md tells Bayou Crest",
            "PASS if client-memo.md tells Bayou Crest")


@plant("h04-r16-format-line-left-unfilled", "H04", CA,
       "A criterion was started from the format line in the authoring notes and never filled in: "
       "client-email-addressee's match_criteria is literally 'PASS if … FAIL if …', two clauses with nothing in "
       "them.")
def h04_r16_unfilled(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "client-email-addressee", "Cover note is addressed to Petra Lindahl",
                      "PASS if \u2026 FAIL if \u2026", ["client-email.md"])


# --- eighteenth held-out round: cases that informed a change ---


@plant("h04-r18-fail-clause-copied-from-next-criterion", "H04", AM,
       "named-parishes' FAIL clause was overwritten by the one below it in the sheet: it now passes on named parishes "
       "and fails on 'the three-year term or can run past two years', two different claims in one criterion.")
def h04_r18_mismatched_fail(env: Path, task: str) -> None:
    _reword(env, task, "named-parishes",
            "FAIL if either covenant uses a mileage radius or an area not named by parish or municipality.",
            "FAIL if any restraint keeps the three-year term or can run past two years.")


# --- look-alike clause markers (tenth held-out round) ---


@plant("h04-r10-turkish-locale-upper-cased-clause-markers", "H04", CI,
       "The Istanbul reviewers' tool upper-cased the clause markers of the prior-invention criterion in a Turkish "
       "locale, where i becomes İ: the criterion reads 'PASS İF ... FAİL İF ...' and has no 'PASS if' or 'FAIL if' "
       "clause as LAB writes them.")
def h04_r10_turkish_upper(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        reword(t, "prior-invention-listed", "PASS if", "PASS \u0130F")
        reword(t, "prior-invention-listed", "FAIL if", "FA\u0130L \u0130F")


# --- nineteenth held-out round: cases that informed a change ---


@plant("h04-r19-fail-clause-about-another-deliverable", "H04", SD,
       "client-email-decision's FAIL clause was replaced by the file memo's: its PASS clause grades client-email.md, "
       "its FAIL clause now says 'FAIL if rationale.md does not address the 2023 memo or applies the $75,000 floor', "
       "two claims about two files in one criterion that lists client-email.md alone.")
def h04_r19_fail_other_file(env: Path, task: str) -> None:
    _reword(env, task, "client-email-decision", "FAIL if the email does not mention the removed non-compete.",
            "FAIL if rationale.md does not address the 2023 memo or applies the $75,000 floor.")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h04-r23-unrelated-claim-after-separately", "H04", NE,
       "note-asks-decision gains a second, unrelated claim: 'Separately, the note must confirm that the El Paso County "
       "venue clause in Section 8 was checked and left unchanged.'")
def h04_r23_separately(env: Path, task: str) -> None:
    _reword(env, task, "note-asks-decision", "whether to delete Section 5.",
            "whether to delete Section 5. Separately, the note must confirm that the El Paso County venue clause in "
            "Section 8 was checked and left unchanged.")


@plant("h04-r23-partial-credit-clause", "H04", TB,
       "customer-nonsolicit-trade-secrets gains a third verdict, 'PARTIAL if the covenant is kept for 12 months but "
       "tied to confidential information generally', outside LAB's PASS/FAIL form.")
def h04_r23_partial(env: Path, task: str) -> None:
    _reword(env, task, "customer-nonsolicit-trade-secrets", "or is not tied to trade secrets.",
            "or is not tied to trade secrets. PARTIAL if the covenant is kept for 12 months but tied to confidential "
            "information generally rather than to trade secrets.")


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-sixth round) -------


@plant("h04-r26-language-region-three-letters", "H04", CA,
       "language is 'en-USA': a three-letter region code, which BCP 47 does not allow (regions are two letters or "
       "three digits).")
def h04_r26_en_usa(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["language"] == "en"
        t["language"] = "en-USA"


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h04-r28-pass-when-fail-when", "H04", AM,
       "two-year-cap is written 'PASS when ... FAIL when ...': neither a 'PASS if' nor a 'FAIL if' clause is left.")
def h04_r28_when(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "two-year-cap")
        text = replace_text(crit["match_criteria"], "PASS if every", "PASS when every")
        crit["match_criteria"] = replace_text(text, " FAIL if any", " FAIL when any")


@plant("h04-r37-criterion-id-twin-with-trailing-space", "H04", CI,
       "A new criterion (the prior invention set out in a schedule signed by Sasha) was made by copying "
       "prior-invention-listed, and its id is 'prior-invention-listed ' with a trailing space: the two ids differ "
       "only by invisible whitespace.")
def h04_r37_trailing_space_id(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        first = criterion(t, "prior-invention-listed")
        i = t["criteria"].index(first)
        t["criteria"].insert(i + 1, {
            "id": "prior-invention-listed ", "title": "Prior invention set out in a signed schedule",
            "match_criteria": "PASS if lindgren-invention-agreement.md sets out the prior invention in a schedule "
                              "with a signature line for Sasha Lindgren. FAIL if the prior invention appears only in "
                              "the body of the agreement, with no signed schedule.",
            "deliverables": ["lindgren-invention-agreement.md"], "source": "expert"})
        ids = [c["id"] for c in t["criteria"]]
        assert len(set(ids)) == len(ids) and len({i.strip() for i in ids}) == len(ids) - 1


@plant("h04-r38-fail-clause-copied-from-pass-clause", "H04", NE,
       "note-asks-decision's FAIL clause was overwritten with a copy of its PASS condition: 'FAIL if "
       "note-to-partner.md asks the partner to decide, before the agreement goes to Morgan Tallis on November 23, "
       "2026, whether to delete Section 5.', so the note the criterion asks for both passes and fails.")
def h04_r38_fail_copied(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "note-asks-decision")
        pass_part, fail_part = crit["match_criteria"].split(" FAIL if ")
        assert pass_part.startswith("PASS if ") and fail_part == "the note asks for no decision."
        crit["match_criteria"] = pass_part + " FAIL if " + pass_part[len("PASS if "):]


@plant("h04-r43-unclosed-quotation-swallows-fail-marker", "H04", NE,
       "instructed-edits-made lost the closing quotation mark after \"Granite Peak Robotics, Inc.: the quotation runs "
       "on to the next quotation mark, inside the FAIL clause, so the FAIL marker sits inside quoted text and the "
       "criterion has no FAIL clause a reader can delimit.")
def h04_r43_unclosed(env: Path, task: str) -> None:
    _reword(env, task, "instructed-edits-made", "\"Granite Peak Robotics, Inc.\" everywhere",
            "\"Granite Peak Robotics, Inc. everywhere")
    match = _match(env, task, "instructed-edits-made")
    first = match.index('"')
    assert match.index("FAIL if") < match.index('"', first + 1)


@plant("h04-r45-title-is-a-failed-lookup", "H04", SD,
       "The rubric sheet filled criterion titles with a VLOOKUP against a titles tab; the row for no-noncompete-at-"
       "signing found nothing, so its title is Excel's error value '#N/A'.")
def h04_r45_na_title(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        criterion(t, "no-noncompete-at-signing")["title"] = "#N/A"
