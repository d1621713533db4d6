"""Sensitive values in a text: real-looking personal and payment data, secrets, and paths or hosts on
someone's own machine or network, each with the kind, severity and line it was found on.

Each rule is a pattern with the literals its matches contain (GATES), tried only on the lines
where it can match (`candidate_lines`); values that carry a checksum must pass it, and reserved or
published fictional values (555-01xx numbers, example.com, test cards, documented example keys,
placeholders) are let through. The audit's H13 reports what `hits` finds."""

from __future__ import annotations

import base64
import binascii
import math
import re
from bisect import bisect_right
from collections import Counter
from itertools import accumulate

from oafreeze.corpus import identifiers as ids
from oafreeze.corpus import text as tx

RESERVED_DOMAIN = re.compile(r"(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost)$", re.I)
# Reserved example hosts a fictional path or link may use; unlike RESERVED_DOMAIN, not localhost.
EXAMPLE_HOST = re.compile(r"(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid)$", re.I)
# Top-level names that only exist inside an organisation's own network.
_INTERNAL_TLD = r"(?:internal|local|corp|lan|intranet|localdomain|home\.arpa|home|private)"
# Names a private network overlay gives its machines (Tailscale's MagicDNS: "dms.tail4c7e2.ts.net"):
# public suffixes, but what they name is reachable only inside the organisation's own network.
_OVERLAY = r"(?:[\w-]+\.)?(?:ts\.net|tailscale\.net)"

# Labelled personal identifiers. A label ("Passport no.", "date_of_birth", "Routing #") then the
# value, in field form: a separator (':', '=', '#', a table cell, "is") or the value right after
# the label. Prose that merely mentions one ("the date of birth is required by May 1, 2026") is not
# field form.
_NUMBER_WORD = r"(?:[ \t_.-]*(?:number|no\.?|num\.?|nr\.?|#|id)\b\.?)?"
_SEP = (r"(?:[ \t]*\([^()\n]{0,32}\))?"  # a note on the form: "Date of birth (MM/DD/YYYY):", "(2024)"
        # a JSON key's closing quote ("hetu": "…"), an XML element's '>' (<cnp>…</cnp>)
        r"(?:[\"']?[ \t]*(?:[:=#|\t(,>]|[ \t]is\b)[ \t:#=|(),\"'*_\u2013\u2014-]*|[ \t*_]+)")
_DATE = (r"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|"
         r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?[ \t]+\d{1,2}(?:st|nd|rd|th)?,?[ \t]+\d{4}|"
         r"\d{1,2}(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?"
         r"[ \t]+\d{4})")
_ACCOUNT = r"\d(?:[ -]?\d){5,16}"
# Identity numbers labelled in scripts that write no space or word boundary where Latin does: Japanese,
# Chinese and Korean (a My Number, a resident identity card number, a resident registration number),
# Thai (the national identification number), Hebrew (Teudat Zehut), Arabic (an identity number) and
# Hindi (Aadhaar): the labels, and the literals they begin with.
_CJK_ID_LABEL = (r"マイナンバー|個人番号|身份证(?:号码?)?|身分證(?:字號|號碼)?|公民身份号码|住民票コード|주민등록번호|외국인등록번호|"
                 r"เลขประจำตัวประชาชน|เลขบัตรประ(?:จำตัวประ)?ชาชน|מספר\s+(?:ה)?זהות|ת\.?ז\.?|رقم\s+(?:ال)?هوية|"
                 r"الرقم\s+الوطني|आधार(?:\s+(?:संख्या|नंबर|क्रमांक))?|"
                 # Greek (AMKA, AFM, identity card), Georgian (personal number), Bengali (national identity card)
                 r"Α\.?Μ\.?Κ\.?Α\.?|Α\.?Φ\.?Μ\.?|Α\.?Δ\.?Τ\.?|[Αα]ριθμός\s+[Ττ]αυτότητας|პირადი\s+ნომერი|"
                 r"জাতীয়\s+পরিচয়পত্র(?:\s+নম্বর)?|এনআইডি")
_CJK_ID_BEGINS = ("マイナンバー", "個人番号", "身份证", "身分證", "公民身份号码", "住民票コード", "주민등록번호", "외국인등록번호",
                  "เลขประจำตัวประชาชน", "เลขบัตรประ", "מספר", "ת.ז", "תז", "رقم", "الرقم", "आधार", "პირადი", "জাতীয়",
                  "এনআইডি",
                  # Greek as written (the gate reads the text) and folded (labels are looked for in folded text)
                  "Α.Μ", "ΑΜ", "Α.Φ", "ΑΦ", "Α.Δ", "ΑΔ", "Αριθμ", "α.μ", "αμ", "α.φ", "αφ", "α.δ", "αδ", "αριθμ")
_CJK_ID = r"\d(?:[ -]?\d){5,16}[\dXx]?"
# A South African identity number: the birth date (YYMMDD), four digits, the citizenship digit, two more.
# (written in its groups: fifteen digits run together are as often an order or tracking number)
_NIR_FORM = r"[1-478] \d{2} (?:0[1-9]|1[0-2]|[2-9]\d) (?:\d{2}|2[AB]) \d{3} \d{3} \d{2}"
_SA_ID_FORM = r"\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{4}[01]\d{2}"
# (kind, label, value, severity, a state or country code may stand between them)
LABELLED = [
    ("bank routing number", r"(?:bank[ \t_-]*)?(?:routing(?:[ \t_/-]*(?:transit|aba))?|aba(?:[ \t_/-]*routing)?|rtn)",
     r"\d{9}", "major", False),
    ("bank account number", r"(?:bank|checking|savings|deposit|direct[ \t_-]*deposit)[ \t_-]*(?:account|acct\.?)",
     _ACCOUNT, "major", False),
    # An account number with no word of banking beside it may be a customer or billing number.
    ("account number", r"(?:account|acct\.?)", _ACCOUNT, "minor", False),
    ("date of birth", r"(?:dob|d\.o\.b\.?|date[ \t_-]+of[ \t_-]+birth|birth[ \t_-]*date|birthday)", _DATE, "major", False),
    # Other countries' personal identity numbers, labelled: the UK's National Insurance number,
    # Canada's social insurance number, an NHS, PPS or national identity number, a Personnummer; any
    # "identity number" (an identity is a person's).
    ("national identity number", r"(?:national[ \t_-]*(?:insurance|identity|identification|id)|nino|ni[ \t]?(?=no\b|num)|"
     r"social[ \t_-]*insurance|sin[ \t]?(?=#|no\b|num|:)|nhs|ppsn?|personnummer|aadhaar|bsn|burgerservicenummer|curp|"
     r"nric|nss|cpf|pesel|codice[ \t]+fiscale|dni|nie|nif|snils|снилс|инн|steuer[ \t_-]*id(?:entifikationsnummer)?|"
     r"kimlik|tckn|nik|nomor[ \t]+induk[ \t]+kependudukan|emirates[ \t_-]*id|"
     # Australia's tax file number, New Zealand's IRD number
     r"tax[ \t_-]*file[ \t_-]*(?:number|no\b|#)|tfn|ird[ \t_-]*(?:number|no\b|#)|"
     # Europe's national numbers by their own names: Romania's CNP, Finland's henkilötunnus (HETU), Denmark's
     # CPR, Norway's fødselsnummer, Iceland's kennitala, Estonia's isikukood, Lithuania's asmens kodas, Latvia's
     # personas kods, the Czech and Slovak rodné číslo, Bulgaria's EGN, Croatia's OIB, Serbia's JMBG.
     r"cnp|cod[ \t]+numeric[ \t]+personal|henkil[oö]tunnus|hetu|cpr(?=[ \t_-]*(?:nr|no|number|nummer|#|:))|"
     r"f[oø]dselsnummer|kennitala|isikukood|asmens[ \t]+kodas|personas[ \t]+kods|rodn[eé][ \t_-]*[cč][ií]slo|"
     r"egn|егн|oib|jmbg|јмбг|"
     r"personal[ \t_-]*(?:identity|identification|id)[ \t_-]*(?:number|no\b|code)|"
     r"identity(?=[ \t_-]*(?:number|no\b|num|#|:)))",
     r"(?=(?:[a-z \t.-]{0,3}\d){6})(?![a-z0-9 .-]*[a-z]{4})[a-z0-9](?:[ .-]?[a-z0-9]){5,17}", "major", False),
    # Identity numbers that mix letters and digits, labelled: a person's RFC in Mexico (four letters; a
    # company's has three, and the SAT's generic XAXX010101000 and XEXX010101000 are allowed); a US
    # immigrant's A-Number, I-94 record and EAD card numbers.
    ("national identity number", r"rfc", r"[a-z\u00f1&]{4}\d{6}[a-z0-9]{3}", "major", False),
    ("national identity number", _CJK_ID_LABEL, _CJK_ID, "major", False),
    ("national identity number", r"(?:a(?:[ -](?:number|no\b)|[ -]?#)|alien[ \t_-]*(?:registration[ \t_-]*)?"
     r"(?:number|no\b|#)|uscis[ \t_-]*(?:number|no\b|#)|i-94(?:[ \t_-]*(?:record|admission))?|ead(?:[ \t_-]*card)?)",
     # (an A-Number is also written in groups of three, "A-123-456-789", "A217 384 905")
     r"[a-z&]{0,4}-?(?:\d{6,13}|\d{3}(?:[ -]\d{3}){1,3})[a-z0-9]{0,3}|a[ -]\d{3}(?:[ -]\d{3}){1,3}", "major", False),
    # A number labelled as a telephone, in any national form ("Tel. 030 2312 5874", "mobile: 0612 345 678").
    ("phone number", r"(?:tel(?:ephone)?|phone|mobile|mob|cell(?:[ \t_-]*phone)?|fax|handy)\.?",
     r"(?!\d{4}-\d{1,2}-\d{1,2}(?![\w-]))\+?\(?\d(?:[ .\u00a0-]?\(?\d\)?){6,14}", "major", False),
    ("passport number", r"passport", r"[a-z]{0,2}\d{6,9}[a-z]?", "major", True),
    # "DL" alone is an abbreviation of many things: only "DL #", "DL no." or "DL:" is a label.
    ("driver's licence number", r"(?:driver[’']?s?|driving)[ \t_-]*licen[cs]e|(?:dl|d\.l\.)(?=[ \t]*(?:#|no\b|num|:))",
     r"(?!\d{4}-\d{1,2}-\d{1,2}(?![\w-]))(?=(?:[a-z-]*\d){4})[a-z0-9][a-z0-9-]{3,18}[a-z0-9]", "major", True),
]


