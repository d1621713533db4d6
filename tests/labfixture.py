"""A checkout shaped like Harvey's Legal Agent Benchmark (LAB), written from scratch for the tests.

Nothing here comes from LAB: the layout and the task.json fields follow LAB's public
description (tasks/<practice-area>/<task-id>/ with task.json and documents/; title,
instructions, work_type, deliverables, criteria with id, title, "PASS if ... FAIL if ..."
match_criteria, deliverables, source and sources; language, jurisdiction,
judge_language), and every party, fact, document and sentence is invented. All people
and companies are fictional; addresses are on example.com, phone numbers in 555-01xx.

`make_lab_checkout(root)` writes clean tasks in three practice areas as a git repository;
with `with_defects=True` it adds one task per planted defect, each a copy of a clean task
with exactly one thing wrong, and says where the defect is. `make_large_task(folder)`
writes one task of LAB's size (sixty criteria, thousands of workspace files).

Criterion `sources` are written as paths from the task folder ("documents/x.pdf").
"""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

import docwriters as dw

AREAS = ("corporate-ma", "employment", "litigation")
WORK_TYPES = ("analyze", "draft", "review", "research")
GIT_DATE = "2026-03-02T09:30:00+00:00"
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Fixture Author", "GIT_AUTHOR_EMAIL": "fixture@example.com",
    "GIT_COMMITTER_NAME": "Fixture Author", "GIT_COMMITTER_EMAIL": "fixture@example.com",
    "GIT_AUTHOR_DATE": GIT_DATE, "GIT_COMMITTER_DATE": GIT_DATE,
    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
}


def criterion(cid: str, title: str, passes: str, fails: str, deliverable: str, *, source: str = "expert",
              sources: tuple[str, ...] = ()) -> dict:
    """One criterion in LAB's form."""
    return {"id": cid, "title": title, "match_criteria": f"PASS if {passes} FAIL if {fails}",
            "deliverables": [deliverable], "source": source, "sources": [f"documents/{s}" for s in sources]}


def task_json(title: str, instructions: str, work_type: str, deliverables: dict[str, str], criteria: list[dict],
              jurisdiction: str) -> dict:
    """A task.json in LAB's form, with the newer language fields and no `oafreeze` block."""
    return {"title": title, "instructions": instructions, "work_type": work_type, "deliverables": deliverables,
            "criteria": criteria, "language": "en", "jurisdiction": jurisdiction, "judge_language": "en"}


def email(subject: str, sender: str, to: str, body: str, attachments=(), cc: str | None = None) -> bytes:
    return dw.eml(subject=subject, sender=sender, to=to, body=body, attachments=list(attachments), cc=cc)


# -- corporate-ma -----------------------------------------------------------------------------

SPA_PAGES = [
    "STOCK PURCHASE AGREEMENT (EXCERPT)\n"
    "This Stock Purchase Agreement is made as of February 20, 2026 between Calder Bay Holdings LLC, a Delaware "
    "limited liability company (the Buyer), and the holders of all outstanding shares (the Sellers) of Northwind "
    "Sensor Systems, Inc., a Delaware corporation (the Company).\n"
    "Section 2.1 Purchase Price. The aggregate purchase price for the Shares is $48,500,000, subject to the "
    "working capital adjustment in Section 2.4.\n"
    "Section 2.3 Escrow. At the Closing the Buyer shall pay ten percent of the purchase price to the Escrow Agent, "
    "to be held as security for the indemnification obligations of the Sellers under Article IX.",
    "Section 3.9 Material Contracts. Schedule 3.9 lists each Contract to which the Company is a party that "
    "(a) calls for payments by or to the Company of more than $250,000 in any period of twelve months, "
    "(b) limits the Company from competing in any line of business or territory, or (c) the Company cannot end "
    "on ninety days' notice or less without paying a penalty.\n"
    "Section 3.10 Litigation. Except as set out in Schedule 3.10, no Action is pending or, to the Knowledge of "
    "the Company, threatened against the Company or its assets.",
    "Section 3.12 Employees. Schedule 3.12 lists every employee of the Company whose annual base salary is more "
    "than $150,000, with that employee's title and date of hire.\n"
    "Section 9.2 Indemnification by the Sellers. From and after the Closing the Sellers shall indemnify the "
    "Buyer against Losses arising out of any inaccuracy in the representations in Article III, subject to the "
    "Basket and the Cap in Section 9.4.",
]


