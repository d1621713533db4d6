"""H13 synthetic data and secrets: nothing real, nothing secret, nothing local."""

from __future__ import annotations

import json
import re

import pytest

from hygiene_helpers import env_with, found, task_json, workspace


def test_real_looking_data_and_a_masked_secret(tmp_path):
    files = {**workspace(), "leak.md": ("SSN 123-45-6789\nmail jane.doe@gmail.com\ncall 303-444-1234\n"
                                        "aws AKIAABCDEFGHIJKLMNOP\nsee /Users/jane/matter/notes.docx\n"
                                        "wiki http://wiki.corp.internal/page\n")}
    hits = {(f.severity, f.location, f.evidence) for f in found(env_with(tmp_path, files=files), "H13")}
    assert hits == {("major", 1, "SSN 123-45-6789"), ("major", 2, "mail jane.doe@gmail.com"),
                    ("major", 3, "call 303-444-1234"), ("blocker", 4, "AKIA…(masked)"),
                    ("major", 5, "see /Users/jane/matter/notes.docx"),
                    ("major", 6, "wiki http://wiki.corp.internal/page")}


@pytest.mark.parametrize("line", ["SSN 529 41 7730", "SSN (for payroll setup): 529 41 7730",
                                  "Social Security number: 529.41.7730", "SS# 529417730"])
def test_a_labelled_ssn_is_found_however_it_is_written(tmp_path, line):
    hits = found(env_with(tmp_path, files={**workspace(), "hire.md": f"- {line}\n"}), "H13")
    assert [(f.severity, f.location) for f in hits] == [("major", 1)]


@pytest.mark.parametrize("url", ["https://hooks.slack.com/services/T0001/B0002/abcdefghijklmnopqrstuvwx",
                                 "https://discord.com/api/webhooks/123456789/abcDEF-ghiJKL_mno",
                                 "https://api.vendor.io/v1/export?token=3f9a8b7c6d5e4f3a2b1c",
                                 "ftp://svc-user:Secr3tPa55@files.vendor.io/drop"])
def test_a_url_that_carries_its_own_secret_is_a_blocker_and_masked(tmp_path, url):
    hits = found(env_with(tmp_path, files={**workspace(), "ops.md": f"Post updates to {url}\n"}), "H13")
    assert [f.severity for f in hits] == ["blocker"] and "masked" in hits[0].evidence


def test_a_task_not_declared_synthetic_is_minor(tmp_path):
    task = task_json()
    del task["oafreeze"]["synthetic"]
    assert [(f.severity, f.location) for f in found(env_with(tmp_path, task), "H13")] == [
        ("minor", "$.oafreeze.synthetic")]


def test_near_miss_a_chat_threads_id_written_like_an_address_is_no_e_mail_address(tmp_path):
    files = {**workspace(), "chat.json": '{"chatId": "19:b89b161ff96f248eae55a7216717e246@thread.v2",\n'
                                         ' "spaceId": "19:7d3c1a9e0b2f4e6a8c5d9f1b3a7e2c4d@thread.skype",\n'
                                         ' "other": "48:notes@unq.gbl.spaces"}\n'}
    assert found(env_with(tmp_path, files=files), "H13") == []
    real = {**workspace(), "chat.json": '{"owner": "dana.whitcombe@halden-freight.com"}\n'}
    assert [f.severity for f in found(env_with(tmp_path / "real", files=real), "H13")] == ["major"]


def test_near_miss_reserved_addresses_fictional_numbers_and_statutes(tmp_path):
    files = {**workspace(), "ok.md": "Write to legal@example.org or call (303) 555-0199. See C.R.S. 8-2-113.\n"
                                     "Tracking link: https://portal.example.com/case?token=abcdef0123456789\n"
                                     "Employee ID 529 41 7730 is not a social security number.\n"}
    assert found(env_with(tmp_path, files=files), "H13") == []


# Valid identifiers are built here at run time (checksums included), so no real-looking card or account
# number sits in this source file.
def _kind(finding) -> str:
    return re.match(r"(.+?) ['\"]", finding.message).group(1)


def _luhn(stem: str) -> str:
    total = sum(int(c) if i % 2 else sum(divmod(2 * int(c), 10)) for i, c in enumerate(reversed(stem)))
    return stem + str(-total % 10)


def _iban(country: str, bban: str) -> str:
    number = int("".join(str(int(c, 36)) for c in bban + country + "00"))
    return f"{country}{98 - number % 97:02d}{bban}"


