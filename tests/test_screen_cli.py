"""`oafreeze screen` on the sample environment's covenant family: each kind of flag, each kind of
allowed passage, the task's own screen settings, and what is not screened."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from docwriters import docx
from oafreeze.demo import run_demo
from oafreeze.environment.task import load_task
from oafreeze.screen import workspace
from oafreeze.screen.model import ADVISORY, LAW

ROOT = Path(__file__).resolve().parent.parent
TASK = "covenant-package-original"  # California, Colorado, Texas: salaries $188,000, $127,500, $84,000

OFFER = """# Offer of Employment

Dear {name},

Ferncliff Analytics, Inc. is pleased to offer you the position of {role}. Your annual base salary will be
{salary}, paid semi-monthly, and your first day of work will be {start}.

This offer is open until November 3, 2026. Please sign below to accept it.

Thomas Reyes, Chief Executive Officer
"""

COVENANTS = """# EMPLOYEE RESTRICTIVE COVENANT AGREEMENT

This Employee Restrictive Covenant Agreement (this "Agreement") is made as of {start} between Ferncliff
Analytics, Inc., a Delaware corporation (the "Company"), and {name} ("Employee").

## 1. Confidentiality

During and after employment, Employee will hold Confidential Information in confidence, use it only to perform
work for the Company, and not disclose it to anyone outside the Company except as the Company authorizes in writing.

## 2. Protected Activity

Under 18 U.S.C. § 1833(b), an individual is immune from federal and state trade secret liability for disclosing a
trade secret (a) in confidence to a government official or to a lawyer, solely to report or investigate a suspected
violation of law, or (b) in a complaint or other filing made under seal in a lawsuit or other proceeding.

## 3. Governing Law

