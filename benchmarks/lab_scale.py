"""LAB-scale benchmark: oafreeze freeze/verify/precommit beside sha256sum, git and bagit.

    python benchmarks/lab_scale.py [--tasks 1750] [--seed 7] [--workdir DIR] [--repeat 3]
                                   [--cold-repeat N] [--out benchmarks/RESULTS.md]

Generates (deterministically, from --seed) an environment of LAB-style tasks, each with
2-55 documents (mean about 8: .docx and .xlsx as real zip files, .md, .eml, .pdf-like
binaries) and the real OpenAgreements knowledge base materialized into every task, commits
it, and times every command as a whole process on the same files, each repeated, as median
with min and max. The rows that read every byte from a dropped page cache (cold freeze,
full rehash, and their baselines: minutes each at full scale) can be repeated fewer
times with --cold-repeat; the table says how many runs each row had. All generated data lives under --workdir (default /tmp/oafreeze-bench-N),
never in the repository; an environment already generated there with the same tasks and
seed is reused.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BUNDLE = REPO.parent / "shared" / "corpora" / "openagreements.bundle"
BIN = Path(sys.executable).parent
OAFREEZE = str(BIN / "oafreeze") if (BIN / "oafreeze").exists() else "oafreeze"
HOOK = str(BIN / "oafreeze-precommit") if (BIN / "oafreeze-precommit").exists() else "oafreeze-precommit"
MOUNT = "documents/knowledge-base"
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.org",
    "GIT_COMMITTER_NAME": "Bench", "GIT_COMMITTER_EMAIL": "bench@example.org",
    "GIT_AUTHOR_DATE": "2026-09-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-09-01T00:00:00Z",
    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
}

# ------------------------------------------------------------------------------------------
# Generating the environment
# ------------------------------------------------------------------------------------------

WORDS = ("agreement party parties shall covenant indemnify warrant represent termination notice "
         "breach cure period consent assignment confidential information governing law venue "
         "jurisdiction arbitration damages liability cap exclusion schedule exhibit closing "
         "purchaser seller lender borrower guarantor collateral lien security interest default "
         "waiver amendment counterpart severability force majeure payment invoice net thirty days "
         "delaware california new york employee employer salary equity vesting cliff option "
         "the of and to in for by with under pursuant hereto thereof whereas provided that").split()
FAMILIES = ("covenant-package", "nda-review", "lease-abstract", "spa-markup", "employment-offer",
            "privacy-policy", "credit-agreement", "board-consent", "ip-assignment", "msa-redline")
KINDS = (("md", 30), ("docx", 25), ("pdf", 20), ("eml", 15), ("xlsx", 10))
ZIP_TIME = (2026, 8, 1, 12, 0, 0)


def _size(rng: random.Random, median: float, cap: int) -> int:
    return max(200, min(cap, int(rng.lognormvariate(0, 1.0) * median)))


def _text(rng: random.Random, n_bytes: int) -> str:
    words = rng.choices(WORDS, k=max(8, n_bytes // 7))
    lines = [" ".join(words[i:i + 14]) for i in range(0, len(words), 14)]
    return "\n".join(lines)[:n_bytes] + "\n"


def _zip(parts: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(zipfile.ZipInfo(name, ZIP_TIME), data, compress_type=zipfile.ZIP_DEFLATED)
    return buf.getvalue()


def _document(rng: random.Random, kind: str, title: str) -> bytes:
    ct = b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
    if kind == "md":
        return f"# {title}\n\n{_text(rng, _size(rng, 6_000, 200_000))}".encode()
    if kind == "eml":
        body = _text(rng, _size(rng, 5_000, 100_000))
        att = ""
        if rng.random() < 0.3:
            import base64
            att = ("\n--b1\nContent-Type: application/pdf\nContent-Transfer-Encoding: base64\n\n"
                   + base64.encodebytes(rng.randbytes(_size(rng, 30_000, 1_000_000))).decode())
        return (f"From: counsel@example.org\nTo: client@example.com\nSubject: {title}\n"
                f"Date: Mon, 3 Aug 2026 09:00:00 +0000\nMIME-Version: 1.0\n"
                f"Content-Type: multipart/mixed; boundary=b1\n\n--b1\nContent-Type: text/plain\n\n{body}"
                f"{att}\n--b1--\n").encode()
    if kind == "docx":
        text = _text(rng, _size(rng, 30_000, 400_000))
        xml = ('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' + "".join(f"<w:p><w:r><w:t>{ln}</w:t></w:r></w:p>"
                                               for ln in text.splitlines()) + "</w:body></w:document>")
        parts = {"[Content_Types].xml": ct, "word/document.xml": xml.encode()}
        if rng.random() < 0.25:
            parts["word/media/image1.png"] = rng.randbytes(_size(rng, 80_000, 2_000_000))
        return _zip(parts)
    if kind == "xlsx":
        rows = "".join(f'<row r="{r}">' + "".join(f'<c r="{chr(65 + c)}{r}"><v>{rng.randint(0, 10**7)}</v></c>'
                                                   for c in range(8)) + "</row>"
                       for r in range(1, _size(rng, 400, 6_000) // 8 + 2))
        return _zip({"[Content_Types].xml": ct, "xl/worksheets/sheet1.xml":
                     f"<worksheet><sheetData>{rows}</sheetData></worksheet>".encode()})
    # a PDF-like binary: a real header and trailer around incompressible bytes
    body = rng.randbytes(_size(rng, 150_000, 4_000_000))
    return b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n" + body + b"\n%%EOF\n"


def _task_json(tid: str, family: str, docs: list[str]) -> dict:
    return {
        "title": f"{family.replace('-', ' ').title()} ({tid})",
        "instructions": f"Review the documents in documents/ and draft the memo. Start with {docs[0]}.",
        "work_type": "draft",
        "deliverables": {"memo.md": "The memo to the client."},
        "criteria": [{"id": "c1", "title": "Cites the governing clause", "match_criteria":
                      "PASS if the memo quotes the governing clause. FAIL if it does not.",
                      "deliverables": ["memo.md"], "source": "expert"}],
        "language": "en", "jurisdiction": "US-NY", "judge_language": "en",
    }


def n_documents(rng: random.Random) -> int:
    """Documents in one task: 2 to 55, mean about 8 (a long tail, as in LAB)."""
    return min(55, 2 + int(rng.expovariate(1 / 6.0)))


def git(cwd: Path, *args: str, index: str | None = None) -> str:
    env = {**os.environ, **GIT_ENV}
    if index:
        env["GIT_INDEX_FILE"] = index
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def oaf(*args: str) -> str:
    proc = subprocess.run([OAFREEZE, *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"oafreeze {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return proc.stdout


def generate(work: Path, n_tasks: int, seed: int) -> Path:
    """The environment under work/env, committed and frozen once (reused when already there)."""
    env = work / "env"
    marker = work / "generated.json"
    want = {"tasks": n_tasks, "seed": seed, "version": 1}
    if marker.is_file() and json.loads(marker.read_text()) == want and (env / ".git").is_dir():
        print(f"reusing the environment in {env}", flush=True)
        return env
    for p in (env, work / "openagreements", work / "bag", marker):
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            p.unlink()
    t0 = time.perf_counter()
    lib = work / "openagreements"
    subprocess.run(["git", "clone", "-q", str(BUNDLE), str(lib)], check=True)
    env.mkdir(parents=True)
    git(env, "init", "-q", "-b", "main")
    (env / "snapshots").mkdir()
    oaf("snapshot", "--library", str(lib), "--commit", "main", "--out", str(env / "snapshots/kb.json"))
    commit = json.loads((env / "snapshots/kb.json").read_text())["commit"]
    (env / "oafreeze.yaml").write_text("\n".join([
        "schema: oafreeze.environment/1", "name: lab-scale-benchmark",
        "knowledge_base:", f"  source: {lib}", f"  commit: {commit}", "  profile: openagreements",
        "  snapshot: snapshots/kb.json",
        "harness: {repo: https://example.org/harness.git, commit: " + "a" * 40 + "}",
        "models:", "  - id: example/model-a", "    settings: {temperature: 0.2, max_tokens: 4096}",
        "judges:", "  - id: google/gemini-3.1-pro-preview", "    schema_version: '2'",
        "    field_order: [reasoning, verdict]", "    temperature: 0", ""]))
    (env / ".gitignore").write_text(".oafreeze-cache/\n")
    rng = random.Random(seed)
    n_docs = total_bytes = 0
    for i in range(n_tasks):
        family = FAMILIES[i % len(FAMILIES)]
        tid = f"{family}-{i:04d}"
        docs_dir = env / "tasks" / tid / "documents"
        docs_dir.mkdir(parents=True)
        names = []
        for j in range(n_documents(rng)):
            kind = rng.choices([k for k, _ in KINDS], weights=[w for _, w in KINDS])[0]
            sub = "correspondence/" if kind == "eml" else ("exhibits/" if kind == "pdf" else "")
            name = f"{sub}{family}-{kind}-{j:02d}.{kind}"
            data = _document(rng, kind, f"{family} document {j}")
            (docs_dir / name).parent.mkdir(parents=True, exist_ok=True)
            (docs_dir / name).write_bytes(data)
            names.append(f"documents/{name}")
            n_docs += 1
            total_bytes += len(data)
        (env / "tasks" / tid / "task.json").write_text(json.dumps(_task_json(tid, family, names), indent=2) + "\n")
    print(f"generated {n_tasks} tasks, {n_docs} documents, {total_bytes / 1e6:.0f} MB "
          f"({time.perf_counter() - t0:.0f} s)", flush=True)
    oaf("materialize", "--env", str(env))
    print(f"materialized the knowledge base ({time.perf_counter() - t0:.0f} s)", flush=True)
    git(env, "add", "-A")
    git(env, "commit", "-q", "--no-verify", "-m", "LAB-scale environment")
    oaf("freeze", "--env", str(env), "--id", "base", "--json")
    git(env, "add", "manifests/base.json")
    git(env, "commit", "-q", "--no-verify", "-m", "freeze base")
    print(f"committed and froze ({time.perf_counter() - t0:.0f} s)", flush=True)
    marker.write_text(json.dumps(want))
    return env


# ------------------------------------------------------------------------------------------
# Timing
# ------------------------------------------------------------------------------------------

@dataclass
class Sample:
    wall: float
    rss_mb: float
    code: int


@dataclass
class Row:
    group: str
    name: str
    command: str
    samples: list[Sample] = field(default_factory=list)
    baseline: str | None = None  # name of the row this one is compared with
    note: str = ""

    @property
    def walls(self) -> list[float]:
        return [s.wall for s in self.samples]

    @property
    def median(self) -> float:
        return statistics.median(self.walls) if self.samples else float("nan")


def drop_caches() -> str:
    """Drop the page cache, dentries and inodes if allowed; say what was done."""
    os.sync()
    try:
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return "dropped (sync; echo 3 > /proc/sys/vm/drop_caches)"
    except OSError as exc:
        return f"not dropped ({exc.strerror}); cold = first run after other work"


def timed(argv: list[str] | str, cwd: Path, env: dict | None = None) -> Sample:
    """Run a command as a whole process; its wall time and peak RSS."""
    # /usr/bin/time reports the peak RSS of the command alone; a child forked from this
    # Python process would count the parent's pages until it execs.
    argv = ["sh", "-c", argv] if isinstance(argv, str) else argv
    with tempfile.TemporaryFile() as err, tempfile.NamedTemporaryFile("r") as rss:
        t0 = time.perf_counter()
        proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss.name, *argv], cwd=cwd,
                                env={**os.environ, **(env or {})},
                                stdout=subprocess.DEVNULL, stderr=err, stdin=subprocess.DEVNULL)
        proc.wait()
        wall = time.perf_counter() - t0
        if proc.returncode not in (0, 1):
            err.seek(0)
            raise SystemExit(f"{argv!r} exited {proc.returncode}:\n{err.read().decode(errors='replace')[-3000:]}")
        peak_kb = int(rss.read().split()[-1])
    return Sample(wall, peak_kb / 1024, proc.returncode)


def py(code: str) -> list[str]:
    return [sys.executable, "-c", code]


# ------------------------------------------------------------------------------------------
# The measurements
# ------------------------------------------------------------------------------------------

GROUPS = frozenset({"freeze", "verify", "rehash", "precommit", "audit"})


def measure(env: Path, work: Path, repeat: int, cold_repeat: int, only: set[str] = GROUPS) -> tuple[list[Row], dict]:
    rows: list[Row] = []
    info: dict = {}
    scratch = work / "scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()
    files = subprocess.run(["find", "tasks", "-type", "f"], cwd=env, capture_output=True, text=True).stdout.split()
    info["files"] = len(files)
    info["bytes"] = int(subprocess.run(["du", "-sb", "tasks"], cwd=env, capture_output=True,
                                       text=True).stdout.split()[0])
    info["distinct_blobs"] = len(set(git(env, "ls-tree", "-r", "--object-only", "HEAD", "tasks").split()))
    manifest = env / "manifests" / "bench.json"
    bag = work / "bag"
    sums = scratch / "sums"

    def row(group, name, command, baseline=None, note=""):
        r = Row(group, name, command if isinstance(command, str) else " ".join(command), baseline=baseline,
                note=note)
        rows.append(r)
        return r

    if "freeze" in only:
        # -- cold: freeze and its baselines ------------------------------------------------------
        freeze = row("freeze (cold)", "oafreeze freeze", f"{OAFREEZE} freeze --env ENV --id bench --json",
                     baseline="sha256sum")
        sha = row("freeze (cold)", "sha256sum", "find tasks -type f -print0 | xargs -0 -P2 -n 2000 sha256sum")
        gadd = row("freeze (cold)", "git add -A && git write-tree",
                   "GIT_INDEX_FILE=<fresh> git add -A && git write-tree", note="fresh index: every file hashed")
        bagc = row("freeze (cold)", "bagit make_bag", "bagit.make_bag(copy, processes=2, checksums=['sha256'])",
                   note="on a hard-linked copy")
        info["cold"] = drop_caches()
        index = scratch / "index.bench"
        for rep in range(cold_repeat):
            manifest.unlink(missing_ok=True)
            drop_caches()
            freeze.samples.append(timed([OAFREEZE, "freeze", "--env", str(env), "--id", "bench", "--json"], env))
            if rep < cold_repeat - 1:
                manifest.unlink()
            shutil.rmtree(sums, ignore_errors=True)
            sums.mkdir()
            drop_caches()
            sha.samples.append(timed(
                f"find tasks -type f -print0 | xargs -0 -P2 -n 2000 sh -c "
                f"'exec sha256sum -- \"$@\" > \"$(mktemp -p {sums})\"' sh", env))
            index.unlink(missing_ok=True)
            drop_caches()
            gadd.samples.append(timed("git add -A && git write-tree", env, {**GIT_ENV, "GIT_INDEX_FILE": str(index)}))
            print(f"cold rep {rep + 1}/{cold_repeat}: freeze {freeze.samples[-1].wall:.1f}s, sha256sum "
                  f"{sha.samples[-1].wall:.1f}s, git add {gadd.samples[-1].wall:.1f}s", flush=True)
        # bagit works on a hard-linked copy, and linking changes every file's ctime: git (and
        # oafreeze's stat cache) then rightly rehash everything once. So the bags come after
        # every freeze run, or a later freeze would be timed refreshing git's index.
        for rep in range(cold_repeat):
            shutil.rmtree(bag, ignore_errors=True)
            subprocess.run(["cp", "-al", str(env / "tasks"), str(bag)], check=True)
            drop_caches()
            bagc.samples.append(timed(py(f"import bagit; bagit.make_bag({str(bag)!r}, processes=2, "
                                         "checksums=['sha256'])"), work))
            print(f"cold rep {rep + 1}/{cold_repeat}: bagit {bagc.samples[-1].wall:.1f}s", flush=True)
        gadd.baseline = bagc.baseline = None

        # sha256sum -c list in two halves, one per core
        listing = sorted(line for p in sums.iterdir() for line in p.read_text().splitlines())
        half = (len(listing) + 1) // 2
        (scratch / "check-1").write_text("\n".join(listing[:half]) + "\n")
        (scratch / "check-2").write_text("\n".join(listing[half:]) + "\n")

    else:  # later rows need a manifest of the committed tree
        manifest.unlink(missing_ok=True)
        timed([OAFREEZE, "freeze", "--env", str(env), "--id", "bench", "--json"], env)

    victim = env / next(f for f in files if "/documents/" in f and "knowledge-base" not in f)
    original = victim.read_bytes()

    # -- verify ----------------------------------------------------------------------------
    if "verify" in only:
        verify = [OAFREEZE, "verify", "--env", str(env), str(manifest), "--json"]
        shutil.rmtree(env / ".oafreeze-cache", ignore_errors=True)
        timed(verify, env)  # builds the stat cache
        time.sleep(2.5)  # past the racy window, as any later verify would be
        timed(verify, env)  # a second pass trusts and re-saves the entries
        # Hard-linking the bag copy changed every file's ctime: let git refresh its index too,
        # or the first `git status` rehashes everything and flatters the comparison.
        timed(["git", "status", "--porcelain"], env)
        warm = row("verify", "oafreeze verify (warm)", "oafreeze verify --env ENV MANIFEST", baseline="git status")
        status = row("verify", "git status", "git status --porcelain")
        for _ in range(repeat):
            warm.samples.append(timed(verify, env))
            status.samples.append(timed(["git", "status", "--porcelain"], env))
        assert all(s.code == 0 for s in warm.samples), "warm verify found drift in an unchanged environment"

        changed = row("verify", "oafreeze verify (one file changed)", "edit one file; oafreeze verify",
                      baseline="git status")
        status_changed = row("verify", "git status (one file changed)", "git status --porcelain")
        for rep in range(repeat):
            victim.write_bytes(original + f"edit {rep}\n".encode())
            changed.samples.append(timed(verify, env))
            status_changed.samples.append(timed(["git", "status", "--porcelain"], env))
            assert changed.samples[-1].code == 1, "verify missed a changed file"
        victim.write_bytes(original)
        timed(verify, env)

    if "freeze" in only and "rehash" in only:
        full = row("verify", "oafreeze verify --no-cache", "oafreeze verify --no-cache (the gate's full rehash)",
                   baseline="sha256sum -c")
        shac = row("verify", "sha256sum -c", "sha256sum -c (list split in two, -P2)")
        bagv = row("verify", "bagit validate", "bagit.Bag(bag).validate(processes=2)")
        for _ in range(cold_repeat):
            full.samples.append(timed(verify[:-1] + ["--no-cache", "--json"], env))
            shac.samples.append(timed(f"printf '%s\\n' {scratch}/check-1 {scratch}/check-2 | "
                                      "xargs -P2 -n1 sha256sum --quiet -c", env))
            bagv.samples.append(timed(py(f"import bagit; bagit.Bag({str(bag)!r}).validate(processes=2)"), work))
    print("verify: " + ", ".join(f"{r.name} {r.median:.2f}s" for r in rows if r.group == "verify"), flush=True)

    # -- pre-commit with one staged file ---------------------------------------------------
    # The installed git hook and the pre-commit framework run `oafreeze-precommit` (the
    # lean entry point); `oafreeze precommit` is the same check through the CLI. Both read
    # the current freeze from a summary cached per manifest blob: the first commit after
    # a new freeze builds it, so that case is its own row. git's read of the index is most
    # of the time: measured first with git's default settings, then after
    # `oafreeze install-hook`, which turns on git's threaded index read.
    if "precommit" in only:
        rel = victim.relative_to(env).as_posix()
        summaries = Path(git(env, "rev-parse", "--absolute-git-dir")) / "oafreeze" / "manifest-summaries"
        for key in ("index.threads", "index.recordOffsetTable", "index.recordEndOfIndexEntries"):
            subprocess.run(["git", "config", "--local", "--unset", key], cwd=env, capture_output=True)
        hook = [HOOK, "--env", str(env), "--json"]

        def precommit_rows(label: str, rows_: list[tuple[Row, list[str] | None]]) -> None:
            for rep in range(repeat):
                victim.write_bytes(original + f"staged {label} {rep}\n".encode())
                git(env, "add", "--", rel)  # writes the index (with the offset table once configured)
                if rep == 0:
                    timed(hook, env)  # untimed: builds the summary, warms the index
                for r, argv in rows_:
                    if argv is None:  # the first commit after a new freeze: no summary yet
                        shutil.rmtree(summaries, ignore_errors=True)
                        argv = hook
                    r.samples.append(timed(argv, env))
                    if r.baseline:
                        assert r.samples[-1].code == 1, f"{r.name}: a frozen task changed without a new freeze"
                git(env, "reset", "-q", "--", rel)

        diff = ["git", "diff", "--cached", "--name-status"]
        plain = row("pre-commit", "oafreeze-precommit, git defaults", "oafreeze-precommit --json (index read by one "
                    "thread)", baseline="git diff --cached, git defaults")
        plain_git = row("pre-commit", "git diff --cached, git defaults", "git diff --cached --name-status")
        precommit_rows("defaults", [(plain, hook), (plain_git, diff)])
        tuned = subprocess.run([OAFREEZE, "install-hook", "--env", str(env), "--json"], capture_output=True, text=True)
        assert tuned.returncode == 0, tuned.stderr
        info["git_config"] = json.loads(tuned.stdout)["git_config"]
        pre = row("pre-commit", "oafreeze-precommit (one staged file)",
                  "edit + git add one task file; oafreeze-precommit --json (what the git hook runs)",
                  baseline="git diff --cached --name-status")
        pre_cli = row("pre-commit", "oafreeze precommit, CLI (one staged file)", "oafreeze precommit --json",
                      baseline="git diff --cached --name-status")
        pre_first = row("pre-commit", "oafreeze-precommit, first commit after a freeze",
                        "as above, with the manifest summary cache removed first",
                        baseline="git diff --cached --name-status")
        staged_status = row("pre-commit", "git diff --cached --name-status", "git diff --cached --name-status")
        precommit_rows("tuned", [(pre, hook), (pre_cli, [OAFREEZE, "precommit", "--env", str(env), "--json"]),
                                 (pre_first, None), (staged_status, diff)])
        for key in info["git_config"]:
            subprocess.run(["git", "config", "--local", "--unset", key], cwd=env, capture_output=True)
        (Path(git(env, "rev-parse", "--absolute-git-dir")) / "hooks" / "pre-commit").unlink(missing_ok=True)
        victim.write_bytes(original)

    # -- audit: every task (each read whole, the knowledge base included) ------------------
    # The first audit reads and analyses every file; its cache (content by blob id, folders by
    # stat data, results by tree id) then lets a second audit skip what did not change. The
    # 100-task row is the size of one practice area's worth of work on a branch.
    if "audit" in only:
        tasks = sorted(p.name for p in (env / "tasks").iterdir() if p.is_dir())
        n_tasks = len(tasks)
        audit_cmd = [OAFREEZE, "audit", "--env", str(env), "--no-record", "--json"]
        first = row("audit", f"oafreeze audit, first ({n_tasks} tasks, empty cache)",
                    f"oafreeze audit --env ENV --no-record --json (cache removed first; {os.cpu_count()} CPUs)")
        single = row("audit", f"oafreeze audit --jobs 1, first ({n_tasks} tasks, empty cache)",
                     "oafreeze audit --env ENV --no-record --json --jobs 1 (cache removed first; one process)")
        again = row("audit", f"oafreeze audit, again ({n_tasks} tasks, nothing changed)",
                    "oafreeze audit --env ENV --no-record --json")
        edited = row("audit", f"oafreeze audit, one task edited ({n_tasks} tasks)",
                     "edit one task file; oafreeze audit --env ENV --no-record --json")
        hundred = row("audit", "oafreeze audit, first (100 tasks, empty cache)",
                      "oafreeze audit --env ENV --no-record --json ID1 ... ID100 (cache removed first)")
        for _ in range(max(1, cold_repeat - 1)):
            shutil.rmtree(env / ".oafreeze-cache", ignore_errors=True)
            first.samples.append(timed(audit_cmd, env))
        print(f"audit: first {first.median:.1f}s", flush=True)
        shutil.rmtree(env / ".oafreeze-cache", ignore_errors=True)
        single.samples.append(timed(audit_cmd + ["--jobs", "1"], env))
        print(f"audit: first on one process {single.median:.1f}s", flush=True)
        time.sleep(2.5)  # past the racy window, as any later audit would be
        for rep in range(repeat):
            again.samples.append(timed(audit_cmd, env))
            victim.write_bytes(original + f"audited {rep}\n".encode())
            time.sleep(2.5)
            edited.samples.append(timed(audit_cmd, env))
            victim.write_bytes(original)
            time.sleep(2.5)
        for _ in range(max(1, cold_repeat - 1)):
            shutil.rmtree(env / ".oafreeze-cache", ignore_errors=True)
            hundred.samples.append(timed(audit_cmd + tasks[:100], env))
        info["audit_tasks_per_s"] = n_tasks / first.median
    shutil.rmtree(env / "audit", ignore_errors=True)
    manifest.unlink(missing_ok=True)
    return rows, info


# ------------------------------------------------------------------------------------------
# The report
# ------------------------------------------------------------------------------------------

def machine() -> list[str]:
    cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")), platform.processor())
    mem = next(ln.split()[1] for ln in Path("/proc/meminfo").read_text().splitlines() if ln.startswith("MemTotal"))
    flags = Path("/proc/cpuinfo").read_text()
    df = subprocess.run(["df", "-hT", "/tmp"], capture_output=True, text=True).stdout.splitlines()[-1].split()
    version = lambda *cmd: subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]  # noqa: E731
    import bagit
    return [
        f"- CPU: {os.cpu_count()} cores (nproc), {cpu}, SHA extensions: {'yes' if ' sha_ni' in flags else 'no'}",
        f"- memory: {int(mem) / 1024 / 1024:.1f} GiB",
        f"- disk: {df[0]} ({df[1]}), {df[2]} total, {df[4]} free at the time of the run",
        f"- {platform.system()} {platform.release()}; Python {platform.python_version()}; "
        f"{version('git', '--version')}; {version('sha256sum', '--version')}; bagit {bagit.VERSION}",
    ]


def fmt(row: Row) -> str:
    w = row.walls
    return f"{row.median:.3f} ({min(w):.3f}–{max(w):.3f})"


def report(rows: list[Row], info: dict, args, env: Path, elapsed: float) -> str:
    by_name = {r.name: r for r in rows}
    lines = [
        "# LAB-scale benchmark results", "",
        f"Run {dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()}, "
        f"{elapsed / 60:.0f} minutes in all.", "",
        "## Machine", "", *machine(), "",
        "## Reproduce", "",
        "```",
        f"python benchmarks/lab_scale.py --tasks {args.tasks} --seed {args.seed} --repeat {args.repeat} "
        f"--cold-repeat {args.cold_repeat} --only {' '.join(args.only)} --out {args.out}",
        "```", "",
        "## The environment", "",
        f"- {args.tasks} tasks (seed {args.seed}), {info['files']:,} files, {info['bytes'] / 1e9:.2f} GB under "
        f"`tasks/`; {info['distinct_blobs']:,} distinct contents (the OpenAgreements knowledge base, "
        "1,057 files, is materialized in every task)",
        f"- cold runs: page cache {info.get('cold', 'not dropped (no cold rows in this run)')} before every cold run",
        "- times are whole processes (wall seconds): median (min–max) of n runs (n: its own column); "
        "peak RSS (/usr/bin/time %M: the largest single process), largest of its runs", "",
        "## Results", "",
        "| group | command | wall s, median (min–max) | n | peak RSS MB | ratio | compared with |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        base = by_name.get(r.baseline) if r.baseline else None
        ratio = f"{r.median / base.median:.3f}" if base else ""
        rss = max(s.rss_mb for s in r.samples)
        lines.append(f"| {r.group} | {r.name} | {fmt(r)} | {len(r.samples)} | {rss:.0f} | {ratio} | "
                     f"{r.baseline or ''} |")
    lines += ["", "Commands, exactly:", ""]
    lines += [f"- **{r.name}**: `{r.command}`" + (f" ({r.note})" if r.note else "") for r in rows]
    if info.get("git_config"):
        lines += ["", "Pre-commit rows without \"git defaults\" ran after `oafreeze install-hook` set "
                  + ", ".join(f"`{k}={v}`" for k, v in info["git_config"].items())
                  + " in the environment (git's threaded index read); the rows marked \"git defaults\" ran "
                  "before, on the same files."]
    if "audit_tasks_per_s" in info:
        lines += ["", f"Audit throughput: {info['audit_tasks_per_s']:.1f} tasks/second."]
    elif "audit" in info:
        lines += ["", f"Audit: {info['audit']}."]
    lines += ["", "## Targets", ""]
    m = {name: r.median for name, r in by_name.items()}
    checks = [  # (target, rows it needs, met, measured)
        ("cold freeze no slower than sha256sum", ("oafreeze freeze", "sha256sum"),
         lambda: m["oafreeze freeze"] <= m["sha256sum"], lambda: f"{m['oafreeze freeze'] / m['sha256sum']:.3f}×"),
        ("warm verify ≤ 1/10 of cold freeze", ("oafreeze verify (warm)", "oafreeze freeze"),
         lambda: m["oafreeze verify (warm)"] <= m["oafreeze freeze"] / 10,
         lambda: f"{m['oafreeze verify (warm)'] / m['oafreeze freeze']:.3f}×"),
        ("warm verify within 3× of git status", ("oafreeze verify (warm)", "git status"),
         lambda: m["oafreeze verify (warm)"] <= 3 * m["git status"],
         lambda: f"{m['oafreeze verify (warm)'] / m['git status']:.2f}×"),
        ("precommit with one staged file < 0.5 s", ("oafreeze-precommit (one staged file)",),
         lambda: m["oafreeze-precommit (one staged file)"] < 0.5,
         lambda: f"{m['oafreeze-precommit (one staged file)']:.3f} s"),
    ]
    first = next((r for r in rows if r.name.startswith("oafreeze audit, first (") and "100 tasks" not in r.name), None)
    again = next((r for r in rows if r.name.startswith("oafreeze audit, again")), None)
    if first and again:
        n = int(first.name.split("(")[1].split()[0])
        checks += [("full audit ≥ 50 tasks/s", (first.name,), lambda: n / first.median >= 50,
                    lambda: f"{n / first.median:.1f} tasks/s"),
                   ("second audit of unchanged trees ≥ 5× faster", (first.name, again.name),
                    lambda: first.median >= 5 * again.median, lambda: f"{first.median / again.median:.1f}×")]
    lines += ["| target | measured | met |", "| --- | --- | --- |"]
    lines += [f"| {name} | {value()} | {'yes' if ok() else 'no'} |" for name, needs, ok, value in checks
              if all(x in m for x in needs)]
    peaks = [(label, name) for label, name in (("freeze", "oafreeze freeze"), ("verify --no-cache",
             "oafreeze verify --no-cache"), ("audit", first.name if first else "")) if name in by_name]
    if peaks:
        lines += ["", "Peak RSS: " + ", ".join(f"{label} {max(x.rss_mb for x in by_name[name].samples):.0f} MB"
                                               for label, name in peaks)
                  + " (files are streamed in 1 MiB chunks, so none grows with file size).", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tasks", type=int, default=1750)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workdir", type=Path, default=None)
    ap.add_argument("--repeat", type=int, default=3, help="Runs of each warm row.")
    ap.add_argument("--cold-repeat", type=int, default=None,
                    help="Runs of each cold or full-rehash row (default: --repeat).")
    ap.add_argument("--out", type=Path, default=REPO / "benchmarks" / "RESULTS.md")
    ap.add_argument("--generate-only", action="store_true", help="Build the environment and stop.")
    ap.add_argument("--only", nargs="+", choices=sorted(GROUPS), default=sorted(GROUPS),
                    help="Groups of rows to run (rehash needs freeze: its baselines reuse freeze's lists).")
    args = ap.parse_args(argv)
    work = (args.workdir or Path(tempfile.gettempdir()) / f"oafreeze-bench-{args.tasks}").resolve()
    if REPO in work.parents or work == REPO:
        ap.error("--workdir must be outside the repository")
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    env = generate(work, args.tasks, args.seed)
    if args.generate_only:
        return 0
    args.cold_repeat = args.cold_repeat or args.repeat
    rows, info = measure(env, work, args.repeat, args.cold_repeat, set(args.only))
    text = report(rows, info, args, env, time.perf_counter() - t0)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
