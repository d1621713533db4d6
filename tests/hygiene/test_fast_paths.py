"""The audit's fast paths give what the plain definitions give.

Gates are the literals an item looks for before it runs a regular expression. A gate lets H13's rules and H01's grading cues skip a document that cannot match them; a gate
that is wrong would hide a finding. These tests hold each gate to its pattern on every line of
text this repository holds (its tests, docs, sample environment and adversarial corpus), on
examples written to match each rule, and on the characters that match ASCII letters only
under re.IGNORECASE; and they check that H13's candidate lines always include every line on
which a rule matches. `words` and `normalize` are checked against their definitions, one line
and one regular expression at a time.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from oafreeze.corpus import text as tx
from oafreeze.hygiene.items import h01_rubric_isolation as h01
from oafreeze.corpus import sensitive as sv

ROOT = Path(__file__).resolve().parents[2]

# One line at least that each rule matches, so that every gate meets a match (kind: examples).
EXAMPLES = {
    "private key": ["-----BEGIN RSA PRIVATE KEY-----"],
    "API key": ["key AKIAABCDEFGHIJKLMNOP here", "sk-abcdefghijklmnopqrstuvwx", "ghp_" + "a1" * 18,
                "xoxb-1234567890-abc", "AIza" + "b" * 35, "sk_" + "live_" + "a1B2" * 5, "rk_" + "test_" + "Zz9" * 6,
                "gho_" + "b2" * 18, "github_pat_" + "c3" * 21, "glpat-" + "d4" * 10, "SG." + "e5" * 11 + "." + "f6" * 11,
                "npm_" + "g7" * 18, "shpat_" + "0a" * 16, "sq0atp-" + "h8" * 11, "pypi-" + "i9" * 25],
    "webhook URL": ["https://hooks.slack.com/services/T000/B000/XXXXXXXX", "HTTPS://Hooks.Slack.com/services/abc/def/ghij"],
    "secret in a URL": ["see https://files.acme.com/doc?token=abcdef123456789", "HTTP://X.COM/A?SIG=ABCDEFGHIJKLMNOP"],
    "credentials in a URL": ["ftp://alice:hunter22@files.acme.com/x"],
    "credential": ["password = hunter2hunter2", "API-KEY: abcdefgh1234", "ſecret: abcdefghijk", "TOKEN=abcdefgh9",
                   '"api_key": "abcdefgh1234"', "client_secret=abcdefgh1234", '{"accessToken": "abcdefghijk"}'],
    "bearer token": ["Authorization: Bearer aB3dE5fG7hJ9kL1mN3pQ5r", "curl -H 'BASIC dXNlcjpwYXNzd29yZDEyMzQ='",
                     "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcdefghijkl"],
    "IBAN": ["pay to DE44500105175407324931"],
    "card number": ["card 4556 7375 8689 9855"],
    "bank routing number": ["Routing number: 021000021"],
    "bank account number": ["Checking account: 12345678901"],
    "account number": ["Account no. 4455667788"],
    "date of birth": ["Date of birth: 04/17/1991", "born on 17 April 1991"],
    "passport number": ["Passport No.: X12345678"],
    "national identity number": ["National Insurance number: JK 48 27 91 C", "SIN: 046 454 286", "nhs no 9434765919"],
    "driver's licence number": ["Driver's licence: D1234-5678-9012"],
    "SSN": ["SSN 529-41-7730", "social security no. 529 41 7730"],
    "network share path": [r"\\fileserver\legal\deals", "//nas01/share/x", "smb://nas.acme/deals"],
    "e-mail address": ["write to jane.doe@acme-corp.com today"],
    "phone number": ["call (415) 555-0134 now", "+1 212.555.0199", "mobile +49 151 2834 7719", "Tel. 030 2312 5874",
                     "FAX: 0612 804 377"],
    "local path": ["file:///C:/x.docx", "/Users/jane/Desktop/deal.docx", r"C:\Users\jane\deal.docx", "~/deals/x.md",
                   "FILE://server/x"],
    "internal URL": ["http://wiki.acme.internal/page", "http://192.168.1.20/x", "https://intranet/hr"],
    "internal host name": ["hr-portal.acme.internal", "wiki.corp"],
}
CUE_EXAMPLES = ["PASS if the memo names the lender", "FAIL otherwise", "You are the judge of this memo",
                "Grade each response on the rubric", "Verdict: PASS", "return a verdict", "grading criteria below",
                "award full credit", "Criterion ID C3", "the match_criteria field", "gıve a verdict",
                "ſcore each answer", "Assess this Deliverable"]


def _repository_lines() -> list[str]:
    """Every line of the repository's own text: tests, docs, sample tasks, adversarial corpus."""
    out: list[str] = []
    for folder in ("tests", "docs", "tasks", "hygiene", "corpus"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".md", ".json", ".txt", ".yaml", ".eml", ".csv"}:
                out += path.read_text(encoding="utf-8", errors="replace").splitlines()
    return out


