"""Family consistency: instances of one family differ only in their declared variables.

When oafreeze.yaml declares the family's spec (`families:`), every instance is compared
with a fresh expansion of that spec (`freezer.family.check`): a change is caught in
whichever instance it is made, the reference included, and named with its line.

Without a spec, each instance's variable values are replaced by `{{name}}` placeholders;
what remains of task.json and of the workspace outside the knowledge base must then be
identical to the family's reference instance (the one called "original", else the first
by id). That heuristic cannot tell which of two differing instances was changed.

Either way, each instance's jurisdictions must also be covered by the pinned snapshot's
documents, so that a result across ten instances measures one design ten times.
"""

from __future__ import annotations

import copy
import difflib
import re
from typing import Any

from oafreeze.corpus import jurisdictions
from oafreeze.plumbing import canonical
from oafreeze.corpus import text as tx
from oafreeze.environment.family import name_slipped
from oafreeze.hygiene.context import BrokenSpec, TaskContext
from oafreeze.hygiene.finding import Finding
from oafreeze.plumbing.errors import Problem

ID = "FAM"
NAME = "family consistency"
CROSS_TASK = True  # compares the instance with its siblings or with the family's expansion
JURISDICTION_KEYS = ("state", "states", "jurisdiction", "jurisdictions")


def _values(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _values(v)]
    if isinstance(value, list):
        return [s for v in value for s in _values(v)]
    return [str(value)] if value is not None and str(value).strip() else []


def placeholders(variables: dict[str, Any]) -> list[tuple[str, str]]:
    """(value, placeholder) pairs, longest value first so 'New York' goes before 'York'.

    A value is also replaced in its lower-case and slug forms ('new-york' in a file name),
    each by a placeholder of its own so that a change of case still shows.
    """
    pairs: dict[str, str] = {}
    values = [(name if len(vals) == 1 else f"{name}[{i}]", v)
              for name, value in variables.items() for vals in [_values(value)] for i, v in enumerate(vals)]
    for holder, v in values:  # exact values first: a slug variable beats a state's slug form
        pairs.setdefault(v, f"{{{{{holder}}}}}")
    for holder, v in values:
        for form, variant in (("lower", v.lower()), ("slug", re.sub(r"[\s_]+", "-", v.strip().lower()))):
            pairs.setdefault(variant, f"{{{{{holder}:{form}}}}}")
    return sorted(pairs.items(), key=lambda kv: (-len(kv[0]), kv[0]))


def substitute(text: str, pairs: list[tuple[str, str]]) -> str:
    """Replace every variable value in `text` by its placeholder."""
    for value, holder in pairs:
        text = text.replace(value, holder)
    return text


class Leaf(tuple):
    """A text: masked by every variable, as written, and masked by all but file-name values."""

    __slots__ = ()

    def __new__(cls, masked: str, raw: str, masked_kept_names: str | None = None):
        return super().__new__(cls, (masked, raw, masked if masked_kept_names is None else masked_kept_names))


def _name_pairs(ctx: TaskContext) -> list[tuple[str, str]]:
    # A variable whose value is a deliverable or file name ("which file this criterion grades")
    # collides with the same name used as a constant; texts are also compared without masking it.
    names = set(ctx.task.deliverables) | {f.name for f in ctx.task_files}
    return [(v, h) for v, h in placeholders(ctx.ext.variables) if v not in names]


def _masked_task(ctx: TaskContext) -> Any:
    raw = copy.deepcopy(ctx.loaded.raw)
    ext = raw.get("oafreeze") if isinstance(raw.get("oafreeze"), dict) else {}
    for key in ("instance", "variables"):
        ext.pop(key, None)
    pairs, kept = placeholders(ctx.ext.variables), _name_pairs(ctx)

    def walk(v):
        if isinstance(v, str):
            return Leaf(substitute(v, pairs), v, substitute(v, kept))
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {substitute(k, kept): walk(x) for k, x in v.items()}
        return v
    return walk(raw)


_HOLDER = re.compile(r"\{\{[^{}]+\}\}")


