"""The screen as the command line runs it (sources and deal figures taken from the task's
workspace, benchmarks/screen_tasks.py) scores as the labelled path does on the corpus."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import screen_tasks  # noqa: E402


def test_the_task_level_screen_scores_like_the_labelled_one_on_the_task_bound_documents(tmp_path):
    result = screen_tasks.run(tmp_path / "env")
    assert result["documents"] == 44 and result["tasks"] == 10
    assert result["differences"] == []
    assert result["task_path"] == result["labelled_path"]
    assert result["task_path"]["precision"] >= 0.95 and result["task_path"]["recall"] >= 0.9