def _routing(stem: str) -> str:
    return stem + str(-sum(w * int(c) for w, c in zip([3, 7, 1, 3, 7, 1, 3, 7], stem)) % 10)


@pytest.mark.parametrize("line,kind", [
    ("Matter files: \\\\fs01.sierrafold.corp\\legal$\\Matters\\Lindgren", "network share path"),
    ("Extended form \\\\?\\UNC\\hrfiles\\forms\\wa-2021.pdf", "network share path"),
    ("Open //hrfiles/forms/wa-2021.pdf before the call.", "network share path"),
    ("Mounted at smb://hrfiles/forms", "network share path"),
    ("The old draft is S:\\Legal\\Matters\\Lindgren\\ciia.docx.", "local path"),
    ("Saved as D:/matters/lindgren/draft.docx", "local path"),
    ("Template: file:///C:/Templates/ciia.docx", "local path"),
    ("Link: file://hrfiles/forms/wa.pdf", "local path"),
    ("From the share /Volumes/HR-Share/forms/wa.pdf", "local path"),
    ("Download from ftp://files.sierrafold.lan/forms", "internal URL"),
    ("Portal: http://hrportal:8080/forms", "internal URL"),
    ("Log in at hr-portal.sierrafold.internal with your badge.", "internal host name"),
])
def test_paths_to_a_machine_or_a_network_share_in_every_spelling_are_major(tmp_path, line, kind):
    hits = found(env_with(tmp_path, files={**workspace(), "ops.md": f"{line}\n"}), "H13")
    assert [(f.severity, f.location, f.message.split(" ")[:len(kind.split())]) for f in hits] == [
        ("major", 1, kind.split())]


def test_a_windows_path_written_with_json_escapes_in_task_json_is_found(tmp_path):
    task = task_json()
    task["instructions"] += "\n\nSchedule A:\nthe forms are on \\\\hrfiles\\forms\\wa and M:\\Matters\\notes.docx."
    hits = found(env_with(tmp_path, task), "H13")
    assert sorted(_kind(f) for f in hits) == ["local path", "network share path"]
    assert {(f.path, f.severity) for f in hits} == {("task.json", "major")}


def test_a_bare_host_under_one_label_of_an_internal_name_is_only_minor(tmp_path):
    hits = found(env_with(tmp_path, files={**workspace(), "ops.md": "The server fs02.corp was retired.\n"}), "H13")
    assert [(f.severity, _kind(f)) for f in hits] == [("minor", "internal host name")]


def test_labelled_bank_identifiers_and_checksummed_payment_numbers_are_major(tmp_path):
    card = _luhn("453201511283036")
    lines = [f"ABA routing no. {_routing('02100002')}",
             "Checking account: 4402 1188 7730",
             f"Refunds to {' '.join(_iban('DE', '500105175407324931')[i:i + 4] for i in range(0, 22, 4))}",
             f"Corporate card {' '.join(card[i:i + 4] for i in range(0, 16, 4))}",
             "Account no. 88123401 (wire transfers)"]
    hits = found(env_with(tmp_path, files={**workspace(), "pay.md": "\n".join(lines) + "\n"}), "H13")
    assert [(f.severity, f.location, _kind(f)) for f in hits] == [
        ("major", 1, "bank routing number"), ("major", 2, "bank account number"), ("major", 3, "IBAN"),
        ("major", 4, "card number"), ("major", 5, "bank account number")]


def test_labelled_birth_dates_passports_and_licences_are_major(tmp_path):
    lines = ["**Date of birth (MM/DD/YYYY):** 04/17/1991", "DOB 17 April 1991", "Passport: USA 912345678",
             "Driver's license no. D1234567", "DL# S530-4128-7731"]
    hits = found(env_with(tmp_path, files={**workspace(), "id.md": "\n".join(lines) + "\n"}), "H13")
    assert [(f.severity, f.location, _kind(f)) for f in hits] == [
        ("major", 1, "date of birth"), ("major", 2, "date of birth"), ("major", 3, "passport number"),
        ("major", 4, "driver's licence number"), ("major", 5, "driver's licence number")]


