"""Issue 6's last acceptance test: break one instance of the sample family the way a careless
task author would, and the audit fails that instance, on the item that guards what was broken.

The sample environment is laid out once per module (as `oafreeze demo` does it: git init, then
`lay_out`) and copied into each test's tmp_path, so every mutation starts from the clean layout.
The victim is v03 (Massachusetts, New York, Florida). The laid-out environment declares the
family's spec, so FAM compares each instance with a fresh expansion of it; a last test shows
that without the spec the heuristic comparison with the reference instance takes over.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import init_repo

from oafreeze.demo import lay_out
from oafreeze.corpus import text as tx
from oafreeze.hygiene.audit import TaskAudit, run_audit
from oafreeze.hygiene.finding import BLOCKING
from oafreeze.hygiene.items.h12_placement_discipline import PLACEMENT

FAMILY = ["covenant-*"]
VICTIM = "covenant-package-v03"
KB = "documents/knowledge-base"
# Where the standing instructions send the drafter for the covenant agreement's starting form.
KB_FORM = f"{KB}/templates/oafreeze-cc0-1.0/restrictive-covenant-agreement/template.md"
OFFER_FORM = f"{KB}/templates/oafreeze-cc0-1.0/employment-offer-letter/template.md"
FIRM_FORM = "firm-form-offer-letter.md"  # a starting form outside the knowledge base (added in the scratch copy)


@pytest.fixture(scope="module")
def laid_out(tmp_path_factory) -> Path:
    root = init_repo(tmp_path_factory.mktemp("sample-layout") / "env")
    assert len(lay_out(root)) == 16
    return root


@pytest.fixture
def env(laid_out, tmp_path) -> Path:
    root = tmp_path / "env"
    shutil.copytree(laid_out, root, symlinks=True)
    return root


def audit(root: Path, patterns=FAMILY) -> dict[str, TaskAudit]:
    return {r.task: r for r in run_audit(root, patterns, record=False)}


def failing(result: TaskAudit) -> set[str]:
    """The items whose verdict is `fail` (an unwaived blocker or major finding)."""
    return {f.item for f in result.findings if result.verdict(f.item) == "fail"}


def blocking(result: TaskAudit, item: str) -> list:
    return [f for f in result.findings if f.item == item and f.severity in BLOCKING]


def only_victim_fails(results: dict[str, TaskAudit]) -> TaskAudit:
    assert len(results) == 10
    assert [t for t, r in results.items() if not r.passed] == [VICTIM]
    return results[VICTIM]


def task_file(root: Path, task_id: str = VICTIM) -> Path:
    return root / "tasks" / task_id / "task.json"


def load(root: Path, task_id: str = VICTIM) -> dict:
    return json.loads(task_file(root, task_id).read_text())


def save(root: Path, task: dict, task_id: str = VICTIM) -> None:
    task_file(root, task_id).write_text(json.dumps(task, indent=2, ensure_ascii=False) + "\n")


def placement_criterion(task: dict) -> dict:
    """The trap's detecting criterion that H12 reads as a placement criterion (exactly one)."""
    found = [c for c in task["criteria"]
             if c["id"] in task["oafreeze"]["trap"]["criteria"] and PLACEMENT.search(c["match_criteria"])]
    assert len(found) == 1, [c["id"] for c in found]
    return found[0]


def trap_paragraph(root: Path, task_id: str = VICTIM) -> tuple[str, str]:
    """The first trap anchor's practice guide (its workspace path) and the paragraph its quote is in."""
    anchor = load(root, task_id)["oafreeze"]["trap"]["anchors"][0]
    guide = (root / "tasks" / task_id / anchor["file"]).read_text()
    paragraphs = [p.strip() for p in guide.split("\n\n") if tx.normalize(anchor["quote"]) in tx.normalize(p)]
    assert len(paragraphs) == 1
    return anchor["file"], paragraphs[0]


def test_the_unmodified_layout_passes_every_family_instance_and_every_task(env):
    family = audit(env)
    assert sorted(family) == [f"covenant-package-{i}" for i in ["original", *(f"v{n:02d}" for n in range(1, 10))]]
    assert all(r.passed for r in family.values())
    assert not [f for r in family.values() for f in r.findings if f.severity in BLOCKING]
    everything = audit(env, ["*"])
    assert len(everything) == 16
    assert [t for t, r in everything.items() if not r.passed] == []