LINES = _repository_lines()


def _h13_rules():
    for (kind, pattern, _severity), (gate_kind, gate) in zip(sv.RULES, sv.GATES):
        yield kind, pattern, gate_kind, gate


def test_h13_gates_name_their_rules_in_order():
    assert [k for k, *_ in sv.RULES] == [k for k, _ in sv.GATES]


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_every_example_matches_its_rule_and_opens_its_gate(kind):
    rules = [(p, g) for k, p, _, g in _h13_rules() if k == kind]
    for example in EXAMPLES[kind]:
        matching = [(p, g) for p, g in rules if p.search(example)]
        assert matching, f"{example!r} matches no {kind} rule"
        for pattern, gate in matching:
            _holds(kind, pattern, gate, example)


def _holds(kind, pattern, gate, line):
    """The gate lets through a line its rule matches: it holds a digit (None), begins each match
    with one of its literals (Begins) or holds its literals (Gate)."""
    if isinstance(gate, tx.Gate):
        assert gate.open(line), (kind, line)
        return
    assert re.search(r"\d", line), (kind, line)
    if isinstance(gate, tx.Begins):
        low = tx.folded(line)
        assert all(low.startswith(gate.literals, m.start()) for m in pattern.finditer(line)), (kind, line)
        assert [m.span() for m in gate.matches(pattern, line)][:1] == [m.span() for m in pattern.finditer(line)][:1]


def test_no_gate_shuts_on_a_line_its_rule_matches():
    checked = 0
    for line in LINES + [e for ex in EXAMPLES.values() for e in ex]:
        for kind, pattern, _, gate in _h13_rules():
            if pattern.search(line):
                checked += 1
                _holds(kind, pattern, gate, line)
    assert checked > 100  # the repository's own text meets the rules often
    labelled = [line for line in LINES + [e for ex in EXAMPLES.values() for e in ex] if sv.ANY_LABEL.search(line)]
    assert len(labelled) > 20
    for line in labelled:  # every label begins with one of the literals it is looked for by
        low = tx.folded(line)
        assert all(low.startswith(sv.LABEL_STARTS, m.start()) for m in sv.ANY_LABEL.finditer(line)), line
        assert tx.matches_from(sv.ANY_LABEL, line, sv.LABEL_STARTS, first=True)


def test_cue_gates_hold_on_every_line_and_example():
    assert len(h01.CUE_GATES) == len(h01.GRADER_CUES)
    met = set()
    for line in LINES + CUE_EXAMPLES:
        for n, (cue, gate) in enumerate(zip(h01.GRADER_CUES, h01.CUE_GATES)):
            if cue.search(line):
                met.add(n)
                assert gate.open(line), (cue.pattern, line)
    assert met == set(range(len(h01.GRADER_CUES)))  # every cue met a match


@pytest.mark.parametrize("twin,letter", [("\u0130", "i"), ("\u0131", "i"), ("\u017f", "s"), ("\u212a", "k")])
def test_folding_keeps_the_letters_ignorecase_matches(twin, letter):
    # Every character that matches an ASCII letter under re.IGNORECASE folds to it.
    assert re.fullmatch(letter, twin, re.I)
    assert letter in tx.folded(f"x{twin}y")
    assert tx.Gate((f"a{letter}b",), fold=True).open(f"A{twin}B")


