"""A real browser for the HTML pages the tool writes: headless Chromium on a file: URL.

Without Chromium the browser tests skip with one line, except where OAFREEZE_REQUIRE_BROWSER=1
(CI installs Chromium and sets it): there a missing browser is a failure. OAFREEZE_CHROMIUM
names the binary when it is not `chromium` on the PATH.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

WINDOW = (1280, 1600)


def chromium() -> str:
    """The Chromium binary (OAFREEZE_CHROMIUM names another), or skip when there is none; under
    OAFREEZE_REQUIRE_BROWSER=1 a missing browser fails instead."""
    named = os.environ.get("OAFREEZE_CHROMIUM")
    if named is not None:
        found = named if Path(named).is_file() else None
    else:
        found = shutil.which("chromium") or shutil.which("chromium-browser") or (
            "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if found:
        return found
    message = "Chromium not found (apt-get install -y chromium); the page was not checked in a browser"
    if os.environ.get("OAFREEZE_REQUIRE_BROWSER") == "1":
        pytest.fail(message + ", and OAFREEZE_REQUIRE_BROWSER=1 requires it")
    pytest.skip(message)


def run_chromium(page: Path, tmp_path: Path, *mode: str) -> subprocess.CompletedProcess:
    """Headless Chromium on a file: URL, with a new empty profile and nothing fetched."""
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    profile.mkdir()
    argv = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", f"--user-data-dir={profile}", f"--window-size={WINDOW[0]},{WINDOW[1]}",
            *mode, page.resolve().as_uri()]
    return subprocess.run(argv, capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def near(pixel, target, tolerance: int = 6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], target))


def region(image, colour: str) -> tuple[int, int, int, int] | None:
    """The bounding box of the pixels painted in a region's background colour."""
    target = rgb(colour)
    xs, ys = [], []
    px = image.load()
    for y in range(0, image.height, 2):
        for x in range(0, image.width, 2):
            if near(px[x, y], target, 2):
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def count(image, box, colour: str) -> int:
    """Pixels of one outcome colour inside a box."""
    target = rgb(colour)
    px = image.load()
    return sum(1 for y in range(box[1], box[3]) for x in range(box[0], box[2]) if near(px[x, y], target))