# The literals each label begins with (lower case), by its kind: a labelled rule is tried only
# where one begins, on the lines that hold a digit, and ANY_LABEL (which finds nothing in most
# documents) only where any begins: an alternation of labels tried at every position is slow.
# Each literal is one pass of str.find over a document, so they are as few as the labels allow.
_LABEL_BEGINS = {
    "bank routing number": ("bank", "routing", "aba", "rtn"),
    "bank account number": ("bank", "checking", "savings", "deposit", "direct"),
    "account number": ("account", "acct"),
    "date of birth": ("dob", "d.o.b", "date", "birth"),
    "national identity number": ("national", "nino", "ni", "social", "sin", "nhs", "pps", "personnummer", "aadhaar",
                                 "bsn", "burgerservice", "curp", "nric", "nss", "cpf", "pesel", "codice", "dni", "nie",
                                 "nif", "snils", "снилс", "инн", "steuer", "kimlik", "tckn", "nik", "tax", "tfn", "ird",
                                 "nomor", "emirates", "personal", "identity", "rfc", "a-n", "a n", "cnp", "cod",
                                 "henkil", "hetu", "cpr", "fødsel", "fodsel", "kennitala", "isikukood", "asmens",
                                 "personas", "rodn", "egn", "егн", "oib", "jmbg", "јмбг",
                                 "a#", "a-#",
                                 "a #", "alien", "uscis", "i-94", "ead", *_CJK_ID_BEGINS),
    "phone number": ("tel", "phone", "mob", "cell", "fax", "handy"),
    "passport number": ("passport",),
    "driver's licence number": ("driv", "dl", "d.l"),
}
# A column of secrets begins with one of these (only ANY_LABEL looks for it: in prose it is RULES's).
_CREDENTIAL_BEGINS = ("login", "pass", "pwd", "secret", "api", "access", "auth", "refresh", "token")
LABEL_STARTS = tuple(dict.fromkeys([*(lit for kind, *_ in LABELLED for lit in _LABEL_BEGINS[kind]),
                                     *_CREDENTIAL_BEGINS]))


def _labelled_rule(kind: str, label: str, value: str, severity: str, coded: bool) -> tuple[str, re.Pattern, str]:
    code = r"(?:[a-z]{2,3}[ \t:-]+)?" if coded else ""
    return kind, re.compile(rf"(?<![\w.])(?:{label}){_NUMBER_WORD}{_SEP}{code}(?<![\w-])(?P<v>{value})(?![\w-])",
                            re.I), severity


# (kind, pattern, severity); secrets are quoted masked in the evidence. A stretch of text is
# claimed by the first rule that matches it, so the specific rules come before the general ones.
# A Social Security number's dashed shape: no area 000, 666 or 9xx, no group 00, no serial 0000.
_SSN_SHAPE = re.compile(r"(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}")

