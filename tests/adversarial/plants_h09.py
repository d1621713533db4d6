"""H09 seeded-law provenance: citation, effective date, verified-on, verified-against, the quote in its
file, verification before the freeze, and no undeclared statute text."""

from __future__ import annotations

import datetime as dt
import json
import re
import textwrap
from pathlib import Path
from xml.sax.saxutils import escape

from .cases import near_miss, plant
from .edits import (append_doc, doc, docx_bytes, edit_doc, email, load_task, read_doc, replace_text, seeded, task_json,
                    write_doc)
from .heldout import _R10_ARABIC_DIGITS, _R17_ILCS_15, _c11_docx, _r12_srt, _r17_atom, _r9_odt, _r9_rtf  # the later rounds' document writers
from .heldout import _R13_ILCS_90_15, _r13_statute_xml  # the thirteenth round's statute export
from .heldout import _pdf_bytes, _r8_transcript, _r8_wrap  # the fifth and eighth rounds' writers
from .heldout import _r21_dw  # the twenty-first round's document writers
from .heldout import _r35_ris  # the thirty-fifth round's RIS export
from .heldout import _r36_graph_chat  # the thirty-sixth round's Teams chat export
from .heldout import _r37_uslm  # the thirty-seventh round's USLM writer
from .heldout import _R38_CRS_2B, _r38_westlaw_print  # the thirty-eighth round's Westlaw print

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"

CO_8A = ("An employer shall not enter into, present to a worker or prospective worker as a term of employment, or "
         "attempt to enforce any covenant that is void under this section.")
CO_8B = ("An employer that violates subsection (8)(a) of this section is liable for actual damages and a penalty of "
         "five thousand dollars per worker or prospective worker harmed by the conduct.")
CO_2B = ("this subsection (2) does not apply to a covenant not to compete governing an individual who, at the time "
         "the covenant not to compete is entered into and at the time it is enforced, earns an amount of annualized "
         "cash compensation equivalent to or greater than the threshold amount for highly compensated workers")
CAL_16600 = ("Except as provided in this chapter, every contract by which anyone is restrained from engaging in a "
             "lawful profession, trade, or business of any kind is to that extent void.")


def _entry(env: Path, task: str, which: str, **changes) -> None:
    """Set (value) or delete (None) fields of the seeded-law entry cited as `which`."""
    with task_json(env, task) as t:
        entry = seeded(t, which)
        for key, value in changes.items():
            if value is None:
                del entry[key]
            else:
                entry[key] = value


# --- provenance fields -----------------------------------------------------------------------


@plant("h09-citation-missing", "H09", SD, "A seeded-law entry has no citation key.")
def citation_missing(env: Path, task: str) -> None:
    _entry(env, task, "820 ILCS 90/10(b)", citation=None)


@plant("h09-effective-date-missing", "H09", TB, "A seeded-law entry has no effective_date.")
def effective_missing(env: Path, task: str) -> None:
    _entry(env, task, "C.R.S. § 8-2-113(2)(b)", effective_date=None)


@plant("h09-verified-on-missing", "H09", AM, "A seeded-law entry has no verified_on date.")
def verified_on_missing(env: Path, task: str) -> None:
    _entry(env, task, "La. R.S. 23:921(A)(2)", verified_on=None)


@plant("h09-verified-against-missing", "H09", CI, "A seeded-law entry does not say what it was verified against.")
def verified_against_missing(env: Path, task: str) -> None:
    _entry(env, task, "Cal. Lab. Code § 2871", verified_against=None)


@plant("h09-verified-against-empty", "H09", NE, "A seeded-law entry's verified_against is an empty string.")
def verified_against_empty(env: Path, task: str) -> None:
    _entry(env, task, "C.R.S. § 8-2-113(8)(b)", verified_against="")


@plant("h09-quote-missing", "H09", CA, "A seeded-law entry declares no quote, so its text cannot be checked.")
def quote_missing(env: Path, task: str) -> None:
    _entry(env, task, "RCW 49.62.050", quote=None)


@plant("h09-verified-on-not-a-date", "H09", CI, "A seeded-law entry's verified_on is 'last week'.")
def verified_not_date(env: Path, task: str) -> None:
    _entry(env, task, "Cal. Lab. Code § 2870(b)", verified_on="last week")


@plant("h09-effective-date-not-a-date", "H09", CA, "A seeded-law entry's effective_date is 'TBD'.")
def effective_not_date(env: Path, task: str) -> None:
    _entry(env, task, "RCW 49.62.010(4)", effective_date="TBD")


@plant("h09-verified-in-far-future", "H09", NE, "A seeded-law entry claims it was verified on 2099-03-01.")
def verified_far_future(env: Path, task: str) -> None:
    _entry(env, task, "C.R.S. § 8-2-113(8)(a)", verified_on="2099-03-01")


@plant("h09-verified-after-today", "H09", AM, "A seeded-law entry claims verification three weeks after today.")
def verified_after_today(env: Path, task: str) -> None:
    _entry(env, task, "La. R.S. 23:921(C)", verified_on=(dt.date.today() + dt.timedelta(days=21)).isoformat())


@plant("h09-verified-against-placeholder", "H09", SD,
       "A seeded-law entry's verified_against is the placeholder 'TODO'.")
def h09_todo(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        seeded(t, "820 ILCS 90/10(b)")["verified_against"] = "TODO"


@plant("h09-citation-placeholder", "H09", TB, "A seeded-law entry's citation is the placeholder 'TBD'.")
def citation_placeholder(env: Path, task: str) -> None:
    _entry(env, task, "C.R.S. § 8-2-113(2)(d)", citation="TBD")


@plant("h09-verified-against-see-above", "H09", AM,
       "A second seeded-law entry's verified_against says only 'see above'.")
def verified_against_see_above(env: Path, task: str) -> None:
    _entry(env, task, "La. R.S. 23:921(C)", verified_against="see above")


@plant("h09-instance-verified-against-missing", "H09", "covenant-package-v09",
       "A family instance's seeded DTSA excerpt loses its verified_against.")
def instance_verified_against(env: Path, task: str) -> None:
    _entry(env, task, "18 U.S.C. § 1833(b)(3)(A)", verified_against=None)


# --- the quote and its file ------------------------------------------------------------------


@plant("h09-quote-word-changed", "H09", CA, "One word of a seeded quote differs from the file ('or' -> 'and').")
def quote_word_changed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "RCW 49.62.010(4)")
        entry["quote"] = replace_text(entry["quote"], "directly or indirectly", "directly and indirectly")


@plant("h09-quote-not-in-named-file", "H09", TB, "A seeded-law entry names hr-request.md, which lacks the quote.")
def quote_other_file(env: Path, task: str) -> None:
    _entry(env, task, "C.R.S. § 8-2-113(4)(b)", file="documents/hr-request.md")


@plant("h09-named-file-absent", "H09", SD,
       "A seeded-law entry names documents/illinois-statute.md, which does not exist.")
def file_absent(env: Path, task: str) -> None:
    _entry(env, task, "820 ILCS 90/20", file="documents/illinois-statute.md")


@plant("h09-quote-removed-from-file", "H09", NE, "The excerpt file loses the sentence a seeded entry quotes.")
def quote_removed(env: Path, task: str) -> None:
    edit_doc(env, task, "colorado-law-file.md", f'"{CO_8A}"', '"[text omitted]"')


# --- statute text nobody declared --------------------------------------------------------------


@plant("h09-undeclared-excerpt-new-file", "H09", TB,
       "A new file quotes C.R.S. § 8-2-113(8)(a) and (8)(b) verbatim; no seeded-law entry declares it.")
def undeclared_new_file(env: Path, task: str) -> None:
    write_doc(env, task, "colorado-penalty-excerpt.md", (
        "# C.R.S. § 8-2-113(8): excerpts\n\n## C.R.S. § 8-2-113(8)(a)\n\n"
        f'"{CO_8A}"\n\n## C.R.S. § 8-2-113(8)(b)\n\n"{CO_8B}"\n'))


