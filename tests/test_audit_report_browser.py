"""`oafreeze audit --html` in a real browser (Chromium): the reviewer's page renders, its
findings are painted in their severity's colour, and text from a task stays text."""

from __future__ import annotations

import re

from browser import near, region, rgb, run_chromium
from hygiene_helpers import make_env, task_json

MAJOR_BACKGROUND = "#fdf0dc"  # hygiene/report_html.py: .major
FAIL_TEXT = "#a11d1d"  # .fail


def failing_env(tmp_path):
    # A major H05 finding ('the document' where there are two deliverables), with markup in it.
    task = task_json()
    task["criteria"][2]["deliverables"] = ["client-email.md", "agreement.md"]
    task["criteria"][2]["match_criteria"] = ("PASS if the document warns the client <script>document.title='x'"
                                             "</script>. FAIL if it does not.")
    return make_env(tmp_path / "env", {"t1": (task, None), "t2": (None, None)})


def test_in_chromium_the_audit_report_shows_the_failure_in_its_colours_and_runs_nothing(tmp_path, cli):
    from PIL import Image

    env = failing_env(tmp_path)
    page = tmp_path / "report.html"
    code, _out, _err = cli("audit", "--env", str(env), "--html", str(page), "--no-record")
    assert code == 1
    proc = run_chromium(page, tmp_path, "--dump-dom")
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    # The task's markup arrived as text: no script element, the title the page set is intact.
    assert "<script" not in dom and "&lt;script&gt;" in dom
    assert re.search(r"<title>oafreeze hygiene audit: 1/2 passed</title>", dom)
    assert 'id="t1-H05-1"' in dom and "t2: <span" in dom

    shot = tmp_path / "report.png"
    proc = run_chromium(page, tmp_path, f"--screenshot={shot}", "--window-size=1280,6000")
    assert proc.returncode == 0 and shot.is_file(), proc.stderr[-2000:]
    image = Image.open(shot).convert("RGB")
    finding = region(image, MAJOR_BACKGROUND)
    assert finding is not None, "the major finding was not painted"
    px = image.load()
    red = sum(1 for y in range(0, min(image.height, 400)) for x in range(image.width) if near(px[x, y], rgb(FAIL_TEXT), 30))
    assert red > 50, "the FAILED verdict is not drawn in the failing colour near the top"


def test_a_report_where_everything_passes_paints_no_finding(tmp_path, cli):
    from PIL import Image

    env = make_env(tmp_path / "env", {"t2": (None, None)})
    page = tmp_path / "report.html"
    code, _out, _err = cli("audit", "--env", str(env), "--html", str(page), "--no-record")
    assert code == 0
    shot = tmp_path / "report.png"
    proc = run_chromium(page, tmp_path, f"--screenshot={shot}", "--window-size=1280,6000")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert region(Image.open(shot).convert("RGB"), MAJOR_BACKGROUND) is None
