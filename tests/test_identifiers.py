"""corpus/identifiers.py: the checks that tell a real identifier from a string of the same shape."""

from __future__ import annotations

from oafreeze.corpus import identifiers as ids


def test_published_examples_pass_their_checks_and_one_changed_digit_fails():
    assert ids.iban("GB82 WEST 1234 5698 7654 32") == "GB82WEST12345698765432"
    assert ids.iban("GB82 WEST 1234 5698 7654 33") is None
    assert ids.card_ok("4111111111111111") and not ids.card_ok("4111111111111112")
    assert not ids.card_ok("1234567812345670")  # Luhn holds, but no issuer starts with 1
    assert ids.aba_ok("011000015") and not ids.aba_ok("011000016")
    assert ids.cpf_ok("52998224725") and not ids.cpf_ok("52998224726") and not ids.cpf_ok("11111111111")
    assert ids.codice_fiscale_ok("RSSMRA85T10A562S") and not ids.codice_fiscale_ok("RSSMRA85T10A562T")
    assert ids.dni_ok("12345678Z") and ids.dni_ok("X1234567L") and not ids.dni_ok("12345678A")
    assert ids.nric_ok("S1234567D") and not ids.nric_ok("S1234567A")
    assert ids.luhn("8001015009087") and not ids.luhn("8001015009088")


def test_a_passport_machine_readable_line_holds_its_check_digits():
    specimen = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"  # ICAO 9303's own example
    assert ids.mrz_ok(specimen)
    assert not ids.mrz_ok(specimen.replace("C36", "C37"))  # the number's check digit
    assert not ids.mrz_ok(specimen[:-1] + "1")  # the composite check digit