@plant("h09-undeclared-excerpt-in-existing-doc", "H09", NE,
       "The partner's email quotes C.R.S. § 8-2-113(2)(b) verbatim; the task declares no such excerpt.")
def undeclared_in_doc(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md",
               f'For reference, C.R.S. § 8-2-113(2)(b) provides that "{CO_2B}".')


@plant("h09-undeclared-excerpt-in-docx", "H09", CI,
       "A .docx in the workspace quotes Cal. Bus. & Prof. Code § 16600(a) verbatim, undeclared.")
def undeclared_docx(env: Path, task: str) -> None:
    write_doc(env, task, "investor-questions.docx", docx_bytes([
        "Investor questions on the Lindgren hire",
        "Counsel flagged the following statute:",
        f"Cal. Bus. & Prof. Code § 16600(a): \u201c{CAL_16600}\u201d",
    ]))


@plant("h09-undeclared-excerpt-in-wrapped-eml", "H09", TB,
       "An .eml from the client forwards C.R.S. § 8-2-113(8)(a) and (8)(b) verbatim, cited without the section sign "
       "('C.R.S. 8-2-113(8)(a)') and hard-wrapped at 72 columns as mail clients do; no seeded-law entry declares it.")
def h09_eml(env: Path, task: str) -> None:
    body = ("Miriam,\n\nOur CFO found this in the statute and asked me to pass it on.\n\n"
            + textwrap.fill(f"C.R.S. 8-2-113(8)(a): \"{CO_8A}\"", 72) + "\n\n"
            + textwrap.fill(f"C.R.S. 8-2-113(8)(b): \"{CO_8B}\"", 72) + "\n\nNoor")
    write_doc(env, task, "cfo-statute-forward.eml", email(
        "Noor Haddad <noor.haddad@aspenline.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Sun, 8 Nov 2026 19:20:00 -0700", "Fwd: the Colorado penalty", body))


@plant("h09-undeclared-excerpt-code-section-word", "H09", CI,
       "A research note block-quotes Bus. & Prof. Code § 16600 under 'Business and Professions Code section 16600 "
       "reads:', with no section sign; no seeded-law entry declares it.")
def undeclared_section_word(env: Path, task: str) -> None:
    write_doc(env, task, "research-note.md", (
        "# Research note: the investors' non-compete\n\nBusiness and Professions Code section 16600 reads:\n\n"
        f"> {CAL_16600}\n\nSo the one-year non-compete the investors want cannot go in.\n"))


@plant("h09-all-declarations-removed", "H09", AM,
       "The task's seeded_law list is removed while the statute excerpt file stays in the workspace.")
def declarations_removed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        del t["oafreeze"]["seeded_law"]


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h09-nm-second-quote-fully-declared", "H09", CI,
           "A second sentence of the § 2872 excerpt, already in the file, gets its own complete seeded-law entry.",
           "Citation (stated in the file), effective date, verified-on before today and verified-against are all "
           "declared, and the quote is verbatim in the named file.")
def second_quote_declared(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["seeded_law"].append({
            "file": "documents/california-labor-code-excerpt.md", "citation": "Cal. Lab. Code § 2872",
            "quote": "In any suit or action arising thereunder, the burden of proof shall be on the employee claiming "
                     "the benefits of its provisions.",
            "effective_date": "1980-01-01", "verified_on": "2026-10-01",
            "verified_against": "Cal. Lab. Code § 2872, second sentence; checked against the text of the section "
                                "as set out in this task's excerpt file and the sample library's FACTS.md"})


@near_miss("h09-nm-quote-in-docx-split-runs", "H09", SD,
           "A .docx copy of 820 ILCS 90/20 is added, its text split over Word runs, with a complete seeded entry.",
           "The quoted text is present in the named file as a reader of the .docx sees it; runs are "
           "formatting, not text, and every provenance field is declared.")
def quote_in_docx(env: Path, task: str) -> None:
    quote = ("A covenant not to compete or a covenant not to solicit is illegal and void unless (1) the employer "
             "advises the employee in writing to consult with an attorney before entering into the covenant")
    cut = quote.index("(1)")
    write_doc(env, task, "illinois-counsel-rule.docx", docx_bytes([
        "820 ILCS 90/20", [quote[:cut], quote[cut:cut + 40], quote[cut + 40:] + "."]]))
    with task_json(env, task) as t:
        t["oafreeze"]["seeded_law"].append({
            "file": "documents/illinois-counsel-rule.docx", "citation": "820 ILCS 90/20", "quote": quote,
            "effective_date": "2022-01-01", "verified_on": "2026-10-01",
            "verified_against": "820 ILCS 90/20 as amended by P.A. 102-358; the same text as this task's "
                                "illinois-statute-excerpt.md"})


@near_miss("h09-nm-verified-after-as-of-before-today", "H09", NE,
           "A seeded-law entry is verified a few days after the task's as_of date but before today.",
           "H09 requires verification to predate the freeze; nothing requires it to predate as_of.")
def verified_after_as_of(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        as_of = dt.date.fromisoformat(t["oafreeze"]["as_of"])
        day = min(as_of + dt.timedelta(days=2), dt.date.today() - dt.timedelta(days=1))
        seeded(t, "C.R.S. § 8-2-113(8)(b)")["verified_on"] = day.isoformat()


@near_miss("h09-nm-quote-reflowed-in-file", "H09", AM,
           "The Louisiana excerpt file wraps the (C) paragraph onto two lines in the middle of a seeded quote.",
           "In Markdown a single line break inside a paragraph is a soft break: the quoted words are still "
           "present, in order, in the named file.")
def quote_reflowed(env: Path, task: str) -> None:
    edit_doc(env, task, "louisiana-statute-excerpt.md", "or parts thereof, so long as",
             "or parts thereof,\nso long as")


@near_miss("h09-nm-form-section-quoted", "H09", SD,
           "The 2023 approval memo quotes a clause of the form it approved, cited as 'Section 3.2 of the form "
           "agreement', in the voice of a contract ('The Employee shall not ...').",
           "A contract's own section is not law: H09 asks for provenance of planted excerpts of statute, and the "
           "quoted clause is the client's form, which the memo is about.")
def form_section_quoted(env: Path, task: str) -> None:
    append_doc(env, task, "form-approval-memo-2023.md", (
        'Section 3.2 of the form agreement reads: "The Employee shall not, during employment and for twelve months '
        'after it ends, solicit any customer of the Company with whom the Employee dealt in the last two years of '
        'employment."'))


@near_miss("h09-nm-bare-citation", "H09", CI,
           "The client's email mentions Labor Code section 2872 by citation only.",
           "A citation without quoted statutory text is not an excerpt of law, so there is nothing to declare.")
def bare_citation(env: Path, task: str) -> None:
    edit_doc(env, task, "client-request.md", "and whatever else California requires to go with it.",
             "and whatever else California requires to go with it (our HR team mentioned Labor Code section 2872).")


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h09-undeclared-quote-in-footnote", "H09", SD,
       "An HR onboarding guide quotes 820 ILCS 90/20 in full inside a Markdown footnote; no seeded entry names the "
       "guide.",
       doubtful="Noted after the first scoring: the quoted text is word for word a declared entry's quote (for the "
                "statute excerpt), so one can read it as declared, though no entry names this file.")
def h09_footnote(env: Path, task: str) -> None:
    quote = seeded(load_task(env, task), "820 ILCS 90/20")["quote"]
    write_doc(env, task, "hr-onboarding-guide.md", (
        "# Maplestone onboarding: covenant paperwork\n\n"
        "Give every new hire the covenant agreement well before the first day, and tell them in writing that they may "
        "speak to a lawyer first.[^ifwa]\n\n"
        "Keep the signed copy in the employee file.\n\n"
        f"[^ifwa]: 820 ILCS 90/20 reads: \"{quote}\"\n"))


# Moved from the held-out set (its third fresh round): it informed a change to the audit.
@plant("h09-undeclared-blockquote", "H09", CA,
       "An HR briefing sets out RCW 49.62.010(4)'s sentence as a Markdown blockquote, without quotation marks; no "
       "seeded entry names the briefing.")
def h09_blockquote(env: Path, task: str) -> None:
    write_doc(env, task, "hr-briefing.md", (
        "# Briefing for Halden's HR team\n\nThe 2024 amendment matters most for our customer clause. The statute now "
        "reads:\n\n> A 'noncompetition covenant' also includes an agreement that directly or indirectly prohibits the "
        "acceptance or transaction of business with a customer.\n\n(RCW 49.62.010(4))\n"))


@near_miss("h09-nm-statute-in-second-file-declared", "H09", CA,
           "An HR briefing block-quotes RCW 49.62.010(4)'s sentence, already quoted in the client alert, and a "
           "second seeded_law entry names the briefing with citation, quote, effective date, verified-on and "
           "verified-against.",
           "HYGIENE.md H09 requires every planted excerpt of law to be declared with its provenance and the quote to "
           "be in the named file; both places that carry the sentence now have complete entries, verified before "
           "today.")
def h09_nm_second_file_declared(env: Path, task: str) -> None:
    sentence = ("A 'noncompetition covenant' also includes an agreement that directly or indirectly prohibits the "
                "acceptance or transaction of business with a customer.")
    write_doc(env, task, "customer-clause-briefing.md", (
        "# Briefing for Halden's HR team: the customer clause\n\nSince the 2024 amendment the statute defines the "
        f"term more widely. It now reads:\n\n> {sentence}\n\n(RCW 49.62.010(4))\n"))
    with task_json(env, task) as t:
        t["oafreeze"]["seeded_law"].append({
            "file": "documents/customer-clause-briefing.md", "citation": "RCW 49.62.010(4)", "quote": sentence,
            "effective_date": "2024-06-06", "verified_on": "2026-10-01",
            "verified_against": "RCW 49.62.010(4) as amended by Substitute Senate Bill 5935 (2024); compared word for "
                                "word with the same sentence declared for this task's client alert"})


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h09-verified-against-says-unverified", "H09", CA,
       "The seeded entry for RCW 49.62.010(4) says it was verified against nothing: 'not yet verified; copied from "
       "the Calloway Brandt alert, to check against the code'.")