RULES = [
    ("private key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"), "blocker"),
    # PuTTY's own key file (.ppk, formats 2 and 3): the private half is there, encrypted or not
    ("private key", re.compile(r"^PuTTY-User-Key-File-\d+:\s*\S+", re.M), "blocker"),
    # Keys by their issuers' prefixes: AWS, OpenAI-style sk-, Stripe (secret and restricted),
    # GitHub, GitLab, Slack, Google, SendGrid, npm, Shopify, Square, PyPI.
    ("API key", re.compile(r"\b(?:AKIA[0-9A-Z]{16}|sk-[A-Za-z0-9_-]{20,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|"
                           r"gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,}|glpat-[A-Za-z0-9_-]{20,}|"
                           r"xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{35}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|"
                           r"npm_[A-Za-z0-9]{36}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}|"
                           r"pypi-[A-Za-z0-9_-]{50,}|"
                           # an Azure storage or Service Bus connection string's key (base64 of 32 or 64 bytes)
                           r"(?<=AccountKey=)[A-Za-z0-9+/]{40,}={0,2}|(?<=SharedAccessKey=)[A-Za-z0-9+/]{40,}={0,2})(?:\b|(?<==))"),
     "blocker"),
    # URLs that carry their own secret: chat and automation webhooks, bot tokens, signed or keyed
    # links, credentials before the host.
    ("webhook URL", re.compile(r"\bhttps?://(?:hooks\.slack\.com/(?:services|workflows|triggers)/[\w/-]{10,}|"
                               r"(?:\w+\.)?discord(?:app)?\.com/api/webhooks/\d+/[\w-]+|"
                               r"[\w.-]*\.webhook\.office\.com/[^\s\"'<>)]+|outlook\.office(?:365)?\.com/webhook/[^\s\"'<>)]+|"
                               r"chat\.googleapis\.com/v1/spaces/[^\s\"'<>)]+|api\.telegram\.org/bot\d+:[\w-]+|"
                               r"hooks\.zapier\.com/hooks/catch/[^\s\"'<>)]+|[\w.-]+\.logic\.azure\.com[^\s\"'<>)]*sig=)",
                               re.I), "blocker"),
    ("secret in a URL", re.compile(r"\bhttps?://[^\s\"'<>/]+/?[^\s\"'<>]*[?&](?:token|access_token|api[_-]?key|apikey|"
                                   r"key|secret|sig|signature|password|passwd|pwd|passcode|pass|auth|code)=[\w%.~+/-]{12,}", re.I),
     "blocker"),
    ("credentials in a URL", re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s/:@\"'<>]+:[^\s/@\"'<>]+@[\w.-]+", re.I), "blocker"),
    # A key named as a credential, in prose, YAML, .env or JSON ("api_key": "...", client_secret=...).
    ("credential", re.compile(r"(?<![A-Za-z0-9_-])(?:[A-Za-z0-9]+[_-])*?(?:api[_-]?key|secret(?:[_-]?key)?|password|"
                              r"passwd|(?:access|auth|api|refresh)?[_-]?token|(?:private|pre-?shared)[_-]?key)"
                              r"['\"]?\s*[:=]\s*['\"]?[^\s'\"]{8,}",
                              re.I),
     "blocker"),
    # A password given in prose, its value after the word ("guest Wi-Fi: network MSL-Guest, password
    # Carroll#2200-Ops!", "the passcode is 7Harbor2026"): a value with letters and digits, not a word.
    ("credential", re.compile(r"\b(?:password|passwd|passphrase|passcode|pass\s+code|wi-?fi\s+key|network\s+key)"
                              r"(?:\s+(?:is|was|will\s+be))?\s+[\"'\u201c]?(?P<v>(?=[^\s\"'\u201d]*\d)"
                              r"(?=[^\s\"'\u201d]*[A-Za-z])[^\s\"'\u201d]{7,}[^\s\"'\u201d.,;:)])", re.I),
     "blocker"),
    # A token sent in an HTTP header ("Authorization: Bearer ...", "Basic ..."), or a JSON Web
    # Token anywhere (three base64url segments, the first an encoded '{"'): one that reads as
    # generated is a live credential (placeholders such as YOUR_TOKEN_HERE are left alone).
    ("bearer token", re.compile(r"\b(?:bearer|basic|token)\s+(?P<v>[A-Za-z0-9._~+/-]{16,}=*)|"
                                r"\b(?P<jwt>eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})", re.I), "blocker"),
    # Payment identifiers that carry their own checksum (checked in _is_one), labelled or not.
    ("IBAN", re.compile(r"(?<![\w-])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?(?![\w-])"), "major"),
    ("card number", re.compile(r"(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])"), "major"),
    *[_labelled_rule(*entry) for entry in LABELLED],
    # A birth date in prose ("born on 17 April 1991") may be part of the story (an age claim): minor.
    ("date of birth", re.compile(rf"(?<![\w.])born(?:[ \t]+on)?[ \t]+(?P<v>{_DATE})(?![\w-])", re.I), "minor"),
    ("SSN", re.compile(rf"\b{_SSN_SHAPE.pattern}\b"), "major"),
    # A number labelled as one, however it is written: "SSN 529 41 7730", "social security no. 529.41.7730".
    ("SSN", re.compile(r"\b(?:SSN|SS#|S\.S\.N\.?|social\s+security(?:\s+(?:number|no\.?|#))?|taxpayer\s+id(?:entification)?"
                       r"(?:\s+number)?|TIN)(?!\w)[^\d\n]{0,30}?(?<!\d)(?!000|666|9\d\d)\d{3}[\s.]?(?!00)\d{2}[\s.]?(?!0000)\d{4}\b", re.I),
     "major"),
    # An IRS individual taxpayer number (ITIN) in the SSN's layout: a 9 first, then a group the IRS
    # issues (50-65, 70-88, 90-92, 94-99), dashed or labelled ("ITIN 947 81 2265"). 987-65-4320 to
    # 987-65-4329 are the numbers the SSA reserves for advertisements, never issued: allowed.
    ("taxpayer number", re.compile(r"\b(?!987-65-432\d)9\d{2}-(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])-\d{4}\b|"
                                   r"\bITIN\b[^\d\n]{0,20}?(?<!\d)(?!987[\s.]?65[\s.]?432\d)"
                                   r"9\d{2}[\s.]?(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])[\s.]?\d{4}\b"), "major"),
    # A UK National Insurance number in its own form, labelled or not ("JT 48 29 13 B"): two letters
    # HMRC issues, six digits, a suffix A-D (QQ, HMRC's example prefix, is allowed in _allowed).
    ("national identity number", re.compile(r"\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
                                            r"(?: ?\d{2}){3} ?[A-D]\b"), "major"),
    # A US Medicare Beneficiary Identifier in its own dashed form ("3HK7-WN2-QE48"): eleven characters in fixed
    # places, letters without S, L, O, I, B or Z (CMS's published example 1EG4-TE5-MK73 allowed).
    ("national identity number", re.compile(r"(?<![\w-])[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-[AC-HJKMNP-RT-Y]"
                                            r"[AC-HJKMNP-RT-Y0-9]\d-[AC-HJKMNP-RT-Y]{2}\d\d(?![\w-])"), "major"),
    # A Singapore NRIC or FIN in its own form, labelled or not ("S8734162C"): a prefix letter, seven
    # digits and a check letter that must hold (_nric_ok), so a reference number of the same shape passes.
    ("national identity number", re.compile(r"\b[STFGM]\d{7}[A-Z]\b"), "major"),
    # A Mexican CURP in its own form: four letters, the birth date, sex, the state and three consonants.
    ("national identity number", re.compile(r"\b[A-Z][AEIOUX][A-Z]{2}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[HM]"
                                            r"(?:AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|"
                                            r"SL|SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[A-Z0-9]\d\b"), "major"),
    # Identity numbers whose own form and check character are specific enough without a label
    # (checked in _is_one): a Brazilian CPF written 000.000.000-00, an Italian codice fiscale
    # (six letters of the name, the birth date and place, a check letter), a Spanish DNI or NIE
    # (eight digits, or X/Y/Z and seven, and a check letter).
    ("national identity number", re.compile(r"(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-])"), "major"),
    ("national identity number", re.compile(r"\b[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z]\b"), "major"),
    ("national identity number", re.compile(r"\b[XYZ]?\d{7,8}-?[TRWAGMYFPDXBNJZSQVHLCKE]\b"), "major"),
    # A South African identity number in its own form: the birth date (YYMMDD), four digits, the
    # citizenship digit (0 or 1), one more, and a Luhn check digit that must hold (_is_one).
    ("national identity number", re.compile(rf"(?<![\w-]){_SA_ID_FORM}(?![\w-])"), "major"),
    # A French social security number (NIR) in its own form, labelled or not ("2 91 03 69 123 456 53"): sex,
    # year and month of birth, department (2A and 2B for Corsica), commune, order, and a key that must hold
    # (97 less the number modulo 97, _is_one).
    ("national identity number", re.compile(rf"(?<![\w-]){_NIR_FORM}(?![\w-])"), "major"),
    # A passport's machine-readable zone, its second line (ICAO 9303, 44 characters): the number, the
    # nationality, the birth date, sex, expiry, and check digits that must hold (_is_one); ICAO's own
    # specimens are issued by Utopia (UTO), no state.
    ("passport number", re.compile(r"(?<![A-Z0-9<])[A-Z0-9<]{9}\d(?!UTO)[A-Z<]{3}\d{6}\d[MFX<]\d{6}\d[A-Z0-9<]{14}[\d<]\d"
                                   r"(?![A-Z0-9<])"), "major"),
    # Identity numbers labelled in Japanese, Chinese or Korean in running text: the label is a word of
    # its own script (a letter of which may touch it), so it is read without the word boundary a Latin
    # label needs, up to a full-width colon or bracket.
    ("national identity number", re.compile(rf"(?:{_CJK_ID_LABEL})[^\d\n]{{0,12}}?(?P<v>{_CJK_ID})(?![0-9A-Za-z-])"),
     "major"),
    # Paths into a network share: UNC in every spelling (\\server\share, \\?\UNC\..., //server/share),
    # and share URLs (smb://, afp://, nfs://). A reserved example host is allowed. (Each pattern
    # starts with its literal, which the regex engine finds fast; the lookbehind follows it.)
    ("network share path", re.compile(r"\\\\(?<![\w\\]\\\\)(?:\?\\UNC\\)?[A-Za-z0-9_$][\w$.-]*(?:@SSL)?(?:@\d+)?"
                                      r"\\[^\s\"'<>|\\]+(?:\\[^\s\"'<>|\\]*)*(?<![.,;:!?])", re.I), "major"),
    ("network share path", re.compile(r"//(?<![\w:/.\\]//)[A-Za-z][\w-]*(?:\." + _INTERNAL_TLD + r")?/[\w$.-]+"
                                      r"(?:/[^\s\"'<>)]*)?(?<![.,;:!?])", re.I), "major"),
    ("network share path", re.compile(r"\b(?:smb|cifs|afp|nfs|webdav|dav)://[^\s\"'<>)]+(?<![.,;:!?])", re.I), "major"),
    ("e-mail address", re.compile(r"\b[\w.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)\b"), "major"),
    # North American numbers; dots only as every separator ("303.555.0142"), so that a regulation's
    # clause number ("DFARS 252.204-7012") is no phone number.
    ("phone number", re.compile(r"(?<![\d-])(?:\+?1[ .-]?)?\(?\d{3}\)?(?:[ -]\d{3}[ -]|\.\d{3}\.)\d{4}(?![\d-])"),
     "major"),
    # Any country in international form: '+', a country code, then 8 to 15 digits in all, grouped
    # as people write them ("+49 151 2834 7719", "+44 (0)20 7946 0958", "+33 6 12 34 56 78").
    ("phone number", re.compile(r"(?<![\w+/=&%.-])\+[1-9](?:[ .\u00a0-]?(?:\(0\)[ .\u00a0-]?)?\(?\d\)?){7,14}(?![\w-])"),
     "major"),
    # A number in a messaging link: a WhatsApp chat (wa.me/<number>, api.whatsapp.com/send?phone=), Viber,
    # Telegram's t.me/+<number>, Signal, sms:, Skype and FaceTime: the link dials it as a label would.
    ("phone number", re.compile(r"(?:\bwa\.me/|\b(?:api\.whatsapp\.com/send/?|whatsapp://send)\?(?:[^\s\"'<>]*?&)?phone=|"
                                r"\bviber://(?:chat|contact|add)\?number=|\bt\.me/\+|\bsignal\.me/#p/|\bsms:(?://)?|"
                                r"\bskype:|\bfacetime(?:-audio)?:(?://)?)(?:%2B|\+)?(?P<v>\d{7,15})(?!\d)", re.I), "major"),
    # A toll-free number spelled in letters, as a business advertises it ("1-800-SEA-GEAR"): dialable.
    ("phone number", re.compile(r"(?<![\w-])(?:1[ .-]?)?\(?8(?:00|33|44|55|66|77|88)\)?[ .-]?(?=(?:[0-9-]*[A-Z]){3})"
                                r"(?=[A-Z0-9-]{7,8}(?![\w-]))[A-Z0-9]{2,4}-?[A-Z0-9]{3,5}(?![\w-])"), "major"),
    # Absolute paths on one machine: POSIX homes, temp and mount points; any Windows drive, with
    # either slash and the \\?\ prefix; home-relative paths; file: URLs to anywhere.
    ("local path", re.compile(r"\bfile:/{1,3}[^\s\"'<>)]+(?<![.,;:!?])", re.I), "major"),
    ("local path", re.compile(r"(?<![\w.])(?:/(?:Users|home|root|private/var|var/folders|var/tmp|mnt|tmp|Volumes|media|"
                              r"srv|opt|net|storage/emulated/\d+|sdcard|data/data|data/user/\d+)/[^\s\"'<>)]+(?<![.,;:!?])|"
                              r"(?:\\\\\?\\|(?<![:/\\]))[A-Za-z]:[\\/](?=[\w$.~%-])[^\s\"'<>|*?]*(?<![.,;:!])|"
                              r"~/[\w.-]+/[^\s\"'<>)]+(?<![.,;:!?]))"), "major"),
    ("internal URL", re.compile(r"\b[a-z][a-z0-9+.-]*://(?:[^\s/@\"'<>]+@)?(?:localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|"
                                r"192\.168\.\d+\.\d+|169\.254\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|"
                                # IPv6 loopback, unique-local (fc00::/7) and link-local (fe80::/10) addresses
                                r"\[(?:::1|f[cd][0-9a-f]{0,2}:[0-9a-f:.]*|fe[89ab][0-9a-f]:[0-9a-f:.]*)(?:%25[\w.-]+)?\]|"
                                r"[\w.-]+\." + _INTERNAL_TLD + r"|[\w.-]+\." + _OVERLAY + r"|[\w-]+\.(?:atlassian\.net|sharepoint\.com|"
                                r"my\.salesforce\.com|lightning\.force\.com|service-now\.com|zendesk\.com|slack\.com|"
                                r"monday\.com|freshservice\.com)|[A-Za-z][\w-]*)(?=[:/?#\s\"'<>)]|$)"
                                r"(?::\d+)?[^\s\"'<>)]*", re.I), "major"),
    # An internal host written without a scheme ("hr-portal.acme.internal"), lowercase as host
    # names are; one label before the top-level name could be a styled company name: minor.
    # (host names are case-blind: a Windows server is "PHLON-EXCH02.corp.firm.local" in its mail headers)
    ("internal host name", re.compile(r"(?<![\w.@/\\-])(?![\d.]+\.[A-Za-z])(?:[A-Za-z0-9][A-Za-z0-9-]*\.){2,}(?i:internal|local|corp|lan|"
                                      r"intranet|localdomain|home\.arpa|ts\.net|tailscale\.net)(?![\w.-]|\.\w)"), "major"),
    ("internal host name", re.compile(r"(?<![\w.@/\\-])[A-Za-z][A-Za-z0-9-]*\.(?i:internal|corp|lan|intranet|localdomain|"
                                      r"home\.arpa)(?![\w-]|\.\w)"), "minor"),
]
SECRET_KINDS = {"private key", "API key", "credential", "bearer token", "webhook URL", "secret in a URL",
                "credentials in a URL"}
