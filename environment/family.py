"""Task families: one task design, many instances that differ only in declared variables.

A family spec (YAML, read with the safe loader only) names the family, the design folder
next to it, the variables every instance must set, and the instances:

    schema: oafreeze.family/1
    family: covenant-package
    design: covenant-package        # folder beside this spec: task.json + documents/...
    variables: [state_a, salary_a]  # every instance sets exactly these
    instances:
      - id: original
        variables: {state_a: California, salary_a: "$182,000"}

Every `{{name}}` in the design (file contents, file paths, task.json keys and values) is
a placeholder; a placeholder that is not declared, a declared variable that no
placeholder uses, and an instance that sets more or fewer than the declared variables
are all errors. Expansion is a pure function from (spec, design) to bytes, so the same
spec always gives the same files; writing them is a separate, refuse-by-default step
that never touches the materialized knowledge base.
"""

from __future__ import annotations

import difflib
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from oafreeze.plumbing.errors import AlreadyExists, BadInput, Problem, ProblemList
from oafreeze.plumbing import canonical, safeyaml
from oafreeze.plumbing.atomic import write_new
from oafreeze.environment.task import TASK_FILE, TASK_ID, WORKSPACE, dump_task, parse_task
from oafreeze.plumbing.paths import check_relative_path

SCHEMA = "oafreeze.family/1"
KB_MOUNT = f"{WORKSPACE}/knowledge-base"
PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
# Anything between double braces, so that a malformed placeholder ("{{ state a }}") is reported, not copied.
BRACES = re.compile(r"\{\{(.*?)\}\}", re.S)
NAME = r"^[a-z0-9][a-z0-9-]{0,63}$"


class Instance(BaseModel):
    """One instance: its id (the task id is `<family>-<id>`) and its variable values."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=NAME)
    variables: dict[str, str | int | float] = Field(default_factory=dict)


class FamilySpec(BaseModel):
    """A family spec as written in YAML."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str = Field(SCHEMA, alias="schema")
    family: str = Field(pattern=NAME)
    design: str = Field(min_length=1, description="Design folder, relative to the spec file.")
    description: str | None = None
    variables: list[str] = Field(min_length=1)
    instances: list[Instance] = Field(min_length=1)

    _design = field_validator("design")(lambda cls, v: check_relative_path(v))

    @field_validator("variables")
    @classmethod
    def _names(cls, value: list[str]) -> list[str]:
        for name in value:
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
                raise ValueError(f"variable name {name!r} must be letters, digits and '_' (not starting with a digit)")
        dup = [n for n, k in Counter(value).items() if k > 1]
        if dup:
            raise ValueError(f"variable {dup[0]!r} is declared twice")
        return value

    def task_id(self, instance: Instance | str) -> str:
        """The task id of an instance: `<family>-<instance id>`."""
        return f"{self.family}-{instance if isinstance(instance, str) else instance.id}"


@dataclass
class Family:
    """A validated spec with its design files (path -> bytes, relative to the design folder)."""

    spec: FamilySpec
    source: str
    design_dir: Path
    design: dict[str, bytes]


@dataclass(frozen=True)
class Difference:
    """One place where a task folder differs from what the spec says it should be."""

    task: str
    path: str
    change: str  # missing | extra | modified | reformatted | outside-variables
    line: int | None = None
    message: str = ""
    evidence: str = ""

    def as_problem(self) -> Problem:
        """The difference as a Problem naming `tasks/<id>/<path>` and the line."""
        return Problem(f"tasks/{self.task}/{self.path}", self.message, line=self.line, rule=self.change)

    def as_dict(self) -> dict:
        """Plain data for --json output."""
        out = {"task": self.task, "path": self.path, "change": self.change, "message": self.message}
        if self.line is not None:
            out["line"] = self.line
        if self.evidence:
            out["evidence"] = self.evidence
        return out


@dataclass
class Expansion:
    """What one instance expands to: task id and every file (task folder relative path -> bytes)."""

    task_id: str
    instance: str
    files: dict[str, bytes] = field(default_factory=dict)


