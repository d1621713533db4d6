"""Run the items over selected tasks, record the results, waive, and report status.

The functions `freeze` and the gate call are `audit_status` (what state each task's
audit is in for the tree it has now) and `run_audit`.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from oafreeze.plumbing.errors import BadInput, CheckFailed, OafreezeError, Problem
from oafreeze.environment.config import Environment, load_environment
from oafreeze.plumbing import clock
from oafreeze.plumbing.tree import dir_tree_digests, dir_tree_id
from oafreeze.corpus.materialize import DEFAULT_MOUNT
from oafreeze.corpus.snapshot import Snapshot, load_snapshot
from oafreeze.environment.discovery import select_tasks, task_ids
from oafreeze.environment.task import LoadedTask, load_task
from oafreeze.hygiene import records
from oafreeze.hygiene.context import TaskContext, list_task_folder
from oafreeze.hygiene.finding import BLOCKING, SEVERITIES, Finding
from oafreeze.hygiene.records import Record, Waiver
from oafreeze.hygiene.registry import BY_ID, ITEMS

Verdict = Literal["pass", "note", "waived", "fail"]


class TaskAudit(BaseModel):
    """The audit of one task: the tree it read, whether it passed, every finding, the waivers used."""

    model_config = ConfigDict(extra="forbid")

    task: str
    tree: str
    passed: bool
    findings: list[Finding]
    waivers: list[Waiver]

    def waived(self, f: Finding) -> bool:
        """Whether a recorded waiver lifts this finding."""
        return any(w.covers(f, self.tree) for w in self.waivers)

    def verdict(self, item: str) -> Verdict:
        """pass (no finding), note (minor/info only), waived (every blocking one waived), fail."""
        mine = [f for f in self.findings if f.item == item]
        blocking = [f for f in mine if f.severity in BLOCKING]
        if any(not self.waived(f) for f in blocking):
            return "fail"
        return "waived" if blocking else ("note" if mine else "pass")

    def as_json(self) -> dict:
        """The --json shape: task, tree, passed, findings (each with `waived`)."""
        return {"task": self.task, "tree": self.tree, "passed": self.passed,
                "findings": [{**f.as_dict(), "waived": self.waived(f)} for f in self.findings]}


class AuditStatus(BaseModel):
    """Where a task stands for the gate: passed, failed, stale (edited since) or missing (never audited)."""

    task: str
    state: Literal["passed", "failed", "stale", "missing", "unreadable"]
    tree: str | None  # the task's tree now (None: no such task folder)
    audited_tree: str | None = None
    audited_at: str | None = None
    counts: dict[str, int] = {}
    unwaived: list[str] = []  # items with a blocker or an unwaived major


# --- selecting and loading -----------------------------------------------------------

def load_pin(env_root: Path, env: Environment | None = None) -> tuple[Snapshot | None, str]:
    """The pinned snapshot named by oafreeze.yaml (None if none) and the knowledge base's mount."""
    env = env or load_environment(env_root)
    kb = env.knowledge_base
    if kb is None:
        return None, DEFAULT_MOUNT
    path = env_root / kb.snapshot
    if not path.is_file():
        raise BadInput.at(kb.snapshot, "the pinned snapshot named by oafreeze.yaml is missing",
                          field="knowledge_base.snapshot", rule="snapshot-exists")
    return load_snapshot(path.read_bytes(), kb.snapshot), kb.mount


# The item a task.json that cannot be read as a task is reported under, by the field at fault.
FIELD_ITEMS = (("criteria", "H04"), ("deliverables", "H06"), ("instructions", "H06"), ("oafreeze.seeded_law", "H09"),
               ("oafreeze.trap", "H11"), ("oafreeze.operative", "H12"), ("oafreeze.advisory", "H12"),
               ("oafreeze.as_of", "H10"), ("oafreeze.synthetic", "H13"))


def unreadable_task(task_id: str, exc: OafreezeError) -> list[Finding]:
    """Findings for a task whose task.json cannot be read as a task: one per problem, under the
    item its field belongs to (a file that is not JSON at all is H07's), each a blocker: the
    task cannot run as written, and no other item could read it."""
    out = []
    for p in exc.problems or [Problem(f"tasks/{task_id}/task.json", exc.message)]:
        field = p.field or ""
        item = next((i for prefix, i in FIELD_ITEMS if field == prefix or field.startswith(prefix + ".")),
                    "H04" if field else "H07")
        out.append(Finding(item=item, severity="blocker", task=task_id, path="task.json",
                           location=f"$.{field}" if field else p.line, evidence=field or p.message,
                           message=f"task.json cannot be read as a task: {p.message}"
                           + (f" (field {field})" if field else ""),
                           fix="correct task.json (see docs/TASKS.md for every field); the other items run once it "
                               "reads"))
    return sorted(out, key=Finding.sort_key)


def _load_all(env_root: Path, ids: list[str]) -> tuple[dict[str, LoadedTask], dict[str, list[Finding]]]:
    loaded, broken = {}, {}
    for task_id in ids:
        try:
            loaded[task_id] = load_task(env_root, task_id)
        except OafreezeError as exc:
            broken[task_id] = unreadable_task(task_id, exc)
    return loaded, broken