PATH_KINDS = {"network share path", "local path", "internal URL", "internal host name"}
PAYMENT_KINDS = {"IBAN", "card number", "bank routing number", "bank account number", "account number"}
_URL_HOST = re.compile(r"://(?:[^\s/@]+@)?([^\s/:?#\"'<>]+)")
_SHARE_HOST = re.compile(r"^(?:\\\\(?:\?\\UNC\\)?|//|[a-z]+://)([^\\/\s:@]+)", re.I)

# Test values published for exactly this use (payment processors' test cards, the standards'
# example IBANs): like example.com, they are the synthetic markers of their kind.
TEST_CARDS = {"4111111111111111", "4242424242424242", "4012888888881881", "4000056655665556", "4222222222222",
              "5555555555554444", "5105105105105100", "5200828282828210", "2223003122003222", "378282246310005",
              "371449635398431", "378734493671000", "6011111111111117", "6011000990139424", "3056930009020004",
              "36227206271667", "3566002020360505", "6200000000000005"}
EXAMPLE_IBANS = {"GB82WEST12345698765432", "DE89370400440532013000", "GB29NWBK60161331926819",
                 "FR1420041010050500013M02606", "NL91ABNA0417164300"}


# Numbers set aside for fiction: North America's 555-0100..0199 (with or without an area code),
# Ofcom's drama numbers (United Kingdom) and ACMA's (Australia), after the country code or the
# national trunk 0; a run of one digit or of counting digits reads as a placeholder.
_FICTIONAL_UK = re.compile(r"(?:44|0)(?:2079460|1632960|7700900|(?:11[3-8]|1[2-6]1)4960|2896496|2920180|8081570|"
                           r"9098790|3069990)\d{3}")
