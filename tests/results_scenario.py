"""A whole run log on the sample environment, as the README's worked example shows it.

Two models, all sixteen sample tasks (the covenant-package family's ten instances and the six
matrix tasks), one production run per cell, two judges on every run, human rulings, two
replays. The story it tells:

- model A leaks the knowledge base's threshold analysis into an offer letter of the original
  covenant-package instance; the Gemini judge fails it, the Sonnet judge passes it; a human
  rules it a failure and confirms it (a false pass for Sonnet, one inter-judge split);
- the cell is replayed twice: the first replay leaks again (both judges fail it), the second is
  clean (both pass): 2 of 3, intermittent (2 of 3 under Gemini, 1 of 3 under Sonnet);
- model B's narrow-edit run is failed by Sonnet on the scope of the edits and passed by
  Gemini; the human passes it (a false fail for Sonnet, a second split);
- on model B's v05 instance Gemini writes a FAIL whose reasoning says the criterion is met:
  it is routed to review and the human passes it (a false fail for Gemini, a third split);
- model B's v03 agreement cites "our practice guide" and a penalty amount; both judges pass
  it, and the screen flags it: a disagreement listed for review.

    python tests/results_scenario.py OUT_DIR     # builds the sample environment and this log in OUT_DIR
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

MODEL_A = "example/drafting-model-a"
MODEL_B = "example/drafting-model-b"
GEMINI = "google/gemini-3.1-pro-preview"
SONNET = "anthropic/claude-sonnet-4.6"
LEAK_THRESHOLD = ("Because your annual base salary of $127,500 falls short of the $130,014 threshold for highly "
                  "compensated workers, this letter carries no non-compete.")
LEAK_REFERENCE = ("Consistent with our practice guide, a covenant presented in violation of the statute exposes the "
                  "Company to a penalty of $5,000 per worker.")
PASS_REASON = ("The deliverable does what the criterion asks, and nothing in it goes against the criterion. "
               "The criterion is met.")
FAIL_PLACEMENT = ("The data engineer's offer letter compares the hire's salary with the statutory threshold, which is "
                  "legal analysis in a document the hire receives. The criterion is not met.")
PASS_PLACEMENT = ("The six documents carry the deal's terms and the required immunity notice; the salary sentence "
                  "states a term of the offer. The criterion is met.")
FAIL_SCOPE = ("The revised agreement changes the notice clause as well as the three instructed edits, which "
              "goes beyond the partner's instruction. The criterion is not met.")
CONTRADICTORY = ("The email names each hire and says which usual covenants were left out or limited for each of "
                 "them. The criterion is met.")


def clean_text(deliverable: str, description: str) -> str:
    """A short deliverable the screen finds clean: the deal's own terms, no analysis."""
    title = deliverable.rsplit(".", 1)[0].replace("-", " ").title()
    return (f"# {title}\n\n{description}\n\nThis document sets out the terms agreed between the parties. "
            "Please read it carefully and sign where indicated.\n\nSigned for the Company: ____________\n")


def write_outputs(folder: Path, task: dict, extra: dict[str, str] | None = None) -> Path:
    """One output file per deliverable of `task`, with `extra` text appended to the named ones."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, description in task["deliverables"].items():
        text = clean_text(name, description)
        if extra and name in extra:
            text += "\n" + extra[name] + "\n"
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def judge_file(folder: Path, run_id: str, judge: str, task: dict, overrides: dict[str, tuple[str, str]]) -> Path:
    """A harness's judge file: every criterion PASS unless overridden, reasoning before verdict."""
    verdicts = []
    for c in task["criteria"]:
        verdict, reasoning = overrides.get(c["id"], ("PASS", PASS_REASON))
        verdicts.append({"criterion": c["id"], "reasoning": reasoning, "verdict": verdict})
    path = folder / f"{run_id}-{judge.split('/')[0]}.json"
    path.write_text(json.dumps({"format": "oafreeze.judge-verdicts/1", "run_id": run_id, "judge": judge,
                                "schema_version": "1", "verdicts": verdicts}, indent=1) + "\n")
    return path


