"""H08 knowledge-base pin: the knowledge base in the workspace is byte-identical to the snapshot."""

from __future__ import annotations

from oafreeze.plumbing.hashing import sha256_file
from oafreeze.corpus.materialize import check_materialized
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H08"
NAME = "knowledge-base pin"

FIX = {"added": "delete it: the knowledge base is the pinned snapshot and nothing else",
       "removed": "re-materialize the snapshot (`oafreeze materialize`)",
       "modified": "re-materialize the snapshot; task-specific material belongs outside the knowledge base"}


def check(ctx: TaskContext) -> list[Finding]:
    """Every file added, removed or edited in this task's copy of the knowledge base."""
    if ctx.snapshot is None:
        return [ctx.finding(ID, "info", "oafreeze.yaml", "the environment pins no knowledge base "
                            "(knowledge_base.snapshot): nothing to compare", "pin one with `oafreeze snapshot`",
                            location="knowledge_base")]
    mount = ctx.folder / ctx.kb_mount
    if not mount.is_dir():
        return [ctx.finding(ID, "blocker", ctx.kb_mount,
                            f"the knowledge base is not materialized at {ctx.kb_mount}: the agent works without the "
                            "library the results will be attributed to",
                            "run `oafreeze materialize` for this task", evidence=ctx.kb_mount)]
    out = []
    prefix = ctx.kb_mount.rstrip("/") + "/"

    def digest_of(path):
        # From the audit's own read of the task (the one that gave its tree id), else read now.
        known = ctx.digests.get(prefix + path.relative_to(mount).as_posix())
        return known if known is not None else sha256_file(path)

    for d in check_materialized(ctx.snapshot, mount, digest_of):
        detail = f" (pinned {d.expected[:19]}…)" if d.change in ("modified", "removed") and d.expected else ""
        out.append(ctx.finding(
            ID, "blocker", f"{ctx.kb_mount}/{d.path}",
            f"{d.path} is {d.change} in this task's knowledge base compared with snapshot {ctx.snapshot.commit[:12]}"
            f"{detail}: the task no longer sees the library it claims to",
            FIX.get(d.change, "re-materialize the snapshot"),
            evidence=f"{d.change}: {d.path}" + (f" ({d.found})" if d.found else "")))
    return out