def h09_r5_unverified(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        seeded(t, "RCW 49.62.010(4)")["verified_against"] = ("not yet verified; copied from the Calloway Brandt alert, "
                                                             "to check against the code")


@near_miss("h09-nm-verified-against-official-code", "H09", CA,
           "The seeded entry for RCW 49.62.010(4) now says it was verified against the Revised Code of Washington as "
           "published by the Washington State Legislature: 'checked against the official code on the legislature's "
           "site'.",
           "HYGIENE.md H09 asks that each excerpt declare what it was verified against; the official code published by "
           "the legislature is a real, authoritative source, and the entry keeps its citation and dates.")
def h09_nm_r5_official_code(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        seeded(t, "RCW 49.62.010(4)")["verified_against"] = (
            "RCW 49.62.010(4) as amended by SSB 5935 (2024); checked verbatim against the official code on the "
            "legislature's site (Revised Code of Washington, chapter 49.62, Washington State Legislature)")


@plant("h09-r7-undeclared-quote-in-guillemets", "H09", CI,
       "A Spanish memo for the Madrid affiliate's HR, documents/es/memo-sierrafold-iberia.md, quotes the burden-of-proof "
       "sentence of Cal. Lab. Code § 2872 in English inside « » guillemets; no seeded_law entry declares that passage "
       "or names the memo.")
def h09_r7_guillemets(env: Path, task: str) -> None:
    sentence = ("In any suit or action arising thereunder, the burden of proof shall be on the employee claiming the "
                "benefits of its provisions.")
    assert sentence in read_doc(env, task, "california-labor-code-excerpt.md")
    assert all(sentence not in e["quote"] for e in load_task(env, task)["oafreeze"]["seeded_law"])
    write_doc(env, task, "es/memo-sierrafold-iberia.md", (
        "# Nota para RR. HH. de Sierrafold Iberia: invenciones de empleados en California\n\n"
        "El acuerdo de Sasha Lindgren no puede exigir la cesión de invenciones desarrolladas por completo en su "
        "tiempo libre y sin medios de la empresa, salvo las dos excepciones legales. Si hubiera un litigio, la carga "
        "de la prueba recae en el empleado. El Código Laboral de California (§ 2872, segunda frase) dice: "
        f"«{sentence}»\n\n"
        "Por eso conviene que Sasha conserve su documentación sobre el método de calibración de 2024.\n"))


@near_miss("h09-nm-r7-undeclared-quote-in-guillemets-companion", "H09", CI,
           "A French note for the Lyon affiliate's HR, documents/fr/note-sierrafold-france.md, quotes the § 2872 "
           "written-notification passage in English inside « » guillemets, and a seeded_law entry declares that "
           "quote for that file with citation, effective date, verified-on date and source.",
           "HYGIENE.md H09 requires every planted excerpt of law to declare its citation, effective date, verified-on "
           "date and what it was verified against, with the quoted text present in the named file; this one does, "
           "verified before the freeze.")
def h09_nm_r7_declared_guillemets(env: Path, task: str) -> None:
    entry = dict(seeded(load_task(env, task), "Cal. Lab. Code § 2872"))
    quote = entry["quote"]
    assert quote in read_doc(env, task, "california-labor-code-excerpt.md")
    write_doc(env, task, "fr/note-sierrafold-france.md", (
        "# Note pour les RH de Sierrafold France : inventions des salariés en Californie\n\n"
        "Sasha Lindgren signera le 26 octobre 2026 un accord de cession d'inventions avec Sierrafold Devices, Inc. "
        "La loi californienne impose de lui remettre, le même jour, une notification écrite. Le § 2872 du Code du "
        "travail de Californie dispose : "
        f"« {quote} ».\n\n"
        "Aucune démarche n'est attendue de l'équipe de Lyon ; cette note est pour information.\n"))
    entry["file"] = "documents/fr/note-sierrafold-france.md"
    entry["verified_against"] = ("Cal. Lab. Code § 2872; the English words quoted in the French note checked "
                                 "verbatim against the OpenAgreements library at commit 33c9f4a (footnote stat-2872)")
    with task_json(env, task) as t:
        t["oafreeze"]["seeded_law"].append(entry)


@plant("h09-r9-undeclared-quote-in-rtf-ag-letter", "H09", TB,
       "A state attorney general's letter to Colorado employers, saved as RTF (documents/regulatory/co-ag-letter.rtf), "
       "quotes C.R.S. § 8-2-113(8)(b) between RTF \\ldblquote / \\rdblquote control words; no seeded_law entry declares "
       "it.")
def h09_r9_ag_letter(env: Path, task: str) -> None:
    write_doc(env, task, "regulatory/co-ag-letter.rtf", _r9_rtf([
        "STATE OF COLORADO - DEPARTMENT OF LAW - OFFICE OF THE ATTORNEY GENERAL",
        "October 20, 2026",
        "To Colorado employers: covenants not to compete",
        "Colorado law limits covenants not to compete and provides that \u201cAn employer that violates subsection "
        "(8)(a) of this section is liable for actual damages and a penalty of five thousand dollars per worker or "
        "prospective worker harmed by the conduct.\u201d C.R.S. \u00a7 8-2-113(8)(b).",
        "We ask every employer to review the covenants it presents to new hires.",
    ]))


@near_miss("h09-nm-r9-declared-quote-in-odt", "H09", AM,
           "The Milan office's Italian note, documents/milano/nota-23921.odt, quotes a phrase of La. R.S. 23:921(C) in "
           "guillemets, and a complete seeded_law entry names the .odt with that quote.",
           "H09 requires each planted excerpt to declare citation, effective date, verified-on date and what it was "
           "verified against, with the quote present in the named file; all of that holds for the .odt.")
def h09_nm_r9_declared_odt(env: Path, task: str) -> None:
    quote = "not to exceed a period of two years from termination of employment"
    assert quote in read_doc(env, task, "louisiana-statute-excerpt.md")
    write_doc(env, task, "milano/nota-23921.odt", _r9_odt([
        "Nota sul limite temporale (Louisiana)",
        f"La. R.S. 23:921(C) ammette il patto di non concorrenza «{quote}».",
        "Il nuovo accordo per Avery Fontenot rispetta il limite di due anni.",
    ], title="Nota 23:921", creator="Studio di Milano"))
    with task_json(env, task) as t:
        t["oafreeze"]["seeded_law"].append({
            "file": "documents/milano/nota-23921.odt",
            "citation": "La. R.S. 23:921(C)",
            "quote": quote,
            "effective_date": "2003-08-15",
            "verified_on": "2026-10-01",
            "verified_against": "La. R.S. 23:921(C) (text as amended by Acts 2003, No. 428); checked verbatim against "
                                "the excerpt in documents/louisiana-statute-excerpt.md and the OpenAgreements library "
                                "at commit 33c9f4a (practice-guides/non-compete/us/louisiana.md, footnote rs-23921-c)",
        })


@plant("h09-r10-undeclared-quote-in-xml-flowdown", "H09", TB,
       "The contracts team's state flow-down export, documents/contracts/state-flowdowns.xml, quotes C.R.S. § "
       "8-2-113(8)(a) in quotation marks inside a <clauseText> element; no seeded_law entry of this task declares it.")
def h09_r10_xml_flowdown(env: Path, task: str) -> None:
    write_doc(env, task, "contracts/state-flowdowns.xml", (
        '<?xml version="1.0" encoding="UTF-8"?>\n<flowdowns contractor="Aspenline Payments, LLC">\n'
        '  <flowdown state="CO">\n    <citation>C.R.S. § 8-2-113(8)(a)</citation>\n'
        '    <clauseText>"An employer shall not enter into, present to a worker or prospective worker as a term of '
        'employment, or attempt to enforce any covenant that is void under this section."</clauseText>\n'
        '    <appliesTo>All Colorado hires on the payments program</appliesTo>\n  </flowdown>\n</flowdowns>\n'))


@near_miss("h09-nm-r10-far-clause-matrix-citations-only", "H09", NE,
           "Granite Peak's FAR/DFARS clause matrix for its federal maintenance contract, documents/contracts/"
           "clause-matrix.md, lists clause numbers, titles and dates in a Markdown table without quoting any text.",
           "H09 asks that every planted excerpt of law be declared; a table of clause numbers and titles quotes no "
           "text of law, so there is no excerpt to declare.")
def h09_nm_r10_clause_matrix(env: Path, task: str) -> None:
    write_doc(env, task, "contracts/clause-matrix.md", (
        "# Clause matrix: contract 47QSWA23D0031, task order 0004\n\n"
        "| Clause | Title | Date | Flow down to subcontracts? |\n|---|---|---|---|\n"
        "| FAR 52.204-21 | Basic Safeguarding of Covered Contractor Information Systems | NOV 2021 | Yes |\n"
        "| FAR 52.222-50 | Combating Trafficking in Persons | NOV 2021 | Yes |\n"
        "| FAR 52.222-55 | Minimum Wages for Contractor Workers Under Executive Order 14026 | JAN 2022 | Yes |\n"
        "| DFARS 252.204-7012 | Safeguarding Covered Defense Information and Cyber Incident Reporting | MAY 2024 | "
        "Yes |\n"))


@plant("h09-c10-statute-quoted-in-html-research-page", "H09", AM,
       "A research page saved from the firm's intranet, documents/research/la-rs-23-921-d.html, quotes La. R.S. "
       "23:921(D) in a paragraph whose tags carry quoted attributes (class, data-cite, title); the task has no seeded-"
       "law entry for it, so the planted law declares no citation, effective date or verification.")
def h09_c10_html_statute(env: Path, task: str) -> None:
    write_doc(env, task, "research/la-rs-23-921-d.html", (
        '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>La. R.S. 23:921(D): competing '
        'employment</title></head>\n<body>\n'
        '<h1 class="page-title">Louisiana: who is &quot;carrying on&quot; a similar business</h1>\n'
        '<p class="statute-quote" data-cite="La. R.S. 23:921(D)" title="Louisiana Revised Statutes">Subsection D '
        'provides: <q cite="La. R.S. 23:921(D)">For the purposes of Subsections B and C, a person who becomes employed '
        'by a competing business, regardless of whether or not that person is an owner or equity interest holder of '
        'that competing business, may be deemed to be carrying on or engaging in a business similar to that of the '
        'party having a contractual right to prevent that person from competing.</q></p>\n'
        '<p class="note">Relevant to a salesperson who joins a competitor as an employee.</p>\n'
        '</body>\n</html>\n'))


@plant("h09-r11-undeclared-rcw-block-quote-in-rst", "H09", CA,
       "A research note in reStructuredText, documents/research/penalty-note.rst, quotes RCW 49.62.080(3) (the "
       "$5,000 statutory penalty) as an indented block quote under a '.. note::' directive; no seeded_law entry "
       "declares it.")
def h09_r11_rst_quote(env: Path, task: str) -> None:
    write_doc(env, task, "research/penalty-note.rst", (
        "Penalty exposure under chapter 49.62 RCW\n========================================\n\n"
        ".. note:: Research note for the Halden file; not for the client.\n\n"
        "RCW 49.62.080(3) provides:\n\n"
        "    If a court or arbitrator determines that a noncompetition covenant violates this chapter, the\n"
        "    violator must pay the aggrieved person the greater of his or her actual damages or a statutory\n"
        "    penalty of five thousand dollars, plus reasonable attorneys' fees, expenses, and costs incurred in\n"
        "    the proceeding.\n\n"
        "The penalty applies whether the court voids the covenant or narrows it.\n"))


@plant("h09-c11-undeclared-ilcs-as-indented-docx-paragraph", "H09", SD,
       "A research memo, documents/research/fee-shifting.docx, sets 820 ILCS 90/25 (fee-shifting) off as a paragraph "
       "indented half an inch on both sides, introduced by 'Section 25 of the Act reads as follows:', with no quotation "
       "marks; no seeded_law entry declares 820 ILCS 90/25.")
def h09_c11_docx_indent(env: Path, task: str) -> None:
    write_doc(env, task, "research/fee-shifting.docx", _c11_docx([
        ("Maplestone / Ellery: fee exposure if a covenant is challenged", False),
        ("The Illinois Freedom to Work Act shifts fees to an employee who wins. Section 25 of the Act reads as "
         "follows:", False),
        ("In addition to any remedies available under any agreement between an employer and an employee or under any "
         "other statute, in a civil action or arbitration filed by an employer (including, but not limited to, a "
         "complaint or counterclaim), if the employee prevails on a claim to enforce a covenant not to compete or a "
         "covenant not to solicit, the employee shall recover from the employer all costs and all reasonable "
         "attorney's fees regarding such claim to enforce a covenant not to compete or a covenant not to solicit, "
         "including costs and reasonable fees regarding establishing the employee's right to such costs and "
         "attorney's fees.", True),
        ("The provision runs one way: an employer that wins recovers nothing under it.", False),
    ]))


@plant("h09-r12-undeclared-quote-in-training-subtitles", "H09", CI,
       "The subtitles of Sierrafold's onboarding video, documents/training/inventions-101.srt, have the trainer read "
       "Cal. Lab. Code § 2871 aloud in quotation marks, the quote running over two cues; no seeded_law entry names "
       "the .srt.")
def h09_r12_srt_quote(env: Path, task: str) -> None:
    write_doc(env, task, "training/inventions-101.srt", _r12_srt([
        "Welcome to Sierrafold's onboarding module\non inventions.",
        "California Labor Code section 2871 says,\nand I quote:",
        "\"No employer shall require a provision made void\nand unenforceable by Section 2870",
        "as a condition of employment\nor continued employment.\"",
        "So we never make a broader assignment\na condition of the job.",
    ]))


@plant("h09-r12-undeclared-quote-in-latex-quotes", "H09", SD,
       "The associate's LaTeX research note, documents/drafts/ifwa-research.tex, quotes 820 ILCS 90/10(b) in TeX "
       "quotation marks (``...'') with its dollar signs escaped (\\$45,000); no seeded_law entry names the .tex file.")
def h09_r12_latex_quote(env: Path, task: str) -> None:
    quote = seeded(load_task(env, task), "820 ILCS 90/10(b)")["quote"]
    tail = (" This amount shall increase to $47,500 per year beginning on January 1, 2027, $50,000 per year beginning "
            "on January 1, 2032, and $52,500 per year beginning on January 1, 2037.")
    assert (quote + tail) in read_doc(env, task, "illinois-statute-excerpt.md")
    tex = (quote + tail).replace("$", "\\$")
    write_doc(env, task, "drafts/ifwa-research.tex", (
        "\\documentclass{article}\n\\begin{document}\n\\section*{Illinois non-solicit floor}\n"
        f"Section 10(b) of the Act reads: ``{tex}''\n\n"
        "Jordan's \\$78,500 clears the non-solicit floor in both years.\n\\end{document}\n"))


@plant("h09-r10-effective-date-in-arabic-indic-digits", "H09", AM,
       "The seeded entry for La. R.S. 23:921(A)(2) was re-keyed by the Dubai office: its effective_date reads "
       "'١٩٩٩-٠٨-١٥' in Arabic-Indic digits, not an ISO date in ASCII digits.",
       doubtful="Python's \\d and int() accept Arabic-Indic digits, so a lenient reader gets the right date")
def h09_r10_arabic_effective(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "La. R.S. 23:921(A)(2)")
        assert entry["effective_date"] == "1999-08-15"
        entry["effective_date"] = "1999-08-15".translate(_R10_ARABIC_DIGITS)


# --- from the fifteenth held-out round ---


@plant("h09-r15-same-citation-declared-twice-with-other-dates", "H09", SD,
       "820 ILCS 90/20 is declared twice with the same file and quote: the original entry (effective 2022-01-01) and "
       "a second one, added from another tracker, giving effective_date 2021-08-13 (the day the amending act was "
       "signed): two provenance records that disagree on when the excerpt took effect.")
def h09_r15_twice(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = dict(seeded(t, "820 ILCS 90/20"))
        assert entry["effective_date"] == "2022-01-01"
        entry["effective_date"] = "2021-08-13"
        entry["verified_against"] = ("Public Act 102-358 (approved 2021-08-13) as published by the Illinois General "
                                     "Assembly; checked verbatim against documents/illinois-statute-excerpt.md")
        t["oafreeze"]["seeded_law"].append(entry)


# --- from the seventeenth held-out round ---


@plant("h09-r17-undeclared-quote-in-atom-feed", "H09", SD,
       "The paralegal's legal-news reader saved its Illinois feed into the matter, documents/research/illinois-"
       "employment.atom; one entry's HTML content quotes 820 ILCS 90/15 in full, in quotation marks, and no seeded_law "
       "entry declares it.")
def h09_r17_atom(env: Path, task: str) -> None:
    write_doc(env, task, "research/illinois-employment.atom", _r17_atom("Illinois employment law: latest", [
        ("ifwa-15", "Freedom to Work Act: the five conditions",
         f"<p>The Act's enforceability section, 820 ILCS 90/15, reads: &ldquo;{_R17_ILCS_15}&rdquo;</p>"),
        ("payroll-card", "Payroll card rules unchanged for 2027", "<p>No amendments were filed this session.</p>"),
    ]))


# --- eighteenth held-out round: cases that informed a change ---


@plant("h09-r18-excerpt-headings-swapped", "H09", SD,
       "In documents/illinois-statute-excerpt.md the headings '820 ILCS 90/10(a)' and '820 ILCS 90/10(b)' were swapped "
       "when the sections were reordered: each quoted passage now sits under the other subsection's citation, while "
       "the seeded entries still cite them correctly.")
def h09_r18_swapped(env: Path, task: str) -> None:
    path = doc(env, task, "illinois-statute-excerpt.md")
    text = path.read_text("utf-8")
    a, b = "## 820 ILCS 90/10(a)\n", "## 820 ILCS 90/10(b)\n"
    assert text.count(a) == 1 and text.count(b) == 1
    path.write_text(text.replace(a, "\0").replace(b, a).replace("\0", b), "utf-8")


@plant("h09-r18-provenance-copied-from-sibling-entry", "H09", NE,
       "The seeded entry for C.R.S. § 8-2-113(8)(b) has the (8)(a) entry's verified_against pasted in: it says the "
       "text checked was § 8-2-113(8)(a), footnote crs-prohibited-conduct, so nothing records a check of (8)(b).")
def h09_r18_copied_provenance(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        source = seeded(t, "C.R.S. § 8-2-113(8)(a)")["verified_against"]
        entry = seeded(t, "C.R.S. § 8-2-113(8)(b)")
        assert entry["verified_against"] != source and "(8)(a)" in source
        entry["verified_against"] = source


# --- a saved statute page and a curly apostrophe (sixth and fourteenth held-out rounds) ---


@plant("h09-r14-undeclared-statute-as-saved-legislature-page", "H09", CA,
       "An HR analyst saved the legislature's page for RCW 49.62.020 ('Save page as, HTML only') into documents/"
       "research/RCW 49.62.020.html: the statute's text, set in the page's <div> elements, with no seeded_law entry "
       "for the file.")
def h09_r14_saved_page(env: Path, task: str) -> None:
    sections = [
        ("(1)", "A noncompetition covenant is void and unenforceable:"),
        ("(a)(i)", "Unless the employer discloses the terms of the covenant in writing to the prospective employee "
                   "no later than the time of the acceptance of the offer of employment and, if the agreement becomes "
                   "enforceable only at a later date due to changes in the employee's compensation, the employer "
                   "specifically discloses that the agreement may be enforceable against the employee in the future; "
                   "or"),
        ("(ii)", "If the covenant is entered into after the commencement of employment, unless the employer "
                 "provides independent consideration for the covenant;"),
        ("(b)", "Unless the employee's earnings from the party seeking enforcement, when annualized, exceed one "
                "hundred thousand dollars per year. This amount must be adjusted annually in accordance with "
                "RCW 49.62.040;"),
    ]
    body = "\n".join(f'      <div style="text-indent:0.5in;">{escape(n)} {escape(t)}</div>' for n, t in sections)
    write_doc(env, task, "research/RCW 49.62.020.html", (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>RCW 49.62.020: "
        "Noncompetition covenant void and unenforceable</title>\n</head>\n<body>\n  <div id=\"contentWrapper\">\n"
        "    <h3>RCW 49.62.020</h3>\n    <h3>Noncompetition covenant void and unenforceable.</h3>\n"
        f"    <div>\n{body}\n    </div>\n  </div>\n</body>\n</html>\n"))


@plant("h09-r6-entry-quote-with-curly-apostrophe", "H09", SD,
       "The seeded entry for 820 ILCS 90/10(a) was pasted from Word: its quote says 'employee\u2019s' with a curly "
       "apostrophe, while the excerpt file has the straight one, so the quote is not in the file.")
def h09_r6_curly(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "820 ILCS 90/10(a)")
        assert "employee's" in entry["quote"]
        entry["quote"] = entry["quote"].replace("'", "\u2019")
    assert "employee\u2019s" not in read_doc(env, task, "illinois-statute-excerpt.md")


# --- nineteenth held-out round: a statute in translation ---


@plant("h09-r19-undeclared-spanish-translation-of-statute", "H09", CI,
       "Sierrafold HR's Spanish-language onboarding note, documents/hr/aviso-invenciones-es.md, quotes Cal. Lab. Code "
       "§ 2872 in an unofficial Spanish translation, in quotation marks with its citation; no seeded_law entry "
       "declares the excerpt, its source or who checked the translation.")
def h09_r19_spanish(env: Path, task: str) -> None:
    write_doc(env, task, "hr/aviso-invenciones-es.md", (
        "# Aviso para nuevos empleados: invenciones\n\n"
        "Preparado por Recursos Humanos de Sierrafold para empleados que prefieren leer en español.\n\n"
        "## Código Laboral de California, artículo 2872 (Cal. Lab. Code § 2872)\n\n"
        "\"Si un contrato de trabajo celebrado después del 1 de enero de 1980 contiene una disposición que obliga al "
        "empleado a ceder, u ofrecer ceder, cualquiera de sus derechos sobre una invención a su empleador, el "
        "empleador deberá además, en el momento de celebrarse el contrato, entregar al empleado una notificación "
        "escrita de que el contrato no se aplica a una invención que reúna plenamente los requisitos del artículo "
        "2870.\"\n\nTraducción no oficial.\n"))


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h09-r20-verified-against-the-planted-file", "H09", CA,
       "The seeded entry for RCW 49.62.050 says it was verified against 'the Calloway Brandt client alert of "
       "2026-02-09 (documents/client-alert.md)': the very file the excerpt is planted in, another firm's alert, so "
       "nothing independent was checked.")
def h09_r20_circular(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "RCW 49.62.050")
        assert entry["file"] == "documents/client-alert.md"
        entry["verified_against"] = ("RCW 49.62.050; checked verbatim against the Calloway Brandt client alert of "
                                     "2026-02-09 (documents/client-alert.md)")


@plant("h09-r20-verified-before-the-text-was-enacted", "H09", TB,
       "The seeded entry for C.R.S. § 8-2-113(2)(b), which quotes the text as amended by SB 25-083 (in force from "
       "August 6, 2025), says verified_on 2024-05-20: a verification copied from an older task, made before the "
       "quoted wording existed.")
def h09_r20_verified_too_early(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "C.R.S. § 8-2-113(2)(b)")
        assert entry["effective_date"] == "2025-08-06" and "SB 25-083" in entry["verified_against"]
        entry["verified_on"] = "2024-05-20"


@near_miss("h09-nm-r13-declared-statute-in-legislative-xml", "H09", SD,
           "documents/law/820-ilcs-90-15.xml (820 ILCS 90/15 as legislative XML) is planted with a complete seeded_law "
           "entry: citation, the quote as it stands in the file, effective date, verified-on and verified-against.",
           "H09 wants every planted excerpt declared with its provenance and its quote present in the named file; the "
           "entry is complete and the quote is the XML's text, verified before the freeze.")
def h09_nm_r13_uslm_declared(env: Path, task: str) -> None:
    write_doc(env, task, "law/820-ilcs-90-15.xml",
              _r13_statute_xml("820 ILCS 90/15", "Enforceability of a covenant not to compete or a covenant not to "
                               "solicit", _R13_ILCS_90_15))
    with task_json(env, task) as t:
        t["oafreeze"]["seeded_law"].append({
            "file": "documents/law/820-ilcs-90-15.xml", "citation": "820 ILCS 90/15", "quote": _R13_ILCS_90_15,
            "effective_date": "2022-01-01", "verified_on": "2026-10-01",
            "verified_against": "820 ILCS 90/15 as amended by P.A. 102-358; checked verbatim against the Illinois "
                                "Compiled Statutes as published by the Illinois General Assembly"})


@plant("h09-r13-undeclared-statute-in-legislative-xml", "H09", SD,
       "documents/law/820-ilcs-90-15.xml, a legislative-XML export of 820 ILCS 90/15 (the five conditions of "
       "enforceability), is planted in the workspace; no seeded_law entry declares it.")
def h09_r13_uslm(env: Path, task: str) -> None:
    write_doc(env, task, "law/820-ilcs-90-15.xml",
              _r13_statute_xml("820 ILCS 90/15", "Enforceability of a covenant not to compete or a covenant not to "
                               "solicit", _R13_ILCS_90_15))


# --- moved from the held-out set on 2026-12-04 (the cases that informed this round's changes) ----------------------


@plant("h09-r21-undeclared-quote-in-saved-leginfo-page", "H09", CI,
       "The California Legislative Information page for Business and Professions Code section 16600, saved as "
       "documents/research/bpc-16600.html, quotes subdivision (a) in full; no seeded_law entry declares it.")
def h09_r21_leginfo_html(env: Path, task: str) -> None:
    write_doc(env, task, "research/bpc-16600.html", (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Code Section - Business and "
        "Professions Code 16600</title></head>\n<body>\n<h3>BUSINESS AND PROFESSIONS CODE - BPC</h3>\n"
        "<h4>DIVISION 7. GENERAL BUSINESS REGULATIONS [16000 - 18001]</h4>\n<h6>16600.</h6>\n"
        "<p>(a) Except as provided in this chapter, every contract by which anyone is restrained from engaging in a "
        "lawful profession, trade, or business of any kind is to that extent void.</p>\n"
        "<p><i>(Saved for the Sierrafold file.)</i></p>\n</body></html>\n"))



@plant("h09-r5-undeclared-quote-in-court-order-pdf", "H09", AM,
       "A PDF of a court order in the Delacroix case quotes La. R.S. 23:921(C) in quotation marks; no seeded_law "
       "entry names the PDF.")
def h09_r5_order_pdf(env: Path, task: str) -> None:
    write_doc(env, task, "delacroix/order-on-tro.pdf", _pdf_bytes([
        "19th Judicial District Court, Parish of East Baton Rouge, State of Louisiana",
        "Bayou Crest Environmental, L.L.C. v. Delacroix",
        "ORDER ON APPLICATION FOR TEMPORARY RESTRAINING ORDER",
        "The statute permits such a covenant only \"within a specified parish or parishes, municipality or "
        "municipalities, or parts thereof\" and \"not to exceed a period of two years from termination of "
        "employment.\" The application is DENIED.",
        "Signed at Baton Rouge, Louisiana, on 15 May 2026.",
    ]))



@plant("h09-r8-statute-read-into-hearing-transcript", "H09", TB,
       "A line-numbered employment-tribunal hearing transcript from Aspenline's UK subsidiary, documents/transcripts/"
       "et-hearing-day2.txt, has counsel read section 86(1) of the Employment Rights Act 1996 into the record in "
       "quotation marks; no seeded-law entry declares it.")
def h09_r8_transcript_statute(env: Path, task: str) -> None:
    spoken = ("MS ADEBAYO: Section 86(1) of the Employment Rights Act 1996 provides: \"The notice required to be given "
              "by an employer to terminate the contract of employment of a person who has been continuously employed "
              "for one month or more (a) is not less than one week's notice if his period of continuous employment "
              "is less than two years\". That is the floor, sir.")
    lines = ["EMPLOYMENT JUDGE: Yes, Ms Adebayo.", ""] + _r8_wrap(spoken) + ["", "EMPLOYMENT JUDGE: Thank you."]
    write_doc(env, task, "transcripts/et-hearing-day2.txt",
              _r8_transcript(lines, 41, "Parkes v Aspenline Payments UK Ltd -- Day 2"))



@plant("h09-c11-undeclared-crs-tab-indented-in-txt", "H09", TB,
       "A plain-text research note, documents/research/venue-note.txt, sets C.R.S. § 8-2-113(6) off as a block of "
       "tab-indented, hard-wrapped lines after 'The venue rule is in subsection (6):', without quotation marks; the "
       "task's seeded_law declares (2)(b), (2)(d), (4)(b) and the PAY CALC figure, not (6).")
def h09_c11_tab_block(env: Path, task: str) -> None:
    statute = ("(6) A covenant not to compete that applies to a worker who, at the time of the termination of the "
               "worker's employment, primarily resided or worked in Colorado may not require the worker to adjudicate "
               "the enforceability of the covenant not to compete outside of Colorado, and the covenant is governed by "
               "Colorado law notwithstanding any contractual provision to the contrary.")
    block = "\n".join("\t" + line for line in textwrap.wrap(statute, 68))
    write_doc(env, task, "research/venue-note.txt", (
        "ASPENLINE / VANDERMEER - venue and choice of law\n\n"
        "Riley works in Denver, so a Colorado forum is the only safe choice. The venue rule is in subsection (6):\n\n"
        + block + "\n\nKeep Denver courts and Colorado law in the agreement as the offer summary says.\n"))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h09-r25-verified-against-blank", "H09", CA,
       "The RCW 49.62.050 seeded entry's verified_against is two spaces.")
def h09_r25_blank(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        seeded(t, "RCW 49.62.050")["verified_against"] = "  "


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-sixth round) -------


@plant("h09-r25-undeclared-regulation-in-pdf-bulletin", "H09", TB,
       "documents/hr/cdle-bulletin.pdf quotes the 2026 PAY CALC Order's customer non-solicit figure as law; no "
       "seeded_law entry declares it.")
def h09_r25_pdf(env: Path, task: str) -> None:
    write_doc(env, task, "hr/cdle-bulletin.pdf", _r21_dw().pdf([
        "Colorado Department of Labor and Employment: 2026 PAY CALC Order, 7 CCR 1103-14, Rule 1.2.1(G). "
        "Customer non-solicitation covenants (60% of the highly compensated threshold): $78,008.40 annually. "
        "Effective January 1, 2026."], title="CDLE bulletin"))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h09-r28-undeclared-statute-in-akoma-ntoso-xml", "H09", CI,
       "documents/research/lab-code-2871-2872.akn.xml, an Akoma Ntoso export from a legislative research tool, holds "
       "the text of Cal. Lab. Code §§ 2871 and 2872; no seeded_law entry names this file.")
def h09_r28_akn(env: Path, task: str) -> None:
    excerpt = read_doc(env, task, "california-labor-code-excerpt.md")
    texts = re.findall(r'^"(.+)"$', excerpt, re.M)
    s2871 = next(x for x in texts if x.startswith("No employer shall require"))
    s2872 = next(x for x in texts if x.startswith("If an employment agreement entered into"))
    sections = "".join(
        f'<section eId="sec_{num}"><num>{num}.</num><content><p>{escape(body)}</p></content></section>'
        for num, body in (("2871", s2871), ("2872", s2872)))
    write_doc(env, task, "research/lab-code-2871-2872.akn.xml", (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act name="labor-code">'
        '<meta><identification source="#research-tool"><FRBRWork><FRBRthis value="/akn/us-ca/act/code/lab/!main"/>'
        '</FRBRWork></identification></meta><body><division eId="div_3"><heading>Employee Inventions</heading>'
        f'{sections}</division></body></act></akomaNtoso>\n'))
    assert all(e["file"] != "documents/research/lab-code-2871-2872.akn.xml"
               for e in load_task(env, task)["oafreeze"]["seeded_law"])


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h09-r30-undeclared-quote-in-japanese-corner-brackets", "H09", CI,
       "documents/investor/legal-comments-ja.md, comments from the Japanese investor's legal team, quotes Cal. Bus. & "
       "Prof. Code § 16600(a) verbatim in Japanese corner brackets (「...」); no seeded_law entry declares § 16600.")