# --- reading and validating a spec ---------------------------------------------------------


def load_family(spec_path: str | os.PathLike) -> Family:
    """Read a family spec and its design folder; every problem reported at once (exit 2)."""
    spec_path = Path(spec_path)
    source = spec_path.as_posix()
    if not spec_path.is_file():
        raise BadInput.at(source, "no such family spec", rule="spec-exists")
    raw = safeyaml.load(spec_path.read_bytes(), source)
    if not isinstance(raw, dict):
        raise BadInput.at(source, "a family spec must be a YAML mapping", rule="spec-mapping")
    try:
        spec = FamilySpec.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            key = _key_path(raw, err["loc"])
            msg = {"missing": "required key missing", "extra_forbidden": "unknown key"}.get(err["type"], err["msg"])
            problems.append(Problem(source, msg, field=key, rule=err["type"]))
        raise BadInput(f"{source}: invalid family spec", problems) from None
    if spec.schema_ != SCHEMA:
        raise BadInput.at(source, f"unknown schema {spec.schema_!r}; this oafreeze reads {SCHEMA}",
                          field="schema", rule="schema-version")
    design_dir = spec_path.parent / spec.design
    design = _read_design(design_dir, source)
    family = Family(spec, source, design_dir, design)
    validate(family)
    return family


def _key_path(raw: dict, loc: tuple) -> str:
    # instances.2.variables -> instances[2].variables, and name the instance id where known.
    out = ""
    node: Any = raw
    for part in loc:
        if isinstance(part, int):
            ident = node[part].get("id") if isinstance(node, list) and part < len(node) and \
                isinstance(node[part], dict) else None
            out += f"[{part}]" + (f"(id {ident})" if ident else "")
            node = node[part] if isinstance(node, list) and part < len(node) else None
        else:
            out += ("." if out else "") + str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return out


def _read_design(design_dir: Path, source: str) -> dict[str, bytes]:
    if not design_dir.is_dir():
        raise BadInput.at(source, f"design folder {design_dir.as_posix()} does not exist", field="design",
                          rule="design-exists")
    files: dict[str, bytes] = {}
    problems = ProblemList()
    for dirpath, dirnames, filenames in os.walk(design_dir):
        dirnames.sort()
        base = Path(dirpath)
        for name in sorted(dirnames + filenames):
            full = base / name
            rel = full.relative_to(design_dir).as_posix()
            where = f"{design_dir.as_posix()}/{rel}"
            if full.is_symlink():
                problems.add(where, "symlinks are not allowed in a design", rule="no-symlink")
                if name in dirnames:
                    dirnames.remove(name)
            elif name in ("__pycache__", ".DS_Store"):
                if name in dirnames:
                    dirnames.remove(name)
            elif full.is_file():
                files[rel] = full.read_bytes()
    if TASK_FILE not in files:
        problems.add(f"{design_dir.as_posix()}/{TASK_FILE}", "a design needs a task.json", rule="design-task")
    for rel in files:
        if rel != TASK_FILE and not rel.startswith(WORKSPACE + "/"):
            problems.add(f"{design_dir.as_posix()}/{rel}", f"a design holds only {TASK_FILE} and {WORKSPACE}/",
                         rule="design-layout")
        if rel == KB_MOUNT or rel.startswith(KB_MOUNT + "/"):
            problems.add(f"{design_dir.as_posix()}/{rel}", "the knowledge base is materialized, never designed; "
                         f"remove {KB_MOUNT}/ from the design", rule="no-knowledge-base")
    problems.raise_if_any(f"{source}: invalid design")
    return dict(sorted(files.items(), key=lambda kv: kv[0].encode("utf-8", "surrogateescape")))


