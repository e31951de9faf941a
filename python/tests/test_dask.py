"""The Dask example's summary equals `kibitz audit -q` on the same files."""

from __future__ import annotations

import sys
import zipfile

import pytest

pytest.importorskip("dask.bag")

from conftest import EXAMPLES, REPO, run_cli

sys.path.insert(0, str(REPO / "python" / "examples"))
import dask_audit  # noqa: E402


@pytest.mark.parametrize("scheduler", ["sync", "threads"])
def test_examples(cli, scheduler):
    _, want = run_cli(cli, "-q", str(EXAMPLES))
    got = dask_audit.audit_folder(str(EXAMPLES), files_per_partition=1, scheduler=scheduler)
    assert got["rules"] == want["rules"]
    assert (got["records"], got["files"], got["skipped"]) == (want["records"], want["files"], want["skipped"])
    assert got == want


def test_zip_and_skipped_files(cli, tmp_path):
    """Zip members and non-game files are counted as the CLI counts them."""
    with zipfile.ZipFile(tmp_path / "games.zip", "w") as z:
        z.write(EXAMPLES / "club-night.pbn", "a/club-night.pbn")
        z.writestr("notes.txt", "not a game")
    (tmp_path / "readme.txt").write_text("not a game")
    (tmp_path / "x.ppn").write_bytes((EXAMPLES / "club-night.ppn").read_bytes())
    _, want = run_cli(cli, "-q", str(tmp_path))
    got = dask_audit.audit_folder(str(tmp_path), files_per_partition=1, scheduler="sync")
    assert got == want
    assert want["skipped"] == 2


def test_corpus(cli, corpus):
    _, want = run_cli(cli, "-q", str(corpus))
    got = dask_audit.audit_folder(str(corpus), files_per_partition=64)
    assert got == want
