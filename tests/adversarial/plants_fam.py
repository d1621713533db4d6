"""FAM family consistency: an instance of covenant-package differs from its siblings only where the
family spec's variables say it does."""

from __future__ import annotations

import json
from pathlib import Path

from .cases import near_miss, plant
from .edits import (FAMILY_DESIGN, FAMILY_SPEC, add_criterion, criterion, drop_criterion, edit_doc, instance_variables, load_task,
                    instructions_add, remove_doc, replace_in_task_folder, replace_text, seeded, set_spec_variable,
                    spec_variables, task_dir, task_json, write_doc)
from .heldout import _spec_block_replace  # a later round's spec editor

FAMILY = "covenant-package"


def _instance(task: str) -> str:
    return task.removeprefix(FAMILY + "-")


@plant("fam-criterion-reworded", "FAM", "covenant-package-v03",
       "One instance rewords a criterion outside any variable ('discloses no other' -> 'does not disclose any other').")
def criterion_reworded(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        crit = criterion(t, "terms-sales-director")
        crit["match_criteria"] = replace_text(crit["match_criteria"], "and discloses no other new hire's pay",
                                              "and does not disclose any other new hire's pay")


@plant("fam-criterion-dropped", "FAM", "covenant-package-v04", "One instance drops the cover-email criterion.")
def criterion_dropped(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        drop_criterion(t, "client-email-changes")


@plant("fam-criterion-added", "FAM", "covenant-package-v05", "One instance gains a criterion its siblings lack.")
def criterion_added(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        add_criterion(t, "offer-letters-equity", "Offer letters state the equity grants",
                      "PASS if sales-director-offer-letter.md offers an option to purchase 12,000 shares subject to "
                      "board approval. FAIL if the equity grant is missing or different.",
                      ["sales-director-offer-letter.md"])


@plant("fam-document-sentence-changed", "FAM", "covenant-package-v06",
       "One instance's standing instructions now allow garden-leave pay, changing the legal problem.")
def document_changed(env: Path, task: str) -> None:
    edit_doc(env, task, "standing-instructions.md",
             "We do not pay garden leave or any other payment for a period in which a former employee is restricted.",
             "We are willing to pay garden leave at half of base salary for a restricted period.")


@plant("fam-extra-document", "FAM", "covenant-package-v07", "One instance's workspace has an extra document.")
def extra_document(env: Path, task: str) -> None:
    write_doc(env, task, "benefits-faq.md", "# Benefits FAQ\n\nHealth coverage starts on the first day of the month.\n")


@plant("fam-document-removed", "FAM", "covenant-package-v08", "One instance lacks standing-instructions.md.")
def document_removed(env: Path, task: str) -> None:
    remove_doc(env, task, "standing-instructions.md")


@plant("fam-instructions-changed", "FAM", "covenant-package-v09",
       "One instance's instructions gain a sentence its siblings do not have.")
def instructions_changed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        instructions_add(t, "Keep each offer letter to one page.")


@plant("fam-as-of-changed", "FAM", "covenant-package-v02", "One instance's as_of differs (as_of is not a variable).")
def as_of_changed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["as_of"] = "2026-10-20"


@plant("fam-deliverable-renamed", "FAM", "covenant-package-v01",
       "One instance renames rationale.md to file-memo.md consistently inside its own task.json.")
def deliverable_renamed(env: Path, task: str) -> None:
    assert replace_in_task_folder(task_dir(env, task), "rationale.md", "file-memo.md") >= 1


@plant("fam-seeded-law-verification-changed", "FAM", "covenant-package-v03",
       "One instance's seeded DTSA excerpt has another verified_on date than its siblings.")
def verification_changed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        seeded(t, "18 U.S.C. § 1833(b)(3)(A)")["verified_on"] = "2026-09-15"


@plant("fam-instance-stale-after-spec-change", "FAM", "covenant-package-original",
       "The spec changes an instance's salary variable but the instance is not re-expanded.")
def stale_instance(env: Path, task: str) -> None:
    set_spec_variable(env, _instance(task), "salary_c", "$86,000")


@plant("fam-design-changed-not-reexpanded", "FAM", "covenant-package-v05",
       "The family design's term sheet changes but no instance is re-expanded.")
def design_changed(env: Path, task: str) -> None:
    path = env / FAMILY_DESIGN / "documents" / "term-sheet.md"
    path.write_text(replace_text(path.read_text("utf-8"), "Offers open until: 2026-11-03",
                                 "Offers open until: 2026-11-10"), "utf-8")


@plant("fam-one-variable-diverges-in-one-file", "FAM", "covenant-package-v06",
       "The term sheet shows a different salary for hire 1 than the instance's variable and criteria.")
def variable_diverges(env: Path, task: str) -> None:
    salary = instance_variables(env, task)["salary_a"]
    edit_doc(env, task, "term-sheet.md", f"Annual base salary: {salary}", "Annual base salary: $158,000")


@plant("fam-trap-description-changed", "FAM", "covenant-package-v07", "One instance's trap description is rewritten.")
def trap_changed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["trap"]["description"] += " This instance also tests the offer letters' equity terms."


@plant("fam-placement-roles-changed", "FAM", "covenant-package-v08",
       "One instance moves rationale.md from advisory to operative.")
def roles_changed(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        t["oafreeze"]["advisory"].remove("rationale.md")
        t["oafreeze"]["operative"].append("rationale.md")


# --- near-misses ---------------------------------------------------------------------------------


@near_miss("fam-nm-variable-changed-consistently", "FAM", "covenant-package-v01",
           "An instance's salary_a is changed in the spec and everywhere the instance uses it.",
           "Salaries are declared variables; spec and instance agree, so the instance is still a fresh "
           "expansion of its spec.")
def variable_consistent(env: Path, task: str) -> None:
    old = set_spec_variable(env, _instance(task), "salary_a", "$151,000")
    assert replace_in_task_folder(task_dir(env, task), old, "$151,000") >= 2


@near_miss("fam-nm-email-changed-consistently", "FAM", "covenant-package-v02",
           "An instance's email_b is changed (still at example.com) in the spec and in the instance.",
           "email_b is a declared variable and the new value is a reserved example address.")
def email_consistent(env: Path, task: str) -> None:
    old = set_spec_variable(env, _instance(task), "email_b", "r.quintero@example.com")
    assert replace_in_task_folder(task_dir(env, task), old, "r.quintero@example.com") >= 1


@near_miss("fam-nm-design-reworded-everywhere", "FAM", "covenant-package-v04",
           "A sentence of the design's client request is reworded in the design and in all ten instances.",
           "Every instance still equals the expansion of the (changed) design: the family differs only in "
           "its variables.")
def design_everywhere(env: Path, task: str) -> None:
    old = "Could your team prepare the offer letter and the restrictive covenant agreement for each of them?"
    new = "Could your team prepare an offer letter and a restrictive covenant agreement for each of them?"
    path = env / FAMILY_DESIGN / "documents" / "client-request.md"
    path.write_text(replace_text(path.read_text("utf-8"), old, new), "utf-8")
    for folder in sorted((env / "tasks").glob(f"{FAMILY}-*")):
        append = folder / "documents" / "client-request.md"
        append.write_text(replace_text(append.read_text("utf-8"), old, new), "utf-8")


# Moved from the held-out set (its fourth fresh round): it informed a change to the audit.
@near_miss("fam-nm-task-json-reindented", "FAM", "covenant-package-v03",
           "One instance's task.json is re-saved with four-space indentation; every key and value is unchanged.",
           "HYGIENE.md's family check compares what instances say, which must differ only in the declared variables; "
           "JSON indentation carries no content, so the instance still equals its spec's expansion.",
           doubtful="Noted after the first scoring: TASKS.md says oafreeze keeps task.json byte for byte; one can read "
                    "the family check as comparing bytes with a fresh expansion rather than content.")
def fam_nm_reindent(env: Path, task: str) -> None:
    path = task_dir(env, task) / "task.json"
    data = json.loads(path.read_text("utf-8"))
    path.write_text(json.dumps(data, indent=4, ensure_ascii=False) + "\n", "utf-8")


@plant("fam-task-json-reindented-and-title-reworded", "FAM", "covenant-package-v03",
       "One instance's task.json is re-saved with four-space indentation and, outside any variable, its placement "
       "criterion's title is reworded ('carry only' -> 'hold nothing but').")
def fam_reindent_and_title(env: Path, task: str) -> None:
    path = task_dir(env, task) / "task.json"
    data = json.loads(path.read_text("utf-8"))
    crit = criterion(data, "placement-operative-text")
    crit["title"] = replace_text(crit["title"], "carry only terms and required notices",
                                 "hold nothing but terms and required notices")
    path.write_text(json.dumps(data, indent=4, ensure_ascii=False) + "\n", "utf-8")


@near_miss("fam-nm-r7-spec-yaml-anchor-and-alias", "FAM", "covenant-package-v08",
           "In the family spec, v07's territory_b is given a YAML anchor (&internal_role) and v08's territory_b is "
           "written as the alias *internal_role; both resolve to the same text as before.",
           "A YAML alias is the anchored value itself once parsed, so every instance's variables, and hence its "
           "expansion, are unchanged, as HYGIENE.md's family check requires.")
def fam_nm_r7_alias(env: Path, task: str) -> None:
    v07 = spec_variables(env, "v07")["territory_b"]
    assert spec_variables(env, "v08")["territory_b"] == v07
    assert set_spec_variable(env, "v07", "territory_b", "&internal_role " + v07) == v07
    assert set_spec_variable(env, "v08", "territory_b", "*internal_role") == v07
    assert spec_variables(env, "v08")["territory_b"] == v07


@plant("fam-r7-spec-yaml-anchor-and-alias-companion", "FAM", "covenant-package-v08",
       "A tidy-up of the family spec anchors v03's Massachusetts values (&ma_territory, &ma_salary) and writes v08's "
       "territory_a and salary_a as aliases; the territory is the same text, but v08's salary_a now resolves to "
       "v03's $176,000 while the v08 task was expanded with $149,000.")
def fam_r7_alias_wrong_value(env: Path, task: str) -> None:
    inst = _instance(task)
    v03 = spec_variables(env, "v03")
    assert spec_variables(env, inst)["territory_a"] == v03["territory_a"]
    assert instance_variables(env, task)["salary_a"] == "$149,000" != v03["salary_a"]
    set_spec_variable(env, "v03", "territory_a", "&ma_territory " + v03["territory_a"])
    set_spec_variable(env, "v03", "salary_a", "&ma_salary " + v03["salary_a"])
    set_spec_variable(env, inst, "territory_a", "*ma_territory")
    set_spec_variable(env, inst, "salary_a", "*ma_salary")
    assert spec_variables(env, inst)["salary_a"] == v03["salary_a"] == "$176,000"
    assert spec_variables(env, "v03") == v03


@plant("fam-r14-spec-instance-lost-a-variable", "FAM", "covenant-package-v05",
       "Tidying the family spec deleted v05's territory_c line; the instance, expanded before, still records and "
       "uses the territory, so the spec no longer declares a value the instance carries.")
def fam_r14_spec_lost_variable(env: Path, task: str) -> None:
    assert "territory_c" in load_task(env, task)["oafreeze"]["variables"]
    n = _spec_block_replace(env, "v05", r"    territory_c: [^\n]*\n", "")
    assert n == 1


@plant("fam-r14-family-name-misspelt-in-one-instance", "FAM", "covenant-package-v07",
       "Instance v07 names its family 'covenant-packages' (a stray plural), a family that does not exist, so it is "
       "no longer checked against the design and its siblings.")
def fam_r14_family_typo(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        assert t["oafreeze"]["family"] == "covenant-package"
        t["oafreeze"]["family"] = "covenant-packages"


# --- nineteenth held-out round: the family's instances ---


@plant("fam-r19-family-keys-stripped-from-one-instance", "FAM", "covenant-package-v05",
       "Someone 'cleaned' instance v05's oafreeze block: family, instance and variables are gone, so the task no "
       "longer says it belongs to covenant-package, though the family spec still declares v05 and its documents are "
       "that expansion.")
def fam_r19_stripped(env: Path, task: str) -> None:
    with task_json(env, task) as t:
        for key in ("family", "instance", "variables"):
            assert key in t["oafreeze"]
            del t["oafreeze"][key]


@plant("fam-r19-spec-declares-instance-never-expanded", "FAM", "covenant-package-original",
       "The family spec gains an instance v10 (a copy of v09's block) that was never expanded: there is no "
       "covenant-package-v10 task, so the family runs nine variants while its spec declares ten.")
def fam_r19_v10(env: Path, task: str) -> None:
    import yaml

    path = env / FAMILY_SPEC
    text = path.read_text("utf-8")
    start = text.index("- id: v09\n")
    block = text[start:].rstrip("\n") + "\n"
    path.write_text(text.rstrip("\n") + "\n" + block.replace("- id: v09\n", "- id: v10\n", 1), "utf-8")
    ids = [i["id"] for i in yaml.safe_load(path.read_text("utf-8"))["instances"]]
    assert ids[-2:] == ["v09", "v10"]
