"""The screen applied to a task: its sources, its policy, and the operative deliverables of one run.

This is the one module of the screen that reads the disk. Given a task folder and the output
files a run produced (already matched to deliverables by `environment.matching.resolve`), it

1. reads the task's `oafreeze.screen` block (`settings_of`; docs/SCREEN.md lists its keys);
2. builds the sources the agent had (`task_sources`): every file under the knowledge-base
   mount, kind by `kind_for_path`; and the workspace documents that are advisory material
   or law (`document_kind`: memos, client alerts, law files and instructions to counsel are
   advisory; statute excerpts are law). Deal documents (term sheets, hire details, requests
   and e-mails carrying the deal's facts) are not sources: their dollar figures become the
   policy's deal terms instead, unless a source states the same figure;
3. screens each operative deliverable's file (`screen_outputs`) and returns plain data, the
   form stored in the run log beside `deliverables_resolved`.

A task without `oafreeze.operative` has nothing to screen; that is said, not guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from oafreeze.corpus import formats
from oafreeze.corpus.materialize import DEFAULT_MOUNT
from oafreeze.environment.config import CONFIG_FILE, load_environment
from oafreeze.environment.task import WORKSPACE, LoadedTask
from oafreeze.plumbing.errors import BadInput, ProblemList
from oafreeze.plumbing.paths import path_problem
from oafreeze.plumbing.tree import walk
from oafreeze.screen.engine import VERSION, SourceIndex
from oafreeze.screen.model import ADVISORY, KNOWLEDGE_BASE, LAW, SOURCE_KINDS, TEMPLATE, Policy, Source, kind_for_path
from oafreeze.screen.notices import NOTICES
from oafreeze.screen.rules import DOLLARS, amount_key

DEAL = "deal"  # a workspace document that is not a source: its words are meant to reach the agreement
SETTINGS_KEYS = ("allowed", "required_notices", "deal_terms", "sources", "criteria")
# Licence files of the library are boilerplate about the library itself, not analysis.
_SKIP_NAMES = {"LICENSE", "LICENSE.md", "LICENSE.txt", "NOTICE", "COPYING"}
_NOTICE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")
# Dollar figures: AMOUNT's branch with a "$" (the scan starts at each "$",
# not at every word, across a thousand knowledge-base files).
_DOLLARS = re.compile(DOLLARS, re.I)
_WORDS = re.compile(r"[a-z0-9]+")
# Words of a workspace file name that make it a source, and of which kind.
_LAW_WORDS = {"statute", "statutes", "excerpt", "excerpts", "regulation", "regulations", "ordinance", "code"}
_ADVISORY_WORDS = {"memo", "memorandum", "alert", "advice", "opinion", "analysis", "research", "notes", "guidance",
                   "briefing"}
# A law file is the firm's own note on the law; standing instructions are the client's
# instructions to counsel. A partner's instructions about one deal carry its facts, so a
# bare "instructions" is a deal document.
_ADVISORY_PAIRS = {("law", "file"), ("standing", "instructions")}
STATUSES = ("clean", "flagged", "not-screened")


@dataclass(frozen=True)
class Settings:
    """A task's `oafreeze.screen` block: what it allows, which notices it requires, which
    figures are the deal's, which workspace documents are which kind, and which criteria the
    screen speaks to (None: decided by `placement_criteria`)."""

    allowed: tuple[str, ...] = ()
    required_notices: tuple[str, ...] = ()
    deal_terms: tuple[str, ...] = ()
    sources: tuple[tuple[str, str], ...] = ()
    criteria: tuple[str, ...] | None = None


def _strings(value, where: str, source: str, problems: ProblemList) -> tuple[str, ...]:
    if not isinstance(value, list):
        problems.add(source, "must be a list of strings", field=where, rule="screen-settings")
        return ()
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            problems.add(source, "must be a non-empty string", field=f"{where}[{i}]", rule="screen-settings")
        else:
            out.append(item)
    return tuple(out)


def settings_of(loaded: LoadedTask, source: str | None = None) -> Settings:
    """The task's screen settings, every problem named at once with its field (exit 2)."""
    source = source or f"tasks/{loaded.id}/task.json"
    ext = loaded.raw.get("oafreeze") if isinstance(loaded.raw, dict) else None
    block = ext.get("screen") if isinstance(ext, dict) else None
    if block is None:
        return Settings()
    problems = ProblemList()
    base = "oafreeze.screen"
    if not isinstance(block, dict):
        raise BadInput.at(source, "must be an object with keys " + ", ".join(SETTINGS_KEYS), field=base,
                          rule="screen-settings")
    for key in sorted(set(block) - set(SETTINGS_KEYS)):
        problems.add(source, f"unknown key; the keys are {', '.join(SETTINGS_KEYS)}", field=f"{base}.{key}",
                     rule="screen-settings")
    allowed = _strings(block.get("allowed", []), f"{base}.allowed", source, problems)
    notices = _strings(block.get("required_notices", []), f"{base}.required_notices", source, problems)
    for i, notice in enumerate(notices):
        if _NOTICE_ID.match(notice) and notice not in NOTICES:
            problems.add(source, f"unknown notice id {notice!r}; known ids are {', '.join(NOTICES)} "
                         "(or give the notice's own text)", field=f"{base}.required_notices[{i}]",
                         rule="screen-settings")
    deal = _strings(block.get("deal_terms", []), f"{base}.deal_terms", source, problems)
    kinds: list[tuple[str, str]] = []
    declared = block.get("sources", {})
    if not isinstance(declared, dict):
        problems.add(source, "must map a workspace path (documents/...) to a kind", field=f"{base}.sources",
                     rule="screen-settings")
        declared = {}
    for path, kind in declared.items():
        why = path_problem(path)
        if why or not path.startswith(WORKSPACE + "/"):
            problems.add(source, why or f"must be a path under {WORKSPACE}/", field=f"{base}.sources.{path}",
                         rule="screen-settings")
        elif kind not in SOURCE_KINDS + (DEAL,):
            problems.add(source, f"kind {kind!r} is not one of {', '.join(SOURCE_KINDS + (DEAL,))}",
                         field=f"{base}.sources.{path}", rule="screen-settings")
        else:
            kinds.append((path, kind))
    criteria = None
    if "criteria" in block:
        criteria = _strings(block["criteria"], f"{base}.criteria", source, problems)
        known = {c.id for c in loaded.task.criteria}
        for i, cid in enumerate(criteria):
            if cid not in known:
                problems.add(source, f"{cid!r} is not a criterion of this task", field=f"{base}.criteria[{i}]",
                             rule="screen-settings")
    problems.raise_if_any(f"{source}: invalid oafreeze.screen settings")
    return Settings(allowed, notices, deal, tuple(sorted(kinds)), criteria)


