"""Auditing tasks on several processes, with the same results as on one.

A task's audit is pure Python on the task's own documents, so threads do not help and
processes do. The session is built, and the first task audited (which builds the knowledge
base's index), in the calling process; then worker processes are forked, so each starts
with the session's index, pin and git index already in memory and reads no more than its
own tasks. Results come back in the order of the tasks.

Only the calling process writes the audit cache: a worker reads it on a connection of its
own and hands back what it learned with its results. The caller's connection is closed
before the fork and opened again after it, so no process ever uses another's SQLite
connection.

Forking is used only on Linux, where it is the platform's own way to start a process;
elsewhere, and for a handful of tasks, the audit runs in the calling process.
"""

from __future__ import annotations

import multiprocessing
import os
import sys

# Below this many tasks, starting processes costs more than it saves.
PARALLEL_FROM = 8


def available() -> int:
    """How many processes an audit may use here: the CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def default_jobs() -> int:
    """How many processes an audit uses unless told: one per CPU, and one more when there are
    several. A worker reading a task folder the system has not cached waits on the disk; the
    extra process keeps the CPUs busy meanwhile (1,750 LAB tasks on 2 CPUs, caches dropped:
    62.3 s on 3 processes against 70.6 s on 2; with the audit cache warm, 6.9 s against 7.2 s)."""
    cpus = available()
    return cpus + 1 if cpus > 1 else 1


def can_fork() -> bool:
    """Whether worker processes can be forked here."""
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


# What a worker process audits with: set in the caller before the fork, read by the workers.
_SESSION = None
_WAIVERS: list = []
# The caller's cache as a worker inherited it: kept referenced, never closed, in the worker
# (closing a copy of another process's SQLite connection could touch that process's files).
_INHERITED: list = []


def _start() -> None:
    """In a new worker: a read-only connection to the cache of its own (its writes are collected)."""
    from oafreeze.hygiene.cache import AuditCache

    _INHERITED.append(_SESSION.cache)
    _SESSION.attach_cache(AuditCache(_SESSION.env_root, enabled=_SESSION.cache_wanted, collect=True))


def _audit_chunk(task_ids: list[str]) -> tuple[list, list, int]:
    """In a worker: audit these tasks; their results, the cache entries learned, and how many
    results came from the cache."""
    before = _SESSION.from_cache
    results = [_SESSION.audit(task_id, _WAIVERS) for task_id in task_ids]
    return results, _SESSION.cache.take_collected(), _SESSION.from_cache - before


def audit_in_workers(session, task_ids: list[str], waivers: list, jobs: int, done) -> None:
    """Audit `task_ids` on `jobs` forked processes; call `done(result)` for each, in order."""
    global _SESSION, _WAIVERS
    chunk = max(1, min(16, len(task_ids) // (jobs * 4)))
    chunks = [task_ids[i:i + chunk] for i in range(0, len(task_ids), chunk)]
    session.cache.close()
    _SESSION, _WAIVERS = session, waivers
    pool = None
    try:
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_start)
        session.reopen_cache()
        for results, learned, from_cache in pool.imap(_audit_chunk, chunks):
            for table, key, value in learned:
                session.cache.put(table, key, value)
            session.from_cache += from_cache
            for result in results:
                done(result)
        pool.close()
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
        _SESSION, _WAIVERS = None, []
        if not session.cache.enabled and session.cache_wanted:
            session.reopen_cache()
