"""The audit's items, in order. A new item is one module here plus one test file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from oafreeze.hygiene.items import fam_family_consistency as family
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding
from oafreeze.hygiene.items import (h01_rubric_isolation, h02_answer_in_workspace, h03_degenerate_output,
                                    h04_criterion_form, h05_ambiguous_language, h06_deliverable_matching,
                                    h07_workspace_integrity, h08_knowledge_base_pin, h09_seeded_law,
                                    h10_temporal_consistency, h11_trap_armed, h12_placement_discipline,
                                    h13_synthetic_data)


@dataclass(frozen=True)
class Item:
    """One check: its id, its name, and the function from a task to its findings."""

    id: str
    name: str
    check: Callable[[TaskContext], list[Finding]]
    doc: str


def _item(module: ModuleType) -> Item:
    return Item(module.ID, module.NAME, module.check, (module.__doc__ or "").strip().splitlines()[0])


ITEMS: tuple[Item, ...] = tuple(_item(m) for m in (
    h01_rubric_isolation, h02_answer_in_workspace, h03_degenerate_output, h04_criterion_form,
    h05_ambiguous_language, h06_deliverable_matching, h07_workspace_integrity, h08_knowledge_base_pin,
    h09_seeded_law, h10_temporal_consistency, h11_trap_armed, h12_placement_discipline, h13_synthetic_data,
    family,
))
BY_ID: dict[str, Item] = {item.id: item for item in ITEMS}