def test_gates_shut_where_nothing_can_match():
    text = "The parties agree as set out in the schedule.\n" * 50
    assert not any(g.open(text) for _, g in sv.GATES if isinstance(g, tx.Gate))
    assert sv.candidate_lines(text) == {}


def _per_line(text: str) -> set[tuple[int, int]]:
    """(line, rule) for every rule that matches on a line, found the slow way: every rule on every line."""
    return {(n, k) for n, line in enumerate(text.splitlines(), 1) for k, (_, p, _) in enumerate(sv.RULES)
            if p.search(line)}


def test_candidate_lines_include_every_matching_line_with_its_rules():
    # The repository's text in blocks, with the examples scattered among plain and numbered lines
    # and every kind of line end str.splitlines knows.
    examples = [e for ex in EXAMPLES.values() for e in ex]
    filler = ["Clause 4.2 applies from 1 March.", "No number here at all.", "Section § 12 (b)", ""]
    ends = ["\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
    mixed = "".join(f"{filler[i % 4]}{ends[i % len(ends)]}{e}{ends[(i + 3) % len(ends)]}"
                    for i, e in enumerate(examples))
    texts = [mixed, mixed.encode("ascii", "replace").decode()] + ["\n".join(LINES[i:i + 400])
                                                                 for i in range(0, len(LINES), 400)]
    found = 0
    for text in texts:
        want = _per_line(text)
        found += len({n for n, _ in want})
        # Every line, with every rule that matches on it: the line is read with those rules alone.
        assert want <= {(n, k) for n, rules in sv.candidate_lines(text).items() for k in rules}
    assert found >= len(examples)


def _words_by_definition(text: str) -> list[tuple[str, int]]:
    """corpus.text.words as defined: each line normalized, then its words."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        out.extend((w.strip(".,'-"), number) for w in re.findall(r"[\w§$%.,'-]+", tx.normalize(line))
                   if w.strip(".,'-"))
    return out


def test_words_are_those_of_each_normalized_line():
    odd = ["§5 and §\u00a012(b)", "a§b §\n7", "STRASSE Straße \u2019quoted\u2019 \u201cthis\u201d", "ΣΊΣΥΦΟΣ final ς",
           "\u0130stanbul \u212aelvin \u017fs", "tab\tsep\x0bvt\x1cfs\x85nel\u2028ls", " - -- '.' ,x, ", "ﬁnance ﬀ"]
    for text in odd + ["\n".join(LINES[i:i + 300]) for i in range(0, len(LINES), 300)]:
        assert tx.words(text) == _words_by_definition(text), text[:80]
        assert tx.word_list(text) == [w for w, _ in _words_by_definition(text)], text[:80]


# What the text helpers straighten, written out here as the definition they must meet.
_STRAIGHT = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'", "\u2019": "'",
                           "\u2013": "-", "\u2014": "-", "\u00a0": " "})


def _normalize_by_definition(text: str) -> str:
    text = re.sub(r"§\s*", "§ ", text.translate(_STRAIGHT))
    return re.sub(r"\s+", " ", text).casefold().strip()


def test_normalize_is_its_definition():
    odd = ["§5 and §\u00a012(b)", " §", "§§ x", "a§\n\n b\t", "\u2028x\x1cy\x1f z\u3000w\u200bv", "\u201cQ\u201d \u2014 d",
           "ſ İ ß ﬁ", "", "   ", "\x85"]
    for text in odd + ["\n".join(LINES[i:i + 50]) for i in range(0, len(LINES), 50)]:
        assert tx.normalize(text) == _normalize_by_definition(text), text[:80]


def test_change_reports_are_found_where_they_begin():
    """H02's report of changes is tried only where "we" or "now" begins: the same matches as the
    engine's own search, on every line of the repository and on reports written for the purpose."""
    from oafreeze.hygiene.items import h02_answer_in_workspace as h02

    reports = ["We replaced the radius with parishes; the agreement now names them.", "WE HAVE REVISED clause 4.",
               "As we've now updated the term, it now runs two years.", "we’ve capped it", "Now NAMES the parish."]
    met = 0
    for line in LINES + reports:
        expected = [m.span() for m in h02.CHANGE_REPORT.finditer(line)]
        assert [m.span() for m in tx.matches_from(h02.CHANGE_REPORT, line, ("we", "now"))] == expected, line
        met += bool(expected)
    assert met >= len(reports)


def test_reports_in_other_voices_are_found_where_they_begin():
    """H02's other voices of a report ("leaves out", "is gone", "has been removed", "I replaced") are
    tried only where one of OMITTED_STARTS begins: the same matches as the engine's own search."""
    from oafreeze.hygiene.items import h02_answer_in_workspace as h02

    reports = ["The package leaves out two things.", "The non-compete is gone, and the radius has been removed.",
               "I replaced the radius; I’ve capped the term.", "Ferrari replaced nothing; the parts are gone",
               "HAVE LEFT OUT the clause", "I have narrowed it"]
    met = 0
    for line in LINES + reports:
        expected = [m.span() for m in h02.OMITTED.finditer(line)]
        assert [m.span() for m in tx.matches_from(h02.OMITTED, line, h02.OMITTED_STARTS)] == expected, line
        met += bool(expected)
    assert met >= len(reports)


def test_a_gate_opens_exactly_when_each_of_its_groups_has_a_literal_in_the_text():
    """Probing a literal by its seldom character first (memchr) and reordering the groups must never
    change the answer of the plain definition: every group has a literal that is in the text."""
    import random

    rng = random.Random(11)
    alphabet = "abcdeijkqxzAKQX:/_@.-= \\~jk"
    literals = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4))) for _ in range(60)]
    checked = opened = 0
    for _ in range(400):
        groups = [tuple(rng.sample(literals, rng.randint(1, 4))) for _ in range(rng.randint(1, 3))]
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        for fold in (False, True):
            gate = tx.Gate(*groups, fold=fold)
            seen = tx.folded(text) if fold else text
            want = all(any(lit in seen for lit in group) for group in groups)
            assert gate.open(text) == want, (groups, text, fold)
            checked += 1
            opened += want
    assert 0 < opened < checked  # both answers were met


