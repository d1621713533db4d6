"""Tools for the reliability suite: real `oafreeze` subprocesses, killed, starved or raced.

Every fault here is real: a SIGKILL from the kernel, an RLIMIT_FSIZE the kernel enforces,
permissions enforced by dropping root's DAC override capabilities. Nothing in oafreeze is
switched into a test mode.
"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

PY = sys.executable
ROOT = Path(__file__).resolve().parents[2]

# Runs `oafreeze ARGS` with chosen os functions wrapped: the N-th call among them sends
# SIGKILL to the process itself, before the call happens. In "torn" mode an os.write that
# is the N-th call first writes half of its bytes (a write cut off by the crash). With
# N = 0 nothing is killed and the number of calls is printed as KILLPOINTS=<n> on stderr.
KILLER = r"""
import atexit, os, signal, sys
names = sys.argv[1].split(","); n = int(sys.argv[2]); mode = sys.argv[3]
count = [0]
def wrap(name, fn):
    def wrapper(*a, **k):
        count[0] += 1
        if count[0] == n:
            if name == "write" and mode == "torn" and len(a) > 1 and len(a[1]) > 1:
                fn(a[0], bytes(a[1])[: len(a[1]) // 2])
            os.kill(os.getpid(), signal.SIGKILL)
        return fn(*a, **k)
    return wrapper
for name in names:
    setattr(os, name, wrap(name, getattr(os, name)))
if n == 0:
    atexit.register(lambda: sys.stderr.write(f"KILLPOINTS={count[0]}\n"))
sys.argv = ["oafreeze"] + sys.argv[4:]
from oafreeze.cli import main
try:
    main()
finally:
    if n == 0:
        sys.stderr.flush()
"""

INJECTED = {"faults": 0}  # counted across the session; RELIABILITY.md quotes the total


def oaf(*args: str, cwd: Path | None = None, timeout: float = 120, preexec=None,
        env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `python -m oafreeze ARGS` in a subprocess; text output."""
    return subprocess.run([PY, "-m", "oafreeze", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=preexec, env=env, stdin=subprocess.DEVNULL)


def oaf_killed_at(names: str, n: int, *args: str, cwd: Path | None = None, mode: str = "clean",
                  timeout: float = 120) -> subprocess.CompletedProcess:
    """Run oafreeze, SIGKILLed at the n-th call of the os functions `names` (n=0: count them)."""
    if n:
        INJECTED["faults"] += 1
    return subprocess.run([PY, "-c", KILLER, names, str(n), mode, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def count_killpoints(names: str, *args: str, cwd: Path | None = None) -> int:
    """How many calls of `names` a clean run of `oafreeze ARGS` makes."""
    proc = oaf_killed_at(names, 0, *args, cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    line = [ln for ln in proc.stderr.splitlines() if ln.startswith("KILLPOINTS=")][-1]
    return int(line.split("=")[1])


def spread(total: int, k: int) -> list[int]:
    """Up to k kill points from 1..total: the first, the last few, and evenly between."""
    if total <= k:
        return list(range(1, total + 1))
    picks = {1, total, total - 1, total - 2}
    step = total / (k - len(picks) + 1)
    picks |= {max(1, min(total, round(step * i))) for i in range(1, k - len(picks) + 1)}
    return sorted(picks)[:k]


def killed_after(delay: float, *args: str, cwd: Path | None = None) -> subprocess.Popen:
    """Start oafreeze and SIGKILL it after `delay` seconds (if it is still running)."""
    INJECTED["faults"] += 1
    proc = subprocess.Popen([PY, "-m", "oafreeze", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    return proc


def random_delays(seed: int, k: int, hi: float) -> list[float]:
    """k kill delays from a seeded generator (reported in the test id, reproducible)."""
    rng = random.Random(seed)
    return sorted(rng.uniform(0.05, hi) for _ in range(k))


def fsize_limit(limit: int):
    """preexec_fn: the kernel refuses to let this process (and its children) grow a file past `limit`."""
    def apply():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def as_unprivileged() -> list[str]:
    """argv prefix that drops root's permission override (so chmod 000 really means unreadable)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"] if setpriv else []


def peak_rss_mb(argv: list[str], cwd: Path | None = None, timeout: float = 300) -> tuple[int, float, subprocess.CompletedProcess]:
    """Run argv in a fresh child and return (peak RSS of that child in MB, seconds, result).

    A helper process runs the child and reads RUSAGE_CHILDREN, so the figure is the
    child's own peak (and its git subprocesses'), not the test process's."""
    probe = (
        "import json, resource, subprocess, sys, time\n"
        "t = time.time()\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(json.dumps({'rss_kb': r.ru_maxrss, 'secs': time.time() - t, 'rc': p.returncode, "
        "'out': p.stdout[-4000:], 'err': p.stderr[-4000:]}))\n"
    )
    proc = subprocess.run([PY, "-c", probe, *argv], cwd=cwd, capture_output=True, text=True, timeout=timeout)
    data = json.loads(proc.stdout)
    result = subprocess.CompletedProcess(argv, data["rc"], data["out"], data["err"])
    return data["rss_kb"] // 1024, data["secs"], result


def litter(folder: Path, keep=lambda name: False) -> list[str]:
    """Hidden or temporary names directly in `folder` (what a killed writer could leave)."""
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir()
                  if (p.name.startswith(".") or p.name.endswith(".tmp")) and not keep(p.name))


def wait_all(procs: list[subprocess.Popen], timeout: float = 120) -> list[tuple[int, str, str]]:
    """Wait for every process; (returncode, stdout, stderr) each."""
    out = []
    deadline = time.time() + timeout
    for p in procs:
        o, e = p.communicate(timeout=max(1, deadline - time.time()))
        out.append((p.returncode, o.decode() if isinstance(o, bytes) else o, e.decode() if isinstance(e, bytes) else e))
    return out


def build_env(base: Path, *, n_tasks: int = 3, extra_files: int = 0, extra_size: int = 64) -> Path:
    """A real environment (git repo, tasks, the sample library pinned and materialized), committed.

    `extra_files` more files per task make the writes long enough for timed kills to land
    inside them."""
    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import Cli, commit_all  # noqa: E402 - the project's own test helpers
    from envtools import make_env  # noqa: E402

    cli = Cli()
    lib = base / "lib"
    code, _out, err = cli("sample-library", "--out", str(lib))
    assert code == 0, err
    env = make_env(base / "env", cli, lib, profile="sample", n_tasks=n_tasks)
    if extra_files:
        for tdir in sorted((env / "tasks").iterdir()):
            bulk = tdir / "documents" / "bulk"
            bulk.mkdir()
            for i in range(extra_files):
                (bulk / f"exhibit-{i:04d}.txt").write_bytes(os.urandom(extra_size // 2).hex().encode())
        commit_all(env, "bulk exhibits")
    return env


def copy_env(src: Path, dest: Path) -> Path:
    """A private copy of a built environment (the library stays shared, read-only)."""
    shutil.copytree(src, dest, symlinks=True)
    return dest


def git_status(env: Path) -> str:
    """`git status --porcelain` of the environment, untracked files included."""
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=env,
                          capture_output=True, text=True, check=True).stdout


# Runs `oafreeze ARGS` with os.open wrapped: the first time the file named TARGET is opened
# for reading, it is first deleted ("delete") or grown by a few bytes ("grow"): a file
# changing under the tool at the worst moment, between listing it and hashing it.
RACER = r"""
import os, sys
target, action = sys.argv[1], sys.argv[2]
real_open = os.open
done = [False]
def racing_open(path, flags, *a, **k):
    p = os.fsdecode(path) if not isinstance(path, int) else ""
    if not done[0] and p.endswith(target) and not (flags & (os.O_WRONLY | os.O_RDWR)):
        done[0] = True
        if action == "delete":
            os.unlink(p)
        else:
            with open(p, "ab") as fh:
                fh.write(b" changed while hashed")
    return real_open(path, flags, *a, **k)
os.open = racing_open
sys.argv = ["oafreeze"] + sys.argv[3:]
from oafreeze.cli import main
main()
"""


def oaf_racing(target: str, action: str, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run oafreeze while `target` is deleted or changed just as it is opened for hashing."""
    INJECTED["faults"] += 1
    return subprocess.run([PY, "-c", RACER, target, action, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


def no_traceback(proc: subprocess.CompletedProcess) -> bool:
    """True unless Python printed a traceback (a crash, not an error message)."""
    return "Traceback (most recent call last)" not in (proc.stderr or "")
