"""Document records: classify a library's files into documents and describe each one.

Pure functions over paths and bytes: the snapshot reads git and hands us what we need.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from frontmatter.default_handlers import YAMLHandler
from pydantic import BaseModel, ConfigDict, Field

from oafreeze.corpus import jurisdictions
from oafreeze.corpus.profile import KINDS, KindRule, Profile, matches_any
from oafreeze.plumbing.errors import BadInput, Problem
from oafreeze.plumbing import safeyaml

LICENCE_IN_PATH = re.compile(r"(cc0-1\.0|cc-by(?:-[a-z]{2})*-\d\.\d|mit|apache-2\.0)$", re.I)


class Document(BaseModel):
    """One knowledge-base document: its kind, its files, its metadata."""

    model_config = ConfigDict(extra="forbid")

    id: str
    kind: str
    files: list[str]
    title: str | None = None
    type: str | None = None
    description: str | None = None
    timestamp: str | None = None
    tags: list[str] = Field(default_factory=list)
    resource: str | None = None
    jurisdictions: list[str] = Field(default_factory=list)
    licence: str | None = None


@dataclass
class Classification:
    """Which files make which documents, which are not documents, which nobody claims."""

    documents: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    ignored: list[str] = field(default_factory=list)
    unclaimed: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)


def _strip_ext(path: str) -> str:
    head, _, tail = path.rpartition("/")
    stem = tail.rsplit(".", 1)[0] if "." in tail else tail
    return f"{head}/{stem}" if head else stem


def classify(profile: Profile, paths: list[str]) -> Classification:
    """Group library-relative paths into documents by the profile's rules."""
    out = Classification()
    roots = {kind: rule for kind, rule in profile.kinds.items()}
    for path in sorted(paths, key=lambda p: p.encode("utf-8", "surrogateescape")):
        kind_rule = next(((k, r) for k, r in roots.items() if path.startswith(r.root + "/")), None)
        if kind_rule is None:
            out.outside.append(path)
            continue
        kind, rule = kind_rule
        rel = path[len(rule.root) + 1:]
        # A directory document owns everything inside it (its own LICENSE included);
        # elsewhere the ignore list (navigation, licence texts) is checked first.
        doc_id = _document_id(rule, path, rel) if rule.unit == "directory" else None
        if doc_id is None and matches_any(path, profile.ignore):
            out.ignored.append(path)
            continue
        doc_id = doc_id or _document_id(rule, path, rel)
        if doc_id is None:
            out.unclaimed.append(path)
            continue
        entry = out.documents.setdefault(doc_id, (kind, []))
        entry[1].append(path)
    return out


def _document_id(rule: KindRule, path: str, rel: str) -> str | None:
    if rule.unit == "directory":
        parts = rel.split("/")
        if len(parts) <= rule.depth:
            return None
        return rule.root + "/" + "/".join(parts[:rule.depth])
    if not matches_any(rel, rule.include) or matches_any(rel, rule.exclude):
        return None
    if rule.unit == "twins":
        return _strip_ext(path)
    return path


def _front_matter(data: bytes, source: str, problems: list[Problem]) -> dict | None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(Problem(source, f"not UTF-8 (byte {exc.start})", rule="utf-8"))
        return None
    handler = YAMLHandler()
    if not handler.detect(text):
        problems.append(Problem(source, "no YAML front matter (the file must start with '---')",
                                line=1, rule="front-matter-present"))
        return None
    try:
        fm, _body = handler.split(text)
    except ValueError:
        problems.append(Problem(source, "front matter is not closed by '---'", line=1,
                                rule="front-matter-present"))
        return None
    try:
        meta = safeyaml.load(fm, source)  # fm starts with the newline after "---"
    except BadInput as exc:
        # An error found at the end of the block points at its closing '---'.
        last = fm.count("\n") + 1
        problems.extend(p if p.line is None or p.line <= last else
                        Problem(p.path, p.message, rule=p.rule, line=last) for p in exc.problems)
        return None
    if not isinstance(meta, dict):
        problems.append(Problem(source, "front matter is not a YAML mapping", line=2,
                                rule="front-matter-mapping"))
        return None
    return meta


def front_matter_problem(text: str, source: str) -> Problem | None:
    """Why a Markdown text's YAML front matter does not read (None when it reads, or there is none:
    a '---' that nothing closes, or one around a line of prose, is a thematic break, not front matter)."""
    if not YAMLHandler().detect(text):
        return None
    problems: list[Problem] = []
    _front_matter(text.encode("utf-8", "surrogatepass"), source, problems)
    return next((p for p in problems if p.rule not in ("front-matter-present", "front-matter-mapping")), None)


