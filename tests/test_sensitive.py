"""corpus/sensitive.py: real-looking values in a text, read without a task or a repository."""

from __future__ import annotations

import base64

from oafreeze.corpus import sensitive as sv


def kinds(text: str) -> list[tuple[int, str]]:
    return [(line, kind) for line, kind, _severity, _value in sv.hits(text)]


def test_real_looking_values_are_found_on_their_lines():
    text = "Hire details\nSSN: 529-41-7730\nPhone: (312) 804-2291\nEmail: jane@gmail.com\n"
    assert kinds(text) == [(2, "SSN"), (3, "phone number"), (4, "e-mail address")]


def test_reserved_and_published_fictional_values_pass():
    text = ("Phone: (720) 555-0183\nEmail: jane@example.com\nCard: 4111 1111 1111 1111\n"
            "api_key = YOUR_API_KEY_HERE\nIBAN GB82 WEST 1234 5698 7654 32\n")
    assert kinds(text) == []


def test_a_checksum_decides_a_value_of_a_checked_kind():
    assert kinds("Card 4111 1111 1111 1112 on file") == []  # fails the Luhn check
    assert kinds("Card 4556 7375 8689 9855 on file") == [(1, "card number")]


def test_a_secret_is_a_blocker_and_a_value_under_a_labelled_column_is_read():
    [(_, kind, severity, _)] = sv.hits("client_secret=Zq8vT3mLx9Wp2Rk7Jd4N")
    assert (kind, severity) == ("credential", "blocker")
    table = "name,date_of_birth\nJane Roe,1991-04-17\n"
    assert kinds(table) == [(2, "date of birth")]


def test_a_base64_user_and_password_is_decoded_and_a_placeholder_is_not_a_password():
    assert sv.basic_auth(base64.b64encode(b"jane:Hunter2024!").decode()) == "Hunter2024!"
    assert sv.basic_auth(base64.b64encode(b"jane:<password>").decode()) is None
    assert sv.placeholder("${SECRET}") and sv.placeholder("********") and not sv.placeholder("Hunter2024!")


def test_candidate_lines_are_every_line_a_rule_matches():
    text = "nothing here\nmail: jane@gmail.com\nmore nothing\n"
    assert list(sv.candidate_lines(text)) == [2]


def test_an_address_written_to_dodge_harvesters_is_read_as_the_address_it_spells():
    assert kinds("Write to jthibault [at] thibaultlaw [dot] com") == [(1, "e-mail address")]
    assert kinds("Write to jthibault(AT)thibaultlaw(DOT)com") == [(1, "e-mail address")]
    assert kinds("Write to intake (at) example (dot) com, or meet us at the dot com party") == []


def test_a_number_in_a_messaging_link_is_a_phone_number():
    text = ("Chat: https://wa.me/17205558342\n"
            "https://api.whatsapp.com/send?text=Hi&phone=4915128347719\n"
            "<a href=\"sms:+17205558342\">text us</a>\n"
            "Fiction: https://wa.me/13035550142 and t.me/+447700900123\n")
    assert kinds(text) == [(1, "phone number"), (2, "phone number"), (3, "phone number")]


def test_a_number_written_solid_then_as_shown_is_two_numbers_each_judged_on_its_own():
    # A tel: link's E.164 form, then the number as the page shows it: both the fictional 555-0134.
    assert kinds('<a href="tel:+17195550134">(719) 555-0134</a>') == []
    assert kinds("Call +17195550134 (719) 555-0134 any time") == []
    # A real number beside a fictional one is still found, quoted alone.
    found = sv.hits("Call +13128042291 (719) 555-0134 any time")
    assert [(kind, value) for _line, kind, _severity, value in found] == [("phone number", "+13128042291")]
    found = sv.hits("Call +17195550134 (312) 804-2291 any time")
    assert [(kind, value) for _line, kind, _severity, value in found] == [("phone number", "(312) 804-2291")]
    # People's grouping is one number, as before.
    assert kinds("Mobile +49 151 2834 7719") == [(1, "phone number")]
    # ... and after a label ("tel:", "Phone:"), as a page's link and its text are read.
    assert kinds("tel:+17195550134 (719) 555-0134 | mailto:dale@granitepeak.example.com") == []
    found = sv.hits("Phone: +13128042291 (719) 555-0134")
    assert [(kind, value) for _line, kind, _severity, value in found] == [("phone number", "Phone: +13128042291")]


