"""H13 synthetic data and secrets: nothing real, nothing secret, nothing local."""

from __future__ import annotations

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


def test_near_miss_reserved_addresses_fictional_numbers_and_statutes(tmp_path):
    files = {**workspace(), "ok.md": "Write to legal@example.org or call (303) 555-0199. See C.R.S. 8-2-113.\n"
                                     "Tracking link: https://portal.example.com/case?token=abcdef0123456789\n"
                                     "Employee ID 529 41 7730 is not a social security number.\n"}
    assert found(env_with(tmp_path, files=files), "H13") == []