def _yaml_mapping(data: bytes, source: str, problems: list[Problem]) -> dict | None:
    try:
        meta = safeyaml.load(data, source)
    except BadInput as exc:
        problems.extend(exc.problems)
        return None
    if not isinstance(meta, dict):
        problems.append(Problem(source, "metadata is not a YAML mapping", line=1, rule="metadata-mapping"))
        return None
    return meta


def _text(meta: dict, key: str) -> str | None:
    value = meta.get(key)
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)


def describe(profile: Profile, kind: str, doc_id: str, files: list[str],
             read: Callable[[str], bytes]) -> tuple[Document, list[Problem]]:
    """Build a document's record from its metadata file; problems are returned, not raised."""
    rule = profile.kinds[kind]  # type: ignore[index]
    problems: list[Problem] = []
    meta: dict | None = None
    source = doc_id
    if rule.unit == "directory":
        if rule.metadata:
            source = f"{doc_id}/{rule.metadata}"
            if source in files:
                meta = _yaml_mapping(read(source), source, problems)
            else:
                problems.append(Problem(source, f"template has no {rule.metadata}", rule="metadata-present"))
    else:
        md = [f for f in files if f.endswith(".md")]
        primary = [f for f in files if rule.primary and f.endswith(rule.primary)] or md or files
        source = primary[0]
        if source.endswith(".md"):
            meta = _front_matter(read(source), source, problems)
        elif source.endswith(".json"):
            from oafreeze.plumbing.canonical import loads_strict
            try:
                raw = loads_strict(read(source), source)
                meta = raw if isinstance(raw, dict) else None
            except BadInput as exc:
                problems.extend(exc.problems)
    meta = meta or {}
    title = _text(meta, "title") or _text(meta, "name")
    tags_raw = meta.get("tags") or []
    tags = [str(t) for t in tags_raw] if isinstance(tags_raw, list) else [str(tags_raw)]
    found = set(jurisdictions.from_path(doc_id))
    for tag in tags:
        found |= jurisdictions.from_text(tag)
    declared = meta.get("jurisdictions") or []
    if isinstance(declared, list):
        for value in declared:
            code = jurisdictions.from_code(str(value))
            if code:
                found.add(code)
    licence = _text(meta, "license") or _text(meta, "licence")
    if not licence and rule.licence_from_path:
        for segment in doc_id.split("/"):
            m = LICENCE_IN_PATH.search(segment)
            if m:
                licence = m.group(1).upper()
    licence = licence or rule.licence
    for key in rule.required:
        if key not in meta or meta.get(key) in (None, "", []):
            if meta or not problems:
                problems.append(Problem(source, "required field missing", field=key, rule="required-field"))
    doc = Document(
        id=doc_id, kind=kind, files=sorted(files, key=lambda p: p.encode("utf-8", "surrogateescape")), title=title,
        type=_text(meta, "type") or _text(meta, "artifact_type"),
        description=_text(meta, "description"), timestamp=_text(meta, "timestamp"), tags=tags,
        resource=_text(meta, "resource") or _text(meta, "source_url"),
        jurisdictions=sorted(found), licence=licence,
    )
    return doc, problems


def check_unique(profile: Profile, documents: list[Document]) -> list[Problem]:
    """Duplicate titles or resources: one problem per shared value, naming every document."""
    problems = []
    for key in profile.unique:
        seen: dict[str, list[str]] = defaultdict(list)
        for doc in documents:
            value = getattr(doc, key, None)
            if value:
                seen[value].append(doc.id)
        for value, ids in sorted(seen.items()):
            if len(ids) > 1:  # one problem a group: the first document, naming every other one
                problems.append(Problem(ids[0], f"{key} {value!r} is shared by {len(ids)} documents "
                                        f"(also {', '.join(ids[1:])})", field=key, rule=f"unique-{key}"))
    return problems


def inventory(documents: list[Document]) -> dict[str, int]:
    """Count of documents per kind (all four kinds always present)."""
    counts = {k: 0 for k in KINDS}
    for doc in documents:
        counts[doc.kind] += 1
    return counts


def coverage(documents: list[Document]) -> dict[str, dict[str, list[str]]]:
    """Per kind: which jurisdictions are covered and which are missing."""
    out = {}
    for kind in KINDS:
        covered = sorted({j for d in documents if d.kind == kind for j in d.jurisdictions})
        out[kind] = {"covered": covered,
                     "missing": [c for c in jurisdictions.CODES if c not in covered]}
    return out