_FICTIONAL_AU = re.compile(r"(?:61|0)(?:491570\d{3}|[2378](?:5550|7010)\d{4})")


def _fictional_phone(number: str) -> bool:
    digits = re.sub(r"\D", "", re.sub(r"\(0\)", "", number))
    return (digits[-7:].startswith("55501") or bool(_FICTIONAL_UK.fullmatch(digits) or _FICTIONAL_AU.fullmatch(digits))
            or len(set(digits.lstrip("+0"))) <= 1 or digits.lstrip("0") in "12345678901234567890")


def _solid_number(kind: str, m: re.Match, line: str) -> re.Match:
    """A phone number's match cut to its first stretch when that stretch is a whole number written
    solid ("+17195550134 (719) 555-0134": a link's E.164 form, then the number as shown): the
    international rule, which lets groups follow one another, would read both as one number."""
    if kind != "phone number":
        return m
    value = _value(m)
    gap = re.search(r"\s", value)
    if gap is None or len(_digits(value[:gap.start()])) < 10:
        return m
    value_at = m.start("v") if "v" in m.re.groupindex else m.start()
    return m.re.match(line, m.start(), value_at + gap.start()) or m


def _digits(text: str) -> str:
    return re.sub(r"\D", "", tx.ascii_digits(text))


def _value(m: re.Match) -> str:
    return m.group("v") if "v" in m.re.groupindex else m.group(0)


def _is_one(kind: str, value: str, labelled: bool = True) -> bool:
    """Whether a match of a checked kind really is one (its checksum holds). A match that is not
    claims no text, so a later rule may still read it. A South African identity number found by
    its form alone must pass its check digit; one its label names need not."""
    if kind == "IBAN":
        return ids.iban(value) is not None
    if kind == "card number":
        return ids.card_ok(_digits(value))
    if kind == "passport number" and len(value) == 44:
        return ids.mrz_ok(value)
    if kind == "bank routing number":
        return ids.aba_ok(value) and len(set(value)) > 1
    if kind == "national identity number" and _NRIC.fullmatch(value):
        return ids.nric_ok(value)
    if kind == "national identity number" and not labelled and _SA_ID.fullmatch(value):
        return ids.luhn(value)
    if kind == "national identity number" and _NIR.fullmatch(value):
        return ids.nir_ok(value)
    if kind == "national identity number" and not labelled and _CPF.fullmatch(value):
        return ids.cpf_ok(_digits(value))
    if kind == "national identity number" and _CODICE_FISCALE.fullmatch(value):
        return ids.codice_fiscale_ok(value)
    if kind == "national identity number" and not labelled and ids.DNI.fullmatch(value):
        return ids.dni_ok(value)
    if kind in ("bank account number", "account number", "national identity number"):
        return len(set(_digits(value))) > 1  # 000000 or 1111111 is a placeholder
    return True


_NRIC = re.compile(r"[STFGM]\d{7}[A-Z]")
_SA_ID = re.compile(_SA_ID_FORM)
_NIR = re.compile(_NIR_FORM)


_CPF = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}")
_CODICE_FISCALE = re.compile(r"[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z]")


# Identity numbers published for everyone's use: the SAT's generic RFCs for the public and for foreigners;
# Italy's and Spain's textbook examples (Mario Rossi's codice fiscale, the DNI of the forms' samples).
GENERIC_IDS = {"XAXX010101000", "XEXX010101000", "RSSMRA85T10A562S", "12345678Z", "1EG4-TE5-MK73"}


def _fictional_value(kind: str, value: str) -> bool:
    """One of its kind's reserved fictional values: a phone number set aside for fiction, a National
    Insurance number with HMRC's example prefix QQ, an identity number published for everyone's use,
    a credential that stands for one (YOUR_API_KEY, ********)."""
    if kind == "phone number":
        return _fictional_phone(value)
    if kind == "credential":
        return _PLACEHOLDER.fullmatch(value) is not None
    return kind == "national identity number" and (value[:2].upper() == "QQ" or value.upper() in GENERIC_IDS)


# A credential's value that stands for one: YOUR_API_KEY (capitals and underscores only), <token>,
# ${SECRET}, $API_KEY, xxxxxxxx, ********, "changeme", "redacted".
_PLACEHOLDER = re.compile(r"(?:<[^>]*>?|\{\{[^}]*\}?\}?|\$\{?[A-Za-z_][\w.]*\}?|(?-i:(?=[A-Z0-9_]*_)[A-Z][A-Z0-9_]*)|"
                          r"[xX*•._-]+|[\w-]*(?:your|redacted|placeholder|changeme|example|dummy|xxxx)[\w-]*)[,;}\])]*",
                          re.I)


def placeholder(value: str) -> bool:
    """Whether a credential's value stands for one (YOUR_API_KEY, <token>, ${SECRET}, ********)."""
    return _PLACEHOLDER.fullmatch(value) is not None


def _credential_placeholder(m: re.Match) -> bool:
    value = _value(m) if "v" in m.re.groupindex else re.split(r"[:=]\s*['\"]?", m.group(0), maxsplit=1)[-1]
    return _PLACEHOLDER.fullmatch(value) is not None


# A secret shown masked or shortened, as consoles and tickets show which key is meant: a run of mask
# characters or an ellipsis inside it. What is left cannot be used.
_MASKED = re.compile(r"[*•●·#]{4,}|[xX]{6,}|\.{3}|…")


# A key a vendor's documentation publishes as its example ("AKIAIOSFODNN7EXAMPLE", its secret
# ".../bPxRfiCYEXAMPLEKEY"): marked EXAMPLE in capitals inside the value, and never issued.
_DOCUMENTED_EXAMPLE = re.compile(r"[A-Za-z0-9/+_-]EXAMPLE|EXAMPLE(?:KEY|TOKEN|SECRET)?\b|"
                                 # the key Azurite and the Azure Storage Emulator ship with, published by Microsoft
                                 r"Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==")


def _allowed(kind: str, m: re.Match) -> bool:
    if kind in SECRET_KINDS and (_MASKED.search(m.group(0)) or _DOCUMENTED_EXAMPLE.search(m.group(0))):
        return True
    if kind == "credential":
        return _credential_placeholder(m)
    if kind == "bearer token":
        return not (m.group("jwt") or _machine_made(m.group("v")))
    if kind == "e-mail address":
        return bool(RESERVED_DOMAIN.search(m.group(1))) or _not_a_mail_domain(m.group(1))
    if kind in ("phone number", "national identity number"):
        return _fictional_value(kind, _value(m))
    if kind in ("secret in a URL", "credentials in a URL"):
        # A reserved host makes the link fictional, not a machine-made password in it.
        return _on_reserved_host(m) and not _machine_made(_url_secret(m.group(0)))
    if kind == "IBAN":
        return ids.iban(m.group(0)) in EXAMPLE_IBANS
    if kind == "card number":
        return _digits(m.group(0)) in TEST_CARDS
    if kind in ("network share path", "local path", "internal URL"):
        host = _SHARE_HOST.search(m.group(0)) if kind != "internal URL" else _URL_HOST.search(m.group(0))
        return bool(host and EXAMPLE_HOST.search(host.group(1)))
    return False


# A domain ends in a top-level domain: letters, or an internationalised one's "xn--" form. What ends otherwise is
# an identifier written like an address: a Teams chat's "19:...@thread.v2", "@thread.tacv2", and the Teams and
# Skype thread and space ids ("@thread.skype", "@unq.gbl.spaces").
_TOP_LEVEL = re.compile(r"[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59}")
_CHAT_THREAD = re.compile(r"(?:^|\.)thread\.(?:v2|skype|tacv2)$|^unq\.gbl\.spaces$", re.I)