def load_families(env_root: Path, env: Environment | None = None) -> dict:
    """The family specs oafreeze.yaml declares, by family name (a bad spec is exit 2, named)."""
    from oafreeze.environment.family import load_family

    out: dict = {}
    for rel in (env or load_environment(env_root)).families:
        family = load_family(env_root / rel)
        name = family.spec.family
        if name in out:
            raise BadInput.at("oafreeze.yaml", f"family {name!r} has two specs: {out[name].source} and {rel}",
                              field="families", rule="unique-family")
        out[name] = family
    return out


def contexts(env_root: Path, ids: list[str], *, today: dt.date | None = None,
             broken: dict[str, list[Finding]] | None = None) -> list[TaskContext]:
    """One context per selected task that reads, with its family's siblings from the whole
    environment; the findings of those that do not read go into `broken`."""
    env = load_environment(env_root)
    snapshot, mount = load_pin(env_root, env)
    families = load_families(env_root, env)
    loaded, unreadable = _load_all(env_root, ids)
    if broken is not None:
        broken.update(unreadable)
    cache: dict = {}
    today = today or clock.today()

    def make(task: LoadedTask) -> TaskContext:
        files, links = list_task_folder(env_root / "tasks" / task.id, mount)
        return TaskContext(env_root, task, files, links, snapshot, mount, today=today, cache=cache,
                           families=families)

    made = {i: make(t) for i, t in loaded.items()}
    # Siblings are needed only where no spec exists (the heuristic compares instances).
    unspecified = {t.task.ext.family for t in loaded.values() if t.task.ext.family} - set(families)
    if unspecified:
        others = [i for i in task_ids(env_root) if i not in made]
        for task_id, task in _load_all(env_root, others)[0].items():
            if task.task.ext.family in unspecified:
                made[task_id] = make(task)
    for ctx in made.values():
        if ctx.ext.family:
            ctx.siblings = [c for c in made.values() if c is not ctx and c.ext.family == ctx.ext.family]
    return [made[i] for i in ids if i in made]


# --- auditing --------------------------------------------------------------------------

def task_tree(folder: Path) -> str:
    """The git tree id a task folder has now; an unreadable file is named, not a traceback."""
    return _readable(folder, dir_tree_id)


def _readable(folder: Path, fn):
    # A folder that changes while it is read (a file removed between listing and hashing)
    # gets a second read; one that still cannot be read is named.
    for attempt in (1, 2):
        try:
            return fn(folder)
        except FileNotFoundError as exc:
            if attempt == 2:
                raise BadInput.at(str(exc.filename or folder), "changed while it was read", rule="readable") from None
        except OSError as exc:
            where = exc.filename or str(folder)
            raise BadInput.at(str(where), f"cannot read: {exc.strerror or exc}", rule="readable") from None


def audit_one(ctx: TaskContext, waivers: list[Waiver], tree: str | None = None) -> TaskAudit:
    """Every item over one task, with the waivers that apply to its current tree."""
    if tree is None:
        # One read of every file gives the tree the result is bound to and the contents'
        # SHA-256 (H08 compares the knowledge base with them instead of reading it again).
        tree, ctx.digests = _readable(ctx.folder, dir_tree_digests)
    try:
        findings = sorted((f for item in ITEMS for f in item.check(ctx)), key=Finding.sort_key)
    finally:
        ctx.digests = {}  # a thousand entries a task: not kept for the whole run
    mine = [w for w in waivers if w.task == ctx.task_id and w.tree == tree]
    return TaskAudit(task=ctx.task_id, tree=tree, passed=records.passed(findings, mine, tree),
                     findings=findings, waivers=mine)


def _failed(task_id: str, tree: str, findings: list[Finding]) -> TaskAudit:
    return TaskAudit(task=task_id, tree=tree, passed=False, findings=findings, waivers=[])


def _unreadable_folder(ctx_or_id, exc: OafreezeError) -> TaskAudit:
    task_id = ctx_or_id if isinstance(ctx_or_id, str) else ctx_or_id.task_id
    where = exc.problems[0].path if exc.problems else f"tasks/{task_id}"
    return _failed(task_id, "", [Finding(
        item="H07", severity="blocker", task=task_id, path=where, evidence=exc.problems[0].message if exc.problems
        else exc.message, message=f"part of the task cannot be read ({where}): the agent would be handed less than "
        "the task promises, and the audit cannot bind a result to its tree", fix="fix the permissions, then audit again")])


