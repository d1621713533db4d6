"""docs/TASKS.md and the task JSON Schema say what the code reads, and their examples work."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from conftest import ROOT, commit_all, init_repo
from oafreeze.environment.family import sample_env_root
from oafreeze.environment.task import json_schema, parse_task, runnable_problems
from oafreeze.plumbing import canonical

DOCS = ROOT / "docs" / "TASKS.md"


def examples() -> list[dict]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", DOCS.read_text(), re.S)]


def test_the_committed_task_schema_is_the_one_the_models_generate():
    committed = json.loads((ROOT / "freezer/schemas/task.schema.json").read_text())
    assert canonical.canonical_bytes(committed) == canonical.canonical_bytes(json_schema())


def test_every_field_the_model_reads_is_documented():
    text = DOCS.read_text()
    schema = json_schema()
    fields = set(schema["properties"])
    for name in ("Criterion", "Extension", "Trap", "SeededLaw"):
        fields |= set(schema["$defs"][name]["properties"])
    missing = sorted(f for f in fields if f"`{f}`" not in text)
    assert not missing, f"fields read by the code but not in docs/TASKS.md: {missing}"


def test_the_complete_example_is_exactly_what_init_writes():
    first = examples()[0]
    assert first == json.loads((sample_env_root() / "example/task.json").read_text())


def test_every_example_reads_runs_and_passes_the_audit(tmp_path, cli):
    found = examples()
    assert len(found) == 2
    for i, task in enumerate(found):
        source = f"docs/TASKS.md example {i + 1}"
        loaded = parse_task(json.dumps(task).encode(), source)
        assert runnable_problems(loaded.task, source) == []
    env = init_repo(tmp_path / "env")
    (env / "oafreeze.yaml").write_text("schema: oafreeze.environment/1\nname: docs\n")
    shutil.copytree(sample_env_root() / "example", env / "tasks/complete")
    plain = env / "tasks/lab-area/plain"
    (plain / "documents").mkdir(parents=True)
    (plain / "task.json").write_text(json.dumps(found[1], indent=2))
    (plain / "documents/supply-agreement.md").write_text(
        "# Supply Agreement\n\n14.3 A change of control of the Buyer is treated as an assignment of this Agreement, "
        "which needs the Supplier's prior written consent.\n")
    commit_all(env, "examples")
    code, result, err = cli.json("audit", "--no-record", cwd=env)
    failing = {t["task"]: [f["message"] for f in t["findings"] if f["severity"] in ("blocker", "major")]
               for t in result["tasks"] if not t["passed"]}
    assert code == 0 and not failing, (failing, err)