def test_a_value_under_a_labelled_column_or_below_a_labelled_line_is_found(tmp_path):
    files = {**workspace(),
             "people.md": "| Name | Birth date | Passport no. |\n|---|---|---|\n| Sasha Lindgren | 1991-04-17 | 912345678 |\n",
             "bank.tsv": f"name\tbank\trouting\taccount\nSasha\tFirst Coastal\t{_routing('12100035')}\t4402118877\n",
             "form.md": "Date of birth:\n17 April 1991\n"}
    hits = {(f.path, f.location, f.severity, _kind(f)) for f in
            found(env_with(tmp_path, files=files), "H13")}
    assert hits == {("documents/people.md", 3, "major", "date of birth"),
                    ("documents/people.md", 3, "major", "passport number"),
                    ("documents/bank.tsv", 2, "major", "bank routing number"),
                    ("documents/bank.tsv", 2, "major", "bank account number"),
                    ("documents/form.md", 2, "major", "date of birth")}


def test_prose_birth_dates_and_accounts_with_no_word_of_banking_are_only_minor(tmp_path):
    files = {**workspace(), "story.md": "Sasha (born on 17 April 1991) joined in 2019.\nCustomer account: 88123401\n"}
    hits = found(env_with(tmp_path, files=files), "H13")
    assert [(f.severity, f.location, _kind(f)) for f in hits] == [
        ("minor", 1, "date of birth"), ("minor", 2, "account number")]


def test_near_miss_published_test_values_failed_checksums_and_mentions_without_numbers(tmp_path):
    bad_routing = _routing("02100002")[:-1] + str((int(_routing("02100002")[-1]) + 1) % 10)
    lines = ["Test card 4111 1111 1111 1111; IBAN GB82 WEST 1234 5698 7654 32.",
             f"Routing number: {bad_routing}", "Routing number: 000000000", "Account ending in 4821",
             "Employees give a date of birth by May 1, 2026; passports are checked on the first day.",
             "A driver's license under Cal. Veh. Code 12500 is required. See ABA Model Rule 1.6.",
             "Born in 1985, she is 41. Schedule A: terms. Section 12(a)/(b).",
             "Shared at \\\\files.example.com\\hr\\forms and http://intranet.example/forms.",
             "Settings live in .env.local; Acme Corp. signs.",
             "Matter No. 2026-CH-01234; invoice 2026/04/17.",
             "| Name | Start date | Account manager |", "|---|---|---|", "| Sasha | 2026-04-17 | Jo Park |"]
    assert found(env_with(tmp_path, files={**workspace(), "ok.md": "\n".join(lines) + "\n"}), "H13") == []


def test_a_generated_password_in_a_url_on_a_reserved_host_is_major_and_a_story_one_is_not(tmp_path):
    url = "postgresql://hris_reader:Qm7vT2xLp9RzK4nW8cYb3d@hris-db.example.com:5432/people"
    hits = found(env_with(tmp_path, files={**workspace(), "export.env": f"DATABASE_URL={url}\n"}), "H13")
    assert [(f.severity, f.location) for f in hits] == [("major", 1)]
    assert "Lp9RzK4nW8" not in hits[0].evidence + hits[0].message  # masked
    for n, story in enumerate(["postgresql://demo:changeme@db.example.com/people",
                               "https://files.example.com/x?token=EXAMPLE-TOKEN-0001",
                               "https://files.example.com/x?sig=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"]):
        env = env_with(tmp_path / f"story{n}", files={**workspace(), "export.env": f"URL={story}\n"})
        assert found(env, "H13") == [], story


def test_a_generated_token_in_an_authorization_header_or_a_jwt_is_a_masked_blocker(tmp_path):
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlbGxlcnkifQ.Qm7vT2xLp9RzK4nW8cYb3d"
    text = ("curl -H 'Authorization: Bearer Qm7vT2xLp9RzK4nW8cYb3dX1' https://hris.example.com/api\n"
            f"session={jwt}\n"
            "curl -H 'Authorization: Bearer YOUR_ACCESS_TOKEN_HERE' https://hris.example.com/api\n"
            "The basic token economy of the plan is explained below.\n")
    hits = found(env_with(tmp_path, files={**workspace(), "notes.md": text}), "H13")
    assert [(f.severity, f.location) for f in hits] == [("blocker", 1), ("blocker", 2)]
    assert all("Qm7vT2xLp9" not in f.evidence + f.message for f in hits)


# Phone numbers outside North America: in international form anywhere, in national form where a
# label says it is a telephone. The numbers are built from parts so none sits whole in this file.
@pytest.mark.parametrize("line", ["Relocation contact, mobile +49 151 " + "2834 7719",
                                  "Paris office: +33 6 12 " + "48 57 90", "Sydney desk +61 412 " + "093 518",
                                  "Tel. 030 2312 " + "5874", "mobile: 0612 " + "804 377"])