def _is_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def validate(family: Family) -> None:
    """Unknown or malformed placeholders, unused variables, instances that set the wrong
    variables, duplicate ids: all reported at once (BadInput, exit 2)."""
    spec, src = family.spec, family.source
    declared = set(spec.variables)
    problems = ProblemList()
    used: set[str] = set()
    for rel, data in family.design.items():
        where = f"{family.design_dir.as_posix()}/{rel}"
        for m in BRACES.finditer(rel):
            _placeholder(m, declared, used, problems, where, None, "file name")
        if not _is_text(data):
            continue
        text = data.decode("utf-8")
        for m in BRACES.finditer(text):
            _placeholder(m, declared, used, problems, where, text.count("\n", 0, m.start()) + 1, "text")
    for name in spec.variables:
        if name not in used:
            problems.add(src, f"variable {name!r} is declared but no {{{{{name}}}}} placeholder uses it",
                         field=f"variables[{spec.variables.index(name)}]", rule="unused-variable")
    seen: set[str] = set()
    for i, inst in enumerate(spec.instances):
        key = f"instances[{i}](id {inst.id})"
        if inst.id in seen:
            problems.add(src, f"instance id {inst.id!r} is used twice", field=f"{key}.id", rule="unique-instance")
        seen.add(inst.id)
        if not TASK_ID.match(spec.task_id(inst)):
            problems.add(src, f"task id {spec.task_id(inst)!r} is not a valid task id", field=f"{key}.id",
                         rule="task-id")
        for name in sorted(declared - set(inst.variables)):
            problems.add(src, f"instance does not set variable {name!r}", field=f"{key}.variables.{name}",
                         rule="missing-variable")
        for name in sorted(set(inst.variables) - declared):
            problems.add(src, f"variable {name!r} is not declared under `variables`",
                         field=f"{key}.variables.{name}", rule="undeclared-variable")
        for name, value in inst.variables.items():
            if "{{" in str(value) or "}}" in str(value):
                problems.add(src, "a value may not contain '{{' or '}}'", field=f"{key}.variables.{name}",
                             rule="value-braces")
            elif "\n" in str(value) or "\r" in str(value):
                problems.add(src, "a value is one line (no line breaks)", field=f"{key}.variables.{name}",
                             rule="value-one-line")
            elif str(value).strip() == "":
                problems.add(src, "a value may not be empty", field=f"{key}.variables.{name}", rule="value-empty")
    problems.raise_if_any(f"{src}: invalid family spec")


def _placeholder(m: re.Match, declared: set[str], used: set[str], problems: ProblemList, where: str,
                 line: int | None, what: str) -> None:
    ok = PLACEHOLDER.fullmatch(m.group(0))
    if not ok:
        problems.add(where, f"malformed placeholder {m.group(0)!r} in {what}; write {{{{name}}}}", line=line,
                     rule="malformed-placeholder")
        return
    name = ok.group(1)
    if name not in declared:
        problems.add(where, f"unknown placeholder {{{{{name}}}}} in {what}; declare {name!r} under `variables`",
                     field=name, line=line, rule="unknown-placeholder")
    used.add(name)


# --- expanding ---------------------------------------------------------------------------


def _fill(text: str, values: dict[str, str]) -> str:
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], text)


def _fill_json(node: Any, values: dict[str, str]) -> Any:
    # Substitute inside parsed strings, so a value with quotes or backslashes stays valid JSON.
    if isinstance(node, str):
        return _fill(node, values)
    if isinstance(node, list):
        return [_fill_json(v, values) for v in node]
    if isinstance(node, dict):
        return {_fill(k, values): _fill_json(v, values) for k, v in node.items()}
    return node


def _values(spec: FamilySpec, inst: Instance) -> dict[str, str]:
    return {name: _text(inst.variables[name]) for name in spec.variables}


def _text(value: str | int | float) -> str:
    return value if isinstance(value, str) else canonical.canonical_bytes(value).decode()


