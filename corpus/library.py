"""Open the knowledge-base library an environment names (a path, a bundle, or the built-in sample)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from oafreeze.plumbing.atomic import locked_temp_dir
from oafreeze.plumbing.git import Repo

BUILTIN_SAMPLE = "builtin:sample"


def open_library(env_root: Path, source: str) -> Repo:
    """A Repo for `source` (relative to the environment); the sample library is built reproducibly."""
    if source == BUILTIN_SAMPLE:
        from oafreeze.corpus.sample import build_sample_repo

        tmp, lock = locked_temp_dir(None, "oafreeze-sample-")
        try:
            build_sample_repo(tmp / "library")
            return Repo(tmp / "library", _owned_tmp=(tmp, lock), name=BUILTIN_SAMPLE)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            os.close(lock)
            raise
    path = Path(source)
    if not path.is_absolute():
        path = env_root / path
    return Repo.open(path)