def test_an_azure_connection_strings_key_is_a_secret_and_the_emulators_published_key_is_not():
    import hashlib

    key = base64.b64encode(hashlib.sha512(b"a storage account").digest()).decode()
    found = sv.hits(f"DefaultEndpointsProtocol=https;AccountName=hrdocs;AccountKey={key};EndpointSuffix=core.windows.net")
    assert [(kind, severity) for _line, kind, severity, _value in found] == [("API key", "blocker")]
    bus = sv.hits(f"Endpoint=sb://hr.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={key[:44]}")
    assert [kind for _line, kind, _severity, _value in bus] == ["API key"]
    emulator = ("AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/"
                "K1SZFPTOtr/KBHBeksoGMGw==")
    assert kinds(emulator) == []


def test_an_a_number_written_in_groups_of_three_is_read_under_its_label():
    assert kinds("USCIS# / A-Number: A217-384-905") == [(1, "national identity number")]
    assert kinds("Alien Registration Number A 217 384 905") == [(1, "national identity number")]
    assert kinds("Order no. 217-384-905") == []  # no label of an identity number


def test_an_ssn_shaped_number_labelled_as_another_scheme_is_not_an_ssn():
    # A firm's own numbering in the SSN's layout, labelled in its cell or by its column's header.
    assert kinds("| Project no. | Site |\n|---|---|\n| 412-08-3317 | Rail yard |\n") == []
    assert kinds("Case #,Client\n412-08-3317,Acme\n") == []
    assert kinds("Docket no. 412-08-3317 was closed.\n") == []
    # ... but not under a column or label of a person's number, nor bare beside a name.
    assert kinds("| Name | SSN |\n|---|---|\n| Jo Park | 412-08-3317 |\n") == [(3, "SSN")]
    assert kinds("| Name | Number |\n|---|---|\n| Jo Park | 412-08-3317 |\n") == [(3, "SSN")]
    assert kinds("Employee Jo Park, 412-08-3317\n") == [(1, "SSN")]


def test_a_password_given_in_prose_is_a_secret_and_a_word_after_password_is_not():
    assert kinds("- Guest Wi-Fi: network MSL-Guest, password Carroll#2200-Ops!\n") == [(1, "credential")]
    assert kinds("The door passcode is 7Harbor2026.\n") == [(1, "credential")]
    assert kinds("Reset your password before 2026.\nThe password policy asks for 12 characters.\n"
                 "Use password YOUR_PASSWORD_1 in the demo.\n") == []


def test_a_host_on_a_private_network_overlay_is_internal_and_the_vendors_site_is_not():
    text = ("The signed memo is on our server at http://dms.tail4c7e2.ts.net/matters/2023-approval.pdf\n"
            "Logs: build.tail4c7e2.ts.net\nSee https://tailscale.com/kb/1081/magicdns for how the names work.\n")
    assert kinds(text) == [(1, "internal URL"), (2, "internal host name")]


def test_a_french_social_security_number_is_found_when_its_key_holds():
    text = ("- N° de sécurité sociale: 2 91 03 69 123 456 53\n- Dossier: 2 91 03 69 123 456 54\n"
            "- Tracking: 291036912345653\n")
    assert kinds(text) == [(1, "national identity number")]  # a wrong key, or the digits run together: no


def test_a_passports_machine_readable_line_is_found_when_its_check_digits_hold():
    line = "L898902C36USA7408122F1204159ZE184226B<<<<<10"  # ICAO's example, issued by a real state
    assert [(kind, sev) for _, kind, sev, _ in sv.hits(f"P<USAERIKSSON<<ANNA<<<<\n{line}\n")] == \
        [("passport number", "major")]
    assert sv.hits(line.replace("C36", "C37")) == []  # a check digit that fails: a reference of that shape
    assert sv.hits(line.replace("USA", "UTO")) == []  # ICAO's specimen state


def test_a_private_key_given_in_a_config_is_a_credential():
    found = sv.hits("[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\nAddress = 10.0.0.2/32\n")
    assert [(line, kind, sev) for line, kind, sev, _ in found] == [(2, "credential", "blocker")]
    assert sv.hits("PrivateKey = <your key here>") == []


def test_a_toll_free_number_spelled_in_letters_is_a_phone_number():
    assert kinds("Orders: 1-800-SEA-GEAR\nFlowers: 1-800-FLOWERS\n") == [(1, "phone number"), (2, "phone number")]
    # A form number, a stock code and the fictional range are not.
    assert kinds("Form 800-ABC, SKU 8001-ABCDEF, the 800-PAGE manual, 1-800-555-0199") == []


