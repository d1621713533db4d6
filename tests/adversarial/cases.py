"""The registry of adversarial cases: planted defects and clean near-misses.

A case is a small function `(env, task) -> None` that edits one task of a fresh copy of the
sample environment. `@plant(...)` registers a defect the audit must find under its item;
`@near_miss(...)` registers an edit that looks suspicious but is legitimate under
HYGIENE.md, with the reason, and must not raise a new major or blocker finding.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ITEMS = tuple(f"H{n:02d}" for n in range(1, 14)) + ("FAM",)
KINDS = ("plant", "near-miss")
MODULES = [f"plants_{item.lower()}" for item in ITEMS]
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

Apply = Callable[[Path, str], None]


@dataclass(frozen=True)
class Case:
    """One registered case."""

    id: str
    item: str
    kind: str
    task: str
    description: str
    apply: Apply
    why: str = ""  # near-misses: why the edit is legitimate under the spec
    doubtful: str = ""  # a case whose status under the spec is debatable: why


_REGISTRY: list[Case] = []


def _register(case: Case) -> None:
    assert case.item in ITEMS, f"{case.id}: unknown item {case.item}"
    assert case.kind in KINDS, f"{case.id}: unknown kind {case.kind}"
    assert ID.match(case.id), f"{case.id}: ids are kebab-case"
    _REGISTRY.append(case)


def plant(id: str, item: str, task: str, description: str, *, doubtful: str = "") -> Callable[[Apply], Apply]:
    """Register a planted defect of `item` in `task`."""
    def deco(fn: Apply) -> Apply:
        _register(Case(id, item, "plant", task, description, fn, doubtful=doubtful))
        return fn
    return deco


def near_miss(id: str, item: str, task: str, description: str, why: str, *,
              doubtful: str = "") -> Callable[[Apply], Apply]:
    """Register a legitimate edit that resembles a defect of `item`; `why` cites the spec."""
    def deco(fn: Apply) -> Apply:
        _register(Case(id, item, "near-miss", task, description, fn, why=why, doubtful=doubtful))
        return fn
    return deco


def all_cases() -> list[Case]:
    """Every registered case, in module order then definition order."""
    for name in MODULES:
        importlib.import_module(f"{__package__}.{name}")
    return list(_REGISTRY)