def test_a_phone_number_in_any_countrys_form_is_found(tmp_path, line):
    hits = found(env_with(tmp_path, files={**workspace(), "contacts.md": f"- {line}\n"}), "H13")
    assert [(f.severity, f.location, _kind(f)) for f in hits] == [("major", 1, "phone number")]


def test_a_phone_column_of_a_table_is_read_and_its_fictional_values_allowed(tmp_path):
    table = "Name,Phone\nJana Kowalczyk,030 2312 " + "5874\nMo Reyes,(303) 555-0100\nAl Finch,020 7946 0958\n"
    hits = found(env_with(tmp_path, files={**workspace(), "contacts.csv": table}), "H13")
    assert [(f.location, _kind(f)) for f in hits] == [(2, "phone number")]


@pytest.mark.parametrize("line", ["UK drama number +44 (0)20 7946 0958", "mobile 07700 900123",
                                  "Australian mobile +61 491 570 110", "Phone: 555-0143",
                                  "The fee rose +15 percent, to 1,250,000 in 2026.", "phone call on 2026-10-14",
                                  "Fax: +1 (303) 555-0100", "Tel: 0000 000 000"])
def test_fictional_placeholder_and_non_phone_numbers_are_left_alone(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "contacts.md": f"- {line}\n"}), "H13") == []


# Other countries' identity numbers, labelled (each value built from parts).
@pytest.mark.parametrize("line", ["National Insurance number: JK " + "48 27 91 C", "SIN: 046 " + "454 286",
                                  "NHS number 943 " + "476 5919", "Personnummer: 19811228-" + "9874"])
def test_a_labelled_national_identity_number_is_found(tmp_path, line):
    hits = found(env_with(tmp_path, files={**workspace(), "hire.md": f"- {line}\n"}), "H13")
    assert [(f.severity, f.location, _kind(f)) for f in hits] == [("major", 1, "national identity number")]


@pytest.mark.parametrize("line", ["National Insurance number: QQ 12 34 56 C", "SIN: 000 000 000",
                                  "National insurance contributions rose in 2026 by 1,250,000",
                                  "Bring a national identity card on 2026-11-02"])
def test_near_miss_example_placeholder_and_prose_identity_numbers(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "hire.md": f"- {line}\n"}), "H13") == []


def test_a_key_in_a_json_settings_file_is_a_masked_blocker(tmp_path):
    key = "sk_" + "live_" + "9fQ2mXv4eC3HqLyjWD7dc"
    files = {**workspace(), "esign-settings.json": ('{\n  "provider": "signing service",\n'
                                                    f'  "api_key": "{key}",\n  "client_secret": "Qm9vZ3Vz7d1x"\n}}\n')}
    hits = found(env_with(tmp_path, files=files), "H13")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [("blocker", 3, "sk_l…(masked)"),
                                                                   ("blocker", 4, "clie…(masked)")]


def test_a_real_password_with_underscores_is_no_placeholder(tmp_path):
    files = {**workspace(), "esign-settings.json": '{\n  "password": "my_secret_pw1"\n}\n'}
    assert [f.severity for f in found(env_with(tmp_path, files=files), "H13")] == ["blocker"]


@pytest.mark.parametrize("value", ["YOUR_API_KEY", "<your token here>", "${ESIGN_API_KEY}", "$ESIGN_TOKEN", "xxxxxxxxxxxx",
                                   "************", "changeme-before-use", "REDACTED_FOR_FILING"])
def test_near_miss_a_named_credential_that_only_stands_for_one(tmp_path, value):
    files = {**workspace(), "esign-settings.json": f'{{\n  "api_key": "{value}"\n}}\n'}
    assert found(env_with(tmp_path, files=files), "H13") == []


@pytest.mark.parametrize("line", ["UK National Insurance number (from an earlier job in Leeds): JT " + "48 29 13 B",
                                  "NI: JT" + "482913B", "Previous employer records list JT " + "48 29 13 B."])
def test_a_national_insurance_number_in_its_own_form_is_found_with_or_without_a_label(tmp_path, line):
    hits = found(env_with(tmp_path, files={**workspace(), "hire.md": f"- {line}\n"}), "H13")
    assert [(f.severity, _kind(f)) for f in hits] == [("major", "national identity number")]