def _not_a_mail_domain(domain: str) -> bool:
    """Whether an address's domain cannot receive mail: no top-level domain, or a chat thread's id."""
    return not _TOP_LEVEL.fullmatch(domain.rsplit(".", 1)[-1]) or bool(_CHAT_THREAD.search(domain))


def _on_reserved_host(m: re.Match) -> bool:
    """Whether the URL matched points at a reserved example host."""
    host = _URL_HOST.search(m.group(0))
    return bool(host and RESERVED_DOMAIN.search(host.group(1)))


_URL_SECRET = re.compile(r"://[^\s/:@\"'<>]+:([^\s/@\"'<>]+)@|[?&][\w-]+=([\w%.~+/-]+)")


def _url_secret(url: str) -> str:
    """The password or keyed value a URL carries."""
    m = _URL_SECRET.search(url)
    return next((g for g in m.groups() if g), "") if m else ""


def _machine_made(value: str) -> bool:
    """A value that reads as generated, not typed for a story ("demo", "changeme", "EXAMPLE-TOKEN-1"):
    at least 16 characters mixing lower case, upper case and digits, at over 3.5 bits of entropy a
    character (a hex digest, lower case and digits only, is left to the reader)."""
    if len(value) < 16:
        return False
    kinds = sum(any(test(c) for c in value) for test in (str.islower, str.isupper, str.isdigit))
    counts = Counter(value).values()
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts)
    return kinds >= 3 and entropy > 3.5


_BANKING = re.compile(r"(?<![a-z])(?:bank|banking|routing|aba|iban|swift|bic|checking|savings|ach|wire|direct[ _-]?deposit)"
                      r"(?![a-z])", re.I)


def _upgraded(kind: str, severity: str, context: str, m: re.Match | None = None) -> tuple[str, str]:
    # An account number beside a word of banking is a bank account number.
    if kind == "account number" and _BANKING.search(context):
        return "bank account number", "major"
    # A generated-looking secret on a reserved host: likely real, but a judgement (a waiver can lift it).
    if m is not None and kind in ("secret in a URL", "credentials in a URL") and _on_reserved_host(m):
        return kind, "major"
    return kind, severity


# --- labels in tables and forms ----------------------------------------------------------------

# A column of secrets (a password manager's export, a credentials sheet): "login_password", "API key",
# "token". Only under a header: in prose, "password" with its value is RULES's "credential". A value
# must mix letters with other characters and not stand for one (_PLACEHOLDER).
CREDENTIAL_COLUMN = ("credential", r"(?:login[ \t]+)?(?:pass[ \t]*word|passwd|pwd|passphrase|secret(?:[ \t]+key)?|"
                     r"(?:api|access|secret)[ \t]*key|(?:(?:access|auth|api|refresh)[ \t]*)?token)",
                     r"(?=\S*[a-z])(?=\S*[^a-z])\S{8,}", "blocker", False)
_LABEL_CELL = [(kind, re.compile(rf"(?<![a-z])(?:{label})(?![a-z])", re.I), re.compile(value, re.I), severity)
               for kind, label, value, severity, _coded in [*LABELLED, CREDENTIAL_COLUMN]]
_MD_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _cells(line: str, delimiter: str) -> list[tuple[int, int, str]]:
    """The cells of one delimited line, with where each starts and ends (quotes kept together)."""
    quoted = delimiter in ",;"
    cells, start, in_quotes = [], 0, False
    for i, c in enumerate(line + delimiter):
        if quoted and c == '"':
            in_quotes = not in_quotes
        elif c == delimiter and not in_quotes or i == len(line):
            cells.append((start, i, line[start:i]))
            start = i + 1
    return cells


def _label_of(cell: str) -> tuple[str, re.Pattern, str] | None:
    """The labelled kind a header cell names ("bank_routing_number", "Date of birth"), or None."""
    name = re.sub(r"[_-]+", " ", cell).strip(" \t*:\"'`")
    if not name or re.search(r"\d", name) or len(name.split()) > 6:
        return None
    for kind, label, value, severity in _LABEL_CELL:
        if label.search(name):
            return kind, value, severity
    return None


def _bare(cell: str) -> str:
    return cell.strip().strip("*_\"'`").strip()


def _table_hits(lines: list[str]) -> dict[int, list[tuple[str, str, int, int]]]:
    """Values under a labelled column header (CSV, TSV, Markdown and extracted tables), or on the
    line after a label that stands alone (a form): {line: [(kind, severity, start, end)]}."""
    hits: dict[int, list[tuple[str, str, int, int]]] = {}
    header: tuple[str, int, dict[int, tuple[str, re.Pattern, str]], str] | None = None
    alone: tuple[str, re.Pattern, str] | None = None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            header = None
            continue
        if alone:
            kind, value, severity = alone
            alone = None
            bare = _bare(line)
            if value.fullmatch(bare) and _is_one(kind, bare) and not _fictional_value(kind, bare):
                at = line.index(bare)
                hits.setdefault(number, []).append((*_upgraded(kind, severity, lines[number - 2]), at, at + len(bare)))
                continue
        delimiter = next((d for d in "\t|,;" if d in line), None)
        if delimiter is None:
            alone = _label_of(line) if len(line) < 60 else None
            if alone and alone[0] == "credential":
                alone = None  # a column of secrets is read under a table's header only
            header = None
            continue
        cells = _cells(line, delimiter)
        if header and header[0] == delimiter and header[1] == len(cells):
            if _MD_RULE.match(line):
                continue
            for col, (kind, value, severity) in header[2].items():
                if value is _Joined:
                    if (span := _split_ssn_row(cells, col)) is not None and \
                            not _fictional_value(kind, line[span[0]:span[1]]):
                        hits.setdefault(number, []).append((kind, severity, *span))
                    continue
                start, end, text = cells[col]
                bare = _bare(text)
                if bare and value.fullmatch(bare) and _is_one(kind, bare) and not _fictional_value(kind, bare):
                    at = line.index(bare, start)
                    hits.setdefault(number, []).append((*_upgraded(kind, severity, header[3]), at, at + len(bare)))
            continue
        labels = {col: lab for col, (_s, _e, text) in enumerate(cells) if (lab := _label_of(text))}
        labels.update(_split_ssn(cells))
        header = (delimiter, len(cells), labels, line) if labels and not re.search(r"\d{4}", line) else None
    return hits


# A Social Security number kept in three columns, as a payroll import wants it ("SSN area | SSN group |
# SSN serial"): the first column's label stands for all three, read as one value.
_SSN_COLUMN = re.compile(r"\b(?:ssn|ss\s*#|social\s+security)\b", re.I)


class _Joined:
    """The value pattern of a split number's first column: it matches the cell, and a row's three cells are
    then read together by `_split_ssn_row`."""


def _ssn_columns(text: str) -> bool:
    """Whether a text may have three columns labelled as parts of an SSN (three labels at least; counted by
    substring first, as most texts have none)."""
    said = text.count("SSN") + text.count("ssn") + text.count("Social Security") + text.count("social security") + \
        text.count("SOCIAL SECURITY")
    return said >= 3 and len(_SSN_COLUMN.findall(text)) >= 3


def _split_ssn(cells: list[tuple[int, int, str]]) -> dict[int, tuple]:
    """{first column: the split SSN's marker} when three columns in a row are labelled as parts of an SSN."""
    marked = [col for col, (_s, _e, text) in enumerate(cells) if _SSN_COLUMN.search(text) and len(text) < 40]
    for col in marked:
        if col + 1 in marked and col + 2 in marked:
            return {col: ("SSN", _Joined, "major")}
    return {}