def test_removing_the_placement_criterion_fails_that_instance_on_h12(env):
    task = load(env)
    operative = task["oafreeze"]["operative"]
    gone = placement_criterion(task)
    assert gone["id"] == "placement-operative-text" and sorted(gone["deliverables"]) == sorted(operative)
    task["criteria"].remove(gone)
    save(env, task)

    victim = only_victim_fails(audit(env))
    # H12: one major per operative deliverable, each named as the evidence.
    assert {(f.severity, f.path, f.location, f.evidence) for f in blocking(victim, "H12")} == {
        ("major", "task.json", "$.criteria", d) for d in operative}
    # H11: the trap still names its detecting criterion, which no longer exists.
    assert [(f.location, f.evidence) for f in blocking(victim, "H11")] == [
        ("$.oafreeze.trap.criteria", gone["id"])]
    # H03: v03's sales-director-covenants.md was graded only by absence before (the placement rule
    # permits the 18 U.S.C. § 1833(b) notice, it does not demand it) and still is: a note, since
    # its remaining criterion is a prohibition written for that agreement alone.
    assert [(f.severity, f.evidence) for f in victim.findings if f.item == "H03"] == [
        ("minor", "sales-director-covenants.md")]
    # FAM: the instance's criteria no longer match a fresh expansion of the family's spec.
    assert failing(victim) == {"H12", "H11", "FAM"}


def test_narrowing_the_placement_criterion_names_the_operative_deliverables_left_uncovered(env):
    task = load(env)
    criterion = placement_criterion(task)
    uncovered = [d for d in criterion["deliverables"] if d.endswith("-covenants.md")]
    criterion["deliverables"] = [d for d in criterion["deliverables"] if d not in uncovered]
    save(env, task)

    victim = only_victim_fails(audit(env))
    assert sorted(f.evidence for f in blocking(victim, "H12")) == sorted(uncovered)
    assert all("no placement criterion covers" in f.message for f in blocking(victim, "H12"))
    assert failing(victim) == {"H12", "FAM"}  # the trap's criterion still exists: H11 is quiet


def test_a_guide_paragraph_pasted_into_the_knowledge_base_starting_template_fails_h08(env):
    guide, paragraph = trap_paragraph(env)
    assert guide == f"{KB}/practice-guides/non-compete/us/massachusetts.md"
    form = env / "tasks" / VICTIM / KB_FORM
    form.write_text(form.read_text() + "\n" + paragraph + "\n")

    victim = only_victim_fails(audit(env))
    # The edited knowledge base no longer equals the pin; nothing else changed for the audit to see
    # (the family check compares the workspace outside the knowledge base, which H08 owns).
    assert failing(victim) == {"H08"}
    inside = KB_FORM[len(KB) + 1:]
    assert [(f.severity, f.path, f.evidence) for f in blocking(victim, "H08")] == [
        ("blocker", KB_FORM, f"modified: {inside}")]


def drop_spec(root: Path) -> None:
    """Stop declaring the family spec: FAM falls back to comparing instances with the reference."""
    config = root / "oafreeze.yaml"
    config.write_text("\n".join(ln for ln in config.read_text().splitlines() if not ln.startswith("families:")) + "\n")


def _add_firm_form(root: Path) -> None:
    """Give every instance a task-owned offer-letter form (the pinned template's text) and name it.

    The edit is made by hand in every instance, not through the spec's design, so the spec is
    dropped and the instances are compared with each other."""
    drop_spec(root)
    for folder in sorted((root / "tasks").glob("covenant-package-*")):
        (folder / "documents" / FIRM_FORM).write_text((folder / OFFER_FORM).read_text())
        task = load(root, folder.name)
        task["instructions"] += f" Start each offer letter from the firm form, documents/{FIRM_FORM}."
        save(root, task, folder.name)


def _paste(root: Path, task_id: str, paragraph: str) -> int:
    """Paste the paragraph into the instance's firm form above the acceptance block; its line."""
    path = root / "tasks" / task_id / "documents" / FIRM_FORM
    lines = path.read_text().splitlines()
    at = lines.index("**Acceptance**")
    path.write_text("\n".join([*lines[:at], paragraph, "", *lines[at:]]) + "\n")
    return at + 1


def test_a_guide_paragraph_pasted_into_a_task_starting_form_fails_h12(env):
    _add_firm_form(env)
    clean = audit(env)  # the clean form is fine: nothing but the family's known notes
    assert all(r.passed and {(f.item, f.severity) for f in r.findings} <= {("H03", "minor"), ("H04", "minor")}
               for r in clean.values())

    guide, paragraph = trap_paragraph(env)
    line = _paste(env, VICTIM, paragraph)
    victim = only_victim_fails(audit(env))
    assert failing(victim) == {"H12", "FAM"}  # FAM: the form now differs from the reference's
    [hit] = blocking(victim, "H12")
    assert (hit.severity, hit.path, hit.location) == ("major", f"documents/{FIRM_FORM}", line)
    assert guide in hit.message and "sales-director-offer-letter.md" in hit.message
    copied = " ".join(w for w, _ in tx.words(paragraph))
    assert hit.evidence.endswith("…") and copied.startswith(hit.evidence[:-1])

    # The same paragraph in every instance's form: the family agrees again, and H12 alone fails them.
    for task_id in audit(env):
        if task_id != VICTIM:
            _paste(env, task_id, paragraph)
    results = audit(env)
    assert {t: failing(r) for t, r in results.items()} == {t: {"H12"} for t in results}


