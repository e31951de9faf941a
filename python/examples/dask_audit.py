"""Audit a folder of game archives as a Dask bag and gather the summary.

The files kibitz would read (``kibitz.inputs``) become a Dask bag, one
partition per group of files; each partition is audited by kibitz (the GIL is
released while Rust works, so Dask's threads run in parallel) and yields its
summary; the summaries are added up. The result equals the summary of
``kibitz audit -q --format json FOLDER``: files, records, findings per rule.

On this machine (Dask's local threaded scheduler)::

    python dask_audit.py ../../examples

On a cluster: start a scheduler and workers (``dask scheduler``, ``dask worker
tcp://HOST:8786`` on each machine, kibitz installed and the archives at the
same path on every worker, e.g. a shared file system), then run the same code
with the scheduler's address::

    python dask_audit.py --scheduler tcp://HOST:8786 /data/archives

which makes a ``distributed.Client(address)``: ``compute()`` then runs on the
cluster.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Iterable, Optional

import dask.bag as db

import kibitz


def empty_summary() -> dict[str, Any]:
    """A summary with nothing counted (the shape of ``kibitz.Audit.summary``)."""
    return {
        "files": 0,
        "unreadable": 0,
        "skipped": 0,
        "bytes": 0,
        "records": 0,
        "records_with_findings": 0,
        "records_with_violations": 0,
        "violations": 0,
        "warnings": 0,
        "notices": 0,
        "rules": {},
    }


def merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The sum of two summaries (counts added, rule by rule)."""
    out = {k: a[k] + b[k] for k in a if k != "rules"}
    rules = {rule: dict(count) for rule, count in a["rules"].items()}
    for rule, count in b["rules"].items():
        if rule in rules:
            rules[rule]["findings"] += count["findings"]
            rules[rule]["severity"] = count["severity"] or rules[rule]["severity"]
        else:
            rules[rule] = dict(count)
    out["rules"] = dict(sorted(rules.items()))
    return out


def audit_files(files: Iterable[str], jobs: int = 1) -> dict[str, Any]:
    """Audits one partition's files and returns its summary (findings are
    counted, not sent back: a cluster moves only the small summaries)."""
    files = list(files)
    if not files:
        return empty_summary()
    return kibitz.audit(files, {"jobs": jobs}).finish()


def merge_all(summaries: Iterable[dict[str, Any]]) -> dict[str, Any]:
    total = empty_summary()
    for s in summaries:
        total = merge(total, s)
    return total


def audit_folder(
    paths: str | list[str],
    files_per_partition: int = 32,
    jobs: int = 1,
    scheduler: Optional[str] = None,
) -> dict[str, Any]:
    """The summary of auditing ``paths`` as a Dask bag of files.

    ``scheduler``: None for Dask's default local scheduler (threads),
    ``"sync"`` for a single thread, or a ``distributed`` scheduler address
    (``tcp://host:8786``) to run on a cluster.
    """
    found = kibitz.inputs(paths)
    bag = db.from_sequence(found["files"], partition_size=files_per_partition)
    summary = bag.reduction(
        lambda files: audit_files(files, jobs), merge_all, split_every=8
    )
    if scheduler is not None and "://" in scheduler:
        from distributed import Client

        with Client(scheduler) as client:
            total = client.compute(summary).result()
    else:
        total = summary.compute(scheduler=scheduler)
    # What the walk found without auditing: non-game files, unreadable paths.
    total["skipped"] += found["skipped"]
    total["unreadable"] += len(found["errors"])
    return total


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("paths", nargs="+", help="folders, files or zip archives")
    p.add_argument("--scheduler", help="sync, threads, processes, or tcp://HOST:PORT")
    p.add_argument("--files-per-partition", type=int, default=32)
    p.add_argument("--jobs", type=int, default=1, help="kibitz threads per partition")
    a = p.parse_args()
    total = audit_folder(a.paths, a.files_per_partition, a.jobs, a.scheduler)
    print(json.dumps({"summary": total}, indent=1))


if __name__ == "__main__":
    main()