def _fill(masked: str, pairs: list[tuple[str, str]]) -> str:
    values = {holder: value for value, holder in pairs}
    return _HOLDER.sub(lambda m: values.get(m.group(0), m.group(0)), masked)


def equivalent(a: Leaf, b: Leaf, a_pairs: list, b_pairs: list) -> bool:
    """Two texts are one design when they mask alike, or when either, filled with the other's
    values, is the other as written (a value that is also a constant elsewhere, e.g. a file name)."""
    return (a[0] == b[0] or a[1] == b[1] or a[2] == b[2]
            or _fill(b[0], a_pairs) == a[1] or _fill(a[0], b_pairs) == b[1])


def _first_difference(a: Any, b: Any, same, path: str = "$") -> tuple[str, Any, Any] | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}", a.get(k), b.get(k)
            d = _first_difference(a[k], b[k], same, f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = _first_difference(x, y, same, f"{path}[{i}]")
            if d:
                return d
        return None if len(a) == len(b) else (f"{path}[{min(len(a), len(b))}]", len(a), len(b))
    if isinstance(a, Leaf) and isinstance(b, Leaf):
        # Text identical as written is the same design, whatever the placeholders made of it.
        return None if same(a, b) else (path, a[0], b[0])  # the masked texts show the design change
    return None if a == b else (path, a, b)


def _masked_files(ctx: TaskContext) -> dict[str, tuple[Leaf | None, bytes | None]]:
    pairs, kept = placeholders(ctx.ext.variables), _name_pairs(ctx)
    return {substitute(f.rel, pairs): (Leaf(substitute(f.text, pairs), f.text, substitute(f.text, kept))
                                       if f.text is not None else None, f.data)
            for f in ctx.task_files}


def reference(ctx: TaskContext) -> TaskContext | None:
    """The sibling this instance is compared with (None when it is the reference itself)."""
    members = sorted([ctx, *ctx.siblings], key=lambda c: (c.ext.instance != "original", c.task_id))
    return None if members[0] is ctx else members[0]


def _value_diff(mine: Any, theirs: Any) -> str:
    # Show where two values part, not their (possibly long) common beginning.
    if isinstance(mine, str) and isinstance(theirs, str):
        at = next((i for i, (x, y) in enumerate(zip(mine, theirs)) if x != y), min(len(mine), len(theirs)))
        start = max(0, at - 30)
        cut = lambda s: ("…" if start else "") + tx.excerpt(s[start:at + 60], 90)  # noqa: E731
        return f"{cut(mine)!r} vs {cut(theirs)!r}"
    show = lambda v: tx.excerpt(canonical.canonical_bytes(v).decode(), 90)  # noqa: E731
    return f"{show(mine)} vs {show(theirs)}"


def _line_diff(mine: Leaf, theirs: Leaf, same) -> tuple[int, str] | None:
    """The first line that differs as a design (see `equivalent`), or None."""
    la, lb = [t.splitlines() for t in mine], [t.splitlines() for t in theirs]
    a, b = la[0], lb[0]
    aligned = len({len(x) for x in la}) == 1 and len({len(x) for x in lb}) == 1
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal" or (aligned and i2 - i1 == j2 - j1 and all(
                same(Leaf(*(x[i] for x in la)), Leaf(*(y[j] for y in lb)))
                for i, j in zip(range(i1, i2), range(j1, j2)))):
            continue
        ours = a[i1] if i1 < len(a) else "(end of file)"
        other = b[j1] if j1 < len(b) else "(end of file)"
        return i1 + 1, f"{tx.excerpt(ours, 90)!r} vs {tx.excerpt(other, 90)!r}"
    return None


def instance_jurisdictions(ctx: TaskContext) -> set[str]:
    """Jurisdiction codes the instance declares (its variables and task.json's jurisdiction)."""
    found: set[str] = set()
    values = [v for k, v in ctx.ext.variables.items() if k.lower() in JURISDICTION_KEYS]
    if ctx.task.jurisdiction:
        values.append(ctx.task.jurisdiction)
    for text in _values(values):
        code = jurisdictions.from_code(re.sub(r"^US-", "", text.strip(), flags=re.I))
        found |= {code} if code else jurisdictions.from_text(text)
    return found