def spa_disclosure_review() -> tuple[dict, dict[str, bytes]]:
    """Review: compare a seller's draft disclosure schedules with the data room (US-DE)."""
    files = {
        "share-purchase-agreement.pdf": dw.pdf(SPA_PAGES, title="Stock Purchase Agreement (excerpt)"),
        "disclosure-schedules-v3.docx": dw.docx([
            "DISCLOSURE SCHEDULES: SELLERS' DRAFT 3",
            "Schedule 3.9 (Material Contracts)",
            "1. Master Supply Agreement with Ridgeback Plastics Corp., dated June 1, 2023.",
            "2. Software License Agreement with Tallis Analytics, Inc., dated January 15, 2024.",
            "Schedule 3.10 (Litigation)",
            "None.",
            "Schedule 3.12 (Employees)",
            "See the employee list delivered with these schedules.",
        ], footnotes=["The Sellers may supplement these schedules before the Closing."]),
        "buyer-comments-round-1.docx": dw.docx([
            "Buyer comments on the Sellers' second draft",
            "Please confirm whether any customer or supplier has threatened a claim in the last two years.",
            "Please attach the payroll census the employee schedule was built from.",
        ]),
        "data-room-index.xlsx": dw.xlsx({
            "Contracts": [["Folder", "Document", "Counterparty", "Annual value (USD)", "Notice to end (days)"],
                          ["4.1", "Master Supply Agreement", "Ridgeback Plastics Corp.", 610000, 60],
                          ["4.2", "Software License Agreement", "Tallis Analytics, Inc.", 275000, 30],
                          ["4.3", "Exclusive Distribution Agreement", "Ostrava Components s.r.o.", 180000, 365],
                          ["4.4", "Office Lease", "Pellham Realty LLC", 240000, 90]],
            "Disputes": [["Matter", "Forum", "Status"],
                         ["Brightwater Instruments patent demand letter", "none filed",
                          "letter received 2025-11-18, no reply sent"]],
            "Payroll": [["Employee", "Title", "Base salary (USD)", "Hired"],
                        ["Amara Lindqvist", "Chief Executive Officer", 310000, "2019-04-01"],
                        ["Devon Achterberg", "VP Engineering", 245000, "2020-02-17"],
                        ["Ines Moravec", "Head of Sales", 198000, "2021-09-06"],
                        ["Kofi Brandt", "Controller", 162000, "2022-01-10"],
                        ["Tomas Ferreira", "Principal Firmware Engineer", 171000, "2024-07-22"],
                        ["Hana Duval", "Office Manager", 74000, "2023-03-13"]],
        }),
        "seller-counsel-email.eml": email(
            "Northwind: schedules, third draft", "Jonah Whitfield <jwhitfield@sellers-counsel.example.com>",
            "Calder Bay deal team <dealteam@calderbay.example.com>",
            "Attached is the employee list that goes with the third draft of the schedules.\n\n"
            "We think the schedules are complete. The Brightwater letter went nowhere and our client does not see "
            "a need to list it.\n\nCall me on (302) 555-0163 with questions.\n\nJonah",
            attachments=[("schedule-3-12-employee-list.pdf", dw.pdf([
                "Schedule 3.12 employee list\nAmara Lindqvist, Chief Executive Officer, hired 2019-04-01\n"
                "Devon Achterberg, VP Engineering, hired 2020-02-17\nInes Moravec, Head of Sales, hired 2021-09-06\n"
                "Kofi Brandt, Controller, hired 2022-01-10"]))]),
        "deal-team-notes.md": (
            "# Deal team notes\n\n- Signing is done; the schedules are due before the Closing.\n"
            "- Cross-check each schedule against the data room index, tab by tab.\n"
            "- Indemnity claims for schedule gaps run against the escrow first.\n").encode(),
        "closing-timeline.md": (
            "# Closing timeline\n\n| Step | Owner |\n|---|---|\n| Final schedules | Sellers |\n"
            "| Bring-down certificate | Sellers |\n| Escrow funding | Buyer |\n").encode(),
    }
    memo, requests = "disclosure-gap-memo.docx", "seller-request-list.md"
    criteria = [
        criterion("C-01", "Distribution agreement belongs on Schedule 3.9",
                  "the memo identifies the exclusive distribution agreement with Ostrava Components as a contract "
                  "Schedule 3.9 must list, because the Company can only end it on a year's notice.",
                  "the memo treats Schedule 3.9 as complete or does not discuss the Ostrava agreement.", memo,
                  sources=("data-room-index.xlsx", "share-purchase-agreement.pdf")),
        criterion("C-02", "Threatened Brightwater claim belongs on Schedule 3.10",
                  "the memo concludes that the Brightwater Instruments demand letter is a threatened Action that "
                  "Schedule 3.10 has to disclose, whatever the Sellers think of its merits.",
                  "the memo accepts the Sellers' view that the letter need not be listed.", memo,
                  sources=("data-room-index.xlsx", "seller-counsel-email.eml")),
        criterion("C-03", "Employee list leaves out Tomas Ferreira",
                  "the memo identifies Tomas Ferreira as an employee above the salary line in Section 3.12 whom "
                  "the employee list leaves out.",
                  "the memo says the employee list is complete or names the wrong person.", memo,
                  sources=("data-room-index.xlsx",)),
        criterion("C-04", "Escrow at stake", "the memo states that the escrow funded at the Closing will be "
                  "$4,850,000.", "the memo gives another figure for the escrow or leaves it out.", memo,
                  source="oracle", sources=("share-purchase-agreement.pdf",)),
        criterion("C-05", "Request to add the Ostrava agreement",
                  "the request list asks the Sellers to add the Ostrava Components distribution agreement to "
                  "Schedule 3.9.", "the list makes no request about that agreement.", requests,
                  sources=("data-room-index.xlsx",)),
        criterion("C-06", "Request for the Brightwater correspondence",
                  "the request list asks for copies of the Brightwater demand letter and every later exchange "
                  "about it.", "the list makes no request about the Brightwater matter.", requests,
                  sources=("seller-counsel-email.eml",)),
    ]
    task = task_json(
        "Disclosure schedule gap review for a stock purchase",
        "You act for Calder Bay Holdings LLC, the buyer of Northwind Sensor Systems, Inc. Compare the Sellers' "
        "draft disclosure schedules (documents/disclosure-schedules-v3.docx) with the stock purchase agreement, "
        "the data room index and the correspondence in the workspace. Write disclosure-gap-memo.docx for the deal "
        "team: every item the schedules should disclose and do not, with the provision of the agreement that "
        "calls for it and what it means for the escrow. Then write seller-request-list.md, the numbered requests "
        "to send to Sellers' counsel.",
        "review", {memo: "Memo to the Buyer's deal team on the gaps in the Sellers' disclosure schedules.",
                   requests: "Numbered supplemental disclosure requests for Sellers' counsel."},
        criteria, "US-DE")
    return task, files