@pytest.mark.parametrize("line", ["Form QQ 12 34 56 C is HMRC's example", "Clause AB 12 34 56 E applies",
                                  "Room BG 12 34 56 A"])
def test_near_miss_example_and_unissued_national_insurance_forms(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "hire.md": f"- {line}\n"}), "H13") == []


def test_a_link_into_a_companys_own_tracker_on_a_hosted_service_is_an_internal_url(tmp_path):
    task = task_json()
    task["source_ticket"] = "https://harlowfinch.atlassian.net/browse/LEGAL-412"
    hits = found(env_with(tmp_path / "a", task), "H13")
    assert [(f.severity, f.path, _kind(f)) for f in hits] == [("major", "task.json", "internal URL")]
    task["source_ticket"] = "https://www.atlassian.com/software/jira"
    assert found(env_with(tmp_path / "b", task), "H13") == []


@pytest.mark.parametrize("value", ["sk_" + "live_" + "*" * 24 + "a1F9", "sk_" + "live_" + "4eC3...a1F9",
                                   "AKIA" + "••••••••" + "7QXZ", "ghp_" + "x" * 32 + "Zq9d"])
def test_near_miss_a_secret_shown_masked_cannot_be_used(tmp_path, value):
    files = {**workspace(), "esign.yaml": f"provider: esign\napi_key: '{value}'\n"}
    assert found(env_with(tmp_path, files=files), "H13") == []


def test_a_masked_looking_key_with_the_secret_left_whole_is_still_found(tmp_path):
    key = "sk_" + "live_" + "9fQ2mXv4eC3HqLyjWD7dc"
    files = {**workspace(), "esign.yaml": f"# keys masked as ****\napi_key: '{key}'\n"}
    assert [f.severity for f in found(env_with(tmp_path, files=files), "H13")] == ["blocker"]


@pytest.mark.parametrize("line", ["Tan Wei Ling, NRIC S" + "8734162C", "FIN: G" + "1234567X", "pass holder T" + "0123456G"])
def test_a_singapore_nric_whose_check_letter_holds_is_found_labelled_or_not(tmp_path, line):
    hits = found(env_with(tmp_path, files={**workspace(), "access.txt": f"{line}\n"}), "H13")
    assert [(f.severity, _kind(f)) for f in hits] == [("major", "national identity number")]


@pytest.mark.parametrize("line", ["Ticket S" + "8734162D was closed", "Form T1234567A", "Part M" + "0000000X"])
def test_near_miss_a_code_shaped_like_an_nric_whose_check_letter_fails(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "access.txt": f"{line}\n"}), "H13") == []


@pytest.mark.parametrize("line", ["Thandiwe Mokoena, identity number 8501" + "155012083, makes oath",
                                  "Identity no: 8501" + "155012083", "born in Soweto, ID 8501" + "155012080 on file",
                                  "個人番号（マイナンバー）：4829 1736 " + "5028", "身份证号码：110105" + "19491231002X",
                                  "주민등록번호: 850115-" + "1234567"])
def test_identity_numbers_labelled_in_any_script_or_in_their_own_checked_form_are_found(tmp_path, line):
    # A South African identity number alone must pass its Luhn digit (8501155012080 does); labelled
    # ("identity number"), or under a Japanese, Chinese or Korean label, it needs no check.
    hits = found(env_with(tmp_path, files={**workspace(), "affidavit.md": f"{line}\n"}), "H13")
    assert [(f.severity, _kind(f)) for f in hits] == [("major", "national identity number")]


def test_an_identity_number_under_a_chinese_column_header_in_a_spreadsheet_is_found(tmp_path):
    import docwriters as dw

    sheet = dw.xlsx({"发明人": [["姓名", "身份证号码", "职务"], ["王伟", "4403051990" + "03072837", "发明人"]]})
    hits = found(env_with(tmp_path, files={**workspace(), "coinventors.xlsx": sheet}), "H13")
    assert [(f.severity, _kind(f), f.path) for f in hits] == [
        ("major", "national identity number", "documents/coinventors.xlsx")]


@pytest.mark.parametrize("line", ["Order 8501" + "155012083 shipped", "EAN 4006381" + "333931", "社員番号：482917",
                                  "事件番号：令和8年(ワ)第1234号"])
def test_near_miss_numbers_shaped_like_identity_numbers_that_are_not(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "ops.md": f"{line}\n"}), "H13") == []