def expand_instance(family: Family, inst: Instance, *, validate_task: bool = True) -> Expansion:
    """The files of one instance, bytes exactly as they will be written."""
    spec = family.spec
    values = _values(spec, inst)
    out = Expansion(spec.task_id(inst), inst.id)
    task_source = f"{family.design_dir.as_posix()}/{TASK_FILE}"
    raw = _fill_json(canonical.loads_strict(family.design[TASK_FILE], task_source), values)
    if not isinstance(raw, dict):
        raise BadInput.at(task_source, "task.json must hold a JSON object", rule="task-object")
    ext = raw.get("oafreeze")
    if ext is None:
        ext = raw["oafreeze"] = {}
    if not isinstance(ext, dict):
        raise BadInput.at(task_source, "`oafreeze` must be an object", field="oafreeze", rule="extension-object")
    ext["family"] = spec.family
    ext["instance"] = inst.id
    ext["variables"] = values
    data = dump_task(raw)
    if validate_task:
        parse_task(data, f"{task_source} (instance {inst.id})", out.task_id)  # a bad design fails here, exit 2
    out.files[TASK_FILE] = data
    for rel, content in family.design.items():
        if rel == TASK_FILE:
            continue
        target = _fill(rel, values)
        try:
            check_relative_path(target)
        except ValueError as exc:
            raise BadInput.at(f"{family.design_dir.as_posix()}/{rel}", f"instance {inst.id}: file name {target!r} "
                              f"{exc}", rule="safe-path") from None
        if target in out.files:
            raise BadInput.at(f"{family.design_dir.as_posix()}/{rel}", f"instance {inst.id}: two design files "
                              f"expand to {target!r}", rule="unique-path")
        out.files[target] = _fill(content.decode("utf-8"), values).encode("utf-8") if _is_text(content) else content
    out.files = dict(sorted(out.files.items(), key=lambda kv: kv[0].encode("utf-8", "surrogateescape")))
    return out


def expand(family: Family) -> list[Expansion]:
    """Every instance of the family, in spec order."""
    return [expand_instance(family, inst) for inst in family.spec.instances]


# --- the task folders on disk --------------------------------------------------------------


def task_files_on_disk(folder: Path) -> dict[str, bytes]:
    """The files of a task folder except the materialized knowledge base (symlinks are listed, not followed)."""
    files: dict[str, bytes] = {}
    if not folder.is_dir():
        return files
    for dirpath, dirnames, filenames in os.walk(folder):
        base = Path(dirpath)
        rel_dir = base.relative_to(folder).as_posix()
        if rel_dir == KB_MOUNT:
            dirnames[:] = []
            continue
        for name in filenames + [d for d in dirnames if (base / d).is_symlink()]:
            full = base / name
            rel = full.relative_to(folder).as_posix()
            files[rel] = b"symlink -> " + os.readlink(full).encode() if full.is_symlink() else full.read_bytes()
    return dict(sorted(files.items(), key=lambda kv: kv[0].encode("utf-8", "surrogateescape")))


def compare_files(task: str, expected: dict[str, bytes], found: dict[str, bytes]) -> list[Difference]:
    """Missing, extra and modified files, each modified one with its first differing line."""
    out: list[Difference] = []
    for rel in sorted(set(expected) | set(found), key=lambda s: s.encode("utf-8", "surrogateescape")):
        if rel not in found:
            out.append(Difference(task, rel, "missing", message="missing: the spec expands to this file"))
        elif rel not in expected:
            out.append(Difference(task, rel, "extra", message="not produced by the spec"))
        elif expected[rel] != found[rel]:
            line, evidence = _first_difference(expected[rel], found[rel])
            if _same_data(rel, expected[rel], found[rel]):
                out.append(Difference(task, rel, "reformatted", line, "holds what a fresh expansion of the spec holds, "
                                      "written out differently (spacing, key order or quoting)", evidence))
            else:
                out.append(Difference(task, rel, "modified", line, "differs from a fresh expansion of the spec",
                                      evidence))
    return out


def _same_data(rel: str, a: bytes, b: bytes) -> bool:
    """Whether two versions of a JSON or YAML file parse to the same data (a re-indented task.json)."""
    suffix = rel.rsplit(".", 1)[-1].lower()
    if suffix not in ("json", "yaml", "yml"):
        return False
    load = canonical.loads_strict if suffix == "json" else safeyaml.load_all
    try:
        return load(a, rel) == load(b, rel)
    except BadInput:
        return False