def written_consent_drafting() -> tuple[dict, dict[str, bytes]]:
    """Draft: a board's unanimous written consent approving a preferred stock financing (US-DE)."""
    files = {
        "term-sheet.pdf": dw.pdf([
            "SUMMARY OF TERMS: SERIES B PREFERRED STOCK FINANCING\nIssuer: Glasswing Therapeutics, Inc., a Delaware "
            "corporation.\nLead investor: Ledgerstone Ventures Fund III, L.P.\nAmount: $12,000,000 in one closing.\n"
            "Price per share: $2.15 (the Original Issue Price).\nCharter: the certificate of incorporation will be "
            "amended and restated to authorize the Series B Preferred Stock; stockholder approval is required.",
            "Equity plan: before the closing the Company will reserve 1,200,000 more shares of Common Stock for "
            "issuance under the 2021 Equity Incentive Plan.\nBoard: five directors; the Series B investors will "
            "designate one of them.\nConditions: board and stockholder approvals, investor rights agreement, "
            "legal opinion.",
        ], title="Series B term sheet"),
        "bylaws-excerpt.docx": dw.docx([
            "AMENDED AND RESTATED BYLAWS OF GLASSWING THERAPEUTICS, INC. (EXCERPT)",
            "Section 3.3 Number of Directors. The Board of Directors shall consist of five directors.",
            "Section 3.8 Action Without a Meeting. Any action required or permitted to be taken by the Board may "
            "be taken without a meeting if all members of the Board consent in writing or by electronic "
            "transmission, and the writings or transmissions are filed with the minutes.",
        ], header="Glasswing Therapeutics, Inc."),
        "series-a-resolutions-2024.docx": dw.docx([
            "Resolutions adopted by the Board in 2024 for the Series A extension",
            "RESOLVED, that the Series A extension on the terms presented to the Board is approved.",
            "RESOLVED FURTHER, that the officers are each authorized to sign the extension documents.",
        ]),
        "cap-table.xlsx": dw.xlsx({
            "Summary": [["Class", "Authorized", "Outstanding"], ["Common Stock", 30000000, 9400000],
                        ["Series A Preferred", 6000000, 6000000]],
            "Directors": [["Director", "Designated by"], ["Ruth Okonkwo", "Common holders"],
                          ["Felix Haskins", "Series A holders"], ["Mei Tanaka", "Series A holders"],
                          ["Arturo Salgado", "Independent"], ["Priya Venkatesan", "Chief Executive Officer"]],
        }),
        "gc-instructions.eml": email(
            "Series B board approval", "Lena Marsh <lmarsh@glasswing.example.com>",
            "Outside counsel <counsel@lawfirm.example.com>",
            "Please prepare the board's approval of the Series B on the attached roster. We would like to avoid "
            "a meeting. It needs to cover the restated charter (and send it to the stockholders), the bigger "
            "option pool, and the usual officer authority.\n\nFelix Haskins is travelling for the next two "
            "weeks and can only sign electronically.\n\nLena Marsh\nGeneral Counsel\n(617) 555-0118",
            attachments=[("board-roster.docx", dw.docx(["Board roster", "Ruth Okonkwo", "Felix Haskins",
                                                        "Mei Tanaka", "Arturo Salgado", "Priya Venkatesan"]))]),
        "drafting-checklist.md": (
            "# Consent drafting checklist\n\n- Caption naming the corporation and the form of action\n"
            "- Recitals that tie each resolution to a transaction document\n- Resolutions, one subject each\n"
            "- Officer authority and ratification\n- Counterparts and electronic signature\n").encode(),
        "signature-logistics.md": (
            "# Signature logistics\n\nElectronic signature platform: available to all directors.\n"
            "Original signed pages go to the minute book.\n").encode(),
    }
    consent, cover = "board-consent.docx", "cover-email.md"
    criteria = [
        criterion("C-01", "Unanimous written consent of all five directors",
                  "the consent is written as an action by unanimous written consent of the Board under the "
                  "action-without-a-meeting bylaw, with a signature line for each of the five directors.",
                  "it is written as minutes of a meeting or leaves a director without a signature line.", consent,
                  sources=("bylaws-excerpt.docx", "cap-table.xlsx")),
        criterion("C-02", "Charter sent to the stockholders",
                  "the consent recommends that the stockholders adopt the amended and restated certificate of "
                  "incorporation.", "the consent approves the financing and says nothing of the charter.",
                  consent, sources=("term-sheet.pdf",)),
        criterion("C-03", "Option pool increase",
                  "the consent raises the share reserve of the company's 2021 equity plan by the number the term "
                  "sheet gives.", "the reserve is left unchanged or changed by another number.", consent,
                  sources=("term-sheet.pdf",)),
        criterion("C-04", "Officer authority",
                  "the consent authorizes the officers to sign the financing documents and make the filings the "
                  "financing requires.", "officer authority is left out.", consent),
        criterion("C-05", "Effective when the last director signs",
                  "the cover email explains that the consent takes effect once all five directors have signed "
                  "and proposes electronic signature for Felix Haskins.",
                  "the email is silent on when the consent takes effect.", cover,
                  sources=("gc-instructions.eml",)),
    ]
    task = task_json(
        "Board consent for a Series B financing",
        "Glasswing Therapeutics, Inc. is closing a Series B preferred stock financing. Using the term sheet, the "
        "bylaws excerpt, the cap table and the general counsel's email, draft board-consent.docx, the Board's "
        "approval of the financing, ready for signature. Then write cover-email.md to the general counsel: what "
        "the consent does and how to get it signed.",
        "draft", {consent: "The Board's approval of the Series B financing, ready for signature.",
                  cover: "Cover email to the general counsel explaining the consent and its signing."},
        criteria, "US-DE")
    return task, files


def standstill_analysis() -> tuple[dict, dict[str, bytes]]:
    """Analyze: whether a bidder may now approach a target despite its confidentiality agreement (US-NY)."""
    files = {
        "confidentiality-agreement.pdf": dw.pdf([
            "CONFIDENTIALITY AGREEMENT\nDated January 14, 2026, between Tessellate Foods, Inc. (the Company) and "
            "Marrow & Vale Capital LLC (the Recipient).\n"
            "Section 6 Standstill. For twelve months from the date of this agreement the Recipient shall not, "
            "alone or with others, propose or seek any acquisition of the Company or its securities.\n"
            "Section 7 Requests. During the standstill period the Recipient shall not ask the Company, in public "
            "or in private, to amend or waive Section 6.",
            "Section 8 Termination of Standstill. Sections 6 and 7 end automatically if the Company signs a "
            "definitive agreement with any other person for the acquisition of a majority of its voting stock.\n"
            "Section 12 Governing Law. This agreement is governed by the laws of the State of New York.",
        ], title="Confidentiality Agreement"),
        "bidder-letter.eml": email(
            "Proposal to the Tessellate board", "Ravi Castellano <rcastellano@marrowvale.example.com>",
            "Deal counsel <counsel@lawfirm.example.com>",
            "We want to send a private proposal to the Tessellate board next week, at a premium to the deal they "
            "just signed. Our draft letter is attached. Are we free to send it?\n\nRavi",
            attachments=[("draft-proposal-letter.docx", dw.docx([
                "Dear members of the Board,",
                "Marrow & Vale Capital proposes to acquire all shares of Tessellate Foods at a premium to the "
                "announced transaction, subject to confirmatory diligence."]))]),
        "process-tracker.xlsx": dw.xlsx({
            "Bidders": [["Bidder", "Agreement signed", "Status"], ["Marrow & Vale Capital LLC", "2026-01-14",
                        "first-round bid"], ["Quorra Brands, Inc.", "2026-01-09", "signed merger agreement"]],
            "Events": [["Date", "Event"], ["2026-02-26", "Tessellate signs merger agreement with Quorra Brands"],
                       ["2026-02-27", "Public announcement of the Quorra merger"]],
        }),
        "announcement-summary.md": (
            "# Announcement summary\n\nTessellate Foods announced that it signed a definitive merger agreement "
            "under which Quorra Brands will acquire all of its outstanding stock for cash.\n").encode(),
        "client-questions.md": (
            "# Client questions\n\n1. May we send our letter now?\n2. Were we ever allowed to ask for a waiver?\n"
            "3. When would the restrictions have ended on their own?\n").encode(),
    }
    analysis = "standstill-analysis.md"
    criteria = [
        criterion("C-01", "Fall-away has been triggered",
                  "the analysis concludes that Tessellate's definitive merger agreement with Quorra Brands ended "
                  "the standstill under the termination provision of the agreement.",
                  "the analysis treats the standstill as still binding.", analysis,
                  sources=("confidentiality-agreement.pdf", "process-tracker.xlsx")),
        criterion("C-02", "Before the fall-away even private requests were barred",
                  "the analysis explains that until the merger agreement was signed the Recipient could ask for "
                  "a waiver in neither public nor private.",
                  "the analysis says a private request was allowed all along.", analysis,
                  sources=("confidentiality-agreement.pdf",)),
        criterion("C-03", "Advice on sending the proposal",
                  "the analysis advises that Marrow & Vale may now send its private proposal to the Tessellate "
                  "board.", "the analysis tells the client to wait for the twelve months to run.", analysis),
        criterion("C-04", "Original end of the standstill", "the analysis states that the twelve-month "
                  "standstill would otherwise have run until 2027-01-14.",
                  "the analysis gives another end date or none.", analysis, source="oracle",
                  sources=("confidentiality-agreement.pdf",)),
    ]
    task = task_json(
        "Standstill after a competing deal is signed",
        "Marrow & Vale Capital LLC signed a confidentiality agreement with Tessellate Foods, Inc. and now wants "
        "to send a private proposal to Tessellate's board. Using the agreement, the tracker, the announcement "
        "summary and the client's questions, write standstill-analysis.md answering each of the client's "
        "questions with reasons drawn from the agreement.",
        "analyze", {analysis: "Analysis answering the client's questions on the standstill."}, criteria, "US-NY")
    return task, files


