"""kibitz.audit from Python against the CLI's JSON output."""

from __future__ import annotations

import gzip
import os
import threading

import pytest

import kibitz

from conftest import EXAMPLES, REPO, as_cli, run_cli


def audit_in_repo(paths, options=None):
    """Audits with paths relative to the repository root, as the CLI is run."""
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        a = kibitz.audit(paths, options)
        findings = [as_cli(f) for f in a]
        return findings, a.summary, a.errors
    finally:
        os.chdir(cwd)


def test_examples_equal_cli(cli):
    want, want_summary = run_cli(cli, "examples/")
    got, summary, errors = audit_in_repo("examples/")
    assert got == want
    assert summary == want_summary
    assert errors == []
    # The sample archive's planted faults (README): two in the bridge file, one
    # in the preferans game, one in the pinochle sample.
    assert summary["violations"] == 4


def test_corpus_equal_cli(cli, corpus):
    want, want_summary = run_cli(cli, str(corpus))
    a = kibitz.audit(str(corpus))
    got = [as_cli(f) for f in a]
    assert len(got) == len(want)
    assert got == want
    assert a.summary == want_summary


def test_rule_options_equal_cli(cli):
    want, want_summary = run_cli(
        cli, "--preferans-option", "must_head", "--preferans-option", "sub_mort_kontra=off", "examples/"
    )
    got, summary, _ = audit_in_repo(
        ["examples/"], {"preferans": {"must_head": True, "sub_mort_kontra": False}}
    )
    assert (got, summary) == (want, want_summary)
    got, summary, _ = audit_in_repo(["examples/"], {"preferans": ["must_head", "sub_mort_kontra=off"], "jobs": 1})
    assert (got, summary) == (want, want_summary)


def test_unreadable_path_counts_as_cli(cli, tmp_path):
    missing = str(tmp_path / "missing.pbn")
    want, want_summary = run_cli(cli, missing, "examples/club-night.pbn")
    got, summary, errors = audit_in_repo([missing, "examples/club-night.pbn"])
    assert (got, summary) == (want, want_summary)
    assert summary["unreadable"] == 1
    assert [e[0] for e in errors] == [missing]


def test_bad_input_gives_findings_not_exceptions(tmp_path):
    junk = tmp_path / "junk.pbn"
    junk.write_bytes(b"\x00\x01 not a game \xff\n")
    a = kibitz.audit(junk)  # os.PathLike
    rules = [f.rule for f in a]
    assert rules == ["audit.notation.unknown"]
    assert a.summary["violations"] == 1
    b = kibitz.audit_bytes(b"[Dealer \"Q\"]\n", "x.pbn")
    f = next(b)
    assert (f.file, f.record, f.line, f.rule, f.severity) == ("x.pbn", 1, 1, "pbn.tag.value", "violation")
    # A corrupt gzip stream: unreadable, no exception.
    c = kibitz.audit_bytes(b"\x1f\x8b\x08\x00broken", "x.pbn.gz")
    list(c)
    assert c.summary["unreadable"] == 1 and len(c.errors) == 1


def test_audit_bytes_equals_audit_of_file():
    path = EXAMPLES / "club-night.pbn"
    data = path.read_bytes()
    from_file = [f.to_dict() for f in kibitz.audit(str(path))]
    for blob in (data, bytearray(data), gzip.compress(data)):
        a = kibitz.audit_bytes(blob, str(path))
        assert [f.to_dict() for f in a] == from_file
        assert a.summary["records"] == 3


def test_finish_skips_findings_keeps_counts(cli):
    _, want_summary = run_cli(cli, "-q", "examples/")
    a = kibitz.audit(str(REPO / "examples"))
    first = next(a)
    assert first.rule == "bridge.score.points"
    assert a.summary is None
    assert a.finish() == want_summary
    assert list(a) == []


def test_wrong_arguments_raise():
    with pytest.raises(TypeError):
        kibitz.audit(3)
    with pytest.raises(TypeError):
        kibitz.audit(["examples/", 3])
    with pytest.raises(TypeError):
        kibitz.audit_bytes("text is not bytes", "x.pbn")
    with pytest.raises(TypeError):
        kibitz.audit("examples/", options=["jobs"])
    with pytest.raises(ValueError):
        kibitz.audit("examples/", options={"preferans": ["no_such_option"]})
    with pytest.raises(ValueError):
        kibitz.audit("examples/", options={"colour": "red"})


def test_gil_released_while_rust_works(corpus):
    """Another Python thread runs while one waits on an audit of the corpus."""
    ticks = 0
    done = threading.Event()

    def spin():
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    t = threading.Thread(target=spin)
    t.start()
    try:
        summary = kibitz.audit(str(corpus)).finish()
    finally:
        done.set()
        t.join()
    assert summary["records"] > 20000
    assert ticks > 10000