@pytest.mark.parametrize("line", ["CPF: 418.725." + "936-82", "inscrita no CPF sob o n.º 418.725." + "936-82",
                                  "Codice fiscale: BNCGLI80A41" + "F205F", "nata a Milano, BNCGLI80A41" + "F205F",
                                  "DNI 4876" + "1234S", "alta de 4876" + "1234S", "NIE: X4876" + "123P", "PESEL: 8506" + "1512345",
                                  "СНИЛС 112-233-445 " + "95", "ИНН 7707083" + "89312", "BSN: 1739" + "28465"])
def test_european_and_latin_american_identity_numbers_labelled_or_in_their_checked_form_are_found(tmp_path, line):
    # Unlabelled, a CPF (000.000.000-00), a codice fiscale and a DNI or NIE must pass their check
    # character; under their labels (CPF, codice fiscale, DNI, NIE, PESEL, СНИЛС, ИНН, BSN) they need none.
    hits = found(env_with(tmp_path, files={**workspace(), "ficha.md": f"{line}\n"}), "H13")
    assert [(f.severity, _kind(f)) for f in hits] == [("major", "national identity number")]


@pytest.mark.parametrize("line", ["Protocolo 418.725." + "936-83 arquivado", "Pratica BNCGLI80A41" + "F205X",
                                  "Ref 4876" + "1234A", "Codice fiscale di esempio: RSSMRA85T10" + "A562S",
                                  "CPF: 111.111." + "111-11"])
def test_near_miss_codes_shaped_like_those_numbers_whose_check_fails_or_that_are_textbook_examples(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "ficha.md": f"{line}\n"}), "H13") == []


@pytest.mark.parametrize("line", ["CURP: VARR" + "900214HNLNDL04", "Registro VARR" + "900214HNLNDL04 en Monterrey",
                                  "RFC: VARR" + "900214K57", "NSS (IMSS): 4313" + "9012345", "A-Number: A2164" + "93871",
                                  "I-94 record number: 3847291" + "0573", "EAD card number: IOE09" + "12345678"])
def test_mexican_and_us_immigration_identity_numbers_are_found(tmp_path, line):
    hits = found(env_with(tmp_path, files={**workspace(), "file.md": f"- {line}\n"}), "H13")
    assert [(f.severity, _kind(f)) for f in hits] == [("major", "national identity number")]


@pytest.mark.parametrize("line", ["The JSON codec follows RFC 8785 and RFC 2119 keywords.", "Give a number: 12",
                                  "Form I-94 is issued at the border on 2026-10-02.", "Code VARRX00214HNLNDL04"])
def test_near_miss_standards_forms_and_codes_that_are_no_identity_numbers(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "file.md": f"- {line}\n"}), "H13") == []


@pytest.mark.parametrize("line", ["T.C. Kimlik No: 3849172" + "6510", "NIK: 317405520891" + "0003",
                                  "Emirates ID: 784-1990-" + "1234567-1", "الهاتف المتحرك: +٩٧١ ٥٠ ٤٨٢ " + "٧٣١٩"])
def test_identity_numbers_of_turkey_indonesia_the_uae_and_digits_of_any_script_are_read(tmp_path, line):
    hits = found(env_with(tmp_path, files={**workspace(), "kayit.md": f"{line}\n"}), "H13")
    assert [f.severity for f in hits] == ["major"] and hits[0].evidence == line  # quoted as written


@pytest.mark.parametrize("line", ["(٢٢٥) ٥٥٥-٠١" + "٤٢", "DFARS 252.204-" + "7012 applies", "FAR 52.204-" + "21"])
def test_near_miss_a_fictional_number_in_arabic_digits_and_a_regulations_clause_number(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "contacts.md": f"{line}\n"}), "H13") == []


def test_identity_numbers_labelled_in_thai_hebrew_or_hindi_are_major(tmp_path):
    files = {**workspace(), "secondee.md": "# ข้อมูลพนักงาน\n\nเลขประจำตัวประชาชน: 1-1037-01234-56-3\n",
             "israel.md": "# Employee\n\nמספר זהות: 038472915\n",
             "india.md": "# Employee\n\nआधार संख्या: 4821 7730 1946\n",
             "calm.md": "# Note\n\nเลขประจำตัวประชาชน: [redacted]\n"}
    hits = found(env_with(tmp_path, files=files), "H13")
    assert {(f.severity, f.path) for f in hits if "national identity number" in f.message} == {
        ("major", "documents/secondee.md"), ("major", "documents/israel.md"), ("major", "documents/india.md")}