def applies(ctx: TaskContext) -> str | None:
    """Only an instance of a family has siblings to agree with (a task a spec declares is one, whatever
    its task.json says)."""
    return None if ctx.ext.family or _declared_by(ctx) else "the task belongs to no family"


def _declared_by(ctx: TaskContext):
    """The family spec that declares an instance expanding to this task, or None."""
    return next((f for f in ctx.families.values() if not isinstance(f, BrokenSpec)
                 and ctx.task_id in {f.spec.task_id(i) for i in f.spec.instances}), None)


def check(ctx: TaskContext) -> list[Finding]:
    """Differences from the family's reference instance beyond the variables; uncovered jurisdictions."""
    if not ctx.ext.family:
        family = _declared_by(ctx)
        if family is None:
            return []
        return [ctx.finding(
            ID, "major", "task.json", f"the family spec {family.source} declares this task as an instance of "
            f"{family.spec.family}, but its task.json names no family: the instance leaves every comparison with its "
            "siblings", "expand the family again (`oafreeze family expand`), or take the instance out of the spec",
            location="$.oafreeze.family", evidence=ctx.task_id)]
    out = []
    if ctx.snapshot is not None:
        covered = {j for d in ctx.snapshot.documents for j in d.jurisdictions}
        for code in sorted(instance_jurisdictions(ctx) - covered):
            out.append(ctx.finding(
                ID, "major", "task.json", f"instance {ctx.ext.instance or ctx.task_id} is set in "
                f"{jurisdictions.ALL[code]} ({code}), which no document of the pinned knowledge base covers: this "
                "instance tests a different thing from its siblings", "pin a snapshot that covers it, or change the "
                "instance's jurisdiction", location="$.oafreeze.variables", evidence=code))
    spec = ctx.families.get(ctx.ext.family)
    if isinstance(spec, BrokenSpec):
        return out + _broken_spec(ctx, spec)
    if spec is not None:
        return out + against_spec(ctx, spec)
    if not ctx.siblings:
        # A lone instance of a family no spec declares, named like one that is declared: a slip of the
        # name ("covenant-packages") takes the instance out of every comparison with its family.
        near = [f for f in sorted(ctx.families) if f != ctx.ext.family and name_slipped(ctx.ext.family, f)]
        if near:
            out.append(ctx.finding(
                ID, "major", "task.json", f"declares family {ctx.ext.family!r}, which no spec declares and no other "
                f"task belongs to, while family {near[0]!r} has a spec: the instance is compared with nothing",
                f"write family {near[0]!r} if the task is one of its instances", location="$.oafreeze.family",
                evidence=f"{ctx.ext.family} ~ {near[0]}"))
    ref = reference(ctx)
    if ref is None:
        return out
    label = f"{ref.task_id} (the family's reference)"
    if set(ctx.ext.variables) != set(ref.ext.variables):
        out.append(ctx.finding(
            ID, "major", "task.json", f"declares variables {sorted(ctx.ext.variables)} but {label} declares "
            f"{sorted(ref.ext.variables)}", "declare the same variable names in every instance",
            location="$.oafreeze.variables", evidence=", ".join(sorted(set(ctx.ext.variables) ^ set(ref.ext.variables)))))
    a_pairs, b_pairs = placeholders(ctx.ext.variables), placeholders(ref.ext.variables)
    same = lambda x, y: equivalent(x, y, a_pairs, b_pairs)  # noqa: E731
    diff = _first_difference(_masked_task(ctx), _masked_task(ref), same)
    if diff:
        path, mine, theirs = diff
        out.append(ctx.finding(
            ID, "major", "task.json", f"task.json differs from {label} at {path} beyond the declared variables: the "
            "family no longer measures one design", "make the difference a declared variable, or remove it",
            location=path, evidence=_value_diff(mine, theirs)))
    mine, theirs = _masked_files(ctx), _masked_files(ref)
    for rel in sorted(set(mine) | set(theirs), key=lambda p: p.encode("utf-8", "surrogateescape")):
        if rel not in mine or rel not in theirs:
            where = "only in this instance" if rel in mine else f"only in {ref.task_id}"
            out.append(ctx.finding(ID, "major", rel, f"{rel} is {where}: the instances' workspaces differ beyond "
                                   "the variables", "give every instance the same files", evidence=rel))
            continue
        (text_a, data_a), (text_b, data_b) = mine[rel], theirs[rel]
        if text_a is not None and text_b is not None:
            diff = None if same(text_a, text_b) else _line_diff(text_a, text_b, same)
            if diff:
                line, ev = diff
                out.append(ctx.finding(ID, "major", rel, f"{rel} differs from {label} beyond the declared variables",
                                       "make the difference a declared variable, or remove it", location=line,
                                       evidence=ev))
        elif data_a != data_b:
            out.append(ctx.finding(ID, "minor", rel, f"binary file {rel} differs from {label}; the audit cannot tell "
                                   "whether only the variables changed", "check the difference by hand, then waive",
                                   evidence=rel))
    return out