# -- employment -------------------------------------------------------------------------------

OFFER_PAGES = [
    "COPPERLINE ANALYTICS, INC.\nOffer of Employment, dated March 6, 2023\nDear Dario Vance,\nWe are pleased "
    "to offer you the position of Director of Sales, based in our San Jose office, at an annual base salary "
    "of $185,000 plus commission under the sales plan.",
    "Restrictive Covenants. For twelve months after your employment ends you will not work for or advise any "
    "business that competes with Copperline anywhere in the United States, and you will not solicit any "
    "customer you dealt with during your last two years with us.\nConfidentiality. You will keep Copperline's "
    "confidential information secret during and after your employment.\nThis letter is governed by the law of "
    "the State of Delaware.",
]


def noncompete_research(*, hr_body: str | None = None, handbook_footnote: str | None = None
                        ) -> tuple[dict, dict[str, bytes]]:
    """Research: can a California employer enforce a departing employee's non-compete (US-CA)."""
    body = hr_body or ("Dario Vance resigned on Friday and starts at Hollis Metrics, a direct competitor, next "
                       "month. Can we hold him to the non-compete in his offer letter? Also, I am not sure we "
                       "ever sent out the notice everyone talked about in early 2024.\n\nMaya Ortiz\nHR Director\n"
                       "(408) 555-0129")
    files = {
        "offer-letter-2023.pdf": dw.pdf(OFFER_PAGES, title="Offer letter"),
        "hr-email.eml": email("Dario Vance leaving for Hollis Metrics", "Maya Ortiz <mortiz@copperline.example.com>",
                              "Employment counsel <counsel@lawfirm.example.com>", body,
                              attachments=[("exit-interview-notes.docx", dw.docx([
                                  "Exit interview, Dario Vance",
                                  "Says he will manage the West region for Hollis Metrics.",
                                  "Returned his laptop; keeps his personal phone."]))]),
        "compensation-history.xlsx": dw.xlsx({
            "Salary": [["Year", "Base (USD)", "Commission (USD)"], [2023, 185000, 42000], [2024, 192000, 61000],
                       [2025, 199000, 58000]],
            "Accounts": [["Account", "Region"], ["Lakeshore Grocers", "West"], ["Pinecrest Health", "West"]],
        }),
        "employee-handbook-excerpt.docx": dw.docx([
            "Employee Handbook: Confidential Information",
            "Customer lists, pricing and product plans are trade secrets of the company.",
            "Departing employees must return all company property on their last day.",
        ], footnotes=[handbook_footnote] if handbook_footnote else ()),
        "separation-terms-proposal.docx": dw.docx([
            "Proposed separation terms",
            "Two weeks of base pay in exchange for a general release and a reminder of confidentiality duties.",
        ]),
        "intake-notes.md": (
            "# Intake notes\n\n- Employee worked in California for the whole of his employment.\n"
            "- The offer letter picks Delaware law.\n- Client wants to know its options this week.\n").encode(),
    }
    memo = "enforceability-memo.docx"
    criteria = [
        criterion("C-01", "The non-compete is void",
                  "the memo concludes that the non-compete in the offer letter is void under Cal. Bus. & Prof. "
                  "Code § 16600.", "the memo treats the covenant as enforceable in whole or in part.", memo,
                  sources=("offer-letter-2023.pdf", "intake-notes.md")),
        criterion("C-02", "Choice of Delaware law does not save it",
                  "the memo explains that California law applies to an employee who lived and worked in "
                  "California despite the Delaware choice-of-law clause.",
                  "the memo analyzes the covenant under Delaware law.", memo,
                  sources=("offer-letter-2023.pdf", "intake-notes.md")),
        criterion("C-03", "Trying to enforce carries risk",
                  "the memo warns that under § 16600.5 an attempt to enforce the covenant exposes Copperline to a "
                  "suit by the employee for damages and fees.",
                  "the memo recommends a demand letter or suit on the covenant.", memo),
        criterion("C-04", "The notice duty", "the memo identifies the notice § 16600.1 required employers to "
                  "send by February 14, 2024 and advises confirming whether Copperline sent it.",
                  "the memo does not address the notice duty.", memo, source="oracle",
                  sources=("hr-email.eml",)),
        criterion("C-05", "Customer non-solicit",
                  "the memo concludes that the customer non-solicitation clause is likely void as well, leaving "
                  "trade secret law as the remedy for misuse of customer information.",
                  "the memo treats the customer clause as enforceable.", memo,
                  sources=("offer-letter-2023.pdf", "employee-handbook-excerpt.docx")),
    ]
    task = task_json(
        "Enforceability of a sales director's non-compete",
        "Copperline Analytics, Inc. asks whether it can stop its former Director of Sales from joining a "
        "competitor. Research the question using the offer letter, the HR email, the handbook excerpt and the "
        "intake notes, and write enforceability-memo.docx for the client's HR director with your conclusions "
        "and the authority for each.",
        "research", {memo: "Research memo on whether the restrictive covenants can be enforced."}, criteria, "US-CA")
    return task, files