def test_identity_numbers_labelled_in_greek_or_bengali_are_major(tmp_path):
    files = {**workspace(), "athens.md": "# Στοιχεία\n\nΑ.Μ.Κ.Α.: 14038812345\n",
             "dhaka.md": "# ফর্ম\n\nজাতীয় পরিচয়পত্র নম্বর: 1987 2645 3301\n",
             "blank.md": "# ফর্ম\n\nজাতীয় পরিচয়পত্র নম্বর (NID): XXXX-XXX-XXX\n"}
    hits = found(env_with(tmp_path, files=files), "H13")
    assert {(f.severity, f.path) for f in hits if "national identity number" in f.message} == {
        ("major", "documents/athens.md"), ("major", "documents/dhaka.md")}


def test_a_labelled_number_in_an_xml_element_or_a_json_lines_field_is_read_by_its_label(tmp_path):
    files = {**workspace(), "ro.xml": "<?xml version=\"1.0\"?>\n<r>\n  <cnp>2900314400218</cnp>\n</r>\n",
             "fi.jsonl": "{\"employee\": \"Aino\", \"henkilotunnus\": \"140589-247X\"}\n",
             "calm.jsonl": "{\"employee\": \"Aino\", \"henkilotunnus\": null}\n"}
    hits = found(env_with(tmp_path, files=files), "H13")
    assert {(f.severity, f.path) for f in hits if "national identity number" in f.message} == {
        ("major", "documents/ro.xml"), ("major", "documents/fi.jsonl")}


