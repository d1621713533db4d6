"""Score the hygiene audit against the adversarial corpus.

    python -m tests.adversarial.score [--json] [--heldout] [--only ID ...] [--jobs N] [--keep DIR]

Builds the sample environment once (`oafreeze demo`), audits every target task unplanted, then for
each case: copies the environment, applies the case, commits, and audits only the target task with
records off. A plant is found when a finding of its item appears that the unplanted baseline of
that task lacks; a near-miss raises a false alarm on any new major or blocker finding (any item),
or when the audit refuses the task instead of reporting.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .cases import ITEMS, Case, all_cases
from .heldout import heldout_cases

BLOCKING = ("major", "blocker")
FIELDS = ("item", "severity", "task", "path", "location", "evidence", "message", "fix")
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Adversarial Corpus", "GIT_AUTHOR_EMAIL": "corpus@example.org",
    "GIT_COMMITTER_NAME": "Adversarial Corpus", "GIT_COMMITTER_EMAIL": "corpus@example.org",
    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
}


# --- the environment and the audit ----------------------------------------------------------


def _env() -> dict:
    return {**os.environ, **GIT_ENV}


def _git(env_root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=env_root, env=_env(), capture_output=True, text=True)


def build_baseline(root: Path) -> Path:
    """Lay out the sample environment at root/baseline with `oafreeze demo` (committed, audited, frozen)."""
    out = root / "baseline"
    proc = subprocess.run([sys.executable, "-m", "oafreeze", "demo", "--out", str(out), "--json"],
                          env=_env(), capture_output=True, text=True)
    if proc.returncode != 0 or not (out / "oafreeze.yaml").is_file():
        raise RuntimeError(f"oafreeze demo failed ({proc.returncode}): {proc.stderr.strip() or proc.stdout[-400:]}")
    return out



def folder_digest(root: Path) -> str:
    """Content of a folder (paths, bytes, symlink targets), ignoring .git."""
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != ".git")
        for name in sorted(filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]):
            path = os.path.join(dirpath, name)
            h.update(os.path.relpath(path, root).encode("utf-8", "surrogateescape") + b"\0")
            h.update(os.readlink(path).encode() if os.path.islink(path) else open(path, "rb").read())
    return h.hexdigest()


def apply_to_copies(cases: list[Case], baseline: Path, workdir: Path) -> tuple[list[str], list[str]]:
    """Each case applied to a small copy (its task, the families, the config): the cases that
    raised, and those that changed nothing."""
    unchanged, failed = [], []
    for case in cases:
        env = workdir / case.id
        for rel in (f"tasks/{case.task}", "families"):
            shutil.copytree(baseline / rel, env / rel, symlinks=True)
        shutil.copy2(baseline / "oafreeze.yaml", env / "oafreeze.yaml")
        before = folder_digest(env)
        try:
            case.apply(env, case.task)
        except Exception as exc:  # reported together by the caller
            failed.append(f"{case.id}: {type(exc).__name__}: {exc}")
        else:
            if folder_digest(env) == before:
                unchanged.append(case.id)
        shutil.rmtree(env)
    return failed, unchanged

def audit_findings(env_root: Path, task: str) -> dict:
    """Audit one task, records off: {"findings": [dict, ...], "error": str | None}.

    The one place the corpus touches the audit: in-process when the import works, else the CLI.
    """
    try:
        from oafreeze.hygiene.audit import run_audit
    except ImportError:
        return _audit_cli(env_root, task)
    try:
        audits = run_audit(Path(env_root), [task], record=False)
    except Exception as exc:  # the audit refused to report; the scorer records why
        return {"findings": [], "error": _unrooted(f"{type(exc).__name__}: {exc}", env_root)}
    return {"findings": [_plain(f, env_root) for a in audits for f in a.findings], "error": None}


def _plain(finding, env_root: Path) -> dict:
    out = {}
    for name in FIELDS:
        value = getattr(finding, name, None)
        value = getattr(value, "value", value)
        out[name] = _unrooted(value, env_root) if isinstance(value, str) else value
    return out


def _unrooted(text: str, env_root: Path) -> str:
    """The text with the environment's absolute path replaced by '<env>', so that the same finding in the
    baseline and in a planted copy reads the same."""
    for root in {str(Path(env_root)), str(Path(env_root).resolve())}:
        text = text.replace(root, "<env>")
    return text


def _audit_cli(env_root: Path, task: str) -> dict:
    proc = subprocess.run([sys.executable, "-m", "oafreeze", "audit", task, "--env", str(env_root), "--json",
                           "--no-record"], env=_env(), capture_output=True, text=True)
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"findings": [], "error": f"exit {proc.returncode}: {(proc.stderr or proc.stdout).strip()[:400]}"}
    if "error" in data:
        problems = "; ".join(f"{p.get('path')}: {p.get('field') or ''} {p.get('message')}"
                             for p in data.get("problems", []))
        return {"findings": [], "error": _unrooted(f"{data['error']}: {data.get('message')} {problems}".strip(),
                                                   env_root)}
    findings = []
    for entry in data.get("tasks", []):
        for f in entry.get("findings", []):
            plain = {name: f.get(name, entry.get("task") if name == "task" else None) for name in FIELDS}
            findings.append({k: _unrooted(v, env_root) if isinstance(v, str) else v for k, v in plain.items()})
    return {"findings": findings, "error": None}


# --- comparing with the baseline --------------------------------------------------------------


def finding_key(f: dict) -> tuple:
    """What makes a finding the same finding across two trees: item, severity, path and message, with
    numbers (line numbers, counts, indices) folded so that an edit elsewhere does not make it new."""
    message = re.sub(r"\s+", " ", re.sub(r"\d+", "#", str(f.get("message") or ""))).strip()
    return (f.get("item"), str(f.get("severity")), f.get("path"), message)


def new_findings(baseline: list[dict], planted: list[dict], keep) -> list[dict]:
    """Findings of `planted` that pass `keep` and that the baseline lacks (as a multiset of keys)."""
    left = Counter(finding_key(f) for f in baseline if keep(f))
    out = []
    for f in planted:
        if not keep(f):
            continue
        key = finding_key(f)
        if left[key] > 0:
            left[key] -= 1
        else:
            out.append(f)
    return out


def judge(case: Case, baseline: dict, planted: dict) -> dict:
    """The verdict on one case from the baseline and planted audits of its task."""
    if case.kind == "plant":
        new = [] if planted["error"] else new_findings(
            baseline["findings"], planted["findings"], lambda f: f.get("item") == case.item)
        return {"found": bool(new), "blocking": any(f.get("severity") in BLOCKING for f in new),
                "findings": new, "error": planted["error"]}
    new = new_findings(baseline["findings"], planted["findings"], lambda f: f.get("severity") in BLOCKING)
    return {"false_alarm": bool(new) or bool(planted["error"]), "findings": new, "error": planted["error"]}


# --- running cases --------------------------------------------------------------------------


_CASES: dict[str, Case] = {}


def _case(case_id: str) -> Case:
    if not _CASES:
        _CASES.update({c.id: c for c in all_cases() + heldout_cases()})
    return _CASES[case_id]


def run_case(case_id: str, base_env: str, workdir: str, baseline: dict, keep: bool = False) -> dict:
    """Copy the environment, apply one case, commit, audit its task and judge the result."""
    case = _case(case_id)
    env = Path(workdir) / case.id
    out = {"id": case.id, "item": case.item, "kind": case.kind, "task": case.task,
           "description": case.description, "why": case.why, "doubtful": case.doubtful}
    started = time.perf_counter()
    if env.exists():
        shutil.rmtree(env)
    shutil.copytree(base_env, env, symlinks=True)
    try:
        try:
            case.apply(env, case.task)
        except Exception as exc:
            return {**out, "status": "broken", "error": f"applying the case failed: {type(exc).__name__}: {exc}"}
        _git(env, "add", "-A")
        if _git(env, "diff", "--cached", "--quiet").returncode == 0:
            return {**out, "status": "broken", "error": "the case changed nothing in the tree"}
        commit = _git(env, "commit", "-q", "--no-verify", "-m", f"Adversarial case {case.id}")
        if commit.returncode != 0:
            return {**out, "status": "broken", "error": f"git commit failed: {commit.stderr.strip()}"}
        planted = audit_findings(env, case.task)
        return {**out, "status": "ok", **judge(case, baseline, planted),
                "seconds": round(time.perf_counter() - started, 3)}
    finally:
        if not keep:
            _remove(env)


def _remove(path: Path) -> None:
    # `rm -rf` is several times faster than shutil.rmtree on a loaded machine; rmtree is the fallback.
    if subprocess.run(["rm", "-rf", str(path)], capture_output=True).returncode != 0 or path.exists():
        shutil.rmtree(path, ignore_errors=True)


def score(cases: list[Case] | None = None, *, jobs: int | None = None, workdir: Path | None = None,
          keep: bool = False) -> dict:
    """Run every case and return the report (see `summarize`)."""
    cases = all_cases() if cases is None else cases
    started = time.perf_counter()
    own = workdir is None
    root = Path(tempfile.mkdtemp(prefix="oafreeze-adversarial-")) if own else Path(workdir)
    root.mkdir(parents=True, exist_ok=True)
    try:
        base = build_baseline(root)
        baselines = {task: audit_findings(base, task) for task in sorted({c.task for c in cases})}
        broken = {t: b["error"] for t, b in baselines.items() if b["error"]}
        if broken:
            raise RuntimeError(f"the unplanted baseline does not audit: {broken}")
        cases_dir = root / "cases"
        cases_dir.mkdir(exist_ok=True)
        args = [(c.id, str(base), str(cases_dir), baselines[c.task], keep) for c in cases]
        jobs = jobs or os.cpu_count() or 1
        if jobs > 1 and len(args) > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                results = list(pool.map(run_case, *zip(*args), chunksize=4))
        else:
            results = [run_case(*a) for a in args]
    finally:
        if own and not keep:
            _remove(root)
    report = summarize(results)
    report["summary"]["seconds"] = round(time.perf_counter() - started, 1)
    report["summary"]["workdir"] = str(root) if keep else None
    return report


def summarize(results: list[dict]) -> dict:
    """Per-item and overall recall, false alarms, misses and broken cases."""
    plants = [r for r in results if r["kind"] == "plant"]
    near = [r for r in results if r["kind"] == "near-miss"]
    items = {}
    for item in ITEMS:
        mine = [r for r in plants if r["item"] == item]
        found = sum(1 for r in mine if r.get("found"))
        items[item] = {"plants": len(mine), "found": found,
                       "blocking": sum(1 for r in mine if r.get("blocking")),
                       "recall": round(found / len(mine), 3) if mine else None}
    found = sum(1 for r in plants if r.get("found"))
    return {
        "summary": {
            "plants": len(plants), "found": found,
            "recall": round(found / len(plants), 3) if plants else None,
            "found_blocking": sum(1 for r in plants if r.get("blocking")),
            "near_misses": len(near), "false_alarms": sum(1 for r in near if r.get("false_alarm")),
            "broken": sum(1 for r in results if r["status"] == "broken"),
        },
        "items": items,
        "missed": [r for r in plants if r["status"] == "ok" and not r.get("found")],
        "false_alarms": [r for r in near if r["status"] == "ok" and r.get("false_alarm")],
        "broken": [r for r in results if r["status"] == "broken"],
        "cases": results,
    }


# --- printing -------------------------------------------------------------------------------


def _finding_line(f: dict) -> str:
    where = f"{f.get('path')}" + (f" {f.get('location')}" if f.get("location") else "")
    return f"{f.get('item')} {f.get('severity')} {where}: {f.get('message')}"


def render(report: dict) -> str:
    """The report for a person."""
    s = report["summary"]
    lines = ["item   plants  found  recall  found at major/blocker"]
    for item, row in report["items"].items():
        recall = "   -  " if row["recall"] is None else f"{row['recall']:6.2f}"
        lines.append(f"{item:<6} {row['plants']:>6} {row['found']:>6}  {recall}  {row['blocking']:>6}")
    recall = "-" if s["recall"] is None else f"{s['recall']:.3f}"
    lines.append(f"overall {s['plants']} plants, {s['found']} found, recall {recall} "
                 f"({s['found_blocking']} found at major/blocker)")
    lines.append(f"near-misses {s['near_misses']}, false alarms {s['false_alarms']}")
    for r in report["false_alarms"]:
        lines.append(f"  FALSE ALARM {r['id']} ({r['task']}): {r['description']}"
                     + (" [doubtful]" if r["doubtful"] else ""))
        if r.get("error"):
            lines.append(f"      audit error: {r['error']}")
        lines += [f"      {_finding_line(f)}" for f in r["findings"]]
    lines.append(f"missed plants {len(report['missed'])}")
    for r in report["missed"]:
        lines.append(f"  MISSED {r['item']} {r['id']} ({r['task']}): {r['description']}"
                     + (" [doubtful]" if r["doubtful"] else ""))
        if r.get("error"):
            lines.append(f"      audit error: {r['error'].splitlines()[0]}")
    for r in report["broken"]:
        lines.append(f"  BROKEN {r['id']} ({r['task']}): {r['error']}")
    if s.get("seconds") is not None:
        lines.append(f"time {s['seconds']} s")
    if s.get("workdir"):
        lines.append(f"planted environments kept in {s['workdir']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line: print the report; exit 1 if a case could not be applied, else 0."""
    parser = argparse.ArgumentParser(prog="python -m tests.adversarial.score", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the full report as JSON")
    parser.add_argument("--heldout", action="store_true",
                        help="score the held-out set (heldout.py, never used to tune the audit) instead of the corpus")
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these case ids")
    parser.add_argument("--jobs", type=int, default=None, help="parallel workers (default: CPU count)")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR and keep every planted environment")
    args = parser.parse_args(argv)
    cases = heldout_cases() if args.heldout else all_cases()
    if args.only:
        unknown = sorted(set(args.only) - {c.id for c in cases})
        if unknown:
            parser.error(f"unknown case id(s): {', '.join(unknown)}")
        cases = [c for c in cases if c.id in set(args.only)]
    report = score(cases, jobs=args.jobs, workdir=Path(args.keep) if args.keep else None, keep=bool(args.keep))
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else render(report))
    return 1 if report["summary"]["broken"] else 0


if __name__ == "__main__":
    sys.exit(main())