def severance_release_review() -> tuple[dict, dict[str, bytes]]:
    """Review: an age-discrimination release offered in a group layoff (US-NY)."""
    files = {
        "severance-agreement-draft.pdf": dw.pdf([
            "SEPARATION AGREEMENT AND GENERAL RELEASE\nBetween Brightfold Media LLC (the Company) and Celeste "
            "Arnaud (the Employee).\n1. Separation. The Employee's employment ends on March 31, 2026 as part of a "
            "reduction in force affecting the Content Operations group.\n2. Severance. The Company will pay "
            "sixteen weeks of base salary in installments.",
            "3. Release. The Employee releases all claims against the Company arising from her employment, "
            "including claims under federal, state and local anti-discrimination laws.\n4. Review Period. The "
            "Employee has fourteen days to consider this Agreement. This Agreement is final and binding when "
            "signed.\n5. Entire Agreement. This Agreement is the whole agreement of the parties.",
        ], title="Separation agreement"),
        "rif-selection.xlsx": dw.xlsx({
            "Decisional unit": [["Job title", "Age", "Selected"], ["Content Lead", 54, "yes"],
                                ["Content Lead", 31, "no"], ["Producer", 47, "yes"], ["Producer", 29, "no"],
                                ["Editor", 58, "yes"], ["Editor", 36, "no"]],
            "Payments": [["Role", "Weeks of pay"], ["Content Lead", 16], ["Producer", 12], ["Editor", 12]],
        }),
        "hr-email.eml": email(
            "Separation agreements for Content Operations", "Owen Kruger <okruger@brightfold.example.com>",
            "Employment counsel <counsel@lawfirm.example.com>",
            "We plan to hand the attached form to the three people in Content Operations on Monday and would like "
            "signatures back by the end of the week. Can you confirm the form is ready to go?\n\nOwen",
            cc="People team <people@brightfold.example.com>"),
        "severance-policy.md": (
            "# Severance policy\n\nEligible employees receive two weeks of base salary per year of service, "
            "with a minimum of eight weeks, in exchange for a release.\n").encode(),
        "manager-notes.md": (
            "# Manager notes\n\nThe reduction covers the whole Content Operations group; roles were chosen by "
            "the group's director.\n").encode(),
    }
    issues, section = "release-issues.md", "revised-release-section.docx"
    criteria = [
        criterion("C-01", "Consideration period for a group program",
                  "the issues list states that a release offered in a group termination program must give each "
                  "employee at least forty-five days to consider it.",
                  "the list accepts the fourteen-day period or treats twenty-one days as enough.", issues,
                  sources=("severance-agreement-draft.pdf", "rif-selection.xlsx")),
        criterion("C-02", "Revocation period",
                  "the issues list requires a period of seven days after signing during which the employee may "
                  "revoke the release.", "the list leaves the agreement final on signature.", issues,
                  sources=("severance-agreement-draft.pdf",)),
        criterion("C-03", "Decisional unit disclosure",
                  "the issues list requires the agreement to disclose the job titles and ages of the people in the "
                  "decisional unit who were and were not selected.", "the list omits this disclosure.", issues,
                  sources=("rif-selection.xlsx",)),
        criterion("C-04", "Advice to consult a lawyer",
                  "the revised release section advises the employee in writing to consult an attorney before "
                  "signing.", "the section has no such advice.", section),
        criterion("C-05", "Age claims named",
                  "the revised release section names the Age Discrimination in Employment Act among the released "
                  "claims.", "age claims are released only in general words.", section),
    ]
    task = task_json(
        "Release review for a group reduction in force",
        "Brightfold Media LLC wants to hand out the separation agreement in the workspace to three employees "
        "chosen in a reduction in force. Review it against the selection spreadsheet and the HR email. List each "
        "defect that would make the age-discrimination release fail in release-issues.md, and write "
        "revised-release-section.docx, a replacement for the agreement's release and review-period sections.",
        "review", {issues: "Numbered list of the release's defects, each with its fix.",
                   section: "Replacement text for the release and review-period sections."}, criteria, "US-NY")
    return task, files


# -- litigation -------------------------------------------------------------------------------

def privilege_log_review(*, custodian_note: str | None = None) -> tuple[dict, dict[str, bytes]]:
    """Review: a privilege log before a meet-and-confer (US-NY)."""
    custodians = [["Custodian", "Role"], ["Helen Voss", "General Counsel"], ["Marcus Bell", "VP Marketing"],
                  ["Anika Sato", "Paralegal"]]
    sheets = {"Custodians": custodians}
    if custodian_note:
        sheets["Notes"] = [["Note"], [custodian_note]]
    files = {
        "privilege-log.xlsx": dw.xlsx({
            "Log": [["Entry", "Date", "Author", "Recipients", "Basis", "Description"],
                    ["PRIV-0003", "2025-01-20", "Helen Voss", "Marcus Bell", "work product",
                     "Analysis of the product recall"],
                    ["PRIV-0007", "2025-06-02", "Helen Voss", "Marcus Bell; Lanternfish Communications",
                     "attorney-client", "Email about the press statement"],
                    ["PRIV-0011", "2025-07-15", "Marcus Bell", "Helen Voss", "attorney-client", "Email re: project"],
                    ["PRIV-0014", "2025-08-01", "Helen Voss", "Anika Sato", "attorney-client",
                     "Legal advice on the supplier's indemnity notice"]],
        }),
        "custodian-list.xlsx": dw.xlsx(sheets),
        "protective-order.pdf": dw.pdf([
            "STIPULATED PROTECTIVE ORDER\nParagraph 9. A party withholding a document as privileged shall log it "
            "with its date, author, recipients, the privilege claimed and a description that, without revealing "
            "privileged content, lets the other parties assess the claim.",
            "Paragraph 12. Under Federal Rule of Evidence 502(d), producing a privileged document, whether by "
            "inadvertence or otherwise, does not waive the privilege, and the producing party may demand the "
            "return of the document.",
        ], title="Protective order"),
        "signed-exhibit-scan.pdf": dw.scanned_pdf(2),
        "email-chain-0007.eml": email(
            "Press statement on the recall", "Helen Voss <hvoss@norrland.example.com>",
            "Marcus Bell <mbell@norrland.example.com>",
            "Marcus, here are my comments on the statement. Looping in our PR agency so they can finalize it.\n\n"
            "Helen", cc="Lanternfish Communications <team@lanternfish.example.net>",
            attachments=[("draft-press-statement.docx", dw.docx(["Statement on the voluntary recall",
                                                                 "Norrland Appliances is recalling one model."]))]),
        "meet-and-confer-letter.docx": dw.docx([
            "Counsel,",
            "We write about your privilege log served on February 12. Several entries do not give us enough to "
            "assess your claims, and at least one was shared with a third party. Please respond within ten days "
            "of this letter, after which we will raise the log with the Court.",
        ]),
        "partner-instructions.md": (
            "# From the partner\n\nThe litigation hold went out on 2025-03-04, which is when we first expected "
            "a suit. Check the log entry by entry before we meet and confer.\n").encode(),
        "case-calendar.md": (
            "# Case calendar\n\n- Privilege log served\n- Opposing counsel's letter received\n"
            "- Meet and confer\n").encode(),
    }
    chart, summary = "log-deficiency-chart.xlsx", "partner-summary.md"
    criteria = [
        criterion("C-01", "Third-party recipient on PRIV-0007",
                  "the chart flags entry PRIV-0007 because Lanternfish Communications, an outside public "
                  "relations firm, received the email.", "the chart passes PRIV-0007.", chart,
                  sources=("privilege-log.xlsx", "email-chain-0007.eml")),
        criterion("C-02", "Vague description on PRIV-0011",
                  "the chart flags entry PRIV-0011 because its description gives the other side nothing to "
                  "assess the claim with.", "the chart passes PRIV-0011.", chart,
                  sources=("privilege-log.xlsx", "protective-order.pdf")),
        criterion("C-03", "Work product before a suit was expected",
                  "the chart flags entry PRIV-0003 because it predates the day the client first expected a suit.",
                  "the chart passes PRIV-0003.", chart, sources=("privilege-log.xlsx", "partner-instructions.md")),
        criterion("C-04", "Clawback protection",
                  "the summary tells the partner that the protective order lets the client demand the return of "
                  "privileged documents produced by mistake.", "the summary leaves the clawback out.", summary,
                  sources=("protective-order.pdf",)),
        criterion("C-05", "Time to respond", "the summary tells the partner how many days opposing counsel gave "
                  "for a response.", "the summary gives no deadline.", summary,
                  sources=("meet-and-confer-letter.docx",)),
    ]
    task = task_json(
        "Privilege log review before a meet-and-confer",
        "Opposing counsel has challenged our privilege log. Review each entry in documents/privilege-log.xlsx "
        "against the protective order, the emails and the partner's instructions. Record every deficient entry "
        "and its fix in log-deficiency-chart.xlsx, and write partner-summary.md, a short summary for the partner "
        "before the meet-and-confer.",
        "review", {chart: "One row per deficient log entry: the entry, the defect, the fix.",
                   summary: "Short summary for the partner."}, criteria, "US-NY")
    return task, files