def _split_ssn_row(cells: list[tuple[int, int, str]], col: int) -> tuple[int, int] | None:
    """Where a row's SSN split over columns col..col+2 stands, when the three cells make one."""
    if col + 2 >= len(cells):
        return None
    parts = [_bare(cells[col + k][2]) for k in range(3)]
    if [len(p) for p in parts] != [3, 2, 4] or not all(p.isdigit() for p in parts):
        return None
    return (cells[col][0], cells[col + 2][1]) if _SSN_SHAPE.fullmatch("-".join(parts)) else None



# For each rule, in RULES's order and named by its kind, the literals every match of it contains
# (tests/hygiene/test_fast_paths.py holds each rule to its gate); None: the rule needs a digit, and
# runs only on the lines that have one; Begins: the same, and only where its label begins.
_HTTP = tx.Gate(("http",), fold=True)
_SCHEME = tx.Gate(("://",))
GATES: list[tuple[str, tx.Gate | tx.Begins | None]] = [
    ("private key", tx.Gate(("-----BEGIN",))),
    ("private key", tx.Gate(("PuTTY-User-Key-File-",))),
    ("API key", tx.Gate(("AKIA", "sk-", "sk_", "rk_", "gho_", "ghp_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-",
                         "xox", "AIza", "SG.", "npm_", "shp", "sq0", "pypi-", "AccountKey=", "SharedAccessKey="))),
    ("webhook URL", _HTTP),
    ("secret in a URL", _HTTP),
    ("credentials in a URL", tx.Gate(("://",), ("@",))),
    ("credential", tx.Gate(("api", "secret", "password", "passwd", "token", "privatekey", "private_key", "private-key",
                            "presharedkey", "preshared_key", "preshared-key", "pre-sharedkey", "pre-shared_key",
                            "pre-shared-key"), (":", "="), fold=True)),
    ("credential", tx.Gate(("password", "passwd", "passphrase", "passcode", "pass code", "wifi key", "wi-fi key",
                            "network key"), fold=True)),
    ("bearer token", tx.Gate(("bearer", "basic", "token", "eyj"), fold=True)),
    ("IBAN", None),
    ("card number", None),
    *[(kind, tx.Begins(_LABEL_BEGINS[kind])) for kind, *_ in LABELLED],
    ("date of birth", None),
    ("SSN", None),
    ("SSN", None),
    ("taxpayer number", tx.Gate(("9",))),
    ("national identity number", None),
    ("national identity number", tx.Gate(("-",))),
    ("national identity number", None),
    ("national identity number", None),
    ("national identity number", tx.Gate((".",), ("-",))),
    ("national identity number", None),
    ("national identity number", None),
    ("national identity number", None),
    ("national identity number", None),
    ("passport number", None),
    ("national identity number", tx.Gate(_CJK_ID_BEGINS)),
    ("network share path", tx.Gate(("\\\\",))),
    ("network share path", tx.Gate(("//",))),
    ("network share path", _SCHEME),
    ("e-mail address", tx.Gate(("@",))),
    ("phone number", None),
    ("phone number", tx.Gate(("+",))),
    ("phone number", tx.Gate(("wa.me/", "whatsapp", "viber://", "t.me/+", "signal.me/", "sms:", "skype:", "facetime"),
                             fold=True)),
    ("phone number", tx.Gate(("800", "833", "844", "855", "866", "877", "888"))),
    ("local path", tx.Gate(("file:",), fold=True)),
    ("local path", tx.Gate(("/storage/emulated/", "/sdcard/", "/data/data/", "/data/user/",
                            "/Users/", "/home/", "/root/", "/private/var/", "/var/folders/", "/var/tmp/", "/mnt/",
                            "/tmp/", "/Volumes/", "/media/", "/srv/", "/opt/", "/net/", ":\\", ":/", "~/"))),
    ("internal URL", _SCHEME),
    ("internal host name", tx.Gate((".internal", ".local", ".corp", ".lan", ".intranet", ".home.arpa", ".ts.net",
                                    ".tailscale.net"), fold=True)),
    ("internal host name", tx.Gate((".internal", ".corp", ".lan", ".intranet", ".localdomain", ".home.arpa"), fold=True)),
]
# Each rule has its gate, in the same place (the two lists are zipped).
assert [kind for kind, *_ in RULES] == [kind for kind, _ in GATES], "RULES and GATES out of step"
# A line that holds a digit, from that digit to the line's end (str.splitlines's line ends).
_DIGIT_LINE = re.compile(r"\d[^\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]*")
_ASCII_DIGIT_LINE = re.compile(r"[0-9][^\n\r\x0b\x0c\x1c\x1d\x1e]*")


def _lines_of(matches, ends: list[int]) -> set[int]:
    """The 0-based lines (`ends`: where each line ends) that the matches touch."""
    out: set[int] = set()
    for m in matches:
        first = bisect_right(ends, m.start())
        last = bisect_right(ends, max(m.start(), m.end() - 1))
        out.update(range(first, min(last, len(ends) - 1) + 1))
    return out


def candidate_lines(text: str) -> dict[int, list[int]]:
    """The (1-based) lines where some rule may match, each with the rules (by index in RULES, in
    order) that may. Each rule passes once over the text (a rule whose gate is shut for it not at
    all; a rule that needs a digit only over the lines that have one): a rule's match inside a line
    is also a match in the text, or lies inside an earlier match whose lines are all kept. The
    rules then run line by line on these alone, each line with its own rules."""
    lines = text.splitlines(keepends=True)
    ends = list(accumulate(len(line) for line in lines))
    low = tx.folded(text)
    found: dict[int, set[int]] = {}

    def note(rule: int, touched) -> None:
        for i in touched:
            found.setdefault(i, set()).add(rule)

    for k, ((_kind, pattern, _severity), (_, gate)) in enumerate(zip(RULES, GATES)):
        if isinstance(gate, tx.Gate) and gate.open(text, low):
            note(k, _lines_of(pattern.finditer(text), ends))
    digit_line = _ASCII_DIGIT_LINE if text.isascii() else _DIGIT_LINE
    numbered = sorted({bisect_right(ends, m.start()) for m in digit_line.finditer(text)})
    if numbered:
        sub = "".join(lines[i] for i in numbered)
        sub_ends = list(accumulate(len(lines[i]) for i in numbered))
        sub_low = tx.folded(sub)
        for k, ((_kind, pattern, _severity), (_, gate)) in enumerate(zip(RULES, GATES)):
            if gate is None:
                note(k, (numbered[i] for i in _lines_of(pattern.finditer(sub), sub_ends)))
            elif isinstance(gate, tx.Begins):
                note(k, (numbered[i] for i in _lines_of(gate.matches(pattern, sub, sub_low), sub_ends)))
    return {i + 1: sorted(rules) for i, rules in sorted(found.items())}


def hits(written: str) -> list[tuple[int, str, str, str]]:
    """(line, kind, severity, value) of every real-looking value in a text, one per stretch of it."""
    out = _hits(written)
    # A path written with its backslashes escaped, as a registry export, a JSON string or source code
    # writes it ("C:\\Users\\petra", "\\\\hr-fs01\\HR"): read once more with each pair as one.
    if "\\\\" in written:
        seen = {(line, kind) for line, kind, _s, _v in out}
        out += [h for h in _hits(written.replace("\\\\", "\\")) if h[1] in _PATH_KINDS and (h[0], h[1]) not in seen]
    return out


_PATH_KINDS = {"local path", "network share path"}


