"""Open the knowledge-base library an environment names (a path, a bundle, or the built-in sample)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from oafreeze.plumbing.git import Repo

BUILTIN_SAMPLE = "builtin:sample"


def open_library(env_root: Path, source: str) -> Repo:
    """A Repo for `source` (relative to the environment); the sample library is built reproducibly."""
    if source == BUILTIN_SAMPLE:
        from oafreeze.corpus.sample import build_sample_repo

        tmp = tempfile.mkdtemp(prefix="oafreeze-sample-")
        try:
            build_sample_repo(Path(tmp) / "library")
            return Repo(Path(tmp) / "library", _owned_tmp=tmp)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    path = Path(source)
    if not path.is_absolute():
        path = env_root / path
    return Repo.open(path)