def placement_criteria(loaded: LoadedTask, settings: Settings | None = None) -> list[str]:
    """The criteria the screen speaks to: those `oafreeze.screen.criteria` names; else every
    criterion whose id or title says "placement"; else the criteria of a trap of kind placement."""
    settings = settings if settings is not None else settings_of(loaded)
    if settings.criteria is not None:
        return list(settings.criteria)
    named = [c.id for c in loaded.task.criteria if "placement" in f"{c.id} {c.title}".lower()]
    if named:
        return named
    trap = loaded.task.ext.trap
    return list(trap.criteria) if trap and trap.kind.lower() == "placement" else []


def document_kind(path: str) -> str:
    """The kind of a workspace document outside the knowledge base, from its file name.

    Statute and code excerpts are `law`; memos, client alerts, law files, advice and the
    client's standing instructions to counsel are `advisory`; anything else is a deal document
    (DEAL), which is not a source. A task overrides this per file in `oafreeze.screen.sources`.
    """
    words = _WORDS.findall(path.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower())
    if set(words) & _LAW_WORDS:
        return LAW
    if set(words) & _ADVISORY_WORDS or any(pair in zip(words, words[1:]) for pair in _ADVISORY_PAIRS):
        return ADVISORY
    return DEAL


@dataclass
class TaskSources:
    """What the screen sees of one task: the built index, the policy, and how each workspace
    document was treated (kept in the run log so a reader can check the decision)."""

    index: SourceIndex
    policy: Policy
    workspace: list[dict] = field(default_factory=list)  # {"path", "kind"} for documents outside the KB
    counts: dict[str, int] = field(default_factory=dict)  # sources per kind
    unreadable: list[dict] = field(default_factory=list)


def _text(path: Path, name: str) -> tuple[str | None, str | None]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, f"cannot read: {exc.strerror or exc}"
    got = formats.extract(name, data)
    if got.status != formats.TEXT or got.text is None:
        return None, got.problem or f"no text ({got.status})"
    return got.text, None