def _hits(written: str) -> list[tuple[int, str, str, str]]:
    # Digits of any script are read as ASCII ("+٩٧١ ٥٠ ..." is a phone number), one character for
    # one, so the evidence quotes the line as written.
    text = _unmasked(tx.ascii_digits(written))
    lines = text.splitlines()
    tables = _table_hits(lines) if tx.matches_from(ANY_LABEL, text, LABEL_STARTS, first=True) or \
        _ssn_columns(text) else {}
    candidates = candidate_lines(text)
    out = []
    for number in sorted(set(candidates) | set(tables)):
        line = lines[number - 1]
        taken: list[tuple[int, int]] = []  # one finding for one stretch of text, by the first rule
        for k in candidates.get(number, ()):
            kind, pattern, severity = RULES[k]
            for m in pattern.finditer(line):
                labelled = "v" in m.re.groupindex
                m = _solid_number(kind, m, line)
                if any(m.start() < e and s < m.end() for s, e in taken) or not _is_one(kind, _value(m), labelled):
                    continue
                taken.append((m.start(), m.end()))
                if kind == "SSN" and not labelled and _numbered_otherwise(lines, number - 1, m.start()):
                    continue
                if not _allowed(kind, m):
                    # a password given in prose is shown by its value, not the word before it
                    shown = m.group("v") if kind == "credential" and "v" in m.re.groupindex else m.group(0)
                    out.append((number, *_upgraded(kind, severity, line, m), shown))
        for kind, severity, start, end in tables.get(number, []):
            if not any(start < e and s < end for s, e in taken):
                taken.append((start, end))
                out.append((number, kind, severity, line[start:end]))
    return out + _spoken(text) + _split_phone(text)


# A phone number kept in labelled parts, as an applicant-tracking or CRM export keeps it ({"area": "303",
# "line": "824-7719"}): the area code and, a few lines on, the local number.
_SPLIT_PHONE = re.compile(r"""["']?area[_ ]?(?:code)?["']?\s*[:=]\s*["']?(?P<area>[2-9]\d\d)["']?[^\n]*\n"""
                          r"""(?:[^\n]*\n){0,3}?[^\n]*?["']?(?:line|number|local|subscriber|local[_ ]?number)["']?\s*[:=]\s*"""
                          r"""["']?(?P<x>\d{3})[-. ]?(?P<y>\d{4})\b""", re.I)


_AREA_KEYS = ('"area', "'area", "area_", "area:", "area=", "areaCode", "Area:", "Area code:", "Area Code:", "AREA")


def _split_phone(text: str) -> list[tuple[int, str, str, str]]:
    """A phone number split over labelled fields: (line, kind, severity, value) for each real-looking one."""
    if not any(key in text for key in _AREA_KEYS):
        return []
    out = []
    for m in _SPLIT_PHONE.finditer(text):
        value = f"({m['area']}) {m['x']}-{m['y']}"
        if not _fictional_value("phone number", value):
            out.append((text.count("\n", 0, m.start()) + 1, "phone number", "major", value))
    return out


# A Social Security number read out digit by digit, as a voicemail transcript writes it ("my social is five
# two nine, four one, seven seven zero eight"): nine digit words after the label.
_DIGIT_WORD = {"zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
               "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_SPOKEN_SSN = re.compile(rf"\b(?:SSN|social\s+security(?:\s+(?:number|no\.?|#))?|(?:my|his|her|their)\s+social)\b"
                         rf"[^\d\n]{{0,80}}?"
                         rf"(?P<v>\b{_WORD}(?:[\s,.-]+{_WORD}){{8}})\b", re.I)


def _spoken(text: str) -> list[tuple[int, str, str, str]]:
    """An SSN spoken in words: (line, kind, severity, value) for each."""
    if "ocial" not in text and "SSN" not in text and "ssn" not in text:
        return []
    out = []
    for m in _SPOKEN_SSN.finditer(text):
        digits = "".join(_DIGIT_WORD[w.lower()] for w in re.findall(r"[A-Za-z]+", m.group("v")))
        if _SSN_SHAPE.fullmatch(f"{digits[:3]}-{digits[3:5]}-{digits[5:]}"):
            out.append((text.count("\n", 0, m.start("v")) + 1, "SSN", "major", m.group("v")))
    return out


# A label naming another numbering scheme ("Project no. 412-08-3317", a "Case #" column): the SSN's
# shape is a common layout for a firm's own numbers, and the label says which numbers these are.
_OTHER_NUMBER = re.compile(r"\b(?:project|case|matter|file|docket|ticket|order|invoice|p\.?o|reference|ref|part|item|"
                           r"job|site|claim|policy|serial|lot|batch|permit|model|sku|tracking|shipment|contract|"
                           r"drawing|parcel|plan|catalog(?:ue)?|booking|confirmation)\.?\s*(?:no\.?|nos\.?|numbers?|#|"
                           r"ids?|codes?)?\s*[:#.]?\s*$", re.I)


def _numbered_otherwise(lines: list[str], i: int, start: int) -> bool:
    """Whether the value at `start` of line `i` is labelled, in its cell or by its column's header, as
    a number of another kind."""
    line = lines[i]
    delimiter = next((d for d in "|\t,;" if d in line), None)
    cell = line[:start] if delimiter is None else line[:start].rsplit(delimiter, 1)[-1]
    if cell.strip() and _OTHER_NUMBER.search(cell):
        return True
    if delimiter is None:
        return False
    col = line[:start].count(delimiter)
    header = None
    for above in reversed(lines[max(0, i - 200):i]):  # the top of this block of rows is its header
        if delimiter not in above:
            break
        if not _MD_RULE.match(above):
            header = above
    cells = header.split(delimiter) if header is not None else []
    return col < len(cells) and bool(_OTHER_NUMBER.search(cells[col].strip() + " "))


# An address written to dodge harvesters ("jane [at] firm [dot] com", "jane(at)firm(dot)com") is
# read as the address it spells; only bracketed words count, so that prose "at" and "dot" do not.
_MASKED_AT = re.compile(r"(?<=\w)\s*[\[({<]\s*at\s*[\])}>]\s*(?=\w)", re.I)
_MASKED_DOT = re.compile(r"(?<=\w)\s*[\[({<]\s*dot\s*[\])}>]\s*(?=\w)", re.I)
# The bracketed word alone: a pattern that opens with a set of characters is searched for by a fast
# scan, where _MASKED_AT's lookbehind makes the engine try it at every position of the text.
_MASK_WORD = re.compile(r"[\[({<]\s*at\s*[\])}>]", re.I)


def _unmasked(text: str) -> str:
    if not _MASK_WORD.search(text):
        return text
    return _MASKED_DOT.sub(".", _MASKED_AT.sub("@", text))


ANY_LABEL = re.compile(r"(?<![a-z])(?:" + "|".join(f"(?:{label})" for _kind, label, *_rest in
                                                    [*LABELLED, CREDENTIAL_COLUMN]) + r")(?![a-z])", re.I)


# Files whose format is a store of passwords, read by their own layout: PostgreSQL's .pgpass
# ("host:port:database:user:password"), and .netrc ("machine host login user password secret").
PGPASS_LINE = re.compile(r"^[^\s#:][^:\n]*:[^:\n]*:[^:\n]*:[^:\n]*:(?P<v>\S+)$", re.M)
NETRC_PASSWORD = re.compile(r"\bpassword\s+(?P<v>\S+)")


# A user name and password encoded in base64 ("user:password"), as HTTP's Basic scheme sends it and
# as Docker's config.json ("auth"), .npmrc ("_auth") and .yarnrc keep it: encoding is no hiding.
BASIC_AUTH = re.compile(r"(?:(?<![\w-])_?auth['\"]?\s*[:=]\s*['\"]?|\bBasic\s+)(?P<v>[A-Za-z0-9+/]{8,}={0,2})(?![\w+/=])")


def basic_auth(value: str) -> str | None:
    """The password a base64 "user:password" holds, or None (not base64, not that shape, a placeholder)."""
    try:
        plain = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    user, colon, password = plain.partition(":")
    if not colon or not user or len(password) < 4 or not plain.isprintable() or _PLACEHOLDER.fullmatch(password):
        return None
    return password


