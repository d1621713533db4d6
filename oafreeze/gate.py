"""The gate: may a production run start on exactly these trees? Yes or no, and why.

Yes only when, for the frozen trees: the manifest is intact and verifies against the
working tree with every file rehashed; the knowledge base matches its pin; every task
in the declared matrix (every frozen task if none is declared yet) passed the hygiene
audit on that exact tree, or carries a recorded waiver; the run log's chain is
intact; and every judge reasons before its verdict at temperature zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from oafreeze.plumbing.errors import OafreezeError
from oafreeze.environment.config import load_environment
from oafreeze.freezer.manifest import Manifest, load_manifest
from oafreeze.freezer.verify import verify_worktree

REASONING_FIELDS = ("reasoning", "rationale", "analysis", "explanation", "thoughts")
VERDICT_FIELDS = ("verdict", "score", "label", "result", "grade", "pass")


@dataclass
class Check:
    """One condition of the gate with the reasons it fails (empty: it holds)."""

    name: str
    reasons: list[dict] = field(default_factory=list)
    info: str = ""

    @property
    def ok(self) -> bool:
        return not self.reasons


@dataclass
class GateResult:
    """The gate's answer for one freeze."""

    manifest: str
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def as_dict(self) -> dict:
        """Plain data for --json."""
        return {"ok": self.ok, "manifest": self.manifest,
                "checks": [{"name": c.name, "ok": c.ok, "info": c.info, "reasons": c.reasons} for c in self.checks]}


def judge_reasons(manifest: Manifest) -> list[dict]:
    """Judges that are not reasoning-first at temperature zero."""
    out = []
    if not manifest.judges:
        out.append({"path": "oafreeze.yaml", "message": "no judge is pinned"})
    for j in manifest.judges:
        if j.temperature != 0:
            out.append({"judge": j.id, "message": f"temperature is {j.temperature}, must be 0"})
        order = [f.lower() for f in j.field_order]
        r = next((i for i, f in enumerate(order) if f in REASONING_FIELDS), None)
        v = next((i for i, f in enumerate(order) if f in VERDICT_FIELDS), None)
        if r is None or v is None or r > v:
            out.append({"judge": j.id, "message": f"field order {j.field_order} does not put reasoning before the "
                        "verdict"})
    return out


def _matrix_tasks(env_root: Path, manifest: Manifest, check: Check) -> list[str]:
    from oafreeze.runlog import log as runlog

    path = runlog.log_path(env_root, manifest.id)
    # The chain proves each line follows the one before; only the copy committed at HEAD
    # proves nothing was cut off the end or rewritten whole (see docs/RUNLOG.md).
    report = runlog.verify_against(env_root, path, "HEAD") if _has_head(env_root) else runlog.verify(path)
    if not report.exists and report.committed is None:
        check.info = "no run log yet: every frozen task must pass"
        return sorted(manifest.tasks)
    for p in report.problems:
        check.reasons.append({"path": p.path, "line": p.line, "message": p.message})
    if report.committed is not None and report.ok:
        check.info = f"extends the log committed at HEAD ({report.committed} entries)"
    state = report.state
    if state.matrix is None:
        check.info = "; ".join(filter(None, [check.info, "no matrix declared yet: every frozen task must pass"]))
        return sorted(manifest.tasks)
    tasks = sorted({t for t, _m in state.cells})
    check.info = "; ".join(filter(None, [check.info, f"matrix: {len(tasks)} task(s) x "
                                                      f"{len({m for _t, m in state.cells})} model(s)"]))
    for t in tasks:
        if t not in manifest.tasks:
            check.reasons.append({"task": t, "message": "in the matrix but not in the freeze"})
    return [t for t in tasks if t in manifest.tasks]


def _has_head(env_root: Path) -> bool:
    from oafreeze.plumbing.git import Repo

    with Repo(env_root) as repo:
        return repo.head() is not None


def run_gate(env_root: Path, manifest_ref: str | None = None) -> GateResult:
    """Evaluate every condition (none short-circuits) and return them all."""
    manifest, _path = load_manifest(env_root, manifest_ref)
    checks: list[Check] = []

    drift_check = Check("tree matches the freeze (every file rehashed)")
    kb_check = Check("knowledge base matches its pin")
    drift = verify_worktree(env_root, manifest, use_cache=False)
    for d in drift:
        target = kb_check if d.area == "knowledge-base" or d.change == "knowledge-base" else drift_check
        target.reasons.append(d.model_dump(exclude_none=True))
    if manifest.knowledge_base is None:
        kb_check.info = "no knowledge base in this environment"
    else:
        kb_check.info = f"pinned at {manifest.knowledge_base.snapshot.commit}"
        try:
            env = load_environment(env_root)
            if env.knowledge_base and env.knowledge_base.commit != manifest.knowledge_base.snapshot.commit:
                kb_check.reasons.append({"path": "oafreeze.yaml", "message": "knowledge_base.commit differs from the pin"})
        except OafreezeError as exc:
            kb_check.reasons.append({"path": "oafreeze.yaml", "message": str(exc)})
    checks += [drift_check, kb_check]

    log_check = Check("run log intact and extends the committed one; matrix known")
    tasks = _matrix_tasks(env_root, manifest, log_check)
    checks.append(log_check)

    audit_check = Check("every task passed the hygiene audit on its frozen tree")
    from oafreeze.hygiene.audit import audit_status

    # A task without drift has exactly its frozen tree (every file was just rehashed), so
    # the audit lookup need not read those folders a second time.
    drifted = {d.task for d in drift if d.task}
    states = audit_status(env_root, tasks,
                          trees={t: manifest.tasks[t].tree for t in tasks if t not in drifted})
    for t in tasks:
        st = states.get(t)
        want = manifest.tasks[t].tree
        again = f"run `oafreeze audit '{t}'` on the frozen tree and commit audit/records.jsonl"
        if st is not None and st.state == "unreadable":
            audit_check.reasons.append({"task": t, "message": "the task folder cannot be read, so its tree is unknown"})
        elif st is None or st.state == "missing":
            audit_check.reasons.append({"task": t, "message": f"never audited: {again}"})
        elif st.audited_tree != want:
            audit_check.reasons.append({"task": t, "message": f"the last audit read tree {(st.audited_tree or '')[:12]}, "
                                        f"not the frozen tree {want[:12]}: {again}"})
        elif st.state != "passed":
            fix = (f"fix the findings ({', '.join(st.unwaived)}; `oafreeze audit '{t}'` lists them), or waive a "
                   f"major one with `oafreeze audit waive '{t}' ITEM --reason ... --by ...`; then freeze again"
                   if st.unwaived else again)
            audit_check.reasons.append({"task": t, "message": f"audit {st.state}: {fix}"})
    audit_check.info = f"{len(tasks)} task(s)"
    checks.append(audit_check)

    checks.append(Check("judges reason first, at temperature 0", judge_reasons(manifest)))
    return GateResult(manifest=manifest.id, checks=checks)
