"""H08 knowledge-base pin: the knowledge base in the workspace is byte-identical to the snapshot."""

from __future__ import annotations

from oafreeze.plumbing.hashing import sha256_bytes, sha256_file
from oafreeze.plumbing.tree import Listing, compare, walk
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H08"
NAME = "knowledge-base pin"

FIX = {"added": "delete it: the knowledge base is the pinned snapshot and nothing else",
       "removed": "re-materialize the snapshot (`oafreeze materialize`)",
       "modified": "re-materialize the snapshot; task-specific material belongs outside the knowledge base"}


def applies(ctx: TaskContext) -> str | None:
    """Only an environment that pins a knowledge base has a pin to compare with."""
    return None if ctx.snapshot is not None else "the environment pins no knowledge base"


def _exactly_pinned(ctx: TaskContext, prefix: str) -> bool:
    """Whether the copy holds exactly the pinned files, each with its pinned blob id and mode, and
    nothing else (then there is nothing to compare; the blob ids came from this audit's read)."""
    if ctx.kb_exact:  # proved when the tree was read
        return True
    listing = ctx.listing
    if listing is None or any(rel.startswith(prefix) for rel in [*listing.links, *listing.unreadable]):
        return False
    files = ctx.kb_files
    if len(files) != len(ctx.snapshot.files):
        return False
    modes = {prefix + f.path: f.mode for f in ctx.snapshot.files}
    for f in files:
        st = listing.files.get(f.rel)
        if st is None or not ctx.pinned(f) or not f.blob or modes.get(f.rel) != ("100755" if st.st_mode & 0o100 else "100644"):
            return False
    return True


def _edited_copies(ctx: TaskContext) -> list[Finding]:
    """Task files laid out as a second copy of the library ("documents/kb-local/practice-guides/…/x.md")
    whose content is not the pinned file's: the agent may read an edited guide as the library (minor:
    an older edition can be the task's own point). A byte-identical copy is the library's (kb_copy)."""
    key = ("h08-pinned-paths", ctx.snapshot.digest)  # the same for every task of a run
    pinned = ctx.cache.get(key)
    if pinned is None:
        pinned = ctx.cache[key] = {f.path: f for f in ctx.snapshot.files if "/" in f.path}
    out = []
    for f in ctx.task_files:
        rel = f.name
        for cut in [i + 1 for i, c in enumerate(rel) if c == "/"]:
            pin = pinned.get(rel[cut:])
            if pin is not None:
                out.append(ctx.finding(
                    ID, "minor", f.rel, f"{f.rel} is laid out as the knowledge base's {pin.path} but does not hold "
                    f"the pinned file: an agent may read an edited copy as the library", "take it out, or name it "
                    "as the task's own material (and say in the instructions what it is)", evidence=pin.path))
                break
    return out


def check(ctx: TaskContext) -> list[Finding]:
    """Every file added, removed or edited in this task's copy of the knowledge base, and a
    snapshot that is not of the commit oafreeze.yaml pins."""
    out = []
    if ctx.pin_commit and ctx.snapshot.commit != ctx.pin_commit:
        out.append(ctx.finding(
            ID, "blocker", "oafreeze.yaml",
            f"oafreeze.yaml pins the knowledge base at {ctx.pin_commit[:12]} but its snapshot was taken at "
            f"{ctx.snapshot.commit[:12]}: the results would be attributed to a library the agent did not see",
            "take the snapshot of the pinned commit (`oafreeze snapshot`), or pin the snapshot's commit",
            location="knowledge_base.commit",
            evidence=f"knowledge_base.commit: {ctx.pin_commit}; snapshot commit: {ctx.snapshot.commit}"))
    mount = ctx.folder / ctx.kb_mount
    if not mount.is_dir() or mount.is_symlink():
        return [ctx.finding(ID, "blocker", ctx.kb_mount,
                            f"the knowledge base is not materialized at {ctx.kb_mount}: the agent works without the "
                            "library the results will be attributed to",
                            "run `oafreeze materialize` for this task", evidence=ctx.kb_mount)]
    prefix = ctx.kb_mount.rstrip("/") + "/"
    out += _edited_copies(ctx)
    if _exactly_pinned(ctx, prefix):
        return out
    # The audit's own walk of the task, cut down to the mount, and each file's blob id from the
    # read that gave the tree: a file whose blob is the pinned one has the pinned SHA-256.
    whole = ctx.listing if ctx.listing is not None else walk(ctx.folder)
    listing = Listing(files={rel[len(prefix):]: st for rel, st in whole.files.items() if rel.startswith(prefix)},
                      links={rel[len(prefix):]: t for rel, t in whole.links.items() if rel.startswith(prefix)},
                      unreadable={rel[len(prefix):]: w for rel, w in whole.unreadable.items() if rel.startswith(prefix)})
    pinned = {f.path: f for f in ctx.snapshot.files}
    by_rel = {f.rel[len(prefix):]: f for f in ctx.kb_files}

    def digest_of(path):
        rel = path.relative_to(mount).as_posix()
        f = by_rel.get(rel)
        pin = pinned.get(rel)
        if f is not None and pin is not None and ctx.pinned(f):
            return pin.sha256, f.size
        if f is not None and f.data is not None:
            return sha256_bytes(f.data), len(f.data)
        return sha256_file(path)

    for d in compare({f.path: (f.sha256, f.size, f.mode) for f in ctx.snapshot.files}, mount, digest_of,
                     listing=listing):
        detail = f" (pinned {d.expected[:19]}…)" if d.change in ("modified", "removed") and d.expected else ""
        out.append(ctx.finding(
            ID, "blocker", f"{ctx.kb_mount}/{d.path}",
            f"{d.path} is {d.change} in this task's knowledge base compared with snapshot {ctx.snapshot.commit[:12]}"
            f"{detail}: the task no longer sees the library it claims to",
            FIX.get(d.change, "re-materialize the snapshot"),
            evidence=f"{d.change}: {d.path}" + (f" ({d.found})" if d.found else "")))
    return out