def test_a_change_to_the_reference_instance_fails_only_that_instance(env):
    reference = "covenant-package-original"
    task = load(env, reference)
    task["instructions"] += " Keep every letter to one page."
    save(env, task, reference)
    results = audit(env)
    assert [t for t, r in results.items() if not r.passed] == [reference]
    fam = blocking(results[reference], "FAM")
    assert [(f.path, f.severity) for f in fam] == [("task.json", "major")]
    assert "families/covenant-package.yaml" in fam[0].message

    # Without the spec, the heuristic can only compare instances with the reference, so all
    # nine siblings now differ from it and fail, while the edited reference passes.
    drop_spec(env)
    heuristic = audit(env)
    assert sorted(t for t, r in heuristic.items() if not r.passed) == sorted(set(heuristic) - {reference})


def test_an_instance_its_spec_does_not_list_is_major(env):
    stray = env / "tasks" / "covenant-package-v10"
    shutil.copytree(env / "tasks" / VICTIM, stray, symlinks=True)
    task = load(env, "covenant-package-v10")
    task["oafreeze"]["instance"] = "v10"
    save(env, task, "covenant-package-v10")
    results = audit(env)
    fam = blocking(results["covenant-package-v10"], "FAM")
    assert [(f.location, f.evidence) for f in fam] == [("$.oafreeze.family", "covenant-package-v10")]
    assert [t for t, r in results.items() if not r.passed] == ["covenant-package-v10"]


def test_a_family_spec_outside_the_environment_is_refused(env):
    from oafreeze.plumbing.errors import BadInput

    config = env / "oafreeze.yaml"
    config.write_text(config.read_text().replace("families: [families/", "families: [../families/"))
    with pytest.raises(BadInput) as err:
        audit(env)
    assert [(p.path, p.field) for p in err.value.problems] == [("oafreeze.yaml", "families.0")]


def test_a_reindented_task_json_is_a_note_not_a_failure(env):
    task_file(env).write_text(json.dumps(load(env), indent=4, ensure_ascii=False) + "\n")
    results = audit(env)
    assert all(r.passed for r in results.values())
    assert [(f.severity, f.path) for f in results[VICTIM].findings if f.item == "FAM"] == [("minor", "task.json")]


def test_a_family_spec_that_does_not_validate_is_reported_on_its_instances_and_the_run_goes_on(env):
    """A spec that names its family but breaks a rule (an instance's variable deleted) is no reason
    to stop the audit: each instance gets a FAM finding naming the spec, the field and the rule, and
    every other task is still audited."""
    spec = env / "families" / "covenant-package.yaml"
    text = spec.read_text()
    block = text[text.index("- id: v05"):]
    line = next(ln for ln in block.splitlines() if ln.strip().startswith("territory_c:"))
    spec.write_text(text[:text.index("- id: v05")] + block.replace(line + "\n", "", 1))
    results = {r.task: r for r in run_audit(env, [], record=False)}
    assert len(results) == 16  # every task of the environment, the six outside the family too
    family = {t: r for t, r in results.items() if t.startswith("covenant-package-")}
    assert len(family) == 10 and all(not r.passed for r in family.values())
    fam = blocking(family["covenant-package-v05"], "FAM")
    assert fam and "families/covenant-package.yaml" in fam[0].message and "territory_c" in fam[0].evidence
    assert "missing-variable" in fam[0].message
    assert all(r.passed for t, r in results.items() if t not in family)


def test_an_instance_whose_family_name_slipped_is_reported_not_left_out(env):
    task = load(env, "covenant-package-v07")
    task["oafreeze"]["family"] = "covenant-packages"
    save(env, task, "covenant-package-v07")
    fam = blocking(audit(env)["covenant-package-v07"], "FAM")
    assert [f.evidence for f in fam if f.location == "$.oafreeze.family"] == ["covenant-packages ~ covenant-package"]


def test_an_instance_stripped_of_its_family_keys_is_still_held_to_its_spec(env):
    task = load(env, VICTIM)
    for key in ("family", "instance", "variables"):
        del task["oafreeze"][key]
    save(env, task, VICTIM)
    result = audit(env, [VICTIM])[VICTIM]
    assert [(f.severity, f.location) for f in result.findings if f.item == "FAM"] == [("major", "$.oafreeze.family")]
    assert result.verdict("FAM") == "fail"


def test_an_instance_the_spec_declares_but_nobody_expanded_fails_every_instance(env):
    shutil.rmtree(env / "tasks" / VICTIM)
    results = audit(env)
    missing = {t: [f.evidence for f in r.findings if f.item == "FAM" and "is missing" in f.message]
               for t, r in results.items()}
    assert VICTIM not in missing and all(found == [VICTIM] for found in missing.values())
    assert not any(r.passed for r in results.values())