def test_long_texts_are_searched_by_their_words_with_the_same_answers():
    """Past a few thousand characters a literal without whitespace is looked up among the text's
    distinct tokens: a gate, and the places matches_from tries, must be what a search of the whole
    text gives, whatever whitespace (tabs, U+00A0, U+2028, U+001C) separates the tokens."""
    import random

    rng = random.Random(5)
    alphabet = "abcdenijkqxz:/_@.-#"
    spaces = [" ", "\t", "\n", "\xa0", "\u2028", "\x1c", "  "]
    literals = ["".join(rng.choice(alphabet) for _ in range(rng.randint(2, 4))) for _ in range(80)]
    literals += ["a n", "a\xa0#", "x\ty"]
    checked = 0
    for _ in range(12):
        text = "".join(rng.choice(alphabet) * rng.randint(1, 3) + rng.choice(spaces) for _ in range(6000))
        assert tx.vocabulary(text) is not None  # long enough to be searched by its words
        for _ in range(40):
            groups = [tuple(rng.sample(literals, rng.randint(1, 3))) for _ in range(rng.randint(1, 2))]
            assert tx.Gate(*groups).open(text) == all(any(lit in text for lit in g) for g in groups), groups
            checked += 1
        starts = tuple(rng.sample(literals, 6))
        pattern = re.compile("|".join(re.escape(s) for s in starts))
        # The plain definition: the pattern tried at every place where one of the literals begins.
        places = sorted({i for lit in starts for i in range(len(text)) if text.startswith(lit, i)})
        plain = [m.span() for at in places if (m := pattern.match(text, at))]
        assert [m.span() for m in tx.matches_from(pattern, text, starts)] == plain
    assert checked == 480