def _first_difference(a: bytes, b: bytes) -> tuple[int | None, str]:
    la = a.decode("utf-8", "replace").splitlines()
    lb = b.decode("utf-8", "replace").splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else None
        y = lb[i] if i < len(lb) else None
        if x != y:
            return i + 1, (y if y is not None else "(end of file)")[:200]
    return None, "(line endings or trailing bytes differ)"


def write_expansions(env_root: Path, expansions: list[Expansion], *, force: bool = False) -> dict[str, str]:
    """Write task folders; unchanged ones are left alone, differing ones refused unless `force`.

    Everything is checked before anything is written, so a refusal leaves the environment
    as it was. The materialized knowledge base inside a task folder is never read or touched.
    Returns task id -> "written" | "unchanged" | "replaced".
    """
    status: dict[str, str] = {}
    conflicts: list[Difference] = []
    for exp in expansions:
        folder = env_root / "tasks" / exp.task_id
        if not folder.exists():
            status[exp.task_id] = "written"
            continue
        diffs = compare_files(exp.task_id, exp.files, task_files_on_disk(folder))
        status[exp.task_id] = "replaced" if diffs else "unchanged"
        conflicts.extend(diffs)
    if conflicts and not force:
        raise AlreadyExists("task folders exist with different content; nothing was written "
                            "(pass --force to replace them; the knowledge base is kept)",
                            [d.as_problem() for d in conflicts])
    for exp in expansions:
        if status[exp.task_id] == "unchanged":
            continue
        folder = env_root / "tasks" / exp.task_id
        if status[exp.task_id] == "replaced":
            _clear_except_kb(folder)
        for rel, data in exp.files.items():
            write_new(folder / rel, data)
    return status


def _clear_except_kb(folder: Path) -> None:
    kb = folder / KB_MOUNT
    for dirpath, dirnames, filenames in os.walk(folder, topdown=False):
        base = Path(dirpath)
        if base == kb or kb in base.parents:
            continue
        for name in filenames:
            (base / name).unlink()
        for name in dirnames:
            sub = base / name
            if sub.is_symlink():
                sub.unlink()
            elif sub != kb and not any(sub.iterdir()):
                sub.rmdir()


# --- checking ------------------------------------------------------------------------------


def _unfill(text: str, values: dict[str, str]) -> str:
    # Longest values first, so "$125,000" is replaced before "125"; only whole tokens.
    for name, value in sorted(values.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        text = re.sub(rf"(?<![\w]){re.escape(value)}(?![\w])", "{{" + name + "}}", text)
    return text


def template_expansion(family: Family) -> dict[str, str]:
    """The design expanded with every placeholder kept as itself: what every instance is, abstracted."""
    spec = family.spec
    keep = Instance(id="x", variables={name: "{{" + name + "}}" for name in spec.variables})
    files = expand_instance(family, keep, validate_task=False).files
    return {rel: _abstract_task_json(data) if rel == TASK_FILE else data.decode("utf-8", "replace")
            for rel, data in files.items()}


def _abstract_task_json(data: bytes) -> str:
    try:
        raw = canonical.loads_strict(data, TASK_FILE)
    except BadInput:
        return data.decode("utf-8", "replace")
    if isinstance(raw, dict) and isinstance(raw.get("oafreeze"), dict):
        raw["oafreeze"]["instance"] = "{{instance}}"
        if isinstance(raw["oafreeze"].get("variables"), dict):
            raw["oafreeze"]["variables"] = {k: "{{" + k + "}}" for k in raw["oafreeze"]["variables"]}
    return dump_task(raw).decode("utf-8")


def abstract(spec: FamilySpec, inst: Instance, files: dict[str, bytes], expected: dict[str, bytes] | None = None,
             template: dict[str, str] | None = None) -> dict[str, str]:
    """An instance's files with its variable values put back as placeholders.

    Given the fresh expansion (`expected`) and the design with placeholders kept
    (`template`), every line that matches the expansion is replaced by its template line,
    so a value that happens to equal constant text ("client-email.md", "Florida") is not
    mistaken for a variable; only lines that differ are abstracted by value replacement.
    """
    values = _values(spec, inst)
    out: dict[str, str] = {}
    for rel, data in files.items():
        text = _abstract_task_json(data) if rel == TASK_FILE else data.decode("utf-8", "replace")
        tmpl_rel = next((t for t in (expected or {}) if t == rel), None)
        if tmpl_rel is not None and template is not None:
            exp = _abstract_task_json(expected[rel]) if rel == TASK_FILE else expected[rel].decode("utf-8", "replace")
            exp_lines, tmpl_lines, lines = exp.splitlines(), template_lines(template, expected, rel), text.splitlines()
            if tmpl_lines is not None and len(tmpl_lines) == len(exp_lines):
                merged: list[str] = []
                for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, exp_lines, lines, autojunk=False).get_opcodes():
                    if tag == "equal":
                        merged.extend(tmpl_lines[i1:i2])
                    else:
                        merged.extend(_unfill(line, values) for line in lines[j1:j2])
                text = "\n".join(merged) + ("\n" if text.endswith("\n") else "")
                out[_template_path(template, expected, rel) or _unfill(rel, values)] = text
                continue
        out[_unfill(rel, values)] = _unfill(text, values)
    return out


