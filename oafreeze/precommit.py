"""The pre-commit check: looks only at what is staged, and refuses

- a change to a frozen task without a superseding manifest staged with it (whose
  tree for that task is exactly the staged tree);
- a staged manifest that is invalid, or any edit or deletion of a committed one;
- a run-log change that is not a pure append of valid, chained entries;
- any change to audit records or waivers (audit/*.jsonl) but whole appended lines.

It must stay fast on a large environment. On one with 1.86 million index entries git
itself needs about 0.4 s just to read the index, so that read starts first, in the
background, and everything else happens on the other core while it runs: the current
freeze is read from a small summary per manifest blob (task id -> tree id, cached under
the git directory and named by the blob id, so it never goes stale), and the pydantic models are imported only when a manifest is staged. Like git's own
index, that cache is an accelerator in the user's git directory, not evidence: the
check that trusts nothing local is `oafreeze verify --no-cache` (and the gate).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from oafreeze.environment.layout import CONFIG_FILE, task_of
from oafreeze.plumbing.errors import OafreezeError, Problem
from oafreeze.plumbing.hashing import sha256_bytes
from oafreeze.plumbing.paths import shown
from oafreeze.plumbing.git import HEX, STAGED_DIFF, Pending, Repo
from oafreeze.freezer.lineage import current_id

MANIFEST = re.compile(r"^manifests/([^/]+)\.json$")
RUNLOG = re.compile(r"^manifests/([^/]+)\.runlog\.jsonl$")
AUDIT_LOG = re.compile(r"^audit/[^/]+\.jsonl$")
EMPTY = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"


SUMMARY_DIR = "oafreeze/manifest-summaries"


def parse_changes(raw: bytes) -> list[tuple[str, str]]:
    """(status letter, path) pairs from `git diff-index -z --name-status` output."""
    parts = raw.split(b"\0")
    return [(parts[i].decode()[:1], parts[i + 1].decode("utf-8", "surrogateescape"))
            for i in range(0, len(parts) - 1, 2) if parts[i]]


def staged_changes(repo: Repo, head: str | None) -> list[tuple[str, str]]:
    """(status letter, path) of every staged change against HEAD."""
    return parse_changes(repo.run_bytes(*STAGED_DIFF, head or EMPTY))


def check(env_root: Path, staged: Pending | None = None) -> list[Problem]:
    """Every reason to refuse the staged commit (empty: allow).

    `staged` is `STAGED_DIFF` against HEAD already started in `env_root` (`gitrepo.start_in`)."""
    problems: list[Problem] = []
    with Repo(env_root, hook=True) as repo:
        # Reading the index is the one cost that grows with the environment: start it first.
        pending = staged or repo.start(*STAGED_DIFF, "HEAD")
        head = repo.head()
        current = current_summary(repo, head) if head is not None else None
        raw = pending.result(check=head is not None)
        changes = parse_changes(raw) if head is not None else staged_changes(repo, None)
        if not changes:
            return []
        staged_manifests: dict[str, dict] = {}
        for status, path in changes:
            m = MANIFEST.match(path)
            r = RUNLOG.match(path)
            if m and not r:
                if status != "A":
                    verb = {"D": "deletes", "T": "changes the type of"}.get(status, "edits")
                    problems.append(Problem(path, f"{verb} a committed manifest; manifests are immutable — "
                                            "write a new freeze that supersedes it", rule="manifest-immutable"))
                    continue
                problems.extend(_check_new_manifest(repo, path, staged_manifests))
            elif r:
                problems.extend(_check_runlog(repo, head, status, path))
            elif AUDIT_LOG.match(path):
                problems.extend(_check_audit_log(repo, head, status, path))

        if current is not None:
            frozen = set(current["tasks"])
            touched: dict[str, list[tuple[str, str]]] = {}
            for status, path in changes:
                if path.startswith("tasks/"):
                    tid = task_of(path[len("tasks/"):], frozen)
                    if tid is not None:
                        touched.setdefault(tid, []).append((status, path[len(f"tasks/{tid}/"):]))
            if touched:
                problems.extend(_check_superseded(repo, current, touched, staged_manifests))
            config = next((status for status, path in changes if path == CONFIG_FILE), None)
            if config is not None:
                problems.extend(_check_config(repo, current, config, staged_manifests))
    return problems


def _check_new_manifest(repo: Repo, path: str, staged: dict[str, dict]) -> list[Problem]:
    # Imported here: the manifest models pull in pydantic, which a commit that stages no
    # manifest should not pay for (the hook must stay fast).
    from oafreeze.plumbing import canonical
    from oafreeze.freezer.manifest import manifest_from_data

    try:
        data = canonical.loads_strict(repo.blob_at("", path) or b"", path)
        manifest_from_data(data, path)
    except OafreezeError as exc:
        return exc.problems or [Problem(path, exc.message, rule="manifest-valid")]
    if MANIFEST.match(path).group(1) != data.get("id"):
        return [Problem(path, f"file name does not match its id {data.get('id')!r}", field="id",
                        rule="manifest-name")]
    staged[path] = data
    return []


def _check_runlog(repo: Repo, head: str | None, status: str, path: str) -> list[Problem]:
    if status == "D":
        return [Problem(path, "deletes a run log; run logs are append-only", rule="runlog-append-only")]
    new = repo.blob_at("", path) or b""
    old = (repo.blob_at(head, path) or b"") if status != "A" and head else b""
    try:
        from oafreeze.runlog.log import check_append
    except ImportError:  # pragma: no cover - the run log module ships with the package
        return [] if new.startswith(old) else [Problem(path, "not a pure append", rule="runlog-append-only")]
    return check_append(old, new, path)


def _check_audit_log(repo: Repo, head: str | None, status: str, path: str) -> list[Problem]:
    # Audit records and waivers are evidence too: they may only grow, by whole lines.
    if status == "D":
        return [Problem(path, "deletes audit records; they are append-only", rule="audit-append-only")]
    if status == "A" or head is None:
        return []
    old = repo.blob_at(head, path) or b""
    new = repo.blob_at("", path) or b""
    if not new.startswith(old) or not new.endswith(b"\n"):
        return [Problem(path, "rewrites or cuts committed audit records; only whole appended lines are allowed",
                        rule="audit-append-only")]
    return []


def current_summary(repo: Repo, head: str) -> dict | None:
    """The current freeze at `head` as {"id", "supersedes", "tasks": {task id: tree id}}."""
    entries = [e for e in repo.ls_tree(head, "manifests", recursive=False)
               if MANIFEST.match(e.path) and not RUNLOG.match(e.path)]
    summaries = {}
    for e in entries:
        summary = _summary(repo, e.oid)
        if summary is not None:
            summaries[summary["id"]] = summary
    current = current_id({i: s["supersedes"] for i, s in summaries.items()})
    return summaries[current] if current is not None else None


def _summary(repo: Repo, oid: str) -> dict | None:
    # A manifest of a large environment is megabytes of JSON; the check needs only its
    # id, what it supersedes and each task's tree. The summary is derived data named by
    # the blob id, so a stale one cannot exist; an unreadable one is simply rebuilt.
    cache = repo.git_dir / SUMMARY_DIR / f"{oid}.json"
    try:
        summary = json.loads(cache.read_bytes())
        if (isinstance(summary, dict) and summary.get("blob") == oid and isinstance(summary.get("id"), str)
                and isinstance(summary.get("tasks"), dict) and "config_sha256" in summary):
            return summary
    except (OSError, ValueError):
        pass
    try:
        data = json.loads(repo.read_blob(oid))
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None
    tasks = data.get("tasks") if isinstance(data.get("tasks"), dict) else {}
    env = data.get("environment") if isinstance(data.get("environment"), dict) else {}
    summary = {"blob": oid, "id": data["id"], "supersedes": data.get("supersedes"),
               "config_sha256": env.get("config_sha256"),
               "tasks": {t: v.get("tree") if isinstance(v, dict) else None for t, v in tasks.items()}}
    if HEX.match(oid):
        try:
            from oafreeze.plumbing.atomic import replace_atomically

            replace_atomically(cache, json.dumps(summary, separators=(",", ":")).encode())
        except OSError:
            pass  # a read-only git directory only costs the next commit the parse
    return summary


HINT = "stage the change, run `oafreeze freeze --staged`, stage the new manifest, and commit again"
VERBS = {"A": "added", "D": "deleted", "M": "modified", "T": "type changed"}


def _files(changed: list[tuple[str, str]]) -> str:
    shown_ = [f"{shown(rel)} ({VERBS.get(s, s)})" for s, rel in sorted(changed, key=lambda c: c[1])]
    return ", ".join(shown_[:10]) + (f" and {len(shown_) - 10} more" if len(shown_) > 10 else "")


def _check_superseded(repo: Repo, current: dict, touched: dict[str, list[tuple[str, str]]],
                      staged: dict[str, dict]) -> list[Problem]:
    successors = [m for m in staged.values() if m.get("supersedes") == current["id"]]
    if not successors:
        return [Problem(f"tasks/{t}", f"changes a task frozen in {current['id']} without a superseding freeze "
                        f"({_files(changed)}); " + HINT, rule="frozen-task") for t, changed in sorted(touched.items())]
    root = repo.index_tree()
    problems = []
    for t, changed in sorted(touched.items()):
        tree = repo.tree_of(root, f"tasks/{t}")
        ok = any((m.get("tasks", {}).get(t) or {}).get("tree") == tree for m in successors) \
            if tree is not None else any(t not in m.get("tasks", {}) for m in successors)
        if not ok:
            problems.append(Problem(f"tasks/{t}", "the staged freeze does not pin the staged version of this task "
                                    f"(tree ids differ; {_files(changed)}); " + HINT, rule="frozen-task"))
    return problems


def _check_config(repo: Repo, current: dict, status: str, staged: dict[str, dict]) -> list[Problem]:
    """oafreeze.yaml pins the models, judges, harness and knowledge base a freeze recorded: it
    changes only together with a staged freeze that records exactly the staged file."""
    if status == "D":
        return [Problem(CONFIG_FILE, f"deletes the configuration that freeze {current['id']} pins (models, judges, "
                        "knowledge base); an environment keeps its oafreeze.yaml", rule="frozen-settings")]
    data = repo.blob_at("", CONFIG_FILE) or b""
    digest = sha256_bytes(data)
    if digest == current.get("config_sha256"):
        return []
    if any((m.get("environment") or {}).get("config_sha256") == digest for m in staged.values()
           if m.get("supersedes") == current["id"]):
        return []
    return [Problem(CONFIG_FILE, f"changes settings frozen in {current['id']} ({_settings_changed(repo, current, data)}) "
                    "without a superseding freeze; " + HINT, rule="frozen-settings")]


def _settings_changed(repo: Repo, current: dict, data: bytes) -> str:
    # The rare path (oafreeze.yaml staged): load the whole manifest to name what changed.
    from oafreeze.environment.config import parse_environment
    from oafreeze.freezer.diff import settings_drift
    from oafreeze.freezer.manifest import parse_manifest
    from oafreeze.plumbing.errors import OafreezeError

    try:
        manifest = parse_manifest(repo.read_blob(current["blob"]), f"manifests/{current['id']}.json")
        env = parse_environment(data, CONFIG_FILE)
    except OafreezeError as exc:
        return exc.problems[0].message if exc.problems else exc.message
    fields = [d.field or d.change for d in settings_drift(manifest, env)]
    return "fields: " + ", ".join(fields) if fields else "the file's bytes"