def run_audit(env_root: Path, patterns: list[str] | tuple[str, ...] = (), *, record: bool = True,
              today: dt.date | None = None, progress=None) -> list[TaskAudit]:
    """Audit the tasks the globs select; append one record per task unless `record` is False.

    A task that cannot be read (task.json that is not a task, an unreadable folder) is
    reported with findings and fails; every other task is still audited."""
    env_root = Path(env_root)
    ids = select_tasks(env_root, patterns)
    waivers = records.read_waivers(env_root)
    broken: dict[str, list[Finding]] = {}
    by_id = {ctx.task_id: ctx for ctx in contexts(env_root, ids, today=today, broken=broken)}
    out = []
    for n, task_id in enumerate(ids, 1):
        try:
            if task_id in broken:
                out.append(_failed(task_id, task_tree(env_root / "tasks" / task_id), broken[task_id]))
            else:
                out.append(audit_one(by_id[task_id], waivers))
        except OafreezeError as exc:
            out.append(_unreadable_folder(task_id, exc))
        if progress:
            progress(n, len(ids))
    if record:
        for result in out:
            if result.tree:  # a result must be bound to the tree it read
                records.append(env_root, records.RECORDS,
                               Record(task=result.task, tree=result.tree, passed=result.passed,
                                      findings=result.findings, time=records.now()))
    return out


def waive(env_root: Path, task_id: str, item: str, reason: str, by: str, *,
          today: dt.date | None = None) -> Waiver:
    """Record a waiver of `item` for the task's current tree; refused for a blocker or for nothing."""
    env_root = Path(env_root)
    if item not in BY_ID:
        raise BadInput.at(item, f"unknown item; items are {', '.join(BY_ID)}", field="item", rule="item-exists")
    if not reason.strip() or not by.strip():
        raise BadInput.at("waive", "a waiver needs a reason and a name", field="reason" if not reason.strip() else "by",
                          rule="waiver-reasoned")
    if task_id not in task_ids(env_root):
        raise BadInput.at(f"tasks/{task_id}", "no such task", rule="task-exists")
    found_ctx = contexts(env_root, [task_id], today=today)
    if not found_ctx:
        raise CheckFailed.at(f"tasks/{task_id}/task.json", "cannot be read as a task; correct it and audit again "
                             "(a finding on a task that does not read cannot be waived)", rule="task-readable")
    ctx = found_ctx[0]
    tree = task_tree(ctx.folder)
    found = BY_ID[item].check(ctx)
    blockers = [f for f in found if f.severity == "blocker"]
    if blockers:
        raise CheckFailed.at(f"tasks/{task_id}", f"{item} has a blocker, which cannot be waived: "
                             f"{blockers[0].message}", field="item", rule="no-blocker-waiver")
    if not any(f.severity in BLOCKING for f in found):
        raise CheckFailed.at(f"tasks/{task_id}", f"{item} has no major finding on this tree: nothing to waive",
                             field="item", rule="waiver-has-finding")
    waiver = Waiver(task=task_id, item=item, reason=reason.strip(), by=by.strip(), tree=tree, time=records.now())
    return Waiver.model_validate(records.append(env_root, records.WAIVERS, waiver))


# --- status for freeze and the gate -------------------------------------------------------

def audit_status(env_root: Path, task_ids: list[str], trees: dict[str, str] | None = None) -> dict[str, AuditStatus]:
    """For each task: passed / failed for the tree it has now, stale (audited, then edited) or missing.

    `trees` gives tasks' current tree ids when the caller already knows them (freeze reads
    them from git's objects), so the task folders need not be read again.
    """
    env_root = Path(env_root)
    latest: dict[tuple[str, str], Record] = {}
    audited: set[str] = set()
    for r in records.read_records(env_root):
        latest[(r.task, r.tree)] = r
        audited.add(r.task)
    waivers = records.read_waivers(env_root)
    out = {}
    for task_id in task_ids:
        folder = env_root / "tasks" / task_id
        if trees is not None and task_id in trees:
            tree = trees[task_id]
        else:
            try:
                tree = task_tree(folder) if folder.is_dir() and not folder.is_symlink() else None
            except BadInput:
                out[task_id] = AuditStatus(task=task_id, state="unreadable", tree=None)
                continue
        r = latest.get((task_id, tree)) if tree else None
        if r is None:
            last = max((v for (t, _), v in latest.items() if t == task_id), key=lambda v: v.time, default=None)
            out[task_id] = AuditStatus(task=task_id, state="stale" if task_id in audited and tree else "missing",
                                       tree=tree, audited_tree=last.tree if last else None,
                                       audited_at=last.time if last else None)
            continue
        mine = [w for w in waivers if w.task == task_id and w.tree == tree]
        ok = records.passed(r.findings, mine, tree)
        out[task_id] = AuditStatus(
            task=task_id, state="passed" if ok else "failed", tree=tree, audited_tree=r.tree, audited_at=r.time,
            counts={s: sum(f.severity == s for f in r.findings) for s in SEVERITIES},
            unwaived=sorted({f.item for f in r.findings if f.severity in BLOCKING
                             and not any(w.covers(f, tree) for w in mine)}))
    return out


def states_for_freeze(env_root: Path):
    """What `freezer.build_manifest` takes as `audit_states`: each task's audit state for the
    tree ids being frozen (known from git, so no folder is read again)."""
    from oafreeze.freezer.manifest import AuditRef

    def states(trees: dict[str, str]) -> dict[str, AuditRef]:
        found = audit_status(Path(env_root), sorted(trees), trees=trees)
        return {tid: AuditRef(state=st.state, tree=st.audited_tree) for tid, st in found.items()}

    return states
