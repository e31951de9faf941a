"""Shared fixtures: the repository, the CLI binary (built with cargo), the corpus."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `kibitz` binary of this checkout (`KIBITZ_BIN`, else built with
    `cargo build --release`)."""
    if os.environ.get("KIBITZ_BIN"):
        return Path(os.environ["KIBITZ_BIN"])
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--bin", "kibitz"],
        cwd=REPO,
        check=True,
    )
    return REPO / "target" / "release" / "kibitz"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """`$KIBITZ_CORPUS` or `../shared/corpus` beside the repository; skips
    when absent."""
    path = Path(os.environ.get("KIBITZ_CORPUS", REPO.parent / "shared" / "corpus"))
    if not path.is_dir():
        pytest.skip(f"corpus not found at {path} (set KIBITZ_CORPUS)")
    return path


def run_cli(cli: Path, *args: str) -> tuple[list[dict], dict]:
    """`kibitz audit --format json ARGS` from the repository root: the finding
    objects and the summary."""
    out = subprocess.run(
        [str(cli), "audit", "--format", "json", "--no-progress", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert out.returncode in (0, 1, 2), out.stderr
    lines = [json.loads(l) for l in out.stdout.splitlines() if l]
    assert "summary" in lines[-1]
    return lines[:-1], lines[-1]["summary"]


def as_cli(finding) -> dict:
    """A Python finding in the CLI's JSON shape (`column` for `col`)."""
    d = finding.to_dict()
    d["column"] = d.pop("col")
    return d