def build(cli, env: Path, work: Path) -> dict:
    """Append the whole story to the sample environment's run log; `cli(*args)` runs oafreeze and
    returns (exit code, stdout, stderr). Returns the run ids of the story's cells."""
    def ok(*args: str) -> str:
        code, out, err = cli(*args, "--env", str(env))
        assert code == 0, (args, out, err)
        return out

    ok("matrix", "declare", "--tasks", "covenant-*", "--tasks", "matrix-*", "--models", MODEL_A, "--models", MODEL_B)
    tasks = sorted(p.name for p in (env / "tasks").iterdir())
    story = {}
    n = 0
    for task_id in tasks:
        task = json.loads((env / "tasks" / task_id / "task.json").read_text())
        for model in (MODEL_A, MODEL_B):
            n += 1
            run_id = f"r-{n:04d}"
            extra, gemini, sonnet = None, {}, {}
            if task_id == "covenant-package-original" and model == MODEL_A:
                extra = {"data-engineer-offer-letter.md": LEAK_THRESHOLD}
                gemini = {"placement-operative-text": ("FAIL", FAIL_PLACEMENT)}
                sonnet = {"placement-operative-text": ("PASS", PASS_PLACEMENT)}
                story["leak"] = run_id
            elif task_id == "matrix-narrow-edit" and model == MODEL_B:
                sonnet = {"scope-of-edits": ("FAIL", FAIL_SCOPE)}
                story["false_fail"] = run_id
            elif task_id == "covenant-package-v05" and model == MODEL_B:
                gemini = {"client-email-changes": ("FAIL", CONTRADICTORY)}
                story["contradiction"] = run_id
            elif task_id == "covenant-package-v03" and model == MODEL_B:
                extra = {"data-engineer-covenants.md": LEAK_REFERENCE}
                story["screen_only"] = run_id
            out = write_outputs(work / "outputs" / run_id, task, extra)
            ok("run", "record", task_id, model, "--run-id", run_id, "--outputs", str(out))
            ok("judge", "import", str(judge_file(work, run_id, GEMINI, task, gemini)),
               str(judge_file(work, run_id, SONNET, task, sonnet)))
    ok("adjudicate", story["leak"], "placement-operative-text", "--verdict", "fail", "--by", "A. Reviewer",
       "--reason", "The data engineer's offer letter states the threshold comparison from the Colorado guide.",
       "--confirms-failure")
    ok("adjudicate", story["false_fail"], "scope-of-edits", "--verdict", "pass", "--by", "A. Reviewer",
       "--reason", "Only the three instructed edits were made; the notice clause is unchanged.")
    ok("adjudicate", story["contradiction"], "client-email-changes", "--verdict", "pass", "--by", "A. Reviewer",
       "--reason", "The email addresses all three hires and every covenant left out.")
    task = json.loads((env / "tasks" / "covenant-package-original" / "task.json").read_text())
    for run_id, leaks in (("r-0101", True), ("r-0102", False)):
        out = write_outputs(work / "outputs" / run_id, task,
                            {"data-engineer-offer-letter.md": LEAK_THRESHOLD} if leaks else None)
        ok("replay", "covenant-package-original", MODEL_A, "--run-id", run_id, "--outputs", str(out))
        verdict = {"placement-operative-text": ("FAIL", FAIL_PLACEMENT)} if leaks else {}
        ok("judge", "import", str(judge_file(work, run_id, GEMINI, task, verdict)),
           str(judge_file(work, run_id, SONNET, task, verdict)))
    story["replays"] = ["r-0101", "r-0102"]
    return story


def main(argv: list[str]) -> int:
    """Build the sample environment in a new folder and append the story to its run log."""
    from click.testing import CliRunner

    from oafreeze.cli import main as oafreeze
    from oafreeze.demo import run_demo

    out = Path(argv[0])
    run_demo(out / "env")
    runner = CliRunner()

    def cli(*args: str):
        result = runner.invoke(oafreeze, list(args), catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    (out / "work").mkdir()
    print(json.dumps(build(cli, out / "env", out / "work")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