def test_an_ipv6_loopback_unique_local_or_link_local_address_in_a_link_is_an_internal_url():
    text = ("DMS: http://[fd3c:9a41:7b02:10::15]/dms/delacroix\n"
            "Local: http://[::1]:8080/admin\n"
            "Link-local: http://[fe80::1%25eth0]/share\n"
            "Documentation range: http://[2001:db8::1]/page\n")
    assert kinds(text) == [(1, "internal URL"), (2, "internal URL"), (3, "internal URL")]


def test_an_android_devices_storage_path_is_a_local_path():
    assert kinds("Saved to /storage/emulated/0/Documents/CamScanner/scan.pdf\nand /sdcard/Download/x.pdf\n") == [
        (1, "local path"), (2, "local path")]
    assert kinds("See https://example.com/storage/emulated/0/help for the app's manual.") == []


def test_an_australian_tax_file_number_or_a_new_zealand_ird_number_labelled_is_an_identity_number():
    assert kinds("Tax file number: 123 456 782\nIRD number: 49-091-850\n") == [
        (1, "national identity number"), (2, "national identity number")]
    assert kinds("The tax file was opened on 2026-01-01.") == []


def test_an_ssn_split_over_three_labelled_columns_is_one_value():
    sheet = "Employee\tSSN area\tSSN group\tSSN serial\tStart\nEllery, Jordan\t418\t72\t6093\t2027-01-05\n"
    assert [(line, kind, value) for line, kind, _sev, value in sv.hits(sheet)] == [(2, "SSN", "418\t72\t6093")]
    assert sv.hits(sheet.replace("SSN ", "Code ")) == []          # columns that say nothing of an SSN
    assert sv.hits(sheet.replace("418", "000")) == []             # no SSN begins 000


def test_an_ssn_read_out_in_words_after_its_label():
    said = "Hi, Morgan here. For the payroll change my social security number is five two nine, four one, seven seven zero eight."
    assert [(kind, value) for _line, kind, _sev, value in sv.hits(said)] == [
        ("SSN", "five two nine, four one, seven seven zero eight")]
    assert sv.hits("The social club meets at one two three four five six seven eight nine.") == []


def test_a_putty_key_file_is_a_private_key():
    ppk = "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: sftp\nPublic-Lines: 2\nAAAA\n"
    assert [(kind, sev) for _line, kind, sev, _v in sv.hits(ppk)] == [("private key", "blocker")]
    assert sv.hits("We use PuTTY to reach the SFTP drop.") == []


def test_a_path_written_with_escaped_backslashes_is_still_a_path():
    reg = '"Item 1"="[F00000000]*C:\\\\Users\\\\petra\\\\Documents\\\\form.docx"\n"Item 2"="\\\\\\\\hr-fs01\\\\HR\\\\Forms"\n'
    assert [(line, kind) for line, kind, _sev, _v in sv.hits(reg)] == [(1, "local path"), (2, "network share path")]


def test_a_phone_number_kept_in_labelled_parts():
    export = '{\n  "mobile": {\n    "country": "+1",\n    "area": "303",\n    "line": "824-7719"\n  }\n}'
    assert [(kind, value) for _l, kind, _s, value in sv.hits(export)] == [("phone number", "(303) 824-7719")]
    assert sv.hits(export.replace("824-7719", "555-0147")) == []


def test_an_internal_host_in_capitals_as_mail_headers_write_it():
    received = "Received: from PHLON-EXCH02.corp.firm.local (10.20.4.17) by EXCH01.CORP.FIRM.LOCAL"
    assert [(kind, value) for _l, kind, _s, value in sv.hits(received)] == [
        ("internal host name", "PHLON-EXCH02.corp.firm.local"), ("internal host name", "EXCH01.CORP.FIRM.LOCAL")]
    assert sv.hits("Version 1.2.Local build") == []


def test_a_meeting_link_with_its_passcode_and_a_medicare_identifier():
    link = "Join: https://us02web.zoom.us/j/85512345678?pwd=Q2FkZWxpbmVSZXZpZXcyMDI2TnY"
    assert [(kind, sev) for _l, kind, sev, _v in sv.hits(link)] == [("secret in a URL", "blocker")]
    assert [(kind, value) for _l, kind, _s, value in sv.hits("Spouse,MBI\nJordan,3HK7-WN2-QE48\n")] == [
        ("national identity number", "3HK7-WN2-QE48")]
    assert sv.hits("CMS's example MBI is 1EG4-TE5-MK73.") == []
