"""`oafreeze results --html`: one self-contained page, checked as a file and in a real headless
browser (Chromium): the matrix and the family strip must be drawn in their outcome colours.
How the browser is found, and when its absence skips or fails: tests/browser.py.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from browser import WINDOW, count, region, run_chromium
from oafreeze.runlog.results_html import MATRIX_BACKGROUND, OUTCOMES, POLICY, STRIP_BACKGROUND
from test_results_scenario import report, scenario  # noqa: F401 - the shared scenario fixtures
from test_runlog_rules import PASS_C1, judge_file, make_env, outputs

@pytest.fixture(scope="module")
def page(scenario, tmp_path_factory) -> Path:  # noqa: F811 - the fixture imported above
    env, _story, cli = scenario
    path = tmp_path_factory.mktemp("page") / "results.html"
    code, out, err = cli("results", "--env", str(env), "--html", str(path))
    assert code == 0, err
    assert f"results page written to {path}" in out
    return path


# -- the file ----------------------------------------------------------------------------


def test_the_page_is_one_self_contained_file_with_a_content_security_policy(page):
    html = page.read_text()
    from markupsafe import escape

    assert f'<meta http-equiv="Content-Security-Policy" content="{escape(POLICY)}">' in html
    assert "default-src 'none'" in POLICY
    assert "<script" not in html.lower() and not re.search(r'(src|href)="(https?:)?//', html)
    assert "<link" not in html.lower()
    assert html.count('<details class="sq') == 12 + 20  # 6 matrix tasks and 10 instances, two models each


def test_the_header_names_the_freeze_its_digest_and_the_knowledge_base_pin(page, scenario):  # noqa: F811
    env, _story, _cli = scenario
    import json

    manifest = json.loads(next((env / "manifests").glob("*.json")).read_text())
    html = page.read_text()
    assert manifest["id"] in html and manifest["digest"] in html
    assert manifest["knowledge_base"]["snapshot"]["commit"] in html
    assert manifest["knowledge_base"]["snapshot"]["digest"] in html


def test_a_square_opens_on_the_instance_the_judges_reasoning_the_ruling_replays_and_flags(page):
    html = page.read_text()
    detail = html[html.index('title="original · example/drafting-model-a'):]
    detail = detail[:detail.index("</details></td>")]
    assert "States:</b> California · Colorado · Texas" in detail
    assert "google/gemini-3.1-pro-preview" in detail and "anthropic/claude-sonnet-4.6" in detail
    assert "compares the hire&#39;s salary with the statutory threshold" in detail  # the reasoning, escaped
    assert "Human ruling:" in detail and "by A. Reviewer" in detail and "confirms the failure" in detail
    assert "r-0101" in detail and "r-0102" in detail and "2 of 3, intermittent" in detail
    assert "threshold-comparison" in detail and "data-engineer-offer-letter.md:" in detail


def test_the_page_is_written_once_and_never_overwritten(page, scenario):  # noqa: F811
    env, _story, cli = scenario
    before = page.read_bytes()
    code, _out, err = cli("results", "--env", str(env), "--html", str(page))
    assert code == 2 and "already exists" in err and page.read_bytes() == before


def test_text_from_the_log_is_escaped_not_markup(cli, tmp_path):
    env = make_env(tmp_path / "env", instances=1, models=("acme/model-a",))
    cli("matrix", "declare", "--tasks", "covenant-package-*", "--models", "acme/model-a", "--env", str(env))
    cli("run", "record", "covenant-package-v01", "acme/model-a", "--run-id", "r1", "--outputs",
        str(outputs(tmp_path / "o")), "--env", str(env))
    hostile = ("PASS", '<script>alert("x")</script><img src=https://example.org/x.png> The criterion is met.')
    cli("judge", "import", str(judge_file(tmp_path, "r1", "openai/gpt-5", {"C1-repeal": hostile, "C2-leak": PASS_C1})),
        "--env", str(env))
    cli("adjudicate", "r1", "C1-repeal", "--verdict", "pass", "--by", "<b>Mallory</b>", "--reason", "fine",
        "--env", str(env))
    path = tmp_path / "page.html"
    assert cli("results", "--env", str(env), "--html", str(path))[0] == 0
    html = path.read_text()
    assert "<script>" not in html and "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    assert "<img" not in html and "&lt;b&gt;Mallory&lt;/b&gt;" in html


# -- in a browser ------------------------------------------------------------------------


def test_in_chromium_the_dom_holds_the_matrix_the_strip_and_every_square(page, tmp_path):
    started = time.perf_counter()
    proc = run_chromium(page, tmp_path, "--dump-dom")
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    assert 'id="matrix"' in dom and 'id="family-covenant-package"' in dom
    assert len(re.findall(r'<details class="sq[^"]*"><summary class="o-(pass|fail|review|pending|not-run)"', dom)) == 32
    assert dom.count('class="o-fail"') == 1  # the original instance under model A
    assert "Matrix: 6 tasks × 2 models" in dom and "Family covenant-package: 10 instances × 2 models" in dom
    assert "2 of 3" in dom and "68 judgings, 3 inter-judge splits" in dom
    assert time.perf_counter() - started < 120


def test_in_chromium_the_screenshot_shows_the_matrix_and_the_strip_in_their_outcome_colours(page, tmp_path):
    from PIL import Image

    shot = tmp_path / "page.png"
    proc = run_chromium(page, tmp_path, f"--screenshot={shot}")
    assert proc.returncode == 0 and shot.is_file(), proc.stderr[-2000:]
    image = Image.open(shot).convert("RGB")
    assert image.size == WINDOW
    px = image.load()
    painted = sum(1 for y in range(0, image.height, 4) for x in range(0, image.width, 4) if px[x, y] != (255, 255, 255))
    assert painted > 0.05 * (image.width // 4) * (image.height // 4), "the page rendered (almost) empty"
    matrix = region(image, MATRIX_BACKGROUND)
    strip = region(image, STRIP_BACKGROUND)
    assert matrix and strip, "the matrix or the family strip was not drawn"
    assert matrix[3] < strip[1], "the matrix comes before the strip"
    pass_colour, fail_colour = OUTCOMES["pass"][1], OUTCOMES["fail"][1]
    # The matrix: twelve wide squares, all pass.
    assert count(image, matrix, pass_colour) > 12 * 2000
    assert count(image, matrix, fail_colour) == 0
    # The strip: twenty squares, nineteen pass and one fail (the original instance under model A).
    assert count(image, strip, pass_colour) > 19 * 800
    assert 800 < count(image, strip, fail_colour) < 2 * 48 * 40


def test_the_screenshot_check_sees_an_empty_page_as_empty(tmp_path):
    from PIL import Image

    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><html><head><title>x</title></head><body></body></html>")
    shot = tmp_path / "blank.png"
    proc = run_chromium(blank, tmp_path, f"--screenshot={shot}")
    assert proc.returncode == 0 and shot.is_file(), proc.stderr[-2000:]
    image = Image.open(shot).convert("RGB")
    assert region(image, MATRIX_BACKGROUND) is None and region(image, STRIP_BACKGROUND) is None
