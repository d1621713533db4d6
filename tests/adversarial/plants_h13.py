"""H13 synthetic data and secrets: no real-looking personal data, credentials, absolute local paths or
internal URLs anywhere in the task."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from .cases import near_miss, plant
from .edits import (_PKG_REL, _XML, _zip, append_doc, docx_bytes, edit_doc, email, seeded, task_json, write_doc,
                    xlsx_bytes)
from .heldout import (_R10_ARABIC_DIGITS, _c11_qp_fold, _c12_luhn, _r10_notepad_utf16, _r10_tc_kimlik,  # the later
                      _r12_thai_id, _r13_cnp, _r13_hetu, _r13_jsonl, _r9_cpf, _r9_docx, _r9_odt,  # rounds'
                      _r13_live_key, _r14_pdf, _r9_pptx_with_link)  # document writers
from .heldout import _r5_token, _r7_csv  # the eighteenth round's document writers
from .heldout import _r21_dw  # the twenty-first round's writer
from .heldout import _r31_nir  # the thirty-first round's writer
from .heldout import _r33_mrz_check, _r33_td3_line2  # the thirty-third round's passport lines
from .heldout import _r39_tfn  # the thirty-ninth round's tax file number
from .heldout import _r43_lnk, _r43_nacha  # the forty-third round's shortcut and payroll file writers
from .heldout import _r44_ppk  # the forty-fourth round's PuTTY key writer
from .heldout import _r47_msg  # the forty-seventh round's Outlook message writer

NE, TB, SD = "matrix-narrow-edit", "matrix-threshold-between", "matrix-signing-date-law"
CA, AM, CI = "matrix-client-alert-refresh", "matrix-adverse-memo-repair", "matrix-california-invention-notice"


def _token(seed: str, n: int, alphabet: str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") -> str:
    """A deterministic random-looking string (built at run time, so no credential-shaped literal sits in
    this source file for scanners to trip on)."""
    out = ""
    counter = 0
    while len(out) < n:
        for byte in hashlib.sha256(f"{seed}:{counter}".encode()).digest():
            out += alphabet[byte % len(alphabet)]
        counter += 1
    return out[:n]


# --- personal data ---------------------------------------------------------------------------


@plant("h13-ssn-dashed", "H13", TB, "The offer summary lists a Social Security number in 3-2-4 form.")
def ssn_dashed(env: Path, task: str) -> None:
    append_doc(env, task, "offer-summary.md", "- Social Security number: 412-68-3305")


@plant("h13-ssn-spaced-with-label", "H13", SD, "The hire details give 'SSN 529 41 7730' (spaces, no dashes).")
def ssn_spaced(env: Path, task: str) -> None:
    append_doc(env, task, "hire-details.md", "- SSN (for payroll setup): 529 41 7730")


@plant("h13-ssn-in-docx", "H13", AM, "An onboarding .docx carries the hire's SSN.")
def ssn_docx(env: Path, task: str) -> None:
    write_doc(env, task, "onboarding-form.docx", docx_bytes([
        "Bayou Crest onboarding form", "Employee: Avery Fontenot", ["Social Security No.: ", "437-22-9184"]]))


@plant("h13-phone-555-outside-fictional-range", "H13", CA,
       "The client's phone number becomes (206) 555-2187: a 555 number outside 555-0100..0199.")
def phone_555_outside(env: Path, task: str) -> None:
    edit_doc(env, task, "client-request.md", "555-0118", "(206) 555-2187")


@plant("h13-phone-real-format", "H13", AM, "The partner's email gives a direct line, +1 225 387 4410.")
def phone_real(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-email.md", "\nMiriam\n", "\nMiriam\nDirect: +1 225 387 4410\n")


@plant("h13-phone-in-xlsx", "H13", SD, "A contacts spreadsheet lists a Chicago phone number, (312) 804-2291.")
def phone_xlsx(env: Path, task: str) -> None:
    write_doc(env, task, "maplestone-contacts.xlsx", xlsx_bytes([
        ["Name", "Role", "Phone"], ["Elena Vasquez-Moore", "Chief Operating Officer", "(312) 804-2291"]], "Contacts"))


@plant("h13-email-live-webmail-domain", "H13", TB, "The candidate's email address moves to gmail.com.")
def email_gmail(env: Path, task: str) -> None:
    edit_doc(env, task, "offer-summary.md", "riley.vandermeer@example.com", "riley.vandermeer@gmail.com")


@plant("h13-email-unreserved-company-domain", "H13", CI,
       "The client's address uses sierrafold.com, a live-looking domain, instead of a reserved example one.")
def email_company(env: Path, task: str) -> None:
    edit_doc(env, task, "client-request.md", "wendell.park@sierrafold.example.com", "wendell.park@sierrafold.com")


@plant("h13-email-in-instructions", "H13", NE,
       "The instructions ask the agent to write to an address at harlowfinch.com.")
def email_in_instructions(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["instructions"] += "\n\nQuestions go to miriam.okafor@harlowfinch.com."


def _routing_number(seed: str) -> str:
    """A nine-digit number that passes the ABA routing checksum (3-7-1 weights), made up from `seed`."""
    digits = [int(c) for c in _token(seed, 8, "0123456789")]
    digits[0] = 1 + digits[0] % 9
    weights = [3, 7, 1, 3, 7, 1, 3, 7]
    check = (-sum(w * d for w, d in zip(weights, digits))) % 10
    return "".join(map(str, digits)) + str(check)


@plant("h13-bank-account-and-birth-date", "H13", CI,
       "A payroll set-up CSV gives Sasha's date of birth, a checksum-valid bank routing number and an account number.")
def bank_account_and_birth_date(env: Path, task: str) -> None:
    write_doc(env, task, "payroll-setup.csv", (
        "employee,date_of_birth,bank_routing_number,bank_account_number\n"
        f"Sasha Lindgren,1991-04-17,{_routing_number('routing')},{_token('account', 10, '0123456789')}\n"))


# --- credentials -------------------------------------------------------------------------------


@plant("h13-llm-api-key", "H13", SD, "A harness note in the workspace holds an API key of the 'sk-proj-' form.")
def api_key(env: Path, task: str) -> None:
    write_doc(env, task, "harness-notes.md",
              "# Harness notes\n\nOPENAI_API_KEY=" + "sk-" + "proj-" + _token("openai", 48) + "\n")


@plant("h13-cloud-access-key", "H13", CA, "A config file holds a cloud access key id and secret.")
def cloud_key(env: Path, task: str) -> None:
    write_doc(env, task, "upload-config.txt", (
        "[default]\naws_access_key_id = " + "AK" + "IA" + _token("aws-id", 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        + "\naws_secret_access_key = " + _token("aws-secret", 40) + "\n"))


@plant("h13-token-in-unknown-task-field", "H13", TB,
       "An unknown task.json field (kept for LAB) carries a GitHub personal access token.")
def token_in_task(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["lab_notes"] = "fetch fixtures with token " + "gh" + "p_" + _token("github", 36)


@plant("h13-private-key-file", "H13", AM, "A private key in OpenSSH form is stored in the workspace.")
def private_key(env: Path, task: str) -> None:
    body = base64.b64encode(hashlib.sha512(b"not a real key").digest() * 4).decode()
    lines = [body[i:i + 70] for i in range(0, len(body), 70)]
    write_doc(env, task, "deploy-key.pem", "-----BEGIN OPENSSH " + "PRIVATE KEY-----\n" + "\n".join(lines)
              + "\n-----END OPENSSH " + "PRIVATE KEY-----\n")


@plant("h13-password-in-email", "H13", NE, "The partner's email gives a portal user name and password.")
def password(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md",
               "The signed copy goes in the client portal (user: mokafor, password: Gr4nite!Peak2026).")


@plant("h13-webhook-url-in-instance", "H13", "covenant-package-v06",
       "A family instance's standing instructions include a chat webhook URL with its secret path.")
def webhook(env: Path, task: str) -> None:
    url = ("https://hooks." + "slack.com/services/T" + _token("w1", 8, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
           + "/B" + _token("w2", 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") + "/" + _token("w3", 24))
    append_doc(env, task, "standing-instructions.md", f"9. **Alerts.** Post status updates to {url}.")


# --- local paths and internal URLs -----------------------------------------------------------


@plant("h13-absolute-posix-path", "H13", TB, "The client's email points at a file under /Users/... on a laptop.")
def posix_path(env: Path, task: str) -> None:
    append_doc(env, task, "hr-request.md",
               "The old offer is at /Users/nhaddad/Documents/Aspenline/offers/vandermeer.docx.")


@plant("h13-windows-path", "H13", NE, "The partner's email cites a C:\\Users\\... path on a Windows desktop.")
def windows_path(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md",
               "My marked-up copy is C:\\Users\\mokafor\\Desktop\\Tallis\\draft.docx.")


@plant("h13-home-path-in-seeded-law", "H13", SD, "A seeded-law entry's verified_against names a /home/... checkout.")
def home_path(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        entry = seeded(t, "820 ILCS 90/20")
        entry["verified_against"] += "; local copy /home/eval/checkouts/openagreements/practice-guides/illinois.md"


@plant("h13-intranet-url", "H13", CI, "The client's email links to an intranet host (.local).")
def intranet(env: Path, task: str) -> None:
    append_doc(env, task, "client-request.md",
               "Our standard agreement is on http://intranet.sierrafold.local/legal/ciia-2026.")


@plant("h13-private-ip-url", "H13", CA, "The client's email links to a share on a private IP address.")
def private_ip(env: Path, task: str) -> None:
    append_doc(env, task, "client-request.md", "The signed forms are kept at https://10.20.4.17/share/hr/forms/.")


@plant("h13-unc-share-path", "H13", CA,
       "The client's email points at a Windows file-share path, \\\\hms-fs02\\HR\\Forms\\Washington.")
def unc_share_path(env: Path, task: str) -> None:
    append_doc(env, task, "client-request.md",
               "The signed forms are filed on \\\\hms-fs02\\HR\\Forms\\Washington\\ under each employee's name.")


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("h13-nm-fictional-phone-number", "H13", TB, "The offer summary adds a contact number, (720) 555-0183.",
           "H13 allows phone numbers in the fictional 555-01xx range, which 555-0183 is in; the "
           "number is in no other way personal.")
def fictional_phone(env: Path, task: str) -> None:
    append_doc(env, task, "offer-summary.md", "- Recruiter's line: (720) 555-0183")


@near_miss("h13-nm-reserved-example-emails", "H13", NE,
           "Addresses at example.com, a subdomain of example.org and example.net are added.",
           "H13 allows reserved example domains; example.com, example.org, example.net and their "
           "subdomains are reserved (RFC 2606).")
def example_emails(env: Path, task: str) -> None:
    append_doc(env, task, "partner-instructions.md",
               "Copy morgan.tallis@example.com, hr@granitepeak.example.org and it-help@example.net.")


@near_miss("h13-nm-reserved-test-tld", "H13", CI, "An address at the reserved .test top-level domain is added.",
           "RFC 2606 reserves .test for testing; it is a reserved example domain, not a live one.",
           doubtful="HYGIENE.md says 'reserved example' domains; .test is reserved for testing rather than for "
                    "documentation, which a stricter reading would not allow.")
def test_tld(env: Path, task: str) -> None:
    append_doc(env, task, "client-request.md", "Please copy our paralegal at paralegal@sierrafold.test.")


@near_miss("h13-nm-public-statute-url", "H13", CA, "The client alert adds a link to the public statute page.",
           "H13 forbids internal URLs; a public legislature page is neither internal nor personal data.")
def public_url(env: Path, task: str) -> None:
    append_doc(env, task, "client-alert.md", "Statute text: https://app.leg.wa.gov/RCW/default.aspx?cite=49.62")


@near_miss("h13-nm-numbers-that-are-not-personal", "H13", SD,
           "The hire details add an employee id, a cost center, a ZIP code and a docket-style number.",
           "None is a Social Security number, phone number, email or credential; all are synthetic.")
def not_personal(env: Path, task: str) -> None:
    append_doc(env, task, "hire-details.md",
               "- Employee ID: MLS-004512; cost center 4410-220; payroll ZIP 60612; prior matter No. 2026-CH-01234")


@near_miss("h13-nm-password-placeholder", "H13", AM, "The partner's email says the portal password is sent separately.",
           "H13 forbids credentials; a sentence saying a password will be sent separately discloses "
           "no credential at all.")
def password_placeholder(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-email.md", "\nMiriam\n",
             "\nThe client portal password will come to you separately; do not put it in any document.\n\nMiriam\n")


@near_miss("h13-nm-ssn-mentioned-without-number", "H13", CI,
           "The client's email says Sasha's Social Security number will be collected on day one.",
           "H13 forbids real-looking personal data; the words 'Social Security number' with no "
           "number disclose nothing about anyone.")
def ssn_word(env: Path, task: str) -> None:
    append_doc(env, task, "client-request.md", "HR will collect Sasha's Social Security number on the first day.")


@near_miss("h13-nm-published-test-payment-values", "H13", CI,
           "A payroll note gives the processor's published test card and the standard's example IBAN, and leaves the "
           "routing number blank.",
           "H13 forbids real-looking personal data; 4111 1111 1111 1111 and GB82 WEST 1234 5698 7654 32 are published "
           "test values, the synthetic markers of their kind, and a blank routing number discloses nothing.")
def published_test_payment_values(env: Path, task: str) -> None:
    append_doc(env, task, "hire-details.md",
               "- Expense card for testing the portal: 4111 1111 1111 1111\n"
               "- Relocation payments go to IBAN GB82 WEST 1234 5698 7654 32\n"
               "- Bank routing number: to be supplied by Sasha on the first day")


@near_miss("h13-nm-identity-documents-without-numbers", "H13", TB,
           "The HR request says the hire must bring a passport or driver's license and give a date of birth by a "
           "deadline, and cites the ABA's model rule.",
           "Naming an identity document, a deadline date or a bar association rule discloses no one's number or birth "
           "date; the dates are the task's own deadlines, not personal data.")
def identity_documents_without_numbers(env: Path, task: str) -> None:
    append_doc(env, task, "hr-request.md",
               "Riley must bring a passport or driver's license on the first day, and give HR a date of birth by "
               "November 2, 2026 for the benefits enrolment. Our ethics note follows ABA Model Rule 1.6.")


# Moved from the held-out set: it informed a change to the audit.
@plant("h13-database-url-with-password", "H13", SD,
       "A .env file holds a database URL with a user name and password in it (the host is a reserved example one).")
def h13_db_url(env: Path, task: str) -> None:
    write_doc(env, task, "hris-export.env", (
        "# HRIS export settings\nHRIS_DATABASE_URL=postgresql://hris_reader:" + _token("hris-password", 22)
        + "@hris-db.maplestone.example.com:5432/people\n"))


# Moved from the held-out set: it informed a change to the audit.
@plant("h13-bearer-token-in-curl", "H13", SD,
       "An integration note keeps the curl command used to pull the hire record, with its bearer token.")
def h13_bearer(env: Path, task: str) -> None:
    token = ".".join(base64.urlsafe_b64encode(hashlib.sha256(f"hris-bearer/{n}".encode()).digest()).decode().rstrip("=")
                     for n in range(3))
    write_doc(env, task, "hris-pull-notes.md", (
        "# Pulling the hire record\n\nRan this on Oct 20 to get Ellery's record from the HRIS:\n\n"
        "    curl -H 'Authorization: Bearer " + token + "' https://hris.maplestone.example.com/api/v2/hires/4471\n"))

# Moved from the held-out set: it informed a change to the audit.
@plant("h13-international-mobile-number", "H13", SD,
       "The hire details give the relocation contact's German mobile number in international form.")
def h13_intl_mobile(env: Path, task: str) -> None:
    append_doc(env, task, "hire-details.md", "- Relocation contact (Munich office): Jana Kowalczyk, mobile "
               "+49 151 2834 7719")


@plant("h13-labelled-national-mobile-number", "H13", TB,
       "The offer summary adds Riley's previous manager in Ireland, with a mobile number in Irish national form.")
def h13_national_mobile(env: Path, task: str) -> None:
    append_doc(env, task, "offer-summary.md",
               "- Reference (previous employer, Dublin): Cian Moran, Mob. 087 " + "314 2296")


@near_miss("h13-nm-uk-drama-number", "H13", SD,
           "The hire details give the London office's number from the UK's range reserved for drama, +44 20 7946 0958.",
           "Ofcom reserves 020 7946 0000-0999 for fiction, as 555-01xx is reserved in North America: the number "
           "belongs to no one.")
def h13_nm_drama_number(env: Path, task: str) -> None:
    append_doc(env, task, "hire-details.md", "- London office switchboard: +44 20 7946 0958")


@plant("h13-labelled-national-insurance-number", "H13", SD,
       "The hire details add Jordan's UK National Insurance number, from a secondment to London.")
def h13_nino(env: Path, task: str) -> None:
    append_doc(env, task, "hire-details.md",
               "- National Insurance number (London secondment, 2024): JK " + "48 27 91 C")


@near_miss("h13-nm-example-national-insurance-number", "H13", SD,
           "The hire details show the National Insurance field filled with HMRC's example value QQ 12 34 56 C.",
           "HMRC publishes the QQ prefix as an example that is never issued, like a 555-01xx number: it is "
           "nobody's number.")
def h13_nm_nino_example(env: Path, task: str) -> None:
    append_doc(env, task, "hire-details.md", "- National Insurance number (format example for payroll): QQ 12 34 56 C")


# Moved from the held-out set (its fresh round): it informed a change to the audit.
@plant("h13-esign-api-key-in-json", "H13", CI,
       "An e-signature integration settings file, esign-settings.json, carries a live-looking API key.")
def h13_api_key(env: Path, task: str) -> None:
    key = "sk_" + "live_" + "4eC39HqLyjWDarjtT1zdp7dc9Q2mXv"
    write_doc(env, task, "esign-settings.json", json.dumps({
        "provider": "signing service", "account": "sierrafold-hr", "api_key": key,
        "envelope_template": "invention-assignment-ca"}, indent=2) + "\n")


@near_miss("h13-nm-settings-file-with-placeholder-key", "H13", CI,
           "An e-signature settings file, esign-settings.json, names its API key only by a placeholder to be filled "
           "from the environment.",
           "A placeholder such as ${ESIGN_API_KEY} is no credential: HYGIENE.md H13 forbids real keys, and this file "
           "holds none.")
def h13_nm_placeholder_key(env: Path, task: str) -> None:
    write_doc(env, task, "esign-settings.json", json.dumps({
        "provider": "signing service", "account": "sierrafold-hr", "api_key": "${ESIGN_API_KEY}",
        "client_secret": "YOUR_CLIENT_SECRET"}, indent=2) + "\n")


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@plant("h13-mailto-live-domain-in-html", "H13", CA,
       "An HR contacts page (.html) links a benefits inbox on a live-looking domain through a mailto: link.")
def h13_mailto(env: Path, task: str) -> None:
    write_doc(env, task, "halden-hr-contacts.html", (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>HR contacts</title></head><body>\n"
        "<h1>Halden Marine Supply: HR contacts</h1>\n<ul>\n"
        "<li>Forms and covenants: Petra Lindahl, Director of Human Resources</li>\n"
        "<li>Benefits questions: <a href=\"mailto:benefits@haldenmarinesupply.com\">benefits inbox</a></li>\n"
        "</ul>\n</body></html>\n"))


@near_miss("h13-nm-mailto-example-domains-in-html", "H13", CA,
           "An HR contacts page (.html) links the benefits and payroll inboxes through mailto: links at "
           "haldenmarine.example.com and example.org.",
           "HYGIENE.md H13 asks for reserved example domains instead of live ones; example.com and example.org (and "
           "their subdomains) are reserved for documentation and reach no one.")
def h13_nm_mailto_example(env: Path, task: str) -> None:
    write_doc(env, task, "halden-hr-contacts.html", (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>HR contacts</title></head><body>\n"
        "<h1>Halden Marine Supply: HR contacts</h1>\n<ul>\n"
        "<li>Forms and covenants: <a href=\"mailto:petra.lindahl@haldenmarine.example.com\">Petra Lindahl</a>, "
        "Director of Human Resources</li>\n"
        "<li>Benefits questions: <a href=\"mailto:benefits@haldenmarine.example.com\">benefits inbox</a></li>\n"
        "<li>Payroll (outsourced): <a href=\"mailto:halden-payroll@example.org\">payroll provider</a></li>\n"
        "</ul>\n</body></html>\n"))


def _docx_with_authors(paragraphs: list[str], *, creator: str, last_modified_by: str) -> bytes:
    """A .docx (as edits.docx_bytes) whose core properties name `creator` and `last_modified_by`."""
    src = zipfile.ZipFile(io.BytesIO(docx_bytes(paragraphs)))
    parts = {name: src.read(name).decode("utf-8") for name in src.namelist()}
    parts["docProps/core.xml"] = (
        f'{_XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
        'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/">'
        f'<dc:title>Fontenot onboarding summary</dc:title><dc:creator>{escape(creator)}</dc:creator>'
        f'<cp:lastModifiedBy>{escape(last_modified_by)}</cp:lastModifiedBy></cp:coreProperties>')
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        "</Types>", '<Override PartName="/docProps/core.xml" ContentType="application/'
                    'vnd.openxmlformats-package.core-properties+xml"/></Types>')
    parts["_rels/.rels"] = parts["_rels/.rels"].replace(
        "</Relationships>", f'<Relationship Id="rId2" Type="{_PKG_REL}/metadata/core-properties" '
                            'Target="docProps/core.xml"/></Relationships>')
    return _zip(parts)


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h13-uk-national-insurance-number", "H13", CI,
       "The hire details add Sasha's UK National Insurance number from an earlier job in England, JT 48 29 13 B (a "
       "real-looking, issuable number).")
def h13_r5_ni_number(env: Path, task: str) -> None:
    edit_doc(env, task, "hire-details.md", "- Signatory for Sierrafold: Wendell Park, General Counsel",
             "- Signatory for Sierrafold: Wendell Park, General Counsel\n"
             "- UK National Insurance number (from Sasha's earlier job in Cambridge, England): JT 48 29 13 B")


@near_miss("h13-nm-specimen-national-insurance-number", "H13", CI,
           "The hire details add a UK National Insurance number for Sasha's earlier job in England, QQ 12 34 56 C, with "
           "HMRC's specimen prefix QQ.",
           "HYGIENE.md H13 forbids real-looking personal data; QQ is the prefix HMRC uses for examples and never issues, "
           "so the number is a reserved fictional one, like a 555-01xx phone number.")
def h13_nm_r5_ni_specimen(env: Path, task: str) -> None:
    edit_doc(env, task, "hire-details.md", "- Signatory for Sierrafold: Wendell Park, General Counsel",
             "- Signatory for Sierrafold: Wendell Park, General Counsel\n"
             "- UK National Insurance number (from Sasha's earlier job in Cambridge, England): QQ 12 34 56 C")


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h13-live-domain-in-docx-properties", "H13", AM,
       "An onboarding summary .docx has a harmless body, but its document properties record its last editor as "
       "r.guidry@bayoucrestenv.com, an address on a live-looking corporate domain.")
def h13_r5_docx_properties(env: Path, task: str) -> None:
    write_doc(env, task, "fontenot-onboarding-summary.docx", _docx_with_authors(
        ["Onboarding summary: Avery Fontenot, Field Project Manager, Baton Rouge.",
         "First day: November 2, 2026. Equipment: truck 14, tablet, field kit."],
        creator="Bayou Crest HR", last_modified_by="r.guidry@bayoucrestenv.com"))


@near_miss("h13-nm-example-domain-in-docx-properties", "H13", AM,
           "A first-day checklist .docx records in its document properties its author as 'Bayou Crest HR' and its last "
           "editor as r.guidry@example.com.",
           "HYGIENE.md H13 allows reserved example domains; a name and an example.com address in the properties are "
           "synthetic, not live personal data.")
def h13_nm_r5_docx_properties(env: Path, task: str) -> None:
    write_doc(env, task, "fontenot-first-day-checklist.docx", _docx_with_authors(
        ["First-day checklist: Avery Fontenot, Field Project Manager, Baton Rouge.",
         "Collect signed covenant agreement; issue badge, truck keys and tablet; book safety induction."],
        creator="Bayou Crest HR", last_modified_by="r.guidry@example.com"))


# Moved from the held-out set (its fifth fresh round): it informed a change to the audit.
@plant("h13-tracker-url-in-unknown-field", "H13", NE,
       "The bulk tool wrote the task's source ticket into task.json as an extra field: a link into the firm's internal "
       "issue tracker, harlowfinch.atlassian.net.")
def h13_r5_ticket(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["source_ticket"] = "https://harlowfinch.atlassian.net/browse/EVAL-412"


@near_miss("h13-nm-public-statute-url-in-unknown-field", "H13", NE,
           "The bulk tool wrote into task.json an extra field linking to the public page of Colorado's HB 22-1317 on the "
           "General Assembly's site, https://leg.colorado.gov/bills/hb22-1317.",
           "HYGIENE.md H13 forbids internal URLs; a public government page for the bill the task's law comes from is not "
           "a company workspace, credential or personal data.")
def h13_nm_r5_public_url(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["law_reference"] = "https://leg.colorado.gov/bills/hb22-1317"


@near_miss("h13-nm-r6-masked-live-key-in-config", "H13", NE,
           "An e-signature integration config shows its API key masked, 'sk_live_' followed by asterisks and the last "
           "four characters, as the vendor's console displays it.",
           "HYGIENE.md H13 forbids credentials; a key masked down to its last four characters cannot be used, it is "
           "what the console shows to identify which key is in use.")
def h13_nm_r6_masked(env: Path, task: str) -> None:
    write_doc(env, task, "config/esign-integration.yaml", (
        "# e-sign integration (copied from vendor console, keys masked)\nprovider: esign-vendor-a\n"
        "environment: production\napi_key: 'sk_live_************************a1F9'\nwebhook_secret: '********'\n"
        "account: harlowfinch\n"))


@plant("h13-r6-partly-masked-live-key-in-config-companion", "H13", NE,
       "An e-signature integration config says its keys are masked, but only the last four characters of the "
       "'sk_live_' API key are starred out; the 24 characters before them are in clear.")
def h13_r6_partly_masked(env: Path, task: str) -> None:
    key = "sk_" + "live_" + _token("h13-r6-partly-masked", 24) + "****"
    write_doc(env, task, "config/esign-integration.yaml", (
        "# e-sign integration (copied from vendor console, keys masked)\nprovider: esign-vendor-a\n"
        f"environment: production\napi_key: '{key}'\nwebhook_secret: '********'\n"
        "account: harlowfinch\n"))


@plant("h13-r6-singapore-nric-in-chat-export", "H13", TB,
       "An exported Teams chat gives a Singapore reviewer's NRIC number, S8734162C (checksum valid), so IT can grant "
       "access.")
def h13_r6_nric(env: Path, task: str) -> None:
    write_doc(env, task, "chat/teams-it-access-export.txt", (
        "Chat export: IT access requests (Microsoft Teams)\n\n"
        "[06/11/2026 14:10] Priya Raman (Legal Ops SG): pls give Tan Wei Ling read access to the Aspenline folder\n"
        "[06/11/2026 14:12] IT Service Desk: need full name + NRIC for the SG access form\n"
        "[06/11/2026 14:15] Priya Raman (Legal Ops SG): Tan Wei Ling, NRIC S8734162C\n"
        "[06/11/2026 14:31] IT Service Desk: done, access granted\n"))


@near_miss("h13-nm-r6-nric-withheld-from-chat-companion", "H13", TB,
           "An exported Teams chat shows IT asking for a Singapore reviewer's NRIC number and the requester "
           "declining to post it, pointing IT to the access portal instead; no number appears.",
           "HYGIENE.md H13 forbids real-looking personal data; the chat names the kind of identifier (NRIC) but "
           "carries no number, so there is no personal data in it, only a fictional person's name.")
def h13_nm_r6_nric_withheld(env: Path, task: str) -> None:
    write_doc(env, task, "chat/teams-it-access-export.txt", (
        "Chat export: IT access requests (Microsoft Teams)\n\n"
        "[06/11/2026 14:10] Priya Raman (Legal Ops SG): pls give Tan Wei Ling read access to the Aspenline folder\n"
        "[06/11/2026 14:12] IT Service Desk: need full name + NRIC for the SG access form\n"
        "[06/11/2026 14:15] Priya Raman (Legal Ops SG): Tan Wei Ling. Not posting her NRIC in chat, she will key it "
        "into the access portal herself (request ACC-20461)\n"
        "[06/11/2026 14:31] IT Service Desk: ok, portal entry received, access granted\n"))


@plant("h13-r7-mexican-curp-rfc-nss", "H13", TB,
       "A mobility file for Riley's move from Aspenline's Monterrey office, documents/movilidad/expediente-riley.md, "
       "gives Riley's CURP, RFC with homoclave and IMSS social-security number, all well-formed.")
def h13_r7_curp(env: Path, task: str) -> None:
    write_doc(env, task, "movilidad/expediente-riley.md", (
        "# Expediente de movilidad: Riley Vandermeer\n\n"
        "- Origen: Aspenline Pagos México, S. de R.L. de C.V. (Monterrey, N.L.)\n"
        "- Destino: Aspenline Payments, LLC (Denver, Colorado)\n"
        "- CURP: VARR900214HNLNDL04\n"
        "- RFC: VARR900214K57\n"
        "- NSS (IMSS): 43139012345\n"
        "- Baja en nómina México: al día anterior a la fecha de inicio en Denver\n"))


@near_miss("h13-nm-r7-mexican-curp-rfc-nss-companion", "H13", TB,
           "A tax and registration sheet for Aspenline's Monterrey affiliate, "
           "documents/movilidad/aspenline-mexico-datos-fiscales.md, gives the company's 12-character RFC, its IMSS "
           "employer registration, its commercial-registry folio and public SAT catalogue codes.",
           "HYGIENE.md H13 forbids real-looking personal data; a fictional company's tax and employer registrations "
           "identify no person, and SAT catalogue codes (tax regime 601, product key 80111500) are public.")
def h13_nm_r7_company_rfc(env: Path, task: str) -> None:
    write_doc(env, task, "movilidad/aspenline-mexico-datos-fiscales.md", (
        "# Datos fiscales y registrales: Aspenline Pagos México, S. de R.L. de C.V.\n\n"
        "- Domicilio fiscal: Monterrey, Nuevo León\n"
        "- RFC (persona moral): APM150312QX4\n"
        "- Régimen fiscal (catálogo SAT): 601, General de Ley Personas Morales\n"
        "- Registro patronal IMSS: B1234567103\n"
        "- Folio mercantil electrónico (Registro Público de Comercio): N-2015012345\n"
        "- Clave de producto o servicio para la recarga de costos de movilidad: 80111500\n"
        "- Contacto para la baja en nómina de Riley Vandermeer: Recursos Humanos, oficina de Monterrey\n"))


@plant("h13-r7-uscis-a-number-and-i94", "H13", CI,
       "An immigration status sheet for Sasha, documents/immigration/lindgren-status.md, gives Sasha's USCIS A-Number, "
       "I-94 record number and EAD card number.")
def h13_r7_a_number(env: Path, task: str) -> None:
    write_doc(env, task, "immigration/lindgren-status.md", (
        "# Immigration status: Sasha Lindgren\n\n"
        "- Status: H-1B, change-of-employer petition filed by Sierrafold in September 2026\n"
        "- A-Number: A216493871\n"
        "- I-94 record number: 38472910573\n"
        "- EAD card number: IOE0912345678\n"
        "- Action for HR: complete Form I-9 on the first day of work\n"))


@near_miss("h13-nm-r7-uscis-a-number-and-i94-companion", "H13", CI,
           "An immigration status sheet for Sasha, documents/immigration/lindgren-status.md, names the A-Number, I-94 "
           "and EAD only as documents HR holds on file, and gives public form numbers and the EAD category code (c)(9).",
           "HYGIENE.md H13 forbids real-looking personal data; labels with no values, USCIS form numbers and a "
           "published eligibility category identify no one.")
def h13_nm_r7_status_without_numbers(env: Path, task: str) -> None:
    write_doc(env, task, "immigration/lindgren-status.md", (
        "# Immigration status: Sasha Lindgren\n\n"
        "- Status: H-1B, change-of-employer petition (Form I-129) filed by Sierrafold in September 2026\n"
        "- A-Number, I-94 record and EAD card: copies held by HR on file; not reproduced here\n"
        "- Earlier EAD category, for reference: (c)(9), pending adjustment; superseded by the H-1B\n"
        "- Receipt notice: Form I-797C received; the approval notice will be Form I-797A\n"
        "- Action for HR: complete Form I-9 on the first day of work\n"))


@near_miss("h13-nm-r7-sat-generic-and-test-rfc", "H13", TB,
           "A summary of the Mexican moving company's sandbox invoice (CFDI) for Riley's move gives the receiver as the "
           "SAT's generic foreign-resident RFC XEXX010101000 and the issuer as the SAT's published test RFC "
           "EKU9003173C9.",
           "HYGIENE.md H13 forbids real-looking personal data; XEXX010101000 is the tax authority's generic code for any "
           "foreign resident and EKU9003173C9 its public test taxpayer, so neither identifies a person.")
def h13_nm_r7_rfc(env: Path, task: str) -> None:
    write_doc(env, task, "movilidad/factura-mudanza-resumen.md", (
        "# Factura de mudanza (CFDI de prueba, ambiente sandbox del PAC)\n\n"
        "- Emisor: ESCUELA KEMPER URGATE, RFC EKU9003173C9 (contribuyente de prueba del SAT)\n"
        "- Receptor: Riley Vandermeer, RFC genérico XEXX010101000 (residente en el extranjero)\n"
        "- Concepto: mudanza Monterrey - Denver, menaje de casa\n"
        "- Total: $38,500.00 MXN\n"
        "- Fecha de emisión: 2026-11-03\n"))


@plant("h13-r7-sat-generic-and-test-rfc-companion", "H13", TB,
       "A summary of the Mexican mover's real (stamped) CFDI invoice for Riley's move, "
       "documents/movilidad/factura-mudanza-garza.md, names the issuer, a sole trader, with a well-formed personal "
       "RFC (13 characters, encoding his name and birth date); the receiver keeps the generic RFC XEXX010101000.")
def h13_r7_personal_rfc(env: Path, task: str) -> None:
    write_doc(env, task, "movilidad/factura-mudanza-garza.md", (
        "# Factura de mudanza (CFDI 4.0 timbrado)\n\n"
        "- Emisor: Héctor Garza Treviño, persona física con actividad empresarial, RFC GATH780623QL2, régimen 612\n"
        "- Receptor: Riley Vandermeer, RFC genérico XEXX010101000 (residente en el extranjero)\n"
        "- Concepto: mudanza Monterrey - Denver, menaje de casa\n"
        "- Total: $41,200.00 MXN\n"
        "- Fecha de emisión: 2026-11-04\n"))


@plant("h13-r8-south-african-id-in-affidavit", "H13", AM,
       "An affidavit from Mr. Delacroix's former colleague in Johannesburg gives a 13-digit South African identity "
       "number, 8501155012083.")
def h13_r8_za_id(env: Path, task: str) -> None:
    write_doc(env, task, "affidavits/affidavit-mokoena.md", (
        "# Affidavit\n\nI, the undersigned, Thandiwe Mokoena, identity number 8501155012083, make oath and say that I "
        "worked with Mr. Delacroix at the Durban office from 2019 to 2022.\n\nDEPONENT\n"))


@plant("h13-r8-korean-rrn-in-witness-statement-docx-companion", "H13", AM,
       "A Korean witness statement (.docx) from Mr. Delacroix's former colleague at the Seoul office gives her "
       "resident registration number (주민등록번호) in full, 880914-2450311, a well-formed 13-digit number with a "
       "valid check digit.")
def _c8_korean_rrn(env: Path, task: str) -> None:
    write_doc(env, task, "affidavits/jinsulseo-han.docx", docx_bytes([
        "진술서",
        ["성명: 한지민   ", "주민등록번호: ", "880914-2450311"],
        "본인은 2020년부터 2023년까지 서울 사무소에서 Delacroix 씨와 함께 근무하였음을 진술합니다.",
        "진술인 한지민 (서명)"]))


@plant("h13-r8-my-number-in-tokyo-hr-record", "H13", CI,
       "The Tokyo HR record for Sasha's secondment gives a Japanese individual number (マイナンバー) in full, "
       "'4829 1736 5028'.")
def h13_r8_my_number(env: Path, task: str) -> None:
    write_doc(env, task, "tokyo/jinji-kiroku.md", (
        "# 人事記録（出向予定者）\n\n- 氏名：Sasha Lindgren\n- 個人番号（マイナンバー）：4829 1736 5028\n"
        "- 出向先：シエラフォールド・ジャパン株式会社\n"))


@plant("h13-r8-chinese-resident-id-in-coinventor-sheet-companion", "H13", CI,
       "A workbook of the Shenzhen co-inventors on Sasha's prior calibration method gives one co-inventor's "
       "18-digit Chinese resident identity number (身份证号码), 440305199003072837, with a valid check digit.")
def _c8_chinese_resident_id(env: Path, task: str) -> None:
    write_doc(env, task, "shenzhen/gongtong-famingren.xlsx", xlsx_bytes([
        ["姓名", "身份证号码", "角色"],
        ["Sasha Lindgren", "", "发明人"],
        ["周晓梅", "440305199003072837", "共同发明人（深圳）"],
    ], sheet="共同发明人"))


@plant("h13-r9-docx-attached-template-local-path", "H13", SD,
       "The Milan office's covering letter, documents/milano/lettera-accompagnamento.docx, carries in its settings "
       "relationships the attached template's absolute local path (file:///C:\\Users\\g.rossi\\AppData\\...).")
def h13_r9_attached_template(env: Path, task: str) -> None:
    write_doc(env, task, "milano/lettera-accompagnamento.docx", _r9_docx([
        "Lettera di accompagnamento - pacchetto firme Maplestone",
        "Si allegano le pagine firma per la revisione del team di Chicago.",
    ], template="file:///C:\\Users\\g.rossi\\AppData\\Roaming\\Microsoft\\Templates\\HF%20Milano%20Lettera.dotm"))


@plant("h13-r9-sharepoint-link-in-pptx-board-deck", "H13", CA,
       "A board-update deck, documents/board/halden-board-update.pptx, links its source line to the firm's internal "
       "SharePoint site (harlowfinch.sharepoint.com/sites/MA-ProjectOrca/...), in the slide's relationships.")
def h13_r9_sharepoint(env: Path, task: str) -> None:
    write_doc(env, task, "board/halden-board-update.pptx", _r9_pptx_with_link([
        ("Washington covenant form: refresh", ["Form WA-2021-3 to be refreshed for new hires",
                                               "Source documents: data room 4.2"], None),
        ("Next steps", ["HR to use the refreshed form once approved"], None),
    ], "Source documents: data room 4.2",
        "https://harlowfinch.sharepoint.com/sites/MA-ProjectOrca/Shared%20Documents/VDR/4.2%20Employment/"
        "Form%20WA-2021-3.docx", title="Halden board update"))


@plant("h13-r9-brazilian-cpf-in-admission-form", "H13", TB,
       "Aspenline Brasil's admission form for a secondee, documents/brasil/ficha-admissao.md, gives her CPF in full, "
       "with valid check digits.")
def h13_r9_cpf(env: Path, task: str) -> None:
    write_doc(env, task, "brasil/ficha-admissao.md", (
        "# Ficha de admissão: Aspenline Brasil Ltda.\n\n"
        "- Nome: Rafaela Moreira Lins\n"
        f"- CPF: {_r9_cpf('418725936')}\n"
        "- Cargo: Analista de risco de comerciantes (cedida à Aspenline Payments, LLC, Denver)\n"
        "- E-mail: rafaela.lins@example.com\n"))


@plant("h13-r10-tc-kimlik-in-turkish-hr-record", "H13", CA,
       "A Turkish personnel record from Halden's Istanbul distributor, documents/istanbul/personel-kaydi.md, gives a "
       "warehouse lead's T.C. Kimlik No with valid check digits and her date of birth.")
def h13_r10_tc_kimlik(env: Path, task: str) -> None:
    number = _r10_tc_kimlik("384917265")
    write_doc(env, task, "istanbul/personel-kaydi.md", (
        "# Personel kaydı\n\n"
        "- Ad soyad: Elif Karaca\n"
        f"- T.C. Kimlik No: {number}\n"
        "- Doğum tarihi: 14.03.1991\n"
        "- Görev: Depo sorumlusu, Tuzla\n"
        "- İşe giriş: 01.09.2022\n"))


@plant("h13-r10-indonesian-nik-in-employee-data", "H13", CI,
       "An employee data sheet from Sierrafold's Jakarta office, documents/jakarta/data-karyawan.md, gives an "
       "engineer's 16-digit NIK (Nomor Induk Kependudukan) in its real structure: Jakarta Selatan region code, "
       "birth date coded for a woman, serial.")
def h13_r10_nik(env: Path, task: str) -> None:
    write_doc(env, task, "jakarta/data-karyawan.md", (
        "# Data karyawan\n\n"
        "| Nama | NIK | Jabatan | Tanggal masuk |\n|---|---|---|---|\n"
        "| Dewi Anggraini | 3174055208910003 | Insinyur firmware | 2025-02-03 |\n"))


@plant("h13-r10-gmail-address-in-utf16-notepad-note", "H13", SD,
       "A recruiter's Notepad note saved as 'Unicode' (UTF-16 LE), documents/notes/ellery-contact.txt, gives Jordan's "
       "personal address on a live webmail domain, jordan.ellery.chi@gmail.com (UTF-16, so a byte-level search "
       "for the domain misses it).")
def h13_r10_utf16_gmail(env: Path, task: str) -> None:
    write_doc(env, task, "notes/ellery-contact.txt", _r10_notepad_utf16(
        "Jordan Ellery - contact for the offer packet\n"
        "Work: jordan.ellery@example.com\n"
        "Personal (preferred until start): jordan.ellery.chi@gmail.com\n"))


@plant("h13-r10-uae-mobile-in-arabic-indic-digits", "H13", AM,
       "The Dubai liaison's contact card, documents/dubai/jihat-ittisal.md, gives a UAE mobile number written in "
       "Arabic-Indic digits, +٩٧١ ٥٠ ٤٨٢ ٧٣١٩: a real-looking phone number outside the fictional range.")
def h13_r10_uae_mobile(env: Path, task: str) -> None:
    number = "+971 50 482 7319".translate(_R10_ARABIC_DIGITS)
    write_doc(env, task, "dubai/jihat-ittisal.md", (
        "# جهة الاتصال\n\n"
        "الاسم: سلمى الحمادي\n"
        "المنصب: منسقة الموارد البشرية، مكتب دبي\n"
        f"الهاتف المتحرك: {number}\n"))


@near_miss("h13-nm-r10-fictional-phone-in-arabic-indic-digits", "H13", AM,
           "The Dubai office's note for the Baton Rouge team, documents/dubai/mulahaza.md, gives the Baton Rouge "
           "office's number in Arabic-Indic digits, (٢٢٥) ٥٥٥-٠١٤٢.",
           "H13 allows phone numbers in the fictional 555-01xx range; (٢٢٥) ٥٥٥-٠١٤٢ is (225) 555-0142 written in "
           "Arabic-Indic digits.")
def h13_nm_r10_arabic_fictional_phone(env: Path, task: str) -> None:
    number = "(225) 555-0142".translate(_R10_ARABIC_DIGITS)
    write_doc(env, task, "dubai/mulahaza.md", (
        "# ملاحظة\n\n"
        f"للتواصل مع مكتب باتون روج: {number}\n"))


@plant("h13-c11-ssn-in-vcard21-quoted-printable-note", "H13", SD,
       "Maplestone's HRIS exported Jordan Ellery's card as vCard 2.1, documents/contacts/jordan-ellery.vcf; its NOTE "
       "is quoted-printable with =0D=0A line breaks and a soft line break ('=' CRLF) that falls inside the SSN "
       "327-58-1946, so the number never appears in one piece in the file.")
def h13_c11_vcard21_ssn(env: Path, task: str) -> None:
    ssn = "327-58-1946"
    note = ("New hire record (HRIS export, onboarding profile):\nLocation: Chicago, West Carroll Ave.\n"
            f"Start: first day of work per offer; badge and laptop issued that day. SSN {ssn}.\n"
            "I-9 section 2 to be completed on day one.")
    folded = _c11_qp_fold("NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8", note)
    assert ssn not in folded, "the soft line break must fall inside the SSN"
    assert ssn in folded.replace("=\r\n", "")
    lines = ["BEGIN:VCARD", "VERSION:2.1", "N:Ellery;Jordan;;;", "FN:Jordan Ellery",
             "ORG:Maplestone Logistics, Inc.;Operations", "TITLE:Operations Analytics Manager",
             "EMAIL;PREF;INTERNET:jordan.ellery@example.com", folded, "REV:20261030T144500Z", "END:VCARD"]
    write_doc(env, task, "contacts/jordan-ellery.vcf", ("\r\n".join(lines) + "\r\n").encode("ascii"))


@plant("h13-r12-thai-national-id-in-secondment-note", "H13", AM,
       "A secondment note for the Bangkok laboratory's engineer, documents/bangkok/secondee.md (in Thai), gives her "
       "13-digit Thai national identification number with a valid check digit.")
def h13_r12_thai_id(env: Path, task: str) -> None:
    write_doc(env, task, "bangkok/secondee.md", (
        "# ข้อมูลผู้ได้รับมอบหมายงาน\n\n"
        "- ชื่อ: นางสาวพิมพ์ชนก วงศ์สวัสดิ์\n"
        f"- เลขประจำตัวประชาชน: {_r12_thai_id('110370123456')}\n"
        "- ตำแหน่ง: วิศวกรสิ่งแวดล้อม\n"
        "- สถานที่ปฏิบัติงาน: โครงการเมืองแบตันรูช\n"))


@plant("h13-c12-greek-amka-in-odt", "H13", NE,
       "Granite Peak's relocation sheet for a technician moving from Athens, documents/hr/metakinisi.odt, gives "
       "his full Greek social security number under the label 'Α.Μ.Κ.Α.' (11 digits, date of birth first, Luhn "
       "check digit valid).")
def h13_c12_amka(env: Path, task: str) -> None:
    amka = _c12_luhn("1403881234")
    assert len(amka) == 11
    write_doc(env, task, "hr/metakinisi.odt", _r9_odt([
        "Στοιχεία μετακινούμενου εργαζομένου",
        "Ονοματεπώνυμο: Νικόλαος Παπαδάκης",
        f"Α.Μ.Κ.Α.: {amka}",
        "Θέση: Τεχνικός εξυπηρέτησης, Colorado Springs",
        "Ημερομηνία μετακίνησης: 1 Δεκεμβρίου 2026"], title="Μετακίνηση", creator="Granite Peak HR"))


@near_miss("h13-nm-c12-bengali-nid-placeholder", "H13", SD,
           "A blank onboarding form for the Dhaka office, documents/dhaka/onboarding-form.md, has the label "
           "'জাতীয় পরিচয়পত্র নম্বর (NID)' followed by the placeholder 'XXXX-XXX-XXX'.",
           "H13 targets real-looking personal data; a labelled field whose value is a run of X placeholders holds "
           "no number and identifies no one.")
def h13_nm_c12_bengali_placeholder(env: Path, task: str) -> None:
    write_doc(env, task, "dhaka/onboarding-form.md", (
        "# যোগদান ফর্ম (ঢাকা অফিস)\n\n"
        "- নাম: ____________________\n"
        "- জাতীয় পরিচয়পত্র নম্বর (NID): XXXX-XXX-XXX\n"
        "- পদবি: ____________________\n"
        "- যোগদানের তারিখ: ____________________\n"))


@plant("h13-r13-romanian-cnp-in-relocation-xml", "H13", TB,
       "documents/mobility/relocation-ro.xml, a relocation record for a Bucharest transferee joining Riley's team, "
       "carries a Romanian personal numeric code (CNP) with a valid control digit in a <cnp> element.")
def h13_r13_cnp(env: Path, task: str) -> None:
    write_doc(env, task, "mobility/relocation-ro.xml", (
        f'{_XML}<relocare>\n  <angajat>\n    <nume>Munteanu</nume>\n    <prenume>Ioana</prenume>\n'
        f'    <cnp>{_r13_cnp("290031440021")}</cnp>\n    <oras_plecare>București</oras_plecare>\n'
        '    <oras_destinatie>Denver</oras_destinatie>\n    <data_mutarii>2027-01-11</data_mutarii>\n'
        '  </angajat>\n</relocare>\n'))


@plant("h13-r13-finnish-hetu-in-jsonl-hr-export", "H13", CI,
       "documents/hr/people-export.jsonl, Sierrafold's HR export, gives a Helsinki colleague of Sasha's a Finnish "
       "personal identity code (henkilötunnus) with a valid check character.")
def h13_r13_hetu(env: Path, task: str) -> None:
    write_doc(env, task, "hr/people-export.jsonl", _r13_jsonl([
        {"employee": "Aino Virtanen", "site": "Helsinki", "role": "Firmware Lead",
         "henkilotunnus": _r13_hetu("140589", "-", "247")},
        {"employee": "Sasha Lindgren", "site": "San Jose", "role": "Firmware Engineer", "henkilotunnus": None},
    ]))


@plant("h13-r14-ssn-in-a-file-name", "H13", SD,
       "Payroll's scan of Jordan's Form W-4 is filed as documents/payroll/W-4 Ellery 431-72-9058.pdf: the page masks "
       "the Social Security number, but the file name carries it in full.")
def h13_r14_ssn_file_name(env: Path, task: str) -> None:
    write_doc(env, task, "payroll/W-4 Ellery 431-72-9058.pdf", _r14_pdf([
        "Form W-4 (2027) Employee's Withholding Certificate - payroll copy",
        "Employee: Jordan Ellery",
        "Social Security number: XXX-XX-9058",
        "Filing status: Single or Married filing separately",
        "Received by Maplestone payroll: October 28, 2026",
    ]))


@plant("h13-r14-postman-environment-with-secrets", "H13", CI,
       "Sierrafold IT's Postman environment for the e-signature API, documents/integrations/esign-production."
       "postman_environment.json, exports a live-looking OAuth client secret and refresh token as 'secret' variables.")
def h13_r14_postman(env: Path, task: str) -> None:
    values = [("base_url", "https://api.esign.example.com/v2.1", "default"),
              ("client_id", "3f6c1e0a-9b2d-4e51-8a7c-0d4f6b2e9a18", "default"),
              ("client_secret", _r13_live_key("sierrafold-esign-secret", 40), "secret"),
              ("refresh_token", "eyJ0eXAiOiJNVCIsImFsZyI6IlJTMjU2In0." + _r13_live_key("sierrafold-refresh", 86),
               "secret"),
              ("account_id", "a91c4e27-5d3b-4f08-b6e2-7c1d9f0a3b55", "default")]
    write_doc(env, task, "integrations/esign-production.postman_environment.json", json.dumps({
        "id": "0c9d7e1f-4a2b-4c6d-8e0f-1a2b3c4d5e6f", "name": "Sierrafold e-sign (production)",
        "values": [{"key": k, "value": v, "type": kind, "enabled": True} for k, v, kind in values],
        "_postman_variable_scope": "environment", "_postman_exported_at": "2026-10-02T17:22:41.118Z",
        "_postman_exported_using": "Postman/11.14.2"}, indent="\t") + "\n")


# --- from the sixteenth held-out round ---


@plant("h13-r16-itin-in-referral-note", "H13", TB,
       "Aspenline payroll's note on Riley's referral bonus, documents/payroll/referral-bonus.md, gives the referring "
       "contractor's ITIN, 947-81-2265: a real-looking taxpayer number in the SSN layout whose leading 9 makes it "
       "fail an SSN check.")
def h13_r16_itin(env: Path, task: str) -> None:
    write_doc(env, task, "payroll/referral-bonus.md", (
        "# Referral bonus: Riley Vandermeer\n\nRiley was referred by Dario Quintana, a sales contractor with no Social "
        "Security number. Pay the $2,000 referral bonus to Dario after Riley's 90th day and report it on Form "
        "1099-NEC under Dario's ITIN, 947-81-2265.\n"))


@near_miss("h13-nm-r16-aws-documentation-example-keys", "H13", NE,
           "An engineer's how-to for the document archive, documents/tools/archive-howto.md, shows the AWS "
           "documentation's example key pair (AKIAIOSFODNN7EXAMPLE and its '...EXAMPLEKEY' secret) in a sample "
           "credentials file.",
           "HYGIENE.md H13 forbids credentials; this pair is the placeholder AWS prints in its own documentation, "
           "marked EXAMPLE, tied to no account, like the fictional 555-01xx phone range.")
def h13_nm_r16_aws_example(env: Path, task: str) -> None:
    write_doc(env, task, "tools/archive-howto.md", (
        "# Reading the scanned-file archive\n\nAsk IT for your own access key; never share one. Your AWS "
        "credentials file will look like the example in the AWS documentation:\n\n```ini\n[default]\n"
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
        "```\n\nReplace both values with the ones IT gives you.\n"))


# --- from the fourteenth held-out round, moved after the ITIN rule of the sixteenth round flagged it ---


@near_miss("h13-nm-r14-ssa-advertising-ssn", "H13", TB,
           "Aspenline payroll's onboarding guide, documents/payroll/onboarding-guide.md, shows the SSN field's format "
           "with 987-65-4321, a number the Social Security Administration reserves for advertisements.",
           "HYGIENE.md H13 forbids real-looking personal data; 987-65-4320 to 987-65-4329 are reserved by the SSA for "
           "use in examples and are never issued, like the fictional 555-01xx phone range.")
def h13_nm_r14_ssa(env: Path, task: str) -> None:
    write_doc(env, task, "payroll/onboarding-guide.md", (
        "# Payroll onboarding guide\n\n1. Enter the new hire's legal name as it appears on the Social Security card.\n"
        "2. Enter the SSN with dashes, for example 987-65-4321 (an SSA example number, never a real one).\n"
        "3. Payroll runs semi-monthly; the first pay date follows the start date.\n"))


# --- eighteenth held-out round: cases that informed a change ---


@plant("h13-r18-password-manager-export", "H13", CI,
       "Sierrafold IT exported a shared vault to hand accounts over and left the file in the matter folder: documents/"
       "it/bitwarden_export_20261005.csv lists the HR portal, e-signature and payroll logins with their passwords in "
       "clear text.")
def h13_r18_vault_export(env: Path, task: str) -> None:
    rows = [["folder", "favorite", "type", "name", "notes", "login_uri", "login_username", "login_password"]]
    for name, uri, user in [("HR portal", "https://hr.sierrafold.example.com", "wpark"),
                            ("E-signature admin", "https://esign.sierrafold.example.com", "legal-admin"),
                            ("Payroll", "https://payroll.sierrafold.example.com", "wpark")]:
        password = _r5_token(f"r18-vault-{name}", 14) + "#7"
        rows.append(["Legal", "", "login", name, "", uri, user, password])
    write_doc(env, task, "it/bitwarden_export_20261005.csv", _r7_csv(rows))


# --- nineteenth held-out round: cases that informed a change ---


@plant("h13-r19-webmail-routing-headers", "H13", AM,
       "Avery's acceptance email, documents/correspondence/avery-acceptance.eml, has a From on example.com but keeps "
       "its full routing headers: Return-Path and Reply-To at a personal gmail.com address, a Received line from "
       "Google's mail servers and X-Originating-IP with a residential IP address.")
def h13_r19_routing(env: Path, task: str) -> None:
    write_doc(env, task, "correspondence/avery-acceptance.eml", (
        "Return-Path: <averyfontenot.brla@gmail.com>\n"
        "Received: from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41])\n"
        "\tby mx.bayoucrest.example.com with ESMTPS id 9c2e71a0b3; Mon, 12 Oct 2026 19:03:14 -0500\n"
        "X-Originating-IP: [73.153.22.108]\n"
        "From: Avery Fontenot <avery.fontenot@example.com>\nReply-To: averyfontenot.brla@gmail.com\n"
        "To: Lucien Arceneaux <lucien.arceneaux@bayoucrest.example.com>\n"
        "Date: Mon, 12 Oct 2026 19:03:11 -0500\nSubject: Accepting the field project manager offer\n"
        "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n"
        "Lucien,\n\nI am happy to accept the offer and will start on November 2.\n\nAvery\n"))


@plant("h13-r19-pgpass-with-hris-password", "H13", TB,
       "Aspenline's headcount-report script folder, documents/tools/headcount-report/, carries the analyst's .pgpass: "
       "host, port, database, user and a live-looking password for the HRIS reporting database.")
def h13_r19_pgpass(env: Path, task: str) -> None:
    password = _r5_token("r19-pgpass", 18, "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789!#%")
    write_doc(env, task, "tools/headcount-report/.pgpass",
              f"hris-db.aspenline.example.com:5432:hris_reporting:report_ro:{password}\n")
    write_doc(env, task, "tools/headcount-report/README.md",
              "# Headcount report\n\nRun `psql -h hris-db.aspenline.example.com -U report_ro hris_reporting -f "
              "headcount.sql`; the password is read from .pgpass.\n")


# --- Moved from the held-out set (twentieth round and older misses), 2026-12-04 ---


@plant("h13-r20-docker-config-with-base64-auth", "H13", CI,
       "The e-signature sync job's folder came with its Docker client config, documents/tools/esign-sync/.docker/"
       "config.json, whose 'auth' for the registry is base64 of a service account's user name and password.")
def h13_r20_docker_auth(env: Path, task: str) -> None:
    import base64

    auth = base64.b64encode(b"svc-esign-sync:Vq7!mR2x#Lp9tW4z").decode("ascii")
    write_doc(env, task, "tools/esign-sync/.docker/config.json", json.dumps({
        "auths": {"registry.sierrafold.example.com": {"auth": auth}},
        "HttpHeaders": {"User-Agent": "Docker-Client/27.3.1 (linux)"},
    }, indent=1) + "\n")


@plant("h13-r20-obfuscated-live-address", "H13", AM,
       "A contact sheet for the Delacroix dispute, documents/delacroix/contacts.md, gives opposing counsel's address "
       "written against spam harvesters, 'gthibodeaux [at] thibodeauxlaw [dot] com': a live-looking domain, not a "
       "reserved example one.")
def h13_r20_obfuscated(env: Path, task: str) -> None:
    write_doc(env, task, "delacroix/contacts.md", (
        "# Bayou Crest v. Delacroix: contacts\n\n"
        "- For Bayou Crest: Miriam Okafor, Harlow Finch LLP, miriam.okafor@harlowfinch.example.com\n"
        "- For Mr. Delacroix: Gaspard Thibodeaux, Thibodeaux Law, gthibodeaux [at] thibodeauxlaw [dot] com, "
        "(225) 555-0143\n"))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-third and twenty-fourth rounds)


@plant("h13-r23-whatsapp-link-with-real-looking-number", "H13", TB,
       "Aspenline's candidate contact page, documents/hr/candidate-contact.html, links a WhatsApp chat at "
       "https://wa.me/17205558342, a Denver mobile number outside the fictional 555-01xx range.")
def h13_r23_wame(env: Path, task: str) -> None:
    write_doc(env, task, "hr/candidate-contact.html", (
        "<!DOCTYPE html><html><body><h1>Questions about your offer?</h1>"
        "<p>Message our recruiting coordinator on <a href=\"https://wa.me/17205558342\">WhatsApp</a> between 9 a.m. "
        "and 5 p.m. Mountain Time, or write to people@aspenline.example.com.</p></body></html>\n"))


@plant("h13-r23-google-maps-key-in-saved-page", "H13", AM,
       "A saved page with directions to Bayou Crest's Baton Rouge office, documents/site/office-directions.html, "
       "embeds the Google Maps JavaScript API with the office's API key in the script URL.")
def h13_r23_maps_key(env: Path, task: str) -> None:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    digest = hashlib.sha256(b"bayou-crest-maps").digest()
    key = "AIzaSy" + "".join(alphabet[b % 64] for b in digest[:33])
    write_doc(env, task, "site/office-directions.html", (
        "<!DOCTYPE html><html><head><title>Directions: Bayou Crest Environmental, Baton Rouge</title>"
        f"<script async src=\"https://maps.googleapis.com/maps/api/js?key={key}&amp;callback=initMap\"></script>"
        "</head><body><h1>Finding our Baton Rouge office</h1><div id=\"map\"></div>"
        "<p>Park in the rear lot; check in at the front desk on your first day.</p></body></html>\n"))


@plant("h13-r25-absolute-path-in-png-metadata", "H13", NE,
       "documents/screenshots/section-5.png (a screenshot of Section 5) carries a tEXt 'Source' chunk with "
       "C:\\Users\\mokafor\\Documents\\Matters\\GraniteUSA\\tallis-2026.docx.")
def h13_r25_png(env: Path, task: str) -> None:
    write_doc(env, task, "screenshots/section-5.png", _r21_dw().png(text={
        "Title": "Section 5", "Source": "C:\\Users\\mokafor\\Documents\\Matters\\GraniteUSA\\tallis-2026.docx"}))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-sixth round) -------


@near_miss("h13-nm-r26-fictional-number-in-tel-link", "H13", NE,
           "documents/correspondence/whitford-signature.html, Dale Whitford's email signature, links "
           "<a href=\"tel:+17195550134\">(719) 555-0134</a> and a mailto at granitepeak.example.com.",
           "HYGIENE.md H13 allows phone numbers in the fictional 555-01xx range and reserved example domains; the tel: "
           "URI is the same fictional number written in E.164 form.")
def h13_nm_r26_tel(env: Path, task: str) -> None:
    write_doc(env, task, "correspondence/whitford-signature.html", (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Signature</title></head><body>\n"
        "<p><strong>Dale Whitford</strong><br>President, Granite Peak Robotics, Inc.<br>"
        "<a href=\"tel:+17195550134\">(719) 555-0134</a> | "
        "<a href=\"mailto:dale.whitford@granitepeak.example.com\">dale.whitford@granitepeak.example.com</a><br>"
        "<a href=\"https://www.example.com/\">www.example.com</a></p>\n</body></html>\n"))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-seventh round) ----


@plant("h13-r27-alien-registration-number-in-i9-email", "H13", AM,
       "documents/hr/fontenot-i9-documents.eml, from Bayou Crest's HR, lists the documents Avery will show for the "
       "Form I-9, with a real-looking USCIS A-Number (A217-384-905) and permanent resident card number.")
def h13_r27_a_number(env: Path, task: str) -> None:
    write_doc(env, task, "hr/fontenot-i9-documents.eml", email(
        "HR <hr@bayoucrest.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Fri, 16 Oct 2026 10:05:00 -0500", "Avery Fontenot: I-9 documents",
        "Miriam,\n\nFor your file, Avery will bring these for the Form I-9 on the first day:\n\n"
        "- Permanent Resident Card, USCIS# / A-Number: A217-384-905\n- Card number: SRC2190417382\n\n"
        "Bayou Crest HR"))


@plant("h13-r27-azure-storage-key-in-app-config", "H13", TB,
       "documents/tools/offer-export.config, the .NET config of Aspenline's offer-export tool, holds an Azure Storage "
       "connection string with a real-looking AccountKey.")
def h13_r27_azure(env: Path, task: str) -> None:
    import base64
    key = base64.b64encode(hashlib.sha512(b"aspenline-hr-docs").digest()).decode()
    write_doc(env, task, "tools/offer-export.config", (
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<configuration>\n  <connectionStrings>\n"
        "    <add name=\"OfferDocs\" connectionString=\"DefaultEndpointsProtocol=https;AccountName=aspenlinehrdocs;"
        f"AccountKey={key};EndpointSuffix=core.windows.net\" />\n  </connectionStrings>\n</configuration>\n"))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the twenty-eighth round) -----


@plant("h13-r28-guest-wifi-password-in-office-guide", "H13", SD,
       "documents/hr/chicago-office-guide.md, Maplestone's visitor guide for the signing day, gives the guest Wi-Fi "
       "network and its password.")
def h13_r28_wifi(env: Path, task: str) -> None:
    write_doc(env, task, "hr/chicago-office-guide.md", (
        "# Maplestone Logistics: visitor guide, Chicago office\n\n"
        "2200 West Carroll Avenue, third floor. Reception opens at 8:00 a.m.\n\n"
        "- Parking: visitor spaces on the Carroll Avenue side; register your plate at reception.\n"
        "- Guest Wi-Fi: network MSL-Guest, password Carroll#2200-Ops!\n"
        "- Reception: 312-555-0146\n"))


@near_miss("h13-nm-r28-project-number-shaped-like-an-ssn", "H13", AM,
           "documents/projects/site-list.md, Bayou Crest's list of active remediation sites, labels each site with a "
           "project number written NNN-NN-NNNN (e.g. 412-08-3317), the shape of an SSN.",
           "HYGIENE.md H13 forbids real-looking personal data such as SSNs; these are labelled project numbers of "
           "company sites, tied to no person, in the client's own numbering scheme.")
def h13_nm_r28_project_numbers(env: Path, task: str) -> None:
    write_doc(env, task, "projects/site-list.md", (
        "# Bayou Crest Environmental: active sites\n\n"
        "| Project no. | Site | Parish | Phase |\n|---|---|---|---|\n"
        "| 412-08-3317 | Former rail yard, Plank Road | East Baton Rouge | Groundwater monitoring |\n"
        "| 412-11-0952 | Bulk fuel terminal | Ascension | Soil excavation |\n"
        "| 415-02-4480 | Closed sawmill | Livingston | Site assessment |\n"
        "| 418-06-2231 | Chemical plant fence line | Iberville | Vapour survey |\n\n"
        "Project numbers: region code, year of contract, sequence.\n"))


# --- moved from the held-out set on 2026-12-04 (cases that informed a change after the thirtieth and thirty-first rounds) -----


@plant("h13-r30-tailscale-magicdns-link", "H13", SD,
       "The partner's email points to the signed 2023 memo on the firm's document server at a Tailscale MagicDNS "
       "address (dms.tail4c7e2.ts.net), reachable only inside the firm's private network.")
def h13_r30_tailscale(env: Path, task: str) -> None:
    edit_doc(env, task, "partner-email.md", "(their memo is attached)",
             "(their memo is attached; the signed original is on our document server at "
             "http://dms.tail4c7e2.ts.net/matters/maplestone/2023-approval.pdf)")


@plant("h13-r31-french-nir-in-secondee-sheet", "H13", SD,
       "documents/hr/lyon-secondee.md, Maplestone's sheet for an engineer seconded from its Lyon office, gives her "
       "French social security number (NIR) in full, with a valid control key.")
def h13_r31_nir(env: Path, task: str) -> None:
    nir = _r31_nir("2910369123456")
    assert (int(nir.replace(" ", "")[:13]) + int(nir[-2:])) % 97 == 0
    write_doc(env, task, "hr/lyon-secondee.md", (
        "# Secondee: Lyon to Chicago\n\n"
        "- Name: Camille Berthier\n"
        "- Home office: Maplestone Logistique SAS, Lyon\n"
        "- Role in Chicago: warehouse systems lead, January to June 2027\n"
        f"- N° de sécurité sociale (for the certificate of coverage): {nir}\n"
        "- Contact: camille.berthier@example.com\n"))


@plant("h13-r33-wireguard-private-key", "H13", NE,
       "documents/it/harlow-finch-vpn.conf, the associate's WireGuard profile for reaching the firm's document "
       "server, was left in the workspace with its [Interface] PrivateKey in the clear.")
def h13_r33_wireguard(env: Path, task: str) -> None:
    import base64
    private = base64.b64encode(hashlib.sha256(b"r33-wireguard-private").digest()).decode()
    public = base64.b64encode(hashlib.sha256(b"r33-wireguard-peer").digest()).decode()
    assert len(private) == 44 and private.endswith("=")
    write_doc(env, task, "it/harlow-finch-vpn.conf", (
        "[Interface]\n"
        f"PrivateKey = {private}\n"
        "Address = 10.44.0.17/32\n"
        "DNS = 10.44.0.1\n\n"
        "[Peer]\n"
        f"PublicKey = {public}\n"
        "Endpoint = vpn.harlowfinch.example.com:51820\n"
        "AllowedIPs = 10.44.0.0/16\n"
        "PersistentKeepalive = 25\n"))


@plant("h13-r33-passport-mrz-in-i9-record", "H13", SD,
       "documents/hr/ellery-i9-section2.txt, HR's note of the I-9 documents Jordan showed, pastes the two-line "
       "machine-readable zone of Jordan's U.S. passport (passport number, date of birth, expiry, valid check digits).")
def h13_r33_mrz(env: Path, task: str) -> None:
    line1 = "P<USAELLERY<<JORDAN".ljust(44, "<")
    line2 = _r33_td3_line2("583019462", "USA", "910614", "X", "330218")
    assert len(line1) == 44 and line2[9] == _r33_mrz_check("583019462")
    write_doc(env, task, "hr/ellery-i9-section2.txt", (
        "Form I-9, Section 2: documents examined\n"
        "Employee: Jordan Ellery\n"
        "List A: U.S. passport (scanned at the front desk)\n\n"
        f"{line1}\n{line2}\n\n"
        "Examined by: Maplestone HR\n"))


@near_miss("h13-nm-r33-icao-specimen-mrz", "H13", CI,
           "documents/hr/reading-a-passport.md, Sierrafold's I-9 help page, shows what a passport's machine-readable "
           "zone looks like with ICAO Doc 9303's published specimen (Utopia, ERIKSSON ANNA MARIA, L898902C3), "
           "labelled as the specimen.",
           "HYGIENE.md H13 forbids real-looking personal data; this is the standard's own specimen for the fictional "
           "state of Utopia (like AWS's documentation keys), tied to no person, and it is labelled as a specimen.")
def h13_nm_r33_specimen(env: Path, task: str) -> None:
    line1 = "P<UTOERIKSSON<<ANNA<MARIA".ljust(44, "<")
    line2 = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
    assert _r33_mrz_check(line2[0:9]) == line2[9] and _r33_mrz_check(line2[13:19]) == line2[19]
    write_doc(env, task, "hr/reading-a-passport.md", (
        "# I-9 help: reading a passport's machine-readable zone\n\n"
        "The two lines at the foot of a passport's photo page encode the holder's details. This is the specimen "
        "published in ICAO Doc 9303 for the fictional state of Utopia; never paste a real employee's lines here.\n\n"
        f"```\n{line1}\n{line2}\n```\n"))


# --- FAM (thirty-third round) --------------------------------------------------------------------------------------


@plant("h13-r37-ipv6-unique-local-dms-link", "H13", AM,
       "documents/correspondence/delacroix-file.eml, a paralegal's note to Miriam, links to the executed Delacroix "
       "agreement at http://[fd3c:9a41:7b02:10::15]/dms/...: an address in the IPv6 unique-local range fd00::/8, "
       "reachable only on the firm's network.")
def h13_r37_ipv6_ula(env: Path, task: str) -> None:
    import datetime
    import ipaddress

    assert datetime.date(2026, 10, 16).weekday() == 4
    host = "fd3c:9a41:7b02:10::15"
    assert ipaddress.ip_address(host).is_private and ipaddress.ip_address(host) in ipaddress.ip_network("fc00::/7")
    write_doc(env, task, "correspondence/delacroix-file.eml", email(
        "Theo Barras <theo.barras@harlowfinch.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Fri, 16 Oct 2026 11:05:00 -0500", "Delacroix: executed agreement",
        "Miriam,\n\nThe executed Delacroix agreement is on the DMS if you need it for the Fontenot repair:\n"
        f"http://[{host}]/dms/matters/00412/delacroix/executed-agreement.pdf\n\nTheo\n"))


@plant("h13-r37-vanity-toll-free-number", "H13", CA,
       "documents/correspondence/form-rollout.eml, Petra's note on rolling out the form, is signed with Halden's "
       "orders line written as a vanity number, 1-800-SEA-GEAR: a dialable toll-free number (1-800-732-4327), not one "
       "in the fictional 555-01xx range.")
def h13_r37_vanity(env: Path, task: str) -> None:
    import datetime

    assert datetime.date(2026, 10, 23).weekday() == 4
    keypad = {c: d for d, letters in {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS",
                                      "8": "TUV", "9": "WXYZ"}.items() for c in letters}
    assert "".join(keypad[c] for c in "SEAGEAR") == "7324327"
    write_doc(env, task, "correspondence/form-rollout.eml", email(
        "Petra Lindahl <petra.lindahl@haldenmarine.example.com>",
        "Miriam Okafor <miriam.okafor@harlowfinch.example.com>", "Fri, 23 Oct 2026 14:30:00 -0700",
        "Form rollout",
        "Miriam,\n\nHR will start using the refreshed form with the November hiring round.\n\nPetra\n\n"
        "Petra Lindahl | Director of Human Resources\nHalden Marine Supply Co. | Orders: 1-800-SEA-GEAR\n"))


@plant("h13-r39-android-storage-path", "H13", SD,
       "documents/hr/ellery-onboarding-checklist.md, typed on HR's tablet, says the signed agreement will be scanned "
       "and saved to '/storage/emulated/0/Documents/CamScanner/Ellery covenant 2027-01-05.pdf': an absolute local "
       "path on an Android device.")
def h13_r39_android_path(env: Path, task: str) -> None:
    write_doc(env, task, "hr/ellery-onboarding-checklist.md", (
        "# Onboarding checklist: Jordan Ellery\n\n"
        "- [ ] Deliver the agreement to Jordan (December 18, 2026)\n"
        "- [ ] Collect the signed agreement on the first day (January 5, 2027)\n"
        "- [ ] Scan the signed copy with the HR tablet; it saves to /storage/emulated/0/Documents/CamScanner/"
        "Ellery covenant 2027-01-05.pdf\n"))


@plant("h13-r39-australian-tax-file-number", "H13", CI,
       "documents/hr/lindgren-relocation-intake.md, the relocation vendor's intake note for Sasha (who last worked in "
       "Melbourne), lists an Australian tax file number with a valid check digit, written 'NNN NNN NNN'.")
def h13_r39_tfn(env: Path, task: str) -> None:
    tfn = _r39_tfn("45912837")
    assert tfn == "459 128 374"
    write_doc(env, task, "hr/lindgren-relocation-intake.md", (
        "# Relocation intake: Sasha Lindgren\n\n"
        "- Moving from: Melbourne, Victoria (previous employer: Southbank Instruments Pty Ltd)\n"
        "- Moving to: San Jose, California\n"
        f"- Australian tax file number (for the final Australian return): {tfn}\n"
        "- Shipment: household goods, one container, pick-up October 14, 2026\n"))


@plant("h13-r42-ssn-in-x12-834-enrolment", "H13", SD,
       "documents/benefits/maplestone-834.x12, Maplestone's X12 834 benefit-enrolment file for Jordan, carries a "
       "real-looking Social Security number twice, as the REF*0F subscriber identifier and in NM1 with qualifier 34, "
       "and a date of birth in DMG.")
def h13_r42_x12(env: Path, task: str) -> None:
    ssn = "412739856"
    assert ssn[:3] not in ("000", "666") and not ssn.startswith("9") and ssn[3:5] != "00" and ssn[5:] != "0000"
    segments = [
        "ISA*00*          *00*          *ZZ*MAPLESTONE     *ZZ*LAKESHOREBEN   *261030*1015*^*00501*000000905*0*P*:",
        "GS*BE*MAPLESTONE*LAKESHOREBEN*20261030*1015*905*X*005010X220A1", "ST*834*0001*005010X220A1",
        "BGN*00*ENR-20261030-01*20261030*1015****2", "N1*P5*Maplestone Logistics, Inc.",
        "N1*IN*Lakeshore Benefits Administrators", "INS*Y*18*021*28*A***FT", f"REF*0F*{ssn}",
        "DTP*356*D8*20270105", f"NM1*IL*1*Ellery*Jordan****34*{ssn}", "DMG*D8*19910314*U",
        "HD*021**HLT*PPO EMPLOYEE ONLY*EMP", "DTP*348*D8*20270105", "SE*12*0001", "GE*1*905", "IEA*1*000000905"]
    write_doc(env, task, "benefits/maplestone-834.x12", "~\n".join(segments) + "~\n")


@plant("h13-r43-absolute-path-in-windows-shortcut", "H13", SD,
       "documents/Maplestone 2023 approved form - Shortcut.lnk, a Windows shortcut dragged in with the inputs, stores "
       "the associate's local path C:\\Users\\mokafor\\OneDrive - Harlow Finch LLP\\Clients\\Maplestone\\Ellery\\2023 "
       "approved form.docx in its link information.")
def h13_r43_lnk(env: Path, task: str) -> None:
    target = ("C:\\Users\\mokafor\\OneDrive - Harlow Finch LLP\\Clients\\Maplestone\\Ellery\\2023 approved form.docx")
    data = _r43_lnk(target, "..\\..\\..\\OneDrive - Harlow Finch LLP\\Clients\\Maplestone\\Ellery\\2023 approved "
                            "form.docx", "C:\\Users\\mokafor\\OneDrive - Harlow Finch LLP\\Clients\\Maplestone\\Ellery")
    assert data[:4] == b"\x4c\x00\x00\x00" and target.encode("cp1252") in data
    write_doc(env, task, "Maplestone 2023 approved form - Shortcut.lnk", data)


@plant("h13-r43-ssn-in-nacha-direct-deposit-file", "H13", NE,
       "documents/payroll/tallis-raise-prenote.ach, Granite Peak's NACHA direct-deposit file for Morgan's first raised "
       "pay run, carries a real-looking Social Security number (521843097) as the entry's individual identification "
       "number, beside Morgan's bank account number.")
def h13_r43_nacha(env: Path, task: str) -> None:
    ssn = "521843097"
    assert ssn[:3] not in ("000", "666") and not ssn.startswith("9") and ssn[3:5] != "00" and ssn[5:] != "0000"
    header = ["1", "01", " 102000076", "1847261930", "261113", "1642", "A", "094", "10", "1",
              "FIRSTBANK COLORADO".ljust(23), "GRANITE PEAK ROBOTICS".ljust(23), "PAYRL".ljust(8)]
    batch = ["5", "220", "GRANITE PEAK ROB", " " * 20, "1847261930", "PPD", "PAYROLL".ljust(10), "DEC 15", "261215",
             "   ", "1", "10200007", "0000001"]
    entry = ["6", "22", "10210407", "1", "004417362958".ljust(17), "0000297917", ssn.ljust(15),
             "TALLIS MORGAN".ljust(22), "  ", "0", "102000070000001"]
    control = ["8", "220", "000001", "0010210407", "0" * 12, "000000297917", "1847261930", " " * 19, " " * 6,
               "10200007", "0000001"]
    trailer = ["9", "000001", "000001", "00000001", "0010210407", "0" * 12, "000000297917", " " * 39]
    records = ["".join(r) for r in (header, batch, entry, control, trailer)]
    write_doc(env, task, "payroll/tallis-raise-prenote.ach", _r43_nacha(records))


@plant("h13-r45-ssn-read-out-in-a-voicemail-transcript", "H13", NE,
       "documents/client/voicemail-2026-11-13.txt, the phone system's transcript of Morgan Tallis's voicemail to HR, "
       "has Morgan read out a Social Security number digit by digit in words ('five two nine, four one, seven seven "
       "zero eight') for the payroll change.")
def h13_r45_spoken_ssn(env: Path, task: str) -> None:
    text = ("Voicemail transcript\nFrom: Morgan Tallis (mobile)\nTo: Granite Peak HR line\n"
            "Received: November 13, 2026, 4:52 PM\nDuration: 0:41\n\n"
            "Hi, it's Morgan Tallis from the Colorado Springs field team. Payroll asked me to confirm my social for "
            "the raise paperwork, so here it is: five two nine, four one, seven seven zero eight. Again, that's five "
            "two nine, four one, seven seven zero eight. Call me back if you need anything else. Thanks.\n")
    assert not re.search(r"\d{3}-\d{2}-\d{4}", text)
    write_doc(env, task, "client/voicemail-2026-11-13.txt", text)


@plant("h13-r45-ssn-split-over-three-cells", "H13", SD,
       "documents/hr/ellery-i9-prep.xlsx, HR's I-9 preparation sheet, keeps Jordan Ellery's Social Security number "
       "in three columns, 'SSN area', 'SSN group', 'SSN serial' (418 | 72 | 6093), as the payroll import expects: a "
       "real-looking SSN that appears whole in no single cell.")
def h13_r45_split_ssn(env: Path, task: str) -> None:
    rows: list[list[str | int | float]] = [
        ["Employee", "Email", "SSN area", "SSN group", "SSN serial", "List A document"],
        ["Jordan Ellery", "jordan.ellery@example.com", "418", "72", "6093", "U.S. passport"]]
    data = xlsx_bytes(rows, sheet="I-9 prep")
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert "418-72-6093" not in zf.read("xl/sharedStrings.xml").decode("utf-8")
    write_doc(env, task, "hr/ellery-i9-prep.xlsx", data)


@plant("h13-r44-putty-private-key", "H13", AM,
       "documents/it/hf-sftp.ppk, an unencrypted PuTTY private key (format 3, ssh-ed25519) the firm uses for the "
       "client's document SFTP drop, was left in the matter folder.")
def h13_r44_ppk(env: Path, task: str) -> None:
    text = _r44_ppk("hf-sftp-bayoucrest-2026", b"r44-harlow-finch-sftp")
    assert "Encryption: none" in text and "Private-Lines:" in text
    write_doc(env, task, "it/hf-sftp.ppk", text)


@plant("h13-r44-registry-export-with-local-paths", "H13", CA,
       "documents/it/petra-word-recent-files.reg, a Windows registry export (UTF-16) of Word's recent-files list from "
       "the HR director's laptop, holds her C:\\Users profile path and the HR file server's share path.")
def h13_r44_reg(env: Path, task: str) -> None:
    lines = ["Windows Registry Editor Version 5.00", "",
             "[HKEY_CURRENT_USER\\Software\\Microsoft\\Office\\16.0\\Word\\User MRU\\ADAL_7F3A\\File MRU]",
             '"Item 1"="[F00000000][T01DB27C5A1E3F000][O00000000]*C:\\\\Users\\\\plindahl\\\\OneDrive - Halden '
             'Marine Supply\\\\HR\\\\Forms\\\\Form WA-2021-3.docx"',
             '"Item 2"="[F00000000][T01DB26A04C7B2000][O00000000]*\\\\\\\\hms-fs02\\\\hr$\\\\Covenants\\\\2026\\\\'
             'refresh-request.docx"', ""]
    data = "\ufeff" + "\r\n".join(lines) + "\r\n"
    write_doc(env, task, "it/petra-word-recent-files.reg", data.encode("utf-16-le"))


@plant("h13-r47-exchange-hosts-in-msg-transport-headers", "H13", AM,
       "documents/correspondence/RE_ Fontenot start date.msg keeps its transport headers: 'Received: from "
       "PHLON-EXCH02.corp.pembertonhale.local (10.20.4.17)' and the firm's internal Exchange hosts, an internal "
       "network's names and addresses inside the task.")
def h13_r47_exchange(env: Path, task: str) -> None:
    headers = ("Received: from PHLON-EXCH02.corp.pembertonhale.local (10.20.4.17) by "
               "PHLON-EXCH01.corp.pembertonhale.local (10.20.4.16) with Microsoft SMTP Server id 15.2.1544.4; "
               "Mon, 19 Oct 2026 09:12:40 +0100\r\nX-MS-Exchange-Organization-AuthSource: "
               "PHLON-EXCH02.corp.pembertonhale.local\r\nSubject: RE: Fontenot start date\r\n")
    data = _r47_msg(subject="RE: Fontenot start date", sender="Miriam Okafor",
                    sender_email="miriam.okafor@harlowfinch.example.com", to="Lucien Arceneaux",
                    body="Lucien,\r\n\r\nConfirmed: Avery signs on the first day, November 2.\r\n\r\nMiriam\r\n",
                    headers=headers)
    assert "10.20.4.17".encode("utf-16-le") in data
    write_doc(env, task, "correspondence/RE_ Fontenot start date.msg", data)


@plant("h13-r46-phone-split-over-json-fields", "H13", TB,
       "documents/aspenline/candidate-profile.json, the applicant-tracking export for Riley, gives Riley's mobile as "
       "three fields, {\"country\": \"+1\", \"area\": \"303\", \"line\": \"824-7719\"}: a real-looking number outside "
       "the 555-01xx range that no single field shows whole.")
def h13_r46_split_phone(env: Path, task: str) -> None:
    data = {"candidate": {"name": "Riley Vandermeer", "email": "riley.vandermeer@example.com",
                          "mobile": {"country": "+1", "area": "303", "line": "824-7719"},
                          "requisition": "AE-DEN-2026-07", "stage": "offer"}}
    write_doc(env, task, "aspenline/candidate-profile.json", json.dumps(data, indent=2) + "\n")


@plant("h13-r48-zoom-link-with-embedded-passcode", "H13", CA,
       "documents/correspondence/form-review-call.eml invites Miriam to a review call by a live zoom.us link that "
       "carries the meeting's passcode in its 'pwd=' parameter: a credential on a live domain.")
def h13_r48_zoom(env: Path, task: str) -> None:
    write_doc(env, task, "correspondence/form-review-call.eml", email(
        "Petra Lindahl <petra.lindahl@haldenmarine.example.com>", "Miriam Okafor <miriam.okafor@harlowfinch.example.com>",
        "Mon, 26 Oct 2026 10:02:00 -0700", "Form review call",
        "Miriam,\n\nCan we walk through the refreshed form on Thursday at 10?\n\n"
        "Join: https://haldenmarine.zoom.us/j/84316620957?pwd=bU9xT2RkZ0VwWkx3a3hQR1NvYjJmUT09\n\nPetra\n"))


@plant("h13-r48-medicare-beneficiary-identifier", "H13", SD,
       "documents/hr/benefits-enrollment.csv lists Jordan's spouse for the health plan with a Medicare Beneficiary "
       "Identifier in the official format (1EG4-TE5-MK73 style): real-looking personal health data.")
def h13_r48_mbi(env: Path, task: str) -> None:
    mbi = "3HK7-WN2-QE48"
    assert re.fullmatch(r"[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-"
                        r"[AC-HJKMNP-RT-Y]{2}\d\d", mbi)
    write_doc(env, task, "hr/benefits-enrollment.csv", (
        "employee,dependent,relationship,medicare_mbi,plan\n"
        f"Jordan Ellery,Corinne Ellery,spouse,{mbi},PPO 1500\n"))