SPEC_FIX = {
    "missing": "re-expand the instance from its spec (`oafreeze family expand`)",
    "extra": "delete it, or add it to the family's design",
    "modified": "make the change in the spec's design (or a declared variable) and re-expand",
    "reformatted": "re-expand the instance (`oafreeze family expand`) so that its bytes are the spec's again",
    "outside-variables": "make the difference a declared variable of the spec, or remove it",
}


def _broken_spec(ctx: TaskContext, broken: BrokenSpec) -> list[Finding]:
    """The family's spec does not validate: nothing says what this instance should contain."""
    problems = broken.error.problems or [Problem(broken.source, str(broken.error))]
    return [ctx.finding(
        ID, "major", "task.json", f"the spec of family {ctx.ext.family!r}, {broken.source}, does not validate"
        f"{' at ' + p.field if p.field else ''}: {p.message}{' [' + p.rule + ']' if p.rule else ''}; the instance "
        "cannot be checked against its family", "fix the family spec (oafreeze family check names every problem)",
        location="$.oafreeze.family", evidence=f"{broken.source}: {p.field or ''}".rstrip(": "))
        for p in problems[:3]]


def against_spec(ctx: TaskContext, family) -> list[Finding]:
    """Differences between this instance and a fresh expansion of its family's spec."""
    from oafreeze.environment.family import check as check_family

    spec = family.spec
    if ctx.task_id not in {spec.task_id(i) for i in spec.instances}:
        return [ctx.finding(
            ID, "major", "task.json", f"declares family {spec.family} but its spec {family.source} has no instance "
            f"that expands to {ctx.task_id}: nothing says what this instance should contain",
            "add the instance to the spec and expand it, or remove the family declaration",
            location="$.oafreeze.family", evidence=ctx.task_id)]
    key = ("family-spec", spec.family)
    if key not in ctx.cache:  # one expansion and comparison per family and audit run
        ctx.cache[key] = check_family(family, ctx.env_root)
    # An instance the spec declares whose folder is missing: the family runs fewer variants than it says.
    out = [ctx.finding(ID, "major", family.source, f"the family spec declares instance {d.task!r}, whose task folder "
                       f"is missing: the family runs fewer instances than its spec declares", "expand the family again "
                       "(`oafreeze family expand`), or take the instance out of the spec", evidence=d.task)
           for d in ctx.cache[key] if d.change == "missing" and not d.path and d.task != ctx.task_id]
    # One finding a file: its first difference from the expansion (the check may also
    # report the same file's departures from the siblings).
    first: dict[str, object] = {}
    for d in ctx.cache[key]:
        if d.task == ctx.task_id:
            first.setdefault(d.path, d)
    # A file that only reads differently (a re-indented task.json) says the same: minor.
    return out + [ctx.finding(ID, "minor" if d.change == "reformatted" else "major", d.path or ".",
                              f"{d.message} (family spec {family.source})",
                              SPEC_FIX.get(d.change, SPEC_FIX["modified"]), location=d.line, evidence=d.evidence)
                  for d in first.values()]