def h09_r30_corner_brackets(env: Path, task: str) -> None:
    assert not any("16600" in e["citation"] for e in load_task(env, task)["oafreeze"]["seeded_law"])
    write_doc(env, task, "investor/legal-comments-ja.md", (
        "# Sierrafold 社 発明譲渡契約についてのコメント\n\n"
        "投資家側法務チームより。\n\n"
        "カリフォルニア州ビジネス・職業法典第16600条(a)は次のとおり定めています。"
        "「Except as provided in this chapter, every contract by which anyone is restrained from engaging in a lawful "
        "profession, trade, or business of any kind is to that extent void.」\n\n"
        "したがって、退職後一年間の競業避止条項は契約に入れないでください。退職後の発明の帰属についても同様に"
        "ご検討ください。\n"))


@plant("h09-r31-excerpt-retyped-with-two-spaces-after-periods", "H09", SD,
       "illinois-statute-excerpt.md was retyped by someone who puts two spaces after every full stop, so the declared "
       "820 ILCS 90/10(a) quote ('... per year. This amount shall increase ...') is no longer in the file.")
def h09_r31_two_spaces(env: Path, task: str) -> None:
    entry_quote = seeded(load_task(env, task), "820 ILCS 90/10(a)")["quote"]
    path = doc(env, task, "illinois-statute-excerpt.md")
    text, n = re.subn(r"\. (?=[A-Z])", ".  ", path.read_text("utf-8"))
    assert n >= 3 and entry_quote not in text
    path.write_text(text, "utf-8")