def task_sources(task_dir: Path, loaded: LoadedTask, mount: str = DEFAULT_MOUNT,
                 settings: Settings | None = None) -> TaskSources:
    """The sources and policy of a task whose folder is `task_dir` (holding task.json and documents/)."""
    settings = settings if settings is not None else settings_of(loaded)
    declared = dict(settings.sources)
    listing = walk(task_dir / WORKSPACE)
    sources: list[Source] = []
    workspace: list[dict] = []
    unreadable = [{"deliverable": None, "path": f"{WORKSPACE}/{p}" if p else WORKSPACE, "problem": why}
                  for p, why in sorted(listing.unreadable.items())]
    deal_texts: list[str] = []
    mount_prefix = mount.rstrip("/") + "/"
    for rel in sorted(listing.files, key=lambda p: p.encode("utf-8", "surrogateescape")):
        path = f"{WORKSPACE}/{rel}"
        if rel.rsplit("/", 1)[-1] in _SKIP_NAMES:
            continue
        if path in declared:
            kind = declared[path]
        elif path.startswith(mount_prefix):
            kind = kind_for_path(path[len(mount_prefix):], outside=KNOWLEDGE_BASE)
        else:
            kind = document_kind(path)
        if not path.startswith(mount_prefix) or path in declared:
            workspace.append({"path": path, "kind": kind})
        text, problem = _text(task_dir / WORKSPACE / rel, rel)
        if text is None:
            unreadable.append({"deliverable": None, "path": path, "problem": problem})
            continue
        if kind == DEAL:
            deal_texts.append(text)
        else:
            sources.append(Source(path, text, kind))
    # A figure in a deal document is a term of the deal, unless a source states it too
    # (a threshold the partner repeats in an e-mail is still the statute's threshold).
    stated = {amount_key(m.group(0)) for s in sources for m in _DOLLARS.finditer(s.text)}
    found = {m.group(0).strip() for t in deal_texts for m in _DOLLARS.finditer(t)}
    deal = sorted(a for a in found if amount_key(a) not in stated)
    counts = {k: sum(1 for s in sources if s.kind == k) for k in (KNOWLEDGE_BASE, TEMPLATE, ADVISORY, LAW)}
    policy = Policy(allowed_passages=settings.allowed, required_notices=settings.required_notices,
                    deal_terms=tuple(deal) + settings.deal_terms)
    return TaskSources(SourceIndex(sources), policy, workspace, counts, unreadable)


def not_screened(reason: str) -> dict:
    """The record of a run whose outputs were not screened, and why."""
    return {"version": VERSION, "status": "not-screened", "reason": reason, "screened": [], "missing": [],
            "unreadable": [], "flags": [], "workspace": [], "sources": {}}


def screen_outputs(task_dir: Path, loaded: LoadedTask, outputs_dir: Path, resolved: dict[str, str | None],
                   mount: str = DEFAULT_MOUNT) -> dict:
    """Screen the operative deliverables of one run; plain data as stored in the run log.

    `resolved` maps each deliverable to the output file (relative to `outputs_dir`) that
    answers it, as `matching.resolve` decided. Raises BadInput for invalid screen settings.
    """
    operative = list(loaded.task.ext.operative)
    if not operative:
        return not_screened(f"task {loaded.id} marks no deliverable operative (oafreeze.operative): "
                            "nothing to screen")
    settings = settings_of(loaded)
    sources = task_sources(task_dir, loaded, mount, settings)
    out = {"version": VERSION, "status": "clean", "reason": None, "screened": [], "missing": [],
           "unreadable": list(sources.unreadable), "flags": [], "workspace": sources.workspace,
           "sources": sources.counts}
    for deliverable in sorted(operative, key=lambda d: d.encode("utf-8", "surrogateescape")):
        file = resolved.get(deliverable)
        if file is None:
            out["missing"].append(deliverable)
            continue
        text, problem = _text(outputs_dir / file, file)
        if text is None:
            out["unreadable"].append({"deliverable": deliverable, "path": file, "problem": problem})
            continue
        try:
            flags = sources.index.screen(text, sources.policy)
        except ValueError as exc:  # a required notice the settings check let through
            raise BadInput.at(f"tasks/{loaded.id}/task.json", str(exc), field="oafreeze.screen.required_notices",
                              rule="screen-settings") from None
        out["screened"].append({"deliverable": deliverable, "file": file, "flags": len(flags)})
        for f in flags:
            out["flags"].append({"deliverable": deliverable, "file": file, "kind": f.kind, "rule": f.rule,
                                 "line": f.line, "end_line": f.end_line, "evidence": f.evidence,
                                 "source": f.source, "source_evidence": f.source_evidence})
    if out["flags"]:
        out["status"] = "flagged"
    elif not out["screened"]:
        out["status"] = "not-screened"
        out["reason"] = "no operative deliverable has a readable output file"
    return out


def mount_of(env_root: Path) -> str:
    """Where the environment mounts its knowledge base in each workspace (the default without one)."""
    if not (env_root / CONFIG_FILE).is_file():
        return DEFAULT_MOUNT
    kb = load_environment(env_root).knowledge_base
    return kb.mount if kb else DEFAULT_MOUNT


def screen_run(env_root: Path, loaded: LoadedTask, outputs_dir: Path, resolved: dict[str, str | None]) -> dict:
    """`screen_outputs` for a task of an environment (its folder and mount found from `env_root`)."""
    return screen_outputs(env_root / "tasks" / loaded.id, loaded, Path(outputs_dir), resolved, mount_of(env_root))