def dismissal_outline() -> tuple[dict, dict[str, bytes]]:
    """Draft: an outline of a motion to dismiss a contract and fraud suit (US-DE)."""
    files = {
        "complaint.pdf": dw.pdf([
            "IN THE SUPERIOR COURT OF THE STATE OF DELAWARE\nSundial Freight LLC, Plaintiff, v. Orchard Row "
            "Software, Inc., Defendant.\nCOMPLAINT\n1. Sundial licensed Orchard Row's dispatch platform under a "
            "Subscription Agreement dated May 1, 2023.\n2. On 2024-11-03 the platform was unavailable for "
            "nineteen hours, and Sundial lost loads and customers.",
            "Count I (Breach of Contract). Orchard Row failed to meet the uptime commitment in the Subscription "
            "Agreement.\nCount II (Fraud). Before signing, Orchard Row's sales staff told Sundial the platform had "
            "never had an outage longer than an hour, and Sundial relied on that statement.",
            "Prayer for relief: damages of not less than $3,400,000, interest and costs.\nDated: February 10, "
            "2026.",
        ], title="Complaint"),
        "saas-agreement.docx": dw.docx([
            "SUBSCRIPTION AGREEMENT between Orchard Row Software, Inc. and Sundial Freight LLC",
            "Section 11.2 Time for Claims. Any claim arising out of this Agreement must be brought within one "
            "year after the cause of action accrues.",
            "Section 14.1 Governing Law and Forum. This Agreement is governed by New York law. The state and "
            "federal courts located in New York County, New York have exclusive jurisdiction over any dispute "
            "arising out of this Agreement.",
            "Section 14.5 Entire Agreement. This Agreement is the entire agreement of the parties and supersedes "
            "all prior discussions.",
        ]),
        "prior-demand-response.docx": dw.docx([
            "Response to Sundial's demand of December 2024",
            "Orchard Row issued the service credits the Agreement provides for the outage and denies further "
            "liability.",
        ]),
        "outage-timeline.xlsx": dw.xlsx({
            "Incident": [["Event", "When"], ["Platform unavailable", "2024-11-03 02:10"],
                         ["Service restored", "2024-11-03 21:05"], ["Service credits issued", "2024-12-02"]],
            "Notices": [["Notice", "Date"], ["Sundial demand letter", "2024-12-09"],
                        ["Complaint served", "2026-02-12"]],
        }),
        "client-email.eml": email(
            "Sundial complaint", "Grace Liu <gliu@orchardrow.example.com>",
            "Litigation counsel <counsel@lawfirm.example.com>",
            "We were served with the attached complaint. We would like to get it thrown out early if we can.\n\n"
            "Grace Liu\nGeneral Counsel\n(212) 555-0184",
            attachments=[("incident-report.pdf", dw.pdf([
                "Incident report\nRoot cause: a failed database migration. Duration: about nineteen hours. "
                "Customers affected: 214."]))]),
        "research-notes.md": (
            "# Research notes\n\n- Check how Delaware courts treat a mandatory forum clause naming another "
            "state.\n- Check whether New York enforces shortened limitations periods in commercial contracts.\n"
            ).encode(),
        "court-rules-notes.md": (
            "# Court rules notes\n\nMotions to dismiss are decided on the complaint and the documents it "
            "relies on.\n").encode(),
    }
    outline = "mtd-outline.docx"
    criteria = [
        criterion("C-01", "Forum selection clause", "the outline argues for dismissal because the agreement gives "
                  "the courts of New York County exclusive jurisdiction.",
                  "the outline leaves out the forum clause.", outline, sources=("saas-agreement.docx",)),
        criterion("C-02", "Contractual time bar", "the outline argues that the agreement's one-year period for "
                  "claims ran out before Sundial sued.", "the outline leaves out the time bar.", outline,
                  sources=("saas-agreement.docx", "complaint.pdf")),
        criterion("C-03", "Date the time bar ran", "the outline states that the period for claims ended on "
                  "2025-11-03.", "the outline gives another date.", outline, source="oracle",
                  sources=("complaint.pdf", "saas-agreement.docx")),
        criterion("C-04", "Fraud count duplicates the contract claim",
                  "the outline argues that the fraud count restates the contract claim about uptime.",
                  "the outline leaves the fraud count unchallenged.", outline, sources=("complaint.pdf",)),
        criterion("C-05", "Limits of the entire-agreement clause",
                  "the outline recognizes that an entire-agreement clause without express anti-reliance language "
                  "may not by itself defeat the fraud count.",
                  "the outline relies on the entire-agreement clause alone to defeat fraud.", outline,
                  sources=("saas-agreement.docx",)),
    ]
    task = task_json(
        "Outline of a motion to dismiss",
        "Orchard Row Software, Inc. has been sued by Sundial Freight LLC in Delaware. Using the complaint, the "
        "subscription agreement, the timeline and the client's email, draft mtd-outline.docx: an outline of a "
        "motion to dismiss, one heading per ground, with the facts and contract terms each ground rests on.",
        "draft", {outline: "Outline of the motion to dismiss, one heading per ground."}, criteria, "US-DE")
    return task, files


