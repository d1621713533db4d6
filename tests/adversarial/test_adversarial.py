"""The adversarial corpus: its shape, and the audit's targets against it (recall >= 0.95, no false alarm)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from . import score
from .cases import ID, ITEMS, all_cases

CASES = all_cases()
PLANTS = [c for c in CASES if c.kind == "plant"]
NEAR_MISSES = [c for c in CASES if c.kind == "near-miss"]
RECALL_TARGET = 0.95


# --- the corpus itself (cheap) --------------------------------------------------------------


def test_case_ids_are_unique_and_kebab_case():
    counts = Counter(c.id for c in CASES)
    assert [i for i, n in counts.items() if n > 1] == []
    assert [c.id for c in CASES if not ID.match(c.id)] == []


def test_corpus_has_at_least_150_plants_and_40_near_misses():
    assert len(PLANTS) >= 150
    assert len(NEAR_MISSES) >= 40


def test_every_item_and_the_family_check_have_at_least_eight_plants():
    per_item = Counter(c.item for c in PLANTS)
    assert {item: per_item[item] for item in ITEMS if per_item[item] < 8} == {}


def test_every_case_names_an_existing_sample_task_and_describes_itself():
    tasks = {p.name for p in (Path(__file__).resolve().parents[2] / "environment" / "sample_env" / "tasks").iterdir()}
    tasks |= {f"covenant-package-{i}" for i in ["original"] + [f"v{n:02d}" for n in range(1, 10)]}
    assert [c.id for c in CASES if c.task not in tasks] == []
    assert [c.id for c in CASES if len(c.description.split()) < 4] == []


def test_every_near_miss_says_why_it_is_legitimate():
    assert [c.id for c in NEAR_MISSES if len(c.why.split()) < 8] == []


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> Path:
    return score.build_baseline(tmp_path_factory.mktemp("adversarial"))


def test_every_case_changes_its_task_or_family(baseline, tmp_path):
    """Applied to a small copy (the target task, the family and the config), every case changes something."""
    failed, unchanged = score.apply_to_copies(CASES, baseline, tmp_path)
    assert failed == [] and unchanged == []


# --- the audit against the corpus (slow: every case is copied, committed and audited) -----------


@pytest.fixture(scope="module")
def report() -> dict:
    return score.score(CASES)


@pytest.mark.slow
def test_every_case_applies_and_commits_in_a_full_environment(report):
    assert [(r["id"], r["error"]) for r in report["broken"]] == []


@pytest.mark.slow
def test_audit_finds_at_least_95_percent_of_planted_defects(report):
    missed = [f"{r['item']} {r['id']}: {r['description']}" + (f" [audit error: {r['error'].splitlines()[0]}]"
                                                             if r.get("error") else "")
              for r in report["missed"]]
    assert report["summary"]["recall"] >= RECALL_TARGET, \
        f"recall {report['summary']['recall']} < {RECALL_TARGET}; missed:\n" + "\n".join(missed)


@pytest.mark.slow
def test_no_near_miss_raises_a_new_major_or_blocker_finding(report):
    alarms = [f"{r['id']}: " + "; ".join(f"{f['item']} {f['severity']} {f['path']}: {f['message']}"
                                         for f in r["findings"]) + (f" [audit error: {r['error']}]"
                                                                    if r.get("error") else "")
              for r in report["false_alarms"]]
    assert alarms == []