This Agreement is governed by the laws of the State of {state}.
"""

HIRES = {
    "sales-director": ("Dana Whitcombe", "Regional Sales Director", "$188,000", "November 16, 2026", "California"),
    "data-engineer": ("Marcus Ilori", "Senior Data Engineer", "$127,500", "November 23, 2026", "Colorado"),
    "success-manager": ("Priya Venkataraman", "Customer Success Manager", "$84,000", "November 30, 2026", "Texas"),
}


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> Path:
    """The sample environment, laid out, audited and frozen by `oafreeze demo`."""
    root = tmp_path_factory.mktemp("screen") / "env"
    run_demo(root)
    return root


def package(folder: Path, add: dict[str, str] | None = None, skip: tuple[str, ...] = ()) -> Path:
    """The eight deliverables of the original instance, clean, with `add` appended to the named files."""
    folder.mkdir(parents=True)
    for role, (name, title, salary, start, state) in HIRES.items():
        (folder / f"{role}-offer-letter.md").write_text(OFFER.format(name=name, role=title, salary=salary, start=start))
        (folder / f"{role}-covenants.md").write_text(COVENANTS.format(name=name, start=start, state=state))
    (folder / "client-email.md").write_text("Renata,\n\nThe three packages are attached.\n")
    (folder / "rationale.md").write_text("# File memo\n\nChoices for each hire.\n")
    for name, text in (add or {}).items():
        path = folder / name
        path.write_text(path.read_text() + "\n" + text + "\n")
    for name in skip:
        (folder / name).unlink()
    return folder


def screen(cli, env: Path, folder: Path, task: str = TASK) -> tuple[int, dict]:
    code, out, err = cli("screen", task, str(folder), "--env", str(env), "--json")
    return code, json.loads(out)


def clone_task(env: Path, new_id: str, screen_settings=None, drop_operative: bool = False,
               rename: dict[str, str] | None = None) -> str:
    """A copy of the original instance under a new id, with its own `oafreeze.screen` settings
    (and deliverables renamed as `rename` says)."""
    shutil.copytree(env / "tasks" / TASK, env / "tasks" / new_id)
    path = env / "tasks" / new_id / "task.json"
    raw = json.loads(path.read_text())
    for old, new in (rename or {}).items():
        raw["deliverables"] = {(new if k == old else k): v for k, v in raw["deliverables"].items()}
        raw["oafreeze"]["operative"] = [new if d == old else d for d in raw["oafreeze"]["operative"]]
    if screen_settings is not None:
        raw["oafreeze"]["screen"] = screen_settings
    if drop_operative:
        del raw["oafreeze"]["operative"]
    path.write_text(json.dumps(raw, indent=2))
    return new_id


# -- what is flagged ---------------------------------------------------------------------


def test_a_clean_package_is_clean_and_exits_0(cli, env, tmp_path):
    folder = package(tmp_path / "out")
    code, out, _ = cli("screen", TASK, str(folder), "--env", str(env))
    assert code == 0, out
    assert "clean: 6 operative deliverable(s) screened, nothing flagged" in out
    code, data = screen(cli, env, folder)
    assert data["status"] == "clean" and data["flags"] == []
    assert [s["deliverable"] for s in data["screened"]] == sorted(f"{r}-{k}.md" for r in HIRES
                                                                  for k in ("covenants", "offer-letter"))


def test_copied_guide_text_is_flagged_with_the_guide_as_its_source(cli, env, tmp_path):
    quote = ("Putting the clause in the contract is itself unlawful under § 16600.1 and counts as unfair "
             "competition.")
    code, data = screen(cli, env, package(tmp_path / "out", {"sales-director-covenants.md": quote}))
    assert code == 1 and data["task"] == TASK
    flag = next(f for f in data["flags"] if f["kind"] == "copied-text")
    assert flag["deliverable"] == flag["file"] == "sales-director-covenants.md"
    assert flag["source"] == "documents/knowledge-base/practice-guides/non-compete/us/california.md"
    assert flag["line"] == 21 and "unfair competition" in flag["evidence"]
    assert set(flag) >= {"deliverable", "file", "kind", "evidence", "source", "line"}


def test_copied_standing_instructions_are_flagged_as_advisory_material(cli, env, tmp_path):
    copied = ("Include each one only where the law of the hire's work state allows it for that person, and tell us "
              "what you left out.")
    code, data = screen(cli, env, package(tmp_path / "out", {"data-engineer-covenants.md": copied}))
    assert code == 1
    assert [(f["kind"], f["source"]) for f in data["flags"]] == [("copied-text", "documents/standing-instructions.md")]


def test_a_path_into_the_knowledge_base_is_a_source_reference(cli, env, tmp_path):
    text = "This clause follows documents/knowledge-base/practice-guides/non-compete/us/colorado.md."
    code, data = screen(cli, env, package(tmp_path / "out", {"data-engineer-covenants.md": text}))
    assert code == 1 and [(f["kind"], f["rule"]) for f in data["flags"]] == [("source-reference", "kb-path")]


def test_a_threshold_comparison_in_an_offer_letter_is_legal_analysis(cli, env, tmp_path):
    text = ("Because your salary of $127,500 falls short of the $130,014 threshold for highly compensated workers, "
            "this letter carries no non-compete.")
    code, out, _ = cli("screen", TASK, str(package(tmp_path / "out", {"data-engineer-offer-letter.md": text})),
                       "--env", str(env))
    assert code == 1
    assert "data-engineer-offer-letter.md:12: legal-analysis (threshold-comparison)" in out
    assert "1 flag(s) in 1 of 6 operative deliverable(s)" in out


def test_advisory_deliverables_are_not_screened(cli, env, tmp_path):
    analysis = ("Colorado voids the non-compete because $127,500 is below the $130,014 threshold; see our "
                "practice guide.")
    folder = package(tmp_path / "out", {"rationale.md": analysis, "client-email.md": analysis})
    code, data = screen(cli, env, folder)
    assert code == 0 and data["status"] == "clean"
    assert not {"rationale.md", "client-email.md"} & {s["deliverable"] for s in data["screened"]}


def test_a_docx_deliverable_is_read_and_screened(cli, env, tmp_path):
    task = clone_task(env, "covenant-package-docx", rename={"success-manager-covenants.md": "covenants-priya.docx"})
    folder = package(tmp_path / "out", skip=("success-manager-covenants.md",))
    (folder / "Covenants Priya.docx").write_bytes(docx([
        "Employee Restrictive Covenant Agreement",
        "This covenant is unenforceable in California, so the Company relies on Texas law."]))
    code, data = screen(cli, env, folder, task)
    assert code == 1
    flag = data["flags"][0]
    assert flag["file"] == "Covenants Priya.docx" and flag["deliverable"] == "covenants-priya.docx"
    assert flag["kind"] == "legal-analysis" and flag["line"] == 2


def test_an_operative_deliverable_without_a_file_is_named_as_missing(cli, env, tmp_path):
    code, data = screen(cli, env, package(tmp_path / "out", skip=("success-manager-offer-letter.md",)))
    assert code == 0 and data["missing"] == ["success-manager-offer-letter.md"] and len(data["screened"]) == 5


# -- what is left alone -------------------------------------------------------------------


def test_the_immunity_notice_the_colorado_notice_and_bare_cross_references_are_left_alone(cli, env, tmp_path):
    colorado = ("## Notice of Covenant Not to Compete\n\nThis notice is given under C.R.S. § 8-2-113(4). The "
                "Agreement "
                "you are asked to sign contains a covenant not to compete that could restrict your options for "
                "subsequent employment following your separation from the Company. A covenant that does not meet "
                "the statute is void.")
    xref = ("Nothing in this Agreement restricts Employee except to the extent permitted by Cal. Bus. & Prof. "
            "Code § 16600.")
    folder = package(tmp_path / "out", {"data-engineer-covenants.md": colorado, "sales-director-covenants.md": xref})
    code, data = screen(cli, env, folder)
    assert code == 0 and data["flags"] == []  # the base covenants carry the 18 U.S.C. § 1833(b) notice too


def test_template_form_text_is_the_agreements_own_language(cli, env, tmp_path):
    form = ('"Confidential Information" means non-public information of the Company or its customers, in any form, '
            "that Employee learns or creates in the course of employment, including business plans, pricing, "
            "customer data, product designs, source code, financial data and personnel information.")
    code, data = screen(cli, env, package(tmp_path / "out", {"success-manager-covenants.md": form}))
    assert code == 0 and data["flags"] == []


def test_the_deals_figures_come_from_the_term_sheet_and_are_not_read_as_penalties(cli, env, tmp_path):
    loaded = load_task(env, TASK)
    sources = workspace.task_sources(env / "tasks" / TASK, loaded)
    assert sources.policy.deal_terms == ("$127,500", "$188,000", "$84,000")
    damages = ("If Employee breaches Section 1, the Company may recover damages equal to one year of base salary, "
               "$127,500.")
    code, data = screen(cli, env, package(tmp_path / "out", {"data-engineer-covenants.md": damages}))
    assert code == 0 and data["flags"] == []
    other = damages.replace("$127,500", "$129,000")  # not a figure of this deal
    code, data = screen(cli, env, package(tmp_path / "other", {"data-engineer-covenants.md": other}))
    assert code == 1 and data["flags"][0]["rule"] == "penalty"


def test_a_figure_a_source_states_is_never_a_deal_term(env):
    sources = workspace.task_sources(env / "tasks" / TASK, load_task(env, TASK))
    assert "$130,014" not in sources.policy.deal_terms  # the Colorado threshold, stated in the guide


def test_a_declared_allowed_passage_is_not_flagged(cli, env, tmp_path):
    passage = "Colorado law requires that you receive a separate notice of this covenant"
    text = passage + " before you accept this offer."
    folder = package(tmp_path / "out", {"data-engineer-offer-letter.md": text})
    code, data = screen(cli, env, folder)
    assert code == 1 and data["flags"][0]["rule"] == "law-statement"  # a gray zone, flagged by default
    task = clone_task(env, "covenant-package-allowed", {"allowed": [passage]})
    code, data = screen(cli, env, folder, task)
    assert code == 0 and data["flags"] == []


def test_a_required_notice_declared_by_id_or_by_text_is_not_flagged(cli, env, tmp_path):
    advice = ("The Company advises you to consult a lawyer before you sign; Illinois law requires the Company to give "
              "you this advice in writing.")
    folder = package(tmp_path / "out", {"sales-director-covenants.md": advice})
    assert screen(cli, env, folder)[0] == 1
    by_id = clone_task(env, "covenant-package-counsel", {"required_notices": ["consult-counsel"]})
    code, data = screen(cli, env, folder, by_id)
    assert code == 0 and data["flags"] == []
    by_text = clone_task(env, "covenant-package-counsel-text", {"required_notices": [advice]})
    code, data = screen(cli, env, folder, by_text)
    assert code == 0 and data["flags"] == []


def test_a_task_can_say_which_workspace_documents_are_sources(cli, env, tmp_path):
    copied = ("Include each one only where the law of the hire's work state allows it for that person, and tell us "
              "what you left out.")
    folder = package(tmp_path / "out", {"data-engineer-covenants.md": copied})
    task = clone_task(env, "covenant-package-deal-only", {"sources": {"documents/standing-instructions.md": "deal"}})
    code, data = screen(cli, env, folder, task)
    assert code == 0 and {"path": "documents/standing-instructions.md", "kind": "deal"} in data["workspace"]


# -- what cannot be screened -------------------------------------------------------------


def test_a_task_without_operative_deliverables_has_nothing_to_screen_and_says_so(cli, env, tmp_path):
    task = clone_task(env, "covenant-package-no-operative", drop_operative=True)
    folder = package(tmp_path / "out", {"sales-director-covenants.md": "See our practice guide."})
    code, out, _ = cli("screen", task, str(folder), "--env", str(env))
    assert code == 0 and "marks no deliverable operative (oafreeze.operative): nothing to screen" in out
    code, data = screen(cli, env, folder, task)
    assert data["status"] == "not-screened" and data["flags"] == [] and data["screened"] == []


@pytest.mark.parametrize("settings, field, words", [
    ({"allow": ["x"]}, "oafreeze.screen.allow", "unknown key"),
    ({"required_notices": ["colorado-notice-x"]}, "oafreeze.screen.required_notices[0]", "unknown notice id"),
    ({"sources": {"documents/term-sheet.md": "memo"}}, "oafreeze.screen.sources.documents/term-sheet.md",
     "is not one of"),
    ({"criteria": ["no-such-criterion"]}, "oafreeze.screen.criteria[0]", "is not a criterion of this task"),
    ({"allowed": "one passage"}, "oafreeze.screen.allowed", "must be a list"),
])
def test_bad_screen_settings_are_refused_naming_the_file_and_the_field(cli, env, tmp_path, settings, field, words):
    task = clone_task(env, f"covenant-package-bad-{abs(hash(field)) % 10**6}", settings)
    folder = package(tmp_path / "out")
    code, out, err = cli("screen", task, str(folder), "--env", str(env))
    assert code == 2 and f"tasks/{task}/task.json" in err and field in err and words in err and "Traceback" not in err
    code, out, _ = cli("screen", task, str(folder), "--env", str(env), "--json")
    error = json.loads(out)
    assert code == 2 and error["problems"][0]["field"] == field and error["problems"][0]["rule"] == "screen-settings"


# -- deciding which workspace documents are sources ------------------------------------------


def test_workspace_documents_get_the_kinds_the_labelled_corpus_gives_them():
    spec = yaml.safe_load((ROOT / "tests/data/screen/labels.yaml").read_text())
    labelled = {w["path"]: w["kind"] for d in spec["documents"] for w in d.get("workspace") or []}
    designs = ROOT / "environment/sample_env"
    for path in sorted(designs.rglob("documents/*.md")):
        rel = path.relative_to(designs).as_posix()
        assert workspace.document_kind(rel) == labelled.get(rel, workspace.DEAL), rel
    assert workspace.document_kind("documents/privileged-opinion.docx") == ADVISORY
    assert workspace.document_kind("documents/texas-business-code-excerpt.pdf") == LAW


def test_the_placement_criteria_are_named_declared_or_the_placement_traps(env):
    loaded = load_task(env, TASK)
    assert workspace.placement_criteria(loaded) == ["placement-operative-text"]
    declared = workspace.Settings(criteria=("terms-sales-director",))
    assert workspace.placement_criteria(loaded, declared) == ["terms-sales-director"]
    for design in sorted((ROOT / "environment/sample_env/tasks").iterdir()):
        found = workspace.placement_criteria(load_task(design.parent.parent, design.name))
        assert found and all(c.startswith("placement-") for c in found), design.name