CLEAN_TASKS = {
    "corporate-ma/spa-disclosure-review": spa_disclosure_review,
    "corporate-ma/series-b-board-consent": written_consent_drafting,
    "corporate-ma/standstill-fall-away": standstill_analysis,
    "employment/noncompete-enforceability": noncompete_research,
    "employment/rif-release-review": severance_release_review,
    "litigation/privilege-log-review": privilege_log_review,
    "litigation/motion-to-dismiss-outline": dismissal_outline,
}
# Workspace documents written as scans: no text layer, by design.
SCANNED_NAMES = {"signed-exhibit-scan.pdf"}


# -- planted defects ----------------------------------------------------------------------------

def _h01_pdf():
    task, files = spa_disclosure_review()
    leaked = task["criteria"][1]["match_criteria"]
    pages = SPA_PAGES[:2] + [SPA_PAGES[2] + "\nDrafting note: " + leaked]
    files["share-purchase-agreement.pdf"] = dw.pdf(pages)
    where = {"item": "H01", "file": "documents/share-purchase-agreement.pdf", "part": "page 3", "criterion": "C-02",
             "what": "criterion C-02's match_criteria copied onto the last page of the agreement"}
    return task, files, where


def _h01_docx():
    task, _ = noncompete_research()
    leaked = task["criteria"][1]["match_criteria"]  # C-02 names no literal, so H03 stays quiet
    task, files = noncompete_research(handbook_footnote="Reviewer note: " + leaked)
    where = {"item": "H01", "file": "documents/employee-handbook-excerpt.docx", "part": "word/footnotes.xml",
             "criterion": "C-02", "what": "criterion C-02's match_criteria in a footnote of the handbook excerpt"}
    return task, files, where


def _h01_xlsx():
    task, _ = privilege_log_review()
    leaked = task["criteria"][0]["match_criteria"]
    task, files = privilege_log_review(custodian_note=leaked)
    where = {"item": "H01", "file": "documents/custodian-list.xlsx", "part": "sheet Notes", "criterion": "C-01",
             "what": "criterion C-01's match_criteria in a cell of a second sheet"}
    return task, files, where


def _h02():
    task, files = standstill_analysis()
    files["standstill-analysis.md"] = (
        "# Standstill analysis (earlier matter)\n\nNotes from a different transaction, kept for the format only.\n"
    ).encode()
    where = {"item": "H02", "file": "documents/standstill-analysis.md", "part": None,
             "what": "a workspace file named exactly like the deliverable"}
    return task, files, where


def _h03():
    task, files = written_consent_drafting()
    task["criteria"].append(criterion(
        "C-06", "Price per share", "the consent states the Series B price of $2.15 per share.",
        "the consent gives another price.", "board-consent.docx", sources=("term-sheet.pdf",)))
    where = {"item": "H03", "file": "task.json", "part": None, "criterion": "C-06",
             "what": "a criterion whose only required literal is already in the term sheet"}
    return task, files, where


def _h04():
    task, files = severance_release_review()
    task["criteria"][2]["deliverables"] = ["decisional-unit-table.xlsx"]
    where = {"item": "H04", "file": "task.json", "part": None, "criterion": "C-03",
             "what": "a criterion grading a deliverable the task does not declare"}
    return task, files, where


def _h05():
    task, files = severance_release_review()
    c = task["criteria"][3]
    c["match_criteria"] = ("PASS if the revised release section gives the employee a reasonable opportunity to "
                           "consult an attorney before signing. FAIL if the section has no such advice.")
    where = {"item": "H05", "file": "task.json", "part": None, "criterion": "C-04",
             "what": "a criterion graded against 'reasonable'"}
    return task, files, where


def _h06():
    task, files = dismissal_outline()
    task["deliverables"]["client-update.md"] = "Short update to the client on the motion."
    task["instructions"] += " Also write client-update.md, a short update for the client."
    where = {"item": "H06", "file": "task.json", "part": None, "deliverable": "client-update.md",
             "what": "a declared deliverable that no criterion grades"}
    return task, files, where