@plant("h09-r35-undeclared-quote-in-ris-export", "H09", CA,
       "documents/research/washington-sources.ris, a RIS export from the firm's research platform, has a note (N1) "
       "quoting RCW 49.62.020(1)(a)(i)'s disclosure rule in quotation marks; no seeded_law entry declares it.")
def h09_r35_ris(env: Path, task: str) -> None:
    write_doc(env, task, "research/washington-sources.ris", _r35_ris([
        [("TY", "STAT"), ("TI", "Noncompetition covenants: when void and unenforceable"),
         ("T2", "Revised Code of Washington"), ("SE", "49.62.020"), ("PY", "2024"),
         ("DB", "Washington State Legislature"),
         ("N1", "RCW 49.62.020(1)(a)(i): a noncompetition covenant is void and unenforceable \"unless the employer "
                "discloses the terms of the covenant in writing to the prospective employee no later than the time of "
                "the acceptance of the offer of employment\"")],
        [("TY", "RPRT"), ("TI", "Client Alert: Washington Non-Compete Rules for 2026"), ("AU", "Calloway Brandt LLP"),
         ("PY", "2026")],
    ]))


@near_miss("h09-nm-r36-declared-quote-in-teams-chat-export", "H09", TB,
           "documents/chat/aspenline-hr-chat.json, a Teams chat exported through Microsoft Graph, quotes C.R.S. "
           "§ 8-2-113(4)(b) word for word, and a new seeded_law entry declares that file with the same citation, quote, "
           "dates and source as the excerpt's entry.",
           "HYGIENE.md H09 wants each planted excerpt declared with citation, effective date, verified-on date before "
           "the freeze and verified-against, with the quote in the named file; the entry gives all of them and the "
           "message holds the quote verbatim.")
