"""Run the items over selected tasks, record the results, waive, and report status.

The functions `freeze` and the gate call are `audit_status` (what state each task's
audit is in for the tree it has now) and `run_audit`.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from oafreeze.corpus.materialize import DEFAULT_MOUNT
from oafreeze.corpus.snapshot import Snapshot, load_snapshot
from oafreeze.environment.config import Environment, load_environment
from oafreeze.environment.discovery import select_tasks, task_ids
from oafreeze.environment.task import LoadedTask, load_task
from oafreeze.hygiene import records, workers
from oafreeze.hygiene.cache import AuditCache, digest
from oafreeze.hygiene.context import BrokenSpec, ContentStore, TaskContext, list_task_folder
from oafreeze.hygiene.finding import BLOCKING, SEVERITIES, Finding
from oafreeze.corpus.kbindex import KnowledgeIndex
from oafreeze.hygiene.records import Record, Waiver
from oafreeze.hygiene.registry import BY_ID, ITEMS
from oafreeze.hygiene.trees import TaskTree, TreeReader
from oafreeze.plumbing import clock, safeyaml
from oafreeze.plumbing.errors import BadInput, CheckFailed, OafreezeError, Problem

Verdict = Literal["pass", "note", "waived", "fail", "n/a"]


class TaskAudit(BaseModel):
    """The audit of one task: the tree it read, whether it passed, every finding, the waivers used,
    and the items that do not apply to it (with why)."""

    model_config = ConfigDict(extra="forbid")

    task: str
    tree: str
    passed: bool
    findings: list[Finding]
    waivers: list[Waiver]
    not_applicable: dict[str, str] = {}

    def waived(self, f: Finding) -> bool:
        """Whether a recorded waiver lifts this finding."""
        return any(w.covers(f, self.tree) for w in self.waivers)

    def verdict(self, item: str) -> Verdict:
        """n/a (does not apply), pass (no finding), note (minor/info only), waived (every blocking one
        waived), fail."""
        if item in self.not_applicable:
            return "n/a"
        mine = [f for f in self.findings if f.item == item]
        blocking = [f for f in mine if f.severity in BLOCKING]
        if any(not self.waived(f) for f in blocking):
            return "fail"
        return "waived" if blocking else ("note" if mine else "pass")

    def items(self) -> list[dict]:
        """Each item's verdict, with the reason when it does not apply."""
        out = []
        for item in ITEMS:
            row = {"id": item.id, "name": item.name, "verdict": self.verdict(item.id)}
            if item.id in self.not_applicable:
                row["reason"] = self.not_applicable[item.id]
            out.append(row)
        return out

    def as_json(self) -> dict:
        """The --json shape: task, tree, passed, each item's verdict, findings (each with `waived`)."""
        return {"task": self.task, "tree": self.tree, "passed": self.passed, "items": self.items(),
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


# A key written twice (JSON readers keep one of the two, silently): the item of the field the key names.
_DUPLICATE_KEY = re.compile(r"duplicate key '([^']+)'")
KEY_ITEMS = {**{prefix.rsplit(".", 1)[-1]: item for prefix, item in FIELD_ITEMS},
             "match_criteria": "H04", "citation": "H09", "effective_date": "H09", "verified_on": "H09",
             "verified_against": "H09", "anchors": "H11"}


def _field_holding(source: Path | None, key: str) -> str | None:
    """The field of task.json whose object holds `key` ("deliverables" for a deliverable's name written
    twice), read leniently (the last value kept), or None if the file cannot say."""
    try:
        raw = json.loads(source.read_bytes()) if source is not None else None
    except (OSError, ValueError, RecursionError):
        return None
    todo: list[tuple[str, object]] = [("", raw)]
    while todo:
        path, value = todo.pop(0)
        if isinstance(value, dict):
            if path and key in value:
                return path
            todo += [(f"{path}.{k}".lstrip("."), v) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [(path, v) for v in value]
    return None


def unreadable_task(task_id: str, exc: OafreezeError, source: Path | None = None) -> list[Finding]:
    """Findings for a task whose task.json cannot be read as a task: one per problem, under the
    item its field belongs to (a file that is not JSON at all is H07's), each a blocker: the
    task cannot run as written, and no other item could read it."""
    out = []
    for p in exc.problems or [Problem(f"tasks/{task_id}/task.json", exc.message)]:
        field = p.field or ""
        item = next((i for prefix, i in FIELD_ITEMS if field == prefix or field.startswith(prefix + ".")),
                    "H04" if field else "H07")
        twice = _DUPLICATE_KEY.search(p.message) if not field else None
        if twice:
            key = twice.group(1)
            holder = _field_holding(source, key) if key not in KEY_ITEMS else None
            item = KEY_ITEMS.get(key) or next((i for prefix, i in FIELD_ITEMS if holder and (
                holder == prefix or holder.startswith(prefix + "."))), item)
        out.append(Finding(item=item, severity="blocker", task=task_id, path="task.json",
                           location=f"$.{field}" if field else p.line, evidence=field or p.message,
                           message=f"task.json cannot be read as a task: {p.message}"
                           + (f" (field {field})" if field else ""),
                           fix="correct task.json (see docs/TASKS.md for every field); the other items run once it "
                               "reads"))
    return sorted(out, key=Finding.sort_key)


def load_families(env_root: Path, env: Environment | None = None) -> dict:
    """The family specs oafreeze.yaml declares, by family name. A spec that names its family but does
    not validate is kept as a BrokenSpec, for FAM to report on its instances; one that cannot say
    which family it is (missing, not YAML, not a mapping) is exit 2, named."""
    from oafreeze.environment.family import load_family

    out: dict = {}
    for rel in (env or load_environment(env_root)).families:
        try:
            family = load_family(env_root / rel)
        except BadInput as exc:
            name = _family_named(env_root / rel)
            if name is None:
                raise
            out.setdefault(name, BrokenSpec(str(rel), exc))
            continue
        name = family.spec.family
        if name in out:
            raise BadInput.at("oafreeze.yaml", f"family {name!r} has two specs: {out[name].source} and {rel}",
                              field="families", rule="unique-family")
        out[name] = family
    return out


def _family_named(spec_path: Path) -> str | None:
    """The family a spec file says it is, read as plainly as it can be (None: it cannot say)."""
    try:
        raw = safeyaml.load(spec_path.read_bytes(), spec_path.as_posix())
    except (OSError, OafreezeError):
        return None
    name = raw.get("family") if isinstance(raw, dict) else None
    return name if isinstance(name, str) and name.strip() else None


# --- one audit run -------------------------------------------------------------------------

class Session:
    """What one audit run shares across tasks: the environment, the pin, the caches, the
    knowledge base's index. Tasks are read, audited and let go one at a time, so memory does not
    grow with the number of tasks."""

    def __init__(self, env_root: Path, *, today: dt.date | None = None, use_cache: bool = True):
        self.env_root = Path(env_root)
        self.env = load_environment(self.env_root)
        self.snapshot, self.mount = load_pin(self.env_root, self.env)
        self.families = load_families(self.env_root, self.env)
        self.today = today or clock.today()
        self.cache_wanted = use_cache
        self.cache = AuditCache(self.env_root, enabled=use_cache)
        self.trees = TreeReader(self.env_root, self.cache, self.snapshot, self.mount)
        self.store = ContentStore(self.cache, self.trees.object_format,
                                  frozenset(f.sha256 for f in self.snapshot.files) if self.snapshot else frozenset())
        self.kb_blobs = frozenset(self.trees.pinned.values())
        self.shared: dict = {}  # what items share within the run (a family's expansion, ...)
        self._index = None
        self._members: dict[str, list[TaskContext]] = {}
        self.from_cache = 0

    def close(self) -> None:
        """Write what the run learned to the cache."""
        self.cache.close()

    def attach_cache(self, cache: AuditCache) -> None:
        """Read and learn through `cache` from now on."""
        self.cache = self.trees.cache = self.store.cache = cache

    def reopen_cache(self) -> None:
        """A new connection to the cache (after `close`)."""
        self.attach_cache(AuditCache(self.env_root, enabled=self.cache_wanted))

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- contexts ------------------------------------------------------------------------

    def context(self, loaded: LoadedTask, tt: TaskTree | None = None) -> TaskContext:
        """The task as items see it (files listed, nothing read until an item asks)."""
        if tt is None:
            tt = self.trees.read(loaded.id)
        files, links = list_task_folder(self.env_root / "tasks" / loaded.id, self.mount, listing=tt.listing,
                                        blobs=tt.blobs, store=self.store, kb_blobs=self.kb_blobs)
        ctx = TaskContext(self.env_root, loaded, files, links, self.snapshot, self.mount, today=self.today,
                          cache=self.shared, families=self.families, knowledge=self.knowledge, listing=tt.listing,
                          pin_commit=self.env.knowledge_base.commit if self.env.knowledge_base else None,
                          kb_exact=tt.kb_exact)
        if ctx.ext.family and ctx.ext.family not in self.families:
            ctx.siblings = [c for c in self.members(ctx.ext.family) if c.task_id != ctx.task_id]
        return ctx

    def members(self, family: str) -> list[TaskContext]:
        """Every task of a family that has no spec (the heuristic compares instances), read once."""
        if family not in self._members:
            self._members[family] = []
            for task_id in task_ids(self.env_root):
                try:
                    loaded = load_task(self.env_root, task_id)
                    if loaded.task.ext.family == family:
                        self._members[family].append(self.context(loaded))
                except OafreezeError:
                    continue
        return self._members[family]

    def knowledge(self, ctx: TaskContext):
        """The pinned knowledge base's index, built once a run from the first task whose copy is
        complete and pinned (a task whose copy differs gets one of its own pinned files)."""
        if self.snapshot is None:
            return None
        if self._index is not None:
            return self._index
        pinned = [f for f in ctx.kb_files if ctx.pinned(f)]
        complete = len(pinned) == len(ctx.pinned_blobs)
        # A complete index depends only on the snapshot, the mount and the code: cached under them.
        key = digest("kbindex", self.cache.version, self.snapshot.digest, self.mount)
        hit = self.cache.get("content", key) if complete else None
        if isinstance(hit, dict):
            try:
                self._index = KnowledgeIndex.from_dict(hit)
                return self._index
            except (KeyError, TypeError, ValueError, AttributeError):
                pass
        kinds = {d.id: d.kind for d in self.snapshot.documents}
        kind_of = {f"{self.mount}/{f.path}": kinds.get(f.document) for f in self.snapshot.files}
        index = KnowledgeIndex()
        for f in pinned:
            if f.text:
                index.add(f.rel, kind_of.get(f.rel), f.text)
        if complete:
            self._index = index
            self.cache.put("content", key, index.as_dict())
        return index

    # -- auditing --------------------------------------------------------------------------

    def result_key(self, tree: str) -> str:
        """The cache key of a task's results: everything they depend on but other tasks."""
        return digest("result", self.cache.version, tree, self.snapshot.digest if self.snapshot else "",
                      self.env.knowledge_base.commit if self.env.knowledge_base else "", self.mount,
                      self.today.isoformat())

    def audit_all(self, task_ids: list[str], waivers: list[Waiver], *, jobs: int = 1, progress=None) -> list[TaskAudit]:
        """Audit each task, in order, on up to `jobs` processes (`hygiene/workers.py`); the results
        are the same whatever the number."""
        out: list[TaskAudit] = []

        def done(result: TaskAudit) -> None:
            out.append(result)
            if progress:
                progress(len(out), len(task_ids))

        if progress and task_ids:
            progress(0, len(task_ids))  # shown at once: the first task can take a while
        rest = list(task_ids)
        # A cold start (the cache knows none of the first folders): read git's index once, before
        # the workers start, so that they share it. After an edit, folders are hashed instead.
        # (Asked before the first task is audited, which puts that folder in the cache.)
        cold = len(rest) > 1 and not any(self.trees.known(t) for t in task_ids[:4])
        if rest:  # the first builds what every task shares (the knowledge base's index) before any fork
            done(self.audit(rest.pop(0), waivers))
        if rest and cold and not self.trees.from_cache:
            self.trees.load_index()
        if jobs > 1 and len(rest) >= workers.PARALLEL_FROM and workers.can_fork():
            workers.audit_in_workers(self, rest, waivers, min(jobs, len(rest)), done)
        else:
            for task_id in rest:
                done(self.audit(task_id, waivers))
        return out

    def audit(self, task_id: str, waivers: list[Waiver]) -> TaskAudit:
        """Audit one task (never raises for a task that cannot be read: that is a finding)."""
        try:
            tt = self.trees.read(task_id)
        except OafreezeError as exc:
            return _unreadable_folder(task_id, exc)
        try:
            loaded = load_task(self.env_root, task_id, blob=tt.blobs.get("task.json"))
        except OafreezeError as exc:
            if any(p.rule == "unchanged" for p in exc.problems):
                return _unreadable_folder(task_id, exc)
            source = self.env_root / "tasks" / task_id / "task.json"
            return _failed(task_id, tt.tree, unreadable_task(task_id, exc, source))
        try:
            findings, na = self._items(loaded, tt)
        except OafreezeError as exc:
            return _unreadable_folder(task_id, exc)
        findings.sort(key=Finding.sort_key)
        mine = [w for w in waivers if w.task == task_id and w.tree == tt.tree]
        return TaskAudit(task=task_id, tree=tt.tree, passed=records.passed(findings, mine, tt.tree),
                         findings=findings, waivers=mine, not_applicable=na)

    def _items(self, loaded: LoadedTask, tt: TaskTree) -> tuple[list[Finding], dict[str, str]]:
        key = self.result_key(tt.tree)
        hit = self.cache.get("result", key)
        ctx = None
        findings: list[Finding] = []
        na: dict[str, str] = {}
        if isinstance(hit, dict):
            try:
                findings = [Finding.model_validate(f) for f in hit["findings"]]
                na = {str(k): str(v) for k, v in hit["na"].items()}
                self.from_cache += 1
            except (KeyError, TypeError, AttributeError, ValueError):
                hit = None
        if not isinstance(hit, dict):
            ctx = self.context(loaded, tt)
            findings, na = run_items(ctx, [i for i in ITEMS if not i.cross_task])
            self.cache.put("result", key, {"findings": [f.as_dict() for f in findings], "na": na})
        # Items that compare a task with other tasks (the family check) are never cached.
        cross = [i for i in ITEMS if i.cross_task]
        if cross:
            ctx = ctx or self.context(loaded, tt)
            more, more_na = run_items(ctx, cross)
            findings += more
            na.update(more_na)
        return findings, na


def run_items(ctx: TaskContext, items) -> tuple[list[Finding], dict[str, str]]:
    """The findings of `items` on one task, and the items that do not apply (with why)."""
    findings: list[Finding] = []
    na: dict[str, str] = {}
    for item in items:
        reason = item.not_applicable(ctx)
        if reason:
            na[item.id] = reason
        else:
            findings += item.check(ctx)
    return findings, na


def contexts(env_root: Path, ids: list[str], *, today: dt.date | None = None,
             broken: dict[str, list[Finding]] | None = None) -> list[TaskContext]:
    """One context per selected task that reads (for callers that inspect items one by one); the
    findings of those that do not read go into `broken`."""
    session = Session(env_root, today=today, use_cache=False)
    out = []
    for task_id in ids:
        try:
            out.append(session.context(load_task(session.env_root, task_id)))
        except OafreezeError as exc:
            if broken is not None:
                broken[task_id] = unreadable_task(task_id, exc, session.env_root / "tasks" / task_id / "task.json")
    return out


# --- auditing --------------------------------------------------------------------------

def task_tree(env_root: Path, task_id: str) -> str:
    """The git tree id a task folder has now (read without any cache); an unreadable file is
    named, not a traceback."""
    return TreeReader(env_root).read(task_id).tree


def _failed(task_id: str, tree: str, findings: list[Finding]) -> TaskAudit:
    """A task that could not be read: its findings, and every other item shown as not run
    (never as a pass it was not given)."""
    named = {f.item for f in findings}
    not_run = {item.id: "not run: the task cannot be read (see the findings)" for item in ITEMS if item.id not in named}
    return TaskAudit(task=task_id, tree=tree, passed=False, findings=findings, waivers=[], not_applicable=not_run)


def _unreadable_folder(ctx_or_id, exc: OafreezeError) -> TaskAudit:
    task_id = ctx_or_id if isinstance(ctx_or_id, str) else ctx_or_id.task_id
    where = exc.problems[0].path if exc.problems else f"tasks/{task_id}"
    return _failed(task_id, "", [Finding(
        item="H07", severity="blocker", task=task_id, path=where, evidence=exc.problems[0].message if exc.problems
        else exc.message, message=f"part of the task cannot be read ({where}): the agent would be handed less than "
        "the task promises, and the audit cannot bind a result to its tree", fix="fix the permissions, then audit again")])


def run_audit(env_root: Path, patterns: list[str] | tuple[str, ...] = (), *, record: bool = True,
              today: dt.date | None = None, progress=None, use_cache: bool = True,
              jobs: int | None = None) -> list[TaskAudit]:
    """Audit the tasks the globs select; append one record per task unless `record` is False.

    A task that cannot be read (task.json that is not a task, an unreadable folder) is
    reported with findings and fails; every other task is still audited. Tasks are audited
    on `jobs` processes (default: `workers.default_jobs()`, one per CPU this process may use and one
    more; 1: in this process); what is unchanged since an earlier audit on this machine comes
    from the cache (`use_cache=False` reads and analyses everything again, with the same result)."""
    env_root = Path(env_root)
    ids = select_tasks(env_root, patterns)
    waivers = records.read_waivers(env_root)
    with Session(env_root, today=today, use_cache=use_cache) as session:
        out = session.audit_all(ids, waivers, jobs=workers.default_jobs() if jobs is None else jobs, progress=progress)
    if record:
        stamp = records.now()
        records.append_all(env_root, records.RECORDS, [
            Record(task=result.task, tree=result.tree, passed=result.passed, findings=result.findings, time=stamp)
            for result in out if result.tree])  # a result must be bound to the tree it read
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
    with Session(env_root, today=today) as session:
        try:
            tt = session.trees.read(task_id)
            loaded = load_task(env_root, task_id)
        except OafreezeError:
            raise CheckFailed.at(f"tasks/{task_id}/task.json", "cannot be read as a task; correct it and audit again "
                                 "(a finding on a task that does not read cannot be waived)",
                                 rule="task-readable") from None
        ctx = session.context(loaded, tt)
        tree = tt.tree
        reason_na = BY_ID[item].not_applicable(ctx)
        found = [] if reason_na else BY_ID[item].check(ctx)
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
    reader = None
    for task_id in task_ids:
        folder = env_root / "tasks" / task_id
        if trees is not None and task_id in trees:
            tree = trees[task_id]
        else:
            if reader is None:  # a missing pinned snapshot is bad input for the whole environment
                snapshot, mount = load_pin(env_root)
                reader = TreeReader(env_root, AuditCache(env_root), snapshot, mount)
            try:
                tree = reader.read(task_id).tree if folder.is_dir() and not folder.is_symlink() else None
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