def _h07():
    task, files = dismissal_outline()
    whole = files["prior-demand-response.docx"]
    files["prior-demand-response.docx"] = whole[:len(whole) // 2]
    where = {"item": "H07", "file": "documents/prior-demand-response.docx", "part": None,
             "what": "a .docx cut in half: the zip does not open"}
    return task, files, where


def _h13():
    body = ("Dario Vance resigned on Friday. His file lists SSN 078-05-1120, in case payroll needs it for the "
            "final paycheck.\n\nMaya Ortiz\nHR Director\n(408) 555-0129")
    task, files = noncompete_research(hr_body=body)
    # 078-05-1120 is the number the SSA voided in the 1940s after it was printed on sample wallet cards:
    # real-looking by every pattern, and nobody's.
    where = {"item": "H13", "file": "documents/hr-email.eml", "part": "body",
             "what": "a real-looking social security number in the body of an email"}
    return task, files, where


def _lab_source():
    task, files = spa_disclosure_review()
    task["criteria"][3]["sources"].append("documents/escrow-agreement.pdf")
    where = {"item": "LAB-sources", "file": "task.json", "part": None, "criterion": "C-04",
             "source": "documents/escrow-agreement.pdf",
             "what": "a criterion source naming a file not in the workspace"}
    return task, files, where


def _lab_work_type():
    task, files = privilege_log_review()
    task["work_type"] = "summarize"
    where = {"item": "LAB-work-type", "file": "task.json", "part": None, "value": "summarize",
             "what": "a work_type outside analyze, draft, review, research"}
    return task, files, where


def _lab_language():
    task, files = severance_release_review()
    task["language"] = "en_US"
    where = {"item": "LAB-language", "file": "task.json", "part": None, "value": "en_US",
             "what": "a language tag that is not BCP 47 (underscore, as in a POSIX locale)"}
    return task, files, where


DEFECT_TASKS = {
    "corporate-ma/h01-criterion-in-pdf-page": _h01_pdf,
    "employment/h01-criterion-in-docx-footnote": _h01_docx,
    "litigation/h01-criterion-in-xlsx-cell": _h01_xlsx,
    "corporate-ma/h02-deliverable-already-in-workspace": _h02,
    "corporate-ma/h03-literal-already-in-workspace": _h03,
    "employment/h04-criterion-grades-undeclared-deliverable": _h04,
    "employment/h05-vague-grading-word": _h05,
    "litigation/h06-deliverable-no-criterion-grades": _h06,
    "litigation/h07-corrupt-docx": _h07,
    "employment/h13-ssn-in-email": _h13,
    "corporate-ma/lab-source-not-in-workspace": _lab_source,
    "litigation/lab-work-type-outside-set": _lab_work_type,
    "employment/lab-malformed-language-tag": _lab_language,
}


# -- writing ----------------------------------------------------------------------------------

README = """# LAB-shaped fixture

Tasks live at tasks/<practice-area>/<task-id>/: task.json and the documents/ workspace.
Every party and fact is invented for the oafreeze test suite.
"""


def write_task(folder: Path, task: dict, files: dict[str, bytes]) -> None:
    """task.json and documents/ of one task (file names relative to documents/)."""
    (folder / "documents").mkdir(parents=True, exist_ok=True)
    (folder / "task.json").write_text(json.dumps(task, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for name, data in files.items():
        path = folder / "documents" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def git(root: Path, *args: str) -> str:
    """Run git in `root` with a fixed identity and date, and no user or system configuration."""
    proc = subprocess.run(["git", *args], cwd=root, env={**os.environ, **GIT_ENV}, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed in {root}: {proc.stderr.strip()}")
    return proc.stdout.strip()


def make_lab_checkout(root: Path, *, with_defects: bool = False) -> dict:
    """Write a LAB-shaped git repository at `root` and describe what is in it.

    Returns {"root", "commit", "areas", "clean": [task ids], "scanned": {task id: [files]},
    "defects": {task id: {"item", "file", "part", ...}}, "tasks": [every task id]}.
    Task ids are paths under tasks/ ("corporate-ma/spa-disclosure-review")."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    (root / "README.md").write_text(README, encoding="utf-8")
    scanned: dict[str, list[str]] = {}
    defects: dict[str, dict] = {}

    def write(task_id: str, task: dict, files: dict[str, bytes]) -> None:
        write_task(root / "tasks" / task_id, task, files)
        if SCANNED_NAMES & set(files):
            scanned[task_id] = sorted(f"documents/{name}" for name in SCANNED_NAMES & set(files))

    for task_id, make in CLEAN_TASKS.items():
        write(task_id, *make())
    if with_defects:
        for task_id, make in DEFECT_TASKS.items():
            task, files, where = make()
            write(task_id, task, files)
            defects[task_id] = where
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "LAB-shaped fixture checkout")
    return {"root": str(root), "commit": git(root, "rev-parse", "HEAD"), "areas": list(AREAS),
            "clean": list(CLEAN_TASKS), "scanned": scanned, "defects": defects,
            "tasks": sorted([*CLEAN_TASKS, *defects])}


# -- a task of LAB's size ---------------------------------------------------------------------

VOCABULARY = (
    "agreement party notice closing escrow buyer seller indemnify warranty covenant consent schedule exhibit "
    "amendment assignment termination renewal payment invoice delivery acceptance inspection defect cure "
    "period breach remedy damages limitation liability insurance certificate officer director member "
    "manager employee contractor license software data privacy security incident report audit record "
    "tax return filing deadline extension waiver release claim dispute arbitration venue court motion "
    "discovery deposition witness statement draft revision comment approval signature counterpart lender "
    "borrower collateral guaranty pledge lien priority subordination maturity interest principal lease "
    "landlord tenant premises rent deposit holdover sublease easement title survey zoning permit"
).split()
TOPICS = ("lease", "supply", "license", "employment", "loan", "services", "distribution", "consulting")


def _prose(rng: random.Random, words: int) -> str:
    picked = rng.choices(VOCABULARY, k=words)
    return "\n".join(" ".join(picked[i:i + 14]).capitalize() + "." for i in range(0, len(picked), 14))


def _large_document(rng: random.Random, kind: str, title: str) -> bytes:
    words = max(40, min(6000, int(rng.lognormvariate(5.3, 0.9))))  # mostly a few hundred words
    if kind == "md":
        return f"# {title}\n\n{_prose(rng, words)}\n".encode()
    if kind == "pdf":
        per_page = 350
        return dw.pdf([title + "\n" + _prose(rng, min(per_page, words - i)) for i in range(0, words, per_page)],
                      title=title)
    if kind == "docx":
        return dw.docx([title, *_prose(rng, words).split("\n")])
    if kind == "xlsx":
        rows = [["Item", "Counterparty", "Amount (USD)"]] + [
            [f"{rng.choice(TOPICS)} {n}", rng.choice(VOCABULARY).capitalize() + " LLC", rng.randrange(1000, 900000)]
            for n in range(1, max(3, words // 30))]
        return dw.xlsx({"Register": rows, "Notes": [[title]]})
    return dw.eml(subject=title, sender="records@example.com", to="review-team@example.com",
                  body=_prose(rng, words))


def make_large_task(folder: Path, *, criteria: int = 60, files: int = 3000, seed: int = 20260302) -> None:
    """Write one generated task of LAB's size: `criteria` criteria and `files` workspace files
    (mixed formats in data-room folders, mostly small: median about 200 words)."""
    rng = random.Random(seed)
    kinds = ["pdf"] * 35 + ["docx"] * 30 + ["xlsx"] * 10 + ["eml"] * 15 + ["md"] * 10
    documents: dict[str, bytes] = {}
    for n in range(files):
        kind = rng.choice(kinds)
        topic = rng.choice(TOPICS)
        folder_name = f"{n // 250 + 1:02d}-{topic}"
        name = f"data-room/{folder_name}/{topic}-{n:05d}.{kind}"
        documents[name] = _large_document(rng, kind, f"{topic.capitalize()} record {n:05d}")
    names = sorted(documents)
    deliverables = {"diligence-report.docx": "Diligence report on the data room, one section per topic.",
                    "issues-register.xlsx": "Register of every issue found, one row each."}
    crits = []
    for i in range(1, criteria + 1):
        topic = TOPICS[i % len(TOPICS)]
        deliverable = "issues-register.xlsx" if i % 3 == 0 else "diligence-report.docx"
        crits.append(criterion(
            f"C-{i:03d}", f"Finding {i} on the {topic} contracts",
            f"the {deliverable} records finding {i} about the {topic} contracts with the folder it comes from.",
            f"finding {i} is left out or pinned on the wrong folder.", deliverable,
            source="oracle" if i % 4 == 0 else "expert",
            sources=tuple(rng.sample(names, 2))))
    task = task_json(
        "Data room diligence at benchmark scale",
        "Review every document in the data room under documents/data-room/ and write diligence-report.docx and "
        "issues-register.xlsx.", "review", deliverables, crits, "US-NY")
    write_task(Path(folder), task, documents)
