"""The audit's items, discovered: every module in `items/` that defines ID, NAME and check().

A new item is one module in items/ plus one test file; nothing else needs to change.
There are 13 items from HYGIENE.md (H01-H13) and the family-consistency check (FAM).

An item may also define `applies(ctx) -> str | None`: None when it applies to the task, else
why it does not (a plain LAB task has no `oafreeze` block to declare a trap in, an environment
may pin no knowledge base). Such an item is "not applicable" to the task: it is not run, and
its verdict says so with the reason.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from oafreeze.hygiene import items as items_package
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding


@dataclass(frozen=True)
class Item:
    """One check: its id, its name, and the function from a task to its findings."""

    id: str
    name: str
    check: Callable[[TaskContext], list[Finding]]
    doc: str
    applies: Callable[[TaskContext], str | None] | None = None
    cross_task: bool = False  # its findings depend on other tasks (never cached with one task's)

    def not_applicable(self, ctx: TaskContext) -> str | None:
        """Why this item does not apply to the task, or None when it does."""
        return self.applies(ctx) if self.applies is not None else None


def _item(module: ModuleType) -> Item:
    return Item(module.ID, module.NAME, module.check, (module.__doc__ or "").strip().splitlines()[0],
                getattr(module, "applies", None), bool(getattr(module, "CROSS_TASK", False)))


def _discover() -> tuple[Item, ...]:
    found = []
    for info in pkgutil.iter_modules(items_package.__path__):
        module = importlib.import_module(f"{items_package.__name__}.{info.name}")
        if all(hasattr(module, name) for name in ("ID", "NAME", "check")):
            found.append(_item(module))
    # H01..H13 in order, then the family check.
    return tuple(sorted(found, key=lambda i: (not i.id.startswith("H"), i.id)))


ITEMS: tuple[Item, ...] = _discover()
BY_ID: dict[str, Item] = {item.id: item for item in ITEMS}