def test_a_real_looking_number_in_a_file_name_is_found_in_the_name(tmp_path):
    """The page masks the number, the name carries it in full: names are published with the files."""
    files = {**workspace(), "payroll/W-4 Ellery 431-72-9058.md": "Social Security number: XXX-XX-9058"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H13") if f.path.endswith(".md")]
    assert [(f.severity, f.path, f.evidence) for f in hits] == [
        ("major", "documents/payroll/W-4 Ellery 431-72-9058.md", "431-72-9058")]
    assert "in the file's name" in hits[0].message


def test_near_miss_dates_matter_numbers_and_folders_in_file_names_are_no_data(tmp_path):
    files = {**workspace(), "home/2026-10-01 matter 2024-117 memo.md": "Filed.",
             "tmp/call notes 14.10.2026 v2.md": "Noted.", "users/INV-2231 invoice.md": "Paid."}
    assert [f for f in found(env_with(tmp_path, files=files), "H13") if f.severity in ("major", "blocker")] == []


def test_settings_exported_as_key_value_pairs_are_read_as_label_and_value(tmp_path):
    """Postman environments, Kubernetes' env lists and AWS's parameters put the label and its value on
    lines of their own; the secret is still a secret."""
    postman = json.dumps({"name": "e-sign", "values": [
        {"key": "base_url", "value": "https://api.esign.example.com", "enabled": True},
        {"key": "client_secret", "value": "q7Vd2LpX9sKe4TmB8wNc3RyH6jFa1UzG5oQi0bEt", "enabled": True}]}, indent="\t")
    k8s = ("env:\n  - name: LOG_LEVEL\n    value: info\n  - name: DB_PASSWORD\n    value: Zx8-Vq2LmR7tKp4W\n")
    files = {**workspace(), "it/esign.postman_environment.json": postman, "it/deploy.yaml": k8s}
    hits = {(f.path, f.location, f.severity) for f in found(env_with(tmp_path, files=files), "H13")}
    assert hits == {("documents/it/esign.postman_environment.json", 11, "blocker"),
                    ("documents/it/deploy.yaml", 5, "blocker")}


def test_near_miss_key_value_settings_with_placeholders_are_fine(tmp_path):
    postman = json.dumps({"values": [{"key": "client_secret", "value": "{{CLIENT_SECRET}}"},
                                     {"key": "api_token", "value": "<your token here>"}]}, indent=2)
    k8s = "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef: {name: db, key: password}\n"
    files = {**workspace(), "it/env.json": postman, "it/deploy.yml": k8s}
    assert found(env_with(tmp_path, files=files), "H13") == []


def test_near_miss_a_vendors_documented_example_keys_are_not_secrets(tmp_path):
    text = ("[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n")
    assert found(env_with(tmp_path / "a", files={**workspace(), "howto.md": text}), "H13") == []
    real = "aws_access_key_id = AKIAQ3EGT5UVW7XYZ2AB\n"
    hits = found(env_with(tmp_path / "b", files={**workspace(), "howto.md": real}), "H13")
    assert [f.severity for f in hits] == ["blocker"]


@pytest.mark.parametrize("line", ["Referrer's ITIN: 947-81-2265", "Tax ID 912-70-3345 on the W-7 receipt",
                                  "ITIN 947 81 2265"])
def test_an_individual_taxpayer_number_in_the_ssn_layout_is_major(tmp_path, line):
    hits = found(env_with(tmp_path, files={**workspace(), "bonus.md": f"- {line}\n"}), "H13")
    assert [(f.severity, _kind(f)) for f in hits] == [("major", "taxpayer number")]


@pytest.mark.parametrize("line", ["Order 947-93-2265 shipped", "Invoice 912-40-3345", "Call 900-555-0100",
                                  # the SSA's advertising numbers, never issued (and in an ITIN's groups)
                                  "Enter the SSN with dashes, for example 987-65-4321", "ITIN 987 65 4329"])
def test_near_miss_numbers_in_that_layout_with_a_group_the_irs_does_not_issue(tmp_path, line):
    assert found(env_with(tmp_path, files={**workspace(), "bonus.md": f"- {line}\n"}), "H13") == []


def test_a_column_of_passwords_is_a_credential_and_a_column_of_placeholders_is_not(tmp_path):
    export = ("folder,name,login_uri,login_username,login_password\n"
              "Legal,HR portal,https://hr.example.com,wpark,Qm7vT2xkPw9rLs#7\n"
              "Legal,Payroll,https://payroll.example.com,wpark,Zr4nB8cvYt1qWe!2\n")
    hits = found(env_with(tmp_path, files={**workspace(), "it/vault-export.csv": export}), "H13")
    assert [(f.severity, f.location, f.evidence) for f in hits] == [
        ("blocker", 2, "Qm7v…(masked)"), ("blocker", 3, "Zr4n…(masked)")]
    blank = export.replace("Qm7vT2xkPw9rLs#7", "********").replace("Zr4nB8cvYt1qWe!2", "YOUR_PASSWORD")
    assert found(env_with(tmp_path / "blank", files={**workspace(), "it/vault-export.csv": blank}), "H13") == []


@pytest.mark.parametrize("name, text", [(".pgpass", "hris-db.example.com:5432:hris:report_ro:Vq7#pLm2xR9tKw\n"),
                                        (".netrc", "machine files.example.com login wpark password Vq7#pLm2xR9tKw\n")])
def test_a_stored_password_file_is_read_by_its_own_layout(tmp_path, name, text):
    hits = found(env_with(tmp_path, files={**workspace(), f"tools/{name}": text}), "H13")
    assert [(f.severity, f.evidence) for f in hits] == [("blocker", "Vq7#…(masked)")]
    blank = text.replace("Vq7#pLm2xR9tKw", "YOUR_PASSWORD")
    assert found(env_with(tmp_path / "blank", files={**workspace(), f"tools/{name}": blank}), "H13") == []


def test_an_address_written_to_dodge_harvesters_is_read_as_the_address(tmp_path):
    files = {**workspace(), "contacts.md": "Opposing counsel: jthibault [at] thibaultlaw [dot] com\n"
                                           "Our desk: intake (at) example (dot) com\nWe met at the dot com party.\n"}
    hits = found(env_with(tmp_path, files=files), "H13")
    assert [(f.severity, f.location) for f in hits if "e-mail" in f.message] == [("major", 1)]


def test_a_base64_user_and_password_is_a_credential(tmp_path):
    import base64
    token = base64.b64encode(b"ops-bot:Hunter2-Spring").decode()
    placeholder = base64.b64encode(b"user:<password>").decode()
    files = {**workspace(), "docker/config.json": json.dumps({"auths": {"registry.vendor.io": {"auth": token}}}),
             "notes.md": f"curl -H 'Authorization: Basic {placeholder}' https://api.example.com\n"
                         "auth: dGhpcyBpcyBqdXN0IHRleHQ=\n"}
    hits = [f for f in found(env_with(tmp_path, files=files), "H13") if "base64" in f.message]
    assert [(f.severity, f.path) for f in hits] == [("blocker", "documents/docker/config.json")]
    assert "masked" in hits[0].evidence