def template_lines(template: dict[str, str], expected: dict[str, bytes], rel: str) -> list[str] | None:
    """The template lines of the file that expands to `rel` (None if there is none)."""
    path = _template_path(template, expected, rel)
    return template[path].splitlines() if path is not None else None


def _template_path(template: dict[str, str], expected: dict[str, bytes], rel: str) -> str | None:
    # Template and expansion list the same files in the same order (paths may hold placeholders).
    exp_paths, tmpl_paths = list(expected), list(template)
    if len(exp_paths) != len(tmpl_paths) or rel not in expected:
        return None
    return tmpl_paths[exp_paths.index(rel)]


def variable_differences(spec: FamilySpec, files_by_instance: dict[str, dict[str, bytes]],
                         expected: dict[str, dict[str, bytes]] | None = None,
                         template: dict[str, str] | None = None) -> list[Difference]:
    """Where instances differ other than in their declared variables, with file and line.

    Each instance's files are abstracted (values -> placeholders, see `abstract`); the
    version most instances share is the reference (ties go to the earlier instance in
    the spec), and every line of another instance that departs from it is reported.
    """
    insts = [i for i in spec.instances if i.id in files_by_instance]
    abstracted = {i.id: abstract(spec, i, files_by_instance[i.id], (expected or {}).get(i.id), template)
                  for i in insts}
    out: list[Difference] = []
    paths = sorted({p for a in abstracted.values() for p in a}, key=lambda s: s.encode("utf-8", "surrogateescape"))
    for path in paths:
        versions = [abstracted[i.id].get(path) for i in insts]
        counts = Counter(versions)
        reference = max(versions, key=lambda v: (counts[v], -versions.index(v)))
        ref_id = insts[versions.index(reference)].id
        for inst, version in zip(insts, versions):
            if version == reference:
                continue
            task = spec.task_id(inst)
            values = _values(spec, inst)
            real_path = _fill(path, values) if PLACEHOLDER.search(path) else path
            if version is None or reference is None:
                what = "lacks this file" if version is None else "has a file its siblings lack"
                out.append(Difference(task, real_path, "outside-variables",
                                      message=f"{what} (compared with {spec.task_id(ref_id)})"))
                continue
            mine = files_by_instance[inst.id].get(real_path, b"").decode("utf-8", "replace").splitlines()
            a, b = reference.splitlines(), version.splitlines()
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
                if tag == "equal":
                    continue
                line = min(j1, len(b) - 1) + 1 if b else None
                evidence = mine[line - 1] if line and line - 1 < len(mine) else ""
                out.append(Difference(task, real_path, "outside-variables", line,
                                      f"differs from {spec.task_id(ref_id)} outside the declared variables "
                                      f"({tag} of {max(i2 - i1, j2 - j1)} line(s))", evidence[:200]))
    return out


