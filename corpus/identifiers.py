"""Identifiers that carry their own check: IBANs (mod 97), payment cards and South African identity
numbers (Luhn), US routing numbers (3-7-1), Brazil's CPF, Italy's codice fiscale, Spain's DNI and NIE,
Singapore's NRIC and FIN. Whether a string that looks like one really is one: a reader of task
documents tells a real-looking number from a reference number of the same shape by its check."""

from __future__ import annotations

import re

IBAN_LENGTH = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27, "BR": 29,
    "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28, "EE": 20, "EG": 29,
    "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
    "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
    "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19,
    "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29,
    "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24,
    "SM": 27, "SO": 23, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
    "YE": 30,
}


def aba_ok(digits: str) -> bool:
    """A US routing number's 3-7-1 checksum."""
    return sum(w * int(c) for w, c in zip([3, 7, 1] * 3, digits)) % 10 == 0


def iban(candidate: str) -> str | None:
    """The IBAN at the start of `candidate` whose length fits its country and whose mod-97 check holds."""
    compact = candidate.replace(" ", "").upper()
    n = IBAN_LENGTH.get(compact[:2])
    if not n or len(compact) < n:
        return None
    iban = compact[:n]
    number = "".join(str(int(c, 36)) for c in iban[4:] + iban[:4])
    return iban if int(number) % 97 == 1 else None


def card_ok(digits: str) -> bool:
    """A payment card number: an issuer's prefix and length, and the Luhn check."""
    n = len(digits)
    issuer = (digits[0] == "4" and n in (13, 16, 19) or 51 <= int(digits[:2]) <= 55 and n == 16
              or 2221 <= int(digits[:4]) <= 2720 and n == 16 or digits[:2] in ("34", "37") and n == 15
              or (digits[:4] == "6011" or digits[:2] == "65" or 644 <= int(digits[:3]) <= 649) and 16 <= n <= 19
              or 3528 <= int(digits[:4]) <= 3589 and 16 <= n <= 19 or digits[:2] == "62" and 16 <= n <= 19
              or (300 <= int(digits[:3]) <= 305 or digits[:2] in ("36", "38", "39")) and 14 <= n <= 19)
    return issuer and luhn(digits)


# A Spanish DNI (eight digits) or NIE (X, Y or Z and seven), and its check letter.
DNI = re.compile(r"([XYZ]?)(\d{7,8})-?([A-Z])")
_NRIC_LETTERS = {"S": "JZIHGFEDCBA", "T": "JZIHGFEDCBA", "F": "XWUTRQPNMLK", "G": "XWUTRQPNMLK", "M": "XWUTRQPNJLK"}


def cpf_ok(digits: str) -> bool:
    """A Brazilian CPF's two check digits (weights 10..2, then 11..2; a remainder of 10 is 0), and
    not one digit repeated (which passes the check but is nobody's)."""
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for n in (9, 10):
        check = sum(int(d) * w for d, w in zip(digits[:n], range(n + 1, 1, -1))) * 10 % 11 % 10
        if check != int(digits[n]):
            return False
    return True


_CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                   [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8,
                    12, 14, 16, 10, 22, 25, 24, 23]))


def codice_fiscale_ok(value: str) -> bool:
    """An Italian codice fiscale's check letter (odd positions by the decree's table, even ones by value)."""
    total = sum(_CF_ODD[c] if i % 2 == 0 else (int(c) if c.isdigit() else ord(c) - 65)
                for i, c in enumerate(value[:15]))
    return chr(65 + total % 26) == value[15]


def dni_ok(value: str) -> bool:
    """A Spanish DNI's or NIE's check letter (the number modulo 23; an NIE's X, Y, Z count as 0, 1, 2)."""
    prefix, digits, letter = DNI.fullmatch(value).groups()
    if len(prefix + digits) != 8:
        return False
    number = int(str("XYZ".index(prefix)) + digits if prefix else digits)
    return "TRWAGMYFPDXBNJZSQVHLCKE"[number % 23] == letter


def luhn(digits: str) -> bool:
    """The Luhn check (payment cards, South African identity numbers)."""
    total = sum(int(c) if i % 2 == 0 else sum(divmod(2 * int(c), 10)) for i, c in enumerate(reversed(digits)))
    return total % 10 == 0


def nric_ok(value: str) -> bool:
    """Whether a Singapore NRIC or FIN's check letter holds (weights 2 7 6 5 4 3 2; the T and G
    series add 4, the M series 3)."""
    total = sum(int(d) * w for d, w in zip(value[1:8], (2, 7, 6, 5, 4, 3, 2)))
    total += {"T": 4, "G": 4, "M": 3}.get(value[0], 0)
    return _NRIC_LETTERS[value[0]][total % 11] == value[8]


def nir_ok(value: str) -> bool:
    """Whether a French NIR's key holds: 97 less the 13-digit number modulo 97 (Corsica's 2A and 2B
    count as 19 and 18)."""
    compact = value.replace(" ", "")
    number = int(compact[:13].replace("2A", "19").replace("2B", "18"))
    return 97 - number % 97 == int(compact[13:])


def _mrz_digit(field: str) -> int:
    """ICAO 9303's check digit: digits as they are, A to Z as 10 to 35, '<' as 0, weighted 7, 3, 1."""
    values = [int(c) if c.isdigit() else 0 if c == "<" else ord(c) - 55 for c in field]
    return sum(v * (7, 3, 1)[k % 3] for k, v in enumerate(values)) % 10


def mrz_ok(line: str) -> bool:
    """Whether the second line of a passport's machine-readable zone (44 characters) has the check
    digits it should: the number's, the birth date's, the expiry's and the composite one."""
    fields = ((line[0:9], line[9]), (line[13:19], line[19]), (line[21:27], line[27]))
    if any(_mrz_digit(field) != int(check) for field, check in fields):
        return False
    return _mrz_digit(line[0:10] + line[13:20] + line[21:43]) == int(line[43])
