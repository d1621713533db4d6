"""Contradiction routing: a FAIL whose reasoning does not support it goes to a human, never a re-roll."""

from __future__ import annotations

import pytest

from oafreeze.runlog.contradiction import review_needed

ROUTED = {
    "concludes met": (
        "The memo identifies the 2024 amendment to Cal. Bus. & Prof. Code § 16600.5 and advises the client "
        "that the non-solicitation clause is void. It recommends deleting the clause. The criterion is met.",
        "concludes-pass"),
    "concludes passes": (
        "The redline removes the 30-day notice period and substitutes the statutory 60 days. "
        "Accordingly, the response passes this criterion.", "concludes-pass"),
    "no failure language at all": (
        "The email to the counterparty discusses the indemnity cap and the governing-law clause in a "
        "professional tone and proposes a call next week.", "no-failure-language"),
    "double negative does not fail": (
        "The draft does not fail to flag the repeal; it flags it in section 2 of the memo.", "concludes-pass"),
    "nothing missing": (
        "Nothing material is missing: the memo covers the notice period, the cure right and the carve-outs.",
        "concludes-pass"),
    "met despite a quibble": (
        "The criterion is met, although the memo fails to cite the code section by number.", "concludes-pass"),
    "empty reasoning": ("", "no-failure-language"),
    "verdict word in reasoning": ("The memo addresses the covenant in full. Verdict: PASS.", "concludes-pass"),
}

KEPT = {
    "plain failure": "The memo fails to mention that the 30-day notice rule was repealed. The criterion is not met.",
    "omission": "The client email omits the waiver deadline entirely, so the client cannot act in time.",
    "leak": "The email sent to opposing counsel leaks the client's settlement range of $2-3M.",
    "correct then failure": ("Although the response correctly identifies the governing statute, it applies the "
                             "pre-2024 version, so it cannot pass."),
    "counterfactual pass": "The response would have met the criterion had it flagged the repealed provision.",
    "does not meet": "The redline keeps the unenforceable non-compete; it does not meet the requirement.",
    "not satisfied": "The requirement to warn the client about the cure period is not satisfied.",
    "fails to pass muster": "It fails to pass muster because the notice period it states is wrong.",
    "passes the first part only": "The answer passes the first part but does not address the second.",
    "should have": "The memo should have flagged that § 16600.5 applies to contracts signed out of state.",
}


@pytest.mark.parametrize("name", sorted(ROUTED))
def test_a_fail_whose_reasoning_says_pass_or_nothing_is_routed_to_review(name):
    text, rule = ROUTED[name]
    review = review_needed("FAIL", text)
    assert review is not None and review.rule == rule


@pytest.mark.parametrize("name", sorted(KEPT))
def test_a_fail_backed_by_its_reasoning_is_kept_as_it_is(name):
    assert review_needed("FAIL", KEPT[name]) is None


def test_pass_verdicts_are_never_routed_and_the_detector_is_deterministic():
    for text, _ in ROUTED.values():
        assert review_needed("PASS", text) is None
    texts = [t for t, _ in ROUTED.values()] + list(KEPT.values())
    assert [review_needed("FAIL", t) for t in texts] == [review_needed("FAIL", t) for t in texts]


def test_the_review_names_the_sentence_that_concludes_pass():
    review = review_needed("FAIL", ROUTED["concludes met"][0])
    assert review.evidence == "The criterion is met."