def h09_nm_r36_teams_declared(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        base = seeded(t, "C.R.S. § 8-2-113(4)(b)")
        quote = base["quote"]
        t["oafreeze"]["seeded_law"].append({**base, "file": "documents/chat/aspenline-hr-chat.json"})
    text = _r36_graph_chat("Aspenline People team", [
        ("Noor Haddad", "2026-11-06T17:20:05Z",
         "<p>For Riley's paperwork, the notice rule, C.R.S. &sect; 8-2-113(4)(b): \u201c" + quote + "\u201d</p>"),
        ("Aspenline People", "2026-11-06T17:24:51Z", "<p>Thanks, we will wait for Miriam's drafts.</p>"),
    ])
    assert quote in text
    write_doc(env, task, "chat/aspenline-hr-chat.json", text)


# --- H10 temporal consistency (thirty-sixth round) -----------------------------------------------------------------


@plant("h09-r36-undeclared-federal-quote-in-teams-chat-export", "H09", SD,
       "documents/chat/maplestone-hr-chat.json, a Teams chat exported through Microsoft Graph, has Maplestone's COO "
       "quote 18 U.S.C. § 1833(b)(1) word for word ('An individual shall not be held criminally or civilly liable "
       "...'); no seeded_law entry declares it.")
def h09_r36_teams_quote(env: Path, task: str) -> None:
    quote = ("An individual shall not be held criminally or civilly liable under any Federal or State trade secret law "
             "for the disclosure of a trade secret that")
    assert all("1833" not in e["citation"] for e in load_task(env, task)["oafreeze"]["seeded_law"])
    write_doc(env, task, "chat/maplestone-hr-chat.json", _r36_graph_chat("Maplestone HR: Ellery paperwork", [
        ("Elena Vasquez-Moore", "2026-10-29T15:02:11Z",
         "<p>Keep the whistleblower paragraph in Jordan's agreement. 18 U.S.C. &sect; 1833(b)(1): \u201c" + quote
         + " ...\u201d</p>"),
        ("Maplestone HR", "2026-10-29T15:06:40Z", "<p>Noted, it stays in.</p>"),
    ]))


@plant("h09-r37-undeclared-usc-text-in-uslm-xml", "H09", NE,
       "documents/research/usc-t18-s1833.xml, 18 U.S.C. \u00a7 1833 in USLM (the Law Revision Counsel's XML), sets out "
       "the text of subsection (b)(1) on immunity for confidential disclosure of a trade secret; no seeded-law entry "
       "declares it.")
def h09_r37_uslm(env: Path, task: str) -> None:
    base = "/us/usc/t18/s1833/b/1"
    inner = (
        '<subsection identifier="/us/usc/t18/s1833/b"><num value="b">(b)</num><heading> Immunity From Liability for '
        "Confidential Disclosure of a Trade Secret to the Government or in a Court Filing.\u2014</heading>\n"
        f'<paragraph identifier="{base}"><num value="1">(1)</num><heading> Immunity.\u2014</heading>'
        "<chapeau>An individual shall not be held criminally or civilly liable under any Federal or State trade secret "
        "law for the disclosure of a trade secret that\u2014</chapeau>\n"
        f'<subparagraph identifier="{base}/A"><num value="A">(A)</num><chapeau>is made\u2014</chapeau>\n'
        f'<clause identifier="{base}/A/i"><num value="i">(i)</num><content>in confidence to a Federal, State, or local '
        "government official, either directly or indirectly, or to an attorney; and</content></clause>\n"
        f'<clause identifier="{base}/A/ii"><num value="ii">(ii)</num><content>solely for the purpose of reporting or '
        "investigating a suspected violation of law; or</content></clause></subparagraph>\n"
        f'<subparagraph identifier="{base}/B"><num value="B">(B)</num><content>is made in a complaint or other document '
        "filed in a lawsuit or other proceeding, if such filing is made under seal.</content></subparagraph>\n"
        "</paragraph></subsection>")
    assert all("1833" not in e["citation"] for e in load_task(env, task)["oafreeze"]["seeded_law"])
    write_doc(env, task, "research/usc-t18-s1833.xml",
              _r37_uslm("/us/usc/t18/s1833", "1833", "Exceptions to prohibitions", inner,
                        title="18 USC 1833: Exceptions to prohibitions"))


@plant("h09-r38-verified-against-a-chatbot", "H09", CA,
       "The seeded entry for RCW 49.62.050 says it was verified against 'ChatGPT (GPT-4o), asked on 2026-10-01 whether "
       "RCW 49.62.050 still reads as quoted; it said yes': a chatbot's answer, not a source of the statute's text.")
def h09_r38_chatbot(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "RCW 49.62.050")
        assert "checked verbatim" in entry["verified_against"]
        entry["verified_against"] = ("ChatGPT (GPT-4o), asked on 2026-10-01 whether RCW 49.62.050 still reads as "
                                     "quoted; it said yes")


@plant("h09-r38-undeclared-statute-in-westlaw-text-print", "H09", NE,
       "documents/research/crs-8-2-113-westlaw.txt, a Westlaw 'Print > Text' of C.R.S. § 8-2-113(2)(b), sets out the "
       "subsection's text word for word; no seeded_law entry of this task declares § 8-2-113(2)(b) or names the "
       "print.")
def h09_r38_westlaw(env: Path, task: str) -> None:
    assert "8-2-113(2)(b)" not in read_doc(env, task, "colorado-law-file.md")
    with task_json(env, task) as t:
        assert all("(2)(b)" not in e["citation"] for e in t["oafreeze"]["seeded_law"])
    write_doc(env, task, "research/crs-8-2-113-westlaw.txt", _r38_westlaw_print(
        "C.R.S.A. \u00a7 8-2-113", "(2)(b)", _R38_CRS_2B, printed="2026-10-01"))


@near_miss("h09-nm-r40-handbook-section-quoted-with-section-sign", "H09", AM,
           "documents/handbook-excerpt.md quotes section 4.2 of Bayou Crest's employee handbook, with a section sign "
           "and quotation marks: '§ 4.2 Outside Employment. \"Employees may not work for a competitor while employed "
           "by the Company without the President's written approval.\"'",
           "HYGIENE.md H09 is about planted excerpts of law; a private employer's handbook is company policy, not law, "
           "so it needs no seeded_law entry even when it is quoted under a section sign.")
def h09_nm_r40_handbook(env: Path, task: str) -> None:
    write_doc(env, task, "handbook-excerpt.md", (
        "# Bayou Crest Environmental employee handbook (2025 edition): excerpt\n\n"
        "§ 4.2 Outside Employment. \"Employees may not work for a competitor while employed by the Company "
        "without the President's written approval.\"\n\n"
        "§ 4.3 Company Property. \"Field equipment, site data and bid files remain Company property and must be "
        "returned on request.\"\n"))
    assert "§ 4.2" in read_doc(env, task, "handbook-excerpt.md")


@plant("h09-r40-undeclared-labor-code-2860-in-freemind-map", "H09", CI,
       "documents/research/ip-ownership.mm, a FreeMind mind map the associate drew of who owns Sasha's inventions, "
       "has a node quoting California Labor Code section 2860 in full; the seeded law declares sections 2870 to "
       "2872 only.")
def h09_r40_freemind(env: Path, task: str) -> None:
    quote = ("Everything which an employee acquires by virtue of his employment, except the compensation which is "
             "due to him from his employer, belongs to the employer, whether acquired lawfully or unlawfully, or "
             "during or after the expiration of the term of his employment.")
    assert "2860" not in json.dumps(load_task(env, task)["oafreeze"]["seeded_law"])
    node = f"Cal. Lab. Code § 2860: \"{quote}\""
    write_doc(env, task, "research/ip-ownership.mm", (
        '<map version="1.0.1">\n<node ID="ID_1" TEXT="Who owns what Sasha invents?">\n'
        f'<node ID="ID_2" POSITION="right" TEXT="{escape(node, {chr(34): "&quot;"})}"/>\n'
        '<node ID="ID_3" POSITION="right" TEXT="Carve-out: sections 2870 to 2872"/>\n'
        '<node ID="ID_4" POSITION="left" TEXT="Prior invention: soil-moisture calibration method"/>\n'
        "</node>\n</map>\n"))
    assert escape(quote) in read_doc(env, task, "research/ip-ownership.mm")


@plant("h09-r43-verified-against-an-edition-not-yet-published", "H09", SD,
       "The seeded-law entry for 820 ILCS 90/20 says it was checked on 2026-10-01 against the 2027 pamphlet edition of "
       "the Illinois Compiled Statutes, 'issued January 15, 2027': the source it names did not exist on the day it "
       "was consulted.")
def h09_r43_future_edition(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "820 ILCS 90/20")
        assert entry["verified_on"] == "2026-10-01"
        entry["verified_against"] = ("820 ILCS 90/20 as amended by P.A. 102-358; checked verbatim against Smith-Hurd "
                                     "Illinois Compiled Statutes Annotated, 2027 pamphlet edition, issued January 15, "
                                     "2027")


@plant("h09-r47-gdpr-article-quoted-without-an-entry", "H09", TB,
       "documents/aspenline/candidate-privacy-note.md, the privacy note Aspenline's Dublin recruiting office gives "
       "candidates, quotes Article 6(1)(b) of the GDPR in quotation marks; no seeded-law entry declares it.")
def h09_r47_gdpr(env: Path, task: str) -> None:
    assert not any("2016/679" in e["citation"] for e in load_task(env, task)["oafreeze"]["seeded_law"])
    write_doc(env, task, "aspenline/candidate-privacy-note.md", (
        "# Candidate privacy note (Aspenline recruiting, Dublin office)\n\n"
        "We use your application details to decide whether to make you an offer and to prepare your contract. Our "
        "lawful basis is Article 6(1)(b) of Regulation (EU) 2016/679 (GDPR): \"processing is necessary for the "
        "performance of a contract to which the data subject is party or in order to take steps at the request of the "
        "data subject prior to entering into a contract\".\n\nWe keep unsuccessful applications for six months.\n"))
