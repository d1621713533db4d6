"""The held-out set's shape (cheap). No recall target: the set measures the audit, it is never a goal to tune to."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from . import score
from .cases import ID, ITEMS, all_cases
from .heldout import PREFIX, heldout_cases

CASES = heldout_cases()
PLANTS = [c for c in CASES if c.kind == "plant"]
NEAR_MISSES = [c for c in CASES if c.kind == "near-miss"]


def test_ids_are_unique_prefixed_and_kebab_case():
    counts = Counter(c.id for c in CASES)
    assert [i for i, n in counts.items() if n > 1] == []
    assert [c.id for c in CASES if not (c.id.startswith(PREFIX) and ID.match(c.id))] == []


def test_held_out_set_stays_out_of_the_main_corpus():
    main = {c.id for c in all_cases()}
    assert [c.id for c in CASES if c.id in main] == []
    assert [i for i in main if i.startswith(PREFIX)] == []


def test_every_item_and_the_family_check_have_at_least_one_plant():
    """Each item started with three; a case that informed a change to the audit moves to the main corpus
    (it no longer measures generalisation), so an item may keep fewer, but never none."""
    per_item = Counter(c.item for c in PLANTS)
    assert {item: per_item[item] for item in ITEMS if per_item[item] < 1} == {}


def test_there_are_near_misses_and_each_says_why_it_is_legitimate():
    assert len(NEAR_MISSES) >= 10
    assert [c.id for c in NEAR_MISSES if len(c.why.split()) < 8] == []


def test_every_case_names_an_existing_sample_task_and_describes_itself():
    tasks = {p.name for p in (Path(__file__).resolve().parents[2] / "environment" / "sample_env" / "tasks").iterdir()}
    tasks |= {f"covenant-package-{i}" for i in ["original"] + [f"v{n:02d}" for n in range(1, 10)]}
    assert [c.id for c in CASES if c.task not in tasks] == []
    assert [c.id for c in CASES if len(c.description.split()) < 4] == []


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> Path:
    return score.build_baseline(tmp_path_factory.mktemp("heldout"))


def test_every_case_changes_its_task_or_family(baseline, tmp_path):
    """Applied to a small copy (the target task, the family and the config), every case changes something."""
    failed, unchanged = score.apply_to_copies(CASES, baseline, tmp_path)
    assert failed == [] and unchanged == []
