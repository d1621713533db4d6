"""Task families: deterministic expansion, the variables-only check, refusals of bad specs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oafreeze.environment.family import expand_all, load_family, sample_env_root

SPEC = sample_env_root() / "families" / "covenant-package.yaml"
GUIDES = Path(__file__).resolve().parents[1] / "corpus" / "sample_library" / "practice-guides" / "non-compete" / "us"
LIBRARY_STATES = {"California", "Colorado", "Texas", "Oregon", "Louisiana", "North Carolina", "Washington",
                  "Massachusetts", "Illinois", "New York", "Minnesota", "Florida"}


def files_of(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def expanded(tmp_path_factory) -> Path:
    """The covenant family expanded once into a scratch environment."""
    from conftest import Cli

    env = tmp_path_factory.mktemp("family") / "env"
    code, out, err = Cli()("family", "expand", str(SPEC), "--env", str(env))
    assert code == 0, err
    return env


def write_spec(tmp_path: Path, design_text: str, spec_text: str) -> Path:
    (tmp_path / "d" / "documents").mkdir(parents=True)
    task = {"title": "T {{who}}", "instructions": "Draft memo.md.", "work_type": "draft",
            "deliverables": {"memo.md": "A memo."},
            "criteria": [{"id": "c1", "title": "x", "match_criteria": "PASS if memo.md names {{who}}. FAIL if not."}]}
    (tmp_path / "d" / "task.json").write_text(json.dumps(task))
    (tmp_path / "d" / "documents" / "facts.md").write_text(design_text)
    spec = tmp_path / "fam.yaml"
    spec.write_text(spec_text)
    return spec


GOOD_SPEC = "schema: oafreeze.family/1\nfamily: fam\ndesign: d\nvariables: [who]\ninstances:\n" \
            "  - {id: one, variables: {who: Ann}}\n  - {id: two, variables: {who: Bo}}\n"


def test_expansion_is_byte_deterministic(cli, tmp_path, expanded):
    code, out, err = cli("family", "expand", str(SPEC), "--env", str(tmp_path / "second"))
    assert code == 0, err
    assert files_of(tmp_path / "second") == files_of(expanded)


def test_covenant_family_has_ten_instances_with_the_required_triplets():
    spec = load_family(SPEC).spec
    assert [i.id for i in spec.instances] == ["original"] + [f"v{n:02d}" for n in range(1, 10)]
    triplets = [tuple(i.variables[f"state_{s}"] for s in "abc") for i in spec.instances]
    assert triplets[0] == ("California", "Colorado", "Texas")
    assert sum(set(t) == {"Oregon", "Louisiana", "North Carolina"} for t in triplets[1:]) == 1
    assert len({frozenset(t) for t in triplets}) == 10 and all(len(set(t)) == 3 for t in triplets)
    used = {s for t in triplets for s in t}
    assert used <= LIBRARY_STATES and used == LIBRARY_STATES
    for inst in spec.instances:
        for s in "abc":
            assert (GUIDES / f"{inst.variables[f'slug_{s}']}.md").is_file()


def test_expansion_fills_family_instance_and_variables(expanded):
    task = json.loads((expanded / "tasks/covenant-package-v01/task.json").read_text())
    ext = task["oafreeze"]
    assert (ext["family"], ext["instance"]) == ("covenant-package", "v01")
    assert ext["variables"]["state_b"] == "Louisiana"
    assert "{{" not in json.dumps(task)


def test_check_passes_on_a_fresh_expansion(cli, expanded):
    code, out, err = cli.json("family", "check", str(SPEC), "--env", str(expanded))
    assert code == 0, out
    assert out["ok"] and len(out["tasks"]) == 10


def test_undeclared_edit_in_one_instance_is_reported_with_file_and_line(cli, tmp_path):
    env = tmp_path / "env"
    assert cli("family", "expand", str(SPEC), "--env", str(env))[0] == 0
    sheet = env / "tasks/covenant-package-v04/documents/standing-instructions.md"
    lines = sheet.read_text().splitlines(keepends=True)
    lines[8] = lines[8].replace("We do not pay", "We rarely pay")
    sheet.write_text("".join(lines))
    code, out, err = cli("family", "check", str(SPEC), "--env", str(env))
    assert code == 1
    assert "tasks/covenant-package-v04/documents/standing-instructions.md:9" in out
    assert "outside the declared variables" in out


def test_expand_refuses_a_changed_folder_unless_forced_and_keeps_the_knowledge_base(cli, tmp_path):
    env = tmp_path / "env"
    assert cli("family", "expand", str(SPEC), "--env", str(env))[0] == 0
    kb = env / "tasks/covenant-package-original/documents/knowledge-base/guide.md"
    kb.parent.mkdir(parents=True)
    kb.write_text("pinned\n")
    assert cli("family", "expand", str(SPEC), "--env", str(env))[0] == 0  # unchanged: nothing to do
    sheet = env / "tasks/covenant-package-original/documents/term-sheet.md"
    sheet.write_text("edited\n")
    code, out, err = cli("family", "expand", str(SPEC), "--env", str(env))
    assert code == 2 and "term-sheet.md" in err and "--force" in err
    assert sheet.read_text() == "edited\n"
    assert cli("family", "expand", str(SPEC), "--env", str(env), "--force")[0] == 0
    assert sheet.read_text() != "edited\n" and kb.read_text() == "pinned\n"


def test_unknown_placeholder_is_refused_naming_it(cli, tmp_path):
    spec = write_spec(tmp_path, "Hello {{whom}}\n", GOOD_SPEC)
    code, out, err = cli.json("family", "expand", str(spec), "--env", str(tmp_path / "env"))
    assert code == 2
    problem = next(p for p in out["problems"] if p["rule"] == "unknown-placeholder")
    assert problem["field"] == "whom" and problem["path"].endswith("documents/facts.md") and problem["line"] == 1
    assert not (tmp_path / "env").exists()


def test_unused_variable_and_missing_instance_variable_are_refused_with_their_keys(cli, tmp_path):
    spec = write_spec(tmp_path, "Hello\n", GOOD_SPEC.replace("[who]", "[who, spare]"))
    code, out, err = cli.json("family", "check", str(spec), "--env", str(tmp_path))
    assert code == 2
    rules = {(p["rule"], p.get("field")) for p in out["problems"]}
    assert ("unused-variable", "variables[1]") in rules
    assert ("missing-variable", "instances[0](id one).variables.spare") in rules


def test_yaml_with_a_python_tag_is_refused(cli, tmp_path):
    spec = write_spec(tmp_path, "Hello {{who}}\n",
                      GOOD_SPEC.replace("family: fam", "family: !!python/object/apply:os.system ['true']"))
    code, out, err = cli("family", "expand", str(spec), "--env", str(tmp_path / "env"))
    assert code == 2
    assert "fam.yaml" in err and "python/object" in err and "safe-yaml" in err
    assert not (tmp_path / "env").exists()


def test_unknown_spec_key_is_named(cli, tmp_path):
    spec = write_spec(tmp_path, "Hello {{who}}\n", GOOD_SPEC + "colour: red\n")
    code, out, err = cli.json("family", "expand", str(spec), "--env", str(tmp_path / "env"))
    assert code == 2 and {"field": "colour", "rule": "extra_forbidden"}.items() <= out["problems"][0].items()


def test_expand_all_lays_out_the_whole_sample_environment(tmp_path):
    ids = expand_all(sample_env_root(), tmp_path)
    assert len(ids) == 16 and ids == sorted(ids)
    assert sum(i.startswith("covenant-package-") for i in ids) == 10
    assert sorted(p.name for p in (tmp_path / "tasks").iterdir()) == ids
    assert expand_all(sample_env_root(), tmp_path) == ids  # a second run finds nothing to change


def test_a_reindented_task_json_is_named_as_formatting_not_as_a_change(cli, tmp_path):
    env = tmp_path / "env"
    assert cli("family", "expand", str(SPEC), "--env", str(env))[0] == 0
    path = env / "tasks/covenant-package-v03/task.json"
    path.write_text(json.dumps(json.loads(path.read_text("utf-8")), indent=4, ensure_ascii=False) + "\n", "utf-8")
    code, out, err = cli.json("family", "check", str(SPEC), "--env", str(env))
    assert code == 1, out  # the bytes are not the expansion's: `family expand` would rewrite them
    changes = {(d["task"], d["path"], d["change"]) for d in out["differences"]}
    assert ("covenant-package-v03", "task.json", "reformatted") in changes
    assert not any(change == "modified" for _, _, change in changes)
    # One value changed as well: now it is a change of content.
    data = json.loads(path.read_text("utf-8"))
    data["work_type"] = "review"
    path.write_text(json.dumps(data, indent=4), "utf-8")
    code, out, err = cli.json("family", "check", str(SPEC), "--env", str(env))
    assert ("covenant-package-v03", "task.json", "modified") in {(d["task"], d["path"], d["change"])
                                                                 for d in out["differences"]}
