"""Why the git module does not use GitPython: one measurement, rerun with
`pip install gitpython && python benchmarks/gitpython_reader.py`.

Two repositories with 3,000 small files each, one SHA-1 and one SHA-256; every blob is read
once through our cat-file reader (plumbing/git.py) and once through GitPython's persistent
`cat-file --batch` reader (`Git.get_object_data`). docs/DESIGN.md quotes the result.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FILES = 3000
ENV = {**os.environ, "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.com",
       "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@example.com"}


def make(path: Path, object_format: str) -> None:
    """A repository of FILES small committed files."""
    subprocess.run(["git", "init", "-q", f"--object-format={object_format}", str(path)], check=True, env=ENV)
    for i in range(FILES):
        (path / f"f{i}.txt").write_text(f"file {i}\n" * (1 + i % 7))
    subprocess.run(["git", "add", "-A"], cwd=path, check=True, env=ENV)
    subprocess.run(["git", "commit", "-qm", "files"], cwd=path, check=True, env=ENV)


def main() -> None:
    """Print the read time of each reader on each repository (or GitPython's error)."""
    import git  # GitPython: not a dependency of the project, installed for this measurement

    from oafreeze.plumbing.git import Repo

    with tempfile.TemporaryDirectory() as tmp:
        for fmt in ("sha1", "sha256"):
            path = Path(tmp) / fmt
            make(path, fmt)
            with Repo(path) as ours:
                oids = [e.oid for e in ours.ls_tree("HEAD")]
                start = time.perf_counter()
                for oid in oids:
                    ours.read_blob(oid)
                t_ours = time.perf_counter() - start
            theirs = git.Repo(path, search_parent_directories=False)
            try:
                start = time.perf_counter()
                for oid in oids:
                    theirs.git.get_object_data(oid)
                print(f"{fmt}: {len(oids)} blobs: ours {t_ours * 1000:.0f} ms, "
                      f"GitPython {(time.perf_counter() - start) * 1000:.0f} ms")
            except ValueError as exc:
                print(f"{fmt}: {len(oids)} blobs: ours {t_ours * 1000:.0f} ms, GitPython refuses: {exc}")
            finally:
                theirs.close()


if __name__ == "__main__":
    main()
