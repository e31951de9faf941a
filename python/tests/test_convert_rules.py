"""kibitz.convert, kibitz.rules, kibitz.explain, kibitz.inputs."""

from __future__ import annotations

import subprocess

import pytest

import kibitz

from conftest import EXAMPLES, REPO
from test_read import BOARD

KEYS = ["board", "dealer", "vulnerable", "hands", "auction", "contract", "declarer", "play", "result"]


@pytest.mark.parametrize("to", ["lin", "rbn", "rbx", "pbn"])
def test_convert_roundtrip(tmp_path, to):
    src = tmp_path / "board7.pbn"
    src.write_text(BOARD)
    out = tmp_path / f"board7.{to}"
    (report,) = kibitz.convert(str(src), to, str(out))
    assert (report["records"], report["written"], report["error"]) == (1, 1, None)
    (a,) = list(kibitz.read(str(src)))
    (b,) = list(kibitz.read(str(out)))
    assert b["notation"] == ("rbn" if to == "rbx" else to)
    assert {k: b[k] for k in KEYS} == {k: a[k] for k in KEYS}


def test_convert_reports_without_raising(tmp_path):
    (r,) = kibitz.convert(str(tmp_path / "missing.pbn"), "lin", str(tmp_path / "o.lin"))
    assert r["error"] and r["written"] == 0
    (r,) = kibitz.convert(str(EXAMPLES / "club-night.ppn"), "lin", str(tmp_path / "o.lin"))
    assert "cannot be converted" in r["error"]
    with pytest.raises(ValueError):
        kibitz.convert(str(EXAMPLES), "txt", str(tmp_path))


def test_rules_equal_cli(cli):
    out = subprocess.run([str(cli), "rules"], capture_output=True, text=True, check=True).stdout
    ids = [line.split()[0] for line in out.splitlines()]
    assert [r["id"] for r in kibitz.rules()] == ids
    assert all(r["id"].startswith("bridge.play") for r in kibitz.rules("bridge.play"))
    assert kibitz.rules("no.such.prefix") == []


def test_explain():
    e = kibitz.explain("bridge.play.revoke")
    assert e["severity"] == "violation"
    assert e["legal"] and e["illegal"]
    with pytest.raises(ValueError, match="bridge.play.revoke"):
        kibitz.explain("bridge.play.revok")


def test_inputs_of_examples():
    found = kibitz.inputs(str(EXAMPLES))
    names = [p.split("/")[-1] for p in found["files"]]
    assert names == ["club-night.pbn", "club-night.ppn", "pinochle-sample.ppn"]
    # The Rust example programs (every `.rs` file there) are skipped.
    programs = sorted(p.name for p in EXAMPLES.iterdir() if p.suffix == ".rs")
    assert {"audit_bridge.rs", "decode_passes.rs", "preferans_games.rs"} <= set(programs)
    assert found["skipped"] == len(programs)
    assert found["errors"] == []