def check(family: Family, env_root: Path) -> list[Difference]:
    """Task folders on disk equal a fresh expansion, and instances differ only in their variables."""
    on_disk: dict[str, dict[str, bytes]] = {}
    expected: dict[str, dict[str, bytes]] = {}
    out: list[Difference] = []
    for exp in expand(family):
        expected[exp.instance] = exp.files
        found = task_files_on_disk(env_root / "tasks" / exp.task_id)
        if not found:
            out.append(Difference(exp.task_id, "", "missing", message="task folder missing; run `oafreeze family "
                                  "expand`"))
            continue
        on_disk[exp.instance] = found
        out.extend(compare_files(exp.task_id, exp.files, found))
    out.extend(variable_differences(family.spec, on_disk, expected, template_expansion(family)))
    return out


# --- the sample environment ------------------------------------------------------------------


def copy_task(src: Path, env_root: Path, *, force: bool = False) -> str:
    """Copy one plain task folder into env_root/tasks/ (same refuse-unless-force rule as expansion)."""
    task_id = src.name
    if not TASK_ID.match(task_id):
        raise BadInput.at(src.as_posix(), "task folder names are task ids (lower-case letters, digits, '.', '_', "
                          "'-')", rule="task-id")
    files = task_files_on_disk(src)
    if TASK_FILE not in files:
        raise BadInput.at(f"{src.as_posix()}/{TASK_FILE}", "missing", rule="task-file")
    parse_task(files[TASK_FILE], f"{src.as_posix()}/{TASK_FILE}", task_id)
    write_expansions(env_root, [Expansion(task_id, task_id, files)], force=force)
    return task_id


def expand_all(sample_env_root: Path, env_root: Path) -> list[str]:
    """Expand every family spec under `families/` and copy every folder under `tasks/` into
    `env_root/tasks/`; returns the task ids, sorted. Refuses (exit 2) to replace a task
    folder whose content differs; the knowledge base inside task folders is never touched."""
    sample_env_root, env_root = Path(sample_env_root), Path(env_root)
    expansions: list[Expansion] = []
    for spec in sorted((sample_env_root / "families").glob("*.yaml")):
        expansions.extend(expand(load_family(spec)))
    tasks_dir = sample_env_root / "tasks"
    for folder in sorted(p for p in tasks_dir.iterdir() if p.is_dir()) if tasks_dir.is_dir() else []:
        files = task_files_on_disk(folder)
        if TASK_FILE not in files:
            raise BadInput.at(f"{folder.as_posix()}/{TASK_FILE}", "missing", rule="task-file")
        parse_task(files[TASK_FILE], f"{folder.as_posix()}/{TASK_FILE}", folder.name)
        expansions.append(Expansion(folder.name, folder.name, files))
    ids = [e.task_id for e in expansions]
    dup = [t for t, n in Counter(ids).items() if n > 1]
    if dup:
        raise BadInput.at(sample_env_root.as_posix(), f"task id {dup[0]!r} is produced twice", rule="unique-task")
    write_expansions(env_root, expansions)
    return sorted(ids)


def sample_env_root() -> Path:
    """The packaged sample environment sources (families/ and tasks/)."""
    from importlib import resources

    return Path(str(resources.files("oafreeze.environment").joinpath("sample_env")))


# --- family names ------------------------------------------------------------------------------


def _name_key(name: str) -> str:
    return re.sub(r"[-_. ]+", "", name.casefold()).removesuffix("s")


def name_slipped(a: str, b: str) -> bool:
    """Whether two family names are one name mistyped: the same but for case, separators and a plural
    's', or one letter (not a digit) added, dropped, changed or swapped in a name of six letters or more."""
    x, y = _name_key(a), _name_key(b)
    if x == y:
        return True
    if min(len(x), len(y)) < 6 or abs(len(x) - len(y)) > 1:
        return False
    if len(x) == len(y):
        diff = [i for i in range(len(x)) if x[i] != y[i]]
        if any(x[i].isdigit() or y[i].isdigit() for i in diff):
            return False  # "offer-v1" and "offer-v2" are two families, numbered
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and x[diff[0]] == y[diff[1]]
                                  and x[diff[1]] == y[diff[0]])
    short, long_ = sorted((x, y), key=len)
    return any(not long_[i].isdigit() and long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
